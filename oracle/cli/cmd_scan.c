/* visa-oracle scan FILE.visaasm... [--json]: reads IGC's .visaasm printout of
 * kernels (issue 25, docs/kernels.md) and says, per instruction line, whether
 * it is a memory instruction and what the oracle does with it:
 *   executes      its text assembles (vo_asm_igc) into an instruction of a family the oracle executes,
 *                 and disasm --igc prints the line back byte for byte (igc_text "same");
 *   unknown       a memory instruction the oracle cannot read (family not known, or a text that does not parse);
 *   out_of_scope  sampler messages (sample*, load_3d, load_lz, ...: format conversion and filtering);
 *   decodes       the text assembles but prints back differently (reported, never expected).
 * Directives (.version, .kernel, .function, .decl, .input, .kernel_attr ...), comments and labels are
 * read and skipped; non-memory instructions are counted. Then a table per opcode and sub-op (the
 * mnemonic and its first suffix). Exit 0; 2 when a file cannot be read (nothing printed for it). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "visa_asm.h"
#include "visa_json.h"

static const char scan_help[] =
    "usage: visa-oracle scan FILE.visaasm... [--json]\n"
    "\n"
    "Reads IGC's .visaasm dumps (IGC_ShaderDumpEnable=1, docs/kernels.md) and prints\n"
    "one line per instruction, \"kernel index mnemonic memory|- support\", support\n"
    "being executes, decodes, unknown, out_of_scope (memory instructions) or - ,\n"
    "then a table per opcode and sub-op with the counts and the share that executes.\n"
    "--json prints one object per instruction: kernel, index, mnemonic, memory,\n"
    "support (and file), and no table.\n";

static int starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* a memory instruction's mnemonic (the part before the first '.') */
static int is_memory(const char *m)
{
    static const char *const exact[] = { "gather", "scatter", "gather_scaled", "scatter_scaled", "gather4_scaled",
                                         "scatter4_scaled", "oword_ld", "oword_ld_unaligned", "oword_st", "qw_gather",
                                         "qw_scatter", "dword_atomic", "gather4_typed", "scatter4_typed",
                                         "typed_atomic", "media_ld", "media_st", "fence_global", "fence_local",
                                         "fence_sw", "load_3d", "load_lz", "load_2dms_w", "gather4_3d", "info_3d" };
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        if (strcmp(m, exact[i]) == 0) return 1;
    return starts(m, "svm_") || starts(m, "lsc_") || starts(m, "sample");
}
static int out_of_scope(const char *m)
{
    return starts(m, "sample") || strcmp(m, "load_3d") == 0 || strcmp(m, "load_lz") == 0 ||
           strcmp(m, "load_2dms_w") == 0 || strcmp(m, "gather4_3d") == 0 || strcmp(m, "info_3d") == 0;
}

typedef struct row {
    char key[64];
    unsigned n[4]; /* executes decodes unknown out_of_scope */
} row;
static const char *const support_names[4] = { "executes", "decodes", "unknown", "out_of_scope" };

static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

int cmd_scan(int argc, char **argv)
{
    enum { OPT_JSON = 256 };
    static const struct option opts[] = { { "json", no_argument, NULL, OPT_JSON }, { NULL, 0, NULL, 0 } };
    int json = 0;
    cli_getopt g;
    cli_getopt_init(&g, "scan", argc, argv, opts);
    for (int c; (c = cli_getopt_next(&g)) != -1;) {
        switch (c) {
        case CLI_OPT_HELP: fputs(scan_help, stdout); return VO_EXIT_OK;
        case OPT_JSON: json = 1; break;
        default: return VO_EXIT_BAD;
        }
    }
    if (g.first_operand >= argc) return cli_fail(VO_EXIT_BAD, "scan: no FILE (try 'visa-oracle scan --help')");
    static row rows[512];
    size_t nrows = 0;
    unsigned long total = 0, mem = 0, other = 0;
    int rc = VO_EXIT_OK;
    for (int fi = g.first_operand; fi < argc; fi++) {
        size_t len = 0;
        char *buf = cli_read_file(argv[fi], &len);
        if (!buf) {
            rc = cli_fail(VO_EXIT_BAD, "scan: cannot read '%s'", argv[fi]);
            continue;
        }
        if (memchr(buf, 0, len)) {
            free(buf);
            rc = cli_fail(VO_EXIT_BAD, "scan: '%s' is not a text file (a NUL byte; .isa files are not read yet)",
                          argv[fi]);
            continue;
        }
        char kernel[128] = "?";
        uint16_t ver = 401;
        unsigned long index = 0;
        for (char *line = buf, *next; line && *line; line = next) {
            next = strchr(line, '\n');
            if (next) *next++ = 0;
            char *s = line;
            while (*s == ' ' || *s == '\t') s++;
            if (!*s || starts(s, "//")) continue;
            if (s == line) { /* column 0: directives and labels */
                if (starts(s, ".version ")) {
                    unsigned a = 0, b = 0;
                    if (sscanf(s + 9, "%u.%u", &a, &b) == 2 && a * 100 + b >= 300 && a * 100 + b <= 401)
                        ver = (uint16_t)(a * 100 + b);
                } else if (starts(s, ".kernel \"")) {
                    const char *q = strchr(s + 9, '"');
                    size_t n = q ? (size_t)(q - (s + 9)) : 0;
                    if (n >= sizeof kernel) n = sizeof kernel - 1;
                    memcpy(kernel, s + 9, n);
                    kernel[n] = 0;
                    index = 0;
                }
                continue;
            }
            if (*s == '.') continue;
            /* an instruction line: [(pred) ]mnemonic[.suffix...] ... [/// comment] */
            const char *m = s;
            if (*m == '(') {
                const char *q = strchr(m, ')');
                m = q ? q + 1 : m;
                while (*m == ' ') m++;
            }
            char mn[64], key[64];
            size_t k = 0, kk = 0;
            int dots = 0;
            for (const char *t = m; *t && *t != ' ' && *t != '\t' && kk + 1 < sizeof key; t++) {
                if (*t == '.') dots++;
                if (dots >= 2) break;
                key[kk++] = *t;
                if (!dots && k + 1 < sizeof mn) mn[k++] = *t;
            }
            mn[k] = 0;
            key[kk] = 0;
            int is_mem = is_memory(mn);
            int sup = -1;
            total++;
            if (is_mem) {
                mem++;
                vo_insn insn;
                vo_error err;
                memset(&err, 0, sizeof err);
                if (out_of_scope(mn)) sup = 3;
                else if (vo_asm_igc(s, ver, &insn, &err) != 0) sup = 2;
                else {
                    char t[1024], want[1024];
                    vo_disasm_igc(&insn, t, sizeof t);
                    size_t n = strlen(s);
                    const char *cm = strstr(s, "///");
                    if (cm) n = (size_t)(cm - s);
                    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
                    if (n >= sizeof want) n = sizeof want - 1;
                    memcpy(want, s, n);
                    want[n] = 0;
                    sup = strcmp(t, want) == 0 ? 0 : 1; /* D220: the text between indent and comment */
                }
                size_t r = 0;
                while (r < nrows && strcmp(rows[r].key, key) != 0) r++;
                if (r == nrows && nrows < sizeof rows / sizeof rows[0]) {
                    memset(&rows[r], 0, sizeof rows[r]);
                    snprintf(rows[r].key, sizeof rows[r].key, "%s", key);
                    nrows++;
                }
                if (r < nrows) rows[r].n[sup]++;
            } else {
                other++;
            }
            if (json) {
                printf("{\"file\":");
                json_str(argv[fi]);
                printf(",\"kernel\":");
                json_str(kernel);
                printf(",\"index\":%lu,\"mnemonic\":", index);
                json_str(key);
                printf(",\"memory\":%s,\"support\":", is_mem ? "true" : "false");
                if (sup >= 0) json_str(support_names[sup]);
                else printf("null");
                printf("}\n");
            } else {
                printf("%s %lu %s %s %s\n", kernel, index, key, is_mem ? "memory" : "-",
                       sup >= 0 ? support_names[sup] : "-");
            }
            index++;
        }
        free(buf);
    }
    if (!json) {
        unsigned long ex = 0;
        printf("\n%-36s %8s %8s %8s %8s %12s\n", "opcode.subop", "count", "executes", "decodes", "unknown",
               "out_of_scope");
        for (size_t r = 0; r < nrows; r++) {
            unsigned c = rows[r].n[0] + rows[r].n[1] + rows[r].n[2] + rows[r].n[3];
            ex += rows[r].n[0];
            printf("%-36s %8u %8u %8u %8u %12u\n", rows[r].key, c, rows[r].n[0], rows[r].n[1], rows[r].n[2],
                   rows[r].n[3]);
        }
        printf("%lu instructions, %lu memory, %lu other; %lu memory instructions execute (%.1f%%)\n", total, mem,
               other, ex, mem ? 100.0 * (double)ex / (double)mem : 0.0);
    }
    if (fflush(stdout) != 0) return VO_EXIT_FAIL;
    return rc;
}
