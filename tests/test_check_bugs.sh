#!/usr/bin/env bash
# Bugs (issue 30 point 1; D408): the summary's "bugs" table, per instruction
# with failing tests: their count and the misreadings (lanes, D406, and
# misread, D407) the most of them fit, when that is more than half (all the
# tied ones, by name). Fails on a main without it:
#   1. recomputed here from the records alone (the instruction is the cause's
#      first field; a test fits each name of its lanes and misread lists), the
#      JSON summary's "bugs" and the text report's table agree with it, for
#      mutants 61 (flat a32 sign-extended) and 28 (the predicate inverted
#      before .any/.all, which ties with invert_ignored on mixed predicates);
#   2. merge of two shards gives the same table, in JSON and in text;
#   3. mutant 61 names a32_sign_extended on every instruction that names
#      anything, and those instructions hold at least 90% of its failing tests
#      (measured 98.5%); mutants 55 (quad channel order) and 21 (no write
#      bound), with no misreading of their own, name none.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
EX=$(dirname "$VO")/examples
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
for m in 61 28 55 21; do [ -f "$EX/libdut_mutant_$m.so" ] || { echo "test_check_bugs: no mutant $m (skipped)"; exit 0; }; done
V=$(ls "$SRC"/vectors/lsc_untyped_*.json)
V28="$SRC/vectors/gather_scaled-01.json $SRC/vectors/scatter4_scaled-01.json $SRC/vectors/dword_atomic-01.json"
"$VO" check $V --dut-lib "$EX/libdut_mutant_61.so" --json >"$T/m61.json" 2>/dev/null
"$VO" check $V --dut-lib "$EX/libdut_mutant_61.so" >"$T/m61.txt" 2>/dev/null
"$VO" check $V28 --dut-lib "$EX/libdut_mutant_28.so" --json >"$T/m28.json" 2>/dev/null
"$VO" check $V28 --dut-lib "$EX/libdut_mutant_28.so" >"$T/m28.txt" 2>/dev/null
"$VO" check $V --dut-lib "$EX/libdut_mutant_55.so" --json >"$T/m55.json" 2>/dev/null
"$VO" check $(ls "$SRC"/vectors/scatter-0*.json "$SRC"/vectors/oword_st-0*.json) --dut-lib "$EX/libdut_mutant_21.so" --json \
    >"$T/m21.json" 2>/dev/null
for i in 0 1; do "$VO" check $V --dut-lib "$EX/libdut_mutant_61.so" --shard $i/2 --json >"$T/m61.s$i" 2>/dev/null; done
"$VO" merge "$T/m61.s0" "$T/m61.s1" --json >"$T/m61.mj" 2>/dev/null
"$VO" merge "$T/m61.s0" "$T/m61.s1" >"$T/m61.mt" 2>/dev/null
python3 - "$T" <<'PY' || fail=1
import collections, json, re, sys
t = sys.argv[1]
bad = []

def load(name):
    recs, summ = [], None
    for l in open('%s/%s' % (t, name)):
        if l.startswith('{"id"'): recs.append(json.loads(l))
        elif l.startswith('{'): summ = json.loads(l)
    return [r for r in recs if not r['pass'] and not r.get('unsupported')], summ

def worked(recs):
    """{insn: (failing, fit, [names])} from the records"""
    fail, fits = collections.Counter(), collections.defaultdict(collections.Counter)
    for r in recs:
        i = r['cause'].split(':')[0]
        fail[i] += 1
        for f in ('lanes', 'misread'):
            for x in r.get(f, '').split(', '):
                if x: fits[i][x.split(':', 1)[1]] += 1
    out = {}
    for i, n in fail.items():
        best = max(fits[i].values(), default=0)
        out[i] = (n, best, sorted(k for k, v in fits[i].items() if v == best)) if 2 * best > n else (n, 0, [])
    return out

def from_json(b):
    return {i: (v['failing'], v.get('fit', 0), v.get('names', [])) for i, v in b.items()}

def from_text(path):
    txt = open(path).read()
    if 'bugs (per instruction' not in txt: return {}
    out = {}
    for l in txt.split('bugs (per instruction')[1].split('\n')[1:]:
        m = re.match(r'^\s+(\d+)\s+(\S+): (?:(\d+) fit (.*)|no misreading fits most of them)$', l)
        if not m: break
        names = re.findall(r'(?:^| or )(\w+)(?: \([^)]*\))?', m.group(4)) if m.group(3) else []
        out[m.group(2)] = (int(m.group(1)), int(m.group(3) or 0), names)
    return out

# 1., 2.
for m in ('61', '28'):
    recs, summ = load('m%s.json' % m)
    w = worked(recs)
    if not recs or from_json(summ.get('bugs', {})) != w:
        bad.append('mutant %s: summary bugs %r, worked %r' % (m, summ.get('bugs') if summ else None, w))
    if from_text('%s/m%s.txt' % (t, m)) != w:
        bad.append('mutant %s: text bugs %r, worked %r' % (m, from_text('%s/m%s.txt' % (t, m)), w))
    if m == '61':
        _, ms = load('m61.mj')
        if from_json(ms.get('bugs', {})) != w: bad.append('merged JSON bugs differ: %r' % ms.get('bugs'))
        if from_text('%s/m61.mt' % t) != w: bad.append('merged text bugs differ: %r' % from_text('%s/m61.mt' % t))
    if m == '28' and not any(v[2] == ['invert_before_combine', 'invert_ignored'] for v in w.values()):
        bad.append('mutant 28: no tie of invert_before_combine and invert_ignored: %r' % w)
# 3.
recs, summ = load('m61.json')
b = from_json(summ['bugs'])
named = {i: v for i, v in b.items() if v[2]}
if any('a32_sign_extended' not in v[2] for v in named.values()): bad.append('mutant 61 names another misreading: %r' % named)
if sum(v[0] for v in named.values()) < 0.9 * len(recs): bad.append('mutant 61: named lines hold %d of %d tests' % (sum(v[0] for v in named.values()), len(recs)))
for m in ('55', '21'):
    recs, summ = load('m%s.json' % m)
    if not recs or any(v.get('names') for v in summ.get('bugs', {}).values()) or not summ.get('bugs'):
        bad.append('mutant %s: bugs %r' % (m, summ.get('bugs')))
for x in bad[:20]: print('FAIL', x)
sys.exit(1 if bad else 0)
PY
[ $fail = 0 ] && echo "test_check_bugs: ok"
exit $fail
