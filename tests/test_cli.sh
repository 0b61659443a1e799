#!/usr/bin/env bash
# CLI tests: test_cli.sh <path-to-visa-oracle> <source-dir>
# Expected texts are worked by hand (examples/cases/README.md, docs/format.md,
# docs/encoding.md §2 byte tables), not copied from the program's output.
set -u
VO=${1:?usage: test_cli.sh path-to-visa-oracle source-dir}
SRC=${2:?usage: test_cli.sh path-to-visa-oracle source-dir}
EX="$SRC/examples/cases"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# run_vo: runs the oracle, stores stdout/stderr/exit code
run_vo() {
    "$VO" "$@" >"$T/out" 2>"$T/err"
    rc=$?
}

expect_rc() { # expected rc, description
    if [ "$rc" -eq "$1" ]; then ok; else bad "$2: exit $rc, want $1 (stderr: $(head -c 300 "$T/err"))"; fi
}

expect_one_err_line() { # description [regex]
    local n
    n=$(wc -l <"$T/err")
    if [ "$n" -eq 1 ] && [ "$(tail -c 1 "$T/err" | od -An -c | tr -d ' ')" = '\n' ]; then ok; else
        bad "$1: stderr has $n lines: $(cat "$T/err")"
    fi
    if [ $# -ge 2 ]; then
        if grep -Eq -- "$2" "$T/err"; then ok; else bad "$1: stderr '$(cat "$T/err")' !~ /$2/"; fi
    fi
}

expect_no_stderr() {
    if [ ! -s "$T/err" ]; then ok; else bad "$1: unexpected stderr: $(cat "$T/err")"; fi
}

expect_out() { # description regex (extended, on stdout)
    if grep -Eq -- "$2" "$T/out"; then ok; else bad "$1: stdout !~ /$2/ (stdout: $(head -c 600 "$T/out"))"; fi
}

expect_out_fixed() { # description fixed-string
    if grep -Fq -- "$2" "$T/out"; then ok; else bad "$1: stdout lacks '$2' (stdout: $(head -c 600 "$T/out"))"; fi
}

no_tmp_left() { # dir description
    if ls "$1" | grep -q '\.tmp\.'; then bad "$2: temp file left: $(ls "$1")"; else ok; fi
}

# ---- help / version / usage ----
run_vo --version
expect_rc 0 "--version"
expect_out "--version" '^visa-oracle [0-9]+\.[0-9]+\.[0-9]+$'
run_vo --help
expect_rc 0 "--help"
expect_out "--help lists run" '^  run '
expect_out "--help lists disasm" '^  disasm '
run_vo run --help
expect_rc 0 "run --help"
expect_out "run --help" '^usage: visa-oracle run '
run_vo disasm --help
expect_rc 0 "disasm --help"
expect_out "disasm --help" '^usage: visa-oracle disasm '
run_vo
expect_rc 2 "no command"
expect_one_err_line "no command" '^visa-oracle: '
run_vo frobnicate
expect_rc 2 "unknown command"
expect_one_err_line "unknown command" "^visa-oracle: unknown command 'frobnicate'"
run_vo run
expect_rc 2 "run without a case"
expect_one_err_line "run without a case" '^visa-oracle: '
run_vo run "$EX/scatter.json" --bogus
expect_rc 2 "run with an unknown option"
expect_one_err_line "run with an unknown option" "unknown option '--bogus'"
run_vo run "$T/does-not-exist.json"
expect_rc 2 "missing case file"
expect_one_err_line "missing case file" 'cannot read'

# ---- run: the four hand-written examples ----
for name in scatter4_scaled scatter oword_st gather_scaled; do
    run_vo run "$EX/$name.json"
    expect_rc 0 "run $name"
    expect_no_stderr "run $name"
    # one line, ending in a newline
    if [ "$(wc -l <"$T/out")" -eq 1 ] && [ "$(tail -c 1 "$T/out" | od -An -c | tr -d ' ')" = '\n' ]; then ok; else
        bad "run $name: output is not exactly one line"
    fi
    expect_out "run $name status" '^\{"status":"ok","error":null,"vars":\['
    expect_out "run $name digest" '"digest":"[0-9a-f]{64}"\}$'
    cp "$T/out" "$T/$name.first"
    # determinism: a second run gives identical bytes
    run_vo run "$EX/$name.json"
    if cmp -s "$T/out" "$T/$name.first"; then ok; else bad "run $name twice: outputs differ"; fi
    # -o writes the same bytes atomically, leaving no temp file
    mkdir -p "$T/o_$name"
    run_vo run "$EX/$name.json" -o "$T/o_$name/result.json"
    expect_rc 0 "run $name -o"
    if [ ! -s "$T/out" ] && cmp -s "$T/o_$name/result.json" "$T/$name.first"; then ok; else
        bad "run $name -o: file differs from stdout run or stdout not empty"
    fi
    no_tmp_left "$T/o_$name" "run $name -o"
    # stdin
    "$VO" run - <"$EX/$name.json" >"$T/out" 2>"$T/err"
    if cmp -s "$T/out" "$T/$name.first"; then ok; else bad "run $name from stdin differs"; fi
done

# Final states worked by hand in examples/cases/README.md.
cp "$T/scatter4_scaled.first" "$T/out"
# scatter4_scaled: one run of lines 1..8 (line 8 clipped at size 136).
# line 1+i = lane i: R dword at +0, B dword at +8; lane 2 is masked off (line
# 3 keeps deadbeef); lane 7's B dword at 136 is out of bounds (dropped).
L1=01010101""00000000""000000b0""00000000
L2=02020202""00000000""010000b0""00000000
L3=deadbeef""00000000""00000000""00000000
L4=04040404""00000000""030000b0""00000000
L5=05050505""00000000""040000b0""00000000
L6=06060606""00000000""050000b0""00000000
L7=07070707""00000000""060000b0""00000000
L8=0808080800000000
expect_out_fixed "scatter4_scaled final surface" \
"\"surfaces\":[{\"index\":6,\"size\":136,\"data\":[[16,\"$L1$L2$L3$L4$L5$L6$L7$L8\"]]}]"
expect_out "scatter4_scaled tags" '"tags":\[[^]]*"oob_write"'
expect_out_fixed "scatter4_scaled vars unchanged" \
'"vars":[{"id":32,"type":"ud","num_elts":8,"data":"0000000010000000200000003000000040000000500000006000000070000000"},'

cp "$T/scatter.first" "$T/out"
expect_out_fixed "scatter final surface" \
'"surfaces":[{"index":6,"size":64,"data":[[0,"00000000111122223333444400000000000000000000000055556666ffff0000"]]}]'
expect_out_fixed "scatter free empty" '"free":[]'

cp "$T/oword_st.first" "$T/out"
expect_out_fixed "oword_st final surface" \
'"surfaces":[{"index":6,"size":96,"data":[[0,"ffffffffffffffffffffffffffffffff"],[48,"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"]]}]'

cp "$T/gather_scaled.first" "$T/out"
# var 33: dword 0 low byte 00, dword 1 low byte 55, dword 2 kept (lane 2
# predicated off), dword 3 low byte 00 (out of bounds); other bytes free
expect_out "gather_scaled dst defined bytes" \
'\{"id":33,"type":"ud","num_elts":8,"data":"00[0-9a-f]{6}55[0-9a-f]{6}cccccccc00[0-9a-f]{6}[0-9a-f]{32}"\}'
expect_out_fixed "gather_scaled surface unchanged" \
'"surfaces":[{"index":6,"size":64,"data":[[0,"00112233445566778899aabbccddeeff"]]}]'
expect_out_fixed "gather_scaled upper bytes of lane 0 free" \
'{"space":"var","index":33,"offset":1,'
expect_out "gather_scaled tags" '"tags":\[[^]]*"oob_read"'

# ---- run: an invalid instruction is a result, not a CLI error ----
# scatter4_scaled with exec size code 6 (byte 1): E_EXEC_SIZE at exec_size, offset 1
sed 's/"insn": "7503/"insn": "7506/' "$EX/scatter4_scaled.json" >"$T/invalid.json"
run_vo run "$T/invalid.json"
expect_rc 0 "run invalid instruction"
expect_no_stderr "run invalid instruction"
expect_out_fixed "run invalid instruction" '{"status":"invalid","error":{"code":"E_EXEC_SIZE","field":"exec_size","offset":1,'
# final state == input: the surface keeps only deadbeef
expect_out_fixed "run invalid keeps state" '"surfaces":[{"index":6,"size":136,"data":[[48,"deadbeef000000000000000000000000"]]}]'

# ---- run: malformed case JSON -> exit 2, one line, nothing written ----
sed 's/"data": "0000000010000000/"data": "000000001000000/' "$EX/scatter4_scaled.json" >"$T/oddhex.json"
mkdir -p "$T/o_bad"
run_vo run "$T/oddhex.json" -o "$T/o_bad/result.json"
expect_rc 2 "odd hex"
expect_one_err_line "odd hex" '^visa-oracle: E_STATE at input\.vars\[0\]\.data \(offset -1\): .+'
if [ ! -e "$T/o_bad/result.json" ]; then ok; else bad "odd hex: output file created"; fi
no_tmp_left "$T/o_bad" "odd hex"
if [ ! -s "$T/out" ]; then ok; else bad "odd hex: stdout not empty"; fi
# an existing output file is left untouched on error
echo old >"$T/o_bad/result.json"
run_vo run "$T/oddhex.json" -o "$T/o_bad/result.json"
expect_rc 2 "odd hex, existing output"
if [ "$(cat "$T/o_bad/result.json")" = old ]; then ok; else bad "odd hex: existing output overwritten"; fi
no_tmp_left "$T/o_bad" "odd hex, existing output"

printf '{"input": {"insn": "75",}}' >"$T/syntax.json"
run_vo run "$T/syntax.json"
expect_rc 2 "syntax error"
expect_one_err_line "syntax error" '^visa-oracle: E_JSON at json \(offset [0-9]+\): '
{ cat "$EX/scatter.json"; echo ' trailing'; } >"$T/trailing.json"
run_vo run "$T/trailing.json"
expect_rc 2 "trailing garbage"
expect_one_err_line "trailing garbage" '^visa-oracle: E_JSON at json \(offset [0-9]+\): trailing'
sed 's/"TGLLP"/"NOPE"/' "$EX/scatter.json" >"$T/plat.json"
run_vo run "$T/plat.json"
expect_rc 2 "unknown platform"
expect_one_err_line "unknown platform" '^visa-oracle: E_STATE at input\.platform\.name \(offset -1\): '
# writing into a directory that does not exist: exit 1, no file
run_vo run "$EX/scatter.json" -o "$T/no/such/dir/out.json"
expect_rc 1 "unwritable output"
expect_one_err_line "unwritable output" "cannot write"

# ---- disasm: the worked examples of docs/encoding.md §2, encoded by hand ----
# §2.1 SCATTER4_SCALED, SIMD16, RGBA, T6, imm 0, offs=V32, data=V33
run_vo disasm "75 04 00 00 0F 00 00 06 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00"
expect_rc 0 "disasm scatter4_scaled"
cat >"$T/want" <<'EOF'
opcode @0 = 0x75 (scatter4_scaled)
exec_size @1 = 0x04
pred @2 = 0x0000
channels @4 = 0x0f
scale @5 = 0x0000
surface @7 = 0x06
offset @8 = imm type=ud value=0x0
element_offset @14 = raw id=32 offset=0
src @20 = raw id=33 offset=0
scatter4_scaled.RGBA (M1, 16) T6 0x0:ud V32.0 V33.0
EOF
if cmp -s "$T/out" "$T/want"; then ok; else bad "disasm scatter4_scaled: got
$(cat "$T/out")"; fi
# same instruction with 2-byte ids (vISA 3.3)
run_vo disasm 7504 0000 0F00 0006 0500 0000 0000 2000 0000 2100 0000 --visa-version 3.3
expect_rc 2 "disasm: several HEX arguments are a usage error"
run_vo disasm "75040000 0F000006 05000000 00002000 00002100 0000" --visa-version 3.3
expect_rc 0 "disasm vISA 3.3"
expect_out "disasm vISA 3.3 src offset" '^src @18 = raw id=33 offset=0$'
expect_out "disasm vISA 3.3 text" '^scatter4_scaled\.RGBA \(M1, 16\) T6 0x0:ud V32\.0 V33\.0$'
# §2.2 SCATTER, dword, 8 lanes, NoMask, imm 16
run_vo disasm "3A 02 80 06 05 00 10 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00"
expect_rc 0 "disasm scatter"
expect_out "disasm scatter fields" '^num_elts @2 = 0x80$'
expect_out "disasm scatter text" '^scatter\.4 \(M1_NM, 8\) T6 0x10:ud V32\.0 V33\.0$'
# §2.3 OWORD_ST, 4 owords, stateless, offset in general var 34
run_vo disasm "36 02 05 00 22 00 00 00 00 00 21 01 21 00 00 00 00 00"
expect_rc 0 "disasm oword_st"
expect_out "disasm oword_st offset" '^offset @3 = general id=34 row=0 col=0 region=0x0121$'
expect_out "disasm oword_st text" '^oword_st \(4\) %scratch V34\(0,0\)<0;1,0> V33\.0$'
# §2.4 GATHER_SCALED, (!P1), 2 bytes, SIMD16, SLM
run_vo disasm "78 04 01 80 00 01 00 00 00 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00"
expect_rc 0 "disasm gather_scaled"
expect_out "disasm gather_scaled pred" '^pred @2 = 0x8001$'
expect_out "disasm gather_scaled text" '^\(!P1\) gather_scaled\.2 \(M1, 16\) %slm 0x0:ud V32\.0 V33\.0$'

# disasm errors: exit 2, one line, nothing on stdout
run_vo disasm "750"
expect_rc 2 "disasm odd hex"
expect_one_err_line "disasm odd hex" '^visa-oracle: E_STATE at insn \(offset -1\): '
run_vo disasm "7x"
expect_rc 2 "disasm non-hex"
expect_one_err_line "disasm non-hex" '^visa-oracle: E_STATE at insn '
run_vo disasm "7504"
expect_rc 2 "disasm truncated"
expect_one_err_line "disasm truncated" '^visa-oracle: E_TRUNCATED at pred \(offset 2\): '
if [ ! -s "$T/out" ]; then ok; else bad "disasm truncated: stdout not empty"; fi
run_vo disasm "ff"
expect_rc 2 "disasm unknown opcode"
expect_one_err_line "disasm unknown opcode" '^visa-oracle: E_OPCODE at opcode \(offset 0\): '
run_vo disasm "75 04 00 00 0F 00 00 06 05 00 00 00 00 00 20 00 00 00 00 00 21 00 00 00 00 00 00"
expect_rc 2 "disasm trailing byte"
expect_one_err_line "disasm trailing byte" '^visa-oracle: E_TRAILING at .* \(offset 26\): '
run_vo disasm "75" --visa-version 4.2
expect_rc 2 "disasm bad version"
expect_one_err_line "disasm bad version" '^visa-oracle: E_STATE at visa_version '

# ---- asm: the inverse of disasm (bytes of docs/encoding.md §2.1/§2.2, by hand) ----
run_vo asm "scatter4_scaled.RGBA (M1, 16) T6 0x0:ud V32.0 V33.0"
expect_rc 0 "asm scatter4_scaled"
if [ "$(cat "$T/out")" = "750400000f000006050000000000200000000000210000000000" ]; then ok; else bad "asm scatter4_scaled: got $(cat "$T/out")"; fi
expect_no_stderr "asm scatter4_scaled"
run_vo asm "scatter.4 (M1_NM, 8) T6 0x10:ud V32.0 V33.0" --visa-version 3.3
expect_rc 0 "asm scatter 3.3"
if [ "$(cat "$T/out")" = "3a0280060500100000002000000021000000" ]; then ok; else bad "asm scatter 3.3: got $(cat "$T/out")"; fi
run_vo asm "scatter.4 (M1, 8) T3 0x0:ud V32.0 V33.0"
expect_rc 2 "asm bad surface"
expect_one_err_line "asm bad surface" '^visa-oracle: E_STATE at surface \(offset 18\): '
run_vo asm "scatter5 (M1, 8) T6 0x0:ud V32.0 V33.0"
expect_rc 2 "asm unknown mnemonic"
expect_one_err_line "asm unknown mnemonic" '^visa-oracle: E_OPCODE at mnemonic \(offset 0\): '
run_vo asm --help
expect_rc 0 "asm --help"
expect_out "asm --help" '^usage: visa-oracle asm '

echo "test_cli.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
