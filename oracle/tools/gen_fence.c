/* Legacy FENCE vector generation (issue 26), called from gen.c. Builds cases
 * only (bytes + initial state); never runs or judges them. Bytes are
 * assembled here from the FENCE page's format table (5c, mask ub),
 * independently of vo_encode. Case k depends only on (seed, k):
 *   k < 3840  every mask 0..255 on every one of the 15 platforms
 *   k < S     truncated (opcode only) and trailing bytes, on several platforms
 *   k >= S    random masks, biased to bits 5 and 7 and to platforms around
 *             ICLLP (where bit 5 starts, D161).
 * The state holds a little of everything (a variable, a surface, a flat
 * region, a predicate) that must come back unchanged. */
#include "gen_internal.h"
#include "visa_gen.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gen_rng.h"

static const char *const plats[] = { "BDW", "CHV", "SKL", "ICLLP", "TGLLP", "DG1", "ADLP", "XeHP_SDV",
                                     "DG2", "MTL", "ARL", "PVC", "PVCXT", "Xe2", "Xe3" };
static const uint16_t vers[] = { 300, 303, 304, 306, 309, 400, 401 };
#define F_ALL (256u * (unsigned)NELEM(plats))
#define F_TRUNC 5u
#define F_TRAIL 16u /* >= 10 trailing-byte cases: the margin of mutant 103 (test_mutant_margins) */

uint64_t vo_gen_fence_systematic_count(void) { return F_ALL + F_TRUNC + F_TRAIL; }

int vo_gen_fence_case(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi)
{
    vo_case_free(c);
    vo_state_init(&c->state);
    c->comment[0] = 0;
    rng R = { seed * 0x2545F4914F6CDD1Dull ^ (k + 1) * 0x9E3779B97F4A7C15ull ^ 0x5Cull };
    (void)nx(&R);
    unsigned mask = rn(&R, 256);
    const char *plat = PICK(&R, plats);
    size_t len = 2;
    const char *part = "random";
    int want = VO_OK, code = -1;
    if (k < F_ALL) {
        mask = (unsigned)(k % 256);
        plat = plats[(k / 256 + mask) % NELEM(plats)]; /* every (mask, platform) pair once */
        part = "masks";
    } else if (k < F_ALL + F_TRUNC) {
        plat = plats[(k - F_ALL) * 3 % NELEM(plats)];
        len = 1;
        part = "truncated";
        want = VO_INVALID;
        code = VO_E_TRUNCATED;
    } else if (k < vo_gen_fence_systematic_count()) {
        unsigned v = (unsigned)(k - F_ALL - F_TRUNC);
        plat = plats[v * 5 % NELEM(plats)];
        len = 3 + v % 3;
        part = "trailing";
        want = VO_INVALID;
        code = VO_E_TRAILING;
    } else {
        static const uint8_t bias[] = { 0x00, 0x20, 0x80, 0xA0, 0x21, 0x7F, 0xFF, 0x40, 0x60, 0x5F };
        if (chance(&R, 50)) {
            mask = PICK(&R, bias); /* then the extra bits: one draw per full expression */
            if (chance(&R, 30)) mask |= rn(&R, 256);
        }
        if (chance(&R, 50)) { static const char *const edge[] = { "SKL", "ICLLP", "CHV", "TGLLP" }; plat = PICK(&R, edge); }
    }
    vo_state *s = &c->state;
    vo_platform_lookup(plat, &s->platform);
    s->platform.visa_version = PICK(&R, vers);
    s->exec_mask = (uint32_t)(nx(&R) >> 32);
    if (chance(&R, 60)) {
        vo_var *v = vo_state_add_var(s, 32 + rn(&R, 64), VO_T_UD, 8);
        if (v)
            for (uint32_t i = 0; i < v->size; i++) v->data[i] = (uint8_t)nx(&R);
    }
    if (chance(&R, 30)) {
        vo_surface *sf = vo_state_add_surface(s, chance(&R, 50) ? 0 : 6, 4096);
        uint8_t b[16];
        for (unsigned i = 0; i < sizeof b; i++) b[i] = (uint8_t)nx(&R);
        if (sf) vo_surface_write(s, sf, 16 * rn(&R, 256), b, sizeof b);
    }
    if (chance(&R, 30)) {
        static const uint64_t bases[] = { 0x1000, 0xFFFFFFF0ull, 0xFFFFFFFFFFFFF000ull };
        uint64_t base = PICK(&R, bases);
        if (vo_state_add_region(s, base, 16)) {
            uint8_t b[16];
            for (unsigned i = 0; i < sizeof b; i++) b[i] = (uint8_t)nx(&R);
            vo_flat_write(s, base, sizeof b, b);
        }
    }
    if (chance(&R, 20)) { /* one draw per statement: the order of a call's arguments is unspecified */
        uint16_t pid = (uint16_t)(1 + rn(&R, 8));
        vo_state_add_pred(s, pid, 16, (uint32_t)nx(&R) & 0xFFFF);
    }
    uint8_t b[8] = { VO_OP_FENCE, (uint8_t)mask, 0xA5, 0x00, 0x5C, 0 };
    memcpy(c->insn, b, len);
    c->insn_len = len;
    snprintf(c->comment, sizeof c->comment, "%s: mask=0x%02x len=%zu %s visa=%u.%u", part, mask, len, plat,
             s->platform.visa_version / 100, s->platform.visa_version % 100);
    if (gi) {
        gi->part = k < F_ALL ? "systematic" : k < vo_gen_fence_systematic_count() ? "special" : "random";
        gi->want_status = want == VO_OK ? -1 : want;
        gi->want_code = code;
    }
    return 0;
}
