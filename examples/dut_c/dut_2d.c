/* LSC_UNTYPED block2d (sub-ops 0x03 load / prefetch, 0x07 store) of the C
 * example DUT, written from Intel's LSC_UNTYPED page (LOAD_BLOCK2D
 * pseudo-code, operand list) and the oracle's decisions D190-D204. This file
 * is part of dut.c (#included there: it uses dut.c's decoder helpers); it is
 * kept apart so the 2D block code has one home.
 *
 *   - fields: exec, pred, sfid, L1, L3, data size (d8..d64), order (1 plain,
 *     2 transposed), blocks, width, height (plain), vnni; Dst; SurfaceBase,
 *     SurfaceWidth-1, SurfaceHeight-1, SurfacePitch-1, X, Y; Src1;
 *   - register image: rows of pow2(W) elements (transposed: pow2(H), one row
 *     per memory column), VNNI groups of 4/size rows packed in dwords (lower
 *     row low), each block rounded up to whole GRFs; padding zero (Xe2+) or
 *     left alone (PVC: free);
 *   - an element outside width x height reads 0 / is not written.
 * Seeded bugs 120-132 (examples/mutants/README.md). */

enum {
    B_B2D_VNNI_ORDER = 120,      /* VNNI: the upper row in the lower bytes          */
    B_B2D_TRANSPOSE_PITCH = 121, /* transposed: register rows of pow2(W), not pow2(H) */
    B_B2D_PITCH_PLAIN = 122,     /* SurfacePitch taken as bytes (not minus 1)       */
    B_B2D_WIDTH_PLAIN = 123,     /* SurfaceWidth taken as bytes (not minus 1)       */
    B_B2D_HEIGHT_PLAIN = 124,    /* SurfaceHeight taken as rows (not minus 1)       */
    B_B2D_BLOCK_PACKED = 125,    /* blocks packed, not each on a GRF boundary       */
    B_B2D_ROW_UNPADDED = 126,    /* register rows of W elements, not pow2(W)        */
    B_B2D_X_UNSIGNED = 127,      /* X read as unsigned: negative starts miss        */
    B_B2D_OOB_CLAMP = 128,       /* out-of-bound reads repeat the edge (media style) */
    B_B2D_STORE_NO_BOUND = 129,  /* stores write past the width (inside the pitch)  */
    B_B2D_BLOCKS_STACKED = 130,  /* block b at rows Y + b*H instead of columns X + b*W */
    B_B2D_PRED_IGNORED = 131,    /* the predicate is not applied                     */
    B_B2D_TAIL_KEPT = 132,       /* Xe2: the GRF tail after a block keeps old bytes */
};

static uint32_t b2d_pow2(uint32_t v)
{
    uint32_t p = 1;
    while (p < v) p <<= 1;
    return p;
}

/* a block2d address operand: an integer immediate or a scalar UD/D (UQ/Q for
 * the base) register; 0 ok, REJECTED, or *undef when past its variable */
static int b2d_operand(ctx *x, const vecop *o, int wide, uint64_t *val, int *undef)
{
    if (o->mod || o->hi) REJECT(x, "block2d operand: modifier");
    if (o->cls == 5) {
        unsigned t = o->type;
        if (!(t == 0 || t == 1 || t == 2 || t == 3 || (wide && (t == 11 || t == 13)))) REJECT(x, "block2d operand: immediate type");
        uint64_t v = o->imm64;
        if (t == 0) v &= 0xFFFFFFFFu;
        if (t == 1) v = (uint64_t)(int64_t)(int32_t)(uint32_t)v;
        if (t == 2) v &= 0xFFFF;
        if (t == 3) v = (uint64_t)(int64_t)(int16_t)(uint16_t)v;
        *val = v;
        return 0;
    }
    if (o->cls != 0) REJECT(x, "block2d operand: immediate or general only");
    if (o->id == 0) REJECT(x, "block2d operand: %%null");
    visa_dut_var *v;
    if (lookup_var(x, o->id, &v, "block2d operand")) return VISA_DUT_REJECTED;
    if (!(v->type == 0 || v->type == 1 || (wide && (v->type == 11 || v->type == 13)))) REJECT(x, "block2d operand: type");
    if (o->region != 0x0121) REJECT(x, "block2d operand: region <0;1,0>");
    unsigned ts = type_size(v->type);
    if (o->col * ts >= x->grf) REJECT(x, "block2d operand: column crosses the GRF");
    uint64_t at = (uint64_t)o->row * x->grf + o->col * ts;
    if (at + ts > v->size) { *undef = 1; return 0; }
    uint64_t r = rd32(v->data + at);
    if (ts == 8) r |= (uint64_t)rd32(v->data + at + 4) << 32;
    else if (v->type == 1) r = (uint64_t)(int64_t)(int32_t)(uint32_t)r;
    *val = r;
    return 0;
}

static int b2d_rawcheck(ctx *x, rawop *r, const char *what, int is_dst)
{
    if (lookup_var(x, r->id, &r->v, what)) return VISA_DUT_REJECTED;
    if (is_dst && r->id < 22 && !predef[r->id].writable) REJECT(x, "%s: read-only", what);
    unsigned es = type_size(r->v->type);
    if (es && r->off % es) REJECT(x, "%s: offset not a multiple of the element size", what);
    if (r->v->size >= x->grf && r->off % x->grf) REJECT(x, "%s: offset not GRF-aligned", what);
    return 0;
}

static int do_block2d(ctx *x, unsigned sub)
{
    int store = sub == 0x07;
    uint32_t eb = get(x, 1), pred = get(x, 2), sfid = get(x, 1), l1 = get(x, 1), l3 = get(x, 1);
    uint32_t ds = get(x, 1), order = get(x, 1), nb = get(x, 1), W = get(x, 2), H = get(x, 2), vnni = get(x, 1);
    rawop dst, src;
    vecop op[6];
    read_raw(x, &dst);
    for (int i = 0; i < 6; i++) read_vec(x, &op[i]);
    read_raw(x, &src);
    if (finish_decode(x)) return VISA_DUT_REJECTED;
    if ((eb & 0xF) != 0) REJECT(x, "block2d: exec size 1 only (D192)");
    ctrl k = { 0 };
    k.es = 1;
    mask_nibble(x, eb >> 4, &k);
    if (check_pred(x, pred, &k)) return VISA_DUT_REJECTED;
    if (sfid != LSC_UGM && sfid != LSC_UGML && sfid != LSC_SLM) REJECT(x, "block2d: sfid");
    if (l1 > 7 || l3 > 7 || !lsc_cache_ok(store ? LK_STORE : LK_LOAD, l1, l3)) REJECT(x, "block2d: caching");
    if (ds < 1 || ds > 4) REJECT(x, "block2d: data size d8..d64");
    if (order != 1 && order != 2) REJECT(x, "block2d: data order");
    unsigned es = 1u << (ds - 1);
    int tr = order == 2;
    /* the verifier's shape rules */
    if (nb == 0 || nb > 16 || (store && nb != 1)) REJECT(x, "block2d: blocks");
    if (!tr || vnni) {
        if (!store && (nb == 3 || nb > (es <= 2 ? 4u : es == 4 ? 2u : 1u))) REJECT(x, "block2d: blocks for the size");
    } else if (nb != 1)
        REJECT(x, "block2d: transposed, one block");
    if (W == 0 || W * nb * es > (store ? 512u : 64u) || (tr && W > 32)) REJECT(x, "block2d: width");
    if (H == 0 || (!tr && H > 32)) REJECT(x, "block2d: height");
    if (vnni > 1 || (vnni && store)) REJECT(x, "block2d: vnni");
    if (store) {
        if (dst.id != 0 || dst.off) REJECT(x, "block2d store: dst must be %%null");
    } else if (dst.id == 0) {
        if (dst.off) REJECT(x, "dst: %%null with an offset");
    } else if (b2d_rawcheck(x, &dst, "dst", 1))
        return VISA_DUT_REJECTED;
    uint64_t v[6];
    int undef = 0;
    for (int i = 0; i < 6; i++)
        if (b2d_operand(x, &op[i], i == 0, &v[i], &undef)) return VISA_DUT_REJECTED;
    if (store) {
        if (src.id == 0) REJECT(x, "block2d store: src1 required");
        if (b2d_rawcheck(x, &src, "src1", 0)) return VISA_DUT_REJECTED;
    } else if (src.id != 0 || src.off)
        REJECT(x, "block2d load: src1 must be %%null");
    if (undef) return VISA_DUT_OK; /* an operand past its variable: undefined (D14), nothing done */
    /* what hardware cannot run (D193-D199): undefined, nothing done */
    if (x->gen < G_PVC || sfid == LSC_SLM || (tr && vnni) || (W * es) % 4) return VISA_DUT_OK;
    if (store && (tr || H > 8 || W * es > 64)) return VISA_DUT_OK;
    if (!store && tr && (es < 4 || (es == 4 && (W > 8 || H > 32)) || (es == 8 && (H != 8 || (W != 1 && W != 2 && W != 4)))))
        return VISA_DUT_OK;
    if (vnni && (es > 2 || H * es < 4 || H % (4 / es) || W > (x->gen >= G_XE2 ? 64u / es : 16u))) return VISA_DUT_OK;
    /* surface (minus 1 values, D191) and its preconditions (D195) */
    uint64_t base = v[0];
    uint64_t sw = (uint32_t)v[1] + (BUG(B_B2D_WIDTH_PLAIN) ? 0u : 1u);
    uint64_t sh = (uint64_t)(uint32_t)v[2] + (BUG(B_B2D_HEIGHT_PLAIN) ? 0u : 1u);
    uint64_t sp = (uint64_t)(uint32_t)v[3] + (BUG(B_B2D_PITCH_PLAIN) ? 0u : 1u);
    int64_t X = BUG(B_B2D_X_UNSIGNED) ? (int64_t)(uint32_t)v[4] : (int64_t)(int32_t)(uint32_t)v[4];
    int64_t Y = (int32_t)(uint32_t)v[5];
    uint64_t w1 = (uint64_t)(uint32_t)v[1] + 1, h1 = (uint64_t)(uint32_t)v[2] + 1, p1 = (uint64_t)(uint32_t)v[3] + 1;
    if (base % 64 || w1 < 64 || w1 > (1u << 24) || w1 % (es < 4 ? 4 : es) || h1 > (1u << 24) || p1 < w1 || p1 > (1u << 24) ||
        p1 % 16 || (es <= 2 && ((int32_t)(uint32_t)v[4]) % (int32_t)(4 / es)))
        return VISA_DUT_OK;
    ctrl kk = k;
    uint32_t chen = channel_enables(x, &kk, BUG(B_B2D_PRED_IGNORED) ? 0 : pred);
    if (!(chen & 1)) return VISA_DUT_OK;
    if (!store && dst.id == 0) return VISA_DUT_OK; /* prefetch */
    /* the register image */
    uint32_t rp = BUG(B_B2D_ROW_UNPADDED) ? (tr ? H : W) : b2d_pow2(tr ? H : W);
    if (BUG(B_B2D_TRANSPOSE_PITCH) && tr) rp = b2d_pow2(W);
    uint32_t per = es < 4 ? 4 / es : 1;
    uint32_t elems = vnni ? rp * per * ((H + per - 1) / per) : rp * (tr ? W : H);
    uint32_t bbytes = elems * es, bpitch = BUG(B_B2D_BLOCK_PACKED) ? bbytes : (bbytes + x->grf - 1) / x->grf * x->grf;
    rawop *d = store ? &src : &dst;
    if ((uint64_t)d->off + (uint64_t)bpitch * nb > d->v->size) return VISA_DUT_OK; /* past the variable: undefined */
    uint8_t *reg = d->v->data + d->off;
    /* every in-bound element must be in flat memory, else undefined (D204) */
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t r = 0; r < H; r++)
            for (uint32_t c = 0; c < W; c++) {
                int64_t col = BUG(B_B2D_BLOCKS_STACKED) ? X + c : X + (int64_t)b * W + c;
                int64_t row = BUG(B_B2D_BLOCKS_STACKED) ? Y + (int64_t)b * H + r : Y + r;
                if (col < 0 || row < 0 || (uint64_t)row >= sh || (uint64_t)(col + 1) * es > sw) continue;
                if (!dut_flat_in(x, base + (uint64_t)row * sp + (uint64_t)col * es, es)) return VISA_DUT_OK;
            }
    int xe2_zero = x->gen >= G_XE2 && !BUG(B_B2D_TAIL_KEPT);
    for (uint32_t b = 0; b < nb && !store; b++) /* padding in a block is zero; the GRF tail too on Xe2+ (D196, D197) */
        memset(reg + b * bpitch, 0, xe2_zero ? bpitch : bbytes);
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t r = 0; r < H; r++) {
            for (uint32_t c = 0; c < W; c++) {
                uint32_t e = tr ? c * rp + r : vnni ? (r / per) * per * rp + c * per + (BUG(B_B2D_VNNI_ORDER) ? per - 1 - r % per : r % per)
                                                    : r * rp + c;
                uint8_t *slot = reg + b * bpitch + e * es;
                int64_t col = BUG(B_B2D_BLOCKS_STACKED) ? X + c : X + (int64_t)b * W + c;
                int64_t row = BUG(B_B2D_BLOCKS_STACKED) ? Y + (int64_t)b * H + r : Y + r;
                int in = col >= 0 && row >= 0 && (uint64_t)row < sh && (uint64_t)(col + 1) * es <= sw;
                if (store) {
                    if (!in && BUG(B_B2D_STORE_NO_BOUND) && col >= 0 && row >= 0 && (uint64_t)row < sh &&
                        (uint64_t)(col + 1) * es <= sp && dut_flat_in(x, base + (uint64_t)row * sp + (uint64_t)col * es, es))
                        in = 1;
                    if (in) dut_flat_write(x, base + (uint64_t)row * sp + (uint64_t)col * es, es, slot);
                    continue;
                }
                if (in) dut_flat_read(x, base + (uint64_t)row * sp + (uint64_t)col * es, es, slot);
                else if (BUG(B_B2D_OOB_CLAMP)) {
                    int64_t cc = col < 0 ? 0 : (int64_t)(sw / es) - 1 < col ? (int64_t)(sw / es) - 1 : col;
                    int64_t rr = row < 0 ? 0 : (int64_t)sh - 1 < row ? (int64_t)sh - 1 : row;
                    if (dut_flat_in(x, base + (uint64_t)rr * sp + (uint64_t)cc * es, es))
                        dut_flat_read(x, base + (uint64_t)rr * sp + (uint64_t)cc * es, es, slot);
                    else memset(slot, 0, es);
                } else memset(slot, 0, es);
            }
        }
    return VISA_DUT_OK;
}
