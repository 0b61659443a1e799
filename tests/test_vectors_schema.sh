#!/usr/bin/env bash
# Validates every shipped vectors/*.json against docs/vectors.schema.json
# (JSON Schema draft-07, python3-jsonschema), and checks what a schema cannot
# say: id = first 16 hex of sha256(canonical input), digest = sha256(canonical
# final state), tags == expect.tags, ids unique over all files, var data
# length == num_elts * sizeof(type), every seed instruction present. Also
# proves the schema can fail: mutated copies of a test must be rejected, and
# its clause list must equal the oracle's (visa-oracle cov --json).
# Args: $1 = path to visa-oracle, $2 = source dir.
set -euo pipefail
VO=${1:?path to visa-oracle}
SRC=${2:?source dir}

if ! python3 -c 'import jsonschema' 2>/dev/null; then
    echo "FAIL: python3 module jsonschema missing (Debian package python3-jsonschema)" >&2
    exit 1
fi
shopt -s nullglob
files=("$SRC"/vectors/*.json)
if [ ${#files[@]} -eq 0 ]; then
    echo "FAIL: no vectors/*.json in $SRC" >&2
    exit 1
fi
clauses_json=$("$VO" cov --json "${files[0]}" || true)

python3 - "$SRC/docs/vectors.schema.json" "$clauses_json" "${files[@]}" <<'EOF'
import copy, hashlib, json, sys
import jsonschema

schema_path, clauses_json, files = sys.argv[1], sys.argv[2], sys.argv[3:]
schema = json.load(open(schema_path))
jsonschema.Draft7Validator.check_schema(schema)
V = jsonschema.Draft7Validator(schema)
TSIZE = {"ud": 4, "d": 4, "uw": 2, "w": 2, "ub": 1, "b": 1, "df": 8, "f": 4, "uq": 8, "q": 8, "hf": 2, "bf": 2}
SEED = {"scatter4_scaled", "scatter", "oword_st", "gather_scaled"}
fails = []

def canon(o):
    return json.dumps(o, separators=(",", ":"), ensure_ascii=False)

def fail(msg):
    fails.append(msg)
    if len(fails) <= 20:
        print("FAIL:", msg, file=sys.stderr)

seen = {}
per_insn = {}
ntests = 0
sample = None
for path in files:
    try:
        doc = json.load(open(path))
    except Exception as e:
        fail(f"{path}: not JSON: {e}")
        continue
    errs = sorted(V.iter_errors(doc), key=lambda e: list(e.absolute_path))
    for e in errs[:5]:
        fail(f"{path}: schema: at {'/'.join(map(str, e.absolute_path))}: {e.message[:200]}")
    if errs:
        continue
    per_insn[doc["instruction"]] = per_insn.get(doc["instruction"], 0) + len(doc["tests"])
    for i, t in enumerate(doc["tests"]):
        ntests += 1
        where = f"{path} tests[{i}] ({t['id']})"
        want = hashlib.sha256(canon(t["input"]).encode()).hexdigest()[:16]
        if t["id"] != want:
            fail(f"{where}: id is not sha256(canonical input)[:16] ({want})")
        if t["id"] in seen:
            fail(f"{where}: duplicate id (also {seen[t['id']]})")
        seen[t["id"]] = where
        ex = t["expect"]
        if t["tags"] != ex["tags"]:
            fail(f"{where}: tags differ from expect.tags")
        st = {k: ex[k] for k in ("vars", "preds", "addrs", "surfaces")}
        if hashlib.sha256(canon(st).encode()).hexdigest() != ex["digest"]:
            fail(f"{where}: digest is not sha256 of the canonical final state")
        for part in (t["input"], ex):
            for v in part["vars"]:
                if len(v["data"]) != 2 * v["num_elts"] * TSIZE[v["type"]]:
                    fail(f"{where}: var {v['id']} data length != num_elts*sizeof({v['type']})")
            ids = [v["id"] for v in part["vars"]]
            if ids != sorted(set(ids)):
                fail(f"{where}: vars not sorted by unique id")
        if sample is None and ex["status"] == "ok" and ex["free"]:
            sample = (doc, i)

for ins in sorted(SEED):
    if per_insn.get(ins, 0) < 1000:
        fail(f"instruction {ins}: {per_insn.get(ins, 0)} tests shipped, want thousands")

# the schema must be able to fail
if sample is None:
    fail("no ok test with freedom to build negative samples from")
else:
    doc, i = sample
    def mutated(fn):
        d = copy.deepcopy(doc)
        d["tests"] = [d["tests"][i]]
        fn(d["tests"][0])
        return d
    muts = {
        "bad exec_mask": lambda t: t["input"].__setitem__("exec_mask", "fffffffg"),
        "missing digest": lambda t: t["expect"].pop("digest"),
        "unknown tag": lambda t: t["tags"].append("no_such_tag"),
        "extra member": lambda t: t.__setitem__("extra", 1),
        "upper-case hex": lambda t: t["input"].__setitem__("insn", t["input"]["insn"].upper() + "AB"),
        "status ok with an error": lambda t: t["expect"].__setitem__("error", {"code": "E_SCALE", "field": "scale", "offset": 5, "message": "x"}),
        "one_of without values": lambda t: t["expect"]["free"][0].update(kind="one_of") or t["expect"]["free"][0].pop("values", None),
        "reserved var id": lambda t: t["input"]["vars"][0].__setitem__("id", 25) if t["input"]["vars"] else t["input"].pop("vars"),
        "short id": lambda t: t.__setitem__("id", t["id"][:15]),
    }
    for name, fn in muts.items():
        if V.is_valid(mutated(fn)):
            fail(f"schema accepts a mutated test ({name})")

# the schema's clause list is the oracle's
try:
    oracle_clauses = set(json.loads(clauses_json)["clauses"])
except Exception as e:
    oracle_clauses = None
    fail(f"cannot read the clause list from 'visa-oracle cov --json': {e}")
if oracle_clauses is not None:
    sc = set(schema["definitions"]["free"]["properties"]["clause"]["enum"])
    if sc != oracle_clauses:
        fail(f"schema clause enum differs from the oracle's: only schema {sorted(sc - oracle_clauses)}, only oracle {sorted(oracle_clauses - sc)}")

if fails:
    print(f"FAIL: {len(fails)} problem(s) over {len(files)} files, {ntests} tests", file=sys.stderr)
    sys.exit(1)
print(f"ok: {len(files)} files, {ntests} tests valid against {schema_path.split('/')[-1]}; ids, digests, tags consistent")
EOF
