#!/usr/bin/env python3
"""Judges `visa-oracle check --json` over the LSC_UNTYPED vector files for an example DUT.

  dut_lsc_vectors.py REPORT.jsonl VECTOR_FILE...

Passes (exit 0) when no test failed, every test was either passed or answered
"unsupported", and every unsupported one is a form the example DUTs document as
unsupported (examples/dut_c/README.md): lsc_load_status (sub-op 0x1B), the
append-counter atomics (0x28/0x29) or the `arg` address model (byte 8, the address model, is
5) - read from the instruction bytes of the vector itself, not from the DUT.
"""
import json
import sys


def main():
    report, files = sys.argv[1], sys.argv[2:]
    lines = [json.loads(l) for l in open(report) if l.strip()]
    summary, records = lines[-1], lines[:-1]
    tests = {}
    n = 0
    for f in files:
        doc = json.load(open(f))
        for i, t in enumerate(doc["tests"], 1):
            tests[(f, i)] = t
            n += 1
    errs = []
    if summary.get("failed") != 0:
        errs.append("%s failed" % summary.get("failed"))
    if summary.get("unsupported_listed") is False:
        errs.append("the report has no unsupported records: run check with --unsupported")
    if sum(1 for r in records if r.get("unsupported")) != summary.get("unsupported", 0):
        errs.append("%d unsupported records for %s unsupported" % (sum(1 for r in records if r.get("unsupported")), summary.get("unsupported")))
    if summary.get("passed", 0) + summary.get("unsupported", 0) != n:
        errs.append("passed %s + unsupported %s != %d tests" % (summary.get("passed"), summary.get("unsupported"), n))
    for r in records:
        if not r.get("unsupported"):
            errs.append("test %s failed: %s" % (r.get("id"), r.get("bucket")))
            continue
        b = bytes.fromhex(tests[(r["file"], r["index"])]["input"]["insn"])
        documented = len(b) >= 10 and b[0] == 0x89 and (b[1] in (0x1B, 0x28, 0x29) or b[8] == 5)
        if not documented:
            errs.append("test %s answered unsupported but is no load_status / append counter / arg form" % r["id"])
    for e in errs[:10]:
        print("  " + e)
    print("%d tests: %s passed, %s unsupported (load_status, append counters, arg), %s failed"
          % (n, summary.get("passed"), summary.get("unsupported"), summary.get("failed")))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
