/* Both readings, judged (issue 30 point 2; decisions D345-D348): the other
 * reading's outcome of a test, for gen's "alt" member and check's per-decision
 * report (docs/check.md "Readings", docs/vectors.md "alt"). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "cli.h"
#include "visa_json.h"
#include "visa_oracle.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ,"alt":[...] for test c whose reading-A result is *a (r: scratch), "" when no
 * reading B differs from A in status, error code or final-state digest (D346);
 * NULL out of memory */
char *cli_alt_json(const vo_case *c, const vo_result *a, vo_result *r)
{
    uint32_t m = vo_readings_candidates(&c->state, c->insn, c->insn_len, a);
    char da[65] = "", db[65], item[256];
    size_t len = 0, cap = 1;
    char *out = calloc(1, 1);
    if (!out) return NULL;
    if (m && a->status == VO_OK && vo_state_digest(&a->final, da) != 0) m = 0;
    for (unsigned i = 0; i < VO_RD_COUNT; i++) {
        if (!(m >> i & 1)) continue;
        vo_run_reading(&c->state, c->insn, c->insn_len, 1u << i, r);
        db[0] = 0;
        if (r->status == VO_OK && vo_state_digest(&r->final, db) != 0) continue;
        if (r->status == a->status && r->err.code == a->err.code && strcmp(da, db) == 0) continue;
        char er[48] = "null";
        if (r->status == VO_INVALID) snprintf(er, sizeof er, "\"%s\"", vo_errcode_name(r->err.code));
        int k = snprintf(item, sizeof item, "%s{\"decision\":\"%s\",\"reading\":\"B\",\"expect\":{\"status\":\"%s\","
                         "\"error\":%s%s%s%s}}", len ? "," : ",\"alt\":[", vo_reading_decision(i),
                         vo_status_name(r->status), er, db[0] ? ",\"digest\":\"" : "", db, db[0] ? "\"" : "");
        if (k < 0 || (size_t)k >= sizeof item) continue;
        char *nb = realloc(out, cap + (size_t)k + 1);
        if (!nb) { free(out); return NULL; }
        out = nb;
        memcpy(out + len, item, (size_t)k + 1);
        len += (size_t)k;
        cap += (size_t)k;
    }
    if (len) {
        char *nb = realloc(out, cap + 1);
        if (!nb) { free(out); return NULL; }
        out = nb;
        memcpy(out + len, "]", 2);
    }
    return out;
}

/* --reading D17=B / all=B / D150=A: sets or clears bits of *judge_b; 0 or -1 (message printed) */
int cli_reading_opt(const char *arg, uint32_t *judge_b)
{
    const char *eq = strchr(arg, '=');
    char dec[16];
    size_t n = eq ? (size_t)(eq - arg) : 0;
    if (!eq || n == 0 || n >= sizeof dec || (strcmp(eq + 1, "A") != 0 && strcmp(eq + 1, "B") != 0)) {
        fprintf(stderr, "visa-oracle: check: --reading wants DECISION=A|B (e.g. D17=B, all=B), not '%s'\n", arg);
        return -1;
    }
    memcpy(dec, arg, n);
    dec[n] = 0;
    uint32_t bits;
    if (strcmp(dec, "all") == 0) bits = (1u << VO_RD_COUNT) - 1;
    else {
        int i = vo_reading_index(dec);
        if (i < 0) {
            fprintf(stderr, "visa-oracle: check: --reading: %s has no second reading the oracle runs (those that do:", dec);
            for (unsigned k = 0; k < VO_RD_COUNT; k++) fprintf(stderr, " %s", vo_reading_decision(k));
            fprintf(stderr, "; docs/decisions.md \"Both readings\")\n");
            return -1;
        }
        bits = 1u << i;
    }
    if (eq[1] == 'B') *judge_b |= bits;
    else *judge_b &= ~bits;
    return 0;
}

/* the summary: per decision the tests where the DUT matched only A, only B, neither (D347);
 * text lines or the members of --json's "readings" object; "" when none; NULL out of memory */
char *cli_readings_summary(int json, const size_t (*n)[3], uint32_t judge_b)
{
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    if (!o) return NULL;
    int any = 0;
    for (unsigned i = 0; i < VO_RD_COUNT; i++) any |= n[i][0] || n[i][1] || n[i][2];
    if (any && !json)
        fprintf(o, "readings (tests per decision whose readings' outcomes differ: the DUT matched A / B / neither):\n");
    for (unsigned i = 0, first = 1; any && i < VO_RD_COUNT; i++) {
        if (!(n[i][0] || n[i][1] || n[i][2])) continue;
        const char *f = n[i][0] && !n[i][1] && !n[i][2] ? "A" : n[i][1] && !n[i][0] && !n[i][2] ? "B"
                      : !n[i][0] && !n[i][1] ? "neither" : "mixed";
        const char *judged = judge_b >> i & 1 ? "B" : "A";
        if (json)
            fprintf(o, "%s\"%s\":{\"A\":%zu,\"B\":%zu,\"neither\":%zu,\"follows\":\"%s\",\"judged\":\"%s\"}",
                    first ? "" : ",", vo_reading_decision(i), n[i][0], n[i][1], n[i][2], f, judged);
        else
            fprintf(o, "  %-5s A %zu  B %zu  neither %zu: reading %s (judged by reading %s)\n", vo_reading_decision(i),
                    n[i][0], n[i][1], n[i][2], f, judged);
        first = 0;
    }
    if (fclose(o) != 0) {
        free(out);
        return NULL;
    }
    return out;
}
