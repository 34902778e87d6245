"""T(n;d) does not depend on the input encoding (seed 000, §4.2)."""
from fractions import Fraction

from quarks.proofs.baldi.encoding import encoding_independence
from quarks.solvers import encoding


def test_reencode_to_pm1():
    # x1 AND x2 = [x1 + x2 - 3/2 > 0]; with x = (1 + s)/2: s1/2 + s2/2 - 1/2
    coef = encoding.reencode([1, 2], [2, 2], 3, -1, 1)
    assert coef == {0: Fraction(-1), 1: Fraction(1), 2: Fraction(1)}


def test_every_function_alike_in_both_encodings():
    r = encoding.encoding_check(3, 1, "-1", "1")
    assert r["holds"] and r["cases"] == 256 and r["realizable"] == 104
    assert encoding.encoding_check(2, 2, "1/3", "5")["realizable"] == 16


def test_a_wrong_transformation_is_caught(monkeypatch):
    real = encoding.reencode
    monkeypatch.setattr(encoding, "reencode", lambda m, w, t, a, b: real(m, w, t, 0, b))  # forgets the shift
    assert not encoding.encoding_check(2, 1, "-1", "1")["holds"]


def test_claim():
    assert encoding_independence.run({"n": 2, "degree": 1, "encoding": ["-2", "7/2"]}).status == "verified"
