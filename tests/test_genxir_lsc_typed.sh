#!/usr/bin/env bash
# LSC_TYPED text (issue 28, D289) against Intel's vISA parser: each short form
# below (trailing coordinates left out, the form GenX_IR 1.0.12504's parser
# takes) is handed to GenX_IR, which must accept it and print back exactly
# what `visa-oracle disasm` prints for `visa-oracle asm` of the same text
# (IGC's printed form: all four coordinates, %null included). Skipped without
# GenX_IR. Args: $1 = path to visa-oracle, $2 = source dir.
set -u
VO=${1:?path to visa-oracle}
GENX=${GENX_IR:-GenX_IR}
command -v "$GENX" >/dev/null 2>&1 || { echo "SKIPPED: GenX_IR not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vo-lsct.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
texts=(
    "lsc_load_quad.tgm (M1, 8) V32:d32.xyzw bti(0x4)[V33, V34, V35]:a32"
    "lsc_store_quad.tgm (M1, 8) ss(0x80)[V33, V34]:a32 V32:d32.xy"
    "lsc_load_quad.tgm (M1, 4) V32:d32.xw bss(V36)[V33]:a32"
    "(P1) lsc_store_quad.tgm (M1, 8) bti(0x7)[V33, V34, V35, V34]:a32 V32:d32.xyzw"
)
fail=0
for t in "${texts[@]}"; do
    hex=$("$VO" asm "$t" | tail -n1) || { echo "FAIL: visa-oracle asm refused: $t"; fail=1; continue; }
    ours=$("$VO" disasm "$hex" | tail -n1)
    {
        echo ".version 3.6"
        echo '.kernel "k"'
        for v in 32 33 34 35; do echo ".decl V$v v_type=G type=ud num_elts=64 align=GRF"; done
        echo ".decl V36 v_type=G type=ud num_elts=1 align=GRF"
        echo ".decl P1 v_type=P num_elts=32"
        echo "$t"
        echo "ret (M1, 1)"
    } > "$tmp/k.visaasm"
    out=$( (cd "$tmp" && timeout 20 "$GENX" k.visaasm -platform DG2 -dumpcommonisa) 2>&1)
    if printf '%s\n' "$out" | grep -qi "error"; then echo "FAIL: GenX_IR refused: $t"; fail=1; continue; fi
    back=$(grep -o 'lsc_[a-z_]*\.tgm.*' "$tmp/k.visaasm" | sed -E 's| */// .*||; s/[[:space:]]+/ /g; s/ $//')
    pred=$(grep -o '(P1) *lsc_' "$tmp/k.visaasm" >/dev/null && echo "(P1) " || true)
    back="$pred$back"
    if [ "$back" != "$ours" ]; then echo "FAIL: GenX_IR printed '$back', visa-oracle prints '$ours'"; fail=1; continue; fi
    echo "ok: $ours"
done
exit $fail
