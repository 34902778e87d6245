"""quarks estimate: |T(n;1)| from random samples, with a 95 % interval (method halves: a certificate)."""
from __future__ import annotations

import json
import sys


def add_parser(sub, verb):
    from quarks.cli import answer

    p = sub.add_parser(
        verb, help="estimate |T(n;1)| (n <= 10) from random samples, with a 95 %% interval",
        description="Estimate |T(n;1)|, the number of linear threshold functions of n variables, without holding "
        "a level in memory. Default (--method halves): the regular positive threshold functions of 0..n "
        "variables form a tree (a function of m + 1 variables below its restriction to x_(m+1) = 0); every node "
        "at depth --top is enumerated exactly, and each sample is an SMC run of P walkers down the remaining "
        "depths, each node's children decided exactly, the last step's orbit mass summed exactly: an "
        "unbiased exact rational. Samples are independent (sample i of seed s seeded by the four 32-bit words of s and i), "
        "the interval is a t interval over them, and --out/--json give a certificate that check-cert "
        "verifies by recomputing every sample. Relative variance of a sample about 1/P (n <= 8) and 3/P "
        "(n = 9); about 10 ms of CPU per walker at n = 9 (notes/records.md). --method smc / knuth: the older "
        "random walks on the levels of one n (heavy-tailed; for comparison, no certificate). "
        "Exact values for n <= 9 (OEIS A000609) are printed alongside.",
    )
    p.add_argument("--n", type=int, required=True, help="number of variables, 1..10")
    p.add_argument("--method", choices=("halves", "smc", "knuth"), default="halves", help="estimator (default halves)")
    p.add_argument("--paths", type=int, default=None, metavar="P",
                   help="walkers per sample (halves, default 32; smc: per run) or number of paths (knuth)")
    p.add_argument("--top", type=int, default=None, metavar="T",
                   help="halves: the depth enumerated exactly (default n - 1 up to n = 8, 7 at n = 9, 8 at n = 10)")
    p.add_argument("--runs", type=int, default=None, metavar="R",
                   help="halves: new samples to draw (default 20, or as many as --cpu-seconds allows); "
                   "smc: independent runs (>= 2; default 10)")
    p.add_argument("--seed", type=int, default=None,
                   help="random seed (default: fresh entropy; with --out/--json the seed is fixed by n, --top and "
                        "--paths, and the certificate names samples 0, 1, .. of it)")
    p.add_argument("--cpu-seconds", "--seconds", dest="seconds", type=float, default=None, metavar="S",
                   help="CPU budget: start no new sample (run) after S seconds of this process's CPU time")
    p.add_argument("--samples", default=None, metavar="FILE",
                   help="append each sample to FILE as a JSON line; halves: the samples already in FILE with "
                   "the same n, --top and --paths are combined with the new ones (resume; several processes "
                   "with different seeds may share FILE)")
    p.add_argument("--json", action="store_true",
                   help="print the estimate as one JSON object (halves: the certificate --out writes)")
    answer.add_out(p)
    p.add_argument("--progress", action="store_true", help="show progress on stderr")
    p.add_argument("--yes", "-y", action="store_true",
                   help="start a walk estimate (smc, knuth) forecast over an hour (without it, and without "
                        "--cpu-seconds, such a run prints its forecast and exits with code 4)")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.method == "halves":
        return run_halves(args)
    return run_walks(args)


def _prefix(samples: list) -> list:
    """The samples of indices 0, 1, .. without a gap (a certified estimate's are one run from 0)."""
    by_index = {i: (s, i, a) for s, i, a in samples}
    out = []
    while len(out) in by_index:
        out.append(by_index[len(out)])
    return out


def _read_samples(path: str, n: int, top: int, particles: int) -> list:
    """(seed, index, numerator) of the halves samples in FILE for this n, top and walker count."""
    from pathlib import Path

    from quarks.base.errors import UsageError

    out, seen = [], set()
    if not Path(path).exists():
        return out
    for k, line in enumerate(Path(path).read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
        except json.JSONDecodeError:
            raise UsageError(f"--samples {path}: line {k} is not JSON") from None
        if d.get("method") != "halves" or (d.get("n"), d.get("top"), d.get("paths")) != (n, top, particles):
            continue
        key = (int(d["seed"]), int(d["index"]))
        if key not in seen:
            seen.add(key)
            out.append((*key, int(d["numerator"])))
    return out


def run_halves(args) -> int:
    import secrets

    from quarks.base.errors import UsageError
    from quarks.cli import answer
    from quarks.proofs.baldi.counting import A000609
    from quarks.solvers import halftree as H

    n = args.n
    if not 1 <= n <= H.MAX_N:
        raise UsageError(f"the estimate supports 1 <= n <= {H.MAX_N}, got n = {n}")
    top = H.default_top(n) if args.top is None else args.top
    if not 0 <= top <= min(n - 1, H.MAX_TOP):
        raise UsageError(f"--top must be in 0..{min(n - 1, H.MAX_TOP)} for n = {n}, got {top}")
    particles = 32 if args.paths is None else args.paths
    if not 1 <= particles <= 1 << 16:
        raise UsageError(f"--paths must be in 1..65536, got {particles}")
    if args.runs is not None and args.runs < 1:
        raise UsageError(f"--runs must be >= 1, got {args.runs}")
    if args.seconds is not None and args.seconds <= 0:
        raise UsageError(f"--cpu-seconds must be > 0, got {args.seconds}")
    if args.seed is not None and not 0 <= args.seed < 2 ** 63:
        raise UsageError(f"--seed must be in 0..2^63 - 1, got {args.seed}")
    answer.check_out(args)
    earlier = []
    if args.samples is not None:
        from pathlib import Path

        parent = Path(args.samples).resolve().parent
        if not parent.is_dir():
            raise UsageError(f"--samples {args.samples}: directory {parent} does not exist")
        earlier = _read_samples(args.samples, n, top, particles)
    fixed = H.instance_seed(n, top, particles)
    if answer.wanted(args):   # a certificate's samples are the checker's: seed fixed by n, top, walkers; from index 0
        if args.seed is not None and args.seed != fixed:
            raise UsageError(f"--seed: a certified estimate's samples are fixed by n, --top and --paths (seed {fixed}, "
                             "indices from 0); drop --seed, or drop --out/--json")
        earlier = _prefix([e for e in earlier if e[0] == fixed])
    seed = (fixed if answer.wanted(args) else secrets.randbits(63)) if args.seed is None else args.seed
    start = 1 + max((i for s, i, _ in earlier if s == seed), default=-1)
    runs = args.runs if args.runs is not None or args.seconds is not None else 20
    seconds = halves_forecast(n, top, particles, runs, args.seconds)
    if seconds > 3600 and args.seconds is None and not args.yes:
        from quarks.base.errors import NeedsConfirmation

        raise NeedsConfirmation(f"quarks estimate: {runs} samples of {particles} walkers; expected about "
                                f"{_duration(seconds)} of CPU; not started: run again with --yes, or give "
                                "--cpu-seconds S to stop after S seconds of CPU")
    if seconds > 60:
        print(f"quarks estimate: {runs or 'as many'} samples of {particles} walkers (depth {top} exact); expected "
              f"about {_duration(seconds)} of CPU", file=sys.stderr, flush=True)
    fh = open(args.samples, "a") if args.samples else None
    progress = args.progress

    def record(s, i, a):
        if fh is not None:
            fh.write(json.dumps({"n": n, "method": "halves", "top": top, "paths": particles, "seed": s,
                                 "index": i, "numerator": str(a)}) + "\n")
            fh.flush()
        if progress:
            print(f"sample {i} of seed {s}: {a / particles ** (n - top):.6g}", file=sys.stderr)

    try:
        est = H.estimate(n, particles, top, seed, start, runs, args.seconds, earlier, record)
    finally:
        if fh is not None:
            fh.close()
    exact = A000609[n] if n < len(A000609) else None
    if answer.wanted(args):
        from quarks.claims.questions import estimate_check

        inst = {"n": n, "method": "halves", "top": top, "particles": particles, "runs": est.runs()}
        result = H.answer(est)
        verdict = estimate_check(inst, result)
        _, cert = answer.certify("explore.estimate", inst, "at most 100,000 samples", verdict=verdict,
                                 elapsed=est.seconds)
        cert["data"]["timings"] = {"seed": seed, "new_samples": len(est.samples) - len(earlier),
                                   "cpu_seconds": round(est.cpu_seconds, 2), "seconds": round(est.seconds, 2)}
        if not args.json:
            _print_halves(est, seed, exact)
        answer.emit(cert, args)
        return 0
    _print_halves(est, seed, exact)
    return 0


def _print_halves(est, seed: int, exact: int | None) -> None:
    m, se, (lo, hi) = est.count
    print(f"|T({est.n};1)| ~ {m:.6g}  (95 % interval {lo:.4g} .. {hi:.4g}, relative half-width "
          f"{(hi - m) / m:.3g}; se {se:.3g})")
    print(f"{len(est.samples)} samples of {est.particles} walkers (depth {est.top} exact), seed {seed}; "
          f"{est.cpu_seconds:.1f} s CPU ({est.seconds:.1f} s wall) in this process")
    if exact is not None:
        inside = lo <= exact <= hi
        print(f"exact (A000609): {exact:,}; relative error {m / exact - 1:+.3f}, "
              f"{'inside' if inside else 'OUTSIDE'} the 95 % interval")


def run_walks(args) -> int:
    from quarks import api
    from quarks.base.errors import UsageError
    from quarks.proofs.baldi.counting import A000609

    if args.paths is None:
        raise UsageError(f"--method {args.method} needs --paths P")
    if args.out is not None:
        raise UsageError("--out certifies the halves estimate only (--method halves)")

    if args.samples is not None:
        from pathlib import Path

        parent = Path(args.samples).resolve().parent
        if not parent.is_dir():
            raise UsageError(f"--samples {args.samples}: directory {parent} does not exist")
    seconds = forecast(args)
    if seconds > 3600 and args.seconds is None and not args.yes:
        from quarks.base.errors import NeedsConfirmation

        raise NeedsConfirmation(f"{_forecast_line(args, seconds)}; not started: run again with --yes, or give "
                                "--cpu-seconds S to stop after S seconds of CPU")
    if seconds > 60:
        print(_forecast_line(args, seconds), file=sys.stderr, flush=True)
    fh = open(args.samples, "a") if args.samples else None

    def record(sample):
        if fh is not None:
            fh.write(json.dumps({"n": args.n, "method": args.method, "paths": args.paths, "seed": args.seed,
                                 "nodes": float(sample[0]), "middle": float(sample[1]),
                                 "count": float(sample[2])}) + "\n")
            fh.flush()

    try:
        est = api.estimate(args.n, args.paths, runs=args.runs, method=args.method, seed=args.seed, seconds=args.seconds,
                           on_sample=record, progress=args.progress or sys.stderr.isatty() or seconds > 60)
    finally:
        if fh is not None:
            fh.close()
    out = est.as_dict()
    exact = A000609[args.n] if args.n < len(A000609) else None
    if exact is not None:
        out["exact"] = exact
        out["relative_error"] = out["count"] / exact - 1
        lo, hi = out["count_ci95"]
        out["exact_in_ci95"] = lo <= exact <= hi
    if args.json:
        print(json.dumps(out))
        return 0
    m, se, (lo, hi) = est.count
    print(f"|T({args.n};1)| ~ {m:.6g}  (95 % interval {lo:.4g} .. {hi:.4g}, se {se:.3g})")
    nm, _, (nlo, nhi) = est.nodes
    rm, _, (rlo, rhi) = est.regular
    print(f"regular positive representatives: ~ {nm:.4g} in levels 0..{(1 << args.n) // 2} "
          f"({nlo:.3g} .. {nhi:.3g}); ~ {rm:.4g} with the upper levels ({rlo:.3g} .. {rhi:.3g})")
    what = f"{est.runs} runs of {est.paths} walkers" if est.method == "smc" else f"{est.runs} paths"
    print(f"{what}, {est.cpu_seconds:.1f} s CPU ({est.seconds:.1f} s wall), {est.expanded:,} nodes expanded")
    if exact is not None:
        print(f"exact (A000609): {exact:,}; relative error {out['relative_error']:+.3f}, "
              f"{'inside' if out['exact_in_ci95'] else 'OUTSIDE'} the 95 % interval")
    return 0


# CPU seconds per walker of one halves sample at the default depth, and of enumerating that depth
# (notes/records.md, "Measured routes": 0.18 s per 16 walkers at n = 9, 1.7 s at n = 10); smaller n: negligible
HALVES_COST = {9: 0.011, 10: 0.11}
HALVES_TOP = {7: 6.0, 8: 60.0}


def halves_forecast(n: int, top: int, particles: int, runs, budget) -> float:
    """The expected CPU seconds of a halves estimate: the enumerated depth, then runs x walkers x the cost of one."""
    if budget is not None:
        return budget + HALVES_TOP.get(top, 0.0)
    return HALVES_TOP.get(top, 0.0) + (runs or 1) * particles * HALVES_COST.get(n, 0.0)


def _duration(seconds: float) -> str:
    from quarks.base.progress import duration

    return duration(seconds)


# CPU seconds per walker and level of the walks (the --help figures, one core); smaller n: negligible
COST = {8: 0.2e-3, 9: 0.8e-3, 10: 1.2e-3}


def forecast(args) -> float:
    """The expected CPU seconds of an SMC estimate (walkers x runs x levels x the cost per step), at most
    its --cpu-seconds budget; 0 for Knuth's paths and small n."""
    if args.method != "smc" or args.n not in COST or args.paths < 1:
        return 0.0
    seconds = args.paths * (args.runs or 10) * ((1 << args.n) // 2) * COST[args.n]
    return min(seconds, args.seconds) if args.seconds else seconds


def _forecast_line(args, seconds: float) -> str:
    from quarks.base.progress import duration

    return (f"quarks estimate: {args.runs or 10} runs of {args.paths} walkers over {(1 << args.n) // 2} levels; "
            f"expected about {duration(seconds)} of CPU ({COST[args.n] * 1e3:g} ms per walker and level at n = {args.n})")
