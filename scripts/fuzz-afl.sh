#!/usr/bin/env bash
# Runs one fuzz target with AFL++: one main instance (-M main) and N
# secondaries (-S sec<i>) syncing through one output directory.
#   scripts/fuzz-afl.sh TARGET [SECONDS=600] [SECONDARIES=1]
# Binaries: $AFL_BUILD (default build-afl; built on demand with afl-clang-fast,
# persistent mode with shared-memory test cases via libAFLDriver; set
# AFL_SANITIZE=1 for an ASan+UBSan build). Output: $FUZZ_OUT/afl-TARGET.
# On 2 cores use at most 1 secondary (a third instance needs AFL_NO_AFFINITY
# and slows everything down). Prints afl-whatsup every 15 s and a summary;
# exits 1 if a crash or hang was saved.
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
[ $# -ge 1 ] || die "usage: $0 TARGET [SECONDS] [SECONDARIES]"
target=$1; secs=${2:-600}; nsec=${3:-1}
command -v afl-fuzz >/dev/null || die "afl-fuzz not found (apt-get install afl++)"
AFL_BUILD=${AFL_BUILD:-$VO_ROOT/build-afl}
if [ ! -x "$AFL_BUILD/$target" ]; then
  log "no $AFL_BUILD/$target: building with afl-clang-fast"
  vo_fuzz_build "$AFL_BUILD" afl "${AFL_SANITIZE:-0}"
fi
ncpu=$(nproc)
if [ $((nsec + 1)) -gt "$ncpu" ]; then
  log "warning: $((nsec + 1)) instances on $ncpu cores; setting AFL_NO_AFFINITY=1 (expect a slowdown)"
  export AFL_NO_AFFINITY=1
fi
out=$FUZZ_OUT/afl-$target
mkdir -p "$out"
seeds=$(vo_seeds "$target")
# afl-fuzz wants a non-empty input dir of files it can run: the seeds (or a resume)
in=$seeds
[ -d "$out/main/queue" ] && in=-   # resume
dict=$(vo_dict "$target")
export AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_ALLOW_TMP=1
# shellcheck disable=SC2086
common="-o $out -V $secs -t 5000 -m none ${dict:+-x $dict}"
log "$target: ${secs}s, 1 main + $nsec secondary, output $out"
pids=()
afl-fuzz -i "$in" $common -M main -- "$AFL_BUILD/$target" >"$out/main.log" 2>&1 &
pids+=($!)
for i in $(seq 1 "$nsec"); do
  afl-fuzz -i "$in" $common -S "sec$i" -- "$AFL_BUILD/$target" >"$out/sec$i.log" 2>&1 &
  pids+=($!)
done
trap 'kill "${pids[@]}" 2>/dev/null' INT TERM
alive() { for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && return 0; done; return 1; }
# progress from the instances' fuzzer_stats (execs_done over their own
# start_time..last_update), not afl-whatsup's "Cumulative speed", which
# showed 0 execs/s throughout (issue 32). AFL++ 4.04c without a terminal
# rewrites fuzzer_stats about once a minute: the first minute shows the
# calibration count at 0/s, then the real figures (measured: 4038/s at 75 s)
while alive; do
  sleep 15
  alive || break
  read -r ex sp < <(vo_afl_execs "$out")
  nc=$(find "$out" -path '*/crashes/id:*' -type f 2>/dev/null | wc -l)
  log "$target execs ${ex:-0} (${sp:-0}/s), crashes $nc"
done
for p in "${pids[@]}"; do wait "$p"; done
echo "== summary: $target, AFL++ 1 main + $nsec secondary, ${secs}s =="
crashes=0; hangs=0
for d in "$out"/*/; do
  st=$d/fuzzer_stats
  [ -f "$st" ] || continue
  n=$(basename "$d")
  ex=$(sed -n 's/^execs_done *: *//p' "$st"); sp=$(sed -n 's/^execs_per_sec *: *//p' "$st")
  cq=$(sed -n 's/^corpus_count *: *//p' "$st")
  c=$(ls "$d/crashes" 2>/dev/null | grep -vc README); h=$(ls "$d/hangs" 2>/dev/null | wc -l)
  crashes=$((crashes + c)); hangs=$((hangs + h))
  echo "   $n: execs $ex ($sp/s at the end), queue $cq, crashes $c, hangs $h"
done
echo "   findings: $crashes crash(es), $hangs hang(s) under $out/*/crashes, */hangs"
[ "$crashes" -eq 0 ] || echo "   bucket them: scripts/fuzz-afl-buckets.sh $target $out"
[ $((crashes + hangs)) -eq 0 ] || exit 1
