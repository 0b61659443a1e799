#!/usr/bin/env bash
# Lanes (issue 30 point 1; D406): per seeded bug (examples/dut_c/dut.c
# -DDUT_BUG=N, built as libdut_mutant_N.so), the failing tests, the share that
# carry "lanes" (the reply is right under the lanes of a misread control),
# and for the eleven lane bugs the share that name their own misreading.
#   bench/lanes-named.sh [VISA_ORACLE] [MUTANTS] [VECTORS...]
#   (default build/visa-oracle, the eleven lane mutants and the 16 others of
#   docs/check.md "Causes", vectors/*.json; figures in docs/check.md "Lanes")
set -u
# each mutant and the misreading it names (named-share.py)
. "$(dirname "$0")/mutant-misreadings.sh"
WANT=$LANES_WANT
VO=${1:-build/visa-oracle}
MUTS=${2:-2 3 4 9 10 11 28 34 44 82 18 81 79 63 73 55 59 68 14 33 50 21 7 12 17 52 61}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
[ $# -gt 0 ] || set -- vectors/*.json
EX=$(dirname "$VO")/examples
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
printf '%-7s %7s %11s %s\n' mutant failing with_lanes 'its misreading'
for m in $MUTS; do
    [ -f "$EX/libdut_mutant_$m.so" ] || { echo "lanes-named: no $EX/libdut_mutant_$m.so (cmake --build build --target dut_mutant_$m)" >&2; continue; }
    "$VO" check "$@" --dut-lib "$EX/libdut_mutant_$m.so" --json 2>/dev/null >"$T/$m.json"
    python3 "$(dirname "$0")/named-share.py" lanes "$m" "$T/$m.json" "$WANT" 10
done
