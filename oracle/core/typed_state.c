/* Typed surfaces of the state (issue 28, docs/state.md "typed"): the names of
 * dimensions and formats, the builder, the lookup and the check. A typed
 * surface is a typed view of a declared surface whose bytes hold the pixels
 * linearly (decision D255); the formats are the identity-conversion ones
 * (decision D256). Layer: core 0 (data). */
#include "visa_oracle.h"
#include <stdio.h>
#include <string.h>

static const char *const dim_names[VO_TD_COUNT] = { "1d", "1d_array", "2d", "2d_array", "3d" };
static const char *const fmt_names[VO_TF_COUNT] = {
    "r32_uint", "r32_sint", "r32_float", "r32g32_uint", "r32g32_sint", "r32g32_float",
    "r32g32b32a32_uint", "r32g32b32a32_sint", "r32g32b32a32_float",
};

const char *vo_typed_dim_name(unsigned dim) { return dim < VO_TD_COUNT ? dim_names[dim] : NULL; }
const char *vo_typed_fmt_name(unsigned fmt) { return fmt < VO_TF_COUNT ? fmt_names[fmt] : NULL; }
unsigned vo_typed_fmt_channels(unsigned fmt) { return fmt < 3 ? 1u : fmt < 6 ? 2u : 4u; }
int vo_typed_fmt_is_float(unsigned fmt) { return fmt < VO_TF_COUNT && fmt % 3 == 2; }

vo_typed *vo_state_typed(const vo_state *s, uint32_t surface)
{
    for (uint32_t i = 0; i < s->ntyped && i < VO_MAX_TYPED; i++)
        if (s->typed[i].surface == surface) return (vo_typed *)&s->typed[i];
    return NULL;
}

vo_typed *vo_state_add_typed(vo_state *s, uint32_t surface, unsigned dim, unsigned format, uint32_t width,
                             uint32_t height, uint32_t depth)
{
    if (s->ntyped >= VO_MAX_TYPED || vo_state_typed(s, surface)) return NULL;
    vo_typed *t = &s->typed[s->ntyped++];
    t->surface = surface;
    t->dim = (uint8_t)dim;
    t->format = (uint8_t)format;
    t->width = width;
    t->height = height;
    t->depth = depth;
    return t;
}

int vo_typed_check(const vo_state *s, vo_error *err, char *path, size_t cap);
/* the typed part of vo_state_check: 0, or -1 with err (field "typed[i].<key>") */
int vo_typed_check(const vo_state *s, vo_error *err, char *path, size_t cap)
{
#define TFAIL(ec, key, ...) do { snprintf(path, cap, "typed[%u].%s", i, key); err->code = ec; \
        err->field = path; err->offset = -1; snprintf(err->message, sizeof err->message, __VA_ARGS__); \
        return -1; } while (0)
    if (s->ntyped > VO_MAX_TYPED) {
        snprintf(path, cap, "typed");
        err->code = VO_E_STATE_CAP;
        err->field = path;
        err->offset = -1;
        snprintf(err->message, sizeof err->message, "%u typed surfaces; cap is %d", (unsigned)s->ntyped, VO_MAX_TYPED);
        return -1;
    }
    for (unsigned i = 0; i < s->ntyped; i++) {
        const vo_typed *t = &s->typed[i];
        const vo_surface *sf = vo_state_surface(s, t->surface);
        if (t->surface < 6 || !sf) /* decision D257: typed surfaces are declared surfaces T6..T255 */
            TFAIL(VO_E_STATE, "surface", "surface %u is not a declared surface T6..T255", (unsigned)t->surface);
        for (unsigned k = 0; k < i; k++)
            if (s->typed[k].surface == t->surface) TFAIL(VO_E_STATE, "surface", "duplicate typed surface %u", (unsigned)t->surface);
        if (t->dim >= VO_TD_COUNT) TFAIL(VO_E_STATE, "dim", "dimension code %u is not 1d..3d", (unsigned)t->dim);
        if (t->format >= VO_TF_COUNT) TFAIL(VO_E_STATE, "format", "format code %u is not a supported format", (unsigned)t->format);
        if (t->width < 1 || t->width > VO_MAX_TYPED_DIM) TFAIL(VO_E_STATE_CAP, "width", "width %u outside 1..%u", t->width, VO_MAX_TYPED_DIM);
        if (t->height < 1 || t->height > VO_MAX_TYPED_DIM) TFAIL(VO_E_STATE_CAP, "height", "height %u outside 1..%u", t->height, VO_MAX_TYPED_DIM);
        if (t->depth < 1 || t->depth > VO_MAX_TYPED_DIM) TFAIL(VO_E_STATE_CAP, "depth", "depth %u outside 1..%u", t->depth, VO_MAX_TYPED_DIM);
        /* decision D255: 1D and 1D arrays have one row; 1D and 2D one slice */
        if ((t->dim == VO_TD_1D || t->dim == VO_TD_1D_ARRAY) && t->height != 1)
            TFAIL(VO_E_STATE, "height", "a %s surface has height 1, not %u", dim_names[t->dim], t->height);
        if ((t->dim == VO_TD_1D || t->dim == VO_TD_2D) && t->depth != 1)
            TFAIL(VO_E_STATE, "depth", "a %s surface has depth 1, not %u", dim_names[t->dim], t->depth);
        uint64_t need = (uint64_t)t->width * t->height * t->depth * 4u * vo_typed_fmt_channels(t->format);
        if (need > sf->size)
            TFAIL(VO_E_STATE, "surface", "surface %u has %llu bytes; %ux%ux%u pixels of %s need %llu", (unsigned)t->surface,
                  (unsigned long long)sf->size, t->width, t->height, t->depth, fmt_names[t->format], (unsigned long long)need);
    }
    return 0;
#undef TFAIL
}
