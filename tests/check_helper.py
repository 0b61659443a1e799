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
