"""The attention engine: exact hard evaluation, float and ball softmax, certified radii, JSON."""
import math
from fractions import Fraction

import numpy as np
import pytest

from quarks.attention import batch
from quarks.attention.ball import soft_ball
from quarks.attention.model import Head, Layer, Model, pe_value
from quarks.attention.run import hard_exact, hardmax, soft_float
from quarks.ltl.check import with_temperature_factor
from quarks.ltl.compile import compile_formula, rounding
from quarks.ltl.semantics import all_words
from quarks.ltl.syntax import parse


def test_hardmax_rules():
    s = [Fraction(1), Fraction(3), Fraction(0), Fraction(3)]
    assert hardmax(s, "leftmost") == [0, 1, 0, 0]
    assert hardmax(s, "rightmost") == [0, 0, 0, 1]
    assert hardmax(s, "average") == [0, Fraction(1, 2), 0, Fraction(1, 2)]


def test_position_embeddings_exact():
    assert pe_value(["/", "i", "n"], 3, 12) == Fraction(1, 4)
    assert pe_value(["^", -1, "i"], 3, 5) == -1
    assert pe_value(["pred", "MOD_3_1", "i"], 7, 9) == 1
    assert pe_value(["pred", "ODD", "i"], 4, 9) == 0


def test_rounding_unit_is_lemma9():
    u = rounding("x")
    u.out = {"y": ([1, -1], 0)}
    m = Model(["a"], {"x": ["/", "i", 8]}, [Layer([], [u])], "y")
    vals = hard_exact(m, "a" * 8)["y"]
    # x = i/8: 0 up to 1/4, linear in between, 1 from 3/4 on
    assert vals == [0, 0, Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), 1, 1, 1]


def _model(formula="(!b S a) & Y b", variant="temperature"):
    return compile_formula(parse(formula), ["a", "b"], variant)


def test_json_round_trip(tmp_path):
    m = _model("ODD(#left[a]) | X b")
    path = tmp_path / "m.json"
    m.save(path)
    back = Model.load(path)
    assert back.to_dict() == m.to_dict()
    for w in ["abba", "aab", "b"]:
        assert hard_exact(back, w)[back.output] == hard_exact(m, w)[m.output]
    with pytest.raises(ValueError):
        Model.from_dict({"format": "nope"})


def test_batch_equals_fraction_evaluation():
    m = _model("(a U b) | ODD(#left[b]) & Y a")
    for n in range(1, 6):
        words = all_words("ab", n)
        res = batch.run(m, words, certify=False)
        for row, w in zip(words, ["".join("ab"[k] for k in r) for r in words]):
            exact = hard_exact(m, w)
            for c in (m.output, "first"):
                got = res.x[c]
                assert [Fraction(int(v), got.d) for v in got.N[list(words.tolist()).index(row.tolist())]] == exact[c]


def test_exp_table_bounds():
    t = batch.exp_table()
    assert t[0] >= 1.0 and t[64] >= math.exp(-1) and t[64] < math.exp(-1) * (1 + 1e-12)
    assert (np.diff(t) <= 0).all()
    x = np.array([0.0, 0.5, 3.0, 800.0])
    assert (batch.exp_neg_upper(x) >= np.exp(-x)).all()


@pytest.mark.parametrize("factor", ["1", "3"])
def test_radius_encloses_ball_and_float(factor):
    """|soft - hard| <= certified radius, with the soft value from arb balls (and floats)."""
    m = with_temperature_factor(_model(), factor)
    for w in ["abbab", "aabba", "babb"]:
        idx = np.array([["ab".index(a) for a in w]])
        res = batch.run(m, idx)
        balls = soft_ball(m, w)
        fl = soft_float(m, w)
        for c in balls:
            hard = res.x[c].floats()[0]
            rad = res.r[c][0]
            for i, b in enumerate(balls[c]):
                dev = abs(float(b.mid()) - hard[i]) - float(b.rad())
                assert dev <= rad[i] * (1 + 1e-9) + 1e-12, (c, i, dev, rad[i])
                assert abs(fl[c][i] - float(b.mid())) < 1e-9 + float(b.rad())


def test_uniform_softmax_is_exact_and_masks():
    m = Model(["a", "b"], {}, [Layer([Head("u", "w:a", [], mask="past")], [])], "u")
    x = hard_exact(m, "abaa")
    assert x["u"] == [Fraction(3, 4), Fraction(2, 3), 1, 1]
    res = batch.run(m, np.array([[0, 1, 0, 0]]))
    assert (res.r["u"] == 0).all()
