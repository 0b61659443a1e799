/* Benchmark (not a test) of the serializability verdict on its worst cases
 * (issue 29, decision D149): 32 lanes on one address, every atomic op of
 * DWORD_ATOMIC and SVM_ATOMIC (codes 0x00-0x14 the table defines, at 2 and 4
 * bytes, and 8 bytes for SVM's integer ops) and of LSC_UNTYPED (sub-ops
 * 0x08-0x1A, d32 and d64; LSC_TYPED's atomics are the d32 ones), with and without a destination, over value
 * sets made of collisions and float specials (zeros of both signs, denormals,
 * NaNs, infinities). Each answer is a CORRECT one: a random serial order of the
 * lanes with a random allowed result at each step (vo_atomic_apply64), so any
 * verdict but 1 is a checker failure: `serial_unproven` (the search reached
 * VO_SERIAL_CAP) or, worse, `not_serializable`. Prints the slowest verdict
 * (target <= 50 ms) and every failure; exit 1 when there is one.
 *   build/bench_serial [orders-per-case]     (default 6)
 * With a second argument `wrong`, every final value gets its low bit flipped
 * (most such answers are wrong, some still reachable): it prints the slowest
 * verdict and how many ended serial_unproven (the search's cap), the cost of
 * refuting instead of finding (decision D152). */
#define _POSIX_C_SOURCE 199309L
#include "visa_check.h"
#include "atomic_ops.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t rs = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
    return rs;
}
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* value sets: 0 small integers, 1 float specials, 2 zeros and a few values, 3 random */
static uint64_t pick(unsigned set, unsigned w)
{
    static const uint32_t f32[] = { 0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x7FC00000u, 0x7F800001u,
                                    0x7F800000u, 0xFF800000u, 0x3F800000u, 0xBF800000u, 0x00800000u };
    static const uint64_t f64[] = { 0, 0x8000000000000000ull, 1, 0x8000000000000001ull, 0x7FF8000000000000ull,
                                    0x7FF0000000000001ull, 0x7FF0000000000000ull, 0xFFF0000000000000ull,
                                    0x3FF0000000000000ull, 0xBFF0000000000000ull, 0x0010000000000000ull };
    static const uint16_t f16[] = { 0x0000, 0x8000, 0x0001, 0x8001, 0x7E00, 0x7C01, 0x7C00, 0xFC00, 0x3C00, 0xBC00,
                                    0x0400 };
    uint64_t m = w == 8 ? ~0ull : w == 4 ? 0xFFFFFFFFull : 0xFFFFull;
    switch (set) {
    case 0: return rnd() % 4;
    case 1: { unsigned k = (unsigned)(rnd() % 11); return w == 8 ? f64[k] : w == 4 ? f32[k] : f16[k]; }
    case 2: {
        unsigned k = (unsigned)(rnd() % 8);
        if (k >= 5) return rnd() & m;
        return w == 8 ? f64[k & 1] : w == 4 ? f32[k & 1] : f16[k & 1];
    }
    default: return rnd() & m;
    }
}

int main(int argc, char **argv)
{
    unsigned orders = argc > 1 ? (unsigned)atoi(argv[1]) : 6;
    int wrong = argc > 2 && strcmp(argv[2], "wrong") == 0;
    static vo_ser_lane lanes[32];
    unsigned cases = 0, unproven = 0, refused = 0, slow = 0;
    double worst = 0, worst_ok = 0;
    char worst_what[96] = "", ok_what[96] = "";
    for (unsigned code = 0; code < 0x60; code++) {
        int lsc = code >= VO_AT_LSC + 0x08 && code <= VO_AT_LSC + 0x1A;
        if (!lsc && (code >= 0x20 || !vo_atomic_info_of(code))) continue;
        for (unsigned w = 2; w <= 8; w *= 2) {
            /* DWORD_ATOMIC and SVM_ATOMIC: 16 and 32 bits, SVM also 64 (integer ops: D266); LSC: d32, d64 */
            if (lsc ? w == 2 : w == 8 && vo_atomic_info_of(code)->is_float) continue;
            for (int dst = 0; dst < 2; dst++)
                for (unsigned set = 0; set < 4; set++)
                    for (unsigned o = 0; o < orders; o++) {
                        vo_free f;
                        memset(&f, 0, sizeof f);
                        f.kind = VO_FREE_SERIALIZABLE;
                        f.space = VO_SPACE_FLAT;
                        f.len = w;
                        f.op = (uint8_t)code;
                        f.nlanes = 32;
                        f.dst_var = dst ? 40 : 0;
                        f.lanes = lanes;
                        f.clause = "bench";
                        /* fcas/icas chains: the comparand is mostly the initial value (issue 29) */
                        f.initial = set == 2 ? 0 : pick(set, w);
                        for (unsigned t = 0; t < 32; t++) {
                            lanes[t].lane = (uint8_t)t;
                            lanes[t].src0 = set == 2 && rnd() % 4 ? f.initial : pick(set, w);
                            lanes[t].src1 = pick(set, w);
                            lanes[t].dst_offset = dst ? (int64_t)(w * t) : -1;
                        }
                        unsigned perm[32];
                        for (unsigned t = 0; t < 32; t++) perm[t] = t;
                        for (unsigned t = 31; t > 0; t--) {
                            unsigned j = (unsigned)(rnd() % (t + 1)), k = perm[t];
                            perm[t] = perm[j];
                            perm[j] = k;
                        }
                        uint64_t cur = f.initial, rets[32] = { 0 }, cand[VO_AT_MAXCAND];
                        for (unsigned k = 0; k < 32; k++) {
                            const vo_ser_lane *l = &lanes[perm[k]];
                            unsigned n = vo_atomic_apply64(code, w, cur, l->src0, l->src1, cand);
                            uint64_t nw = n ? cand[rnd() % n] : cur;
                            rets[perm[k]] = vo_atomic_ret64(code, cur, nw);
                            cur = nw;
                        }
                        if (wrong) cur ^= 1;
                        uint64_t steps = 0;
                        double t0 = now();
                        int rc = vo_serial_search(&f, cur, dst ? rets : NULL, VO_SERIAL_CAP, &steps);
                        double dt = now() - t0;
                        cases++;
                        if (wrong) { /* the verdict may be 1 or 0; only the cap is a failure to report */
                            if (rc < 0) unproven++;
                            if (rc < 0 || dt > 0.05)
                                printf("%s %.1f ms: op 0x%02x w%u %s set %u order %u (%llu steps)\n",
                                       rc < 0 ? "UNPROVEN" : "SLOW", dt * 1e3, code, w, dst ? "dst" : "%null", set, o,
                                       (unsigned long long)steps);
                            if (dt > worst) {
                                worst = dt;
                                snprintf(worst_what, sizeof worst_what, "op 0x%02x w%u %s set %u (%llu steps)", code,
                                         w, dst ? "dst" : "%null", set, (unsigned long long)steps);
                            }
                            refused += rc == 0;
                            continue;
                        }
                        if (rc == 1 && dt > 0.05) {
                            slow++;
                            printf("SLOW %.1f ms: op 0x%02x w%u %s set %u order %u (%llu steps)\n", dt * 1e3, code, w,
                                   dst ? "dst" : "%null", set, o, (unsigned long long)steps);
                        }
                        if (rc == 1 && dt > worst_ok) {
                            worst_ok = dt;
                            snprintf(ok_what, sizeof ok_what, "op 0x%02x w%u %s set %u (%llu steps)", code, w,
                                     dst ? "dst" : "%null", set, (unsigned long long)steps);
                        }
                        if (dt > worst) {
                            worst = dt;
                            snprintf(worst_what, sizeof worst_what, "op 0x%02x w%u %s set %u (%llu steps)", code, w,
                                     dst ? "dst" : "%null", set, (unsigned long long)steps);
                        }
                        if (rc != 1) {
                            if (rc < 0) unproven++;
                            else refused++;
                            printf("FAIL %s: op 0x%02x w%u %s set %u order %u (%.1f ms, %llu steps)\n",
                                   rc < 0 ? "serial_unproven" : "not_serializable", code, w, dst ? "dst" : "%null", set, o,
                                   dt * 1e3, (unsigned long long)steps);
                        }
                    }
        }
    }
    if (wrong) {
        printf("%u answers with the final's low bit flipped; %u refuted, %u serial_unproven; slowest verdict %.2f ms "
               "(%s)\n", cases, refused, unproven, worst * 1e3, worst_what);
        return 0;
    }
    printf("%u correct answers judged (32 lanes on one address); slowest verdict %.2f ms (%s); %u serial_unproven, "
           "%u not_serializable; slowest verdict that passed %.2f ms (%s), %u passed above 50 ms\n", cases, worst * 1e3,
           worst_what, unproven, refused, worst_ok * 1e3, ok_what, slow);
    return unproven || refused ? 1 : 0;
}
