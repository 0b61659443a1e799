#!/usr/bin/env python3
"""A vISA kernel file writer (issue 25 point 4): the well-formed counterpart of the truncated
files IGC 1.0.12504 writes. Layout: the spec's "vISA header" page (header, kernel table, string
pool, variable / address / predicate / label / sampler / surface declarations, inputs, size,
entry, attributes, instructions), vISA 3.4..4.1 (4-byte ids, 2-byte name lengths from 3.7).

As a module: write_isa(kernel, version, vars, preds, surfaces, insns) -> bytes, vars a list of
(name, type, num_elts, align) declared in order as V32, V33, ...; preds and surfaces lists of
(name, num_elts); insns a list of instruction byte strings.
As a program: isa_writer.py VISA_ORACLE FILE.visaasm OUT.isa [--lsc-layout ss_idx|no_ss_idx]
writes a kernel with FILE's declarations and its memory instructions that `asm` assembles, in
order (the rest are left out: asm reads memory instructions only); prints their count.
"""
import re, struct, subprocess, sys

TYPES = {"ud": 0, "d": 1, "uw": 2, "w": 3, "ub": 4, "b": 5, "df": 6, "f": 7, "uq": 11, "q": 13, "hf": 14, "bf": 15}
ALIGN = {"byte": 0, "word": 1, "dword": 2, "qword": 3, "oword": 4, "GRF": 5, "2_GRF": 6, "hword": 7,
         "32word": 8, "64word": 9}

def write_isa(kernel, version, vars_, preds=(), surfaces=(), insns=()):
    major, minor = version
    ver = major * 100 + minor
    assert ver >= 304, "4-byte ids only"
    strings = [kernel]
    def sid(s):
        if s not in strings:
            strings.append(s)
        return strings.index(s)
    u8 = lambda v: struct.pack("<B", v)
    u16 = lambda v: struct.pack("<H", v)
    u32 = lambda v: struct.pack("<I", v)
    body = b""
    body += u32(sid(kernel))
    body += u32(len(vars_))
    for name, t, n, al in vars_:
        body += u32(sid(name)) + u8(TYPES[t] | ALIGN.get(al, 0) << 4) + u16(n) + u32(0) + u16(0) + u8(0) + u8(0)
    body += u16(0)                                   # address variables
    body += u16(len(preds))
    for name, n in preds:
        body += u32(sid(name)) + u16(n) + u8(0)
    body += u16(0)                                   # labels
    body += u8(0)                                    # samplers
    body += u8(len(surfaces))
    for name, n in surfaces:
        body += u32(sid(name)) + u16(n) + u8(0)
    body += u8(0)                                    # vme_count
    body += u32(0) if ver >= 305 else u8(0)          # num_inputs
    code = b"".join(insns)
    tail_fixed = 4 + 4 + 2                           # size, entry, attribute_count
    pool = u32(len(strings)) + b"".join(s.encode() + b"\0" for s in strings)
    entry = len(pool) + len(body) + tail_fixed
    obj = pool + body + u32(len(code)) + u32(entry) + u16(0) + code
    name = kernel.encode()
    head_len = 4 + 2 + 2 + (2 if ver >= 307 else 1) + len(name) + 4 * 3 + 2 + 2 + 1 + 2 + 2
    head = b"CISA" + u8(major) + u8(minor) + u16(1)
    head += (u16(len(name)) if ver >= 307 else u8(len(name))) + name
    head += u32(head_len) + u32(len(obj)) + u32(0) + u16(0) + u16(0) + u8(0)
    head += u16(0) + u16(0)                          # file-scope variables, functions
    assert len(head) == head_len
    return head + obj

def from_visaasm(vo, path):
    ver, kernel, vars_, preds, surfs, insns, texts = (4, 1), "k", [], [], [], [], []
    for line in open(path, encoding="utf-8"):
        s = line.strip()
        if s.startswith(".version "):
            a, b = s.split()[1].split(".")
            ver = (int(a), int(b))
        elif s.startswith('.kernel "'):
            kernel = s[9:].split('"')[0]
        elif s.startswith(".decl "):
            f = s.split()
            kv = dict(x.split("=", 1) for x in f[2:] if "=" in x)
            m = re.match(r"V(\d+)$", f[1])
            if m and kv.get("v_type") == "G":
                i = int(m.group(1))
                while 32 + len(vars_) < i:          # a gap: a one-byte filler keeps the ids
                    vars_.append(("V%04d" % (32 + len(vars_)), "ub", 1, "byte"))
                if 32 + len(vars_) == i:
                    vars_.append((f[1], kv.get("type", "ub"), int(kv.get("num_elts", "1")), kv.get("align", "byte")))
            elif kv.get("v_type") == "P":
                preds.append((f[1], int(kv.get("num_elts", "1"))))
            elif kv.get("v_type") == "T" and re.match(r"T\d+$", f[1]):
                surfs.append((f[1], int(kv.get("num_elts", "1"))))
        elif s and not s.startswith((".", "//")) and line[:1] in " \t":
            r = subprocess.run([vo, "asm", "--visa-version", "%d.%d" % ver, s], capture_output=True, text=True)
            if r.returncode == 0:
                insns.append(bytes.fromhex(r.stdout.strip()))
                texts.append(s.split("///")[0].rstrip())
    return kernel, ver, vars_, preds, surfs, insns, texts

if __name__ == "__main__":
    vo, src, out = sys.argv[1:4]
    kernel, ver, vars_, preds, surfs, insns, _ = from_visaasm(vo, src)
    if "--lsc-layout" in sys.argv and sys.argv[sys.argv.index("--lsc-layout") + 1] == "no_ss_idx":
        # D222: the older LSC_UNTYPED layout drops the 4-byte ss_idx (0 as asm writes it) after Surface
        old = []
        for b in insns:
            if b[0] == 0x89:
                d = subprocess.run([vo, "disasm", "--visa-version", "%d.%d" % ver, b.hex()], capture_output=True,
                                   text=True).stdout
                o = [int(l.split("@")[1].split()[0]) for l in d.splitlines() if l.startswith("ss_idx @")]
                if o and b[o[0]:o[0] + 4] == b"\0\0\0\0":
                    b = b[:o[0]] + b[o[0] + 4:]
            old.append(b)
        insns = old
    open(out, "wb").write(write_isa(kernel, ver, vars_, preds, surfs, insns))
    print(len(insns))
