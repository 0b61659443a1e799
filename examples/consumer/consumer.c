/* A C program using the installed visa_oracle library: runs one hand-encoded
 * GATHER_SCALED on a hand-built state and checks the destination bytes
 * against the values worked out by hand in consumer_case.h. Exit 0 = match. */
#include <visa_oracle/visa_oracle.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consumer_case.h"

int main(void)
{
    vo_state *s = malloc(sizeof *s);
    vo_result *r = malloc(sizeof *r);
    if (!s || !r) return 1;
    vo_state_init(s);
    if (vo_platform_lookup("TGLLP", &s->platform) != 0) return 1;
    s->platform.visa_version = 306;
    s->exec_mask = 0xFFFFFFFFu;
    vo_var *off = vo_state_add_var(s, 32, VO_T_UD, 8);
    vo_var *dst = vo_state_add_var(s, 33, VO_T_UD, 8);
    vo_surface *t6 = vo_state_add_surface(s, 6, 0x40);
    if (!off || !dst || !t6) return 1;
    for (int i = 0; i < 8; i++)
        for (int b = 0; b < 4; b++) off->data[4 * i + b] = (uint8_t)(vo_consumer_offsets[i] >> (8 * b));
    memset(dst->data, 0xFF, dst->size);
    uint8_t bytes[0x40];
    for (int j = 0; j < 0x40; j++) bytes[j] = (uint8_t)j;
    if (vo_surface_write(s, t6, 0, bytes, sizeof bytes) != 0) return 1;
    vo_state_sort(s);

    vo_result_init(r);
    vo_status st = vo_run(s, vo_consumer_insn, sizeof vo_consumer_insn, r);
    int ok = st == VO_OK;
    const vo_var *out = vo_state_var(&r->final, 33);
    ok = ok && out && out->size == sizeof vo_consumer_expected_dst &&
         memcmp(out->data, vo_consumer_expected_dst, out->size) == 0;
    printf("consumer (C): status %s, V33 %s the hand-worked bytes\n", vo_status_name(st),
           ok ? "matches" : "does NOT match");
    vo_result_free(r);
    vo_state_free(s);
    free(r);
    free(s);
    return ok ? 0 : 1;
}
