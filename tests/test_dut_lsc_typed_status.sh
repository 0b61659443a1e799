#!/usr/bin/env bash
# LSC_TYPED load_status, store_uncompressed, read_state_info (issue 28,
# D330-D332): the example C DUT (examples/dut_c/dut_lsc_typed.c) and the
# Python one (examples/dut_py/dut_lsc_typed.py) pass every shipped
# lsc_typed_status vector, and the set holds at least 1,000 tests with
# executed (ok) store_uncompressed cases among them.
# Args: $1 = path to visa-oracle, $2 = source dir.
set -euo pipefail
VO=${1:?path to visa-oracle}
SRC=${2:?source dir}
LIBDIR=$(dirname "$VO")/examples
fail() { echo "FAIL: $*" >&2; exit 1; }
shopt -s nullglob
VEC=("$SRC"/vectors/lsc_typed_status*.json)
shopt -u nullglob
[ ${#VEC[@]} -ge 1 ] || fail "no lsc_typed_status vectors shipped"
[ -f "$LIBDIR/libdut_example.so" ] || fail "$LIBDIR/libdut_example.so not built"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nok=$(python3 -c '
import json, sys
print(sum(1 for f in sys.argv[1:] for t in json.load(open(f))["tests"]
          if " store_uncompressed " in t["comment"] and t["expect"]["status"] == "ok"))' "${VEC[@]}")
[ "$nok" -ge 100 ] || fail "only $nok executed store_uncompressed tests"
for which in c py; do
    set +e
    if [ $which = c ]; then
        "$VO" check "${VEC[@]}" --dut-lib "$LIBDIR/libdut_example.so" > "$tmp/out.txt" 2>&1
    else
        "$VO" check "${VEC[@]}" --dut-cmd "python3 $SRC/examples/dut_py/dut.py" > "$tmp/out.txt" 2>&1
    fi
    rc=$?
    set -e
    last=$(tail -n1 "$tmp/out.txt")
    [ $rc = 0 ] || { tail -5 "$tmp/out.txt" >&2; fail "the $which DUT fails lsc_typed_status vectors (exit $rc)"; }
    case $last in *" passed, 0 failed") ;; *) fail "$which DUT summary: $last" ;; esac
    n=${last%% passed*}
    [ "$n" -ge 1000 ] || fail "only $n lsc_typed_status tests"
    echo "ok: $which DUT: $last ($nok executed store_uncompressed)"
done
