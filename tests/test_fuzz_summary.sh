#!/usr/bin/env bash
# scripts/fuzz-libfuzzer.sh's summary names the divergence buckets and keeps
# one finding per bucket (issue 16 point 3), although in fork mode nothing of
# the jobs' output reaches fuzz.log. A stand-in diff_fuzzer (a shell script in
# FUZZ_BUILD) plays libFuzzer: in fork mode it drops four findings into the
# artifact directory and logs nothing useful; run on one file it prints what
# the real diff_fuzzer prints for it. Two findings share a bucket, one is an
# invariant failure, one a sanitizer report.
#   test_fuzz_summary.sh <path-to-visa-oracle> <source-dir>
set -u
SRC=${2:?usage: test_fuzz_summary.sh path-to-visa-oracle source-dir}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
mkdir -p "$T/bin"
cat >"$T/bin/diff_fuzzer" <<'SH'
#!/usr/bin/env bash
for a in "$@"; do case $a in -artifact_prefix=*) art=${a#-artifact_prefix=} ;; -fork=*) fork=1 ;; esac; done
if [ -n "${fork:-}" ]; then
  printf 'A' >"${art}crash-aaa"; printf 'A2' >"${art}crash-aab"; printf 'B' >"${art}crash-bbb"; printf 'C' >"${art}crash-ccc"
  echo "INFO: -fork=1: fuzzing in separate process(s)"; echo "#100: cov: 10 ft: 10 corp: 3 exec/s 10 oom/timeout/crash: 0/0/4 time: 1s"
  exit 0
fi
f=${!#}
case $(cat "$f") in
  A*) echo "diff_fuzzer: DIVERGENCE scatter:scatter.oob:value"; exit 1 ;;
  B) echo "diff_fuzzer: DIVERGENCE gather:gather.upper:status"; exit 1 ;;
  C) echo "==1==ERROR: AddressSanitizer: heap-buffer-overflow"; echo "SUMMARY: AddressSanitizer: heap-buffer-overflow exec.c:12 in f"; exit 1 ;;
esac
SH
chmod +x "$T/bin/diff_fuzzer"
FUZZ_BUILD=$T/bin FUZZ_OUT=$T/out bash "$SRC/scripts/fuzz-libfuzzer.sh" diff_fuzzer 1 1 >"$T/sum" 2>&1
rc=$?
[ "$rc" = 1 ] || bad "exit $rc with findings, want 1"
grep -q 'findings: 4 input(s) in 3 bucket(s)' "$T/sum" || bad "summary does not count 4 findings in 3 buckets: $(grep findings "$T/sum")"
grep -qE '^ +2  DIVERGENCE scatter:scatter.oob:value  \(crash-aa[ab]\)' "$T/sum" || bad "no 'scatter:scatter.oob:value' bucket with 2 findings"
grep -qE '^ +1  DIVERGENCE gather:gather.upper:status' "$T/sum" || bad "no gather bucket"
grep -qE '^ +1  SUMMARY: AddressSanitizer: heap-buffer-overflow exec.c:12' "$T/sum" || bad "no sanitizer bucket"
n=$(ls "$T/out/diff_fuzzer/crashes" | grep -c '^crash-')
[ "$n" = 3 ] || bad "crashes/ keeps $n findings, want one per bucket (3)"
[ "$(ls "$T/out/diff_fuzzer/crashes/duplicates" | wc -l)" = 1 ] || bad "duplicates/ should hold the second scatter finding"
[ "$(wc -l <"$T/out/diff_fuzzer/crashes/buckets.txt")" = 3 ] || bad "buckets.txt should list 3 buckets"
if [ "$fail" = 0 ]; then echo "test_fuzz_summary: passed"; else cat "$T/sum" >&2; exit 1; fi
