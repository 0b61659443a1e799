#!/bin/bash
# issue 25 "Done means": docs/kernel-coverage.md is scripts/kernel-table.py's table of the
# committed corpus; a change of scan's statuses or of the corpus must regenerate it.
VO=$1; SRC=$2
command -v python3 >/dev/null || { echo "SKIPPED: no python3"; exit 0; }
got=$(cd "$SRC" && python3 scripts/kernel-table.py "$VO" corpus/kernels) || { echo "FAIL: kernel-table.py"; exit 1; }
if [ "$got" != "$(cat "$SRC/docs/kernel-coverage.md")" ]; then
    diff <(echo "$got") "$SRC/docs/kernel-coverage.md" | head -20
    echo "FAIL: docs/kernel-coverage.md is stale: python3 scripts/kernel-table.py > docs/kernel-coverage.md"; exit 1
fi
# the table counts what scan counts: every device's memory-instruction total equals scan's own
for d in "$SRC"/corpus/kernels/*/; do
    ls "$d"*.visaasm >/dev/null 2>&1 || continue
    n=$("$VO" scan "$d"*.visaasm | tail -1 | sed -E 's/.* ([0-9]+) memory,.*/\1/')
    dev=$(basename "$d")
    grep -q "^| $dev | $n | " "$SRC/docs/kernel-coverage.md" || { echo "FAIL: $dev: scan counts $n memory instructions"; exit 1; }
done
echo "kernel table current"
