/* SVM (0x4E, issue 26): shared-virtual-memory accesses at 64-bit flat
 * addresses over the state's flat regions. Bytes (SVM pages; Intel's reader):
 *   4e 01 properties ub; address V (scalar UQ); dst R      SVM_BLOCK_LD
 *   4e 02 properties ub; address V (scalar UQ); src R      SVM_BLOCK_ST
 * Properties: bits 2..0 oword count code (1/2/4/8, D165); bit 3 the load's
 * dword-aligned form (D166; ignored on a store, D167); bit 7 the builder's
 * unaligned flag, ignored (D166); bits 6..4 invalid (D165).
 * No mask, no predicate (D174). Oword j lies at (address + 16 j) mod 2^64
 * (D171); a byte outside every region makes the case undefined (D169);
 * a misaligned oword is undefined (D170). */
#include "engine.h"

/* D169: the flat memory's clauses (overlap, disabled lanes and upper bytes
 * cannot occur for a block access: the legacy clauses stand in) */
static const vo_mem_rules rules_svm = {
    VO_C_SVM_MISALIGNED, VO_C_OVERLAP, VO_C_GATHER_DISABLED, VO_C_GATHER_UPPER,
    VO_C_SVM_UNMAPPED, VO_C_SVM_UNMAPPED, VO_C_SVM_UNMAPPED,
    VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_UPPER_BYTES,
};

/* the scalar UQ address (D168): a general variable or a UQ immediate */
static int svm_addr(vo_ctx *x)
{
    const vo_vec *v = &x->in->goff;
    const unsigned R = VO_R_GOFF;
    if (v->cls != 0 && v->cls != 5)
        return vo_invalid(x, VO_E_SVM_ADDR, R, "operand class %u: the address is a general variable or an immediate (D168)",
                          v->cls);
    if (v->mod) return vo_invalid(x, VO_E_SVM_ADDR, R, "modifier %u on the address", v->mod);
    if (v->tag_hi) return vo_invalid(x, VO_E_SVM_ADDR, R, "unused tag bits 7..6 set");
    if (v->cls == 5) {
        if (v->type_byte != VO_T_UQ)
            return vo_invalid(x, VO_E_SVM_ADDR, R, "immediate type byte 0x%02x; the address must be UQ", v->type_byte);
        x->addr64 = v->imm;
        vo_clause(x->r, VO_C_SVM_ADDR_IMM);
        return 0;
    }
    if (!vo_region_ok(v->region)) return vo_invalid(x, VO_E_REGION, R, "region 0x%04x has an illegal nibble", v->region);
    if (v->id == 0) return vo_invalid(x, VO_E_NULL_OPERAND, R, "%%null as the address");
    if (v->id >= 22 && v->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, R, "variable id %u is reserved", v->id);
    const vo_var *var = vo_state_var(x->st, v->id);
    if (!var) return vo_invalid(x, VO_E_VAR_ID, R, "variable V%u is not declared", v->id);
    if (var->type != VO_T_UQ)
        return vo_invalid(x, VO_E_OPERAND_TYPE, R, "the address variable must be UQ, V%u is %s", v->id, vo_type_name(var->type));
    if ((unsigned)v->col * 8 >= x->grf) /* D24 in 8-byte units */
        return vo_invalid(x, VO_E_COL_OFFSET, R, "column %u crosses the GRF", v->col);
    if (v->region != 0x0121) vo_tag(x->r, VO_TAG_NON_SCALAR_REGION);
    uint64_t byte = (uint64_t)v->row * x->grf + (uint64_t)v->col * 8;
    vo_clause(x->r, VO_C_SVM_ADDR_GENERAL);
    if (byte + 8 > var->size) { /* D14 */
        vo_tag(x->r, VO_TAG_RAW_PAST_VAR);
        vo_clause(x->r, VO_C_RAW_PAST_VAR);
        return 1;
    }
    x->addr64 = (uint64_t)vo_rd32(var->data + byte) | (uint64_t)vo_rd32(var->data + byte + 4) << 32;
    return 0;
}

/* the data operand: a declared general variable of any type (D168; D15, D26) */
static int svm_raw(vo_ctx *x, unsigned role, const vo_raw *rw, vo_var **var)
{
    *var = NULL;
    if (rw->id == 0) return vo_invalid(x, VO_E_NULL_OPERAND, role, "%%null is not allowed here");
    if (rw->id >= 22 && rw->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, role, "variable id %u is reserved", rw->id);
    vo_var *v = vo_state_var(x->st, rw->id);
    if (!v) return vo_invalid(x, VO_E_VAR_ID, role, "variable V%u is not declared", rw->id);
    const vo_predef *pd = vo_predef_get(rw->id);
    if (!x->is_write && pd && pd->read_only) return vo_invalid(x, VO_E_READ_ONLY, role, "%s is read-only", pd->name);
    if (v->size >= x->grf && rw->offset % x->grf)
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not GRF-aligned (%u bytes)", rw->offset, x->grf);
    if (rw->offset % vo_type_size(v->type))
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not a multiple of the element size", rw->offset);
    *var = v;
    return 0;
}

static int block_props(vo_ctx *x)
{
    uint32_t p = x->in->val[VO_R_OWORD_SIZE];
    if ((p & 7) > 3) /* D165 */
        return vo_invalid(x, VO_E_SVM_PROPS, VO_R_OWORD_SIZE, "oword count code %u (only 0..3: 1, 2, 4, 8)", p & 7);
    if (p & 0x70) return vo_invalid(x, VO_E_SVM_PROPS, VO_R_OWORD_SIZE, "reserved bits 6..4 set (0x%02x)", p);
    if (p & 0x80) { /* D166: the builder's flag; the reader reads bit 3 */
        vo_tag(x->r, VO_TAG_NOT_IN_DOC);
        vo_clause(x->r, VO_C_SVM_BLK_BIT7);
    }
    if ((p & 8) && x->is_write) { /* D167 */
        vo_tag(x->r, VO_TAG_NOT_IN_DOC);
        vo_clause(x->r, VO_C_SVM_BLK_ST_BIT3);
    }
    return 0;
}

static int svm_validate(vo_ctx *x)
{
    if (block_props(x) != 0) return -1;
    int a = svm_addr(x);
    if (a < 0) return -1;
    if (svm_raw(x, VO_R_DATA, &x->in->data, &x->data_var) != 0) return -1;
    x->data_off = x->in->data.offset;
    x->flat = 1; /* D169 */
    x->oob = VO_OOB_CASE;
    x->surf_index = VO_ACC_FLAT;
    x->mr = &rules_svm;
    return a;
}

static uint32_t owords(const vo_ctx *x) { return 1u << (x->in->val[VO_R_OWORD_SIZE] & 3); }
static uint32_t no_eoff(const vo_ctx *x) { (void)x; return 0; }
static uint32_t data_bytes(const vo_ctx *x) { return 16 * owords(x); }

static void plan(vo_ctx *x)
{
    static const uint8_t cl[4] = { VO_C_SVM_BLK_N1, VO_C_SVM_BLK_N2, VO_C_SVM_BLK_N4, VO_C_SVM_BLK_N8 };
    uint32_t n = owords(x);
    int dword = !x->is_write && (x->in->val[VO_R_OWORD_SIZE] & 8); /* D166 */
    uint8_t clause = x->is_write ? VO_C_SVM_BLK_ST : dword ? VO_C_SVM_BLK_LD_UNALIGNED : VO_C_SVM_BLK_LD_ALIGNED;
    vo_clause(x->r, cl[x->in->val[VO_R_OWORD_SIZE] & 3]);
    for (uint32_t j = 0; j < n; j++) {
        uint64_t a = x->addr64 + 16ull * j; /* D171: mod 2^64 */
        if (a < x->addr64) {
            vo_tag(x->r, VO_TAG_WRAP);
            vo_clause(x->r, VO_C_SVM_WRAP);
        }
        vo_plan_add(x, 0, 0, (uint8_t)j, a, 16, dword ? 4 : 16, 16, x->data_off + 16 * j, clause, 1);
    }
}

/* D173 (as D37): a load's bytes after the 16*N it returns, up to the end of its last GRF */
static void padding(vo_ctx *x) { vo_free_grf_tail(x, x->data_off + data_bytes(x)); }

const vo_family_ops vo_fam_svm = {
    .eoff_bytes = no_eoff,
    .data_bytes = data_bytes,
    .plan = plan,
    .padding = padding,
    .validate = svm_validate,
};
