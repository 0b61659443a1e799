#!/usr/bin/env bash
# check's report for a first-day user (issue 32, points 3 and 4): failures
# first, unsupported tests summarised one line per instruction and reason
# (their buckets and --json records only with --unsupported), each FAIL line
# and --json record carries the test's tags (as the vector file lists them)
# and the decisions docs/decisions.md ties to them, and the summary counts
# failing tests per tag. Seeded bug 61 on vectors/lsc_untyped_load-01.json:
# failures, and 'unsupported' answers for the arg model.
set -euo pipefail
BIN=$1; SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
B=$(dirname "$BIN")
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
bad() { echo "test_check_report: $*" >&2; exit 1; }
M=$B/examples/libdut_mutant_61.so; V=$SRC/vectors/lsc_untyped_load-01.json
[ -f "$M" ] || bad "no $M (build everything: scripts/test.sh)"
"$BIN" check "$V" --dut-lib "$M" -q >"$TMP/txt" 2>/dev/null && bad "mutant 61 passes"
"$BIN" check "$V" --dut-lib "$M" --json >"$TMP/j" 2>/dev/null || true
"$BIN" check "$V" --dut-lib "$M" --json --unsupported >"$TMP/ju" 2>/dev/null || true
for i in 0 1; do "$BIN" check "$V" --dut-lib "$M" --json --shard $i/2 >"$TMP/s$i" 2>/dev/null || true; done
rc=0; "$BIN" merge "$TMP/s0" "$TMP/s1" >"$TMP/merged" 2>&1 || rc=$?
[ $rc = 1 ] && grep -q '^6 unsupported$' "$TMP/merged" || bad "merge of reports without unsupported records: exit $rc: $(cat "$TMP/merged")"
python3 - "$V" "$TMP" "$SRC" <<'PY'
import json, re, sys
V, T, src = sys.argv[1:4]
bad = []
tests = {t["id"]: t for t in json.load(open(V))["tests"]}
# the decisions each tag points to, from the page's "tag" column
dec = {}
for l in open(src + "/docs/decisions.md"):
    m = re.match(r"\| (D\d+) \|", l)
    if not m: continue
    for t in re.findall(r"`([a-z_0-9]+(?::[a-z_0-9]+)?)`", l.rstrip().rstrip("|").rsplit("|", 1)[-1]):
        dec.setdefault(t, []).append(m.group(1))
txt = open(T + "/txt").read().split("\n")
fails = [i for i, l in enumerate(txt) if l.startswith("FAIL ")]
if not fails: bad.append("no FAIL line")
first_table = min([i for i, l in enumerate(txt) if not l.startswith(("FAIL ", "  "))] or [len(txt)])
if fails and max(fails) > first_table: bad.append("a FAIL line after the summary tables")
for i in fails:
    tid = txt[i].split()[1]
    want = tests[tid]["tags"]
    blk = []
    for l in txt[i + 1:]:
        if not l.startswith("  "): break
        blk.append(l)
    line = blk[-1] if blk else ""
    if not line.startswith("  tags: "): bad.append("FAIL %s: no tags line after it" % tid); continue
    got = [re.sub(r" \(.*\)$", "", x.strip()) for x in re.split(r",\s(?![^()]*\))", line[8:])]
    if got != want: bad.append("FAIL %s: tags %s, the vector lists %s" % (tid, got, want))
    for x in re.split(r",\s(?![^()]*\))", line[8:]):
        t = re.sub(r" \(.*\)$", "", x.strip()); m = re.search(r"\((.*)\)$", x.strip())
        if (m.group(1).split(", ") if m else []) != dec.get(t, []): bad.append("FAIL %s: tag %s cites %s, the page %s" % (tid, t, m and m.group(1), dec.get(t)))
i = txt.index("buckets (tests per bucket):") if "buckets (tests per bucket):" in txt else -1
rows = []
for l in txt[i + 1:]:
    if not l.startswith("  "): break
    rows.append(l)
if any("unsupported" in r for r in rows): bad.append("the failing buckets list unsupported ones")
j = [k for k, l in enumerate(txt) if l.startswith("unsupported (tests per instruction")]
if not j: bad.append("no unsupported summary")
else:
    ur = []
    for l in txt[j[0] + 1:]:
        if not l.startswith("  "): break
        ur.append(l)
    if len(ur) != 1 or not ur[0].split(None, 1)[1].startswith("lsc_load: "): bad.append("unsupported summary %s: want one line for lsc_load and its reason" % ur)
recs = [json.loads(l) for l in open(T + "/j")]
summ, recs = recs[-1], recs[:-1]
if any(r.get("unsupported") for r in recs): bad.append("--json lists unsupported records without --unsupported")
if summ.get("unsupported_listed") is not False or sum(summ["unsupported_reasons"].values()) != summ["unsupported"] or not summ["unsupported"]:
    bad.append("--json summary: unsupported %s, reasons %s" % (summ.get("unsupported"), summ.get("unsupported_reasons")))
cnt = {}
for r in recs:
    if r["tags"] != tests[r["id"]]["tags"]: bad.append("record %s: tags %s != %s" % (r["id"], r["tags"], tests[r["id"]]["tags"]))
    wd = []
    for t in r["tags"]:
        for d in dec.get(t, []):
            if d not in wd: wd.append(d)
    if r["decisions"] != wd: bad.append("record %s: decisions %s != %s" % (r["id"], r["decisions"], wd))
    for t in r["tags"]: cnt[t] = cnt.get(t, 0) + 1
if summ["tags"] != cnt: bad.append("summary tags %s != counted %s" % (summ["tags"], cnt))
ru = [json.loads(l) for l in open(T + "/ju")]
nu = sum(1 for r in ru[:-1] if r.get("unsupported"))
if nu != summ["unsupported"] or ru[-1].get("unsupported_listed") is not True: bad.append("--unsupported: %d records for %d unsupported" % (nu, summ["unsupported"]))
for b in bad[:20]: print("test_check_report:", b, file=sys.stderr)
if bad: sys.exit(1)
print("test_check_report: %d FAIL lines with tags and decisions, %d unsupported in %d summary line(s), %d tags counted" % (len(fails), summ["unsupported"], len(summ["unsupported_reasons"]), len(cnt)))
PY
# the code's tag -> decisions table is the page's tag column
python3 - "$SRC" <<'PY'
import re, sys
src = sys.argv[1]
tags = re.findall(r'"([^"]+)"', re.search(r"tag_tab\[VO_TAG_COUNT\] = \{(.*?)\};", open(src + "/oracle/core/names.c").read(), re.S).group(1))
code = re.findall(r'^\s+\[VO_TAG_\w+\] = "([^"]*)", /\* (\S+) \*/', open(src + "/oracle/cli/tag_decisions.c").read(), re.M)
dec = {}
for l in open(src + "/docs/decisions.md"):
    m = re.match(r"\| (D\d+) \|", l)
    if not m: continue
    for t in re.findall(r"`([a-z_0-9]+(?::[a-z_0-9]+)?)`", l.rstrip().rstrip("|").rsplit("|", 1)[-1]):
        if m.group(1) not in dec.setdefault(t, []): dec[t].append(m.group(1))
bad = [] if [t for _, t in code] == tags else ["tag_decisions.c: the tags are not enum vo_tag's, in order"]
bad += ["tag_decisions.c: %s -> %s, docs/decisions.md says %s" % (t, d, ",".join(dec.get(t, []))) for d, t in code if d != ",".join(dec.get(t, []))]
for b in bad: print("test_check_report:", b, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
echo "test_check_report: tag table matches docs/decisions.md"
