#!/usr/bin/env bash
# scripts/mutation-eval.sh's table (issue 19 point 4): the median of the run
# times never averages a real time with the "not found" placeholder, and the
# table has a "runs found" column.
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
grep -q '| runs found |' "$SRC/scripts/mutation-eval.sh" || bad "mutation-eval.sh's table has no 'runs found' column"
grep -q 'median_of' "$SRC/scripts/mutation-eval.sh" || bad "mutation-eval.sh does not use median_of"
[ $fail -eq 0 ] && echo "test_mutation_eval_report: ok"
exit $fail
