/* SVM_BLOCK_LD / SVM_BLOCK_ST (0x4E 01 / 02, issue 26): hand-worked from the
 * SVM_BLOCK_LD and SVM_BLOCK_ST pages (format: 4e, sub-op, properties ub,
 * address V scalar UQ, dst/src R; bits 2..0 of the properties 1/2/4/8 owords,
 * bit 3 the load's dword-aligned form) and decisions D164-D174. vISA 3.6:
 * variable ids are 4 bytes, so a general address is 9 bytes after its tag
 * bytes after its tag byte (id ud, row, col, region uw) and a raw operand 6.
 * Expected values are worked by hand, not copied from output. */
#include "svm_fixture.h"
#include "visa_asm.h"

/* V33 UQ x2 (addresses), V34 UD x16 (64 bytes: two 32-byte GRFs), V35 UD x1;
 * flat regions: [0xFFFFF000, +8 KiB) straddling 2^32 with bytes 0..31 at
 * 0xFFFFFFF0, [0xFFFFFFFFFFFFF000, 2^64) and [0, 16) for the wrap */
static void base_state(uint64_t addr)
{
    svm_begin("TGLLP", 0xFFFFFFFFu);
    svm_uq_var(33, 2, &addr, 1);
    svm_pattern_var(34, VO_T_UD, 16);
    vo_state_add_var(&st, 35, VO_T_UD, 1);
    svm_regions(0); /* R2 all zero */
}

/* 4e <sub> <props> | 00 21000000 00 00 2101 (V33(0,0)<0;1,0>) | 22000000 0000 (V34.0) */
static vo_status run_blk(uint8_t sub, uint8_t props, uint64_t addr, vo_result *r)
{
    base_state(addr);
    const uint8_t b[18] = { 0x4E, sub, props, 0x00, 0x21, 0, 0, 0, 0, 0, 0x21, 0x01, 0x22, 0, 0, 0, 0, 0 };
    return vo_run(&st, b, sizeof b, r);
}

static const uint8_t *dst(const vo_result *r) { return vo_state_var(&r->final, 34)->data; }

static void text(const uint8_t *b, size_t n, const char *want)
{
    vo_insn in;
    vo_error e;
    char t[96];
    CHECK_EQ(vo_decode(b, n, 306, &in, &e), 0);
    vo_disasm(&in, t, sizeof t);
    CHECK_STR(t, want);
}
static void asm_props(const char *t, uint8_t sub, uint8_t props)
{
    vo_insn in;
    vo_error e;
    uint8_t b[32];
    CHECK_EQ(vo_asm(t, 306, &in, &e), 0);
    CHECK_EQ(vo_encode(&in, b, sizeof b), 18);
    CHECK_EQ(b[0], 0x4E);
    CHECK_EQ(b[1], sub);
    CHECK_EQ(b[2], props);
}

int main(void)
{
    vo_state_init(&st);
    vo_result r;
    vo_result_init(&r);
    vo_insn in;
    vo_error e;

    /* decode: svm_id @1, properties @2, address @3, dst @12; length 18 */
    {
        const uint8_t b[18] = { 0x4E, 0x01, 0x0B, 0x00, 0x21, 0, 0, 0, 0, 0, 0x21, 0x01, 0x22, 0, 0, 0, 0x20, 0 };
        CHECK_EQ(vo_decode(b, 18, 306, &in, &e), 0);
        CHECK_EQ(in.len, 18);
        CHECK_STR(in.desc->mnemonic, "svm_block_ld");
        CHECK_EQ(in.off[VO_R_SVM_ID], 1);
        CHECK_EQ(in.off[VO_R_OWORD_SIZE], 2);
        CHECK_EQ(in.off[VO_R_GOFF], 3);
        CHECK_EQ(in.off[VO_R_DATA], 12);
        CHECK_EQ(in.val[VO_R_OWORD_SIZE], 0x0B);
        CHECK_EQ(in.data.id, 34);
        CHECK_EQ(in.data.offset, 32);
        CHECK_EQ(vo_decode(b, 1, 306, &in, &e), -1); /* D164: the sub-op byte is missing */
        CHECK_EQ(e.code, VO_E_TRUNCATED);
        CHECK_EQ(e.offset, 1);
        CHECK_EQ(vo_decode(b, 17, 306, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_TRUNCATED);
        CHECK_STR(e.field, "dst");
        CHECK_EQ(e.offset, 12);
        const uint8_t g[2] = { 0x4E, 0x00 }, u[2] = { 0x4E, 0x09 };
        CHECK_EQ(vo_decode(g, 2, 306, &in, &e), -1); /* D164: sub-ops are 1..7 */
        CHECK_EQ(e.code, VO_E_SVM_SUBOP);
        CHECK_STR(e.field, "svm_id");
        CHECK_EQ(e.offset, 1);
        CHECK_EQ(vo_decode(u, 2, 306, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_SVM_SUBOP);
        /* 0x4E with sub-op 0x08 and the 43 bytes of an older-layout LSC atomic (D222 is LSC's
         * alone): still SVM's unknown sub-op, never an LSC instruction (a fuzzer found this) */
        uint8_t o[43] = { 0x4E, 0x08, 0x65, 0x3D, 0xFF, 0x41, 0x87, 0xD4, 0x60, 0xEE, 0x55, 0x00, 0x00, 0xFF, 0xFF,
                          0xFF, 0x60, 0xFF, 0xFF, 0xFF };
        o[39] = 0x61; o[40] = 0x03; o[41] = 0xEE;
        CHECK_EQ(vo_decode(o, sizeof o, 303, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_SVM_SUBOP);
        CHECK_EQ(e.offset, 1);
        o[0] = 0x89; /* the same bytes as LSC_UNTYPED: the older layout */
        CHECK_EQ(vo_decode(o, sizeof o, 303, &in, &e), 0);
        CHECK_EQ(in.desc->opcode, VO_OP_LSC_UNTYPED);
    }

    /* 2 owords, oword-aligned at 0xFFFFFFF0: bytes 0..15 below 2^32, 16..31 above it */
    CHECK_EQ(run_blk(0x01, 0x01, 0xFFFFFFF0ull, &r), VO_OK);
    {
        uint8_t want[64];
        for (int i = 0; i < 32; i++) want[i] = (uint8_t)i;
        for (int i = 32; i < 64; i++) want[i] = (uint8_t)(0x80 + i); /* the second GRF is untouched */
        CHECK_MEM(dst(&r), want, 64);
        CHECK_EQ(r.nfree, 0); /* 32 bytes fill the GRF: no padding */
        CHECK_EQ(r.nacc, 2);
        CHECK(has_clause(&r, "svm_block.n2"));
        CHECK(has_clause(&r, "svm_block.ld_oword_aligned"));
        CHECK(has_clause(&r, "svm.address_general"));
        CHECK(has_tag(&r, "nomask"));
    }
    /* D173: 1 oword on a 32-byte GRF: bytes 16..31 of V34 are free */
    CHECK_EQ(run_blk(0x01, 0x00, 0xFFFFFFF0ull, &r), VO_OK);
    CHECK_EQ(r.nfree, 1);
    CHECK_EQ(r.free[0].offset, 16);
    CHECK_EQ(r.free[0].len, 16);
    CHECK(has_clause(&r, "svm_block.n1"));
    /* D166: bit 3, dword-aligned at 0xFFFFFFF4: 1 oword = bytes 4..19 */
    CHECK_EQ(run_blk(0x01, 0x08, 0xFFFFFFF4ull, &r), VO_OK);
    {
        uint8_t want[16];
        for (int i = 0; i < 16; i++) want[i] = (uint8_t)(4 + i);
        CHECK_MEM(dst(&r), want, 16);
        CHECK(has_clause(&r, "svm_block.ld_dword_aligned"));
        CHECK(!has_tag(&r, "misaligned"));
    }
    /* D170: the aligned form at a dword address: the oword is free, no value */
    CHECK_EQ(run_blk(0x01, 0x00, 0xFFFFFFF4ull, &r), VO_OK);
    CHECK(has_tag(&r, "misaligned"));
    CHECK(has_clause(&r, "svm.misaligned_undefined"));
    CHECK_EQ(r.free[0].offset, 0);
    CHECK_EQ(r.nfree, 2); /* the oword, then (D173) the padding after it: two clauses */
    CHECK_EQ(r.free[0].len, 16);
    CHECK_EQ(r.free[1].offset, 16);
    /* D170: bit 3 at a 2-byte address is still misaligned */
    CHECK_EQ(run_blk(0x01, 0x08, 0xFFFFFFF2ull, &r), VO_OK);
    CHECK(has_tag(&r, "misaligned"));
    /* D166: bit 7 (the builder's flag) is ignored: the aligned form, tagged */
    CHECK_EQ(run_blk(0x01, 0x80, 0xFFFFFFF4ull, &r), VO_OK);
    CHECK(has_tag(&r, "not_in_doc"));
    CHECK(has_clause(&r, "svm_block.bit7_ignored"));
    CHECK(has_tag(&r, "misaligned"));
    /* D169: region [0xFFFFF000, 0x100001000); 4 owords from 0x100000FE0 end at 0x100001020: undefined */
    CHECK_EQ(run_blk(0x01, 0x02, 0x100000FE0ull, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, "lsc:flat_unmapped"));
    CHECK(has_clause(&r, "svm.flat_unmapped_undefined"));
    /* truncated to 32 bits the same address would be mapped: not here (0xF90 is unmapped) */
    CHECK_EQ(run_blk(0x01, 0x00, 0x0000000000000F90ull, &r), VO_UNDEFINED);
    /* D171: 2 owords from 0xFFFFFFFFFFFFFFF0: the second is at 0 (mod 2^64) */
    CHECK_EQ(run_blk(0x01, 0x01, 0xFFFFFFFFFFFFFFF0ull, &r), VO_OK);
    {
        uint8_t want[32];
        for (int i = 0; i < 16; i++) want[i] = 0;
        for (int i = 0; i < 16; i++) want[16 + i] = (uint8_t)(0x40 + i);
        CHECK_MEM(dst(&r), want, 32);
        CHECK(has_tag(&r, "wrap"));
        CHECK(has_clause(&r, "svm.address_wraps_2_64"));
    }
    /* D169/D171: a dword-aligned oword straddling 2^64 is unmapped */
    CHECK_EQ(run_blk(0x01, 0x08, 0xFFFFFFFFFFFFFFF8ull, &r), VO_UNDEFINED);

    /* SVM_BLOCK_ST: 1 oword of V34 (0x80..0x8F) to 0x100000000 */
    CHECK_EQ(run_blk(0x02, 0x00, 0x100000000ull, &r), VO_OK);
    {
        uint8_t got[20], want[20];
        vo_flat_read(&r.final, 0xFFFFFFFEull, 20, got);
        want[0] = 14; want[1] = 15; /* below: unchanged */
        for (int i = 0; i < 16; i++) want[2 + i] = (uint8_t)(0x80 + i);
        CHECK_MEM(got, want, 18);
        CHECK(has_clause(&r, "svm_block.st_oword_aligned"));
        CHECK_EQ(r.nfree, 0);
    }
    /* D167: bit 3 on a store is ignored (tagged); at a dword address it is misaligned */
    CHECK_EQ(run_blk(0x02, 0x08, 0x100000004ull, &r), VO_OK);
    CHECK(has_tag(&r, "not_in_doc"));
    CHECK(has_clause(&r, "svm_block.st_bit3_ignored"));
    CHECK(has_tag(&r, "misaligned"));
    /* D169: a store past every region */
    CHECK_EQ(run_blk(0x02, 0x02, 0x100000FE0ull, &r), VO_UNDEFINED);
    CHECK(has_tag(&r, "lsc:flat_unmapped"));

    /* D165: properties errors at offset 2 */
    CHECK_EQ(run_blk(0x01, 0x04, 0x100000000ull, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_SVM_PROPS);
    CHECK_STR(r.err.field, "properties");
    CHECK_EQ(r.err.offset, 2);
    CHECK_EQ(run_blk(0x02, 0x10, 0x100000000ull, &r), VO_INVALID);
    CHECK_EQ(r.err.code, VO_E_SVM_PROPS);

    /* D168: the address operand */
    {
        base_state(0);
        /* immediate UQ 0xFFFFFFF0: 4e 01 00 | 05 0b f0ffffff00000000 | V34.0 */
        const uint8_t im[19] = { 0x4E, 0x01, 0x00, 0x05, 0x0B, 0xF0, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0x22, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_run(&st, im, sizeof im, &r), VO_OK);
        CHECK_EQ(dst(&r)[15], 15);
        CHECK(has_clause(&r, "svm.address_immediate"));
        uint8_t bad[19];
        memcpy(bad, im, sizeof bad);
        bad[4] = 0x00; /* a UD immediate: 4 value bytes, then the raw operand is 2 bytes short... */
        CHECK_EQ(vo_run(&st, bad, 15, &r), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_SVM_ADDR);
        CHECK_EQ(r.err.offset, 3);
        /* V35 is UD: not an address */
        const uint8_t ud[18] = { 0x4E, 0x01, 0x00, 0x00, 0x23, 0, 0, 0, 0, 0, 0x21, 0x01, 0x22, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_run(&st, ud, sizeof ud, &r), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_OPERAND_TYPE);
        CHECK_EQ(r.err.offset, 3);
        /* column 1 of V33 is its second UQ: 0 -> reads [0, 16) */
        const uint8_t c1[18] = { 0x4E, 0x01, 0x00, 0x00, 0x21, 0, 0, 0, 0, 1, 0x21, 0x01, 0x22, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_run(&st, c1, sizeof c1, &r), VO_OK);
        CHECK_EQ(dst(&r)[0], 0x40);
        /* column 4 of a 32-byte GRF (byte 32) crosses it */
        const uint8_t c4[18] = { 0x4E, 0x01, 0x00, 0x00, 0x21, 0, 0, 0, 0, 4, 0x21, 0x01, 0x22, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_run(&st, c4, sizeof c4, &r), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_COL_OFFSET);
        /* a %null dst at offset 12 */
        const uint8_t nd[18] = { 0x4E, 0x01, 0x00, 0x00, 0x21, 0, 0, 0, 0, 0, 0x21, 0x01, 0, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_run(&st, nd, sizeof nd, &r), VO_INVALID);
        CHECK_EQ(r.err.code, VO_E_NULL_OPERAND);
        CHECK_EQ(r.err.offset, 12);
        /* D14: 8 owords (128 bytes) into the 64-byte V34: undefined */
        const uint8_t big[18] = { 0x4E, 0x01, 0x03, 0x00, 0x21, 0, 0, 0, 0, 0, 0x21, 0x01, 0x22, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_run(&st, big, sizeof big, &r), VO_UNDEFINED);
        CHECK(has_tag(&r, "raw_past_var"));
    }

    /* D172 text: bare = aligned (GenX_IR 1.0.12504), .unaligned = bit 3; bit 7 has no text */
    {
        const uint8_t a[18] = { 0x4E, 0x01, 0x01, 0x00, 0x21, 0, 0, 0, 0, 0, 0x21, 0x01, 0x22, 0, 0, 0, 0, 0 };
        text(a, 18, "svm_block_ld (2) V33(0,0)<0;1,0> V34.0");
        const uint8_t u[18] = { 0x4E, 0x01, 0x0B, 0x00, 0x21, 0, 0, 0, 0, 0, 0x21, 0x01, 0x22, 0, 0, 0, 0x20, 0 };
        text(u, 18, "svm_block_ld.unaligned (8) V33(0,0)<0;1,0> V34.32");
        const uint8_t s[18] = { 0x4E, 0x02, 0x82, 0x00, 0x21, 0, 0, 0, 0, 0, 0x21, 0x01, 0x22, 0, 0, 0, 0, 0 };
        text(s, 18, "svm_block_st (4) V33(0,0)<0;1,0> V34.0");
        asm_props("svm_block_ld (2) V33(0,0)<0;1,0> V34.0", 0x01, 0x01);
        asm_props("svm_block_ld.aligned (2) V33(0,0)<0;1,0> V34.0", 0x01, 0x01); /* Intel's printer at HEAD */
        asm_props("svm_block_ld.unaligned (1) V33(0,0)<0;1,0> V34.0", 0x01, 0x08);
        asm_props("svm_block_st (8) V33(0,0)<0;1,0> V34.0", 0x02, 0x03);
        CHECK_EQ(vo_asm("svm_block_ld (3) V33(0,0)<0;1,0> V34.0", 306, &in, &e), -1);
        CHECK_EQ(e.offset, 14);
        CHECK_EQ(vo_asm("(P1) svm_block_ld (1) V33(0,0)<0;1,0> V34.0", 306, &in, &e), -1);
    }

    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
