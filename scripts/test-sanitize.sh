#!/usr/bin/env bash
# test-sanitize.sh: build build-asan/ with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer (-DVO_SANITIZE=ON), warnings as errors
# (-DVO_WERROR=ON), and run the test suite there. Same directory and options as
# `cmake --preset asan`.
set -euo pipefail
cd "$(dirname "$0")/.."
# configured every time (quick) so an older build-asan/ gets VO_WERROR=ON too
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVO_SANITIZE=ON -DVO_WERROR=ON -DCMAKE_C_COMPILER=clang >/dev/null
cmake --build build-asan -j2
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir build-asan --output-on-failure -j2
