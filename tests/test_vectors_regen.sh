#!/usr/bin/env bash
# Regenerates the shipped vectors into a temporary directory with the command
# that produced them (`visa-oracle gen --insn all`, default seed and counts)
# and fails on any byte difference, missing or extra file in vectors/.
# Args: $1 = path to visa-oracle, $2 = source dir.
set -euo pipefail
VO=${1:?path to visa-oracle}
SRC=${2:?source dir}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$VO" gen --insn all --out "$tmp" --quiet
shopt -s nullglob
cd "$SRC/vectors"
shipped=(*.json)
cd "$tmp"
fresh=(*.json)
if [ ${#fresh[@]} -eq 0 ]; then
    echo "FAIL: gen wrote no files" >&2
    exit 1
fi
status=0
if [ "${shipped[*]}" != "${fresh[*]}" ]; then
    echo "FAIL: file lists differ" >&2
    echo "  shipped: ${shipped[*]}" >&2
    echo "  regen:   ${fresh[*]}" >&2
    status=1
fi
for f in "${fresh[@]}"; do
    if [ -f "$SRC/vectors/$f" ] && ! cmp -s "$tmp/$f" "$SRC/vectors/$f"; then
        echo "FAIL: vectors/$f differs from a fresh 'visa-oracle gen --insn all' (first differing line below)" >&2
        diff <(tr ',' '\n' < "$SRC/vectors/$f") <(tr ',' '\n' < "$tmp/$f") | head -4 >&2 || true
        status=1
    fi
done
if [ $status -ne 0 ]; then
    echo "vectors/ is stale: regenerate with 'visa-oracle gen --insn all --out vectors' and commit" >&2
    exit 1
fi
echo "ok: ${#fresh[@]} vector files regenerate byte-identically"
