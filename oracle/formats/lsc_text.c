/* Text of the LSC instructions (issue 14), called from disasm.c / asm.c.
 *
 * LSC_FENCE prints as Intel's printer does: "lsc_fence.<sfid>.<op>.<scope>"
 * with sfid ugm|ugml|tgm|slm|urb, op none|evict|invalidate|discard|clean|
 * flushl3|type6, scope group|local|tile|gpu|gpus|sysrel|sysacq (the page's
 * "system" is "sysrel" in the grammar, decision D99). An out-of-range byte
 * prints '?'. The exec and pred bytes have no text (decision D96): asm
 * writes the canonical exec 0x80 (SIMD1, NoMask) and pred 0.
 *
 * LSC_UNTYPED prints in the grammar GenX_IR prints back (single spaces):
 *   [(<!>P<id><.any|.all>) ]<mnemonic>.<sfid>[.<l1>.<l3>] (M<k>[_NM], <n>) <operands>
 *   loads, load_status:   <dst>:<shape> <addr>
 *   stores:               <addr> <src1>:<shape>
 *   atomics:              <dst>:<shape> <addr> <src1> <src2>
 *   append counter:       <dst>:<shape> <model>(<surface>) <src0>
 * cache suffix only when not .df.df (df uc ca wb wt st ri cc);
 * shape: d8 d16 d32 d64 d8c32 d16c32 d16c32h, then x<n> for n > 1 and t when
 * transposed; quad ops: d32.<x y z w subset>;
 * addr: <model>[[<scale>*]<src0>[+|-<offset>][, <pitch>]]:<a16|a32|a64> with
 * model flat, bti(<surface>), bss(<surface>[, <ss_idx>]), ss(...), arg; the
 * scale prints as 0x<hex>* when not 1, the offset as +0x<hex> / -0x<hex>
 * when not 0; the pitch (strided) is always printed;
 * raw operand: %null, a predefined %name or V<id>, then .<offset> when not 0;
 * surface / pitch vector: 0x<hex> immediate, or V<id> (row 0, column 0,
 * <0;1,0>), else V<id>(<row>,<col>)<region> (not in GenX_IR's grammar).
 * The byte the shape does not use (chmask of non-quad ops, elems of quad
 * ops) has no text; asm writes 0 (decision D114). Bytes with no meaning print '?'. */
#include "lsc_text.h"
#include "engine.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const sfid_names[] = { "ugm", "ugml", "tgm", "slm", "urb" };
static const char *const fop_names[] = { "none", "evict", "invalidate", "discard", "clean", "flushl3", "type6" };
static const char *const scope_names[] = { "group", "local", "tile", "gpu", "gpus", "sysrel", "sysacq" };
#define NEL(a) (sizeof(a) / sizeof((a)[0]))

static const char *nm(const char *const *tab, size_t n, uint32_t v) { return v < n ? tab[v] : "?"; }

typedef struct { char *b; size_t cap, n; } sb;
static void sb_put(sb *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_put(sb *s, const char *fmt, ...)
{
    char tmp[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    for (const char *p = tmp; *p; p++)
        if (s->n + 1 < s->cap) s->b[s->n++] = *p;
    if (s->cap) s->b[s->n < s->cap ? s->n : s->cap - 1] = 0;
}

static const char *const cache_names[] = { "df", "uc", "ca", "wb", "wt", "st", "ri", "cc" };
static const char *const usfid_names[] = { "ugm", "ugml", "?", "slm" };
static const char *const dsize_names[] = { "?", "d8", "d16", "d32", "d64", "d8c32", "d16c32", "d16c32h" };
static const unsigned elems_v[] = { 0, 1, 2, 3, 4, 8, 16, 32, 64 };
static const char *const model_names[] = { "?", "flat", "bss", "ss", "bti", "arg" };
static const char *const asize_names[] = { "?", "a16", "a32", "a64" };

static void put_name(sb *s, uint32_t id)
{
    const vo_predef *p = vo_predef_get(id);
    if (id == 0) sb_put(s, "%%null");
    else if (p && p->name) sb_put(s, "%s", p->name);
    else sb_put(s, "V%u", (unsigned)id);
}
static void put_rawop(sb *s, const vo_raw *r)
{
    put_name(s, r->id);
    if (r->offset) sb_put(s, ".%u", (unsigned)r->offset);
}
static void put_vecop(sb *s, const vo_vec *v)
{
    if (v->cls == 5 && !v->mod && !v->tag_hi) {
        uint64_t val = v->imm;
        if (vo_type_size(v->type_byte & 0xF) < 8) val &= 0xFFFFFFFFu;
        sb_put(s, "0x%llx", (unsigned long long)val);
        if ((v->type_byte & 0xF) != VO_T_UD) sb_put(s, ":%s", vo_type_name(v->type_byte & 0xF) ? vo_type_name(v->type_byte & 0xF) : "?");
    } else if (v->cls == 0 && !v->mod && !v->tag_hi && v->id) {
        put_name(s, v->id);
        if (v->region >> 12) /* the top region nibble has no text: the operand prints '?' */
            sb_put(s, "(?)");
        else if (v->row || v->col || v->region != 0x0121)
            sb_put(s, "(%u,%u)<%u;%u,%u>", v->row, v->col, v->region & 0xF, (v->region >> 4) & 0xF, (v->region >> 8) & 0xF);
    } else {
        sb_put(s, "?");
    }
}
static void put_shape(sb *s, const vo_insn *in, int quad)
{
    uint32_t ds = in->val[VO_R_DATA_SIZE], ord = in->val[VO_R_DATA_ORDER];
    sb_put(s, ":%s", ds < 8 ? dsize_names[ds] : "?");
    if (quad) {
        uint32_t m = in->val[VO_R_LSC_CHMASK];
        if ((m & 0xF) == 0 || (m & 0xF0)) sb_put(s, ".?");
        else sb_put(s, ".%s%s%s%s", m & 1 ? "x" : "", m & 2 ? "y" : "", m & 4 ? "z" : "", m & 8 ? "w" : "");
    } else {
        uint32_t e = in->val[VO_R_DATA_ELEMS];
        if (e == 0 || e > 8) sb_put(s, "x?");
        else if (e > 1) sb_put(s, "x%u", elems_v[e]);
    }
    if (ord == 2) sb_put(s, "t");
    else if (ord != 1) sb_put(s, "?");
}
static void put_model(sb *s, const vo_insn *in)
{
    uint32_t t = in->val[VO_R_ADDR_TYPE];
    sb_put(s, "%s", t < 6 ? model_names[t] : "?");
    if (t >= 2 && t <= 4) {
        sb_put(s, "(");
        put_vecop(s, &in->surf);
        if (in->val[VO_R_SSIDX]) /* bti ignores ss_idx (D118) and has no text for it: '?' */
        {
            if (t != 4) sb_put(s, ", %u", (unsigned)in->val[VO_R_SSIDX]);
            else sb_put(s, ", ?");
        }
        sb_put(s, ")");
    } else if (t == 1 || t == 5) {
        if (!(in->surf.cls == 5 && in->surf.imm == 0 && in->surf.type_byte == VO_T_UD && !in->surf.mod && !in->surf.tag_hi) ||
            in->val[VO_R_SSIDX])
            sb_put(s, "?");
    }
}
static void put_addr(sb *s, const vo_insn *in, int strided)
{
    put_model(s, in);
    sb_put(s, "[");
    uint32_t sc = in->val[VO_R_ADDR_SCALE];
    if (sc != 1) sb_put(s, "0x%x*", (unsigned)sc);
    put_rawop(s, &in->eoff);
    int32_t off = (int32_t)in->val[VO_R_ADDR_OFF];
    if (off > 0) sb_put(s, "+0x%x", (unsigned)off);
    else if (off < 0) sb_put(s, "-0x%x", (unsigned)(0u - (uint32_t)off));
    if (strided) {
        sb_put(s, ", ");
        put_vecop(s, &in->pitch);
    }
    uint32_t a = in->val[VO_R_ADDR_SIZE];
    sb_put(s, "]:%s", a < 4 ? asize_names[a] : "?");
}

/* LSC_TYPED (issue 28, D280): <model>(<surface>[, <ss_idx>])[U[+-off], V[+-off], R[+-off], LOD]:<size>,
 * every coordinate printed (%null when absent), as IGC's printer writes them (D289); an offset as the
 * address offset */
static void put_toff(sb *s, uint32_t v)
{
    int32_t off = (int32_t)v;
    if (off > 0) sb_put(s, "+0x%x", (unsigned)off);
    else if (off < 0) sb_put(s, "-0x%x", (unsigned)(0u - (uint32_t)off));
}
static void put_taddr(sb *s, const vo_insn *in)
{
    put_model(s, in);
    sb_put(s, "[");
    put_rawop(s, &in->eoff);
    put_toff(s, in->val[VO_R_TUOFF]);
    sb_put(s, ", ");
    put_rawop(s, &in->tv);
    put_toff(s, in->val[VO_R_TVOFF]);
    sb_put(s, ", ");
    put_rawop(s, &in->tr);
    put_toff(s, in->val[VO_R_TROFF]);
    sb_put(s, ", ");
    put_rawop(s, &in->tlod);
    uint32_t a = in->val[VO_R_ADDR_SIZE];
    sb_put(s, "]:%s", a < 4 ? asize_names[a] : "?");
}

static void b2d_shape(sb *s, const vo_insn *in);
static void b2d_addr(sb *s, const vo_insn *in);

/* LSC_TYPED block2d (issue 28, D329), IGC's printed form: lsc_load_block2d.tgm[.<l1>.<l3>] <dst>:<W>x<H>
 * <model>(<surface>[, <ss_idx>])[<X>[+-<dec>],<Y>[+-<dec>]] (store: <addr> <src1>:<W>x<H>) */
static void t2d_off(sb *s, uint32_t v)
{
    if ((int32_t)v > 0) sb_put(s, "+%d", (int)(int32_t)v);
    else if ((int32_t)v < 0) sb_put(s, "%lld", (long long)(int32_t)v);
}
static void t2d_addr(sb *s, const vo_insn *in)
{
    put_model(s, in);
    sb_put(s, "[");
    put_vecop(s, &in->b2d[4]);
    t2d_off(s, in->val[VO_R_TUOFF]);
    sb_put(s, ",");
    put_vecop(s, &in->b2d[5]);
    t2d_off(s, in->val[VO_R_TVOFF]);
    sb_put(s, "]");
}
static void t2d_text(sb *s, const vo_insn *in)
{
    const vo_desc *d = in->desc;
    uint32_t l1 = in->val[VO_R_L1], l3 = in->val[VO_R_L3];
    sb_put(s, "%s.tgm", d->is_write ? "lsc_store_block2d" : "lsc_load_block2d");
    if (l1 || l3) sb_put(s, ".%s.%s", l1 < 8 ? cache_names[l1] : "?", l3 < 8 ? cache_names[l3] : "?");
    if (in->val[VO_R_EXEC]) sb_put(s, " (?)"); /* D321: no text for an exec byte other than 0 */
    sb_put(s, " ");
    if (d->is_write) {
        t2d_addr(s, in);
        sb_put(s, " ");
        put_rawop(s, &in->src1);
    } else {
        put_rawop(s, &in->data);
    }
    sb_put(s, ":%ux%u", (unsigned)in->val[VO_R_B2D_WIDTH], (unsigned)in->val[VO_R_B2D_HEIGHT]);
    if (!d->is_write) {
        sb_put(s, " ");
        t2d_addr(s, in);
    }
}
static void lsc_untyped_text(sb *s, const vo_insn *in)
{
    const vo_desc *d = in->desc;
    uint32_t p = in->val[VO_R_PRED];
    if (p & 0xFFFF) {
        static const char *const comb[4] = { "", ".any", ".all", ".?" };
        sb_put(s, "(%sP%u%s) ", (p >> 15) & 1 ? "!" : "", (unsigned)(p & 0xFFF), comb[(p >> 13) & 3]);
    }
    uint32_t sf = in->val[VO_R_LSC_SFID], l1 = in->val[VO_R_L1], l3 = in->val[VO_R_L3];
    int typed = d->family == VO_FAM_LSC_TYPED; /* D280: IGC's mnemonic with .tgm (no SFID byte) */
    if (typed && (d->subop == 0x03 || d->subop == 0x07)) { /* block2d (D329): no exec size */
        t2d_text(s, in);
        return;
    }
    if (typed) /* D280, D314: IGC's name, the descriptor's without "typed_" (lsc_typed_atomic_iadd: lsc_atomic_iadd), .tgm */
        sb_put(s, "lsc_%s.tgm", strncmp(d->mnemonic, "lsc_typed_", 10) == 0 ? d->mnemonic + 10 : d->mnemonic);
    else sb_put(s, "%s.%s", d->mnemonic, sf < 4 ? usfid_names[sf] : "?");
    if (l1 || l3) sb_put(s, ".%s.%s", l1 < 8 ? cache_names[l1] : "?", l3 < 8 ? cache_names[l3] : "?");
    vo_ctrl c;
    vo_insn_ctrl(in, &c);
    uint32_t code = in->val[VO_R_EXEC] & 0xF;
    static const char *const n_of[16] = { "1", "2", "4", "8", "16", "32", "?", "?", "?", "?", "?", "?", "?", "?", "?", "?" };
    if (c.mask_off <= 28 && c.mask_off % 4 == 0)
        sb_put(s, " (M%u%s, %s)", (unsigned)(c.mask_off / 4 + 1), c.nomask ? "_NM" : "", n_of[code]);
    else
        sb_put(s, " (?, %s)", n_of[code]);
    sb_put(s, " ");
    if (d->family == VO_FAM_BLOCK2D) { /* issue 27 */
        if (d->is_write) {
            b2d_addr(s, in);
            sb_put(s, " ");
            put_rawop(s, &in->src1);
            b2d_shape(s, in);
            return;
        }
        put_rawop(s, &in->data);
        b2d_shape(s, in);
        sb_put(s, " ");
        b2d_addr(s, in);
        return;
    }
    if (typed) {
        int tq = d->subop == 0x02 || d->subop == 0x06; /* D330-D332: the others print the vector size */
        if (d->is_write == 2) { /* an atomic (D314): dst:d32 <address> src1 src2 */
            put_rawop(s, &in->data);
            put_shape(s, in, 0);
            sb_put(s, " ");
            put_taddr(s, in);
            sb_put(s, " ");
            put_rawop(s, &in->src1);
            sb_put(s, " ");
            put_rawop(s, &in->src2);
        } else if (d->is_write) {
            put_taddr(s, in);
            sb_put(s, " ");
            put_rawop(s, &in->src1);
            put_shape(s, in, tq);
        } else {
            put_rawop(s, &in->data);
            put_shape(s, in, tq);
            sb_put(s, " ");
            put_taddr(s, in);
        }
        return;
    }
    uint8_t ar, fl;
    int k = vo_lsc_kind((uint8_t)in->val[VO_R_LSC_SUBOP], &ar, &fl);
    int quad = k == VO_LSC_LOAD_QUAD || k == VO_LSC_STORE_QUAD;
    int strided = k == VO_LSC_LOAD_STRIDED || k == VO_LSC_STORE_STRIDED;
    if (k == VO_LSC_STORE || k == VO_LSC_STORE_STRIDED || k == VO_LSC_STORE_QUAD || k == VO_LSC_STORE_UNCOMP) {
        put_addr(s, in, strided);
        sb_put(s, " ");
        put_rawop(s, &in->src1);
        put_shape(s, in, quad);
        return;
    }
    put_rawop(s, &in->data);
    put_shape(s, in, quad);
    sb_put(s, " ");
    if (k == VO_LSC_APNDCTR) {
        put_model(s, in);
        sb_put(s, " ");
        put_rawop(s, &in->src1);
        return;
    }
    put_addr(s, in, strided);
    if (k == VO_LSC_ATOMIC) {
        sb_put(s, " ");
        put_rawop(s, &in->src1);
        sb_put(s, " ");
        put_rawop(s, &in->src2);
    }
}

/* block2d (issue 27): the shape token d<size>.[B x]W x H<order><vnni> (IGC's
 * lexer; B printed only when it is not 1, as GenX_IR prints) and
 * flat[base, width, height, pitch, x, y] */
static void b2d_shape(sb *s, const vo_insn *in)
{
    uint32_t ds = in->val[VO_R_DATA_SIZE], ord = in->val[VO_R_DATA_ORDER], vn = in->val[VO_R_B2D_VNNI];
    sb_put(s, ":%s.", ds >= 1 && ds <= 4 ? dsize_names[ds] : "?");
    if (in->val[VO_R_B2D_BLOCKS] != 1) sb_put(s, "%ux", (unsigned)in->val[VO_R_B2D_BLOCKS]); /* as GenX_IR prints */
    sb_put(s, "%ux%u%s%s", (unsigned)in->val[VO_R_B2D_WIDTH], (unsigned)in->val[VO_R_B2D_HEIGHT],
           ord == 1 ? "n" : ord == 2 ? "t" : "?", vn == 0 ? "n" : vn == 1 ? "t" : "?");
}
static void b2d_addr(sb *s, const vo_insn *in)
{
    sb_put(s, "flat[");
    for (unsigned i = 0; i < 6; i++) {
        if (i) sb_put(s, ", ");
        put_vecop(s, &in->b2d[i]);
    }
    sb_put(s, "]");
}

size_t vo_lsc_disasm(const vo_insn *in, char *buf, size_t cap)
{
    int k = 0;
    if (in->desc->family == VO_FAM_LSC || in->desc->family == VO_FAM_BLOCK2D || in->desc->family == VO_FAM_LSC_TYPED) {
        sb s = { buf, cap, 0 };
        if (cap) buf[0] = 0;
        lsc_untyped_text(&s, in);
        return s.n;
    }
    if (in->desc->family == VO_FAM_LSC_FENCE)
        k = snprintf(buf, cap, "lsc_fence.%s.%s.%s", nm(sfid_names, NEL(sfid_names), in->val[VO_R_LSC_SFID]),
                     nm(fop_names, NEL(fop_names), in->val[VO_R_FENCE_OP]),
                     nm(scope_names, NEL(scope_names), in->val[VO_R_SCOPE]));
    else k = snprintf(buf, cap, "?");
    if (k < 0) k = 0;
    return cap == 0 ? 0 : ((size_t)k < cap ? (size_t)k : cap - 1);
}

static int set_err(vo_error *err, vo_errcode c, const char *field, size_t at, const char *msg)
{
    if (err) {
        err->code = c;
        err->field = field;
        err->offset = (int64_t)at;
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return -1;
}

/* ".<name>" from tab; returns the index or -1 (error set) */
static int dot_name(const char *t, size_t *pos, const char *const *tab, size_t n, const char *field, vo_error *err)
{
    if (t[*pos] != '.') return set_err(err, VO_E_STATE, field, *pos, "expected '.'");
    size_t at = *pos + 1, e = at;
    while ((t[e] >= 'a' && t[e] <= 'z') || (t[e] >= '0' && t[e] <= '9')) e++;
    for (size_t i = 0; i < n; i++)
        if (strlen(tab[i]) == e - at && memcmp(tab[i], t + at, e - at) == 0) {
            *pos = e;
            return (int)i;
        }
    return set_err(err, VO_E_STATE, field, at, "unknown name");
}

/* ---- LSC_UNTYPED parser (the inverse of lsc_untyped_text) ---- */
typedef struct { const char *t; size_t pos; vo_error *err; unsigned idw; uint16_t ver; } lp;
#define LBAD(field, ...) lbad(p, field, __VA_ARGS__)
static int lbad(lp *p, const char *field, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int lbad(lp *p, const char *field, const char *fmt, ...)
{
    if (p->err) {
        p->err->code = VO_E_STATE;
        p->err->field = field;
        p->err->offset = (int64_t)p->pos;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->err->message, sizeof p->err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}
static int llit(lp *p, const char *l)
{
    size_t n = strlen(l);
    if (strncmp(p->t + p->pos, l, n) != 0) return 0;
    p->pos += n;
    return 1;
}
static int lexpect(lp *p, const char *l, const char *field) { return llit(p, l) ? 0 : LBAD(field, "expected '%s'", l); }
static int isdig(char c) { return c >= '0' && c <= '9'; }
static int ldec(lp *p, uint64_t max, uint64_t *out, const char *field)
{
    if (!isdig(p->t[p->pos])) return LBAD(field, "expected a decimal number");
    if (p->t[p->pos] == '0' && isdig(p->t[p->pos + 1])) return LBAD(field, "number with a leading zero");
    uint64_t v = 0;
    while (isdig(p->t[p->pos])) {
        v = v * 10 + (uint64_t)(p->t[p->pos] - '0');
        if (v > max) return LBAD(field, "number out of range");
        p->pos++;
    }
    *out = v;
    return 0;
}
static int lhex(lp *p, uint64_t max, uint64_t *out, const char *field)
{
    if (!llit(p, "0x")) return LBAD(field, "expected 0x<hex>");
    size_t at = p->pos;
    uint64_t v = 0;
    for (;;) {
        char c = p->t[p->pos];
        unsigned d = isdig(c) ? (unsigned)(c - '0') : (c >= 'a' && c <= 'f') ? (unsigned)(c - 'a' + 10) : 16;
        if (d == 16) break;
        if (p->pos == at + 1 && p->t[at] == '0') return LBAD(field, "hex number with a leading zero");
        if (v > (max - d) / 16) return LBAD(field, "number out of range");
        v = v * 16 + d;
        p->pos++;
    }
    if (p->pos == at) return LBAD(field, "expected hex digits");
    *out = v;
    return 0;
}
static int lname(lp *p, uint32_t *id, const char *field)
{
    if (llit(p, "%null")) { *id = 0; return 0; }
    if (p->t[p->pos] == '%') {
        for (uint32_t i = 1; i <= 21; i++) {
            const vo_predef *d = vo_predef_get(i);
            size_t n = strlen(d->name);
            if (strncmp(p->t + p->pos, d->name, n) == 0 && !(isdig(p->t[p->pos + n]) || p->t[p->pos + n] == '_' ||
                                                               (p->t[p->pos + n] >= 'a' && p->t[p->pos + n] <= 'z'))) {
                p->pos += n;
                *id = i;
                return 0;
            }
        }
        return LBAD(field, "unknown predefined variable");
    }
    if (!llit(p, "V")) return LBAD(field, "expected a variable name");
    uint64_t v;
    if (ldec(p, p->idw == 4 ? 0xFFFFFFFFull : 0xFFFFull, &v, field) != 0) return -1;
    if (v <= 21) return LBAD(field, "V%u prints as its predefined name", (unsigned)v);
    *id = (uint32_t)v;
    return 0;
}
static int lraw(lp *p, vo_raw *r, const char *field)
{
    if (lname(p, &r->id, field) != 0) return -1;
    r->offset = 0;
    if (llit(p, ".")) {
        uint64_t o;
        if (ldec(p, 0xFFFF, &o, field) != 0) return -1;
        if (o == 0) return LBAD(field, "offset 0 is not printed");
        r->offset = (uint16_t)o;
    }
    return 0;
}
static int lvec(lp *p, vo_vec *v, const char *field)
{
    memset(v, 0, sizeof *v);
    if (p->t[p->pos] == '0') {
        uint64_t x;
        if (lhex(p, UINT64_MAX, &x, field) != 0) return -1;
        v->cls = 5;
        v->type_byte = VO_T_UD;
        if (llit(p, ":")) {
            char nm[8];
            size_t n = 0;
            while (n + 1 < sizeof nm && p->t[p->pos] >= 'a' && p->t[p->pos] <= 'z') nm[n++] = p->t[p->pos++];
            nm[n] = 0;
            int ty = vo_type_from_name(nm);
            if (ty < 0 || ty == VO_T_UD) return LBAD(field, "immediate type ('%s'; ud is not printed)", nm);
            v->type_byte = (uint8_t)ty;
        }
        if (vo_type_size(v->type_byte) < 8 && x > 0xFFFFFFFFull) return LBAD(field, "immediate too large for its type");
        v->imm = x;
        return 0;
    }
    if (lname(p, &v->id, field) != 0) return -1;
    if (v->id == 0) return LBAD(field, "%%null is not a vector operand here");
    v->region = 0x0121;
    if (llit(p, "(")) {
        uint64_t r, c, a, b, h;
        if (ldec(p, 255, &r, field) || lexpect(p, ",", field) || ldec(p, 255, &c, field) || lexpect(p, ")<", field) ||
            ldec(p, 15, &a, field) || lexpect(p, ";", field) || ldec(p, 15, &b, field) || lexpect(p, ",", field) ||
            ldec(p, 15, &h, field) || lexpect(p, ">", field))
            return -1;
        v->row = (uint8_t)r;
        v->col = (uint8_t)c;
        v->region = (uint16_t)(a | b << 4 | h << 8);
        if (!r && !c && v->region == 0x0121) return LBAD(field, "V<id>(0,0)<0;1,0> prints as V<id>");
    }
    return 0;
}
static int lpick(lp *p, const char *const *tab, size_t n, const char *field)
{
    size_t best = n, blen = 0;
    for (size_t i = 0; i < n; i++) {
        size_t l = strlen(tab[i]);
        if (tab[i][0] != '?' && l > blen && strncmp(p->t + p->pos, tab[i], l) == 0) { best = i; blen = l; }
    }
    if (best == n) return LBAD(field, "unknown name");
    p->pos += blen;
    return (int)best;
}
static int lshape(lp *p, vo_insn *in, int quad)
{
    if (lexpect(p, ":", "data_size") != 0) return -1;
    int ds = lpick(p, dsize_names, 8, "data_size");
    if (ds < 0) return -1;
    in->val[VO_R_DATA_SIZE] = (uint32_t)ds;
    in->val[VO_R_DATA_ORDER] = 1;
    if (quad) {
        if (lexpect(p, ".", "chmask") != 0) return -1;
        unsigned m = 0, last = 0;
        static const char ch[4] = { 'x', 'y', 'z', 'w' };
        for (unsigned i = 0; i < 4; i++)
            if (p->t[p->pos] == ch[i]) { m |= 1u << i; p->pos++; last = i + 1; }
        (void)last;
        if (!m) return LBAD("chmask", "expected channels from xyzw in order");
        in->val[VO_R_LSC_CHMASK] = m;
        in->val[VO_R_DATA_ELEMS] = 0; /* decision D114 */
    } else {
        in->val[VO_R_DATA_ELEMS] = 1;
        in->val[VO_R_LSC_CHMASK] = 0; /* decision D114 */
        if (llit(p, "x")) {
            uint64_t n;
            if (ldec(p, 64, &n, "data_elems") != 0) return -1;
            unsigned c = 2;
            while (c <= 8 && elems_v[c] != n) c++;
            if (c > 8) return LBAD("data_elems", "vector size %u is not 2, 3, 4, 8, 16, 32 or 64", (unsigned)n);
            in->val[VO_R_DATA_ELEMS] = c;
        }
    }
    if (llit(p, "t")) in->val[VO_R_DATA_ORDER] = 2;
    return 0;
}
static int lmodel(lp *p, vo_insn *in)
{
    static const char *const mtab[] = { "?", "flat", "bss", "ss", "bti", "arg" };
    int m = lpick(p, mtab, 6, "addr_type");
    if (m < 0) return -1;
    in->val[VO_R_ADDR_TYPE] = (uint32_t)m;
    in->surf.cls = 5;
    in->surf.type_byte = VO_T_UD;
    if (m >= 2 && m <= 4) {
        if (lexpect(p, "(", "surface") != 0 || lvec(p, &in->surf, "surface") != 0) return -1;
        if (m != 4 && llit(p, ", ")) {
            uint64_t k;
            if (ldec(p, 0xFFFFFFFFu, &k, "ss_idx") != 0) return -1;
            if (!k) return LBAD("ss_idx", "ss_idx 0 is not printed");
            in->val[VO_R_SSIDX] = (uint32_t)k;
        }
        if (lexpect(p, ")", "surface") != 0) return -1;
    }
    return 0;
}
static int laddr(lp *p, vo_insn *in, int strided)
{
    if (lmodel(p, in) != 0 || lexpect(p, "[", "src0_addrs") != 0) return -1;
    in->val[VO_R_ADDR_SCALE] = 1;
    if (p->t[p->pos] == '0') {
        uint64_t sc;
        if (lhex(p, 0xFFFF, &sc, "addr_scale") != 0 || lexpect(p, "*", "addr_scale") != 0) return -1;
        if (sc == 1) return LBAD("addr_scale", "scale 1 is not printed");
        in->val[VO_R_ADDR_SCALE] = (uint32_t)sc;
    }
    if (lraw(p, &in->eoff, "src0_addrs") != 0) return -1;
    int neg = 0;
    if (llit(p, "+") || (neg = llit(p, "-"))) {
        uint64_t o;
        if (lhex(p, neg ? 0x80000000ull : 0x7FFFFFFFull, &o, "addr_imm_offset") != 0) return -1;
        if (!o) return LBAD("addr_imm_offset", "offset 0 is not printed");
        in->val[VO_R_ADDR_OFF] = neg ? (uint32_t)(0u - (uint32_t)o) : (uint32_t)o;
    }
    if (strided && (lexpect(p, ", ", "src0_addr_pitch") != 0 || lvec(p, &in->pitch, "src0_addr_pitch") != 0)) return -1;
    if (lexpect(p, "]:", "addr_size") != 0) return -1;
    int a = lpick(p, asize_names, 4, "addr_size");
    if (a < 0) return -1;
    in->val[VO_R_ADDR_SIZE] = (uint32_t)a;
    return 0;
}

/* LSC_TYPED (issue 28): the inverse of put_taddr */
static int ltoff(lp *p, vo_insn *in, unsigned role, const char *field, int dec) /* dec: block2d's decimal (D329) */
{
    int neg = 0;
    if (llit(p, "+") || (neg = llit(p, "-"))) {
        uint64_t o;
        if ((dec ? ldec : lhex)(p, neg ? 0x80000000ull : 0x7FFFFFFFull, &o, field) != 0) return -1;
        if (!o) return LBAD(field, "offset 0 is not printed");
        in->val[role] = neg ? (uint32_t)(0u - (uint32_t)o) : (uint32_t)o;
    }
    return 0;
}
/* decision D289: the coordinates IGC's parser takes end at the last one given (the rest %null); its
 * printer writes all four, %null included: both are read */
static int ltaddr(lp *p, vo_insn *in)
{
    static const char *const cf[4] = { "src0_addrs_u", "src0_addrs_v", "src0_addrs_r", "src0_addrs_lod" };
    static const char *const of[3] = { "u_offset", "v_offset", "r_offset" };
    static const unsigned orole[3] = { VO_R_TUOFF, VO_R_TVOFF, VO_R_TROFF };
    vo_raw *co[4] = { &in->eoff, &in->tv, &in->tr, &in->tlod };
    if (lmodel(p, in) != 0 || lexpect(p, "[", cf[0]) != 0) return -1;
    for (unsigned k = 0; k < 4; k++) {
        if (k && p->t[p->pos] == ']') break;
        if ((k && lexpect(p, ", ", cf[k]) != 0) || lraw(p, co[k], cf[k]) != 0) return -1;
        if (k < 3 && ltoff(p, in, orole[k], of[k], 0) != 0) return -1;
    }
    if (lexpect(p, "]:", "addr_size") != 0) return -1;
    int a = lpick(p, asize_names, 4, "addr_size");
    if (a < 0) return -1;
    in->val[VO_R_ADDR_SIZE] = (uint32_t)a;
    return 0;
}

/* block2d text (issue 27): ":d<size>.[B x]W x H[n|t][n|t]" and "flat[6 operands]" */
static int b2d_shape_asm(lp *p, vo_insn *in)
{
    if (lexpect(p, ":", "data_size") != 0) return -1;
    int ds = lpick(p, dsize_names, 5, "data_size");
    if (ds < 1) return ds < 0 ? -1 : LBAD("data_size", "d8, d16, d32 or d64");
    if (lexpect(p, ".", "blocks") != 0) return -1;
    uint64_t n[3];
    unsigned k = 0;
    do {
        if (ldec(p, 0xFFFF, &n[k], k == 0 ? "blocks" : "block_width") != 0) return -1;
        k++;
    } while (k < 3 && llit(p, "x"));
    if (k < 2) return LBAD("block_height", "expected WxH");
    if (k == 3 && n[0] == 1) return LBAD("blocks", "a single block is not printed");
    if (k == 3 && n[0] > 255) return LBAD("blocks", "block count past 255");
    if (k == 2) { n[2] = n[1]; n[1] = n[0]; n[0] = 1; }
    if (n[1] > 0xFFFF || n[2] > 0xFFFF) return LBAD("block_width", "too large");
    int o = p->t[p->pos] == 'n' ? 1 : p->t[p->pos] == 't' ? 2 : 0;
    if (!o) return LBAD("data_order", "expected n or t");
    p->pos++;
    int v = p->t[p->pos] == 'n' ? 0 : p->t[p->pos] == 't' ? 1 : -1;
    if (v < 0) return LBAD("vnni", "expected n or t");
    p->pos++;
    in->val[VO_R_DATA_SIZE] = (uint32_t)ds;
    in->val[VO_R_DATA_ORDER] = (uint32_t)o;
    in->val[VO_R_B2D_BLOCKS] = (uint32_t)n[0];
    in->val[VO_R_B2D_WIDTH] = (uint32_t)n[1];
    in->val[VO_R_B2D_HEIGHT] = (uint32_t)n[2];
    in->val[VO_R_B2D_VNNI] = (uint32_t)v;
    return 0;
}
static int b2d_addr_asm(lp *p, vo_insn *in)
{
    static const char *const f[6] = { "surface_base", "surface_width", "surface_height", "surface_pitch", "x", "y" };
    if (lexpect(p, "flat[", "surface_base") != 0) return -1;
    for (unsigned i = 0; i < 6; i++)
        if ((i && lexpect(p, ", ", f[i]) != 0) || lvec(p, &in->b2d[i], f[i]) != 0) return -1;
    return lexpect(p, "]", "y");
}
static int b2d_asm(lp *p, vo_insn *in)
{
    if (in->desc->is_write) {
        if (b2d_addr_asm(p, in) != 0 || lexpect(p, " ", "src1_data") != 0 || lraw(p, &in->src1, "src1_data") != 0 ||
            b2d_shape_asm(p, in) != 0)
            return -1;
    } else if (lraw(p, &in->data, "dst") != 0 || b2d_shape_asm(p, in) != 0 || lexpect(p, " ", "surface_base") != 0 ||
               b2d_addr_asm(p, in) != 0)
        return -1;
    if (p->t[p->pos]) return LBAD("text", "characters after the instruction");
    return 0;
}

/* ".<l1>.<l3>" when present */
static int lcache(lp *p, vo_insn *in)
{
    if (llit(p, ".")) {
        int a = lpick(p, cache_names, 8, "caching_l1");
        if (a < 0 || lexpect(p, ".", "caching_l3") != 0) return -1;
        int b = lpick(p, cache_names, 8, "caching_l3");
        if (b < 0) return -1;
        if (!a && !b) return LBAD("caching_l1", ".df.df is not printed");
        in->val[VO_R_L1] = (uint32_t)a;
        in->val[VO_R_L3] = (uint32_t)b;
    }
    return 0;
}

/* LSC_TYPED block2d (D329): after ".tgm" */
static int t2d_addr_asm(lp *p, vo_insn *in)
{
    if (lmodel(p, in) != 0 || lexpect(p, "[", "x") != 0 || lvec(p, &in->b2d[4], "x") != 0 ||
        ltoff(p, in, VO_R_TUOFF, "x_offset", 1) != 0 || lexpect(p, ",", "y") != 0 || lvec(p, &in->b2d[5], "y") != 0 ||
        ltoff(p, in, VO_R_TVOFF, "y_offset", 1) != 0 || lexpect(p, "]", "y") != 0)
        return -1;
    return 0;
}
static int t2d_shape_asm(lp *p, vo_insn *in)
{
    uint64_t w, h;
    if (lexpect(p, ":", "block_width") != 0 || ldec(p, 0xFFFF, &w, "block_width") != 0 || lexpect(p, "x", "block_height") != 0 ||
        ldec(p, 0xFFFF, &h, "block_height") != 0)
        return -1;
    in->val[VO_R_B2D_WIDTH] = (uint32_t)w;
    in->val[VO_R_B2D_HEIGHT] = (uint32_t)h;
    return 0;
}
static int t2d_asm(lp *p, vo_insn *in)
{
    in->val[VO_R_LSC_SUBOP] = in->desc->subop;
    in->val[VO_R_EXEC] = 0; /* D321: SIMD1, M1 */
    if (lcache(p, in) != 0) return -1;
    if (lexpect(p, " ", "dst") != 0) return -1;
    if (in->desc->is_write) {
        if (t2d_addr_asm(p, in) != 0 || lexpect(p, " ", "src1_data") != 0 || lraw(p, &in->src1, "src1_data") != 0 ||
            t2d_shape_asm(p, in) != 0)
            return -1;
    } else if (lraw(p, &in->data, "dst") != 0 || t2d_shape_asm(p, in) != 0 || lexpect(p, " ", "surface") != 0 ||
               t2d_addr_asm(p, in) != 0)
        return -1;
    if (p->t[p->pos]) return LBAD("text", "characters after the instruction");
    return 0;
}

static int lsc_untyped_asm(lp *p, uint32_t pred, vo_insn *in)
{
    in->val[VO_R_PRED] = pred;
    in->val[VO_R_LSC_SUBOP] = in->desc->subop;
    if (lexpect(p, ".", "sfid") != 0) return -1;
    int typed = in->desc->family == VO_FAM_LSC_TYPED;
    if (in->desc->family == VO_FAM_BLOCK2D && llit(p, "tgm")) { /* LSC_TYPED block2d (D329) */
        const vo_desc *td = vo_desc_tgm((uint8_t)in->desc->subop);
        if (!td) return LBAD("sfid", "no tgm form");
        in->desc = td;
        return t2d_asm(p, in);
    }
    if (!typed && vo_desc_tgm((uint8_t)in->desc->subop) && llit(p, "tgm")) { /* LSC_TYPED (D280, D314) */
        const vo_desc *td = vo_desc_tgm((uint8_t)in->desc->subop);
        if (!td) return LBAD("sfid", "no tgm form");
        in->desc = td;
        typed = 1;
    } else if (typed && lexpect(p, "tgm", "sfid") != 0) {
        return -1;
    }
    if (!typed) {
        int sf = lpick(p, usfid_names, 4, "sfid");
        if (sf < 0) return -1;
        in->val[VO_R_LSC_SFID] = (uint32_t)sf;
    }
    if (lcache(p, in) != 0) return -1;
    uint64_t k, n;
    if (lexpect(p, " (M", "exec_size") != 0 || ldec(p, 8, &k, "exec_size") != 0) return -1;
    if (k == 0) return LBAD("exec_size", "mask M0 does not exist");
    int nm = llit(p, "_NM");
    if (p->ver == 300 && nm && k != 1) return LBAD("exec_size", "vISA 3.0 has no M%u_NM", (unsigned)k);
    unsigned nib = p->ver == 300 ? (nm ? 8u : (unsigned)(k - 1)) : ((unsigned)(k - 1) | (nm ? 8u : 0u));
    if (lexpect(p, ", ", "exec_size") != 0 || ldec(p, 32, &n, "exec_size") != 0 || lexpect(p, ") ", "exec_size") != 0) return -1;
    unsigned code = 0;
    while (code < 6 && (1u << code) != n) code++;
    if (code == 6) return LBAD("exec_size", "execution size %u is not 1, 2, 4, 8, 16 or 32", (unsigned)n);
    in->val[VO_R_EXEC] = code | nib << 4;
    if (in->desc->family == VO_FAM_BLOCK2D) return b2d_asm(p, in); /* issue 27 */
    if (typed) {
        int tq = in->desc->subop == 0x02 || in->desc->subop == 0x06;
        if (in->desc->is_write == 2) { /* an atomic (D314) */
            if (lraw(p, &in->data, "dst") != 0 || lshape(p, in, 0) != 0 || lexpect(p, " ", "dst") != 0 ||
                ltaddr(p, in) != 0 || lexpect(p, " ", "src1_data") != 0 || lraw(p, &in->src1, "src1_data") != 0 ||
                lexpect(p, " ", "src2_data") != 0 || lraw(p, &in->src2, "src2_data") != 0)
                return -1;
        } else if (in->desc->is_write) {
            if (ltaddr(p, in) != 0 || lexpect(p, " ", "src1_data") != 0 || lraw(p, &in->src1, "src1_data") != 0 ||
                lshape(p, in, tq) != 0)
                return -1;
        } else if (lraw(p, &in->data, "dst") != 0 || lshape(p, in, tq) != 0 || lexpect(p, " ", "dst") != 0 || ltaddr(p, in) != 0) {
            return -1;
        }
        if (p->t[p->pos]) return LBAD("text", "characters after the instruction");
        return 0;
    }
    uint8_t ar, fl;
    int kd = vo_lsc_kind(in->desc->subop, &ar, &fl);
    int quad = kd == VO_LSC_LOAD_QUAD || kd == VO_LSC_STORE_QUAD;
    int strided = kd == VO_LSC_LOAD_STRIDED || kd == VO_LSC_STORE_STRIDED;
    if (kd == VO_LSC_STORE || kd == VO_LSC_STORE_STRIDED || kd == VO_LSC_STORE_QUAD || kd == VO_LSC_STORE_UNCOMP) {
        if (laddr(p, in, strided) != 0 || lexpect(p, " ", "src1_data") != 0 || lraw(p, &in->src1, "src1_data") != 0 ||
            lshape(p, in, quad) != 0)
            return -1;
    } else {
        if (lraw(p, &in->data, "dst") != 0 || lshape(p, in, quad) != 0 || lexpect(p, " ", "dst") != 0) return -1;
        if (kd == VO_LSC_APNDCTR) {
            if (lmodel(p, in) != 0 || lexpect(p, " ", "src0_data") != 0 || lraw(p, &in->src1, "src0_data") != 0) return -1;
        } else {
            if (laddr(p, in, strided) != 0) return -1;
            if (kd == VO_LSC_ATOMIC && (lexpect(p, " ", "src1_data") != 0 || lraw(p, &in->src1, "src1_data") != 0 ||
                                        lexpect(p, " ", "src2_data") != 0 || lraw(p, &in->src2, "src2_data") != 0))
                return -1;
        }
    }
    if (p->t[p->pos]) return LBAD("text", "characters after the instruction");
    return 0;
}

int vo_lsc_asm(const char *t, size_t pos, int has_pred, vo_insn *in, vo_error *err)
{
    if (in->desc->family == VO_FAM_LSC || in->desc->family == VO_FAM_BLOCK2D || in->desc->family == VO_FAM_LSC_TYPED) {
        lp p_ = { t, pos, err, vo_id_width(in->visa_version), in->visa_version };
        return lsc_untyped_asm(&p_, (uint32_t)has_pred, in);
    }
    if (in->desc->family == VO_FAM_LSC_FENCE) {
        if (has_pred) return set_err(err, VO_E_STATE, "pred", 0, "lsc_fence has no predicate text (decision D96)");
        int s, o, c;
        if ((s = dot_name(t, &pos, sfid_names, NEL(sfid_names), "sfid", err)) < 0) return -1;
        if ((o = dot_name(t, &pos, fop_names, NEL(fop_names), "fence_op", err)) < 0) return -1;
        if ((c = dot_name(t, &pos, scope_names, NEL(scope_names), "scope", err)) < 0) return -1;
        if (t[pos]) return set_err(err, VO_E_STATE, "text", pos, "characters after the instruction");
        in->val[VO_R_EXEC] = 0x80; /* decision D96: SIMD1, NoMask */
        in->val[VO_R_PRED] = 0;
        in->val[VO_R_LSC_SFID] = (uint32_t)s;
        in->val[VO_R_FENCE_OP] = (uint32_t)o;
        in->val[VO_R_SCOPE] = (uint32_t)c;
        return 0;
    }
    return set_err(err, VO_E_OPCODE, "mnemonic", 0, "no text form");
}
