/* check --results: a regular, uncompressed results file read line by line
 * (issue 30 point 3; D246). Held: the index (id, offset, length, hash per
 * test) and one window of at least the longest line, never the whole file.
 * Any file this reader does not take whole lines of goes to the whole-file
 * read, which gives the same verdicts and messages. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "dut_transport.h"

#define RS_WINDOW ((size_t)1 << 20)

/* the tests of one line [p, p + n) (buf[n] writable), at file offset off: 0, 1 (read whole), -1 */
static int take_line(char *p, size_t n, uint64_t off, int (*take)(void *, const char *, uint64_t, size_t, uint64_t),
                     void *ctx, size_t *ntests)
{
    size_t k = 0;
    while (k < n && (p[k] == ' ' || p[k] == '\t' || p[k] == '\r')) k++;
    if (k == n) return 0; /* a blank line */
    char save = p[n];
    p[n] = 0;
    vo_testset ts;
    int rc = vo_testset_parse_text(&ts, p, n) != 0 ? 1 : 0;
    for (size_t i = 0; rc == 0 && i < ts.n; i++) {
        const vo_testref *t = &ts.t[i];
        rc = take(ctx, t->id, off + (uint64_t)(t->test - p), t->test_len, vo_span_hash(t->test, t->test_len));
        (*ntests)++;
    }
    if (rc == 0 && ts.is_vectors) rc = 1; /* a vector file: read whole (its tests' ids are not results) */
    vo_testset_free(&ts);
    p[n] = save;
    return rc;
}

int vo_results_index(const char *path, int (*take)(void *ctx, const char *id, uint64_t off, size_t n, uint64_t hash),
                     void *ctx, int *fd)
{
    *fd = -1;
    if (!strcmp(path, "-")) return 1;
    int f = open(path, O_RDONLY | O_CLOEXEC);
    if (f < 0) return 1;
    struct stat sb;
    if (fstat(f, &sb) != 0 || !S_ISREG(sb.st_mode) || (uint64_t)sb.st_size > VO_MAX_INPUT_BYTES || sb.st_size == 0) {
        close(f);
        return 1;
    }
    uint64_t flen = (uint64_t)sb.st_size, base = 0; /* the file offset of b[0] */
    size_t cap = flen < RS_WINDOW ? (size_t)flen : RS_WINDOW, fill = 0, ntests = 0;
    char *b = malloc(cap + 1);
    int rc = b ? 0 : -1;
    while (rc == 0 && base + fill < flen) {
        if (fill == cap) { /* one line fills the window: twice the room */
            size_t nc = cap * 2;
            char *nb = realloc(b, nc + 1);
            if (!nb) { rc = -1; break; }
            b = nb;
            cap = nc;
        }
        size_t want = cap - fill;
        if (want > flen - base - fill) want = (size_t)(flen - base - fill);
        size_t got = cli_pread_full(f, b + fill, want, base + fill);
        if (got < want) { rc = 1; break; } /* shorter than it was: the whole-file read says what it finds */
        if (base == 0 && fill == 0 && cli_is_gzip(b, got)) { rc = 1; break; }
        fill += got;
        int last = base + fill >= flen;
        size_t ls = 0;
        for (;;) {
            char *nl = memchr(b + ls, '\n', fill - ls);
            if (!nl && !last) break;
            size_t le = nl ? (size_t)(nl - b) : fill;
            if (le > ls || nl) rc = take_line(b + ls, le - ls, base + ls, take, ctx, &ntests);
            ls = nl ? le + 1 : fill;
            if (rc != 0 || ls >= fill) break;
        }
        memmove(b, b + ls, fill - ls);
        fill -= ls;
        base += ls;
    }
    free(b);
    if (rc == 0 && ntests == 0) rc = 1;
    if (rc != 0) close(f);
    else *fd = f;
    return rc;
}
