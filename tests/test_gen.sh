#!/usr/bin/env bash
# visa-oracle gen: deterministic (two runs are byte-identical; another seed
# differs), shardable (--shard i/n slices are disjoint and their union is the
# unsharded run, test for test), split into -NN files by --per-file, every
# special case comes out as built (--strict), and bad arguments exit 2.
# Args: $1 = path to visa-oracle, $2 = source dir.
set -euo pipefail
VO=${1:?path to visa-oracle}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# determinism
"$VO" gen --insn all --count 400 --per-file 150 --out "$tmp/a" --quiet
"$VO" gen --insn all --count 400 --per-file 150 --out "$tmp/b" --quiet
diff -r "$tmp/a" "$tmp/b" > /dev/null || fail "two identical gen runs differ"
[ -f "$tmp/a/scatter-03.json" ] && [ ! -f "$tmp/a/scatter-04.json" ] || fail "--per-file 150 of 400 tests did not give 3 files"
[ ! -f "$tmp/a/scatter.json" ] || fail "unsplit file written next to split ones"
"$VO" gen --insn scatter --count 400 --per-file 150 --seed 2 --out "$tmp/c" --quiet
cmp -s "$tmp/a/scatter-01.json" "$tmp/c/scatter-01.json" && fail "--seed 2 gave the same tests as seed 1"
grep -q '"seed":2,' "$tmp/c/scatter-01.json" || fail "seed not recorded in the generator object"

# sharding: union of 3 shards == unsharded, disjoint, same per-file chunking
for i in 0 1 2; do
    "$VO" gen --insn all --count 400 --per-file 150 --shard $i/3 --out "$tmp/s" --quiet
done
python3 - "$tmp/a" "$tmp/s" <<'PY'
import glob, json, os, sys
a, s = sys.argv[1], sys.argv[2]
def tests(path):
    d = json.load(open(path))
    return d, [json.dumps(t, separators=(",", ":")) for t in d["tests"]]
for f in sorted(glob.glob(a + "/*.json")):
    base = os.path.basename(f)[:-5]
    d, full = tests(f)
    parts = []
    for i in range(3):
        sd, st = tests(f"{s}/{base}.shard-{i}-of-3.json")
        assert sd["generator"]["shard"] == f"{i}/3", sd["generator"]
        assert sd["generator"]["count"] == d["generator"]["count"]
        parts.append(st)
    merged = [None] * len(full)
    for i, st in enumerate(parts):   # test k of a file goes to shard k mod 3
        first = int(os.path.basename(f).split("-")[-1][:2]) * 150 - 150 if "-" in os.path.basename(f) else 0
        ks = [k for k in range(first, first + len(full)) if k % 3 == i]
        assert len(ks) == len(st), (f, i, len(ks), len(st))
        for k, t in zip(ks, st):
            merged[k - first] = t
    assert merged == full, f"shards of {f} do not merge into the unsharded file"
    ids = [json.loads(t)["id"] for p in parts for t in p]
    assert len(ids) == len(set(ids)), "shards overlap"
print("shards ok")
PY

# every special/invalid case comes out as the generator built it
"$VO" gen --insn all --strict --out "$tmp/strict" --quiet || fail "gen --strict found cases that did not come out as built"

# bad arguments
for args in "--insn nosuch" "--insn all --shard 3/3" "--insn all --shard x" "--insn all --seed -1" \
            "--insn all --count" "--insn all --per-file 0" ""; do
    set +e
    # shellcheck disable=SC2086
    "$VO" gen $args --out "$tmp/bad" > /dev/null 2> "$tmp/err"
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "gen $args exited $rc, want 2"
    grep -q '^visa-oracle: ' "$tmp/err" || fail "gen $args: no error line"
done
echo "ok: gen deterministic, shardable, strict"
