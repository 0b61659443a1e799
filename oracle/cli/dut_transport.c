/* Test objects in files, and the three DUT transports (docs/check.md). */
#define _GNU_SOURCE
#include "dut_transport.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "dut_children.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

static void seterr(char *err, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void seterr(char *err, size_t cap, const char *fmt, ...)
{
    if (!err || !cap) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
}

/* ------------------------------------------------------------------ */
/* a small JSON scanner: spans of values, no decoding                  */
/* ------------------------------------------------------------------ */
static const char *ws(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    return p;
}

/* p at the opening quote; returns just past the closing one (a backslash
 * escapes the byte after it), NULL when the text ends first */
static const char *skip_string(const char *p, const char *e)
{
    const char *q = p + 1;
#if defined(__SSE2__)
    /* 16 bytes at a time: the first quote or backslash */
    while (e - q >= 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)q);
        int m = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
                                               _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))));
        if (!m) {
            q += 16;
            continue;
        }
        const char *c = q + __builtin_ctz((unsigned)m);
        if (*c == '"') return c + 1;
        if (e - c < 2) return NULL;
        q = c + 2; /* the escaped byte */
    }
#endif
    while (q < e) {
        if (*q == '"') return q + 1;
        if (*q == '\\') {
            if (e - q < 2) return NULL;
            q += 2;
        } else {
            q++;
        }
    }
    return NULL;
}

#if defined(__SSE2__)
/* the 64 bytes at p as bit masks (bit i = byte i): quotes, backslashes,
 * opening and closing brackets ('{' and '[' are the bytes whose b | 0x20 is
 * '{'; '}' and ']' those whose b | 0x20 is '}') */
typedef struct { uint64_t q, bs, op, cl; } mask64;
static inline uint64_t mbits(__m128i x, char c, unsigned k)
{
    return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(c))) << (16 * k);
}
static inline mask64 masks64(const char *p)
{
    mask64 m = { 0, 0, 0, 0 };
    for (unsigned k = 0; k < 4; k++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k));
        __m128i l = _mm_or_si128(x, _mm_set1_epi8(0x20));
        m.q |= mbits(x, '"', k);
        m.bs |= mbits(x, '\\', k);
        m.op |= mbits(l, '{', k);
        m.cl |= mbits(l, '}', k);
    }
    return m;
}

/* set bits (SWAR: x86-64 without -mpopcnt has no popcount instruction) */
static inline unsigned popcount64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define SKIP_AVX2 1
/* the same masks, 32 bytes at a time (a CPU with AVX2: __builtin_cpu_supports) */
__attribute__((target("avx2"))) static inline mask64 masks64_avx2(const char *p)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)p);
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
    __m256i la = _mm256_or_si256(a, _mm256_set1_epi8(0x20)), lb = _mm256_or_si256(b, _mm256_set1_epi8(0x20));
#define MB2(x, y, c)                                                                                     \
    ((uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8((x), _mm256_set1_epi8(c))) |              \
     (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8((y), _mm256_set1_epi8(c))) << 32)
    mask64 m = { MB2(a, b, '"'), MB2(a, b, '\\'), MB2(la, lb, '{'), MB2(la, lb, '}') };
#undef MB2
    return m;
}
#endif

/* skip_value's container scan over whole 64-byte blocks from *pp: the end of
 * the container when it closes in them; else NULL with *pp where the blocks
 * stopped (fewer than 64 bytes left), or *pp = NULL when an escape ran past e
 * (the value is cut). hw: the AVX2 masks and the popcnt instruction. */
#if defined(__GNUC__)
__attribute__((always_inline)) /* into each wrapper below: its target (popcnt) and its masks */
#endif
static inline const char *skip_blocks(const char **pp, const char *e, long *depthp, int *in_strp, int hw)
{
    const char *p = *pp;
    long depth = *depthp;
    int in_str = *in_strp;
    while (e - p >= 64) { /* 64 bytes at a time */
#if defined(SKIP_AVX2)
        mask64 m = hw ? masks64_avx2(p) : masks64(p);
#else
        mask64 m = masks64(p);
#endif
        if (!m.bs) {
            /* no escape: the bytes inside strings are those after an odd
             * number of quotes (a prefix xor of the quote bits) */
            uint64_t s = m.q;
            s ^= s << 1;
            s ^= s << 2;
            s ^= s << 4;
            s ^= s << 8;
            s ^= s << 16;
            s ^= s << 32;
            int odd = (int)(s >> 63); /* bit 63: the parity of all the block's quotes */
            if (in_str) s = ~s;
            uint64_t op = m.op & ~s, cl = m.cl & ~s;
            in_str ^= odd;
            unsigned ncl = hw ? (unsigned)__builtin_popcountll(cl) : popcount64(cl);
            if ((long)ncl < depth) { /* the depth cannot reach 0 in this block */
                depth += (long)(hw ? (unsigned)__builtin_popcountll(op) : popcount64(op)) - (long)ncl;
                p += 64;
                continue;
            }
            for (uint64_t b = op | cl; b; b &= b - 1) { /* the brackets in order */
                unsigned i = (unsigned)__builtin_ctzll(b);
                if (op >> i & 1) depth++;
                else if (--depth == 0) return p + i + 1;
            }
            p += 64;
            continue;
        }
        /* escapes: each quote, backslash or bracket in turn */
        uint64_t qb = m.q | m.bs, st = m.q | m.op | m.cl;
        unsigned pos = 0; /* the next byte of the block to look at */
        while (pos < 64) {
            uint64_t b = (in_str ? qb : st) & (~0ull << pos);
            if (!b) {
                pos = 64;
                break;
            }
            unsigned i = (unsigned)__builtin_ctzll(b);
            char ch = p[i];
            pos = i + 1;
            if (in_str) {
                if (ch == '"') in_str = 0;
                else pos = i + 2; /* a backslash: the next byte is escaped (perhaps the next block's first) */
            } else if (ch == '"') {
                in_str = 1;
            } else if (ch == '{' || ch == '[') {
                depth++;
            } else if (--depth == 0) {
                return p + i + 1;
            }
        }
        if ((size_t)(e - p) < pos) { /* an escape of the byte past the end */
            *pp = NULL;
            return NULL;
        }
        p += pos;
    }
    *pp = p;
    *depthp = depth;
    *in_strp = in_str;
    return NULL;
}

static const char *skip_blocks_sse2(const char **pp, const char *e, long *depth, int *in_str)
{
    return skip_blocks(pp, e, depth, in_str, 0);
}
#if defined(SKIP_AVX2)
__attribute__((target("avx2,popcnt"))) static const char *skip_blocks_avx2(const char **pp, const char *e, long *depth,
                                                                            int *in_str)
{
    return skip_blocks(pp, e, depth, in_str, 1);
}
#endif
#endif

/* end of the value starting at p, or NULL when it is malformed or cut. A
 * container ends at the bracket that brings its depth back to 0, counting
 * the brackets outside strings; in a string a backslash escapes the byte
 * after it. check's first pass scans every file with it (issue 15). */
static const char *skip_value(const char *p, const char *e)
{
    if (p >= e) return NULL;
    if (*p == '"') return skip_string(p, e);
    if (*p == '{' || *p == '[') {
        long depth = 0;
        int in_str = 0;
#if defined(__SSE2__)
        const char *end;
#if defined(SKIP_AVX2)
        if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
            end = skip_blocks_avx2(&p, e, &depth, &in_str);
        else
#endif
            end = skip_blocks_sse2(&p, e, &depth, &in_str);
        if (end || !p) return end;
#endif
        while (p < e) { /* the rest, a byte at a time */
            char ch = *p;
            if (in_str) {
                if (ch == '\\') {
                    if (e - p < 2) return NULL;
                    p += 2;
                    continue;
                }
                if (ch == '"') in_str = 0;
            } else if (ch == '"') {
                in_str = 1;
            } else if (ch == '{' || ch == '[') {
                depth++;
            } else if ((ch == '}' || ch == ']') && --depth == 0) {
                return p + 1;
            }
            p++;
        }
        return NULL;
    }
    const char *s = p;
    while (p < e && !strchr(",}] \t\r\n", *p)) p++;
    return p > s ? p : NULL;
}

/* ---- the strict grammar of the members the scan does not read (issue 30
 * point 4; D236): the strict reader's (oracle/formats/json.c) grammar and string
 * rules over a value the scan skipped, so that check and cov refuse what run
 * and explain refuse in the same file: a missing element (`[1,,2]`), `NaN`,
 * a raw control byte or `\u0000` in a string, an unpaired surrogate, a
 * container nested 64 levels deep (json.c's VO_JSON_DEPTH_MAX). No data is
 * kept. ---- */
#define STRICT_DEPTH_MAX 64

static const char *strict_bad(const char **why, const char **at, const char *p, const char *w)
{
    *why = w;
    *at = p;
    return NULL;
}

static int hex4v(const char *p)
{
    int v = 0;
    for (int k = 0; k < 4; k++) {
        char c = p[k];
        int h = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (h < 0) return -1;
        v = v << 4 | h;
    }
    return v;
}

/* p at the opening quote: just past the closing one, or NULL (*why, *at) */
static const char *strict_string(const char *p, const char *e, const char **why, const char **at)
{
    const char *q = p + 1;
    while (q < e) {
#if defined(__SSE2__)
        while (e - q >= 16) { /* 16 plain bytes at a time: no quote, backslash or control byte */
            __m128i x = _mm_loadu_si128((const __m128i *)(const void *)q);
            __m128i ctl = _mm_cmpeq_epi8(_mm_subs_epu8(x, _mm_set1_epi8(0x1f)), _mm_setzero_si128());
            int m = _mm_movemask_epi8(_mm_or_si128(ctl, _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
                                                                     _mm_cmpeq_epi8(x, _mm_set1_epi8('\\')))));
            if (m) break;
            q += 16;
        }
        if (q >= e) break;
#endif
        unsigned char ch = (unsigned char)*q;
        if (ch == '"') return q + 1;
        if (ch < 0x20)
            return strict_bad(why, at, q, ch ? "raw control byte in a string" : "raw NUL byte in a string");
        if (ch != '\\') {
            q++;
            continue;
        }
        if (e - q < 2) break;
        if (q[1] && strchr("\"\\/bfnrt", q[1])) {
            q += 2;
            continue;
        }
        int cp = q[1] == 'u' && e - q >= 6 ? hex4v(q + 2) : -1;
        if (cp < 0) return strict_bad(why, at, q, "invalid escape in a string");
        if (cp == 0) return strict_bad(why, at, q, "\\u0000 in a string");
        if (cp >= 0xDC00 && cp <= 0xDFFF) return strict_bad(why, at, q, "unpaired surrogate in a string");
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            int lo = e - q >= 12 && q[6] == '\\' && q[7] == 'u' ? hex4v(q + 8) : -1;
            if (lo < 0xDC00 || lo > 0xDFFF) return strict_bad(why, at, q, "unpaired surrogate in a string");
            q += 6;
        }
        q += 6;
    }
    return strict_bad(why, at, p, "unterminated string");
}

/* the value at p (at nesting depth depth): its end, or NULL (*why, *at) */
static const char *strict_value(const char *p, const char *e, int depth, const char **why, const char **at)
{
    p = ws(p, e);
    if (p >= e) return strict_bad(why, at, p, "unexpected end of the text");
    char ch = *p;
    if (ch == '"') return strict_string(p, e, why, at);
    if (ch == '{' || ch == '[') {
        if (depth >= STRICT_DEPTH_MAX) return strict_bad(why, at, p, "nested deeper than 64 levels");
        char close = ch == '{' ? '}' : ']';
        p = ws(p + 1, e);
        if (p < e && *p == close) return p + 1;
        for (;;) {
            if (close == '}') {
                if (p >= e || *p != '"') return strict_bad(why, at, p, "expected a member name");
                if (!(p = strict_string(p, e, why, at))) return NULL;
                p = ws(p, e);
                if (p >= e || *p != ':') return strict_bad(why, at, p, "expected ':'");
                p++;
            }
            if (!(p = strict_value(p, e, depth + 1, why, at))) return NULL;
            p = ws(p, e);
            if (p < e && *p == ',') {
                p = ws(p + 1, e);
                continue;
            }
            if (p < e && *p == close) return p + 1;
            return strict_bad(why, at, p, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
        }
    }
    if (ch == '-' || (ch >= '0' && ch <= '9')) { /* the grammar (leading zeros read, as json.c reads them) */
        const char *s = p;
        if (*p == '-') p++;
        if (p >= e || *p < '0' || *p > '9') return strict_bad(why, at, s, "malformed number");
        while (p < e && *p >= '0' && *p <= '9') p++;
        if (p < e && *p == '.') {
            if (++p >= e || *p < '0' || *p > '9') return strict_bad(why, at, s, "malformed number");
            while (p < e && *p >= '0' && *p <= '9') p++;
        }
        if (p < e && (*p == 'e' || *p == 'E')) {
            p++;
            if (p < e && (*p == '+' || *p == '-')) p++;
            if (p >= e || *p < '0' || *p > '9') return strict_bad(why, at, s, "malformed number");
            while (p < e && *p >= '0' && *p <= '9') p++;
        }
        return p;
    }
    static const char *const lit[3] = { "null", "false", "true" };
    for (int k = 0; k < 3; k++) {
        size_t l = strlen(lit[k]);
        if ((size_t)(e - p) >= l && memcmp(p, lit[k], l) == 0) return p + l;
    }
    return strict_bad(why, at, p, ch ? "unexpected character (not a JSON value)" : "NUL byte where a value belongs");
}

/* the member "key" with the value [v, ve) the scan skipped, checked with the
 * strict grammar at depth 1 (a member of a test object or of the top object):
 * 0, or -1 with ts->why (ts->whybuf) and ts->why_at set */
static int strict_member(vo_testset *ts, const char *key, size_t klen, const char *v, const char *ve)
{
    const char *why = NULL, *at = v;
    const char *ke = strict_string(key - 1, key + klen + 1, &why, &at);
    const char *end = ke ? strict_value(v, ve, 1, &why, &at) : NULL;
    if (end && end != ve) {
        why = "malformed value";
        at = end;
    }
    if (end == ve) return 0;
    snprintf(ts->whybuf, sizeof ts->whybuf, "member \"%.*s\": %s", klen > 40 ? 40 : (int)klen, key, why);
    ts->why = ts->whybuf;
    ts->why_at = (size_t)(at - ts->text);
    return -1;
}

/* the top-level "format" member (value [v, ve)): a string naming a known
 * format (cli.h), or -1 with ts->why set */
static int format_member(vo_testset *ts, const char *v, const char *ve)
{
    if (*v == '"') {
        size_t fl = (size_t)(ve - v) - 2;
        if ((fl == strlen(VO_VECTOR_FORMAT) && memcmp(v + 1, VO_VECTOR_FORMAT, fl) == 0) ||
            (fl == strlen(VO_VECTOR_FORMAT_2) && memcmp(v + 1, VO_VECTOR_FORMAT_2, fl) == 0))
            return 0;
    }
    snprintf(ts->whybuf, sizeof ts->whybuf, "\"format\" is not \"%s\" or \"%s\" (an unknown format version)",
             VO_VECTOR_FORMAT, VO_VECTOR_FORMAT_2);
    ts->why = ts->whybuf;
    ts->why_at = (size_t)(v - ts->text);
    return -1;
}

uint64_t vo_span_hash(const char *p, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    for (; i < n; i++) h = (h ^ (uint8_t)p[i]) * 0x100000001b3ull;
    h ^= h >> 29;
    return h * 0xc4ceb9fe1a85ec53ull;
}

typedef int (*member_fn)(void *ctx, const char *key, size_t klen, const char *v, const char *ve);

static inline int key_is(const char *key, size_t klen, const char *want)
{
    return strlen(want) == klen && memcmp(key, want, klen) == 0; /* (want a literal: strlen folded) */
}

static const char *walk_object_ts(vo_testset *ts, const char *p, const char *e, member_fn fn, void *ctx);
static const char *walk_object(const char *p, const char *e, member_fn fn, void *ctx)
{
    return walk_object_ts(NULL, p, e, fn, ctx);
}

/* walks the members of the object at p; returns its end or NULL. With ts
 * and its input_fn, an "input" object is read by input_fn, which also finds
 * its end (skip_value when it cannot read it). */
static const char *walk_object_ts(vo_testset *ts, const char *p, const char *e, member_fn fn, void *ctx)
{
    if (p >= e || *p != '{') return NULL;
    p = ws(p + 1, e);
    if (p < e && *p == '}') return p + 1;
    while (p < e) {
        if (*p != '"') return NULL;
        const char *ke = skip_string(p, e);
        if (!ke) return NULL;
        const char *key = p + 1;
        size_t klen = (size_t)(ke - 1 - key);
        p = ws(ke, e);
        if (p >= e || *p != ':') return NULL;
        p = ws(p + 1, e);
        const char *ve = NULL;
        if (ts && ts->input_fn && p < e && *p == '{' && key_is(key, klen, "input")) {
            ve = ts->input_fn(ts->input_ctx, p, e);
            if (ve) ts->input_ok = p;
        }
        if (!ve) ve = skip_value(p, e);
        if (!ve) return NULL;
        if (fn && fn(ctx, key, klen, p, ve)) return NULL;
        p = ws(ve, e);
        if (p < e && *p == ',') { p = ws(p + 1, e); continue; }
        if (p < e && *p == '}') return p + 1;
        return NULL;
    }
    return NULL;
}


typedef struct {
    const char *input, *input_end;
    char id[17];
    int n_input, n_id, n_comment;
    const char *comment; /* the (last) "comment" value */
    vo_testset *ts;      /* the set, whose why the strict check of a member sets */
} members;

static int grab(void *ctx, const char *key, size_t klen, const char *v, const char *ve)
{
    members *m = ctx;
    if (!key_is(key, klen, "input") && strict_member(m->ts, key, klen, v, ve)) return 1;
    if (key_is(key, klen, "comment")) {
        m->n_comment++;
        m->comment = v;
    } else if (key_is(key, klen, "input")) {
        if (m->n_input++) return 1; /* two "input" members: refused, as run refuses them */
        if (*v == '{') { m->input = v; m->input_end = ve; }
    } else if (key_is(key, klen, "id")) {
        if (m->n_id++) return 1;
        if (*v == '"' && ve - v == 18) {
            memcpy(m->id, v + 1, 16);
            m->id[16] = 0;
        }
    }
    return 0;
}

/* the test object at p (e bounds the text): recorded; returns its end */
static const char *add_test(vo_testset *ts, const char *p, const char *e)
{
    members m;
    memset(&m, 0, sizeof m);
    m.ts = ts;
    ts->input_ok = NULL;
    e = walk_object_ts(ts, p, e, grab, &m);
    if (m.n_input > 1 || m.n_id > 1) {
        ts->why = m.n_input > 1 ? "a test object with two \"input\" members" : "a test object with two \"id\" members";
        ts->why_at = (size_t)(p - ts->text);
        return NULL;
    }
    if (!e) return NULL;
    if (m.input && m.n_comment) { /* a test's "comment": one, a string or null (as run reads it) */
        ts->why = m.n_comment > 1 ? "a test object with two \"comment\" members"
                  : *m.comment != '"' && *m.comment != 'n' ? "a test's \"comment\" is not a string or null" : NULL;
        ts->why_at = (size_t)(m.comment - ts->text);
        if (ts->why) return NULL;
    }
    if (ts->n == ts->cap) {
        size_t nc = ts->cap ? ts->cap * 2 : 256;
        vo_testref *nt = realloc(ts->t, nc * sizeof *nt);
        if (!nt) return NULL;
        ts->t = nt;
        ts->cap = nc;
    }
    vo_testref *t = &ts->t[ts->n++];
    t->test = p;
    t->test_len = (size_t)(e - p);
    t->input = m.input ? m.input : p;
    t->test_off = ts->text_base + (size_t)(p - ts->text);
    t->input_off = ts->text_base + (size_t)(t->input - ts->text);
    t->input_len = m.input ? (size_t)(m.input_end - m.input) : t->test_len;
    memcpy(t->id, m.id, sizeof t->id);
    t->read_ok = m.input && m.input == ts->input_ok; /* (two "input" members were refused above) */
    return e;
}

/* the top-level "format" member's value [v, ve): kept when a string (clipped) */
static void take_format(vo_testset *ts, const char *v, const char *ve)
{
    if (*v != '"') return;
    size_t fl = (size_t)(ve - v) - 2;
    if (fl >= sizeof ts->format) fl = sizeof ts->format - 1;
    memcpy(ts->format, v + 1, fl);
    ts->format[fl] = 0;
}

/* The members of a top-level object; a "tests" array's elements become tests
 * as they are met (one pass over the text). Returns the object's end. */
static const char *walk_top(vo_testset *ts, const char *p, const char *e, int *is_vec)
{
    p = ws(p + 1, e);
    if (p < e && *p == '}') return p + 1;
    while (p < e) {
        if (*p != '"') return NULL;
        const char *ke = skip_string(p, e);
        if (!ke) return NULL;
        int tests = key_is(p + 1, (size_t)(ke - 1 - (p + 1)), "tests");
        int format = key_is(p + 1, (size_t)(ke - 1 - (p + 1)), "format");
        const char *key0 = p + 1;
        if (tests && *is_vec) { /* a second "tests" member */
            ts->why = "a second \"tests\" member";
            ts->why_at = (size_t)(p - ts->text);
            return NULL;
        }
        p = ws(ke, e);
        if (p >= e || *p != ':') return NULL;
        p = ws(p + 1, e);
        if (tests && p < e && *p == '[') {
            *is_vec = 1;
            p = ws(p + 1, e);
            while (p < e && *p != ']') {
                const char *te = *p == '{' ? add_test(ts, p, e) : NULL;
                if (!te) return NULL;
                p = ws(te, e);
                if (p < e && *p == ',') p = ws(p + 1, e);
                else if (p < e && *p != ']') return NULL;
            }
            if (p >= e) return NULL;
            p++;
        } else {
            const char *ve = skip_value(p, e);
            if (!ve || strict_member(ts, key0, (size_t)(ke - 1 - key0), p, ve)) return NULL;
            if (format && format_member(ts, p, ve)) return NULL;
            if (format) take_format(ts, p, ve);
            p = ve;
        }
        p = ws(p, e);
        if (p < e && *p == ',') { p = ws(p + 1, e); continue; }
        if (p < e && *p == '}') return p + 1;
        return NULL;
    }
    return NULL;
}

static int testset_load(vo_testset *ts, const char *path, char *err, size_t errcap, char **buf, size_t *cap);
static int testset_parse(vo_testset *ts, const char *path, char *err, size_t errcap);
int vo_testset_load(vo_testset *ts, const char *path, char *err, size_t errcap)
{
    memset(ts, 0, sizeof *ts);
    return testset_load(ts, path, err, errcap, NULL, NULL);
}

int vo_testset_load_reading(vo_testset *ts, const char *path, char *err, size_t errcap,
                            const char *(*fn)(void *ctx, const char *v, const char *e), void *ctx, char **buf,
                            size_t *cap)
{
    memset(ts, 0, sizeof *ts);
    ts->input_fn = fn;
    ts->input_ctx = ctx;
    return testset_load(ts, path, err, errcap, buf, cap);
}

static int testset_load(vo_testset *ts, const char *path, char *err, size_t errcap, char **buf, size_t *cap)
{
    /* read, never mapped: a file rewritten during the run cannot crash check */
    if (buf) {
        ts->text = cli_read_input_buf(path, &ts->len, CLI_READ_GZIP, buf, cap, err, errcap);
        ts->text_borrowed = 1;
    } else {
        ts->text = cli_read_input(path, &ts->len, CLI_READ_GZIP, err, errcap);
    }
    if (!ts->text) return -1;
    return testset_parse(ts, path, err, errcap);
}

int vo_testset_parse_text(vo_testset *ts, char *text, size_t len)
{
    char err[8];
    memset(ts, 0, sizeof *ts);
    ts->text = text;
    ts->len = len;
    ts->text_borrowed = 1;
    return testset_parse(ts, "", err, sizeof err);
}

static int testset_parse(vo_testset *ts, const char *path, char *err, size_t errcap)
{
    const char *p = ts->text, *e = ts->text + ts->len;
    p = ws(p, e);
    if (p >= e) {
        seterr(err, errcap, "'%s' is empty", path);
        goto fail;
    }
    while (p < e) {
        if (*p != '{') {
            seterr(err, errcap, "'%s' byte %zu: expected a JSON object", path, (size_t)(p - ts->text));
            goto fail;
        }
        size_t before = ts->n;
        int is_vec = 0;
        const char *oe = walk_top(ts, p, e, &is_vec);
        if (!oe && ts->why) {
            seterr(err, errcap, "'%s' byte %zu: %s", path, ts->why_at, ts->why);
            goto fail;
        }
        if (!oe) { /* where: the first fault of the strict grammar, else the object (issue 30 point 12) */
            const char *why = NULL, *at = p;
            if (!strict_value(p, e, 0, &why, &at) && why) {
                if (at >= e) why = "the text ends inside a value: truncated";
                seterr(err, errcap, "'%s' byte %zu: malformed JSON (%s)%s", path, (size_t)(at - ts->text), why,
                       ts->n > before ? " (in its tests)" : "");
                goto fail;
            }
            seterr(err, errcap, "'%s' byte %zu: malformed or truncated JSON object%s", path,
                   (size_t)(p - ts->text), ts->n > before ? " (in its tests)" : "");
            goto fail;
        }
        if (is_vec) ts->is_vectors = 1;
        if (!is_vec && !add_test(ts, p, oe)) {
            if (ts->why) {
                seterr(err, errcap, "'%s' byte %zu: %s", path, ts->why_at, ts->why);
                goto fail;
            }
            seterr(err, errcap, "'%s' byte %zu: malformed test object", path, (size_t)(p - ts->text));
            goto fail;
        }
        p = ws(oe, e);
    }
    return 0;
fail:
    vo_testset_free(ts);
    return -1;
}

/* ---- check's first pass through a window (vo_testset_scan_window) ----
 * The text is taken in units, each parsed by the functions of the whole-file
 * scan over the bytes in the window: the top object's opening, one member
 * (key, value, separator), one element of "tests" (a test and its
 * separator), the array's end. A unit that fails before the end of the file
 * may only be cut by the window: the window then keeps the unit's start,
 * reads on (grown when the unit fills it) and the unit is parsed again. A unit
 * that fails with the whole rest of the file in the window is an error, which
 * the whole-file scan reports (1). Every acceptance test of walk_top is made
 * in the same order, so the two agree (tests/test_scan_window.c). */
typedef struct swin {
    int fd;
    char *b;
    size_t cap, fill;  /* b holds cap + 1 bytes; fill of them are the file's */
    size_t base, flen; /* the file offset of b[0]; the file's length */
} swin;

/* keeps b[keep..fill) and reads on: 1 when bytes were added, 0 at the end of
 * the file or on an error */
static int swin_more(swin *w, size_t keep)
{
    if (w->base + w->fill >= w->flen) return 0;
    memmove(w->b, w->b + keep, w->fill - keep);
    w->fill -= keep;
    w->base += keep;
    if (w->fill == w->cap) { /* one unit fills the window: twice the room */
        size_t nc = w->cap * 2;
        char *nb = realloc(w->b, nc + 1);
        if (!nb) return 0;
        w->b = nb;
        w->cap = nc;
    }
    size_t want = w->cap - w->fill;
    if (want > w->flen - w->base - w->fill) want = w->flen - w->base - w->fill;
    size_t got = cli_pread_full(w->fd, w->b + w->fill, want, w->base + w->fill);
    if (got < want) return 0; /* shorter than it was: the whole-file scan says what it finds */
    w->fill += got;
    w->b[w->fill] = 0;
    return 1;
}

enum { SU_OPEN, SU_MEMBER, SU_ELEM, SU_TAIL };

/* after a member's value at p: ',' and the next key's quote (returned; state
 * SU_MEMBER), or '}' (returns past it; SU_TAIL); NULL when neither */
static const char *member_end(const char *p, const char *e, int *st)
{
    p = ws(p, e);
    if (p < e && *p == '}') {
        *st = SU_TAIL;
        return p + 1;
    }
    if (p >= e || *p != ',') return NULL;
    p = ws(p + 1, e);
    if (p >= e || *p != '"') return NULL;
    *st = SU_MEMBER;
    return p;
}

/* one unit at p (state *st); returns its end and the next state, NULL when it
 * fails (cut or malformed) */
static const char *scan_unit(vo_testset *ts, const char *p, const char *e, int *st, int *is_vec)
{
    switch (*st) {
    case SU_OPEN: /* the top object: '{' and a first member (an empty object is not a vector file) */
        p = ws(p, e);
        if (p >= e || *p != '{') return NULL;
        p = ws(p + 1, e);
        if (p >= e || *p != '"') return NULL;
        *st = SU_MEMBER;
        return p;
    case SU_MEMBER: { /* as walk_top: a key, ':', a value, then ',' or '}' */
        const char *ke = skip_string(p, e);
        if (!ke) return NULL;
        int tests = key_is(p + 1, (size_t)(ke - 1 - (p + 1)), "tests");
        int format = key_is(p + 1, (size_t)(ke - 1 - (p + 1)), "format");
        const char *key0 = p + 1;
        if (tests && *is_vec) return NULL; /* a second "tests" member: the whole-file scan reports it */
        p = ws(ke, e);
        if (p >= e || *p != ':') return NULL;
        p = ws(p + 1, e);
        if (tests && p < e && *p == '[') {
            *is_vec = 1;
            *st = SU_ELEM;
            return ws(p + 1, e);
        }
        const char *ve = skip_value(p, e);
        const char *q = ve ? member_end(ve, e, st) : NULL;
        if (q && (strict_member(ts, key0, (size_t)(ke - 1 - key0), p, ve) || (format && format_member(ts, p, ve))))
            return NULL; /* (ts->why: the whole-file scan reports it) */
        if (q && format) take_format(ts, p, ve);
        return q;
    }
    case SU_ELEM: { /* as walk_top's loop over "tests": a test, then ',' or ']' */
        if (p >= e) return NULL;
        if (*p == ']') return member_end(p + 1, e, st); /* the array's end, then as after any member */
        const char *te = *p == '{' ? add_test(ts, p, e) : NULL;
        if (!te) return NULL;
        p = ws(te, e);
        if (p < e && *p == ',') {
            p = ws(p + 1, e);
            return p < e ? p : NULL; /* (what follows is read by the next unit) */
        }
        if (p < e && *p == ']') return p;
        return NULL;
    }
    default: /* after the top object: only whitespace to the end of the file */
        p = ws(p, e);
        if (p < e) ts->why = "more than one object"; /* (JSON lines: the whole-file scan reads them) */
        return p < e ? NULL : p;
    }
}

int vo_testset_scan_window(vo_testset *ts, const char *path, const char *(*fn)(void *ctx, const char *v, const char *e),
                           void *ctx, int (*each)(void *ectx, vo_testset *ts, size_t i), void *ectx, char **wbuf,
                           size_t *wcap)
{
    memset(ts, 0, sizeof *ts);
    ts->input_fn = fn;
    ts->input_ctx = ctx;
    ts->text_borrowed = 1;
    swin w = { -1, NULL, 0, 0, 0, 0 };
    struct stat st;
    int rc = 1;
    w.fd = open(path, O_RDONLY | O_CLOEXEC);
    if (w.fd < 0 || fstat(w.fd, &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > VO_MAX_INPUT_BYTES)
        goto out;
    w.flen = (size_t)st.st_size;
    if (!*wbuf || *wcap < 16) { /* (a caller's smaller window is kept: the tests use one) */
        free(*wbuf);
        *wcap = 0;
        *wbuf = malloc(VO_SCAN_WINDOW + 1);
        if (!*wbuf) goto out;
        *wcap = VO_SCAN_WINDOW;
    }
    w.b = *wbuf;
    w.cap = *wcap;
    if (!swin_more(&w, 0)) goto out; /* (an empty file too: the whole-file scan says so) */
    if (cli_is_gzip(w.b, w.fill)) goto out;
    int state = SU_OPEN, is_vec = 0;
    size_t pos = 0;
    for (;;) {
        ts->text = w.b;
        ts->text_base = w.base;
        size_t before = ts->n;
        const char *q = scan_unit(ts, w.b + pos, w.b + w.fill, &state, &is_vec);
        if (!q) {
            ts->n = before; /* (a test the window cut: added again once whole) */
            if (ts->why || !swin_more(&w, pos)) goto out;
            pos = 0;
            continue;
        }
        if (ts->n > before) {
            vo_testref *t = &ts->t[before];
            if (each(ectx, ts, before)) goto out;
            t->test = t->input = NULL;
        }
        pos = (size_t)(q - w.b);
        if (state == SU_TAIL && pos == w.fill) { /* only whitespace after the object, so far */
            if (w.base + w.fill >= w.flen) break;
            if (!swin_more(&w, pos)) goto out;
            pos = 0;
        }
    }
    if (!is_vec) goto out; /* one object, no "tests" array: a single test, which the whole-file scan reads */
    ts->is_vectors = 1;
    ts->len = w.flen;
    ts->text = NULL;
    rc = 0;
out:
    if (w.b) { /* (grown or not, the window stays the caller's) */
        *wbuf = w.b;
        *wcap = w.cap;
    }
    if (w.fd >= 0) close(w.fd);
    if (rc) {
        free(ts->t);
        memset(ts, 0, sizeof *ts);
    }
    return rc;
}

void vo_testset_free(vo_testset *ts)
{
    if (!ts->text_borrowed) free(ts->text);
    free(ts->t);
    memset(ts, 0, sizeof *ts);
}

size_t vo_json_minify(const char *p, size_t n, char *out)
{
    size_t k = 0;
    const char *e = p + n;
    while (p < e) {
        char ch = *p;
        if (ch == '"') {
            const char *s = skip_string(p, e);
            if (!s) s = e;
            memcpy(out + k, p, (size_t)(s - p));
            k += (size_t)(s - p);
            p = s;
            continue;
        }
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') out[k++] = ch;
        p++;
    }
    out[k] = 0;
    return k;
}

int vo_load_one_case(const char *path, const char *id, vo_case *c, char *idout, char *err, size_t errcap)
{
    vo_testset ts;
    if (vo_testset_load(&ts, path, err, errcap) != 0) return -1;
    size_t pick = ts.n;
    for (size_t i = 0; i < ts.n && pick == ts.n; i++)
        if (!id || strcmp(ts.t[i].id, id) == 0) pick = i;
    if (pick == ts.n) {
        seterr(err, errcap, "'%s' has no test with id %s", path, id ? id : "?");
        vo_testset_free(&ts);
        return -1;
    }
    vo_error e;
    int rc = vo_case_from_json(ts.t[pick].test, ts.t[pick].test_len, c, &e);
    if (rc != 0) {
        seterr(err, errcap, "%s at %s (offset %lld): %s", vo_errcode_name(e.code), e.field ? e.field : "-",
               (long long)e.offset, e.message);
    } else if (idout) {
        if (ts.t[pick].id[0]) memcpy(idout, ts.t[pick].id, 17);
        else if (vo_case_id(c, idout) != 0) idout[0] = 0;
    }
    vo_testset_free(&ts);
    return rc;
}

/* ------------------------------------------------------------------ */
/* transports                                                          */
/* ------------------------------------------------------------------ */
typedef struct rline { char id[17]; const char *p; size_t n; int used, set; uint64_t off, hash; } rline;

struct vo_dut {
    int kind;
    char desc[300];
    /* lib */
    void *dl;
    visa_dut_execute_fn exec;
    /* cmd */
    char *cmd;
    char **argv;         /* isolated library mode: the host's argv (exec'd directly), NULL for sh -c */
    int isolated;        /* --dut-lib --isolate: replies carry the host's extra members */
    int timeout_ms;
    pid_t pid;
    int to_fd, from_fd;
    char *rbuf;
    size_t rlen, rcap;
    size_t rscan;        /* bytes of rbuf already scanned for a newline (none there) */
    unsigned starts;
    unsigned answered;   /* replies from the current process */
    unsigned answered_ever;
    int last_exit;       /* exit status of the last reaped process, -1 if signalled/killed */
    int startup_ms;      /* --startup-ms: the first process's first-reply allowance */
    int stable_msgs;     /* check: messages that do not depend on the process's history */
    int last_grace;      /* the start-up allowance the last reply had (ms) */
    int64_t spawned_at;  /* when the current process was started (ms) */
    int measured_ms;     /* start-up + first reply of the first process that answered, -1 unknown */
    unsigned blind_restarts; /* restarts so far while measured_ms is unknown */
    char *line;          /* input line buffer */
    size_t line_cap;
    /* results */
    vo_testset res;      /* text owner (a file read whole) */
    rline *tab;          /* open addressing on id */
    size_t tab_cap, nlines, dups;
    int rfd;             /* D246: a file read line by line: its lines are read again by offset */
    char *lbuf;          /* the line of the test being judged */
    size_t lcap;
    vo_final fin;
};

vo_dut *vo_dut_open_lib(const char *path, char *err, size_t errcap)
{
    vo_dut *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->kind = VO_TR_LIB;
    /* a bare file name would be searched on the library path: make it a path */
    char buf[4096];
    if (!strchr(path, '/')) snprintf(buf, sizeof buf, "./%s", path);
    else snprintf(buf, sizeof buf, "%s", path);
    d->dl = dlopen(buf, RTLD_NOW | RTLD_LOCAL);
    if (!d->dl) {
        seterr(err, errcap, "cannot load DUT library: %s", dlerror());
        free(d);
        return NULL;
    }
    visa_dut_abi_version_fn ver = (visa_dut_abi_version_fn)dlsym(d->dl, "visa_dut_abi_version");
    d->exec = (visa_dut_execute_fn)dlsym(d->dl, "visa_dut_execute");
    if (!ver || !d->exec) {
        seterr(err, errcap, "'%s' does not export %s (see oracle/include/visa_dut.h)", path,
               !ver ? "visa_dut_abi_version" : "visa_dut_execute");
        dlclose(d->dl);
        free(d);
        return NULL;
    }
    uint32_t v = ver();
    if (v != VISA_DUT_ABI_VERSION) {
        seterr(err, errcap, "'%s' implements DUT ABI version %u; this visa-oracle speaks version %u", path, v,
               VISA_DUT_ABI_VERSION);
        dlclose(d->dl);
        free(d);
        return NULL;
    }
    snprintf(d->desc, sizeof d->desc, "library %s", path);
    return d;
}

/* ---- subprocess ---- */
static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* reaps the child: waits up to grace_ms, then kills its process group */
static void proc_reap(vo_dut *d, int grace_ms, char *why, size_t whycap)
{
    if (d->to_fd >= 0) close(d->to_fd);
    if (d->from_fd >= 0) close(d->from_fd);
    d->to_fd = d->from_fd = -1;
    d->rlen = d->rscan = 0;
    if (d->pid <= 0) return;
    int st = 0;
    pid_t w = 0;
    int64_t end = now_ms() + grace_ms;
    while ((w = waitpid(d->pid, &st, WNOHANG)) == 0 && now_ms() < end) {
        struct timespec ts = { 0, 2000000 };
        nanosleep(&ts, NULL);
    }
    if (w == 0) {
        kill(-d->pid, SIGKILL); /* the group we created for this child */
        kill(d->pid, SIGKILL);
        w = waitpid(d->pid, &st, 0);
        if (why) seterr(why, whycap, "killed after %d ms", grace_ms);
    } else if (w > 0 && why) {
        if (WIFEXITED(st)) seterr(why, whycap, "exited with status %d", WEXITSTATUS(st));
        else if (WIFSIGNALED(st)) seterr(why, whycap, "killed by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
    }
    d->last_exit = (w > 0 && WIFEXITED(st)) ? WEXITSTATUS(st) : -1;
    if (w > 0) kill(-d->pid, SIGKILL); /* leftovers of the group, if any */
    vo_children_remove(d->pid);
    d->pid = 0;
}

static int proc_start(vo_dut *d, char *err, size_t errcap)
{
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        seterr(err, errcap, "pipe: %s", strerror(errno));
        return -1;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        seterr(err, errcap, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        seterr(err, errcap, "fork: %s", strerror(errno));
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        if (d->argv) execv(d->argv[0], d->argv);
        else execl("/bin/sh", "sh", "-c", d->cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    vo_children_add(pid);
    close(in[0]);
    close(out[1]);
    d->pid = pid;
    d->to_fd = in[1];
    d->from_fd = out[0];
    fcntl(d->to_fd, F_SETFL, fcntl(d->to_fd, F_GETFL) | O_NONBLOCK);
    d->rlen = d->rscan = 0;
    if (d->starts && d->measured_ms < 0) d->blind_restarts++;
    d->starts++;
    d->answered = 0;
    d->spawned_at = now_ms();
    return 0;
}

vo_dut *vo_dut_open_cmd(const char *cmd, int timeout_ms, char *err, size_t errcap)
{
    vo_dut *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->kind = VO_TR_CMD;
    d->cmd = strdup(cmd);
    d->timeout_ms = timeout_ms > 0 ? timeout_ms : 10000;
    d->to_fd = d->from_fd = -1;
    d->startup_ms = VO_STARTUP_MS_DEFAULT;
    d->measured_ms = -1;
    if (!d->cmd) {
        free(d);
        return NULL;
    }
    signal(SIGPIPE, SIG_IGN);
    snprintf(d->desc, sizeof d->desc, "command `%s`", cmd);
    if (proc_start(d, err, errcap) != 0) {
        free(d->cmd);
        free(d);
        return NULL;
    }
    return d;
}

/* --dut-lib X --isolate: this very program re-executed as `__dut-host X`
 * (cmd_dut_host.c), driven like a --dut-cmd (issue 17) */
vo_dut *vo_dut_open_isolated(const char *lib, int timeout_ms, char *err, size_t errcap)
{
    char exe[4096];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k <= 0) {
        seterr(err, errcap, "--isolate: cannot find this program (/proc/self/exe): %s", strerror(errno));
        return NULL;
    }
    exe[k] = 0;
    vo_dut *d = calloc(1, sizeof *d);
    char **av = calloc(4, sizeof *av);
    if (!d || !av) {
        free(d);
        free(av);
        seterr(err, errcap, "out of memory");
        return NULL;
    }
    d->kind = VO_TR_CMD;
    d->isolated = 1;
    d->argv = av;
    av[0] = strdup(exe);
    av[1] = strdup("__dut-host");
    av[2] = strdup(lib);
    size_t cl = strlen(exe) + strlen(lib) + 32;
    d->cmd = malloc(cl);
    if (!av[0] || !av[1] || !av[2] || !d->cmd) {
        seterr(err, errcap, "out of memory");
        vo_dut_close(d);
        return NULL;
    }
    snprintf(d->cmd, cl, "%s __dut-host %s", exe, lib);
    d->timeout_ms = timeout_ms > 0 ? timeout_ms : 10000;
    d->to_fd = d->from_fd = -1;
    d->startup_ms = VO_STARTUP_MS_DEFAULT;
    d->measured_ms = -1;
    signal(SIGPIPE, SIG_IGN);
    snprintf(d->desc, sizeof d->desc, "library %s (isolated)", lib);
    if (proc_start(d, err, errcap) != 0) {
        vo_dut_close(d);
        return NULL;
    }
    return d;
}

/* a complete line in rbuf: its length (without \n), else -1 */
static long rbuf_line(vo_dut *d)
{
    /* only the bytes not scanned before: linear in the line (issue 17) */
    if (d->rscan < d->rlen) {
        const char *nl = memchr(d->rbuf + d->rscan, '\n', d->rlen - d->rscan);
        if (nl) return (long)(nl - d->rbuf);
        d->rscan = d->rlen;
    }
    return -1;
}

#define VO_MAX_REPLY ((size_t)64 << 20)
#define VO_RESTART_MIN_MS 100

void vo_dut_set_startup_ms(vo_dut *d, int ms)
{
    if (d && d->kind == VO_TR_CMD && ms >= 0) d->startup_ms = ms;
}

/* The start-up allowance of the current process's first reply (0 after it).
 * The first process gets --startup-ms. A restarted one gets what the first
 * process that answered needed, doubled plus 100 ms, within [100 ms,
 * --startup-ms]; before any process has answered, --startup-ms halved at each
 * restart (down to 100 ms), so a DUT that never answers pays at most about
 * twice --startup-ms in all, not --startup-ms per restart. */
static int startup_allowance(const vo_dut *d)
{
    if (d->answered) return 0;
    int cap = d->startup_ms;
    if (d->starts <= 1) return cap;
    long g;
    if (d->measured_ms >= 0) g = 2L * d->measured_ms + 100;
    else g = d->blind_restarts >= 30 ? 0 : (long)cap >> d->blind_restarts;
    if (g < VO_RESTART_MIN_MS) g = VO_RESTART_MIN_MS;
    return (int)(g < cap ? g : cap);
}

static void cut_preview(char *dst, size_t cap, const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 4 < cap; i++) {
        unsigned char ch = (unsigned char)s[i];
        dst[k++] = (ch >= 32 && ch < 127) ? (char)ch : '?';
    }
    if (n > k) { dst[k++] = '.'; dst[k++] = '.'; dst[k++] = '.'; }
    dst[k] = 0;
}

static void move_state(vo_dut_out *out, vo_final *f)
{
    vo_state_free(&out->state);
    out->state = f->state;
    vo_state_init(&f->state);
}

/* one reply line -> out */
typedef struct { const char *status, *status_end, *msg, *msg_end; } errreply;

static int grab_err(void *ctx, const char *key, size_t klen, const char *v, const char *ve)
{
    errreply *m = ctx;
    if (key_is(key, klen, "status")) { m->status = v; m->status_end = ve; }
    else if (key_is(key, klen, "message") && *v == '"') { m->msg = v + 1; m->msg_end = ve - 1; }
    return 0;
}

/* {"status": "error", "message": "..."}: the DUT failed internally;
 * {"status": "unsupported", "message": "..."}: it does not implement the case */
static int error_reply(const char *line, size_t n, vo_dut_out *out)
{
    errreply m;
    memset(&m, 0, sizeof m);
    const char *p = ws(line, line + n);
    if (!walk_object(p, line + n, grab_err, &m) || !m.status) return 0;
    size_t sl = (size_t)(m.status_end - m.status);
    int unsup = sl == 13 && memcmp(m.status, "\"unsupported\"", 13) == 0;
    if (!unsup && (sl != 7 || memcmp(m.status, "\"error\"", 7) != 0)) return 0;
    out->status = unsup ? VO_DUT_UNSUPPORTED : VO_DUT_FAILED;
    if (m.msg) cut_preview(out->msg, sizeof out->msg, m.msg, (size_t)(m.msg_end - m.msg));
    else snprintf(out->msg, sizeof out->msg, "status \"%s\"", unsup ? "unsupported" : "error");
    return 1;
}

static void take_reply(vo_dut *d, const vo_case *c, const char *line, size_t n, vo_dut_out *out)
{
    vo_error e;
    if (vo_reply_from_json(line, n, &c->state, &d->fin, &e) != 0) {
        if (error_reply(line, n, out)) return;
        char prev[64];
        cut_preview(prev, sizeof prev, line, n);
        out->status = VO_DUT_GARBAGE;
        snprintf(out->msg, sizeof out->msg, "reply is not a final state (%s at %.40s: %.80s): %.60s", vo_errcode_name(e.code),
                 e.field ? e.field : "-", e.message, prev);
        return;
    }
    out->status = d->fin.status == VO_INVALID ? VO_DUT_REJECTED : VO_DUT_EXECUTED;
    out->said_undefined = d->fin.status == VO_UNDEFINED; /* D250 */
    vo_dut_out_set_code(out, d->fin.code_text); /* D61: any code, reported not judged */
    if (out->status == VO_DUT_REJECTED && d->fin.code_text[0])
        snprintf(out->msg, sizeof out->msg, "%s", d->fin.code_text);
    move_state(out, &d->fin);
}

/* The members of a reply the transport itself looks at: "id" (echoed test
 * id, optional) and, from the isolated library host, "message", "nviol",
 * "viol" and "nbad_reads". */
typedef struct {
    const char *id, *id_end, *msg, *msg_end, *nviol, *viol, *viol_end, *nbad;
} replyx;

static int grab_x(void *ctx, const char *key, size_t klen, const char *v, const char *ve)
{
    replyx *m = ctx;
    if (key_is(key, klen, "id")) { m->id = v; m->id_end = ve; }
    else if (key_is(key, klen, "message") && *v == '"') { m->msg = v + 1; m->msg_end = ve - 1; }
    else if (key_is(key, klen, "nviol")) m->nviol = v;
    else if (key_is(key, klen, "nbad_reads")) m->nbad = v;
    else if (key_is(key, klen, "viol") && *v == '[') { m->viol = v; m->viol_end = ve; }
    return 0;
}

/* a JSON string's contents (without quotes) as text; \u escapes of
 * non-ASCII become '?' */
static void json_unescape(char *dst, size_t cap, const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < cap; i++) {
        char ch = s[i];
        if (ch == '\\' && i + 1 < n) {
            char e = s[++i];
            ch = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e;
            if (e == 'u' && i + 4 < n) {
                unsigned v = (unsigned)strtoul((char[5]){ s[i + 1], s[i + 2], s[i + 3], s[i + 4], 0 }, NULL, 16);
                ch = v && v < 128 ? (char)v : '?';
                i += 4;
            }
        }
        dst[k++] = ch;
    }
    dst[k] = 0;
}

static unsigned long long num_at(const char *p, const char *e)
{
    unsigned long long v = 0;
    while (p < e && *p >= '0' && *p <= '9') v = v * 10 + (unsigned)(*p++ - '0');
    return v;
}

/* the host's refused writes [[surface, offset, len], ...] -> out */
static void take_viol(const replyx *x, vo_dut_out *out)
{
    if (x->nviol) out->nviol = (uint32_t)num_at(x->nviol, x->nviol + 11);
    if (x->nbad) out->nbad_reads = (uint32_t)num_at(x->nbad, x->nbad + 11);
    const char *p = x->viol, *e = x->viol_end;
    uint32_t k = 0;
    while (p && p < e && k < VO_VIOL_MAX) {
        const char *q = memchr(p, '[', (size_t)(e - p));
        if (!q || q + 1 >= e) break;
        if (q == x->viol) { p = q + 1; continue; }
        unsigned long long f[3] = { 0, 0, 0 };
        const char *r = q + 1;
        for (int i = 0; i < 3 && r < e; i++) {
            f[i] = num_at(r, e);
            while (r < e && *r != ',' && *r != ']') r++;
            if (r < e && *r == ',') r++;
        }
        out->viol[k].surface = (uint32_t)f[0];
        out->viol[k].offset = f[1];
        out->viol[k].len = (uint32_t)f[2];
        k++;
        p = r;
    }
}

/* "{"id":"<id>",<the input's members>}": the input line of a test (issue 17:
 * a DUT may echo the id so a reply names the test it answers) */
static size_t build_line(vo_dut *d, const char *input, size_t ilen, const char *id)
{
    size_t need = ilen + 32;
    if (d->line_cap < need) {
        char *nl = realloc(d->line, need);
        if (!nl) return 0;
        d->line = nl;
        d->line_cap = need;
    }
    size_t k = 0;
    if (ilen >= 2 && input[0] == '{' && id && id[0]) {
        k = (size_t)snprintf(d->line, need, "{\"id\":\"%.16s\"%s", id, ilen == 2 ? "" : ",");
        memcpy(d->line + k, input + 1, ilen - 1);
        k += ilen - 1;
    } else {
        memcpy(d->line, input, ilen);
        k = ilen;
    }
    d->line[k++] = '\n';
    return k;
}

static int out_of_step(vo_dut *d, vo_dut_out *out, const char *what)
{
    char prev[64];
    cut_preview(prev, sizeof prev, d->rbuf, d->rlen);
    out->status = VO_DUT_GARBAGE;
    snprintf(out->msg, sizeof out->msg, "DUT out of step: %s: %.60s (process restarted)", what, prev);
    proc_reap(d, 0, NULL, 0);
    return out->status;
}

static int exec_cmd(vo_dut *d, const vo_case *c, const char *input, size_t ilen, const char *id, vo_dut_out *out)
{
    char why[160] = "";
    if (d->pid <= 0 && proc_start(d, out->msg, sizeof out->msg) != 0) return -1;
    char *made = NULL, idbuf[17];
    if (!input) {
        made = vo_case_to_json(c);
        if (!made) {
            out->status = VO_DUT_FAILED;
            snprintf(out->msg, sizeof out->msg, "host: out of memory");
            return out->status;
        }
        input = made;
        ilen = strlen(made);
    }
    if (!id || !id[0]) {
        if (vo_case_id(c, idbuf) != 0) idbuf[0] = 0;
        id = idbuf;
    }
    size_t wlen = build_line(d, input, ilen, id), woff = 0;
    free(made);
    if (!wlen) {
        out->status = VO_DUT_FAILED;
        snprintf(out->msg, sizeof out->msg, "host: out of memory");
        return out->status;
    }
    /* issue 30 point 6 (D242): a process that ended after its last answer
     * (it answered since it started, and it has exited before this input is
     * sent) is restarted here; this test was never in flight in it */
    if (d->answered && d->pid > 0 && waitpid(d->pid, NULL, WNOHANG) == d->pid) {
        vo_children_remove(d->pid);
        kill(-d->pid, SIGKILL); /* (what is left of its group) */
        d->pid = 0;
        proc_reap(d, 0, NULL, 0); /* (closes the pipes) */
        if (proc_start(d, out->msg, sizeof out->msg) != 0) return -1;
    }
    /* the first reply of a fresh process also pays for its start-up */
    int grace = startup_allowance(d);
    d->last_grace = 0;
    int64_t deadline = now_ms() + d->timeout_ms + grace;
    long ln;
    int write_dead = 0, looked = 0, resent = 0;
    while ((ln = rbuf_line(d)) < 0) {
        if (d->rlen > VO_MAX_REPLY) {
            out->status = VO_DUT_GARBAGE;
            proc_reap(d, 0, NULL, 0);
            snprintf(out->msg, sizeof out->msg, "reply line longer than %zu bytes (64 MiB; process restarted)",
                     VO_MAX_REPLY);
            return out->status;
        }
        int64_t left = deadline - now_ms();
        if (left <= 0) {
            out->status = VO_DUT_TIMEOUT;
            proc_reap(d, 0, NULL, 0);
            d->last_grace = grace;
            if (grace && !d->stable_msgs)
                snprintf(out->msg, sizeof out->msg,
                         "no reply within %d ms + %d ms start-up allowance (process killed and restarted)",
                         d->timeout_ms, grace);
            else
                snprintf(out->msg, sizeof out->msg, "no reply within %d ms (process killed and restarted)",
                         d->timeout_ms);
            return out->status;
        }
        struct pollfd pf[2] = { { d->from_fd, POLLIN, 0 }, { d->to_fd, POLLOUT, 0 } };
        int unwritten = woff < wlen;
        int np = (unwritten && !write_dead) ? 2 : 1;
        /* the first poll only looks: a line left in the pipe by the previous
         * input must be seen before this input is written */
        int k = poll(pf, (nfds_t)np, !looked ? 0 : (int)(left > 1000000 ? 1000000 : left));
        if (k < 0) {
            if (errno == EINTR) continue;
            out->status = VO_DUT_FAILED;
            snprintf(out->msg, sizeof out->msg, "host: poll: %s", strerror(errno));
            return out->status;
        }
        if (!looked && k == 0 && np == 2) { /* nothing waiting: now write */
            pf[1].revents = POLLOUT;
            pf[0].revents = 0;
        }
        looked = 1;
        if (pf[0].revents) {
            if (d->rcap - d->rlen < 65536) {
                size_t nc = d->rcap ? d->rcap * 2 : 131072;
                if (nc > VO_MAX_REPLY + 65536) nc = VO_MAX_REPLY + 65536;
                char *nb = nc > d->rcap ? realloc(d->rbuf, nc) : NULL;
                if (!nb) {
                    out->status = VO_DUT_FAILED;
                    proc_reap(d, 0, NULL, 0);
                    snprintf(out->msg, sizeof out->msg, "host: out of memory reading a reply");
                    return out->status;
                }
                d->rbuf = nb;
                d->rcap = nc;
            }
            ssize_t r = read(d->from_fd, d->rbuf + d->rlen, d->rcap - d->rlen);
            if (r > 0) {
                d->rlen += (size_t)r;
                if (unwritten) /* issue 17: an answer before the question */
                    return out_of_step(d, out, woff ? "reply data arrived before the input was fully written"
                                                    : "a line was waiting before this input was sent");
            } else if (r == 0 || (errno != EAGAIN && errno != EINTR)) {
                char prev[64];
                cut_preview(prev, sizeof prev, d->rbuf, d->rlen);
                size_t had = d->rlen;
                int unread = 0; /* bytes of this input still in the pipe: the whole line = never read */
                if (d->answered && !had && !resent &&
                    ((write_dead && woff == 0) ||
                     (woff == wlen && ioctl(d->to_fd, FIONREAD, &unread) == 0 && (size_t)unread == wlen))) {
                    resent = 1; /* it ended after its last answer without reading this one (D242): once more */
                    proc_reap(d, d->timeout_ms < 1000 ? d->timeout_ms : 1000, NULL, 0);
                    if (proc_start(d, out->msg, sizeof out->msg) != 0) return -1;
                    woff = 0;
                    looked = 0;
                    grace = startup_allowance(d);
                    deadline = now_ms() + d->timeout_ms + grace;
                    continue;
                }
                proc_reap(d, d->timeout_ms < 1000 ? d->timeout_ms : 1000, why, sizeof why); /* (not a fixed 1 s) */
                if (!d->answered_ever && d->starts == 1 && (d->last_exit == 126 || d->last_exit == 127)) {
                    if (d->isolated)
                        snprintf(out->msg, sizeof out->msg, "the isolated library host cannot run (`%.150s`, exit status %d)",
                                 d->cmd, d->last_exit);
                    else
                        snprintf(out->msg, sizeof out->msg, "`%.200s` cannot be run (sh exit status %d)", d->cmd,
                                 d->last_exit);
                    return -1; /* fatal: the command itself is wrong */
                }
                out->status = VO_DUT_CRASH;
                snprintf(out->msg, sizeof out->msg, "process %.150s before answering%s%s", why[0] ? why : "closed its output",
                         had ? "; partial line: " : "", had ? prev : "");
                return out->status;
            }
        }
        if (np == 2 && pf[1].revents) {
            ssize_t w = write(d->to_fd, d->line + woff, wlen - woff);
            if (w > 0) woff += (size_t)w;
            else if (w < 0 && errno != EAGAIN && errno != EINTR) write_dead = 1; /* EPIPE: it died; read the EOF */
        }
    }
    size_t n = (size_t)ln;
    if (n > VO_MAX_REPLY) {
        out->status = VO_DUT_GARBAGE;
        proc_reap(d, 0, NULL, 0);
        snprintf(out->msg, sizeof out->msg, "reply line longer than %zu bytes (64 MiB; process restarted)", VO_MAX_REPLY);
        return out->status;
    }
    if (d->rlen > n + 1) /* issue 17: two lines for one input */
        return out_of_step(d, out, "more than one line came back for one input");
    replyx x;
    memset(&x, 0, sizeof x);
    const char *rp = ws(d->rbuf, d->rbuf + n);
    if (rp < d->rbuf + n && *rp == '{') walk_object(rp, d->rbuf + n, grab_x, &x);
    if (x.id && (x.id_end - x.id != 18 || *x.id != '"' || memcmp(x.id + 1, id, 16) != 0)) {
        char got[40];
        cut_preview(got, sizeof got, x.id, (size_t)(x.id_end - x.id));
        out->status = VO_DUT_GARBAGE;
        snprintf(out->msg, sizeof out->msg, "DUT out of step: the reply is for test %s, this test is %.16s (process restarted)",
                 got, id);
        proc_reap(d, 0, NULL, 0);
        return out->status;
    }
    take_reply(d, c, d->rbuf, n, out);
    if (d->isolated && out->status != VO_DUT_GARBAGE) { /* what only the library host saw */
        take_viol(&x, out);
        if (x.msg) json_unescape(out->msg, sizeof out->msg, x.msg, (size_t)(x.msg_end - x.msg));
    }
    d->rlen = d->rscan = 0;
    if (out->status == VO_DUT_GARBAGE) { /* out of step: start afresh */
        proc_reap(d, 0, NULL, 0);
        size_t k = strlen(out->msg);
        snprintf(out->msg + k, sizeof out->msg - k, " (process restarted)");
    } else {
        if (!d->answered && d->measured_ms < 0) {
            int64_t took = now_ms() - d->spawned_at;
            d->measured_ms = took > 86400000 ? 86400000 : (int)took;
        }
        d->answered++;
        d->answered_ever++;
    }
    return out->status;
}

/* ---- results file ---- */
static uint64_t hash_id(const char *id)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 16 && id[i]; i++) h = (h ^ (uint8_t)id[i]) * 1099511628211ull;
    return h;
}

static rline *find_line(vo_dut *d, const char *id, int insert)
{
    size_t m = d->tab_cap - 1, i = (size_t)hash_id(id) & m;
    for (;; i = (i + 1) & m) {
        rline *r = &d->tab[i];
        if (!r->set) return insert ? r : NULL;
        if (strcmp(r->id, id) == 0) return r;
    }
}

static int results_tab_grow(vo_dut *d)
{
    size_t nc = d->tab_cap ? d->tab_cap * 2 : 1024;
    rline *nt = calloc(nc, sizeof *nt), *ot = d->tab;
    if (!nt) return -1;
    size_t oc = d->tab_cap;
    d->tab = nt;
    d->tab_cap = nc;
    for (size_t i = 0; i < oc; i++)
        if (ot[i].set) *find_line(d, ot[i].id, 1) = ot[i];
    free(ot);
    return 0;
}

/* D246: one test of a results file read line by line (results_stream.c) */
static int results_take(void *ctx, const char *id, uint64_t off, size_t n, uint64_t hash)
{
    vo_dut *d = ctx;
    if (!id[0]) return 1; /* the whole-file read names it */
    if ((d->nlines + 1) * 2 > d->tab_cap && results_tab_grow(d) != 0) return -1;
    d->nlines++;
    rline *r = find_line(d, id, 1);
    if (r->set) { d->dups++; return 0; } /* the first line for an id wins */
    memcpy(r->id, id, 17);
    r->set = 1;
    r->off = off;
    r->n = n;
    r->hash = hash;
    return 0;
}

vo_dut *vo_dut_open_results(const char *path, char *err, size_t errcap)
{
    vo_dut *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->kind = VO_TR_RESULTS;
    d->rfd = -1;
    vo_final_init(&d->fin);
    snprintf(d->desc, sizeof d->desc, "results %s", path);
    int fd = -1;
    int st = vo_results_index(path, results_take, d, &fd);
    if (st == 0) { /* read line by line: held are the index and one line (docs/state.md; D246) */
        d->rfd = fd;
        return d;
    }
    free(d->tab); /* else read whole: its verdicts and messages */
    d->tab = NULL;
    d->tab_cap = d->nlines = d->dups = 0;
    if (st < 0) {
        seterr(err, errcap, "out of memory");
        free(d);
        return NULL;
    }
    if (vo_testset_load(&d->res, path, err, errcap) != 0) {
        free(d);
        return NULL;
    }
    d->tab_cap = 16;
    while (d->tab_cap < d->res.n * 2 + 16) d->tab_cap *= 2;
    d->tab = calloc(d->tab_cap, sizeof *d->tab);
    if (!d->tab) {
        seterr(err, errcap, "out of memory");
        vo_testset_free(&d->res);
        free(d);
        return NULL;
    }
    for (size_t i = 0; i < d->res.n; i++) {
        const vo_testref *t = &d->res.t[i];
        if (!t->id[0]) {
            seterr(err, errcap, "'%s': result %zu has no 16-hex-digit \"id\"", path, i + 1);
            vo_dut_close(d);
            return NULL;
        }
        rline *r = find_line(d, t->id, 1);
        if (r->set) { d->dups++; continue; } /* the first line for an id wins */
        memcpy(r->id, t->id, 17);
        r->set = 1;
        r->p = t->test;
        r->n = t->test_len;
    }
    d->nlines = d->res.n;
    return d;
}

static int exec_results(vo_dut *d, const vo_case *c, const char *id, vo_dut_out *out)
{
    char buf[17];
    if (!id || !id[0]) {
        if (vo_case_id(c, buf) != 0) {
            out->status = VO_DUT_FAILED;
            snprintf(out->msg, sizeof out->msg, "host: out of memory");
            return out->status;
        }
        id = buf;
    }
    rline *r = find_line(d, id, 0);
    if (!r) {
        out->status = VO_DUT_NO_RESULT;
        snprintf(out->msg, sizeof out->msg, "the results file has no line with id %s", id);
        return out->status;
    }
    r->used = 1;
    if (d->rfd >= 0) { /* D246: the line again, by offset; a line changed since is not taken */
        if (r->n + 1 > d->lcap) {
            char *nb = realloc(d->lbuf, r->n + 1);
            if (!nb) {
                out->status = VO_DUT_FAILED;
                snprintf(out->msg, sizeof out->msg, "host: out of memory");
                return out->status;
            }
            d->lbuf = nb;
            d->lcap = r->n + 1;
        }
        if (cli_pread_full(d->rfd, d->lbuf, r->n, r->off) != r->n || vo_span_hash(d->lbuf, r->n) != r->hash) {
            out->status = VO_DUT_NO_RESULT;
            snprintf(out->msg, sizeof out->msg, "the results file's line with id %s changed during the run", id);
            return out->status;
        }
        d->lbuf[r->n] = 0;
        take_reply(d, c, d->lbuf, r->n, out);
        return out->status;
    }
    take_reply(d, c, r->p, r->n, out);
    return out->status;
}

int vo_dut_exec(vo_dut *d, const vo_case *c, const char *input_json, size_t input_len, const char *id, vo_dut_out *out)
{
    out->msg[0] = 0;
    out->nviol = 0;
    out->nbad_reads = 0;
    out->said_undefined = 0;
    vo_dut_out_set_code(out, NULL);
    switch (d->kind) {
    case VO_TR_LIB: return vo_dut_run_lib(d->exec, &c->state, c->insn, c->insn_len, out);
    case VO_TR_CMD: return exec_cmd(d, c, input_json, input_len, id, out);
    default: return exec_results(d, c, id, out);
    }
}

int vo_dut_results_has(const vo_dut *d, const char *id)
{
    return d->kind == VO_TR_RESULTS && id && id[0] && find_line((vo_dut *)d, id, 0) != NULL;
}

int vo_dut_transport(const vo_dut *d) { return d->kind; }
void vo_dut_set_stable_messages(vo_dut *d, int on) { if (d) d->stable_msgs = on; }
int vo_dut_last_allowance(const vo_dut *d) { return d ? d->last_grace : 0; }
const char *vo_dut_describe(const vo_dut *d) { return d->desc; }
unsigned vo_dut_starts(const vo_dut *d) { return d->starts; }

void vo_dut_results_stats(const vo_dut *d, size_t *lines, size_t *unused, size_t *dups)
{
    size_t u = 0;
    for (size_t i = 0; d->tab && i < d->tab_cap; i++)
        if (d->tab[i].set && !d->tab[i].used) u++;
    if (lines) *lines = d->nlines;
    if (unused) *unused = u;
    if (dups) *dups = d->dups;
}

void vo_dut_close(vo_dut *d)
{
    if (!d) return;
    if (d->kind == VO_TR_LIB && d->dl) dlclose(d->dl);
    if (d->kind == VO_TR_CMD) {
        proc_reap(d, 2000, NULL, 0); /* EOF on its stdin asks it to finish */
        vo_children_end_orphans();   /* what left its group (setsid) and was orphaned to us (D241) */
        for (int i = 0; d->argv && d->argv[i]; i++) free(d->argv[i]);
        free(d->argv);
        free(d->cmd);
        free(d->rbuf);
        free(d->line);
    }
    if (d->kind == VO_TR_RESULTS) {
        vo_testset_free(&d->res);
        free(d->tab);
        free(d->lbuf);
        if (d->rfd >= 0) close(d->rfd);
    }
    vo_final_free(&d->fin);
    free(d);
}

/* ------------------------------------------------------------------ */
/* reports                                                             */
/* ------------------------------------------------------------------ */
typedef struct sb { char *p; size_t n, cap; int bad; } sb;

static void sb_add(sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(sb *b, const char *fmt, ...)
{
    if (b->bad) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0) { b->bad = 1; return; }
        if (b->p && b->n + (size_t)k < b->cap) { b->n += (size_t)k; return; }
        size_t nc = b->cap ? b->cap * 2 : 1024;
        while (nc < b->n + (size_t)k + 1) nc *= 2;
        char *np = realloc(b->p, nc);
        if (!np) { b->bad = 1; return; }
        b->p = np;
        b->cap = nc;
    }
}

static void sb_jstr(sb *b, const char *s)
{
    sb_add(b, "\"");
    for (; s && *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') sb_add(b, "\\%c", ch);
        else if (ch < 32) sb_add(b, "\\u%04x", ch);
        else sb_add(b, "%c", ch);
    }
    sb_add(b, "\"");
}

static char *sb_done(sb *b)
{
    if (b->bad) {
        free(b->p);
        return NULL;
    }
    return b->p;
}

char *vo_report_text(const char *id, const vo_verdict *v, unsigned max_rows)
{
    return vo_report_text_at(id, NULL, v, max_rows);
}

char *vo_report_text_at(const char *id, const char *where, const vo_verdict *v, unsigned max_rows)
{
    sb b = { 0 };
    sb_add(&b, "FAIL %s %s  %s", id && id[0] ? id : "-", v->bucket, v->asm_text);
    if (where && where[0]) sb_add(&b, "  (%s)", where);
    sb_add(&b, "\n");
    if (v->detail[0]) sb_add(&b, "  %s\n", v->detail);
    if (v->lanes[0]) /* D406 */
        sb_add(&b, "  lanes: the reply is right if lanes %08x run: %s (%s)\n", v->lanes_chen,
               vo_lanes_what(v->lanes) ? vo_lanes_what(v->lanes) : "?", v->lanes);
    if (v->misread[0]) /* D407 */
        sb_add(&b, "  misread: the reply is right with %s (%s)\n",
               vo_misread_what(v->misread) ? vo_misread_what(v->misread) : "?", v->misread);
    unsigned rows = 0;
    uint32_t i = 0;
    char row[640];
    while (i < v->nkept && rows < max_rows) {
        uint32_t n = vo_diff_run(&v->diffs[i], v->nkept - i);
        if (v->diffs[i].kind != VO_K_BAD_SHAPE || !v->detail[0]) {
            vo_diff_format(&v->diffs[i], n, row, sizeof row);
            sb_add(&b, "  %s\n", row);
            rows++;
        }
        i += n;
    }
    if (i < v->ndiff && max_rows) sb_add(&b, "  ... %u more differing byte(s)\n", (unsigned)(v->ndiff - i));
    return sb_done(&b);
}

char *vo_report_json(const char *id, const vo_verdict *v) { return vo_report_json_at(id, NULL, v); }

char *vo_report_json_at(const char *id, const char *where, const vo_verdict *v)
{
    sb b = { 0 };
    sb_add(&b, "{\"id\":");
    sb_jstr(&b, id ? id : "");
    if (where && where[0]) { /* "file#index": split at the last '#' */
        const char *h = strrchr(where, '#');
        size_t fl = h ? (size_t)(h - where) : strlen(where);
        char fb[512];
        snprintf(fb, sizeof fb, "%.*s", (int)(fl < sizeof fb ? fl : sizeof fb - 1), where);
        sb_add(&b, ",\"file\":");
        sb_jstr(&b, fb);
        if (h) sb_add(&b, ",\"index\":%ld", strtol(h + 1, NULL, 10));
    }
    sb_add(&b, ",\"pass\":%s", v->pass ? "true" : "false");
    if (v->unsupported) sb_add(&b, ",\"unsupported\":true");
    if (!v->pass) {
        sb_add(&b, ",\"bucket\":");
        sb_jstr(&b, v->bucket);
        if (!v->unsupported) { /* D305 */
            sb_add(&b, ",\"cause\":");
            sb_jstr(&b, v->cause);
        }
        if (v->lanes[0]) { /* D406 */
            sb_add(&b, ",\"lanes\":");
            sb_jstr(&b, v->lanes);
            sb_add(&b, ",\"lanes_chen\":\"%08x\"", v->lanes_chen);
        }
        if (v->misread[0]) { /* D407 */
            sb_add(&b, ",\"misread\":");
            sb_jstr(&b, v->misread);
        }
        sb_add(&b, ",\"insn\":");
        sb_jstr(&b, v->mnemonic);
        sb_add(&b, ",\"clause\":");
        sb_jstr(&b, v->clause);
        sb_add(&b, ",\"kind\":\"%s\",\"chen\":\"%08x\",\"asm\":", vo_kind_name((unsigned)v->kind), v->chen);
        sb_jstr(&b, v->asm_text);
        sb_add(&b, ",\"detail\":");
        sb_jstr(&b, v->detail);
        sb_add(&b, ",\"ndiff\":%u,\"diffs\":[", v->ndiff);
        for (uint32_t i = 0; i < v->nkept; i++) {
            const vo_diff *d = &v->diffs[i];
            /* flat memory is "memory": index = region in base order, offset inside it; a byte outside
             * every region has no index and its offset is the 64-bit address (issue 30 point 10) */
            int flat = d->space == VO_SPACE_FLAT;
            sb_add(&b, "%s{\"space\":\"%s\"", i ? "," : "",
                   d->space == VO_SPACE_VAR ? "var" : flat ? "memory" : "surface");
            if (!flat || d->index != UINT32_MAX) sb_add(&b, ",\"index\":%u", d->index);
            sb_add(&b, ",\"offset\":%llu,\"kind\":\"%s\",\"clause\":", (unsigned long long)d->offset,
                   vo_kind_name(d->kind));
            sb_jstr(&b, d->clause ? d->clause : "");
            if (d->kind == VO_K_WRITE_PAST_BOUND) sb_add(&b, ",\"len\":%u", d->len);
            else if (d->kind != VO_K_BAD_SHAPE)
                sb_add(&b, ",\"expected\":\"%02x\",\"got\":\"%02x\",\"initial\":\"%02x\"", d->expected, d->got,
                       d->initial);
            if (d->has_acc == 1) {
                const vo_access *a = &d->acc;
                sb_add(&b,
                       ",\"lane\":%u,\"channel\":%u,\"element\":%u,\"address\":%llu,",
                       a->lane, a->channel, a->element, (unsigned long long)a->address);
                if (a->surface == VO_ACC_FLAT) sb_add(&b, "\"flat\":true,"); /* (no surface: a 64-bit address) */
                else sb_add(&b, "\"surface\":%u,", a->surface);
                sb_add(&b, "\"operand\":{\"role\":\"%s\",\"var\":%u,\"byte\":%u},\"access_byte\":%u",
                       a->is_write ? "src" : "dst", a->reg_var, a->reg_off + d->delta, d->delta);
            } else if (d->has_acc == 2) {
                sb_add(&b, ",\"lane\":%u,\"lane_disabled\":true", d->acc.lane);
            } else if (d->has_acc == 3) { /* a disabled lane's own address */
                sb_add(&b, ",\"lane\":%u,\"lane_disabled\":true,\"channel\":%u,\"element\":%u,\"address\":%llu",
                       d->acc.lane, d->acc.channel, d->acc.element, (unsigned long long)d->acc.address);
            } else if (d->has_acc == 4) { /* stray: the nearest planned write, a hint */
                sb_add(&b, ",\"nearest\":{\"lane\":%u,\"channel\":%u,\"element\":%u,\"address\":%llu}", d->acc.lane,
                       d->acc.channel, d->acc.element, (unsigned long long)d->acc.address);
            }
            if (d->kind != VO_K_BAD_SHAPE && (d->space == VO_SPACE_SURFACE || d->has_acc == 1))
                sb_add(&b, ",\"surface_size\":%llu", (unsigned long long)d->bound);
            sb_add(&b, "}");
        }
        sb_add(&b, "]");
    }
    if (v->dut_code[0]) { /* D61: the DUT's own code, reported, not judged */
        sb_add(&b, ",\"dut_error_code\":");
        sb_jstr(&b, v->dut_code);
        static const char *const cm[] = { "other", "same", "foreign" };
        if (v->code_match >= 0 && v->code_match <= 2) sb_add(&b, ",\"error_code_match\":\"%s\"", cm[v->code_match]);
    }
    sb_add(&b, "}\n");
    return sb_done(&b);
}
