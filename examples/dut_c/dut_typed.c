/* Example DUT, typed family (issue 28): GATHER4_TYPED (0x4B),
 * SCATTER4_TYPED (0x4C), TYPED_ATOMIC (0x73), written from the vISA pages
 * and docs/state.md "typed" (the typed surfaces come with ABI 1.3).
 * #included by dut.c (one translation unit); uses its ctx and helpers.
 *
 * Seeded bugs (-DDUT_BUG=N, 163..175; examples/mutants/README.md):
 *   163 U and V swapped (2D, 2D array, 3D)
 *   164 the array index bounded by the height, not the array size
 *   165 an out-of-bound read returns 0 in A
 *   166 channel blocks laid out in A, B, G, R order
 *   167 3D / 2D-array slice stride width * bpp (height ignored): atomics on the wrong pixel
 *   168 the array index clamped to the last layer
 *   169 LOD ignored (LOD != 0 reads mip 0)
 *   170 a channel the format lacks reads 1 in G and B too
 *   171 the A default is integer 1 for float formats
 *   172 an out-of-bound write lands on the clamped pixel
 *   173 a typed atomic out of bounds returns the old value of pixel 0
 *   174 a write of a channel the format lacks spills into the next pixel
 *   175 1D surfaces take y from V (a V variable is read and unused on 1D, D260)
 */
#if defined(VISA_DUT_ABI_MINOR) && VISA_DUT_ABI_MINOR >= 3
enum {
    B_TY_UV_SWAP = 163, B_TY_ARRAY_BY_HEIGHT, B_TY_A_ZERO, B_TY_CH_ORDER, B_TY_3D_STRIDE, B_TY_ARRAY_CLAMP,
    B_TY_LOD_IGNORED, B_TY_MISSING_ONE, B_TY_FLOAT_A_INT, B_TY_OOB_WRITE_CLAMP, B_TY_ATOMIC_OOB_PIXEL0,
    B_TY_MISSING_SPILL, B_TY_1D_USES_V
};

static const visa_dut_typed *typed_of(ctx *x, unsigned s)
{
    if (x->c->abi_minor < 3)
        return NULL;
    for (uint32_t i = 0; i < x->c->ntyped; i++)
        if (x->c->typed[i].surface == s)
            return &x->c->typed[i];
    return NULL;
}

static unsigned ty_channels(unsigned fmt) { return fmt < 3 ? 1 : fmt < 6 ? 2 : 4; }

/* lane i's pixel: 0 in bounds (*a = byte of channel 0), 1 out of bounds */
static int ty_locate(const visa_dut_typed *t, uint32_t u, uint32_t v, uint32_t r, uint32_t lod, uint64_t *a)
{
    uint32_t px = u, py = 0, pz = 0, lim_z = t->depth;
    switch (t->dim) {
    case 0: if (BUG(B_TY_1D_USES_V)) py = v; break;
    case 1: pz = v; break;
    case 2: py = v; break;
    default: py = v; pz = r; break;
    }
    if (BUG(B_TY_UV_SWAP) && t->dim >= 2) { uint32_t tmp = px; px = py; py = tmp; }
    if ((t->dim == 1 || t->dim == 3) && BUG(B_TY_ARRAY_BY_HEIGHT)) lim_z = t->dim == 1 ? t->width : t->height;
    if ((t->dim == 1 || t->dim == 3) && BUG(B_TY_ARRAY_CLAMP) && pz >= t->depth) pz = t->depth - 1;
    int oob = (lod != 0 && !BUG(B_TY_LOD_IGNORED)) || px >= t->width || py >= t->height || pz >= lim_z;
    if (oob && BUG(B_TY_OOB_WRITE_CLAMP)) {
        px = px >= t->width ? t->width - 1 : px;
        py = py >= t->height ? t->height - 1 : py;
        pz = pz >= t->depth ? t->depth - 1 : pz;
        oob = 0;
    }
    if (pz >= t->depth || py >= t->height) oob = 1; /* (the bugs above never read past the surface) */
    uint64_t bpp = 4u * ty_channels(t->format);
    uint64_t slice = BUG(B_TY_3D_STRIDE) ? (uint64_t)t->width : (uint64_t)t->width * t->height;
    *a = ((uint64_t)pz * slice + (uint64_t)py * t->width + px) * bpp;
    return oob;
}

/* U, V, R, LOD operands: %null.0 reads 0 (D260); V/R/LOD must be UD */
static int ty_coords(ctx *x, rawop *u, rawop *v, rawop *r, rawop *l)
{
    if (check_raw(x, u, "u", T_COORD, 0, 0) || check_raw(x, v, "v", T_COORD, 1, 0) || check_raw(x, r, "r", T_COORD, 1, 0) ||
        check_raw(x, l, "lod", T_COORD, 1, 0))
        return VISA_DUT_REJECTED;
    return 0;
}
static uint32_t ty_val(const rawop *o, unsigned i, int *ok)
{
    if (!o->v)
        return 0;
    const uint8_t *p = raw_at(o, 4u * i, 4);
    if (!p) { *ok = 0; return 0; }
    return rd32(p);
}

static int ty_surface(ctx *x, unsigned surf, const visa_dut_typed **t)
{
    if (surf >= 1 && surf <= 3)
        REJECT(x, "surface: reserved");
    if (surf == 0 || surf == 4 || surf == 5)
        REJECT(x, "surface: typed messages take no SLM, bindless or stateless surface");
    if (surface_size(x, surf) == 0 && !typed_of(x, surf)) {
        int declared = 0;
        for (uint32_t i = 0; i < x->c->nsurfaces; i++) declared |= x->c->surfaces[i].index == surf;
        if (!declared) REJECT(x, "surface: T%u not declared", surf);
    }
    *t = typed_of(x, surf);
    if (!*t)
        REJECT(x, "surface: T%u has no typed view", surf);
    return 0;
}

static int do_typed4(ctx *x, int write)
{
    /* before vISA 3.2: channels first (a set bit disables), exec (size nibble 0: SIMD8), surface; no pred, no LOD */
    int old = x->c->visa_version < 302;
    uint32_t eb, pred = 0, chm, surf;
    if (old) {
        chm = get(x, 1) ^ 0xFu;
        eb = EB_B(get(x, 1)); /* D2 B */
        surf = get(x, 1);
    } else {
        eb = EB_B(get(x, 1)); /* D2 B */
        pred = get(x, 2);
        chm = get(x, 1);
        surf = get(x, 1);
    }
    rawop u, v, r, l, data;
    memset(&l, 0, sizeof l);
    read_raw(x, &u); read_raw(x, &v); read_raw(x, &r);
    if (!old)
        read_raw(x, &l);
    read_raw(x, &data);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;
    if (old && DUT_READING_B) /* D333 reading B: the pre-3.2 layout is not read */
        REJECT(x, "gather4/scatter4_typed before vISA 3.2 not read");
    ctrl k;
    if (old && (eb & 0xF) != 0)
        REJECT(x, "exec_size: before vISA 3.2 the size nibble is 0 (SIMD8)");
    if (old)
        eb |= 3;
    if ((eb & 0xF) != 3 && (eb & 0xF) != 4)
        REJECT(x, "exec_size: typed messages are SIMD8 or SIMD16");
    if ((eb & 0xF) == 4 && x->gen < G_XEHP_SDV)
        REJECT(x, "exec_size: SIMD16 needs XeHP_SDV+");
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    if ((chm & 0xF) == 0 || (chm & 0xF0))
        REJECT(x, "channels: mask 0x%02x not valid", chm);
    const visa_dut_typed *t;
    if (ty_surface(x, surf, &t) || ty_coords(x, &u, &v, &r, &l) ||
        check_raw(x, &data, write ? "src" : "dst", T_UD | T_D | T_F, !write, !write))
        return VISA_DUT_REJECTED;
    uint32_t chen = channel_enables(x, &k, pred);
    unsigned block = k.es > x->grf / 4 ? k.es : x->grf / 4, have = ty_channels(t->format);
    int is_float = t->format % 3 == 2;
    uint32_t one = is_float && !BUG(B_TY_FLOAT_A_INT) ? 0x3F800000u : 1u;
    uint32_t pos[32] = {0}, out[32] = {0};
    int ok[32];
    uint64_t addr[32];
    for (unsigned i = 0; i < k.es; i++) { /* every coordinate before any register is written */
        ok[i] = 1;
        uint32_t cu = ty_val(&u, i, &ok[i]), cv = ty_val(&v, i, &ok[i]), cr = ty_val(&r, i, &ok[i]), cl = ty_val(&l, i, &ok[i]);
        out[i] = (uint32_t)ty_locate(t, cu, cv, cr, cl, &addr[i]);
        (void)pos;
    }
    unsigned kblk = 0, nch = 0;
    for (unsigned c = 0; c < 4; c++) nch += (chm >> c) & 1;
    for (unsigned c = 0; c < 4; c++) {
        if (!(chm & (1u << c)))
            continue;
        unsigned blk = BUG(B_TY_CH_ORDER) ? nch - 1 - kblk : kblk;
        for (unsigned i = 0; i < k.es; i++) {
            if (!(chen & (1u << i)) || !ok[i])
                continue;
            uint8_t *d = raw_at(&data, 4ull * (blk * block + i), 4);
            if (write) {
                if (!d || out[i])
                    continue;
                if (c >= have) {
                    if (BUG(B_TY_MISSING_SPILL))
                        mem_store(x, surf, addr[i] + 4u * c, 4, d);
                    continue;
                }
                mem_store(x, surf, addr[i] + 4u * c, 4, d);
            } else {
                if (!d)
                    continue;
                uint32_t val;
                if (out[i]) {
                    val = c == 3 && !BUG(B_TY_A_ZERO) ? one : 0;
                } else if (c >= have) {
                    val = c == 3 || BUG(B_TY_MISSING_ONE) ? one : 0;
                } else {
                    uint8_t buf[4];
                    mem_load(x, surf, addr[i] + 4u * c, 4, buf);
                    val = rd32(buf);
                }
                for (unsigned b = 0; b < 4; b++) d[b] = (uint8_t)(val >> (8 * b));
            }
        }
        kblk++;
    }
    return VISA_DUT_OK;
}

static int do_typed_atomic(ctx *x)
{
    uint32_t opb = get(x, 1), eb = get(x, 1), pred = get(x, 2), surf = get(x, 1);
    rawop u, v, r, l, s0, s1, dst;
    read_raw(x, &u); read_raw(x, &v); read_raw(x, &r); read_raw(x, &l);
    read_raw(x, &s0); read_raw(x, &s1); read_raw(x, &dst);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;
    unsigned op;
    int w16;
    if (atomic_op_byte(x, opb, &op, &w16)) /* dut.c, as DWORD_ATOMIC's */
        return VISA_DUT_REJECTED;
    eb = EB_B(eb); /* D2 B */
    if ((eb & 0xF) != 3 && (eb & 0xF) != 4)
        REJECT(x, "exec_size: typed atomics are SIMD8 or SIMD16");
    if ((eb & 0xF) == 4 && x->gen < G_PVC)
        REJECT(x, "exec_size: SIMD16 typed atomics need PVC+");
    ctrl k;
    if (decode_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    int no_src0 = op == A_INC || op == A_DEC || op == A_PREDEC;
    int has_src1 = op == A_CMPXCHG || op == A_FCMPWR;
    const visa_dut_typed *t;
    if (ty_surface(x, surf, &t) || ty_coords(x, &u, &v, &r, &l) || atomic_operands(x, op, &s0, &s1, &dst))
        return VISA_DUT_REJECTED;
    uint32_t chen = channel_enables(x, &k, pred);
    unsigned n = w16 ? 2 : 4;
    uint32_t mask = n == 2 ? 0xFFFFu : 0xFFFFFFFFu;
    for (unsigned i = 0; i < k.es; i++) {
        if (!(chen & (1u << i)))
            continue;
        int ok = 1;
        uint32_t cu = ty_val(&u, i, &ok), cv = ty_val(&v, i, &ok), cr = ty_val(&r, i, &ok), cl = ty_val(&l, i, &ok);
        const uint8_t *p0 = no_src0 ? NULL : raw_at(&s0, 4u * i, 4);
        const uint8_t *p1 = has_src1 ? raw_at(&s1, 4u * i, 4) : NULL;
        if (!ok || (!no_src0 && !p0) || (has_src1 && !p1))
            continue;
        uint64_t a;
        uint32_t ret;
        if (ty_locate(t, cu, cv, cr, cl, &a)) { /* out of bounds: returns 0, nothing written */
            ret = 0;
            if (BUG(B_TY_ATOMIC_OOB_PIXEL0)) {
                uint8_t buf[4] = {0, 0, 0, 0};
                mem_load(x, surf, 0, n, buf);
                ret = rd32(buf) & mask;
            }
        } else {
            uint8_t buf[4] = {0, 0, 0, 0};
            mem_load(x, surf, a, n, buf);
            uint32_t old = rd32(buf) & mask;
            uint32_t nv = atomic_new(op, n == 2, old, p0 ? rd32(p0) : 0, p1 ? rd32(p1) : 0);
            uint8_t wb[4] = {(uint8_t)nv, (uint8_t)(nv >> 8), (uint8_t)(nv >> 16), (uint8_t)(nv >> 24)};
            mem_store(x, surf, a, n, wb);
            ret = op == A_PREDEC ? nv : old;
        }
        uint8_t *d = raw_at(&dst, 4u * i, 4);
        if (d)
            for (unsigned b = 0; b < n; b++) d[b] = (uint8_t)(ret >> (8 * b));
    }
    return VISA_DUT_OK;
}
#else /* an ABI 1.0/1.1 header: no typed surfaces */
static int do_typed4(ctx *x, int write) { (void)write; REJECT(x, "typed surfaces need ABI 1.3"); }
static int do_typed_atomic(ctx *x) { REJECT(x, "typed surfaces need ABI 1.3"); }
#endif
