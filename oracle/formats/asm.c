/* Assembler: the inverse of disasm.c (see visa_asm.h for the grammar and the
 * error contract). A strict recursive-descent parser over the printer's exact
 * forms; it builds the bytes through vo_encode and returns them decoded, so
 * *out is exactly what vo_decode would give for the encoded bytes. */
#include "visa_asm.h"
#include "lsc_text.h"
#include "fence_text.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct ps {
    const char *s;
    size_t pos;
    vo_error *err;
    unsigned idw;
} ps;

static int fail(ps *p, vo_errcode c, const char *field, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int fail(ps *p, vo_errcode c, const char *field, size_t at, const char *fmt, ...)
{
    if (p->err) {
        p->err->code = c;
        p->err->field = field;
        p->err->offset = (int64_t)at;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->err->message, sizeof p->err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}
#define BAD(field, at, ...) fail(p, VO_E_STATE, field, at, __VA_ARGS__)

static char cur(const ps *p) { return p->s[p->pos]; }
static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_ident(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_'; }

/* literal: advances and returns 1 when the text continues with lit */
static int lit(ps *p, const char *l)
{
    size_t i = 0;
    while (l[i]) {
        if (p->s[p->pos + i] != l[i]) return 0; /* stops at the text's NUL */
        i++;
    }
    p->pos += i;
    return 1;
}

static int expect(ps *p, const char *l, const char *field)
{
    if (lit(p, l)) return 0;
    return BAD(field, p->pos, "expected '%s'", l);
}

/* canonical unsigned decimal (no sign, no leading zeros) <= max */
static int num(ps *p, uint64_t max, uint64_t *out, const char *field)
{
    size_t at = p->pos;
    if (!is_digit(cur(p))) return BAD(field, at, "expected a decimal number");
    if (cur(p) == '0' && is_digit(p->s[p->pos + 1])) return BAD(field, at, "number with a leading zero");
    uint64_t v = 0;
    while (is_digit(cur(p))) {
        v = v * 10 + (uint64_t)(cur(p) - '0');
        if (v > max) return BAD(field, at, "number out of range (max %llu)", (unsigned long long)max);
        p->pos++;
    }
    *out = v;
    return 0;
}

/* canonical signed decimal in int16 range ("-0" is not canonical) */
static int snum16(ps *p, int16_t *out, const char *field)
{
    size_t at = p->pos;
    int neg = lit(p, "-");
    uint64_t v;
    if (num(p, neg ? 32768u : 32767u, &v, field) != 0) return -1;
    if (neg && v == 0) return BAD(field, at, "'-0' is not canonical");
    *out = (int16_t)(neg ? -(int32_t)v : (int32_t)v);
    return 0;
}

/* an identifier run [A-Za-z0-9_]*, copied into buf (cap > 1); fails if longer */
static int ident(ps *p, char *buf, size_t cap, const char *field)
{
    size_t at = p->pos, n = 0;
    while (is_ident(cur(p))) {
        if (n + 1 >= cap) return BAD(field, at, "name too long");
        buf[n++] = cur(p);
        p->pos++;
    }
    buf[n] = 0;
    return 0;
}

/* variable name: %null (0), a predefined %name (1..21) or V<id>, id >= 22 */
static int var_name(ps *p, uint32_t *id, const char *field)
{
    size_t at = p->pos;
    if (lit(p, "%")) {
        char nm[32];
        if (ident(p, nm, sizeof nm, field) != 0) return -1;
        if (strcmp(nm, "null") == 0) {
            *id = 0;
            return 0;
        }
        for (uint32_t i = 1; i <= 21; i++) {
            const vo_predef *d = vo_predef_get(i);
            if (d && d->name && strcmp(d->name + 1, nm) == 0) {
                *id = i;
                return 0;
            }
        }
        return BAD(field, at, "unknown predefined variable '%%%s'", nm);
    }
    if (!lit(p, "V")) return BAD(field, at, "expected a variable name (V<id>, %%null or a predefined %%name)");
    uint64_t v;
    if (num(p, p->idw == 4 ? 0xFFFFFFFFull : 0xFFFFull, &v, field) != 0) return -1;
    if (v <= 21) return BAD(field, at, "V%u prints as %s; use that name", (unsigned)v,
                            v == 0 ? "%null" : vo_predef_get((uint32_t)v)->name);
    *id = (uint32_t)v;
    return 0;
}

/* surface name -> index (max: largest index T<k> may name) */
static int surface(ps *p, uint64_t max, uint64_t *out, const char *field)
{
    static const char *const predef[6] = { "%slm", "T1", "T2", "TSS", "%bss", "%scratch" };
    size_t at = p->pos;
    for (unsigned i = 0; i < 6; i++) {
        size_t l = strlen(predef[i]);
        if (strncmp(p->s + p->pos, predef[i], l) == 0 && !is_ident(p->s[p->pos + l])) {
            p->pos += l;
            *out = i;
            return 0;
        }
    }
    if (!lit(p, "T")) return BAD(field, at, "expected a surface (%%slm, T1, T2, TSS, %%bss, %%scratch, T<k>)");
    uint64_t v;
    if (num(p, max, &v, field) != 0) return -1;
    if (v < 6) return BAD(field, at, "surface %u has a name of its own", (unsigned)v);
    *out = v;
    return 0;
}

/* region nibble text -> code 1..7 */
static int nib(ps *p, unsigned *out, const char *field)
{
    static const unsigned vals[8] = { 0, 0, 1, 2, 4, 8, 16, 32 };
    size_t at = p->pos;
    uint64_t v = 0;
    *out = 0;
    if (num(p, 32, &v, field) != 0) return -1;
    for (unsigned c = 1; c < 8; c++)
        if (vals[c] == v) {
            *out = c;
            return 0;
        }
    return BAD(field, at, "region value %u is not 0, 1, 2, 4, 8, 16 or 32", (unsigned)v);
}

/* "<h>" | "<w,h>" | "<v;w,h>" */
static int region(ps *p, uint16_t *out, const char *field)
{
    /* initialised: gcc 12 -O3 cannot see that nib() sets them on every 0 return */
    unsigned a = 0, b = 0, c = 0;
    if (expect(p, "<", field) != 0 || nib(p, &a, field) != 0) return -1;
    if (lit(p, ">")) {
        *out = (uint16_t)(a << 8);
        return 0;
    }
    if (lit(p, ",")) {
        if (nib(p, &b, field) != 0 || expect(p, ">", field) != 0) return -1;
        *out = (uint16_t)(a << 4 | b << 8);
        return 0;
    }
    if (expect(p, ";", field) != 0 || nib(p, &b, field) != 0 || expect(p, ",", field) != 0 ||
        nib(p, &c, field) != 0 || expect(p, ">", field) != 0)
        return -1;
    *out = (uint16_t)(a | b << 4 | c << 8);
    return 0;
}

/* ":<type name>" -> type code */
static int type_suffix(ps *p, uint8_t *out, const char *field)
{
    if (expect(p, ":", field) != 0) return -1;
    size_t at = p->pos;
    char nm[8];
    if (ident(p, nm, sizeof nm, field) != 0) return -1;
    int t = vo_type_from_name(nm);
    if (t < 0) return BAD(field, at, "unknown type '%s'", nm);
    *out = (uint8_t)t;
    return 0;
}

static int vec(ps *p, vo_vec *v, const char *field)
{
    memset(v, 0, sizeof *v);
    size_t at = p->pos;
    if (lit(p, "(abs)")) v->mod = 1;
    else if (lit(p, "(-abs)")) v->mod = 3;
    else if (lit(p, "(-)")) v->mod = 2;
    else if (lit(p, "(~)")) v->mod = 5;
    else if (cur(p) == '(') return BAD(field, at, "unknown modifier (expected (abs), (-), (-abs) or (~))");
    at = p->pos;
    uint64_t x;
    if (lit(p, "0x")) { /* immediate */
        uint64_t val = 0;
        unsigned nd = 0;
        size_t dat = p->pos;
        for (;;) {
            char c = cur(p);
            unsigned d;
            if (is_digit(c)) d = (unsigned)(c - '0');
            else if (c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
            else break;
            if (nd == 16) return BAD(field, dat, "immediate longer than 64 bits");
            val = val << 4 | d;
            nd++;
            p->pos++;
        }
        if (nd == 0) return BAD(field, dat, "expected lower-case hex digits after 0x");
        if (nd > 1 && p->s[dat] == '0') return BAD(field, dat, "hex immediate with a leading zero");
        if (type_suffix(p, &v->type_byte, field) != 0) return -1;
        unsigned t = v->type_byte;
        if (!(t == VO_T_DF || t == VO_T_Q || t == VO_T_UQ) && val > 0xFFFFFFFFull)
            return BAD(field, dat, "immediate does not fit the 4-byte payload of this type");
        v->cls = 5;
        v->imm = val;
        return 0;
    }
    if (lit(p, "r[A")) { /* indirect */
        v->cls = 3;
        if (num(p, 0xFFFF, &x, field) != 0) return -1;
        v->id = (uint32_t)x;
        if (expect(p, "(", field) != 0 || num(p, 0xFF, &x, field) != 0) return -1;
        v->addr_off = (uint8_t)x;
        if (expect(p, "),", field) != 0 || snum16(p, &v->ind_off, field) != 0 || expect(p, "]", field) != 0 ||
            region(p, &v->region, field) != 0 || type_suffix(p, &v->type_byte, field) != 0)
            return -1;
        return 0;
    }
    if (cur(p) == 'A' && is_digit(p->s[p->pos + 1])) { /* address: A<id>(<off>)<<n>> */
        static const unsigned es[6] = { 1, 2, 4, 8, 16, 32 };
        p->pos++;
        v->cls = 1;
        if (num(p, 0xFFFF, &x, field) != 0) return -1;
        v->id = (uint32_t)x;
        if (expect(p, "(", field) != 0 || num(p, 0xFF, &x, field) != 0) return -1;
        v->extra[0] = (uint8_t)x;
        if (expect(p, ")<", field) != 0) return -1;
        size_t nat = p->pos;
        if (num(p, 32, &x, field) != 0) return -1;
        unsigned c = 0;
        while (c < 6 && es[c] != x) c++;
        if (c == 6) return BAD(field, nat, "address width %u is not 1, 2, 4, 8, 16 or 32", (unsigned)x);
        v->extra[1] = (uint8_t)c;
        return expect(p, ">", field);
    }
    if (cur(p) == 'P' && is_digit(p->s[p->pos + 1])) { /* predicate: P<id> */
        p->pos++;
        v->cls = 2;
        if (num(p, 0xFFF, &x, field) != 0) return -1;
        v->id = (uint32_t)x;
        return 0;
    }
    if (cur(p) == 'S' && is_digit(p->s[p->pos + 1])) { /* sampler state: S<id>(<off>) */
        p->pos++;
        v->cls = 6;
        v->extra[0] = 1;
        if (num(p, 0xFFFF, &x, field) != 0) return -1;
        v->id = (uint32_t)x;
        if (expect(p, "(", field) != 0 || num(p, 0xFF, &x, field) != 0) return -1;
        v->extra[1] = (uint8_t)x;
        return expect(p, ")", field);
    }
    if (cur(p) == 'T' || strncmp(p->s + p->pos, "%slm", 4) == 0 || strncmp(p->s + p->pos, "%bss", 4) == 0 ||
        (strncmp(p->s + p->pos, "%scratch", 8) == 0 && !is_ident(p->s[p->pos + 8]))) { /* surface state */
        v->cls = 6;
        if (surface(p, 0xFFFF, &x, field) != 0) return -1;
        v->id = (uint32_t)x;
        if (expect(p, "(", field) != 0 || num(p, 0xFF, &x, field) != 0) return -1;
        v->extra[1] = (uint8_t)x;
        return expect(p, ")", field);
    }
    /* general: <name>(<row>,<col>)<region> */
    v->cls = 0;
    if (var_name(p, &v->id, field) != 0) return -1;
    if (expect(p, "(", field) != 0 || num(p, 0xFF, &x, field) != 0) return -1;
    v->row = (uint8_t)x;
    if (expect(p, ",", field) != 0 || num(p, 0xFF, &x, field) != 0) return -1;
    v->col = (uint8_t)x;
    if (expect(p, ")", field) != 0) return -1;
    return region(p, &v->region, field);
}

static int raw(ps *p, vo_raw *r, const char *field)
{
    uint64_t x;
    if (var_name(p, &r->id, field) != 0 || expect(p, ".", field) != 0 || num(p, 0xFFFF, &x, field) != 0)
        return -1;
    r->offset = (uint16_t)x;
    return 0;
}

static const vo_field_desc *field_of(const vo_desc *d, unsigned role)
{
    unsigned n = d->nfields < 24 ? d->nfields : 24;
    for (unsigned i = 0; i < n; i++)
        if (d->fields[i].role == role) return &d->fields[i];
    return NULL;
}

/* value v of "allowed[i]" text -> i; -1 if absent */
static int index_of(const unsigned *allowed, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++)
        if (allowed[i] == v) return (int)i;
    return -1;
}

/* " (M<k>[_NM], <n>)": stores the mask nibble and the lane count */
static int exec_group(ps *p, uint16_t ver, unsigned *nibble, uint64_t *lanes, size_t *lanes_at, const char *field)
{
    uint64_t k;
    if (expect(p, " (M", field) != 0) return -1;
    size_t at = p->pos - 1;
    if (num(p, 8, &k, field) != 0) return -1;
    if (k == 0) return BAD(field, at, "mask M0 does not exist (M1..M8)");
    int nm = lit(p, "_NM");
    if (ver == 300) {
        if (nm && k != 1) return BAD(field, at, "vISA 3.0 has no M%u_NM", (unsigned)k);
        *nibble = nm ? 8u : (unsigned)(k - 1);
    } else {
        *nibble = (unsigned)(k - 1) | (nm ? 8u : 0u);
    }
    if (expect(p, ", ", field) != 0) return -1;
    *lanes_at = p->pos;
    if (num(p, 32, lanes, field) != 0) return -1;
    return expect(p, ")", field);
}

int vo_asm(const char *text, uint16_t visa_version, vo_insn *out, vo_error *err)
{
    ps ps_ = { text ? text : "", 0, err, vo_id_width(visa_version) };
    ps *p = &ps_;
    memset(out, 0, sizeof *out);
    out->visa_version = visa_version;
    if (visa_version < 300 || visa_version > 401) {
        fail(p, VO_E_STATE, "visa_version", 0, "vISA version %u is not in 3.0..4.1", (unsigned)visa_version);
        if (err) err->offset = -1;
        return -1;
    }
    if (!text || !text[0]) return BAD("text", 0, "empty instruction text");

    vo_insn in;
    memset(&in, 0, sizeof in);
    in.visa_version = visa_version;
    uint64_t x;

    /* predicate prefix */
    uint32_t pred = 0;
    int has_pred = 0;
    if (lit(p, "(")) {
        has_pred = 1;
        if (lit(p, "!")) pred |= 0x8000u;
        if (expect(p, "P", "pred") != 0 || num(p, 0xFFF, &x, "pred") != 0) return -1;
        pred |= (uint32_t)x;
        if (lit(p, ".any")) pred |= 1u << 13;
        else if (lit(p, ".all")) pred |= 2u << 13;
        if (expect(p, ") ", "pred") != 0) return -1;
        if (pred == 0) return BAD("pred", 0, "(P0) has no encoding; omit the predicate");
    }

    /* mnemonic */
    size_t mat = p->pos;
    char mn[32];
    size_t mlen = 0;
    while ((cur(p) >= 'a' && cur(p) <= 'z') || is_digit(cur(p)) || cur(p) == '_') {
        if (mlen + 1 >= sizeof mn) return fail(p, VO_E_OPCODE, "mnemonic", mat, "unknown mnemonic");
        mn[mlen++] = cur(p);
        p->pos++;
    }
    mn[mlen] = 0;
    if (mlen == 0) return BAD("mnemonic", mat, "expected a lower-case mnemonic");
    const vo_desc *d = NULL;
    int fform = vo_fence_form(mn); /* issue 26: three mnemonics, one descriptor (D163) */
    for (unsigned i = 0; vo_desc_at(i); i++)
        if (fform >= 0 ? vo_desc_at(i)->family == VO_FAM_FENCE
                       : vo_desc_at(i)->family != VO_FAM_FENCE && strcmp(vo_desc_at(i)->mnemonic, mn) == 0)
            d = vo_desc_at(i);
    if (!d && strcmp(mn, "lsc_read_state_info") == 0) d = vo_desc_tgm(0x1E); /* D330: LSC_TYPED only */
    if (d && fform >= 0) {
        in.desc = d;
        if (vo_fence_asm(p->s, p->pos, fform, has_pred, &in, err) != 0) {
            memset(out, 0, sizeof *out);
            return -1;
        }
        goto encode;
    }
    if (!d) return fail(p, VO_E_OPCODE, "mnemonic", mat, "unknown or unsupported mnemonic '%s'", mn);
    in.desc = d;
    if (d->family == VO_FAM_LSC_FENCE || d->family == VO_FAM_LSC || d->family == VO_FAM_BLOCK2D ||
        d->family == VO_FAM_LSC_TYPED) { /* LSC (issue 14), block2d, LSC_TYPED (issue 28): lsc_text.c */
        if (vo_lsc_asm(p->s, p->pos, d->family != VO_FAM_LSC_FENCE ? (int)pred : has_pred, &in, err) != 0) {
            memset(out, 0, sizeof *out);
            return -1;
        }
        goto encode;
    }

    const vo_field_desc *f;
    if (has_pred) {
        if (!field_of(d, VO_R_PRED)) return BAD("pred", 0, "%s has no predicate", d->mnemonic);
        in.val[VO_R_PRED] = pred;
    }

    if ((f = field_of(d, VO_R_OWORD_SIZE)) != NULL) {
        static const unsigned ow[5] = { 1, 2, 4, 8, 16 };
        uint32_t una = 0;
        if (d->family == VO_FAM_SVM) { /* D172: bare and .aligned: bit 3 clear; .unaligned: bit 3 set */
            in.val[VO_R_SVM_ID] = d->subop;
            if (lit(p, ".unaligned")) una = 8;
            else (void)lit(p, ".aligned");
        }
        if (expect(p, " (", f->name) != 0) return -1;
        size_t at = p->pos;
        if (num(p, 16, &x, f->name) != 0) return -1;
        int c = index_of(ow, 5, x);
        if (c < 0) return BAD(f->name, at, "oword count %u is not 1, 2, 4, 8 or 16", (unsigned)x);
        in.val[VO_R_OWORD_SIZE] = (uint32_t)c | una;
        if (expect(p, ")", f->name) != 0) return -1;
    } else {
        /* suffix */
        if ((f = field_of(d, VO_R_ATOMIC_OP)) != NULL) { /* DWORD_ATOMIC: ".<op>[.16]" */
            if (expect(p, ".", f->name) != 0) return -1;
            size_t at = p->pos;
            char nm[16];
            if (ident(p, nm, sizeof nm, f->name) != 0) return -1;
            unsigned code = 0;
            while (code < 0x20 && !(vo_atomic_op_name(code) && strcmp(vo_atomic_op_name(code), nm) == 0)) code++;
            if (code == 0x20) return BAD(f->name, at, "'%s' is not an atomic operation", nm);
            if (lit(p, ".16")) code |= 0x20;
            else if (d->family == VO_FAM_SVM && lit(p, ".64")) code |= 0x40; /* SVM_ATOMIC: D265, D270 */
            else if (d->family == VO_FAM_SVM) (void)lit(p, ".32");
            if (d->family == VO_FAM_SVM) in.val[VO_R_SVM_ID] = d->subop;
            in.val[VO_R_ATOMIC_OP] = code;
        } else if ((f = field_of(d, VO_R_CHMASK)) != NULL) {
            static const char *const chn[16] = { "", "R", "G", "RG", "B", "RB", "GB", "RGB",
                                                 "A", "RA", "GA", "RGA", "BA", "RBA", "GBA", "RGBA" };
            if (expect(p, ".", f->name) != 0) return -1;
            size_t at = p->pos;
            char nm[8];
            if (ident(p, nm, sizeof nm, f->name) != 0) return -1;
            unsigned m = 1;
            while (m < 16 && strcmp(chn[m], nm) != 0) m++;
            if (m == 16) return BAD(f->name, at, "channels '%s' is not a non-empty subset of RGBA in order", nm);
            in.val[VO_R_CHMASK] = m;
            if (d->family == VO_FAM_SVM) in.val[VO_R_SVM_ID] = d->subop; /* D272 */
        } else if (d->family == VO_FAM_SVM) { /* SVM_GATHER/SCATTER: ".<block bytes>.<blocks>" (D175, D177) */
            static const unsigned bsz[3] = { 1, 4, 8 }, nbk[4] = { 1, 2, 4, 8 };
            in.val[VO_R_SVM_ID] = d->subop;
            if (expect(p, ".", "block_size") != 0) return -1;
            size_t at = p->pos;
            if (num(p, 8, &x, "block_size") != 0) return -1;
            int c = index_of(bsz, 3, x);
            if (c < 0) return BAD("block_size", at, "block size %u is not 1, 4 or 8", (unsigned)x);
            in.val[VO_R_BLOCK_SIZE] = (uint32_t)c;
            if (expect(p, ".", "num_blocks") != 0) return -1;
            at = p->pos;
            if (num(p, 8, &x, "num_blocks") != 0) return -1;
            c = index_of(nbk, 4, x);
            if (c < 0) return BAD("num_blocks", at, "num_blocks %u is not 1, 2, 4 or 8", (unsigned)x);
            in.val[VO_R_NUM_BLOCKS] = (uint32_t)c;
        } else if ((f = field_of(d, VO_R_MEDIA_MODS)) != NULL) { /* MEDIA_LD/ST: ".<mods> (<w>, <h>)" */
            if (expect(p, ".", f->name) != 0 || num(p, 255, &x, f->name) != 0) return -1;
            in.val[VO_R_MEDIA_MODS] = (uint32_t)x;
            if (expect(p, " (", "block_width") != 0 || num(p, 255, &x, "block_width") != 0) return -1;
            in.val[VO_R_MEDIA_W] = (uint32_t)x;
            if (expect(p, ", ", "block_height") != 0 || num(p, 255, &x, "block_height") != 0) return -1;
            in.val[VO_R_MEDIA_H] = (uint32_t)x;
            if (expect(p, ")", "block_height") != 0) return -1;
        } else if ((f = field_of(d, VO_R_ELT_SIZE)) != NULL || (f = field_of(d, VO_R_NUM_BLOCKS)) != NULL) {
            static const unsigned sz[4] = { 1, 2, 4, 8 };
            unsigned nsz = d->elt_bytes == 8 ? 4 : 3; /* QW: block counts 1/2/4/8 (codes 0..3) */
            if (expect(p, ".", f->name) != 0) return -1;
            size_t at = p->pos;
            if (num(p, nsz == 4 ? 8 : 4, &x, f->name) != 0) return -1;
            int c = index_of(sz, nsz, x);
            if (c < 0) return BAD(f->name, at, "%s %u is not 1, 2 or 4%s", f->name, (unsigned)x, nsz == 4 ? " or 8" : "");
            in.val[f->role] = (uint32_t)c;
        }
        /* execution size and mask */
        unsigned nibble;
        size_t lat;
        if ((f = field_of(d, VO_R_EXEC)) != NULL) {
            static const unsigned n_of[6] = { 1, 2, 4, 8, 16, 32 };
            if (exec_group(p, visa_version, &nibble, &x, &lat, f->name) != 0) return -1;
            int c = index_of(n_of, 6, x);
            if (c < 0) return BAD(f->name, lat, "execution size %u is not 1, 2, 4, 8, 16 or 32", (unsigned)x);
            in.val[VO_R_EXEC] = (uint32_t)c | nibble << 4;
        } else if ((f = field_of(d, VO_R_NUM_ELTS)) != NULL) {
            static const unsigned n_of[3] = { 8, 16, 1 };
            if (exec_group(p, visa_version, &nibble, &x, &lat, f->name) != 0) return -1;
            int c = index_of(n_of, 3, x);
            if (c < 0) return BAD(f->name, lat, "num_elts %u is not 1, 8 or 16", (unsigned)x);
            in.val[VO_R_NUM_ELTS] = (uint32_t)c | nibble << 4;
        }
    }

    /* operands in binary order; SVM_ATOMIC in IGC's text order addresses dst src0 src1 (D270) */
    static const uint8_t svm_at_order[4] = { VO_R_EOFF, VO_R_DATA, VO_R_SRC0, VO_R_SRC1 };
    int svm_at = d->family == VO_FAM_SVM && field_of(d, VO_R_ATOMIC_OP);
    unsigned nf = svm_at ? 4 : d->nfields < 24 ? d->nfields : 24;
    for (unsigned i = 0; i < nf; i++) {
        f = svm_at ? field_of(d, svm_at_order[i]) : &d->fields[i];
        switch (f->role) {
        case VO_R_SURFACE:
            if (expect(p, " ", f->name) != 0 || surface(p, 0xFF, &x, f->name) != 0) return -1;
            in.val[VO_R_SURFACE] = (uint32_t)x;
            break;
        case VO_R_GOFF:
            if (expect(p, " ", f->name) != 0 || vec(p, &in.goff, f->name) != 0) return -1;
            break;
        case VO_R_MEDIA_PLANE:
            if (expect(p, " ", f->name) != 0 || num(p, 255, &x, f->name) != 0) return -1;
            in.val[VO_R_MEDIA_PLANE] = (uint32_t)x;
            break;
        case VO_R_MEDIA_X: case VO_R_MEDIA_Y:
            if (expect(p, " ", f->name) != 0 || vec(p, vo_insn_vec(&in, f->role), f->name) != 0) return -1;
            break;
        case VO_R_EOFF:
            if (expect(p, " ", f->name) != 0 || raw(p, &in.eoff, f->name) != 0) return -1;
            break;
        case VO_R_DATA:
            if (expect(p, " ", f->name) != 0 || raw(p, &in.data, f->name) != 0) return -1;
            break;
        case VO_R_SRC0: case VO_R_SRC1: /* DWORD_ATOMIC */
        case VO_R_TV: case VO_R_TR: case VO_R_TLOD: /* typed (issue 28) */
            if (expect(p, " ", f->name) != 0 || raw(p, vo_insn_raw(&in, f->role), f->name) != 0) return -1;
            break;
        default: break;
        }
    }
    if (cur(p) != 0) return BAD("text", p->pos, "characters after the instruction");
    if ((d->flags & VO_DF_LAYOUT_32) && visa_version < 302) { /* decision D333: the pre-3.2 layout */
        if (in.val[VO_R_PRED])
            return fail(p, VO_E_TYPED_VERSION, "pred", 0, "%s before vISA 3.2 has no predicate", d->mnemonic);
        if (in.tlod.id || in.tlod.offset)
            return fail(p, VO_E_TYPED_VERSION, "lod", 0, "%s before vISA 3.2 has no LOD (%%null.0)", d->mnemonic);
        if ((in.val[VO_R_EXEC] & 0xF) != 3)
            return fail(p, VO_E_TYPED_VERSION, "exec_size", 0, "%s before vISA 3.2 is SIMD8 only", d->mnemonic);
        in.val[VO_R_EXEC] &= 0xF0; /* size nibble 0 = SIMD8 */
        in.desc = vo_desc_typed31(d->opcode);
    }
encode:;
    uint8_t buf[VO_MAX_INSN_BYTES];
    size_t n = vo_encode(&in, buf, sizeof buf);
    vo_error e2;
    if (n == 0 || vo_decode(buf, n, visa_version, out, &e2) != 0) {
        memset(out, 0, sizeof *out);
        return BAD("text", 0, "internal: the instruction does not encode");
    }
    return 0;
}
