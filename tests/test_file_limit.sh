#!/usr/bin/env bash
# Files under a size limit (issue 30 point 9; D239): under `ulimit -f`,
# `run -o` and `gen` meet EFBIG as a write error -- one line on stderr, exit 1
# ("cannot write output"), no temporary left -- instead of dying of SIGXFSZ
# (exit 153) with OUT.tmp.<pid> left behind; and a later write of the same
# output removes the temporaries of processes that no longer run (and keeps a
# live process's, and names that are not OUT.tmp.<digits>).
# Every file the limited shells write is kept under the limit (their own
# stderr and status files are a few bytes).
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
python3 - "$SRC/vectors/gather-01.json" "$T/in.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = max(d['tests'], key=lambda t: len(json.dumps(t['input'])))
open(sys.argv[2], 'w').write(json.dumps(t['input']))
PY
n=$("$VO" run "$T/in.json" | wc -c)
[ "$n" -gt 2048 ] || bad "the case's output is only $n bytes (needs more than the 1 KiB limit)"
mkdir "$T/o"
bash -c "ulimit -f 1; \"\$0\" run \"\$1\" -o \"\$2/o/out.json\" 2>\"\$2/err\"; echo \$? >\"\$2/rc\"" "$VO" "$T/in.json" "$T" >/dev/null 2>&1
[ "$(cat "$T/rc")" = 1 ] || bad "run -o past ulimit -f: exit $(cat "$T/rc"), want 1"
grep -qx "visa-oracle: run: cannot write '$T/o/out.json': File too large" "$T/err" || bad "run -o: message $(cat "$T/err")"
[ -z "$(ls "$T/o")" ] || bad "run -o left: $(ls "$T/o")"

mkdir "$T/g"
bash -c "ulimit -f 4; \"\$0\" gen --insn gather --count 40 --out \"\$1/g\" --quiet 2>\"\$1/err\"; echo \$? >\"\$1/rc\"" "$VO" "$T" >/dev/null 2>&1
[ "$(cat "$T/rc")" = 1 ] || bad "gen past ulimit -f: exit $(cat "$T/rc"), want 1"
grep -q "^visa-oracle: gen: cannot write .*: File too large" "$T/err" || bad "gen: message $(cat "$T/err")"
[ -z "$(ls "$T/g")" ] || bad "gen left: $(ls "$T/g")"

# stale temporaries: a finished process's is removed, a live one's and a foreign name stay
sh -c 'exit 0' &
dead=$!
wait
echo x >"$T/o/out.json.tmp.$dead"
echo x >"$T/o/out.json.tmp.$$"
echo x >"$T/o/out.json.tmp.x1"
"$VO" run "$T/in.json" -o "$T/o/out.json" || bad "run -o without a limit: exit $?"
[ -e "$T/o/out.json.tmp.$dead" ] && bad "a dead process's temporary stays"
[ -e "$T/o/out.json.tmp.$$" ] || bad "a live process's temporary was removed"
[ -e "$T/o/out.json.tmp.x1" ] || bad "a foreign name was removed"
echo x >"$T/g/gather.json.tmp.$dead"
"$VO" gen --insn gather --count 10 --out "$T/g" --quiet || bad "gen without a limit: exit $?"
[ -e "$T/g/gather.json.tmp.$dead" ] && bad "gen keeps a dead process's temporary"
[ $fail -eq 0 ] && echo "test_file_limit: ok"
exit $fail
