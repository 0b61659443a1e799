/* Self-check of the oracle (issue 27, metamorphic): a block2d load equals
 * the element-wise LSC_UNTYPED loads of the same bytes, placed by the register
 * layout of D196; so the VNNI and transposed images are permutations of the
 * same elements. Over a sweep of shapes (d8..d64, 1/2/4 blocks, widths, heights,
 * plain / VNNI / transposed) and starts (negative, inside, past the right and
 * bottom edges), on Xe2 (block padding zero, D197):
 *   - each in-bounds element (b, r, c) -- memory row Y + r, element column
 *     X + b*W + c inside width x height -- equals what an lsc_load (SIMD1,
 *     transposed d32x1, flat a64; for d64 two of them; for d8/d16 the dword
 *     holding it) reads at base + row * pitch + column * size;
 *   - an out-of-bounds element is 0 (D195) and every padding byte is 0;
 *   - the element sits at the layout of D196: plain r * pow2(W) + c, transposed
 *     c * pow2(H) + r, VNNI (r / k) * k * pow2(W) + c * k + r % k (k = 4 / size),
 *     block b at b whole GRFs past the block's bytes.
 * Nothing here is the oracle's block2d output taken as expected: the
 * expected bytes come from a different instruction family (LSC_UNTYPED) and
 * the layout formula of the page. */
#include "t.h"
#include "vo_test_util.h"

#include <stdlib.h>

#define FB 0x10000ull /* flat region: 0x1000 bytes, byte o = (o * 7 + (o >> 8) * 13 + 1) mod 256 */
#define SW 64u        /* surface: width 64 B, height 16 rows, pitch 128 B */
#define SH 16u
#define SP 128u

static vo_state S0;
static vo_result R, G;

static void mk(void)
{
    st_begin(&S0, "Xe2", 306, 0xFFFFFFFFu);
    vo_var *d = st_var(&S0, 40, VO_T_UD, 1024, NULL);
    if (d) memset(d->data, 0xEE, d->size);
    st_var(&S0, 41, VO_T_UQ, 1, NULL);
    st_var(&S0, 42, VO_T_UD, 16, NULL);
    vo_region *rg = vo_state_add_region(&S0, FB, 0x1000);
    CHECK(rg != NULL);
    uint8_t m[0x1000];
    for (unsigned o = 0; o < sizeof m; o++) m[o] = (uint8_t)(o * 7u + (o >> 8) * 13u + 1u);
    CHECK_EQ(vo_flat_write(&S0, FB, sizeof m, m), 0);
    vo_state_sort(&S0);
}

/* the dword at flat address a (4-aligned), read by lsc_load.ugm (M1_NM, 1) V42:d32x1t flat[V41]:a64 */
static uint32_t lsc_dword(uint64_t a)
{
    vo_var *av = (vo_var *)vo_state_var(&S0, 41);
    for (unsigned i = 0; i < 8; i++) av->data[i] = (uint8_t)(a >> (8 * i));
    vt_insn v;
    vt_begin(&v, 306);
    put_u8(&v, 0x89); put_u8(&v, 0x00); put_u8(&v, 0x80); put_u16(&v, 0); /* load, exec 1 NoMask, no predicate */
    put_u8(&v, 0); put_u8(&v, 0); put_u8(&v, 0);                          /* ugm, default caches */
    put_u8(&v, 1); put_u16(&v, 1); put_u32(&v, 0);                        /* flat, scale 1, offset 0 */
    put_u8(&v, 3); put_u8(&v, 3); put_u8(&v, 2); put_u8(&v, 1); put_u8(&v, 0); /* a64 d32 transposed x1 */
    put_imm_ud(&v, 0); put_u32(&v, 0);                                    /* Surface, ss_idx */
    put_raw(&v, 42, 0); put_raw(&v, 41, 0); put_raw(&v, 0, 0); put_raw(&v, 0, 0);
    vo_status st = vo_run(&S0, v.b, v.n, &G);
    CHECK_EQ(st, VO_OK);
    const vo_var *d = vo_state_var(&G.final, 42);
    return st == VO_OK && d ? vt_ld_ud(d->data) : 0xDEADBEEFu;
}

/* size bytes of the element at flat address a, through LSC dword loads */
static void lsc_elem(uint64_t a, unsigned size, uint8_t *out)
{
    for (unsigned i = 0; i < size; i++) {
        uint64_t b = a + i;
        uint32_t dw = lsc_dword(b & ~3ull);
        out[i] = (uint8_t)(dw >> (8 * (b & 3)));
    }
}

static uint32_t pow2c(uint32_t x)
{
    uint32_t p = 1;
    while (p < x) p *= 2;
    return p;
}

static unsigned nshapes, nelems, noob;

static void one(unsigned ds, unsigned order, unsigned vnni, unsigned blocks, unsigned w, unsigned h, int32_t x, int32_t y)
{
    unsigned es = 1u << (ds - 1), grf = 64;
    vt_insn v;
    vt_begin(&v, 306);
    put_u8(&v, 0x89); put_u8(&v, 0x03); put_u8(&v, 0); put_u16(&v, 0); put_u8(&v, 0); put_u8(&v, 0); put_u8(&v, 0);
    put_u8(&v, (uint8_t)ds); put_u8(&v, (uint8_t)order); put_u8(&v, (uint8_t)blocks);
    put_u16(&v, (uint16_t)w); put_u16(&v, (uint16_t)h); put_u8(&v, (uint8_t)vnni);
    put_raw(&v, 40, 0);
    put_imm_t(&v, VO_T_UQ, FB);
    put_imm_ud(&v, SW - 1); put_imm_ud(&v, SH - 1); put_imm_ud(&v, SP - 1); /* minus 1 (D191) */
    put_imm_t(&v, VO_T_D, (uint32_t)x); put_imm_t(&v, VO_T_D, (uint32_t)y);
    put_raw(&v, 0, 0);
    vo_status st = vo_run(&S0, v.b, v.n, &R);
    if (st != VO_OK) {
        fprintf(stderr, "d%u order %u vnni %u %ux%ux%u at (%d, %d): %s %s\n", 8 * es, order, vnni, blocks, w, h, x, y,
                vo_status_name(st), R.err.message);
        CHECK_EQ(st, VO_OK);
        return;
    }
    nshapes++;
    const uint8_t *img = vo_state_var(&R.final, 40)->data;
    uint32_t k = 4 / (es < 4 ? es : 4), pw = pow2c(w), ph = pow2c(h);
    uint32_t blk = (order == 2 ? ph * w : pw * h) * es, bp = (blk + grf - 1) / grf * grf;
    uint8_t want[4096];
    memset(want, 0, sizeof want); /* padding and out-of-bounds elements: 0 */
    for (unsigned b = 0; b < blocks; b++)
        for (unsigned r = 0; r < h; r++)
            for (unsigned c = 0; c < w; c++) {
                int64_t row = (int64_t)y + r, col = (int64_t)x + (int64_t)b * w + c;
                uint32_t e = order == 2 ? c * ph + r : vnni ? (r / k) * k * pw + c * k + r % k : r * pw + c;
                uint8_t *p = want + b * bp + e * es;
                if (row < 0 || row >= SH || col < 0 || (uint64_t)(col + 1) * es > SW) { noob++; continue; }
                lsc_elem(FB + (uint64_t)row * SP + (uint64_t)col * es, es, p);
                nelems++;
            }
    uint32_t n = blocks * bp;
    if (memcmp(img, want, n) != 0) {
        unsigned i = 0;
        while (img[i] == want[i]) i++;
        fprintf(stderr, "d%u order %u vnni %u %ux%ux%u at (%d, %d): byte %u is %02x, element loads give %02x\n", 8 * es,
                order, vnni, blocks, w, h, x, y, i, img[i], want[i]);
    }
    CHECK_MEM(img, want, n);
    CHECK(n == 1024 * 4 || img[n] == 0xEE); /* nothing past the image */
}

int main(void)
{
    mk();
    vo_result_init(&R);
    vo_result_init(&G);
    static const int32_t xs[] = { -3, 0, 5, 60 }, ys[] = { -2, 0, 13 };
    static const unsigned hs[] = { 1, 2, 3, 4, 8, 16 };
    for (unsigned ds = 1; ds <= 4; ds++) {
        unsigned es = 1u << (ds - 1);
        for (unsigned blocks = 1; blocks <= 4; blocks *= 2)
            for (unsigned w = 1; w * blocks * es <= 64; w++) {
                if ((w * es) % 4) continue;         /* D193: rows of whole dwords */
                if (blocks > (es <= 2 ? 4u : es == 4 ? 2u : 1u)) continue;
                for (unsigned hi = 0; hi < sizeof hs / sizeof hs[0]; hi++)
                    for (unsigned xi = 0; xi < 4; xi++)
                        for (unsigned yi = 0; yi < 3; yi++) {
                            unsigned h = hs[hi];
                            int32_t x = xs[xi];
                            if (es <= 2 && x % (int32_t)(4 / es)) x -= x % (int32_t)(4 / es); /* D195: X of whole dwords */
                            if ((w + hi + xi + yi) % 3) continue; /* a third of the grid: still every factor */
                            one(ds, 1, 0, blocks, w, h, x, ys[yi]);                             /* plain */
                            if (es <= 2 && w * es <= 64 && h % (4 / es) == 0 && h * es >= 4)   /* VNNI (D194) */
                                one(ds, 1, 1, blocks, w, h, x, ys[yi]);
                            if (blocks == 1 && ((es == 4 && w <= 8) || (es == 8 && h == 8 && (w == 1 || w == 2 || w == 4))))
                                one(ds, 2, 0, 1, w, h, x, ys[yi]);                              /* transposed */
                        }
            }
    }
    printf("block2d vs element loads: %u loads, %u in-bounds elements, %u out of bounds\n", nshapes, nelems, noob);
    CHECK(nshapes > 500);
    CHECK(noob > 1000);
    vo_result_free(&R);
    vo_result_free(&G);
    vo_state_free(&S0);
    T_DONE();
}
