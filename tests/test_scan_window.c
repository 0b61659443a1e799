/* check's first pass reads a regular vector file through a window of it
 * (vo_testset_scan_window, issue 15 point 8), not whole. The window scan must
 * find exactly what the whole-file scan (vo_testset_load_reading) finds --
 * the same tests at the same offsets, the same ids, the same read_ok -- and
 * must never accept a file the whole-file scan refuses (it gives such a file
 * back, and the whole-file scan reports it).
 *  1. every fourth shipped vector file, with windows of 700 bytes (smaller
 *     than a test: the window grows), 4 KiB and the default;
 *  2. a small vector file with 3000 single-byte changes and 300 cuts: when
 *     the whole-file scan refuses the text, the window scan gives it back;
 *     when the window scan accepts it, both agree test by test;
 *  3. another shape (JSON lines, a single test, gzip) and an each() that
 *     stops are given back, with the set emptied. */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../oracle/cli/dut_transport.h"
#include "../oracle/formats/json_reader.h"
#include "t.h"

static vo_case cc;
static const char *file_text; /* the bytes of the file being scanned (for each()) */
static size_t file_len;
static int each_bad;

static const char *check_input(void *ctx, const char *v, const char *e)
{
    size_t used = 0;
    (void)ctx;
    return vo_case_check_fast(v, (size_t)(e - v), &cc, &used) == 0 ? v + used : NULL;
}

/* each(): the window's pointers show the file's bytes at the offsets */
static int each_ok(void *ctx, vo_testset *ts, size_t i)
{
    (void)ctx;
    const vo_testref *t = &ts->t[i];
    if (t->test_off + t->test_len > file_len || t->input_off + t->input_len > file_len ||
        memcmp(t->test, file_text + t->test_off, t->test_len) != 0 ||
        memcmp(t->input, file_text + t->input_off, t->input_len) != 0)
        each_bad++;
    return 0;
}

static int each_stop(void *ctx, vo_testset *ts, size_t i)
{
    (void)ctx;
    (void)ts;
    return i == 2;
}

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long l = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)l + 1);
    if (b && fread(b, 1, (size_t)l, f) != (size_t)l) {
        free(b);
        b = NULL;
    }
    if (b) b[l] = 0;
    fclose(f);
    *n = (size_t)l;
    return b;
}

static void spit(const char *path, const char *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(b, 1, n, f);
        fclose(f);
    }
}

/* the two sets are the same tests */
static int same(const vo_testset *a, const vo_testset *b)
{
    if (a->n != b->n || a->len != b->len || a->is_vectors != b->is_vectors || strcmp(a->format, b->format) != 0)
        return 0;
    for (size_t i = 0; i < a->n; i++) {
        const vo_testref *x = &a->t[i], *y = &b->t[i];
        if (x->test_off != y->test_off || x->test_len != y->test_len || x->input_off != y->input_off ||
            x->input_len != y->input_len || strcmp(x->id, y->id) != 0 || x->read_ok != y->read_ok)
            return 0;
    }
    return 1;
}

/* scans path both ways; the window of win bytes (0: the default). Returns
 * the window scan's result; *agree says whether the rule held. */
static int both(const char *path, size_t win, int *agree)
{
    char err[256];
    vo_testset whole, part;
    file_text = slurp(path, &file_len);
    int wr = vo_testset_load(&whole, path, err, sizeof err) == 0 ? 0 : -1;
    if (wr == 0) { /* (vo_testset_load does not read inputs: again with the reader, for read_ok) */
        vo_testset_free(&whole);
        char *rb = NULL;
        size_t rc = 0;
        wr = vo_testset_load_reading(&whole, path, err, sizeof err, check_input, NULL, &rb, &rc) == 0 ? 0 : -1;
        whole.text = NULL; /* (rb's) */
        free(rb);
    }
    char *wb = NULL;
    size_t wc = 0;
    if (win) {
        wb = malloc(win + 1);
        wc = win;
    }
    each_bad = 0;
    int pr = vo_testset_scan_window(&part, path, check_input, NULL, each_ok, NULL, &wb, &wc);
    free(wb);
    if (pr == 0) *agree = wr == 0 && same(&whole, &part) && each_bad == 0;
    else *agree = part.n == 0 && part.t == NULL;
    if (wr == 0) vo_testset_free(&whole);
    vo_testset_free(&part);
    free((void *)file_text);
    file_text = NULL;
    return pr;
}

int main(void)
{
    const char *src = getenv("VO_SRC");
    char dir[1024], path[2048], tmp[] = "/tmp/vo_scan_window_XXXXXX";
    snprintf(dir, sizeof dir, "%s/vectors", src ? src : ".");
    if (!mkdtemp(tmp)) {
        fprintf(stderr, "cannot make a temporary directory\n");
        return 1;
    }
    vo_case_init(&cc);

    /* 1. shipped vector files */
    DIR *d = opendir(dir);
    CHECK(d != NULL);
    char *names[256];
    int nn = 0;
    struct dirent *de;
    while (d && (de = readdir(d)) && nn < 256) {
        size_t l = strlen(de->d_name);
        if (l > 5 && strcmp(de->d_name + l - 5, ".json") == 0) names[nn++] = strdup(de->d_name);
    }
    if (d) closedir(d);
    CHECK(nn >= 4);
    int files = 0;
    for (int k = 0; k < nn; k++) {
        if (k % 4 == 0) {
            snprintf(path, sizeof path, "%s/%s", dir, names[k]);
            static const size_t wins[] = { 700, 4096, 0 };
            for (int w = 0; w < 3; w++) {
                int agree = 0;
                int r = both(path, wins[w], &agree);
                if (r != 0 || !agree) fprintf(stderr, "%s window %zu: result %d, agree %d\n", names[k], wins[w], r, agree);
                CHECK(r == 0);
                CHECK(agree);
            }
            files++;
        }
        free(names[k]);
    }
    CHECK(files >= 1);

    /* 2. a small vector file, changed byte by byte and cut */
    snprintf(path, sizeof path, "%s/scatter-01.json", dir);
    size_t n = 0;
    char *orig = slurp(path, &n);
    CHECK(orig != NULL);
    if (!orig) T_DONE();
    /* its first 12 tests, closed as a vector file */
    size_t cut = 0;
    int seen = 0;
    for (size_t i = 0; i + 8 < n && !cut; i++)
        if (memcmp(orig + i, "\n{\"id\":\"", 8) == 0 && ++seen == 13) cut = i;
    CHECK(cut > 0);
    char *small = malloc(cut + 8);
    memcpy(small, orig, cut);
    while (cut && (small[cut - 1] == ',' || small[cut - 1] == '\n')) cut--;
    memcpy(small + cut, "\n]}\n", 4);
    size_t sn = cut + 4;
    char f2[2100];
    snprintf(f2, sizeof f2, "%s/v.json", tmp);
    spit(f2, small, sn);
    int agree = 0;
    CHECK(both(f2, 300, &agree) == 0 && agree);
    static const char put[] = "{}[],\":\\ x0\n-e";
    unsigned long seed = 12345;
    int given_back = 0, accepted = 0, disagree = 0;
    char *m = malloc(sn + 1);
    for (int k = 0; k < 3300; k++) {
        memcpy(m, small, sn);
        size_t mn = sn;
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        size_t at = (size_t)(seed >> 33) % sn;
        if (k < 3000) m[at] = put[(seed >> 20) % (sizeof put - 1)];
        else mn = at; /* a cut */
        spit(f2, m, mn);
        size_t win = (seed >> 8) % 3 == 0 ? 200 : (seed >> 8) % 3 == 1 ? 1000 : 0;
        int r = both(f2, win, &agree);
        if (!agree) {
            disagree++;
            if (disagree < 4) fprintf(stderr, "change %d (byte %zu): window scan %d disagrees\n", k, at, r);
        }
        if (r == 0) accepted++;
        else given_back++;
    }
    fprintf(stderr, "changes: %d accepted, %d given back\n", accepted, given_back);
    CHECK(disagree == 0);
    CHECK(accepted > 1000);   /* (a change inside a string keeps the scan valid) */
    CHECK(given_back > 500);  /* (a third break it) */
    free(m);

    /* 3. other shapes and a stop: given back, the set emptied */
    vo_testset ts;
    char *wb = NULL;
    size_t wc = 0;
    spit(f2, small, sn);
    CHECK(vo_testset_scan_window(&ts, f2, check_input, NULL, each_stop, NULL, &wb, &wc) == 1);
    CHECK(ts.n == 0 && ts.t == NULL);
    char *two = malloc(2 * sn);
    memcpy(two, small, sn);
    memcpy(two + sn, small, sn);
    spit(f2, two, 2 * sn); /* two objects (JSON lines) */
    CHECK(both(f2, 0, &agree) == 1 && agree);
    const char *one = strstr(small, "\n{\"id\":");
    const char *oe = one ? strstr(one + 1, "\n{\"id\":") : NULL;
    CHECK(one && oe);
    if (one && oe) {
        size_t l = (size_t)(oe - one) - 1;
        while (l && one[l] != '}') l--;
        spit(f2, one + 1, l); /* a single test object */
        CHECK(both(f2, 0, &agree) == 1 && agree);
    }
    spit(f2, "\x1f\x8b\x08\x00", 4); /* gzip (truncated) */
    CHECK(both(f2, 0, &agree) == 1 && agree);
    spit(f2, "", 0);
    CHECK(both(f2, 0, &agree) == 1 && agree);
    free(wb);
    free(two);
    free(small);
    free(orig);
    unlink(f2);
    rmdir(tmp);
    vo_case_free(&cc);
    T_DONE();
}
