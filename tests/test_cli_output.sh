#!/usr/bin/env bash
# -o targets (issue 17 point 5): "-" is stdout for every command; an existing
# target that is not a regular file (a FIFO, /dev/stdout) is written in place,
# never replaced by a regular file; a symlink keeps being a symlink and its
# file gets the output; a dangling symlink and a directory are refused
# (exit 1, nothing created). Uses a FIFO, links and files in a temporary
# directory only (never a real device node or /dev/stdout itself).
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }
expect() { if [ "$2" = 0 ]; then ok "$1"; else bad "$1"; fi; }
CASE=$SRC/examples/cases/scatter.json
cd "$TMP" || exit 1
"$VO" run "$CASE" >ref.json || { echo "run failed" >&2; exit 1; }

# "-" = stdout, for run as for json2case / case2json / shrink
"$VO" run "$CASE" -o - >dash.out
expect "run -o - writes stdout and creates no file named '-'" $(cmp -s dash.out ref.json && [ ! -e ./- ]; echo $?)
"$VO" json2case "$CASE" -o - >case.bin
"$VO" json2case "$CASE" -o case2.bin
expect "json2case -o - writes stdout" $(cmp -s case.bin case2.bin && [ ! -e ./- ]; echo $?)

# /dev/stdout is a symlink to /proc/self/fd/1; a copy of that link here stands
# for it (a broken binary run as root must not replace the real one)
ln -s /proc/self/fd/1 stdout.link
"$VO" run "$CASE" -o stdout.link | cat >pipe.out
expect "run -o /dev/stdout (its link) into a pipe: the output arrives, the link is still a link" \
    $(cmp -s pipe.out ref.json && [ -L stdout.link ]; echo $?)
: >app.out
"$VO" run "$CASE" -o stdout.link >>app.out
"$VO" run "$CASE" -o stdout.link >>app.out
expect "run -o /dev/stdout (its link) >> FILE twice: appended twice (the descriptor is used as it is)" \
    $([ "$(wc -c <app.out)" = $(( 2 * $(wc -c <ref.json) )) ]; echo $?)

# a FIFO: written in place
mkfifo fifo
timeout 10 cat fifo >fifo.out &
reader=$!
timeout 10 "$VO" run "$CASE" -o fifo
rc=$?
wait $reader
expect "run -o FIFO: exit 0, the reader gets the output, the FIFO stays a FIFO" \
    $([ $rc = 0 ] && cmp -s fifo.out ref.json && [ -p fifo ]; echo $?)

# a symlink to a regular file: the file is replaced, the link stays
echo old >real.json
ln -s real.json link.json
"$VO" run "$CASE" -o link.json
expect "run -o SYMLINK: the link stays a link, its file holds the output" \
    $([ -L link.json ] && [ "$(readlink link.json)" = real.json ] && cmp -s real.json ref.json; echo $?)
mkdir sub
ln -s ../real.json sub/up.json
echo old >real.json
"$VO" run "$CASE" -o sub/up.json
expect "run -o a relative symlink in another directory: resolved" \
    $([ -L sub/up.json ] && cmp -s real.json ref.json && [ -z "$(ls sub | grep -v '^up.json$')" ]; echo $?)

# refused: a dangling symlink, a directory
ln -s missing.json dangling.json
"$VO" run "$CASE" -o dangling.json 2>err.txt
rc=$?
expect "run -o DANGLING-SYMLINK: exit 1, one line, nothing created" \
    $([ $rc = 1 ] && [ ! -e missing.json ] && [ -L dangling.json ] && [ "$(wc -l <err.txt)" = 1 ]; echo $?)
"$VO" run "$CASE" -o sub 2>err.txt
rc=$?
expect "run -o DIRECTORY: exit 1, 'Is a directory', the directory untouched" \
    $([ $rc = 1 ] && grep -q 'Is a directory' err.txt && [ -d sub ] && [ -z "$(ls sub | grep -v '^up.json$')" ]; echo $?)

echo "test_cli_output: $fails failure(s)"
[ $fails = 0 ]
