"""dut_svm.py: the Python example DUT's legacy FENCE (0x5C, issue 26), written
from Intel's FENCE page independently of the oracle and of examples/dut_c.
(SVM, 0x4E, is not implemented yet: dut.py rejects it as an unknown opcode.)

FENCE is the opcode and one mask byte. Any mask is a fence on any platform:
  bit 7 -> only a scheduling barrier, the other bits say nothing (D162);
  bit 5 -> SLM only, a bit that exists from ICLLP on; before, it is ignored (D161);
  bits 0-4, 6 -> commit / cache flushes, nothing a single thread can observe.
So a fence is accepted (or rejected only for a missing or extra byte) and
leaves every byte of the state as it was.
"""


def fence(dut, invalid):
    """dut: the decoder (get(n), done()) positioned after the opcode;
    invalid: the exception class to raise for a malformed instruction."""
    if dut.pos >= len(dut.insn):
        raise invalid("fence: no mask byte")
    mask = dut.get(1)
    dut.done()
    return mask  # nothing changes in the state
