/* One generic decoder and one encoder, both driven by the descriptor table.
 * Decoding is structural only (lengths, classes); vo_validate judges values. */
#include "visa_oracle.h"
#include <stdio.h>
#include <string.h>

typedef struct { const uint8_t *b; size_t n, pos; } rd;

vo_raw *vo_insn_raw(vo_insn *in, unsigned role)
{
    switch (role) {
    case VO_R_EOFF: return &in->eoff;
    case VO_R_SRC0: return &in->src0; /* DWORD_ATOMIC */
    case VO_R_SRC1: return &in->src1;
    case VO_R_SRC2: return &in->src2; /* LSC */
    case VO_R_TV: return &in->tv; /* typed (issue 28) */
    case VO_R_TR: return &in->tr;
    case VO_R_TLOD: return &in->tlod;
    default: return &in->data;
    }
}

vo_vec *vo_insn_vec(vo_insn *in, unsigned role)
{
    switch (role) {
    case VO_R_LSC_SURF: return &in->surf; /* LSC */
    case VO_R_PITCH: return &in->pitch;
    case VO_R_B2D_BASE: case VO_R_B2D_SW: case VO_R_B2D_SH: case VO_R_B2D_SP: case VO_R_B2D_X: case VO_R_B2D_Y:
        return &in->b2d[role - VO_R_B2D_BASE]; /* block2d (issue 27) */
    case VO_R_MEDIA_X: case VO_R_MEDIA_Y: return &in->b2d[role - VO_R_MEDIA_X]; /* MEDIA_LD / MEDIA_ST */
    default: return &in->goff;
    }
}

static int need(rd *r, size_t k) { return r->pos + k <= r->n; }
static uint32_t get(rd *r, unsigned k)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < k; i++) v |= (uint32_t)r->b[r->pos + i] << (8 * i);
    r->pos += k;
    return v;
}

static int derr(vo_error *err, vo_errcode c, const char *field, size_t off, const char *msg)
{
    if (err) {
        err->code = c;
        err->field = field;
        err->offset = (int64_t)off;
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return -1;
}
#define NEED(k) do { if (!need(&r, (k))) return derr(err, VO_E_TRUNCATED, f->name, start, \
    "instruction ends inside this field"); } while (0)

/* payload size of an immediate by type nibble: 8 for DF, UQ, Q; else 4 */
static unsigned imm_bytes(uint8_t type_byte)
{
    unsigned t = type_byte & 0xF;
    return (t == VO_T_DF || t == VO_T_UQ || t == VO_T_Q) ? 8 : 4;
}

static int decode_as(const uint8_t *bytes, size_t n, uint16_t visa_version, vo_insn *out, vo_error *err, int old, int ids4);
/* LSC_UNTYPED: the HEAD layout (D110); when its bytes do not decode exactly and
 * the older layout without ss_idx does, that one (D222) */
static int decode(const uint8_t *bytes, size_t n, uint16_t visa_version, unsigned layout, vo_insn *out,
                  vo_error *err)
{
    int ids4 = (layout & VO_DECODE_IDS4) != 0; /* D1 reading B (D345) */
    layout &= ~VO_DECODE_IDS4;
    const vo_desc *d0 = n >= 2 ? vo_desc_for(bytes[0]) : NULL;
    if (!d0 || (d0->family != VO_FAM_LSC && d0->family != VO_FAM_LSC_TYPED) || !vo_desc_for_sub_old2(bytes[0], bytes[1]))
        /* only LSC_UNTYPED (D222) and LSC_TYPED (D280) have two layouts */
        return decode_as(bytes, n, visa_version, out, err, 0, ids4);
    if (layout != VO_LSC_LAYOUT_AUTO) /* the case names its layout (D225) */
        return decode_as(bytes, n, visa_version, out, err, layout == VO_LSC_LAYOUT_NO_SSIDX, ids4);
    vo_error e1;
    memset(&e1, 0, sizeof e1);
    if (decode_as(bytes, n, visa_version, out, &e1, 0, ids4) == 0) return 0;
    vo_insn o2;
    if (decode_as(bytes, n, visa_version, &o2, NULL, 1, ids4) == 0) {
        *out = o2;
        return 0;
    }
    decode_as(bytes, n, visa_version, out, NULL, 0, ids4); /* *out as the HEAD layout's error left it */
    if (err) *err = e1;
    return -1;
}

static int decode_as(const uint8_t *bytes, size_t n, uint16_t visa_version, vo_insn *out, vo_error *err, int old, int ids4)
{
    memset(out, 0, sizeof *out);
    out->visa_version = visa_version;
    if (n == 0) return derr(err, VO_E_TRUNCATED, "opcode", 0, "no instruction bytes");
    const vo_desc *d = vo_desc_for(bytes[0]);
    if (!d) return derr(err, VO_E_OPCODE, "opcode", 0, "unknown or unsupported opcode");
    if (d->has_subop) { /* LSC_UNTYPED: the sub-op byte selects the layout (decision D110) */
        if (n < 2) return derr(err, VO_E_TRUNCATED, "subop", 1, "instruction ends inside this field");
        int svm = d->family == VO_FAM_SVM;
        d = old && !svm ? vo_desc_for_sub_old2(bytes[0], bytes[1]) : vo_desc_for_sub(bytes[0], bytes[1]);
        if (!d && svm) /* decision D164 */
            return derr(err, VO_E_SVM_SUBOP, "svm_id", 1, "unknown SVM sub-op (decision D164)");
        if (!d) return derr(err, VO_E_LSC_SUBOP, "subop", 1, "unknown or unsupported LSC sub-op");
    }
    if ((d->flags & VO_DF_LAYOUT_32) && visa_version < 302) /* decision D333; the version is the case's (D295) */
        d = vo_desc_typed31(d->opcode);
    out->desc = d;
    rd r = { bytes, n, 1 };
    unsigned idw = ids4 ? 4u : vo_id_width(visa_version); /* decision D1 (B: the page's 4 bytes) */
    for (unsigned i = 0; i < d->nfields; i++) {
        const vo_field_desc *f = &d->fields[i];
        size_t start = r.pos;
        out->off[f->role] = (uint8_t)start;
        switch (f->kind) {
        case VO_FK_UB: NEED(1); out->val[f->role] = get(&r, 1); break;
        case VO_FK_UW: NEED(2); out->val[f->role] = get(&r, 2); break;
        case VO_FK_UD: NEED(4); out->val[f->role] = get(&r, 4); break;
        case VO_FK_RAW: {
            vo_raw *rw = vo_insn_raw(out, f->role);
            NEED(idw + 2);
            rw->id = get(&r, idw);
            rw->offset = (uint16_t)get(&r, 2);
            break;
        }
        case VO_FK_VEC: {
            vo_vec *v = vo_insn_vec(out, f->role);
            NEED(1);
            uint8_t tag = (uint8_t)get(&r, 1);
            v->cls = tag & 7;
            v->mod = (tag >> 3) & 7;
            v->tag_hi = tag >> 6;
            switch (v->cls) {
            case 0: /* general: vid id; ub row; ub col; uw region */
                NEED(idw + 4);
                v->id = get(&r, idw);
                v->row = (uint8_t)get(&r, 1);
                v->col = (uint8_t)get(&r, 1);
                v->region = (uint16_t)get(&r, 2);
                break;
            case 1: /* address: uw id; ub offset; ub width */
                NEED(4);
                v->id = get(&r, 2);
                v->extra[0] = (uint8_t)get(&r, 1);
                v->extra[1] = (uint8_t)get(&r, 1);
                break;
            case 2: /* predicate: uw value */
                NEED(2);
                v->id = get(&r, 2);
                break;
            case 3: /* indirect: uw addr id; ub addr_offset; w offset; ub bit_properties; uw region */
                NEED(8);
                v->id = get(&r, 2);
                v->addr_off = (uint8_t)get(&r, 1);
                v->ind_off = (int16_t)(uint16_t)get(&r, 2);
                v->type_byte = (uint8_t)get(&r, 1);
                v->region = (uint16_t)get(&r, 2);
                break;
            case 5: /* immediate: ub type; 4 or 8 value bytes */
                NEED(1);
                v->type_byte = (uint8_t)get(&r, 1);
                NEED(imm_bytes(v->type_byte));
                v->imm = get(&r, 4);
                if (imm_bytes(v->type_byte) == 8) v->imm |= (uint64_t)get(&r, 4) << 32;
                break;
            case 6: /* state: ub class; uw id; ub offset */
                NEED(4);
                v->extra[0] = (uint8_t)get(&r, 1);
                v->id = get(&r, 2);
                v->extra[1] = (uint8_t)get(&r, 1);
                break;
            default: /* 4 (address-of) and 7 have no binary payload */
                return derr(err, VO_E_OPERAND_CLASS, f->name, start, "vector operand class 4 or 7 has no binary form");
            }
            break;
        }
        }
    }
    if (d->flags & VO_DF_LAYOUT_31) out->val[VO_R_CHMASK] ^= 0xF; /* D333: 1 = disabled in the byte */
    out->len = (uint8_t)r.pos;
    if (r.pos != n) return derr(err, VO_E_TRAILING, "end", r.pos, "bytes after the instruction"); /* decision D29 */
    return 0;
}

/* The last instruction this thread decoded without error is kept: check
 * decodes each test's instruction twice (the oracle's run, the verdict), and
 * a decode depends on nothing but its bytes and the version (issue 15). */
int vo_decode(const uint8_t *bytes, size_t n, uint16_t visa_version, vo_insn *out, vo_error *err)
{
    return vo_decode_layout(bytes, n, visa_version, VO_LSC_LAYOUT_AUTO, out, err);
}

int vo_decode_layout(const uint8_t *bytes, size_t n, uint16_t visa_version, unsigned lsc_layout, vo_insn *out,
                     vo_error *err)
{
    static _Thread_local struct { uint8_t b[VO_MAX_INSN_BYTES]; size_t n; uint16_t v; unsigned l; int ok; vo_insn insn; } last;
    if (last.ok && n == last.n && visa_version == last.v && lsc_layout == last.l && memcmp(bytes, last.b, n) == 0) {
        memcpy(out, &last.insn, sizeof *out); /* (padding too: as decode left it) */
        return 0;
    }
    int rc = decode(bytes, n, visa_version, lsc_layout, out, err);
    last.ok = 0;
    if (rc == 0 && n <= sizeof last.b) {
        memcpy(last.b, bytes, n);
        last.n = n;
        last.v = visa_version;
        last.l = lsc_layout;
        memcpy(&last.insn, out, sizeof *out);
        last.ok = 1;
    }
    return rc;
}

typedef struct { uint8_t *b; size_t cap, pos; int ok; } wr;
static void put(wr *w, uint64_t v, unsigned k)
{
    if (w->pos + k > w->cap) { w->ok = 0; return; }
    for (unsigned i = 0; i < k; i++) w->b[w->pos++] = (uint8_t)(v >> (8 * i));
}

size_t vo_encode(const vo_insn *in, uint8_t *buf, size_t cap)
{
    const vo_desc *d = in->desc;
    if (!d) return 0;
    wr w = { buf, cap, 0, 1 };
    unsigned idw = vo_id_width(in->visa_version);
    put(&w, d->opcode, 1);
    for (unsigned i = 0; i < d->nfields; i++) {
        const vo_field_desc *f = &d->fields[i];
        switch (f->kind) {
        case VO_FK_UB: put(&w, in->val[f->role] ^ (f->role == VO_R_CHMASK && (d->flags & VO_DF_LAYOUT_31) ? 0xFu : 0), 1); break;
        case VO_FK_UW: put(&w, in->val[f->role], 2); break;
        case VO_FK_UD: put(&w, in->val[f->role], 4); break;
        case VO_FK_RAW: {
            const vo_raw *rw = vo_insn_raw((vo_insn *)in, f->role);
            put(&w, rw->id, idw);
            put(&w, rw->offset, 2);
            break;
        }
        case VO_FK_VEC: {
            const vo_vec *v = vo_insn_vec((vo_insn *)in, f->role);
            put(&w, (uint64_t)(v->cls & 7) | (uint64_t)(v->mod & 7) << 3 | (uint64_t)(v->tag_hi & 3) << 6, 1);
            switch (v->cls) {
            case 0: put(&w, v->id, idw); put(&w, v->row, 1); put(&w, v->col, 1); put(&w, v->region, 2); break;
            case 1: put(&w, v->id, 2); put(&w, v->extra[0], 1); put(&w, v->extra[1], 1); break;
            case 2: put(&w, v->id, 2); break;
            case 3:
                put(&w, v->id, 2); put(&w, v->addr_off, 1); put(&w, (uint16_t)v->ind_off, 2);
                put(&w, v->type_byte, 1); put(&w, v->region, 2);
                break;
            case 5: put(&w, v->type_byte, 1); put(&w, v->imm, imm_bytes(v->type_byte)); break;
            case 6: put(&w, v->extra[0], 1); put(&w, v->id, 2); put(&w, v->extra[1], 1); break;
            default: return 0;
            }
            break;
        }
        }
    }
    return w.ok ? w.pos : 0;
}

void vo_insn_ctrl(const vo_insn *in, vo_ctrl *c)
{
    memset(c, 0, sizeof *c);
    const vo_desc *d = in->desc;
    unsigned nib = 0;
    c->exec_size = 1;
    if (!d) return;
    if (d->family == VO_FAM_BLOCK || (d->family == VO_FAM_SVM && d->subop <= 2)) { /* D30, D174: no mask, no predicate */
        c->nomask = 1;
        return;
    }
    if (d->flags & VO_DF_ELT_UNITS) { /* exec size and mask from the num_elts field */
        static const uint8_t n_of[4] = { 8, 16, 1, 0 };
        uint32_t ne = in->val[VO_R_NUM_ELTS];
        c->exec_size = n_of[ne & 3];
        nib = (ne >> 4) & 0xF;
    } else {
        uint32_t eb = in->val[VO_R_EXEC];
        unsigned code = eb & 0xF; /* decision D2 */
        c->exec_size = code <= 5 ? (uint8_t)(1u << code) : 0;
        if ((d->flags & VO_DF_LAYOUT_31) && code == 0) c->exec_size = 8; /* D333: size nibble 0 = SIMD8 */
        nib = (eb >> 4) & 0xF;
        uint32_t p = in->val[VO_R_PRED];
        c->pred_id = p & 0xFFF;
        c->pred_combine = (p >> 13) & 3;
        c->pred_invert = (p >> 15) & 1;
    }
    if (in->visa_version == 300) { /* decision D3: vISA 3.0 enumeration */
        if (nib <= 7) { c->mask_off = (uint8_t)(4 * nib); c->nomask = 0; }
        else if (nib == 8) { c->mask_off = 0; c->nomask = 1; }
        else { c->mask_off = 0; c->nomask = 0; }
    } else {
        c->mask_off = (uint8_t)(4 * (nib & 7));
        c->nomask = nib >> 3;
    }
}
