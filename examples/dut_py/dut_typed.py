"""dut_typed.py: the Python example DUT's legacy typed family (issue 28),
GATHER4_TYPED (0x4B), SCATTER4_TYPED (0x4C) and TYPED_ATOMIC (0x73), written
from Intel's pages and docs/state.md "Typed surfaces", independently of the
oracle and of examples/dut_c/dut_typed.c.

A typed surface is a view of a declared surface (the input's "typed" list):
pixel (x, y, z) at ((z * height + y) * width + x) * bpp, channel c at +4c,
bpp = 4 x the format's channels (R32: 1, R32G32: 2, R32G32B32A32: 4).
U, V, R mean, by dimension (TYPED_ATOMIC's Notes table):
  1d: x = U;  1d_array: x = U, layer = V;  2d: x = U, y = V;
  2d_array: x = U, y = V, layer = R;  3d: x = U, y = V, z = R.
A lane is out of bounds when its LOD is not 0 (one mip level), or x, y or
z / layer is past its size (no clamp). Out of bounds: a read returns 0 in R, G,
B and the format's 1 in A (1 or 1.0f), a write or an atomic changes nothing
(the atomic returns 0). A channel the format lacks reads as out of bounds and
its writes are dropped. V, R, LOD may be %null (0 per lane); all four are UD or D (D375: D as IGC declares them).
Only the vISA >= 3.2 byte layout is read; SIMD8, SIMD16 from XeHP_SDV on
(atomics from PVC on).
"""

DIMS = ("1d", "1d_array", "2d", "2d_array", "3d")
CHANNELS = {"r32": 1, "r32g32": 2, "r32g32b32a32": 4}
G_XEHP_SDV, G_PVC = 5, 8
A_PREDEC = 13  # the one atomic op that returns the new value (the pages' table)


class View:
    """one entry of the input's "typed" list"""

    def __init__(self, j):
        self.surface = j["surface"]
        self.dim = DIMS.index(j["dim"])
        layout, kind = j["format"].rsplit("_", 1)
        self.channels = CHANNELS[layout]
        self.one = 0x3F800000 if kind == "float" else 1
        self.w, self.h, self.d = j["width"], j["height"], j["depth"]

    def pixel(self, u, v, r, lod):
        """the byte of the pixel's R channel, or None when out of bounds"""
        dim = DIMS[self.dim]
        x = u
        y = v if dim in ("2d", "2d_array", "3d") else 0
        z = {"1d_array": v, "2d_array": r, "3d": r}.get(dim, 0)
        if lod != 0 or x >= self.w or y >= self.h or z >= self.d:
            return None
        return ((z * self.h + y) * self.w + x) * 4 * self.channels


def _view(dut, inv, surf):
    if 1 <= surf <= 3:
        raise inv("surface: reserved")
    if surf in (0, 4, 5):
        raise inv("surface: no SLM, bindless or stateless surface for typed messages")
    t = dut.typed.get(surf)
    if t is None:
        raise inv("surface: T%d is not a typed surface" % surf)
    return View(t)


def _exec(dut, inv, eb, simd16_gen):
    eb = dut.eb_b(eb)  # D2 B
    if eb & 15 not in (3, 4):
        raise inv("exec_size: typed messages are SIMD8 or SIMD16")
    if eb & 15 == 4 and dut.gen < simd16_gen:
        raise inv("exec_size: SIMD16 not on this platform")
    return dut.decode_exec(eb)


def coord_types(dut):
    """the coordinates' types: UD and D (the compiler's), UD only with --reading-b (D375: the pages)"""
    return ("ud",) if dut.reading_b else ("ud", "d")


def _coords(dut, u, v, r, lod):
    dut.check_raw(u, "u", coord_types(dut))
    for o, what in ((v, "v"), (r, "r"), (lod, "lod")):
        dut.check_raw(o, what, coord_types(dut), null_ok=True)


def _lane_coords(dut, ops, i):
    """U, V, R, LOD of lane i (%null: 0), or None if one lies past its variable"""
    out = []
    for o in ops:
        if o["var"] is None:
            out.append(0)
            continue
        p = dut.raw_at(o, 4 * i, 4)
        if p is None:
            return None
        out.append(int.from_bytes(p[0].data[p[1]:p[1] + 4], "little"))
    return out


def typed4(dut, inv, write):
    """GATHER4_TYPED / SCATTER4_TYPED: exec(ub) pred(uw) channels(ub) surface(ub)
    u v r lod data (raw operands)"""
    old = dut.version < 302
    if old:  # before vISA 3.2: channels first (a set bit disables), exec (size nibble 0: SIMD8), surface; no pred, no LOD
        chm, eb, surf, pred = dut.get(1) ^ 0xF, dut.eb_b(dut.get(1)), dut.get(1), 0  # D2 B
        u, v, r, data = dut.raw(), dut.raw(), dut.raw(), dut.raw()
        lod = {"id": 0, "off": 0, "var": None}
        dut.done()
        if dut.reading_b:  # D333 reading B: the pre-3.2 layout is not read
            raise inv("gather4/scatter4_typed before vISA 3.2")
        if eb & 15:
            raise inv("exec_size: before vISA 3.2 the size nibble is 0 (SIMD8)")
        eb |= 3
    else:
        eb, pred, chm, surf = dut.get(1), dut.get(2), dut.get(1), dut.get(1)
        u, v, r, lod, data = dut.raw(), dut.raw(), dut.raw(), dut.raw(), dut.raw()
        dut.done()
    es, off, nomask = _exec(dut, inv, eb, G_XEHP_SDV)
    dut.check_pred(pred, es, off)
    if chm & 0xF == 0 or chm & 0xF0:
        raise inv("channels")
    t = _view(dut, inv, surf)
    _coords(dut, u, v, r, lod)
    dut.check_raw(data, "src" if write else "dst", ("ud", "d", "f"), null_ok=not write, is_dst=not write)
    en = dut.chen(es, off, nomask, pred)
    block = max(es, dut.grf // 4)
    lanes = {}  # every coordinate is read before a register is written
    for i in range(es):
        if en >> i & 1:
            c = _lane_coords(dut, (u, v, r, lod), i)
            if c is not None:
                lanes[i] = t.pixel(*c)
    k = 0
    for c in range(4):
        if not chm >> c & 1:
            continue
        for i, at in sorted(lanes.items()):
            d = dut.raw_at(data, 4 * (k * block + i), 4)
            if d is None:
                continue
            have = at is not None and c < t.channels
            if write:
                if have:
                    dut.store(surf, at + 4 * c, bytes(d[0].data[d[1]:d[1] + 4]))
            else:
                if have:
                    b = dut.load(surf, at + 4 * c, 4)
                else:
                    b = (t.one if c == 3 else 0).to_bytes(4, "little")
                d[0].data[d[1]:d[1] + 4] = b
        k += 1


def typed_atomic(dut, inv, reverse, atomic_op):
    """TYPED_ATOMIC: op(ub) exec(ub) pred(uw) surface(ub) u v r lod src0 src1 dst;
    the DWORD_ATOMIC operations (dut.py's op and operand rules) on the R channel
    of each lane's pixel. atomic_op(op, n, old, src0, src1): the new memory value
    of one lane; reverse: lanes from the highest down (--atomic-reverse)"""
    opb, eb, pred, surf = dut.get(1), dut.get(1), dut.get(2), dut.get(1)
    u, v, r, lod = dut.raw(), dut.raw(), dut.raw(), dut.raw()
    s0, s1, dst = dut.raw(), dut.raw(), dut.raw()
    dut.done()
    op, n = dut.atomic_op_byte(opb)
    es, off, nomask = _exec(dut, inv, eb, G_PVC)
    dut.check_pred(pred, es, off)
    t = _view(dut, inv, surf)
    _coords(dut, u, v, r, lod)
    no_src0, has_src1 = dut.atomic_operands(op, s0, s1, dst)
    en = dut.chen(es, off, nomask, pred)
    lanes = []  # every operand is read before memory or dst changes
    for i in range(es):
        if not en >> i & 1:
            continue
        c = _lane_coords(dut, (u, v, r, lod), i)
        p0 = None if no_src0 else dut.raw_at(s0, 4 * i, 4)
        p1 = dut.raw_at(s1, 4 * i, 4) if has_src1 else None
        if c is None or (not no_src0 and p0 is None) or (has_src1 and p1 is None):
            continue
        v0 = int.from_bytes(p0[0].data[p0[1]:p0[1] + n], "little") if p0 else 0
        v1 = int.from_bytes(p1[0].data[p1[1]:p1[1] + n], "little") if p1 else 0
        lanes.append((i, t.pixel(*c), v0, v1))
    if reverse:
        lanes.reverse()
    rets = []
    for i, at, v0, v1 in lanes:
        if at is None:
            rets.append((i, 0))  # out of bounds: 0 returned, nothing written
            continue
        old = int.from_bytes(dut.load(surf, at, n), "little")
        new = atomic_op(op, n, old, v0, v1)
        dut.store(surf, at, new.to_bytes(n, "little"))
        rets.append((i, new if op == A_PREDEC else old))
    for i, ret in rets:
        d = dut.raw_at(dst, 4 * i, 4)
        if d is not None:
            d[0].data[d[1]:d[1] + n] = ret.to_bytes(n, "little")  # 16-bit: upper half kept
