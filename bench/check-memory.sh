#!/usr/bin/env bash
# bench/check-memory.sh: peak RSS and wall time of `check` on inputs that
# carry a large member no reader looks up (issue 30 point 3), per transport
# (--dut-lib, --dut-cmd, --results) and for .json.gz. A benchmark, not a
# test: it prints figures and never fails on them.
#   bash bench/check-memory.sh [VO_BINARY] [PAD_MB]   (default build/visa-oracle, 40)
# The pad is an unknown member "x_pad": [0,0,...] (2 text bytes per element),
# put in the test's input (vector file), in the DUT's reply (--dut-cmd) and
# in the result line (--results); and as long strings in 40 tests outside
# their inputs (-j 2, D247) and in other tests' lines of a results file (D246).
set -euo pipefail
cd "$(dirname "$0")/.."
VO=${1:-build/visa-oracle}
MB=${2:-40}
LIB=$(dirname "$VO")/examples/libdut_example.so
[ -x "$VO" ] && [ -f "$LIB" ] || { echo "check-memory: build first" >&2; exit 1; }
T=$(mktemp -d /tmp/vo-checkmem.XXXXXX)
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT; echo "tmp $T"
python3 - "$T" "$MB" <<'PY'
import json, sys, os
t, mb = sys.argv[1], int(sys.argv[2])
pad = "[" + ",".join(["0"] * (mb * 1024 * 1024 // 2)) + "]"
v = json.load(open("vectors/gather-01.json"))
test = v["tests"][0]
inp = json.dumps(test["input"], separators=(",", ":"))
open(t + "/plain.json", "w").write(json.dumps({"format": v["format"], "tests": [test]}))
padded = dict(test); padded["input"] = "@@INPUT@@"
txt = json.dumps({"format": v["format"], "tests": [padded]}).replace('"@@INPUT@@"', inp[:-1] + ',"x_pad":' + pad + "}")
open(t + "/padded.json", "w").write(txt)
open(t + "/pad.txt", "w").write(pad)
# D247: the same size in members outside the inputs of 40 tests (read by offset with -j N)
tests = v["tests"][:40]
each = "p" * (mb * 1024 * 1024 // len(tests))
out = [dict(x, x_pad=each) for x in tests]
open(t + "/padout.json", "w").write(json.dumps({"format": v["format"], "tests": out}))
PY
gzip -k -c "$T/padded.json" > "$T/padded.json.gz"
# the DUT command: the example library behind __dut-host, each reply padded
cat > "$T/padrelay.py" <<'PY'
import sys, subprocess
pad = open(sys.argv[1]).read()
p = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
for line in sys.stdin:
    p.stdin.write(line); p.stdin.flush()
    r = p.stdout.readline().rstrip("\n")
    if r.endswith("}"): r = r[:-1] + ',"x_pad":' + pad + "}"
    sys.stdout.write(r + "\n"); sys.stdout.flush()
PY
# the results file: the library's reply for the test, with its id and the pad
python3 - "$T" "$VO" "$LIB" <<'PY'
import json, sys, subprocess
t, vo, lib = sys.argv[1:4]
test = json.load(open(t + "/plain.json"))["tests"][0]
r = subprocess.run([vo, "__dut-host", lib], input=json.dumps(test["input"]) + "\n", capture_output=True, text=True).stdout.strip()
pad = open(t + "/pad.txt").read()
o = json.loads(r); o["id"] = test["id"]
open(t + "/results.jsonl", "w").write(json.dumps(o, separators=(",", ":"))[:-1] + ',"x_pad":' + pad + "}\n")
# D246: the test's line, then lines of other tests carrying the pad (read line by line)
with open(t + "/results_many.jsonl", "w") as f:
    f.write(json.dumps(o, separators=(",", ":")) + "\n")
    for k in range(0, len(pad), 4096):
        f.write('{"id":"%016x","status":"ok","x":"%s"}\n' % (0xf000000000000000 + k, "p" * 4096))
PY
run() { # label, args...
    local label=$1; shift
    local out
    out=$( { /usr/bin/time -f "%M %e" "$VO" check "$@" >/dev/null 2>"$T/err"; } 2>&1 || true)
    out=$(tail -1 "$T/err")
    local rc=0; "$VO" check "$@" >/dev/null 2>&1 || rc=$?
    printf '%-44s peak %7d KiB  %6s s  exit %d\n' "$label" "${out%% *}" "${out##* }" "$rc"
}
echo "input $(($(stat -c %s "$T/padded.json") / 1048576)) MiB padded vector file, pad $MB MiB; $VO"
run "dut-lib, plain file" "$T/plain.json" --dut-lib "$LIB"
run "dut-lib, padded input" "$T/padded.json" --dut-lib "$LIB"
run "dut-lib --isolate -j 2, padded" "$T/padded.json" --dut-lib "$LIB" --isolate -j 2
run "dut-lib, padded .json.gz" "$T/padded.json.gz" --dut-lib "$LIB"
run "dut-cmd, padded reply" "$T/plain.json" --dut-cmd "python3 $T/padrelay.py $T/pad.txt $VO __dut-host $LIB"
run "results, padded line" "$T/plain.json" --results "$T/results.jsonl"
run "results, other lines padded" "$T/plain.json" --results "$T/results_many.jsonl"
run "dut-lib --isolate -j 2, pad outside inputs" "$T/padout.json" --dut-lib "$LIB" --isolate -j 2
