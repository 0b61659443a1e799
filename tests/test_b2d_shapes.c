/* The block2d shapes judged `undefined` as not runnable on hardware, counted
 * from the oracle's own rules (issue 27; D193, D194, D198): every shape of
 * the box data size {d8, d16, d32, d64} x order {n, t} x VNNI {0, 1} x
 * blocks 1..16 x width 1..256 x height 1..64 (1,048,576 encodings per
 * operation) is run through vo_run on DG2, PVC, Xe2 and Xe3, on a surface
 * that meets every out-of-bounds precondition (D195), and counted as the
 * verifier rejects it (`invalid`, E_B2D_SHAPE), hardware runs it (`ok`) or
 * it is `undefined` by one hardware rule (its block2d.undef_* clause).
 *
 *   build/test_b2d_shapes        prints the table (docs/decisions.md, "Block2d
 *                                shapes") and checks the totals below
 *
 * The expected totals are worked by hand in docs/decisions.md under the
 * table (they are not the oracle's output): loads 29,184 accepted by the
 * verifier on every platform; runnable 0 (DG2: D198), 3,491 (PVC: 2,816 plain
 * + 416 VNNI + 259 transposed), 3,747 (Xe2/Xe3: VNNI widths to 64 B, D194's
 * 672); stores 30,720 accepted, 448 runnable from PVC on (56 widths x 8
 * rows). */
#include "t.h"
#include "visa_oracle.h"

#include <stdlib.h>

static size_t put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
    return 4;
}

/* D190's layout, vISA 3.6 ids: load into V40 / store from V40; surface at
 * 2^32: width 64 B, height 64 rows, pitch 64 B (operands minus 1, D191), X = Y = 0 */
static size_t enc(uint8_t *b, int store, unsigned ds, unsigned order, unsigned blocks, unsigned w, unsigned h,
                  unsigned vnni)
{
    size_t k = 0;
    b[k++] = 0x89; b[k++] = store ? 0x07 : 0x03; b[k++] = 0; b[k++] = 0; b[k++] = 0; /* exec 1, no predicate */
    b[k++] = 0; b[k++] = 0; b[k++] = 0;                                              /* ugm, default caches */
    b[k++] = (uint8_t)ds; b[k++] = (uint8_t)order; b[k++] = (uint8_t)blocks;
    b[k++] = (uint8_t)w; b[k++] = (uint8_t)(w >> 8); b[k++] = (uint8_t)h; b[k++] = (uint8_t)(h >> 8);
    b[k++] = (uint8_t)vnni;
    k += put32(b + k, store ? 0 : 40); b[k++] = 0; b[k++] = 0;                       /* dst */
    b[k++] = 5; b[k++] = VO_T_UQ; k += put32(b + k, 0); k += put32(b + k, 1);       /* base 2^32 */
    b[k++] = 5; b[k++] = VO_T_UD; k += put32(b + k, 63);
    b[k++] = 5; b[k++] = VO_T_UD; k += put32(b + k, 63);
    b[k++] = 5; b[k++] = VO_T_UD; k += put32(b + k, 63);
    b[k++] = 5; b[k++] = VO_T_D; k += put32(b + k, 0);
    b[k++] = 5; b[k++] = VO_T_D; k += put32(b + k, 0);
    k += put32(b + k, store ? 40 : 0); b[k++] = 0; b[k++] = 0;                       /* src1 */
    return k;
}

/* the hardware rules in the order fam_lsc_2d.c judges them (first one wins) */
static const unsigned rules[] = { VO_C_B2D_U_PLATFORM, VO_C_B2D_U_TT, VO_C_B2D_U_ROWBYTES, VO_C_B2D_U_ST_T,
                                  VO_C_B2D_U_ST_H, VO_C_B2D_U_ST_ROW, VO_C_B2D_U_T8, VO_C_B2D_U_TSHAPE,
                                  VO_C_B2D_U_VSIZE, VO_C_B2D_U_VSHAPE };
#define NRULES (sizeof rules / sizeof rules[0])

typedef struct { long accepted, ok, other, rule[NRULES]; } tally;

static int has_clause(const vo_result *r, unsigned c) { return (int)((r->clauses[c / 64] >> (c % 64)) & 1u); }

static void count(const char *plat, int store, tally *t)
{
    vo_state s;
    vo_state_init(&s);
    vo_platform_lookup(plat, &s.platform);
    s.platform.visa_version = 306;
    s.exec_mask = 0xFFFFFFFFu;
    if (!vo_state_add_var(&s, 40, VO_T_UD, 2048) || !vo_state_add_region(&s, 0x100000000ull, 4096)) exit(2);
    vo_state_sort(&s);
    vo_result r;
    vo_result_init(&r);
    memset(t, 0, sizeof *t);
    uint8_t b[128];
    for (unsigned ds = 1; ds <= 4; ds++)
        for (unsigned order = 1; order <= 2; order++)
            for (unsigned vnni = 0; vnni <= 1; vnni++)
                for (unsigned blocks = 1; blocks <= 16; blocks++)
                    for (unsigned w = 1; w <= 256; w++)
                        for (unsigned h = 1; h <= 64; h++) {
                            size_t n = enc(b, store, ds, order, blocks, w, h, vnni);
                            vo_status st = vo_run(&s, b, n, &r);
                            if (st == VO_INVALID) {
                                if (r.err.code != VO_E_B2D_SHAPE) t->other++;
                                continue;
                            }
                            t->accepted++;
                            if (st == VO_OK) { t->ok++; continue; }
                            unsigned i = 0;
                            while (i < NRULES && !has_clause(&r, rules[i])) i++;
                            if (i < NRULES) t->rule[i]++;
                            else t->other++;
                        }
    vo_result_free(&r);
    vo_state_free(&s);
}

int main(void)
{
    static const char *plats[] = { "DG2", "PVC", "Xe2", "Xe3" };
    static const long want_ok[2][4] = { { 0, 3491, 3747, 3747 }, { 0, 448, 448, 448 } };
    printf("| operation | platform | verifier-accepted | runnable (ok) | undefined |");
    for (unsigned i = 0; i < NRULES; i++) printf(" `%s` |", vo_clause_name(rules[i]) + 8);
    printf("\n|---|---|---|---|---|");
    for (unsigned i = 0; i < NRULES; i++) printf("---|");
    printf("\n");
    for (int store = 0; store <= 1; store++)
        for (unsigned p = 0; p < 4; p++) {
            tally t;
            count(plats[p], store, &t);
            printf("| %s | %s | %ld | %ld | %ld |", store ? "store" : "load", plats[p], t.accepted, t.ok,
                   t.accepted - t.ok);
            for (unsigned i = 0; i < NRULES; i++) printf(" %ld |", t.rule[i]);
            printf("\n");
            CHECK_EQ(t.accepted, store ? 30720 : 29184);
            CHECK_EQ(t.ok, want_ok[store][p]);
            CHECK_EQ(t.other, 0); /* no other error code, no undefined without a hardware rule */
            long sum = t.ok;
            for (unsigned i = 0; i < NRULES; i++) sum += t.rule[i];
            CHECK_EQ(sum, t.accepted);
        }
    T_DONE();
}
