"""Seed 003, §4: the metric of eq. (8) and the separation-rank lower bounds of eqs. (10)-(12).

* eq. (8) asks for "d : Y x Y -> R_{>0} ... some distance metric"; a metric has d(y, y) = 0, which is
  not in R_{>0} (the note's own d_1, d_2 of eq. (15) give 0 on the diagonal).  The codomain is R_{>=0}.
"""
from __future__ import annotations

from quarks.certificates.evidence import arith
from quarks.claims.claim import Claim, Source, Verdict, decide
from quarks.proofs.navon.conclusions import distance_moments, random_distribution

# --- eq. (8): the codomain of the metric -----------------------------------------------------------

def check_metric_codomain_printed(inst: dict) -> Verdict:
    """d_1(y, y) > 0 and d_2(y, y) > 0 for the prediction y given as a finite distribution of values."""
    dist = [(p, {"y": v}) for p, v in inst["distribution"]]
    d1, d2 = distance_moments(dist, "y", "y")
    rec = arith({"d1_yy": d1, "d2_yy": d2}, [("d_1(y, y) in R_{>0}", [">", "d1_yy", 0]),
                                             ("d_2(y, y) in R_{>0}", [">", "d2_yy", 0])])
    return decide([rec], "d_1(y, y) and d_2(y, y) are positive",
                   refuted_summary=f"y = {inst['distribution']}: d_1(y, y) = d_2(y, y) = 0, not in R_{{>0}}: no metric maps into R_{{>0}}")


def check_metric_codomain(inst: dict) -> Verdict:
    """On random finite distributions of (X, Y): d(x, x) = 0, d(x, y) = d(y, x) >= 0, and d(x, y) > 0 when
    X != Y with positive probability, for d = d_1 and d = d_2."""
    import random

    rng = random.Random(inst["seed"])
    values, facts = {}, []
    for t in range(inst["samples"]):
        dist = random_distribution(rng, inst["points"], names="xy")
        if t == 0:   # one sample with X = Y everywhere: d(x, y) = 0 is allowed on the diagonal
            dist = [(p, {"x": v["x"], "y": v["x"]}) for p, v in dist]
        differ = any(v["x"] != v["y"] for _, v in dist)
        for name, (a, b) in (("xx", ("x", "x")), ("xy", ("x", "y")), ("yx", ("y", "x"))):
            values[f"d1_{name}_{t}"], values[f"d2_{name}_{t}"] = distance_moments(dist, a, b)
        for d in ("d1", "d2"):
            facts.append((f"sample {t}: {d}(x, x) = 0", ["==", f"{d}_xx_{t}", 0]))
            facts.append((f"sample {t}: {d}(x, y) = {d}(y, x) >= 0",
                          ["and", ["==", f"{d}_xy_{t}", f"{d}_yx_{t}"], [">=", f"{d}_xy_{t}", 0]]))
            if differ:
                facts.append((f"sample {t}: X != Y somewhere, {d}(x, y) > 0", [">", f"{d}_xy_{t}", 0]))
    return decide([arith(values, facts)], f"{inst['samples']} random distributions on {inst['points']} points: "
                   "d_1 and d_2 take values in R_{>=0}, 0 exactly on the diagonal")


metric_codomain_printed = Claim(
    id="navon.eq8-metric-codomain-as-printed",
    source=Source("003", "eq. (8): d : Y x Y -> R_{>0} is some distance metric"),
    coq=("GalleryCorrected.v:eq8_metric_codomain_printed",),
    coq_hypotheses={
        "eq8_metric_codomain_printed": ["Y", "(forall y : Y, d y y = 0)"]},
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
    coq=("GalleryCorrected.v:eq8_metric_nonneg",),
    coq_hypotheses={
        "eq8_metric_nonneg": ["(forall y : Y, d y y = 0)", "(forall x y : Y, d x y = d y x)", "(forall x y z : Y, d x z <= d x y + d y z)"]},
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


# --- eqs. (11), (12), Conclusion 4.3 and the infinity-norm remark ---------------------------------------

def _ball(y: list, eps: int):
    """The integer points of the sup-norm ball of radius eps around the integer table y."""
    import itertools

    return itertools.product(*[range(v - eps, v + eps + 1) for v in y])


def _rank_decomposition(M: list) -> tuple[int, bool]:
    """(r, ok): r = rank of M over Q, and M = sum_{t < r} g_t (x) g'_t checked exactly, with g'_t the pivot rows
    of the row-reduced M and g_t the column of coefficients (an explicit separation of r terms)."""
    from fractions import Fraction

    rows = [[Fraction(x) for x in row] for row in M]
    basis, coeffs = [], []
    for row in rows:   # greedy: a row is a combination of the basis so far, or joins it
        rest, comb = list(row), [Fraction(0)] * len(basis)
        for t, (b, piv) in enumerate(basis):
            if rest[piv] != 0:
                f = rest[piv] / b[piv]
                comb[t] = f
                rest = [x - f * y for x, y in zip(rest, b)]
        if any(rest):
            piv = next(i for i, x in enumerate(rest) if x != 0)
            # keep earlier basis rows reduced at the new pivot
            basis.append((rest, piv))
            comb.append(Fraction(1))
        coeffs.append(comb)
    r = len(basis)
    rebuilt = [[sum((c[t] if t < len(c) else 0) * basis[t][0][j] for t in range(r)) for j in range(len(M[0]))]
               for c in coeffs]
    return r, rebuilt == rows


def eps_ball_ranks(size: int, y: list, eps: int) -> dict:
    """Exhaustive-record procedure: over the integer points of the sup-norm eps-ball around y (a function on
    X x X, |X| = size, matricized with rows the first argument): every rank M(y~) equals the length of an
    explicit separation of y~ (so sep(y~) <= rank, and with eq. (10) sep = rank), and min rank <= min sep."""
    from quarks.base.exact import rank
    from quarks.certificates.evidence import digest

    ranks, seps, ok = [], [], True
    for t in _ball(y, eps):
        M = [list(t[i * size:(i + 1) * size]) for i in range(size)]
        r = rank(M)
        s, rebuilt = _rank_decomposition(M)
        ok = ok and rebuilt and r == s
        ranks.append(r)
        seps.append(s)
    holds = ok and min(ranks) <= min(seps)
    return {"cases": len(ranks), "holds": holds, "digest": digest([ranks, seps]),
            "min_rank": min(ranks), "min_sep": min(seps)}


def check_eps_ranks(inst: dict) -> Verdict:
    from quarks.certificates.evidence import exhaustive

    size, y, eps = inst["size"], list(inst["y"]), inst["eps"]
    rec = exhaustive("quarks.proofs.navon.ranks:eps_ball_ranks", size=size, y=y, eps=eps)
    r = rec["result"]
    return decide([rec], f"|X| = {size}, eps = {eps}: over {r['cases']} integer points of the sup-norm ball, "
                          f"min rank M = {r['min_rank']} <= min sep = {r['min_sep']} (equal: on a finite X, "
                          "sep = rank by an explicit separation)", min_rank=r["min_rank"], min_sep=r["min_sep"])


_EPS_INSTANCES = {"quick": [{"size": 2, "y": [3, 1, -2, 5], "eps": 1}],
                  "full": [{"size": 2, "y": [3, 1, -2, 5], "eps": 2}, {"size": 3, "y": [2, 0, 1, 1, 3, -1, 0, 2, 2],
                                                                        "eps": 1}]}

eq11_12 = Claim(
    id="navon.eq11-12-eps-sep-lower-bound",
    source=Source("003", "eqs. (11), (12) and Conclusion 4.3"),
    coq=("SepRank.v:eq11_min_le",),
    coq_hypotheses={
        "eq11_min_le": ["(forall y : A, F y -> r y <= s y)", "(forall y : A, F y -> mr <= r y)", "(exists y : A, F y /\\ s y = ms)"]},
    statement="If r(y) <= s(y) for every y in F (eq. (10): rank M^y <= sep(y)), r >= m_r on F and s attains m_s on "
              "F, then m_r <= m_s: min over F_eps of rank M^y~ <= min over F_eps of sep(y~), the lower bound of "
              "Conclusion 4.3.",
    latex=r"\min_{\tilde y\in\mathcal F_\epsilon}\operatorname{rank}M^{\tilde y}_{(A,B)}\le"
          r"\min_{\tilde y\in\mathcal F_\epsilon}\operatorname{sep}_{(A,B)}(\tilde y)",
    kind="finite",
    instances=_EPS_INSTANCES,
    check=check_eps_ranks,
    size="size",
    max_feasible=3,
    note="Immediate from eq. (10); Coq proves the step from a pointwise bound to the minima for any family. The "
         "instances take F = the integer points of a sup-norm ball of functions on X x X: there the two minima are "
         "equal, since on a finite domain an explicit separation with rank M terms exists (sep = rank).",
)

def check_eps_rank(inst: dict) -> Verdict:
    """The same ball: its minimum rank is the eps-rank of M(y) in the max norm (entries of M(y~) - M(y) are the
    values of y~ - y, so the sup-norm ball is the max-norm ball), and it equals the minimum separation rank."""
    v = check_eps_ranks(inst)
    if v.status == "verified":
        v.summary = (f"|X| = {inst['size']}, eps = {inst['eps']}: eps-rank of M(y) in the max norm (integer points) "
                     f"= {v.data['min_rank']} = min sep over the sup-norm ball")
    return v


inf_norm_remark = Claim(
    id="navon.inf-norm-eps-rank",
    source=Source("003", "§4.3, remark after eq. (12): d = ||.||_inf gives the epsilon-rank"),
    statement="For d = ||.||_inf on functions of a finite X x X, y -> M(y) maps the eps-ball of y onto the max-norm "
              "eps-ball of M(y), and sep = rank there, so min over F_eps of sep(y~) = min over F_eps of rank M(y~) = "
              "the eps-rank of M(y) in the max norm. Checked on the integer points of the ball.",
    latex=r"\epsilon\text{-}\operatorname{sep}^{\infty}(y)=\operatorname{rank}_\epsilon M^y",
    kind="finite",
    instances=_EPS_INSTANCES,
    check=check_eps_rank,
    size="size",
    max_feasible=3,
    note="The 'well known notion' is the eps-rank of a matrix in the max (entrywise) norm. The real ball is not "
         "enumerated: the instances check the identity on its integer points (a sub-family F).",
)
