"""Evidence kind ``coq``: the claim is proved for all parameters by Coq theorems (or, for a claim
expected "refuted as printed", its negation is: the record says ``refutes``).

The record names the theorems and the sha256 of every theory file they were compiled from.  The
checker requires the theorems to be exactly those the claim declares (its ``coq`` field, read from
the registry, never from the certificate), the installed theory files to have the recorded hashes,
and then compiles them (through the build cache of :mod:`quarks.coq`) and checks every theorem's
assumptions.  Without coqc the record is *not checked*, never valid.
"""
from __future__ import annotations

from ..evidence import CertificateError, CheckContext, NotChecked, Outcome


def coq_record(claim) -> tuple[dict, list]:
    """Prove a claim's Coq theorems now: (the evidence record, the Proof results)."""
    from .. import coq

    proofs = coq.check_theorems(claim.coq)
    files = {f: coq.sha256(coq.THEORIES / f) for f in coq.project_files()}
    rec = {"kind": "coq", "claim": claim.id, "theorems": list(claim.coq), "files": files,
           "axioms": {p.ref: p.axioms for p in proofs},
           "proved": all(p.proved for p in proofs), "refutes": claim.expected == "refuted"}
    return rec, proofs


def check_coq(record: dict, ctx: CheckContext) -> Outcome:
    from .. import coq, registry

    claim = registry.claims().get(record.get("claim"))
    if claim is None:
        raise CertificateError(f"coq evidence for an unknown claim {record.get('claim')!r}")
    if bool(record.get("refutes", False)) != (claim.expected == "refuted"):
        return Outcome(False, False, f"the record {'refutes' if record.get('refutes') else 'proves'} {claim.id}, "
                                     f"whose statement is expected {claim.expected}")
    if list(record["theorems"]) != list(claim.coq):
        return Outcome(False, False, f"the theorems {record['theorems']} are not those {claim.id} declares "
                                     f"({list(claim.coq)})")
    files = coq.project_files()
    if sorted(record["files"]) != sorted(files):
        return Outcome(False, False, "the certificate's theory files are not the installed ones")
    for f in files:
        if coq.sha256(coq.THEORIES / f) != record["files"][f]:
            return Outcome(False, False, f"{f} differs from the file the certificate was made from")
    if not coq.available():
        raise NotChecked("not checked: coqc not installed")
    proofs = coq.check_theorems(record["theorems"])
    failed = [p for p in proofs if not p.proved]
    if failed:
        return Outcome(False, False, f"{failed[0].ref}: {failed[0].message}")
    if not record.get("proved", False):
        return Outcome(False, False, "the record says not proved, but every theorem checks")
    if record.get("refutes"):  # the theorems prove the negation of the printed statement: it fails
        return Outcome(True, False, f"{len(proofs)} Coq theorem(s) refuting the printed statement proved, "
                                    "assumptions allowed")
    return Outcome(True, True, f"{len(proofs)} Coq theorem(s) proved, assumptions allowed")
