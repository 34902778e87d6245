"""Benchmarks of the threshold enumeration (figures go to notes/performance.md).

    python benchmarks/bench_enumerate.py            # the required figures (~1 minute)
    python benchmarks/bench_enumerate.py --stretch  # also |T(8;1)| (~7 minutes on 2 cores)

Each figure is wall-clock time in this process after the numba cache is warm, except the
"cold" line, which runs a fresh interpreter (import, numba cache load, classification).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def timed(label, fn, results):
    t0 = time.perf_counter()
    value = fn()
    dt = time.perf_counter() - t0
    results.append({"task": label, "seconds": round(dt, 3), "value": value})
    print(f"{label:58s} {dt:9.3f} s   {value}", flush=True)
    return value


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--stretch", action="store_true", help="also count T(8;1)")
    ap.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    args = ap.parse_args(argv)

    from quarks.solvers import enumerate as E
    from quarks.solvers.classify import classify, verify
    from quarks.solvers.completeness import verify_regular_enumeration

    results = []
    E.count_threshold(3)          # warm the numba cache
    verify(classify(2, 1))

    cold = subprocess.run(
        [sys.executable, "-c",
         "import time; t=time.perf_counter(); from quarks.solvers.classify import classify, verify; "
         "r = verify(classify(4, 1)); print(time.perf_counter() - t, r['members'], r['all_valid'])"],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    results.append({"task": "classify all 65,536 functions of 4 variables, d=1, cold process",
                    "seconds": round(float(cold[0]), 3), "value": [int(cold[1]), cold[2] == "True"]})
    print(f"{results[-1]['task']:58s} {float(cold[0]):9.3f} s   {cold[1]} members, all evidence valid: {cold[2]}")
    timed("classify all 65,536 functions of 4 variables, d=1, warm",
          lambda: verify(classify(4, 1))["members"], results)
    timed("classify all 65,536 functions of 4 variables, d=2",
          lambda: verify(classify(4, 2))["members"], results)
    timed("list T(5;1)", lambda: len(E.threshold_class(5, 1)), results)
    timed("list T(6;1)", lambda: len(E.threshold_class(6, 1)), results)
    timed("count T(7;1) (regular representatives + orbit sizes)", lambda: E.count_threshold(7, 1), results)
    timed("re-verify T(5;1): levels, weights, certificates, orbits",
          lambda: verify_regular_enumeration(5, 94572)["holds"], results)
    timed("re-verify T(7;1): levels, weights, certificates, count",
          lambda: verify_regular_enumeration(7, 8378070864)["holds"], results)
    if args.stretch:
        timed("count T(8;1) (stretch)", lambda: E.count_threshold(8, 1, progress=True), results)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
