"""Benchmark realize per function on issue 41's seeded workload, against bare references.

Degree 1, n = 6, 8, 10, 12 (200 functions per n by default: issue 41's 800): half random linear
threshold functions (sign of random integer weights, normal, against a random threshold), half
perturbed ones (one to three flipped bits, or the near-boundary true and false points swapped).
Routes, side by side in one process:

* ``old``   (with --old) the route before issue 41: quarks.solvers.lp (HiGHS on all 2^n rows,
            exact repair), with the exact certificate check realize() does;
* ``new``   quarks.solvers.realize.realize (the reduced route of quarks.solvers.reduced), with
            its exact certificate;
* ``kitty`` a bare "kitty-style" reference written here only: a unateness check, then one HiGHS
            LP (scipy) with rows on the minimal true / maximal false points; no certificate.

Degree 2, n = 6, 8, 10, a workload of the same kind (signs of random integer quadratics, half
perturbed): ``new`` (the cutting-plane LP of quarks.solvers.cutting_plane, with its certificate)
against one bare HiGHS LP on the full monomial matrix, by scipy's linprog and handed to HiGHS
directly; then functions per second of the batch form quarks.realize_many at n = 6, 8, 10.

The machine may be shared: times are CPU of this process (time.process_time, per function),
the median of --repeat repetitions with the routes interleaved; wall in parentheses.  Verdicts
must agree between all routes (the "verdicts agree" column).

``--first``: the side-by-side of a fresh process per route at n = 6 (issue 50): CPU ms of its first
call (imports and numba's kernels loaded from its cache, or compiled when the cache is cold, paid
there), the median of the later calls, and the sum over the functions.

Run from the repository root:  python benchmarks/bench_realize_route.py [--repeat 5] [--old] [--count 200] [--first]
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
    """A random threshold function: (bits, w.x - t for every x, its 0/1 values)."""
    w = np.round(rng.normal(0, 10, n)).astype(np.int64)
    x = np.arange(1 << n)
    dots = ((x[:, None] >> np.arange(n)) & 1) @ w
    t = rng.normal(0, 10) + 0.5  # never hit exactly by an integer dot product
    vals = (dots > t).astype(np.uint8)
    return int.from_bytes(np.packbits(vals, bitorder="little").tobytes(), "little"), dots - t, vals


def ptf_bits(rng: np.random.Generator, n: int, degree: int) -> tuple[int, np.ndarray, np.ndarray]:
    """A random threshold function of degree <= degree: the sign of a polynomial with integer
    (rounded normal, sd 10) coefficients on the monomials and a constant ending in .5."""
    from quarks.solvers.monomials import design_matrix

    D = design_matrix(n, degree)
    w = np.round(rng.normal(0, 10, D.shape[1])) + np.eye(D.shape[1])[0] * 0.5  # no point on the boundary
    p = D @ w
    vals = (p > 0).astype(np.uint8)
    return int.from_bytes(np.packbits(vals, bitorder="little").tobytes(), "little"), p, vals


def perturbed(rng: np.random.Generator, n: int, bits: int, margin: np.ndarray, vals: np.ndarray) -> int:
    """One to three flipped bits (half the time), else the true point nearest the boundary swapped
    with the false point nearest it."""
    if rng.random() < 0.5:
        for x in rng.choice(1 << n, size=int(rng.integers(1, 4)), replace=False):
            bits ^= 1 << int(x)
    else:
        true, false = np.flatnonzero(vals == 1), np.flatnonzero(vals == 0)
        if len(true) and len(false):
            a = int(true[np.argmin(margin[true])])
            b = int(false[np.argmax(margin[false])])
            bits ^= (1 << a) | (1 << b)
    return bits


def workload(n: int, count: int, seed: int = 41, degree: int = 1) -> list[TruthTable]:
    """count functions of n variables: count // 2 threshold functions of the degree, the rest
    perturbed (issue 41's workload; degree 1 with seed 41 is the table in notes/performance.md)."""
    rng = np.random.default_rng(seed * 100 + n + (1000 * degree if degree != 1 else 0))
    out = []
    for k in range(count):
        bits, margin, vals = ltf_bits(rng, n) if degree == 1 else ptf_bits(rng, n, degree)
        if k >= count // 2:
            bits = perturbed(rng, n, bits, margin, vals)
        out.append(TruthTable(n, bits))
    return out


def bare_highs(f: TruthTable, degree: int = 2) -> bool:
    """One HiGHS feasibility LP (scipy.optimize.linprog) on the full monomial matrix (all 2^n
    rows); no certificate."""
    from scipy.optimize import linprog

    from quarks.solvers.lp import signed_matrix

    B = signed_matrix(f, degree).astype(float)
    res = linprog(np.zeros(B.shape[1]), A_ub=-B, b_ub=-np.ones(B.shape[0]), bounds=(None, None), method="highs")
    return res.status == 0


def bare_highs_direct(f: TruthTable, degree: int = 2) -> bool:
    """The same LP passed to HiGHS directly (the interface the cutting-plane route uses, without
    linprog's checks and conversions): all 2^n rows at once, no certificate."""
    from quarks.solvers.cutting_plane import RowLP, float_design, highs_core

    D, _ = float_design(f.n, degree)
    lp = RowLP(highs_core(), D, bits_to_array(f.bits, f.n).astype(bool))
    lp.add(np.arange(D.shape[0]))
    return lp.solve() == "feasible"


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


def timed(route, fs) -> tuple[float, list[float], list[bool]]:
    """(ms per function wall, CPU ms of each function, verdicts)."""
    cpu, out = [], []
    w0 = time.perf_counter()
    for f in fs:
        c0 = time.process_time()
        out.append(route(f))
        cpu.append(1e3 * (time.process_time() - c0))
    return 1e3 * (time.perf_counter() - w0) / len(fs), cpu, out


def compare(routes: dict, fs: list, repeat: int) -> dict:
    """Each route on fs, repeat times, interleaved (a load spike hits every route alike): per
    route the median over the repetitions of the wall and CPU ms per function, the CPU ms per
    function of each verdict class (medians), and the verdicts (equal in every repetition)."""
    runs: dict = {name: [] for name in routes}
    for _ in range(repeat):
        for name, route in routes.items():
            runs[name].append(timed(route, fs))
    out = {}
    for name, rs in runs.items():
        verdicts = rs[0][2]
        assert all(r[2] == verdicts for r in rs), name
        by_class = {}
        for cls in (True, False):
            idx = [i for i, v in enumerate(verdicts) if v == cls]
            if idx:
                by_class[cls] = float(np.median([sum(r[1][i] for i in idx) / len(idx) for r in rs]))
        out[name] = {"wall": float(np.median([r[0] for r in rs])),
                     "cpu": float(np.median([sum(r[1]) / len(fs) for r in rs])),
                     "best": min(sum(r[1]) / len(fs) for r in rs),
                     "class": by_class, "verdicts": verdicts}
    return out


def cell(r: dict) -> str:
    return f"{r['cpu']:.2f} ({r['wall']:.2f})"


def first_calls(route: str, count: int) -> tuple[float, float, float, float]:
    """In this process (a fresh one): CPU ms of the first call of ``route`` on the n = 6 workload, of its
    slowest call (the one that pays a lazy load: the workload starts with a constant), the median of
    the calls, and their sum."""
    fn = {"new": new_route, "kitty": kitty_style}[route]
    cpu = []
    for f in workload(6, count):
        c0 = time.process_time()
        fn(f)
        cpu.append(1e3 * (time.process_time() - c0))
    return cpu[0], max(cpu), float(np.median(cpu)), sum(cpu)


def side_by_side_first(count: int) -> None:
    """Each route in a fresh process (``first_calls``), one row per route."""
    import subprocess

    print(f"| route, fresh process, n = 6, {count} functions | first call | slowest call | median | sum |")
    print("|---|---|---|---|---|")
    for route in ("new", "kitty"):
        code = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import bench_realize_route as b; "
                f"print(*b.first_calls({route!r}, {count}))")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        first, slowest, median, total = map(float, out.stdout.split())
        print(f"| {route} | {first:.1f} | {slowest:.1f} | {median:.3f} | {total:.1f} |", flush=True)
    print("(CPU ms; new: the reduced route with its exact certificate; kitty: the kitty-style reference, no certificate)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200, help="functions per n (default 200: issue 41's 800 at n = 6..12)")
    ap.add_argument("--ns", type=int, nargs="*", default=[6, 8, 10, 12], help="n at degree 1 (none: skip degree 1)")
    ap.add_argument("--repeat", type=int, default=3, help="timed repetitions; medians reported (default 3)")
    ap.add_argument("--old", action="store_true", help="also time the route before issue 41 (lp-full)")
    ap.add_argument("--degree2", type=int, default=200, help="functions per n at degree 2 (0: skip)")
    ap.add_argument("--batch", type=int, default=2000, help="functions per n for realize_many (0: skip)")
    ap.add_argument("--first", action="store_true", help="only the first call's cost, a fresh process per route")
    args = ap.parse_args(argv)
    if args.first:
        side_by_side_first(args.count)
        return 0
    from quarks.solvers.realize import realize

    routes = {"new": new_route, "kitty": kitty_style}
    if args.old:
        routes = {"old": old_route, **routes}
    for route in routes.values():  # warm up imports and compiled kernels (every branch of the routes)
        for f in workload(6, 40, seed=1):
            route(f)
    print(f"CPU ms per function, median of {args.repeat} (wall ms in parentheses)")
    head = "| n | functions (threshold) |" + (" old |" if args.old else "") + \
        " new, with certificate | kitty-style, no certificate | new / kitty (CPU) | new: threshold / not | verdicts agree |"
    if args.ns:
        print()
        print(head)
        print("|" + "---|" * (head.count("|") - 1))
    for n in args.ns:
        fs = workload(n, args.count)
        res = compare(routes, fs, args.repeat)
        agree = all(r["verdicts"] == res["new"]["verdicts"] for r in res.values())
        new = res["new"]
        print(f"| {n} | {len(fs)} ({sum(new['verdicts'])}) |" + (f" {cell(res['old'])} |" if args.old else "")
              + f" {cell(new)} | {cell(res['kitty'])} | {new['cpu'] / res['kitty']['cpu']:.2f} "
              f"| {new['class'].get(True, 0):.2f} / {new['class'].get(False, 0):.2f} | {agree} |", flush=True)
    if args.degree2:
        d2 = {"new": lambda f: realize(f, 2).realizable, "bare": bare_highs, "direct": bare_highs_direct}
        if args.old:
            d2 = {"old": lambda f: realize(f, 2, "lp-full").realizable, **d2}
        warm = workload(6, 10, seed=1, degree=2) + [TruthTable(6, (1 << 64) // 3 + k) for k in range(4)]
        for route in d2.values():  # both answers, so every import is paid before timing
            for f in warm:
                route(f)
        print()
        head = "| n | degree 2 functions (realizable) |" + (" old |" if args.old else "") + \
            " new, with certificate | bare HiGHS (linprog) | new / bare | new: realizable / not |" \
            " bare: realizable / not | HiGHS direct, all rows | verdicts agree |"
        print(head)
        print("|" + "---|" * (head.count("|") - 1))
        for n in (6, 8, 10):
            fs = workload(n, args.degree2, degree=2)
            res = compare(d2, fs, args.repeat)
            agree = all(r["verdicts"] == res["new"]["verdicts"] for r in res.values())
            new, bare = res["new"], res["bare"]
            print(f"| {n} | {len(fs)} ({sum(new['verdicts'])}) |" + (f" {cell(res['old'])} |" if args.old else "")
                  + f" {cell(new)} | {cell(bare)} | {new['cpu'] / bare['cpu']:.2f} "
                  f"| {new['class'].get(True, 0):.2f} / {new['class'].get(False, 0):.2f} "
                  f"| {bare['class'].get(True, 0):.2f} / {bare['class'].get(False, 0):.2f} "
                  f"| {cell(res['direct'])} | {agree} |", flush=True)
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
