/* Example DUT, LSC_TYPED (0x8A, issue 28): lsc_load_quad, lsc_store_quad and
 * the atomics (sub-ops 0x08-0x1A, on the pixel's R channel) on a typed surface (ABI 1.3's typed table), written from the LSC_TYPED and
 * LSC_UNTYPED pages and docs/state.md "typed". #included by dut.c after
 * dut_typed.c (one translation unit); uses its ctx, the LSC helpers and the
 * typed ones (typed_of, ty_locate, ty_channels, ty_val).
 *
 * Bytes: 8a sub exec pred(2) l1 l3 addr_type addr_size data_size data_order
 * data_elems chmask Surface(vec) [ss_idx(4)] dst U [u_off(4)] V [v_off(4)]
 * R [r_off(4)] LOD src1 src2; the bracketed fields are missing in the older
 * layout (IGC 1.0.12504): the length decides, as for LSC_UNTYPED.
 *
 * Seeded bugs (-DDUT_BUG=N, 210..221; examples/mutants/README.md):
 *   210 the U, V, R immediate offsets ignored
 *   211 ss_idx ignored for a register bss / ss surface
 *   212 the register block is exec lanes wide (the minimum payload width ignored)
 *   213 an out-of-bound read returns 0 in A
 *   214 the older layout (no ss_idx, no offsets) rejected
 *   215 channel blocks indexed by the channel, not by the enabled ones' order
 *   216 v_offset added to U
 *   217 a store past the last column lands on the last column
 *   218 SIMD16 accepted before PVC
 *   219 caching other than .df.df accepted before Xe2
 *   220 a store writes the channels the format lacks (into the next pixel)
 *   221 a load of a disabled lane writes zeros
 *   230 an atomic works on the pixel's last channel, not R
 *   231 an out-of-bound atomic returns pixel (0, 0, 0)'s R, not 0
 *   232 an atomic ignores LOD (a lane with LOD != 0 works on its pixel)
 *   233 atomics accept d64 (the R channel and the next one as one qword)
 */
#if defined(VISA_DUT_ABI_MINOR) && VISA_DUT_ABI_MINOR >= 3
enum {
    B_LT_OFFSETS_IGNORED = 210, B_LT_SSIDX_IGNORED, B_LT_BLOCK_EXEC, B_LT_OOB_A_ZERO, B_LT_OLD_REJECTED,
    B_LT_BLOCK_BY_CHANNEL, B_LT_VOFF_TO_U, B_LT_OOB_STORE_CLAMP, B_LT_SIMD16_DG2, B_LT_CACHE_PRE_XE2,
    B_LT_MISSING_SPILL, B_LT_DISABLED_ZEROED
};
enum { B_LTA_LAST_CHANNEL = 230, B_LTA_OOB_PIXEL0, B_LTA_LOD_IGNORED, B_LTA_D64 };
/* 1 when the instruction decodes exactly in the layout with ss_idx and offsets */
static int lt_full_layout(ctx *x)
{
    int fits[2];
    uint32_t pos0 = x->pos;
    for (int with = 1; with >= 0; with--) {
        vecop v;
        rawop r;
        x->pos = pos0;
        x->truncated = 0;
        for (int i = 0; i < 10; i++)
            get(x, i == 1 ? 2 : 1);
        read_vec(x, &v);
        if (with)
            get(x, 4);
        for (int i = 0; i < 7; i++) {
            read_raw(x, &r);
            if (with && i >= 1 && i <= 3)
                get(x, 4);
        }
        fits[with] = !x->truncated && x->pos == x->n;
    }
    x->pos = pos0;
    x->truncated = 0;
    return fits[1] || !fits[0];
}

/* the typed surface an LSC_TYPED message names; NULL: no entry or no typed view (undefined) */
static const visa_dut_typed *lt_target(ctx *x, int atype, uint64_t sval, int sreg, uint32_t ssidx, uint32_t *s)
{
    int bound;
    if (atype == 4) {
        bound = dut_bti_surface(x, (uint32_t)(sval & 0xFF), s);
    } else {
        uint64_t so = sval;
        if (sreg && !BUG(B_LT_SSIDX_IGNORED))
            so = (uint32_t)(so + 0x40u * ssidx);
        bound = dut_ss_surface(x, so, s);
    }
    return bound ? typed_of(x, *s) : NULL;
}

/* atomics (sub-ops 0x08-0x1A): LSC_UNTYPED's op on the R channel (the first dword) of each lane's pixel,
 * the old value returned; lanes in ascending order; out of bounds returns 0 and writes nothing */
static int lt_atomic(ctx *x, unsigned sub, ctrl *k, uint32_t pred, const vecop *surf, uint64_t sval, int sreg, int undef,
                     int atype, uint32_t ssidx, const uint32_t *add, rawop *dst, rawop *co, rawop *src1, rawop *src2,
                     unsigned n)
{
    (void)surf;
    unsigned narg = lsc_atomic_args[sub - 0x08];
    if (check_raw(x, dst, "dst", T_ANY, 1, 1))
        return VISA_DUT_REJECTED;
    static const char *const cname[4] = {"u", "v", "r", "lod"};
    for (int i = 0; i < 4; i++)
        if (check_raw(x, &co[i], cname[i], T_COORD, i > 0, 0))
            return VISA_DUT_REJECTED;
    if (narg >= 1) {
        if (check_raw(x, src1, "src1", T_ANY, 0, 0))
            return VISA_DUT_REJECTED;
    } else if (src1->id || src1->off) {
        REJECT(x, "src1: %%null for this atomic");
    }
    if (narg >= 2) {
        if (check_raw(x, src2, "src2", T_ANY, 0, 0))
            return VISA_DUT_REJECTED;
    } else if (src2->id || src2->off) {
        REJECT(x, "src2: %%null for this atomic");
    }
    uint32_t chen = channel_enables(x, k, pred);
    if (undef)
        return VISA_DUT_OK; /* the surface register past its variable: undefined */
    uint32_t s;
    const visa_dut_typed *t = lt_target(x, atype, sval, sreg, ssidx, &s);
    if (!t)
        return VISA_DUT_OK; /* undefined */
    /* every lane's pixel and sources before any register is written */
    uint64_t addr[32], v1[32], v2[32], olds[32];
    int out[32], live[32];
    unsigned have = ty_channels(t->format);
    for (unsigned i = 0; i < k->es; i++) {
        live[i] = 0;
        if (!(chen >> i & 1))
            continue;
        int ok = 1;
        uint32_t c[4];
        for (int j = 0; j < 4; j++)
            c[j] = ty_val(&co[j], i, &ok) + (j < 3 && !BUG(B_LT_OFFSETS_IGNORED) && !DUT_READING_B ? add[j] : 0) /* D285 B */;
        if (BUG(B_LT_VOFF_TO_U))
            c[0] += add[1], c[1] -= add[1];
        const uint8_t *p1 = narg >= 1 ? raw_at(src1, (uint64_t)n * i, n) : NULL;
        const uint8_t *p2 = narg >= 2 ? raw_at(src2, (uint64_t)n * i, n) : NULL;
        if (!ok || (narg >= 1 && !p1) || (narg >= 2 && !p2))
            continue; /* past a variable: undefined */
        v1[i] = p1 ? rdle(p1, n) : 0;
        v2[i] = p2 ? rdle(p2, n) : 0;
        out[i] = ty_locate(t, c[0], c[1], c[2], BUG(B_LTA_LOD_IGNORED) ? 0 : c[3], &addr[i]);
        if (!out[i] && BUG(B_LTA_LAST_CHANNEL))
            addr[i] += 4u * (have - 1);
        live[i] = 1;
    }
    for (unsigned i = 0; i < k->es; i++) {
        if (!live[i])
            continue;
        uint8_t b[8] = {0};
        if (out[i]) {
            olds[i] = 0;
            if (BUG(B_LTA_OOB_PIXEL0)) {
                mem_load(x, s, 0, n, b);
                olds[i] = rdle(b, n);
            }
            continue;
        }
        mem_load(x, s, addr[i], n, b);
        uint64_t old = rdle(b, n);
        int wr;
        uint64_t nv = lsc_atomic_new(sub, n, old, v1[i], v2[i], &wr);
        if (wr) {
            wrle(b, nv, n);
            mem_store(x, s, addr[i], n, b);
        }
        olds[i] = old;
    }
    for (unsigned i = 0; i < k->es && dst->v; i++) {
        uint8_t *d = live[i] ? raw_at(dst, (uint64_t)n * i, n) : NULL;
        if (d)
            wrle(d, olds[i], n);
    }
    return VISA_DUT_OK;
}

static int do_lsc_typed(ctx *x)
{
    if (lsc_platform(x))
        return VISA_DUT_REJECTED;
    unsigned sub = get(x, 1);
    int atomic = sub >= 0x08 && sub <= 0x1A;
    if (sub != 0x02 && sub != 0x06 && sub != 0x1B && sub != 0x1C && sub != 0x1E && !atomic)
        REJECT(x, "LSC_TYPED sub-op 0x%02x not supported", sub);
    /* load_status 0x1B, store_uncompressed 0x1C, read_state_info 0x1E: one d32 per lane, vector size x1,
     * the chmask byte ignored; status and state info return a register outside the state (docs/decisions.md) */
    int full = lt_full_layout(x), store = sub == 0x06 || sub == 0x1C, quad = sub == 0x02 || sub == 0x06 || (DUT_READING_B && sub == 0x1C); /* D332 B */
    int opaque = sub == 0x1B || sub == 0x1E;
    if (!full && BUG(B_LT_OLD_REJECTED))
        REJECT(x, "the layout without ss_idx is not read");
    uint32_t eb = get(x, 1), pred = get(x, 2), l1 = get(x, 1), l3 = get(x, 1), atype = get(x, 1), asize = get(x, 1);
    uint32_t ds = get(x, 1), order = get(x, 1);
    uint32_t elems = get(x, 1); /* the vector size: a quad has none, an atomic and the others 1 */
    uint32_t chmask = get(x, 1);
    vecop surf;
    read_vec(x, &surf);
    uint32_t ssidx = full ? get(x, 4) : 0;
    rawop dst, co[4], src1, src2;
    uint32_t add[3] = {0, 0, 0};
    read_raw(x, &dst);
    for (int i = 0; i < 4; i++) {
        read_raw(x, &co[i]);
        if (full && i < 3)
            add[i] = get(x, 4);
    }
    read_raw(x, &src1);
    read_raw(x, &src2);
    if (finish_decode(x))
        return VISA_DUT_REJECTED;

    ctrl k;
    if (lsc_exec(x, eb, &k) || check_pred(x, pred, &k))
        return VISA_DUT_REJECTED;
    if (k.es > (x->gen >= G_PVC || BUG(B_LT_SIMD16_DG2) ? 16u : 8u))
        REJECT(x, "exec_size: LSC_TYPED is at most SIMD8 before PVC, SIMD16 from PVC");
    if (l1 > 7 || l3 > 7 || ((l1 || l3) && x->gen < G_XE2 && !BUG(B_LT_CACHE_PRE_XE2)) || !lsc_cache_ok(atomic ? LK_ATOMIC : store ? LK_STOREQ : LK_LOADQ, l1, l3))
        REJECT(x, "caching: .%u.%u not allowed on tgm", l1, l3);
    if (atype < 2 || atype > 4)
        REJECT(x, "addr type %u: bss, ss or bti", atype);
    if (asize != 2)
        REJECT(x, "addr size %u: a32 only", asize);
    if ((ds != 3 && !(atomic && ds == 4 && BUG(B_LTA_D64))) || order != 1)
        REJECT(x, "data: d32, not transposed");
    if (atomic && elems != 1)
        REJECT(x, "data_elems: an atomic takes one element per lane");
    if (!quad && elems != 1)
        REJECT(x, "vector size code %u: x1 only", elems);
    if (!quad)
        chmask = 1; /* one value per lane: channel x (an atomic: the R channel) */
    if (chmask == 0 || chmask > 15)
        REJECT(x, "chmask 0x%x not valid", chmask);
    if (store && chmask != 1 && chmask != 3 && chmask != 7 && chmask != 15)
        REJECT(x, "store_quad chmask: x, xy, xyz or xyzw");

    /* the Surface operand: an immediate, or a scalar register */
    int sreg = 0, undef = 0;
    uint64_t sval = 0;
    if (surf.mod || surf.hi)
        REJECT(x, "surface: modifier or tag bits");
    if (surf.cls == 5) {
        if (!lsc_imm_type_ok(&surf, 1))
            REJECT(x, "surface: immediate type 0x%02x is not an integer type", surf.type);
        sval = surf.type == 11 || surf.type == 13 ? surf.imm64 : surf.imm;
        if (atype == 4 && sval > 255)
            REJECT(x, "bti above 255");
    } else {
        uint32_t sv32 = 0;
        sreg = 1;
        if (lsc_goff(x, &surf, &sv32, &undef))
            return VISA_DUT_REJECTED;
        sval = sv32;
    }
    if (atomic)
        return lt_atomic(x, sub, &k, pred, &surf, sval, sreg, undef, atype, ssidx, add, &dst, co, &src1, &src2,
                         ds == 4 ? 8u : 4u);
    if (store) {
        if (dst.id || dst.off)
            REJECT(x, "dst: %%null for stores");
    } else if (check_raw(x, &dst, "dst", T_ANY, !opaque, 1)) {
        return VISA_DUT_REJECTED;
    }
    static const char *const cname[4] = {"u", "v", "r", "lod"};
    for (int i = 0; i < 4; i++)
        if (check_raw(x, &co[i], cname[i], T_COORD, i > 0 || sub == 0x1E, 0))
            return VISA_DUT_REJECTED;
    if (store) {
        if (check_raw(x, &src1, "src1", T_ANY, 0, 0))
            return VISA_DUT_REJECTED;
    } else if (src1.id || src1.off) {
        REJECT(x, "src1: %%null for loads");
    }
    if (src2.id || src2.off)
        REJECT(x, "src2: %%null");
    if (opaque)
        return VISA_DUT_UNDEFINED; /* the status bits / surface information are not in the state */

    if (!store && !dst.v)
        return VISA_DUT_OK; /* a prefetch: no architectural effect */
    uint32_t chen = channel_enables(x, &k, pred);
    if (undef)
        return VISA_DUT_OK; /* the surface register past its variable: undefined */
    uint32_t s;
    const visa_dut_typed *t = lt_target(x, atype, sval, sreg, ssidx, &s);
    if (!t)
        return VISA_DUT_OK; /* no entry, or a surface without a typed view: undefined */

    /* every lane's pixel before any register is written (dst may alias a coordinate) */
    uint64_t addr[32];
    int ok[32], out[32];
    for (unsigned i = 0; i < k.es; i++) {
        ok[i] = 1;
        uint32_t c[4];
        for (int j = 0; j < 4; j++)
            c[j] = ty_val(&co[j], i, &ok[i]) + (j < 3 && !BUG(B_LT_OFFSETS_IGNORED) && !DUT_READING_B ? add[j] : 0) /* D285 B */;
        if (BUG(B_LT_VOFF_TO_U))
            c[0] += add[1], c[1] -= add[1];
        out[i] = ty_locate(t, c[0], c[1], c[2], c[3], &addr[i]);
        if (out[i] && store && BUG(B_LT_OOB_STORE_CLAMP) && c[3] == 0) {
            uint32_t cx = c[0] < t->width ? c[0] : t->width - 1; /* x clamped to the last column */
            out[i] = ty_locate(t, cx, c[1], c[2], 0, &addr[i]);
        }
    }
    unsigned w = k.es > x->lsc_minw || BUG(B_LT_BLOCK_EXEC) ? k.es : x->lsc_minw;
    unsigned blk = (w * 4 + x->grf - 1) / x->grf * x->grf;
    unsigned have = ty_channels(t->format);
    uint32_t one = t->format % 3 == 2 ? 0x3F800000u : 1u;
    for (unsigned i = 0; i < k.es; i++) {
        if (!ok[i])
            continue;
        if (!(chen >> i & 1)) {
            if (BUG(B_LT_DISABLED_ZEROED) && !store)
                for (unsigned m = 0; m < (unsigned)__builtin_popcount(chmask); m++) {
                    uint8_t *d = raw_at(&dst, (uint64_t)m * blk + 4u * i, 4);
                    if (d)
                        memset(d, 0, 4);
                }
            continue;
        }
        for (unsigned c = 0, m = 0; c < 4; c++) {
            if (!(chmask >> c & 1))
                continue;
            uint8_t *d = raw_at(store ? &src1 : &dst, (uint64_t)(BUG(B_LT_BLOCK_BY_CHANNEL) ? c : m) * blk + 4u * i, 4);
            m++;
            if (!d)
                continue;
            if (store) {
                if (!out[i] && (c < have || BUG(B_LT_MISSING_SPILL)))
                    mem_store(x, s, addr[i] + 4u * c, 4, d);
                continue;
            }
            uint32_t val = c == 3 && !(out[i] && BUG(B_LT_OOB_A_ZERO)) ? one : 0;
            if (!out[i] && c < have) {
                uint8_t b[4];
                mem_load(x, s, addr[i] + 4u * c, 4, b);
                val = rd32(b);
            }
            for (unsigned b = 0; b < 4; b++)
                d[b] = (uint8_t)(val >> (8 * b));
        }
    }
    return VISA_DUT_OK;
}
#else
static int do_lsc_typed(ctx *x) { REJECT(x, "typed surfaces need ABI 1.3"); }
#endif
