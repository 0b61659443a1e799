/* Shared by check / explain / shrink: locating test objects in vector files
 * without a full parse, and the three ways of running a DUT (a shared library
 * through visa_dut.h, a subprocess speaking JSON lines, a results file). */
#ifndef VO_DUT_TRANSPORT_H
#define VO_DUT_TRANSPORT_H
#include <stddef.h>

#include "visa_check.h"
#include "visa_json.h"

/* ---- test objects in a file ---- */
typedef struct vo_testref {
    const char *test;   /* the test object text (or a bare input object) */
    size_t test_len;
    const char *input;  /* its "input" member text (== test for a bare input) */
    size_t input_len;
    char id[17];        /* its "id" member, "" when absent */
    int read_ok;        /* vo_testset_load_reading: input_fn accepted this input while the file was scanned */
    size_t test_off, input_off; /* where test and input lie in the file's text */
    uint64_t input_hash; /* check: vo_span_hash of the input as the first pass validated it */
} vo_testref;

/* a 64-bit hash of n bytes (not cryptographic): check compares the input it
 * runs with the one it validated (issue 30 point 5) */
uint64_t vo_span_hash(const char *p, size_t n);

typedef struct vo_testset {
    char *text;         /* the whole file (read, inflated when gzip), NUL-terminated; owned unless */
    int text_borrowed;  /* it is the caller's buffer (vo_testset_load_reading with buf) */
    size_t len;
    size_t text_base;   /* the file offset of text[0] (0 but in vo_testset_scan_window) */
    vo_testref *t;
    size_t n, cap;
    char format[48];    /* the top-level "format" string of a vector file ("" if none; clipped) */
    int is_vectors;     /* the file is {"tests": [...], ...} */
    const char *why;    /* after a failed load: what was wrong (static text or whybuf), at byte why_at */
    char whybuf[128];
    size_t why_at;
    /* vo_testset_load_reading: reads a test's "input" object at v (the text
     * ends at e) and returns its end, or NULL when it cannot (then the scan
     * skips the value as usual) */
    const char *(*input_fn)(void *ctx, const char *v, const char *e);
    void *input_ctx;
    const char *input_ok; /* the last input input_fn accepted */
} vo_testset;

/* Accepts a vector file {"format":..., "tests":[...]}, a single test object, a
 * bare input object, or JSON lines of any of these, read with cli_read_input
 * (gzip too, the input cap). A second "tests" member, or a test with two
 * "input" or two "id" members, is refused. 0, or -1 with err set (naming the
 * file and the byte). */
int vo_testset_load(vo_testset *ts, const char *path, char *err, size_t errcap);
/* The same, and each test's "input" object is handed to fn as the scan meets
 * it (one pass over the file; check's first pass); a test whose input fn
 * accepted has read_ok set. Same acceptance and errors as vo_testset_load.
 * With buf, the file is read into *buf (capacity *cap; cli_read_input_buf),
 * which stays the caller's: ts->text borrows it. */
int vo_testset_load_reading(vo_testset *ts, const char *path, char *err, size_t errcap,
                            const char *(*fn)(void *ctx, const char *v, const char *e), void *ctx, char **buf,
                            size_t *cap);
/* check's first pass on a regular file (issue 15 point 8): the scan of
 * vo_testset_load_reading, on a vector file (one object with a "tests"
 * array), read through a window of the file (*wbuf, *wcap + 1 bytes;
 * VO_SCAN_WINDOW when *wbuf is NULL; grown for a test longer than it) instead
 * of whole, so that the text stays in the core's cache. Each test is handed to each() while
 * its text is in the window (t->test and t->input valid during the call only,
 * NULL after it; test_off and input_off stay). Returns 0 when done: the same
 * tests, ids, offsets and read_ok as vo_testset_load_reading. Returns 1, with
 * ts emptied and nothing reported, when the file is anything else -- another
 * shape, gzip, over the input cap, unreadable, an error anywhere -- or when
 * each() returns non-zero: then vo_testset_load_reading gives the verdict and
 * the message. */
#define VO_SCAN_WINDOW ((size_t)128 << 10)
int vo_testset_scan_window(vo_testset *ts, const char *path, const char *(*fn)(void *ctx, const char *v, const char *e),
                           void *ctx, int (*each)(void *ectx, vo_testset *ts, size_t i), void *ectx, char **wbuf,
                           size_t *wcap);
void vo_testset_free(vo_testset *ts);
/* the scan of vo_testset_load over text[0, len) (NUL at text[len]; borrowed):
 * 0, or -1 (no message: the whole-file read gives it) */
int vo_testset_parse_text(vo_testset *ts, char *text, size_t len);
/* D246 (results_stream.c): a regular, uncompressed results file read line by
 * line; each test is handed to take(ctx, id, file offset, length, vo_span_hash
 * of its text) ("" id: none). 0 with *fd open on the file; 1 when it is to be
 * read whole (not a regular file, gzip, a line that is not whole JSON objects,
 * no test, a test without id, or take() returned 1): nothing kept, *fd -1;
 * -1 out of memory. */
int vo_results_index(const char *path, int (*take)(void *ctx, const char *id, uint64_t off, size_t n, uint64_t hash),
                     void *ctx, int *fd);

/* JSON text without insignificant whitespace (one line); out needs n+1 bytes.
 * Returns the length written. */
size_t vo_json_minify(const char *p, size_t n, char *out);

/* ---- DUT transports ---- */
enum vo_transport { VO_TR_LIB = 0, VO_TR_CMD, VO_TR_RESULTS };
typedef struct vo_dut vo_dut;

vo_dut *vo_dut_open_lib(const char *path, char *err, size_t errcap);
vo_dut *vo_dut_open_cmd(const char *cmd, int timeout_ms, char *err, size_t errcap);
/* --dut-lib X --isolate: X loaded by a child `visa-oracle __dut-host X`
 * spoken to like a --dut-cmd (same timeouts, restarts, report) */
vo_dut *vo_dut_open_isolated(const char *lib, int timeout_ms, char *err, size_t errcap);
vo_dut *vo_dut_open_results(const char *path, char *err, size_t errcap);
/* --dut-cmd: the start-up allowance (ms) added to the timeout of the first
 * reply of the first process (default VO_STARTUP_MS_DEFAULT); restarted
 * processes get a bounded share of it (docs/check.md). No-op for others. */
#define VO_STARTUP_MS_DEFAULT 5000
void vo_dut_set_startup_ms(vo_dut *d, int ms);
int vo_dut_transport(const vo_dut *d);
/* --dut-cmd: with on, a timeout's message leaves out the start-up allowance
 * (which depends on the process's history: check -j N keeps the -j 1
 * report); vo_dut_last_allowance then gives it (0 when none applied). */
void vo_dut_set_stable_messages(vo_dut *d, int on);
int vo_dut_last_allowance(const vo_dut *d);
const char *vo_dut_describe(const vo_dut *d);   /* "library x.so", ... */

/* Runs one case on the DUT. input_json (one line, may be NULL: then made from
 * c) is what a subprocess gets; id names the test for --results (may be NULL
 * or "": then computed from c). Fills out; returns out->status.
 * A fatal transport problem (the command cannot be started at all) returns -1
 * with out->msg set. */
int vo_dut_exec(vo_dut *d, const vo_case *c, const char *input_json, size_t input_len, const char *id,
                vo_dut_out *out);

/* --results: lines read, lines never looked up so far, duplicate ids. */
void vo_dut_results_stats(const vo_dut *d, size_t *lines, size_t *unused, size_t *dups);
/* --results: 1 if the file has a line for this id (does not mark it used) */
int vo_dut_results_has(const vo_dut *d, const char *id);
/* --dut-cmd: number of (re)starts of the process so far */
unsigned vo_dut_starts(const vo_dut *d);
void vo_dut_close(vo_dut *d);

/* Loads one case from a file: the test whose id is `id` (NULL: the first
 * one). 0, or -1 with err set. */
int vo_load_one_case(const char *path, const char *id, vo_case *c, char *idout, char *err, size_t errcap);

/* One failing test as text (the FAIL line and up to max_rows provenance
 * rows) or as one JSON object; both end with a newline. malloc'd. */
char *vo_report_text(const char *id, const vo_verdict *v, unsigned max_rows);
char *vo_report_json(const char *id, const vo_verdict *v);
/* the same naming where the test comes from: where = "FILE#INDEX" (1-based);
 * text: "  (FILE#INDEX)" ends the FAIL line; JSON: "file" and "index"
 * members. max_rows 0 (-q) prints the FAIL line and detail only. */
char *vo_report_text_at(const char *id, const char *where, const vo_verdict *v, unsigned max_rows);
char *vo_report_json_at(const char *id, const char *where, const vo_verdict *v);
#endif
