/* check and merge: the bucket table and a shard's proof (shard_proof.h) */
#include "shard_proof.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "visa_check.h"

static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

static int btab_index(cli_btab *t, size_t ns)
{
    size_t *sl = malloc(ns * sizeof *sl);
    if (!sl) return -1;
    for (size_t i = 0; i < ns; i++) sl[i] = SIZE_MAX;
    for (size_t k = 0; k < t->n; k++) {
        size_t j = (size_t)name_hash(t->e[k].b) & (ns - 1);
        while (sl[j] != SIZE_MAX) j = (j + 1) & (ns - 1);
        sl[j] = k;
    }
    free(t->slot);
    t->slot = sl;
    t->nslot = ns;
    return 0;
}

int cli_btab_add_list(cli_btab *t, const char *list)
{
    while (list && *list) {
        size_t l = strcspn(list, ",");
        char name[sizeof t->e[0].b];
        snprintf(name, sizeof name, "%.*s", (int)(l < sizeof name ? l : sizeof name - 1), list);
        if (cli_btab_add(t, name, 1) != 0) return -1;
        list += l;
        list += strspn(list, ", ");
    }
    return 0;
}

int cli_btab_add(cli_btab *t, const char *b, size_t count)
{
    char key[sizeof t->e[0].b];
    snprintf(key, sizeof key, "%s", b);
    if ((t->n + 1) * 2 > t->nslot && btab_index(t, t->nslot ? t->nslot * 2 : 256) != 0) return -1;
    size_t j = (size_t)name_hash(key) & (t->nslot - 1);
    for (; t->slot[j] != SIZE_MAX; j = (j + 1) & (t->nslot - 1))
        if (!strcmp(t->e[t->slot[j]].b, key)) {
            t->e[t->slot[j]].n += count;
            return 0;
        }
    if (t->n == t->cap) {
        size_t nc = t->cap ? t->cap * 2 : 64;
        cli_bent *ne = realloc(t->e, nc * sizeof *ne);
        if (!ne) return -1;
        t->e = ne;
        t->cap = nc;
    }
    memcpy(t->e[t->n].b, key, sizeof key);
    t->e[t->n].n = count;
    t->slot[j] = t->n++;
    return 0;
}

static int bent_cmp(const void *a, const void *b)
{
    const cli_bent *x = a, *y = b;
    if (x->n != y->n) return x->n < y->n ? 1 : -1;
    return strcmp(x->b, y->b);
}

void cli_btab_sort(cli_btab *t)
{
    if (t->n) qsort(t->e, t->n, sizeof *t->e, bent_cmp); /* qsort(NULL, 0) is UB */
    free(t->slot);
    t->slot = NULL;
    t->nslot = 0;
}

void cli_btab_free(cli_btab *t)
{
    free(t->e);
    free(t->slot);
    memset(t, 0, sizeof *t);
}

uint64_t cli_shard_term(const char *id16)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    size_t n = 0;
    while (n < 16 && id16[n]) n++;
    if (!EVP_Digest(id16, n, md, &mdlen, EVP_sha256(), NULL) || mdlen < 8) return 0;
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | md[i];
    return v;
}

int cli_shard_commit(unsigned long n, const uint64_t *sums, char out[65])
{
    static const char hx[] = "0123456789abcdef";
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    char line[40];
    int ok = c && EVP_DigestInit_ex(c, EVP_sha256(), NULL);
    int k = snprintf(line, sizeof line, "visa-oracle shards %lu\n", n);
    ok = ok && EVP_DigestUpdate(c, line, (size_t)k);
    for (unsigned long i = 0; i < n && ok; i++) {
        k = snprintf(line, sizeof line, "%016llx\n", (unsigned long long)sums[i]);
        ok = EVP_DigestUpdate(c, line, (size_t)k);
    }
    ok = ok && EVP_DigestFinal_ex(c, md, &mdlen) && mdlen == 32;
    EVP_MD_CTX_free(c);
    if (!ok) return -1;
    for (int i = 0; i < 32; i++) {
        out[2 * i] = hx[md[i] >> 4];
        out[2 * i + 1] = hx[md[i] & 15];
    }
    out[64] = 0;
    return 0;
}

void cli_shard_sums(const char (*ids)[17], size_t nids, unsigned long n, uint64_t *sums)
{
    memset(sums, 0, n * sizeof *sums);
    for (size_t k = 0; k < nids; k++) {
        uint64_t v = 0;
        for (int i = 0; i < 16 && ids[k][i]; i++) {
            char ch = ids[k][i];
            v = v * 16 + (uint64_t)(ch <= '9' ? ch - '0' : (ch | 32) - 'a' + 10);
        }
        sums[v % n] += cli_shard_term(ids[k]);
    }
}

/* ---- D408: the bugs table ---- */

int cli_bugs_add(cli_btab *it, cli_btab *nt, const char *cause, const char *lanes, const char *misread)
{
    char key[sizeof nt->e[0].b];
    size_t li = strcspn(cause, ":"); /* key: "<insn> <name>", cut to its size */
    if (li > sizeof key - 2) li = sizeof key - 2;
    memcpy(key, cause, li);
    key[li] = 0;
    if (cli_btab_add(it, key, 1) != 0) return -1;
    key[li] = ' ';
    const char *list[2] = { lanes, misread };
    for (unsigned k = 0; k < 2; k++)
        for (const char *l = list[k]; l && *l; l += strspn(l, ", ")) {
            size_t n = strcspn(l, ",");
            const char *c = memchr(l, ':', n), *name = c ? c + 1 : l; /* "<clause>:<name>" */
            size_t ln = n - (size_t)(name - l);
            if (ln > sizeof key - li - 2) ln = sizeof key - li - 2;
            memcpy(key + li + 1, name, ln);
            key[li + 1 + ln] = 0;
            if (cli_btab_add(nt, key, 1) != 0) return -1;
            l += n;
        }
    return 0;
}

typedef struct { char *p; size_t n, cap; int bad; } sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0 || b->bad) { b->bad = 1; return; }
    if (b->n + (size_t)k + 1 > b->cap) {
        size_t nc = (b->n + (size_t)k + 1) * 2;
        char *np = realloc(b->p, nc);
        if (!np) { b->bad = 1; return; }
        b->p = np;
        b->cap = nc;
    }
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

/* a JSON string: quote and backslash escaped, control bytes as 6-character escapes (merge reads instructions back) */
static void sb_jstr(sbuf *b, const char *s)
{
    sb_printf(b, "\"");
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') sb_printf(b, "\\%c", ch);
        else if (ch < 32) sb_printf(b, "\\u%04x", ch);
        else sb_printf(b, "%c", ch);
    }
    sb_printf(b, "\"");
}

char *cli_bugs_report(cli_btab *it, cli_btab *nt, int json)
{
    sbuf b = { 0 };
    cli_btab_sort(it);
    cli_btab_sort(nt); /* most tests first, then by name: the first entry of an instruction fits the most */
    if (!json && it->n)
        sb_printf(&b, "bugs (per instruction: failing tests, and the misreadings most of them fit, \"Bugs\"):\n");
    for (size_t i = 0; i < it->n; i++) {
        const char *insn = it->e[i].b;
        size_t l = strlen(insn), fit = 0, nn = 0;
        if (json) {
            if (i) sb_printf(&b, ",");
            sb_jstr(&b, insn);
            sb_printf(&b, ":{\"failing\":%zu", it->e[i].n);
        } else {
            sb_printf(&b, "  %6zu  %s: ", it->e[i].n, insn);
        }
        /* the misreadings the most tests fit, when that is more than half of them: the first entry of
         * the instruction and those tied with it (a test may fit several, and the tests may not tell
         * them apart) */
        for (size_t k = 0; k < nt->n; k++) {
            const char *e = nt->e[k].b, *name = e + l + 1;
            if (strncmp(e, insn, l) || e[l] != ' ' || (nn && nt->e[k].n != fit)) continue;
            if (!nn && nt->e[k].n * 2 <= it->e[i].n) break; /* named only when it fits most of them */
            if (!nn) fit = nt->e[k].n;
            if (json) {
                sb_printf(&b, nn ? "," : ",\"fit\":%zu,\"names\":[", fit);
                sb_jstr(&b, name);
            } else {
                char q[100];
                snprintf(q, sizeof q, ":%s", name);
                const char *what = vo_lanes_what(q);
                if (!what) what = vo_misread_what(q);
                if (!nn) sb_printf(&b, "%zu fit ", fit);
                sb_printf(&b, "%s%s%s%s%s", nn ? " or " : "", name, what ? " (" : "", what ? what : "", what ? ")" : "");
            }
            nn++;
        }
        if (json) sb_printf(&b, nn ? "]}" : "}");
        else sb_printf(&b, nn ? "\n" : "no misreading fits most of them\n");
    }
    if (!b.p && !b.bad) b.p = calloc(1, 1);
    if (b.bad) { free(b.p); return NULL; }
    return b.p;
}
