#!/usr/bin/env bash
# The shared library exports only the public headers' names (issue 16 point
# 6): builds libvisa_oracle.so (-DVO_SHARED=ON, Debug, target
# visa_oracle_shared only) in a scratch directory and compares `nm -D
# --defined-only` with the functions oracle/include/*.h declare. Every
# exported symbol must be declared there, every declared library function
# must be exported (visa_dut.h's two functions are the DUT's, not the
# library's), and internal entry points (vo_fam_*, vo_validate) must not be.
#   test_shared_symbols.sh <path-to-visa-oracle> <source-dir>
set -u
SRC=${2:?usage: test_shared_symbols.sh path-to-visa-oracle source-dir}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
command -v nm >/dev/null || { echo "FAIL: nm missing (binutils)" >&2; exit 1; }

cmake -S "$SRC" -B "$T/b" -DVO_SHARED=ON -DCMAKE_BUILD_TYPE=Debug >"$T/log" 2>&1 &&
    cmake --build "$T/b" -j2 --target visa_oracle_shared >>"$T/log" 2>&1 ||
    { tail -20 "$T/log"; echo "FAIL: cannot build the shared library" >&2; exit 1; }
so=$(ls "$T"/b/libvisa_oracle.so.*.*.* 2>/dev/null | head -1)
[ -n "$so" ] || { echo "FAIL: no libvisa_oracle.so.M.m.p in $T/b" >&2; exit 1; }

# declared: a line of a public header that starts with a return type and names vo_*( or visa_*(
grep -hE '^[A-Za-z_][^(]*[^A-Za-z0-9_](vo|visa)_[a-z0-9_]+\(' "$SRC"/oracle/include/*.h |
    grep -vE '^(static|typedef)' | sed -E 's/^[^(]*[^A-Za-z0-9_]((vo|visa)_[a-z0-9_]+)\(.*/\1/' | sort -u >"$T/declared"
grep -hE '^[A-Za-z_][^(]*[^A-Za-z0-9_](vo|visa)_[a-z0-9_]+\(' "$SRC/oracle/include/visa_dut.h" |
    sed -E 's/^[^(]*[^A-Za-z0-9_]((vo|visa)_[a-z0-9_]+)\(.*/\1/' | sort -u >"$T/dut_side"
comm -23 "$T/declared" "$T/dut_side" >"$T/library"
nm -D --defined-only "$so" | awk '{print $NF}' | sort -u >"$T/exported"

extra=$(comm -13 "$T/declared" "$T/exported" | tr '\n' ' ')
[ -z "$extra" ] || bad "exported but not declared in a public header: $extra"
missing=$(comm -23 "$T/library" "$T/exported" | tr '\n' ' ')
[ -z "$missing" ] || bad "declared in a public header but not exported: $missing"
for internal in vo_fam_block vo_fam_scattered vo_validate vo_free_push; do
    grep -qx "$internal" "$T/exported" && bad "internal symbol $internal is exported"
done
n=$(wc -l <"$T/exported")
[ "$n" -ge 50 ] || bad "only $n symbols exported"
# the static library keeps its internal symbols (the CLI and tests link them)
if [ "$fail" = 0 ]; then echo "test_shared_symbols: $n exported symbols, all and only the public headers' ($(wc -l <"$T/library") declared)"; else exit 1; fi
