#!/usr/bin/env bash
# --dut-selftest has an LSC_UNTYPED probe (flat memory, ABI 1.1) beside the
# legacy ones, and never says the adapter "looks right" when a probe's wiring
# went untested (issue 32, point 6). Three DUTs: the correct example; one
# answering unsupported to everything; one that answers LSC as executed but
# never writes flat memory (the probe must name write_flat).
set -euo pipefail
BIN=$1; SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
B=$(dirname "$BIN")
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
bad() { echo "test_selftest_probes: $*" >&2; exit 1; }
CC=${CC:-cc}
cat >"$TMP/d.c" <<'C'
#include "visa_dut.h"
uint32_t visa_dut_abi_version(void) { return VISA_DUT_ABI_VERSION; }
int visa_dut_execute(visa_dut_case *c, char *msg, size_t cap)
{
    (void)msg; (void)cap;
#ifdef LSC_NO_WRITE
    if (c->insn_len && c->insn[0] == 0x89) return VISA_DUT_OK;
#else
    (void)c;
#endif
    return VISA_DUT_UNSUPPORTED;
}
C
$CC -shared -fPIC -I"$SRC/oracle/include" -o "$TMP/libnone.so" "$TMP/d.c"
$CC -shared -fPIC -DLSC_NO_WRITE -I"$SRC/oracle/include" -o "$TMP/libnowrite.so" "$TMP/d.c"
V=$SRC/vectors/lsc_fence-02.json
st() { "$BIN" check "$V" --dut-lib "$1" --dut-selftest -q 2>&1 || true; }
good=$(st "$B/examples/libdut_example.so")
grep -q '^selftest: LSC_UNTYPED store of one dword .*: ok$' <<<"$good" || bad "example DUT: no passing LSC store probe: $good"
grep -q '^selftest: LSC_UNTYPED load of one dword .*: ok$' <<<"$good" || bad "example DUT: no passing LSC load probe: $good"
grep -q '^selftest: the adapter looks right$' <<<"$good" || bad "example DUT: not judged right: $good"
none=$(st "$TMP/libnone.so")
grep -q 'looks right' <<<"$none" && bad "an all-unsupported DUT 'looks right': $none"
grep -q 'every probe was answered unsupported: the wiring is untested' <<<"$none" || bad "all-unsupported DUT: no 'untested' verdict: $none"
grep -q 'no LSC_UNTYPED probe; its flat-memory wiring is untested' <<<"$none" || bad "all-unsupported DUT: no LSC note: $none"
nw=$(st "$TMP/libnowrite.so")
grep -q '^selftest: LSC_UNTYPED store of one dword .*: FAILED' <<<"$nw" || bad "no-write DUT: the LSC store probe did not fail: $nw"
grep -q 'c->mem.write_flat wired' <<<"$nw" || bad "no-write DUT: the hint does not name write_flat: $nw"
grep -q 'looks right' <<<"$nw" && bad "no-write DUT 'looks right': $nw"
grep -q 'the adapter is broken' <<<"$nw" || bad "no-write DUT: not broken: $nw"
echo "test_selftest_probes: LSC probes pass, fail and go untested as they should"
