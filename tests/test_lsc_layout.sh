#!/bin/bash
# D225: a case names its LSC_UNTYPED layout (platform.lsc_layout). Expected outcomes from
# D110/D222: the same bytes with and without the 4-byte ss_idx (0) after the Surface operand;
# a named layout decodes only that layout; the member survives JSON and the binary case form.
VO=$1; SRC=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
python3 - "$VO" "$SRC" "$T" <<'PY'
import json, subprocess, sys, os
vo, src, tmp = sys.argv[1:4]
bad = 0
def run(inp):
    p = os.path.join(tmp, "c.json")
    json.dump({"input": inp}, open(p, "w"))
    r = subprocess.run([vo, "run", p], capture_output=True, text=True)
    return r.returncode, (json.loads(r.stdout) if r.returncode == 0 else r.stderr)
def fail(m):
    global bad
    print("FAIL:", m); bad = 1
n = 0
for t in json.load(open(os.path.join(src, "vectors", "lsc_untyped_load-01.json")))["tests"][:60]:
    i = t["input"]; h = i["insn"]
    d = subprocess.run([vo, "disasm", "--visa-version", i["platform"]["visa_version"], h],
                       capture_output=True, text=True).stdout
    off = [int(l.split("@")[1].split()[0]) for l in d.splitlines() if l.startswith("ss_idx @")]
    if not off or h[2 * off[0]:2 * off[0] + 8] != "00000000":
        continue
    old = h[:2 * off[0]] + h[2 * off[0] + 8:]
    def with_(insn, lay):
        c = json.loads(json.dumps(i)); c["insn"] = insn; c.pop("asm", None)
        if lay: c["platform"]["lsc_layout"] = lay
        return c
    _, auto_new = run(with_(h, None)); _, auto_old = run(with_(old, None))
    for a in (auto_new, auto_old):
        a.pop("digest", None)
    rc, named_new = run(with_(h, "ss_idx")); named_new.pop("digest", None)
    if named_new != auto_new: fail("ss_idx named on the HEAD bytes differs from the length rule: " + h)
    rc, named_old = run(with_(old, "no_ss_idx")); named_old.pop("digest", None)
    if named_old != auto_old or "lsc:no_ssidx_layout" not in named_old.get("tags", []):
        fail("no_ss_idx named on the older bytes differs: " + old)
    rc, x = run(with_(h, "no_ss_idx"))
    if x.get("status") != "invalid" or x.get("error", {}).get("code") not in ("E_TRAILING", "E_TRUNCATED"):
        fail("HEAD bytes read in the older layout: %s %s" % (h, x.get("status")))
    rc, x = run(with_(old, "ss_idx"))
    if x.get("status") != "invalid" or x.get("error", {}).get("code") not in ("E_TRAILING", "E_TRUNCATED"):
        fail("older bytes read in the HEAD layout: %s %s" % (old, x.get("status")))
    n += 1
    if n == 1: # the member round-trips: JSON -> binary case -> JSON
        p = os.path.join(tmp, "k.json"); b = os.path.join(tmp, "k.bin")
        json.dump({"input": with_(old, "no_ss_idx")}, open(p, "w"))
        if subprocess.run([vo, "json2case", p, "-o", b]).returncode != 0: fail("json2case")
        back = json.loads(subprocess.run([vo, "case2json", b], capture_output=True, text=True).stdout)
        if back["platform"].get("lsc_layout") != "no_ss_idx": fail("lsc_layout lost on the binary case form")
        c = with_(old, None)
        json.dump({"input": c}, open(p, "w"))
        subprocess.run([vo, "json2case", p, "-o", b])
        back = json.loads(subprocess.run([vo, "case2json", b], capture_output=True, text=True).stdout)
        if "lsc_layout" in back["platform"]: fail("lsc_layout printed though not named")
if n < 5: fail("only %d vectors with ss_idx 0" % n)
c = json.load(open(os.path.join(src, "vectors", "lsc_untyped_load-01.json")))["tests"][0]["input"]
c["platform"]["lsc_layout"] = "old"
rc, err = run(c)
if rc != 2 or "E_STATE at input.platform.lsc_layout" not in err: fail("a bad lsc_layout: %d %s" % (rc, err))
print("lsc_layout: %d vectors in both layouts" % n)
sys.exit(bad)
PY
