#!/usr/bin/env bash
# check reads a vector file's inputs without building a tree (issue 15 point
# 8): each input in the canonical shape goes through the fast reader, in the
# first pass while the file is scanned and again when it is run; only a text
# in another shape reaches the strict tree reader (check --bench counts the
# documents it read). The results are the same either way, and a malformed
# input is still refused before any DUT call with the strict reader's message.
# Speed itself is measured by scripts/bench-check.sh, not here.
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
VEC=$SRC/vectors/scatter-01.json
[ -f "$VEC" ] || "$VO" gen --insn scatter --count 200 --out "$T/gen" --quiet
[ -f "$VEC" ] || VEC=$(ls "$T"/gen/scatter*.json | head -1)

# 1. the shipped canonical text: no tree at all
"$VO" check "$VEC" --dut-lib "$LIB" --bench >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] || bad "check of $VEC exited $rc"
n=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['tests']))" "$VEC")
grep -q "^bench: reader: $n test inputs, 0 document(s) read by the strict tree reader$" "$T/err" ||
    bad "a canonical vector file went through the tree reader: $(grep '^bench: reader' "$T/err")"
tail -1 "$T/out" | grep -q "^$n passed, 0 failed$" || bad "canonical file: $(tail -1 "$T/out")"

# 2. the same tests with every input's members in reverse order and spaces
#    added: valid, not canonical -> the strict reader (twice per test: the
#    first pass and the run), the same verdicts
python3 - "$VEC" "$T/rev.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for t in d["tests"]:
    t["input"] = dict(reversed(list(t["input"].items())))
open(sys.argv[2], "w").write(json.dumps(d, indent=1))
PY
"$VO" check "$T/rev.json" --dut-lib "$LIB" --bench >"$T/out2" 2>"$T/err2"
rc=$?
[ $rc -eq 0 ] || bad "check of the reordered file exited $rc"
grep -q "^bench: reader: $n test inputs, $((2 * n)) document(s) read by the strict tree reader$" "$T/err2" ||
    bad "reordered inputs: $(grep '^bench: reader' "$T/err2") (want $((2 * n)) trees)"
tail -1 "$T/out2" | grep -q "^$n passed, 0 failed$" || bad "reordered file: $(tail -1 "$T/out2")"

# 3. a malformed last test (a leading zero the fast reader gives up on): the
#    strict reader's message naming the field, exit 2, nothing on stdout
python3 - "$VEC" "$T/bad.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
txt = json.dumps(d, separators=(",", ":"))
i = txt.rindex('"grf_bytes":')
j = txt.index(",", i)
txt = txt[:i] + '"grf_bytes":0' + txt[i + len('"grf_bytes":'):j] + txt[j:]
open(sys.argv[2], "w").write(txt)
PY
"$VO" check "$T/bad.json" --dut-lib "$LIB" >"$T/out3" 2>"$T/err3"
rc=$?
[ $rc -eq 2 ] || bad "malformed last test: exit $rc, want 2"
[ -s "$T/out3" ] && bad "malformed last test: something on stdout"
grep -q "test $n id [0-9a-f]*: E_STATE at input.platform.grf_bytes (offset -1): integer with a leading zero" "$T/err3" ||
    bad "malformed last test: $(cat "$T/err3")"

[ $fail -eq 0 ] && echo "ok: canonical inputs are read without a tree; other shapes by the strict reader, same results"
exit $fail
