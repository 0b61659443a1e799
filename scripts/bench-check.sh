#!/usr/bin/env bash
# bench-check.sh: the speed and memory of `check --dut-lib` over the shipped
# vectors (issue 15): the CPU time of the whole run against cJSON parse+print
# of the same files (check --bench, best of RUNS), and the peak RSS
# (/usr/bin/time -v) against the largest single file + 16 MiB.
# A benchmark, not a test: it prints figures and never fails on them.
#   bash scripts/bench-check.sh [RUNS]      (default 5; needs build/ from setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
VO=build/visa-oracle
LIB=build/examples/libdut_example.so
[ -x "$VO" ] && [ -f "$LIB" ] || { echo "bench-check: build first (bash scripts/setup.sh)" >&2; exit 1; }
shopt -s nullglob
FILES=(vectors/*.json vectors/*.json.gz)
best_ratio="" best_line=""
for ((i = 0; i < RUNS; i++)); do
    out=$("$VO" check "${FILES[@]}" --dut-lib "$LIB" --bench 2>&1 >/dev/null | grep '^bench:')
    ratio=$(printf '%s\n' "$out" | sed -n 's/.*ratio \([0-9.]*\).*/\1/p')
    if [ -z "$best_ratio" ] || awk -v a="$ratio" -v b="$best_ratio" 'BEGIN{exit !(a<b)}'; then
        best_ratio=$ratio
        best_line=$out
    fi
done
printf '%s\n' "$best_line"
echo "check/cJSON ratio (best of $RUNS): $best_ratio (target <= 0.20)"
rss_kb=$(/usr/bin/time -v "$VO" check "${FILES[@]}" --dut-lib "$LIB" 2>&1 >/dev/null |
    sed -n 's/.*Maximum resident set size (kbytes): //p')
largest=$(stat -c %s "${FILES[@]}" | sort -n | tail -1)
limit_kb=$(( (largest + 16 * 1024 * 1024) / 1024 ))
echo "peak RSS: $rss_kb KiB; largest file $((largest / 1024)) KiB + 16 MiB = $limit_kb KiB"
