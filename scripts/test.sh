#!/usr/bin/env bash
# test.sh: build (incrementally) and run the whole test suite in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
# the tooling the suite needs beyond setup.sh's (fuzzers, sanitizers, GenX_IR, ...)
. scripts/packages.sh
vo_install_packages test.sh "${TEST_PKGS[@]}"
if [ ! -f build/CMakeCache.txt ]; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build build -j2   # everything: setup.sh built only the CLI and the example DUT
ctest --test-dir build --output-on-failure -j2
