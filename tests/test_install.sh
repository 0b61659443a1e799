#!/usr/bin/env bash
# test_install.sh VISA_ORACLE_BIN SRC_DIR
# Installs the build that holds VISA_ORACLE_BIN into a temporary prefix, then
# builds examples/consumer/ (a C and a C++ program) against the installed
# tree twice, through find_package(visa_oracle) and through pkg-config, and
# runs both programs (each checks one GATHER_SCALED result against bytes
# worked by hand). Also checks the installed layout (headers under
# include/visa_oracle/, the CLI, docs, package files).
set -euo pipefail
bin=$1 src=$2
build=$(cd "$(dirname "$bin")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vo-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }

# the compilers and sanitizer flags of the build being installed
cache=$build/CMakeCache.txt
cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$cache")
case $(basename "$cc") in
    clang*) cxx=clang++ ;;
    gcc*) cxx=g++ ;;
    *) cxx=c++ ;;
esac
command -v "$cxx" >/dev/null || { echo "FAIL no C++ compiler $cxx (bash scripts/setup.sh installs g++)"; exit 1; }
flags=""
werror=""   # the consumer's own warnings are errors only in a -DVO_WERROR=ON build (CI)
grep -q '^VO_WERROR:BOOL=ON' "$cache" && werror=-Werror
if grep -q '^VO_SANITIZE:BOOL=ON' "$cache"; then
    flags="-fsanitize=address,undefined -fno-sanitize-recover=all"
fi

prefix=$tmp/prefix
if cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1; then ok "cmake --install into a temporary prefix"
else bad "cmake --install"; cat "$tmp/install.log"; exit 1; fi

libdir=$(dirname "$(find "$prefix" -name libvisa_oracle.a | head -1)")
for f in include/visa_oracle/visa_oracle.h include/visa_oracle/visa_check.h include/visa_oracle/visa_dut.h \
         bin/visa-oracle share/doc/visa_oracle/README.md share/doc/visa_oracle/check.md; do
    if [ -e "$prefix/$f" ]; then ok "installed $f"; else bad "missing $f"; fi
done
for f in "$libdir/libvisa_oracle.a" "$libdir/pkgconfig/visa_oracle.pc" "$libdir/cmake/visa_oracle/visa_oracleConfig.cmake"; do
    if [ -e "$f" ]; then ok "installed ${f#"$prefix"/}"; else bad "missing ${f#"$prefix"/}"; fi
done
# the license: installed, and named by both package files and the README
lic=$prefix/share/doc/visa_oracle/LICENSE
if [ -f "$lic" ] && grep -q '^MIT License' "$lic" && grep -q 'Copyright (c) .* the visa-oracle authors' "$lic"; then
    ok "installed share/doc/visa_oracle/LICENSE (MIT)"
else bad "missing or not MIT: share/doc/visa_oracle/LICENSE"; fi
if grep -q '^License: MIT$' "$libdir/pkgconfig/visa_oracle.pc" &&
   [ "$(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --variable=license_file visa_oracle)" -ef "$lic" ]; then
    ok "visa_oracle.pc: License: MIT, license_file = the installed LICENSE"
else bad "visa_oracle.pc does not name the license ($(grep -i licen "$libdir/pkgconfig/visa_oracle.pc" | tr '\n' ' '))"; fi
mkdir -p "$tmp/lic"
cat >"$tmp/lic/CMakeLists.txt" <<'EOT'
cmake_minimum_required(VERSION 3.16)
project(lic NONE)
find_package(visa_oracle REQUIRED)
message(STATUS "VO_LICENSE=${visa_oracle_LICENSE} VO_LICENSE_FILE=${visa_oracle_LICENSE_FILE}")
EOT
if lout=$(cmake -S "$tmp/lic" -B "$tmp/lic/b" -DCMAKE_PREFIX_PATH="$prefix" 2>&1) &&
   lf=$(printf '%s\n' "$lout" | sed -n 's/.*VO_LICENSE=MIT VO_LICENSE_FILE=//p') && [ -n "$lf" ] && [ "$lf" -ef "$lic" ]; then
    ok "find_package(visa_oracle): visa_oracle_LICENSE=MIT, visa_oracle_LICENSE_FILE = the installed LICENSE"
else bad "the CMake package does not name the license: $(printf '%s\n' "$lout" | grep -i licen | head -3)"; fi
# COMPONENTS: static always; shared only when this build made it; unknown names fail with a message
has_shared=0
ls "$libdir"/libvisa_oracle.so* >/dev/null 2>&1 && has_shared=1
comp() { # comp NAME COMPONENTS... -> configure output in $tmp/comp.log, status
    mkdir -p "$tmp/comp-$1"
    printf 'cmake_minimum_required(VERSION 3.16)\nproject(c NONE)\nfind_package(visa_oracle REQUIRED COMPONENTS %s)\n' "${*:2}" \
        >"$tmp/comp-$1/CMakeLists.txt"
    cmake -S "$tmp/comp-$1" -B "$tmp/comp-$1/b" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/comp.log" 2>&1
}
if comp s static; then ok "find_package(visa_oracle COMPONENTS static)"; else bad "COMPONENTS static: $(tail -5 "$tmp/comp.log")"; fi
if comp u static nosuch; then bad "COMPONENTS nosuch was found"
elif grep -q "'nosuch' is not a component" "$tmp/comp.log"; then ok "COMPONENTS nosuch: not found, message names it"
else bad "COMPONENTS nosuch: no clear message: $(grep -i visa_oracle "$tmp/comp.log" | head -3)"; fi
if [ "$has_shared" = 1 ]; then
    if comp h shared; then ok "find_package(visa_oracle COMPONENTS shared) with the shared library installed"
    else bad "COMPONENTS shared: $(tail -5 "$tmp/comp.log")"; fi
else
    if comp h shared; then bad "COMPONENTS shared found in a static-only install"
    elif grep -q "VO_SHARED=ON" "$tmp/comp.log" && grep -q "component 'shared'" "$tmp/comp.log"; then
        ok "COMPONENTS shared in a static-only install: not found, the message says to rebuild with -DVO_SHARED=ON"
    else bad "COMPONENTS shared in a static-only install: no clear message: $(grep -i visa_oracle "$tmp/comp.log" | head -3)"; fi
fi

if grep -q '^MIT License' "$src/LICENSE" && grep -q '`LICENSE`' "$src/README.md" && grep -qi '^## License' "$src/README.md"; then
    ok "README names LICENSE"
else bad "LICENSE missing from the source tree or not named in README.md"; fi

if "$prefix/bin/visa-oracle" --help >/dev/null 2>&1 || "$prefix/bin/visa-oracle" help >/dev/null 2>&1; then
    ok "installed CLI runs"
else bad "installed CLI does not run"; fi

run_consumers() {  # run_consumers HOW DIR
    for p in consumer_c consumer_cxx; do
        if out=$("$2/$p" 2>&1); then ok "$1: $p: $out"; else bad "$1: $p: $out"; fi
    done
}

# 1. CMake package
cdir=$tmp/cmake-consumer
if cmake -S "$src/examples/consumer" -B "$cdir" -DCMAKE_PREFIX_PATH="$prefix" \
         -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
         -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" >"$tmp/cfg.log" 2>&1 &&
   cmake --build "$cdir" -j2 >"$tmp/build.log" 2>&1; then
    ok "find_package(visa_oracle): consumer built"
    run_consumers "find_package" "$cdir"
else
    bad "find_package(visa_oracle): consumer build"; tail -30 "$tmp/cfg.log" "$tmp/build.log"
fi

# 1b. the shared library, when this build made one (-DVO_SHARED=ON)
if ls "$libdir"/libvisa_oracle.so* >/dev/null 2>&1; then
    sdir=$tmp/cmake-consumer-shared
    if cmake -S "$src/examples/consumer" -B "$sdir" -DCMAKE_PREFIX_PATH="$prefix" -DVO_CONSUMER_SHARED=ON \
             -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
             -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" >"$tmp/cfg.log" 2>&1 &&
       cmake --build "$sdir" -j2 >"$tmp/build.log" 2>&1; then
        ok "find_package(visa_oracle): consumer built against visa_oracle::visa_oracle_shared"
        run_consumers "shared" "$sdir"
    else
        bad "shared consumer build"; tail -30 "$tmp/cfg.log" "$tmp/build.log"
    fi
fi

# 2. pkg-config
pdir=$tmp/pc-consumer
mkdir -p "$pdir"
export PKG_CONFIG_PATH=$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
if pc_cflags=$(pkg-config --cflags visa_oracle) && pc_libs=$(pkg-config --libs visa_oracle); then
    ok "pkg-config visa_oracle: $(pkg-config --modversion visa_oracle)"
    # -rpath: with -DVO_SHARED=ON, -lvisa_oracle finds libvisa_oracle.so first
    pc_libs="$pc_libs -Wl,-rpath,$libdir"
    # shellcheck disable=SC2086
    if "$cc" -std=c11 -Wall -Wextra $werror $flags $pc_cflags -I"$src/examples/consumer" \
            "$src/examples/consumer/consumer.c" -o "$pdir/consumer_c" $pc_libs &&
       "$cxx" -std=c++17 -Wall -Wextra $werror $flags $pc_cflags -I"$src/examples/consumer" \
            "$src/examples/consumer/consumer.cpp" -o "$pdir/consumer_cxx" $pc_libs; then
        ok "pkg-config: consumer built"
        run_consumers "pkg-config" "$pdir"
    else bad "pkg-config: consumer build"; fi
else
    bad "pkg-config cannot find visa_oracle in $libdir/pkgconfig"
fi

if [ "$fail" = 0 ]; then echo "test_install: all passed"; else echo "test_install: FAILED"; exit 1; fi
