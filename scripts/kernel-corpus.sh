#!/usr/bin/env bash
# kernel-corpus.sh [OUT_DIR] -- compiles corpus/kernels/src/*.cl with Intel's offline
# compiler (ocloc, Debian/Ubuntu package intel-opencl-icd) for tgllp, dg1, dg2-g10
# and pvc with IGC's dump switches, and writes, per device and kernel,
#   OUT_DIR/<device>/<kernel>_simd<N>.visaasm   (IGC's printout of the vISA)
#   OUT_DIR/<device>/<kernel>_simd<N>.isa       (the vISA binary IGC wrote)
# OUT_DIR defaults to corpus/kernels; KERNEL_DEVICES and KERNEL_SOURCES (paths) narrow the run. Exits 77 when ocloc is absent.
# A source's first line "// ocloc-options: ..." passes options (e.g. -cl-std=CL2.0).
# Deterministic: one ocloc at a time (nice), files renamed after the kernel.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$ROOT/corpus/kernels}
DEVICES=${KERNEL_DEVICES:-tgllp dg1 dg2-g10 pvc}
command -v ocloc >/dev/null 2>&1 || { echo "kernel-corpus: ocloc not installed (apt-get install intel-opencl-icd)"; exit 77; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vo-kcorpus.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
for dev in $DEVICES; do
    mkdir -p "$OUT/$dev"
    for cl in ${KERNEL_SOURCES:-"$ROOT"/corpus/kernels/src/*.cl}; do
        name=$(basename "$cl" .cl)
        d="$TMP/$dev-$name"
        opts=$(sed -n 's|^// ocloc-options: ||p' "$cl" | head -1)
        mkdir -p "$d"
        if ! IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$d" nice ocloc compile -q -file "$cl" -device "$dev" \
            ${opts:+-options "$opts"} -out_dir "$d/out" >"$d/log" 2>&1; then
            echo "kernel-corpus: $dev $name: ocloc failed (see below); skipped"; tail -3 "$d/log"; continue
        fi
        for v in "$d"/*.visaasm; do
            [ -e "$v" ] || continue
            k=$(sed -n 's/^\.kernel "\(.*\)"$/\1/p' "$v" | head -1)
            simd=$(basename "$v" | sed -n 's/.*_simd\([0-9]*\)_.*/\1/p')
            base="$OUT/$dev/${k:-$name}_simd${simd:-0}"
            cp "$v" "$base.visaasm"
            isa="${v%.visaasm}.isa"
            [ -e "$isa" ] && cp "$isa" "$base.isa"
        done
    done
done
