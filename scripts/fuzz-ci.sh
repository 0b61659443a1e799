#!/usr/bin/env bash
# CI fuzzing: builds the fuzzers with ASan+UBSan (libFuzzer) and runs each
# target for a bounded time from its seed corpus; then the AFL++ build of
# oracle_fuzzer (ASan+UBSan, persistent mode) briefly, and scripts/fuzz-reach.sh
# (a seeded 300 000-run diff_fuzzer from the *_ok seeds must reach every atomic
# op and LSC sub-op; about 15 s). Fails on any finding
# (crash, sanitizer report, leak, timeout > 10 s, invariant or divergence).
#   scripts/fuzz-ci.sh
# Environment: FUZZ_SECONDS (default 60) per libFuzzer target,
# AFL_SECONDS (default 30, 0 = skip), FUZZ_CI_JOBS (default 2 targets at once),
# FUZZ_CI_DIR (default build-fuzz-ci). Whole run: about 2 min of builds + 2 x
# FUZZ_SECONDS + AFL_SECONDS on 2 cores.
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
secs=${FUZZ_SECONDS:-60}; afl_secs=${AFL_SECONDS:-30}; par=${FUZZ_CI_JOBS:-2}
dir=${FUZZ_CI_DIR:-$VO_ROOT/build-fuzz-ci}
t_start=$SECONDS
mkdir -p "$dir"
vo_fuzz_build "$dir/libfuzzer" libfuzzer 1
have_afl=0
if [ "$afl_secs" -gt 0 ]; then
  if command -v afl-clang-fast >/dev/null && command -v afl-fuzz >/dev/null; then
    have_afl=1
    vo_fuzz_build "$dir/afl" afl 1
  else
    log "afl++ not installed: skipping the AFL++ run (apt-get install afl++)"
  fi
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export VO_FUZZ_HEAVY_EVERY=${VO_FUZZ_HEAVY_EVERY:-1}  # CI: oracle_fuzzer checks every invariant on every input
run_target() { # target -> writes $dir/run-<t>/result
  local t=$1 w=$dir/run-$1 dict
  rm -rf "$w"; mkdir -p "$w/corpus" "$w/crashes"
  dict=$(vo_dict "$t")
  "$dir/libfuzzer/$t" -max_total_time="$secs" -max_len="$(vo_max_len "$t")" -timeout=10 -rss_limit_mb=2560 \
    -print_final_stats=1 ${dict:+-dict="$dict"} -artifact_prefix="$w/crashes/" \
    "$w/corpus" "$(vo_seeds "$t")" >"$w/log" 2>&1
  echo $? >"$w/rc"
}
log "libFuzzer: $VO_TARGETS, ${secs}s each, $par at a time"
for t in $VO_TARGETS; do
  while [ "$(jobs -rp | wc -l)" -ge "$par" ]; do wait -n; done
  run_target "$t" &
done
afl_rc=0
wait
fail=0
for t in $VO_TARGETS; do
  w=$dir/run-$t
  rc=$(cat "$w/rc"); n=$(ls "$w/crashes" | wc -l)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$w/log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$w/log")
  cov=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$w/log" | grep -oE 'cov: [0-9]+ ft: [0-9]+' | tail -1)
  if [ "$rc" -ne 0 ] || [ "$n" -ne 0 ]; then
    fail=1
    echo "FAIL $t (exit $rc, $n artifact(s) in $w/crashes):"
    grep -E -A8 'ERROR|SUMMARY|runtime error|_fuzzer: |DIVERGENCE' "$w/log" | grep -vE '^ +#[0-9]+ 0x' | head -24 | sed 's/^/    /'
    # the whole input (up to 12 KB of base64), so a CI log alone reproduces it: base64 -d > crash
    for a in "$w"/crashes/*; do [ -f "$a" ] && echo "    artifact: $a ($(stat -c %s "$a") bytes, base64: $(base64 -w0 "$a" | head -c 12000))"; done
  else
    echo "ok   $t: ${execs:-?} execs, ${speed:-?}/s, ${cov:-}"
  fi
done
# reach (issue 19): a seeded diff_fuzzer run from the *_ok seeds reaches every atomic op and sub-op
REACH_OUT=$dir/reach bash "$VO_ROOT/scripts/fuzz-reach.sh" "$dir/libfuzzer" >"$dir/reach.log" 2>&1
reach_rc=$?
if [ $reach_rc -ne 0 ]; then
  fail=1
  echo "FAIL reach: diff_fuzzer's short run misses an atomic op or sub-op (scripts/fuzz-reach.sh; log $dir/reach.log)"
  tail -3 "$dir/reach.log" | sed 's/^/    /'
else
  echo "ok   reach: $(grep -m1 'diff_fuzzer: ' "$dir/reach.log" | sed 's/^\[[^]]*\] //'); $(grep -m1 '^atomic ops and LSC' "$dir/reach.log")"
fi
if [ $have_afl = 1 ]; then
  out=$dir/afl-out; rm -rf "$out"
  log "AFL++: oracle_fuzzer (ASan+UBSan, persistent), ${afl_secs}s"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=0 \
  AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_ALLOW_TMP=1 \
    afl-fuzz -i "$VO_ROOT/corpus/oracle_fuzzer" -o "$out" -V "$afl_secs" -t 5000 -m none \
      -x "$VO_ROOT/fuzz/visa.dict" -- "$dir/afl/oracle_fuzzer" >"$dir/afl.log" 2>&1
  afl_rc=$?
  st=$out/default/fuzzer_stats
  c=$(find "$out/default/crashes" -type f ! -name README.txt 2>/dev/null | wc -l)
  h=$(find "$out/default/hangs" -type f 2>/dev/null | wc -l)
  if [ ! -f "$st" ] || [ $afl_rc -ne 0 ] || [ "$c" -ne 0 ] || [ "$h" -ne 0 ]; then
    fail=1
    echo "FAIL afl++ oracle_fuzzer (exit $afl_rc, $c crash(es), $h hang(s); log $dir/afl.log)"
    tail -5 "$dir/afl.log" | sed 's/^/    /'
  else
    echo "ok   afl++ oracle_fuzzer: $(sed -n 's/^execs_done *: *//p' "$st") execs, $(sed -n 's/^execs_per_sec *: *//p' "$st")/s at the end, queue $(sed -n 's/^corpus_count *: *//p' "$st")"
  fi
fi
echo "== summary: fuzz-ci $([ $fail = 0 ] && echo PASSED || echo FAILED) in $((SECONDS - t_start)) s =="
exit $fail
