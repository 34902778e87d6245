"""An instance's certificate bound to its claim's Coq proof (issue 49, quarks.checking.coq_instances): for a
claim proved in Coq for all parameters whose check is too long to repeat, plain check-cert accepts an
instance's expected verdict as an instance of the claim's declared theorems once they pass the Coq gate,
and says that the records' figures were not re-derived; a verdict that contradicts the theorems is
rejected; a failing gate, or no coqc, falls back to re-running the check."""
from __future__ import annotations

import hashlib
import json
import shutil

import pytest

from quarks.certify import coq_gate
from quarks.checking import binding, coq_instances, obligations
from quarks.claims import labels, registry
from quarks.cli import main

CLAIM = "yang.lemma25"   # proved in Coq by five theorems; its check an enumeration (an exhaustive record), cheap

pytestmark = pytest.mark.coq


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    import quarks

    out = tmp_path_factory.mktemp("coqbound")
    rep = quarks.verify(CLAIM, tier="quick", store=out / "r.sqlite", out=out / "c", jobs=1)
    assert rep.exit_code == 0
    assert coq_gate.finished_build() is not None   # verify proved its theorem: the theories are compiled
    return out / "c" / CLAIM


def _instances(made):
    return sorted(made.glob("n=*.json"))   # not the proof's, nor the forgeries written beside them


def _forge(path, edit, name="forged"):
    cert = json.loads(path.read_text())
    edit(cert)
    forged = path.parent / f"{name}-{path.name}"
    forged.write_text(json.dumps(cert))
    return forged


def _figures(cert):
    """A forged enumeration with the right verdict: other figures, a summary of its own."""
    for r in cert["evidence"]:
        if r["kind"] == "exhaustive":
            r["result"]["cases"] += 1000
    cert["summary"] += " (and 1000 more cases)"


def test_the_claim_is_one_the_binding_applies_to():
    claim = registry.claims()[CLAIM]
    assert labels.proved_in_coq(claim) and labels.label(claim).text == labels.COQ_PROVED
    assert claim.recheck == "evidence" and claim.obligation is None
    assert not labels.proved_in_coq(registry.claims()["quarks.eq4.3-ptf"])     # asymptotic, not proved
    assert not labels.proved_in_coq(registry.claims()["yang.srasp"])           # proved in part
    assert not labels.proved_in_coq(registry.claims()["quarks.lemma5.2"])      # refuted as printed


def test_an_instance_is_bound_to_its_claims_coq_proof(made):
    claim = registry.claims()[CLAIM]
    for path in _instances(made):
        res = binding.check_file(path)
        assert res.ok and res.bound and res.checked and res.trust == "coq", res.message
        assert res.message.startswith(labels.coq_instance(claim))
        assert ("instance of Transformer.v:lemma25_fresh_layers, Transformer.v:lemma25_fresh, Transformer.v:"
                "lemma25_layer_fresh and 2 more theorems of yang.lemma25, proved in Coq; the records' figures not "
                "re-derived; 1 exhaustive record(s) not re-run") in res.message
        assert res.trust_line == labels.coq_instance_trust(claim, json.loads(path.read_text())["instance"])
        assert res.label == labels.coq_instance_label(claim)


def test_a_forged_record_with_the_right_verdict_is_accepted_only_with_that_wording(made, capsys):
    forged = _forge(_instances(made)[0], _figures)
    res = binding.check_file(forged)
    assert res.ok and res.trust == "coq" and "the records' figures not re-derived" in res.message
    assert "the records' figures not re-derived" in res.trust_line
    assert main(["check-cert", str(forged)]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("OK") and "the records' figures not re-derived" in line and "[trust: the records' figures" in line
    assert not binding.check_file(forged, rederive=True).ok   # what only re-running sees


def test_a_verdict_that_contradicts_the_theorem_is_rejected(made):
    def refuted(cert):
        cert["verdict"], cert["counterexample"] = "refuted", {"n": 5}
        for r in cert["evidence"]:
            if r["kind"] == "exhaustive":
                r["result"]["holds"] = False
    res = binding.check_file(_forge(_instances(made)[0], refuted))
    assert not res.ok and res.checked and "contradicts yang.lemma25, proved in Coq" in res.message

    def failing_record(cert):   # the verdict says it holds, an enumeration says it failed
        for r in cert["evidence"]:
            if r["kind"] == "exhaustive":
                r["result"]["holds"] = False
    res = binding.check_file(_forge(_instances(made)[0], failing_record, "failing"))
    assert not res.ok and "does not say its check held" in res.message


def test_a_planted_gate_falls_back_to_the_rerun(made, tmp_path, monkeypatch):
    """A build cache whose remembered assumptions of the theorems name an axiom outside the allow-list:
    the gate fails, and the instance's check is re-run (a forged figure is then seen)."""
    build = coq_gate.finished_build()
    planted = tmp_path / "coq"
    shutil.copytree(build.directory, planted / build.directory.name)
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(planted))
    path = _instances(made)[0]
    assert binding.check_file(path).trust == "coq"   # the copy, as built: the gate passes
    obligations.reset()   # a new run
    memo = planted / build.directory.name / "assumptions"
    memo.mkdir(exist_ok=True)
    pairs = [ref.split(":") for ref in registry.claims()[CLAIM].coq]
    for group in [pairs] + [[p] for p in pairs]:   # the claim's theorems together, then each (coq_gate._memo_file)
        (memo / (hashlib.sha256(json.dumps(group).encode()).hexdigest()[:32] + ".json")).write_text(
            json.dumps({"theorems": group, "axioms": ["Quarks.Cheat.cheat"]}))
    res = binding.check_file(path)
    assert res.ok and res.bound and res.trust == "re-run" and "instance of" not in res.message, res.message
    res = binding.check_file(_forge(path, _figures))
    assert not res.ok and "derives" in res.message


def test_a_failed_gate_falls_back_to_the_rerun(made, monkeypatch):
    monkeypatch.setattr(coq_gate, "check_theorems", lambda refs, root, together=False: [
        coq_gate.Proof(r, "failed", "assumes Quarks.Cheat.cheat") for r in refs])
    path = _instances(made)[0]
    assert binding.check_file(path).trust == "re-run"
    res = binding.check_file(_forge(path, _figures))
    assert not res.ok and "derives" in res.message


def test_without_coqc_the_check_is_rerun(made, monkeypatch):
    monkeypatch.setenv("QUARKS_COQC", "/nonexistent")
    path = _instances(made)[0]
    res = binding.check_file(path)
    assert res.ok and res.bound and res.trust == "re-run" and "instance of" not in res.message
    res = binding.check_file(_forge(path, _figures))
    assert not res.ok and "derives" in res.message


def test_rederive_and_evidence_only_do_not_bind_by_coq(made):
    path = _instances(made)[0]
    assert binding.check_file(path, rederive=True).trust == "re-run"
    res = binding.check_file(path, evidence_only=True)
    assert not res.ok and not res.checked   # its exhaustive record is not checked without a re-run


def test_the_gate_runs_once_per_run(made, monkeypatch):
    first, *rest = _instances(made)
    assert binding.check_file(first).trust == "coq"
    claim = registry.claims()[CLAIM]
    key = coq_instances.gate_key(claim, coq_gate.finished_build())
    assert obligations.recall(key) == obligations.digest(coq_gate.FROM_CACHE)   # kept for the run's later files

    def again(*args, **kwargs):
        raise AssertionError("the gate ran again")
    monkeypatch.setattr(coq_gate, "check_theorems", again)
    for path in rest:
        res = binding.check_file(path)
        assert res.ok and res.trust == "coq", res.message


def test_beyond_the_quick_tier_an_instance_is_bound_too(made, monkeypatch, capsys):
    from quarks.claims.claim import Claim

    monkeypatch.setattr(Claim, "rerun_cheaply", lambda self, inst: self.recheck == "check")
    path = _instances(made)[0]
    res = binding.check_file(path)
    assert res.ok and res.bound and res.trust == "coq"
    assert main(["check-cert", *map(str, _instances(made)), str(made / "proof=coq.json")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{len(_instances(made)) + 1} valid, 0 rejected"
