#!/usr/bin/env bash
# A vector file rewritten while check runs (issue 30 point 5): the rewrite
# keeps the size and the inode (written in place) and comes after check
# opened the file for the run, so neither size nor time stamps tell; every
# input after the first 256 KiB gets another exec_mask (same length, still
# valid). check must not run the new inputs under the old ids: it stops at
# the first test whose input is not the one it validated, naming the file
# and the test, exit 2. The same run on an untouched copy passes.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
DUTPY=$SRC/examples/dut_py/dut.py
python3 - "$SRC/vectors/gather-01.json" "$T/v.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
tests = [t for t in d['tests'] if t['expect']['status'] == 'ok']
while len(json.dumps(tests)) < 600000:
    tests = tests + tests
d['tests'] = tests
open(sys.argv[2], 'w').write(json.dumps(d))
PY
cp "$T/v.json" "$T/orig.json"
# the DUT: on its first test it rewrites the file in place, then answers as the example DUT
cat >"$T/rewrite.py" <<'PY'
import sys, re
p = sys.argv[1]
b = open(p, 'rb').read()
head, tail = b[:262144], b[262144:]
tail = re.sub(rb'"exec_mask": "([0-9a-f]{8})"', lambda m: b'"exec_mask": "%08x"' % (int(m.group(1), 16) ^ 0x1), tail)
with open(p, 'r+b') as f:
    f.write(head + tail)
PY
printf '#!/bin/sh\npython3 "%s" "%s"\nexec python3 "%s"\n' "$T/rewrite.py" "$T/v.json" "$DUTPY" >"$T/dut.sh"
chmod +x "$T/dut.sh"
n=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['tests']))" "$T/v.json")
"$VO" check "$T/orig.json" --dut-cmd "python3 $DUTPY" -q >"$T/out" 2>"$T/err" || bad "untouched file: exit $? $(tail -2 "$T/out")"
"$VO" check "$T/v.json" --dut-cmd "$T/dut.sh" -q >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 2 ] || bad "rewritten file: exit $rc, want 2 ($(tail -1 "$T/out"))"
grep -q "^visa-oracle: check: '$T/v.json' changed while check was running (test [0-9]* id [0-9a-f]\{16\}: its input is not the one validated" "$T/err" ||
    bad "rewritten file: not refused by name: $(cat "$T/err")"
cmp -s "$T/v.json" "$T/orig.json" && bad "the DUT did not rewrite the file"
[ $fail -eq 0 ] && echo "test_check_rewrite: ok ($n tests)"
exit $fail
