/* visa-oracle cov: clause coverage of a vector set.
 *
 *   visa-oracle cov [--json] VECTORS...
 *
 * VECTORS are vector files or directories (every *.json and *.json.gz directly inside,
 * sorted by name). Each test's input is re-run through vo_run; the clause
 * bits of the results (visa_oracle.h VO_CLAUSES: every semantic decision
 * point of the validator and executor) are counted per clause. Prints a line
 * per clause with the number of tests that exercise it, then the missing
 * clauses. Exit 0 when every clause is covered, 1 when some are missing,
 * 2 on unreadable or malformed input. */
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
#include "visa_json.h"

typedef struct {
    uint64_t files, tests;
    uint64_t count[VO_C_COUNT];
} cov_acc;

static void cov_usage(FILE *f)
{
    fprintf(f,
            "usage: visa-oracle cov [--json] VECTORS...\n"
            "\n"
            "Re-runs every test of the given vector files (or directories of *.json\n"
            "files, plain or gzip) and reports, for each spec clause id, how many tests exercise it,\n"
            "then the clauses no test reaches. Exit 0 when all %u clauses are covered,\n"
            "1 when some are missing, 2 on bad input.\n",
            (unsigned)VO_C_COUNT);
}

/* the same reader as check and explain (dut_transport.c, json.c): one file
 * in memory at a time, gzip too, the same strictness and messages */
static int cov_file(const char *path, cov_acc *acc)
{
    char err[512];
    vo_testset ts;
    if (vo_testset_load(&ts, path, err, sizeof err) != 0) return cli_fail(VO_EXIT_BAD, "cov: %s", err);
    if (!ts.is_vectors || (strcmp(ts.format, VO_VECTOR_FORMAT) != 0 && strcmp(ts.format, VO_VECTOR_FORMAT_2) != 0)) {
        vo_testset_free(&ts);
        return cli_fail(VO_EXIT_BAD, "cov: %s is not a %s or /2 file (format, tests[])", path, VO_VECTOR_FORMAT);
    }
    vo_case c;
    vo_result r;
    vo_case_init(&c);
    vo_result_init(&r);
    int rc = VO_EXIT_OK;
    for (size_t idx = 0; idx < ts.n; idx++) {
        const vo_testref *t = &ts.t[idx];
        vo_error e;
        memset(&e, 0, sizeof e);
        if (vo_case_from_json(t->input, t->input_len, &c, &e) != 0) {
            rc = cli_fail(VO_EXIT_BAD, "cov: %s tests[%zu]%s%s: %s at %s (offset %lld): %s", path, idx,
                          t->id[0] ? " id " : "", t->id, vo_errcode_name(e.code), e.field ? e.field : "-",
                          (long long)e.offset, e.message);
            break;
        }
        vo_run(&c.state, c.insn, c.insn_len, &r);
        acc->tests++;
        for (unsigned k = 0; k < VO_C_COUNT; k++)
            if (r.clauses[k >> 6] >> (k & 63) & 1) acc->count[k]++;
    }
    vo_result_free(&r);
    vo_case_free(&c);
    vo_testset_free(&ts);
    acc->files++;
    return rc;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int cov_path(const char *path, cov_acc *acc)
{
    struct stat sb;
    if (stat(path, &sb) != 0) return cli_fail(VO_EXIT_BAD, "cov: cannot read %s: %s", path, strerror(errno));
    if (!S_ISDIR(sb.st_mode)) return cov_file(path, acc);
    DIR *d = opendir(path);
    if (!d) return cli_fail(VO_EXIT_BAD, "cov: cannot open %s: %s", path, strerror(errno));
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    int rc = VO_EXIT_OK;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        int js = l >= 6 && strcmp(de->d_name + l - 5, ".json") == 0;
        int gz = l >= 9 && strcmp(de->d_name + l - 8, ".json.gz") == 0;
        if (!(js || gz) || de->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn) { rc = cli_fail(VO_EXIT_FAIL, "out of memory"); break; }
            names = nn;
        }
        size_t pl = strlen(path) + l + 2;
        names[n] = malloc(pl);
        if (!names[n]) { rc = cli_fail(VO_EXIT_FAIL, "out of memory"); break; }
        snprintf(names[n], pl, "%s/%s", path, de->d_name);
        n++;
    }
    closedir(d);
    if (rc == VO_EXIT_OK && n) qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n && rc == VO_EXIT_OK; i++) rc = cov_file(names[i], acc);
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    if (rc == VO_EXIT_OK && n == 0) rc = cli_fail(VO_EXIT_BAD, "cov: no *.json or *.json.gz files in %s", path);
    return rc;
}

enum { OPT_JSON = 256 };
static const struct option cov_opts[] = {
    { "json", no_argument, NULL, OPT_JSON },
    { NULL, 0, NULL, 0 },
};

int cmd_cov(int argc, char **argv)
{
    int json = 0;
    cli_getopt g;
    cli_getopt_init(&g, "cov", argc, argv, cov_opts);
    for (int c; (c = cli_getopt_next(&g)) != -1;) {
        switch (c) {
        case CLI_OPT_HELP: cov_usage(stdout); return VO_EXIT_OK;
        case OPT_JSON: json = 1; break;
        default: return VO_EXIT_BAD;
        }
    }
    if (g.first_operand >= argc) return cli_fail(VO_EXIT_BAD, "cov: give vector files or directories (try --help)");
    cov_acc *acc = calloc(1, sizeof *acc);
    if (!acc) return cli_fail(VO_EXIT_FAIL, "out of memory");
    for (int i = g.first_operand; i < argc; i++) {
        int rc = cov_path(argv[i], acc);
        if (rc != VO_EXIT_OK) { free(acc); return rc; }
    }
    unsigned covered = 0;
    for (unsigned k = 0; k < VO_C_COUNT; k++) covered += acc->count[k] != 0;
    if (json) {
        printf("{\"files\":%llu,\"tests\":%llu,\"covered\":%u,\"total\":%u,\"clauses\":{",
               (unsigned long long)acc->files, (unsigned long long)acc->tests, covered, (unsigned)VO_C_COUNT);
        for (unsigned k = 0; k < VO_C_COUNT; k++)
            printf("%s\"%s\":%llu", k ? "," : "", vo_clause_name(k), (unsigned long long)acc->count[k]);
        printf("},\"missing\":[");
        int first = 1;
        for (unsigned k = 0; k < VO_C_COUNT; k++)
            if (!acc->count[k]) { printf("%s\"%s\"", first ? "" : ",", vo_clause_name(k)); first = 0; }
        printf("]}\n");
    } else {
        printf("%-34s %10s\n", "clause", "tests");
        for (unsigned k = 0; k < VO_C_COUNT; k++)
            printf("%-34s %10llu%s\n", vo_clause_name(k), (unsigned long long)acc->count[k],
                   acc->count[k] ? "" : "   MISSING");
        printf("covered %u/%u clauses over %llu tests in %llu file%s\n", covered, (unsigned)VO_C_COUNT,
               (unsigned long long)acc->tests, (unsigned long long)acc->files, acc->files == 1 ? "" : "s");
        printf("missing:");
        if (covered == VO_C_COUNT) printf(" (none)");
        for (unsigned k = 0; k < VO_C_COUNT; k++)
            if (!acc->count[k]) printf(" %s", vo_clause_name(k));
        printf("\n");
    }
    fflush(stdout);
    int all = covered == VO_C_COUNT;
    free(acc);
    return all ? VO_EXIT_OK : VO_EXIT_FAIL;
}
