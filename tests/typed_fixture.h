/* The typed surface the typed unit tests share (issue 28: test_exec_typed.c,
 * test_exec_lsc_typed.c), worked from the model of D255: pixel (x, y, z) at
 * ((z * height + y) * width + x) * bpp, channel c at + 4c.
 *   PV            the fixtures' pixel value: (z << 12) | (y << 8) | (x << 4) | c
 *   fill_rgba     T6 as R32G32B32A32 pixels of value PV
 *   ty_2d_4x3     T6 2D 4x3 R32G32B32A32_UINT (192 bytes of PV), U in V32, V in
 *                 V33 (8 lanes each), V34 16 dwords of 0xEEEEEEEE (two 8-dword blocks)
 *   ty_2d_4x3_ra  what a SIMD8 load of channels R and A leaves in V34 for
 *                 x = 0 1 2 3 4 0 3 1, y = 0 0 1 2 0 3 2 1: R block (dwords 0..7)
 *                 PV(0,0) PV(1,0) PV(2,1) PV(3,2) 0 0 PV(3,2) PV(1,1); A block (8..15)
 *                 those pixels' channel 3, and integer 1 for lanes 4 (x = 4 = width)
 *                 and 5 (y = 3 = height), out of bounds
 * Everything is `static inline`, so an unused helper costs no warning. */
#ifndef VO_TYPED_FIXTURE_H
#define VO_TYPED_FIXTURE_H
#include "vo_test_util.h"

#define PV(x, y, z, c) (((uint32_t)(z) << 12) | ((uint32_t)(y) << 8) | ((uint32_t)(x) << 4) | (uint32_t)(c))

static inline void fill_rgba(vo_state *s, uint32_t w, uint32_t h, uint32_t d)
{
    for (uint32_t z = 0; z < d; z++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                for (uint32_t c = 0; c < 4; c++) st_surf_put_ud(s, 6, (((z * h + y) * w + x) * 4 + c) * 4, PV(x, y, z, c));
}

static inline void ty_2d_4x3(vo_state *s, const char *plat, uint16_t ver, const uint32_t *U, const uint32_t *V)
{
    uint32_t old[16];
    for (int i = 0; i < 16; i++) old[i] = 0xEEEEEEEEu;
    st_begin(s, plat, ver, 0xFF);
    st_var_ud(s, 32, 8, U);
    st_var_ud(s, 33, 8, V);
    st_var_ud(s, 34, 16, old);
    st_surf(s, 6, 192);
    fill_rgba(s, 4, 3, 1);
    CHECK(vo_state_add_typed(s, 6, VO_TD_2D, VO_TF_R32G32B32A32_UINT, 4, 3, 1) != NULL);
}

static inline void ty_2d_4x3_ra(vo_state *exp)
{
    static const uint32_t R[8] = { PV(0, 0, 0, 0), PV(1, 0, 0, 0), PV(2, 1, 0, 0), PV(3, 2, 0, 0), 0, 0, PV(3, 2, 0, 0),
                                   PV(1, 1, 0, 0) };
    for (uint32_t i = 0; i < 8; i++) {
        st_var_put_ud(exp, 34, i, R[i]);
        st_var_put_ud(exp, 34, 8 + i, (i == 4 || i == 5) ? 1u : R[i] + 3);
    }
}
#endif
