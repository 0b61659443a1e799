#!/usr/bin/env bash
# Buckets the crashes of an AFL++ run as `check` buckets them.
#   scripts/fuzz-afl-buckets.sh TARGET [AFL_OUT=$FUZZ_OUT/afl-TARGET]
# Replays each AFL_OUT/*/crashes/id:* once with the libFuzzer build of TARGET
# ($FUZZ_BUILD, built on demand; BUCKET_BIN=path overrides the binary) and
# files it under its bucket (vo_bucket_of, scripts/fuzz-lib.sh): diff_fuzzer's
# divergences under `check`'s "<insn>:<clause>:<kind>", invariant lines,
# sanitizer summaries, timeouts. AFL++'s directories are left as they are:
# AFL_OUT/buckets/ gets one copy of the first crash of each bucket (named
# after the bucket) and buckets.txt ("<bucket>\t<count>\t<crash file>", the
# largest bucket first). At most 2000 crashes. Exit 0 (1 if a crash does not
# reproduce, 2 on usage).
set -uo pipefail
. "$(dirname "$0")/fuzz-lib.sh"
[ $# -ge 1 ] || die "usage: $0 TARGET [AFL_OUT]"
target=$1; out=${2:-$FUZZ_OUT/afl-$target}
[ -d "$out" ] || die "no AFL++ output directory $out"
if [ -n "${BUCKET_BIN:-}" ]; then bin=$BUCKET_BIN
else vo_need_libfuzzer "$target"; bin=$FUZZ_BUILD/$target; fi
bdir=$out/buckets
rm -rf "$bdir"; mkdir -p "$bdir"
declare -A first=() count=()
n=0; norepro=0
while IFS= read -r f; do
  n=$((n + 1))
  [ $n -le 2000 ] || break
  b=$(vo_bucket_of "$bin" "$target" "$f")
  [ "$b" = "does not reproduce" ] && norepro=$((norepro + 1))
  if [ -z "${first[$b]:-}" ]; then
    first[$b]=$f; count[$b]=1
    cp "$f" "$bdir/$(printf '%s' "$b" | tr -c 'A-Za-z0-9_.:-' '_' | cut -c1-120)"
  else count[$b]=$((count[$b] + 1)); fi
done < <(find "$out" -path '*/crashes/id:*' -type f | LC_ALL=C sort)
for b in "${!first[@]}"; do printf '%s\t%s\t%s\n' "$b" "${count[$b]}" "${first[$b]}"; done |
  LC_ALL=C sort -t $'\t' -k2,2nr -k1,1 >"$bdir/buckets.txt"
echo "== $target: $n crash(es) in ${#first[@]} bucket(s); one of each in $bdir, the list in $bdir/buckets.txt =="
awk -F'\t' '{ printf "   %5d  %s\n", $2, $1 }' "$bdir/buckets.txt" | head -40
[ $norepro -eq 0 ] || { echo "   $norepro crash(es) do not reproduce outside AFL++" >&2; exit 1; }
