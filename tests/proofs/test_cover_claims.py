"""Cover's theorem and the finite forms of Section 4 (quarks/proofs/baldi/cover.py)."""
import math

import pytest

from quarks.claims import registry
from quarks.proofs.baldi import cover as CV

IDS = ["quarks.cover", "quarks.eq4.11", "quarks.eq4.3-ptf-upper", "quarks.thm4.1-finite",
       "quarks.prop5.5-corollary-finite", "quarks.thm4.3-upper", "quarks.thm4.3-lower", "quarks.eq4.5-range"]


def test_registered_with_coq_theorems():
    table = registry.claims()
    for cid in IDS:
        c = table[cid]
        assert c.kind == "finite" and c.expected == "verified"
        assert c.coq and all(t.split(":")[0] in ("CoverCount.v", "Cover.v", "Capacity.v", "LayerGating.v",
                                                 "ZuevConsequences.v") for t in c.coq), cid
    assert table["quarks.eq4.1-zuev-n2"].coq == ("Capacity.v:eq4_1_upper", "ZuevConsequences.v:eq4_1_log2")
    assert "Cover.v:cover_affine_exact" in table["quarks.eq4.11-cover"].coq
    assert "Cover.v:cover_exact" in table["quarks.cover"].coq
    assert table["quarks.thm4.3-multiplexing-corrected"].coq == ("LayerGating.v:multiplexing_corrected",)
    # the asymptotic statements keep no Coq field: their o(1) part is not proved
    for cid in ("quarks.eq4.3-ptf", "quarks.thm4.3"):
        assert not table[cid].coq
    # with Zuev's bound (c = 4) these are proved with explicit constants (issue 52)
    assert table["quarks.thm4.1"].coq == ("ZuevConsequences.v:thm4_1_log2",)
    assert table["quarks.prop5.5-corollary"].coq == ("ZuevConsequences.v:prop5_5_corollary_log2",)
    assert "ZuevConsequences.v:thm4_3_lower_log2" in table["quarks.thm4.3-lower"].coq


def test_cover_recursion_values():
    # C(2^n, n+1): the bound on |T(n;1)|; equal to |T(n;1)| only for n <= 2
    assert [CV.cover_rec(2 ** n, n + 1) for n in range(6)] == [2, 4, 14, 128, 3882, 412736]
    assert CV.cover_rec(0, 0) == 1 and CV.cover_rec(1, 0) == 0 and CV.cover_rec(5, 9) == 32
    for N in range(1, 12):
        for k in range(0, 10):
            assert CV.cover_rec(N, k) == 2 * sum(math.comb(N - 1, j) for j in range(k))


def test_cube_dichotomies_below_cover():
    v = CV.cover_upper.run({"cube": 3})
    assert v.status == "verified" and "104 affine dichotomies <= C(8, 4) = 128" in v.summary


def test_eq411_identity_instances():
    for inst in CV.eq411.instances_for("quick"):
        assert CV.eq411.run(inst).status == "verified"


def test_eq411_check_can_fail(monkeypatch):
    monkeypatch.setattr(CV, "cover_rec", lambda N, k: 7)
    v = CV.eq411.run({"n": 2, "m": 1})
    assert v.status == "refuted"


@pytest.mark.parametrize("claim", [CV.thm43_upper, CV.thm43_lower])
def test_layer_bounds_quick(claim):
    for inst in claim.instances_for("quick"):
        v = claim.run(inst)
        assert v.status == "verified", (claim.id, inst, v.summary)


def test_thm43_lower_is_tight_at_n3_m2():
    # |T(1;1)|^4 = 256 = |T(3,2,1;AND)|: all 256 functions, and the bound is met exactly
    v = CV.thm43_lower.run({"n": 3, "m": 2, "convention": "01"})
    assert v.status == "verified" and "= 256" in v.summary


def test_eq45_range_fails_at_n1_holds_at_n2():
    assert CV.eq45_range.run({"n": 1, "d": 2}).status == "verified"     # the failure at n = 1 is the fact
    assert CV.eq45_range.run({"n": 2, "d": 2}).status == "verified"
    # the check asserts the side of n = 2 that holds; at n = 1 asserting it would fail
    v = CV.check_eq45_range({"n": 1, "d": 1})
    assert v.status == "verified" and "|T(1;1)| = 4" in v.summary


def test_eq45_range_d3_fails_at_n2():
    v = CV.check_eq45_range({"n": 2, "d": 3})      # |T(2;3)| = 16, 16^6 > 2^16: the fact is the failure
    assert v.status == "verified" and "|T(2;3)| = 16" in v.summary
    assert [CV.eq45_least(d) for d in range(8)] == [1, 2, 2, 3, 3, 4, 4, 5]


def test_eq45_range_d4_holds_below_d():
    # T(3;4) is every function: 256^24 = 2^192 <= 2^243, so the bound holds at n = 3 < d = 4 ...
    v = CV.check_eq45_range({"n": 3, "d": 4})
    assert v.status == "verified" and "|T(3;4)| = 256" in v.summary
    assert CV.eq45_holds(3, 4) and not CV.eq45_holds(2, 4)      # ... and fails at n = 2: 96 > 32
    # the range is an interval of n starting at most at d + 1 (Capacity.v:eq4_5_range_mono)
    for d in range(12):
        assert [n for n in range(30) if CV.eq45_holds(n, d)] == list(range(CV.eq45_least(d), 30))


def test_eq45_range_check_can_fail(monkeypatch):
    monkeypatch.setattr(CV, "count_of", lambda inst: (2 ** 16, [], "made up"))
    assert CV.check_eq45_range({"n": 3, "d": 4}).status == "refuted"     # 2^(16*24) > 2^243
