/* Example DUT, LSC_TYPED block2d (0x8A sub-ops 0x03 / 0x07, issue 28),
 * written from the LSC_TYPED page (LOAD_BLOCK2D / STORE_BLOCK2D: BlockWidth
 * in bytes, row u of the register at u * reg_pitch, reg_pitch = BlockWidth
 * < 4 ? 4 : round_up_pow2(BlockWidth), the width/height table) and the
 * oracle's decisions D320-D329, over docs/state.md "typed" (pixels row by
 * row). #included by dut.c after dut_typed.c and dut_2d.c (one translation
 * unit): uses ctx, typed_of, ty_channels, b2d_operand and the LSC helpers.
 *
 * Bytes: 8a sub exec pred(2) l1 l3 addr_type width(2) height(2) Surface(vec)
 * ss_idx(4) dst X(vec) [x_off(4)] Y(vec) [y_off(4)] src1; the bracketed
 * fields are missing in Intel's reader's layout: the length decides.
 *
 * Seeded bugs (-DDUT_BUG=N, 240..243; examples/mutants/README.md):
 *   240 X taken in pixels, not bytes
 *   241 register rows packed at the block width, not the padded pitch
 *   242 bounds judged on the whole surface, not per row (a row wraps)
 *   243 the X / Y immediate offsets ignored
 */
#if defined(VISA_DUT_ABI_MINOR) && VISA_DUT_ABI_MINOR >= 3
enum { B_LT2D_X_PIXELS = 240, B_LT2D_PITCH_PACKED, B_LT2D_ROW_WRAP, B_LT2D_OFFSETS_IGNORED };

/* 1 when the bytes decode exactly with x_off / y_off */
static int lt2d_writer_layout(ctx *x)
{
    int fits[2];
    uint32_t pos0 = x->pos;
    for (int with = 1; with >= 0; with--) {
        vecop v;
        rawop r;
        x->pos = pos0;
        x->truncated = 0;
        get(x, 1); get(x, 2); get(x, 1); get(x, 1); get(x, 1); get(x, 2); get(x, 2);
        read_vec(x, &v);
        get(x, 4);
        read_raw(x, &r);
        for (int i = 0; i < 2; i++) {
            read_vec(x, &v);
            if (with) get(x, 4);
        }
        read_raw(x, &r);
        fits[with] = !x->truncated && x->pos == x->n;
    }
    x->pos = pos0;
    x->truncated = 0;
    return fits[1] || !fits[0];
}

/* the sub-op byte (at x->pos) is a block2d one */
static int lt2d_is(const ctx *x) { return x->pos < x->n && (x->p[x->pos] == 0x03 || x->p[x->pos] == 0x07); }

static uint32_t lt2d_pitch(uint32_t w)
{
    uint32_t p = 4;
    while (p < w) p <<= 1;
    return p;
}

static int do_lsc_typed_2d(ctx *x)
{
    if (lsc_platform(x)) return VISA_DUT_REJECTED;
    int store = get(x, 1) == 0x07, full = lt2d_writer_layout(x);
    uint32_t eb = get(x, 1), pred = get(x, 2), l1 = get(x, 1), l3 = get(x, 1), atype = get(x, 1);
    uint32_t w = get(x, 2), h = get(x, 2);
    vecop surf, ox, oy;
    rawop dst, src1;
    read_vec(x, &surf);
    uint32_t ssidx = get(x, 4);
    read_raw(x, &dst);
    read_vec(x, &ox);
    int32_t xoff = full ? (int32_t)get(x, 4) : 0;
    read_vec(x, &oy);
    int32_t yoff = full ? (int32_t)get(x, 4) : 0;
    read_raw(x, &src1);
    if (finish_decode(x)) return VISA_DUT_REJECTED;
    if (eb || pred) REJECT(x, "block2d.tgm: exec byte and predicate must be 0");
    if (l1 > 7 || l3 > 7 || ((l1 || l3) && x->gen < G_XE2) || !lsc_cache_ok(store ? LK_STOREQ : LK_LOADQ, l1, l3))
        REJECT(x, "caching: .%u.%u not allowed on tgm", l1, l3);
    if (atype < 2 || atype > 4) REJECT(x, "addr type %u: bss, ss or bti", atype);
    uint32_t rp = lt2d_pitch(w);
    if (w == 0 || w > 64) REJECT(x, "block width %u: 1..64 bytes", w);
    if (h == 0 || rp * h > 256) REJECT(x, "block height %u: past the page's table", h);
    int sreg = 0, undef = 0;
    uint64_t sval = 0;
    if (surf.mod || surf.hi) REJECT(x, "surface: modifier or tag bits");
    if (surf.cls == 5) {
        if (!lsc_imm_type_ok(&surf, 1)) REJECT(x, "surface: immediate type 0x%02x", surf.type);
        sval = surf.type == 11 || surf.type == 13 ? surf.imm64 : surf.imm;
        if (atype == 4 && sval > 255) REJECT(x, "bti above 255");
    } else {
        uint32_t sv32 = 0;
        sreg = 1;
        if (lsc_goff(x, &surf, &sv32, &undef)) return VISA_DUT_REJECTED;
        sval = sv32;
    }
    if (store) {
        if (dst.id || dst.off) REJECT(x, "dst: %%null for stores");
    } else if (check_raw(x, &dst, "dst", T_ANY, 1, 1)) {
        return VISA_DUT_REJECTED;
    }
    uint64_t xv = 0, yv = 0;
    if (b2d_operand(x, &ox, 0, &xv, &undef) || b2d_operand(x, &oy, 0, &yv, &undef)) return VISA_DUT_REJECTED;
    if (store) {
        if (check_raw(x, &src1, "src1", T_ANY, 0, 0)) return VISA_DUT_REJECTED;
    } else if (src1.id || src1.off) {
        REJECT(x, "src1: %%null for loads");
    }
    if (undef || x->gen < G_XE2) return VISA_DUT_OK; /* undefined: nothing done */
    if (!store && !dst.v) return VISA_DUT_OK;         /* a prefetch */
    rawop *data = store ? &src1 : &dst;
    if ((uint64_t)data->off + rp * (h - 1) + w > data->v->size) return VISA_DUT_OK;
    uint32_t s;
    int bound;
    if (atype == 4) {
        bound = dut_bti_surface(x, (uint32_t)(sval & 0xFF), &s);
    } else {
        uint64_t so = sval;
        if (sreg) so = (uint32_t)(so + 0x40u * ssidx);
        bound = dut_ss_surface(x, so, &s);
    }
    const visa_dut_typed *t = bound ? typed_of(x, s) : NULL;
    if (!t || (t->dim != 0 && t->dim != 2)) return VISA_DUT_OK; /* unbound, or no 2D slice */
    uint32_t bpp = 4 * ty_channels(t->format);
    int32_t X = (int32_t)((uint32_t)xv + (BUG(B_LT2D_OFFSETS_IGNORED) ? 0u : (uint32_t)xoff));
    int32_t Y = (int32_t)((uint32_t)yv + (BUG(B_LT2D_OFFSETS_IGNORED) ? 0u : (uint32_t)yoff));
    if (w % bpp || (uint32_t)X % bpp) return VISA_DUT_OK; /* half a pixel: undefined */
    int64_t row = (int64_t)t->width * bpp, rows = t->height, x0 = BUG(B_LT2D_X_PIXELS) ? (int64_t)X * bpp : X;
    if (BUG(B_LT2D_PITCH_PACKED)) rp = w;
    uint8_t *reg = raw_at(data, 0, rp * (h - 1) + w);
    if (!reg) return VISA_DUT_OK;
    for (uint32_t r = 0; r < h; r++)
        for (uint32_t j = 0; j < w; j++) {
            int64_t y = (int64_t)Y + r, c = x0 + j;
            int in = y >= 0 && y < rows && c >= 0 && c < row;
            if (BUG(B_LT2D_ROW_WRAP)) in = y >= 0 && c >= 0 && y * row + c < rows * row;
            uint8_t *p = reg + (size_t)r * rp + j;
            if (store) {
                if (in) mem_store(x, s, (uint64_t)(y * row + c), 1, p);
            } else if (in) {
                mem_load(x, s, (uint64_t)(y * row + c), 1, p);
            } else {
                *p = 0; /* free in the oracle (D326): any value */
            }
        }
    return VISA_DUT_OK;
}
#else
static int lt2d_is(const ctx *x) { (void)x; return 0; }
static int do_lsc_typed_2d(ctx *x) { REJECT(x, "typed surfaces need ABI 1.3"); }
#endif
