/* visa-oracle reach: which (instruction, enumerated field value) pairs a set
 * of cases reaches -- a fuzzer's corpus, compared with the vectors.
 *
 *   visa-oracle reach [--vectors PATH]... [--require ops] [--json] [--all] INPUTS...
 *
 * INPUTS are binary cases (fuzzer corpus files, crash files) or vector files,
 * or directories of them (every regular file directly inside, sorted by name;
 * *.json and *.json.gz are read as vector files, anything else as a binary
 * case). Each case is run through vo_run. A case whose status is not invalid
 * reaches, for its instruction (the descriptor's mnemonic, so every LSC
 * sub-op is its own row): one pair per enumerated field of its descriptor
 * (every ub/uw field but is_modified and the sub-op itself, the exec size and
 * mask control split, the atomic op by name, the predicate by kind), the
 * class of each vector operand, the platform; an invalid case reaches
 * "<insn> invalid=<E_CODE>". Every case also adds the clause ids of its result
 * ("clause <id>", the ids `cov` counts). Binary cases that do not decode (as
 * diff_fuzzer skips them) are counted and ignored.
 *
 * --vectors PATH (repeatable): also compute the pairs of these vector files or
 * directories and list the pairs they reach that INPUTS do not. --require ops:
 * exit 1 unless INPUTS reach (with a non-invalid status) every DWORD_ATOMIC op
 * code the atomic table defines and every LSC_UNTYPED sub-op the descriptor
 * table lists. Exit 0, 1 (a requirement missed), 2 on bad input or usage. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "dut_transport.h"
#include "visa_bincase.h"
#include "visa_json.h"
#include "visa_pairs.h"

/* ---- a string set with two counters per key (open addressing) ---- */
typedef struct { char *key; uint64_t n[2]; } rk_ent; /* n[0]: INPUTS, n[1]: --vectors */
typedef struct {
    rk_ent *e;
    size_t cap, used;
    uint64_t cases[2], decoded[2], valid[2], files[2];
    int oom;
    /* dependent pairs (issue 31): derived from the first RK_DEP_BASES not-invalid cases of each descriptor */
    vo_pairs *dp;
    const vo_desc *dp_desc[64];
    unsigned dp_bases[64], dp_ndesc;
} rk_set;
#define RK_DEP_BASES 4

static uint64_t rk_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

static void rk_add(rk_set *s, const char *key, int side)
{
    if (s->oom) return;
    if ((s->used + 1) * 2 > s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 1024;
        rk_ent *ne = calloc(nc, sizeof *ne);
        if (!ne) { s->oom = 1; return; }
        for (size_t i = 0; i < s->cap; i++)
            if (s->e[i].key) {
                size_t j = rk_hash(s->e[i].key) & (nc - 1);
                while (ne[j].key) j = (j + 1) & (nc - 1);
                ne[j] = s->e[i];
            }
        free(s->e);
        s->e = ne;
        s->cap = nc;
    }
    size_t j = rk_hash(key) & (s->cap - 1);
    while (s->e[j].key && strcmp(s->e[j].key, key) != 0) j = (j + 1) & (s->cap - 1);
    if (!s->e[j].key) {
        s->e[j].key = strdup(key);
        if (!s->e[j].key) { s->oom = 1; return; }
        s->used++;
    }
    s->e[j].n[side]++;
}

static uint64_t rk_get(const rk_set *s, const char *key, int side)
{
    if (!s->cap) return 0;
    size_t j = rk_hash(key) & (s->cap - 1);
    while (s->e[j].key) {
        if (strcmp(s->e[j].key, key) == 0) return s->e[j].n[side];
        j = (j + 1) & (s->cap - 1);
    }
    return 0;
}

/* one field's class as text: "surface.class=5", "ss_idx=nz", "exec_size=16", "data_size=3" */
static int rk_class_txt(char *b, size_t n, const vo_insn *in, unsigned role)
{
    const vo_field_desc *f = NULL;
    for (unsigned i = 0; i < in->desc->nfields; i++)
        if (in->desc->fields[i].role == role) f = &in->desc->fields[i];
    int c = vo_field_class(in, role);
    if (!f || c < 0) return snprintf(b, n, "?");
    if (f->kind == VO_FK_VEC) return snprintf(b, n, "%s.class=%d", f->name, c);
    if (f->kind == VO_FK_UD) return snprintf(b, n, "%s=%s", f->name, c ? "nz" : "0");
    if (role == VO_R_EXEC) return snprintf(b, n, "%s=%u", f->name, c <= 5 ? 1u << c : 0);
    return snprintf(b, n, "%s=%d", f->name, c);
}

/* the dependent-pair combinations a not-invalid case reaches ("dep <insn> <A> <B>") */
static void rk_deps(rk_set *s, const vo_case *c, const vo_insn *in, int side)
{
    if (!s->dp && !(s->dp = calloc(1, sizeof *s->dp))) { s->oom = 1; return; }
    unsigned k = 0;
    while (k < s->dp_ndesc && s->dp_desc[k] != in->desc) k++;
    if (k == s->dp_ndesc && k < 64) s->dp_desc[s->dp_ndesc++] = in->desc;
    if (k < 64 && s->dp_bases[k] < RK_DEP_BASES) {
        s->dp_bases[k]++;
        if (vo_pairs_derive(s->dp, &c->state, c->insn, c->insn_len) < 0 && s->dp->n == VO_PAIR_MAX) s->oom = 1;
    }
    for (unsigned i = 0; i < s->dp->n; i++) {
        const vo_pair_dep *x = &s->dp->dep[i];
        if (x->desc != in->desc) continue;
        int a = vo_field_class(in, x->a), b = vo_field_class(in, x->b);
        if (a < 0 || b < 0 || !(x->combo[a] >> b & 1)) continue;
        char ta[64], tb[64], key[200];
        rk_class_txt(ta, sizeof ta, in, x->a);
        rk_class_txt(tb, sizeof tb, in, x->b);
        snprintf(key, sizeof key, "dep %s %s %s", in->desc->mnemonic, ta, tb);
        rk_add(s, key, side);
    }
}

/* ---- the pairs of one case ---- */
static void rk_case(rk_set *s, const vo_case *c, vo_result *r, int side)
{
    char k[160];
    s->decoded[side]++;
    vo_run(&c->state, c->insn, c->insn_len, r);
    for (unsigned b = 0; b < VO_C_COUNT; b++)
        if (r->clauses[b >> 6] >> (b & 63) & 1) {
            snprintf(k, sizeof k, "clause %s", vo_clause_name(b));
            rk_add(s, k, side);
        }
    vo_insn in;
    vo_error e;
    if (vo_decode_layout(c->insn, c->insn_len, c->state.platform.visa_version, c->state.platform.lsc_layout, &in, &e) != 0) {
        snprintf(k, sizeof k, "%s invalid=%s", c->insn_len && vo_desc_for(c->insn[0]) ? vo_desc_for(c->insn[0])->mnemonic
                                                                                       : "(unknown opcode)",
                 vo_errcode_name(e.code));
        rk_add(s, k, side);
        return;
    }
    const vo_desc *d = in.desc;
    if (r->status == VO_INVALID) {
        snprintf(k, sizeof k, "%s invalid=%s", d->mnemonic, vo_errcode_name(r->err.code));
        rk_add(s, k, side);
        return;
    }
    s->valid[side]++;
    rk_deps(s, c, &in, side);
    rk_add(s, d->mnemonic, side);
    snprintf(k, sizeof k, "%s platform=%s", d->mnemonic, c->state.platform.name);
    rk_add(s, k, side);
    for (unsigned i = 0; i < d->nfields; i++) {
        const vo_field_desc *f = &d->fields[i];
        uint32_t v = in.val[f->role];
        switch (f->role) {
        case VO_R_IS_MODIFIED: case VO_R_LSC_SUBOP: case VO_R_ADDR_OFF: case VO_R_SSIDX: continue;
        case VO_R_ATOMIC_OP: {
            const char *nm = vo_atomic_op_name(v & 0x1F);
            if (nm) /* SVM_ATOMIC: width bits 10 are 64-bit (D265) */
                snprintf(k, sizeof k, "%s op=%s%s", d->mnemonic, nm,
                         v >> 5 == 2 && d->family == VO_FAM_SVM ? ".64" : v >> 5 ? ".16" : "");
            else snprintf(k, sizeof k, "%s op=0x%02x", d->mnemonic, v);
            break;
        }
        case VO_R_EXEC:
            snprintf(k, sizeof k, "%s exec_size=%u", d->mnemonic, (v & 0xF) <= 5 ? 1u << (v & 0xF) : 0);
            rk_add(s, k, side);
            snprintf(k, sizeof k, "%s mask_ctrl=%u", d->mnemonic, v >> 4);
            break;
        case VO_R_NUM_ELTS: /* count code + mask control, as the exec byte */
            snprintf(k, sizeof k, "%s num_elts=%u", d->mnemonic, v & 0xF);
            rk_add(s, k, side);
            snprintf(k, sizeof k, "%s mask_ctrl=%u", d->mnemonic, v >> 4);
            break;
        case VO_R_SURFACE: /* 0 SLM, 1..3 reserved, 4 bindless, 5 stateless, 6.. declared: all alike */
            if (v < 6) snprintf(k, sizeof k, "%s surface=%u", d->mnemonic, v);
            else snprintf(k, sizeof k, "%s surface=declared", d->mnemonic);
            break;
        case VO_R_PRED: {
            static const char *comb[4] = { "", ".any", ".all", ".3" };
            if (!(v & 0xFFF)) snprintf(k, sizeof k, "%s pred=none", d->mnemonic);
            else snprintf(k, sizeof k, "%s pred=%sP%s", d->mnemonic, v >> 15 ? "!" : "", comb[(v >> 13) & 3]);
            break;
        }
        default:
            if (f->kind == VO_FK_VEC) {
                const vo_vec *vv = vo_insn_vec(&in, f->role);
                snprintf(k, sizeof k, "%s %s.class=%u", d->mnemonic, f->name, vv->cls);
            } else if (f->kind == VO_FK_RAW) {
                const vo_raw *rw = vo_insn_raw(&in, f->role);
                if (rw->id != 0) continue;
                snprintf(k, sizeof k, "%s %s=%%null", d->mnemonic, f->name);
            } else if (f->kind == VO_FK_UB || f->kind == VO_FK_UW) {
                snprintf(k, sizeof k, "%s %s=%u", d->mnemonic, f->name, v);
            } else {
                continue;
            }
            break;
        }
        rk_add(s, k, side);
    }
}

static int rk_is_json(const char *name)
{
    size_t l = strlen(name);
    return (l >= 5 && strcmp(name + l - 5, ".json") == 0) || (l >= 8 && strcmp(name + l - 8, ".json.gz") == 0);
}

static int rk_file(rk_set *s, const char *path, int side, vo_case *c, vo_result *r)
{
    s->files[side]++;
    if (rk_is_json(path)) {
        char err[512];
        vo_testset ts;
        if (vo_testset_load(&ts, path, err, sizeof err) != 0) return cli_fail(VO_EXIT_BAD, "reach: %s", err);
        int rc = VO_EXIT_OK;
        for (size_t i = 0; i < ts.n; i++) {
            vo_error e;
            memset(&e, 0, sizeof e);
            s->cases[side]++;
            if (vo_case_from_json(ts.t[i].input, ts.t[i].input_len, c, &e) != 0) {
                rc = cli_fail(VO_EXIT_BAD, "reach: %s tests[%zu]: %s at %s (offset %lld): %s", path, i,
                              vo_errcode_name(e.code), e.field ? e.field : "-", (long long)e.offset, e.message);
                break;
            }
            rk_case(s, c, r, side);
        }
        vo_testset_free(&ts);
        return rc;
    }
    size_t n;
    char *buf = cli_read_file(path, &n);
    if (!buf) return cli_fail(VO_EXIT_BAD, "reach: cannot read %s: %s", path, strerror(errno));
    vo_error e;
    s->cases[side]++;
    if (vo_bincase_decode((const uint8_t *)buf, n, 0, c, &e) == 0) rk_case(s, c, r, side);
    free(buf);
    return VO_EXIT_OK;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int rk_path(rk_set *s, const char *path, int side, vo_case *c, vo_result *r)
{
    struct stat sb;
    if (stat(path, &sb) != 0) return cli_fail(VO_EXIT_BAD, "reach: cannot read %s: %s", path, strerror(errno));
    if (!S_ISDIR(sb.st_mode)) return rk_file(s, path, side, c, r);
    DIR *d = opendir(path);
    if (!d) return cli_fail(VO_EXIT_BAD, "reach: cannot open %s: %s", path, strerror(errno));
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = VO_EXIT_OK;
    for (struct dirent *de; (de = readdir(d));) {
        if (de->d_name[0] == '.') continue;
        size_t pl = strlen(path) + strlen(de->d_name) + 2;
        char *p = malloc(pl);
        if (!p) { rc = cli_fail(VO_EXIT_FAIL, "out of memory"); break; }
        snprintf(p, pl, "%s/%s", path, de->d_name);
        if (stat(p, &sb) != 0 || !S_ISREG(sb.st_mode)) { free(p); continue; }
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn) { free(p); rc = cli_fail(VO_EXIT_FAIL, "out of memory"); break; }
            names = nn;
        }
        names[n++] = p;
    }
    closedir(d);
    if (rc == VO_EXIT_OK && n) qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n && rc == VO_EXIT_OK; i++) rc = rk_file(s, names[i], side, c, r);
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    return rc;
}

static void rk_usage(FILE *f)
{
    fputs("usage: visa-oracle reach [--vectors PATH]... [--require ops] [--json] [--all] INPUTS...\n"
          "\n"
          "Which (instruction, enumerated field value) pairs the cases of INPUTS reach:\n"
          "binary cases (a fuzzer corpus) or vector files, or directories of them.\n"
          "  --vectors PATH  also read these vector files / directories and list the\n"
          "                  pairs they reach that INPUTS do not (repeatable)\n"
          "  --require ops   exit 1 unless INPUTS reach every DWORD_ATOMIC and SVM_ATOMIC\n"
          "                  op and every sub-op of the descriptor table (not invalid)\n"
          "  --all           list every pair with its counts (default: the summary)\n"
          "  --json          one JSON object instead of text\n"
          "Exit 0, 1 when a --require is missed, 2 on bad input.\n",
          f);
}

enum { OPT_JSON = 256, OPT_VECTORS, OPT_REQUIRE, OPT_ALL };
static const struct option rk_opts[] = {
    { "json", no_argument, NULL, OPT_JSON },
    { "vectors", required_argument, NULL, OPT_VECTORS },
    { "require", required_argument, NULL, OPT_REQUIRE },
    { "all", no_argument, NULL, OPT_ALL },
    { NULL, 0, NULL, 0 },
};

static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') putchar('\\');
        putchar(*s);
    }
    putchar('"');
}

int cmd_reach(int argc, char **argv)
{
    int json = 0, require = 0, all = 0;
    const char *vec[64];
    int nvec = 0;
    cli_getopt g;
    cli_getopt_init(&g, "reach", argc, argv, rk_opts);
    for (int o; (o = cli_getopt_next(&g)) != -1;) {
        switch (o) {
        case CLI_OPT_HELP: rk_usage(stdout); return VO_EXIT_OK;
        case OPT_JSON: json = 1; break;
        case OPT_ALL: all = 1; break;
        case OPT_VECTORS:
            if (nvec == 64) return cli_fail(VO_EXIT_BAD, "reach: at most 64 --vectors");
            vec[nvec++] = g.arg;
            break;
        case OPT_REQUIRE:
            if (strcmp(g.arg, "ops") != 0) return cli_fail(VO_EXIT_BAD, "reach: --require takes 'ops', not '%s'", g.arg);
            require = 1;
            break;
        default: return VO_EXIT_BAD;
        }
    }
    if (g.first_operand >= argc) return cli_fail(VO_EXIT_BAD, "reach: give corpus directories or case files (try --help)");
    rk_set *s = calloc(1, sizeof *s);
    vo_case *c = malloc(sizeof *c);
    vo_result *r = malloc(sizeof *r);
    if (!s || !c || !r) { free(s); free(c); free(r); return cli_fail(VO_EXIT_FAIL, "out of memory"); }
    vo_case_init(c);
    vo_result_init(r);
    int rc = VO_EXIT_OK;
    for (int i = g.first_operand; i < argc && rc == VO_EXIT_OK; i++) rc = rk_path(s, argv[i], 0, c, r);
    for (int i = 0; i < nvec && rc == VO_EXIT_OK; i++) rc = rk_path(s, vec[i], 1, c, r);
    vo_result_free(r);
    vo_case_free(c);
    free(r);
    free(c);
    if (rc == VO_EXIT_OK && s->oom) rc = cli_fail(VO_EXIT_FAIL, "out of memory");
    if (rc != VO_EXIT_OK) goto out;

    /* the required pairs: atomic ops from the atomic table, sub-ops from the descriptor table */
    char req[96][64];
    unsigned nreq = 0, nreq_ok = 0;
    for (unsigned code = 0; code < 32 && nreq < 96; code++) {
        const char *nm = vo_atomic_op_name(code);
        if (nm) snprintf(req[nreq++], sizeof req[0], "dword_atomic op=%s", nm);
    }
    for (unsigned code = 0; code < 32 && nreq < 96; code++) { /* SVM_ATOMIC (issue 26): the same ops */
        const char *nm = vo_atomic_op_name(code);
        if (nm) snprintf(req[nreq++], sizeof req[0], "svm_atomic op=%s", nm);
    }
    for (unsigned i = 0; vo_desc_at(i) && nreq < 96; i++)
        if (vo_desc_at(i)->has_subop || vo_desc_at(i)->family == VO_FAM_LSC_FENCE)
            snprintf(req[nreq++], sizeof req[0], "%s", vo_desc_at(i)->mnemonic);
    for (unsigned i = 0; i < nreq; i++) nreq_ok += rk_get(s, req[i], 0) != 0;

    char **keys = malloc((s->used ? s->used : 1) * sizeof *keys);
    if (!keys) { rc = cli_fail(VO_EXIT_FAIL, "out of memory"); goto out; }
    size_t nk = 0, n_in = 0, n_vec = 0, n_miss = 0, dep_in = 0, dep_vec = 0;
    unsigned dep_hit = 0, dep_total = 0;
    if (s->dp) vo_pairs_count(s->dp, &dep_hit, &dep_total);
    for (size_t i = 0; i < s->cap; i++)
        if (s->e[i].key) {
            if (strncmp(s->e[i].key, "dep ", 4) == 0) {
                dep_in += s->e[i].n[0] != 0;
                dep_vec += s->e[i].n[1] != 0;
            }
            keys[nk++] = s->e[i].key;
            n_in += s->e[i].n[0] != 0;
            n_vec += s->e[i].n[1] != 0;
            n_miss += s->e[i].n[1] && !s->e[i].n[0];
        }
    qsort(keys, nk, sizeof *keys, cmp_str);
    if (json) {
        printf("{\"inputs\":{\"files\":%llu,\"cases\":%llu,\"decoded\":%llu,\"valid\":%llu,\"pairs\":%zu},",
               (unsigned long long)s->files[0], (unsigned long long)s->cases[0], (unsigned long long)s->decoded[0],
               (unsigned long long)s->valid[0], n_in);
        printf("\"vectors\":{\"files\":%llu,\"cases\":%llu,\"valid\":%llu,\"pairs\":%zu},",
               (unsigned long long)s->files[1], (unsigned long long)s->cases[1], (unsigned long long)s->valid[1], n_vec);
        printf("\"dependent\":{\"pairs\":%u,\"combinations\":%u,\"inputs\":%zu,\"vectors\":%zu},",
               s->dp ? s->dp->n : 0, dep_total, dep_in, dep_vec);
        printf("\"required\":{\"reached\":%u,\"total\":%u,\"missing\":[", nreq_ok, nreq);
        int first = 1;
        for (unsigned i = 0; i < nreq; i++)
            if (!rk_get(s, req[i], 0)) { if (!first) putchar(','); json_str(req[i]); first = 0; }
        printf("]},\"pairs\":{");
        first = 1;
        for (size_t i = 0; i < nk; i++) {
            if (!first) putchar(',');
            json_str(keys[i]);
            printf(":[%llu,%llu]", (unsigned long long)rk_get(s, keys[i], 0), (unsigned long long)rk_get(s, keys[i], 1));
            first = 0;
        }
        printf("},\"missing\":[");
        first = 1;
        for (size_t i = 0; i < nk; i++)
            if (rk_get(s, keys[i], 1) && !rk_get(s, keys[i], 0)) { if (!first) putchar(','); json_str(keys[i]); first = 0; }
        printf("]}\n");
    } else {
        printf("inputs: %llu files, %llu cases, %llu decoded, %llu not invalid; %zu pairs reached\n",
               (unsigned long long)s->files[0], (unsigned long long)s->cases[0], (unsigned long long)s->decoded[0],
               (unsigned long long)s->valid[0], n_in);
        if (nvec)
            printf("vectors: %llu files, %llu tests, %llu not invalid; %zu pairs; %zu of them not reached by the inputs\n",
                   (unsigned long long)s->files[1], (unsigned long long)s->cases[1], (unsigned long long)s->valid[1],
                   n_vec, n_miss);
        printf("dependent pairs: %u pairs, %u combinations; reached by the inputs %zu", s->dp ? s->dp->n : 0, dep_total,
               dep_in);
        if (nvec) printf(", by the vectors %zu", dep_vec);
        printf("\n");
        if (all) {
            printf("%-56s %10s %10s\n", "pair", "inputs", "vectors");
            for (size_t i = 0; i < nk; i++)
                printf("%-56s %10llu %10llu\n", keys[i], (unsigned long long)rk_get(s, keys[i], 0),
                       (unsigned long long)rk_get(s, keys[i], 1));
        }
        if (nvec && n_miss) {
            printf("in the vectors, not reached:\n");
            for (size_t i = 0; i < nk; i++)
                if (rk_get(s, keys[i], 1) && !rk_get(s, keys[i], 0)) printf("  %s\n", keys[i]);
        }
        printf("atomic ops and LSC sub-ops reached: %u/%u", nreq_ok, nreq);
        if (nreq_ok < nreq) {
            printf("; missing:");
            for (unsigned i = 0; i < nreq; i++)
                if (!rk_get(s, req[i], 0)) printf(" %s", req[i]);
        }
        printf("\n");
    }
    fflush(stdout);
    free(keys);
    if (require && nreq_ok < nreq) rc = VO_EXIT_FAIL;
out:
    for (size_t i = 0; i < s->cap; i++) free(s->e[i].key);
    free(s->e);
    free(s->dp);
    free(s);
    return rc;
}
