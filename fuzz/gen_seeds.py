#!/usr/bin/env python3
"""Writes the binary seed corpus (bincase form, oracle/include/visa_bincase.h).

    python3 fuzz/gen_seeds.py OUTDIR

One small file per case, named <opcode>_<what>.bin, covering every opcode the
oracle knows (and the ones it does not yet), every status (ok, invalid with
many error codes, undefined), both id widths, GRF 32/64, every surface kind,
predicates (plain, .any, .all, inverted), mask offsets, NoMask, immediate /
general / indirect global offsets, out-of-bound, partly out-of-bound,
misaligned, overlapping, wrapping and 4 GiB accesses.

Deterministic: the same files every run. scripts/fuzz-seeds.sh calls it.
"""
import os
import struct
import sys

PLATFORMS = ["BDW", "CHV", "SKL", "ICLLP", "TGLLP", "DG1", "ADLP", "XeHP_SDV",
             "DG2", "MTL", "ARL", "PVC", "PVCXT", "Xe2", "Xe3"]
TYPES = ["ud", "d", "uw", "w", "ub", "b", "df", "f", "uq", "q", "hf", "bf"]
TSIZE = {"ud": 4, "d": 4, "uw": 2, "w": 2, "ub": 1, "b": 1, "df": 8, "f": 4,
         "uq": 8, "q": 8, "hf": 2, "bf": 2}


def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def u16(v):
    return struct.pack("<H", v & 0xFFFF)


def u32(v):
    return struct.pack("<I", v & 0xFFFFFFFF)


class Case:
    def __init__(self, platform="TGLLP", version=306, mask=0xFFFFFFFF):
        self.platform = platform
        self.version = version
        self.mask = mask
        self.vars = {}      # id -> (type, num_elts, bytes)
        self.preds = {}     # id -> (num_elts, bits)
        self.addrs = {}     # id -> [(var id, off)]
        self.surfaces = {}  # index -> (size, [(off, bytes)])
        self.memory = {}    # flat region base -> (size, [(off, bytes)])
        self.bt = {}        # bti -> surface index
        self.ss = {}        # surface-state offset -> surface index
        self.insn = b""

    @property
    def idw(self):
        return 4 if self.version >= 304 else 2

    def var(self, vid, typ, n, data=b""):
        self.vars[vid] = (typ, n, bytes(data))
        return self

    def encode(self):
        k = self.version - 300 if self.version < 400 else 100 + self.version - 400
        out = bytearray([PLATFORMS.index(self.platform), k])
        out += u32(self.mask)
        assert len(self.insn) <= 96  # VO_MAX_INSN_BYTES
        out.append(len(self.insn))
        out += self.insn
        order = sorted(self.vars)
        for vid in order:
            typ, n, data = self.vars[vid]
            data = data.rstrip(b"\0")
            out += bytes([0]) + varint(vid) + bytes([TYPES.index(typ)]) + varint(n - 1) + varint(len(data)) + data
        for pid in sorted(self.preds):
            n, bits = self.preds[pid]
            out += bytes([1]) + varint(pid - 1) + bytes([n.bit_length() - 1]) + u32(bits)
        for aid in sorted(self.addrs):
            el = self.addrs[aid]
            out += bytes([2]) + varint(aid) + bytes([len(el) - 1])
            for (v, off) in el:
                out += varint(order.index(v)) + varint(off)
        for idx in sorted(self.surfaces):
            size, runs = self.surfaces[idx]
            out += bytes([3, idx]) + varint(size) + varint(len(runs))
            end = 0
            for (off, data) in sorted(runs):
                out += varint(off - end) + varint(len(data)) + data
                end = off + len(data)
            g = getattr(self, "media", {}).get(idx)
            if g:  # tag 0x13: the surface's media geometry (MEDIA_LD / MEDIA_ST, D205)
                out += bytes([0x13, idx]) + varint(g[0]) + varint(g[1]) + varint(g[2]) + bytes([g[3]])
        # the address-space model: tag 7 region, 11 binding-table entry, 15 surface-state entry
        for base in sorted(self.memory):
            size, runs = self.memory[base]
            out += bytes([7]) + varint(base) + varint(size - 1) + varint(len(runs))
            end = 0
            for (off, data) in sorted(runs):
                out += varint(off - end) + varint(len(data)) + data
                end = off + len(data)
        for bti in sorted(self.bt):
            out += bytes([11, bti, self.bt[bti]])
        for off in sorted(self.ss):
            out += bytes([15]) + varint(off // 64) + bytes([self.ss[off]])
        # tag 0x1B: typed surfaces (issue 28), surface dim format width height depth
        for sf in sorted(getattr(self, "typed", {})):
            dim, fmt, w, h, d = self.typed[sf]
            out += bytes([0x1B, sf, dim, fmt]) + varint(w) + varint(h) + varint(d)
        return bytes(out)


# ---- operands ----
def vid(c, v):
    return u32(v) if c.idw == 4 else u16(v)


def imm(v, typ=0):
    return bytes([5, typ]) + u32(v)


def gen(c, v, row=0, col=0, region=0x0121, mod=0):
    return bytes([0 | (mod << 3)]) + vid(c, v) + bytes([row, col]) + u16(region)


def ind(aid, aoff=0, ioff=0, region=0x0121):
    return bytes([3]) + u16(aid) + bytes([aoff]) + struct.pack("<h", ioff) + bytes([0]) + u16(region)


def raw(c, v, off=0):
    return vid(c, v) + u16(off)


# ---- instructions ----
def fourch(c, op, exec_b, pred, ch, surf, goff, eoff, data, scale=0):
    return bytes([op, exec_b]) + u16(pred) + bytes([ch]) + u16(scale) + bytes([surf]) + goff + raw(c, *eoff) + raw(c, *data)


def scattered(c, op, elt, ne, surf, goff, eoff, data, is_mod=0):
    mid = bytes([elt, is_mod, ne]) if op == 0x39 else bytes([elt, ne])
    return bytes([op]) + mid + bytes([surf]) + goff + raw(c, *eoff) + raw(c, *data)


def oword(c, op, size, surf, goff, data, is_mod=0):
    mid = bytes([size]) if op == 0x36 else bytes([size, is_mod])
    return bytes([op]) + mid + bytes([surf]) + goff + raw(c, *data)


def scaled(c, op, exec_b, pred, nblk, surf, goff, eoff, data, bsize=0, scale=0):
    return bytes([op, exec_b]) + u16(pred) + bytes([bsize, nblk]) + u16(scale) + bytes([surf]) + goff + raw(c, *eoff) + raw(c, *data)


def dwords(vals):
    return b"".join(u32(v) for v in vals)


def base_case(platform="TGLLP", version=306, mask=0xFFFFFFFF, offs=None, surf_size=256):
    """offs V32 (ud x 16), data V33 (ud x 64), scalar V34 (ud x 1),
    small V35 (ud x 2), P1 (16), P2 (32), A0 -> V34, surfaces 0, 5, 6, 7."""
    c = Case(platform, version, mask)
    offs = offs if offs is not None else [4 * i for i in range(16)]
    c.var(32, "ud", 16, dwords(offs))
    c.var(33, "ud", 64, bytes((i * 7 + 1) & 0xFF for i in range(256)))
    c.var(34, "ud", 1, u32(2))
    c.var(35, "ud", 2, dwords([0, 4]))
    c.var(36, "f", 64, b"")
    c.preds[1] = (16, 0xA5A5)
    c.preds[2] = (32, 0x0000FFFF)
    c.addrs[0] = [(34, 0), (32, 4)]
    c.surfaces[0] = (4096, [(0, bytes(range(1, 65)))])
    c.surfaces[5] = (4096, [(16, b"\x11\x22\x33\x44")])
    c.surfaces[6] = (surf_size, [(0, bytes(range(0x40, 0x80))), (200, b"\xde\xad\xbe\xef")])
    c.surfaces[7] = (1 << 32, [((1 << 32) - 16, bytes(range(0xF0, 0x100)))])
    return c


SEEDS = {}


def add(name, c):
    SEEDS[name] = c.encode()


def family_seeds(tag, build):
    """build(c, variant) -> insn bytes; variant keys shared by the masked ops."""
    variants = {
        "ok": {},
        "oob_partial": {"goff": 248},
        "oob_full": {"goff": 4096},
        "misaligned": {"goff": 1},
        "wrap32": {"goff": 0xFFFFFFF0, "surf": 7},
        "near_4g": {"goff": 0xFFFFFFC0, "surf": 7},
        "slm": {"surf": 0},
        "slm_oob": {"surf": 0, "goff": 4090},
        "stateless": {"surf": 5},
        "bindless_absent": {"surf": 4},
        "goff_general": {"goff_op": "gen"},
        "goff_indirect": {"goff_op": "ind"},
        "goff_row_grf64": {"goff_op": "gen_row", "platform": "PVC"},
        "pred": {"pred": 1},
        "pred_invert": {"pred": 0x8001},
        "pred_any": {"pred": 0x2001},
        "pred_all_inv": {"pred": 0xC002},
        "mask_m5": {"mask_nib": 4, "mask": 0xFFFF0000},
        "nomask": {"mask_nib": 8, "mask": 0},
        "no_lanes": {"mask": 0},
        "grf64": {"platform": "PVC"},
        "v33_ids16": {"version": 303},
        "v30_mask": {"version": 300, "mask_nib": 9},
        "overlap": {"offs": [0] * 16},
        "null_dst": {"data": (0, 0)},
        # invalid
        "inv_surface_reserved": {"surf": 2},
        "inv_surface_undeclared": {"surf": 9},
        "inv_var_undeclared": {"data": (99, 0)},
        "inv_reserved_id": {"data": (25, 0)},
        "inv_raw_align": {"data": (33, 4)},
        "inv_type": {"data": (36, 0)},
        "inv_modifier": {"goff_op": "gen_mod"},
        "inv_region": {"goff_op": "gen_badregion"},
        "inv_imm_type": {"goff_op": "imm_d"},
        "inv_class": {"goff_op": "pred"},
        "inv_pred_undeclared": {"pred": 7},
        "inv_pred_reserved": {"pred": 0x1001},
        "inv_addr": {"goff_op": "ind_bad"},
        "inv_trailing": {"trailing": True},
        "inv_truncated": {"truncate": True},
        # undefined
        "undef_raw_past_var": {"data": (35, 0)},
        "undef_goff_past_var": {"goff_op": "gen_past"},
    }
    for vname, v in variants.items():
        c = base_case(v.get("platform", "TGLLP"), v.get("version", 306), v.get("mask", 0xFFFFFFFF),
                      v.get("offs"))
        insn = build(c, v)
        if insn is None:
            continue
        if v.get("trailing"):
            insn += b"\x00"
        if v.get("truncate"):
            insn = insn[:-3]
        c.insn = insn
        add(f"{tag}_{vname}", c)


def goff_of(c, v):
    g = v.get("goff_op")
    if g == "gen":
        return gen(c, 34)
    if g == "gen_row":
        c.var(37, "ud", 32, dwords([0] * 16 + [8] + [0] * 15))
        return gen(c, 37, row=1)
    if g == "gen_mod":
        return gen(c, 34, mod=2)
    if g == "gen_badregion":
        return gen(c, 34, region=0x0921)
    if g == "gen_past":
        return gen(c, 34, col=1)
    if g == "ind":
        return ind(0, 0, 0)
    if g == "ind_bad":
        return ind(0, 5, 0)
    if g == "imm_d":
        return imm(v.get("goff", 0), typ=1)
    if g == "pred":
        return bytes([2]) + u16(1)
    return imm(v.get("goff", 0))


def exec_byte(v, size_code):
    return (v.get("mask_nib", 0) << 4) | size_code


def build_fourch(op, ch=0x5, size_code=3):
    def b(c, v):
        return fourch(c, op, exec_byte(v, size_code), v.get("pred", 0), ch, v.get("surf", 6), goff_of(c, v),
                      (32, 0), v.get("data", (33, 0)))
    return b


def build_scattered(op, elt=2, ne=0):
    def b(c, v):
        if v.get("pred", 0):
            return None  # no predicate field
        nb = (v.get("mask_nib", 0) << 4) | ne
        return scattered(c, op, elt, nb, v.get("surf", 6), goff_of(c, v), (32, 0), v.get("data", (33, 0)))
    return b


def build_oword(op, size=1):
    def b(c, v):
        if v.get("pred", 0) or "mask_nib" in v:
            return None
        return oword(c, op, size, v.get("surf", 6), goff_of(c, v), v.get("data", (33, 0)))
    return b


def build_scaled(op, nblk=2, size_code=3):
    def b(c, v):
        return scaled(c, op, exec_byte(v, size_code), v.get("pred", 0), nblk, v.get("surf", 6), goff_of(c, v),
                      (32, 0), v.get("data", (33, 0)))
    return b


# ---- LSC (issue 14): LSC_UNTYPED 0x89 and LSC_FENCE 0x8B ----
# LSC_UNTYPED bytes (the current reader): 89 subop exec pred:uw sfid l1 l3
# | addr type, scale:uw, imm offset:d, addr size | data size, order, elems,
# chmask | Surface (vector operand) | ssIdx:ud | Dst, Src0, Src1, Src2 (raw;
# strided: Dst, Src0 base, pitch (vector operand), Src1).
def lsc_untyped(c, sub, exec_b, sfid, atype, asize, dsize, dst, src0, src1=(0, 0), src2=(0, 0), pred=0,
                l1=0, l3=0, scale=1, off=0, order=1, elems=1, chmask=0, surf=None, ssidx=0, pitch=None):
    b = bytes([0x89, sub, exec_b]) + u16(pred) + bytes([sfid, l1, l3])
    b += bytes([atype]) + u16(scale) + u32(off) + bytes([asize])
    b += bytes([dsize, order, elems, chmask]) + (imm(0) if surf is None else surf) + u32(ssidx)
    b += raw(c, *dst) + raw(c, *src0)
    if sub in (0x01, 0x05):
        return b + (imm(8) if pitch is None else pitch) + raw(c, *src1)
    return b + raw(c, *src1) + raw(c, *src2)


def lsc_fence(sfid, op, scope, exec_b=0x80, pred=0):
    return bytes([0x8B, exec_b]) + u16(pred) + bytes([sfid, op, scope])


def block2d_seeds():
    """LSC_UNTYPED block2d (issue 27): plain valid cases over a 64 B x 16 row
    surface, pitch 128, in a flat region at 4 GiB (the *_ok starting points of
    diff_fuzzer for the 2D executor and the mutants 120-132)."""
    def b2(name, sub, ds, order, blocks, w, h, vnni, x, y, platform="PVC", dst=33, src1=0, pred=0, exec_b=0x80):
        cc = base_case(platform=platform, version=401)
        cc.memory[0x100000000] = (4096, [(0, bytes((i * 5 + 3) & 0xFF or 1 for i in range(2048)))])
        c = cc
        ins = bytes([0x89, sub, exec_b]) + u16(pred) + bytes([0, 0, 0, ds, order, blocks]) + u16(w) + u16(h) + bytes([vnni])
        ins += raw(c, dst)
        ins += bytes([5, 11]) + struct.pack("<Q", 0x100000000)
        ins += imm(63) + imm(15) + imm(127) + imm(x & 0xFFFFFFFF, 1) + imm(y & 0xFFFFFFFF, 1)
        ins += raw(c, src1)
        cc.insn = ins
        add("lsc_block2d_" + name, cc)
    b2("load_d16_ok", 0x03, 2, 1, 2, 8, 4, 0, 2, 1)
    b2("load_vnni_d8_ok", 0x03, 1, 1, 1, 16, 4, 1, 4, 2, platform="Xe2")
    b2("load_transposed_d32_ok", 0x03, 3, 2, 1, 4, 8, 0, 1, 3)
    b2("load_edge_ok", 0x03, 3, 1, 1, 4, 4, 0, 14, 14, platform="Xe2")
    b2("store_d32_ok", 0x07, 3, 1, 1, 4, 4, 0, 13, 1, dst=0, src1=33)
    b2("prefetch_ok", 0x03, 2, 1, 1, 8, 2, 0, -2, 0, dst=0)
    b2("load_negx_ok", 0x03, 3, 1, 1, 4, 2, 0, -2, -1)
    # rows of a width that is not a power of two (register rows padded to 8, D196), two blocks
    # that end inside a GRF (each starts on a GRF, D196), an Xe2 block with a zero GRF tail (D197),
    # and a predicate that turns lane 0 off (D192): mutants 125, 126, 132, 131 from the seed itself
    b2("load_d16_2x6x5_ok", 0x03, 2, 1, 2, 6, 5, 0, 2, 1)
    b2("load_xe2_tail_ok", 0x03, 2, 1, 1, 6, 5, 0, 2, 1, platform="Xe2")
    b2("load_pred_off_ok", 0x03, 2, 1, 1, 8, 4, 0, 2, 1, pred=0x8001)


def media_seeds():
    """MEDIA_LD / MEDIA_ST (issue 27): surface T8, 24 B x 12 rows, pitch 32,
    4-byte pixels (media geometry), the *_ok starting points of diff_fuzzer
    for the media family and the mutants 133-137: inside, past the right and
    bottom edges, a padded register pitch, a store past the edge."""
    def md(name, op, w, h, x, y, pixel=4, platform="TGLLP", data=33, mods=0):
        cc = base_case(platform=platform, version=306)
        cc.surfaces[8] = (12 * 32, [(0, bytes((i * 11 + 5) & 0xFF or 1 for i in range(12 * 32)))])
        cc.media = {8: (24, 12, 32, pixel)}
        cc.insn = bytes([op, mods, 8, 0, w, h]) + imm(x) + imm(y) + raw(cc, data)
        add("media_" + name, cc)
    md("ld_inside_ok", 0x37, 8, 4, 4, 2)
    md("ld_edge_ok", 0x37, 16, 4, 16, 10)
    md("ld_pitch_ok", 0x37, 5, 8, 20, 0, pixel=2)
    md("st_edge_ok", 0x38, 12, 4, 16, 10)
    md("st_inside_ok", 0x38, 4, 16, 0, 0, platform="PVC")
    md("ld_small_ok", 0x37, 2, 3, 22, 11, pixel=1)
    md("ld_tall_ok", 0x37, 4, 12, 8, 0)
    md("st_small_ok", 0x38, 3, 2, 20, 0, pixel=2)
    md("st_wide_ok", 0x38, 24, 2, 0, 5)
    md("ld_modified_ok", 0x37, 12, 3, 12, 9, mods=1)


TY_DIMS = ["1d", "1d_array", "2d", "2d_array", "3d"]
TY_FMTS = ["r32_uint", "r32_sint", "r32_float", "r32g32_uint", "r32g32_sint", "r32g32_float",
           "r32g32b32a32_uint", "r32g32b32a32_sint", "r32g32b32a32_float"]


def typed_seeds():
    """GATHER4_TYPED / SCATTER4_TYPED / TYPED_ATOMIC (issue 28): a typed view
    (bincase tag 0x1B) of surface T8, SIMD8, coordinates per lane in V40 (U),
    V41 (V), V42 (R), V43 (LOD); the *_ok starting points of diff_fuzzer for
    the typed mutants 163-175: pixels inside and at and past every bound,
    array index past the array size, LOD != 0, formats with fewer channels
    than the mask, a 1D surface given a non-zero V, colliding atomics."""
    def ty(name, op, dim, fmt, wh, U, V=None, R=None, L=None, ch=0xF, platform="TGLLP", aop=0, pred=0):
        W, H, D = wh
        cc = base_case(platform=platform, version=306)
        bpp = 4 * (1 if fmt < 3 else 2 if fmt < 6 else 4)
        size = W * H * D * bpp
        if fmt % 3 == 2:  # ordinary floats in memory: 1.0 .. 3.x
            data = b"".join(u32(0x3F800000 + (i * 0x2F0517) % 0x800000 + ((i % 3) << 23)) for i in range(size // 4))
        else:
            data = bytes((i * 13 + 7) & 0xFF or 1 for i in range(size))
        cc.surfaces[8] = (size, [(0, data)])
        cc.typed = {8: (TY_DIMS.index(dim), fmt, W, H, D)}
        ids = []
        for vid_, vals in ((40, U), (41, V), (42, R), (43, L)):
            if vals is None:
                ids.append(0)
            else:
                cc.var(vid_, "ud", 8, dwords(vals))
                ids.append(vid_)
        coords = b"".join(raw(cc, i) for i in ids)
        if op == 0x73:
            cc.var(44, "ud", 8, dwords([1, 2, 3, 0xFFFFFFFF, 5, 0, 7, 8]))
            cc.var(45, "ud", 8, dwords([9, 9, 9, 9, 9, 9, 9, 9]))
            src1 = raw(cc, 44) if aop in (0x07, 0x12) else raw(cc, 0)
            src0 = raw(cc, 0) if aop in (0x02, 0x03, 0x0D) else raw(cc, 44)
            cc.insn = bytes([op, aop, 0x03]) + u16(pred) + bytes([8]) + coords + src0 + src1 + raw(cc, 45)
        else:
            cc.insn = bytes([op, 0x03]) + u16(pred) + bytes([ch, 8]) + coords + raw(cc, 33)
        add("typed_" + name, cc)
    g, sc, at = 0x4B, 0x4C, 0x73
    in8 = [0, 1, 2, 3, 1, 0, 2, 3]
    ty("g4_2d_ok", g, "2d", 8, (4, 3, 1), in8, [0, 1, 2, 0, 2, 1, 0, 1], ch=0xB)
    ty("g4_2d_edge_ok", g, "2d", 2, (4, 3, 1), [3, 4, 0, 3, 5, 2, 0xFFFFFFFF, 1], [2, 0, 3, 0, 1, 2, 0, 2], ch=0xF)
    ty("g4_2darray_ok", g, "2d_array", 6, (3, 4, 2), [0, 1, 2, 0, 1, 2, 0, 1], [0, 3, 1, 2, 0, 1, 3, 2],
       [0, 1, 2, 3, 1, 0, 2, 1], ch=0x7)
    ty("g4_1darray_ok", g, "1d_array", 5, (5, 1, 2), [0, 4, 2, 5, 1, 3, 0, 2], [0, 1, 2, 0, 1, 3, 1, 0], ch=0xF)
    ty("g4_3d_ok", g, "3d", 7, (2, 3, 2), [0, 1, 0, 1, 0, 1, 1, 0], [0, 1, 2, 0, 1, 2, 2, 3], [0, 1, 1, 0, 1, 0, 2, 1], ch=0xD)
    ty("g4_lod_ok", g, "2d", 0, (4, 2, 1), in8, [0, 1, 0, 1, 1, 0, 1, 0], None, [0, 1, 0, 0, 2, 0, 0, 0], ch=0xF)
    ty("g4_1d_v_ok", g, "1d", 3, (6, 1, 1), [0, 1, 2, 3, 4, 5, 6, 1], [0, 1, 0, 2, 0, 0, 1, 0], ch=0x3)
    ty("s4_2d_ok", sc, "2d", 7, (4, 3, 1), in8, [0, 1, 2, 0, 2, 1, 3, 1], ch=0xF)
    ty("s4_missing_ok", sc, "2d", 1, (3, 3, 1), [0, 1, 2, 0, 1, 2, 3, 0], [0, 0, 0, 1, 1, 1, 0, 2], ch=0xF)
    ty("s4_3d_ok", sc, "3d", 4, (2, 2, 3), [0, 1, 0, 1, 2, 0, 1, 0], [0, 0, 1, 1, 0, 1, 0, 1], [0, 1, 2, 0, 1, 3, 2, 1], ch=0x3)
    ty("at_2d_ok", at, "2d", 0, (4, 3, 1), [0, 1, 0, 3, 4, 0, 2, 1], [0, 1, 0, 2, 0, 3, 2, 1], aop=0x00)
    ty("at_3d_ok", at, "3d", 6, (2, 2, 2), [0, 1, 0, 1, 1, 0, 2, 1], [0, 0, 1, 1, 1, 0, 0, 1], [0, 1, 1, 0, 1, 1, 0, 2], aop=0x06)
    ty("at_2darray_ok", at, "2d_array", 3, (3, 2, 2), [0, 1, 2, 0, 1, 0, 2, 1], [0, 1, 0, 1, 0, 1, 1, 0],
       [0, 1, 2, 1, 0, 3, 1, 0], aop=0x07)
    ty("at_1d_inc_ok", at, "1d", 0, (5, 1, 1), [0, 1, 1, 4, 5, 2, 0, 3], aop=0x02)
    # array indexes past the height but inside the array size (4 layers of 3x2): in bounds, which
    # a bound by the height (mutant 164) turns into out-of-bound reads; the last lane past both
    ty("g4_2darray_deep_ok", g, "2d_array", 8, (3, 2, 4), [0, 1, 2, 0, 1, 2, 0, 1], [0, 1, 0, 1, 0, 1, 0, 1],
       [2, 3, 2, 3, 0, 1, 3, 4], ch=0xF)


def lsc_typed_seeds():
    """LSC_TYPED load_quad / store_quad (issue 28) on a typed view (tag 0x1B)
    of surface T8, reached by bti 8 or by a register ss with ss_idx: the
    *_ok starting points of diff_fuzzer for the mutants 210-221 (vISA 4.1,
    D280's layout; U V R LOD in V40..V43, data V44): immediate U/V offsets,
    a channel mask with a gap, lanes past the width and height, disabled
    lanes, a store of four channels to a one-channel format, SIMD4 below the
    minimum payload width, the older layout without ss_idx and offsets."""
    def lt(name, sub, dim, fmt, wh, U, V=None, R=None, L=None, ch=0xF, platform="DG2", exec_b=0x03, pred=0,
           mask=0xFFFFFFFF, offs=(0, 0, 0), ss=False, old=False, l1=0, l3=0):
        W, H, D = wh
        cc = Case(platform, 401, mask)
        bpp = 4 * (1 if fmt < 3 else 2 if fmt < 6 else 4)
        size = W * H * D * bpp
        cc.surfaces[8] = (size, [(0, bytes((i * 13 + 7) & 0xFF or 1 for i in range(size)))])
        cc.typed = {8: (TY_DIMS.index(dim), fmt, W, H, D)}
        n = len(U)
        ids = []
        for vid_, vals in ((40, U), (41, V), (42, R), (43, L)):
            if vals is None:
                ids.append(0)
            else:
                cc.var(vid_, "ud", n, dwords(vals))
                ids.append(vid_)
        cc.var(44, "ud", 64, bytes((i * 7 + 1) & 0xFF for i in range(256)))
        cc.preds[1] = (16, 0x5A5A)
        if ss:  # register ss 0x40 + 0x40 x ss_idx 1 = 0x80 -> T8 (D118); 0x40 -> T9, another typed view
            cc.var(45, "ud", 1, u32(0x40))
            cc.surfaces[9] = (size, [(0, bytes((i * 29 + 3) & 0xFF or 1 for i in range(size)))])
            cc.typed[9] = cc.typed[8]
            cc.ss = {0x40: 9, 0x80: 8}
            atype, surf, ssidx = 3, gen(cc, 45), 1
        else:
            cc.bt = {8: 8}
            atype, surf, ssidx = 4, imm(8), 0
        store = sub == 0x06
        ins = bytes([0x8A, sub, exec_b]) + u16(pred) + bytes([l1, l3, atype, 2, 3, 1, 0, ch]) + surf
        ins += (b"" if old else u32(ssidx)) + raw(cc, 0 if store else 44)
        for k in range(3):
            ins += raw(cc, ids[k]) + (b"" if old else u32(offs[k]))
        ins += raw(cc, ids[3]) + raw(cc, 44 if store else 0) + raw(cc, 0)
        cc.insn = ins
        add("lsc_typed_" + name, cc)
    # 2D 4x3 RGBA: u_off +1, v_off +1 (x = U + 1, y = V + 1), x y w (a gap before w), lanes past
    # the width (1, 3) and the height (4, 6), lanes 2 and 5 disabled by the exec mask
    lt("load_2d_ok", 0x02, "2d", 6, (4, 3, 1), [0, 3, 1, 4, 2, 0xFFFFFFFF, 0, 1], [0, 1, 0, 1, 2, 0, 3, 1],
       ch=0xB, mask=0xFFFFFFDB, offs=(1, 1, 0))
    # the same surface stored x y z w on a one-channel format: only x lands (D256); lanes past the
    # last column (2, 5) are dropped
    lt("store_2d_r32_ok", 0x06, "2d", 0, (4, 3, 1), [0, 1, 4, 3, 2, 5, 1, 0], [0, 0, 0, 1, 2, 2, 2, 1], ch=0xF)
    # SIMD4 on PVC (blocks 16 lanes wide, D287), a register ss with ss_idx 1, 3D 2x2x2 two channels
    lt("load_3d_ss_pvc_ok", 0x02, "3d", 4, (2, 2, 2), [0, 1, 1, 2], [0, 1, 0, 1], [1, 0, 1, 1], [0, 0, 0, 0],
       ch=0x3, platform="PVC", exec_b=0x02, ss=True)
    # the older layout (no ss_idx, no offsets, D280): 1D array of 5 x 2 layers, P1 on
    lt("load_1darray_old_ok", 0x02, "1d_array", 8, (5, 1, 2), [0, 4, 2, 5, 1, 3, 0, 2], [0, 1, 1, 0, 2, 1, 0, 1],
       ch=0xD, pred=1, old=True)
    # legal only where they are: SIMD16 on PVC (D281), .ca.ca caching on Xe2 (D288); a platform
    # mutation to DG2 / MTL makes them invalid (mutants 218, 219 accept them)
    lt("store_2d_simd16_pvc_ok", 0x06, "2d", 7, (4, 3, 1), [0, 1, 2, 3, 0, 1, 2, 3, 3, 2, 1, 0, 4, 0, 1, 2],
       [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 3, 1, 2], ch=0x3, platform="PVC", exec_b=0x04)
    lt("load_2d_cached_xe2_ok", 0x02, "2d", 2, (4, 3, 1), [0, 1, 2, 3, 4, 0, 1, 2], [0, 1, 2, 0, 1, 2, 3, 0],
       ch=0x1, platform="Xe2", l1=2, l3=2)
    # the same two on DG2: invalid (E_EXEC_SIZE, E_LSC_CACHE), what mutants 218 and 219 accept
    lt("inv_store_simd16_dg2", 0x06, "2d", 7, (4, 3, 1), [0, 1, 2, 3, 0, 1, 2, 3, 3, 2, 1, 0, 4, 0, 1, 2],
       [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 3, 1, 2], ch=0x3, exec_b=0x04)
    lt("inv_load_cached_dg2", 0x02, "2d", 2, (4, 3, 1), [0, 1, 2, 3, 4, 0, 1, 2], [0, 1, 2, 0, 1, 2, 3, 0],
       ch=0x1, l1=2, l3=2)


def lsc_seeds():
    def lc(name, platform="PVC", offs=None, **kw):
        cc = base_case(platform=platform, version=401, offs=offs)
        cc.var(38, "uq", 16, b"".join(struct.pack("<Q", 0x100000000 + 8 * i) for i in range(16)))
        cc.var(39, "uw", 32, b"".join(u16(0xFFF0 + 2 * i) for i in range(32)))
        cc.var(42, "uw", 32, b"".join(u16(4 * i) for i in range(32)))
        cc.var(34, "ud", 1, u32(0x100))  # a bss/ss surface register: surface-state offset 0x100
        # the address-space model: flat regions at 0 (a32) and 4 GiB (V38's a64
        # addresses), bti 3 -> T6, surface-state 0x100 -> T6, 0x140 -> T7
        cc.memory[0] = (4096, [(0, bytes((i * 3 + 1) & 0xFF for i in range(256)))])
        cc.memory[0x100000000] = (4096, [(0, bytes((i * 5 + 2) & 0xFF for i in range(256)))])
        # a region at 2 GiB: an a32 address with its top bit set is mapped (zero- vs sign-extension shows)
        cc.memory[0x80000000] = (4096, [(0, bytes((i * 9 + 4) & 0xFF for i in range(64)))])
        # SLM of 64 KiB: every a16 address is inside it, so an a16 wrap (or its absence) shows
        cc.surfaces[0] = (65536, [(0, bytes(range(1, 65))), (0xFFC0, bytes(range(0xC0, 0x100)))])
        cc.bt[3] = 6
        cc.ss[0x100] = 6
        cc.ss[0x140] = 7
        cc.insn = lsc_untyped(cc, **kw)
        add("lsc_" + name, cc)

    def fe(name, *a, platform="DG2", **kw):
        cc = base_case(platform=platform, version=401)
        cc.insn = lsc_fence(*a, **kw)
        add("lsc_fence_" + name, cc)
    UGM, UGML, SLM = 0, 1, 3
    # fences (more in main(): lsc_fence_ok, _slm_ok, _urb_type6, _exec_pred_ignored, _inv_*)
    fe("ugm_evict_gpu", 0, 1, 3, platform="PVC")
    fe("inv_slm_scope", 3, 0, 1)
    fe("inv_op7", 0, 7, 0)
    fe("inv_scope7", 0, 0, 7)
    # plain valid cases (the *_ok starting corpus of scripts/mutation-eval.sh)
    lc("load_slm_ok", sub=0x00, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0), src0=(32, 0))
    lc("store_slm_ok", sub=0x04, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(0, 0), src0=(32, 0),
       src1=(33, 0))
    lc("atomic_iadd_slm_ok", sub=0x0C, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0),
       src0=(32, 0), src1=(33, 0), offs=[8 * (i // 4) for i in range(16)])
    lc("load_quad_slm_ok", sub=0x02, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0),
       src0=(32, 0), chmask=0xD, platform="DG2", offs=[16 * i for i in range(16)])
    lc("load_transposed_slm_ok", sub=0x00, exec_b=0x80, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0),
       src0=(32, 0), order=2, elems=5, offs=[20] * 16)
    # plain valid cases over each address model and shape (more *_ok starting points)
    lc("load_ugm_flat_ok", sub=0x00, exec_b=0x04, sfid=UGM, atype=1, asize=3, dsize=3, dst=(33, 0), src0=(38, 0))
    lc("store_ugm_flat_a32_ok", sub=0x04, exec_b=0x03, sfid=UGM, atype=1, asize=2, dsize=3, dst=(0, 0),
       src0=(32, 0), src1=(33, 0), platform="DG2")
    lc("load_ugm_bti_ok", sub=0x00, exec_b=0x04, sfid=UGM, atype=4, asize=2, dsize=3, dst=(33, 0), src0=(32, 0),
       surf=imm(3))
    lc("store_ugm_bss_ok", sub=0x04, exec_b=0x04, sfid=UGM, atype=2, asize=2, dsize=3, dst=(0, 0),
       src0=(32, 0), src1=(33, 0), surf=gen(base_case(version=401), 34), ssidx=1)
    lc("load_ugml_x2_ok", sub=0x00, exec_b=0x03, sfid=UGML, atype=1, asize=3, dsize=3, dst=(33, 0), src0=(38, 0),
       elems=2)
    lc("atomic_iadd_ugm_d64_ok", sub=0x0C, exec_b=0x03, sfid=UGM, atype=1, asize=3, dsize=4, dst=(33, 0),
       src0=(38, 0), src1=(33, 0), platform="DG2")
    lc("load_strided_slm_ok", sub=0x01, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0),
       src0=(32, 0), pitch=imm(8), scale=2, off=4)
    lc("load_slm_a16_ok", sub=0x00, exec_b=0x04, sfid=SLM, atype=1, asize=1, dsize=3, dst=(33, 0), src0=(42, 0))
    lc("load_slm_d16u32_xe2_ok", sub=0x00, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=6, dst=(33, 0),
       src0=(32, 0), platform="Xe2")
    lc("store_uncompressed_slm_ok", sub=0x1C, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(0, 0),
       src0=(32, 0), src1=(33, 0))
    lc("prefetch_slm_ok", sub=0x00, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(0, 0), src0=(32, 0))
    lc("atomic_iinc_slm_d16u32_xe2_ok", sub=0x08, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=6, dst=(33, 0),
       src0=(32, 0), platform="Xe2")
    # fuzz-reach: every LSC_UNTYPED sub-op in the starting corpus itself (see the DWORD_ATOMIC ones)
    lc("store_strided_slm_ok", sub=0x05, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(0, 0),
       src0=(32, 0), pitch=imm(8), src1=(33, 0))
    lc("store_quad_slm_ok", sub=0x06, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(0, 0), src0=(32, 0),
       src1=(33, 0), chmask=0x3, offs=[16 * i for i in range(16)])
    # load_status is "undefined" by its nature (its tag lsc:load_status), but not invalid: reach counts it
    lc("load_status_ugm_ok", sub=0x1B, exec_b=0x04, sfid=UGM, atype=1, asize=3, dsize=3, dst=(33, 0),
       src0=(38, 0))
    for name, sub, nsrc in (("idec", 0x09, 0), ("load", 0x0A, 0), ("store", 0x0B, 1), ("isub", 0x0D, 1),
                            ("smin", 0x0E, 1), ("smax", 0x0F, 1), ("umin", 0x10, 1), ("umax", 0x11, 1),
                            ("icas", 0x12, 2), ("fadd", 0x13, 1), ("fsub", 0x14, 1), ("fmin", 0x15, 1),
                            ("fmax", 0x16, 1), ("fcas", 0x17, 2), ("and", 0x18, 1), ("or", 0x19, 1),
                            ("xor", 0x1A, 1)):
        srcs = dict(src1=(33, 0) if nsrc else (0, 0), src2=(33, 64) if nsrc == 2 else (0, 0))
        lc("atomic_%s_ugm_ok" % name, sub=sub, exec_b=0x04, sfid=UGM, atype=1, asize=3, dsize=3, dst=(33, 0),
           src0=(38, 0), **srcs)
    # forms the example DUTs answer "unsupported" (after validation): diff_fuzzer must not
    # count them as divergences, whatever the oracle says (as check counts them apart)
    lc("load_status_ugm_unsupported", sub=0x1B, exec_b=0x04, sfid=UGM, atype=1, asize=3, dsize=3, dst=(33, 0),
       src0=(38, 0))
    lc("load_arg_unsupported", sub=0x00, exec_b=0x04, sfid=UGM, atype=5, asize=2, dsize=3, dst=(33, 0),
       src0=(32, 0))
    # shapes, address corners
    lc("load_slm_x3_dg2", sub=0x00, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0), src0=(32, 0),
       elems=3, platform="DG2", offs=[12 * i for i in range(16)])
    lc("load_slm_d64x2", sub=0x00, exec_b=0x01, sfid=SLM, atype=1, asize=2, dsize=4, dst=(33, 0), src0=(32, 0),
       elems=2, platform="DG2", offs=[16 * i for i in range(16)])
    lc("load_slm_d8", sub=0x00, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=1, dst=(33, 0), src0=(32, 0),
       offs=[3 * i for i in range(16)])
    lc("load_slm_d16u32h", sub=0x00, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=7, dst=(33, 0), src0=(32, 0))
    lc("store_slm_d8u32", sub=0x04, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=5, dst=(0, 0), src0=(32, 0),
       src1=(33, 0), offs=[i for i in range(16)])
    lc("load_slm_a16_wrap", sub=0x00, exec_b=0x04, sfid=SLM, atype=1, asize=1, dsize=3, dst=(33, 0), src0=(39, 0),
       off=0x20)
    lc("load_slm_scale4_negoff", sub=0x00, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0),
       src0=(32, 0), scale=4, off=(-8) & 0xFFFFFFFF, offs=list(range(2, 18)))
    lc("load_slm_last_dword", sub=0x00, exec_b=0x00, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0),
       src0=(32, 0), offs=[4092] * 16)
    lc("load_slm_oob", sub=0x00, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0), src0=(32, 0),
       offs=[4088 + 4 * i for i in range(16)])
    lc("load_strided_slm", sub=0x01, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0), src0=(32, 0),
       pitch=imm(12))
    lc("store_strided_slm_pitch0", sub=0x05, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(0, 0),
       src0=(32, 0), pitch=imm(0), src1=(33, 0))
    lc("store_quad_slm_xyz", sub=0x06, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(0, 0), src0=(32, 0),
       src1=(33, 0), chmask=0x7, offs=[16 * i for i in range(16)])
    lc("prefetch_ugm", sub=0x00, exec_b=0x05, sfid=UGM, atype=1, asize=3, dsize=3, dst=(0, 0), src0=(38, 0))
    lc("load_ugm_flat_a64", sub=0x00, exec_b=0x04, sfid=UGM, atype=1, asize=3, dsize=3, dst=(33, 0), src0=(38, 0),
       l1=1, l3=1)
    lc("load_ugm_bti", sub=0x00, exec_b=0x04, sfid=UGM, atype=4, asize=2, dsize=3, dst=(33, 0), src0=(32, 0),
       surf=imm(3))
    lc("store_ugm_bss_reg_ssidx", sub=0x04, exec_b=0x04, sfid=UGM, atype=2, asize=2, dsize=3, dst=(0, 0),
       src0=(32, 0), src1=(33, 0), surf=gen(base_case(version=401), 34), ssidx=2)
    lc("store_ugm_st_uc", sub=0x04, exec_b=0x04, sfid=UGM, atype=1, asize=3, dsize=3, dst=(0, 0), src0=(38, 0),
       src1=(33, 0), l1=5, l3=1)
    # atomics
    lc("atomic_icas_slm_d64_collide", sub=0x12, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=4, dst=(33, 0),
       src0=(32, 0), src1=(33, 0), src2=(33, 64), offs=[0] * 16, platform="DG2")
    lc("atomic_iinc_slm_d16u32", sub=0x08, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=6, dst=(33, 0),
       src0=(32, 0), offs=[2 * i for i in range(16)], platform="DG2")
    lc("atomic_umax_slm", sub=0x11, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(0, 0), src0=(32, 0),
       src1=(33, 0))
    lc("atomic_fmax_slm_collide", sub=0x16, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(36, 0),
       src0=(32, 0), src1=(36, 0), offs=[0] * 16)
    lc("atomic_iadd_ugm_d64", sub=0x0C, exec_b=0x04, sfid=UGM, atype=1, asize=3, dsize=4, dst=(33, 0),
       src0=(38, 0), src1=(33, 0))
    # invalid encodings
    lc("inv_a16_ugm", sub=0x00, exec_b=0x04, sfid=UGM, atype=1, asize=1, dsize=3, dst=(33, 0), src0=(39, 0))
    lc("inv_transposed_simd8", sub=0x00, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0),
       src0=(32, 0), order=2, elems=4)
    lc("inv_slm_cache_uc", sub=0x00, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0), src0=(32, 0),
       l1=1, l3=1)
    lc("inv_atomic_x2", sub=0x0C, exec_b=0x04, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0), src0=(32, 0),
       src1=(33, 0), elems=2)
    lc("inv_store_quad_xz", sub=0x06, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(0, 0), src0=(32, 0),
       src1=(33, 0), chmask=0x5)
    lc("inv_vector_d16", sub=0x00, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=2, dst=(33, 0), src0=(32, 0),
       elems=2)
    lc("inv_sfid_tgm", sub=0x00, exec_b=0x03, sfid=2, atype=1, asize=2, dsize=3, dst=(33, 0), src0=(32, 0))
    lc("inv_subop_1d", sub=0x1D, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0), src0=(32, 0))
    lc("inv_tgllp", sub=0x00, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0), src0=(32, 0),
       platform="TGLLP")
    lc("inv_scale3", sub=0x00, exec_b=0x03, sfid=SLM, atype=1, asize=2, dsize=3, dst=(33, 0), src0=(32, 0),
       scale=3)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "corpus/oracle_fuzzer"
    os.makedirs(out, exist_ok=True)
    family_seeds("scatter4_scaled", build_fourch(0x75))
    family_seeds("gather4_scaled", build_fourch(0x74, ch=0xF, size_code=4))
    family_seeds("scatter", build_scattered(0x3A))
    family_seeds("gather", build_scattered(0x39, elt=0, ne=1))
    family_seeds("oword_st", build_oword(0x36))
    family_seeds("oword_ld", build_oword(0x35, size=2))
    family_seeds("oword_ld_unaligned", build_oword(0x3C, size=0))
    family_seeds("gather_scaled", build_scaled(0x78))
    family_seeds("scatter_scaled", build_scaled(0x79, nblk=0))
    lsc_seeds()
    block2d_seeds()
    media_seeds()
    typed_seeds()
    lsc_typed_seeds()

    # field-specific invalid encodings and other shapes
    def one(name, insn, **kw):
        c = base_case(**kw)
        c.insn = insn
        add(name, c)

    c = base_case()
    one("scatter4_scaled_inv_exec6", fourch(c, 0x75, 6, 0, 5, 6, imm(0), (32, 0), (33, 0)))
    one("scatter4_scaled_inv_exec32", fourch(c, 0x75, 5, 0, 5, 6, imm(0), (32, 0), (33, 0)))
    one("scatter4_scaled_inv_chmask0", fourch(c, 0x75, 3, 0, 0, 6, imm(0), (32, 0), (33, 0)))
    one("scatter4_scaled_inv_chmask_hi", fourch(c, 0x75, 3, 0, 0x15, 6, imm(0), (32, 0), (33, 0)))
    one("scatter4_scaled_inv_scale", fourch(c, 0x75, 3, 0, 5, 6, imm(0), (32, 0), (33, 0), scale=1))
    one("scatter4_scaled_inv_mask_ctrl", fourch(c, 0x75, 0x74, 0, 5, 6, imm(0), (32, 0), (33, 0)))
    one("scatter4_scaled_simd1", fourch(c, 0x75, 0, 0, 0xF, 6, imm(0), (32, 0), (33, 0)))
    one("scatter4_scaled_simd16_rgba", fourch(c, 0x75, 4, 0, 0xF, 6, imm(0), (32, 0), (33, 0)))
    one("scatter4_scaled_simd8_grf64_rgba", fourch(c, 0x75, 3, 0, 0xF, 6, imm(0), (32, 0), (33, 0)), platform="PVC")
    one("scatter_inv_elt3", scattered(c, 0x3A, 3, 0, 6, imm(0), (32, 0), (33, 0)))
    one("scatter_inv_elt_hi", scattered(c, 0x3A, 0x12, 0, 6, imm(0), (32, 0), (33, 0)))
    one("scatter_inv_ne3", scattered(c, 0x3A, 2, 3, 6, imm(0), (32, 0), (33, 0)))
    one("scatter_inv_ne_hi", scattered(c, 0x3A, 2, 0x4, 6, imm(0), (32, 0), (33, 0)))
    one("scatter_elt1_n16", scattered(c, 0x3A, 0, 1, 6, imm(3), (32, 0), (33, 0)))
    one("scatter_elt2_n1", scattered(c, 0x3A, 1, 2, 6, imm(3), (32, 0), (33, 0)))
    one("scatter_m5_n8", scattered(c, 0x3A, 2, 0x40, 6, imm(0), (32, 0), (33, 0)), mask=0x00F00000)
    one("oword_st_inv_size5", oword(c, 0x36, 5, 6, imm(0), (33, 0)))
    one("oword_st_inv_size16_tgl", oword(c, 0x36, 4, 0, imm(0), (33, 0)))
    one("oword_st_size16_slm_pvc", oword(c, 0x36, 4, 0, imm(0), (33, 0)), platform="PVC")
    one("oword_st_slm_skl", oword(c, 0x36, 1, 0, imm(0), (33, 0)), platform="SKL")
    one("oword_st_size8", oword(c, 0x36, 3, 6, imm(1), (33, 0)))
    one("gather_scaled_inv_nblk3", scaled(c, 0x78, 3, 0, 3, 6, imm(0), (32, 0), (33, 0)))
    one("gather_scaled_inv_bsize", scaled(c, 0x78, 3, 0, 0, 6, imm(0), (32, 0), (33, 0), bsize=1))
    one("gather_scaled_inv_scale", scaled(c, 0x78, 3, 0, 0, 6, imm(0), (32, 0), (33, 0), scale=2))
    one("gather_scaled_simd32", scaled(c, 0x78, 5, 0, 2, 6, imm(0), (32, 0), (33, 0)))
    one("gather_scaled_simd1_nm", scaled(c, 0x78, 0x80, 0, 1, 6, imm(2), (32, 0), (33, 0)))
    cc = base_case()
    cc.var(7, "ud", 8)  # %r0 is read-only
    cc.insn = scaled(cc, 0x78, 3, 0, 2, 6, imm(0), (32, 0), (7, 0))
    add("gather_scaled_inv_read_only_dst", cc)
    one("gather_scaled_inv_null_eoff", scaled(c, 0x78, 3, 0, 2, 6, imm(0), (0, 0), (33, 0)))
    one("unknown_opcode", b"\x00\x01\x02\x03")
    one("empty_insn", b"")
    one("qw_gather_inv_platform_tgl", bytes([0x86, 3, 0, 0, 0, 6]) + raw(c, 32) + raw(c, 33))
    # issue 8: QW_GATHER / QW_SCATTER (XeHP_SDV+, data Q/UQ/DF, no global offset; D40-D43)
    def qw_one(name, op, exec_b=3, pred=0, nb=0, surf=6, eoff=(32, 0), data=(37, 0), platform="XeHP_SDV",
               version=306, mask=0xFFFFFFFF, offs=None, dtype="uq"):
        cc = base_case(platform=platform, version=version, mask=mask, offs=offs)
        cc.var(37, dtype, 256 // TSIZE[dtype], bytes((i * 13 + 5) & 0xFF for i in range(256)))
        cc.insn = bytes([op, exec_b]) + u16(pred) + bytes([nb, surf]) + raw(cc, *eoff) + raw(cc, *data)
        add(name, cc)
    for tag, op in (("qw_gather", 0x86), ("qw_scatter", 0x87)):
        qw_one(f"{tag}_ok", op, offs=[8 * i for i in range(16)])
        qw_one(f"{tag}_simd16_grf64", op, exec_b=4, platform="PVC", offs=[16 * i for i in range(16)])
        qw_one(f"{tag}_pred_any", op, pred=0x2001, offs=[8 * i for i in range(16)])
        qw_one(f"{tag}_misaligned", op, offs=[8 * i + 4 for i in range(16)])
        qw_one(f"{tag}_oob", op, offs=[248 + 8 * i for i in range(16)])
        qw_one(f"{tag}_overlap", op, offs=[0] * 16)
        qw_one(f"{tag}_slm_nomask", op, exec_b=0x83, surf=0, mask=0)
        qw_one(f"{tag}_q_data", op, dtype="q", platform="Xe2")
        qw_one(f"{tag}_v33_ids16", op, version=303)
        qw_one(f"{tag}_inv_nblocks", op, nb=1)
        qw_one(f"{tag}_inv_type", op, data=(33, 0))
        qw_one(f"{tag}_inv_exec32", op, exec_b=5)
    qw_one("qw_gather_null_dst", 0x86, data=(0, 0))
    one("dword_atomic_unsupported", bytes([0x7D, 0, 3, 0, 0, 6]) + imm(0) + raw(c, 32) + raw(c, 33))
    # ---- DWORD_ATOMIC (DWORD_ATOMIC): op exec pred surface eoff src0 src1 dst ----
    def atomic(cc, op, exec_b, pred, surf, e, a, b, d):
        return bytes([0x7D, op, exec_b]) + u16(pred) + bytes([surf]) + raw(cc, e) + raw(cc, a) + raw(cc, b) + raw(cc, d)

    def at(name, op, exec_b, a, b, d, pred=0, surf=6, e=32, **kw):
        cc = base_case(**kw)
        cc.var(37, "d", 64, bytes((i * 5 + 3) & 0xFF for i in range(256)))
        cc.insn = atomic(cc, op, exec_b, pred, surf, e, a, b, d)
        add("dword_atomic_" + name, cc)

    at("add_simd8", 0x00, 3, 33, 0, 33)
    at("add_collide16", 0x00, 0x84, 33, 0, 33, offs=[0] * 16)
    at("add_collide16_null_dst", 0x00, 0x84, 33, 0, 0, offs=[0] * 16)
    at("xchg_collide_pairs", 0x06, 0x83, 33, 0, 33, offs=[8 * (i // 2) for i in range(16)])
    at("cmpxchg_collide", 0x07, 0x83, 33, 33, 33, offs=[4] * 16)
    at("inc_null_dst_slm", 0x02, 0x83, 0, 0, 0, surf=0, offs=[0] * 16)
    at("predec_oob", 0x0D, 0x83, 0, 0, 33, offs=[252, 256, 1 << 31] + [0] * 13)
    at("inc_ok", 0x02, 3, 0, 0, 33)  # fuzz-reach: the seeded run reaches inc (the typed seeds moved its path)
    at("minsint_pred", 0x0B, 3, 37, 0, 37, pred=0x8001)
    at("fmax_collide", 0x10, 0x84, 36, 0, 36, offs=[0] * 16)
    at("fcmpwr", 0x12, 3, 36, 36, 36)
    at("fadd_pvc", 0x13, 0x84, 36, 0, 36, platform="PVC", offs=[0] * 16)
    at("fsub16_dg2", 0x34, 3, 36, 0, 0, platform="DG2")
    at("add16_misaligned", 0x20, 3, 33, 0, 33, offs=[1, 2, 4, 6, 8, 10, 12, 14] + [0] * 8)
    at("add_v33", 0x00, 3, 33, 0, 33, version=303)
    at("inv_op0e", 0x0E, 3, 33, 0, 33)
    at("inv_width64", 0x40, 3, 33, 0, 33)
    at("inv_inc_src0", 0x02, 3, 33, 0, 33)
    at("inv_add_src1", 0x00, 3, 33, 33, 33)
    at("inv_minsint_ud", 0x0B, 3, 33, 0, 33)
    at("inv_fadd_tgllp", 0x13, 3, 36, 0, 36)
    # issue 8: plain valid cases named *_ok, the starting corpus of scripts/mutation-eval.sh
    at("ok", 0x00, 3, 33, 0, 33)
    at("xchg_collide_ok", 0x06, 0x83, 33, 0, 33, offs=[8 * (i // 2) for i in range(16)])
    at("minsint_ok", 0x0B, 3, 37, 0, 37)
    at("predec_ok", 0x0D, 3, 0, 0, 33)
    # fuzz-reach: every op in the starting corpus itself, so the reach check does not hang on
    # which equal-sized seed libFuzzer happens to load first (file order differs between file systems)
    for name, op, a, b, d, kw in (("sub", 0x01, 33, 0, 33, {}), ("dec", 0x03, 0, 0, 33, {}),
                                  ("min", 0x04, 33, 0, 33, {}), ("max", 0x05, 33, 0, 33, {}),
                                  ("and", 0x08, 33, 0, 33, {}), ("xor", 0x0A, 33, 0, 33, {}),
                                  ("maxsint", 0x0C, 37, 0, 37, {}), ("fmax", 0x10, 36, 0, 36, {}),
                                  ("fmin", 0x11, 36, 0, 36, {}), ("fcmpwr", 0x12, 36, 36, 36, {}),
                                  ("fsub", 0x14, 36, 0, 36, dict(platform="PVC"))):
        at(name + "_ok", op, 3, a, b, d, **kw)
    cc = base_case(offs=[0] * 16)
    cc.var(38, "ud", 16, dwords([0x43424140] * 16))  # the dword at byte 0 of T6: the compare succeeds
    cc.insn = atomic(cc, 0x07, 3, 0, 6, 32, 33, 38, 33)
    add("dword_atomic_cmpxchg_ok", cc)
    # ---- LSC_FENCE (issue 14): 8b exec pred(uw) sfid op scope; LSC needs DG2+ (D100) ----
    for name, b, kw in (("lsc_fence_ok", [0x80, 0, 0, 0, 1, 3], dict(platform="DG2")),
                        ("lsc_fence_slm_ok", [0x80, 0, 0, 3, 0, 0], dict(platform="PVC")),
                        ("lsc_fence_urb_type6", [0x80, 0, 0, 4, 6, 6], dict(platform="Xe2")),
                        ("lsc_fence_exec_pred_ignored", [0x07, 0x01, 0x80, 1, 5, 5], dict(platform="Xe3")),
                        ("lsc_fence_inv_slm_op", [0x80, 0, 0, 3, 4, 0], dict(platform="MTL")),
                        ("lsc_fence_inv_sfid", [0x80, 0, 0, 5, 0, 0], dict(platform="DG2")),
                        ("lsc_fence_inv_tgllp", [0x80, 0, 0, 0, 0, 0], dict(platform="TGLLP"))):
        one(name, bytes([0x8B] + b), **kw)
    # ---- legacy FENCE (issue 26): 5c mask(ub); every mask valid on every platform (D160-D162) ----
    for name, b, kw in (("fence_global_ok", [0x01], dict(platform="SKL")),
                        ("fence_local_ok", [0x21], dict(platform="ICLLP")),
                        ("fence_local_pre_icl_ok", [0x20], dict(platform="SKL")),
                        ("fence_sw_ok", [0x80], dict(platform="TGLLP")),
                        ("fence_sw_bits_ok", [0xDF], dict(platform="BDW")),
                        ("fence_flush_l1_ok", [0x5F], dict(platform="CHV")),
                        ("fence_lsc_platform_ok", [0x7F], dict(platform="DG2")),
                        ("fence_inv_truncated", [], dict(platform="Xe2")),
                        ("fence_inv_trailing", [0x00, 0x00], dict(platform="TGLLP"))):
        one(name, bytes([0x5C] + b), **kw)
    # ---- SVM_BLOCK_LD / SVM_BLOCK_ST (issue 26): 4e sub props address(V60 UQ or imm UQ) data (D164-D174) ----
    def svm_blk(name, sub, props, addr_vec, data_id=33, platform="TGLLP", addr=0xFFFFFFF0):
        cc = base_case(platform=platform)
        cc.var(60, "uq", 4, struct.pack("<QQQQ", addr, 0xFFFFFFFFFFFFFFF0, 0x100000004, 0x100000100))
        cc.memory[0xFFFFF000] = (8192, [(4080, bytes(range(32))), (8176, bytes(range(0x60, 0x70)))])
        cc.memory[0] = (4096, [(0, bytes(range(0x40, 0x80)))])
        cc.memory[0xFFFFFFFFFFFFF000] = (4096, [(4080, bytes(range(0xA0, 0xB0)))])
        cc.insn = bytes([0x4E, sub, props]) + addr_vec + u32(data_id) + u16(0)
        add(name, cc)
    def reg(col=0):
        return bytes([0, 60, 0, 0, 0, 0, col, 0x21, 0x01])
    def uqimm(v):
        return bytes([5, 11]) + struct.pack("<Q", v)
    svm_blk("svm_block_ld_ok", 1, 1, reg())
    svm_blk("svm_block_ld_wrap_ok", 1, 1, reg(1))
    svm_blk("svm_block_ld_unaligned_ok", 1, 8, reg(2))
    svm_blk("svm_block_ld_bit7_ok", 1, 0x80, reg(3))
    svm_blk("svm_block_ld_imm_ok", 1, 3, uqimm(0xFFFFF000))
    svm_blk("svm_block_st_ok", 2, 2, reg())
    svm_blk("svm_block_st_bit3_ok", 2, 8, reg(2))
    svm_blk("svm_block_st_unmapped", 2, 3, uqimm(0x100000FC0))
    svm_blk("svm_block_inv_props", 1, 0x14, reg())
    svm_blk("svm_block_inv_imm_ud", 1, 0, bytes([5, 0]) + u32(0))
    svm_blk("svm_block_inv_subop", 3, 0, reg())
    # ---- LSC_UNTYPED (issue 14; HEAD reader layout with ss_idx, D110): 89 subop exec pred sfid l1 l3
    # addr_type scale(uw) imm_offset(d) addr_size data_size order elems chmask Surface ss_idx(ud) dst src0 src1 src2
    def lsc(cc, sub, exec_b=4, pred=0, sfid=0, l1=0, l3=0, at=1, scale=1, off=0, asz=3, ds=3, order=1, elems=1,
            chm=0, surf=None, ssidx=0, dst=41, src0=40, src1=0, src2=0, pitch=None):
        b = bytes([0x89, sub, exec_b]) + u16(pred) + bytes([sfid, l1, l3, at]) + u16(scale) + u32(off & 0xFFFFFFFF)
        b += bytes([asz, ds, order, elems, chm]) + (surf if surf is not None else imm(0)) + u32(ssidx)
        b += raw(cc, dst) + raw(cc, src0)
        if pitch is not None:
            return b + pitch + raw(cc, src1)
        return b + raw(cc, src1) + raw(cc, src2)

    def lu(name, platform="DG2", **kw):
        cc = base_case(platform=platform)
        cc.var(40, "uq", 16, bytes((i * 11 + 3) & 0xFF for i in range(128)))
        cc.var(41, "ud", 64, bytes((i * 5 + 7) & 0xFF for i in range(256)))
        cc.insn = lsc(cc, **kw)
        add("lsc_untyped_" + name, cc)
    lu("load", sub=0x00)
    lu("load_transposed", sub=0x00, exec_b=0x80, order=2, elems=6, platform="PVC")
    lu("store_slm_a32", sub=0x04, sfid=3, asz=2, src0=32, dst=0, src1=41, elems=2)
    lu("load_strided", sub=0x01, pitch=imm(8), platform="Xe2")
    lu("load_quad", sub=0x02, chm=0xB, elems=0, platform="Xe3")
    lu("atomic_icas", sub=0x12, src1=41, src2=41, platform="MTL")
    lu("bti", sub=0x00, at=4, surf=imm(4), asz=2, src0=32)
    lu("inv_cache_pair", sub=0x00, l1=0, l3=2)
    lu("inv_block2d", sub=0x03)
    lu("inv_payload", sub=0x00, ds=4, elems=5, platform="PVC")
    # platforms and versions
    for i, p in enumerate(PLATFORMS):
        cc = base_case(platform=p, version=[300, 303, 304, 306, 310, 400, 401][i % 7])
        cc.insn = scaled(cc, 0x78, 3, 0, 2, 5, imm(0), (32, 0), (33, 0))
        add(f"platform_{p}_gather_scaled", cc)
    # a state vo_state_check rejects (predefined with the wrong size cannot be
    # encoded: reserved id 22 instead)
    cc = base_case()
    cc.var(22, "ud", 1)
    cc.insn = scaled(cc, 0x78, 3, 0, 2, 5, imm(0), (32, 0), (33, 0))
    add("state_reserved_var_id", cc)
    # predefined variables as operands
    cc = base_case()
    cc.var(8, "ud", 256, dwords(range(8)))
    cc.insn = fourch(cc, 0x75, 3, 0, 1, 6, imm(0), (8, 0), (33, 0))
    add("scatter4_scaled_predef_arg_offsets", cc)
    # an empty state
    cc = Case()
    cc.insn = oword(cc, 0x36, 0, 5, imm(0), (33, 0))
    add("empty_state", cc)

    for name, data in sorted(SEEDS.items()):
        with open(os.path.join(out, name + ".bin"), "wb") as f:
            f.write(data)
    print(f"gen_seeds: wrote {len(SEEDS)} seeds to {out}")


if __name__ == "__main__":
    main()
