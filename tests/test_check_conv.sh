#!/usr/bin/env bash
# `check`, `shrink` and `explain` as a real implementation meets them (issue 15):
#   1. an explicit "unsupported" answer in the three transports, counted apart
#      (never a pass, never a failure), per test in --json; the filters
#      --insn, --status, --tag, --skip-tag, --id;
#   2/3. a stray write is bucketed by its address class, not by the masks, so
#      an 8-lane case of a signed-offset bug shrinks to one lane;
#   4. a --dut-lib library printing on stdout does not corrupt check's output;
#   5. --dut-selftest tests wiring only; semantic disagreements are warnings;
#   6. FAIL lines name file#index, rows show the surface bound, a bucket
#      table ends the run, -q prints no "... more" line, explain takes
#      several files with --id.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
BUILD=$(dirname "$VO")
EX=$BUILD/examples
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
unset VO_PROGRESS
fails=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }
expect() { if [ "$2" = 0 ]; then ok "$1"; else bad "$1"; fi; }

# the legacy family's files (the LSC families have their own DUT tests)
VEC=$(ls "$SRC"/vectors/*.json | grep -v '/lsc_')
[ -n "$VEC" ] || { echo "no vectors" >&2; exit 1; }

# ---- 1. unsupported: C ABI (a correct DUT without SLM) ----
"$VO" check $VEC --dut-lib "$EX/libdut_example_no_slm.so" --unsupported >"$TMP/u.out" 2>"$TMP/u.err"
rc=$?
expect "no_slm: exit 0 (unsupported is not a failure)" $([ $rc = 0 ]; echo $?)
U=$(sed -n 's/^\([0-9]*\) unsupported$/\1/p' "$TMP/u.out")
expect "no_slm: a separate 'U unsupported' line with U > 0" $([ -n "$U" ] && [ "$U" -gt 0 ]; echo $?)
expect "no_slm: the last line is still 'P passed, 0 failed'" \
    $(tail -n1 "$TMP/u.out" | grep -qE '^[0-9]+ passed, 0 failed$'; echo $?)
P=$(tail -n1 "$TMP/u.out" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
"$VO" check $VEC --dut-lib "$EX/libdut_example.so" >"$TMP/all.out" 2>&1
T=$(tail -n1 "$TMP/all.out" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
expect "no_slm: passed + unsupported = every test ($P + $U = $T)" $([ $((P + U)) = "$T" ]; echo $?)
expect "no_slm: the bucket table lists '<insn>:<clause>:unsupported'" \
    $(grep -qE '^ +[0-9]+  [a-z0-9_]+:[A-Za-z0-9_.]+:unsupported$' "$TMP/u.out"; echo $?)
"$VO" check $VEC --dut-lib "$EX/libdut_example_no_slm.so" --json --unsupported >"$TMP/u.json" 2>"$TMP/u.json.err"
expect "no_slm --json: one record per unsupported test, none a pass" $(python3 - "$TMP/u.json" "$U" <<'EOF'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
summ = recs[-1]
tests = recs[:-1]
uns = [r for r in tests if r.get("unsupported")]
ok = (len(uns) == int(sys.argv[2]) == summ["unsupported"] and summ["failed"] == 0
      and all(r["pass"] is False and r["kind"] == "unsupported" and r["file"].endswith(".json") and r["index"] >= 1
              for r in uns)
      and sum(v for k, v in summ["buckets"].items() if k.endswith(":unsupported")) == len(uns))
sys.exit(0 if ok else 1)
EOF
echo $?)
expect "no_slm --json: stderr has the plain lines" \
    $(grep -qE '^[0-9]+ unsupported$' "$TMP/u.json.err" && tail -n1 "$TMP/u.json.err" | grep -qE '^[0-9]+ passed, 0 failed$'; echo $?)

# ---- 1. unsupported: JSON lines and replay ----
SUB=$SRC/vectors/scatter-01.json
N=$(python3 -c "import json,sys;print(len(json.load(open(sys.argv[1]))['tests']))" "$SUB")
cat >"$TMP/unsup.sh" <<'EOF2'
#!/bin/sh
while read -r line; do echo '{"status":"unsupported","message":"semantics only, no decoder"}'; done
EOF2
"$VO" check "$SUB" --dut-cmd "sh $TMP/unsup.sh" >"$TMP/c.out" 2>&1
rc=$?
expect "--dut-cmd unsupported: exit 0, every test unsupported, 0 passed" \
    $([ $rc = 0 ] && grep -qx "$N unsupported" "$TMP/c.out" && tail -n1 "$TMP/c.out" | grep -qx '0 passed, 0 failed'; echo $?)
python3 - "$SUB" "$TMP/res.jsonl" <<'EOF'
import json, sys
t = json.load(open(sys.argv[1]))["tests"]
with open(sys.argv[2], "w") as f:
    for x in t:
        f.write(json.dumps({"id": x["id"], "status": "unsupported"}) + "\n")
EOF
"$VO" check "$SUB" --results "$TMP/res.jsonl" >"$TMP/r.out" 2>&1
rc=$?
expect "--results unsupported: exit 0, every test unsupported" \
    $([ $rc = 0 ] && grep -qx "$N unsupported" "$TMP/r.out"; echo $?)
expect "shrink refuses an unsupported case (exit 2)" \
    $("$VO" shrink "$SUB" --dut-cmd "sh $TMP/unsup.sh" -o "$TMP/x.json" >/dev/null 2>&1; [ $? = 2 ] && [ ! -e "$TMP/x.json" ]; echo $?)

# ---- 1. filters ----
"$VO" check $VEC --dut-lib "$EX/libdut_mutant_13.so" --insn scatter >"$TMP/f.out" 2>&1
expect "--insn scatter: only scatter tests fail, the others are skipped" \
    $(grep '^FAIL ' "$TMP/f.out" | awk '{print $3}' | grep -qv '^scatter:' && exit 1; grep -q '^FAIL ' "$TMP/f.out" &&
      tail -n1 "$TMP/f.out" | grep -qE '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$'; echo $?)
"$VO" check $VEC --dut-lib "$EX/libdut_example.so" --status invalid --json >"$TMP/s.json" 2>/dev/null
NINV=$(python3 -c "
import json,glob,sys
print(sum(1 for f in sys.argv[1:] for t in json.load(open(f))['tests'] if t['expect']['status']=='invalid'))" $VEC)
expect "--status invalid: runs exactly the invalid tests ($NINV)" \
    $(tail -n1 "$TMP/s.json" | python3 -c "import json,sys;d=json.load(sys.stdin);sys.exit(0 if d['passed']==$NINV and d['skipped']==$T-$NINV else 1)"; echo $?)
"$VO" check $VEC --dut-lib "$EX/libdut_example.so" --tag oob_write >"$TMP/t1.out" 2>&1
"$VO" check $VEC --dut-lib "$EX/libdut_example.so" --skip-tag oob_write >"$TMP/t2.out" 2>&1
A=$(tail -n1 "$TMP/t1.out" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
B=$(tail -n1 "$TMP/t2.out" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
expect "--tag oob_write + --skip-tag oob_write partition the tests ($A + $B = $T)" \
    $([ "$A" -gt 0 ] && [ "$B" -gt 0 ] && [ $((A + B)) = "$T" ]; echo $?)
ID=$(python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['tests'][5]['id'])" "$SUB")
"$VO" check $VEC --dut-lib "$EX/libdut_example.so" --id "$ID" >"$TMP/i.out" 2>&1
expect "--id: exactly one test runs" $(tail -n1 "$TMP/i.out" | grep -qx "1 passed, 0 failed, $((T - 1)) skipped"; echo $?)
"$VO" check "$SUB" --dut-lib "$EX/libdut_example.so" --tag no_such_tag >/dev/null 2>"$TMP/bt.err"
expect "--tag with an unknown tag: exit 2 naming it" $([ $? = 2 ] && grep -q "no_such_tag" "$TMP/bt.err"; echo $?)
"$VO" check "$SUB" --dut-lib "$EX/libdut_example.so" --status maybe >/dev/null 2>&1
expect "--status maybe: exit 2" $([ $? = 2 ]; echo $?)

# ---- 2/3. stray writes: a signed-offset bug on an 8-lane case shrinks to one lane ----
I=$("$VO" asm "scatter4_scaled.R (M1, 8) T6 0x0:ud V32.0 V33.0")
python3 - "$I" "$TMP/signed.json" <<'EOF'
import json, struct, sys
offs = [0, 16, 32, 48, 64, 0x80000000, 80, 96]  # lane 5: out of bounds, dropped
case = {"comment": "lane 5 at element offset 0x80000000",
        "input": {"platform": {"name": "TGLLP", "grf_bytes": 32, "visa_version": "3.6"}, "insn": sys.argv[1],
                  "exec_mask": "000000ff",
                  "vars": [{"id": 32, "type": "ud", "num_elts": 8, "data": b"".join(struct.pack("<I", o) for o in offs).hex()},
                           {"id": 33, "type": "ud", "num_elts": 8,
                            "data": b"".join(struct.pack("<I", 0x11111111 * (i + 1)) for i in range(8)).hex()}],
                  "preds": [], "addrs": [], "surfaces": [{"index": 6, "size": 256, "data": []}]}}
json.dump(case, open(sys.argv[2], "w"))
EOF
"$VO" check "$TMP/signed.json" --dut-lib "$EX/libdut_signed_offset32.so" >"$TMP/sg.out" 2>&1
expect "signed offsets: bucket scatter4_scaled:stray.before_surface:write_past_bound" \
    $(grep -q '^FAIL [0-9a-f]* scatter4_scaled:stray.before_surface:write_past_bound ' "$TMP/sg.out"; echo $?)
expect "signed offsets: the row names the nearest planned write (lane 5) and the bound" \
    $(grep -qE 'bound 0x100\).*nearest planned write: lane 5 ' "$TMP/sg.out"; echo $?)
"$VO" shrink "$TMP/signed.json" --dut-lib "$EX/libdut_signed_offset32.so" -o "$TMP/signed.min.json" 2>"$TMP/sh.err"
rc=$?
expect "shrink: the signed-offset case shrinks to one lane (was stuck at 8)" \
    $([ $rc = 0 ] && grep -q 'lanes 8 -> 1,' "$TMP/sh.err"; echo $?)
"$VO" check "$TMP/signed.min.json" --dut-lib "$EX/libdut_signed_offset32.so" >"$TMP/sg2.out" 2>&1
expect "shrink: the one-lane case fails in the same bucket" \
    $(grep -q '^FAIL [0-9a-f]* scatter4_scaled:stray.before_surface:write_past_bound ' "$TMP/sg2.out"; echo $?)

# ---- 4. a library printing on stdout ----
"$VO" check $VEC --dut-lib "$EX/libdut_example_chatty.so" --json >"$TMP/ch.json" 2>"$TMP/ch.err"
rc=$?
expect "chatty library --json: exit 0, every stdout line a JSON record, the summary last" \
    $([ $rc = 0 ] && python3 -c "
import json,sys
L=open(sys.argv[1]).read().splitlines()
d=[json.loads(l) for l in L]
sys.exit(0 if len(d)==1 and d[0]['passed']==$T else 1)" "$TMP/ch.json"; echo $?)
expect "chatty library: its lines went to stderr" $(grep -q '^dut: executing opcode' "$TMP/ch.err"; echo $?)
"$VO" check "$SUB" --dut-lib "$EX/libdut_example_chatty.so" >"$TMP/ch.out" 2>/dev/null
expect "chatty library, plain output: only check's lines on stdout" \
    $(! grep -q 'dut: executing' "$TMP/ch.out" && tail -n1 "$TMP/ch.out" | grep -qx "$N passed, 0 failed"; echo $?)

# ---- 5. --dut-selftest: wiring only ----
"$VO" check "$SUB" --dut-lib "$EX/libdut_gather_oob_garbage.so" --dut-selftest >"$TMP/st.out" 2>&1
rc=$?
expect "selftest: a genuine out-of-bound divergence is a warning, the vectors run (exit 0: this file passes)" \
    $([ $rc = 0 ] && grep -q 'must read zero: WARNING' "$TMP/st.out" && grep -q 'the wiring looks right; 1 warning' "$TMP/st.out" &&
      tail -n1 "$TMP/st.out" | grep -qx "$N passed, 0 failed"; echo $?)
cat >"$TMP/noscatter.py" <<EOF2
import json, sys, importlib.util
spec = importlib.util.spec_from_file_location("dut", "$SRC/examples/dut_py/dut.py")
dut = importlib.util.module_from_spec(spec); spec.loader.exec_module(dut)
for line in sys.stdin:
    inp = json.loads(line); inp = inp.get("input", inp)
    if inp["insn"][:2].lower() == "3a":
        out = {"status": "unsupported", "message": "no SCATTER"}
    else:
        out = dut.handle(line)
    print(json.dumps(out), flush=True)
EOF2
"$VO" check "$SUB" --dut-cmd "python3 $TMP/noscatter.py" --dut-selftest >"$TMP/st2.out" 2>&1
rc=$?
expect "selftest: a DUT without SCATTER is not called broken; its SCATTER cases are skipped, the vectors run" \
    $([ $rc = 0 ] && [ "$(grep -c ': skipped (the DUT does not support it' "$TMP/st2.out")" = 2 ] &&
      grep -q 'GATHER_SCALED of one dword (surface 5 byte 4 into V34): ok' "$TMP/st2.out" &&
      grep -q "looks right; 2 probe(s) untested (unsupported)" "$TMP/st2.out" && ! grep -q "the adapter looks right" "$TMP/st2.out" && grep -qE "^[0-9]+ unsupported$" "$TMP/st2.out"; echo $?)
cat >"$TMP/swap.c" <<'EOF2'
#include "visa_dut.h"
/* wiring bug: stores the dword big-endian */
uint32_t visa_dut_abi_version(void) { return VISA_DUT_ABI_VERSION; }
int visa_dut_execute(visa_dut_case *c, char *msg, size_t cap)
{
    (void)msg; (void)cap;
    if (c->insn[0] != 0x3A || (c->insn[1] & 3) != 2) return VISA_DUT_UNSUPPORTED;
    const uint8_t *d = 0; uint32_t off = 0;
    for (uint32_t i = 0; i < c->nvars; i++) {
        if (c->vars[i].id == 33) d = c->vars[i].data;
        if (c->vars[i].id == 32) off = c->vars[i].data[0];
    }
    if (!d) return VISA_DUT_ERROR;
    uint8_t be[4] = { d[3], d[2], d[1], d[0] };
    c->mem.write(c->mem.host, 5, 4u * off, 4, be);
    return VISA_DUT_OK;
}
EOF2
cc -shared -fPIC -I"$SRC/oracle/include" "$TMP/swap.c" -o "$TMP/libswap.so"
"$VO" check "$SUB" --dut-lib "$TMP/libswap.so" --dut-selftest >"$TMP/st3.out" 2>&1
rc=$?
expect "selftest: a byte-order (wiring) bug still stops the run (exit 1, no vectors run)" \
    $([ $rc = 1 ] && grep -q 'SCATTER of one dword.*: FAILED' "$TMP/st3.out" && grep -q 'byte order' "$TMP/st3.out" &&
      grep -q 'the adapter is broken' "$TMP/st3.out" && ! grep -q 'passed,' "$TMP/st3.out"; echo $?)

# ---- 6. reports ----
"$VO" check "$SUB" --dut-lib "$EX/libdut_mutant_13.so" >"$TMP/m.out" 2>&1
expect "FAIL lines name file#index" $(grep -m1 '^FAIL ' "$TMP/m.out" | grep -qE "  \\($SUB#[0-9]+\\)$"; echo $?)
expect "surface rows show the bound" $(grep -qE '^  surface [0-9]+ .*\(bound 0x[0-9a-f]+\)' "$TMP/m.out"; echo $?)
NF=$(grep -c '^FAIL ' "$TMP/m.out")
expect "bucket table: counts add up to the failures ($NF)" $(awk '/^buckets/{t=1;next} t&&!/^ /{t=0} t&&/^ +[0-9]+  /{s+=$1} END{exit !(s=='"$NF"')}' "$TMP/m.out"; echo $?)
"$VO" check "$SUB" --dut-lib "$EX/libdut_mutant_13.so" -q >"$TMP/q.out" 2>&1
expect "-q: no '... more differing byte(s)' line, no rows" \
    $(! grep -q 'more differing' "$TMP/q.out" && ! grep -q '^  surface\|^  var' "$TMP/q.out" && grep -q '^FAIL ' "$TMP/q.out"; echo $?)
"$VO" check "$SUB" --dut-lib "$EX/libdut_mutant_13.so" --json >"$TMP/m.json" 2>/dev/null
expect "--json: file, index, surface_size and a buckets object" $(python3 -c "
import json,sys
d=[json.loads(l) for l in open(sys.argv[1])]
t=d[:-1]; s=d[-1]
ok=all(r['file']==sys.argv[2] and r['index']>=1 for r in t) and any('surface_size' in x for r in t for x in r['diffs'])
ok=ok and sum(s['buckets'].values())==len(t)==s['failed']
sys.exit(0 if ok else 1)" "$TMP/m.json" "$SUB"; echo $?)
"$VO" explain $VEC --id "$ID" >"$TMP/e.out" 2>&1
expect "explain VECTORS... --id: finds the test in several files, shows the bound" \
    $(grep -q "^case:     $ID" "$TMP/e.out" && grep -qE '^surfaces: T[0-9]+ size 0x' "$TMP/e.out"; echo $?)
"$VO" explain $VEC >/dev/null 2>&1
expect "explain with several files and no --id: exit 2" $([ $? = 2 ]; echo $?)

# ---- 7. the indirect offset rules (D101, D102) ----
ind_case() { # ind_case IND_OFF BASE OUT: SCATTER4_SCALED.R with the global offset r[A0(0),IND_OFF], A0(0) = (V34, BASE)
    local i
    i=$("$VO" asm "scatter4_scaled.R (M1, 1) T6 r[A0(0),$1]<0;1,0>:ud V32.0 V33.0") || return 1
    python3 - "$i" "$2" "$3" <<'EOF'
import json, sys
json.dump({"input": {"platform": {"name": "TGLLP", "grf_bytes": 32, "visa_version": "3.6"}, "insn": sys.argv[1],
                     "exec_mask": "000000ff",
                     "vars": [{"id": 32, "type": "ud", "num_elts": 8, "data": "00" * 32},
                              {"id": 33, "type": "ud", "num_elts": 8, "data": "11" * 32},
                              {"id": 34, "type": "ud", "num_elts": 512, "data": "00" * 2048}],
                     "preds": [], "addrs": [{"id": 0, "num_elts": 1, "elems": [[34, int(sys.argv[2])]]}],
                     "surfaces": [{"index": 6, "size": 256, "data": []}]}}, open(sys.argv[3], "w"))
EOF
}
st() { "$VO" run "$1" 2>/dev/null | python3 -c "import json,sys;d=json.load(sys.stdin);print(d['status'], (d.get('error') or {}).get('code',''))"; }
ind_case 2 0 "$TMP/i2.json"; ind_case 4 0 "$TMP/i4.json"; ind_case 6 2 "$TMP/i6.json"
ind_case 511 1025 "$TMP/i511.json"; ind_case 512 0 "$TMP/i512.json"; ind_case -513 1024 "$TMP/im513.json"
expect "D101: r[A0(0),2] on an aligned element is undefined (not aligned to :ud)" $([ "$(st "$TMP/i2.json")" = "undefined " ]; echo $?)
expect "D101: r[A0(0),4] is ok; element 2 + offset 6 = 8 is aligned: ok" \
    $([ "$(st "$TMP/i4.json")" = "ok " ] && [ "$(st "$TMP/i6.json")" = "ok " ]; echo $?)
expect "D102: offsets 512 and -513 are invalid (E_ADDR_ID), 511 is accepted" \
    $([ "$(st "$TMP/i512.json")" = "invalid E_ADDR_ID" ] && [ "$(st "$TMP/im513.json")" = "invalid E_ADDR_ID" ] &&
      [ "$(st "$TMP/i511.json")" = "ok " ]; echo $?)
I7="$TMP/i2.json $TMP/i4.json $TMP/i6.json $TMP/i511.json $TMP/i512.json $TMP/im513.json"
"$VO" check $I7 --dut-lib "$EX/libdut_example.so" >"$TMP/i7.out" 2>&1
expect "D101/D102: the C example DUT agrees" $(tail -n1 "$TMP/i7.out" | grep -qx '6 passed, 0 failed'; echo $?)
"$VO" check $I7 --dut-cmd "python3 $SRC/examples/dut_py/dut.py" >"$TMP/i7p.out" 2>&1
expect "D101/D102: the Python example DUT agrees" $(tail -n1 "$TMP/i7p.out" | grep -qx '6 passed, 0 failed'; echo $?)

if [ $fails -ne 0 ]; then echo "test_check_conv: $fails failure(s)"; exit 1; fi
echo "test_check_conv: all passed"
