#!/usr/bin/env bash
# CI here for the ClusterFuzzLite build (no Docker): runs .clusterfuzzlite/build.sh
# in a clean environment (env -i: only PATH and the variables the
# ClusterFuzzLite/OSS-Fuzz builder sets: CC, CXX, CFLAGS, CXXFLAGS,
# LIB_FUZZING_ENGINE, SANITIZER, OUT, WORK) with the compiler flags of the
# builder for each sanitizer project.yaml lists (address, undefined), then
# checks $OUT (the four fuzzers, .options, seed zips, dictionaries) and runs
# every fuzzer over its seed corpus (-runs=0: each seed once). Also checks that
# build.sh stops with a clear message on a cJSON older than 1.7.13.
# The flags are those of OSS-Fuzz's base-builder image (docs/fuzzing.md).
#   scripts/test-cflite-build.sh [address|undefined|all]   (default all; ~2 min each on 2 cores)
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
which=${1:-all}
T=$(mktemp -d "${TMPDIR:-/tmp}/vo-cflite.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }

common="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
ub="array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr"
ub_fatal="array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
flags_for() {
  case $1 in
    address) echo "$common -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link" ;;
    undefined) echo "$common -fsanitize=$ub -fno-sanitize-recover=$ub_fatal -fsanitize=fuzzer-no-link" ;;
  esac
}
sans=$(sed -n 's/^ *- *\([a-z]*\) *$/\1/p' "$ROOT/.clusterfuzzlite/project.yaml" | tr '\n' ' ')
[ "$sans" = "address undefined " ] && ok "project.yaml sanitizers: $sans" || bad "project.yaml sanitizers '$sans', want 'address undefined'"
for w in cflite_pr cflite_batch; do
  f=$ROOT/.github/workflows/$w.yml
  if [ -f "$f" ] && grep -q 'google/clusterfuzzlite/actions/build_fuzzers@v1' "$f" &&
     grep -q 'google/clusterfuzzlite/actions/run_fuzzers@v1' "$f" && grep -q 'sanitizer: \[address, undefined\]' "$f"; then
    ok ".github/workflows/$w.yml builds and runs the fuzzers for address and undefined"
  else bad ".github/workflows/$w.yml missing or incomplete"; fi
done
grep -q "mode: 'code-change'" "$ROOT/.github/workflows/cflite_pr.yml" && grep -q "mode: 'batch'" "$ROOT/.github/workflows/cflite_batch.yml" ||
  bad "workflow modes (code-change / batch)"

run_build() { # sanitizer out work [extra env...]
  local s=$1 out=$2 work=$3; shift 3
  local fl; fl=$(flags_for "$s")
  env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME="$T" CC=clang CXX=clang++ CFLAGS="$fl" CXXFLAGS="$fl" \
    LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER="$s" FUZZING_ENGINE=libfuzzer OUT="$out" WORK="$work" "$@" \
    bash "$ROOT/.clusterfuzzlite/build.sh"
}

# a cJSON older than 1.7.13 is refused by name
mkdir -p "$T/oldcjson"
printf '#define CJSON_VERSION_MAJOR 1\n#define CJSON_VERSION_MINOR 7\n#define CJSON_VERSION_PATCH 12\n' >"$T/oldcjson/cJSON.h"
printf 'int cjson_old;\n' >"$T/oldcjson/cJSON.c"
if run_build address "$T/out-old" "$T/work-old" CJSON_SRC="$T/oldcjson" >"$T/old.log" 2>&1; then
  bad "build.sh accepted cJSON 1.7.12"
elif grep -q 'cJSON 1.7.12 from the source .* is older than 1.7.13' "$T/old.log"; then
  ok "build.sh refuses cJSON 1.7.12 with a clear message"
else bad "build.sh failed on cJSON 1.7.12 without the message: $(tail -3 "$T/old.log")"; fi

for s in address undefined; do
  [ "$which" = all ] || [ "$which" = "$s" ] || continue
  out=$T/out-$s
  if run_build "$s" "$out" "$T/work-$s" >"$T/build-$s.log" 2>&1; then ok "build.sh ($s) in a clean environment"
  else bad "build.sh ($s)"; tail -20 "$T/build-$s.log"; continue; fi
  for t in oracle_fuzzer roundtrip_fuzzer json_fuzzer diff_fuzzer isa_fuzzer; do
    for f in "$t" "$t.options" "${t}_seed_corpus.zip"; do [ -e "$out/$f" ] || bad "$s: no \$OUT/$f"; done
    mkdir -p "$T/seeds-$s-$t"
    unzip -q -o "$out/${t}_seed_corpus.zip" -d "$T/seeds-$s-$t"
    n=$(ls "$T/seeds-$s-$t" | wc -l)
    if (cd "$T" && UBSAN_OPTIONS=halt_on_error=1:silence_unsigned_overflow=1 ASAN_OPTIONS=detect_leaks=1 \
          "$out/$t" -runs=0 "$T/seeds-$s-$t" >"$T/run-$s-$t.log" 2>&1); then
      ok "$s: $t runs its $n seeds"
    else bad "$s: $t on its seeds: $(grep -m3 -E 'ERROR|SUMMARY|runtime error|_fuzzer:' "$T/run-$s-$t.log")"; fi
  done
  for d in visa.dict json.dict; do [ -f "$out/$d" ] || bad "$s: no \$OUT/$d"; done
done
if [ "$fail" = 0 ]; then echo "test-cflite-build: passed"; else echo "test-cflite-build: FAILED"; exit 1; fi
