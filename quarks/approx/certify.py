"""The certificate procedure for a universal-approximation instance, and the search for K.

``certify(target, pieces, eps)`` rebuilds the network deterministically (:mod:`.gated`) and bounds
its sup error rigorously (:mod:`.supbound`); it is the re-runnable procedure of an ``exhaustive``
record.  ``smallest_pieces`` only *finds* the pieces to use (it decides nothing).
"""
from __future__ import annotations

from fractions import Fraction

from quarks.approx import gated, supbound
from quarks.approx.targets import TARGETS
from quarks.certificates.evidence import digest


def certify(target: str, pieces: list, eps: str) -> dict:
    t = TARGETS[target]
    eps_q = Fraction(eps)
    units = gated.build(t, list(pieces))
    res = supbound.sup_bound(t, units, eps_q)
    bound = None if res["bound"] is None else f"{res['bound'].numerator}/{res['bound'].denominator}"
    witness = None if res.get("witness") is None else [str(x) for x in res["witness"]]
    return {
        "cases": res["cells"], "holds": res["holds"], "units": len(units), "bound": bound,
        "witness": witness, "reason": res.get("reason", ""),
        "digest": digest([[u.as_json() for u in units], bound, res["cells"], witness]),
    }


def smallest_pieces(target: str, eps: str, max_steps: int = 40) -> list:
    """Scale the estimated pieces down by ~3% steps while the certificate still holds."""
    t = TARGETS[target]
    eps_q = Fraction(eps)
    est = gated.pieces_estimate(t, eps_q)
    if not supbound.sup_bound(t, gated.build(t, est), eps_q)["holds"]:
        for _ in range(max_steps):
            est = [k + max(1, k // 20) for k in est]
            if supbound.sup_bound(t, gated.build(t, est), eps_q)["holds"]:
                return est
        return est
    best = est
    for _ in range(max_steps):
        trial = [max(1, k - max(1, k // 33)) for k in best]
        if trial == best or not supbound.sup_bound(t, gated.build(t, trial), eps_q)["holds"]:
            break
        best = trial
    return best


def fewer_fails(target: str, pieces: list, eps: str) -> dict:
    """The same construction with one piece fewer per ridge has error > eps at a certified point.

    (Minimality of K for this construction, not for all networks.)
    """
    smaller = [k - 1 for k in pieces]
    if min(smaller) < 1:
        return {"cases": 0, "holds": False, "witness": None, "digest": digest([smaller])}
    res = certify(target, smaller, eps)
    holds = (not res["holds"]) and res["witness"] is not None
    return {"cases": res["cases"], "holds": holds, "witness": res["witness"],
            "digest": digest([smaller, res["witness"]])}
