"""Seed 003, §4: the metric of eq. (8) and the separation-rank lower bounds of eqs. (10)-(12).

* eq. (8) asks for "d : Y x Y -> R_{>0} ... some distance metric"; a metric has d(y, y) = 0, which is
  not in R_{>0} (the note's own d_1, d_2 of eq. (15) give 0 on the diagonal).  The codomain is R_{>=0}.
"""
from __future__ import annotations

from .navon import _decide, _moments, _random_distribution
from ..claim import Claim, Source, Verdict
from ..evidence import arith


# --- eq. (8): the codomain of the metric -----------------------------------------------------------

def check_metric_codomain_printed(inst: dict) -> Verdict:
    """d_1(y, y) > 0 and d_2(y, y) > 0 for the prediction y given as a finite distribution of values."""
    dist = [(p, {"y": v}) for p, v in inst["distribution"]]
    d1, d2 = _moments(dist, "y", "y")
    rec = arith({"d1_yy": d1, "d2_yy": d2}, [("d_1(y, y) in R_{>0}", [">", "d1_yy", 0]),
                                             ("d_2(y, y) in R_{>0}", [">", "d2_yy", 0])])
    return _decide([rec], "d_1(y, y) and d_2(y, y) are positive",
                   f"y = {inst['distribution']}: d_1(y, y) = d_2(y, y) = 0, not in R_{{>0}}: no metric maps into R_{{>0}}")


def check_metric_codomain(inst: dict) -> Verdict:
    """On random finite distributions of (X, Y): d(x, x) = 0, d(x, y) = d(y, x) >= 0, and d(x, y) > 0 when
    X != Y with positive probability, for d = d_1 and d = d_2."""
    import random

    rng = random.Random(inst["seed"])
    values, facts = {}, []
    for t in range(inst["samples"]):
        dist = _random_distribution(rng, inst["points"], names="xy")
        if t == 0:   # one sample with X = Y everywhere: d(x, y) = 0 is allowed on the diagonal
            dist = [(p, {"x": v["x"], "y": v["x"]}) for p, v in dist]
        differ = any(v["x"] != v["y"] for _, v in dist)
        for name, (a, b) in (("xx", ("x", "x")), ("xy", ("x", "y")), ("yx", ("y", "x"))):
            values[f"d1_{name}_{t}"], values[f"d2_{name}_{t}"] = _moments(dist, a, b)
        for d in ("d1", "d2"):
            facts.append((f"sample {t}: {d}(x, x) = 0", ["==", f"{d}_xx_{t}", 0]))
            facts.append((f"sample {t}: {d}(x, y) = {d}(y, x) >= 0",
                          ["and", ["==", f"{d}_xy_{t}", f"{d}_yx_{t}"], [">=", f"{d}_xy_{t}", 0]]))
            if differ:
                facts.append((f"sample {t}: X != Y somewhere, {d}(x, y) > 0", [">", f"{d}_xy_{t}", 0]))
    return _decide([arith(values, facts)], f"{inst['samples']} random distributions on {inst['points']} points: "
                   "d_1 and d_2 take values in R_{>=0}, 0 exactly on the diagonal")


metric_codomain_printed = Claim(
    id="navon.eq8-metric-codomain-as-printed",
    source=Source("003", "eq. (8): d : Y x Y -> R_{>0} is some distance metric"),
    coq=("GalleryReals2.v:eq8_metric_codomain_printed",),
    statement="On a nonempty Y, a distance metric d (so d(y, y) = 0) takes its values in R_{>0}.",
    latex=r"d:Y\times Y\to\mathbb R_{>0}",
    kind="finite",
    instances={"quick": [{"distribution": [[1, 0]]}],
               "full": [{"distribution": [[1, 0]]}, {"distribution": [["1/3", 2], ["2/3", "-5/2"]]}]},
    check=check_metric_codomain_printed,
    expected="refuted",
    size="",
    note="d(y, y) = 0 for every metric, e.g. the note's own d_1(y, y) = E|y - y| = 0 (eq. (15)). Corrected: "
         "navon.eq8-metric-codomain (R_{>=0}).",
)

metric_codomain = Claim(
    id="navon.eq8-metric-codomain",
    source=Source("003", "eq. (8), corrected: d : Y x Y -> R_{>=0}"),
    coq=("GalleryReals2.v:eq8_metric_nonneg",),
    statement="A d with d(y, y) = 0, d(x, y) = d(y, x) and the triangle inequality takes its values in R_{>=0}; "
              "the note's d_1, d_2 (eq. (15)) are 0 on the diagonal, symmetric, nonnegative, and positive when "
              "X != Y with positive probability.",
    latex=r"d:Y\times Y\to\mathbb R_{\ge0}",
    kind="finite",
    instances={"quick": [{"samples": 10, "points": 3, "seed": 1}],
               "full": [{"samples": 100, "points": 5, "seed": s} for s in (1, 2)]},
    check=check_metric_codomain,
    size="points",
    note="Coq proves nonnegativity from the metric axioms (0 = d(x, x) <= d(x, y) + d(y, x) = 2 d(x, y)); the "
         "instances check d_1 and d_2 on random rational distributions (d_2 is not a metric, "
         "navon.d2-metric-as-printed, but its values lie in R_{>=0} too).",
)
