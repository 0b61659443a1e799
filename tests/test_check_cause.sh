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
#      shards gives the same table;
#   4. mutant 82 again (D356): a disabled lane's write that lands on an enabled
#      lane's planned bytes, or in flat memory, is still the disabled lane's:
#      no test of it is charged wrong_value or missing (main: the one_of
#      overlaps as "lsc.store_overlap_one_of:wrong_value", flat ones widened);
#   5. mutant 21 (no bound check on writes): one cause per instruction,
#      "<insn>:oob.write_dropped:dropped_written", whether the element
#      straddles the bound or not (D355; main: two, oob.partial_element too);
#   6. mutant 7 (SCATTER/SCATTER4_SCALED stop at the first out-of-bound lane):
#      one cause per instruction, "<insn>:<its address clause>:missing", also
#      where the dropped lanes overlap (D357, D358; main: a second cause
#      "<insn>:write.overlap_one_of:wrong_value");
#   7. mutant 73 (load_strided/store_strided scale the pitch: lanes land at
#      other addresses): one cause per instruction, the loads
#      "lsc_load_strided:lsc.load_strided:wrong_value" (bytes read elsewhere),
#      the stores "lsc_store_strided:lsc.store_strided:missing" (D401: a
#      planned value written elsewhere is missing at its place, wherever it
#      landed; main: also stray, widened and wrong_value);
#   8. mutant 55 (load_quad puts channel c in register block c, not in the
#      m-th enabled one): the one cause "lsc_load_quad:lsc.load_quad:missing"
#      (D401, D402: a block moved to another block, a converted slot's upper
#      bytes left as they were; D403: under a re-run that is not ok a byte left
#      at its initial value is no disabled lane's write; main: also
#      wrong_value and other_lane).
#   9. mutant 68 (a disabled lane of an LSC load gets zeros): no test of it is
#      charged lane_clobbered, its zeroed register bytes are other_lane on
#      every instruction (D405: a load's disabled-lane register bytes that
#      changed are that lane's write whatever their value; main: lane_clobbered
#      where the lane would load data, other_lane where it would load 0 out of
#      bounds, for the one bug).
#   Item 4 leaves out lsc_untyped_store-02 test a3e1d75f704521fc, worked by
#   hand: lsc_store.slm (M1, 8) a16, lanes 0..6 at 0xFFF8+8 (wrap to 0), the
#   disabled lane 7 at 0xFFE8+8 = 0xFFF0 in a 64-byte SLM: its access is out
#   of the SLM (undefined, D148) in every run with it enabled, so it has no
#   plan (D356, D404) and its bytes over lanes 0..6 are wrong_value.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
EX=$(dirname "$VO")/examples
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
for m in 81 82 21 7 73 55 68; do [ -f "$EX/libdut_mutant_$m.so" ] || { echo "test_check_cause: no mutant $m (skipped)"; exit 0; }; done
V="$SRC/vectors/lsc_untyped_store-01.json $SRC/vectors/lsc_untyped_store-02.json $SRC/vectors/lsc_untyped_store_quad.json $SRC/vectors/lsc_untyped_store_strided.json"
for m in 81 82; do
    "$VO" check $V --dut-lib "$EX/libdut_mutant_$m.so" --json >"$T/m$m.json" 2>/dev/null
    "$VO" check $V --dut-lib "$EX/libdut_mutant_$m.so" >"$T/m$m.txt" 2>/dev/null
    for i in 0 1; do "$VO" check $V --dut-lib "$EX/libdut_mutant_$m.so" --shard $i/2 --json >"$T/m$m.s$i" 2>/dev/null; done
    "$VO" merge "$T/m$m.s0" "$T/m$m.s1" >"$T/m$m.merged" 2>/dev/null
done
W=""
for f in dword_atomic oword_st qw_scatter scatter scatter4_scaled scatter_scaled; do W="$W $(ls "$SRC"/vectors/$f-0*.json)"; done
"$VO" check $W --dut-lib "$EX/libdut_mutant_21.so" --json >"$T/m21.json" 2>/dev/null
"$VO" check "$SRC"/vectors/scatter-0*.json "$SRC"/vectors/scatter4_scaled-0*.json --dut-lib "$EX/libdut_mutant_7.so" --json >"$T/m7.json" 2>/dev/null
"$VO" check "$SRC"/vectors/lsc_untyped_load_strided*.json "$SRC"/vectors/lsc_untyped_store_strided*.json --dut-lib "$EX/libdut_mutant_73.so" --json >"$T/m73.json" 2>/dev/null
"$VO" check "$SRC"/vectors/lsc_untyped_load_quad*.json --dut-lib "$EX/libdut_mutant_55.so" --json >"$T/m55.json" 2>/dev/null
"$VO" check "$SRC"/vectors/lsc_untyped_load*.json --dut-lib "$EX/libdut_mutant_68.so" --json >"$T/m68.json" 2>/dev/null
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
# 4. D356: mutant 82's enabled lanes are right; every wrong byte is a disabled lane's
r = [x for x in recs(82) if x['id'] != 'a3e1d75f704521fc']
rels = collections.Counter(x['cause'].rsplit(':', 1)[1] for x in r)
flat = [x for x in r if '.ugm' in x['asm'] and ' flat[' in x['asm']]
if rels['wrong_value'] or rels['missing']: bad.append('mutant 82: relations %s: a disabled lane over an enabled lane is other_lane' % dict(rels))
fl = collections.Counter(x['cause'].rsplit(':', 1)[1] for x in flat)
if not flat or set(fl) - {'other_lane', 'lane_clobbered'}: bad.append('mutant 82, flat memory: relations %s, want other_lane' % dict(fl))
print('mutant 82: relations %s; flat memory %s' % (dict(rels), dict(fl)))
# 5, 6. one cause per instruction
for m, want in ((73, lambda i, c: c in ('lsc_load_strided:lsc.load_strided:wrong_value', 'lsc_store_strided:lsc.store_strided:missing')),
                (55, lambda i, c: c == 'lsc_load_quad:lsc.load_quad:missing'),
                (21, lambda i, c: c == i + ':oob.write_dropped:dropped_written'),
                (7, lambda i, c: c.endswith(':missing') and 'overlap' not in c and c.split(':')[1] in ('scatter.addr_elt_units', 'fourch.addr'))):
    r = recs(m)
    by = collections.defaultdict(collections.Counter)
    for x in r: by[x['insn']][x['cause']] += 1
    if len(by) < (1 if m == 55 else 2): bad.append('mutant %d: %d instructions fail' % (m, len(by)))
    for i, cs in sorted(by.items()):
        if len(cs) != 1 or not want(i, next(iter(cs))): bad.append('mutant %d, %s: causes %s, want one' % (m, i, dict(cs)))
    print('mutant %d: %d tests, %d buckets -> causes %s' % (m, len(r), len({x['bucket'] for x in r}), {i: dict(c) for i, c in by.items()}))
# 9. D405
r = recs(68)
by = collections.defaultdict(collections.Counter)
for x in r: by[x['insn']][x['cause'].rsplit(':', 1)[1]] += 1
if len(by) < 3 or any(c['lane_clobbered'] or not c['other_lane'] for c in by.values()):
    bad.append('mutant 68: relations %s, want other_lane and no lane_clobbered' % {i: dict(c) for i, c in by.items()})
print('mutant 68: relations %s' % {i: dict(c) for i, c in by.items()})
for b in bad: print('FAIL:', b)
sys.exit(1 if bad else 0)
PY
[ $fail -eq 0 ] && echo "test_check_cause: ok"
exit $fail
