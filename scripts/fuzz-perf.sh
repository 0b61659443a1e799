#!/usr/bin/env bash
# Throughput of the fuzz targets against an empty target built the same way,
# measured in the same run (issue: oracle_fuzzer >= 0.5x the empty libFuzzer
# target; the AFL++ persistent build >= 0.8x an empty persistent target).
#   scripts/fuzz-perf.sh
# Environment: PERF_SECONDS (default 20) per measurement, PERF_REPEAT (default 2),
# PERF_TARGETS (default oracle_fuzzer), PERF_AFL=0 to skip AFL++.
# Builds without sanitizers: build-fuzz-perf (clang, libFuzzer) and
# build-afl-perf (afl-clang-fast). libFuzzer numbers are the final
# stat::average_exec_per_sec (-print_final_stats=1) of a run on a copy of the
# seed corpus; AFL++ numbers are execs_done / run time from fuzzer_stats (one
# instance, -V seconds). oracle_fuzzer is measured twice: with every check on
# every input (default) and with VO_FUZZ_HEAVY_EVERY=64 (the JSON/digest
# checks on 1/64 of the inputs).
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
secs=${PERF_SECONDS:-20}; rep=${PERF_REPEAT:-2}; targets=${PERF_TARGETS:-oracle_fuzzer}
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

declare -A R
log "libFuzzer: ${secs}s per run, $rep round(s), interleaved (empty, targets...)"
for i in $(seq 1 "$rep"); do
  e=$(lf_rate "$lb/empty_fuzzer"); R[lf_empty]+=" $e"; log "round $i: empty_fuzzer $e exec/s"
  for t in $targets; do
    x=$(lf_rate "$lb/$t"); R[lf_$t]+=" $x"; log "round $i: $t $x exec/s"
    if [ "$t" = oracle_fuzzer ]; then
      x=$(lf_rate "$lb/$t" VO_FUZZ_HEAVY_EVERY=64); R[lf_${t}_h64]+=" $x"; log "round $i: $t (VO_FUZZ_HEAVY_EVERY=64) $x exec/s"
    fi
  done
done
if [ "$do_afl" = 1 ]; then
  log "AFL++ persistent (libAFLDriver, shared-memory input): ${secs}s per run, $rep round(s)"
  for i in $(seq 1 "$rep"); do
    e=$(afl_rate "$ab/empty_fuzzer"); R[afl_empty]+=" $e"; log "round $i: empty_fuzzer $e exec/s"
    for t in $targets; do
      x=$(afl_rate "$ab/$t"); R[afl_$t]+=" $x"; log "round $i: $t $x exec/s"
      if [ "$t" = oracle_fuzzer ]; then
        x=$(afl_rate "$ab/$t" VO_FUZZ_HEAVY_EVERY=64); R[afl_${t}_h64]+=" $x"; log "round $i: $t (VO_FUZZ_HEAVY_EVERY=64) $x exec/s"
      fi
    done
  done
fi
echo
echo "== fuzz-perf: median exec/s of $rep run(s) of ${secs}s, no sanitizers, $(nproc) cores =="
echo "| engine | target | exec/s | empty exec/s | ratio | goal |"
echo "|---|---|---|---|---|---|"
for eng in lf afl; do
  [ -n "${R[${eng}_empty]:-}" ] || continue
  em=$(echo "${R[${eng}_empty]}" | median)
  goal=$([ $eng = lf ] && echo 0.5 || echo 0.8)
  name=$([ $eng = lf ] && echo libFuzzer || echo "AFL++ persistent")
  for k in "${!R[@]}"; do
    case $k in ${eng}_empty|"${eng}_"*) ;; *) continue ;; esac
    [ "$k" = "${eng}_empty" ] && continue
    case $eng in lf) case $k in afl_*) continue ;; esac ;; esac
    t=${k#${eng}_}; m=$(echo "${R[$k]}" | median); r=$(ratio "$m" "$em")
    label=$t; [[ $t == *_h64 ]] && label="${t%_h64} (VO_FUZZ_HEAVY_EVERY=64)"
    verdict=$(awk -v r="$r" -v g="$goal" 'BEGIN { print (r + 0 >= g) ? ">= " g " met" : "< " g " NOT met" }')
    echo "| $name | $label | $m | $em | $r | $verdict |"
  done | sort
done
