#!/usr/bin/env bash
# The ledger of revoked and changed test ids (docs/vector-changes.json,
# scripts/vector-changes.py; issue 16 point 4):
#  1. its newest entry describes the shipped vectors/ (a regeneration that
#     moves a test without recording it fails here);
#  2. `diff` on two hand-made sets finds exactly the revoked, changed and
#     added ids (worked by hand below), also from .json.gz;
#  3. `record` appends that entry and `check` then accepts the new set.
#   test_vector_changes.sh <path-to-visa-oracle> <source-dir>
set -u
SRC=${2:?usage: test_vector_changes.sh path-to-visa-oracle source-dir}
S=$SRC/scripts/vector-changes.py
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }

python3 "$S" check --new "$SRC/vectors" || bad "docs/vector-changes.json does not describe vectors/"
python3 - "$SRC/docs/vector-changes.json" <<'PY' || bad "ledger shape"
import json, sys
led = json.load(open(sys.argv[1]))
assert led["format"] == "visa-vector-changes/1", "format"
seen = None
for e in led["entries"]:
    for k in ("set", "from_set", "tests", "reason", "added", "revoked", "changed"):
        assert k in e, f"entry lacks {k}"
    if seen is not None:
        assert e["from_set"] == seen, "entries do not chain (from_set != previous set)"
    seen = e["set"]
    for c in e["changed"]:
        assert set(c["what"]) <= {"status", "final state", "free", "tags"} and c["what"], c
PY

# two small sets, by hand: old = {a, b, c}, new = {a (same), b (free differs), d}
mk() { # file instruction id free-len tags
    local free='[]'
    [ "$4" = 1 ] && free='[{"space":"var","index":33,"offset":0,"len":4,"kind":"undefined","clause":"x"}]'
    printf '{"id":"%s","comment":"c %s","tags":%s,"input":{},"expect":{"status":"ok","error":null,"vars":[],"preds":[],"addrs":[],"surfaces":[],"free":%s,"tags":%s,"digest":"0"}}' \
        "$3" "$RANDOM" "$5" "$free" "$5"
}
mkdir -p "$T/old" "$T/new"
{ echo '{"format":"visa-vectors/1","instruction":"scatter","tests":['
  mk x scatter aaaaaaaaaaaaaaaa 0 '[]'; echo ','
  mk x scatter bbbbbbbbbbbbbbbb 0 '[]'; echo ','
  mk x scatter cccccccccccccccc 0 '["t1"]'
  echo ']}'; } >"$T/old/scatter.json"
{ echo '{"format":"visa-vectors/1","instruction":"scatter","tests":['
  mk x scatter aaaaaaaaaaaaaaaa 0 '[]'; echo ','
  mk x scatter bbbbbbbbbbbbbbbb 1 '[]'; echo ','
  mk x scatter dddddddddddddddd 0 '[]'
  echo ']}'; } >"$T/new/scatter.json"
out=$(python3 "$S" diff "$T/old" "$T/new")
want="3 -> 3 tests: 1 revoked, 1 changed, 1 added
  scatter: 1 revoked, 1 changed
revoked cccccccccccccccc scatter
changed bbbbbbbbbbbbbbbb scatter (free)"
[ "$out" = "$want" ] || bad "diff: got
$out
want
$want"
gzip -c "$T/new/scatter.json" >"$T/new.gz.json.gz" && mkdir -p "$T/newgz" && mv "$T/new.gz.json.gz" "$T/newgz/scatter.json.gz"
out2=$(python3 "$S" diff "$T/old" "$T/newgz")
[ "$out2" = "$want" ] || bad "diff from .json.gz: $out2"
out3=$(python3 "$S" diff "$T/old" "$T/old")
[ "$out3" = "3 -> 3 tests: 0 revoked, 0 changed, 0 added" ] || bad "diff of a set with itself: $out3"

# record + check on a scratch ledger
printf '{"format":"visa-vector-changes/1","entries":[]}\n' >"$T/led.json"
VO_VECTOR_LEDGER=$T/led.json python3 "$S" record --old "$T/old" --new "$T/old" --reason base >/dev/null || bad "record base"
VO_VECTOR_LEDGER=$T/led.json python3 "$S" check --new "$T/new" 2>/dev/null && bad "check accepts an unrecorded set"
VO_VECTOR_LEDGER=$T/led.json python3 "$S" record --old "$T/old" --new "$T/new" --reason "b freed" >/dev/null || bad "record"
VO_VECTOR_LEDGER=$T/led.json python3 "$S" check --new "$T/new" >/dev/null || bad "check after record"
python3 -c '
import json,sys
e=json.load(open(sys.argv[1]))["entries"][-1]
assert [r["id"] for r in e["revoked"]]==["cccccccccccccccc"], e
assert [(c["id"],c["what"]) for c in e["changed"]]==[("bbbbbbbbbbbbbbbb",["free"])], e
assert e["added"]==1 and e["reason"]=="b freed"
' "$T/led.json" || bad "recorded entry"

if [ "$fail" = 0 ]; then echo "test_vector_changes: passed"; else echo "test_vector_changes: FAILED"; exit 1; fi
