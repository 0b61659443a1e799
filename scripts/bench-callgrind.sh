#!/usr/bin/env bash
# Instructions executed per vo_run, per build/bench row, from callgrind
# (deterministic, unlike wall-clock time on a shared machine):
#     scripts/bench-callgrind.sh BASE [NEW]      (git commits; NEW default: the work tree)
# builds each (RelWithDebInfo, bench target only) in a temporary directory,
# runs `VO_BENCH_CASE=k valgrind --tool=callgrind bench T` for every row k
# at T = 0.02 and 0.1 s, and prints the inclusive Ir of vo_run per call as
# the difference of the two runs' inclusive Ir over the difference of their
# calls (the loop counts depend on the clock; the difference cancels the
# one-time costs of the first call -- lazy binding, malloc's first arena --
# so the figure is the same on a busy or an idle machine), the ratio NEW/BASE
# per row, and the worst ratio. Rows are matched by position: run it
# on commits with the same bench rows.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "bench-callgrind: valgrind missing" >&2; exit 1; }
BASE=${1:?usage: scripts/bench-callgrind.sh BASE [NEW]}
NEW=${2:-}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
build() { # name commit-or-empty
    local d="$TMP/$1"
    mkdir -p "$d/src"
    if [ -n "$2" ]; then git archive "$2" | tar -x -C "$d/src"; else
        git ls-files -z --cached --others --exclude-standard | tar --null -T - -c | tar -x -C "$d/src"; fi
    cmake -S "$d/src" -B "$d/b" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build "$d/b" -j2 --target bench >/dev/null
}
# inclusive Ir of vo_run / calls, from a callgrind.out file (compressed names)
per_call() {
    python3 - "$1" <<'PY'
import re, sys
names, calls, cost, want, pend = {}, 0, 0, False, 0
for line in open(sys.argv[1]):
    m = re.match(r'fn=\((\d+)\) (.*)', line)  # names are compressed over fn= and cfn= lines alike
    if m:
        names[m.group(1)] = m.group(2).strip()
        continue
    m = re.match(r'cfn=\((\d+)\)(?: (.*))?', line)
    if m:
        if m.group(2): names[m.group(1)] = m.group(2).strip()
        want = names.get(m.group(1)) == 'vo_run'
        continue
    if want and line.startswith('calls='):
        pend = int(line.split('=')[1].split()[0]); continue
    if want and pend:
        cost += int(line.split()[1]); calls += pend; pend = 0; want = False
print(cost, calls)
PY
}
run_rows() { # name
    local b="$TMP/$1/b/bench" k=0
    local n; n=$("$b" 0.001 | tail -n +3 | wc -l)
    for ((k = 0; k < n; k++)); do
        (cd "$TMP/$1" && VO_BENCH_CASE=$k valgrind --tool=callgrind --callgrind-out-file="cg.$k.a" "$b" 0.02 >/dev/null 2>&1)
        (cd "$TMP/$1" && VO_BENCH_CASE=$k valgrind --tool=callgrind --callgrind-out-file="cg.$k.b" "$b" 0.1 >/dev/null 2>&1)
        read -r c1 n1 < <(per_call "$TMP/$1/cg.$k.a")
        read -r c2 n2 < <(per_call "$TMP/$1/cg.$k.b")
        local pc
        pc=$(python3 -c "import sys; c1,n1,c2,n2=map(int,sys.argv[1:]); print(f'{(c2-c1)/(n2-n1):.1f}' if n2!=n1 else f'{c2/n2:.1f}')" "$c1" "$n1" "$c2" "$n2")
        echo "$k $pc $("$b" 0.001 | tail -n +3 | sed -n "$((k + 1))p" | cut -c1-60 | tr -s ' ')"
    done
}
build base "$BASE"
build new "$NEW"
run_rows base > "$TMP/base.txt"
run_rows new > "$TMP/new.txt"
python3 - "$TMP/base.txt" "$TMP/new.txt" <<'PY'
import sys
b = [l.split(None, 2) for l in open(sys.argv[1])]
n = [l.split(None, 2) for l in open(sys.argv[2])]
worst = 0
print(f"{'row':>3} {'base Ir/vo_run':>14} {'new Ir/vo_run':>14} {'ratio':>7}  bench row")
for x, y in zip(b, n):
    r = float(y[1]) / float(x[1])
    worst = max(worst, r)
    print(f"{x[0]:>3} {x[1]:>14} {y[1]:>14} {r:7.4f}  {y[2].strip() if len(y) > 2 else ''}")
print(f"worst ratio {worst:.4f} over {min(len(b), len(n))} rows" + ("" if len(b) == len(n) else f" (row counts differ: {len(b)} vs {len(n)})"))
PY
