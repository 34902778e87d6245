"""Theorem 26's closed-form temperature as Coq states it (``temp26``), and its order bound c0 / (n^p ln n).

Coq's ``temp26 n g X eps net`` (TransformerError.v) is g / (2 ln(2 + (n - 1) B K)) with
K = 1/eps + 1 + 4 C (2X + 1) / g, where X is Lemma 29's a priori bound (``net_X``), B the error growth
``net_err X 1 net 0`` and C the score mass ``net_csc``.  This module computes X, B, C exactly (Fractions)
for an engine model whose units write one coordinate each (as Coq's do), and the temperature and the
constant of Temp26Order.v's ``temp_c0`` with floats (figures for notes and tests, not verdicts).
MatrixCopy.v's ``copy_temp`` proves temp26 <= ``temp26_matrix`` of the matrix form ``copy_net``
(``srasp_temp``, ``brasp_temp`` are temp26_matrix of such a form), so temp26 of the engine's copy of a
compiled network is a proved lower bound of that network's matrix temperature.
"""
from __future__ import annotations

import math
from fractions import Fraction


def _one_output(unit) -> str:
    if len(unit.out) != 1:
        raise ValueError("Coq's units write one coordinate; this unit writes several")
    (t,) = unit.out
    return t


def unit_bound(unit, X: Fraction) -> Fraction:
    """``unit_bound``: sum_h |v_h| (|w_h|_1 X + |b_h|) + |c| (``Unit.bound`` of its one output)."""
    return unit.bound(_one_output(unit), X)


def unit_lip(unit) -> Fraction:
    """``unit_lip``: sum_h |v_h| |w_h|_1 (``Unit.lip`` of its one output)."""
    return unit.lip(_one_output(unit))


def lemma29_X(model, X0: Fraction = Fraction(1)) -> Fraction:
    """``net_X net X0``: per layer with H heads, X <- (1 + H) X + sum over units of unit_bound((1 + H) X)."""
    X = Fraction(X0)
    for layer in model.layers:
        Y = (1 + len(layer.heads)) * X
        X = Y + sum((unit_bound(u, Y) for u in layer.units), Fraction(0))
    return X


def error_growth(model, X: Fraction) -> Fraction:
    """``net_err X 1 net 0``: per layer delta <- (1 + Lip) (delta + H (delta + 2X)), Lip the units' sum."""
    delta = Fraction(0)
    for layer in model.layers:
        lip = sum((unit_lip(u) for u in layer.units), Fraction(0))
        delta = (1 + lip) * (delta + len(layer.heads) * (delta + 2 * X))
    return delta


def score_mass(model) -> Fraction:
    """``net_csc``: the sum of |coefficient| over every score term of every head."""
    return sum((abs(Fraction(c)) for layer in model.layers for h in layer.heads for _, _, c in h.terms), Fraction(0))


def constants(model, eps: Fraction, X0: Fraction = Fraction(1)) -> tuple:
    """(a, b, X, B, C): Temp26Order.v's a = B (1/eps + 1), b = 4 B C (2X + 1) for the model's X, B, C."""
    X = lemma29_X(model, X0)
    B, C = error_growth(model, X), score_mass(model)
    return B * (1 / Fraction(eps) + 1), 4 * B * C * (2 * X + 1), X, B, C


def temp26(model, n: int, g: Fraction, eps: Fraction, X0: Fraction = Fraction(1)) -> float:
    """g / (2 ln(2 + (n - 1) B K)), K = 1/eps + 1 + 4 C (2X + 1) / g (a float)."""
    a, b, _, _, _ = constants(model, eps, X0)
    g = Fraction(g)
    return float(g) / (2 * math.log(2 + (n - 1) * (a + b / g)))


def temp_c0(a: Fraction, b: Fraction, c: Fraction, p: int) -> float:
    """Temp26Order.v's ``temp_c0``: 1 / (2c (p + 1 + ln(2 + a + bc) / ln 2)), so that at the gap
    g = 1/(c n^p) the temperature is at least c0 / (n^p ln n) for every n >= 2 (a float)."""
    return 1 / (2 * float(c) * (p + 1 + math.log(2 + a + b * c) / math.log(2)))
