#!/usr/bin/env bash
# `visa-oracle check` transports against misbehaving DUTs (issues 17 and 18):
#   1. a --dut-cmd DUT out of step with the checker never gets a verdict for a
#      test it did not answer: two lines for one input, a late extra line
#      (caught by the echoed test id), a wrong echoed id, a reply that arrives
#      before the input was fully written: garbage, restart, that test fails;
#   2. a reply line over 64 MiB is garbage, named with the 64 MiB cap;
#   3. a --dut-lib library that aborts, crashes or exits mid-run does not lose
#      the report lines written before;
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

if ls "$SRC"/vectors/scatter-01.json >/dev/null 2>&1; then
    VEC1=$SRC/vectors/scatter-01.json
else
    "$VO" gen --insn scatter --count 400 --out "$TMP" --quiet >/dev/null || { echo "gen failed" >&2; exit 1; }
    VEC1=$TMP/scatter.json
fi
$H subset "$VEC1" 12 "$TMP/sub12.json"
mapfile -t IDS < <($H ids "$TMP/sub12.json")

# the correct Python DUT passes all 12 (the baseline the misbehaving ones start from)
"$VO" check "$TMP/sub12.json" --dut-cmd "python3 $DUTPY" -q >"$TMP/p.out" 2>&1
expect "baseline: the example Python DUT passes 12/12" $([ "$(tail -n1 "$TMP/p.out")" = "12 passed, 0 failed" ]; echo $?)

# ---- 1. out of step ----
# two lines per input: every test fails as garbage, none passes on another's reply
"$VO" check "$TMP/sub12.json" --dut-cmd "$H misbehave twice $DUTPY" --max-consecutive-failures 0 -q \
    >"$TMP/tw.out" 2>&1
expect "two lines per input: 0 passed, 12 failed" $([ "$(tail -n1 "$TMP/tw.out")" = "0 passed, 12 failed" ]; echo $?)
expect "two lines per input: each a garbage 'out of step' failure" \
    $([ "$(grep -c '^FAIL .*:garbage ' "$TMP/tw.out")" = 12 ]; echo $?)
"$VO" check "$TMP/sub12.json" --dut-cmd "$H misbehave twice $DUTPY" --max-consecutive-failures 0 \
    >"$TMP/tw2.out" 2>&1
expect "two lines per input: the message says so" \
    $(grep -q 'DUT out of step: more than one line came back for one input' "$TMP/tw2.out"; echo $?)

# a late extra line (30 ms after the reply), ids echoed: the test it lands on fails,
# every other one passes on its own reply (before issue 17: shifted answers)
"$VO" check "$TMP/sub12.json" --dut-cmd "$H misbehave late $DUTPY" --max-consecutive-failures 0 \
    >"$TMP/late.out" 2>&1
expect "late duplicate line: 6 passed, 6 failed" $([ "$(tail -n1 "$TMP/late.out")" = "6 passed, 6 failed" ]; echo $?)
expect "late duplicate line: the even tests fail as garbage (out of step), naming their own ids" \
    $(for k in 1 3 5 7 9 11; do grep -qE "^FAIL ${IDS[$k]} [a-z0-9_]+:[^ ]+:garbage " "$TMP/late.out" || exit 1; done
      [ "$(grep -c 'DUT out of step' "$TMP/late.out")" = 6 ]; echo $?)

# a reply carrying another test's id
"$VO" check "$TMP/sub12.json" --dut-cmd "$H misbehave wrongid $DUTPY" --max-consecutive-failures 0 \
    >"$TMP/wid.out" 2>&1
expect "wrong echoed id: 6 passed, 6 failed" $([ "$(tail -n1 "$TMP/wid.out")" = "6 passed, 6 failed" ]; echo $?)
expect "wrong echoed id: the message names both ids" \
    $(grep -q "the reply is for test \"${IDS[0]}\", this test is ${IDS[1]}" "$TMP/wid.out"; echo $?)

# an answer before the 1 MiB input line was fully written
$H bigsurface "$TMP/sub12.json" "$TMP/big.json"
"$VO" check "$TMP/big.json" --dut-cmd "$H misbehave early $DUTPY" --max-consecutive-failures 0 \
    >"$TMP/early.out" 2>&1
expect "reply before the input was written: test 2 fails as garbage" \
    $([ "$(tail -n1 "$TMP/early.out")" = "1 passed, 1 failed" ] &&
      grep -q 'reply data arrived before the input was fully written' "$TMP/early.out"; echo $?)

# ---- 2. a 64 MiB + 1 byte reply line ----
"$VO" check "$TMP/sub12.json" --dut-cmd "$H misbehave longline $DUTPY $(( (64 << 20) + 1 )) ${IDS[0]}" \
    >"$TMP/long.out" 2>&1
expect "64 MiB + 1 byte line: garbage naming the cap, the rest pass" \
    $([ "$(tail -n1 "$TMP/long.out")" = "11 passed, 1 failed" ] &&
      grep -q "^FAIL ${IDS[0]} .*:garbage " "$TMP/long.out" &&
      grep -q 'reply line longer than 67108864 bytes (64 MiB' "$TMP/long.out"; echo $?)
"$VO" check "$TMP/sub12.json" --dut-cmd "$H misbehave longline $DUTPY $(( (64 << 20) - 100 )) ${IDS[0]}" \
    >"$TMP/long2.out" 2>&1
expect "a line just under 64 MiB is read whole (garbage as JSON, not as too long)" \
    $([ "$(tail -n1 "$TMP/long2.out")" = "11 passed, 1 failed" ] &&
      ! grep -q 'longer than' "$TMP/long2.out" && grep -q 'reply is not a final state' "$TMP/long2.out"; echo $?)

# ---- 3. a library that dies mid-run keeps the report so far ----
CC=${CC:-cc}
$CC -shared -fPIC -O1 -I"$SRC/oracle/include" -o "$TMP/libbad.so" "$SRC/tests/dut/badlib.c" || bad "cannot build badlib"
$H subset "$VEC1" 4 "$TMP/sub4.json"
# (FAIL lines end with "(FILE#INDEX)": compared without it, the files differ)
"$VO" check "$TMP/sub4.json" --dut-lib "$TMP/libbad.so" -q | grep '^FAIL ' | sed 's/  ([^()]*#[0-9]*)$//' >"$TMP/bl4.out"
for what in abort segv exit; do
    (VO_BADLIB=$what:5 exec "$VO" check "$TMP/sub12.json" --dut-lib "$TMP/libbad.so" -q >"$TMP/bl.out" 2>/dev/null)
    rc=$?
    expect "--dut-lib that calls $what on test 5: the report lines of tests 1-4 are on stdout (rc $rc)" \
        $([ $rc != 0 ] && [ -s "$TMP/bl4.out" ] && grep "^FAIL " "$TMP/bl.out" | sed 's/  ([^()]*#[0-9]*)$//' | cmp -s - "$TMP/bl4.out"; echo $?)
done

echo "test_check_transport: $fails failure(s)"
[ $fails = 0 ]
