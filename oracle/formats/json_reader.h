/* Internal to the library, its tests and fuzzers (not installed, not
 * exported): the two readers of a case's JSON text (oracle/formats/json.c). */
#ifndef VO_JSON_READER_H
#define VO_JSON_READER_H
#include <stddef.h>
#include "visa_json.h"

/* vo_case_from_json with the strict tree reader alone (the fast reader is not
 * tried): the reference the fast reader is compared with. */
int vo_case_from_json_strict(const char *text, size_t len, vo_case *c, vo_error *err);

/* The fast reader alone on the input object at the start of text[0..len)
 * (what follows it is not read): 0 and *used = its length when the fast
 * reader accepts it -- then vo_case_from_json on exactly those bytes succeeds
 * with the same case -- or -1 (it gives up: malformed, or not in the
 * canonical shape; only the strict reader can say which). c is replaced
 * either way. check's first pass reads each test's input with it while the
 * file is scanned (the input's end is where the scan goes on). */
int vo_case_read_fast(const char *text, size_t len, vo_case *c, size_t *used);

/* vo_case_read_fast's checks without its data (issue 15: check's first pass
 * validates every input, the run reads each again): 0 with the same *used
 * exactly when vo_case_read_fast returns 0 on the text, else -1. No variable
 * bytes or surface pages are kept (the pages that would be made are counted
 * against VO_MAX_PAGES); c's state is emptied either way. */
int vo_case_check_fast(const char *text, size_t len, vo_case *c, size_t *used);

/* how many documents the strict tree reader has parsed in this process (all
 * threads); vo_case_from_json on a canonical input uses the fast reader and
 * leaves it unchanged (issue 15; check --bench prints it) */
unsigned long vo_json_tree_reads(void);
#endif
