"""Evidence kind ``coq``: the claim is proved for all parameters by Coq theorems (or, for a claim
expected "refuted as printed", its negation is: the record says ``refutes``).

The record names the claim, the theorems, the sha256 of every theory file they were compiled from,
and each theorem's assumptions.  The checker requires, against what the binding layer hands down
from the registry (``ctx.binding``, never the certificate): the record's claim is the
certificate's claim, the theorems are exactly those the claim declares, ``refutes`` says whether
the claim is expected refuted; the installed theory files have the recorded hashes; then it
compiles them (quarks.certify.coq_gate, through its build cache), checks every theorem's assumptions against
the allow-list, and requires the recorded assumptions to be exactly those Coq prints.  Without
coqc the record is *not checked*, never valid.
"""
from __future__ import annotations

from quarks.certify.base import CertificateError, CheckContext, NotChecked, Outcome


def record(claim, proofs, files: dict) -> dict:
    """The ``coq`` evidence record of a claim from its checked theorems and the theory files' hashes."""
    return {"kind": "coq", "claim": claim.id, "theorems": list(claim.coq), "files": files,
            "axioms": {p.ref: p.axioms for p in proofs},
            "proved": all(p.proved for p in proofs), "refutes": claim.expected == "refuted"}


def coq_record(claim) -> tuple[dict, list]:
    """Prove a claim's Coq theorems now: (the evidence record, the Proof results)."""
    from quarks.certify import coq_gate

    root = claim.coq_root()
    proofs = coq_gate.check_theorems(claim.coq, root, together=True)
    return record(claim, proofs, theory_hashes(root)), proofs


def theory_hashes(root) -> dict:
    """The sha256 of every file of the ``_CoqProject`` at ``root``, by its path there."""
    from quarks.certify import coq_gate

    return {f: coq_gate.sha256(root / f) for f in coq_gate.project_files(root)}


def check_coq(record: dict, ctx: CheckContext) -> Outcome:
    from quarks.certify import coq_gate

    b = ctx.binding
    if b is None or not b.theorems:
        raise CertificateError("coq evidence outside a claim that declares Coq theorems")
    if record.get("claim") != b.claim:
        return Outcome(False, False, f"the coq record speaks of {str(record.get('claim'))[:60]!r}, "
                                     f"the certificate of {b.claim}")
    if record.get("refutes") is not b.refutes:
        return Outcome(False, False, f"the record {'refutes' if record.get('refutes') else 'proves'} {b.claim}, "
                                     f"whose Coq theorems {'refute' if b.refutes else 'prove'} it")
    if record.get("theorems") != list(b.theorems):
        return Outcome(False, False, f"the theorems are not those {b.claim} declares ({list(b.theorems)})")
    root = b.coq_root or coq_gate.THEORIES
    files = coq_gate.project_files(root)
    recorded = record.get("files")
    if not isinstance(recorded, dict) or sorted(recorded) != sorted(files):
        return Outcome(False, False, "the certificate's theory files are not the installed ones")
    for f in files:
        if coq_gate.sha256(root / f) != recorded[f]:
            return Outcome(False, False, f"{f} differs from the file the certificate was made from")
    if record.get("proved") is not True:
        return Outcome(False, False, "the record does not say proved")
    if not coq_gate.available():
        raise NotChecked("not checked: coqc not installed")
    proofs = coq_gate.check_theorems(list(b.theorems), root, together=True)
    failed = [p for p in proofs if not p.proved]
    if failed:
        return Outcome(False, False, f"{failed[0].ref}: {failed[0].message}")
    axioms = {p.ref: p.axioms for p in proofs}
    if record.get("axioms") != axioms:
        return Outcome(False, False, "the recorded assumptions are not those Coq prints")
    how = coq_gate.FROM_CACHE if any(coq_gate.FROM_CACHE in p.message for p in proofs) else coq_gate.PRINTED
    if b.refutes:  # the theorems prove the negation of the printed statement: it fails
        return Outcome(True, False, f"{len(proofs)} Coq theorem(s) refuting the printed statement proved, "
                                    f"assumptions allowed ({how})")
    return Outcome(True, True, f"{len(proofs)} Coq theorem(s) proved, assumptions allowed ({how})")
