"""quarks temperature: the largest certified temperature of each construction against its tau(n).

    quarks temperature table [--max-n 10] [--step 1/4]
    quarks temperature plot  [--max-n 10] [--step 1/4] [--out notes/img/temperature.png]

For each construction of ``yang.temperature-table`` (Y, S, U, sign test, lookup) and each length
n = 2..max-n, the largest multiple k * step of the construction's temperature tau(n) at which every
word of length n still certifies (:func:`quarks.ltl.check.largest_factor`): certified radii, exact
hard model.  tau(n) = 1/(2n) for selection heads and sign tests, 1/(2n^3) for lookups (ours).
The plot shows tau_max(n) = k step tau(n) and tau(n) on log-log axes.
"""
from __future__ import annotations

import time
from fractions import Fraction
from pathlib import Path

from quarks.base.errors import UsageError

DEFAULT_PNG = "temperature.png"  # in the current directory; notes/img/temperature.png is made with --out
# construction -> (formula, power p of tau(n) = 1/(2 n^p))
CONSTRUCTIONS = {
    "Y": ("Y a", 1),
    "S": ("!b S a", 1),
    "U": ("!b U a", 1),
    "sign": ("#left[a] > #left[b]", 1),
    "lookup": ("ODD(#left[a])", 3),
}


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


def rows(max_n: int, step: Fraction) -> list[dict]:
    """One row per (construction, n): tau(n) and the largest certified factor (None: not even step)."""
    from quarks.ltl.check import largest_factor

    out = []
    for name, (formula, power) in CONSTRUCTIONS.items():
        for n in range(2, max_n + 1):
            tau = Fraction(1, 2 * n ** power)
            best = largest_factor(formula, "ab", n, "temperature", "2", step, limit=int(16 / step))
            out.append({"construction": name, "formula": formula, "n": n, "tau": tau, "factor": best})
    return out


def plot(table: list[dict], path: Path) -> None:
    """tau_max(n) (markers) and tau(n) (dashed) per construction, log-log."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.0, 4.6))
    colors = dict(zip(CONSTRUCTIONS, ["C0", "C1", "C2", "C3", "C4"]))
    styles = {"Y": "o-", "S": "s-", "U": "^:", "sign": "D-", "lookup": "o-"}
    for name, (formula, power) in CONSTRUCTIONS.items():
        rs = [r for r in table if r["construction"] == name and r["factor"] is not None]
        ns = [r["n"] for r in rs]
        ax.plot(ns, [float(r["factor"] * r["tau"]) for r in rs], styles[name], color=colors[name], ms=4,
                label=f"{name}: {formula}")
        if power == 1 and name != "Y":
            continue
        label = "tau(n) = 1/(2n)" if power == 1 else "tau(n) = 1/(2n^3)"
        ax.plot(ns, [float(r["tau"]) for r in rs], "--", color="k" if power == 1 else "C4", lw=1, label=label,
                zorder=5)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ns = sorted({r["n"] for r in table})
    ax.set_xticks(ns)
    ax.set_xticklabels([str(n) for n in ns])
    ax.set_xlabel("length n")
    ax.set_ylabel("largest certified temperature")
    ax.set_title("Largest temperature certified on every word of length n (grid: multiples of tau(n)/4)",
                 fontsize=9)
    ax.legend(fontsize=7)
    ax.grid(True, which="both", lw=0.3)
    fig.tight_layout()
    tmp = path.with_suffix(".tmp.png")
    fig.savefig(tmp, dpi=120)
    plt.close(fig)
    tmp.replace(path)


def run(args) -> int:
    if not 2 <= args.max_n <= 14:
        raise UsageError(f"--max-n must be between 2 and 14, not {args.max_n}")
    try:
        step = Fraction(args.step)
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"--step must be a positive rational, not {args.step!r}") from None
    if not 0 < step <= 1:
        raise UsageError(f"--step must lie in (0, 1], not {args.step}")
    out = Path(args.out)
    if not args.action == "table":
        from quarks.base.errors import need
        from quarks.cli import paths

        need("matplotlib", "plots", "quarks temperature plot")
        paths.output_file(out, "--out")
    if not args.action == "table" and out.suffix.lower() != ".png":
        raise UsageError(f"--out must name a .png file, not {out}")
    t = time.perf_counter()
    table = rows(args.max_n, step)
    if args.json:
        import json
        print(json.dumps([{k: (str(v) if isinstance(v, Fraction) else v) for k, v in r.items()} for r in table],
                         default=str))
        if args.action == "table":
            return 0
        plot(table, out)
        return 0
    ns = list(range(2, args.max_n + 1))
    print(f"{'construction':12s} {'formula':22s} tau(n)       " + " ".join(f"{n:>5}" for n in ns))
    for name, (formula, power) in CONSTRUCTIONS.items():
        fs = [r["factor"] for r in table if r["construction"] == name]
        print(f"{name:12s} {formula:22s} {'1/(2n)' if power == 1 else '1/(2n^3)':12s} "
              + " ".join(f"{str(f) if f is not None else '-':>5}" for f in fs))
    print(f"(largest certified factor k*{step} of tau(n); {time.perf_counter() - t:.1f} s)")
    if not args.action == "table":
        plot(table, out)
        print(f"wrote {out}")
    return 0
