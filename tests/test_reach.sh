#!/usr/bin/env bash
# visa-oracle reach (issue 19 point 3): the (instruction, field value) pairs a
# set of binary cases reaches, against the vectors; --require ops.
#   test_reach.sh <path-to-visa-oracle> <source-dir>
# Expected pairs are read off the bytes by hand (docs/encoding.md §2.6: 7D op
# exec pred:uw surface ...; the binary case header of docs/fuzzing.md).
set -u
VO=${1:?usage: test_reach.sh path-to-visa-oracle source-dir}
SRC=${2:?usage: test_reach.sh path-to-visa-oracle source-dir}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
has() { grep -qE "$2" "$1" || bad "$3 (no line matching '$2' in $(basename "$1"))"; }

# the cmpxchg seed: header 04 06 ffffffff 1e, then 7D 07 03 0000 06 ...: op 0x07
# (cmpxchg, 32-bit), exec byte 0x03 (8 lanes, M1), no predicate, surface 6 (declared)
seed=$SRC/corpus/diff_fuzzer/dword_atomic_cmpxchg_ok.bin
mkdir -p "$T/c"
cp "$seed" "$T/c/a.bin"
# the same case with op 0x12 (fcmpwr): its UD operands are not F -> E_ATOMIC_TYPE (DWORD_ATOMIC page)
cp "$seed" "$T/c/b.bin"
printf '\x12' | dd of="$T/c/b.bin" bs=1 seek=8 conv=notrunc 2>/dev/null
# 3 bytes: shorter than the 7-byte header, decodes to nothing
printf '\x00\x01\x02' >"$T/c/c.bin"

"$VO" reach --all "$T/c" >"$T/out" 2>"$T/err"
rc=$?
{ [ $rc -eq 0 ] && [ ! -s "$T/err" ]; } || bad "reach on a directory: exit $rc, stderr $(head -c 200 "$T/err")"
has "$T/out" '^inputs: 3 files, 3 cases, 2 decoded, 1 not invalid' "counts: 3 files, one too short, one invalid"
has "$T/out" '^dword_atomic op=cmpxchg +1 +0$' "the op byte 0x07 by name"
has "$T/out" '^dword_atomic exec_size=8 +1 ' "exec byte 0x03: 8 lanes"
has "$T/out" '^dword_atomic mask_ctrl=0 +1 ' "exec byte 0x03: mask control M1"
has "$T/out" '^dword_atomic pred=none +1 ' "predicate 0"
has "$T/out" '^dword_atomic surface=declared +1 ' "surface 6 is a declared surface"
has "$T/out" '^dword_atomic invalid=E_ATOMIC_TYPE +1 ' "fcmpwr on UD operands is invalid"
grep -qE '^dword_atomic op=fcmpwr' "$T/out" && bad "an invalid fcmpwr must not count as reaching fcmpwr"
has "$T/out" '^clause atomic.cmpxchg +1 ' "the clause ids of the run, as cov counts them"
has "$T/out" 'atomic ops and LSC sub-ops reached: 1/' "one atomic op reached"

# --require ops: exit 1 while an op is missing; the missing list names fcmpwr
"$VO" reach --require ops "$T/c" >"$T/out" 2>&1
[ $? -eq 1 ] || bad "--require ops with ops missing must exit 1"
has "$T/out" 'missing:.* dword_atomic op=fcmpwr' "the missing list names fcmpwr"

# --vectors: the pairs the vectors reach and the inputs do not
"$VO" reach --vectors "$SRC/vectors/dword_atomic-01.json" "$T/c" >"$T/out" 2>&1
has "$T/out" '^vectors: 1 files, [0-9]+ tests' "the vectors side is counted"
has "$T/out" '^  dword_atomic op=fcmpwr$' "fcmpwr is in the vectors, not in the inputs"
grep -qE '^  dword_atomic op=cmpxchg$' "$T/out" && bad "cmpxchg is reached by the inputs: not missing"

# --json is one object with the same counts
"$VO" reach --json "$T/c" >"$T/out" 2>&1
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["inputs"]["valid"]==1 and d["pairs"]["dword_atomic op=cmpxchg"]==[1,0], d' "$T/out" \
  || bad "--json: one object with the pairs"

# bad input: exit 2, one line
"$VO" reach "$T/nonexistent" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] || bad "a missing path: exit 2 and one error line"
"$VO" reach --require everything "$T/c" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || bad "--require takes only 'ops'"

# dependent pairs (issue 31): the LSC bss seed, lsc_store.ugm bss(V34, 1)[V32]:a32 V33:d32
# (docs/encoding.md: surface operand at byte 20, general V34 <0;1,0>, ss_idx 1 at byte 29).
# D118: ss_idx is read only for a register surface under bss/ss, so the surface's class and
# ss_idx, and the address model and ss_idx, are dependent pairs; the seed reaches
# (register, ss_idx != 0) and (bss = 2, ss_idx != 0). The same case with the surface made the
# immediate V34 holds (tag 05, type 00 = UD, 4 bytes) is not invalid (the index is ignored),
# so it reaches (immediate, ss_idx != 0).
mkdir -p "$T/d"
cp "$SRC/corpus/diff_fuzzer/lsc_store_ugm_bss_ok.bin" "$T/d/a.bin"
"$VO" case2json "$T/d/a.bin" >"$T/d/a.json" 2>"$T/err" || bad "case2json of the bss seed"
python3 - "$T/d/a.json" "$T/d/b.json" <<'PY' || bad "cannot make the immediate-surface case"
import json, sys
c = json.load(open(sys.argv[1]))
b = bytes.fromhex(c["insn"])
assert b[20] == 0 and int.from_bytes(b[21:25], "little") == 34, b[20:29].hex()  # general V34
v34 = next(v for v in c["vars"] if v["id"] == 34)
imm = bytes.fromhex(v34["data"])[:4]
c["insn"] = (b[:20] + bytes([5, 0]) + imm + b[29:]).hex()
c.pop("asm", None)
json.dump(c, open(sys.argv[2], "w"))
PY
"$VO" json2case "$T/d/b.json" -o "$T/d/b.bin" 2>"$T/err" || bad "json2case: $(head -c 200 "$T/err")"
"$VO" reach --all "$T/d/a.bin" >"$T/out" 2>&1
has "$T/out" '^dependent pairs: [1-9][0-9]* pairs, [1-9][0-9]* combinations; reached by the inputs [1-9]' "the dependent-pairs line"
has "$T/out" '^dep lsc_store surface\.class=0 ss_idx=nz +1 ' "a register surface with ss_idx != 0 (D118)"
has "$T/out" '^dep lsc_store addr_type=2 ss_idx=nz +1 ' "bss with ss_idx != 0 (D118)"
grep -qE '^dep .* pred=' "$T/out" && bad "the predicate is not a pair field"
grep -qE '^dep lsc_store surface\.class=5 ' "$T/out" && bad "the seed's surface is a register, not an immediate"
"$VO" reach --all "$T/d/a.bin" "$T/d/b.bin" >"$T/out" 2>&1
has "$T/out" '^inputs: 2 files, 2 cases, 2 decoded, 2 not invalid' "the immediate-surface case is not invalid (ss_idx ignored, D118)"
has "$T/out" '^dep lsc_store surface\.class=5 ss_idx=nz +1 ' "an immediate surface with ss_idx != 0"
"$VO" reach --json "$T/d/a.bin" >"$T/out" 2>&1
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["dependent"]; assert d["pairs"]>0 and d["inputs"]>0 and d["vectors"]==0, d' "$T/out" \
  || bad "--json: the dependent object"

[ $fail -eq 0 ] && echo "test_reach: ok"
exit $fail
