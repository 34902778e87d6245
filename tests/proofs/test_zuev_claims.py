"""Zuev's chain, finite statements (quarks/proofs/baldi/zuev.py, issue 52)."""
from quarks.claims import registry
from quarks.proofs.baldi import zuev as Z


def test_registered():
    table = registry.claims()
    c = table["quarks.zuev-closed-sets"]
    assert c.kind == "finite" and c.expected == "verified"
    assert "Flats.v:flats_le_signs" in c.coq and "ZuevFinite.v:card_flats_yhat_le_T" in c.coq
    f = table["quarks.zuev-theorem-f"]
    assert f.coq == ("ZuevFinite.v:zuev_finite",) and f.coq_hypotheses == {"zuev_finite": ["(0 < p <= n)%N"]}
    assert "1 <= p <= n" in f.statement and "C(m, floor(m/2))^(N-m)" in f.statement


def test_closed_set_counts():
    # exact counts of the closed sets of the lifted cube, n = 0..3 (n = 4: 538, full tier)
    for n in range(4):
        r = Z.count_closed_sets(n, Z.CLOSED[n])
        assert r == {"n": n, "count": Z.CLOSED[n], "holds": True}
    assert Z.count_closed_sets(3, 57)["holds"] is False
    # the empty set and the whole cube are closed; a single point is closed
    pts = [Z._lift(2, x) for x in range(4)]
    assert Z._closure(pts, frozenset()) == frozenset()
    assert Z._closure(pts, frozenset({1})) == frozenset({1})
    # three points of the square span R^3: their closure is the whole square
    assert Z._closure(pts, frozenset({0, 1, 2})) == frozenset(range(4))


def test_closed_sets_below_T():
    for n in (1, 2, 3):
        v = Z.closed_sets.run({"n": n})
        assert v.status == "verified", v.summary
    assert "58 closed sets" in Z.closed_sets.run({"n": 3}).summary


def test_theorem_f_holds_and_can_fail(monkeypatch):
    for n in (1, 2, 3, 4):
        assert Z.theorem_f.run({"n": n, "d": 1}).status == "verified"
    assert Z.theorem_f.run({"n": 9, "d": 1, "source": "reference"}).status == "verified"
    # with |T(3;1)| replaced by 1 the inequality fails at p = 1 (2^4 > 1! 2^1 1)
    monkeypatch.setattr(Z, "count_of", lambda inst: (1, [], "fake"))
    v = Z.theorem_f.run({"n": 3, "d": 1})
    assert v.status != "verified" and v.counterexample["p"] == 1


def test_zuev():
    c = registry.claims()["quarks.zuev"]
    assert c.coq == ("Zuev.v:zuev", "Zuev.v:odlyzko_closed_half") and "For every n >= 2: log2 |T(n;1)| >= n^2 (1 - 4/ln n)" in c.statement
    for n in (2, 3, 4):
        v = Z.zuev_theorem.run({"n": n, "d": 1})
        assert v.status == "verified" and f">= 2^{n * (n - 1) // 2}" in v.summary
