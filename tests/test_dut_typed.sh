#!/usr/bin/env bash
# Typed family (issue 28): the example C DUT (examples/dut_c/dut_typed.c,
# written from the pages) and the Python one (examples/dut_py/dut_typed.py)
# pass every shipped typed vector, and each of the C DUT's
# seeded bugs 163..175 fails at least one of them (the vectors kill every
# typed mutant). Args: $1 = path to visa-oracle, $2 = source dir.
set -euo pipefail
VO=${1:?path to visa-oracle}
SRC=${2:?source dir}
LIBDIR=$(dirname "$VO")/examples
fail() { echo "FAIL: $*" >&2; exit 1; }
shopt -s nullglob
VEC=("$SRC"/vectors/gather4_typed*.json "$SRC"/vectors/scatter4_typed*.json "$SRC"/vectors/typed_atomic*.json)
shopt -u nullglob
[ ${#VEC[@]} -ge 3 ] || fail "no typed vectors shipped"
[ -f "$LIBDIR/libdut_example.so" ] || fail "$LIBDIR/libdut_example.so not built"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set +e
"$VO" check "${VEC[@]}" --dut-lib "$LIBDIR/libdut_example.so" > "$tmp/good.txt" 2>&1
rc=$?
set -e
[ $rc = 0 ] || { tail -5 "$tmp/good.txt" >&2; fail "the good DUT fails typed vectors (exit $rc)"; }
last=$(tail -n1 "$tmp/good.txt")
case $last in *" passed, 0 failed") ;; *) fail "good DUT summary: $last" ;; esac
n=${last%% passed*}
[ "$n" -ge 3000 ] || fail "only $n typed tests"
echo "ok: good DUT: $last"
# the Python example DUT (examples/dut_py/dut_typed.py): every typed vector, typed atomic
# lanes in both orders (tests/test_check.sh runs it forward on every file too)
for opt in "" --atomic-reverse; do
    set +e
    "$VO" check "${VEC[@]}" --dut-cmd "python3 $SRC/examples/dut_py/dut.py $opt" > "$tmp/py.txt" 2>&1
    rc=$?
    set -e
    last=$(tail -n1 "$tmp/py.txt")
    [ $rc = 0 ] || { tail -5 "$tmp/py.txt" >&2; fail "the Python DUT ${opt:-(lane order)} fails typed vectors (exit $rc)"; }
    [ "$last" = "$n passed, 0 failed" ] || fail "Python DUT ${opt:-(lane order)}: $last, want $n passed"
    echo "ok: Python DUT ${opt:-(lane order)}: $last"
done
for b in 163 164 165 166 167 168 169 170 171 172 173 174 175; do
    lib="$LIBDIR/libdut_mutant_$b.so"
    [ -f "$lib" ] || fail "$lib not built"
    set +e
    "$VO" check "${VEC[@]}" --dut-lib "$lib" > "$tmp/m$b.txt" 2>&1
    rc=$?
    set -e
    last=$(tail -n1 "$tmp/m$b.txt")
    [ $rc = 1 ] || fail "mutant $b: check exited $rc ($last), want 1 (failures)"
    case $last in *" 0 failed") fail "mutant $b survives the typed vectors" ;; esac
    echo "ok: mutant $b killed: $last"
done
