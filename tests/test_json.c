/* JSON layer tests (oracle/formats/json.c, docs/format.md).
 *
 * Every expected text below is written by hand from the rules in
 * docs/format.md (key order, lower-case hex, 16-byte surface lines, maximal
 * runs of non-zero lines); digests are recomputed here with OpenSSL over the
 * hand-written text, never copied from the program's output. */
#include "t.h"
#include "visa_json.h"
#include "../oracle/formats/json_reader.h" /* the two readers (internal) */

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void sha256_hex(const char *s, char out[65])
{
    unsigned char md[32];
    unsigned int n = 0;
    EVP_Digest(s, strlen(s), md, &n, EVP_sha256(), NULL);
    for (int i = 0; i < 32; i++) snprintf(out + 2 * i, 3, "%02x", md[i]);
}

static char *zeros(unsigned nbytes) /* "00" x nbytes, static rotating buffers */
{
    static char buf[4][256];
    static int k;
    char *b = buf[k++ & 3];
    memset(b, '0', 2 * nbytes);
    b[2 * nbytes] = 0;
    return b;
}

/* ------------------------------------------------------------------ */
/* canonical input                                                     */
/* ------------------------------------------------------------------ */

/* unknown opcode 0xff: decode fails, so "asm" is omitted */
static const char *const CANON1 =
    "{\"platform\":{\"name\":\"TGLLP\",\"grf_bytes\":32,\"visa_version\":\"3.6\"},"
    "\"insn\":\"ff00\",\"exec_mask\":\"ffff0000\","
    "\"vars\":[{\"id\":32,\"type\":\"uw\",\"num_elts\":2,\"data\":\"0a0b0c0d\"}],"
    "\"preds\":[{\"id\":2,\"num_elts\":8,\"bits\":\"000000a5\"}],"
    "\"addrs\":[{\"id\":0,\"elems\":[[32,2],[32,0]]}],"
    "\"surfaces\":[{\"index\":6,\"size\":40,\"data\":[[0,\"00000001000000000000000000000000\"],"
    "[32,\"00020000000000ff\"]]}]}";

static void test_canonical_input(void)
{
    /* members out of order, upper-case hex, whitespace, an unknown member
     * holding numbers that would be rejected if they were ours, a run of
     * zeros, runs that do not start on 16-byte lines */
    const char *text =
        "{ \"input\": {\n"
        "  \"exec_mask\": \"FFFF0000\",\n"
        "  \"insn\": \"FF00\",\n"
        "  \"surfaces\": [ {\"size\": 40, \"index\": 6,\n"
        "     \"data\": [[3, \"01\"], [20, \"0000\"], [33, \"02\"], [39, \"FF\"]]} ],\n"
        "  \"vars\": [ {\"type\": \"uw\", \"id\": 32, \"num_elts\": 2, \"data\": \"0A0B0C0D\"} ],\n"
        "  \"preds\": [ {\"id\": 2, \"num_elts\": 8, \"bits\": \"000000A5\"} ],\n"
        "  \"addrs\": [ {\"id\": 0, \"elems\": [[32, 2], [32, 0]]} ],\n"
        "  \"asm\": \"whatever\",\n"
        "  \"platform\": {\"visa_version\": \"3.6\", \"name\": \"TGLLP\"},\n"
        "  \"future_member\": {\"x\": [1.5, -2, 1e400]}\n"
        " },\n"
        " \"comment\": \"hello \\u00e9\", \"expect\": {\"status\": 7}\n"
        "}\n";
    vo_case c;
    vo_error e;
    vo_case_init(&c);
    CHECK_EQ(vo_case_from_json(text, strlen(text), &c, &e), 0);
    CHECK_STR(c.comment, "hello \xc3\xa9");
    CHECK_EQ(c.insn_len, 2);
    CHECK_EQ(c.state.exec_mask, 0xffff0000u);
    CHECK_EQ(c.state.platform.visa_version, 306);
    char *s1 = vo_case_to_json(&c);
    CHECK_STR(s1, CANON1);

    /* parse -> canonical -> parse -> canonical is the identity */
    vo_case d;
    vo_case_init(&d);
    CHECK_EQ(vo_case_from_json(s1, strlen(s1), &d, &e), 0);
    char *s2 = vo_case_to_json(&d);
    CHECK_STR(s2, s1);
    CHECK_STR(d.comment, ""); /* bare input object: no comment */

    /* id: first 16 hex of sha256 of the canonical input text */
    char id[17], full[65];
    sha256_hex(CANON1, full);
    CHECK_EQ(vo_case_id(&c, id), 0);
    CHECK(strncmp(id, full, 16) == 0 && strlen(id) == 16);
    free(s1);
    free(s2);
    vo_case_free(&c);
    vo_case_free(&d);
}

/* round trip every hand-written example (ctest sets VO_SRC) */
static void test_examples_roundtrip(void)
{
    const char *src = getenv("VO_SRC");
    static const char *const names[] = {"scatter4_scaled", "scatter", "oword_st", "gather_scaled"};
    /* assembly text worked by hand (docs/encoding.md §2 and §3 printer rules) */
    static const char *const asms[] = {
        "\"asm\":\"scatter4_scaled.RB (M1, 8) T6 0x10:ud V32.0 V33.0\"",
        "\"asm\":\"scatter.2 (M1, 8) T6 0x2:ud V32.0 V33.0\"",
        "\"asm\":\"oword_st (2) T6 V34(0,0)<0;1,0> V33.0\"",
        "\"asm\":\"(P1) gather_scaled.1 (M1, 4) T6 0x0:ud V32.0 V33.0\"",
    };
    if (!src) src = ".";
    for (unsigned i = 0; i < 4; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/examples/cases/%s.json", src, names[i]);
        FILE *f = fopen(path, "rb");
        CHECK(f != NULL);
        if (!f) continue;
        static char buf[1 << 16];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        vo_case c, d;
        vo_error e;
        vo_case_init(&c);
        vo_case_init(&d);
        int rc = vo_case_from_json(buf, n, &c, &e);
        CHECK_EQ(rc, 0);
        if (rc) fprintf(stderr, "  %s: %s at %s: %s\n", names[i], vo_errcode_name(e.code), e.field, e.message);
        CHECK(c.comment[0] != 0);
        char *a = vo_case_to_json(&c);
        CHECK(a && strstr(a, asms[i]) != NULL); /* all four decode and print as worked by hand */
        CHECK_EQ(vo_case_from_json(a, strlen(a), &d, &e), 0);
        char *b = vo_case_to_json(&d);
        CHECK_STR(b, a);
        free(a);
        free(b);
        vo_case_free(&c);
        vo_case_free(&d);
    }
}

/* ------------------------------------------------------------------ */
/* canonical surface runs                                              */
/* ------------------------------------------------------------------ */

#define PLAT "\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"ff\",\"exec_mask\":\"00000000\""

static void check_surfaces(const char *surfaces_in, const char *surfaces_out, int line)
{
    char text[1024], want[2048];
    snprintf(text, sizeof text, "{" PLAT ",\"surfaces\":%s}", surfaces_in);
    snprintf(want, sizeof want, "{\"vars\":[],\"preds\":[],\"addrs\":[],\"surfaces\":%s}", surfaces_out);
    vo_case c;
    vo_error e;
    vo_case_init(&c);
    int rc = vo_case_from_json(text, strlen(text), &c, &e);
    if (rc) fprintf(stderr, "line %d: %s at %s: %s\n", line, vo_errcode_name(e.code), e.field, e.message);
    CHECK_EQ(rc, 0);
    char *s = vo_state_to_json(&c.state);
    if (!s || strcmp(s, want) != 0) fprintf(stderr, "surface case at line %d\n", line);
    CHECK_STR(s, want);
    free(s);
    vo_case_free(&c);
}

static void test_surface_runs(void)
{
    char out[1024];
    /* one run crossing a 16-byte line: lines 0 and 1 form one run */
    snprintf(out, sizeof out, "[{\"index\":6,\"size\":32,\"data\":[[0,\"%s0102%s\"]]}]", zeros(15), zeros(15));
    check_surfaces("[{\"index\":6,\"size\":32,\"data\":[[15,\"0102\"]]}]", out, __LINE__);
    /* bytes 255 and 256 sit in different 256-byte pages but in consecutive
     * lines 15 and 16: one run from 240 */
    snprintf(out, sizeof out, "[{\"index\":6,\"size\":1024,\"data\":[[240,\"%saabb%s\"]]}]", zeros(15), zeros(15));
    check_surfaces("[{\"index\":6,\"size\":1024,\"data\":[[255,\"aa\"],[256,\"bb\"]]}]", out, __LINE__);
    /* last byte of a 4 GiB surface */
    snprintf(out, sizeof out, "[{\"index\":5,\"size\":4294967296,\"data\":[[4294967280,\"%sab\"]]}]", zeros(15));
    check_surfaces("[{\"index\":5,\"size\":4294967296,\"data\":[[4294967295,\"ab\"]]}]", out, __LINE__);
    /* zero line between two non-zero lines: two runs */
    snprintf(out, sizeof out, "[{\"index\":6,\"size\":48,\"data\":[[0,\"11%s\"],[32,\"%s22\"]]}]", zeros(15),
             zeros(15));
    check_surfaces("[{\"index\":6,\"size\":48,\"data\":[[0,\"11\"],[47,\"22\"]]}]", out, __LINE__);
    /* adjacent input runs merge; last line clipped at size 20 */
    snprintf(out, sizeof out, "[{\"index\":6,\"size\":20,\"data\":[[0,\"0102%s00000033\"]]}]", zeros(14));
    check_surfaces("[{\"index\":6,\"size\":20,\"data\":[[0,\"01\"],[1,\"02\"],[19,\"33\"]]}]", out, __LINE__);
    /* all-zero data and empty surfaces print an empty list; sorted by index */
    check_surfaces("[{\"index\":0,\"size\":16,\"data\":[[0,\"00000000\"]]},{\"index\":6,\"size\":0},"
                   "{\"index\":7,\"size\":8,\"data\":[]}]",
                   "[{\"index\":0,\"size\":16,\"data\":[]},{\"index\":6,\"size\":0,\"data\":[]},"
                   "{\"index\":7,\"size\":8,\"data\":[]}]",
                   __LINE__);
}

/* ------------------------------------------------------------------ */
/* malformed input                                                     */
/* ------------------------------------------------------------------ */

typedef struct bad {
    const char *text;
    vo_errcode code;
    const char *field;
    int64_t offset; /* -2: any offset >= 0 */
} bad;

#define V32 "{\"id\":32,\"type\":\"ud\",\"num_elts\":1,\"data\":\"00000000\"}"

static const bad bad_cases[] = {
    /* syntax */
    {"{\"input\":{" PLAT "}", VO_E_JSON, "json", -2},
    {"{" PLAT "} x", VO_E_JSON, "json", (int64_t)sizeof("{" PLAT "}")},
    {"{" PLAT "}{}", VO_E_JSON, "json", (int64_t)sizeof("{" PLAT "}") - 1},
    {"[1,2]", VO_E_JSON, "json", 0},
    {"", VO_E_JSON, "json", 0},
    {"   ", VO_E_JSON, "json", -2},
    {"{\"input\":{\"insn\":\"ff\",}}", VO_E_JSON, "json", -2},
    /* shapes and types */
    {"{\"input\":5}", VO_E_STATE, "input", -1},
    {"{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"exec_mask\":\"00000000\"}", VO_E_STATE,
     "input.insn", -1},
    {"{" PLAT ",\"insn\":\"ff\"}", VO_E_STATE, "input.insn", -1},
    {"{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"ff\",\"exec_mask\":0}", VO_E_STATE,
     "input.exec_mask", -1},
    {"{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"ff\",\"exec_mask\":\"0000000\"}",
     VO_E_STATE, "input.exec_mask", -1},
    {"{" PLAT ",\"vars\":{}}", VO_E_STATE, "input.vars", -1},
    /* hex */
    {"{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"f\",\"exec_mask\":\"00000000\"}",
     VO_E_STATE, "input.insn", -1},
    {"{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"zz\",\"exec_mask\":\"00000000\"}",
     VO_E_STATE, "input.insn", -1},
    {"{" PLAT ",\"vars\":[{\"id\":32,\"type\":\"ud\",\"num_elts\":1,\"data\":\"0000000\"}]}", VO_E_STATE,
     "input.vars[0].data", -1},
    {"{" PLAT ",\"vars\":[{\"id\":32,\"type\":\"ud\",\"num_elts\":2,\"data\":\"00000000\"}]}", VO_E_STATE,
     "input.vars[0].data", -1},
    /* ids */
    {"{" PLAT ",\"vars\":[" V32 "," V32 "]}", VO_E_STATE, "input.vars[1].id", -1},
    {"{" PLAT ",\"vars\":[{\"id\":33,\"type\":\"ud\",\"num_elts\":1,\"data\":\"00000000\"}," V32 "]}", VO_E_STATE,
     "input.vars[1].id", -1},
    {"{" PLAT ",\"vars\":[{\"id\":25,\"type\":\"ud\",\"num_elts\":1,\"data\":\"00000000\"}]}", VO_E_STATE,
     "input.vars[0].id", -1}, /* reserved id: reported by vo_state_check, path rooted at input */
    {"{" PLAT ",\"vars\":[{\"id\":32,\"type\":\"v\",\"num_elts\":1,\"data\":\"00000000\"}]}", VO_E_STATE,
     "input.vars[0].type", -1},
    {"{" PLAT ",\"vars\":[{\"id\":32,\"type\":\"xq\",\"num_elts\":1,\"data\":\"00000000\"}]}", VO_E_STATE,
     "input.vars[0].type", -1},
    {"{" PLAT ",\"vars\":[{\"id\":32,\"type\":\"ud\",\"num_elts\":0,\"data\":\"\"}]}", VO_E_STATE,
     "input.vars[0].num_elts", -1},
    /* numbers */
    {"{" PLAT ",\"vars\":[{\"id\":-32,\"type\":\"ud\",\"num_elts\":1,\"data\":\"00000000\"}]}", VO_E_STATE,
     "input.vars[0].id", -1},
    {"{" PLAT ",\"vars\":[{\"id\":32,\"type\":\"ud\",\"num_elts\":1.0,\"data\":\"00000000\"}]}", VO_E_STATE,
     "input.vars[0].num_elts", -1},
    {"{" PLAT ",\"vars\":[{\"id\":32,\"type\":\"ud\",\"num_elts\":1e0,\"data\":\"00000000\"}]}", VO_E_STATE,
     "input.vars[0].num_elts", -1},
    {"{" PLAT ",\"vars\":[{\"id\":032,\"type\":\"ud\",\"num_elts\":1,\"data\":\"00000000\"}]}", VO_E_STATE,
     "input.vars[0].id", -1},
    {"{" PLAT ",\"vars\":[{\"id\":99999999999999999999999,\"type\":\"ud\",\"num_elts\":1,\"data\":\"00000000\"}]}",
     VO_E_STATE, "input.vars[0].id", -1},
    {"{" PLAT ",\"vars\":[{\"id\":\"32\",\"type\":\"ud\",\"num_elts\":1,\"data\":\"00000000\"}]}", VO_E_STATE,
     "input.vars[0].id", -1},
    {"{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":4294967297}]}", VO_E_STATE, "input.surfaces[0].size", -1},
    {"{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":1e3}]}", VO_E_STATE, "input.surfaces[0].size", -1},
    /* surface runs */
    {"{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":16,\"data\":[[10,\"00112233445566\"]]}]}", VO_E_STATE,
     "input.surfaces[0].data[0]", -1},
    {"{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":16,\"data\":[[17,\"00\"]]}]}", VO_E_STATE,
     "input.surfaces[0].data[0]", -1},
    {"{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":16,\"data\":[[0,\"0011\"],[1,\"22\"]]}]}", VO_E_STATE,
     "input.surfaces[0].data[1]", -1},
    {"{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":16,\"data\":[[4,\"00\"],[0,\"22\"]]}]}", VO_E_STATE,
     "input.surfaces[0].data[1]", -1},
    {"{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":16,\"data\":[[\"0\",\"00\"]]}]}", VO_E_STATE,
     "input.surfaces[0].data[0][0]", -1},
    {"{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":16,\"data\":[[0,\"0g\"]]}]}", VO_E_STATE,
     "input.surfaces[0].data[0][1]", -1},
    {"{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":16,\"data\":[[0]]}]}", VO_E_STATE,
     "input.surfaces[0].data[0]", -1},
    {"{" PLAT ",\"surfaces\":[{\"index\":2,\"size\":16}]}", VO_E_STATE, "input.surfaces[0].index", -1},
    {"{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":16},{\"index\":6,\"size\":16}]}", VO_E_STATE,
     "input.surfaces[1].index", -1},
    /* platform */
    {"{\"platform\":{\"name\":\"FOO\",\"visa_version\":\"3.6\"},\"insn\":\"ff\",\"exec_mask\":\"00000000\"}",
     VO_E_STATE, "input.platform.name", -1},
    {"{\"platform\":{\"name\":\"TGLLP\",\"grf_bytes\":64,\"visa_version\":\"3.6\"},\"insn\":\"ff\","
     "\"exec_mask\":\"00000000\"}",
     VO_E_STATE, "input.platform.grf_bytes", -1},
    {"{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"4.2\"},\"insn\":\"ff\",\"exec_mask\":\"00000000\"}",
     VO_E_STATE, "input.platform.visa_version", -1},
    {"{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.06\"},\"insn\":\"ff\",\"exec_mask\":\"00000000\"}",
     VO_E_STATE, "input.platform.visa_version", -1},
    {"{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":3.6},\"insn\":\"ff\",\"exec_mask\":\"00000000\"}",
     VO_E_STATE, "input.platform.visa_version", -1},
    {"{\"platform\":{\"name\":\"TGLLP\"},\"insn\":\"ff\",\"exec_mask\":\"00000000\"}", VO_E_STATE,
     "input.platform.visa_version", -1},
    /* insn cap: 97 bytes (VO_MAX_INSN_BYTES 96) */
    {"{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"exec_mask\":\"00000000\",\"insn\":\""
     "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000\"}",
     VO_E_STATE_CAP, "input.insn", -1},
    /* preds */
    {"{" PLAT ",\"preds\":[{\"id\":1,\"num_elts\":4,\"bits\":\"00000010\"}]}", VO_E_STATE, "input.preds[0].bits",
     -1},
    {"{" PLAT ",\"preds\":[{\"id\":1,\"num_elts\":3,\"bits\":\"00000000\"}]}", VO_E_STATE,
     "input.preds[0].num_elts", -1},
    {"{" PLAT ",\"preds\":[{\"id\":0,\"num_elts\":4,\"bits\":\"00000000\"}]}", VO_E_STATE, "input.preds[0].id", -1},
    /* addrs */
    {"{" PLAT ",\"addrs\":[{\"id\":0,\"elems\":[[40,0]]}]}", VO_E_STATE, "input.addrs[0].elems", -1},
    {"{" PLAT ",\"vars\":[" V32 "],\"addrs\":[{\"id\":0,\"elems\":[[32]]}]}", VO_E_STATE,
     "input.addrs[0].elems[0]", -1},
    {"{" PLAT ",\"vars\":[" V32 "],\"addrs\":[{\"id\":0,\"elems\":[]}]}", VO_E_STATE, "input.addrs[0].elems", -1},
    {"{" PLAT ",\"vars\":[" V32 "],\"addrs\":[{\"id\":0,\"elems\":[[32,0],[32,0],[32,0],[32,0],[32,0],[32,0],"
     "[32,0],[32,0],[32,0],[32,0],[32,0],[32,0],[32,0],[32,0],[32,0],[32,0],[32,0]]}]}",
     VO_E_STATE_CAP, "input.addrs[0].elems", -1},
    /* caps and duplicates */
    {"{" PLAT ",\"vars\":[{\"id\":32,\"type\":\"ud\",\"num_elts\":4097,\"data\":\"\"}]}", VO_E_STATE_CAP,
     "input.vars[0].num_elts", -1},
    {"{" PLAT ",\"insn\":\"ff\"}", VO_E_STATE, "input.insn", -1},
    {"{\"input\":{" PLAT "},\"comment\":5}", VO_E_STATE, "comment", -1},
};

static void check_bad(const char *text, size_t len, vo_errcode code, const char *field, int64_t offset, int idx)
{
    vo_case c;
    vo_error e;
    vo_case_init(&c);
    memset(&e, 0, sizeof e);
    int rc = vo_case_from_json(text, len, &c, &e);
    int ok = rc == -1 && e.code == code && e.field && strcmp(e.field, field) == 0 &&
             (offset == -2 ? e.offset >= 0 : e.offset == offset) && e.message[0] != 0 &&
             strchr(e.message, '\n') == NULL;
    if (ok) t_pass++;
    else {
        t_fail++;
        fprintf(stderr, "bad case %d: want %s at %s (%lld); got rc %d %s at %s (%lld): %s\n  text: %.200s\n", idx,
                vo_errcode_name(code), field, (long long)offset, rc, vo_errcode_name(e.code),
                e.field ? e.field : "(null)", (long long)e.offset, e.message, text);
    }
    /* the field string lives in the case (or is static) and outlives the call */
    CHECK(e.field == NULL || e.field == c.errpath || strcmp(e.field, "json") == 0);
    /* a failed parse leaves the case empty */
    CHECK(c.state.nvars == 0 && c.state.nsurfaces == 0 && c.insn_len == 0);
    vo_case_free(&c);
}

static void test_malformed(void)
{
    unsigned n = sizeof bad_cases / sizeof bad_cases[0];
    CHECK(n >= 20);
    for (unsigned i = 0; i < n; i++)
        check_bad(bad_cases[i].text, strlen(bad_cases[i].text), bad_cases[i].code, bad_cases[i].field,
                  bad_cases[i].offset, (int)i);

    /* the length argument is respected: a valid prefix followed by junk the
     * caller did not include parses fine; including it fails */
    const char *t = "{" PLAT "}JUNK";
    size_t plen = strlen("{" PLAT "}");
    vo_case c;
    vo_error e;
    vo_case_init(&c);
    CHECK_EQ(vo_case_from_json(t, plen, &c, &e), 0);
    vo_case_free(&c);
    check_bad(t, strlen(t), VO_E_JSON, "json", (int64_t)plen, 1000);
    /* embedded NUL inside the given length */
    char nul[64];
    memcpy(nul, "{\"a\":1}\0  ", 10);
    check_bad(nul, 10, VO_E_JSON, "json", 7, 1001);

    /* 65 vars: cap is 64; the 65th (index 64) is reported */
    static char big[8192];
    size_t k = (size_t)snprintf(big, sizeof big, "{" PLAT ",\"vars\":[");
    for (unsigned i = 0; i < 65; i++)
        k += (size_t)snprintf(big + k, sizeof big - k, "%s{\"id\":%u,\"type\":\"ub\",\"num_elts\":1,\"data\":\"00\"}",
                              i ? "," : "", 32 + i);
    snprintf(big + k, sizeof big - k, "]}");
    check_bad(big, strlen(big), VO_E_STATE_CAP, "input.vars[64]", -1, 1002);
    /* 64 vars are fine */
    k = (size_t)snprintf(big, sizeof big, "{" PLAT ",\"vars\":[");
    for (unsigned i = 0; i < 64; i++)
        k += (size_t)snprintf(big + k, sizeof big - k, "%s{\"id\":%u,\"type\":\"ub\",\"num_elts\":1,\"data\":\"00\"}",
                              i ? "," : "", 32 + i);
    snprintf(big + k, sizeof big - k, "]}");
    vo_case_init(&c);
    CHECK_EQ(vo_case_from_json(big, strlen(big), &c, &e), 0);
    CHECK_EQ(c.state.nvars, 64);
    vo_case_free(&c);

    /* 33 surfaces: cap is 32 (indices 0, 4, 5, 6..35) */
    k = (size_t)snprintf(big, sizeof big, "{" PLAT ",\"surfaces\":[{\"index\":0,\"size\":1},{\"index\":4,\"size\":1},"
                                          "{\"index\":5,\"size\":1}");
    for (unsigned i = 0; i < 30; i++)
        k += (size_t)snprintf(big + k, sizeof big - k, ",{\"index\":%u,\"size\":1}", 6 + i);
    snprintf(big + k, sizeof big - k, "]}");
    check_bad(big, strlen(big), VO_E_STATE_CAP, "input.surfaces[32]", -1, 1003);

    /* page cap: 16385 non-zero 256-byte pages in one run */
    size_t nbytes = (size_t)(VO_MAX_PAGES + 1) * VO_PAGE_BYTES;
    char *huge = malloc(2 * nbytes + 256);
    CHECK(huge != NULL);
    if (huge) {
        k = (size_t)sprintf(huge, "{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":4294967296,\"data\":[[0,\"");
        memset(huge + k, '1', 2 * nbytes);
        k += 2 * nbytes;
        strcpy(huge + k, "\"]]}]}");
        check_bad(huge, strlen(huge), VO_E_STATE_CAP, "input.surfaces[0].data[0]", -1, 1004);
        free(huge);
    }

    /* boundary values that are fine: size exactly 2^32, run ending exactly at size */
    const char *okt = "{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":4294967296,\"data\":[[4294967294,\"0102\"]]}]}";
    vo_case_init(&c);
    CHECK_EQ(vo_case_from_json(okt, strlen(okt), &c, &e), 0);
    vo_case_free(&c);
}

/* ------------------------------------------------------------------ */
/* digest, expect, test objects, final-state parsing                   */
/* ------------------------------------------------------------------ */

static const char *const STATE_TXT =
    "{\"vars\":[{\"id\":32,\"type\":\"ub\",\"num_elts\":3,\"data\":\"010203\"},"
    "{\"id\":33,\"type\":\"d\",\"num_elts\":1,\"data\":\"ffffffff\"}],"
    "\"preds\":[{\"id\":1,\"num_elts\":16,\"bits\":\"00008001\"}],"
    "\"addrs\":[{\"id\":0,\"elems\":[[32,1]]}],"
    "\"surfaces\":[{\"index\":0,\"size\":64,\"data\":[[16,\"007f0000000000000000000000000000\"]]},"
    "{\"index\":6,\"size\":16,\"data\":[]}]}";

static void build_state(vo_state *s)
{
    vo_state_init(s);
    /* added out of order on purpose */
    vo_var *v33 = vo_state_add_var(s, 33, VO_T_D, 1);
    vo_var *v32 = vo_state_add_var(s, 32, VO_T_UB, 3);
    memset(v33->data, 0xff, 4);
    v32->data[0] = 1, v32->data[1] = 2, v32->data[2] = 3;
    vo_state_add_pred(s, 1, 16, 0x8001);
    vo_addr *a = vo_state_add_addr(s, 0, 1);
    a->elems[0].var = 32;
    a->elems[0].off = 1;
    vo_state_add_surface(s, 6, 16);
    vo_surface *slm = vo_state_add_surface(s, 0, 64);
    uint8_t b = 0x7f;
    vo_surface_write(s, slm, 17, &b, 1);
}

static void test_digest(void)
{
    vo_state s;
    build_state(&s);
    char *txt = vo_state_to_json(&s);
    CHECK_STR(txt, STATE_TXT);
    char want[65], got[65];
    sha256_hex(STATE_TXT, want);
    CHECK_EQ(vo_state_digest(&s, got), 0);
    CHECK_STR(got, want);
    /* one byte changes the digest */
    s.vars[0].data[0] ^= 1;
    CHECK_EQ(vo_state_digest(&s, got), 0);
    CHECK(strcmp(got, want) != 0);
    free(txt);
    vo_state_free(&s);
}

static void test_expect_and_final(void)
{
    vo_result r;
    vo_result_init(&r);
    build_state(&r.final);
    r.status = VO_OK;
    r.tags[0] = (1ull << VO_TAG_OOB_WRITE) | (1ull << VO_TAG_UB_OVERLAP);
    r.free = calloc(2, sizeof *r.free);
    r.nfree = r.free_cap = 2;
    r.free[0] = (vo_free){.space = VO_SPACE_VAR, .kind = VO_FREE_UNDEFINED, .index = 32, .offset = 1, .len = 2,
                          .clause = "gather.upper_bytes_undefined"};
    r.free[1] = (vo_free){.space = VO_SPACE_SURFACE, .kind = VO_FREE_ONE_OF, .nvalues = 2, .index = 0,
                          .offset = 16, .len = 2, .clause = "write.overlap_one_of"};
    r.free[1].values = malloc(4);
    memcpy(r.free[1].values, "\x01\x02\x03\x04", 4);

    char d[65], want[4096];
    sha256_hex(STATE_TXT, d);
    /* STATE_TXT without its outer braces */
    char inner[1024];
    snprintf(inner, sizeof inner, "%.*s", (int)strlen(STATE_TXT) - 2, STATE_TXT + 1);
    snprintf(want, sizeof want,
             "{\"status\":\"ok\",\"error\":null,%s,"
             "\"free\":[{\"space\":\"var\",\"index\":32,\"offset\":1,\"len\":2,\"kind\":\"undefined\","
             "\"clause\":\"gather.upper_bytes_undefined\"},"
             "{\"space\":\"surface\",\"index\":0,\"offset\":16,\"len\":2,\"kind\":\"one_of\","
             "\"values\":[\"0102\",\"0304\"],\"clause\":\"write.overlap_one_of\"}],"
             "\"tags\":[\"oob_write\",\"ub_overlap\"],\"digest\":\"%s\"}",
             inner, d);
    char *ex = vo_result_to_json(&r);
    CHECK_STR(ex, want);

    /* read it back, bare and inside a test object */
    vo_final f;
    vo_error e;
    vo_final_init(&f);
    CHECK_EQ(vo_final_from_json(ex, strlen(ex), &r.final, &f, &e), 0);
    CHECK_EQ(f.status, VO_OK);
    CHECK_EQ(f.code, VO_E_NONE);
    CHECK_EQ(f.has_digest, 1);
    CHECK_STR(f.digest, d);
    char *back = vo_state_to_json(&f.state);
    CHECK_STR(back, STATE_TXT);
    free(back);

    /* invalid result with an error about instruction bytes, and one about
     * the state (offset -1 prints null); final state empty */
    vo_result q;
    vo_result_init(&q);
    q.status = VO_INVALID;
    q.err.code = VO_E_EXEC_SIZE;
    q.err.field = "exec_size";
    q.err.offset = 1;
    snprintf(q.err.message, sizeof q.err.message, "size code 6");
    char empty_d[65];
    sha256_hex("{\"vars\":[],\"preds\":[],\"addrs\":[],\"surfaces\":[]}", empty_d);
    snprintf(want, sizeof want,
             "{\"status\":\"invalid\",\"error\":{\"code\":\"E_EXEC_SIZE\",\"field\":\"exec_size\",\"offset\":1,"
             "\"message\":\"size code 6\"},\"vars\":[],\"preds\":[],\"addrs\":[],\"surfaces\":[],\"free\":[],"
             "\"tags\":[],\"digest\":\"%s\"}",
             empty_d);
    char *qx = vo_result_to_json(&q);
    CHECK_STR(qx, want);
    q.err.offset = -1;
    q.err.code = VO_E_STATE;
    q.err.field = "vars[0].id";
    snprintf(want, sizeof want,
             "{\"status\":\"invalid\",\"error\":{\"code\":\"E_STATE\",\"field\":\"vars[0].id\",\"offset\":null,"
             "\"message\":\"size code 6\"},\"vars\":[],\"preds\":[],\"addrs\":[],\"surfaces\":[],\"free\":[],"
             "\"tags\":[],\"digest\":\"%s\"}",
             empty_d);
    char *qy = vo_result_to_json(&q);
    CHECK_STR(qy, want);
    /* a tag of the second word (block2d:hw_shape, typed:pred_text) is printed by name too */
    CHECK(VO_TAG_B2D_HW_SHAPE >= 64 && VO_TAG_TYPED_PRED_TEXT >= 64);
    q.tags[0] = 1ull << VO_TAG_PRED;
    q.tags[1] = 1ull << (VO_TAG_B2D_HW_SHAPE % 64) | 1ull << (VO_TAG_TYPED_PRED_TEXT % 64);
    char *qt = vo_result_to_json(&q);
    CHECK(strstr(qt, "\"tags\":[\"pred\",\"block2d:hw_shape\",\"typed:pred_text\"]") != NULL);
    free(qt);
    memset(q.tags, 0, sizeof q.tags);
    CHECK_EQ(vo_final_from_json(qy, strlen(qy), NULL, &f, &e), 0);
    CHECK_EQ(f.status, VO_INVALID);
    CHECK_EQ(f.code, VO_E_STATE);

    /* test object: id from the canonical input text */
    vo_case c;
    vo_case_init(&c);
    CHECK_EQ(vo_case_from_json(CANON1, strlen(CANON1), &c, &e), 0);
    char full[65];
    sha256_hex(CANON1, full);
    full[16] = 0;
    char *tt = vo_test_to_json(&c, &q, "a \"quoted\" comment");
    char *want2 = malloc(strlen(CANON1) + strlen(qy) + 256);
    sprintf(want2, "{\"id\":\"%s\",\"comment\":\"a \\\"quoted\\\" comment\",\"tags\":[],\"input\":%s,\"expect\":%s}",
            full, CANON1, qy);
    CHECK_STR(tt, want2);
    /* the whole test object reads back as a case and as a final state */
    vo_case c2;
    vo_case_init(&c2);
    CHECK_EQ(vo_case_from_json(tt, strlen(tt), &c2, &e), 0);
    CHECK_STR(c2.comment, "a \"quoted\" comment");
    char *c2txt = vo_case_to_json(&c2);
    CHECK_STR(c2txt, CANON1);
    CHECK_EQ(vo_final_from_json(tt, strlen(tt), &c2.state, &f, &e), 0);
    CHECK_EQ(f.status, VO_INVALID);
    CHECK_EQ(f.state.exec_mask, 0xffff0000u); /* copied from the input state */

    /* malformed expect objects */
    struct { const char *t; vo_errcode code; const char *field; } fb[] = {
        {"{\"status\":\"fine\"}", VO_E_STATE, "expect.status"},
        {"{\"error\":null}", VO_E_STATE, "expect.status"},
        {"{\"status\":\"ok\",\"error\":{\"code\":\"E_NOPE\"}}", VO_E_STATE, "expect.error.code"},
        {"{\"status\":\"ok\",\"digest\":\"ABC\"}", VO_E_STATE, "expect.digest"},
        {"{\"status\":\"ok\",\"surfaces\":[{\"index\":6,\"size\":-1}]}", VO_E_STATE, "expect.surfaces[0].size"},
        {"{\"expect\":{\"status\":\"ok\",\"vars\":[{\"id\":32}]}}", VO_E_STATE, "expect.vars[0].type"},
        {"{\"status\":\"ok\"} 1", VO_E_JSON, "json"},
    };
    for (unsigned i = 0; i < sizeof fb / sizeof fb[0]; i++) {
        memset(&e, 0, sizeof e);
        int rc = vo_final_from_json(fb[i].t, strlen(fb[i].t), NULL, &f, &e);
        CHECK_EQ(rc, -1);
        CHECK_EQ(e.code, fb[i].code);
        CHECK_STR(e.field, fb[i].field);
    }

    free(ex);
    free(qx);
    free(qy);
    free(tt);
    free(want2);
    free(c2txt);
    vo_final_free(&f);
    vo_case_free(&c);
    vo_case_free(&c2);
    vo_result_free(&q);
    vo_result_free(&r);
}

static void test_helpers(void)
{
    uint16_t v = 0;
    CHECK(vo_visa_version_parse("3.6", &v) == 0 && v == 306);
    CHECK(vo_visa_version_parse("3.0", &v) == 0 && v == 300);
    CHECK(vo_visa_version_parse("4.1", &v) == 0 && v == 401);
    static const char *const badv[] = {"4.2", "2.9", "3.06", "3.", "3", "3.6 ", "+3.6", "10.0", "", "3,6", "3.600"};
    for (unsigned i = 0; i < sizeof badv / sizeof badv[0]; i++) CHECK_EQ(vo_visa_version_parse(badv[i], &v), -1);
    uint8_t b[4];
    CHECK_EQ(vo_hex_decode("0aFf", 4, b, 4), 2);
    CHECK(b[0] == 0x0a && b[1] == 0xff);
    CHECK_EQ(vo_hex_decode("0aF", 3, b, 4), -1);
    CHECK_EQ(vo_hex_decode("0g", 2, b, 4), -1);
    CHECK_EQ(vo_hex_decode("0011223344", 10, b, 4), -1);
}

/* issue 15: vo_case_from_json reads a canonical input with the fast reader
 * (no tree: vo_json_tree_reads() does not move) and gives the case the strict
 * reader gives; any other text goes to the strict reader, so acceptance,
 * messages, fields and offsets are the strict reader's. Each variant below is
 * compared with vo_case_from_json_strict on the same bytes. */
/* issue 15: check's first pass validates each input with vo_case_check_fast
 * (no data kept): it must accept exactly what vo_case_read_fast accepts, with
 * the same length read */
static void check_vs_read(const char *text, size_t len, const char *what)
{
    static vo_case a, b;
    static int init;
    if (!init) { vo_case_init(&a); vo_case_init(&b); init = 1; }
    size_t ua = 0, ub = 0;
    int ra = vo_case_read_fast(text, len, &a, &ua), rb = vo_case_check_fast(text, len, &b, &ub);
    if (ra != rb || ua != ub) fprintf(stderr, "  check_fast vs read_fast: %.200s\n", what);
    CHECK_EQ(rb, ra);
    CHECK_EQ(ub, ua);
    CHECK_EQ(b.state.nvars + b.state.nsurfaces + b.state.nregions, 0); /* nothing kept */
}

static void fast_vs_strict(const char *text, int want_fast, int want_ok, const char *what)
{
    check_vs_read(text, strlen(text), what);
    static vo_case a, b;
    static int init;
    if (!init) { vo_case_init(&a); vo_case_init(&b); init = 1; }
    vo_error ea, eb;
    unsigned long t0 = vo_json_tree_reads();
    int ra = vo_case_from_json(text, strlen(text), &a, &ea);
    int fast = vo_json_tree_reads() == t0;
    int rb = vo_case_from_json_strict(text, strlen(text), &b, &eb);
    if (fast != want_fast || ra != rb || (ra == 0) != want_ok) fprintf(stderr, "  variant: %s\n", what);
    CHECK_EQ(fast, want_fast);
    CHECK_EQ(ra, rb);
    CHECK_EQ(ra == 0, want_ok);
    if (ra == 0 && rb == 0) {
        char *ja = vo_case_to_json(&a), *jb = vo_case_to_json(&b);
        CHECK_STR(ja, jb);
        free(ja);
        free(jb);
    } else if (ra && rb) {
        CHECK_EQ(ea.code, eb.code);
        CHECK_EQ(ea.offset, eb.offset);
        CHECK_STR(ea.field ? ea.field : "-", eb.field ? eb.field : "-");
        CHECK_STR(ea.message, eb.message);
    }
}

static void test_fast_reader(void)
{
    /* canonical: the fast reader, no tree (whitespace anywhere is fine) */
    const char *canon = "{\"platform\":{\"name\":\"TGLLP\",\"grf_bytes\":32,\"visa_version\":\"3.6\"},"
        "\"insn\":\"3a000105030100000000002101240000008000230000000000\",\"asm\":\"anything\","
        "\"exec_mask\":\"0000ffff\",\"vars\":[{\"id\":35,\"type\":\"ud\",\"num_elts\":2,\"data\":\"0123456789ABCDEF\"},"
        "{\"id\":36,\"type\":\"uw\",\"num_elts\":1,\"data\":\"beef\"}],\"preds\":[{\"id\":1,\"num_elts\":16,\"bits\":\"0000a5a5\"}],"
        "\"addrs\":[{\"id\":1,\"elems\":[[35,4],[36,0]]}],\"surfaces\":[{\"index\":5,\"size\":4096,"
        "\"data\":[[250,\"00000000000000000000001100\"],[800,\"d381b52c\"]]},{\"index\":6,\"size\":64}],"
        "\"memory\":[{\"base\":\"0x0000000000001000\",\"size\":512,\"data\":[[0,\"00ff\"]]}],"
        "\"binding_table\":[{\"bti\":0,\"surface\":5},{\"bti\":3,\"surface\":6}],"
        "\"surface_state\":[{\"offset\":64,\"surface\":5}]}";
    fast_vs_strict(canon, 1, 1, "canonical");
    char *ws = malloc(4 * strlen(canon) + 1), *o = ws; /* whitespace around every token */
    for (const char *p = canon; *p; p++) {
        int tok = strchr("{}[]:,", *p) != NULL;
        if (tok) { *o++ = ' '; *o++ = '\n'; }
        *o++ = *p;
        if (tok) { *o++ = '\t'; *o++ = '\r'; }
    }
    *o = 0;
    fast_vs_strict(ws, 1, 1, "whitespace between tokens");
    free(ws);
    fast_vs_strict("{\"platform\":{\"name\":\"DG2\",\"visa_version\":\"4.0\"},\"insn\":\"\",\"exec_mask\":\"00000001\"}", 1, 1,
                   "no grf_bytes, no asm, no state arrays");
    fast_vs_strict("{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
                   "\"surfaces\":[{\"index\":5,\"size\":512,\"data\":[[0,\"0000\"],[255,\"0001\"]]}]}", 1, 1,
                   "an all-zero run, a run across a page boundary (no page kept for the zero bytes)");
    /* valid but not canonical: the strict reader, same case */
    static const char *const other[] = {
        "{\"insn\":\"3a00\",\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"visa_version\":\"3.6\",\"name\":\"TGLLP\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\",\"x\":[1,{}]}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a\\u0030\\u0030\",\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"asm\":null,\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"asm\":\"0123456789abcdefghij\\n\","
        "\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
        "\"surfaces\":[],\"vars\":[]}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
        "\"vars\":[{\"type\":\"ud\",\"id\":40,\"num_elts\":1,\"data\":\"01020304\"}]}",
        "{\"input\":{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\"},"
        "\"comment\":\"a test object\"}",
    };
    for (size_t k = 0; k < sizeof other / sizeof other[0]; k++) fast_vs_strict(other[k], 0, 1, other[k]);
    /* malformed: the strict reader's error, byte for byte */
    static const char *const bad_texts[] = {
        "",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\"} x",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a0\",\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a0g\",\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"0000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\",\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"grf_bytes\":64,\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"grf_bytes\":032,\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"grf_bytes\":32.0,\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
        "\"vars\":[{\"id\":40,\"type\":\"ud\",\"num_elts\":1,\"data\":\"010203\"}]}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
        "\"vars\":[{\"id\":41,\"type\":\"ud\",\"num_elts\":1,\"data\":\"01020304\"},{\"id\":40,\"type\":\"ud\",\"num_elts\":1,"
        "\"data\":\"01020304\"}]}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
        "\"surfaces\":[{\"index\":5,\"size\":64,\"data\":[[62,\"010203\"]]}]}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
        "\"surfaces\":[{\"index\":5,\"size\":64,\"data\":[[8,\"0102\"],[9,\"01\"]]}]}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
        "\"binding_table\":[{\"bti\":0,\"surface\":9}]}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
        "\"preds\":[{\"id\":1,\"num_elts\":4,\"bits\":\"000000f0\"}]}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
        "\"vars\":[{\"id\":40,\"type\":\"ud\",\"num_elts\":1,\"data\":\"0102\n304\"}]}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\",",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\",\"vars\":[,]}",
        /* a member name without its ':' (the optional and the state-array names are matched ahead) */
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\",\"vars\" []}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"asm\" \"x\",\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"grf_bytes\" 32,\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\"}",
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":\"00000001\","
        "\"surfaces\":[{\"index\":5,\"size\":64,\"data\" [[0,\"01\"]]}]}",
        /* a raw control byte and an escape late in a long string */
        "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"asm\":\"0123456789abcdefghij\x01\","
        "\"exec_mask\":\"00000001\"}",
    };
    for (size_t k = 0; k < sizeof bad_texts / sizeof bad_texts[0]; k++) fast_vs_strict(bad_texts[k], 0, 0, bad_texts[k]);
}

/* issue 15: vo_case_check_fast counts the pages the runs would make without
 * making them: one per page with a non-zero byte, a page met again by the
 * next run counted once, all-zero bytes none; VO_MAX_PAGES in all (the
 * reader gives up one page past it, like vo_surface_write) */
static char *pages_case(unsigned extra)
{
    size_t full = VO_MAX_PAGES - 1, n = 2 * VO_PAGE_BYTES * full + 4096;
    char *t = malloc(n), *o = t;
    o += sprintf(o, "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":"
                 "\"00000001\",\"surfaces\":[{\"index\":5,\"size\":%u,\"data\":[[0,\"",
                 (VO_MAX_PAGES + 2) * VO_PAGE_BYTES);
    for (size_t k = 0; k < VO_PAGE_BYTES * full; k++) { *o++ = '0'; *o++ = '1'; }
    /* the last page: a zero byte, then two runs in the same page */
    o += sprintf(o, "\"],[%zu,\"00\"],[%zu,\"01\"],[%zu,\"0200\"]", VO_PAGE_BYTES * full, VO_PAGE_BYTES * full + 1,
                 VO_PAGE_BYTES * full + 2);
    if (extra) o += sprintf(o, ",[%u,\"00000000\"]", VO_MAX_PAGES * VO_PAGE_BYTES); /* all zero: no page */
    if (extra > 1) o += sprintf(o, ",[%u,\"03\"]", (VO_MAX_PAGES + 1) * VO_PAGE_BYTES);
    sprintf(o, "]}]}");
    return t;
}

static void test_check_fast(void)
{
    static vo_case c;
    vo_case_init(&c);
    size_t used = 0;
    char *at_cap = pages_case(0), *zeros = pages_case(1), *past = pages_case(2);
    CHECK_EQ(vo_case_read_fast(zeros, strlen(zeros), &c, &used), 0);
    check_vs_read(zeros, strlen(zeros), "VO_MAX_PAGES pages and an all-zero run past them");
    CHECK_EQ(vo_case_read_fast(at_cap, strlen(at_cap), &c, &used), 0);
    CHECK_EQ(vo_state_total_pages(&c.state), VO_MAX_PAGES);
    check_vs_read(at_cap, strlen(at_cap), "VO_MAX_PAGES pages");
    CHECK_EQ(vo_case_check_fast(at_cap, strlen(at_cap), &c, &used), 0);
    CHECK_EQ(used, strlen(at_cap));
    CHECK_EQ(vo_case_read_fast(past, strlen(past), &c, &used), -1);
    check_vs_read(past, strlen(past), "one page past VO_MAX_PAGES");
    CHECK_EQ(vo_case_check_fast(past, strlen(past), &c, &used), -1);
    /* what follows the input is not read (check's scan goes on from *used) */
    const char *in = "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":"
                     "\"00000001\",\"vars\":[{\"id\":40,\"type\":\"ud\",\"num_elts\":2,\"data\":\"0102030405060708\"}]},"
                     "\"expect\":{}}";
    CHECK_EQ(vo_case_check_fast(in, strlen(in), &c, &used), 0);
    CHECK_EQ(used, strlen(in) - strlen(",\"expect\":{}}"));
    check_vs_read(in, strlen(in), "an input and what follows it");
    for (size_t cut = 0; cut < strlen(in); cut += 7) check_vs_read(in, cut, "a cut input");
    /* integers at and past the caps and 2^64, and with a fraction or an exponent: the fast reader gives up
     * on each (the strict reader's error stands), check_fast with it */
    static const char *const nums[] = { "4294967296", "1000000000000000000", "18446744073709551615",
                                        "18446744073709551616", "99999999999999999999999", "1e3", "1E3", "1.0", "01" };
    for (size_t k = 0; k < sizeof nums / sizeof nums[0]; k++) {
        char t[512];
        snprintf(t, sizeof t, "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\","
                 "\"exec_mask\":\"00000001\",\"vars\":[{\"id\":%s,\"type\":\"ud\",\"num_elts\":1,\"data\":\"01020304\"}]}",
                 nums[k]);
        fast_vs_strict(t, 0, 0, t);
    }
    /* each hex digit of a variable and of a surface run replaced by a non-digit, an upper-case digit, a
     * byte >= 0x80, or '0' (a chunk all zeros or not): the digit checks without decoding agree with the
     * decoder's, in its 16-digit blocks and in the tail */
    char var_text[512], surf_text[512];
    const char *digits = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    for (size_t pos = 0; pos < 80; pos++) {
        static const char subst[] = { 'g', 'A', 'F', (char)0x80, '0', ' ', '"' };
        for (size_t k = 0; k < sizeof subst; k++) {
            char d[81];
            memcpy(d, digits, 81);
            d[pos] = subst[k];
            snprintf(var_text, sizeof var_text,
                     "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":"
                     "\"00000001\",\"vars\":[{\"id\":40,\"type\":\"ub\",\"num_elts\":40,\"data\":\"%s\"}]}", d);
            check_vs_read(var_text, strlen(var_text), var_text);
            int valid = subst[k] == 'A' || subst[k] == 'F' || subst[k] == '0';
            fast_vs_strict(var_text, valid, valid, var_text); /* the bytes decoded: as the strict reader's */
            for (size_t z = 0; z < 80; z++) d[z] = z == pos ? subst[k] : '0';
            snprintf(surf_text, sizeof surf_text,
                     "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"3a00\",\"exec_mask\":"
                     "\"00000001\",\"surfaces\":[{\"index\":5,\"size\":512,\"data\":[[230,\"%s\"]]}]}", d);
            check_vs_read(surf_text, strlen(surf_text), surf_text);
            fast_vs_strict(surf_text, valid, valid, surf_text);
        }
    }
    free(at_cap);
    free(zeros);
    free(past);
    vo_case_free(&c);
}

int main(void)
{
    test_fast_reader();
    test_check_fast();
    test_canonical_input();
    test_examples_roundtrip();
    test_surface_runs();
    test_malformed();
    test_digest();
    test_expect_and_final();
    test_helpers();
    T_DONE();
}
