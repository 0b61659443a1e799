#!/usr/bin/env bash
# Small holes of check (issue 30 point 12), each planted by hand:
#  1. a file cut short is refused at the byte where it ends, not "byte 0";
#     a missing element at the byte of the fault;
#  2. a region base written "0X..." is refused (docs/format.md: "0x");
#  3. a test given twice is said so on stderr (run and counted each time);
#  4. a reply that adds a memory region the input does not have fails as
#     bad_shape even when the region is all zero.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
BUILD=$(dirname "$VO")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
LIB=$BUILD/examples/libdut_example.so
if [ ! -f "$LIB" ]; then
    LIB=$T/libdut_example.so
    cc -shared -fPIC -O2 -I"$SRC/oracle/include" "$SRC/examples/dut_c/dut.c" -o "$LIB" || { echo "FAIL: cannot build the example DUT" >&2; exit 1; }
fi
ID=8d2adddb156b372a
python3 - "$SRC/vectors/gather-01.json" "$SRC/vectors/lsc_untyped_store-01.json" "$T" "$ID" <<'PY' || { echo "FAIL: setup" >&2; exit 1; }
import json, sys
g, f, out, tid = sys.argv[1:5]
d = json.load(open(g))
d['tests'] = d['tests'][:3]
base = json.dumps(d)
open(out + '/trunc.json', 'w').write(base[:5000])          # ends at byte 5000
k = base.index('"tests": [') + len('"tests": [')
open(out + '/hole.json', 'w').write(base[:k] + ',' + base[k:])  # "[," : the fault at byte k
open(out + '/hole.at', 'w').write('%d\n' % k)
open(out + '/g3.json', 'w').write(base)
d = json.load(open(f))
t = [t for t in d['tests'] if t['id'] == tid][0]
d['tests'] = [t]
open(out + '/flat.json', 'w').write(json.dumps(d))
open(out + '/bigx.json', 'w').write(json.dumps(d).replace('"0x0000cf6c31563000"', '"0X0000cf6c31563000"', 1))
r = {k: v for k, v in t['expect'].items() if k not in ('free', 'tags', 'digest', 'error')}
r['id'] = tid
open(out + '/same.jsonl', 'w').write(json.dumps(r) + '\n')
r['memory'].append({"base": "0x0000f00000000000", "size": 16})
open(out + '/extra.jsonl', 'w').write(json.dumps(r) + '\n')
PY

# 1
"$VO" check "$T/trunc.json" --dut-lib "$LIB" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || bad "truncated file: not exit 2"
grep -qF "'$T/trunc.json' byte 5000: malformed JSON (the text ends inside a value: truncated)" "$T/err" ||
    bad "truncated file: $(cat "$T/err")"
at=$(cat "$T/hole.at")
"$VO" check "$T/hole.json" --dut-lib "$LIB" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || bad "[, : not exit 2"
grep -qF "'$T/hole.json' byte $at: malformed JSON" "$T/err" || bad "[, : wants byte $at: $(cat "$T/err")"
# 2
"$VO" check "$T/bigx.json" --dut-lib "$LIB" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || bad "0X base: not exit 2"
grep -qF 'E_STATE at input.memory[1].base' "$T/err" || bad "0X base: $(cat "$T/err")"
"$VO" run "$T/bigx.json" >/dev/null 2>&1 && bad "run accepts a 0X base"
# 3
"$VO" check "$T/g3.json" "$T/g3.json" --dut-lib "$LIB" >"$T/out" 2>"$T/err"
[ $? -eq 0 ] || bad "a file given twice: exit $?"
tail -1 "$T/out" | grep -qx '6 passed, 0 failed' || bad "a file given twice: $(tail -1 "$T/out")"
grep -q '^visa-oracle: check: note: 3 test(s) given more than once (e.g. id [0-9a-f]\{16\}): each copy is run and counted$' "$T/err" ||
    bad "a file given twice is not said: $(cat "$T/err")"
"$VO" check "$T/g3.json" --dut-lib "$LIB" >"$T/out" 2>"$T/err"
grep -q 'more than once' "$T/err" && bad "a file given once is said twice"
# 4
"$VO" check "$T/flat.json" --results "$T/same.jsonl" >"$T/out" 2>"$T/err" || bad "the expected reply fails: $(head -3 "$T/out")"
"$VO" check "$T/flat.json" --results "$T/extra.jsonl" >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || bad "an added all-zero region passes"
grep -qF 'final state: memory region 2 is not in the input' "$T/out" || bad "added region: $(head -3 "$T/out")"
[ $fail -eq 0 ] && echo "test_check_small: ok"
exit $fail
