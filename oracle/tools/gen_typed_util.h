/* The byte writer and the UD variable helper the typed generators share
 * (gen_typed.c: GATHER4_TYPED / SCATTER4_TYPED / TYPED_ATOMIC; gen_lsc_typed.c,
 * gen_lsc_typed_atomic.c, gen_lsc_typed_2d.c: LSC_TYPED): instruction bytes little-endian into a bounded buffer, variable
 * ids of the case's width (2 bytes before vISA 3.4, else 4), and V<id> UD
 * holding given dwords. No random draws. */
#ifndef VO_GEN_TYPED_UTIL_H
#define VO_GEN_TYPED_UTIL_H
#include "visa_oracle.h"
#include <stdint.h>

typedef struct {
    uint8_t b[VO_MAX_INSN_BYTES];
    unsigned n, idw;
} bw;
static inline void p8(bw *w, uint32_t v) { if (w->n < sizeof w->b) w->b[w->n++] = (uint8_t)v; }
static inline void p16(bw *w, uint32_t v) { p8(w, v); p8(w, v >> 8); }
static inline void p32(bw *w, uint32_t v) { p16(w, v); p16(w, v >> 16); }
static inline void pid(bw *w, uint32_t id) { for (unsigned i = 0; i < w->idw; i++) p8(w, id >> (8 * i)); }
/* a raw operand: the id and a 2-byte zero offset */
static inline void praw(bw *w, uint32_t id) { pid(w, id); p16(w, 0); }

static inline void add_ud(vo_state *s, uint32_t id, uint32_t n, const uint32_t *v)
{
    vo_var *var = vo_state_add_var(s, id, VO_T_UD, n);
    if (!var) return;
    for (uint32_t i = 0; i < n; i++)
        for (unsigned b = 0; b < 4; b++) var->data[4 * i + b] = (uint8_t)(v[i] >> (8 * b));
}
#endif
