#!/usr/bin/env bash
# The first command installs only what the main job needs (issue 32, point
# 8): with stub dpkg-query/apt-get/sudo (nothing installed), setup.sh's
# install step asks for MAIN_PKGS only -- no compiler of the fuzzing or
# sanitizer tooling, no AFL++, no GenX_IR -- and test.sh's for TEST_PKGS;
# .ci/run runs setup.sh then test.sh, so a fresh machine still gets all.
set -euo pipefail
SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
bad() { echo "test_setup_packages: $*" >&2; exit 1; }
mkdir "$TMP/bin"
printf '#!/bin/sh\nexit 1\n' >"$TMP/bin/dpkg-query"
printf '#!/bin/sh\necho "$@" >>"%s/apt.log"\n' "$TMP" >"$TMP/bin/apt-get"
printf '#!/bin/sh\nexec "$@"\n' >"$TMP/bin/sudo"
chmod +x "$TMP/bin/"*
asked() { # WHO ARRAY: the packages apt-get install is asked for
    ( cd "$SRC" && PATH=$TMP/bin:$PATH bash -c ". scripts/packages.sh; vo_install_packages $1 \"\${$2[@]}\"" ) >/dev/null
    sed -n 's/^install -y --no-install-recommends //p' "$TMP/apt.log" | tr ' ' '\n' | sort; rm -f "$TMP/apt.log"
}
main=$(asked setup MAIN_PKGS); tst=$(asked test.sh TEST_PKGS)
[ -n "$main" ] && [ -n "$tst" ] || bad "no install asked for"
for p in cmake gcc libcjson-dev libssl-dev zlib1g-dev; do grep -qx "$p" <<<"$main" || bad "setup does not install $p"; done
for p in clang llvm afl++ libigc-tools libclang-rt-14-dev g++ python3-fastjsonschema help2man bash-completion python3-yaml; do
    grep -qx -- "$p" <<<"$main" && bad "setup installs $p, which only the tests use"
    grep -qx -- "$p" <<<"$tst" || bad "test.sh does not install $p"
done
[ -z "$(comm -12 <(echo "$main") <(echo "$tst"))" ] || bad "a package in both lists: $(comm -12 <(echo "$main") <(echo "$tst"))"
grep -q '^vo_install_packages setup "${MAIN_PKGS\[@\]}"' "$SRC/scripts/setup.sh" || bad "setup.sh does not install MAIN_PKGS"
grep -q '^vo_install_packages test.sh "${TEST_PKGS\[@\]}"' "$SRC/scripts/test.sh" || bad "test.sh does not install TEST_PKGS"
[ "$(grep -n 'vo_install_packages' "$SRC/scripts/test.sh" | cut -d: -f1)" -lt "$(grep -n 'cmake --build' "$SRC/scripts/test.sh" | cut -d: -f1)" ] || bad "test.sh installs after building"
s=$(grep -n '^bash scripts/setup.sh' "$SRC/.ci/run" | cut -d: -f1); t=$(grep -n '^bash scripts/test.sh' "$SRC/.ci/run" | cut -d: -f1)
[ -n "$s" ] && [ -n "$t" ] && [ "$s" -lt "$t" ] || bad ".ci/run must run setup.sh, then test.sh"
echo "test_setup_packages: setup installs $(wc -l <<<"$main") packages, test.sh $(wc -l <<<"$tst")"
