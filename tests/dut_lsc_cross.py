#!/usr/bin/env python3
"""The two example DUTs must agree on every LSC seed of the fuzz corpus.

  dut_lsc_cross.py LIBDUT.so DUT.py CASE.json...

Each case (a JSON input object) goes to the C DUT (through its ABI, ctypes) and
to the Python DUT (JSON lines); their statuses, variables and surfaces must be
the same. Exit 0 when they agree on every case, 1 otherwise.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dut_lsc_ctypes  # noqa: E402


def norm(o):
    out = {"status": o["status"]}
    if o["status"] == "ok":
        out["vars"] = {v["id"]: v["data"] for v in o["vars"]}
        surfs = {}
        for s in o.get("surfaces", []):
            b = bytearray(s["size"])
            for off, hx in s["data"]:
                d = bytes.fromhex(hx)
                b[off:off + len(d)] = d
            surfs[s["index"]] = bytes(b)
        out["surfaces"] = surfs
    return out


def main():
    lib, py, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    r = dut_lsc_ctypes.Runner(lib)
    p = subprocess.Popen([sys.executable, py], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    bad = 0
    for f in files:
        with open(f) as fh:
            inp = json.load(fh)
        inp.setdefault("memory", [])
        # the ctypes host keeps dense surfaces: leave out the 4 GiB one
        inp["surfaces"] = [s for s in inp["surfaces"] if s["size"] < 1 << 20]
        a = r.run(inp)
        p.stdin.write(json.dumps(inp) + "\n")
        p.stdin.flush()
        b = json.loads(p.stdout.readline())
        if norm(a) != norm(b):
            bad += 1
            print("DIFF %s: C %s, Python %s" % (os.path.basename(f), a["status"], b["status"]))
    p.stdin.close()
    p.wait()
    print("%d/%d LSC seeds: the C and Python DUTs agree" % (len(files) - bad, len(files)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
