#!/usr/bin/env bash
# test_scan_cases.sh VISA_ORACLE SRC_DIR -- issue 25 point 5: `scan --cases DIR` writes vector files
# from the kernel corpus (D365, D366):
#  1. one file per kernel with a memory instruction that executes, two tests per instruction
#     (a test met again, e.g. a fence, once), valid against docs/vectors.schema.json;
#  2. deterministic: the same --seed writes the same bytes, another seed other data;
#  3. worked by hand from the GATHER4_SCALED page for tgllp ld_int $11
#     `gather4_scaled.R (M1, 16) T6 0x0:ud V0051.0 V0053.0`: the offsets are distinct multiples
#     of 64; in the first test T6 ends where the highest lane's dword ends and lane i of V53 is the
#     dword of T6 at offset V51[i]; the second test is the same input with T6 cut by 4 bytes, so
#     that lane reads 0 (out of bounds) and the others as before;
#  4. the first test of each pair has no out-of-bound tag; many second tests have one;
#  5. check: the reference DUT passes every test; the OOB-garbage and the stop-at-first-OOB
#     mutants fail some;
#  6. a .isa file (IGC 1.0.12504's, --igc-truncated) gives vector files too; a directory that
#     cannot be written is exit 1, a bad --seed exit 2.
set -u
VO=${1:?usage: test_scan_cases.sh VISA_ORACLE SRC_DIR}
SRC=${2:?usage: test_scan_cases.sh VISA_ORACLE SRC_DIR}
K="$SRC/corpus/kernels"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

mkdir -p "$T/t" "$T/d" "$T/t2" "$T/s2" "$T/i"
"$VO" scan --cases "$T/t" "$K"/tgllp/*.visaasm >/dev/null || bad "scan --cases tgllp: exit $?"
"$VO" scan --cases "$T/d" --platform DG2 "$K"/dg2-g10/*.visaasm >/dev/null || bad "scan --cases dg2: exit $?"
"$VO" scan --cases "$T/t2" --seed 1 "$K"/tgllp/*.visaasm >/dev/null
"$VO" scan --cases "$T/s2" --seed 2 "$K"/tgllp/*.visaasm >/dev/null
# 2. determinism
diff -r "$T/t" "$T/t2" >/dev/null || bad "--seed 1 twice: different files"
cmp -s "$T/t/ld_int.json" "$T/s2/ld_int.json" && bad "--seed 2 wrote the bytes of --seed 1"

python3 - "$SRC" "$T" <<'PY' || fail=1
import glob, json, os, sys
src, tmp = sys.argv[1], sys.argv[2]
bad = 0
def fail(m):
    global bad
    bad = 1
    print("FAIL: " + m)
# 1. files, pairs, schema
for dev, sub in (("tgllp", "t"), ("dg2-g10", "d")):
    files = sorted(glob.glob(os.path.join(tmp, sub, "*.json")))
    if len(files) < 20: fail("%s: only %d vector files" % (dev, len(files)))
    n = 0
    for f in files:
        j = json.load(open(f))
        if j["format"] not in ("visa-vectors/1", "visa-vectors/2") or j["generator"]["name"] != "visa-oracle scan":
            fail("%s: header %s" % (f, j["format"]))
        ids = [t["id"] for t in j["tests"]]
        if len(set(ids)) != len(ids): fail("%s: a test twice" % f)
        if j["generator"]["count"] != len(ids): fail("%s: count %d for %d tests" % (f, j["generator"]["count"], len(ids)))
        n += len(ids)
    if n < 250: fail("%s: only %d tests" % (dev, n))
schema = json.load(open(os.path.join(src, "docs/vectors.schema.json")))
try:
    import fastjsonschema
    val = fastjsonschema.compile(schema)
except ImportError:
    try:
        import jsonschema
        val = lambda doc: jsonschema.validate(doc, schema)
    except ImportError:
        val = None
        print("note: neither fastjsonschema nor jsonschema: schema not checked")
if val:
    for f in glob.glob(os.path.join(tmp, "[td]", "*.json")):
        try:
            val(json.load(open(f)))
        except Exception as e:
            fail("schema: %s: %s" % (f, str(e)[:300]))
# 3. by hand: ld_int $11 (GATHER4_SCALED, R channel, SIMD16, global offset 0, every lane enabled)
j = json.load(open(os.path.join(tmp, "t", "ld_int.json")))
pair = [t for t in j["tests"] if t["comment"].startswith("scan: ld_int $11 ")]
if len(pair) != 2:
    fail("ld_int $11: %d tests" % len(pair))
else:
    def var(state, i):
        return bytes.fromhex([v for v in state["vars"] if v["id"] == i][0]["data"])
    def surf(state, i):
        s = [x for x in state["surfaces"] if x["index"] == i][0]
        mem = bytearray(s["size"])
        for at, hx in s["data"]:
            mem[at:at + len(hx) // 2] = bytes.fromhex(hx)
        return s["size"], bytes(mem)
    a, b = pair
    if a["input"]["vars"] != b["input"]["vars"]: fail("ld_int $11: the two tests' variables differ")
    v51 = var(a["input"], 51)
    off = [int.from_bytes(v51[4 * i:4 * i + 4], "little") for i in range(16)]
    if len(set(off)) != 16 or any(o % 64 for o in off): fail("ld_int $11: offsets %s" % off)
    top = max(off)
    for t, size_want in ((a, top + 4), (b, top)):
        size, mem = surf(t["input"], 6)
        if size != size_want: fail("ld_int $11: T6 is %d bytes, want %d" % (size, size_want))
        want = b"".join(mem[o:o + 4] if o + 4 <= size else b"\0\0\0\0" for o in off)
        got = var(t["expect"], 53)
        if t["expect"]["status"] != "ok" or got != want:
            fail("ld_int $11 (%s): V53 %s, want %s" % (t["comment"][-30:], got.hex(), want.hex()))
    if "oob_read" not in b["expect"]["tags"] or "oob_read" in a["expect"]["tags"]: fail("ld_int $11: tags")
# 4. bounds
OOB = {"oob_read", "oob_write", "slm_oob", "partial_oob", "lsc:flat_unmapped", "lsc:surface_oob"}
npast = 0
for f in glob.glob(os.path.join(tmp, "[td]", "*.json")):
    for t in json.load(open(f))["tests"]:
        hit = OOB & set(t["expect"]["tags"])
        if t["comment"].endswith("cover the accesses") and hit: fail("%s: %s in bounds, tags %s" % (f, t["comment"], hit))
        if t["comment"].endswith("by its highest access") and hit: npast += 1
if npast < 150: fail("only %d tests past a bound" % npast)
sys.exit(bad)
PY

# 5. check
ex=$(dirname "$VO")/examples
if [ -f "$ex/libdut_example.so" ]; then
    "$VO" check -q "$T"/t/*.json "$T"/d/*.json --dut-lib "$ex/libdut_example.so" >"$T/ok.txt" 2>&1 ||
        bad "reference DUT: $(tail -3 "$T/ok.txt")"
    grep -q " 0 failed" "$T/ok.txt" || bad "reference DUT: $(tail -1 "$T/ok.txt")"
    for m in gather_oob_garbage scatter_stop_first_oob; do
        [ -f "$ex/libdut_$m.so" ] || continue
        "$VO" check -q "$T"/t/*.json "$T"/d/*.json --dut-lib "$ex/libdut_$m.so" >"$T/m.txt" 2>&1 && bad "mutant $m passes every test"
        grep -Eq " [1-9][0-9]* failed" "$T/m.txt" || bad "mutant $m: $(tail -1 "$T/m.txt")"
    done
else
    echo "note: $ex/libdut_example.so not built: check not run"
fi

# 6. .isa, errors
"$VO" scan --igc-truncated --cases "$T/i" "$K"/tgllp/*.isa >/dev/null || bad ".isa: exit $?"
[ "$(ls "$T/i" | wc -l)" -ge 5 ] || bad ".isa: $(ls "$T/i" | wc -l) vector files"
if [ -f "$ex/libdut_example.so" ]; then
    "$VO" check -q "$T"/i/*.json --dut-lib "$ex/libdut_example.so" >"$T/ok.txt" 2>&1 || bad ".isa: check: $(tail -2 "$T/ok.txt")"
fi
"$VO" scan --cases "$T/none/x" "$K"/tgllp/ld_int_simd32.visaasm >/dev/null 2>"$T/err"
rc=$?
[ "$rc" = 1 ] && grep -q "cannot write" "$T/err" || bad "unwritable directory: exit $rc, $(cat "$T/err")"
"$VO" scan --cases "$T/i" --seed x "$K"/tgllp/ld_int_simd32.visaasm >/dev/null 2>&1
[ $? = 2 ] || bad "--seed x: not exit 2"
exit $fail
