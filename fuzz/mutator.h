/* Structure-aware mutation for the binary-case targets (libFuzzer's
 * LLVMFuzzerCustomMutator; AFL++ builds keep AFL's own mutations).
 *
 * Three of four mutations are libFuzzer's generic ones (LLVMFuzzerMutate).
 * The fourth decodes the instruction inside the binary case in place (its
 * field offsets come from the oracle's descriptor-driven decoder) and sets one
 * control field, the global offset or the execution mask to a value that
 * matters: a legal exec size with a mask-control nibble, a predicate naming a
 * declared predicate with a combine mode and invert, a channel mask, an
 * element size, a surface index, a boundary offset. The bytes keep their size,
 * so everything else in the case stays put. This gets the fuzzers to
 * predicated / masked / out-of-bound variants of a valid seed in a few
 * thousand executions instead of millions.
 *
 * LSC_UNTYPED (0x89) and LSC_FENCE (0x8B) get their own structured mutation
 * (fzm_lsc) on the fixed byte offsets of the current reader's layout: sub-op
 * (within the same layout), exec size and mask, predicate, SFID, cache pair,
 * address model, scale, immediate offset, address size, data size, order,
 * vector size, channel mask; fence SFID, op and scope. The typed family
 * (issue 28) mutates its surface's typed view and its per-lane coordinates
 * (fzm_typed). */
#ifndef VO_FUZZ_MUTATOR_H
#define VO_FUZZ_MUTATOR_H
#ifndef __AFL_COMPILER
#include "visa_bincase.h"
#include "visa_pairs.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static uint32_t fzm_next(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static void fzm_put(uint8_t *p, uint32_t v, unsigned k)
{
    for (unsigned i = 0; i < k; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static const uint32_t fzm_boundary[] = { 0, 1, 2, 4, 15, 16, 0x40, 0xF0, 0xFC, 0xFF, 0x100, 0xFFC, 0x1000,
                                         0x7FFFFFFF, 0x80000000, 0xFFFFFFF0, 0xFFFFFFFC, 0xFFFFFFFF };
#define FZM_NB (sizeof fzm_boundary / sizeof fzm_boundary[0])

/* LSC_UNTYPED: 89 subop exec pred:uw sfid l1 l3 | type scale:uw off:d size | dsize order elems chmask | ...
 * LSC_FENCE:   8B exec pred:uw sfid op scope. Returns 0 when the bytes are too short. */
static int fzm_lsc(uint8_t *insn, size_t ilen, uint32_t *s)
{
    uint32_t r = fzm_next(s), q = fzm_next(s);
    if (insn[0] == 0x8B) {
        if (ilen < 7) return 0;
        insn[4 + r % 3] = (uint8_t)(q % 8); /* sfid 0..7, op 0..7, scope 0..7 (5..7 / 7 invalid) */
        return 1;
    }
    if (ilen < 20) return 0;
    static const uint8_t subops[] = { 0x00, 0x02, 0x04, 0x06, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x10,
                                      0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1C, 0x1B, 0x1D };
    static const uint8_t cache[][2] = { {0, 0}, {1, 1}, {5, 1}, {1, 2}, {2, 2}, {6, 2}, {1, 3}, {4, 3}, {3, 3}, {7, 7}, {2, 3} };
    static const int32_t offs[] = { 0, 4, -4, -16, 64, 0x7FFF, -0x7FFF, 0x8000, 0xFFC, 0x1000, -0x80000000 };
    switch (r % 12) {
    case 0: /* sub-op within the layout: strided stays strided */
        if (insn[1] == 0x01 || insn[1] == 0x05) insn[1] = q % 2 ? 0x01 : 0x05;
        else insn[1] = subops[q % (sizeof subops / sizeof subops[0])];
        break;
    case 1: insn[2] = (uint8_t)((q % 6) | ((q >> 8) % 16) << 4); break;
    case 2: { uint32_t id = q % 5, comb = (q >> 8) % 3, inv = (q >> 12) & 1;
              fzm_put(insn + 3, id ? (id | comb << 13 | inv << 15) : 0, 2); break; }
    case 3: { static const uint8_t sf[] = { 0, 1, 3, 2, 4 }; insn[5] = sf[q % 5]; break; }
    case 4: insn[6] = cache[q % 11][0]; insn[7] = cache[q % 11][1]; break;
    case 5: insn[8] = (uint8_t)(q % 7); break;
    case 6: { static const uint16_t sc[] = { 1, 2, 4, 8, 16, 0, 3 }; fzm_put(insn + 9, sc[q % 7], 2); break; }
    case 7: fzm_put(insn + 11, (uint32_t)offs[q % 11], 4); break;
    case 8: insn[15] = (uint8_t)(q % 5); break;
    case 9: insn[16] = (uint8_t)(q % 9); break;
    case 10: insn[17] = (uint8_t)(1 + (q >> 4) % 2); insn[18] = (uint8_t)(q % 10); break;
    default: insn[19] = (uint8_t)(q % 17); break;
    }
    return 1;
}

/* ---- case-level mutations (issue 19): enumerated fields with operand repair, operand relations ----
 *
 * The whole binary case is decoded (vo_bincase_decode), changed and encoded
 * again (vo_bincase_encode), so a mutation can retype a variable, declare one,
 * or write memory. Nothing here lists opcodes: the fields come from the
 * instruction's descriptor (vo_desc.fields), the atomic ops from the atomic
 * table (vo_atomic_op_name), the LSC sub-ops from the descriptor table
 * (vo_desc_at, has_subop), the platforms from vo_platform_name; the value
 * range of a field depends only on its role. After a new value, the operands
 * are repaired by asking the oracle: while vo_run says invalid, the field the
 * error names is fixed (an operand made %null or given a variable, a
 * variable retyped, another enumerated field or the platform searched for a
 * value that moves the error later in the instruction), at most 8 rounds.
 * One mutation in eight keeps the raw new value (an illegal combination). */
static vo_case fzm_c;
static vo_result fzm_r;
static int fzm_ready;

/* candidate value of an enumerated field by role; -1: not an enumerated field */
static int64_t fzm_enum_value(unsigned role, uint32_t cur, uint32_t *s, int legal_only)
{
    uint32_t r = fzm_next(s), odd = legal_only ? 1 : fzm_next(s) % 16; /* odd == 0: an out-of-range value */
    switch (role) {
    case VO_R_EXEC: return (odd ? r % 6 : 6 + r % 10) | (r >> 8) % 2 * (((r >> 12) % 16) << 4);
    case VO_R_NUM_ELTS: return (odd ? r % 3 : 3) | (r >> 8) % 2 * (((r >> 12) % 16) << 4);
    case VO_R_ELT_SIZE: return odd ? r % 3 : 3 + r % 4;
    case VO_R_CHMASK: return odd ? 1 + r % 15 : (r % 2 ? 0 : 16 + r % 240);
    case VO_R_NUM_BLOCKS: return odd ? r % 3 : 3 + r % 4;
    case VO_R_OWORD_SIZE: return odd ? r % 5 : 5 + r % 4;
    case VO_R_SURFACE: { static const uint8_t sv[] = { 0, 4, 5, 6, 7, 8, 1, 255 }; return sv[r % (odd ? 6 : 8)]; }
    case VO_R_BLOCK_SIZE: return odd ? 0 : 1 + r % 3;
    case VO_R_SCALE: return odd ? 0 : 1 + r % 0x100;
    case VO_R_ATOMIC_OP: {
        uint32_t codes[32], n = 0;
        for (uint32_t c = 0; c < 32; c++)
            if ((vo_atomic_op_name(c) != NULL) == (odd != 0)) codes[n++] = c;
        uint32_t w = (r >> 16) % 4 == 0 ? 1 : 0; /* 16-bit: one in four */
        if (!legal_only && fzm_next(s) % 32 == 0) w = 2 + (r >> 20) % 6;
        if (legal_only) w = cur >> 5;
        return n ? codes[r % n] | w << 5 : (int64_t)cur;
    }
    case VO_R_LSC_SUBOP: {
        uint8_t subs[64];
        unsigned n = 0;
        for (unsigned i = 0; vo_desc_at(i) && n < 64; i++)
            if (vo_desc_at(i)->has_subop && vo_desc_at(i)->family != VO_FAM_SVM) /* SVM's ids are another space */
                subs[n++] = vo_desc_at(i)->subop;
        if (!odd || !n) { static const uint8_t bad[] = { 0x22, 0x25, 0x1D, 0x1F, 0x2A, 0x30, 0xFF }; return bad[r % 7]; }
        return subs[r % n];
    }
    case VO_R_LSC_SFID: return odd ? (r % 3 == 2 ? 3 : r % 2) : 2 + r % 6;
    case VO_R_FENCE_OP: return odd ? r % 7 : 7 + r % 2;
    case VO_R_SCOPE: return odd ? r % 7 : 7 + r % 2;
    case VO_R_FENCE_MASK: /* FENCE (issue 26): every mask is legal; bits 5 and 7 decide (D161, D162) */
    {
        static const uint8_t fm[] = { 0x00, 0x20, 0x80, 0xA0, 0x01, 0x21, 0x7F, 0xFF };
        return (r >> 9) % 2 ? (r >> 12) & 0xFF : fm[(r >> 10) % 8];
    }
    case VO_R_L1: case VO_R_L3: return odd ? r % 8 : 8 + r % 8;
    case VO_R_ADDR_TYPE: return odd ? 1 + r % 5 : (r % 2 ? 0 : 6 + r % 4);
    case VO_R_ADDR_SIZE: return odd ? 1 + r % 3 : (r % 2 ? 0 : 4);
    case VO_R_ADDR_SCALE: { static const uint16_t sc[] = { 1, 2, 4, 8, 16, 0, 3, 6 }; return sc[r % (odd ? 5 : 8)]; }
    case VO_R_DATA_SIZE: return odd ? 1 + r % 7 : (r % 2 ? 0 : 8 + r % 8);
    case VO_R_DATA_ORDER: return odd ? 1 + r % 2 : (r % 2 ? 0 : 3);
    case VO_R_DATA_ELEMS: return odd ? 1 + r % 8 : (r % 2 ? 0 : 9 + r % 4);
    case VO_R_LSC_CHMASK: return odd ? 1 + r % 15 : (r % 2 ? 0 : 16 + r % 16);
    /* block2d (issue 27): the verifier's values, boundary-biased; the out-of-range ones E_B2D_SHAPE */
    case VO_R_B2D_BLOCKS: return odd ? 1u << r % 3 : (r % 2 ? 0 : 3 + r % 14);
    case VO_R_B2D_WIDTH: { static const uint16_t w[] = { 1, 2, 4, 8, 16, 3, 6, 32, 64 }; return odd ? w[r % 9] : (r % 2 ? 0 : 65 + r % 600); }
    case VO_R_B2D_HEIGHT: { static const uint16_t h[] = { 1, 2, 4, 8, 16, 32, 3, 5, 9 }; return odd ? h[r % 9] : (r % 2 ? 0 : 33 + r % 100); }
    case VO_R_B2D_VNNI: return odd ? r % 2 : 2 + r % 254;
    /* MEDIA_LD / MEDIA_ST (issue 27): the page's table, boundary-biased; out of range E_MEDIA_SHAPE */
    case VO_R_MEDIA_MODS: return odd ? r % 6 : 6 + r % 250;
    case VO_R_MEDIA_PLANE: return odd ? r % 4 : 4 + r % 252;
    case VO_R_MEDIA_W: { static const uint8_t w[] = { 16, 17, 32, 33, 64 }; return odd ? (r % 2 ? 1 + (r >> 1) % 16 : w[(r >> 1) % 5]) : (r % 2 ? 0 : 65 + r % 191); }
    case VO_R_MEDIA_H: { static const uint8_t h[] = { 16, 32, 64 }; return odd ? (r % 2 ? 1 + (r >> 1) % 16 : h[(r >> 1) % 3]) : (r % 2 ? 0 : 65 + r % 191); }
    default: return -1;
    }
}

static unsigned fzm_budget; /* vo_run calls left for this mutation (a bound on its cost) */
/* writes the instruction into the case (patch_subop: an unknown sub-op byte) */
static int fzm_put_insn(vo_case *c, const vo_insn *in, int patch_subop, uint8_t subop)
{
    uint8_t buf[VO_MAX_INSN_BYTES];
    size_t n = vo_encode(in, buf, sizeof buf);
    if (!n) return -1;
    if (patch_subop && n > 1) buf[1] = subop;
    memcpy(c->insn, buf, n);
    c->insn_len = n;
    return 0;
}

/* ... and runs it (into fzm_r) while the budget lasts; -1 when it is spent */
static int fzm_runc(vo_case *c, const vo_insn *in, int patch_subop, uint8_t subop)
{
    if (fzm_put_insn(c, in, patch_subop, subop) != 0 || !fzm_budget) return -1;
    fzm_budget--;
    vo_run(&c->state, c->insn, c->insn_len, &fzm_r);
    return 0;
}

/* the descriptor field the oracle's error names, NULL for none */
static const vo_field_desc *fzm_err_field(const vo_insn *in, const vo_error *e)
{
    if (!e->field) return NULL;
    for (unsigned i = 0; i < in->desc->nfields; i++)
        if (strcmp(in->desc->fields[i].name, e->field) == 0) return &in->desc->fields[i];
    return NULL;
}

/* 1 when the last run is not invalid or its error lies past (off, code) */
static int fzm_progress(int64_t off, vo_errcode code)
{
    if (fzm_r.status != VO_INVALID) return 1;
    return fzm_r.err.offset > off || (fzm_r.err.offset == off && fzm_r.err.code != code);
}

static unsigned fzm_nplat(void)
{
    unsigned n = 0;
    while (vo_platform_name(n)) n++;
    return n;
}

static void fzm_set_platform(vo_state *st, unsigned i)
{
    uint16_t ver = st->platform.visa_version;
    vo_platform_lookup(vo_platform_name(i), &st->platform);
    st->platform.visa_version = ver;
}

/* a declared variable (id >= 32) for an operand: one no other operand of in
 * names when there is one, else a new one (type and size of the first
 * declared variable, or 32 UD) */
static uint32_t fzm_pick_var(vo_case *c, const vo_insn *in, uint32_t *s)
{
    vo_state *st = &c->state;
    uint32_t cand[VO_MAX_VARS], n = 0, any = 0;
    for (uint32_t i = 0; i < st->nvars; i++) {
        uint32_t id = st->vars[i].id, used = 0;
        if (id < 32) continue;
        any = any ? any : id;
        for (unsigned f = 0; f < in->desc->nfields; f++)
            if (in->desc->fields[f].kind == VO_FK_RAW && vo_insn_raw((vo_insn *)in, in->desc->fields[f].role)->id == id) used = 1;
        if (!used) cand[n++] = id;
    }
    if (n && fzm_next(s) % 4) return cand[fzm_next(s) % n];
    uint32_t id = 32;
    while (vo_state_var(st, id)) id++;
    const vo_var *t = any ? vo_state_var(st, any) : NULL;
    vo_var *v = vo_state_add_var(st, id, t ? t->type : VO_T_UD, t ? t->num_elts : 32);
    if (!v) return any;
    for (uint32_t b = 0; b < v->size; b++) v->data[b] = (uint8_t)fzm_next(s);
    vo_state_sort(st);
    return id;
}

/* retype the variable id so that the last error moves; 0 when none does */
static int fzm_retype(vo_case *c, const vo_insn *in, uint32_t id, int64_t off, vo_errcode code)
{
    static const uint8_t types[] = { VO_T_UD, VO_T_D, VO_T_F, VO_T_UQ, VO_T_Q, VO_T_DF, VO_T_UW, VO_T_W, VO_T_HF, VO_T_UB, VO_T_B };
    vo_var *v = vo_state_var(&c->state, id);
    if (!v || id < 32) return 0;
    uint8_t t0 = v->type;
    uint32_t n0 = v->num_elts;
    for (unsigned k = 0; k < sizeof types; k++) {
        unsigned ts = vo_type_size(types[k]);
        if (types[k] == t0 || !ts || v->size % ts) continue;
        v->type = types[k];
        v->num_elts = v->size / ts;
        if (fzm_runc(c, in, 0, 0) == 0 && fzm_progress(off, code)) return 1;
    }
    v->type = t0;
    v->num_elts = n0;
    return 0;
}

/* the operand repair loop; in is the instruction (its new value set) */
static void fzm_repair(vo_case *c, vo_insn *in, unsigned mutated, uint32_t *s)
{
    for (int round = 0; round < 10; round++) {
        if (fzm_runc(c, in, 0, 0) != 0 || fzm_r.status != VO_INVALID) return;
        vo_errcode code = fzm_r.err.code;
        int64_t off = fzm_r.err.offset;
        const vo_field_desc *f = fzm_err_field(in, &fzm_r.err);
        int fixed = 0;
        if (code == VO_E_PLATFORM) { /* a platform where the error moves */
            unsigned np = fzm_nplat(), start = fzm_next(s) % np;
            char keep[16];
            memcpy(keep, c->state.platform.name, sizeof keep);
            for (unsigned k = 0; k < np && !fixed; k++) {
                fzm_set_platform(&c->state, (start + k) % np);
                fixed = fzm_runc(c, in, 0, 0) == 0 && fzm_progress(off, code);
            }
            if (!fixed) {
                for (unsigned k = 0; k < np; k++)
                    if (strcmp(vo_platform_name(k), keep) == 0) fzm_set_platform(&c->state, k);
                return;
            }
            continue;
        }
        if (!f) return;
        unsigned role = f->role;
        if (f->kind == VO_FK_RAW) {
            vo_raw *rw = vo_insn_raw(in, role);
            if (code == VO_E_RAW_ALIGN || (rw->id == 0 && rw->offset)) rw->offset = 0;
            else if (code == VO_E_ATOMIC_TYPE || code == VO_E_OPERAND_TYPE) {
                if (!fzm_retype(c, in, rw->id, off, code)) rw->id = fzm_pick_var(c, in, s);
            } else if (rw->id == 0 || code == VO_E_VAR_ID || code == VO_E_RESERVED_ID || code == VO_E_READ_ONLY) {
                rw->id = fzm_pick_var(c, in, s);
                rw->offset = 0;
            } else {
                rw->id = 0;
                rw->offset = 0;
            }
            continue;
        }
        if (f->kind == VO_FK_VEC) {
            vo_vec *v = vo_insn_vec(in, role);
            if (v->cls == 0 && (code == VO_E_OPERAND_TYPE || code == VO_E_IMM_TYPE) && fzm_retype(c, in, v->id, off, code)) continue;
            vo_vec nv;
            memset(&nv, 0, sizeof nv);
            nv.cls = 5;
            nv.type_byte = VO_T_UD;
            nv.imm = role == VO_R_PITCH ? 4u << fzm_next(s) % 4 : role == VO_R_LSC_SURF ? 6 + fzm_next(s) % 2 : 0;
            *v = nv;
            if (fzm_runc(c, in, 0, 0) == 0 && fzm_progress(off, code)) continue;
            v->imm = 0;
            continue;
        }
        if (role == VO_R_PRED) { in->val[role] = 0; continue; }
        if (role == VO_R_EXEC && code == VO_E_MASK_CTRL) { in->val[role] &= 0x8F; continue; }
        if (role == mutated && round == 0 && fzm_next(s) % 2) return; /* the new value itself is illegal here */
        /* another enumerated field: search its legal values for one that moves the error */
        uint32_t old = in->val[role];
        for (int k = 0; k < 12 && !fixed; k++) {
            int64_t nv = fzm_enum_value(role, old, s, 1);
            if (nv < 0) break;
            in->val[role] = (uint32_t)nv;
            fixed = fzm_runc(c, in, 0, 0) == 0 && fzm_progress(off, code);
        }
        if (fixed) continue;
        in->val[role] = old;
        /* no value of this field helps: an earlier enumerated field decides (an SLM sfid forbids
         * every address model an append counter takes): give one of them another legal value */
        unsigned early[24], ne = 0;
        for (unsigned i = 0; i < in->desc->nfields; i++) {
            const vo_field_desc *g = &in->desc->fields[i];
            if (in->off[g->role] < off && g->role != mutated && (g->kind == VO_FK_UB || g->kind == VO_FK_UW) &&
                fzm_enum_value(g->role, 0, s, 1) >= 0)
                early[ne++] = g->role;
        }
        if (!ne) return;
        unsigned g = early[fzm_next(s) % ne];
        in->val[g] = (uint32_t)fzm_enum_value(g, in->val[g], s, 1);
    }
}

/* a new value for one enumerated field of the descriptor (or the platform) */
static int fzm_enum(vo_case *c, vo_insn *in, uint32_t *s)
{
    unsigned roles[24], n = 0;
    for (unsigned i = 0; i < in->desc->nfields; i++) {
        const vo_field_desc *f = &in->desc->fields[i];
        if ((f->kind == VO_FK_UB || f->kind == VO_FK_UW) && fzm_enum_value(f->role, 0, s, 1) >= 0) roles[n++] = f->role;
    }
    unsigned k = fzm_next(s) % (n + 1);
    for (unsigned i = 0; i < n; i++) /* the field that selects the operation: one time in three */
        if ((roles[i] == VO_R_ATOMIC_OP || roles[i] == VO_R_LSC_SUBOP) && fzm_next(s) % 3 == 0) k = i;
    if (k == n) {
        fzm_set_platform(&c->state, fzm_next(s) % fzm_nplat());
        fzm_repair(c, in, VO_R_COUNT, s);
        return 1;
    }
    unsigned role = roles[k];
    int64_t v = fzm_enum_value(role, in->val[role], s, 0);
    int raw = fzm_next(s) % 8 == 0;
    if (role == VO_R_LSC_SUBOP) {
        const vo_desc *d = vo_desc_for_sub(in->desc->opcode, (uint8_t)v);
        if (!d) return fzm_put_insn(c, in, 1, (uint8_t)v) == 0; /* an unknown sub-op: the byte only */
        in->desc = d;
    }
    in->val[role] = (uint32_t)v;
    if (!raw) fzm_repair(c, in, role, s);
    return fzm_put_insn(c, in, 0, 0) == 0;
}

/* values that matter to compare, min/max and float ops, by element size */
static uint64_t fzm_special(unsigned size, int flt, uint32_t r)
{
    static const uint32_t i4[] = { 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0, 1, 0x7FFFFFFE, 0x80000001, 0xFFFF, 0x8000 };
    static const uint64_t i8[] = { 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull, ~0ull, 0, 1, 0xFFFFFFFFull, 0x80000000ull,
                                   0x7FFFFFFFull, 0xFFFFFFFF80000000ull };
    static const uint16_t i2[] = { 0x7FFF, 0x8000, 0xFFFF, 0, 1, 0x7FFE, 0x8001 };
    static const uint32_t f4[] = { 0, 0x80000000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0x7F800000, 0xFF800000,
                                   0x00000001, 0x807FFFFF, 0x00800000, 0x3F800000, 0xBF800000, 0x7F7FFFFF };
    static const uint64_t f8[] = { 0, 0x8000000000000000ull, 0x7FF8000000000000ull, 0x7FF0000000000001ull,
                                   0x7FF0000000000000ull, 0xFFF0000000000000ull, 1, 0x800FFFFFFFFFFFFFull,
                                   0x3FF0000000000000ull, 0xBFF0000000000000ull };
    static const uint16_t f2[] = { 0, 0x8000, 0x7E00, 0x7C01, 0x7C00, 0xFC00, 0x0001, 0x83FF, 0x3C00, 0xBC00 };
#define FZM_PICK(a) a[r % (sizeof a / sizeof a[0])]
    if (size == 8) return flt ? FZM_PICK(f8) : FZM_PICK(i8);
    if (size == 2) return flt ? FZM_PICK(f2) : FZM_PICK(i2);
    if (size == 1) return (uint8_t)FZM_PICK(i2);
    return flt ? FZM_PICK(f4) : FZM_PICK(i4);
#undef FZM_PICK
}

static void fzm_mem_write(vo_state *st, const vo_access *a, const uint8_t *b)
{
    if (a->outcome != VO_ACC_DONE && a->outcome != VO_ACC_OVERLAP) return;
    if (a->surface == VO_ACC_FLAT) { vo_flat_write(st, a->address, a->size, b); return; }
    vo_surface *sf = vo_state_surface(st, a->surface);
    if (sf) vo_surface_write(st, sf, a->address, b, a->size);
}

/* operand relations (issue 19 §2): equal sources, memory equal to a source,
 * sign boundaries, float specials, colliding lanes */
static int fzm_relation(vo_case *c, vo_insn *in, uint32_t *s)
{
    if (fzm_runc(c, in, 0, 0) != 0 || fzm_r.status == VO_INVALID) return 0;
    vo_state *st = &c->state;
    const vo_desc *d = in->desc;
    unsigned srcs[4], ns = 0, eoff = 0;
    for (unsigned i = 0; i < d->nfields; i++) {
        const vo_field_desc *f = &d->fields[i];
        if (f->kind != VO_FK_RAW) continue;
        if (f->role == VO_R_EOFF) { eoff = 1; continue; }
        if (f->role == VO_R_TV || f->role == VO_R_TR || f->role == VO_R_TLOD) continue; /* typed coordinates: fzm_typed */
        if (f->role == VO_R_DATA && !(d->is_write == 1 && d->family != VO_FAM_ATOMIC)) continue;
        if (vo_insn_raw(in, f->role)->id >= 32 && ns < 4) srcs[ns++] = f->role;
    }
    int done = 0;
    for (int step = 0; step < 1 + (int)(fzm_next(s) % 2); step++) {
        uint32_t kind = fzm_next(s) % 5, lanes = fzm_next(s) | (fzm_next(s) % 4 == 0 ? 0xFFFFFFFFu : 0);
        if (kind == 4 && eoff) { /* colliding lanes: address elements copied from lane 0 (or another) */
            vo_var *v = vo_state_var(st, in->eoff.id);
            if (!v || in->eoff.id < 32) continue;
            unsigned es = vo_type_size(v->type), base = in->eoff.offset, from = fzm_next(s) % 4;
            if (base + (from + 1) * es > v->size) from = 0;
            for (unsigned l = 0; l < 32 && base + (l + 1) * es <= v->size; l++)
                if (l != from && lanes >> l & 1) memmove(v->data + base + l * es, v->data + base + from * es, es);
            done = 1;
            continue;
        }
        if (!ns) continue;
        unsigned ra = srcs[fzm_next(s) % ns];
        const vo_raw *a = vo_insn_raw(in, ra);
        vo_var *va = vo_state_var(st, a->id);
        if (!va) continue;
        unsigned es = vo_type_size(va->type);
        int flt = va->type == VO_T_F || va->type == VO_T_HF || va->type == VO_T_DF || va->type == VO_T_BF;
        if (kind == 0 && ns > 1) { /* equal sources: lanes of one copied into another */
            unsigned rb = srcs[fzm_next(s) % ns];
            const vo_raw *b = vo_insn_raw(in, rb);
            vo_var *vb = vo_state_var(st, b->id);
            if (!vb || rb == ra) continue;
            for (unsigned l = 0; l < 32; l++) {
                uint32_t oa = a->offset + l * es, ob = b->offset + l * es;
                if (oa + es > va->size || ob + es > vb->size) break;
                if (lanes >> l & 1) memmove(vb->data + ob, va->data + oa, es);
            }
            done = 1;
        } else if (kind == 1 || kind == 0) { /* memory equal to a source at each lane's address */
            for (uint32_t i = 0; i < fzm_r.nacc; i++) {
                const vo_access *x = &fzm_r.acc[i];
                uint32_t o = a->offset + (uint32_t)x->lane * es;
                if (!(lanes >> (x->lane & 31) & 1) || x->size > 8 || o + x->size > va->size) continue;
                fzm_mem_write(st, x, va->data + o);
            }
            done = 1;
        } else { /* sign boundaries / float specials, in the source and sometimes in memory */
            int f2 = kind == 3 ? 1 : kind == 2 ? 0 : flt;
            for (unsigned l = 0; l < 32; l++) {
                uint32_t o = a->offset + l * es;
                if (o + es > va->size) break;
                if (!(lanes >> l & 1)) continue;
                uint64_t v = fzm_special(es, f2, fzm_next(s));
                for (unsigned b = 0; b < es; b++) va->data[o + b] = (uint8_t)(v >> 8 * b);
            }
            if (fzm_next(s) % 2)
                for (uint32_t i = 0; i < fzm_r.nacc; i++) {
                    const vo_access *x = &fzm_r.acc[i];
                    uint8_t b[8];
                    if (x->size > 8 || !(lanes >> (x->lane & 31) & 1)) continue;
                    uint64_t v = fzm_special(x->size, f2, fzm_next(s));
                    for (unsigned k = 0; k < x->size; k++) b[k] = (uint8_t)(v >> 8 * k);
                    fzm_mem_write(st, x, b);
                }
            done = 1;
        }
    }
    return done;
}

/* ---- shapes: operands placed on a boundary that only a layout rule exposes ----
 *
 * Table-driven like the rest: each entry works on operand roles of the
 * descriptor (the address operand, a vector operand, the data operands) and on
 * the accesses vo_run reports, never on an opcode.
 *   align:    half the time the access size first (another legal value of
 *             the element / block / data size field, operands repaired), then
 *             address elements at odd multiples of a power-of-two size A
 *             (an access aligned to A but not to 2A: a 2-byte element at
 *             2 mod 4; 2 times in 3) or at a multiple plus A/2 (misaligned
 *             by half); A is the size of one of the instruction's accesses
 *             (else 2, 4, 8 or 16);
 *   end:      a surface (or flat region) cut inside one access the last run
 *             made, so the access straddles the end (part in, part out);
 *   row:      a vector operand (global offset, ...) made a general operand
 *             at row >= 1 of a variable, the row scaled to the platform's
 *             GRF size (32 or 64 bytes; half the time on a platform with
 *             the other GRF size),
 *             with a small value there;
 *   payload:  an exec size below the platform's minimum payload width (8
 *             lanes on a 32-byte GRF, 32 on PVC, 16 on the other 64-byte ones, D124/D146), half the
 *             time 64-bit data (the one data size whose register block the
 *             padding changes) and a vector size >= 2, and the data operands
 *             grown to hold every padded component block. */
static int fzm_has(const vo_insn *in, unsigned role, unsigned kind)
{
    for (unsigned i = 0; i < in->desc->nfields; i++)
        if (in->desc->fields[i].role == role && in->desc->fields[i].kind == kind) return 1;
    return 0;
}

static int fzm_sh_align(vo_case *c, vo_insn *in, uint32_t *s)
{
    if (!fzm_has(in, VO_R_EOFF, VO_FK_RAW) || in->eoff.id < 32) return 0;
    static const unsigned size_roles[] = { VO_R_NUM_BLOCKS, VO_R_ELT_SIZE, VO_R_DATA_SIZE };
    if (fzm_next(s) % 2) /* half the time the access size first: another legal value of its field */
        for (unsigned k = 0; k < 3; k++)
            if (fzm_has(in, size_roles[k], VO_FK_UB)) {
                in->val[size_roles[k]] = (uint32_t)fzm_enum_value(size_roles[k], in->val[size_roles[k]], s, 1);
                fzm_repair(c, in, size_roles[k], s);
                break;
            }
    if (in->eoff.id < 32) return 1;
    vo_var *v = vo_state_var(&c->state, in->eoff.id);
    unsigned es = v ? vo_type_size(v->type) : 0;
    if (!es) return 0;
    static const uint32_t sizes[] = { 2, 4, 8, 16 };
    uint32_t a = sizes[fzm_next(s) % 4], half = fzm_next(s) % 3 == 0, lanes = fzm_next(s) | (fzm_next(s) % 2 ? 0xFFFFFFFFu : 0);
    /* A: the size of an access the instruction makes, else 2..16 */
    if (fzm_runc(c, in, 0, 0) == 0 && fzm_r.status != VO_INVALID && fzm_r.nacc) {
        uint32_t sz = fzm_r.acc[fzm_next(s) % fzm_r.nacc].size;
        if (sz >= 2 && !(sz & (sz - 1))) a = sz;
    }
    for (unsigned l = 0; l < 32 && in->eoff.offset + (l + 1) * es <= v->size; l++) {
        if (!(lanes >> l & 1)) continue;
        uint32_t k = fzm_next(s) % 8;
        uint64_t val = half ? (uint64_t)k * a + a / 2 : (uint64_t)(2 * k + 1) * a;
        for (unsigned b = 0; b < es; b++) v->data[in->eoff.offset + l * es + b] = (uint8_t)(b < 8 ? val >> 8 * b : 0);
    }
    return 1;
}

static int fzm_sh_end(vo_case *c, vo_insn *in, uint32_t *s)
{
    if (fzm_runc(c, in, 0, 0) != 0 || fzm_r.status == VO_INVALID || !fzm_r.nacc) return 0;
    vo_state *st = &c->state;
    uint32_t start = fzm_next(s) % fzm_r.nacc;
    for (uint32_t k = 0; k < fzm_r.nacc; k++) {
        const vo_access *x = &fzm_r.acc[(start + k) % fzm_r.nacc];
        if (x->outcome != VO_ACC_DONE || !x->size) continue;
        uint64_t cut = x->size > 1 ? 1 + fzm_next(s) % (x->size - 1) : fzm_next(s) % 2;
        if (x->surface != VO_ACC_FLAT) {
            vo_surface *sf = vo_state_surface(st, x->surface);
            if (!sf || x->address + cut >= sf->size) continue;
            sf->size = x->address + cut;
            return 1;
        }
        for (uint32_t g = 0; g < st->nregions; g++) {
            vo_region *rg = &st->regions[g];
            if (x->address < rg->base || x->address - rg->base + cut >= rg->mem.size) continue;
            rg->mem.size = x->address - rg->base + cut;
            if (!rg->mem.size) rg->mem.size = 1;
            return 1;
        }
    }
    return 0;
}

static int fzm_sh_row(vo_case *c, vo_insn *in, uint32_t *s)
{
    unsigned roles[4], n = 0;
    for (unsigned i = 0; i < in->desc->nfields && n < 4; i++)
        if (in->desc->fields[i].kind == VO_FK_VEC) roles[n++] = in->desc->fields[i].role;
    if (!n) return 0;
    vo_state *st = &c->state;
    if (fzm_next(s) % 2) { /* half the time a platform with the other GRF size */
        unsigned np = fzm_nplat(), start = fzm_next(s) % np, grf0 = st->platform.grf_bytes;
        for (unsigned k = 0; k < np; k++) {
            fzm_set_platform(st, (start + k) % np);
            if (st->platform.grf_bytes != grf0) break;
        }
    }
    uint32_t grf = st->platform.grf_bytes ? st->platform.grf_bytes : 32, cand[VO_MAX_VARS], nc = 0;
    for (uint32_t i = 0; i < st->nvars; i++)
        if (st->vars[i].id >= 32 && st->vars[i].size >= 2 * grf + 4 && vo_type_size(st->vars[i].type) == 4) cand[nc++] = st->vars[i].id;
    uint32_t id;
    if (nc) id = cand[fzm_next(s) % nc];
    else {
        id = 32;
        while (vo_state_var(st, id)) id++;
        vo_var *nv = vo_state_add_var(st, id, VO_T_UD, grf);
        if (!nv) return 0;
        for (uint32_t b = 0; b < nv->size; b++) nv->data[b] = (uint8_t)fzm_next(s);
        vo_state_sort(st);
    }
    vo_var *v = vo_state_var(st, id);
    if (!v) return 0;
    uint32_t rows = v->size / grf, row = 1 + fzm_next(s) % (rows - 1), col = fzm_next(s) % 4;
    if (row > 255) row = 255;
    if ((uint64_t)row * grf + col * 4 + 4 > v->size) col = 0;
    fzm_put(v->data + row * grf + col * 4, fzm_boundary[fzm_next(s) % 11], 4); /* 0 .. 0x1000 */
    vo_vec *o = vo_insn_vec(in, roles[fzm_next(s) % n]);
    memset(o, 0, sizeof *o);
    o->cls = 0;
    o->id = id;
    o->row = (uint8_t)row;
    o->col = (uint8_t)col;
    o->region = 0x0121; /* <0;1,0>: a scalar */
    fzm_repair(c, in, VO_R_COUNT, s);
    return 1;
}

static int fzm_sh_payload(vo_case *c, vo_insn *in, uint32_t *s)
{
    if (!fzm_has(in, VO_R_EXEC, VO_FK_UB) || !fzm_has(in, VO_R_DATA_ELEMS, VO_FK_UB)) return 0;
    vo_state *st = &c->state;
    uint32_t grf = st->platform.grf_bytes == 64 ? 64 : 32;
    uint32_t pick = fzm_next(s) % 4; /* D150: now and then the platform's other minimum payload width */
    if (pick == 0) {
        uint32_t w = vo_platform_lsc_min_simd(&st->platform);
        st->platform.lsc_min_simd = (uint8_t)(w == 16 ? (grf == 32 ? 8 : 32) : 16);
    }
    uint32_t minw = vo_platform_lsc_min_simd(&st->platform); /* D124, D146 */
    in->val[VO_R_EXEC] = (in->val[VO_R_EXEC] & 0xF0) | fzm_next(s) % (minw == 8 ? 3 : 4); /* 1 .. minw/2 lanes */
    if (fzm_next(s) % 2 && fzm_has(in, VO_R_DATA_SIZE, VO_FK_UB)) in->val[VO_R_DATA_SIZE] = 4; /* d64 */
    if (fzm_next(s) % 2 && in->val[VO_R_DATA_ELEMS] <= 1) in->val[VO_R_DATA_ELEMS] = 2 + fzm_next(s) % 3; /* x2..x4 */
    static const uint32_t ncomp[] = { 1, 1, 2, 3, 4, 8, 16, 32, 64 };
    uint32_t e = in->val[VO_R_DATA_ELEMS], need = (e < 9 ? ncomp[e] : 1) * (minw * 8 / grf) * grf;
    static const unsigned data_roles[] = { VO_R_DATA, VO_R_SRC1, VO_R_SRC2 };
    for (unsigned k = 0; k < 3; k++) {
        if (!fzm_has(in, data_roles[k], VO_FK_RAW)) continue;
        vo_raw *rw = vo_insn_raw(in, data_roles[k]);
        vo_var *v = rw->id >= 32 ? vo_state_var(st, rw->id) : NULL;
        unsigned ts = v ? vo_type_size(v->type) : 0;
        if (!ts || (uint64_t)rw->offset + need <= v->size || rw->offset + need > VO_MAX_VAR_BYTES) continue;
        uint32_t id = 32, old = rw->id;
        while (vo_state_var(st, id)) id++;
        vo_var *nv = vo_state_add_var(st, id, v->type, (rw->offset + need + ts - 1) / ts);
        if (!nv) continue;
        v = vo_state_var(st, old); /* the array may have moved */
        for (uint32_t b = 0; b < nv->size; b++) nv->data[b] = v && b < v->size ? v->data[b] : (uint8_t)fzm_next(s);
        rw->id = id;
        vo_state_sort(st);
    }
    fzm_repair(c, in, VO_R_EXEC, s);
    return 1;
}

static int (*const fzm_shapes[])(vo_case *, vo_insn *, uint32_t *) = { fzm_sh_align, fzm_sh_end, fzm_sh_row, fzm_sh_payload };
#define FZM_NSHAPES (sizeof fzm_shapes / sizeof fzm_shapes[0])

/* one shape, the first of the table (from a random start) that applies to the instruction */
static int fzm_shape(vo_case *c, vo_insn *in, uint32_t *s)
{
    unsigned start = fzm_next(s) % FZM_NSHAPES;
    for (unsigned k = 0; k < FZM_NSHAPES; k++)
        if (fzm_shapes[(start + k) % FZM_NSHAPES](c, in, s)) return fzm_put_insn(c, in, 0, 0) == 0;
    return 0;
}

/* ---- dependent pairs (issue 31): two fields that matter only together, set together ----
 *
 * The pairs come from vo_pairs_derive (visa_pairs.h): the oracle is probed
 * on the first case of each descriptor a pair mutation meets and then on
 * one in 16 of them, FZM_PAIR_BASES per descriptor in all (each a few
 * thousand vo_run calls, about 10 ms, once), so the bases spread over the
 * corpus and the pairs follow the validator's and the executors' rules and a new
 * family's fields take part through its descriptor. A pair mutation picks
 * one dependent pair (A, B) of the instruction, a class of A and a class of
 * B the probes found not invalid together (B's class changes when A's
 * does not), sets both and repairs the operands: a register surface made
 * immediate keeps its non-zero surface-state index. */
#define FZM_PAIR_BASES 16
static vo_pairs *fzm_pairs;
static const vo_desc *fzm_pair_desc[64];
static unsigned fzm_pair_nbase[64], fzm_pair_ndesc;
#ifndef VO_FUZZ_NO_PAIRS
#define VO_FUZZ_NO_PAIRS 0
#endif
/* 1: no pair mutations (tests/test_mutator_reach.c measures the coverage without them; a fuzzer
 * built with -DVO_FUZZ_NO_PAIRS=1 gives the figure before issue 31) */
static int fzm_no_pairs = VO_FUZZ_NO_PAIRS;

static int fzm_pair(vo_case *c, vo_insn *in, uint32_t *s)
{
    if (!fzm_pairs && !(fzm_pairs = calloc(1, sizeof *fzm_pairs))) return 0;
    unsigned k = 0;
    while (k < fzm_pair_ndesc && fzm_pair_desc[k] != in->desc) k++;
    if (k == fzm_pair_ndesc && k < 64) fzm_pair_desc[fzm_pair_ndesc++] = in->desc;
    if (k < 64 && fzm_pair_nbase[k] < FZM_PAIR_BASES && (!fzm_pair_nbase[k] || fzm_next(s) % 16 == 0) &&
        vo_pairs_derive(fzm_pairs, &c->state, c->insn, c->insn_len) >= 0)
        fzm_pair_nbase[k]++;
    unsigned idx[256], n = 0;
    for (unsigned i = 0; i < fzm_pairs->n && n < 256; i++)
        if (fzm_pairs->dep[i].desc == in->desc) idx[n++] = i;
    if (!n) return 0;
    const vo_pair_dep *x = &fzm_pairs->dep[idx[fzm_next(s) % n]];
    uint32_t as = 0;
    for (unsigned a = 0; a < 32; a++)
        if (x->combo[a]) as |= 1u << a;
    if (!as) return 0;
    unsigned a = 0, pick = fzm_next(s) % (unsigned)__builtin_popcount(as);
    while (!(as >> a & 1) || pick--) a++;
    int ca = vo_field_class(in, x->a), cb = vo_field_class(in, x->b);
    uint32_t bs = x->combo[a] & ~((int)a == ca && cb >= 0 ? 1u << cb : 0); /* A kept: B changes */
    if (!bs) bs = x->combo[a];
    unsigned b = 0;
    pick = fzm_next(s) % (unsigned)__builtin_popcount(bs);
    while (!(bs >> b & 1) || pick--) b++;
    if (vo_field_set_class(in, &c->state, x->a, a) != 0 || vo_field_set_class(in, &c->state, x->b, b) != 0) return 0;
    fzm_repair(c, in, x->a, s);
    return fzm_put_insn(c, in, 0, 0) == 0;
}

/* ---- typed surfaces (issue 28): the typed view of the instruction's surface
 * (dimension, format or one size, kept legal by D255 and backed by a surface
 * grown to fit) or one lane's U, V, R or LOD set to a bound of the view (0,
 * the last pixel, at and past the bound, far); a %null coordinate first gets
 * a fresh UD variable */
static int fzm_typed(vo_case *c, vo_insn *in, uint32_t *s)
{
    vo_state *st = &c->state;
    vo_typed *t = vo_state_typed(st, in->val[VO_R_SURFACE]);
    vo_surface *sf = t ? vo_state_surface(st, t->surface) : NULL;
    if (!t || !sf) return 0;
    if (fzm_next(s) % 2) {
        uint32_t w = fzm_next(s) % 5, v = fzm_next(s);
        if (w == 0) t->dim = (uint8_t)(v % VO_TD_COUNT);
        else if (w == 1) t->format = (uint8_t)(v % VO_TF_COUNT);
        else *(w == 2 ? &t->width : w == 3 ? &t->height : &t->depth) = 1 + v % 8;
        if (t->dim == VO_TD_1D || t->dim == VO_TD_1D_ARRAY) t->height = 1;
        if (t->dim == VO_TD_1D || t->dim == VO_TD_2D) t->depth = 1;
        uint64_t need = (uint64_t)t->width * t->height * t->depth * 4u * vo_typed_fmt_channels(t->format);
        if (need > sf->size && need <= VO_MAX_SURFACE_SIZE) sf->size = need; /* the new bytes read 0 */
        return 1;
    }
    static const unsigned roles[4] = { VO_R_EOFF, VO_R_TV, VO_R_TR, VO_R_TLOD };
    unsigned ci = fzm_next(s) % 4;
    vo_raw *o = vo_insn_raw(in, roles[ci]);
    if (!o->id) {
        uint32_t id = 32;
        while (vo_state_var(st, id)) id++;
        if (!vo_state_add_var(st, id, VO_T_UD, 32)) return 0;
        vo_state_sort(st);
        o->id = id;
        o->offset = 0;
    }
    vo_var *v = vo_state_var(st, o->id);
    if (!v || v->size < 4u + o->offset) return 0;
    uint32_t bound = ci == 0 ? t->width : ci == 1 ? (t->dim == VO_TD_1D_ARRAY ? t->depth : t->height)
                     : ci == 2 ? t->depth : 1;
    uint32_t lane = fzm_next(s) % ((v->size - o->offset) / 4), r = fzm_next(s);
    const uint32_t vals[6] = { 0, bound - 1, bound, bound + 1, 0xFFFFFFFFu, 0x80000000u | r };
    fzm_put(v->data + o->offset + 4 * lane, vals[r % 6], 4);
    return 1;
}

/* decode the case, one enumerated-field, relation or shape mutation, encode; 0 = nothing done */
static size_t fzm_case(uint8_t *data, size_t size, size_t max_size, uint32_t *s)
{
    if (!fzm_ready) {
        vo_case_init(&fzm_c);
        vo_result_init(&fzm_r);
        fzm_ready = 1;
    }
    vo_error err;
    vo_insn in;
    if (vo_bincase_decode(data, size, 0, &fzm_c, &err) != 0) return 0;
    if (vo_decode(fzm_c.insn, fzm_c.insn_len, fzm_c.state.platform.visa_version, &in, &err) != 0) return 0;
    fzm_budget = 24;
    uint32_t pick = fzm_next(s) % 8; /* 3 in 8 enumerated fields, 3 in 8 relations, 2 in 8 shapes */
    int ok = 0;
    if (in.desc->family == VO_FAM_TYPED && fzm_next(s) % 2) /* typed: 1 in 2 the view or a coordinate */
        ok = fzm_typed(&fzm_c, &in, s) && fzm_put_insn(&fzm_c, &in, 0, 0) == 0;
    if (!ok && fzm_next(s) % 3 == 0 && !fzm_no_pairs) /* 1 in 3: a dependent pair first (issue 31) */
        ok = fzm_pair(&fzm_c, &in, s);
    if (!ok) ok = pick < 3 ? fzm_enum(&fzm_c, &in, s) : pick < 6 ? fzm_relation(&fzm_c, &in, s) : fzm_shape(&fzm_c, &in, s);
    if (!ok) return 0;
    uint8_t *out;
    size_t len;
    if (vo_bincase_encode(&fzm_c, &out, &len, &err) != 0) return 0;
    if (len > max_size) { free(out); return 0; }
    memcpy(data, out, len);
    free(out);
    return len;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    uint32_t s = seed * 2654435761u + 1;
    if (fzm_next(&s) % 16 < 3 && size >= VO_BINCASE_HEADER_BYTES) { /* 3 in 16: case-level (issue 19) */
        size_t n = fzm_case(data, size, max_size, &s);
        if (n) return n;
    }
    if (fzm_next(&s) % 4 != 0 || size < VO_BINCASE_HEADER_BYTES) return LLVMFuzzerMutate(data, size, max_size);
    /* header: [0] platform, [1] version, [2..5] exec mask, [6] insn len, insn */
    size_t ilen = data[6] % (VO_MAX_INSN_BYTES + 1);
    if (ilen > size - VO_BINCASE_HEADER_BYTES) ilen = size - VO_BINCASE_HEADER_BYTES;
    uint8_t *insn = data + VO_BINCASE_HEADER_BYTES;
    unsigned k = data[1] % 102;
    uint16_t ver = (uint16_t)(k < 100 ? 300 + k : 400 + (k - 100));
    if (ilen >= 1 && (insn[0] == 0x89 || insn[0] == 0x8B) && fzm_next(&s) % 8 != 0 && fzm_lsc(insn, ilen, &s))
        return size;
    vo_insn in;
    vo_error err;
    if (fzm_next(&s) % 8 == 0 || vo_decode(insn, ilen, ver, &in, &err) != 0) {
        uint32_t w = fzm_next(&s) % 4;
        if (w == 0) { /* platform (GRF 32 / 64) */
            data[0] = (uint8_t)(fzm_next(&s) % 15);
            return size;
        }
        if (w == 1) { /* vISA version: 3.0 (old mask enumeration), 3.3 (2-byte ids), 3.6, 4.1 */
            static const uint8_t vers[] = { 0, 3, 6, 101 };
            data[1] = vers[fzm_next(&s) % 4];
            return size;
        }
        /* the execution mask */
        static const uint32_t masks[] = { 0, 0xFFFFFFFF, 0xFFFF, 0xFFFF0000, 0xFF, 0xAAAAAAAA, 0x80000001, 0xF0 };
        uint32_t m = fzm_next(&s) % 2 ? masks[fzm_next(&s) % 8] : fzm_next(&s);
        fzm_put(data + 2, m, 4);
        return size;
    }
    for (int tries = 0; tries < 8; tries++) {
        const vo_field_desc *f = &in.desc->fields[fzm_next(&s) % in.desc->nfields];
        uint8_t *p = insn + in.off[f->role];
        uint32_t r = fzm_next(&s);
        switch (f->role) {
        case VO_R_EXEC: /* size code 0..5, nibble: M1..M8 and NoMask */
            *p = (uint8_t)((r % 6) | ((r >> 8) % 16) << 4);
            return size;
        case VO_R_PRED: { /* id 0..4, combine 0..2, invert */
            uint32_t id = r % 5, comb = (r >> 8) % 3, inv = (r >> 12) & 1;
            fzm_put(p, id ? (id | comb << 13 | inv << 15) : 0, 2);
            return size;
        }
        case VO_R_NUM_ELTS: *p = (uint8_t)((r % 3) | ((r >> 8) % 16) << 4); return size;
        case VO_R_ELT_SIZE: *p = (uint8_t)(r % 3); return size;
        case VO_R_CHMASK: *p = (uint8_t)(r % 15 + 1); return size;
        case VO_R_NUM_BLOCKS: *p = (uint8_t)(r % 3); return size;
        case VO_R_OWORD_SIZE: *p = (uint8_t)(r % 5); return size;
        case VO_R_SURFACE: {
            static const uint8_t surf[] = { 0, 4, 5, 6, 7, 8 };
            *p = surf[r % 6];
            return size;
        }
        case VO_R_GOFF:
            if (in.goff.cls == 5 && r % 2) { /* immediate: tag, type, value */
                fzm_put(p + 2, (r >> 1) % 2 ? fzm_boundary[(r >> 4) % FZM_NB] : fzm_next(&s) % 0x1100, 4);
                return size;
            }
            if (data[6] % (VO_MAX_INSN_BYTES + 1) == ilen) { /* replace the operand by another class */
                unsigned fi = 0, idw = vo_id_width(ver);
                while (in.desc->fields[fi].role != VO_R_GOFF) fi++;
                size_t start = in.off[VO_R_GOFF];
                size_t end = fi + 1 < in.desc->nfields ? in.off[in.desc->fields[fi + 1].role] : in.len;
                uint8_t op[16];
                size_t on = 0;
                uint32_t kind = (r >> 1) % 3, q = fzm_next(&s);
                if (kind == 0) { /* immediate UD */
                    op[on++] = 5; op[on++] = 0;
                    fzm_put(op + on, fzm_boundary[q % FZM_NB], 4); on += 4;
                } else if (kind == 1) { /* general: V32..V35, row 0..3, col 0..3, scalar region */
                    op[on++] = 0;
                    fzm_put(op + on, 32 + q % 4, idw); on += idw;
                    op[on++] = (uint8_t)((q >> 4) % 4); op[on++] = (uint8_t)((q >> 8) % 4);
                    op[on++] = 0x21; op[on++] = 0x01;
                } else { /* indirect: A0..A1, element 0..1, byte offset -4..8, UD, scalar region */
                    static const int16_t io[] = { 0, 4, -4, 8 };
                    op[on++] = 3;
                    fzm_put(op + on, q % 2, 2); on += 2;
                    op[on++] = (uint8_t)((q >> 4) % 2);
                    fzm_put(op + on, (uint16_t)io[(q >> 8) % 4], 2); on += 2;
                    op[on++] = 0; op[on++] = 0x21; op[on++] = 0x01;
                }
                size_t nilen = ilen - (end - start) + on;
                size_t nsize = size - (end - start) + on;
                if (nilen > VO_MAX_INSN_BYTES || nsize > max_size) break;
                memmove(insn + start + on, insn + end, size - (VO_BINCASE_HEADER_BYTES + end));
                memcpy(insn + start, op, on);
                data[6] = (uint8_t)nilen;
                return nsize;
            }
            break;
        case VO_R_EOFF: case VO_R_DATA: { /* raw offset: 0 or a GRF multiple */
            unsigned idw = vo_id_width(ver);
            if (r % 8 == 0) { /* the data operand names the element-offset variable (aliasing, D95) */
                int has_eoff = 0, has_data = 0;
                for (unsigned fi = 0; fi < in.desc->nfields; fi++) {
                    has_eoff |= in.desc->fields[fi].role == VO_R_EOFF;
                    has_data |= in.desc->fields[fi].role == VO_R_DATA;
                }
                if (has_eoff && has_data && in.off[VO_R_DATA] + idw <= ilen && in.off[VO_R_EOFF] + idw <= ilen) {
                    memmove(insn + in.off[VO_R_DATA], insn + in.off[VO_R_EOFF], idw);
                    return size;
                }
            }
            fzm_put(p + idw, (r >> 3) % 4 * 32, 2);
            return size;
        }
        default: break;
        }
    }
    return LLVMFuzzerMutate(data, size, max_size);
}
#endif
#endif
