#!/usr/bin/env bash
# LSC_TYPED (issue 28): the example C DUT (examples/dut_c/dut_lsc_typed.c,
# written from the pages) and the Python one (examples/dut_py/dut_lsc_typed.py)
# pass every shipped lsc_typed_quad vector, and each of the C DUT's seeded
# bugs 210..221 fails at least one of them (the vectors kill every LSC_TYPED
# mutant). Args: $1 = path to visa-oracle, $2 = source dir; optional $3 the
# vector group (default lsc_typed_quad), $4 $5 the first and last mutant
# (default 210 221; tests/test_dut_lsc_typed_atomic.sh: lsc_typed_atomic 230 233,
# tests/test_dut_lsc_typed_2d.sh: lsc_typed_block2d 240 243).
set -euo pipefail
VO=${1:?path to visa-oracle}
SRC=${2:?source dir}
GROUP=${3:-lsc_typed_quad}
FIRST=${4:-210}
LAST=${5:-221}
LIBDIR=$(dirname "$VO")/examples
fail() { echo "FAIL: $*" >&2; exit 1; }
shopt -s nullglob
VEC=("$SRC"/vectors/$GROUP-*.json)
shopt -u nullglob
[ ${#VEC[@]} -ge 1 ] || fail "no $GROUP vectors shipped"
[ -f "$LIBDIR/libdut_example.so" ] || fail "$LIBDIR/libdut_example.so not built"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set +e
"$VO" check "${VEC[@]}" --dut-lib "$LIBDIR/libdut_example.so" > "$tmp/good.txt" 2>&1
rc=$?
set -e
[ $rc = 0 ] || { tail -5 "$tmp/good.txt" >&2; fail "the good DUT fails $GROUP vectors (exit $rc)"; }
last=$(tail -n1 "$tmp/good.txt")
case $last in *" passed, 0 failed") ;; *) fail "good DUT summary: $last" ;; esac
n=${last%% passed*}
[ "$n" -ge 1000 ] || fail "only $n $GROUP tests"
echo "ok: good DUT: $last"
set +e
"$VO" check "${VEC[@]}" --dut-cmd "python3 $SRC/examples/dut_py/dut.py" > "$tmp/py.txt" 2>&1
rc=$?
set -e
last=$(tail -n1 "$tmp/py.txt")
[ $rc = 0 ] || { tail -5 "$tmp/py.txt" >&2; fail "the Python DUT fails $GROUP vectors (exit $rc)"; }
[ "$last" = "$n passed, 0 failed" ] || fail "Python DUT: $last, want $n passed"
echo "ok: Python DUT: $last"
for b in $(seq "$FIRST" "$LAST"); do
    lib="$LIBDIR/libdut_mutant_$b.so"
    [ -f "$lib" ] || fail "$lib not built"
    set +e
    "$VO" check "${VEC[@]}" --dut-lib "$lib" > "$tmp/m$b.txt" 2>&1
    rc=$?
    set -e
    last=$(tail -n1 "$tmp/m$b.txt")
    [ $rc = 1 ] || fail "mutant $b: check exited $rc ($last), want 1 (failures)"
    case $last in *" 0 failed") fail "mutant $b survives the $GROUP vectors" ;; esac
    echo "ok: mutant $b killed: $last"
done
