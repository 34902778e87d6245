"""Claims whose check was an exhaustive re-run, given witnesses (issue 49): plain check-cert derives what
their certificates must say from the instance and the certificate's witnesses, without searching again,
the kernel checks the witnesses exactly, a changed witness or compared value is rejected, and
``--rederive`` still re-runs the check."""
from __future__ import annotations

import copy
import json

import pytest

from quarks.certificates import certificate
from quarks.certify import CertificateError, check_record
from quarks.checking import binding
from quarks.claims import registry
from quarks.proofs.baldi import dense_encoding

ROUTE = "quarks.appendix-dense-selector-route"


@pytest.fixture(scope="module")
def route_certificate(tmp_path_factory):
    claim = registry.get(ROUTE)
    verdict = claim.run({"n": 1})
    assert verdict.status == "verified", verdict.summary
    path = tmp_path_factory.mktemp("route") / "n=1.json"
    path.write_text(json.dumps(certificate.build(claim, {"n": 1}, verdict)))
    return path


def _forge(path, edit, name="forged.json"):
    cert = json.loads(path.read_text())
    edit(cert)
    out = path.parent / name
    out.write_text(json.dumps(cert))
    return out


def _no_search(*args, **kwargs):
    raise AssertionError("the search ran")


def test_routes_are_checked_without_searching_and_rederive_searches(route_certificate, monkeypatch):
    monkeypatch.setattr(dense_encoding, "selector_route", _no_search)
    res = binding.check_file(route_certificate, isolate=False)
    assert res.ok and res.bound and res.trust == "witness", res.message
    res = binding.check_file(route_certificate, isolate=False, rederive=True)   # --rederive runs the check
    assert not res.ok   # the check, run again, failed (an error verdict)


def _byte(cert, at, value):
    r = cert["evidence"][0]["routes"]
    cert["evidence"][0]["routes"] = r[:2 * at] + value + r[2 * at + 2:]


@pytest.mark.parametrize("what, edit, message", [
    ("codes not a permutation", lambda c: _byte(c, 0, "00"), "derives"),   # an invalid witness proves nothing
    ("a point off every line", lambda c: _byte(c, 2, "00" if c["evidence"][0]["routes"][4:6] != "00" else "11"),
     "derives"),
    ("one operator fewer", lambda c: c["evidence"][0].update(routes=c["evidence"][0]["routes"][:-6]), "derives"),
    ("the count of operators", lambda c: c["evidence"][0].update(operators=64593), "derives"),
    ("a forbidden pattern dropped", lambda c: c["evidence"][0]["forbidden"].pop(), "derives"),
    ("another extension's table", lambda c: c["evidence"][1].update(table="0x01"), "derives"),
    ("a realization's weight", lambda c: c["evidence"][2]["weights"].__setitem__(1, 2), "derives"),
    ("a record dropped", lambda c: c["evidence"].pop(), "lacks"),
    ("a record added", lambda c: c["evidence"].append(c["evidence"][1]), "does not need"),
    ("the verdict", lambda c: c.update(verdict="refuted"), "derives"),
])
def test_a_changed_route_or_witness_is_rejected(route_certificate, what, edit, message):
    res = binding.check_file(_forge(route_certificate, edit), isolate=False)
    assert not res.ok and message in res.message, (what, res.message)


def test_the_kernel_recounts_the_operators_and_checks_every_route(route_certificate):
    record = json.loads(route_certificate.read_text())["evidence"][0]
    out = check_record(record)
    assert out.valid and out.holds and "64594" in out.message
    for edit in (dict(operators=64595), dict(routes=record["routes"][:-6] + "ffffff")):
        assert not check_record({**record, **edit}).valid
    for edit in (dict(routes="zz"), dict(arity=3), dict(forbidden=[[0, 0, 2]])):
        with pytest.raises(CertificateError):
            check_record({**copy.deepcopy(record), **edit})
    with pytest.raises(CertificateError):   # more than 2^16 routes' worth of text is refused unread
        check_record({**record, "routes": "00" * (3 << 16) + "00"})


def test_a_refutation_from_a_broken_route_is_rejected_by_the_kernel(route_certificate):
    """A hostile author breaks a route and writes the refutation the obligation then derives: the kernel
    finds the route invalid (a refutation needs a valid record that fails)."""
    claim = registry.get(ROUTE)
    cert = json.loads(route_certificate.read_text())
    _byte(cert, 0, "00")
    forged = certificate.build(claim, {"n": 1}, claim.obligation({"n": 1}, cert))
    assert forged["verdict"] == "refuted"
    path = route_certificate.parent / "refuted.json"
    path.write_text(json.dumps(forged))
    res = binding.check_file(path, isolate=False)
    assert not res.ok and "no route" in res.message, res.message


LAYERS = ("navon.layer-degree", "navon.layer-degree-bound")
LAYER = {"d": 2, "L": 2, "n": 2, "degree": 4, "expand": True, "seed": 22}


@pytest.fixture(scope="module")
def layer_certificates(tmp_path_factory):
    out = tmp_path_factory.mktemp("layers")
    paths = []
    for cid in LAYERS:
        claim = registry.get(cid)
        verdict = claim.run(LAYER)
        assert verdict.status == "verified", verdict.summary
        paths.append(out / f"{cid}.json")
        paths[-1].write_text(json.dumps(certificate.build(claim, LAYER, verdict)))
    return paths


def test_a_layer_derivation_is_bound_without_building_it_again(layer_certificates, monkeypatch):
    from quarks.symbolic import layers

    monkeypatch.setattr(layers, "stack_degree", _no_search)
    for path in layer_certificates:
        res = binding.check_file(path, isolate=False)
        assert res.ok and res.bound and res.trust == "sympy", res.message
        assert not binding.check_file(path, isolate=False, rederive=True).ok   # --rederive builds it


def test_a_run_inherits_no_rederivation_of_an_earlier_one(layer_certificates, monkeypatch):
    """A check forked after a run that re-derived under patched code (a test, a notebook) derives again."""
    from quarks.checking import obligations
    from quarks.symbolic import layers

    monkeypatch.setattr(layers, "stack_degree", _no_search)
    assert not binding.check_file(layer_certificates[0], isolate=False, rederive=True).ok   # an error, derived
    monkeypatch.undo()
    obligations.reset()   # what every run of check-cert does first
    res = binding.check_file(layer_certificates[0], rederive=True)
    assert res.ok, res.message


def _weights(cert):
    cert["evidence"][0]["defs"] = [[k, "Matrix([[1, 0], [0, 1]])" if k == "W1_1" else v]
                                   for k, v in cert["evidence"][0]["defs"]]


def _degree(cert):   # a degree found changed, and the data shown with it: the kernel's SymPy finds the true one
    cert["evidence"][0]["steps"][2]["found"] += 1
    cert["data"]["degrees"][1] += 1
    cert["summary"] = cert["summary"].replace("degree 4 =", "degree 5 =")


def _value(cert):
    cert["evidence"][0]["steps"][2]["value"] = 5
    cert["evidence"][0]["steps"][2]["holds"] = False


@pytest.mark.parametrize("edit, message", [(_weights, "derives"), (_degree, "recomputed"), (_value, "derives"),
                                           (lambda c: c["evidence"][0]["steps"].pop(), "lacks"),
                                           (lambda c: c["evidence"][0]["steps"][0].pop("found"), "lacks")])
def test_a_changed_layer_derivation_is_rejected(layer_certificates, edit, message):
    for path in layer_certificates:
        res = binding.check_file(_forge(path, edit), isolate=False)
        assert not res.ok and message in res.message, res.message


def test_boxes_are_bound_with_their_stated_results_and_evaluated_once(tmp_path, monkeypatch):
    """navon.conclusion1.1-integer-layers: the obligation evaluates no box (the kernel evaluates each)."""
    from quarks.proofs.navon import conclusions

    claim, inst = registry.get("navon.conclusion1.1-integer-layers"), {"K_max": 12}
    verdict = claim.run(inst)
    assert verdict.status == "verified"
    path = tmp_path / "c.json"
    path.write_text(json.dumps(certificate.build(claim, inst, verdict)))
    monkeypatch.setattr(conclusions, "forall", _no_search)
    res = binding.check_file(path, isolate=False)
    assert res.ok and res.bound and res.trust == "witness", res.message
    assert not binding.check_file(path, isolate=False, rederive=True).ok   # --rederive evaluates them
    monkeypatch.undo()

    def fewer(cert):
        cert["evidence"][1]["cases"] -= 1

    def other_fact(cert):   # a true fact, but not the claim's
        cert["evidence"][1]["fact"] = ["<=", 0, 1]

    def refuted(cert):   # a refutation the kernel's evaluation of the box contradicts
        cert["evidence"][0].update(holds=False, witness={"K": 1, "d": 1, "e": 1})
        cert["evidence"][0].pop("cases")
        cert.update(verdict="refuted", counterexample={"K": 1, "d": 1, "e": 1})
    for edit, message in ((fewer, "cases"), (other_fact, "derives"), (refuted, "witness does not refute")):
        res = binding.check_file(_forge(path, edit), isolate=False)
        assert not res.ok and message in res.message, res.message


def test_the_index_encoding_box_is_evaluated_by_the_kernel_alone(tmp_path, monkeypatch):
    from quarks.proofs.baldi import layer_gating

    claim, inst = registry.get("quarks.thm4.3-index-encoding"), {"m_max": 8, "reading": "corrected"}
    path = tmp_path / "c.json"
    path.write_text(json.dumps(certificate.build(claim, inst, claim.run(inst))))
    monkeypatch.setattr(layer_gating, "forall", _no_search)
    assert binding.check_file(path, isolate=False).ok
    monkeypatch.undo()

    def fewer(cert):
        cert["evidence"][0]["cases"] -= 1
    res = binding.check_file(_forge(path, fewer), isolate=False)
    assert not res.ok and "cases" in res.message
