#!/usr/bin/env bash
# `visa-oracle check` against broken and foreign DUTs (issue 9 points 2, 3, 5):
#   - a hanging and a crashing --dut-cmd DUT stop after
#     --max-consecutive-failures results in a row, naming the last failure,
#     exit 1, every test run reported, the summary counting those not run;
#   - the start-up allowance is not paid again by every restarted process, and
#     a slow starter that crashes once gets its measured start-up back;
#   - a DUT's own error codes pass (--dut-cmd, --results, --dut-lib) and are
#     counted in the --json summary (D61);
#   - the progress line: on with VO_PROGRESS=1, off with VO_PROGRESS=0 and
#     when stderr is not a terminal; stdout unchanged.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
BUILD=$(dirname "$VO")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
unset VO_PROGRESS
H="python3 $SRC/tests/check_helper.py"
DUTPY=$SRC/examples/dut_py/dut.py
fails=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }
expect() { if [ "$2" = 0 ]; then ok "$1"; else bad "$1"; fi; }
ms() { date +%s%3N; }

# ---- vectors: a subset of a shipped file, else generated ----
if ls "$SRC"/vectors/scatter-01.json >/dev/null 2>&1; then
    VEC1=$SRC/vectors/scatter-01.json
else
    "$VO" gen --insn scatter --count 400 --out "$TMP" --quiet >/dev/null || { echo "gen failed" >&2; exit 1; }
    VEC1=$TMP/scatter.json
fi
$H subset "$VEC1" 30 "$TMP/sub30.json"
$H subset "$VEC1" 12 "$TMP/sub12.json"
mapfile -t IDS < <($H ids "$TMP/sub30.json")

cat >"$TMP/hang.sh" <<'EOF2'
#!/bin/sh
exec cat >/dev/null
EOF2
cat >"$TMP/crash.sh" <<'EOF2'
#!/bin/sh
read -r line
exit 3
EOF2
chmod +x "$TMP/hang.sh" "$TMP/crash.sh"

# ---- 1. a hanging DUT stops after 5 timeouts in a row ----
t0=$(ms)
"$VO" check "$TMP/sub30.json" --dut-cmd "$TMP/hang.sh" --timeout-ms 50 --startup-ms 200 \
    --max-consecutive-failures 5 -q >"$TMP/h.out" 2>"$TMP/h.err"
rc=$?
t1=$(ms)
echo "  hanging DUT, 30 tests, --max-consecutive-failures 5: $((t1 - t0)) ms"
expect "hang: exit 1" $([ $rc = 1 ]; echo $?)
expect "hang: five timeouts reported, each against its test" \
    $([ "$(grep -c '^FAIL ' "$TMP/h.out")" = 5 ] && grep -qE "^FAIL ${IDS[4]} [a-z0-9_]+:[^ ]+:timeout " "$TMP/h.out" &&
      [ "$(grep -c ':timeout ' "$TMP/h.out")" = 5 ]; echo $?)
expect "hang: summary '0 passed, 5 failed, 25 not run'" $([ "$(tail -n1 "$TMP/h.out")" = "0 passed, 5 failed, 25 not run" ]; echo $?)
expect "hang: the stop message names the last failure (test id, kind)" \
    $(grep -q "stopped after 5 consecutive DUT failures.*last: test ${IDS[4]} .*: timeout: no reply within 50 ms.*25 test(s) not run" "$TMP/h.err"; echo $?)
# start-up allowance 200 ms for the first process, then 100 each: about 1 s
expect "hang: done in under 5 s" $([ $((t1 - t0)) -lt 5000 ]; echo $?)

# --json: the summary object carries not_run
"$VO" check "$TMP/sub30.json" --dut-cmd "$TMP/hang.sh" --timeout-ms 50 --startup-ms 100 \
    --max-consecutive-failures 3 --json >"$TMP/h.json" 2>"$TMP/h.jerr"
rc=$?
expect "hang --json: exit 1, summary {passed 0, failed 3, not_run 27}, plain summary on stderr" \
    $([ $rc = 1 ] && python3 -c '
import json, sys
o = [json.loads(l) for l in open(sys.argv[1])]
s = o[-1]
assert (s["passed"], s["failed"], s["not_run"]) == (0, 3, 27), s
assert all(x["kind"] == "timeout" for x in o[:-1]) and len(o) == 4
' "$TMP/h.json" && grep -q "^0 passed, 3 failed, 27 not run$" "$TMP/h.jerr"; echo $?)

# ---- 2. the start-up allowance is not stacked on every restart ----
# 6 timeouts with --startup-ms 1000: stacked that would be 6 x 1.05 s; the
# first process gets 1000 ms, the next ones 500, 250, 125, 100, 100
t0=$(ms)
"$VO" check "$TMP/sub30.json" --dut-cmd "$TMP/hang.sh" --timeout-ms 50 --startup-ms 1000 \
    --max-consecutive-failures 6 -q >"$TMP/h6.out" 2>&1
rc=$?
t1=$(ms)
echo "  hanging DUT, --startup-ms 1000, 6 timeouts: $((t1 - t0)) ms (stacked: >= 6300 ms)"
expect "startup: 6 timeouts in under 4.5 s (not 6 x the allowance)" $([ $rc = 1 ] && [ $((t1 - t0)) -lt 4500 ]; echo $?)
expect "startup: the first timeout names the 1000 ms allowance, a later one 100 ms" \
    $(grep -q "no reply within 50 ms + 1000 ms start-up allowance" "$TMP/h6.out" &&
      grep -q "no reply within 50 ms + 100 ms start-up allowance" "$TMP/h6.out"; echo $?)

# a slow starter (1 s) that crashes once: the restarted process gets twice its
# measured start-up, so only the crash fails
python3 - "$TMP/sub12.json" "$TMP/faults.json" <<'EOF2'
import json, sys
t = json.load(open(sys.argv[1]))["tests"]
json.dump({"crash": t[2]["input"], "hang": None, "garbage": None}, open(sys.argv[2], "w"))
EOF2
"$VO" check "$TMP/sub12.json" --dut-cmd "sleep 1; exec $H faulty $DUTPY $TMP/faults.json" --timeout-ms 500 \
    --startup-ms 5000 -q >"$TMP/slow.out" 2>&1
rc=$?
expect "slow starter crashing once: '11 passed, 1 failed', the crash against test 3" \
    $([ $rc = 1 ] && [ "$(tail -n1 "$TMP/slow.out")" = "11 passed, 1 failed" ] &&
      grep -qE "^FAIL ${IDS[2]} [a-z0-9_]+:[^ ]+:crash " "$TMP/slow.out"; echo $?)

# ---- 3. a crashing DUT ----
t0=$(ms)
"$VO" check "$TMP/sub30.json" --dut-cmd "$TMP/crash.sh" --timeout-ms 1000 --max-consecutive-failures 4 -q \
    >"$TMP/c.out" 2>"$TMP/c.err"
rc=$?
t1=$(ms)
echo "  crashing DUT, 30 tests, --max-consecutive-failures 4: $((t1 - t0)) ms"
expect "crash: exit 1, four crashes, '0 passed, 4 failed, 26 not run'" \
    $([ $rc = 1 ] && [ "$(grep -c ':crash ' "$TMP/c.out")" = 4 ] &&
      [ "$(tail -n1 "$TMP/c.out")" = "0 passed, 4 failed, 26 not run" ]; echo $?)
expect "crash: the stop message names test 4 and the exit status" \
    $(grep -q "last: test ${IDS[3]} .*: crash: process exited with status 3" "$TMP/c.err"; echo $?)
"$VO" check "$TMP/sub30.json" --dut-cmd "$TMP/crash.sh" --max-consecutive-failures 0 -q >"$TMP/c0.out" 2>&1
expect "crash with --max-consecutive-failures 0: every test runs ('0 passed, 30 failed')" \
    $([ "$(tail -n1 "$TMP/c0.out")" = "0 passed, 30 failed" ]; echo $?)
# failures that are not consecutive do not stop the run (crash 3, hang 6, garbage 9)
python3 - "$TMP/sub12.json" "$TMP/faults3.json" <<'EOF2'
import json, sys
t = json.load(open(sys.argv[1]))["tests"]
json.dump({"crash": t[2]["input"], "hang": t[5]["input"], "garbage": t[8]["input"]}, open(sys.argv[2], "w"))
EOF2
"$VO" check "$TMP/sub12.json" --dut-cmd "$H faulty $DUTPY $TMP/faults3.json" --timeout-ms 1000 \
    --max-consecutive-failures 2 -q >"$TMP/f.out" 2>&1
expect "three separate faults with --max-consecutive-failures 2: all run, '9 passed, 3 failed'" \
    $([ "$(tail -n1 "$TMP/f.out")" = "9 passed, 3 failed" ]; echo $?)
"$VO" check "$TMP/sub12.json" --dut-cmd "$H faulty $DUTPY $TMP/faults3.json" --timeout-ms 1000 \
    --max-consecutive-failures 1 -q >"$TMP/f1.out" 2>&1
expect "the same with --max-consecutive-failures 1: stops after the crash ('2 passed, 1 failed, 9 not run')" \
    $([ $? = 1 ] && [ "$(tail -n1 "$TMP/f1.out")" = "2 passed, 1 failed, 9 not run" ]; echo $?)

# ---- 4. bad values: exit 2, the option named ----
for opt in "--startup-ms -1" "--startup-ms x" "--max-consecutive-failures 1.5" "--max-consecutive-failures"; do
    "$VO" check "$TMP/sub12.json" --dut-cmd "$TMP/hang.sh" $opt >"$TMP/bad.out" 2>&1
    rc=$?
    expect "bad value '$opt': exit 2, option named" $([ $rc = 2 ] && grep -q -- "${opt%% *}" "$TMP/bad.out"; echo $?)
done

# ---- 5. a DUT's own error codes (D61) ----
if ls "$SRC"/vectors/gather_scaled-03.json >/dev/null 2>&1; then VEC2=$SRC/vectors/gather_scaled-03.json
else "$VO" gen --insn gather_scaled --count 300 --out "$TMP" --quiet >/dev/null; VEC2=$TMP/gather_scaled.json; fi
$H subset "$VEC2" 200 "$TMP/sub200.json"
VEC2=$TMP/sub200.json
NINV=$(grep -o '"status": *"invalid"' "$VEC2" | wc -l)
N2=$($H count "$VEC2")
counts_ok() { # counts_ok JSONFILE: passes all, counts add up, every kind of code seen
    python3 - "$1" "$N2" "$NINV" <<'EOF2'
import json, sys
s = json.loads(open(sys.argv[1]).read().splitlines()[-1])
n, ninv = int(sys.argv[2]), int(sys.argv[3])
c = s["rejected_with_code"]
assert s["passed"] == n and s["failed"] == 0 and s["not_run"] == 0, s
# invalid tests the DUT rejected (an E_OPCODE one may be answered "error")
assert 0 < sum(c.values()) <= ninv, (c, ninv)
assert c["foreign"] > 0 and c["none"] > 0 and c["other"] > 0, c
EOF2
}
"$VO" check "$VEC2" --dut-cmd "$H recode $DUTPY" --json >"$TMP/rc.json" 2>"$TMP/rc.err"
rc=$?
expect "--dut-cmd with its own error codes: all $N2 pass, codes counted" $([ $rc = 0 ] && counts_ok "$TMP/rc.json"; echo $?)
$H replay "$DUTPY" "$VEC2" >"$TMP/res.jsonl"
$H recode-results "$TMP/res.jsonl" "$TMP/res2.jsonl"
expect "the results file carries foreign codes" $(grep -q '"code":"bad_exec_size"' "$TMP/res2.jsonl"; echo $?)
"$VO" check "$VEC2" --results "$TMP/res2.jsonl" --json >"$TMP/rr.json" 2>"$TMP/rr.err"
rc=$?
expect "--results with its own error codes: all $N2 pass, codes counted" $([ $rc = 0 ] && counts_ok "$TMP/rr.json"; echo $?)

# the C ABI: the example library, its rejection messages replaced
cat >"$TMP/recode.c" <<'EOF2'
#include <stdio.h>
#include "visa_dut.h"
int ex_execute(visa_dut_case *c, char *msg, size_t cap);
uint32_t visa_dut_abi_version(void) { return VISA_DUT_ABI_VERSION; }
static unsigned k;
int visa_dut_execute(visa_dut_case *c, char *msg, size_t cap)
{
    static const char *const m[] = { "bad_exec_size: out of range", "E_EXEC_SIZE: out of range", "E_OPCODE",
                                      "rejected" };
    int rc = ex_execute(c, msg, cap);
    if (rc == VISA_DUT_REJECTED && msg && cap) snprintf(msg, cap, "%s", m[k++ % 4]);
    return rc;
}
EOF2
if cc -c -fPIC -O1 -I"$SRC/oracle/include" -Dvisa_dut_execute=ex_execute -Dvisa_dut_abi_version=ex_abi_version \
        "$SRC/examples/dut_c/dut.c" -o "$TMP/dut.o" &&
   cc -shared -fPIC -I"$SRC/oracle/include" "$TMP/recode.c" "$TMP/dut.o" -o "$TMP/librecode.so"; then
    "$VO" check "$VEC2" --dut-lib "$TMP/librecode.so" --json >"$TMP/lr.json" 2>"$TMP/lr.err"
    rc=$?
    expect "--dut-lib rejecting with its own messages: all $N2 pass, oracle codes counted" \
        $([ $rc = 0 ] && python3 - "$TMP/lr.json" "$N2" "$NINV" <<'EOF2'
import json, sys
s = json.loads(open(sys.argv[1]).read().splitlines()[-1])
c = s["rejected_with_code"]
assert s["passed"] == int(sys.argv[2]) and s["failed"] == 0, s
assert 0 < sum(c.values()) <= int(sys.argv[3]) and c["none"] > 0 and c["other"] > 0 and c["foreign"] == 0, c
EOF2
        echo $?)
else
    bad "cannot build the recoding C DUT"
fi
# a failing test's JSON record carries the DUT's code: a DUT that rejects everything
cat >"$TMP/rejall.sh" <<'EOF2'
#!/bin/sh
while read -r line; do echo '{"status":"invalid","error":{"code":"bad_exec_size"}}'; done
EOF2
chmod +x "$TMP/rejall.sh"
"$VO" check "$TMP/sub12.json" --dut-cmd "$TMP/rejall.sh" --json >"$TMP/ra.json" 2>/dev/null
expect "a wrongly rejected test's record has dut_error_code (no match field: the oracle says ok)" \
    $(python3 -c '
import json, sys
o = [json.loads(l) for l in open(sys.argv[1])]
f = [x for x in o[:-1] if x["kind"] == "wrongly_rejected"]
assert f and all(x["dut_error_code"] == "bad_exec_size" and "error_code_match" not in x for x in f)
' "$TMP/ra.json"; echo $?)

# ---- 6. progress line ----
GOOD=$BUILD/examples/libdut_example.so
if [ ! -f "$GOOD" ]; then
    GOOD=$TMP/libgood.so
    cc -shared -fPIC -O2 -I"$SRC/oracle/include" "$SRC/examples/dut_c/dut.c" -o "$GOOD"
fi
"$VO" check "$VEC2" --dut-lib "$GOOD" >"$TMP/p0.out" 2>"$TMP/p0.err"
expect "progress: nothing on stderr when it is not a terminal" $([ ! -s "$TMP/p0.err" ]; echo $?)
VO_PROGRESS=0 "$VO" check "$VEC2" --dut-lib "$GOOD" >/dev/null 2>"$TMP/pz.err"
expect "progress: VO_PROGRESS=0: nothing on stderr" $([ ! -s "$TMP/pz.err" ]; echo $?)
VO_PROGRESS=1 "$VO" check "$VEC2" --dut-lib "$GOOD" >"$TMP/p1.out" 2>"$TMP/p1.err"
expect "progress: VO_PROGRESS=1: a final line 'check: N/N tests (100%), R tests/s, 0 failed, T s'" \
    $(tail -n1 "$TMP/p1.err" | grep -qE "^check: $N2/$N2 tests \(100%\), [0-9]+ tests/s, 0 failed, [0-9.]+ s$"; echo $?)
expect "progress: stdout is the same with and without it" $(cmp -s "$TMP/p0.out" "$TMP/p1.out"; echo $?)
VO_PROGRESS=1 "$VO" check "$TMP/sub12.json" --dut-cmd "$TMP/rejall.sh" -q >/dev/null 2>"$TMP/pf.err"
expect "progress: failures counted" $(tail -n1 "$TMP/pf.err" | grep -qE "^check: 12/12 tests \(100%\), [0-9]+ tests/s, [1-9][0-9]* failed"; echo $?)
mkdir -p "$TMP/g0" "$TMP/g1"
"$VO" gen --insn scatter --count 40 --out "$TMP/g0" >"$TMP/g0.out" 2>"$TMP/g0.err"
VO_PROGRESS=1 "$VO" gen --insn all --count 40 --out "$TMP/g1" >"$TMP/g1.out" 2>"$TMP/g1.err"
NI=$(ls "$TMP/g1"/*.json | wc -l)
expect "progress: gen is silent on a non-terminal" $([ ! -s "$TMP/g0.err" ]; echo $?)
expect "progress: gen with VO_PROGRESS=1: 'gen: $((NI * 40))/$((NI * 40)) tests (100%)'" \
    $(tail -n1 "$TMP/g1.err" | grep -qE "^gen: $((NI * 40))/$((NI * 40)) tests \(100%\), [0-9]+ tests/s, [0-9.]+ s$"; echo $?)
expect "progress: gen output files unchanged by it" $(cmp -s "$TMP/g0/scatter.json" "$TMP/g1/scatter.json"; echo $?)

# ---- 7. shrink against a DUT that keeps failing (D91) ----
# shrink takes --startup-ms and --max-consecutive-failures like check: a DUT
# that hangs (or crashes) on every input stops the shrink with a message naming
# the last failure, exit 1, no case written, in about N x (timeout + allowance).
python3 - "$TMP/sub12.json" "$TMP/one.json" <<'EOF2'
import json, sys
d = json.load(open(sys.argv[1]))
d["tests"] = d["tests"][:3]
json.dump(d, open(sys.argv[2], "w"))
EOF2
rm -f "$TMP/one.shrunk.json"
t0=$(ms)
"$VO" shrink "$TMP/one.json" -o "$TMP/one.shrunk.json" --dut-cmd "$TMP/hang.sh" --timeout-ms 50 --startup-ms 200 \
    --max-consecutive-failures 5 >"$TMP/sh.out" 2>"$TMP/sh.err"
rc=$?
t1=$(ms)
echo "  shrink, hanging DUT, --max-consecutive-failures 5: $((t1 - t0)) ms; $(cat "$TMP/sh.err")"
expect "shrink hang: exit 1, no case written" $([ $rc = 1 ] && [ ! -e "$TMP/one.shrunk.json" ]; echo $?)
expect "shrink hang: the stop message names the count, the last failure (timeout) and the way out" \
    $(grep -q "shrink: stopped after 5 consecutive DUT failures (crash/timeout/garbage) in 4 trial(s); last: trial 4: timeout: no reply within 50 ms.*--max-consecutive-failures 0 never stops" "$TMP/sh.err"; echo $?)
expect "shrink hang: done in under 4 s" $([ $((t1 - t0)) -lt 4000 ]; echo $?)
t0=$(ms)
"$VO" shrink "$TMP/one.json" --dut-cmd "$TMP/crash.sh" --timeout-ms 1000 --max-consecutive-failures 8 \
    -o "$TMP/one.c.json" >/dev/null 2>"$TMP/shc.err"
rc=$?
t1=$(ms)
echo "  shrink, crashing DUT, --max-consecutive-failures 8: $((t1 - t0)) ms"
expect "shrink crash: exit 1 after 8 crashes in a row, naming the exit status, no case written" \
    $([ $rc = 1 ] && [ ! -e "$TMP/one.c.json" ] &&
      grep -q "stopped after 8 consecutive DUT failures.*last: trial 7: crash: process exited with status 3" "$TMP/shc.err"; echo $?)
# --startup-ms is honoured: a DUT that needs 1 s to start and then crashes on
# this one case (and answers every other input right) shrinks normally with the
# allowance (the crash is the bucket; smaller variants pass: already minimal)...
python3 - "$TMP/one.json" "$TMP/fault1.json" <<'EOF2'
import json, sys
t = json.load(open(sys.argv[1]))["tests"]
json.dump({"crash": t[0]["input"], "hang": None, "garbage": None}, open(sys.argv[2], "w"))
EOF2
"$VO" shrink "$TMP/one.json" --dut-cmd "sleep 1; exec $H faulty $DUTPY $TMP/fault1.json" --timeout-ms 500 \
    --startup-ms 5000 -o "$TMP/one.s.json" >/dev/null 2>"$TMP/shs.err"
rc=$?
expect "shrink, slow starter, --startup-ms 5000: exit 0, the crash bucket kept" \
    $([ $rc = 0 ] && grep -q ":crash: lanes" "$TMP/shs.err" && [ -f "$TMP/one.s.json" ]; echo $?)
# ...and without it every process times out before its first reply: stopped
"$VO" shrink "$TMP/one.json" --dut-cmd "sleep 1; exec $H faulty $DUTPY $TMP/fault1.json" --timeout-ms 500 \
    --startup-ms 0 --max-consecutive-failures 3 -o "$TMP/one.s0.json" >/dev/null 2>"$TMP/shs0.err"
rc=$?
expect "shrink, slow starter, --startup-ms 0: exit 1, stopped after 3 timeouts" \
    $([ $rc = 1 ] && [ ! -e "$TMP/one.s0.json" ] &&
      grep -q "stopped after 3 consecutive DUT failures.*timeout: no reply within 500 ms" "$TMP/shs0.err"; echo $?)
for opt in "--startup-ms -1" "--startup-ms x" "--max-consecutive-failures 1.5" "--max-consecutive-failures" "--timeout-ms 0"; do
    "$VO" shrink "$TMP/one.json" --dut-cmd "$TMP/hang.sh" $opt >"$TMP/bad.out" 2>&1
    rc=$?
    expect "shrink: bad value '$opt': exit 2, option named" $([ $rc = 2 ] && grep -q -- "${opt%% *}" "$TMP/bad.out"; echo $?)
done

echo "test_check_dut: $fails failure(s)"
[ $fails = 0 ]
