#!/usr/bin/env python3
"""dut.py: a worked example of a device under test (DUT) for visa-oracle,
speaking the JSON-lines subprocess protocol (`visa-oracle check --dut-cmd`).

One JSON object per line on stdin: a vector's `input` object (or a wrapper
object holding it under "input"):
  {"platform": {"name", "grf_bytes", "visa_version": "3.6"}, "insn": "<hex>",
   "exec_mask": "<8 hex>", "vars": [{"id", "type", "num_elts", "data"}],
   "preds": [{"id", "num_elts", "bits"}], "addrs": [{"id", "elems": [[var, off]]}],
   "surfaces": [{"index", "size", "data": [[offset, "<hex>"]]}]}
One JSON object per line on stdout, flushed:
  {"status": "ok" | "invalid", "vars": [...], "preds": [...], "addrs": [...],
   "surfaces": [...]}  (same shapes; surface data as maximal runs of non-zero
   16-byte lines sorted by offset)

An independent, plain implementation (Python 3 stdlib only) of SCATTER4_SCALED
(0x75), SCATTER (0x3A), OWORD_ST (0x36), GATHER_SCALED (0x78), GATHER (0x39),
SCATTER_SCALED (0x79), GATHER4_SCALED (0x74), OWORD_LD (0x35),
OWORD_LD_UNALIGNED (0x3C), QW_GATHER (0x86), QW_SCATTER (0x87) and
DWORD_ATOMIC (0x7D), written from the vISA spec pages and the project's
reference notes. DWORD_ATOMIC performs the lanes in lane order; with
`--atomic-reverse` from the highest lane down (lanes colliding on one address
then serialize the other way round; both orders are correct). Where the spec is open
it makes the same simple choices as examples/dut_c (see its README): an
element with any byte past the bound is wholly out of bounds (write dropped,
read zero), misaligned accesses are done literally, the last overlapping
writer wins, disabled gather lanes and the upper bytes of 1/2-byte gathers keep
their values, every invalid encoding is rejected.
"""
import json
import math
import struct
import sys

TYPES = {"ud": (0, 4), "d": (1, 4), "uw": (2, 2), "w": (3, 2), "ub": (4, 1), "b": (5, 1),
         "df": (6, 8), "f": (7, 4), "uq": (11, 8), "q": (13, 8), "hf": (14, 2), "bf": (15, 2)}
UD, D, F = "ud", "d", "f"

# platform ordinal for feature gates
GEN = {"BDW": 0, "CHV": 1, "SKL": 2, "ICLLP": 3, "TGLLP": 4, "DG1": 4, "ADLP": 4, "ADLS": 4,
       "XeHP_SDV": 5, "DG2": 6, "MTL": 7, "ARL": 7, "PVC": 8, "PVCXT": 8,
       "Xe2": 9, "LNL": 9, "Xe3": 10, "PTL": 10}
G_ICLLP, G_XEHP_SDV = 3, 5

# predefined variables 1..21: (type, elements on GRF-32, on GRF-64, writable)
PREDEF = {1: ("uw", 1, 1, 0), 2: ("uw", 1, 1, 0), 3: ("ud", 1, 1, 0), 4: ("ud", 1, 1, 0),
          5: ("ud", 1, 1, 0), 6: ("ud", 5, 5, 0), 7: ("ud", 8, 8, 0), 8: ("ud", 256, 512, 1),
          9: ("ud", 96, 192, 1), 10: ("uq", 1, 1, 1), 11: ("uq", 1, 1, 1), 12: ("ud", 1, 1, 0),
          13: ("ud", 4, 4, 0), 14: ("ud", 1, 1, 1), 15: ("ud", 1, 1, 0), 16: ("ud", 2, 2, 1),
          17: ("uw", 1, 1, 0), 18: ("uq", 1, 1, 1), 19: ("uq", 1, 1, 1), 20: ("ud", 3, 3, 0),
          21: ("uq", 1, 1, 1)}

M32 = 0xFFFFFFFF
G_TGLLP = 4
# QW_GATHER/QW_SCATTER num_blocks codes accepted: the doc's 1 block only (D42)
QW_MAX_NBLK_CODE = 0
# DWORD_ATOMIC: lanes performed from the highest lane down (colliding lanes then
# serialize in reverse lane order; just as correct). Set by --atomic-reverse.
ATOMIC_REVERSE = False

(A_ADD, A_SUB, A_INC, A_DEC, A_MIN, A_MAX, A_XCHG, A_CMPXCHG, A_AND, A_OR, A_XOR,
 A_IMIN, A_IMAX, A_PREDEC) = range(14)
A_FMAX, A_FMIN, A_FCMPWR, A_FADD, A_FSUB = 0x10, 0x11, 0x12, 0x13, 0x14


def to_float(v, n):
    """the float value of a 2- or 4-byte operand"""
    return struct.unpack("<e" if n == 2 else "<f", v.to_bytes(n, "little"))[0]


def atomic_op(op, n, old, s0, s1):
    """new memory value of one atomic lane; all values are n-byte unsigned"""
    mask = (1 << (8 * n)) - 1
    sign = 1 << (8 * n - 1)

    def signed(v):
        return v - (1 << (8 * n)) if v & sign else v
    if op == A_ADD:
        return (old + s0) & mask
    if op == A_SUB:
        return (old - s0) & mask
    if op == A_INC:
        return (old + 1) & mask
    if op in (A_DEC, A_PREDEC):
        return (old - 1) & mask
    if op == A_MIN:
        return min(old, s0)
    if op == A_MAX:
        return max(old, s0)
    if op == A_XCHG:
        return s0
    if op == A_CMPXCHG:       # src0 = value stored, src1 = comparand
        return s0 if old == s1 else old
    if op == A_AND:
        return old & s0
    if op == A_OR:
        return old | s0
    if op == A_XOR:
        return old ^ s0
    if op == A_IMIN:
        return s0 if signed(s0) < signed(old) else old
    if op == A_IMAX:
        return s0 if signed(s0) > signed(old) else old
    a, b = to_float(old, n), to_float(s0, n)
    if op in (A_FMAX, A_FMIN):
        if math.isnan(a):     # a NaN operand yields the other one
            return s0
        if math.isnan(b):
            return old
        if op == A_FMAX:
            return s0 if b > a else old
        return s0 if b < a else old
    if op in (A_FADD, A_FSUB):
        r = a + b if op == A_FADD else a - b
        try:
            return int.from_bytes(struct.pack("<e" if n == 2 else "<f", r), "little")
        except OverflowError:     # past the largest finite value: infinity
            return int.from_bytes(struct.pack("<e" if n == 2 else "<f", math.copysign(math.inf, r)), "little")
    # FCMPWR: src0 = comparand, src1 = value stored
    return s1 if b == a else old


class Invalid(Exception):
    """the instruction is invalid: the state is returned unchanged"""


class Undefined(Exception):
    """the whole result is undefined: the DUT stops, leaving what it did"""


class Surface:
    """sparse surface: 16-byte lines, unset bytes are zero"""

    def __init__(self, index, size, data):
        self.index, self.size, self.lines = index, size, {}
        for off, hx in data:
            self.write(off, bytes.fromhex(hx))

    def write(self, off, b):
        for k, v in enumerate(b):
            a = off + k
            line = self.lines.setdefault(a >> 4, bytearray(16))
            line[a & 15] = v

    def read(self, off, n):
        out = bytearray(n)
        for k in range(n):
            a = off + k
            line = self.lines.get(a >> 4)
            if line is not None:
                out[k] = line[a & 15]
        return bytes(out)

    def dump(self):
        runs = []
        prev = None
        for li in sorted(self.lines):
            base = li * 16
            if base >= self.size:
                continue
            b = bytes(self.lines[li][:min(16, self.size - base)])
            if not any(b):
                continue
            if runs and prev == li - 1:
                runs[-1][1] += b.hex()
            else:
                runs.append([base, b.hex()])
            prev = li
        return {"index": self.index, "size": self.size, "data": runs}


class Var:
    def __init__(self, j):
        self.id = j["id"]
        self.type = j["type"]
        self.num_elts = j["num_elts"]
        self.data = bytearray.fromhex(j["data"])

    def dump(self):
        return {"id": self.id, "type": self.type, "num_elts": self.num_elts, "data": self.data.hex()}


class Machine:
    def __init__(self, inp):
        plat = inp["platform"]
        self.grf = plat["grf_bytes"]
        major, minor = str(plat["visa_version"]).split(".")
        self.version = int(major) * 100 + int(minor)
        self.gen = GEN.get(plat["name"])
        if self.gen is None:
            raise ValueError("unknown platform %r" % plat["name"])
        self.idw = 4 if self.version >= 304 else 2
        self.insn = bytes.fromhex(inp["insn"])
        self.em = int(inp.get("exec_mask", "ffffffff"), 16)
        self.vars = {v["id"]: Var(v) for v in inp.get("vars", [])}
        self.preds = {p["id"]: (p["num_elts"], int(p["bits"], 16)) for p in inp.get("preds", [])}
        self.addrs = {a["id"]: [tuple(e) for e in a["elems"]] for a in inp.get("addrs", [])}
        self.surfaces = {s["index"]: Surface(s["index"], s["size"], s.get("data", []))
                         for s in inp.get("surfaces", [])}
        self.pos = 0

    # ---- output ----
    def dump(self, status, inp):
        out = {"status": status,
               "vars": [self.vars[k].dump() for k in sorted(self.vars)],
               "preds": inp.get("preds", []),
               "addrs": inp.get("addrs", []),
               "surfaces": [self.surfaces[k].dump() for k in sorted(self.surfaces)]}
        return out

    # ---- byte reader ----
    def get(self, n):
        if self.pos + n > len(self.insn):
            raise Invalid("instruction truncated")
        v = int.from_bytes(self.insn[self.pos:self.pos + n], "little")
        self.pos += n
        return v

    def done(self):
        if self.pos != len(self.insn):
            raise Invalid("trailing bytes")

    def vec(self):
        tag = self.get(1)
        o = {"cls": tag & 7, "mod": (tag >> 3) & 7, "hi": tag >> 6}
        c = o["cls"]
        if c == 0:
            o["id"], o["row"], o["col"], o["region"] = self.get(self.idw), self.get(1), self.get(1), self.get(2)
        elif c == 1:
            self.get(4)
        elif c == 2:
            self.get(2)
        elif c == 3:
            o["id"], o["addr_off"] = self.get(2), self.get(1)
            o["ind_off"] = self.get(2)
            if o["ind_off"] >= 0x8000:
                o["ind_off"] -= 0x10000
            o["type"], o["region"] = self.get(1), self.get(2)
        elif c == 5:
            o["type"] = self.get(1)
            o["imm"] = self.get(8 if (o["type"] & 15) in (6, 11, 13) else 4) & M32
        elif c == 6:
            self.get(4)
        return o

    def raw(self):
        return {"id": self.get(self.idw), "off": self.get(2), "var": None}

    # ---- validation ----
    def lookup(self, vid, what):
        if 22 <= vid <= 31:
            raise Invalid("%s: reserved id" % what)
        v = self.vars.get(vid)
        if v is None:
            raise Invalid("%s: undeclared V%d" % (what, vid))
        if vid < 22:
            t, n32, n64, _ = PREDEF[vid]
            # the code table's size everywhere; the doc's larger %arg/%retval on GRF-64 too
            if v.type != t or not (v.num_elts == n32 or (self.grf == 64 and v.num_elts == n64)):
                raise Invalid("%s: predefined V%d has the wrong type or size" % (what, vid))
        return v

    @staticmethod
    def region_ok(r):
        # a source region: three nibbles 1..7 (0 = null is destination-only)
        return all(0 < (r >> (4 * k)) & 15 < 8 for k in range(3)) and (r >> 12) == 0

    def check_goff(self, o):
        if o["cls"] not in (0, 3, 5):
            raise Invalid("offset: class not allowed")
        if o["hi"]:
            raise Invalid("offset: tag bits 7..6 set")
        if o["mod"]:
            raise Invalid("offset: modifier")
        if o["cls"] == 5:
            if o["type"] != 0:
                raise Invalid("offset: immediate must be :ud")
            return
        if not self.region_ok(o["region"]):
            raise Invalid("offset: region")
        if o["cls"] == 0:
            if o["id"] == 0:
                raise Invalid("offset: %null")
            if self.lookup(o["id"], "offset").type != UD:
                raise Invalid("offset: must be :ud")
            if o["col"] * 4 >= self.grf:
                raise Invalid("offset: column crosses the GRF")
            return
        if o["type"] != 0:
            raise Invalid("offset: indirect type must be :ud")
        elems = self.addrs.get(o["id"])
        if elems is None or o["addr_off"] >= len(elems):
            raise Invalid("offset: address")
        t = self.vars.get(elems[o["addr_off"]][0])
        if t is None or t.type != UD:
            raise Invalid("offset: indirect target must be :ud")

    def goff_value(self, o):
        if o["cls"] == 5:
            return o["imm"]
        if o["cls"] == 0:
            v = self.vars[o["id"]]
            byte = o["row"] * self.grf + o["col"] * 4
        else:
            vid, off = self.addrs[o["id"]][o["addr_off"]]
            v = self.vars.get(vid)
            byte = off + o["ind_off"]
        if v is None or byte < 0 or byte + 4 > len(v.data):
            raise Undefined("offset outside its variable")
        return int.from_bytes(v.data[byte:byte + 4], "little")

    def check_raw(self, r, what, types, null_ok=False, is_dst=False):
        if r["id"] == 0:
            if null_ok and r["off"] == 0:
                return
            raise Invalid("%s: %%null" % what)
        v = self.lookup(r["id"], what)
        if types is not None and v.type not in types:
            raise Invalid("%s: type" % what)
        if is_dst and r["id"] < 22 and not PREDEF[r["id"]][3]:
            raise Invalid("%s: read-only" % what)
        esz = TYPES[v.type][1]
        if r["off"] % esz or (len(v.data) >= self.grf and r["off"] % self.grf):
            raise Invalid("%s: alignment" % what)
        r["var"] = v

    @staticmethod
    def raw_at(r, at, n):
        """(var, byte) of n bytes at `at` in a raw operand, or None if outside"""
        v = r["var"]
        if v is None:
            return None
        b = r["off"] + at
        if b + n > len(v.data):
            return None
        return v, b

    @classmethod
    def offsets(cls, eo, es):
        """decision D95: every element offset, read before dst is written
        (dst may alias element_offset); None for a lane outside its variable"""
        out = []
        for i in range(es):
            e = cls.raw_at(eo, 4 * i, 4)
            out.append(None if e is None else int.from_bytes(e[0].data[e[1]:e[1] + 4], "little"))
        return out

    # ---- masks ----
    def mask_nibble(self, nib):
        if self.version == 300:
            if nib < 8:
                return nib * 4, False
            return 0, nib == 8
        return (nib & 7) * 4, bool(nib & 8)

    @staticmethod
    def check_mask(es, off):
        if off % es or off + es > 32:
            raise Invalid("exec_size: mask control")

    def check_pred(self, pred, es, off):
        if pred == 0:
            return
        pid = pred & 0xFFF
        if pid == 0:
            raise Invalid("pred: id 0 with flags")
        if pred & 0x1000 or ((pred >> 13) & 3) == 3:
            raise Invalid("pred: reserved bits")
        p = self.preds.get(pid)
        if p is None:
            raise Invalid("pred: undeclared")
        if p[0] < off + es:
            raise Invalid("pred: too short")

    def chen(self, es, off, nomask, pred):
        lanes = (1 << es) - 1
        en = lanes if nomask else (self.em >> off) & lanes
        if pred:
            pm = (self.preds[pred & 0xFFF][1] >> off) & lanes
            comb = (pred >> 13) & 3
            if comb == 1:
                pm = lanes if pm else 0
            elif comb == 2:
                pm = lanes if pm == lanes else 0
            if pred & 0x8000:
                pm = ~pm & lanes
            en &= pm
        return en

    def check_surface(self, s):
        if 1 <= s <= 3:
            raise Invalid("surface: reserved")
        if s >= 6 and s not in self.surfaces:
            raise Invalid("surface: undeclared")

    def decode_exec(self, eb):
        code = eb & 15
        if code > 4:
            raise Invalid("exec_size")
        es = 1 << code
        off, nomask = self.mask_nibble(eb >> 4)
        self.check_mask(es, off)
        return es, off, nomask

    # ---- memory ----
    def size(self, s):
        sf = self.surfaces.get(s)
        return sf.size if sf else 0

    def store(self, s, a, b):
        if a + len(b) <= self.size(s):
            self.surfaces[s].write(a, b)

    def load(self, s, a, n):
        if a + n <= self.size(s):
            return self.surfaces[s].read(a, n)
        return bytes(n)

    # ---- instructions ----
    def run(self):
        op = self.get(1)
        if op == 0x75:
            self.scatter4_scaled()
        elif op == 0x3A:
            self.scatter()
        elif op == 0x36:
            self.oword_st()
        elif op == 0x78:
            self.gather_scaled()
        elif op == 0x39:
            self.gather()
        elif op == 0x79:
            self.scatter_scaled()
        elif op == 0x74:
            self.gather4_scaled()
        elif op in (0x35, 0x3C):
            self.oword_ld(op == 0x3C)
        elif op in (0x86, 0x87):
            self.qw(op == 0x87)
        elif op == 0x7D:
            self.dword_atomic()
        else:
            raise Invalid("unknown opcode")

    def scatter4_scaled(self):
        eb, pred, chm, scale, surf = self.get(1), self.get(2), self.get(1), self.get(2), self.get(1)
        g, eo, src = self.vec(), self.raw(), self.raw()
        self.done()
        es, off, nomask = self.decode_exec(eb)
        self.check_pred(pred, es, off)
        if chm & 0xF == 0 or chm & 0xF0:
            raise Invalid("channels")
        if scale:
            raise Invalid("scale")
        self.check_surface(surf)
        self.check_goff(g)
        self.check_raw(eo, "element_offset", (UD,))
        self.check_raw(src, "src", (UD, D, F))
        goff = self.goff_value(g)
        en = self.chen(es, off, nomask, pred)
        block = max(es, self.grf // 4)
        k = 0
        for c in range(4):
            if not chm & (1 << c):
                continue
            for i in range(es):
                if not en & (1 << i):
                    continue
                e, d = self.raw_at(eo, 4 * i, 4), self.raw_at(src, 4 * (k * block + i), 4)
                if e is None or d is None:
                    continue
                eoff = int.from_bytes(e[0].data[e[1]:e[1] + 4], "little")
                a = ((goff + eoff) & M32) + 4 * c
                self.store(surf, a, bytes(d[0].data[d[1]:d[1] + 4]))
            k += 1

    def scatter(self):
        eltb, ne, surf = self.get(1), self.get(1), self.get(1)
        g, eo, src = self.vec(), self.raw(), self.raw()
        self.done()
        if eltb & 3 == 3 or eltb & ~3:
            raise Invalid("elt_size")
        if ne & 3 == 3 or ne & 0xC:
            raise Invalid("num_elts")
        esz = 1 << (eltb & 3)
        es = (8, 16, 1)[ne & 3]
        off, nomask = self.mask_nibble(ne >> 4)
        self.check_mask(es, off)
        self.check_surface(surf)
        self.check_goff(g)
        self.check_raw(eo, "element_offset", (UD,))
        self.check_raw(src, "src", (UD, D, F))
        goff = self.goff_value(g)
        en = self.chen(es, off, nomask, 0)
        for i in range(es):
            if not en & (1 << i):
                continue
            e, d = self.raw_at(eo, 4 * i, 4), self.raw_at(src, 4 * i, 4)
            if e is None or d is None:
                continue
            eoff = int.from_bytes(e[0].data[e[1]:e[1] + 4], "little")
            a = (((goff + eoff) & M32) * esz) & M32
            self.store(surf, a, bytes(d[0].data[d[1]:d[1] + esz]))

    def oword_st(self):
        size, surf = self.get(1), self.get(1)
        g, src = self.vec(), self.raw()
        self.done()
        if size & ~7 or size & 7 > 4:
            raise Invalid("size")
        if size & 7 == 4 and not (self.gen >= G_XEHP_SDV and surf == 0):
            raise Invalid("size: 16 owords need XeHP_SDV+ and SLM")
        self.check_surface(surf)
        if surf == 0 and self.gen < G_ICLLP:
            raise Invalid("surface: SLM needs ICLLP+")
        self.check_goff(g)
        self.check_raw(src, "src", None)
        base = self.goff_value(g) * 16
        for j in range(1 << (size & 7)):
            d = self.raw_at(src, 16 * j, 16)
            if d is None:
                continue
            self.store(surf, base + 16 * j, bytes(d[0].data[d[1]:d[1] + 16]))

    def gather_scaled(self):
        eb, pred, bsz, nblk = self.get(1), self.get(2), self.get(1), self.get(1)
        scale, surf = self.get(2), self.get(1)
        g, eo, dst = self.vec(), self.raw(), self.raw()
        self.done()
        es, off, nomask = self.decode_exec(eb)
        self.check_pred(pred, es, off)
        if bsz:
            raise Invalid("block_size")
        if nblk >= 3:
            raise Invalid("num_blocks")
        if scale:
            raise Invalid("scale")
        self.check_surface(surf)
        self.check_goff(g)
        self.check_raw(eo, "element_offset", (UD,))
        self.check_raw(dst, "dst", (UD, D, F), null_ok=True, is_dst=True)
        goff = self.goff_value(g)
        en = self.chen(es, off, nomask, pred)
        nb = 1 << nblk
        offs = self.offsets(eo, es)  # D95
        for i in range(es):
            if not en & (1 << i):
                continue
            eoff = offs[i]
            if eoff is None:
                continue
            data = self.load(surf, (goff + eoff) & M32, nb)
            d = self.raw_at(dst, 4 * i, 4)
            if d is not None:
                d[0].data[d[1]:d[1] + nb] = data

    # ---- issue 8: the rest of the legacy data-port family ----
    def gather(self):
        eltb, ismod, ne, surf = self.get(1), self.get(1), self.get(1), self.get(1)
        g, eo, dst = self.vec(), self.raw(), self.raw()
        self.done()
        del ismod  # D31: read and ignored, any value 0..255
        if eltb & 3 == 3 or eltb & ~3:
            raise Invalid("elt_size")
        if ne & 3 == 3 or ne & 0xC:
            raise Invalid("num_elts")
        esz = 1 << (eltb & 3)
        es = (8, 16, 1)[ne & 3]
        off, nomask = self.mask_nibble(ne >> 4)
        self.check_mask(es, off)
        self.check_surface(surf)
        self.check_goff(g)
        self.check_raw(eo, "element_offset", (UD,))
        self.check_raw(dst, "dst", (UD, D, F), null_ok=True, is_dst=True)
        goff = self.goff_value(g)
        en = self.chen(es, off, nomask, 0)
        offs = self.offsets(eo, es)  # D95
        for i in range(es):
            if not en & (1 << i):
                continue
            eoff = offs[i]
            if eoff is None:
                continue
            data = self.load(surf, (((goff + eoff) & M32) * esz) & M32, esz)
            d = self.raw_at(dst, 4 * i, 4)
            if d is not None:
                d[0].data[d[1]:d[1] + esz] = data

    def scatter_scaled(self):
        eb, pred, bsz, nblk = self.get(1), self.get(2), self.get(1), self.get(1)
        scale, surf = self.get(2), self.get(1)
        g, eo, src = self.vec(), self.raw(), self.raw()
        self.done()
        es, off, nomask = self.decode_exec(eb)
        self.check_pred(pred, es, off)
        if bsz:
            raise Invalid("block_size")
        if nblk >= 3:
            raise Invalid("num_blocks")
        if scale:
            raise Invalid("scale")
        self.check_surface(surf)
        self.check_goff(g)
        self.check_raw(eo, "element_offset", (UD,))
        self.check_raw(src, "src", (UD, D, F))
        goff = self.goff_value(g)
        en = self.chen(es, off, nomask, pred)
        nb = 1 << nblk
        for i in range(es):
            if not en & (1 << i):
                continue
            e, d = self.raw_at(eo, 4 * i, 4), self.raw_at(src, 4 * i, 4)
            if e is None or d is None:
                continue
            eoff = int.from_bytes(e[0].data[e[1]:e[1] + 4], "little")
            self.store(surf, (goff + eoff) & M32, bytes(d[0].data[d[1]:d[1] + nb]))

    def gather4_scaled(self):
        eb, pred, chm, scale, surf = self.get(1), self.get(2), self.get(1), self.get(2), self.get(1)
        g, eo, dst = self.vec(), self.raw(), self.raw()
        self.done()
        es, off, nomask = self.decode_exec(eb)
        self.check_pred(pred, es, off)
        if chm & 0xF == 0 or chm & 0xF0:
            raise Invalid("channels")
        if scale:
            raise Invalid("scale")
        self.check_surface(surf)
        self.check_goff(g)
        self.check_raw(eo, "element_offset", (UD,))
        self.check_raw(dst, "dst", (UD, D, F), null_ok=True, is_dst=True)
        goff = self.goff_value(g)
        en = self.chen(es, off, nomask, pred)
        block = max(es, self.grf // 4)
        offs = self.offsets(eo, es)  # D95: before any channel is written
        k = 0
        for c in range(4):
            if not chm & (1 << c):
                continue
            for i in range(es):
                if not en & (1 << i):
                    continue
                eoff = offs[i]
                if eoff is None:
                    continue
                data = self.load(surf, ((goff + eoff) & M32) + 4 * c, 4)
                d = self.raw_at(dst, 4 * (k * block + i), 4)
                if d is not None:
                    d[0].data[d[1]:d[1] + 4] = data
            k += 1

    def oword_ld(self, unaligned):
        size, ismod, surf = self.get(1), self.get(1), self.get(1)
        g, dst = self.vec(), self.raw()
        self.done()
        del ismod  # D31: read and ignored, any value 0..255
        if size & ~7 or size & 7 > 4:
            raise Invalid("size")
        if size & 7 == 4 and not (self.gen >= G_XEHP_SDV and surf == 0):
            raise Invalid("size: 16 owords need XeHP_SDV+ and SLM")
        self.check_surface(surf)
        if surf == 0 and self.gen < G_ICLLP:
            raise Invalid("surface: SLM needs ICLLP+")
        self.check_goff(g)
        self.check_raw(dst, "dst", None, null_ok=True, is_dst=True)
        off = self.goff_value(g)
        if not unaligned:
            base = off * 16              # oword units
        elif self.version < 302:
            base = off * 4               # dword units before vISA 3.2
        else:
            base = off                   # bytes
        for j in range(1 << (size & 7)):
            data = self.load(surf, base + 16 * j, 16)
            d = self.raw_at(dst, 16 * j, 16)
            if d is not None:
                d[0].data[d[1]:d[1] + 16] = data

    def qw(self, is_write):
        eb, pred, nblk, surf = self.get(1), self.get(2), self.get(1), self.get(1)
        eo, data = self.raw(), self.raw()
        self.done()
        if self.gen < G_XEHP_SDV:
            raise Invalid("platform: QW ops need XeHP_SDV+")
        es, off, nomask = self.decode_exec(eb)
        self.check_pred(pred, es, off)
        if nblk > QW_MAX_NBLK_CODE:
            raise Invalid("num_blocks")
        self.check_surface(surf)
        self.check_raw(eo, "offset", (UD,))
        self.check_raw(data, "src" if is_write else "dst", ("q", "uq", "df"),
                       null_ok=not is_write, is_dst=not is_write)
        en = self.chen(es, off, nomask, pred)
        nb = 1 << nblk
        for i in range(es):
            if not en & (1 << i):
                continue
            e = self.raw_at(eo, 4 * i, 4)
            if e is None:
                continue
            base = int.from_bytes(e[0].data[e[1]:e[1] + 4], "little")
            for j in range(nb):
                d = self.raw_at(data, 8 * (j * es + i), 8)
                if is_write:
                    if d is not None:
                        self.store(surf, base + 8 * j, bytes(d[0].data[d[1]:d[1] + 8]))
                else:
                    val = self.load(surf, base + 8 * j, 8)
                    if d is not None:
                        d[0].data[d[1]:d[1] + 8] = val

    def dword_atomic(self):
        opb, eb, pred, surf = self.get(1), self.get(1), self.get(2), self.get(1)
        eo, s0, s1, dst = self.raw(), self.raw(), self.raw(), self.raw()
        self.done()
        op, width = opb & 0x1F, opb >> 5
        if width > 1:
            raise Invalid("op: width bits")
        w16 = width == 1
        if w16 and self.gen < G_TGLLP:
            raise Invalid("op: 16-bit atomics need TGLLP+")
        if not (op <= A_PREDEC or A_FMAX <= op <= A_FSUB):
            raise Invalid("op: operation")
        if op in (A_FADD, A_FSUB) and self.gen < G_XEHP_SDV:
            raise Invalid("op: fadd/fsub need XeHP_SDV+")
        es, off, nomask = self.decode_exec(eb)
        self.check_pred(pred, es, off)
        # the doc's types; ADD/SUB also D as the verifier (D49)
        types = ((D,) if op in (A_IMIN, A_IMAX) else (F,) if op >= A_FMAX
                 else (UD, D) if op in (A_ADD, A_SUB) else (UD,))
        no_src0 = op in (A_INC, A_DEC, A_PREDEC)
        has_src1 = op in (A_CMPXCHG, A_FCMPWR)
        self.check_surface(surf)
        self.check_raw(eo, "element_offset", (UD,))
        if no_src0:
            if s0["id"] or s0["off"]:
                raise Invalid("src0: must be %null")
        else:
            self.check_raw(s0, "src0", types)
        if not has_src1:
            if s1["id"] or s1["off"]:
                raise Invalid("src1: must be %null")
        else:
            self.check_raw(s1, "src1", types)
        self.check_raw(dst, "dst", types, null_ok=True, is_dst=True)
        # "Dst, Src0, and Src1, if present, must have the same type"
        if len({r["var"].type for r in (s0, s1, dst) if r["var"] is not None}) > 1:
            raise Invalid("types: dst, src0 and src1 must have one type")
        en = self.chen(es, off, nomask, pred)
        n = 2 if w16 else 4
        order = range(es - 1, -1, -1) if ATOMIC_REVERSE else range(es)
        rets = []  # every source is read before dst is written (dst may alias one)
        for i in order:
            if not en & (1 << i):
                continue
            e = self.raw_at(eo, 4 * i, 4)
            p0 = None if no_src0 else self.raw_at(s0, 4 * i, 4)
            p1 = self.raw_at(s1, 4 * i, 4) if has_src1 else None
            if e is None or (not no_src0 and p0 is None) or (has_src1 and p1 is None):
                continue
            a = int.from_bytes(e[0].data[e[1]:e[1] + 4], "little")
            v0 = int.from_bytes(p0[0].data[p0[1]:p0[1] + n], "little") if p0 else 0
            v1 = int.from_bytes(p1[0].data[p1[1]:p1[1] + n], "little") if p1 else 0
            old = int.from_bytes(self.load(surf, a, n), "little")
            new = atomic_op(op, n, old, v0, v1)
            self.store(surf, a, new.to_bytes(n, "little"))
            rets.append((i, new if op == A_PREDEC else old))
        for i, ret in rets:
            d = self.raw_at(dst, 4 * i, 4)
            if d is not None:
                d[0].data[d[1]:d[1] + n] = ret.to_bytes(n, "little")  # 16-bit: upper half kept

def handle(line):
    obj = json.loads(line)
    inp = obj.get("input", obj) if isinstance(obj, dict) else None
    if not isinstance(inp, dict):
        raise ValueError("expected a JSON object")
    m = Machine(inp)
    try:
        m.run()
        status = "ok"
    except Invalid:
        m = Machine(inp)  # state untouched
        return m.dump("invalid", inp)
    except Undefined:
        status = "ok"
    return m.dump(status, inp)


def main():
    global ATOMIC_REVERSE
    if "--atomic-reverse" in sys.argv[1:]:
        ATOMIC_REVERSE = True
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            out = handle(line)
        except NotImplementedError as e:
            out = {"status": "error", "message": str(e)}
        except Exception as e:  # noqa: BLE001 - report, keep serving
            out = {"status": "error", "message": "%s: %s" % (type(e).__name__, e)}
        sys.stdout.write(json.dumps(out, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
