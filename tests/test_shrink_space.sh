#!/usr/bin/env bash
# shrink reduces the address-space parts and the LSC data shape, and writes
# where a vector set cannot pick the result up (issue 32, point 2; D251).
# Seeded bug 61 fails LSC test f45804528d663525 ((P2.all) lsc_load d64x8 over
# two flat memory regions holding 80 non-zero bytes): the shrunk case must
# still fail with the same bucket, pass on the correct DUT, and be smaller in
# every part named below.
set -euo pipefail
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
B=$(dirname "$BIN")
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
bad() { echo "test_shrink_space: $*" >&2; exit 1; }
MUT=$B/examples/libdut_mutant_61.so; GOOD=$B/examples/libdut_example.so
[ -f "$MUT" ] || bad "no $MUT (build everything: scripts/test.sh)"
ID=f45804528d663525
f=$(grep -l "\"$ID\"" "$SRC"/vectors/lsc_untyped_load*.json | head -1)
[ -n "$f" ] || bad "test $ID is not in vectors/ any more: pick another test mutant 61 fails over two regions"
mkdir -p "$TMP/set" "$TMP/cwd"
cp "$f" "$TMP/set/v.json"
( cd "$TMP/cwd" && "$BIN" shrink "$TMP/set/v.json" --id $ID --dut-lib "$MUT" 2>"$TMP/err" ) || bad "shrink failed: $(cat "$TMP/err")"
[ "$(ls "$TMP/set")" = v.json ] || bad "shrink wrote beside the input: $(ls "$TMP/set")"
out=$TMP/cwd/shrunk/v.shrunk.json
[ -f "$out" ] || bad "no $out: $(cat "$TMP/err")"
bucket=$({ "$BIN" check "$f" --id $ID --dut-lib "$MUT" --json 2>/dev/null || true; } | python3 -c 'import json,sys
print([json.loads(l) for l in sys.stdin][0]["bucket"])')
got=$({ "$BIN" check "$out" --dut-lib "$MUT" --json 2>/dev/null || true; } | python3 -c 'import json,sys
r=[json.loads(l) for l in sys.stdin]; print(r[0].get("bucket","pass") if len(r) > 1 else "pass")')
[ "$got" = "$bucket" ] || bad "the shrunk case fails with '$got', the original with '$bucket'"
"$BIN" check "$out" --dut-lib "$GOOD" -q >/dev/null 2>&1 || bad "the correct DUT fails the shrunk case"
python3 - "$f" "$out" <<'PY' || exit 1
import json, sys
ID = "f45804528d663525"
o = [t for t in json.load(open(sys.argv[1]))["tests"] if t["id"] == ID][0]["input"]
s = json.load(open(sys.argv[2]))["tests"][0]["input"]
def nz(i): return sum(sum(1 for k in range(0, len(h), 2) if h[k:k+2] != "00") for r in i.get("memory", []) for _, h in r["data"])
bad = []
if len(s.get("memory", [])) >= len(o["memory"]): bad.append("memory regions %d -> %d" % (len(o["memory"]), len(s.get("memory", []))))
if nz(s) >= nz(o): bad.append("non-zero memory bytes %d -> %d" % (nz(o), nz(s)))
if "x8" in s["asm"] or "d64" in s["asm"]: bad.append("LSC shape not reduced: " + s["asm"])
for b in bad: print("test_shrink_space:", b, file=sys.stderr)
if bad: sys.exit(1)
print("test_shrink_space: %s -> %s; regions %d -> %d, memory bytes %d -> %d" % (o["asm"], s["asm"], len(o["memory"]), len(s.get("memory", [])), nz(o), nz(s)))
PY
