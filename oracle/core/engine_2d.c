/* The 2D executor (issue 27): row spans over a 2D region, register tiles.
 * engine_2d.h says what each function does; decisions D195-D197. */
#include "engine_2d.h"
#include <string.h>

/* element column col of row y wholly inside the surface (D195: per element) */
static int inside(const vo_2d_surf *s, int64_t y, int64_t col)
{
    if (y < 0 || (uint64_t)y >= s->height || col < 0) return 0;
    return (uint64_t)(col + 1) * s->elt <= s->width;
}
static uint64_t addr_of(const vo_2d_surf *s, int64_t y, int64_t col)
{
    return s->base + (uint64_t)y * s->pitch + (uint64_t)col * s->elt;
}

/* D207 (VO_2D_OOB_CLAMP, elt 1): the byte of the nearest edge pixel -- row
 * clamped to [0, height), a byte column past either edge taken from the
 * first / last pixel at the same byte of the pixel */
static void clamp(const vo_2d_surf *s, int64_t *y, int64_t *c)
{
    int64_t h = (int64_t)s->height, w = (int64_t)s->width, px = s->pixel ? s->pixel : 1;
    if (*y < 0) *y = 0;
    if (*y >= h) *y = h - 1;
    int64_t k = ((*c % px) + px) % px;
    if (*c < 0) *c = k;
    else if (*c >= w) *c = w - px + k;
}

static int read_bytes(const vo_ctx *x, const vo_2d_surf *s, int64_t y, int64_t c, uint8_t *o)
{
    if (s->sf) { /* a legacy surface (media): the state check keeps the rectangle inside it (D205) */
        vo_surface_read(s->sf, addr_of(s, y, c), o, s->elt);
        return 0;
    }
    return vo_flat_read(x->st, addr_of(s, y, c), s->elt, o) != 0;
}

int vo_2d_span_read(const vo_ctx *x, const vo_2d_surf *s, int64_t y, int64_t col, uint32_t n, uint8_t *out,
                    vo_2d_stats *st)
{
    for (uint32_t i = 0; i < n; i++) {
        uint8_t *o = out + (size_t)i * s->elt;
        int64_t c = col + (int64_t)i, yy = y;
        if (!inside(s, y, c)) {
            if (st) st->oob_read++;
            if (s->oob != VO_2D_OOB_CLAMP) {
                memset(o, 0, s->elt); /* D195 */
                continue;
            }
            clamp(s, &yy, &c);
        }
        if (read_bytes(x, s, yy, c, o)) return 1;
    }
    return 0;
}

int vo_2d_span_mapped(const vo_ctx *x, const vo_2d_surf *s, int64_t y, int64_t col, uint32_t n)
{
    if (s->sf) return 1;
    for (uint32_t i = 0; i < n; i++)
        if (inside(s, y, col + (int64_t)i) && !vo_flat_inside(x->st, addr_of(s, y, col + (int64_t)i), s->elt)) return 0;
    return 1;
}

int vo_2d_span_write(vo_ctx *x, const vo_2d_surf *s, int64_t y, int64_t col, uint32_t n, const uint8_t *in,
                     vo_2d_stats *st)
{
    if (!vo_2d_span_mapped(x, s, y, col, n)) return 1;
    for (uint32_t i = 0; i < n; i++) {
        int64_t c = col + (int64_t)i;
        if (!inside(s, y, c)) {
            if (st) st->oob_write++; /* D195: dropped */
            continue;
        }
        if (s->sf ? vo_surface_write(x->st, (vo_surface *)s->sf, addr_of(s, y, c), in + (size_t)i * s->elt, s->elt)
                  : vo_flat_write(x->st, addr_of(s, y, c), s->elt, in + (size_t)i * s->elt))
            return -1;
    }
    return 0;
}

void vo_2d_pad_free(vo_ctx *x, uint32_t rp, uint32_t w, uint32_t h, unsigned clause)
{
    uint32_t end = rp * (h - 1) + w, grf_end = (end + x->grf - 1) / x->grf * x->grf;
    int pad = 0;
    for (uint32_t r = 0; r + 1 < h && rp > w; r++) {
        vo_free_var_undefined(x, x->data_off + r * rp + w, rp - w, clause);
        pad = 1;
    }
    if (grf_end > end) {
        vo_free_var_undefined(x, x->data_off + end, grf_end - end, clause);
        pad = 1;
    }
    if (pad) vo_tag(x->r, VO_TAG_PADDING);
}

static uint32_t pow2_up(uint32_t v)
{
    uint32_t p = 1;
    while (p < v) p <<= 1;
    return p;
}

int vo_2d_tile_init(vo_2d_tile *t, uint32_t w, uint32_t h, uint32_t blocks, uint32_t esize, uint32_t grf,
                    int transpose, int vnni)
{
    memset(t, 0, sizeof *t);
    if (!w || !h || !blocks || !esize || !grf || w > 4096 || h > 4096 || blocks > 16) return -1;
    t->w = w; t->h = h; t->blocks = blocks; t->esize = esize; t->grf = grf;
    t->transpose = (uint8_t)!!transpose;
    t->vnni = (uint8_t)!!vnni;
    /* page pseudo-code: grf_row_size = transpose ? H : W, padded to a power of two */
    t->row_pitch = pow2_up(transpose ? h : w);
    uint64_t lines = transpose ? w : h;
    uint64_t size = (uint64_t)t->row_pitch * lines;
    if (vnni && !transpose) { /* D196: W dwords per group of 4/esize rows; H a multiple of it (D194) */
        uint32_t per = 4 / esize ? 4 / esize : 1;
        size = (uint64_t)t->row_pitch * per * ((h + per - 1) / per);
    }
    uint64_t bytes = size * esize;
    uint64_t pitch = (bytes + grf - 1) / grf * grf;
    if (pitch * blocks > VO_2D_MAX_REG) return -1;
    t->block_size = (uint32_t)size;
    t->block_pitch = (uint32_t)pitch;
    return 0;
}

uint32_t vo_2d_tile_off(const vo_2d_tile *t, uint32_t b, uint32_t r, uint32_t c)
{
    uint32_t e;
    if (t->transpose) {
        e = c * t->row_pitch + r; /* memory column c is register row c */
    } else if (t->vnni) {
        uint32_t per = 4 / t->esize ? 4 / t->esize : 1; /* rows per dword: 4 d8, 2 d16 */
        e = (r / per) * per * t->row_pitch + c * per + r % per; /* lower row in lower bits */
    } else {
        e = r * t->row_pitch + c;
    }
    return b * t->block_pitch + e * t->esize;
}
