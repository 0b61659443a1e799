#!/usr/bin/env bash
# LSC_TYPED block2d (issue 28): the example C DUT (examples/dut_c/dut_lsc_typed_2d.c,
# written from the pages) and the Python one (examples/dut_py/dut_lsc_typed_2d.py)
# pass every shipped lsc_typed_block2d vector, and each of the C DUT's seeded
# bugs 240..243 fails at least one of them (tests/test_dut_lsc_typed.sh's checks).
# Args: $1 = path to visa-oracle, $2 = source dir.
set -euo pipefail
VO_LT_GROUP=lsc_typed_block2d VO_LT_BUGS="240 241 242 243" exec bash "${2:?source dir}/tests/test_dut_lsc_typed.sh" "$@"
