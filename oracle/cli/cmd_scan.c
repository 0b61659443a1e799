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
 * mnemonic and its first suffix). A .isa file (starts with "CISA") is read by vo_isa_read and its
 * memory instructions decoded from the bytes (docs/kernels.md "The .isa reader", D223).
 * Exit 0; 2 when a file cannot be read (nothing printed for it, no table). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "visa_asm.h"
#include "visa_isa.h"
#include "visa_json.h"
#include "scan_cases.h"

static const char scan_help[] =
    "usage: visa-oracle scan FILE.visaasm|FILE.isa... [--json] [--igc-truncated]\n"
    "\n"
    "Reads IGC's .visaasm dumps and .isa kernel files (IGC_ShaderDumpEnable=1,\n"
    "docs/kernels.md) and prints\n"
    "one line per instruction, \"kernel index mnemonic memory|- support\", support\n"
    "being executes, decodes, unknown, out_of_scope (memory instructions) or - ,\n"
    "then a table per opcode and sub-op with the counts and the share that executes.\n"
    "--json prints one object per instruction: kernel, index, mnemonic, memory,\n"
    "support (and file; from .isa: offset, and text when decoded), and no table.\n"
    "--igc-truncated lists the .isa files IGC 1.0.12504 wrote, whose instructions\n"
    "lost operands (support truncated; refused otherwise, D223).\n"
    "--cases DIR writes a vector file DIR/<kernel>.json per kernel: two tests per\n"
    "memory instruction that executes, memory sized to its accesses, data from\n"
    "--seed N (1), the oracle's expect; check runs it (D365).\n"
    "--inputs DIR writes DIR/<kernel>.<index>.json, a bare input object per memory\n"
    "instruction that executes (D224; of a .visaasm file from its .decl lines,\n"
    "D226). Both on --platform NAME (TGLLP).\n";

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
    unsigned n[5]; /* executes decodes unknown out_of_scope truncated */
} row;
static const char *const support_names[5] = { "executes", "decodes", "unknown", "out_of_scope", "truncated" };

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

/* the table key of an instruction text: the mnemonic and its first suffix */
static void text_key(const char *m, char *mn, size_t mncap, char *key, size_t keycap)
{
    size_t k = 0, kk = 0;
    int dots = 0;
    if (*m == '(') {
        const char *q = strchr(m, ')');
        m = q ? q + 1 : m;
        while (*m == ' ') m++;
    }
    for (const char *t = m; *t && *t != ' ' && *t != '\t' && kk + 1 < keycap; t++) {
        if (*t == '.') dots++;
        if (dots >= 2) break;
        key[kk++] = *t;
        if (!dots && k + 1 < mncap) mn[k++] = *t;
    }
    mn[k] = 0;
    key[kk] = 0;
}

typedef struct tally {
    row rows[512];
    size_t nrows;
    unsigned long total, mem, other;
} tally;

static void record(tally *t, const char *key, int sup)
{
    size_t r = 0;
    while (r < t->nrows && strcmp(t->rows[r].key, key) != 0) r++;
    if (r == t->nrows && t->nrows < sizeof t->rows / sizeof t->rows[0]) {
        memset(&t->rows[r], 0, sizeof t->rows[r]);
        snprintf(t->rows[r].key, sizeof t->rows[r].key, "%s", key);
        t->nrows++;
    }
    if (r < t->nrows) t->rows[r].n[sup]++;
}

static void print_insn(int json, const char *file, const char *kernel, unsigned long index, const char *key,
                       int is_mem, int sup, long offset, const char *text)
{
    if (json) {
        printf("{\"file\":");
        json_str(file);
        printf(",\"kernel\":");
        json_str(kernel);
        printf(",\"index\":%lu,\"mnemonic\":", index);
        json_str(key);
        printf(",\"memory\":%s,\"support\":", is_mem ? "true" : "false");
        if (sup >= 0) json_str(support_names[sup]);
        else printf("null");
        if (offset >= 0) printf(",\"offset\":%ld", offset);
        if (text) {
            printf(",\"text\":");
            json_str(text);
        }
        printf("}\n");
    } else {
        printf("%s %lu %s %s %s\n", kernel, index, key, is_mem ? "memory" : "-", sup >= 0 ? support_names[sup] : "-");
    }
}

/* --inputs DIR (D224): one input object per memory instruction of a .isa file that executes:
 * DIR/<kernel>.<index>.json. The state: the platform given (--platform, default TGLLP) at the
 * file's vISA version, every channel enabled, each declared variable the instruction names at its
 * declared type and size (an alias as a variable of its own: the oracle has no aliases), each declared predicate
 * all true, each declared surface (T6..) of 65536 bytes (for MEDIA_LD/MEDIA_ST a 2D surface of
 * 256 x 256 one-byte pixels, pitch 256, D224); all data zero. */
/* what --inputs and --cases write for one instruction; 0 or -1 */
typedef struct scan_out { const char *inputs, *cases; uint64_t seed; scan_vf *vf; } scan_out;
static int write_case(const char *dir, const char *kernel, unsigned long index, const vo_isa_object *o,
                      const uint8_t *bytes, uint32_t len, const vo_platform *plat, const vo_insn *in);
static int write_out(scan_out *so, const char *kernel, unsigned long index, const vo_isa_object *o, const uint8_t *bytes,
                     uint32_t len, const vo_platform *plat, const vo_insn *in, const char *text)
{
    if (so->inputs && write_case(so->inputs, kernel, index, o, bytes, len, plat, in) != 0) return -1;
    if (so->cases) {
        if (!so->vf && !(so->vf = scan_vf_open(so->cases, kernel, so->seed))) return -1;
        if (scan_vf_add(so->vf, o, bytes, len, plat, in, index, text) != 0) return -1;
    }
    return 0;
}
static int close_out(scan_out *so)
{
    int rc = scan_vf_close(so->vf);
    so->vf = NULL;
    return rc;
}

static int write_case(const char *dir, const char *kernel, unsigned long index, const vo_isa_object *o,
                      const uint8_t *bytes, uint32_t len, const vo_platform *plat, const vo_insn *in)
{
    static vo_case c;
    vo_case_init(&c);
    int rc = -1;
    if (len > sizeof c.insn) goto out;
    memcpy(c.insn, bytes, len);
    c.insn_len = len;
    c.state.platform = *plat;
    c.state.exec_mask = 0xFFFFFFFFu;
    for (uint32_t v = 0; v < o->nvars; v++)
        if (o->vars[v].num_elts && scan_referenced(in, o->vars[v].id) &&
            !vo_state_add_var(&c.state, o->vars[v].id, o->vars[v].type, o->vars[v].num_elts))
            goto out;
    for (uint16_t p = 0; p < o->npreds; p++) {
        unsigned ne = o->pred_elts[p] ? o->pred_elts[p] : 1;
        if (!vo_state_add_pred(&c.state, (uint16_t)(p + 1), (uint8_t)(ne > 32 ? 32 : ne),
                               ne >= 32 ? 0xFFFFFFFFu : (1u << ne) - 1u))
            goto out;
    }
    for (unsigned k = 0; k < o->nsurfaces; k++) {
        vo_surface *sf = vo_state_add_surface(&c.state, 6 + k, 65536);
        if (!sf) goto out;
        if (in->desc->family == VO_FAM_MEDIA) { /* D224: the 2D view MEDIA needs (D205) */
            sf->m_width = sf->m_height = sf->m_pitch = 256;
            sf->m_pixel = 1;
        }
    }
    vo_state_sort(&c.state);
    char *j = vo_case_to_json(&c);
    if (!j) goto out;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%lu.json", dir, kernel, index);
    FILE *f = fopen(path, "w");
    if (f) {
        int ok = fputs(j, f) >= 0 && fputc('\n', f) != EOF;
        ok = (fclose(f) == 0) && ok;
        rc = ok ? 0 : -1;
    }
    free(j);
out:
    vo_case_free(&c);
    return rc;
}

/* a .isa file (docs/kernels.md "The .isa reader"): instructions from the bytes, memory
 * instructions decoded by the oracle's decoder; labels skipped as in .visaasm. 0, or 2 with a
 * message and nothing printed for the file. */
static int scan_isa(const char *path, const uint8_t *buf, size_t len, int json, int truncated_ok, tally *t,
                    scan_out *so, const char *platform)
{
    vo_isa_file f;
    vo_error e;
    if (vo_isa_read(buf, len, &f, &e) != 0)
        return cli_fail(VO_EXIT_BAD, "scan: %s: %s in %s at byte %lld: %s", path, vo_errcode_name(e.code), e.field,
                        (long long)e.offset, e.message);
    uint16_t ver = (uint16_t)(f.major * 100 + f.minor);
    vo_platform plat;
    memset(&plat, 0, sizeof plat);
    if (so->inputs || so->cases) {
        if (vo_platform_lookup(platform, &plat) != 0) {
            vo_isa_free(&f);
            return cli_fail(VO_EXIT_BAD, "scan: unknown platform '%s'", platform);
        }
        plat.visa_version = ver;
    }
    for (uint32_t i = 0; i < f.nobjects && !truncated_ok; i++) {
        const vo_isa_object *o = &f.objects[i];
        for (uint32_t j = 0, idx = 0; j < o->ninsns; j++) {
            const vo_isa_insn *x = &o->insns[j];
            if (vo_isa_op_class(x->opcode) & VO_ISA_LABEL) continue;
            if (x->dropped) {
                int rc = cli_fail(VO_EXIT_BAD,
                                  "scan: %s: %s '%s': instruction %u (%s) at byte %u lost its last %u operand(s): the "
                                  "file was written by IGC 1.0.12504's binary emitter (D223), whose instructions "
                                  "cannot be decoded; --igc-truncated lists them",
                                  path, o->is_function ? "function" : "kernel", o->name, idx,
                                  vo_isa_op_name(x->opcode, x->subop), x->offset, x->dropped);
                vo_isa_free(&f);
                return rc;
            }
            idx++;
        }
    }
    for (uint32_t i = 0; i < f.nobjects; i++) {
        const vo_isa_object *o = &f.objects[i];
        unsigned long index = 0;
        /* D225: the layout the object's stream walked in names the cases' LSC layout */
        unsigned lay = o->layout == VO_ISA_FULL ? VO_LSC_LAYOUT_SSIDX : VO_LSC_LAYOUT_NO_SSIDX;
        plat.lsc_layout = (uint8_t)lay;
        for (uint32_t j = 0; j < o->ninsns; j++) {
            const vo_isa_insn *x = &o->insns[j];
            if (vo_isa_op_class(x->opcode) & VO_ISA_LABEL) continue; /* func / label */
            const char *name = vo_isa_op_name(x->opcode, x->subop);
            if ((vo_isa_op_class(x->opcode) & VO_ISA_SAMPLER3D) && x->len >= 3) { /* the op in bits 4..0 */
                unsigned sop = buf[x->offset + 1] & 0x1Fu;
                if (sop == 24) name = "sample_lz";
                else if (sop == 26) name = "load_lz";
                else if (sop == 28) name = "load_2dms_w";
            }
            char mn[64], key[64], text[1024];
            snprintf(key, sizeof key, "%s", name);
            int is_mem = is_memory(name) || (vo_isa_op_class(x->opcode) & VO_ISA_MEMORY);
            int sup = -1;
            t->total++;
            if (is_mem) {
                t->mem++;
                vo_insn insn;
                vo_error de;
                if (out_of_scope(name)) sup = 3;
                else if (x->dropped) sup = 4;
                else if (vo_decode_layout(buf + x->offset, x->len, ver, lay, &insn, &de) == 0) {
                    vo_disasm_igc(&insn, text, sizeof text);
                    text_key(text, mn, sizeof mn, key, sizeof key);
                    sup = 0;
                    if (write_out(so, o->name, index, o, buf + x->offset, x->len, &plat, &insn, text) != 0) {
                        int rc = cli_fail(VO_EXIT_FAIL, "scan: cannot write the case of %s '%s' instruction %lu",
                                          path, o->name, index);
                        close_out(so);
                        vo_isa_free(&f);
                        return rc;
                    }
                } else sup = 2;
                record(t, key, sup);
            } else {
                t->other++;
            }
            print_insn(json, path, o->name, index, key, is_mem, sup, (long)x->offset, sup == 0 ? text : NULL);
            index++;
        }
        if (close_out(so) != 0) {
            int rc = cli_fail(VO_EXIT_FAIL, "scan: cannot write the vector file of %s '%s'", path, o->name);
            vo_isa_free(&f);
            return rc;
        }
    }
    vo_isa_free(&f);
    return VO_EXIT_OK;
}

int cmd_scan(int argc, char **argv)
{
    enum { OPT_JSON = 256, OPT_TRUNC, OPT_CASES, OPT_PLATFORM, OPT_INPUTS, OPT_SEED };
    static const struct option opts[] = { { "json", no_argument, NULL, OPT_JSON },
                                          { "igc-truncated", no_argument, NULL, OPT_TRUNC },
                                          { "cases", required_argument, NULL, OPT_CASES },
                                          { "platform", required_argument, NULL, OPT_PLATFORM },
                                          { "inputs", required_argument, NULL, OPT_INPUTS },
                                          { "seed", required_argument, NULL, OPT_SEED },
                                          { NULL, 0, NULL, 0 } };
    int json = 0, trunc = 0;
    const char *platform = "TGLLP";
    static scan_out so;
    memset(&so, 0, sizeof so);
    so.seed = 1;
    long seed = 1;
    cli_getopt g;
    cli_getopt_init(&g, "scan", argc, argv, opts);
    for (int c; (c = cli_getopt_next(&g)) != -1;) {
        switch (c) {
        case CLI_OPT_HELP: fputs(scan_help, stdout); return VO_EXIT_OK;
        case OPT_JSON: json = 1; break;
        case OPT_TRUNC: trunc = 1; break;
        case OPT_CASES: so.cases = g.arg; break;
        case OPT_INPUTS: so.inputs = g.arg; break;
        case OPT_SEED:
            if (cli_parse_count(g.arg, 0, &seed) != 0) return cli_fail(VO_EXIT_BAD, "scan: --seed: not a number '%s'", g.arg);
            so.seed = (uint64_t)seed;
            break;
        case OPT_PLATFORM: platform = g.arg; break;
        default: return VO_EXIT_BAD;
        }
    }
    if (g.first_operand >= argc) return cli_fail(VO_EXIT_BAD, "scan: no FILE (try 'visa-oracle scan --help')");
    static tally t;
    memset(&t, 0, sizeof t);
    int rc = VO_EXIT_OK;
    for (int fi = g.first_operand; fi < argc; fi++) {
        size_t len = 0;
        char *buf = cli_read_file(argv[fi], &len);
        if (!buf) {
            rc = cli_fail(VO_EXIT_BAD, "scan: cannot read '%s'", argv[fi]);
            continue;
        }
        if (len >= 4 && memcmp(buf, "CISA", 4) == 0) {
            if (scan_isa(argv[fi], (const uint8_t *)buf, len, json, trunc, &t, &so, platform) != VO_EXIT_OK) rc = VO_EXIT_BAD;
            free(buf);
            continue;
        }
        if (memchr(buf, 0, len)) {
            free(buf);
            rc = cli_fail(VO_EXIT_BAD, "scan: '%s' is neither a .visaasm text (a NUL byte) nor a .isa file (no \"CISA\")",
                          argv[fi]);
            continue;
        }
        char kernel[128] = "?";
        uint16_t ver = 401;
        unsigned long index = 0;
        /* --cases: the kernel's declarations as the .isa reader gives them (D226) */
        static vo_isa_var kv[65536];
        static uint16_t kp[4096];
        vo_isa_object ko;
        memset(&ko, 0, sizeof ko);
        ko.vars = kv;
        ko.pred_elts = kp;
        vo_platform plat;
        memset(&plat, 0, sizeof plat);
        if ((so.inputs || so.cases) && vo_platform_lookup(platform, &plat) != 0) {
            free(buf);
            return cli_fail(VO_EXIT_BAD, "scan: unknown platform '%s'", platform);
        }
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
                    if (close_out(&so) != 0) {
                        free(buf);
                        return cli_fail(VO_EXIT_FAIL, "scan: cannot write the vector file of %s '%s'", argv[fi], kernel);
                    }
                    const char *q = strchr(s + 9, '"');
                    size_t n = q ? (size_t)(q - (s + 9)) : 0;
                    if (n >= sizeof kernel) n = sizeof kernel - 1;
                    memcpy(kernel, s + 9, n);
                    kernel[n] = 0;
                    index = 0;
                    ko.nvars = 0;
                    ko.npreds = 0;
                    ko.nsurfaces = 0;
                } else if (starts(s, ".decl ")) { /* D226: V<id> type/num_elts, P<n> num_elts, T<n> */
                    unsigned long id = 0, ne = 1;
                    char ty[8] = "";
                    const char *ty_at = strstr(s, " type="), *e = strstr(s, " num_elts=");
                    if (ty_at) sscanf(ty_at + 6, "%7[a-z]", ty);
                    if (e) ne = strtoul(e + 10, NULL, 10);
                    if (sscanf(s + 6, "V%lu ", &id) == 1 && strstr(s, " v_type=G") && ko.nvars < 65536 &&
                        vo_type_from_name(ty) >= 0 && ne >= 1 && ne <= 4096 && id <= UINT32_MAX) {
                        vo_isa_var *x = &kv[ko.nvars++];
                        memset(x, 0, sizeof *x);
                        x->id = (uint32_t)id;
                        x->type = (uint8_t)vo_type_from_name(ty);
                        x->num_elts = (uint16_t)ne;
                    } else if (sscanf(s + 6, "P%lu ", &id) == 1 && id >= 1 && id <= 4096 && ne <= 32) {
                        kp[id - 1] = (uint16_t)ne;
                        if (id > ko.npreds) ko.npreds = (uint16_t)id;
                    } else if (sscanf(s + 6, "T%lu ", &id) == 1 && id >= 6 && id < 6 + 250 && id - 5 > ko.nsurfaces) {
                        ko.nsurfaces = (uint8_t)(id - 5);
                    }
                }
                continue;
            }
            if (*s == '.') continue;
            /* an instruction line: [(pred) ]mnemonic[.suffix...] ... [/// comment] */
            char mn[64], key[64];
            text_key(s, mn, sizeof mn, key, sizeof key);
            int is_mem = is_memory(mn);
            int sup = -1;
            t.total++;
            if (is_mem) {
                t.mem++;
                vo_insn insn;
                vo_error err;
                memset(&err, 0, sizeof err);
                if (out_of_scope(mn)) sup = 3;
                else if (vo_asm_igc(s, ver, &insn, &err) != 0) sup = 2;
                else {
                    char tx[1024], want[1024];
                    vo_disasm_igc(&insn, tx, sizeof tx);
                    size_t n = strlen(s);
                    const char *cm = strstr(s, "///");
                    if (cm) n = (size_t)(cm - s);
                    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
                    if (n >= sizeof want) n = sizeof want - 1;
                    memcpy(want, s, n);
                    want[n] = 0;
                    sup = strcmp(tx, want) == 0 ? 0 : 1; /* D220: the text between indent and comment */
                    uint8_t ib[VO_MAX_INSN_BYTES];
                    size_t il = sup == 0 && (so.inputs || so.cases) ? vo_encode(&insn, ib, sizeof ib) : 0;
                    plat.visa_version = ver;
                    if (il && write_out(&so, kernel, index, &ko, ib, (uint32_t)il, &plat, &insn, tx) != 0) {
                        free(buf);
                        close_out(&so);
                        return cli_fail(VO_EXIT_FAIL, "scan: cannot write the case of %s '%s' instruction %lu",
                                        argv[fi], kernel, index);
                    }
                }
                record(&t, key, sup);
            } else {
                t.other++;
            }
            print_insn(json, argv[fi], kernel, index, key, is_mem, sup, -1, NULL);
            index++;
        }
        free(buf);
        if (close_out(&so) != 0)
            return cli_fail(VO_EXIT_FAIL, "scan: cannot write the vector file of %s '%s'", argv[fi], kernel);
    }
    if (!json && rc == VO_EXIT_OK) { /* a file that failed: its message, no table */
        unsigned long ex = 0, tr = 0;
        for (size_t r = 0; r < t.nrows; r++) tr += t.rows[r].n[4];
        printf("\n%-36s %8s %8s %8s %8s %12s%s\n", "opcode.subop", "count", "executes", "decodes", "unknown",
               "out_of_scope", tr ? " truncated" : "");
        for (size_t r = 0; r < t.nrows; r++) {
            const unsigned *n = t.rows[r].n;
            unsigned c = n[0] + n[1] + n[2] + n[3] + n[4];
            ex += n[0];
            printf("%-36s %8u %8u %8u %8u %12u", t.rows[r].key, c, n[0], n[1], n[2], n[3]);
            if (tr) printf(" %9u", n[4]);
            printf("\n");
        }
        printf("%lu instructions, %lu memory, %lu other; %lu memory instructions execute (%.1f%%)\n", t.total, t.mem,
               t.other, ex, t.mem ? 100.0 * (double)ex / (double)t.mem : 0.0);
    }
    if (fflush(stdout) != 0) return VO_EXIT_FAIL;
    return rc;
}
