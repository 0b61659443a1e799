/* Internal to the library, its tests and fuzzers (not installed, not
 * exported): the two readers of a case's JSON text (oracle/formats/json.c). */
#ifndef VO_JSON_READER_H
#define VO_JSON_READER_H
#include <stddef.h>
#include "visa_json.h"

/* vo_case_from_json with the strict tree reader alone (the fast reader is not
 * tried): the reference the fast reader is compared with. */
int vo_case_from_json_strict(const char *text, size_t len, vo_case *c, vo_error *err);

/* how many documents the strict tree reader has parsed in this process (all
 * threads); vo_case_from_json on a canonical input uses the fast reader and
 * leaves it unchanged (issue 15; check --bench prints it) */
unsigned long vo_json_tree_reads(void);
#endif
