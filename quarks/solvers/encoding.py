"""The input encoding of a threshold gate: 0/1 against any two distinct reals a < b (±1: a = -1, b = 1).

With t_i = a + (b - a) x_i, a monomial prod_{i in S} x_i = (b - a)^-|S| prod_{i in S} (t_i - a) is a polynomial of
degree |S| in t, so a realization of degree d in one encoding maps to one of degree d in the other
(:func:`reencode`); and the asummability (Farkas) conditions on the points are the same linear conditions
in either monomial basis.  Hence T(n;d) does not depend on the encoding (seed 000, §4.2).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations


def _subsets(S: int):
    """All submasks of S."""
    T = S
    while True:
        yield T
        if T == 0:
            return
        T = (T - 1) & S


def _point(x: int, n: int, a, b) -> list:
    return [b if (x >> i) & 1 else a for i in range(n)]


def _mono(T: int, t: list):
    out = Fraction(1)
    for i, ti in enumerate(t):
        if (T >> i) & 1:
            out *= ti
    return out


def reencode(monomials, weights, threshold, a, b) -> dict:
    """p(x) = sum_S w_S x^S - threshold rewritten in t = a + (b - a) x: {T mask: coefficient}."""
    a, b = Fraction(a), Fraction(b)
    coef: dict = {0: Fraction(-threshold)}
    for S, w in zip(monomials, weights):
        k = bin(S).count("1")
        for T in _subsets(S):
            coef[T] = coef.get(T, Fraction(0)) + Fraction(w) * (-a) ** (k - bin(T).count("1")) / (b - a) ** k
    return coef


def encoding_check(n: int, degree: int, a, b) -> dict:
    """Every Boolean function of n variables: decided in 0/1 (realization or Farkas multipliers), then the
    same decision verified exactly in the encoding {a, b}: the re-encoded polynomial (degree <= d) has the
    sign of f at every point, or the multipliers balance every monomial of degree <= d in t."""
    from quarks.base.boolean import TruthTable
    from quarks.solvers.realize import realize

    a, b = Fraction(a), Fraction(b)
    masks = [sum(1 << i for i in c) for k in range(degree + 1) for c in combinations(range(n), k)]
    points = [_point(x, n, a, b) for x in range(1 << n)]
    holds, realizable = a != b, 0
    for bits in range(1 << (1 << n)):
        f = TruthTable(n, bits)
        r = realize(f, degree)
        if r.realizable:
            realizable += 1
            coef = reencode(r.monomials, r.weights, r.threshold, a, b)
            holds = holds and max(bin(T).count("1") for T in coef) <= degree
            for x, t in enumerate(points):
                p = sum((c * _mono(T, t) for T, c in coef.items()), Fraction(0))
                holds = holds and (p > 0) == bool((bits >> x) & 1)
        else:
            for T in masks:
                true = sum(m * _mono(T, points[x]) for x, m in r.true_multipliers)
                false = sum(m * _mono(T, points[x]) for x, m in r.false_multipliers)
                holds = holds and true == false
            holds = holds and sum(m for _, m in r.true_multipliers) > 0
        if not holds:
            return {"cases": bits + 1, "holds": False, "digest": f"fails at f = {bits:#x}", "realizable": realizable}
    return {"cases": 1 << (1 << n), "holds": holds, "digest": f"{realizable} realizable", "realizable": realizable}
