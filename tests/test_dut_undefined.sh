#!/usr/bin/env bash
# The C ABI says "undefined" / "fault" as --dut-cmd does (issue 32, point 5;
# D250): a library returning VISA_DUT_FAULT and a command replying
# {"status":"undefined"} with the state untouched get the same verdict on
# every test, in process and --isolate'd; the vector file's `undefined` tests
# pass, its `invalid` tests fail, and the library sees abi_minor >= 2 (3 since the typed surfaces, issue 28).
set -euo pipefail
BIN=$1; SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
bad() { echo "test_dut_undefined: $*" >&2; exit 1; }
CC=${CC:-cc}
$CC -shared -fPIC -O1 -I"$SRC/oracle/include" -o "$TMP/libundef.so" "$SRC/tests/dut/undeflib.c" || bad "cannot build undeflib"
grep -q '^#define VISA_DUT_ABI_MINOR 3u' "$SRC/oracle/include/visa_dut.h" || bad "visa_dut.h: minor version is not 3"
cat > "$TMP/undef.py" <<'PY'
import json, sys
for line in sys.stdin:
    i = json.loads(line)
    r = {"id": i["id"], "status": "undefined"}
    for k, v in i.items():
        if k not in ("id", "platform", "insn", "asm", "exec_mask"): r[k] = v
    print(json.dumps(r), flush=True)
PY
V="$SRC/vectors/gather-02.json"
fails() { python3 -c 'import json,sys
for l in sys.stdin:
    o=json.loads(l)
    if "id" in o and o.get("pass") is False: print(o["id"])' | sort; }
set +e
"$BIN" check "$V" --dut-lib "$TMP/libundef.so" --json 2>/dev/null | fails > "$TMP/lib"
"$BIN" check "$V" --dut-lib "$TMP/libundef.so" --isolate --json 2>/dev/null | fails > "$TMP/iso"
"$BIN" check "$V" --dut-cmd "python3 $TMP/undef.py" --json 2>/dev/null | fails > "$TMP/cmd"
set -e
python3 - "$V" "$TMP" <<'PY'
import json, sys
v, tmp = sys.argv[1], sys.argv[2]
tests = json.load(open(v))["tests"]
st = {t["id"]: t["expect"]["status"] for t in tests}
lib, iso, cmd = (set(open(tmp + "/" + n).read().split()) for n in ("lib", "iso", "cmd"))
bad = []
if lib != iso: bad.append("--isolate differs from in-process: %s" % sorted(lib ^ iso)[:4])
if lib != cmd: bad.append("--dut-cmd 'undefined' differs from VISA_DUT_FAULT: %s" % sorted(lib ^ cmd)[:4])
und = [i for i, s in st.items() if s == "undefined"]; inv = [i for i, s in st.items() if s == "invalid"]
if not und or not inv: bad.append("vector file lacks undefined or invalid tests")
bad += ["undefined test %s failed" % i for i in und if i in lib]
bad += ["invalid test %s passed" % i for i in inv if i not in lib]
okf = [i for i, s in st.items() if s == "ok" and i in lib]
if not okf: bad.append("no ok test failed: the untouched state was not compared")
for b in bad: print("test_dut_undefined:", b, file=sys.stderr)
if bad: sys.exit(1)
print("test_dut_undefined: %d undefined pass, %d invalid and %d ok tests fail, the same in the three transports" % (len(und), len(inv), len(okf)))
PY
