#!/usr/bin/env bash
# Misread (issue 30 point 1; D407): per seeded bug (examples/dut_c/dut.c
# -DDUT_BUG=N, built as libdut_mutant_N.so), the failing tests, the share that
# carry "misread" (the reply is right with one step of the address,
# data-size, block-mask or out-of-bound rule misread), and for the fifteen
# such bugs the share that name their own misreading; for the others the
# misreadings their tests fit most often.
#   bench/misread-named.sh [VISA_ORACLE] [MUTANTS] [VECTORS...]
#   (default build/visa-oracle, the fifteen and the 14 others of docs/check.md
#   "Causes" and "Lanes", vectors/*.json; figures in docs/check.md "Misread")
set -u
# each mutant and the misreading it names (named-share.py)
. "$(dirname "$0")/mutant-misreadings.sh"
WANT=$MISREAD_WANT
VO=${1:-build/visa-oracle}
MUTS=${2:-52 61 53 60 79 73 81 12 14 33 59 63 68 17 7 2 3 4 9 10 11 28 34 44 82 55 50 21 18}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
[ $# -gt 0 ] || set -- vectors/*.json
EX=$(dirname "$VO")/examples
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
printf '%-7s %7s %12s %s\n' mutant failing with_misread 'its misreading'
for m in $MUTS; do
    [ -f "$EX/libdut_mutant_$m.so" ] || { echo "misread-named: no $EX/libdut_mutant_$m.so (cmake --build build --target dut_mutant_$m)" >&2; continue; }
    "$VO" check "$@" --dut-lib "$EX/libdut_mutant_$m.so" --json 2>/dev/null >"$T/$m.json"
    python3 "$(dirname "$0")/named-share.py" misread "$m" "$T/$m.json" "$WANT" 11
done
