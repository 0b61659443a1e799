#!/usr/bin/env bash
# One bug, one cause (issue 30 point 1; D305): each failing test's --json
# record carries "cause", "<insn>:<clause>:<relation>", the relation of its
# wrong bytes to the oracle's access plan (widened, other_lane,
# dropped_written, stray, missing, wrong_value), with the clause of the access
# they belong to; the text report and merge count tests per cause. Fails on a
# main without causes:
#   1. mutant 81 (a d8u32 store writes its whole 4-byte slot) spreads over
#      stray_write, extra_write and chen.* buckets; every such test has the one
#      cause "<insn>:<its store clause>:widened" per instruction;
#   2. mutant 82 (stores ignore the execution mask and predicate) spreads over
#      one bucket per channel-enable rule (chen.em, chen.pred, ...); every test
#      whose wrong bytes lie at a disabled lane's address (not chen.no_lanes:
#      with no lane enabled there is no lane plan) has the one cause
#      "<insn>:<store clause>:other_lane" per instruction;
#   3. the text report's causes table counts the records' causes; merge of two
#      shards gives the same table.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
EX=$(dirname "$VO")/examples
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
for m in 81 82; do [ -f "$EX/libdut_mutant_$m.so" ] || { echo "test_check_cause: no mutant $m (skipped)"; exit 0; }; done
V="$SRC/vectors/lsc_untyped_store-01.json $SRC/vectors/lsc_untyped_store-02.json $SRC/vectors/lsc_untyped_store_quad.json $SRC/vectors/lsc_untyped_store_strided.json"
for m in 81 82; do
    "$VO" check $V --dut-lib "$EX/libdut_mutant_$m.so" --json >"$T/m$m.json" 2>/dev/null
    "$VO" check $V --dut-lib "$EX/libdut_mutant_$m.so" >"$T/m$m.txt" 2>/dev/null
    for i in 0 1; do "$VO" check $V --dut-lib "$EX/libdut_mutant_$m.so" --shard $i/2 --json >"$T/m$m.s$i" 2>/dev/null; done
    "$VO" merge "$T/m$m.s0" "$T/m$m.s1" >"$T/m$m.merged" 2>/dev/null
done
python3 - "$T" <<'PY' || fail=1
import collections, json, sys
t = sys.argv[1]
bad = []
def recs(m):
    return [json.loads(l) for l in open('%s/m%d.json' % (t, m)) if l.startswith('{"id"') and '"unsupported":true' not in l]
def table(path):
    lines = open(path).read().split('\n')
    if 'causes (tests per cause: the wrong bytes against the access plan):' not in lines: return None
    k = lines.index('causes (tests per cause: the wrong bytes against the access plan):') + 1
    out = {}
    while k < len(lines) and lines[k].startswith('  '):
        n, c = lines[k].split(None, 1); out[c] = int(n); k += 1
    return out
for m, kinds, rel in ((81, ('stray_write', 'extra_write'), 'widened'), (82, ('extra_write',), 'other_lane')):
    r = recs(m)
    if not r or any('cause' not in x for x in r):
        bad.append('mutant %d: %d records, some without "cause"' % (m, len(r))); continue
    # (chen.no_lanes: no lane is enabled, the oracle plans no lane: its bytes stay strays; D305)
    sel = [x for x in r if x['kind'] in kinds and (m == 81 or (x['clause'].startswith('chen.') and x['clause'] != 'chen.no_lanes'))]
    buckets = {x['bucket'] for x in sel}
    by = collections.defaultdict(set)
    for x in sel: by[x['insn']].add(x['cause'])
    if len(buckets) <= len(by): bad.append('mutant %d: only %d buckets: nothing to merge' % (m, len(buckets)))
    for insn, cs in by.items():
        want = [c for c in cs if c.startswith(insn + ':lsc.store') and c.endswith(':' + rel)]
        if len(cs) != 1 or len(want) != 1:
            bad.append('mutant %d, %s: causes %s, want one "%s:lsc.store...:%s"' % (m, insn, sorted(cs), insn, rel))
    cnt = collections.Counter(x['cause'] for x in r)
    if table('%s/m%d.txt' % (t, m)) != dict(cnt): bad.append('mutant %d: causes table %s, records %s' % (m, table('%s/m%d.txt' % (t, m)), dict(cnt)))
    if table('%s/m%d.merged' % (t, m)) != dict(cnt): bad.append('mutant %d: merged causes table %s' % (m, table('%s/m%d.merged' % (t, m))))
    print('mutant %d: %d buckets -> %d causes over %d instructions (tests of kinds %s)' % (m, len(buckets), sum(len(c) for c in by.values()), len(by), '/'.join(kinds)))
for b in bad: print('FAIL:', b)
sys.exit(1 if bad else 0)
PY
[ $fail -eq 0 ] && echo "test_check_cause: ok"
exit $fail
