#!/usr/bin/env bash
# test-builds.sh: every build a user may pick must compile without a warning.
# gcc and clang x Debug, Release, RelWithDebInfo, MinSizeRel, each with
# -DVO_WERROR=ON, building everything (library, CLI, bench, tests, example
# DUTs) into a temporary directory; plus examples/ built standalone.
# Usage: bash scripts/test-builds.sh [-j N]   (default -j2)
# Environment: VO_BUILDS_KEEP=1 keeps the build directories (printed).
set -uo pipefail
cd "$(dirname "$0")/.."
jobs=2
[ "${1:-}" = -j ] && jobs=$2
root=$(mktemp -d "${TMPDIR:-/tmp}/vo-builds.XXXXXX")
[ "${VO_BUILDS_KEEP:-0}" = 1 ] || trap 'rm -rf "$root"' EXIT
fail=0
t_all=$SECONDS
row() {  # row NAME SOURCE_DIR CMAKE_ARGS...
    local name=$1 src=$2 dir=$root/$1 t0=$SECONDS
    shift 2
    if cmake -S "$src" -B "$dir" -DVO_WERROR=ON "$@" >"$dir.log" 2>&1 &&
       cmake --build "$dir" -j"$jobs" >>"$dir.log" 2>&1; then
        printf 'ok   %-24s %4d s\n' "$name" $((SECONDS - t0))
    else
        printf 'FAIL %-24s %4d s (log: %s)\n' "$name" $((SECONDS - t0)) "$dir.log"
        grep -E 'error|warning' "$dir.log" | head -20
        fail=1
        [ "${VO_BUILDS_KEEP:-0}" = 1 ] || cp "$dir.log" "${TMPDIR:-/tmp}/vo-builds-$name.log"
    fi
    [ "${VO_BUILDS_KEEP:-0}" = 1 ] || rm -rf "$dir"   # one build on disk at a time
}
for cc in gcc clang; do
    command -v "$cc" >/dev/null || { echo "FAIL $cc not found (bash scripts/test.sh installs it)"; fail=1; continue; }
    for type in Debug Release RelWithDebInfo MinSizeRel; do
        row "$cc-$type" . -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE="$type"
    done
done
row "examples-standalone" examples -DCMAKE_BUILD_TYPE=Release
echo "test-builds: $((SECONDS - t_all)) s in all"
if [ "$fail" = 0 ]; then echo "test-builds: all passed"; else echo "test-builds: FAILED (failed logs copied to ${TMPDIR:-/tmp}/vo-builds-*.log)"; exit 1; fi
