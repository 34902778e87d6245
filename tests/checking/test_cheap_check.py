"""Checking is cheap (issue 37): plain check-cert re-derives a certificate only as its claim declares
(an obligation, a cheap check, Coq's kernel), never runs a claim's heavy check, says so for the files
it does not re-derive, and never accepts an exhaustive record it did not re-run; --rederive re-runs all."""
from __future__ import annotations

import json
import sys

import pytest

from quarks.certify import coq_gate
from quarks.certify.base import solver_free
from quarks.checking import binding
from quarks.claims import registry
from quarks.claims.claim import RECHECKS
from quarks.cli import main

# navon.budget-objective: heavy (symbolic); quarks.eq4.3-ptf: heavy (exhaustive); yang.lemma28: an
# obligation; navon.degree-optimum: a cheap check, re-run
CLAIMS = ("navon.budget-objective", "quarks.eq4.3-ptf", "yang.lemma28", "navon.degree-optimum")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    import quarks

    out = tmp_path_factory.mktemp("cheap")
    rep = quarks.verify(*CLAIMS, tier="quick", max_n=2, store=out / "r.sqlite", out=out / "c", jobs=1)
    assert rep.exit_code == 0
    return out / "c"


@pytest.fixture
def beyond_quick(monkeypatch):
    """As for an instance beyond the quick tier: a claim declaring recheck="evidence" is not re-run
    (its quick-tier instances are, issue 49: Claim.rerun_cheaply)."""
    from quarks.claims.claim import Claim

    monkeypatch.setattr(Claim, "rerun_cheaply", lambda self, inst: self.recheck == "check")


@pytest.fixture
def not_coq_bound(monkeypatch):
    """As for claims not proved in Coq: no instance is bound to a Coq proof (quarks.checking.coq_instances,
    tested in tests/checking/test_coq_instances.py), so their checks are re-run or not re-derived as before."""
    from quarks.checking import coq_instances

    monkeypatch.setattr(coq_instances, "gate", lambda claim, instance: None)


def test_quick_tier_instances_of_heavy_claims_are_rerun(made, monkeypatch):
    # without coqc: with it, navon.budget-objective's instances are bound to its Coq proof instead
    # (tests/checking/test_coq_instances.py)
    monkeypatch.setenv("QUARKS_COQC", "/nonexistent")
    for claim in ("navon.budget-objective", "quarks.eq4.3-ptf"):
        res = binding.check_file(_first(made, claim))
        assert res.ok and res.bound and res.checked, res.message
    res = binding.check_file(_forge(_first(made, "navon.budget-objective"),
                                    lambda c: c.update(summary=c["summary"] + " (and more)")))
    assert not res.ok and "derives" in res.message


def _first(made, claim):
    return sorted(p for p in (made / claim).glob("*.json") if p.name != "proof=coq.json")[0]


def _forge(path, edit):
    cert = json.loads(path.read_text())
    edit(cert)
    forged = path.parent / ("forged-" + path.name)
    forged.write_text(json.dumps(cert))
    return forged


def test_every_claim_declares_how_it_is_rechecked():
    claims = registry.claims()
    assert {c.recheck for c in claims.values()} <= set(RECHECKS)
    heavy = {cid for cid, c in claims.items() if c.recheck == "evidence"}
    assert {"quarks.thm4.2", "quarks.synaptic-gating-capacity", "quarks.appendix-dense-selector-route"} <= heavy
    assert claims["quarks.count-by-halves"].obligation is not None and claims["yang.lemma30"].obligation is not None


def test_a_heavy_claim_is_bound_by_its_evidence_and_says_so(made, beyond_quick, not_coq_bound):
    path = _first(made, "navon.budget-objective")
    plain = binding.check_file(path)
    assert plain.ok and not plain.bound and "not re-derived" in plain.message and "--rederive" in plain.message
    full = binding.check_file(path, rederive=True)
    assert full.ok and full.bound and "not re-derived" not in full.message
    forged = _forge(path, lambda c: c.update(summary=c["summary"] + " (and more)"))
    assert not binding.check_file(forged, rederive=True).ok   # what only re-deriving sees
    assert "not re-derived" in binding.check_file(forged).message


def test_an_exhaustive_record_not_rerun_is_never_valid(made, beyond_quick):
    path = _first(made, "quarks.eq4.3-ptf")
    plain = binding.check_file(path)
    assert not plain.ok and not plain.checked and "not independently checked" in plain.message
    full = binding.check_file(path, rederive=True)
    assert full.ok and full.bound and full.trust == "re-run"

    def flip(cert):   # a forged enumeration: refuted where it held
        for r in cert["evidence"]:
            if r["kind"] == "exhaustive":
                r["result"]["holds"] = not r["result"]["holds"]
    forged = _forge(path, flip)
    assert not binding.check_file(forged).ok
    assert not binding.check_file(forged, rederive=True).ok


def test_an_obligation_binds_without_searching_again(made):
    path = _first(made, "yang.lemma28")
    plain = binding.check_file(path)
    assert plain.ok and plain.bound

    def other_fact(cert):   # a true fact, but not the lemma's
        cert["evidence"][0]["fact"] = ["<=", 0, 1]
    res = binding.check_file(_forge(path, other_fact))
    assert not res.ok and "derives" in res.message

    def fewer_cases(cert):
        cert["evidence"][0]["cases"] -= 1
        cert["summary"] = f"{cert['evidence'][0]['cases']} exact cases"
    res = binding.check_file(_forge(path, fewer_cases))
    assert not res.ok and "cases" in res.message


def test_a_cheap_check_is_rerun(made):
    path = _first(made, "navon.degree-optimum")
    res = binding.check_file(path)
    assert res.ok and res.bound
    res = binding.check_file(_forge(path, lambda c: c.update(summary="x")))
    assert not res.ok and "derives" in res.message


def test_check_cert_counts_what_it_did_not_rederive(made, capsys, tmp_path, beyond_quick, not_coq_bound):
    code = main(["check-cert", str(made / "navon.budget-objective"), str(made / "quarks.eq4.3-ptf")])
    out = capsys.readouterr().out.splitlines()
    assert code == 3
    assert sum(ln.startswith("NOT CHECKED") and "not independently checked" in ln for ln in out) == sum(
        p.name != "proof=coq.json" for p in (made / "quarks.eq4.3-ptf").glob("*.json"))   # forged ones too
    assert "not re-derived, their checks too long to repeat: --rederive" in out[-1]
    clean = tmp_path / "budget"
    clean.mkdir()
    for p in (made / "navon.budget-objective").glob("*.json"):
        if not p.name.startswith("forged-"):
            (clean / p.name).write_text(p.read_text())
    assert main(["check-cert", str(clean)]) == 3   # every file OK, two not re-derived: not 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("3 valid, 0 rejected (2 not re-derived")
    assert main(["check-cert", "--rederive", str(clean)]) == 0
    capsys.readouterr()
    assert main(["check-cert", "--rederive", "--evidence-only", str(made)]) == 2
    assert "choose one" in capsys.readouterr().err


def test_solvers_a_parent_preloaded_stay_unimportable_while_checking():
    import scipy.optimize  # noqa: F401 - preloaded, as check-cert does for re-derivations

    with solver_free():
        with pytest.raises(ImportError, match="not available while checking"):
            import scipy.optimize  # noqa: F401,F811
        assert "scipy" not in sys.modules
    assert "scipy.optimize" in sys.modules


def test_assumptions_are_printed_once_per_build_and_read_back_only_by_check_cert(tmp_path, monkeypatch):
    calls = []

    def printed(directory, groups):
        calls.append(list(groups))
        return [(["Coq.Logic.FunctionalExtensionality.functional_extensionality_dep"], "")] * len(groups)

    monkeypatch.setattr(coq_gate, "assumptions", printed)
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(coq_gate.READ_ONLY_CACHE, raising=False)
    monkeypatch.delenv(coq_gate.FRESH_ASSUMPTIONS, raising=False)
    b = coq_gate.Build(tmp_path / "cache" / "key")
    b.directory.mkdir(parents=True)
    pairs = [("A.v", "a"), ("B.v", "b")]
    first = coq_gate.remembered_assumptions(b, pairs)
    assert coq_gate.remembered_assumptions(b, pairs) == first and len(calls) == 2   # verify prints again
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "scratch"))                # check-cert's child
    monkeypatch.setenv(coq_gate.READ_ONLY_CACHE, str(tmp_path / "cache"))
    cached = [(names, coq_gate.FROM_CACHE) for names, _ in first]                   # and say so (issue 49)
    assert coq_gate.remembered_assumptions(b, pairs) == cached and len(calls) == 2   # read back
    assert coq_gate.remembered_assumptions(b, [("C.v", "c")]) and calls[-1] == [(("C.v", "c"),)]
    assert not list((b.directory / "assumptions").glob("*.json"))[2:]                # nothing written there
    monkeypatch.setenv(coq_gate.FRESH_ASSUMPTIONS, "1")                             # --rederive
    coq_gate.remembered_assumptions(b, pairs)
    assert calls[-1] == [(p,) for p in pairs]
    monkeypatch.delenv(coq_gate.FRESH_ASSUMPTIONS)
    memo = next((b.directory / "assumptions").glob("*.json"))
    entry = json.loads(memo.read_text())
    memo.write_text(json.dumps({**entry, "axioms": ["False; Axiom x : False"]}))    # not a name: printed again
    coq_gate.remembered_assumptions(b, pairs)
    assert len(calls[-1]) == 1
    monkeypatch.delenv(coq_gate.READ_ONLY_CACHE)                                     # a claim's theorems together
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    assert coq_gate.remembered_assumptions(b, [], groups=[pairs]) == first and calls[-1] == [tuple(pairs)]
    monkeypatch.setenv(coq_gate.READ_ONLY_CACHE, str(tmp_path / "cache"))
    n = len(calls)
    assert coq_gate.remembered_assumptions(b, [], groups=[pairs]) == cached and len(calls) == n   # read back by group


def test_a_classification_compiled_by_verify_is_read_back_only_by_check_cert(tmp_path, monkeypatch):
    from quarks.certify import coq_classification

    monkeypatch.delenv(coq_gate.READ_ONLY_CACHE, raising=False)
    monkeypatch.delenv(coq_gate.FRESH_ASSUMPTIONS, raising=False)
    assert coq_classification.read_only_result("k") is None                       # verify: compiles or uses its own
    monkeypatch.setenv(coq_gate.READ_ONLY_CACHE, str(tmp_path))
    assert coq_classification.read_only_result("k") == tmp_path / "classes" / "k" / "result.json"
    monkeypatch.setenv(coq_gate.FRESH_ASSUMPTIONS, "1")                      # check-cert --rederive
    assert coq_classification.read_only_result("k") is None
