"""quarks capacity: exact sizes of composition classes T_B(n; d0, d1), as tables or a plot.

    quarks capacity table [--max-n 5]              Markdown tables (binary B, Prop 5.5, ternary B)
    quarks capacity plot [--max-n 5] [--out F.png] C(T_B(n;1,1)) / (2 C(T(n;1))) and the bounds
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

from quarks.solvers.compose import binary_rows

DEFAULT_PNG = "capacity.png"  # in the current directory; notes/capacity.png is made with --out


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="exact capacities of composed threshold gates (tables, plot)",
                       description="Exact |T_B(n;d0,d1)| for the irreducible Boolean operators B (seed 000, "
                       "Theorem 4.2), as Markdown tables or as a plot of C(T_B(n;1,1)) / (2 C(T(n;1))) "
                       "with the bounds of the theorem.")
    p.add_argument("what", choices=("table", "plot"), help="table: Markdown tables (or --json); plot: a PNG (extra plots)")
    p.add_argument("--max-n", type=int, default=5, help="largest n (1..5; n = 5 takes about a minute)")
    p.add_argument("--out", default=DEFAULT_PNG, help=f"PNG file for the plot (default {DEFAULT_PNG})")
    p.add_argument("--threads", type=int, default=None, metavar="T",
                   help="threads of the compiled composition kernels (default: numba's, one per core)")
    p.add_argument("--progress", action="store_true", help="progress bars on stderr")
    p.add_argument("--json", action="store_true", help="print |T_B(n;1,1)| per operator and the bounds as JSON")
    p.set_defaults(func=run)


def run(args) -> int:
    from quarks.base.errors import UsageError
    from quarks.solvers.compose import check_capacity

    check_capacity(args.max_n)
    if args.threads is not None and args.threads < 1:
        raise UsageError(f"--threads must be positive, got {args.threads}")
    if args.what == "plot":
        from quarks.base.errors import need

        need("matplotlib", "plots", "quarks capacity plot")
        out = Path(args.out)
        if out.suffix.lower() != ".png":
            raise UsageError(f"--out must name a .png file, got {args.out}")
        from quarks.cli import paths
        paths.output_file(out, "--out")
        rows = binary_rows(args.max_n, (1, 1), args.threads, args.progress)
        plot(rows, out)
        print(f"wrote {out}")
        return 0
    if args.json:
        import json
        rows = binary_rows(args.max_n, (1, 1), args.threads, args.progress)
        print(json.dumps([{"n": r["n"], "lower": r["lower"], "upper": r["upper"],
                           "sizes": {b: v["size"] for b, v in r["family"].items()}} for r in rows]))
        return 0
    print(tables(args.max_n, args.threads, args.progress))
    return 0


def _ratio(size: int, T: int) -> float:
    return math.log2(size) / (2 * math.log2(T))


def tables(max_n: int, threads=None, progress=False) -> str:
    from quarks.proofs.baldi.composition import intersection_result, irreducible_operators, operator_classes
    from quarks.solvers.compose import compose_class

    out = []
    for degrees in ((1, 1), (2, 2), (1, 2)):
        top = max_n if degrees == (1, 1) else min(max_n, 4)
        rows = binary_rows(top, degrees, threads, progress)
        names = list(rows[0]["family"])
        out.append(f"### |T_B(n; {degrees[0]},{degrees[1]})| for the ten irreducible binary B\n")
        out.append("| n | lower prod \\|T(n-1;d_j)\\| | " + " | ".join(names) + " | upper prod \\|T(n;d_j)\\| |")
        out.append("|---" * (len(names) + 3) + "|")
        for r in rows:
            out.append(f"| {r['n']} | {r['lower']:,} | " + " | ".join(f"{r['family'][b]['size']:,}" for b in names)
                       + f" | {r['upper']:,} |")
        out.append("")
    out.append("### Proposition 5.5: |∩_B T_B(n; d0,d1)| against |T(n-1;d0)| |T(n-1;d1)|\n")
    out.append("| n | d | intersection | bound |")
    out.append("|---|---|---|---|")
    for degrees in ((1, 1), (2, 2), (1, 2)):
        for n in range(1, (max_n if degrees == (1, 1) else min(max_n, 4)) + 1):
            r = intersection_result(n, list(degrees))
            from quarks.solvers.compose import threshold_list

            bound = len(threshold_list(n - 1, degrees[0])) * len(threshold_list(n - 1, degrees[1]))
            out.append(f"| {n} | {degrees[0]},{degrees[1]} | {r['size']:,} | {bound:,} |")
    out.append("")
    out.append("### |T_B(n;1,1,1)| for ternary B, one per class of argument permutation/negation and "
               "output negation (10 classes of the 218 irreducible)\n")
    ops = irreducible_operators(3)
    groups = operator_classes(ops, 3, [1, 1, 1])
    top = min(max_n, 4)
    out.append("| class representative | members | " + " | ".join(f"n = {n}" for n in range(2, top + 1)) + " |")
    out.append("|---|---|" + "---|" * (top - 1))
    for rep, members in groups:
        sizes = [compose_class(ops[rep], n, [1, 1, 1], k=3, threads=threads, progress=progress).size
                 for n in range(2, top + 1)]
        out.append(f"| {rep} ({ops[rep]:#04x}) | {len(members)} | " + " | ".join(f"{s:,}" for s in sizes) + " |")
    return "\n".join(out)


def plot(rows: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ns = [r["n"] for r in rows]
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for name, style in (("AND", "o-"), ("XOR", "s-")):
        ax.plot(ns, [_ratio(r["family"][name]["size"], r["T"][0]) for r in rows], style,
                label=f"T_{name}(n;1,1)" + (" (= 8 operators)" if name == "AND" else " (= XNOR)"))
    ax.plot(ns, [1.0 for _ in rows], "k--", label="upper bound |T(n;1)|^2")
    ax.plot(ns, [_ratio(r["lower"], r["T"][0]) for r in rows], "k:", label="lower bound |T(n-1;1)|^2")
    ax.set_xlabel("n")
    ax.set_ylabel("C(T_B(n;1,1)) / (2 C(T(n;1)))")
    ax.set_xticks(ns)
    ax.set_ylim(0, 1.05)
    ax.set_title("Capacity of two gated LTGs (Theorem 4.2, exact)")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    tmp = path.with_suffix(".tmp.png")
    fig.savefig(tmp, dpi=120)
    plt.close(fig)
    tmp.replace(path)
    sys.stdout.flush()
