#!/usr/bin/env bash
# Table-driven core (docs/architecture.md): an opcode constant (VO_OP_*) may
# appear only where an instruction is described -- its descriptor
# (oracle/core/desc.c), its family's executor (oracle/core/fam_*.c) and
# generator description (oracle/tools/gen_*.c), the definitions in
# visa_oracle.h -- and in the allow-listed places that hand-encode bytes: the
# tests, the example DUTs, the benchmark. Anywhere else (decoder, validator,
# engine, formats, CLI, verdicts, the generator engine gen.c, fuzzers) a rule
# must come from a descriptor field instead. Fails naming file and line.
set -euo pipefail
SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$SRC"
allowed() {
    case $1 in
        oracle/include/visa_oracle.h|oracle/core/desc.c|oracle/core/fam_*.c|oracle/tools/gen_*.c) return 0 ;;
        tests/*|examples/*|bench/*) return 0 ;;
        *) return 1 ;;
    esac
}
fail=0; nfiles=0; nallowed=0
while IFS= read -r f; do
    nfiles=$((nfiles + 1))
    if allowed "$f"; then nallowed=$((nallowed + 1)); continue; fi
    grep -nE 'VO_OP_[A-Z0-9_]+' "$f" | sed "s|^|$f:|" >&2
    echo "FAIL: $f names an opcode constant: take the rule from the descriptor (docs/architecture.md)" >&2
    fail=1
done < <(find oracle fuzz bench tests examples -type f \( -name '*.c' -o -name '*.h' -o -name '*.cc' -o -name '*.cpp' \) \
             2>/dev/null | LC_ALL=C sort | xargs grep -lE 'VO_OP_[A-Z0-9_]+' || true)
[ "$nallowed" -gt 3 ] || { echo "FAIL: only $nallowed allowed files name opcodes: is the search working?" >&2; fail=1; }
[ $fail = 0 ] && echo "test_opcode_constants: $nfiles files name opcodes, all in the allow-list"
exit $fail
