/* visa-oracle merge [--json] REPORT.json...
 * Joins the --json reports of `check --shard i/n` runs (issue 18) into the
 * summary (and --json records) one unsharded run of the same vector set
 * gives. Every report must come from the same set ("set", "tests"), the
 * shards 0..n-1 must each be there exactly once, no test may be in two, and
 * each report must be whole (its records match its counts); otherwise one
 * line on stderr, exit 2, nothing on stdout. docs/check.md, "Shards". */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "shard_proof.h"

static const char merge_help[] =
    "usage: visa-oracle merge [--json] REPORT.json...\n"
    "\n"
    "Joins the --json reports of `visa-oracle check ... --shard i/n --json` runs\n"
    "(one per shard, any order) into the summary one unsharded run gives:\n"
    "`N passed, N failed` (`, N not run` when a shard stopped early); with --json\n"
    "the failing-test records of every shard, then the summary object of an\n"
    "unsharded run. Fails (exit 2, nothing written) when a shard is missing, two\n"
    "reports hold the same shard or the same test, the reports come from\n"
    "different vector sets, a report is cut short, or the reports do not prove\n"
    "their shards (\"ran_digest\", \"shards_digest\": docs/check.md, \"Shards\").\n"
    "Exit: 0 every test passed, 1 a test failed or was not run, 2 bad input.\n";

typedef struct buf { char *p; size_t n, cap; } buf;

static int put(buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 65536;
        while (nc < b->n + n + 1) nc *= 2;
        char *np = realloc(b->p, nc);
        if (!np) return -1;
        b->p = np;
        b->cap = nc;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
    return 0;
}

/* ids seen so far (open addressing) */
typedef struct idset { char (*id)[17]; size_t cap, n; } idset;

static int id_add(idset *s, const char *id)
{
    if ((s->n + 1) * 2 > s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 1024;
        char (*nt)[17] = calloc(nc, sizeof *nt);
        if (!nt) return -1;
        for (size_t i = 0; i < s->cap; i++)
            if (s->id[i][0]) {
                uint64_t h = 1469598103934665603ull;
                for (int k = 0; s->id[i][k]; k++) h = (h ^ (uint8_t)s->id[i][k]) * 1099511628211ull;
                size_t j = (size_t)h & (nc - 1);
                while (nt[j][0]) j = (j + 1) & (nc - 1);
                memcpy(nt[j], s->id[i], 17);
            }
        free(s->id);
        s->id = nt;
        s->cap = nc;
    }
    uint64_t h = 1469598103934665603ull;
    for (int k = 0; id[k] && k < 16; k++) h = (h ^ (uint8_t)id[k]) * 1099511628211ull;
    size_t j = (size_t)h & (s->cap - 1);
    while (s->id[j][0]) {
        if (!strncmp(s->id[j], id, 16)) return 1;
        j = (j + 1) & (s->cap - 1);
    }
    snprintf(s->id[j], 17, "%.16s", id);
    s->n++;
    return 0;
}

/* tests per bucket, recomputed from the records (failing and unsupported):
 * cli_btab, hashed, so merge is linear in the records (D245) */

/* D244: a raw NUL or a \u0000 escape in a line (a key or a string cJSON would
 * cut short: "passed\u0000x" read as "passed"): check never writes one */
static int has_nul(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!p[i]) return 1;
        if (p[i] != '\\' || i + 1 >= n) continue;
        if (p[i + 1] == 'u' && i + 5 < n && !memcmp(p + i + 2, "0000", 4)) return 1;
        i++; /* the escaped character */
    }
    return 0;
}

/* D244: n lower-case hex digits; *v gets the value of the first 16 */
static int hexstr(const cJSON *o, const char *k, size_t n, uint64_t *v)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, k);
    if (!cJSON_IsString(s) || strlen(s->valuestring) != n) return -1;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = s->valuestring[i];
        if ((ch < '0' || ch > '9') && (ch < 'a' || ch > 'f')) return -1;
        if (i < 16) x = x * 16 + (uint64_t)(ch <= '9' ? ch - '0' : ch - 'a' + 10);
    }
    if (v) *v = x;
    return 0;
}

static int put_jstr(buf *b, const char *s)
{
    int bad = put(b, "\"", 1);
    for (; *s && !bad; s++) {
        unsigned char ch = (unsigned char)*s;
        char t[8];
        if (ch == '"' || ch == '\\') bad = put(b, (char[]){ '\\', (char)ch }, 2);
        else if (ch < 32) bad = put(b, t, (size_t)snprintf(t, sizeof t, "\\u%04x", ch));
        else bad = put(b, (const char *)&ch, 1);
    }
    return bad ? -1 : put(b, "\"", 1);
}

/* the members of a {"<name>": N, ...} table (the braces are the caller's) */
static int put_counts(buf *b, const cli_btab *t)
{
    int bad = 0;
    char line[32];
    for (size_t i = 0; i < t->n; i++) {
        if (i) bad |= put(b, ",", 1);
        bad |= put_jstr(b, t->e[i].b);
        int k = snprintf(line, sizeof line, ":%zu", t->e[i].n);
        bad |= put(b, line, (size_t)k);
    }
    return bad;
}

static int num(const cJSON *o, const char *k, double *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 1e15) return -1;
    if (v->valuedouble != (double)(uint64_t)v->valuedouble) return -1; /* a count is whole (issue 30 point 8; D243) */
    *out = v->valuedouble;
    return 0;
}

enum { OPT_JSON = 256 };
static const struct option merge_opts[] = {
    { "json", no_argument, NULL, OPT_JSON },
    { NULL, 0, NULL, 0 },
};

int cmd_merge(int argc, char **argv)
{
    int json = 0;
    cli_getopt go;
    cli_getopt_init(&go, "merge", argc, argv, merge_opts);
    for (int c; (c = cli_getopt_next(&go)) != -1;) {
        switch (c) {
        case CLI_OPT_HELP: fputs(merge_help, stdout); return VO_EXIT_OK;
        case OPT_JSON: json = 1; break;
        default: return VO_EXIT_BAD;
        }
    }
    int nrep = argc - go.first_operand;
    char **paths = argv + go.first_operand;
    if (nrep < 1) return cli_fail(VO_EXIT_BAD, "merge: no reports (try 'visa-oracle merge --help')");

    buf out = { 0 };
    idset ids = { 0 };
    unsigned char *have = NULL;
    uint64_t *fv = NULL; /* the id values of the records of the report being read */
    size_t nfv = 0, fvcap = 0;
    unsigned long n_sh = 0;
    double tests = -1, sum_p = 0, sum_f = 0, sum_nr = 0, sum_u = 0, sum_s = 0, codes[4] = { 0, 0, 0, 0 };
    cli_btab bt = { 0 }, ct = { 0 }, ut = { 0 }; /* ct: tests per cause (D305) */ /* issue 32: unsupported per instruction and reason */
    cli_btab lt = { 0 }; /* D406: failing tests per lane misreading */
    cli_btab mt = { 0 }; /* D407: failing tests per address or data-size misreading */
    cli_btab it = { 0 }, nt = { 0 }; /* D408: failing tests per instruction, and per instruction and misreading */
    uint64_t *dv = NULL; /* D244: each shard's "ran_digest" */
    char proof[65] = "";
    double sum_ran = 0;
    size_t tagn[VO_TAG_COUNT] = { 0 };
    size_t rdn[VO_RD_COUNT][3]; /* D347: the shards' "readings", added up */
    uint32_t judge_b = 0;
    memset(rdn, 0, sizeof rdn);
    int listed = 1;
    char set[17] = "", first[1024] = "";
    int rc = VO_EXIT_OK;
    static const char *const code_keys[4] = { "same", "other", "foreign", "none" };
    for (int r = 0; r < nrep && rc == VO_EXIT_OK; r++) {
        const char *path = paths[r];
        size_t len;
        char *text = cli_read_file(path, &len);
        if (!text) {
            rc = cli_fail(VO_EXIT_BAD, "merge: cannot read '%s': %s", path, strerror(errno));
            break;
        }
        cJSON *summary = NULL;
        size_t nfail = 0, nunsup = 0, line = 0;
        nfv = 0;
        char *p = text, *e = text + len;
        while (p < e && rc == VO_EXIT_OK) {
            char *nl = memchr(p, '\n', (size_t)(e - p));
            char *le = nl ? nl : e;
            line++;
            if (le == p) { p = le + 1; continue; }
            if (has_nul(p, (size_t)(le - p))) {
                rc = cli_fail(VO_EXIT_BAD, "merge: '%s' line %zu: a NUL (raw or \\u0000) in a key or string: check writes none",
                              path, line);
                break;
            }
            if (summary) {
                rc = cli_fail(VO_EXIT_BAD, "merge: '%s' line %zu: text after the summary line (not one check --json report)",
                              path, line);
                break;
            }
            cJSON *o = cJSON_ParseWithLength(p, (size_t)(le - p));
            if (!cJSON_IsObject(o)) {
                cJSON_Delete(o);
                rc = cli_fail(VO_EXIT_BAD, "merge: '%s' line %zu: not a JSON object (is it a check --json report?)", path,
                              line);
                break;
            }
            if (cJSON_GetObjectItemCaseSensitive(o, "passed")) {
                summary = o;
            } else {
                const cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "id");
                const cJSON *pass = cJSON_GetObjectItemCaseSensitive(o, "pass");
                if (!cJSON_IsString(id) || !cJSON_IsFalse(pass)) {
                    cJSON_Delete(o);
                    rc = cli_fail(VO_EXIT_BAD, "merge: '%s' line %zu: a record without \"id\" and \"pass\":false", path,
                                  line);
                    break;
                }
                uint64_t idv = 0; /* D243: 16 lower-case hex digits, kept to prove the shard below */
                size_t il = strlen(id->valuestring);
                for (size_t q = 0; q < il && il == 16; q++) {
                    char ch = id->valuestring[q];
                    if ((ch < '0' || ch > '9') && (ch < 'a' || ch > 'f')) il = 0;
                    else idv = idv * 16 + (uint64_t)(ch <= '9' ? ch - '0' : ch - 'a' + 10);
                }
                if (il != 16) {
                    cJSON_Delete(o);
                    rc = cli_fail(VO_EXIT_BAD, "merge: '%s' line %zu: record id is not 16 lower-case hex digits", path,
                                  line);
                    break;
                }
                if (nfv == fvcap) {
                    size_t nc = fvcap ? fvcap * 2 : 256;
                    uint64_t *nv = realloc(fv, nc * sizeof *nv);
                    if (!nv) {
                        cJSON_Delete(o);
                        rc = cli_fail(VO_EXIT_FAIL, "merge: out of memory");
                        break;
                    }
                    fv = nv;
                    fvcap = nc;
                }
                fv[nfv++] = idv;
                const cJSON *bk = cJSON_GetObjectItemCaseSensitive(o, "bucket");
                const cJSON *ck = cJSON_GetObjectItemCaseSensitive(o, "cause");
                const cJSON *lk = cJSON_GetObjectItemCaseSensitive(o, "lanes");
                const cJSON *mk = cJSON_GetObjectItemCaseSensitive(o, "misread");
                int unsup = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "unsupported"));
                const cJSON *tg = cJSON_GetObjectItemCaseSensitive(o, "tags"), *te;
                if (!unsup && cJSON_IsArray(tg)) /* issue 32: failing tests per tag, as check counts them */
                    cJSON_ArrayForEach(te, tg)
                        for (unsigned t = 0; t < VO_TAG_COUNT && cJSON_IsString(te); t++)
                            if (!strcmp(vo_tag_name(t), te->valuestring)) tagn[t]++;
                int dup = id_add(&ids, id->valuestring);
                if (!dup && !unsup && (!cJSON_IsString(ck) || cli_btab_add(&ct, ck->valuestring, 1) != 0))
                    dup = cJSON_IsString(ck) ? -1 : -2;
                if (!dup && (!cJSON_IsString(bk) || cli_btab_add(&bt, bk->valuestring, 1) != 0)) dup = cJSON_IsString(bk) ? -1 : -2;
                if (!dup && !unsup && cJSON_IsString(lk) && cli_btab_add_list(&lt, lk->valuestring) != 0) dup = -1;
                if (!dup && !unsup && cJSON_IsString(mk) && cli_btab_add_list(&mt, mk->valuestring) != 0) dup = -1;
                if (!dup && !unsup &&
                    cli_bugs_add(&it, &nt, ck->valuestring, cJSON_IsString(lk) ? lk->valuestring : NULL,
                                 cJSON_IsString(mk) ? mk->valuestring : NULL) != 0)
                    dup = -1;
                cJSON_Delete(o);
                o = NULL;
                if (dup == -2) {
                    rc = cli_fail(VO_EXIT_BAD, "merge: '%s' line %zu: a failing record without \"bucket\" or \"cause\"", path, line);
                    break;
                }
                if (dup < 0) {
                    rc = cli_fail(VO_EXIT_FAIL, "merge: out of memory");
                    break;
                }
                if (dup) {
                    rc = cli_fail(VO_EXIT_BAD, "merge: '%s' line %zu: a test already in another report: shards overlap",
                                  path, line);
                    break;
                }
                if (unsup) nunsup++;
                else nfail++;
                if (json && put(&out, p, (size_t)(le - p)) + put(&out, "\n", 1) != 0) {
                    rc = cli_fail(VO_EXIT_FAIL, "merge: out of memory");
                    break;
                }
            }
            p = le + 1;
        }
        free(text);
        if (rc != VO_EXIT_OK) {
            cJSON_Delete(summary);
            break;
        }
        double pa, fa, nr, t, un = 0, sk = 0, ran;
        uint64_t rsum = 0;
        const cJSON *js = summary ? cJSON_GetObjectItemCaseSensitive(summary, "set") : NULL;
        const cJSON *jh = summary ? cJSON_GetObjectItemCaseSensitive(summary, "shard") : NULL;
        const cJSON *jc = summary ? cJSON_GetObjectItemCaseSensitive(summary, "rejected_with_code") : NULL;
        unsigned long si, sn;
        char tail;
        if (!summary || num(summary, "passed", &pa) || num(summary, "failed", &fa) || num(summary, "not_run", &nr) ||
            num(summary, "tests", &t) || hexstr(summary, "set", 16, NULL) || !cJSON_IsString(jh) ||
            num(summary, "ran", &ran) || hexstr(summary, "ran_digest", 16, &rsum) ||
            hexstr(summary, "shards_digest", 64, NULL) ||
            sscanf(jh->valuestring, "%lu/%lu%c", &si, &sn, &tail) != 2 || sn < 1 || si >= sn || sn > 1000000 ||
            !cJSON_IsObject(jc) ||
            (cJSON_GetObjectItemCaseSensitive(summary, "unsupported") && num(summary, "unsupported", &un)) ||
            (cJSON_GetObjectItemCaseSensitive(summary, "skipped") && num(summary, "skipped", &sk))) {
            cJSON_Delete(summary);
            rc = cli_fail(VO_EXIT_BAD,
                          "merge: '%s' has no summary line with \"passed\", \"failed\", \"not_run\", \"tests\", \"set\" and "
                          "\"shard\", \"ran\", \"ran_digest\" and \"shards_digest\" (a check --json report cut short, "
                          "or from an older visa-oracle?)", path);
            break;
        }
        for (int k = 0; k < 4; k++) {
            double v = 0;
            if (cJSON_GetObjectItemCaseSensitive(jc, code_keys[k]) && num(jc, code_keys[k], &v)) v = -1;
            if (v < 0) {
                cJSON_Delete(summary);
                rc = cli_fail(VO_EXIT_BAD, "merge: '%s': \"rejected_with_code\".\"%s\" is not a count", path, code_keys[k]);
                break;
            }
            codes[k] += v;
        }
        if (rc != VO_EXIT_OK) break;
        const cJSON *rdj = cJSON_GetObjectItemCaseSensitive(summary, "readings"), *re; /* D347 (optional) */
        if (cJSON_IsObject(rdj))
            cJSON_ArrayForEach(re, rdj) {
                int ri = vo_reading_index(re->string);
                double ca, cb, cn;
                const cJSON *jj = cJSON_GetObjectItemCaseSensitive(re, "judged");
                if (ri < 0 || num(re, "A", &ca) || num(re, "B", &cb) || num(re, "neither", &cn) || !cJSON_IsString(jj)) {
                    rc = cli_fail(VO_EXIT_BAD, "merge: '%s': \"readings\" member %s is not {\"A\":N,\"B\":N,\"neither\":N,...}",
                                  path, re->string ? re->string : "?");
                    break;
                }
                rdn[ri][0] += (size_t)ca, rdn[ri][1] += (size_t)cb, rdn[ri][2] += (size_t)cn;
                if (!strcmp(jj->valuestring, "B")) judge_b |= 1u << ri;
            }
        if (rc != VO_EXIT_OK) {
            cJSON_Delete(summary);
            break;
        }
        const cJSON *ur = cJSON_GetObjectItemCaseSensitive(summary, "unsupported_reasons"), *ue;
        double usum = 0;
        if (cJSON_IsObject(ur)) /* D244: whole counts that add up to "unsupported" (one add per reason: linear) */
            cJSON_ArrayForEach(ue, ur) {
                double c = cJSON_IsNumber(ue) ? ue->valuedouble : -1;
                if (c < 0 || c > 1e15 || c != (double)(uint64_t)c || !ue->string) usum = -1;
                else if (usum >= 0 && c >= 1 && cli_btab_add(&ut, ue->string, (size_t)c) != 0) {
                    rc = cli_fail(VO_EXIT_FAIL, "merge: out of memory");
                    break;
                } else if (usum >= 0) usum += c;
            }
        if (rc == VO_EXIT_OK && (usum != un || (!cJSON_IsObject(ur) && un != 0)))
            rc = cli_fail(VO_EXIT_BAD, "merge: '%s': \"unsupported_reasons\" are not whole counts adding up to \"unsupported\" (%.0f)",
                          path, un);
        if (rc == VO_EXIT_OK && pa + fa + nr + un + sk != ran)
            rc = cli_fail(VO_EXIT_BAD, "merge: '%s': passed, failed, unsupported, skipped and not run add up to %.0f, "
                          "not the %.0f tests it says it ran", path, pa + fa + nr + un + sk, ran);
        if (rc != VO_EXIT_OK) {
            cJSON_Delete(summary);
            break;
        }
        for (size_t q = 0; q < nfv; q++)
            if (fv[q] % sn != si) { /* check runs test id in shard id mod n (D243) */
                cJSON_Delete(summary);
                rc = cli_fail(VO_EXIT_BAD, "merge: '%s': test %016llx is not in shard %lu/%lu (a test of shard %llu): "
                              "a report relabelled or forged?", path, (unsigned long long)fv[q], si, sn,
                              (unsigned long long)(fv[q] % sn));
                break;
            }
        if (rc != VO_EXIT_OK) break;
        /* issue 32: a report without --unsupported has no unsupported records, only their count */
        int lst = !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(summary, "unsupported_listed"));
        listed &= lst;
        if ((double)nfail != fa || (lst ? (double)nunsup != un : nunsup != 0)) {
            cJSON_Delete(summary);
            rc = cli_fail(VO_EXIT_BAD,
                          "merge: '%s' says %.0f failed and %.0f unsupported but holds %zu and %zu record(s): a report cut short?",
                          path, fa, un, nfail, nunsup);
            break;
        }
        if (r == 0) {
            snprintf(set, sizeof set, "%s", js->valuestring);
            tests = t;
            n_sh = sn;
            snprintf(first, sizeof first, "%s", path);
            have = calloc(sn, 1);
            dv = calloc(sn, sizeof *dv);
            snprintf(proof, sizeof proof, "%s", cJSON_GetObjectItemCaseSensitive(summary, "shards_digest")->valuestring);
            if (!have || !dv) {
                cJSON_Delete(summary);
                rc = cli_fail(VO_EXIT_FAIL, "merge: out of memory");
                break;
            }
        } else if (strcmp(set, js->valuestring) != 0 || tests != t) {
            rc = cli_fail(VO_EXIT_BAD,
                          "merge: '%s' comes from another vector set than '%s' (set %s of %.0f tests vs %s of %.0f)", path,
                          first, js->valuestring, t, set, tests);
        } else if (sn != n_sh) {
            rc = cli_fail(VO_EXIT_BAD, "merge: '%s' is shard %s but '%s' was one of %lu shards", path, jh->valuestring,
                          first, n_sh);
        } else if (strcmp(proof, cJSON_GetObjectItemCaseSensitive(summary, "shards_digest")->valuestring) != 0) {
            rc = cli_fail(VO_EXIT_BAD, "merge: '%s' and '%s' differ in \"shards_digest\": not shards of one run of one set",
                          path, first);
        }
        if (rc == VO_EXIT_OK && have[si]) rc = cli_fail(VO_EXIT_BAD, "merge: shard %lu/%lu is given twice (again in '%s')", si, sn, path);
        cJSON_Delete(summary);
        if (rc != VO_EXIT_OK) break;
        have[si] = 1;
        dv[si] = rsum;
        sum_ran += ran;
        sum_p += pa;
        sum_f += fa;
        sum_nr += nr;
        sum_u += un;
        sum_s += sk;
    }
    if (rc == VO_EXIT_OK) {
        for (unsigned long i = 0; i < n_sh; i++)
            if (!have[i]) {
                rc = cli_fail(VO_EXIT_BAD, "merge: shard %lu/%lu is missing (%d report(s) given)", i, n_sh, nrep);
                break;
            }
    }
    double held = sum_p + sum_f + sum_u + sum_s + sum_nr;
    if (rc == VO_EXIT_OK && (held != tests || sum_ran != tests))
        rc = cli_fail(VO_EXIT_BAD, "merge: the shards hold %.0f tests, the set has %.0f", held, tests);
    uint64_t all = 0; /* D244: the shards' digests commit to "shards_digest"; the unsharded run's from their sum */
    char proof1[65] = "";
    if (rc == VO_EXIT_OK) {
        char got[65];
        for (unsigned long i = 0; i < n_sh; i++) all += dv[i];
        if (cli_shard_commit(n_sh, dv, got) != 0 || cli_shard_commit(1, &all, proof1) != 0)
            rc = cli_fail(VO_EXIT_FAIL, "merge: no SHA-256");
        else if (strcmp(got, proof) != 0)
            rc = cli_fail(VO_EXIT_BAD, "merge: the reports' \"ran_digest\"s do not give their \"shards_digest\": a report "
                          "does not prove it ran its shard (relabelled or forged?)");
    }
    if (rc == VO_EXIT_OK) { /* what check prints after its records (cmd_check.c) */
        char line[512], nrs[96] = "";
        int bad = 0;
        cli_btab_sort(&bt);
        cli_btab_sort(&ct);
        cli_btab_sort(&ut);
        cli_btab_sort(&lt);
        cli_btab_sort(&mt);
        unsigned tord[VO_TAG_COUNT], ntag = 0; /* as check orders them: most first, then enum order */
        for (unsigned t = 0; t < VO_TAG_COUNT; t++)
            if (tagn[t]) tord[ntag++] = t;
        for (unsigned a = 1; a < ntag; a++)
            for (unsigned b = a; b > 0 && tagn[tord[b]] > tagn[tord[b - 1]]; b--) {
                unsigned x = tord[b];
                tord[b] = tord[b - 1];
                tord[b - 1] = x;
            }
        if (sum_s) snprintf(nrs, sizeof nrs, ", %.0f skipped", sum_s);
        if (sum_nr) snprintf(nrs + strlen(nrs), sizeof nrs - strlen(nrs), ", %.0f not run", sum_nr);
        if (json) {
            int k = snprintf(line, sizeof line,
                             "{\"passed\":%.0f,\"failed\":%.0f,\"unsupported\":%.0f,\"skipped\":%.0f,\"not_run\":%.0f,"
                             "\"rejected_with_code\":{\"same\":%.0f,\"other\":%.0f,\"foreign\":%.0f,\"none\":%.0f},\"buckets\":{",
                             sum_p, sum_f, sum_u, sum_s, sum_nr, codes[0], codes[1], codes[2], codes[3]);
            bad |= put(&out, line, (size_t)k);
            for (size_t i = 0; i < bt.n; i++) {
                if (i) bad |= put(&out, ",", 1);
                bad |= put_jstr(&out, bt.e[i].b);
                k = snprintf(line, sizeof line, ":%zu", bt.e[i].n);
                bad |= put(&out, line, (size_t)k);
            }
            bad |= put(&out, "},\"causes\":{", 12);
            for (size_t i = 0; i < ct.n; i++) {
                if (i) bad |= put(&out, ",", 1);
                bad |= put_jstr(&out, ct.e[i].b);
                k = snprintf(line, sizeof line, ":%zu", ct.e[i].n);
                bad |= put(&out, line, (size_t)k);
            }
            bad |= put(&out, "},\"lanes\":{", 11); /* D406 */
            bad |= put_counts(&out, &lt);
            bad |= put(&out, "},\"misread\":{", 13); /* D407 */
            bad |= put_counts(&out, &mt);
            char *bugs = cli_bugs_report(&it, &nt, 1); /* D408 */
            bad |= !bugs || put(&out, "},\"bugs\":{", 10) || put(&out, bugs, strlen(bugs));
            free(bugs);
            k = snprintf(line, sizeof line, "},\"unsupported_listed\":%s,\"unsupported_reasons\":{", listed ? "true" : "false");
            bad |= put(&out, line, (size_t)k);
            for (size_t i = 0; i < ut.n; i++) {
                if (i) bad |= put(&out, ",", 1);
                bad |= put_jstr(&out, ut.e[i].b);
                k = snprintf(line, sizeof line, ":%zu", ut.e[i].n);
                bad |= put(&out, line, (size_t)k);
            }
            char *rs = cli_readings_summary(1, (const size_t(*)[3])rdn, judge_b); /* D347 */
            bad |= !rs || put(&out, "},\"readings\":{", 14) || put(&out, rs, strlen(rs));
            free(rs);
            bad |= put(&out, "},\"tags\":{", 10);
            for (unsigned i = 0; i < ntag; i++) {
                k = snprintf(line, sizeof line, "%s\"%s\":%zu", i ? "," : "", vo_tag_name(tord[i]), tagn[tord[i]]);
                bad |= put(&out, line, (size_t)k);
            }
            k = snprintf(line, sizeof line, "},\"tests\":%.0f,\"set\":\"%s\",\"shard\":\"0/1\",\"ran\":%.0f,\"ran_digest\":"
                         "\"%016llx\",\"shards_digest\":\"%s\"}\n", tests, set, tests, (unsigned long long)all, proof1);
            bad |= put(&out, line, (size_t)k);
        } else {
            if (bt.n) bad |= put(&out, "buckets (tests per bucket):\n", 28);
            for (size_t i = 0; i < bt.n; i++) {
                int k = snprintf(line, sizeof line, "  %6zu  %s\n", bt.e[i].n, bt.e[i].b);
                bad |= put(&out, line, (size_t)k);
            }
            if (ct.n) bad |= put(&out, "causes (tests per cause: the wrong bytes against the access plan):\n", 67);
            for (size_t i = 0; i < ct.n; i++) {
                int k = snprintf(line, sizeof line, "  %6zu  %s\n", ct.e[i].n, ct.e[i].b);
                bad |= put(&out, line, (size_t)k);
            }
            if (lt.n) bad |= put(&out, "lanes (tests per misread control under whose lanes the whole reply is right; a test may fit several):\n", 102);
            for (size_t i = 0; i < lt.n; i++) {
                int k = snprintf(line, sizeof line, "  %6zu  %s\n", lt.e[i].n, lt.e[i].b);
                bad |= put(&out, line, (size_t)k);
            }
            if (mt.n) bad |= put(&out, MISREAD_HEAD, sizeof MISREAD_HEAD - 1); /* D407 */
            for (size_t i = 0; i < mt.n; i++) {
                int k = snprintf(line, sizeof line, "  %6zu  %s\n", mt.e[i].n, mt.e[i].b);
                bad |= put(&out, line, (size_t)k);
            }
            char *bugs = cli_bugs_report(&it, &nt, 0); /* D408 */
            bad |= !bugs || put(&out, bugs, strlen(bugs));
            free(bugs);
            if (ntag) bad |= put(&out, "tags of the failing tests (tests per tag; the decisions behind it):\n", 68);
            for (unsigned i = 0; i < ntag; i++) {
                const char *dd = cli_tag_decisions(tord[i]);
                int k = snprintf(line, sizeof line, "  %6zu  %s%s%s%s\n", tagn[tord[i]], vo_tag_name(tord[i]), dd[0] ? "  (" : "",
                                 dd, dd[0] ? ")" : "");
                bad |= put(&out, line, (size_t)k);
            }
            char *rs = cli_readings_summary(0, (const size_t(*)[3])rdn, judge_b); /* D347 */
            bad |= !rs || put(&out, rs, strlen(rs));
            free(rs);
            if (ut.n) {
                int k = snprintf(line, sizeof line, "unsupported (tests per instruction and the DUT's reason%s):\n",
                                 listed ? "" : "; --unsupported lists their buckets");
                bad |= put(&out, line, (size_t)k);
            }
            for (size_t i = 0; i < ut.n; i++) {
                int k = snprintf(line, sizeof line, "  %6zu  %s\n", ut.e[i].n, ut.e[i].b);
                bad |= put(&out, line, (size_t)k);
            }
            if (sum_u) {
                int k = snprintf(line, sizeof line, "%.0f unsupported\n", sum_u);
                bad |= put(&out, line, (size_t)k);
            }
            int k = snprintf(line, sizeof line, "%.0f passed, %.0f failed%s\n", sum_p, sum_f, nrs);
            bad |= put(&out, line, (size_t)k);
        }
        if (bad) rc = cli_fail(VO_EXIT_FAIL, "merge: out of memory");
    }
    if (rc == VO_EXIT_OK) {
        if (fwrite(out.p, 1, out.n, stdout) != out.n || fflush(stdout) != 0)
            rc = cli_fail(VO_EXIT_FAIL, "merge: cannot write stdout: %s", strerror(errno));
        else if (json) {
            if (sum_u) fprintf(stderr, "%.0f unsupported\n", sum_u);
            char nrs[96] = "";
            if (sum_s) snprintf(nrs, sizeof nrs, ", %.0f skipped", sum_s);
            if (sum_nr) snprintf(nrs + strlen(nrs), sizeof nrs - strlen(nrs), ", %.0f not run", sum_nr);
            fprintf(stderr, "%.0f passed, %.0f failed%s\n", sum_p, sum_f, nrs);
        }
        if (rc == VO_EXIT_OK && (sum_f || sum_nr)) rc = VO_EXIT_FAIL;
    }
    free(out.p);
    cli_btab_free(&bt);
    cli_btab_free(&ct);
    cli_btab_free(&ut);
    cli_btab_free(&lt);
    cli_btab_free(&mt);
    cli_btab_free(&it);
    cli_btab_free(&nt);
    free(dv);
    free(ids.id);
    free(have);
    free(fv);
    return rc;
}
