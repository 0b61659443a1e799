/* Legacy FENCE text (issue 26, decision D163), in the form Intel's printer
 * writes and its parser reads:
 *   fence_sw                          mask bit 7 set (the other bits void, D162)
 *   fence_global[.<flags>]            bit 5 clear
 *   fence_local[.<flags>]             bit 5 set
 * <flags> is E I S C R L1 (bits 0 1 2 3 4 6), each at most once, in that order;
 * the dot only when a flag follows. Intel's printer writes `fence_local.` for
 * mask 0x20, which its own 1.0.12504 parser rejects: disasm writes
 * `fence_local` (D163); asm reads what disasm writes, and nothing else
 * (a dot without flags is refused, naming D163). */
#include "fence_text.h"
#include <stdio.h>
#include <string.h>

static const struct { const char *s; uint8_t bit; } flags[] = {
    { "E", 0x01 }, { "I", 0x02 }, { "S", 0x04 }, { "C", 0x08 }, { "R", 0x10 }, { "L1", 0x40 },
};
#define NFLAGS (sizeof flags / sizeof flags[0])

size_t vo_fence_disasm(const vo_insn *in, char *buf, size_t cap)
{
    char t[40];
    uint32_t m = in->val[VO_R_FENCE_MASK] & 0xFF;
    size_t n;
    if (m & 0x80) {
        n = (size_t)snprintf(t, sizeof t, "fence_sw");
    } else {
        n = (size_t)snprintf(t, sizeof t, "%s", m & 0x20 ? "fence_local" : "fence_global");
        if (m & 0x5F) t[n++] = '.'; /* D163 */
        for (unsigned i = 0; i < NFLAGS; i++)
            if (m & flags[i].bit)
                for (const char *c = flags[i].s; *c; c++) t[n++] = *c;
        t[n] = 0;
    }
    if (cap) snprintf(buf, cap, "%s", t);
    return n;
}

int vo_fence_form(const char *mn)
{
    if (strcmp(mn, "fence_global") == 0) return 0;
    if (strcmp(mn, "fence_local") == 0) return 1;
    if (strcmp(mn, "fence_sw") == 0) return 2;
    return -1;
}

static int bad(vo_error *err, const char *field, size_t at, const char *msg)
{
    if (err) {
        err->code = VO_E_STATE;
        err->field = field;
        err->offset = (int64_t)at;
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return -1;
}

int vo_fence_asm(const char *t, size_t pos, int form, int has_pred, vo_insn *in, vo_error *err)
{
    if (has_pred) return bad(err, "pred", 0, "fence has no predicate");
    uint32_t m = form == 2 ? 0x80 : form == 1 ? 0x20 : 0;
    if (form != 2 && t[pos] == '.') {
        size_t dot = pos++;
        for (unsigned i = 0; i < NFLAGS; i++) {
            size_t l = strlen(flags[i].s);
            if (strncmp(t + pos, flags[i].s, l) == 0) {
                m |= flags[i].bit;
                pos += l;
            }
        }
        if (pos == dot + 1 && !t[pos]) /* D163: the printer's `fence_local.` is read as its canonical `fence_local` only */
            return bad(err, "mask", dot, "a dot without flags: write the fence without it (decision D163)");
    }
    if (t[pos])
        return bad(err, "mask", pos,
                   form == 2 ? "characters after fence_sw" : "fence flags are E I S C R L1, each once, in that order");
    in->val[VO_R_FENCE_MASK] = m;
    return 0;
}
