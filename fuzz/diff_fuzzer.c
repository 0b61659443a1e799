/* diff_fuzzer: the oracle against a device under test (DUT) through the C
 * ABI of visa_dut.h. Any bytes -> binary case (valid states only) -> vo_run
 * and the DUT on copies of the same state -> vo_verdict_compute (freedom
 * honoured), then vo_verdict_lanes (the misreadings that explain it, which
 * must leave the bucket and the cause as they are). A divergence prints
 *     diff_fuzzer: DIVERGENCE <insn>:<clause>:<kind>
 * (the deterministic bucket string of visa_check.h) plus the differing bytes,
 * and aborts, so each engine records the input as a crash.
 *
 * The DUT: the library named by the environment variable VISA_DUT_LIB
 * (dlopen), else the DUT linked into this binary (fuzz/CMakeLists.txt links
 * examples/dut_c/dut.c built with -DDUT_BUG=$VO_FUZZ_DUT_BUG; the
 * diff_fuzzer_bug_N targets link seeded bug N).
 * VO_DIFF_IGNORE="b1,b2*,..." skips divergences whose bucket equals b1 or
 * starts with b2 (to keep fuzzing past a known bug); VO_DIFF_ONLY="b1,b2*"
 * reports only the divergences those patterns match (so minimizing a crash
 * keeps its bucket: scripts/fuzz-minimize-crash.sh).
 * A DUT answering "unsupported" (VISA_DUT_UNSUPPORTED) is never a divergence,
 * whatever the oracle's status (ok, invalid or undefined): `check` counts such
 * a test apart, neither passed nor failed (docs/check.md "Unsupported"), and
 * so does this fuzzer (it skips the input). */
#define FZ_NAME "diff_fuzzer"
#include <dlfcn.h>

#include "fuzz_common.h"
#include "visa_bincase.h"
#include "visa_check.h"
#include "visa_json.h"
#include "mutator.h"

#ifdef VO_DIFF_STATIC
uint32_t visa_dut_abi_version(void);
int visa_dut_execute(visa_dut_case *c, char *msg, size_t msg_cap);
#endif

static visa_dut_execute_fn dut_exec;
static vo_case c;
static vo_result r;
static vo_dut_out out;
static vo_verdict v;
static const char *ignore, *only;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    vo_case_init(&c);
    vo_result_init(&r);
    vo_dut_out_init(&out);
    ignore = getenv("VO_DIFF_IGNORE");
    only = getenv("VO_DIFF_ONLY");
    const char *lib = getenv("VISA_DUT_LIB");
    if (lib && *lib) {
        void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            fprintf(stderr, "diff_fuzzer: cannot load VISA_DUT_LIB=%s: %s\n", lib, dlerror());
            exit(1);
        }
        visa_dut_abi_version_fn ver = (visa_dut_abi_version_fn)dlsym(h, "visa_dut_abi_version");
        dut_exec = (visa_dut_execute_fn)dlsym(h, "visa_dut_execute");
        if (!ver || !dut_exec) {
            fprintf(stderr, "diff_fuzzer: %s does not export visa_dut_abi_version / visa_dut_execute\n", lib);
            exit(1);
        }
        if (ver() / 1u != VISA_DUT_ABI_VERSION) {
            fprintf(stderr, "diff_fuzzer: %s has DUT ABI version %u, this host speaks %u\n", lib, ver(),
                    VISA_DUT_ABI_VERSION);
            exit(1);
        }
        fprintf(stderr, "diff_fuzzer: DUT %s\n", lib);
    } else {
#ifdef VO_DIFF_STATIC
        dut_exec = visa_dut_execute;
        fprintf(stderr, "diff_fuzzer: DUT linked in (DUT_BUG=%d)\n", VO_DIFF_STATIC);
#else
        fprintf(stderr, "diff_fuzzer: no DUT linked in; set VISA_DUT_LIB=path/to/libdut.so\n");
        exit(1);
#endif
    }
    return 0;
}

static int matches(const char *list, const char *bucket)
{
    const char *p = list;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n && p[n - 1] == '*') {
            if (strncmp(bucket, p, n - 1) == 0) return 1;
        } else if (n && strlen(bucket) == n && strncmp(bucket, p, n) == 0) {
            return 1;
        }
        p += n + (e ? 1 : 0);
    }
    return 0;
}

static void fz_one(const uint8_t *data, size_t size)
{
    vo_error err;
    if (vo_bincase_decode(data, size, 0, &c, &err) != 0) return;
    if (c.state.platform.lsc_layout) return; /* D225: the DUT ABI (1.3) has no layout; a DUT decodes by length */
    vo_run(&c.state, c.insn, c.insn_len, &r);
    vo_dut_out_free(&out);
    vo_dut_run_lib(dut_exec, &c.state, c.insn, c.insn_len, &out);
    if (vo_verdict_compute(&c.state, c.insn, c.insn_len, &r, &out, &v)) return;
    if (v.unsupported) return; /* as check: neither a pass nor a failure */
    /* D406-D408: the checker's misreadings run on every divergence (ignored ones too, so the
     * sanitizers see that path); they name the bug, never change the bucket or the cause */
    char bucket[sizeof v.bucket], cause[sizeof v.cause];
    memcpy(bucket, v.bucket, sizeof bucket);
    memcpy(cause, v.cause, sizeof cause);
    vo_verdict_lanes(&c.state, c.insn, c.insn_len, &r, &out, &v);
    if (memcmp(bucket, v.bucket, sizeof bucket) || memcmp(cause, v.cause, sizeof cause) || v.pass) {
        fprintf(stderr, "diff_fuzzer: vo_verdict_lanes changed the verdict (%s, %s)\n", bucket, cause);
        abort();
    }
    if (ignore && matches(ignore, v.bucket)) return;
    if (only && *only && !matches(only, v.bucket)) return;
    fprintf(stderr, "diff_fuzzer: DIVERGENCE %s\n", v.bucket);
    fprintf(stderr, "  insn: %s\n  oracle: %s", v.asm_text, vo_status_name(r.status));
    if (r.status == VO_INVALID) fprintf(stderr, " (%s at %s)", vo_errcode_name(r.err.code), r.err.field ? r.err.field : "-");
    fprintf(stderr, "; DUT: %s%s%s\n", vo_dut_status_name((unsigned)out.status), out.msg[0] ? ": " : "", out.msg);
    if (v.detail[0]) fprintf(stderr, "  %s\n", v.detail);
    if (v.lanes[0]) fprintf(stderr, "  lanes: %s\n", v.lanes);
    if (v.misread[0]) fprintf(stderr, "  misread: %s\n", v.misread);
    char row[512];
    uint32_t shown = 0;
    for (uint32_t i = 0; i < v.nkept && shown < 8; shown++) {
        uint32_t k = vo_diff_run(&v.diffs[i], v.nkept - i);
        if (k == 0) k = 1;
        vo_diff_format(&v.diffs[i], k, row, sizeof row);
        fprintf(stderr, "  %s\n", row);
        i += k;
    }
    if (v.ndiff > v.nkept) fprintf(stderr, "  (%u differing bytes in all)\n", v.ndiff);
    fflush(stderr);
    abort();
}

FZ_ENTRY
