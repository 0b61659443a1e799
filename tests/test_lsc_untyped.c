/* LSC_UNTYPED (0x89, issue 14): decode offsets, every validation rule (code,
 * field, byte offset) and the text, hand-worked from the LSC_UNTYPED page's
 * format tables and the byte layout of decision D110:
 *   89 subop | exec ub | pred uw | sfid ub | l1 ub | l3 ub | addr_type ub | scale uw |
 *   imm_offset d | addr_size ub | data_size ub | order ub | elems ub | chmask ub |
 *   surface (vector operand) | ss_idx ud | dst | src0 | src1 | src2   (raw: id ud + offset uw)
 * Offsets with an immediate surface (6 bytes): exec 2, pred 3, sfid 5, l1 6, l3 7,
 * addr_type 8, scale 9, imm_offset 11, addr_size 15, data_size 16, order 17,
 * elems 18, chmask 19, surface 20, ss_idx 26, dst 30, src0 36, src1 42, src2 48; length 54. */
#include "t.h"
#include "visa_oracle.h"
#include "visa_asm.h"

typedef struct {
    uint8_t sub, exec, sfid, l1, l3, at, asz, ds, order, elems, chm;
    uint16_t pred, scale;
    int32_t off;
    int surf_reg;      /* 0: immediate surf_val (UD); 1: general V<surf_val>(0,0)<0;1,0> */
    uint32_t surf_val, ssidx;
    uint32_t dst, src0, src1, src2;
    int pitch_set; uint32_t pitch; /* strided: immediate UD pitch */
} L;

static L base(uint8_t sub)
{
    L l = { sub, 0x04, 0, 0, 0, 1, 3, 3, 1, 1, 0, 0, 1, 0, 0, 0, 0, 33, 34, 0, 0, 0, 0 };
    return l;
}

static size_t enc(const L *l, uint8_t *b)
{
    size_t n = 0;
#define U8(v) (b[n++] = (uint8_t)(v))
#define U16(v) (U8(v), U8((v) >> 8))
#define U32(v) (U16(v), U16((uint32_t)(v) >> 16))
    U8(0x89); U8(l->sub); U8(l->exec); U16(l->pred); U8(l->sfid); U8(l->l1); U8(l->l3);
    U8(l->at);
    if (l->sub != 0x28 && l->sub != 0x29) { U16(l->scale); U32((uint32_t)l->off); U8(l->asz); }
    U8(l->ds); U8(l->order); U8(l->elems); U8(l->chm);
    if (l->surf_reg) { U8(0); U32(l->surf_val); U8(0); U8(0); U16(0x0121); }
    else { U8(5); U8(VO_T_UD); U32(l->surf_val); }
    U32(l->ssidx);
    U32(l->dst); U16(0);
    if (l->sub == 0x28 || l->sub == 0x29) { U32(l->src1); U16(0); return n; }
    U32(l->src0); U16(0);
    if (l->sub == 0x01 || l->sub == 0x05) { U8(5); U8(VO_T_UD); U32(l->pitch); U32(l->src1); U16(0); return n; }
    U32(l->src1); U16(0);
    U32(l->src2); U16(0);
    return n;
}

static vo_state st;
static void state(const char *plat)
{
    vo_state_free(&st);
    vo_state_init(&st);
    vo_platform_lookup(plat, &st.platform);
    st.platform.visa_version = 401;
    st.exec_mask = 0xFFFFFFFFu;
    vo_state_add_var(&st, 33, VO_T_UD, 128);  /* data: 4 GRF64 */
    vo_state_add_var(&st, 34, VO_T_UQ, 32);   /* a64 addresses */
    vo_state_add_var(&st, 35, VO_T_UD, 32);   /* a32 addresses / data */
    vo_state_add_var(&st, 36, VO_T_UD, 1);    /* surface register */
    vo_state_add_var(&st, 37, VO_T_UW, 32);   /* a16 addresses */
    vo_state_add_var(&st, 7, VO_T_UD, 8);     /* %r0 (read-only) */
    vo_state_add_pred(&st, 1, 32, 0xFFFFFFFFu);
    vo_state_sort(&st);
}

static vo_result r;
static vo_status run(const L *l)
{
    uint8_t b[80];
    size_t n = enc(l, b);
    return vo_run(&st, b, n, &r);
}
/* expects invalid with this code, field and offset */
#define BADCASE(l, C_, F_, O_) do { CHECK_EQ(run(&(l)), VO_INVALID); CHECK_EQ(r.err.code, C_); \
    CHECK_STR(r.err.field, F_); CHECK_EQ(r.err.offset, O_); } while (0)
#define NOTINVALID(l) do { vo_status _s = run(&(l)); CHECK(_s != VO_INVALID); \
    if (_s == VO_INVALID) fprintf(stderr, "  %s at %s: %s\n", vo_errcode_name(r.err.code), r.err.field, r.err.message); } while (0)

static int has_tag(const char *name)
{
    for (unsigned t = 0; t < VO_TAG_COUNT; t++)
        if (vo_tags_has(r.tags, t) && strcmp(vo_tag_name(t), name) == 0) return 1;
    return 0;
}

int main(void)
{
    vo_state_init(&st);
    vo_result_init(&r);
    state("PVC");

    /* ---- decode: offsets and length ---- */
    {
        L l = base(0x00);
        uint8_t b[80];
        size_t n = enc(&l, b);
        CHECK_EQ(n, 54);
        vo_insn in;
        vo_error e;
        CHECK_EQ(vo_decode(b, n, 401, &in, &e), 0);
        CHECK_STR(in.desc->mnemonic, "lsc_load");
        CHECK_EQ(in.off[VO_R_EXEC], 2); CHECK_EQ(in.off[VO_R_LSC_SFID], 5); CHECK_EQ(in.off[VO_R_ADDR_TYPE], 8);
        CHECK_EQ(in.off[VO_R_ADDR_OFF], 11); CHECK_EQ(in.off[VO_R_ADDR_SIZE], 15); CHECK_EQ(in.off[VO_R_DATA_ELEMS], 18);
        CHECK_EQ(in.off[VO_R_LSC_SURF], 20); CHECK_EQ(in.off[VO_R_SSIDX], 26); CHECK_EQ(in.off[VO_R_DATA], 30);
        CHECK_EQ(in.off[VO_R_EOFF], 36); CHECK_EQ(in.off[VO_R_SRC1], 42); CHECK_EQ(in.off[VO_R_SRC2], 48);
        uint8_t back[80];
        CHECK_EQ(vo_encode(&in, back, sizeof back), 54);
        CHECK_MEM(back, b, 54);
        char t[160];
        vo_disasm(&in, t, sizeof t);
        CHECK_STR(t, "lsc_load.ugm (M1, 16) V33:d32 flat[V34]:a64");
        /* truncated inside ss_idx; vISA 3.3 (2-byte ids): 54 - 4*2 = 46 bytes */
        CHECK_EQ(vo_decode(b, 28, 401, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_TRUNCATED); CHECK_STR(e.field, "ss_idx"); CHECK_EQ(e.offset, 26);
        /* sub-ops: block2d (issue 27: its own layout, so these bytes are truncated there) and unknown ones */
        b[1] = 0x03;
        CHECK_EQ(vo_decode(b, 20, 401, &in, &e), -1);
        CHECK_EQ(e.code, VO_E_TRUNCATED); CHECK_STR(e.field, "dst"); CHECK_EQ(e.offset, 16);
        b[1] = 0x1C; CHECK_EQ(vo_decode(b, n, 401, &in, &e), 0); /* (a known sub-op of the same layout decodes) */
        b[1] = 0x1D; CHECK_EQ(vo_decode(b, n, 401, &in, &e), -1); CHECK_EQ(e.code, VO_E_LSC_SUBOP);
        b[1] = 0x21; CHECK_EQ(vo_decode(b, n, 401, &in, &e), -1); CHECK_EQ(e.code, VO_E_LSC_SUBOP);
        CHECK_EQ(vo_decode(b, 1, 401, &in, &e), -1); CHECK_EQ(e.code, VO_E_TRUNCATED); CHECK_STR(e.field, "subop");
        /* strided: dst src0 pitch src1 -> 30 + 6 + 6 + 6 + 6 = 54 bytes too */
        L s = base(0x01);
        s.pitch = 4;
        n = enc(&s, b);
        CHECK_EQ(n, 54);
        CHECK_EQ(vo_decode(b, n, 401, &in, &e), 0);
        CHECK_EQ(in.off[VO_R_PITCH], 42); CHECK_EQ(in.pitch.imm, 4);
        /* append counter: no scale/offset/size: 89 28 exec pred sfid l1 l3 at ds ord el chm surf(6) ssidx dst src0 = 35 */
        L a = base(0x28);
        a.at = 4; a.surf_val = 0xA0; a.src1 = 35;
        n = enc(&a, b);
        CHECK_EQ(n, 35);
        CHECK_EQ(vo_decode(b, n, 401, &in, &e), 0);
        vo_disasm(&in, t, sizeof t);
        CHECK_STR(t, "lsc_apndctr_atomic_add.ugm (M1, 16) V33:d32 bti(0xa0) V35");
        /* bytes the text cannot say print '?' (so no text claims to be these bytes):
         * bti ignores a non-zero ss_idx (D118), and a region's top nibble has no text */
        L q = base(0x00);
        q.at = 4; q.asz = 2; q.src0 = 34; q.surf_val = 3; q.ssidx = 0x80000;
        n = enc(&q, b);
        CHECK_EQ(vo_decode(b, n, 401, &in, &e), 0);
        vo_disasm(&in, t, sizeof t);
        CHECK_STR(t, "lsc_load.ugm (M1, 16) V33:d32 bti(0x3, ?)[V34]:a32");
        q.ssidx = 0; q.at = 2; q.surf_reg = 1; q.surf_val = 40;
        n = enc(&q, b);
        /* a register surface at 20: class, id (4 bytes), row, col, region (2 bytes) = bytes 20..28 */
        CHECK_EQ(b[27], 0x21); CHECK_EQ(b[28], 0x01);
        b[28] = 0x21; /* region 0x2121: top nibble 2 */
        CHECK_EQ(vo_decode(b, n, 401, &in, &e), 0);
        vo_disasm(&in, t, sizeof t);
        CHECK_STR(t, "lsc_load.ugm (M1, 16) V33:d32 bss(V40(?))[V34]:a32");
    }

    /* ---- every rule: code, field, offset ---- */
    L l;
    l = base(0x00); NOTINVALID(l);
    CHECK(has_tag("lsc:ssidx_layout"));
    l = base(0x00); l.exec = 0x06; BADCASE(l, VO_E_EXEC_SIZE, "exec_size", 2);
    l = base(0x00); l.exec = 0x14; BADCASE(l, VO_E_MASK_CTRL, "exec_size", 2);        /* M2 with SIMD16 */
    l = base(0x00); l.pred = 0x0002; BADCASE(l, VO_E_PRED_ID, "pred", 3);             /* P2 undeclared */
    l = base(0x00); l.sfid = 2; BADCASE(l, VO_E_LSC_SFID, "sfid", 5);                 /* tgm: typed only */
    l = base(0x00); l.sfid = 4; BADCASE(l, VO_E_LSC_SFID, "sfid", 5);
    l = base(0x13); l.sfid = 3; l.asz = 2; l.src0 = 35; l.src1 = 33; BADCASE(l, VO_E_LSC_SFID, "sfid", 5); /* fadd on SLM */
    l = base(0x00); l.l1 = 8; BADCASE(l, VO_E_LSC_CACHE, "caching_l1", 6);
    l = base(0x00); l.l1 = 0; l.l3 = 2; BADCASE(l, VO_E_LSC_CACHE, "caching_l3", 7);  /* df/ca: not in the table */
    l = base(0x00); l.l1 = 3; l.l3 = 3; BADCASE(l, VO_E_LSC_CACHE, "caching_l3", 7);  /* wb/wb: stores only */
    l = base(0x04); l.dst = 0; l.src1 = 33; l.l1 = 3; l.l3 = 3; NOTINVALID(l);
    l = base(0x00); l.l1 = 6; l.l3 = 2; NOTINVALID(l);                                  /* ri/ca load */
    l = base(0x00); l.l1 = 6; l.l3 = 6; NOTINVALID(l); CHECK(has_tag("lsc:cache_table")); /* code's table */
    l = base(0x0C); l.src1 = 33; l.l1 = 2; l.l3 = 2; BADCASE(l, VO_E_LSC_CACHE, "caching_l3", 7); /* atomics */
    l = base(0x00); l.sfid = 3; l.asz = 2; l.src0 = 35; l.l1 = 1; l.l3 = 1; BADCASE(l, VO_E_LSC_CACHE, "caching_l1", 6);
    CHECK(has_tag("lsc:slm_cache"));
    l = base(0x00); l.at = 0; BADCASE(l, VO_E_LSC_ADDR_TYPE, "addr_type", 8);
    l = base(0x00); l.at = 6; BADCASE(l, VO_E_LSC_ADDR_TYPE, "addr_type", 8);          /* surf: code only */
    l = base(0x00); l.sfid = 3; l.asz = 2; l.src0 = 35; l.at = 4; BADCASE(l, VO_E_LSC_ADDR_TYPE, "addr_type", 8);
    l = base(0x00); l.scale = 0; BADCASE(l, VO_E_LSC_ADDR_SCALE, "addr_scale", 9);
    l = base(0x00); l.scale = 3; BADCASE(l, VO_E_LSC_ADDR_SCALE, "addr_scale", 9);
    l = base(0x00); l.scale = 4; NOTINVALID(l); CHECK(has_tag("lsc:addr_scale"));
    l = base(0x00); l.asz = 0; BADCASE(l, VO_E_LSC_ADDR_SIZE, "addr_size", 15);
    l = base(0x00); l.asz = 4; BADCASE(l, VO_E_LSC_ADDR_SIZE, "addr_size", 15);        /* a32u: code only */
    l = base(0x00); l.asz = 1; l.src0 = 37; BADCASE(l, VO_E_LSC_ADDR_SIZE, "addr_size", 15); /* a16 on ugm */
    l = base(0x00); l.sfid = 3; BADCASE(l, VO_E_LSC_ADDR_SIZE, "addr_size", 15);       /* a64 on slm */
    l = base(0x00); l.sfid = 3; l.asz = 1; l.src0 = 37; l.off = 0x8000; BADCASE(l, VO_E_LSC_ADDR_OFFSET, "addr_imm_offset", 11);
    l = base(0x00); l.sfid = 3; l.asz = 1; l.src0 = 37; l.off = -0x7FFF; NOTINVALID(l);
    l = base(0x00); l.ds = 0; BADCASE(l, VO_E_LSC_DATA_SIZE, "data_size", 16);
    l = base(0x00); l.ds = 8; BADCASE(l, VO_E_LSC_DATA_SIZE, "data_size", 16);
    l = base(0x0C); l.src1 = 33; l.ds = 1; BADCASE(l, VO_E_LSC_DATA_SIZE, "data_size", 16); /* d8 atomic */
    l = base(0x0C); l.src1 = 35; l.ds = 4; l.sfid = 3; l.asz = 2; l.src0 = 35; BADCASE(l, VO_E_LSC_DATA_SIZE, "data_size", 16);
    l = base(0x12); l.src1 = 35; l.src2 = 35; l.ds = 4; l.sfid = 3; l.asz = 2; l.src0 = 35; NOTINVALID(l); /* icas d64 SLM */
    l = base(0x02); l.chm = 1; l.elems = 0; l.ds = 4; NOTINVALID(l); /* quad d64 (D114) */
    l = base(0x00); l.order = 0; BADCASE(l, VO_E_LSC_DATA_ORDER, "data_order", 17);
    l = base(0x00); l.order = 2; BADCASE(l, VO_E_LSC_DATA_ORDER, "data_order", 17);    /* transpose at SIMD16 */
    l = base(0x00); l.order = 2; l.exec = 0x80; l.elems = 8; NOTINVALID(l);           /* d32x64t SIMD1 */
    l = base(0x0C); l.src1 = 33; l.order = 2; l.exec = 0; BADCASE(l, VO_E_LSC_DATA_ORDER, "data_order", 17);
    l = base(0x02); l.chm = 1; l.elems = 0; l.order = 2; l.exec = 0; BADCASE(l, VO_E_LSC_DATA_ORDER, "data_order", 17);
    l = base(0x00); l.elems = 0; BADCASE(l, VO_E_LSC_VECTOR, "data_elems", 18);
    l = base(0x00); l.elems = 9; BADCASE(l, VO_E_LSC_VECTOR, "data_elems", 18);
    l = base(0x00); l.elems = 2; l.ds = 1; BADCASE(l, VO_E_LSC_VECTOR, "data_elems", 18); /* d8x2 */
    l = base(0x00); l.elems = 2; l.ds = 5; l.order = 2; l.exec = 0; BADCASE(l, VO_E_LSC_VECTOR, "data_elems", 18); /* d8c32x2t */
    l = base(0x00); l.elems = 6; BADCASE(l, VO_E_LSC_VECTOR, "data_elems", 18);       /* x16 non-transposed */
    l = base(0x00); l.elems = 3; l.sfid = 1; BADCASE(l, VO_E_LSC_VECTOR, "data_elems", 18); /* ugml x3 */
    l = base(0x0C); l.src1 = 33; l.elems = 2; BADCASE(l, VO_E_LSC_VECTOR, "data_elems", 18);
    l = base(0x02); l.elems = 0; l.chm = 0; BADCASE(l, VO_E_LSC_CHMASK, "chmask", 19);
    l = base(0x02); l.elems = 0; l.chm = 0x11; BADCASE(l, VO_E_LSC_CHMASK, "chmask", 19);
    l = base(0x06); l.elems = 0; l.chm = 5; l.dst = 0; l.src1 = 33; BADCASE(l, VO_E_LSC_CHMASK, "chmask", 19); /* xz store */
    l = base(0x02); l.elems = 7; l.chm = 5; l.chm = 5; NOTINVALID(l);                 /* quad ignores elems (D114) */
    l = base(0x00); l.chm = 0xFF; NOTINVALID(l);                                       /* non-quad ignores chmask */
    /* payload: d64x8 SIMD16 on GRF 64: 8 x 2 registers */
    l = base(0x00); l.ds = 4; l.elems = 5; BADCASE(l, VO_E_LSC_PAYLOAD, "data_elems", 18);
    l = base(0x00); l.ds = 4; l.elems = 4; l.exec = 0x03; NOTINVALID(l);              /* d64x4 SIMD8: 4 regs */
    l = base(0x00); l.ds = 4; l.elems = 8; l.order = 2; l.exec = 0; NOTINVALID(l);    /* d64x64t: 512 B = 8 regs */
    state("DG2");
    l = base(0x00); l.ds = 4; l.elems = 8; l.order = 2; l.exec = 0; BADCASE(l, VO_E_LSC_PAYLOAD, "data_elems", 18); /* 16 on GRF 32 */
    state("PVC");
    l = base(0x00); l.surf_val = 4; BADCASE(l, VO_E_LSC_SURFACE, "surface", 20);       /* flat needs 0 */
    l = base(0x00); l.at = 4; l.asz = 2; l.src0 = 35; l.surf_val = 256; BADCASE(l, VO_E_LSC_SURFACE, "surface", 20);
    l = base(0x00); l.at = 4; l.asz = 2; l.src0 = 35; l.surf_val = 255; NOTINVALID(l);
    l = base(0x00); l.at = 2; l.asz = 2; l.src0 = 35; l.surf_reg = 1; l.surf_val = 0; BADCASE(l, VO_E_LSC_SURFACE, "surface", 20);
    l = base(0x00); l.at = 2; l.asz = 2; l.src0 = 35; l.surf_reg = 1; l.surf_val = 99; BADCASE(l, VO_E_VAR_ID, "surface", 20);
    l = base(0x00); l.at = 4; l.asz = 2; l.src0 = 35; l.surf_val = 4; l.ssidx = 3; NOTINVALID(l);
    CHECK(has_tag("lsc:ssidx_ignored"));
    l = base(0x00); l.at = 2; l.asz = 2; l.src0 = 35; l.surf_reg = 1; l.surf_val = 36; l.ssidx = 3; NOTINVALID(l);
    CHECK(!has_tag("lsc:ssidx_ignored"));
    /* operands: offsets with a general surface (9 bytes): dst 33, src0 39, src1 45, src2 51 */
    l = base(0x04); l.src1 = 33; BADCASE(l, VO_E_LSC_OPERAND, "dst", 30);              /* store with a dst */
    l = base(0x04); l.dst = 0; BADCASE(l, VO_E_LSC_OPERAND, "src1_data", 42);          /* store without data */
    l = base(0x00); l.src1 = 33; BADCASE(l, VO_E_LSC_OPERAND, "src1_data", 42);        /* load with src1 */
    l = base(0x1B); l.dst = 0; BADCASE(l, VO_E_LSC_OPERAND, "dst", 30);                /* load_status needs dst */
    l = base(0x00); l.src0 = 0; BADCASE(l, VO_E_LSC_OPERAND, "src0_addrs", 36);
    l = base(0x00); l.src0 = 35; BADCASE(l, VO_E_OPERAND_TYPE, "src0_addrs", 36);      /* a64 from UD */
    l = base(0x00); l.asz = 2; l.at = 4; BADCASE(l, VO_E_OPERAND_TYPE, "src0_addrs", 36); /* a32 from UQ */
    l = base(0x0C); BADCASE(l, VO_E_LSC_OPERAND, "src1_data", 42);                     /* iadd needs src1 */
    l = base(0x08); l.src1 = 33; BADCASE(l, VO_E_LSC_OPERAND, "src1_data", 42);        /* iinc takes none */
    l = base(0x12); l.src1 = 33; BADCASE(l, VO_E_LSC_OPERAND, "src2_data", 48);        /* icas needs src2 */
    l = base(0x0C); l.src1 = 33; l.src2 = 33; BADCASE(l, VO_E_LSC_OPERAND, "src2_data", 48);
    l = base(0x00); l.dst = 0; NOTINVALID(l);                                          /* prefetch */
    l = base(0x00); l.dst = 7; BADCASE(l, VO_E_READ_ONLY, "dst", 30);                  /* %r0 */
    l = base(0x00); l.dst = 23; BADCASE(l, VO_E_RESERVED_ID, "dst", 30);
    l = base(0x01); l.pitch = 0x10000; BADCASE(l, VO_E_LSC_PITCH, "src0_addr_pitch", 42);
    l = base(0x01); l.pitch = 0xFFFF; NOTINVALID(l);
    /* platforms (D100) and ugml (D112) */
    state("TGLLP");
    l = base(0x00); BADCASE(l, VO_E_PLATFORM, "opcode", 0);
    state("DG2");
    l = base(0x00); l.sfid = 1; NOTINVALID(l); CHECK(has_tag("lsc:ugml_platform"));
    state("Xe3");
    l = base(0x00); l.exec = 0x05; l.src0 = 34; NOTINVALID(l);

    /* ---- text: asm of every printed form gives the hand-encoded bytes ---- */
    {
        static const struct { const char *text; L l; } T[] = {
            { "lsc_load.ugm (M1, 16) V33:d32 flat[V34]:a64", { 0x00, 0x04, 0, 0, 0, 1, 3, 3, 1, 1, 0, 0, 1, 0, 0, 0, 0, 33, 34, 0, 0, 0, 0 } },
            { "lsc_store.slm.df.df (M1, 16) flat[V35]:a32 V33:d32", { 0 } }, /* .df.df is not printed: rejected */
            { "(!P1.all) lsc_load.ugm.st.uc (M5_NM, 4) V33.64:d32x3 flat[0x8*V34-0x4]:a64",
              { 0x00, 0xC2, 0, 5, 1, 1, 3, 3, 1, 3, 0, 0xC001, 8, -4, 0, 0, 0, 33, 34, 0, 0, 0, 0 } },
        };
        for (unsigned i = 0; i < sizeof T / sizeof T[0]; i++) {
            vo_insn in;
            vo_error e;
            int rc = vo_asm(T[i].text, 401, &in, &e);
            if (T[i].l.sub == 0 && T[i].l.exec == 0) { CHECK_EQ(rc, -1); continue; }
            CHECK_EQ(rc, 0);
            uint8_t got[80], want[80];
            size_t n = vo_encode(&in, got, sizeof got), m = enc(&T[i].l, want);
            if (i == 2) { want[30 + 4] = 64; } /* dst offset 64 */
            CHECK_EQ(n, m);
            CHECK_MEM(got, want, m);
            char back[200];
            vo_disasm(&in, back, sizeof back);
            CHECK_STR(back, T[i].text);
        }
    }
    vo_result_free(&r);
    vo_state_free(&st);
    T_DONE();
}
