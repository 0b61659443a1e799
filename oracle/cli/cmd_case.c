/* visa-oracle case2json / json2case: convert between the binary case form of
 * the fuzzers (visa_bincase.h) and the JSON case form. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "visa_bincase.h"
#include "visa_json.h"

static const char case2json_help[] =
    "usage: visa-oracle case2json FILE.bin [-o OUT] [--test] [--comment TEXT]\n"
    "\n"
    "Decodes a binary case (a fuzzer input or crash file; layout in\n"
    "oracle/include/visa_bincase.h; \"-\" reads stdin) and prints its canonical\n"
    "JSON input object followed by a newline.\n"
    "\n"
    "  -o OUT          write to OUT instead of stdout, atomically\n"
    "  --test          print a whole test object instead (id, comment, tags,\n"
    "                  input and the oracle's expect), ready for a vector file\n"
    "  --comment TEXT  the test's comment (with --test; default: the file name)\n"
    "\n"
    "A byte string that does not decode exits 2 with one line on stderr\n"
    "(E_TRUNCATED for a short header, E_STATE / E_STATE_CAP for a bad state).\n";

static const char json2case_help[] =
    "usage: visa-oracle json2case FILE.json -o OUT.bin\n"
    "\n"
    "Encodes a JSON case (a whole test object or a bare input object; \"-\"\n"
    "reads stdin) into the binary case form the fuzzers read, e.g. to add a\n"
    "vector to a seed corpus. \"-o -\" writes the bytes to stdout.\n"
    "case2json of the result prints the same canonical input object.\n";

static int write_out(const char *cmd, const char *out, const char *data, size_t n)
{
    if (out && strcmp(out, "-") != 0) {
        if (cli_write_atomic(out, data, n) != 0)
            return cli_fail(VO_EXIT_FAIL, "%s: cannot write '%s': %s", cmd, out, strerror(errno));
        return VO_EXIT_OK;
    }
    if (fwrite(data, 1, n, stdout) != n || fflush(stdout) != 0)
        return cli_fail(VO_EXIT_FAIL, "%s: cannot write stdout: %s", cmd, strerror(errno));
    return VO_EXIT_OK;
}

/* parses FILE [-o OUT] plus the case2json flags; 0 or an exit code */
enum { OPT_TEST = 256, OPT_COMMENT };
static const struct option case2json_opts[] = {
    { "output", required_argument, NULL, 'o' },
    { "test", no_argument, NULL, OPT_TEST },
    { "comment", required_argument, NULL, OPT_COMMENT },
    { NULL, 0, NULL, 0 },
};
static const struct option json2case_opts[] = {
    { "output", required_argument, NULL, 'o' },
    { NULL, 0, NULL, 0 },
};

/* parses FILE [-o OUT] plus the case2json flags; 0, -1 after --help (printed), or an exit code */
static int parse_args(const char *cmd, const char *help, int argc, char **argv, const char **in, const char **out,
                      int *test, const char **comment)
{
    *in = *out = NULL;
    cli_getopt g;
    cli_getopt_init(&g, cmd, argc, argv, test ? case2json_opts : json2case_opts);
    for (int c; (c = cli_getopt_next(&g)) != -1;) {
        switch (c) {
        case CLI_OPT_HELP: fputs(help, stdout); return -1;
        case 'o':
            if (*out) return cli_fail(VO_EXIT_BAD, "%s: more than one output file", cmd);
            *out = g.arg;
            break;
        case OPT_TEST: *test = 1; break;
        case OPT_COMMENT: *comment = g.arg; break;
        default: return VO_EXIT_BAD;
        }
    }
    for (int i = g.first_operand; i < argc; i++) {
        if (*in) return cli_fail(VO_EXIT_BAD, "%s: more than one input file", cmd);
        *in = argv[i];
    }
    if (!*in) return cli_fail(VO_EXIT_BAD, "%s: no input file (try 'visa-oracle %s --help')", cmd, cmd);
    return 0;
}

int cmd_case2json(int argc, char **argv)
{
    const char *in, *out, *comment = NULL;
    int test = 0;
    int rc = parse_args("case2json", case2json_help, argc, argv, &in, &out, &test, &comment);
    if (rc) return rc < 0 ? VO_EXIT_OK : rc;

    size_t len = 0;
    char rerr[512];
    char *bytes = cli_read_input(in, &len, 0, rerr, sizeof rerr); /* binary: never inflated */
    if (!bytes) return cli_fail(VO_EXIT_BAD, "case2json: %s", rerr);
    static vo_case c; /* large: keep off the stack */
    vo_error err;
    vo_case_init(&c);
    rc = vo_bincase_decode((const uint8_t *)bytes, len, 0, &c, &err);
    free(bytes);
    if (rc != 0) return cli_error(&err);

    char *json;
    if (test) {
        static vo_result r;
        vo_result_init(&r);
        vo_run(&c.state, c.insn, c.insn_len, &r);
        const char *base = strrchr(in, '/');
        char cm[300];
        snprintf(cm, sizeof cm, "fuzz: %s", base ? base + 1 : in);
        json = vo_test_to_json(&c, &r, comment ? comment : cm);
        vo_result_free(&r);
    } else {
        json = vo_case_to_json(&c);
    }
    vo_case_free(&c);
    if (!json) return cli_fail(VO_EXIT_FAIL, "case2json: out of memory");
    size_t n = strlen(json);
    json[n] = '\n'; /* the NUL is replaced; the length is tracked */
    rc = write_out("case2json", out, json, n + 1);
    free(json);
    return rc;
}

int cmd_json2case(int argc, char **argv)
{
    const char *in, *out;
    int rc = parse_args("json2case", json2case_help, argc, argv, &in, &out, NULL, NULL);
    if (rc) return rc < 0 ? VO_EXIT_OK : rc;
    if (!out) return cli_fail(VO_EXIT_BAD, "json2case: -o OUT.bin is required (\"-o -\" for stdout)");

    size_t len = 0;
    char rerr[512];
    char *text = cli_read_input(in, &len, CLI_READ_GZIP, rerr, sizeof rerr);
    if (!text) return cli_fail(VO_EXIT_BAD, "json2case: %s", rerr);
    static vo_case c;
    vo_error err;
    vo_case_init(&c);
    rc = vo_case_from_json(text, len, &c, &err);
    free(text);
    if (rc != 0) {
        rc = cli_error(&err);
        vo_case_free(&c);
        return rc;
    }
    uint8_t *bin = NULL;
    size_t n = 0;
    rc = vo_bincase_encode(&c, &bin, &n, &err);
    vo_case_free(&c);
    if (rc != 0) return err.code == VO_E_OOM ? cli_fail(VO_EXIT_FAIL, "json2case: out of memory") : cli_error(&err);
    rc = write_out("json2case", out, (const char *)bin, n);
    free(bin);
    return rc;
}
