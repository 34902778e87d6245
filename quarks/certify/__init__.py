"""The checking kernel: a closed set of evidence kinds, each a pure function of a record's data.

``check_evidence(cert, ctx)`` re-verifies every record of a certificate and that its verdict
follows from them.  Nothing here reads a claim, runs a claim's code, or resolves a name found in a
certificate: the binding layer (quarks.checking.binding) re-derives what a certificate must say and hands
down only what the ``coq`` and ``exhaustive`` kinds need (``ctx.binding``, ``ctx.rerun``).  The
modules import the standard library, numpy (arrays of payloads), quarks.base.exact and each other;
``symbolic`` alone imports SymPy, ``soft-hard`` python-flint (exact fmpq and arb ball matrices), and
the Coq kinds run ``coqc`` (quarks.certify.coq_gate).

Kinds: arith, forall (arith.py); exhaustive; symbolic; realization, nonrealization (threshold.py);
decomposition, non-decomposition (decomposition.py, drup.py); halves-count (halves.py); coq (coq.py);
coq-classification (coq_classification.py); weights (weights.py: an exported network's tensors and sha256);
soft-hard (soft_hard.py: a transformer's weights, softmax against average-hard attention on every
input); selector-route (selector.py: a dense selector's codes and lines for every irreducible operator of arity
4).  Limits: base.Limits.
"""
from __future__ import annotations

from quarks.certify.base import Budget, CertificateError, CheckContext, NotChecked, Outcome, solver_free

KINDS = ("arith", "forall", "exhaustive", "symbolic", "realization", "nonrealization", "decomposition",
         "non-decomposition", "halves-count", "coq", "coq-classification", "weights", "soft-hard",
         "selector-route")
VERDICTS = ("verified", "refuted", "inconclusive", "error")


def checker(kind: str):
    """The checker of one evidence kind (imported on first use: no solver is ever imported)."""
    if kind in ("arith", "forall"):
        from quarks.certify import arith
        return arith.check_arith if kind == "arith" else arith.check_forall
    if kind == "exhaustive":
        from quarks.certify.exhaustive import check_exhaustive
        return check_exhaustive
    if kind == "symbolic":
        from quarks.certify.symbolic.check import check_symbolic
        return check_symbolic
    if kind in ("realization", "nonrealization"):
        from quarks.certify import threshold
        return threshold.check_realization if kind == "realization" else threshold.check_nonrealization
    if kind in ("decomposition", "non-decomposition"):
        from quarks.certify import decomposition
        return decomposition.check_decomposition if kind == "decomposition" else decomposition.check_non_decomposition
    if kind == "halves-count":
        from quarks.certify.halves import check_halves_count
        return check_halves_count
    if kind == "coq":
        from quarks.certify.coq import check_coq
        return check_coq
    if kind == "coq-classification":
        from quarks.certify.coq_classification import check_coq_classification
        return check_coq_classification
    if kind == "weights":
        from quarks.certify.weights import check_weights
        return check_weights
    if kind == "soft-hard":
        from quarks.certify.soft_hard import check_soft_hard
        return check_soft_hard
    if kind == "selector-route":
        from quarks.certify.selector import check_selector_route as check_route
        return check_route
    raise CertificateError(f"unknown evidence kind {str(kind)[:40]!r} (known: {', '.join(KINDS)})")


def check_record(record, ctx: CheckContext | None = None) -> Outcome:
    """Re-check one evidence record; a malformed one raises CertificateError."""
    from quarks.base.exact import ExprError

    if not isinstance(record, dict) or not isinstance(record.get("kind"), str):
        raise CertificateError("evidence record without a kind")
    kind = record["kind"]
    check = checker(kind)
    try:
        with solver_free(allow_cas=kind == "symbolic"):
            out = check(record, ctx or CheckContext())
    except (CertificateError, NotChecked):
        raise
    except ImportError as exc:
        raise CertificateError(f"{kind} checker needs {exc.name}, which certificate checking may not use") from None
    except (ExprError, KeyError, TypeError, ValueError, IndexError, AttributeError, ArithmeticError,
            OverflowError) as exc:
        raise CertificateError(f"{kind} evidence malformed: {type(exc).__name__}: {str(exc)[:120]}") from None
    except RecursionError:
        raise CertificateError(f"{kind} evidence nests too deep") from None
    if not isinstance(out, Outcome):
        raise CertificateError(f"{kind} checker returned no outcome")
    return out


def check_evidence(cert: dict, ctx: CheckContext) -> tuple[bool, str, list]:
    """Re-check a decided certificate's evidence and that its verdict follows: (ok, message, outcomes).
    Undecided verdicts (inconclusive, error) prove nothing and run no evidence code."""
    verdict, evidence = cert["verdict"], cert["evidence"]
    if verdict not in VERDICTS:
        return False, f"unknown verdict {str(verdict)[:40]!r}", []
    if verdict not in ("verified", "refuted"):
        problem = undecided_shape(evidence, ctx)
        if problem:
            return False, problem, []
        return True, (f"{verdict}: proves nothing (undecided; {len(evidence)} evidence record(s) of known kinds, "
                      "their content not checked)"), []
    if not evidence:
        return False, "a decided verdict without evidence", []
    if len(evidence) > ctx.limits.records:
        return False, f"more than {ctx.limits.records:,} evidence records", []
    outcomes = [check_record(r, ctx) for r in evidence]  # NotChecked propagates
    bad = [o for o in outcomes if not o.valid]
    if bad:
        return False, bad[0].message, outcomes
    all_hold = all(o.holds for o in outcomes)
    if verdict == "verified" and not all_hold:
        return False, "verdict 'verified' but some recorded fact fails", outcomes
    if verdict == "refuted":
        if all_hold:
            return False, "verdict 'refuted' but every recorded fact holds", outcomes
        if cert.get("counterexample") is None:
            return False, "verdict 'refuted' without a counterexample", outcomes
    return True, f"{verdict}: {len(outcomes)} evidence record(s) re-checked", outcomes


def undecided_shape(evidence: list, ctx: CheckContext) -> str | None:
    """None when an undecided verdict's evidence has a certificate's shape: at most the record limit,
    each record of a known kind (nothing in it is run: it proves nothing)."""
    if len(evidence) > ctx.limits.records:
        return f"more than {ctx.limits.records:,} evidence records"
    for record in evidence:
        if record.get("kind") not in KINDS:
            return f"unknown evidence kind {str(record.get('kind'))[:40]!r} (known: {', '.join(KINDS)})"
    return None


def trust_of(evidence: list) -> str:
    """How far a verdict's evidence is independent of our code: "coq" (Coq's kernel), "witness" (facts
    and witnesses re-verified by the kernel), "sympy" (some step is a SymPy derivation, re-run), or
    "re-run" (some record is confirmed only by running the claim's own check again)."""
    kinds = {r.get("kind") for r in evidence if isinstance(r, dict)}
    if kinds == {"coq"} or "coq-classification" in kinds and kinds <= {"coq-classification", "arith"}:
        return "coq"   # (a classification's count is Coq's; the arith record only compares it with the claim)
    if "exhaustive" in kinds:
        return "re-run"
    return "sympy" if "symbolic" in kinds else "witness"


__all__ = ["Budget", "CertificateError", "CheckContext", "NotChecked", "Outcome", "KINDS", "check_record",
           "check_evidence", "trust_of"]
