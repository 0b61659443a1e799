/* MEDIA_LD / MEDIA_ST vector generation (issue 27), called from gen.c.
 * Builds cases only (bytes + initial state); never runs or judges them.
 * Bytes are assembled here from the pages' format table (opcode, modifiers,
 * surface, plane, width, height, X, Y, raw), independently of vo_encode.
 * Case k depends only on (seed, opcode, k):
 *   k < SYS    every (block width class, height class, position class):
 *              widths at the page table's steps (1, 3, 4, 5, 8, 9, 16, 17,
 *              32, 33, 64 ...), heights 1 / the table's maximum / between,
 *              positions inside, touching the right edge, past the right
 *              edge, past the bottom, past both, wholly outside
 *   k < SPEC   malformed and out-of-scope encodings (modifiers, plane,
 *              width/height table, surface kinds, operand types, %null,
 *              truncated, trailing, Xe2, X >= 2^31, MEDIA_ST X unaligned)
 *   k >= SPEC  random shapes and surfaces, biased to the edges.
 * The surface T6 gets random bytes only in the rows and columns near the
 * block (the edge pixels included), so a test holds about a kilobyte. */
#include "gen_internal.h"
#include "visa_gen.h"
#include <stdio.h>
#include <string.h>

#include "gen_rng.h"

static const char *const plats[] = { "BDW", "SKL", "ICLLP", "TGLLP", "DG1", "ADLP", "XeHP_SDV", "DG2", "MTL", "PVC" };
static const uint16_t vers[] = { 303, 304, 306, 309, 400, 401 };
static const uint8_t widths[] = { 1, 2, 3, 4, 5, 7, 8, 9, 12, 16, 17, 24, 32, 33, 48, 64 };
#define NW ((unsigned)NELEM(widths))
#define NH 3u
#define NPOS 6u
#define SYS (NW * NH * NPOS)
#define NSPEC 22u

static uint32_t pitch_of(uint32_t w)
{
    uint32_t p = 4;
    while (p < w) p <<= 1;
    return p;
}

uint64_t vo_gen_media_systematic_count(void) { return SYS + NSPEC; }

typedef struct { uint8_t *b; size_t n; } bw;
static void put(bw *w, uint64_t v, unsigned k)
{
    for (unsigned i = 0; i < k && w->n < VO_MAX_INSN_BYTES; i++) w->b[w->n++] = (uint8_t)(v >> (8 * i));
}

int vo_gen_media_case(uint8_t op, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    c->comment[0] = 0;
    rng R = { seed * 0x2545F4914F6CDD1Dull ^ (k + 1) * 0x9E3779B97F4A7C15ull ^ (0x3700ull + op) };
    (void)nx(&R);
    const int store = op == 0x38;
    /* the surface: pixel, width (a multiple of it), height, pitch */
    static const uint8_t pixels[] = { 1, 2, 2, 4, 4, 4, 4, 4, 8, 16 };
    uint32_t px = PICK(&R, pixels);
    uint32_t sw0 = px * (1 + rn(&R, 96 / px)), sh = 1 + rn(&R, 24);
    uint32_t pitch_extra = chance(&R, 50) ? 0 : 4 * rn(&R, 9);
    uint32_t wi = rn(&R, NW), hc = rn(&R, NH), pos = rn(&R, NPOS);
    int spec = -1;
    const char *part = "random";
    if (k < SYS) {
        unsigned v = (unsigned)k;
        wi = v % NW; v /= NW;
        hc = v % NH; v /= NH;
        pos = v % NPOS;
        part = "systematic";
    } else if (k < SYS + NSPEC) {
        spec = (int)(k - SYS);
        part = "special";
    }
    uint32_t w = widths[wi], hmax = 256 / pitch_of(w);
    uint32_t h = hc == 0 ? 1 : hc == 1 ? hmax : 1 + rn(&R, hmax);
    if (spec < 0 && k >= SYS) { /* random: any width, heights biased to the table's maximum */
        w = 1 + rn(&R, 64);
        hmax = 256 / pitch_of(w);
        h = chance(&R, 30) ? hmax : 1 + rn(&R, hmax);
    }
    uint32_t swid = sw0, spitch = sw0 + pitch_extra;
    uint32_t x0 = 0, y0 = 0, jx = rn(&R, 8), jy = rn(&R, 4);
    switch (pos) {
    case 0: x0 = swid > w ? rn(&R, swid - w + 1) : 0; y0 = sh > h ? rn(&R, sh - h + 1) : 0; break; /* inside (if it fits) */
    case 1: x0 = swid >= w ? swid - w : 0; y0 = sh > h ? rn(&R, sh - h + 1) : 0; break;          /* touching the right edge */
    case 2: x0 = w > 1 && 1 + jx % w <= swid ? swid - (1 + jx % w) : swid > 1 ? swid - 1 : 0; y0 = 0; break; /* past the right edge */
    case 3: x0 = 0; y0 = sh - 1 - (jy % sh); break;                                              /* past the bottom */
    case 4: x0 = swid - 1; y0 = sh - 1; break;                                                   /* past both */
    default: x0 = swid + 4 * jx; y0 = sh + jy; break;                                            /* wholly outside */
    }
    if (store) x0 -= x0 % 4; /* D211: dword-aligned X, except in the special case */
    vo_state *s = &c->state;
    vo_platform_lookup(PICK(&R, plats), &s->platform);
    s->platform.visa_version = PICK(&R, vers);
    s->exec_mask = (uint32_t)(nx(&R) >> 32);
    unsigned idw = s->platform.visa_version >= 304 ? 4 : 2, grf = s->platform.grf_bytes;
    uint8_t mods = 0, plane = 0, surf = 6, xtype = VO_T_UD;
    uint32_t did = 40;
    size_t cut = 0, extra = 0;
    int want = -1, wcode = -1, xreg = chance(&R, 30), geo = 1;
    switch (spec) {
    case 0: mods = store ? 4 : 6; want = VO_INVALID; wcode = VO_E_MEDIA_SHAPE; break;
    case 1: plane = 4; want = VO_INVALID; wcode = VO_E_MEDIA_SHAPE; break;
    case 2: w = 0; want = VO_INVALID; wcode = VO_E_MEDIA_SHAPE; break;
    case 3: w = 65; want = VO_INVALID; wcode = VO_E_MEDIA_SHAPE; break;
    case 4: h = hmax + 1; want = VO_INVALID; wcode = VO_E_MEDIA_SHAPE; break;
    case 5: h = 0; want = VO_INVALID; wcode = VO_E_MEDIA_SHAPE; break;
    case 6: surf = 0; want = VO_INVALID; wcode = VO_E_MEDIA_SURFACE; break;
    case 7: surf = 5; want = VO_INVALID; wcode = VO_E_MEDIA_SURFACE; break;
    case 8: surf = 9; want = VO_INVALID; wcode = VO_E_SURFACE; break;
    case 9: geo = 0; want = VO_INVALID; wcode = VO_E_MEDIA_SURFACE; break;
    case 10: xreg = 0; xtype = VO_T_D; want = VO_INVALID; wcode = VO_E_IMM_TYPE; break;
    case 11: did = 0; want = VO_INVALID; wcode = VO_E_NULL_OPERAND; break;
    case 12: cut = 2; want = VO_INVALID; wcode = VO_E_TRUNCATED; break;
    case 13: extra = 1; want = VO_INVALID; wcode = VO_E_TRAILING; break;
    case 14: surf = 2; want = VO_INVALID; wcode = VO_E_SURFACE; break;
    case 15: mods = 1; break;
    case 16: mods = store ? 3 : 4; want = VO_UNDEFINED; break;
    case 17: plane = (uint8_t)(1 + rn(&R, 3)); want = VO_UNDEFINED; break;
    case 18: vo_platform_lookup("Xe2", &s->platform); s->platform.visa_version = 401; grf = s->platform.grf_bytes;
        want = VO_UNDEFINED; break;
    case 19: xreg = 0; x0 = 0x80000000u + 4 * jx; want = VO_UNDEFINED; break;
    case 20: x0 = store ? 2 : 0x7FFFFFFFu; if (store) want = VO_UNDEFINED; break;
    case 21: y0 = 0xFFFFFFFFu; xreg = 0; want = VO_UNDEFINED; break;
    default: break;
    }
    /* T6 (and T7 without geometry for case 9); size: the rectangle plus a few bytes */
    uint64_t size = (uint64_t)(sh - 1) * spitch + swid + 4 * rn(&R, 4);
    vo_surface *sf = vo_state_add_surface(s, 6, size);
    if (sf && geo) { sf->m_width = swid; sf->m_height = sh; sf->m_pitch = spitch; sf->m_pixel = (uint8_t)px; }
    if (sf && !geo) sf->m_pixel = 0;
    if (sf) { /* random bytes in the rows and columns near the block (clamped to the surface) */
        uint64_t ylo = y0 > 1 ? y0 - 1 : 0, yhi = (uint64_t)y0 + (h ? h : 1) + 1;
        uint64_t xlo = x0 > 8 ? x0 - 8 : 0, xhi = (uint64_t)x0 + w + 8;
        if (ylo >= sh) ylo = sh > 2 ? sh - 2 : 0;
        if (yhi > sh) yhi = sh;
        if (xlo >= swid) xlo = swid > 16 ? swid - 16 : 0; /* the edge pixels a clamped read takes */
        if (xhi > spitch) xhi = spitch;
        uint8_t row[256];
        for (uint64_t y = ylo; y < yhi; y++) {
            uint32_t n = (uint32_t)(xhi - xlo);
            if (!n || n > sizeof row) continue;
            for (uint32_t i = 0; i < n; i++) {
                uint64_t r8 = nx(&R);
                row[i] = (uint8_t)r8;
            }
            uint64_t off = y * spitch + xlo;
            if (off + n > size) n = off < size ? (uint32_t)(size - off) : 0;
            if (n) vo_surface_write(s, sf, off, row, n);
        }
    }
    /* V40: data (raw, random bytes, a type drawn); V41: X, Y (UD) */
    static const uint8_t dtypes[] = { VO_T_UD, VO_T_UB, VO_T_F, VO_T_UW, VO_T_Q };
    unsigned dt = PICK(&R, dtypes);
    uint32_t foot = w && w <= 64 && h ? pitch_of(w) * (h - 1) + w : 256; /* the block's register bytes */
    unsigned doff = chance(&R, 15) ? grf : 0;
    unsigned dbytes = (foot + grf - 1) / grf * grf + doff;
    vo_var *dv = vo_state_add_var(s, 40, (uint8_t)dt, dbytes / vo_type_size(dt));
    if (dv) for (unsigned i = 0; i < dv->size; i++) { uint64_t r8 = nx(&R); dv->data[i] = (uint8_t)r8; }
    if (spec < 0 && chance(&R, 5)) doff = dbytes - grf + (doff ? 0 : grf); /* D14: maybe past the variable */
    if (doff >= dbytes + grf) doff = dbytes;
    uint32_t xy[2] = { x0, y0 };
    vo_var *xv = vo_state_add_var(s, 41, VO_T_UD, 2);
    if (xv) for (unsigned i = 0; i < 8; i++) xv->data[i] = (uint8_t)(xy[i / 4] >> (8 * (i % 4)));
    vo_state_sort(s);
    uint8_t ib[VO_MAX_INSN_BYTES];
    bw b = { ib, 0 };
    put(&b, op, 1);
    put(&b, mods, 1);
    put(&b, surf, 1);
    put(&b, plane, 1);
    put(&b, w, 1);
    put(&b, h, 1);
    for (unsigned i = 0; i < 2; i++) {
        if (xreg) { put(&b, 0, 1); put(&b, 41, idw); put(&b, 0, 1); put(&b, i, 1); put(&b, 0x0121, 2); }
        else { put(&b, 5, 1); put(&b, i ? VO_T_UD : xtype, 1); put(&b, xy[i], 4); }
    }
    put(&b, did, idw);
    put(&b, doff, 2);
    if (extra) put(&b, 0, 1);
    if (cut) b.n -= cut;
    memcpy(c->insn, ib, b.n);
    c->insn_len = b.n;
    snprintf(c->comment, sizeof c->comment,
             "%s: %s %ux%u at (%u, %u) surface %ux%u pitch %u pixel %u mods %u plane %u %s spec=%d %s visa=%u.%u", part,
             store ? "media_st" : "media_ld", w, h, x0, y0, swid, sh, spitch, px, mods, plane, xreg ? "reg" : "imm", spec,
             s->platform.name, s->platform.visa_version / 100, s->platform.visa_version % 100);
    if (gi) {
        gi->part = part;
        gi->want_status = want;
        gi->want_code = wcode;
    }
    return 0;
}
