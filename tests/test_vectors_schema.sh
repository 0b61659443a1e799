#!/usr/bin/env bash
# Validates every shipped vectors/*.json against docs/vectors.schema.json
# (JSON Schema draft-07) with python3-fastjsonschema, which compiles the
# schema to Python code (python3-jsonschema took most of the suite's time
# on the same files), and checks the schema itself is valid under a strict
# validator's rules (ajv --strict=true: known keywords only, every
# type-specific keyword next to its "type", no union types but "X or null",
# every "required" name defined in the same "properties", tuples bounded);
# `npx ajv-cli@5 compile --strict=true -s docs/vectors.schema.json` is the
# same check with ajv itself (docs/vectors.md). Then checks what a schema cannot
# say: id = first 16 hex of sha256(canonical input), digest = sha256(canonical
# final state), tags == expect.tags, ids unique over all files, var data
# length == num_elts * sizeof(type), every seed instruction present. Also
# proves the schema and the strictness check can fail: mutated copies of a
# test and non-strict schema fragments must be rejected, and the schema's
# clause list must equal the oracle's (visa-oracle cov --json).
# Args: $1 = path to visa-oracle, $2 = source dir.
set -euo pipefail
VO=${1:?path to visa-oracle}
SRC=${2:?source dir}

# the Debian module lives in the system python3, which may not be the first on PATH
PY=
for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import fastjsonschema' 2>/dev/null; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
    echo "FAIL: python3 module fastjsonschema missing (Debian package python3-fastjsonschema; bash scripts/setup.sh)" >&2
    exit 1
fi
shopt -s nullglob
files=("$SRC"/vectors/*.json)
if [ ${#files[@]} -eq 0 ]; then
    echo "FAIL: no vectors/*.json in $SRC" >&2
    exit 1
fi
clauses_json=$("$VO" cov --json "${files[0]}" || true)

"$PY" - "$SRC/docs/vectors.schema.json" "$clauses_json" "${files[@]}" <<'EOF'
import copy, hashlib, json, sys
import fastjsonschema

schema_path, clauses_json, files = sys.argv[1], sys.argv[2], sys.argv[3:]
schema = json.load(open(schema_path))

# ---- the schema under strict rules (ajv strict mode, draft-07) ----
KNOWN = set("""$schema $id $ref $comment title description default examples readOnly writeOnly definitions
type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern
items additionalItems maxItems minItems uniqueItems contains maxProperties minProperties required properties
patternProperties additionalProperties dependencies propertyNames if then else allOf anyOf oneOf not format
contentMediaType contentEncoding""".split())
TYPED = {
    "array": "items additionalItems maxItems minItems uniqueItems contains".split(),
    "string": "maxLength minLength pattern".split(),
    "number": "multipleOf maximum exclusiveMaximum minimum exclusiveMinimum".split(),
    "object": "maxProperties minProperties required properties patternProperties additionalProperties dependencies propertyNames".split(),
}
SAME_DATA = ("allOf", "anyOf", "oneOf")      # lists of subschemas on the same value
SAME_DATA1 = ("not", "if", "then", "else")   # one subschema on the same value

def strict_errors(node, path="#", inherited=None):
    """ajv --strict=true's complaints about a draft-07 schema (a subset: the
    rules that can apply to this schema's keywords)."""
    errs = []
    if isinstance(node, bool):
        return errs
    if not isinstance(node, dict):
        return [f"{path}: a schema must be an object or a boolean"]
    for k in node:
        if k not in KNOWN:
            errs.append(f"{path}: unknown keyword '{k}'")
    t = node.get("type")
    types = None
    if t is not None:
        types = set([t] if isinstance(t, str) else t)
        if len(types) > 1 and not (len(types) == 2 and "null" in types):
            errs.append(f"{path}: union type {sorted(types)} (strictTypes allows only 'X or null')")
    eff = types if types is not None else inherited
    for typ, kws in TYPED.items():
        for k in kws:
            if k in node:
                ok = eff is not None and (typ in eff or (typ == "number" and "integer" in eff))
                if not ok:
                    errs.append(f"{path}: missing type \"{typ}\" for keyword \"{k}\"")
    for r in node.get("required", []):
        if r not in node.get("properties", {}):
            errs.append(f"{path}: required property \"{r}\" is not defined in the same \"properties\"")
    if isinstance(node.get("items"), list) and not ("minItems" in node and ("additionalItems" in node or "maxItems" in node)):
        errs.append(f"{path}: tuple 'items' without minItems and additionalItems/maxItems")
    for k in SAME_DATA:
        for i, sub in enumerate(node.get(k, [])):
            errs += strict_errors(sub, f"{path}/{k}/{i}", eff)
    for k in SAME_DATA1:
        if k in node:
            errs += strict_errors(node[k], f"{path}/{k}", eff)
    for k in ("properties", "patternProperties", "definitions"):
        for name, sub in node.get(k, {}).items():
            errs += strict_errors(sub, f"{path}/{k}/{name}")
    for k in ("additionalProperties", "additionalItems", "contains", "propertyNames"):
        if k in node:
            errs += strict_errors(node[k], f"{path}/{k}")
    if "items" in node:
        its = node["items"] if isinstance(node["items"], list) else [node["items"]]
        for i, sub in enumerate(its):
            errs += strict_errors(sub, f"{path}/items" + (f"/{i}" if isinstance(node["items"], list) else ""))
    return errs

fails = []
def fail(msg):
    fails.append(msg)
    if len(fails) <= 20:
        print("FAIL:", msg, file=sys.stderr)

if schema.get("$schema") != "http://json-schema.org/draft-07/schema#":
    fail("schema: $schema is not draft-07")
for e in strict_errors(schema):
    fail(f"schema not strict: {e}")
# the strictness check can fail: fragments ajv --strict=true rejects
for name, frag in {
    "maxItems without type (the issue's example)": {"type": "object", "properties": {"a": {"maxItems": 0}}},
    "union type": {"type": ["string", "integer"]},
    "unknown keyword": {"type": "string", "minlength": 1},
    "required not in properties": {"type": "object", "if": {"required": ["x"]}},
    "properties in a then without type": {"properties": {"a": {"then": {"properties": {}}}}},
}.items():
    if not strict_errors(frag):
        fail(f"the strictness check accepts a non-strict fragment ({name})")
if strict_errors({"type": ["integer", "null"], "minimum": 0}) or strict_errors({"type": "object", "required": ["a"], "properties": {"a": True}, "if": {"properties": {"a": {"const": 1}}, "required": ["a"]}}):
    fail("the strictness check rejects a strict fragment")

try:
    validate = fastjsonschema.compile(schema)
except fastjsonschema.JsonSchemaDefinitionException as e:
    print(f"FAIL: schema does not compile: {e}", file=sys.stderr)
    sys.exit(1)

def schema_error(doc):
    try:
        validate(doc)
        return None
    except fastjsonschema.JsonSchemaValueException as e:
        return e

def is_valid(doc):
    return schema_error(doc) is None
TSIZE = {"ud": 4, "d": 4, "uw": 2, "w": 2, "ub": 1, "b": 1, "df": 8, "f": 4, "uq": 8, "q": 8, "hf": 2, "bf": 2}
SEED = {"scatter4_scaled", "scatter", "oword_st", "gather_scaled"}

def canon(o):
    return json.dumps(o, separators=(",", ":"), ensure_ascii=False)

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
    e = schema_error(doc)
    if e is not None:
        fail(f"{path}: schema: at {e.name}: {e.message[:200]}")
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
        st.update({k: ex[k] for k in ("memory", "binding_table", "surface_state", "typed") if k in ex})  # visa-vectors/2
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
        if is_valid(mutated(fn)):
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
print(f"ok: {len(files)} files, {ntests} tests valid against {schema_path.split('/')[-1]} (fastjsonschema; the schema passes the strict rules); ids, digests, tags consistent")
EOF
