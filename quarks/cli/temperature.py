"""quarks temperature: the largest certified temperature of each construction against tau(n).

    quarks temperature table [--max-n 10] [--step 1/4]
    quarks temperature plot  [--max-n 10] [--step 1/4] [--out notes/img/temperature.png]

The table is quarks.temperature() (quarks.ltl.temperature); the plot shows tau_max(n) = k step tau(n)
and tau(n) on log-log axes.
"""
from __future__ import annotations

from pathlib import Path

from quarks.base.errors import UsageError

DEFAULT_PNG = "temperature.png"  # in the current directory; notes/img/temperature.png is made with --out


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="largest certified temperature per construction against tau(n) (table, plot)",
                       description="For each compiled construction and length n, the largest multiple of its "
                                   "temperature tau(n) at which every word of length n certifies: printed as a "
                                   "table, and with 'plot' also drawn against tau(n) (log-log PNG).")
    p.add_argument("action", choices=("table", "plot"), help="table: print it (or --json); plot: also draw a PNG (extra plots)")
    p.add_argument("--max-n", type=int, default=10, help="largest length n (2..14, default 10)")
    p.add_argument("--step", default="1/4", help="grid of the factor k * step (default 1/4)")
    p.add_argument("--out", default=DEFAULT_PNG, help=f"PNG file (default {DEFAULT_PNG})")
    p.add_argument("--json", action="store_true", help="print the table as JSON (factors as p/q strings)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from quarks import api
    from quarks.ltl.temperature import CONSTRUCTIONS

    out = Path(args.out)
    if not args.action == "table":
        from quarks.base.errors import need
        from quarks.cli import paths

        need("matplotlib", "plots", "quarks temperature plot")
        paths.output_file(out, "--out")
    if not args.action == "table" and out.suffix.lower() != ".png":
        raise UsageError(f"--out must name a .png file, not {out}")
    table = api.temperature(args.max_n, args.step)
    if args.json:
        import json
        print(json.dumps(table.as_json(), default=str))
        if args.action == "table":
            return 0
        table.plot(out)
        return 0
    ns = list(range(2, args.max_n + 1))
    print(f"{'construction':12s} {'formula':22s} tau(n)       " + " ".join(f"{n:>5}" for n in ns))
    for name, (formula, power) in CONSTRUCTIONS.items():
        print(f"{name:12s} {formula:22s} {'1/(2n)' if power == 1 else '1/(2n^3)':12s} "
              + " ".join(f"{str(f) if f is not None else '-':>5}" for f in table.factors(name)))
    print(f"(largest certified factor k*{table.step} of tau(n); {table.seconds:.1f} s)")
    if not args.action == "table":
        table.plot(out)
        print(f"wrote {out}")
    return 0
