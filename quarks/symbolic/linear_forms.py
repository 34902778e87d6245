"""Products of linear forms P_d(x) = prod_{k=1}^d (w_k . x) against dense degree-d polynomials.

P_d has d n weights (per output coordinate); a dense homogeneous polynomial of degree d in n
variables has C(n + d - 1, d) coefficients.  With symbolic weights the expanded product has
every one of those monomials (its support is full); what makes it special is that its
coefficients are constrained: e.g. for n = d = 2 the discriminant of
(a x + b y)(c x + e y) is (ae + bc)^2 - 4 abce = (ae - bc)^2 >= 0, so x^2 + y^2
(discriminant -4) is no real product of linear forms, although 2 n = 4 > 3 = C(3, 2).
"""
from __future__ import annotations

from math import comb

from quarks.symbolic.derivation import Derivation


def product_text(n: int, d: int) -> str:
    return "*".join("(" + " + ".join(f"w{k}_{j}*x{j}" for j in range(n)) + ")" for k in range(d))


def product_counts(n: int, d: int) -> Derivation:
    """Parameters, support and degree of P_d with symbolic weights (one output coordinate)."""
    xs = [f"x{j}" for j in range(n)]
    ws = [f"w{k}_{j}" for k in range(d) for j in range(n)]
    der = Derivation({v: {} for v in xs + ws})
    der.define("P", product_text(n, d))
    der.nfree("P", d * n, exclude=xs, label="P_d depends on d n weights")
    der.degree("P", xs, d, label="P_d is a polynomial of degree d in x")
    der.nterms("P", xs, comb(n + d - 1, d), label="generic P_d has all C(n+d-1, d) monomials of degree d")
    return der


def binary_quadratic_discriminant() -> Derivation:
    """disc((a x + b y)(c x + e y)) = (ae - bc)^2 >= 0, while disc(x^2 + y^2) = -4 < 0."""
    der = Derivation({v: {"real": True} for v in ("a", "b", "c", "e")})
    der.equal("(a*e + b*c)**2 - 4*a*c*b*e", "(a*e - b*c)**2",
              label="the discriminant of a product of two real linear forms is a square")
    der.sign("(a*e - b*c)**2", "nonnegative", label="... hence >= 0")
    der.sign("0**2 - 4*1*1", "negative", label="x^2 + y^2 has discriminant -4 < 0: not such a product")
    return der
