/* What check and merge share about a report (issue 30 point 8): the bucket
 * table (tests per bucket, hashed: linear in the records, D245) and the proof
 * of a shard (D244). docs/check.md, "Shards". */
#ifndef VO_SHARD_PROOF_H
#define VO_SHARD_PROOF_H
#include <stddef.h>
#include <stdint.h>

/* tests per bucket; a name is kept to 95 bytes (as check prints it) */
typedef struct cli_bent { char b[96]; size_t n; } cli_bent;
typedef struct cli_btab { cli_bent *e; size_t n, cap; size_t *slot; size_t nslot; } cli_btab;
/* adds count tests to bucket b: 0, or -1 out of memory (the table is unchanged) */
int cli_btab_add(cli_btab *t, const char *b, size_t count);
/* most tests first, then by name (deterministic); no cli_btab_add after it */
void cli_btab_sort(cli_btab *t);
/* D406: adds 1 to each name of a ", "-separated list ("" adds nothing); -1 out of memory */
int cli_btab_add_list(cli_btab *t, const char *list);
/* the heading of the misread table in check's and merge's text reports (D407) */
#define MISREAD_HEAD "misread (tests per misread address or data-size rule with which the whole reply is right):\n"
void cli_btab_free(cli_btab *t);
/* D408, "Bugs": a failing test of the cause "<insn>:..." counted in it (tests per instruction) and,
 * for each misreading its lanes and misread lists name, in nt ("<insn> <name>"); -1 out of memory */
int cli_bugs_add(cli_btab *it, cli_btab *nt, const char *cause, const char *lanes, const char *misread);
/* the bugs table of it and nt (sorted here: no cli_bugs_add after it): per instruction, most
 * failing first, its failing tests and the misreadings the most of them fit, when more than half
 * do (ties all, by name); json: the members of the
 * summary's "bugs" object, else the text table with its heading ("" when it is empty); malloc'd,
 * NULL out of memory */
char *cli_bugs_report(cli_btab *it, cli_btab *nt, int json);

/* A shard's proof: the sum (mod 2^64) over the ids it ran of the first 8 bytes
 * (big-endian) of SHA-256 of the id's 16 hex digits ("ran_digest"), and, in
 * every report, SHA-256 over "visa-oracle shards N\n" and each shard's sum as
 * 16 hex digits and "\n", shard 0 first ("shards_digest"). */
uint64_t cli_shard_term(const char *id16);
/* out: 64 lower-case hex digits and NUL; 0, or -1 (no SHA-256) */
int cli_shard_commit(unsigned long n, const uint64_t *sums, char out[65]);
/* for each of n shards the sum of the terms of its ids (id mod n); sums[n] zeroed here */
void cli_shard_sums(const char (*ids)[17], size_t nids, unsigned long n, uint64_t *sums);
#endif
