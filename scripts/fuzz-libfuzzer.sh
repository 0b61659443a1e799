#!/usr/bin/env bash
# Runs one fuzz target with libFuzzer's fork mode.
#   scripts/fuzz-libfuzzer.sh TARGET [SECONDS=600] [JOBS=2] [-- extra libFuzzer flags]
# TARGET: oracle_fuzzer | roundtrip_fuzzer | json_fuzzer | diff_fuzzer
# Corpus:  $FUZZ_OUT/TARGET/corpus (starts from corpus/TARGET, grows)
# Crashes: $FUZZ_OUT/TARGET/crashes/ (the run goes on past crashes: -ignore_crashes=1)
# diff_fuzzer uses VISA_DUT_LIB when set (dlopen), else its linked-in DUT.
# Prints progress every 10 s and a final summary; exits 1 if anything was found.
# In fork mode the jobs' output never reaches fuzz.log, so the summary replays
# each finding once (no fork) and files it under its bucket: diff_fuzzer's
# "DIVERGENCE <insn>:<clause>:<kind>", an invariant line "<target>: ...", a
# sanitizer's "SUMMARY: ...", "timeout" or "out-of-memory". The first finding
# of each bucket stays in crashes/; later ones of the same bucket move to
# crashes/duplicates/. crashes/buckets.txt lists "<bucket>\t<count>\t<file>".
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
# ---- findings: replay each once, bucket, deduplicate ----
bucket_of() { (cd "$out" && vo_bucket_of "$FUZZ_BUILD/$target" "$target" "$1"); }
mkdir -p "$out/crashes/duplicates"
: >"$out/crashes/buckets.txt"
declare -A first=() count=()
nfind=0
for f in "$out"/crashes/*; do
  [ -f "$f" ] || continue
  case $(basename "$f") in buckets.txt) continue ;; esac
  nfind=$((nfind + 1))
  [ $nfind -le 500 ] || break  # bounded: the rest stay unsorted in crashes/
  b=$(bucket_of "$f")
  if [ -z "${first[$b]:-}" ]; then first[$b]=$(basename "$f"); count[$b]=1
  else count[$b]=$((count[$b] + 1)); mv "$f" "$out/crashes/duplicates/"; fi
done
for b in "${!first[@]}"; do printf '%s\t%s\t%s\n' "$b" "${count[$b]}" "${first[$b]}"; done |
  sort -t $'\t' -k2,2nr -k1,1 >"$out/crashes/buckets.txt"
ncrash=$nfind
last=$(grep -E '^#[0-9]+: cov:' "$out/fuzz.log" | tail -1)
echo "== summary: $target, ${secs}s x $jobs jobs =="
echo "   last status: ${last:-(none)}"
echo "   corpus: $n0 -> $(ls "$out/corpus" | wc -l) files in $out/corpus"
echo "   findings: $ncrash input(s) in ${#first[@]} bucket(s): one per bucket in $out/crashes, the rest in"
echo "   $out/crashes/duplicates (log: $out/fuzz.log)"
awk -F'\t' '{ printf "   %5d  %s  (%s)\n", $2, $1, $3 }' "$out/crashes/buckets.txt" | head -20
[ "$ncrash" -eq 0 ] && [ $rc -eq 0 ] || exit 1
