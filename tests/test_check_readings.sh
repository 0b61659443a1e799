#!/usr/bin/env bash
# Both readings, judged (issue 30 point 2; D345-D348):
#  1. the vectors carry "alt" where reading B differs, worked from the rules by hand:
#     D35's alt of a 4-channel SIMD1/2/4 test is invalid E_EXEC_SIZE (the pages list 8, 16);
#     D17's alt is on GATHER_SCALED SIMD32 (exec size code 5) only;
#  2. check with the example DUT (reading A) reports "reading A" per decision and passes;
#     with --reading D150=B those tests fail;
#  3. check with libdut_example_reading_b (reading B everywhere) reports "reading B" per
#     decision and fails by default, passes with --reading all=B (and with each decision
#     declared), fails again when D150=A undoes it;
#  4. --json carries "readings"; an unknown decision or a malformed --reading is exit 2;
#  5. merge of shard reports adds the readings up to the unsharded summary;
#  6. the same files without "alt" check the same (check runs both readings live);
#  7. the later families (D390: D113 D221 D266 D267 D271 D285 D332 D333 D375): the alt is reading B's
#     outcome (the error code it must give, or another ok state), the reading-A DUT is "A", the C and
#     Python reading-B DUTs "B" for each, and they pass with --reading all=B.
#  8. the legacy doc_vs_reader decisions (D1 ... D50, D380-D388), each on its own tests: the
#     reading-A DUTs (C library, dut.py) follow A, the reading-B ones (libdut_example_reading_b,
#     dut.py --reading-b) follow B and pass with --reading all=B.
#  9. the whole vector set: the reading-B C DUT is 'reading B' on every decision, the reference 'reading A'.
#   $1 = visa-oracle binary, $2 = source dir.
set -u
VO=$1
SRC=$2
BUILD=$(dirname "$VO")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
LIB=$BUILD/examples/libdut_example.so
LIBB=$BUILD/examples/libdut_example_reading_b.so
if [ ! -f "$LIB" ] || [ ! -f "$LIBB" ]; then
    LIB=$T/libdut_example.so
    LIBB=$T/libdut_example_reading_b.so
    cc -shared -fPIC -O2 -I"$SRC/oracle/include" "$SRC/examples/dut_c/dut.c" -o "$LIB" &&
        cc -shared -fPIC -O2 -DDUT_READING_B=1 -I"$SRC/oracle/include" "$SRC/examples/dut_c/dut.c" -o "$LIBB" ||
        { echo "FAIL: cannot build the example DUTs" >&2; exit 1; }
fi
python3 - "$SRC/vectors" "$T" "$VO" <<'PY' || { echo "FAIL: setup / the alt members" >&2; exit 1; }
import json, sys, glob, subprocess
src, out, vo = sys.argv[1:4]
def load(pat):
    tests = []
    for f in sorted(glob.glob(src + '/' + pat)):
        d = json.load(open(f))
        tests += d['tests']
    return d, tests
bad = 0
import builtins
_n = [0]
def print(*a):
    _n[0] += 1
    if _n[0] <= 10: builtins.print(*a)
picked = {}
for pat, dec in (('lsc_untyped_load_quad.json', 'D150'), ('lsc_untyped_store_quad.json', 'D150'),
                 ('scatter4_scaled-*.json', 'D35'), ('gather4_scaled-*.json', 'D35'), ('gather_scaled-*.json', 'D17')):
    d, tests = load(pat)
    with_alt = [t for t in tests if any(a['decision'] == dec for a in t.get('alt', []))]
    if not with_alt:
        print('no', dec, 'alt in', pat); bad = 1
    # the reading-B DUT follows every reading B at once: judge a decision on tests where it is the only
    # one whose reading B differs, at vISA >= 3.4 (before, D1's 4-byte ids change every operand)
    with_alt = [t for t in with_alt if {a['decision'] for a in t['alt']} == {dec} and
                t['input']['platform']['visa_version'] >= '3.4']
    if dec == 'D17':  # D17's vectors at 3.4+ are rejected both ways (E_MASK_CTRL): its 3.3 case at 3.6, on T5
        for t in tests:
            if t['input']['platform']['visa_version'] < '3.4' and any(a['decision'] == 'D17' and
                    a['expect']['status'] != 'invalid' for a in t.get('alt', [])):
                i = dict(t['input'])
                asm = i['asm'].replace('%bss', '%scratch')  # surface 4 is D4's: stateless keeps D17 alone
                i['insn'] = subprocess.check_output([vo, 'asm', asm, '--visa-version', '3.6']).decode().strip()
                i['platform'] = dict(i['platform'], visa_version='3.6')
                del i['asm']
                json.dump(i, open(out + '/d17.json', 'w'))
                subprocess.check_call([vo, 'json2case', out + '/d17.json', '-o', out + '/d17.bin'])
                with_alt.append(json.loads(subprocess.check_output([vo, 'case2json', out + '/d17.bin', '--test'])))
                break
    if not with_alt:
        print('no', dec, 'alt in', pat); bad = 1
    for t in with_alt:
        if 'alt' not in t: continue  # D17's 3.6 variant: check runs both readings live
        for a in t['alt']:
            if a['reading'] != 'B': print('reading not B', t['id']); bad = 1
            e, x = a['expect'], t['expect']
            if (e['status'], e['error'], e.get('digest')) == (x['status'], (x['error'] or {}).get('code'), x.get('digest') if x['status'] == 'ok' else None):
                print('alt equal to expect', t['id']); bad = 1
        code = int(t['input']['insn'][2:4], 16) & 0xF  # the exec size byte follows the opcode
        if dec == 'D35':  # the pages: 8 and 16 only, so reading B rejects sizes 1, 2, 4
            if code >= 3 or t['alt'][0]['expect'] != {'status': 'invalid', 'error': 'E_EXEC_SIZE'}:
                print('D35 alt wrong', t['id'], code, t['alt']); bad = 1
        if dec == 'D17' and (code != 5 or t['expect']['error']['code'] != 'E_EXEC_SIZE'):
            print('D17 alt not on a rejected SIMD32 case', t['id']); bad = 1
    picked[dec] = picked.get(dec, []) + with_alt[:40]
    d['tests'] = with_alt[:40]
    name = out + '/' + pat.split('-')[0].replace('*', '').replace('.json', '') + '.json'
    json.dump(d, open(name, 'w'))
    for t in d['tests']: t.pop('alt', None)
    json.dump(d, open(name.replace('.json', '.noalt.json'), 'w'))
sys.exit(bad)
PY
# the later families (D390): each decision's alt, worked from its reading B by hand
python3 - "$SRC/vectors" "$T" <<'PY' || { echo "FAIL: the later families' alt members" >&2; exit 1; }
import json, sys, glob
src, out = sys.argv[1:3]
# decision: (files, what reading B gives: an error code set, or 'ok' with another digest)
want = {'D113': ('lsc_untyped_load*.json', {'E_LSC_CACHE'}), 'D266': ('svm_atomic-*.json', {'E_ATOMIC_OP'}),
        'D267': ('svm_atomic-*.json', {'E_ATOMIC_TYPE'}), 'D271': ('svm_atomic-*.json', 'ok'),
        'D285': ('lsc_typed_quad-*.json', None), 'D332': ('lsc_typed_status-*.json', None),
        'D333': ('gather4_typed-*.json', {'E_TYPED_VERSION'}), 'D375': ('typed_atomic-*.json', {'E_TYPED_COORD', 'E_OPERAND_TYPE'}),
        'D221': ('lsc_dg2_slm_cache.json', 'runs')}  # D221: A rejects DG2 SLM cache controls, B runs them
bad = 0
for dec, (pat, b) in want.items():
    d, tests = None, []
    for f in sorted(glob.glob(src + '/' + pat)):
        d = json.load(open(f))
        tests += [t for t in d['tests'] if any(a['decision'] == dec for a in t.get('alt', []))]
    if not tests:
        print('no', dec, 'alt in', pat); bad = 1; continue
    for t in tests:
        e = [a for a in t['alt'] if a['decision'] == dec][0]['expect']
        if b == 'ok' and (e['status'] != 'ok' or t['expect']['status'] != 'ok' or e['digest'] == t['expect']['digest']):
            print(dec, 'alt not another ok state', t['id']); bad = 1; break
        if b == 'runs' and (e['status'] == 'invalid' or t['expect']['status'] != 'invalid' or
                            t['expect']['error']['code'] != 'E_LSC_CACHE' or t['input']['platform']['name'] != 'DG2'):
            print(dec, 'alt not a run of a rejected DG2 case', t['id'], e); bad = 1; break
        if isinstance(b, set) and (e['status'] != 'invalid' or e['error'] not in b):
            print(dec, 'alt not', b, t['id'], e); bad = 1; break
    d['tests'] = tests[:30]
    json.dump(d, open(out + '/' + dec + '.json', 'w'))
sys.exit(bad)
PY
LATER="$T/D113.json $T/D221.json $T/D266.json $T/D267.json $T/D271.json $T/D285.json $T/D332.json $T/D333.json $T/D375.json"
"$VO" check $LATER --dut-lib "$LIB" -q > "$T/la.out" 2>&1 || bad "later families: the reading-A DUT fails: $(tail -3 "$T/la.out")"
"$VO" check $LATER --dut-lib "$LIBB" -q > "$T/lb.out" 2>&1 && bad "later families: the reading-B DUT passes by default"
"$VO" check $LATER --dut-cmd "python3 $SRC/examples/dut_py/dut.py --reading-b" -q > "$T/lpb.out" 2>&1 &&
    bad "later families: the Python --reading-b DUT passes by default"
for d in D113 D221 D266 D267 D271 D285 D332 D333 D375; do
    grep -Eq "^  $d +A [1-9][0-9]*  B 0  neither 0: reading A \(judged by reading A\)" "$T/la.out" ||
        bad "later families, reading-A DUT: no 'reading A' line for $d: $(grep -A12 '^readings' "$T/la.out")"
    for o in lb lpb; do
        if [ "$d" = D333 ]; then # below vISA 3.4 D1 is a candidate too and its B also rejects: not counted (D391)
            grep -Eq "^  $d +A [1-9]|^  $d .*neither [1-9]" "$T/$o.out" &&
                bad "later families, $o: $d counted A or neither: $(grep -A12 '^readings' "$T/$o.out")"
            continue
        fi
        grep -Eq "^  $d +A 0  B [1-9][0-9]*  neither 0: reading B \(judged by reading A\)" "$T/$o.out" ||
            bad "later families, $o: no 'reading B' line for $d: $(grep -A12 '^readings' "$T/$o.out")"
    done
done
"$VO" check $LATER --dut-lib "$LIBB" -q --reading all=B > /dev/null 2>&1 || bad "later families: reading-B DUT fails with all=B"
"$VO" check $LATER --dut-cmd "python3 $SRC/examples/dut_py/dut.py --reading-b" -q --reading all=B > /dev/null 2>&1 ||
    bad "later families: the Python --reading-b DUT fails with all=B"
"$VO" check $LATER --dut-lib "$LIBB" -q --reading all=B --reading D271=A > /dev/null 2>&1 &&
    bad "later families: reading-B DUT passes with D271=A"

ALT="$T/lsc_untyped_load_quad.json $T/lsc_untyped_store_quad.json $T/scatter4_scaled.json $T/gather4_scaled.json $T/gather_scaled.json"
NOALT=$(echo "$ALT" | sed 's/\.json/.noalt.json/g')

"$VO" check $ALT --dut-lib "$LIB" -q > "$T/a.out" 2>&1 || bad "reading-A DUT fails by default: $(tail -5 "$T/a.out")"
for d in D150 D35; do
    grep -Eq "^  $d +A [1-9][0-9]*  B 0  neither 0: reading A \(judged by reading A\)" "$T/a.out" ||
        bad "reading-A DUT: no 'reading A' line for $d: $(grep -A6 '^readings' "$T/a.out")"
done
"$VO" check $ALT --dut-lib "$LIB" -q --reading D150=B > "$T/a150.out" 2>&1 && bad "reading-A DUT passes with --reading D150=B"
grep -Eq "^  D150 +A [1-9][0-9]*  B 0  neither 0: reading A \(judged by reading B\)" "$T/a150.out" ||
    bad "--reading D150=B: the D150 line does not say judged by B: $(grep D150 "$T/a150.out")"

"$VO" check $ALT --dut-lib "$LIBB" -q > "$T/b.out" 2>&1 && bad "reading-B DUT passes by default"
for d in D150 D35 D17; do
    grep -Eq "^  $d +A 0  B [1-9][0-9]*  neither 0: reading B \(judged by reading A\)" "$T/b.out" ||
        bad "reading-B DUT: no 'reading B' line for $d: $(grep -A6 '^readings' "$T/b.out")"
done
"$VO" check $ALT --dut-lib "$LIBB" -q --reading all=B > "$T/ball.out" 2>&1 ||
    bad "reading-B DUT fails with --reading all=B: $(tail -3 "$T/ball.out")"
grep -q " 0 failed" "$T/ball.out" || bad "--reading all=B: failures left"
"$VO" check $ALT --dut-lib "$LIBB" -q --reading D150=B --reading D35=B --reading D17=B > /dev/null 2>&1 ||
    bad "reading-B DUT fails with each decision declared B"
"$VO" check $ALT --dut-lib "$LIBB" -q --reading all=B --reading D150=A > /dev/null 2>&1 &&
    bad "reading-B DUT passes with D150=A after all=B"

"$VO" check $ALT --dut-lib "$LIBB" --json --reading all=B > "$T/b.json" 2> /dev/null || bad "--json --reading all=B fails"
python3 - "$T/b.json" <<'PY' || bad "--json readings summary"
import json, sys
s = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
r = s['readings']
assert r['D150']['follows'] == 'B' and r['D150']['judged'] == 'B' and r['D150']['A'] == 0 and r['D150']['B'] > 0, r
assert r['D35']['follows'] == 'B' and r['D35']['neither'] == 0, r
assert s['failed'] == 0, s
PY

# shards: merge adds up the readings to the unsharded summary object
"$VO" check $ALT --dut-lib "$LIBB" --json > "$T/u.json" 2> /dev/null
"$VO" check $ALT --dut-lib "$LIBB" --json --shard 0/2 > "$T/s0.json" 2> /dev/null
"$VO" check $ALT --dut-lib "$LIBB" --json --shard 1/2 > "$T/s1.json" 2> /dev/null
"$VO" merge --json "$T/s1.json" "$T/s0.json" > "$T/m.json" 2> /dev/null
[ "$(tail -n1 "$T/u.json")" = "$(tail -n1 "$T/m.json")" ] || bad "merge of 2 shards: not the unsharded summary: $(tail -n1 "$T/m.json" | head -c 600)"
grep -q '"readings":{"D17":' "$T/m.json" || bad "merge: no readings in the merged summary"

for arg in D99=B D150 D150=C =B; do
    "$VO" check $ALT --dut-lib "$LIB" --reading "$arg" > /dev/null 2> "$T/e.err"
    [ $? -eq 2 ] || bad "--reading $arg: not exit 2"
    grep -q -- "--reading" "$T/e.err" || bad "--reading $arg: message does not name the option"
done

# the Python DUT: --reading-b follows reading B as the C variant does (D17, D34, D35, D150)
DUTPY="python3 $SRC/examples/dut_py/dut.py"
"$VO" check $ALT --dut-cmd "$DUTPY" -q > "$T/pa.out" 2>&1 || bad "Python DUT fails by default: $(tail -3 "$T/pa.out")"
"$VO" check $ALT --dut-cmd "$DUTPY --reading-b" -q > "$T/pb.out" 2>&1 && bad "Python DUT --reading-b passes by default"
for d in D150 D35 D17; do
    grep -Eq "^  $d +A 0  B [1-9][0-9]*  neither 0: reading B \(judged by reading A\)" "$T/pb.out" ||
        bad "Python DUT --reading-b: no 'reading B' line for $d: $(grep -A12 '^readings' "$T/pb.out")"
done
"$VO" check $ALT --dut-cmd "$DUTPY --reading-b" -q --reading all=B > "$T/pball.out" 2>&1 ||
    bad "Python DUT --reading-b fails with --reading all=B: $(tail -3 "$T/pball.out")"

"$VO" check $NOALT --dut-lib "$LIBB" -q > "$T/bn.out" 2>&1
diff <(grep -A4 '^readings' "$T/b.out") <(grep -A4 '^readings' "$T/bn.out") > /dev/null ||
    bad "the same tests without alt report other readings"
"$VO" check $NOALT --dut-lib "$LIBB" -q --reading all=B > /dev/null 2>&1 || bad "without alt: --reading all=B fails"
# 7. the legacy doc_vs_reader decisions (D1 ... D50): per decision the tests whose only differing reading
#    it is (vISA >= 3.4 but for D1); the reading-A DUTs follow A, the reading-B ones B (C library and
#    `dut.py --reading-b`), and pass with --reading all=B
LEG="D1 D2 D4 D11 D16 D18 D24 D27 D33 D40 D41 D42 D48 D49 D50"
python3 - "$SRC/vectors" "$T" $LEG <<'PY' || { echo "FAIL: setup of the legacy decisions' tests" >&2; exit 1; }
import json, sys, glob
src, out, decs = sys.argv[1], sys.argv[2], sys.argv[3:]
got = {dec: 0 for dec in decs}
for f in sorted(glob.glob(src + '/*.json')):
    d = json.load(open(f))
    keep, per = [], {}
    for t in d['tests']:
        alt = {a['decision'] for a in t.get('alt', [])}
        # D11's readings differ in freedom only (no alt): a gather's ok tests, some with disabled lanes
        if not alt and t['expect']['status'] == 'ok' and d['instruction'] in \
                ('gather', 'gather_scaled', 'gather4_scaled', 'qw_gather', 'dword_atomic') and \
                sum(1 for k in keep if k['expect']['status'] == 'ok' and not k.get('alt')) < 3:
            alt = {'D11'}
        if len(alt) != 1: continue
        dec = next(iter(alt))
        if dec not in got or got[dec] >= 16: continue
        if dec != 'D1' and t['input']['platform']['visa_version'] < '3.4': continue
        if d['instruction'].startswith('lsc'): continue  # D150's widths (another reading) on the way
        # and no other decision's point on the way B takes (A stopped before it): surface 4 is D4's,
        # SCATTER/GATHER/DWORD_ATOMIC surfaces but 0 and 5 D27/D33/D50's, Q data D41's
        asm, ins = t['input'].get('asm', ''), d['instruction']
        if dec != 'D4' and '%bss' in asm: continue
        if dec not in ('D27', 'D33', 'D50') and ins in ('scatter', 'gather', 'dword_atomic') and \
                not ('%slm' in asm or '%scratch' in asm): continue
        if dec != 'D41' and any(v['type'] == 'q' for v in t['input']['vars']): continue
        if ins in ('gather4_scaled', 'scatter4_scaled') and int(t['input']['insn'][2:4], 16) & 7 < 3: continue  # D35
        if dec != 'D11' and ins in ('gather', 'gather_scaled', 'gather4_scaled', 'qw_gather', 'dword_atomic') and \
                t['alt'][0]['expect']['status'] == 'ok': continue  # B runs: D11's disabled lanes
        eb = int(t['input']['insn'][2:4], 16)
        if dec == 'D2' and ((eb >> 4) & 7) * 4 % (1 << (eb & 7)): continue  # D18's mask alignment at the B size
        keep.append(t)
        per.setdefault(dec, []).append(t)
        got[dec] += 1
    for dec, ts in per.items():  # one set per decision: the others' points stay out of its count
        d['tests'] = ts
        json.dump(d, open(out + '/leg_' + dec + '_' + f.split('/')[-1], 'w'))
missing = [dec for dec in decs if not got[dec]]
if missing: print('no single-decision alt tests for', missing); sys.exit(1)
PY
PYDUT="python3 $SRC/examples/dut_py/dut.py"
for dut in "lib:$LIB:A" "lib:$LIBB:B" "cmd:$PYDUT:A" "cmd:$PYDUT --reading-b:B"; do
    kind=${dut%%:*}; rest=${dut#*:}; want=${rest##*:}; what=${rest%:*}
    if [ "$kind" = lib ]; then opt=(--dut-lib "$what"); else opt=(--dut-cmd "$what"); fi
    for d in $LEG; do
        "$VO" check "$T"/leg_"$d"_*.json "${opt[@]}" -q > "$T/leg.out" 2>&1
        rc=$?
        if [ "$want" = A ]; then [ $rc -eq 0 ] || bad "legacy: reading-A DUT $what fails on $d: $(tail -3 "$T/leg.out")"
        else [ $rc -ne 0 ] || bad "legacy: reading-B DUT $what passes $d's tests when judged by A"; fi
        # D42's reading B is `undefined`: a reading-A DUT's rejection meets it too; D11's B frees the bytes
        # A keeps (a test both pass is not counted)
        if [ "$want$d" = AD11 ] && grep -Eq "^  D11 " "$T/leg.out"; then
            bad "legacy: $what keeps D11's lanes, yet is counted (both readings pass): $(grep -E '^  D11 ' "$T/leg.out")"
        fi
        [ "$want$d" = AD42 ] || [ "$want$d" = AD11 ] && continue
        if [ "$want" = A ]; then pat="^  $d +A [1-9][0-9]*  B 0  neither 0: reading A "
        else pat="^  $d +A 0  B [1-9][0-9]*  neither 0: reading B "; fi
        grep -Eq "$pat" "$T/leg.out" || bad "legacy: $what: $d does not follow reading $want: $(grep -E "^  $d " "$T/leg.out")"
    done
    if [ "$want" = B ]; then
        "$VO" check "$T"/leg_*.json "${opt[@]}" -q --reading all=B > "$T/legb.out" 2>&1 ||
            bad "legacy: reading-B DUT $what fails with --reading all=B: $(grep -A3 '^FAIL' "$T/legb.out" | head -8)"
    fi
done

# 9. the whole shipped vector set (D391: every decision's B, not only the test's candidates): the
#    reading-B C DUT counts B for every decision and passes with all=B, the reference C DUT counts A
"$VO" check "$SRC"/vectors/*.json --dut-lib "$LIBB" -q > "$T/allb.out" 2>&1
sed -n '/^readings/,/^[^ r]/p' "$T/allb.out" | grep -E '^  D[0-9]+ ' > "$T/allb.rd"
[ "$(wc -l < "$T/allb.rd")" -ge 20 ] || bad "whole set, reading-B DUT: fewer than 20 decisions counted: $(cat "$T/allb.rd")"
grep -Ev 'A 0  B [1-9][0-9]*  neither 0: reading B ' "$T/allb.rd" &&
    bad "whole set: the reading-B DUT is not 'reading B' on the decisions above"
"$VO" check "$SRC"/vectors/*.json --dut-lib "$LIBB" -q --reading all=B > /dev/null 2>&1 ||
    bad "whole set: the reading-B DUT fails with --reading all=B"
"$VO" check "$SRC"/vectors/*.json --dut-lib "$LIB" -q > "$T/alla.out" 2>&1 || bad "whole set: the reference DUT fails"
sed -n '/^readings/,/^[^ r]/p' "$T/alla.out" | grep -E '^  D[0-9]+ ' | grep -Ev 'A [1-9][0-9]*  B 0  neither 0: reading A ' &&
    bad "whole set: the reference DUT is not 'reading A' on the decisions above"

[ $fail -eq 0 ] && echo "ok: readings judged per decision (A/B), --reading, alt members"
exit $fail
