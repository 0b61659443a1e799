/* Assembler tests:
 *  1. every instruction of tests/data/insns.txt not flagged "nogenx" (the
 *     flag test_genxir.sh uses for texts with '?' or forms GenX_IR cannot
 *     parse) assembles to exactly its hand-encoded bytes -- except three
 *     lines whose bytes hold bits the text cannot express; those assemble to
 *     the canonical bytes listed below (worked by hand: the bits are zeroed).
 *     "nogenx" lines either fail with E_STATE or assemble to their bytes.
 *  2. malformed texts: error code, field and character offset.
 *  3. 20k mutated / random strings: no crash; a failure names a field and an
 *     offset inside the text; every accepted text t has disasm(asm(t)) == t.
 *  4. mutated instruction bytes: a decodable instruction whose text has no
 *     '?' assembles, and the bytes print the same text again. */
#include <stdlib.h>

#include "t.h"
#include "visa_asm.h"
#include "visa_json.h"

/* lines whose bytes the text cannot fully express -> canonical bytes */
static const struct { const char *ver, *hex, *canon; } noncanon[] = {
    /* issue 26: FENCE with bit 7 and other bits prints fence_sw alone (D162, D163): asm writes 0x80 */
    { "3.6", "5C FF", "5C 80" },
    { "3.6", "5C A1", "5C 80" },
    /* issue 26: SVM block properties bit 7 is ignored and has no text (D166, D172): asm leaves it clear */
    { "3.6", "4E 01 81 00 3C 00 00 00 00 00 21 01 22 00 00 00 00 00", "4E 01 01 00 3C 00 00 00 00 00 21 01 22 00 00 00 00 00" },
    /* vISA 3.0 mask nibble 9 ("default") prints M1; M1 is nibble 0 */
    { "3.0", "75 94 00 00 0F 00 00 06 05 00 00 00 00 00 20 00 00 00 21 00 00 00",
      "75 04 00 00 0F 00 00 06 05 00 00 00 00 00 20 00 00 00 21 00 00 00" },
    /* vISA 3.0 mask nibble 12 prints M1 */
    { "3.0", "75 C3 00 00 0F 00 00 06 05 00 00 00 00 00 20 00 00 00 21 00 00 00",
      "75 03 00 00 0F 00 00 06 05 00 00 00 00 00 20 00 00 00 21 00 00 00" },
    /* SCATTER elt_size 0x06: bit 2 has no text */
    { "3.6", "3A 06 00 06 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00",
      "3A 02 00 06 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00" },
    /* issue 8: no non-zero is_modified has a text (decision D31: any value
     * 1..255 is valid and ignored): asm writes 0 */
    { "3.6", "39 02 01 20 04 05 00 FF FF FF FF 20 00 00 00 00 00 21 00 00 00 00 00",
      "39 02 00 20 04 05 00 FF FF FF FF 20 00 00 00 00 00 21 00 00 00 00 00" },
    { "3.6", "39 02 FF 20 04 05 00 FF FF FF FF 20 00 00 00 00 00 21 00 00 00 00 00",
      "39 02 00 20 04 05 00 FF FF FF FF 20 00 00 00 00 00 21 00 00 00 00 00" },
    { "3.6", "35 02 01 05 05 00 02 00 00 00 21 00 00 00 00 00",
      "35 02 00 05 05 00 02 00 00 00 21 00 00 00 00 00" },
    { "3.6", "35 02 80 05 05 00 02 00 00 00 21 00 00 00 00 00",
      "35 02 00 05 05 00 02 00 00 00 21 00 00 00 00 00" },
    { "3.6", "3C 01 01 04 03 00 00 00 00 00 00 21 01 21 00 00 00 00 00",
      "3C 01 00 04 03 00 00 00 00 00 00 21 01 21 00 00 00 00 00" },
    { "3.6", "3C 01 02 04 03 00 00 00 00 00 00 21 01 21 00 00 00 00 00",
      "3C 01 00 04 03 00 00 00 00 00 00 21 01 21 00 00 00 00 00" },
    /* LSC (issue 14): LSC_FENCE exec and pred bytes have no text (decision D96): asm writes exec 0x80, pred 0 */
    { "3.6", "8B 00 01 00 00 00 00", "8B 80 00 00 00 00 00" },
    { "4.1", "8B 05 00 00 02 01 03", "8B 80 00 00 02 01 03" },
};
/* LSC_UNTYPED lines are all canonical (quad: elems byte 0, others: chmask 0; D105) */
#define NNONCANON (sizeof noncanon / sizeof noncanon[0])

static long hex_bytes(const char *hex, uint8_t *out, size_t cap)
{
    char d[256];
    size_t n = 0;
    for (const char *p = hex; *p && n + 1 < sizeof d; p++)
        if (*p != ' ') d[n++] = *p;
    return vo_hex_decode(d, n, out, cap);
}

/* asm(text) -> encoded bytes; returns length or -1 */
static long asm_bytes(const char *text, uint16_t ver, uint8_t *out, size_t cap, vo_error *err)
{
    vo_insn in;
    if (vo_asm(text, ver, &in, err) != 0) return -1;
    size_t n = vo_encode(&in, out, cap);
    return n ? (long)n : -1;
}

/* the valid texts seen in the data file, reused as mutation seeds */
#define MAXSEEDS 256
static char seeds[MAXSEEDS][160];
static uint16_t seed_ver[MAXSEEDS];
static unsigned nseeds;
static uint8_t seed_bytes[MAXSEEDS][VO_MAX_INSN_BYTES];
static size_t seed_len[MAXSEEDS];

static void test_data_file(void)
{
    const char *src = getenv("VO_SRC");
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/insns.txt", src ? src : ".");
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f) {
        fprintf(stderr, "cannot open %s (set VO_SRC)\n", path);
        return;
    }
    char line[1024];
    unsigned exact = 0, canon_used = 0, nogenx = 0, nogenx_ok = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t l = strlen(line);
        while (l && (line[l - 1] == '\n' || line[l - 1] == '\r')) line[--l] = 0;
        if (l == 0 || line[0] == '#') continue;
        char *col[4] = { line, NULL, NULL, NULL };
        for (int c = 1; c < 4; c++) {
            char *tab = col[c - 1] ? strchr(col[c - 1], '\t') : NULL;
            if (!tab) break;
            *tab = 0;
            col[c] = tab + 1;
        }
        if (!col[1]) {
            fprintf(stderr, "line %u: no text column\n", lineno);
            CHECK(0);
            continue;
        }
        const char *ver_s = col[2] && col[2][0] ? col[2] : "3.6";
        uint16_t ver;
        CHECK(vo_visa_version_parse(ver_s, &ver) == 0);
        uint8_t want[VO_MAX_INSN_BYTES], got[VO_MAX_INSN_BYTES];
        long nw = hex_bytes(col[0], want, sizeof want);
        CHECK(nw > 0);
        vo_error err;
        memset(&err, 0, sizeof err);
        long ng = asm_bytes(col[1], ver, got, sizeof got, &err);
        int is_nogenx = col[3] && strstr(col[3], "nogenx") != NULL;
        if (is_nogenx) {
            nogenx++;
            if (ng < 0) {
                CHECK_EQ(err.code, VO_E_STATE);
            } else {
                nogenx_ok++;
                if (!(ng == nw && memcmp(got, want, (size_t)nw) == 0)) {
                    fprintf(stderr, "line %u (nogenx): '%s' assembles to other bytes\n", lineno, col[1]);
                    CHECK(0);
                }
            }
            continue;
        }
        if (ng < 0) {
            fprintf(stderr, "line %u: asm '%s' failed: %s at %s (offset %lld): %s\n", lineno, col[1],
                    vo_errcode_name(err.code), err.field ? err.field : "-", (long long)err.offset, err.message);
            CHECK(0);
            continue;
        }
        if (nseeds < MAXSEEDS && strlen(col[1]) < sizeof seeds[0]) {
            snprintf(seeds[nseeds], sizeof seeds[0], "%s", col[1]);
            seed_ver[nseeds] = ver;
            memcpy(seed_bytes[nseeds], want, (size_t)nw);
            seed_len[nseeds] = (size_t)nw;
            nseeds++;
        }
        if (ng == nw && memcmp(got, want, (size_t)nw) == 0) {
            exact++;
            continue;
        }
        int found = 0;
        for (unsigned k = 0; k < NNONCANON; k++) {
            uint8_t nb[VO_MAX_INSN_BYTES], cb[VO_MAX_INSN_BYTES];
            long n1 = hex_bytes(noncanon[k].hex, nb, sizeof nb), n2 = hex_bytes(noncanon[k].canon, cb, sizeof cb);
            uint16_t kv;
            vo_visa_version_parse(noncanon[k].ver, &kv);
            if (kv == ver && n1 == nw && memcmp(nb, want, (size_t)nw) == 0) {
                found = 1;
                canon_used++;
                CHECK(n2 == ng && memcmp(cb, got, (size_t)ng) == 0);
            }
        }
        if (!found) {
            fprintf(stderr, "line %u: '%s' assembles to other bytes than %s\n  got: ", lineno, col[1], col[0]);
            for (long i = 0; i < ng; i++) fprintf(stderr, "%02X ", got[i]);
            fprintf(stderr, "\n");
            CHECK(0);
        }
    }
    fclose(f);
    printf("insns.txt: %u exact, %u canonical, %u nogenx (%u assembled)\n", exact, canon_used, nogenx, nogenx_ok);
    CHECK(exact >= 45);
    CHECK_EQ(canon_used, NNONCANON);
}

/* ---- malformed texts ---- */
static const struct bad {
    const char *text;
    uint16_t ver;
    vo_errcode code;
    const char *field;
    int64_t offset;
} bad_tab[] = {
    { "", 306, VO_E_STATE, "text", 0 },
    { "scatter5 (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_OPCODE, "mnemonic", 0 },
    { "(P1) media_ld.R (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_OPCODE, "mnemonic", 5 }, /* typed is supported (issue 28) */
    { "Scatter.4 (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "mnemonic", 0 },
    { "(P1) scatter.4 (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "pred", 0 },
    { "(P0) scatter4_scaled.R (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "pred", 0 },
    { "(P4096) scatter4_scaled.R (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "pred", 2 },
    { "(P1.one) scatter4_scaled.R (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "pred", 3 },
    { "scatter4_scaled.AR (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "channels", 16 },
    { "scatter4_scaled.? (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "channels", 16 },
    { "scatter.3 (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "elt_size", 8 },
    { "gather_scaled.8 (M1, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "num_blocks", 14 },
    { "scatter4_scaled.R (M1, 12) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "exec_size", 23 },
    { "scatter4_scaled.R (M9, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "exec_size", 20 },
    { "scatter4_scaled.R (M0, 8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "exec_size", 19 },
    { "scatter4_scaled.R (M5_NM, 8) T6 0x0:ud V32.0 V33.0", 300, VO_E_STATE, "exec_size", 19 },
    { "scatter4_scaled.R (M1,8) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "exec_size", 21 },
    { "scatter.4 (M1, 4) T6 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "num_elts", 15 },
    { "scatter.4 (M1, 8) T3 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "surface", 18 },
    { "scatter.4 (M1, 8) T256 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "surface", 19 },
    { "scatter.4 (M1, 8) T06 0x0:ud V32.0 V33.0", 306, VO_E_STATE, "surface", 19 },
    { "scatter.4 (M1, 8) T6 0x10 V32.0 V33.0", 306, VO_E_STATE, "global_offset", 25 },
    { "scatter.4 (M1, 8) T6 0x010:ud V32.0 V33.0", 306, VO_E_STATE, "global_offset", 23 },
    { "scatter.4 (M1, 8) T6 0x1A:ud V32.0 V33.0", 306, VO_E_STATE, "global_offset", 24 },
    { "scatter.4 (M1, 8) T6 0x100000000:ud V32.0 V33.0", 306, VO_E_STATE, "global_offset", 23 },
    { "scatter.4 (M1, 8) T6 0x0:xx V32.0 V33.0", 306, VO_E_STATE, "global_offset", 25 },
    { "oword_st (3) T6 0x0:ud V33.0", 306, VO_E_STATE, "size", 10 },
    { "oword_st (4) T6 V34(0,0)<0;3,0> V33.0", 306, VO_E_STATE, "offset", 27 },
    { "oword_st (4) T6 V34(0,256)<0;1,0> V33.0", 306, VO_E_STATE, "offset", 22 },
    { "oword_st (4) T6 (+)V34(0,0)<0;1,0> V33.0", 306, VO_E_STATE, "offset", 16 },
    { "oword_st (4) T6 r[A0(0),-0]<0;1,0>:ud V33.0", 306, VO_E_STATE, "offset", 24 },
    { "oword_st (4) T6 r[A0(0),32768]<0;1,0>:ud V33.0", 306, VO_E_STATE, "offset", 24 },
    { "oword_st (4) T6 0x0:ud V7.0", 306, VO_E_STATE, "src", 23 },
    { "oword_st (4) T6 0x0:ud %r1.0", 306, VO_E_STATE, "src", 23 },
    { "oword_st (4) T6 0x0:ud V33.65536", 306, VO_E_STATE, "src", 27 },
    { "oword_st (4) T6 0x0:ud V65536.0", 303, VO_E_STATE, "src", 24 },
    { "oword_st (4) T6 0x0:ud V33.0 ", 306, VO_E_STATE, "text", 28 },
    { "oword_st (4)  T6 0x0:ud V33.0", 306, VO_E_STATE, "surface", 13 },
    { "gather_scaled.4 (M1, 8) T6 0x0:ud V32.0", 306, VO_E_STATE, "dst", 39 },
    { "gather_scaled.4 (M1, 8) T6 0x0:ud V32.0 V33.", 306, VO_E_STATE, "dst", 44 },
    { "oword_st (4) T6 0x0:ud V33.0", 299, VO_E_STATE, "visa_version", -1 },
};

static void test_bad(void)
{
    for (size_t i = 0; i < sizeof bad_tab / sizeof bad_tab[0]; i++) {
        const struct bad *b = &bad_tab[i];
        vo_insn in;
        vo_error err;
        memset(&err, 0, sizeof err);
        int rc = vo_asm(b->text, b->ver, &in, &err);
        if (rc == 0 || err.code != b->code || !err.field || strcmp(err.field, b->field) != 0 ||
            err.offset != b->offset) {
            fprintf(stderr, "bad[%zu] '%s': rc=%d %s at %s (offset %lld): %s\n", i, b->text, rc,
                    vo_errcode_name(err.code), err.field ? err.field : "-", (long long)err.offset, err.message);
            CHECK(0);
        } else {
            CHECK(err.message[0] != 0);
        }
    }
    /* NULL text */
    vo_insn in;
    vo_error err;
    CHECK(vo_asm(NULL, 306, &in, &err) == -1 && err.code == VO_E_STATE);
}

/* ---- a few accepted forms beyond the data file ---- */
static void test_good(void)
{
    static const struct { const char *text; uint16_t ver; const char *hex; } good[] = {
        /* vISA 3.0: M1_NM is nibble 8 */
        { "scatter.4 (M1_NM, 8) T6 0x10:ud V32.0 V33.0", 300, "3A 02 80 06 05 00 10 00 00 00 20 00 00 00 21 00 00 00" },
        /* 8-byte immediate */
        { "oword_st (1) T6 0x123456789:uq V33.0", 306, "36000605 0B 8967452301000000 2100000000 00" },
        /* modifiers, predefined names */
        { "oword_st (1) T6 (-abs)%arg(1,2)<1> V33.0", 306, "360006 18 08000000 01 02 0002 2100000000 00" },
        { "oword_st (1) T6 (~)r[A3(1),-32768]<2,1>:d V33.0", 306, "360006 2B 0300 01 0080 01 3002 2100000000 00" },
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        uint8_t want[VO_MAX_INSN_BYTES], got[VO_MAX_INSN_BYTES];
        long nw = hex_bytes(good[i].hex, want, sizeof want);
        vo_error err;
        memset(&err, 0, sizeof err);
        long ng = asm_bytes(good[i].text, good[i].ver, got, sizeof got, &err);
        if (!(nw > 0 && ng == nw && memcmp(want, got, (size_t)nw) == 0)) {
            fprintf(stderr, "good[%zu] '%s': %ld bytes (%s)\n", i, good[i].text, ng, err.message);
            CHECK(0);
        } else {
            CHECK(1);
        }
    }
}

/* ---- random / mutated strings ---- */
static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

static int is_digit_c(char c) { return c >= '0' && c <= '9'; }

static const char alphabet[] = "()!P.anyl MN_,0123456789TSsclmb%rVA[]-<>;:udwxqfghv?RGBAE\t~";
static const char *const tokens[] = {
    "(M1, 16)", "(M5_NM, 8)", "(4)", "%slm", "T1", "T2", "TSS", "%bss", "%scratch", "T6", "T255",
    "0x10:ud", "0xffffffff:ud", "0x1:uq", "V34(0,0)<0;1,0>", "r[A0(1),-4]<0;1,0>:ud", "V33.0", "%null.0",
    "%r0.0", "%arg.32", "(!P3.any) ", ".RGA", ".4", ".2", ".1", "scatter4_scaled", "scatter", "oword_st",
    "gather_scaled", "(abs)", "(-)", "(~)", "<1>", "<1,0>", "A0(0)<1>", "P1", "T7(0)", "S1(2)", " ",
};
#define NTOK (sizeof tokens / sizeof tokens[0])

static int check_text(const char *t, uint16_t ver)
{
    vo_insn in;
    vo_error err;
    memset(&err, 0, sizeof err);
    if (vo_asm(t, ver, &in, &err) != 0) {
        int ok = (err.code == VO_E_STATE || err.code == VO_E_OPCODE) && err.field != NULL && err.offset >= 0 &&
                 (size_t)err.offset <= strlen(t);
        if (!ok) {
            fprintf(stderr, "bad error for '%s': %s at %s (offset %lld)\n", t, vo_errcode_name(err.code),
                    err.field ? err.field : "-", (long long)err.offset);
            CHECK(0);
        }
        return 0;
    }
    char back[512];
    vo_disasm(&in, back, sizeof back);
    if (strcmp(back, t) != 0) {
        fprintf(stderr, "accepted '%s' (vISA %u) prints back as '%s'\n", t, ver, back);
        CHECK(0);
    }
    uint8_t b[VO_MAX_INSN_BYTES];
    size_t n = vo_encode(&in, b, sizeof b);
    vo_insn in2;
    if (!(n > 0 && vo_decode(b, n, ver, &in2, &err) == 0)) CHECK(0);
    return 1;
}

static void test_random(void)
{
    static const uint16_t vers[4] = { 300, 303, 306, 401 };
    unsigned accepted = 0, iters = 20000;
    char t[400];
    for (unsigned it = 0; it < iters; it++) {
        uint16_t ver = vers[rnd() % 4];
        unsigned mode = rnd() % 8;
        size_t n = 0;
        if (mode == 0 || nseeds == 0) { /* random characters */
            size_t len = rnd() % 80;
            for (; n < len; n++) t[n] = alphabet[rnd() % (sizeof alphabet - 1)];
            if (rnd() % 16 == 0 && n) t[rnd() % n] = (char)(1 + rnd() % 255);
            t[n] = 0;
        } else if (mode == 1) { /* random tokens */
            unsigned k = 1 + rnd() % 10;
            t[0] = 0;
            for (unsigned j = 0; j < k; j++) {
                const char *tok = tokens[rnd() % NTOK];
                if (strlen(t) + strlen(tok) + 2 >= sizeof t) break;
                if (j && rnd() % 2) strcat(t, " ");
                strcat(t, tok);
            }
        } else { /* mutated valid text */
            unsigned s = rnd() % nseeds;
            snprintf(t, sizeof t, "%s", seeds[s]);
            if (rnd() % 4 == 0) ver = seed_ver[s];
            unsigned k = 1 + rnd() % 3;
            for (unsigned j = 0; j < k; j++) {
                n = strlen(t);
                unsigned op = rnd() % 6;
                size_t at = n ? rnd() % (n + 1) : 0;
                if (op == 0 && n) { /* replace */
                    t[at < n ? at : n - 1] = alphabet[rnd() % (sizeof alphabet - 1)];
                } else if (op == 1 && n + 1 < sizeof t) { /* insert */
                    memmove(t + at + 1, t + at, n - at + 1);
                    t[at] = alphabet[rnd() % (sizeof alphabet - 1)];
                } else if (op == 2 && n) { /* delete */
                    if (at == n) at--;
                    memmove(t + at, t + at + 1, n - at);
                } else if (op == 3) { /* truncate */
                    t[at] = 0;
                } else if (op == 4) { /* replace a digit run by another number */
                    size_t d = at;
                    while (d < n && !is_digit_c(t[d])) d++;
                    if (d < n) {
                        size_t e = d;
                        while (e < n && is_digit_c(t[e])) e++;
                        char num[24];
                        static const unsigned long long cands[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 21, 22,
                                                                    31, 32, 64, 255, 256, 4095, 4096, 32767,
                                                                    32768, 65535, 65536, 4294967295ull,
                                                                    4294967296ull };
                        snprintf(num, sizeof num, "%llu", cands[rnd() % (sizeof cands / sizeof cands[0])]);
                        size_t nl = strlen(num);
                        if (n - (e - d) + nl + 1 < sizeof t) {
                            memmove(t + d + nl, t + e, n - e + 1);
                            memcpy(t + d, num, nl);
                        }
                    }
                } else { /* splice a token */
                    const char *tok = tokens[rnd() % NTOK];
                    size_t tl = strlen(tok);
                    if (n + tl + 1 < sizeof t) {
                        memmove(t + at + tl, t + at, n - at + 1);
                        memcpy(t + at, tok, tl);
                    }
                }
            }
        }
        accepted += (unsigned)check_text(t, ver);
    }
    printf("random: %u of %u strings accepted\n", accepted, iters);
    CHECK(accepted > 100);
}

/* ---- mutated instruction bytes: disasm -> asm -> disasm ---- */
static void test_bytes(void)
{
    unsigned tried = 0, canon = 0, same = 0;
    for (unsigned it = 0; it < 20000 && nseeds; it++) {
        unsigned s = rnd() % nseeds;
        uint8_t b[VO_MAX_INSN_BYTES];
        size_t n = seed_len[s];
        memcpy(b, seed_bytes[s], n);
        unsigned k = 1 + rnd() % 3;
        for (unsigned j = 0; j < k; j++) {
            unsigned r = rnd();
            b[1 + r % (n - 1)] = (r >> 8) % 3 == 0 ? (uint8_t)(1u << ((r >> 12) % 8)) ^ b[1 + r % (n - 1)]
                                                   : (uint8_t)(r >> 16);
        }
        vo_insn in;
        vo_error err;
        if (vo_decode(b, n, seed_ver[s], &in, &err) != 0) continue;
        tried++;
        char text[512];
        vo_disasm(&in, text, sizeof text);
        /* '?' has no meaning; "(P0)" is a predicate word holding only the
         * reserved bit 12, which the text cannot express */
        if (strchr(text, '?') || strncmp(text, "(P0)", 4) == 0) continue;
        canon++;
        vo_insn in2;
        if (vo_asm(text, seed_ver[s], &in2, &err) != 0) {
            fprintf(stderr, "disasm text '%s' does not assemble: %s at %s (offset %lld): %s\n", text,
                    vo_errcode_name(err.code), err.field ? err.field : "-", (long long)err.offset, err.message);
            CHECK(0);
            continue;
        }
        char back[512];
        vo_disasm(&in2, back, sizeof back);
        if (strcmp(text, back) != 0) {
            fprintf(stderr, "'%s' re-assembles to '%s'\n", text, back);
            CHECK(0);
        }
        uint8_t b2[VO_MAX_INSN_BYTES];
        size_t n2 = vo_encode(&in2, b2, sizeof b2);
        if (n2 == n && memcmp(b, b2, n) == 0) same++;
    }
    printf("bytes: %u decodable, %u with a '?'-free text, %u of them byte-identical after asm\n", tried, canon, same);
    CHECK(canon > 1000);
}

int main(void)
{
    test_data_file();
    test_bad();
    test_good();
    test_random();
    test_bytes();
    T_DONE();
}
