#!/usr/bin/env bash
# Throughput of oracle_fuzzer against an empty target built the same way,
# measured in the same run (issue 4: oracle_fuzzer >= 0.5x the empty libFuzzer
# target; the AFL++ persistent build >= 0.8x an empty persistent target).
#   scripts/fuzz-perf.sh
# Environment: PERF_SECONDS (default 20) per measurement, PERF_REPEAT (default 3),
# PERF_AFL=0 to skip AFL++, PERF_CALIB=0 to skip the calibration targets.
#
# Builds without sanitizers: build-fuzz-perf (clang, libFuzzer) and
# build-afl-perf (afl-clang-fast). libFuzzer numbers are the final
# stat::average_exec_per_sec (-print_final_stats=1) of a run on a copy of the
# seed corpus; AFL++ numbers are execs_done / run time from fuzzer_stats (one
# instance, -V seconds). Runs are interleaved (empty, targets, ...) so drift
# in the machine's speed hits all of them.
#
# Rows:
#   oracle_fuzzer                 its default: checks 1-4 on every input, 5-6
#                                 on 1 input in 8 (fuzz/oracle_fuzzer.c)
#   oracle_fuzzer, every check    VO_FUZZ_HEAVY_EVERY=1 (what CI runs)
#   calib_fuzzer_K (libFuzzer)    no work, K data-dependent branches: the
#                                 engine's own per-edge cost, the ceiling of any
#                                 target executing that many edges
# and, before the table, the median number of edges one oracle_fuzzer input
# executes (libFuzzer "INITED cov" of single seeds).
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
secs=${PERF_SECONDS:-20}; rep=${PERF_REPEAT:-3}; calib=${PERF_CALIB:-1}
lb=$VO_ROOT/build-fuzz-perf; ab=$VO_ROOT/build-afl-perf
vo_fuzz_build "$lb" libfuzzer 0
do_afl=${PERF_AFL:-1}
command -v afl-fuzz >/dev/null || do_afl=0
[ "$do_afl" = 1 ] && vo_fuzz_build "$ab" afl 0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
seeds=$VO_ROOT/corpus/oracle_fuzzer

lf_rate() { # bin [env...] -> exec/s
  local bin=$1; shift
  rm -rf "$tmp/c"; mkdir -p "$tmp/c"; cp "$seeds"/* "$tmp/c/"
  env "$@" "$bin" -max_total_time="$secs" -max_len=4096 -print_final_stats=1 -artifact_prefix="$tmp/" "$tmp/c" \
    >"$tmp/lf.log" 2>&1
  sed -n 's/^stat::average_exec_per_sec: *//p' "$tmp/lf.log" | tail -1
}
afl_rate() { # bin [env...] -> exec/s
  local bin=$1; shift
  rm -rf "$tmp/ao"
  env "$@" AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_ALLOW_TMP=1 \
    afl-fuzz -i "$seeds" -o "$tmp/ao" -V "$secs" -t 5000 -m none -- "$bin" >"$tmp/afl.log" 2>&1
  local st=$tmp/ao/default/fuzzer_stats
  awk -F' *: *' '/^start_time/ { s = $2 } /^last_update/ { u = $2 } /^execs_done/ { e = $2 }
                 END { if (u > s) printf "%.0f", e / (u - s); else print 0 }' "$st" 2>/dev/null
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# edges one input executes: INITED cov of a corpus holding only that input
edges=""
for f in $(ls "$seeds" | awk 'NR % 8 == 1'); do
  rm -rf "$tmp/one"; mkdir -p "$tmp/one"; cp "$seeds/$f" "$tmp/one/"
  e=$("$lb/oracle_fuzzer" -runs=0 "$tmp/one" 2>&1 | sed -n 's/.*INITED cov: \([0-9]*\).*/\1/p' | tail -1)
  [ -n "$e" ] && edges+=" $e"
done
edges_med=$(echo "$edges" | median)
log "oracle_fuzzer executes a median of $edges_med instrumented edges per seed input ($(echo $edges | wc -w) seeds sampled)"

declare -A R
run_lf() { # key bin [env...]
  local k=$1; shift
  local x; x=$(lf_rate "$@"); R[$k]+=" $x"; log "round $i: libFuzzer $k $x exec/s"
}
run_afl() {
  local k=$1; shift
  local x; x=$(afl_rate "$@"); R[$k]+=" $x"; log "round $i: AFL++ $k $x exec/s"
}
log "libFuzzer: ${secs}s per run, $rep round(s), interleaved"
for i in $(seq 1 "$rep"); do
  run_lf lf_empty "$lb/empty_fuzzer"
  run_lf lf_oracle "$lb/oracle_fuzzer"
  run_lf lf_oracle_all "$lb/oracle_fuzzer" VO_FUZZ_HEAVY_EVERY=1
  if [ "$calib" = 1 ]; then
    run_lf lf_calib64 "$lb/calib_fuzzer_64"
    run_lf lf_calib256 "$lb/calib_fuzzer_256"
  fi
done
if [ "$do_afl" = 1 ]; then
  log "AFL++ persistent (libAFLDriver, shared-memory input): ${secs}s per run, $rep round(s)"
  for i in $(seq 1 "$rep"); do
    run_afl afl_empty "$ab/empty_fuzzer"
    run_afl afl_oracle "$ab/oracle_fuzzer"
    run_afl afl_oracle_all "$ab/oracle_fuzzer" VO_FUZZ_HEAVY_EVERY=1
  done
fi

row() { # engine label key empty-key goal(or -)
  local m em r verdict
  [ -n "${R[$3]:-}" ] || return 0
  m=$(echo "${R[$3]}" | median); em=$(echo "${R[$4]}" | median); r=$(ratio "$m" "$em")
  if [ "$5" = - ]; then verdict="calibration"
  else verdict=$(awk -v r="$r" -v g="$5" 'BEGIN { print (r + 0 >= g) ? ">= " g " met" : "< " g " NOT met" }'); fi
  echo "| $1 | $2 | $m | $em | $r | $verdict |"
}
echo
echo "== fuzz-perf: median exec/s of $rep run(s) of ${secs}s, no sanitizers, $(nproc) cores =="
echo "oracle_fuzzer: median $edges_med instrumented edges executed per seed input"
echo "| engine | target | exec/s | empty exec/s | ratio | goal |"
echo "|---|---|---|---|---|---|"
row libFuzzer "oracle_fuzzer (default: checks 5-6 on 1 input in 8)" lf_oracle lf_empty 0.5
row libFuzzer "oracle_fuzzer, every check on every input" lf_oracle_all lf_empty 0.5
row libFuzzer "calib_fuzzer_64 (no work, 64 branches)" lf_calib64 lf_empty -
row libFuzzer "calib_fuzzer_256 (no work, 256 branches)" lf_calib256 lf_empty -
row "AFL++ persistent" "oracle_fuzzer (default: checks 5-6 on 1 input in 8)" afl_oracle afl_empty 0.8
row "AFL++ persistent" "oracle_fuzzer, every check on every input" afl_oracle_all afl_empty 0.8
