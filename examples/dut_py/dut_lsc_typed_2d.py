"""dut_lsc_typed_2d.py: the Python example DUT's LSC_TYPED block2d (0x8A
sub-ops 0x03 load / prefetch, 0x07 store; issue 28), written from Intel's
LSC_TYPED page (LOAD_BLOCK2D / STORE_BLOCK2D: BlockWidth in bytes, register
row u at u x reg_pitch, reg_pitch = BlockWidth < 4 ? 4 : next power of two,
the width/height table) and the oracle's decisions D320-D329, independently
of the oracle and of examples/dut_c/dut_lsc_typed_2d.c.

Bytes: 8a sub exec pred(2) l1 l3 addr_type width(2) height(2) Surface(vec)
ss_idx(4) dst X(vec) [x_off(4)] Y(vec) [y_off(4)] src1; the bracketed
fields are absent in Intel's reader's layout (the length decides, the full
layout first). The typed view is a byte rectangle: width x pixel size bytes
a row, height rows (2D; 1D is one row). X is a byte column, Y a row, each
plus its offset. A byte read outside is free (written 0 here), a byte
written outside is dropped. Before Xe2, half pixels, arrays / 3D: undefined
(nothing done)."""

import dut_2d
import dut_typed

G_XE2 = 9
LOAD_PAIRS = {(0, 0), (1, 1), (5, 1), (1, 2), (2, 1), (2, 2), (5, 2), (6, 2), (6, 6), (1, 7), (2, 7)}
STORE_PAIRS = {(0, 0), (1, 1), (5, 1), (1, 3), (4, 1), (4, 3), (5, 3), (3, 3)}


def _fields(dut, full):
    f = [dut.get(1), dut.get(2), dut.get(1), dut.get(1), dut.get(1), dut.get(2), dut.get(2), dut.vec(), dut.get(4), dut.raw()]
    x = dut.vec()
    xo = dut.get(4) if full else 0
    y = dut.vec()
    yo = dut.get(4) if full else 0
    f += [x, xo, y, yo, dut.raw()]
    dut.done()
    return f


def _pitch(w):
    p = 4
    while p < w:
        p <<= 1
    return p


def lsc_typed_2d(dut, inv, undefined):
    """dut: dut.Machine after the opcode (the sub-op byte next)"""
    dut.lsc_platform()
    store = dut.get(1) == 0x07
    eb, pred, l1, l3, atype, w, h, surf, ssidx, dst, ox, xo, oy, yo, src1 = dut.lsc_layouts(lambda full: _fields(dut, full))
    if eb or pred:
        raise inv("block2d.tgm: exec byte and predicate 0")
    if dut.reading_b and (l1, l3) in {(6, 6), (1, 7), (2, 7)}:  # D113 reading B: the page's table only
        raise inv("caching: pair not on the page")
    if (l1, l3) not in (STORE_PAIRS if store else LOAD_PAIRS) or ((l1, l3) != (0, 0) and dut.gen < G_XE2):
        raise inv("caching: pair not allowed on tgm")
    if atype not in (2, 3, 4):
        raise inv("addr type: bss, ss or bti")
    rp = _pitch(w)
    if not 1 <= w <= 64:
        raise inv("block width 1..64")
    if h == 0 or rp * h > 256:
        raise inv("block height past the table")
    is_reg, sv = dut.lsc_surface_value(surf)
    if atype == 4 and not is_reg and sv > 255:
        raise inv("bti above 255")
    if store:
        if dst["id"] or dst["off"]:
            raise inv("dst: %null for stores")
    else:
        dut.check_raw(dst, "dst", None, null_ok=True, is_dst=True)
    skip = False
    xy = []
    for o in (ox, oy):
        try:
            xy.append(dut_2d.operand(dut, o, False, inv))
        except dut_2d.Skip:
            skip = True
            xy.append(0)
    if store:
        dut.check_raw(src1, "src1", None)
    elif src1["id"] or src1["off"]:
        raise inv("src1: %null for loads")
    if skip or dut.gen < G_XE2:
        raise undefined("an operand past its variable, or before Xe2")
    if not store and dst["var"] is None:
        return  # a prefetch
    data = src1 if store else dst
    if dut.raw_at(data, 0, rp * (h - 1) + w) is None:
        raise undefined("the register image past its variable")
    if is_reg:
        sv = dut.goff_value(surf)
    s = dut.bt.get(sv & 0xFF) if atype == 4 else dut.sst.get((sv + (0x40 * ssidx if is_reg else 0)) & 0xFFFFFFFF)
    view = dut.typed.get(s) if s is not None else None
    if view is None:
        raise undefined("no surface, or no typed view")
    t = dut_typed.View(view)
    if t.dim not in (0, 2):
        raise undefined("no 2D slice")
    bpp = 4 * t.channels
    X = ((xy[0] + xo) & 0xFFFFFFFF)
    Y = ((xy[1] + yo) & 0xFFFFFFFF)
    if w % bpp or X % bpp:
        raise undefined("half a pixel")
    X = X - (1 << 32) if X & 0x80000000 else X
    Y = Y - (1 << 32) if Y & 0x80000000 else Y
    row = t.w * bpp
    var, base = dut.raw_at(data, 0, rp * (h - 1) + w)
    for r in range(h):
        y = Y + r
        for j in range(w):
            c = X + j
            inside = 0 <= y < t.h and 0 <= c < row
            at = base + r * rp + j
            if store:
                if inside:
                    dut.store(s, y * row + c, bytes(var.data[at:at + 1]))
            else:
                var.data[at] = dut.load(s, y * row + c, 1)[0] if inside else 0
