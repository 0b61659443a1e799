"""dut_svm4.py: the Python example DUT's SVM_GATHER4SCALED / SVM_SCATTER4SCALED
(0x4E 06 / 07), written from their pages independently of the oracle and of
examples/dut_c; dut_svm.svm() calls svm4().

Bytes: exec(ub) pred(uw) channels(ub) scale(uw) address(vector, scalar UQ)
offsets(raw, UQ) data(raw). SIMD8 or SIMD16; channels bits 3..0 = R, G, B, A,
not none, bits 7..4 clear; scale 0. Lane i of channel c is the dword at
(address + offsets[i] + 4 c) mod 2^64; the k-th enabled channel's data starts
at dword k * max(exec_size, GRF / 4). Unmapped bytes make the case undefined;
a misaligned dword is accessed as it stands (the oracle leaves it free).
"""

M64 = (1 << 64) - 1


def svm4(dut, store, invalid, undefined, svm_address):
    eb, pred, chm, scale = dut.get(1), dut.get(2), dut.get(1), dut.get(2)
    a = dut.vec()
    eo, data = dut.raw(), dut.raw()
    dut.done()
    es, off, nomask = dut.decode_exec(eb)
    dut.check_pred(pred, es, off)
    if es not in (8, 16):
        raise invalid("exec_size: SIMD%d (only 8 and 16)" % es)
    if chm & 0xF == 0 or chm & 0xF0:
        raise invalid("channels")
    if scale:
        raise invalid("scale must be 0")
    base, past = svm_address(dut, a, invalid)
    dut.check_raw(eo, "offsets", ("uq",))
    dut.check_raw(data, "src" if store else "dst", None, is_dst=not store)
    if past:
        raise undefined("address past its variable")
    chans = [c for c in range(4) if chm >> c & 1]
    blk = max(es, dut.grf // 4)
    if dut.raw_at(eo, 0, 8 * es) is None or dut.raw_at(data, 0, 4 * blk * len(chans)) is None:
        raise undefined("operand past its variable")
    ov, ob = dut.raw_at(eo, 0, 8 * es)
    offs = [int.from_bytes(ov.data[ob + 8 * i:ob + 8 * i + 8], "little") for i in range(es)]
    en = dut.chen(es, off, nomask, pred)
    var, doff = data["var"], data["off"]
    space = ("flat",)
    for k, c in enumerate(chans):
        for i in range(es):
            if not en >> i & 1:
                continue
            at = (base + offs[i] + 4 * c) & M64
            if dut.lsc_find(space, at, 4) is None:
                raise undefined("unmapped flat memory")
            r = doff + 4 * (k * blk + i)
            if store:
                dut.lsc_write(space, at, bytes(var.data[r:r + 4]))
            else:
                var.data[r:r + 4] = dut.lsc_read(space, at, 4)
