#!/usr/bin/env bash
# setup.sh: install what visa-oracle's main job needs (Debian 12) and build it into build/.
#
# Idempotent and quick when everything is present: packages are checked with
# dpkg-query first, and apt-get runs only when one is missing. Works as root
# on a fresh machine with no stdin (CI=true); as another user it uses sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

# The main job (the README's first command: build the CLI and run `check` on
# the example DUT) needs only these. scripts/test.sh installs the rest of
# the tooling (TEST_PKGS in scripts/packages.sh) the first time it runs.
# tests/test_setup_packages.sh checks the split.
. scripts/packages.sh
vo_install_packages setup "${MAIN_PKGS[@]}"

# The main job (the README's first command) runs the CLI on the example DUT:
# only those two are built here. The test suite's extras (unit tests, the 54
# mutant and broken example DUTs, bench) are built by scripts/test.sh, which
# builds everything. tests/test_build_list.sh checks this list.
MAIN_TARGETS="visa-oracle dut_example"

echo "setup: configuring and building build/ ($MAIN_TARGETS)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
# shellcheck disable=SC2086
cmake --build build -j2 --target $MAIN_TARGETS
echo "setup: done (try: ./build/visa-oracle check vectors/*.json --dut-lib build/examples/libdut_example.so)"
