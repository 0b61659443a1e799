/* A DUT library that answers VISA_DUT_FAULT (= VISA_DUT_UNDEFINED, ABI 1.2) to
 * every case and leaves the state untouched: tests/test_dut_undefined.sh. */
#include <stdio.h>
#include "visa_dut.h"
uint32_t visa_dut_abi_version(void) { return VISA_DUT_ABI_VERSION; }
int visa_dut_execute(visa_dut_case *c, char *msg, size_t cap)
{
    if (c->abi_minor < 2) { if (msg && cap) snprintf(msg, cap, "host minor %u", (unsigned)c->abi_minor); return VISA_DUT_ERROR; }
    if (msg && cap) snprintf(msg, cap, "page fault");
    return VISA_DUT_FAULT;
}
