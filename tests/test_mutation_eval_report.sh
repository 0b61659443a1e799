#!/usr/bin/env bash
# scripts/mutation-eval.sh's table (issue 19 point 4): the median of the run
# times never averages a real time with the "not found" placeholder, and the
# table has a "runs found" column; every judged bug has its name (vo_bug_name)
# and the default list holds every family's bugs (vo_mutant_bugs).
#   test_mutation_eval_report.sh <path-to-visa-oracle> <source-dir>
set -u
SRC=${2:?usage: test_mutation_eval_report.sh path-to-visa-oracle source-dir}
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
. "$SRC/scripts/fuzz-lib.sh" || { echo "FAIL: cannot source fuzz-lib.sh" >&2; exit 1; }
type median_of >/dev/null 2>&1 || { echo "FAIL: fuzz-lib.sh has no median_of" >&2; exit 1; }
m() { printf '%s\n' "$@" | median_of 60; }
# "inf" = a run that found nothing within the 60 s limit
[ "$(m 1.5 inf)" = "> 60" ] || bad "2 runs, 1 found: '$(m 1.5 inf)', want '> 60' (not (1.5 + 1e9) / 2)"
[ "$(m 1.5 2.5)" = "2.00" ] || bad "2 runs, both found: '$(m 1.5 2.5)', want 2.00"
[ "$(m 3 inf 1)" = "3.00" ] || bad "3 runs, 2 found: '$(m 3 inf 1)', want the middle time 3.00"
[ "$(m inf 1 inf)" = "> 60" ] || bad "3 runs, 1 found: '$(m inf 1 inf)', want '> 60'"
[ "$(m 0.5)" = "0.50" ] || bad "1 run: '$(m 0.5)', want 0.50"
[ "$(m inf inf)" = "> 60" ] || bad "none found: '$(m inf inf)', want '> 60'"
[ "$(m 10 2 7 4)" = "5.50" ] || bad "4 runs: '$(m 10 2 7 4)', want (4 + 7) / 2 = 5.50"
# bug names (vo_bug_name) from the B_ enums of examples/dut_c/: an explicit "= N" and C's implicit
# counting after it (the typed enums list 163 and 210 only, the names after count up)
for want in "1 grf64_stride" "72 atomic_fcmpwr_bitwise" "115 svm_gs_no_wrap" "137 media_y_clamp_missing" \
            "163 ty_uv_swap" "164 ty_array_by_height" "175 ty_1d_uses_v" "176 svma_64_high_half_lost" \
            "210 lt_offsets_ignored" "218 lt_simd16_dg2" "221 lt_disabled_zeroed"; do
  set -- $want
  got=$(vo_bug_name "$1")
  [ "$got" = "$2" ] || bad "vo_bug_name $1: '$got', want '$2'"
done
[ -z "$(vo_bug_name 99)" ] || bad "vo_bug_name 99 (no such bug): '$(vo_bug_name 99)', want nothing"
# the default bug list: 1..VO_DUT_NUM_BUGS and every family's bugs fuzz/CMakeLists.txt builds a diff fuzzer for
all=" $(vo_mutant_bugs | tr '\n' ' ')"
for n in 1 82 100 115 120 137 163 175 176 191 210 221; do
  case $all in *" $n "*) ;; *) bad "vo_mutant_bugs lacks bug $n" ;; esac
done
case $all in *" 83 "*|*" 200 "*) bad "vo_mutant_bugs lists a bug that is not a mutant (83 or 200)" ;; esac
[ "$(vo_mutant_bugs | sort -n | uniq -d)" = "" ] || bad "vo_mutant_bugs repeats a bug"
grep -q '| runs found |' "$SRC/scripts/mutation-eval.sh" || bad "mutation-eval.sh's table has no 'runs found' column"
grep -q 'median_of' "$SRC/scripts/mutation-eval.sh" || bad "mutation-eval.sh does not use median_of"
[ $fail -eq 0 ] && echo "test_mutation_eval_report: ok"
exit $fail
