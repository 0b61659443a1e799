/*
 * dut_svm_atomic.c: the example DUT's SVM_ATOMIC (0x4E 05, issue 26), written
 * from Intel's SVM_ATOMIC page, independently of the oracle's code. dut_svm.c
 * includes it (after dut.c's helpers: operands, exec control, flat memory and
 * the DWORD_ATOMIC op function atomic_new).
 *
 * Bytes after the sub-op: exec(ub) pred(uw) op(ub) addresses src0 src1 dst
 * (raw operands in that order; IGC's text prints addresses dst src0 src1).
 * Op bits 4..0: add sub inc dec min max xchg cmpxchg and or xor imin imax
 * predec (0x00..0x0D), fmax fmin fcmpwr (0x10..0x12), fadd fsub (0x13, 0x14,
 * XeHP_SDV+ as DWORD_ATOMIC). Bits 6..5: 00 32-bit, 01 16-bit, 10 64-bit,
 * both TGLLP+; a float op has no 64-bit form; bit 7 and 11 are rejected.
 * Exec sizes 1, 2, 4, 8. Addresses: UQ, 8 bytes per lane. src0 is %null for
 * inc/dec/predec, src1 present only for cmpxchg/fcmpwr; float ops on F,
 * integer ops on UD/D (UQ/Q for 64-bit). Register slots: a dword per lane
 * (16-bit: its low word), a qword for 64-bit.
 * Every enabled lane, in lane order: old = memory[address] (2, 4 or 8 bytes),
 * memory = op(old, src0, src1), dst slot = old (predec: the new value). An
 * element outside the flat memory or not aligned to its size leaves the case
 * undefined (the DUT stops before touching anything).
 */

/* one 64-bit integer op (the float ops have no 64-bit form) */
static uint64_t svma_new64(unsigned op, uint64_t old, uint64_t s0, uint64_t s1)
{
    int64_t so = (int64_t)old, ss = (int64_t)s0;
    switch (op) {
    case A_ADD: return old + s0;
    case A_SUB: return old - s0;
    case A_INC: return old + 1;
    case A_DEC: case A_PREDEC: return old - 1;
    case A_MIN: return s0 < old ? s0 : old;
    case A_MAX: return s0 > old ? s0 : old;
    case A_XCHG: return s0;
    case A_CMPXCHG:
        if (BUG(B_SVMA_CMPXCHG_SWAPPED))
            return old == s0 ? s1 : old;
        return old == s1 ? s0 : old;
    case A_AND: return old & s0;
    case A_OR: return old | s0;
    case A_XOR: return old ^ s0;
    case A_IMIN: return ss < so ? s0 : old;
    case A_IMAX: return ss > so ? s0 : old;
    default: return old;
    }
}

static int dut_svm_atomic(ctx *x)
{
    uint32_t eb = get(x, 1), pred = get(x, 2), opb = get(x, 1);
    rawop ad, s0, s1, dst;
    read_raw(x, &ad);
    if (BUG(B_SVMA_TEXT_ORDER)) { /* the bytes read in IGC's text order */
        read_raw(x, &dst);
        read_raw(x, &s0);
        read_raw(x, &s1);
    } else {
        read_raw(x, &s0);
        read_raw(x, &s1);
        read_raw(x, &dst);
    }
    if (finish_decode(x))
        return VISA_DUT_REJECTED;
    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    if (k.es > 8)
        REJECT(x, "svm_atomic: exec size %u (1, 2, 4 or 8)", k.es);
    unsigned op = opb & 0x1F, wbits = (opb >> 5) & 3;
    if (BUG(B_SVMA_WIDTH_IGNORED))
        wbits = 0;
    if (!(op <= A_PREDEC || (op >= A_FMAX && op <= A_FSUB)))
        REJECT(x, "svm_atomic: op 0x%02x", op);
    if ((opb & 0x80) || wbits == 3)
        REJECT(x, "svm_atomic: width bits 0x%02x", opb);
    if (wbits && x->gen < G_TGLLP)
        REJECT(x, "svm_atomic: 16/64-bit atomics need TGLLP+");
    if (DUT_READING_B && (op == A_FADD || op == A_FSUB)) /* D266 reading B: not on the page */
        REJECT(x, "svm_atomic: fadd/fsub are not on the page");
    if ((op == A_FADD || op == A_FSUB) && x->gen < G_XEHP_SDV)
        REJECT(x, "svm_atomic: fadd/fsub need XeHP_SDV+");
    int flt = op >= A_FMAX;
    if (flt && wbits == 2)
        REJECT(x, "svm_atomic: no 64-bit float op");
    unsigned n = wbits == 1 ? 2 : wbits == 2 ? 8 : 4, slot = n == 8 ? 8 : 4;
    if (BUG(B_SVMA_16_DWORD) && n == 2)
        n = 4;
    unsigned types = flt ? T_F : wbits == 2 ? (T_UQ | T_Q) : (T_UD | T_D);
    if (DUT_READING_B && !flt) /* D267 reading B: the page's one type (minsint/maxsint signed, the rest unsigned) */
        types = op == A_IMIN || op == A_IMAX ? (wbits == 2 ? T_Q : T_D) : (wbits == 2 ? T_UQ : T_UD);
    int no_src0 = op == A_INC || op == A_DEC || op == A_PREDEC;
    int has_src1 = op == A_CMPXCHG || op == A_FCMPWR;
    if (check_raw(x, &ad, "addresses", T_UQ, 0, 0))
        return VISA_DUT_REJECTED;
    if (no_src0) {
        if (s0.id != 0 || s0.off != 0)
            REJECT(x, "src0: must be %%null for inc/dec/predec");
    } else if (check_raw(x, &s0, "src0", types, 0, 0)) {
        return VISA_DUT_REJECTED;
    }
    if (!has_src1) {
        if (s1.id != 0 || s1.off != 0)
            REJECT(x, "src1: must be %%null except for cmpxchg/fcmpwr");
    } else if (check_raw(x, &s1, "src1", types, 0, 0)) {
        return VISA_DUT_REJECTED;
    }
    if (check_raw(x, &dst, "dst", types, 1, 1))
        return VISA_DUT_REJECTED;
    /* operand bytes past their variables: undefined */
    if (!raw_at(&ad, 0, 8 * k.es) || (dst.v && !raw_at(&dst, 0, slot * k.es)) ||
        (!no_src0 && !raw_at(&s0, 0, slot * k.es)) || (has_src1 && !raw_at(&s1, 0, slot * k.es)))
        return VISA_DUT_OK;
    uint32_t chen = channel_enables(x, &k, pred);
    uint64_t a[8], v0[8], v1[8];
    for (unsigned i = 0; i < k.es; i++) { /* every operand before any destination byte (dst may alias) */
        a[i] = rdle(raw_at(&ad, 8u * i, 8), 8);
        if (BUG(B_SVMA_ADDR_TRUNC32))
            a[i] &= 0xFFFFFFFFu;
        v0[i] = no_src0 ? 0 : rdle(raw_at(&s0, (uint64_t)slot * i, n), n);
        v1[i] = has_src1 ? rdle(raw_at(&s1, (uint64_t)slot * i, n), n) : 0;
        if ((chen >> i & 1) && (a[i] % n || !dut_flat_in(x, a[i], n)))
            return VISA_DUT_OK; /* misaligned or unmapped: undefined */
    }
    for (unsigned i = 0; i < k.es; i++) {
        if (!(chen >> i & 1))
            continue;
        uint8_t buf[8] = {0};
        dut_flat_read(x, a[i], n, buf);
        uint64_t old = rdle(buf, n), nv;
        if (n == 8) {
            nv = svma_new64(op, old, v0[i], v1[i]);
            if (BUG(B_SVMA_64_HIGH_HALF_LOST))
                nv = (old & 0xFFFFFFFF00000000ull) | (nv & 0xFFFFFFFFu);
        } else if (op == A_CMPXCHG && BUG(B_SVMA_CMPXCHG_SWAPPED)) {
            nv = old == v0[i] ? v1[i] : old;
        } else {
            nv = atomic_new(op, n == 2, (uint32_t)old, (uint32_t)v0[i], (uint32_t)v1[i]);
        }
        for (unsigned b = 0; b < n; b++)
            buf[b] = (uint8_t)(nv >> (8 * b));
        dut_flat_write(x, a[i], n, buf);
        uint8_t *d = dst.v ? raw_at(&dst, (uint64_t)slot * i, n) : NULL;
        uint64_t r = (op == A_PREDEC && !DUT_READING_B) || BUG(B_SVMA_RET_NEW) ? nv : old; /* D271 reading B: old */
        for (unsigned b = 0; d && b < n; b++)
            d[b] = (uint8_t)(r >> (8 * b)); /* 16-bit: the upper half of the dword untouched */
    }
    return VISA_DUT_OK;
}
