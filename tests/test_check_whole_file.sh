#!/usr/bin/env bash
# check and cov validate the whole vector file, not only each test's "input"
# and "id" (issue 30 point 4): a member they do not read (a test's "comment",
# any other member of a test or of the top object) is held to the same JSON
# grammar and string rules as the strict reader that run and explain use, a
# test's "comment" is one string (or null), and "format" names a known
# version. Each malformed file is refused with exit 2 before any DUT call,
# naming the file, the member and the byte offset of the fault (worked out
# here from where the fault was planted); its valid twin passes.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
BUILD=$(dirname "$VO")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
LIB=$BUILD/examples/libdut_example.so
if [ ! -f "$LIB" ]; then
    LIB=$T/libdut_example.so
    cc -shared -fPIC -O2 -I"$SRC/oracle/include" "$SRC/examples/dut_c/dut.c" -o "$LIB" || { echo "FAIL: cannot build the example DUT" >&2; exit 1; }
fi
VEC=$SRC/vectors/gather-01.json
[ -f "$VEC" ] || { "$VO" gen --insn gather --count 20 --out "$T/gen" --quiet; VEC=$(ls "$T"/gen/gather*.json | head -1); }

# name  planted-text  the byte the fault is at, as an offset into the planted text  expected words
python3 - "$VEC" "$T" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['tests'] = d['tests'][:3]
base = json.dumps(d)
out = sys.argv[2]
first = base.index('"comment": ')  # the first test's comment
cases = [
    # name, replacement for the first '"comment": ', the fault's index in it, words of the message
    ('comma', '"x": [1,,2], "comment": ', 8, 'member "x"'),
    ('nan', '"x": NaN, "comment": ', 5, 'member "x"'),
    ('tab', '"comment": "a\tb', 13, 'raw control byte'),
    ('esc0', '"comment": "a\\u0000', 13, '\\u0000 in a string'),
    ('rawnul', '"comment": "a\x00', 13, 'raw NUL byte'),
    ('deep', '"x": ' + '[' * 70 + ']' * 70 + ', "comment": ', 5 + 63, 'nested deeper than 64'),
    ('dupc', '"comment": "a", "comment": ', 27, 'two "comment" members'),
    ('numc', '"comment": 5, "old": ', 11, '"comment" is not a string'),
]
with open(out + '/cases', 'w') as lst:
    for name, rep, at, words in cases:
        text = base.replace('"comment": ', rep, 1)
        open('%s/%s.json' % (out, name), 'w').write(text)
        lst.write('%s\t%d\t%s\n' % (name, first + at, words))
    # an unknown format version, and a malformed top-level member outside "tests"
    text = base.replace('"visa-vectors/', '"visa-vectors/9', 1)
    open(out + '/fmt.json', 'w').write(text)
    lst.write('fmt\t%d\t%s\n' % (text.index('"visa-vectors/9'), 'unknown format version'))
    text = base.replace('"tests"', '"y": [1,,2], "tests"', 1)
    open(out + '/top.json', 'w').write(text)
    lst.write('top\t%d\t%s\n' % (text.index('[1,,2]') + 3, 'member "y"'))
    # the valid twins: an extra member and a null comment are accepted
    open(out + '/ok.json', 'w').write(base.replace('"comment": ', '"x": [1, 2, {"a": "\\u00e9"}], "comment": ', 1))
    open(out + '/oknull.json', 'w').write(base.replace('"comment": ', '"comment": null, "old": ', 1))
PY

for ok in ok oknull; do
    "$VO" check "$T/$ok.json" --dut-lib "$LIB" >"$T/out" 2>"$T/err" || bad "$ok: check exited $? ($(head -2 "$T/err"))"
    tail -1 "$T/out" | grep -q '^3 passed, 0 failed$' || bad "$ok: $(tail -1 "$T/out")"
    "$VO" cov "$T/$ok.json" >/dev/null 2>"$T/err"; [ $? -le 1 ] || bad "$ok: cov refused it: $(head -2 "$T/err")"
done

while IFS=$'\t' read -r name at words; do
    f=$T/$name.json
    "$VO" check "$f" --dut-lib "$LIB" >"$T/out" 2>"$T/err"
    rc=$?
    [ $rc -eq 2 ] || bad "$name: check exited $rc, want 2"
    [ -s "$T/out" ] && bad "$name: check wrote a report: $(head -2 "$T/out")"
    grep -qF "'$f' byte $at: " "$T/err" || bad "$name: check does not name byte $at: $(cat "$T/err")"
    grep -qF -- "$words" "$T/err" || bad "$name: check does not say '$words': $(cat "$T/err")"
    "$VO" cov "$f" >"$T/out" 2>"$T/err"
    rc=$?
    [ $rc -eq 2 ] || bad "$name: cov exited $rc, want 2"
    grep -qF "'$f' byte $at: " "$T/err" || bad "$name: cov does not name byte $at: $(cat "$T/err")"
done <"$T/cases"

# run and explain refuse the same test object (the strict reader), so the
# readers agree on what a vector file is
for name in comma nan tab esc0 dupc numc; do
    id=$(python3 -c "import json,sys; print(json.loads(open(sys.argv[1]).read().replace('\x00',' ').replace('[1,,2]','0').replace('NaN','0'), strict=False)['tests'][0]['id'])" "$T/$name.json" 2>/dev/null)
    "$VO" explain "$T/$name.json" ${id:+--id "$id"} >/dev/null 2>&1
    [ $? -eq 2 ] || bad "$name: explain accepts the test check refuses"
done

[ $fail -eq 0 ] && echo "test_check_whole_file: ok"
exit $fail
