/* SVM_GATHER4SCALED / SVM_SCATTER4SCALED (0x4E 06 / 07, issue 26): hand-worked
 * from the SVM_GATHER4_SCALED and SVM_SCATTER4_SCALED pages (format: 4e,
 * sub-op, exec ub, pred uw, channels ub, scale uw, address V (scalar UQ),
 * offsets R (UQ), dst/src R; pseudocode: channel c of lane i at
 * address + element_offset[i] + 4c, the k-th enabled channel's data at
 * dword k * max(exec_size, GRF/4) + i) and decisions D272-D278.
 * vISA 3.6 (4-byte ids): 30 bytes with a UQ immediate address, 29 with a
 * register. Expected values are worked by hand, not copied from output. */
#include "svm_fixture.h"
#include "visa_asm.h"

/* V33 UQ x16 (offsets), V34 UD x64 (256 bytes; byte k = 0x80 + k), V35 UQ x4 (address register:
 * qword 1 = base), V36 UQ x8; flat regions: R1 [0xFFFFF000, +8 KiB) with byte 0xFFFFFFF0 + k = k
 * (k < 32), R2 [0xFFFFFFFFFFFFF000, 2^64) ending in A0..A7, R3 [0, 16) holding 0x40 + k */
static void base_state(const char *plat, const uint64_t *off, unsigned n, uint64_t base, uint32_t mask)
{
    const uint64_t b[2] = { 0, base };
    svm_begin(plat, mask);
    svm_uq_var(33, 16, off, n);
    svm_pattern_var(34, VO_T_UD, 64);
    svm_uq_var(35, 4, b, 2); /* qword 1 = base */
    vo_state_add_var(&st, 36, VO_T_UQ, 8);
    svm_regions(1);
}

/* 4e <sub> <exec> <pred uw> <ch> <scale uw> | 05 0b <imm 8> | <off id> 0000 | <data id> 0000 */
static vo_status run_imm(uint8_t sub, uint8_t exec, uint16_t pred, uint8_t ch, uint16_t scale, uint64_t imm,
                         uint8_t oid, uint8_t did, vo_result *r)
{
    uint8_t b[30] = { 0x4E, sub, exec, (uint8_t)pred, (uint8_t)(pred >> 8), ch, (uint8_t)scale, (uint8_t)(scale >> 8),
                      0x05, 0x0B };
    for (int i = 0; i < 8; i++) b[10 + i] = (uint8_t)(imm >> (8 * i));
    b[18] = oid;
    b[24] = did;
    return vo_run(&st, b, sizeof b, r);
}
/* the address from V35(0,1): 00 23000000 00 01 2101 */
static vo_status run_reg(uint8_t sub, uint8_t exec, uint8_t ch, uint8_t did, vo_result *r)
{
    const uint8_t b[29] = { 0x4E, sub, exec, 0, 0, ch, 0, 0, 0x00, 0x23, 0, 0, 0, 0, 1, 0x21, 0x01,
                            0x21, 0, 0, 0, 0, 0, did, 0, 0, 0, 0, 0 };
    return vo_run(&st, b, sizeof b, r);
}

int main(void)
{
    vo_state_init(&st);
    vo_result r;
    vo_result_init(&r);
    vo_insn in;
    vo_error e;
    uint64_t O[16] = { 0 };

    /* decode (D272): exec @2, pred @3, channels @5, scale @6, address @8, offsets @18, dst @24; 30 bytes */
    {
        const uint8_t b[30] = { 0x4E, 0x06, 0x13, 0x01, 0x80, 0x0A, 0, 0, 0x05, 0x0B, 0, 0, 0, 0, 1, 0, 0, 0,
                                0x21, 0, 0, 0, 0x20, 0, 0x22, 0, 0, 0, 0x40, 0 };
        CHECK_EQ(vo_decode(b, 30, 306, &in, &e), 0);
        CHECK_EQ(in.len, 30);
        CHECK_STR(in.desc->mnemonic, "svm_gather4scaled");
        CHECK_EQ(in.off[VO_R_EXEC], 2);
        CHECK_EQ(in.off[VO_R_PRED], 3);
        CHECK_EQ(in.off[VO_R_CHMASK], 5);
        CHECK_EQ(in.off[VO_R_SCALE], 6);
        CHECK_EQ(in.off[VO_R_GOFF], 8);
        CHECK_EQ(in.off[VO_R_EOFF], 18);
        CHECK_EQ(in.off[VO_R_DATA], 24);
        char t[128];
        vo_disasm(&in, t, sizeof t);
        CHECK_STR(t, "(!P1) svm_gather4scaled.GA (M2, 8) 0x100000000:uq V33.32 V34.64"); /* IGC's printed form */
        CHECK_EQ(vo_decode(b, 29, 306, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_TRUNCATED);
        /* text both ways: GenX_IR's accepted form (docs: D272) */
        uint8_t o[40];
        CHECK_EQ(vo_asm("(P2) svm_scatter4scaled.RG (M1, 16) V35(0,1)<0;1,0> V33.0 V34.0", 306, &in, &e), 0);
        CHECK_EQ(vo_encode(&in, o, sizeof o), 29);
        const uint8_t want[29] = { 0x4E, 0x07, 0x04, 0x02, 0x00, 0x03, 0, 0, 0x00, 0x23, 0, 0, 0, 0, 1, 0x21, 0x01,
                                   0x21, 0, 0, 0, 0, 0, 0x22, 0, 0, 0, 0, 0 };
        CHECK_MEM(o, want, 29);
        CHECK_EQ(vo_asm("svm_gather4scaled.AR (M1, 8) 0x0:uq V33.0 V34.0", 306, &in, &e), -1);
        CHECK_STR(e.field, "channels");
    }

    /* gather4scaled.GA (M1, 8), base 0xFFFFFFF0 (imm), lanes 0, 1 enabled at offsets 0, 16:
     * G of lane i at base + 16i + 4, A at + 12; k = 0 (G) at dwords 0.., k = 1 (A) at dwords 8.. */
    O[0] = 0; O[1] = 16;
    base_state("TGLLP", O, 2, 0, 0x3u);
    CHECK_EQ(run_imm(0x06, 0x03, 0, 0x0A, 0, 0xFFFFFFF0ull, 0x21, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 0), 0x07060504u);  /* lane 0 G: bytes 4..7 */
    CHECK_EQ(dw(&r, 34, 1), 0x17161514u);  /* lane 1 G: bytes 20..23 */
    CHECK_EQ(dw(&r, 34, 2), 0x8B8A8988u);  /* lane 2 disabled: unchanged */
    CHECK_EQ(dw(&r, 34, 8), 0x0F0E0D0Cu);  /* lane 0 A: bytes 12..15 */
    CHECK_EQ(dw(&r, 34, 9), 0x1F1E1D1Cu);  /* lane 1 A: bytes 28..31 */
    CHECK_EQ(dw(&r, 34, 16), 0xC3C2C1C0u); /* past the two blocks: unchanged */
    CHECK_EQ(r.nacc, 4);
    CHECK_EQ(r.nfree, 0); /* SIMD8 on a 32-byte GRF: no block tail */
    CHECK(has_clause(&r, "svm4.gather"));
    CHECK(has_clause(&r, "svm4.addr_base_offset_channel"));
    CHECK(has_clause(&r, "fourch.channel_block"));
    CHECK(has_clause(&r, "svm.address_immediate"));
    CHECK(!has_tag(&r, "not_in_doc")); /* UD data (D276) */

    /* 64-bit base from V35(0,1), RGB, lane 0: R at ..FFF8, G at ..FFFC, B wraps to 0 (D275) */
    O[0] = 0;
    base_state("TGLLP", O, 1, 0xFFFFFFFFFFFFFFF8ull, 0x1u);
    CHECK_EQ(run_reg(0x06, 0x03, 0x07, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 0), 0xA3A2A1A0u);
    CHECK_EQ(dw(&r, 34, 8), 0xA7A6A5A4u);
    CHECK_EQ(dw(&r, 34, 16), 0x43424140u);
    CHECK(has_tag(&r, "wrap"));
    CHECK(has_clause(&r, "svm.address_wraps_2_64"));
    CHECK(has_clause(&r, "svm.address_general"));
    /* base 2^63 + offset 2^63 + 4 = 4 (mod 2^64): R reads R3's bytes 4..7 */
    O[0] = 0x8000000000000004ull;
    base_state("TGLLP", O, 1, 0, 0x1u);
    CHECK_EQ(run_imm(0x06, 0x03, 0, 0x01, 0, 0x8000000000000000ull, 0x21, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 0), 0x47464544u);
    CHECK(has_tag(&r, "wrap"));
    /* base 0x100000000 + 8 is R1's byte 24 (a base truncated to 32 bits would read R3's 48..4B) */
    O[0] = 8;
    base_state("TGLLP", O, 1, 0, 0x1u);
    CHECK_EQ(run_imm(0x06, 0x03, 0, 0x01, 0, 0x100000000ull, 0x21, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 0), 0x1B1A1918u);
    CHECK(!has_tag(&r, "wrap"));

    /* PVC (64-byte GRF), SIMD8, RB: blocks 16 dwords apart (B = max(8, 16)); B of lane 0 at dword 16;
     * each block's dwords 8..15 are free (D277): two ranges */
    O[0] = 0;
    base_state("PVC", O, 1, 0, 0x1u);
    CHECK_EQ(run_imm(0x06, 0x03, 0, 0x05, 0, 0xFFFFFFF0ull, 0x21, 0x22, &r), VO_OK);
    CHECK_EQ(dw(&r, 34, 0), 0x03020100u);
    CHECK_EQ(dw(&r, 34, 16), 0x0B0A0908u);
    CHECK_EQ(dw(&r, 34, 8), 0xA3A2A1A0u); /* in the free tail: the oracle leaves the bytes, frees them */
    CHECK_EQ(r.nfree, 2);
    CHECK_EQ(r.free[0].space, VO_SPACE_VAR);
    CHECK_EQ(r.free[0].offset, 32);
    CHECK_EQ(r.free[0].len, 32);
    CHECK_EQ(r.free[1].offset, 96);
    CHECK_EQ(r.free[1].len, 32);
    CHECK(has_tag(&r, "padding"));
    CHECK(has_clause(&r, "fourch.grf64_stride"));

    /* scatter4scaled.R (M1, 8), base 0, lanes 0, 1 at offsets 0, 4: src dwords 0, 1 */
    O[0] = 0; O[1] = 4;
    base_state("TGLLP", O, 2, 0, 0x3u);
    CHECK_EQ(run_imm(0x07, 0x03, 0, 0x01, 0, 0, 0x21, 0x22, &r), VO_OK);
    CHECK_EQ(flat(&r, 0), 0x80); CHECK_EQ(flat(&r, 3), 0x83);
    CHECK_EQ(flat(&r, 4), 0x84); CHECK_EQ(flat(&r, 7), 0x87);
    CHECK_EQ(flat(&r, 8), 0x48); /* unchanged */
    CHECK(has_clause(&r, "svm4.scatter"));
    /* scatter .GA: lane 0 only; G from src dword 0 to base + 4, A from src dword 8 (bytes 0xA0..) to base + 12 */
    O[0] = 0;
    base_state("TGLLP", O, 1, 0, 0x1u);
    CHECK_EQ(run_imm(0x07, 0x03, 0, 0x0A, 0, 0, 0x21, 0x22, &r), VO_OK);
    CHECK_EQ(flat(&r, 0), 0x40);
    CHECK_EQ(flat(&r, 4), 0x80); CHECK_EQ(flat(&r, 7), 0x83);
    CHECK_EQ(flat(&r, 8), 0x48);
    CHECK_EQ(flat(&r, 12), 0xA0); CHECK_EQ(flat(&r, 15), 0xA3);
    /* PVC SIMD8: the block tail is not read (clause) */
    base_state("PVC", O, 1, 0, 0x1u);
    CHECK_EQ(run_imm(0x07, 0x03, 0, 0x01, 0, 0, 0x21, 0x22, &r), VO_OK);
    CHECK(has_clause(&r, "fourch.src_padding_ignored"));
    /* two lanes on one dword: one of the two values (D278, D10) */
    O[0] = 4; O[1] = 4;
    base_state("TGLLP", O, 2, 0, 0x3u);
    CHECK_EQ(run_imm(0x07, 0x03, 0, 0x01, 0, 0, 0x21, 0x22, &r), VO_OK);
    CHECK(has_tag(&r, "ub_overlap"));
    CHECK_EQ(r.nfree, 1);
    CHECK_EQ(r.free[0].kind, VO_FREE_ONE_OF);
    CHECK_EQ(r.free[0].nvalues, 2);
    CHECK_EQ(r.free[0].space, VO_SPACE_FLAT);

    /* unmapped (D278, D169): R3 ends at 16; A of lane 0 at base 8 + 12 = 20 */
    O[0] = 0;
    base_state("TGLLP", O, 1, 0, 0x1u);
    CHECK_EQ(run_imm(0x06, 0x03, 0, 0x09, 0, 8, 0x21, 0x22, &r), VO_UNDEFINED);
    CHECK(has_clause(&r, "svm.flat_unmapped_undefined"));
    CHECK_EQ(run_imm(0x07, 0x03, 0, 0x09, 0, 8, 0x21, 0x22, &r), VO_UNDEFINED);
    CHECK_EQ(run_imm(0x07, 0x03, 0, 0x01, 0, 8, 0x21, 0x22, &r), VO_OK); /* R alone fits */
    /* misaligned (D278, D170): base 2 */
    CHECK_EQ(run_imm(0x06, 0x03, 0, 0x01, 0, 2, 0x21, 0x22, &r), VO_OK);
    CHECK(has_tag(&r, "misaligned"));
    CHECK(has_clause(&r, "svm.misaligned_undefined"));
    /* D276: UQ data is not in the page's list */
    CHECK_EQ(run_imm(0x06, 0x03, 0, 0x01, 0, 0, 0x21, 0x24, &r), VO_OK);
    CHECK(has_tag(&r, "not_in_doc"));
    /* the offsets past V33 (16 lanes x 8 = 128 bytes: fits; from V33.32 it does not): undefined (D14) */
    {
        uint8_t b[30] = { 0x4E, 0x06, 0x04, 0, 0, 0x01, 0, 0, 0x05, 0x0B, 0, 0, 0, 0, 0, 0, 0, 0,
                          0x21, 0, 0, 0, 0x20, 0, 0x22, 0, 0, 0, 0, 0 };
        CHECK_EQ(vo_run(&st, b, sizeof b, &r), VO_UNDEFINED);
        CHECK(has_tag(&r, "raw_past_var"));
        b[22] = 0;
        CHECK_EQ(vo_run(&st, b, sizeof b, &r), VO_OK); /* SIMD16, lane 0 only */
    }

    /* invalid fields, each named with its offset */
    run_imm(0x06, 0x02, 0, 0x01, 0, 0, 0x21, 0x22, &r);
    err_at(&r, VO_E_EXEC_SIZE, "exec_size", 2); /* SIMD4 (D273) */
    run_imm(0x06, 0x00, 0, 0x01, 0, 0, 0x21, 0x22, &r);
    err_at(&r, VO_E_EXEC_SIZE, "exec_size", 2); /* SIMD1 */
    run_imm(0x07, 0x05, 0, 0x01, 0, 0, 0x21, 0x22, &r);
    err_at(&r, VO_E_EXEC_SIZE, "exec_size", 2); /* SIMD32 */
    run_imm(0x06, 0x03, 0x0005, 0x01, 0, 0, 0x21, 0x22, &r);
    err_at(&r, VO_E_PRED_ID, "pred", 3);
    run_imm(0x06, 0x03, 0, 0x00, 0, 0, 0x21, 0x22, &r);
    err_at(&r, VO_E_CHANNEL_MASK, "channels", 5);
    run_imm(0x07, 0x03, 0, 0x11, 0, 0, 0x21, 0x22, &r);
    err_at(&r, VO_E_CHANNEL_MASK, "channels", 5);
    run_imm(0x06, 0x03, 0, 0x01, 1, 0, 0x21, 0x22, &r);
    err_at(&r, VO_E_SCALE, "scale", 6); /* D274 */
    run_imm(0x06, 0x03, 0, 0x01, 0, 0, 0x22, 0x22, &r);
    err_at(&r, VO_E_OPERAND_TYPE, "offsets", 18); /* UD offsets (D275) */
    run_imm(0x06, 0x03, 0, 0x01, 0, 0, 0x21, 0x00, &r);
    err_at(&r, VO_E_NULL_OPERAND, "dst", 24);
    run_imm(0x07, 0x03, 0, 0x01, 0, 0, 0x21, 0x00, &r);
    err_at(&r, VO_E_NULL_OPERAND, "src", 24);
    {
        const uint8_t b[26] = { 0x4E, 0x06, 0x03, 0, 0, 0x01, 0, 0, 0x05, 0x00, 0, 0, 0, 0,
                                0x21, 0, 0, 0, 0, 0, 0x22, 0, 0, 0, 0, 0 };
        vo_run(&st, b, sizeof b, &r);
        err_at(&r, VO_E_SVM_ADDR, "address", 8); /* a UD immediate (D168) */
        uint8_t c[30] = { 0x4E, 0x06, 0x03, 0, 0, 0x01, 0, 0, 0x05, 0x0B, 0, 0, 0, 0, 0, 0, 0, 0,
                          0x21, 0, 0, 0, 0x08, 0, 0x22, 0, 0, 0, 0, 0 };
        vo_run(&st, c, sizeof c, &r);
        err_at(&r, VO_E_RAW_ALIGN, "offsets", 18);
    }
    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
