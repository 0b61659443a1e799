#!/usr/bin/env bash
# setup.sh: install what visa-oracle needs (Debian 12) and build it into build/.
#
# Idempotent and quick when everything is present: packages are checked with
# dpkg-query first, and apt-get runs only when one is missing. Works as root
# on a fresh machine with no stdin (CI=true); as another user it uses sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

PKGS=(
    cmake make gcc pkg-config   # build
    g++                         # tests/test_install.sh: the C++ consumer of the installed library
    libcjson-dev                # JSON input/output
    libssl-dev                  # libcrypto: sha256 digests
    zlib1g-dev                  # zlib: check, cov, explain and run read .json.gz vector files
    clang libclang-rt-14-dev llvm  # sanitizer build, libFuzzer, llvm tools
    afl++                       # AFL++ fuzzing
    libigc-tools                # GenX_IR: Intel's vISA parser, an external checker of our text
    python3 git zip unzip jq    # scripts, seed corpora, fuzzing zips, JSON poking
    python3-fastjsonschema      # validates the shipped vectors against docs/vectors.schema.json (fast: compiled)
)

missing=()
for p in "${PKGS[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done

if ((${#missing[@]})); then
    echo "setup: installing: ${missing[*]}"
    SUDO=()
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "setup: need root or sudo to install packages" >&2; exit 1; }
        SUDO=(sudo)
    fi
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update </dev/null
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" </dev/null
else
    echo "setup: all packages present"
fi

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
