#!/usr/bin/env bash
# The man page (scripts/gen-man.sh: help2man + every command's --help; issue
# 32, point 9) names every command and option of the CLI and renders.
set -euo pipefail
BIN=$1; SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
bad() { echo "test_manpage: $*" >&2; exit 1; }
command -v help2man >/dev/null || bad "help2man is not installed (scripts/test.sh installs it)"
bash "$SRC/scripts/gen-man.sh" "$BIN" "$TMP/v.1" || bad "gen-man.sh failed"
grep -q '^\.TH VISA-ORACLE "1"' "$TMP/v.1" || bad "no .TH header"
txt=$(MANWIDTH=200 man -l "$TMP/v.1" 2>/dev/null || groff -man -Tutf8 "$TMP/v.1" 2>/dev/null) || bad "does not render"
cmds=$("$BIN" --help | sed -n '/^commands:/,/^$/s/^  \([a-z0-9]*\) .*/\1/p')
n=0
for c in $cmds; do
    grep -q "^   $c\$" <<<"$txt" || bad "no COMMANDS entry for $c"
    for o in $("$BIN" "$c" --help 2>&1 | grep -oE -- '--[a-z][a-z0-9-]+' | sort -u); do
        n=$((n + 1)); grep -q -- "$o" <<<"$txt" || bad "$c's option $o is not in the page"
    done
done
grep -q 'VISA_DUT_UNDEFINED\|visa_dut.h' <<<"$txt" || bad "no pointer to visa_dut.h"
echo "test_manpage: $(wc -w <<<"$cmds") commands, $n options in the page"
