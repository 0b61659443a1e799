/* visa-oracle disasm HEX [--visa-version M.m]: decode one instruction, print
 * each field as "name @offset = value", then the assembly text. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "visa_asm.h"
#include "visa_json.h"

static const char disasm_help[] =
    "usage: visa-oracle disasm HEX [--visa-version M.m] [--igc]\n"
    "\n"
    "Decodes the instruction bytes HEX (spaces allowed; default vISA 3.6, where\n"
    "variable ids are 4 bytes; before 3.4 they are 2 bytes) and prints one line\n"
    "per field, \"name @offset = value\" in binary order starting with the opcode,\n"
    "then the vISA assembly text. Only the structure is decoded; field values\n"
    "are not validated (use run for that). Bad hex or bytes that do not decode\n"
    "exit 2 with one line on stderr. --igc prints the text alone, in IGC's\n"
    "spelling (V0062, upper-case hex, two blanks before LSC operands), as its\n"
    ".visaasm dumps show it between the indent and the \"///\" comment.\n";

static const char *imm_type(uint8_t t)
{
    const char *n = vo_type_name(t & 15u);
    return n ? n : "?";
}

static void print_vec(const vo_vec *v)
{
    switch (v->cls) {
    case 0:
        printf("general id=%u row=%u col=%u region=0x%04x", (unsigned)v->id, v->row, v->col, v->region);
        break;
    case 3:
        printf("indirect addr=%u addr_off=%u off=%d type=%s region=0x%04x", (unsigned)v->id, v->addr_off,
               v->ind_off, imm_type(v->type_byte), v->region);
        break;
    case 5:
        printf("imm type=%s value=0x%llx", imm_type(v->type_byte), (unsigned long long)v->imm);
        break;
    default:
        printf("class=%u", v->cls);
        break;
    }
    if (v->mod) printf(" mod=%u", v->mod);
}

enum { OPT_VISA_VERSION = 256, OPT_IGC };
static const struct option visa_version_opts[] = {
    { "visa-version", required_argument, NULL, OPT_VISA_VERSION },
    { "igc", no_argument, NULL, OPT_IGC },
    { NULL, 0, NULL, 0 },
};

int cmd_disasm(int argc, char **argv)
{
    const char *hex = NULL, *ver = "3.6";
    int igc = 0;
    cli_getopt g;
    cli_getopt_init(&g, "disasm", argc, argv, visa_version_opts);
    for (int c; (c = cli_getopt_next(&g)) != -1;) {
        switch (c) {
        case CLI_OPT_HELP: fputs(disasm_help, stdout); return VO_EXIT_OK;
        case OPT_VISA_VERSION: ver = g.arg; break;
        case OPT_IGC: igc = 1; break;
        default: return VO_EXIT_BAD;
        }
    }
    for (int i = g.first_operand; i < argc; i++) {
        if (hex) return cli_fail(VO_EXIT_BAD, "disasm: more than one HEX argument (quote spaced hex)");
        hex = argv[i];
    }
    vo_error err;
    memset(&err, 0, sizeof err);
    err.offset = -1;
    uint16_t v;
    int vrc = cli_parse_visa_version(ver, &v);
    if (vrc) return vrc;
    if (!hex) return cli_fail(VO_EXIT_BAD, "disasm: no HEX argument (try 'visa-oracle disasm --help')");

    char digits[2 * VO_MAX_INSN_BYTES + 2];
    size_t nd = 0;
    err.code = VO_E_STATE;
    err.field = "insn";
    for (const char *p = hex; *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\n') continue;
        unsigned char ch = (unsigned char)*p;
        if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'))) {
            /* named, with its place in the argument (it read as an odd digit count) */
            err.offset = (int64_t)(p - hex);
            if (ch >= 0x20 && ch < 0x7f)
                snprintf(err.message, sizeof err.message, "non-hex character '%c' at character %lld of the argument",
                         ch, (long long)err.offset);
            else
                snprintf(err.message, sizeof err.message, "non-hex byte 0x%02x at character %lld of the argument", ch,
                         (long long)err.offset);
            return cli_error(&err);
        }
        if (nd >= sizeof digits - 1) {
            err.code = VO_E_STATE_CAP;
            snprintf(err.message, sizeof err.message, "more than %d bytes", VO_MAX_INSN_BYTES);
            return cli_error(&err);
        }
        digits[nd++] = *p;
    }
    uint8_t bytes[VO_MAX_INSN_BYTES];
    long n = vo_hex_decode(digits, nd, bytes, sizeof bytes);
    if (n < 0) {
        if (nd / 2 > VO_MAX_INSN_BYTES) {
            err.code = VO_E_STATE_CAP;
            snprintf(err.message, sizeof err.message, "more than %d bytes", VO_MAX_INSN_BYTES);
        } else {
            snprintf(err.message, sizeof err.message, "not an even number of hex digits");
        }
        return cli_error(&err);
    }
    vo_insn insn;
    memset(&insn, 0, sizeof insn);
    memset(&err, 0, sizeof err);
    if (vo_decode(bytes, (size_t)n, v, &insn, &err) != 0) return cli_error(&err);

    if (igc) {
        char itext[1024];
        vo_disasm_igc(&insn, itext, sizeof itext);
        printf("%s\n", itext);
        return fflush(stdout) == 0 ? VO_EXIT_OK : VO_EXIT_FAIL;
    }
    printf("opcode @0 = 0x%02x (%s)\n", insn.desc->opcode, insn.desc->mnemonic);
    for (unsigned i = 0; i < insn.desc->nfields; i++) {
        const vo_field_desc *f = &insn.desc->fields[i];
        printf("%s @%u = ", f->name, (unsigned)insn.off[f->role]);
        switch (f->kind) {
        case VO_FK_UB: printf("0x%02x", (unsigned)insn.val[f->role]); break;
        case VO_FK_UW: printf("0x%04x", (unsigned)insn.val[f->role]); break;
        case VO_FK_VEC: print_vec(vo_insn_vec(&insn, f->role)); break;
        case VO_FK_UD: printf("0x%08x", (unsigned)insn.val[f->role]); break;
        case VO_FK_RAW: {
            const vo_raw *r = vo_insn_raw(&insn, f->role); /* DWORD_ATOMIC: src0, src1 */
            printf("raw id=%u offset=%u", (unsigned)r->id, (unsigned)r->offset);
            break;
        }
        default: printf("?"); break;
        }
        putchar('\n');
    }
    char text[512];
    text[0] = 0;
    vo_disasm(&insn, text, sizeof text);
    printf("%s\n", text);
    return fflush(stdout) == 0 ? VO_EXIT_OK : VO_EXIT_FAIL;
}
