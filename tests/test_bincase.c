/* Binary case form (visa_bincase.h): round trips with the JSON case form,
 * header decoding by hand, leniency and clean errors. */
#include "t.h"
#include "visa_bincase.h"
#include "visa_json.h"
#include <stdlib.h>

static vo_case ca, cb, cc; /* large: keep off the stack */

/* JSON text -> case -> bytes -> case: the canonical JSON must be the same,
 * and the bytes must survive a second trip unchanged (encode is canonical). */
static void json_roundtrip(const char *what, const char *json)
{
    vo_error err;
    vo_case_init(&ca);
    vo_case_init(&cb);
    int rc = vo_case_from_json(json, strlen(json), &ca, &err);
    CHECK_EQ(rc, 0);
    if (rc) {
        fprintf(stderr, "  %s: JSON rejected: %s at %s: %s\n", what, vo_errcode_name(err.code),
                err.field ? err.field : "-", err.message);
        return;
    }
    uint8_t *b1 = NULL, *b2 = NULL;
    size_t n1 = 0, n2 = 0;
    CHECK_EQ(vo_bincase_encode(&ca, &b1, &n1, &err), 0);
    CHECK_EQ(vo_bincase_decode(b1, n1, 0, &cb, &err), 0);
    char *j1 = vo_case_to_json(&ca), *j2 = vo_case_to_json(&cb);
    CHECK_STR(j1, j2);
    CHECK_EQ(vo_bincase_encode(&cb, &b2, &n2, &err), 0);
    CHECK_EQ(n1, n2);
    if (n1 == n2) CHECK_MEM(b1, b2, n1);
    free(j1);
    free(j2);
    free(b1);
    free(b2);
    vo_case_free(&ca);
    vo_case_free(&cb);
}

/* json_roundtrip on a template whose %ARG% (2048 bytes) and %BIG% (16384
 * bytes) are replaced by hex blobs with a pattern and trailing zeros */
static void json_roundtrip_big(const char *what, const char *tpl)
{
    size_t cap = strlen(tpl) + 2 * (2048 + 16384) + 1;
    char *s = malloc(cap), *o = s;
    for (const char *p = tpl; *p;) {
        size_t nb = strncmp(p, "%ARG%", 5) == 0 ? 2048 : strncmp(p, "%BIG%", 5) == 0 ? 16384 : 0;
        if (!nb) { *o++ = *p++; continue; }
        for (size_t i = 0; i < nb; i++) o += sprintf(o, "%02x", i < nb - 100 ? (unsigned)((i * 7 + 1) & 0xFF) : 0u);
        p += 5;
    }
    *o = 0;
    json_roundtrip(what, s);
    free(s);
}

static void hand_cases(void)
{
    json_roundtrip("minimal",
                   "{\"platform\":{\"name\":\"TGLLP\",\"visa_version\":\"3.6\"},\"insn\":\"\",\"exec_mask\":\"00000000\"}");
    /* every variable type, predicates of every size, an address variable,
     * predefined surfaces and a declared one with sparse data near 4 GiB */
    json_roundtrip_big(
        "full",
        "{\"input\":{\"platform\":{\"name\":\"PVC\",\"grf_bytes\":64,\"visa_version\":\"3.10\"},"
        "\"insn\":\"75030000010000060500000000002000000000000021000000000000\",\"exec_mask\":\"8000ffff\","
        "\"vars\":[{\"id\":8,\"type\":\"ud\",\"num_elts\":512,\"data\":\"" /* %arg, GRF-64 size */
        "%ARG%\"},"
        "{\"id\":32,\"type\":\"ud\",\"num_elts\":2,\"data\":\"0100000000000000\"},"
        "{\"id\":33,\"type\":\"d\",\"num_elts\":1,\"data\":\"ffffffff\"},"
        "{\"id\":34,\"type\":\"uw\",\"num_elts\":1,\"data\":\"0000\"},"
        "{\"id\":35,\"type\":\"w\",\"num_elts\":1,\"data\":\"0080\"},"
        "{\"id\":36,\"type\":\"ub\",\"num_elts\":3,\"data\":\"000100\"},"
        "{\"id\":37,\"type\":\"b\",\"num_elts\":1,\"data\":\"7f\"},"
        "{\"id\":38,\"type\":\"df\",\"num_elts\":1,\"data\":\"0000000000000000\"},"
        "{\"id\":39,\"type\":\"f\",\"num_elts\":1,\"data\":\"0000803f\"},"
        "{\"id\":40,\"type\":\"uq\",\"num_elts\":1,\"data\":\"0000000000000001\"},"
        "{\"id\":41,\"type\":\"q\",\"num_elts\":1,\"data\":\"ffffffffffffffff\"},"
        "{\"id\":42,\"type\":\"hf\",\"num_elts\":1,\"data\":\"003c\"},"
        "{\"id\":4294967295,\"type\":\"bf\",\"num_elts\":8192,\"data\":\"%BIG%\"}],"
        "\"preds\":[{\"id\":1,\"num_elts\":1,\"bits\":\"00000001\"},{\"id\":2,\"num_elts\":2,\"bits\":\"00000002\"},"
        "{\"id\":3,\"num_elts\":4,\"bits\":\"0000000f\"},{\"id\":4,\"num_elts\":8,\"bits\":\"00000080\"},"
        "{\"id\":5,\"num_elts\":16,\"bits\":\"0000ffff\"},{\"id\":4095,\"num_elts\":32,\"bits\":\"ffffffff\"}],"
        "\"addrs\":[{\"id\":0,\"elems\":[[32,4]]},{\"id\":65535,\"elems\":[[4294967295,16382],[8,0],[33,4294967295]]}],"
        "\"surfaces\":[{\"index\":0,\"size\":65536,\"data\":[[0,\"01\"],[255,\"0203\"],[4096,\"000000000000000000000000000000ff\"]]},"
        "{\"index\":4,\"size\":0},{\"index\":5,\"size\":4294967296,\"data\":[[4294967280,\"0102030405060708090a0b0c0d0e0f10\"]]},"
        "{\"index\":255,\"size\":17,\"data\":[[16,\"aa\"]]}]}}");
}


/* header decoding, checked against the layout written in visa_bincase.h */
static void header(void)
{
    vo_error err;
    vo_case_init(&ca);
    /* platform 11 = PVC, version byte 106 -> 106 % 102 = 4 -> 3.4, mask, 2 insn bytes */
    const uint8_t b[] = { 11, 106, 0x78, 0x56, 0x34, 0x12, 67, 0xAB, 0xCD };
    CHECK_EQ(vo_bincase_decode(b, sizeof b, 0, &ca, &err), 0);
    CHECK_STR(ca.state.platform.name, "PVC");
    CHECK_EQ(ca.state.platform.grf_bytes, 64);
    CHECK_EQ(ca.state.platform.visa_version, 304);
    CHECK_EQ(ca.state.exec_mask, 0x12345678u);
    CHECK_EQ(ca.insn_len, 2); /* 67 % 65 = 2 */
    CHECK_EQ(ca.insn[0], 0xAB);
    CHECK_EQ(ca.insn[1], 0xCD);
    CHECK_EQ(ca.state.nvars + ca.state.npreds + ca.state.naddrs + ca.state.nsurfaces, 0);
    /* version 100 -> 4.0, 101 -> 4.1; insn length past the input is clamped */
    const uint8_t b2[] = { 0, 100, 0, 0, 0, 0, 64, 0x35 };
    CHECK_EQ(vo_bincase_decode(b2, sizeof b2, 0, &ca, &err), 0);
    CHECK_STR(ca.state.platform.name, "BDW");
    CHECK_EQ(ca.state.platform.visa_version, 400);
    CHECK_EQ(ca.insn_len, 1);
    /* short header: clean error */
    for (size_t n = 0; n < VO_BINCASE_HEADER_BYTES; n++) {
        CHECK_EQ(vo_bincase_decode(b, n, 0, &ca, &err), -1);
        CHECK_EQ(err.code, VO_E_TRUNCATED);
    }
    vo_case_free(&ca);
}

static void records(void)
{
    vo_error err;
    vo_case_init(&ca);
    /* var id 32 (varint 0x20), type index 0 (ud), num_elts varint 3 -> 4, ndata 2, data;
     * pred id varint 0 -> 1, size 4 -> 16, bits ffffffff masked to 16 bits;
     * addr id 0, count byte 16 -> 1, element (var index 5 % 2 -> 1 -> id 40, off 8);
     * var 40 ub 1 element (varint 0 -> 1), ndata 0;
     * surface 6, size varint 300 (0xac 0x02), 2 runs: gap 0 len 1 [7], gap 298 len 4 [1 2 3 4]
     * (clipped: only offset 299 lies inside) */
    const uint8_t b[] = { 4, 6, 0xFF, 0, 0, 0, 0,
                          0, 0x20, 0, 3, 2, 0x11, 0x22,
                          1, 0, 4, 0xFF, 0xFF, 0xFF, 0xFF,
                          2, 0, 16, 5, 8,
                          0, 40, 4, 0, 0,
                          3, 6, 0xAC, 0x02, 2, 0, 1, 7, 0xAA, 0x02, 4, 1, 2, 3, 4 };
    int rc = vo_bincase_decode(b, sizeof b, 0, &ca, &err);
    CHECK_EQ(rc, 0);
    if (rc) { fprintf(stderr, "  %s %s %s\n", vo_errcode_name(err.code), err.field, err.message); return; }
    CHECK_EQ(ca.state.nvars, 2);
    CHECK_EQ(ca.state.vars[0].id, 32);
    CHECK_EQ(ca.state.vars[0].type, VO_T_UD);
    CHECK_EQ(ca.state.vars[0].num_elts, 4);
    CHECK_EQ(ca.state.vars[0].data[0], 0x11);
    CHECK_EQ(ca.state.vars[0].data[1], 0x22);
    CHECK_EQ(ca.state.vars[0].data[2], 0);
    CHECK_EQ(ca.state.vars[1].id, 40);
    CHECK_EQ(ca.state.vars[1].type, VO_T_UB);
    CHECK_EQ(ca.state.npreds, 1);
    CHECK_EQ(ca.state.preds[0].id, 1);
    CHECK_EQ(ca.state.preds[0].num_elts, 16);
    CHECK_EQ(ca.state.preds[0].bits, 0xFFFFu);
    CHECK_EQ(ca.state.naddrs, 1);
    CHECK_EQ(ca.state.addrs[0].num_elts, 1);
    CHECK_EQ(ca.state.addrs[0].elems[0].var, 40);
    CHECK_EQ(ca.state.addrs[0].elems[0].off, 8);
    CHECK_EQ(ca.state.nsurfaces, 1);
    const vo_surface *sf = &ca.state.surfaces[0];
    CHECK_EQ(sf->index, 6);
    CHECK_EQ(sf->size, 300);
    uint8_t got[4];
    vo_surface_read(sf, 0, got, 1);
    CHECK_EQ(got[0], 7);
    vo_surface_read(sf, 296, got, 4);
    CHECK_EQ(got[2], 0);
    CHECK_EQ(got[3], 1);

    /* a record cut short is dropped; what came before stays */
    CHECK_EQ(vo_bincase_decode(b, 11, 0, &ca, &err), 0);
    CHECK_EQ(ca.state.nvars, 0);
    /* reserved surface index: clean error with the record's offset */
    const uint8_t r1[] = { 4, 6, 0, 0, 0, 0, 0, 3, 2, 0, 0 };
    CHECK_EQ(vo_bincase_decode(r1, sizeof r1, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_STATE);
    CHECK_EQ(err.offset, 7);
    /* duplicate predicate */
    const uint8_t r2[] = { 4, 6, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0 };
    CHECK_EQ(vo_bincase_decode(r2, sizeof r2, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_STATE);
    /* address variable and no variable */
    const uint8_t r3[] = { 4, 6, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0 };
    CHECK_EQ(vo_bincase_decode(r3, sizeof r3, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_STATE);
    /* reserved variable id 22: vo_state_check rejects it, NOCHECK keeps it */
    const uint8_t r4[] = { 4, 6, 0, 0, 0, 0, 0, 0, 22, 0, 0, 0 };
    CHECK_EQ(vo_bincase_decode(r4, sizeof r4, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_STATE);
    CHECK_EQ(vo_bincase_decode(r4, sizeof r4, VO_BINCASE_NOCHECK, &ca, &err), 0);
    CHECK_EQ(ca.state.nvars, 1);
    /* predefined id 7 (%r0, ud x 8) takes the table's type and size */
    const uint8_t r5[] = { 4, 6, 0, 0, 0, 0, 0, 0, 7, 5, 0, 0 };
    CHECK_EQ(vo_bincase_decode(r5, sizeof r5, 0, &ca, &err), 0);
    CHECK_EQ(ca.state.vars[0].type, VO_T_UD);
    CHECK_EQ(ca.state.vars[0].num_elts, 8);
    /* 65 variables: cap error */
    uint8_t many[7 + 65 * 5];
    memset(many, 0, 7);
    many[0] = 4;
    many[1] = 6;
    for (unsigned i = 0; i < 65; i++) {
        uint8_t *p = many + 7 + 5 * i;
        p[0] = 0; p[1] = (uint8_t)(32 + i); p[2] = 4; p[3] = 0; p[4] = 0;
    }
    CHECK_EQ(vo_bincase_decode(many, sizeof many, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_STATE_CAP);
    CHECK_EQ(vo_bincase_decode(many, sizeof many - 5, 0, &ca, &err), 0);
    CHECK_EQ(ca.state.nvars, 64);
    vo_case_free(&ca);
}

/* the address-space model (issue 14: diff_fuzzer reaches flat, bti, bss and ss
 * LSC cases): record kind 3 with tag bits 3..2 = 1 region, 2 binding-table
 * entry, 3 surface-state entry (layout in visa_bincase.h) */
/* the case encodes back to exactly the n bytes b it was decoded from */
static void encodes_back(const vo_case *k, const uint8_t *b, size_t n)
{
    vo_error err;
    uint8_t *e = NULL;
    size_t en = 0;
    CHECK_EQ(vo_bincase_encode(k, &e, &en, &err), 0);
    CHECK_EQ(en, n);
    if (en == n) CHECK_MEM(e, b, en);
    free(e);
}

static void flat_records(void)
{
    vo_error err;
    vo_case_init(&ca);
    /* surface 6 (size 64, no runs); region base 0x1_0000_0000 (varint 80 80 80 80 10),
     * size varint 255 -> 256, 1 run: gap 4, len 2 [0xAA 0xBB];
     * bti 3 -> surface 6; surface-state varint 2 -> offset 128 -> surface 6 */
    const uint8_t b[] = { 11, 101, 0xFF, 0xFF, 0xFF, 0xFF, 0,
                          3, 6, 64, 0,
                          7, 0x80, 0x80, 0x80, 0x80, 0x10, 0xFF, 0x01, 1, 4, 2, 0xAA, 0xBB,
                          11, 3, 6,
                          15, 2, 6 };
    int rc = vo_bincase_decode(b, sizeof b, 0, &ca, &err);
    CHECK_EQ(rc, 0);
    if (rc) { fprintf(stderr, "  %s %s %s\n", vo_errcode_name(err.code), err.field, err.message); return; }
    CHECK_EQ(ca.state.nregions, 1);
    CHECK_EQ(ca.state.regions[0].base, 0x100000000ull);
    CHECK_EQ(ca.state.regions[0].mem.size, 256);
    uint8_t got[4] = { 1, 1, 1, 1 };
    CHECK_EQ(vo_flat_read(&ca.state, 0x100000003ull, 4, got), 0);
    CHECK_EQ(got[0], 0);
    CHECK_EQ(got[1], 0xAA);
    CHECK_EQ(got[2], 0xBB);
    CHECK_EQ(got[3], 0);
    CHECK_EQ(ca.state.nbt, 1);
    CHECK_EQ(ca.state.bt[0].bti, 3);
    CHECK_EQ(ca.state.bt[0].surface, 6);
    CHECK_EQ(ca.state.nss, 1);
    CHECK_EQ(ca.state.ss[0].offset, 128);
    CHECK_EQ(ca.state.ss[0].surface, 6);
    /* it encodes back to the same bytes (surfaces, regions, binding table, surface state) */
    encodes_back(&ca, b, sizeof b);
    /* a region reaching past 2^64 is clipped there: base 2^64 - 16, size 256 -> 16 */
    const uint8_t c1[] = { 15, 101, 0, 0, 0, 0, 0,
                           7, 0xF0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0xFF, 0x01, 0 };
    CHECK_EQ(vo_bincase_decode(c1, sizeof c1, 0, &ca, &err), 0);
    CHECK_EQ(ca.state.nregions, 1);
    CHECK_EQ(ca.state.regions[0].base, 0xFFFFFFFFFFFFFFF0ull);
    CHECK_EQ(ca.state.regions[0].mem.size, 16);
    /* overlapping regions: clean error at the second record */
    const uint8_t c2[] = { 15, 101, 0, 0, 0, 0, 0, 7, 0, 15, 0, 7, 8, 0, 0 };
    CHECK_EQ(vo_bincase_decode(c2, sizeof c2, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_REGION_OVERLAP);
    CHECK_EQ(err.offset, 11);
    /* a binding-table entry naming an undeclared surface: vo_state_check's
     * E_TABLE_SURFACE, kept under NOCHECK; a duplicate bti: clean error */
    const uint8_t c3[] = { 15, 101, 0, 0, 0, 0, 0, 11, 0, 9 };
    CHECK_EQ(vo_bincase_decode(c3, sizeof c3, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_TABLE_SURFACE);
    CHECK_EQ(vo_bincase_decode(c3, sizeof c3, VO_BINCASE_NOCHECK, &ca, &err), 0);
    CHECK_EQ(ca.state.nbt, 1);
    const uint8_t c4[] = { 15, 101, 0, 0, 0, 0, 0, 3, 6, 1, 0, 11, 0, 6, 11, 0, 6 };
    CHECK_EQ(vo_bincase_decode(c4, sizeof c4, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_STATE);
    CHECK_EQ(err.offset, 14);
    /* a table record cut short is dropped */
    CHECK_EQ(vo_bincase_decode(c4, 13, 0, &ca, &err), 0);
    CHECK_EQ(ca.state.nbt, 0);
    vo_case_free(&ca);
    json_roundtrip("flat memory and tables",
                   "{\"platform\":{\"name\":\"PVC\",\"visa_version\":\"4.1\"},\"insn\":\"\",\"exec_mask\":\"ffffffff\","
                   "\"surfaces\":[{\"index\":6,\"size\":64},{\"index\":7,\"size\":16,\"data\":[[0,\"01\"]]}],"
                   "\"memory\":[{\"base\":\"0x0000000000000000\",\"size\":4294967296,\"data\":[[4294967295,\"ff\"]]},"
                   "{\"base\":\"0x0000000100000000\",\"size\":16},"
                   "{\"base\":\"0xfffffffffffff000\",\"size\":4096,\"data\":[[4080,\"0102030405060708090a0b0c0d0e0f10\"]]}],"
                   "\"binding_table\":[{\"bti\":0,\"surface\":6},{\"bti\":255,\"surface\":7}],"
                   "\"surface_state\":[{\"offset\":0,\"surface\":7},{\"offset\":67108800,\"surface\":6}]}");
}

/* typed surfaces (issue 28, tag 0x1B): bytes worked by hand from visa_bincase.h */
static void typed_records(void)
{
    vo_error err;
    vo_case_init(&ca);
    /* header: platform 0, version byte 6 -> 3.6, mask ffffffff, no instruction;
     * surface 8 of 96 bytes (varint 0x60), no runs; typed: surface 8, dim 2 (2d),
     * format 3 (r32g32_uint), 4 x 3 x 1 -> 4 * 3 * 8 = 96 bytes needed */
    const uint8_t b[] = { 0, 6, 0xFF, 0xFF, 0xFF, 0xFF, 0,
                          3, 8, 0x60, 0,
                          0x1B, 8, 2, 3, 4, 3, 1 };
    int rc = vo_bincase_decode(b, sizeof b, 0, &ca, &err);
    CHECK_EQ(rc, 0);
    if (rc) { fprintf(stderr, "  %s %s %s\n", vo_errcode_name(err.code), err.field, err.message); return; }
    CHECK_EQ(ca.state.ntyped, 1);
    CHECK_EQ(ca.state.typed[0].surface, 8);
    CHECK_EQ(ca.state.typed[0].dim, VO_TD_2D);
    CHECK_EQ(ca.state.typed[0].format, VO_TF_R32G32_UINT);
    CHECK_EQ(ca.state.typed[0].width, 4);
    CHECK_EQ(ca.state.typed[0].height, 3);
    CHECK_EQ(ca.state.typed[0].depth, 1);
    encodes_back(&ca, b, sizeof b);
    /* lenient: dim 7 % 5 = 2, format 12 % 9 = 3, the other tag bits ignored (0xFB & 0x1C = 0x18) */
    const uint8_t l[] = { 0, 6, 0xFF, 0xFF, 0xFF, 0xFF, 0, 3, 8, 0x60, 0, 0xFB, 8, 7, 12, 4, 3, 1 };
    CHECK_EQ(vo_bincase_decode(l, sizeof l, 0, &ca, &err), 0);
    CHECK_EQ(ca.state.ntyped, 1);
    CHECK_EQ(ca.state.typed[0].dim, VO_TD_2D);
    CHECK_EQ(ca.state.typed[0].format, VO_TF_R32G32_UINT);
    /* cut short: the record is dropped */
    CHECK_EQ(vo_bincase_decode(b, sizeof b - 1, 0, &ca, &err), 0);
    CHECK_EQ(ca.state.ntyped, 0);
    /* a duplicate typed surface: E_STATE at the second record (offset 18) */
    const uint8_t d[] = { 0, 6, 0xFF, 0xFF, 0xFF, 0xFF, 0, 3, 8, 0x60, 0,
                          0x1B, 8, 2, 3, 4, 3, 1, 0x1B, 8, 0, 0, 1, 1, 1 };
    CHECK_EQ(vo_bincase_decode(d, sizeof d, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_STATE);
    CHECK_EQ(err.offset, 18);
    CHECK_STR(err.field, "bincase.typed.surface");
    /* an undeclared surface 9, and 4 x 4 pixels of 8 bytes (128) on 96 bytes: vo_state_check */
    const uint8_t u[] = { 0, 6, 0xFF, 0xFF, 0xFF, 0xFF, 0, 3, 8, 0x60, 0, 0x1B, 9, 2, 3, 4, 3, 1 };
    CHECK_EQ(vo_bincase_decode(u, sizeof u, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_STATE);
    CHECK_STR(err.field, "typed[0].surface");
    const uint8_t z[] = { 0, 6, 0xFF, 0xFF, 0xFF, 0xFF, 0, 3, 8, 0x60, 0, 0x1B, 8, 2, 3, 4, 4, 1 };
    CHECK_EQ(vo_bincase_decode(z, sizeof z, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_STATE);
    CHECK_EQ(vo_bincase_decode(z, sizeof z, VO_BINCASE_NOCHECK, &ca, &err), 0);
    CHECK_EQ(ca.state.typed[0].height, 4);
    /* a width varint past 2^32 - 1 is clipped there; the check's cap (E_STATE_CAP) */
    const uint8_t w[] = { 0, 6, 0xFF, 0xFF, 0xFF, 0xFF, 0, 3, 8, 0x60, 0,
                          0x1B, 8, 2, 3, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 3, 1 };
    CHECK_EQ(vo_bincase_decode(w, sizeof w, VO_BINCASE_NOCHECK, &ca, &err), 0);
    CHECK_EQ(ca.state.typed[0].width, 0xFFFFFFFFu);
    CHECK_EQ(vo_bincase_decode(w, sizeof w, 0, &ca, &err), -1);
    CHECK_EQ(err.code, VO_E_STATE_CAP);
    vo_case_free(&ca);
    json_roundtrip("typed surfaces",
                   "{\"platform\":{\"name\":\"DG2\",\"visa_version\":\"3.6\"},\"insn\":\"\",\"exec_mask\":\"ffffffff\","
                   "\"surfaces\":[{\"index\":6,\"size\":96,\"data\":[[0,\"01\"]]},{\"index\":255,\"size\":4096}],"
                   "\"typed\":[{\"surface\":6,\"dim\":\"3d\",\"format\":\"r32_float\",\"width\":2,\"height\":3,\"depth\":4},"
                   "{\"surface\":255,\"dim\":\"1d_array\",\"format\":\"r32g32b32a32_sint\",\"width\":16,\"height\":1,\"depth\":16}]}");
}

/* random byte strings: every decoded case survives JSON and binary trips */
static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)rng;
}

static void random_roundtrip(void)
{
    static uint8_t buf[600];
    unsigned decoded = 0, mismatched = 0;
    vo_case_init(&ca);
    vo_case_init(&cb);
    vo_case_init(&cc);
    for (unsigned it = 0; it < 20000; it++) {
        size_t n = rnd() % sizeof buf;
        for (size_t i = 0; i < n; i++) {
            uint32_t x = rnd();
            /* bias towards small values so records stay plausible */
            buf[i] = (uint8_t)((x & 0x300) ? (x & 7) : x);
        }
        vo_error err;
        if (vo_bincase_decode(buf, n, 0, &ca, &err) != 0) continue;
        decoded++;
        char *j1 = vo_case_to_json(&ca);
        int ok = j1 && vo_case_from_json(j1, strlen(j1), &cb, &err) == 0;
        uint8_t *b = NULL;
        size_t bn = 0;
        ok = ok && vo_bincase_encode(&ca, &b, &bn, &err) == 0 && vo_bincase_decode(b, bn, 0, &cc, &err) == 0;
        char *j2 = ok ? vo_case_to_json(&cb) : NULL, *j3 = ok ? vo_case_to_json(&cc) : NULL;
        if (!ok || !j2 || !j3 || strcmp(j1, j2) || strcmp(j1, j3)) {
            if (!mismatched++)
                fprintf(stderr, "  random case %u: round trip differs\n  %s\n  %s\n  %s\n", it, j1 ? j1 : "-",
                        j2 ? j2 : "-", j3 ? j3 : "-");
        }
        free(j1);
        free(j2);
        free(j3);
        free(b);
    }
    CHECK(decoded > 1000);
    CHECK_EQ(mismatched, 0);
    printf("random: %u of 20000 byte strings decoded, %u mismatches\n", decoded, mismatched);
    vo_case_free(&ca);
    vo_case_free(&cb);
    vo_case_free(&cc);
}

int main(void)
{
    hand_cases();
    header();
    records();
    flat_records();
    typed_records();
    random_roundtrip();
    T_DONE();
}
