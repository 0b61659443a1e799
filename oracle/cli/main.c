/* visa-oracle: command dispatcher. Commands live in cmd_<name>.c; to add one,
 * declare it in cli.h and add a row to the table below. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct vo_cmd {
    const char *name;
    vo_cmd_fn fn;
    const char *summary;
} commands[] = {
    {"run", cmd_run, "run one case; print its expect object (final state, freedom, digest)"},
    {"disasm", cmd_disasm, "decode instruction bytes; print each field and the assembly text"},
    {"asm", cmd_asm, "assemble one instruction's text (as disasm prints it) into hex bytes"},
    {"case2json", cmd_case2json, "binary case (fuzzer input/crash) -> JSON input object or test"},
    {"json2case", cmd_json2case, "JSON case -> binary case form read by the fuzzers"},
    {"check", cmd_check, "judge a device under test (--dut-lib/--dut-cmd/--results) on vectors"},
    {"explain", cmd_explain, "print a case's instruction, provenance table and freedom list"},
    {"shrink", cmd_shrink, "reduce a case a DUT fails, keeping its bucket; write it as a vector"},
    {"gen", cmd_gen, "write conformance vectors vectors/<instruction>.json (deterministic, shardable)"},
    {"merge", cmd_merge, "join the check --json reports of --shard i/n runs into one summary"},
    {"cov", cmd_cov, "clause coverage of vector files: per-clause counts, missing clauses"},
    {"scan", cmd_scan, "memory instructions of IGC's .visaasm kernels: what the oracle executes"},
    {"reach", cmd_reach, "(instruction, field value) pairs a fuzzer corpus reaches, vs the vectors"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fprintf(f,
            "usage: visa-oracle <command> [args]\n"
            "       visa-oracle --help | --version\n"
            "       visa-oracle <command> --help\n"
            "\n"
            "A conformance oracle for Intel vISA memory-access instructions:\n"
            "(instruction bytes, initial state) -> (status, final state, freedom).\n"
            "\n"
            "commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++) fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(f,
            "\n"
            "exit status: 0 ok (also for a case whose status is \"invalid\"),\n"
            "             1 cannot write output / out of memory, 2 bad input or usage.\n"
            "Errors are one line on stderr:\n"
            "  visa-oracle: <E_CODE> at <field> (offset N): <message>\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        return cli_fail(VO_EXIT_BAD, "no command given (try 'visa-oracle --help')");
    }
    /* past `ulimit -f` a write fails with EFBIG, reported as any write error
     * (the temporaries removed), rather than the signal killing the process
     * (issue 30 point 9; D239) */
    signal(SIGXFSZ, SIG_IGN);
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return VO_EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("visa-oracle %s\n", VO_VERSION_STRING);
        return VO_EXIT_OK;
    }
    /* the child of `check --dut-lib X --isolate` (not listed) */
    if (strcmp(cmd, "__dut-host") == 0) return cmd_dut_host(argc - 1, argv + 1);
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0) return commands[i].fn(argc - 1, argv + 1);
    return cli_fail(VO_EXIT_BAD, "unknown command '%s' (try 'visa-oracle --help')", cmd);
}
