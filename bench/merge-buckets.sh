#!/usr/bin/env bash
# merge's cost with many distinct buckets (issue 30 point 8; D245): writes one
# unsharded `check --json`-shaped report of N failing tests, each in its own
# bucket (with the D244 proof, computed here from its definition), and times
# `visa-oracle merge` over it. Linear in the records: 100k buckets well under
# a second (a table searched bucket by bucket took 38 s).
#   bench/merge-buckets.sh [VISA_ORACLE] [N]   (default build/visa-oracle 100000)
set -eu
VO=${1:-build/visa-oracle}
N=${2:-100000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 - "$N" "$T/r.json" <<'PY'
import hashlib, json, random, sys
n = int(sys.argv[1]); rng = random.Random(30)
ids = sorted({'%016x' % rng.getrandbits(64) for _ in range(n)})
while len(ids) < n: ids.append('%016x' % rng.getrandbits(64)); ids = sorted(set(ids))
h = 1469598103934665603
for i in ids:
    for ch in (i + '\n').encode(): h = ((h ^ ch) * 1099511628211) % (1 << 64)
d = sum(int.from_bytes(hashlib.sha256(i.encode()).digest()[:8], 'big') for i in ids) % (1 << 64)
with open(sys.argv[2], 'w') as f:
    for k, i in enumerate(ids):
        f.write('{"id":"%s","pass":false,"bucket":"gather:bucket %d"}\n' % (i, k))
    f.write(json.dumps({"passed": 0, "failed": n, "unsupported": 0, "skipped": 0, "not_run": 0,
        "rejected_with_code": {"same": 0, "other": 0, "foreign": 0, "none": 0}, "tests": n, "set": '%016x' % h,
        "shard": "0/1", "ran": n, "ran_digest": '%016x' % d,
        "shards_digest": hashlib.sha256(('visa-oracle shards 1\n%016x\n' % d).encode()).hexdigest()}) + '\n')
PY
s=$(date +%s.%N)
"$VO" merge "$T/r.json" >"$T/out" 2>"$T/err" || true
e=$(date +%s.%N)
grep -q " $N failed" "$T/out" || { echo "merge-buckets: merge did not merge: $(head -c 300 "$T/err")" >&2; exit 1; }
echo "merge-buckets: $N records, $(grep -c 'gather:bucket' "$T/out") buckets: $(python3 -c "print('%.2f' % ($e - $s))") s"
