# The Debian 12 packages visa-oracle uses (sourced by setup.sh and test.sh).
# MAIN_PKGS: the README's first command (build the CLI, run `check`);
# TEST_PKGS: what scripts/test.sh, the sanitizer/fuzzing scripts and .ci/run add.

MAIN_PKGS=(
    cmake make gcc pkg-config   # build
    libcjson-dev                # cJSON: writes the JSON output
    libssl-dev                  # libcrypto: sha256 digests
    zlib1g-dev                  # zlib: check, cov, explain and run read .json.gz vector files
)
TEST_PKGS=(
    g++                         # tests/test_install.sh: the C++ consumer of the installed library
    clang libclang-rt-14-dev llvm  # sanitizer build, libFuzzer, llvm tools
    afl++                       # AFL++ fuzzing
    libigc-tools                # GenX_IR: Intel's vISA parser, an external checker of our text
    python3 git zip unzip jq    # scripts, seed corpora, fuzzing zips, JSON poking
    python3-fastjsonschema      # validates the shipped vectors against docs/vectors.schema.json (fast: compiled)
    python3-yaml                # tests/test_cflite_workflows.sh reads the workflows
    help2man                    # tests/test_manpage.sh: the man page is help2man's view of --help
    bash-completion             # tests/test_completion.sh: the completion script loads in it
)

# vo_install_packages WHO PKG...: installs the missing ones (dpkg-query first;
# apt-get only when one is missing). Works as root with no stdin (CI=true); as
# another user it uses sudo.
vo_install_packages() {
    local who=$1 p
    shift
    local missing=()
    for p in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$p")
        fi
    done
    if ((${#missing[@]})); then
        echo "$who: installing: ${missing[*]}"
        local SUDO=()
        if [ "$(id -u)" != 0 ]; then
            command -v sudo >/dev/null 2>&1 || { echo "$who: need root or sudo to install packages" >&2; return 1; }
            SUDO=(sudo)
        fi
        "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update </dev/null
        "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" </dev/null
    else
        echo "$who: all packages present"
    fi
}
