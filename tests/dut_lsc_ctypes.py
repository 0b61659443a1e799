"""ctypes host for the C DUT ABI (oracle/include/visa_dut.h) used by
dut_lsc_cases.py: one JSON case in, the DUT's answer in the JSON-lines shape out."""
import ctypes as C

TYPES = {"ud": (0, 4), "d": (1, 4), "uw": (2, 2), "w": (3, 2), "ub": (4, 1), "b": (5, 1),
         "df": (6, 8), "f": (7, 4), "uq": (11, 8), "q": (13, 8), "hf": (14, 2), "bf": (15, 2)}
TNAME = {v[0]: k for k, v in TYPES.items()}


class Var(C.Structure):
    _fields_ = [("id", C.c_uint32), ("type", C.c_uint32), ("num_elts", C.c_uint32),
                ("size", C.c_uint32), ("data", C.POINTER(C.c_uint8))]


class Pred(C.Structure):
    _fields_ = [("id", C.c_uint32), ("num_elts", C.c_uint32), ("bits", C.c_uint32)]


class AddrElem(C.Structure):
    _fields_ = [("var", C.c_uint32), ("off", C.c_uint32)]


class Addr(C.Structure):
    _fields_ = [("id", C.c_uint32), ("num_elts", C.c_uint32), ("elems", AddrElem * 16)]


class Surf(C.Structure):
    _fields_ = [("index", C.c_uint32), ("size", C.c_uint64)]


READ = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_uint32, C.c_uint64, C.c_uint32, C.POINTER(C.c_uint8))
WRITE = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_uint32, C.c_uint64, C.c_uint32, C.POINTER(C.c_uint8))


FREAD = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_uint64, C.c_uint32, C.POINTER(C.c_uint8))
FWRITE = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_uint64, C.c_uint32, C.POINTER(C.c_uint8))


class Mem(C.Structure):
    _fields_ = [("host", C.c_void_p), ("read", READ), ("write", WRITE),
                ("read_flat", FREAD), ("write_flat", FWRITE)]  # ABI 1.1


class Region(C.Structure):
    _fields_ = [("base", C.c_uint64), ("size", C.c_uint64)]


class Entry(C.Structure):
    _fields_ = [("key", C.c_uint32), ("surface", C.c_uint32)]


class Case(C.Structure):
    _fields_ = [("abi_version", C.c_uint32), ("platform", C.c_char * 16), ("grf_bytes", C.c_uint32),
                ("visa_version", C.c_uint32), ("insn", C.POINTER(C.c_uint8)), ("insn_len", C.c_uint32),
                ("exec_mask", C.c_uint32), ("nvars", C.c_uint32), ("vars", C.POINTER(Var)),
                ("npreds", C.c_uint32), ("preds", C.POINTER(Pred)), ("naddrs", C.c_uint32),
                ("addrs", C.POINTER(Addr)), ("nsurfaces", C.c_uint32), ("surfaces", C.POINTER(Surf)),
                ("mem", Mem), ("abi_minor", C.c_uint32), ("nregions", C.c_uint32),
                ("regions", C.POINTER(Region)), ("nbt", C.c_uint32), ("bt", C.POINTER(Entry)),
                ("nss", C.c_uint32), ("ss", C.POINTER(Entry))]


class Runner:
    def __init__(self, path):
        self.lib = C.CDLL(path)
        self.lib.visa_dut_abi_version.restype = C.c_uint32
        self.abi = self.lib.visa_dut_abi_version()

    def run(self, inp):
        surfs = {s["index"]: bytearray(s["size"]) for s in inp["surfaces"]}
        for s in inp["surfaces"]:
            for off, hx in s["data"]:
                d = bytes.fromhex(hx)
                surfs[s["index"]][off:off + len(d)] = d
        bad = []

        def rd(host, s, off, n, out):
            b = surfs.get(s)
            if b is None or off + n > len(b):
                C.memmove(out, b"\xcd" * n, n)
                return -1
            C.memmove(out, bytes(b[off:off + n]), n)
            return 0

        def wr(host, s, off, n, inp_):
            b = surfs.get(s)
            if b is None or off + n > len(b):
                bad.append((s, off, n))
                return -1
            b[off:off + n] = C.string_at(inp_, n)
            return 0
        regs = []
        for m in inp.get("memory", []):
            b = bytearray(m["size"])
            for off, hx in m["data"]:
                d = bytes.fromhex(hx)
                b[off:off + len(d)] = d
            regs.append((int(m["base"], 16), b))

        def flat(a, n):
            """[(region bytes, offset, length)] covering [a, a+n), or None; an access may
            span adjacent regions (visa_dut.h)"""
            pieces, pos, end = [], a, a + n
            while pos < end:
                hit = next(((b, base) for base, b in regs if base <= pos < base + len(b)), None)
                if hit is None:
                    return None
                b, base = hit
                k = min(end, base + len(b)) - pos
                pieces.append((b, pos - base, k))
                pos += k
            return pieces

        def frd(host, a, n, out):
            f = flat(a, n)
            if f is None:
                C.memmove(out, b"\xcd" * n, n)
                return -1
            C.memmove(out, b"".join(bytes(b[o:o + k]) for b, o, k in f), n)
            return 0

        def fwr(host, a, n, inp_):
            f = flat(a, n)
            if f is None:
                bad.append(("flat", a, n))
                return -1
            data, i = C.string_at(inp_, n), 0
            for b, o, k in f:
                b[o:o + k] = data[i:i + k]
                i += k
            return 0
        rcb, wcb, frcb, fwcb = READ(rd), WRITE(wr), FREAD(frd), FWRITE(fwr)
        rg = (Region * max(1, len(regs)))(*[Region(base, len(b)) for base, b in regs])
        bt = inp.get("binding_table", [])
        sst = inp.get("surface_state", [])
        bta = (Entry * max(1, len(bt)))(*[Entry(e["bti"], e["surface"]) for e in bt])
        ssa = (Entry * max(1, len(sst)))(*[Entry(e["offset"], e["surface"]) for e in sst])
        bufs = []
        vars_ = (Var * max(1, len(inp["vars"])))()
        for i, v in enumerate(inp["vars"]):
            d = bytes.fromhex(v["data"])
            buf = (C.c_uint8 * max(1, len(d))).from_buffer_copy(d + b"\0" * (len(d) == 0))
            bufs.append(buf)
            vars_[i] = Var(v["id"], TYPES[v["type"]][0], v["num_elts"], len(d), buf)
        ss = (Surf * max(1, len(inp["surfaces"])))()
        for i, s in enumerate(inp["surfaces"]):
            ss[i] = Surf(s["index"], s["size"])
        pl = inp.get("preds", [])  # predicate variables (a block2d seed turns lane 0 off, issue 27)
        pa = (Pred * max(1, len(pl)))(*[Pred(q["id"], q["num_elts"], int(q["bits"], 16)) for q in pl])
        insn = bytes.fromhex(inp["insn"])
        ib = (C.c_uint8 * max(1, len(insn))).from_buffer_copy(insn or b"\0")
        maj, mnr = inp["platform"]["visa_version"].split(".")
        c = Case(self.abi, inp["platform"]["name"].encode(), inp["platform"]["grf_bytes"],
                 int(maj) * 100 + int(mnr), ib, len(insn), int(inp["exec_mask"], 16),
                 len(inp["vars"]), vars_, len(pl), pa, 0, None, len(inp["surfaces"]), ss,
                 Mem(None, rcb, wcb, frcb, fwcb), 1, len(regs), rg, len(bt), bta, len(sst), ssa)
        msg = C.create_string_buffer(256)
        rc = self.lib.visa_dut_execute(C.byref(c), msg, 256)
        if rc == 2:
            return {"status": "error", "message": msg.value.decode()}
        if rc == 3:
            return {"status": "unsupported", "message": msg.value.decode()}
        if rc == 1:
            return {"status": "invalid", "message": msg.value.decode(), "vars": inp["vars"],
                    "surfaces": inp["surfaces"], "memory": inp["memory"]}
        if bad:
            return {"status": "refused writes %r" % bad}
        return {"status": "ok",
                "vars": [{"id": v["id"], "type": v["type"], "num_elts": v["num_elts"],
                          "data": bytes(bufs[i][:len(bytes.fromhex(v["data"]))]).hex()}
                         for i, v in enumerate(inp["vars"])],
                "surfaces": [{"index": k, "size": len(b), "data": [[0, b.hex()]]} for k, b in surfs.items()],
                "memory": [{"base": "0x%016x" % base, "size": len(b), "data": [[0, b.hex()]]} for base, b in regs]}
