#!/usr/bin/env bash
# Flat memory is named in reports (issue 30 point 10): `explain` lists the
# flat memory regions and shows a flat access as "flat", not as surface
# 4294967295; `check --json` reports a flat byte as "space":"memory" with the
# region's ordinal and the offset inside it, and its access without a
# surface ("flat":true). The case: one shipped LSC flat store (d8, one lane,
# V53 = 0x0000cf6c314b50de, regions 0xcf6c31463000 + 0x100000 and
# 0xcf6c31563000 + 0x1000); the reply changes the stored byte 0x40 to 0x41.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
ID=8d2adddb156b372a
python3 - "$SRC/vectors/lsc_untyped_store-01.json" "$T" "$ID" <<'PY' || { echo "FAIL: no test $ID in the shipped vectors" >&2; exit 1; }
import json, sys
d = json.load(open(sys.argv[1]))
t = [t for t in d['tests'] if t['id'] == sys.argv[3]][0]
d['tests'] = [t]
open(sys.argv[2] + '/flat.json', 'w').write(json.dumps(d))
r = {k: v for k, v in t['expect'].items() if k not in ('free', 'tags', 'digest', 'error')}
r['id'] = t['id']
run = r['memory'][0]['data'][0]
assert run[0] == 336080 and run[1][28:30] == '40'  # byte 336094 of region 0 is the stored one
run[1] = run[1][:28] + '41' + run[1][30:]
open(sys.argv[2] + '/res.jsonl', 'w').write(json.dumps(r) + '\n')
PY

"$VO" explain "$T/flat.json" >"$T/ex" 2>&1 || bad "explain exited $?"
grep -qx 'memory:   \[0\] base 0xcf6c31463000 size 0x100000, \[1\] base 0xcf6c31563000 size 0x1000 (flat regions in base order; a byte outside every one is out of bounds)' "$T/ex" ||
    bad "explain does not list the regions: $(grep '^memory' "$T/ex")"
grep -Eq '^  0 +0 +0 +write +flat +0xcf6c314b50de +1 +done ' "$T/ex" || bad "explain's access row: $(grep write "$T/ex")"
grep -q 4294967295 "$T/ex" && bad "explain prints surface 4294967295"

"$VO" check "$T/flat.json" --results "$T/res.jsonl" --json >"$T/js" 2>"$T/err"
[ $? -eq 1 ] || bad "check exited other than 1: $(cat "$T/err")"
# 0x0000cf6c314b50de - 0x0000cf6c31463000 = 0x520de = 336094; the address 0xcf6c314b50de = 228063590437086
grep -qF '"diffs":[{"space":"memory","index":0,"offset":336094,"kind":"wrong_value"' "$T/js" ||
    bad "check --json does not name the flat byte: $(head -1 "$T/js")"
grep -qF '"address":228063590437086,"flat":true,' "$T/js" || bad "check --json's flat access: $(head -1 "$T/js")"
grep -q '4294967295\|"space":"surface"' "$T/js" && bad "check --json reports a flat byte as a surface"
[ $fail -eq 0 ] && echo "test_flat_report: ok"
exit $fail
