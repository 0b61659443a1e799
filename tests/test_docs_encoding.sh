#!/usr/bin/env bash
# docs/encoding.md carries every LSC code the oracle names (issue 32, point 1):
# each entry of the name tables of oracle/formats/lsc_text.c at its code, each
# LSC_UNTYPED sub-op of oracle/core/desc.c, each E_LSC_* error, and the field
# order of the four LSC layouts as the decoder reads them (disasm's fields).
set -euo pipefail
BIN=$1; SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
dis() { "$BIN" disasm "$("$BIN" asm "$1")" | sed -n 's/^\([a-z0-9_]*\) @[0-9]* = .*/\1/p' | tr '\n' ' '; }
A=$(dis 'lsc_load.ugm (M1, 16) V32:d32 flat[V33]:a32')
B=$(dis 'lsc_load_strided.ugm (M1, 16) V32:d32 flat[V33, 0x4]:a32')
C=$(dis 'lsc_apndctr_atomic_add.ugm (M1, 16) V32:d32 bti(0x1) V33')
F=$(dis 'lsc_fence.ugm.evict.gpu')
# the layouts this round added (FENCE, SVM block, LSC block2d)
G=$(dis 'fence_local.E')
H=$(dis 'svm_block_ld (2) V60(0,0)<0;1,0> V34.0')
I=$(dis 'svm_block_st (1) V60(0,0)<0;1,0> V35.0')
J=$(dis 'lsc_load_block2d.ugm (M1_NM, 1) V51:d16.16x8nn flat[V50, V33, V34, V35, V36, V37]')
python3 - "$SRC" "$A" "$B" "$C" "$F" "$G" "$H" "$I" "$J" <<'PY'
import re, sys
src, A, B, C, F, G, H, I, J = sys.argv[1], *[s.split() for s in sys.argv[2:]]
doc = open(src + "/docs/encoding.md").read()
def sect(h):
    i = doc.index(h); j = doc.find("\n### ", i + 1); j2 = doc.find("\n## ", i + 1)
    ends = [k for k in (j, j2) if k > 0]
    return doc[i:min(ends) if ends else len(doc)]
codes, s27, s28 = sect("### 1.12 LSC field codes"), sect("### 2.7 LSC_FENCE"), sect("### 2.8 LSC_UNTYPED")
bad = []
text = open(src + "/oracle/formats/lsc_text.c").read()
n = 0
for arr in ("sfid_names", "fop_names", "scope_names", "cache_names", "dsize_names", "model_names", "asize_names"):
    m = re.search(r"\b%s\[\] = \{([^}]*)\}" % arr, text)
    if not m: bad.append("lsc_text.c: no table " + arr); continue
    for i, name in enumerate(re.findall(r'"([^"]*)"', m.group(1))):
        if name == "?": continue
        n += 1
        if not re.search(r"\|\s*%d\s*\|\s*`%s`" % (i, re.escape(name)), codes):
            bad.append("§1.12: %s code %d `%s` missing" % (arr, i, name))
m = re.search(r"elems_v\[\] = \{([^}]*)\}", text)
ev = [int(x) for x in m.group(1).replace(" ", "").split(",")][1:]
row = "| components | " + " | ".join(map(str, ev)) + " |"
if row not in codes: bad.append("§1.12: vector sizes row should read " + row)
desc = open(src + "/oracle/core/desc.c").read()
subs = re.findall(r'(?:LSC_)?[ABC]\(0x([0-9A-F]{2}), "(lsc_[a-z_0-9]+)"', desc)
# the atomics: LSC_ATOMICS(X, pre) names them <pre><op>; LSC_UNTYPED's prefix is "lsc_atomic_"
subs += [(c, "lsc_atomic_" + op) for c, op in re.findall(r'X\(0x([0-9A-F]{2}), pre "([a-z_0-9]+)"', desc)]
if len(subs) < 20: bad.append("desc.c: sub-op table not found")
for code, mn in subs:
    n += 1
    if not re.search(r"\|\s*0x%s\s*\|\s*`%s`" % (code, mn), s28): bad.append("§2.8: sub-op 0x%s `%s` missing" % (code, mn))
hdr = open(src + "/oracle/include/visa_oracle.h").read()
for e in re.findall(r"VO_(E_LSC_[A-Z_]+) =", hdr):
    n += 1
    if "`%s`" % e not in doc: bad.append("docs/encoding.md: %s not named" % e)
def tables(s):
    out, cur = [], None
    for line in s.splitlines():
        if line.startswith("| # | field |"): cur = []; out.append(cur); continue
        if cur is not None and line.startswith("| ") and not line.startswith("|---"):
            cur.append(line.split("|")[2].strip())
        elif not line.startswith("|"): cur = None
    return out
t28, t27 = tables(s28), tables(s27)
def same(what, doc_fields, fields):
    if doc_fields != fields: bad.append("%s: doc %s != decoder %s" % (what, doc_fields, fields))
if len(t28) != 3 or len(t27) != 1: bad.append("layout tables: §2.7 has %d, §2.8 %d" % (len(t27), len(t28)))
else:
    same("§2.7 LSC_FENCE", t27[0], F); same("§2.8 general", t28[0], A)
    same("§2.8 strided", t28[0][:18] + t28[1], B); same("§2.8 append counter", t28[2], C)
t29, t210, t211 = tables(sect("### 2.9 FENCE")), tables(sect("### 2.10 SVM_BLOCK_LD")), tables(sect("### 2.11 LSC_UNTYPED block2d"))
if len(t29) != 1 or len(t210) != 1 or len(t211) != 1: bad.append("layout tables of §2.9-§2.11 missing")
else:
    same("§2.9 FENCE", t29[0], G)
    same("§2.10 SVM_BLOCK_LD", [f.split(" ")[0] for f in t210[0]], H)
    same("§2.10 SVM_BLOCK_ST", t210[0][:-1] + ["src"], I)
    same("§2.11 block2d", t211[0], J)
for b in bad: print("test_docs_encoding:", b, file=sys.stderr)
if bad: sys.exit(1)
print("test_docs_encoding: %d codes and 8 layouts documented" % n)
PY
