#!/usr/bin/env bash
# Merges corpus directories into a minimal one (libFuzzer -set_cover_merge=1:
# fewest files that keep every coverage feature).
#   scripts/fuzz-merge.sh TARGET OUT_DIR IN_DIR...
# e.g. scripts/fuzz-merge.sh oracle_fuzzer corpus/oracle_fuzzer build-fuzz-out/oracle_fuzzer/corpus
#      (OUT_DIR may be one of the inputs: it is rebuilt from a temporary copy)
# Uses $FUZZ_BUILD/TARGET (built on demand). Set MERGE=merge for plain -merge=1.
# For AFL++ queues pass the queue dirs (build-fuzz-out/afl-T/*/queue).
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
[ $# -ge 3 ] || die "usage: $0 TARGET OUT_DIR IN_DIR..."
target=$1; outdir=$2; shift 2
vo_need_libfuzzer "$target"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
n_in=0; ins=()
for d in "$@"; do
  [ -d "$d" ] || die "no directory $d"
  k=$(find "$d" -maxdepth 1 -type f ! -name 'README*' ! -name '.*' | wc -l)
  n_in=$((n_in + k))
  mkdir -p "$tmp/in$n_in"; find "$d" -maxdepth 1 -type f ! -name 'README*' ! -name '.*' -exec cp {} "$tmp/in$n_in/" \;
  ins+=("$tmp/in$n_in")
  log "input $d: $k files"
done
mkdir -p "$tmp/out"
mode=${MERGE:-set_cover_merge}
t0=$SECONDS
"$FUZZ_BUILD/$target" -"$mode"=1 -max_len="$(vo_max_len "$target")" -timeout=10 "$tmp/out" "${ins[@]}" >"$tmp/merge.log" 2>&1 \
  || { tail -20 "$tmp/merge.log" >&2; die "merge failed"; }
grep -E 'MERGE-OUTER: [0-9]+ new files' "$tmp/merge.log" | tail -1 | sed 's/^/   /'
rm -rf "$outdir"; mkdir -p "$outdir"; cp "$tmp"/out/* "$outdir"/ 2>/dev/null
echo "== summary: $target merge ($mode): $n_in input files -> $(ls "$outdir" | wc -l) in $outdir ($((SECONDS - t0)) s) =="
