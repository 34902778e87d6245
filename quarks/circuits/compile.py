"""Compile a network with exact transfers into the exact expression language of certificates.

The output of a neuron becomes a JSON expression in the input names (see :mod:`quarks.base.exact`):
identity -> the activation; H -> ``["ind", [">", S, 0]]`` (the truth value as 0/1, H(0) = 0);
sign -> ``H(S) - H(-S)``; relu -> ``max(0, S)``.  A ``forall`` record over the Boolean cube then
checks a circuit's truth table exactly, with the wiring written into the certificate.
"""
from __future__ import annotations

from fractions import Fraction

from quarks.base.exact import to_json
from quarks.circuits.network import Network


class ExprBackend:
    """Numbers and transfers as exact-language expressions."""

    def number(self, x):
        return x if isinstance(x, (str, list)) else to_json(Fraction(x))

    def weight(self, w):
        return to_json(Fraction(w))

    def transfer(self, name, x):
        if name == "id":
            return x
        if name == "H":
            return ["ind", [">", x, 0]]
        if name == "sign":
            return ["-", ["ind", [">", x, 0]], ["ind", ["<", x, 0]]]
        if name == "relu":
            return ["max", 0, x]
        raise ValueError(f"transfer {name!r} has no exact expression")


class _Expr:
    """An expression with + and * so that Network.activation can build it."""

    __slots__ = ("e",)

    def __init__(self, e):
        self.e = e

    def __add__(self, other):
        return _Expr(["+", self.e, _unwrap(other)])

    def __radd__(self, other):
        return _Expr(["+", _unwrap(other), self.e])

    def __mul__(self, other):
        return _Expr(["*", self.e, _unwrap(other)])

    def __rmul__(self, other):
        return _Expr(["*", _unwrap(other), self.e])


def _unwrap(x):
    return x.e if isinstance(x, _Expr) else x


class _Wrapped(ExprBackend):
    def number(self, x):
        return _Expr(super().number(x))

    def weight(self, w):
        return _Expr(super().weight(w))

    def transfer(self, name, x):
        return _Expr(super().transfer(name, _unwrap(x)))


def output_expression(net: Network, output: str) -> list:
    """The exact expression of neuron ``output`` in the input names."""
    inputs = {n.name: n.name for n in net.neurons if n.transfer == "input"}
    values = net.evaluate(inputs, _Wrapped())
    return _unwrap(values[output])
