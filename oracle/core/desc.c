/* Opcode descriptor table: one entry per supported opcode, fields in binary
 * order (docs/encoding.md §2). Adding an instruction = one entry here plus its
 * family's semantics. Exec-size sets are bit masks over the size code. */
#include "visa_oracle.h"
#include <stddef.h>

#define F(n, k, r) { n, VO_FK_##k, VO_R_##r }
#define SZ(c) (1u << (c)) /* size code c: 0=1 1=2 2=4 3=8 4=16 5=32 */

static const vo_desc desc_tab[] = {
    { VO_OP_OWORD_ST, "oword_st", "OWORD_ST", VO_FAM_BLOCK, 1, 0, 0, 4,
      { F("size", UB, OWORD_SIZE), F("surface", UB, SURFACE), F("offset", VEC, GOFF),
        F("src", RAW, DATA) }, 0, 0, 0,
      .flags = 0 },
    { VO_OP_SCATTER, "scatter", "SCATTER", VO_FAM_SCATTERED, 1, 0, 0, 6,
      { F("elt_size", UB, ELT_SIZE), F("num_elts", UB, NUM_ELTS), F("surface", UB, SURFACE),
        F("global_offset", VEC, GOFF), F("element_offset", RAW, EOFF), F("src", RAW, DATA) }, 0, 0, 0,
      .flags = VO_DF_SURFACE_LIMITS | VO_DF_ELT_UNITS /* D27, D8 */ },
    /* decision D17: SIMD1..16 accepted; the doc lists 8 and 16 only */
    { VO_OP_SCATTER4_SCALED, "scatter4_scaled", "SCATTER4_SCALED", VO_FAM_FOURCH, 1,
      SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), SZ(3) | SZ(4), 8,
      { F("exec_size", UB, EXEC), F("pred", UW, PRED), F("channels", UB, CHMASK),
        F("scale", UW, SCALE), F("surface", UB, SURFACE), F("offset", VEC, GOFF),
        F("element_offset", RAW, EOFF), F("src", RAW, DATA) }, 0, 0, 0,
      .flags = 0 },
    /* decision D17: SIMD32 is in the doc but rejected (lowering asserts) */
    { VO_OP_GATHER_SCALED, "gather_scaled", "GATHER_SCALED", VO_FAM_SCATTERED, 0,
      SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4) | SZ(5), 9,
      { F("exec_size", UB, EXEC), F("pred", UW, PRED), F("block_size", UB, BLOCK_SIZE),
        F("num_blocks", UB, NUM_BLOCKS), F("scale", UW, SCALE), F("surface", UB, SURFACE),
        F("offset", VEC, GOFF), F("element_offset", RAW, EOFF), F("dst", RAW, DATA) }, 0, 0, 0,
      .flags = 0 },
    /* ---- issue 8 ---- */
    { VO_OP_GATHER, "gather", "GATHER", VO_FAM_SCATTERED, 0, 0, 0, 7,
      { F("elt_size", UB, ELT_SIZE), F("is_modified", UB, IS_MODIFIED), F("num_elts", UB, NUM_ELTS),
        F("surface", UB, SURFACE), F("global_offset", VEC, GOFF), F("element_offset", RAW, EOFF),
        F("dst", RAW, DATA) }, 0, 0, 0,
      .flags = VO_DF_SURFACE_LIMITS | VO_DF_ELT_UNITS /* D33, D8 */ },
    /* decision D34: SIMD32 is in the doc but rejected (lowering asserts), as D17 */
    { VO_OP_SCATTER_SCALED, "scatter_scaled", "SCATTER_SCALED", VO_FAM_SCATTERED, 1,
      SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4) | SZ(5), 9,
      { F("exec_size", UB, EXEC), F("pred", UW, PRED), F("block_size", UB, BLOCK_SIZE),
        F("num_blocks", UB, NUM_BLOCKS), F("scale", UW, SCALE), F("surface", UB, SURFACE),
        F("offset", VEC, GOFF), F("element_offset", RAW, EOFF), F("src", RAW, DATA) }, 0, 0, 0,
      .flags = 0 },
    /* decision D35: SIMD1..16 accepted; the doc lists 8 and 16 only (as D17) */
    { VO_OP_GATHER4_SCALED, "gather4_scaled", "GATHER4_SCALED", VO_FAM_FOURCH, 0,
      SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), SZ(3) | SZ(4), 8,
      { F("exec_size", UB, EXEC), F("pred", UW, PRED), F("channels", UB, CHMASK),
        F("scale", UW, SCALE), F("surface", UB, SURFACE), F("offset", VEC, GOFF),
        F("element_offset", RAW, EOFF), F("dst", RAW, DATA) }, 0, 0, 0,
      .flags = 0 },
    { VO_OP_OWORD_LD, "oword_ld", "OWORD_LD", VO_FAM_BLOCK, 0, 0, 0, 5,
      { F("size", UB, OWORD_SIZE), F("is_modified", UB, IS_MODIFIED), F("surface", UB, SURFACE),
        F("offset", VEC, GOFF), F("dst", RAW, DATA) }, 0, 0, 0,
      .flags = 0 },
    { VO_OP_OWORD_LD_UNALIGNED, "oword_ld_unaligned", "OWORD_LD_UNALIGNED", VO_FAM_BLOCK, 0, 0, 0, 5,
      { F("size", UB, OWORD_SIZE), F("is_modified", UB, IS_MODIFIED), F("surface", UB, SURFACE),
        F("offset", VEC, GOFF), F("dst", RAW, DATA) }, 0, 0, 0,
      .flags = VO_DF_BYTE_OFFSET /* D38, D39 */ },
    /* decisions D40-D43: XeHP_SDV+, 1 block, 8-byte lanes, data Q/UQ/DF, no global offset */
    { VO_OP_QW_GATHER, "qw_gather", "QW_GATHER", VO_FAM_SCATTERED, 0,
      SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), 6,
      { F("exec_size", UB, EXEC), F("pred", UW, PRED), F("num_blocks", UB, NUM_BLOCKS),
        F("surface", UB, SURFACE), F("offset", RAW, EOFF), F("dst", RAW, DATA) },
      8, VO_GEN_XEHP_SDV, 1u << VO_T_Q | 1u << VO_T_UQ | 1u << VO_T_DF,
      .num_blocks_codes = 1, .reader_blocks_codes = 4, .doc_min_gen = VO_GEN_PVC, .dvr_tag = 1 + VO_TAG_DVR_QW /* D40, D42 */ },
    { VO_OP_QW_SCATTER, "qw_scatter", "QW_SCATTER", VO_FAM_SCATTERED, 1,
      SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), 6,
      { F("exec_size", UB, EXEC), F("pred", UW, PRED), F("num_blocks", UB, NUM_BLOCKS),
        F("surface", UB, SURFACE), F("offset", RAW, EOFF), F("src", RAW, DATA) },
      8, VO_GEN_XEHP_SDV, 1u << VO_T_Q | 1u << VO_T_UQ | 1u << VO_T_DF,
      .num_blocks_codes = 1, .reader_blocks_codes = 4, .doc_min_gen = VO_GEN_PVC, .dvr_tag = 1 + VO_TAG_DVR_QW /* D40, D42 */ },
    /* DWORD_ATOMIC: DWORD_ATOMIC, no global offset (docs/encoding.md §2.6); SIMD1..16 */
    { VO_OP_DWORD_ATOMIC, "dword_atomic", "DWORD_ATOMIC", VO_FAM_ATOMIC, 1,
      SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), 8,
      { F("op", UB, ATOMIC_OP), F("exec_size", UB, EXEC), F("pred", UW, PRED), F("surface", UB, SURFACE),
        F("element_offset", RAW, EOFF), F("src0", RAW, SRC0), F("src1", RAW, SRC1), F("dst", RAW, DATA) }, 0, 0, 0,
      .flags = VO_DF_SURFACE_LIMITS /* D50 */ },
    /* LSC (issue 14): LSC_FENCE, DG2 and later (decision D100); exec/pred read and ignored (D96) */
    { VO_OP_LSC_FENCE, "lsc_fence", "LSC_FENCE", VO_FAM_LSC_FENCE, 0, SZ(0), SZ(0), 5,
      { F("exec_size", UB, EXEC), F("pred", UW, PRED), F("sfid", UB, LSC_SFID), F("fence_op", UB, FENCE_OP),
        F("scope", UB, SCOPE) }, 0, VO_GEN_DG2, 0,
      .flags = 0 },
    /* legacy FENCE (issue 26): every mask on every platform (decisions D160-D163) */
    { VO_OP_FENCE, "fence", "FENCE", VO_FAM_FENCE, 0, 0, 0, 1, { F("mask", UB, FENCE_MASK) }, 0, 0, 0,
      .flags = 0 },
    /* typed (issue 28): vISA >= 3.2 layout (before: typed31_tab, D333); SIMD8, SIMD16 on XeHP_SDV+ (atomic: PVC+) (D259) */
    { VO_OP_GATHER4_TYPED, "gather4_typed", "GATHER4_TYPED", VO_FAM_TYPED, 0, SZ(3) | SZ(4), SZ(3), 9,
      { F("exec_size", UB, EXEC), F("pred", UW, PRED), F("channels", UB, CHMASK), F("surface", UB, SURFACE),
        F("u", RAW, EOFF), F("v", RAW, TV), F("r", RAW, TR), F("lod", RAW, TLOD), F("dst", RAW, DATA) }, 0, 0, 0,
      .flags = VO_DF_LAYOUT_32 | VO_DF_PRED_UNPRINTED, .simd16_gen = VO_GEN_XEHP_SDV },
    { VO_OP_SCATTER4_TYPED, "scatter4_typed", "SCATTER4_TYPED", VO_FAM_TYPED, 1, SZ(3) | SZ(4), SZ(3), 9,
      { F("exec_size", UB, EXEC), F("pred", UW, PRED), F("channels", UB, CHMASK), F("surface", UB, SURFACE),
        F("u", RAW, EOFF), F("v", RAW, TV), F("r", RAW, TR), F("lod", RAW, TLOD), F("src", RAW, DATA) }, 0, 0, 0,
      .flags = VO_DF_LAYOUT_32 | VO_DF_PRED_UNPRINTED, .simd16_gen = VO_GEN_XEHP_SDV },
    { VO_OP_TYPED_ATOMIC, "typed_atomic", "TYPED_ATOMIC", VO_FAM_TYPED, 1, SZ(3) | SZ(4), SZ(3), 11,
      { F("op", UB, ATOMIC_OP), F("exec_size", UB, EXEC), F("pred", UW, PRED), F("surface", UB, SURFACE),
        F("u", RAW, EOFF), F("v", RAW, TV), F("r", RAW, TR), F("lod", RAW, TLOD), F("src0", RAW, SRC0),
        F("src1", RAW, SRC1), F("dst", RAW, DATA) }, 0, 0, 0,
      .flags = 0, .simd16_gen = VO_GEN_PVC },
};
#define NDESC (sizeof desc_tab / sizeof desc_tab[0])

/* GATHER4_TYPED / SCATTER4_TYPED before vISA 3.2 (decision D333): the channel mask first (inverted in the
 * byte: the decoder and encoder flip bits 3..0), an exec byte whose size nibble 0 means SIMD8, no
 * predicate, no LOD (it reads 0) */
#define TY31(op, mn, doc, w, data) { op, mn, doc, VO_FAM_TYPED, w, SZ(0), SZ(0), 7, \
      { F("channels", UB, CHMASK), F("exec_size", UB, EXEC), F("surface", UB, SURFACE), F("u", RAW, EOFF), \
        F("v", RAW, TV), F("r", RAW, TR), F(data, RAW, DATA) }, 0, 0, 0, .flags = VO_DF_LAYOUT_31 }
static const vo_desc typed31_tab[] = { TY31(VO_OP_GATHER4_TYPED, "gather4_typed", "GATHER4_TYPED", 0, "dst"),
                                       TY31(VO_OP_SCATTER4_TYPED, "scatter4_typed", "SCATTER4_TYPED", 1, "src") };
const vo_desc *vo_desc_typed31(uint8_t opcode)
{
    for (unsigned i = 0; i < 2; i++)
        if (typed31_tab[i].opcode == opcode) return &typed31_tab[i];
    return NULL;
}

/* LSC_UNTYPED (0x89): one descriptor per sub-op, fields in the HEAD reader's
 * order with the surface-state index (decision D110). Block2d (03, 07): issue 27
 * (D190; D111 is superseded). is_write: 1 store, 2 atomic (read-modify-write). */
#define LSC_HEAD F("subop", UB, LSC_SUBOP), F("exec_size", UB, EXEC), F("pred", UW, PRED), \
    F("sfid", UB, LSC_SFID), F("caching_l1", UB, L1), F("caching_l3", UB, L3)
#define LSC_ADDR F("addr_type", UB, ADDR_TYPE), F("addr_scale", UW, ADDR_SCALE), \
    F("addr_imm_offset", UD, ADDR_OFF), F("addr_size", UB, ADDR_SIZE)
#define LSC_SHAPE F("data_size", UB, DATA_SIZE), F("data_order", UB, DATA_ORDER), \
    F("data_elems", UB, DATA_ELEMS), F("chmask", UB, LSC_CHMASK)
#define LSC_SURF F("surface", VEC, LSC_SURF), F("ss_idx", UD, SSIDX)
/* the older layout (issue 25, decision D222): no ss_idx, as IGC 1.0.12504 writes it */
#define LSC_SURF0 F("surface", VEC, LSC_SURF)
#define LSC_AX(sub, mn, w, surf, nf, fl) { VO_OP_LSC_UNTYPED, mn, "LSC_UNTYPED", VO_FAM_LSC, w, 0x3F, 0x3F, nf, \
    { LSC_HEAD, LSC_ADDR, LSC_SHAPE, surf, F("dst", RAW, DATA), F("src0_addrs", RAW, EOFF), \
      F("src1_data", RAW, SRC1), F("src2_data", RAW, SRC2) }, 0, VO_GEN_DG2, 0, .has_subop = 1, .subop = sub, \
      .flags = fl }
#define LSC_BX(sub, mn, w, surf, nf, fl) { VO_OP_LSC_UNTYPED, mn, "LSC_UNTYPED", VO_FAM_LSC, w, 0x3F, 0x3F, nf, \
    { LSC_HEAD, LSC_ADDR, LSC_SHAPE, surf, F("dst", RAW, DATA), F("src0_addr_base", RAW, EOFF), \
      F("src0_addr_pitch", VEC, PITCH), F("src1_data", RAW, SRC1) }, 0, VO_GEN_DG2, 0, .has_subop = 1, \
      .subop = sub, .flags = fl }
#define LSC_CX(sub, mn, surf, nf, fl) { VO_OP_LSC_UNTYPED, mn, "LSC_UNTYPED", VO_FAM_LSC, 2, 0x3F, 0x3F, nf, \
    { LSC_HEAD, F("addr_type", UB, ADDR_TYPE), LSC_SHAPE, surf, F("dst", RAW, DATA), \
      F("src0_data", RAW, SRC1) }, 0, VO_GEN_DG2, 0, .has_subop = 1, .subop = sub, .flags = fl }
#define LSC_A(sub, mn, w) LSC_AX(sub, mn, w, LSC_SURF, 20, 0)
#define LSC_B(sub, mn, w) LSC_BX(sub, mn, w, LSC_SURF, 20, 0)
#define LSC_C(sub, mn) LSC_CX(sub, mn, LSC_SURF, 15, 0)
#define LSC_A0(sub, mn, w) LSC_AX(sub, mn, w, LSC_SURF0, 19, VO_DF_LSC_NO_SSIDX)
#define LSC_B0(sub, mn, w) LSC_BX(sub, mn, w, LSC_SURF0, 19, VO_DF_LSC_NO_SSIDX)
#define LSC_C0(sub, mn) LSC_CX(sub, mn, LSC_SURF0, 14, VO_DF_LSC_NO_SSIDX)
/* the 19 atomics (is_write 2), named <prefix><op>: LSC_UNTYPED's and LSC_TYPED's (issue 28) */
#define LSC_ATOMICS(X, pre) \
    X(0x08, pre "iinc", 2), X(0x09, pre "idec", 2), X(0x0A, pre "load", 2), X(0x0B, pre "store", 2), \
    X(0x0C, pre "iadd", 2), X(0x0D, pre "isub", 2), X(0x0E, pre "smin", 2), X(0x0F, pre "smax", 2), \
    X(0x10, pre "umin", 2), X(0x11, pre "umax", 2), X(0x12, pre "icas", 2), X(0x13, pre "fadd", 2), \
    X(0x14, pre "fsub", 2), X(0x15, pre "fmin", 2), X(0x16, pre "fmax", 2), X(0x17, pre "fcas", 2), \
    X(0x18, pre "and", 2), X(0x19, pre "or", 2), X(0x1A, pre "xor", 2)
/* every sub-op once: A scattered/atomic, B strided, C append counter */
#define LSC_LIST(A, B, C) \
    A(0x00, "lsc_load", 0), B(0x01, "lsc_load_strided", 0), A(0x02, "lsc_load_quad", 0), \
    A(0x04, "lsc_store", 1), B(0x05, "lsc_store_strided", 1), A(0x06, "lsc_store_quad", 1), \
    LSC_ATOMICS(A, "lsc_atomic_"), A(0x1B, "lsc_load_status", 0), A(0x1C, "lsc_store_uncompressed", 1), \
    C(0x28, "lsc_apndctr_atomic_add"), C(0x29, "lsc_apndctr_atomic_sub")
/* block2d (issue 27): the HEAD reader's layout (D190); geometry operands minus 1, shape plain (D191) */
#define LSC_2D(sub, mn, w) { VO_OP_LSC_UNTYPED, mn, "LSC_UNTYPED", VO_FAM_BLOCK2D, w, 0x3F, 0x01, 20, \
    { LSC_HEAD, F("data_size", UB, DATA_SIZE), F("data_order", UB, DATA_ORDER), F("blocks", UB, B2D_BLOCKS), \
      F("block_width", UW, B2D_WIDTH), F("block_height", UW, B2D_HEIGHT), F("vnni", UB, B2D_VNNI), \
      F("dst", RAW, DATA), F("surface_base", VEC, B2D_BASE), F("surface_width", VEC, B2D_SW), \
      F("surface_height", VEC, B2D_SH), F("surface_pitch", VEC, B2D_SP), F("x", VEC, B2D_X), F("y", VEC, B2D_Y), \
      F("src1_data", RAW, SRC1) }, 0, VO_GEN_DG2, 0, .has_subop = 1, .subop = sub }
static const vo_desc lsc_tab[] = { LSC_LIST(LSC_A, LSC_B, LSC_C),
    LSC_2D(0x03, "lsc_load_block2d", 0), LSC_2D(0x07, "lsc_store_block2d", 1) };
#define NLSC (sizeof lsc_tab / sizeof lsc_tab[0])
/* not listed by vo_desc_at: only vo_decode picks it, by the instruction's length (D222) */
static const vo_desc lsc_old_tab[] = { LSC_LIST(LSC_A0, LSC_B0, LSC_C0) };

const vo_desc *vo_desc_for_sub_old(uint8_t subop)
{
    for (unsigned i = 0; i < sizeof lsc_old_tab / sizeof lsc_old_tab[0]; i++)
        if (lsc_old_tab[i].subop == subop) return &lsc_old_tab[i];
    return NULL;
}

/* SVM (0x4E, issue 26): one descriptor per sub-op (D164); the properties
 * byte plays the oword-size role (bits 2..0; D165, D166) */
#define SVM_HEAD F("svm_id", UB, SVM_ID)
static const vo_desc svm_tab[] = {
    { VO_OP_SVM, "svm_block_ld", "SVM_BLOCK_LD", VO_FAM_SVM, 0, 0, 0, 4,
      { SVM_HEAD, F("properties", UB, OWORD_SIZE), F("address", VEC, GOFF), F("dst", RAW, DATA) }, 0, 0, 0,
      .has_subop = 1, .subop = 0x01 },
    { VO_OP_SVM, "svm_block_st", "SVM_BLOCK_ST", VO_FAM_SVM, 1, 0, 0, 4,
      { SVM_HEAD, F("properties", UB, OWORD_SIZE), F("address", VEC, GOFF), F("src", RAW, DATA) }, 0, 0, 0,
      .has_subop = 1, .subop = 0x02 },
    /* SVM_GATHER / SVM_SCATTER: SIMD1..16 (D176); block size and count codes (D175, D177) */
    { VO_OP_SVM, "svm_gather", "SVM_GATHER", VO_FAM_SVM, 0, SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4),
      SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), 7,
      { SVM_HEAD, F("exec_size", UB, EXEC), F("pred", UW, PRED), F("block_size", UB, BLOCK_SIZE),
        F("num_blocks", UB, NUM_BLOCKS), F("addresses", RAW, EOFF), F("dst", RAW, DATA) }, 0, 0, 0,
      .has_subop = 1, .subop = 0x03 },
    { VO_OP_SVM, "svm_scatter", "SVM_SCATTER", VO_FAM_SVM, 1, SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4),
      SZ(0) | SZ(1) | SZ(2) | SZ(3) | SZ(4), 7,
      { SVM_HEAD, F("exec_size", UB, EXEC), F("pred", UW, PRED), F("block_size", UB, BLOCK_SIZE),
        F("num_blocks", UB, NUM_BLOCKS), F("addresses", RAW, EOFF), F("src", RAW, DATA) }, 0, 0, 0,
      .has_subop = 1, .subop = 0x04 },
    /* SVM_ATOMIC (fam_svm_atomic.c): SIMD1..8 (D264); bytes addresses src0 src1 dst (text: addresses dst src0 src1) */
    { VO_OP_SVM, "svm_atomic", "SVM_ATOMIC", VO_FAM_SVM, 1, SZ(0) | SZ(1) | SZ(2) | SZ(3), SZ(0) | SZ(1) | SZ(2) | SZ(3), 8,
      { SVM_HEAD, F("exec_size", UB, EXEC), F("pred", UW, PRED), F("op", UB, ATOMIC_OP), F("addresses", RAW, EOFF),
        F("src0", RAW, SRC0), F("src1", RAW, SRC1), F("dst", RAW, DATA) }, 0, 0, 0,
      .has_subop = 1, .subop = 0x05 },
    /* SVM_GATHER4SCALED / SVM_SCATTER4SCALED: IGC's mnemonics (D272), SIMD8/16 (D273) */
    { VO_OP_SVM, "svm_gather4scaled", "SVM_GATHER4_SCALED", VO_FAM_SVM, 0, SZ(3) | SZ(4), SZ(3) | SZ(4), 8,
      { SVM_HEAD, F("exec_size", UB, EXEC), F("pred", UW, PRED), F("channels", UB, CHMASK), F("scale", UW, SCALE),
        F("address", VEC, GOFF), F("offsets", RAW, EOFF), F("dst", RAW, DATA) }, 0, 0, 0,
      .has_subop = 1, .subop = 0x06 },
    { VO_OP_SVM, "svm_scatter4scaled", "SVM_SCATTER4_SCALED", VO_FAM_SVM, 1, SZ(3) | SZ(4), SZ(3) | SZ(4), 8,
      { SVM_HEAD, F("exec_size", UB, EXEC), F("pred", UW, PRED), F("channels", UB, CHMASK), F("scale", UW, SCALE),
        F("address", VEC, GOFF), F("offsets", RAW, EOFF), F("src", RAW, DATA) }, 0, 0, 0,
      .has_subop = 1, .subop = 0x07 },
};
#define NSVM (sizeof svm_tab / sizeof svm_tab[0])

/* MEDIA_LD / MEDIA_ST (issue 27): the reader's order (D206); after the
 * others in vo_desc_at so earlier indices keep their vectors */
#define MEDIA_F(data) { F("modifiers", UB, MEDIA_MODS), F("surface", UB, SURFACE), F("plane", UB, MEDIA_PLANE), \
    F("block_width", UB, MEDIA_W), F("block_height", UB, MEDIA_H), F("x_offset", VEC, MEDIA_X), \
    F("y_offset", VEC, MEDIA_Y), F(data, RAW, DATA) }
static const vo_desc media_tab[] = {
    { VO_OP_MEDIA_LD, "media_ld", "MEDIA_LD", VO_FAM_MEDIA, 0, 0, 0, 8, MEDIA_F("dst"), 0, 0, 0, .flags = 0 },
    { VO_OP_MEDIA_ST, "media_st", "MEDIA_ST", VO_FAM_MEDIA, 1, 0, 0, 8, MEDIA_F("src"), 0, 0, 0, .flags = 0 },
};
#define NMEDIA (sizeof media_tab / sizeof media_tab[0])

/* LSC_TYPED (0x8A, issue 28): one descriptor per sub-op, fields in the HEAD
 * reader's order (no SFID byte: always tgm; ss_idx after the Surface, a
 * signed immediate offset after U, V and R; decision D280) and the older
 * layout IGC 1.0.12504 writes, without ss_idx and the offsets (D280, as D222) */
#define LSCT_HEAD F("subop", UB, LSC_SUBOP), F("exec_size", UB, EXEC), F("pred", UW, PRED), \
    F("caching_l1", UB, L1), F("caching_l3", UB, L3), F("addr_type", UB, ADDR_TYPE), F("addr_size", UB, ADDR_SIZE), \
    F("data_size", UB, DATA_SIZE), F("data_order", UB, DATA_ORDER), F("data_elems", UB, DATA_ELEMS), \
    F("chmask", UB, LSC_CHMASK)
#define LSCT(sub, mn, w) { VO_OP_LSC_TYPED, mn, "LSC_TYPED", VO_FAM_LSC_TYPED, w, 0x3F, 0x3F, 23, \
    { LSCT_HEAD, F("surface", VEC, LSC_SURF), F("ss_idx", UD, SSIDX), F("dst", RAW, DATA), F("src0_addrs_u", RAW, EOFF), \
      F("u_offset", UD, TUOFF), F("src0_addrs_v", RAW, TV), F("v_offset", UD, TVOFF), F("src0_addrs_r", RAW, TR), \
      F("r_offset", UD, TROFF), F("src0_addrs_lod", RAW, TLOD), F("src1_data", RAW, SRC1), F("src2_data", RAW, SRC2) }, \
    0, VO_GEN_DG2, 0, .has_subop = 1, .subop = sub }
#define LSCT0(sub, mn, w) { VO_OP_LSC_TYPED, mn, "LSC_TYPED", VO_FAM_LSC_TYPED, w, 0x3F, 0x3F, 19, \
    { LSCT_HEAD, F("surface", VEC, LSC_SURF), F("dst", RAW, DATA), F("src0_addrs_u", RAW, EOFF), \
      F("src0_addrs_v", RAW, TV), F("src0_addrs_r", RAW, TR), F("src0_addrs_lod", RAW, TLOD), \
      F("src1_data", RAW, SRC1), F("src2_data", RAW, SRC2) }, \
    0, VO_GEN_DG2, 0, .has_subop = 1, .subop = sub, .flags = VO_DF_LSC_NO_SSIDX }
#define LSCT_LIST(X) X(0x02, "lsc_typed_load_quad", 0), X(0x06, "lsc_typed_store_quad", 1), \
    X(0x1B, "lsc_typed_load_status", 0), X(0x1C, "lsc_typed_store_uncompressed", 1), \
    X(0x1E, "lsc_typed_read_state_info", 0), /* D330-D332 */ \
    LSC_ATOMICS(X, "lsc_typed_atomic_") /* atomics: issue 28, D310 */
/* block2d (0x03, 0x07; fam_lsc_typed_2d.c): the layout IGC writes (IsaDescription: an immediate
 * offset after X and after Y) and, as the older entry, the HEAD reader's without them (D320) */
#define LSCT2D_F(x, y) F("subop", UB, LSC_SUBOP), F("exec_size", UB, EXEC), F("pred", UW, PRED), \
    F("caching_l1", UB, L1), F("caching_l3", UB, L3), F("addr_type", UB, ADDR_TYPE), F("block_width", UW, B2D_WIDTH), \
    F("block_height", UW, B2D_HEIGHT), F("surface", VEC, LSC_SURF), F("ss_idx", UD, SSIDX), F("dst", RAW, DATA), x, y, \
    F("src1_data", RAW, SRC1)
#define LSCT2D(sub, mn, w) { VO_OP_LSC_TYPED, mn, "LSC_TYPED", VO_FAM_LSC_TYPED, w, 0x3F, 0x3F, 16, \
    { LSCT2D_F(F("x", VEC, B2D_X) FC F("x_offset", UD, TUOFF), F("y", VEC, B2D_Y) FC F("y_offset", UD, TVOFF)) }, \
    0, VO_GEN_DG2, 0, .has_subop = 1, .subop = sub }
#define LSCT2D0(sub, mn, w) { VO_OP_LSC_TYPED, mn, "LSC_TYPED", VO_FAM_LSC_TYPED, w, 0x3F, 0x3F, 14, \
    { LSCT2D_F(F("x", VEC, B2D_X), F("y", VEC, B2D_Y)) }, 0, VO_GEN_DG2, 0, .has_subop = 1, .subop = sub }
#define FC ,
static const vo_desc lsct_tab[] = { LSCT_LIST(LSCT), LSCT2D(0x03, "lsc_typed_load_block2d", 0),
    LSCT2D(0x07, "lsc_typed_store_block2d", 1) };
static const vo_desc lsct_old_tab[] = { LSCT_LIST(LSCT0), LSCT2D0(0x03, "lsc_typed_load_block2d", 0),
    LSCT2D0(0x07, "lsc_typed_store_block2d", 1) };
#undef FC
#define NLSCT (sizeof lsct_tab / sizeof lsct_tab[0])

/* not listed by vo_desc_at (decision D340: diff_fuzzer reaches LSC_TYPED from its typed
 * seeds): reached by opcode, and from text by .tgm */
const vo_desc *vo_desc_tgm(uint8_t subop)
{
    for (unsigned i = 0; i < NLSCT; i++)
        if (lsct_tab[i].subop == subop) return &lsct_tab[i];
    return NULL;
}

const vo_desc *vo_desc_for_sub_old2(uint8_t opcode, uint8_t subop)
{
    if (opcode == VO_OP_LSC_UNTYPED) return vo_desc_for_sub_old(subop);
    if (opcode != VO_OP_LSC_TYPED) return NULL;
    for (unsigned i = 0; i < NLSCT; i++)
        if (lsct_old_tab[i].subop == subop) return &lsct_old_tab[i];
    return NULL;
}

const vo_desc *vo_desc_for_sub(uint8_t opcode, uint8_t subop)
{
    if (opcode == VO_OP_SVM) {
        for (unsigned i = 0; i < NSVM; i++)
            if (svm_tab[i].subop == subop) return &svm_tab[i];
        return NULL;
    }
    if (opcode == VO_OP_LSC_TYPED) return vo_desc_tgm(subop);
    if (opcode != VO_OP_LSC_UNTYPED) return NULL;
    for (unsigned i = 0; i < NLSC; i++)
        if (lsc_tab[i].subop == subop) return &lsc_tab[i];
    return NULL;
}

const vo_desc *vo_desc_for(uint8_t opcode)
{
    for (unsigned i = 0; i < NDESC; i++)
        if (desc_tab[i].opcode == opcode) return &desc_tab[i];
    for (unsigned i = 0; i < NMEDIA; i++)
        if (media_tab[i].opcode == opcode) return &media_tab[i];
    if (opcode == VO_OP_LSC_UNTYPED) return &lsc_tab[0];
    if (opcode == VO_OP_SVM) return &svm_tab[0];
    if (opcode == VO_OP_LSC_TYPED) return &lsct_tab[0];
    return NULL;
}
const vo_desc *vo_desc_at(unsigned i)
{
    return i < NDESC ? &desc_tab[i] : i < NDESC + NLSC ? &lsc_tab[i - NDESC]
         : i < NDESC + NLSC + NSVM ? &svm_tab[i - NDESC - NLSC]
         : i < NDESC + NLSC + NSVM + NMEDIA ? &media_tab[i - NDESC - NLSC - NSVM] : NULL;
}
