#!/usr/bin/env bash
# merge refuses forged shard reports (issue 30 point 8, in part; D243): a
# count that is not a whole number, a record id that is not 16 lower-case hex
# digits, and a report relabelled to another shard (its records' ids belong,
# by id mod n, to the shard it ran: check --shard i/n runs the tests whose
# id mod n is i). The genuine reports merge. Every test fails here
# (--results with no line for any of them: no_result), so every report holds records.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
python3 - "$SRC/vectors/gather-01.json" "$T/v.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['tests'] = d['tests'][:12]
open(sys.argv[2], 'w').write(json.dumps(d))
PY
echo '{"id":"0000000000000000","status":"ok"}' >"$T/empty.jsonl"
for i in 0 1; do
    "$VO" check "$T/v.json" --results "$T/empty.jsonl" --shard $i/2 --json >"$T/r$i.json" 2>/dev/null
done
"$VO" merge "$T/r0.json" "$T/r1.json" >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || bad "genuine reports: exit $? ($(cat "$T/err"))"
grep -qx '0 passed, 12 failed' "$T/out" || bad "genuine reports: $(cat "$T/out")"
forge() { # name python-expression-on-lines
    python3 - "$T/r0.json" "$T/$1.json" "$2" <<'PY'
import sys, json
lines = open(sys.argv[1]).read().splitlines()
exec(sys.argv[3])
open(sys.argv[2], 'w').write('\n'.join(lines) + '\n')
PY
}
# the shard 0 report relabelled as shard 1, given with the real shard 0: shard 1 never ran
forge relabel 'lines[-1] = lines[-1].replace("\"shard\":\"0/2\"", "\"shard\":\"1/2\"")'
forge frac 's = json.loads(lines[-1]); s["failed"] = s["failed"] + 0.5; lines[-1] = json.dumps(s)'
forge nonhex 'r = json.loads(lines[0]); r["id"] = "zz" + r["id"][2:]; lines[0] = json.dumps(r)'
"$VO" merge "$T/relabel.json" "$T/r0.json" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || bad "relabelled shard: exit $?, want 2"
grep -q "is not in shard 1/2" "$T/err" || bad "relabelled shard: $(cat "$T/err")"
"$VO" merge "$T/frac.json" "$T/r1.json" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || bad "fractional count: exit $?, want 2"
"$VO" merge "$T/nonhex.json" "$T/r1.json" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || bad "non-hex id: exit $?, want 2"
grep -q "16 lower-case hex digits" "$T/err" || bad "non-hex id: $(cat "$T/err")"
[ -s "$T/out" ] && bad "a refused merge wrote: $(cat "$T/out")"
[ $fail -eq 0 ] && echo "test_merge_forged: ok"
exit $fail
