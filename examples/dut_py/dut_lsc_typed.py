"""dut_lsc_typed.py: the Python example DUT's LSC_TYPED (0x8A, issue 28):
lsc_load_quad, lsc_store_quad and the atomics (sub-ops 0x08-0x1A) on a typed
surface, written from Intel's
LSC_TYPED and LSC_UNTYPED pages and docs/state.md "Typed surfaces",
independently of the oracle and of examples/dut_c/dut_lsc_typed.c.

Bytes: 8a sub exec pred(2) l1 l3 addr_type addr_size data_size data_order
data_elems chmask Surface(vec) [ss_idx(4)] dst U [u_off(4)] V [v_off(4)]
R [r_off(4)] LOD src1 src2. The bracketed fields are absent in IGC
1.0.12504's layout; the length decides (the full layout first).

The surface: bti (immediate 0..255 or a register), bss / ss (a surface-state
offset, plus 0x40 x ss_idx for a register) names a surface of the state's
tables; its typed view (the input's "typed" list) gives the pixels. A lane's
coordinates are U + u_off, V + v_off, R + r_off (32-bit sums) and LOD; the
pixel rules are the legacy typed family's (dut_typed.View). Registers: the
k-th enabled channel is component block k of ceil(max(exec, min SIMD) x 4 /
GRF) registers, lane i at byte 4i. A read out of bounds (or of a channel the
format lacks) returns 0, A the format's 1; such writes are dropped.
An atomic applies LSC_UNTYPED's op (dut.lsc_atomic_op) to the R channel, the
pixel's first dword, lanes in ascending order, and returns the old value in
dst's dword 4i; a lane out of bounds returns 0 and writes nothing. It takes
d32, one element, the src1 / src2 its op's extra arguments need.
"""

import dut_typed

G_PVC, G_XE2 = 8, 9
LOAD_PAIRS = {(0, 0), (1, 1), (5, 1), (1, 2), (2, 1), (2, 2), (5, 2), (6, 2), (6, 6), (1, 7), (2, 7)}
STORE_PAIRS = {(0, 0), (1, 1), (5, 1), (1, 3), (4, 1), (4, 3), (5, 3), (3, 3)}
ATOMIC_PAIRS = {(0, 0), (1, 1), (1, 3)}
ATOMIC_ARGS = {0x08: 0, 0x09: 0, 0x0A: 0, 0x12: 2, 0x17: 2}  # the rest: 1


def _fields(dut, full):
    f = [dut.get(1), dut.get(2)] + [dut.get(1) for _ in range(8)]
    f.append(dut.vec())
    f.append(dut.get(4) if full else 0)
    f.append(dut.raw())  # dst
    co, add = [], []
    for i in range(4):
        co.append(dut.raw())
        if i < 3:
            add.append(dut.get(4) if full else 0)
    f += [co, add, dut.raw(), dut.raw()]
    dut.done()
    return f


def _target(dut, undefined, atype, is_reg, sv, surf, ssidx):
    """the surface index and typed view the message names"""
    if is_reg:
        sv = dut.goff_value(surf)
    if atype == 4:
        s = dut.bt.get(sv & 0xFF)
    else:
        s = dut.sst.get((sv + (0x40 * ssidx if is_reg else 0)) & 0xFFFFFFFF)
    view = dut.typed.get(s) if s is not None else None
    if view is None:
        raise undefined("no surface, or a surface without a typed view")
    return s, dut_typed.View(view)


def _atomic(dut, inv, undefined, sub, eb, pred, atype, is_reg, sv, surf, ssidx, dst, co, add, src1, src2):
    narg = ATOMIC_ARGS.get(sub, 1)
    dut.check_raw(dst, "dst", None, null_ok=True, is_dst=True)
    for i, o in enumerate(co):
        dut.check_raw(o, ("u", "v", "r", "lod")[i], dut_typed.coord_types(dut), null_ok=i > 0)
    for k, r in ((1, src1), (2, src2)):
        if k <= narg:
            dut.check_raw(r, "src%d" % k, None)
        elif r["id"] or r["off"]:
            raise inv("src%d: %%null for this atomic" % k)
    es, off, nomask = dut.lsc_exec(eb)
    en = dut.chen(es, off, nomask, pred)
    s, t = _target(dut, undefined, atype, is_reg, sv, surf, ssidx)
    addrs = [None] * es
    for i in range(es):
        if not en >> i & 1:
            continue
        c = dut_typed._lane_coords(dut, co, i)
        if c is None:
            continue
        at = t.pixel(*[(c[j] + (0 if dut.reading_b else add[j])) & 0xFFFFFFFF if j < 3 else c[j] for j in range(4)])
        addrs[i] = at if at is not None else 1 << 40  # out of bounds: reads 0, the write dropped
    dut.lsc_atomic(sub, es, en, addrs, ("surf", s), 3, dst, src1, src2, lambda m, n: 4 * n)


def lsc_typed(dut, inv, undefined):
    dut.lsc_platform()
    sub = dut.get(1)
    atomic = 0x08 <= sub <= 0x1A
    if sub not in (0x02, 0x06, 0x1B, 0x1C, 0x1E) and not atomic:
        raise inv("LSC_TYPED sub-op not supported")
    # load_status 0x1B, store_uncompressed 0x1C, read_state_info 0x1E: one d32
    # per lane (vector size x1, the chmask byte ignored); status and state info
    # return a register the state does not describe
    store = sub in (0x06, 0x1C)
    quad = sub in (0x02, 0x06) or (sub == 0x1C and dut.reading_b)  # D332 reading B: store_quad with the chmask
    opaque = sub in (0x1B, 0x1E)
    (eb, pred, l1, l3, atype, asize, dsize, order, elems, chmask, surf, ssidx, dst, co, add, src1,
     src2) = dut.lsc_layouts(lambda full: _fields(dut, full))
    es, off, nomask = dut.lsc_exec(eb)
    dut.check_pred(pred, es, off)
    if es > (16 if dut.gen >= G_PVC else 8):
        raise inv("exec_size: SIMD8 before PVC, SIMD16 from PVC")
    if dut.reading_b and (l1, l3) in {(6, 6), (1, 7), (2, 7)}:  # D113 reading B: the page's table only
        raise inv("caching: pair not on the page")
    if (l1, l3) not in (ATOMIC_PAIRS if atomic else STORE_PAIRS if store else LOAD_PAIRS) or ((l1, l3) != (0, 0) and dut.gen < G_XE2):
        raise inv("caching: pair not allowed on tgm")
    if atype not in (2, 3, 4):
        raise inv("addr type: bss, ss or bti")
    if asize != 2:
        raise inv("addr size: a32")
    if dsize != 3 or order != 1:
        raise inv("data: d32, not transposed")
    if atomic and elems != 1:
        raise inv("data_elems: one element a lane")
    if not quad:
        if elems != 1:
            raise inv("vector size: x1 only")
        chmask = 1  # one value per lane (an atomic: the R channel)
    if chmask == 0 or chmask > 15:
        raise inv("chmask")
    if store and chmask not in (1, 3, 7, 15):
        raise inv("store_quad chmask: x, xy, xyz or xyzw")
    is_reg, sv = dut.lsc_surface_value(surf)
    if atype == 4 and not is_reg and sv > 255:
        raise inv("bti above 255")
    if atomic:
        return _atomic(dut, inv, undefined, sub, eb, pred, atype, is_reg, sv, surf, ssidx, dst, co, add, src1, src2)
    if store:
        if dst["id"] or dst["off"]:
            raise inv("dst: %null for stores")
    else:
        dut.check_raw(dst, "dst", None, null_ok=not opaque, is_dst=True)
    for i, o in enumerate(co):
        dut.check_raw(o, ("u", "v", "r", "lod")[i], dut_typed.coord_types(dut), null_ok=i > 0 or sub == 0x1E)
    if store:
        dut.check_raw(src1, "src1", None)
    elif src1["id"] or src1["off"]:
        raise inv("src1: %null for loads")
    if src2["id"] or src2["off"]:
        raise inv("src2: %null")
    if opaque:
        raise undefined("load_status / read_state_info: a register outside the state")

    if not store and dst["var"] is None:
        return  # a prefetch: no architectural effect
    en = dut.chen(es, off, nomask, pred)
    s, t = _target(dut, undefined, atype, is_reg, sv, surf, ssidx)
    lanes = {}  # every coordinate before any register is written
    for i in range(es):
        if not en >> i & 1:
            continue
        c = dut_typed._lane_coords(dut, co, i)
        if c is not None:
            lanes[i] = t.pixel(*[(c[j] + (0 if dut.reading_b else add[j])) & 0xFFFFFFFF if j < 3 else c[j] for j in range(4)])
    w = max(es, dut.lsc_minw)
    blk = -(-w * 4 // dut.grf) * dut.grf
    data = src1 if store else dst
    for i, at in sorted(lanes.items()):
        m = 0
        for c in range(4):
            if not chmask >> c & 1:
                continue
            d = dut.raw_at(data, m * blk + 4 * i, 4)
            m += 1
            if d is None:
                continue
            have = at is not None and c < t.channels
            if store:
                if have:
                    dut.store(s, at + 4 * c, bytes(d[0].data[d[1]:d[1] + 4]))
            else:
                b = dut.load(s, at + 4 * c, 4) if have else (t.one if c == 3 else 0).to_bytes(4, "little")
                d[0].data[d[1]:d[1] + 4] = b
