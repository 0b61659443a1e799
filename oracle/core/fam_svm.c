/* SVM (0x4E, issue 26): shared-virtual-memory accesses at 64-bit flat
 * addresses over the state's flat regions. Bytes (SVM pages; Intel's reader):
 *   4e 01 properties ub; address V (scalar UQ); dst R      SVM_BLOCK_LD
 *   4e 02 properties ub; address V (scalar UQ); src R      SVM_BLOCK_ST
 *   4e 03 exec ub; pred uw; block_size ub; num_blocks ub; addresses R (UQ); dst R   SVM_GATHER
 *   4e 04 exec ub; pred uw; block_size ub; num_blocks ub; addresses R (UQ); src R   SVM_SCATTER
 * Properties: bits 2..0 oword count code (1/2/4/8, D165); bit 3 the load's
 * dword-aligned form (D166; ignored on a store, D167); bit 7 the builder's
 * unaligned flag, ignored (D166); bits 6..4 invalid (D165).
 * No mask, no predicate (D174). Oword j lies at (address + 16 j) mod 2^64
 * (D171); a byte outside every region makes the case undefined (D169);
 * a misaligned oword is undefined (D170).
 * Gather/scatter: block size code 0/1/2 = 1/4/8 bytes (D175), SIMD1..16
 * (D176), 1/2/4/8 blocks (D177); block j of lane i at (Addresses[i] + j * size)
 * mod 2^64, aligned to the block size (D178); 4- and 8-byte blocks
 * block-major, bytes packed per lane in a dword (a qword for 8) (D179). */
#include "fam_svm.h"

/* D169: the flat memory's clauses (overlap, disabled lanes and upper bytes
 * cannot occur for a block access: the legacy clauses stand in) */
const vo_mem_rules vo_svm_rules = {
    VO_C_SVM_MISALIGNED, VO_C_OVERLAP, VO_C_GATHER_DISABLED, VO_C_GATHER_UPPER,
    VO_C_SVM_UNMAPPED, VO_C_SVM_UNMAPPED, VO_C_SVM_UNMAPPED,
    VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_UPPER_BYTES,
};

/* the scalar UQ address (D168): a general variable or a UQ immediate */
int vo_svm_addr(vo_ctx *x)
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
int vo_svm_raw(vo_ctx *x, unsigned role, const vo_raw *rw, vo_var **var)
{
    *var = NULL;
    if (rw->id == 0) return vo_invalid(x, VO_E_NULL_OPERAND, role, "%%null is not allowed here");
    if (rw->id >= 22 && rw->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, role, "variable id %u is reserved", rw->id);
    vo_var *v = vo_state_var(x->st, rw->id);
    if (!v) return vo_invalid(x, VO_E_VAR_ID, role, "variable V%u is not declared", rw->id);
    const vo_predef *pd = vo_predef_get(rw->id);
    if (role == VO_R_DATA && !x->is_write && pd && pd->read_only) return vo_invalid(x, VO_E_READ_ONLY, role, "%s is read-only", pd->name);
    if (v->size >= x->grf && rw->offset % x->grf)
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not GRF-aligned (%u bytes)", rw->offset, x->grf);
    if (rw->offset % vo_type_size(v->type))
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not a multiple of the element size", rw->offset);
    *var = v;
    return 0;
}

/* the flat address space of every SVM sub-op (D169) */
static void svm_flat(vo_ctx *x)
{
    x->flat = 1;
    x->oob = VO_OOB_CASE;
    x->surf_index = VO_ACC_FLAT;
    x->mr = &vo_svm_rules;
}

int vo_svm_lane_operands(vo_ctx *x, const char *what)
{
    const vo_insn *in = x->in;
    if (vo_svm_raw(x, VO_R_EOFF, &in->eoff, &x->eoff_var) != 0) return -1;
    if (x->eoff_var->type != VO_T_UQ) /* D178, D275 */
        return vo_invalid(x, VO_E_OPERAND_TYPE, VO_R_EOFF, "the %s must be UQ, V%u is %s", what, x->eoff_var->id,
                          vo_type_name(x->eoff_var->type));
    x->eoff_off = in->eoff.offset;
    if (vo_svm_raw(x, VO_R_DATA, &in->data, &x->data_var) != 0) return -1;
    x->data_off = in->data.offset;
    svm_flat(x);
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

static int gs_validate(vo_ctx *x);
static int svm_validate(vo_ctx *x)
{
    if (x->d->subop >= 6) return vo_svm4_validate(x); /* fam_svm4.c */
    if (x->d->subop >= 3) return gs_validate(x);
    if (block_props(x) != 0) return -1;
    int a = vo_svm_addr(x);
    if (a < 0) return -1;
    if (vo_svm_raw(x, VO_R_DATA, &x->in->data, &x->data_var) != 0) return -1;
    x->data_off = x->in->data.offset;
    svm_flat(x);
    return a;
}

/* ---- SVM_GATHER / SVM_SCATTER ---- */
static uint32_t gs_bsize(const vo_ctx *x) { return x->in->val[VO_R_BLOCK_SIZE] == 0 ? 1 : 4u * x->in->val[VO_R_BLOCK_SIZE]; }
static uint32_t gs_nblocks(const vo_ctx *x) { return 1u << (x->in->val[VO_R_NUM_BLOCKS] & 3); }
/* D179: a lane's bytes sit in a dword slot (a qword for 8 blocks) */
static uint32_t gs_slot(const vo_ctx *x) { return gs_nblocks(x) < 4 ? 4 : gs_nblocks(x); }

static int gs_validate(vo_ctx *x)
{
    const vo_insn *in = x->in;
    if (vo_check_exec(x, VO_R_EXEC) != 0 || vo_check_pred(x) != 0) return -1; /* D176 */
    uint32_t bs = in->val[VO_R_BLOCK_SIZE], nb = in->val[VO_R_NUM_BLOCKS], es = x->c.exec_size;
    if (bs > 2) /* D175: the reader's codes (SVM_SCATTER page); SVM_GATHER page's 0b11 not followed */
        return vo_invalid(x, VO_E_BLOCK_SIZE, VO_R_BLOCK_SIZE, "block_size 0x%02x (only 0, 1, 2: 1, 4, 8 bytes; D175)", bs);
    if (bs == 2 && !x->is_write) vo_tag(x->r, VO_TAG_NOT_IN_DOC); /* D175: SVM_GATHER page lists 0b11 */
    if (nb > 3) return vo_invalid(x, VO_E_NUM_BLOCKS, VO_R_NUM_BLOCKS, "num_blocks 0x%02x (only 0..3: 1, 2, 4, 8; D177)", nb);
    if (nb && es < 8) /* D177: the page's note */
        return vo_invalid(x, VO_E_NUM_BLOCKS, VO_R_NUM_BLOCKS, "%u blocks need exec size 8 or 16, is %u (D177)", 1u << nb, es);
    if (nb == 3 && !(bs == 0 || (bs == 1 && es == 8))) /* D177 */
        return vo_invalid(x, VO_E_NUM_BLOCKS, VO_R_NUM_BLOCKS, "8 blocks only of 1 byte, or of 4 bytes at exec size 8 (D177)");
    if (vo_svm_lane_operands(x, "addresses") != 0) return -1;
    if (vo_type_size(x->data_var->type) != gs_bsize(x)) vo_tag(x->r, VO_TAG_NOT_IN_DOC); /* D180 */
    return 0;
}

static uint32_t gs_eoff_bytes(const vo_ctx *x) { return 8u * x->c.exec_size; }
static uint32_t gs_data_bytes(const vo_ctx *x)
{
    return x->c.exec_size * (gs_bsize(x) == 1 ? gs_slot(x) : gs_bsize(x) * gs_nblocks(x));
}

static void gs_plan(vo_ctx *x)
{
    static const uint8_t cn[4] = { VO_C_SVM_GS_N1, VO_C_SVM_GS_N2, VO_C_SVM_GS_N4, VO_C_SVM_GS_N8 };
    uint32_t bs = gs_bsize(x), nb = gs_nblocks(x), es = x->c.exec_size, slot = gs_slot(x);
    vo_clause(x->r, bs == 1 ? VO_C_SVM_GS_B1 : bs == 4 ? VO_C_SVM_GS_B4 : VO_C_SVM_GS_B8);
    vo_clause(x->r, cn[x->in->val[VO_R_NUM_BLOCKS] & 3]);
    for (uint32_t i = 0; i < es; i++) {
        if (!(x->chen >> i & 1)) continue;
        const uint8_t *ap = x->eoff_var->data + x->eoff_off + 8 * i;
        uint64_t a = (uint64_t)vo_rd32(ap) | (uint64_t)vo_rd32(ap + 4) << 32;
        for (uint32_t j = 0; j < nb; j++) {
            uint64_t b = a + (uint64_t)j * bs; /* D178: mod 2^64 */
            if (b < a) {
                vo_tag(x->r, VO_TAG_WRAP);
                vo_clause(x->r, VO_C_SVM_WRAP);
            }
            if (bs == 1) /* D179: byte j of lane i's slot; the last block's slot runs to the slot's end (D13) */
                vo_plan_add(x, (uint8_t)i, 0, (uint8_t)j, b, 1, 1, (uint8_t)(j + 1 == nb ? slot - j : 1),
                            x->data_off + slot * i + j, VO_C_SVM_GS_BYTES, 1);
            else /* D179: block-major */
                vo_plan_add(x, (uint8_t)i, 0, (uint8_t)j, b, (uint8_t)bs, (uint8_t)bs, (uint8_t)bs,
                            x->data_off + bs * (j * es + i), VO_C_SVM_GS_BLOCKS, 1);
        }
    }
}

/* D181 (as D173): the bytes after the last lane's data up to the end of its GRF */
static void gs_padding(vo_ctx *x) { vo_free_grf_tail(x, x->data_off + gs_data_bytes(x)); }

/* ---- SVM_BLOCK_LD / SVM_BLOCK_ST ---- */
static uint32_t owords(const vo_ctx *x) { return 1u << (x->in->val[VO_R_OWORD_SIZE] & 3); }
static uint32_t eoff_bytes(const vo_ctx *x) { return x->d->subop >= 6 ? vo_svm4_eoff_bytes(x) : x->d->subop >= 3 ? gs_eoff_bytes(x) : 0; }
static uint32_t data_bytes(const vo_ctx *x) { return x->d->subop >= 6 ? vo_svm4_data_bytes(x) : x->d->subop >= 3 ? gs_data_bytes(x) : 16 * owords(x); }

static void plan(vo_ctx *x)
{
    if (x->d->subop >= 6) {
        vo_svm4_plan(x);
        return;
    }
    if (x->d->subop >= 3) {
        gs_plan(x);
        return;
    }
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
static void padding(vo_ctx *x)
{
    if (x->d->subop >= 6) vo_4ch_padding(x); /* D277 */
    else if (x->d->subop >= 3) gs_padding(x);
    else vo_free_grf_tail(x, x->data_off + data_bytes(x));
}

const vo_family_ops vo_fam_svm = {
    .eoff_bytes = eoff_bytes,
    .data_bytes = data_bytes,
    .plan = plan,
    .padding = padding,
    .validate = svm_validate,
};
