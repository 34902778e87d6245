"""Seed 003 (Navon): every claim's quick tier, its certificates, and mutations that must fail."""
import copy

import pytest

from quarks.certificates import certificate
from quarks.checking import binding
from quarks.claims.claim import Claim
from quarks.proofs.navon import conclusions as navon_conclusions
from quarks.proofs.navon import optimum as navon

CLAIMS = [c for c in vars(navon).values() if isinstance(c, Claim)]
QUICK = [(c, inst) for c in CLAIMS for inst in c.instances_for("quick")]


def test_the_catalogue_ids_are_all_present():
    ids = {c.id for c in CLAIMS}
    assert {"navon.degree-optimum", "navon.integer-optimum", "navon.budget-objective", "navon.layer-degree",
            "navon.parameter-count", "navon.sparse-product", "navon.sep-rank", "navon.sep-rank-growth"} <= ids
    assert all(c.source.seed.startswith("003") for c in CLAIMS)
    assert navon.sep_rank_growth.kind == "exploration"


@pytest.mark.parametrize("claim,inst", QUICK, ids=[f"{c.id}:{i}" for c, i in QUICK])
def test_quick_instance_gives_expected_verdict_and_certificate_rechecks(claim, inst):
    v = claim.run(inst)
    assert v.status == claim.expected, v.summary
    cert = certificate.build(claim, inst, v)
    ok, msg = certificate.check(copy.deepcopy(cert))
    assert ok, msg


# --- exact values --------------------------------------------------------------------------------

def test_layer_degrees_are_d_to_the_L():
    for inst in navon.layer_degree.instances_for("quick"):
        v = navon.layer_degree.run(inst)
        degs = v.data["degrees"]
        assert degs[0] == inst["d"] and all(x == inst["d"] ** inst["L"] for x in degs[1:])


def test_parameter_counts():
    v = navon.parameter_count.run({"d": 3, "n": 2, "L": 2, "matrices": 3})
    assert v.status == "refuted" and v.data == {"printed": 24, "counted": 16}
    assert v.counterexample["found"] == 8 and v.counterexample["value"] == 12


def test_sparse_product_counts():
    v = navon.sparse_product.run({"n": 2, "d": 2})
    assert (v.data["params"], v.data["dense"]) == (4, 3)
    v = navon.sparse_product.run({"n": 3, "d": 3})
    assert (v.data["params"], v.data["dense"]) == (9, 10)


def test_separation_ranks():
    ranks = {i["case"]: navon.sep_rank.run(i).data["rank"] for i in navon.sep_rank.instances_for("quick")}
    assert ranks == {"monomial": 1, "sum": 2, "sum-tight": 3, "collapse": 1, "lower-bound": 2}


def test_growth_exploration_ranks():
    got = [(i["d"], i["L"], navon.sep_rank_growth.run(i).data["rank"]) for i in navon.sep_rank_growth.instances_for("quick")]
    assert got == [(2, 1, 1), (2, 2, 6), (3, 1, 3)]


# --- mutations: each check can fail ------------------------------------------------------------

def test_wrong_critical_point_is_refuted():
    v = navon.degree_optimum.run({"derivative": "(1 - log(d))/d**2", "critical": "2"})
    assert v.status == "refuted" and v.counterexample["op"] == "solveset"


def test_wrong_derivative_is_refuted():
    v = navon.degree_optimum.run({"derivative": "(2 - log(d))/d**2", "critical": "E"})
    assert v.status == "refuted" and v.counterexample["op"] == "diff"


def test_wrong_integer_optimum_is_refuted():
    v = navon.integer_optimum.run({"optimum": 2, "n": 20})
    assert v.status == "refuted"
    ok, _ = certificate.check(certificate.build(navon.integer_optimum, {"optimum": 2, "n": 20}, v))
    assert ok


def test_wrong_budget_exponent_is_refuted():
    v = navon.budget_objective.run({"objective": "x", "exponent": "B/N", "width": "dx"})
    assert v.status == "refuted" and "witness" in v.counterexample


def test_wrong_layer_degree_is_refuted():
    v = navon.layer_degree.run({"d": 2, "L": 3, "n": 2, "degree": 2 + 3, "seed": 23})
    assert v.status == "refuted" and v.counterexample["found"] == 8


def test_parameter_count_with_d_minus_1_matrices_verifies():
    v = navon.parameter_count.run({"d": 3, "n": 2, "L": 1, "matrices": 2})  # the corrected count
    assert v.status == "verified"


def test_wrong_separation_rank_is_refuted():
    v = navon.sep_rank.run({"case": "collapse", "rank": 2, "n": 2})
    assert v.status == "refuted" and v.counterexample["found"] == 1


# --- tampered certificates ---------------------------------------------------------------------

def _cert(claim, inst):
    return certificate.build(claim, inst, claim.run(inst))


def test_flipped_holds_in_a_certificate_is_rejected():
    cert = _cert(navon.degree_optimum, navon.degree_optimum.instances_for("quick")[0])
    cert["evidence"][0]["steps"][2]["holds"] = False
    ok, _ = certificate.check(cert)
    assert not ok


def test_changed_expression_in_a_certificate_is_rejected():
    cert = _cert(navon.degree_optimum, navon.degree_optimum.instances_for("quick")[0])
    cert["evidence"][0]["steps"][2]["solutions"] = ["2"]   # the wrong critical point, still "holds"
    ok, _ = certificate.check(cert)
    assert not ok


def test_changed_degree_in_a_certificate_is_rejected():
    inst = {"d": 2, "L": 2, "n": 2, "degree": 4, "seed": 22}
    cert = _cert(navon.layer_degree, inst)
    step = next(s for s in cert["evidence"][0]["steps"] if s["op"] == "degree" and s["vars"] == ["s"])
    step["found"] = step["value"] = 5
    ok, _ = certificate.check(cert)
    assert not ok


def test_tampered_exploration_is_rejected(tmp_path):
    inst = navon.sep_rank_growth.instances_for("quick")[1]
    cert = _cert(navon.sep_rank_growth, inst)
    cert["evidence"][0]["args"]["templates"] -= 1
    res = binding.check_file(certificate.write(cert, tmp_path / "c.json"), rederive=True)
    assert not res.ok and "derives" in res.message   # the re-run from the claim gives another record


def test_refuted_certificate_turned_verified_is_rejected():
    cert = _cert(navon.parameter_count, {"d": 2, "n": 2, "L": 1, "matrices": 2})
    cert["verdict"] = "verified"
    ok, _ = certificate.check(cert)
    assert not ok


def test_written_certificates_recheck_from_disk(tmp_path):
    for claim in CLAIMS:
        inst = claim.instances_for("quick")[0]
        path = certificate.write(_cert(claim, inst), tmp_path / f"{claim.id}.json")
        res = binding.check_file(path, rederive=True)
        assert res.ok, (claim.id, res.message)


def test_conclusion11_integer_layers(tmp_path):
    from quarks.certificates import certificate

    v = navon_conclusions.conclusion11_printed.run({"K": 4})
    assert v.status == "refuted" and v.data["argmax"] == [2, 4]
    assert navon_conclusions.conclusion11_printed.run({"K": 6}).status == "verified"  # 3 | 6: the printed optimum
    assert navon_conclusions.conclusion11.run({"K_max": 24}).status == "verified"
    cert = certificate.build(navon_conclusions.conclusion11_printed, {"K": 4}, v)
    path = certificate.write(cert, tmp_path / "c.json")
    assert binding.check_file(path, rederive=True).ok


def test_pointwise_errors_printed_and_corrected():

    v = navon_conclusions.d2_metric_printed.run({"constants": [0, 1, 2]})
    assert v.status == "refuted" and "d_2(0,2) = 4 > d_2(0,1) + d_2(1,2) = 2" in v.summary
    assert navon_conclusions.d1_d2_printed.run({"C": 10}).status == "refuted"
    assert navon_conclusions.pointwise_errors.run({"samples": 10, "points": 3, "seed": 5}).status == "verified"


@pytest.mark.slow
def test_conclusion11_full_tier_fits_the_checkers_budget():
    """Issue 50, point 11: `verify 'navon.*' --tier full` failed: K_max = 60 needed more than the
    checker's 5,000,000 steps.  Each part of the full tier is verified and re-checks within it."""
    from quarks.certify import check_record
    from quarks.certify.base import CheckContext
    from quarks.claims import registry

    claim = registry.get("navon.conclusion1.1-integer-layers")
    parts = claim.instances_for("full")
    assert sorted((p.get("K_min", 1), p["K_max"]) for p in parts)[0][0] == 1 and max(p["K_max"] for p in parts) == 60
    for inst in parts:
        v = claim.run(inst)
        assert v.status == "verified", (inst, v.summary)
        ctx = CheckContext()
        for r in v.evidence:
            check_record(r, ctx)
        assert ctx.budget.steps > 500_000, inst   # at least a tenth of the budget to spare
