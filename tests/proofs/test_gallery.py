"""The refute gallery: every finite counterexample of a printed statement is a Coq theorem of its negation."""
import json

import pytest

from quarks.certify import coq_gate
from quarks.checking import binding
from quarks.claims import refute, registry

pytestmark = pytest.mark.coq

# Refuted claims without a Coq theorem of the negation, and why (notes/coq.md says the same).
NOT_IN_GALLERY = {
    "navon.parameter-count": "a count of the weight symbols of a SymPy layer model, not formalized in Coq",
    "quarks.thm4.3-multiplexing": "the gated-map construction (4.14) is not formalized in Coq",
    "yang.thm15-hot": "our variant (temperature too high), a numerical run of a compiled transformer",
    "yang.thm26-hot": "our variant (temperature too high), a numerical run of a compiled transformer",
}
SEARCHES_WITHOUT = {"yang.thm12", "yang.thm15", "yang.cor17", "yang.thm26"}   # temperature: numerical runs


def test_every_refuted_claim_is_in_the_gallery_or_excused():
    ours = [c for c in registry.claims().values() if not c.id.startswith("test.")]   # not the fake claims
    refuted = {c.id for c in ours if c.expected == "refuted"}
    with_coq = {c.id for c in ours if c.expected == "refuted" and c.coq}
    assert refuted - with_coq == set(NOT_IN_GALLERY)
    assert {s.claim for s in refute.SEARCHES.values() if not s.coq} == SEARCHES_WITHOUT


def test_gallery_theorems_are_proved():
    names = sorted({t for c in registry.claims().values() if c.expected == "refuted" for t in c.coq}
                   | {t for s in refute.SEARCHES.values() for t in s.coq})
    assert len(names) >= 18
    proofs = coq_gate.check_theorems(names)
    assert all(p.proved for p in proofs), [(p.ref, p.message) for p in proofs if not p.proved]


def test_a_refutation_proof_certificate_says_refuted(tmp_path):
    from quarks.run import driver

    rows = driver.prove_claims([registry.get("quarks.eq4.1-zuev")], tmp_path)
    assert rows[0]["status"] == "proved" and rows[0]["message"].startswith("refutation")
    path = tmp_path / "quarks.eq4.1-zuev" / "proof=coq.json"
    cert = json.loads(path.read_text())
    assert cert["verdict"] == "refuted" and cert["evidence"][0]["refutes"] is True
    assert binding.check_file(path).ok
    cert["evidence"][0]["refutes"] = False       # now it claims to prove the printed statement
    cert["verdict"] = "verified"
    cert["counterexample"] = None
    path.write_text(json.dumps(cert))
    assert not binding.check_file(path).ok
