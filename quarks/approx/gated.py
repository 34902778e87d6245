"""Networks of linear units gated by linear threshold gates, and their construction from ridge splines.

A network is a list of units ``(a, b, w, t)``; unit k outputs ``(a . z + b) H(w . z - t)``, a
linear unit output-gated by an LTG with H(0) = 0, and the network outputs the sum (a linear
output unit with weights 1).  All numbers are exact rationals; gate directions are integer vectors.

Construction (used only to *find* a network; the sup bound is certified for f itself): for a
ridge term g(theta . z), u = theta . z ranges over [lo, hi]; take K equal pieces with knots u_k,
values y_k = g(u_k) - g''(u_k) h^2/16 rounded to 2^-40 (the shift halves the interpolation error
of a piecewise-linear interpolant), and write the continuous linear spline through (u_k, y_k) as

    s(u) = (s_0 u + c_0) H(u - (lo - 1)) + sum_{k>=1} (s_k - s_{k-1}) (u - u_k) H(u - u_k),

one unit per piece: K units, each a linear unit gated by one LTG on the input z.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

ROUND_BITS = 40


@dataclass(frozen=True)
class Unit:
    a: tuple        # linear weights (Fractions)
    b: Fraction     # linear bias
    w: tuple        # gate weights (ints)
    t: Fraction     # gate threshold: the gate is H(w . z - t)

    def relu_scale(self):
        """s with (a, b) = s (w, -t), when the unit is s * ReLU(w . z - t); else None."""
        k = next(i for i, wi in enumerate(self.w) if wi != 0)
        s = Fraction(self.a[k]) / self.w[k]
        if all(Fraction(ai) == s * wi for ai, wi in zip(self.a, self.w)) and self.b == -s * self.t:
            return s
        return None

    def value(self, z) -> Fraction:
        gate = sum(wi * zi for wi, zi in zip(self.w, z)) - self.t
        return sum((ai * zi for ai, zi in zip(self.a, z)), self.b) if gate > 0 else Fraction(0)

    def as_json(self) -> dict:
        from quarks.base.exact import to_json

        return {"a": [to_json(Fraction(x)) for x in self.a], "b": to_json(self.b),
                "w": list(self.w), "t": to_json(self.t)}


def evaluate(units, z) -> Fraction:
    """The network output at a rational point, exactly."""
    return sum((u.value(z) for u in units), Fraction(0))


def dyadic(x, bits: int = ROUND_BITS) -> Fraction:
    """The arb ball's midpoint rounded to a multiple of 2^-bits (deterministic)."""
    m, e = x.mid().man_exp()
    q = Fraction(int(m)) * Fraction(2) ** int(e)
    return Fraction(round(q * 2**bits), 2**bits)


def ridge_spline(ridge, dim: int, pieces: int) -> list:
    """K = ``pieces`` units approximating g(theta . z) on [0,1]^dim (see the module text)."""
    from flint import arb, fmpq

    theta = tuple(int(x) for x in ridge.direction)
    lo = Fraction(sum(min(x, 0) for x in theta))
    hi = Fraction(sum(max(x, 0) for x in theta))
    h = (hi - lo) / pieces
    knots = [lo + k * h for k in range(pieces + 1)]
    hh = arb(fmpq(h.numerator, h.denominator)) ** 2
    ys = []
    for u in knots:
        ub = arb(fmpq(u.numerator, u.denominator))
        ys.append(dyadic(ridge.g(ub) - ridge.g2(ub) * hh / 16))
    slopes = [(ys[k + 1] - ys[k]) / h for k in range(pieces)]
    units = [Unit(tuple(slopes[0] * x for x in theta), ys[0] - slopes[0] * lo, theta, lo - 1)]
    for k in range(1, pieces):
        d = slopes[k] - slopes[k - 1]
        units.append(Unit(tuple(d * x for x in theta), -d * knots[k], theta, knots[k]))
    return units


def build(target, pieces) -> list:
    """The network for a target: one ridge spline per ridge term, ``pieces`` units each."""
    if isinstance(pieces, int):
        pieces = [pieces] * len(target.ridges)
    units = []
    for ridge, k in zip(target.ridges, pieces):
        units += ridge_spline(ridge, target.dim, k)
    return units


def pieces_estimate(target, eps: Fraction) -> list:
    """Pieces per ridge so that the shifted interpolation error h^2 max|g''|/16 is about eps/(2R)."""
    from flint import arb

    out = []
    share = float(eps) / (2 * len(target.ridges))
    for ridge in target.ridges:
        lo = sum(min(x, 0) for x in ridge.direction)
        hi = sum(max(x, 0) for x in ridge.direction)
        ball = arb((lo + hi) / 2, (hi - lo) / 2)
        m2 = float(abs(ridge.g2(ball)).upper().mid())
        out.append(max(1, math.ceil((hi - lo) * math.sqrt(m2 / (16 * share)))))
    return out


def as_network(units, dim: int):
    """The same network in the circuit model: linear units output-gated by LTG units."""
    from quarks.circuits.network import Network, output_gate

    net = Network()
    xs = [f"x{i + 1}" for i in range(dim)]
    for x in xs:
        net = net.add(x, "input")
    net = net.add("out", "id")
    for k, u in enumerate(units):
        lin, gate = f"lin{k}", f"ltg{k}"
        net = net.add(lin, "id", bias=u.b).add(gate, "H", bias=-u.t)
        for x, ai, wi in zip(xs, u.a, u.w):
            if ai:
                net = net.connect(x, lin, ai)
            if wi:
                net = net.connect(x, gate, wi)
        net = net.connect(lin, "out", 1)
        net = output_gate(net, lin, gate)
    return net
