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
 *     src1 (the comparand) while src2 (the new value) differs.
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

/* one walk from a seed; marks what its valid cases reach */
static void walk(const uint8_t *seed, size_t n, unsigned steps, uint8_t *ops, uint8_t *subs)
{
    size_t len = n;
    memcpy(cur, seed, n);
    for (unsigned i = 0; i < steps; i++) {
        memcpy(buf, cur, len);
        size_t m = LLVMFuzzerCustomMutator(buf, len, MAXLEN, i * 7919u + 1);
        vo_error e;
        if (!m || vo_bincase_decode(buf, m, 0, &kc, &e) != 0) continue;
        vo_run(&kc.state, kc.insn, kc.insn_len, &kr);
        vo_insn in;
        if (kr.status == VO_INVALID || vo_decode(kc.insn, kc.insn_len, kc.state.platform.visa_version, &in, &e) != 0) {
            if (i % 4 == 0) { memcpy(cur, seed, n); len = n; } /* back to the seed now and then */
            continue;
        }
        if (in.desc->opcode == VO_OP_DWORD_ATOMIC) {
            ops[in.val[VO_R_ATOMIC_OP] & 0x1F] = 1;
            relations(&kc, &in, &kr);
        }
        if (in.desc->has_subop) {
            subs[in.desc->subop] = 1;
            lsc_relations(&kc, &in, &kr);
        }
        memcpy(cur, buf, m); /* walk on from a valid case */
        len = m;
    }
}

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

int main(void)
{
    const char *src = getenv("VO_SRC");
    if (!src) src = ".";
    vo_case_init(&kc);
    vo_result_init(&kr);
    const char *dirs[] = { "corpus/diff_fuzzer", "corpus/oracle_fuzzer" };
    unsigned seeds_atomic = 0, seeds_lsc = 0;
    for (unsigned d = 0; d < 2; d++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", src, dirs[d]);
        DIR *dh = opendir(path);
        CHECK(dh != NULL);
        if (!dh) continue;
        char *names[512];
        unsigned nn = 0;
        for (struct dirent *de; (de = readdir(dh)) && nn < 512;)
            if (has_suffix(de->d_name, "_ok.bin")) names[nn++] = strdup(de->d_name);
        closedir(dh);
        for (unsigned k = 0; k < nn; k++) {
            char fp[1400];
            snprintf(fp, sizeof fp, "%s/%s", path, names[k]);
            FILE *f = fopen(fp, "rb");
            uint8_t seed[MAXLEN];
            size_t n = f ? fread(seed, 1, sizeof seed, f) : 0;
            if (f) fclose(f);
            int is_atomic = n > 7 && seed[7] == VO_OP_DWORD_ATOMIC, is_lsc = n > 7 && seed[7] == VO_OP_LSC_UNTYPED;
            if (!is_atomic && !is_lsc) { free(names[k]); continue; }
            uint8_t ops[32] = { 0 }, subs[256] = { 0 };
            walk(seed, n, is_atomic ? 20000 : 40000, ops, subs);
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
                    if (vo_desc_at(i)->has_subop && !subs[vo_desc_at(i)->subop]) {
                        t_fail++;
                        fprintf(stderr, "FAIL: %s: %s never reached (not invalid)\n", fp, vo_desc_at(i)->mnemonic);
                    } else if (vo_desc_at(i)->has_subop) t_pass++;
            }
            free(names[k]);
        }
    }
    CHECK(seeds_atomic >= 3);
    CHECK(seeds_lsc >= 3);
    CHECK(rel_cmpxchg);
    CHECK(rel_fcmpwr);
    CHECK(rel_sign);
    CHECK(rel_float);
    CHECK(rel_collide);
    CHECK(rel_cas);
    vo_result_free(&kr);
    vo_case_free(&kc);
    T_DONE();
}
