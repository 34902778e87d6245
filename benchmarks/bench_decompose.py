"""Benchmark decompose(): f = B(f_1, f_2[, f_3]) with threshold f_j, a witness or a checked proof.

Instances per (n, operator): B(g_1, g_2) of two random LTFs depending on every variable, with
0, 1 or 2 points flipped (so both answers occur), plus a uniformly random function.  Reported per
group: how many are decomposable, median and maximum wall-clock seconds (search + proof +
our RUP check), SAT rounds, cuts and DRUP lines of the largest proof, and the seconds our
pure-Python checker needs to re-verify it.

Run from the repository root:  python benchmarks/bench_decompose.py [--n 4,5,6] [--count 9]
Figures are wall-clock seconds on whatever machine runs this (see notes/decomposition.md).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from quarks.base.boolean import TruthTable, compose  # noqa: E402
from quarks.solvers.decompose import decompose, operator_table  # noqa: E402


def ltf(rng, n):
    while True:
        w = [rng.randint(-20, 20) for _ in range(n)]
        t = sum(w) / 2 + rng.randint(-3, 3) + 0.5
        g = TruthTable.from_callable(n, lambda *x: int(sum(a * b for a, b in zip(w, x)) > t))
        if len(g.support()) == n:
            return g


def instances(rng, n, B, count):
    out = []
    for i in range(count):
        f = compose(B, [ltf(rng, n) for _ in range(B.n)])
        for _ in range(i % 3):
            f = TruthTable(n, f.bits ^ (1 << rng.randrange(1 << n)))
        out.append(f)
    out.append(TruthTable(n, rng.getrandbits(1 << n)))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", default="4,5,6")
    ap.add_argument("--ops", default="AND,XOR,MAJ3")
    ap.add_argument("--count", type=int, default=9)
    args = ap.parse_args(argv)
    rng = random.Random(2024)
    decompose(TruthTable(2, 6), operator_table("AND"))  # import scipy and pysat once
    print("| n | B | instances | decomposable | median s | max s | max rounds | cuts (largest proof) "
          "| DRUP lines (largest) | our check s (largest) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n in [int(t) for t in args.n.split(",")]:
        for name in args.ops.split(","):
            B = operator_table(name)
            times, results = [], []
            for f in instances(rng, n, B, args.count):
                t0 = time.perf_counter()
                r = decompose(f, B, [1] * B.n)
                times.append(time.perf_counter() - t0)
                results.append(r)
            proofs = [r for r in results if not r.decomposable]
            big = max(proofs, key=lambda r: r.stats["proof_lines"], default=None)
            print(f"| {n} | {name} | {len(results)} | {sum(r.decomposable for r in results)} "
                  f"| {statistics.median(times):.2f} | {max(times):.2f} "
                  f"| {max(r.stats['rounds'] for r in results)} "
                  f"| {len(big.cuts) if big else '-'} | {big.stats['proof_lines'] if big else '-'} "
                  f"| {big.stats['check_seconds']:.2f} |" if big else
                  f"| {n} | {name} | {len(results)} | {len(results)} | {statistics.median(times):.2f} "
                  f"| {max(times):.2f} | {max(r.stats['rounds'] for r in results)} | - | - | - |",
                  flush=True)


if __name__ == "__main__":
    main()
