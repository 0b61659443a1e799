/* A DUT's own error codes (issue 9 point 3, D61): a rejection is judged by
 * its status only, whatever code the DUT gives; the code is reported and
 * compared with the oracle's when it is one of the oracle's.
 *  - the C ABI: a fake DUT rejecting with a foreign message, with a message
 *    that starts with an oracle code (right and wrong), and with prose;
 *  - the reply parser (vo_reply_from_json): any string code, a string error,
 *    a non-string code; vo_final_from_json (vectors) stays strict.
 * The case: SCATTER with the reserved elt_size code 3 (byte 1), invalid with
 * E_ELT_SIZE by the SCATTER page (elt_size 0..2 = 1, 2, 4 bytes). */
#include "visa_check.h"
#include "visa_json.h"
#include "vo_test_util.h"

static const char *fake_msg;
static int fake_rc;
static int fake_exec(visa_dut_case *c, char *msg, size_t cap)
{
    (void)c;
    if (msg && cap && fake_msg) snprintf(msg, cap, "%s", fake_msg);
    return fake_rc;
}

static vo_state S;
static vo_result R;
static vo_dut_out O;
static vo_verdict V;
/* SCATTER.3 (1 element) T5 0x0:ud V32.0 V33.0 -- vISA 3.6, 4-byte var ids */
static const uint8_t bad_scatter[] = { 0x3A, 3, 0x02, 0x05, 0x05, 0x00, 0, 0, 0, 0,
                                       32, 0, 0, 0, 0, 0, 33, 0, 0, 0, 0, 0 };

static int judge_lib(const char *msg, int rc)
{
    fake_msg = msg;
    fake_rc = rc;
    vo_run(&S, bad_scatter, sizeof bad_scatter, &R);
    vo_dut_run_lib(fake_exec, &S, bad_scatter, sizeof bad_scatter, &O);
    return vo_verdict_compute(&S, bad_scatter, sizeof bad_scatter, &R, &O, &V);
}

int main(void)
{
    uint32_t offs[8] = { 1, 0, 0, 0, 0, 0, 0, 0 }, data[8] = { 0x11223344u, 0, 0, 0, 0, 0, 0, 0 };
    vo_state_init(&S);
    vo_result_init(&R);
    vo_dut_out_init(&O);
    st_begin(&S, "TGLLP", 306, 0xFFFFFFFFu);
    st_var_ud(&S, 32, 8, offs);
    st_var_ud(&S, 33, 8, data);
    st_surf(&S, 5, 64);
    vo_state_sort(&S);

    /* the oracle's own verdict on the case */
    vo_run(&S, bad_scatter, sizeof bad_scatter, &R);
    CHECK_EQ(R.status, VO_INVALID);
    CHECK_STR(vo_errcode_name(R.err.code), "E_ELT_SIZE");

    /* ---- C ABI ---- */
    /* a foreign code: passes; no oracle code recognised in prose */
    CHECK_EQ(judge_lib("bad_exec_size: elt_size 3", VISA_DUT_REJECTED), 1);
    CHECK_STR(O.code, "");
    CHECK_EQ(V.code_match, VO_CODE_NA);
    CHECK_STR(O.msg, "bad_exec_size: elt_size 3");
    /* an oracle code, the right one */
    CHECK_EQ(judge_lib("E_ELT_SIZE: reserved element size", VISA_DUT_REJECTED), 1);
    CHECK_STR(O.code, "E_ELT_SIZE");
    CHECK_EQ(O.code_known, 1);
    CHECK_EQ(V.code_match, VO_CODE_SAME);
    CHECK_STR(V.dut_code, "E_ELT_SIZE");
    /* an oracle code, a different one: still a pass (status only) */
    CHECK_EQ(judge_lib("E_EXEC_SIZE", VISA_DUT_REJECTED), 1);
    CHECK_EQ(V.code_match, VO_CODE_OTHER);
    /* a code name inside a longer word is not a code */
    CHECK_EQ(judge_lib("E_ELT_SIZEX bad", VISA_DUT_REJECTED), 1);
    CHECK_STR(O.code, "");
    /* no message at all */
    CHECK_EQ(judge_lib(NULL, VISA_DUT_REJECTED), 1);
    CHECK_EQ(V.code_match, VO_CODE_NA);
    /* executing it is still a failure, and a stale code does not leak */
    CHECK_EQ(judge_lib("E_ELT_SIZE", VISA_DUT_OK), 0);
    CHECK_STR(O.code, "");
    CHECK_STR(V.bucket, "scatter:E_ELT_SIZE:not_rejected");

    /* ---- reply parser ---- */
    vo_final f;
    vo_error e;
    vo_final_init(&f);
    static const char *const foreign = "{\"status\":\"invalid\",\"error\":{\"code\":\"bad_exec_size\",\"message\":\"x\"}}";
    CHECK_EQ(vo_reply_from_json(foreign, strlen(foreign), &S, &f, &e), 0);
    CHECK_EQ(f.status, VO_INVALID);
    CHECK_STR(f.code_text, "bad_exec_size");
    CHECK_EQ(f.code_known, 0);
    CHECK_EQ(f.code, VO_E_NONE);
    /* the vectors' own expect objects stay strict (bad input contract) */
    CHECK_EQ(vo_final_from_json(foreign, strlen(foreign), &S, &f, &e), -1);
    CHECK_EQ(e.code, VO_E_STATE);
    CHECK_STR(e.field, "expect.error.code");
    static const char *const known = "{\"status\":\"invalid\",\"error\":{\"code\":\"E_ELT_SIZE\"}}";
    CHECK_EQ(vo_reply_from_json(known, strlen(known), &S, &f, &e), 0);
    CHECK_EQ(f.code_known, 1);
    CHECK_EQ(f.code, VO_E_ELT_SIZE);
    static const char *const str = "{\"status\":\"invalid\",\"error\":\"unsupported encoding\"}";
    CHECK_EQ(vo_reply_from_json(str, strlen(str), &S, &f, &e), 0);
    CHECK_STR(f.code_text, "unsupported encoding");
    static const char *const num = "{\"status\":\"invalid\",\"error\":{\"code\":42}}";
    CHECK_EQ(vo_reply_from_json(num, strlen(num), &S, &f, &e), 0);
    CHECK_STR(f.code_text, "");
    /* the status is still required and checked */
    static const char *const nost = "{\"error\":{\"code\":\"bad_exec_size\"}}";
    CHECK_EQ(vo_reply_from_json(nost, strlen(nost), &S, &f, &e), -1);
    static const char *const badst = "{\"status\":\"rejected\"}";
    CHECK_EQ(vo_reply_from_json(badst, strlen(badst), &S, &f, &e), -1);
    CHECK_STR(e.field, "expect.status");
    /* a long code is clipped to a short printable string */
    static const char *const lng = "{\"status\":\"invalid\",\"error\":{\"code\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\u0001\"}}";
    CHECK_EQ(vo_reply_from_json(lng, strlen(lng), &S, &f, &e), 0);
    CHECK(strlen(f.code_text) < sizeof f.code_text);

    vo_final_free(&f);
    vo_dut_out_free(&O);
    vo_result_free(&R);
    vo_state_free(&S);
    T_DONE();
}
