"""quarks estimate: |T(n;1)| and the regular representatives from random walks, with a 95 % interval."""
from __future__ import annotations

import json
import sys


def add_parser(sub, verb):
    p = sub.add_parser(
        verb, help="estimate |T(n;1)| (n <= 10) from random walks, with a 95 %% interval",
        description="Estimate |T(n;1)|, the number of linear threshold functions of n variables, and the number "
        "of regular positive representatives, without holding a level in memory. Default (--method smc): "
        "independent runs of P walkers that go down the levels of regular positive threshold functions, each "
        "step to a random one-point extension g of its node p, weighted by D(p)/I(g) (extensions of p over "
        "parents of g) and resampled; unbiased, with the standard error over the runs and a t interval. "
        "--method knuth: Knuth's random paths of the canonical augmentation tree of `quarks count` (unbiased "
        "but with an enormous variance: for comparison). Every step is decided exactly. "
        "Cost per walker and level: about 0.2 ms at n = 8, 0.8 ms at n = 9, 1.2 ms at n = 10 (one core). "
        "The run estimates are heavily right-skewed: with too few walkers most runs fall far below the "
        "true count and the interval misses it (n = 9, 48 walkers: runs from 0.01 to 6 times the exact "
        "value; notes/records.md). Exact values for n <= 9 (OEIS A000609) are printed alongside.",
    )
    p.add_argument("--n", type=int, required=True, help="number of variables, 1..10")
    p.add_argument("--paths", type=int, required=True, metavar="P",
                   help="walkers per run (smc) or number of paths (knuth)")
    p.add_argument("--runs", type=int, default=None, metavar="R",
                   help="independent runs (smc only, >= 2; default 10): the standard error is over the runs")
    p.add_argument("--method", choices=("smc", "knuth"), default="smc", help="estimator (default smc)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: fresh entropy)")
    p.add_argument("--seconds", type=float, default=None, metavar="S",
                   help="CPU budget: start no new run after S seconds of this process's CPU time (>= 2 runs)")
    p.add_argument("--samples", default=None, metavar="FILE",
                   help="append each run's estimates (nodes, middle level, |T|) to FILE as a JSON line")
    p.add_argument("--json", action="store_true", help="print the estimates as one JSON object")
    p.add_argument("--progress", action="store_true", help="show progress on stderr (on when the forecast is over a minute)")
    p.add_argument("--yes", "-y", action="store_true",
                   help="start an estimate forecast over an hour (without it, and without --seconds, such a run "
                        "prints its forecast and exits with code 4)")
    p.set_defaults(func=run)


def run(args) -> int:
    from quarks import api
    from quarks.base.errors import UsageError
    from quarks.proofs.baldi.counting import A000609

    if args.samples is not None:
        from pathlib import Path

        parent = Path(args.samples).resolve().parent
        if not parent.is_dir():
            raise UsageError(f"--samples {args.samples}: directory {parent} does not exist")
    seconds = forecast(args)
    if seconds > 3600 and args.seconds is None and not args.yes:
        from quarks.base.errors import NeedsConfirmation

        raise NeedsConfirmation(f"{_forecast_line(args, seconds)}; not started: run again with --yes, or give "
                                "--seconds S to stop after S seconds of CPU")
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
        est = api.estimate(args.n, args.paths, runs=args.runs, method=args.method, seed=args.seed,
                           seconds=args.seconds, on_sample=record, progress=args.progress or sys.stderr.isatty() or seconds > 60)
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


# CPU seconds per walker and level (the --help figures, one core); smaller n: negligible
COST = {8: 0.2e-3, 9: 0.8e-3, 10: 1.2e-3}


def forecast(args) -> float:
    """The expected CPU seconds of an SMC estimate (walkers x runs x levels x the cost per step), at most
    its --seconds budget; 0 for Knuth's paths and small n."""
    if args.method != "smc" or args.n not in COST or args.paths < 1:
        return 0.0
    seconds = args.paths * (args.runs or 10) * ((1 << args.n) // 2) * COST[args.n]
    return min(seconds, args.seconds) if args.seconds else seconds


def _forecast_line(args, seconds: float) -> str:
    from quarks.base.progress import duration

    return (f"quarks estimate: {args.runs or 10} runs of {args.paths} walkers over {(1 << args.n) // 2} levels; "
            f"expected about {duration(seconds)} of CPU ({COST[args.n] * 1e3:g} ms per walker and level at n = {args.n})")
