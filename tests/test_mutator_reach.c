/* Issue 19: the structure-aware mutator of the fuzzers (fuzz/mutator.h) reaches
 * every operation from any plain valid seed of its opcode, and produces the
 * operand relations that compare, min/max and float ops need.
 *
 * For each *_ok.bin seed of corpus/diff_fuzzer and corpus/oracle_fuzzer
 * (the starting corpus of scripts/mutation-eval.sh), a random walk of
 * LLVMFuzzerCustomMutator calls (libFuzzer's own LLVMFuzzerMutate is a no-op
 * here, so only the structure-aware mutations act), seeds 1.., keeps the
 * cases vo_run does not call invalid and checks:
 *   - a DWORD_ATOMIC seed reaches every op code the atomic table defines;
 *   - an LSC_UNTYPED seed reaches every sub-op of the descriptor table;
 *   - over the DWORD_ATOMIC walks: a cmpxchg lane whose memory equals src1
 *     (the comparand) while src0 differs, an fcmpwr lane whose memory equals
 *     src0 (its comparand) while src1 differs, a min/max lane where the
 *     signed and unsigned orders of memory and src0 differ, an fcmpwr / fmin /
 *     fmax lane with a float special (NaN, +-0, infinity, denormal) in memory
 *     or src0, and two enabled lanes on one address;
 *   - over the LSC_UNTYPED walks: an icas / fcas lane whose memory equals
 *     src1 (the comparand) while src2 (the new value) differs;
 *   - the typed seeds (issue 28) reach, over all their walks, every typed
 *     dimension and format, a read and a write out of bounds, an array index
 *     past the array size, LOD != 0, a channel the format lacks (read and
 *     write), an atomic out of bounds and every TYPED_ATOMIC op;
 *   - the LSC_TYPED seeds (D340: not in vo_desc_at) reach, over all their walks,
 *     load_quad and store_quad, a read and a write out of bounds and an
 *     immediate U/V/R offset;
 *   - a FENCE seed (issue 26) reaches each way a mask reads: global, SLM-only
 *     (bit 5) from ICLLP on, bit 5 before ICLLP (D161), fence_sw alone and
 *     bit 7 with other bits (D162).
 * The shapes (docs/fuzzing.md): from given *_ok.bin seeds of corpus/diff_fuzzer
 * (some with one field set first), a walk with hashed mutation seeds must show,
 * within N mutations, in a case vo_run does not call invalid:
 *   - align: a 2-byte access, in bounds, at an address that is 2 mod 4;
 *   - end: an access that straddles its surface's end (starts inside, ends
 *     past it);
 *   - row: on a 64-byte-GRF platform, status ok, a global offset that is a
 *     general operand at row >= 1 whose value there is <= 0x1000;
 *   - payload: on a 64-byte-GRF platform, a non-transposed LSC access of a
 *     component >= 1 of 64-bit data with fewer lanes than the minimum
 *     payload width (16; 32 on PVC: D124, D146), in bounds.
 * Dependent pairs (issue 31): the pairs vo_pairs_derive finds on the *_ok.bin
 * seeds of corpus/diff_fuzzer (visa_pairs.h: fields that matter only
 * together, from the oracle's own rules) are the universe; every valid case
 * of the walks marks the combinations it reaches. The walks run twice, once
 * without the pair mutations (fzm_no_pairs) and once with them; the second
 * must reach at least PAIR_MIN_PERMILLE of the combinations and at least
 * PAIR_GAIN more than the first, and the walks from an LSC seed with a bss
 * surface must give valid cases with a bss/ss address model, an immediate
 * surface and a non-zero surface-state index (the index the oracle ignores
 * there, D118) -- never once without the pair mutations. PAIRS_DEBUG=1
 * prints the figures.
 * Everything is deterministic (fixed seeds; no engine). */
#define _POSIX_C_SOURCE 200809L
#include "t.h"
#include "visa_bincase.h"
#include "visa_json.h"
#include <dirent.h>
#include <stdlib.h>

/* the engine's own mutations: none here (only the structure-aware ones) */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size)
{
    (void)data;
    (void)max_size;
    return size;
}
#include "../fuzz/mutator.h"

#define MAXLEN 8192
static uint8_t cur[MAXLEN], buf[MAXLEN];
static vo_case kc;
static vo_result kr;

/* relations seen in valid DWORD_ATOMIC cases */
static int rel_cmpxchg, rel_fcmpwr, rel_sign, rel_float, rel_collide, rel_cas;

/* LSC icas / fcas (the sub-ops whose descriptor has src2): a lane whose memory equals
 * src1 (the comparand) while src2 (the new value) differs */
static void lsc_relations(const vo_case *c, const vo_insn *in, const vo_result *r)
{
    if (in->src2.id == 0) return;
    const vo_var *s1 = vo_state_var(&c->state, in->src1.id), *s2 = vo_state_var(&c->state, in->src2.id);
    if (!s1 || !s2) return;
    for (uint32_t i = 0; i < r->nacc; i++) {
        const vo_access *a = &r->acc[i];
        const vo_surface *sf = vo_state_surface(&c->state, a->surface);
        uint32_t o1 = in->src1.offset + (uint32_t)a->lane * a->size, o2 = in->src2.offset + (uint32_t)a->lane * a->size;
        if (!sf || a->outcome != VO_ACC_DONE || a->size > 8 || o1 + a->size > s1->size || o2 + a->size > s2->size) continue;
        uint8_t b[8];
        vo_surface_read(sf, a->address, b, a->size);
        if (memcmp(b, s1->data + o1, a->size) == 0 && memcmp(s1->data + o1, s2->data + o2, a->size) != 0) rel_cas = 1;
    }
}

static int fspecial(uint32_t v)
{
    uint32_t e = v & 0x7F800000u, m = v & 0x7FFFFFu;
    return e == 0x7F800000u || e == 0 || (v & 0x7FFFFFFFu) == 0 || (e == 0 && m);
}

static uint32_t rd32(const vo_var *v, uint32_t off) { uint32_t x = 0; if (v && off + 4 <= v->size) memcpy(&x, v->data + off, 4); return x; }

static void relations(const vo_case *c, const vo_insn *in, const vo_result *r)
{
    unsigned op = in->val[VO_R_ATOMIC_OP] & 0x1F, w16 = in->val[VO_R_ATOMIC_OP] >> 5;
    if (w16) return;
    const vo_var *s0 = vo_state_var(&c->state, in->src0.id), *s1 = vo_state_var(&c->state, in->src1.id);
    for (uint32_t i = 0; i < r->nacc; i++) {
        const vo_access *a = &r->acc[i];
        if (a->size != 4 || a->outcome != VO_ACC_DONE) continue;
        const vo_surface *sf = vo_state_surface(&c->state, a->surface);
        if (!sf) continue;
        uint8_t b[4];
        vo_surface_read(sf, a->address, b, 4);
        uint32_t mem = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        uint32_t v0 = rd32(s0, in->src0.offset + 4u * a->lane), v1 = rd32(s1, in->src1.offset + 4u * a->lane);
        if (op == 0x07 && s0 && s1 && mem == v1 && v0 != v1) rel_cmpxchg = 1;
        if (op == 0x12 && s0 && s1 && mem == v0 && v0 != v1) rel_fcmpwr = 1;
        if ((op == 0x04 || op == 0x05) && s0 && ((mem ^ v0) >> 31)) rel_sign = 1;
        if ((op == 0x10 || op == 0x11 || op == 0x12) && s0 && (fspecial(mem) || fspecial(v0))) rel_float = 1;
        for (uint32_t j = 0; j < i; j++)
            if (r->acc[j].address == a->address && r->acc[j].surface == a->surface && r->acc[j].lane != a->lane) rel_collide = 1;
    }
}

/* dependent pairs: the universe (derived from the seeds) and what the walks reach */
static vo_pairs *tp;
static unsigned ss_imm; /* valid LSC cases: bss or ss, immediate surface, ss_idx != 0 */

static void pair_marks(const vo_insn *in)
{
    if (tp) vo_pairs_mark(tp, in);
    if (in->desc->has_subop && (in->val[VO_R_ADDR_TYPE] == 2 || in->val[VO_R_ADDR_TYPE] == 3) && in->surf.cls == 5 &&
        in->val[VO_R_SSIDX])
        ss_imm++;
}

/* shapes (bits) a valid case shows (any opcode) */
enum { SH_ALIGN = 1, SH_END = 2, SH_ROW = 4, SH_PAYLOAD = 8 };
static const char *const sh_name[] = { "align", "end", "row", "payload" };

static unsigned shapes(const vo_case *c, const vo_insn *in, const vo_result *r)
{
    unsigned grf = c->state.platform.grf_bytes, got = 0, has_goff = 0;
    for (unsigned f = 0; f < in->desc->nfields; f++) has_goff |= in->desc->fields[f].role == VO_R_GOFF;
    if (has_goff && in->goff.cls == 0 && in->goff.row >= 1 && grf == 64 && r->status == VO_OK) { /* a small value there */
        const vo_var *g = vo_state_var(&c->state, in->goff.id);
        uint32_t at = in->goff.row * grf + in->goff.col * 4u;
        if (g && at + 4 <= g->size && rd32(g, at) <= 0x1000) got |= SH_ROW;
    }
    for (uint32_t i = 0; i < r->nacc; i++) {
        const vo_access *a = &r->acc[i];
        if (a->outcome == VO_ACC_DONE && a->size == 2 && a->address % 4 == 2) got |= SH_ALIGN;
        const vo_surface *sf = a->surface == VO_ACC_FLAT ? NULL : vo_state_surface(&c->state, a->surface);
        if (sf && a->address < sf->size && a->address + a->size > sf->size) got |= SH_END;
        if (a->outcome != VO_ACC_DONE || grf != 64) continue;
        if (in->desc->has_subop && in->val[VO_R_DATA_SIZE] == 4 && in->val[VO_R_DATA_ORDER] == 1 && a->element >= 1 &&
            (1u << (in->val[VO_R_EXEC] & 0xF)) < 16)
            got |= SH_PAYLOAD;
    }
    return got;
}

/* the step at which each shape first showed in the current walk (0: never) */
static unsigned sh_first[4], sh_count[4];

/* one walk from a seed; marks what its valid cases reach */
static unsigned walk_mix; /* 1: mutation seeds hashed (murmur3's finalizer), not i * 7919 + 1, and
                           * every mutation applied to the seed itself (no walk) */
static uint32_t mix32(uint32_t h)
{
    h ^= h >> 16; h *= 0x85EBCA6Bu; h ^= h >> 13; h *= 0xC2B2AE35u; h ^= h >> 16;
    return h;
}

/* FENCE (issue 26): 0 global, 1 local (ICLLP+), 2 bit 5 before ICLLP, 3 sw alone, 4 sw with other bits */
static uint8_t fence_seen[5];
static void fence_class(const vo_case *c, const vo_insn *in)
{
    uint32_t m = in->val[VO_R_FENCE_MASK];
    fence_seen[m & 0x80 ? (m == 0x80 ? 3 : 4) : !(m & 0x20) ? 0 : c->state.platform.gen >= VO_GEN_ICLLP ? 1 : 2] = 1;
}

/* typed (issue 28): dimensions, formats, clauses and TYPED_ATOMIC ops reached in valid cases */
static uint8_t ty_dim[VO_TD_COUNT], ty_fmt[VO_TF_COUNT], ty_op[32];
static const unsigned ty_clauses[] = { VO_C_TY_OOB_READ, VO_C_TY_OOB_WRITE, VO_C_TY_ARRAY_OOB, VO_C_TY_LOD,
                                       VO_C_TY_MISSING_READ, VO_C_TY_MISSING_WRITE, VO_C_TY_ATOMIC_OOB };
static uint8_t ty_cl[sizeof ty_clauses / sizeof ty_clauses[0]];
static void typed_marks(const vo_case *c, const vo_insn *in, const vo_result *r)
{
    const vo_typed *t = vo_state_typed(&c->state, in->val[VO_R_SURFACE]);
    if (!t) return;
    ty_dim[t->dim] = ty_fmt[t->format] = 1;
    if (in->desc->opcode == VO_OP_TYPED_ATOMIC) ty_op[in->val[VO_R_ATOMIC_OP] & 0x1F] = 1;
    for (unsigned k = 0; k < sizeof ty_clauses / sizeof ty_clauses[0]; k++)
        if (r->clauses[ty_clauses[k] / 64] >> (ty_clauses[k] % 64) & 1) ty_cl[k] = 1;
}

/* LSC_TYPED (issue 28, D340): load and store, a read and a write out of bounds, an immediate offset */
static const unsigned lt_clauses[] = { VO_C_LSC_LOAD_QUAD, VO_C_LSC_STORE_QUAD, VO_C_TY_OOB_READ, VO_C_TY_OOB_WRITE,
                                       VO_C_LSC_ADDR_IMM };
static uint8_t lt_cl[sizeof lt_clauses / sizeof lt_clauses[0]];
static void lsct_marks(const vo_insn *in, const vo_result *r)
{
    (void)in;
    for (unsigned k = 0; k < sizeof lt_clauses / sizeof lt_clauses[0]; k++)
        if (r->clauses[lt_clauses[k] / 64] >> (lt_clauses[k] % 64) & 1) lt_cl[k] = 1;
}

static void walk(const uint8_t *seed, size_t n, unsigned steps, uint8_t *ops, uint8_t *subs)
{
    size_t len = n;
    memcpy(cur, seed, n);
    memset(sh_first, 0, sizeof sh_first);
    memset(sh_count, 0, sizeof sh_count);
    for (unsigned i = 0; i < steps; i++) {
        memcpy(buf, cur, len);
        size_t m = LLVMFuzzerCustomMutator(buf, len, MAXLEN, walk_mix ? mix32(i + 1) : i * 7919u + 1);
        vo_error e;
        if (!m || vo_bincase_decode(buf, m, 0, &kc, &e) != 0) continue;
        vo_run(&kc.state, kc.insn, kc.insn_len, &kr);
        vo_insn in;
        if (kr.status == VO_INVALID || vo_decode(kc.insn, kc.insn_len, kc.state.platform.visa_version, &in, &e) != 0) {
            if (i % 4 == 0) { memcpy(cur, seed, n); len = n; } /* back to the seed now and then */
            continue;
        }
        pair_marks(&in);
        unsigned got = shapes(&kc, &in, &kr);
        for (unsigned b = 0; b < 4; b++)
            if (got >> b & 1) sh_count[b]++, sh_first[b] = sh_first[b] ? sh_first[b] : i + 1;
        if (in.desc->opcode == VO_OP_DWORD_ATOMIC) {
            ops[in.val[VO_R_ATOMIC_OP] & 0x1F] = 1;
            relations(&kc, &in, &kr);
        }
        if (in.desc->opcode == VO_OP_FENCE) fence_class(&kc, &in);
        if (in.desc->family == VO_FAM_TYPED) typed_marks(&kc, &in, &kr);
        if (in.desc->family == VO_FAM_LSC_TYPED) lsct_marks(&in, &kr);
        if (in.desc->has_subop) {
            subs[in.desc->subop] = 1;
            lsc_relations(&kc, &in, &kr);
        }
        if (walk_mix) continue; /* every mutation from the seed itself */
        memcpy(cur, buf, m); /* walk on from a valid case */
        len = m;
    }
}

/* the shapes a seed of corpus/diff_fuzzer (the mutation-eval corpus) must show in at least
 * min of SH_TRIES mutations of the seed (seeded bugs 15, 26, 38 and 69 of examples/mutants/
 * need them). Measured: without the shapes 0, 9, 0, 18, 0, 0, 20, 0 (in the order below);
 * with them 30, 104, 277, 313, 54, 54, 82, 19. role/value: a field set in the seed first
 * (VO_R_COUNT: none) */
#define SH_TRIES 8000
static const struct { const char *seed; unsigned role, value, shape, min; } sh_expect[] = {
    { "gather_scaled_ok.bin", VO_R_COUNT, 0, SH_ALIGN, 10 },
    { "gather_scaled_ok.bin", VO_R_NUM_BLOCKS, 1, SH_ALIGN, 40 }, /* 2-byte blocks */
    { "oword_ld_ok.bin", VO_R_COUNT, 0, SH_END, 50 },
    { "oword_ld_unaligned_ok.bin", VO_R_COUNT, 0, SH_END, 60 },
    { "scatter4_scaled_ok.bin", VO_R_COUNT, 0, SH_ROW, 15 },
    { "gather4_scaled_ok.bin", VO_R_COUNT, 0, SH_ROW, 15 },
    { "lsc_load_ugml_x2_ok.bin", VO_R_COUNT, 0, SH_PAYLOAD, 15 }, /* 23 of 8000 since PVC pads to 32 lanes (D146) and pair mutations take a share */
    { "lsc_store_slm_ok.bin", VO_R_COUNT, 0, SH_PAYLOAD, 8 },
};

static void check_shapes(const char *src)
{
    for (unsigned i = 0; i < sizeof sh_expect / sizeof sh_expect[0]; i++) {
        char fp[1400];
        snprintf(fp, sizeof fp, "%s/corpus/diff_fuzzer/%s", src, sh_expect[i].seed);
        FILE *f = fopen(fp, "rb");
        uint8_t seed[MAXLEN];
        size_t n = f ? fread(seed, 1, sizeof seed, f) : 0;
        if (f) fclose(f);
        CHECK(n > 0);
        if (!n) continue;
        if (sh_expect[i].role != VO_R_COUNT) { /* the precondition */
            vo_error e;
            vo_insn in;
            uint8_t *out = NULL;
            size_t len = 0;
            int ok = vo_bincase_decode(seed, n, 0, &kc, &e) == 0 &&
                     vo_decode(kc.insn, kc.insn_len, kc.state.platform.visa_version, &in, &e) == 0;
            CHECK(ok);
            if (!ok) continue;
            in.val[sh_expect[i].role] = sh_expect[i].value;
            kc.insn_len = vo_encode(&in, kc.insn, sizeof kc.insn);
            ok = vo_bincase_encode(&kc, &out, &len, &e) == 0 && len <= sizeof seed;
            CHECK(ok);
            if (ok) memcpy(seed, out, len);
            free(out);
            if (!ok) continue;
            n = len;
        }
        uint8_t ops[32] = { 0 }, subs[256] = { 0 };
        walk_mix = 1;
        walk(seed, n, SH_TRIES, ops, subs);
        walk_mix = 0;
        unsigned b = (unsigned)__builtin_ctz(sh_expect[i].shape);
        if (getenv("SHAPES_DEBUG")) fprintf(stderr, "%s: %s in %u of %u\n", sh_expect[i].seed, sh_name[b], sh_count[b], SH_TRIES);
        if (sh_count[b] >= sh_expect[i].min) { t_pass++; continue; }
        t_fail++;
        fprintf(stderr, "FAIL: %s: shape %s in %u of %u mutations, fewer than %u\n", sh_expect[i].seed, sh_name[b], sh_count[b],
                SH_TRIES, sh_expect[i].min);
    }
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

/* calls fn for every *_ok.bin file of src/dir, in name order, with its path and bytes */
typedef void seed_fn(const char *fp, const uint8_t *seed, size_t n, void *ctx);
static void each_seed(const char *src, const char *dir, seed_fn *fn, void *ctx)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", src, dir);
    DIR *dh = opendir(path);
    CHECK(dh != NULL);
    if (!dh) return;
    char *names[512];
    unsigned nn = 0;
    for (struct dirent *de; (de = readdir(dh)) && nn < 512;)
        if (has_suffix(de->d_name, "_ok.bin")) names[nn++] = strdup(de->d_name);
    closedir(dh);
    qsort(names, nn, sizeof names[0], cmp_str);
    for (unsigned k = 0; k < nn; k++) {
        char fp[1400];
        snprintf(fp, sizeof fp, "%s/%s", path, names[k]);
        free(names[k]);
        FILE *f = fopen(fp, "rb");
        static uint8_t seed[MAXLEN];
        size_t n = f ? fread(seed, 1, sizeof seed, f) : 0;
        if (f) fclose(f);
        fn(fp, seed, n, ctx);
    }
}

/* the walk of one DWORD_ATOMIC or LSC_UNTYPED seed; checks the ops and sub-ops reached */
static unsigned seeds_atomic, seeds_lsc, seeds_fence, seeds_typed, seeds_lsct;
static int b2d_reached[2]; /* block2d load, store: reached (not invalid) from some LSC seed */
static void seed_walk(const char *fp, const uint8_t *seed, size_t n, void *ctx)
{
    (void)ctx;
    int is_atomic = n > 7 && seed[7] == VO_OP_DWORD_ATOMIC, is_lsc = n > 7 && seed[7] == VO_OP_LSC_UNTYPED;
    uint8_t ops[32] = { 0 }, subs[256] = { 0 };
    if (n > 7 && seed[7] == VO_OP_FENCE) { /* issue 26 */
        memset(fence_seen, 0, sizeof fence_seen);
        walk(seed, n, 3000, ops, subs);
        seeds_fence++;
        for (unsigned c = 0; c < 5; c++)
            if (!fence_seen[c]) {
                t_fail++;
                fprintf(stderr, "FAIL: %s: fence mask class %u never reached (not invalid)\n", fp, c);
            } else t_pass++;
    }
    if (n > 7 && (seed[7] == VO_OP_GATHER4_TYPED || seed[7] == VO_OP_SCATTER4_TYPED || seed[7] == VO_OP_TYPED_ATOMIC)) {
        walk(seed, n, 3000, ops, subs); /* issue 28: judged over all typed seeds (main) */
        seeds_typed++;
    }
    if (n > 7 && seed[7] == VO_OP_LSC_TYPED) {
        walk(seed, n, 3000, ops, subs); /* D340: judged over all LSC_TYPED seeds (main) */
        seeds_lsct++;
    }
    if (!is_atomic && !is_lsc) return;
    walk(seed, n, is_atomic ? 12000 : 20000, ops, subs);
    if (is_atomic) {
        seeds_atomic++;
        for (unsigned c = 0; c < 32; c++)
            if (vo_atomic_op_name(c) && !ops[c]) {
                t_fail++;
                fprintf(stderr, "FAIL: %s: dword_atomic op %s never reached (not invalid)\n", fp, vo_atomic_op_name(c));
            } else if (vo_atomic_op_name(c)) t_pass++;
    } else {
        seeds_lsc++;
        for (unsigned i = 0; vo_desc_at(i); i++)
            if (vo_desc_at(i)->family == VO_FAM_BLOCK2D) { /* block2d: reached from some LSC seed (below) */
                if (subs[vo_desc_at(i)->subop]) b2d_reached[vo_desc_at(i)->is_write != 0] = 1;
            } else if (vo_desc_at(i)->family == VO_FAM_SVM) { /* SVM sub-ops: not LSC's (0x4E seeds) */
            } else if (vo_desc_at(i)->has_subop && !subs[vo_desc_at(i)->subop]) {
                t_fail++;
                fprintf(stderr, "FAIL: %s: %s never reached (not invalid)\n", fp, vo_desc_at(i)->mnemonic);
            } else if (vo_desc_at(i)->has_subop) t_pass++;
    }
}

/* ctx != NULL: derive the universe (the pairs of the seed); NULL: PAIR_TRIES mutations of the
 * seed itself (hashed seeds, as the shapes), marking what they reach */
#define PAIR_TRIES 1500
static void pair_seed(const char *fp, const uint8_t *seed, size_t n, void *ctx)
{
    (void)fp;
    vo_error e;
    if (!n || vo_bincase_decode(seed, n, 0, &kc, &e) != 0) return;
    if (ctx) { vo_pairs_derive(tp, &kc.state, kc.insn, kc.insn_len); return; }
    uint8_t ops[32] = { 0 }, subs[256] = { 0 };
    walk_mix = 1;
    walk(seed, n, PAIR_TRIES, ops, subs);
    walk_mix = 0;
}

/* measured (PAIRS_DEBUG=1): 1916 combinations of 126 pairs; PAIR_TRIES mutations of each seed reach
 * 1231 (642 permille) without the pair mutations, 1501 (783 permille) with them; bss/ss + immediate
 * surface + ss_idx != 0: 0 without, 10 with */
#define PAIR_MIN_PERMILLE 750
#define PAIR_GAIN 150
#define SS_IMM_MIN 4

int main(void)
{
    const char *src = getenv("VO_SRC");
    if (!src) src = ".";
    vo_case_init(&kc);
    vo_result_init(&kr);
    tp = calloc(1, sizeof *tp);
    CHECK(tp != NULL);
    if (!tp) T_DONE();
    each_seed(src, "corpus/diff_fuzzer", pair_seed, tp);
    unsigned reached[2], total = 0, ssi[2];
    CHECK(tp->n >= 20); /* the seeds have dependent pairs (the LSC ones) */
    for (int pass = 0; pass < 2; pass++) { /* 0: without the pair mutations (the figure before), 1: with */
        for (unsigned i = 0; i < tp->n; i++) memset(tp->dep[i].hit, 0, sizeof tp->dep[i].hit);
        ss_imm = 0;
        fzm_no_pairs = pass == 0;
        each_seed(src, "corpus/diff_fuzzer", pair_seed, NULL);
        vo_pairs_count(tp, &reached[pass], &total);
        ssi[pass] = ss_imm;
    }
    fzm_no_pairs = 0;
    if (getenv("PAIRS_DEBUG"))
        fprintf(stderr, "pairs: %u dependent, %u combinations; reached without pair mutations %u, with %u; "
                "bss/ss+imm surface+ss_idx: %u, %u\n", tp->n, total, reached[0], reached[1], ssi[0], ssi[1]);
    each_seed(src, "corpus/diff_fuzzer", seed_walk, NULL);
    each_seed(src, "corpus/oracle_fuzzer", seed_walk, NULL);
    CHECK(total > 0 && reached[1] * 1000u >= PAIR_MIN_PERMILLE * total);
    CHECK(reached[1] >= reached[0] + PAIR_GAIN);
    CHECK(ssi[0] == 0);
    CHECK(ssi[1] >= SS_IMM_MIN);
    CHECK(seeds_atomic >= 3);
    CHECK(seeds_lsc >= 3);
    CHECK(b2d_reached[0]);
    CHECK(b2d_reached[1]);
    CHECK(seeds_fence >= 3);
    CHECK(seeds_typed >= 6); /* issue 28: every dimension, format, bound class and typed atomic op */
    for (unsigned k = 0; k < VO_TD_COUNT; k++)
        if (!ty_dim[k]) { t_fail++; fprintf(stderr, "FAIL: typed dimension %s never reached\n", vo_typed_dim_name(k)); }
    for (unsigned k = 0; k < VO_TF_COUNT; k++)
        if (!ty_fmt[k]) { t_fail++; fprintf(stderr, "FAIL: typed format %s never reached\n", vo_typed_fmt_name(k)); }
    for (unsigned k = 0; k < sizeof ty_clauses / sizeof ty_clauses[0]; k++)
        if (!ty_cl[k]) { t_fail++; fprintf(stderr, "FAIL: typed clause %s never reached\n", vo_clause_name(ty_clauses[k])); }
    CHECK(seeds_lsct >= 4); /* D340: LSC_TYPED is reached from its seeds */
    for (unsigned k = 0; k < sizeof lt_clauses / sizeof lt_clauses[0]; k++)
        if (!lt_cl[k]) { t_fail++; fprintf(stderr, "FAIL: lsc_typed clause %s never reached\n", vo_clause_name(lt_clauses[k])); }
    static const uint8_t ty_ops[] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, /* the page's ops */
                                      0x0A, 0x0B, 0x0C, 0x0D, 0x10, 0x11, 0x12, 0x13, 0x14 };
    for (unsigned k = 0, c; k < sizeof ty_ops && (c = ty_ops[k], 1); k++)
        if (!ty_op[c]) {
            t_fail++;
            fprintf(stderr, "FAIL: typed_atomic op %s never reached (not invalid)\n", vo_atomic_op_name(c));
        }
    CHECK(rel_cmpxchg);
    CHECK(rel_fcmpwr);
    CHECK(rel_sign);
    CHECK(rel_float);
    CHECK(rel_collide);
    CHECK(rel_cas);
    check_shapes(src);
    free(tp);
    vo_result_free(&kr);
    vo_case_free(&kc);
    T_DONE();
}
