"""SymPy derivations ("symbolic" evidence) for the algebraic steps of Lemmas 6 and 9 (seed 004).

Lemma 9.  ReLU(y) = (y + |y|)/2, so f(x) = 2 ReLU(x - 1/4) - 2 ReLU(x - 3/4) is written with Abs.
Piece by piece, with a parametrisation that SymPy's assumptions resolve:
    x = 1/4 - t (t >= 0):                 f = 0
    x = 3/4 + t (t >= 0):                 f = 1
    x = 1/4 + u/(2(1+u)) (u >= 0):        f = 2x - 1/2   (this covers 1/4 <= x < 3/4;
                                          u = 2s/(1 - 2s) inverts it for 0 <= s = x - 1/4 < 1/2)

Lemma 6 (our form).  With q = e^-gamma in (0, 1), written q = 1/(1+p) with p > 0:
    S_m = q (1 - q^m)/(1 - q) is the partial sum sum_{k=1}^m q^k (S_1 = q, S_{m+1} - S_m = q^{m+1}),
    S_m <= q/(1 - q) for every m >= 1, and the two-sided sum 2 S_m gives 1 - w* <= 2q/(1-q),
    i.e. ||softmax - e*||_1 = 2(1 - w*) <= 4q/(1-q).
The softmax steps (w_j <= e^{s_j - s*}, s_j - s* <= -gamma|j - j*|) are one line each and are
checked numerically by yang.lemma6's grid; these records prove the series algebra.
"""
from __future__ import annotations


def _f(x: str) -> str:
    return f"(({x}) - 1/4 + Abs(({x}) - 1/4)) - (({x}) - 3/4 + Abs(({x}) - 3/4))"


def lemma9_record() -> dict:
    from quarks.symbolic.derivation import Derivation

    d = Derivation({"t": {"nonnegative": True}, "u": {"nonnegative": True}, "s": {"nonnegative": True}})
    d.equal(_f("1/4 - t"), "0", label="x = 1/4 - t <= 1/4: f(x) = 0")
    d.equal(_f("3/4 + t"), "1", label="x = 3/4 + t >= 3/4: f(x) = 1")
    mid = "1/4 + u/(2*(1 + u))"
    d.equal(_f(mid), f"2*({mid}) - 1/2", label="x = 1/4 + u/(2(1+u)) in [1/4, 3/4): f(x) = 2x - 1/2")
    d.equal("(2*s/(1 - 2*s))/(2*(1 + 2*s/(1 - 2*s)))", "s", label="u = 2s/(1-2s) gives x - 1/4 = s")
    return d.record()


def lemma6_record() -> dict:
    from quarks.symbolic.derivation import Derivation

    d = Derivation({"p": {"positive": True}, "m": {"positive": True, "integer": True}})
    q = "1/(1 + p)"

    def S(k: str) -> str:
        return f"({q})*(1 - ({q})**({k}))/(1 - ({q}))"

    d.equal(S("1"), q, label="S_1 = q")
    d.equal(f"{S('m + 1')} - {S('m')}", f"({q})**(m + 1)", label="S_(m+1) - S_m = q^(m+1): S_m = sum_k<=m q^k")
    d.sign(f"({q})/(1 - ({q})) - {S('m')}", "nonnegative", label="S_m <= q/(1-q) for 0 < q < 1")
    d.equal(f"2*(2*({q})/(1 - ({q})))", "4/p", label="4q/(1-q) = 4/p = 4/(e^gamma - 1)")
    return d.record()
