/* MEDIA_LD (0x37) and MEDIA_ST (0x38) of the C example DUT, written from
 * Intel's MEDIA_LD / MEDIA_ST pages (format table, Semantics, the width /
 * height table) and the oracle's decisions D205-D215. Part of dut.c
 * (#included there: it uses dut.c's decoder helpers).
 *
 *   - fields: modifiers, surface, plane, width (bytes), height (rows), X, Y
 *     (UD scalars), Dst / Src raw;
 *   - register row i at i * reg_pitch, reg_pitch = w < 4 ? 4 : next pow2(w);
 *   - the surface's 2D geometry comes with the case (ABI 1.3): byte (y, c)
 *     at y * pitch + c; a read past an edge takes the edge pixel (pixels up to
 *     4 bytes); a write past an edge is dropped.
 * Seeded bugs 133-137 (examples/mutants/README.md). */

enum {
    B_MEDIA_OOB_ZERO = 133,     /* out-of-bound reads give 0 (block2d style), not the edge pixel */
    B_MEDIA_PITCH_PACKED = 134, /* register rows packed at w bytes, not the padded pitch      */
    B_MEDIA_CLAMP_BYTE = 135,   /* past the right edge: the last byte, not the last pixel     */
    B_MEDIA_ST_PITCH = 136,     /* stores bounded by the pitch, not the width                 */
    B_MEDIA_Y_CLAMP_MISSING = 137, /* past the bottom: zero rows, the x clamp kept            */
};

static uint32_t media_pitch(uint32_t w)
{
    uint32_t p = 4;
    while (p < w) p <<= 1;
    return p;
}

static const visa_dut_media *media_geometry(ctx *x, unsigned s)
{
#if defined(VISA_DUT_ABI_MINOR) && VISA_DUT_ABI_MINOR >= 3
    if (x->c->abi_minor >= 3)
        for (uint32_t i = 0; i < x->c->nmedia; i++)
            if (x->c->media[i].surface == s) return &x->c->media[i];
#else
    (void)x; (void)s;
#endif
    return NULL;
}

/* X or Y: an immediate UD or a scalar UD register; *undef when past its variable */
static int media_scalar(ctx *x, const vecop *o, uint32_t *val, int *undef)
{
    if (o->mod) REJECT(x, "media offset: modifier");
    if (o->hi) REJECT(x, "media offset: tag bits 7..6");
    if (o->cls == 5) {
        if (o->type != 0) REJECT(x, "media offset: immediate must be UD");
        *val = o->imm;
        return 0;
    }
    if (o->cls != 0) REJECT(x, "media offset: general or immediate only");
    if (o->id == 0) REJECT(x, "media offset: %%null");
    visa_dut_var *v;
    if (lookup_var(x, o->id, &v, "media offset")) return VISA_DUT_REJECTED;
    if (v->type != 0 && v->type != 1) /* UD or D (D214) */
        REJECT(x, "media offset: variable must be UD or D");
    if (!region_ok(o->region)) REJECT(x, "media offset: region");
    if (o->col * 4 >= x->grf) REJECT(x, "media offset: column crosses the GRF");
    uint64_t at = (uint64_t)o->row * x->grf + o->col * 4;
    if (at + 4 > v->size) { *undef = 1; return 0; }
    *val = rd32(v->data + at);
    return 0;
}

static int do_media(ctx *x, int store)
{
    uint32_t mods = get(x, 1), surf = get(x, 1), plane = get(x, 1), w = get(x, 1), h = get(x, 1);
    vecop ox, oy;
    rawop d;
    read_vec(x, &ox);
    read_vec(x, &oy);
    read_raw(x, &d);
    if (finish_decode(x)) return VISA_DUT_REJECTED;
    if (mods > (store ? 3u : 5u)) REJECT(x, "media: modifiers");
    if (surf >= 1 && surf <= 3) REJECT(x, "media: reserved surface");
    if (surf == 0 || surf == 4 || surf == 5) REJECT(x, "media: not a 2D surface");
    int declared = 0;
    for (uint32_t i = 0; i < x->c->nsurfaces; i++) declared |= x->c->surfaces[i].index == surf;
    if (!declared) REJECT(x, "media: undeclared surface");
    const visa_dut_media *g = media_geometry(x, surf);
    if (!g) REJECT(x, "media: surface without 2D geometry");
    if (plane > 3) REJECT(x, "media: plane");
    if (w == 0 || w > 64) REJECT(x, "media: width");
    uint32_t rp = media_pitch(w);
    if (h == 0 || h * rp > 256) REJECT(x, "media: height (page table)");
    uint32_t xo = 0, yo = 0;
    int undef = 0;
    if (media_scalar(x, &ox, &xo, &undef) || media_scalar(x, &oy, &yo, &undef)) return VISA_DUT_REJECTED;
    if (d.id == 0) REJECT(x, "media: %%null data");
    if (lookup_var(x, d.id, &d.v, "media data")) return VISA_DUT_REJECTED;
    if (!store && d.id < 22 && !predef[d.id].writable) REJECT(x, "media dst: read-only");
    unsigned es = type_size(d.v->type);
    if (d.v->size >= x->grf && d.off % x->grf) REJECT(x, "media data: offset not GRF-aligned");
    if (es && d.off % es) REJECT(x, "media data: offset not a multiple of the element size");
    if (undef) return VISA_DUT_OK; /* D14: undefined, nothing done */
    /* what the oracle leaves open or does not model: nothing done */
    if ((uint64_t)d.off + rp * (h - 1) + w > d.v->size) return VISA_DUT_OK;
    if (x->gen >= G_XE2 || mods >= 2 || plane) return VISA_DUT_OK;
    if (xo >= 0x80000000u || yo >= 0x80000000u) return VISA_DUT_OK;
    if (store && xo % 4) return VISA_DUT_OK;
    int oob = (uint64_t)xo + w > g->width || (uint64_t)yo + h > g->height;
    if (oob && g->pixel > 4) return VISA_DUT_OK;
    uint8_t *reg = d.v->data + d.off;
    if (BUG(B_MEDIA_PITCH_PACKED)) rp = w;
    for (uint32_t i = 0; i < h; i++)
        for (uint32_t j = 0; j < w; j++) {
            uint64_t y = (uint64_t)yo + i, c = (uint64_t)xo + j;
            uint8_t *r = reg + (size_t)i * rp + j;
            if (store) {
                if (y >= g->height || c >= (BUG(B_MEDIA_ST_PITCH) ? g->pitch : g->width)) continue;
                x->c->mem.write(x->c->mem.host, surf, y * g->pitch + c, 1, r);
                continue;
            }
            if (y >= g->height || c >= g->width) {
                if (BUG(B_MEDIA_OOB_ZERO) || (BUG(B_MEDIA_Y_CLAMP_MISSING) && y >= g->height)) {
                    *r = 0;
                    continue;
                }
                if (y >= g->height) y = g->height - 1; /* the last row */
                if (c >= g->width) /* the same byte of the last pixel */
                    c = BUG(B_MEDIA_CLAMP_BYTE) ? g->width - 1 : g->width - g->pixel + c % g->pixel;
            }
            x->c->mem.read(x->c->mem.host, surf, y * g->pitch + c, 1, r);
        }
    return VISA_DUT_OK;
}
