"""dut_svm.py: the Python example DUT's legacy FENCE (0x5C, issue 26), written
from Intel's FENCE page independently of the oracle and of examples/dut_c.
SVM_BLOCK_LD / SVM_BLOCK_ST (0x4E 01 / 02) and SVM_GATHER / SVM_SCATTER
(0x4E 03 / 04) from the SVM pages (svm() below), SVM_GATHER4SCALED /
SVM_SCATTER4SCALED (0x4E 06 / 07) in dut_svm4.py; the other SVM sub-ops are
refused.

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


def svm_address(dut, a, invalid):
    """The scalar UQ address of the SVM block and 4-channel ops: a UQ general
    register (column in qwords) or a UQ immediate. Returns (address, past):
    past when the register lies beyond its variable."""
    if a["mod"] or a["hi"]:
        raise invalid("svm: address modifier or tag bits")
    if a["cls"] == 5:
        if a["type"] != 11:
            raise invalid("svm: the address immediate must be UQ")
        return a["imm64"], False
    if a["cls"] != 0:
        raise invalid("svm: the address is a register or an immediate")
    if not dut.region_ok(a["region"]):
        raise invalid("svm: region")
    if a["id"] == 0:
        raise invalid("svm: %null address")
    v = dut.lookup(a["id"], "address")
    if v.type != "uq":
        raise invalid("svm: the address variable must be UQ")
    if a["col"] * 8 >= dut.grf:
        raise invalid("svm: column crosses the GRF")
    at = a["row"] * dut.grf + a["col"] * 8
    if at + 8 > len(v.data):
        return 0, True
    return int.from_bytes(v.data[at:at + 8], "little"), False


def svm(dut, invalid, undefined):
    """SVM (0x4E) from the SVM_BLOCK_LD / SVM_BLOCK_ST pages: the sub-op byte,
    then props(ub) address(vector, scalar UQ) data(raw).
    props bits 2..0: 1/2/4/8 owords; bit 3: a load may be dword-aligned (a
    store ignores it); bit 7 ignored; bits 6..4 refused. Oword j lies at
    (address + 16 j) mod 2^64 in the flat regions; an oword outside them makes
    the case undefined; a misaligned oword is performed as it stands."""
    sub = dut.get(1)
    if sub in (3, 4):
        return svm_gs(dut, sub == 4, invalid, undefined)
    if sub == 5:
        import dut_svm_atomic  # SVM_ATOMIC (issue 26)
        return dut_svm_atomic.svm_atomic(dut, invalid, undefined)
    if sub in (6, 7):
        import dut_svm4  # SVM_GATHER4SCALED / SVM_SCATTER4SCALED
        return dut_svm4.svm4(dut, sub == 7, invalid, undefined, svm_address)
    if sub not in (1, 2):
        raise invalid("svm: sub-op %d not supported" % sub)
    store = sub == 2
    props = dut.get(1)
    a = dut.vec()
    data = dut.raw()
    dut.done()
    if props & 7 > 3 or props & 0x70:
        raise invalid("svm block: properties")
    addr, past = svm_address(dut, a, invalid)
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


def svm_gs(dut, store, invalid, undefined):
    """SVM_GATHER / SVM_SCATTER pages: exec(ub) pred(uw) block_size(ub)
    num_blocks(ub) addresses(raw, UQ) data(raw). Block sizes 1/4/8 bytes are
    codes 0/1/2 (the scatter page; the gather page's 0b11 is not used, D175);
    1/2/4/8 blocks; more than one block needs SIMD8 or 16; 8 blocks only of
    bytes, or of dwords at SIMD8 (D177). Lane i's block j is at
    (Addresses[i] + j * size) mod 2^64; dword/qword blocks are stored
    block-major (element j * exec_size + i), byte blocks at byte
    i * max(4, blocks) + j. Unmapped bytes make the case undefined."""
    eb, pred, bsc, nbc = dut.get(1), dut.get(2), dut.get(1), dut.get(1)
    ad, data = dut.raw(), dut.raw()
    dut.done()
    es, off, nomask = dut.decode_exec(eb)
    dut.check_pred(pred, es, off)
    if bsc > 2:
        raise invalid("block_size")
    if nbc > 3:
        raise invalid("num_blocks")
    size = (1, 4, 8)[bsc]
    nb = 1 << nbc
    if nb > 1 and es < 8:
        raise invalid("num_blocks: several blocks below SIMD8")
    if nb == 8 and not (size == 1 or (size == 4 and es == 8)):
        raise invalid("num_blocks: 8 blocks of this size")
    dut.check_raw(ad, "addresses", ("uq",))
    dut.check_raw(data, "src" if store else "dst", None, is_dst=not store)
    slot = max(4, nb)
    need = es * slot if size == 1 else es * size * nb
    if dut.raw_at(ad, 0, 8 * es) is None or dut.raw_at(data, 0, need) is None:
        raise undefined("operand past its variable")
    av, ab = dut.raw_at(ad, 0, 8 * es)
    addrs = [int.from_bytes(av.data[ab + 8 * i:ab + 8 * i + 8], "little") for i in range(es)]
    en = dut.chen(es, off, nomask, pred)
    var, doff = data["var"], data["off"]
    space = ("flat",)
    for i in range(es):
        if not en >> i & 1:
            continue
        for j in range(nb):
            a = (addrs[i] + j * size) & M64
            if dut.lsc_find(space, a, size) is None:
                raise undefined("unmapped flat memory")
            r = doff + (slot * i + j if size == 1 else size * (j * es + i))
            if store:
                dut.lsc_write(space, a, bytes(var.data[r:r + size]))
            else:
                var.data[r:r + size] = dut.lsc_read(space, a, size)
