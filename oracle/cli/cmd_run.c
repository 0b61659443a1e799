/* visa-oracle run CASE.json [-o OUT]: run one case, print its expect object. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "visa_json.h"

static const char run_help[] =
    "usage: visa-oracle run CASE.json [-o OUT]\n"
    "\n"
    "Reads a case (a whole test object {\"input\": {...}} or a bare input\n"
    "object; \"-\" reads stdin), runs the instruction on the initial state and\n"
    "prints the canonical expect object (status, error, final vars/preds/addrs/\n"
    "surfaces, free, tags, digest) followed by a newline.\n"
    "\n"
    "  -o OUT   write to OUT instead of stdout, atomically (OUT.tmp.<pid>, then\n"
    "           rename); on any error OUT is not touched.\n"
    "\n"
    "A case whose status is \"invalid\" or \"undefined\" is a normal result (exit 0).\n"
    "Malformed case JSON exits 2 with one line on stderr.\n";

static const struct option run_opts[] = {
    { "output", required_argument, NULL, 'o' },
    { NULL, 0, NULL, 0 },
};

int cmd_run(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    cli_getopt g;
    cli_getopt_init(&g, "run", argc, argv, run_opts);
    for (int c; (c = cli_getopt_next(&g)) != -1;) {
        switch (c) {
        case CLI_OPT_HELP: fputs(run_help, stdout); return VO_EXIT_OK;
        case 'o':
            if (out) return cli_fail(VO_EXIT_BAD, "run: more than one output file");
            out = g.arg;
            break;
        default: return VO_EXIT_BAD;
        }
    }
    for (int i = g.first_operand; i < argc; i++) {
        if (in) return cli_fail(VO_EXIT_BAD, "run: more than one case file");
        in = argv[i];
    }
    if (!in) return cli_fail(VO_EXIT_BAD, "run: no case file (try 'visa-oracle run --help')");

    size_t len = 0;
    char rerr[512];
    char *text = cli_read_input(in, &len, CLI_READ_GZIP, rerr, sizeof rerr);
    if (!text) return cli_fail(VO_EXIT_BAD, "run: %s", rerr);

    static vo_case c;   /* large: keep off the stack */
    static vo_result r;
    vo_error err;
    vo_case_init(&c);
    int rc = vo_case_from_json(text, len, &c, &err);
    free(text);
    if (rc != 0) {
        rc = cli_error(&err);
        vo_case_free(&c);
        return rc;
    }
    vo_result_init(&r);
    vo_run(&c.state, c.insn, c.insn_len, &r);
    char *json = vo_result_to_json(&r);
    vo_result_free(&r);
    vo_case_free(&c);
    if (!json) return cli_fail(VO_EXIT_FAIL, "run: out of memory");

    size_t n = strlen(json);
    json[n] = '\n'; /* replace the NUL; length tracked explicitly below */
    int status = VO_EXIT_OK;
    if (out) {
        if (cli_write_atomic(out, json, n + 1) != 0)
            status = cli_fail(VO_EXIT_FAIL, "run: cannot write '%s': %s", out, strerror(errno));
    } else {
        if (fwrite(json, 1, n + 1, stdout) != n + 1 || fflush(stdout) != 0)
            status = cli_fail(VO_EXIT_FAIL, "run: cannot write stdout: %s", strerror(errno));
    }
    free(json);
    return status;
}
