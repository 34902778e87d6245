"""The eq4.* capacity claims: expected verdicts, certificates re-checked, tampering rejected."""
import copy
import math

import pytest

from quarks.certificates import certificate
from quarks.claims import registry
from quarks.proofs.baldi import counting as C

IDS = ["quarks.eq4.1-zuev", "quarks.eq4.1-zuev-n2", "quarks.eq4.2", "quarks.eq4.3-ptf",
       "quarks.eq4.5", "quarks.eq4.11-cover"]


def test_registered():
    table = registry.claims()
    for cid in IDS:
        assert cid in table
    assert table["quarks.eq4.1-zuev"].expected == "refuted"
    assert str(table["quarks.eq4.1-zuev"].source) == "Baldi-Vershynin, eq. (4.1)"


def test_zuev_refuted_at_n1():
    v = C.zuev.run({"n": 1, "d": 1})
    assert v.status == "refuted"
    assert v.counterexample["count"] == 4 and v.counterexample["n^2"] == 1
    assert "vacuous" in v.summary
    assert C.zuev.instances_for("full") == [{"n": 1, "d": 1}]
    for n in (2, 3, 4):     # the same check at n >= 2 (the corrected claim's instances)
        assert C.zuev_corrected.run({"n": n, "d": 1}).status == "verified"


@pytest.mark.parametrize("claim", [C.zuev_corrected, C.eq42, C.eq43, C.eq45, C.cover])
def test_quick_tier_verifies(claim):
    for inst in claim.instances_for("quick"):
        v = claim.run(inst)
        assert v.status == "verified", (claim.id, inst, v.summary)


def _cert(claim, inst):
    v = claim.run(inst)
    return certificate.build(claim, inst, v)


def test_certificate_rechecked_and_tampering_rejected(tmp_path):
    from quarks.checking import binding

    cert = _cert(C.zuev_corrected, {"n": 4, "d": 1})
    assert certificate.check(cert)[0]
    ex = next(r for r in cert["evidence"] if r["kind"] == "exhaustive")
    assert ex["result"]["count"] == 1882 and ex["result"]["holds"]
    bad = copy.deepcopy(cert)                         # a different count claimed to the procedure
    next(r for r in bad["evidence"] if r["kind"] == "exhaustive")["args"]["count"] = 1883
    res = binding.check_file(certificate.write(bad, tmp_path / "bad.json"), rederive=True)   # the re-run derives 1882
    assert not res.ok and "derives" in res.message
    bad = copy.deepcopy(cert)                         # a tampered arith value
    next(r for r in bad["evidence"] if r["kind"] == "arith")["values"]["T"]["value"] = 1883
    assert not certificate.check(bad)[0]
    refuted = _cert(C.zuev, {"n": 1, "d": 1})
    assert refuted["verdict"] == "refuted" and certificate.check(refuted)[0]
    bad = copy.deepcopy(refuted)
    bad["verdict"] = "verified"
    assert not certificate.check(bad)[0]


def test_cover_general_position_equality():
    for N, m, seed in [(6, 2, 1), (7, 3, 2), (9, 2, 5), (8, 1, 4)]:
        pts = C.random_points(N, m, seed)
        assert C.general_position(pts)
        res = C.cover_count(pts, C.cover_bound(N, m))
        assert res["holds"] and res["count"] == 2 * sum(math.comb(N - 1, k) for k in range(m + 1))


def test_cover_cube_strictly_below():
    assert C.cover_count(C.cube_points(2), 14)["holds"]          # 4 points of the square: equality
    res = C.cover_count(C.cube_points(3), 104)
    assert res["holds"] and res["count"] == 104 < C.cover_bound(8, 3) == 128
    assert not C.general_position(C.cube_points(3))
    v = C.cover.run({"cube": 3})
    assert v.status == "verified" and "not in general position" in v.summary


def test_cover_degenerate_points_below_bound():
    pts = [[0, 0], [1, 1], [2, 2], [3, 3], [0, 1]]               # four collinear points
    res = C.cover_count(pts, 0)
    assert res["count"] < C.cover_bound(5, 2) and not res["holds"]


def test_eq45_trend_uses_exact_powers():
    v = C.eq45.run({"n": 5, "d": 1, "trend": True})
    assert v.status == "verified" and "rho(6)" in v.summary


@pytest.mark.slow
@pytest.mark.parametrize("claim", [C.zuev, C.zuev_corrected, C.eq42, C.eq43, C.eq45, C.cover])
def test_full_tier(claim):
    statuses = {claim.run(i).status for i in claim.instances_for("full")}
    assert statuses == {claim.expected}
