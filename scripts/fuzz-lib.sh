# Shared helpers of the scripts/fuzz-*.sh scripts (sourced, not run).
# Environment every script honours:
#   FUZZ_BUILD   directory of libFuzzer binaries (default build-fuzz, built on demand)
#   FUZZ_OUT     working directory for corpora, crashes and logs (default build-fuzz-out)
#   CC           compiler for the libFuzzer build (default clang)
VO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VO_TARGETS="oracle_fuzzer roundtrip_fuzzer json_fuzzer diff_fuzzer isa_fuzzer"
FUZZ_OUT=${FUZZ_OUT:-$VO_ROOT/build-fuzz-out}  # build-*/ is git-ignored

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { printf '%s: %s\n' "$(basename "$0")" "$*" >&2; exit 2; }

# vo_fuzz_build DIR ENGINE(libfuzzer|afl) SANITIZE(0|1) [extra cmake args...]
# Configures fuzz/ standalone into DIR and builds it; prints one line.
vo_fuzz_build() {
  local dir=$1 engine=$2 san=$3
  shift 3
  local cc=${CC:-clang}
  [ "$engine" = afl ] && cc=afl-clang-fast
  command -v "$cc" >/dev/null || die "compiler $cc not found (apt-get install clang libclang-rt-14-dev afl++)"
  local t0=$SECONDS
  if ! { CC=$cc cmake -S "$VO_ROOT/fuzz" -B "$dir" -DVO_SANITIZE=$([ "$san" = 1 ] && echo ON || echo OFF) \
           -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >"$dir.configure.log" 2>&1 &&
         AFL_QUIET=1 cmake --build "$dir" -j"${FUZZ_BUILD_JOBS:-2}" ${VO_FUZZ_TARGETS:+--target $VO_FUZZ_TARGETS} \
           >"$dir.build.log" 2>&1; }; then # VO_FUZZ_TARGETS: only these targets (mutation-eval.sh with MUT_BUGS)
    tail -30 "$dir.configure.log" "$dir.build.log" >&2 2>/dev/null
    die "build of $dir failed (logs: $dir.configure.log, $dir.build.log)"
  fi
  log "built $engine fuzzers (sanitizers: $([ "$san" = 1 ] && echo ASan+UBSan || echo none)) in $dir ($((SECONDS - t0)) s)"
}

# dictionary and max_len of a target, from fuzz/<target>.options
vo_dict() {
  local d
  d=$(sed -n 's/^dict *= *//p' "$VO_ROOT/fuzz/$1.options" 2>/dev/null)
  [ -n "$d" ] && echo "$VO_ROOT/fuzz/$d"
}
vo_max_len() {
  local m
  m=$(sed -n 's/^max_len *= *//p' "$VO_ROOT/fuzz/$1.options" 2>/dev/null)
  echo "${m:-4096}"
}

# seed corpus of a target (diff_fuzzer_bug_N and empty_fuzzer use oracle's)
vo_seeds() {
  case $1 in
    diff_fuzzer*) echo "$VO_ROOT/corpus/diff_fuzzer" ;;
    empty_fuzzer) echo "$VO_ROOT/corpus/oracle_fuzzer" ;;
    *) echo "$VO_ROOT/corpus/$1" ;;
  esac
}

# ensure a libFuzzer build exists in FUZZ_BUILD with the target
vo_need_libfuzzer() {
  FUZZ_BUILD=${FUZZ_BUILD:-$VO_ROOT/build-fuzz}
  if [ ! -x "$FUZZ_BUILD/$1" ]; then
    log "no $FUZZ_BUILD/$1: building (ASan+UBSan)"
    vo_fuzz_build "$FUZZ_BUILD" libfuzzer 1
  fi
  [ -x "$FUZZ_BUILD/$1" ] || die "no fuzzer $FUZZ_BUILD/$1"
}

# vo_bucket_of BIN TARGET FILE: replays FILE once with BIN (a libFuzzer or
# AFL++ build of TARGET, run from the current directory) and prints one line
# naming what the input does: diff_fuzzer's "DIVERGENCE <insn>:<clause>:<kind>"
# (the bucket of `check`), an invariant line "<target>: ...", a sanitizer's
# "SUMMARY: ...", "timeout", "out-of-memory" or "does not reproduce".
vo_bucket_of() {
  local bin=$1 target=$2 f=$3 out b
  out=$(timeout 60 "$bin" -timeout=10 -rss_limit_mb=2048 "$f" 2>&1)
  b=$(printf '%s\n' "$out" | grep -m1 -oE 'DIVERGENCE [^ ]+') ||
    b=$(printf '%s\n' "$out" | grep -m1 -E "^${target}: " | grep -v -e 'DUT linked in' -e ': DUT /' | cut -c1-160) ||
    b=$(printf '%s\n' "$out" | grep -m1 -oE 'SUMMARY: [A-Za-z]+Sanitizer: [^ ]+( [^ ]+)?') ||
    b=$(printf '%s\n' "$out" | grep -m1 -q 'ALARM: working on the last Unit' && echo timeout) ||
    b=$(printf '%s\n' "$out" | grep -m1 -q -e 'out-of-memory' -e 'malloc limit' && echo out-of-memory) ||
    b="does not reproduce"
  printf '%s\n' "$b"
}

# vo_afl_execs OUT: "<execs> <execs/s>" over every AFL++ instance under OUT:
# execs_done summed, and each instance's execs_done / (last_update -
# start_time) summed -- the stats' own clock, so the speed is right whenever
# AFL++ last wrote fuzzer_stats ("0 0" before the first write)
vo_afl_execs() {
  local f
  for f in "$1"/*/fuzzer_stats; do [ -f "$f" ] && cat "$f" && echo '--'; done |
    awk -F' *: *' '$1 == "execs_done" { e = $2 } $1 == "start_time" { s = $2 } $1 == "last_update" { u = $2 }
      $0 == "--" { t += e; if (u > s) r += e / (u - s); e = 0; s = 0; u = 0 }
      END { printf "%d %d\n", t, r }'
}

# median_of LIMIT: the median of the run times on stdin, "inf" for a run that
# found nothing (slower than any time). With an even number of runs the median
# is the mean of the two middle times, and "> LIMIT" when either of them is
# "inf": a real time is never averaged with a placeholder.
median_of() {
  sort -g | awk -v lim="$1" '{ a[NR] = $1 }
    END {
      if (NR == 0) { print "-"; exit }
      lo = a[int((NR + 1) / 2)]; hi = a[int(NR / 2) + 1]
      if (lo == "inf" || hi == "inf") { print "> " lim; exit }
      printf "%.2f\n", (lo + hi) / 2
    }'
}

# vo_bug_name N: the name of seeded bug N from the B_ enums of examples/dut_c/
# ("B_GRF64_STRIDE = 1," -> grf64_stride; an entry without "= N" is the one
# before plus 1, as C counts: B_TY_ARRAY_BY_HEIGHT after B_TY_UV_SWAP = 163 is 164)
vo_bug_name() {
  cat "$VO_ROOT"/examples/dut_c/*.c "$VO_ROOT"/examples/dut_c/*.h | awk -v n="$1" '
    /^ *enum *\{/ { inenum = 1; v = -1 }
    inenum {
      s = $0; gsub(/\/\*[^*]*\*+([^\/*][^*]*\*+)*\//, "", s); sub(/\/\/.*/, "", s)
      while (match(s, /B_[A-Z0-9_]+( *= *[0-9]+)?/)) {
        t = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
        name = t; sub(/ *=.*/, "", name)
        if (t ~ /=/) { v = t; sub(/.*= */, "", v); v += 0 } else v++
        if (v == n + 0) { print tolower(substr(name, 3)); exit }
      }
      if (s ~ /\}/) inenum = 0
    }'
}

# vo_mutant_bugs: every seeded bug mutation-eval.sh judges by default: 1..VO_DUT_NUM_BUGS
# (examples/CMakeLists.txt) and the families' bugs fuzz/CMakeLists.txt builds diff fuzzers for
# (its _vo_fam_bugs list), in that order
vo_mutant_bugs() {
  local nb
  nb=$(sed -n 's/^set(VO_DUT_NUM_BUGS \([0-9]*\)).*/\1/p' "$VO_ROOT/examples/CMakeLists.txt")
  [ -n "$nb" ] && seq 1 "$nb"
  sed 's/#.*//' "$VO_ROOT/fuzz/CMakeLists.txt" | sed -n '/set(_vo_fam_bugs/,/)/p' | sed 's/set(_vo_fam_bugs//; s/).*//' |
    tr -s ' \t' '\n\n' | grep -E '^[0-9]+$'
}
