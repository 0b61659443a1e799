/* check --dut-selftest's LSC probes (issue 32, point 6): one-lane
 * LSC_UNTYPED store and load of a dword in flat memory, on DG2 with vISA 3.6.
 * The bytes are those `visa-oracle asm` writes for
 *   lsc_store.ugm (M1, 1) flat[V32]:a64 V33:d32
 *   lsc_load.ugm (M1, 1) V34:d32 flat[V32]:a64
 * (docs/encoding.md §2.8); V32 uq x1 = the address 0x10004 in a 64-byte
 * region at 0x10000, V33 ud x8 (first 0x11223344), V34 ud x8 (0xAA bytes);
 * the load's region holds 0x11223344 at 0x10004. */
#include "cli.h"
#include "visa_json.h"
#include <string.h>

int cli_st_lsc_case(vo_case *c, int load)
{
    static const uint8_t st[] = { 0x89, 0x04, 0x00, 0, 0, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0x03,
                                  0x03, 0x01, 0x01, 0x00, 0x05, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                  0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    static const uint8_t ld[] = { 0x89, 0x00, 0x00, 0, 0, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0x03,
                                  0x03, 0x01, 0x01, 0x00, 0x05, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x22, 0, 0, 0, 0, 0,
                                  0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    vo_case_free(c);
    vo_case_init(c);
    vo_state *s = &c->state;
    if (vo_platform_lookup("DG2", &s->platform) != 0) return -1;
    s->platform.visa_version = 306;
    s->exec_mask = 0xFFFFFFFFu;
    vo_var *a = vo_state_add_var(s, 32, VO_T_UQ, 1);
    vo_var *d = vo_state_add_var(s, 33, VO_T_UD, 8);
    vo_var *r = vo_state_add_var(s, 34, VO_T_UD, 8);
    vo_region *m = vo_state_add_region(s, 0x10000, 64);
    if (!a || !d || !r || !m) return -1;
    static const uint8_t addr[8] = { 0x04, 0x00, 0x01, 0, 0, 0, 0, 0 }, word[4] = { 0x44, 0x33, 0x22, 0x11 };
    memcpy(a->data, addr, 8);
    memcpy(d->data, word, 4);
    memset(r->data, 0xAA, r->size);
    if (load && vo_flat_write(s, 0x10004, 4, word) != 0) return -1;
    vo_state_sort(s);
    memcpy(c->insn, load ? ld : st, sizeof st);
    c->insn_len = sizeof st;
    return 0;
}
