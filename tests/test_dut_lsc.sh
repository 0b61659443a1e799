#!/usr/bin/env bash
# The example DUTs' LSC_UNTYPED / LSC_FENCE implementations against hand-built
# cases (tests/dut_lsc_cases.py: bytes encoded and results worked out by hand
# from Intel's LSC pages, independently of the oracle).
#   $1 = visa-oracle binary, $2 = source dir.
set -u
SRC=$2
python3 "$SRC/tests/dut_lsc_cases.py" --dut-cmd "python3 $SRC/examples/dut_py/dut.py"
