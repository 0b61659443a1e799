/* The 2D executor (issue 27): a row-span engine over a 2D region of flat
 * memory, and the register tile layouts (plain, VNNI, transposed) of a 2D
 * block. Layer 2 with engine.c (docs/architecture.md "The 2D executor"): the
 * families that move 2D blocks (LSC_UNTYPED block2d, MEDIA_LD/MEDIA_ST, LSC_TYPED
 * block2d) describe their surface and shape
 * and call these; none of them walks rows itself. */
#ifndef VO_ENGINE_2D_H
#define VO_ENGINE_2D_H
#include "engine.h"

#define VO_2D_MAX_REG 8192u   /* bytes of one register tile image (hardware shapes need <= 4096) */

/* A 2D surface: row y, byte column c lives at base + y*pitch + c (mod 2^64). */
typedef struct vo_2d_surf {
    uint64_t base, width, height, pitch; /* width in bytes, height in rows, pitch in bytes */
    uint8_t elt;     /* bytes of one element: the unit of the bounds check */
    uint8_t oob;     /* enum vo_2d_oob */
    uint8_t pixel;   /* VO_2D_OOB_CLAMP: bytes of the pixel replicated at the edge */
    const vo_surface *sf; /* non-NULL: bytes of the legacy surface sf at base + ..., not flat memory (media) */
} vo_2d_surf;
enum vo_2d_oob {
    VO_2D_OOB_ZERO = 0,  /* block2d (D195): an element not wholly inside reads 0, its write is dropped */
    VO_2D_OOB_CLAMP      /* media (D207): reads replicate the nearest edge pixel, writes dropped */
};

/* Counters a span call adds to (for clauses): elements out of bounds. */
typedef struct vo_2d_stats { uint32_t oob_read, oob_write; } vo_2d_stats;

/* Row y (signed), n elements from element column col (signed): reads into
 * out (n * elt bytes), writes from in. Returns 0, 1 when an in-bounds element
 * lies outside every flat region (the case is undefined; nothing is written
 * by a write span then, see vo_2d_span_mapped), -1 page cap (writes). */
int vo_2d_span_read(const vo_ctx *x, const vo_2d_surf *s, int64_t y, int64_t col, uint32_t n, uint8_t *out,
                    vo_2d_stats *st);
int vo_2d_span_write(vo_ctx *x, const vo_2d_surf *s, int64_t y, int64_t col, uint32_t n, const uint8_t *in,
                     vo_2d_stats *st);
/* A load's register image of h rows of w bytes at r * rp (MEDIA_LD D213,
 * LSC_TYPED block2d D327): each row's bytes past w up to rp and the last
 * GRF's tail are free (clause), tag padding */
void vo_2d_pad_free(vo_ctx *x, uint32_t rp, uint32_t w, uint32_t h, unsigned clause);
/* 1 when every in-bounds element of the span lies in flat memory */
int vo_2d_span_mapped(const vo_ctx *x, const vo_2d_surf *s, int64_t y, int64_t col, uint32_t n);

/* The register image of one 2D block shape (page LSC_UNTYPED LOAD_BLOCK2D,
 * D196): element (block b, row r, column c) of a W x H block of esize-byte
 * elements, B blocks. */
typedef struct vo_2d_tile {
    uint32_t w, h, blocks, esize, grf;
    uint8_t transpose, vnni;
    uint32_t row_pitch;    /* elements per register row: pow2(W), pow2(H) transposed */
    uint32_t block_size;   /* elements of a block before GRF padding */
    uint32_t block_pitch;  /* bytes from block to block (whole GRFs) */
} vo_2d_tile;
/* fills the derived sizes; 0, or -1 when the image would exceed VO_2D_MAX_REG */
int vo_2d_tile_init(vo_2d_tile *t, uint32_t w, uint32_t h, uint32_t blocks, uint32_t esize, uint32_t grf,
                    int transpose, int vnni);
/* byte offset in the image of element (b, r, c) */
uint32_t vo_2d_tile_off(const vo_2d_tile *t, uint32_t b, uint32_t r, uint32_t c);
static inline uint32_t vo_2d_tile_bytes(const vo_2d_tile *t) { return t->blocks * t->block_pitch; }
#endif
