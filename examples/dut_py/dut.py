#!/usr/bin/env python3
"""dut.py: a worked example of a device under test (DUT) for visa-oracle,
speaking the JSON-lines subprocess protocol (`visa-oracle check --dut-cmd`).

One JSON object per line on stdin: a vector's `input` object (or a wrapper
object holding it under "input"):
  {"platform": {"name", "grf_bytes", "visa_version": "3.6"}, "insn": "<hex>",
   "exec_mask": "<8 hex>", "vars": [{"id", "type", "num_elts", "data"}],
   "preds": [{"id", "num_elts", "bits"}], "addrs": [{"id", "elems": [[var, off]]}],
   "surfaces": [{"index", "size", "data": [[offset, "<hex>"]]}]}
One JSON object per line on stdout, flushed, with the input's "id" echoed:
  {"id": "<test id>", "status": "ok" | "invalid", "vars": [...], "preds": [...], "addrs": [...],
   "surfaces": [...]}  (same shapes; surface data as maximal runs of non-zero
   16-byte lines sorted by offset)

An independent, plain implementation (Python 3 stdlib only) of SCATTER4_SCALED
(0x75), SCATTER (0x3A), OWORD_ST (0x36), GATHER_SCALED (0x78), GATHER (0x39),
SCATTER_SCALED (0x79), GATHER4_SCALED (0x74), OWORD_LD (0x35),
OWORD_LD_UNALIGNED (0x3C), QW_GATHER (0x86), QW_SCATTER (0x87) and
DWORD_ATOMIC (0x7D) (and, in modules, FENCE, SVM, LSC block2d and the typed
family: dut_svm.py, dut_2d.py, dut_typed.py), written from the vISA spec pages and the project's
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
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dut_svm  # noqa: E402  FENCE (issue 26)
import dut_typed  # noqa: E402  typed family (issue 28)

TYPES = {"ud": (0, 4), "d": (1, 4), "uw": (2, 2), "w": (3, 2), "ub": (4, 1), "b": (5, 1),
         "df": (6, 8), "f": (7, 4), "uq": (11, 8), "q": (13, 8), "hf": (14, 2), "bf": (15, 2)}
UD, D, F = "ud", "d", "f"

# platform ordinal for feature gates
GEN = {"BDW": 0, "CHV": 1, "SKL": 2, "ICLLP": 3, "TGLLP": 4, "DG1": 4, "ADLP": 4, "ADLS": 4,
       "XeHP_SDV": 5, "DG2": 6, "MTL": 7, "ARL": 7, "PVC": 8, "PVCXT": 8,
       "Xe2": 9, "LNL": 9, "Xe3": 10, "PTL": 10}
G_ICLLP, G_XEHP_SDV, G_PVC = 3, 5, 8


def OFFS():  # D16 B: offsets of any type (read as UD)
    return None if READING_B else (UD,)


def DATA4():  # D16 B: data of any type
    return None if READING_B else (UD, D, F)

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
# --reading-b: follow reading B of every decision the oracle judges both ways
# (docs/decisions.md "Both readings"); passes with `check --reading all=B`. The legacy
# rows: 4-byte ids (D1), exec-size bit 3 ignored (D2), surface 4 reserved (D4), any
# operand type (D16), unaligned mask offsets (D18), 32-byte operand rows (D24), only
# surfaces 0 and 5 for SCATTER/GATHER/DWORD_ATOMIC (D27, D33, D50), QW ops from PVC
# (D40) without Q data (D41), 2/4/8 QW blocks undefined (D42), no DWORD_ATOMIC fadd/fsub (D48),
# a gather's disabled lanes written (D11, D43, D56), DWORD_ATOMIC's other operand rules (D49).
READING_B = False

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

# ---- LSC tables (Intel's LSC_UNTYPED / LSC_FENCE pages) ----
G_DG2, G_PVC, G_XE2 = 6, 8, 9
LSC_SFID_UGM, LSC_SFID_UGML, LSC_SFID_TGM, LSC_SFID_SLM, LSC_SFID_URB = range(5)
LSC_OPS = {0x00: "load", 0x1B: "load", 0x01: "loads", 0x02: "loadq", 0x04: "store", 0x05: "stores",
           0x06: "storeq", 0x1C: "store"}
LSC_OPS.update({k: "atomic" for k in range(0x08, 0x1B)})
# code-only sub-ops are invalid here (D111); block2d (0x03, 0x07) is in dut_2d.py (issue 27)
# extra atomic arguments per sub-op (the page's table)
LSC_ATOMIC_ARGS = {0x08: 0, 0x09: 0, 0x0A: 0, 0x0B: 1, 0x0C: 1, 0x0D: 1, 0x0E: 1, 0x0F: 1,
                   0x10: 1, 0x11: 1, 0x12: 2, 0x13: 1, 0x14: 1, 0x15: 1, 0x16: 1, 0x17: 2,
                   0x18: 1, 0x19: 1, 0x1A: 1}
LSC_VEC = {1: 1, 2: 2, 3: 3, 4: 4, 5: 8, 6: 16, 7: 32, 8: 64}
# data size -> (bytes in memory, bytes per lane in a register)
LSC_DSIZE = {1: (1, 1), 2: (2, 2), 3: (4, 4), 4: (8, 8), 5: (1, 4), 6: (2, 4), 7: (2, 4)}
LSC_ABYTES = {1: 2, 2: 4, 3: 8}
LSC_ATYPES = {1: ("uw", "w", "ud", "d"), 2: ("ud", "d"), 3: ("uq", "q")}
# legal (L1, L3) caching pairs: the page's table (df 0, uc 1, ca 2, wb 3, wt 4, st 5, ri 6)
LSC_CACHE_LOAD = {(0, 0), (1, 1), (5, 1), (1, 2), (2, 1), (2, 2), (5, 2), (6, 2),
                  (6, 6), (1, 7), (2, 7)}  # + the verifier's ri/ri uc/cc ca/cc (D113)
VERIFIER_PAIRS = {(6, 6), (1, 7), (2, 7)}  # loads: the verifier's, not the page's (D113)
LSC_CACHE_STORE = {(0, 0), (1, 1), (5, 1), (1, 3), (4, 1), (4, 3), (5, 3), (3, 3)}
LSC_CACHE_ATOMIC = {(0, 0), (1, 1), (1, 3)}


def lsc_to_reg(dsize, b):
    """memory bytes of one element -> its register bytes"""
    if dsize in (5, 6):
        return b + bytes(4 - len(b))      # zero-extended (Xe2+ zeros; free before)
    if dsize == 7:
        return bytes(2) + b               # d16u32h: the upper half, lower half zero
    return b


def lsc_to_mem(dsize, b):
    """register bytes of one element -> the bytes stored"""
    if dsize == 5:
        return b[:1]
    if dsize == 6:
        return b[:2]
    if dsize == 7:
        return b[2:4]
    return b


def lsc_float(v, n):
    return struct.unpack({2: "<e", 4: "<f", 8: "<d"}[n], v.to_bytes(n, "little"))[0]


def lsc_fbits(f, n):
    fmt = {2: "<e", 4: "<f", 8: "<d"}[n]
    try:
        return int.from_bytes(struct.pack(fmt, f), "little")
    except OverflowError:
        return int.from_bytes(struct.pack(fmt, math.copysign(math.inf, f)), "little")


def lsc_atomic_op(op, n, old, s1, s2):
    """new memory value of one LSC atomic lane (None: no write)"""
    mask = (1 << (8 * n)) - 1
    sign = 1 << (8 * n - 1)

    def sg(v):
        return v - (1 << (8 * n)) if v & sign else v
    if op == 0x08:
        return (old + 1) & mask
    if op == 0x09:
        return (old - 1) & mask
    if op == 0x0A:
        return None
    if op == 0x0B:
        return s1
    if op == 0x0C:
        return (old + s1) & mask
    if op == 0x0D:
        return (old - s1) & mask
    if op == 0x0E:
        return s1 if sg(s1) < sg(old) else old
    if op == 0x0F:
        return s1 if sg(s1) > sg(old) else old
    if op == 0x10:
        return min(old, s1)
    if op == 0x11:
        return max(old, s1)
    if op == 0x12:
        return s2 if old == s1 else old
    if op == 0x18:
        return old & s1
    if op == 0x19:
        return old | s1
    if op == 0x1A:
        return old ^ s1
    a, b = lsc_float(old, n), lsc_float(s1, n)
    if op in (0x13, 0x14):
        return lsc_fbits(a + b if op == 0x13 else a - b, n)
    if op in (0x15, 0x16):
        if math.isnan(a):
            return s1
        if math.isnan(b):
            return old
        if op == 0x15:
            return s1 if b < a else old
        return s1 if b > a else old
    # fcas: src1 compared with memory (as floats), src2 stored
    return s2 if a == b else old


class Unsupported(Exception):
    """this DUT does not implement the case (answered "unsupported")"""


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
        out = {"index": self.index, "size": self.size, "data": runs}
        if getattr(self, "media", None):
            out = {"index": self.index, "size": self.size, "media": self.media, "data": runs}
        return out


class Region(Surface):
    """one region of the flat 64-bit memory: base address, size, sparse bytes"""

    def __init__(self, j):
        Surface.__init__(self, None, j["size"], j.get("data", []))
        self.base = int(j["base"], 16) if isinstance(j["base"], str) else j["base"]

    def dump(self):
        d = Surface.dump(self)
        return {"base": "0x%016x" % self.base, "size": self.size, "data": d["data"]}


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
        # the LSC minimum payload width (D124, D146, D150): the state's, else the default
        # (8 on 32-byte GRFs, 32 on PVC: no half-SIMD LSC, else 16)
        self.lsc_minw = plat.get("lsc_min_simd") or (8 if self.grf == 32 else 32 if plat["name"] == "PVC" else 16)
        self.reading_b = READING_B  # the family modules read it (dut_*.py)
        if READING_B:  # D150 reading B: the platform's other width
            self.lsc_minw = (16 if self.lsc_minw == 8 else 8) if self.grf == 32 else (32 if self.lsc_minw == 16 else 16)
        if self.gen is None:
            raise ValueError("unknown platform %r" % plat["name"])
        self.idw = 4 if self.version >= 304 or READING_B else 2  # D1 B: the page's 4 bytes
        self.op = None
        self.insn = bytes.fromhex(inp["insn"])
        self.em = int(inp.get("exec_mask", "ffffffff"), 16)
        self.vars = {v["id"]: Var(v) for v in inp.get("vars", [])}
        self.preds = {p["id"]: (p["num_elts"], int(p["bits"], 16)) for p in inp.get("preds", [])}
        self.addrs = {a["id"]: [tuple(e) for e in a["elems"]] for a in inp.get("addrs", [])}
        self.surfaces = {s["index"]: Surface(s["index"], s["size"], s.get("data", []))
                         for s in inp.get("surfaces", [])}
        for s in inp.get("surfaces", []):  # MEDIA_LD / MEDIA_ST geometry (issue 27, D205)
            if "media" in s:
                self.surfaces[s["index"]].media = s["media"]
        # the flat 64-bit memory, the binding table and the surface-state table (LSC)
        self.memory = [Region(m) for m in inp.get("memory", [])]
        self.bt = {b["bti"]: b["surface"] for b in inp.get("binding_table", [])}
        self.sst = {e["offset"]: e["surface"] for e in inp.get("surface_state", [])}
        self.typed = {t["surface"]: t for t in inp.get("typed", [])}  # issue 28: dut_typed.py
        self.pos = 0

    # ---- output ----
    def dump(self, status, inp):
        out = {"status": status,
               "vars": [self.vars[k].dump() for k in sorted(self.vars)],
               "preds": inp.get("preds", []),
               "addrs": inp.get("addrs", []),
               "surfaces": [self.surfaces[k].dump() for k in sorted(self.surfaces)]}
        for key in ("memory", "binding_table", "surface_state"):
            if key in inp:
                out[key] = [r.dump() for r in self.memory] if key == "memory" else inp[key]
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
            o["imm64"] = self.get(8 if (o["type"] & 15) in (6, 11, 13) else 4)
            o["imm"] = o["imm64"] & M32
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
            if self.lookup(o["id"], "offset").type != UD and not READING_B:  # D16 B: any type
                raise Invalid("offset: must be :ud")
            if o["col"] * 4 >= self.grf:
                raise Invalid("offset: column crosses the GRF")
            return
        if o["type"] != 0 and not READING_B:
            raise Invalid("offset: indirect type must be :ud")
        if not -512 <= o["ind_off"] <= 511:  # 5_operands.md: "It has the range of [-512, 511]"
            raise Invalid("offset: indirect offset outside [-512, 511]")
        elems = self.addrs.get(o["id"])
        if elems is None or o["addr_off"] >= len(elems):
            raise Invalid("offset: address")
        t = self.vars.get(elems[o["addr_off"]][0])
        if t is None or (t.type != UD and not READING_B):
            raise Invalid("offset: indirect target must be :ud")

    def goff_value(self, o):
        if o["cls"] == 5:
            return o["imm"]
        if o["cls"] == 0:
            v = self.vars[o["id"]]
            byte = o["row"] * (32 if READING_B else self.grf) + o["col"] * 4  # D24 B: 32-byte rows
        else:
            vid, off = self.addrs[o["id"]][o["addr_off"]]
            v = self.vars.get(vid)
            byte = off + o["ind_off"]
        if v is None or byte < 0 or byte + 4 > len(v.data):
            raise Undefined("offset outside its variable")
        if o["cls"] == 3 and byte % 4:
            raise Undefined("indirect address not aligned to :ud")
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

    @classmethod
    def rb_disabled(cls, r, at, n):
        """D11 (D43, D56) reading B: a gather writes its whole destination registers: garbage"""
        d = cls.raw_at(r, at, n) if READING_B else None
        if d is not None:
            d[0].data[d[1]:d[1] + n] = b"\xa5" * n

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
        if (off % es and not READING_B) or off + es > 32:  # D18 B: no alignment
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
        if READING_B and s == 4:  # D4 B: the page's T0..T4
            raise Invalid("surface: T4 reserved")
        if READING_B and self.op in (0x39, 0x3A, 0x7D) and s not in (0, 5):  # D27, D33, D50 B
            raise Invalid("surface: only 0 and 5")
        if s >= 6 and s not in self.surfaces:
            raise Invalid("surface: undeclared")

    @staticmethod
    def eb_b(eb):
        return eb & ~8 if READING_B else eb  # D2 B: bit 3 ignored

    def decode_exec(self, eb):
        code = self.eb_b(eb) & 15
        op = self.insn[0]
        if code > (5 if READING_B and op in (0x78, 0x79) else 4):  # D17, D34 reading B: SIMD32
            raise Invalid("exec_size")
        if READING_B and op in (0x74, 0x75) and code < 3:  # D35 reading B: the page's 8, 16
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
        self.op = op
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
        elif op == 0x89:
            self.lsc_untyped()
        elif op == 0x8B:
            self.lsc_fence()
        elif op == 0x5C:
            dut_svm.fence(self, Invalid)  # issue 26
        elif op == 0x4E:
            dut_svm.svm(self, Invalid, Undefined)  # issue 26
        elif op in (0x4B, 0x4C):
            dut_typed.typed4(self, Invalid, op == 0x4C)  # issue 28
        elif op == 0x73:
            dut_typed.typed_atomic(self, Invalid, ATOMIC_REVERSE, atomic_op)  # issue 28
        elif op == 0x8A and self.pos < len(self.insn) and self.insn[self.pos] in (0x03, 0x07):  # issue 28: block2d
            import dut_lsc_typed_2d
            dut_lsc_typed_2d.lsc_typed_2d(self, Invalid, Undefined)
        elif op == 0x8A:  # issue 28: dut_lsc_typed.py
            import dut_lsc_typed
            dut_lsc_typed.lsc_typed(self, Invalid, Undefined)
        elif op in (0x37, 0x38):  # issue 27: dut_media.py
            import dut_media
            dut_media.media(self, op == 0x38, Invalid, PREDEF, TYPES)
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
        self.check_raw(eo, "element_offset", OFFS())
        self.check_raw(src, "src", DATA4())
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
        self.check_raw(eo, "element_offset", OFFS())
        self.check_raw(src, "src", DATA4())
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
        self.check_raw(eo, "element_offset", OFFS())
        self.check_raw(dst, "dst", DATA4(), null_ok=True, is_dst=True)
        goff = self.goff_value(g)
        en = self.chen(es, off, nomask, pred)
        nb = 1 << nblk
        offs = self.offsets(eo, es)  # D95
        for i in range(es):
            if not en & (1 << i):
                self.rb_disabled(dst, 4 * i, 4)  # D11 B
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
        self.check_raw(eo, "element_offset", OFFS())
        self.check_raw(dst, "dst", DATA4(), null_ok=True, is_dst=True)
        goff = self.goff_value(g)
        en = self.chen(es, off, nomask, 0)
        offs = self.offsets(eo, es)  # D95
        for i in range(es):
            if not en & (1 << i):
                self.rb_disabled(dst, 4 * i, 4)  # D11 B
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
        self.check_raw(eo, "element_offset", OFFS())
        self.check_raw(src, "src", DATA4())
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
        self.check_raw(eo, "element_offset", OFFS())
        self.check_raw(dst, "dst", DATA4(), null_ok=True, is_dst=True)
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
                    self.rb_disabled(dst, 4 * (k * block + i), 4)  # D11 B
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
        if self.gen < (G_PVC if READING_B else G_XEHP_SDV):  # D40 B: the page's PVC
            raise Invalid("platform: QW ops need XeHP_SDV+")
        es, off, nomask = self.decode_exec(eb)
        self.check_pred(pred, es, off)
        blocks_b = READING_B and 1 <= nblk <= 3  # D42 B: 2/4/8 blocks, their unit open
        if nblk > QW_MAX_NBLK_CODE and not blocks_b:
            raise Invalid("num_blocks")
        self.check_surface(surf)
        self.check_raw(eo, "offset", OFFS())
        self.check_raw(data, "src" if is_write else "dst", ("uq", "df") if READING_B else ("q", "uq", "df"),
                       null_ok=not is_write, is_dst=not is_write)  # D41 B: the descriptor's DF, UQ
        if blocks_b:
            raise Undefined("num_blocks: 2/4/8 blocks")
        en = self.chen(es, off, nomask, pred)
        nb = 1 << nblk
        for i in range(es):
            if not en & (1 << i):
                if not is_write:
                    self.rb_disabled(data, 8 * i, 8)  # D11 B (one block)
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

    def atomic_op_byte(self, opb):
        """the op byte of DWORD_ATOMIC and TYPED_ATOMIC: (op, bytes per lane)"""
        op, width = opb & 0x1F, opb >> 5
        if width > 1:
            raise Invalid("op: width bits")
        if width == 1 and self.gen < G_TGLLP:
            raise Invalid("op: 16-bit atomics need TGLLP+")
        if not (op <= A_PREDEC or A_FMAX <= op <= A_FSUB):
            raise Invalid("op: operation")
        if READING_B and op in (A_FADD, A_FSUB) and self.op == 0x7D:  # D48 B: not on the DWORD_ATOMIC page
            raise Invalid("op: fadd/fsub")
        if op in (A_FADD, A_FSUB) and self.gen < G_XEHP_SDV:
            raise Invalid("op: fadd/fsub need XeHP_SDV+")
        self.rb_w16 = width == 1
        return op, 2 if width == 1 else 4

    def atomic_operands(self, op, s0, s1, dst):
        """src0, src1, dst of an atomic op: (no_src0, has_src1)"""
        # the doc's types; ADD/SUB also D as the verifier (D49)
        types = ((D,) if op in (A_IMIN, A_IMAX) else (F,) if op >= A_FMAX
                 else (UD, D) if op in (A_ADD, A_SUB) else (UD,))
        no_src0 = op in (A_INC, A_DEC, A_PREDEC)
        has_src1 = op in (A_CMPXCHG, A_FCMPWR)
        # D49 reading B (DWORD_ATOMIC): the page's ADD/SUB UD and PREDEC src0; for 16-bit ops the
        # verifier's default rule: every operand UD, src1 %null, an inc/dec/predec's src0 not looked at
        b49 = READING_B and self.op == 0x7D
        v16 = b49 and self.rb_w16
        undef = v16 and has_src1
        if b49 and (v16 or op in (A_ADD, A_SUB)):
            types = (UD,)
        if undef:
            has_src1 = False
        if v16 and no_src0:
            s0["var"] = None
        elif b49 and op == A_PREDEC:
            self.check_raw(s0, "src0", types)
        elif no_src0:
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
        if undef:
            raise Undefined("16-bit cmpxchg/fcmpwr without src1 (D49 reading B)")
        return no_src0, has_src1

    def dword_atomic(self):
        opb, eb, pred, surf = self.get(1), self.get(1), self.get(2), self.get(1)
        eo, s0, s1, dst = self.raw(), self.raw(), self.raw(), self.raw()
        self.done()
        op, n = self.atomic_op_byte(opb)
        es, off, nomask = self.decode_exec(eb)
        self.check_pred(pred, es, off)
        self.check_surface(surf)
        self.check_raw(eo, "element_offset", OFFS())
        no_src0, has_src1 = self.atomic_operands(op, s0, s1, dst)
        en = self.chen(es, off, nomask, pred)
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
        for i in range(es):
            if not en & (1 << i):
                self.rb_disabled(dst, 4 * i, 4)  # D56 (D11) B
        for i, ret in rets:
            d = self.raw_at(dst, 4 * i, 4)
            if d is not None:
                d[0].data[d[1]:d[1] + n] = ret.to_bytes(n, "little")  # 16-bit: upper half kept

    # ---- LSC (LSC_UNTYPED 0x89, LSC_FENCE 0x8B) ----
    # Written from Intel's LSC_UNTYPED and LSC_FENCE pages with the byte layout
    # of the current reader (a `ud` surface-state index after the Surface operand).

    def lsc_platform(self):
        if self.gen < G_DG2:
            raise Invalid("platform: no LSC before DG2")

    def lsc_exec(self, eb):
        """exec byte: bits 2..0 size (1..32), bit 3 reserved, bits 7..4 mask control"""
        code = eb & 7
        if code > 5 or eb & 8:
            raise Invalid("exec_size")
        es = 1 << code  # 1..32 lanes on every LSC platform (D119)
        off, nomask = self.mask_nibble(eb >> 4)
        self.check_mask(es, off)  # D18
        return es, off, nomask

    def lsc_fence(self):
        self.lsc_platform()
        self.get(1), self.get(2)  # exec and pred: read and ignored (D96)
        sfid, fop, scope = self.get(1), self.get(1), self.get(1)
        self.done()
        if sfid > LSC_SFID_URB:
            raise Invalid("sfid")
        if fop > 6:
            raise Invalid("fence op")
        if scope > 6:
            raise Invalid("scope")
        if sfid == LSC_SFID_SLM and (fop != 0 or scope != 0):
            raise Invalid("slm fence: op none, scope group only")
        # a fence has no effect on a single thread's state

    def lsc_scalar_check(self, o, what):
        """a scalar UD/D general register <0;1,0> (the reader has no indirect form here, D115)"""
        if o["cls"] != 0 or o["hi"] or o["mod"] or o["region"] != 0x0121:
            raise Invalid("%s: a scalar general register" % what)
        if o["id"] == 0:
            raise Invalid("%s: %%null" % what)
        if self.lookup(o["id"], what).type not in (UD, D):
            raise Invalid("%s: UD/D" % what)
        if o["col"] * 4 >= self.grf:
            raise Invalid("%s: column crosses the GRF" % what)

    def lsc_surface_value(self, o):
        """value of the Surface operand: (is_register, value); an immediate is UD D UW W UQ or Q"""
        if o["mod"] or o["hi"]:
            raise Invalid("surface: modifier or tag bits")
        if o["cls"] == 5:
            if o["type"] not in (0, 1, 2, 3, 11, 13):
                raise Invalid("surface: immediate type")
            return False, o["imm64"] if o["type"] in (11, 13) else o["imm"]
        self.lsc_scalar_check(o, "surface")
        return True, None

    def lsc_layouts(self, decode):
        """LSC_UNTYPED has two layouts that both say vISA 4.1, with and without the
        ss_idx after the Surface operand (IGC up to 2023): the length decides, the
        ss_idx layout first (decision D222)"""
        pos0 = self.pos
        try:
            return decode(True)
        except Invalid as first:
            self.pos = pos0
            try:
                return decode(False)
            except Invalid:
                raise first

    def lsc_untyped(self):
        self.lsc_platform()
        sub = self.get(1)
        if sub in (0x28, 0x29):
            # decode the whole layout first: a malformed one is invalid, not unsupported
            def app(with_ss):
                _, _, sfid, l1, l3, atype = self.get(1), self.get(2), self.get(1), self.get(1), self.get(1), self.get(1)
                self.get(4)
                surf = self.vec()
                if with_ss:
                    self.get(4)
                for _ in range(2):
                    self.raw()
                self.done()
                return sfid, l1, l3, atype, surf
            sfid, l1, l3, atype, surf = self.lsc_layouts(app)
            if sfid not in (LSC_SFID_UGM, LSC_SFID_UGML, LSC_SFID_SLM) or (l1, l3) not in LSC_CACHE_ATOMIC:
                raise Invalid("append counter: sfid / caching")
            if atype not in (2, 3, 4):
                raise Invalid("append counter: bti, bss or ss (D115)")
            if surf["cls"] != 5:
                self.lsc_scalar_check(surf, "surface")
            raise Unsupported("load_status / append counters depend on state outside the memory image")
        if sub in (0x03, 0x07):  # block2d (issue 27): dut_2d.py
            import dut_2d
            return dut_2d.block2d(self, sub, Invalid)
        if sub not in LSC_OPS:
            raise Invalid("subop")
        kind = LSC_OPS[sub]
        def fields(with_ss):
            f = [self.get(1), self.get(2), self.get(1), self.get(1), self.get(1)]
            f += [self.get(1), self.get(2), self.get(4), self.get(1)]
            f += [self.get(1), self.get(1), self.get(1), self.get(1)]
            f += [self.vec(), self.get(4) if with_ss else 0, self.raw()]
            if kind in ("loads", "stores"):
                f += [self.raw(), self.vec(), self.raw(), None]
            else:
                f += [self.raw(), None, self.raw(), self.raw()]
            self.done()
            return f
        (eb, pred, sfid, l1, l3, atype, scale, immoff, asize, dsize, order, elems, chmask, surf, ssidx, dst,
         src0, pitch, src1, src2) = self.lsc_layouts(fields)
        if immoff >= 1 << 31:
            immoff -= 1 << 32

        es, off, nomask = self.lsc_exec(eb)
        self.check_pred(pred, es, off)
        is_load = kind in ("load", "loads", "loadq")
        is_store = kind in ("store", "stores", "storeq")
        is_atomic = kind == "atomic"
        quad = kind in ("loadq", "storeq")
        if sfid not in (LSC_SFID_UGM, LSC_SFID_UGML, LSC_SFID_SLM):
            raise Invalid("sfid")
        slm = sfid == LSC_SFID_SLM
        pairs = LSC_CACHE_ATOMIC if is_atomic else LSC_CACHE_LOAD if is_load else LSC_CACHE_STORE
        if (l1, l3) not in pairs or (slm and (l1, l3) != (0, 0) and not (READING_B and self.gen == G_DG2)):  # D221 B
            raise Invalid("caching: pair not allowed")
        if READING_B and (l1, l3) in VERIFIER_PAIRS:  # D113 reading B: the page's table only
            raise Invalid("caching: pair not on the page")
        if sfid == LSC_SFID_UGML and (l1, l3) != (0, 0) and self.gen < G_XE2:
            raise Invalid("caching: ugml before Xe2 takes .df.df only (D113)")
        if not 1 <= atype <= 5:
            raise Invalid("addr type")
        if not 1 <= asize <= 3:
            raise Invalid("addr size")
        if asize == 1 and not slm:
            raise Invalid("a16 only on SLM")
        if asize == 3 and slm:
            raise Invalid("a64 not on SLM")
        if slm and atype != 1:
            raise Invalid("SLM must use flat")
        if scale == 0 or scale & (scale - 1):
            raise Invalid("addr scale: power of two")
        if asize == 1 and not -0x7FFF <= immoff <= 0x7FFF:
            raise Invalid("a16 immediate offset")
        if not 1 <= dsize <= 7:
            raise Invalid("data size")
        if order not in (1, 2):
            raise Invalid("data order")
        transposed = order == 2
        if quad:
            if chmask == 0 or chmask > 15:
                raise Invalid("chmask")
            if kind == "storeq" and chmask not in (1, 3, 7, 15):
                raise Invalid("store_quad chmask: x, xy, xyz or xyzw")
            if transposed:
                raise Invalid("quad: not transposed")
            nvec = bin(chmask).count("1")
        else:
            if not 1 <= elems <= 8:
                raise Invalid("vector size")
            nvec = LSC_VEC[elems]
        if transposed and (es != 1 or is_atomic):
            raise Invalid("transpose: SIMD1, no atomics")
        if dsize >= 5 and nvec > 1 and not quad:
            raise Invalid("conversion types: no vectors")
        if nvec > 1 and not quad and not transposed and dsize not in (3, 4):
            raise Invalid("non-transposed vectors only d32/d64 (D116)")
        if not transposed and nvec > 1 and not quad:
            if nvec > (4 if sfid == LSC_SFID_UGML else 8) or (sfid == LSC_SFID_UGML and nvec == 3):
                raise Invalid("vector size not allowed non-transposed")
        if is_atomic:
            aop = sub
            if nvec != 1:
                raise Invalid("atomic: x1 only")
            if dsize not in (3, 4, 6):
                raise Invalid("atomic data size")
            if slm and dsize == 4 and aop != 0x12:
                raise Invalid("SLM d64 atomics: icas only")
            if slm and aop in (0x13, 0x14):
                raise Invalid("fadd/fsub not on SLM")
        mb, rb = LSC_DSIZE[dsize]
        if transposed:
            nregs = -(-nvec * rb // self.grf)
        else:
            nregs = nvec * -(-es * rb // self.grf)
        if nregs > 8:
            raise Invalid("more than 8 data registers")

        # surface (D115): flat and arg take the immediate 0, bti an immediate 0..255
        is_reg, sv = self.lsc_surface_value(surf)
        if atype in (1, 5) and (is_reg or sv != 0):
            raise Invalid("flat/arg: Surface must be the immediate 0")
        if atype == 4 and not is_reg and sv > 255:
            raise Invalid("bti above 255")
        # address payload
        ab = LSC_ABYTES[asize]
        if kind in ("loads", "stores"):
            self.check_raw(src0, "src0", LSC_ATYPES[asize])
            if pitch["mod"] or pitch["hi"]:
                raise Invalid("pitch: modifier or tag bits")
            if pitch["cls"] == 5:
                if pitch["type"] not in (0, 1, 2, 3):
                    raise Invalid("pitch: immediate type")
                pv = pitch["imm"] & 0xFFFF if pitch["type"] in (2, 3) else pitch["imm"]
                if pv > 0xFFFF:
                    raise Invalid("pitch: immediate > 0xFFFF")
            else:
                self.lsc_scalar_check(pitch, "pitch")
                pv = None
        else:
            self.check_raw(src0, "src0", LSC_ATYPES[asize])
        # data operands by kind
        narg = LSC_ATOMIC_ARGS.get(sub, 0) if is_atomic else (1 if is_store else 0)
        if is_store:
            if dst["id"] or dst["off"]:
                raise Invalid("dst: %null for stores")
            self.check_raw(src1, "src1", None)
        else:
            self.check_raw(dst, "dst", None, null_ok=True, is_dst=True)
            if not is_atomic and (src1["id"] or src1["off"]):
                raise Invalid("src1: %null for loads")
        if is_atomic:
            for k, r in ((1, src1), (2, src2)):
                if k <= narg:
                    self.check_raw(r, "src%d" % k, None)
                elif r["id"] or r["off"]:
                    raise Invalid("src%d: %%null" % k)
        elif src2 is not None and (src2["id"] or src2["off"]):
            raise Invalid("src2: %null")

        if sub == 0x1B:  # load_status: x1, not transposed, a destination (D116, D119)
            if nvec != 1 or transposed or dst["var"] is None:
                raise Invalid("load_status: x1, not transposed, dst not %null")
            raise Unsupported("lsc_load_status depends on page state outside the memory image")
        if is_load and dst["var"] is None:
            return  # prefetch: no architectural effect, whatever the address model (D128)
        if atype == 5:
            raise Unsupported("arg address model (indirect data)")
        en = self.chen(es, off, nomask, pred)
        if pitch is not None and pv is None:
            pv = self.goff_value(pitch)
        if is_reg:
            sv = self.goff_value(surf)
        # the space the addresses select
        if atype == 1:
            space = ("slm",) if slm else ("flat",)
        else:
            if atype == 4:
                s = self.bt.get(sv & 0xFF)
            else:
                so = (sv + (0x40 * ssidx if is_reg else 0)) & 0xFFFFFFFF  # a 32-bit sum (D118)
                s = self.sst.get(so)
            space = ("surf", s)
        wrap = (1 << (8 * ab)) - 1

        # every address, read before anything is written (dst may alias src0)
        addrs = []
        for n in range(es):
            if kind in ("loads", "stores"):
                e = self.raw_at(src0, 0, ab)
                if e is None:
                    raise Undefined("address base outside its variable")
                a = int.from_bytes(e[0].data[e[1]:e[1] + ab], "little")
                addrs.append((scale * a + n * pv + immoff) & wrap)
            else:
                e = self.raw_at(src0, ab * n, ab)
                if e is None:
                    addrs.append(None)
                    continue
                a = int.from_bytes(e[0].data[e[1]:e[1] + ab], "little")
                addrs.append((scale * a + immoff) & wrap)
        minw = self.lsc_minw

        def slot(v, n):
            if transposed:
                return v * rb
            return v * max(1, -(-max(es, minw) * rb // self.grf)) * self.grf + n * rb

        if is_atomic:
            self.lsc_atomic(sub, es, en, addrs, space, dsize, dst, src1, src2, slot)
            return
        if is_load:
            pend = []
            for n in range(es):
                if not en >> n & 1 or addrs[n] is None:
                    continue
                comps = [v for v in range(4) if chmask >> v & 1] if quad else range(nvec)
                for m, v in enumerate(comps):
                    val = self.lsc_read(space, (addrs[n] + v * mb) & wrap, mb)  # element v wraps too (D121)
                    pend.append((m if quad else v, n, lsc_to_reg(dsize, val)))
            for v, n, b in pend:
                d = self.raw_at(dst, slot(v, n), rb)
                if d is None:
                    raise Undefined("dst past its variable")
                d[0].data[d[1]:d[1] + rb] = b
            return
        # stores
        for n in range(es):
            if not en >> n & 1 or addrs[n] is None:
                continue
            comps = [v for v in range(4) if chmask >> v & 1] if quad else range(nvec)
            for m, v in enumerate(comps):
                d = self.raw_at(src1, slot(m if quad else v, n), rb)
                if d is None:
                    continue  # past its variable: undefined; the other elements are still stored
                self.lsc_write(space, (addrs[n] + v * mb) & wrap, lsc_to_mem(dsize, bytes(d[0].data[d[1]:d[1] + rb])))

    def lsc_atomic(self, aop, es, en, addrs, space, dsize, dst, src1, src2, slot):
        mb, rb = LSC_DSIZE[dsize]
        order = range(es - 1, -1, -1) if ATOMIC_REVERSE else range(es)
        rets = []
        for n in order:
            if not en >> n & 1 or addrs[n] is None:
                continue
            vals = []
            for r in (src1, src2):
                p = self.raw_at(r, slot(0, n), rb) if r["var"] is not None else None
                if r["var"] is not None and p is None:
                    raise Undefined("atomic source past its variable")
                vals.append(int.from_bytes(p[0].data[p[1]:p[1] + mb], "little") if p else 0)
            old = int.from_bytes(self.lsc_read(space, addrs[n], mb), "little")
            new = lsc_atomic_op(aop, mb, old, vals[0], vals[1])
            if new is not None:
                self.lsc_write(space, addrs[n], new.to_bytes(mb, "little"))
            rets.append((n, old))
        if dst["var"] is None:
            return
        for n, old in rets:
            d = self.raw_at(dst, slot(0, n), rb)
            if d is None:
                raise Undefined("dst past its variable")
            d[0].data[d[1]:d[1] + rb] = old.to_bytes(rb, "little")  # d16u32: upper half zero

    def lsc_find(self, space, a, n):
        """[(store, offset, length)] covering [a, a+n) wholly, or None (out of bounds).
        Flat memory: an access may span adjacent regions."""
        if space[0] == "flat":
            pieces, pos, end = [], a, a + n
            while pos < end:
                r = next((r for r in self.memory if r.base <= pos < r.base + r.size), None)
                if r is None:
                    return None
                k = min(end, r.base + r.size) - pos
                pieces.append((r, pos - r.base, k))
                pos += k
            return pieces
        s = 0 if space[0] == "slm" else space[1]
        sf = self.surfaces.get(s) if s is not None else None
        if sf is not None and a + n <= sf.size:
            return [(sf, a, n)]
        return None

    def lsc_read(self, space, a, n):
        f = self.lsc_find(space, a, n)
        if f is None:
            return bytes(n)  # out of bounds: zeros
        return b"".join(st.read(off, k) for st, off, k in f)

    def lsc_write(self, space, a, b):
        f = self.lsc_find(space, a, len(b))
        if f is None:
            return  # out of bounds: dropped
        i = 0
        for st, off, k in f:
            st.write(off, b[i:i + k])
            i += k


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
    except Unsupported as e:
        return {"status": "unsupported", "message": str(e)}
    return m.dump(status, inp)


def main():
    global ATOMIC_REVERSE, READING_B
    if "--atomic-reverse" in sys.argv[1:]:
        ATOMIC_REVERSE = True
    if "--reading-b" in sys.argv[1:]:
        READING_B = True
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
        # the checker sends {"id":"<test id>",...}: echoing it lets the checker
        # refuse a reply that belongs to another input (docs/check.md)
        if line.startswith('{"id":"') and line[23:24] == '"':
            out = dict(id=line[7:23], **out)
        sys.stdout.write(json.dumps(out, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
