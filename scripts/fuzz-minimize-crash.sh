#!/usr/bin/env bash
# Shrinks a crashing input while keeping the same crash.
#   scripts/fuzz-minimize-crash.sh TARGET CRASH_FILE [RUNS=20000] [OUT=CRASH_FILE.min]
# libFuzzer -minimize_crash=1 with ASAN_OPTIONS=dedup_token_length=3 (same
# stack); for diff_fuzzer the divergence bucket is kept too (VO_DIFF_ONLY is
# set to the bucket the crash prints). Prints before/after sizes and the JSON
# case of the result (visa-oracle case2json) when the target reads binary cases.
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
[ $# -ge 2 ] || die "usage: $0 TARGET CRASH_FILE [RUNS] [OUT]"
target=$1; crash=$2; runs=${3:-20000}; out=${4:-$crash.min}
[ -f "$crash" ] || die "no file $crash"
vo_need_libfuzzer "$target"
bin=$FUZZ_BUILD/$target
export ASAN_OPTIONS=${ASAN_OPTIONS:-dedup_token_length=3}
crash_line() { "$bin" "$1" 2>&1 | grep -v -e 'DUT linked in' -e '_fuzzer: DUT ' | grep -m1 -E 'DIVERGENCE|^[a-z_]+_fuzzer: |SUMMARY: '; }
first=$(crash_line "$crash")
[ -n "$first" ] || die "$crash does not crash $target"
log "crash: $first"
if [[ $first == *DIVERGENCE* ]]; then
  export VO_DIFF_ONLY=${first##* }
  log "keeping bucket $VO_DIFF_ONLY"
fi
t0=$SECONDS
"$bin" -minimize_crash=1 -runs="$runs" -exact_artifact_path="$out" -max_len="$(vo_max_len "$target")" "$crash" \
  >"$out.log" 2>&1
[ -f "$out" ] || { cp "$crash" "$out"; log "no smaller input found"; }
after=$(crash_line "$out")
echo "== summary: $target: $(wc -c <"$crash") -> $(wc -c <"$out") bytes in $((SECONDS - t0)) s; $out =="
echo "   before: $first"
echo "   after:  $after"
vo=${VISA_ORACLE:-$VO_ROOT/build/visa-oracle}
if [ "$target" != json_fuzzer ] && [ -x "$vo" ]; then
  echo "   case:   $("$vo" case2json "$out" 2>&1)"
fi
