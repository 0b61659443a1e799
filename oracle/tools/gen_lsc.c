/* LSC vector generation (issue 14), called from gen.c. Builds cases only
 * (bytes + initial state); never runs or judges them. Bytes are assembled
 * here from the LSC_FENCE page's format table (exec ub, pred uw, sfid ub,
 * op ub, scope ub), independently of vo_encode.
 *
 * LSC_FENCE, case k depends only on (seed, k):
 *   k < 980   every (sfid 0..4) x (op 0..6) x (scope 0..6) encoding, four
 *             times: canonical exec/pred on two LSC platforms, a
 *             non-canonical exec byte, a non-canonical pred word (D96)
 *   k < S     every invalid class (sfid, op, scope >= limit, SLM rules, a
 *             platform without LSC, truncation, trailing bytes)
 *   k >= S    random bytes, biased to the valid range. */
#include "gen_internal.h"
#include "visa_gen.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct { uint64_t s; } rng;
static uint64_t nx(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static uint32_t rn(rng *r, uint32_t n) { return n ? (uint32_t)(((nx(r) >> 32) * (uint64_t)n) >> 32) : 0; }
static int chance(rng *r, unsigned pct) { return rn(r, 100) < pct; }
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define PICK(r, arr) ((arr)[rn((r), (uint32_t)NELEM(arr))])

static void note(vo_case *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(vo_case *c, const char *fmt, ...)
{
    size_t n = strlen(c->comment);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->comment + n, sizeof c->comment - n, fmt, ap);
    va_end(ap);
}

static const char *const lsc_plats[] = { "DG2", "MTL", "ARL", "PVC", "PVCXT", "Xe2", "Xe3" };
static const char *const pre_lsc[] = { "BDW", "CHV", "SKL", "ICLLP", "TGLLP", "DG1", "ADLP", "XeHP_SDV" };
static const uint16_t vers[] = { 300, 303, 304, 306, 309, 400, 401 };

/* ---- LSC_FENCE ---- */
#define F_ENC 245u                /* 5 sfids x 7 ops x 7 scopes */
#define F_A (F_ENC * 4u)
enum { FS_SFID, FS_OP, FS_SCOPE, FS_SLM_OP, FS_SLM_SCOPE, FS_PLATFORM, FS_TRUNC, FS_TRAIL, FS_ORDER, FS_COUNT };
static const struct { const char *name; unsigned nvar; int code; } fs_tab[FS_COUNT] = {
    [FS_SFID] = { "sfid", 6, VO_E_LSC_SFID },        [FS_OP] = { "fence_op", 5, VO_E_LSC_FENCE_OP },
    [FS_SCOPE] = { "scope", 5, VO_E_LSC_SCOPE },     [FS_SLM_OP] = { "slm_op", 6, VO_E_LSC_SLM_FENCE },
    [FS_SLM_SCOPE] = { "slm_scope", 6, VO_E_LSC_SLM_FENCE }, [FS_PLATFORM] = { "platform", 8, VO_E_PLATFORM },
    [FS_TRUNC] = { "truncated", 7, VO_E_TRUNCATED }, [FS_TRAIL] = { "trailing", 2, VO_E_TRAILING },
    [FS_ORDER] = { "first_error", 3, -1 },
};
static uint64_t fence_specials(void)
{
    uint64_t n = 0;
    for (unsigned i = 0; i < FS_COUNT; i++) n += fs_tab[i].nvar;
    return n;
}

uint64_t vo_gen_lsc_fence_systematic_count(void) { return F_A + fence_specials(); }

int vo_gen_lsc_fence_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    c->comment[0] = 0;
    rng R = { seed * 0x2545F4914F6CDD1Dull ^ (k + 1) * 0x9E3779B97F4A7C15ull ^ 0x8Bull };
    (void)nx(&R);
    unsigned sfid = rn(&R, 5), op = rn(&R, 7), scope = rn(&R, 7);
    if (sfid == 3) op = scope = 0;
    uint8_t exec = 0x80;
    uint16_t pred = 0;
    const char *plat = PICK(&R, lsc_plats);
    int want = -1, code = -1;
    size_t len = 7;
    const char *part = "random";
    int sp = -1;
    unsigned var = 0;
    if (k < F_A) {
        unsigned e = (unsigned)(k % F_ENC), v = (unsigned)(k / F_ENC);
        sfid = e / 49; op = (e / 7) % 7; scope = e % 7;
        plat = lsc_plats[(e + 3 * v) % NELEM(lsc_plats)];
        if (v == 2) { static const uint8_t ex[] = { 0x00, 0x04, 0x05, 0x07, 0x0F, 0x10, 0x83, 0xFF }; exec = PICK(&R, ex); }
        if (v == 3) { static const uint16_t pw[] = { 0x0001, 0x8001, 0x2001, 0x4002, 0x1000, 0x0FFF, 0xFFFF }; pred = PICK(&R, pw); }
        part = "encodings";
        want = VO_OK;
        if (sfid == 3 && (op || scope)) { want = VO_INVALID; code = VO_E_LSC_SLM_FENCE; }
    } else if (k < vo_gen_lsc_fence_systematic_count()) {
        uint64_t idx = k - F_A;
        sp = 0;
        while (idx >= fs_tab[sp].nvar) idx -= fs_tab[sp++].nvar;
        var = (unsigned)idx;
        part = "special";
    } else if (chance(&R, 20)) {
        sp = (int)rn(&R, FS_COUNT);
        var = rn(&R, fs_tab[sp].nvar);
        part = "random special";
    } else {
        if (chance(&R, 30)) exec = (uint8_t)rn(&R, 256);
        if (chance(&R, 20)) pred = (uint16_t)rn(&R, 65536);
        if (chance(&R, 30)) { op = rn(&R, 7); scope = rn(&R, 7); }
        want = VO_OK;
        if (sfid == 3 && (op || scope)) { want = VO_INVALID; code = VO_E_LSC_SLM_FENCE; }
    }
    if (sp >= 0) {
        want = VO_INVALID;
        code = fs_tab[sp].code;
        if (sfid == 3) sfid = 0;
        switch (sp) {
        case FS_SFID: { static const uint8_t b[] = { 5, 6, 7, 0x10, 0x80, 0xFF }; sfid = b[var]; break; }
        case FS_OP: { static const uint8_t b[] = { 7, 8, 0x40, 0x80, 0xFF }; op = b[var]; break; }
        case FS_SCOPE: { static const uint8_t b[] = { 7, 8, 0x40, 0x80, 0xFF }; scope = b[var]; break; }
        case FS_SLM_OP: sfid = 3; op = 1 + var; scope = 0; break;
        case FS_SLM_SCOPE: sfid = 3; op = 0; scope = 1 + var; break;
        case FS_PLATFORM: plat = pre_lsc[var]; break;
        case FS_TRUNC: len = var; break; /* 0..6 bytes */
        case FS_TRAIL: len = 8 + var; break;
        case FS_ORDER: /* the error at the lowest offset wins */
            if (var == 0) { sfid = 9; op = 9; scope = 9; code = VO_E_LSC_SFID; }
            else if (var == 1) { sfid = 3; op = 9; scope = 9; code = VO_E_LSC_FENCE_OP; }
            else { sfid = 3; op = 0; scope = 9; code = VO_E_LSC_SCOPE; }
            break;
        }
    }
    vo_state *s = &c->state;
    vo_platform_lookup(plat, &s->platform);
    s->platform.visa_version = PICK(&R, vers);
    s->exec_mask = (uint32_t)(nx(&R) >> 32);
    /* a little state that must come back unchanged */
    if (chance(&R, 60)) {
        vo_var *v = vo_state_add_var(s, 32 + rn(&R, 64), VO_T_UD, 8);
        if (v)
            for (uint32_t i = 0; i < v->size; i++) v->data[i] = (uint8_t)nx(&R);
    }
    if (chance(&R, 40)) {
        vo_surface *sf = vo_state_add_surface(s, chance(&R, 50) ? 0 : 6, 4096);
        uint8_t b[16];
        for (unsigned i = 0; i < sizeof b; i++) b[i] = (uint8_t)nx(&R);
        if (sf) vo_surface_write(s, sf, 16 * rn(&R, 256), b, sizeof b);
    }
    if (pred && (pred & 0xFFF) && chance(&R, 50)) vo_state_add_pred(s, pred & 0xFFF, 1, 1);
    uint8_t b[16] = { VO_OP_LSC_FENCE, exec, (uint8_t)pred, (uint8_t)(pred >> 8), (uint8_t)sfid, (uint8_t)op,
                      (uint8_t)scope, 0xA5, 0x00 };
    if (len > sizeof b) len = sizeof b;
    memcpy(c->insn, b, len);
    c->insn_len = len;
    if (sp >= 0) note(c, "%s %s #%u: ", part, fs_tab[sp].name, var);
    else note(c, "%s: ", part);
    note(c, "sfid=%u op=%u scope=%u exec=0x%02x pred=0x%04x len=%zu %s visa=%u.%u", sfid, op, scope, exec, pred, len,
         plat, s->platform.visa_version / 100, s->platform.visa_version % 100);
    if (gi) {
        gi->part = sp >= 0 ? "special" : k < F_A ? "systematic" : "random";
        gi->want_status = want;
        gi->want_code = code;
        if (gi->want_status == VO_OK) gi->want_status = -1;
    }
    return 0;
}
