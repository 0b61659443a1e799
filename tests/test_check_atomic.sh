#!/usr/bin/env bash
# End-to-end check of the serializability verdict (docs/check.md, decision
# D46) on the shipped DWORD_ATOMIC vectors, through `check --results`:
#  1. a "DUT" that serializes colliding lanes in REVERSE lane order (and one
#     that uses a seeded random order) passes every test;
#  2. "lost": in every group of <= 7 lanes the final value is replaced by the
#     initial value, a value some lane read, or a one-bit change (a lost or
#     corrupted update); "twice": one lane returns another lane's value. The
#     truth for each mutated outcome comes from brute force over all orders
#     here, and `check` must fail exactly the tests with an outcome no order
#     produces, all as dword_atomic:atomic.serializable:not_serializable.
# The orders are replayed by an independent Python model of the integer ops
# (docs/encoding.md §1.10) from the freedom entry's lanes; float groups are left
# in the oracle's order.
#   $1 = visa-oracle binary, $2 = source dir.
set -euo pipefail
VO=$1
SRC=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
shopt -s nullglob
VEC=("$SRC"/vectors/dword_atomic-*.json)
[ ${#VEC[@]} -gt 0 ] || { echo "FAIL: no vectors/dword_atomic-*.json"; exit 1; }

python3 - "$TMP" "${VEC[@]}" <<'EOF'
import json, random, sys

out, files = sys.argv[1], sys.argv[2:]
M = {2: 0xFFFF, 4: 0xFFFFFFFF}

def sx(v, w):
    b = 8 * w
    return v - (1 << b) if v >> (b - 1) else v

def step(op, w, old, s0, s1):
    m = M[w]
    if op == "add": return (old + s0) & m
    if op == "sub": return (old - s0) & m
    if op == "inc": return (old + 1) & m
    if op in ("dec", "predec"): return (old - 1) & m
    if op == "min": return min(old, s0)
    if op == "max": return max(old, s0)
    if op == "xchg": return s0
    if op == "cmpxchg": return s0 if old == s1 else old
    if op == "and": return old & s0
    if op == "or": return old | s0
    if op == "xor": return old ^ s0
    if op == "minsint": return old if sx(old, w) <= sx(s0, w) else s0
    if op == "maxsint": return old if sx(old, w) >= sx(s0, w) else s0
    return None  # float ops: not modelled here

def le(h): return int.from_bytes(bytes.fromhex(h), "little")
def hx(v, w): return v.to_bytes(w, "little").hex()

def put_surface(state, index, off, data):
    for s in state["surfaces"]:
        if s["index"] != index:
            continue
        # expand the sparse runs into a dict, patch, write back as one run per 16-byte line
        mem = {}
        for o, h in s["data"]:
            for k, b in enumerate(bytes.fromhex(h)):
                mem[o + k] = b
        for k, b in enumerate(data):
            mem[off + k] = b
        lines = {}
        for a, b in mem.items():
            lines.setdefault(a // 16 * 16, bytearray(16))[a % 16] = b
        s["data"] = [[o, bytes(v[:max(0, min(16, s["size"] - o))]).hex()] for o, v in sorted(lines.items())]

def put_var(state, vid, off, data):
    for v in state["vars"]:
        if v["id"] == vid:
            b = bytearray.fromhex(v["data"])
            b[off:off + len(data)] = data
            v["data"] = b.hex()

def replay(f, order):
    """final value and {lane: returned} for the lanes of entry f in this order"""
    w, op = f["width"], f["op"]
    cur, rets = le(f["initial"]), {}
    for ln in order:
        nw = step(op, w, cur, le(ln["src0"]), le(ln["src1"]))
        rets[ln["lane"]] = nw if op == "predec" else cur
        cur = nw
    return cur, rets

def outcomes(f):
    """every (final, returns) some order gives (brute force; groups of <= 7 lanes)"""
    from itertools import permutations
    seen = set()
    for order in permutations(f["lanes"]):
        fin, rets = replay(f, order)
        seen.add((fin, tuple(sorted(rets.items())) if f["dst"] is not None else ()))
    return seen

def reply(t, mode, rng):
    e = t["expect"]
    if e["status"] == "invalid":
        return {"id": t["id"], "status": "invalid"}, False
    state = {k: json.loads(json.dumps(e[k])) for k in ("vars", "preds", "addrs", "surfaces")}
    broken = False
    for f in e["free"]:
        if f["kind"] != "serializable" or step(f["op"], f["width"], 0, 0, 0) is None:
            continue
        lanes = f["lanes"]
        if mode == "reverse":
            fin, rets = replay(f, list(reversed(lanes)))
        elif mode == "random":
            fin, rets = replay(f, rng.sample(lanes, len(lanes)))
        else:
            fin, rets = replay(f, rng.sample(lanes, len(lanes)))
            if len(lanes) <= 7:
                # mutate: lose the last update (memory keeps what some lane read), or
                # make a lane return another lane's value; the truth comes from brute force
                if mode == "lost" or f["dst"] is None:
                    cands = [le(f["initial"])] + [v for v in rets.values()] + [fin ^ 1]
                    fin = rng.choice(cands)
                else:
                    a, b = rng.sample([ln["lane"] for ln in lanes], 2)
                    rets[b] = rets[a]
                key = (fin, tuple(sorted(rets.items())) if f["dst"] is not None else ())
                if key not in outcomes(f):
                    broken = True
        put_surface(state, f["index"], f["offset"], fin.to_bytes(f["width"], "little"))
        if f["dst"] is not None:
            for ln in lanes:
                put_var(state, f["dst"], ln["dst_offset"], rets[ln["lane"]].to_bytes(f["width"], "little"))
    line = {"id": t["id"], "status": e["status"]}
    line.update(state)
    return line, broken

for mode in ("reverse", "random", "lost", "twice"):
    rng = random.Random(8)
    nbroken = 0
    with open(f"{out}/{mode}.jsonl", "w") as o, open(f"{out}/{mode}.broken", "w") as b:
        for p in files:
            for t in json.load(open(p))["tests"]:
                line, broken = reply(t, mode, rng)
                o.write(json.dumps(line, separators=(",", ":")) + "\n")
                if broken:
                    b.write(t["id"] + "\n")
                    nbroken += 1
    print(f"{mode}: {nbroken} tests changed into a non-serializable outcome")
EOF

fails=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }

for mode in reverse random; do
    if "$VO" check "${VEC[@]}" --results "$TMP/$mode.jsonl" -q >"$TMP/$mode.out" 2>&1; then
        ok "$mode-order DUT passes: $(tail -n1 "$TMP/$mode.out")"
    else
        bad "$mode-order DUT should pass: $(tail -n1 "$TMP/$mode.out")"
        grep '^FAIL' "$TMP/$mode.out" | head -3
    fi
done

for mode in lost twice; do
    want=$(wc -l <"$TMP/$mode.broken")
    "$VO" check "${VEC[@]}" --results "$TMP/$mode.jsonl" --json >"$TMP/$mode.json" 2>/dev/null && rc=0 || rc=$?
    python3 - "$TMP/$mode.json" "$TMP/$mode.broken" "$mode" "$rc" <<'EOF' && ok "$mode: exactly the $want changed tests fail as not_serializable" || bad "$mode"
import json, sys
res, broken, mode, rc = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
want = set(open(broken).read().split())
got, buckets = set(), set()
for line in open(res):
    d = json.loads(line)
    if "id" in d and not d.get("pass", True):
        got.add(d["id"])
        buckets.add(d["bucket"])
assert want, "no test was changed"
assert rc == 1, rc
assert got == want, (len(got), len(want), sorted(got ^ want)[:5])
assert buckets == {"dword_atomic:atomic.serializable:not_serializable"}, buckets
EOF
done

[ "$fails" = 0 ] && echo "test_check_atomic: all ok" || { echo "test_check_atomic: $fails failed"; exit 1; }
