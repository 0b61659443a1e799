#!/usr/bin/env bash
# One version, spelled the same everywhere (issue 16 point 6): CMake's
# project version, VO_VERSION_STRING (C), `visa-oracle --version`, the
# pkg-config and CMake package files of this build, every vector file's
# generator.version (JSON) and CHANGELOG.md's newest release heading.
#   test_versions.sh <path-to-visa-oracle> <source-dir>
set -u
VO=${1:?usage: test_versions.sh path-to-visa-oracle source-dir}
SRC=${2:?usage: test_versions.sh path-to-visa-oracle source-dir}
BUILD=$(cd "$(dirname "$VO")" && pwd)
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }

v=$(sed -n 's/^project(visa_oracle VERSION \([0-9][0-9.]*\) .*/\1/p' "$SRC/CMakeLists.txt")
[[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || bad "CMakeLists.txt: project version '$v' is not M.m.p"
c=$(sed -n 's/^#define VO_VERSION_STRING "\(.*\)"$/\1/p' "$SRC/oracle/include/visa_oracle.h")
[ "$c" = "$v" ] || bad "VO_VERSION_STRING '$c' != CMake project version '$v'"
cli=$("$VO" --version)
[ "$cli" = "visa-oracle $v" ] || bad "visa-oracle --version says '$cli', want 'visa-oracle $v'"
pc=$(sed -n 's/^Version: //p' "$BUILD/visa_oracle.pc" 2>/dev/null)
[ "$pc" = "$v" ] || bad "build/visa_oracle.pc Version '$pc' != '$v'"
cm=$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")$/\1/p' "$BUILD/visa_oracleConfigVersion.cmake" 2>/dev/null)
[ "$cm" = "$v" ] || bad "visa_oracleConfigVersion.cmake PACKAGE_VERSION '$cm' != '$v'"
cl=$(grep -m1 -o '^## \[[0-9][0-9.]*\]' "$SRC/CHANGELOG.md" | tr -d '#[] ')
[ "$cl" = "$v" ] || bad "CHANGELOG.md newest release '$cl' != '$v'"
n=0
for f in "$SRC"/vectors/*.json; do
    g=$(head -c 400 "$f" | grep -o '"generator":{"name":"visa-oracle","version":"[^"]*"' | sed 's/.*"version":"//; s/"$//')
    [ "$g" = "$v" ] || bad "$(basename "$f"): generator.version '$g' != '$v'"
    n=$((n + 1))
done
[ "$n" -gt 0 ] || bad "no vector files"
if [ "$fail" = 0 ]; then echo "test_versions: $v everywhere ($n vector files)"; else exit 1; fi
