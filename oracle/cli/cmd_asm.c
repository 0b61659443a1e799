/* visa-oracle asm "TEXT" [--visa-version M.m]: assemble one instruction
 * (the exact text `disasm` prints) and print its bytes as lower-case hex. */
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
    "zero. Text that does not parse exits 2 with one line on stderr naming the\n"
    "text element and the character offset.\n";

int cmd_asm(int argc, char **argv)
{
    const char *text = NULL, *ver = "3.6";
    if (cli_wants_help(argc, argv)) {
        fputs(asm_help, stdout);
        return VO_EXIT_OK;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--visa-version") == 0) {
            if (i + 1 >= argc) return cli_fail(VO_EXIT_BAD, "asm: --visa-version needs a value");
            ver = argv[++i];
        } else if (strncmp(argv[i], "--visa-version=", 15) == 0) {
            ver = argv[i] + 15;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            return cli_fail(VO_EXIT_BAD, "asm: unknown option '%s' (try 'visa-oracle asm --help')", argv[i]);
        } else if (text) {
            return cli_fail(VO_EXIT_BAD, "asm: more than one TEXT argument (quote the instruction text)");
        } else {
            text = argv[i];
        }
    }
    vo_error err;
    memset(&err, 0, sizeof err);
    err.offset = -1;
    uint16_t v;
    int vrc = cli_parse_visa_version(ver, &v);
    if (vrc) return vrc;
    if (!text) return cli_fail(VO_EXIT_BAD, "asm: no TEXT argument (try 'visa-oracle asm --help')");
    vo_insn insn;
    if (vo_asm(text, v, &insn, &err) != 0) return cli_error(&err);
    uint8_t bytes[VO_MAX_INSN_BYTES];
    size_t n = vo_encode(&insn, bytes, sizeof bytes);
    if (n == 0) return cli_fail(VO_EXIT_FAIL, "asm: internal error: the instruction does not encode");
    for (size_t i = 0; i < n; i++) printf("%02x", bytes[i]);
    putchar('\n');
    return fflush(stdout) == 0 ? VO_EXIT_OK : VO_EXIT_FAIL;
}
