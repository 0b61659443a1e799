#!/usr/bin/env bash
# scripts/fuzz-afl-buckets.sh files AFL++ crashes under check's buckets and
# vo_afl_execs reads the speed from fuzzer_stats (issue 32, point 7). A fake
# target stands for the fuzzer: it prints diff_fuzzer's DIVERGENCE line named
# by the crash's contents (no fuzzer build needed).
set -euo pipefail
SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
bad() { echo "test_fuzz_afl_buckets: $*" >&2; exit 1; }
out=$TMP/afl-diff_fuzzer
mkdir -p "$out/main/crashes" "$out/sec1/crashes"
printf 'gather:scatter.addr_elt_units:missing_write' >"$out/main/crashes/id:000000,sig:06"
printf 'gather:scatter.addr_elt_units:missing_write' >"$out/sec1/crashes/id:000000,sig:06"
printf 'lsc_load:lsc.addr_wrap:wrong_value' >"$out/sec1/crashes/id:000001,sig:06"
printf 'x' >"$out/main/crashes/README.txt"
cat >"$TMP/fake" <<'SH'
#!/bin/sh
for a; do f=$a; done
echo "diff_fuzzer: DUT linked in"
echo "diff_fuzzer: DIVERGENCE $(cat "$f")"
SH
chmod +x "$TMP/fake"
BUCKET_BIN=$TMP/fake bash "$SRC/scripts/fuzz-afl-buckets.sh" diff_fuzzer "$out" >"$TMP/log" || bad "script failed: $(cat "$TMP/log")"
b=$out/buckets/buckets.txt
[ "$(wc -l <"$b")" = 2 ] || bad "expected 2 buckets: $(cat "$b")"
[ "$(sed -n 1p "$b" | cut -f1,2)" = "DIVERGENCE gather:scatter.addr_elt_units:missing_write	2" ] || bad "first bucket: $(sed -n 1p "$b")"
[ "$(sed -n 2p "$b" | cut -f1,2)" = "DIVERGENCE lsc_load:lsc.addr_wrap:wrong_value	1" ] || bad "second bucket: $(sed -n 2p "$b")"
[ "$(ls "$out/buckets" | wc -l)" = 3 ] || bad "one copy per bucket + buckets.txt expected: $(ls "$out/buckets")"
[ -f "$out/sec1/crashes/id:000001,sig:06" ] || bad "AFL++'s crash files must stay"
# a crash that does not reproduce: exit 1
printf '' >"$out/main/crashes/id:000002,sig:11"
printf '#!/bin/sh\nexit 0\n' >"$TMP/quiet"; chmod +x "$TMP/quiet"
if BUCKET_BIN=$TMP/quiet bash "$SRC/scripts/fuzz-afl-buckets.sh" diff_fuzzer "$out" >/dev/null 2>&1; then bad "non-reproducing crashes must exit 1"; fi
# speed from fuzzer_stats: 3000 execs in 10 s + 500 in 5 s = 3500 execs, 400/s
printf 'start_time        : 100\nlast_update       : 110\nexecs_done        : 3000\n' >"$out/main/fuzzer_stats"
printf 'start_time        : 200\nlast_update       : 205\nexecs_done        : 500\n' >"$out/sec1/fuzzer_stats"
. "$SRC/scripts/fuzz-lib.sh"
[ "$(vo_afl_execs "$out")" = "3500 400" ] || bad "vo_afl_execs: $(vo_afl_execs "$out")"
[ "$(vo_afl_execs "$TMP/none")" = "0 0" ] || bad "vo_afl_execs with no stats: $(vo_afl_execs "$TMP/none")"
echo "test_fuzz_afl_buckets: 3 crashes in 2 buckets, speed 400/s from fuzzer_stats"
