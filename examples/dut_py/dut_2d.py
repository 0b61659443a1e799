"""dut_2d.py: LSC_UNTYPED block2d (sub-ops 0x03 load / prefetch, 0x07 store)
for the Python example DUT (dut.py), written from Intel's LSC_UNTYPED page
(LOAD_BLOCK2D pseudo-code and operand list) and the oracle's decisions
D190-D204: surface geometry operands are "minus 1" values, the shape fields
plain; an element outside width x height reads 0 / is not written when the
surface preconditions hold; register rows of pow2(W) elements (transposed:
pow2(H), one per memory column), VNNI groups of 4/size rows in dwords (lower
row low), blocks on whole GRFs; padding zero (Xe2+) or left alone (PVC).
What hardware cannot run is undefined: the DUT does nothing there."""

G_PVC, G_XE2 = 8, 9
CACHE_LOAD = {(0, 0), (1, 1), (5, 1), (1, 2), (2, 1), (2, 2), (5, 2), (6, 2), (6, 6), (1, 7), (2, 7)}
CACHE_PAGE = CACHE_LOAD - {(6, 6), (1, 7), (2, 7)}  # D113 reading B: the page's loads only
CACHE_STORE = {(0, 0), (1, 1), (5, 1), (1, 3), (4, 1), (4, 3), (5, 3), (3, 3)}


class Skip(Exception):
    """undefined: nothing done"""


def pow2(v):
    p = 1
    while p < v:
        p <<= 1
    return p


def operand(m, o, wide, Invalid):
    if o["mod"] or o["hi"]:
        raise Invalid("block2d operand: modifier")
    if o["cls"] == 5:
        t = o["type"]
        if t not in (0, 1, 2, 3) and not (wide and t in (11, 13)):
            raise Invalid("block2d operand: immediate type")
        v = o["imm64"]
        if t == 1:
            v = (v & 0xFFFFFFFF) - (1 << 32 if v & 0x80000000 else 0)
        elif t == 2:
            v &= 0xFFFF
        elif t == 3:
            v = (v & 0xFFFF) - (0x10000 if v & 0x8000 else 0)
        elif t == 0:
            v &= 0xFFFFFFFF
        return v
    if o["cls"] != 0:
        raise Invalid("block2d operand: immediate or general")
    if o["id"] == 0:
        raise Invalid("block2d operand: %null")
    var = m.lookup(o["id"], "block2d operand")
    if var.type not in ("ud", "d") and not (wide and var.type in ("uq", "q")):
        raise Invalid("block2d operand: type")
    if o["region"] != 0x0121:
        raise Invalid("block2d operand: region")
    ts = 8 if var.type in ("uq", "q") else 4
    if o["col"] * ts >= m.grf:
        raise Invalid("block2d operand: column")
    at = o["row"] * m.grf + o["col"] * ts
    if at + ts > len(var.data):
        raise Skip()
    v = int.from_bytes(var.data[at:at + ts], "little")
    if var.type == "d" and v & 0x80000000:
        v -= 1 << 32
    return v


def block2d(m, sub, Invalid):
    """m: dut.Machine after the opcode and sub-op bytes"""
    store = sub == 0x07
    eb, pred, sfid, l1, l3 = m.get(1), m.get(2), m.get(1), m.get(1), m.get(1)
    ds, order, nb, W, H, vnni = m.get(1), m.get(1), m.get(1), m.get(2), m.get(2), m.get(1)
    dst = m.raw()
    ops = [m.vec() for _ in range(6)]
    src = m.raw()
    m.done()
    if eb & 0xF:
        raise Invalid("block2d: exec size 1 (D192)")
    off, nomask = m.mask_nibble(eb >> 4)
    m.check_pred(pred, 1, off)
    if sfid not in (0, 1, 3):
        raise Invalid("block2d: sfid")
    if (l1, l3) not in (CACHE_STORE if store else CACHE_LOAD) or (m.reading_b and (l1, l3) in CACHE_LOAD - CACHE_PAGE):
        raise Invalid("block2d: caching")
    if not 1 <= ds <= 4:
        raise Invalid("block2d: data size")
    if order not in (1, 2):
        raise Invalid("block2d: order")
    es, tr = 1 << (ds - 1), order == 2
    if nb == 0 or nb > 16 or (store and nb != 1):
        raise Invalid("block2d: blocks")
    if not tr or vnni:
        if not store and (nb == 3 or nb > {1: 4, 2: 4, 4: 2, 8: 1}[es]):
            raise Invalid("block2d: blocks for the size")
    elif nb != 1:
        raise Invalid("block2d: transposed, one block")
    if W == 0 or W * nb * es > (512 if store else 64) or (tr and W > 32):
        raise Invalid("block2d: width")
    if H == 0 or (not tr and H > 32):
        raise Invalid("block2d: height")
    if vnni > 1 or (vnni and store):
        raise Invalid("block2d: vnni")
    if store:
        if dst["id"] or dst["off"]:
            raise Invalid("block2d store: dst %null")
    elif dst["id"]:
        m.check_raw(dst, "dst", None, is_dst=True)
    elif dst["off"]:
        raise Invalid("dst: %null with an offset")
    try:
        vals = [operand(m, o, i == 0, Invalid) for i, o in enumerate(ops)]
    except Skip:
        vals = None
        for i, o in enumerate(ops):  # the later operands are still judged
            try:
                operand(m, o, i == 0, Invalid)
            except Skip:
                pass
    if store:
        if src["id"] == 0:
            raise Invalid("block2d store: src1")
        m.check_raw(src, "src1", None)
    elif src["id"] or src["off"]:
        raise Invalid("block2d load: src1 %null")
    if vals is None:
        return
    # what hardware cannot run (D193-D199): undefined
    if m.gen < G_PVC or sfid == 3 or (tr and vnni) or (W * es) % 4:
        return
    if store and (tr or H > 8 or W * es > 64):
        return
    if not store and tr and (es < 4 or (es == 4 and (W > 8 or H > 32)) or (es == 8 and (H != 8 or W not in (1, 2, 4)))):
        return
    if vnni and (es > 2 or H * es < 4 or H % (4 // es) or W > (64 // es if m.gen >= G_XE2 else 16)):
        return
    base = vals[0] & (2 ** 64 - 1)
    sw, sh, sp = (vals[1] & 0xFFFFFFFF) + 1, (vals[2] & 0xFFFFFFFF) + 1, (vals[3] & 0xFFFFFFFF) + 1
    X, Y = vals[4], vals[5]
    if X >= 1 << 31:
        X -= 1 << 32
    if Y >= 1 << 31:
        Y -= 1 << 32
    if (base % 64 or not 64 <= sw <= 1 << 24 or sw % max(4, es) or sh > 1 << 24 or not sw <= sp <= 1 << 24 or sp % 16
            or (es <= 2 and X % (4 // es))):
        return
    if not m.chen(1, off, nomask, pred) & 1:
        return
    if not store and dst["id"] == 0:
        return  # prefetch
    rp = pow2(H if tr else W)
    per = 4 // es if es < 4 else 1
    elems = rp * per * ((H + per - 1) // per) if vnni else rp * (W if tr else H)
    bbytes = elems * es
    bpitch = (bbytes + m.grf - 1) // m.grf * m.grf
    r = src if store else dst
    var = r["var"]
    if r["off"] + bpitch * nb > len(var.data):
        return
    flat = ("flat",)

    def addr(b, row, c):
        col, y = X + b * W + c, Y + row
        if col < 0 or y < 0 or y >= sh or (col + 1) * es > sw:
            return None
        return base + y * sp + col * es

    for b in range(nb):
        for row in range(H):
            for c in range(W):
                a = addr(b, row, c)
                if a is not None and m.lsc_find(flat, a, es) is None:
                    return  # unmapped: undefined (D204)
    reg = var.data
    o0 = r["off"]
    if not store:
        for b in range(nb):
            n = bpitch if m.gen >= G_XE2 else bbytes
            reg[o0 + b * bpitch:o0 + b * bpitch + n] = bytes(n)
    for b in range(nb):
        for row in range(H):
            for c in range(W):
                if tr:
                    e = c * rp + row
                elif vnni:
                    e = (row // per) * per * rp + c * per + row % per
                else:
                    e = row * rp + c
                at = o0 + b * bpitch + e * es
                a = addr(b, row, c)
                if store:
                    if a is not None:
                        m.lsc_write(flat, a, bytes(reg[at:at + es]))
                elif a is not None:
                    reg[at:at + es] = m.lsc_read(flat, a, es)
