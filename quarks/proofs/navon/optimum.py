"""Seed 003 — Dan Navon, "Attention is optimal building block" (2021).

The note argues that degree-3 polynomial layers (attention without softmax) are optimal for a
fixed parameter budget: a stack of L degree-d layers is said to reach separation rank
Theta(d^(L dx)) (eq. (3)) with N = L d N_dx parameters (eq. (4)); for a budget B this is
(d^(1/d))^(B dx / N), maximized at d = e over the reals and at d = 3 over the integers.

What is checked here, and what is wrong or unproved in print (details in notes/navon.md):

* the calculus (eq. (5), Conclusion 1.1) is right; its integral line for d < e has the
  limits reversed, and "e ~ 2.71" is numerical: we prove 2 < e < 3 and the integer optimum for
  every integer d (3^d > d^3 for d != 3, by induction);
* eq. (4) counts d weight matrices per layer, but the layer of eq. (2) has d - 1: with that
  count the objective is ln(d)/(d - 1), decreasing, and the integer optimum is d = 2;
* eq. (2) type-checks only for square X (N = dx); the degree d^L (eq. (16)) holds for
  generic weights;
* eqs. (1) and (3) are quoted / conjectured, not proved: only explored on tiny cases.
"""
from __future__ import annotations

from math import comb

from quarks.certificates.evidence import arith, exhaustive, forall
from quarks.claims.claim import Claim, Source, Verdict, decide

# --- helpers -------------------------------------------------------------------------------------

def _symbolic(build):
    """Run a derivation builder; an undecidable step makes the verdict inconclusive."""
    from quarks.symbolic.derivation import Undecided

    try:
        return build().record(), None
    except Undecided as exc:
        return None, Verdict.inconclusive(str(exc))


# --- navon.degree-optimum ------------------------------------------------------------------------

def check_degree_optimum(inst: dict) -> Verdict:
    from quarks.symbolic.calculus import h_optimum

    rec, bad = _symbolic(lambda: h_optimum(inst["derivative"], inst["critical"]))
    if bad:
        return bad
    return decide([rec], f"h'(d) = {inst['derivative']}, the only critical point is d = {inst['critical']}, "
                          "h' > 0 before it and < 0 after it: the unique global maximum, h(e) = 1/e")


degree_optimum = Claim(
    id="navon.degree-optimum",
    source=Source("003", "eq. (5)"),
    coq=("NavonOptimum.v:h_derive", "NavonOptimum.v:h_critical", "NavonOptimum.v:h_increasing",
         "NavonOptimum.v:h_decreasing", "NavonOptimum.v:degree_optimum", "NavonOptimum.v:h_e"),
    coq_hypotheses={"h_derive": ["0 < x"],
                    "h_critical": ["0 < x"],
                    "h_increasing": ["0 < x", "x < y", "y <= exp 1"],
                    "h_decreasing": ["exp 1 <= x", "x < y"],
                    "degree_optimum": ["0 < d", "d <> exp 1"],
                    "h_e": []},
    statement="h(d) = ln(d)/d on d > 0 has h'(d) = (1 - ln d)/d^2, a unique critical point d = e, "
              "h increasing on (0, e) and decreasing on (e, oo): a unique global maximum h(e) = 1/e.",
    latex=r"h(d)=\frac{\ln d}{d},\ h'(d)=\frac{1-\ln d}{d^2}=0\iff d=e,\ \max h=h(e)=\frac1e",
    kind="symbolic",
    instances={"quick": [{"derivative": "(1 - log(d))/d**2", "critical": "E"}],
               "full": [{"derivative": "(1 - log(d))/d**2", "critical": "E"}]},
    check=check_degree_optimum,
    note="Correct. The printed line for d < e, h(d) = h(e) - int_e^d h'(s) ds with the integral "
         "labelled > 0, has two sign slips that cancel: it should read h(d) = h(e) - int_d^e h'(s) ds, "
         "int_d^e h' > 0. Signs here are decided exactly through d = e*exp(+-t), t > 0.",
)


# --- navon.integer-optimum -----------------------------------------------------------------------

def _power_facts(m: int) -> dict:
    """Exact integer facts: h(m) > h(d) iff m^d > d^m."""
    return arith(
        {},
        [
            (f"h({m}) > h({m - 1}): {m}^{m - 1} > {m - 1}^{m}", [">", ["^", m, m - 1], ["^", m - 1, m]]),
            (f"h({m}) > h(1) = 0: {m}^1 > 1^{m}", [">", ["^", m, 1], ["^", 1, m]]),
            (f"induction base: {m}^{m + 1} > {m + 1}^{m}", [">", ["^", m, m + 1], ["^", m + 1, m]]),
            ("h(4) = h(2): 4^2 = 2^4", ["==", ["^", 4, 2], ["^", 2, 4]]),
        ],
    )


def check_integer_optimum(inst: dict) -> Verdict:
    from quarks.symbolic.calculus import integer_optimum

    m, n = inst["optimum"], inst["n"]
    rec, bad = _symbolic(lambda: integer_optimum(m))
    if bad:
        return bad
    box = forall([["d", 1, n]], ["or", ["==", "d", m], [">", ["^", m, "d"], ["^", "d", m]]])
    return decide([rec, _power_facts(m), box],
                   f"d = {m} maximizes ln(d)/d over the positive integers: {m}^d > d^{m} for every integer "
                   f"d != {m} (induction from {m}^{m + 1} > {m + 1}^{m} with {m} d^{m} >= (d+1)^{m}; "
                   f"checked directly for d <= {n}); 2 < e < 3; h(4) = h(2)")


integer_optimum = Claim(
    id="navon.integer-optimum",
    source=Source("003", "Conclusion 1.1"),
    coq=("NavonOptimum.v:pow3_gt_cube", "NavonOptimum.v:integer_optimum", "NavonOptimum.v:h4_eq_h2"),
    coq_hypotheses={"pow3_gt_cube": ["(4 <= d)%nat"],
                    "integer_optimum": ["(1 <= d)%nat", "d <> 3%nat"],
                    "h4_eq_h2": []},
    statement="Over the positive integers, h(d) = ln(d)/d is maximal exactly at d = 3: h(3) > h(d) for "
              "every integer d != 3, equivalently 3^d > d^3; h(3) > h(2) iff 9 > 8; h(4) = h(2).",
    latex=r"\forall d\in\mathbb N\setminus\{3\}:\ \frac{\ln 3}3>\frac{\ln d}d\iff 3^d>d^3",
    kind="symbolic",
    instances={"quick": [{"optimum": 3, "n": 60}], "full": [{"optimum": 3, "n": 2000}]},
    check=check_integer_optimum,
    note="Correct, but the print reduces to {2, 3} using e ~ 2.71 (numerical); monotonicity on both "
         "sides of e does cover d = 1 (h(1) = 0), which we also check exactly. We prove 2 < e < 3 "
         "by rational enclosures and, independently of e, 3^d > d^3 for all d >= 4 by induction.",
)


# --- navon.budget-objective ----------------------------------------------------------------------

def check_budget_objective(inst: dict) -> Verdict:
    from quarks.symbolic.calculus import budget_objective

    rec, bad = _symbolic(lambda: budget_objective(inst["exponent"], "d", inst["width"]))
    if bad:
        return bad
    return decide([rec], f"{inst['objective']}: d^(L {inst['width']}) with L = B/(d N) equals "
                          f"(d^(1/d))^({inst['exponent']}) = exp(({inst['exponent']}) h(d)); its derivative "
                          "is a positive multiple of h'(d), so it has h's maximizer")


budget_objective = Claim(
    id="navon.budget-objective",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("003", "§1.2 f(d) after eq. (4); eq. (17)"),
    coq=("NavonBudget.v:budget_objective_eq", "NavonBudget.v:budget_objective_derive",
         "NavonBudget.v:budget_objective_optimum", "NavonBudget.v:budget_objective_integer_optimum"),
    coq_hypotheses={"budget_objective_eq": ["0 < d"],
                    "budget_objective_derive": ["0 < d"],
                    "budget_objective_optimum": ["0 < K", "0 < d", "d <> exp 1"],
                    "budget_objective_integer_optimum": ["0 < K", "(1 <= d)%nat", "d <> 3%nat"]},
    statement="Under the budget B = L d N (eq. (4)), d^(L dx) = (d^(1/d))^(B dx/N) = exp((B dx/N) h(d)), "
              "whose derivative is a positive multiple of h'(d): it has the same maximizer as h. "
              "Likewise the degree proxy d^p with p = B/(N d) (eq. (17)).",
    latex=r"d^{L d_x}\big|_{L=B/(dN)}=\left(d^{1/d}\right)^{B d_x/N}=e^{(B d_x/N)\,h(d)}",
    kind="symbolic",
    instances={"quick": [{"objective": "separation rank, eq. (3)", "exponent": "B*dx/N", "width": "dx"},
                         {"objective": "degree proxy, eq. (17)", "exponent": "B/N", "width": "1"}],
               "full": [{"objective": "separation rank, eq. (3)", "exponent": "B*dx/N", "width": "dx"},
                        {"objective": "degree proxy, eq. (17)", "exponent": "B/N", "width": "1"}]},
    check=check_budget_objective,
    note="Correct given eq. (4). Eq. (17) says 'combining with (17)' where (16) is meant.",
)


def check_budget_eq2(inst: dict) -> Verdict:
    from quarks.symbolic.calculus import budget_objective_eq2, log_ratio_decreasing

    recs = []
    for build in (budget_objective_eq2, log_ratio_decreasing):
        rec, bad = _symbolic(build)
        if bad:
            return bad
        recs.append(rec)
    facts = arith({}, [("g(2) > g(3): ln 2 > ln(3)/2 iff 2^2 > 3", [">", ["^", 2, 2], 3]),
                       ("g(3) > g(4): ln(3)/2 > ln(4)/3 iff 3^3 > 4^2", [">", ["^", 3, 3], ["^", 4, 2]])])
    return decide(recs + [facts], "with d - 1 weight matrices per layer the objective is "
                   "exp((B dx/N) ln(d)/(d-1)); ln(d)/(d-1) decreases on (1, oo), so d = 2 is the integer optimum")


budget_objective_eq2 = Claim(
    id="navon.budget-objective-eq2",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("003", "eq. (2) with eq. (4)"),
    coq=("NavonBudget.v:ln_gt_1_minus_inv", "NavonBudget.v:g_decreasing", "NavonBudget.v:budget_eq2_eq",
         "NavonBudget.v:budget_objective_eq2_optimum", "NavonBudget.v:budget_objective_eq2_integer_optimum"),
    coq_hypotheses={"ln_gt_1_minus_inv": ["1 < d"],
                    "g_decreasing": ["1 < x", "x < y"],
                    "budget_eq2_eq": ["1 < d"],
                    "budget_objective_eq2_optimum": ["0 < K", "1 < x", "x < y"],
                    "budget_objective_eq2_integer_optimum": ["0 < K", "(3 <= d)%nat"]},
    statement="Counting the d - 1 weight matrices that the layer of eq. (2) actually has, B = L (d-1) N, "
              "the objective d^(L dx) = exp((B dx/N) ln(d)/(d-1)) is strictly decreasing in d > 1: the "
              "integer optimum is d = 2, not 3.",
    latex=r"B=L(d-1)N:\ d^{L d_x}=e^{(B d_x/N)\frac{\ln d}{d-1}},\ \left(\tfrac{\ln d}{d-1}\right)'<0\ (d>1)",
    kind="symbolic",
    instances={"quick": [{}], "full": [{}]},
    check=check_budget_eq2,
    note="Our corrected consequence, not a statement of the note: it shows the conclusion d = 3 "
         "depends on eq. (4)'s count of d matrices per layer (true of attention Q, K, V and of "
         "Comment 3.1's P_d, not of eq. (2)).",
)


# --- navon.layer-degree --------------------------------------------------------------------------

def check_layer_degree(inst: dict) -> Verdict:
    from quarks.symbolic.layers import stack_degree

    d, L, n = inst["d"], inst["L"], inst["n"]
    rec, bad = _symbolic(lambda: stack_degree(d, L, n, inst["degree"], seed=inst.get("seed", 0),
                                               expand=inst.get("expand", False)))
    if bad:
        return bad
    return _layer_verdict(inst, rec)


def _layer_verdict(inst: dict, rec: dict) -> Verdict:
    d, L, n = inst["d"], inst["L"], inst["n"]
    found = [s["found"] for s in rec["steps"] if s["op"] == "degree"]
    return decide([rec], f"d = {d}, L = {L}, X {n}x{n}: each layer has degree {d} and is homogeneous, the "
                          f"stack restricted to a line has degree {found[1] if len(found) > 1 else '?'} = d^L "
                          f"= {inst['degree']}" + (" and so has the full expansion" if inst.get("expand") else ""),
                   degrees=found)


def layer_obligation(inst: dict, cert: dict) -> Verdict:
    """What a certificate must say: the derivation of the instance (its layers, the integer point and weights,
    the steps; quarks.symbolic.layers.stack_degree_plan) with the results of its steps as the certificate
    says them, which the kernel computes again with SymPy: the derivation is not built twice."""
    from quarks.symbolic.layers import stack_degree_record

    ev = cert.get("evidence")
    if not (isinstance(ev, list) and len(ev) == 1 and isinstance(ev[0], dict)):
        raise ValueError("a layer-degree certificate has one symbolic record")
    rec = stack_degree_record(inst["d"], inst["L"], inst["n"], inst["degree"], ev[0].get("steps"),
                              seed=inst.get("seed", 0), expand=inst.get("expand", False))
    return _layer_verdict(inst, rec)


def _layer_instances(tier: str) -> list[dict]:
    if tier == "quick":
        cases = [(2, 1, 2, True), (2, 2, 2, True), (2, 3, 2, False), (3, 1, 2, True), (3, 2, 2, False),
                 (4, 2, 2, False)]
    else:
        cases = [(d, L, 2, d**L <= 9) for d in (2, 3, 4) for L in range(1, {2: 6, 3: 4, 4: 3}[d] + 1)]
        cases += [(2, 1, 3, True), (2, 2, 3, True), (3, 1, 3, True), (3, 2, 3, False), (2, 3, 3, False)]
    return [{"d": d, "L": L, "n": n, "degree": d**L, "expand": e, "seed": 10 * d + L} for d, L, n, e in cases]


layer_degree = Claim(
    id="navon.layer-degree",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("003", "eq. (16)"),
    statement="The layer y(X) = X prod_{k=1}^{d-1} (W_k X^T) (eq. (2), X square n x n) is homogeneous of "
              "degree d in the entries of X; a stack of L such layers with generic weights has total "
              "degree exactly d^L.",
    latex=r"\deg\left(y^d_L\circ\cdots\circ y^d_1\right)=d^L,\quad y^d(X)=X\prod_{k=1}^{d-1}W_kX^\top",
    kind="symbolic",
    instances=_layer_instances,
    check=check_layer_degree,
    obligation=layer_obligation,
    size="L",
    max_feasible=8,
    note="Eq. (2) multiplies X (N x dx) by W_k X^T (dx x N): for d >= 3 this needs N = dx, and the "
         "stack composes only for square X. Degree d^L is exact for generic weights (always <= d^L; "
         "weights making a layer vanish lower it). Evidence: symbolic one-layer degree and "
         "homogeneity, and the stack on a line s X0 with integer weights has degree d^L in s.",
)


layer_degree_bound = Claim(
    id="navon.layer-degree-bound",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("003", "eq. (16), upper bound"),
    coq=("LayerDegree.v:layer_degree", "LayerDegree.v:layer_degree_stack"),
    coq_hypotheses={"layer_degree": ["mxdeg_le (R:=R) (m:=m) D X",
                                     "(forall W : matrix_eqType (mpoly_eqType m R) n n, W \\in Ws -> mxdeg_le (R:=R) (m:=m) 0 W)"],
                    "layer_degree_stack": ["(forall Ws : seq_eqType (matrix_eqType (mpoly_eqType m R) n n), Ws \\in Wss -> (size Ws).+1 = d /\\ (forall W : matrix_eqType (mpoly_eqType m R) n n, W \\in Ws -> mxdeg_le (R:=R) (m:=m) 0 W))",
                                           "mxdeg_le (R:=R) (m:=m) 1 X"]},
    statement="If the entries of X have degree <= D, the layer y(X) = X prod_{k=1}^{d-1} (W_k X^T) has entries "
              "of degree <= d D; a stack of L such layers on the matrix of variables has degree <= d^L (for every "
              "n, d, L and weights).",
    latex=r"\deg\left(y^d_L\circ\cdots\circ y^d_1\right)\le d^L",
    kind="symbolic",
    instances=_layer_instances,
    check=check_layer_degree,
    obligation=layer_obligation,
    size="L",
    max_feasible=8,
    note="The half of navon.layer-degree proved in Coq for all parameters (polynomials over any ring, "
         "mathcomp-multinomials); the instances check the exact degree d^L, which implies the bound. "
         "Equality for generic weights stays an instance check (navon.layer-degree).",
)


# --- navon.parameter-count -----------------------------------------------------------------------

def check_parameter_count(inst: dict) -> Verdict:
    from quarks.symbolic.layers import layer_parameters

    d, n, L = inst["d"], inst["n"], inst["L"]
    per_layer = inst["matrices"] * n * n
    rec, bad = _symbolic(lambda: layer_parameters(d, n, per_layer))
    if bad:
        return bad
    found = rec["steps"][-1]["found"]
    return decide([rec], f"a layer of eq. (2) with d = {d}, n = {n} has {found} weights: "
                          f"N_(L,d) = {L * found} for L = {L}",
                   refuted_summary=f"eq. (4) gives {L * per_layer} parameters for L = {L} layers of degree {d}; "
                                   f"a layer of eq. (2) has d - 1 = {d - 1} matrices, {found} weights: "
                                   f"{L * found} in all",
                   printed=L * per_layer, counted=L * found)


parameter_count = Claim(
    id="navon.parameter-count",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("003", "eq. (4)"),
    statement="L layers of degree d (eq. (2)) have N_(L,d) = L d N_dx parameters, N_dx the size of one W_k.",
    latex=r"N_{L,d}=L\cdot d\cdot N_{d_x}",
    kind="symbolic",
    instances={"quick": [{"d": 2, "n": 2, "L": 1, "matrices": 2}, {"d": 3, "n": 2, "L": 2, "matrices": 3}],
               "full": [{"d": d, "n": n, "L": 3, "matrices": d} for d in (2, 3, 4) for n in (2, 3) if d * n < 12]},
    check=check_parameter_count,
    expected="refuted",
    note="False as printed: the layer of eq. (2) has d - 1 weight matrices, so N_(L,d) = L (d-1) N_dx. "
         "The count L d N_dx fits attention (W_Q, W_K, W_V for degree 3) and Comment 3.1's P_d; see "
         "navon.parameter-count-corrected and navon.budget-objective-eq2.",
)


def check_parameter_count_corrected(inst: dict) -> Verdict:
    from quarks.symbolic.layers import layer_parameters
    from quarks.symbolic.linear_forms import product_counts

    d, n = inst["d"], inst["n"]
    recs = []
    for build in (lambda: layer_parameters(d, n, (d - 1) * n * n), lambda: product_counts(n, d)):
        rec, bad = _symbolic(build)
        if bad:
            return bad
        recs.append(rec)
    return decide(recs, f"d = {d}, n = {n}: eq. (2) layer has (d-1) n^2 = {(d - 1) * n * n} weights; "
                         f"P_d = prod_(k=1)^d (W_k x) has d n = {d * n} per output")


parameter_count_corrected = Claim(
    id="navon.parameter-count-corrected",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("003", "eq. (4), eq. (2), Comment 3.1"),
    statement="A layer of eq. (2) depends on exactly (d-1) n^2 weights (n x n matrices W_1..W_(d-1)), so "
              "N_(L,d) = L (d-1) N_dx; the product P_d(x) = prod_(k=1)^d (W_k x) of Comment 3.1 depends on "
              "d n weights per output coordinate, so L d N_dx holds for such layers.",
    latex=r"N^{(2)}_{L,d}=L(d-1)N_{d_x},\qquad N^{P_d}_{L,d}=L\,d\,N_{d_x}",
    kind="symbolic",
    instances={"quick": [{"d": 2, "n": 2}, {"d": 3, "n": 2}],
               "full": [{"d": d, "n": n} for d in (2, 3, 4) for n in (2, 3)]},
    check=check_parameter_count_corrected,
)


# --- navon.sparse-product ------------------------------------------------------------------------

REGIME = ["or", [">=", "n", 4], ["and", ["==", "n", 3], [">=", "d", 3]]]


def _fewer(n_expr, d_expr):
    return ["<", ["*", d_expr, n_expr], ["binom", ["-", ["+", n_expr, d_expr], 1], d_expr]]


def check_sparse_product(inst: dict) -> Verdict:
    from quarks.symbolic.linear_forms import binary_quadratic_discriminant, product_counts

    n, d = inst["n"], inst["d"]
    rec, bad = _symbolic(lambda: product_counts(n, d))
    if bad:
        return bad
    evidence = [rec]
    counts = arith(
        # no value refers to another: certificates store the values with sorted keys
        {"n": n, "d": d, "params": ["*", d, n], "dense": ["binom", n + d - 1, d]},
        [("fewer parameters than dense coefficients exactly in the regime n >= 4 or (n = 3, d >= 3)",
          ["==", _fewer("n", "d"), REGIME])],
    )
    evidence.append(counts)
    evidence.append(forall([["n", 2, 16], ["d", 2, 16]], ["==", _fewer("n", "d"), REGIME]))
    if (n, d) == (2, 2):
        rec2, bad = _symbolic(binary_quadratic_discriminant)
        if bad:
            return bad
        evidence.append(rec2)
    params, dense = d * n, comb(n + d - 1, d)
    rel = "<" if params < dense else ("=" if params == dense else ">")
    return decide(evidence, f"n = {n}, d = {d}: P_d has {params} weights {rel} {dense} monomials of a dense "
                             "degree-d form; the generic product has all of them (full support)",
                   params=params, dense=dense)


sparse_product = Claim(
    id="navon.sparse-product",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("003", "Comment 3.1"),
    statement="P_d(x) = prod_(k=1)^d (w_k . x), x in R^n, has d n weights; its generic expansion contains all "
              "C(n+d-1, d) monomials of degree d; d n < C(n+d-1, d) exactly when n >= 4, or n = 3 and d >= 3 "
              "(n, d >= 2). For n = d = 2 it has more weights (4 > 3) yet misses x^2 + y^2.",
    latex=r"\#\text{params}(P_d)=dn\ \text{vs}\ \binom{n+d-1}{d};\ dn<\binom{n+d-1}{d}\iff n\ge4\ \lor\ (n=3\land d\ge3)",
    kind="symbolic",
    instances={"quick": [{"n": 2, "d": 2}, {"n": 3, "d": 2}, {"n": 3, "d": 3}, {"n": 4, "d": 2}],
               "full": [{"n": n, "d": d} for n in (2, 3, 4, 5, 6) for d in (2, 3, 4) if comb(n + d - 1, d) <= 200]},
    check=check_sparse_product,
    note="The note calls P_d 'sparse'. Its support is full (every monomial appears for generic weights); "
         "what is small is the family (d n parameters, and not every polynomial is a product of real "
         "linear forms). Fewer parameters than a dense form only for n >= 4 or (n = 3, d >= 3).",
)


# --- navon.sep-rank ------------------------------------------------------------------------------

def _sep_case(inst: dict):
    """(f, rows, cols, decomposition terms, grid, rank value, relation, monomials) of an instance."""
    import random

    case = inst["case"]
    if case == "monomial":
        alpha = inst["alpha"]
        xs = [f"x{i}" for i in range(len(alpha))]
        k = len(alpha) // 2
        mono = lambda idx: "*".join(f"{xs[i]}**{alpha[i]}" for i in idx)  # noqa: E731
        f = mono(range(len(alpha)))
        return f, xs[:k], xs[k:], [(mono(range(k)), mono(range(k, len(alpha))))], [1, 2, 3], inst["rank"], "==", None
    if case in ("sum", "sum-tight"):
        d = inst["d"]
        rng = random.Random(inst.get("seed", 0))
        if case == "sum":
            exps = rng.sample([(a, b) for a in range(1, 5) for b in range(1, 5)], d)  # distinct monomials
            coef = [rng.choice([-3, -2, -1, 1, 2, 3]) for _ in range(d)]
        else:
            exps, coef = [(l, l) for l in range(1, d + 1)], [1] * d
        terms = [(f"{c}*x**{a}", f"y**{b}") for c, (a, b) in zip(coef, exps)]
        f = " + ".join(f"{c}*x**{a}*y**{b}" for c, (a, b) in zip(coef, exps))
        return f, ["x"], ["y"], terms, list(range(1, d + 3)), inst["rank"], inst["relation"], None
    if case == "collapse":
        return "x*y + x**2*y", ["x"], ["y"], [("x + x**2", "y")], [1, 2, 3, 4], inst["rank"], "==", 2
    if case == "lower-bound":
        R = inst["R"]
        rng = random.Random(inst.get("seed", 0))

        def poly(u, v):
            return " + ".join(f"{rng.choice([-3, -2, -1, 1, 2, 3])}*{u}**{rng.randint(0, 3)}*{v}**{rng.randint(0, 3)}"
                              for _ in range(3))

        terms = [(poly("x0", "x1"), poly("x2", "x3")) for _ in range(R)]
        f = " + ".join(f"({g})*({h})" for g, h in terms)
        return f, ["x0", "x1"], ["x2", "x3"], terms, inst["grid"], R, "<=", None
    raise ValueError(f"unknown sep-rank case {case!r}")


def check_sep_rank(inst: dict) -> Verdict:
    from quarks.symbolic.separation_rank import separation_facts

    f, rows, cols, terms, grid, value, rel, mons = _sep_case(inst)
    if inst.get("n") is not None and inst["n"] != len(rows) + len(cols):
        raise ValueError(f"instance n = {inst['n']} but the case has {len(rows) + len(cols)} variables")
    rec, bad = _symbolic(lambda: separation_facts(f, rows, cols, terms, grid, value, rel, monomials=mons))
    if bad:
        return bad
    found = rec["steps"][-1]["found"]
    return decide([rec], f"{inst['case']}: f = {f[:60]}; decomposition with {len(terms)} term(s); "
                          f"matricization rank {found} {rel} {value}", rank=found, terms=len(terms))


sep_rank = Claim(
    id="navon.sep-rank",
    source=Source("003", "§5.1.1, eq. (10)"),
    statement="For a partition (A, B): a monomial with all exponents >= 1 has separation rank 1; a sum of d "
              "such monomials has rank <= d (attained by sum_l x^l y^l); (x + x^2) y has rank 1 < 2; every "
              "grid matricization has rank <= sep (eq. (10)).",
    latex=r"\operatorname{sep}\Big(\prod x_i^{\alpha_i}\Big)=1,\ \operatorname{sep}(p_d)\le d,\ "
          r"\operatorname{sep}((x+x^2)y)=1,\ \operatorname{rank}M^y_{(A,B)}\le\operatorname{sep}_{(A,B)}(y)",
    kind="symbolic",
    instances={
        "quick": [
            {"case": "monomial", "alpha": [2, 1, 3, 1], "rank": 1, "n": 4},
            {"case": "sum", "d": 3, "seed": 1, "rank": 3, "relation": "<=", "n": 2},
            {"case": "sum-tight", "d": 3, "rank": 3, "relation": "==", "n": 2},
            {"case": "collapse", "rank": 1, "n": 2},
            {"case": "lower-bound", "R": 2, "seed": 2, "grid": [0, 1, 2, 3], "n": 4},
        ],
        "full": [
            {"case": "monomial", "alpha": [2, 1, 3, 1, 1, 2], "rank": 1, "n": 6},
            *({"case": "sum", "d": d, "seed": s, "rank": d, "relation": "<=", "n": 2} for d in (2, 4, 6) for s in (1, 2)),
            *({"case": "sum-tight", "d": d, "rank": d, "relation": "==", "n": 2} for d in (2, 4, 6)),
            {"case": "collapse", "rank": 1, "n": 2},
            *({"case": "lower-bound", "R": R, "seed": s, "grid": [0, 1, 2, 3, 5], "n": 4} for R in (2, 3, 4) for s in (1, 2)),
        ],
    },
    check=check_sep_rank,
    note="Correct. The rank is the exact rank over Q of the grid matricization (a lower bound for sep by "
         "eq. (10)); the upper bound is the recorded decomposition, re-checked symbolically.",
)


# --- navon.sep-rank-growth (exploration) ---------------------------------------------------------

def check_sep_rank_growth(inst: dict) -> Verdict:
    d, L, n = inst["d"], inst["L"], inst["n"]
    rec = exhaustive("quarks.symbolic.separation_rank:token_matricization_rank",
                     d=d, L=L, n=n, templates=inst["templates"], seed=inst.get("seed", 1))
    r, bound = rec["result"]["rank"], rec["result"]["bound"]
    claimed = d ** (L * n)
    return decide([rec], f"exploration: d = {d}, L = {L}, dx = n = {n}: matricization rank {r} (token 0 | rest, "
                          f"{inst['templates']} templates, mod p) vs d^(L dx) = {claimed}; monomial bound {bound}",
                   rank=r, claimed=claimed, bound=bound)


def _growth_instances(tier: str) -> list[dict]:
    cases = [(2, 1, 2), (2, 2, 2), (3, 1, 2)] if tier == "quick" else \
        [(2, 1, 2), (2, 2, 2), (2, 3, 2), (3, 1, 2), (3, 2, 2), (4, 1, 2), (2, 1, 3), (2, 2, 3)]
    return [{"d": d, "L": L, "n": n, "templates": comb(d**L + n, n) + 4, "seed": 1} for d, L, n in cases]


sep_rank_growth = Claim(
    id="navon.sep-rank-growth",
    source=Source("003", "eq. (3)"),
    statement="Exploration of eq. (3), sep(Y_L^d) = Theta(d^(L dx)): exact (mod p) grid-matricization ranks of "
              "one output entry of small stacks, token 0 against the other tokens, beside d^(L dx) and the "
              "monomial bound C(d^L + dx, dx).",
    latex=r"\operatorname{rank} M^{(Y_L^d)_{11}}_{(\{1\},\{2..n\})}\ \text{vs}\ d^{L d_x}",
    kind="exploration",
    instances=_growth_instances,
    check=check_sep_rank_growth,
    size="L",
    note="Not a proof of anything: eq. (3) (and eq. (1), quoted from [1]) is not proved in the note. "
         "A rank mod p is a lower bound for the rank over Q, hence for sep. With few tokens the rank is "
         "capped by polynomial-space dimensions, so these tiny cases cannot test Theta-growth.",
)
