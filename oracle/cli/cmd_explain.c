/* visa-oracle explain CASE.json [--id ID]: the instruction, its outcome, the
 * provenance table (one row per memory access) and the freedom list. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dut_transport.h"

static const char explain_help[] =
    "usage: visa-oracle explain CASE.json... [--id ID]\n"
    "\n"
    "CASE.json is a vector file (its first test, or the one with --id), a test\n"
    "object or a bare input object; with --id several files may be given (the\n"
    "first file holding that id is used: explain vectors/*.json --id ID). Prints the instruction text, the status, the\n"
    "channel enables, a provenance table with one row per memory access the\n"
    "instruction performs or tries (lane, channel, element, surface address,\n"
    "outcome, register bytes, spec clause) and the freedom list (bytes the spec\n"
    "leaves open). The same provenance appears in `check` mismatch reports.\n";

static const char *outcome_name(unsigned o)
{
    static const char *const t[] = { "done", "out_of_bounds", "misaligned", "overlap", "slm_oob" };
    return o < 5 ? t[o] : "?";
}

static void hex(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
}

enum { OPT_ID = 256 };
static const struct option explain_opts[] = {
    { "id", required_argument, NULL, OPT_ID },
    { NULL, 0, NULL, 0 },
};

int cmd_explain(int argc, char **argv)
{
    const char *path = NULL, *id = NULL;
    cli_getopt g;
    cli_getopt_init(&g, "explain", argc, argv, explain_opts);
    for (int c; (c = cli_getopt_next(&g)) != -1;) {
        switch (c) {
        case CLI_OPT_HELP: fputs(explain_help, stdout); return VO_EXIT_OK;
        case OPT_ID: id = g.arg; break;
        default: return VO_EXIT_BAD;
        }
    }
    int npaths = argc - g.first_operand;
    char **paths = argv + g.first_operand;
    if (npaths <= 0) return cli_fail(VO_EXIT_BAD, "explain: no case file (try 'visa-oracle explain --help')");
    if (npaths > 1 && !id)
        return cli_fail(VO_EXIT_BAD, "explain: several case files need --id ID (which test to explain)");

    static vo_case c;
    static vo_result r;
    char err[512], tid[17] = "";
    vo_case_init(&c);
    int found = 0;
    for (int k = 0; k < npaths && !found; k++) { /* the first file holding the id */
        path = paths[k];
        if (vo_load_one_case(path, id, &c, tid, err, sizeof err) == 0) {
            found = 1;
            break;
        }
        char none[600];
        snprintf(none, sizeof none, "'%s' has no test with id ", path);
        if (npaths == 1 || strncmp(err, none, strlen(none)) != 0) /* a real error: bad file */
            return cli_fail(VO_EXIT_BAD, "explain: %s", err);
    }
    if (!found) return cli_fail(VO_EXIT_BAD, "explain: no test with id %s in the %d files given", id, npaths);
    vo_result_init(&r);
    vo_run(&c.state, c.insn, c.insn_len, &r);

    vo_insn insn;
    vo_error de;
    char text[256] = "(does not decode)";
    int decoded = vo_decode_layout(c.insn, c.insn_len, c.state.platform.visa_version, c.state.platform.lsc_layout, &insn, &de) == 0;
    if (decoded) vo_disasm(&insn, text, sizeof text);

    printf("case:     %s%s%s\n", tid[0] ? tid : "-", c.comment[0] ? "  " : "", c.comment);
    printf("platform: %s, GRF %u bytes, vISA %u.%u\n", c.state.platform.name, c.state.platform.grf_bytes,
           c.state.platform.visa_version / 100, c.state.platform.visa_version % 100);
    printf("insn:     ");
    hex(c.insn, c.insn_len);
    printf("\nasm:      %s\n", text);
    printf("status:   %s", vo_status_name(r.status));
    if (r.status == VO_INVALID)
        printf(" %s at %s (byte %lld): %s", vo_errcode_name(r.err.code), r.err.field ? r.err.field : "-",
               (long long)r.err.offset, r.err.message);
    printf("\n");
    if (decoded && r.status != VO_INVALID) {
        vo_ctrl ct;
        vo_insn_ctrl(&insn, &ct);
        printf("lanes:    exec size %u, %s, mask offset %u, exec_mask %08x", ct.exec_size,
               ct.nomask ? "NoMask" : "masked", ct.mask_off, c.state.exec_mask);
        if (ct.pred_id)
            printf(", predicate %sP%u%s", ct.pred_invert ? "!" : "", ct.pred_id,
                   ct.pred_combine == 1 ? ".any" : ct.pred_combine == 2 ? ".all" : "");
        printf(" -> enabled %08x\n", r.chen);
    }
    printf("surfaces: ");
    for (uint32_t i = 0; i < c.state.nsurfaces; i++)
        printf("%sT%u size 0x%llx", i ? ", " : "", c.state.surfaces[i].index,
               (unsigned long long)c.state.surfaces[i].size);
    printf("%s\n", c.state.nsurfaces ? " (the bound: a byte at or past it is out of bounds)"
                                      : "- (an absent predefined surface has size 0)");
    printf("memory:   "); /* the flat address space's regions (issue 30 point 10) */
    for (uint32_t i = 0; i < c.state.nregions; i++)
        printf("%s[%u] base 0x%llx size 0x%llx", i ? ", " : "", i, (unsigned long long)c.state.regions[i].base,
               (unsigned long long)c.state.regions[i].mem.size);
    printf("%s\n", c.state.nregions ? " (flat regions in base order; a byte outside every one is out of bounds)"
                                     : "- (no flat memory)");
    printf("tags:     ");
    int any = 0;
    for (unsigned t = 0; t < VO_TAG_COUNT; t++)
        if (vo_tags_has(r.tags, t)) printf("%s%s", any++ ? ", " : "", vo_tag_name(t));
    printf("%s\n", any ? "" : "-");

    printf("\naccesses (%u):\n", r.nacc);
    if (r.nacc) {
        printf("  %-4s %-3s %-3s %-5s %-7s %-18s %-4s %-13s %-20s %s\n", "lane", "ch", "elt", "dir", "surface",
               "address", "size", "outcome", "register bytes", "clause");
        for (uint32_t i = 0; i < r.nacc; i++) {
            const vo_access *a = &r.acc[i];
            const vo_surface *sf = vo_state_surface(&c.state, a->surface);
            char reg[40];
            if (a->reg_var) snprintf(reg, sizeof reg, "V%u[%u..%u]", a->reg_var, a->reg_off, a->reg_off + a->size - 1);
            else snprintf(reg, sizeof reg, "%%null");
            char addr[24];
            snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)a->address);
            char sname[16]; /* a flat access has no surface: "flat" (issue 30 point 10) */
            if (a->surface == VO_ACC_FLAT) snprintf(sname, sizeof sname, "flat");
            else snprintf(sname, sizeof sname, "%u", a->surface);
            printf("  %-4u %-3u %-3u %-5s %-7s %-18s %-4u %-13s %-20s %s\n", a->lane, a->channel, a->element,
                   a->is_write ? "write" : "read", sname, addr, a->size, outcome_name(a->outcome), reg,
                   vo_access_clause(a, sf ? sf->size : 0));
        }
    }
    printf("\nfreedom (%u):\n", r.nfree);
    for (uint32_t i = 0; i < r.nfree; i++) {
        const vo_free *f = &r.free[i];
        printf("  %s%u bytes 0x%llx..0x%llx %s",
               f->space == VO_SPACE_VAR ? "var V" : f->space == VO_SPACE_FLAT ? "memory region " : "surface ", f->index,
               (unsigned long long)f->offset, (unsigned long long)(f->offset + f->len - 1),
               f->kind == VO_FREE_UNDEFINED ? "undefined" : f->kind == VO_FREE_ONE_OF ? "one_of" : "serializable");
        if (f->kind == VO_FREE_SERIALIZABLE) { /* DWORD_ATOMIC */
            const char *on = vo_atomic_op_name(f->op);
            printf(" %s, initial 0x%0*llx, lanes", on ? on : "?", (int)(2 * f->len), (unsigned long long)f->initial);
            for (unsigned k = 0; k < f->nlanes; k++) printf("%s%u", k ? "," : " ", f->lanes[k].lane);
            printf(" in some serial order%s", f->dst_var ? ", returns into dst" : "");
        }
        if (f->kind == VO_FREE_ONE_OF) {
            printf(" {");
            for (unsigned k = 0; k < f->nvalues; k++) {
                printf("%s", k ? ", " : "");
                hex(f->values + (size_t)k * f->len, f->len);
            }
            printf("}");
        }
        printf("  [%s]\n", f->clause ? f->clause : "?");
    }
    int rc = fflush(stdout) == 0 ? VO_EXIT_OK : cli_fail(VO_EXIT_FAIL, "explain: cannot write stdout");
    vo_result_free(&r);
    vo_case_free(&c);
    return rc;
}
