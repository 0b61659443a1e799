#!/usr/bin/env python3
"""One row of bench/lanes-named.sh and bench/misread-named.sh: for a mutant's
`check --json` records, the failing tests, the share carrying FIELD ("lanes"
or "misread", lists of "<clause>:<name>"), and the share naming the mutant's
own misreading (WANT: "mutant=name,..."), else the two names met most.
  named-share.py FIELD MUTANT RECORDS WANT WIDTH"""
import collections, json, sys

field, m, path, want, width = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
want = dict(kv.split('=') for kv in want.split(','))
n = withf = fit = 0
top = collections.Counter()
for l in open(path):
    if not l.startswith('{"id"'): continue
    r = json.loads(l)
    if r.get('unsupported'): continue
    n += 1
    names = [x.split(':')[1] for x in r[field].split(', ')] if field in r else []
    withf += bool(names)
    fit += want.get(m) in names
    top.update(names)
pct = lambda k: 100.0 * k / n if n else 0.0
its = '%5.1f%% %s' % (pct(fit), want[m]) if m in want else '-  (most: %s)' % ', '.join('%s %d' % kv for kv in top.most_common(2))
print('%-7s %7d %*.1f%% %s' % (m, n, width, pct(withf), its))
