"""The largest certified temperature of each compiled construction against its tau(n).

For each construction (Y, S, U, sign test, lookup; ``yang.temperature-table``) and each length
n = 2..max_n, the largest multiple k * step of the construction's temperature tau(n) at which every
word of length n still certifies (:func:`quarks.ltl.check.largest_factor`): certified radii, exact
hard model.  tau(n) = 1/(2n) for selection heads and sign tests, 1/(2n^3) for lookups (ours).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

# construction -> (formula, power p of tau(n) = 1/(2 n^p))
CONSTRUCTIONS = {
    "Y": ("Y a", 1),
    "S": ("!b S a", 1),
    "U": ("!b U a", 1),
    "sign": ("#left[a] > #left[b]", 1),
    "lookup": ("ODD(#left[a])", 3),
}


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


@dataclass
class TemperatureTable:
    """The rows of :func:`rows` for n = 2..max_n on the grid ``step``, and the seconds they took."""

    max_n: int
    step: Fraction
    rows: list = field(default_factory=list)
    seconds: float = 0.0

    @classmethod
    def compute(cls, max_n: int, step: Fraction) -> "TemperatureTable":
        t0 = time.perf_counter()
        table = rows(max_n, step)
        return cls(max_n, step, table, time.perf_counter() - t0)

    def factors(self, construction: str) -> list:
        """The largest certified factor for n = 2..max_n (None: not even ``step``)."""
        return [r["factor"] for r in self.rows if r["construction"] == construction]

    def as_json(self) -> list[dict]:
        """The rows with fractions as "p/q" strings (``quarks temperature table --json``)."""
        return [{k: (str(v) if isinstance(v, Fraction) else v) for k, v in r.items()} for r in self.rows]

    def plot(self, path) -> Path:
        """Draw the table (log-log PNG, needs matplotlib); returns the path."""
        plot(self.rows, Path(path))
        return Path(path)
