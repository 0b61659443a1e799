#!/usr/bin/env python3
"""Helpers for tests/test_check.sh (standard library only).

  count VECTORS...                 number of tests in the files
  replay DUT_PY VECTORS... > OUT   a DUT's own harness: runs the example Python
                                   DUT on every test input and writes JSON lines
                                   {"id": <test id>, ...its reply...}
  faulty DUT_PY FAULTS.json        a --dut-cmd DUT: the example Python DUT, except
                                   that it crashes / hangs / prints garbage on the
                                   inputs listed in FAULTS.json
  subset VECTOR N OUT              the first N tests of a vector file
  pick VECTORS... ID OUT           the test with this id as a one-test vector file
  ids VECTOR                       the test ids, one per line
  recode DUT_PY                    a --dut-cmd DUT: the example Python DUT, but its
                                   "invalid" replies carry error codes of their own
                                   (D61), cycling through RECODES
  recode-results IN OUT            the same rewriting of a results file
  misbehave MODE DUT_PY            a --dut-cmd DUT out of step with the checker
                                   (issue 17): the example Python DUT, but
                                   twice: prints each reply twice at once
                                   late: echoes the test id, prints each reply,
                                     then 200 ms later the same reply again
                                   wrongid: echoes the previous input's id
                                   early: answers the second input with the
                                     first reply as soon as its first bytes arrive
                                   longline N ID: answers test ID with N bytes
                                     of 'x' and a newline
  bigsurface VECTOR OUT            the first 2 tests of a vector file, the second
                                   with an extra 1 MiB surface (its input line is
                                   larger than a pipe buffer)
"""
import importlib.util
import json
import os
import sys
import time


def load_dut(path):
    spec = importlib.util.spec_from_file_location("dut", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def tests_of(path):
    with open(path) as f:
        doc = json.load(f)
    return doc["tests"] if "tests" in doc else [doc]


def reply(dut, inp):
    try:
        return dut.handle(json.dumps(inp))
    except NotImplementedError as e:
        return {"status": "error", "message": str(e)}


# error members a third-party DUT may give with "status": "invalid" (D61):
# a foreign code, an oracle code (right or wrong for the case), a bare string,
# a non-string code, a code with extra members
RECODES = [
    {"code": "bad_exec_size", "message": "exec size out of range"},
    {"code": "E_EXEC_SIZE"},
    "unsupported encoding",
    {"code": 42},
    {"code": "E_OPCODE", "field": "opcode", "offset": 0},
    None,
]


def recode(reply, k):
    if reply.get("status") == "invalid":
        e = RECODES[k % len(RECODES)]
        if e is None:
            reply.pop("error", None)
        else:
            reply["error"] = e
        return k + 1
    return k


def misbehave(args):
    mode, dut = args[0], load_dut(args[1])
    out = sys.stdout

    def answer(line):
        inp = json.loads(line)
        tid = inp.pop("id", None)
        return tid, reply(dut, inp)

    def put(obj):
        out.write(json.dumps(obj, separators=(",", ":")) + "\n")

    if mode == "early":
        buf, n, last = b"", 0, None
        while True:
            chunk = os.read(0, 65536)
            if not chunk:
                return
            if n == 1 and last is not None:
                put(last)  # an answer before the question was fully asked
                out.flush()
                last = None
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                _, r = answer(line.decode())
                put(r)
                out.flush()
                last = r if n == 0 else last
                n += 1
        return
    prev = None
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        tid, r = answer(line)
        if mode == "longline" and tid == args[3]:
            out.write("x" * int(args[2]) + "\n")
            out.flush()
            continue
        if mode == "late":
            r = dict(id=tid, **r)
        if mode == "wrongid":
            r = dict(id=prev or tid, **r)
            prev = tid
        if mode == "twice":  # both lines in one write
            out.flush()
            os.write(1, (json.dumps(r, separators=(",", ":")) + "\n").encode() * 2)
            continue
        put(r)
        out.flush()
        if mode == "late":
            time.sleep(0.2)
            put(r)
            out.flush()


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "count":
        print(sum(len(tests_of(p)) for p in args))
    elif cmd == "ids":
        for t in tests_of(args[0]):
            print(t["id"])
    elif cmd == "replay":
        dut = load_dut(args[0])
        out = sys.stdout
        for p in args[1:]:
            for t in tests_of(p):
                r = reply(dut, t["input"])
                line = {"id": t["id"]}
                line.update(r)
                out.write(json.dumps(line, separators=(",", ":")) + "\n")
    elif cmd == "faulty":
        dut = load_dut(args[0])
        with open(args[1]) as f:
            faults = json.load(f)
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            inp = json.loads(line)
            inp.pop("id", None)  # the test id the checker sends (issue 17)
            if inp == faults["crash"]:
                os._exit(3)
            if inp == faults["hang"]:
                time.sleep(1000)
            if inp == faults["garbage"]:
                sys.stdout.write("this is not JSON\n")
                sys.stdout.flush()
                continue
            sys.stdout.write(json.dumps(reply(dut, inp), separators=(",", ":")) + "\n")
            sys.stdout.flush()
    elif cmd == "recode":
        dut = load_dut(args[0])
        k = 0
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            r = reply(dut, json.loads(line))
            k = recode(r, k)
            sys.stdout.write(json.dumps(r, separators=(",", ":")) + "\n")
            sys.stdout.flush()
    elif cmd == "recode-results":
        k = 0
        with open(args[0]) as f, open(args[1], "w") as g:
            for line in f:
                r = json.loads(line)
                k = recode(r, k)
                g.write(json.dumps(r, separators=(",", ":")) + "\n")
    elif cmd == "misbehave":
        misbehave(args)
    elif cmd == "bigsurface":
        with open(args[0]) as f:
            doc = json.load(f)
        t = json.loads(json.dumps(doc["tests"][0]))
        t["input"]["surfaces"].append({"index": 250, "size": 1 << 20, "data": [[0, "5a" * (1 << 19)]]})
        t.pop("id", None)
        doc["tests"] = [doc["tests"][0], t]
        with open(args[1], "w") as f:
            json.dump(doc, f)
    elif cmd == "subset":
        with open(args[0]) as f:
            doc = json.load(f)
        doc["tests"] = doc["tests"][: int(args[1])]
        with open(args[2], "w") as f:
            json.dump(doc, f)
    elif cmd == "pick":
        want, out = args[-2], args[-1]
        for p in args[:-2]:
            with open(p) as f:
                doc = json.load(f)
            for t in doc.get("tests", []):
                if t.get("id") == want:
                    doc["tests"] = [t]
                    with open(out, "w") as g:
                        json.dump(doc, g)
                    return
        sys.exit("no test " + want)
    else:
        sys.exit("unknown command " + cmd)


if __name__ == "__main__":
    main()
