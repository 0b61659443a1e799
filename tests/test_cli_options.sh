#!/usr/bin/env bash
# Command-line conventions (issue 16 point 5): every command takes
# --opt=value as well as --opt value (getopt_long), operands and options in
# any order, "--" ends the options, abbreviated long names are refused, an
# instruction name is accepted in either case, and `gen --help` names the
# files gen really writes.
#   test_cli_options.sh <path-to-visa-oracle> <source-dir>
set -u
VO=${1:?usage: test_cli_options.sh path-to-visa-oracle source-dir}
SRC=${2:?usage: test_cli_options.sh path-to-visa-oracle source-dir}
BUILD=$(cd "$(dirname "$VO")" && pwd)
VO="$BUILD/$(basename "$VO")"
EX="$SRC/examples/cases"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
run_vo() { "$VO" "$@" >"$T/out" 2>"$T/err"; rc=$?; }
expect_rc() { if [ "$rc" -eq "$1" ]; then ok; else bad "$2: exit $rc, want $1 (stderr: $(head -c 300 "$T/err"))"; fi; }
expect_err() { # description regex: exactly one stderr line matching
    if [ "$(wc -l <"$T/err")" -eq 1 ] && grep -Eq -- "$2" "$T/err"; then ok; else bad "$1: stderr '$(cat "$T/err")' !~ /$2/"; fi
}
same_files() { # description a b
    if cmp -s "$2" "$3"; then ok; else bad "$1: $2 and $3 differ"; fi
}

# ---- run: -o X, -oX, --output X, --output=X all write the same bytes ----
run_vo run "$EX/scatter.json" -o "$T/a.json"
expect_rc 0 "run -o X"
run_vo run "$EX/scatter.json" "-o$T/b.json"
expect_rc 0 "run -oX"
run_vo run --output "$T/c.json" "$EX/scatter.json"
expect_rc 0 "run --output X before the operand"
run_vo run "--output=$T/d.json" "$EX/scatter.json"
expect_rc 0 "run --output=X"
for f in b c d; do same_files "run output form $f" "$T/a.json" "$T/$f.json"; done
run_vo run -o "$T/e.json" -- "$EX/scatter.json"
expect_rc 0 "run -- ends the options"
same_files "run --" "$T/a.json" "$T/e.json"

# ---- the error forms name the option as written ----
run_vo run "$EX/scatter.json" --output
expect_rc 2 "run --output without value"
expect_err "run --output without value" "^visa-oracle: run: --output needs a value"
run_vo run "$EX/scatter.json" --outp "$T/x.json"
expect_rc 2 "abbreviated long option"
expect_err "abbreviated long option" "^visa-oracle: run: unknown option '--outp'"
[ -e "$T/x.json" ] && bad "abbreviated option wrote a file" || ok
run_vo cov --json=yes "$SRC/vectors"
expect_rc 2 "flag with a value"
expect_err "flag with a value" "^visa-oracle: cov: --json takes no value"
run_vo check --rows=0 --dut-cmd=true "$EX/scatter.json"
expect_rc 2 "check --rows=0"
expect_err "check --rows=0" "^visa-oracle: check: --rows wants a positive number, not '0'"
run_vo check --max-consecutive-failures=-1 --dut-cmd=true "$EX/scatter.json"
expect_rc 2 "check --max-consecutive-failures=-1"
expect_err "check --max-consecutive-failures=-1" "^visa-oracle: check: --max-consecutive-failures wants a number"
run_vo shrink --timeout-ms=x --dut-cmd=true "$EX/scatter.json"
expect_rc 2 "shrink --timeout-ms=x"
expect_err "shrink --timeout-ms=x" "^visa-oracle: shrink: --timeout-ms wants a positive number, not 'x'"
run_vo check -qz --dut-cmd=true "$EX/scatter.json"
expect_rc 2 "unknown short letter in a group"
expect_err "unknown short letter in a group" "^visa-oracle: check: unknown option '-z'"

# ---- asm / disasm / explain take --opt=value ----
run_vo asm --visa-version=3.3 "scatter.4 (M1_NM, 8) T6 0x10:ud V32.0 V33.0"
expect_rc 0 "asm --visa-version=3.3"
# SCATTER, 2-byte ids before 3.4 (docs/encoding.md): worked by hand
if [ "$(cat "$T/out")" = "3a0280060500100000002000000021000000" ]; then ok; else bad "asm --visa-version=3.3: $(cat "$T/out")"; fi
run_vo disasm --visa-version=3.3 "3a0280060500100000002000000021000000"
expect_rc 0 "disasm --visa-version=3.3"
run_vo explain "$EX/scatter.json" --id=0000000000000000
expect_rc 2 "explain --id=<absent id>"
expect_err "explain --id=<absent id>" "0000000000000000"

# ---- check: the = form gives the same run as the space form ----
LIB="$BUILD/examples/libdut_example.so"
if [ -f "$LIB" ]; then
    run_vo check "$SRC/vectors/scatter-01.json" --dut-lib "$LIB" --isolate --rows 2 --timeout-ms 5000 --json
    expect_rc 0 "check space form"
    cp "$T/out" "$T/check1"
    run_vo check --dut-lib="$LIB" --isolate --rows=2 --timeout-ms=5000 --json "$SRC/vectors/scatter-01.json"
    expect_rc 0 "check = form"
    same_files "check = form vs space form" "$T/check1" "$T/out"
    grep -q '"passed":[1-9]' "$T/out" && ok || bad "check = form: no test passed: $(tail -1 "$T/out")"
else
    bad "no $LIB (build the example DUT)"
fi

# ---- instruction names in either case ----
mkdir -p "$T/g1" "$T/g2" "$T/g3"
run_vo gen --insn GATHER_SCALED --count 5 --out "$T/g1" --quiet
expect_rc 0 "gen --insn GATHER_SCALED"
run_vo gen --insn=gather_scaled --count=5 --out="$T/g2" --quiet
expect_rc 0 "gen --insn=gather_scaled"
run_vo gen --insn=Gather_Scaled --count=5 --out="$T/g3" --quiet
expect_rc 0 "gen --insn=Gather_Scaled"
same_files "gen upper vs lower case" "$T/g1/gather_scaled.json" "$T/g2/gather_scaled.json"
same_files "gen mixed vs lower case" "$T/g3/gather_scaled.json" "$T/g2/gather_scaled.json"
# check --insn takes the name in either case too (the same tests as lower case)
if [ -f "$LIB" ]; then
    run_vo check --insn GATHER_SCALED --dut-lib "$LIB" "$SRC/vectors/gather_scaled-01.json" "$SRC/vectors/scatter-01.json"
    up_rc=$rc; cp "$T/out" "$T/up"
    run_vo check --insn=gather_scaled --dut-lib="$LIB" "$SRC/vectors/gather_scaled-01.json" "$SRC/vectors/scatter-01.json"
    if [ "$up_rc" = "$rc" ] && cmp -s "$T/up" "$T/out" && grep -q ' passed' "$T/out"; then ok; else
        bad "check --insn GATHER_SCALED differs from --insn=gather_scaled: $(tail -1 "$T/up") / $(tail -1 "$T/out")"
    fi
fi
run_vo gen --insn GATHER_SCALEDX --count 1 --out "$T/g1"
expect_rc 2 "gen unknown instruction"
expect_err "gen unknown instruction" "unknown instruction 'GATHER_SCALEDX'"
run_vo gen --insn scatter stray --out "$T/g1"
expect_rc 2 "gen stray operand"

# ---- gen --help names the files gen writes: run its own example ----
run_vo gen --help
expect_rc 0 "gen --help"
# the example line: `gen --insn X --count N --per-file P --shard i/n` writes A and B.
ex=$(tr '\n' ' ' <"$T/out" | grep -o 'e.g. `gen [^`]*` writes [^ ]* and [^ ]*\.json' | head -1)
if [ -z "$ex" ]; then
    bad "gen --help has no 'e.g. \`gen ...\` writes A and B' example"
else
    args=$(echo "$ex" | sed 's/^e.g. `gen \([^`]*\)`.*/\1/')
    want=$(echo "$ex" | sed 's/.*` writes \([^ ]*\) and \([^ ]*\)$/\1 \2/' | tr ' ' '\n' | sed 's|^vectors/||' | sort)
    mkdir -p "$T/h"
    # shellcheck disable=SC2086
    (cd "$T/h" && "$VO" gen $args --quiet >/dev/null 2>&1)
    got=$(cd "$T/h/vectors" 2>/dev/null && ls | sort)
    if [ -n "$want" ] && [ "$got" = "$want" ]; then ok; else bad "gen --help example: says '$want', wrote '$got'"; fi
fi
# each file-name pattern of the help is one gen writes
mkdir -p "$T/p1" "$T/p2" "$T/p3" "$T/p4"
"$VO" gen --insn scatter --count 2 --per-file 5 --out "$T/p1" --quiet
"$VO" gen --insn scatter --count 3 --per-file 1 --out "$T/p2" --quiet
"$VO" gen --insn scatter --count 2 --per-file 5 --shard 0/2 --out "$T/p3" --quiet
"$VO" gen --insn scatter --count 0 --out "$T/p4" --quiet
grep -q 'DIR/<insn>.json ' "$T/out" && [ "$(ls "$T/p1")" = "scatter.json" ] && ok || bad "help/DIR/<insn>.json: $(ls "$T/p1")"
grep -q 'DIR/<insn>-NN.json ' "$T/out" && [ "$(ls "$T/p2" | tr '\n' ' ')" = "scatter-01.json scatter-02.json scatter-03.json " ] && ok ||
    bad "help/DIR/<insn>-NN.json: $(ls "$T/p2")"
grep -q 'DIR/<insn>.shard-i-of-n.json' "$T/out" && [ "$(ls "$T/p3")" = "scatter.shard-0-of-2.json" ] && ok ||
    bad "help/shard name: $(ls "$T/p3")"
grep -q 'also --count 0' "$T/out" && [ "$(ls "$T/p4")" = "scatter.json" ] && ok || bad "help/--count 0: $(ls "$T/p4")"

# ---- every command's --help mentions the = form or is reached by -h ----
for c in run disasm asm case2json json2case check explain shrink gen cov; do
    run_vo "$c" -h
    if [ "$rc" -eq 0 ] && grep -q '^usage: visa-oracle' "$T/out"; then ok; else bad "$c -h: exit $rc"; fi
done

echo "test_cli_options.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
