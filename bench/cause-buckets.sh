#!/usr/bin/env bash
# Buckets against causes per seeded bug (issue 30 point 1; D305, D355-D358):
# for each mutant (examples/dut_c/dut.c -DDUT_BUG=N, built as
# libdut_mutant_N.so), the number of failing tests, of distinct buckets and of
# distinct causes over them, and the instructions they span (one bug should be
# one cause per instruction: causes == instructions), then how many causes
# more than one of the mutants share (two bugs should not share a cause).
#   bench/cause-buckets.sh [VISA_ORACLE] [MUTANTS] [VECTORS...]
#   (default build/visa-oracle, the 18 mutants of docs/check.md "Causes" and
#   the two of D400 (52 a16 wrapped at 32 bits, 61 flat a32 >= 2^31
#   sign-extended), vectors/*.json; figures in docs/check.md and D401)
set -u
VO=${1:-build/visa-oracle}
MUTS=${2:-81 82 79 63 73 55 59 68 14 33 50 21 7 18 12 11 2 17 52 61}
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
[ $# -gt 0 ] || set -- vectors/*.json
EX=$(dirname "$VO")/examples
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
printf '%-7s %7s %8s %7s %13s\n' mutant failing buckets causes instructions
for m in $MUTS; do
    [ -f "$EX/libdut_mutant_$m.so" ] || { echo "cause-buckets: no $EX/libdut_mutant_$m.so (cmake --build build --target dut_mutant_$m)" >&2; continue; }
    "$VO" check "$@" --dut-lib "$EX/libdut_mutant_$m.so" --json 2>/dev/null >"$T/$m.json"
    python3 -c '
import json, sys
recs = [json.loads(l) for l in open(sys.argv[2]) if l.startswith("{\"id\"")]
f = [r for r in recs if not r.get("unsupported")]
print("%-7s %7d %8d %7s %13d" % (sys.argv[1], len(f), len({r["bucket"] for r in f}),
      len({r["cause"] for r in f}) if all("cause" in r for r in f) else "-", len({r["insn"] for r in f})))' "$m" "$T/$m.json"
done
python3 - "$T" <<'PY'
import collections, glob, json, os, sys
by = collections.defaultdict(set)
for p in glob.glob(os.path.join(sys.argv[1], '*.json')):
    m = os.path.basename(p)[:-5]
    for l in open(p):
        if l.startswith('{"id"'):
            r = json.loads(l)
            if not r.get('unsupported') and 'cause' in r: by[r['cause']].add(m)
print('causes %d, shared by more than one mutant %d' % (len(by), sum(1 for s in by.values() if len(s) > 1)))
for c, s in sorted(by.items()):
    if len(s) > 1 and os.environ.get('CAUSE_SHARED'): print('  %s: %s' % (c, ' '.join(sorted(s, key=int))))
PY
