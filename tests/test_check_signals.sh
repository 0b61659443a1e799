#!/usr/bin/env bash
# Every process check and shrink start is ended on every way out (issue 30
# point 7; D241): SIGTERM or SIGINT to check while a --dut-cmd DUT hangs ends
# the DUT and a process it moved out of its group with setsid(), and check
# dies of that signal; a normal end of check (and of shrink) leaves no such
# process either. The DUT writes the pids to watch into files.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
T=$(mktemp -d)
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
cleanup() { for f in "$T"/*.pid; do [ -f "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null; done; rm -rf "$T"; }
trap cleanup EXIT
command -v setsid >/dev/null || { echo "test_check_signals: skipped (no setsid)"; exit 0; }
DUTPY=$SRC/examples/dut_py/dut.py
python3 - "$SRC/vectors/gather-01.json" "$T/v.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['tests'] = d['tests'][:4]
open(sys.argv[2], 'w').write(json.dumps(d))
PY
# a DUT that starts a setsid'd sleeper, then hangs (mode hang) or answers (mode answer)
cat >"$T/dut.sh" <<EOF
#!/bin/sh
setsid sh -c 'echo \$\$ >"$T/sess.\$\$.pid"; exec sleep 300' </dev/null >/dev/null 2>&1 &
echo \$\$ >"$T/dut.\$\$.pid"
if [ "\$1" = hang ]; then exec sleep 300; fi
exec python3 "$DUTPY"
EOF
chmod +x "$T/dut.sh"
alive() { kill -0 "$1" 2>/dev/null && [ "$(ps -o stat= -p "$1" | cut -c1)" != Z ]; }
wait_pids() { # wait up to 5 s for N pid files
    for _ in $(seq 50); do [ "$(ls "$T"/*.pid 2>/dev/null | wc -l)" -ge "$1" ] && return 0; sleep 0.1; done
    return 1
}
for sig in TERM INT; do
    rm -f "$T"/*.pid
    # (a background job of a script starts with SIGINT ignored: python restores the default first)
    python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
        "$VO" check "$T/v.json" --dut-cmd "$T/dut.sh hang" --timeout-ms 60000 >/dev/null 2>&1 &
    cpid=$!
    wait_pids 2 || bad "$sig: the DUT did not start"
    sleep 0.2
    kill -s $sig $cpid
    wait $cpid
    rc=$?
    want=$((128 + $(kill -l $sig)))
    [ $rc -eq $want ] || bad "$sig: check exited $rc, want $want"
    sleep 0.3
    for f in "$T"/*.pid; do
        p=$(cat "$f")
        alive "$p" && bad "$sig: $(basename "$f") process $p still runs after check ended: $(ps -o pid,ppid,pgid,stat,cmd -p "$p" | tail -1)"
    done
done
# a normal end: the setsid'd sleepers of every DUT start are gone too
rm -f "$T"/*.pid
"$VO" check "$T/v.json" --dut-cmd "$T/dut.sh answer" >"$T/out" 2>&1 || bad "answering DUT: exit $? $(tail -2 "$T/out")"
ls "$T"/sess.*.pid >/dev/null 2>&1 || bad "the answering DUT started no sleeper"
for f in "$T"/*.pid; do
    p=$(cat "$f")
    alive "$p" && bad "normal end: $(basename "$f") process $p still runs after check ended"
done
[ $fail -eq 0 ] && echo "test_check_signals: ok"
exit $fail
