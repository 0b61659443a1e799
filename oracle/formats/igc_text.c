/* IGC's text of the memory instructions (issue 25), both ways.
 *
 * IGC (its .visaasm dumps, GenX_IR -dumpcommonisa) prints an instruction as
 * the oracle's printer does (docs/encoding.md §3) except for three spellings,
 * and indents it and ends it with an instruction-id comment:
 *   - general variables' ids zero-padded to four digits: V0062 (V12345 as is);
 *   - hex digits upper-case: bti(0xB), 0x1F:ud;
 *   - LSC_UNTYPED: two blanks before each operand ("(M1, 16)  V0057:d32  ...");
 *   - MEDIA_LD/MEDIA_ST: the modifiers by name (nomod modified top bottom
 *     top_mod bottom_mod for 0..5, as GenX_IR reads them; decision D216) and
 *     no blank in the block shape: "media_ld.nomod (32,1) T6 ...".
 *   - "    <text>    /// $14": leading blanks, trailing blanks and a "///"
 *     comment (the instruction id IGC numbers, not part of the instruction).
 * vo_asm_igc reads either form (IGC's or the oracle's): it rewrites the
 * text into the oracle's form (comment and outer blanks cut, runs of blanks
 * one blank, leading zeros of V ids dropped, hex digits lower case) and
 * hands it to vo_asm; an error's offset is mapped back into the given text.
 * vo_disasm_igc prints the oracle's text in IGC's spelling (no indent, no
 * comment): the line diff against a .visaasm compares the text between the
 * indent and the "///" comment (decision D220). */
#include "visa_asm.h"
#include <stdio.h>
#include <string.h>

static int is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
static int is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static int is_blank(char c) { return c == ' ' || c == '\t'; }

#define IGC_TEXT_CAP 1024

/* MEDIA_LD / MEDIA_ST modifiers as IGC names them (D216) */
static const char *const media_mods[6] = { "nomod", "modified", "top", "bottom", "top_mod", "bottom_mod" };

/* the length of "media_ld." / "media_st." when text starts with it, else 0 */
static size_t media_prefix(const char *t)
{
    return strncmp(t, "media_ld.", 9) == 0 || strncmp(t, "media_st.", 9) == 0 ? 9 : 0;
}

int vo_asm_igc(const char *text, uint16_t visa_version, vo_insn *out, vo_error *err)
{
    if (!text) return vo_asm(text, visa_version, out, err);
    char norm[IGC_TEXT_CAP];
    size_t map[IGC_TEXT_CAP]; /* map[k]: offset in text of norm[k] */
    size_t i = 0, n = 0, end = strlen(text);
    const char *cm = strstr(text, "///");
    if (cm) end = (size_t)(cm - text);
    while (end > 0 && (is_blank(text[end - 1]) || text[end - 1] == '\r' || text[end - 1] == '\n')) end--;
    while (i < end && is_blank(text[i])) i++;
    size_t mod_at = media_prefix(text + i) ? i + 9 : (size_t)-1; /* MEDIA: modifiers by name, "(w,h)" */
    int shape = 0;                                              /* 1 inside MEDIA's "(w, h)" */
    while (i < end) {
        if (n + 3 >= IGC_TEXT_CAP) { /* longer than any instruction's text: vo_asm names where it stops */
            break;
        }
        char c = text[i];
        if (is_blank(c)) {
            while (i < end && is_blank(text[i])) i++;
            map[n] = i - 1;
            norm[n++] = ' ';
            continue;
        }
        if (i == mod_at) { /* D216: a modifier's name -> its number */
            size_t j = i;
            while (j < end && is_ident(text[j])) j++;
            for (unsigned k = 0; k < 6; k++)
                if (strlen(media_mods[k]) == j - i && strncmp(text + i, media_mods[k], j - i) == 0) {
                    map[n] = i;
                    norm[n++] = (char)('0' + k);
                    i = j;
                    break;
                }
            if (i == j) continue;
        }
        if (mod_at != (size_t)-1 && c == '(' && !shape) shape = 1;
        if (shape == 1 && c == ')') shape = 2;
        if (shape == 1 && c == ',' && i + 1 < end && !is_blank(text[i + 1])) { /* "(32,1)" -> "(32, 1)" */
            map[n] = i;
            norm[n++] = ',';
            map[n] = i;
            norm[n++] = ' ';
            i++;
            continue;
        }
        int word_start = i == 0 || !is_ident(text[i - 1]);
        if (c == 'V' && word_start && i + 1 < end && text[i + 1] >= '0' && text[i + 1] <= '9') {
            map[n] = i;
            norm[n++] = 'V';
            i++;
            while (i + 1 < end && text[i] == '0' && text[i + 1] >= '0' && text[i + 1] <= '9') i++; /* V0062 -> V62 */
            continue;
        }
        if (c == '0' && word_start && i + 2 < end && text[i + 1] == 'x' && is_hex(text[i + 2])) {
            map[n] = i;
            norm[n++] = '0';
            map[n] = i + 1;
            norm[n++] = 'x';
            i += 2;
            while (i < end && is_hex(text[i]) && n + 2 < IGC_TEXT_CAP) {
                char h = text[i];
                map[n] = i;
                norm[n++] = (char)(h >= 'A' && h <= 'F' ? h - 'A' + 'a' : h);
                i++;
            }
            continue;
        }
        map[n] = i;
        norm[n++] = c;
        i++;
    }
    if (i < end) { /* what was not copied: an error at its place */
        memset(out, 0, sizeof *out);
        if (err) {
            err->code = VO_E_STATE;
            err->field = "text";
            err->offset = (int64_t)i;
            snprintf(err->message, sizeof err->message, "instruction text longer than %d characters",
                     IGC_TEXT_CAP - 2);
        }
        return -1;
    }
    norm[n] = 0;
    map[n] = end;
    if (vo_asm(norm, visa_version, out, err) == 0) return 0;
    if (err && err->offset >= 0 && (size_t)err->offset <= n) err->offset = (int64_t)map[err->offset];
    return -1;
}

size_t vo_disasm_igc(const vo_insn *insn, char *buf, size_t cap)
{
    char t[IGC_TEXT_CAP];
    t[0] = 0;
    vo_disasm(insn, t, sizeof t);
    int lsc = insn && insn->desc && insn->desc->family == VO_FAM_LSC;
    int t2d = insn && insn->desc && insn->desc->family == VO_FAM_LSC_TYPED && (insn->desc->subop | 4) == 0x07;
    lsc |= t2d; /* LSC_TYPED block2d (D329): two blanks before every operand, no exec size */
    if (media_prefix(t) && t[9] >= '0' && t[9] <= '5' && t[10] == ' ') { /* D216: ".0 (8, 4)" -> ".nomod (8,4)" */
        char m[IGC_TEXT_CAP];
        const char *rest = t + 11, *comma = strstr(rest, ", ");
        if (comma && strchr(rest, ')') > comma) {
            snprintf(m, sizeof m, "%.9s%s %.*s,%s", t, media_mods[t[9] - '0'], (int)(comma - rest), rest, comma + 2);
            memcpy(t, m, sizeof t);
        }
    }
    size_t n = 0, i = 0;
    int depth = 0, spaces = 0;
    if (t2d) spaces = 1;
    if (lsc && t[0] == '(') spaces = t2d ? 0 : -1; /* the predicate prefix "(...) " keeps its blank */
#define PUT(ch)                                                                                                        \
    do {                                                                                                               \
        if (n + 1 < cap) buf[n] = (ch);                                                                                \
        n++;                                                                                                           \
    } while (0)
    for (; t[i]; i++) {
        char c = t[i];
        int word_start = i == 0 || !is_ident(t[i - 1]);
        if (c == '(' || c == '[' || c == '<') depth++;
        if ((c == ')' || c == ']' || c == '>') && depth > 0) depth--;
        if (c == ' ' && depth == 0 && lsc && spaces++ > 0) PUT(' '); /* LSC: operands after two blanks */
        if (c == 'V' && word_start && t[i + 1] >= '0' && t[i + 1] <= '9') {
            size_t j = i + 1;
            while (t[j] >= '0' && t[j] <= '9') j++;
            PUT('V');
            for (size_t pad = j - i - 1; pad < 4; pad++) PUT('0');
            for (size_t k = i + 1; k < j; k++) PUT(t[k]);
            i = j - 1;
            continue;
        }
        if (c == '0' && word_start && t[i + 1] == 'x') {
            PUT('0');
            PUT('x');
            i += 2;
            for (; is_hex(t[i]); i++) PUT((char)(t[i] >= 'a' && t[i] <= 'f' ? t[i] - 'a' + 'A' : t[i]));
            i--;
            continue;
        }
        PUT(c);
    }
#undef PUT
    if (cap) buf[n < cap ? n : cap - 1] = 0;
    return n;
}
