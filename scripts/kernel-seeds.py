#!/usr/bin/env python3
"""Fuzzer seeds from the kernel corpus (issue 25 point 8): each memory instruction of
corpus/kernels/<device>/*.visaasm that `scan` says executes, assembled from IGC's text, with the
kernel's operand shapes: the variables it names at their `.decl` type and element count, the
declared predicates all true, SLM (T0) of 64 KiB, surfaces T6, T7 of 4096
bytes (bti 0..3 bound to them), a 64 KiB flat
region at 0x10000; data drawn from a seed (the instruction's text), 64-bit variables pointing into
the region. One seed per opcode.subop (the first device and kernel in sorted order), written as
binary cases kern_<device>_<key>.bin into each OUT directory; a case `run` calls invalid is skipped.

usage: scripts/kernel-seeds.py VISA_ORACLE KERNEL_DIR OUT_DIR...
"""
import glob, hashlib, json, os, random, re, subprocess, sys, tempfile

vo, kdir, outs = sys.argv[1], sys.argv[2], sys.argv[3:]
PLAT = {"tgllp": "TGLLP", "dg1": "DG1", "dg2-g10": "DG2", "pvc": "PVC"}
SIZE = {"b": 1, "ub": 1, "w": 2, "uw": 2, "hf": 2, "bf": 2, "d": 4, "ud": 4, "f": 4, "q": 8, "uq": 8, "df": 8}
BASE = 0x10000

def insns(path):
    """(kernel, index, text, decls, preds, version) per instruction line, as scan enumerates them"""
    ver, kernel, idx, decls, preds = "4.1", "?", 0, {}, {}
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        s = line.lstrip(" \t")
        if not s or s.startswith("//"):
            continue
        if s is line or len(s) == len(line):
            if s.startswith(".version "):
                ver = s.split()[1]
            elif s.startswith('.kernel "'):
                kernel, idx, decls, preds = s[9:].split('"')[0], 0, {}, {}
            elif s.startswith(".decl "):
                f = s.split()
                kv = dict(x.split("=", 1) for x in f[2:] if "=" in x)
                m = re.match(r"V(\d+)$", f[1])
                if m and kv.get("v_type") == "G" and kv.get("type") in SIZE:
                    decls[int(m.group(1))] = (kv["type"], int(kv.get("num_elts", "1")))
                m = re.match(r"P(\d+)$", f[1])
                if m and kv.get("v_type") == "P":
                    preds[int(m.group(1))] = int(kv.get("num_elts", "1"))
            continue
        if s.startswith("."):
            continue
        yield kernel, idx, s.split("///")[0].rstrip(), decls, preds, ver
        idx += 1

def case(dev, text, hexs, decls, preds, ver):
    rnd = random.Random(hashlib.sha256(text.encode()).digest())
    ids = sorted({int(m) for m in re.findall(r"\bV(\d+)\b", text)} & set(decls))
    vars_ = []
    for i in ids:
        t, n = decls[i]
        n = min(n, 64 if SIZE[t] == 8 else 128)
        if SIZE[t] == 8:
            data = b"".join((BASE + 16 * rnd.randrange(256)).to_bytes(8, "little") for _ in range(n))
        elif SIZE[t] == 4:
            data = b"".join((4 * rnd.randrange(256)).to_bytes(4, "little") for _ in range(n))
        else:
            data = bytes(rnd.randrange(256) for _ in range(n * SIZE[t]))
        vars_.append({"id": i, "type": t, "num_elts": n, "data": data.hex()})
    ps = []
    for p, n in sorted(preds.items()):
        n = n if n in (1, 2, 4, 8, 16, 32) else 32
        ps.append({"id": p, "num_elts": n, "bits": "%08x" % ((1 << n) - 1)})
    surf = [{"index": 6 + k, "size": 4096, "data": [[0, bytes(rnd.randrange(256) for _ in range(64)).hex()]]}
            for k in range(2)]
    surf.insert(0, {"index": 0, "size": 65536, "data": [[0, bytes(rnd.randrange(256) for _ in range(256)).hex()]]})
    return {"platform": {"name": PLAT[dev], "visa_version": ver}, "insn": hexs, "exec_mask": "ffffffff",
            "vars": vars_, "preds": ps[:8], "addrs": [], "surfaces": surf,
            "memory": [{"base": "0x%016x" % BASE, "size": 65536,
                        "data": [[0, bytes(rnd.randrange(256) for _ in range(256)).hex()]]}],
            "binding_table": [{"bti": b, "surface": 6 + (b & 1)} for b in range(4)]}

seen, n = set(), 0
tmp = tempfile.mkdtemp()
for dev in sorted(PLAT):
    for f in sorted(glob.glob(os.path.join(kdir, dev, "*.visaasm"))):
        sc = subprocess.run([vo, "scan", "--json", f], capture_output=True, text=True, check=True).stdout
        sup = {(o["kernel"], o["index"]): o for o in map(json.loads, sc.splitlines())}
        for kernel, idx, text, decls, preds, ver in insns(f):
            o = sup.get((kernel, idx))
            if not o or o["support"] != "executes" or o["mnemonic"] in seen:
                continue
            a = subprocess.run([vo, "asm", "--visa-version", ver, text], capture_output=True, text=True)
            if a.returncode != 0:
                sys.exit("asm failed on %s %s: %s" % (f, text, a.stderr))
            c = case(dev, text, a.stdout.strip(), decls, preds, ver)
            p = os.path.join(tmp, "c.json")
            json.dump({"input": c}, open(p, "w"))
            r = subprocess.run([vo, "run", p], capture_output=True, text=True)
            if r.returncode != 0 or json.loads(r.stdout)["status"] == "invalid":
                continue
            seen.add(o["mnemonic"])
            name = "kern_%s_%s.bin" % (dev, re.sub(r"[^A-Za-z0-9]+", "_", o["mnemonic"]))
            for d in outs:
                if subprocess.run([vo, "json2case", p, "-o", os.path.join(d, name)]).returncode != 0:
                    sys.exit("json2case failed on " + text)
            n += 1
            print("%s  %s: %s" % (name, json.loads(r.stdout)["status"], text))
print("%d seeds" % n, file=sys.stderr)
