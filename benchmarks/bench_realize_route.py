"""Benchmark realize at degree 1, per function, on a fixed seeded workload (issue 41).

For n = 6, 8, 10, 12: half random linear threshold functions (sign of random integer weights,
normal, against a random threshold), half perturbed ones (one to three flipped bits, or a
near-boundary true and false point swapped).  Three routes, side by side in one process:

* ``old``   today's route: quarks.solvers.lp (HiGHS on all 2^n rows, exact repair), with the
            exact certificate check realize() does;
* ``new``   quarks.solvers.realize.realize (the reduced route of quarks.solvers.reduced), with
            its exact certificate check;
* ``kitty`` a bare "kitty-style" reference written here only: a unateness check, then one HiGHS
            LP (scipy) with rows on the minimal true / maximal false points; no certificate.

Reports ms per function (wall, and CPU of this process) and whether the verdicts agree; then
at degree 2 (n = 6, 8, 10; signs of random quadratics, half perturbed) today's route, the new
one and a bare HiGHS LP on the full monomial matrix; then functions per second of the batch form
quarks.realize_many at n = 6, 8, 10.

Run from the repository root:  python benchmarks/bench_realize_route.py [--count 100] [--ns 6 8 10 12]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from quarks.base.boolean import TruthTable, bits_to_array  # noqa: E402


def ltf_bits(rng: np.random.Generator, n: int) -> tuple[int, np.ndarray, np.ndarray]:
    """A random threshold function: (bits, w.x for every x, its 0/1 values)."""
    w = np.round(rng.normal(0, 10, n)).astype(np.int64)
    x = np.arange(1 << n)
    dots = ((x[:, None] >> np.arange(n)) & 1) @ w
    t = rng.normal(0, 10) + 0.5  # never hit exactly by an integer dot product
    vals = (dots > t).astype(np.uint8)
    return int.from_bytes(np.packbits(vals, bitorder="little").tobytes(), "little"), dots - t, vals


def workload(n: int, count: int, seed: int = 41) -> list[TruthTable]:
    """count functions of n variables: count // 2 threshold, the rest perturbed."""
    rng = np.random.default_rng(seed * 100 + n)
    out = []
    for k in range(count):
        bits, margin, vals = ltf_bits(rng, n)
        if k >= count // 2:
            if rng.random() < 0.5:  # one to three flipped bits
                for x in rng.choice(1 << n, size=int(rng.integers(1, 4)), replace=False):
                    bits ^= 1 << int(x)
            else:  # the true point nearest the boundary swapped with the nearest false point
                true, false = np.flatnonzero(vals == 1), np.flatnonzero(vals == 0)
                if len(true) and len(false):
                    a = int(true[np.argmin(margin[true])])
                    b = int(false[np.argmax(margin[false])])
                    bits ^= (1 << a) | (1 << b)
        out.append(TruthTable(n, bits))
    return out


def quadratic_workload(n: int, count: int, seed: int = 42) -> list[TruthTable]:
    """count functions: signs of random integer quadratics, every other one with one to three bits flipped."""
    from quarks.solvers.monomials import design_matrix

    rng = np.random.default_rng(seed * 100 + n)
    D = design_matrix(n, 2)
    out = []
    for k in range(count):
        w = np.round(rng.normal(0, 10, D.shape[1])) + 0.5  # the constant's .5: no point on the boundary
        bits = int.from_bytes(np.packbits((D @ w > 0).astype(np.uint8), bitorder="little").tobytes(), "little")
        if k % 2:
            for x in rng.choice(1 << n, size=int(rng.integers(1, 4)), replace=False):
                bits ^= 1 << int(x)
        out.append(TruthTable(n, bits))
    return out


def bare_highs(f: TruthTable, degree: int = 2) -> bool:
    """One HiGHS feasibility LP on the full monomial matrix (all 2^n rows); no certificate."""
    from scipy.optimize import linprog

    from quarks.solvers.lp import signed_matrix

    B = signed_matrix(f, degree).astype(float)
    res = linprog(np.zeros(B.shape[1]), A_ub=-B, b_ub=-np.ones(B.shape[0]), bounds=(None, None), method="highs")
    return res.status == 0


def kitty_style(f: TruthTable) -> bool:
    """Unateness, then one HiGHS LP on the minimal true / maximal false points; no certificate."""
    from scipy.optimize import linprog

    n = f.n
    v = bits_to_array(f.bits, n).astype(bool)
    x = np.arange(1 << n)
    mask = 0
    for i in range(n):
        lo = (x >> i) & 1 == 0
        a, b = v[x[lo]], v[x[lo] | (1 << i)]
        if (b & ~a).any() and (a & ~b).any():
            return False  # binate
        if (a & ~b).any():
            mask |= 1 << i
    g = v[x ^ mask]
    if g.all() or not g.any():
        return True
    minimal, maximal = g.copy(), ~g
    for i in range(n):
        bit = (x >> i) & 1 == 1
        minimal &= ~(bit & g[x ^ (1 << i)])
        maximal &= ~(~bit & ~g[x ^ (1 << i)])
    pts = np.concatenate([x[minimal], x[maximal]])
    sign = np.concatenate([-np.ones(minimal.sum()), np.ones(maximal.sum())])
    A = np.hstack([((pts[:, None] >> np.arange(n)) & 1) * sign[:, None], -sign[:, None]])
    res = linprog(np.zeros(n + 1), A_ub=A, b_ub=-np.ones(len(pts)),
                  bounds=[(0, None)] * n + [(None, None)], method="highs")
    return res.status == 0


def old_route(f: TruthTable) -> bool:
    from quarks.solvers.lp import solve

    r = solve(f, 1)
    assert r.problem() is None
    return r.realizable


def new_route(f: TruthTable) -> bool:
    from quarks.solvers.realize import realize

    return realize(f, 1).realizable


def timed(route, fs) -> tuple[float, float, list[bool]]:
    """(ms per function wall, ms per function CPU, verdicts)."""
    w0, c0 = time.perf_counter(), time.process_time()
    out = [route(f) for f in fs]
    w1, c1 = time.perf_counter(), time.process_time()
    return 1e3 * (w1 - w0) / len(fs), 1e3 * (c1 - c0) / len(fs), out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100, help="functions per n (default 100)")
    ap.add_argument("--ns", type=int, nargs="+", default=[6, 8, 10, 12])
    ap.add_argument("--degree2", type=int, default=40, help="functions per n at degree 2 (0: skip)")
    ap.add_argument("--batch", type=int, default=2000, help="functions per n for realize_many (0: skip)")
    args = ap.parse_args(argv)
    routes = {"old": old_route, "new": new_route, "kitty": kitty_style}
    for route in routes.values():  # warm up imports and compiled kernels (every branch of the routes)
        for f in workload(6, 40, seed=1):
            route(f)
    print("| n | functions (threshold) | old ms (CPU) | new ms (CPU) | kitty-style ms (CPU) | new / kitty | verdicts agree |")
    print("|---|---|---|---|---|---|---|")
    for n in args.ns:
        fs = workload(n, args.count)
        res = {name: timed(route, fs) for name, route in routes.items()}
        agree = res["old"][2] == res["new"][2] == res["kitty"][2]
        cell = {k: f"{w:.2f} ({c:.2f})" for k, (w, c, _) in res.items()}
        print(f"| {n} | {len(fs)} ({sum(res['new'][2])}) | {cell['old']} | {cell['new']} | {cell['kitty']} "
              f"| {res['new'][0] / res['kitty'][0]:.2f} | {agree} |", flush=True)
    if args.degree2:
        from quarks.solvers.realize import realize

        d2 = {"old": lambda f: realize(f, 2, "lp-full").realizable, "new": lambda f: realize(f, 2).realizable,
              "bare": bare_highs}
        warm = quadratic_workload(6, 10, seed=1) + [TruthTable(6, (1 << 64) // 3 + k) for k in range(4)]
        for route in d2.values():  # both answers, so every import is paid before timing
            for f in warm:
                route(f)
        print()
        print("| n | degree 2 functions (realizable) | old ms (CPU) | new ms (CPU) | bare HiGHS ms (CPU) | new / bare | verdicts agree |")
        print("|---|---|---|---|---|---|---|")
        for n in (6, 8, 10):
            fs = quadratic_workload(n, args.degree2)
            res = {name: timed(route, fs) for name, route in d2.items()}
            agree = res["old"][2] == res["new"][2] == res["bare"][2]
            cell = {k: f"{w:.2f} ({c:.2f})" for k, (w, c, _) in res.items()}
            print(f"| {n} | {len(fs)} ({sum(res['new'][2])}) | {cell['old']} | {cell['new']} | {cell['bare']} "
                  f"| {res['new'][0] / res['bare'][0]:.2f} | {agree} |", flush=True)
    if args.batch:
        from quarks.api import realize_many

        print()
        print("| n | functions | realize_many functions/s wall | functions/s CPU | CPU s |")
        print("|---|---|---|---|---|")
        for n in (6, 8, 10):
            tables = [f.to_hex() for f in workload(n, args.batch, seed=7)]
            w0, c0 = time.perf_counter(), time.process_time()
            out = realize_many(tables, degree=1, n=n)
            w1, c1 = time.perf_counter(), time.process_time()
            assert len(out) == len(tables)
            print(f"| {n} | {len(tables)} | {len(tables) / (w1 - w0):,.0f} | {len(tables) / (c1 - c0):,.0f} "
                  f"| {c1 - c0:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
