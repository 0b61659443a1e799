#!/usr/bin/env bash
# test_vectors_replay.sh VISA_ORACLE SRC_DIR -- a shipped vector's input, read back by `run`
# (the strict JSON reader), gives exactly the vector's expect object. The generator writes
# vectors from states it builds in memory, so this is the test that every member a vector
# carries (platform.lsc_min_simd, a surface's "media", the "typed" array, ...) is read, not
# dropped: a reader that ignored one would run a different case. Per vector file: its first
# 3 tests and every test whose input carries a member of the list below.
set -u
VO=${1:?usage: test_vectors_replay.sh VISA_ORACLE SRC_DIR}
SRC=${2:?usage: test_vectors_replay.sh VISA_ORACLE SRC_DIR}
command -v python3 >/dev/null 2>&1 || { echo "SKIPPED: python3 not installed"; exit 0; }
python3 - "$VO" "$SRC" <<'PY'
import glob, json, os, subprocess, sys, tempfile
vo, src = sys.argv[1], sys.argv[2]
rare = ("lsc_min_simd", '"media"', '"typed"', '"memory"', '"binding_table"', '"surface_state"')
bad = n = 0
seen = set()
with tempfile.TemporaryDirectory() as tmp:
    for f in sorted(glob.glob(os.path.join(src, "vectors", "*.json"))):
        tests = json.load(open(f))["tests"]
        pick = tests[:3]
        for t in tests[3:]:
            s = json.dumps(t["input"])
            for k in rare:
                if k in s and (f, k) not in seen:
                    seen.add((f, k)); pick.append(t)
        for t in pick:
            p = os.path.join(tmp, "in.json")
            json.dump({"input": t["input"]}, open(p, "w"))
            r = subprocess.run([vo, "run", p], capture_output=True, text=True)
            n += 1
            if r.returncode != 0 or json.loads(r.stdout) != t["expect"]:
                bad += 1
                print("FAIL %s %s: run gives %s" % (os.path.basename(f), t["id"], (r.stdout or r.stderr)[:300]))
print("test_vectors_replay: %d tests replayed, %d differ" % (n, bad))
sys.exit(1 if bad or n < 100 else 0)
PY
