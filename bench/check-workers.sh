#!/usr/bin/env bash
# bench/check-workers.sh: what `check -j N` and `--shard i/n` + `merge` buy
# (issue 18). A benchmark, not a test: prints wall times, writes nothing
# outside a temporary directory.
#   1. a subprocess DUT that sleeps 10 ms per test (bench/sleep_dut.c: the
#      example C DUT behind a 10 ms sleep, run as a child process with
#      --dut-lib --isolate, the --dut-cmd machinery) over VECTORS with -j 1,
#      2, 8: wall time and speed-up;
#   2. the example Python DUT (--dut-cmd) with -j 1 and -j 2;
#   3. --shard i/4 runs + merge against one unsharded run: summary lines
#      compared byte for byte (text and --json).
# usage: bash bench/check-workers.sh [VECTORS...]   (default vectors/*.json)
#   VO_BENCH_JOBS="1 2 8" and VO_SLEEP_US=10000 change the sweep.
set -eu
cd "$(dirname "$0")/.."
VO=$PWD/build/visa-oracle
[ -x "$VO" ] || { echo "build first: bash scripts/setup.sh" >&2; exit 1; }
if [ $# -gt 0 ]; then VEC=("$@"); else VEC=(vectors/*.json); fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
N=$(python3 tests/check_helper.py count "${VEC[@]}")
export VO_SLEEP_US=${VO_SLEEP_US:-10000}
${CC:-cc} -O2 -shared -fPIC -Ioracle/include -o "$TMP/libsleep_dut.so" bench/sleep_dut.c
now() { date +%s.%N; }
echo "vectors: ${#VEC[@]} file(s), $N tests; $(nproc) cores; DUT sleep ${VO_SLEEP_US} us per test"

echo "== 1. sleeping subprocess DUT (--dut-lib libsleep_dut.so --isolate)"
base=
for j in ${VO_BENCH_JOBS:-1 2 8}; do
    t0=$(now)
    "$VO" check "${VEC[@]}" --dut-lib "$TMP/libsleep_dut.so" --isolate -j "$j" >"$TMP/sleep$j.out" 2>&1 || true
    t1=$(now)
    wall=$(echo "$t1 - $t0" | bc -l)
    [ -n "$base" ] || base=$wall
    printf '  -j %-2s %8.1f s  %6.0f tests/s  speed-up %.2fx  (%s)\n' "$j" "$wall" "$(echo "$N / $wall" | bc -l)" \
        "$(echo "$base / $wall" | bc -l)" "$(tail -n1 "$TMP/sleep$j.out")"
done
same=yes
for f in "$TMP"/sleep*.out; do cmp -s "$f" "$TMP/sleep1.out" || same=no; done
echo "  reports identical across -j: $same"

echo "== 2. example Python DUT (--dut-cmd)"
for j in 1 2; do
    t0=$(now)
    "$VO" check "${VEC[@]}" --dut-cmd "python3 examples/dut_py/dut.py" -j "$j" >"$TMP/py$j.out" 2>&1 || true
    t1=$(now)
    wall=$(echo "$t1 - $t0" | bc -l)
    printf '  -j %-2s %8.1f s  %6.0f tests/s  (%s)\n' "$j" "$wall" "$(echo "$N / $wall" | bc -l)" "$(tail -n1 "$TMP/py$j.out")"
done
echo "  reports identical: $(cmp -s "$TMP/py1.out" "$TMP/py2.out" && echo yes || echo no)"

echo "== 3. --shard i/4 + merge vs one run (mutant 7 of the example C DUT, in-process)"
MUT=build/examples/libdut_mutant_7.so
"$VO" check "${VEC[@]}" --dut-lib "$MUT" >"$TMP/un.txt" 2>/dev/null || true
"$VO" check "${VEC[@]}" --dut-lib "$MUT" --json >"$TMP/un.json" 2>/dev/null || true
for i in 0 1 2 3; do "$VO" check "${VEC[@]}" --dut-lib "$MUT" --shard $i/4 --json >"$TMP/s$i.json" 2>/dev/null || true; done
"$VO" merge "$TMP"/s?.json >"$TMP/m.txt" 2>/dev/null || true
"$VO" merge --json "$TMP"/s?.json >"$TMP/m.json" 2>/dev/null || true
echo "  unsharded: $(tail -n1 "$TMP/un.txt")"
echo "  merged:    $(tail -n1 "$TMP/m.txt")"
echo "  shard sizes: $(for i in 0 1 2 3; do tail -n1 "$TMP/s$i.json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["passed"]+d["failed"]+d.get("unsupported",0)+d.get("skipped",0))'; done | tr '\n' ' ')"
echo "  text summary identical: $([ "$(tail -n1 "$TMP/un.txt")" = "$(tail -n1 "$TMP/m.txt")" ] && echo yes || echo no)"
echo "  bucket table + summary identical: $(sed -n '/^buckets (tests per bucket):$/,$p' "$TMP/un.txt" | cmp -s - "$TMP/m.txt" && echo yes || echo no)"
echo "  --json summary identical: $([ "$(tail -n1 "$TMP/un.json")" = "$(tail -n1 "$TMP/m.json")" ] && echo yes || echo no)"
