#!/usr/bin/env bash
# completion/visa-oracle.bash (issue 32, point 9) loads under bash-completion
# and completes commands and each command's options from the CLI's --help.
set -euo pipefail
BIN=$1; SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
bc=/usr/share/bash-completion/bash_completion
[ -f "$bc" ] || { echo "test_completion: bash-completion is not installed (scripts/test.sh installs it)" >&2; exit 1; }
out=$(bash --norc -c '
. '"$bc"' >/dev/null 2>&1
. "$2/completion/visa-oracle.bash"
complete -p visa-oracle >/dev/null || { echo "not registered"; exit 1; }
c() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _visa_oracle; echo "${COMPREPLY[*]}"; }
echo "A:$(c "$1" ch)"
echo "B:$(c "$1" check --dut-)"
echo "C:$(c "$1" shrink --ma)"
echo "D:$(c "$1" check --status u)"
echo "E:$(c "$1" "")"
' _ "$BIN" "$SRC")
bad() { echo "test_completion: $*" >&2; echo "$out" >&2; exit 1; }
grep -qx 'A:check' <<<"$out" || bad "'ch' should complete to check"
grep -q '^B:.*--dut-lib' <<<"$out" && grep -q '^B:.*--dut-cmd' <<<"$out" && grep -q '^B:.*--dut-selftest' <<<"$out" || bad "check --dut- should offer --dut-lib --dut-cmd --dut-selftest"
grep -q '^C:--max-' <<<"$out" || bad "shrink --ma should offer shrink's --max-* options"
grep -qx 'D:undefined' <<<"$out" || bad "--status u should complete to undefined"
for c in run disasm asm check explain shrink gen merge cov reach; do grep -q "^E:.*\\b$c\\b" <<<"$out" || bad "command $c not offered"; done
echo "test_completion: commands and options complete"
