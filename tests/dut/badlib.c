/* A misbehaving DUT library for tests/test_check_transport.sh (issue 17):
 * it rejects every instruction (so valid tests fail and get report lines)
 * and, on the call named by VO_BADLIB="what:N", misbehaves:
 *   abort:N   abort()            segv:N   a null write
 *   exit:N    _exit(7)           hang:N   sleeps for ever
 *   write:N   asks the host to write 4 bytes past surface 5's bound, then
 *             executes (the host must report write_past_bound) */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "visa_dut.h"

static unsigned calls;

uint32_t visa_dut_abi_version(void) { return VISA_DUT_ABI_VERSION; }

int visa_dut_execute(visa_dut_case *c, char *msg, size_t cap)
{
    const char *e = getenv("VO_BADLIB");
    char what[16] = "";
    unsigned n = 0;
    calls++;
    if (e && sscanf(e, "%15[a-z]:%u", what, &n) == 2 && calls >= n) {
        if (!strcmp(what, "abort")) abort();
        if (!strcmp(what, "segv")) raise(SIGSEGV);
        if (!strcmp(what, "exit")) _exit(7);
        if (!strcmp(what, "hang")) for (;;) pause();
        if (!strcmp(what, "write")) {
            uint8_t b[4] = { 1, 2, 3, 4 };
            for (uint32_t i = 0; i < c->nsurfaces; i++)
                c->mem.write(c->mem.host, c->surfaces[i].index, c->surfaces[i].size, 4, b);
            if (msg && cap) snprintf(msg, cap, "wrote past \"the\" bound");
            return VISA_DUT_OK;
        }
    }
    if (msg && cap) snprintf(msg, cap, "E_OPCODE: this DUT rejects everything");
    return VISA_DUT_REJECTED;
}
