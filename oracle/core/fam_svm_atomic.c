/* SVM_ATOMIC (0x4E sub-op 0x05, issue 26), decisions D264-D271
 * (docs/decisions.md). Bytes (SVM_ATOMIC page; Intel's reader):
 *   4e 05 exec ub; pred uw; op ub; addresses R (UQ); src0 R; src1 R; dst R
 * (IGC's text prints them `addresses dst src0 src1`, D270). Op bits 4..0 are
 * DWORD_ATOMIC's codes (atomic_ops.c), bits 6..5 the width: 00 32-bit, 01
 * 16-bit, 10 64-bit (TGLLP+, D265). Each enabled lane i reads the 2-, 4- or
 * 8-byte element at the flat address Addresses[i] (D169's flat memory),
 * writes op(old, src0[i], src1[i]) back and returns the old value (PREDEC:
 * the new one) into its dst slot: a dword per lane for 16/32-bit (16-bit in
 * the low half, the upper half free, as D54), a qword for 64-bit (D267).
 *
 * Lanes on one address are serialized in an order the page leaves open: the
 * final state shows ascending-lane order and a `serializable` freedom entry
 * lets a checker accept every other order (D268, as D46). Float results the
 * page leaves open are `one_of` candidate sets (as D51). An element outside
 * every region, or one that runs past 2^64, makes the case undefined (D269,
 * as D169); a misaligned element too (D269, as D53). */
#include "engine.h"
#include "atomic_ops.h"
#include <string.h>

static const vo_mem_rules rules_svm_atomic = {
    VO_C_SVM_AT_MISALIGNED, VO_C_OVERLAP, VO_C_SVM_AT_DISABLED, VO_C_GATHER_UPPER,
    VO_C_SVM_AT_UNMAPPED, VO_C_SVM_AT_UNMAPPED, VO_C_SVM_AT_UNMAPPED,
    VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_LSC_FLAT_UNMAPPED, VO_TAG_UPPER_BYTES,
};

/* memory bytes per lane (D265) and register bytes per lane (D267) */
static unsigned width_of(const vo_ctx *x)
{
    unsigned b = (x->in->val[VO_R_ATOMIC_OP] >> 5) & 3;
    return b == 1 ? 2u : b == 2 ? 8u : 4u;
}
static unsigned slot_of(const vo_ctx *x) { return width_of(x) == 8 ? 8u : 4u; }
static uint32_t eoff_bytes(const vo_ctx *x) { return 8u * x->c.exec_size; }
static uint32_t data_bytes(const vo_ctx *x) { return slot_of(x) * x->c.exec_size; }

static uint64_t rd_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}
static void wr_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* the op byte (D265, D266; op codes and names as DWORD_ATOMIC, D48, D52) */
static int check_op(vo_ctx *x)
{
    uint32_t v = x->in->val[VO_R_ATOMIC_OP];
    unsigned code = v & 0x1F, wb = (v >> 5) & 3;
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    if (!ai) return vo_invalid(x, VO_E_ATOMIC_OP, VO_R_ATOMIC_OP, "atomic op code 0x%02x is not defined", code);
    if (ai->not_in_doc && (x->readings >> VO_RD_D266 & 1)) /* D266 reading B: fadd/fsub are not on the page */
        return vo_invalid(x, VO_E_ATOMIC_OP, VO_R_ATOMIC_OP, "%s is not on the SVM_ATOMIC page (D266 reading B)", ai->name);
    if ((v & 0x80) || wb == 3) /* D265 */
        return vo_invalid(x, VO_E_ATOMIC_WIDTH, VO_R_ATOMIC_OP,
                          "width bits 7..5 = %u (only 0: 32-bit, 1: 16-bit, 2: 64-bit; D265)", v >> 5);
    if (wb && x->st->platform.gen < VO_GEN_TGLLP) /* D265: the page's {TGLLP+} */
        return vo_invalid(x, VO_E_PLATFORM, VO_R_ATOMIC_OP, "%s-bit SVM atomics need TGLLP or later (D265)",
                          wb == 1 ? "16" : "64");
    if (ai->xehp && x->st->platform.gen < VO_GEN_XEHP_SDV) /* D48 */
        return vo_invalid(x, VO_E_PLATFORM, VO_R_ATOMIC_OP, "%s needs %s or later", ai->name, vo_gen_name(VO_GEN_XEHP_SDV));
    if (ai->is_float && wb == 2) /* D266 */
        return vo_invalid(x, VO_E_ATOMIC_WIDTH, VO_R_ATOMIC_OP, "%s has no 64-bit form (float operands are F; D266)",
                          ai->name);
    if (ai->not_in_doc || code == 0x0B || code == 0x0C || code == 0x0D) vo_tag(x->r, VO_TAG_DVR_ATOMIC_NAMES); /* D52 */
    if (ai->not_in_doc) vo_tag(x->r, VO_TAG_NOT_IN_DOC);
    return 0;
}

/* a raw operand (addresses, src0, src1, dst): declared, GRF- and element-aligned (D15) */
static int raw_var(vo_ctx *x, unsigned role, const vo_raw *rw, vo_var **var)
{
    *var = NULL;
    if (rw->id >= 22 && rw->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, role, "variable id %u is reserved", rw->id);
    vo_var *v = vo_state_var(x->st, rw->id);
    if (!v) return vo_invalid(x, VO_E_VAR_ID, role, "variable V%u is not declared", rw->id);
    const vo_predef *pd = vo_predef_get(rw->id);
    if (role == VO_R_DATA && pd && pd->read_only) return vo_invalid(x, VO_E_READ_ONLY, role, "%s is read-only", pd->name);
    if (v->size >= x->grf && rw->offset % x->grf)
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not GRF-aligned (%u bytes)", rw->offset, x->grf);
    if (rw->offset % vo_type_size(v->type))
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not a multiple of the element size", rw->offset);
    *var = v;
    return 0;
}

/* src0 / src1 / dst: presence by op (D49's rules), then the type (D267) */
static int check_operand(vo_ctx *x, unsigned role, const vo_raw *rw, vo_var **var)
{
    const vo_atomic_info *ai = vo_atomic_info_of(x->in->val[VO_R_ATOMIC_OP] & 0x1F);
    unsigned w = width_of(x);
    *var = NULL;
    if (role == VO_R_SRC0 || role == VO_R_SRC1) {
        int want = role == VO_R_SRC0 ? ai->nsrc >= 1 : ai->nsrc >= 2;
        vo_errcode ec = role == VO_R_SRC0 ? VO_E_ATOMIC_SRC0 : VO_E_ATOMIC_SRC1;
        const char *nm = role == VO_R_SRC0 ? "src0" : "src1";
        if (!want) {
            if (rw->id != 0 || rw->offset != 0) return vo_invalid(x, ec, role, "%s must be %%null.0 for %s", nm, ai->name);
            return 0;
        }
        if (rw->id == 0) return vo_invalid(x, ec, role, "%s is required for %s", nm, ai->name);
    } else if (rw->id == 0) { /* dst %null: nothing returned (the page) */
        if (rw->offset) return vo_invalid(x, VO_E_NULL_OPERAND, role, "%%null dst with offset %u", rw->offset);
        vo_clause(x->r, VO_C_SVM_AT_NULL_DST);
        return 0;
    }
    if (raw_var(x, role, rw, var) != 0) return -1;
    unsigned t = (*var)->type;
    int ok, strict;
    if (ai->type_rule == VO_AT_F) {
        ok = strict = t == VO_T_F;
    } else if (w == 8) {
        ok = t == VO_T_UQ || t == VO_T_Q;
        strict = t == (ai->type_rule == VO_AT_D ? VO_T_Q : VO_T_UQ);
    } else {
        ok = t == VO_T_UD || t == VO_T_D;
        strict = t == (ai->type_rule == VO_AT_D ? VO_T_D : VO_T_UD);
    }
    if (!ok)
        return vo_invalid(x, VO_E_ATOMIC_TYPE, role, "V%u is %s; %s%s operands must be %s (D267)", (*var)->id,
                          vo_type_name(t), ai->name, w == 8 ? ".64" : w == 2 ? ".16" : "",
                          ai->type_rule == VO_AT_F ? "F" : w == 8 ? "UQ or Q" : "UD or D");
    if (!strict && (x->readings >> VO_RD_D267 & 1)) /* D267 reading B: the page's type only */
        return vo_invalid(x, VO_E_ATOMIC_TYPE, role, "V%u is %s, not the page's type for %s (D267 reading B)",
                          (*var)->id, vo_type_name(t), ai->name);
    if (!strict) { /* D267: the page's type for the op is the other signedness */
        vo_tag(x->r, VO_TAG_DVR_ATOMIC_TYPES);
        vo_clause(x->r, VO_C_SVM_AT_TYPES);
    }
    const vo_var *others[2] = { role == VO_R_SRC0 ? NULL : x->src0_var, role == VO_R_DATA ? x->src1_var : NULL };
    for (unsigned k = 0; k < 2; k++)
        if (others[k] && others[k]->type != t) { /* D267: IGC mixes UQ and Q (page: one type) */
            vo_tag(x->r, VO_TAG_DVR_ATOMIC_TYPES);
            vo_clause(x->r, VO_C_SVM_AT_TYPES);
        }
    return 0;
}

static int validate(vo_ctx *x)
{
    const vo_insn *in = x->in;
    if (vo_check_exec(x, VO_R_EXEC) != 0 || vo_check_pred(x) != 0) return -1; /* D264 */
    if (check_op(x) != 0) return -1;
    if (in->eoff.id == 0) return vo_invalid(x, VO_E_NULL_OPERAND, VO_R_EOFF, "%%null as the addresses");
    if (raw_var(x, VO_R_EOFF, &in->eoff, &x->eoff_var) != 0) return -1;
    if (x->eoff_var->type != VO_T_UQ) /* the page: "Must have type UQ" */
        return vo_invalid(x, VO_E_OPERAND_TYPE, VO_R_EOFF, "the addresses must be UQ, V%u is %s", x->eoff_var->id,
                          vo_type_name(x->eoff_var->type));
    x->eoff_off = in->eoff.offset;
    if (check_operand(x, VO_R_SRC0, &in->src0, &x->src0_var) != 0) return -1;
    x->src0_off = in->src0.offset;
    if (check_operand(x, VO_R_SRC1, &in->src1, &x->src1_var) != 0) return -1;
    x->src1_off = in->src1.offset;
    if (check_operand(x, VO_R_DATA, &in->data, &x->data_var) != 0) return -1;
    x->data_off = in->data.offset;
    x->flat = 1; /* D169 */
    x->oob = VO_OOB_CASE;
    x->surf_index = VO_ACC_FLAT;
    x->mr = &rules_svm_atomic;
    return 0;
}

/* D268: each enabled lane's element, read before anything is written (D95) */
static void plan(vo_ctx *x)
{
    unsigned w = width_of(x), b = slot_of(x);
    for (uint32_t i = 0; i < x->c.exec_size; i++) {
        if (!(x->chen >> i & 1)) continue;
        uint64_t a = rd_le(x->eoff_var->data + x->eoff_off + 8 * i, 8);
        vo_plan_add(x, (uint8_t)i, 0, 0, a, (uint8_t)w, (uint8_t)w, (uint8_t)b, x->data_off + b * i,
                    w == 2 ? VO_C_SVM_AT_W16 : w == 8 ? VO_C_SVM_AT_W64 : VO_C_SVM_AT_W32, 1);
    }
}

static void ret_slot(vo_ctx *x, uint32_t off, uint64_t v, unsigned w)
{
    if (!x->data_var) return;
    wr_le(x->data_var->data + off, v, w);
    if (w == 2) { /* D267 (as D54): the upper half of a 16-bit return dword is undefined */
        vo_tag(x->r, VO_TAG_UPPER_BYTES);
        vo_free_var_undefined(x, off + 2, 2, VO_C_SVM_AT_RET16_UPPER);
    }
}

/* the region ordinal and offset of a w-byte element (0: it spans regions) */
static int locate(const vo_ctx *x, uint64_t addr, unsigned w, uint32_t *index, uint64_t *off)
{
    const vo_region *rg = vo_state_region(x->st, addr);
    if (!rg || addr - rg->base + w > rg->mem.size) return 0;
    *index = (uint32_t)(rg - x->st->regions);
    *off = addr - rg->base;
    return 1;
}

static int run(vo_ctx *x)
{
    vo_result *r = x->r;
    unsigned code = x->in->val[VO_R_ATOMIC_OP] & 0x1F, w = width_of(x), b = slot_of(x), es = x->c.exec_size;
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    if (!ai) return 1; /* the validator admits none */
    if (code == 0x0D && (x->readings >> VO_RD_D271 & 1)) code = 0x03; /* D271 reading B: PREDEC returns the old value: DEC */
    x->is_write = 2;
    /* D14: src0 / src1 hold a slot for every lane */
    if ((x->src0_var && (uint64_t)x->src0_off + (uint64_t)es * b > x->src0_var->size) ||
        (x->src1_var && (uint64_t)x->src1_off + (uint64_t)es * b > x->src1_var->size)) {
        vo_tag(r, VO_TAG_RAW_PAST_VAR);
        vo_clause(r, VO_C_RAW_PAST_VAR);
        return 1;
    }
    /* sources are read before dst is written (dst may alias them); 16-bit: the slot's low half */
    uint64_t s0[8] = { 0 }, s1[8] = { 0 };
    for (uint32_t i = 0; i < es && i < 8; i++) {
        if (x->src0_var) s0[i] = rd_le(x->src0_var->data + x->src0_off + b * i, w);
        if (x->src1_var) s1[i] = rd_le(x->src1_var->data + x->src1_off + b * i, w);
    }
    vo_clause(r, ai->clause);
    vo_clause(r, w == 2 ? VO_C_SVM_AT_W16 : w == 8 ? VO_C_SVM_AT_W64 : VO_C_SVM_AT_W32);
    if (x->data_var) vo_clause(r, VO_C_SVM_AT_RET);
    if (ai->is_float) vo_tag(r, VO_TAG_DVR_FLOAT_ATOMIC);

    /* pass 1: a misaligned or unmapped element makes the whole case undefined (D269) */
    uint8_t outcome[VO_MAX_PLAN];
    int undefined = 0;
    for (uint32_t k = 0; k < x->nplan; k++) {
        const vo_plan *p = &x->plan[k];
        outcome[k] = VO_ACC_DONE;
        if (p->addr % w) {
            vo_tag(r, VO_TAG_MISALIGNED);
            vo_clause(r, VO_C_SVM_AT_MISALIGNED);
            outcome[k] = VO_ACC_MISALIGNED;
            undefined = 1;
        } else if (vo_mem_oob(x, p->addr, w)) { /* D269; an aligned element never runs past 2^64 */
            vo_tag(r, VO_TAG_LSC_FLAT_UNMAPPED);
            vo_clause(r, VO_C_SVM_AT_UNMAPPED);
            outcome[k] = VO_ACC_OOB;
            undefined = 1;
        }
    }
    if (undefined) {
        for (uint32_t k = 0; k < x->nplan; k++) vo_acc_push(x, &x->plan[k], outcome[k]);
        return 1;
    }

    /* pass 2: groups of lanes on one address, each serialized in ascending lane order (D268) */
    uint8_t done[VO_MAX_PLAN] = { 0 };
    for (uint32_t k = 0; k < x->nplan; k++) {
        const vo_plan *p = &x->plan[k];
        if (done[k]) continue;
        uint32_t g[VO_MAX_PLAN], n = 0;
        for (uint32_t j = k; j < x->nplan; j++)
            if (!done[j] && x->plan[j].addr == p->addr) { g[n++] = j; done[j] = 1; }
        uint8_t buf[8];
        vo_mem_read(x, p->addr, w, buf);
        uint64_t cur = rd_le(buf, w), initial = cur, cand[VO_AT_MAXCAND];
        unsigned ncand = 1;
        for (uint32_t t = 0; t < n; t++) {
            const vo_plan *q = &x->plan[g[t]];
            ncand = vo_atomic_apply64(code, w, cur, s0[q->lane], s1[q->lane], cand);
            ret_slot(x, q->reg_off, vo_atomic_ret64(code, cur, cand[0]), w);
            cur = cand[0];
            vo_acc_push(x, q, VO_ACC_DONE);
        }
        wr_le(buf, cur, w);
        if (vo_mem_write(x, p->addr, w, buf) < 0) return -1;
        if (n == 1 && ncand > 1) { /* as D51: an open float result */
            uint8_t vals[VO_AT_MAXCAND * 8];
            for (unsigned c = 0; c < ncand; c++) wr_le(vals + c * w, cand[c], w);
            if (vo_mem_free(x, p->addr, w, VO_FREE_ONE_OF, VO_C_SVM_AT_FLOAT_OPEN, vals, (uint8_t)ncand) != 0) return -1;
            vo_clause(r, VO_C_SVM_AT_FLOAT_OPEN);
        }
        if (n < 2) continue;
        vo_tag(r, VO_TAG_ATOMIC_COLLISION);
        if (ai->order_free && !x->data_var) continue; /* D268 (as D46): nothing left open */
        vo_clause(r, VO_C_SVM_AT_SERIAL);
        uint32_t index;
        uint64_t off;
        if (!locate(x, p->addr, w, &index, &off)) { /* as D138: across two regions: free instead */
            if (vo_mem_free(x, p->addr, w, VO_FREE_UNDEFINED, VO_C_SVM_AT_SERIAL, NULL, 0) != 0) return -1;
            for (uint32_t t = 0; t < n && x->data_var; t++)
                vo_free_var_undefined(x, x->plan[g[t]].reg_off, w, VO_C_SVM_AT_SERIAL);
            continue;
        }
        vo_free *f = vo_free_serializable(x, VO_SPACE_FLAT, index, off, w, VO_C_SVM_AT_SERIAL, code, initial, x->plan, g, n);
        if (!f) return -1;
        for (uint32_t t = 0; t < n; t++) {
            f->lanes[t].src0 = s0[f->lanes[t].lane];
            f->lanes[t].src1 = s1[f->lanes[t].lane];
        }
    }
    if (x->data_var) {
        if (x->chen != ((1u << es) - 1)) vo_clause(r, VO_C_SVM_AT_DISABLED); /* D11: disabled lanes keep their slots */
        /* D267 (as D12): the return register is written whole */
        uint32_t end = x->data_off + b * es, grf_end = (end + x->grf - 1) / x->grf * x->grf;
        if (grf_end > end) {
            vo_tag(r, VO_TAG_PADDING);
            vo_free_var_undefined(x, end, grf_end - end, VO_C_SVM_AT_PADDING);
        }
    }
    return 0;
}

/* D345: fadd/fsub (D266), a relaxed operand type (D267), predec's return (D271) */
static uint32_t readings(const vo_insn *in, const vo_state *st, const vo_result *a)
{
    (void)st;
    unsigned op = in->val[VO_R_ATOMIC_OP] & 0x1F;
    uint32_t m = 0;
    if (op == 0x13 || op == 0x14) m |= 1u << VO_RD_D266;
    if (a->clauses[VO_C_SVM_AT_TYPES / 64] >> (VO_C_SVM_AT_TYPES % 64) & 1) m |= 1u << VO_RD_D267;
    else if (op == 0x0D && in->data.id && a->status != VO_INVALID) m |= 1u << VO_RD_D271; /* (B of D267 rejects) */
    return m;
}

const vo_family_ops vo_fam_svm_atomic = {
    .readings = readings,
    .eoff_bytes = eoff_bytes,
    .data_bytes = data_bytes,
    .plan = plan,
    .run = run,
    .validate = validate,
};
