#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script for visa-oracle.
# Uses only the environment of the builder: $CC $CFLAGS $CXX $CXXFLAGS
# $LIB_FUZZING_ENGINE $OUT ($SRC, $WORK optional). The same script builds the
# libFuzzer and the AFL++ variants (the engine comes from $LIB_FUZZING_ENGINE).
# Local run (docs/fuzzing.md):
#   CC=clang CXX=clang++ CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only \
#     -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -fsanitize=address -fsanitize=fuzzer-no-link" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out .clusterfuzzlite/build.sh
# Outputs in $OUT: oracle_fuzzer roundtrip_fuzzer json_fuzzer diff_fuzzer isa_fuzzer,
# <target>_seed_corpus.zip, <target>.options (dict, max_len), visa.dict, json.dict.

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ -n "${SRC:-}" ] && [ -d "$SRC/visa-oracle/oracle" ]; then
  ROOT=$SRC/visa-oracle
else
  ROOT=$(cd "$here/.." && pwd)
fi
: "${CC:?} ${CXX:?} ${OUT:?} ${LIB_FUZZING_ENGINE:?}"
CFLAGS=${CFLAGS:-}
CXXFLAGS=${CXXFLAGS:-$CFLAGS}  # local runs often set only CFLAGS; the link needs the sanitizers too
WORK=${WORK:-$(mktemp -d)}
OBJ=$WORK/visa-oracle-obj
rm -rf "$OBJ"
mkdir -p "$OBJ" "$OUT"

# ---- dependencies: cJSON >= 1.7.13, libcrypto (static when available) ----
# The code needs cJSON_ParseWithLength (cJSON 1.7.13). The base image's
# distribution may ship an older cJSON, so the Dockerfile fetches the cJSON
# release named there into $SRC/cJSON and this script compiles it with the
# fuzzing flags (CJSON_SRC overrides the place). Without that source it uses
# the system cJSON and stops with a clear message when it is older than 1.7.13.
inc="-I$ROOT/oracle/include -I$ROOT/fuzz"
libs=""
CJSON_SRC=${CJSON_SRC:-${SRC:+$SRC/cJSON}}
mkdir -p "$OBJ/cjson-inc/cjson"
if [ -n "$CJSON_SRC" ] && [ -f "$CJSON_SRC/cJSON.c" ] && [ -f "$CJSON_SRC/cJSON.h" ]; then
  cp "$CJSON_SRC/cJSON.h" "$OBJ/cjson-inc/cjson/cJSON.h"
  cj_cflags="-I$OBJ/cjson-inc"
  $CC $CFLAGS -std=c99 -c "$CJSON_SRC/cJSON.c" -o "$OBJ/cJSON.o"
  cj_from="source $CJSON_SRC"
else
  cj_cflags=$(pkg-config --cflags libcjson 2>/dev/null || true)
  cj_from="system"
fi
cat >"$OBJ/cjson_version.c" <<'EOC'
#include <cjson/cJSON.h>
#if !defined(CJSON_VERSION_MAJOR) || (CJSON_VERSION_MAJOR * 10000 + CJSON_VERSION_MINOR * 100 + CJSON_VERSION_PATCH) < 10713
#error "cJSON older than 1.7.13"
#endif
int vo_cjson_version_ok;
EOC
if ! $CC $cj_cflags -c "$OBJ/cjson_version.c" -o "$OBJ/cjson_version.o" 2>"$OBJ/cjson_version.log"; then
  v=$(printf '#include <cjson/cJSON.h>\nCJSON_VERSION_MAJOR.CJSON_VERSION_MINOR.CJSON_VERSION_PATCH\n' |
      $CC $cj_cflags -E -P -x c - 2>/dev/null | tail -1 | tr -d ' ')
  echo "build.sh: cJSON ${v:-(not found)} from the $cj_from is older than 1.7.13 (visa-oracle calls cJSON_ParseWithLength)." >&2
  echo "build.sh: put cJSON 1.7.13 or later in \$SRC/cJSON or CJSON_SRC (the Dockerfile clones it), or install a newer libcjson-dev." >&2
  exit 1
fi
echo "build.sh: cJSON from the $cj_from"
if [ "$cj_from" != system ]; then
  libs="$libs $OBJ/cJSON.o"
elif cjson_a=$(ls /usr/lib/*/libcjson.a /usr/lib/libcjson.a /usr/local/lib/libcjson.a 2>/dev/null | head -1) &&
     [ -n "$cjson_a" ]; then
  libs="$libs $cjson_a"
else
  # no static cJSON in the distribution: link the shared one and ship it in $OUT/lib
  so=$({ ldconfig -p || /sbin/ldconfig -p; } 2>/dev/null | awk '/libcjson\.so\.1 / { print $NF; exit }')
  [ -n "$so" ] || { echo "build.sh: libcjson not found (apt-get install libcjson-dev)" >&2; exit 1; }
  mkdir -p "$OUT/lib"
  cp -L "$so" "$OUT/lib/"
  libs="$libs -L$(dirname "$so") -lcjson -Wl,-rpath,\$ORIGIN/lib"
fi
crypto_a=$(ls /usr/lib/*/libcrypto.a /usr/lib/libcrypto.a /usr/local/lib/libcrypto.a 2>/dev/null | head -1 || true)
if [ -n "$crypto_a" ]; then libs="$libs $crypto_a -ldl -lpthread"; else libs="$libs -lcrypto"; fi

# ---- the oracle core (instrumented with $CFLAGS) ----
objs=""
for f in "$ROOT"/oracle/core/*.c "$ROOT"/oracle/formats/*.c "$ROOT"/oracle/tools/*.c; do
  o=$OBJ/$(basename "$f" .c).o
  $CC $CFLAGS -std=c11 $inc -I"$ROOT/oracle/core" $cj_cflags -c "$f" -o "$o"
  [ "$(basename "$f")" = json.c ] || objs="$objs $o"
done
# The JSON layer twice: instrumented for the targets that fuzz it, and without
# coverage for oracle_fuzzer, where it is only the checker (fuzz/oracle_fuzzer.nocov:
# clang reads it as a sanitizer-coverage ignore list, afl-clang-fast as its deny list).
nocov=$ROOT/fuzz/oracle_fuzzer.nocov
nocov_flags=""
case "$CC" in *afl-*) ;; *) nocov_flags="-fsanitize-coverage-ignorelist=$nocov" ;; esac
AFL_LLVM_DENYLIST=$nocov $CC $CFLAGS $nocov_flags -std=c11 $inc $cj_cflags -c "$ROOT/oracle/formats/json.c" -o "$OBJ/json_plain.o"
$CC $CFLAGS -std=c11 $inc -DDUT_BUG=0 -c "$ROOT/examples/dut_c/dut.c" -o "$OBJ/dut.o"

# ---- fuzz targets ----
for t in oracle_fuzzer roundtrip_fuzzer json_fuzzer diff_fuzzer isa_fuzzer; do
  extra=""
  [ $t = diff_fuzzer ] && extra="$OBJ/dut.o -DVO_DIFF_STATIC=0"
  json=$OBJ/json.o
  if [ $t = oracle_fuzzer ]; then
    json=$OBJ/json_plain.o
    AFL_LLVM_DENYLIST=$nocov $CC $CFLAGS $nocov_flags -std=c11 $inc $cj_cflags -c "$ROOT/fuzz/$t.c" -o "$OBJ/$t.o"
  else
    $CC $CFLAGS -std=c11 $inc $cj_cflags -c "$ROOT/fuzz/$t.c" -o "$OBJ/$t.o" ${extra:+-DVO_DIFF_STATIC=0}
  fi
  $CXX $CXXFLAGS "$OBJ/$t.o" $([ $t = diff_fuzzer ] && echo "$OBJ/dut.o") $objs "$json" $LIB_FUZZING_ENGINE $libs -o "$OUT/$t"
  cp "$ROOT/fuzz/$t.options" "$OUT/$t.options"
  rm -f "$OUT/${t}_seed_corpus.zip"
  (cd "$ROOT/corpus/$t" && zip -q -j "$OUT/${t}_seed_corpus.zip" ./*)
  echo "build.sh: $OUT/$t ($(ls "$ROOT/corpus/$t" | wc -l) seeds)"
done
cp "$ROOT/fuzz/visa.dict" "$ROOT/fuzz/json.dict" "$OUT/"
