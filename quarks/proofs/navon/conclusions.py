"""Seed 003 (Navon), Conclusion 1.1 over an integer number of layers and the pointwise errors
d_1, d_2 of §4.5.1: the printed statements refuted, and their corrections (notes/navon.md).
"""
from __future__ import annotations

from quarks.certificates.evidence import arith, forall, forall_as_said
from quarks.claims.claim import Claim, Source, Verdict, decide

# --- Conclusion 1.1 with an integer number of layers -----------------------------------------------

def _divides(a, b) -> list:
    """The expression "a divides b" (a >= 1)."""
    return ["==", ["*", ["floor", ["/", b, a]], a], b]


def _objective(d, K) -> list:
    """d^L with L = K/d layers (the budget K = B/N = L d)."""
    return ["^", d, ["floor", ["/", K, d]]]


def check_conclusion11_printed(inst: dict) -> Verdict:
    K = inst["K"]
    rec = forall([["d", 1, "K"]],
                 ["and", _divides(3, "K"),
                  ["or", ["not", _divides("d", "K")], [">=", _objective(3, "K"), _objective("d", "K")]]],
                 given={"K": K})
    values = {f"objective_d{d}": ["^", d, K // d] for d in range(1, K + 1) if K % d == 0}
    best = max(d ** (K // d) for d in range(1, K + 1) if K % d == 0)
    argmax = [d for d in range(1, K + 1) if K % d == 0 and d ** (K // d) == best]
    return decide([rec, arith(values, [])], f"K = B/N = {K}: 3 is the optimal integer degree with L = K/d integer",
                   refuted_summary=f"K = B/N = {K}: the feasible (d, L) give d^L = "
                   + ", ".join(f"{d}^{K // d} = {d ** (K // d)}" for d in range(1, K + 1) if K % d == 0)
                   + f"; the optimum is d in {argmax}, not 3", argmax=argmax)


def check_conclusion11(inst: dict, build=None) -> Verdict:
    """For every K <= K_max: the objective d^(K/d) over divisors d of K orders as d^(1/d), i.e.
    d^(K/d) >= e^(K/e) iff d^e >= e^d; hence 3 is optimal iff 3 | K, else 2 (tied with 4 when 4 | K) when
    K is even, else the least divisor > 1 of K.  ``K_min`` (default 1): the instance covers K_min <= K <= K_max
    (the full tier splits 1..60 so that each certificate stays within the checker's step budget).  ``build``:
    how a ``forall`` record is made (evaluated now; an obligation's reads the certificate's results)."""
    build = build or forall
    Km, K0 = inst["K_max"], inst.get("K_min", 1)
    div_d, div_e = _divides("d", "K"), _divides("e", "K")
    box = [["K", K0, "Km"], ["d", 1, "Km"], ["e", 1, "Km"]]
    order = build(box, ["or", ["not", div_d], ["not", div_e],
                         ["==", [">=", _objective("d", "K"), _objective("e", "K")], [">=", ["^", "d", "e"], ["^", "e", "d"]]]],
                   given={"Km": Km})
    three = build(box[:2], ["or", ["not", _divides(3, "K")], ["not", div_d], ["==", "d", 3],
                             [">", _objective(3, "K"), _objective("d", "K")]], given={"Km": Km})
    even = build(box[:2], ["or", _divides(3, "K"), ["not", _divides(2, "K")], ["not", div_d],
                            ["and", [">=", _objective(2, "K"), _objective("d", "K")],
                             ["or", ["==", "d", 2], ["==", "d", 4], [">", _objective(2, "K"), _objective("d", "K")]]]],
                  given={"Km": Km})
    odd = build(box, ["or", _divides(3, "K"), _divides(2, "K"), ["not", div_d], ["not", div_e],
                       ["not", ["<", 1, "d"]], ["not", ["<", "d", "e"]],
                       [">", _objective("d", "K"), _objective("e", "K")]], given={"Km": Km})
    where = f"K = B/N <= {Km}" if K0 == 1 else f"{K0} <= K = B/N <= {Km}"
    records = [order, three, even, odd]
    summary = (f"{where}: over divisors d of K the objective d^(K/d) orders as d^(1/d); optimum 3 iff 3 | K, else "
               "2 (= 4) for even K, else the least divisor > 1")
    failing = next((r for r in records if not r["holds"]), None)   # each box's result, as evaluated or stated
    if failing is None:
        return Verdict.verified(summary, records)
    return Verdict.refuted(summary, failing["witness"], records)


def conclusion11_obligation(inst: dict, cert: dict) -> Verdict:
    """What a certificate must say: the instance's four boxes and facts with the results the certificate
    states (no box evaluated here; the kernel evaluates each)."""
    return check_conclusion11(inst, forall_as_said(cert.get("evidence")))


conclusion11_printed = Claim(
    id="navon.conclusion1.1-as-printed",
    source=Source("003", "Conclusion 1.1 (integer L)"),
    coq=("GalleryReals.v:conclusion1_1_printed_K4",),
    coq_hypotheses={"conclusion1_1_printed_K4": []},
    statement="With the budget B = L d N and integer degree d, the optimal degree is d = 3 (read with an integer "
              "number of layers L = B/(N d)).",
    latex=r"d^*_{\mathbb N}=3",
    kind="finite",
    instances={"quick": [{"K": 4}], "full": [{"K": K} for K in (2, 4, 5, 8, 10)]},
    check=check_conclusion11_printed,
    expected="refuted",
    size="K",
    note="The note optimizes h(d) = ln(d)/d over real L. For B/N = 4 the options (d, L) = (1, 4), (2, 2), (4, 1) give "
         "1, 4, 4: the optimum is d in {2, 4}. Corrected: navon.conclusion1.1-integer-layers.",
)

conclusion11 = Claim(
    id="navon.conclusion1.1-integer-layers",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("003", "Conclusion 1.1, corrected for integer L"),
    statement="With K = B/N = L d and L integer, the objective d^L over divisors d of K is ordered as d^(1/d): "
              "d = 3 is optimal iff 3 divides K; otherwise d = 2 for even K (tied with d = 4 when 4 | K), and the "
              "least divisor d > 1 of K for odd K.",
    latex=r"d^{K/d}\ge e^{K/e}\iff d^e\ge e^d\quad(d,e\mid K)",
    kind="finite",
    # the full tier: K = 1..60 in five parts of at most 27,000 points (K, d, e), each within the checker's
    # 5,000,000 evaluation steps (about 100 a point: 806,420 at K_max = 20)
    instances={"quick": [{"K_max": 12}],
               "full": [{"K_max": 30}, {"K_min": 31, "K_max": 40}, {"K_min": 41, "K_max": 48},
                        {"K_min": 49, "K_max": 54}, {"K_min": 55, "K_max": 60}]},
    check=check_conclusion11,
    obligation=conclusion11_obligation,
    size="K_max",
    max_feasible=120,
)


# --- §4.5.1: the pointwise errors d_1, d_2 ------------------------------------------------------------

def distance_moments(dist, a: str, b: str) -> tuple[list, list]:
    """E|Y_a - Y_b| and E|Y_a - Y_b|^2 as expressions over a finite distribution [(p, {name: value})]."""
    d1 = ["+", *[["*", p, ["abs", ["-", v[a], v[b]]]] for p, v in dist]]
    d2 = ["+", *[["*", p, ["^", ["-", v[a], v[b]], 2]] for p, v in dist]]
    return d1, d2


def check_d2_triangle_printed(inst: dict) -> Verdict:
    """d_2 as a metric: the triangle inequality d_2(x, z) <= d_2(x, y) + d_2(y, z) at constants x, y, z."""
    x, y, z = inst["constants"]
    dist = [(1, {"x": x, "y": y, "z": z})]
    values = {}
    for a, b in (("x", "z"), ("x", "y"), ("y", "z")):
        values[f"d2_{a}{b}"] = distance_moments(dist, a, b)[1]
    rec = arith(values, [("triangle inequality of d_2", ["<=", "d2_xz", ["+", "d2_xy", "d2_yz"]])])
    return decide([rec], f"constants {x}, {y}, {z}: d_2 satisfies the triangle inequality",
                   refuted_summary=f"constants {x}, {y}, {z}: d_2({x},{z}) = {(x - z) ** 2} > d_2({x},{y}) + d_2({y},{z}) = "
                   f"{(x - y) ** 2 + (y - z) ** 2}: d_2 is not a metric")


def check_d1_d2_equivalence_printed(inst: dict) -> Verdict:
    """d_1 and d_2 equivalent up to the constant C: d_2 <= C d_1 and d_1 <= C d_2 on Z = y - y_gold."""
    C = inst["C"]
    N = C + 1
    big = [(["/", 1, N * N], {"z": N, "o": 0}), (["-", 1, ["/", 1, N * N]], {"z": 0, "o": 0})]
    small = [(1, {"z": ["/", 1, N], "o": 0})]
    d1_big, d2_big = distance_moments(big, "z", "o")
    d1_small, d2_small = distance_moments(small, "z", "o")
    rec = arith({"C": C, "d1_big": d1_big, "d2_big": d2_big, "d1_small": d1_small, "d2_small": d2_small},
                [(f"d_2 <= C d_1 for Z = {N} with probability 1/{N}^2", ["<=", "d2_big", ["*", "C", "d1_big"]]),
                 (f"d_1 <= C d_2 for Z = 1/{N}", ["<=", "d1_small", ["*", "C", "d2_small"]])])
    return decide([rec], f"C = {C}: d_1 and d_2 within factor C",
                   refuted_summary=f"C = {C}: Z = {N} with probability 1/{N}^2 has d_1 = 1/{N}, d_2 = 1 > C d_1; Z = 1/{N} has "
                   f"d_1 = 1/{N} > C d_2 = {C}/{N * N}: no constant makes d_1, d_2 equivalent")


def random_distribution(rng, points: int, names="xyz") -> list:
    from fractions import Fraction

    w = [rng.randint(1, 9) for _ in range(points)]
    return [(f"{wi}/{sum(w)}", {a: str(Fraction(rng.randint(-20, 20), rng.randint(1, 5))) for a in names}) for wi in w]


def check_pointwise_errors(inst: dict) -> Verdict:
    """On random finite distributions of (X, Y, Z): sqrt(d_2) satisfies the triangle inequality, d_2 the relaxed
    one with factor 2, and d_1 <= sqrt(d_2); all compared exactly through squares."""
    import random

    rng = random.Random(inst["seed"])
    values, facts = {}, []
    for t in range(inst["samples"]):
        dist = random_distribution(rng, inst["points"])
        for a, b in (("x", "z"), ("x", "y"), ("y", "z")):
            values[f"d1_{a}{b}_{t}"], values[f"d2_{a}{b}_{t}"] = distance_moments(dist, a, b)
        A, B, C = f"d2_xz_{t}", f"d2_xy_{t}", f"d2_yz_{t}"
        facts.append((f"sample {t}: sqrt(d_2) triangle: d2xz <= d2xy + d2yz + 2 sqrt(d2xy d2yz)",
                      ["or", ["<=", ["-", A, ["+", B, C]], 0],
                       ["<=", ["^", ["-", A, ["+", B, C]], 2], ["*", 4, B, C]]]))
        facts.append((f"sample {t}: d_2(x,z) <= 2 (d_2(x,y) + d_2(y,z))", ["<=", A, ["*", 2, ["+", B, C]]]))
        facts.append((f"sample {t}: d_1(x,z)^2 <= d_2(x,z)", ["<=", ["^", f"d1_xz_{t}", 2], A]))
    return decide([arith(values, facts)], f"{inst['samples']} random distributions on {inst['points']} points: "
                   "sqrt(d_2) is a metric, d_2 a 2-relaxed one, d_1 <= sqrt(d_2)")


d2_metric_printed = Claim(
    id="navon.d2-metric-as-printed",
    source=Source("003", "§4.5.1-4.5.2, eq. (15): d_2 as a metric"),
    coq=("GalleryReals.v:d2_metric_printed",),
    coq_hypotheses={"d2_metric_printed": []},
    statement="d_2(y, y') = E|y - y'|^2 is a metric (in particular it satisfies the triangle inequality).",
    latex=r"d_2(y,y'')\le d_2(y,y')+d_2(y',y'')",
    kind="finite",
    instances={"quick": [{"constants": [0, 1, 2]}], "full": [{"constants": [0, 1, 2]}, {"constants": [0, 3, 5]}]},
    check=check_d2_triangle_printed,
    expected="refuted",
    size="",
    note="Constants 0, 1, 2: d_2(0, 2) = 4 > 1 + 1. Corrected: navon.pointwise-errors (sqrt(d_2) is the L2 metric).",
)

d1_d2_printed = Claim(
    id="navon.d1-d2-equivalence-as-printed",
    source=Source("003", "§4.5.1: the losses equivalent up to multiplicative constants"),
    coq=("GalleryReals.v:d1_d2_equivalence_printed",),
    coq_hypotheses={"d1_d2_equivalence_printed": []},
    statement="d_1 = E|Z| and d_2 = E|Z|^2 (Z = y - y_gold) are equivalent up to multiplicative constants: for some "
              "C, d_2 <= C d_1 and d_1 <= C d_2 for every Z.",
    latex=r"\exists C:\ d_2\le C d_1,\ d_1\le C d_2",
    kind="finite",
    instances={"quick": [{"C": 10}], "full": [{"C": C} for C in (1, 10, 100, 1000)]},
    check=check_d1_d2_equivalence_printed,
    expected="refuted",
    size="C",
    note="Norms on R^n are equivalent, but d_1, d_2 are moments of one random variable, not norms on a fixed finite-"
         "dimensional space: Z = N with probability 1/N^2 gives d_1 = 1/N, d_2 = 1. Each instance refutes one C.",
)

pointwise_errors = Claim(
    id="navon.pointwise-errors",
    source=Source("003", "§4.5.1-4.5.2, corrected"),
    statement="sqrt(d_2) is a metric (the L2 distance), d_2 satisfies d_2(x, z) <= 2 (d_2(x, y) + d_2(y, z)), and "
              "d_1 <= sqrt(d_2) (Jensen); d_1 and d_2 are comparable only in that direction.",
    latex=r"\sqrt{d_2}\ \text{metric},\ d_1\le\sqrt{d_2}",
    kind="finite",
    instances={"quick": [{"samples": 20, "points": 4, "seed": 1}],
               "full": [{"samples": 200, "points": 6, "seed": s} for s in (1, 2)]},
    check=check_pointwise_errors,
    size="points",
    note="Random rational distributions; every comparison is exact (square roots compared through squares).",
)
