#!/usr/bin/env bash
# Hostile input for the one reader of every command (issues 15, 16, 17):
# files rewritten during a check, the input size cap, gzip vectors, NUL bytes
# in and between JSON tokens, lax numbers and duplicate members in cov and
# check, messages that name the offending value, a malformed test late in a
# file (no DUT call at all). Every case here failed before the reader change.
#   $1 = visa-oracle binary, $2 = source dir.
# Bounded: the largest file written is sparse; the gzip bomb is 1/1000 of its
# inflated size and is never inflated past the cap.
set -u
VO=${1:?usage: test_reader.sh visa-oracle source-dir}
SRC=${2:?usage: test_reader.sh visa-oracle source-dir}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0 hostile=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
run_vo() { "$VO" "$@" >"$T/out" 2>"$T/err"; rc=$?; }
want_rc() { [ "$rc" -eq "$1" ] && ok || bad "$2: exit $rc, want $1 (stderr: $(head -c 400 "$T/err"))"; }
want_err() { grep -Eq -- "$1" "$T/err" && ok || bad "$2: stderr '$(head -c 400 "$T/err")' !~ /$1/"; }
one_line() { [ "$(wc -l <"$T/err")" -eq 1 ] && ok || bad "$1: stderr is not one line: $(head -c 400 "$T/err")"; }
hostile() { hostile=$((hostile + 1)); }

CASE=$SRC/examples/cases/scatter.json
DUTPY=$SRC/examples/dut_py/dut.py
# a small vector file: 30 tests of the shipped scatter vectors (or gen's)
VEC=$(ls "$SRC"/vectors/scatter-01.json 2>/dev/null | head -1)
if [ -z "$VEC" ]; then
    "$VO" gen --insn scatter --count 30 --out "$T/gen" --quiet >/dev/null || { echo "gen failed" >&2; exit 1; }
    VEC=$(ls "$T"/gen/*.json | head -1)
fi
python3 - "$VEC" "$T/v.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["tests"] = d["tests"][:30]
json.dump(d, open(sys.argv[2], "w"), indent=1)
EOF
# the compact one-line input of the example case
python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["input"], separators=(",", ":")))' "$CASE" >"$T/in.json"

# ---- 1. a vector file rewritten during check (it was mapped: SIGBUS) ----
# the DUT truncates the file being checked at its first input
cat >"$T/trunc-dut.sh" <<EOF
#!/bin/sh
while IFS= read -r line; do
    if [ ! -e "$T/truncated" ]; then : >"\$VO_TRUNC"; touch "$T/truncated"; fi
    echo '{"status":"ok"}'
done
EOF
cp "$T/v.json" "$T/w.json"
VO_TRUNC=$T/w.json run_vo check "$T/w.json" --dut-cmd "sh $T/trunc-dut.sh" -q
hostile
[ "$rc" -lt 128 ] && ok || bad "file truncated during check: killed by signal $((rc - 128))"
grep -Eq '^[0-9]+ passed, [0-9]+ failed' "$T/out" && ok || bad "file truncated during check: no summary ($(tail -c 200 "$T/out"))"
# a later file rewritten while the first one runs: refused with a message
cp "$T/v.json" "$T/a.json"
cp "$T/v.json" "$T/b.json"
rm -f "$T/truncated"
VO_TRUNC=$T/b.json run_vo check "$T/a.json" "$T/b.json" --dut-cmd "sh $T/trunc-dut.sh" -q
hostile
want_rc 2 "later file rewritten"
want_err "b.json' changed while check was running" "later file rewritten"

# ---- 2. the input cap (256 MiB), checked before reading ----
truncate -s $((256 * 1024 * 1024 + 1)) "$T/huge.json"
for cmd in "run $T/huge.json" "check $T/huge.json --dut-cmd true" "cov $T/huge.json" "explain $T/huge.json"; do
    run_vo $cmd
    hostile
    want_rc 2 "cap: $cmd"
    want_err "is 268435457 bytes; the input cap is 256 MiB \(VO_MAX_INPUT_BYTES" "cap: $cmd"
    one_line "cap: $cmd"
done
# the same through a pipe (no size known in advance): stopped at the cap
head -c $((256 * 1024 * 1024 + 2)) /dev/zero | { "$VO" run - >"$T/out" 2>"$T/err"; echo $? >"$T/rc"; }
rc=$(cat "$T/rc")
hostile
want_rc 2 "cap on stdin"
want_err "'-' is more than 268435456 bytes; the input cap is 256 MiB" "cap on stdin"

# ---- 3. gzip vectors: check, cov and explain read .json.gz ----
gzip -c "$T/v.json" >"$T/v.json.gz"
"$VO" check "$T/v.json" --dut-cmd "python3 $DUTPY" >"$T/plain.out" 2>&1
run_vo check "$T/v.json.gz" --dut-cmd "python3 $DUTPY"
want_rc 0 "check .json.gz"
cmp -s "$T/out" "$T/plain.out" && ok || bad "check .json.gz: output differs from the plain file"
grep -q '^30 passed, 0 failed$' "$T/out" && ok || bad "check .json.gz: summary $(tail -n1 "$T/out")"
"$VO" cov "$T/v.json" >"$T/cov-plain.out" 2>&1
run_vo cov "$T/v.json.gz"
cmp -s "$T/out" "$T/cov-plain.out" && ok || bad "cov .json.gz: output differs from the plain file"
ID=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tests"][3]["id"])' "$T/v.json")
"$VO" explain "$T/v.json" --id "$ID" >"$T/ex-plain.out" 2>&1
run_vo explain "$T/v.json.gz" --id "$ID"
want_rc 0 "explain .json.gz"
cmp -s "$T/out" "$T/ex-plain.out" && ok || bad "explain .json.gz: output differs from the plain file"
# a cut gzip file, and a gzip bomb past the cap
head -c 200 "$T/v.json.gz" >"$T/cut.json.gz"
run_vo check "$T/cut.json.gz" --dut-cmd true
hostile
want_rc 2 "cut gzip"
want_err "cut.json.gz' is not valid gzip data" "cut gzip"
python3 - "$T/bomb.json.gz" <<'EOF'
import sys, zlib
z = zlib.compressobj(1, zlib.DEFLATED, 31)
out = open(sys.argv[1], "wb")
chunk = b" " * (1 << 20)
for _ in range(257):
    out.write(z.compress(chunk))
out.write(z.compress(b"{}") + z.flush())
EOF
run_vo cov "$T/bomb.json.gz"
hostile
want_rc 2 "gzip bomb"
want_err "bomb.json.gz' inflates to more than 268435456 bytes; the input cap is 256 MiB" "gzip bomb"

# ---- 4. NUL bytes: between tokens, inside a string, \u0000 ----
nul_case() { # name python-expression-of-bytes expected-message
    python3 -c "import sys; t=open(sys.argv[1],'rb').read().strip(); sys.stdout.buffer.write($2)" "$T/in.json" >"$T/nul.json"
    run_vo run "$T/nul.json"
    hostile
    want_rc 2 "$1"
    want_err "^visa-oracle: E_JSON at json \(offset [0-9]+\): $3" "$1"
}
nul_case "NUL between tokens" "t.replace(b'\"insn\":', b'\"insn\":\\x00', 1)" "NUL byte where a value belongs"
nul_case "NUL after a comma" "t.replace(b',', b',\\x00', 1)" "NUL byte where a member name belongs"
nul_case "NUL before a comma" "t.replace(b',', b'\\x00,', 1)" "NUL byte between tokens"
nul_case "raw NUL in a string" "t.replace(b'\"TGLLP\"', b'\"TGL\\x00LP\"', 1)" "raw NUL byte in a string"
nul_case "\\u0000 in a string" "t.replace(b'\"TGLLP\"', b'\"TGLLP\\\\u0000x\"', 1)" '\\u0000 in a string'
nul_case "raw newline in a string" "t.replace(b'\"TGLLP\"', b'\"TGL\\nLP\"', 1)" "raw control byte 0x0a in a string"
# the same NUL in a test's comment through check (it cut the comment before)
python3 - "$T/v.json" "$T/nulc.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["tests"][5]["input"]["platform"]["name"] += "\u0000x"
open(sys.argv[2], "w").write(json.dumps(d))
EOF
run_vo check "$T/nulc.json" --dut-cmd true
hostile
want_rc 2 "\\u0000 in check"
want_err 'nulc.json test 6 id [0-9a-f]{16}: E_JSON at json \(offset [0-9]+\): \\u0000 in a string' "\\u0000 in check"
# nesting far past the format's depth
python3 -c 'import sys; print("{\"comment\":" + "[" * 100000 + "]" * 100000 + "}")' >"$T/deep.json"
run_vo run "$T/deep.json"
hostile
want_rc 2 "deep nesting"
want_err "E_JSON at json \(offset 74\): nested deeper than 64 levels" "deep nesting"

# ---- 5. cov parses like run and check ----
cov_case() { # name python-edit expected-stderr-regex
    python3 - "$T/v.json" "$T/c.json" "$2" <<'EOF'
import sys
t = open(sys.argv[1]).read()
exec(sys.argv[3])
open(sys.argv[2], "w").write(t)
EOF
    run_vo cov "$T/c.json"
    hostile
    want_rc 2 "cov: $1"
    want_err "$3" "cov: $1"
    one_line "cov: $1"
    [ "$(grep -o 'visa-oracle:' "$T/err" | wc -l)" -eq 1 ] && ok || bad "cov: $1: doubled prefix: $(cat "$T/err")"
}
cov_case "64.0" 't = t.replace("\"num_elts\": 8", "\"num_elts\": 8.0", 1)' "c.json tests\[0\] id [0-9a-f]{16}: E_STATE at input.vars\[0\].num_elts \(offset -1\): not an integer literal"
cov_case "064" 't = t.replace("\"num_elts\": 8", "\"num_elts\": 08", 1)' "tests\[0\] id [0-9a-f]{16}: E_STATE at input.vars\[0\].num_elts \(offset -1\): integer with a leading zero"
cov_case "trailing garbage" 't = t.rstrip() + " x"' "c.json' byte [0-9]+: expected a JSON object"
cov_case "two tests members" 't = t.rstrip()[:-1] + ", \"tests\": []}"' "c.json' byte [0-9]+: a second \"tests\" member"

# ---- 6. check: a test with two input or two id members ----
dup_case() { # name python-edit regex
    python3 - "$T/v.json" "$T/d.json" "$2" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
t = json.dumps(d, indent=1)
exec(sys.argv[3])
open(sys.argv[2], "w").write(t)
EOF
    run_vo check "$T/d.json" --dut-cmd "python3 $DUTPY"
    hostile
    want_rc 2 "check: $1"
    want_err "$3" "check: $1"
}
dup_case "two input members" 't = t.replace("\"input\": {", "\"input\": {\"insn\": \"00\"}, \"input\": {", 1)' "d.json' byte [0-9]+: a test object with two \"input\" members"
dup_case "two id members" 't = t.replace("\"id\": \"", "\"id\": \"0000000000000000\", \"id\": \"", 1)' "d.json' byte [0-9]+: a test object with two \"id\" members"
# run refuses both too (one reader)
python3 -c 'import json,sys; c=json.load(open(sys.argv[1])); t=json.dumps(c); print(t.replace("\"comment\":", "\"id\": \"a\", \"id\": \"b\", \"comment\":", 1))' "$CASE" >"$T/dupid.json"
run_vo run "$T/dupid.json"
hostile
want_rc 2 "run: two id members"
want_err "E_STATE at id \(offset -1\): duplicate key \"id\"" "run: two id members"

# ---- 7. messages name the value: vo_state_check, disasm ----
python3 -c 'import json,sys; c=json.load(open(sys.argv[1])); c["input"]["vars"][0]["id"]=25; c["input"]["vars"].sort(key=lambda v: v["id"]); print(json.dumps(c))' "$CASE" >"$T/id25.json"
run_vo run "$T/id25.json"
hostile
want_rc 2 "reserved var id"
want_err "E_STATE at input.vars\[0\].id \(offset -1\): variable id 25 is %null or reserved" "reserved var id"
run_vo disasm "3a01 0g06"
hostile
want_rc 2 "disasm non-hex"
want_err "E_STATE at insn \(offset 6\): non-hex character 'g' at character 6 of the argument" "disasm non-hex"

# ---- 8. a malformed test late in a file: refused before the first DUT call ----
python3 - "$T/v.json" "$T/late.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["tests"][-1]["input"]["exec_mask"] = "zz"
json.dump(d, open(sys.argv[2], "w"))
EOF
cat >"$T/log-dut.sh" <<EOF
#!/bin/sh
while IFS= read -r line; do echo x >>"$T/dut-calls"; echo '{"status":"ok"}'; done
EOF
rm -f "$T/dut-calls"
run_vo check "$T/v.json" "$T/late.json" --dut-cmd "sh $T/log-dut.sh" -q
hostile
want_rc 2 "late malformed test"
want_err "late.json test 30 id [0-9a-f]{16}: E_STATE at input.exec_mask" "late malformed test"
[ ! -s "$T/dut-calls" ] && ok || bad "late malformed test: the DUT was called $(wc -l <"$T/dut-calls") time(s) before the error"
[ ! -s "$T/out" ] && ok || bad "late malformed test: partial report on stdout: $(head -c 200 "$T/out")"

# ---- 9. gen --out writes a run's files as a set, under a lock ----
G=$T/g
"$VO" gen --insn scatter --count 30 --per-file 10 --out "$G" --quiet
"$VO" gen --insn gather --count 10 --out "$G" --quiet
run_vo gen --insn scatter --count 10 --per-file 10 --seed 7 --out "$G"
hostile
want_rc 0 "gen over an earlier run"
[ "$(cd "$G" && ls)" = "$(printf 'gather.json\nscatter.json')" ] && ok || bad "gen over an earlier run: files $(cd "$G" && ls | tr '\n' ' ') (stale chunks left beside the new set)"
grep -q "3 stale files of scatter removed" "$T/out" && ok || bad "gen over an earlier run: summary $(cat "$T/out")"
"$VO" gen --insn scatter --count 20 --per-file 10 --shard 0/2 --out "$G" --quiet
"$VO" gen --insn scatter --count 20 --per-file 10 --shard 1/2 --out "$G" --quiet
[ "$(cd "$G" && ls scatter* | tr '\n' ' ')" = "scatter-01.shard-0-of-2.json scatter-01.shard-1-of-2.json scatter-02.shard-0-of-2.json scatter-02.shard-1-of-2.json " ] && ok || bad "gen shards: $(cd "$G" && ls | tr '\n' ' ')"
# a second run while one holds the directory: refused at once
flock "$G/.visa-oracle-gen.lock" sleep 3 &
sleep 0.5
run_vo gen --insn scatter --count 10 --seed 9 --out "$G"
hostile
want_rc 1 "gen while another gen runs"
want_err "another gen run is writing .*g \(it holds .*\.visa-oracle-gen\.lock\)" "gen while another gen runs"
wait
[ ! -e "$G/.visa-oracle-gen.lock" ] || rm -f "$G/.visa-oracle-gen.lock" # flock(1) left it
"$VO" gen --insn gather --count 10 --out "$G" --quiet
[ ! -e "$G/.visa-oracle-gen.lock" ] && ok || bad "gen left its lock file behind"
# a write that fails: no summary, no file of the instruction changed, no temporary left
cp "$G/gather.json" "$T/gather.before"
"$VO" gen --insn scatter --count 30 --per-file 10 --out "$G" --quiet
rm -f "$G/scatter-02.json" && mkdir "$G/scatter-02.json"
run_vo gen --insn scatter --count 30 --per-file 10 --seed 5 --out "$G"
hostile
want_rc 1 "gen: failed write"
want_err "cannot put the files of scatter in place: .*scatter-02.json exists and is not a regular file \(no file of scatter was changed\)" "gen: failed write"
one_line "gen: failed write"
! grep -q '^scatter:' "$T/out" && ok || bad "gen: failed write: summary printed: $(cat "$T/out")"
! ls "$G" | grep -q '\.tmp\.' && ok || bad "gen: failed write: temporaries left: $(ls "$G")"
grep -q '"seed":5' "$G/scatter-01.json" && bad "gen: failed write: scatter-01.json already replaced by the failed run" || ok

# ---- 10. the first pass's scanner: strings, escapes and brackets at every place of its 64-byte blocks ----
# each test's "expect" (skipped, never decoded) gets a member whose strings hold escaped quotes, backslashes
# and brackets, shifted by one more byte per test so that they meet every block boundary; the scan must find
# the same tests (same report as without it), and the same text cut inside such a string is refused. A
# guard of the 64-byte scanner (issue 15 point 8): it passed with the scanner before it too; it fails
# when a block with a backslash is scanned as if it had none.
python3 - "$T/v.json" "$T/esc.json" "$T/esc-cut.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for k, t in enumerate(d["tests"]):
    t["expect"]["x"] = ["a" * (k % 64) + '"]}' + "\\" * (k % 3) + "[{", {"y": ["\\", "}", "]", '"{']}, "b" * k]
text = json.dumps(d, separators=(",", ":"))
open(sys.argv[2], "w").write(text)
cut = text.index('\\"]}', len(text) // 2) + 1  # just after a backslash, inside a string
open(sys.argv[3], "w").write(text[:cut])
EOF
"$VO" check "$T/v.json" --dut-cmd "python3 $DUTPY" -q >"$T/esc-plain.out" 2>&1
run_vo check "$T/esc.json" --dut-cmd "python3 $DUTPY" -q
want_rc 0 "scanner: escapes and brackets in skipped strings"
cmp -s "$T/out" "$T/esc-plain.out" && ok || bad "scanner: escapes and brackets in skipped strings: report differs: $(head -c 300 "$T/out")"
run_vo check "$T/esc-cut.json" --dut-cmd "python3 $DUTPY" -q
hostile
want_rc 2 "scanner: cut after a backslash"
want_err "esc-cut.json' byte [0-9]+: malformed JSON \(unterminated string\) \(in its tests\)" "scanner: cut after a backslash"

echo "test_reader: $pass checks passed, $fail failed; hostile cases tried: $hostile"
[ "$fail" -eq 0 ]
