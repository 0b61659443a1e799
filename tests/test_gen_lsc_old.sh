#!/usr/bin/env bash
# test_gen_lsc_old.sh VISA_ORACLE SRC_DIR -- issue 25 (D225, D368): the vector group
# lsc_untyped_no_ssidx, LSC_UNTYPED in the older layout IGC up to 1.0.12504 writes:
#  1. the shipped file holds 300 tests; each names platform.lsc_layout "no_ss_idx" and, unless
#     invalid, carries lsc:no_ssidx_layout; each is its source test (the comment names it: lsc_untyped_load,
#     _store or _atomic, test k, in the shipped files) with 4 zero bytes (ss_idx) taken out, and the
#     two tests expect the same status, variables and memory (the layouts mean the same when
#     ss_idx is 0; only the layout tag differs);
#  2. the bytes do not decode in the HEAD layout (the same input naming "ss_idx" is invalid), and
#     with the layout not named (a DUT decodes by length, D222) the expect is the same;
#  3. the C and Python reference DUTs pass check on the file.
set -u
VO=${1:?usage: test_gen_lsc_old.sh VISA_ORACLE SRC_DIR}
SRC=${2:?usage: test_gen_lsc_old.sh VISA_ORACLE SRC_DIR}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
F="$SRC/vectors/lsc_untyped_no_ssidx.json"
[ -f "$F" ] || { echo "FAIL: $F not shipped"; exit 1; }
python3 - "$VO" "$SRC" "$T" <<'PY' || fail=1
import glob, json, os, re, subprocess, sys
vo, src, tmp = sys.argv[1:4]
bad = 0
def fail(m):
    global bad
    bad = 1
    print("FAIL: " + m)
tests = json.load(open(os.path.join(src, "vectors/lsc_untyped_no_ssidx.json")))["tests"]
if len(tests) != 300: fail("%d tests" % len(tests))
srcs = {}
def source(group, k):
    if group not in srcs:
        srcs[group] = [t for f in sorted(glob.glob(os.path.join(src, "vectors", group + "-*.json"))) for t in json.load(open(f))["tests"]]
    return srcs[group][k]
def strip(e):
    return {k: v for k, v in e.items() if k not in ("tags", "digest")}
for n, t in enumerate(tests):
    i = t["input"]
    if i["platform"].get("lsc_layout") != "no_ss_idx" or \
            ("lsc:no_ssidx_layout" not in t["tags"] and t["expect"]["status"] != "invalid"):
        fail("test %d: layout %s, tags %s" % (n, i["platform"].get("lsc_layout"), t["tags"])); continue
    m = re.match(r"no_ss_idx layout \(D225\) of (lsc_untyped_\w+) (\d+): ", t["comment"])
    if not m: fail("test %d: comment %s" % (n, t["comment"])); continue
    s = source(m.group(1), int(m.group(2)))
    a, b = s["input"]["insn"], i["insn"]
    if not any(a[:k] + a[k + 8:] == b and a[k:k + 8] == "00000000" for k in range(0, len(a) - 7, 2)):
        fail("test %d: %s is not %s without 4 zero bytes" % (n, b, a))
    si = dict(s["input"]); si["insn"] = b; si["platform"] = dict(si["platform"], lsc_layout="no_ss_idx")
    if si != i: fail("test %d: the state differs from its source's" % n)
    if strip(s["expect"]) != strip(t["expect"]) and s["expect"]["status"] != "invalid":
        fail("test %d: expect differs from its source's (%s)" % (n, m.group(0)))
# 2. a sample run with the layout named ss_idx, and not named
for n in range(0, 300, 15):
    i = dict(tests[n]["input"])
    for lay, want in (("ss_idx", "invalid"), (None, tests[n]["expect"]["status"])):
        j = dict(i); j["platform"] = dict(i["platform"])
        if lay: j["platform"]["lsc_layout"] = lay
        else: j["platform"].pop("lsc_layout")
        p = os.path.join(tmp, "c.json"); json.dump(j, open(p, "w"))
        r = subprocess.run([vo, "run", p], capture_output=True, text=True)
        got = json.loads(r.stdout)["status"] if r.stdout.strip() else "?"
        if got != want: fail("test %d, layout %s: %s, want %s" % (n, lay, got, want))
sys.exit(bad)
PY
ex=$(dirname "$VO")/examples
if [ -f "$ex/libdut_example.so" ]; then
    "$VO" check -q "$F" --dut-lib "$ex/libdut_example.so" >"$T/c.txt" 2>&1 || bad "C DUT: $(tail -2 "$T/c.txt")"
fi
if [ -f "$SRC/examples/dut_py/dut.py" ]; then
    "$VO" check -q "$F" --dut-cmd "python3 $SRC/examples/dut_py/dut.py" >"$T/p.txt" 2>&1 || bad "Python DUT: $(tail -2 "$T/p.txt")"
fi
exit $fail
