/* Validator: judges every field of a decoded instruction against the rules
 * (docs/encoding.md §1, §2, §7 and docs/decisions.md), in binary order so the
 * first error reported is the one at the lowest offset, then resolves the
 * operands against the state. */
#include "engine.h"
#include "atomic_ops.h"
#include "families.h"
#include <stdio.h>
#include <string.h>


/* resolves a raw operand; *var NULL for %null when allowed */
static int check_raw(vo_ctx *x, unsigned role, const vo_raw *rw, vo_var **var)
{
    int atomic = x->d->fields[0].role == VO_R_ATOMIC_OP; /* DWORD_ATOMIC, TYPED_ATOMIC */
    int is_dst = role == VO_R_DATA && (!x->d->is_write || atomic);
    *var = NULL;
    if (rw->id == 0) { /* decision D26 */
        if (is_dst && rw->offset == 0) { vo_clause(x->r, VO_C_NULL_DST); return 0; }
        return vo_invalid(x, VO_E_NULL_OPERAND, role, "%%null is not allowed here");
    }
    if (rw->id >= 22 && rw->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, role, "variable id %u is reserved", rw->id);
    vo_var *v = vo_state_var(x->st, rw->id);
    if (!v) return vo_invalid(x, VO_E_VAR_ID, role, "variable V%u is not declared", rw->id);
    const vo_predef *pd = vo_predef_get(rw->id);
    if (is_dst && pd && pd->read_only) return vo_invalid(x, VO_E_READ_ONLY, role, "%s is read-only", pd->name);
    /* decision D16: operand types as the doc states them */
    if (role == VO_R_EOFF && x->d->family == VO_FAM_TYPED) { /* U: D375 */
        if (vo_typed_coord_type(x, role, v, VO_E_OPERAND_TYPE) != 0) return -1;
    } else if (role == VO_R_EOFF && v->type != VO_T_UD && !vo_rd_b(x, VO_RD_D16)) /* D16 B: any type, read as UD */
        return vo_invalid(x, VO_E_OPERAND_TYPE, role, "element offsets must be UD, V%u is %s", v->id, vo_type_name(v->type));
    if (role == VO_R_DATA && x->d->data_types) { /* decision D41: QW data Q, UQ or DF (doc) */
        if (!(x->d->data_types >> v->type & 1) || (v->type == VO_T_Q && vo_rd_b(x, VO_RD_D41))) /* D41 B: DF, UQ */
            return vo_invalid(x, VO_E_OPERAND_TYPE, role, "data must be Q, UQ or DF, V%u is %s", v->id, vo_type_name(v->type));
        if (v->type == VO_T_Q) vo_tag(x->r, VO_TAG_DVR_QW);
    } else if (role == VO_R_DATA && x->d->family != VO_FAM_BLOCK && !atomic && v->type != VO_T_UD && v->type != VO_T_D &&
        v->type != VO_T_F && !vo_rd_b(x, VO_RD_D16)) /* D16 B: the verifier's, any type */
        return vo_invalid(x, VO_E_OPERAND_TYPE, role, "data must be UD, D or F, V%u is %s", v->id, vo_type_name(v->type));
    /* decision D15 */
    if (v->size >= x->grf && rw->offset % x->grf)
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not GRF-aligned (%u bytes)", rw->offset, x->grf);
    if (rw->offset % vo_type_size(v->type))
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not a multiple of the element size", rw->offset);
    *var = v;
    return 0;
}

/* global offset: returns 0 (x->goff set), -1 invalid, 1 undefined */
static int check_goff(vo_ctx *x)
{
    const vo_vec *v = &x->in->goff;
    const unsigned R = VO_R_GOFF;
    if (v->cls != 0 && v->cls != 3 && v->cls != 5) /* decision D23 */
        return vo_invalid(x, VO_E_OPERAND_CLASS, R, "operand class %u is not General, Indirect or Immediate", v->cls);
    if (v->mod) return vo_invalid(x, VO_E_MODIFIER, R, "modifier %u on a data-port offset", v->mod);
    if (v->tag_hi) return vo_invalid(x, VO_E_OPERAND_CLASS, R, "unused tag bits 7..6 set");
    if (v->cls == 5) {
        if (v->type_byte != VO_T_UD)
            return vo_invalid(x, VO_E_IMM_TYPE, R, "immediate type byte 0x%02x; the offset must be UD", v->type_byte);
        x->goff = (uint32_t)v->imm;
        vo_clause(x->r, VO_C_GOFF_IMM);
        return 0;
    }
    if (!vo_region_ok(v->region)) return vo_invalid(x, VO_E_REGION, R, "region 0x%04x has an illegal nibble", v->region);
    if (v->region != 0x0121) vo_tag(x->r, VO_TAG_NON_SCALAR_REGION);
    const vo_var *var;
    int64_t byte;
    if (v->cls == 0) {
        if (v->id == 0) return vo_invalid(x, VO_E_NULL_OPERAND, R, "%%null as the offset");
        if (v->id >= 22 && v->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, R, "variable id %u is reserved", v->id);
        var = vo_state_var(x->st, v->id);
        if (!var) return vo_invalid(x, VO_E_VAR_ID, R, "variable V%u is not declared", v->id);
        if (var->type != VO_T_UD && !vo_rd_b(x, VO_RD_D16)) /* D16 B: any type, read as UD */
            return vo_invalid(x, VO_E_OPERAND_TYPE, R, "offset variable must be UD");
        if ((unsigned)v->col * 4 >= x->grf) /* decision D24 */
            return vo_invalid(x, VO_E_COL_OFFSET, R, "column %u crosses the GRF", v->col);
        if (x->grf == 64 && v->row) vo_tag(x->r, VO_TAG_DVR_ROW_UNIT);
        byte = (int64_t)v->row * (vo_rd_b(x, VO_RD_D24) ? 32u : x->grf) + (int64_t)v->col * 4; /* D24 B: 32-byte rows */
        vo_clause(x->r, VO_C_GOFF_GENERAL);
    } else { /* indirect, decision D25 */
        if (v->type_byte != VO_T_UD && !vo_rd_b(x, VO_RD_D16))
            return vo_invalid(x, VO_E_OPERAND_TYPE, R, "indirect operand type must be UD");
        if (v->ind_off < -512 || v->ind_off > 511) /* decision D102: the page's range */
            return vo_invalid(x, VO_E_ADDR_ID, R, "indirect offset %d outside [-512, 511]", (int)v->ind_off);
        const vo_addr *a = vo_state_addr(x->st, (uint16_t)v->id);
        if (!a) return vo_invalid(x, VO_E_ADDR_ID, R, "address variable A%u is not declared", v->id);
        if (v->addr_off >= a->num_elts)
            return vo_invalid(x, VO_E_ADDR_ID, R, "address element %u past A%u (%u elements)", v->addr_off, v->id, a->num_elts);
        var = vo_state_var(x->st, a->elems[v->addr_off].var);
        if (!var) return vo_invalid(x, VO_E_ADDR_ID, R, "address element names an undeclared variable");
        if (var->type != VO_T_UD && !vo_rd_b(x, VO_RD_D16))
            return vo_invalid(x, VO_E_OPERAND_TYPE, R, "indirect target must be UD");
        byte = (int64_t)a->elems[v->addr_off].off + v->ind_off;
        vo_tag(x->r, VO_TAG_INDIRECT);
        vo_clause(x->r, VO_C_GOFF_INDIRECT);
    }
    if (byte < 0 || byte + 4 > (int64_t)var->size) {
        vo_tag(x->r, VO_TAG_RAW_PAST_VAR);
        vo_clause(x->r, VO_C_RAW_PAST_VAR);
        return 1;
    }
    if (v->cls == 3 && (byte & 3)) { /* decision D101: an indirect address not aligned to UD is undefined */
        vo_tag(x->r, VO_TAG_MISALIGNED);
        vo_clause(x->r, VO_C_MISALIGNED);
        return 1;
    }
    x->goff = vo_rd32(var->data + byte);
    return 0;
}

static int check_surface(vo_ctx *x)
{
    unsigned s = x->in->val[VO_R_SURFACE];
    if (s >= 1 && s <= 3) /* decision D4 */
        return vo_invalid(x, VO_E_SURFACE, VO_R_SURFACE, "surface %u (T1/T2/TSS) is reserved", s);
    if (s == 4 && vo_rd_b(x, VO_RD_D4) && x->d->family != VO_FAM_TYPED) /* D4 B: the page's T0..T4 reserved */
        return vo_invalid(x, VO_E_SURFACE, VO_R_SURFACE, "surface 4 is reserved (the page's T0..T4)");
    if (x->d->family == VO_FAM_TYPED) { /* decision D257: a typed surface of the state; no SLM, stateless, bindless */
        if (s == 0 || s == 4 || s == 5)
            return vo_invalid(x, VO_E_TYPED_SURFACE, VO_R_SURFACE, "%s cannot address surface %u (%s)", x->d->mnemonic,
                              s, s == 0 ? "SLM" : s == 4 ? "bindless" : "stateless");
        x->sf = vo_state_surface(x->st, s);
        if (!x->sf) return vo_invalid(x, VO_E_SURFACE, VO_R_SURFACE, "surface T%u is not declared", s);
        x->typed = vo_state_typed(x->st, s);
        if (!x->typed)
            return vo_invalid(x, VO_E_TYPED_SURFACE, VO_R_SURFACE, "surface T%u is not a typed surface (state \"typed\")", s);
        x->surf_index = s;
        x->surf_size = x->sf->size;
        x->oob = VO_OOB_ZERO;
        vo_clause(x->r, VO_C_SURF_DECLARED);
        return 0;
    }
    x->surf_index = s;
    x->sf = vo_state_surface(x->st, s);
    if (!x->sf && s >= 6) return vo_invalid(x, VO_E_SURFACE, VO_R_SURFACE, "surface T%u is not declared", s);
    x->surf_size = x->sf ? x->sf->size : 0;
    x->is_slm = s == 0;
    x->oob = x->is_slm ? VO_OOB_SLM : VO_OOB_ZERO; /* decisions D5, D6 */
    if (x->misread && x->is_write) x->oob = VO_OOB_ZERO; /* D407: a store a misreading moves outside: dropped */
    if (s == 4 || s >= 6) vo_tag(x->r, VO_TAG_DVR_PREDEF_SURFACES);
    if ((x->d->flags & VO_DF_SURFACE_LIMITS) && s != 0 && s != 5) {
        vo_tag(x->r, VO_TAG_DVR_SURFACE_LIMITS); /* D27, D33, D50 */
        unsigned rd = x->d->family == VO_FAM_ATOMIC ? VO_RD_D50 : x->d->is_write ? VO_RD_D27 : VO_RD_D33;
        if (vo_rd_b(x, rd)) /* reading B: the page's 0 and 5 only */
            return vo_invalid(x, VO_E_SURFACE, VO_R_SURFACE, "surface %u: the page allows only 0 (SLM) and 5 (stateless)", s);
    }
    vo_clause(x->r, s == 0 ? VO_C_SURF_SLM : s == 4 ? VO_C_SURF_BINDLESS : s == 5 ? VO_C_SURF_STATELESS
                                                                                  : VO_C_SURF_DECLARED);
    if (x->d->family == VO_FAM_BLOCK && s == 0 && x->st->platform.gen < VO_GEN_ICLLP) /* decision D22 */
        return vo_invalid(x, VO_E_PLATFORM, VO_R_SURFACE, "OWORD access to SLM needs ICLLP or later");
    return 0;
}

/* ---- DWORD_ATOMIC: DWORD_ATOMIC op byte and operands (docs/encoding.md §1.10, §2.6) ---- */
static int check_atomic_op(vo_ctx *x)
{
    uint32_t v = x->in->val[VO_R_ATOMIC_OP];
    unsigned code = v & 0x1F, w = v >> 5;
    const vo_atomic_info *ai = vo_atomic_info_of(code);
    if (!ai) return vo_invalid(x, VO_E_ATOMIC_OP, VO_R_ATOMIC_OP, "atomic op code 0x%02x is not defined", code);
    /* decision D47: width bits 7..5: 000 32-bit, 001 16-bit; 64-bit and the rest are invalid here */
    if (w > 1)
        return vo_invalid(x, VO_E_ATOMIC_WIDTH, VO_R_ATOMIC_OP, "width bits 7..5 = %u (only 0: 32-bit, 1: 16-bit)", w);
    if (w == 1 && x->st->platform.gen < VO_GEN_TGLLP)
        return vo_invalid(x, VO_E_PLATFORM, VO_R_ATOMIC_OP, "16-bit atomics need TGLLP or later");
    if (ai->not_in_doc && x->d->family == VO_FAM_ATOMIC && vo_rd_b(x, VO_RD_D48)) /* D48 B: not on the page, as an undefined op code */
        return vo_invalid(x, VO_E_ATOMIC_OP, VO_R_ATOMIC_OP, "atomic op code 0x%02x (%s) is not on the page", code, ai->name);
    if (ai->xehp && x->st->platform.gen < VO_GEN_XEHP_SDV) /* decision D48 */
        return vo_invalid(x, VO_E_PLATFORM, VO_R_ATOMIC_OP, "%s needs %s or later", ai->name, vo_gen_name(VO_GEN_XEHP_SDV));
    if (ai->not_in_doc || code == 0x0B || code == 0x0C || code == 0x0D) /* decision D52 */
        vo_tag(x->r, VO_TAG_DVR_ATOMIC_NAMES);
    if (ai->not_in_doc) vo_tag(x->r, VO_TAG_NOT_IN_DOC);
    /* decision D49: the verifier applies its default rule to 16-bit ops */
    if (w == 1 && (ai->type_rule == VO_AT_D || ai->type_rule == VO_AT_F || ai->nsrc != 1))
        vo_tag(x->r, VO_TAG_DVR_ATOMIC_TYPES);
    return 0;
}

/* src0 / src1 / dst of DWORD_ATOMIC: presence by op, then the type rule (decision D49) */
static int check_atomic_raw(vo_ctx *x, unsigned role, const vo_raw *rw, vo_var **var)
{
    uint32_t opb = x->in->val[VO_R_ATOMIC_OP];
    const vo_atomic_info *ai = vo_atomic_info_of(opb & 0x1F);
    /* D49 reading B (DWORD_ATOMIC): the page's ADD/SUB UD and PREDEC src0, the verifier's default
     * rule for 16-bit ops (every operand UD, src1 V0, a 16-bit INC/DEC/PREDEC's src0 not looked at) */
    int b49 = x->d->family == VO_FAM_ATOMIC && vo_rd_b(x, VO_RD_D49), v16 = b49 && opb >> 5 == 1, undef = 0;
    *var = NULL;
    if (role == VO_R_SRC0 || role == VO_R_SRC1) {
        int want = role == VO_R_SRC0 ? ai->nsrc >= 1 : ai->nsrc >= 2;
        if (role == VO_R_SRC0 && v16 && !want) return 0;
        if (role == VO_R_SRC0 && b49 && !v16 && (opb & 0x1F) == 0x0D) want = 1;
        if (role == VO_R_SRC1 && v16 && want) want = 0, undef = 1; /* no comparand: undefined */
        vo_errcode ec = role == VO_R_SRC0 ? VO_E_ATOMIC_SRC0 : VO_E_ATOMIC_SRC1;
        const char *nm = role == VO_R_SRC0 ? "src0" : "src1";
        if (!want) {
            if (rw->id != 0 || rw->offset != 0)
                return vo_invalid(x, ec, role, "%s must be %%null.0 for %s", nm, ai->name);
            return undef;
        }
        if (rw->id == 0) return vo_invalid(x, ec, role, "%s is required for %s", nm, ai->name);
    }
    if (check_raw(x, role, rw, var) != 0) return -1;
    if (!*var) return 0; /* %null destination */
    unsigned t = (*var)->type;
    int ok;
    unsigned rule = b49 && (v16 || ai->type_rule == VO_AT_UD_OR_D) ? (unsigned)VO_AT_UD : ai->type_rule;
    switch (rule) {
    case VO_AT_UD_OR_D: ok = t == VO_T_UD || t == VO_T_D; if (t == VO_T_D) vo_tag(x->r, VO_TAG_DVR_ATOMIC_TYPES); break;
    case VO_AT_D: ok = t == VO_T_D; break;
    case VO_AT_F: ok = t == VO_T_F; break;
    default: ok = t == VO_T_UD; break;
    }
    if (!ok)
        return vo_invalid(x, VO_E_ATOMIC_TYPE, role, "V%u is %s; %s operands must be %s", (*var)->id, vo_type_name(t), ai->name,
                   rule == VO_AT_UD_OR_D ? "UD or D" : rule == VO_AT_D ? "D" : rule == VO_AT_F ? "F" : "UD");
    /* Notes: dst, src0 and src1, if present, have the same type */
    const vo_var *others[2] = { role == VO_R_SRC0 ? NULL : x->src0_var, role == VO_R_DATA ? x->src1_var : NULL };
    for (unsigned k = 0; k < 2; k++)
        if (others[k] && others[k]->type != t)
            return vo_invalid(x, VO_E_ATOMIC_TYPE, role, "V%u is %s but V%u is %s (dst, src0, src1 must have one type)",
                       (*var)->id, vo_type_name(t), others[k]->id, vo_type_name(others[k]->type));
    return 0;
}

/* typed (issue 28): a V, R or LOD coordinate: %null.0 reads 0 (decision D260), else a UD variable */
static int check_coord(vo_ctx *x, unsigned role, const vo_raw *rw)
{
    unsigned k = role == VO_R_TV ? 0 : role == VO_R_TR ? 1 : 2;
    x->tc_var[k] = NULL;
    x->tc_off[k] = rw->offset;
    if (rw->id == 0 && rw->offset == 0) { vo_clause(x->r, VO_C_TY_NULL_COORD); return 0; }
    if (rw->id == 0) return vo_invalid(x, VO_E_NULL_OPERAND, role, "%%null coordinate with offset %u", rw->offset);
    if (rw->id >= 22 && rw->id < 32) return vo_invalid(x, VO_E_RESERVED_ID, role, "variable id %u is reserved", rw->id);
    vo_var *v = vo_state_var(x->st, rw->id);
    if (!v) return vo_invalid(x, VO_E_VAR_ID, role, "variable V%u is not declared", rw->id);
    if (vo_typed_coord_type(x, role, v, VO_E_TYPED_COORD) != 0) return -1; /* D260, D375 */
    if (v->size >= x->grf && rw->offset % x->grf) /* decision D15 */
        return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not GRF-aligned (%u bytes)", rw->offset, x->grf);
    if (rw->offset % 4) return vo_invalid(x, VO_E_RAW_ALIGN, role, "offset %u is not a multiple of the element size", rw->offset);
    x->tc_var[k] = v;
    if ((uint64_t)rw->offset + 4u * x->c.exec_size > v->size) { /* decision D14 */
        vo_tag(x->r, VO_TAG_RAW_PAST_VAR);
        vo_clause(x->r, VO_C_RAW_PAST_VAR);
        return 1;
    }
    return 0;
}

/* an operand field that names a variable (its id width depends on the version) */
static int has_var_operand(const vo_desc *d)
{
    for (unsigned i = 0; i < d->nfields; i++)
        if (d->fields[i].kind == VO_FK_VEC || d->fields[i].kind == VO_FK_RAW) return 1;
    return 0;
}

int vo_validate_opcode(vo_ctx *x)
{
    const vo_desc *d = x->d;
    if (x->in->visa_version < 304 && has_var_operand(d)) vo_tag(x->r, VO_TAG_DVR_ID_WIDTH);
    if (d->flags & VO_DF_LAYOUT_31) vo_tag(x->r, VO_TAG_TYPED_PRE32); /* decision D333 */
    if ((d->flags & VO_DF_LAYOUT_31) && (x->readings >> VO_RD_D333 & 1)) { /* D333 reading B: as D262, not decoded */
        vo_error *e = &x->r->err;
        e->code = VO_E_TYPED_VERSION;
        e->field = "opcode";
        e->offset = 0;
        snprintf(e->message, sizeof e->message, "%s before vISA 3.2 is not read (D333 reading B)", d->mnemonic);
        return -1;
    }
    unsigned min_gen = d->doc_min_gen && vo_rd_b(x, VO_RD_D40) ? d->doc_min_gen : d->min_gen; /* D40 B: the page's PVC */
    if (min_gen && x->st->platform.gen < min_gen) { /* decision D40: the opcode itself */
        vo_error *e = &x->r->err;
        e->code = VO_E_PLATFORM;
        e->field = "opcode";
        e->offset = 0;
        snprintf(e->message, sizeof e->message, "%s needs %s or later", d->mnemonic, vo_gen_name(min_gen));
        return -1;
    }
    return 0;
}

int vo_validate(vo_ctx *x)
{
    const vo_desc *d = x->d;
    const vo_insn *in = x->in;
    int undefined = 0;
    if (d->doc_min_gen && d->dvr_tag && x->st->platform.gen < d->doc_min_gen) /* D40: the doc's range starts later */
        vo_tag(x->r, d->dvr_tag - 1u);
    for (unsigned i = 0; i < d->nfields; i++) {
        unsigned role = d->fields[i].role;
        uint32_t v = in->val[role];
        int rc = 0;
        switch (role) {
        case VO_R_EXEC: case VO_R_NUM_ELTS: rc = vo_check_exec(x, role); break;
        case VO_R_PRED:
            rc = vo_check_pred(x);
            if (rc == 0 && v && (d->flags & VO_DF_PRED_UNPRINTED)) /* decision D263 */
                vo_tag(x->r, VO_TAG_TYPED_PRED_TEXT);
            break;
        case VO_R_ELT_SIZE:
            if ((v & 3) == 3) rc = vo_invalid(x, VO_E_ELT_SIZE, role, "elt_size code 3 is reserved");
            else if (v & ~3u) rc = vo_invalid(x, VO_E_ELT_SIZE, role, "reserved bits 7..2 set (0x%02x)", v); /* D20 */
            break;
        case VO_R_IS_MODIFIED: /* D31: every value 0..255 read and ignored (doc + reader); never an error */
            if (v) { vo_tag(x->r, VO_TAG_IS_MODIFIED); vo_clause(x->r, VO_C_IS_MODIFIED); }
            break;
        case VO_R_CHMASK:
            if ((v & 0xF) == 0) rc = vo_invalid(x, VO_E_CHANNEL_MASK, role, "no channel enabled");
            else if (v & 0xF0) rc = vo_invalid(x, VO_E_CHANNEL_MASK, role, "reserved bits 7..4 set (0x%02x)", v);
            break;
        case VO_R_SCALE: if (v) rc = vo_invalid(x, VO_E_SCALE, role, "scale must be 0, is %u", v); break; /* D21 */
        case VO_R_BLOCK_SIZE: if (v) rc = vo_invalid(x, VO_E_BLOCK_SIZE, role, "block_size must be 0, is %u", v); break;
        case VO_R_NUM_BLOCKS:
            if (v >= (d->num_blocks_codes ? d->num_blocks_codes : 3u)) { /* decision D42: QW ops, one block */
                if (v < d->reader_blocks_codes && d->dvr_tag) vo_tag(x->r, d->dvr_tag - 1u);
                if (v < d->reader_blocks_codes && vo_rd_b(x, VO_RD_D42)) { /* D42 B: 2/4/8 blocks, unit open: undefined */
                    rc = 1;
                    break;
                }
                if (d->num_blocks_codes == 1) rc = vo_invalid(x, VO_E_NUM_BLOCKS, role, "num_blocks code %u (only 0: 1 block)", v);
                else rc = vo_invalid(x, VO_E_NUM_BLOCKS, role, "num_blocks code %u (only 0..%u)", v,
                              (d->num_blocks_codes ? d->num_blocks_codes : 3u) - 1u);
            }
            break;
        case VO_R_OWORD_SIZE: /* decision D22 */
            if (v > 4) rc = vo_invalid(x, VO_E_SIZE_CODE, role, "oword size code %u (only 0..3, 4 on %s+ SLM)", v, vo_gen_name(VO_GEN_XEHP_SDV));
            else if (v == 4) {
                if (x->st->platform.gen < VO_GEN_XEHP_SDV || in->val[VO_R_SURFACE] != 0)
                    rc = vo_invalid(x, VO_E_SIZE_CODE, role, "16 owords need %s or later and SLM", vo_gen_name(VO_GEN_XEHP_SDV));
                else if (d->is_write) /* decision D36: the load pages list 16 owords */
                    vo_tag(x->r, VO_TAG_NOT_IN_DOC);
            }
            break;
        case VO_R_SURFACE: rc = check_surface(x); break;
        case VO_R_GOFF: rc = check_goff(x); break;
        case VO_R_EOFF: rc = check_raw(x, role, &in->eoff, &x->eoff_var); x->eoff_off = in->eoff.offset; break;
        case VO_R_DATA:
            if (d->fields[0].role == VO_R_ATOMIC_OP) rc = check_atomic_raw(x, role, &in->data, &x->data_var);
            else rc = check_raw(x, role, &in->data, &x->data_var);
            x->data_off = in->data.offset;
            break;
        /* DWORD_ATOMIC */
        case VO_R_ATOMIC_OP: rc = check_atomic_op(x); break;
        case VO_R_SRC0: rc = check_atomic_raw(x, role, &in->src0, &x->src0_var); x->src0_off = in->src0.offset; break;
        case VO_R_SRC1: rc = check_atomic_raw(x, role, &in->src1, &x->src1_var); x->src1_off = in->src1.offset; break;
        /* typed (issue 28) */
        case VO_R_TV: rc = check_coord(x, role, &in->tv); break;
        case VO_R_TR: rc = check_coord(x, role, &in->tr); break;
        case VO_R_TLOD: rc = check_coord(x, role, &in->tlod); break;
        }
        if (rc < 0) return -1;
        if (rc > 0) undefined = 1;
    }
    return undefined;
}
