"""Theorem 26's temperature as Coq states it (temp26), and Temp26Order.v's bound c0 / (n^p ln n)."""
from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

from quarks.attention import temp26 as T
from quarks.attention.dyck_srasp import dyck_srasp
from quarks.attention.model import Head, Layer, Model, Unit


def _toy() -> Model:
    head = Head("h", "one", [("one", "one", -3)])
    unit = Unit([({"one": 2, "h": -1}, 5)], {"u": ([7], -1)})
    return Model(["a"], {"one": 1}, [Layer(heads=[head], units=[unit])], "u")


def test_toy_constants_by_hand():
    # Y = (1 + 1) 1 = 2, unit_bound = 7 (3 * 2 + 5) + 1 = 78, X = 80; Lip = 7 * 3 = 21,
    # B = (1 + 21) (0 + 1 (0 + 2 * 80)) = 3520; C = 3; a = 3520 (4 + 1), b = 4 * 3520 * 3 * 161
    a, b, X, B, C = T.constants(_toy(), F(1, 4))
    assert (X, B, C) == (80, 3520, 3)
    assert (a, b) == (17600, 4 * 3520 * 3 * 161)
    assert T.temp26(_toy(), 1, F(1, 2), F(1, 4)) == pytest.approx(0.5 / (2 * math.log(2)))


def test_several_outputs_refused():
    model = Model(["a"], {"one": 1}, [Layer(units=[Unit([({"one": 1}, 0)], {"u": ([1], 0), "v": ([1], 0)})])], "u")
    with pytest.raises(ValueError, match="one coordinate"):
        T.lemma29_X(model)


@pytest.mark.parametrize("c, p", [(1, 1), (2, 1), (2, 3)])
def test_order_bound_below_temp26(c, p):
    model = dyck_srasp(1)
    a, b, _, _, _ = T.constants(model, F(1, 4))
    c0 = T.temp_c0(a, b, F(c), p)
    assert c0 > 0
    ratios = []
    for n in (2, 3, 10, 100, 1000, 10**6):
        t = T.temp26(model, n, F(1, c * n**p), F(1, 4))
        ratios.append(t / (c0 / (n**p * math.log(n))))
    assert all(r >= 1 for r in ratios)
    assert ratios == sorted(ratios)  # the bound is tightest at n = 2 for this network
    assert ratios[0] < 1.01
