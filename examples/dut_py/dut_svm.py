"""dut_svm.py: the Python example DUT's legacy FENCE (0x5C, issue 26), written
from Intel's FENCE page independently of the oracle and of examples/dut_c.
SVM_BLOCK_LD / SVM_BLOCK_ST (0x4E 01 / 02) from the SVM pages (svm() below);
the other SVM sub-ops are refused.

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


M64 = (1 << 64) - 1


def svm(dut, invalid, undefined):
    """SVM (0x4E) from the SVM_BLOCK_LD / SVM_BLOCK_ST pages: the sub-op byte,
    then props(ub) address(vector, scalar UQ) data(raw).
    props bits 2..0: 1/2/4/8 owords; bit 3: a load may be dword-aligned (a
    store ignores it); bit 7 ignored; bits 6..4 refused. Oword j lies at
    (address + 16 j) mod 2^64 in the flat regions; an oword outside them makes
    the case undefined; a misaligned oword is performed as it stands."""
    sub = dut.get(1)
    if sub not in (1, 2):
        raise invalid("svm: sub-op %d not supported" % sub)
    store = sub == 2
    props = dut.get(1)
    a = dut.vec()
    data = dut.raw()
    dut.done()
    if props & 7 > 3 or props & 0x70:
        raise invalid("svm block: properties")
    if a["mod"] or a["hi"]:
        raise invalid("svm block: address modifier or tag bits")
    past = False
    if a["cls"] == 5:
        if a["type"] != 11:
            raise invalid("svm block: the address immediate must be UQ")
        addr = a["imm64"]
    elif a["cls"] == 0:
        if not dut.region_ok(a["region"]):
            raise invalid("svm block: region")
        if a["id"] == 0:
            raise invalid("svm block: %null address")
        v = dut.lookup(a["id"], "address")
        if v.type != "uq":
            raise invalid("svm block: the address variable must be UQ")
        if a["col"] * 8 >= dut.grf:
            raise invalid("svm block: column crosses the GRF")
        at = a["row"] * dut.grf + a["col"] * 8
        past = at + 8 > len(v.data)
        addr = 0 if past else int.from_bytes(v.data[at:at + 8], "little")
    else:
        raise invalid("svm block: the address is a register or an immediate")
    dut.check_raw(data, "src" if store else "dst", None, is_dst=not store)
    if past:
        raise undefined("address past its variable")
    n = 1 << (props & 3)
    var, off = data["var"], data["off"]
    if off + 16 * n > len(var.data):
        raise undefined("data past its variable")
    space = ("flat",)
    for j in range(n):
        o = (addr + 16 * j) & M64
        if dut.lsc_find(space, o, 16) is None:
            raise undefined("unmapped flat memory")
        r = off + 16 * j
        if store:
            dut.lsc_write(space, o, bytes(var.data[r:r + 16]))
        else:
            var.data[r:r + 16] = dut.lsc_read(space, o, 16)
