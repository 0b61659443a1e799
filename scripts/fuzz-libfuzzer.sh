#!/usr/bin/env bash
# Runs one fuzz target with libFuzzer's fork mode.
#   scripts/fuzz-libfuzzer.sh TARGET [SECONDS=600] [JOBS=2] [-- extra libFuzzer flags]
# TARGET: oracle_fuzzer | roundtrip_fuzzer | json_fuzzer | diff_fuzzer
# Corpus:  $FUZZ_OUT/TARGET/corpus (starts from corpus/TARGET, grows)
# Crashes: $FUZZ_OUT/TARGET/crashes/ (the run goes on past crashes: -ignore_crashes=1)
# diff_fuzzer uses VISA_DUT_LIB when set (dlopen), else its linked-in DUT.
# Prints progress every 10 s and a final summary; exits 1 if anything was found.
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
[ $# -ge 1 ] || die "usage: $0 TARGET [SECONDS] [JOBS] [-- flags]"
target=$1; secs=${2:-600}; jobs=${3:-2}
shift $(( $# >= 3 ? 3 : $# ))
[ "${1:-}" = -- ] && shift
vo_need_libfuzzer "$target"
out=$FUZZ_OUT/$target
mkdir -p "$out/corpus" "$out/crashes"
seeds=$(vo_seeds "$target")
dict=$(vo_dict "$target")
log "$target: ${secs}s, $jobs fork jobs, corpus $out/corpus (+ seeds $seeds), dict ${dict:-none}"
n0=$(ls "$out/corpus" | wc -l)
( cd "$out" && "$FUZZ_BUILD/$target" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$secs" -max_len="$(vo_max_len "$target")" -timeout=10 -rss_limit_mb=2048 \
    ${dict:+-dict="$dict"} -artifact_prefix="$out/crashes/" "$@" "$out/corpus" "$seeds" ) >"$out/fuzz.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null' INT TERM
while kill -0 $pid 2>/dev/null; do
  sleep 10
  line=$(grep -E '^#[0-9]+: cov:' "$out/fuzz.log" | tail -1)
  [ -n "$line" ] && log "$target $line"
done
wait $pid
rc=$?
ncrash=$(ls "$out/crashes" 2>/dev/null | wc -l)
last=$(grep -E '^#[0-9]+: cov:' "$out/fuzz.log" | tail -1)
echo "== summary: $target, ${secs}s x $jobs jobs =="
echo "   last status: ${last:-(none)}"
echo "   corpus: $n0 -> $(ls "$out/corpus" | wc -l) files in $out/corpus"
echo "   findings: $ncrash file(s) in $out/crashes (log: $out/fuzz.log)"
grep -hoE '(DIVERGENCE [^ ]+|^[a-z_]+_fuzzer: .*|SUMMARY: [A-Za-z]+Sanitizer: [a-z-]+)' "$out/fuzz.log" | grep -v -e 'DUT linked in' -e ': DUT /' | sort | uniq -c | sort -rn | head -10 | sed 's/^/   /'
[ "$ncrash" -eq 0 ] && [ $rc -eq 0 ] || exit 1
