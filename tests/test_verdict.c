/* Verdicts (oracle/tools/verdict.c) and the host side of the DUT ABI.
 *
 * The DUT here is a scripted fake behind the real ABI (vo_dut_run_lib): each
 * test lists the memory writes / variable updates the fake performs and its
 * return code. The "correct" scripts are worked out by hand from the seed
 * pseudocode and docs/decisions.md (never copied from the oracle), and the
 * expected verdicts, buckets and provenance follow docs/check.md. */
#include "visa_check.h"
#include "vo_test_util.h"

/* ---- the scripted fake DUT ---- */
enum { A_MEM = 1, A_VAR = 2 };
typedef struct { int op; uint32_t id; uint64_t off; uint32_t len; uint8_t b[16]; } act;
static act acts[32];
static int nacts, fake_rc, write_rcs[32];

static void script(int rc) { nacts = 0; fake_rc = rc; }
static void mem_w(uint32_t surf, uint64_t off, uint32_t len, uint32_t v)
{
    act *a = &acts[nacts++];
    a->op = A_MEM; a->id = surf; a->off = off; a->len = len;
    vt_st_ud(a->b, v);
}
static void var_w(uint32_t id, uint32_t off, uint32_t v)
{
    act *a = &acts[nacts++];
    a->op = A_VAR; a->id = id; a->off = off; a->len = 4;
    vt_st_ud(a->b, v);
}
static int fake_exec(visa_dut_case *c, char *msg, size_t cap)
{
    for (int i = 0; i < nacts; i++) {
        act *a = &acts[i];
        write_rcs[i] = 0;
        if (a->op == A_MEM) write_rcs[i] = c->mem.write(c->mem.host, a->id, a->off, a->len, a->b);
        else
            for (uint32_t k = 0; k < c->nvars; k++)
                if (c->vars[k].id == a->id) memcpy(c->vars[k].data + a->off, a->b, a->len);
    }
    if (msg && cap) snprintf(msg, cap, "fake");
    return fake_rc;
}

static vo_result R;
static vo_dut_out O;
static vo_verdict V;

/* oracle + fake DUT + verdict for (st, x) */
static int judge(vo_state *st, const vt_insn *x)
{
    vo_state_sort(st);
    vo_run(st, x->b, x->n, &R);
    vo_dut_run_lib(fake_exec, st, x->b, x->n, &O);
    return vo_verdict_compute(st, x->b, x->n, &R, &O, &V);
}

/* ---- S1: scatter4_scaled.R SIMD8, T6 of 0x100 bytes, lane i at 16*i ---- */
#define SRC(j) (0xC0DEB010u + (uint32_t)(j)) /* no zero byte */
static void s1_state(vo_state *s, uint32_t em, uint32_t lane7_off, uint64_t size)
{
    uint32_t offs[8], src[8];
    for (int i = 0; i < 8; i++) { offs[i] = 16u * (uint32_t)i; src[i] = SRC(i); }
    offs[7] = lane7_off;
    st_begin(s, "TGLLP", 306, em);
    st_var_ud(s, 32, 8, offs);
    st_var_ud(s, 33, 8, src);
    st_surf(s, 6, size);
}
static void s1_insn(vt_insn *x, uint8_t ch)
{
    vt_begin(x, 306);
    put_s4_head(x, 0x03, 0, ch, 0, 6); /* SIMD8, M1, no predicate */
    put_imm_ud(x, 0);
    put_raw(x, 32, 0);
    put_raw(x, 33, 0);
}
/* the writes a correct DUT makes: lanes 0..6 (lane 7 is out of bounds) */
static void s1_correct(uint32_t skip_lane)
{
    for (uint32_t i = 0; i < 7; i++)
        if (i != skip_lane) mem_w(6, 16 * i, 4, SRC(i));
}

static void test_scatter4(void)
{
    vo_state s;
    vt_insn x;
    s1_insn(&x, 0x1);

    /* correct */
    s1_state(&s, 0xFF, 0x100, 0x100);
    script(VISA_DUT_OK);
    s1_correct(99);
    CHECK(judge(&s, &x));
    CHECK_EQ(V.ndiff, 0);
    CHECK_STR(V.asm_text, ""); /* issue 15: a passing test is not disassembled */

    /* lane 3 missing: 4 bytes at 0x30, 13 b0 de c0 (SRC(3) little-endian) */
    script(VISA_DUT_OK);
    s1_correct(3);
    CHECK(!judge(&s, &x));
    CHECK(strncmp(V.asm_text, "scatter4_scaled.", 16) == 0); /* a failing one is */
    CHECK_STR(V.bucket, "scatter4_scaled:fourch.addr:missing_write");
    CHECK_EQ(V.ndiff, 4);
    CHECK_EQ(V.diffs[0].space, VO_SPACE_SURFACE);
    CHECK_EQ(V.diffs[0].index, 6);
    CHECK_EQ(V.diffs[0].offset, 0x30);
    CHECK_EQ(V.diffs[0].expected, 0x13);
    CHECK_EQ(V.diffs[0].got, 0x00);
    CHECK_EQ(V.diffs[0].has_acc, 1);
    CHECK_EQ(V.diffs[0].acc.lane, 3);
    CHECK_EQ(V.diffs[0].acc.channel, 0);
    CHECK_EQ(V.diffs[0].acc.address, 0x30);
    CHECK_EQ(V.diffs[0].acc.reg_var, 33);
    CHECK_EQ(V.diffs[0].acc.reg_off, 12); /* src dword 3 */
    CHECK_EQ(V.diffs[3].offset, 0x33);
    CHECK_EQ(V.diffs[3].expected, 0xC0);
    CHECK_EQ(V.diffs[3].delta, 3);
    {
        char row[512];
        uint32_t n = vo_diff_run(V.diffs, V.nkept);
        CHECK_EQ(n, 4);
        vo_diff_format(V.diffs, n, row, sizeof row);
        CHECK(strstr(row, "lane 3") != NULL);
        CHECK(strstr(row, "addr 0x30") != NULL);
        CHECK(strstr(row, "expected 13b0dec0 got 00000000") != NULL);
        CHECK(strstr(row, "V33 byte 12..15") != NULL);
    }

    /* lane 2 writes a wrong low byte: one differing byte */
    script(VISA_DUT_OK);
    s1_correct(2);
    mem_w(6, 0x20, 4, 0xC0DEB0FFu);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "scatter4_scaled:fourch.addr:wrong_value");
    CHECK_EQ(V.ndiff, 1);
    CHECK_EQ(V.diffs[0].offset, 0x20);
    CHECK_EQ(V.diffs[0].expected, 0x12);
    CHECK_EQ(V.diffs[0].got, 0xFF);

    /* an extra byte where no lane writes (issue 15 point 2): a stray write,
     * classed by address, with the nearest planned write as a hint, whatever
     * the masks (before: the instruction's first access clause) */
    script(VISA_DUT_OK);
    s1_correct(99);
    mem_w(6, 0x08, 1, 0x11);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "scatter4_scaled:stray.inside_unplanned:stray_write");
    CHECK_EQ(V.ndiff, 1);
    CHECK_EQ(V.diffs[0].has_acc, 4);
    CHECK_EQ(V.diffs[0].acc.address, 0x00); /* lanes 0 (0x00) and 1 (0x10) are both 8 bytes away: the first wins */
    CHECK_EQ(V.diffs[0].bound, 0x100);
    {
        char row[640];
        vo_diff_format(&V.diffs[0], 1, row, sizeof row);
        CHECK(strstr(row, "bound 0x100") != NULL);
        CHECK(strstr(row, "nearest planned write: lane") != NULL);
    }
    vo_state_free(&s);

    /* the same stray byte with lane 5 masked off: still a stray write, not
     * chen.em (lane 5's own address is 0x50, not 0x08) */
    s1_state(&s, 0xDF, 0x100, 0x100);
    script(VISA_DUT_OK);
    for (uint32_t i = 0; i < 7; i++) if (i != 5) mem_w(6, 16 * i, 4, SRC(i));
    mem_w(6, 0x08, 1, 0x11);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "scatter4_scaled:stray.inside_unplanned:stray_write");
    vo_state_free(&s);

    /* same with lane 5 masked off: the extra bytes are filed under chen.em */
    s1_state(&s, 0xDF, 0x100, 0x100);
    script(VISA_DUT_OK);
    for (uint32_t i = 0; i < 7; i++) if (i != 5) mem_w(6, 16 * i, 4, SRC(i));
    mem_w(6, 0x50, 4, SRC(5)); /* the disabled lane written anyway */
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "scatter4_scaled:chen.em:extra_write");
    CHECK_EQ(V.ndiff, 4);
    vo_state_free(&s);

    /* lane 7 at exactly the bound: the DUT asks to write it; the host refuses */
    s1_state(&s, 0xFF, 0x100, 0x100);
    script(VISA_DUT_OK);
    s1_correct(99);
    mem_w(6, 0x100, 4, SRC(7));
    CHECK(!judge(&s, &x));
    CHECK_EQ(write_rcs[7], -1);
    CHECK_EQ(O.nviol, 1);
    CHECK_STR(V.bucket, "scatter4_scaled:oob.write_dropped:write_past_bound");
    CHECK_EQ(V.diffs[0].kind, VO_K_WRITE_PAST_BOUND);
    CHECK_EQ(V.diffs[0].acc.lane, 7);
    CHECK_EQ(V.diffs[0].acc.address, 0x100);
    CHECK_EQ(V.diffs[0].len, 4);

    /* issue 15, precedence bounds before alignment: the same bug (a straddling
     * element written whole, the host refusing it) buckets alike whether the
     * straddling lane is aligned (lane 7 at 0xFC of 0xFE bytes) or also
     * misaligned (lane 7 at 0xFE of 0x100 bytes); before, the second was
     * filed under addr.misaligned */
    {
        vo_state s2;
        s1_state(&s2, 0xFF, 0xFC, 0xFE);
        script(VISA_DUT_OK);
        s1_correct(99);
        mem_w(6, 0xFC, 4, SRC(7));
        CHECK(!judge(&s2, &x));
        CHECK_STR(V.bucket, "scatter4_scaled:oob.partial_element:write_past_bound");
        vo_state_free(&s2);
        s1_state(&s2, 0xFF, 0xFE, 0x100);
        script(VISA_DUT_OK);
        s1_correct(99);
        mem_w(6, 0xFE, 4, SRC(7));
        CHECK(!judge(&s2, &x));
        CHECK_STR(V.bucket, "scatter4_scaled:oob.partial_element:write_past_bound");
        vo_state_free(&s2);
    }

    /* the DUT rejects a valid instruction */
    script(VISA_DUT_REJECTED);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "scatter4_scaled:fourch.addr:wrongly_rejected");
    script(VISA_DUT_ERROR);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "scatter4_scaled:fourch.addr:dut_error");
    vo_state_free(&s);

    /* a 0x102-byte surface: lane 7's dword 0x100..0x103 straddles the bound,
     * D6 drops the whole element; writing its two in-bound bytes 17 b0 is an
     * extra write */
    s1_state(&s, 0xFF, 0x100, 0x102);
    script(VISA_DUT_OK);
    s1_correct(99);
    act *a = &acts[nacts++];
    a->op = A_MEM; a->id = 6; a->off = 0x100; a->len = 2; a->b[0] = 0x17; a->b[1] = 0xB0;
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "scatter4_scaled:oob.partial_element:extra_write");
    CHECK_EQ(V.ndiff, 2);
    CHECK_EQ(V.diffs[0].offset, 0x100);
    CHECK_EQ(V.diffs[0].acc.lane, 7);
    vo_state_free(&s);
}

static void test_invalid_undefined(void)
{
    vo_state s;
    vt_insn x;
    /* channel mask 0: E_CHANNEL_MASK (D20) */
    s1_state(&s, 0xFF, 0x70, 0x100);
    s1_insn(&x, 0x0);
    script(VISA_DUT_REJECTED);
    CHECK(judge(&s, &x));
    script(VISA_DUT_OK);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "scatter4_scaled:E_CHANNEL_MASK:not_rejected");
    script(VISA_DUT_ERROR);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "scatter4_scaled:E_CHANNEL_MASK:dut_error");
    /* an opcode the oracle does not model: rejected or unsupported both pass */
    vt_insn y;
    vt_begin(&y, 306);
    put_u8(&y, 0x01);
    script(VISA_DUT_ERROR);
    CHECK(judge(&s, &y));
    script(VISA_DUT_REJECTED);
    CHECK(judge(&s, &y));
    script(VISA_DUT_OK);
    CHECK(!judge(&s, &y));
    CHECK_STR(V.bucket, "op_01:E_OPCODE:not_rejected");
    vo_state_free(&s);

    /* D14: src needs 8 dwords, V33 has 4 -> status undefined; anything goes */
    st_begin(&s, "TGLLP", 306, 0xFF);
    st_var_ud(&s, 32, 8, NULL);
    st_var_ud(&s, 33, 4, NULL);
    st_surf(&s, 6, 0x100);
    s1_insn(&x, 0x1);
    script(VISA_DUT_OK);
    mem_w(6, 0x40, 4, 0xDEADBEEFu);
    var_w(32, 0, 0x12345678u);
    CHECK(judge(&s, &x));
    CHECK_EQ(R.status, VO_UNDEFINED);
    script(VISA_DUT_REJECTED);
    CHECK(judge(&s, &x));
    /* ... but not a crash */
    vo_dut_out_free(&O);
    O.status = VO_DUT_CRASH;
    snprintf(O.msg, sizeof O.msg, "killed by signal 11");
    CHECK(!vo_verdict_compute(&s, x.b, x.n, &R, &O, &V));
    CHECK_STR(V.bucket, "scatter4_scaled:raw.past_variable:crash");
    O.status = VO_DUT_TIMEOUT;
    CHECK(!vo_verdict_compute(&s, x.b, x.n, &R, &O, &V));
    CHECK_STR(V.bucket, "scatter4_scaled:raw.past_variable:timeout");
    vo_state_free(&s);
}

/* ---- S2: gather_scaled SIMD8, 4 bytes per lane, T6 of 0x40 bytes ---- */
static void s2_state(vo_state *s, uint32_t em, uint8_t lane5_oob)
{
    uint32_t offs[8], fill[8];
    for (int i = 0; i < 8; i++) { offs[i] = 8u * (uint32_t)i; fill[i] = 0x55555555u; }
    if (lane5_oob) offs[5] = 0x40;
    st_begin(s, "TGLLP", 306, em);
    st_var_ud(s, 32, 8, offs);
    st_var_ud(s, 34, 8, fill);
    st_surf(s, 6, 0x40);
    for (uint32_t i = 0; i < 8; i++) st_surf_put_ud(s, 6, 8 * i, 0xA0000000u + i);
}
static void s2_insn(vt_insn *x, uint8_t nblocks)
{
    vt_begin(x, 306);
    put_gs_head(x, 0x03, 0, 0, nblocks, 0, 6);
    put_imm_ud(x, 0);
    put_raw(x, 32, 0);
    put_raw(x, 34, 0);
}

static void test_gather(void)
{
    vo_state s;
    vt_insn x;
    s2_insn(&x, 2);
    /* lane 4 disabled (keeps 0x55555555, D11), lane 5 out of bounds (zero, D6) */
    s2_state(&s, 0xEF, 1);
    script(VISA_DUT_OK);
    for (uint32_t i = 0; i < 8; i++)
        if (i != 4) var_w(34, 4 * i, i == 5 ? 0 : 0xA0000000u + i);
    CHECK(judge(&s, &x));

    /* out-of-bound lane returns the host's 0xCD filler */
    script(VISA_DUT_OK);
    for (uint32_t i = 0; i < 8; i++)
        if (i != 4) var_w(34, 4 * i, i == 5 ? 0xCDCDCDCDu : 0xA0000000u + i);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "gather_scaled:oob.read_zero:wrong_value");
    CHECK_EQ(V.ndiff, 4);
    CHECK_EQ(V.diffs[0].space, VO_SPACE_VAR);
    CHECK_EQ(V.diffs[0].index, 34);
    CHECK_EQ(V.diffs[0].offset, 20);
    CHECK_EQ(V.diffs[0].expected, 0);
    CHECK_EQ(V.diffs[0].got, 0xCD);
    CHECK_EQ(V.diffs[0].acc.lane, 5);
    CHECK_EQ(V.diffs[0].acc.address, 0x40);

    /* the disabled lane 4 is written */
    script(VISA_DUT_OK);
    for (uint32_t i = 0; i < 8; i++) var_w(34, 4 * i, i == 5 ? 0 : 0xA0000000u + i);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "gather_scaled:gather.disabled_lane_kept:extra_write");
    CHECK_EQ(V.diffs[0].has_acc, 2);
    CHECK_EQ(V.diffs[0].acc.lane, 4);

    /* lane 0 not written at all */
    script(VISA_DUT_OK);
    for (uint32_t i = 1; i < 8; i++)
        if (i != 4) var_w(34, 4 * i, i == 5 ? 0 : 0xA0000000u + i);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "gather_scaled:scaled.addr_bytes:missing_write");
    CHECK_EQ(V.ndiff, 4);

    /* a gather must not write memory */
    script(VISA_DUT_OK);
    for (uint32_t i = 0; i < 8; i++)
        if (i != 4) var_w(34, 4 * i, i == 5 ? 0 : 0xA0000000u + i);
    mem_w(6, 0, 4, 0xA0000000u ^ 0xFF);
    CHECK(!judge(&s, &x));
    CHECK_EQ(V.kind, VO_K_EXTRA_WRITE);
    CHECK_EQ(V.diffs[0].space, VO_SPACE_SURFACE);
    vo_state_free(&s);

    /* 1-byte blocks: bytes 1..3 of each lane dword are undefined (D13) */
    s2_insn(&x, 0);
    s2_state(&s, 0xFF, 0);
    script(VISA_DUT_OK);
    for (uint32_t i = 0; i < 8; i++) var_w(34, 4 * i, i); /* low byte = 0x00+i, upper bytes zeroed */
    CHECK(judge(&s, &x));
    script(VISA_DUT_OK);
    for (uint32_t i = 0; i < 8; i++) var_w(34, 4 * i, i == 6 ? 0x77 : i);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "gather_scaled:scaled.addr_bytes:wrong_value");
    CHECK_EQ(V.ndiff, 1);
    CHECK_EQ(V.diffs[0].offset, 24);
    vo_state_free(&s);
}

static void test_overlap(void)
{
    vo_state s;
    vt_insn x;
    /* lanes 0 and 1 both write bytes 0..3: one_of {SRC(0), SRC(1)} (D10) */
    s1_state(&s, 0x03, 0x70, 0x100);
    vo_var *v = vo_state_var(&s, 32);
    vt_st_ud(v->data + 4, 0);
    s1_insn(&x, 0x1);
    script(VISA_DUT_OK);
    mem_w(6, 0, 4, SRC(0)); /* first writer wins in this DUT */
    CHECK(judge(&s, &x));
    script(VISA_DUT_OK);
    mem_w(6, 0, 4, SRC(1));
    CHECK(judge(&s, &x));
    script(VISA_DUT_OK);
    mem_w(6, 0, 4, 0x12345678u);
    CHECK(!judge(&s, &x));
    CHECK_STR(V.bucket, "scatter4_scaled:write.overlap_one_of:not_one_of");
    vo_state_free(&s);
}

static void test_host(void)
{
    vo_state s;
    s1_state(&s, 0xFF, 0x70, 0x100);
    st_surf_put_ud(&s, 6, 0xFC, 0x04030201u);
    vo_state_sort(&s);
    static vo_dut_host h;
    vo_dut_out o;
    vo_dut_out_init(&o);
    uint8_t ins[1] = { 0x75 };
    CHECK_EQ(vo_dut_host_prepare(&h, &s, ins, 1, &o), 0);
    CHECK_EQ(h.c.abi_version, VISA_DUT_ABI_VERSION);
    CHECK_STR(h.c.platform, "TGLLP");
    CHECK_EQ(h.c.grf_bytes, 32);
    CHECK_EQ(h.c.visa_version, 306);
    CHECK_EQ(h.c.exec_mask, 0xFF);
    CHECK_EQ(h.c.nvars, 2);
    CHECK_EQ(h.c.nsurfaces, 1);
    CHECK_EQ(h.c.surfaces[0].size, 0x100);
    uint8_t b[4];
    CHECK_EQ(h.c.mem.read(h.c.mem.host, 6, 0xFC, 4, b), 0);
    CHECK_EQ(vt_ld_ud(b), 0x04030201u);
    CHECK_EQ(h.c.mem.read(h.c.mem.host, 6, 0xFD, 4, b), -1); /* one byte past */
    CHECK_EQ(vt_ld_ud(b), 0xCDCDCDCDu);
    CHECK_EQ(h.c.mem.read(h.c.mem.host, 5, 0, 1, b), -1);    /* absent stateless: size 0 (D4) */
    CHECK_EQ(b[0], 0xCD);
    CHECK_EQ(o.nbad_reads, 2);
    CHECK_EQ(h.c.mem.write(h.c.mem.host, 5, 0, 4, b), -1);
    CHECK_EQ(h.c.mem.write(h.c.mem.host, 6, 0xFFFFFFFFFFFFFFFEull, 4, b), -1); /* no wrap in the bound check */
    CHECK_EQ(o.nviol, 2);
    CHECK_EQ(o.viol[0].surface, 5);
    uint8_t w[4] = { 9, 8, 7, 6 };
    CHECK_EQ(h.c.mem.write(h.c.mem.host, 6, 0x10, 4, w), 0);
    CHECK_EQ(surf_ud(&o.state, 6, 0x10), 0x06070809u);
    CHECK_EQ(surf_ud(&s, 6, 0x10), 0); /* the input is untouched */
    h.c.vars[1].data[0] = 0xEE; /* vars are updated in place, in the DUT's copy */
    CHECK_EQ(vo_state_var(&o.state, 33)->data[0], 0xEE);
    CHECK_EQ(vo_state_var(&s, 33)->data[0], 0x10); /* SRC(0) low byte */

    /* a final state without variable 33: bad_shape */
    vt_insn x;
    s1_insn(&x, 0x1);
    vo_run(&s, x.b, x.n, &R);
    vo_state_free(&o.state);
    vt_copy(&o.state, &R.final);
    free(o.state.vars[1].data);
    o.state.nvars = 1;
    o.status = VO_DUT_EXECUTED;
    o.nviol = 0;
    CHECK(!vo_verdict_compute(&s, x.b, x.n, &R, &o, &V));
    CHECK_EQ(V.kind, VO_K_BAD_SHAPE);
    CHECK(strstr(V.detail, "variable 33 is missing") != NULL);
    vo_dut_out_free(&o);
    vo_state_free(&s);
}

/* bucket names: an LSC_UNTYPED instruction is named by its sub-op (lsc_store, lsc_atomic_iadd),
 * not by the opcode's first descriptor */
static void test_mnemonic(void)
{
    char b[32];
    const uint8_t st[] = { 0x89, 0x04 }, add[] = { 0x89, 0x0C }, bad[] = { 0x89, 0x7F }, sc[] = { 0x75 };
    CHECK_STR(vo_insn_mnemonic(st, 2, b, sizeof b), "lsc_store");
    CHECK_STR(vo_insn_mnemonic(add, 2, b, sizeof b), "lsc_atomic_iadd");
    CHECK_STR(vo_insn_mnemonic(bad, 2, b, sizeof b), "lsc_load"); /* unknown sub-op: the opcode's name */
    CHECK_STR(vo_insn_mnemonic(sc, 1, b, sizeof b), "scatter4_scaled");
}

int main(void)
{
    vo_result_init(&R);
    vo_dut_out_init(&O);
    test_mnemonic();
    test_scatter4();
    test_invalid_undefined();
    test_gather();
    test_overlap();
    test_host();
    vo_result_free(&R);
    vo_dut_out_free(&O);
    T_DONE();
}
