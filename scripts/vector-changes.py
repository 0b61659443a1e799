#!/usr/bin/env python3
"""What moved between two conformance vector sets, and the ledger of it.

A test's id is the first 16 hex digits of sha256(canonical input), so an id
names one input forever. Between two sets a test is
  revoked  its id is in the old set and not in the new one,
  changed  its id is in both and its expected outcome differs (status or
           error, final state, freedom, tags; the comment does not count),
  added    its id is only in the new set.
docs/vector-changes.json keeps one entry per regeneration that moved a test,
newest last, so a consumer pinned to an old set knows which of its tests are
gone or now expect something else (docs/vectors.md).

  vector-changes.py diff OLD NEW [--json]
      OLD, NEW: a directory of *.json / *.json.gz vector files, or git:REV
      (the vectors/ directory of that commit)
  vector-changes.py record --reason TEXT [--old git:HEAD] [--new vectors]
      appends the OLD -> NEW entry to docs/vector-changes.json (run it after
      regenerating, before committing)
  vector-changes.py check [--new vectors]
      exit 1 unless the ledger's newest entry describes NEW (the set digest)
  vector-changes.py fill
      gives each entry without a commit the commit (and its date) that added
      the entry to docs/vector-changes.json, from git; run it after
      committing a recorded entry (the entry of an uncommitted regeneration
      stays without one)
"""
import argparse
import datetime
import gzip
import hashlib
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEDGER = os.environ.get("VO_VECTOR_LEDGER") or os.path.join(ROOT, "docs", "vector-changes.json")
FORMAT = "visa-vector-changes/1"


def canon(o):
    return json.dumps(o, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def parts(t):
    """the parts of a test's outcome, each hashed"""
    ex = t["expect"]
    st = {k: ex.get(k) for k in ("vars", "preds", "addrs", "surfaces")}
    st.update({k: ex[k] for k in ("memory", "binding_table", "surface_state") if k in ex})  # visa-vectors/2
    return {
        "status": canon([ex.get("status"), ex.get("error")]),
        "final state": canon(st),
        "free": canon(ex.get("free")),
        "tags": canon(t.get("tags")),
    }


def load_docs(src):
    """yields (name, parsed vector file) for a directory or git:REV"""
    if src.startswith("git:"):
        rev = src[4:]
        names = subprocess.run(["git", "-C", ROOT, "ls-tree", "--name-only", rev, "vectors/"], check=True,
                               capture_output=True, text=True).stdout.split()
        for n in sorted(names):
            if not (n.endswith(".json") or n.endswith(".json.gz")):
                continue
            data = subprocess.run(["git", "-C", ROOT, "show", f"{rev}:{n}"], check=True, capture_output=True).stdout
            if n.endswith(".gz"):
                data = gzip.decompress(data)
            yield n, json.loads(data)
    else:
        for n in sorted(os.listdir(src)):
            p = os.path.join(src, n)
            if n.endswith(".json"):
                with open(p, "rb") as f:
                    yield n, json.load(f)
            elif n.endswith(".json.gz"):
                with gzip.open(p, "rb") as f:
                    yield n, json.load(f)


def load_set(src):
    """{id: (instruction, {part: hash})}"""
    out = {}
    for name, doc in load_docs(src):
        if not isinstance(doc, dict) or doc.get("format") not in ("visa-vectors/1", "visa-vectors/2"):
            continue
        for t in doc["tests"]:
            out[t["id"]] = (doc["instruction"], {k: hashlib.sha256(v.encode()).hexdigest()[:16]
                                                 for k, v in parts(t).items()})
    return out


def set_digest(s):
    h = hashlib.sha256()
    for i in sorted(s):
        h.update(f"{i} {canon(s[i][1])}\n".encode())
    return h.hexdigest()


def diff(old, new):
    revoked = [{"id": i, "instruction": old[i][0]} for i in sorted(old) if i not in new]
    changed = []
    for i in sorted(old):
        if i in new and old[i][1] != new[i][1]:
            what = [k for k in old[i][1] if old[i][1][k] != new[i][1].get(k)]
            changed.append({"id": i, "instruction": new[i][0], "what": what})
    added = sum(1 for i in new if i not in old)
    return revoked, changed, added


def summary(revoked, changed, added, n_old, n_new):
    by = {}
    for r in revoked:
        by.setdefault(r["instruction"], [0, 0])[0] += 1
    for c in changed:
        by.setdefault(c["instruction"], [0, 0])[1] += 1
    lines = [f"{n_old} -> {n_new} tests: {len(revoked)} revoked, {len(changed)} changed, {added} added"]
    for ins in sorted(by):
        lines.append(f"  {ins}: {by[ins][0]} revoked, {by[ins][1]} changed")
    return "\n".join(lines)


def read_ledger():
    with open(LEDGER) as f:
        led = json.load(f)
    if led.get("format") != FORMAT or not isinstance(led.get("entries"), list):
        sys.exit(f"vector-changes: {LEDGER}: not a {FORMAT} file")
    return led


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("diff")
    d.add_argument("old")
    d.add_argument("new")
    d.add_argument("--json", action="store_true")
    r = sub.add_parser("record")
    r.add_argument("--reason", required=True)
    r.add_argument("--old", default="git:HEAD")
    r.add_argument("--new", default=os.path.join(ROOT, "vectors"))
    r.add_argument("--commit", default=None, help="the commit that made NEW, when known")
    r.add_argument("--date", default=None)
    c = sub.add_parser("check")
    c.add_argument("--new", default=os.path.join(ROOT, "vectors"))
    sub.add_parser("fill")
    a = ap.parse_args()

    if a.cmd == "diff":
        old, new = load_set(a.old), load_set(a.new)
        rv, ch, ad = diff(old, new)
        if a.json:
            print(json.dumps({"revoked": rv, "changed": ch, "added": ad, "old_set": set_digest(old),
                              "new_set": set_digest(new)}, indent=1))
        else:
            print(summary(rv, ch, ad, len(old), len(new)))
            for x in rv:
                print(f"revoked {x['id']} {x['instruction']}")
            for x in ch:
                print(f"changed {x['id']} {x['instruction']} ({', '.join(x['what'])})")
        return 0
    if a.cmd == "record":
        led = read_ledger()
        old, new = load_set(a.old), load_set(a.new)
        rv, ch, ad = diff(old, new)
        e = {"set": set_digest(new), "from_set": set_digest(old), "tests": len(new)}
        if a.commit:
            e["commit"] = a.commit
        e["date"] = a.date or datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
        e.update({"reason": a.reason, "added": ad, "revoked": rv, "changed": ch})
        if led["entries"] and led["entries"][-1]["set"] == e["set"]:
            print("vector-changes: the newest entry already describes this set; nothing recorded")
            return 0
        led["entries"].append(e)
        tmp = LEDGER + ".tmp"
        with open(tmp, "w") as f:
            f.write(json.dumps(led, indent=1, ensure_ascii=False) + "\n")
        os.replace(tmp, LEDGER)
        print(summary(rv, ch, ad, len(old), len(new)))
        return 0
    if a.cmd == "fill":
        led = read_ledger()
        n = 0
        for i, e in enumerate(led["entries"]):
            if e.get("commit"):
                continue
            out = subprocess.run(["git", "-C", ROOT, "log", "--reverse", "--format=%h %ad", "--date=short",
                                  "-S", '"set": "%s"' % e["set"], "--", "docs/vector-changes.json"],
                                 capture_output=True, text=True).stdout.split("\n")[0].split()
            if len(out) != 2:
                continue
            keep = {k: v for k, v in e.items() if k not in ("commit", "date")}
            new = {}
            for k, v in keep.items():
                new[k] = v
                if k == "tests":
                    new["commit"], new["date"] = out
            led["entries"][i] = new
            n += 1
        tmp = LEDGER + ".tmp"
        with open(tmp, "w") as f:
            f.write(json.dumps(led, indent=1, ensure_ascii=False) + "\n")
        os.replace(tmp, LEDGER)
        print(f"vector-changes: {n} entries given their commit and date")
        return 0
    if a.cmd == "check":
        led = read_ledger()
        got = set_digest(load_set(a.new))
        last = led["entries"][-1]["set"] if led["entries"] else None
        if got != last:
            print(f"vector-changes: {a.new} (set {got[:16]}) is not the newest entry of docs/vector-changes.json "
                  f"({(last or 'none')[:16]}): after regenerating, run\n"
                  f"  python3 scripts/vector-changes.py record --reason '<why the tests moved>'\n"
                  f"and commit docs/vector-changes.json with the vectors", file=sys.stderr)
            return 1
        print(f"ok: vectors/ is the newest ledger entry ({len(led['entries'])} entries)")
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
