/* visa-oracle check VECTORS... (--dut-lib PATH.so | --dut-cmd "CMD" | --results FILE)
 *                              [--json] [--timeout-ms N] [--startup-ms N]
 *                              [--max-consecutive-failures N] [--dut-selftest] [-q] [--rows N]
 * Runs every test's case through the oracle and the DUT and judges the DUT
 * (docs/check.md). */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>
#include <time.h>

#include "cli.h"
#include "shard_proof.h"
#include "dut_transport.h"
#include "../formats/json_reader.h"
#include "progress.h"

/* check's own output: stdout, or (--dut-lib) a duplicate of it while the
 * library's stdout goes to stderr, so that nothing the library prints can
 * land between check's records (docs/check.md) */
static FILE *cout;

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char check_help[] =
    "usage: visa-oracle check VECTORS... (--dut-lib PATH.so | --dut-cmd \"CMD\" | --results FILE)\n"
    "                         [--json] [--timeout-ms N] [--startup-ms N]\n"
    "                         [--max-consecutive-failures N] [--dut-selftest] [-q] [--rows N]\n"
    "                         [--insn LIST] [--status LIST] [--tag LIST] [--skip-tag LIST] [--id LIST]\n"
    "                         [--isolate] [-j N] [--shard i/n] [--unsupported]\n"
    "\n"
    "Runs each test of the vector files on the oracle and on a device under test\n"
    "(DUT) and compares: bytes outside the test's freedom must match, `undefined`\n"
    "bytes are skipped, `one_of` ranges must hold one candidate, `serializable`\n"
    "ranges (atomic lanes on one address) must hold what some serial order of\n"
    "the lanes gives, an `invalid` case\n"
    "passes iff the DUT rejects it, an `undefined` case passes unless the DUT\n"
    "crashes or hangs.\n"
    "\n"
    "  --dut-lib PATH.so   a shared library implementing oracle/include/visa_dut.h\n"
    "  --dut-cmd \"CMD\"     a program run with `sh -c`; one input object per line on\n"
    "                      its stdin, one reply {\"status\": ..., \"vars\": ...,\n"
    "                      \"surfaces\": ...} per line on its stdout. A crash, hang\n"
    "                      (--timeout-ms, default 10000) or garbage line fails that\n"
    "                      test; the process is restarted and the run goes on.\n"
    "                      A reply's \"error\" code may be any string: only the\n"
    "                      status is judged.\n"
    "  --startup-ms N      extra time for the first reply of the first process\n"
    "                      (default 5000); a restarted process gets twice what the\n"
    "                      first one needed + 100 ms (at most N), or, while no\n"
    "                      process has answered yet, N halved at each restart\n"
    "  --max-consecutive-failures N\n"
    "                      stop after N crash/timeout/garbage results in a row\n"
    "                      (default 20; 0 = never): exit 1, the tests run so far\n"
    "                      reported, the summary says how many were not run\n"
    "  --isolate           with --dut-lib: run the library in a child process that is\n"
    "                      restarted when it crashes, exits or hangs (--timeout-ms,\n"
    "                      --startup-ms, -j apply as for --dut-cmd); same report\n"
    "  -j N, --jobs N      N DUT processes at once (--dut-cmd, --dut-lib --isolate;\n"
    "                      default 1); the report is the same as with -j 1\n"
    "  --shard i/n         only the tests whose id is i modulo n (0 <= i < n); with\n"
    "                      --json, join the shards' reports with `visa-oracle merge`\n"
    "  --results FILE      JSON lines {\"id\": \"<test id>\", \"status\": ..., ...final\n"
    "                      state...} written by the DUT's own harness from the vectors\n"
    "  --dut-selftest      first run a few trivial cases and say what is wrong with\n"
    "                      the adapter (with --results: check the ids match)\n"
    "  --json              one JSON object per failing test, then {\"passed\":N,\"failed\":N,\n"
    "                      \"not_run\":N, \"rejected_with_code\":{...}} (the plain\n"
    "                      summary goes to stderr)\n"
    "  --insn LIST         only tests of these instructions (scatter,gather4_scaled)\n"
    "  --status LIST       only tests the oracle judges ok / undefined / invalid\n"
    "  --tag LIST          only tests carrying one of these tags; --skip-tag LIST:\n"
    "                      none of them; --id LIST: only these test ids. Lists are\n"
    "                      comma-separated; the others are counted as skipped\n"
    "  --reading D=A|B     judge decision D (D17, D34, D35, D150, the legacy D1 ...\n"
    "                      D50, the later D113 ... D375; `all`) by its reading B\n"
    "                      (or A, the default): a test whose readings differ\n"
    "                      passes when it matches the declared one; the summary\n"
    "                      says per decision which reading the DUT followed\n"
    "  --unsupported       count unsupported tests in the bucket table too and, with\n"
    "                      --json, print a record for each (default: a summary)\n"
    "  -q                  only the FAIL line per failing test, no provenance rows\n"
    "  --rows N            provenance rows per failing test (default 16)\n"
    "  --bench             print on stderr the CPU time and tests/s of the whole run\n"
    "                      (loading, JSON, oracle, DUT, verdicts) and of cJSON\n"
    "                      parse+print of the same files alone\n"
    "\n"
    "Output: per failing test `FAIL <id> <insn>:<clause>:<kind>  <asm>  (FILE#INDEX)`\n"
    "and rows naming each differing byte (space, offset, expected, got, lane,\n"
    "channel, element, address, operand byte, surface bound, clause); a table of\n"
    "tests per bucket; after each FAIL line the test's tags and the decisions\n"
    "they point to, and failing tests per tag after the table; tests the DUT\n"
    "answered \"unsupported\" (VISA_DUT_UNSUPPORTED, {\"status\":\"unsupported\"})\n"
    "summarised per instruction and reason, then `U unsupported`: neither\n"
    "a pass nor a failure; last line `N passed, N failed` (`, N skipped` with\n"
    "filters, `, N not run` when the run stopped early). A --dut-lib library's\n"
    "stdout goes to stderr. On a terminal a progress line\n"
    "(tests done/total, tests/s, failures) is redrawn on stderr a few times a\n"
    "second; VO_PROGRESS=1 or 0 forces it on or off.\n"
    "Exit: 0 all passed, 1 a test failed (or the self-test), 2 bad input or usage.\n";

/* ------------------------------------------------------------------ */
/* self-test                                                           */
/* ------------------------------------------------------------------ */
static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

/* TGLLP, vISA 3.6 (4-byte ids), all channels on, stateless surface 5 of 64
 * bytes; V32 ud x8 element offsets (first = eoff), V33 ud x8 data
 * (first = 0x11223344), V34 ud x8 filled with 0xAA. */
static int st_state(vo_case *c, uint32_t eoff, uint32_t surf_word_at_4)
{
    vo_case_free(c);
    vo_case_init(c);
    vo_state *s = &c->state;
    s->exec_mask = 0xFFFFFFFFu;
    vo_var *v32 = vo_state_add_var(s, 32, VO_T_UD, 8);
    vo_var *v33 = vo_state_add_var(s, 33, VO_T_UD, 8);
    vo_var *v34 = vo_state_add_var(s, 34, VO_T_UD, 8);
    vo_surface *sf = vo_state_add_surface(s, 5, 64);
    if (!v32 || !v33 || !v34 || !sf) return -1;
    put32(v32->data, eoff);
    put32(v33->data, 0x11223344u);
    memset(v34->data, 0xAA, v34->size);
    if (surf_word_at_4) {
        uint8_t w[4];
        put32(w, surf_word_at_4);
        if (vo_surface_write(s, sf, 4, w, 4) != 0) return -1;
    }
    vo_state_sort(s);
    return 0;
}

/* SCATTER.<elt_code> (1 element) T5 0x0:ud V32.0 V33.0 */
static void st_scatter(vo_case *c, uint8_t elt_code)
{
    static const uint8_t b[] = { 0x3A, 0, 0x02, 0x05, 0x05, 0x00, 0, 0, 0, 0, 32, 0, 0, 0, 0, 0, 33, 0, 0, 0, 0, 0 };
    memcpy(c->insn, b, sizeof b);
    c->insn[1] = elt_code;
    c->insn_len = sizeof b;
}

/* GATHER_SCALED (M1, 1) 4 bytes T5 0x0:ud V32.0 V34.0 */
static void st_gather(vo_case *c)
{
    static const uint8_t b[] = { 0x78, 0x00, 0, 0, 0x00, 0x02, 0, 0, 0x05, 0x05, 0x00, 0, 0, 0, 0,
                                 32, 0, 0, 0, 0, 0, 34, 0, 0, 0, 0, 0 };
    memcpy(c->insn, b, sizeof b);
    c->insn_len = sizeof b;
}

static const char *how_reject(int tr)
{
    return tr == VO_TR_LIB ? "return VISA_DUT_REJECTED" : "reply {\"status\":\"invalid\", ...}";
}

/* The reason a self-test case failed, written to m. Returns 0 for a wiring
 * failure (the ABI or the reply format is used wrongly, bytes do not land
 * where they should) and 2 for a semantic disagreement (the vectors judge
 * those). */
static int st_why(FILE *m, int tr, int which, const vo_dut_out *o)
{
    const char *msg = o->msg[0] ? o->msg : "no message";
    if (o->status == VO_DUT_CRASH || o->status == VO_DUT_TIMEOUT) {
        fprintf(m, "  the DUT %s on this trivial case: %s\n", o->status == VO_DUT_CRASH ? "crashed" : "hung", msg);
        return 0;
    }
    if (o->status == VO_DUT_GARBAGE) {
        fprintf(m, "  the DUT's reply is not a final state: %s\n"
               "  expected one line {\"status\":\"ok\"|\"invalid\", \"vars\":[...], \"surfaces\":[...]} per input line\n",
               msg);
        return 0;
    }
    if (which == 1) { /* invalid encoding */
        if (o->status == VO_DUT_FAILED)
            fprintf(m, "  the DUT reported an internal error (%s) instead of rejecting the instruction: %s for\n"
                   "  invalid encodings; an internal error is only for what the DUT cannot do\n", msg, how_reject(tr));
        else
            fprintf(m, "  the DUT executed SCATTER with the reserved elt_size code 3 (E_ELT_SIZE) instead of\n"
                   "  rejecting it: an implementation must validate the encoding and %s\n", how_reject(tr));
        return 2;
    }
    if (o->status == VO_DUT_REJECTED || o->status == VO_DUT_FAILED) {
        fprintf(m, "  the DUT %s a valid instruction (%s): does it decode vISA 3.6 (4-byte variable ids),\n"
               "  an immediate global offset and stateless surface 5?\n",
               o->status == VO_DUT_REJECTED ? "rejected" : "reported an internal error on", msg);
        fprintf(m, "  (if it does not implement this instruction, answer \"unsupported\": %s)\n",
                tr == VO_TR_LIB ? "VISA_DUT_UNSUPPORTED" : "{\"status\":\"unsupported\"}");
        return 2;
    }
    if (which == 4 || which == 5) { /* issue 32: the LSC probes (flat memory, ABI 1.1) */
        uint8_t g[4] = { 0, 0, 0, 0 };
        const vo_var *dv = vo_state_var(&o->state, 34);
        if (which == 4) vo_flat_read(&o->state, 0x10004, 4, g);
        else if (dv && dv->size >= 4) memcpy(g, dv->data, 4);
        if (which == 4 && o->nviol)
            fprintf(m, "  the DUT asked the host to write outside flat memory (address 0x%llx, %u bytes; the region is\n"
                       "  0x10000..0x1003f): is the address read as a 64-bit value from V32?\n",
                    (unsigned long long)o->viol[0].offset, o->viol[0].len);
        else if (!memcmp(g, "\x44\x33\x22\x11", 4))
            fprintf(m, "  the bytes are right; another byte differs (the report below)\n");
        else if (!memcmp(g, which == 4 ? "\0\0\0\0" : "\xAA\xAA\xAA\xAA", 4))
            fprintf(m, "  %s\n", which == 5 ? "the destination V34 kept its old value: write the result in place / reply with the vars"
                       : tr == VO_TR_LIB ? "nothing was written to flat memory: is c->mem.write_flat wired (ABI 1.1)?"
                                         : "the reply has no data in \"memory\": return every region with its data");
        else if (!memcmp(g, "\xCD\xCD\xCD\xCD", 4) || !memcmp(g, "\0\0\0\0", 4))
            fprintf(m, "  V34 is not the dword at flat 0x10004: is c->mem.read_flat (ABI 1.1) called with the address\n"
                       "  from V32, and its result used?\n");
        else {
            fprintf(m, "  the dword is %02x %02x %02x %02x, expected 44 33 22 11\n", g[0], g[1], g[2], g[3]);
            return 2;
        }
        return 0;
    }
    int sem = 0; /* 1: the bytes land where they should, only the semantics differ */
    const vo_surface *sf = vo_state_surface(&o->state, 5);
    uint8_t got[64];
    memset(got, 0, sizeof got);
    if (sf) vo_surface_read(sf, 0, got, 64);
    if (which == 0) { /* scatter of 0x11223344 to byte 4 */
        int any = 0, at = -1;
        for (int i = 0; i < 64; i++) if (got[i]) { any = 1; if (at < 0) at = i; }
        if (o->nviol) {
            fprintf(m, "  the DUT asked the host to write outside the surface (surface %u, offset %llu, %u bytes;\n"
                   "  surface 5 is 64 bytes): are the surface index and the byte address right?\n",
                   o->viol[0].surface, (unsigned long long)o->viol[0].offset, o->viol[0].len);
        } else if (!any) {
            if (tr == VO_TR_LIB)
                fprintf(m, "  the DUT did not write anything: is the memory callback wired (c->mem.write(c->mem.host,\n"
                       "  surface, offset, len, bytes))?\n");
            else
                fprintf(m, "  the DUT's reply has no data in surface 5: does it apply writes to the surfaces and\n"
                       "  return every surface with its data ([[offset, \"hex\"], ...])?\n");
        } else if (!memcmp(got + 4, "\x11\x22\x33\x44", 4)) {
            fprintf(m, "  byte order: bytes 4..7 are 11 22 33 44; the dword 0x11223344 is stored little-endian\n"
                   "  (44 33 22 11)\n");
        } else if (at != 4) {
            sem = 1;
            fprintf(m, "  the DUT wrote at byte %d instead of byte 4: SCATTER element offsets are in element\n"
                   "  units (offset 1 x 4 bytes = byte 4; decision D8)\n", at);
        } else {
            sem = 1;
            fprintf(m, "  surface 5 bytes 4..7 are %02x %02x %02x %02x, expected 44 33 22 11\n", got[4], got[5], got[6],
                   got[7]);
        }
    } else { /* gathers into V34 */
        const vo_var *dv = vo_state_var(&o->state, 34);
        uint8_t d4[4] = { 0, 0, 0, 0 };
        if (dv && dv->size >= 4) memcpy(d4, dv->data, 4);
        int aa = !memcmp(d4, "\xAA\xAA\xAA\xAA", 4), cd = !memcmp(d4, "\xCD\xCD\xCD\xCD", 4);
        int zero = !memcmp(d4, "\0\0\0\0", 4);
        if (!dv) {
            fprintf(m, "  the DUT's final state has no variable V34: reply with every variable\n");
        } else if (aa) {
            if (tr == VO_TR_LIB)
                fprintf(m, "  the destination V34 kept its old value: the DUT must write the result into the\n"
                       "  variable's buffer in place (c->vars[i].data)\n");
            else
                fprintf(m, "  the destination V34 kept its old value: the reply must carry the final vars\n");
        } else if (which == 2 && cd) {
            fprintf(m, "  V34 holds the host's 0xCD filler: the DUT read outside the surface (is it passing the\n"
                   "  right surface index and byte offset to c->mem.read?)\n");
        } else if (which == 2 && zero) {
            fprintf(m, "  V34 reads zero: is the memory read callback wired (c->mem.read) and its result used?\n");
        } else if (which == 3 && cd) {
            sem = 1;
            fprintf(m, "  V34 holds the host's 0xCD filler: an out-of-bound read must return zero; the DUT must\n"
                   "  check the surface size itself (the host refuses reads past the bound)\n");
        } else {
            sem = 1;
            fprintf(m, "  V34 bytes 0..3 are %02x %02x %02x %02x, expected %s\n", d4[0], d4[1], d4[2], d4[3],
                   which == 2 ? "44 33 22 11" : "00 00 00 00 (out-of-bound read gives zero)");
        }
    }
    return sem ? 2 : 0;
}

/* Runs one self-test case. Returns 1 passed, 0 wiring failure, 2 semantic
 * disagreement (a warning), 3 skipped (the DUT answered unsupported). */
static int st_one(vo_dut *d, vo_case *c, const char *what, int which, vo_result *r, vo_dut_out *o, vo_verdict *v)
{
    int tr = vo_dut_transport(d);
    vo_run(&c->state, c->insn, c->insn_len, r);
    if (vo_dut_exec(d, c, NULL, 0, NULL, o) < 0) {
        fprintf(cout, "selftest: %s: cannot run the DUT: %s\n", what, o->msg);
        return 0;
    }
    vo_verdict_compute(&c->state, c->insn, c->insn_len, r, o, v);
    if (v->pass) {
        fprintf(cout, "selftest: %s: ok\n", what);
        return 1;
    }
    if (v->unsupported) {
        fprintf(cout, "selftest: %s: skipped (the DUT does not support it: %s)\n", what, o->msg[0] ? o->msg : "no message");
        return 3;
    }
    char *why = NULL;
    size_t wl = 0;
    FILE *m = open_memstream(&why, &wl);
    int k = m ? st_why(m, tr, which, o) : 0;
    if (m) fclose(m);
    fprintf(cout, "selftest: %s: %s (%s)\n", what, k == 2 ? "WARNING" : "FAILED", v->bucket);
    if (why) fputs(why, cout);
    free(why);
    char *rep = vo_report_text("selftest", v, 8);
    if (rep) {
        fputs(rep, cout);
        free(rep);
    }
    return k;
}

/* Wiring only (docs/check.md): a case the DUT does not support is skipped, a
 * semantic disagreement is a warning and the run goes on; only a wiring
 * failure (crash, hang, garbage, nothing written, bytes swapped, a variable
 * not updated in place, reads not wired) stops it. Returns 1 unless wiring failed. */
static int selftest(vo_dut *d, vo_result *r, vo_dut_out *o, vo_verdict *v)
{
    static vo_case c;
    vo_case_init(&c);
    int n[4] = { 0, 0, 0, 0 }, k0, k2; /* by st_one result: wiring, ok, warning, skipped */
    fprintf(cout, "selftest: %s\n", vo_dut_describe(d));
    /* 0: a valid one-lane SCATTER writing 0x11223344 at byte 4 */
    if (st_state(&c, 1, 0) != 0) goto oom;
    st_scatter(&c, 2);
    n[k0 = st_one(d, &c, "valid SCATTER of one dword (0x11223344 to surface 5 byte 4)", 0, r, o, v)]++;
    /* 1: the same with elt_size code 3: must be rejected */
    if (st_state(&c, 1, 0) != 0) goto oom;
    st_scatter(&c, 3);
    n[st_one(d, &c, "invalid SCATTER (elt_size code 3) must be rejected", 1, r, o, v)]++;
    /* 2: one-lane GATHER_SCALED of the dword at byte 4 */
    if (st_state(&c, 4, 0x11223344u) != 0) goto oom;
    st_gather(&c);
    n[k2 = st_one(d, &c, "GATHER_SCALED of one dword (surface 5 byte 4 into V34)", 2, r, o, v)]++;
    /* 3: the same lane reading at byte 64 = the surface size: zero */
    if (st_state(&c, 64, 0x11223344u) != 0) goto oom;
    st_gather(&c);
    n[st_one(d, &c, "GATHER_SCALED out of bounds (byte 64 of 64) must read zero", 3, r, o, v)]++;
    /* issue 32: a probe per family the DUT answers: LSC_UNTYPED (flat memory) */
    int k4 = 3, k5 = 3;
    if (cli_st_lsc_case(&c, 0) != 0) goto oom;
    n[k4 = st_one(d, &c, "LSC_UNTYPED store of one dword (0x11223344 to flat 0x10004)", 4, r, o, v)]++;
    if (cli_st_lsc_case(&c, 1) != 0) goto oom;
    n[k5 = st_one(d, &c, "LSC_UNTYPED load of one dword (flat 0x10004 into V34)", 5, r, o, v)]++;
    vo_case_free(&c);
    if (k0 == 3 && k2 == 3)
        fprintf(cout, "selftest: note: the DUT supports neither SCATTER nor GATHER_SCALED; their wiring is untested\n");
    if (k4 == 3 && k5 == 3)
        fprintf(cout, "selftest: note: the DUT supports no LSC_UNTYPED probe; its flat-memory wiring is untested\n");
    if (n[0])
        fprintf(cout, "selftest: the adapter is broken; fix the above first\n");
    else if (!n[1] && !n[2])
        fprintf(cout, "selftest: every probe was answered unsupported: the wiring is untested (not known to be right)\n");
    else if (n[2])
        fprintf(cout, "selftest: the wiring looks right; %d warning(s) above are semantic disagreements the vectors "
                      "will judge\n", n[2]);
    else if (n[3])
        fprintf(cout, "selftest: the wiring of the %d probe(s) the DUT answered looks right; %d probe(s) untested "
                      "(unsupported)\n", n[1], n[3]);
    else
        fprintf(cout, "selftest: the adapter looks right\n");
    fflush(cout);
    return n[0] == 0;
oom:
    vo_case_free(&c);
    fprintf(cout, "selftest: out of memory\n");
    return 0;
}

static int selftest_results(vo_dut *d, const char (*ids)[17], size_t tests)
{
    size_t lines = 0, unused = 0, dups = 0, found = 0, noid = 0;
    vo_dut_results_stats(d, &lines, &unused, &dups);
    for (size_t i = 0; i < tests; i++) {
        if (!ids[i][0]) noid++;
        else if (vo_dut_results_has(d, ids[i])) found++;
    }
    fprintf(cout, "selftest: %s: %zu result line(s), %zu duplicate id(s); %zu of %zu test(s) have a result\n",
           vo_dut_describe(d), lines, dups, found, tests);
    if (tests && !found && noid < tests) {
        fprintf(cout, "  no test id has a result line: each line must be {\"id\": \"<the test's id>\", \"status\": ...}\n"
               "  with the 16 hex digits of the vector's \"id\" copied verbatim\n");
        return 0;
    }
    if (found < tests - noid) fprintf(cout, "  %zu test(s) have no result line; they will fail as no_result\n", tests - noid - found);
    return 1;
}


/* ------------------------------------------------------------------ */
/* filters (--insn, --status, --tag, --skip-tag, --id)                 */
/* ------------------------------------------------------------------ */
#define VO_FILTER_MAX 64
typedef struct cfilter {
    int active;
    unsigned status_mask;           /* bit per vo_status; 0 = any */
    uint64_t tag_any[VO_TAG_WORDS], tag_skip[VO_TAG_WORDS]; /* bits of enum vo_tag */
    int ninsn, nid;
    char insn[VO_FILTER_MAX][24];
    char id[VO_FILTER_MAX][17];
} cfilter;

/* splits a comma list and calls add() on each item; 0, or -1 (message printed) */
static int filter_list(cfilter *f, const char *opt, const char *val,
                       int (*add)(cfilter *, const char *, const char *))
{
    char item[64];
    const char *p = val;
    for (;;) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n == 0 || n >= sizeof item) {
            cli_fail(VO_EXIT_BAD, "check: %s: empty or too long item in '%s'", opt, val);
            return -1;
        }
        memcpy(item, p, n);
        item[n] = 0;
        if (add(f, opt, item) != 0) return -1;
        if (!e) break;
        p = e + 1;
    }
    f->active = 1;
    return 0;
}

static int add_status(cfilter *f, const char *opt, const char *it)
{
    for (unsigned k = 0; k < 3; k++)
        if (!strcmp(it, vo_status_name((vo_status)k))) { f->status_mask |= 1u << k; return 0; }
    cli_fail(VO_EXIT_BAD, "check: %s: unknown status '%s' (ok, undefined, invalid)", opt, it);
    return -1;
}

static int tag_bit(const char *opt, const char *it, uint64_t *bits)
{
    for (unsigned k = 0; k < VO_TAG_COUNT; k++)
        if (!strcmp(it, vo_tag_name(k))) { bits[k / 64u] |= 1ull << (k % 64u); return 0; }
    cli_fail(VO_EXIT_BAD, "check: %s: unknown tag '%s' (docs/vectors.md lists the tags)", opt, it);
    return -1;
}
static int add_tag(cfilter *f, const char *opt, const char *it) { return tag_bit(opt, it, f->tag_any); }
static int add_skip_tag(cfilter *f, const char *opt, const char *it) { return tag_bit(opt, it, f->tag_skip); }

static int add_insn(cfilter *f, const char *opt, const char *it)
{
    int known = 0;
    for (unsigned op = 0; op < 256 && !known; op++) {
        const vo_desc *d = vo_desc_for((uint8_t)op);
        known = d && !strcasecmp(d->mnemonic, it); /* either case: GATHER_SCALED = gather_scaled */
        if (known) it = d->mnemonic;
    }
    if (!known && !(strlen(it) == 5 && !strncmp(it, "op_", 3))) {
        cli_fail(VO_EXIT_BAD, "check: %s: unknown instruction '%s' (a mnemonic such as scatter4_scaled, or op_XX)",
                 opt, it);
        return -1;
    }
    if (f->ninsn >= VO_FILTER_MAX) {
        cli_fail(VO_EXIT_BAD, "check: %s: more than %d instructions", opt, VO_FILTER_MAX);
        return -1;
    }
    snprintf(f->insn[f->ninsn++], sizeof f->insn[0], "%s", it);
    return 0;
}

static int add_id(cfilter *f, const char *opt, const char *it)
{
    size_t n = strlen(it);
    int hex = n == 16;
    for (size_t k = 0; k < n && hex; k++) hex = strchr("0123456789abcdefABCDEF", it[k]) != NULL;
    if (!hex) {
        cli_fail(VO_EXIT_BAD, "check: %s: '%s' is not a test id (16 hex digits)", opt, it);
        return -1;
    }
    if (f->nid >= VO_FILTER_MAX) {
        cli_fail(VO_EXIT_BAD, "check: %s: more than %d ids", opt, VO_FILTER_MAX);
        return -1;
    }
    for (size_t k = 0; k < 16; k++) f->id[f->nid][k] = (char)(it[k] >= 'A' && it[k] <= 'F' ? it[k] + 32 : it[k]);
    f->id[f->nid++][16] = 0;
    return 0;
}

/* 1 when the test is selected (after the oracle ran it) */
static int filter_keep(const cfilter *f, const char *id, const vo_case *c, const vo_result *r)
{
    if (!f->active) return 1;
    if (f->nid) {
        int hit = 0;
        for (int k = 0; k < f->nid && !hit; k++) hit = !strcmp(f->id[k], id);
        if (!hit) return 0;
    }
    if (f->status_mask && !(f->status_mask >> (unsigned)r->status & 1)) return 0;
    if (!vo_tags_empty(f->tag_any) && !vo_tags_any(r->tags, f->tag_any)) return 0;
    if (vo_tags_any(r->tags, f->tag_skip)) return 0;
    if (f->ninsn) {
        char mn[24];
        vo_insn_mnemonic(c->insn, c->insn_len, mn, sizeof mn);
        int hit = 0;
        for (int k = 0; k < f->ninsn && !hit; k++) hit = !strcmp(f->insn[k], mn);
        if (!hit) return 0;
    }
    return 1;
}

/* bucket table: failing (and unsupported) tests per bucket: cli_btab (shard_proof.c; hashed, D245).
 * The table is a summary: a bucket lost to OOM is only not listed. */

static void json_str(FILE *o, const char *s)
{
    fputc('"', o);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(o, "\\%c", ch);
        else if (ch < 32) fprintf(o, "\\u%04x", ch);
        else fputc(ch, o);
    }
    fputc('"', o);
}

/* ------------------------------------------------------------------ */
/* running the tests: one worker, or -j N workers (issue 18)           */
/* ------------------------------------------------------------------ */

/* what a worker hands back for one test; consumed in test order */
typedef struct outcome {
    int done;
    int fatal;      /* exit status of a fatal error (message in rep), else 0 */
    int pass, dstatus, invalid_rejected, code_match;
    int skipped;    /* not selected by the filters (--insn, --status, --tag, --skip-tag, --id) */
    int unsupported; /* failing, but the DUT said unsupported: counted apart */
    char bucket[96];
    char cause[96]; /* D305 */
    char lanes[384]; /* D406: the misread controls that explain the whole reply, or "" */
    char misread[256]; /* D407: the misread address or data-size rules that explain it, or "" */
    char ureason[128]; /* unsupported: "<insn>: <the DUT's reason>" (issue 32) */
    uint8_t rd[VO_RD_COUNT]; /* D347: per reading, 1 the DUT matched only A, 2 only B, 3 neither; 0 both/none */
    uint64_t tags[VO_TAG_WORDS]; /* the failing test's tags */
    char *rep;      /* the report of a failing test (text or --json record) */
    char *last;     /* crash/timeout/garbage: the line naming it */
    char *note;     /* a timeout with a start-up allowance: the stderr note */
} outcome;

struct pool;
typedef struct worker {
    vo_dut *d;
    vo_case c;
    vo_result r;
    vo_dut_out o;
    vo_verdict v;
    vo_result rb;  /* D347: reading B's result */
    vo_verdict vb;
    char *mini;
    size_t mcap;
    char *ibuf; /* D247: this worker's test input, read by offset (-j N) */
    size_t icap;
    pthread_t th;
    int started;
    struct pool *p;
} worker;

typedef struct pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    size_t next, n;
    int stop;
    const size_t *jobs;  /* the current file's tests to run, in order (indices) */
    outcome *res;
    const vo_testset *set; /* the current file */
    const char *file;
    int rfd; /* D247: >= 0: the workers read each input from this file by offset (the text is not held) */
    int json, quiet, cmd, timeout_ms, list_unsup;
    uint32_t judge_b;     /* D348: --reading: decisions judged by reading B (1u << enum vo_reading) */
    unsigned rows;
    const cfilter *filt;
} pool;

static char *fmt_alloc(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *fmt_alloc(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0) s = NULL;
    va_end(ap);
    return s;
}

/* runs test k of the run on worker w's DUT; fills *oc */
static void run_one(pool *p, worker *w, size_t k, outcome *oc)
{
    size_t ti = p->jobs[k];
    const vo_testref *t = &p->set->t[ti];
    vo_testref tw;
    if (p->rfd >= 0) { /* D247: the input by offset; a short read fails the hash below */
        if (w->icap < t->input_len + 1) {
            char *nb = realloc(w->ibuf, t->input_len + 1);
            if (!nb) {
                oc->fatal = VO_EXIT_FAIL;
                oc->rep = fmt_alloc("check: out of memory");
                return;
            }
            w->ibuf = nb;
            w->icap = t->input_len + 1;
        }
        tw = *t;
        tw.input_len = cli_pread_full(p->rfd, w->ibuf, t->input_len, t->input_off);
        w->ibuf[tw.input_len] = 0;
        tw.input = w->ibuf;
        if (tw.input_len != t->input_len) tw.input_hash = ~vo_span_hash(w->ibuf, tw.input_len);
        t = &tw;
    }
    vo_error e;
    if (vo_span_hash(t->input, t->input_len) != t->input_hash) { /* rewritten since the first pass (issue 30) */
        oc->fatal = VO_EXIT_BAD;
        oc->rep = fmt_alloc("check: '%s' changed while check was running (test %zu%s%s: its input is not the one "
                            "validated; it was validated before the first test; the run stops here)",
                            p->file, ti + 1, t->id[0] ? " id " : "", t->id);
        return;
    }
    if (vo_case_from_json(t->input, t->input_len, &w->c, &e) != 0) {
        oc->fatal = VO_EXIT_BAD;
        oc->rep = fmt_alloc("check: %s test %zu%s%s: %s at %s (offset %lld): %s", p->file, ti + 1,
                            t->id[0] ? " id " : "", t->id, vo_errcode_name(e.code), e.field ? e.field : "-",
                            (long long)e.offset, e.message);
        return;
    }
    const char *in_json = NULL;
    size_t in_len = 0;
    if (p->cmd) {
        if (w->mcap < t->input_len + 1) {
            free(w->mini);
            w->mcap = t->input_len + 1;
            w->mini = malloc(w->mcap);
            if (!w->mini) {
                w->mcap = 0;
                oc->fatal = VO_EXIT_FAIL;
                oc->rep = fmt_alloc("check: out of memory");
                return;
            }
        }
        in_len = vo_json_minify(t->input, t->input_len, w->mini);
        in_json = w->mini;
    }
    char idbuf[17];
    const char *id = t->id;
    if (!id[0]) {
        if (vo_case_id(&w->c, idbuf) != 0) idbuf[0] = 0;
        id = idbuf;
    }
    /* vo_case_from_json accepted the case: its state passed vo_state_check, and
     * nothing above changes it (vo_case_id, vo_json_minify only read) */
    vo_run_checked(&w->c.state, w->c.insn, w->c.insn_len, &w->r);
    if (!filter_keep(p->filt, id, &w->c, &w->r)) {
        oc->skipped = 1;
        return;
    }
    if (vo_dut_exec(w->d, &w->c, in_json, in_len, id, &w->o) < 0) {
        oc->fatal = VO_EXIT_BAD;
        oc->rep = fmt_alloc("check: cannot run the DUT: %s", w->o.msg);
        return;
    }
    vo_dut_out *o = &w->o;
    /* D347: which reading the DUT followed where they differ; D348: the declared reading is judged */
    uint32_t cand = vo_readings_candidates(&w->c.state, w->c.insn, w->c.insn_len, &w->r);
    if (cand) {
        int pa = vo_verdict_compute(&w->c.state, w->c.insn, w->c.insn_len, &w->r, o, &w->v);
        int pall = -1; /* the verdict against reading B of every decision, run once per test when needed */
        const uint32_t all = (1u << VO_RD_COUNT) - 1u;
        for (unsigned i = 0; i < VO_RD_COUNT && o->status != VO_DUT_UNSUPPORTED; i++) {
            if (!(cand >> i & 1)) continue;
            vo_run_reading(&w->c.state, w->c.insn, w->c.insn_len, 1u << i, &w->rb);
            int pb = vo_verdict_compute(&w->c.state, w->c.insn, w->c.insn_len, &w->rb, o, &w->vb), qa = pa;
            /* D391: a DUT that follows B of every decision is "B" for each, one that follows B of all the
             * others and A of this one is "A" (every decision, not only the candidates: one reading B can
             * lead to another's point that reading A never reaches, D2's bit 3 to D18's mask offset) */
            if (!pb) {
                if (pall < 0) {
                    vo_run_reading(&w->c.state, w->c.insn, w->c.insn_len, all, &w->rb);
                    pall = vo_verdict_compute(&w->c.state, w->c.insn, w->c.insn_len, &w->rb, o, &w->vb);
                }
                pb = pall;
            }
            if (!qa) {
                vo_run_reading(&w->c.state, w->c.insn, w->c.insn_len, all & ~(1u << i), &w->rb);
                qa = vo_verdict_compute(&w->c.state, w->c.insn, w->c.insn_len, &w->rb, o, &w->vb);
            }
            oc->rd[i] = (uint8_t)(qa && !pb ? 1 : pb && !qa ? 2 : !qa && !pb ? 3 : 0);
        }
        /* every declared reading B at once: one decision's B can lead past another's point (D2's bit 3 to D50's surface) */
        if (cand & p->judge_b) vo_run_reading(&w->c.state, w->c.insn, w->c.insn_len, p->judge_b, &w->r);
    }
    oc->pass = vo_verdict_compute(&w->c.state, w->c.insn, w->c.insn_len, &w->r, o, &w->v);
    oc->dstatus = o->status;
    oc->invalid_rejected = w->r.status == VO_INVALID && o->status == VO_DUT_REJECTED;
    oc->code_match = w->v.code_match;
    if (o->status == VO_DUT_TIMEOUT && vo_dut_last_allowance(w->d) > 0)
        oc->note = fmt_alloc("visa-oracle: check: note: test %s (%s test %zu): no reply within %d ms + %d ms start-up "
                             "allowance (a fresh process's first reply)\n", id[0] ? id : "-", p->file, ti + 1,
                             p->timeout_ms, vo_dut_last_allowance(w->d));
    if (o->status == VO_DUT_CRASH || o->status == VO_DUT_TIMEOUT || o->status == VO_DUT_GARBAGE)
        oc->last = fmt_alloc("test %s (%s test %zu): %s: %.200s", id[0] ? id : "-", p->file, ti + 1,
                             vo_dut_status_name((unsigned)o->status), o->msg[0] ? o->msg : "no message");
    if (oc->pass) return;
    snprintf(oc->bucket, sizeof oc->bucket, "%s", w->v.bucket);
    snprintf(oc->cause, sizeof oc->cause, "%s", w->v.cause);
    oc->unsupported = w->v.unsupported;
    /* D406 (under reading A only: the lane sets are run with it) */
    if (!oc->unsupported && !(cand & p->judge_b)) vo_verdict_lanes(&w->c.state, w->c.insn, w->c.insn_len, &w->r, o, &w->v);
    snprintf(oc->lanes, sizeof oc->lanes, "%s", w->v.lanes);
    snprintf(oc->misread, sizeof oc->misread, "%s", w->v.misread);
    char where[300];
    snprintf(where, sizeof where, "%s#%zu", p->file, ti + 1);
    memcpy(oc->tags, w->r.tags, sizeof oc->tags);
    if (oc->unsupported)
        snprintf(oc->ureason, sizeof oc->ureason, "%.24s: %.80s", w->v.mnemonic, w->o.msg[0] ? w->o.msg : "no reason given");
    /* issue 32: unsupported tests are summarised; --unsupported lists each --json record */
    if (p->json && (!oc->unsupported || p->list_unsup)) oc->rep = vo_report_json_at(id, where, &w->v);
    else if (!p->json && !oc->unsupported) oc->rep = vo_report_text_at(id, where, &w->v, p->quiet ? 0 : p->rows);
    oc->rep = cli_report_add_tags(oc->rep, p->json, oc->tags);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    pool *p = w->p;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        if (p->stop || p->next >= p->n) {
            pthread_mutex_unlock(&p->mu);
            return NULL;
        }
        size_t k = p->next++;
        pthread_mutex_unlock(&p->mu);
        outcome oc;
        memset(&oc, 0, sizeof oc);
        run_one(p, w, k, &oc);
        pthread_mutex_lock(&p->mu);
        oc.done = 1;
        p->res[k] = oc;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
    }
}

/* shard of a test: its id (16 hex digits) as a number, mod n */
static uint64_t id_value(const char *id)
{
    uint64_t v = 0;
    for (int i = 0; i < 16 && id[i]; i++) {
        char ch = id[i];
        v = v * 16 + (uint64_t)(ch <= '9' ? ch - '0' : (ch | 32) - 'a' + 10);
    }
    return v;
}

/* --shard i/n: 0 ok, -1 malformed */
static int parse_shard(const char *s, unsigned long *i, unsigned long *n)
{
    char *e1, *e2;
    if (!s[0] || s[0] < '0' || s[0] > '9') return -1;
    errno = 0;
    unsigned long a = strtoul(s, &e1, 10);
    if (errno || *e1 != '/' || e1[1] < '0' || e1[1] > '9') return -1;
    unsigned long b = strtoul(e1 + 1, &e2, 10);
    if (errno || *e2 || b < 1 || b > 1000000 || a >= b) return -1;
    *i = a;
    *n = b;
    return 0;
}

/* ------------------------------------------------------------------ */
/* reading: every test of every file is validated before the first DUT call
 * (issue 17), then the files are read again and run one at a time, so the
 * peak memory is one file, not all of them (issue 15): a regular file through
 * a window (wbuf), else whole (rbuf); both buffers are kept from file to
 * file and serve both passes. A file that is not a
 * regular file (stdin, a pipe) cannot be read twice: it is kept from the
 * first pass. A file that changed between the passes (file_stamp, size) is
 * refused; an unchanged one is not scanned again (its tests' offsets are kept). */
static char *rbuf; /* the buffer of a file read whole, both passes */
static size_t rcap;
static char *wbuf; /* the window of a file read through one, both passes (wcap + 1 bytes) */
static size_t wcap;

typedef struct vfile {
    uint64_t stamp[4];  /* file_stamp before the first pass read it */
    size_t len, n;
    int keep;           /* the set below is kept from the first pass */
    vo_testset set;     /* otherwise its test list is kept without the text (test_off, input_off) */
} vfile;

/* identity of a file's bytes between the passes: the size, the test count and
 * the inode's change and modification times (ns). A rewrite within one clock
 * tick can slip through: then its tests are parsed again as they are run, and
 * a malformed one stops the run with its message (never a crash, never a
 * verdict on bytes that were not parsed). */
static void file_stamp(const char *path, uint64_t st_out[4])
{
    struct stat st;
    memset(st_out, 0, 4 * sizeof st_out[0]);
    if (stat(path, &st) != 0) return;
    st_out[0] = (uint64_t)st.st_ino;
    st_out[1] = (uint64_t)st.st_dev;
    st_out[2] = (uint64_t)st.st_mtim.tv_sec * 1000000000u + (uint64_t)st.st_mtim.tv_nsec;
    st_out[3] = (uint64_t)st.st_ctim.tv_sec * 1000000000u + (uint64_t)st.st_ctim.tv_nsec;
}

static int regular_file(const char *path)
{
    struct stat st;
    return strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int bad_test(const char *file, size_t i, const vo_testref *t, const vo_error *e)
{
    return cli_fail(VO_EXIT_BAD, "check: %s test %zu%s%s: %s at %s (offset %lld): %s", file, i + 1,
                    t->id[0] ? " id " : "", t->id, vo_errcode_name(e->code), e->field ? e->field : "-",
                    (long long)e->offset, e->message);
}

/* the first pass's reader of a test's input, called by the file scan as it
 * meets the input (one pass over the text): the fast reader's checks (no
 * tree, no data kept: the run pass reads the input again), which also say
 * where the input ends; NULL when it gives up (the scan skips the input and
 * validate_all parses it with vo_case_from_json, which reports) */
static const char *read_input(void *ctx, const char *v, const char *e)
{
    size_t used = 0;
    return vo_case_check_fast(v, (size_t)(e - v), ctx, &used) == 0 ? v + used : NULL;
}

/* the first pass's work on one test while its text is at hand */
typedef struct vctx {
    vo_case *c;
    int want_ids;
    char (**ids)[17];
    size_t nid, idcap;
    vo_error e; /* after -1: the strict reader's error (oom: none) */
    int oom;
} vctx;

/* reads the test's input with the strict reader when the scan's fast reader
 * did not accept it (or when the id of its input is wanted); records its id.
 * 0, or -1 (e or oom). Two "input" or "id" members were refused by the scan;
 * an input the fast reader accepted is valid (vo_case_from_json would accept
 * it); any other goes through vo_case_from_json, whose error is the report. */
static int take_test(void *ctx, vo_testset *ts, size_t i)
{
    vctx *x = ctx;
    const vo_testref *t = &ts->t[i];
    int need_case = x->want_ids && !t->id[0];
    if ((!t->read_ok || need_case) && vo_case_from_json(t->input, t->input_len, x->c, &x->e) != 0) return -1;
    ts->t[i].input_hash = vo_span_hash(t->input, t->input_len); /* the run pass runs these bytes or stops */
    if (!x->want_ids) return 0;
    if (x->nid == x->idcap) {
        size_t nc = x->idcap ? x->idcap * 2 : 1024;
        char(*ni)[17] = realloc(*x->ids, nc * sizeof **x->ids);
        if (!ni) {
            x->oom = 1;
            return -1;
        }
        *x->ids = ni;
        x->idcap = nc;
    }
    char *id = (*x->ids)[x->nid];
    memcpy(id, t->id, 17);
    if (!id[0] && vo_case_id(x->c, id) != 0) id[0] = 0; /* the id of its input */
    x->nid++;
    return 0;
}

/* rbuf at the size of the largest regular file at its first use: growing it
 * file by file faulted its pages in again at each growth */
static size_t rbuf_most;
static void rbuf_ready(void)
{
    if (rbuf_most > rcap) {
        free(rbuf);
        rbuf = malloc(rbuf_most); /* (NULL: the reader allocates, and reports) */
        rcap = rbuf ? rbuf_most : 0;
    }
}

/* first pass: reads and parses every test; *ids gets every test's id when
 * want_ids (for --results --dut-selftest). A regular file is read through the
 * window (vo_testset_scan_window); any other, and any file the window scan
 * gives back (another shape, gzip, an error), whole, which reports. 0 or an
 * exit status. */
static int validate_all(char *const *files, int nfiles, vfile *vf, vo_case *c, int want_ids, char (**ids)[17],
                        size_t *ntests)
{
    char err[512];
    vctx x = { c, want_ids, ids, 0, 0, { 0 }, 0 };
    *ntests = 0;
    rbuf_most = 0;
    for (int f = 0; f < nfiles; f++) {
        struct stat st;
        if (strcmp(files[f], "-") != 0 && stat(files[f], &st) == 0 && S_ISREG(st.st_mode) &&
            (uint64_t)st.st_size <= VO_MAX_INPUT_BYTES && (size_t)st.st_size + 2 > rbuf_most)
            rbuf_most = (size_t)st.st_size + 2;
    }
    for (int f = 0; f < nfiles; f++) {
        vo_testset *ts = &vf[f].set;
        file_stamp(files[f], vf[f].stamp);
        vf[f].keep = !regular_file(files[f]); /* then the set keeps its own text */
        size_t nid0 = x.nid;
        int whole = vf[f].keep ||
                    vo_testset_scan_window(ts, files[f], read_input, c, take_test, &x, &wbuf, &wcap) != 0;
        if (whole) {
            x.nid = nid0; /* (the ids the window scan took, if any, are taken again) */
            if (!vf[f].keep) rbuf_ready();
            if (vo_testset_load_reading(ts, files[f], err, sizeof err, read_input, c, vf[f].keep ? NULL : &rbuf,
                                        &rcap) != 0)
                return cli_fail(VO_EXIT_BAD, "check: %s", err);
            for (size_t i = 0; i < ts->n; i++)
                if (take_test(&x, ts, i) != 0)
                    return x.oom ? cli_fail(VO_EXIT_FAIL, "check: out of memory")
                                 : bad_test(files[f], i, &ts->t[i], &x.e);
        }
        vf[f].len = ts->len;
        vf[f].n = ts->n;
        *ntests += ts->n;
        /* the text goes (rbuf's, or the window's); where each test lies in
         * it stays (test_off, input_off), so that the run pass reads the file
         * again without scanning it again */
        if (!vf[f].keep) ts->text = NULL;
    }
    return 0;
}

/* the run pass's refusal of a file that changed since the first pass (why:
 * how, or NULL) */
static int changed(const char *path, const char *why)
{
    return cli_fail(VO_EXIT_BAD, "check: '%s' changed while check was running (%s%sit was validated before the first "
                    "test; the run stops here)", path, why ? why : "", why ? "; " : "");
}

/* second pass: the file's set, read again and compared with the first pass */
static int reload(const char *path, vfile *vf)
{
    char err[512];
    if (vf->keep) return 0;
    uint64_t now[4];
    file_stamp(path, now);
    if (memcmp(now, vf->stamp, sizeof now) != 0) return changed(path, NULL);
    size_t len = 0;
    rbuf_ready();
    char *text = cli_read_input_buf(path, &len, CLI_READ_GZIP, &rbuf, &rcap, err, sizeof err);
    if (!text) return changed(path, err);
    if (len != vf->len) return changed(path, NULL);
    vf->set.text = text;
    vf->set.len = len;
    for (size_t i = 0; i < vf->set.n; i++) { /* same length, same stamp: the tests lie where they lay */
        vf->set.t[i].test = text + vf->set.t[i].test_off;
        vf->set.t[i].input = text + vf->set.t[i].input_off;
    }
    return 0;
}

/* The run pass with one worker reads a regular, uncompressed file through a
 * window of VO_SCAN_WINDOW bytes (wbuf; pread at the next test's input), not
 * whole: a window
 * that stays in the core's cache makes the kernel's copy and the reader's
 * first touch of the text cheaper than a buffer the size of the file (issue
 * 15 point 8; bench-check.sh). An input longer than that gets a window of its
 * length (at most the file's). Workers (-j) and gzip files take reload(). */
typedef struct rwin {
    int fd;
    size_t base, fill; /* the file offset of wbuf[0]; bytes of the file in wbuf */
    size_t len;        /* the file's length (the first pass's) */
    const char *path;
} rwin;

/* opens a file for the window: 1 when the window can read it (regular, not
 * gzip, same stamp and length as in the first pass), 0 when reload() must
 * (gzip), or an exit status (>= 2) */
static int win_open(rwin *w, const char *path, vfile *vf)
{
    uint64_t now[4];
    file_stamp(path, now);
    if (memcmp(now, vf->stamp, sizeof now) != 0) return changed(path, "its time stamps differ");
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return changed(path, strerror(errno));
    struct stat st;
    unsigned char mg[2];
    if (cli_is_gzip(mg, cli_pread_full(fd, mg, 2, 0))) {
        close(fd);
        return 0;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size != vf->len) {
        close(fd);
        return changed(path, "its length differs");
    }
    w->fd = fd;
    w->base = w->fill = 0;
    w->len = vf->len;
    w->path = path;
    return 1;
}

/* makes [off, off + n) of the file readable at the returned pointer (in
 * wbuf); NULL after a message (exit status in *rc) */
static const char *win_at(rwin *w, size_t off, size_t n, int *rc)
{
    if (off >= w->base && off + n <= w->base + w->fill) return wbuf + (off - w->base);
    size_t want = n > VO_SCAN_WINDOW ? n : VO_SCAN_WINDOW;
    if (want > w->len - off) want = w->len - off; /* (n fits: the first pass found the input there) */
    if (want > wcap || !wbuf) {
        char *nb = realloc(wbuf, want + 1);
        if (!nb) {
            *rc = cli_fail(VO_EXIT_FAIL, "check: out of memory");
            return NULL;
        }
        wbuf = nb;
        wcap = want;
    }
    size_t got = cli_pread_full(w->fd, wbuf, want, off);
    wbuf[got] = 0;
    w->base = off;
    w->fill = got;
    if (got < n) {
        *rc = changed(w->path, "it is shorter");
        return NULL;
    }
    return wbuf;
}

static int u64_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* a test given more than once (the same id in two files, or twice in one) is
 * run and counted each time: said on stderr, with one such id (issue 30
 * point 12; D237) */
static void note_repeats(const char (*ids)[17], size_t n)
{
    uint64_t *v = n ? malloc(n * sizeof *v) : NULL;
    if (!v) return;
    size_t m = 0, rep = 0;
    for (size_t k = 0; k < n; k++)
        if (ids[k][0]) v[m++] = id_value(ids[k]);
    qsort(v, m, sizeof *v, u64_cmp);
    uint64_t one = 0;
    for (size_t k = 1; k < m; k++)
        if (v[k] == v[k - 1]) {
            if (!rep++) one = v[k];
        }
    if (rep)
        fprintf(stderr, "visa-oracle: check: note: %zu test(s) given more than once (e.g. id %016llx): each copy is "
                "run and counted\n", rep, (unsigned long long)one);
    free(v);
}

/* ------------------------------------------------------------------ */
/* check's options: add a row here and a case in cmd_check's switch (cli_util.c) */
enum {
    OPT_DUT_LIB = 256, OPT_DUT_CMD, OPT_RESULTS, OPT_TIMEOUT_MS, OPT_ROWS, OPT_STARTUP_MS, OPT_MAX_CONSEC, OPT_JSON,
    OPT_SELFTEST, OPT_BENCH, OPT_ISOLATE, OPT_SHARD, OPT_INSN, OPT_STATUS, OPT_TAG, OPT_SKIP_TAG, OPT_ID,
    OPT_UNSUPPORTED,
    OPT_READING,
};
static const struct option check_opts[] = {
    { "dut-lib", required_argument, NULL, OPT_DUT_LIB },
    { "dut-cmd", required_argument, NULL, OPT_DUT_CMD },
    { "results", required_argument, NULL, OPT_RESULTS },
    { "isolate", no_argument, NULL, OPT_ISOLATE },
    { "jobs", required_argument, NULL, 'j' },
    { "shard", required_argument, NULL, OPT_SHARD },
    { "timeout-ms", required_argument, NULL, OPT_TIMEOUT_MS },
    { "rows", required_argument, NULL, OPT_ROWS },
    { "startup-ms", required_argument, NULL, OPT_STARTUP_MS },
    { "max-consecutive-failures", required_argument, NULL, OPT_MAX_CONSEC },
    { "json", no_argument, NULL, OPT_JSON },
    { "dut-selftest", no_argument, NULL, OPT_SELFTEST },
    { "bench", no_argument, NULL, OPT_BENCH },
    { "quiet", no_argument, NULL, 'q' },
    { "insn", required_argument, NULL, OPT_INSN },
    { "status", required_argument, NULL, OPT_STATUS },
    { "tag", required_argument, NULL, OPT_TAG },
    { "skip-tag", required_argument, NULL, OPT_SKIP_TAG },
    { "id", required_argument, NULL, OPT_ID },
    { "unsupported", no_argument, NULL, OPT_UNSUPPORTED },
    { "reading", required_argument, NULL, OPT_READING },
    { NULL, 0, NULL, 0 },
};

static vo_dut *open_dut(const char *lib, const char *cmd, const char *res, int isolate, int timeout_ms, int startup_ms,
                        char *err, size_t errcap)
{
    vo_dut *d = lib ? (isolate ? vo_dut_open_isolated(lib, timeout_ms, err, errcap) : vo_dut_open_lib(lib, err, errcap))
              : cmd ? vo_dut_open_cmd(cmd, timeout_ms, err, errcap)
                    : vo_dut_open_results(res, err, errcap);
    if (d) vo_dut_set_startup_ms(d, startup_ms);
    return d;
}

int cmd_check(int argc, char **argv)
{
    const char *lib = NULL, *cmd = NULL, *res = NULL, *timing_opt = NULL;
    int json = 0, self = 0, quiet = 0, bench = 0, timeout_ms = 10000, isolate = 0, list_unsup = 0;
    uint32_t judge_b = 0; /* D348 */
    long njobs = 1;
    unsigned long shard_i = 0, shard_n = 1;
    int startup_ms = VO_STARTUP_MS_DEFAULT;
    long max_consec = 20;
    double t_start = cpu_s();
    unsigned rows = 16;
    static cfilter filt;
    memset(&filt, 0, sizeof filt);
    cout = stdout;
    cli_getopt go;
    cli_getopt_init(&go, "check", argc, argv, check_opts);
    for (int c; (c = cli_getopt_next(&go)) != -1;) {
        long n;
        switch (c) {
        case CLI_OPT_HELP: fputs(check_help, stdout); return VO_EXIT_OK;
        case OPT_DUT_LIB: lib = go.arg; break;
        case OPT_DUT_CMD: cmd = go.arg; break;
        case OPT_RESULTS: res = go.arg; break;
        case OPT_TIMEOUT_MS:
        case OPT_ROWS:
            if (cli_parse_count(go.arg, 1, &n) != 0)
                return cli_fail(VO_EXIT_BAD, "check: %s wants a positive number, not '%s'", go.name, go.arg);
            if (c == OPT_TIMEOUT_MS) timeout_ms = (int)n, timing_opt = "--timeout-ms"; else rows = (unsigned)n;
            break;
        case 'j':
            if (cli_parse_count(go.arg, 1, &n) != 0 || n > 256)
                return cli_fail(VO_EXIT_BAD, "check: %s wants a number of workers 1..256, not '%s'", go.name, go.arg);
            njobs = n;
            break;
        case OPT_SHARD:
            if (parse_shard(go.arg, &shard_i, &shard_n) != 0)
                return cli_fail(VO_EXIT_BAD, "check: --shard wants i/n with 0 <= i < n (e.g. 0/4 .. 3/4), not '%s'",
                                go.arg);
            break;
        case OPT_ISOLATE: isolate = 1; break;
        case OPT_STARTUP_MS:
        case OPT_MAX_CONSEC:
            if (cli_parse_count(go.arg, 0, &n) != 0)
                return cli_fail(VO_EXIT_BAD, "check: %s wants a number 0..86400000, not '%s'", go.name, go.arg);
            if (c == OPT_STARTUP_MS) startup_ms = (int)n, timing_opt = "--startup-ms"; else max_consec = n;
            break;
        case OPT_JSON: json = 1; break;
        case OPT_SELFTEST: self = 1; break;
        case OPT_BENCH: bench = 1; break;
        case OPT_UNSUPPORTED: list_unsup = 1; break;
        case OPT_READING:
            if (cli_reading_opt(go.arg, &judge_b) != 0) return VO_EXIT_BAD;
            break;
        case 'q': quiet = 1; break;
        case OPT_INSN:
        case OPT_STATUS:
        case OPT_TAG:
        case OPT_SKIP_TAG:
        case OPT_ID: {
            int (*add)(cfilter *, const char *, const char *) = c == OPT_INSN ? add_insn
                : c == OPT_STATUS ? add_status : c == OPT_TAG ? add_tag : c == OPT_SKIP_TAG ? add_skip_tag : add_id;
            if (filter_list(&filt, go.name, go.arg, add) != 0) return VO_EXIT_BAD;
            break;
        }
        default: return VO_EXIT_BAD;
        }
    }
    char **files = argv + go.first_operand;
    int nfiles = argc - go.first_operand;
    if ((lib != NULL) + (cmd != NULL) + (res != NULL) != 1) {
        return cli_fail(VO_EXIT_BAD, "check: give exactly one of --dut-lib, --dut-cmd, --results");
    }
    if (!nfiles && !self) {
        return cli_fail(VO_EXIT_BAD, "check: no vector files (try 'visa-oracle check --help')");
    }
    if (res && self && !nfiles) {
        return cli_fail(VO_EXIT_BAD, "check: --dut-selftest with --results needs the vector files");
    }
    /* issue 17: options that do not apply to the transport are refused */
    if (isolate && !lib) return cli_fail(VO_EXIT_BAD, "check: --isolate applies to --dut-lib only");
    int procs = cmd || (lib && isolate); /* transports with processes, timeouts, restarts */
    if (timing_opt && !procs)
        return cli_fail(VO_EXIT_BAD, "check: %s applies to --dut-cmd and --dut-lib --isolate only (%s runs %s)", timing_opt,
                        lib ? "--dut-lib without --isolate" : "--results", lib ? "in this process" : "no DUT");
    if (njobs > 1 && !procs)
        return cli_fail(VO_EXIT_BAD, "check: -j applies to --dut-cmd and --dut-lib --isolate only (%s)",
                        lib ? "an in-process library runs one test at a time" : "--results replays a file");


    char err[512];
    vfile *vf = calloc((size_t)nfiles + 1, sizeof *vf);
    char(*ids)[17] = NULL;
    if (!vf) {
        return cli_fail(VO_EXIT_FAIL, "check: out of memory");
    }
    int rc = VO_EXIT_OK, saved_out = -1;
    size_t ntests = 0;
    static vo_case c;
    vo_case_init(&c);
    /* every test validated before the first DUT call; the ids of the whole set */
    rc = validate_all(files, nfiles, vf, &c, 1, &ids, &ntests);
    if (rc != VO_EXIT_OK) goto out_sets;
    note_repeats(ids, ntests);
    saved_out = -1;
    if (lib && !isolate) { /* the library's stdout goes to stderr; check writes on a duplicate of stdout */
        fflush(stdout);
        int dupfd = dup(STDOUT_FILENO);
        FILE *f = dupfd >= 0 ? fdopen(dupfd, "w") : NULL;
        if (f && (saved_out = dup(STDOUT_FILENO)) >= 0 && dup2(STDERR_FILENO, STDOUT_FILENO) >= 0) {
            cout = f;
        } else {
            if (f) fclose(f);
            else if (dupfd >= 0) close(dupfd);
            if (saved_out >= 0) close(saved_out);
            saved_out = -1;
        }
    }
    uint64_t set_hash = 1469598103934665603ull; /* FNV-1a over the ids of the whole set, in order (merge) */
    size_t maxn = 1, nrun = 0;
    for (size_t k = 0; k < ntests; k++) {
        for (int q = 0; q < 16 && ids[k][q]; q++) set_hash = (set_hash ^ (uint8_t)ids[k][q]) * 1099511628211ull;
        set_hash = (set_hash ^ '\n') * 1099511628211ull;
        if (shard_n == 1 || id_value(ids[k]) % shard_n == shard_i) nrun++;
    }
    /* D244: what the shard ran, proved to merge (shard_proof.h) */
    uint64_t *psum = calloc(shard_n, sizeof *psum), ran_sum = 0;
    char proof[65] = "";
    if (psum) {
        cli_shard_sums((const char (*)[17])ids, ntests, shard_n, psum);
        ran_sum = psum[shard_i];
        if (cli_shard_commit(shard_n, psum, proof) != 0) proof[0] = 0;
        free(psum);
    }
    for (int f = 0; f < nfiles; f++)
        if (vf[f].n > maxn) maxn = vf[f].n;
    /* the tests of one file in run order (--shard: those whose id falls in it) */
    size_t *jobs = malloc(maxn * sizeof *jobs);
    outcome *res_v = calloc(maxn, sizeof *res_v);
    worker *w = calloc((size_t)njobs, sizeof *w);
    cli_btab bt = { 0 }, ct = { 0 }, ut = { 0 }; /* failing buckets; causes (D305); unsupported per instruction and reason */
    cli_btab lt = { 0 }; /* D406: failing tests per lane misreading ("chen.pred_invert:invert_ignored") */
    cli_btab mt = { 0 }; /* D407: failing tests per address or data-size misreading ("lsc.a32:a32_sign_extended") */
    cli_btab it = { 0 }, nt = { 0 }; /* D408: failing tests per instruction, and per instruction and misreading */
    size_t tagn[VO_TAG_COUNT] = { 0 };               /* failing tests per tag (issue 32) */
    size_t rdn[VO_RD_COUNT][3];                      /* D347: tests per reading: matched A only, B only, neither */
    memset(rdn, 0, sizeof rdn);
    pool pl;
    memset(&pl, 0, sizeof pl);
    pl.rfd = -1;
    pthread_mutex_init(&pl.mu, NULL);
    pthread_cond_init(&pl.cv, NULL);
    int nw = 0, ninit = 0;
    if (!jobs || !res_v || !w || !proof[0]) {
        rc = cli_fail(VO_EXIT_FAIL, "check: out of memory");
        goto out_dut;
    }
    pl.jobs = jobs;
    pl.res = res_v;
    pl.json = json;
    pl.list_unsup = list_unsup;
    pl.judge_b = judge_b;
    pl.quiet = quiet;
    pl.rows = rows;
    pl.cmd = procs;
    pl.filt = &filt;
    pl.timeout_ms = timeout_ms;
    nw = (int)njobs;
    if ((size_t)nw > nrun) nw = nrun ? (int)nrun : 1;
    for (int k = 0; k < nw; k++) {
        w[k].p = &pl;
        vo_case_init(&w[k].c);
        vo_result_init(&w[k].r);
        vo_result_init(&w[k].rb);
        vo_dut_out_init(&w[k].o);
        ninit = k + 1;
        w[k].d = open_dut(lib, cmd, res, isolate, timeout_ms, startup_ms, err, sizeof err);
        if (!w[k].d) {
            rc = cli_fail(VO_EXIT_BAD, "check: %s", err);
            goto out_dut;
        }
        vo_dut_set_stable_messages(w[k].d, 1); /* issue 18: the report does not depend on -j */
    }
    vo_dut *d = w[0].d;
    static char obuf[1 << 16];
    setvbuf(cout, obuf, _IOFBF, sizeof obuf);

    if (self) {
        int ok = res ? selftest_results(d, (const char(*)[17])ids, ntests) : selftest(d, &w[0].r, &w[0].o, &w[0].v);
        if (!ok) {
            rc = VO_EXIT_FAIL;
            goto out_dut;
        }
    }

    size_t passed = 0, failed = 0, not_run = 0, unsupported = 0, skipped = 0;
    size_t code_n[3] = { 0, 0, 0 }, code_none = 0; /* invalid cases the DUT rejected, by its code (D61) */
    long consec = 0;       /* crash/timeout/garbage results in a row, in test order */
    int stopped = 0;
    char *last_fail = NULL;
    vo_progress pg;
    vo_progress_init(&pg, "check", nrun, 1);
    size_t gk = 0; /* tests of the set met so far (ids[] index) */
    rwin rwin_;
    memset(&rwin_, 0, sizeof rwin_);
#define DONE (passed + failed + unsupported + skipped)
    for (int f = 0; f < nfiles && rc == VO_EXIT_OK && !stopped; f++) {
        size_t nj = 0;
        for (size_t i = 0; i < vf[f].n; i++, gk++)
            if (shard_n == 1 || id_value(ids[gk]) % shard_n == shard_i) jobs[nj++] = i;
        if (max_consec && consec >= max_consec) { /* before reading the next file */
            stopped = 1;
            not_run = nrun - DONE;
            break;
        }
        if (!nj) continue;
        fflush(cout);
        int windowed = 0;
        if (!vf[f].keep) { /* -j N too: each worker reads its inputs by offset (D247) */
            int o = win_open(&rwin_, files[f], &vf[f]);
            if (o > 1) {
                vo_progress_clear(&pg);
                rc = o;
                break;
            }
            windowed = o;
        }
        if (!windowed && (rc = reload(files[f], &vf[f])) != VO_EXIT_OK) {
            vo_progress_clear(&pg);
            break;
        }
        pl.set = &vf[f].set;
        pl.file = files[f];
        pl.rfd = windowed && nw > 1 ? rwin_.fd : -1;
        pl.n = nj;
        pl.next = 0;
        pl.stop = 0;
        memset(res_v, 0, nj * sizeof *res_v);
        if (nw > 1) /* issue 18: the workers run ahead; the report goes out in test order */
            for (int k = 0; k < nw; k++) w[k].started = pthread_create(&w[k].th, NULL, worker_main, &w[k]) == 0;
        for (size_t k = 0; k < nj; k++) {
            if (max_consec && consec >= max_consec) {
                stopped = 1;
                not_run = nrun - DONE;
                break;
            }
            outcome *oc = &res_v[k];
            if (nw > 1) {
                pthread_mutex_lock(&pl.mu);
                while (!oc->done) pthread_cond_wait(&pl.cv, &pl.mu);
                pthread_mutex_unlock(&pl.mu);
            } else {
                if (windowed) {
                    vo_testref *t = &vf[f].set.t[jobs[k]];
                    const char *in = win_at(&rwin_, t->input_off, t->input_len, &rc);
                    if (!in) {
                        fflush(cout);
                        vo_progress_clear(&pg);
                        break;
                    }
                    t->input = in;
                }
                run_one(&pl, &w[0], k, oc);
            }
            if (oc->fatal) {
                fflush(cout);
                vo_progress_clear(&pg);
                rc = cli_fail(oc->fatal, "%s", oc->rep ? oc->rep : "check: out of memory");
                break;
            }
            if (oc->note) { /* diagnostics on stderr, in test order */
                fflush(cout);
                vo_progress_clear(&pg);
                fputs(oc->note, stderr);
                free(oc->note);
                oc->note = NULL;
            }
            if (oc->skipped) {
                skipped++;
                vo_progress_tick(&pg, DONE, failed);
                continue;
            }
            if (oc->last) {
                consec++;
                free(last_fail);
                last_fail = oc->last;
                oc->last = NULL;
            } else {
                consec = 0;
            }
            for (unsigned i = 0; i < VO_RD_COUNT; i++)
                if (oc->rd[i]) rdn[i][oc->rd[i] - 1]++;
            if (oc->invalid_rejected) {
                if (oc->code_match >= 0 && oc->code_match <= 2) code_n[oc->code_match]++;
                else code_none++;
            }
            if (oc->pass) {
                passed++;
                vo_progress_tick(&pg, DONE, failed);
                continue;
            }
            if (!oc->unsupported || list_unsup) (void)cli_btab_add(&bt, oc->bucket, 1);
            if (oc->unsupported) unsupported++, (void)cli_btab_add(&ut, oc->ureason, 1); /* counted apart (issue 32: summarised) */
            else failed++, (void)cli_btab_add(&ct, oc->cause, 1);
            if (!oc->unsupported) {
                (void)cli_btab_add_list(&lt, oc->lanes);
                (void)cli_btab_add_list(&mt, oc->misread);
                (void)cli_bugs_add(&it, &nt, oc->cause, oc->lanes, oc->misread);
            }
            for (unsigned t = 0; t < VO_TAG_COUNT && !oc->unsupported; t++) tagn[t] += (unsigned)vo_tags_has(oc->tags, t);
            if (oc->rep) {
                vo_progress_clear(&pg);
                fputs(oc->rep, cout);
                free(oc->rep);
                oc->rep = NULL;
                fflush(cout); /* issue 17: a DUT library that crashes or exits loses nothing reported */
            }
            vo_progress_tick(&pg, DONE, failed);
        }
        pthread_mutex_lock(&pl.mu);
        pl.stop = 1;
        pthread_mutex_unlock(&pl.mu);
        for (int k = 0; k < nw; k++)
            if (w[k].started) pthread_join(w[k].th, NULL), w[k].started = 0;
        for (size_t k = 0; k < nj; k++) { /* results past a stop or an error */
            free(res_v[k].rep);
            free(res_v[k].last);
            free(res_v[k].note);
            res_v[k].rep = res_v[k].last = res_v[k].note = NULL;
        }
        if (windowed) close(rwin_.fd);
        vo_testset_free(&vf[f].set);
    }
#undef DONE
    if (rc == VO_EXIT_OK) vo_progress_end(&pg);
    else vo_progress_clear(&pg);
    if (rc == VO_EXIT_OK && stopped) {
        fflush(cout);
        fprintf(stderr,
                "visa-oracle: check: stopped after %ld consecutive DUT failures (crash/timeout/garbage); last: %s; "
                "%zu test(s) not run (--max-consecutive-failures 0 never stops)\n",
                consec, last_fail ? last_fail : "-", not_run);
    }
    free(last_fail);
    if (rc == VO_EXIT_OK) {
        if (res) {
            size_t lines, unused, dups;
            vo_dut_results_stats(d, &lines, &unused, &dups);
            if (unused || dups)
                fprintf(stderr, "visa-oracle: check: note: %zu result line(s) matched no test, %zu duplicate id(s)\n",
                        unused, dups);
        }
        char nr[96] = "";
        if (skipped) snprintf(nr, sizeof nr, ", %zu skipped", skipped);
        if (not_run) snprintf(nr + strlen(nr), sizeof nr - strlen(nr), ", %zu not run", not_run);
        cli_btab_sort(&bt);
        cli_btab_sort(&ct);
        cli_btab_sort(&ut);
        cli_btab_sort(&lt);
        cli_btab_sort(&mt);
        unsigned tord[VO_TAG_COUNT], ntag = 0; /* tags of failing tests, most first, then by enum order */
        for (unsigned t = 0; t < VO_TAG_COUNT; t++)
            if (tagn[t]) tord[ntag++] = t;
        for (unsigned a = 1; a < ntag; a++)
            for (unsigned b = a; b > 0 && tagn[tord[b]] > tagn[tord[b - 1]]; b--) {
                unsigned x = tord[b];
                tord[b] = tord[b - 1];
                tord[b - 1] = x;
            }
        if (json) {
            fprintf(cout, "{\"passed\":%zu,\"failed\":%zu,\"unsupported\":%zu,\"skipped\":%zu,\"not_run\":%zu,"
                    "\"rejected_with_code\":{\"same\":%zu,\"other\":%zu,\"foreign\":%zu,\"none\":%zu},\"buckets\":{",
                    passed, failed, unsupported, skipped, not_run, code_n[VO_CODE_SAME], code_n[VO_CODE_OTHER],
                    code_n[VO_CODE_FOREIGN], code_none);
            for (size_t k = 0; k < bt.n; k++) {
                if (k) fputc(',', cout);
                json_str(cout, bt.e[k].b);
                fprintf(cout, ":%zu", bt.e[k].n);
            }
            fprintf(cout, "},\"causes\":{"); /* D305 */
            for (size_t k = 0; k < ct.n; k++) {
                if (k) fputc(',', cout);
                json_str(cout, ct.e[k].b);
                fprintf(cout, ":%zu", ct.e[k].n);
            }
            fprintf(cout, "},\"lanes\":{"); /* D406 */
            for (size_t k = 0; k < lt.n; k++) {
                if (k) fputc(',', cout);
                json_str(cout, lt.e[k].b);
                fprintf(cout, ":%zu", lt.e[k].n);
            }
            fprintf(cout, "},\"misread\":{"); /* D407 */
            for (size_t k = 0; k < mt.n; k++) {
                if (k) fputc(',', cout);
                json_str(cout, mt.e[k].b);
                fprintf(cout, ":%zu", mt.e[k].n);
            }
            char *bugs = cli_bugs_report(&it, &nt, 1); /* D408 */
            fprintf(cout, "},\"bugs\":{%s", bugs ? bugs : "");
            free(bugs);
            fprintf(cout, "},\"unsupported_listed\":%s,\"unsupported_reasons\":{", list_unsup ? "true" : "false");
            for (size_t k = 0; k < ut.n; k++) {
                if (k) fputc(',', cout);
                json_str(cout, ut.e[k].b);
                fprintf(cout, ":%zu", ut.e[k].n);
            }
            fprintf(cout, "},\"readings\":{"); /* D347 */
            char *rs = cli_readings_summary(1, (const size_t(*)[3])rdn, judge_b);
            fputs(rs ? rs : "", cout);
            free(rs);
            fprintf(cout, "},\"tags\":{");
            for (unsigned k = 0; k < ntag; k++) fprintf(cout, "%s\"%s\":%zu", k ? "," : "", vo_tag_name(tord[k]), tagn[tord[k]]);
            /* issue 18: "tests", "set" and "shard" let `merge` join the reports of shards */
            fprintf(cout, "},\"tests\":%zu,\"set\":\"%016llx\",\"shard\":\"%lu/%lu\",\"ran\":%zu,\"ran_digest\":\"%016llx\","
                    "\"shards_digest\":\"%s\"}\n", ntests, (unsigned long long)set_hash, shard_i, shard_n, nrun,
                    (unsigned long long)ran_sum, proof); /* D244 */
            fflush(cout);
            if (unsupported) fprintf(stderr, "%zu unsupported\n", unsupported);
            fprintf(stderr, "%zu passed, %zu failed%s\n", passed, failed, nr);
        } else {
            if (bt.n) {
                fprintf(cout, "buckets (tests per bucket):\n");
                for (size_t k = 0; k < bt.n; k++) fprintf(cout, "  %6zu  %s\n", bt.e[k].n, bt.e[k].b);
            }
            if (ct.n) { /* D305 */
                fprintf(cout, "causes (tests per cause: the wrong bytes against the access plan):\n");
                for (size_t k = 0; k < ct.n; k++) fprintf(cout, "  %6zu  %s\n", ct.e[k].n, ct.e[k].b);
            }
            if (lt.n) { /* D406 */
                fprintf(cout, "lanes (tests per misread control under whose lanes the whole reply is right; a test may fit several):\n");
                for (size_t k = 0; k < lt.n; k++) fprintf(cout, "  %6zu  %s\n", lt.e[k].n, lt.e[k].b);
            }
            if (mt.n) { /* D407 */
                fputs(MISREAD_HEAD, cout);
                for (size_t k = 0; k < mt.n; k++) fprintf(cout, "  %6zu  %s\n", mt.e[k].n, mt.e[k].b);
            }
            char *bugs = cli_bugs_report(&it, &nt, 0); /* D408 */
            fputs(bugs ? bugs : "", cout);
            free(bugs);
            if (ntag) {
                fprintf(cout, "tags of the failing tests (tests per tag; the decisions behind it):\n");
                for (unsigned k = 0; k < ntag; k++) {
                    const char *dd = cli_tag_decisions(tord[k]);
                    fprintf(cout, "  %6zu  %s", tagn[tord[k]], vo_tag_name(tord[k]));
                    if (dd[0]) fprintf(cout, "  (%s)", dd);
                    fputc('\n', cout);
                }
            }
            char *rs = cli_readings_summary(0, (const size_t(*)[3])rdn, judge_b); /* D347 */
            fputs(rs ? rs : "", cout);
            free(rs);
            if (ut.n) {
                fprintf(cout, "unsupported (tests per instruction and the DUT's reason%s):\n",
                        list_unsup ? "" : "; --unsupported lists their buckets");
                for (size_t k = 0; k < ut.n; k++) fprintf(cout, "  %6zu  %s\n", ut.e[k].n, ut.e[k].b);
            }
            if (unsupported) fprintf(cout, "%zu unsupported\n", unsupported);
            fprintf(cout, "%zu passed, %zu failed%s\n", passed, failed, nr);
        }
        if (failed || stopped) rc = VO_EXIT_FAIL;
        if (bench) {
            double t_run = cpu_s() - t_start, t0 = cpu_s();
            unsigned long trees = vo_json_tree_reads(); /* before cJSON below (which is not our reader) */
            int cj_ok = 1;
            double t_read = 0;
            for (int f = 0; f < nfiles && cj_ok; f++) { /* the files read again; reading not counted */
                double t1 = cpu_s();
                size_t flen = 0;
                char *ftext = cli_read_input(files[f], &flen, CLI_READ_GZIP, NULL, 0);
                t_read += cpu_s() - t1;
                if (!ftext) { cj_ok = 0; break; }
                cJSON *jd = cJSON_ParseWithLength(ftext, flen);
                free(ftext);
                char *txt = jd ? cJSON_PrintUnformatted(jd) : NULL;
                cj_ok = txt != NULL;
                free(txt);
                cJSON_Delete(jd);
            }
            double t_cj = cpu_s() - t0 - t_read;
            fflush(cout);
            fprintf(stderr, "bench: check: %zu tests in %.3f s CPU: %.0f tests/s (load, JSON, oracle, DUT, verdict)\n",
                    passed + failed, t_run, t_run > 0 ? (double)(passed + failed) / t_run : 0);
            if (cj_ok)
                fprintf(stderr, "bench: cJSON parse+print of the same files: %.3f s CPU: %.0f tests/s; ratio %.2f\n", t_cj,
                        t_cj > 0 ? (double)(passed + failed) / t_cj : 0, t_cj > 0 ? t_run / t_cj : 0);
            /* issue 15: each input is read twice (validation, run) by the fast reader; the strict reader
             * builds a tree only for a text not in the canonical shape (and for a DUT's replies) */
            fprintf(stderr, "bench: reader: %zu test inputs, %lu document(s) read by the strict tree reader\n", ntests,
                    trees);
        }
        if (fflush(cout) != 0) rc = cli_fail(VO_EXIT_FAIL, "check: cannot write stdout: %s", strerror(errno));
    }
out_dut:
    fflush(cout);
    for (int k = 0; k < ninit; k++) {
        vo_dut_close(w[k].d);
        vo_case_free(&w[k].c);
        vo_result_free(&w[k].r);
        vo_result_free(&w[k].rb);
        vo_dut_out_free(&w[k].o);
        free(w[k].mini);
        free(w[k].ibuf);
    }
    cli_btab_free(&bt);
    cli_btab_free(&ct);
    cli_btab_free(&ut);
    cli_btab_free(&lt);
    cli_btab_free(&mt);
    cli_btab_free(&it);
    cli_btab_free(&nt);
    free(res_v);
    free(jobs);
    free(w);
    pthread_mutex_destroy(&pl.mu);
    pthread_cond_destroy(&pl.cv);
out_sets:
    if (saved_out >= 0) { /* the library is unloaded: stdout is check's again */
        fflush(stdout);
        dup2(saved_out, STDOUT_FILENO);
        close(saved_out);
    }
    if (cout != stdout) {
        if (fclose(cout) != 0 && rc == VO_EXIT_OK)
            rc = cli_fail(VO_EXIT_FAIL, "check: cannot write stdout: %s", strerror(errno));
        cout = stdout;
    }
    for (int f = 0; f < nfiles; f++) vo_testset_free(&vf[f].set);
    vo_case_free(&c);
    free(vf);
    free(ids);
    free(rbuf);
    free(wbuf);
    rbuf = wbuf = NULL;
    rcap = wcap = 0;
    return rc;
}
