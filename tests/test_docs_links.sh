#!/usr/bin/env bash
# The repository's documentation is self-contained (issue 16 point 2):
#  1. no file of the repository (docs, READMEs, headers, code comments,
#     scripts; vectors/ excepted) cites the developers' design notes or any
#     path outside the repository (../shared, /work/, product.md,
#     visa-reference, next-families, fuzzing-notes, style-anchors);
#  2. every relative Markdown link in README.md, CHANGELOG.md, docs/ and
#     examples/ names a file or directory inside the repository that exists;
#  3. every repository path written in backquotes there (`docs/x.md`,
#     `scripts/y.sh`, `oracle/include/z.h`, ...) exists, so a renamed file
#     cannot leave a dangling citation.
#   test_docs_links.sh <path-to-visa-oracle> <source-dir>
set -u
SRC=${2:?usage: test_docs_links.sh path-to-visa-oracle source-dir}
python3 - "$SRC" <<'PY'
import os, re, subprocess, sys

root = os.path.realpath(sys.argv[1])
try:
    files = subprocess.run(["git", "-C", root, "ls-files"], check=True, capture_output=True, text=True).stdout.split()
except Exception:
    files = [os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs]
files = [f for f in files if os.path.exists(os.path.join(root, f))]
fails = []

def fail(msg):
    fails.append(msg)
    if len(fails) <= 30:
        print("FAIL:", msg, file=sys.stderr)

# 1. outside citations anywhere (vectors/ are generated data; this test names the patterns)
FORBIDDEN = re.compile(r"\.\./shared\b|/work/|\bproduct\.md\b|visa-reference|next-families|fuzzing-notes|style-anchors")
SELF = "tests/test_docs_links.sh"
for f in files:
    if f.startswith("vectors/") or f.startswith("corpus/") or f == SELF:
        continue
    try:
        text = open(os.path.join(root, f), encoding="utf-8").read()
    except (UnicodeDecodeError, IsADirectoryError):
        continue
    for n, line in enumerate(text.splitlines(), 1):
        m = FORBIDDEN.search(line)
        if m:
            fail(f"{f}:{n}: cites '{m.group(0)}', which is not in the repository (cite docs/ or Intel's public pages by name)")

# 2. and 3. links and backquoted paths in the user-facing Markdown
TOP = ("docs/", "scripts/", "oracle/", "tests/", "examples/", "fuzz/", "bench/", "cmake/", "corpus/",
       "vectors/", ".clusterfuzzlite/", ".github/", ".ci/")
md = [f for f in files if f.endswith(".md") and (f in ("README.md", "CHANGELOG.md") or f.startswith(("docs/", "examples/")))]
if "README.md" not in md or not any(f.startswith("docs/") for f in md):
    fail("README.md or docs/*.md not found")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
TICK = re.compile(r"`([^`\s]+)`")
for f in md:
    text = open(os.path.join(root, f), encoding="utf-8").read()
    here = os.path.dirname(os.path.join(root, f))
    for n, line in enumerate(text.splitlines(), 1):
        for target in LINK.findall(line):
            if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                continue  # URLs and anchors
            p = os.path.realpath(os.path.join(here, target.split("#")[0]))
            if not (p == root or p.startswith(root + os.sep)):
                fail(f"{f}:{n}: link '{target}' leaves the repository")
            elif not os.path.exists(p):
                fail(f"{f}:{n}: link '{target}' names a missing file")
        for tok in TICK.findall(line):
            tok = tok.rstrip(".,;:")
            if not tok.startswith(TOP) or re.search(r"[*<>{}$|\[\]]|\.\.\.", tok):
                continue
            path = tok.split(":")[0].split("#")[0]
            if not os.path.exists(os.path.join(root, path)):
                fail(f"{f}:{n}: `{tok}` is not a path in the repository")

print(f"test_docs_links: {len(files)} files scanned, {len(md)} Markdown pages' links checked: "
      + ("passed" if not fails else f"{len(fails)} problem(s)"))
sys.exit(1 if fails else 0)
PY
