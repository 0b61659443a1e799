#!/usr/bin/env bash
# docs/api.md's example is real (issue 16 point 6): extracts its ```c block,
# compiles it against this build's library and the source headers (as the
# installed <visa_oracle/...> layout), runs it and compares the output with
# the ```text block the page shows (worked by hand there). Also checks the
# builders' error reporting and the version spellings in C.
#   test_api_doc.sh <path-to-visa-oracle> <source-dir>
set -u
VO=${1:?usage: test_api_doc.sh path-to-visa-oracle source-dir}
SRC=${2:?usage: test_api_doc.sh path-to-visa-oracle source-dir}
BUILD=$(cd "$(dirname "$VO")" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }

doc=$SRC/docs/api.md
awk '/^```c$/{f=1;next} /^```$/{if(f){exit}} f' "$doc" >"$T/ex.c"
awk '/^```text$/{f=1;next} /^```$/{if(f){exit}} f' "$doc" >"$T/want"
[ -s "$T/ex.c" ] && [ -s "$T/want" ] || { echo "FAIL: docs/api.md has no \`\`\`c example or \`\`\`text output" >&2; exit 1; }
mkdir -p "$T/inc/visa_oracle" && cp "$SRC"/oracle/include/*.h "$T/inc/visa_oracle/"
cache=$BUILD/CMakeCache.txt
cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$cache")
flags=""
grep -q '^VO_SANITIZE:BOOL=ON' "$cache" && flags="-fsanitize=address,undefined -fno-sanitize-recover=all"
# shellcheck disable=SC2086
if ! "${cc:-cc}" -std=c11 -Wall -Wextra $flags -I"$T/inc" "$T/ex.c" -o "$T/ex" "$BUILD/libvisa_oracle.a" \
        $(pkg-config --libs libcjson libcrypto) 2>"$T/cc.log"; then
    cat "$T/cc.log" >&2
    bad "docs/api.md example does not compile"
elif ! "$T/ex" >"$T/got" 2>"$T/err"; then
    bad "docs/api.md example exits non-zero: $(cat "$T/err")"
elif ! diff -u "$T/want" "$T/got" >&2; then
    bad "docs/api.md example prints something else than the page says"
fi

# the builders' reasons, and the version spellings
cat >"$T/b.c" <<'C'
#include <visa_oracle/visa_oracle.h>
#include <visa_oracle/visa_json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int fails;
static void want(int ok, const char *what) { if (!ok) { printf("FAIL %s\n", what); fails++; } }
int main(void)
{
    static vo_state s;
    vo_error e;
    vo_state_init(&s);
    want(vo_state_add_var_err(&s, 40, VO_T_UD, 4, &e) != NULL, "first var");
    want(!vo_state_add_var_err(&s, 40, VO_T_UB, 1, &e) && e.code == VO_E_STATE && !strcmp(e.field, "vars") &&
         strstr(e.message, "40") && strstr(e.message, "already"), "duplicate var says so");
    want(!vo_state_add_var_err(&s, 41, VO_T_BOOL, 1, &e) && e.code == VO_E_STATE && strstr(e.message, "type"),
         "bool var");
    want(!vo_state_add_var_err(&s, 41, VO_T_UD, 0, &e) && e.code == VO_E_STATE && strstr(e.message, "num_elts"),
         "zero elements");
    want(!vo_state_add_var_err(&s, 41, VO_T_UD, VO_MAX_VAR_BYTES / 4 + 1, &e) && e.code == VO_E_STATE_CAP,
         "var too big");
    for (unsigned i = 1; i < VO_MAX_VARS; i++) vo_state_add_var(&s, 100 + i, VO_T_UB, 1);
    want(!vo_state_add_var_err(&s, 99, VO_T_UB, 1, &e) && e.code == VO_E_STATE_CAP && strstr(e.message, "64"),
         "65th var");
    want(vo_state_add_surface_err(&s, 6, 64, &e) != NULL, "surface");
    want(!vo_state_add_surface_err(&s, 6, 64, &e) && e.code == VO_E_STATE && !strcmp(e.field, "surfaces"),
         "duplicate surface");
    want(!vo_state_add_surface_err(&s, 7, VO_MAX_SURFACE_SIZE + 1, &e) && e.code == VO_E_STATE_CAP,
         "surface > 4 GiB");
    want(vo_state_add_pred_err(&s, 1, 16, 0, &e) != NULL, "pred");
    want(!vo_state_add_pred_err(&s, 1, 16, 0, &e) && e.code == VO_E_STATE && !strcmp(e.field, "preds"),
         "duplicate pred");
    want(!vo_state_add_addr_err(&s, 1, 17, &e) && e.code == VO_E_STATE_CAP && !strcmp(e.field, "addrs"),
         "addr 17 elements");
    want(!vo_state_add_var_err(&s, 40, VO_T_UD, 1, NULL), "NULL err is allowed");
    vo_state_free(&s);
    /* versions: C and JSON spell the same numbers */
    uint16_t v = 0;
    char buf[8];
    want(VO_VISA_VERSION(3, 6) == 306 && VO_VISA_VERSION(4, 1) == 401, "VO_VISA_VERSION");
    want(vo_visa_version_parse("3.6", &v) == 0 && v == VO_VISA_VERSION(3, 6), "parse 3.6");
    want(vo_visa_version_format(VO_VISA_VERSION(3, 10), buf, sizeof buf) == 0 && !strcmp(buf, "3.10"), "format 3.10");
    want(vo_visa_version_format(299, buf, sizeof buf) != 0 && vo_visa_version_format(402, buf, sizeof buf) != 0,
         "format range");
    for (unsigned x = 300; x <= 401; x++) {
        uint16_t y = 0;
        want(vo_visa_version_format((uint16_t)x, buf, sizeof buf) == 0 && vo_visa_version_parse(buf, &y) == 0 && y == x,
             "format/parse round trip");
    }
    want(strcmp(VO_VERSION_STRING, "") != 0, "VO_VERSION_STRING");
    printf("%s\n", fails ? "builders: FAILED" : "builders: ok");
    return fails != 0;
}
C
# shellcheck disable=SC2086
if "${cc:-cc}" -std=c11 -Wall -Wextra $flags -I"$T/inc" "$T/b.c" -o "$T/b" "$BUILD/libvisa_oracle.a" \
        $(pkg-config --libs libcjson libcrypto) 2>"$T/cc2.log"; then
    "$T/b" || bad "builder / version checks"
else
    cat "$T/cc2.log" >&2
    bad "builder test does not compile (vo_state_add_*_err, VO_VISA_VERSION, vo_visa_version_format)"
fi
if [ "$fail" = 0 ]; then echo "test_api_doc: passed"; else exit 1; fi
