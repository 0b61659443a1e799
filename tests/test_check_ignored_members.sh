#!/usr/bin/env bash
# Memory bounded by what is read (issue 30 point 3): a member no reader looks
# up (unknown members are ignored, docs/format.md) is checked with the strict
# grammar but kept nowhere. A 16 MiB unknown member "x_pad":[0,0,...] in a
# test's input (plain and .json.gz) and in a --results line passes under a
# 200 MiB address-space limit (the tree of it took ~36 bytes per text byte,
# ~600 MiB); a syntax error inside the ignored member is still refused at its
# offset. Skipped under sanitizers (ulimit -v breaks their shadow memory).
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
LIB=$(dirname "$VO")/examples/libdut_example.so
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
python3 - "$SRC/vectors/gather-01.json" "$T" <<'PY'
import json, sys
v = json.load(open(sys.argv[1])); t = sys.argv[2]
test = v["tests"][0]
inp = json.dumps(test["input"], separators=(",", ":"))
pad = "[" + ",".join(["0"] * (8 * 1024 * 1024)) + "]"
def vec(input_text):
    o = dict(test); o["input"] = "@@"
    return json.dumps({"format": v["format"], "tests": [o]}).replace('"@@"', input_text)
open(t + "/plain.json", "w").write(vec(inp))
open(t + "/padded.json", "w").write(vec(inp[:-1] + ',"x_pad":' + pad + "}"))
# a syntax error deep in the ignored member: the second comma of ",," at
# input offset len(inp[:-1] + ',"x_pad":[0,0,0') (worked: the value after a
# comma is missing there, "unexpected character")
badinp = inp[:-1] + ',"x_pad":[0,0,0,,0]}'
open(t + "/badpad.json", "w").write(vec(badinp))
open(t + "/badoff", "w").write(str(badinp.index(",,") + 1))
open(t + "/pad.txt", "w").write(pad)
open(t + "/id", "w").write(test["id"])
open(t + "/input.json", "w").write(inp + "\n")
PY
gzip -c "$T/padded.json" > "$T/padded.json.gz"
if strings "$VO" | grep -q 'AddressSanitizer\|UndefinedBehaviorSanitizer'; then
    echo "skip: a sanitizer build (ulimit -v)"
    exit 0
fi
"$VO" __dut-host "$LIB" < "$T/input.json" > "$T/reply.json" || bad "__dut-host failed"
python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
o = json.loads(open(t + "/reply.json").read()); o["id"] = open(t + "/id").read()
open(t + "/results.jsonl", "w").write(json.dumps(o, separators=(",", ":"))[:-1] + ',"x_pad":' + open(t + "/pad.txt").read() + "}\n")
PY
lim() { bash -c 'ulimit -v 204800; exec "$@"' _ "$@"; }
for f in plain.json padded.json padded.json.gz; do
    out=$(lim "$VO" check "$T/$f" --dut-lib "$LIB" 2>&1); rc=$?
    [ $rc = 0 ] || bad "check $f --dut-lib under 200 MiB: exit $rc: $(echo "$out" | tail -2)"
    echo "$out" | grep -q '1 passed' || bad "check $f: no '1 passed': $out"
done
out=$(lim "$VO" check "$T/plain.json" --results "$T/results.jsonl" 2>&1); rc=$?
[ $rc = 0 ] || bad "check --results with a 16 MiB ignored member under 200 MiB: exit $rc: $(echo "$out" | tail -2)"
out=$("$VO" check "$T/badpad.json" --dut-lib "$LIB" 2>&1); rc=$?
[ $rc = 2 ] || bad "a syntax error in an ignored member: exit $rc, want 2"
echo "$out" | grep -q "E_JSON.*(offset $(cat "$T/badoff")): unexpected character" ||
    bad "a syntax error in an ignored member: $out (want E_JSON at offset $(cat "$T/badoff"))"
[ $fail = 0 ] && echo "ok"
exit $fail
