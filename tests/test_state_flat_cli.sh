#!/usr/bin/env bash
# The address-space parts of a state through the CLI (docs/format.md,
# docs/state.md, docs/errors.md): each bad input is exit 2 with its stable
# code and field; a good one runs and prints its memory canonically; `cov`
# reads a visa-vectors/2 file.
set -euo pipefail
VO=${1:?path to visa-oracle}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
P='"platform":{"name":"TGLLP","grf_bytes":32,"visa_version":"3.6"},"exec_mask":"00000000"'
# OWORD_LD, 1 oword from T6 offset 0 into V33 (vISA 3.6): opcode 35, size 0, is_modified 0, surface 06,
# offset = immediate (class 05, type ud 00, value 00000000), dst raw = id 33 (4 bytes) + offset 0 (2 bytes)
INSN='"insn":"35000006050000000000210000000000"'
S='"vars":[{"id":33,"type":"ub","num_elts":16,"data":"00000000000000000000000000000000"}],"surfaces":[{"index":6,"size":64}]'
bad() { # name json code field
    printf '%s' "$2" > "$T/$1.json"
    set +e
    "$VO" run "$T/$1.json" > "$T/$1.out" 2> "$T/$1.err"
    rc=$?
    set -e
    if [ $rc != 2 ]; then echo "FAIL $1: exit $rc, wanted 2" >&2; fail=1; fi
    if ! grep -q "$3 at $4 " "$T/$1.err"; then echo "FAIL $1: wanted '$3 at $4', got: $(cat "$T/$1.err")" >&2; fail=1; fi
    if [ -s "$T/$1.out" ]; then echo "FAIL $1: printed output" >&2; fail=1; fi
}
bad overlap "{$P,$INSN,$S,\"memory\":[{\"base\":\"0x1000\",\"size\":4096},{\"base\":\"0x1fff\",\"size\":2}]}" \
    E_REGION_OVERLAP 'input.memory\[1\].base'
bad range "{$P,$INSN,$S,\"memory\":[{\"base\":\"0xfffffffffffffffe\",\"size\":3}]}" \
    E_REGION_RANGE 'input.memory\[0\].size'
bad btmissing "{$P,$INSN,$S,\"binding_table\":[{\"bti\":0,\"surface\":7}]}" \
    E_TABLE_SURFACE 'input.binding_table\[0\].surface'
bad ssmissing "{$P,$INSN,$S,\"surface_state\":[{\"offset\":128,\"surface\":0}]}" \
    E_TABLE_SURFACE 'input.surface_state\[0\].surface'

# a good case: the instruction reads T6, flat memory and tables are echoed canonically
good="{$P,$INSN,$S,\"memory\":[{\"base\":\"0x100000000\",\"size\":20,\"data\":[[17,\"0a0b\"]]}],\"binding_table\":[{\"bti\":5,\"surface\":6}]}"
printf '%s' "$good" > "$T/good.json"
"$VO" run "$T/good.json" > "$T/good.out"
want='"memory":[{"base":"0x0000000100000000","size":20,"data":[[16,"000a0b00"]]}],"binding_table":[{"bti":5,"surface":6}],"free"'
grep -qF "$want" "$T/good.out" || { echo "FAIL good: wanted $want in: $(cat "$T/good.out")" >&2; fail=1; }
grep -q '"status":"ok"' "$T/good.out" || { echo "FAIL good: not ok" >&2; fail=1; }

# cov reads a visa-vectors/2 file
printf '{"format":"visa-vectors/2","instruction":"oword_ld","tests":[{"input":%s}]}' "$good" > "$T/v2.json"
set +e; "$VO" cov "$T/v2.json" > "$T/cov.out" 2>&1; rc=$?; set -e # 1: clauses missing, fine here
{ [ $rc != 2 ] && grep -q "over 1 tests in 1 file" "$T/cov.out"; } || { echo "FAIL cov: /2 file refused (exit $rc)" >&2; fail=1; }
printf '{"format":"visa-vectors/3","instruction":"oword_ld","tests":[]}' > "$T/v3.json"
set +e; "$VO" cov "$T/v3.json" > /dev/null 2>&1; rc=$?; set -e
[ $rc = 2 ] || { echo "FAIL cov: /3 file: exit $rc" >&2; fail=1; }
[ $fail = 0 ] && echo "test_state_flat_cli: ok"
exit $fail
