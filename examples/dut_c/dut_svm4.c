/*
 * dut_svm4.c: SVM_GATHER4SCALED / SVM_SCATTER4SCALED (0x4E 06 / 07), written
 * from their pages, independently of the oracle's code; dut_svm.c includes it.
 *   exec(ub) pred(uw) channels(ub) scale(uw) address(vector: scalar UQ) offsets(raw UQ) data(raw)
 * SIMD8 or SIMD16 only; channels bits 3..0 R,G,B,A, at least one, bits 7..4
 * clear; scale 0. Lane i of channel c is the dword at
 * address + offsets[i] + 4c (mod 2^64); the k-th enabled channel's data
 * starts at dword k * max(exec_size, GRF/4) of the data operand. Unmapped
 * bytes leave the case undefined (the DUT stops); misaligned dwords are
 * accessed as they are (the oracle leaves them free).
 */
static int dut_svm4(ctx *x, int is_st)
{
    uint32_t eb = get(x, 1), pred = get(x, 2), chm = get(x, 1), scale = get(x, 2);
    vecop a;
    rawop eo, data;
    read_vec(x, &a);
    read_raw(x, &eo);
    read_raw(x, &data);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;
    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    if (k.es != 8 && k.es != 16)
        REJECT(x, "exec_size: SIMD%u (only 8 and 16)", k.es);
    if ((chm & 0xF) == 0 || (chm & 0xF0))
        REJECT(x, "channels: mask 0x%02x not valid", chm);
    if (scale != 0)
        REJECT(x, "scale: %u (must be 0)", scale);
    uint64_t base;
    int undef;
    if (dut_svm_address(x, &a, &base, &undef))
        return VISA_DUT_REJECTED;
    if (check_raw(x, &eo, "offsets", T_UQ, 0, 0) || check_raw(x, &data, is_st ? "src" : "dst", T_ANY, 0, !is_st))
        return VISA_DUT_REJECTED;
    if (undef)
        return VISA_DUT_OK;
    unsigned nch = 0;
    for (unsigned c = 0; c < 4; c++)
        nch += (chm >> c) & 1;
    unsigned blk = k.es > x->grf / 4u ? k.es : x->grf / 4u;
    if (BUG(B_SVM4_BLOCK_EXEC))
        blk = k.es;
    unsigned ow = BUG(B_SVM4_OFF_UD) ? 4 : 8;
    if (!raw_at(&eo, 0, 8 * k.es) || !raw_at(&data, 0, 4 * blk * nch))
        return VISA_DUT_OK; /* operand bytes past the variable: undefined */
    if (BUG(B_SVM4_BASE_TRUNC32))
        base &= 0xFFFFFFFFu;
    uint32_t chen = channel_enables(x, &k, pred);
    uint64_t off[16]; /* every offset before any destination byte (dst may alias them) */
    for (unsigned i = 0; i < k.es; i++)
        off[i] = rdle(raw_at(&eo, ow * i, ow), ow) * (BUG(B_SVM4_OFF_DWORDS) ? 4 : 1);
    unsigned rank = 0;
    for (unsigned n = 0; n < 4; n++) {
        unsigned c = BUG(B_SVM4_CH_REVERSED) ? 3 - n : n;
        if (!(chm >> c & 1))
            continue;
        for (unsigned i = 0; i < k.es; i++) {
            if (!(chen >> i & 1))
                continue;
            uint64_t at = base + off[i] + 4ull * (BUG(B_SVM4_CH_STRIDE_K) ? rank : c);
            uint8_t *r = raw_at(&data, 4ull * (rank * blk + i), 4);
            if (!dut_flat_in(x, at, 4))
                return VISA_DUT_OK; /* unmapped: undefined */
            if (is_st)
                dut_flat_write(x, at, 4, r);
            else
                dut_flat_read(x, at, 4, r);
        }
        rank++;
    }
    return VISA_DUT_OK;
}
