#!/usr/bin/env bash
# Margins (issue 31 point 2): every seeded-bug mutant DUT that is built
# (build/examples/libdut_mutant_*.so: the project's and every family's, found
# by name, no list here) fails at least MARGIN (10) tests of the shipped
# vectors, so one regeneration with another seed cannot quietly lose a kill.
# The example DUT itself must pass them all (else the counts mean nothing).
# Prints one line per mutant ("mutant N: F failed") and the smallest margin.
#   test_mutant_margins.sh <path-to-visa-oracle> <source-dir>
set -u
VO=${1:?usage: test_mutant_margins.sh path-to-visa-oracle source-dir}
SRC=${2:?usage: test_mutant_margins.sh path-to-visa-oracle source-dir}
MARGIN=${MARGIN:-10}
LIBS=$(cd "$(dirname "$VO")" && pwd)/examples
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
shopt -s nullglob
vecs=("$SRC"/vectors/*.json)
[ ${#vecs[@]} -gt 0 ] || { echo "FAIL: no vectors in $SRC/vectors" >&2; exit 1; }
"$VO" check "${vecs[@]}" --dut-lib "$LIBS/libdut_example.so" -q >/dev/null 2>&1 ||
    bad "the example DUT does not pass the vectors"
libs=("$LIBS"/libdut_mutant_*.so)
[ ${#libs[@]} -ge 10 ] || { echo "FAIL: ${#libs[@]} mutant libraries in $LIBS (build every target: bash scripts/test.sh)" >&2; exit 1; }
min=""; minat=""
for lib in $(printf '%s\n' "${libs[@]}" | sort -V); do
    n=$(basename "$lib" .so); n=${n#libdut_mutant_}
    out=$("$VO" check "${vecs[@]}" --dut-lib "$lib" -q 2>&1)
    rc=$?
    f=$(printf '%s\n' "$out" | tail -1 | sed -n 's/.* \([0-9][0-9]*\) failed$/\1/p')
    [ -n "$f" ] || { bad "mutant $n: no 'N failed' line (exit $rc): $(printf '%s\n' "$out" | tail -1)"; continue; }
    echo "mutant $n: $f failed"
    [ "$f" -ge "$MARGIN" ] || bad "mutant $n fails $f tests, fewer than $MARGIN (bias the generator's cases that reach its relation)"
    if [ -z "$min" ] || [ "$f" -lt "$min" ]; then min=$f; minat=$n; fi
done
echo "smallest margin: $min (mutant $minat) over ${#libs[@]} mutants"
[ $fail -eq 0 ] && echo "test_mutant_margins: ok"
exit $fail
