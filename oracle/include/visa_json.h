/*
 * visa-oracle JSON layer: cases (instruction + initial state) in, canonical
 * `input` / `expect` / test objects out. Shapes, canonical rules and the
 * digest definition are in docs/format.md.
 *
 * Everything returned as `char *` is a malloc'd, NUL-terminated, compact
 * (no whitespace) JSON text; free it with free(). NULL means out of memory.
 */
#ifndef VISA_JSON_H
#define VISA_JSON_H

#include "visa_oracle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* longest JSON path reported in vo_error.field (longer paths are cut) */
#define VO_JSON_PATH_MAX 128

/* One case: the instruction and the state it runs on. */
typedef struct vo_case {
    vo_state state;
    uint8_t insn[VO_MAX_INSN_BYTES];
    size_t insn_len;
    char comment[256];              /* test "comment" (cut at 255 bytes), "" if none */
    char errpath[VO_JSON_PATH_MAX]; /* storage that vo_error.field points into
                                       after a failed vo_case_from_json */
} vo_case;

void vo_case_init(vo_case *c);
void vo_case_free(vo_case *c);      /* frees owned memory; c is empty (as after init) */

/* Parses a whole test object {"input": {...}, "comment": ..., ...} or a bare
 * input object. c must have been vo_case_init'ed; its previous contents are
 * replaced. Returns 0, or -1 with *err filled and c left empty:
 *   VO_E_JSON       text is not exactly one JSON object (field "json",
 *                   offset = byte offset in text of the problem)
 *   VO_E_STATE      a member is missing, of the wrong type or value
 *                   (field = JSON path such as "input.vars[2].data", offset -1)
 *   VO_E_STATE_CAP  a documented cap is exceeded
 * plus whatever vo_state_check reports (its field prefixed with "input.").
 * Paths are always rooted at "input", also for a bare input object.
 * err->field points into c->errpath (or to a static string). */
int vo_case_from_json(const char *text, size_t len, vo_case *c, vo_error *err);

/* Canonical input object of a case (key order platform, insn, asm, exec_mask,
 * vars, preds, addrs, surfaces, then memory, binding_table, surface_state
 * when the state has flat memory regions / table entries; "asm" omitted when
 * the bytes do not decode). */
char *vo_case_to_json(const vo_case *c);

/* Canonical text of a state's contents: {"vars":[..],"preds":[..],"addrs":[..],
 * "surfaces":[..]}, followed by ,"memory":[..] (flat regions),
 * ,"binding_table":[..] and ,"surface_state":[..] when the state has them
 * (docs/format.md). The digest is sha256 over exactly these bytes. */
char *vo_state_to_json(const vo_state *s);
/* out = 64 lower-case hex digits + NUL. Returns 0, or -1 (out of memory). */
int vo_state_digest(const vo_state *s, char out[65]);

/* The `expect` object of a result: status, error, vars, preds, addrs,
 * surfaces (memory, binding_table, surface_state when present), free, tags,
 * digest. */
char *vo_result_to_json(const vo_result *r);

/* Test id: first 16 hex digits of sha256 of the canonical input text.
 * Returns 0, or -1 (out of memory). */
int vo_case_id(const vo_case *c, char out[17]);

/* {"id","comment","tags","input","expect"}; comment NULL -> c->comment. */
char *vo_test_to_json(const vo_case *c, const vo_result *r, const char *comment);

/* ---- reading a final state back (vector `expect` objects, DUT replies) ---- */
typedef struct vo_final {
    vo_status status;
    vo_errcode code;          /* error.code as given; VO_E_NONE for null/absent (or foreign, replies) */
    vo_state state;           /* platform and exec_mask copied from the input */
    int has_digest;
    char digest[65];          /* as given (lower-case hex), when has_digest */
    char errpath[VO_JSON_PATH_MAX];
    /* issue 9: the error code text as given ("" when none; clipped to 63
     * bytes), and 1 when it names one of the oracle's codes (then == code) */
    char code_text[64];
    int code_known;
} vo_final;

void vo_final_init(vo_final *f);
void vo_final_free(vo_final *f);
/* Parses an expect object, a whole test object (its "expect" member is used)
 * or a DUT reply line: "status" is required; "error" may be null, absent or
 * {"code": "E_...", ...}; "vars", "preds", "addrs", "surfaces", "memory",
 * "binding_table", "surface_state" are optional (absent = empty) and use the
 * input shapes; "digest" is optional and is only
 * stored, not verified. Paths are rooted at "expect". Same error codes and
 * conventions as vo_case_from_json. */
int vo_final_from_json(const char *text, size_t len, const vo_state *input,
                       vo_final *f, vo_error *err);
/* The same for a DUT's reply line (or --results line), which may use its own
 * error vocabulary (D61): "error" may be null, absent, an object whose "code"
 * is any string, or a string (the code); any other shape carries no code.
 * The code is kept in f->code_text; f->code_known says whether it names an
 * oracle code (then f->code is it). Everything else as vo_final_from_json. */
int vo_reply_from_json(const char *text, size_t len, const vo_state *input,
                       vo_final *f, vo_error *err);

/* ---- small helpers shared with the CLI ---- */
/* "M.m" (no leading zeros, no sign) with 300 <= M*100+m <= 401. 0 or -1. */
int vo_visa_version_parse(const char *s, uint16_t *out);
/* the inverse: writes "M.m" for M*100+m (cap >= 8); 0, or -1 when v is not 300..401 */
int vo_visa_version_format(uint16_t v, char *buf, size_t cap);
/* Hex digits (either case) to bytes. Returns the byte count, or -1 on an odd
 * count, a non-hex character, or more than cap bytes. */
long vo_hex_decode(const char *hex, size_t nchars, uint8_t *out, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
