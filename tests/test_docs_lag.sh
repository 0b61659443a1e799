#!/usr/bin/env bash
# Docs keep up with the code (issue 32, point 9): every entry of
# docs/vector-changes.json but the newest (an uncommitted regeneration) names
# its commit and date; CHANGELOG [Unreleased] names what shipped since the
# last release (LSC, shard/merge, filters, .gz, the ABI minor version);
# the README does not say cJSON reads the JSON; visa_json.h's comments name
# the memory regions and the tables its functions read and write.
set -euo pipefail
SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
python3 - "$SRC" <<'PY'
import json, re, sys
src = sys.argv[1]; bad = []
E = json.load(open(src + "/docs/vector-changes.json"))["entries"]
for i, e in enumerate(E[:-1]):
    if not re.fullmatch(r"[0-9a-f]{7,40}", e.get("commit", "")): bad.append("vector-changes entry %d (set %s) has no commit" % (i, e["set"][:12]))
    if not re.fullmatch(r"\d{4}-\d\d-\d\d", e.get("date", "")): bad.append("vector-changes entry %d (set %s) has no date" % (i, e["set"][:12]))
cl = open(src + "/CHANGELOG.md").read()
un = cl[cl.index("## [Unreleased]"):]
m = re.search(r"\n## \[", un[5:]); un = un[: m.start() + 5] if m else un
for k in ("LSC_UNTYPED", "LSC_FENCE", "--shard", "merge", "--insn", "--tag", ".json.gz", "VISA_DUT_UNDEFINED", "fuzz-afl-buckets.sh", "cflite_cron.yml", "man page", "completion"):
    if k not in un: bad.append("CHANGELOG [Unreleased] does not name " + k)
rd = open(src + "/README.md").read()
if re.search(r"cJSON: reading", rd): bad.append("README: cJSON does not read the JSON inputs")
h = open(src + "/oracle/include/visa_json.h").read()
for k in ("memory", "binding_table", "surface_state"):
    if h.count(k) < 3: bad.append("visa_json.h: the comments name %s %d times (case, state text, expect, reply)" % (k, h.count(k)))
for b in bad: print("test_docs_lag:", b, file=sys.stderr)
if bad: sys.exit(1)
print("test_docs_lag: ledger, CHANGELOG, README and visa_json.h current")
PY
