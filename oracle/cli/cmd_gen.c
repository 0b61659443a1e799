/* visa-oracle gen: conformance vector files (docs/format.md).
 *
 *   visa-oracle gen --insn NAME|all [--seed N] [--count N] [--shard i/n]
 *                   [--out DIR] [--per-file N] [--strict] [--bench] [--quiet]
 *
 * Writes DIR/<instruction>.json, or DIR/<instruction>-NN.json when the tests
 * do not fit one file (--per-file tests each, default 1000). Test k of an
 * instruction depends only on (seed, instruction, k) (oracle/tools/gen.c);
 * file NN holds tests [(NN-1)*per_file, NN*per_file). With --shard i/n only
 * the tests with k mod n == i are produced, into files named
 * <instruction>[-NN].shard-i-of-n.json: the shards are disjoint and together
 * hold exactly the tests of the unsharded run. An instruction's files are
 * written as a set under DIR's lock (fileset_* and gen_lock below).
 *
 * --strict: fail (exit 1) when the oracle's status/error differs from what
 * the generator built a special case for (a generator or core bug).
 * --bench: generate in memory only, print tests/s and the time of cJSON
 * parse+print of the same text (the ratio the issue asks for). */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "progress.h"
#include "visa_gen.h"
#include "visa_json.h"

#define VO_SPEC_STRING "intel-graphics-compiler documentation/visa @98fff716"
#define VO_VECTOR_FORMAT_DIGIT_AT (sizeof("{\"format\":\"" VO_VECTOR_FORMAT) - 2) /* the "1" (cli.h) */
#define GEN_PER_FILE_DEFAULT 1000u
#define MAX_SAFE_JSON_INT 9007199254740991ull /* 2^53 - 1 */

typedef struct { char *p; size_t n, cap; int oom, v2; } sbuf;
static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->n + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 1 << 16;
        while (nc < b->n + n + 1) nc *= 2;
        char *q = realloc(b->p, nc);
        if (!q) { b->oom = 1; return; }
        b->p = q;
        b->cap = nc;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}
static void sb_str(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* one core: CPU time of this process */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+') return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end) return -1;
    *out = v;
    return 0;
}

static void gen_usage(FILE *f)
{
    fprintf(f,
            "usage: visa-oracle gen --insn NAME|all [--seed N] [--count N] [--shard i/n]\n"
            "                       [--out DIR] [--per-file N] [--strict] [--bench] [--quiet]\n"
            "\n"
            "Writes the conformance vectors of instruction NAME (either case; 'all' = every\n"
            "instruction below that has a default count) into DIR (--out, default\n"
            "'vectors', created if missing), at most --per-file P tests a file (default\n"
            "%u), named with the lower-case instruction name <insn>:\n"
            "  DIR/<insn>.json             when all its tests fit one file (also --count 0)\n"
            "  DIR/<insn>-NN.json          otherwise, NN = 01, 02, ... (3 digits past 99);\n"
            "                              file NN holds tests (NN-1)*P .. NN*P-1\n"
            "  DIR/<insn>.shard-i-of-n.json, DIR/<insn>-NN.shard-i-of-n.json\n"
            "                              with --shard i/n: the same split, keeping the\n"
            "                              tests k with k mod n == i\n"
            "e.g. `gen --insn SCATTER --count 3 --per-file 2 --shard 1/2` writes\n"
            "vectors/scatter-01.shard-1-of-2.json and vectors/scatter-02.shard-1-of-2.json.\n"
            "An instruction's files are written as a set: all under temporary names,\n"
            "then renamed; then the files of that instruction in gen's naming that the\n"
            "run did not write (an earlier run's extra chunks, its unsharded files, its\n"
            "shards of another n; shards j/n of the same n stay) are removed.\n"
            "DIR/.visa-oracle-gen.lock keeps a second gen out of DIR while one runs (it\n"
            "fails at once, exit 1). Other files in DIR are left alone. Deterministic\n"
            "from (seed, instruction, count); --count defaults to the instruction's\n"
            "systematic part plus a random part.\n"
            "--strict fails when an invalid/undefined case built on purpose does not come\n"
            "out as intended. --bench writes no file: it generates in memory and prints\n"
            "tests/s and the time cJSON takes to parse and print the same text.\n"
            "Options take their value as --opt VALUE or --opt=VALUE.\n"
            "On a terminal a progress line (tests done/total, tests/s) is redrawn on\n"
            "stderr a few times a second; VO_PROGRESS=1 or 0 forces it on or off.\n"
            "\ninstructions:",
            GEN_PER_FILE_DEFAULT);
    for (unsigned i = 0; vo_desc_at(i); i++) fprintf(f, " %s", vo_desc_at(i)->mnemonic);
    fprintf(f, "\nLSC_UNTYPED sub-op groups (one file set each; a sub-op's name selects its group):");
    for (unsigned g = 0; g < vo_gen_group_count(); g++) fprintf(f, " %s", vo_gen_group_name(g));
    fprintf(f, "\n");
}

typedef struct {
    uint64_t seed, count;
    int count_set;
    uint64_t shard_i, shard_n;
    const char *out;
    uint64_t per_file;
    int strict, bench, quiet;
} gen_opts;

typedef struct {
    uint64_t tests, ok, invalid, undefined, strict_bad, files, bytes, removed;
    double t_gen, t_build, t_run, t_json, t_cjson;
    int cjson_bad;
} gen_stats;

/* what one set of files holds: the tests of one instruction (opcode), or of
 * one group of LSC_UNTYPED sub-ops (group >= 0, visa_gen.h) */
typedef struct { const char *mnemonic; uint8_t opcode; int group; } gen_unit;
static uint64_t unit_default_count(const gen_unit *u)
{
    return u->group >= 0 ? vo_gen_group_default_count((unsigned)u->group) : vo_gen_default_count(u->opcode);
}
static uint64_t unit_systematic_count(const gen_unit *u)
{
    return u->group >= 0 ? vo_gen_group_systematic_count((unsigned)u->group) : vo_gen_systematic_count(u->opcode);
}

static void file_header(sbuf *b, const gen_unit *d, const gen_opts *o, uint64_t count)
{
    char tmp[512];
    snprintf(tmp, sizeof tmp,
             "{\"format\":\"" VO_VECTOR_FORMAT "\",\"instruction\":\"%s\",\"generator\":{\"name\":\"visa-oracle\","
             "\"version\":\"%s\",\"seed\":%llu,\"count\":%llu",
             d->mnemonic, VO_VERSION_STRING, (unsigned long long)o->seed, (unsigned long long)count);
    sb_str(b, tmp);
    if (o->shard_n > 1) {
        snprintf(tmp, sizeof tmp, ",\"shard\":\"%llu/%llu\"", (unsigned long long)o->shard_i,
                 (unsigned long long)o->shard_n);
        sb_str(b, tmp);
    }
    sb_str(b, "},\"spec\":\"" VO_SPEC_STRING "\",\"tests\":[");
}

/* one test line; returns 0, -1 out of memory */
/* r[0]: the test's result, r[1]: scratch for reading B (D346) */
static int gen_one(const gen_unit *d, const gen_opts *o, uint64_t k, vo_case *c, vo_result *r, sbuf *b,
                   int first, gen_stats *st)
{
    vo_gen_info info;
    double t0 = o->bench ? now_s() : 0;
    if ((d->group >= 0 ? vo_gen_group_case((unsigned)d->group, o->seed, k, c, &info)
                       : vo_gen_case(d->opcode, o->seed, k, c, &info)) != 0)
        return -1;
    double t1 = o->bench ? now_s() : 0;
    vo_state_sort(&c->state); /* the order the JSON writes and every reader sees: a freedom's region index is into it */
    vo_run(&c->state, c->insn, c->insn_len, r);
    if (c->state.nregions || c->state.nbt || c->state.nss || c->state.ntyped) b->v2 = 1; /* visa-vectors/2 */
    double t2 = o->bench ? now_s() : 0;
    char *t = vo_test_to_json(c, r, NULL);
    if (!t) return -1;
    char *alt = cli_alt_json(c, r, r + 1); /* D346: r[1] is reading B's scratch */
    if (!alt) { free(t); return -1; }
    if (alt[0]) { /* the test object's last "}" follows "alt" (docs/vectors.md) */
        size_t tl = strlen(t), al = strlen(alt);
        char *nt = realloc(t, tl + al + 1);
        if (!nt) { free(t); free(alt); return -1; }
        t = nt;
        memcpy(t + tl - 1, alt, al);
        memcpy(t + tl - 1 + al, "}", 2);
    }
    free(alt);
    if (o->bench) {
        double t3 = now_s();
        st->t_build += t1 - t0;
        st->t_run += t2 - t1;
        st->t_json += t3 - t2;
    }
    sb_str(b, first ? "\n" : ",\n");
    sb_str(b, t);
    free(t);
    st->tests++;
    if (r->status == VO_OK) st->ok++;
    else if (r->status == VO_INVALID) st->invalid++;
    else st->undefined++;
    if (o->strict) {
        int bad;
        if (info.want_status >= 0)
            bad = (int)r->status != info.want_status ||
                  (info.want_code >= 0 && (int)r->err.code != info.want_code);
        else
            bad = r->status == VO_INVALID; /* built as a valid case */
        if (bad) {
            if (st->strict_bad < 20)
                fprintf(stderr, "visa-oracle: gen --strict: %s test %llu: wanted %s/%s, got %s/%s (%s) -- %s\n",
                        d->mnemonic, (unsigned long long)k,
                        info.want_status >= 0 ? vo_status_name((vo_status)info.want_status) : "not-invalid",
                        info.want_code >= 0 ? vo_errcode_name((vo_errcode)info.want_code) : "-",
                        vo_status_name(r->status), vo_errcode_name(r->err.code), r->err.message, c->comment);
            st->strict_bad++;
        }
    }
    return b->oom ? -1 : 0;
}

static int cjson_baseline(const char *text, size_t n, double *secs);

/* the run's progress line (progress.h): tests done over the whole run */
static vo_progress gen_pg;
static uint64_t gen_done;

/* tests of one instruction this run makes (with --shard: its share) */
static uint64_t gen_share(uint64_t count, const gen_opts *o)
{
    if (o->shard_n <= 1) return count;
    return count > o->shard_i ? (count - o->shard_i + o->shard_n - 1) / o->shard_n : 0;
}

/* ---- a run's files as a set (issue 17) ----
 * All files of one instruction are written under temporary names first and
 * renamed only when every one of them is complete; then the files of the same
 * instruction that this run did not write (an earlier run's extra chunks, an
 * unsharded file beside shards or the reverse) are removed, so `check
 * DIR/<all>.json` never runs a test twice or a mix of seeds. DIR/.visa-oracle-gen.lock
 * (flock) keeps two runs out of one directory; it is removed at the end. */
typedef struct { char **names, **tmps; size_t n, cap; } fileset;

static void fileset_drop(fileset *fs, int unlink_tmps)
{
    for (size_t i = 0; i < fs->n; i++) {
        if (unlink_tmps && fs->tmps[i]) unlink(fs->tmps[i]);
        free(fs->names[i]);
        free(fs->tmps[i]);
    }
    free(fs->names);
    free(fs->tmps);
    memset(fs, 0, sizeof *fs);
}

/* writes data to a temporary name beside name and records both; 0 or -1 (errno) */
static int fileset_write(fileset *fs, const char *name, const char *data, size_t len)
{
    if (fs->n == fs->cap) {
        size_t nc = fs->cap ? fs->cap * 2 : 16;
        char **a = realloc(fs->names, nc * sizeof *a);
        if (!a) return errno = ENOMEM, -1;
        fs->names = a;
        char **b = realloc(fs->tmps, nc * sizeof *b);
        if (!b) return errno = ENOMEM, -1;
        fs->tmps = b;
        fs->cap = nc;
    }
    size_t nl = strlen(name) + 40;
    char *tmp = malloc(nl), *nm = strdup(name);
    if (!tmp || !nm) { free(tmp); free(nm); return errno = ENOMEM, -1; }
    snprintf(tmp, nl, "%s.tmp.%ld", name, (long)getpid());
    cli_clean_stale_tmps(name); /* D239 */
    fs->names[fs->n] = nm;
    fs->tmps[fs->n] = tmp;
    fs->n++;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return -1;
    int e = cli_write_fd_sync(fd, data, len);
    if (e) return errno = e, -1;
    return 0;
}

/* 1 when base (a file name in DIR) is one of gen's names for instruction m:
 * m[-NN][.shard-i-of-n].json; *shard_i, *shard_n get i and n (0, 0 unsharded) */
static int gen_name_of(const char *base, const char *m, unsigned long long *shard_i, unsigned long long *shard_n)
{
    size_t ml = strlen(m);
    if (strncmp(base, m, ml) != 0) return 0;
    const char *p = base + ml;
    if (*p == '-') {
        const char *q = ++p;
        while (*p >= '0' && *p <= '9') p++;
        if (p - q < 2) return 0;
    }
    *shard_n = 0;
    *shard_i = 0;
    if (strncmp(p, ".shard-", 7) == 0) {
        unsigned long long i = 0, n = 0;
        int used = 0;
        if (sscanf(p, ".shard-%llu-of-%llu%n", &i, &n, &used) != 2 || used <= 0) return 0;
        p += used;
        *shard_n = n;
        *shard_i = i;
    }
    return strcmp(p, ".json") == 0;
}

/* renames the set into place, then removes the instruction's files the run
 * did not write (the other shards i of the same n are kept: with this one
 * they make the set) */
static int fileset_commit(fileset *fs, const char *dir, const char *m, uint64_t shard_i, uint64_t shard_n,
                          int *removed, const char **bad)
{
    for (size_t i = 0; i < fs->n; i++) { /* every target replaceable before the first rename */
        struct stat st;
        if (lstat(fs->names[i], &st) == 0 && !S_ISREG(st.st_mode)) {
            *bad = fs->names[i];
            return errno = EEXIST, -1;
        }
    }
    for (size_t i = 0; i < fs->n; i++) {
        if (rename(fs->tmps[i], fs->names[i]) != 0) return *bad = fs->names[i], -1;
        free(fs->tmps[i]);
        fs->tmps[i] = NULL;
    }
    DIR *dd = opendir(dir);
    if (!dd) return -1;
    struct dirent *de;
    int e = 0;
    while ((de = readdir(dd))) {
        unsigned long long i = 0, n = 0;
        if (!gen_name_of(de->d_name, m, &i, &n)) continue;
        if (shard_n > 1 && n == shard_n && i != shard_i) continue;
        int ours = 0;
        size_t dl = strlen(dir);
        for (size_t k = 0; k < fs->n && !ours; k++)
            ours = strncmp(fs->names[k], dir, dl) == 0 && fs->names[k][dl] == '/' &&
                   strcmp(fs->names[k] + dl + 1, de->d_name) == 0;
        if (ours) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if (unlink(path) != 0) e = errno;
        else (*removed)++;
    }
    closedir(dd);
    if (e) return errno = e, -1;
    return 0;
}

#define GEN_LOCK_NAME ".visa-oracle-gen.lock"
/* takes DIR's lock; the fd, or -1 with a message printed (exit status in *rc) */
static int gen_lock(const char *dir, int *rc)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/" GEN_LOCK_NAME, dir);
    for (int tries = 0; tries < 100; tries++) {
        int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) {
            *rc = cli_fail(VO_EXIT_FAIL, "gen: cannot create the lock %s: %s", path, strerror(errno));
            return -1;
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int e = errno;
            close(fd);
            *rc = e == EWOULDBLOCK ? cli_fail(VO_EXIT_FAIL, "gen: another gen run is writing %s (it holds %s); "
                                              "wait for it or use another --out", dir, path)
                                   : cli_fail(VO_EXIT_FAIL, "gen: cannot lock %s: %s", path, strerror(e));
            return -1;
        }
        struct stat a, b; /* the lock file may have been removed by its last holder: take the live one */
        if (fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev) return fd;
        close(fd);
    }
    *rc = cli_fail(VO_EXIT_FAIL, "gen: cannot lock %s", path);
    return -1;
}

static void gen_unlock(const char *dir, int fd)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/" GEN_LOCK_NAME, dir);
    unlink(path);
    close(fd);
}

static int gen_insn(const gen_unit *d, const gen_opts *o, gen_stats *st)
{
    fileset fs = { 0 };
    int removed = 0;
    uint64_t count = o->count_set ? o->count : unit_default_count(d);
    uint64_t nfiles = count ? (count + o->per_file - 1) / o->per_file : 1;
    vo_case c;
    vo_result r[2]; /* reading A, reading B (D346) */
    vo_case_init(&c);
    vo_result_init(&r[0]);
    vo_result_init(&r[1]);
    int rc = VO_EXIT_OK;
    for (uint64_t f = 0; f < nfiles && rc == VO_EXIT_OK; f++) {
        sbuf b = { 0 };
        sbuf *out = &b;
        file_header(out, d, o, count);
        uint64_t lo = f * o->per_file, hi = lo + o->per_file < count ? lo + o->per_file : count;
        uint64_t k0 = lo;
        if (o->shard_n > 1) k0 = lo + (o->shard_i + o->shard_n - lo % o->shard_n) % o->shard_n;
        int first = 1;
        double t0 = now_s();
        for (uint64_t k = k0; k < hi; k += o->shard_n) {
            if (gen_one(d, o, k, &c, r, out, first, st) != 0) { rc = cli_fail(VO_EXIT_FAIL, "out of memory"); break; }
            first = 0;
            vo_progress_tick(&gen_pg, ++gen_done, 0);
        }
        st->t_gen += now_s() - t0;
        sb_str(out, first ? "]}\n" : "\n]}\n");
        if (out->v2 && !out->oom && out->n > VO_VECTOR_FORMAT_DIGIT_AT) out->p[VO_VECTOR_FORMAT_DIGIT_AT] = '2';
        if (out->oom) rc = cli_fail(VO_EXIT_FAIL, "out of memory");
        st->bytes += out->n;
        if (o->bench && rc == VO_EXIT_OK) { /* baseline: cJSON parse + print of this file's text */
            double tj = 0;
            if (cjson_baseline(b.p, b.n, &tj) != 0) st->cjson_bad = 1;
            st->t_cjson += tj;
        }
        if (!o->bench && rc == VO_EXIT_OK) {
            char name[4096], suffix[64] = "";
            if (o->shard_n > 1)
                snprintf(suffix, sizeof suffix, ".shard-%llu-of-%llu", (unsigned long long)o->shard_i,
                         (unsigned long long)o->shard_n);
            if (nfiles == 1) snprintf(name, sizeof name, "%s/%s%s.json", o->out, d->mnemonic, suffix);
            else snprintf(name, sizeof name, "%s/%s-%02llu%s.json", o->out, d->mnemonic, (unsigned long long)f + 1, suffix);
            if (fileset_write(&fs, name, b.p ? b.p : "", b.n) != 0)
                rc = cli_fail(VO_EXIT_FAIL, "gen: cannot write %s: %s (no file of %s was changed)", name,
                              strerror(errno), d->mnemonic);
            st->files++;
        }
        free(b.p);
    }
    const char *bad = NULL;
    if (!o->bench && rc == VO_EXIT_OK &&
        fileset_commit(&fs, o->out, d->mnemonic, o->shard_i, o->shard_n, &removed, &bad) != 0)
        rc = errno == EEXIST && bad
                 ? cli_fail(VO_EXIT_FAIL, "gen: cannot put the files of %s in place: %s exists and is not a regular "
                            "file (no file of %s was changed)", d->mnemonic, bad, d->mnemonic)
                 : cli_fail(VO_EXIT_FAIL, "gen: cannot put the files of %s in place (%s): %s", d->mnemonic,
                            bad ? bad : o->out, strerror(errno));
    st->removed = (uint64_t)removed;
    fileset_drop(&fs, 1);
    vo_result_free(&r[0]);
    vo_result_free(&r[1]);
    vo_case_free(&c);
    return rc;
}

/* cJSON parse + print of the same text (the bench baseline) */
static int cjson_baseline(const char *text, size_t n, double *secs)
{
    double t0 = now_s();
    cJSON *j = cJSON_ParseWithLength(text, n);
    if (!j) return -1;
    char *t = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    if (!t) return -1;
    free(t);
    *secs = now_s() - t0;
    return 0;
}

enum { OPT_INSN = 256, OPT_SEED, OPT_COUNT, OPT_PER_FILE, OPT_SHARD, OPT_OUT, OPT_STRICT, OPT_BENCH, OPT_QUIET };
static const struct option gen_opts_table[] = {
    { "insn", required_argument, NULL, OPT_INSN },
    { "seed", required_argument, NULL, OPT_SEED },
    { "count", required_argument, NULL, OPT_COUNT },
    { "per-file", required_argument, NULL, OPT_PER_FILE },
    { "shard", required_argument, NULL, OPT_SHARD },
    { "out", required_argument, NULL, OPT_OUT },
    { "strict", no_argument, NULL, OPT_STRICT },
    { "bench", no_argument, NULL, OPT_BENCH },
    { "quiet", no_argument, NULL, OPT_QUIET },
    { NULL, 0, NULL, 0 },
};

int cmd_gen(int argc, char **argv)
{
    gen_opts o = { VO_GEN_DEFAULT_SEED, 0, 0, 0, 1, "vectors", GEN_PER_FILE_DEFAULT, 0, 0, 0 };
    const char *insn = NULL;
    cli_getopt g;
    cli_getopt_init(&g, "gen", argc, argv, gen_opts_table);
    for (int c; (c = cli_getopt_next(&g)) != -1;) {
        const char *v = g.arg;
        switch (c) {
        case CLI_OPT_HELP: gen_usage(stdout); return VO_EXIT_OK;
        case OPT_INSN: insn = v; break;
        case OPT_SEED:
            if (parse_u64(v, &o.seed) || o.seed > MAX_SAFE_JSON_INT)
                return cli_fail(VO_EXIT_BAD, "gen: --seed wants an integer 0..2^53-1, got '%s'", v);
            break;
        case OPT_COUNT:
            if (parse_u64(v, &o.count) || o.count > 100000000ull)
                return cli_fail(VO_EXIT_BAD, "gen: --count wants an integer 0..100000000, got '%s'", v);
            o.count_set = 1;
            break;
        case OPT_PER_FILE:
            if (parse_u64(v, &o.per_file) || o.per_file == 0)
                return cli_fail(VO_EXIT_BAD, "gen: --per-file wants a positive integer, got '%s'", v);
            break;
        case OPT_SHARD: {
            char tmp[64];
            snprintf(tmp, sizeof tmp, "%s", v);
            char *slash = strchr(tmp, '/');
            if (!slash) return cli_fail(VO_EXIT_BAD, "gen: --shard wants i/n, got '%s'", v);
            *slash = 0;
            if (parse_u64(tmp, &o.shard_i) || parse_u64(slash + 1, &o.shard_n) || o.shard_n == 0 ||
                o.shard_n > 1000000 || o.shard_i >= o.shard_n)
                return cli_fail(VO_EXIT_BAD, "gen: --shard wants i/n with 0 <= i < n, got '%s'", v);
            break;
        }
        case OPT_OUT: o.out = v; break;
        case OPT_STRICT: o.strict = 1; break;
        case OPT_BENCH: o.bench = 1; break;
        case OPT_QUIET: o.quiet = 1; break;
        default: return VO_EXIT_BAD;
        }
    }
    if (g.first_operand < argc)
        return cli_fail(VO_EXIT_BAD, "gen: unexpected argument '%s' (try 'visa-oracle gen --help')", argv[g.first_operand]);
    if (!insn) return cli_fail(VO_EXIT_BAD, "gen: --insn NAME|all is required (try --help)");
    gen_unit list[96];
    unsigned nl = 0;
    int all = strcasecmp(insn, "all") == 0;
    const vo_desc *named = cli_insn_by_name(insn);
    int named_group = named && named->has_subop ? vo_gen_group_of(named->opcode, named->subop) : -1;
    for (unsigned i = 0; vo_desc_at(i) && nl < 64; i++) {
        const vo_desc *d = vo_desc_at(i);
        if (d->has_subop) continue; /* LSC_UNTYPED: by group, below */
        if ((all && vo_gen_default_count(d->opcode)) || d == named)
            list[nl++] = (gen_unit){ d->mnemonic, d->opcode, -1 };
    }
    for (unsigned gi = 0; gi < vo_gen_group_count() && nl < 96; gi++) /* a sub-op's name selects its group */
        if (all || (int)gi == named_group || strcasecmp(insn, vo_gen_group_name(gi)) == 0)
            list[nl++] = (gen_unit){ vo_gen_group_name(gi), 0, (int)gi }; /* opcode unused for a group */
    if (!nl) return cli_fail(VO_EXIT_BAD, "gen: unknown instruction '%s' (try --help)", insn);
    if (!o.bench) {
        struct stat sb;
        if (stat(o.out, &sb) != 0) {
            if (mkdir(o.out, 0777) != 0 && errno != EEXIST)
                return cli_fail(VO_EXIT_FAIL, "cannot create %s: %s", o.out, strerror(errno));
        } else if (!S_ISDIR(sb.st_mode))
            return cli_fail(VO_EXIT_BAD, "--out %s is not a directory", o.out);
    }
    int lock_fd = -1, rc = VO_EXIT_OK;
    if (!o.bench && (lock_fd = gen_lock(o.out, &rc)) < 0) return rc;
    gen_stats total = { 0 };
    uint64_t all_tests = 0;
    for (unsigned i = 0; i < nl; i++)
        all_tests += gen_share(o.count_set ? o.count : unit_default_count(&list[i]), &o);
    gen_done = 0;
    vo_progress_init(&gen_pg, "gen", all_tests, 0);
    for (unsigned i = 0; i < nl && rc == VO_EXIT_OK; i++) {
        gen_stats st = { 0 };
        rc = gen_insn(&list[i], &o, &st);
        vo_progress_clear(&gen_pg);
        if (!o.quiet && !o.bench && rc == VO_EXIT_OK) { /* a summary only for files really written */
            printf("%s: %llu tests (ok %llu, invalid %llu, undefined %llu) in %llu file%s, %llu systematic",
                   list[i].mnemonic, (unsigned long long)st.tests, (unsigned long long)st.ok,
                   (unsigned long long)st.invalid, (unsigned long long)st.undefined, (unsigned long long)st.files,
                   st.files == 1 ? "" : "s", (unsigned long long)unit_systematic_count(&list[i]));
            if (st.removed) printf("; %llu stale file%s of %s removed", (unsigned long long)st.removed,
                                   st.removed == 1 ? "" : "s", list[i].mnemonic);
            printf("\n");
        }
        total.tests += st.tests;
        total.strict_bad += st.strict_bad;
        total.t_gen += st.t_gen;
        total.t_build += st.t_build;
        total.t_run += st.t_run;
        total.t_json += st.t_json;
        total.t_cjson += st.t_cjson;
        total.cjson_bad |= st.cjson_bad;
        total.bytes += st.bytes;
    }
    if (rc == VO_EXIT_OK) vo_progress_end(&gen_pg);
    if (lock_fd >= 0) gen_unlock(o.out, lock_fd);
    if (rc == VO_EXIT_OK && o.bench) {
        double tj = total.t_cjson;
        if (total.cjson_bad) rc = cli_fail(VO_EXIT_FAIL, "bench: cJSON could not parse the text");
        else {
            double rate = total.t_gen > 0 ? (double)total.tests / total.t_gen : 0;
            double jrate = tj > 0 ? (double)total.tests / tj : 0;
            printf("gen: %llu tests, %.1f MB in %.3f s: %.0f tests/s (build + run + JSON, one core)\n",
                   (unsigned long long)total.tests, (double)total.bytes / 1e6, total.t_gen, rate);
            printf("  of which: build cases %.3f s, vo_run %.3f s, vo_test_to_json %.3f s\n", total.t_build,
                   total.t_run, total.t_json);
            printf("cJSON parse+print of the same text: %.3f s: %.0f tests/s\n", tj, jrate);
            printf("ratio gen time / cJSON parse+print time: %.2f\n", tj > 0 ? total.t_gen / tj : 0);
        }
    }
    if (rc == VO_EXIT_OK && o.strict && total.strict_bad) {
        return cli_fail(VO_EXIT_FAIL, "gen --strict: %llu case(s) did not come out as built",
                        (unsigned long long)total.strict_bad);
    }
    return rc;
}
