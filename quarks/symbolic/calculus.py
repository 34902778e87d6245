"""The calculus of h(d) = ln(d)/d and of the budget objectives built on it.

Facts derived (each a step of a :class:`~quarks.symbolic.derivation.Derivation`):

* h'(d) = (1 - ln d)/d^2; its only zero on (0, oo) is d = e; h' > 0 on (0, e) and h' < 0 on
  (e, oo), so h increases up to e and decreases after it: a unique global maximum h(e) = 1/e.
* 2 < e < 3 (rational enclosures of e), so over the integers only 2 and 3 compete.
* h(3) - h(d) = ln(3^d / d^3) / (3d): h(3) > h(d) exactly when 3^d > d^3, an integer fact.
* 3 d^3 >= (d + 1)^3 for d >= 3, the induction step of 3^d > d^3 for every integer d >= 4.
* For a budget B = L c(d) N: the objective d^(L dx) = exp((B dx / N) ln(d) / c(d)), so its
  maximizer is that of ln(d)/c(d): ln(d)/d when c(d) = d (eq. (4)); ln(d)/(d - 1) when a layer has
  d - 1 weight matrices (eq. (2)), which decreases on (1, oo).

Each builder stops at the first step that fails (later steps presuppose it) and returns the
derivation; ``der.holds`` says whether every recorded step holds.
"""
from __future__ import annotations

from quarks.symbolic.derivation import Derivation, interval

H = "log(d)/d"
H_PRIME = "(1 - log(d))/d**2"


def h_optimum(derivative: str = H_PRIME, critical: str = "E") -> Derivation:
    """h' as stated, its unique critical point as stated, and the sign of h' on either side."""
    der = Derivation({"d": {"positive": True}, "s": {"positive": True}})
    der.define("h", H)
    steps = (
        lambda: der.diff("h", "d", derivative, label="h'(d) = (1 - ln d)/d^2, eq. (5)"),
        lambda: der.equal(derivative, "1/d**2 - log(d)/d**2", label="the printed form 1/d^2 - ln d/d^2"),
        lambda: der.solveset(derivative, "d", interval(0, "oo"), [critical], label="h'(d) = 0 iff d = d_c"),
        lambda: der.sign(derivative, "positive", "d", interval(0, critical), via="exp",
                         label="h' > 0 on (0, d_c): h increases"),
        lambda: der.sign(derivative, "negative", "d", interval(critical, "oo"), via="exp",
                         label="h' < 0 on (d_c, oo): h decreases"),
        lambda: der.equal("h - log(E)/E", "integrate((1 - log(s))/s**2, (s, E, d))",
                          label="h(d) = h(e) + int_e^d h'(s) ds"),
        lambda: der.equal("log(E)/E", "1/E", label="max h = h(e) = 1/e"),
    )
    for step in steps:
        if not step().holds:
            break
    return der


def integer_optimum(m: int = 3) -> Derivation:
    """The symbolic part of "d = m maximizes h over the positive integers" (m = 3 as printed)."""
    der = Derivation({"d": {"positive": True}})
    steps = (
        lambda: der.sign(H_PRIME, "negative", "d", interval("E", "oo"), via="exp",
                         label="h decreases on (e, oo)"),
        lambda: der.sign(f"{m} - E", "positive", label=f"e < {m}: integers >= {m} lie where h decreases"),
        lambda: der.sign(f"E - {m - 1}", "positive", label=f"{m - 1} < e: so the integer optimum is {m - 1} or {m}"),
        lambda: der.equal(f"log({m})/{m} - log(d)/d", f"log({m}**d/d**{m})/({m}*d)",
                          label=f"h({m}) - h(d) = ln({m}^d/d^{m})/({m}d): h({m}) > h(d) iff {m}^d > d^{m}"),
        lambda: der.sign(f"{m}*d**{m} - (d + 1)**{m}", "nonnegative", "d", interval(m, "oo", left_open=False),
                         label=f"{m} d^{m} >= (d+1)^{m} for d >= {m}: the induction step of {m}^d > d^{m}"),
    )
    for step in steps:
        if not step().holds:
            break
    return der


def budget_objective(exponent: str = "B*dx/N", cost: str = "d", width: str = "dx") -> Derivation:
    """d^(L dx) under the budget B = L cost(d) N equals (d^(1/cost))^exponent; same maximizer as
    ln(d)/cost(d) because the objective is exp(positive * ln(d)/cost(d))."""
    der = Derivation({"d": {"positive": True}, "B": {"positive": True}, "N": {"positive": True},
                      "dx": {"positive": True}})
    der.define("L", f"B/(({cost})*N)")
    der.define("F", f"d**(L*({width}))")
    steps = (
        lambda: der.equal("F", f"(d**(1/({cost})))**({exponent})", label="d^(L dx) = (d^(1/d))^(B dx/N)"),
        lambda: der.equal("log(F)", f"({exponent})*log(d)/({cost})", label="ln F = (B dx/N) ln(d)/cost(d)"),
        lambda: der.sign(exponent, "positive", label="the factor B dx/N is positive"),
        lambda: der.sign("F", "positive", label="F > 0"),
        lambda: der.equal("diff(F, d)", f"F*({exponent})*diff(log(d)/({cost}), d)",
                          label="F'(d) = F (B dx/N) (ln(d)/cost)': same sign, same critical points"),
    )
    for step in steps:
        if not step().holds:
            break
    return der


def budget_objective_eq2(exponent: str = "B*dx/N") -> Derivation:
    """With d - 1 weight matrices per layer (eq. (2)): B = L (d-1) N.  Written with d = 1 + u,
    u > 0 (d = 1 has no weights at all): d^(L dx) = exp((B dx/N) ln(d)/(d - 1))."""
    der = Derivation({"u": {"positive": True}, "B": {"positive": True}, "N": {"positive": True},
                      "dx": {"positive": True}})
    der.define("L", "B/(u*N)")
    der.define("F", "(1 + u)**(L*dx)")
    steps = (
        lambda: der.equal("log(F)", f"({exponent})*log(1 + u)/u", label="ln F = (B dx/N) ln(d)/(d - 1), d = 1 + u"),
        lambda: der.sign("F", "positive", label="F > 0"),
        lambda: der.equal("diff(F, u)", f"F*({exponent})*diff(log(1 + u)/u, u)",
                          label="F' = F (B dx/N) g'(d): F and g = ln(d)/(d-1) have the same monotonicity"),
    )
    for step in steps:
        if not step().holds:
            break
    return der


def log_ratio_decreasing() -> Derivation:
    """g(d) = ln(d)/(d - 1) decreases on (1, oo): g' = k(d)/(d-1)^2 with k = 1 - 1/d - ln d,
    k(1) = 0 and k' = (1 - d)/d^2 < 0 on (1, oo), so k < 0 and g' < 0 there."""
    der = Derivation({"d": {"positive": True}})
    der.define("g", "log(d)/(d - 1)")
    der.define("k", "1 - 1/d - log(d)")
    steps = (
        lambda: der.diff("g", "d", "k/(d - 1)**2", label="g'(d) = k(d)/(d-1)^2"),
        lambda: der.equal("1 - 1/1 - log(1)", "0", label="k(1) = 0"),
        lambda: der.diff("k", "d", "(1 - d)/d**2", label="k'(d) = (1 - d)/d^2"),
        lambda: der.sign("(1 - d)/d**2", "negative", "d", interval(1, "oo"), via="shift",
                         label="k' < 0 on (1, oo), so k < k(1) = 0 and g' < 0 there"),
    )
    for step in steps:
        if not step().holds:
            break
    return der
