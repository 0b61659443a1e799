#!/usr/bin/env bash
# check --results reads a regular results file line by line (issue 30 point 3;
# D246): held are an index of its lines and the line being judged, not the
# file. Fails on a main that read it whole:
#   1. the peak memory of a run against a results file of about 48 MiB (the
#      replies of 40 tests, then lines for tests not in the run) stays under
#      the peak against the 40 replies alone plus 16 MiB (main: + the file);
#   2. the same verdicts, bucket table and counts as the whole-file read (the
#      same file through a pipe, which is read whole);
#   3. a line that is not a whole JSON object (one object over two lines), a
#      gzip file and a line without id get the whole-file read's verdict;
#   4. check -j 2 (--isolate) on a vector file of 40 tests and 48 MiB of members
#      no reader keeps, outside the inputs: the workers read each input by
#      offset (D247), so the peak stays under that of the file without the
#      member plus 16 MiB (main: + the file), with the same report as -j 1.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
LIB=$(dirname "$VO")/examples/libdut_example.so
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
[ -f "$LIB" ] || { echo "test_check_stream: no $LIB (skipped)"; exit 0; }
python3 - "$SRC/vectors/gather-01.json" "$T" "$VO" "$LIB" <<'PY'
import json, subprocess, sys
src, t, vo, lib = sys.argv[1:5]
d = json.load(open(src))
d['tests'] = d['tests'][:40]
open(t + '/v.json', 'w').write(json.dumps(d))
inp = ''.join(json.dumps(x['input'], separators=(',', ':')) + '\n' for x in d['tests'])
out = subprocess.run([vo, '__dut-host', lib], input=inp, capture_output=True, text=True).stdout.splitlines()
lines = []
for x, r in zip(d['tests'], out):
    o = json.loads(r); o['id'] = x['id']
    if len(lines) == 3: o['status'] = 'rejected'  # one failing test, so a bucket table
    lines.append(json.dumps(o, separators=(',', ':')))
open(t + '/small.jsonl', 'w').write('\n'.join(lines) + '\n')
pad = ',"x":"' + 'p' * 4000 + '"'
with open(t + '/big.jsonl', 'w') as f:
    f.write('\n'.join(lines) + '\n')
    for k in range(12000):
        f.write('{"id":"%016x","status":"ok"%s}\n' % (0xf000000000000000 + k, pad))
# 3: an object over two lines; a line without id
open(t + '/split.jsonl', 'w').write('\n'.join(lines[:5]) + '\n' + lines[5].replace(',', ',\n', 1) + '\n' + '\n'.join(lines[6:]) + '\n')
open(t + '/noid.jsonl', 'w').write('\n'.join(lines[:5]) + '\n{"status":"ok"}\n' + '\n'.join(lines[5:]) + '\n')
PY
gzip -c "$T/small.jsonl" >"$T/small.jsonl.gz"
# 2. verdicts: the file line by line vs the same bytes through a pipe
"$VO" check "$T/v.json" --results "$T/big.jsonl" >"$T/a.out" 2>"$T/a.err"; ra=$?
cat "$T/big.jsonl" | "$VO" check "$T/v.json" --results /dev/stdin >"$T/b.out" 2>"$T/b.err"; rb=$?
[ $ra = 1 ] && [ $rb = 1 ] || bad "exit $ra (file) / $rb (pipe), want 1 (one test fails)"
cmp -s "$T/a.out" "$T/b.out" || bad "a file read line by line and the same file read whole differ: $(diff "$T/a.out" "$T/b.out" | head -5)"
grep -q '^39 passed, 1 failed' "$T/a.out" "$T/a.err" || bad "want 39 passed, 1 failed: $(tail -2 "$T/a.out" "$T/a.err")"
# 3. the whole-file read's verdicts
for f in split noid; do
    "$VO" check "$T/v.json" --results "$T/$f.jsonl" >"$T/$f.out" 2>"$T/$f.err"; r1=$?
    cat "$T/$f.jsonl" | "$VO" check "$T/v.json" --results /dev/stdin >"$T/$f.pout" 2>"$T/$f.perr"; r2=$?
    [ $r1 = $r2 ] && cmp -s "$T/$f.out" "$T/$f.pout" && [ "$(sed 's|/dev/stdin|F|;s|'"$T/$f.jsonl"'|F|' "$T/$f.err")" = "$(sed 's|/dev/stdin|F|' "$T/$f.perr")" ] ||
        bad "$f: file (exit $r1: $(head -c 200 "$T/$f.err")) and pipe (exit $r2: $(head -c 200 "$T/$f.perr")) differ"
done
"$VO" check "$T/v.json" --results "$T/small.jsonl.gz" >"$T/gz.out" 2>&1; r=$?
[ $r = 1 ] && grep -q '39 passed, 1 failed' "$T/gz.out" || bad "gzip results: exit $r: $(tail -2 "$T/gz.out")"
# 1. peak memory (a measurement of what is held, not of time); not under a sanitizer, whose
# allocator keeps freed blocks in quarantine (ASan: up to 256 MiB), so RSS there says nothing
# about what the checker holds
sanitized=0
strings "$VO" | grep -q 'AddressSanitizer\|UndefinedBehaviorSanitizer' && sanitized=1
[ $sanitized = 1 ] && echo "skip: peak memory in a sanitizer build"
if [ -x /usr/bin/time ] && [ $sanitized = 0 ]; then
    peak() { /usr/bin/time -f '%M' -o "$T/m" "$VO" check "$T/v.json" --results "$1" >/dev/null 2>&1; tail -1 "$T/m"; }
    small=$(peak "$T/small.jsonl"); big=$(peak "$T/big.jsonl")
    size=$(( $(stat -c %s "$T/big.jsonl") / 1024 ))
    echo "peak RSS: $small KiB with the 40 replies, $big KiB with the $size KiB file"
    [ "$big" -lt $((small + 16384)) ] || bad "peak $big KiB against a $size KiB results file (40 replies alone: $small KiB): the file is held"
fi
python3 - "$T/v.json" "$T/vpad.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for t in d['tests']: t['x_pad'] = 'p' * ((48 << 20) // len(d['tests']))
open(sys.argv[2], 'w').write(json.dumps(d))
PY
"$VO" check "$T/vpad.json" --dut-lib "$LIB" --isolate -j 2 >"$T/j2.out" 2>&1; r2=$?
"$VO" check "$T/vpad.json" --dut-lib "$LIB" >"$T/j1.out" 2>&1; r1=$?
[ $r1 = 0 ] && [ $r2 = 0 ] && cmp -s "$T/j1.out" "$T/j2.out" || bad "-j 2 vs -j 1: exit $r2 / $r1: $(tail -n 2 "$T/j2.out" "$T/j1.out")"
if [ -x /usr/bin/time ] && [ $sanitized = 0 ]; then
    pj() { /usr/bin/time -f '%M' -o "$T/m" "$VO" check "$1" --dut-lib "$LIB" --isolate -j 2 >/dev/null 2>&1; tail -1 "$T/m"; }
    small=$(pj "$T/v.json"); big=$(pj "$T/vpad.json")
    echo "peak RSS, -j 2: $small KiB (40 tests), $big KiB (the same and 48 MiB of members outside the inputs)"
    [ "$big" -lt $((small + 16384)) ] || bad "-j 2: peak $big KiB with a 48 MiB ignored member (without: $small KiB): the file is held"
fi
[ $fail -eq 0 ] && echo "test_check_stream: ok"
exit $fail
