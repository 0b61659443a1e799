/* Decoder / encoder tests, written by hand from docs/encoding.md §1.2-§1.7
 * and the byte tables + worked examples of §2.1-§2.4 (and the seed pages).
 *
 * Conventions checked here (header comments of visa_oracle.h):
 *  - vo_decode fails only on unknown opcode / truncation / trailing bytes;
 *  - err.field is the descriptor field name "as the spec page names the field,
 *    lower-case"; err.offset is the byte offset in the instruction of the
 *    start of that field (for E_TRAILING: the first extra byte);
 *  - vo_encode writes the exact bytes back.
 */
#include "vo_test_util.h"

/* One field of a byte table: spec name, start, length. */
typedef struct fld { const char *name; unsigned start, len; } fld;

/* name of the field that holds byte p (the first missing byte when a prefix of
 * length p is decoded) */
static const fld *field_at(const fld *t, unsigned nf, unsigned p)
{
    for (unsigned i = 0; i < nf; i++)
        if (p >= t[i].start && p < t[i].start + t[i].len) return &t[i];
    return NULL;
}

/* decode -> encode identity, then every strict prefix -> E_TRUNCATED naming
 * the field the missing byte belongs to, then one extra byte -> E_TRAILING. */
static void roundtrip_and_truncate(const char *what, const uint8_t *b, size_t n, uint16_t ver, const fld *t,
                                   unsigned nf)
{
    vo_insn in;
    vo_error err;
    memset(&err, 0, sizeof err);
    int rc = vo_decode(b, n, ver, &in, &err);
    CHECK_EQ(rc, 0);
    if (rc != 0) { fprintf(stderr, "  %s: decode failed: %s %s @%lld\n", what, vo_errcode_name(err.code),
                           err.field ? err.field : "-", (long long)err.offset); return; }
    CHECK_EQ(in.len, n);
    CHECK_EQ(in.visa_version, ver);
    uint8_t out[VO_MAX_INSN_BYTES];
    size_t m = vo_encode(&in, out, sizeof out);
    CHECK_EQ(m, n);
    CHECK_MEM(out, b, n);
    /* a buffer one byte too small: encode returns 0 */
    CHECK_EQ(vo_encode(&in, out, n - 1), 0);
    /* the last field ends at n */
    CHECK_EQ(t[nf - 1].start + t[nf - 1].len, n);

    for (unsigned k = 0; k < n; k++) {
        vo_insn tr;
        vo_error e;
        memset(&e, 0, sizeof e);
        int r = vo_decode(b, k, ver, &tr, &e);
        const fld *f = field_at(t, nf, k);
        CHECK_EQ(r, -1);
        CHECK_EQ(e.code, VO_E_TRUNCATED);
        if (f) {
            if (!(e.field && strcmp(e.field, f->name) == 0 && e.offset == (int64_t)f->start)) {
                fprintf(stderr, "  %s: prefix %u: expected field %s @%u, got %s @%lld\n", what, k, f->name, f->start,
                        e.field ? e.field : "(null)", (long long)e.offset);
                t_fail++;
            } else {
                t_pass++;
            }
        }
    }
    uint8_t longer[VO_MAX_INSN_BYTES + 1];
    memcpy(longer, b, n);
    longer[n] = 0x00;
    vo_insn tl;
    vo_error e2;
    memset(&e2, 0, sizeof e2);
    CHECK_EQ(vo_decode(longer, n + 1, ver, &tl, &e2), -1);
    CHECK_EQ(e2.code, VO_E_TRAILING);
    CHECK_EQ(e2.offset, n); /* decision D29: the first byte after the instruction */
}

/* ---- §2.1 worked example: SCATTER4_SCALED, SIMD16, RGBA, surface 6, imm 0 ----
 * 75 | 04 (exec: size code 4 = 16, mask 0 = M1) | 00 00 (pred) | 0F (RGBA) |
 * 00 00 (scale) | 06 (surface) | 05 00 00 00 00 00 (imm, type 0 = UD, value 0) |
 * 20 00 00 00 00 00 (raw id 32, off 0) | 21 00 00 00 00 00 (raw id 33, off 0) */
static void test_ref_2_1(void)
{
    uint8_t b[64];
    size_t n = vt_hex("75 04 00 00 0F 00 00 06 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00", b, sizeof b);
    CHECK_EQ(n, 26);
    static const fld t[] = {{"opcode", 0, 1}, {"exec_size", 1, 1}, {"pred", 2, 2}, {"channels", 4, 1},
                            {"scale", 5, 2}, {"surface", 7, 1}, {"offset", 8, 6}, {"element_offset", 14, 6},
                            {"src", 20, 6}};
    roundtrip_and_truncate("2.1", b, n, 306, t, 9);

    vo_insn in;
    vo_error err;
    CHECK_EQ(vo_decode(b, n, 306, &in, &err), 0);
    CHECK(in.desc && in.desc->opcode == 0x75);
    if (in.desc) {
        CHECK_STR(in.desc->mnemonic, "scatter4_scaled");
        CHECK_STR(in.desc->spec_name, "SCATTER4_SCALED");
        CHECK_EQ(in.desc->family, VO_FAM_FOURCH);
        CHECK_EQ(in.desc->is_write, 1);
        /* decision D17: sizes 1,2,4,8,16 (codes 0..4) accepted; doc lists 8,16 (codes 3,4) */
        CHECK_EQ(in.desc->exec_sizes, 0x1F);
        CHECK_EQ(in.desc->exec_sizes_doc, 0x18);
    }
    CHECK_EQ(in.val[VO_R_EXEC], 0x04);
    CHECK_EQ(in.val[VO_R_PRED], 0);
    CHECK_EQ(in.val[VO_R_CHMASK], 0x0F);
    CHECK_EQ(in.val[VO_R_SCALE], 0);
    CHECK_EQ(in.val[VO_R_SURFACE], 6);
    CHECK_EQ(in.off[VO_R_EXEC], 1);
    CHECK_EQ(in.off[VO_R_PRED], 2);
    CHECK_EQ(in.off[VO_R_CHMASK], 4);
    CHECK_EQ(in.off[VO_R_SCALE], 5);
    CHECK_EQ(in.off[VO_R_SURFACE], 7);
    CHECK_EQ(in.off[VO_R_GOFF], 8);
    CHECK_EQ(in.off[VO_R_EOFF], 14);
    CHECK_EQ(in.off[VO_R_DATA], 20);
    CHECK_EQ(in.goff.cls, 5);
    CHECK_EQ(in.goff.mod, 0);
    CHECK_EQ(in.goff.type_byte, VO_T_UD);
    CHECK_EQ(in.goff.imm, 0);
    CHECK_EQ(in.eoff.id, 32);
    CHECK_EQ(in.eoff.offset, 0);
    CHECK_EQ(in.data.id, 33);
    CHECK_EQ(in.data.offset, 0);
    vo_ctrl c;
    vo_insn_ctrl(&in, &c);
    CHECK_EQ(c.exec_size, 16);
    CHECK_EQ(c.mask_off, 0);
    CHECK_EQ(c.nomask, 0);
    CHECK_EQ(c.pred_id, 0);
}

/* ---- §2.2 worked example: SCATTER, dword, 8 lanes, NoMask, imm 16 ----
 * 3A | 02 (elt_size code 2 = 4 bytes) | 80 (num_elts: count code 0 = 8, mask 8 = M1_NM) |
 * 06 | 05 00 10 00 00 00 (imm UD 16) | 20.. (raw 32) | 21.. (raw 33) */
static void test_ref_2_2(void)
{
    uint8_t b[64];
    size_t n = vt_hex("3A 02 80 06 05 00 10 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00", b, sizeof b);
    CHECK_EQ(n, 22);
    static const fld t[] = {{"opcode", 0, 1}, {"elt_size", 1, 1}, {"num_elts", 2, 1}, {"surface", 3, 1},
                            {"global_offset", 4, 6}, {"element_offset", 10, 6}, {"src", 16, 6}};
    roundtrip_and_truncate("2.2", b, n, 306, t, 7);
    vo_insn in;
    vo_error err;
    CHECK_EQ(vo_decode(b, n, 306, &in, &err), 0);
    CHECK(in.desc && in.desc->opcode == 0x3A);
    if (in.desc) {
        CHECK_STR(in.desc->mnemonic, "scatter");
        CHECK_EQ(in.desc->family, VO_FAM_SCATTERED);
        CHECK_EQ(in.desc->is_write, 1);
    }
    CHECK_EQ(in.val[VO_R_ELT_SIZE], 2);
    CHECK_EQ(in.val[VO_R_NUM_ELTS], 0x80);
    CHECK_EQ(in.val[VO_R_SURFACE], 6);
    CHECK_EQ(in.off[VO_R_ELT_SIZE], 1);
    CHECK_EQ(in.off[VO_R_NUM_ELTS], 2);
    CHECK_EQ(in.off[VO_R_SURFACE], 3);
    CHECK_EQ(in.off[VO_R_GOFF], 4);
    CHECK_EQ(in.off[VO_R_EOFF], 10);
    CHECK_EQ(in.off[VO_R_DATA], 16);
    CHECK_EQ(in.goff.cls, 5);
    CHECK_EQ(in.goff.imm, 16);
    CHECK_EQ(in.eoff.id, 32);
    CHECK_EQ(in.data.id, 33);
    /* exec size and mask come from num_elts (§2.2): 8 lanes, M1_NM */
    vo_ctrl c;
    vo_insn_ctrl(&in, &c);
    CHECK_EQ(c.exec_size, 8);
    CHECK_EQ(c.mask_off, 0);
    CHECK_EQ(c.nomask, 1);
    CHECK_EQ(c.pred_id, 0);
}

/* ---- §2.3 worked example: OWORD_ST, 4 owords, stateless, general offset ----
 * 36 | 02 (size code 2 = 4 owords) | 05 (stateless) |
 * 00 22 00 00 00 00 00 21 01 (general: tag 0, id 34, row 0, col 0, region 0x0121) |
 * 21 00 00 00 00 00 (raw 33, off 0) */
static void test_ref_2_3(void)
{
    uint8_t b[64];
    size_t n = vt_hex("36 02 05 00 22 00 00 00 00 00 21 01 21 00 00 00 00 00", b, sizeof b);
    CHECK_EQ(n, 18);
    static const fld t[] = {{"opcode", 0, 1}, {"size", 1, 1}, {"surface", 2, 1}, {"offset", 3, 9}, {"src", 12, 6}};
    roundtrip_and_truncate("2.3", b, n, 306, t, 5);
    vo_insn in;
    vo_error err;
    CHECK_EQ(vo_decode(b, n, 306, &in, &err), 0);
    CHECK(in.desc && in.desc->opcode == 0x36);
    if (in.desc) {
        CHECK_STR(in.desc->mnemonic, "oword_st");
        CHECK_EQ(in.desc->family, VO_FAM_BLOCK);
        CHECK_EQ(in.desc->is_write, 1);
    }
    CHECK_EQ(in.val[VO_R_OWORD_SIZE], 2);
    CHECK_EQ(in.val[VO_R_SURFACE], 5);
    CHECK_EQ(in.off[VO_R_OWORD_SIZE], 1);
    CHECK_EQ(in.off[VO_R_SURFACE], 2);
    CHECK_EQ(in.off[VO_R_GOFF], 3);
    CHECK_EQ(in.off[VO_R_DATA], 12);
    CHECK_EQ(in.goff.cls, 0);
    CHECK_EQ(in.goff.id, 34);
    CHECK_EQ(in.goff.row, 0);
    CHECK_EQ(in.goff.col, 0);
    CHECK_EQ(in.goff.region, 0x0121);
    CHECK_EQ(in.data.id, 33);
    CHECK_EQ(in.data.offset, 0);
}

/* ---- §2.4 worked example: (!P1) GATHER_SCALED.2 (M1, 16) SLM ----
 * 78 | 04 | 01 80 (pred 0x8001: id 1, bit 15 invert) | 00 (block_size) | 01 (num_blocks: 2 bytes) |
 * 00 00 (scale) | 00 (SLM) | 05 00 00 00 00 00 | 20.. | 21.. */
static void test_ref_2_4(void)
{
    uint8_t b[64];
    size_t n = vt_hex("78 04 01 80 00 01 00 00 00 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00", b, sizeof b);
    CHECK_EQ(n, 27);
    static const fld t[] = {{"opcode", 0, 1}, {"exec_size", 1, 1}, {"pred", 2, 2}, {"block_size", 4, 1},
                            {"num_blocks", 5, 1}, {"scale", 6, 2}, {"surface", 8, 1}, {"offset", 9, 6},
                            {"element_offset", 15, 6}, {"dst", 21, 6}};
    roundtrip_and_truncate("2.4", b, n, 306, t, 10);
    vo_insn in;
    vo_error err;
    CHECK_EQ(vo_decode(b, n, 306, &in, &err), 0);
    CHECK(in.desc && in.desc->opcode == 0x78);
    if (in.desc) {
        CHECK_STR(in.desc->mnemonic, "gather_scaled");
        CHECK_EQ(in.desc->family, VO_FAM_SCATTERED);
        CHECK_EQ(in.desc->is_write, 0);
        /* D17: codes 0..4 accepted; the doc lists 1..32 (codes 0..5) */
        CHECK_EQ(in.desc->exec_sizes, 0x1F);
        CHECK_EQ(in.desc->exec_sizes_doc, 0x3F);
    }
    CHECK_EQ(in.val[VO_R_EXEC], 0x04);
    CHECK_EQ(in.val[VO_R_PRED], 0x8001);
    CHECK_EQ(in.val[VO_R_BLOCK_SIZE], 0);
    CHECK_EQ(in.val[VO_R_NUM_BLOCKS], 1);
    CHECK_EQ(in.val[VO_R_SCALE], 0);
    CHECK_EQ(in.val[VO_R_SURFACE], 0);
    CHECK_EQ(in.off[VO_R_EXEC], 1);
    CHECK_EQ(in.off[VO_R_PRED], 2);
    CHECK_EQ(in.off[VO_R_BLOCK_SIZE], 4);
    CHECK_EQ(in.off[VO_R_NUM_BLOCKS], 5);
    CHECK_EQ(in.off[VO_R_SCALE], 6);
    CHECK_EQ(in.off[VO_R_SURFACE], 8);
    CHECK_EQ(in.off[VO_R_GOFF], 9);
    CHECK_EQ(in.off[VO_R_EOFF], 15);
    CHECK_EQ(in.off[VO_R_DATA], 21);
    CHECK_EQ(in.data.id, 33);
    vo_ctrl c;
    vo_insn_ctrl(&in, &c);
    CHECK_EQ(c.exec_size, 16);
    CHECK_EQ(c.mask_off, 0);
    CHECK_EQ(c.nomask, 0);
    CHECK_EQ(c.pred_id, 1);
    CHECK_EQ(c.pred_combine, 0);
    CHECK_EQ(c.pred_invert, 1);
}

/* ---- each seed opcode at both id widths (§1.2: raw/general ids are uw before
 * vISA 3.4, ud from 3.4; immediates and indirect operands never change) ---- */
static void test_seed_widths(void)
{
    static const uint16_t vers[2] = {303, 306};
    for (int w = 0; w < 2; w++) {
        uint16_t ver = vers[w];
        unsigned idw = ver >= 304 ? 4 : 2;
        unsigned gen = 5 + idw; /* general operand: tag + id + row + col + uw region */
        unsigned raw = idw + 2; /* raw operand: id + uw offset */

        /* SCATTER4_SCALED (M5_NM, 8) .GBA, pred 0x2003 (P3.any), surface 5,
         * general offset V40(1,2), element offsets V41.32, src V42.64 */
        {
            vt_insn x;
            vt_begin(&x, ver);
            put_s4_head(&x, 0xC3, 0x2003, 0x0E, 0, 5);
            put_gen(&x, 40, 1, 2, VT_REGION_SCALAR);
            put_raw(&x, 41, 32);
            put_raw(&x, 42, 64);
            static const char *nm[] = {"opcode", "exec_size", "pred", "channels", "scale", "surface", "offset",
                                       "element_offset", "src"};
            unsigned st[] = {0, 1, 2, 4, 5, 7, 8, 8 + gen, 8 + gen + raw};
            unsigned ln[] = {1, 1, 2, 1, 2, 1, gen, raw, raw};
            fld t[9];
            for (int i = 0; i < 9; i++) t[i] = (fld){nm[i], st[i], ln[i]};
            CHECK_EQ(x.n, 8 + gen + 2 * raw); /* 8 + 9 + 12 = 29 at 3.6; 8 + 7 + 8 = 23 at 3.3 */
            roundtrip_and_truncate(w ? "s4@3.6" : "s4@3.3", x.b, x.n, ver, t, 9);
            vo_insn in;
            vo_error e;
            CHECK_EQ(vo_decode(x.b, x.n, ver, &in, &e), 0);
            CHECK_EQ(in.val[VO_R_EXEC], 0xC3);
            CHECK_EQ(in.val[VO_R_PRED], 0x2003);
            CHECK_EQ(in.val[VO_R_CHMASK], 0x0E);
            CHECK_EQ(in.val[VO_R_SURFACE], 5);
            CHECK_EQ(in.goff.cls, 0);
            CHECK_EQ(in.goff.id, 40);
            CHECK_EQ(in.goff.row, 1);
            CHECK_EQ(in.goff.col, 2);
            CHECK_EQ(in.goff.region, 0x0121);
            CHECK_EQ(in.eoff.id, 41);
            CHECK_EQ(in.eoff.offset, 32);
            CHECK_EQ(in.data.id, 42);
            CHECK_EQ(in.data.offset, 64);
            CHECK_EQ(in.off[VO_R_EOFF], 8 + gen);
            CHECK_EQ(in.off[VO_R_DATA], 8 + gen + raw);
            vo_ctrl c;
            vo_insn_ctrl(&in, &c);
            /* exec byte 0xC3: size code 3 = 8 lanes; nibble 0xC = M5_NM: offset 16, NoMask (§1.4) */
            CHECK_EQ(c.exec_size, 8);
            CHECK_EQ(c.mask_off, 16);
            CHECK_EQ(c.nomask, 1);
            /* pred 0x2003: id 3, combine 1 = .any, no invert (§1.5) */
            CHECK_EQ(c.pred_id, 3);
            CHECK_EQ(c.pred_combine, 1);
            CHECK_EQ(c.pred_invert, 0);
        }
        /* SCATTER.1 (M3, 16): elt 0, num_elts 0x21 (count code 1 = 16, mask 2 = M3),
         * surface 0, indirect offset r[A2(1), -8], element offsets V33.0, src V34.0 */
        {
            vt_insn x;
            vt_begin(&x, ver);
            put_sc_head(&x, 0x00, 0x21, 0);
            put_ind(&x, 2, 1, -8, VO_T_UD, VT_REGION_SCALAR);
            put_raw(&x, 33, 0);
            put_raw(&x, 34, 0);
            /* indirect: tag, uw addr, ub addr_off, w off, ub props, uw region = 9 bytes at every version */
            static const char *nm[] = {"opcode", "elt_size", "num_elts", "surface", "global_offset", "element_offset",
                                       "src"};
            unsigned st[] = {0, 1, 2, 3, 4, 13, 13 + raw};
            unsigned ln[] = {1, 1, 1, 1, 9, raw, raw};
            fld t[7];
            for (int i = 0; i < 7; i++) t[i] = (fld){nm[i], st[i], ln[i]};
            roundtrip_and_truncate(w ? "sc@3.6" : "sc@3.3", x.b, x.n, ver, t, 7);
            vo_insn in;
            vo_error e;
            CHECK_EQ(vo_decode(x.b, x.n, ver, &in, &e), 0);
            CHECK_EQ(in.goff.cls, 3);
            CHECK_EQ(in.goff.id, 2);
            CHECK_EQ(in.goff.addr_off, 1);
            CHECK_EQ(in.goff.ind_off, -8);
            CHECK_EQ(in.goff.type_byte, VO_T_UD);
            CHECK_EQ(in.goff.region, 0x0121);
            vo_ctrl c;
            vo_insn_ctrl(&in, &c);
            CHECK_EQ(c.exec_size, 16);
            CHECK_EQ(c.mask_off, 8);
            CHECK_EQ(c.nomask, 0);
        }
        /* OWORD_ST (8) surface 6, imm offset 7, src V35.0 */
        {
            vt_insn x;
            vt_begin(&x, ver);
            put_ow_head(&x, 0x03, 6);
            put_imm_ud(&x, 7);
            put_raw(&x, 35, 0);
            static const char *nm[] = {"opcode", "size", "surface", "offset", "src"};
            unsigned st[] = {0, 1, 2, 3, 9};
            unsigned ln[] = {1, 1, 1, 6, raw};
            fld t[5];
            for (int i = 0; i < 5; i++) t[i] = (fld){nm[i], st[i], ln[i]};
            CHECK_EQ(x.n, 9 + raw);
            roundtrip_and_truncate(w ? "ow@3.6" : "ow@3.3", x.b, x.n, ver, t, 5);
            vo_insn in;
            vo_error e;
            CHECK_EQ(vo_decode(x.b, x.n, ver, &in, &e), 0);
            CHECK_EQ(in.val[VO_R_OWORD_SIZE], 3);
            CHECK_EQ(in.goff.imm, 7);
            CHECK_EQ(in.data.id, 35);
        }
        /* GATHER_SCALED.4 (M2, 4), pred 0xC001 (!P1.all), SLM, imm 0x12345678,
         * element offsets V36.0, dst V37.32 */
        {
            vt_insn x;
            vt_begin(&x, ver);
            put_gs_head(&x, 0x12, 0xC001, 0, 2, 0, 0);
            put_imm_ud(&x, 0x12345678);
            put_raw(&x, 36, 0);
            put_raw(&x, 37, 32);
            static const char *nm[] = {"opcode", "exec_size", "pred", "block_size", "num_blocks", "scale", "surface",
                                       "offset", "element_offset", "dst"};
            unsigned st[] = {0, 1, 2, 4, 5, 6, 8, 9, 15, 15 + raw};
            unsigned ln[] = {1, 1, 2, 1, 1, 2, 1, 6, raw, raw};
            fld t[10];
            for (int i = 0; i < 10; i++) t[i] = (fld){nm[i], st[i], ln[i]};
            roundtrip_and_truncate(w ? "gs@3.6" : "gs@3.3", x.b, x.n, ver, t, 10);
            vo_insn in;
            vo_error e;
            CHECK_EQ(vo_decode(x.b, x.n, ver, &in, &e), 0);
            CHECK_EQ(in.goff.imm, 0x12345678);
            CHECK_EQ(in.val[VO_R_NUM_BLOCKS], 2);
            CHECK_EQ(in.data.id, 37);
            CHECK_EQ(in.data.offset, 32);
            vo_ctrl c;
            vo_insn_ctrl(&in, &c);
            /* 0x12: size code 2 = 4 lanes, nibble 1 = M2 (offset 4) */
            CHECK_EQ(c.exec_size, 4);
            CHECK_EQ(c.mask_off, 4);
            CHECK_EQ(c.nomask, 0);
            /* 0xC001: id 1, combine 2 = .all, invert */
            CHECK_EQ(c.pred_id, 1);
            CHECK_EQ(c.pred_combine, 2);
            CHECK_EQ(c.pred_invert, 1);
        }
    }
}

/* The same bytes mean different things at 3.3 and 3.6: §2.1's example read
 * with 2-byte ids ends after 22 bytes (ids 0x0020, 0x0000 ...), so the 26-byte
 * string has trailing bytes at 3.3. */
static void test_width_matters(void)
{
    uint8_t b[64];
    size_t n = vt_hex("75 04 00 00 0F 00 00 06 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00", b, sizeof b);
    vo_insn in;
    vo_error e;
    memset(&e, 0, sizeof e);
    CHECK_EQ(vo_decode(b, n, 303, &in, &e), -1);
    CHECK_EQ(e.code, VO_E_TRAILING);
    CHECK_EQ(e.offset, 22);
    /* and the first 22 bytes decode at 3.3: element_offset id 0x0020 off 0,
     * src id 0x0000 off 0 (bytes 18..21 = 00 00 00 00) */
    CHECK_EQ(vo_decode(b, 22, 303, &in, &e), 0);
    CHECK_EQ(in.eoff.id, 32);
    CHECK_EQ(in.data.id, 0);
}

/* Immediates with 8-byte payloads (§1.6: DF, UQ, Q) are decoded structurally
 * (rejected later by the validator, D23) and round-trip. */
static void test_imm_8byte(void)
{
    vt_insn x;
    vt_begin(&x, 306);
    put_ow_head(&x, 0, 5);
    put_imm_t(&x, VO_T_UQ, 0x0102030405060708ull);
    put_raw(&x, 33, 0);
    CHECK_EQ(x.n, 3 + 10 + 6);
    vo_insn in;
    vo_error e;
    CHECK_EQ(vo_decode(x.b, x.n, 306, &in, &e), 0);
    CHECK_EQ(in.goff.imm, 0x0102030405060708ull);
    CHECK_EQ(in.off[VO_R_DATA], 13);
    uint8_t out[VO_MAX_INSN_BYTES];
    CHECK_EQ(vo_encode(&in, out, sizeof out), x.n);
    CHECK_MEM(out, x.b, x.n);
}

/* Address / predicate / state class operands have fixed payloads (§1.6) and
 * round-trip through decode/encode (their rejection is the validator's job). */
static void test_other_classes_roundtrip(void)
{
    for (int k = 0; k < 3; k++) {
        vt_insn x;
        vt_begin(&x, 306);
        put_ow_head(&x, 0, 5);
        if (k == 0) put_addr_op(&x, 3, 1, 0);
        if (k == 1) put_pred_op(&x, 0x0002);
        if (k == 2) put_state_op(&x, 0, 6, 0);
        put_raw(&x, 33, 0);
        vo_insn in;
        vo_error e;
        CHECK_EQ(vo_decode(x.b, x.n, 306, &in, &e), 0);
        CHECK_EQ(in.len, x.n);
        uint8_t out[VO_MAX_INSN_BYTES];
        CHECK_EQ(vo_encode(&in, out, sizeof out), x.n);
        CHECK_MEM(out, x.b, x.n);
    }
    /* modifier bits and tag bits 7..6 are kept for the round trip */
    vt_insn x;
    vt_begin(&x, 306);
    put_ow_head(&x, 0, 5);
    put_gen_tag(&x, 0xD0, 34, 0, 0, VT_REGION_SCALAR); /* 11 010 000: tag_hi 3, modifier 2, general */
    put_raw(&x, 33, 0);
    vo_insn in;
    vo_error e;
    CHECK_EQ(vo_decode(x.b, x.n, 306, &in, &e), 0);
    CHECK_EQ(in.goff.cls, 0);
    CHECK_EQ(in.goff.mod, 2);
    CHECK_EQ(in.goff.tag_hi, 3);
    uint8_t out[VO_MAX_INSN_BYTES];
    CHECK_EQ(vo_encode(&in, out, sizeof out), x.n);
    CHECK_MEM(out, x.b, x.n);
}

/* Unknown opcodes → E_OPCODE at offset 0 (§1.1: the opcode byte selects the
 * field walk; 0x3B and 0x9D are no memory op of the supported set). */
static void test_unknown_opcode(void)
{
    static const uint8_t ops[] = {0x00, 0x01, 0x34, 0x3B, 0x9D, 0xFF}; /* 0x37: MEDIA_LD since issue 27 */
    for (unsigned i = 0; i < sizeof ops; i++) {
        uint8_t b[8] = {ops[i], 0, 0, 0, 0, 0, 0, 0};
        vo_insn in;
        vo_error e;
        memset(&e, 0, sizeof e);
        CHECK(vo_desc_for(ops[i]) == NULL);
        CHECK_EQ(vo_decode(b, sizeof b, 306, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_OPCODE);
        CHECK_EQ(e.offset, 0);
    }
    /* the four seed opcodes have descriptors */
    CHECK(vo_desc_for(0x75) != NULL);
    CHECK(vo_desc_for(0x3A) != NULL);
    CHECK(vo_desc_for(0x36) != NULL);
    CHECK(vo_desc_for(0x78) != NULL);
    /* nothing at all: truncated in the opcode */
    vo_insn in;
    vo_error e;
    memset(&e, 0, sizeof e);
    CHECK_EQ(vo_decode(NULL, 0, 306, &in, &e), -1);
    CHECK_EQ(e.code, VO_E_TRUNCATED);
    CHECK_EQ(e.offset, 0);
}

/* Descriptor field order = byte-table order (§2.1-§2.4, seed pages). */
static void test_descriptor_order(void)
{
    const vo_desc *d = vo_desc_for(0x75);
    if (d) {
        static const char *nm[] = {"exec_size", "pred", "channels", "scale", "surface", "offset", "element_offset",
                                   "src"};
        CHECK_EQ(d->nfields, 8);
        for (unsigned i = 0; i < 8 && i < d->nfields; i++) CHECK_STR(d->fields[i].name, nm[i]);
    }
    d = vo_desc_for(0x3A);
    if (d) {
        static const char *nm[] = {"elt_size", "num_elts", "surface", "global_offset", "element_offset", "src"};
        CHECK_EQ(d->nfields, 6);
        for (unsigned i = 0; i < 6 && i < d->nfields; i++) CHECK_STR(d->fields[i].name, nm[i]);
    }
    d = vo_desc_for(0x36);
    if (d) {
        static const char *nm[] = {"size", "surface", "offset", "src"};
        CHECK_EQ(d->nfields, 4);
        for (unsigned i = 0; i < 4 && i < d->nfields; i++) CHECK_STR(d->fields[i].name, nm[i]);
    }
    d = vo_desc_for(0x78);
    if (d) {
        static const char *nm[] = {"exec_size", "pred", "block_size", "num_blocks", "scale", "surface", "offset",
                                   "element_offset", "dst"};
        CHECK_EQ(d->nfields, 9);
        for (unsigned i = 0; i < 9 && i < d->nfields; i++) CHECK_STR(d->fields[i].name, nm[i]);
    }
}

/* Decode errors surface through vo_run as status invalid, state unchanged. */
static void test_run_decode_errors(void)
{
    vo_state s;
    st_begin(&s, "TGLLP", 306, 0xFFFFFFFFu);
    st_var_ud(&s, 32, 16, NULL);
    st_var_ud(&s, 33, 64, NULL);
    st_surf(&s, 6, 4096);
    uint8_t b[64];
    size_t n = vt_hex("75 04 00 00 0F 00 00 06 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00", b, sizeof b);
    vo_result r;
    vo_state_sort(&s);
    vo_result_init(&r);
    CHECK_EQ(vo_run(&s, b, n - 1, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_TRUNCATED);
    CHECK_STR(r.err.field, "src");
    CHECK_EQ(r.err.offset, 20);
    CHECK_STATE(&r.final, &s);
    vo_result_free(&r);
    b[n] = 0x75;
    vo_result_init(&r);
    CHECK_EQ(vo_run(&s, b, n + 1, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_TRAILING);
    CHECK_EQ(r.err.offset, 26);
    CHECK_STATE(&r.final, &s);
    vo_result_free(&r);
    b[0] = 0x3B; /* 0x37 is MEDIA_LD since issue 27 */
    vo_result_init(&r);
    CHECK_EQ(vo_run(&s, b, n, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_OPCODE);
    CHECK_EQ(r.err.offset, 0);
    CHECK_STATE(&r.final, &s);
    vo_result_free(&r);
    /* and the untouched example runs (surface 6, all lanes, offsets 0: lanes 1..15
     * overlap lane 0 — only the status matters here) */
    b[0] = 0x75;
    vo_result_init(&r);
    CHECK_EQ(vo_run(&s, b, n, &r), VO_OK);
    vo_result_free(&r);
    vo_state_free(&s);
}

int main(void)
{
    test_ref_2_1();
    test_ref_2_2();
    test_ref_2_3();
    test_ref_2_4();
    test_seed_widths();
    test_width_matters();
    test_imm_8byte();
    test_other_classes_roundtrip();
    test_unknown_opcode();
    test_descriptor_order();
    test_run_decode_errors();
    T_DONE();
}
