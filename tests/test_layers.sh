#!/usr/bin/env bash
# The layers of docs/architecture.md, checked on the built library's symbols
# (nm) and on the sources' #includes: every call goes down or sideways within
# a layer that allows it, never up -- so exec, validate and the families
# cannot form a circle again. Fails naming the object, the symbol and the
# layer it reaches into.
#   core 0  names desc state decode   (the public types, the state model)
#   core 1  atomic_ops                (pure op semantics)
#   core 2  engine                    (ctx, plans, result lists)
#   core 3  fam_* validate            (must not call each other)
#   core 4  exec                      (vo_run)
#   5       oracle/formats/*          (JSON, binary case, text)
#   6       oracle/tools/*            (generation, verdicts)
set -euo pipefail
VO=${1:?path to visa-oracle}
SRC=${2:?source dir}
LIB=$(dirname "$VO")/libvisa_oracle.a
[ -f "$LIB" ] || { echo "FAIL: $LIB not built" >&2; exit 1; }
command -v nm >/dev/null || { echo "FAIL: nm missing (binutils)" >&2; exit 1; }
fail=0
declare -A rank
for f in "$SRC"/oracle/core/*.c; do
    b=$(basename "$f" .c)
    case $b in
        names|desc|state|typed_state|decode) rank[$b]=0 ;;
        atomic_ops) rank[$b]=1 ;;
        engine|engine_2d) rank[$b]=2 ;;
        fam_*|validate) rank[$b]=3 ;;
        exec) rank[$b]=4 ;;
        *) echo "FAIL: oracle/core/$b.c has no layer: add it to tests/test_layers.sh and docs/architecture.md" >&2; fail=1 ;;
    esac
done
for f in "$SRC"/oracle/formats/*.c; do rank[$(basename "$f" .c)]=5; done
for f in "$SRC"/oracle/tools/*.c; do rank[$(basename "$f" .c)]=6; done

# who defines each vo_ symbol
declare -A def
while read -r obj sym; do def[$sym]=$obj; done < <(nm -A --defined-only "$LIB" 2>/dev/null |
    awk -F'[: ]+' '$(NF-1) ~ /^[TDRB]$/ && $NF ~ /^vo_/ {sub(/\.c\.o$/, "", $2); print $2, $NF}')
n=0
while read -r obj sym; do
    d=${def[$sym]:-}
    [ -n "$d" ] || continue
    [ "$d" = "$obj" ] && continue
    # one family may span files: fam_lsc.c, fam_lsc_atomic.c, fam_lsc_2d.c, fam_lsc_typed.c fam_lsc_typed_atomic.c and fam_lsc_typed_2d.c share fam_lsc.h
    case $d in fam_lsc|fam_lsc_atomic|fam_lsc_2d|fam_lsc_typed|fam_lsc_typed_atomic|fam_lsc_typed_2d) case $obj in fam_lsc|fam_lsc_atomic|fam_lsc_2d|fam_lsc_typed|fam_lsc_typed_atomic|fam_lsc_typed_2d) continue ;; esac ;; esac
    case $d in fam_svm|fam_svm4) case $obj in fam_svm|fam_svm4) continue ;; esac ;; esac
    ro=${rank[$obj]:-}; rd=${rank[$d]:-}
    [ -n "$ro" ] && [ -n "$rd" ] || continue
    n=$((n + 1))
    if [ "$rd" -gt "$ro" ]; then
        echo "FAIL: $obj (layer $ro) calls $sym of $d (layer $rd): an upward call" >&2; fail=1
    elif [ "$rd" = 3 ] && [ "$ro" = 3 ]; then
        echo "FAIL: $obj calls $sym of $d: families and the validator must not call each other" >&2; fail=1
    fi
done < <(nm -A --undefined-only "$LIB" 2>/dev/null |
    awk -F'[: ]+' '$NF ~ /^vo_/ {sub(/\.c\.o$/, "", $2); print $2, $NF}')
[ "$n" -gt 20 ] || { echo "FAIL: only $n cross-object calls seen: is nm reading $LIB?" >&2; fail=1; }

# includes: the core never sees a format's or a tool's header; only exec.c
# (and validate.c, for its own prototypes) sees the family table
for f in "$SRC"/oracle/core/*.c "$SRC"/oracle/core/*.h; do
    b=$(basename "$f")
    if grep -nE '#include *"(visa_json|visa_gen|visa_check|visa_bincase|visa_asm|visa_dut|gen_internal|lsc_text)\.h"|cjson' "$f" >&2; then
        echo "FAIL: $b (core) includes a format or tool header" >&2; fail=1
    fi
    case $b in exec.c|validate.c|internal.h|families.h) ;; *)
        if grep -n '#include *"families.h"\|#include *"internal.h"' "$f" >&2; then
            echo "FAIL: $b includes families.h/internal.h (the family table is exec.c's)" >&2; fail=1
        fi ;;
    esac
done
[ $fail = 0 ] && echo "test_layers: $n cross-object calls, all downward"
exit $fail
