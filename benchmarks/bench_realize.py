"""Benchmark realize(): one function of 12 variables with its certificate, and small-n throughput.

Run from the repository root:  python benchmarks/bench_realize.py [--repeat R]
Figures are wall-clock seconds on whatever machine runs this (see notes/threshold.md).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from quarks.base.boolean import TruthTable, operators  # noqa: E402
from quarks.certify import check_record  # noqa: E402
from quarks.solvers.realize import realize  # noqa: E402


def ltf(rng, n, spread=50):
    w = [rng.randint(-spread, spread) for _ in range(n)]
    t = rng.randint(-spread, spread)
    return TruthTable(n, sum((2 * (sum(w[i] for i in range(n) if x >> i & 1) - t) > 1) << x
                             for x in range(1 << n)))


def timed(fn, repeat):
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), max(times), out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--n", type=int, default=12)
    args = ap.parse_args(argv)
    rng = random.Random(12)
    n = args.n

    t0 = time.perf_counter()
    import scipy.optimize  # noqa: F401

    print(f"import scipy.optimize: {time.perf_counter() - t0:.3f} s (paid once per process)")

    f = ltf(rng, n)
    cases = {
        f"LTF, n={n} (realizable)": (f, 1),
        f"LTF with one point flipped, n={n}": (f ^ TruthTable(n, 1 << rng.randrange(1 << n)), 1),
        f"uniformly random, n={n}": (TruthTable(n, rng.getrandbits(1 << n)), 1),
        f"sign of a random quadratic, n={n}, d=2": (None, 2),
    }
    from quarks.solvers.monomials import monomials

    # monotone (so no unateness shortcut) but not threshold: x1 x2 or x3 x4 or a positive LTF of the rest
    pos = [rng.randint(1, 30) for _ in range(n)]
    h = TruthTable(n, sum(((x & 3 == 3) or (x & 12 == 12) or sum(pos[i] for i in range(4, n) if x >> i & 1) > 8 * n) << x
                          for x in range(1 << n)))
    cases[f"x1x2 or x3x4 or positive LTF, n={n}"] = (h, 1)
    cases[f"uniformly random, n={n}, d=2"] = (TruthTable(n, rng.getrandbits(1 << n)), 2)

    coeffs = {S: rng.randint(-9, 9) for S in monomials(n, 2)}
    cases[f"sign of a random quadratic, n={n}, d=2"] = (TruthTable(n, sum(
        (2 * sum(c for S, c in coeffs.items() if x & S == S) > 1) << x for x in range(1 << n))), 2)
    for label, (g, d) in cases.items():
        med, worst, r = timed(lambda: realize(g, d), args.repeat)
        t1 = time.perf_counter()
        ok = check_record(r.to_evidence())
        t_check = time.perf_counter() - t1
        kind = "realization" if r.realizable else "non-realization"
        size = (max(abs(w) for w in r.weights + (r.threshold,)) if r.realizable
                else len(r.true_multipliers) + len(r.false_multipliers))
        what = "max |weight|" if r.realizable else "support"
        print(f"{label:45s} realize {med:.3f} s (max {worst:.3f})  {kind} via {r.backend}, {what} {size};"
              f" independent re-check {t_check:.3f} s, valid={ok.valid}")

    for small in (3, 4):
        fs = operators(small) if small == 3 else [TruthTable(4, b) for b in range(0, 1 << 16, 7)]
        t0 = time.perf_counter()
        count = sum(realize(g, 1).realizable for g in fs)
        dt = time.perf_counter() - t0
        print(f"n={small}: {len(fs)} functions classified (d=1) in {dt:.2f} s "
              f"({1e3 * dt / len(fs):.2f} ms each), {count} realizable")


if __name__ == "__main__":
    main()
