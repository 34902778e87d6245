"""Timings of the exhaustive LTL check and the largest certified temperatures.

Run: ``python benchmarks/bench_ltl.py [--table]`` from the repository root.  Prints, for each
formula, the time to check every string of length <= 12 on two letters (8,190 strings), and with
``--table`` the largest certified multiple of tau(n) = 1/(2n) (grid 1/4) per construction and n.
"""
from __future__ import annotations

import sys
import time

from quarks.ltl.check import exhaustive_check, largest_factor
from quarks.proofs.yang.temperature import CONSTRUCTIONS

FORMULAS = ["Y Y a & Y b & a", "!b S a", "(a & Y b) S (X a | b)", "ODD(#left[a])", "#left[a] > #left[b]",
            "#[a] >= 2*#[b]", "!P(#left[Y a] = #right[a])"]


def main(argv) -> int:
    for f in FORMULAS:
        for variant in ("temperature", "unbounded"):
            t = time.perf_counter()
            r = exhaustive_check(f, "ab", 12, variant)
            dt = time.perf_counter() - t
            print(f"{f:32s} {variant:12s} {r['cases']} strings  holds={r['holds']}  margin={r['margin']:.4f}  "
                  f"layers={r['layers']}  {dt:.2f} s")
    if "--table" in argv:
        for name, (f, variant) in CONSTRUCTIONS.items():
            row = [largest_factor(f, "ab", n, variant) for n in range(2, 13)]
            print(f"{name:7s} {f:22s} " + " ".join(str(x) for x in row))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
