#!/usr/bin/env bash
# Bugs (issue 30 point 1; D408): per seeded bug (examples/dut_c/dut.c
# -DDUT_BUG=N, built as libdut_mutant_N.so), the summary's "bugs" table: the
# instructions with failing tests, how many of them name the mutant's own
# misreading as the one most of their tests fit (and the tests those
# instructions hold), how many name another and how many none; then the
# (instruction, misreading) lines two mutants with different misreadings share.
#   bench/bugs-table.sh [VISA_ORACLE] [MUTANTS] [VECTORS...]
#   (default build/visa-oracle, the 20 mutants of bench/cause-buckets.sh and
#   the other lane mutants, vectors/*.json; figures in docs/check.md "Bugs")
set -u
# each mutant and its misreading (lanes or misread)
. "$(dirname "$0")/mutant-misreadings.sh"
WANT=$LANES_WANT,$MISREAD_WANT
VO=${1:-build/visa-oracle}
MUTS=${2:-81 82 79 63 73 55 59 68 14 33 50 21 7 18 12 11 2 17 52 61 3 4 9 10 28 34 44 53 60}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
[ $# -gt 0 ] || set -- vectors/*.json
EX=$(dirname "$VO")/examples
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for m in $MUTS; do
    [ -f "$EX/libdut_mutant_$m.so" ] || { echo "bugs-table: no $EX/libdut_mutant_$m.so (cmake --build build --target dut_mutant_$m)" >&2; continue; }
    "$VO" check "$@" --dut-lib "$EX/libdut_mutant_$m.so" --json 2>/dev/null | tail -n 1 >"$T/$m.json"
done
python3 - "$T" "$WANT" <<'PY'
import collections, glob, json, os, sys
want = dict(kv.split('=') for kv in sys.argv[2].split(','))
print('%-7s %7s %6s %19s %6s %7s %5s' % ('mutant', 'failing', 'insns', 'own (tests)', 'alone', 'other', 'none'))
lines = collections.defaultdict(set)
for p in sorted(glob.glob(os.path.join(sys.argv[1], '*.json')), key=lambda p: int(os.path.basename(p)[:-5])):
    m = os.path.basename(p)[:-5]
    bugs = json.load(open(p)).get('bugs', {})
    own = [k for k, v in bugs.items() if want.get(m) in v.get('names', [])]
    alone = [k for k in own if len(bugs[k]['names']) == 1]
    named = [k for k, v in bugs.items() if v.get('names')]
    fail = sum(v['failing'] for v in bugs.values())
    ownt = sum(bugs[k]['failing'] for k in own)
    print('%-7s %7d %6d %6d (%5.1f%% tests) %6d %7d %5d' % (m, fail, len(bugs), len(own), 100.0 * ownt / fail if fail else 0,
                                                          len(alone), len(named) - len(own), len(bugs) - len(named)))
    for k, v in bugs.items():
        if v.get('names'): lines[(k, tuple(v['names']))].add(m)
# a line two mutants with different misreadings share, unless it names both (their tests cannot tell them apart)
shared = {k: s for k, s in lines.items()
          if len({want.get(m, m) for m in s}) > 1 and not {want.get(m, m) for m in s} <= set(k[1])}
print('lines (instruction, misreadings) %d; shared by mutants with different misreadings %d' % (len(lines), len(shared)))
for (i, n), s in sorted(shared.items()):
    if os.environ.get('BUGS_SHARED'): print('  %s %s: %s' % (i, ' or '.join(n), ' '.join(sorted(s, key=int))))
PY
