#!/bin/bash
# issue 25 point 4: well-formed .isa files written by tests/isa_writer.py (the counterpart of the
# truncated files IGC 1.0.12504 wrote, corpus/kernels/*/*.isa): for every corpus kernel, a file
# with its declarations and its memory instructions assembled from IGC's text. The reader must
# walk it in the full layout, decode every instruction, print IGC's line byte for byte, and
# `scan --inputs` must name the layout (D225); the same kernel in the older LSC layout too.
VO=$1; SRC=$2
command -v python3 >/dev/null || { echo "SKIPPED: no python3"; exit 0; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
python3 - "$VO" "$SRC" "$T" <<'PY'
import glob, json, os, subprocess, sys
vo, src, tmp = sys.argv[1:4]
sys.path.insert(0, os.path.join(src, "tests"))
import isa_writer
bad = 0; nk = ni = nold = ncase = 0
def fail(m):
    global bad
    print("FAIL:", m); bad = 1
for f in sorted(glob.glob(os.path.join(src, "corpus/kernels/*/*.visaasm"))):
    kernel, ver, vars_, preds, surfs, insns, want = isa_writer.from_visaasm(vo, f)
    nmem = sum(1 for l in subprocess.run([vo, "scan", "--json", f], capture_output=True, text=True).stdout.splitlines()
               if json.loads(l)["support"] == "executes")
    if nmem != len(insns):
        fail("%s: scan says %d execute, %d assemble" % (f, nmem, len(insns))); continue
    p = os.path.join(tmp, "k.isa")
    open(p, "wb").write(isa_writer.write_isa(kernel, ver, vars_, preds, surfs, insns))
    r = subprocess.run([vo, "scan", "--json", p], capture_output=True, text=True)
    if r.returncode != 0:
        fail("%s: scan refuses the written file: %s" % (f, r.stderr.strip())); continue
    got = [json.loads(l) for l in r.stdout.splitlines()]
    if [o.get("text") for o in got] != want or any(o["support"] != "executes" for o in got):
        fail("%s: the written file does not print IGC's lines" % f); continue
    nk += 1; ni += len(insns)
    # D226: scan --inputs on the .visaasm writes the cases the written .isa gives (the .isa's name
    # their LSC layout, D225; the text has none)
    dv, di = os.path.join(tmp, "cv"), os.path.join(tmp, "ci")
    for d in (dv, di):
        os.makedirs(d, exist_ok=True)
        for x in os.listdir(d): os.unlink(os.path.join(d, x))
    rv = subprocess.run([vo, "scan", "--inputs", dv, "--platform", "PVC", f], capture_output=True, text=True)
    ri = subprocess.run([vo, "scan", "--inputs", di, "--platform", "PVC", p], capture_output=True, text=True)
    cv, ci = sorted(os.listdir(dv)), sorted(os.listdir(di))
    if rv.returncode != 0 or ri.returncode != 0 or len(cv) != len(insns) or \
            [c.split(".")[0] for c in cv] != [c.split(".")[0] for c in ci]:
        fail("%s: --inputs: %d from the text, %d from the file, %d instructions %s" % (f, len(cv), len(ci), len(insns), rv.stderr))
        continue
    by_insn = {}
    for c in ci:
        j = json.load(open(os.path.join(di, c))); j["platform"].pop("lsc_layout", None); by_insn[j["insn"]] = j
    for c in cv:
        j = json.load(open(os.path.join(dv, c)))
        if by_insn.get(j["insn"]) != j:
            fail("%s: case %s from the text differs from the file's" % (f, c)); break
    ncase += len(cv)
    igc = f[:-len(".visaasm")] + ".isa"
    if os.path.exists(igc) and subprocess.run([vo, "scan", igc], capture_output=True).returncode != 2 and \
            any(b[0] == 0x89 for b in insns):
        fail("%s: IGC's own file was not refused" % igc)
    if any(b[0] == 0x89 for b in insns):  # LSC_UNTYPED: the older layout, and the layout named in the cases
        q = os.path.join(tmp, "old.isa")
        if subprocess.run([sys.executable, os.path.join(src, "tests/isa_writer.py"), vo, f, q, "--lsc-layout",
                           "no_ss_idx"], capture_output=True).returncode != 0:
            fail("%s: writer (older layout)" % f); continue
        if open(q, "rb").read() == open(p, "rb").read():
            fail("%s: the older layout wrote the same bytes" % f)
        for path, lay in ((p, "ss_idx"), (q, "no_ss_idx")):
            d = os.path.join(tmp, lay); os.makedirs(d, exist_ok=True)
            for x in os.listdir(d): os.unlink(os.path.join(d, x))
            r = subprocess.run([vo, "scan", "--json", "--inputs", d, "--platform", "DG2", path], capture_output=True, text=True)
            if r.returncode != 0 or [json.loads(l).get("text") for l in r.stdout.splitlines()] != want:
                fail("%s (%s): %s" % (f, lay, r.stderr.strip())); continue
            for c in os.listdir(d):
                j = json.load(open(os.path.join(d, c)))
                if j["platform"].get("lsc_layout") != lay:
                    fail("%s: case %s names %s, not %s" % (f, c, j["platform"].get("lsc_layout"), lay)); break
        nold += 1
if nk < 60 or ni < 400 or nold < 20 or ncase < 400:
    fail("only %d kernels, %d instructions, %d in the older layout" % (nk, ni, nold))
print("isa writer: %d kernels, %d memory instructions read back; %d kernels in both LSC layouts; %d cases from .visaasm"
      % (nk, ni, nold, ncase))
sys.exit(bad)
PY
