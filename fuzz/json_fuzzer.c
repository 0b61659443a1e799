/* json_fuzzer: the JSON front end of `run` and `check` on arbitrary text.
 *   - vo_case_from_json (test objects, bare input objects) never crashes and
 *     either fails with an error code and a path, or gives a case whose
 *     canonical JSON parses back to the same text and which the binary form
 *     carries unchanged; such a case is run, and its expect object parses back;
 *   - vo_final_from_json (expect objects, DUT reply lines) never crashes, on
 *     the same text, against the parsed case's state or a fixed one;
 *   - vo_reply_from_json (the DUT reply parser of check --dut-cmd/--results)
 *     never crashes, accepts whatever vo_final_from_json accepts with the same
 *     status, and keeps a DUT's error code as a short printable string that
 *     names an oracle code exactly when code_known says so (D61);
 *   - vo_case_from_json (the fast reader when the text has the canonical
 *     shape, else the strict tree reader) and vo_case_from_json_strict agree
 *     on every text: both accept with the same case, or both refuse with the
 *     same code, field, offset and message (issue 15). */
#define FZ_NAME "json_fuzzer"
#include "fuzz_common.h"
#include "visa_bincase.h"
#include "visa_json.h"
#include "../oracle/formats/json_reader.h"

static vo_case c, c2, cs;
static vo_final f, f2;
static vo_result r;
static vo_state fixed;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    vo_case_init(&c);
    vo_case_init(&c2);
    vo_case_init(&cs);
    vo_final_init(&f);
    vo_final_init(&f2);
    vo_result_init(&r);
    vo_state_init(&fixed);
    vo_var *v = vo_state_add_var(&fixed, 32, VO_T_UD, 16);
    (void)v;
    vo_state_add_var(&fixed, 33, VO_T_UD, 64);
    vo_state_add_pred(&fixed, 1, 16, 0xFF);
    vo_state_add_surface(&fixed, 6, 4096);
    return 0;
}

static void check_err(const vo_error *e, size_t n)
{
    /* the reader's codes, and the address-space model's (issue 13: tables naming an undeclared surface,
     * regions that overlap or pass 2^64) */
    FZ_ASSERT(e->code == VO_E_JSON || e->code == VO_E_STATE || e->code == VO_E_STATE_CAP || e->code == VO_E_OOM ||
                  e->code == VO_E_TABLE_SURFACE || e->code == VO_E_REGION_OVERLAP || e->code == VO_E_REGION_RANGE,
              "parse failed with code %s", vo_errcode_name(e->code));
    FZ_ASSERT(e->field != NULL, "parse error without a field");
    if (e->code == VO_E_JSON) FZ_ASSERT(e->offset >= 0 && (size_t)e->offset <= n, "E_JSON offset %lld", (long long)e->offset);
}

static void fz_one(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    vo_error err;
    const vo_state *against = &fixed;
    vo_error serr;
    int fast_rc = vo_case_from_json(text, size, &c, &err);
    int strict_rc = vo_case_from_json_strict(text, size, &cs, &serr);
    FZ_ASSERT(fast_rc == strict_rc, "vo_case_from_json %s what the strict reader %s", fast_rc ? "refuses" : "accepts",
              strict_rc ? "refuses" : "accepts");
    if (fast_rc && strict_rc)
        FZ_ASSERT(err.code == serr.code && err.offset == serr.offset && !strcmp(err.message, serr.message) &&
                  !strcmp(err.field ? err.field : "", serr.field ? serr.field : ""),
                  "the readers' errors differ: %s at %s vs %s at %s", err.message, err.field ? err.field : "-",
                  serr.message, serr.field ? serr.field : "-");
    if (fast_rc != 0) {
        check_err(&err, size);
    } else {
        char *j = vo_case_to_json(&c);
        FZ_ASSERT(j != NULL, "vo_case_to_json returned NULL");
        char *js = vo_case_to_json(&cs);
        FZ_ASSERT(js && strcmp(j, js) == 0, "the fast and the strict reader give different cases");
        free(js);
        FZ_ASSERT(vo_case_from_json(j, strlen(j), &c2, &err) == 0, "canonical JSON rejected: %s", err.message);
        char *j2 = vo_case_to_json(&c2);
        FZ_ASSERT(j2 && strcmp(j, j2) == 0, "canonical JSON is not a fixed point");
        uint8_t *b = NULL;
        size_t n = 0;
        FZ_ASSERT(vo_bincase_encode(&c, &b, &n, &err) == 0, "parsed case does not encode: %s", err.message);
        FZ_ASSERT(vo_bincase_decode(b, n, 0, &c2, &err) == 0, "encoded case does not decode: %s", err.message);
        char *j3 = vo_case_to_json(&c2);
        FZ_ASSERT(j3 && strcmp(j, j3) == 0, "binary form changed the case"); /* typed surfaces included (tag 0x1B) */
        free(b);
        free(j);
        free(j2);
        free(j3);
        vo_run(&c.state, c.insn, c.insn_len, &r);
        char *e = vo_result_to_json(&r);
        FZ_ASSERT(e != NULL, "vo_result_to_json returned NULL");
        vo_final_free(&f);
        FZ_ASSERT(vo_final_from_json(e, strlen(e), &c.state, &f, &err) == 0, "expect object rejected: %s at %s",
                  err.message, err.field ? err.field : "-");
        FZ_ASSERT(f.status == r.status, "status changed through JSON");
        free(e);
        against = &c.state;
    }
    vo_final_free(&f);
    int strict_ok = vo_final_from_json(text, size, against, &f, &err) == 0;
    if (!strict_ok) check_err(&err, size);
    vo_final_free(&f2);
    if (vo_reply_from_json(text, size, against, &f2, &err) != 0) {
        check_err(&err, size);
        FZ_ASSERT(!strict_ok, "a final state vo_final_from_json accepts is refused as a reply");
    } else {
        size_t n = strlen(f2.code_text);
        FZ_ASSERT(n < sizeof f2.code_text, "reply code not terminated");
        for (size_t i = 0; i < n; i++)
            FZ_ASSERT(f2.code_text[i] >= 0x20 && f2.code_text[i] < 0x7f, "reply code has a non-printable byte");
        if (f2.code_known)
            FZ_ASSERT(strcmp(vo_errcode_name(f2.code), f2.code_text) == 0, "code_known but the text is %s",
                      f2.code_text);
        else
            FZ_ASSERT(f2.code == VO_E_NONE, "a foreign code set f.code");
        if (strict_ok) {
            FZ_ASSERT(f2.status == f.status, "reply and final state disagree on the status");
            FZ_ASSERT(f2.code == f.code, "reply and final state disagree on a known code");
        }
    }
    vo_final_free(&f);
    vo_final_free(&f2);
}

FZ_ENTRY
