/* Scattered family: one element per lane, one dword register slot per lane.
 * SCATTER (0x3A) / GATHER (0x39): element units (decision D8); GATHER_SCALED
 * (0x78) / SCATTER_SCALED (0x79): bytes; QW_GATHER (0x86) / QW_SCATTER (0x87):
 * bytes, one qword slot per lane, no global offset (goff stays 0). */
#include "engine.h"

static uint32_t es(const vo_ctx *x) { return x->c.exec_size; }
/* register slot per lane: a dword, a qword for QW_GATHER/QW_SCATTER (D43) */
static uint32_t slot(const vo_ctx *x) { return x->d->elt_bytes ? x->d->elt_bytes : 4; }
static uint32_t eoff_bytes(const vo_ctx *x) { return 4 * es(x); }
static uint32_t data_bytes(const vo_ctx *x) { return slot(x) * es(x); }

static void plan(vo_ctx *x)
{
    const vo_insn *in = x->in;
    int elt_units = (x->d->flags & VO_DF_ELT_UNITS) != 0;
    unsigned size, clause;
    if (elt_units) {
        static const uint8_t cl[3] = { VO_C_SCATTER_ELT1, VO_C_SCATTER_ELT2, VO_C_SCATTER_ELT4 };
        unsigned code = in->val[VO_R_ELT_SIZE] & 3;
        size = 1u << code;
        vo_clause(x->r, cl[code]);
        vo_clause(x->r, es(x) == 1 ? VO_C_SCATTER_N1 : es(x) == 8 ? VO_C_SCATTER_N8 : VO_C_SCATTER_N16);
        if (size > 1) vo_tag(x->r, VO_TAG_DVR_SCATTER_SCALING);
        clause = VO_C_SCATTER_ADDR;
    } else if (slot(x) == 8) { /* QW: one 8-byte block per lane at the byte offset (D42, D43) */
        size = 8;
        clause = VO_C_QW_ADDR;
    } else {
        static const uint8_t cl[3] = { VO_C_SCALED_B1, VO_C_SCALED_B2, VO_C_SCALED_B4 };
        unsigned code = in->val[VO_R_NUM_BLOCKS];
        size = 1u << code;
        vo_clause(x->r, cl[code]);
        clause = VO_C_SCALED_ADDR;
    }
    unsigned len = size; /* D407: a 1- or 2-byte element misread as its whole dword slot */
    if (x->misread == VO_IM_NARROW_DWORD && size < 4 && slot(x) == 4) len = 4, x->r->misread_hit = 1;
    for (uint32_t i = 0; i < es(x); i++) {
        if (!(x->chen >> i & 1)) continue;
        uint32_t e = vo_rd32(x->eoff_var->data + x->eoff_off + 4 * i);
        uint32_t a = x->goff + e; /* decision D7: modulo 2^32 */
        if (a < x->goff) { vo_tag(x->r, VO_TAG_WRAP); vo_clause(x->r, VO_C_WRAP32); }
        uint64_t wide = elt_units ? (uint64_t)a * size : a; /* decision D8 */
        if (wide >> 32) { vo_tag(x->r, VO_TAG_WRAP); vo_clause(x->r, VO_C_WRAP32); }
        uint64_t at = (uint32_t)wide;
        if (x->misread == VO_IM_A32_NO_WRAP) { /* D407: the sum (and the scaling) in 64 bits */
            uint64_t nw = ((uint64_t)x->goff + e) * (elt_units ? size : 1u);
            if (nw != at) at = nw, x->r->misread_hit = 1;
        }
        /* decision D9: natural alignment (not stated by the doc) */
        vo_plan_add(x, (uint8_t)i, 0, 0, at, (uint8_t)len, (uint8_t)size, (uint8_t)slot(x), x->data_off + slot(x) * i,
                    (uint8_t)clause, 0);
    }
}

/* decision D12: bytes after the last lane's dword up to the end of its GRF */
static void padding(vo_ctx *x) { vo_free_grf_tail(x, x->data_off + data_bytes(x)); }

const vo_family_ops vo_fam_scattered = {
    .eoff_bytes = eoff_bytes,
    .data_bytes = data_bytes,
    .plan = plan,
    .padding = padding,
};
