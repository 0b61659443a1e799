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

[ $fail -eq 0 ] && echo "test_reach: ok"
exit $fail
