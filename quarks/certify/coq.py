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

import re

from quarks.certify.base import CertificateError, CheckContext, NotChecked, Outcome


def record(claim, proofs, files: dict, toolchain: dict | None = None) -> dict:
    """The ``coq`` evidence record of a claim from its checked theorems and the theory files' hashes;
    ``toolchain`` (coq_gate.Toolchain.as_dict: Coq's release, MathComp's major version) says what
    they were checked on: informative, a certificate is checked on whatever toolchain is installed."""
    rec = {"kind": "coq", "claim": claim.id, "theorems": list(claim.coq), "files": files,
           "axioms": {p.ref: p.axioms for p in proofs},
           "proved": all(p.proved for p in proofs), "refutes": claim.expected == "refuted"}
    if toolchain is not None:
        rec["toolchain"] = toolchain
    return rec


def installed_toolchain() -> dict | None:
    """The installed toolchain as a record field, None without coqc."""
    from quarks.certify import coq_gate

    try:
        return coq_gate.toolchain().as_dict()
    except coq_gate.CoqUnavailable:
        return None


def toolchain_problem(value) -> str:
    """Why a record's ``toolchain`` field is malformed ("" when absent or well formed): it is
    printed, so it is bounded and plain."""
    if value is None:
        return ""
    if (not isinstance(value, dict) or sorted(value) != ["coq", "mathcomp"] or not isinstance(value["coq"], str)
            or not re.fullmatch(r"[\w.+~-]{1,40}", value["coq"]) or type(value["mathcomp"]) is not int
            or not 0 <= value["mathcomp"] < 100):
        return "the record's toolchain is not {coq: release, mathcomp: major version}"
    return ""


def coq_record(claim) -> tuple[dict, list]:
    """Prove a claim's Coq theorems now: (the evidence record, the Proof results)."""
    from quarks.certify import coq_gate

    root = claim.coq_root()
    proofs = coq_gate.check_theorems(claim.coq, root, together=True)
    return record(claim, proofs, theory_hashes(root), installed_toolchain()), proofs


def theory_hashes(root) -> dict:
    """The sha256 of every file of the ``_CoqProject`` at ``root`` and, when ``root`` has its
    compatibility files (the package's theories do), of every toolchain's one
    (``compat/mc1/QuarksCompat.v``, ...), by its path there: the same on every toolchain."""
    from quarks.certify import coq_gate

    own = coq_gate.compat_base(root) == root
    files = coq_gate.project_files(root) + (coq_gate.compat_files(root) if own else [])
    return {f: coq_gate.sha256(root / f) for f in files}


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
    installed = theory_hashes(root)
    recorded = record.get("files")
    if not isinstance(recorded, dict) or sorted(recorded) != sorted(installed):
        return Outcome(False, False, "the certificate's theory files are not the installed ones")
    for f, digest in installed.items():
        if digest != recorded[f]:
            return Outcome(False, False, f"{f} differs from the file the certificate was made from")
    bad = toolchain_problem(record.get("toolchain"))
    if bad:
        return Outcome(False, False, bad)
    if record.get("proved") is not True:
        return Outcome(False, False, "the record does not say proved")
    if not coq_gate.available():
        raise NotChecked("not checked: coqc not installed")
    proofs = coq_gate.check_theorems(list(b.theorems), root, together=True)
    failed = [p for p in proofs if not p.proved]
    if failed:
        return Outcome(False, False, f"{failed[0].ref}: {failed[0].message}")
    axioms = {p.ref: p.axioms for p in proofs}
    if not coq_gate.same_assumptions(record.get("axioms"), axioms):
        return Outcome(False, False, "the recorded assumptions are not those Coq prints")
    how = coq_gate.FROM_CACHE if any(coq_gate.FROM_CACHE in p.message for p in proofs) else coq_gate.PRINTED
    on = f" on {coq_gate.toolchain()}"
    made = record.get("toolchain")
    if made is not None and made != coq_gate.toolchain().as_dict():
        on += f" (made on Coq {made['coq']}, MathComp {made['mathcomp']})"
    if b.refutes:  # the theorems prove the negation of the printed statement: it fails
        return Outcome(True, False, f"{len(proofs)} Coq theorem(s) refuting the printed statement proved{on}, "
                                    f"assumptions allowed ({how})")
    return Outcome(True, True, f"{len(proofs)} Coq theorem(s) proved{on}, assumptions allowed ({how})")
