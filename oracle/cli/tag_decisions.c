/* The decisions (docs/decisions.md) each tag points to, for check's reports
 * (issue 32): FAIL lines and --json records carry the failing test's tags and
 * these decisions, and the summary counts failing tests per tag. One entry
 * per enum vo_tag, in order: the decisions whose "tag" column names it
 * (tests/test_tag_decisions.sh checks the table against the page). */
#include "cli.h"
#include "visa_oracle.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const tag_dec[VO_TAG_COUNT] = {
    "D55", /* oob_read */
    "D55", /* oob_write */
    "D6,D123,D139", /* partial_oob */
    "D10,D43,D127", /* ub_overlap */
    "D9,D35,D39,D43,D53,D101,D126,D140", /* misaligned */
    "D17,D22,D35,D48,D97", /* not_in_doc */
    "D5,D55,D123,D139", /* slm_oob */
    "D7", /* wrap */
    "", /* nomask */
    "", /* pred */
    "", /* pred_any */
    "", /* pred_all */
    "", /* pred_invert */
    "D13,D54", /* upper_bytes */
    "D12,D37,D43,D56,D124", /* padding */
    "D23", /* non_scalar_region */
    "D25", /* indirect */
    "D28", /* no_lanes */
    "D14", /* raw_past_var */
    "D3", /* visa30_mask */
    "D4", /* doc_vs_reader:5 */
    "D24", /* doc_vs_reader:7 */
    "D2", /* doc_vs_reader:3 */
    "D17,D34", /* doc_vs_reader:10 */
    "D35", /* doc_vs_reader:11 */
    "", /* doc_vs_reader:12 */
    "D27,D33,D50", /* doc_vs_reader:20 */
    "D5,D55", /* doc_vs_reader:25 */
    "D9,D43,D53,D126,D140", /* doc_vs_reader:26 */
    "D1", /* doc_vs_reader:1 */
    "D11,D12,D37,D56", /* doc_vs_reader:28 */
    "D8", /* doc_vs_reader:34 */
    "D40,D41,D42", /* doc_vs_reader:21 */
    "D38", /* unaligned_dword_units */
    "D31", /* is_modified */
    "D46,D138,D144", /* atomic_collision */
    "D48,D52", /* doc_vs_reader:17 */
    "D49", /* doc_vs_reader:18 */
    "D51", /* doc_vs_reader:27 */
    "D96", /* lsc:fence_exec_pred */
    "D97", /* lsc:code_only_enum */
    "D98", /* lsc:slm_fence */
    "D110", /* lsc:ssidx_layout */
    "D113", /* lsc:cache_table */
    "D113", /* lsc:slm_cache */
    "D117", /* lsc:addr_scale */
    "D118", /* lsc:ssidx_ignored */
    "D112", /* lsc:ugml_platform */
    "D120", /* lsc:not_executed */
    "D121", /* lsc:addr_wrap */
    "D122", /* lsc:strided_pseudocode */
    "D123,D139", /* lsc:flat_unmapped */
    "D123,D139", /* lsc:unbound */
    "D123,D139", /* lsc:arg */
    "D123,D139", /* lsc:surface_oob */
    "D125,D137", /* lsc:conv_upper */
    "D125", /* lsc:d16u32h */
    "D128", /* lsc:prefetch */
    "D129", /* lsc:store_uncompressed */
    "D130", /* lsc:load_status */
    "D130", /* lsc:apndctr */
    "D141,D142", /* lsc_atomic:float */
};

/* a tag added after this table (NULL entry) points to no decision here until
 * the table is extended; tests/test_check_report.sh fails until it is */
const char *cli_tag_decisions(unsigned tag) { return tag < VO_TAG_COUNT && tag_dec[tag] ? tag_dec[tag] : ""; }

/* text: "  tags: t1 (D1, D2), t2\n" as the last line of the test's block; json: ,"tags":[...],
 * "decisions":[...] before the record's closing brace. Returns a new report
 * (rep freed), or rep unchanged when there is nothing to add or no memory. */
char *cli_report_add_tags(char *rep, int json, uint64_t tags)
{
    if (!rep || !tags) return rep;
    size_t n = strlen(rep), cap = n + 64;
    for (unsigned t = 0; t < VO_TAG_COUNT; t++)
        if (tags >> t & 1) cap += strlen(vo_tag_name(t)) + 2 * strlen(cli_tag_decisions(t)) + 16;
    char *o = malloc(cap), *p = o;
    if (!o) return rep;
    size_t head = json ? (n >= 2 && rep[n - 2] == '}' ? n - 2 : n) : n; /* text: the block's last line */
    memcpy(p, rep, head);
    p += head;
    if (json) {
        p += sprintf(p, ",\"tags\":[");
        int k = 0;
        for (unsigned t = 0; t < VO_TAG_COUNT; t++)
            if (tags >> t & 1) p += sprintf(p, "%s\"%s\"", k++ ? "," : "", vo_tag_name(t));
        p += sprintf(p, "],\"decisions\":[");
        k = 0;
        char seen[1024] = ",";
        for (unsigned t = 0; t < VO_TAG_COUNT; t++) {
            if (!(tags >> t & 1) || !cli_tag_decisions(t)[0]) continue;
            const char *d = cli_tag_decisions(t);
            while (*d) {
                size_t l = strcspn(d, ",");
                char one[16];
                snprintf(one, sizeof one, ",%.*s,", (int)(l < 12 ? l : 12), d);
                if (!strstr(seen, one) && strlen(seen) + l + 2 < sizeof seen) {
                    strcat(seen, one + 1);
                    p += sprintf(p, "%s\"%.*s\"", k++ ? "," : "", (int)l, d);
                }
                d += l + (d[l] == ',');
            }
        }
        p += sprintf(p, "]");
    } else {
        p += sprintf(p, "  tags:");
        int k = 0;
        for (unsigned t = 0; t < VO_TAG_COUNT; t++) {
            if (!(tags >> t & 1)) continue;
            p += sprintf(p, "%s %s", k++ ? "," : "", vo_tag_name(t));
            if (cli_tag_decisions(t)[0]) {
                p += sprintf(p, " (");
                for (const char *d = cli_tag_decisions(t); *d; d++) {
                    if (*d == ',') *p++ = ',', *p++ = ' ';
                    else *p++ = *d;
                }
                p += sprintf(p, ")");
            }
        }
        p += sprintf(p, "\n");
    }
    memcpy(p, rep + head, n - head + 1);
    free(rep);
    return o;
}
