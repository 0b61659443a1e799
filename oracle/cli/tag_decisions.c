/* The decisions (docs/decisions.md) each tag points to, for check's reports
 * (issue 32): FAIL lines and --json records carry the failing test's tags and
 * these decisions, and the summary counts failing tests per tag. One entry
 * per enum vo_tag (designated, so branches add theirs independently): the decisions whose "tag" column names it
 * (tests/test_tag_decisions.sh checks the table against the page). */
#include "cli.h"
#include "visa_oracle.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const tag_dec[VO_TAG_COUNT] = {
    [VO_TAG_OOB_READ] = "D55,D195", /* oob_read */
    [VO_TAG_OOB_WRITE] = "D55,D195,D215", /* oob_write */
    [VO_TAG_PARTIAL_OOB] = "D6,D123,D139", /* partial_oob */
    [VO_TAG_UB_OVERLAP] = "D10,D43,D127,D181,D278", /* ub_overlap */
    [VO_TAG_MISALIGNED] = "D9,D35,D39,D43,D53,D101,D126,D140,D170,D178,D269,D278", /* misaligned */
    [VO_TAG_NOT_IN_DOC] = "D17,D22,D35,D48,D97,D166,D167,D175,D180,D266,D276,D259", /* not_in_doc */
    [VO_TAG_SLM_OOB] = "D5,D55,D123,D139,D148", /* slm_oob */
    [VO_TAG_WRAP] = "D7,D171,D178,D275", /* wrap */
    [VO_TAG_NOMASK] = "D174", /* nomask */
    [VO_TAG_PRED] = "", /* pred */
    [VO_TAG_PRED_ANY] = "", /* pred_any */
    [VO_TAG_PRED_ALL] = "", /* pred_all */
    [VO_TAG_PRED_INVERT] = "", /* pred_invert */
    [VO_TAG_UPPER_BYTES] = "D13,D54,D179,D267", /* upper_bytes */
    [VO_TAG_PADDING] = "D12,D37,D43,D56,D124,D173,D267,D277,D197,D213,D327", /* padding */
    [VO_TAG_NON_SCALAR_REGION] = "D23", /* non_scalar_region */
    [VO_TAG_INDIRECT] = "D25", /* indirect */
    [VO_TAG_NO_LANES] = "D28", /* no_lanes */
    [VO_TAG_RAW_PAST_VAR] = "D14", /* raw_past_var */
    [VO_TAG_VISA30_MASK] = "D3", /* visa30_mask */
    [VO_TAG_DVR_PREDEF_SURFACES] = "D4", /* doc_vs_reader:5 */
    [VO_TAG_DVR_ROW_UNIT] = "D24", /* doc_vs_reader:7 */
    [VO_TAG_DVR_EXEC_NIBBLE] = "D2", /* doc_vs_reader:3 */
    [VO_TAG_DVR_SCALED_EXEC] = "D17,D34", /* doc_vs_reader:10 */
    [VO_TAG_DVR_4SCALED_EXEC] = "D35", /* doc_vs_reader:11 */
    [VO_TAG_DVR_SCATTER4_ADDR] = "", /* doc_vs_reader:12 */
    [VO_TAG_DVR_SURFACE_LIMITS] = "D27,D33,D50", /* doc_vs_reader:20 */
    [VO_TAG_DVR_SLM_OOB] = "D5,D55", /* doc_vs_reader:25 */
    [VO_TAG_DVR_ALIGN_UNSTATED] = "D9,D43,D53,D126,D140", /* doc_vs_reader:26 */
    [VO_TAG_DVR_ID_WIDTH] = "D1", /* doc_vs_reader:1 */
    [VO_TAG_DVR_GATHER_PADDING] = "D11,D12,D37,D56", /* doc_vs_reader:28 */
    [VO_TAG_DVR_SCATTER_SCALING] = "D8", /* doc_vs_reader:34 */
    [VO_TAG_DVR_QW] = "D40,D41,D42", /* doc_vs_reader:21 */
    [VO_TAG_UNALIGNED_DWORDS] = "D38", /* unaligned_dword_units */
    [VO_TAG_IS_MODIFIED] = "D31", /* is_modified */
    [VO_TAG_ATOMIC_COLLISION] = "D46,D138,D144,D268,D261", /* atomic_collision */
    [VO_TAG_DVR_ATOMIC_NAMES] = "D48,D52,D266,D271", /* doc_vs_reader:17 */
    [VO_TAG_DVR_ATOMIC_TYPES] = "D49,D267", /* doc_vs_reader:18 */
    [VO_TAG_DVR_FLOAT_ATOMIC] = "D51,D266", /* doc_vs_reader:27 */
    [VO_TAG_LSC_FENCE_CTRL] = "D96", /* lsc:fence_exec_pred */
    [VO_TAG_LSC_CODE_ONLY] = "D97", /* lsc:code_only_enum */
    [VO_TAG_LSC_SLM_FENCE] = "D98", /* lsc:slm_fence */
    [VO_TAG_LSC_LAYOUT] = "D110,D190", /* lsc:ssidx_layout */
    [VO_TAG_LSC_CACHE_TABLE] = "D113,D203", /* lsc:cache_table */
    [VO_TAG_LSC_SLM_CACHE] = "D113", /* lsc:slm_cache */
    [VO_TAG_LSC_ADDR_SCALE] = "D117", /* lsc:addr_scale */
    [VO_TAG_LSC_SSIDX_IGNORED] = "D118", /* lsc:ssidx_ignored */
    [VO_TAG_LSC_UGML] = "D112", /* lsc:ugml_platform */
    [VO_TAG_LSC_NOT_EXECUTED] = "D120", /* lsc:not_executed */
    [VO_TAG_LSC_ADDR_WRAP] = "D121,D147", /* lsc:addr_wrap */
    [VO_TAG_LSC_STRIDED_PSEUDO] = "D122", /* lsc:strided_pseudocode */
    [VO_TAG_LSC_FLAT_UNMAPPED] = "D123,D139,D169,D269,D204", /* lsc:flat_unmapped */
    [VO_TAG_LSC_UNBOUND] = "D123,D139", /* lsc:unbound */
    [VO_TAG_LSC_ARG] = "D123,D139", /* lsc:arg */
    [VO_TAG_LSC_SURFACE_OOB] = "D123,D139", /* lsc:surface_oob */
    [VO_TAG_LSC_CONV_UPPER] = "D125,D137", /* lsc:conv_upper */
    [VO_TAG_LSC_D16U32H] = "D125", /* lsc:d16u32h */
    [VO_TAG_LSC_PREFETCH] = "D128,D200", /* lsc:prefetch */
    [VO_TAG_LSC_STORE_UNCOMP] = "D129,D332", /* lsc:store_uncompressed */
    [VO_TAG_LSC_LOAD_STATUS] = "D130,D331", /* lsc:load_status */
    [VO_TAG_LSC_APNDCTR] = "D130", /* lsc:apndctr */
    [VO_TAG_LSC_AT_FLOAT] = "D141,D142", /* lsc_atomic:float */
    [VO_TAG_FENCE_IGNORED] = "D161,D162", /* fence:ignored_bits */
    [VO_TAG_LSC_NO_SSIDX] = "D222", /* lsc:no_ssidx_layout */
    [VO_TAG_B2D_HW_SHAPE] = "D193,D194,D198,D199", /* block2d:hw_shape */
    [VO_TAG_B2D_SURFACE] = "D195", /* block2d:surface_preconditions */
    [VO_TAG_TYPED_PRED_TEXT] = "D263", /* typed:pred_text */
    [VO_TAG_MEDIA_EDGE] = "D207", /* media:edge_replicate */
    [VO_TAG_MEDIA_OUT_OF_SCOPE] = "D209,D210,D212", /* media:out_of_scope */
    [VO_TAG_MEDIA_UNDEFINED] = "D207,D208,D211,D215", /* media:undefined */
    [VO_TAG_TGM2D_READER_LAYOUT] = "D320", /* lsc_typed:block2d_reader_layout */
    [VO_TAG_TGM2D_X_BYTES] = "D324", /* lsc_typed:block2d_x_bytes */
    [VO_TAG_TGM2D_OOB] = "D326", /* lsc_typed:block2d_oob */
    [VO_TAG_TGM2D_UNDEFINED] = "D322,D324,D325", /* lsc_typed:block2d_undefined */
    [VO_TAG_LSC_RSI] = "D330", /* lsc:read_state_info */
    [VO_TAG_TYPED_PRE32] = "D333", /* typed:pre32_layout */
    [VO_TAG_TYPED_COORD_D] = "D375", /* typed:coord_d */
};

/* a tag added after this table (NULL entry) points to no decision here until
 * the table is extended; tests/test_check_report.sh fails until it is */
const char *cli_tag_decisions(unsigned tag) { return tag < VO_TAG_COUNT && tag_dec[tag] ? tag_dec[tag] : ""; }

/* text: "  tags: t1 (D1, D2), t2\n" as the last line of the test's block; json: ,"tags":[...],
 * "decisions":[...] before the record's closing brace. Returns a new report
 * (rep freed), or rep unchanged when there is nothing to add or no memory. */
char *cli_report_add_tags(char *rep, int json, const uint64_t *tags)
{
    if (!rep || !tags) return rep;
    size_t n = strlen(rep), cap = n + 64;
    for (unsigned t = 0; t < VO_TAG_COUNT; t++)
        if (vo_tags_has(tags, t)) cap += strlen(vo_tag_name(t)) + 2 * strlen(cli_tag_decisions(t)) + 16;
    char *o = malloc(cap), *p = o;
    if (!o) return rep;
    size_t head = json ? (n >= 2 && rep[n - 2] == '}' ? n - 2 : n) : n; /* text: the block's last line */
    memcpy(p, rep, head);
    p += head;
    if (json) {
        p += sprintf(p, ",\"tags\":[");
        int k = 0;
        for (unsigned t = 0; t < VO_TAG_COUNT; t++)
            if (vo_tags_has(tags, t)) p += sprintf(p, "%s\"%s\"", k++ ? "," : "", vo_tag_name(t));
        p += sprintf(p, "],\"decisions\":[");
        k = 0;
        char seen[1024] = ",";
        for (unsigned t = 0; t < VO_TAG_COUNT; t++) {
            if (!vo_tags_has(tags, t) || !cli_tag_decisions(t)[0]) continue;
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
            if (!vo_tags_has(tags, t)) continue;
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
