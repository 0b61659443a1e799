#!/usr/bin/env bash
# The ClusterFuzzLite workflow set of its "GitHub Actions" page (issue 32,
# point 7): PR (code-change), continuous builds (push to main, upload-build),
# batch, cron (prune + coverage); every task that keeps state names the
# storage repository setting docs/fuzzing.md documents.
set -euo pipefail
SRC=${2:-$(cd "$(dirname "$0")/.." && pwd)}
python3 - "$SRC" <<'PY'
import sys, yaml
src = sys.argv[1]; W = src + "/.github/workflows/"
bad = []
def load(n):
    try: return yaml.safe_load(open(W + n))
    except Exception as e: bad.append("%s: %s" % (n, e)); return {}
def steps(wf):
    return [s for j in (wf.get("jobs") or {}).values() for s in j.get("steps", [])]
def runs(wf): return [s.get("with", {}) for s in steps(wf) if "run_fuzzers" in s.get("uses", "")]
def builds(wf): return [s.get("with", {}) for s in steps(wf) if "build_fuzzers" in s.get("uses", "")]
want = {"cflite_pr.yml": ["code-change"], "cflite_batch.yml": ["batch"], "cflite_cron.yml": ["prune", "coverage"], "cflite_build.yml": []}
for n, modes in want.items():
    wf = load(n)
    if not wf: bad.append(n + " missing or empty"); continue
    got = sorted(r.get("mode") for r in runs(wf))
    if got != sorted(modes): bad.append("%s: run modes %s, want %s" % (n, got, modes))
    for r in runs(wf) + [b for b in builds(wf) if b.get("upload-build")]:
        if "CFLITE_STORAGE_REPO" not in str(r.get("storage-repo", "")): bad.append(n + ": a task keeping state has no storage-repo setting")
    for r in runs(wf):
        if r.get("mode") == "coverage" and r.get("sanitizer") != "coverage": bad.append(n + ": coverage must run the coverage build")
build = load("cflite_build.yml")
on = build.get("on", build.get(True, {})) or {}
if "push" not in on or not any(b.get("upload-build") for b in builds(build)): bad.append("cflite_build.yml: push builds must upload-build")
cov = [b for b in builds(load("cflite_cron.yml")) if b.get("sanitizer") == "coverage"]
if not cov: bad.append("cflite_cron.yml: no coverage build")
doc = open(src + "/docs/fuzzing.md").read()
for k in ("CFLITE_STORAGE_REPO", "CFLITE_STORAGE_TOKEN", "cflite_build.yml", "cflite_cron.yml", "fuzz-afl-buckets.sh"):
    if k not in doc: bad.append("docs/fuzzing.md does not name " + k)
for b in bad: print("test_cflite_workflows:", b, file=sys.stderr)
if bad: sys.exit(1)
print("test_cflite_workflows: 4 workflows, 5 tasks, storage documented")
PY
