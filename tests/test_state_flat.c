/* The address-space model of the state (issue 13): flat 64-bit memory
 * regions, the binding table and the surface-state table -- builders,
 * accessors, caps, vo_state_check, JSON reading/printing (docs/format.md,
 * docs/state.md), the DUT host callbacks and the verdict on flat memory.
 *
 * Expected texts and bytes are written by hand from docs/format.md's
 * canonical rules (16-byte lines, "0x" + 16 lower-case hex digits for a base,
 * keys after "surfaces" only when non-empty), never copied from output. */
#include "visa_check.h"
#include "visa_json.h"
#include "vo_test_util.h"
#include <stdlib.h>

static void test_builders(void)
{
    vo_state s;
    vo_state_init(&s);
    CHECK(vo_state_add_region(&s, 0x1000, 0) == NULL);                      /* size 0 */
    CHECK(vo_state_add_region(&s, 0x1000, VO_MAX_REGION_SIZE + 1) == NULL); /* > 4 GiB */
    CHECK(vo_state_add_region(&s, 0xFFFFFFFFFFFFF000ull, 0x1001) == NULL);  /* past 2^64 */
    CHECK(vo_state_add_region(&s, 0xFFFFFFFFFFFFF000ull, 0x1000) != NULL);  /* ends exactly at 2^64 */
    CHECK(vo_state_add_region(&s, 0x1000, 0x100) != NULL);
    CHECK(vo_state_add_region(&s, 0x10FF, 1) == NULL);  /* overlaps the last byte */
    CHECK(vo_state_add_region(&s, 0x0F02, 0xFF) == NULL); /* [0xF02, 0x1001) overlaps the first byte */
    CHECK(vo_state_add_region(&s, 0x1100, 0x100) != NULL); /* adjacent: fine */
    CHECK(vo_state_add_region(&s, 0x0F00, 0x100) != NULL); /* adjacent below */
    CHECK_EQ(s.nregions, 4);
    vo_state_sort(&s);
    CHECK_EQ(s.regions[0].base, 0x0F00);
    CHECK_EQ(s.regions[3].base, 0xFFFFFFFFFFFFF000ull);

    CHECK(vo_state_add_bti(&s, 256, 6) == NULL);
    CHECK(vo_state_add_bti(&s, 3, 6) != NULL);
    CHECK(vo_state_add_bti(&s, 3, 7) == NULL); /* duplicate */
    CHECK(vo_state_add_ss(&s, 65, 6) == NULL); /* not 64-aligned */
    CHECK(vo_state_add_ss(&s, 0x4000000, 6) == NULL); /* 2^26 */
    CHECK(vo_state_add_ss(&s, 0x3FFFFC0, 6) != NULL);
    CHECK(vo_state_add_ss(&s, 0x3FFFFC0, 7) == NULL);
    /* the tables name surface 6, not declared yet: the check says so */
    vo_error e;
    memset(&e, 0, sizeof e);
    CHECK_EQ(vo_state_check(&s, &e), -1);
    CHECK_EQ(e.code, VO_E_TABLE_SURFACE);
    CHECK_STR(e.field, "binding_table[0].surface");
    CHECK(vo_state_bti(&s, 3) == NULL);
    vo_surface *sf = vo_state_add_surface(&s, 6, 64);
    CHECK(sf != NULL);
    vo_state_sort(&s);
    CHECK_EQ(vo_state_check(&s, &e), 0);
    CHECK(vo_state_bti(&s, 3) == sf);
    CHECK(vo_state_ss(&s, 0x3FFFFC0) == sf);
    vo_state_add_ss(&s, 0, 9); /* an absent surface */
    vo_state_sort(&s);
    memset(&e, 0, sizeof e);
    CHECK_EQ(vo_state_check(&s, &e), -1);
    CHECK_EQ(e.code, VO_E_TABLE_SURFACE);
    CHECK_STR(e.field, "surface_state[0].surface");
    vo_state_free(&s);

    /* caps */
    vo_state_init(&s);
    for (unsigned i = 0; i < VO_MAX_REGIONS; i++) CHECK(vo_state_add_region(&s, 0x10000ull * i, 16) != NULL);
    CHECK(vo_state_add_region(&s, 0x10000000, 16) == NULL);
    for (unsigned i = 0; i < VO_MAX_BT; i++) CHECK(vo_state_add_bti(&s, i, 6) != NULL);
    CHECK(vo_state_add_bti(&s, 200, 6) == NULL);
    for (unsigned i = 0; i < VO_MAX_SS; i++) CHECK(vo_state_add_ss(&s, 64 * i, 6) != NULL);
    CHECK(vo_state_add_ss(&s, 64 * 100, 6) == NULL);
    vo_state_free(&s);
}

static void test_flat_access(void)
{
    vo_state s;
    vo_state_init(&s);
    vo_region *a = vo_state_add_region(&s, 0x100000000ull, 0x100);
    vo_region *b = vo_state_add_region(&s, 0x100000100ull, 0x100); /* adjacent */
    CHECK(a && b);
    CHECK(vo_state_add_region(&s, 0xFFFFFFFFFFFFFFF0ull, 0x10) != NULL);
    vo_state_sort(&s);
    uint8_t in[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, out[8];
    /* a write spanning the two adjacent regions */
    CHECK_EQ(vo_flat_write(&s, 0x1000000FCull, 8, in), 0);
    CHECK_EQ(vo_flat_read(&s, 0x1000000FCull, 8, out), 0);
    CHECK_MEM(out, in, 8);
    CHECK_EQ(s.regions[0].mem.npages, 1);
    CHECK_EQ(s.regions[1].mem.npages, 1);
    uint8_t one;
    CHECK_EQ(vo_flat_read(&s, 0x100000100ull, 1, &one), 0);
    CHECK_EQ(one, 5); /* byte 4 of the write is the first byte of region 1 */
    /* unset bytes read 0 */
    CHECK_EQ(vo_flat_read(&s, 0x100000010ull, 1, &one), 0);
    CHECK_EQ(one, 0);
    /* one byte outside every region: -1, out zeroed, nothing written */
    memset(out, 0xAA, sizeof out);
    CHECK_EQ(vo_flat_read(&s, 0x1000001FCull, 8, out), -1);
    CHECK_EQ(out[0], 0);
    CHECK_EQ(vo_flat_write(&s, 0x1000001FCull, 8, in), -1);
    CHECK_EQ(vo_flat_read(&s, 0x1000001FCull, 4, out), 0);
    CHECK_EQ(vt_ld_ud(out), 0);
    CHECK_EQ(vo_flat_write(&s, 0xFFFFFFFFull, 1, in), -1);
    /* the top region ends at 2^64: an access may not wrap to 0 */
    CHECK_EQ(vo_flat_write(&s, 0xFFFFFFFFFFFFFFF8ull, 8, in), 0);
    CHECK_EQ(vo_flat_inside(&s, 0xFFFFFFFFFFFFFFF8ull, 9), 0);
    CHECK_EQ(vo_flat_inside(&s, 0xFFFFFFFFFFFFFFF0ull, 16), 1);
    CHECK(vo_state_region(&s, 0x1000000FFull) == &s.regions[0]);
    CHECK(vo_state_region(&s, 0x200000000ull) == NULL);
    CHECK_EQ(vo_state_total_pages(&s), 3);

    /* copy on write: a copy shares pages until one side writes */
    vo_state c;
    vo_state_init(&c);
    CHECK_EQ(vo_state_copy(&c, &s), 0);
    CHECK_EQ(c.nregions, 3);
    uint8_t z = 0x77;
    CHECK_EQ(vo_flat_write(&c, 0x1000000FCull, 1, &z), 0);
    CHECK_EQ(vo_flat_read(&s, 0x1000000FCull, 1, &one), 0);
    CHECK_EQ(one, 1);
    CHECK_EQ(vo_flat_read(&c, 0x1000000FCull, 1, &one), 0);
    CHECK_EQ(one, 0x77);
    vo_state_free(&c);
    vo_state_free(&s);
}

static void test_resolvers(void)
{
    vo_state s;
    vo_state_init(&s);
    vo_state_add_surface(&s, 6, 64);
    vo_state_add_surface(&s, 7, 128);
    vo_state_add_bti(&s, 200, 7);
    vo_state_add_bti(&s, 0, 6);
    vo_state_add_ss(&s, 128, 6);
    vo_state_add_ss(&s, 64, 7);
    vo_state_sort(&s);
    CHECK_EQ(s.bt[0].bti, 0);
    CHECK_EQ(s.ss[0].offset, 64);
    vo_error e;
    CHECK_EQ(vo_state_check(&s, &e), 0);
    CHECK(vo_state_bti(&s, 0) && vo_state_bti(&s, 0)->index == 6);
    CHECK(vo_state_bti(&s, 200) && vo_state_bti(&s, 200)->size == 128);
    CHECK(vo_state_bti(&s, 1) == NULL);
    CHECK(vo_state_ss(&s, 64) && vo_state_ss(&s, 64)->index == 7);
    CHECK(vo_state_ss(&s, 128) && vo_state_ss(&s, 128)->index == 6);
    CHECK(vo_state_ss(&s, 0) == NULL);
    vo_state_free(&s);
}

#define PLAT "\"platform\":{\"name\":\"TGLLP\",\"grf_bytes\":32,\"visa_version\":\"3.6\"},\"insn\":\"\",\"exec_mask\":\"00000000\""

static void test_json(void)
{
    vo_case c;
    vo_case_init(&c);
    vo_error e;
    /* input: base digits in upper case (the prefix "0x" only: D235), few digits, runs anywhere; printed canonical */
    const char *in = "{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":64},{\"index\":7,\"size\":16}],"
                     "\"memory\":[{\"base\":\"0x1000\",\"size\":40,\"data\":[[3,\"01\"],[33,\"02\"],[39,\"ff\"]]},"
                     "{\"base\":\"0xFFFFFFFFFFFFFFF0\",\"size\":16}],"
                     "\"binding_table\":[{\"bti\":0,\"surface\":6},{\"bti\":255,\"surface\":7}],"
                     "\"surface_state\":[{\"offset\":64,\"surface\":7}]}";
    CHECK_EQ(vo_case_from_json(in, strlen(in), &c, &e), 0);
    CHECK_EQ(c.state.nregions, 2);
    CHECK_EQ(c.state.nbt, 2);
    CHECK_EQ(c.state.nss, 1);
    char *t = vo_state_to_json(&c.state);
    /* docs/format.md example: size 40, bytes 3 = 01, 33 = 02, 39 = ff */
    CHECK_STR(t, "{\"vars\":[],\"preds\":[],\"addrs\":[],\"surfaces\":[{\"index\":6,\"size\":64,\"data\":[]},"
                 "{\"index\":7,\"size\":16,\"data\":[]}],"
                 "\"memory\":[{\"base\":\"0x0000000000001000\",\"size\":40,\"data\":"
                 "[[0,\"00000001000000000000000000000000\"],[32,\"00020000000000ff\"]]},"
                 "{\"base\":\"0xfffffffffffffff0\",\"size\":16,\"data\":[]}],"
                 "\"binding_table\":[{\"bti\":0,\"surface\":6},{\"bti\":255,\"surface\":7}],"
                 "\"surface_state\":[{\"offset\":64,\"surface\":7}]}");
    free(t);
    /* a state without the new parts prints without the keys */
    vo_state plain;
    vo_state_init(&plain);
    t = vo_state_to_json(&plain);
    CHECK_STR(t, "{\"vars\":[],\"preds\":[],\"addrs\":[],\"surfaces\":[]}");
    free(t);

    struct { const char *json; vo_errcode code; const char *field; } bad[] = {
        { "{" PLAT ",\"memory\":[{\"base\":\"0x1000\",\"size\":256},{\"base\":\"0x10ff\",\"size\":1}]}",
          VO_E_REGION_OVERLAP, "input.memory[1].base" },
        { "{" PLAT ",\"memory\":[{\"base\":\"0xffffffffffffff00\",\"size\":257}]}", VO_E_REGION_RANGE,
          "input.memory[0].size" },
        { "{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":4}],\"binding_table\":[{\"bti\":1,\"surface\":7}]}",
          VO_E_TABLE_SURFACE, "input.binding_table[0].surface" },
        { "{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":4}],\"surface_state\":[{\"offset\":0,\"surface\":6},"
          "{\"offset\":64,\"surface\":5}]}", VO_E_TABLE_SURFACE, "input.surface_state[1].surface" },
        { "{" PLAT ",\"memory\":[{\"base\":\"0x2000\",\"size\":1},{\"base\":\"0x1000\",\"size\":1}]}", VO_E_STATE,
          "input.memory[1].base" },
        { "{" PLAT ",\"memory\":[{\"base\":\"4096\",\"size\":1}]}", VO_E_STATE, "input.memory[0].base" },
        { "{" PLAT ",\"memory\":[{\"base\":\"0x00000000000000001\",\"size\":1}]}", VO_E_STATE,
          "input.memory[0].base" },
        { "{" PLAT ",\"memory\":[{\"base\":\"0x1\",\"size\":0}]}", VO_E_STATE, "input.memory[0].size" },
        { "{" PLAT ",\"memory\":[{\"base\":\"0x1\",\"size\":4294967297}]}", VO_E_STATE, "input.memory[0].size" },
        { "{" PLAT ",\"memory\":[{\"base\":\"0x1\",\"size\":4,\"data\":[[2,\"010203\"]]}]}", VO_E_STATE,
          "input.memory[0].data[0]" },
        { "{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":4}],\"surface_state\":[{\"offset\":32,\"surface\":6}]}",
          VO_E_STATE, "input.surface_state[0].offset" },
        { "{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":4}],\"binding_table\":[{\"bti\":256,\"surface\":6}]}",
          VO_E_STATE, "input.binding_table[0].bti" },
        { "{" PLAT ",\"surfaces\":[{\"index\":6,\"size\":4}],\"binding_table\":[{\"bti\":2,\"surface\":6},"
          "{\"bti\":2,\"surface\":6}]}", VO_E_STATE, "input.binding_table[1].bti" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&e, 0, sizeof e);
        int rc = vo_case_from_json(bad[i].json, strlen(bad[i].json), &c, &e);
        CHECK_EQ(rc, -1);
        CHECK_EQ(e.code, bad[i].code);
        CHECK_STR(e.field, bad[i].field);
        if (rc != -1 || e.code != bad[i].code) fprintf(stderr, "  case %zu: %s\n", i, e.message);
    }
    /* caps: 17 regions */
    char big[4096];
    size_t k = (size_t)snprintf(big, sizeof big, "{" PLAT ",\"memory\":[");
    for (int i = 0; i < 17; i++)
        k += (size_t)snprintf(big + k, sizeof big - k, "%s{\"base\":\"0x%x\",\"size\":1}", i ? "," : "", 0x100 * i);
    snprintf(big + k, sizeof big - k, "]}");
    memset(&e, 0, sizeof e);
    CHECK_EQ(vo_case_from_json(big, strlen(big), &c, &e), -1);
    CHECK_EQ(e.code, VO_E_STATE_CAP);
    CHECK_STR(e.field, "input.memory[16]");
    vo_case_free(&c);
}

/* a DUT that writes flat memory through the host callbacks (ABI 1.1) */
static uint64_t fw_addr;
static uint32_t fw_len;
static int fw_rc, fr_rc;
static uint8_t fr_buf[4];
static int flat_dut(visa_dut_case *c, char *msg, size_t cap)
{
    (void)msg; (void)cap;
    uint8_t v[4] = { 0xDE, 0xAD, 0xBE, 0xEF };
    if (c->abi_minor < 1 || !c->mem.write_flat) return VISA_DUT_ERROR;
    fr_rc = c->mem.read_flat(c->mem.host, 0x100000000ull, 4, fr_buf);
    fw_rc = fw_len ? c->mem.write_flat(c->mem.host, fw_addr, fw_len, v) : 0;
    return VISA_DUT_OK;
}

static void test_dut_and_verdict(void)
{
    /* OWORD_LD of 1 oword from T6 (a valid, ok case that never touches flat memory) */
    vo_state s;
    st_begin(&s, "TGLLP", 306, 0);
    uint8_t d[16] = { 0 };
    st_var(&s, 33, VO_T_UB, 16, d);
    st_surf(&s, 6, 64);
    vo_region *r = vo_state_add_region(&s, 0x100000000ull, 0x100);
    uint8_t init[4] = { 1, 2, 3, 4 };
    CHECK_EQ(vo_flat_write(&s, 0x100000000ull, 4, init), 0);
    (void)r;
    vo_state_add_bti(&s, 9, 6);
    vo_state_sort(&s);
    vt_insn x;
    vt_begin(&x, 306);
    put_ol_head(&x, 0x35, 0, 0, 6);
    put_imm_ud(&x, 0);
    put_raw(&x, 33, 0);

    static vo_dut_host h;
    vo_dut_out o;
    vo_dut_out_init(&o);
    CHECK_EQ(vo_dut_host_prepare(&h, &s, x.b, x.n, &o), 0);
    CHECK_EQ(h.c.abi_minor, VISA_DUT_ABI_MINOR);
    CHECK_EQ(h.c.nregions, 1);
    CHECK_EQ(h.c.regions[0].base, 0x100000000ull);
    CHECK_EQ(h.c.regions[0].size, 0x100);
    CHECK_EQ(h.c.nbt, 1);
    CHECK_EQ(h.c.bt[0].bti, 9);
    CHECK_EQ(h.c.bt[0].surface, 6);
    CHECK_EQ(h.c.nss, 0);
    vo_dut_out_free(&o);

    vo_result R;
    vo_result_init(&R);
    vo_verdict V;
    CHECK_EQ(vo_run(&s, x.b, x.n, &R), VO_OK);
    CHECK_EQ(R.final.nregions, 1);

    /* 1: the DUT leaves flat memory alone: pass; it read the initial bytes */
    fw_len = 0;
    vo_dut_out_init(&o);
    vo_dut_run_lib(flat_dut, &s, x.b, x.n, &o);
    CHECK_EQ(fr_rc, 0);
    CHECK_MEM(fr_buf, init, 4);
    CHECK(vo_verdict_compute(&s, x.b, x.n, &R, &o, &V));

    /* 2: a stray write inside the region: fails as an extra write on memory[0] +0x10 */
    fw_addr = 0x100000010ull;
    fw_len = 4;
    vo_dut_run_lib(flat_dut, &s, x.b, x.n, &o);
    CHECK_EQ(fw_rc, 0);
    CHECK(!vo_verdict_compute(&s, x.b, x.n, &R, &o, &V));
    CHECK_EQ(V.kind, VO_K_EXTRA_WRITE);
    CHECK(V.nkept >= 1);
    CHECK_EQ(V.diffs[0].space, VO_SPACE_FLAT);
    CHECK_EQ(V.diffs[0].index, 0);
    CHECK_EQ(V.diffs[0].offset, 0x10);
    CHECK_EQ(V.diffs[0].got, 0xDE);
    char line[512];
    vo_diff_format(V.diffs, vo_diff_run(V.diffs, V.nkept), line, sizeof line);
    CHECK(strstr(line, "memory[0] +0x10..0x13: expected 00000000 got deadbeef") != NULL);

    /* 3: a write outside every region: refused, recorded, a failure */
    fw_addr = 0x1000000FEull; /* 2 bytes in, 2 past */
    vo_dut_run_lib(flat_dut, &s, x.b, x.n, &o);
    CHECK_EQ(fw_rc, -1);
    CHECK_EQ(o.nviol, 1);
    CHECK_EQ(o.viol[0].space, VO_SPACE_FLAT);
    CHECK(!vo_verdict_compute(&s, x.b, x.n, &R, &o, &V));
    CHECK_EQ(V.kind, VO_K_WRITE_PAST_BOUND);
    vo_diff_format(V.diffs, 1, line, sizeof line);
    CHECK(strstr(line, "flat 0x00000001000000fe len 4: write refused") != NULL);
    vo_dut_out_free(&o);
    vo_result_free(&R);
    vo_state_free(&s);
}

/* vo_surface_write in and out of order: pages stay sorted and unique (the
 * write path looks at the last page before searching). 256-byte pages:
 * writes at pages 2, 2, 5, 0, 3, 5 and one across pages 5..6 make pages
 * 0, 2, 3, 5, 6; every byte reads back as written, the rest as 0. */
static void test_surface_write_order(void)
{
    vo_state s;
    vo_state_init(&s);
    vo_surface *sf = vo_state_add_surface(&s, 1, 0x800);
    CHECK(sf != NULL);
    if (!sf) return;
    static const struct { uint32_t off; uint8_t v; } w[] = {
        { 0x200, 0x11 }, { 0x210, 0x22 }, { 0x500, 0x33 }, { 0x005, 0x44 }, { 0x3FF, 0x55 }, { 0x5F0, 0x66 },
    };
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) CHECK_EQ(vo_surface_write(&s, sf, w[i].off, &w[i].v, 1), 0);
    uint8_t two[2] = { 0x77, 0x88 };
    CHECK_EQ(vo_surface_write(&s, sf, 0x5FF, two, 2), 0); /* last byte of page 5, first of page 6 */
    CHECK_EQ(sf->npages, 5);
    static const uint64_t bases[5] = { 0x000, 0x200, 0x300, 0x500, 0x600 };
    for (uint32_t k = 0; k < sf->npages && k < 5; k++) CHECK_EQ(sf->pages[k]->base, bases[k]);
    uint8_t all[0x800];
    vo_surface_read(sf, 0, all, sizeof all);
    uint8_t exp[0x800];
    memset(exp, 0, sizeof exp);
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) exp[w[i].off] = w[i].v;
    exp[0x5FF] = 0x77;
    exp[0x600] = 0x88;
    CHECK(memcmp(all, exp, sizeof all) == 0);
    vo_state_free(&s);
}

int main(void)
{
    test_builders();
    test_flat_access();
    test_resolvers();
    test_json();
    test_dut_and_verdict();
    test_surface_write_order();
    T_DONE();
}
