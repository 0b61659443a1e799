/* Vector generator (oracle/include/visa_gen.h). Builds cases; never runs or
 * judges them. Instruction bytes are assembled here from the byte tables of
 * docs/encoding.md §1.4-§1.7 and §2.1-§2.4, independently of vo_encode.
 *
 * Case k of an opcode depends only on (seed, opcode, k):
 *   k <  S  systematic: [full products over factor groups] [pairwise cover of
 *           all factors] [every special class x variant x GRF x id width]
 *   k >= S  random: random factors with boundary-biased values, or a random
 *           special (invalid / undefined / corner) case.
 * Factors not fixed by a systematic item are drawn from the case's PRNG. */
#include "visa_gen.h"
#include "gen_internal.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* PRNG: splitmix64                                                    */
/* ------------------------------------------------------------------ */
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
static uint32_t r32(rng *r) { return (uint32_t)(nx(r) >> 32); }
static void rfill(rng *r, uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(nx(r) >> 56);
}
#define PICK(r, arr) ((arr)[rn((r), (uint32_t)(sizeof(arr) / sizeof((arr)[0])))])

/* ------------------------------------------------------------------ */
/* factors                                                             */
/* ------------------------------------------------------------------ */
/* F_* factors, B_* boundary classes and the legacy plans: gen_internal.h, gen_legacy.c */
static const char *const bounds_name[B_COUNT] = { "in", "end", "at_bound", "past_bound", "partial", "wrap", "far" };
static const char *const pred_name[7] = { "none", "P", "P.any", "P.all", "!P", "!P.any", "!P.all" };
static const char *const goff_name[3] = { "imm", "general", "indirect" };
static const char *const surf_name[4] = { "slm", "bindless", "stateless", "declared" };

/* special classes: invalid encodings, undefined results, corner cases */
enum {
    SP_NONE = 0,
    SP_TRUNC, SP_TRAIL, SP_OPCODE, SP_EXEC, SP_MASKCTL, SP_PRED_ID0, SP_PRED_UNDECL, SP_PRED_RES,
    SP_PRED_SIZE, SP_ELT, SP_NUMELTS, SP_CHMASK, SP_SIZECODE, SP_SCALE, SP_BLOCKSIZE, SP_NUMBLOCKS,
    SP_SURF_RES, SP_SURF_UNDECL, SP_CLASS, SP_MOD, SP_REGION, SP_IMMTYPE, SP_VARID, SP_RESID, SP_NULL,
    SP_OPTYPE, SP_RAWALIGN, SP_ADDRID, SP_COLOFF, SP_PLATFORM, SP_READONLY,
    SP_U_RAW_PAST, SP_U_GOFF_PAST,
    SP_V_NULL_DST, SP_V_NOLANES, SP_V_VISA30, SP_V_PREDEF, SP_V_NONSCALAR, SP_V_ROW64, SP_V_ZERO_SURF,
    /* issue 8 */
    SP_ISMOD, SP_V_ISMOD1, SP_V_UNALIGNED_DWORDS,
    SP_COUNT
};
/* descriptor features a special class applies to (any one of them); a legacy
 * opcode's features come from its descriptor (features_of) */
#define T_EVERY 1u      /* every opcode with a legacy plan */
#define T_EXEC 2u       /* exec byte + predicate */
#define T_ELT 4u        /* element-size units, num_elts (VO_DF_ELT_UNITS) */
#define T_GOFF 8u       /* a global-offset vector operand */
#define T_LOAD 16u
#define T_CHMASK 32u
#define T_OSIZE 64u     /* oword size code */
#define T_SCALE 128u
#define T_BSIZE 256u
#define T_NBLOCKS 512u
#define T_ISMOD 1024u
#define T_MINGEN 2048u  /* a platform range of its own (min_gen) */
#define T_BYTEOFF 4096u /* a byte offset, dwords before vISA 3.2 (VO_DF_BYTE_OFFSET) */
#define NOTSTATUS (-1)
typedef struct { const char *name; unsigned ops; int status; int code; unsigned nvar; } sp_desc;
static const sp_desc sp_tab[SP_COUNT] = {
    [SP_NONE] = { "none", 0, -1, -1, 0 },
    [SP_TRUNC] = { "truncated", T_EVERY, VO_INVALID, VO_E_TRUNCATED, 4 },
    [SP_TRAIL] = { "trailing", T_EVERY, VO_INVALID, VO_E_TRAILING, 2 },
    [SP_OPCODE] = { "opcode", T_EVERY, VO_INVALID, VO_E_OPCODE, 3 },
    [SP_EXEC] = { "exec_size", T_EXEC, VO_INVALID, VO_E_EXEC_SIZE, 4 },
    [SP_MASKCTL] = { "mask_ctrl", T_EXEC | T_ELT, VO_INVALID, VO_E_MASK_CTRL, 4 },
    [SP_PRED_ID0] = { "pred_id0", T_EXEC, VO_INVALID, VO_E_PRED_ID, 2 },
    [SP_PRED_UNDECL] = { "pred_undeclared", T_EXEC, VO_INVALID, VO_E_PRED_ID, 2 },
    [SP_PRED_RES] = { "pred_reserved", T_EXEC, VO_INVALID, VO_E_PRED_RESERVED, 2 },
    [SP_PRED_SIZE] = { "pred_size", T_EXEC, VO_INVALID, VO_E_PRED_SIZE, 2 },
    [SP_ELT] = { "elt_size", T_ELT, VO_INVALID, VO_E_ELT_SIZE, 3 },
    [SP_NUMELTS] = { "num_elts", T_ELT, VO_INVALID, VO_E_NUM_ELTS, 3 },
    [SP_CHMASK] = { "channel_mask", T_CHMASK, VO_INVALID, VO_E_CHANNEL_MASK, 3 },
    [SP_SIZECODE] = { "size_code", T_OSIZE, VO_INVALID, VO_E_SIZE_CODE, 5 },
    [SP_SCALE] = { "scale", T_SCALE, VO_INVALID, VO_E_SCALE, 2 },
    [SP_BLOCKSIZE] = { "block_size", T_BSIZE, VO_INVALID, VO_E_BLOCK_SIZE, 2 },
    [SP_NUMBLOCKS] = { "num_blocks", T_NBLOCKS, VO_INVALID, VO_E_NUM_BLOCKS, 2 },
    [SP_SURF_RES] = { "surface_reserved", T_EVERY, VO_INVALID, VO_E_SURFACE, 3 },
    [SP_SURF_UNDECL] = { "surface_undeclared", T_EVERY, VO_INVALID, VO_E_SURFACE, 2 },
    [SP_CLASS] = { "operand_class", T_GOFF, VO_INVALID, VO_E_OPERAND_CLASS, 6 },
    [SP_MOD] = { "modifier", T_GOFF, VO_INVALID, VO_E_MODIFIER, 3 },
    [SP_REGION] = { "region", T_GOFF, VO_INVALID, VO_E_REGION, 4 },
    [SP_IMMTYPE] = { "imm_type", T_GOFF, VO_INVALID, VO_E_IMM_TYPE, 4 },
    [SP_VARID] = { "var_id", T_EVERY, VO_INVALID, VO_E_VAR_ID, 4 },
    [SP_RESID] = { "reserved_id", T_EVERY, VO_INVALID, VO_E_RESERVED_ID, 3 },
    [SP_NULL] = { "null_operand", T_EVERY, VO_INVALID, VO_E_NULL_OPERAND, 3 },
    [SP_OPTYPE] = { "operand_type", T_EVERY, VO_INVALID, VO_E_OPERAND_TYPE, 5 },
    [SP_RAWALIGN] = { "raw_align", T_EVERY, VO_INVALID, VO_E_RAW_ALIGN, 4 },
    [SP_ADDRID] = { "addr_id", T_GOFF, VO_INVALID, VO_E_ADDR_ID, 2 },
    [SP_COLOFF] = { "col_offset", T_GOFF, VO_INVALID, VO_E_COL_OFFSET, 2 },
    [SP_PLATFORM] = { "platform", T_OSIZE | T_MINGEN, VO_INVALID, VO_E_PLATFORM, 3 },
    [SP_READONLY] = { "read_only", T_LOAD, VO_INVALID, VO_E_READ_ONLY, 3 },
    [SP_U_RAW_PAST] = { "raw_past_var", T_EVERY, VO_UNDEFINED, -1, 3 },
    [SP_U_GOFF_PAST] = { "offset_past_var", T_GOFF, VO_UNDEFINED, -1, 4 },
    [SP_V_NULL_DST] = { "null_dst", T_LOAD, NOTSTATUS, -1, 2 },
    [SP_V_NOLANES] = { "no_lanes", T_EXEC | T_ELT, NOTSTATUS, -1, 3 },
    [SP_V_VISA30] = { "visa30_mask", T_EXEC | T_ELT, NOTSTATUS, -1, 4 },
    [SP_V_PREDEF] = { "predefined_vars", T_GOFF, NOTSTATUS, -1, 3 },
    [SP_V_NONSCALAR] = { "non_scalar_region", T_GOFF, NOTSTATUS, -1, 2 },
    [SP_V_ROW64] = { "row_unit", T_GOFF, NOTSTATUS, -1, 2 },
    [SP_V_ZERO_SURF] = { "absent_surface", T_EVERY, NOTSTATUS, -1, 2 },
    /* issue 8 */
    [SP_ISMOD] = { "is_modified", T_ISMOD, NOTSTATUS, -1, 2 }, /* D31: any value valid, ignored */
    [SP_V_ISMOD1] = { "is_modified_1", T_ISMOD, NOTSTATUS, -1, 2 },
    [SP_V_UNALIGNED_DWORDS] = { "dword_units_pre32", T_BYTEOFF, NOTSTATUS, -1, 4 },
};

static int has_role(const vo_desc *d, unsigned role)
{
    for (unsigned i = 0; i < d->nfields; i++)
        if (d->fields[i].role == role) return 1;
    return 0;
}

/* T_* features of an opcode with a legacy plan, from its descriptor; 0 otherwise */
static unsigned features_of(uint8_t op)
{
    const vo_desc *d = vo_desc_for(op);
    if (!d || !vo_gen_legacy_plan(op)) return 0;
    unsigned t = T_EVERY;
    if (has_role(d, VO_R_EXEC)) t |= T_EXEC;
    if (d->flags & VO_DF_ELT_UNITS) t |= T_ELT;
    if (has_role(d, VO_R_GOFF)) t |= T_GOFF;
    if (!d->is_write) t |= T_LOAD;
    if (has_role(d, VO_R_CHMASK)) t |= T_CHMASK;
    if (has_role(d, VO_R_OWORD_SIZE)) t |= T_OSIZE;
    if (has_role(d, VO_R_SCALE)) t |= T_SCALE;
    if (has_role(d, VO_R_BLOCK_SIZE)) t |= T_BSIZE;
    if (has_role(d, VO_R_NUM_BLOCKS)) t |= T_NBLOCKS;
    if (has_role(d, VO_R_IS_MODIFIED)) t |= T_ISMOD;
    if (d->min_gen) t |= T_MINGEN;
    if (d->flags & VO_DF_BYTE_OFFSET) t |= T_BYTEOFF;
    return t;
}

static const op_plan *plan_for(uint8_t op) { return vo_gen_legacy_plan(op); }

static uint64_t group_size(const op_plan *p, uint32_t g)
{
    uint64_t n = 1;
    for (unsigned f = 0; f < F_NF; f++)
        if (g >> f & 1) n *= p->radix[f];
    return n;
}

/* ---- pairwise cover (deterministic greedy), computed once per opcode ---- */
#define MAXR 16
typedef struct { int done; uint32_t n; uint8_t (*rows)[F_NF]; } pw_cache;
static pw_cache pw_tab[VO_GEN_MAX_PLANS];

static const pw_cache *pairwise(const op_plan *p)
{
    pw_cache *pc = &pw_tab[vo_gen_legacy_plan_index(p)];
    if (pc->done) return pc;
    static uint8_t cov[F_NF][MAXR][F_NF][MAXR];
    memset(cov, 0, sizeof cov);
    uint32_t cap = 64, n = 0;
    uint8_t (*rows)[F_NF] = malloc(sizeof *rows * cap);
    for (;;) {
        int fa = -1, va = 0, fb = 0, vb = 0;
        for (int f = 0; f < F_NF && fa < 0; f++)
            for (int v = 0; v < p->radix[f] && fa < 0; v++)
                for (int g = f + 1; g < F_NF && fa < 0; g++)
                    for (int w = 0; w < p->radix[g]; w++)
                        if (!cov[f][v][g][w]) { fa = f; va = v; fb = g; vb = w; break; }
        if (fa < 0) break;
        uint8_t row[F_NF];
        int set[F_NF] = { 0 };
        row[fa] = (uint8_t)va; set[fa] = 1;
        row[fb] = (uint8_t)vb; set[fb] = 1;
        for (int f = 0; f < F_NF; f++) {
            if (set[f]) continue;
            int best = 0, bestn = -1;
            for (int v = 0; v < p->radix[f]; v++) {
                int cnt = 0;
                for (int g = 0; g < F_NF; g++) {
                    if (!set[g]) continue;
                    int lo = f < g ? f : g, hi = f < g ? g : f;
                    int lv = f < g ? v : row[g], hv = f < g ? row[g] : v;
                    if (!cov[lo][lv][hi][hv]) cnt++;
                }
                if (cnt > bestn) { bestn = cnt; best = v; }
            }
            row[f] = (uint8_t)best;
            set[f] = 1;
        }
        for (int f = 0; f < F_NF; f++)
            for (int g = f + 1; g < F_NF; g++) cov[f][row[f]][g][row[g]] = 1;
        if (n == cap) {
            cap *= 2;
            rows = realloc(rows, sizeof *rows * cap);
        }
        if (!rows) break;
        memcpy(rows[n++], row, F_NF);
    }
    pc->rows = rows;
    pc->n = rows ? n : 0;
    pc->done = 1;
    return pc;
}

static uint64_t specials_count(uint8_t op)
{
    uint64_t n = 0;
    for (unsigned s = 1; s < SP_COUNT; s++)
        if (sp_tab[s].ops & features_of(op)) n += (uint64_t)sp_tab[s].nvar * 4; /* x GRF x id width */
    return n;
}

/* families with a generator of their own (docs/architecture.md): their axes,
 * covering array and random part live in gen_<family>.c */
typedef struct {
    uint8_t family;
    uint64_t (*systematic_count)(void);
    int (*build)(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi);
    uint16_t nrandom;   /* random cases after the systematic part (rounded up to 100) */
    const char *mnemonic; /* NULL: every opcode of the family; else this one only (typed) */
    int (*build_op)(uint8_t op, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *gi); /* build NULL: by opcode */
} fam_gen;
static const fam_gen fam_gens[] = {
    { VO_FAM_ATOMIC, vo_gen_atomic_systematic_count, vo_gen_atomic_case, 1200, NULL, NULL },
    { VO_FAM_LSC_FENCE, vo_gen_lsc_fence_systematic_count, vo_gen_lsc_fence_case, 100, NULL, NULL }, /* every encoding + ~100 */
    /* typed (issue 28) */
    { VO_FAM_TYPED, vo_gen_gather4_typed_count, vo_gen_gather4_typed_case, 500, "gather4_typed", NULL },
    { VO_FAM_TYPED, vo_gen_scatter4_typed_count, vo_gen_scatter4_typed_case, 500, "scatter4_typed", NULL },
    { VO_FAM_TYPED, vo_gen_typed_atomic_count, vo_gen_typed_atomic_case, 600, "typed_atomic", NULL },
    { VO_FAM_FENCE, vo_gen_fence_systematic_count, vo_gen_fence_case, 100, NULL, NULL }, /* issue 26: 256 masks x 15 platforms */
    { VO_FAM_MEDIA, vo_gen_media_systematic_count, NULL, 800, NULL, vo_gen_media_case }, /* issue 27 */
};
static const fam_gen *fam_gen_of(uint8_t op)
{
    const vo_desc *d = vo_desc_for(op);
    for (unsigned i = 0; d && i < sizeof fam_gens / sizeof fam_gens[0]; i++)
        if (fam_gens[i].family == d->family && (!fam_gens[i].mnemonic || strcmp(fam_gens[i].mnemonic, d->mnemonic) == 0)) return &fam_gens[i];
    return NULL;
}

/* sub-op groups: LSC_UNTYPED's (gen_lsc.c), then SVM's (gen_svm.c, issue 26), then block2d's (gen_2d.c, issue 27) */
#define NLG vo_gen_lsc_group_count()
#define NSG (NLG + vo_gen_svm_group_count())
#define N2G (NSG + vo_gen_2d_group_count())
/* then the groups of one generator file each, in this order (a row per group) */
typedef struct tail_group {
    const char *name;
    uint64_t (*systematic)(void); /* NULL: 0 */
    uint64_t (*dflt)(void);
    int (*make)(uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *info);
} tail_group;
static const tail_group tail[] = {
    { "lsc_typed_quad", vo_gen_lsct_systematic_count, vo_gen_lsct_default_count, vo_gen_lsct_case }, /* issue 28 */
    { "lsc_untyped_no_ssidx", NULL, vo_gen_lsc_old_default_count, vo_gen_lsc_old_case },              /* D368 */
    { "lsc_typed_atomic", vo_gen_lsct_atomic_systematic_count, vo_gen_lsct_atomic_default_count,
      vo_gen_lsct_atomic_case },                                                                      /* D310 */
    { "lsc_typed_block2d", vo_gen_lsct2d_systematic_count, vo_gen_lsct2d_default_count, vo_gen_lsct2d_case }, /* D320 */
    { "lsc_typed_status", vo_gen_lsct_systematic_count, vo_gen_lsct_default_count, vo_gen_lsct_misc_case }, /* D330 */
    { "lsc_dg2_slm_cache", NULL, vo_gen_lsc_slm_cache_default_count, vo_gen_lsc_slm_cache_case },       /* D392 */
};
#define NTAIL (sizeof tail / sizeof tail[0])
static const tail_group *tail_of(unsigned g) { return g >= N2G && g - N2G < NTAIL ? &tail[g - N2G] : NULL; }
static int tail_index(const char *name)
{
    for (unsigned i = 0; i < NTAIL; i++)
        if (strcmp(tail[i].name, name) == 0) return (int)(N2G + i);
    return -1;
}
unsigned vo_gen_group_count(void) { return N2G + (unsigned)NTAIL; }
const char *vo_gen_group_name(unsigned g)
{
    const tail_group *t = tail_of(g);
    return g < NLG ? vo_gen_lsc_group_name(g) : g < NSG ? vo_gen_svm_group_name(g - NLG)
         : g < N2G ? vo_gen_2d_group_name(g - NSG) : t ? t->name : NULL;
}
int vo_gen_group_of(uint8_t op, uint8_t subop)
{
    int s = vo_gen_svm_group_of(op, subop);
    if (s >= 0) return (int)NLG + s;
    const vo_desc *d = vo_desc_for_sub(op, subop);
    if (d && d->family == VO_FAM_LSC_TYPED)
        return tail_index(d->is_write == 2                                  ? "lsc_typed_atomic"
                          : subop == 0x03 || subop == 0x07                  ? "lsc_typed_block2d"
                          : subop == 0x1B || subop == 0x1C || subop == 0x1E ? "lsc_typed_status"
                                                                            : "lsc_typed_quad");
    if (d && d->family == VO_FAM_BLOCK2D) return (int)NSG + (d->is_write != 0); /* load (+ prefetch), store */
    return vo_gen_lsc_group_of(op, subop);
}
uint64_t vo_gen_group_systematic_count(unsigned g)
{
    const tail_group *t = tail_of(g);
    return g < NLG ? vo_gen_lsc_group_systematic_count(g) : g < NSG ? vo_gen_svm_group_systematic_count(g - NLG)
         : g < N2G ? vo_gen_2d_group_systematic_count(g - NSG) : t && t->systematic ? t->systematic() : 0;
}
uint64_t vo_gen_group_default_count(unsigned g)
{
    const tail_group *t = tail_of(g);
    return g < NLG ? vo_gen_lsc_group_default_count(g) : g < NSG ? vo_gen_svm_group_default_count(g - NLG)
         : g < N2G ? vo_gen_2d_group_default_count(g - NSG) : t ? t->dflt() : 0;
}
int vo_gen_group_case(unsigned g, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *info)
{
    const tail_group *t = tail_of(g);
    return g < NLG ? vo_gen_lsc_group_case(g, seed, k, c, info) : g < NSG ? vo_gen_svm_group_case(g - NLG, seed, k, c, info)
         : g < N2G ? vo_gen_2d_group_case(g - NSG, seed, k, c, info) : t ? t->make(seed, k, c, info) : -1;
}

uint64_t vo_gen_systematic_count(uint8_t op)
{
    const fam_gen *fg = fam_gen_of(op);
    if (fg) return fg->systematic_count();
    const op_plan *p = plan_for(op);
    if (!p) return 0;
    uint64_t n = 0;
    for (unsigned g = 0; p->groups[g]; g++) n += group_size(p, p->groups[g]);
    return n + pairwise(p)->n + specials_count(op);
}

uint64_t vo_gen_default_count(uint8_t op)
{
    uint64_t s = vo_gen_systematic_count(op);
    if (!s) return 0;
    const fam_gen *fg = fam_gen_of(op);
    const op_plan *p = plan_for(op);
    unsigned nrandom = fg ? fg->nrandom : p->nrandom, min_total = fg ? 0 : p->min_total;
    uint64_t n = (s + nrandom + 99) / 100 * 100; /* systematic part + about nrandom random cases */
    return n < min_total ? min_total : n;
}

/* ------------------------------------------------------------------ */
/* instruction assembly (docs/encoding.md §1.6, §1.7, §2.1-§2.4)         */
/* ------------------------------------------------------------------ */
typedef struct {
    uint8_t cls, mod, hi;
    uint32_t id;                /* general var id / indirect address id / class 1,2,6 payload id */
    uint8_t row, col;
    uint16_t region;
    uint8_t aoff;
    int16_t ioff;
    uint8_t tbyte;
    uint64_t imm;
    uint8_t x0, x1;
} gvec;
typedef struct { uint32_t id; uint16_t off; } graw;
typedef struct {
    uint8_t op;
    unsigned idw;
    uint8_t exec, chmask, surf, elt, nelts, bsize, nblocks, osize, ismod;
    uint16_t pred, scale;
    gvec g;
    graw e, d;
} genc;

typedef struct { uint8_t *b; size_t n, cap; } bw;
static void put(bw *w, uint64_t v, unsigned k)
{
    for (unsigned i = 0; i < k; i++)
        if (w->n < w->cap) w->b[w->n++] = (uint8_t)(v >> (8 * i));
}
static void put_vec(bw *w, const genc *e)
{
    const gvec *g = &e->g;
    put(w, (uint64_t)(g->cls & 7) | (uint64_t)(g->mod & 7) << 3 | (uint64_t)(g->hi & 3) << 6, 1);
    switch (g->cls) {
    case 0: put(w, g->id, e->idw); put(w, g->row, 1); put(w, g->col, 1); put(w, g->region, 2); break;
    case 1: put(w, g->id, 2); put(w, g->x0, 1); put(w, g->x1, 1); break;
    case 2: put(w, g->id, 2); break;
    case 3:
        put(w, g->id, 2); put(w, g->aoff, 1); put(w, (uint16_t)g->ioff, 2); put(w, g->tbyte, 1);
        put(w, g->region, 2);
        break;
    case 5: {
        unsigned t = g->tbyte & 0xF;
        put(w, g->tbyte, 1);
        put(w, g->imm, (t == VO_T_DF || t == VO_T_UQ || t == VO_T_Q) ? 8 : 4);
        break;
    }
    case 6: put(w, g->x0, 1); put(w, g->id, 2); put(w, g->x1, 1); break;
    default: break; /* classes 4 and 7 have no payload */
    }
}
static void put_raw(bw *w, const genc *e, const graw *r) { put(w, r->id, e->idw); put(w, r->off, 2); }

/* the instruction bytes: the descriptor's fields in binary order, each from
 * the builder's value for its role (an opcode without a descriptor: the
 * opcode byte alone, for the unknown-opcode special class) */
static size_t assemble(const genc *e, uint8_t *out, size_t cap)
{
    bw w = { out, 0, cap };
    put(&w, e->op, 1);
    const vo_desc *d = vo_desc_for(e->op);
    for (unsigned i = 0; d && i < d->nfields; i++) {
        switch (d->fields[i].role) {
        case VO_R_EXEC: put(&w, e->exec, 1); break;
        case VO_R_PRED: put(&w, e->pred, 2); break;
        case VO_R_ELT_SIZE: put(&w, e->elt, 1); break;
        case VO_R_IS_MODIFIED: put(&w, e->ismod, 1); break;
        case VO_R_NUM_ELTS: put(&w, e->nelts, 1); break;
        case VO_R_CHMASK: put(&w, e->chmask, 1); break;
        case VO_R_SCALE: put(&w, e->scale, 2); break;
        case VO_R_BLOCK_SIZE: put(&w, e->bsize, 1); break;
        case VO_R_NUM_BLOCKS: put(&w, e->nblocks, 1); break;
        case VO_R_OWORD_SIZE: put(&w, e->osize, 1); break;
        case VO_R_SURFACE: put(&w, e->surf, 1); break;
        case VO_R_GOFF: put_vec(&w, e); break;
        case VO_R_EOFF: put_raw(&w, e, &e->e); break;
        case VO_R_DATA: put_raw(&w, e, &e->d); break;
        default: break; /* roles of families with their own generator */
        }
    }
    return w.n;
}

/* ------------------------------------------------------------------ */
/* case construction                                                   */
/* ------------------------------------------------------------------ */
typedef struct {
    rng R;
    uint8_t op;
    int f[F_NF];
    int sp, var, rnd;
    vo_case *c;
    vo_state *s;
    genc e;
    uint16_t ver;
    unsigned grf;
    unsigned es, off, nomask;
    uint32_t esmask, chen, exec_mask;
    int pmode;                   /* 0..6, pred_name */
    uint16_t pred_id;
    uint8_t pred_n;
    uint32_t pred_bits;
    unsigned asz, al, span, nch, cmax;
    uint64_t S;                  /* main surface size */
    unsigned sidx;
    uint64_t A[32];              /* per-lane byte address (oword: A[0] = base) */
    uint32_t G;                  /* global offset value */
    uint32_t E[32];              /* element offsets */
    unsigned d;                  /* designated lane */
    int want_invalid_ok;         /* systematic case known to be invalid */
    char *note;
    size_t note_n;
    uint32_t ids[4];
} gx;

static void note(gx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(gx *x, const char *fmt, ...)
{
    size_t cap = sizeof x->c->comment;
    if (x->note_n >= cap - 1) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(x->c->comment + x->note_n, cap - x->note_n, fmt, ap);
    va_end(ap);
    if (k > 0) x->note_n += (size_t)k;
    if (x->note_n > cap - 1) x->note_n = cap - 1;
}

void vo_gen_comment_prefix(vo_case *c, const char *fmt, ...)
{
    char cm[sizeof c->comment];
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(cm, sizeof cm, fmt, ap);
    va_end(ap);
    size_t at = w > 0 && (size_t)w < sizeof cm ? (size_t)w : 0, cl = strlen(c->comment);
    if (cl > sizeof cm - 1 - at) cl = sizeof cm - 1 - at;
    memcpy(cm + at, c->comment, cl);
    cm[at + cl] = 0;
    memcpy(c->comment, cm, sizeof cm);
}

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
static uint64_t align_dn(uint64_t v, uint64_t a) { return v / a * a; }

/* what the builders ask of an opcode: its descriptor and family */
static const vo_desc *dsc(uint8_t op) { return vo_desc_for(op); }
static int has_exec(uint8_t op) { return (features_of(op) & T_EXEC) != 0; }
static int is_block(uint8_t op) { return dsc(op)->family == VO_FAM_BLOCK; }
static int has_lanes(uint8_t op) { return !is_block(op); }
static int is_write(uint8_t op) { return dsc(op)->is_write; }
static int has_goff(uint8_t op) { return (features_of(op) & T_GOFF) != 0; }
static int is_fourch(uint8_t op) { return dsc(op)->family == VO_FAM_FOURCH; }
static int elt_units(uint8_t op) { return (dsc(op)->flags & VO_DF_ELT_UNITS) != 0; } /* num_elts, D8 */
static int is_qw(uint8_t op) { return dsc(op)->elt_bytes == 8; }
static int byte_offset(uint8_t op) { return (dsc(op)->flags & VO_DF_BYTE_OFFSET) != 0; } /* D38, D39 */

static const char *const plat32[] = { "TGLLP", "ICLLP", "DG1", "ADLP", "XeHP_SDV", "DG2", "MTL", "ARL" };
static const char *const plat32_xehp[] = { "XeHP_SDV", "DG2", "MTL", "ARL" };
static const char *const plat64[] = { "PVC", "PVCXT", "Xe2", "Xe3" };
static const uint16_t versions[] = { 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 400, 401 };

static void set_platform(gx *x, const char *name)
{
    vo_platform_lookup(name, &x->s->platform);
    x->s->platform.visa_version = x->ver;
    x->grf = x->s->platform.grf_bytes;
}

static uint32_t exec_mask_pick(gx *x)
{
    static const uint32_t pats[] = { 0x55555555u, 0xAAAAAAAAu, 0x0F0F0F0Fu, 0xFFFF0000u, 0x0000FFFFu,
                                     0x80000001u, 0x7FFFFFFEu, 0x00FF00FFu };
    unsigned r = rn(&x->R, 100);
    if (r < 35) return r32(&x->R);
    if (r < 60) return 0xFFFFFFFFu;
    if (r < 75) return PICK(&x->R, pats);
    if (r < 85) return 1u << rn(&x->R, 32);
    if (r < 88) return 0;
    return r32(&x->R) & r32(&x->R);
}

static uint32_t chen_of(const gx *x)
{
    uint32_t ch = x->nomask ? x->esmask : (uint32_t)((uint64_t)x->exec_mask >> x->off) & x->esmask;
    if (x->pmode) {
        uint32_t pm = (uint32_t)((uint64_t)x->pred_bits >> x->off) & x->esmask;
        int comb = (x->pmode == 2 || x->pmode == 5) ? 1 : (x->pmode == 3 || x->pmode == 6) ? 2 : 0;
        if (comb == 1) pm = pm ? x->esmask : 0;
        if (comb == 2) pm = pm == x->esmask ? x->esmask : 0;
        if (x->pmode >= 4) pm = ~pm & x->esmask;
        ch &= pm;
    }
    return ch;
}

static uint8_t pred_size_for(unsigned need)
{
    static const uint8_t sz[6] = { 1, 2, 4, 8, 16, 32 };
    for (unsigned i = 0; i < 6; i++)
        if (sz[i] >= need) return sz[i];
    return 32;
}

/* exec size, mask nibble, exec mask, predicate; computes chen */
static void build_control(gx *x)
{
    uint8_t op = x->op;
    unsigned nib = 0, code = 0;
    if (is_block(op)) {
        x->es = 1; x->off = 0; x->nomask = 1; x->esmask = 1;
        x->exec_mask = exec_mask_pick(x);
        x->chen = 1;
        return;
    }
    if (elt_units(op)) {
        static const uint8_t es_of[3] = { 1, 8, 16 }, code_of[3] = { 2, 0, 1 };
        x->es = es_of[x->f[F_ES]];
        code = code_of[x->f[F_ES]];
    } else {
        code = (unsigned)x->f[F_ES];
        x->es = 1u << code;
    }
    /* mask control: M1, an aligned offset, M1_NM, offset NoMask (§1.4, D18) */
    unsigned offs[8], no = 0;
    for (unsigned o = 4; o <= 28; o += 4)
        if (o % x->es == 0 && o + x->es <= 32) offs[no++] = o;
    unsigned o = (x->f[F_MASK] & 1) && no ? offs[rn(&x->R, no)] : 0;
    nib = o / 4 | (x->f[F_MASK] >= 2 ? 8u : 0u);
    if (x->sp == SP_MASKCTL) { /* misaligned offset for SIMD8/16 */
        static const uint8_t bad8[] = { 1, 3, 5, 7 }, bad16[] = { 1, 2, 3, 5, 6, 7 };
        if (elt_units(op)) { x->es = chance(&x->R, 50) ? 8 : 16; code = x->es == 8 ? 0 : 1; }
        else { code = chance(&x->R, 50) ? 3 : 4; x->es = 1u << code; }
        nib = (x->es == 8 ? PICK(&x->R, bad8) : PICK(&x->R, bad16)) | (chance(&x->R, 50) ? 8u : 0u);
    }
    if (x->sp == SP_V_VISA30) nib = 8 + rn(&x->R, 8);
    if (x->sp == SP_EXEC) code = x->var == 0 ? 5 : 6 + rn(&x->R, 10);
    if (elt_units(op)) x->e.nelts = (uint8_t)(code | nib << 4);
    else x->e.exec = (uint8_t)(code | nib << 4);
    /* what the nibble means (§1.2 for vISA 3.0, decision D3) */
    if (x->ver == 300) {
        if (nib <= 7) { x->off = 4 * nib; x->nomask = 0; }
        else if (nib == 8) { x->off = 0; x->nomask = 1; }
        else { x->off = 0; x->nomask = 0; }
    } else {
        x->off = 4 * (nib & 7);
        x->nomask = nib >> 3;
    }
    if (x->es > 16) x->es = 16; /* invalid exec sizes: build the rest as SIMD16 */
    x->esmask = x->es >= 32 ? 0xFFFFFFFFu : (1u << x->es) - 1;
    x->exec_mask = exec_mask_pick(x);
    /* predicate (§1.5) */
    x->pmode = has_exec(op) ? x->f[F_PRED] : 0;
    if (x->pmode) {
        x->pred_id = chance(&x->R, 85) ? (uint16_t)(1 + rn(&x->R, 8)) : (uint16_t)(1 + rn(&x->R, 4095));
        unsigned need = x->off + x->es;
        x->pred_n = pred_size_for(need);
        if (chance(&x->R, 30)) x->pred_n = 32;
        if (x->sp == SP_PRED_SIZE) {
            if (need < 2) { x->e.exec = (uint8_t)((x->e.exec & 0xF0) | 1); x->es = 2; x->esmask = 3; need = x->off + 2; }
            static const uint8_t sz[6] = { 1, 2, 4, 8, 16, 32 };
            unsigned i = 0;
            while (i + 1 < 6 && sz[i + 1] < need) i++;
            x->pred_n = sz[rn(&x->R, i + 1)];
        }
        uint32_t full = x->pred_n >= 32 ? 0xFFFFFFFFu : (1u << x->pred_n) - 1;
        unsigned r = rn(&x->R, 100);
        x->pred_bits = r < 50 ? r32(&x->R) : r < 70 ? full : r < 80 ? 0 : r < 90 ? 1u << rn(&x->R, x->pred_n)
                                                                              : ~(1u << rn(&x->R, x->pred_n));
        x->pred_bits &= full;
    }
    x->d = rn(&x->R, x->es);
    x->chen = chen_of(x);
    /* systematic cases: usually make the designated lane enabled */
    if (x->sp == SP_NONE && !(x->chen >> x->d & 1) && chance(&x->R, x->rnd ? 50 : 85)) {
        x->exec_mask |= 1u << (x->d + x->off);
        if (x->pmode) {
            uint32_t win = x->esmask << x->off, bit = 1u << (x->d + x->off);
            switch (x->pmode) {
            case 1: case 2: x->pred_bits |= bit; break;
            case 3: x->pred_bits |= win; break;
            case 4: x->pred_bits &= ~bit; break;
            case 5: x->pred_bits &= ~win; break;
            case 6: x->pred_bits &= ~bit; break;
            }
            uint32_t full = x->pred_n >= 32 ? 0xFFFFFFFFu : (1u << x->pred_n) - 1;
            x->pred_bits &= full;
        }
        x->chen = chen_of(x);
    }
    if (x->sp == SP_V_NOLANES) {
        x->nomask = 0;
        nib &= 7;
        if (elt_units(op)) x->e.nelts = (uint8_t)((x->e.nelts & 0x0F) | nib << 4);
        else x->e.exec = (uint8_t)((x->e.exec & 0x0F) | nib << 4);
        if (x->var == 0 || !x->pmode) x->exec_mask &= ~(x->esmask << x->off);
        else if (x->pmode == 1) x->pred_bits &= ~(x->esmask << x->off);
        else x->exec_mask &= ~(x->esmask << x->off);
        x->chen = chen_of(x);
    }
    if (x->chen && x->sp == SP_NONE) { /* designate an enabled lane */
        unsigned cand[32], nc = 0;
        for (unsigned i = 0; i < x->es; i++)
            if (x->chen >> i & 1) cand[nc++] = i;
        if (!(x->chen >> x->d & 1)) x->d = cand[rn(&x->R, nc)];
    }
    if (x->pmode) {
        int comb = (x->pmode == 2 || x->pmode == 5) ? 1 : (x->pmode == 3 || x->pmode == 6) ? 2 : 0;
        x->e.pred = (uint16_t)(x->pred_id | comb << 13 | (x->pmode >= 4 ? 0x8000 : 0));
    }
}

/* sub-factor: channel mask / element size / oword count / bytes per lane */
static void build_sub(gx *x)
{
    int s = x->f[F_SUB];
    if (is_fourch(x->op)) {
        x->e.chmask = (uint8_t)(s + 1);
        x->nch = 0; x->cmax = 0;
        for (unsigned c = 0; c < 4; c++)
            if (x->e.chmask >> c & 1) { x->nch++; x->cmax = c; }
        x->asz = x->al = 4;
        x->span = 4 * (x->cmax + 1);
    } else if (elt_units(x->op)) {
        x->e.elt = (uint8_t)s;
        x->asz = x->al = x->span = 1u << s;
    } else if (is_block(x->op)) {
        x->e.osize = (uint8_t)s;
        x->asz = 16; x->al = byte_offset(x->op) ? 4 : 16; /* D39: dword-aligned */
        x->span = 16u << s;
    } else if (is_qw(x->op)) { /* one 8-byte block per lane (D42, D43) */
        x->e.nblocks = 0;
        x->asz = x->al = x->span = 8;
    } else { /* _SCALED: bytes per lane */
        x->e.nblocks = (uint8_t)s;
        x->asz = x->al = x->span = 1u << s;
    }
}

static int overlaps(uint64_t a, uint64_t an, uint64_t b, uint64_t bn) { return a < b + bn && b < a + an; }

/* main surface: index and size */
static void build_surface_size(gx *x)
{
    static const uint8_t decl[] = { 6, 6, 6, 7, 8, 9, 12, 31, 64, 255 };
    switch (x->f[F_SURF]) {
    case 0: x->sidx = 0; break;
    case 1: x->sidx = 4; break;
    case 2: x->sidx = 5; break;
    default: x->sidx = x->rnd ? 6 + rn(&x->R, 250) : PICK(&x->R, decl); break;
    }
    uint64_t slot = align_up(x->span, x->al);
    uint64_t need = (uint64_t)(has_lanes(x->op) ? x->es : 1) * slot * 2 + 64;
    need = align_up(need, 64);
    unsigned r = rn(&x->R, 100);
    uint64_t S;
    if (r < 30) S = need + 64ull * rn(&x->R, 4);
    else if (r < 50) S = 4096;
    else if (r < 62) S = 65536;
    else if (r < 70) S = 1ull << 20;
    else if (r < 85) S = 1ull << 32;
    else S = need + rn(&x->R, 4096);
    if (S < need) S = need;
    int b = x->f[F_BOUNDS];
    if (b == B_PARTIAL && x->al > 1) {
        if (S >= (1ull << 32)) S = 0xFFFF0000ull;
        S = align_dn(S, x->al) + 1 + rn(&x->R, x->al - 1);
    }
    if ((b == B_AT || b == B_PAST) && S > 0xFFFF0000ull) S = 0xFFFF0000ull - 256ull * rn(&x->R, 16);
    if (b == B_FAR && S >= (1ull << 32) && !(is_fourch(x->op) || is_block(x->op)))
        S = 0xFFFF0000ull;
    x->S = S;
}

/* pick a 32-bit-representable, aligned address far past the bound */
static uint64_t far_addr(gx *x)
{
    uint64_t top = 0x100000000ull - align_up(x->span, x->al);
    unsigned r = rn(&x->R, 4);
    uint64_t a;
    if (x->S >= (1ull << 32)) return 0x100000000ull - 4; /* 4-channel / oword: the channel term passes 4 GiB */
    if (r == 0) a = 0x100000000ull - x->al;              /* all-ones, aligned */
    else if (r == 1) a = 0x80000000ull;
    else if (r == 2) a = x->S + 0x10000ull + (uint64_t)rn(&x->R, 1u << 20);
    else a = top;
    if (a < x->S) a = top;
    if (a >= 0x100000000ull) a = top;
    return align_dn(a, x->al);
}

/* lane addresses for the scattered and 4-channel families */
static void build_lanes(gx *x)
{
    uint64_t slot = align_up(x->span, x->al);
    uint64_t lim = x->S < (1ull << 32) ? x->S : (1ull << 32);
    uint64_t nslots = lim / slot;
    int b = x->f[F_BOUNDS];
    unsigned d = x->d;
    uint64_t Ad;
    switch (b) {
    case B_END: Ad = align_dn(x->S - x->span, x->al); break;
    case B_AT: Ad = align_up(x->S, x->al); break;
    case B_PAST: Ad = align_up(x->S, x->al) + (x->al > 1 ? x->al : 1); break;
    case B_PARTIAL:
        if (is_fourch(x->op)) Ad = align_dn(x->S, 4) - 4ull * x->cmax;
        else Ad = align_dn(x->S, x->al);
        break;
    case B_FAR: Ad = far_addr(x); break;
    default: Ad = (uint64_t)rn(&x->R, (uint32_t)(nslots > 0xFFFFFFFFull ? 0xFFFFFFFFu : nslots)) * slot; break;
    }
    if (Ad >= (1ull << 32)) Ad = align_dn(0xFFFFFFFFull, x->al);
    /* misalignment by 1/2/3 (only where the access size allows it, D9) */
    unsigned mis = 0;
    if (x->f[F_ALIGN] && x->al > 1 && !elt_units(x->op)) mis = 1 + (unsigned)(x->f[F_ALIGN] - 1) % (x->al - 1);
    Ad += mis;
    if (Ad >= (1ull << 32)) Ad -= x->al;
    x->A[d] = Ad;
    /* other lanes: distinct slots, compact window or spread, never touching lane d */
    int compact = chance(&x->R, 60);
    uint64_t wbase = nslots > 4ull * x->es ? rn(&x->R, (uint32_t)((nslots - 4ull * x->es) > 0xFFFFFFFFull
                                                                   ? 0xFFFFFFFFu : nslots - 4ull * x->es)) : 0;
    for (unsigned i = 0; i < x->es; i++) {
        if (i == d) continue;
        for (int tries = 0; tries < 200; tries++) {
            uint64_t sl = compact ? wbase + rn(&x->R, 4 * x->es) : rn(&x->R, (uint32_t)(nslots > 0xFFFFFFFFull ? 0xFFFFFFFFu : nslots));
            if (sl >= nslots) sl = rn(&x->R, (uint32_t)nslots);
            uint64_t a = sl * slot;
            int clash = overlaps(a, slot, align_dn(Ad, x->al), slot + x->al);
            for (unsigned j = 0; j < i && !clash; j++)
                if (j != d && overlaps(a, slot, x->A[j], slot)) clash = 1;
            x->A[i] = a;
            if (!clash) break;
        }
        if (x->rnd && chance(&x->R, 15)) { /* boundary-biased extra lanes */
            uint64_t cands[6] = { 0, x->al, x->S >= x->span ? align_dn(x->S - x->span, x->al) : 0,
                                  align_up(x->S, x->al), align_up(x->S, x->al) + x->al, far_addr(x) };
            uint64_t a = cands[rn(&x->R, 6)];
            if (a < (1ull << 32)) x->A[i] = a;
        }
        if (x->rnd && x->al > 1 && !elt_units(x->op) && chance(&x->R, 8)) x->A[i] += 1 + rn(&x->R, x->al - 1);
        if (x->A[i] >= (1ull << 32)) x->A[i] = 0;
    }
    /* overlapping writes (D10): another lane on lane d's address */
    if (x->f[F_OVER] && x->es > 1) {
        unsigned j = (d + 1 + rn(&x->R, x->es - 1)) % x->es;
        for (unsigned t = 0; t < x->es; t++) { /* prefer an enabled lane */
            unsigned jj = (d + 1 + t) % x->es;
            if (jj != d && (x->chen >> jj & 1)) { j = jj; break; }
        }
        uint64_t a = x->A[d];
        if (is_fourch(x->op) && x->nch > 1 && chance(&x->R, 50)) a += 4; /* channel overlap */
        if (a < (1ull << 32)) x->A[j] = a;
    }
}

/* global offset + element offsets from the addresses (wrap when asked) */
static void split_offsets(gx *x)
{
    int wrap = x->f[F_BOUNDS] == B_WRAP;
    uint64_t minA = 0xFFFFFFFFull;
    for (unsigned i = 0; i < x->es; i++)
        if (x->A[i] < minA) minA = x->A[i];
    if (is_qw(x->op)) { /* no global offset: the offsets are the addresses */
        x->G = 0;
        for (unsigned i = 0; i < x->es; i++) x->E[i] = (uint32_t)x->A[i];
        return;
    }
    if (elt_units(x->op)) {
        unsigned esz = x->asz;
        uint32_t U[32];
        for (unsigned i = 0; i < x->es; i++) U[i] = (uint32_t)(x->A[i] / esz);
        uint32_t minU = (uint32_t)(minA / esz);
        if (wrap && esz > 1 && chance(&x->R, 50)) { /* scaling wrap: (g+e)*esz >= 2^32 (D8) */
            uint32_t t = 1 + rn(&x->R, esz - 1);
            uint32_t add = (uint32_t)((0x100000000ull / esz) * t);
            x->G = chance(&x->R, 50) ? 0 : rn(&x->R, minU + 1);
            for (unsigned i = 0; i < x->es; i++) x->E[i] = U[i] + add - x->G;
            return;
        }
        if (wrap) {
            uint32_t Ud = U[x->d];
            x->G = Ud < 0xFFFFFFFFu ? Ud + 1 + rn(&x->R, 0xFFFFFFFFu - Ud) : 0;
        } else {
            unsigned r = rn(&x->R, 10);
            x->G = r < 4 ? 0 : r < 6 ? minU : r < 8 ? rn(&x->R, minU + 1) : r < 9 ? (minU >= 1 ? 1u : 0u)
                 : (x->rnd ? r32(&x->R) : 0);
        }
        for (unsigned i = 0; i < x->es; i++) x->E[i] = U[i] - x->G;
        return;
    }
    uint32_t Ad = (uint32_t)x->A[x->d];
    if (wrap) {
        unsigned r = rn(&x->R, 3);
        if (r == 0 && Ad < 0xFFFFFFFFu) x->G = 0xFFFFFFFFu;
        else if (r == 1 && Ad < 0xFFFFFF00u) x->G = 0xFFFFFF00u + rn(&x->R, 256);
        else x->G = Ad < 0xFFFFFFFFu ? Ad + 1 + rn(&x->R, 0xFFFFFFFFu - Ad) : 0;
    } else {
        unsigned r = rn(&x->R, 10);
        x->G = r < 4 ? 0 : r < 6 ? (uint32_t)minA : r < 8 ? rn(&x->R, (uint32_t)minA + 1)
             : r < 9 ? (minA >= 1 ? 1u : 0u) : (x->rnd ? r32(&x->R) : 0);
    }
    for (unsigned i = 0; i < x->es; i++) x->E[i] = (uint32_t)x->A[i] - x->G;
}

/* OWORD_ST: base byte address = offset * 16 (no wrap, D7) */
static void build_oword(gx *x)
{
    uint64_t S = x->S, span = x->span, base;
    switch (x->f[F_BOUNDS]) {
    case B_END: base = align_dn(S - span, 16); break;
    case B_AT: base = align_up(S, 16); break;
    case B_PAST: base = align_up(S, 16) + 16; break;
    case B_PARTIAL: { /* the oword holding the bound straddles it */
        unsigned n = span / 16;
        base = align_dn(S, 16) - 16ull * rn(&x->R, n);
        break;
    }
    case B_WRAP: base = (0x100000000ull + 16ull * rn(&x->R, 1u << 16)) ; break;  /* offset*16 >= 4 GiB */
    case B_FAR: base = chance(&x->R, 50) ? 0xFFFFFFFF0ull : 0xFFFFFFF0ull; break;
    default: base = align_dn((uint64_t)rn(&x->R, (uint32_t)((S - span) > 0xFFFFFFFFull ? 0xFFFFFFFFu : S - span + 1)), 16); break;
    }
    if (base > 0xFFFFFFFF0ull) base = 0xFFFFFFFF0ull;
    if (byte_offset(x->op)) { /* byte offset (D39); dwords before vISA 3.2 (D38) */
        int dw = x->ver < 302;
        uint64_t lim = dw ? 0x3FFFFFFFCull : 0xFFFFFFFCull;
        if (x->f[F_BOUNDS] == B_WRAP) /* the owords run past 4 GiB */
            base = dw ? 0x100000000ull + 4ull * rn(&x->R, 1u << 16) : 0xFFFFFFF0ull + 4ull * rn(&x->R, 4);
        if (x->f[F_BOUNDS] == B_FAR) base = chance(&x->R, 50) ? lim : 0xFFFFFFF0ull;
        /* dword, not oword, aligned; half the systematic cases too (issue 31: the one offset class
         * where rounding to an oword gives other bytes and the result is not undefined, D39) */
        if (x->f[F_BOUNDS] == B_IN && (x->rnd || chance(&x->R, 50)) && base >= 16) base -= 4ull * rn(&x->R, 4);
        if (base > lim) base = lim;
        if (!dw && x->f[F_ALIGN]) base += x->rnd ? 1 + rn(&x->R, 3) : 1; /* misaligned (D39) */
        x->A[0] = base;
        x->G = (uint32_t)(dw ? base / 4 : base);
        return;
    }
    x->A[0] = base;
    x->G = (uint32_t)(base / 16);
}

/* variables: ids, element offsets, data, global-offset operand */
static vo_var *add_var(gx *x, uint32_t id, unsigned type, uint32_t bytes)
{
    unsigned ts = vo_type_size(type);
    uint32_t n = (bytes + ts - 1) / ts;
    if (!n) n = 1;
    vo_var *v = vo_state_add_var(x->s, id, type, n);
    if (v) rfill(&x->R, v->data, v->size);
    return v;
}
static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

static void pick_ids(gx *x)
{
    uint32_t base = x->rnd ? 32 + rn(&x->R, 300) : 32 + rn(&x->R, 4);
    uint32_t v[4] = { base, base + 1 + rn(&x->R, 3), 0, 0 };
    v[2] = v[1] + 1 + rn(&x->R, 3);
    v[3] = v[2] + 1 + rn(&x->R, 3);
    for (unsigned i = 3; i > 0; i--) { /* shuffle roles */
        unsigned j = rn(&x->R, i + 1);
        uint32_t t = v[i]; v[i] = v[j]; v[j] = t;
    }
    memcpy(x->ids, v, sizeof v);
}

/* bytes of the data operand the instruction needs (D14) */
static uint32_t data_need(const gx *x)
{
    if (is_fourch(x->op)) {
        uint32_t B = x->es > x->grf / 4 ? x->es : x->grf / 4;
        return 4 * B * x->nch;
    }
    if (is_block(x->op)) return x->span;
    if (is_qw(x->op)) return 8 * x->es;
    return 4 * x->es;
}

/* raw operand variable of `need` bytes (+ random slack / GRF offset) */
static void raw_var(gx *x, graw *r, uint32_t id, unsigned type, uint32_t need, vo_var **out, int exact)
{
    unsigned k = exact ? 0 : rn(&x->R, 10);
    uint32_t bytes = need, off = 0;
    if (k >= 5 && k < 8) bytes = (uint32_t)align_up(need, x->grf);
    else if (k >= 8) { off = x->grf * (1 + rn(&x->R, 2)); bytes = off + (uint32_t)align_up(need, x->grf); }
    unsigned ts = vo_type_size(type);
    if (bytes % ts) bytes = (uint32_t)align_up(bytes, ts);
    r->id = id;
    r->off = (uint16_t)off;
    *out = add_var(x, id, type, bytes);
    if (*out && !exact) { /* boundary data patterns now and then: all-ones, zeros */
        unsigned p = rn(&x->R, 20);
        if (p == 0) memset((*out)->data, 0xFF, (*out)->size);
        else if (p == 1) memset((*out)->data, 0, (*out)->size);
    }
}

static uint16_t region_pick(gx *x)
{
    uint16_t r;
    /* decision D23: every field present (nibbles 1..7) */
    do r = (uint16_t)((1 + rn(&x->R, 7)) | (1 + rn(&x->R, 7)) << 4 | (1 + rn(&x->R, 7)) << 8);
    while (r == 0x0121);
    return r;
}

static void build_goff(gx *x)
{
    gvec *g = &x->e.g;
    memset(g, 0, sizeof *g);
    if (!has_goff(x->op)) return; /* QW_GATHER / QW_SCATTER */
    int kind = x->f[F_GOFF];
    if (kind == 0) {
        g->cls = 5;
        g->tbyte = VO_T_UD;
        g->imm = x->G;
        return;
    }
    /* a UD variable holding G at byte pos */
    static const uint8_t elts32[] = { 1, 1, 2, 4, 8, 16 };
    uint32_t gid = x->ids[0];
    uint32_t n = gid == 3 ? 1 : PICK(&x->R, elts32); /* %group_id_x is one UD */
    if (x->grf == 64 && n >= 8) n *= 2;
    if (gid != 3 && (x->sp == SP_V_ROW64 || (kind == 1 && chance(&x->R, 12)))) n = x->grf / 2; /* 2 GRFs */
    vo_var *v = add_var(x, gid, VO_T_UD, n * 4);
    if (!v) return;
    unsigned row = 0, col;
    if (v->size >= 2u * x->grf && (x->sp == SP_V_ROW64 || chance(&x->R, 50))) row = 1 + rn(&x->R, v->size / x->grf - 1);
    unsigned cols = (v->size - row * x->grf < x->grf ? v->size - row * x->grf : x->grf) / 4;
    col = rn(&x->R, cols);
    uint32_t pos = row * x->grf + col * 4;
    if (kind == 2 && x->rnd && chance(&x->R, 15) && v->size >= 8) {
        pos = rn(&x->R, v->size - 3); /* anywhere in the variable */
        if ((pos & 7) != 1) pos &= ~3u; /* mostly dword-aligned; 1 in 8 stays misaligned (D101: undefined) */
    }
    wr32(v->data + pos, x->G);
    if (kind == 1) {
        g->cls = 0;
        g->id = gid;
        g->row = (uint8_t)row;
        g->col = (uint8_t)col;
        g->region = x->sp == SP_V_NONSCALAR ? region_pick(x) : 0x0121;
        return;
    }
    /* indirect (D25): address element (var, byte offset) + signed offset */
    uint16_t aid = x->rnd ? (uint16_t)rn(&x->R, 16) : (uint16_t)rn(&x->R, 4);
    uint16_t na = (uint16_t)(1 + rn(&x->R, 4));
    vo_addr *a = vo_state_add_addr(x->s, aid, na);
    if (!a) return;
    uint8_t aoff = (uint8_t)rn(&x->R, na);
    static const int16_t ioffs[] = { 0, 0, 4, -4, 8, -8, 16, -16, 1, -2 };
    int16_t io = PICK(&x->R, ioffs);
    if ((int64_t)pos - io < 0) io = 0;
    for (unsigned i = 0; i < na; i++) { a->elems[i].var = gid; a->elems[i].off = rn(&x->R, v->size); }
    a->elems[aoff].off = (uint32_t)((int64_t)pos - io);
    g->cls = 3;
    g->id = aid;
    g->aoff = aoff;
    g->ioff = io;
    g->tbyte = VO_T_UD;
    g->region = x->sp == SP_V_NONSCALAR ? region_pick(x) : 0x0121;
}

static void surf_fill(gx *x, vo_surface *sf, uint64_t a, uint64_t n)
{
    if (!sf || a >= sf->size) return;
    if (n > sf->size - a) n = sf->size - a;
    uint8_t buf[512];
    while (n) {
        uint32_t k = n > sizeof buf ? (uint32_t)sizeof buf : (uint32_t)n;
        rfill(&x->R, buf, k);
        vo_surface_write(x->s, sf, a, buf, k);
        a += k;
        n -= k;
    }
}

static void build_surfaces(gx *x)
{
    vo_state *s = x->s;
    int absent = x->sp == SP_V_ZERO_SURF;
    vo_surface *sf = NULL;
    if (x->sp == SP_SURF_RES) x->e.surf = (uint8_t)(1 + x->var % 3);
    else if (x->sp == SP_SURF_UNDECL) x->e.surf = (uint8_t)(6 + rn(&x->R, 250));
    else {
        x->e.surf = (uint8_t)x->sidx;
        if (!absent) sf = vo_state_add_surface(s, x->sidx, x->S);
    }
    if (sf && !chance(&x->R, 8)) {
        if (is_block(x->op)) {
            uint64_t b = x->A[0];
            surf_fill(x, sf, b >= 16 ? b - 16 : 0, x->span + 32);
        } else {
            for (unsigned i = 0; i < x->es; i++) {
                uint64_t a = x->A[i] >= 4 ? x->A[i] - 4 : 0;
                if (chance(&x->R, 90)) surf_fill(x, sf, a, x->span + 8);
            }
        }
        if (x->S >= 16 && chance(&x->R, 70)) surf_fill(x, sf, x->S - 16, 16);
    }
    /* other surfaces: predefined ones present or not, a distractor */
    static const unsigned pre[3] = { 0, 4, 5 };
    for (unsigned i = 0; i < 3; i++) {
        if (pre[i] == x->sidx || !chance(&x->R, 25)) continue;
        if (absent && x->sidx < 6) continue;
        vo_surface *o = vo_state_add_surface(s, pre[i], 256u << rn(&x->R, 8));
        if (o && chance(&x->R, 30)) surf_fill(x, o, 16 * rn(&x->R, 16), 16);
    }
    if (chance(&x->R, 12)) {
        unsigned idx = 6 + rn(&x->R, 250);
        if (idx != x->sidx && idx != x->e.surf) {
            vo_surface *o = vo_state_add_surface(s, idx, 4096);
            if (o) surf_fill(x, o, 16 * rn(&x->R, 256), 32);
        }
    }
}

static void build_preds(gx *x)
{
    if (x->pmode && x->sp != SP_PRED_UNDECL) vo_state_add_pred(x->s, x->pred_id, x->pred_n, x->pred_bits);
    if (x->sp == SP_PRED_UNDECL || (x->rnd && chance(&x->R, 20))) { /* a distractor */
        uint16_t id = (uint16_t)(1 + rn(&x->R, 20));
        if (id != x->pred_id) vo_state_add_pred(x->s, id, 16, r32(&x->R) & 0xFFFF);
    }
}

/* ---- specials that change operands or fields after the base is built ---- */
static void apply_special(gx *x)
{
    genc *e = &x->e;
    gvec *g = &e->g;
    vo_state *s = x->s;
    int v = x->var;
    switch (x->sp) {
    case SP_PRED_ID0: {
        static const uint16_t flags[] = { 0x8000, 0x2000, 0x4000, 0xA000, 0x1000, 0xC000 };
        e->pred = PICK(&x->R, flags);
        break;
    }
    case SP_PRED_UNDECL: {
        uint16_t id = (uint16_t)(1 + rn(&x->R, 4095));
        while (vo_state_pred(s, id)) id = (uint16_t)(id % 4095 + 1);
        e->pred = (uint16_t)(id | (v ? 0x8000 : 0));
        break;
    }
    case SP_PRED_RES:
        if (!e->pred) {
            x->pred_id = 1;
            vo_state_add_pred(s, 1, 32, r32(&x->R));
            e->pred = 1;
        }
        e->pred = (uint16_t)((e->pred & 0x8FFF) | (v ? 0x6000 : 0x1000));
        break;
    case SP_ELT: e->elt = v == 0 ? 3 : (uint8_t)((e->elt & 3) | 4u << rn(&x->R, 6)); break;
    case SP_NUMELTS: e->nelts = v == 0 ? (uint8_t)((e->nelts & 0xF0) | 3) : (uint8_t)(e->nelts | 4u << rn(&x->R, 2)); break;
    case SP_CHMASK: e->chmask = v == 0 ? 0 : v == 1 ? (uint8_t)(e->chmask | 0x10u << rn(&x->R, 4)) : 0xF0; break;
    case SP_SIZECODE:
        if (v == 0) e->osize = (uint8_t)(5 + rn(&x->R, 3));
        else if (v == 1) e->osize = (uint8_t)((e->osize & 3) | 8u << rn(&x->R, 5));
        else if (v == 2) { e->osize = 4; } /* 16 owords on a non-SLM surface */
        else e->osize = 4;                 /* v 3, 4: platform before XeHP_SDV (set in build) */
        break;
    case SP_SCALE: e->scale = (uint16_t)(v == 0 ? 1 : 1 + rn(&x->R, 0xFFFF)); break;
    case SP_BLOCKSIZE: e->bsize = (uint8_t)(v == 0 ? 1 : 1 + rn(&x->R, 255)); break;
    case SP_NUMBLOCKS:
        if (is_qw(x->op)) e->nblocks = (uint8_t)(v == 0 ? 1 + rn(&x->R, 3) : 4 + rn(&x->R, 252)); /* D42 */
        else e->nblocks = (uint8_t)(v == 0 ? 3 : 3 + rn(&x->R, 253));
        break;
    case SP_ISMOD: e->ismod = (uint8_t)(v == 0 ? 0x80 | rn(&x->R, 128) : 2 + rn(&x->R, 126)); break; /* D31: 2..255, ignored */
    case SP_V_ISMOD1: e->ismod = 1; break;
    case SP_CLASS: {
        uint32_t id = g->id;
        memset(g, 0, sizeof *g);
        switch (v) {
        case 0: g->cls = 1; g->id = rn(&x->R, 4); g->x0 = 0; g->x1 = 0; break;
        case 1: g->cls = 2; g->id = 1 + rn(&x->R, 8); break;
        case 2: g->cls = 6; g->x0 = (uint8_t)rn(&x->R, 2); g->id = rn(&x->R, 8); break;
        case 3: g->cls = 4; break;
        case 4: g->cls = 7; break;
        default: g->cls = 5; g->hi = (uint8_t)(1 + rn(&x->R, 3)); g->tbyte = VO_T_UD; g->imm = id; break;
        }
        break;
    }
    case SP_MOD: g->mod = (uint8_t)(1 + rn(&x->R, 7)); break;
    case SP_REGION:
        if (g->cls == 5) break; /* built as general/indirect (forced below) */
        if (v == 3) g->region = (uint16_t)(0x0121 | (1 + rn(&x->R, 15)) << 12);
        else { /* a null (destination-only) nibble or an undefined one, decision D23 */
            unsigned nib = rn(&x->R, 3) ? 8 + rn(&x->R, 8) : 0;
            g->region = (uint16_t)((g->region & ~(0xFu << (4 * v))) | nib << (4 * v));
        }
        break;
    case SP_IMMTYPE: {
        static const uint8_t ts[] = { VO_T_D, VO_T_UW, VO_T_W, VO_T_F, VO_T_Q, VO_T_UQ, VO_T_DF, VO_T_UB,
                                      VO_T_V, VO_T_HF, 0x10, 0x80 };
        g->tbyte = PICK(&x->R, ts);
        if (v == 0) g->tbyte = VO_T_D;
        if (v == 1) g->tbyte = VO_T_UQ;
        break;
    }
    default: break;
    }
}

static void finish_comment(gx *x)
{
    (void)x;
}

static void build(gx *x)
{
    vo_state *s = x->s;
    uint8_t op = x->op;
    genc *e = &x->e;
    memset(e, 0, sizeof *e);
    e->op = op;
    /* -- sanitize factors for specials -- */
    if (x->sp == SP_REGION || x->sp == SP_COLOFF) x->f[F_GOFF] = x->sp == SP_COLOFF ? 1 : 1 + (x->var & 1);
    if (x->sp == SP_REGION && x->var == 2) x->f[F_GOFF] = 1;
    if (x->sp == SP_IMMTYPE) x->f[F_GOFF] = 0;
    if (x->sp == SP_ADDRID) x->f[F_GOFF] = 2;
    if (x->sp == SP_V_NONSCALAR) x->f[F_GOFF] = 1 + (x->var & 1);
    if (x->sp == SP_V_ROW64) { x->f[F_GOFF] = 1; x->f[F_PLAT] = 1; }
    if (x->sp == SP_PRED_ID0 || x->sp == SP_PRED_UNDECL || x->sp == SP_PRED_RES || x->sp == SP_PRED_SIZE)
        if (!x->f[F_PRED] || x->sp == SP_PRED_UNDECL) x->f[F_PRED] = 1 + rn(&x->R, 6);
    if (x->sp == SP_V_NOLANES && x->var == 1) x->f[F_PRED] = 1;
    if (is_block(op) && x->f[F_SUB] == 4 && x->sp != SP_NONE && x->sp != SP_SIZECODE) x->f[F_SUB] = rn(&x->R, 4);
    if (x->sp == SP_SIZECODE) {
        if (x->var == 2) { x->f[F_PLAT] = 1; x->f[F_SURF] = 1 + rn(&x->R, 3); }
        if (x->var >= 3) { x->f[F_PLAT] = 0; x->f[F_SURF] = 0; }
    }
    if (x->sp == SP_PLATFORM) { x->f[F_SURF] = 0; x->f[F_PLAT] = 0; }
    if (x->sp == SP_V_ZERO_SURF) x->f[F_SURF] = x->var == 0 ? 2 : rn(&x->R, 3);
    if (x->rnd && !x->sp && is_block(op) && x->f[F_SUB] == 4 && chance(&x->R, 75)) x->f[F_SURF] = 0;
    if (x->sp == SP_V_NULL_DST || x->sp == SP_READONLY) x->f[F_SUB] = rn(&x->R, 3);
    if (is_qw(op)) x->f[F_SUB] = 0;
    /* -- platform, version -- */
    x->ver = x->f[F_VER] ? 306 : 303;
    if (x->rnd) x->ver = PICK(&x->R, versions);
    if (x->sp == SP_V_VISA30) x->ver = 300;
    if (x->sp == SP_V_UNALIGNED_DWORDS) { x->ver = (uint16_t)(300 + (x->var & 1)); x->f[F_ALIGN] = 0; } /* D38 */
    if ((x->sp == SP_MASKCTL || x->sp == SP_V_NOLANES) && x->ver == 300) x->ver = 303;
    e->idw = vo_id_width(x->ver);
    const char *pname = x->f[F_PLAT] ? "PVC" : "TGLLP";
    if (x->rnd && chance(&x->R, 60)) pname = x->f[F_PLAT] ? PICK(&x->R, plat64) : PICK(&x->R, plat32);
    if (is_block(op) && x->f[F_SUB] == 4 && !x->f[F_PLAT] && x->sp != SP_SIZECODE)
        pname = PICK(&x->R, plat32_xehp);
    if (is_qw(op) && !x->f[F_PLAT]) pname = x->rnd ? PICK(&x->R, plat32_xehp) : "XeHP_SDV"; /* D40 */
    if (x->sp == SP_SIZECODE && x->var >= 3) pname = x->var == 3 ? "TGLLP" : "ICLLP";
    if (x->sp == SP_PLATFORM) pname = x->var == 0 ? "SKL" : x->var == 1 ? "BDW" : "CHV";
    set_platform(x, pname);
    /* -- control, sub, geometry -- */
    build_sub(x);
    build_control(x);
    build_surface_size(x);
    if (is_block(op)) build_oword(x);
    else { build_lanes(x); split_offsets(x); }
    pick_ids(x);
    if (x->sp == SP_V_PREDEF && x->var == 2 && x->f[F_GOFF] == 0) x->f[F_GOFF] = 1;
    if (x->sp == SP_V_PREDEF && x->var == 2) x->ids[0] = 3; /* %group_id_x as the offset variable */
    build_goff(x);
    /* -- element offsets -- */
    vo_var *ev = NULL, *dv = NULL;
    if (has_lanes(op)) {
        uint32_t eid = x->ids[1];
        if (x->sp == SP_V_PREDEF && x->var == 1 && x->es <= 8) eid = 7; /* %r0 (read-only, as a source) */
        if (eid == 7) {
            ev = vo_state_add_var(s, 7, VO_T_UD, 8);
            if (ev) rfill(&x->R, ev->data, ev->size);
            e->e.id = 7;
            e->e.off = 0;
        } else {
            uint32_t need = 4 * x->es;
            int past = x->sp == SP_U_RAW_PAST && x->var == 0;
            if (past && x->es > 1) need = 4 * (x->es - 1 - rn(&x->R, x->es - 1)); /* too few elements */
            raw_var(x, &e->e, eid, VO_T_UD, need, &ev, past);
            if (past && x->es == 1) e->e.off = 4; /* offset 4 of a one-element variable */
        }
        if (ev)
            for (unsigned i = 0; i < x->es && e->e.off + 4 * i + 4 <= ev->size; i++)
                wr32(ev->data + e->e.off + 4 * i, x->E[i]);
    }
    /* -- data operand -- */
    {
        static const uint8_t dtypes[] = { VO_T_UD, VO_T_UD, VO_T_D, VO_T_F };
        static const uint8_t otypes[] = { VO_T_UD, VO_T_D, VO_T_F, VO_T_UB, VO_T_B, VO_T_UW, VO_T_W,
                                          VO_T_DF, VO_T_UQ, VO_T_Q, VO_T_HF, VO_T_BF };
        static const uint8_t qtypes[] = { VO_T_UQ, VO_T_UQ, VO_T_Q, VO_T_DF }; /* D41 */
        unsigned type = is_block(op) ? PICK(&x->R, otypes) : is_qw(op) ? PICK(&x->R, qtypes) : PICK(&x->R, dtypes);
        uint32_t need = data_need(x);
        uint32_t did = x->ids[2];
        if (x->sp == SP_V_PREDEF && x->var == 0) {
            did = 8; /* %arg */
            dv = vo_state_add_var(s, 8, VO_T_UD, x->grf == 64 ? 512 : 256);
            if (dv) rfill(&x->R, dv->data, dv->size);
            e->d.id = 8;
            e->d.off = 0;
        } else if (x->sp == SP_READONLY) {
            static const uint8_t ro[] = { 7, 13, 12, 3 };
            static const uint8_t ro_n[] = { 8, 4, 1, 1 };
            unsigned i = (unsigned)x->var % 4;
            dv = vo_state_add_var(s, ro[i], VO_T_UD, ro_n[i]);
            if (dv) rfill(&x->R, dv->data, dv->size);
            e->d.id = ro[i];
            e->d.off = 0;
        } else if (x->sp == SP_V_NULL_DST) {
            e->d.id = 0;
            e->d.off = 0;
        } else {
            int past = x->sp == SP_U_RAW_PAST && (x->var == 1 || x->var == 2 || !has_lanes(op));
            int shorter = 0;
            if (past && x->var == 1) { /* a data variable shorter than the operand */
                unsigned ts = vo_type_size(type);
                uint32_t cut = ts > 4 ? ts : 4;
                if (need > cut) { need -= cut * (1 + rn(&x->R, need / cut - 1)); shorter = 1; }
            }
            raw_var(x, &e->d, did, type, need, &dv, past);
            if (past && !shorter && dv) /* an offset that pushes the operand past the end (D14) */
                e->d.off = (uint16_t)(dv->size >= x->grf ? x->grf : vo_type_size(dv->type));
        }
    }
    /* -- operand specials needing state changes -- */
    switch (x->sp) {
    case SP_VARID: { /* undeclared operand id */
        uint32_t bad = 32 + 300 + rn(&x->R, 1000);
        if (x->var == 3) bad = 1 + rn(&x->R, 21);  /* predefined id absent from the state */
        while (vo_state_var(s, bad)) bad++;
        if (has_goff(op) && (x->var == 0 || (x->var == 1 && !has_lanes(op)))) { e->g = (gvec){ 0 }; e->g.cls = 0; e->g.id = bad; e->g.region = 0x0121; }
        else if (x->var <= 1) e->e.id = bad;
        else e->d.id = bad;
        if (x->var == 3 && has_lanes(op) && chance(&x->R, 50)) { e->d.id = x->ids[2]; e->e.id = bad; }
        else if (x->var == 3) { e->d.id = bad; }
        break;
    }
    case SP_RESID: {
        uint32_t bad = 22 + rn(&x->R, 10);
        if (x->var == 0 && has_goff(op)) { e->g = (gvec){ 0 }; e->g.cls = 0; e->g.id = bad; e->g.region = 0x0121; }
        else if (x->var == 1 && has_lanes(op)) e->e.id = bad;
        else e->d.id = bad;
        break;
    }
    case SP_NULL:
        if (x->var == 0 && has_goff(op)) { e->g = (gvec){ 0 }; e->g.cls = 0; e->g.id = 0; e->g.region = 0x0121; }
        else if (x->var == 1 && has_lanes(op)) { e->e.id = 0; e->e.off = 0; }
        else { e->d.id = 0; e->d.off = is_write(op) ? 0 : (uint16_t)(4u << rn(&x->R, 4)); }
        break;
    case SP_OPTYPE: {
        unsigned w = (unsigned)x->var;
        if (!has_lanes(op) && (w == 0 || w == 1)) w = 2 + w; /* OWORD: offset variants only */
        if (!has_goff(op) && w >= 2) w = (w - 2) & 1;       /* QW: no offset operand */
        if (w == 0 && ev) { /* element offsets not UD */
            static const uint8_t t[] = { VO_T_D, VO_T_F, VO_T_UW };
            ev->type = PICK(&x->R, t);
            unsigned ts = vo_type_size(ev->type);
            ev->num_elts = ev->size / ts;
        } else if (w == 1 && dv) { /* data of a type not UD/D/F (QW: not Q/UQ/DF) */
            static const uint8_t t[] = { VO_T_UW, VO_T_W, VO_T_UB, VO_T_HF, VO_T_BF };
            static const uint8_t tq[] = { VO_T_UD, VO_T_D, VO_T_F, VO_T_UW };
            dv->type = is_qw(op) ? PICK(&x->R, tq) : PICK(&x->R, t);
            dv->num_elts = dv->size / vo_type_size(dv->type);
        } else { /* the offset variable is not UD / the indirect type byte is not UD */
            vo_var *gv = vo_state_var(s, x->ids[0]);
            if (e->g.cls == 3 && (w == 2 || !gv)) e->g.tbyte = (uint8_t)PICK(&x->R, ((const uint8_t[]){ VO_T_D, VO_T_F, VO_T_UW }));
            else if (gv && (e->g.cls == 0 || e->g.cls == 3)) { gv->type = chance(&x->R, 50) ? VO_T_D : VO_T_F; }
            else { /* build a general operand on a D variable */
                vo_var *nv = add_var(x, x->ids[3], VO_T_D, 16);
                e->g = (gvec){ 0 }; e->g.cls = 0; e->g.id = nv ? nv->id : x->ids[3]; e->g.region = 0x0121;
            }
        }
        break;
    }
    case SP_RAWALIGN: {
        graw *r = (x->var & 1) && has_lanes(op) ? &e->e : &e->d;
        vo_var *rv = r == &e->e ? ev : dv;
        if (!rv) break;
        uint32_t ts = vo_type_size(rv->type);
        if (x->var >= 2 && rv->size < x->grf && ts > 1) r->off = (uint16_t)(ts / 2); /* not element aligned */
        else {
            unsigned step = ts > 4 ? ts : 4;
            r->off = (uint16_t)(step * (1 + rn(&x->R, x->grf / step - 1)));
            if (rv->size < x->grf) {
                /* replace by a GRF-sized variable of the same id and type */
                uint8_t *nd = realloc(rv->data, x->grf * 2);
                if (nd) {
                    rv->data = nd;
                    rfill(&x->R, nd, x->grf * 2);
                    rv->size = x->grf * 2;
                    rv->num_elts = rv->size / ts;
                }
            }
        }
        break;
    }
    case SP_ADDRID:
        if (x->var == 0) { /* undeclared address variable */
            uint16_t id = (uint16_t)(e->g.id + 1 + rn(&x->R, 8));
            while (vo_state_addr(s, id)) id++;
            e->g.id = id;
        } else { /* element past the address variable */
            vo_addr *a = vo_state_addr(s, (uint16_t)e->g.id);
            if (a) e->g.aoff = (uint8_t)(a->num_elts + rn(&x->R, 4));
        }
        break;
    case SP_COLOFF: e->g.col = (uint8_t)(x->grf / 4 + rn(&x->R, x->var ? 200 : 4)); break;
    case SP_U_GOFF_PAST: {
        vo_var *gv = vo_state_var(s, x->ids[0]);
        if (!gv) { /* immediate was chosen: make it general */
            gv = add_var(x, x->ids[0], VO_T_UD, 4);
            e->g = (gvec){ 0 }; e->g.cls = 0; e->g.id = x->ids[0]; e->g.region = 0x0121;
        }
        if (!gv) break;
        if (e->g.cls == 0) {
            if (x->var & 1 || gv->size < 8) { e->g.row = (uint8_t)(gv->size / x->grf + 1 + rn(&x->R, 3)); e->g.col = 0; }
            else { e->g.row = (uint8_t)(gv->size / x->grf); e->g.col = (uint8_t)((gv->size % x->grf) / 4);
                   if ((unsigned)e->g.col * 4 >= x->grf || e->g.row * x->grf + e->g.col * 4 + 4 <= gv->size) { e->g.row++; e->g.col = 0; } }
        } else { /* indirect past either end */
            vo_addr *a = vo_state_addr(s, (uint16_t)e->g.id);
            if (a) {
                a->elems[e->g.aoff].off = (x->var & 1) ? 0 : gv->size - 4;
                e->g.ioff = (x->var & 1) ? (int16_t)-(1 + (int)rn(&x->R, 64)) : (int16_t)(1 + rn(&x->R, 64));
            }
        }
        break;
    }
    default: break;
    }
    if (x->sp == SP_U_GOFF_PAST && e->g.cls == 5) { /* not reached: kept for safety */ }
    build_preds(x);
    build_surfaces(x);
    if (x->rnd && !x->sp && (features_of(op) & T_ISMOD) && chance(&x->R, 10)) e->ismod = 1; /* D31 */
    apply_special(x);
    finish_comment(x);
    vo_state_sort(s);
    s->exec_mask = x->exec_mask;
}

/* ------------------------------------------------------------------ */
/* entry                                                               */
/* ------------------------------------------------------------------ */
static void comment_factors(gx *x, const char *part)
{
    note(x, "%s:", part);
    if (is_block(x->op)) {
        note(x, " owords=%u", 1u << (x->f[F_SUB] & 7));
    } else {
        note(x, " simd%u", x->es);
        note(x, " off=%u%s", x->off, x->nomask ? " NoMask" : "");
        if (x->pmode) note(x, " pred=%s", pred_name[x->pmode]);
        if (is_fourch(x->op)) note(x, " ch=0x%x", (unsigned)x->f[F_SUB] + 1);
        else note(x, " bytes=%u", is_qw(x->op) ? 8u : 1u << x->f[F_SUB]);
    }
    note(x, " surf=%s size=0x%llx bounds=%s", surf_name[x->f[F_SURF]], (unsigned long long)x->S,
         bounds_name[x->f[F_BOUNDS]]);
    if (x->f[F_ALIGN] && x->al > 1 && !elt_units(x->op) && !(is_block(x->op) && !byte_offset(x->op)) &&
        !(byte_offset(x->op) && x->ver < 302))
        note(x, " misaligned");
    if (x->f[F_OVER] && !is_block(x->op)) note(x, " overlap");
    note(x, " goff=%s grf=%u visa=%u.%u", goff_name[x->f[F_GOFF]], x->grf, x->ver / 100, x->ver % 100);
}

static uint64_t mix(uint64_t seed, uint8_t op, uint64_t k)
{
    rng r = { seed ^ 0x5EED5EED00000000ull };
    uint64_t a = nx(&r);
    r.s = a ^ ((uint64_t)op << 48) ^ 0x243F6A8885A308D3ull;
    uint64_t b = nx(&r);
    r.s = b ^ k;
    return nx(&r);
}

int vo_gen_case(uint8_t op, uint64_t seed, uint64_t k, vo_case *c, vo_gen_info *info)
{
    const fam_gen *fg = fam_gen_of(op);
    if (fg) return fg->build ? fg->build(seed, k, c, info) : fg->build_op(op, seed, k, c, info);
    const op_plan *p = plan_for(op);
    if (!p) return -1;
    vo_case_free(c);
    static gx zero;
    gx x = zero;
    x.R.s = mix(seed, op, k);
    x.op = op;
    x.c = c;
    x.s = &c->state;
    x.note_n = 0;
    c->comment[0] = 0;
    const char *part = "random";
    /* random defaults for every factor */
    for (unsigned f = 0; f < F_NF; f++) x.f[f] = (int)rn(&x.R, p->radix[f]);
    uint64_t idx = k, sys = vo_gen_systematic_count(op);
    int done = 0;
    if (idx < sys) {
        for (unsigned g = 0; p->groups[g] && !done; g++) {
            uint64_t n = group_size(p, p->groups[g]);
            if (idx < n) {
                uint64_t r = idx;
                for (unsigned f = 0; f < F_NF; f++) {
                    if (!(p->groups[g] >> f & 1)) continue;
                    x.f[f] = (int)(r % p->radix[f]);
                    r /= p->radix[f];
                }
                static char names[8][16];
                snprintf(names[g], sizeof names[g], "group%u", g + 1);
                part = names[g];
                done = 1;
            } else idx -= n;
        }
        if (!done) {
            const pw_cache *pc = pairwise(p);
            if (idx < pc->n) {
                for (unsigned f = 0; f < F_NF; f++) x.f[f] = pc->rows[idx][f];
                part = "pairwise";
                done = 1;
            } else idx -= pc->n;
        }
        if (!done) {
            for (unsigned s = 1; s < SP_COUNT && !done; s++) {
                if (!(sp_tab[s].ops & features_of(op))) continue;
                uint64_t n = (uint64_t)sp_tab[s].nvar * 4;
                if (idx < n) {
                    x.sp = (int)s;
                    x.var = (int)(idx / 4);
                    x.f[F_PLAT] = (int)(idx & 1);
                    x.f[F_VER] = (int)(idx >> 1 & 1);
                    part = "special";
                    done = 1;
                } else idx -= n;
            }
        }
    } else {
        x.rnd = 1;
        if (chance(&x.R, 25)) {
            unsigned cand[SP_COUNT], nc = 0;
            for (unsigned s = 1; s < SP_COUNT; s++)
                if (sp_tab[s].ops & features_of(op)) cand[nc++] = s;
            x.sp = (int)cand[rn(&x.R, nc)];
            x.var = (int)rn(&x.R, sp_tab[x.sp].nvar);
            part = "random special";
        }
    }
    vo_state_init(&c->state);
    build(&x);
    size_t n = assemble(&x.e, c->insn, sizeof c->insn);
    /* byte-level specials */
    if (x.sp == SP_TRUNC) {
        size_t cut = x.var == 0 ? 1 : x.var == 1 ? n - 1 : 1 + rn(&x.R, (uint32_t)n - 1);
        n = cut;
    } else if (x.sp == SP_TRAIL) {
        unsigned extra = 1 + rn(&x.R, 3);
        for (unsigned i = 0; i < extra && n < sizeof c->insn; i++) c->insn[n++] = (uint8_t)rn(&x.R, 256);
    } else if (x.sp == SP_OPCODE) {
        uint8_t bad = (uint8_t)(x.var == 0 ? op - 1u : x.var == 1 ? op + 1u : rn(&x.R, 256));
        while (vo_desc_for(bad)) bad = (uint8_t)rn(&x.R, 256);
        c->insn[0] = bad;
    }
    c->insn_len = n;
    if (x.sp) note(&x, "%s %s #%d: ", part, sp_tab[x.sp].name, x.var);
    comment_factors(&x, x.sp ? "base" : part);
    if (info) {
        info->part = x.sp ? "special" : x.rnd ? "random" : "systematic";
        info->want_status = x.sp ? sp_tab[x.sp].status : -1;
        info->want_code = x.sp ? sp_tab[x.sp].code : -1;
        if (!x.sp && is_block(op) && x.f[F_SUB] == 4 && x.sidx != 0) {
            info->want_status = VO_INVALID;
            info->want_code = VO_E_SIZE_CODE;
        }
    }
    return 0;
}
