#!/usr/bin/env bash
# test-determinism.sh: the same inputs must give the same bytes whatever the
# compiler and optimisation level. Builds the CLI with gcc -O0 and clang -O2
# and requires both to regenerate the shipped vectors/ byte for byte, and to
# print identical `run` results for every shipped example case.
set -euo pipefail
cd "$(dirname "$0")/.."
fail=0
for cfg in "gcc Debug build-det-gcc-O0" "clang Release build-det-clang-O2"; do
    set -- $cfg
    cc=$1 type=$2 dir=$3
    echo "determinism: building with $cc ($type) in $dir"
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="$type" -DCMAKE_C_COMPILER="$cc" >/dev/null
    fi
    cmake --build "$dir" -j2 --target visa-oracle >/dev/null
    out=$(mktemp -d)
    "$dir/visa-oracle" gen --insn all --out "$out" --quiet
    if diff -rq vectors "$out" >/dev/null; then
        echo "ok   $cc $type: regenerated vectors identical to vectors/"
    else
        echo "FAIL $cc $type: regenerated vectors differ from vectors/"; diff -rq vectors "$out" | head -5; fail=1
    fi
    rm -rf "$out"
    for c in examples/cases/*.json; do
        "$dir/visa-oracle" run "$c" > "/tmp/det.$$.$cc.$(basename "$c")"
    done
done
for c in examples/cases/*.json; do
    b=$(basename "$c")
    if cmp -s "/tmp/det.$$.gcc.$b" "/tmp/det.$$.clang.$b"; then echo "ok   run $b: gcc -O0 and clang -O2 agree"
    else echo "FAIL run $b: gcc -O0 and clang -O2 differ"; fail=1; fi
    rm -f "/tmp/det.$$.gcc.$b" "/tmp/det.$$.clang.$b"
done
if [ "$fail" = 0 ]; then echo "determinism: all passed"; else echo "determinism: FAILED"; exit 1; fi
