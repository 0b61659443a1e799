#!/usr/bin/env bash
# shrink against a flaky DUT (issue 30 point 11; D240): the final case is run
# --confirm N times (default 5) and the summary says in how many it failed;
# fewer than all is a warning and goes into the written case's comment. The
# DUT here answers every third run correctly and refuses the case ("invalid")
# otherwise, so run number n (counting from 1 over the whole shrink: the
# first judgement, then each trial, then the confirmations) fails iff
# n % 3 != 0; with T trials the confirmations are runs T+2 .. T+1+N.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
cat >"$T/flaky.py" <<'PY'
import sys, json, importlib.util
spec = importlib.util.spec_from_file_location("dut", sys.argv[1])
dut = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dut)
n = 0
for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    n += 1
    obj = json.loads(line)
    inp = obj.get("input", obj)
    out = dut.handle(line) if n % 3 == 0 else dut.Machine(inp).dump("invalid", inp)
    if line.startswith('{"id":"') and line[23:24] == '"':
        out = dict(id=line[7:23], **out)
    sys.stdout.write(json.dumps(out, separators=(",", ":")) + "\n")
    sys.stdout.flush()
PY
python3 - "$SRC/vectors/scatter-01.json" "$T/case.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['tests'] = [t for t in d['tests'] if t['expect']['status'] == 'ok'][:1]
open(sys.argv[2], 'w').write(json.dumps(d))
PY
DUT="python3 $T/flaky.py $SRC/examples/dut_py/dut.py"
for N in 5 6 1; do
    "$VO" shrink "$T/case.json" --dut-cmd "$DUT" -o "$T/out$N.json" ${N:+--confirm $N} >"$T/o" 2>"$T/err"
    rc=$?
    trials=$(sed -n 's/.*(\([0-9]*\) trials; .*/\1/p' "$T/err")
    [ -n "$trials" ] || { bad "confirm $N: no summary: $(cat "$T/err")"; continue; }
    want=$(python3 -c "import sys; t, n = int(sys.argv[1]), int(sys.argv[2]); print(sum(1 for r in range(t + 2, t + 2 + n) if r % 3))" "$trials" "$N")
    if [ "$want" -eq 0 ]; then
        [ $rc -eq 1 ] || bad "confirm $N: no failure in the confirmations but exit $rc"
        continue
    fi
    [ $rc -eq 0 ] || bad "confirm $N: exit $rc: $(cat "$T/err")"
    grep -q "(${trials} trials; the final case failed in $want of $N runs); wrote " "$T/err" || bad "confirm $N: want $want of $N: $(cat "$T/err")"
    if [ "$want" -lt "$N" ]; then
        grep -q "^shrink: warning: the DUT is flaky on the shrunk case: it failed as .* in $want of $N runs$" "$T/err" || bad "confirm $N: no warning: $(cat "$T/err")"
        grep -q "(failed $want of $N runs)\"" "$T/out$N.json" || bad "confirm $N: the case's comment does not say it"
    else
        grep -q warning "$T/err" && bad "confirm $N: a warning though every run failed"
    fi
done
# a DUT that fails every time: no warning, N of N
"$VO" shrink "$T/case.json" --dut-cmd "python3 -c 'import sys,json
for l in sys.stdin: print(json.dumps({\"id\": l[7:23], \"status\": \"invalid\"}), flush=True)'" -o "$T/all.json" --confirm 3 >"$T/o" 2>"$T/err"
grep -q "the final case failed in 3 of 3 runs" "$T/err" || bad "a steady DUT: $(cat "$T/err")"
grep -q warning "$T/err" && bad "a steady DUT gets a warning"
[ $fail -eq 0 ] && echo "test_shrink_confirm: ok"
exit $fail
