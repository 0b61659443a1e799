/* Minimal test harness: every CHECK counts; a failing CHECK prints file:line
 * and the test exits non-zero at the end. */
#ifndef VO_T_H
#define VO_T_H
#include <stdio.h>
#include <string.h>
#include <stdint.h>
static int t_fail, t_pass;
#define CHECK(c) do { if (c) t_pass++; else { t_fail++; \
    fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define CHECK_EQ(a, b) do { long long _a = (long long)(a), _b = (long long)(b); \
    if (_a == _b) t_pass++; else { t_fail++; fprintf(stderr, \
    "%s:%d: %s == %s failed: %lld vs %lld\n", __FILE__, __LINE__, #a, #b, _a, _b); } } while (0)
#define CHECK_MEM(a, b, n) do { if (memcmp((a), (b), (n)) == 0) t_pass++; else { t_fail++; \
    fprintf(stderr, "%s:%d: memory %s != %s (%zu bytes)\n", __FILE__, __LINE__, #a, #b, (size_t)(n)); \
    for (size_t _i = 0; _i < (size_t)(n); _i++) if (((const uint8_t*)(a))[_i] != ((const uint8_t*)(b))[_i]) \
    { fprintf(stderr, "  first diff at byte %zu: %02x vs %02x\n", _i, ((const uint8_t*)(a))[_i], ((const uint8_t*)(b))[_i]); break; } } } while (0)
#define CHECK_STR(a, b) do { const char *_a = (a), *_b = (b); \
    if (_a && _b && strcmp(_a, _b) == 0) t_pass++; else { t_fail++; fprintf(stderr, \
    "%s:%d: \"%s\" != \"%s\"\n", __FILE__, __LINE__, _a ? _a : "(null)", _b ? _b : "(null)"); } } while (0)
#define T_DONE() do { printf("%s: %d passed, %d failed\n", __FILE__, t_pass, t_fail); \
    return t_fail ? 1 : 0; } while (0)
#endif
