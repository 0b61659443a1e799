#!/usr/bin/env bash
# Every error code the oracle can return (the schema's list, which
# test_vectors_schema ties to vo_errcode_name) is documented in docs/errors.md.
set -euo pipefail
SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}  # ctest passes: visa-oracle, source dir
codes=$(python3 -c '
import json,sys
s=json.load(open(sys.argv[1]))
def walk(o):
    if isinstance(o,dict):
        e=o.get("enum")
        if isinstance(e,list) and "E_TRUNCATED" in e: print("\n".join(e)); return True
        return any(walk(v) for v in o.values())
    if isinstance(o,list): return any(walk(v) for v in o)
    return False
walk(s)' "$SRC/docs/vectors.schema.json")
[ -n "$codes" ] || { echo "no error-code enum found in the schema" >&2; exit 1; }
fail=0; n=0
for c in $codes; do
    case $c in E_NONE|E_RESERVED_*) continue ;; esac
    n=$((n + 1))
    grep -q "| \`$c\` |" "$SRC/docs/errors.md" || { echo "docs/errors.md: $c is not documented" >&2; fail=1; }
done
[ $fail = 0 ] && echo "test_docs_errors: $n codes documented"
exit $fail
