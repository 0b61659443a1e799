#!/usr/bin/env bash
# A test is charged only with what happened while it was in flight (issue 30
# point 6; D242): a DUT process that answers one test and then exits is
# restarted before the next test is sent (or when the next line is found
# unread in its pipe), so every test passes and the report is the same at
# -j 1 and -j 2; a DUT that reads a test and dies without answering is still
# charged with a crash for every test.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
cat >"$T/one.py" <<'PY'
import sys, json, importlib.util
spec = importlib.util.spec_from_file_location("dut", sys.argv[1])
dut = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dut)
line = sys.stdin.readline().strip()
if len(sys.argv) > 2:
    sys.exit(3)  # dies with the test in flight
out = dut.handle(line)
if line.startswith('{"id":"') and line[23:24] == '"':
    out = dict(id=line[7:23], **out)
sys.stdout.write(json.dumps(out, separators=(",", ":")) + "\n")
sys.stdout.flush()
PY
python3 - "$SRC/vectors/gather-01.json" "$T/v.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['tests'] = d['tests'][:6]
open(sys.argv[2], 'w').write(json.dumps(d))
PY
DUT="python3 $T/one.py $SRC/examples/dut_py/dut.py"
for j in 1 2; do
    "$VO" check "$T/v.json" --dut-cmd "$DUT" -j $j --max-consecutive-failures 0 >"$T/out$j" 2>"$T/err$j"
    rc=$?
    [ $rc -eq 0 ] || bad "-j $j: a DUT that exits after each answer: exit $rc: $(grep -m2 '^FAIL' "$T/out$j")"
    tail -1 "$T/out$j" | grep -qx '6 passed, 0 failed' || bad "-j $j: $(tail -1 "$T/out$j")"
done
cmp -s "$T/out1" "$T/out2" || bad "-j 1 and -j 2 reports differ"
"$VO" check "$T/v.json" --dut-cmd "$DUT die" --max-consecutive-failures 0 >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || bad "a DUT that dies with each test in flight: not exit 1"
[ "$(grep -c '^FAIL [0-9a-f]* .*crash' "$T/out")" -eq 6 ] || bad "in-flight deaths: want 6 crashes: $(grep -c '^FAIL' "$T/out") FAIL lines: $(head -3 "$T/out")"
[ $fail -eq 0 ] && echo "test_check_blame: ok"
exit $fail
