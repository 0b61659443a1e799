/* bench: throughput of vo_run (state copy + decode + validate + execute) for
 * the legacy data-port instructions at two widths, against a plain memcpy of
 * the bytes the instruction moves. QW_GATHER / QW_SCATTER run on XeHP_SDV
 * (decision D40) with a UQ data variable V34 (uq[32]) added to the state.
 *
 *   ./build/bench            all cases, >= 0.3 s each
 *   ./build/bench 1.0        >= 1.0 s each
 *
 * Inputs are fixed (no randomness): a TGLLP state (GRF 32, vISA 3.6) with
 *   V32 ud[16]  element offsets (lane-strided so no two lanes collide)
 *   V33 ud[64]  data (256 bytes: SIMD16 x 4 channels)
 *   T6, %slm, %scratch: 64 KiB surfaces; T6 holds 4 KiB of non-zero bytes
 * and the execution mask all ones. "bytes" is the sum of the sizes of the
 * memory accesses vo_run reports for the instruction (each moves that many
 * bytes between a surface and a variable); the memcpy column copies exactly
 * that many bytes once per iteration. ratio = ns per vo_run / ns per memcpy.
 * vo_run's time includes copying the whole input state into the result
 * (it is a pure function), which dominates for small instructions. */
#define _POSIX_C_SOURCE 199309L
#include "visa_oracle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* a memcpy the compiler cannot drop or fold */
static void *(*volatile memcpy_fn)(void *, const void *, size_t) = memcpy;

typedef struct bcase {
    const char *label;  /* width label for the table */
    uint8_t bytes[VO_MAX_INSN_BYTES];
    size_t n;
    uint32_t eoff_stride; /* element offset of lane i = i * stride */
    int qw;               /* QW ops: XeHP_SDV and the UQ data variable V34; 2: LSC (DG2); 3-5 LSC state; 6 media; 7 typed; 8 LSC_TYPED */
} bcase;

/* Encoders for the seed opcodes (docs/encoding.md §2.1-2.4; vISA >= 3.4, so
 * variable ids are 4 bytes). Operands: immediate global offset 0, element
 * offsets V32.0, data V33.0, surface T6. */
static size_t put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
    return 4;
}
static size_t put_imm0(uint8_t *p) { p[0] = 0x05; p[1] = 0x00; return 2 + put_u32(p + 2, 0); }
static size_t put_raw(uint8_t *p, uint32_t id) { size_t k = put_u32(p, id); p[k] = 0; p[k + 1] = 0; return k + 2; }

static size_t enc_scatter4_scaled(uint8_t *b, uint8_t exec)
{
    size_t k = 0;
    b[k++] = VO_OP_SCATTER4_SCALED; b[k++] = exec; b[k++] = 0; b[k++] = 0; /* pred */
    b[k++] = 0x0F;                                                          /* RGBA */
    b[k++] = 0; b[k++] = 0;                                                 /* scale */
    b[k++] = 6;                                                             /* T6 */
    k += put_imm0(b + k);
    k += put_raw(b + k, 32);
    k += put_raw(b + k, 33);
    return k;
}
static size_t enc_scatter(uint8_t *b, uint8_t num_elts)
{
    size_t k = 0;
    b[k++] = VO_OP_SCATTER; b[k++] = 2; /* 4-byte elements */
    b[k++] = num_elts; b[k++] = 6;
    k += put_imm0(b + k);
    k += put_raw(b + k, 32);
    k += put_raw(b + k, 33);
    return k;
}
static size_t enc_gather_scaled(uint8_t *b, uint8_t exec)
{
    size_t k = 0;
    b[k++] = VO_OP_GATHER_SCALED; b[k++] = exec; b[k++] = 0; b[k++] = 0; /* pred */
    b[k++] = 0;          /* block_size */
    b[k++] = 2;          /* num_blocks: 4 bytes per lane */
    b[k++] = 0; b[k++] = 0; /* scale */
    b[k++] = 6;
    k += put_imm0(b + k);
    k += put_raw(b + k, 32);
    k += put_raw(b + k, 33);
    return k;
}
static size_t enc_oword_st(uint8_t *b, uint8_t size_code)
{
    size_t k = 0;
    b[k++] = VO_OP_OWORD_ST; b[k++] = size_code; b[k++] = 6;
    k += put_imm0(b + k);
    k += put_raw(b + k, 33);
    return k;
}

/* ---- issue 8: the other seven (docs/encoding.md §2.1-2.5) ---- */
static size_t enc_gather(uint8_t *b, uint8_t num_elts)
{
    size_t k = 0;
    b[k++] = VO_OP_GATHER; b[k++] = 2; /* 4-byte elements */
    b[k++] = 0;                        /* is_modified */
    b[k++] = num_elts; b[k++] = 6;
    k += put_imm0(b + k);
    k += put_raw(b + k, 32);
    k += put_raw(b + k, 33);
    return k;
}
static size_t enc_scaled(uint8_t *b, uint8_t op, uint8_t exec)
{
    size_t k = enc_gather_scaled(b, exec);
    b[0] = op; /* SCATTER_SCALED has GATHER_SCALED's layout */
    return k;
}
static size_t enc_4scaled(uint8_t *b, uint8_t op, uint8_t exec)
{
    size_t k = enc_scatter4_scaled(b, exec);
    b[0] = op; /* GATHER4_SCALED has SCATTER4_SCALED's layout */
    return k;
}
static size_t enc_oword_ld(uint8_t *b, uint8_t op, uint8_t size_code)
{
    size_t k = 0;
    b[k++] = op; b[k++] = size_code; b[k++] = 0; /* is_modified */
    b[k++] = 6;
    k += put_imm0(b + k);
    k += put_raw(b + k, 33);
    return k;
}
static size_t enc_qw(uint8_t *b, uint8_t op, uint8_t exec)
{
    size_t k = 0;
    b[k++] = op; b[k++] = exec; b[k++] = 0; b[k++] = 0; /* pred */
    b[k++] = 0;                                         /* num_blocks: 1 */
    b[k++] = 6;
    k += put_raw(b + k, 32);
    k += put_raw(b + k, 34);
    return k;
}
/* DWORD_ATOMIC: DWORD_ATOMIC op exec pred surface eoff src0 src1 dst (T6, add, dst V33 = src0) */
static size_t enc_dword_atomic(uint8_t *b, uint8_t op, uint8_t exec)
{
    size_t k = 0;
    b[k++] = 0x7D; b[k++] = op; b[k++] = exec; b[k++] = 0; b[k++] = 0; b[k++] = 6;
    k += put_raw(b + k, 32);
    k += put_raw(b + k, 33);
    k += put_raw(b + k, op == 0x07 ? 33 : 0); /* src1: cmpxchg only */
    k += put_raw(b + k, 33);
    return k;
}

/* LSC_UNTYPED (issue 14), the layout of decision D110 with 4-byte ids:
 *   89 subop exec pred(uw) sfid l1 l3 addr_type scale(uw) imm_offset(d) addr_size
 *   data_size order elems chmask Surface ss_idx(ud) dst src0 src1 src2
 * (strided: dst src0 pitch src1). Rows run on DG2 (GRF 32) with the LSC state
 * of lsc_state: a flat region at 0x100000000 (64 KiB, 4 KiB non-zero),
 * binding-table entry 1 -> T6, V36 uq[16] a64 addresses, V37 ud[16] a32
 * offsets (both lane-strided by 16 bytes, or all 0 for the one-address
 * atomic), V33 the data (ud[64]: SIMD16 x 4 components). */
static size_t enc_lsc(uint8_t *b, uint8_t sub, uint8_t exec, uint8_t at, uint8_t asz, uint8_t ds, uint8_t order,
                      uint8_t elems, uint8_t chm, uint32_t surf)
{
    size_t k = 0;
    int store = sub == 0x04 || sub == 0x05 || sub == 0x06, strided = sub == 0x01 || sub == 0x05;
    int atomic = sub >= 0x08 && sub <= 0x1A;
    b[k++] = 0x89; b[k++] = sub; b[k++] = exec; b[k++] = 0; b[k++] = 0; /* pred */
    b[k++] = 0; b[k++] = 0; b[k++] = 0;                                  /* ugm, df, df */
    b[k++] = at; b[k++] = 1; b[k++] = 0;                                 /* scale 1 */
    k += put_u32(b + k, 0);                                              /* imm offset */
    b[k++] = asz; b[k++] = ds; b[k++] = order; b[k++] = elems; b[k++] = chm;
    b[k++] = 0x05; b[k++] = VO_T_UD; k += put_u32(b + k, surf);         /* Surface */
    k += put_u32(b + k, 0);                                              /* ss_idx */
    k += put_raw(b + k, store ? 0 : 33);                                 /* dst */
    k += put_raw(b + k, asz == 3 ? 36 : 37);                             /* src0 */
    if (strided) { b[k++] = 0x05; b[k++] = VO_T_UD; k += put_u32(b + k, 16); } /* pitch */
    k += put_raw(b + k, store ? 33 : atomic ? 38 : 0);                   /* src1 */
    if (!strided) k += put_raw(b + k, 0);                                /* src2 */
    return k;
}

/* LSC_UNTYPED block2d (issue 27), the layout of D190: a 64 B x 64 row surface,
 * pitch 128, in the flat region at 0x100000000 of lsc_state (run on PVC);
 * dst / src1 V40 (ud[1024]) */
static size_t enc_b2d(uint8_t *b, uint8_t sub, uint8_t ds, uint8_t order, uint8_t blocks, uint16_t w, uint16_t h,
                      uint8_t vnni)
{
    size_t k = 0;
    b[k++] = 0x89; b[k++] = sub; b[k++] = 0x80; b[k++] = 0; b[k++] = 0; b[k++] = 0; b[k++] = 0; b[k++] = 0;
    b[k++] = ds; b[k++] = order; b[k++] = blocks; b[k++] = (uint8_t)w; b[k++] = (uint8_t)(w >> 8);
    b[k++] = (uint8_t)h; b[k++] = (uint8_t)(h >> 8); b[k++] = vnni;
    k += put_raw(b + k, sub == 0x07 ? 0 : 40);                                           /* dst */
    b[k++] = 0x05; b[k++] = VO_T_UQ; k += put_u32(b + k, 0); k += put_u32(b + k, 1);     /* base 2^32 */
    b[k++] = 0x05; b[k++] = VO_T_UD; k += put_u32(b + k, 63);                            /* width - 1 */
    b[k++] = 0x05; b[k++] = VO_T_UD; k += put_u32(b + k, 63);                            /* height - 1 */
    b[k++] = 0x05; b[k++] = VO_T_UD; k += put_u32(b + k, 127);                           /* pitch - 1 */
    b[k++] = 0x05; b[k++] = VO_T_D; k += put_u32(b + k, 4);                              /* X */
    b[k++] = 0x05; b[k++] = VO_T_D; k += put_u32(b + k, 2);                              /* Y */
    k += put_raw(b + k, sub == 0x07 ? 40 : 0);                                           /* src1 */
    return k;
}

/* block2d prefetch (D200): the load's encoding with a %null destination */
static size_t enc_b2d_prefetch(uint8_t *b, uint8_t ds, uint16_t w, uint16_t h)
{
    size_t k = enc_b2d(b, 0x03, ds, 1, 1, w, h, 0);
    put_u32(b + 16, 0); /* dst id: after the 16 bytes opcode..vnni */
    return k;
}

/* MEDIA_LD / MEDIA_ST (issue 27, D206): mods 0, T6 (given a 2D geometry by
 * the case: 256 B x 64 rows, pitch 256, 4-byte pixels), plane 0, block width
 * w bytes x h rows at (x, y), data V33 */
static size_t enc_media(uint8_t *b, uint8_t op, uint8_t w, uint8_t h, uint32_t x, uint32_t y)
{
    size_t k = 0;
    b[k++] = op; b[k++] = 0; b[k++] = 6; b[k++] = 0; b[k++] = w; b[k++] = h;
    b[k++] = 0x05; b[k++] = VO_T_UD; k += put_u32(b + k, x);
    b[k++] = 0x05; b[k++] = VO_T_UD; k += put_u32(b + k, y);
    k += put_raw(b + k, 33);
    return k;
}

/* SVM_ATOMIC (issue 26): 4e 05, exec, pred 0, op, addresses V36 (UQ, lsc_state), src0, src1, dst */
static size_t enc_svm_atomic(uint8_t *b, uint8_t op, uint8_t exec, uint32_t s0, uint32_t s1, uint32_t dst)
{
    size_t k = 0;
    b[k++] = 0x4E; b[k++] = 0x05; b[k++] = exec; b[k++] = 0; b[k++] = 0; b[k++] = op;
    k += put_raw(b + k, 36);
    k += put_raw(b + k, s0);
    k += put_raw(b + k, s1);
    k += put_raw(b + k, dst);
    return k;
}

/* SVM (issue 26): 4e <sub>; block (01/02): properties = arg, address UQ immediate 2^32, data V33;
 * gather/scatter (03/04): exec, pred 0, block_size = arg (1: dwords), 1 block, addresses V36, data V33;
 * 4-channel (06/07): exec, pred 0, channels = arg, scale 0, address UQ immediate base, offsets V36, data V33 */
static size_t enc_svm(uint8_t *b, uint8_t sub, uint8_t exec, uint8_t arg, uint32_t base_hi)
{
    size_t k = 0;
    b[k++] = 0x4E; b[k++] = sub;
    if (sub <= 2) {
        b[k++] = exec;
        b[k++] = 0x05; b[k++] = VO_T_UQ; k += put_u32(b + k, 0); k += put_u32(b + k, 1);
        return k + put_raw(b + k, 33);
    }
    b[k++] = exec; b[k++] = 0; b[k++] = 0;
    if (sub <= 4) {
        b[k++] = arg; b[k++] = 0;
        k += put_raw(b + k, 36);
        return k + put_raw(b + k, 33);
    }
    b[k++] = arg; b[k++] = 0; b[k++] = 0;
    b[k++] = 0x05; b[k++] = VO_T_UQ; k += put_u32(b + k, 0); k += put_u32(b + k, base_hi);
    k += put_raw(b + k, 36);
    return k + put_raw(b + k, 33);
}

/* typed (issue 28), qw 7: T6 viewed as a 2D 64 x 64 r32g32b32a32_float surface (all of its 65536 bytes);
 * U = V32 (lane i: i), V = V41 (lane i: i % 4); GATHER4_TYPED / SCATTER4_TYPED RGBA into V33, TYPED_ATOMIC
 * op with src0 V33 into V42 */
static size_t enc_typed(uint8_t *b, uint8_t op, uint8_t aop)
{
    size_t k = 0;
    b[k++] = op;
    if (op == VO_OP_TYPED_ATOMIC) b[k++] = aop;
    b[k++] = 0x03;                                                     /* SIMD8 */
    b[k++] = 0; b[k++] = 0;                                            /* no predicate */
    if (op != VO_OP_TYPED_ATOMIC) b[k++] = 0x0F;                       /* RGBA */
    b[k++] = 6;
    k += put_raw(b + k, 32); k += put_raw(b + k, 41); k += put_raw(b + k, 0); k += put_raw(b + k, 0); /* U V R LOD */
    if (op == VO_OP_TYPED_ATOMIC) { k += put_raw(b + k, 33); k += put_raw(b + k, 0); k += put_raw(b + k, 42); }
    else k += put_raw(b + k, 33);
    return k;
}
static int typed_state(vo_state *s)
{
    vo_var *v = vo_state_add_var(s, 41, VO_T_UD, 16);
    if (!v || !vo_state_add_var(s, 42, VO_T_UD, 16) || !vo_state_add_typed(s, 6, VO_TD_2D, VO_TF_R32G32B32A32_FLOAT, 64, 64, 1))
        return -1;
    for (uint32_t i = 0; i < 16; i++) put_u32(v->data + 4 * i, i % 4);
    vo_state_sort(s);
    return 0;
}

/* LSC_TYPED (issue 28), qw 8: the typed state of qw 7 on DG2, T6 at bti 0; sub-op sub, SIMD8, U = V32,
 * V = V41, data V33 (dst of a load, src1 of a store); chmask xyzw for the quads, x1 for store_uncompressed */
static size_t enc_lsct(uint8_t *b, uint8_t sub)
{
    size_t k = 0;
    int quad = sub == 0x02 || sub == 0x06, store = sub == 0x06 || sub == 0x1C;
    b[k++] = VO_OP_LSC_TYPED; b[k++] = sub; b[k++] = 0x03; b[k++] = 0; b[k++] = 0; /* SIMD8, no predicate */
    b[k++] = 0; b[k++] = 0; b[k++] = 4; b[k++] = 2; b[k++] = 3; b[k++] = 1;        /* .df.df bti a32 d32 */
    b[k++] = quad ? 0 : 1; b[k++] = quad ? 0x0F : 0;                                /* x1 / xyzw */
    b[k++] = 0x05; b[k++] = VO_T_UD; k += put_u32(b + k, 0); k += put_u32(b + k, 0); /* bti(0), ss_idx 0 */
    k += put_raw(b + k, store ? 0 : 33);
    k += put_raw(b + k, 32); k += put_u32(b + k, 0); k += put_raw(b + k, 41); k += put_u32(b + k, 0);
    k += put_raw(b + k, 0); k += put_u32(b + k, 0); k += put_raw(b + k, 0);        /* R, LOD %null */
    k += put_raw(b + k, store ? 33 : 0);
    return k + put_raw(b + k, 0);
}

static int lsc_state(vo_state *s, int one_addr)
{
    vo_platform_lookup("DG2", &s->platform);
    s->platform.visa_version = 306;
    vo_var *a64 = vo_state_add_var(s, 36, VO_T_UQ, 16), *a32 = vo_state_add_var(s, 37, VO_T_UD, 16);
    vo_var *src = vo_state_add_var(s, 38, VO_T_UD, 16);
    if (!a64 || !a32 || !src) return -1;
    for (uint32_t i = 0; i < 16; i++) {
        uint64_t a = 0x100000000ull + (one_addr ? 0 : 64u * i);
        put_u32(a64->data + 8 * i, (uint32_t)a);
        put_u32(a64->data + 8 * i + 4, (uint32_t)(a >> 32));
        put_u32(a32->data + 4 * i, one_addr ? 0 : 64u * i);
        put_u32(src->data + 4 * i, i + 1);
    }
    vo_region *rg = vo_state_add_region(s, 0x100000000ull, 65536);
    if (!rg || !vo_state_add_bti(s, 1, 6)) return -1;
    uint8_t page[4096];
    for (unsigned i = 0; i < sizeof page; i++) page[i] = (uint8_t)(i * 13u + 5u);
    if (vo_flat_write(s, 0x100000000ull, sizeof page, page) != 0) return -1;
    vo_state_sort(s);
    return 0;
}

static int build_state(vo_state *s, uint32_t eoff_stride)
{
    vo_state_init(s);
    s->exec_mask = 0xFFFFFFFFu;
    vo_var *off = vo_state_add_var(s, 32, VO_T_UD, 16);
    vo_var *dat = vo_state_add_var(s, 33, VO_T_UD, 64);
    if (!off || !dat) return -1;
    for (uint32_t i = 0; i < 16; i++) put_u32(off->data + 4 * i, i * eoff_stride);
    for (uint32_t i = 0; i < 64; i++) put_u32(dat->data + 4 * i, 0x9E3779B1u * (i + 1));
    vo_surface *t6 = vo_state_add_surface(s, 6, 65536);
    if (!t6 || !vo_state_add_surface(s, 0, 65536) || !vo_state_add_surface(s, 5, 65536)) return -1;
    uint8_t page[4096];
    for (unsigned i = 0; i < sizeof page; i++) page[i] = (uint8_t)(i * 31u + 7u);
    if (vo_surface_write(s, t6, 0, page, sizeof page) != 0) return -1;
    vo_state_sort(s);
    return 0;
}

int main(int argc, char **argv)
{
    double min_s = argc > 1 ? atof(argv[1]) : 0.3;
    if (!(min_s > 0)) min_s = 0.3;

    bcase cases[64];
    unsigned nc = 0;
    /* SIMD8 = exec code 3, SIMD16 = code 4 (mask M1); SCATTER: num_elts code 0 = 8, 1 = 16 */
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 16, 0 }; cases[nc].n = enc_scatter4_scaled(cases[nc].bytes, 0x03); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 16, 0 }; cases[nc].n = enc_scatter4_scaled(cases[nc].bytes, 0x04); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 1, 0 }; cases[nc].n = enc_scatter(cases[nc].bytes, 0x00); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 1, 0 }; cases[nc].n = enc_scatter(cases[nc].bytes, 0x01); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 4, 0 }; cases[nc].n = enc_gather_scaled(cases[nc].bytes, 0x03); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 4, 0 }; cases[nc].n = enc_gather_scaled(cases[nc].bytes, 0x04); nc++;
    /* OWORD_ST has no exec size; 8 and 16 stand for 4 and 8 owords (64 / 128 bytes) */
    cases[nc] = (bcase){ "4 ow", {0}, 0, 0, 0 }; cases[nc].n = enc_oword_st(cases[nc].bytes, 2); nc++;
    cases[nc] = (bcase){ "8 ow", {0}, 0, 0, 0 }; cases[nc].n = enc_oword_st(cases[nc].bytes, 3); nc++;
    /* issue 8 */
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 1, 0 }; cases[nc].n = enc_gather(cases[nc].bytes, 0x00); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 1, 0 }; cases[nc].n = enc_gather(cases[nc].bytes, 0x01); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 4, 0 }; cases[nc].n = enc_scaled(cases[nc].bytes, VO_OP_SCATTER_SCALED, 0x03); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 4, 0 }; cases[nc].n = enc_scaled(cases[nc].bytes, VO_OP_SCATTER_SCALED, 0x04); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 16, 0 }; cases[nc].n = enc_4scaled(cases[nc].bytes, VO_OP_GATHER4_SCALED, 0x03); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 16, 0 }; cases[nc].n = enc_4scaled(cases[nc].bytes, VO_OP_GATHER4_SCALED, 0x04); nc++;
    cases[nc] = (bcase){ "4 ow", {0}, 0, 0, 0 }; cases[nc].n = enc_oword_ld(cases[nc].bytes, VO_OP_OWORD_LD, 2); nc++;
    cases[nc] = (bcase){ "8 ow", {0}, 0, 0, 0 }; cases[nc].n = enc_oword_ld(cases[nc].bytes, VO_OP_OWORD_LD, 3); nc++;
    cases[nc] = (bcase){ "4 ow", {0}, 0, 0, 0 }; cases[nc].n = enc_oword_ld(cases[nc].bytes, VO_OP_OWORD_LD_UNALIGNED, 2); nc++;
    cases[nc] = (bcase){ "8 ow", {0}, 0, 0, 0 }; cases[nc].n = enc_oword_ld(cases[nc].bytes, VO_OP_OWORD_LD_UNALIGNED, 3); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 8, 1 }; cases[nc].n = enc_qw(cases[nc].bytes, VO_OP_QW_GATHER, 0x03); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 8, 1 }; cases[nc].n = enc_qw(cases[nc].bytes, VO_OP_QW_GATHER, 0x04); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 8, 1 }; cases[nc].n = enc_qw(cases[nc].bytes, VO_OP_QW_SCATTER, 0x03); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 8, 1 }; cases[nc].n = enc_qw(cases[nc].bytes, VO_OP_QW_SCATTER, 0x04); nc++;
    /* DWORD_ATOMIC: DWORD_ATOMIC add SIMD16, lanes on 16 addresses / all on one (a serializable entry) */
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 4, 0 }; cases[nc].n = enc_dword_atomic(cases[nc].bytes, 0x00, 0x04); nc++;
    cases[nc] = (bcase){ "1 addr", {0}, 0, 0, 0 }; cases[nc].n = enc_dword_atomic(cases[nc].bytes, 0x00, 0x04); nc++;
    cases[nc] = (bcase){ "1 addr", {0}, 0, 0, 0 }; cases[nc].n = enc_dword_atomic(cases[nc].bytes, 0x07, 0x04); nc++;
    /* LSC (issue 14): LSC_FENCE ugm.evict.gpu (exec 0x80, pred 0, sfid 0, op 1, scope 3) on DG2 */
    cases[nc] = (bcase){ "SIMD1", { 0x8B, 0x80, 0x00, 0x00, 0x00, 0x01, 0x03 }, 7, 0, 2 }; nc++;
    /* legacy FENCE (issue 26): fence_local.E (5c 21) on DG2, fence_sw with flush bits (5c ff) */
    cases[nc] = (bcase){ "-", { 0x5C, 0x21 }, 2, 0, 2 }; nc++;
    cases[nc] = (bcase){ "-", { 0x5C, 0xFF }, 2, 0, 2 }; nc++;
    /* LSC_UNTYPED (issue 14), qw 3 = the LSC state (4: all lanes on one address): loads, stores, quad,
     * strided, transposed, atomics; flat a64 and bti a32 */
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_lsc(cases[nc].bytes, 0x00, 0x04, 1, 3, 3, 1, 1, 0, 0); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_lsc(cases[nc].bytes, 0x00, 0x04, 4, 2, 3, 1, 4, 0, 1); nc++;
    cases[nc] = (bcase){ "SIMD1", {0}, 0, 0, 3 }; cases[nc].n = enc_lsc(cases[nc].bytes, 0x00, 0x00, 1, 3, 3, 2, 8, 0, 0); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_lsc(cases[nc].bytes, 0x01, 0x04, 1, 3, 3, 1, 2, 0, 0); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_lsc(cases[nc].bytes, 0x02, 0x04, 4, 2, 3, 1, 0, 0xF, 1); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_lsc(cases[nc].bytes, 0x04, 0x04, 1, 3, 3, 1, 1, 0, 0); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_lsc(cases[nc].bytes, 0x05, 0x04, 4, 2, 3, 1, 2, 0, 1); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_lsc(cases[nc].bytes, 0x06, 0x04, 1, 3, 3, 1, 0, 0xF, 0); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_lsc(cases[nc].bytes, 0x0C, 0x04, 1, 3, 3, 1, 1, 0, 0); nc++;
    cases[nc] = (bcase){ "1 addr", {0}, 0, 0, 4 }; cases[nc].n = enc_lsc(cases[nc].bytes, 0x0C, 0x04, 4, 2, 3, 1, 1, 0, 1); nc++;
    /* block2d (issue 27), qw 5 = the LSC state on PVC with V40: d16 2x16x8nn, VNNI d8 16x32nt, transposed
     * d32 8x16tn, store d32 16x8nn */
    cases[nc] = (bcase){ "2x16x8", {0}, 0, 0, 5 }; cases[nc].n = enc_b2d(cases[nc].bytes, 0x03, 2, 1, 2, 16, 8, 0); nc++;
    cases[nc] = (bcase){ "16x32v", {0}, 0, 0, 5 }; cases[nc].n = enc_b2d(cases[nc].bytes, 0x03, 1, 1, 1, 16, 32, 1); nc++;
    cases[nc] = (bcase){ "8x16t", {0}, 0, 0, 5 }; cases[nc].n = enc_b2d(cases[nc].bytes, 0x03, 3, 2, 1, 8, 16, 0); nc++;
    cases[nc] = (bcase){ "16x8", {0}, 0, 0, 5 }; cases[nc].n = enc_b2d(cases[nc].bytes, 0x07, 3, 1, 1, 16, 8, 0); nc++;
    /* block2d prefetch d32 16x8 (D200: the rules of a load, no state change); MEDIA_LD / MEDIA_ST on TGLLP,
     * qw 6 = T6 with a media geometry: 32 B x 8 rows inside, and a load whose right half is past the
     * edge (X 240: the edge pixel replicated, D207) */
    cases[nc] = (bcase){ "16x8", {0}, 0, 0, 5 }; cases[nc].n = enc_b2d_prefetch(cases[nc].bytes, 3, 16, 8); nc++;
    cases[nc] = (bcase){ "32x8", {0}, 0, 0, 6 }; cases[nc].n = enc_media(cases[nc].bytes, 0x37, 32, 8, 64, 4); nc++;
    cases[nc] = (bcase){ "32x8e", {0}, 0, 0, 6 }; cases[nc].n = enc_media(cases[nc].bytes, 0x37, 32, 8, 240, 4); nc++;
    cases[nc] = (bcase){ "32x8", {0}, 0, 0, 6 }; cases[nc].n = enc_media(cases[nc].bytes, 0x38, 32, 8, 64, 4); nc++;

    /* SVM_ATOMIC (issue 26) on the LSC state (DG2): add SIMD8 with returns, all lanes on one address,
     * cmpxchg.64 (src0 = src1 = the addresses V36, no dst) */
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 0, 3 }; cases[nc].n = enc_svm_atomic(cases[nc].bytes, 0x00, 0x03, 38, 0, 37); nc++;
    cases[nc] = (bcase){ "1 addr", {0}, 0, 0, 4 }; cases[nc].n = enc_svm_atomic(cases[nc].bytes, 0x00, 0x03, 38, 0, 37); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 0, 3 }; cases[nc].n = enc_svm_atomic(cases[nc].bytes, 0x47, 0x03, 36, 36, 0); nc++;

    /* SVM (issue 26), qw 3 = the LSC state on DG2 (flat region at 2^32, V36 UQ lane addresses 2^32 + 64 i):
     * block ld/st 8 owords at 2^32, gather/scatter SIMD16 dword blocks, 4-channel SIMD16 RGBA (base 0 + V36);
     * SVM_ATOMIC's rows: branch svmatom */
    cases[nc] = (bcase){ "8 ow", {0}, 0, 0, 3 }; cases[nc].n = enc_svm(cases[nc].bytes, 0x01, 0x03, 0, 0); nc++;
    cases[nc] = (bcase){ "8 ow", {0}, 0, 0, 3 }; cases[nc].n = enc_svm(cases[nc].bytes, 0x02, 0x03, 0, 0); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_svm(cases[nc].bytes, 0x03, 0x04, 1, 0); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_svm(cases[nc].bytes, 0x04, 0x04, 1, 0); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_svm(cases[nc].bytes, 0x06, 0x04, 0x0F, 0); nc++;
    cases[nc] = (bcase){ "SIMD16", {0}, 0, 0, 3 }; cases[nc].n = enc_svm(cases[nc].bytes, 0x07, 0x04, 0x0F, 0); nc++;

    /* typed (issue 28), qw 7: GATHER4_TYPED, SCATTER4_TYPED RGBA, TYPED_ATOMIC add, SIMD8 on TGLLP */
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 1, 7 }; cases[nc].n = enc_typed(cases[nc].bytes, VO_OP_GATHER4_TYPED, 0); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 1, 7 }; cases[nc].n = enc_typed(cases[nc].bytes, VO_OP_SCATTER4_TYPED, 0); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 1, 7 }; cases[nc].n = enc_typed(cases[nc].bytes, VO_OP_TYPED_ATOMIC, 0x00); nc++;
    /* LSC_TYPED (issue 28), qw 8: load_quad, store_quad xyzw, store_uncompressed, SIMD8 on DG2 */
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 1, 8 }; cases[nc].n = enc_lsct(cases[nc].bytes, 0x02); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 1, 8 }; cases[nc].n = enc_lsct(cases[nc].bytes, 0x06); nc++;
    cases[nc] = (bcase){ "SIMD8", {0}, 0, 1, 8 }; cases[nc].n = enc_lsct(cases[nc].bytes, 0x1C); nc++;

    printf("visa-oracle %s bench: vo_run (copy + decode + validate + execute), >= %.2f s per case\n",
           VO_VERSION_STRING, min_s);
    printf("%-52s %-7s %6s %12s %10s %10s %8s\n", "instruction", "width", "bytes", "insn/s", "ns/insn",
           "memcpy ns", "ratio");
    int rc = 0;
    uint8_t *src = calloc(1, 4096), *dst = calloc(1, 4096);
    if (!src || !dst) return 1;
    /* VO_BENCH_CASE=k runs only row k (0-based): for instruction counts under callgrind */
    const char *only = getenv("VO_BENCH_CASE");
    for (unsigned c = 0; c < nc; c++) {
        if (only && *only && (unsigned)atoi(only) != c) continue;
        vo_state st;
        if (build_state(&st, cases[c].eoff_stride) != 0) {
            fprintf(stderr, "bench: cannot build the state\n");
            return 1;
        }
        if (cases[c].qw == 6) { /* MEDIA_LD / MEDIA_ST: T6's 2D geometry (D205) */
            vo_surface *t6 = vo_state_surface(&st, 6);
            if (!t6) return 1;
            t6->m_width = 256; t6->m_height = 64; t6->m_pitch = 256; t6->m_pixel = 4;
        } else if (cases[c].qw == 7 || cases[c].qw == 8) { /* typed; 8: LSC_TYPED on DG2, T6 at bti 0 */
            if (typed_state(&st) != 0) return 1;
            if (cases[c].qw == 8) {
                uint16_t ver = st.platform.visa_version;
                vo_platform_lookup("DG2", &st.platform);
                st.platform.visa_version = ver;
                if (!vo_state_add_bti(&st, 0, 6)) return 1;
                vo_state_sort(&st);
            }
        } else if (cases[c].qw >= 3) { /* LSC_UNTYPED */
            if (lsc_state(&st, cases[c].qw == 4) != 0) return 1;
            if (cases[c].qw == 5) { /* block2d: PVC, V40 */
                uint16_t ver = st.platform.visa_version;
                vo_platform_lookup("PVC", &st.platform);
                st.platform.visa_version = ver;
                if (!vo_state_add_var(&st, 40, VO_T_UD, 1024)) return 1;
            }
        } else if (cases[c].qw) { /* D40: XeHP_SDV+; data Q/UQ/DF */
            uint16_t ver = st.platform.visa_version;
            vo_platform_lookup(cases[c].qw == 2 ? "DG2" : "XeHP_SDV", &st.platform);
            st.platform.visa_version = ver;
            vo_var *q = vo_state_add_var(&st, 34, VO_T_UQ, 32);
            if (!q) return 1;
            for (uint32_t i = 0; i < 64; i++) put_u32(q->data + 4 * i, 0x7F4A7C15u * (i + 1));
            vo_state_sort(&st);
        }
        char text[160] = "?";
        vo_insn insn;
        vo_error err;
        if (vo_decode(cases[c].bytes, cases[c].n, st.platform.visa_version, &insn, &err) == 0)
            vo_disasm(&insn, text, sizeof text);
        vo_result r;
        vo_result_init(&r);
        vo_status status = vo_run(&st, cases[c].bytes, cases[c].n, &r);
        if (status != VO_OK) {
            printf("%-52s %-7s  not ok: %s %s (%s)\n", text, cases[c].label, vo_status_name(status),
                   vo_errcode_name(r.err.code), r.err.message);
            rc = 1;
            vo_result_free(&r);
            vo_state_free(&st);
            continue;
        }
        size_t moved = 0;
        for (uint32_t i = 0; i < r.nacc; i++) moved += r.acc[i].size;
        if (moved > 4096) moved = 4096;

        /* vo_run */
        unsigned long iters = 0, batch = 64;
        double t0 = now_s(), el;
        for (;;) {
            for (unsigned long i = 0; i < batch; i++) vo_run(&st, cases[c].bytes, cases[c].n, &r);
            iters += batch;
            el = now_s() - t0;
            if (el >= min_s) break;
            if (batch < (1ul << 20)) batch *= 2;
        }
        double ns_run = el * 1e9 / (double)iters;

        /* memcpy of the same number of bytes */
        unsigned long miters = 0;
        batch = 1024;
        t0 = now_s();
        for (;;) {
            for (unsigned long i = 0; i < batch; i++) {
                src[i & 63] = (uint8_t)i;
                memcpy_fn(dst, src, moved);
            }
            miters += batch;
            el = now_s() - t0;
            if (el >= min_s) break;
            if (batch < (1ul << 24)) batch *= 2;
        }
        double ns_cpy = el * 1e9 / (double)miters;

        printf("%-52s %-7s %6zu %12.0f %10.1f %10.2f %8.0f\n", text, cases[c].label, moved, 1e9 / ns_run, ns_run,
               ns_cpy, ns_cpy > 0 ? ns_run / ns_cpy : 0.0);
        fflush(stdout);
        vo_result_free(&r);
        vo_state_free(&st);
    }
    free(src);
    free(dst);
    return rc;
}
