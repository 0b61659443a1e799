/* visa-oracle asm "TEXT" [--visa-version M.m]: assemble one instruction
 * (the exact text `disasm` prints) and print its bytes as lower-case hex. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "visa_asm.h"
#include "visa_json.h"

static const char asm_help[] =
    "usage: visa-oracle asm \"TEXT\" [--visa-version M.m]\n"
    "\n"
    "Assembles one instruction written exactly as `visa-oracle disasm` prints it,\n"
    "e.g. \"scatter4_scaled.RGBA (M1, 16) T6 0x0:ud V32.0 V33.0\", and prints its\n"
    "bytes as one line of lower-case hex (default vISA 3.6: 4-byte variable ids;\n"
    "before 3.4 they are 2 bytes). Bits the text cannot express are encoded as\n"
    "zero. IGC's printout of the instruction is accepted too, as in its .visaasm\n"
    "dumps: indent, \"/// $N\" comment, runs of blanks, V0062, upper-case hex\n"
    "(docs/kernels.md). Text that does not parse exits 2 with one line on stderr\n"
    "naming the text element and the character offset.\n";

enum { OPT_VISA_VERSION = 256 };
static const struct option visa_version_opts[] = {
    { "visa-version", required_argument, NULL, OPT_VISA_VERSION },
    { NULL, 0, NULL, 0 },
};

int cmd_asm(int argc, char **argv)
{
    const char *text = NULL, *ver = "3.6";
    cli_getopt g;
    cli_getopt_init(&g, "asm", argc, argv, visa_version_opts);
    for (int c; (c = cli_getopt_next(&g)) != -1;) {
        switch (c) {
        case CLI_OPT_HELP: fputs(asm_help, stdout); return VO_EXIT_OK;
        case OPT_VISA_VERSION: ver = g.arg; break;
        default: return VO_EXIT_BAD;
        }
    }
    for (int i = g.first_operand; i < argc; i++) {
        if (text) return cli_fail(VO_EXIT_BAD, "asm: more than one TEXT argument (quote the instruction text)");
        text = argv[i];
    }
    vo_error err;
    memset(&err, 0, sizeof err);
    err.offset = -1;
    uint16_t v;
    int vrc = cli_parse_visa_version(ver, &v);
    if (vrc) return vrc;
    if (!text) return cli_fail(VO_EXIT_BAD, "asm: no TEXT argument (try 'visa-oracle asm --help')");
    vo_insn insn;
    if (vo_asm_igc(text, v, &insn, &err) != 0) return cli_error(&err);
    uint8_t bytes[VO_MAX_INSN_BYTES];
    size_t n = vo_encode(&insn, bytes, sizeof bytes);
    if (n == 0) return cli_fail(VO_EXIT_FAIL, "asm: internal error: the instruction does not encode");
    for (size_t i = 0; i < n; i++) printf("%02x", bytes[i]);
    putchar('\n');
    return fflush(stdout) == 0 ? VO_EXIT_OK : VO_EXIT_FAIL;
}
