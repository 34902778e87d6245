"""The report's figures as PNG (matplotlib, Agg backend, imported inside the functions).

capacity.png    C(T_B(n;1,1)) against n with the bounds of Theorem 4.2 (from quarks.thm4.2/4.1 certificates)
ratios.png      C(T_B(n;1,1)) / (2 C(T(n;1))) against n (the same certificates)
softmax.png     max_q ||softmax_tau(2qj - j^2) - e_q||_1 against tau, with our Lemma 7 bound
                (recomputed in arb balls with the function the yang.lemma7 check uses)

Floats are fine here: a plot displays numbers that the certificates decide exactly.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction


@dataclass
class Figure:
    name: str
    title: str
    file: str | None  # relative to the report directory; None when there was no data
    caption: str


def _pyplot():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _save(fig, path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    _pyplot().close(fig)


def binary_points(results) -> dict:
    """{n: {"upper", "lower", "T", "families": {label: size}}} for d = (1,1), binary B."""
    pts: dict = {}
    for _e, cert in results.certificates("quarks.thm4.2"):
        inst, data = cert.get("instance") or {}, cert.get("data") or {}
        if list(inst.get("degrees", [])) != [1, 1] or not data.get("sizes") or inst.get("operators"):
            continue
        n = inst["n"]
        by_size: dict = {}
        for name, s in data["sizes"].items():
            by_size.setdefault(s, []).append(name)
        fam = {_family(names): s for s, names in by_size.items()}
        up = data["upper"]
        pts[n] = {"upper": up, "lower": data["lower"], "T": math.isqrt(up), "families": fam}
    for _e, cert in results.certificates("quarks.thm4.1"):
        inst, data = cert.get("instance") or {}, cert.get("data") or {}
        n, T, sizes = inst.get("n"), data.get("T"), data.get("sizes") or {}
        if n is None or not T or n in pts:
            continue
        lower = _arith_value(cert, f"T_{n - 1}_1")
        fam = {}
        if "AND" in sizes:
            fam["AND family (8 operators)"] = sizes["AND"]
        if "XNOR" in sizes:
            fam["XNOR, XOR"] = sizes["XNOR"]
        pts[n] = {"upper": T * T, "lower": lower * lower if lower else None, "T": T, "families": fam}
    return dict(sorted(pts.items()))


def _family(names) -> str:
    names = sorted(names)
    if "AND" in names:
        return f"AND family ({len(names)} operators)" if len(names) > 1 else "AND"
    return ", ".join(names)


def _arith_value(cert, name):
    for rec in cert.get("evidence", []):
        if isinstance(rec, dict) and rec.get("kind") == "arith":
            v = (rec.get("values") or {}).get(name)
            if isinstance(v, dict) and isinstance(v.get("value"), int):
                return v["value"]
    return None


def capacity_plot(results, path) -> bool:
    pts = binary_points(results)
    if not pts:
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ns = list(pts)
    up = [math.log2(pts[n]["upper"]) for n in ns]
    lo_n = [n for n in ns if pts[n]["lower"]]
    lo = [math.log2(pts[n]["lower"]) for n in lo_n]
    ax.plot(ns, up, "k--", marker="_", label="upper: 2 C(T(n;1)) = log2 |T(n;1)|^2")
    if lo_n:
        ax.plot(lo_n, lo, "k:", marker="_", label="lower: 2 C(T(n-1;1)) = log2 |T(n-1;1)|^2")
    if lo_n and len(lo_n) > 1:
        ax.fill_between(lo_n, lo, [math.log2(pts[n]["upper"]) for n in lo_n], color="0.92")
    labels = sorted({f for p in pts.values() for f in p["families"]})
    for k, lab in enumerate(labels):
        xs = [n for n in ns if lab in pts[n]["families"]]
        ys = [math.log2(pts[n]["families"][lab]) for n in xs]
        ax.plot(xs, ys, marker="os^v"[k % 4], linestyle="-", label=f"C(T_B(n;1,1)), B = {lab}")
    ax.set_xlabel("n (inputs)")
    ax.set_ylabel("capacity (bits)")
    ax.set_xticks(ns)
    ax.set_title("Capacity of B(f1, f2), f_i linear threshold (Theorem 4.2)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7.5)
    _save(fig, path)
    return True


def ratio_plot(results, path) -> bool:
    pts = binary_points(results)
    pts = {n: p for n, p in pts.items() if p["T"] > 1}
    if not pts:
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ns = list(pts)
    labels = sorted({f for p in pts.values() for f in p["families"]})
    for k, lab in enumerate(labels):
        xs = [n for n in ns if lab in pts[n]["families"]]
        ys = [math.log2(pts[n]["families"][lab]) / (2 * math.log2(pts[n]["T"])) for n in xs]
        ax.plot(xs, ys, marker="os^v"[k % 4], label=f"B = {lab}")
    lo_n = [n for n in ns if pts[n]["lower"]]
    ax.plot(lo_n, [math.log2(pts[n]["lower"]) / (2 * math.log2(pts[n]["T"])) for n in lo_n], "k:",
            label="lower bound C(T(n-1;1)) / C(T(n;1))")
    ax.axhline(1.0, color="k", linestyle="--", linewidth=1, label="upper bound 1")
    ax.set_ylim(0, 1.05)
    ax.set_xticks(ns)
    ax.set_xlabel("n (inputs)")
    ax.set_ylabel("C(T_B(n;1,1)) / (2 C(T(n;1)))")
    ax.set_title("Composition ratio (Theorem 4.1: tends to 1)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    _save(fig, path)
    return True


DEFAULT_LEMMA7 = {"n": 30, "taus": ["1/4", "1/2", "1", "2"]}


def lemma7_instances(results) -> list:
    """(n, taus, status) of the yang.lemma7 verdicts in the store."""
    out = []
    for e in results.entries:
        if e.claim == "yang.lemma7" and "n" in e.instance and "taus" in e.instance:
            out.append((int(e.instance["n"]), [str(t) for t in e.instance["taus"]], e.status))
    return out


def softmax_errors(n: int, taus) -> list:
    """max over 1 <= q <= n of ||softmax_tau(s) - e_q||_1, s_j = 2qj - j^2 (j = 1..n), as floats
    (the midpoints of arb balls computed by the function the yang.lemma7 check uses)."""
    from quarks.proofs.yang.lemmas import softmax_l1

    out = []
    for t in taus:
        t = Fraction(t)
        worst = 0.0
        for q in range(1, n + 1):
            s = [Fraction(2 * q * j - j * j) for j in range(1, n + 1)]
            worst = max(worst, float(softmax_l1(s, q - 1, t).mid()))
        out.append(worst)
    return out


def softmax_plot(results, path) -> bool:
    inst = lemma7_instances(results)
    n = max((i[0] for i in inst), default=DEFAULT_LEMMA7["n"])
    checked = sorted({Fraction(t) for _, taus, st in inst if st == "verified" for t in taus})
    grid = sorted({Fraction(1, m) for m in (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24)}
                  | {Fraction(k, 2) for k in range(1, 9)} | set(checked))
    errs = softmax_errors(n, grid)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    xs = [float(t) for t in grid]
    bound = [2 * (2 + x) * math.exp(-1 / x) for x in xs]
    ax.set_xscale("log")
    ax.semilogy(xs, [max(e, 1e-300) for e in errs], "o-", ms=3, label=f"max_q ||softmax_tau(s) - e_q||_1, n = {n}")
    ax.semilogy(xs, bound, "k--", label="our Lemma 7 bound 2(2+tau) e^(-1/tau)")
    if checked:
        cx = [float(t) for t in checked]
        ax.semilogy(cx, [2 * (2 + x) * math.exp(-1 / x) for x in cx], "s", mfc="none", mec="C2", ms=9,
                    label="bound certified in arb (yang.lemma7 certificate)")
    ax.set_xlabel("temperature tau (log scale)")
    ax.set_ylabel("L1 error")
    ax.set_title("Table lookup s_j = 2qj - j^2: softmax vs hardmax (Lemma 7)")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=7.5, loc="lower right")
    _save(fig, path)
    return True


PLOTS = (
    ("capacity", "Capacity against the bounds", capacity_plot,
     "C(T_B(n;1,1)) = log2 |T_B(n;1,1)| for the irreducible binary operators (grouped by equal class size) "
     "between the bounds of Theorem 4.2, read from the quarks.thm4.2 and quarks.thm4.1 certificates."),
    ("ratios", "Composition ratios", ratio_plot,
     "C(T_B(n;1,1)) / (2 C(T(n;1))): Theorem 4.1 says it tends to 1; at small n it is far below. "
     "Read from the same certificates."),
    ("softmax", "Softmax error against temperature", softmax_plot,
     "The worst L1 distance between softmax at temperature tau and the one-hot hardmax for the Lemma 7 "
     "lookup scores, recomputed in arb ball arithmetic (midpoints plotted), against our bound; squares mark "
     "the temperatures certified by the yang.lemma7 certificates in the store."),
)

MISSING = {
    "capacity": "no quarks.thm4.2 (degrees 1,1) or quarks.thm4.1 certificates in the store: run `quarks verify quarks.thm4.2 quarks.thm4.1`",
    "ratios": "no quarks.thm4.2 (degrees 1,1) or quarks.thm4.1 certificates in the store: run `quarks verify quarks.thm4.2 quarks.thm4.1`",
    "softmax": "could not recompute",
}


NO_MATPLOTLIB = "not drawn: matplotlib is not installed (pip install 'quarks[plots]')"


def all_plots(results, root, log=None) -> list:
    """Every figure of the report; without matplotlib none is drawn and each caption says why."""
    figures = []
    try:
        _pyplot()
    except ImportError:
        if log:
            log(NO_MATPLOTLIB)
        return [Figure(name, title, None, NO_MATPLOTLIB) for name, title, _, _ in PLOTS]
    for name, title, make, caption in PLOTS:
        path = root / f"{name}.png"
        ok = make(results, path)
        figures.append(Figure(name, title, path.name if ok else None, caption if ok else MISSING[name]))
    return figures
