#!/usr/bin/env bash
# Mutation evaluation: for each seeded DUT bug (examples/dut_c/dut.c,
# -DDUT_BUG=N), does the shipped vector set kill it, and how long does
# diff_fuzzer take to find it?
#   scripts/mutation-eval.sh
# Environment:
#   MUT_RUNS=3        diff_fuzzer runs per bug (seeds 1..MUT_RUNS); the median is reported
#   MUT_SECONDS=60    time limit of one run (a run that finds nothing counts as "> limit")
#   MUT_JOBS=2        runs in parallel
#   MUT_CORPUS=ok     starting corpus: ok (one plain valid case per instruction,
#                     corpus/diff_fuzzer/*_ok.bin), full (corpus/diff_fuzzer), empty
#   MUT_BUGS="1 2 3"  only these bugs (default: 1..VO_DUT_NUM_BUGS and every family's
#                     bugs fuzz/CMakeLists.txt lists in _vo_fam_bugs); only their mutant
#                     libraries and diff fuzzers are built
#   VECTORS="vectors/*.json"
#   MUT_KEEP=build-fuzz-mut/artifacts  where each run that finds something
#                     leaves its crash file(s) and log (bug_N_run_R/), so a
#                     surprising bucket can be replayed; MUT_KEEP= keeps nothing
# Builds what it needs and no more: in build/ the CLI, the example DUT and the
# judged bugs' libdut_mutant_N.so; in build-fuzz-mut/ their diff_fuzzer_bug_N
# (the bug's DUT linked in, no sanitizers).
# Prints a progress line per run and a Markdown table for the README; the
# vectors column is each bug's failing-test count, and a last line gives the
# smallest of them (the margin, issue 31).
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
runs=${MUT_RUNS:-3}; secs=${MUT_SECONDS:-60}; jobs=${MUT_JOBS:-2}; corpus_mode=${MUT_CORPUS:-ok}
cd "$VO_ROOT"
keep=${MUT_KEEP-$VO_ROOT/build-fuzz-mut/artifacts}
[ -z "$keep" ] || mkdir -p "$keep" || die "cannot create MUT_KEEP=$keep"

# ---- 1. CLI and DUT libraries (only the judged bugs' mutants) ----
bugs=${MUT_BUGS:-$(vo_mutant_bugs)} # default: 1..VO_DUT_NUM_BUGS and every family's (fuzz-lib.sh)
[ -n "$bugs" ] || die "no bugs to judge (MUT_BUGS empty, none found in examples/ and fuzz/CMakeLists.txt)"
first=$(echo $bugs | cut -d' ' -f1)
log "building build/ (CLI, the example DUT and $(echo $bugs | wc -w) mutant libraries)"
{ cmake -S . -B build >/dev/null &&
  cmake --build build -j2 --target visa-oracle dut_example $(for n in $bugs; do printf 'dut_mutant_%s ' "$n"; done) \
    >build.mut.log 2>&1; } || { tail -20 build.mut.log; die "build/ failed"; }
vo=$VO_ROOT/build/visa-oracle
libdir=$VO_ROOT/build/examples
if [ ! -e "$libdir/libdut_mutant_$first.so" ]; then
  libdir=$VO_ROOT/build-examples
  { cmake -S examples -B "$libdir" >/dev/null &&
    cmake --build "$libdir" -j2 --target dut_example $(for n in $bugs; do printf 'dut_mutant_%s ' "$n"; done) \
      >/dev/null 2>&1; } || die "examples build failed"
fi

# ---- 2. diff fuzzers with each bug linked in (only the judged bugs') ----
mb=$VO_ROOT/build-fuzz-mut
VO_FUZZ_TARGETS=$(for n in $bugs; do printf 'diff_fuzzer_bug_%s ' "$n"; done)
vo_fuzz_build "$mb" libfuzzer 0 -DVO_FUZZ_MUTANTS=ON

# bug names from the B_ enums of examples/dut_c/ (vo_bug_name: fuzz-lib.sh)
name_of() { vo_bug_name "$1"; }

# ---- 3. vectors ----
shopt -s nullglob
vecs=(${VECTORS:-vectors/*.json})
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
declare -A killed margin # margin: the failing-test count of a killed bug
if [ ${#vecs[@]} -eq 0 ]; then
  log "no vector files (${VECTORS:-vectors/*.json}): the vectors column is n/a"
else
  log "vectors: ${#vecs[@]} files; checking the correct DUT first"
  "$vo" check "${vecs[@]}" --dut-lib "$libdir/libdut_example.so" -q >"$tmp/example.log" 2>&1 \
    || log "warning: the correct example DUT fails the vectors: $(tail -1 "$tmp/example.log")"
  for n in $bugs; do
    "$vo" check "${vecs[@]}" --dut-lib "$libdir/libdut_mutant_$n.so" -q >"$tmp/check_$n.log" 2>&1
    case $? in
      1) killed[$n]="killed ($(tail -1 "$tmp/check_$n.log" | grep -oE '[0-9]+ failed'))"
         margin[$n]=$(tail -1 "$tmp/check_$n.log" | grep -oE '[0-9]+ failed' | cut -d' ' -f1) ;;
      0) killed[$n]="SURVIVED"; margin[$n]=0 ;;
      *) killed[$n]="error: $(tail -1 "$tmp/check_$n.log")" ;;
    esac
    log "bug $n $(name_of "$n"): vectors ${killed[$n]}"
  done
fi

# ---- 4. diff_fuzzer time to find ----
mkdir -p "$tmp/seeds"
case $corpus_mode in
  ok) cp corpus/diff_fuzzer/*_ok.bin "$tmp/seeds/" ;;
  full) cp corpus/diff_fuzzer/* "$tmp/seeds/" ;;
  empty) ;;
  *) die "MUT_CORPUS must be ok, full or empty" ;;
esac
one_run() { # bug run -> "bug run found secs bucket"
  local n=$1 r=$2 w=$tmp/run_${1}_$2 t0 t1 rc b
  mkdir -p "$w/corpus"; cp "$tmp"/seeds/* "$w/corpus/" 2>/dev/null
  t0=$(date +%s.%N)
  "$mb/diff_fuzzer_bug_$n" -seed="$r" -max_total_time="$secs" -max_len=4096 -dict="$VO_ROOT/fuzz/visa.dict" \
    -artifact_prefix="$w/" -print_final_stats=0 "$w/corpus" >"$w/log" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  b=$(grep -m1 -oE 'DIVERGENCE [^ ]+' "$w/log" | cut -d' ' -f2)
  if [ $rc -ne 0 ] && [ -n "$keep" ]; then # the temporary dir goes at exit: keep the input
    rm -rf "$keep/bug_${n}_run_$r"; mkdir -p "$keep/bug_${n}_run_$r" && cp "$w/log" "$w"/crash-* "$keep/bug_${n}_run_$r/" 2>/dev/null
  fi
  if [ $rc -ne 0 ] && [ -n "$b" ]; then
    echo "$n $r 1 $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') $b"
  else
    echo "$n $r 0 $secs -"
  fi
}
log "diff_fuzzer: $runs run(s) per bug, ${secs}s limit, $jobs in parallel, corpus: $corpus_mode ($(ls "$tmp/seeds" | wc -l) files)"
: >"$tmp/results"
for n in $bugs; do
  for r in $(seq 1 "$runs"); do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    { line=$(one_run "$n" "$r"); echo "$line" >>"$tmp/results"; set -- $line
      log "bug $1 run $2: $([ "$3" = 1 ] && echo "found in $4 s ($5)" || echo "not found in ${secs} s")"; } &
  done
done
wait

# ---- 5. table (median_of: fuzz-lib.sh) ----
echo
echo "Mutation evaluation: $(echo $bugs | wc -w) seeded bugs; vectors: ${#vecs[@]} files; diff_fuzzer: median of $runs run(s), ${secs} s limit, corpus $corpus_mode, $(nproc) cores"
echo
echo "| bug | name | vectors | diff_fuzzer median (s) | runs found | first bucket |"
echo "|---|---|---|---|---|---|"
nk=0; nf=0; nt=0; na=0
for n in $bugs; do
  nt=$((nt + 1))
  cnt=$(awk -v n="$n" '$1 == n' "$tmp/results" | wc -l)
  found=$(awk -v n="$n" '$1 == n && $3 == 1' "$tmp/results" | wc -l)
  bucket=$(awk -v n="$n" '$1 == n && $3 == 1 { print $5; exit }' "$tmp/results")
  med=$(awk -v n="$n" '$1 == n { print ($3 == 1 ? $4 : "inf") }' "$tmp/results" | median_of "$secs")
  [ "$found" -gt 0 ] && nf=$((nf + 1))
  [ "$found" -eq "$cnt" ] && na=$((na + 1))
  v=${killed[$n]:-n/a}
  [[ $v == killed* ]] && nk=$((nk + 1))
  echo "| $n | $(name_of "$n") | $v | $med | $found/$cnt | \`${bucket:--}\` |"
done
echo
echo "== summary: vectors kill $nk/$nt; diff_fuzzer finds $nf/$nt (at least one run), $na/$nt in every run =="
# margins (issue 31): the smallest failing-test count; tests/test_mutant_margins.sh wants >= 10
if [ ${#margin[@]} -gt 0 ]; then
  thin=""; low=""
  for n in $bugs; do
    m=${margin[$n]:-}; [ -n "$m" ] || continue
    { [ -z "$low" ] || [ "$m" -lt "$low" ]; } && low=$m
    [ "$m" -lt 10 ] && thin="$thin $n($m)"
  done
  echo "== margins: smallest $low failing tests; below 10:${thin:- none} =="
fi
[ "$nf" -eq "$nt" ] || exit 1
