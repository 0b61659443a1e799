#!/usr/bin/env bash
# gen-man.sh BIN OUT: the man page visa-oracle(1), help2man's view of
# `BIN --help` and `--version`, plus a COMMANDS section holding each
# command's own --help (the command list is read from `BIN --help`), so the
# page never lags the CLI. Built by CMake's `man` target when help2man is
# installed (scripts/test.sh installs it); tests/test_manpage.sh checks it.
set -euo pipefail
bin=$1; out=$2
command -v help2man >/dev/null || { echo "gen-man.sh: help2man not found (apt-get install help2man)" >&2; exit 2; }
inc=$(mktemp); trap 'rm -f "$inc"' EXIT
cmds=$("$bin" --help | sed -n '/^commands:/,/^$/s/^  \([a-z0-9]*\) .*/\1/p')
[ -n "$cmds" ] || { echo "gen-man.sh: no command list in $bin --help" >&2; exit 2; }
{
  echo "[COMMANDS]"
  for c in $cmds; do
    echo ".SS $c"
    echo ".nf"
    "$bin" "$c" --help 2>&1 | sed -e 's/\\/\\e/g' -e 's/^\([.'"'"']\)/\\\&\1/'
    echo ".fi"
  done
  echo "[SEE ALSO]"
  echo "The documentation installed with visa-oracle (README.md and docs/*.md: check.md, format.md,"
  echo "encoding.md, decisions.md, errors.md); the C ABI of a device under test: visa_dut.h."
} >"$inc"
help2man --no-info --no-discard-stderr --name="conformance oracle for Intel vISA memory instructions" \
  --include="$inc" --output="$out.tmp" "$bin"
mv "$out.tmp" "$out"
