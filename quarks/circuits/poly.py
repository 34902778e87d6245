"""Exact multivariate polynomials with rational coefficients.

A polynomial is a map from monomials to nonzero :class:`fractions.Fraction` coefficients; a
monomial is a sorted tuple of ``(variable, exponent)`` pairs.  Two polynomials are equal as
functions on R^k exactly when their coefficient maps are equal, so an identity between
polynomial expressions is *proved* by expanding both sides.  No computer algebra is imported.
"""
from __future__ import annotations

from fractions import Fraction


def _mono_mul(a: tuple, b: tuple) -> tuple:
    exps = dict(a)
    for v, e in b:
        exps[v] = exps.get(v, 0) + e
    return tuple(sorted(exps.items()))


class Poly:
    """An exact polynomial; build with :meth:`var` and :meth:`const` and the usual operators."""

    __slots__ = ("terms",)

    def __init__(self, terms: dict | None = None):
        self.terms = {m: Fraction(c) for m, c in (terms or {}).items() if c != 0}

    @classmethod
    def var(cls, name: str) -> "Poly":
        return cls({((name, 1),): 1})

    @classmethod
    def const(cls, c) -> "Poly":
        return cls({(): Fraction(c)})

    @staticmethod
    def lift(x) -> "Poly":
        if isinstance(x, Poly):
            return x
        if isinstance(x, str):
            return Poly.var(x)
        return Poly.const(x)

    def __add__(self, other):
        other = Poly.lift(other)
        out = dict(self.terms)
        for m, c in other.terms.items():
            out[m] = out.get(m, 0) + c
        return Poly(out)

    __radd__ = __add__

    def __neg__(self):
        return Poly({m: -c for m, c in self.terms.items()})

    def __sub__(self, other):
        return self + (-Poly.lift(other))

    def __rsub__(self, other):
        return Poly.lift(other) - self

    def __mul__(self, other):
        other = Poly.lift(other)
        out: dict = {}
        for m1, c1 in self.terms.items():
            for m2, c2 in other.terms.items():
                m = _mono_mul(m1, m2)
                out[m] = out.get(m, 0) + c1 * c2
        return Poly(out)

    __rmul__ = __mul__

    def __eq__(self, other):
        return isinstance(other, (Poly, int, Fraction)) and self.terms == Poly.lift(other).terms

    def __hash__(self):
        return hash(frozenset(self.terms.items()))

    def is_zero(self) -> bool:
        return not self.terms

    def degree(self, variables=None) -> int:
        """Total degree in ``variables`` (all variables when None); -1 for the zero polynomial."""
        if not self.terms:
            return -1
        keep = (lambda v: True) if variables is None else (lambda v: v in variables)
        return max(sum(e for v, e in m if keep(v)) for m in self.terms)

    def coefficient(self, monomial: dict) -> "Poly":
        """The coefficient of ``monomial`` (a ``{var: exp}`` dict) as a polynomial in the other variables."""
        want = dict(monomial)
        out: dict = {}
        for m, c in self.terms.items():
            d = dict(m)
            if all(d.get(v, 0) == e for v, e in want.items()):
                rest = tuple((v, e) for v, e in m if v not in want)
                out[rest] = out.get(rest, 0) + c
        return Poly(out)

    def monomials(self, variables) -> set:
        """The distinct monomials in ``variables`` that occur (other variables treated as coefficients)."""
        return {tuple((v, e) for v, e in m if v in variables) for m in self.terms}

    def variables(self) -> set:
        return {v for m in self.terms for v, _ in m}

    def subs(self, values: dict) -> "Poly":
        """Substitute numbers or polynomials for variables."""
        out = Poly()
        for m, c in self.terms.items():
            term = Poly.const(c)
            for v, e in m:
                factor = Poly.lift(values[v]) if v in values else Poly.var(v)
                for _ in range(e):
                    term = term * factor
            out = out + term
        return out

    def __repr__(self):
        if not self.terms:
            return "0"
        parts = []
        for m, c in sorted(self.terms.items()):
            mono = "*".join(v if e == 1 else f"{v}^{e}" for v, e in m)
            parts.append(f"{c}*{mono}" if mono and c != 1 else (mono or str(c)))
        return " + ".join(parts)
