/* Disassembler: vISA assembly text of a decoded instruction, in the printer
 * conventions of docs/encoding.md §2-§3 (the text Intel's GenX_IR prints back).
 *
 * Rules, in the order the text is built:
 *   [(<!>P<id><.any|.all>) ]<mnemonic>[.<suffix>] <exec> <surface> <goff> [<eoff>] <data>
 *   DWORD_ATOMIC: [(<pred>) ]dword_atomic.<op>[.16] <exec> <surface> <eoff> <src0> <src1> <dst>
 *   (op names as GenX_IR prints them, "minsint"/"maxsint" for IMIN/IMAX;
 *   PREDEC, which GenX_IR cannot print, is "predec" (decision D52); an
 *   undefined op code prints '?', width bits other than 000/001 ".?")
 * - Predicate (opcodes with a pred field, uw != 0): id = bits 11..0,
 *   combine = bits 14..13 (1 .any, 2 .all, 3 -> ".?"), invert = bit 15.
 *   Bit 12 has no text form.
 * - Suffix: 4-channel ops print the channel names (R,G,B,A order); GATHER /
 *   SCATTER print the element size in bytes (1/2/4); *_SCALED print the bytes
 *   per lane (1/2/4); QW_GATHER/QW_SCATTER the block count (1/2/4/8 for codes
 *   0..3, only 1 is valid). The is_modified byte of GATHER / OWORD_LD* has no
 *   printed form (Intel's reader drops it). Field bits the Intel reader masks off are ignored here
 *   too (channel mask 3..0, elt_size 1..0, num_elts 1..0 / 7..4, exec byte
 *   3..0 / 7..4, oword size 2..0); a code with no meaning prints '?'.
 * - Exec: "(M<k>[_NM], <n>)" from vo_insn_ctrl (which knows the vISA 3.0
 *   mask enumeration); OWORD ops print "(<owords>)".
 * - Surface: 0 %slm, 1 T1, 2 T2, 3 TSS, 4 %bss, 5 %scratch, k >= 6 T<k>.
 * - Vector operand: general "V<id>(<row>,<col>)<v;w,h>", indirect
 *   "r[A<id>(<elt>),<off>]<v;w,h>:<type>", immediate "0x<hex>:<type>", with a
 *   modifier prefix "(abs)", "(-)", "(-abs)", "(~)". Regions print like
 *   Intel's printer: "<h>" when the width is null, "<w,h>" when only the
 *   vertical stride is null; a null or illegal nibble where a value is
 *   needed prints '?'. Address, predicate and state classes print Intel's
 *   forms ("A<id>(<off>)<<n>>", "P<id>", "T<id>(<off>)"); classes 4 and 7 '?'.
 * - Raw operand: "<name>.<offset>"; names: 0 %null, 1..21 the predefined
 *   %names (docs/encoding.md §5.4), others V<id>.
 * Never reads outside *insn, never writes past cap, always NUL-terminates
 * (when cap > 0). */
#include "visa_oracle.h"
#include "lsc_text.h"
#include "fence_text.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct sb { char *b; size_t cap, n; } sb;

static void sb_puts(sb *s, const char *str)
{
    while (*str) {
        if (s->n + 1 < s->cap) s->b[s->n++] = *str;
        str++;
    }
    if (s->cap) s->b[s->n < s->cap ? s->n : s->cap - 1] = 0;
}

static void sb_printf(sb *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sb *s, const char *fmt, ...)
{
    char tmp[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    sb_puts(s, tmp);
}

static int has_role(const vo_desc *d, unsigned role)
{
    unsigned n = d->nfields < 24 ? d->nfields : 24;
    for (unsigned i = 0; i < n; i++)
        if (d->fields[i].role == role) return 1;
    return 0;
}

/* channel-mask suffixes, index = mask bits 3..0 (R=1, G=2, B=4, A=8) */
static const char *const ch_names[16] = {
    "?", "R", "G", "RG", "B", "RB", "GB", "RGB", "A", "RA", "GA", "RGA", "BA", "RBA", "GBA", "RGBA",
};

static const char *surface_name(uint32_t s, char *tmp, size_t n)
{
    static const char *const predef[6] = { "%slm", "T1", "T2", "TSS", "%bss", "%scratch" };
    if (s < 6) return predef[s];
    snprintf(tmp, n, "T%u", (unsigned)s);
    return tmp;
}

static void put_var_name(sb *s, uint32_t id)
{
    if (id == 0) {
        sb_puts(s, "%null");
        return;
    }
    const vo_predef *p = vo_predef_get(id);
    if (p && p->name) sb_puts(s, p->name);
    else sb_printf(s, "V%u", (unsigned)id);
}

static void put_type(sb *s, unsigned t)
{
    const char *n = vo_type_name(t & 0xF);
    sb_puts(s, n ? n : "?");
}

/* one region nibble: 0 null (-> '?' where a value is needed), 1..7 = 0,1,2,4,8,16,32 */
static void put_nib(sb *s, unsigned nib)
{
    static const char *const v[8] = { "?", "0", "1", "2", "4", "8", "16", "32" };
    sb_puts(s, nib < 8 ? v[nib] : "?");
}

static void put_region(sb *s, uint16_t region)
{
    unsigned vs = region & 0xF, w = (region >> 4) & 0xF, hs = (region >> 8) & 0xF;
    sb_puts(s, "<");
    if (w == 0) { /* destination form: horizontal stride only */
        put_nib(s, hs);
    } else if (vs == 0) { /* VxH form */
        put_nib(s, w);
        sb_puts(s, ",");
        put_nib(s, hs);
    } else {
        put_nib(s, vs);
        sb_puts(s, ";");
        put_nib(s, w);
        sb_puts(s, ",");
        put_nib(s, hs);
    }
    sb_puts(s, ">");
}

static void put_vec(sb *s, const vo_vec *v)
{
    static const char *const mods[8] = { "", "(abs)", "(-)", "(-abs)", "(?)", "(~)", "(?)", "(?)" };
    sb_puts(s, mods[v->mod & 7]);
    switch (v->cls) {
    case 0: /* general */
        put_var_name(s, v->id);
        sb_printf(s, "(%u,%u)", (unsigned)v->row, (unsigned)v->col);
        put_region(s, v->region);
        break;
    case 1: { /* address: A<id>(<off>)<<exec size>> */
        static const char *const es[16] = { "1", "2", "4", "8", "16", "32", "?", "?",
                                            "?", "?", "?", "?", "?", "?", "?", "?" };
        sb_printf(s, "A%u(%u)<%s>", (unsigned)v->id, (unsigned)v->extra[0], es[v->extra[1] & 0xF]);
        break;
    }
    case 2: /* predicate */
        sb_printf(s, "P%u", (unsigned)(v->id & 0xFFF));
        break;
    case 3: /* indirect */
        sb_printf(s, "r[A%u(%u),%d]", (unsigned)v->id, (unsigned)v->addr_off, (int)v->ind_off);
        put_region(s, v->region);
        sb_puts(s, ":");
        put_type(s, v->type_byte);
        break;
    case 5: { /* immediate */
        unsigned t = v->type_byte & 0xF;
        uint64_t val = v->imm;
        if (!(t == VO_T_DF || t == VO_T_Q || t == VO_T_UQ)) val &= 0xFFFFFFFFull;
        sb_printf(s, "0x%llx:", (unsigned long long)val);
        put_type(s, t);
        break;
    }
    case 6: { /* state operand: class 0 surface, 1 sampler */
        char tmp[16];
        if (v->extra[0] == 0) sb_puts(s, surface_name(v->id, tmp, sizeof tmp));
        else if (v->extra[0] == 1) sb_printf(s, "S%u", (unsigned)v->id);
        else sb_puts(s, "?");
        sb_printf(s, "(%u)", (unsigned)v->extra[1]);
        break;
    }
    default:
        sb_puts(s, "?");
        break;
    }
}

static void put_raw(sb *s, const vo_raw *r)
{
    sb_puts(s, " ");
    put_var_name(s, r->id);
    sb_printf(s, ".%u", (unsigned)r->offset);
}

/* "(M<k>[_NM], <n>)"; n may be '?' */
static void put_exec(sb *s, const vo_insn *in, const char *n)
{
    vo_ctrl c;
    vo_insn_ctrl(in, &c);
    if (c.mask_off <= 28 && c.mask_off % 4 == 0)
        sb_printf(s, " (M%u%s, %s)", (unsigned)(c.mask_off / 4 + 1), c.nomask ? "_NM" : "", n);
    else
        sb_printf(s, " (?, %s)", n);
}

size_t vo_disasm(const vo_insn *in, char *buf, size_t cap)
{
    sb s = { buf, buf ? cap : 0, 0 };
    if (s.cap) buf[0] = 0;
    if (!in || !in->desc || !in->desc->mnemonic) {
        sb_puts(&s, "?");
        return s.n;
    }
    const vo_desc *d = in->desc;
    char tmp[16];
    if (d->family == VO_FAM_LSC_FENCE || d->family == VO_FAM_LSC || d->family == VO_FAM_BLOCK2D || d->family == VO_FAM_LSC_TYPED)
        return vo_lsc_disasm(in, buf, cap); /* LSC (issue 14), block2d (issue 27) */
    if (d->family == VO_FAM_FENCE) return vo_fence_disasm(in, buf, cap); /* issue 26, D163 */

    /* predicate prefix */
    if (has_role(d, VO_R_PRED) && (in->val[VO_R_PRED] & 0xFFFF) != 0) {
        uint32_t p = in->val[VO_R_PRED];
        static const char *const comb[4] = { "", ".any", ".all", ".?" };
        sb_printf(&s, "(%sP%u%s) ", (p >> 15) & 1 ? "!" : "", (unsigned)(p & 0xFFF), comb[(p >> 13) & 3]);
    }
    sb_puts(&s, d->mnemonic);

    /* suffix and execution size */
    if (has_role(d, VO_R_OWORD_SIZE)) {
        static const char *const ow[8] = { "1", "2", "4", "8", "16", "?", "?", "?" };
        if (d->family == VO_FAM_SVM && (in->val[VO_R_OWORD_SIZE] & 8)) sb_puts(&s, ".unaligned"); /* D172 */
        sb_printf(&s, " (%s)", ow[in->val[VO_R_OWORD_SIZE] & 7]);
    } else {
        if (has_role(d, VO_R_ATOMIC_OP)) { /* DWORD_ATOMIC: ".<op>[.16]" */
            uint32_t ob = in->val[VO_R_ATOMIC_OP];
            const char *on = vo_atomic_op_name(ob & 0x1F);
            sb_printf(&s, ".%s", on ? on : "?");
            if ((ob >> 5) == 1) sb_puts(&s, ".16");
            else if ((ob >> 5) == 2 && d->family == VO_FAM_SVM) sb_puts(&s, ".64"); /* SVM_ATOMIC: D265 */
            else if (ob >> 5) sb_puts(&s, ".?");
        } else if (has_role(d, VO_R_CHMASK)) {
            sb_printf(&s, ".%s", ch_names[in->val[VO_R_CHMASK] & 0xF]);
        } else if (d->family == VO_FAM_SVM) { /* SVM_GATHER/SCATTER: ".<block bytes>.<blocks>" (D175, D177) */
            static const char *const bsz[4] = { "1", "4", "8", "?" };
            uint32_t bs = in->val[VO_R_BLOCK_SIZE], nb = in->val[VO_R_NUM_BLOCKS];
            sb_printf(&s, ".%s.%s", bs < 4 ? bsz[bs] : "?", nb == 0 ? "1" : nb == 1 ? "2" : nb == 2 ? "4" : nb == 3 ? "8" : "?");
        } else if (has_role(d, VO_R_ELT_SIZE)) { /* D32: GATHER/SCATTER in the printer's form; D31: no .mod */
            static const char *const es[4] = { "1", "2", "4", "?" };
            sb_printf(&s, ".%s", es[in->val[VO_R_ELT_SIZE] & 3]);
        } else if (has_role(d, VO_R_MEDIA_MODS)) { /* MEDIA_LD/ST: page text ".<mods> (<w>, <h>)" (D206) */
            sb_printf(&s, ".%u (%u, %u)", (unsigned)in->val[VO_R_MEDIA_MODS], (unsigned)in->val[VO_R_MEDIA_W],
                      (unsigned)in->val[VO_R_MEDIA_H]);
        } else if (has_role(d, VO_R_NUM_BLOCKS)) {
            uint32_t nb = in->val[VO_R_NUM_BLOCKS];
            sb_printf(&s, ".%s", nb == 0 ? "1" : nb == 1 ? "2" : nb == 2 ? "4" : nb == 3 && d->elt_bytes == 8 ? "8" : "?");
        }
        if (has_role(d, VO_R_EXEC)) {
            static const char *const n_of[16] = { "1", "2", "4", "8", "16", "32", "?", "?",
                                                  "?", "?", "?", "?", "?", "?", "?", "?" };
            put_exec(&s, in, (d->flags & VO_DF_LAYOUT_31) ? ((in->val[VO_R_EXEC] & 0xF) ? "?" : "8") /* D333 */
                                                          : n_of[in->val[VO_R_EXEC] & 0xF]);
        } else if (has_role(d, VO_R_NUM_ELTS)) {
            static const char *const n_of[4] = { "8", "16", "1", "?" };
            put_exec(&s, in, n_of[in->val[VO_R_NUM_ELTS] & 3]);
        }
    }

    /* operands in binary order; SVM_ATOMIC in IGC's text order addresses dst src0 src1 (D270) */
    static const uint8_t svm_at_order[4] = { VO_R_EOFF, VO_R_DATA, VO_R_SRC0, VO_R_SRC1 };
    int svm_at = d->family == VO_FAM_SVM && has_role(d, VO_R_ATOMIC_OP);
    unsigned nf = svm_at ? 4 : d->nfields < 24 ? d->nfields : 24;
    for (unsigned i = 0; i < nf; i++) {
        switch (svm_at ? svm_at_order[i] : d->fields[i].role) {
        case VO_R_SURFACE:
            sb_printf(&s, " %s", surface_name(in->val[VO_R_SURFACE], tmp, sizeof tmp));
            break;
        case VO_R_GOFF:
            sb_puts(&s, " ");
            put_vec(&s, &in->goff);
            break;
        case VO_R_MEDIA_PLANE: sb_printf(&s, " %u", (unsigned)in->val[VO_R_MEDIA_PLANE]); break;
        case VO_R_MEDIA_X: case VO_R_MEDIA_Y:
            sb_puts(&s, " ");
            put_vec(&s, vo_insn_vec((vo_insn *)in, d->fields[i].role));
            break;
        case VO_R_EOFF: put_raw(&s, &in->eoff); break;
        case VO_R_DATA: put_raw(&s, &in->data); break;
        case VO_R_SRC0: put_raw(&s, &in->src0); break; /* DWORD_ATOMIC */
        case VO_R_SRC1: put_raw(&s, &in->src1); break;
        case VO_R_TV: put_raw(&s, &in->tv); break; /* typed (issue 28) */
        case VO_R_TR:
            put_raw(&s, &in->tr);
            if (d->flags & VO_DF_LAYOUT_31) put_raw(&s, &in->tlod); /* D333: no LOD in the bytes: %null.0 */
            break;
        case VO_R_TLOD: put_raw(&s, &in->tlod); break;
        default: break;
        }
    }
    return s.n;
}
