#!/usr/bin/env bash
# test-sanitize.sh: build build-asan/ with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer (-DVO_SANITIZE=ON), and run the test suite there.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build-asan/CMakeCache.txt ]; then
    cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVO_SANITIZE=ON -DCMAKE_C_COMPILER=clang
fi
cmake --build build-asan -j2
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir build-asan --output-on-failure -j2
