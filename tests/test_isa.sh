#!/usr/bin/env bash
# test_isa.sh VISA_ORACLE SRC_DIR -- issue 25: the .isa kernel-file reader and `scan FILE.isa`.
#  1. a kernel file written here byte by byte from the vISA header page (one kernel, a string
#     pool, two variables, one surface, three instructions in the full layout): scan lists
#     mov / oword_ld_unaligned / ret, decodes the memory one and prints its IGC text (worked by
#     hand); the same kernel as IGC 1.0.12504 writes it (mov and ret lose their operands, the
#     declared size still counts them, the tail is junk) is refused with kernel, instruction and
#     byte offset (exit 2, nothing on stdout) and listed with --igc-truncated (D223);
#  2. hostile files: every truncation of the well-formed file, a bad magic, a string index out
#     of range, a huge variable count, an object outside the file: exit 2, a message naming
#     the field and the byte offset, nothing on stdout;
#  3. the corpus: every kernel of corpus/kernels/*/*.isa (IGC 1.0.12504's files) walks to the
#     instruction count of its .visaasm, with the same mnemonic and memory flag per index; each
#     memory instruction that kept all its operands decodes and prints IGC's line byte for byte;
#     without --igc-truncated every corpus .isa is refused (exit 2);
#  4. scan --inputs DIR (D224): one input object per memory instruction that executes, named
#     <kernel>.<index>.json, holding the variables it names at their declared sizes; each runs
#     (`run`) with a status other than invalid.
set -u
VO=${1:?usage: test_isa.sh VISA_ORACLE SRC_DIR}
SRC=${2:?usage: test_isa.sh VISA_ORACLE SRC_DIR}
T=$(mktemp -d "${TMPDIR:-/tmp}/vo-isa.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# 1. the kernel file, field by field (vISA 4.1: ids are ud, name_len uw, num_inputs ud)
python3 - "$T" <<'PY'
import struct, sys
d = sys.argv[1]
def obj(code, name_index=0, nvars=None, strings=(b"k", b"V0032", b"V0033", b"T006")):
    b = struct.pack("<I", len(strings)) + b"".join(s + b"\0" for s in strings)
    b += struct.pack("<I", name_index)
    b += struct.pack("<I", 2 if nvars is None else nvars)
    for nm in (1, 2):   # name, bit_properties (type d=1, align hword=7), num_elts, alias, alias_off, scope, attrs
        b += struct.pack("<IBHIHBB", nm, 0x71, 16, 0, 0, 0, 0)
    b += struct.pack("<HHH", 0, 0, 0)          # addresses, predicates, labels
    b += struct.pack("<B", 0)                   # samplers
    b += struct.pack("<BIHB", 1, 3, 1, 0)       # one surface (T6): name "T006", 1 element, no attributes
    b += struct.pack("<B", 0)                   # vme_count
    b += struct.pack("<I", 0)                   # num_inputs
    entry = len(b) + 4 + 4 + 2
    b += struct.pack("<II", len(code), entry) + struct.pack("<H", 0)   # size, entry, attribute_count
    return b + code
def header(objlen, name=b"k"):
    h = b"CISA" + bytes([4, 1]) + struct.pack("<H", 1)
    h += struct.pack("<H", len(name)) + name
    off = len(h) + 4 + 4 + 4 + 2 + 2 + 1 + 2 + 2
    h += struct.pack("<IIIHHB", off, objlen, 0, 0, 0, 0)   # offset, size, input_offset, 2 x syms, no gen binaries
    h += struct.pack("<HH", 0, 0)                          # file-scope variables, functions
    assert len(h) == off
    return h
# mov (M1, 16) V0032(0,0)<1> 0x7:d : opcode 0x29, exec 0x04, pred 0, dst general, src immediate d
mov_dst = bytes([0x00]) + struct.pack("<IBBH", 32, 0, 0, 0x0001)
mov_src = bytes([0x05, 0x01]) + struct.pack("<I", 7)
mov = bytes([0x29, 0x04]) + struct.pack("<H", 0) + mov_dst + mov_src
# oword_ld_unaligned (4) T6 0xA:ud V0033.0 : size code 2, is_modified 0, surface 6, offset imm ud 10, raw V33+0
owl = bytes([0x3C, 0x02, 0x00, 0x06, 0x05, 0x00]) + struct.pack("<I", 10) + struct.pack("<IH", 33, 0)
ret = bytes([0x34, 0x04]) + struct.pack("<H", 0)
full = mov + owl + ret
o = obj(full)
open(d + "/ok.isa", "wb").write(header(len(o)) + o)
# IGC 1.0.12504: its loop writes as many descriptor items as the instruction has operands, so
# mov (2 operands) keeps exec and pred and loses dst and src, ret (none) keeps only its opcode,
# oword_ld_unaligned (no exec/pred items) is whole; the declared size is the full one, the bytes
# it never wrote are junk
short = bytes([0x29, 0x04]) + struct.pack("<H", 0) + owl + bytes([0x34])
code = short + b"\xAB" * (len(full) - len(short))
o2 = obj(code)
o2 = o2[:len(o2) - len(code) - 10] + struct.pack("<II", len(full), len(o2) - len(code)) + struct.pack("<H", 0) + code
open(d + "/old.isa", "wb").write(header(len(o2)) + o2)
# hostile
open(d + "/magic.isa", "wb").write(b"CISB" + (header(len(o)) + o)[4:])
o3 = obj(full, name_index=9)
open(d + "/strindex.isa", "wb").write(header(len(o3)) + o3)
o4 = obj(full, nvars=0xFFFFFFF0)
open(d + "/nvars.isa", "wb").write(header(len(o4)) + o4)
open(d + "/outside.isa", "wb").write(header(len(o) + 1000) + o)
PY

out=$("$VO" scan "$T/ok.isa") || bad "scan ok.isa: exit $?"
want='k 0 mov - -
k 1 oword_ld_unaligned memory executes
k 2 ret - -'
[ "$(printf '%s\n' "$out" | head -3)" = "$want" ] || bad "scan ok.isa: $out"
js=$("$VO" scan --json "$T/ok.isa" | sed -n 2p)
case "$js" in *'"support":"executes"'*'"text":"oword_ld_unaligned (4) T6 0xA:ud V0033.0"'*) ;; *) bad "json: $js" ;; esac
if out=$("$VO" scan "$T/old.isa" 2>"$T/err"); then bad "old.isa accepted"; else
    [ -z "$out" ] || bad "old.isa: stdout not empty: $out"
    grep -q "kernel 'k': instruction 0 (mov) at byte .* lost its last 2 operand(s).*D223" "$T/err" || bad "old.isa: $(cat "$T/err")"
fi
out=$("$VO" scan --igc-truncated "$T/old.isa") || bad "--igc-truncated old.isa: exit $?"
want='k 0 mov - -
k 1 oword_ld_unaligned memory executes
k 2 ret - -'
[ "$(printf '%s\n' "$out" | head -3)" = "$want" ] || bad "--igc-truncated old.isa: $out"

# 2. hostile files
expect_err() { # file pattern
    if out=$("$VO" scan "$1" 2>"$T/err"); then bad "$1 accepted"; return; fi
    [ -z "$out" ] || bad "$1: stdout not empty"
    grep -q -- "$2" "$T/err" || bad "$1: want '$2', got: $(cat "$T/err")"
}
expect_err "$T/magic.isa" "neither a .visaasm text"
expect_err "$T/strindex.isa" "E_STATE in name_index at byte .*string index 9 out of range"
expect_err "$T/nvars.isa" "E_STATE_CAP in variable_count"
expect_err "$T/outside.isa" "E_STATE in offset at byte"
n=$(wc -c <"$T/ok.isa")
for ((k = 4; k < n; k++)); do
    head -c "$k" "$T/ok.isa" >"$T/cut.isa"
    if out=$("$VO" scan "$T/cut.isa" 2>"$T/err"); then bad "cut at $k accepted"; continue; fi
    [ -z "$out" ] || bad "cut at $k: stdout not empty"
    grep -q "E_TRUNCATED\|E_STATE" "$T/err" || bad "cut at $k: $(cat "$T/err")"
done

# 3. the corpus
K="$SRC/corpus/kernels"
nk=0
for f in "$K"/*/*.isa; do
    nk=$((nk + 1))
    a=$("$VO" scan --igc-truncated "$f" | awk 'NF==5 && $2 ~ /^[0-9]+$/ {split($3,m,"."); print $2, m[1], $4}')
    b=$("$VO" scan "${f%.isa}.visaasm" | awk 'NF==5 && $2 ~ /^[0-9]+$/ {split($3,m,"."); print $2, m[1], $4}')
    [ -n "$a" ] && [ "$a" = "$b" ] || bad "$f: instructions differ from its .visaasm: $(diff <(echo "$a") <(echo "$b") | head -4)"
    "$VO" scan "$f" >/dev/null 2>&1 && bad "$f: accepted without --igc-truncated"
    "$VO" scan --json --igc-truncated "$f" | python3 -c '
import json, re, sys
lines = [l for l in open(sys.argv[1]) if l.startswith(" ") and l.strip() and not l.strip().startswith("//")]
for l in sys.stdin:
    o = json.loads(l)
    if "text" in o:
        want = re.sub(r"\s*///.*", "", lines[o["index"]]).strip()
        if want != o["text"]: print("FAIL: %s %d: %s, IGC printed %s" % (sys.argv[1], o["index"], o["text"], want))
' "${f%.isa}.visaasm" | grep . && fail=1
done
[ "$nk" -ge 90 ] || bad "only $nk corpus .isa files"
ndec=$("$VO" scan --json --igc-truncated "$K"/*/*.isa | grep -c '"text"')
[ "$ndec" -ge 40 ] || bad "only $ndec corpus memory instructions decoded from .isa bytes"

# 4. cases from the kernels' bytes
for d in tgllp dg1; do
    p=TGLLP
    mkdir -p "$T/cases-$d"
    nx=$("$VO" scan --igc-truncated --json --inputs "$T/cases-$d" --platform "$p" "$K/$d"/*.isa | grep -c '"support":"executes"')
    nc=$(ls "$T/cases-$d" | wc -l)
    [ "$nc" -gt 0 ] && [ "$nc" = "$nx" ] || bad "$d: $nc cases for $nx instructions that execute"
    for c in "$T/cases-$d"/*.json; do
        r=$("$VO" run "$c") || { bad "run $c: exit $?"; continue; }
        case "$r" in '{"status":"ok"'*|'{"status":"undefined"'*) ;; *) bad "$c: $(printf '%s' "$r" | head -c 120)" ;; esac
        grep -q "\"platform\":{\"name\":\"$p\"" "$c" || bad "$c: platform"
    done
done
grep -q '"insn":"3c02000605000a000000210000000000"' <("$VO" scan --inputs "$T" "$T/ok.isa" >/dev/null; cat "$T/k.1.json") ||
    bad "ok.isa: case k.1: $(cat "$T/k.1.json")"
grep -q '"vars":\[{"id":33,"type":"d","num_elts":16,' "$T/k.1.json" || bad "ok.isa: case k.1 variables: $(cat "$T/k.1.json")"
exit $fail
