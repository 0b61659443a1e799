#!/usr/bin/env bash
# merge: a shard report proves which shard and which tests it ran (issue 30
# point 8; D244). Fails on a main without the proof:
#   1. an all-pass shard 0/2 report relabelled 1/2, merged with the real
#      shard 0: refused (main merged it to "12 passed", shard 1 never ran);
#   2. a key with a NUL ("passed\u0000", read as "passed" by a C reader): refused;
#   3. "ran" not the sum of the report's counts, or the shards' "ran" short: refused;
#   4. an "unsupported_reasons" count of 1e15 (main counted it one by one) or
#      fractional: refused at once;
#   5. "ran_digest" and "shards_digest" are as docs/check.md defines them,
#      recomputed here from the ids (python hashlib), and merge --json gives
#      the unsharded run's summary byte for byte.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
LIB=$(dirname "$VO")/examples/libdut_example.so
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
[ -f "$LIB" ] || { echo "test_merge_proof: no $LIB (skipped)"; exit 0; }
python3 - "$SRC/vectors/gather-01.json" "$T/v.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['tests'] = d['tests'][:12]
open(sys.argv[2], 'w').write(json.dumps(d))
PY
for i in 0 1; do "$VO" check "$T/v.json" --dut-lib "$LIB" --shard $i/2 --json >"$T/r$i.json" 2>/dev/null; done
"$VO" check "$T/v.json" --dut-lib "$LIB" --json >"$T/un.json" 2>/dev/null
"$VO" merge "$T/r0.json" "$T/r1.json" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] && grep -qx '12 passed, 0 failed' "$T/out" || bad "genuine all-pass shards: exit $rc: $(cat "$T/out" "$T/err")"
"$VO" merge --json "$T/r1.json" "$T/r0.json" >"$T/mj" 2>/dev/null
cmp -s "$T/mj" "$T/un.json" || bad "merge --json: not the unsharded summary: $(cat "$T/mj") vs $(cat "$T/un.json")"
# 5. the proof, from its definition
python3 - "$T/v.json" "$T"/r0.json "$T"/r1.json "$T/un.json" <<'PY' || fail=1
import hashlib, json, sys
ids = [t['id'] for t in json.load(open(sys.argv[1]))['tests']]
def term(i): return int.from_bytes(hashlib.sha256(i.encode()).digest()[:8], 'big')
def commit(sums):
    s = 'visa-oracle shards %d\n' % len(sums) + ''.join('%016x\n' % x for x in sums)
    return hashlib.sha256(s.encode()).hexdigest()
M = 1 << 64
sh = [sum(term(i) for i in ids if int(i, 16) % 2 == k) % M for k in (0, 1)]
for k, path in ((0, sys.argv[2]), (1, sys.argv[3])):
    s = json.loads(open(path).read().splitlines()[-1])
    want = dict(ran=sum(1 for i in ids if int(i, 16) % 2 == k), ran_digest='%016x' % sh[k], shards_digest=commit(sh))
    got = {x: s.get(x) for x in want}
    if got != want: print('FAIL: shard %d/2 proof %s, want %s' % (k, got, want)); sys.exit(1)
s = json.loads(open(sys.argv[4]).read().splitlines()[-1])
a = sum(sh) % M
if (s['ran'], s['ran_digest'], s['shards_digest']) != (12, '%016x' % a, commit([a])):
    print('FAIL: unsharded proof', s); sys.exit(1)
PY
forge() { # name source python-expression-on-lines
    python3 - "$T/$2.json" "$T/$1.json" "$3" <<'PY'
import sys, json
lines = open(sys.argv[1]).read().splitlines()
exec(sys.argv[3])
open(sys.argv[2], 'w').write('\n'.join(lines) + '\n')
PY
}
refused() { # what grep-pattern reports...
    local what=$1 pat=$2; shift 2
    timeout 20 "$VO" merge "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    [ $rc -eq 2 ] || bad "$what: exit $rc, want 2 ($(cat "$T/out" "$T/err"))"
    [ -s "$T/out" ] && bad "$what: a refused merge wrote: $(cat "$T/out")"
    grep -q -- "$pat" "$T/err" || bad "$what: $(cat "$T/err")"
}
# 1. relabelled: shard 0 (no failing record to betray it) as 1/2
forge relabel r0 'lines[-1] = lines[-1].replace("\"shard\":\"0/2\"", "\"shard\":\"1/2\"")'
refused "an all-pass shard 0/2 relabelled 1/2" "does not prove it ran its shard\|the shards hold" "$T/r0.json" "$T/relabel.json"
# ... and with its counts made up to shard 1's
n1=$(python3 -c "import json,sys; print(json.loads(open(sys.argv[1]).read().splitlines()[-1])['ran'])" "$T/r1.json")
forge relabel2 relabel "s = json.loads(lines[-1]); s['passed'] = $n1; s['ran'] = $n1; lines[-1] = json.dumps(s, separators=(',', ':'))"
refused "a relabelled report with shard 1's counts" "does not prove it ran its shard" "$T/r0.json" "$T/relabel2.json"
# 2. NUL in a key
forge nulkey r1 'lines[-1] = lines[-1].replace("\"passed\":", "\"passed\\u0000x\":0,\"passed\":", 1)'
grep -qF 'passed\u0000x' "$T/nulkey.json" || bad "forge nulkey: $(cat "$T/nulkey.json")"
forge nulkey2 r1 'lines[-1] = lines[-1].replace("\"passed\":", "\"passed\\u0000\":", 1)'
refused "a key with \\u0000 (read as \"passed\" before it)" "NUL" "$T/r0.json" "$T/nulkey2.json"
refused "a key with \\u0000 next to the real one" "NUL" "$T/r0.json" "$T/nulkey.json"
# 3. ran
forge ran r1 's = json.loads(lines[-1]); s["ran"] += 1; lines[-1] = json.dumps(s)'
refused "\"ran\" not the sum of its counts" "not the" "$T/r0.json" "$T/ran.json"
# 4. unsupported_reasons
forge ubig r1 's = json.loads(lines[-1]); s["unsupported_reasons"] = {"x": 1e15}; lines[-1] = json.dumps(s)'
refused "an unsupported_reasons count of 1e15" "unsupported_reasons" "$T/r0.json" "$T/ubig.json"
forge ufrac r1 's = json.loads(lines[-1]); s["unsupported_reasons"] = {"x": 0.5}; lines[-1] = json.dumps(s)'
refused "a fractional unsupported_reasons count" "unsupported_reasons" "$T/r0.json" "$T/ufrac.json"
# a report without the proof (an older visa-oracle) is not one merge can trust
forge old r1 's = json.loads(lines[-1]); del s["ran_digest"]; lines[-1] = json.dumps(s)'
refused "a report without \"ran_digest\"" "ran_digest" "$T/r0.json" "$T/old.json"
[ $fail -eq 0 ] && echo "test_merge_proof: ok"
exit $fail
