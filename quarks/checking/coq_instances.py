"""An instance's certificate bound to its claim's Coq proof: the verdict holds as an instance of a theorem.

A claim whose label is "proved (Coq, all parameters)" (quarks.claims.labels.proved_in_coq: its declared
theorems prove its whole statement) holds on every instance in its domain.  For such a claim whose check
is too long to repeat (``recheck="evidence"``, no obligation: the claims of notes/README.md's table
"Claims checked by a re-run on the quick tier"), when those theorems pass
the Coq gate in this check-cert run, a certificate of one of its instances needs no re-run of the claim's
check to be bound to its statement: its verdict must be the one the claim expects (any other contradicts
a proved theorem and is rejected), its instance lies in the claim's domain (step 3 of the binding), and
its records are what the kernel can check without a re-run (``exhaustive`` records are not re-run: their
figures are not derived again, and the line says so).

Trust boundary: the theorems are the claim's (from the registry), never named by the certificate; the
gate is the one the claim's proof certificate passes (quarks.certify.coq_gate.check_theorems on the
installed theories: compiled, every assumption allowed), run only on a finished build (nothing is
compiled for an instance), once per claim and run: its outcome is kept among the run's digests
(quarks.checking.obligations.share), so no file starts a coqc of its own for it.  Without coqc, without
a finished build, with a failing gate, under ``--rederive`` or ``--evidence-only``, nothing here applies:
the certificate is checked as before (re-run on the quick tier).
"""
from __future__ import annotations

import json
import subprocess

from quarks.certify import check_evidence, coq_gate, undecided_shape
from quarks.certify.base import CheckContext
from quarks.checking import obligations
from quarks.claims import labels

FAILED = "the theorems did not pass the Coq gate"


def gate_key(claim, build) -> str:
    """The run's digest key of a claim's gate: its theorems and the build they were compiled in (whose
    directory names the sources' hashes and the toolchain)."""
    return obligations.digest(json.dumps(["coq-gate", claim.id, list(claim.coq), str(build.directory)]))


def gate(claim, instance) -> str | None:
    """How the claim's declared theorems passed the Coq gate in this run (coq_gate.FROM_CACHE or
    coq_gate.PRINTED), or None: the claim is not proved in Coq for all parameters, its certificates are
    re-derived in full anyway (an obligation, or a check cheap to re-run: recheck="check"), the instance
    is its proof's own, coqc or a finished build is missing, or the gate failed."""
    if (instance == {"proof": "coq"} or "~" in claim.id or claim.obligation is not None
            or claim.recheck != "evidence" or not labels.proved_in_coq(claim) or not coq_gate.available()):
        return None
    root = claim.coq_root()
    build = coq_gate.finished_build(root)
    if build is None or not build.ok:
        return None
    key = gate_key(claim, build)
    known = obligations.recall(key)
    for how in (coq_gate.FROM_CACHE, coq_gate.PRINTED, FAILED):
        if known == obligations.digest(how):
            return None if how == FAILED else how
    try:
        proofs = coq_gate.check_theorems(list(claim.coq), root, together=True)
    except (OSError, ValueError, RuntimeError, subprocess.SubprocessError):
        proofs = []
    how = FAILED
    if proofs and all(p.proved for p in proofs):
        how = coq_gate.FROM_CACHE if any(coq_gate.FROM_CACHE in p.message for p in proofs) else coq_gate.PRINTED
    obligations.share(key, obligations.digest(how))
    return None if how == FAILED else how


def passed(claim, how: str) -> None:
    """Keep for the run that the claim's theorems passed the gate (its proof certificate was just
    checked valid, ``how`` as its record's check said), so that its instances' checks do not ask again."""
    if "~" in claim.id or not labels.proved_in_coq(claim):
        return
    build = coq_gate.finished_build(claim.coq_root())
    if build is not None and build.ok:
        obligations.share(gate_key(claim, build), obligations.digest(how))


def check(cert: dict, claim, ctx: CheckContext, how: str) -> tuple[bool, str]:
    """(valid, message) of a decided certificate of an instance of ``claim``, whose theorems passed the
    gate (``how``): its verdict must be the expected one, its exhaustive records say their checks held
    (not re-run), and every other record is checked by the kernel; raises NotChecked as the kernel does."""
    expected = claim.expected_for(cert["instance"])
    if cert["verdict"] != expected:
        return False, (f"the verdict {cert['verdict']} contradicts {claim.id}, proved in Coq for all parameters "
                       f"({labels.theorems_text(claim)}), on an instance in its domain")
    evidence = cert["evidence"]
    if not evidence:
        return False, "a decided verdict without evidence"
    problem = undecided_shape(evidence, ctx)   # the record limit, every record of a known kind
    if problem:
        return False, problem
    rerun = [r for r in evidence if r.get("kind") == "exhaustive"]
    for record in rerun:
        result = record.get("result")
        if not isinstance(result, dict) or result.get("holds") is not True:
            return False, "an exhaustive record does not say its check held; the verdict says it holds"
    rest = [r for r in evidence if r.get("kind") != "exhaustive"]
    said = labels.coq_instance(claim)
    if rest:
        ok, message, _ = check_evidence({**cert, "evidence": rest}, ctx)   # NotChecked propagates
        if not ok:
            return False, message
        said += f"; {len(rest)} record(s) re-checked by the kernel"
    if rerun:
        said += f"; {len(rerun)} exhaustive record(s) not re-run"
    if how == coq_gate.FROM_CACHE:
        said += f" (Coq: {coq_gate.FROM_CACHE}, coqc not run)"
    return True, said
