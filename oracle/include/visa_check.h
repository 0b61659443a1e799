/*
 * visa_check.h: judging a device under test (DUT) against the oracle.
 *
 * Two halves, both without I/O:
 *  - the host side of the DUT C ABI (visa_dut.h): a visa_dut_case built from a
 *    vo_state, with sparse memory callbacks that apply the DUT's writes to a
 *    copy of the state and record every refused (out-of-bound) write;
 *  - the verdict: an oracle result (vo_result) against a DUT outcome
 *    (status + final state), honouring the freedom list, with per-byte
 *    provenance taken from vo_result.acc and a deterministic bucket string
 *    "<insn mnemonic>:<clause>:<kind>" (docs/check.md).
 */
#ifndef VISA_CHECK_H
#define VISA_CHECK_H

#include "visa_dut.h"
#include "visa_oracle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- what the DUT did ---- */
enum vo_dut_status {
    VO_DUT_EXECUTED = 0,  /* ran; state holds its final state              */
    VO_DUT_REJECTED,      /* judged the instruction invalid                */
    VO_DUT_FAILED,        /* internal failure (VISA_DUT_ERROR, unsupported) */
    VO_DUT_CRASH,         /* process died / closed its output              */
    VO_DUT_TIMEOUT,       /* no answer within the per-test timeout         */
    VO_DUT_GARBAGE,       /* answer is not a well-formed final state       */
    VO_DUT_NO_RESULT,     /* --results: no line for this test id           */
    VO_DUT_UNSUPPORTED    /* the DUT says it does not implement the case    */
};
const char *vo_dut_status_name(unsigned s);

#define VO_VIOL_MAX 16
/* a refused write: surface index and offset, or (space VO_SPACE_FLAT) the
 * 64-bit flat address in offset */
typedef struct vo_viol { uint32_t surface; uint64_t offset; uint32_t len; uint8_t space; } vo_viol;

typedef struct vo_dut_out {
    int status;             /* enum vo_dut_status */
    vo_state state;         /* final state when EXECUTED */
    char msg[256];          /* DUT's reason or transport detail ("" if none) */
    uint32_t nviol;         /* refused writes (all counted) */
    vo_viol viol[VO_VIOL_MAX]; /* the first VO_VIOL_MAX of them */
    uint32_t nbad_reads;    /* reads the host refused (not a failure by itself) */
    /* issue 9: the DUT's own error code (D61). A reply's "error" code as
     * given, any string ("" when none); through the C ABI, the first word of
     * msg when it names an oracle code ("E_EXEC_SIZE: ..."). code_known: 1
     * when code names one of the oracle's codes, then code_val is it. The
     * verdict judges the status only; the code is reported, never judged. */
    char code[48];
    int code_known;
    vo_errcode code_val;
    int said_undefined;     /* EXECUTED with status "undefined" (VISA_DUT_UNDEFINED, reply "undefined"; D250) */
} vo_dut_out;

void vo_dut_out_init(vo_dut_out *o);
void vo_dut_out_free(vo_dut_out *o);    /* o is as after init */

/* ---- host side of the DUT ABI ---- */
typedef struct vo_dut_host {
    visa_dut_case c;
    visa_dut_var vars[VO_MAX_VARS];
    visa_dut_pred preds[VO_MAX_PREDS];
    visa_dut_addr addrs[VO_MAX_ADDRS];
    visa_dut_surface surfs[VO_MAX_SURFACES];
    visa_dut_region regions[VO_MAX_REGIONS];
    visa_dut_bt_entry bt[VO_MAX_BT];
    visa_dut_ss_entry ss[VO_MAX_SS];
    visa_dut_typed typed[VO_MAX_TYPED]; /* ABI 1.2 */
    visa_dut_media media[VO_MAX_SURFACES]; /* ABI 1.3 */
    vo_dut_out *out;        /* writes land in out->state */
} vo_dut_host;

/* Copies *in into out->state (status EXECUTED, no violations) and fills h->c:
 * var data points into out->state, memory callbacks act on out->state.
 * h must stay at its address while the DUT runs. Returns 0 or -1 (OOM). */
int vo_dut_host_prepare(vo_dut_host *h, const vo_state *in, const uint8_t *insn, size_t n,
                        vo_dut_out *out);

/* prepare + execute + map the return code. Returns out->status. */
int vo_dut_run_lib(visa_dut_execute_fn fn, const vo_state *in, const uint8_t *insn, size_t n,
                   vo_dut_out *out);

/* issue 9: sets out->code / code_known / code_val from a code text (NULL or
 * "" clears them). */
void vo_dut_out_set_code(vo_dut_out *out, const char *code);

/* ---- verdict ---- */
enum vo_kind {
    VO_K_WRONG_VALUE = 0,   /* a byte the instruction produced has the wrong value  */
    VO_K_MISSING_WRITE,     /* a byte the instruction should change kept its old value */
    VO_K_EXTRA_WRITE,       /* a byte the instruction must not change was changed   */
    VO_K_NOT_ONE_OF,        /* an overlap range holds none of the candidate values  */
    VO_K_WRITE_PAST_BOUND,  /* the DUT asked the host to write outside the surface  */
    VO_K_NOT_REJECTED,      /* oracle: invalid; DUT executed it                     */
    VO_K_WRONGLY_REJECTED,  /* oracle: ok; DUT rejected it                          */
    VO_K_DUT_ERROR,         /* DUT reported an internal failure                     */
    VO_K_CRASH, VO_K_TIMEOUT, VO_K_GARBAGE,
    VO_K_NO_RESULT,         /* --results has no line for the test                   */
    VO_K_BAD_SHAPE,         /* final state lacks a variable/surface or resizes one  */
    /* DWORD_ATOMIC */
    VO_K_NOT_SERIALIZABLE,  /* no serial order of colliding atomic lanes explains it */
    VO_K_SERIAL_UNPROVEN,   /* the order search hit VO_SERIAL_CAP: not proven       */
    VO_K_UNSUPPORTED,       /* the DUT said it does not implement the case (not a failure) */
    VO_K_STRAY_WRITE,       /* a byte no access of the oracle (nor a disabled lane) plans was written */
    VO_K_COUNT
};
const char *vo_kind_name(unsigned k);

/* One differing byte (or one refused write) with its provenance. */
typedef struct vo_diff {
    uint8_t space;          /* enum vo_space */
    uint8_t kind;           /* enum vo_kind */
    uint8_t expected, got, initial;
    uint8_t has_acc;        /* acc/delta are meaningful */
    uint8_t delta;          /* byte index inside the access */
    uint32_t index;         /* var id / surface index */
    uint64_t offset;        /* byte offset in the var / surface */
    uint32_t len;           /* 1, or the length of a refused write */
    vo_access acc;          /* the oracle's access that covers the byte */
    uint64_t bound;         /* size in bytes of the surface concerned (the row's surface, else the
                               access's); the out-of-bound limit shown in reports */
    const char *clause;     /* spec clause id (or error code name for invalid) */
} vo_diff;

#define VO_DIFF_KEEP 256    /* diffs stored per verdict (all are counted) */

typedef struct vo_verdict {
    int pass;
    int unsupported;        /* the DUT answered "unsupported": pass == 0 but not a failure */
    int kind;               /* enum vo_kind of the bucket (when !pass) */
    const char *clause;     /* clause of the bucket */
    char mnemonic[24];
    char bucket[96];        /* "<mnemonic>:<clause>:<kind>" */
    char asm_text[192];     /* the instruction's text; "" when the test passed (not disassembled) */
    uint32_t chen;          /* the oracle's channel enables (vo_result.chen) */
    char detail[384];       /* one sentence on status-level failures, "" otherwise */
    uint32_t ndiff;         /* differing bytes + refused writes, all counted */
    uint32_t nkept;
    vo_diff diffs[VO_DIFF_KEEP]; /* order: refused writes, vars, surfaces */
    /* issue 9: the DUT's error code (vo_dut_out.code, "" when none) and how
     * it compares with the oracle's when the oracle says invalid and the DUT
     * rejected: VO_CODE_NA otherwise or when the DUT gave no code. Reported,
     * never judged (D61). */
    char dut_code[48];
    int code_match;         /* enum vo_code_match */
    /* issue 30 point 1 (D305): the failure by its relation to the access plan,
     * "<mnemonic>:<clause>:<relation>" (docs/check.md "Causes"); "" when the
     * test passed or failed before any byte was compared */
    char cause[96];
    /* issue 30 point 1 (D406): set by vo_verdict_lanes when the DUT's whole
     * state is the oracle's under the lanes a misread control gives: each
     * such "<chen clause>:<misreading>" ("chen.pred_invert:invert_ignored"),
     * joined by ", ", and the first one's lane set; "" and 0 otherwise */
    char lanes[384];
    uint32_t lanes_chen;
    /* issue 30 point 1 (D407): set by vo_verdict_lanes when the DUT's whole
     * state is the oracle's with one step of the address or data-size rule
     * misread: each such "<clause>:<misreading>"
     * ("lsc.a32:a32_sign_extended"), joined by ", "; "" otherwise */
    char misread[256];
} vo_verdict;
/* fills v->cause from v->diffs, the oracle's plan r and (NULL when every lane
 * is enabled) lanes, the run with every lane enabled (verdict_cause.c) */
void vo_verdict_cause(const vo_result *r, const vo_result *lanes, vo_verdict *v);
/* D406: for a test v failed on its bytes, tries the lane sets the test's
 * controls give when one of them is misread (the predicate's inversion,
 * .any/.all, the mask offset, NoMask, the predicate, the mask, all of them),
 * in that order, and fills v->lanes / v->lanes_chen with those under which
 * the DUT's reply d passes; for LSC_UNTYPED and the legacy scattered and
 * 4-channel messages, likewise v->misread with the address and data-size
 * misreadings (D407, enum vo_insn_misread) that change some access of the
 * case; costs up to eighteen runs of the case. */
void vo_verdict_lanes(const vo_state *in, const uint8_t *insn, size_t n, const vo_result *r, const vo_dut_out *d,
                      vo_verdict *v);
/* the words for the first misreading of a v->lanes value ("the predicate's inversion ignored"), or NULL */
const char *vo_lanes_what(const char *lanes);
/* the same for a v->misread value ("flat a32 addresses sign-extended to 64 bits"), or NULL */
const char *vo_misread_what(const char *misread);

enum vo_code_match {
    VO_CODE_NA = -1,        /* nothing to compare */
    VO_CODE_OTHER = 0,      /* an oracle code, not the oracle's for this case */
    VO_CODE_SAME = 1,       /* the oracle's code for this case */
    VO_CODE_FOREIGN = 2     /* a code outside the oracle's vocabulary */
};

/* Judges the DUT outcome *d for the case (in, insn) whose oracle result is *r.
 * Rules: status invalid passes iff the DUT rejected (for E_OPCODE, an
 * opcode the oracle does not model, an internal failure is accepted too); status undefined passes
 * anything but a crash, timeout or garbage; status ok needs an executed DUT
 * whose every byte outside freedom matches, `undefined` bytes skipped, and
 * each `one_of` range equal to one of its candidates. Returns v->pass. */
int vo_verdict_compute(const vo_state *in, const uint8_t *insn, size_t n, const vo_result *r,
                       const vo_dut_out *d, vo_verdict *v);

/* Clause an access stands for: its address clause when performed, else the
 * rule that applied (oob.read_zero, oob.write_dropped, oob.partial_element,
 * addr.misaligned, write.overlap_one_of, slm.oob_*). bound = surface size. */
const char *vo_access_clause(const vo_access *a, uint64_t bound);

/* DWORD_ATOMIC: judging one `serializable` freedom entry (docs/check.md).
 * final: the DUT's memory value (len bytes, LE); rets[t]: the value lane t
 * (f->lanes[t]) returned (ignored when f->dst_var is 0). Returns 1 when some
 * serial order of the lanes produces exactly these values, 0 when none does,
 * -1 when the search stopped after cap steps (not proven). *steps (may be
 * NULL) receives the number of search steps taken. */
#define VO_SERIAL_CAP 4000000u
int vo_serial_search(const vo_free *f, uint64_t final, const uint64_t *rets, uint64_t cap, uint64_t *steps);

/* Mnemonic of the instruction bytes ("scatter4_scaled", or "op_XX"). */
const char *vo_insn_mnemonic(const uint8_t *insn, size_t n, char *buf, size_t cap);

/* Rows: consecutive diffs of the same access print as one row.
 * vo_diff_run: how many of d[0..avail) form the row starting at d[0].
 * vo_diff_format: the row for d[0..n) (no newline); returns its length. */
uint32_t vo_diff_run(const vo_diff *d, uint32_t avail);
size_t vo_diff_format(const vo_diff *d, uint32_t n, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
