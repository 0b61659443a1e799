/* visa-oracle CLI: shared declarations. main.c is only a dispatcher; each
 * command lives in its own cmd_<name>.c and is listed in main.c's table.
 *
 * Exit codes: 0 ok; 1 environment/internal failure (cannot write output,
 * out of memory); 2 bad input or usage. Every failure prints exactly one
 * line on stderr, starting with "visa-oracle: ". Errors about a case or an
 * instruction use the form
 *     visa-oracle: <E_CODE> at <field> (offset N): <message>            */
#ifndef VO_CLI_H
#define VO_CLI_H
#include <stddef.h>
#include <stdio.h>
#include "visa_oracle.h"

#define VO_EXIT_OK 0
#define VO_EXIT_FAIL 1
#define VO_EXIT_BAD 2

/* the "format" of a vector file (docs/format.md) */
/* A file is "visa-vectors/1" unless one of its tests uses the address-space
 * parts of the state (memory, binding_table, surface_state): then "/2"
 * (docs/format.md). Both have one length: gen writes /1 and patches the digit. */
#define VO_VECTOR_FORMAT "visa-vectors/1"
#define VO_VECTOR_FORMAT_2 "visa-vectors/2"

/* a command gets argv[0] = its own name */
typedef int (*vo_cmd_fn)(int argc, char **argv);

int cmd_run(int argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_case2json(int argc, char **argv); /* cmd_case.c (fuzzing) */
int cmd_json2case(int argc, char **argv); /* cmd_case.c (fuzzing) */
int cmd_check(int argc, char **argv);     /* cmd_check.c: judge a DUT */
int cmd_explain(int argc, char **argv);   /* cmd_explain.c: provenance table */
int cmd_shrink(int argc, char **argv);    /* cmd_shrink.c: reduce a failing case */
int cmd_gen(int argc, char **argv);       /* cmd_gen.c: write conformance vectors */
int cmd_cov(int argc, char **argv);       /* cmd_cov.c: clause coverage of vectors */
int cmd_reach(int argc, char **argv);     /* cmd_reach.c: field values a corpus reaches */
int cmd_asm(int argc, char **argv);       /* cmd_asm.c: assembly text -> instruction bytes */
int cmd_dut_host(int argc, char **argv);  /* cmd_dut_host.c: child of check --isolate (hidden) */
int cmd_scan(int argc, char **argv);      /* cmd_scan.c: memory instructions of IGC's .visaasm */
int cmd_merge(int argc, char **argv);     /* cmd_merge.c: join check --json reports of shards */

/* prints the one-line error for e and returns VO_EXIT_BAD */
int cli_error(const vo_error *e);
/* prints "visa-oracle: <formatted>" (one line) and returns code */
int cli_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* 1 if any argument (after argv[0]) is --help or -h */
int cli_wants_help(int argc, char **argv);

/* Option parsing, one shape for every command (cli_util.c explains how to add
 * an option). A command lists its options in a `struct option` table (the
 * val of an option with a short form is its letter; others use codes >= 256)
 * and loops:
 *     cli_getopt g;
 *     cli_getopt_init(&g, "check", argc, argv, check_opts);
 *     for (int c; (c = cli_getopt_next(&g)) != -1;) switch (c) {
 *     case CLI_OPT_HELP: fputs(help, stdout); return VO_EXIT_OK;
 *     case CLI_OPT_ERR: return VO_EXIT_BAD;  (the one-line error is printed)
 *     case 'q': ...; break;                    (g.arg = the value, g.name = "--rows" or "-o" as written)
 *     }
 *     operands: argv[g.first_operand .. argc)                                */
struct option;
#define CLI_OPT_HELP (-2)
#define CLI_OPT_ERR (-3)
#define CLI_MAX_OPTS 48
typedef struct cli_getopt {
    const char *cmd;
    int argc;
    char **argv;
    const struct option *longopts; /* the command's table, ended by a zero row */
    const char *arg;               /* value of the option just returned (NULL if none) */
    char name[64];                 /* that option as "--long" or "-x", for messages */
    int first_operand;             /* after -1: argv[first_operand..argc) are the operands */
    int started;
    char shortopts[2 * CLI_MAX_OPTS + 8];
} cli_getopt;
void cli_getopt_init(cli_getopt *g, const char *cmd, int argc, char **argv, const struct option *longopts);
int cli_getopt_next(cli_getopt *g);
/* an instruction by name, either case ("GATHER_SCALED" or "gather_scaled"); NULL if none */
const vo_desc *cli_insn_by_name(const char *name);
/* parses a --visa-version value; 0, or prints the one-line E_STATE report and returns its exit status */
int cli_parse_visa_version(const char *s, uint16_t *out);
/* a decimal option value in [min, 86400000]: 0 ok, -1 not */
int cli_parse_count(const char *s, long min, long *out);
/* The one reader of input files (docs/state.md "Input files"): a whole file
 * ("-" = stdin) read() into a NUL-terminated buffer (never mapped: a file
 * rewritten during a run cannot crash the process), at most
 * VO_MAX_INPUT_BYTES, checked before reading; with CLI_READ_GZIP, gzip data
 * (magic 1f 8b) is inflated under the same cap. NULL with errno set and, when
 * err is given, a one-line message naming the file (and the cap). */
#define VO_MAX_INPUT_BYTES (256ull << 20)
#define CLI_READ_GZIP 1
char *cli_read_input(const char *path, size_t *len, int flags, char *err, size_t errcap);
/* cli_read_input into *buf (capacity *cap), which is used again when large
 * enough, else replaced (gzip: by the inflated text); returns *buf, or NULL
 * (then *buf, perhaps replaced, is still the caller's to free). check reads
 * every file twice into one buffer (issue 15). */
char *cli_read_input_buf(const char *path, size_t *len, int flags, char **buf, size_t *cap, char *err, size_t errcap);
/* the first bytes of a gzip stream (b holds n bytes) */
int cli_is_gzip(const void *b, size_t n);
/* pread until n bytes or the end of the file; the bytes read (fewer on an
 * error or at the end) */
size_t cli_pread_full(int fd, void *b, size_t n, uint64_t off);
/* cli_read_input without gzip and message */
char *cli_read_file(const char *path, size_t *len);
/* writes data to path atomically (path.tmp.<pid>, then rename); on failure
 * nothing is left behind. "-" is stdout; an existing target that is not a
 * regular file (device, FIFO, /dev/stdout) is written in place, never
 * replaced; a symlink's target file is replaced (the link stays); a dangling
 * symlink or a directory is refused. 0 or -1 with errno set. */
/* writes all of data to fd, fsyncs and closes it; 0 or the first errno */
int cli_write_fd_sync(int fd, const char *data, size_t len);
/* removes "<path>.tmp.<pid>" files of processes that no longer run (D239) */
void cli_clean_stale_tmps(const char *path);
int cli_write_atomic(const char *path, const char *data, size_t len);
/* tag_decisions.c (issue 32): the decisions a tag points to ("D121",
 * "D123,D139" or ""), and a failing test's report with its tags added */
const char *cli_tag_decisions(unsigned tag);
char *cli_report_add_tags(char *rep, int json, const uint64_t *tags);
/* readings.c (issue 30 point 2, D345-D348): gen's ",\"alt\":[...]" member ("" when no reading
 * differs; r scratch), check's --reading DECISION=A|B, and the per-decision summary */
struct vo_case;
char *cli_alt_json(const struct vo_case *c, const vo_result *a, vo_result *r);
int cli_reading_opt(const char *arg, uint32_t *judge_b);
char *cli_readings_summary(int json, const size_t (*n)[3], uint32_t judge_b);
/* selftest_lsc.c: check --dut-selftest's LSC_UNTYPED store (load 0) / load (1) probe; 0 or -1 (OOM) */
struct vo_case;
int cli_st_lsc_case(struct vo_case *c, int load);
#endif
