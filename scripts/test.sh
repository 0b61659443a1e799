#!/usr/bin/env bash
# test.sh: build (incrementally) and run the whole test suite in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
# the tooling the suite needs beyond setup.sh's (fuzzers, sanitizers, GenX_IR, ...)
. scripts/packages.sh
vo_install_packages test.sh "${TEST_PKGS[@]}"
# Test set-up only (the main job does not need it): Intel's offline compiler, with which
# tests/test_kernels.sh checks corpus/kernels/ for drift (docs/kernels.md). Not fatal: without
# it that part of the test is skipped. VO_TEST_NO_OCLOC=1 skips the install.
if [ "${VO_TEST_NO_OCLOC:-0}" != 1 ] && ! command -v ocloc >/dev/null 2>&1; then
    SUDO=()
    [ "$(id -u)" = 0 ] || SUDO=(sudo -n)
    echo "test: installing intel-opencl-icd (ocloc) for tests/test_kernels.sh"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends intel-opencl-icd \
        </dev/null >/dev/null 2>&1 || echo "test: intel-opencl-icd not installed; test_kernels skips its drift check"
fi
if [ ! -f build/CMakeCache.txt ]; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build build -j2   # everything: setup.sh built only the CLI and the example DUT
ctest --test-dir build --output-on-failure -j2
