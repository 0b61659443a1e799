#!/usr/bin/env bash
# Reach of diff_fuzzer (issue 19): a short, seeded run from the plain valid
# seeds (*_ok.bin of corpus/diff_fuzzer and corpus/oracle_fuzzer, the
# "ok" starting corpus) must reach every DWORD_ATOMIC and SVM_ATOMIC op (32-bit
# form) and every LSC_UNTYPED / SVM sub-op the descriptor table lists
# (visa-oracle reach --require ops; the seeds hold each of them, as libFuzzer's
# path from them depends on file order), and the
# pairs the vectors reach that the run's corpus does not are listed.
#   scripts/fuzz-reach.sh [FUZZER_DIR]
# FUZZER_DIR holds diff_fuzzer (default: FUZZ_BUILD, built on demand).
# Environment: REACH_RUNS (300000 executions), REACH_SEED (1), REACH_OUT
# (build-fuzz-out/reach). Divergences are ignored here (VO_DIFF_IGNORE='*'):
# finding them is the job of the other runs; this one measures reach only.
# Exit 0, 1 when something required is not reached, 2 on a setup error.
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
runs=${REACH_RUNS:-300000}; seed=${REACH_SEED:-1}
out=${REACH_OUT:-$FUZZ_OUT/reach}
if [ $# -ge 1 ]; then fz=$1/diff_fuzzer; else vo_need_libfuzzer diff_fuzzer; fz=$FUZZ_BUILD/diff_fuzzer; fi
[ -x "$fz" ] || die "no diff_fuzzer at $fz"
vo=$VO_ROOT/build/visa-oracle
if [ ! -x "$vo" ]; then
  log "no $vo: building the CLI"
  { cmake -S "$VO_ROOT" -B "$VO_ROOT/build" >/dev/null && cmake --build "$VO_ROOT/build" -j2 --target visa-oracle >/dev/null; } \
    || die "cannot build $vo"
fi
rm -rf "$out"; mkdir -p "$out/corpus"
cp "$VO_ROOT"/corpus/diff_fuzzer/*_ok.bin "$out/corpus/"
cp -n "$VO_ROOT"/corpus/oracle_fuzzer/*_ok.bin "$out/corpus/" 2>/dev/null
n0=$(ls "$out/corpus" | wc -l)
t0=$SECONDS
VO_DIFF_IGNORE='*' "$fz" -seed="$seed" -runs="$runs" -max_len="$(vo_max_len diff_fuzzer)" -dict="$VO_ROOT/fuzz/visa.dict" \
  -print_final_stats=1 "$out/corpus" >"$out/log" 2>&1
rc=$?
[ $rc -eq 0 ] || { tail -20 "$out/log"; die "diff_fuzzer exited $rc (log $out/log)"; }
log "diff_fuzzer: $runs runs (seed $seed) from $n0 seeds in $((SECONDS - t0)) s; corpus $(ls "$out/corpus" | wc -l) files"
"$vo" reach --require ops --vectors "$VO_ROOT/vectors" "$out/corpus" >"$out/reach.txt"
rc=$?
grep -v '^  ' "$out/reach.txt"
echo "(the pairs the vectors reach and this corpus does not: $out/reach.txt)"
exit $rc
