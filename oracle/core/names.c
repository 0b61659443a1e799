/* Name tables: types, platforms, predefined variables, error codes, tags,
 * clauses, statuses. Everything here is data. */
#include "visa_oracle.h"
#include <string.h>

static const struct { const char *name; uint8_t size; } type_tab[16] = {
    {"ud", 4}, {"d", 4}, {"uw", 2}, {"w", 2}, {"ub", 1}, {"b", 1}, {"df", 8}, {"f", 4},
    {"v", 0}, {"vf", 0}, {"bool", 0}, {"uq", 8}, {"uv", 0}, {"q", 8}, {"hf", 2}, {"bf", 2},
};

unsigned vo_type_size(unsigned type) { return type < 16 ? type_tab[type].size : 0; }
const char *vo_type_name(unsigned type) { return type < 16 ? type_tab[type].name : NULL; }
int vo_type_from_name(const char *name)
{
    for (int i = 0; i < 16; i++)
        if (name && name[0] == type_tab[i].name[0] && strcmp(name, type_tab[i].name) == 0) return i;
    return -1;
}

/* GRF size and feature ordinal per platform (docs/encoding.md §1.11). */
/* names padded with NULs to vo_platform.name's 16 bytes: copied whole */
static const struct { char name[16]; uint8_t grf; uint8_t gen; } plat_tab[] = {
    {"BDW", 32, VO_GEN_BDW},   {"CHV", 32, VO_GEN_CHV},     {"SKL", 32, VO_GEN_SKL},
    {"ICLLP", 32, VO_GEN_ICLLP}, {"TGLLP", 32, VO_GEN_TGLLP}, {"DG1", 32, VO_GEN_TGLLP},
    {"ADLP", 32, VO_GEN_TGLLP}, {"XeHP_SDV", 32, VO_GEN_XEHP_SDV}, {"DG2", 32, VO_GEN_DG2},
    {"MTL", 32, VO_GEN_MTL},   {"ARL", 32, VO_GEN_MTL},     {"PVC", 64, VO_GEN_PVC},
    {"PVCXT", 64, VO_GEN_PVC}, {"Xe2", 64, VO_GEN_XE2},     {"Xe3", 64, VO_GEN_XE3},
};
#define NPLAT (sizeof plat_tab / sizeof plat_tab[0])
_Static_assert(sizeof plat_tab[0].name == sizeof((vo_platform *)0)->name, "platform names are copied whole");

int vo_platform_lookup(const char *name, vo_platform *out)
{
    /* the entry found last on this thread for the name's first letter is
     * tried first (every state check looks its platform up; a run's cases
     * name a few platforms, mostly with different first letters) */
    static _Thread_local unsigned char last[256];
    if (!name) return -1;
    unsigned char c0 = (unsigned char)name[0];
    for (unsigned k = 0; k <= NPLAT; k++) {
        unsigned i = k ? k - 1 : last[c0];
        if (name[0] == plat_tab[i].name[0] && strcmp(name, plat_tab[i].name) == 0) {
            memcpy(out->name, plat_tab[i].name, sizeof out->name);
            out->grf_bytes = plat_tab[i].grf;
            out->gen = plat_tab[i].gen;
            out->lsc_min_simd = 0; /* the platform's default (D150) */
            out->lsc_layout = VO_LSC_LAYOUT_AUTO; /* the length selects (D222, D225) */
            last[c0] = (unsigned char)i;
            return 0;
        }
    }
    return -1;
}
/* decision D146: 8 on a 32-byte GRF (what the driver configures), 32 on PVC
 * (no half-SIMD LSC), 16 on PVCXT, Xe2 and Xe3; D150: the state may name it */
unsigned vo_platform_lsc_min_simd(const vo_platform *p)
{
    if (p->lsc_min_simd) return p->lsc_min_simd;
    if (p->grf_bytes == 32) return 8;
    return strcmp(p->name, "PVC") == 0 ? 32 : 16;
}
int vo_platform_lsc_min_simd_ok(const vo_platform *p, unsigned w)
{
    return w == 0 || w == 16 || w == (p->grf_bytes == 32 ? 8u : 32u); /* D150 */
}
const char *vo_platform_name(unsigned i) { return i < NPLAT ? plat_tab[i].name : NULL; }
const char *vo_gen_name(unsigned gen)
{
    for (unsigned i = 0; i < NPLAT; i++)
        if (plat_tab[i].gen == gen) return plat_tab[i].name;
    return "?";
}

static const vo_predef predef_tab[22] = {
    [1] = {"%thread_x", VO_T_UW, 1, 1, 1},   [2] = {"%thread_y", VO_T_UW, 1, 1, 1},
    [3] = {"%group_id_x", VO_T_UD, 1, 1, 1}, [4] = {"%group_id_y", VO_T_UD, 1, 1, 1},
    [5] = {"%group_id_z", VO_T_UD, 1, 1, 1}, [6] = {"%tsc", VO_T_UD, 5, 5, 1},
    [7] = {"%r0", VO_T_UD, 8, 8, 1},         [8] = {"%arg", VO_T_UD, 256, 512, 0},
    [9] = {"%retval", VO_T_UD, 96, 192, 0},  [10] = {"%sp", VO_T_UQ, 1, 1, 0},
    [11] = {"%fp", VO_T_UQ, 1, 1, 0},        [12] = {"%hw_id", VO_T_UD, 1, 1, 1},
    [13] = {"%sr0", VO_T_UD, 4, 4, 1},       [14] = {"%cr0", VO_T_UD, 1, 1, 0},
    [15] = {"%ce0", VO_T_UD, 1, 1, 1},       [16] = {"%dbg0", VO_T_UD, 2, 2, 0},
    [17] = {"%color", VO_T_UW, 1, 1, 1},     [18] = {"%impl_arg_buf_ptr", VO_T_UQ, 1, 1, 0},
    [19] = {"%local_id_buf_ptr", VO_T_UQ, 1, 1, 0}, [20] = {"%msg0", VO_T_UD, 3, 3, 1},
    [21] = {"%scratchloc", VO_T_UQ, 1, 1, 0},
};
const vo_predef *vo_predef_get(uint32_t id) { return id >= 1 && id <= 21 ? &predef_tab[id] : NULL; }

static const char *const err_tab[VO_E_COUNT] = {
    "E_NONE", "E_TRUNCATED", "E_TRAILING", "E_OPCODE", "E_EXEC_SIZE", "E_MASK_CTRL",
    "E_PRED_ID", "E_PRED_RESERVED", "E_PRED_SIZE", "E_ELT_SIZE", "E_NUM_ELTS",
    "E_CHANNEL_MASK", "E_SIZE_CODE", "E_SCALE", "E_BLOCK_SIZE", "E_NUM_BLOCKS",
    "E_SURFACE", "E_OPERAND_CLASS", "E_MODIFIER", "E_REGION", "E_IMM_TYPE", "E_VAR_ID",
    "E_RESERVED_ID", "E_NULL_OPERAND", "E_OPERAND_TYPE", "E_RAW_ALIGN", "E_ADDR_ID",
    "E_COL_OFFSET", "E_PLATFORM", "E_READ_ONLY", "E_STATE", "E_STATE_CAP", "E_OOM", "E_JSON",
    /* issue 8: 34..41 */
    "E_IS_MODIFIED", "E_RESERVED_35", "E_RESERVED_36", "E_RESERVED_37", "E_RESERVED_38",
    "E_RESERVED_39", "E_RESERVED_40", "E_RESERVED_41",
    /* DWORD_ATOMIC: 42..49 */
    "E_ATOMIC_OP", "E_ATOMIC_WIDTH", "E_ATOMIC_SRC0", "E_ATOMIC_SRC1", "E_ATOMIC_TYPE",
    "E_RESERVED_47", "E_RESERVED_48", "E_RESERVED_49",
    /* address-space model of the state (issue 13): 50..52; 53..59 reserved */
    "E_REGION_OVERLAP", "E_REGION_RANGE", "E_TABLE_SURFACE", "E_RESERVED_53", "E_RESERVED_54",
    "E_RESERVED_55", "E_RESERVED_56", "E_RESERVED_57", "E_RESERVED_58", "E_RESERVED_59",
    /* LSC (issue 14): 60.. */
    "E_LSC_SFID", "E_LSC_FENCE_OP", "E_LSC_SCOPE", "E_LSC_SLM_FENCE",
    "E_LSC_SUBOP", "E_LSC_CACHE", "E_LSC_ADDR_TYPE", "E_LSC_ADDR_SIZE", "E_LSC_DATA_SIZE",
    "E_LSC_DATA_ORDER", "E_LSC_VECTOR", "E_LSC_CHMASK", "E_LSC_ADDR_SCALE", "E_LSC_ADDR_OFFSET",
    "E_LSC_SURFACE", "E_LSC_OPERAND", "E_LSC_PAYLOAD", "E_LSC_PITCH",
    /* SVM (issue 26): 78.. */
    "E_SVM_SUBOP", "E_SVM_PROPS", "E_SVM_ADDR",
    /* block2d (issue 27): 81.. */
    "E_B2D_SHAPE", "E_B2D_OPERAND",
    /* typed (issue 28): 83.. */
    "E_TYPED_SURFACE", "E_TYPED_COORD", "E_TYPED_VERSION",
    "E_RESERVED_86", "E_RESERVED_87",
    /* MEDIA_LD / MEDIA_ST (issue 27): 88.. */
    "E_MEDIA_SHAPE", "E_MEDIA_SURFACE", "E_RESERVED_90", "E_RESERVED_91", "E_TGM2D_DROPPED",
};
const char *vo_errcode_name(vo_errcode c) { return (unsigned)c < VO_E_COUNT ? err_tab[c] : "E_UNKNOWN"; }

static const char *const tag_tab[VO_TAG_COUNT] = {
    "oob_read", "oob_write", "partial_oob", "ub_overlap", "misaligned", "not_in_doc",
    "slm_oob", "wrap", "nomask", "pred", "pred_any", "pred_all", "pred_invert",
    "upper_bytes", "padding", "non_scalar_region", "indirect", "no_lanes", "raw_past_var",
    "visa30_mask", "doc_vs_reader:5", "doc_vs_reader:7", "doc_vs_reader:3",
    "doc_vs_reader:10", "doc_vs_reader:11", "doc_vs_reader:12", "doc_vs_reader:20",
    "doc_vs_reader:25", "doc_vs_reader:26", "doc_vs_reader:1", "doc_vs_reader:28",
    "doc_vs_reader:34",
    /* issue 8 */
    "doc_vs_reader:21", "unaligned_dword_units", "is_modified",
    /* DWORD_ATOMIC */
    "atomic_collision", "doc_vs_reader:17", "doc_vs_reader:18", "doc_vs_reader:27",
    /* LSC (issue 14) */
    "lsc:fence_exec_pred", "lsc:code_only_enum", "lsc:slm_fence",
    "lsc:ssidx_layout", "lsc:cache_table", "lsc:slm_cache", "lsc:addr_scale", "lsc:ssidx_ignored",
    "lsc:ugml_platform", "lsc:not_executed",
    /* LSC loads/stores (D121-) */
    "lsc:addr_wrap", "lsc:strided_pseudocode", "lsc:flat_unmapped", "lsc:unbound", "lsc:arg",
    "lsc:surface_oob", "lsc:conv_upper", "lsc:d16u32h", "lsc:prefetch", "lsc:store_uncompressed",
    "lsc:load_status", "lsc:apndctr",
    /* LSC atomics (D136-) */
    "lsc_atomic:float",
    /* legacy FENCE (issue 26) */
    "fence:ignored_bits", "lsc:no_ssidx_layout",
    "block2d:hw_shape", "block2d:surface_preconditions",
    /* typed (issue 28) */
    "typed:pred_text",
    "media:edge_replicate", "media:out_of_scope", "media:undefined",
    "lsc_typed:block2d_reader_layout", "lsc_typed:block2d_x_bytes", "lsc_typed:block2d_oob", "lsc_typed:block2d_undefined",
    "lsc:read_state_info", "typed:pre32_layout",
    "typed:coord_d",
};
_Static_assert(VO_TAG_COUNT <= 64 * VO_TAG_WORDS, "vo_result.tags holds 64 * VO_TAG_WORDS tags");
_Static_assert(VO_C_COUNT <= 64 * sizeof ((vo_result *)0)->clauses / sizeof(uint64_t), "vo_result.clauses is too small");
const char *vo_tag_name(unsigned tag) { return tag < VO_TAG_COUNT ? tag_tab[tag] : NULL; }

static const char *const clause_tab[VO_C_COUNT] = {
#define VO_X_STR(e, s) s,
    VO_CLAUSES(VO_X_STR)
#undef VO_X_STR
};
const char *vo_clause_name(unsigned c) { return c < VO_C_COUNT ? clause_tab[c] : NULL; }

const char *vo_status_name(vo_status s)
{
    switch (s) {
    case VO_OK: return "ok";
    case VO_INVALID: return "invalid";
    case VO_UNDEFINED: return "undefined";
    }
    return "?";
}
