#!/usr/bin/env bash
# test_fence_cli.sh VISA_ORACLE SRC_DIR: the legacy FENCE (0x5C, issue 26) on the CLI.
# Bad input keeps its contract: exit 2, one error line naming the code, field
# and offset, nothing written; good input is judged as worked by hand from the
# FENCE page (every mask valid, the state unchanged; D160-D163).
set -u
VO=${1:?usage: test_fence_cli.sh VISA_ORACLE SRC_DIR}
T=$(mktemp -d "${TMPDIR:-/tmp}/vo-fence.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# text: the printer's forms both ways
[ "$("$VO" asm fence_local.EL1)" = 5c61 ] || bad "asm fence_local.EL1 is not 5c61"
[ "$("$VO" disasm 5cff | tail -1)" = fence_sw ] || bad "disasm 5cff is not fence_sw"
# a dot without a flag (IGC's printer writes it for 0x20): exit 2, E_STATE at mask, offset 11
out=$("$VO" asm fence_local. 2>&1); rc=$?
[ $rc -eq 2 ] || bad "asm fence_local. exit $rc, want 2"
case $out in *"E_STATE at mask (offset 11)"*) ;; *) bad "asm fence_local.: '$out'" ;; esac
# run: the mask byte missing -> invalid E_TRUNCATED at mask offset 1 (a case result, exit 0)
printf '{"platform":{"name":"SKL","grf_bytes":32,"visa_version":"3.6"},"insn":"5c","exec_mask":"ffffffff","vars":[],"preds":[],"addrs":[],"surfaces":[]}' >"$T/t.json"
out=$("$VO" run "$T/t.json"); rc=$?
[ $rc -eq 0 ] || bad "run truncated fence exit $rc"
case $out in *'"status":"invalid","error":{"code":"E_TRUNCATED","field":"mask","offset":1'*) ;; *) bad "run 5c: $out" ;; esac
# run: bit 5 on SKL (before ICLLP) is valid, tagged fence:ignored_bits, the variable unchanged
printf '{"platform":{"name":"SKL","grf_bytes":32,"visa_version":"3.6"},"insn":"5c20","exec_mask":"ffffffff","vars":[{"id":33,"type":"ud","num_elts":1,"data":"01020304"}],"preds":[],"addrs":[],"surfaces":[]}' >"$T/l.json"
out=$("$VO" run "$T/l.json" -o "$T/l.out"); rc=$?
[ $rc -eq 0 ] || bad "run 5c20 exit $rc"
grep -q '"status":"ok"' "$T/l.out" && grep -q '"fence:ignored_bits"' "$T/l.out" && grep -q '"data":"01020304"' "$T/l.out" \
    || bad "run 5c20 on SKL: $(cat "$T/l.out")"
# a malformed case file: exit 2, the output file not written
printf '{"platform":{"name":"SKL","grf_bytes":32,"visa_version":"3.6"},"insn":"5g","exec_mask":"ffffffff","vars":[],"preds":[],"addrs":[],"surfaces":[]}' >"$T/x.json"
"$VO" run "$T/x.json" -o "$T/x.out" 2>/dev/null; rc=$?
[ $rc -eq 2 ] || bad "run with bad hex exit $rc, want 2"
[ ! -e "$T/x.out" ] || bad "run with bad hex wrote $T/x.out"
[ $fail -eq 0 ] && echo "test_fence_cli: ok"
exit $fail
