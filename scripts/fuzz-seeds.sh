#!/usr/bin/env bash
# Regenerates the seed corpora corpus/<target>/ from fuzz/gen_seeds.py (binary
# cases) and the CLI (JSON forms of some of them). It writes (over) its own
# seeds only: the ones other scripts wrote (kernel seeds, SVM and typed seeds,
# regression seeds a fuzzer found) stay; a seed gen_seeds.py no longer makes
# is removed by hand.
#   scripts/fuzz-seeds.sh [VISA_ORACLE_BIN]     (default build/visa-oracle)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
vo=${1:-$root/build/visa-oracle}
[ -x "$vo" ] || { echo "fuzz-seeds: no visa-oracle binary at $vo (build first)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 "$root/fuzz/gen_seeds.py" "$tmp/bin"
for t in oracle_fuzzer roundtrip_fuzzer diff_fuzzer; do
  mkdir -p "$root/corpus/$t"
  cp "$tmp"/bin/*.bin "$root/corpus/$t/"
done
# LSC seeds (issue 14): the example DUTs implement LSC_FENCE and LSC_UNTYPED, and
# diff_fuzzer starts from every LSC seed too (flat, bti, bss/ss and SLM cases: the
# binary form carries the memory regions and both tables)

# json_fuzzer: test objects, bare input objects and expect objects of a subset
# of the binary seeds, the worked examples, and some malformed texts
j=$root/corpus/json_fuzzer
mkdir -p "$j"
n=0
for f in "$tmp"/bin/*_ok.bin "$tmp"/bin/*_overlap.bin "$tmp"/bin/*_inv_var_undeclared.bin \
         "$tmp"/bin/*_undef_raw_past_var.bin "$tmp"/bin/*_pred_any.bin "$tmp"/bin/*_goff_indirect.bin \
         "$tmp"/bin/*_wrap32.bin "$tmp"/bin/*_misaligned.bin; do
  [ -e "$f" ] || continue
  b=$(basename "$f" .bin)
  "$vo" case2json --test "$f" -o "$j/test_$b.json"
  n=$((n + 1))
  case $b in
    *_ok) "$vo" case2json "$f" -o "$j/input_$b.json"
          "$vo" run "$j/input_$b.json" -o "$j/expect_$b.json"
          n=$((n + 2)) ;;
  esac
done
for f in "$root"/examples/cases/*.json; do
  [ -e "$f" ] && cp "$f" "$j/example_$(basename "$f")" && n=$((n + 1))
done
printf '{"input":{"platform":{"name":"TGLLP","visa_version":"3.6"},"insn":"75","exec_mask":"ffffffff"' > "$j/bad_truncated.json"
printf '{"platform":{"name":"TGLLP","visa_version":"3.6"},"insn":"","exec_mask":"ffffffff"} trailing' > "$j/bad_trailing.json"
printf '{"platform":{"name":"TGLLP","visa_version":"3.6"},"insn":"","exec_mask":"ffffffff","vars":[{"id":32,"type":"ud","num_elts":1.5,"data":"00"}]}' > "$j/bad_number.json"
printf '{"platform":{"name":"PVC","grf_bytes":32,"visa_version":"4.2"},"insn":"0","exec_mask":"fffffffff"}' > "$j/bad_values.json"
printf '{"status":"ok","error":null,"vars":[{"id":32,"type":"ud","num_elts":1,"data":"00000000"}],"surfaces":[{"index":6,"size":4294967296,"data":[[4294967295,"01"]]}]}' > "$j/reply_big_surface.json"
printf '{"status":"invalid","error":{"code":"E_SURFACE","field":"surface","offset":6,"message":"x"}}' > "$j/reply_invalid.json"
# issue 9: replies with a DUT's own error vocabulary (D61)
printf '{"status":"invalid","error":{"code":"bad_exec_size","message":"exec size 32"}}' > "$j/reply_foreign_code.json"
printf '{"status":"invalid","error":"unsupported encoding"}' > "$j/reply_string_error.json"
printf '{"status":"invalid","error":{"code":42}}' > "$j/reply_numeric_code.json"
n=$((n + 9))
# issue 13's state errors: the address-space model's three codes (json_fuzzer allows them)
printf '{"platform":{"name":"PVC","visa_version":"4.1"},"insn":"","exec_mask":"ffffffff","binding_table":[{"bti":0,"surface":9}]}' > "$j/bad_table_surface.json"
printf '{"platform":{"name":"PVC","visa_version":"4.1"},"insn":"","exec_mask":"ffffffff","memory":[{"base":"0x1000","size":4096},{"base":"0x1800","size":16}]}' > "$j/bad_region_overlap.json"
printf '{"platform":{"name":"PVC","visa_version":"4.1"},"insn":"","exec_mask":"ffffffff","memory":[{"base":"0xffffffffffffff00","size":4096}]}' > "$j/bad_region_range.json"
n=$((n + 3))
echo "fuzz-seeds: $(ls "$root/corpus/oracle_fuzzer" | wc -l) binary seeds in corpus/{oracle,roundtrip,diff}_fuzzer, $n JSON seeds in corpus/json_fuzzer"
# kernel-corpus seeds (issue 25 point 8): IGC's memory instructions with the kernels' operand shapes
python3 "$root/scripts/kernel-seeds.py" "$vo" "$root/corpus/kernels" "$root/corpus/oracle_fuzzer" "$root/corpus/diff_fuzzer" >/dev/null
