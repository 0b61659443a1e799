#!/usr/bin/env bash
# Buckets against causes per seeded bug (issue 30 point 1; D305): for each
# mutant (examples/dut_c/dut.c -DDUT_BUG=N, built as libdut_mutant_N.so), the
# number of distinct buckets and of distinct causes over the failing tests,
# and the instructions they span (one bug should be one cause per instruction).
#   bench/cause-buckets.sh [VISA_ORACLE] [MUTANTS] [VECTORS...]
#   (default build/visa-oracle, "59 81", vectors/lsc_untyped_*.json)
set -u
VO=${1:-build/visa-oracle}
MUTS=${2:-59 81}
shift 2 2>/dev/null
[ $# -gt 0 ] || set -- vectors/lsc_untyped_*.json
EX=$(dirname "$VO")/examples
printf '%-7s %7s %8s %7s %13s\n' mutant failing buckets causes instructions
for m in $MUTS; do
    "$VO" check "$@" --dut-lib "$EX/libdut_mutant_$m.so" --json 2>/dev/null | python3 -c '
import json, sys
recs = [json.loads(l) for l in sys.stdin if l.startswith("{\"id\"")]
f = [r for r in recs if not r.get("unsupported")]
print("%-7s %7d %8d %7s %13d" % (sys.argv[1], len(f), len({r["bucket"] for r in f}),
      len({r["cause"] for r in f}) if all("cause" in r for r in f) else "-", len({r["insn"] for r in f})))' "$m"
done
