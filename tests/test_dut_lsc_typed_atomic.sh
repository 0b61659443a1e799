#!/usr/bin/env bash
# LSC_TYPED atomics (issue 28): both example DUTs pass every shipped
# lsc_typed_atomic vector and each of the C DUT's seeded bugs 230..233 fails
# at least one (tests/test_dut_lsc_typed.sh with that group and range).
# Args: $1 = path to visa-oracle, $2 = source dir.
set -euo pipefail
exec bash "${2:?source dir}/tests/test_dut_lsc_typed.sh" "${1:?path to visa-oracle}" "$2" lsc_typed_atomic 230 233
