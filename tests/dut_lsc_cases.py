#!/usr/bin/env python3
"""Hand-built LSC_UNTYPED / LSC_FENCE cases for the example DUTs.

Every instruction is encoded by hand from the byte layout of the current vISA
reader (LSC_UNTYPED: exec, pred, sfid, l1, l3, then the address block
`type ub, scale uw, offset d, size ub`, the data shape `size, order, elems,
chmask`, the Surface operand, a `ud` surface-state index, then the raw
operands) and every expected byte is worked out from Intel's LSC_UNTYPED and
LSC_FENCE pages, not from the oracle.

  dut_lsc_cases.py --dut-cmd "python3 examples/dut_py/dut.py" [-v]
  dut_lsc_cases.py --dut-lib build/examples/libdut_example.so [-v]
  dut_lsc_cases.py --expect-fail --dut-lib build/examples/libdut_mutant_51.so

(--dut-lib drives the C ABI of oracle/include/visa_dut.h through ctypes, with
a small host holding the surfaces and the flat memory.)

Exit 0 when every case passes (with --expect-fail: when at least one fails), 1 otherwise.
"""
import json
import os
import subprocess
import sys

# ---- encoding ----


def b1(v):
    return bytes([v & 0xFF])


def b2(v):
    return (v & 0xFFFF).to_bytes(2, "little")


def b4(v):
    return (v & 0xFFFFFFFF).to_bytes(4, "little")


def raw(vid, off=0):
    return b4(vid) + b2(off)


NULL = raw(0)


def imm(v):
    return b1(0x05) + b1(0x00) + b4(v)


def gen(vid, row=0, col=0):
    return b1(0x00) + b4(vid) + b1(row) + b1(col) + b2(0x0121)


# sub-ops
LOAD, LOADS, LOADQ, STORE, STORES, STOREQ = 0x00, 0x01, 0x02, 0x04, 0x05, 0x06
IINC, IADD, ICAS, FADD, FMAX = 0x08, 0x0C, 0x12, 0x13, 0x16
UGM, UGML, SLM = 0, 1, 3
FLAT, BSS, SS, BTI = 1, 2, 3, 4
A16, A32, A64 = 1, 2, 3
D8, D16, D32, D64, D8U32, D16U32, D16U32H = range(1, 8)
NT, TR = 1, 2


def lsc(sub, exec_b, sfid, atype, asize, dsize, dst, src0, src1=NULL, src2=NULL, *,
        pred=0, l1=0, l3=0, scale=1, off=0, order=NT, elems=1, chmask=0, surf=None,
        ssidx=0, pitch=None):
    surf = imm(0) if surf is None else surf
    s = b1(0x89) + b1(sub) + b1(exec_b) + b2(pred) + b1(sfid) + b1(l1) + b1(l3)
    s += b1(atype) + b2(scale) + b4(off) + b1(asize)
    s += b1(dsize) + b1(order) + b1(elems) + b1(chmask)
    s += surf + b4(ssidx) + dst
    if sub in (LOADS, STORES):
        s += src0 + (imm(0) if pitch is None else pitch) + src1
    else:
        s += src0 + src1 + src2
    return s


def fence(sfid, op, scope, exec_b=0, pred=0):
    return b1(0x8B) + b1(exec_b) + b2(pred) + b1(sfid) + b1(op) + b1(scope)


# ---- cases ----
PLAT = {"DG2": 32, "MTL": 32, "PVC": 64, "PVCXT": 64, "Xe2": 64, "TGLLP": 32}


def le(vals, n):
    return b"".join(v.to_bytes(n, "little") for v in vals)


def runs(d):
    """data runs: bytes at offset 0, or a list of (offset, bytes)"""
    if isinstance(d, list):
        return [[o, b.hex()] for o, b in d]
    return [[0, d.hex()]] if d else []


def case(name, plat, insn, vars_=(), memory=(), surfaces=(), bt=(), sst=(), em="ffffffff"):
    return {"name": name, "input": {
        "platform": {"name": plat, "grf_bytes": PLAT[plat], "visa_version": "4.1"},
        "insn": insn.hex(), "exec_mask": em,
        "vars": [{"id": i, "type": t, "num_elts": len(d) // {"ud": 4, "d": 4, "uq": 8, "q": 8, "uw": 2,
                                                               "f": 4, "df": 8}[t], "data": d.hex()}
                 for i, t, d in vars_],
        "preds": [], "addrs": [],
        "surfaces": [{"index": i, "size": sz, "data": runs(d)} for i, sz, d in surfaces],
        "memory": [{"base": "0x%016x" % b, "size": sz, "data": runs(d)} for b, sz, d in memory],
        "binding_table": [{"bti": b, "surface": s} for b, s in bt],
        "surface_state": [{"offset": o, "surface": s} for o, s in sst]}}


MEMB = 0x0000000100000000
PAT = bytes((i * 7 + 3) & 0xFF for i in range(256))  # memory pattern: byte k = 7k+3


def pat32(k):
    return int.from_bytes(PAT[k:k + 4], "little")


CASES = []


def add(c, status, expect=None):
    """expect: {("var", id): bytes} / {("mem", i): bytes at base} / {("surf", idx): bytes at 0}"""
    c["status"], c["expect"] = status, expect or {}
    CASES.append(c)


# 1. LSC_FENCE: a valid fence changes nothing; SLM fences allow op none / scope group only
add(case("fence ugm.evict.gpu PVC", "PVC", fence(UGM, 1, 3)), "ok")
add(case("fence slm.none.group DG2", "DG2", fence(SLM, 0, 0)), "ok")
# D96: the fence's exec byte and pred word are read and ignored
add(case("fence exec 0x07 pred P9 (ignored) ok", "DG2", fence(UGM, 0, 0, exec_b=0x07, pred=0x0009)), "ok")
add(case("fence slm.evict.group invalid", "PVC", fence(SLM, 1, 0)), "invalid")
add(case("fence scope 7 invalid", "PVC", fence(UGM, 0, 7)), "invalid")
add(case("fence op 7 invalid", "PVC", fence(UGM, 7, 0)), "invalid")
add(case("fence on TGLLP (no LSC) invalid", "TGLLP", fence(UGM, 0, 0)), "invalid")
add(case("fence truncated invalid", "PVC", fence(UGM, 0, 0)[:-1]), "invalid")

# 2. flat a64 d32 gather, DG2 SIMD8: dst[n] = mem32[4*(7-n)]
addrs = le([MEMB + 4 * (7 - n) for n in range(8)], 8)
add(case("load.ugm d32 a64 SIMD8 DG2", "DG2",
         lsc(LOAD, 0x03, UGM, FLAT, A64, D32, raw(33), raw(32)),
         [(32, "uq", addrs), (33, "ud", bytes(32))], memory=[(MEMB, 256, PAT)]),
    "ok", {("var", 33): le([pat32(4 * (7 - n)) for n in range(8)], 4)})

# 3. execution mask: lanes 1 and 3 disabled keep their old value (0xEE bytes)
add(case("load.ugm d32 a64 SIMD8 disabled lanes", "DG2",
         lsc(LOAD, 0x03, UGM, FLAT, A64, D32, raw(33), raw(32)),
         [(32, "uq", addrs), (33, "ud", b"\xee" * 32)], memory=[(MEMB, 256, PAT)], em="000000f5"),
    "ok", {("var", 33): b"".join(b"\xee" * 4 if n in (1, 3) else pat32(4 * (7 - n)).to_bytes(4, "little")
                                 for n in range(8))})

# 4. d32x2 non-transposed, PVCXT SIMD16 (GRF 64, minimum width 16): component v of lane n at byte 64*v + 4*n
a32 = le([8 * n for n in range(16)], 4)
exp = le([pat32(8 * n) for n in range(16)], 4) + le([pat32(8 * n + 4) for n in range(16)], 4)
add(case("load.ugm d32x2 a32 SIMD16 PVCXT", "PVCXT",
         lsc(LOAD, 0x04, UGM, FLAT, A32, D32, raw(33), raw(32), elems=2),
         [(32, "ud", a32), (33, "ud", bytes(128))], memory=[(0, 256, PAT)]),
    "ok", {("var", 33): exp})
# 4b. the same on PVC (no half-SIMD LSC: minimum width 32, D146): component v at byte 128*v + 4*n
add(case("load.ugm d32x2 a32 SIMD16 PVC", "PVC",
         lsc(LOAD, 0x04, UGM, FLAT, A32, D32, raw(33), raw(32), elems=2),
         [(32, "ud", a32), (33, "ud", bytes(256))], memory=[(0, 256, PAT)]),
    "ok", {("var", 33): exp[:64] + bytes(64) + exp[64:] + bytes(64)})

# 5. transposed d32x4, SIMD1: the four dwords at the one address, consecutive
add(case("load.ugm d32x4t a64 SIMD1 PVC", "PVC",
         lsc(LOAD, 0x80, UGM, FLAT, A64, D32, raw(33), raw(32), order=TR, elems=4),
         [(32, "uq", le([MEMB + 16], 8)), (33, "ud", bytes(64))], memory=[(MEMB, 256, PAT)]),
    "ok", {("var", 33): PAT[16:32] + bytes(48)})

# 6. transposed needs SIMD1
add(case("transposed SIMD8 invalid", "PVC",
         lsc(LOAD, 0x03, UGM, FLAT, A64, D32, raw(33), raw(32), order=TR, elems=4),
         [(32, "uq", le([MEMB] * 8, 8)), (33, "ud", bytes(256))], memory=[(MEMB, 256, PAT)]), "invalid")

# 7. AddrScale and AddrImmOffset: address = 4*a + 8
add(case("load.ugm scale 4 offset 8", "DG2",
         lsc(LOAD, 0x03, UGM, FLAT, A32, D32, raw(33), raw(32), scale=4, off=8),
         [(32, "ud", le(range(8), 4)), (33, "ud", bytes(32))], memory=[(0, 256, PAT)]),
    "ok", {("var", 33): le([pat32(4 * n + 8) for n in range(8)], 4)})

# 8. a16 on SLM wraps at 16 bits: 0xFFFE + 4 = 0x0002
add(case("load.slm d32 a16 wraps", "PVC",
         lsc(LOAD, 0x00, SLM, FLAT, A16, D32, raw(33), raw(32), off=4),
         [(32, "uw", le([0xFFFE] + [0] * 31, 2)), (33, "ud", bytes(64))], surfaces=[(0, 256, PAT)]),
    "ok", {("var", 33): PAT[2:6] + bytes(60)})
add(case("a16 on ugm invalid", "PVC",
         lsc(LOAD, 0x00, UGM, FLAT, A16, D32, raw(33), raw(32)),
         [(32, "uw", bytes(64)), (33, "ud", bytes(64))]), "invalid")

# 9. d16u32h: the 16-bit datum in the upper half of the lane's dword, lower half zero
add(case("load.ugm d16u32h", "DG2",
         lsc(LOAD, 0x01, UGM, FLAT, A32, D16U32H, raw(33), raw(32)),
         [(32, "ud", le([6, 10], 4)), (33, "ud", b"\xee" * 32)], memory=[(0, 256, PAT)]),
    "ok", {("var", 33): b"\x00\x00" + PAT[6:8] + b"\x00\x00" + PAT[10:12] + b"\xee" * 24})

# 10. d8u32 store writes the low byte of each lane's dword only (SLM, a32)
add(case("store.slm d8u32", "DG2",
         lsc(STORE, 0x01, SLM, FLAT, A32, D8U32, NULL, raw(32), raw(33)),
         [(32, "ud", le([1, 5], 4)), (33, "ud", le([0x44332211, 0x88776655], 4) + bytes(24))],
         surfaces=[(0, 16, b"\xaa" * 16)]),
    "ok", {("surf", 0): b"\xaa\x11\xaa\xaa\xaa\x55" + b"\xaa" * 10})

# 11. load_quad .xzw: enabled channels land in successive register blocks
add(case("load_quad.ugm xzw SIMD8 DG2", "DG2",
         lsc(LOADQ, 0x03, UGM, FLAT, A32, D32, raw(33), raw(32), chmask=0b1101),
         [(32, "ud", le([16 * n for n in range(8)], 4)), (33, "ud", bytes(128))], memory=[(0, 256, PAT)]),
    "ok", {("var", 33): le([pat32(16 * n) for n in range(8)], 4) + le([pat32(16 * n + 8) for n in range(8)], 4)
           + le([pat32(16 * n + 12) for n in range(8)], 4) + bytes(32)})

# 12. store_quad .xy: register block m goes to the m-th enabled channel
add(case("store_quad.ugm xy SIMD2", "DG2",
         lsc(STOREQ, 0x01, UGM, FLAT, A32, D32, NULL, raw(32), raw(33), chmask=0b0011),
         [(32, "ud", le([0, 16], 4)), (33, "ud", le([0xA0, 0xA1] + [0] * 6 + [0xB0, 0xB1] + [0] * 6, 4))],
         memory=[(0, 32, b"")]),
    "ok", {("mem", 0): le([0xA0, 0xB0, 0, 0, 0xA1, 0xB1, 0, 0], 4)})
add(case("store_quad xz invalid", "DG2",
         lsc(STOREQ, 0x01, UGM, FLAT, A32, D32, NULL, raw(32), raw(33), chmask=0b0101),
         [(32, "ud", bytes(32)), (33, "ud", bytes(64))]), "invalid")

# 13. bti(3) -> surface 6; an element past the surface reads zero
add(case("load.ugm bti(3) a32, one lane out of bounds", "DG2",
         lsc(LOAD, 0x01, UGM, BTI, A32, D32, raw(33), raw(32), surf=imm(3)),
         [(32, "ud", le([4, 64], 4)), (33, "ud", b"\xee" * 32)], surfaces=[(6, 64, PAT[:64])], bt=[(3, 6)]),
    "ok", {("var", 33): PAT[4:8] + bytes(4) + b"\xee" * 24})

# 14. bss(register) with ssIdx 2: surface-state offset = reg + 0x40*2
add(case("store.ugm bss(V34) ssIdx 2", "PVC",
         lsc(STORE, 0x00, UGM, BSS, A32, D32, NULL, raw(32), raw(33), surf=gen(34), ssidx=2),
         [(32, "ud", le([8] + [0] * 15, 4)), (33, "ud", le([0xCAFEF00D] + [0] * 15, 4)),
          (34, "ud", le([0x100] + [0] * 15, 4))],
         surfaces=[(6, 64, b""), (7, 64, b"")], sst=[(0x100, 6), (0x180, 7)]),
    "ok", {("surf", 7): bytes(8) + le([0xCAFEF00D], 4)})

# 15. strided: lane n at scale*base + n*pitch + offset
add(case("load_strided.ugm pitch 8", "DG2",
         lsc(LOADS, 0x02, UGM, FLAT, A64, D32, raw(33), raw(32), pitch=imm(8), off=4),
         [(32, "uq", le([MEMB], 8)), (33, "ud", bytes(32))], memory=[(MEMB, 256, PAT)]),
    "ok", {("var", 33): le([pat32(4 + 8 * n) for n in range(4)], 4) + bytes(16)})

# 16. prefetch: a load into %null has no architectural effect
add(case("prefetch load.ugm %null", "PVC",
         lsc(LOAD, 0x04, UGM, FLAT, A64, D32, NULL, raw(32)),
         [(32, "uq", le([MEMB] * 16, 8))], memory=[(MEMB, 256, PAT)]), "ok")

# 17. 64-bit iadd, 4 lanes on one qword: memory += sum; the old values are one serial order
add(case("atomic_iadd.ugm d64 colliding lanes", "PVC",
         lsc(IADD, 0x02, UGM, FLAT, A64, D64, raw(33), raw(32), raw(34)),
         [(32, "uq", le([MEMB] * 4, 8)), (33, "uq", bytes(128)),
          (34, "uq", le([1 << 32, 2, 3 << 32, 4], 8) + bytes(96))],
         memory=[(MEMB, 8, le([0xFFFFFFFF], 8))]),
    "ok", {("mem", 0): le([0xFFFFFFFF + (4 << 32) + 6], 8),
           # lane order (the example DUTs' order; another serial order is as correct)
           ("var", 33): le([0xFFFFFFFF, 0x1FFFFFFFF, 0x200000001, 0x500000001], 8) + bytes(96)})

# 18. icas: src1 compared, src2 stored
add(case("atomic_icas.ugm d32", "DG2",
         lsc(ICAS, 0x01, UGM, FLAT, A32, D32, raw(33), raw(32), raw(34), raw(35)),
         [(32, "ud", le([0, 4], 4)), (33, "ud", bytes(32)), (34, "ud", le([7, 8], 4) + bytes(24)),
          (35, "ud", le([70, 80], 4) + bytes(24))],
         memory=[(0, 8, le([7, 9], 4))]),
    "ok", {("mem", 0): le([70, 9], 4), ("var", 33): le([7, 9], 4) + bytes(24)})

# 19. iinc d16u32: 16-bit wrap, old value zero-extended
add(case("atomic_iinc.slm d16u32", "DG2",
         lsc(IINC, 0x00, SLM, FLAT, A32, D16U32, raw(33), raw(32)),
         [(32, "ud", le([2], 4) + bytes(28)), (33, "ud", b"\xee" * 32)],
         surfaces=[(0, 8, b"\x11\x22\xff\xff\x33\x44")]),
    "ok", {("surf", 0): b"\x11\x22\x00\x00\x33\x44", ("var", 33): le([0xFFFF], 4) + b"\xee" * 28})
add(case("atomic x2 invalid", "DG2",
         lsc(IINC, 0x00, SLM, FLAT, A32, D32, raw(33), raw(32), elems=2),
         [(32, "ud", bytes(32)), (33, "ud", bytes(64))]), "invalid")
add(case("fadd on slm invalid", "PVC",
         lsc(FADD, 0x00, SLM, FLAT, A32, D32, raw(33), raw(32), raw(34)),
         [(32, "ud", bytes(64)), (33, "f", bytes(64)), (34, "f", bytes(64))]), "invalid")

# 20. slm caching must be default; ugm .uc.uc is fine; LSC before DG2 is invalid
add(case("load.slm .uc.uc invalid", "PVC",
         lsc(LOAD, 0x00, SLM, FLAT, A32, D32, raw(33), raw(32), l1=1, l3=1),
         [(32, "ud", bytes(64)), (33, "ud", bytes(64))], surfaces=[(0, 64, b"")]), "invalid")
add(case("load.ugm on TGLLP invalid", "TGLLP",
         lsc(LOAD, 0x00, UGM, FLAT, A32, D32, raw(33), raw(32)),
         [(32, "ud", bytes(32)), (33, "ud", bytes(32))]), "invalid")


# 21. more shapes and address corners
add(case("store.ugm .st.uc is performed", "DG2",
         lsc(STORE, 0x00, UGM, FLAT, A32, D32, NULL, raw(32), raw(33), l1=5, l3=1),
         [(32, "ud", le([4], 4) + bytes(28)), (33, "ud", le([0x12345678], 4) + bytes(28))], memory=[(0, 16, b"")]),
    "ok", {("mem", 0): bytes(4) + le([0x12345678], 4)})
add(case("load.slm the last dword of SLM", "DG2",
         lsc(LOAD, 0x00, SLM, FLAT, A32, D32, raw(33), raw(32)),
         [(32, "ud", le([60], 4) + bytes(28)), (33, "ud", bytes(32))], surfaces=[(0, 64, PAT[:64])]),
    "ok", {("var", 33): PAT[60:64] + bytes(28)})
add(case("load.ugm d32x3 SIMD8 DG2: three blocks only", "DG2",
         lsc(LOAD, 0x03, UGM, FLAT, A32, D32, raw(33), raw(32), elems=3),
         [(32, "ud", le([12 * n for n in range(8)], 4)), (33, "ud", b"\xee" * 128)], memory=[(0, 256, PAT)]),
    "ok", {("var", 33): b"".join(le([pat32(12 * n + 4 * v) for n in range(8)], 4) for v in range(3))
           + b"\xee" * 32})
add(case("load.ugm a64 negative offset -8", "DG2",
         lsc(LOAD, 0x00, UGM, FLAT, A64, D32, raw(33), raw(32), off=-8),
         [(32, "uq", le([MEMB + 16], 8) + bytes(56)), (33, "ud", bytes(32))], memory=[(MEMB, 256, PAT)]),
    "ok", {("var", 33): PAT[8:12] + bytes(28)})
add(case("load.ugm a32 0x80000000 zero-extended", "DG2",
         lsc(LOAD, 0x00, UGM, FLAT, A32, D32, raw(33), raw(32)),
         [(32, "ud", le([0x80000004], 4) + bytes(28)), (33, "ud", bytes(32))], memory=[(0x80000000, 64, PAT[:64])]),
    "ok", {("var", 33): PAT[4:8] + bytes(28)})
add(case("load.ugm d8 SIMD4: one byte per lane", "DG2",
         lsc(LOAD, 0x02, UGM, FLAT, A32, D8, raw(33), raw(32)),
         [(32, "ud", le([0, 1, 2, 9], 4) + bytes(16)), (33, "ud", b"\xee" * 32)], memory=[(0, 64, PAT[:64])]),
    "ok", {("var", 33): bytes([PAT[0], PAT[1], PAT[2], PAT[9]]) + b"\xee" * 28})
add(case("store.ugm bti past the surface is dropped", "DG2",
         lsc(STORE, 0x01, UGM, BTI, A32, D32, NULL, raw(32), raw(33), surf=imm(0)),
         [(32, "ud", le([0, 16], 4) + bytes(24)), (33, "ud", le([5, 6], 4) + bytes(24))],
         surfaces=[(6, 16, b"")], bt=[(0, 6)]),
    "ok", {("surf", 6): le([5], 4)})
add(case("atomic_umax.ugm d32 unsigned", "DG2",
         lsc(0x11, 0x00, UGM, FLAT, A32, D32, NULL, raw(32), raw(34)),
         [(32, "ud", bytes(32)), (34, "ud", le([0xFFFFFFFF], 4) + bytes(28))], memory=[(0, 4, le([1], 4))]),
    "ok", {("mem", 0): le([0xFFFFFFFF], 4)})
add(case("load.ugm d64x2 SIMD2 DG2: blocks sized by the 8-lane payload", "DG2",
         lsc(LOAD, 0x01, UGM, FLAT, A32, D64, raw(33), raw(32), elems=2),
         [(32, "ud", le([0, 16], 4) + bytes(24)), (33, "uq", b"\xee" * 128)], memory=[(0, 64, PAT[:64])]),
    "ok", {("var", 33): PAT[0:8] + PAT[16:24] + b"\xee" * 48 + PAT[8:16] + PAT[24:32] + b"\xee" * 48})

# 22. the oracle's decisions (docs/decisions.md D111-D119) the example DUTs follow
add(case("lsc_load_block2d: invalid here (D111)", "PVC", bytes([0x89, 0x03]) + bytes(40)), "invalid")
add(case("load_quad d64 .x valid (D114, issue 29)", "DG2",
         lsc(LOADQ, 0x03, UGM, FLAT, A32, D64, raw(33), raw(32), chmask=1),
         [(32, "ud", bytes(32)), (33, "uq", bytes(64))], memory=[(0, 64, PAT[:64])]),
    "ok", {("var", 33): PAT[0:8] * 8})
add(case("bti(256) invalid (D115)", "DG2",
         lsc(LOAD, 0x03, UGM, BTI, A32, D32, raw(33), raw(32), surf=imm(256)),
         [(32, "ud", bytes(32)), (33, "ud", bytes(32))]), "invalid")
add(case("flat with a register Surface invalid (D115)", "DG2",
         lsc(LOAD, 0x03, UGM, FLAT, A32, D32, raw(33), raw(32), surf=gen(34)),
         [(32, "ud", bytes(32)), (33, "ud", bytes(32)), (34, "ud", bytes(32))]), "invalid")
add(case("load .ri.ri valid (D113), SIMD32 on DG2 (D119)", "DG2",
         lsc(LOAD, 0x05, UGM, FLAT, A32, D32, raw(33), raw(32), l1=6, l3=6),
         [(32, "ud", le([4 * n for n in range(32)], 4)), (33, "ud", bytes(128))], memory=[(0, 256, PAT)]),
    "ok", {("var", 33): PAT[:128]})
# forms these DUTs do not implement answer "unsupported": load_status, arg
add(case("lsc_load_status: unsupported (after validation)", "PVC",
         lsc(0x1B, 0x04, UGM, FLAT, A64, D32, raw(33), raw(32)),
         [(32, "uq", bytes(128)), (33, "ud", bytes(64))]), "unsupported")
add(case("lsc_load_status into %null: invalid", "PVC",
         lsc(0x1B, 0x04, UGM, FLAT, A64, D32, NULL, raw(32)), [(32, "uq", bytes(128))]), "invalid")
add(case("load_status truncated: invalid, not unsupported", "PVC",
         lsc(0x1B, 0x04, UGM, FLAT, A64, D32, raw(33), raw(32))[:-3]), "invalid")
add(case("arg address model: unsupported", "PVC",
         lsc(LOAD, 0x80, UGM, 5, A32, D32, raw(33), raw(32)),
         [(32, "ud", bytes(64)), (33, "ud", bytes(64))]), "unsupported")


# 23. the shared LSC execution decisions (docs/decisions.md, LSC section) the example DUTs follow
# element v of a lane is at (E_n + 4v) mod 2^w, like the lane's own address (D121): a32 flat
# d32x2 at 0xFFFFFFFC reads its second dword at 0 (zero-extended), not at 0x1_0000_0000
PAT2 = bytes((i * 13 + 5) & 0xFF for i in range(64))
add(case("load.ugm d32x2 a32: element 1 wraps to 0 (D121)", "DG2",
         lsc(LOAD, 0x00, UGM, FLAT, A32, D32, raw(33), raw(32), elems=2),
         [(32, "ud", le([0xFFFFFFFC], 4) + bytes(28)), (33, "ud", b"\xee" * 64)],
         memory=[(0, 64, PAT[:64]), (0xFFFFFFC0, 64, PAT2)]),
    "ok", {("var", 33): PAT2[60:64] + b"\xee" * 28 + PAT[0:4] + b"\xee" * 28})
# a64 transposed d32x2 at 2^64 - 4: the second dword at 0
add(case("load.ugm d32x2t a64: element 1 wraps to 0 (D121)", "PVC",
         lsc(LOAD, 0x80, UGM, FLAT, A64, D32, raw(33), raw(32), order=TR, elems=2),
         [(32, "uq", le([(1 << 64) - 4], 8)), (33, "ud", b"\xee" * 64)],
         memory=[(0, 64, PAT[:64]), ((1 << 64) - 64, 64, PAT2)]),
    "ok", {("var", 33): PAT2[60:64] + PAT[0:4] + b"\xee" * 56})
# a16 on a 64 KiB SLM, transposed d32x2 at 0xFFFC: the second dword at 0
add(case("load.slm d32x2t a16: element 1 wraps to 0 (D121)", "DG2",
         lsc(LOAD, 0x80, SLM, FLAT, A16, D32, raw(33), raw(32), order=TR, elems=2),
         [(32, "uw", le([0xFFFC], 2) + bytes(30)), (33, "ud", b"\xee" * 32)],
         surfaces=[(0, 65536, [(0, PAT[:16]), (0xFFF0, PAT2[:16])])]),
    "ok", {("var", 33): PAT2[12:16] + PAT[0:4] + b"\xee" * 24})
# a flat access may span adjacent regions (the flat-memory model): d32 over [0,2) + [2,64)
add(case("load.ugm d32 over two adjacent regions", "DG2",
         lsc(LOAD, 0x00, UGM, FLAT, A32, D32, raw(33), raw(32)),
         [(32, "ud", bytes(32)), (33, "ud", b"\xee" * 32)],
         memory=[(0, 2, PAT[:2]), (2, 62, PAT[2:64])]),
    "ok", {("var", 33): PAT[0:4] + b"\xee" * 28})
add(case("store.ugm d32 over two adjacent regions", "DG2",
         lsc(STORE, 0x00, UGM, FLAT, A32, D32, NULL, raw(32), raw(33)),
         [(32, "ud", le([1], 4) + bytes(28)), (33, "ud", le([0x44332211], 4) + bytes(28))],
         memory=[(0, 2, b""), (2, 62, b"")]),
    "ok", {("mem", 0): b"\x00\x11", ("mem", 1): b"\x22\x33\x44"})
# prefetch has no architectural effect whatever the address model (D128), arg included
add(case("prefetch with the arg address model: ok, nothing changes (D128)", "PVC",
         lsc(LOAD, 0x04, UGM, 5, A32, D32, NULL, raw(32)), [(32, "ud", bytes(64))]), "ok")
# store_uncompressed (0x1C) is a plain store (D129)
add(case("store_uncompressed.ugm is a store (D129)", "DG2",
         lsc(0x1C, 0x01, UGM, FLAT, A32, D32, NULL, raw(32), raw(33)),
         [(32, "ud", le([4, 12], 4) + bytes(24)), (33, "ud", le([0xA1A2A3A4, 0xB1B2B3B4], 4) + bytes(24))],
         memory=[(0, 16, b"")]),
    "ok", {("mem", 0): bytes(4) + le([0xA1A2A3A4], 4) + bytes(4) + le([0xB1B2B3B4], 4)})
# d16u32h store: slot bytes 2-3 go to memory (D125)
add(case("store.slm d16u32h stores the upper half (D125)", "DG2",
         lsc(STORE, 0x00, SLM, FLAT, A32, D16U32H, NULL, raw(32), raw(33)),
         [(32, "ud", le([2], 4) + bytes(28)), (33, "ud", le([0x44332211], 4) + bytes(28))],
         surfaces=[(0, 8, b"\xaa" * 8)]),
    "ok", {("surf", 0): b"\xaa\xaa\x33\x44\xaa\xaa\xaa\xaa"})
# d8u32 on Xe2: the upper bytes of the slot are zero (D125; free before Xe2)
add(case("load.ugm d8u32 Xe2: upper bytes zero (D125)", "Xe2",
         lsc(LOAD, 0x01, UGM, FLAT, A32, D8U32, raw(33), raw(32)),
         [(32, "ud", le([5, 6], 4) + bytes(56)), (33, "ud", b"\xee" * 64)], memory=[(0, 64, PAT[:64])]),
    "ok", {("var", 33): bytes([PAT[5], 0, 0, 0, PAT[6], 0, 0, 0]) + b"\xee" * 56})
# the minimum payload width on GRF-64 platforms is 16 lanes (D124): d32x2 SIMD4 on Xe2,
# component 1 starts at byte 64 (one 64-byte register per component)
add(case("load.ugm d32x2 SIMD4 Xe2: blocks sized by the 16-lane payload (D124)", "Xe2",
         lsc(LOAD, 0x02, UGM, FLAT, A32, D32, raw(33), raw(32), elems=2),
         [(32, "ud", le([0, 8, 16, 24], 4) + bytes(48)), (33, "ud", b"\xee" * 128)], memory=[(0, 64, PAT[:64])]),
    "ok", {("var", 33): le([pat32(8 * n) for n in range(4)], 4) + b"\xee" * 48
           + le([pat32(8 * n + 4) for n in range(4)], 4) + b"\xee" * 48})

# strided: lane n at AddrScale*base + AddrImmOffset + n*pitch, the pitch never scaled (D122)
add(case("load_strided.ugm scale 2 pitch 8 (D122)", "DG2",
         lsc(LOADS, 0x02, UGM, FLAT, A32, D32, raw(33), raw(32), scale=2, pitch=imm(8)),
         [(32, "ud", le([4], 4) + bytes(28)), (33, "ud", bytes(32))], memory=[(0, 64, PAT[:64])]),
    "ok", {("var", 33): le([pat32(8 + 8 * n) for n in range(4)], 4) + bytes(16)})
# a16 lanes are 2 bytes apart in src0 whatever the variable's type (D121): a UD variable
add(case("load.slm a16 from a UD variable: 2 bytes per lane (D121)", "DG2",
         lsc(LOAD, 0x02, SLM, FLAT, A16, D32, raw(33), raw(32)),
         [(32, "ud", le([4, 8, 12, 16], 2) + bytes(24)), (33, "ud", bytes(32))], surfaces=[(0, 64, PAT[:64])]),
    "ok", {("var", 33): le([pat32(4), pat32(8), pat32(12), pat32(16)], 4) + bytes(16)})
# d16u32 on Xe2: zero-extended even when the datum's top bit is set (D125): bytes 18, 19 = 0x81 0x88
add(case("load.slm d16u32 Xe2: upper half zero, top bit set (D125)", "Xe2",
         lsc(LOAD, 0x00, SLM, FLAT, A32, D16U32, raw(33), raw(32)),
         [(32, "ud", le([18], 4) + bytes(60)), (33, "ud", b"\xee" * 64)], surfaces=[(0, 64, PAT[:64])]),
    "ok", {("var", 33): bytes([0x81, 0x88, 0, 0]) + b"\xee" * 60})
# a 16-bit atomic's return on Xe2: zero-extended (D125's platform rule)
add(case("atomic_iinc.slm d16u32 Xe2: return zero-extended", "Xe2",
         lsc(IINC, 0x00, SLM, FLAT, A32, D16U32, raw(33), raw(32)),
         [(32, "ud", le([4], 4) + bytes(60)), (33, "ud", b"\xee" * 64)], surfaces=[(0, 8, b"\x00\x00\x00\x00\x34\x12")]),
    "ok", {("surf", 0): b"\x00\x00\x00\x00\x35\x12", ("var", 33): le([0x1234], 4) + b"\xee" * 60})
# prefetch: out of bounds is no fault (D128)
add(case("prefetch load.slm past the SLM: ok, nothing changes (D128)", "DG2",
         lsc(LOAD, 0x00, SLM, FLAT, A32, D32, NULL, raw(32)),
         [(32, "ud", le([0x1000], 4) + bytes(28))], surfaces=[(0, 64, PAT[:64])]), "ok")
# stores honour the execution mask: lanes 1 and 2 disabled write nothing
add(case("store.ugm d32 SIMD4 disabled lanes write nothing", "DG2",
         lsc(STORE, 0x02, UGM, FLAT, A32, D32, NULL, raw(32), raw(33)),
         [(32, "ud", le([0, 4, 8, 12], 4) + bytes(16)), (33, "ud", le([0x11, 0x22, 0x33, 0x44], 4) + bytes(16))],
         memory=[(0, 16, b"")], em="00000009"),
    "ok", {("mem", 0): le([0x11, 0, 0, 0x44], 4)})


# ---- running ----


def mem_image(regions, key):
    """{index or position: bytearray} from an output's memory or surfaces"""
    out = {}
    for i, r in enumerate(regions):
        k = i if key == "mem" else r["index"]
        b = bytearray(r["size"])
        for off, hx in r.get("data", []):
            d = bytes.fromhex(hx)
            b[off:off + len(d)] = d
        out[k] = b
    return out


def check(c, got):
    errs = []
    if got.get("status") != c["status"]:
        return ["status %r, want %r (%s)" % (got.get("status"), c["status"], got.get("message", ""))]
    if c["status"] == "unsupported":
        return []
    inp = c["input"]
    vin = {v["id"]: bytes.fromhex(v["data"]) for v in inp["vars"]}
    vout = {v["id"]: bytes.fromhex(v["data"]) for v in got.get("vars", [])}
    min_ = mem_image(inp["memory"], "mem")
    mout = mem_image(got.get("memory", inp["memory"]), "mem")
    sin = mem_image(inp["surfaces"], "surf")
    sout = mem_image(got.get("surfaces", []), "surf")
    for vid, before in vin.items():
        want = c["expect"].get(("var", vid), before)
        if vout.get(vid) != want:
            errs.append("V%d = %s, want %s" % (vid, vout.get(vid, b"").hex(), want.hex()))
    for k, before in min_.items():
        w = c["expect"].get(("mem", k))
        want = bytes(before) if w is None else w + bytes(before[len(w):])
        if bytes(mout.get(k, b"")) != want:
            errs.append("memory %d = %s, want %s" % (k, bytes(mout.get(k, b"")).hex(), want.hex()))
    for k, before in sin.items():
        w = c["expect"].get(("surf", k))
        want = bytes(before) if w is None else w + bytes(before[len(w):])
        if bytes(sout.get(k, b"")) != want:
            errs.append("surface %d = %s, want %s" % (k, bytes(sout.get(k, b"")).hex(), want.hex()))
    return errs


def main():
    args = sys.argv[1:]
    verbose = "-v" in args
    if "--dut-lib" in args:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import dut_lsc_ctypes
        run1 = dut_lsc_ctypes.Runner(args[args.index("--dut-lib") + 1]).run
        p = None
    else:
        cmd = args[args.index("--dut-cmd") + 1]
        p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

        def run1(inp):
            p.stdin.write(json.dumps(inp) + "\n")
            p.stdin.flush()
            return json.loads(p.stdout.readline())
    fails = 0
    for c in CASES:
        got = run1(c["input"])
        errs = check(c, got)
        if errs:
            fails += 1
            print("FAIL %s: %s" % (c["name"], "; ".join(errs)[:300]))
        elif verbose:
            print("ok   %s" % c["name"])
    if p:
        p.stdin.close()
        p.wait()
    print("%d/%d LSC cases pass" % (len(CASES) - fails, len(CASES)))
    if "--expect-fail" in args:  # a seeded-bug mutant: at least one case must fail
        return 0 if fails else 1
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
