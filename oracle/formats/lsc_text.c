/* Text of the LSC instructions (issue 14), called from disasm.c / asm.c.
 *
 * LSC_FENCE prints as Intel's printer does: "lsc_fence.<sfid>.<op>.<scope>"
 * with sfid ugm|ugml|tgm|slm|urb, op none|evict|invalidate|discard|clean|
 * flushl3|type6, scope group|local|tile|gpu|gpus|sysrel|sysacq (the page's
 * "system" is "sysrel" in the grammar, decision D99). An out-of-range byte
 * prints '?'. The exec and pred bytes have no text (decision D96): asm
 * writes the canonical exec 0x80 (SIMD1, NoMask) and pred 0. */
#include "lsc_text.h"
#include <stdio.h>
#include <string.h>

static const char *const sfid_names[] = { "ugm", "ugml", "tgm", "slm", "urb" };
static const char *const fop_names[] = { "none", "evict", "invalidate", "discard", "clean", "flushl3", "type6" };
static const char *const scope_names[] = { "group", "local", "tile", "gpu", "gpus", "sysrel", "sysacq" };
#define NEL(a) (sizeof(a) / sizeof((a)[0]))

static const char *nm(const char *const *tab, size_t n, uint32_t v) { return v < n ? tab[v] : "?"; }

size_t vo_lsc_disasm(const vo_insn *in, char *buf, size_t cap)
{
    int k = 0;
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

int vo_lsc_asm(const char *t, size_t pos, int has_pred, vo_insn *in, vo_error *err)
{
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
