"""dut_svm_atomic.py: the Python example DUT's SVM_ATOMIC (0x4E 05, issue 26),
written from Intel's SVM_ATOMIC page independently of the oracle and of
examples/dut_c. dut_svm.svm() hands sub-op 5 here.

Bytes after the sub-op: exec(ub) pred(uw) op(ub) addresses src0 src1 dst
(IGC's text prints addresses dst src0 src1). Op bits 4..0: add sub inc dec
min max xchg cmpxchg and or xor imin imax predec (0..13), fmax fmin fcmpwr
(0x10..0x12), fadd fsub (0x13, 0x14: XeHP_SDV+). Bits 6..5: 0 32-bit,
1 16-bit, 2 64-bit, both TGLLP+; no 64-bit float op; 3 and bit 7 refused.
Exec 1/2/4/8. Addresses UQ. Float ops on F, integer ops on UD/D (UQ/Q when
64-bit). A dword register slot per lane (16-bit: its low word), a qword for
64-bit. Lanes in order: old = memory, memory = op(old, src0, src1), dst = old
(predec: the new value). A misaligned or unmapped element: undefined.
"""
import math
import struct

G_TGLLP, G_XEHP_SDV = 4, 5


def _float(v, n):
    return struct.unpack("<e" if n == 2 else "<f", v.to_bytes(n, "little"))[0]


def _op(op, n, old, s0, s1):
    """the new value of one lane (n-byte unsigned values)"""
    mask = (1 << (8 * n)) - 1
    sign = 1 << (8 * n - 1)

    def sg(v):
        return v - (1 << (8 * n)) if v & sign else v
    ints = {
        0x00: lambda: (old + s0) & mask, 0x01: lambda: (old - s0) & mask,
        0x02: lambda: (old + 1) & mask, 0x03: lambda: (old - 1) & mask, 0x0D: lambda: (old - 1) & mask,
        0x04: lambda: min(old, s0), 0x05: lambda: max(old, s0), 0x06: lambda: s0,
        0x07: lambda: s0 if old == s1 else old,  # src0 stored, src1 the comparand
        0x08: lambda: old & s0, 0x09: lambda: old | s0, 0x0A: lambda: old ^ s0,
        0x0B: lambda: s0 if sg(s0) < sg(old) else old, 0x0C: lambda: s0 if sg(s0) > sg(old) else old,
    }
    if op in ints:
        return ints[op]()
    a, b = _float(old, n), _float(s0, n)
    if op in (0x10, 0x11):
        if math.isnan(a):
            return s0
        if math.isnan(b):
            return old
        return s0 if (b > a if op == 0x10 else b < a) else old
    if op in (0x13, 0x14):
        r = a + b if op == 0x13 else a - b
        try:
            return int.from_bytes(struct.pack("<e" if n == 2 else "<f", r), "little")
        except OverflowError:
            return int.from_bytes(struct.pack("<e" if n == 2 else "<f", math.copysign(math.inf, r)), "little")
    return s1 if b == a else old  # fcmpwr: src0 the comparand, src1 stored


def svm_atomic(dut, invalid, undefined):
    eb, pred, opb = dut.get(1), dut.get(2), dut.get(1)
    ad, s0, s1, dst = dut.raw(), dut.raw(), dut.raw(), dut.raw()
    dut.done()
    es, off, nomask = dut.decode_exec(eb)
    dut.check_pred(pred, es, off)
    if es > 8:
        raise invalid("svm_atomic: exec size 1, 2, 4 or 8")
    op, wb = opb & 0x1F, (opb >> 5) & 3
    if not (op <= 0x0D or 0x10 <= op <= 0x14):
        raise invalid("svm_atomic: op")
    if opb & 0x80 or wb == 3:
        raise invalid("svm_atomic: width bits")
    if wb and dut.gen < G_TGLLP:
        raise invalid("svm_atomic: 16/64-bit need TGLLP+")
    if op in (0x13, 0x14) and dut.reading_b:  # D266 reading B: not on the page
        raise invalid("svm_atomic: fadd/fsub are not on the page")
    if op in (0x13, 0x14) and dut.gen < G_XEHP_SDV:
        raise invalid("svm_atomic: fadd/fsub need XeHP_SDV+")
    flt = op >= 0x10
    if flt and wb == 2:
        raise invalid("svm_atomic: no 64-bit float op")
    n = (4, 2, 8)[wb]
    slot = 8 if n == 8 else 4
    types = ("f",) if flt else ("uq", "q") if n == 8 else ("ud", "d")
    if dut.reading_b and not flt:  # D267 reading B: the page's one type (minsint/maxsint signed)
        types = (types[1],) if op in (0x0B, 0x0C) else (types[0],)
    no_src0 = op in (0x02, 0x03, 0x0D)
    has_src1 = op in (0x07, 0x12)
    dut.check_raw(ad, "addresses", ("uq",))
    if no_src0:
        if s0["id"] or s0["off"]:
            raise invalid("src0: must be %null")
    else:
        dut.check_raw(s0, "src0", types)
    if not has_src1:
        if s1["id"] or s1["off"]:
            raise invalid("src1: must be %null")
    else:
        dut.check_raw(s1, "src1", types)
    dut.check_raw(dst, "dst", types, null_ok=True, is_dst=True)
    need = [(ad, 8 * es)] + ([] if no_src0 else [(s0, slot * es)]) + ([(s1, slot * es)] if has_src1 else [])
    if dst["var"] is not None:
        need.append((dst, slot * es))
    if any(dut.raw_at(r, 0, k) is None for r, k in need):
        raise undefined("operand past its variable")

    def val(r, at, k):
        v, b = dut.raw_at(r, at, k)
        return int.from_bytes(v.data[b:b + k], "little")
    addrs = [val(ad, 8 * i, 8) for i in range(es)]
    v0 = [0 if no_src0 else val(s0, slot * i, n) for i in range(es)]
    v1 = [val(s1, slot * i, n) if has_src1 else 0 for i in range(es)]
    en = dut.chen(es, off, nomask, pred)
    space = ("flat",)
    lanes = [i for i in range(es) if en >> i & 1]
    for i in lanes:
        if addrs[i] % n or dut.lsc_find(space, addrs[i], n) is None:
            raise undefined("misaligned or unmapped element")
    for i in lanes:
        old = int.from_bytes(dut.lsc_read(space, addrs[i], n), "little")
        new = _op(op, n, old, v0[i], v1[i])
        dut.lsc_write(space, addrs[i], new.to_bytes(n, "little"))
        if dst["var"] is not None:
            v, b = dut.raw_at(dst, slot * i, n)
            v.data[b:b + n] = (new if op == 0x0D and not dut.reading_b else old).to_bytes(n, "little")
