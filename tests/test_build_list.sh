#!/usr/bin/env bash
# The README's first command builds only what it runs (issue 16 point 7):
# `bash scripts/setup.sh && ./build/visa-oracle check ... --dut-lib
# build/examples/libdut_example.so` must build the CLI (and the library it
# links) and the example DUT, not the unit tests, bench or the mutant DUTs.
# Reads setup.sh's MAIN_TARGETS, configures a scratch build directory with the
# Makefile generator and walks CMake's own target dependencies (Makefile2,
# which includes add_dependencies) from those targets; then counts the object
# files they compile against the whole build.
#   test_build_list.sh <path-to-visa-oracle> <source-dir>
set -u
SRC=${2:?usage: test_build_list.sh path-to-visa-oracle source-dir}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }

first=$(sed -n '/^```sh$/{n;p;q}' "$SRC/README.md")
case $first in
    "bash scripts/setup.sh && ./build/visa-oracle check vectors/*.json --dut-lib build/examples/libdut_example.so") ;;
    *) bad "README's first command is not the one this test knows: '$first' (update the test)" ;;
esac

targets=$(sed -n 's/^MAIN_TARGETS="\(.*\)"$/\1/p' "$SRC/scripts/setup.sh")
[ -n "$targets" ] || bad "scripts/setup.sh has no MAIN_TARGETS=\"...\" line"
grep -q -- '--target \$MAIN_TARGETS' "$SRC/scripts/setup.sh" || bad "scripts/setup.sh does not build --target \$MAIN_TARGETS"

cmake -S "$SRC" -B "$T/b" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$T/cfg.log" 2>&1 ||
    { bad "configure failed"; tail "$T/cfg.log"; exit 1; }
mk2=$T/b/CMakeFiles/Makefile2
# target name -> its directory under CMakeFiles ("X.dir"), from Makefile2's rules
dir_of() { grep -o "^[^ :]*CMakeFiles/$1\.dir/all:" "$mk2" | head -1 | sed 's/\/all:$//'; }
declare -A seen=()
queue=()
for t in $targets; do
    d=$(dir_of "$t")
    [ -n "$d" ] || { bad "MAIN_TARGETS names '$t', which is not a target"; continue; }
    queue+=("$d")
done
while ((${#queue[@]})); do
    d=${queue[0]}
    queue=("${queue[@]:1}")
    [ -n "${seen[$d]:-}" ] && continue
    seen[$d]=1
    for dep in $(sed -n "s|^$d/all: \(.*\)/all$|\1|p" "$mk2"); do queue+=("$dep"); done
done
built=$(for d in "${!seen[@]}"; do basename "$d" .dir; done | sort | tr '\n' ' ')
want="dut_example visa-oracle visa_oracle "
[ "$built" = "$want" ] || bad "the first command builds targets '$built', want '$want'"

# what the README runs is what these targets produce
[ -n "$(dir_of dut_example)" ] && [ "$(dir_of dut_example)" = "examples/CMakeFiles/dut_example.dir" ] ||
    bad "dut_example is not built under build/examples/ (the README runs build/examples/libdut_example.so)"

objs() { # objects compiled by target dir $1: rules "<obj>.o: <source>.c"
    sed -n "s|^\($1/[^ ]*\.o\): .*\.c$|\1|p" "$T/b/$1/build.make" | sort -u
}
n_main=0
for d in "${!seen[@]}"; do n_main=$((n_main + $(objs "$d" | wc -l))); done
n_all=0
for bm in $(cd "$T/b" && find . -name build.make -path '*CMakeFiles/*.dir/*'); do
    d=$(dirname "${bm#./}")
    n_all=$((n_all + $(objs "$d" | wc -l)))
done
echo "test_build_list: the first command compiles $n_main objects ($built); the whole build $n_all"
[ "$n_main" -gt 0 ] && [ "$n_main" -lt "$n_all" ] || bad "object counts: main $n_main, all $n_all"
# the test suite still gets everything: test.sh builds all targets
grep -Eq '^cmake --build build -j2( |$)' "$SRC/scripts/test.sh" && ! grep -q -- '--target' "$SRC/scripts/test.sh" ||
    bad "scripts/test.sh must build every target (the tests need the mutants)"

if [ "$fail" = 0 ]; then echo "test_build_list: passed"; else echo "test_build_list: FAILED"; exit 1; fi
