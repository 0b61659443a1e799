#!/usr/bin/env bash
# Turns fuzzer inputs (binary cases: corpus dirs, crash files) into JSON
# vector files, one per instruction, in the vectors/ format:
#   scripts/fuzz-to-vectors.sh -o OUT_DIR INPUT...      (INPUT: file or directory)
# Each input goes through `visa-oracle case2json` (decode) and `visa-oracle
# run` (the oracle's expect object, via case2json --test, which adds the test
# id and tags); inputs that do not decode are counted and skipped; duplicate
# test ids are kept once. Writes OUT_DIR/fuzz_<instruction>.json.
# Needs jq. VISA_ORACLE overrides the CLI path (default build/visa-oracle).
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
outdir=
[ "${1:-}" = -o ] && { outdir=$2; shift 2; }
[ -n "$outdir" ] && [ $# -ge 1 ] || die "usage: $0 -o OUT_DIR INPUT..."
command -v jq >/dev/null || die "jq not found (apt-get install jq)"
vo=${VISA_ORACLE:-$VO_ROOT/build/visa-oracle}
[ -x "$vo" ] || die "no visa-oracle at $vo (build first)"
mkdir -p "$outdir"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
files=()
for a in "$@"; do
  if [ -d "$a" ]; then while IFS= read -r f; do files+=("$f"); done < <(find "$a" -maxdepth 1 -type f ! -name 'README*' | sort)
  else files+=("$a"); fi
done
ok=0; bad=0; i=0
for f in "${files[@]}"; do
  i=$((i + 1))
  if "$vo" case2json --test --comment "fuzz: $(basename "$f")" "$f" >"$tmp/t.json" 2>"$tmp/err"; then
    cat "$tmp/t.json" >>"$tmp/all.jsonl"; ok=$((ok + 1))
  else
    bad=$((bad + 1))
  fi
  [ $((i % 200)) -eq 0 ] && log "$i/${#files[@]} inputs ($ok converted, $bad do not decode)"
done
[ "$ok" -gt 0 ] || { echo "== summary: 0 of ${#files[@]} inputs decode; nothing written =="; exit 1; }
# group by instruction (mnemonic = first word of asm, before '.'; "undecodable" without asm)
jq -c '. as $t | ((.input.asm // "undecodable") | sub("^\\([^)]*\\) *"; "") | split(" ")[0] | split(".")[0]) as $m
       | {m: $m, t: $t}' "$tmp/all.jsonl" >"$tmp/g.jsonl"
ver=$("$vo" --version | awk '{print $2}')
for m in $(jq -r .m "$tmp/g.jsonl" | sort -u); do
  jq -s --arg m "$m" --arg v "$ver" '
    [ .[] | select(.m == $m) | .t ] | unique_by(.id) | sort_by(.id) as $tests
    | {format: "visa-vectors/1", instruction: $m,
       generator: {name: "visa-oracle fuzz-to-vectors", version: $v, seed: 0},
       tests: $tests}' "$tmp/g.jsonl" >"$outdir/fuzz_$m.json"
  log "$outdir/fuzz_$m.json: $(jq '.tests | length' "$outdir/fuzz_$m.json") tests"
done
echo "== summary: ${#files[@]} inputs: $ok converted, $bad do not decode; vectors in $outdir =="
