"""Target functions on boxes, evaluated in arb balls with their gradients.

Each target gives ``value(z)`` and ``gradient(z)`` for a list ``z`` of arb balls (a point or a
box), both rigorous enclosures, and ``ridges``: a decomposition f(z) = sum_r g_r(theta_r . z)
used only to *construct* an approximating network (the certificate never relies on it: the
sup error is bounded for f itself).  A ridge profile gives g and g'' on one variable.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable


@dataclass(frozen=True)
class Ridge:
    direction: tuple        # theta, integer entries
    g: Callable             # arb -> arb
    g2: Callable            # the second derivative, arb -> arb


@dataclass(frozen=True)
class Target:
    name: str
    dim: int
    value: Callable
    gradient: Callable
    ridges: tuple
    formula: str


def _sin2pi():
    def value(z):
        return (2 * z[0]).sin_pi()

    def gradient(z):
        from flint import arb

        return [2 * arb.pi() * (2 * z[0]).cos_pi()]

    def g(u):
        return (2 * u).sin_pi()

    def g2(u):
        from flint import arb

        return -4 * arb.pi() ** 2 * (2 * u).sin_pi()

    return Target("sin2pi", 1, value, gradient, (Ridge((1,), g, g2),), "sin(2 pi x) on [0,1]")


def _sinsin():
    # sin(pi x) sin(pi y) = cos(pi (x - y))/2 - cos(pi (x + y))/2
    def value(z):
        return z[0].sin_pi() * z[1].sin_pi()

    def gradient(z):
        from flint import arb

        pi = arb.pi()
        return [pi * z[0].cos_pi() * z[1].sin_pi(), pi * z[0].sin_pi() * z[1].cos_pi()]

    def g_minus(u):
        return u.cos_pi() / 2

    def g_minus2(u):
        from flint import arb

        return -arb.pi() ** 2 * u.cos_pi() / 2

    def g_plus(v):
        return -v.cos_pi() / 2

    def g_plus2(v):
        from flint import arb

        return arb.pi() ** 2 * v.cos_pi() / 2

    return Target("sinsin", 2, value, gradient,
                  (Ridge((1, -1), g_minus, g_minus2), Ridge((1, 1), g_plus, g_plus2)),
                  "sin(pi x) sin(pi y) on [0,1]^2")


def _expprod():
    # exp(x) cosh(y) = exp(x + y)/2 + exp(x - y)/2
    def value(z):
        return z[0].exp() * z[1].cosh()

    def gradient(z):
        return [z[0].exp() * z[1].cosh(), z[0].exp() * z[1].sinh()]

    def half_exp(u):
        return u.exp() / 2

    return Target("expcosh", 2, value, gradient,
                  (Ridge((1, 1), half_exp, half_exp), Ridge((1, -1), half_exp, half_exp)),
                  "exp(x) cosh(y) on [0,1]^2")


TARGETS = {t.name: t for t in (_sin2pi(), _sinsin(), _expprod())}

DOMAIN = (Fraction(0), Fraction(1))     # every target lives on [0,1]^dim
