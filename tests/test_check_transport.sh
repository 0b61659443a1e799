#!/usr/bin/env bash
# `visa-oracle check` transports against misbehaving DUTs (issues 17 and 18):
#   1. a --dut-cmd DUT out of step with the checker never gets a verdict for a
#      test it did not answer: two lines for one input, a late extra line
#      (caught by the echoed test id), a wrong echoed id, a reply that arrives
#      before the input was fully written: garbage, restart, that test fails;
#   2. a reply line over 64 MiB is garbage, named with the 64 MiB cap;
#   3. a --dut-lib library that aborts, crashes or exits mid-run does not lose
#      the report lines written before;
#   4. --dut-lib --isolate: the library in a child process; a crash, exit or
#      hang costs one test (crash/timeout) and a restart; the report is the
#      in-process one byte for byte (write_past_bound and messages included);
#   5. -j N: the same report as -j 1 (lines, order, summary, --json records)
#      for a DUT that crashes, hangs and garbles on some inputs, and
#      --max-consecutive-failures counts in test order;
#   6. options that do not apply to a transport, -j 0, a malformed --shard:
#      exit 2, nothing on stdout;
#   7. --shard i/4 runs + merge: the same summary as one unsharded run (text and
#      --json); shards by test id (adding a file moves no other test); merge
#      refuses a missing or repeated shard, reports of another vector set, a
#      report cut short (exit 2, nothing on stdout).
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

# a late extra line (200 ms after the reply), ids echoed: the test it lands on fails
# as garbage (out of step) and the process restarts; every other test passes on its
# own reply (before issue 17: shifted answers judged against the wrong tests).
# Which tests the late lines land on depends on timing; that every failure is an
# out-of-step garbage and about half pass does not.
"$VO" check "$TMP/sub12.json" --dut-cmd "$H misbehave late $DUTPY" --max-consecutive-failures 0 \
    >"$TMP/late.out" 2>&1
nf=$(grep -c '^FAIL ' "$TMP/late.out")
expect "late duplicate line: every failure is garbage 'DUT out of step', at least 2 pass ($(tail -n1 "$TMP/late.out"))" \
    $([ "$nf" -ge 1 ] && [ "$(grep -c '^FAIL .*:garbage ' "$TMP/late.out")" = "$nf" ] &&
      [ "$(grep -c 'DUT out of step' "$TMP/late.out")" = "$nf" ] &&
      tail -n1 "$TMP/late.out" | awk '{exit !($1 >= 2 && $1 + $3 == 12)}'; echo $?)

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

# ---- 4. --isolate ----
for what in abort exit; do
    VO_BADLIB=$what:5 "$VO" check "$TMP/sub12.json" --dut-lib "$TMP/libbad.so" --isolate -q >"$TMP/iso.out" 2>&1
    rc=$?
    expect "--isolate, $what on the 5th call of each process: the run goes on, tests 5 and 10 crash (rc $rc)" \
        $([ $rc = 1 ] && grep -qE "^FAIL ${IDS[4]} [a-z0-9_]+:[^ ]+:crash " "$TMP/iso.out" &&
          grep -qE "^FAIL ${IDS[9]} [a-z0-9_]+:[^ ]+:crash " "$TMP/iso.out" &&
          [ "$(grep -c ':crash ' "$TMP/iso.out")" = 2 ] && tail -n1 "$TMP/iso.out" | grep -qE '^[0-9]+ passed, [0-9]+ failed$'; echo $?)
done
VO_BADLIB=hang:5 "$VO" check "$TMP/sub12.json" --dut-lib "$TMP/libbad.so" --isolate --timeout-ms 2000 -q >"$TMP/isoh.out" 2>&1
expect "--isolate, a hanging library: --timeout-ms applies, tests 5 and 10 time out, all 12 judged" \
    $(grep -qE "^FAIL ${IDS[4]} [a-z0-9_]+:[^ ]+:timeout " "$TMP/isoh.out" &&
      grep -qE "^FAIL ${IDS[9]} [a-z0-9_]+:[^ ]+:timeout " "$TMP/isoh.out" &&
      [ "$(grep -c ':timeout ' "$TMP/isoh.out")" = 2 ] &&
      [ "$(tail -n1 "$TMP/isoh.out" | awk '{print $1 + $3}')" = 12 ]; echo $?)
VO_BADLIB=write:1 "$VO" check "$TMP/sub12.json" --dut-lib "$TMP/libbad.so" >"$TMP/w_in.out" 2>&1
VO_BADLIB=write:1 "$VO" check "$TMP/sub12.json" --dut-lib "$TMP/libbad.so" --isolate >"$TMP/w_iso.out" 2>&1
expect "--isolate: refused writes and messages come back; the report equals the in-process one" \
    $(grep -q 'write_past_bound' "$TMP/w_in.out" && cmp -s "$TMP/w_in.out" "$TMP/w_iso.out"; echo $?)
for f in scatter-01 gather_scaled-01 oword_ld-01; do
    [ -f "$SRC/vectors/$f.json" ] && MV="${MV:-} $SRC/vectors/$f.json"
done
MV=${MV:-$TMP/sub12.json}
MUT=$BUILD/examples/libdut_mutant_7.so
if [ -f "$MUT" ]; then
    "$VO" check $MV --dut-lib "$MUT" --json >"$TMP/m_in.json" 2>/dev/null
    "$VO" check $MV --dut-lib "$MUT" --isolate -j 3 --json >"$TMP/m_iso.json" 2>/dev/null
    expect "mutant 7: in-process and --isolate -j 3 give the same --json report" \
        $(grep -q '"pass":false' "$TMP/m_in.json" && cmp -s "$TMP/m_in.json" "$TMP/m_iso.json"; echo $?)
else
    bad "no $MUT"
fi

# ---- 5. -j N gives the -j 1 report ----
python3 - "$TMP/sub12.json" "$TMP/faults.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["tests"]
json.dump({"crash": t[2]["input"], "hang": t[6]["input"], "garbage": t[9]["input"]}, open(sys.argv[2], "w"))
PY
for j in 1 4; do
    "$VO" check "$TMP/sub12.json" --dut-cmd "$H faulty $DUTPY $TMP/faults.json" --timeout-ms 3000 -j $j \
        >"$TMP/fj$j.out" 2>"$TMP/fj$j.err"
    "$VO" check "$TMP/sub12.json" --dut-cmd "$H faulty $DUTPY $TMP/faults.json" --timeout-ms 3000 -j $j --json \
        >"$TMP/fj$j.json" 2>/dev/null
done
expect "-j 4 vs -j 1, a DUT that crashes, hangs and garbles: same report, same --json" \
    $(grep -q ':crash ' "$TMP/fj1.out" && grep -q ':timeout ' "$TMP/fj1.out" && grep -q ':garbage ' "$TMP/fj1.out" &&
      cmp -s "$TMP/fj1.out" "$TMP/fj4.out" && cmp -s "$TMP/fj1.json" "$TMP/fj4.json"; echo $?)
cat >"$TMP/crash.sh" <<'EOF2'
#!/bin/sh
read -r line
exit 3
EOF2
chmod +x "$TMP/crash.sh"
$H subset "$VEC1" 30 "$TMP/sub30.json"
for j in 1 4; do
    "$VO" check "$TMP/sub30.json" --dut-cmd "$TMP/crash.sh" --max-consecutive-failures 5 -j $j -q \
        >"$TMP/cj$j.out" 2>"$TMP/cj$j.err"
    echo $? >"$TMP/cj$j.rc"
done
expect "-j 4, a DUT that always crashes: stops after the same 5 tests in test order, 25 not run, exit 1" \
    $([ "$(cat "$TMP/cj4.rc")" = 1 ] && [ "$(tail -n1 "$TMP/cj4.out")" = "0 passed, 5 failed, 25 not run" ] &&
      cmp -s "$TMP/cj1.out" "$TMP/cj4.out" && cmp -s "$TMP/cj1.err" "$TMP/cj4.err"; echo $?)

# ---- 6. options that do not apply, bad -j / --shard: exit 2, nothing written ----
LIBOK=$BUILD/examples/libdut_example.so
while IFS='|' read -r what args; do
    eval "set -- $args"
    "$VO" check "$TMP/sub12.json" "$@" >"$TMP/o.out" 2>"$TMP/o.err"
    rc=$?
    expect "$what: exit 2, one line on stderr, nothing on stdout" \
        $([ $rc = 2 ] && [ ! -s "$TMP/o.out" ] && [ "$(wc -l <"$TMP/o.err")" = 1 ] && grep -q '^visa-oracle: check: ' "$TMP/o.err"; echo $?)
done <<EOF2
-j 0|--dut-cmd "python3 $DUTPY" -j 0
-j x|--dut-cmd "python3 $DUTPY" -j x
-j 2 with an in-process library|--dut-lib "$LIBOK" -j 2
-j 2 with --results|--results "$TMP/sub12.json" -j 2
--timeout-ms with an in-process library|--dut-lib "$LIBOK" --timeout-ms 100
--startup-ms with --results|--results "$TMP/sub12.json" --startup-ms 100
--isolate with --dut-cmd|--dut-cmd "python3 $DUTPY" --isolate
--shard 4/4|--dut-lib "$LIBOK" --shard 4/4
--shard 1/0|--dut-lib "$LIBOK" --shard 1/0
--shard 1|--dut-lib "$LIBOK" --shard 1
--shard a/b|--dut-lib "$LIBOK" --shard a/b
--shard 1/2/3|--dut-lib "$LIBOK" --shard 1/2/3
--shard -1/2|--dut-lib "$LIBOK" --shard=-1/2
EOF2

# ---- 7. shards and merge ----
if [ -f "$MUT" ]; then
    "$VO" check $MV --dut-lib "$MUT" >"$TMP/un.txt" 2>/dev/null
    "$VO" check $MV --dut-lib "$MUT" --json >"$TMP/un.json" 2>/dev/null
    for i in 0 1 2 3; do
        "$VO" check $MV --dut-lib "$MUT" --shard $i/4 --json >"$TMP/sh$i.json" 2>/dev/null
    done
    "$VO" merge "$TMP/sh2.json" "$TMP/sh0.json" "$TMP/sh3.json" "$TMP/sh1.json" >"$TMP/mg.txt" 2>/dev/null
    rc=$?
    expect "merge of 4 shards: the unsharded bucket table and summary, byte for byte (exit $rc = 1: tests failed)" \
        $([ $rc = 1 ] && grep -q ' failed$' "$TMP/mg.txt" && grep -q '^buckets (tests per bucket):$' "$TMP/mg.txt" &&
          sed -n '/^buckets (tests per bucket):$/,$p' "$TMP/un.txt" | cmp -s - "$TMP/mg.txt"; echo $?)
    "$VO" merge --json "$TMP"/sh?.json >"$TMP/mg.json" 2>/dev/null
    expect "merge --json: the unsharded --json summary object, byte for byte; every failing record once" \
        $([ "$(tail -n1 "$TMP/un.json")" = "$(tail -n1 "$TMP/mg.json")" ] &&
          [ "$(sort "$TMP/un.json" | md5sum)" = "$(sort "$TMP/mg.json" | md5sum)" ]; echo $?)
    expect "shards are disjoint and not empty" \
        $(for i in 0 1 2 3; do grep -q '"pass":false' "$TMP/sh$i.json" || exit 1; done
          [ "$(cat "$TMP"/sh?.json | grep '"pass":false' | sort | uniq -d | wc -l)" = 0 ]; echo $?)
    # refused: exit 2, nothing on stdout
    cp "$TMP/sh1.json" "$TMP/cut.json"
    sed -i '1d' "$TMP/cut.json"
    "$VO" check "$TMP/sub12.json" --dut-lib "$MUT" --shard 3/4 --json >"$TMP/other.json" 2>/dev/null
    head -c 100 "$TMP/sh0.json" >"$TMP/trunc.json"
    while IFS='|' read -r what files; do
        eval "set -- $files"
        "$VO" merge "$@" >"$TMP/mo.out" 2>"$TMP/mo.err"
        rc=$?
        expect "merge, $what: exit 2, one line naming it, nothing on stdout" \
            $([ $rc = 2 ] && [ ! -s "$TMP/mo.out" ] && [ "$(wc -l <"$TMP/mo.err")" = 1 ] && grep -q '^visa-oracle: merge: ' "$TMP/mo.err"; echo $?)
    done <<EOF2
a missing shard|"$TMP/sh0.json" "$TMP/sh1.json" "$TMP/sh3.json"
a shard given twice|"$TMP/sh0.json" "$TMP/sh1.json" "$TMP/sh2.json" "$TMP/sh3.json" "$TMP/sh2.json"
a report of another vector set|"$TMP/sh0.json" "$TMP/sh1.json" "$TMP/sh2.json" "$TMP/other.json"
a report missing a record|"$TMP/sh0.json" "$TMP/cut.json" "$TMP/sh2.json" "$TMP/sh3.json"
a report cut short|"$TMP/trunc.json" "$TMP/sh1.json" "$TMP/sh2.json" "$TMP/sh3.json"
an unsharded report and a shard|"$TMP/un.json" "$TMP/sh1.json"
no such file|"$TMP/nope.json"
EOF2
    # by test id: a file added to the run moves no test of the others between shards
    "$VO" check "$TMP/sub12.json" --dut-lib "$TMP/libbad.so" --shard 1/3 --json 2>/dev/null | grep -o '"id":"[0-9a-f]*"' >"$TMP/a.ids"
    "$VO" check "$TMP/sub12.json" $MV --dut-lib "$TMP/libbad.so" --shard 1/3 --json 2>/dev/null | grep -o '"id":"[0-9a-f]*"' >"$TMP/ab.ids"
    expect "--shard by test id: adding files keeps each test of the first file in its shard" \
        $([ -s "$TMP/a.ids" ] && [ "$(head -n "$(wc -l <"$TMP/a.ids")" "$TMP/ab.ids")" = "$(cat "$TMP/a.ids")" ] &&
          for id in "${IDS[@]}"; do
              v=$(( 0x${id:0:8} % 3 * (4294967296 % 3) + 0x${id:8:8} % 3 )); v=$(( v % 3 ))
              if [ $v = 1 ]; then grep -q "$id" "$TMP/a.ids" || exit 1; else ! grep -q "$id" "$TMP/a.ids" || exit 1; fi
          done; echo $?)
fi

echo "test_check_transport: $fails failure(s)"
[ $fails = 0 ]
