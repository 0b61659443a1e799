/*
 * JSON layer: parse cases / final states, print canonical input, expect and
 * test objects, and the state digest. Shapes and rules: docs/format.md.
 *
 * Input is read by this file's own strict parser (below, "the reader"), not
 * cJSON. Output: numbers are never printed through cJSON (integers are
 * formatted with snprintf and inserted raw), keys are inserted once each in
 * canonical order, bytes travel as hex strings, and duplicate keys on input
 * are rejected.
 */
#include "visa_json.h"
#include "json_reader.h"

#include <cjson/cJSON.h>
#include <openssl/evp.h>
#include <stdarg.h>
#include <stdatomic.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#define HEX_AVX2 1
#include <immintrin.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* small helpers                                                       */
/* ------------------------------------------------------------------ */

static const char HEXDIGITS[] = "0123456789abcdef";

/* value of a hex digit, or -1: a table, since every state's bytes pass here */
static const int8_t HEXVAL[256] = {
    ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
    ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
}; /* stored +1 so that 0 means "not a hex digit" */

static int hexval(int ch) { return HEXVAL[(unsigned char)ch] - 1; }

long vo_hex_decode(const char *hex, size_t nchars, uint8_t *out, size_t cap)
{
    if (nchars % 2) return -1;
    if (nchars / 2 > cap) return -1;
    for (size_t i = 0; i < nchars; i += 2) {
        int hi = hexval((unsigned char)hex[i]), lo = hexval((unsigned char)hex[i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(nchars / 2);
}

/* malloc'd lower-case hex of n bytes (n may be 0) */
static char *hex_alloc(const uint8_t *b, size_t n)
{
    char *s = malloc(2 * n + 1);
    if (!s) return NULL;
    for (size_t i = 0; i < n; i++) {
        s[2 * i] = HEXDIGITS[b[i] >> 4];
        s[2 * i + 1] = HEXDIGITS[b[i] & 15];
    }
    s[2 * n] = 0;
    return s;
}

int vo_visa_version_parse(const char *s, uint16_t *out)
{
    /* M.m: one-digit major, minor without leading zeros (0..99) */
    if (!s || s[0] < '0' || s[0] > '9' || s[1] != '.') return -1;
    unsigned major = (unsigned)(s[0] - '0');
    const char *p = s + 2;
    size_t n = strlen(p);
    if (n < 1 || n > 2) return -1;
    if (n == 2 && p[0] == '0') return -1;
    unsigned minor = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9') return -1;
        minor = minor * 10 + (unsigned)(p[i] - '0');
    }
    unsigned v = major * 100 + minor;
    if (v < 300 || v > 401) return -1;
    *out = (uint16_t)v;
    return 0;
}

int vo_visa_version_format(uint16_t v, char *buf, size_t cap)
{
    if (v < 300 || v > 401 || !buf || cap < 8) return -1;
    snprintf(buf, cap, "%u.%u", (unsigned)(v / 100), (unsigned)(v % 100));
    return 0;
}

/* copies s into dst for use inside a one-line message: at most 40 chars,
 * non-printable bytes become '?' */
static void clip(char *dst, size_t cap, const char *s)
{
    size_t i = 0;
    for (; s && s[i] && i + 1 < cap && i < 40; i++) {
        unsigned char ch = (unsigned char)s[i];
        dst[i] = (ch >= 0x20 && ch < 0x7f) ? (char)ch : '?';
    }
    dst[i] = 0;
    if (s && s[i] && i + 4 < cap) strcpy(dst + i, "...");
}

/* ------------------------------------------------------------------ */
/* parsing                                                             */
/* ------------------------------------------------------------------ */

typedef struct px {
    vo_error *err;
    char *errpath;      /* VO_JSON_PATH_MAX bytes */
    struct jdoc *doc;   /* the parsed document (freed by the caller) */
} px;

static int failv(px *x, vo_errcode code, const char *path, int64_t offset,
                 const char *fmt, va_list ap)
{
    snprintf(x->errpath, VO_JSON_PATH_MAX, "%s", path);
    x->err->code = code;
    x->err->field = x->errpath;
    x->err->offset = offset;
    vsnprintf(x->err->message, sizeof x->err->message, fmt, ap);
    return -1;
}

static void pjoin(char *buf, const char *base, const char *key);
static void pindex(char *buf, const char *base, unsigned i);

/* a JSON path built only when it is reported: a chain of members and
 * indexes on the stack (building the text for every member read was a fifth
 * of check's time) */
typedef struct jp { const struct jp *up; const char *key; unsigned idx; } jp; /* key NULL: "[idx]" */
#define PK(base, k) (&(const jp){ (base), (k), 0 })
#define PI(base, i) (&(const jp){ (base), NULL, (unsigned)(i) })

static void jp_render(const jp *p, char *buf)
{
    const jp *chain[32];
    int n = 0;
    for (; p && n < 32; p = p->up) chain[n++] = p;
    buf[0] = 0;
    while (n-- > 0) {
        const jp *q = chain[n];
        if (q->key) pjoin(buf, buf, q->key);
        else pindex(buf, buf, q->idx);
    }
}

static int fail(px *x, vo_errcode code, const jp *path, const char *fmt, ...)
{
    char ps[VO_JSON_PATH_MAX];
    va_list ap;
    jp_render(path, ps);
    va_start(ap, fmt);
    failv(x, code, ps, -1, fmt, ap);
    va_end(ap);
    return -1;
}

static int fail_at(px *x, int64_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    failv(x, VO_E_JSON, "json", offset, fmt, ap);
    va_end(ap);
    return -1;
}

/* bounded concatenation: paths longer than VO_JSON_PATH_MAX - 1 are cut */
static void pcat(char *buf, const char *a, const char *b, const char *c)
{
    size_t n = 0;
    const char *parts[3] = {a, b, c};
    for (int k = 0; k < 3; k++) {
        if (!parts[k]) continue;
        size_t l = strlen(parts[k]);
        if (l > VO_JSON_PATH_MAX - 1 - n) l = VO_JSON_PATH_MAX - 1 - n;
        memmove(buf + n, parts[k], l); /* buf may be a part (pjoin(p, p, ...)) */
        n += l;
    }
    buf[n] = 0;
}

static void pjoin(char *buf, const char *base, const char *key)
{
    pcat(buf, base, base[0] ? "." : "", key);
}

static void pindex(char *buf, const char *base, unsigned i)
{
    char num[16];
    int k = 15;
    num[k] = 0;
    do {
        num[--k] = (char)('0' + i % 10);
        i /= 10;
    } while (i && k > 1);
    num[--k] = '[';
    char tail[18];
    pcat(tail, num + k, "]", NULL);
    pcat(buf, base, tail, NULL);
}

/* ---- the reader: one strict JSON parser for every command ----
 * RFC 8259 syntax, checked byte by byte: whitespace is space, tab, LF, CR
 * only (a raw NUL or any other byte between tokens is E_JSON), a string may
 * not hold a raw control byte or the escape \u0000 (a NUL would cut it; E_JSON
 * at its offset), nesting is capped at VO_JSON_DEPTH_MAX. Values go into one
 * flat arena per document: nodes in blocks, strings decoded into one buffer
 * the size of the text, no allocation per value (cJSON made one or two per
 * value and was 62% of check's time, issue 15). Number literals keep their
 * class, so "64.0", "-1" and "064" are told apart from an integer; integers
 * are read exactly (no double). */
enum { NUM_INT = 0, NUM_NEG, NUM_FRAC, NUM_LEADZERO };
enum { J_NULL = 0, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ };
#define VO_JSON_DEPTH_MAX 64

typedef struct jv {
    const char *key;        /* member name (NUL-terminated), NULL in arrays */
    const char *valuestring; /* J_STR: decoded, NUL-terminated */
    struct jv *child, *next, *last;
    uint64_t u;             /* NUM_INT: the value, UINT64_MAX when it does not fit */
    uint32_t nkids;
    uint32_t klen;          /* strlen(key) */
    size_t slen;            /* J_STR: strlen(valuestring) */
    uint8_t type, ncls;
    uint8_t nonhex;         /* J_STR: some byte is not a hex digit */
} jv;

#define JBLOCK 256
typedef struct jblock { struct jblock *prev; unsigned used; jv v[JBLOCK]; } jblock;

typedef struct jdoc {
    const char *t;          /* the text and its end */
    size_t n, i;
    char *strs;             /* decoded strings; never longer than the text */
    size_t sn;
    jblock *blk;
    int oom;
} jdoc;

static void jdoc_free(jdoc *d)
{
    while (d->blk) {
        jblock *p = d->blk->prev;
        free(d->blk);
        d->blk = p;
    }
    free(d->strs);
    d->strs = NULL;
}

static jv *jnew(jdoc *d, uint8_t type)
{
    if (!d->blk || d->blk->used == JBLOCK) {
        jblock *b = malloc(sizeof *b);
        if (!b) { d->oom = 1; return NULL; }
        b->prev = d->blk;
        b->used = 0;
        d->blk = b;
    }
    jv *v = &d->blk->v[d->blk->used++];
    memset(v, 0, sizeof *v);
    v->type = type;
    return v;
}

static int jws(int ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

static void jskip_ws(jdoc *d)
{
    while (d->i < d->n && jws((unsigned char)d->t[d->i])) d->i++;
}

static int hex4(const char *p)
{
    int v = 0;
    for (int k = 0; k < 4; k++) {
        int h = hexval((unsigned char)p[k]);
        if (h < 0) return -1;
        v = v << 4 | h;
    }
    return v;
}

/* byte classes for strings: 1 = ends a plain run (quote, backslash, control
 * byte), 2 = not a hex digit */
static uint8_t SCLASS[256];
static void sclass_init(void)
{
    if (SCLASS['"']) return;
    for (int c = 0; c < 256; c++)
        SCLASS[c] = (uint8_t)((c == '"' || c == '\\' || c < 0x20 ? 1 : 0) | (hexval(c) < 0 ? 2 : 0));
}

/* string at d->i (the opening quote): decoded into d->strs; NULL on error.
 * *nonhex: some byte of the decoded string is not a hex digit; *slen its length */
static const char *jstring(px *x, jdoc *d, uint8_t *nonhex, size_t *slen)
{
    size_t i = d->i + 1, start = d->sn;
    char *o = d->strs + d->sn;
    uint8_t acc = 0;
    for (;;) {
        /* the common case: a run of plain bytes */
        size_t j = i;
        const unsigned char *u = (const unsigned char *)d->t;
        while (j < d->n) {
            uint8_t k = SCLASS[u[j]];
            if (k & 1) break;
            acc |= k;
            j++;
        }
        memcpy(o, d->t + i, j - i);
        o += j - i;
        i = j;
        if (i >= d->n) { fail_at(x, (int64_t)d->i, "unterminated string"); return NULL; }
        unsigned char ch = (unsigned char)d->t[i];
        if (ch == '"') break;
        if (ch < 0x20) {
            if (ch) fail_at(x, (int64_t)i, "raw control byte 0x%02x in a string", ch);
            else fail_at(x, (int64_t)i, "raw NUL byte in a string (it would cut it)");
            return NULL;
        }
        /* an escape */
        if (i + 1 >= d->n) { fail_at(x, (int64_t)i, "unterminated string"); return NULL; }
        char e = d->t[i + 1];
        const char *simple = strchr("\"\\/bfnrt", e);
        acc |= 2; /* after an escape the string is scanned again byte by byte (get_hexlen) */
        if (e && simple) {
            static const char repl[] = "\"\\/\b\f\n\r\t";
            *o++ = repl[simple - "\"\\/bfnrt"];
            i += 2;
            continue;
        }
        if (e != 'u' || i + 6 > d->n || hex4(d->t + i + 2) < 0) {
            fail_at(x, (int64_t)i, "invalid escape in a string");
            return NULL;
        }
        unsigned cp = (unsigned)hex4(d->t + i + 2);
        size_t at = i;
        i += 6;
        if (cp >= 0xD800 && cp <= 0xDBFF) { /* a surrogate pair */
            int lo = (i + 6 <= d->n && d->t[i] == '\\' && d->t[i + 1] == 'u') ? hex4(d->t + i + 2) : -1;
            if (lo < 0xDC00 || lo > 0xDFFF) {
                fail_at(x, (int64_t)at, "unpaired surrogate \\u%04x in a string", cp);
                return NULL;
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + ((unsigned)lo - 0xDC00);
            i += 6;
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            fail_at(x, (int64_t)at, "unpaired surrogate \\u%04x in a string", cp);
            return NULL;
        }
        if (cp == 0) {
            fail_at(x, (int64_t)at, "\\u0000 in a string (a NUL would cut it)");
            return NULL;
        }
        if (cp < 0x80) *o++ = (char)cp;
        else if (cp < 0x800) { *o++ = (char)(0xC0 | cp >> 6); *o++ = (char)(0x80 | (cp & 63)); }
        else if (cp < 0x10000) {
            *o++ = (char)(0xE0 | cp >> 12); *o++ = (char)(0x80 | (cp >> 6 & 63)); *o++ = (char)(0x80 | (cp & 63));
        } else {
            *o++ = (char)(0xF0 | cp >> 18); *o++ = (char)(0x80 | (cp >> 12 & 63));
            *o++ = (char)(0x80 | (cp >> 6 & 63)); *o++ = (char)(0x80 | (cp & 63));
        }
    }
    *o++ = 0;
    *slen = (size_t)(o - d->strs) - start - 1;
    *nonhex = acc & 2;
    d->sn = (size_t)(o - d->strs);
    d->i = i + 1;
    return d->strs + start;
}

static int jdigit(int ch) { return ch >= '0' && ch <= '9'; }

/* a number literal: the JSON grammar, plus integers with leading zeros
 * (classed, so that the reader names them rather than a syntax error) */
static int jnumber(px *x, jdoc *d, jv *v)
{
    size_t s = d->i, i = s;
    const char *t = d->t;
    int neg = 0, frac = 0;
    if (t[i] == '-') { neg = 1; i++; }
    if (i >= d->n || !jdigit((unsigned char)t[i])) return fail_at(x, (int64_t)s, "malformed number");
    size_t ds = i;
    while (i < d->n && jdigit((unsigned char)t[i])) i++;
    size_t de = i;
    if (i < d->n && t[i] == '.') {
        i++;
        if (i >= d->n || !jdigit((unsigned char)t[i])) return fail_at(x, (int64_t)s, "malformed number");
        while (i < d->n && jdigit((unsigned char)t[i])) i++;
        frac = 1;
    }
    if (i < d->n && (t[i] == 'e' || t[i] == 'E')) {
        i++;
        if (i < d->n && (t[i] == '+' || t[i] == '-')) i++;
        if (i >= d->n || !jdigit((unsigned char)t[i])) return fail_at(x, (int64_t)s, "malformed number");
        while (i < d->n && jdigit((unsigned char)t[i])) i++;
        frac = 1;
    }
    d->i = i;
    if (neg) v->ncls = NUM_NEG;
    else if (frac) v->ncls = NUM_FRAC;
    else if (t[ds] == '0' && de - ds > 1) v->ncls = NUM_LEADZERO;
    else {
        uint64_t u = 0;
        for (size_t k = ds; k < de; k++) {
            unsigned dg = (unsigned)(t[k] - '0');
            if (u > (UINT64_MAX - dg) / 10) { u = UINT64_MAX; break; }
            u = u * 10 + dg;
        }
        v->ncls = NUM_INT;
        v->u = u;
    }
    return 0;
}

static void jappend(jv *parent, jv *kid)
{
    if (parent->last) parent->last->next = kid;
    else parent->child = kid;
    parent->last = kid;
    parent->nkids++;
}

/* The members a reader looks up, by the name of the member that holds them
 * (an array's elements: the array's name): only these become nodes. Any
 * other member is ignored by every reader, so its value is checked with the
 * same grammar and errors but kept nowhere (issue 30 point 3: an ignored
 * member cost ~36 bytes of tree per byte of text). */
#define STATE_KEYS "vars", "preds", "addrs", "surfaces", "memory", "binding_table", "surface_state", "typed"
static const char *const K_ROOT[] = {"input", "id", "comment", "expect", "platform", "insn", "exec_mask",
                                     "status", "error", "digest", STATE_KEYS, NULL};
static const char *const K_INPUT[] = {"platform", "insn", "exec_mask", STATE_KEYS, NULL};
static const char *const K_EXPECT[] = {"status", "error", "digest", STATE_KEYS, NULL};
static const char *const K_PLATFORM[] = {"name", "grf_bytes", "visa_version", "lsc_min_simd", "lsc_layout", NULL};
static const char *const K_ERROR[] = {"code", NULL};
static const char *const K_VARS[] = {"id", "type", "num_elts", "data", NULL};
static const char *const K_PREDS[] = {"id", "num_elts", "bits", NULL};
static const char *const K_ADDRS[] = {"id", "elems", NULL};
static const char *const K_SURFACES[] = {"index", "size", "data", "media", NULL};
static const char *const K_MEDIA[] = {"width", "height", "pitch", "pixel", NULL};
static const char *const K_MEMORY[] = {"base", "size", "data", NULL};
static const char *const K_BT[] = {"bti", "surface", NULL};
static const char *const K_SS[] = {"offset", "surface", NULL};
static const char *const K_TYPED[] = {"surface", "dim", "format", "width", "height", "depth", NULL};
static const char *const K_NONE[] = {NULL};

static int key_in(const char *const *set, const char *k, size_t kl)
{
    for (; *set; set++)
        if (strlen(*set) == kl && memcmp(*set, k, kl) == 0) return 1;
    return 0;
}

static const char *const *kids_of(const char *k, size_t kl)
{
    static const char *const names[] = {"input", "expect", "platform", "error", "vars", "preds", "addrs",
                                        "surfaces", "memory", "binding_table", "surface_state", "typed", "media"};
    static const char *const *const sets[] = {K_INPUT, K_EXPECT, K_PLATFORM, K_ERROR, K_VARS, K_PREDS, K_ADDRS,
                                              K_SURFACES, K_MEMORY, K_BT, K_SS, K_TYPED, K_MEDIA};
    for (size_t j = 0; j < sizeof names / sizeof names[0]; j++)
        if (strlen(names[j]) == kl && memcmp(names[j], k, kl) == 0) return sets[j];
    return K_NONE;
}

/* a value at d->i: a node when keep (its object members named in kids kept,
 * its array elements kept with the same kids), else only checked (a
 * non-NULL dummy returned on success, nothing allocated, its strings' room
 * given back) */
static jv *jvalue(px *x, jdoc *d, int depth, const char *const *kids, int keep)
{
    static jv skipped;
    size_t sn0 = d->sn;
    jskip_ws(d);
    if (d->i >= d->n) { fail_at(x, (int64_t)d->i, "unexpected end of the text"); return NULL; }
    unsigned char ch = (unsigned char)d->t[d->i];
    jv *v = &skipped;
    if (ch == '{' || ch == '[') {
        if (depth >= VO_JSON_DEPTH_MAX) {
            fail_at(x, (int64_t)d->i, "nested deeper than %d levels", VO_JSON_DEPTH_MAX);
            return NULL;
        }
        int obj = ch == '{';
        char close = obj ? '}' : ']';
        if (keep && !(v = jnew(d, obj ? J_OBJ : J_ARR))) return NULL;
        d->i++;
        jskip_ws(d);
        if (d->i < d->n && d->t[d->i] == close) { d->i++; return v; }
        for (;;) {
            const char *key = NULL;
            size_t klen = 0, snm = d->sn;
            if (obj) {
                jskip_ws(d);
                if (d->i >= d->n || d->t[d->i] != '"') {
                    fail_at(x, (int64_t)d->i, d->i < d->n && !d->t[d->i] ? "NUL byte where a member name belongs"
                                                                        : "expected a member name");
                    return NULL;
                }
                uint8_t nh;
                if (!(key = jstring(x, d, &nh, &klen))) return NULL;
                jskip_ws(d);
                if (d->i >= d->n || d->t[d->i] != ':') { fail_at(x, (int64_t)d->i, "expected ':'"); return NULL; }
                d->i++;
            }
            int kk = keep && (!obj || key_in(kids, key, klen));
            jv *k = jvalue(x, d, depth + 1, obj ? kids_of(key, klen) : kids, kk);
            if (!k) return NULL;
            if (kk) {
                k->key = key;
                k->klen = (uint32_t)klen;
                jappend(v, k);
            } else {
                d->sn = snm; /* (its name and strings are not kept) */
            }
            jskip_ws(d);
            if (d->i < d->n && d->t[d->i] == ',') { d->i++; continue; }
            if (d->i < d->n && d->t[d->i] == close) {
                d->i++;
                return v;
            }
            fail_at(x, (int64_t)d->i, d->i < d->n && !d->t[d->i] ? "NUL byte between tokens"
                                       : obj ? "expected ',' or '}'" : "expected ',' or ']'");
            return NULL;
        }
    }
    if (ch == '"') {
        jv tmp;
        if (keep && !(v = jnew(d, J_STR))) return NULL;
        jv *w = keep ? v : &tmp;
        if (!(w->valuestring = jstring(x, d, &w->nonhex, &w->slen))) return NULL;
        if (!keep) d->sn = sn0;
        return v;
    }
    if (ch == '-' || jdigit(ch)) {
        jv tmp;
        memset(&tmp, 0, sizeof tmp);
        if (keep && !(v = jnew(d, J_NUM))) return NULL;
        return jnumber(x, d, keep ? v : &tmp) ? NULL : v;
    }
    static const char *const lit[3] = {"null", "false", "true"};
    for (int k = 0; k < 3; k++) {
        size_t l = strlen(lit[k]);
        if (d->n - d->i >= l && memcmp(d->t + d->i, lit[k], l) == 0) {
            if (keep && !(v = jnew(d, (uint8_t)(J_NULL + k)))) return NULL;
            d->i += l;
            return v;
        }
    }
    fail_at(x, (int64_t)d->i, ch ? "unexpected character" : "NUL byte where a value belongs");
    return NULL;
}

static int is_ws(char ch) { return jws((unsigned char)ch); }

static atomic_ulong tree_reads;
unsigned long vo_json_tree_reads(void) { return atomic_load_explicit(&tree_reads, memory_order_relaxed); }

/* Parses exactly one JSON object from text[0..len) into x->doc. */
static jv *parse_doc(px *x, const char *text, size_t len)
{
    atomic_fetch_add_explicit(&tree_reads, 1, memory_order_relaxed);
    if (!text || len == 0) { fail_at(x, 0, "empty text"); return NULL; }
    jdoc *d = x->doc;
    sclass_init();
    memset(d, 0, sizeof *d);
    d->t = text;
    d->n = len;
    d->strs = malloc(len + 1);
    if (!d->strs) d->oom = 1;
    jv *root = d->strs ? jvalue(x, d, 0, K_ROOT, 1) : NULL;
    if (d->oom) {
        x->err->code = VO_E_OOM;
        x->err->field = "json";
        x->err->offset = -1;
        snprintf(x->err->message, sizeof x->err->message, "out of memory");
        return NULL;
    }
    if (!root) return NULL;
    size_t k = d->i;
    while (k < len && is_ws(text[k])) k++;
    if (k != len) {
        fail_at(x, (int64_t)k, "trailing characters after the JSON value");
        return NULL;
    }
    if (root->type != J_OBJ) {
        fail_at(x, 0, "top-level value is not an object");
        return NULL;
    }
    return root;
}

/* member lookup with duplicate-key rejection; *out = NULL when absent */
static int getk(px *x, const jv *obj, const jp *objpath, const char *key,
                int required, const jv **out)
{
    const jv *found = NULL;
    const jp *p;
    *out = NULL;
    size_t kl = strlen(key);
    for (const jv *it = obj->child; it; it = it->next) {
        if (it->klen == kl && it->key && memcmp(it->key, key, kl) == 0) {
            if (found) {
                p = PK(objpath, key);
                return fail(x, VO_E_STATE, p, "duplicate key \"%s\"", key);
            }
            found = it;
        }
    }
    if (!found && required) {
        p = PK(objpath, key);
        return fail(x, VO_E_STATE, p, "missing member \"%s\"", key);
    }
    *out = found;
    return 0;
}

static int want_obj(px *x, const jv *it, const jp *path)
{
    if (!it || it->type != J_OBJ) return fail(x, VO_E_STATE, path, "expected an object");
    return 0;
}

static int want_arr(px *x, const jv *it, const jp *path)
{
    if (!it || it->type != J_ARR) return fail(x, VO_E_STATE, path, "expected an array");
    return 0;
}

static int get_str(px *x, const jv *it, const jp *path, const char **out)
{
    if (!it || it->type != J_STR || !it->valuestring)
        return fail(x, VO_E_STATE, path, "expected a string");
    *out = it->valuestring;
    return 0;
}

static int get_uint(px *x, const jv *it, const jp *path, uint64_t max, uint64_t *out)
{
    if (!it || it->type != J_NUM) return fail(x, VO_E_STATE, path, "expected an integer");
    switch (it->ncls) {
    case NUM_INT: break;
    case NUM_NEG: return fail(x, VO_E_STATE, path, "negative number");
    case NUM_FRAC: return fail(x, VO_E_STATE, path, "not an integer literal (fraction or exponent)");
    case NUM_LEADZERO: return fail(x, VO_E_STATE, path, "integer with a leading zero");
    default: return fail(x, VO_E_STATE, path, "unexpected number");
    }
    if (it->u > max)
        return fail(x, VO_E_STATE, path, "integer out of range (max %llu)", (unsigned long long)max);
    *out = it->u;
    return 0;
}

/* validates a hex string; *nbytes = decoded length */
static int get_hexlen(px *x, const jv *it, const jp *path, size_t *nbytes, const char **s)
{
    if (get_str(x, it, path, s)) return -1;
    size_t n = it->slen;
    for (size_t i = 0; it->nonhex && i < n; i++) /* the reader flagged a non-hex byte (or an escape) */
        if (hexval((unsigned char)(*s)[i]) < 0)
            return fail(x, VO_E_STATE, path, "non-hex character at position %zu", i);
    if (n % 2) return fail(x, VO_E_STATE, path, "odd number of hex digits (%zu)", n);
    *nbytes = n / 2;
    return 0;
}

/* exactly 8 hex digits, most significant first */
static int get_hex32(px *x, const jv *it, const jp *path, uint32_t *out)
{
    const char *s = NULL;
    if (get_str(x, it, path, &s)) return -1;
    if (strlen(s) != 8) return fail(x, VO_E_STATE, path, "expected exactly 8 hex digits");
    uint32_t v = 0;
    for (int i = 0; i < 8; i++) {
        int h = hexval((unsigned char)s[i]);
        if (h < 0) return fail(x, VO_E_STATE, path, "non-hex character at position %d", i);
        v = v << 4 | (uint32_t)h;
    }
    *out = v;
    return 0;
}

static int parse_platform(px *x, const jv *in, const jp *inpath, vo_platform *out)
{
    const jp *pp, *p; char buf[64];
    const jv *plat, *name, *grf, *ver, *lmin, *lay;
    const char *s = NULL;
    pp = PK(inpath, "platform");
    if (getk(x, in, inpath, "platform", 1, &plat) || want_obj(x, plat, pp)) return -1;
    if (getk(x, plat, pp, "name", 1, &name) || getk(x, plat, pp, "grf_bytes", 0, &grf) ||
        getk(x, plat, pp, "visa_version", 1, &ver) || getk(x, plat, pp, "lsc_min_simd", 0, &lmin) ||
        getk(x, plat, pp, "lsc_layout", 0, &lay))
        return -1;
    p = PK(pp, "name");
    if (get_str(x, name, p, &s)) return -1;
    vo_platform pl;
    memset(&pl, 0, sizeof pl);
    if (vo_platform_lookup(s, &pl) != 0) {
        clip(buf, sizeof buf, s);
        return fail(x, VO_E_STATE, p, "unknown platform \"%s\"", buf);
    }
    if (grf) {
        uint64_t g = 0;
        p = PK(pp, "grf_bytes");
        if (get_uint(x, grf, p, 255, &g)) return -1;
        if (g != pl.grf_bytes)
            return fail(x, VO_E_STATE, p, "grf_bytes %u does not match %s (%u)",
                        (unsigned)g, pl.name, (unsigned)pl.grf_bytes);
    }
    p = PK(pp, "visa_version");
    if (get_str(x, ver, p, &s)) return -1;
    uint16_t v = 0;
    if (vo_visa_version_parse(s, &v) != 0) {
        clip(buf, sizeof buf, s);
        return fail(x, VO_E_STATE, p, "visa_version \"%s\" is not M.m in 3.0..4.1", buf);
    }
    pl.visa_version = v;
    if (lmin) { /* decision D150: 8 or 16 on 32-byte GRFs, 16 or 32 on 64-byte GRFs */
        uint64_t w = 0;
        p = PK(pp, "lsc_min_simd");
        if (get_uint(x, lmin, p, 255, &w)) return -1;
        if (!w || !vo_platform_lsc_min_simd_ok(&pl, (unsigned)w))
            return fail(x, VO_E_STATE, p, "lsc_min_simd %u is not %s on %s", (unsigned)w,
                        pl.grf_bytes == 32 ? "8 or 16" : "16 or 32", pl.name);
        pl.lsc_min_simd = (uint8_t)w;
    }
    if (lay) { /* decision D225: absent = the length selects (D222) */
        p = PK(pp, "lsc_layout");
        if (get_str(x, lay, p, &s)) return -1;
        if (strcmp(s, "ss_idx") != 0 && strcmp(s, "no_ss_idx") != 0) {
            clip(buf, sizeof buf, s);
            return fail(x, VO_E_STATE, p, "lsc_layout \"%s\" is not \"ss_idx\" or \"no_ss_idx\"", buf);
        }
        pl.lsc_layout = s[0] == 's' ? VO_LSC_LAYOUT_SSIDX : VO_LSC_LAYOUT_NO_SSIDX;
    }
    *out = pl;
    return 0;
}

static int is_var_type(int t)
{
    return t >= 0 && t <= 15 && t != VO_T_V && t != VO_T_VF && t != VO_T_UV &&
           t != VO_T_BOOL && vo_type_size((unsigned)t) != 0;
}

static int parse_vars(px *x, const jv *arr, const jp *path, vo_state *s)
{
    const jp *ep, *p; char buf[64];
    if (want_arr(x, arr, path)) return -1;
    unsigned i = 0;
    uint64_t prev = 0;
    for (const jv *e = arr->child; e; e = e->next, i++) {
        const jv *jid, *jtype, *jn, *jdata;
        const char *ts = NULL, *hex = NULL;
        uint64_t id = 0, n = 0;
        size_t nbytes = 0;
        ep = PI(path, i);
        if (want_obj(x, e, ep)) return -1;
        if (s->nvars >= VO_MAX_VARS)
            return fail(x, VO_E_STATE_CAP, ep, "more than %d vars", VO_MAX_VARS);
        if (getk(x, e, ep, "id", 1, &jid) || getk(x, e, ep, "type", 1, &jtype) ||
            getk(x, e, ep, "num_elts", 1, &jn) || getk(x, e, ep, "data", 1, &jdata))
            return -1;
        p = PK(ep, "id");
        if (get_uint(x, jid, p, UINT32_MAX, &id)) return -1;
        if (i > 0 && id == prev) return fail(x, VO_E_STATE, p, "duplicate var id %llu", (unsigned long long)id);
        if (i > 0 && id < prev) return fail(x, VO_E_STATE, p, "vars must be sorted by ascending id");
        prev = id;
        p = PK(ep, "type");
        if (get_str(x, jtype, p, &ts)) return -1;
        int t = vo_type_from_name(ts);
        if (t < 0) {
            clip(buf, sizeof buf, ts);
            return fail(x, VO_E_STATE, p, "unknown type \"%s\"", buf);
        }
        if (!is_var_type(t)) return fail(x, VO_E_STATE, p, "type %s cannot be a variable type", ts);
        p = PK(ep, "num_elts");
        if (get_uint(x, jn, p, UINT32_MAX, &n)) return -1;
        if (n == 0) return fail(x, VO_E_STATE, p, "num_elts must be at least 1");
        uint64_t size = n * vo_type_size((unsigned)t);
        if (size > VO_MAX_VAR_BYTES)
            return fail(x, VO_E_STATE_CAP, p, "variable is %llu bytes; cap is %d",
                        (unsigned long long)size, VO_MAX_VAR_BYTES);
        p = PK(ep, "data");
        if (get_hexlen(x, jdata, p, &nbytes, &hex)) return -1;
        if (nbytes != size)
            return fail(x, VO_E_STATE, p, "data is %zu bytes; %llu x %s needs %llu",
                        nbytes, (unsigned long long)n, ts, (unsigned long long)size);
        vo_var *v = vo_state_add_var(s, (uint32_t)id, (unsigned)t, (uint32_t)n);
        if (!v) return fail(x, VO_E_STATE, ep, "var %llu rejected by the state builder", (unsigned long long)id);
        if (size && (!v->data || v->size != size))
            return fail(x, VO_E_STATE, ep, "var %llu: state builder gave %u bytes, expected %llu",
                        (unsigned long long)id, (unsigned)v->size, (unsigned long long)size);
        vo_hex_decode(hex, 2 * nbytes, v->data, nbytes);
    }
    return 0;
}

static int parse_preds(px *x, const jv *arr, const jp *path, vo_state *s)
{
    const jp *ep, *p;
    if (want_arr(x, arr, path)) return -1;
    unsigned i = 0;
    uint64_t prev = 0;
    for (const jv *e = arr->child; e; e = e->next, i++) {
        const jv *jid, *jn, *jbits;
        uint64_t id = 0, n = 0;
        uint32_t bits = 0;
        ep = PI(path, i);
        if (want_obj(x, e, ep)) return -1;
        if (s->npreds >= VO_MAX_PREDS)
            return fail(x, VO_E_STATE_CAP, ep, "more than %d preds", VO_MAX_PREDS);
        if (getk(x, e, ep, "id", 1, &jid) || getk(x, e, ep, "num_elts", 1, &jn) ||
            getk(x, e, ep, "bits", 1, &jbits))
            return -1;
        p = PK(ep, "id");
        if (get_uint(x, jid, p, 4095, &id)) return -1;
        if (id == 0) return fail(x, VO_E_STATE, p, "predicate id must be 1..4095");
        if (i > 0 && id == prev) return fail(x, VO_E_STATE, p, "duplicate pred id %u", (unsigned)id);
        if (i > 0 && id < prev) return fail(x, VO_E_STATE, p, "preds must be sorted by ascending id");
        prev = id;
        p = PK(ep, "num_elts");
        if (get_uint(x, jn, p, 32, &n)) return -1;
        if (n != 1 && n != 2 && n != 4 && n != 8 && n != 16 && n != 32)
            return fail(x, VO_E_STATE, p, "num_elts must be 1, 2, 4, 8, 16 or 32");
        p = PK(ep, "bits");
        if (get_hex32(x, jbits, p, &bits)) return -1;
        if (n < 32 && (bits >> n) != 0)
            return fail(x, VO_E_STATE, p, "bits set at or above num_elts (%u)", (unsigned)n);
        if (!vo_state_add_pred(s, (uint16_t)id, (uint8_t)n, bits))
            return fail(x, VO_E_STATE, ep, "pred %u rejected by the state builder", (unsigned)id);
    }
    return 0;
}

static int parse_addrs(px *x, const jv *arr, const jp *path, vo_state *s)
{
    const jp *ep, *p, *qp, *rp;
    if (want_arr(x, arr, path)) return -1;
    unsigned i = 0;
    uint64_t prev = 0;
    for (const jv *e = arr->child; e; e = e->next, i++) {
        const jv *jid, *jel;
        uint64_t id = 0;
        ep = PI(path, i);
        if (want_obj(x, e, ep)) return -1;
        if (s->naddrs >= VO_MAX_ADDRS)
            return fail(x, VO_E_STATE_CAP, ep, "more than %d addrs", VO_MAX_ADDRS);
        if (getk(x, e, ep, "id", 1, &jid) || getk(x, e, ep, "elems", 1, &jel)) return -1;
        p = PK(ep, "id");
        if (get_uint(x, jid, p, UINT16_MAX, &id)) return -1;
        if (i > 0 && id == prev) return fail(x, VO_E_STATE, p, "duplicate addr id %u", (unsigned)id);
        if (i > 0 && id < prev) return fail(x, VO_E_STATE, p, "addrs must be sorted by ascending id");
        prev = id;
        p = PK(ep, "elems");
        if (want_arr(x, jel, p)) return -1;
        int n = (int)(jel->nkids > 1000000 ? 1000000 : jel->nkids);
        if (n == 0) return fail(x, VO_E_STATE, p, "elems must not be empty");
        if (n > VO_MAX_ADDR_ELTS)
            return fail(x, VO_E_STATE_CAP, p, "%d elems; cap is %d", n, VO_MAX_ADDR_ELTS);
        vo_addr_elem el[VO_MAX_ADDR_ELTS];
        unsigned j = 0;
        for (const jv *q = jel->child; q; q = q->next, j++) {
            uint64_t var = 0, off = 0;
            qp = PI(p, j);
            if (want_arr(x, q, qp)) return -1;
            if (q->nkids != 2) return fail(x, VO_E_STATE, qp, "expected [var, offset]");
            rp = PI(qp, 0);
            if (get_uint(x, q->child, rp, UINT32_MAX, &var)) return -1;
            rp = PI(qp, 1);
            if (get_uint(x, q->child->next, rp, UINT32_MAX, &off)) return -1;
            el[j].var = (uint32_t)var;
            el[j].off = (uint32_t)off;
        }
        vo_addr *a = vo_state_add_addr(s, (uint16_t)id, (uint16_t)n);
        if (!a) return fail(x, VO_E_STATE, ep, "addr %u rejected by the state builder", (unsigned)id);
        memcpy(a->elems, el, (size_t)n * sizeof el[0]);
    }
    return 0;
}

static int all_zero(const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i]) return 0;
    return 1;
}

/* writes a run, skipping page-aligned chunks that are all zero (unset bytes
 * are zero anyway) so the page cap counts only non-zero pages */
static int write_run(vo_state *s, vo_surface *sf, uint64_t off, const uint8_t *b, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint64_t a = off + i;
        uint64_t next = (a / VO_PAGE_BYTES + 1) * VO_PAGE_BYTES;
        size_t chunk = (size_t)(next - a);
        if (chunk > n - i) chunk = n - i;
        if (!all_zero(b + i, chunk) && vo_surface_write(s, sf, a, b + i, (uint32_t)chunk) != 0)
            return -1;
        i += chunk;
    }
    return 0;
}

/* the sparse [[offset, "hex"], ...] list at path p into sf (surface or region
 * contents; offsets relative to its start, runs ascending, inside size) */
static int parse_runs(px *x, const jv *jdata, const jp *p, vo_state *s, vo_surface *sf, const char *what)
{
    const jp *qp, *rp;
    uint64_t size = sf->size;
    if (want_arr(x, jdata, p)) return -1;
    unsigned j = 0;
    uint64_t prev_end = 0;
    for (const jv *q = jdata->child; q; q = q->next, j++) {
        uint64_t off = 0;
        size_t n = 0;
        const char *hex = NULL;
        qp = PI(p, j);
        if (want_arr(x, q, qp)) return -1;
        if (q->nkids != 2) return fail(x, VO_E_STATE, qp, "expected [offset, \"hex\"]");
        rp = PI(qp, 0);
        if (get_uint(x, q->child, rp, VO_MAX_SURFACE_SIZE, &off)) return -1;
        rp = PI(qp, 1);
        if (get_hexlen(x, q->child->next, rp, &n, &hex)) return -1;
        if (n == 0) return fail(x, VO_E_STATE, rp, "empty run");
        if (off > size || n > size - off)
            return fail(x, VO_E_STATE, qp, "run [%llu, %llu) past %s size %llu",
                        (unsigned long long)off, (unsigned long long)(off + n), what,
                        (unsigned long long)size);
        if (j > 0 && off < prev_end)
            return fail(x, VO_E_STATE, qp, "run at %llu overlaps or precedes the previous run (ends at %llu)",
                        (unsigned long long)off, (unsigned long long)prev_end);
        prev_end = off + n;
        uint8_t *b = malloc(n);
        if (!b) return fail(x, VO_E_OOM, qp, "out of memory");
        vo_hex_decode(hex, 2 * n, b, n);
        int rc = write_run(s, sf, off, b, n);
        free(b);
        if (rc != 0)
            return fail(x, VO_E_STATE_CAP, qp, "more than %u non-zero %u-byte pages over all surfaces and regions",
                        VO_MAX_PAGES, VO_PAGE_BYTES);
    }
    vo_surface_compact(sf);
    return 0;
}

/* "media" of a surface (MEDIA_LD / MEDIA_ST, D205): {"width", "height",
 * "pitch", "pixel"}, all required; vo_state_check judges them together */
static int parse_media(px *x, const jv *e, const jp *ep, vo_surface *sf)
{
    static const char *const k[4] = { "width", "height", "pitch", "pixel" };
    static const uint64_t cap[4] = { VO_MAX_MEDIA_DIM, VO_MAX_MEDIA_DIM, VO_MAX_MEDIA_DIM, 16 };
    const jv *jm, *jf;
    uint64_t v[4];
    if (getk(x, e, ep, "media", 0, &jm)) return -1;
    if (!jm) return 0;
    const jp *mp = PK(ep, "media");
    if (want_obj(x, jm, mp)) return -1;
    for (unsigned i = 0; i < 4; i++)
        if (getk(x, jm, mp, k[i], 1, &jf) || get_uint(x, jf, PK(mp, k[i]), cap[i], &v[i])) return -1;
    if (v[3] == 0) return fail(x, VO_E_STATE, PK(mp, "pixel"), "pixel size 0 (1, 2, 4, 8 or 16)");
    sf->m_width = (uint32_t)v[0];
    sf->m_height = (uint32_t)v[1];
    sf->m_pitch = (uint32_t)v[2];
    sf->m_pixel = (uint8_t)v[3];
    return 0;
}

static int parse_surfaces(px *x, const jv *arr, const jp *path, vo_state *s)
{
    const jp *ep, *p;
    if (want_arr(x, arr, path)) return -1;
    unsigned i = 0;
    uint64_t prev = 0;
    for (const jv *e = arr->child; e; e = e->next, i++) {
        const jv *jidx, *jsize, *jdata;
        uint64_t idx = 0, size = 0;
        ep = PI(path, i);
        if (want_obj(x, e, ep)) return -1;
        if (s->nsurfaces >= VO_MAX_SURFACES)
            return fail(x, VO_E_STATE_CAP, ep, "more than %d surfaces", VO_MAX_SURFACES);
        if (getk(x, e, ep, "index", 1, &jidx) || getk(x, e, ep, "size", 1, &jsize) ||
            getk(x, e, ep, "data", 0, &jdata))
            return -1;
        p = PK(ep, "index");
        if (get_uint(x, jidx, p, UINT32_MAX, &idx)) return -1;
        if (i > 0 && idx == prev) return fail(x, VO_E_STATE, p, "duplicate surface index %u", (unsigned)idx);
        if (i > 0 && idx < prev) return fail(x, VO_E_STATE, p, "surfaces must be sorted by ascending index");
        prev = idx;
        p = PK(ep, "size");
        if (get_uint(x, jsize, p, VO_MAX_SURFACE_SIZE, &size)) return -1;
        vo_surface *sf = vo_state_add_surface(s, (uint32_t)idx, size);
        if (!sf) return fail(x, VO_E_STATE, ep, "surface %u rejected by the state builder", (unsigned)idx);
        if (parse_media(x, e, ep, sf)) return -1;
        if (!jdata) continue;
        p = PK(ep, "data");
        if (parse_runs(x, jdata, p, s, sf, "surface")) return -1;
    }
    return 0;
}

/* "0x" followed by 1..16 hex digits (canonical output: exactly 16, lower case) */
static int get_hex64(px *x, const jv *it, const jp *path, uint64_t *out)
{
    const char *t = NULL;
    if (get_str(x, it, path, &t)) return -1;
    size_t n = strlen(t);
    if (n < 3 || n > 18 || t[0] != '0' || t[1] != 'x') /* D235 */
        return fail(x, VO_E_STATE, path, "expected \"0x\" and 1..16 hex digits");
    uint64_t v = 0;
    for (size_t i = 2; i < n; i++) {
        int h = hexval((unsigned char)t[i]);
        if (h < 0) return fail(x, VO_E_STATE, path, "non-hex character at position %zu", i);
        v = v << 4 | (uint64_t)h;
    }
    *out = v;
    return 0;
}

/* "memory": flat 64-bit regions, ascending base, none overlapping */
static int parse_memory(px *x, const jv *arr, const jp *path, vo_state *s)
{
    const jp *ep, *p;
    if (want_arr(x, arr, path)) return -1;
    unsigned i = 0;
    for (const jv *e = arr->child; e; e = e->next, i++) {
        const jv *jb, *jsize, *jdata;
        uint64_t base = 0, size = 0;
        ep = PI(path, i);
        if (want_obj(x, e, ep)) return -1;
        if (s->nregions >= VO_MAX_REGIONS)
            return fail(x, VO_E_STATE_CAP, ep, "more than %d memory regions", VO_MAX_REGIONS);
        if (getk(x, e, ep, "base", 1, &jb) || getk(x, e, ep, "size", 1, &jsize) || getk(x, e, ep, "data", 0, &jdata))
            return -1;
        p = PK(ep, "base");
        if (get_hex64(x, jb, p, &base)) return -1;
        if (s->nregions) {
            const vo_region *q = &s->regions[s->nregions - 1];
            if (base < q->base) return fail(x, VO_E_STATE, p, "memory must be sorted by ascending base");
            if (base - q->base < q->mem.size)
                return fail(x, VO_E_REGION_OVERLAP, p, "region at 0x%016llx overlaps the region at 0x%016llx",
                            (unsigned long long)base, (unsigned long long)q->base);
        }
        p = PK(ep, "size");
        if (get_uint(x, jsize, p, VO_MAX_REGION_SIZE, &size)) return -1;
        if (size == 0) return fail(x, VO_E_STATE, p, "region size 0 (1..4 GiB)");
        if (base && size > UINT64_MAX - base + 1)
            return fail(x, VO_E_REGION_RANGE, p, "base 0x%016llx + size %llu is past 2^64",
                        (unsigned long long)base, (unsigned long long)size);
        vo_region *r = vo_state_add_region(s, base, size);
        if (!r) return fail(x, VO_E_STATE, ep, "region rejected by the state builder");
        if (!jdata) continue;
        p = PK(ep, "data");
        if (parse_runs(x, jdata, p, s, &r->mem, "region")) return -1;
    }
    return 0;
}

/* "binding_table" [{"bti","surface"}] / "surface_state" [{"offset","surface"}]:
 * ascending keys, unique; the surface must be declared */
static int parse_table(px *x, const jv *arr, const jp *path, vo_state *s, int is_ss)
{
    const jp *ep, *p;
    const char *kname = is_ss ? "offset" : "bti";
    unsigned cap = is_ss ? VO_MAX_SS : VO_MAX_BT;
    if (want_arr(x, arr, path)) return -1;
    unsigned i = 0;
    uint64_t prev = 0;
    for (const jv *e = arr->child; e; e = e->next, i++) {
        const jv *jk, *jsf;
        uint64_t key = 0, sfi = 0;
        ep = PI(path, i);
        if (want_obj(x, e, ep)) return -1;
        if ((is_ss ? s->nss : s->nbt) >= cap) return fail(x, VO_E_STATE_CAP, ep, "more than %u entries", cap);
        if (getk(x, e, ep, kname, 1, &jk) || getk(x, e, ep, "surface", 1, &jsf)) return -1;
        p = PK(ep, kname);
        if (get_uint(x, jk, p, is_ss ? VO_MAX_SS_OFFSET : VO_MAX_BTI, &key)) return -1;
        if (is_ss && key % VO_SS_ALIGN) return fail(x, VO_E_STATE, p, "offset %llu is not a multiple of 64",
                                                    (unsigned long long)key);
        if (i > 0 && key == prev) return fail(x, VO_E_STATE, p, "duplicate %s %llu", kname, (unsigned long long)key);
        if (i > 0 && key < prev) return fail(x, VO_E_STATE, p, "entries must be sorted by ascending %s", kname);
        prev = key;
        p = PK(ep, "surface");
        if (get_uint(x, jsf, p, 255, &sfi)) return -1;
        if (!vo_state_surface(s, (uint32_t)sfi))
            return fail(x, VO_E_TABLE_SURFACE, p, "surface %u is not declared in \"surfaces\"", (unsigned)sfi);
        if (!(is_ss ? (void *)vo_state_add_ss(s, (uint32_t)key, (uint32_t)sfi)
                    : (void *)vo_state_add_bti(s, (uint32_t)key, (uint32_t)sfi)))
            return fail(x, VO_E_STATE, ep, "entry rejected by the state builder");
    }
    return 0;
}
/* "typed" [{"surface","dim","format","width","height","depth"}] (issue 28, docs/state.md):
 * ascending surface; the rest is judged by vo_state_check (typed_state.c) */
static int name_index(const char *(*name)(unsigned), const char *v)
{
    for (unsigned k = 0; name(k); k++)
        if (strcmp(name(k), v) == 0) return (int)k;
    return -1;
}
static int parse_typed(px *x, const jv *arr, const jp *path, vo_state *s)
{
    const jp *ep, *p;
    if (want_arr(x, arr, path)) return -1;
    unsigned i = 0;
    uint64_t prev = 0;
    for (const jv *e = arr->child; e; e = e->next, i++) {
        const jv *js, *jd, *jf, *jw, *jh, *jz;
        uint64_t sfi = 0, w = 0, h = 0, z = 0;
        const char *dn = "", *fn = "";
        ep = PI(path, i);
        if (want_obj(x, e, ep)) return -1;
        if (s->ntyped >= VO_MAX_TYPED) return fail(x, VO_E_STATE_CAP, ep, "more than %d typed surfaces", VO_MAX_TYPED);
        if (getk(x, e, ep, "surface", 1, &js) || getk(x, e, ep, "dim", 1, &jd) || getk(x, e, ep, "format", 1, &jf) ||
            getk(x, e, ep, "width", 1, &jw) || getk(x, e, ep, "height", 1, &jh) || getk(x, e, ep, "depth", 1, &jz))
            return -1;
        p = PK(ep, "surface");
        if (get_uint(x, js, p, 255, &sfi)) return -1;
        if (i > 0 && sfi <= prev) return fail(x, VO_E_STATE, p, "typed surfaces must be sorted by ascending, unique surface");
        prev = sfi;
        p = PK(ep, "dim");
        if (get_str(x, jd, p, &dn)) return -1;
        int dim = name_index(vo_typed_dim_name, dn);
        if (dim < 0) return fail(x, VO_E_STATE, p, "dimension \"%.32s\" is not 1d, 1d_array, 2d, 2d_array or 3d", dn);
        p = PK(ep, "format");
        if (get_str(x, jf, p, &fn)) return -1;
        int fmt = name_index(vo_typed_fmt_name, fn);
        if (fmt < 0) /* decision D256 */
            return fail(x, VO_E_STATE, p, "format \"%.32s\" is not an identity-conversion format (docs/state.md)", fn);
        if (get_uint(x, jw, PK(ep, "width"), VO_MAX_TYPED_DIM, &w) || get_uint(x, jh, PK(ep, "height"), VO_MAX_TYPED_DIM, &h) ||
            get_uint(x, jz, PK(ep, "depth"), VO_MAX_TYPED_DIM, &z))
            return -1;
        if (!vo_state_add_typed(s, (uint32_t)sfi, (unsigned)dim, (unsigned)fmt, (uint32_t)w, (uint32_t)h, (uint32_t)z))
            return fail(x, VO_E_STATE, ep, "typed surface rejected by the state builder");
    }
    return 0;
}
static int parse_bt(px *x, const jv *a, const jp *path, vo_state *s) { return parse_table(x, a, path, s, 0); }
static int parse_ss(px *x, const jv *a, const jp *path, vo_state *s) { return parse_table(x, a, path, s, 1); }

/* (a member added here is added to the K_ tables above jvalue, or the tree
 * never keeps it)
 * vars / preds / addrs / surfaces / memory / binding_table / surface_state of
 * obj (all optional; the tables after "surfaces", whose indices they name) */
static int parse_state_arrays(px *x, const jv *obj, const jp *objpath, vo_state *s)
{
    static const char *const keys[8] = {"vars", "preds", "addrs", "surfaces", "memory", "binding_table",
                                        "surface_state", "typed"};
    static int (*const fns[8])(px *, const jv *, const jp *, vo_state *) = {
        parse_vars, parse_preds, parse_addrs, parse_surfaces, parse_memory, parse_bt, parse_ss, parse_typed};
    const jp *p;
    for (int k = 0; k < 8; k++) {
        const jv *a;
        if (getk(x, obj, objpath, keys[k], 0, &a)) return -1;
        p = PK(objpath, keys[k]);
        if (a && fns[k](x, a, p, s)) return -1;
    }
    return 0;
}

/* passes a vo_state_check error through, rooting its path at root */
static int check_state(px *x, const vo_state *s, const char *root)
{
    vo_error e;
    memset(&e, 0, sizeof e);
    e.offset = -1;
    if (vo_state_check(s, &e) == 0) return 0;
    *x->err = e;
    if (e.field) {
        size_t rl = strlen(root);
        if (strncmp(e.field, root, rl) == 0 && (e.field[rl] == 0 || e.field[rl] == '.' || e.field[rl] == '['))
            snprintf(x->errpath, VO_JSON_PATH_MAX, "%s", e.field);
        else
            snprintf(x->errpath, VO_JSON_PATH_MAX, "%s%s%s", root, e.field[0] == '[' ? "" : ".", e.field);
        x->err->field = x->errpath;
    }
    if (x->err->code == VO_E_NONE) x->err->code = VO_E_STATE;
    return -1;
}

static void reset_case(vo_case *c)
{
    vo_state_free(&c->state); /* every count zero: the state is empty (its slots are set again as they are added) */
    vo_platform_lookup("TGLLP", &c->state.platform); /* the rest of vo_state_init, without clearing ~10 KB per case */
    c->state.platform.visa_version = 306;
    memset(c->insn, 0, sizeof c->insn);
    c->insn_len = 0;
    c->comment[0] = 0;
}

void vo_case_init(vo_case *c)
{
    memset(c, 0, sizeof *c);
    vo_state_init(&c->state);
}

void vo_case_free(vo_case *c)
{
    reset_case(c);
}

/* copies at most cap-1 bytes without cutting a UTF-8 sequence */
static void copy_utf8(char *dst, size_t cap, const char *s)
{
    size_t n = strlen(s);
    if (n >= cap) {
        n = cap - 1;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    }
    memcpy(dst, s, n);
    dst[n] = 0;
}

static int parse_case(px *x, const jv *root, vo_case *c)
{
    const jv *in, *jc, *ji, *jm;
    const char *hex = NULL;
    size_t n = 0;
    const jp *IN = PK(NULL, "input"), *INSN = PK(IN, "insn");
    if (getk(x, root, NULL, "input", 0, &in)) return -1;
    if (in) {
        const jv *jid; /* a test's "id": one at most, as check's reader sees it */
        if (getk(x, root, NULL, "id", 0, &jid)) return -1;
        if (want_obj(x, in, IN)) return -1;
        if (getk(x, root, NULL, "comment", 0, &jc)) return -1;
        if (jc && jc->type != J_NULL) {
            const char *cs = NULL;
            if (get_str(x, jc, PK(NULL, "comment"), &cs)) return -1;
            copy_utf8(c->comment, sizeof c->comment, cs);
        }
    } else {
        in = root;
    }
    vo_platform pl;
    if (parse_platform(x, in, IN, &pl)) return -1;
    c->state.platform = pl;
    if (getk(x, in, IN, "insn", 1, &ji) || getk(x, in, IN, "exec_mask", 1, &jm)) return -1;
    if (get_hexlen(x, ji, INSN, &n, &hex)) return -1;
    if (n > VO_MAX_INSN_BYTES)
        return fail(x, VO_E_STATE_CAP, INSN, "insn is %zu bytes; cap is %d", n, VO_MAX_INSN_BYTES);
    vo_hex_decode(hex, 2 * n, c->insn, sizeof c->insn);
    c->insn_len = n;
    /* "asm" is informative only and ignored on input (any value) */
    if (get_hex32(x, jm, PK(IN, "exec_mask"), &c->state.exec_mask)) return -1;
    if (parse_state_arrays(x, in, IN, &c->state)) return -1;
    vo_state_sort(&c->state);
    return check_state(x, &c->state, "input");
}

/* ---- the fast reader (issue 15): a case input read in the shape the
 * format gives it, with no tree ----
 * It reads the canonical form of an input object (docs/format.md, as
 * vo_case_to_json prints it, with any whitespace) straight into the case:
 * members in canonical order (platform, insn, asm, exec_mask, vars, preds,
 * addrs, surfaces, memory, binding_table, surface_state; "asm", "grf_bytes",
 * the state arrays and a surface's or region's "data" may be absent), strings
 * without escapes, integers as plain digits, hex decoded from the text in
 * place (no copy of the string). On anything else -- a syntax error, a value
 * the strict reader refuses, an unknown, repeated or reordered member, an
 * escape, a cap -- it gives up and the strict reader above parses the text
 * from the start. So every error (message, field, offset) is the strict
 * reader's, and the fast reader accepts only texts the strict reader accepts,
 * giving the same case: each check below mirrors one of parse_case's
 * (tests/test_json.c and fuzz/json_fuzzer.c compare the two readers).
 * Functions return 0, or -1: give up. */
typedef struct fx {
    const char *t;
    size_t n, i;
    vo_state *s;
    int check;      /* vo_case_check_fast: every check, no data kept (no variable bytes, no pages) */
    uint32_t pages; /* then: the pages the data would have made (VO_MAX_PAGES) */
} fx;

static inline void fws(fx *f)
{
    /* most tokens follow the last one directly (a compact text): one compare */
    if (f->i < f->n && (unsigned char)f->t[f->i] > ' ') return;
    while (f->i < f->n && jws((unsigned char)f->t[f->i])) f->i++;
}

/* the next token is ch (after whitespace) */
static inline int fch(fx *f, char ch)
{
    fws(f);
    if (f->i >= f->n || f->t[f->i] != ch) return -1;
    f->i++;
    return 0;
}

/* after a member or an element: 1 another follows (','), 0 the container
 * ends (close), -1 anything else */
static inline int fnext(fx *f, char close)
{
    fws(f);
    if (f->i < f->n && f->t[f->i] == ',') { f->i++; return 1; }
    if (f->i < f->n && f->t[f->i] == close) { f->i++; return 0; }
    return -1;
}

/* a string without escapes or control bytes; *s, *len: its bytes in the text */
static int fstr(fx *f, const char **s, size_t *len)
{
    if (fch(f, '"')) return -1;
    size_t j = f->i;
    const unsigned char *u = (const unsigned char *)f->t;
#if defined(__SSE2__)
    while (f->n - j >= 16) { /* 16 plain bytes at a time; at a quote, backslash, control byte (or a byte
                              * >= 0x80, which a signed compare counts too) the loop below decides */
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(u + j));
        __m128i stop = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\\')));
        int m = _mm_movemask_epi8(_mm_or_si128(stop, _mm_cmplt_epi8(x, _mm_set1_epi8(0x20))));
        if (m) {
            j += (size_t)__builtin_ctz((unsigned)m);
            break;
        }
        j += 16;
    }
#endif
    while (j < f->n && !(SCLASS[u[j]] & 1)) j++;
    if (j >= f->n || u[j] != '"') return -1; /* an escape, a control byte, the end */
    *s = f->t + f->i;
    *len = j - f->i;
    f->i = j + 1;
    return 0;
}

/* the member name `lit` and its ':' next; without `must`, a mismatch consumes
 * nothing and returns 1 (an optional member absent) */
static inline int fkey_lit(fx *f, const char *lit, size_t n, int must)
{
    fws(f);
    const char *p = f->t + f->i;
    if (f->n - f->i < n + 2 || p[0] != '"' || memcmp(p + 1, lit, n) != 0 || p[n + 1] != '"') return must ? -1 : 1;
    f->i += n + 2;
    return fch(f, ':');
}
#define FKEY(f, lit) fkey_lit((f), (lit), sizeof(lit) - 1, 1)
#define FKEY_OPT(f, lit) fkey_lit((f), (lit), sizeof(lit) - 1, 0)

/* the tokens of lit one at a time: each structural byte by fch, each "name"
 * as FKEY reads it (fws, then its exact bytes) */
static int fseq_tokens(fx *f, const char *lit, size_t n)
{
    for (size_t k = 0; k < n;) {
        if (lit[k] != '"') {
            if (fch(f, lit[k])) return -1;
            k++;
            continue;
        }
        size_t e = k + 1;
        while (e < n && lit[e] != '"') e++;
        size_t len = e - k - 1;
        fws(f);
        const char *p = f->t + f->i;
        if (f->n - f->i < len + 2 || p[0] != '"' || memcmp(p + 1, lit + k + 1, len) != 0 || p[len + 1] != '"')
            return -1;
        f->i += len + 2;
        k = e + 1;
    }
    return 0;
}

/* a run of tokens such as {"id": or ,"type": -- what fch and FKEY accept
 * one by one (whitespace between any two): in a compact text, one compare of
 * all its bytes (issue 15: the reader's time went to calls per token) */
static inline int fseq(fx *f, const char *lit, size_t n)
{
    fws(f);
    if (f->n - f->i >= n && memcmp(f->t + f->i, lit, n) == 0) {
        f->i += n;
        return 0;
    }
    return fseq_tokens(f, lit, n);
}
#define FSEQ(f, lit) fseq((f), (lit), sizeof(lit) - 1)


/* a string copied out NUL-terminated (names, versions: short) */
static int fstr_copy(fx *f, char *buf, size_t cap)
{
    const char *s;
    size_t n;
    if (fstr(f, &s, &n) || n >= cap) return -1;
    memcpy(buf, s, n);
    buf[n] = 0;
    return 0;
}

/* an integer literal 0..max: digits, no sign, no leading zero, no fraction
 * or exponent (get_uint) */
#if defined(__GNUC__)
__attribute__((always_inline)) /* each caller's max a constant */
#endif
static inline int fuint(fx *f, uint64_t max, uint64_t *out)
{
    fws(f);
    size_t i = f->i;
    const char *t = f->t;
    if (i >= f->n || !jdigit((unsigned char)t[i])) return -1;
    if (t[i] == '0' && i + 1 < f->n && jdigit((unsigned char)t[i + 1])) return -1;
    uint64_t u = 0;
    /* up to 19 digits cannot pass 2^64: the value is compared with max at the end */
    size_t lim = f->n - i > 19 ? i + 19 : f->n;
    for (unsigned d; i < lim && (d = (unsigned)((unsigned char)t[i] - '0')) <= 9; i++) u = u * 10 + d;
    if (u > max) return -1;
    if (i == lim) /* (more digits: each checked) */
        for (; i < f->n && jdigit((unsigned char)t[i]); i++) {
            unsigned d = (unsigned)(t[i] - '0');
            if (u > (max - d) / 10) return -1; /* past max (or 2^64) */
            u = u * 10 + d;
        }
    if (i < f->n && (t[i] == '.' || (t[i] | 0x20) == 'e')) return -1; /* a fraction or an exponent */
    f->i = i;
    *out = u;
    return 0;
}

/* the bytes of a hex string: *s its first digit, *nbytes half its length;
 * only the length is checked here (even, the closing quote found), the
 * digits when decoded (fhex_decode) */
static inline int fhex_span(fx *f, const char **s, size_t *nbytes)
{
    if (fch(f, '"')) return -1;
    const char *p = f->t + f->i, *q = memchr(p, '"', f->n - f->i);
    if (!q || (q - p) % 2) return -1;
    *s = p;
    *nbytes = (size_t)(q - p) / 2;
    f->i += (size_t)(q - p) + 1;
    return 0;
}

/* decodes n bytes of hex digits at s (a span fhex_span found); -1 on a byte
 * that is not a hex digit (an escape, a control byte: the strict reader's
 * business) */
#if defined(HEX_AVX2)
/* 32 digits at a time on a CPU with AVX2 (__builtin_cpu_supports): the
 * same test of each byte as the SSE2 loop below, then the same joining of
 * pairs; decodes (out) or only checks (out NULL; *nonzero: a digit not '0')
 * whole blocks of 16 bytes from the start. The bytes done, or n + 1 on a
 * byte that is not a hex digit. */
__attribute__((target("avx2"))) static size_t fhex_avx2(const unsigned char *u, size_t n, uint8_t *out, int *nonzero)
{
    size_t k = 0;
    int nz = 0;
    for (; k + 16 <= n; k += 16) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(u + 2 * k));
        __m256i l = _mm256_or_si256(x, _mm256_set1_epi8(0x20));
        __m256i dig = _mm256_and_si256(_mm256_cmpgt_epi8(x, _mm256_set1_epi8('0' - 1)),
                                       _mm256_cmpgt_epi8(_mm256_set1_epi8('9' + 1), x));
        __m256i alp = _mm256_and_si256(_mm256_cmpgt_epi8(l, _mm256_set1_epi8('a' - 1)),
                                       _mm256_cmpgt_epi8(_mm256_set1_epi8('f' + 1), l));
        if ((unsigned)_mm256_movemask_epi8(_mm256_or_si256(dig, alp)) != 0xFFFFFFFFu) return n + 1;
        if (!out) {
            nz |= (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8('0'))) != 0xFFFFFFFFu;
            continue;
        }
        __m256i v = _mm256_add_epi8(_mm256_and_si256(x, _mm256_set1_epi8(0x0F)), _mm256_and_si256(alp, _mm256_set1_epi8(9)));
        __m256i w = _mm256_or_si256(_mm256_slli_epi16(_mm256_and_si256(v, _mm256_set1_epi16(0x00FF)), 4),
                                    _mm256_srli_epi16(v, 8));
        __m256i p = _mm256_permute4x64_epi64(_mm256_packus_epi16(w, w), 0x08); /* lanes' low halves together */
        _mm_storeu_si128((__m128i *)(void *)(out + k), _mm256_castsi256_si128(p));
    }
    if (nz) *nonzero = 1;
    return k;
}

static int hex_avx2(void)
{
    return __builtin_cpu_supports("avx2");
}
#endif

static int fhex_decode(const char *s, size_t n, uint8_t *out)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t k = 0;
#if defined(HEX_AVX2)
    if (n >= 16 && hex_avx2()) {
        int nz = 0;
        k = fhex_avx2(u, n, out, &nz);
        if (k > n) return -1;
    }
#endif
#if defined(__SSE2__)
    /* 16 digits at a time (x86-64 always has SSE2): each byte 0-9, a-f or
     * A-F (signed compares: a byte >= 0x80 is neither), then pairs joined */
    for (; k + 8 <= n; k += 8) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(u + 2 * k));
        __m128i l = _mm_or_si128(x, _mm_set1_epi8(0x20));
        __m128i dig = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(x, _mm_set1_epi8('9' + 1)));
        __m128i alp = _mm_and_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('a' - 1)), _mm_cmplt_epi8(l, _mm_set1_epi8('f' + 1)));
        if (_mm_movemask_epi8(_mm_or_si128(dig, alp)) != 0xFFFF) return -1;
        __m128i v = _mm_add_epi8(_mm_and_si128(x, _mm_set1_epi8(0x0F)), _mm_and_si128(alp, _mm_set1_epi8(9)));
        __m128i w = _mm_or_si128(_mm_slli_epi16(_mm_and_si128(v, _mm_set1_epi16(0x00FF)), 4), _mm_srli_epi16(v, 8));
        _mm_storel_epi64((__m128i *)(void *)(out + k), _mm_packus_epi16(w, w));
    }
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* 8 digits at a time: each byte must be 0-9, a-f or A-F, checked on all
     * eight at once (no byte carries into the next: all are < 0x80) */
    const uint64_t ONES = 0x0101010101010101ull, HIGH = 0x8080808080808080ull;
    for (; k + 4 <= n; k += 4) {
        uint64_t x;
        memcpy(&x, u + 2 * k, 8);
        uint64_t l = x | 0x2020202020202020ull;
        uint64_t dig = (x + (0x80 - 0x30) * ONES) & ~(x + (0x80 - 0x3A) * ONES); /* '0' <= b <= '9' */
        uint64_t alp = (l + (0x80 - 0x61) * ONES) & ~(l + (0x80 - 0x67) * ONES); /* 'a' <= b|0x20 <= 'f' */
        if (((dig | alp) & HIGH) != HIGH || (x & HIGH)) return -1;
        uint64_t v = (x & 0x0F0F0F0F0F0F0F0Full) + ((alp & HIGH) >> 7) * 9; /* each byte its digit's value */
        uint64_t t = ((v & 0x00FF00FF00FF00FFull) << 4) | ((v >> 8) & 0x00FF00FF00FF00FFull); /* pairs */
        t = (t | t >> 8) & 0x0000FFFF0000FFFFull;
        uint32_t w = (uint32_t)(t | t >> 16);
        memcpy(out + k, &w, 4);
    }
#endif
    for (; k < n; k++) {
        int hi = HEXVAL[u[2 * k]], lo = HEXVAL[u[2 * k + 1]];
        if (!hi || !lo) return -1;
        out[k] = (uint8_t)((hi - 1) << 4 | (lo - 1));
    }
    return 0;
}

/* fhex_decode's check of the 2n digits at s without the decoding (check's
 * first pass, f->check): 0 when fhex_decode would accept them, else -1;
 * *nonzero set when a digit is not '0' (a decoded byte would not be 0) */
static int fhex_scan(const char *s, size_t n, int *nonzero)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t k = 0;
    int nz = 0;
#if defined(HEX_AVX2)
    if (n >= 16 && hex_avx2()) {
        k = fhex_avx2(u, n, NULL, &nz);
        if (k > n) return -1;
    }
#endif
#if defined(__SSE2__)
    for (; k + 8 <= n; k += 8) { /* fhex_decode's test of 16 digits */
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(u + 2 * k));
        __m128i l = _mm_or_si128(x, _mm_set1_epi8(0x20));
        __m128i dig = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(x, _mm_set1_epi8('9' + 1)));
        __m128i alp = _mm_and_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('a' - 1)), _mm_cmplt_epi8(l, _mm_set1_epi8('f' + 1)));
        if (_mm_movemask_epi8(_mm_or_si128(dig, alp)) != 0xFFFF) return -1;
        nz |= _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('0'))) != 0xFFFF;
    }
#endif
    for (; k < n; k++) {
        if (!HEXVAL[u[2 * k]] || !HEXVAL[u[2 * k + 1]]) return -1;
        nz |= u[2 * k] != '0' || u[2 * k + 1] != '0';
    }
    if (nz) *nonzero = 1;
    return 0;
}

/* a hex string of exactly n bytes (2n digits) decoded into out: a shorter
 * string stops the decoding at its quote (not a digit), a longer one fails
 * the closing-quote check */
static int fhex_n(fx *f, size_t n, uint8_t *out)
{
    if (fch(f, '"') || f->n - f->i < 2 * n + 1 || f->t[f->i + 2 * n] != '"') return -1;
    if (out) {
        if (fhex_decode(f->t + f->i, n, out)) return -1;
    } else { /* checked only (f->check) */
        int nz = 0;
        if (fhex_scan(f->t + f->i, n, &nz)) return -1;
    }
    f->i += 2 * n + 1;
    return 0;
}

/* exactly 8 hex digits (get_hex32) */
static int fhex32(fx *f, uint32_t *out)
{
    uint8_t b[4];
    if (fhex_n(f, 4, b)) return -1;
    *out = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    return 0;
}

/* "0x" and 1..16 hex digits (get_hex64) */
static int fhex64(fx *f, uint64_t *out)
{
    const char *s;
    size_t n;
    if (fstr(f, &s, &n) || n < 3 || n > 18 || s[0] != '0' || s[1] != 'x') return -1;
    uint64_t v = 0;
    for (size_t i = 2; i < n; i++) {
        int h = HEXVAL[(unsigned char)s[i]];
        if (!h) return -1;
        v = v << 4 | (uint64_t)(h - 1);
    }
    *out = v;
    return 0;
}

/* an array of elements, each read by elem(f, ctx, index) */
static int farray(fx *f, int (*elem)(fx *, void *, unsigned), void *ctx)
{
    if (fch(f, '[')) return -1;
    fws(f);
    if (f->i < f->n && f->t[f->i] == ']') { f->i++; return 0; }
    for (unsigned k = 0;; k++) {
        if (elem(f, ctx, k)) return -1;
        int m = fnext(f, ']');
        if (m <= 0) return m;
    }
}

/* ---- platform: {"name", "grf_bytes"?, "visa_version"} ---- */
static int fplatform(fx *f, vo_platform *out)
{
    char name[64], ver[16];
    uint64_t grf = 0;
    int has_grf = 0, k;
    if (FSEQ(f, "{\"name\":") || fstr_copy(f, name, sizeof name) || fch(f, ',')) return -1;
    if ((k = FKEY_OPT(f, "grf_bytes")) < 0) return -1;
    if (k == 0) {
        if (fuint(f, 255, &grf) || fch(f, ',')) return -1;
        has_grf = 1;
    }
    if (FKEY(f, "visa_version") || fstr_copy(f, ver, sizeof ver)) return -1;
    uint64_t lmin = 0;
    fws(f);
    if (f->i < f->n && f->t[f->i] == ',') { /* D150: only "lsc_min_simd" may follow (else the strict reader) */
        f->i++;
        if (FKEY(f, "lsc_min_simd") || fuint(f, 255, &lmin) || !lmin) return -1;
    }
    if (fch(f, '}')) return -1;
    /* the platform of the previous case read on this thread, kept: most
     * files name one platform in every test */
    static _Thread_local char last_name[64];
    static _Thread_local vo_platform last;
    vo_platform pl;
    uint16_t v = 0;
    if (strcmp(name, last_name) == 0 && name[0]) {
        pl = last;
    } else {
        memset(&pl, 0, sizeof pl);
        if (vo_platform_lookup(name, &pl) != 0) return -1;
        memcpy(last_name, name, sizeof last_name);
        last = pl;
    }
    if (has_grf && grf != pl.grf_bytes) return -1;
    if (vo_visa_version_parse(ver, &v) != 0) return -1;
    pl.visa_version = v;
    pl.lsc_min_simd = 0;
    if (lmin && !vo_platform_lsc_min_simd_ok(&pl, (unsigned)lmin)) return -1;
    pl.lsc_min_simd = (uint8_t)lmin;
    *out = pl;
    return 0;
}

/* vo_type_from_name of a string's bytes in the text */
static int ftype(const char *s, size_t n)
{
    /* the names (1..4 bytes) and their lengths, taken once per thread */
    static _Thread_local char names[16][5];
    static _Thread_local unsigned char lens[16];
    static _Thread_local int ready;
    if (!ready) {
        for (unsigned t = 0; t < 16; t++) {
            const char *nm = vo_type_name(t);
            size_t l = nm ? strlen(nm) : 0;
            if (l >= sizeof names[0]) l = 0; /* (none is longer: "bool") */
            memcpy(names[t], nm ? nm : "", l);
            lens[t] = (unsigned char)l;
        }
        ready = 1;
    }
    for (unsigned t = 0; t < 16; t++)
        if (lens[t] == n && names[t][0] == s[0] && (n < 2 || memcmp(names[t] + 1, s + 1, n - 1) == 0)) return (int)t;
    return -1;
}

/* ---- vars: {"id", "type", "num_elts", "data"} ---- */
static int fvar_elem(fx *f, void *ctx, unsigned i)
{
    uint64_t *prev = ctx, id, n;
    const char *ts;
    size_t tl;
    if (f->s->nvars >= VO_MAX_VARS) return -1;
    if (FSEQ(f, "{\"id\":") || fuint(f, UINT32_MAX, &id) || FSEQ(f, ",\"type\":") || fstr(f, &ts, &tl) || tl == 0 ||
        FSEQ(f, ",\"num_elts\":") || fuint(f, UINT32_MAX, &n) || FSEQ(f, ",\"data\":"))
        return -1;
    if (i > 0 && id <= *prev) return -1; /* duplicate or not ascending */
    *prev = id;
    int t = ftype(ts, tl);
    if (!is_var_type(t) || n == 0) return -1;
    uint64_t size = n * vo_type_size((unsigned)t);
    if (size > VO_MAX_VAR_BYTES) return -1;
    if (f->check) { /* vo_state_add_var's entry without its bytes (ids ascend: no duplicate; caps checked above) */
        vo_var *v = &f->s->vars[f->s->nvars++];
        v->id = (uint32_t)id;
        v->type = (uint8_t)t;
        v->num_elts = (uint32_t)n;
        v->size = (uint32_t)size;
        v->data = NULL;
        return fhex_n(f, (size_t)size, NULL) || fch(f, '}') ? -1 : 0;
    }
    vo_var *v = vo_state_add_var(f->s, (uint32_t)id, (unsigned)t, (uint32_t)n);
    if (!v || !v->data || v->size != size) return -1;
    return fhex_n(f, (size_t)size, v->data) || fch(f, '}') ? -1 : 0; /* data of exactly size bytes */
}

/* ---- preds: {"id", "num_elts", "bits"} ---- */
static int fpred_elem(fx *f, void *ctx, unsigned i)
{
    uint64_t *prev = ctx, id, n;
    uint32_t bits;
    if (f->s->npreds >= VO_MAX_PREDS) return -1;
    if (FSEQ(f, "{\"id\":") || fuint(f, 4095, &id) || FSEQ(f, ",\"num_elts\":") || fuint(f, 32, &n) ||
        FSEQ(f, ",\"bits\":") || fhex32(f, &bits) || fch(f, '}'))
        return -1;
    if (id == 0 || (i > 0 && id <= *prev)) return -1;
    *prev = id;
    if (n != 1 && n != 2 && n != 4 && n != 8 && n != 16 && n != 32) return -1;
    if (n < 32 && (bits >> n) != 0) return -1;
    return vo_state_add_pred(f->s, (uint16_t)id, (uint8_t)n, bits) ? 0 : -1;
}

/* ---- addrs: {"id", "elems": [[var, offset], ...]} ---- */
typedef struct { unsigned n; vo_addr_elem el[VO_MAX_ADDR_ELTS]; } faddr;
static int faddr_pair(fx *f, void *ctx, unsigned j)
{
    faddr *a = ctx;
    uint64_t var, off;
    if (j >= VO_MAX_ADDR_ELTS) return -1;
    if (fch(f, '[') || fuint(f, UINT32_MAX, &var) || fch(f, ',') || fuint(f, UINT32_MAX, &off) || fch(f, ']'))
        return -1;
    a->el[j].var = (uint32_t)var;
    a->el[j].off = (uint32_t)off;
    a->n = j + 1;
    return 0;
}

static int faddr_elem(fx *f, void *ctx, unsigned i)
{
    uint64_t *prev = ctx, id;
    faddr a;
    a.n = 0;
    if (f->s->naddrs >= VO_MAX_ADDRS) return -1;
    if (FSEQ(f, "{\"id\":") || fuint(f, UINT16_MAX, &id) || FSEQ(f, ",\"elems\":") || farray(f, faddr_pair, &a) ||
        fch(f, '}'))
        return -1;
    if ((i > 0 && id <= *prev) || a.n == 0) return -1;
    *prev = id;
    vo_addr *na = vo_state_add_addr(f->s, (uint16_t)id, (uint16_t)a.n);
    if (!na) return -1;
    memcpy(na->elems, a.el, (size_t)a.n * sizeof a.el[0]);
    return 0;
}

/* ---- runs [[offset, "hex"], ...] of a surface or region (parse_runs) ---- */
typedef struct { vo_surface *sf; uint64_t prev_end, last_page; int has_page; } fruns;
static int frun_elem(fx *f, void *ctx, unsigned j)
{
    fruns *r = ctx;
    uint64_t off, size = r->sf->size;
    const char *hex;
    size_t n;
    if (fch(f, '[') || fuint(f, VO_MAX_SURFACE_SIZE, &off) || fch(f, ',') || fhex_span(f, &hex, &n) || fch(f, ']'))
        return -1;
    if (n == 0 || off > size || n > size - off || (j > 0 && off < r->prev_end)) return -1;
    r->prev_end = off + n;
    /* write_run's page-aligned chunks, decoded one at a time (no buffer) */
    uint8_t b[VO_PAGE_BYTES];
    for (size_t i = 0; i < n;) {
        uint64_t a = off + i, next = (a / VO_PAGE_BYTES + 1) * VO_PAGE_BYTES;
        size_t chunk = (size_t)(next - a);
        if (chunk > n - i) chunk = n - i;
        if (f->check) {
            /* the page vo_surface_write would make: one per page with a non-zero byte (runs ascend, so only
             * the previous run's last page can be met again), VO_MAX_PAGES in all */
            uint64_t pb = a - a % VO_PAGE_BYTES;
            int nz = 0;
            if (fhex_scan(hex + 2 * i, chunk, &nz)) return -1;
            if (nz && !(r->has_page && r->last_page == pb)) {
                if (f->pages >= VO_MAX_PAGES) return -1;
                f->pages++;
                r->last_page = pb;
                r->has_page = 1;
            }
        } else if (fhex_decode(hex + 2 * i, chunk, b) ||
                   (!all_zero(b, chunk) && vo_surface_write(f->s, r->sf, a, b, (uint32_t)chunk) != 0)) {
            return -1;
        }
        i += chunk;
    }
    return 0;
}

/* an optional ', "data": [runs]' before the object's '}'. parse_runs ends
 * with vo_surface_compact, which drops all-zero pages; here there are none:
 * a page is made only for a chunk with a non-zero byte, and the runs do not
 * overlap, so no byte is written twice */
static int fdata_end(fx *f, vo_surface *sf)
{
    int m = fnext(f, '}');
    if (m <= 0) return m;
    fruns r = { sf, 0, 0, 0 };
    return FKEY(f, "data") || farray(f, frun_elem, &r) || fch(f, '}') ? -1 : 0;
}

/* ---- surfaces: {"index", "size", "data"?} ---- */
static int fsurf_elem(fx *f, void *ctx, unsigned i)
{
    uint64_t *prev = ctx, idx, size;
    if (f->s->nsurfaces >= VO_MAX_SURFACES) return -1;
    if (FSEQ(f, "{\"index\":") || fuint(f, UINT32_MAX, &idx) || FSEQ(f, ",\"size\":") ||
        fuint(f, VO_MAX_SURFACE_SIZE, &size))
        return -1;
    if (i > 0 && idx <= *prev) return -1;
    *prev = idx;
    vo_surface *sf = vo_state_add_surface(f->s, (uint32_t)idx, size);
    return sf ? fdata_end(f, sf) : -1;
}

/* ---- memory: {"base", "size", "data"?} ---- */
static int freg_elem(fx *f, void *ctx, unsigned i)
{
    vo_state *s = f->s;
    uint64_t base, size;
    (void)ctx;
    (void)i;
    if (s->nregions >= VO_MAX_REGIONS) return -1;
    if (FSEQ(f, "{\"base\":") || fhex64(f, &base) || FSEQ(f, ",\"size\":") || fuint(f, VO_MAX_REGION_SIZE, &size))
        return -1;
    if (s->nregions) {
        const vo_region *q = &s->regions[s->nregions - 1];
        if (base < q->base || base - q->base < q->mem.size) return -1;
    }
    if (size == 0 || (base && size > UINT64_MAX - base + 1)) return -1;
    vo_region *r = vo_state_add_region(s, base, size);
    return r ? fdata_end(f, &r->mem) : -1;
}

/* ---- binding_table {"bti", "surface"} / surface_state {"offset", "surface"} ---- */
typedef struct { int is_ss; uint64_t prev; } ftab;
static int ftab_elem(fx *f, void *ctx, unsigned i)
{
    ftab *p = ctx;
    vo_state *s = f->s;
    uint64_t key, sfi;
    if ((p->is_ss ? s->nss : s->nbt) >= (p->is_ss ? VO_MAX_SS : VO_MAX_BT)) return -1;
    if ((p->is_ss ? FSEQ(f, "{\"offset\":") : FSEQ(f, "{\"bti\":")) ||
        fuint(f, p->is_ss ? VO_MAX_SS_OFFSET : VO_MAX_BTI, &key) || FSEQ(f, ",\"surface\":") || fuint(f, 255, &sfi) ||
        fch(f, '}'))
        return -1;
    if ((p->is_ss && key % VO_SS_ALIGN) || (i > 0 && key <= p->prev)) return -1;
    p->prev = key;
    if (!vo_state_surface(s, (uint32_t)sfi)) return -1;
    return (p->is_ss ? (void *)vo_state_add_ss(s, (uint32_t)key, (uint32_t)sfi)
                     : (void *)vo_state_add_bti(s, (uint32_t)key, (uint32_t)sfi)) ? 0 : -1;
}

/* ---- typed (issue 28): {"surface","dim","format","width","height","depth"} ---- */
static int ftyped_elem(fx *f, void *ctx, unsigned i)
{
    uint64_t *prev = ctx, sfi, w, h, z;
    char dn[16], fn[24];
    if (f->s->ntyped >= VO_MAX_TYPED) return -1;
    if (FSEQ(f, "{\"surface\":") || fuint(f, 255, &sfi) || FSEQ(f, ",\"dim\":") || fstr_copy(f, dn, sizeof dn) ||
        FSEQ(f, ",\"format\":") || fstr_copy(f, fn, sizeof fn) || FSEQ(f, ",\"width\":") ||
        fuint(f, VO_MAX_TYPED_DIM, &w) || FSEQ(f, ",\"height\":") || fuint(f, VO_MAX_TYPED_DIM, &h) ||
        FSEQ(f, ",\"depth\":") || fuint(f, VO_MAX_TYPED_DIM, &z) || fch(f, '}'))
        return -1;
    if (i > 0 && sfi <= *prev) return -1;
    *prev = sfi;
    int dim = name_index(vo_typed_dim_name, dn), fmt = name_index(vo_typed_fmt_name, fn);
    if (dim < 0 || fmt < 0) return -1;
    return vo_state_add_typed(f->s, (uint32_t)sfi, (unsigned)dim, (unsigned)fmt, (uint32_t)w, (uint32_t)h, (uint32_t)z)
               ? 0 : -1;
}

/* ---- the input object ---- */
/* reads one input object from text (what follows it is not looked at);
 * *used: its length */
static int fast_case_prefix(const char *text, size_t len, vo_case *c, size_t *used, int check)
{
    static const char *const keys[8] = { "vars", "preds", "addrs", "surfaces", "memory", "binding_table",
                                         "surface_state", "typed" };
    static int (*const elems[8])(fx *, void *, unsigned) = { fvar_elem, fpred_elem, faddr_elem, fsurf_elem,
                                                             freg_elem, ftab_elem, ftab_elem, ftyped_elem };
    if (!text || len == 0) return -1;
    sclass_init();
    fx f = { text, len, 0, &c->state, check, 0 };
    const char *s;
    size_t n;
    int k;
    if (FSEQ(&f, "{\"platform\":") || fplatform(&f, &c->state.platform) || FSEQ(&f, ",\"insn\":") ||
        fhex_span(&f, &s, &n) || n > VO_MAX_INSN_BYTES || fhex_decode(s, n, c->insn) || fch(&f, ','))
        return -1;
    c->insn_len = n;
    if ((k = FKEY_OPT(&f, "asm")) < 0) return -1;
    if (k == 0 && (fstr(&f, &s, &n) || fch(&f, ','))) return -1; /* "asm" is informative only */
    if (FKEY(&f, "exec_mask") || fhex32(&f, &c->state.exec_mask)) return -1;
    static const size_t klens[8] = { 4, 5, 5, 8, 6, 13, 13, 5 };
    int last = -1;
    while ((k = fnext(&f, '}')) == 1) {
        int a = last + 1, r = 1;
        while (a < 8 && (r = fkey_lit(&f, keys[a], klens[a], 0)) == 1) a++;
        if (a == 8 || r < 0) return -1; /* unknown (also "input": a test object), repeated, out of order; no ':' */
        last = a;
        uint64_t prev = 0;
        ftab tab = { a == 6, 0 };
        if (farray(&f, elems[a], a == 5 || a == 6 ? (void *)&tab : (void *)&prev)) return -1;
    }
    if (k < 0) return -1;
    /* no vo_state_sort: every array was read in strictly ascending order */
    vo_error e;
    memset(&e, 0, sizeof e);
    if (vo_state_check(&c->state, &e) != 0) return -1;
    *used = f.i;
    return 0;
}

static int fast_case(const char *text, size_t len, vo_case *c)
{
    size_t used = 0;
    if (fast_case_prefix(text, len, c, &used, 0)) return -1;
    fx f = { text, len, used, &c->state, 0, 0 };
    fws(&f);
    return f.i == f.n ? 0 : -1; /* trailing characters */
}

int vo_case_read_fast(const char *text, size_t len, vo_case *c, size_t *used)
{
    vo_state_free(&c->state);
    memset(c->insn, 0, sizeof c->insn);
    c->insn_len = 0;
    c->comment[0] = 0;
    return fast_case_prefix(text, len, c, used, 0);
}

int vo_case_check_fast(const char *text, size_t len, vo_case *c, size_t *used)
{
    vo_state_free(&c->state);
    memset(c->insn, 0, sizeof c->insn);
    c->insn_len = 0;
    c->comment[0] = 0;
    int rc = fast_case_prefix(text, len, c, used, 1);
    vo_state_free(&c->state); /* declarations without data: not a case to run */
    return rc;
}

int vo_case_from_json_strict(const char *text, size_t len, vo_case *c, vo_error *err)
{
    vo_error dummy;
    jdoc doc = {0};
    px x = {err ? err : &dummy, c->errpath, &doc};
    memset(x.err, 0, sizeof *x.err);
    x.err->offset = -1;
    reset_case(c);
    jv *root = parse_doc(&x, text, len);
    int rc = root ? parse_case(&x, root, c) : -1;
    jdoc_free(&doc);
    if (rc) reset_case(c);
    return rc;
}

int vo_case_from_json(const char *text, size_t len, vo_case *c, vo_error *err)
{
    vo_state_free(&c->state); /* reset_case but the platform, which the fast reader sets (or the strict one resets) */
    memset(c->insn, 0, sizeof c->insn);
    c->insn_len = 0;
    c->comment[0] = 0;
    if (fast_case(text, len, c) == 0) {
        if (err) {
            memset(err, 0, sizeof *err);
            err->offset = -1;
        }
        return 0;
    }
    return vo_case_from_json_strict(text, len, c, err); /* the strict reader: its case or its error */
}

void vo_final_init(vo_final *f)
{
    memset(f, 0, sizeof *f);
    vo_state_init(&f->state);
}

void vo_final_free(vo_final *f)
{
    vo_state_free(&f->state);
    vo_state_init(&f->state);
    f->status = VO_OK;
    f->code = VO_E_NONE;
    f->code_text[0] = 0;
    f->code_known = 0;
    f->has_digest = 0;
    f->digest[0] = 0;
}

/* the oracle code named s, or -1 */
static int code_by_name(const char *s)
{
    for (int k = 0; k < (int)VO_E_COUNT; k++) {
        const char *nm = vo_errcode_name((vo_errcode)k);
        if (nm && strcmp(nm, s) == 0) return k;
    }
    return -1;
}

/* reply: a DUT's "error" member (D61): its code is any string, kept as given;
 * a string "error" is the code itself; any other shape carries no code and is
 * not a fault (only the status is judged). */
static void reply_error(const jv *je, vo_final *f)
{
    const jv *jc = je;
    if (je->type == J_OBJ) {
        jc = NULL;
        for (const jv *it = je->child; it && !jc; it = it->next)
            if (it->key && strcmp(it->key, "code") == 0) jc = it;
    }
    if (!jc || jc->type != J_STR || !jc->valuestring) return;
    clip(f->code_text, sizeof f->code_text, jc->valuestring);
    int k = code_by_name(jc->valuestring);
    if (k >= 0) {
        f->code = (vo_errcode)k;
        f->code_known = 1;
    }
}

static int parse_final(px *x, const jv *root, const vo_state *input, vo_final *f, int reply)
{
    const jv *ex, *js, *je, *jd;
    const char *s = NULL;
    char buf[64];
    const jp *rp = PK(NULL, "expect"), *ER = PK(rp, "error");
    if (getk(x, root, NULL, "expect", 0, &ex)) return -1;
    if (ex) {
        if (want_obj(x, ex, rp)) return -1;
    } else {
        ex = root;
    }
    if (getk(x, ex, rp, "status", 1, &js) || getk(x, ex, rp, "error", 0, &je) ||
        getk(x, ex, rp, "digest", 0, &jd))
        return -1;
    if (get_str(x, js, PK(rp, "status"), &s)) return -1;
    int st = -1;
    for (int k = 0; k <= (int)VO_UNDEFINED; k++) {
        const char *nm = vo_status_name((vo_status)k);
        if (nm && strcmp(nm, s) == 0) st = k;
    }
    if (st < 0) {
        clip(buf, sizeof buf, s);
        return fail(x, VO_E_STATE, PK(rp, "status"), "unknown status \"%s\"", buf);
    }
    f->status = (vo_status)st;
    if (reply && je) {
        reply_error(je, f); /* D61 */
    } else if (je && je->type != J_NULL) {
        const jv *jc;
        if (want_obj(x, je, ER)) return -1;
        if (getk(x, je, ER, "code", 1, &jc)) return -1;
        if (get_str(x, jc, PK(ER, "code"), &s)) return -1;
        int code = code_by_name(s);
        if (code < 0) {
            clip(buf, sizeof buf, s);
            return fail(x, VO_E_STATE, PK(ER, "code"), "unknown error code \"%s\"", buf);
        }
        f->code = (vo_errcode)code;
        clip(f->code_text, sizeof f->code_text, s);
        f->code_known = 1;
    }
    if (jd) {
        if (get_str(x, jd, PK(rp, "digest"), &s)) return -1;
        size_t n = strlen(s);
        int ok = n == 64;
        for (size_t k = 0; ok && k < n; k++)
            ok = (s[k] >= '0' && s[k] <= '9') || (s[k] >= 'a' && s[k] <= 'f');
        if (!ok) return fail(x, VO_E_STATE, PK(rp, "digest"), "expected 64 lower-case hex digits");
        memcpy(f->digest, s, 65);
        f->has_digest = 1;
    }
    if (input) {
        f->state.platform = input->platform;
        f->state.exec_mask = input->exec_mask;
    }
    if (parse_state_arrays(x, ex, rp, &f->state)) return -1;
    vo_state_sort(&f->state);
    return check_state(x, &f->state, "expect");
}

static int final_from_json(const char *text, size_t len, const vo_state *input, vo_final *f, vo_error *err,
                           int reply)
{
    vo_error dummy;
    jdoc doc = {0};
    px x = {err ? err : &dummy, f->errpath, &doc};
    memset(x.err, 0, sizeof *x.err);
    x.err->offset = -1;
    vo_final_free(f);
    jv *root = parse_doc(&x, text, len);
    int rc = root ? parse_final(&x, root, input, f, reply) : -1;
    jdoc_free(&doc);
    if (rc) vo_final_free(f);
    return rc;
}

int vo_final_from_json(const char *text, size_t len, const vo_state *input,
                       vo_final *f, vo_error *err)
{
    return final_from_json(text, len, input, f, err, 0);
}

int vo_reply_from_json(const char *text, size_t len, const vo_state *input,
                       vo_final *f, vo_error *err)
{
    return final_from_json(text, len, input, f, err, 1);
}

/* ------------------------------------------------------------------ */
/* printing                                                            */
/* ------------------------------------------------------------------ */

typedef struct ob { int bad; } ob;

static cJSON *chk(ob *o, cJSON *it)
{
    if (!it) o->bad = 1;
    return it;
}

static void add(ob *o, cJSON *obj, const char *k, cJSON *it)
{
    if (!it) { o->bad = 1; return; }
    if (!obj || !cJSON_AddItemToObject(obj, k, it)) {
        cJSON_Delete(it);
        o->bad = 1;
    }
}

static void add_u64(ob *o, cJSON *obj, const char *k, uint64_t v)
{
    char b[32];
    snprintf(b, sizeof b, "%llu", (unsigned long long)v);
    add(o, obj, k, cJSON_CreateRaw(b));
}

static void add_str(ob *o, cJSON *obj, const char *k, const char *v)
{
    add(o, obj, k, cJSON_CreateString(v));
}

static void add_hex(ob *o, cJSON *obj, const char *k, const uint8_t *b, size_t n)
{
    char *h = hex_alloc(b, n);
    if (!h) { o->bad = 1; return; }
    add_str(o, obj, k, h);
    free(h);
}

static void add_hex32(ob *o, cJSON *obj, const char *k, uint32_t v)
{
    char b[16];
    snprintf(b, sizeof b, "%08x", (unsigned)v);
    add_str(o, obj, k, b);
}

/* ---- the canonical state text, written directly ----
 * The state is the bulk of every expect object and the digest input, so it is
 * not built as a cJSON tree: it is written into one growing buffer, in exactly
 * the bytes cJSON_PrintUnformatted gives for the same tree (keys in canonical
 * order, integers in decimal, bytes as lower-case hex; no string in it needs
 * escaping). docs/format.md fixes the shape; the vector regeneration test
 * fails on any byte of difference. */
typedef struct sb { char *p; size_t n, cap; int bad; } sb;

static int sb_room(sb *b, size_t k)
{
    if (b->bad) return 0;
    if (b->n + k + 1 <= b->cap) return 1;
    size_t nc = b->cap ? b->cap : 256;
    while (nc < b->n + k + 1) {
        if (nc > SIZE_MAX / 2) { b->bad = 1; return 0; }
        nc *= 2;
    }
    char *q = realloc(b->p, nc);
    if (!q) { b->bad = 1; return 0; }
    b->p = q;
    b->cap = nc;
    return 1;
}

static void sb_put(sb *b, const char *t, size_t k)
{
    if (!sb_room(b, k)) return;
    memcpy(b->p + b->n, t, k);
    b->n += k;
}
#define SB_LIT(b, lit) sb_put((b), "" lit, sizeof(lit) - 1) /* string literals only */

static void sb_str(sb *b, const char *t) { sb_put(b, t, strlen(t)); }

static void sb_u64(sb *b, uint64_t v)
{
    char t[24];
    size_t k = sizeof t;
    do { t[--k] = (char)('0' + v % 10); v /= 10; } while (v);
    sb_put(b, t + k, sizeof t - k);
}

static void sb_hex(sb *b, const uint8_t *d, size_t n)
{
    if (n > (SIZE_MAX - 1) / 2 || !sb_room(b, 2 * n)) { b->bad = 1; return; }
    char *q = b->p + b->n;
    for (size_t i = 0; i < n; i++) {
        q[2 * i] = HEXDIGITS[d[i] >> 4];
        q[2 * i + 1] = HEXDIGITS[d[i] & 15];
    }
    b->n += 2 * n;
}

/* index permutation sorting n keys ascending (n is small) */
static void order(const uint64_t *keys, unsigned n, unsigned *idx)
{
    for (unsigned i = 0; i < n; i++) idx[i] = i;
    for (unsigned i = 1; i < n; i++) {
        unsigned v = idx[i], j = i;
        while (j > 0 && keys[idx[j - 1]] > keys[v]) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
}

static void vars_text(sb *b, const vo_state *s)
{
    uint64_t keys[VO_MAX_VARS] = {0};
    unsigned idx[VO_MAX_VARS], n = s->nvars > VO_MAX_VARS ? VO_MAX_VARS : s->nvars;
    for (unsigned i = 0; i < n; i++) keys[i] = s->vars[i].id;
    order(keys, n, idx);
    SB_LIT(b, "[");
    for (unsigned i = 0; i < n; i++) {
        const vo_var *v = &s->vars[idx[i]];
        const char *tn = vo_type_name(v->type);
        if (i) SB_LIT(b, ",");
        SB_LIT(b, "{\"id\":");
        sb_u64(b, v->id);
        SB_LIT(b, ",\"type\":\"");
        sb_str(b, tn ? tn : "?");
        SB_LIT(b, "\",\"num_elts\":");
        sb_u64(b, v->num_elts);
        SB_LIT(b, ",\"data\":\"");
        sb_hex(b, v->data, v->data ? v->size : 0);
        SB_LIT(b, "\"}");
    }
    SB_LIT(b, "]");
}

static void preds_text(sb *b, const vo_state *s)
{
    uint64_t keys[VO_MAX_PREDS] = {0};
    unsigned idx[VO_MAX_PREDS], n = s->npreds > VO_MAX_PREDS ? VO_MAX_PREDS : s->npreds;
    for (unsigned i = 0; i < n; i++) keys[i] = s->preds[i].id;
    order(keys, n, idx);
    SB_LIT(b, "[");
    for (unsigned i = 0; i < n; i++) {
        const vo_pred *p = &s->preds[idx[i]];
        uint8_t be[4] = { (uint8_t)(p->bits >> 24), (uint8_t)(p->bits >> 16), (uint8_t)(p->bits >> 8),
                          (uint8_t)p->bits };
        if (i) SB_LIT(b, ",");
        SB_LIT(b, "{\"id\":");
        sb_u64(b, p->id);
        SB_LIT(b, ",\"num_elts\":");
        sb_u64(b, p->num_elts);
        SB_LIT(b, ",\"bits\":\"");
        sb_hex(b, be, 4); /* %08x of the 32 bits */
        SB_LIT(b, "\"}");
    }
    SB_LIT(b, "]");
}

static void addrs_text(sb *b, const vo_state *s)
{
    uint64_t keys[VO_MAX_ADDRS] = {0};
    unsigned idx[VO_MAX_ADDRS], n = s->naddrs > VO_MAX_ADDRS ? VO_MAX_ADDRS : s->naddrs;
    for (unsigned i = 0; i < n; i++) keys[i] = s->addrs[i].id;
    order(keys, n, idx);
    SB_LIT(b, "[");
    for (unsigned i = 0; i < n; i++) {
        const vo_addr *a = &s->addrs[idx[i]];
        if (i) SB_LIT(b, ",");
        SB_LIT(b, "{\"id\":");
        sb_u64(b, a->id);
        SB_LIT(b, ",\"elems\":[");
        unsigned ne = a->num_elts > VO_MAX_ADDR_ELTS ? VO_MAX_ADDR_ELTS : a->num_elts;
        for (unsigned j = 0; j < ne; j++) {
            if (j) SB_LIT(b, ",");
            SB_LIT(b, "[");
            sb_u64(b, a->elems[j].var);
            SB_LIT(b, ",");
            sb_u64(b, a->elems[j].off);
            SB_LIT(b, "]");
        }
        SB_LIT(b, "]}");
    }
    SB_LIT(b, "]");
}

/* one run [start, end) of a surface as [offset,"hex"] (the run may span pages) */
static void run_text(sb *b, const vo_surface *sf, uint64_t start, uint64_t end, int first)
{
    if (!first) SB_LIT(b, ",");
    SB_LIT(b, "[");
    sb_u64(b, start);
    SB_LIT(b, ",\"");
    for (uint64_t q = start; q < end;) {
        uint8_t t[VO_PAGE_BYTES];
        uint32_t k = (uint32_t)(end - q < sizeof t ? end - q : sizeof t);
        vo_surface_read(sf, q, t, k);
        sb_hex(b, t, k);
        q += k;
    }
    SB_LIT(b, "\"]");
}

/* canonical data runs of one surface: 16-byte lines (last clipped at size),
 * all-zero lines dropped, maximal runs of consecutive non-zero lines. Pages
 * are sorted by base, unique and page-aligned (state.c keeps them so), so one
 * walk over them visits the lines in ascending order. */
static void runs_text(sb *b, const vo_surface *sf)
{
    SB_LIT(b, "[");
    int first = 1;
    uint64_t start = 0, end = 0; /* the open run; end == 0: none */
    for (uint32_t p = 0; p < sf->npages && sf->pages; p++) {
        const vo_page *pg = sf->pages[p];
        if (!pg) continue;
        for (uint32_t l = 0; l < VO_PAGE_BYTES / 16; l++) {
            uint64_t off = pg->base + 16u * l;
            if (off >= sf->size) break;
            uint32_t len = (uint32_t)(sf->size - off < 16 ? sf->size - off : 16);
            if (all_zero(pg->bytes + 16u * l, len)) continue;
            if (end && end == off) { /* extends the open run */
                end = off + len;
                continue;
            }
            if (end) {
                run_text(b, sf, start, end, first);
                first = 0;
            }
            start = off;
            end = off + len;
        }
    }
    if (end) run_text(b, sf, start, end, first);
    SB_LIT(b, "]");
}

static void surfaces_text(sb *b, const vo_state *s)
{
    uint64_t keys[VO_MAX_SURFACES] = {0};
    unsigned idx[VO_MAX_SURFACES], n = s->nsurfaces > VO_MAX_SURFACES ? VO_MAX_SURFACES : s->nsurfaces;
    for (unsigned i = 0; i < n; i++) keys[i] = s->surfaces[i].index;
    order(keys, n, idx);
    SB_LIT(b, "[");
    for (unsigned i = 0; i < n; i++) {
        const vo_surface *sf = &s->surfaces[idx[i]];
        if (i) SB_LIT(b, ",");
        SB_LIT(b, "{\"index\":");
        sb_u64(b, sf->index);
        SB_LIT(b, ",\"size\":");
        sb_u64(b, sf->size);
        if (sf->m_pixel) { /* D205 */
            SB_LIT(b, ",\"media\":{\"width\":");
            sb_u64(b, sf->m_width);
            SB_LIT(b, ",\"height\":");
            sb_u64(b, sf->m_height);
            SB_LIT(b, ",\"pitch\":");
            sb_u64(b, sf->m_pitch);
            SB_LIT(b, ",\"pixel\":");
            sb_u64(b, sf->m_pixel);
            SB_LIT(b, "}");
        }
        SB_LIT(b, ",\"data\":");
        runs_text(b, sf);
        SB_LIT(b, "}");
    }
    SB_LIT(b, "]");
}

static void sb_hex64(sb *b, uint64_t v)
{
    char t[19];
    snprintf(t, sizeof t, "0x%016llx", (unsigned long long)v);
    sb_put(b, t, 18);
}

/* regions sorted by base (state.c keeps them so; order() again for safety) */
static void memory_text(sb *b, const vo_state *s)
{
    uint64_t keys[VO_MAX_REGIONS] = {0};
    unsigned idx[VO_MAX_REGIONS], n = s->nregions > VO_MAX_REGIONS ? VO_MAX_REGIONS : s->nregions;
    for (unsigned i = 0; i < n; i++) keys[i] = s->regions[i].base;
    order(keys, n, idx);
    SB_LIT(b, "[");
    for (unsigned i = 0; i < n; i++) {
        const vo_region *r = &s->regions[idx[i]];
        if (i) SB_LIT(b, ",");
        SB_LIT(b, "{\"base\":\"");
        sb_hex64(b, r->base);
        SB_LIT(b, "\",\"size\":");
        sb_u64(b, r->mem.size);
        SB_LIT(b, ",\"data\":");
        runs_text(b, &r->mem);
        SB_LIT(b, "}");
    }
    SB_LIT(b, "]");
}

static void table_text(sb *b, const vo_state *s, int is_ss)
{
    unsigned n = is_ss ? (s->nss > VO_MAX_SS ? VO_MAX_SS : s->nss) : (s->nbt > VO_MAX_BT ? VO_MAX_BT : s->nbt);
    uint64_t keys[VO_MAX_BT > VO_MAX_SS ? VO_MAX_BT : VO_MAX_SS] = {0};
    unsigned idx[VO_MAX_BT > VO_MAX_SS ? VO_MAX_BT : VO_MAX_SS];
    for (unsigned i = 0; i < n; i++) keys[i] = is_ss ? s->ss[i].offset : s->bt[i].bti;
    order(keys, n, idx);
    SB_LIT(b, "[");
    for (unsigned i = 0; i < n; i++) {
        if (i) SB_LIT(b, ",");
        if (is_ss) SB_LIT(b, "{\"offset\":"); else SB_LIT(b, "{\"bti\":");
        sb_u64(b, keys[idx[i]]);
        SB_LIT(b, ",\"surface\":");
        sb_u64(b, is_ss ? s->ss[idx[i]].surface : s->bt[idx[i]].surface);
        SB_LIT(b, "}");
    }
    SB_LIT(b, "]");
}
static void typed_text(sb *b, const vo_state *s) /* typed (issue 28): kept sorted by surface */
{
    unsigned n = s->ntyped > VO_MAX_TYPED ? VO_MAX_TYPED : s->ntyped;
    uint64_t keys[VO_MAX_TYPED] = {0};
    unsigned idx[VO_MAX_TYPED];
    for (unsigned i = 0; i < n; i++) keys[i] = s->typed[i].surface;
    order(keys, n, idx);
    SB_LIT(b, "[");
    for (unsigned i = 0; i < n; i++) {
        const vo_typed *t = &s->typed[idx[i]];
        const char *dn = vo_typed_dim_name(t->dim), *fn = vo_typed_fmt_name(t->format);
        if (i) SB_LIT(b, ",");
        SB_LIT(b, "{\"surface\":");
        sb_u64(b, t->surface);
        SB_LIT(b, ",\"dim\":\"");
        sb_str(b, dn ? dn : "?");
        SB_LIT(b, "\",\"format\":\"");
        sb_str(b, fn ? fn : "?");
        SB_LIT(b, "\",\"width\":");
        sb_u64(b, t->width);
        SB_LIT(b, ",\"height\":");
        sb_u64(b, t->height);
        SB_LIT(b, ",\"depth\":");
        sb_u64(b, t->depth);
        SB_LIT(b, "}");
    }
    SB_LIT(b, "]");
}
static void bt_text(sb *b, const vo_state *s) { table_text(b, s, 0); }
static void ss_text(sb *b, const vo_state *s) { table_text(b, s, 1); }

/* "vars":[...],"preds":[...],"addrs":[...],"surfaces":[...] (no braces), then
 * "memory", "binding_table", "surface_state" each only when non-empty, so a
 * state without them prints exactly as a visa-vectors/1 state (docs/format.md) */
static void state_members(sb *b, const vo_state *s)
{
    SB_LIT(b, "\"vars\":");
    vars_text(b, s);
    SB_LIT(b, ",\"preds\":");
    preds_text(b, s);
    SB_LIT(b, ",\"addrs\":");
    addrs_text(b, s);
    SB_LIT(b, ",\"surfaces\":");
    surfaces_text(b, s);
    if (s->nregions) {
        SB_LIT(b, ",\"memory\":");
        memory_text(b, s);
    }
    if (s->nbt) {
        SB_LIT(b, ",\"binding_table\":");
        bt_text(b, s);
    }
    if (s->nss) {
        SB_LIT(b, ",\"surface_state\":");
        ss_text(b, s);
    }
    if (s->ntyped) {
        SB_LIT(b, ",\"typed\":");
        typed_text(b, s);
    }
}

static char *sb_finish(sb *b)
{
    if (b->bad || !sb_room(b, 0)) {
        free(b->p);
        return NULL;
    }
    b->p[b->n] = 0;
    return b->p;
}

/* the four state arrays of a case input, as raw members of a cJSON object */
static void add_state_raw(ob *o, cJSON *obj, const vo_state *s)
{
    static void (*const fn[8])(sb *, const vo_state *) = { vars_text, preds_text, addrs_text, surfaces_text,
                                                           memory_text, bt_text, ss_text, typed_text };
    static const char *const key[8] = { "vars", "preds", "addrs", "surfaces", "memory", "binding_table",
                                        "surface_state", "typed" };
    for (int k = 0; k < 8; k++) {
        if ((k == 4 && !s->nregions) || (k == 5 && !s->nbt) || (k == 6 && !s->nss) || (k == 7 && !s->ntyped)) continue;
        sb b = {0};
        fn[k](&b, s);
        char *t = sb_finish(&b);
        if (!t) { o->bad = 1; return; }
        add(o, obj, key[k], cJSON_CreateRaw(t));
        free(t);
    }
}

static char *finish(ob *o, cJSON *root)
{
    char *txt = NULL;
    if (root && !o->bad) txt = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return txt;
}

/* a capacity that usually holds the whole state text (it still grows if not) */
static size_t state_text_hint(const vo_state *s)
{
    size_t n = 128;
    for (uint32_t i = 0; i < s->nvars; i++) n += 64 + 2 * (size_t)s->vars[i].size;
    n += 64 * (size_t)s->npreds;
    for (uint32_t i = 0; i < s->naddrs; i++) n += 32 + 24 * (size_t)s->addrs[i].num_elts;
    for (uint32_t i = 0; i < s->nsurfaces; i++) n += 64 + (size_t)s->surfaces[i].npages * (2 * VO_PAGE_BYTES + 32);
    for (uint32_t i = 0; i < s->nregions; i++)
        n += 96 + (size_t)s->regions[i].mem.npages * (2 * VO_PAGE_BYTES + 32);
    n += 40 * (size_t)(s->nbt + s->nss) + 120 * (size_t)s->ntyped;
    return n;
}

char *vo_state_to_json(const vo_state *s)
{
    sb b = {0};
    sb_room(&b, state_text_hint(s));
    SB_LIT(&b, "{");
    state_members(&b, s);
    SB_LIT(&b, "}");
    return sb_finish(&b);
}

static int sha256_hex(const char *txt, size_t n, char out[65])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    if (!EVP_Digest(txt, n, md, &mdlen, EVP_sha256(), NULL) || mdlen != 32) return -1;
    for (int i = 0; i < 32; i++) {
        out[2 * i] = HEXDIGITS[md[i] >> 4];
        out[2 * i + 1] = HEXDIGITS[md[i] & 15];
    }
    out[64] = 0;
    return 0;
}

int vo_state_digest(const vo_state *s, char out[65])
{
    char *txt = vo_state_to_json(s);
    if (!txt) return -1;
    int rc = sha256_hex(txt, strlen(txt), out);
    free(txt);
    return rc;
}

static cJSON *case_obj(ob *o, const vo_case *c)
{
    const vo_state *s = &c->state;
    cJSON *in = chk(o, cJSON_CreateObject());
    cJSON *pl = chk(o, cJSON_CreateObject());
    char vb[16];
    add_str(o, pl, "name", s->platform.name);
    add_u64(o, pl, "grf_bytes", s->platform.grf_bytes);
    snprintf(vb, sizeof vb, "%u.%u", (unsigned)(s->platform.visa_version / 100),
             (unsigned)(s->platform.visa_version % 100));
    add_str(o, pl, "visa_version", vb);
    if (s->platform.lsc_min_simd) add_u64(o, pl, "lsc_min_simd", s->platform.lsc_min_simd); /* D150: only when set */
    if (s->platform.lsc_layout) /* D225: only when named */
        add_str(o, pl, "lsc_layout", s->platform.lsc_layout == VO_LSC_LAYOUT_SSIDX ? "ss_idx" : "no_ss_idx");
    add(o, in, "platform", pl);
    size_t n = c->insn_len > VO_MAX_INSN_BYTES ? VO_MAX_INSN_BYTES : c->insn_len;
    add_hex(o, in, "insn", c->insn, n);
    vo_insn insn;
    vo_error e;
    memset(&insn, 0, sizeof insn);
    memset(&e, 0, sizeof e);
    if (vo_decode_layout(c->insn, n, s->platform.visa_version, s->platform.lsc_layout, &insn, &e) == 0) {
        char text[512];
        text[0] = 0;
        vo_disasm(&insn, text, sizeof text);
        add_str(o, in, "asm", text);
    }
    add_hex32(o, in, "exec_mask", s->exec_mask);
    add_state_raw(o, in, s);
    return in;
}

char *vo_case_to_json(const vo_case *c)
{
    ob o = {0};
    return finish(&o, case_obj(&o, c));
}

int vo_case_id(const vo_case *c, char out[17])
{
    char full[65];
    char *txt = vo_case_to_json(c);
    if (!txt) return -1;
    int rc = sha256_hex(txt, strlen(txt), full);
    free(txt);
    if (rc) return -1;
    memcpy(out, full, 16);
    out[16] = 0;
    return 0;
}

/* tag names and clause names are identifiers: no escaping needed */
static void tags_text(sb *b, const uint64_t *tags)
{
    SB_LIT(b, "[");
    int first = 1;
    for (unsigned t = 0; t < 64u * VO_TAG_WORDS; t++) {
        if (!vo_tags_has(tags, t)) continue;
        const char *nm = t < VO_TAG_COUNT ? vo_tag_name(t) : NULL;
        if (!first) SB_LIT(b, ",");
        SB_LIT(b, "\"");
        first = 0;
        if (nm) sb_str(b, nm);
        else { SB_LIT(b, "tag:"); sb_u64(b, t); }
        SB_LIT(b, "\"");
    }
    SB_LIT(b, "]");
}

static char *tags_alloc(const uint64_t *tags)
{
    sb b = {0};
    tags_text(&b, tags);
    return sb_finish(&b);
}

static cJSON *error_json(ob *o, const vo_error *e)
{
    if (e->code == VO_E_NONE) return chk(o, cJSON_CreateNull());
    cJSON *obj = chk(o, cJSON_CreateObject());
    const char *nm = vo_errcode_name(e->code);
    char buf[32];
    if (!nm) {
        snprintf(buf, sizeof buf, "E_%d", (int)e->code);
        nm = buf;
    }
    add_str(o, obj, "code", nm);
    if (e->field) add_str(o, obj, "field", e->field);
    else add(o, obj, "field", cJSON_CreateNull());
    if (e->offset >= 0) add_u64(o, obj, "offset", (uint64_t)e->offset);
    else add(o, obj, "offset", cJSON_CreateNull());
    char msg[sizeof e->message + 1];
    memcpy(msg, e->message, sizeof e->message);
    msg[sizeof e->message] = 0;
    add_str(o, obj, "message", msg);
    return obj;
}

static void free_text(sb *b, const vo_result *r)
{
    SB_LIT(b, "[");
    for (uint32_t i = 0; i < r->nfree && r->free; i++) {
        const vo_free *f = &r->free[i];
        if (i) SB_LIT(b, ",");
        if (f->space == VO_SPACE_SURFACE) SB_LIT(b, "{\"space\":\"surface\",\"index\":");
        else if (f->space == VO_SPACE_FLAT) SB_LIT(b, "{\"space\":\"flat\",\"index\":");
        else SB_LIT(b, "{\"space\":\"var\",\"index\":");
        sb_u64(b, f->index);
        SB_LIT(b, ",\"offset\":");
        sb_u64(b, f->offset);
        SB_LIT(b, ",\"len\":");
        sb_u64(b, f->len);
        if (f->kind == VO_FREE_ONE_OF) {
            SB_LIT(b, ",\"kind\":\"one_of\",\"values\":[");
            for (unsigned k = 0; k < f->nvalues && f->values; k++) {
                if (k) SB_LIT(b, ",");
                SB_LIT(b, "\"");
                sb_hex(b, f->values + (size_t)k * f->len, f->len);
                SB_LIT(b, "\"");
            }
            SB_LIT(b, "]");
        } else if (f->kind == VO_FREE_SERIALIZABLE) { /* DWORD_ATOMIC: docs/format.md */
            uint8_t le[8];
            unsigned wl = f->len <= 8 ? f->len : 8;
            const char *on = vo_atomic_op_name(f->op);
            SB_LIT(b, ",\"kind\":\"serializable\",\"op\":\"");
            sb_str(b, on ? on : "?");
            SB_LIT(b, "\",\"width\":");
            sb_u64(b, f->len);
            SB_LIT(b, ",\"initial\":\"");
            for (unsigned k = 0; k < 8; k++) le[k] = (uint8_t)(f->initial >> (8 * k));
            sb_hex(b, le, wl);
            SB_LIT(b, "\",\"dst\":");
            if (f->dst_var) sb_u64(b, f->dst_var);
            else SB_LIT(b, "null");
            SB_LIT(b, ",\"lanes\":[");
            for (unsigned k = 0; k < f->nlanes && f->lanes; k++) {
                const vo_ser_lane *l = &f->lanes[k];
                if (k) SB_LIT(b, ",");
                SB_LIT(b, "{\"lane\":");
                sb_u64(b, l->lane);
                for (unsigned s = 0; s < 2; s++) {
                    uint64_t v = s ? l->src1 : l->src0;
                    for (unsigned j = 0; j < 8; j++) le[j] = (uint8_t)(v >> (8 * j));
                    if (s) SB_LIT(b, ",\"src1\":\"");
                    else SB_LIT(b, ",\"src0\":\"");
                    sb_hex(b, le, wl);
                    SB_LIT(b, "\"");
                }
                SB_LIT(b, ",\"dst_offset\":");
                if (l->dst_offset >= 0) sb_u64(b, (uint64_t)l->dst_offset);
                else SB_LIT(b, "null");
                SB_LIT(b, "}");
            }
            SB_LIT(b, "]");
        } else {
            SB_LIT(b, ",\"kind\":\"undefined\"");
        }
        SB_LIT(b, ",\"clause\":\"");
        sb_str(b, f->clause ? f->clause : "");
        SB_LIT(b, "\"}");
    }
    SB_LIT(b, "]");
}

static char *free_alloc(const vo_result *r)
{
    sb b = {0};
    free_text(&b, r);
    return sb_finish(&b);
}

/* Concatenates NUL-terminated pieces into one malloc'd string (NULL pieces = OOM). */
static char *concat(const char *const *parts, size_t n)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        if (!parts[i]) return NULL;
        len += strlen(parts[i]);
    }
    char *out = malloc(len + 1), *p = out;
    if (!out) return NULL;
    for (size_t i = 0; i < n; i++) {
        size_t k = strlen(parts[i]);
        memcpy(p, parts[i], k);
        p += k;
    }
    *p = 0;
    return out;
}

/* Compact cJSON text of one value, or NULL. */
static char *print_value(ob *o, cJSON *v)
{
    return finish(o, v);
}

/* The expect object is spliced from pieces so the final state is serialized
 * once: its text is both the body of "vars".."surfaces" and the digest input.
 * Key order: status, error, vars, preds, addrs, surfaces, free, tags, digest. */
char *vo_result_to_json(const vo_result *r)
{
    ob o = {0};
    char *state = vo_state_to_json(&r->final);
    char *err = print_value(&o, error_json(&o, &r->err));
    char *fr = free_alloc(r);
    char *tg = tags_alloc(r->tags);
    char *out = NULL, d[65], st[32];
    const char *sn = vo_status_name(r->status);
    snprintf(st, sizeof st, "%s", sn ? sn : "?");
    if (state && err && fr && tg && !o.bad && sha256_hex(state, strlen(state), d) == 0) {
        /* state is {"vars":...,"surfaces":[...]}: splice its members without the braces */
        state[strlen(state) - 1] = 0;
        const char *parts[] = { "{\"status\":\"", st, "\",\"error\":", err, ",", state + 1, ",\"free\":", fr,
                                ",\"tags\":", tg, ",\"digest\":\"", d, "\"}" };
        out = concat(parts, sizeof parts / sizeof parts[0]);
    }
    free(state);
    free(err);
    free(fr);
    free(tg);
    return out;
}

char *vo_test_to_json(const vo_case *c, const vo_result *r, const char *comment)
{
    ob o = {0};
    char *in = vo_case_to_json(c);
    char *ex = vo_result_to_json(r);
    char *cm = print_value(&o, chk(&o, cJSON_CreateString(comment ? comment : c->comment)));
    char *tg = tags_alloc(r->tags);
    char full[65], *out = NULL;
    if (in && ex && cm && tg && !o.bad && sha256_hex(in, strlen(in), full) == 0) {
        full[16] = 0;
        const char *parts[] = { "{\"id\":\"", full, "\",\"comment\":", cm, ",\"tags\":", tg, ",\"input\":", in,
                                ",\"expect\":", ex, "}" };
        out = concat(parts, sizeof parts / sizeof parts[0]);
    }
    free(in);
    free(ex);
    free(cm);
    free(tg);
    return out;
}
