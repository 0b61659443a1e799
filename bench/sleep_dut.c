/* bench/sleep_dut.c: the example DUT (examples/dut_c/dut.c) made slow: it
 * sleeps 10 ms (VO_SLEEP_US, microseconds) before each case, like a
 * cycle-level simulator. Built by bench/check-workers.sh; not part of the
 * suite. */
#define visa_dut_execute vo_example_execute
#include "../examples/dut_c/dut.c"
#undef visa_dut_execute
#include <stdlib.h>
#include <time.h>

int visa_dut_execute(visa_dut_case *c, char *msg, size_t cap);
int visa_dut_execute(visa_dut_case *c, char *msg, size_t cap)
{
    const char *e = getenv("VO_SLEEP_US");
    long us = e ? atol(e) : 10000;
    struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
    nanosleep(&ts, NULL);
    return vo_example_execute(c, msg, cap);
}
