"""Complete classifications at n <= 4, proved by Coq's kernel: #|T(n;d)| for the formal T(n;d).

Every one of the 2^(2^n) functions gets a realization or a Farkas certificate
(quarks.solvers.classify); Coq runs the reflective checkers of Checker.v on all of them
(Classify.v, ``classification``) and proves ``#|T n d| = count`` with T as defined in
Threshold.v (quarks.certify.coq_classification).  The certificate is the list of witnesses; re-checking it
compiles the Coq files again from the stated n, d, count and those witnesses (``obligation``).
"""
from __future__ import annotations

import base64

from quarks.certificates.evidence import arith
from quarks.claims.claim import Claim, Source, Verdict

COUNTS = {(3, 1): 104, (3, 2): 254, (4, 1): 1882, (4, 2): 57574, (4, 3): 65534}


def _verdict(inst: dict, found: int, data: dict) -> Verdict:
    n, d, stated = inst["n"], inst["d"], inst["count"]
    record = {"kind": "coq-classification", "n": n, "degree": d, "count": found, "data": data}
    fact = arith({"count": found, "stated": stated}, [("Coq counts the stated number",
                                                       ["==", "count", "stated"])])
    summary = f"#|T({n};{d})| = {found:,}, a Coq theorem (card_T{n}_{d})" + ("" if found == stated
                                                                             else f", not {stated:,}")
    status = "verified" if found == stated else "refuted"
    counterexample = None if found == stated else {"n": n, "d": d, "count": found, "stated": stated}
    return Verdict(status, summary, [record, fact], counterexample)


def check(inst: dict) -> Verdict:
    from quarks.certify import coq_gate
    from quarks.solvers.classify import classification_payload as payload
    from quarks.solvers.halves import npz_bytes

    if not coq_gate.available():
        return Verdict.inconclusive("coqc is not installed: the Coq classification was not compiled")
    P = payload(inst["n"], inst["d"])
    data = {"npz_base64": base64.b64encode(npz_bytes(P)).decode()}
    shape = _verdict(inst, int(P["member"].sum()), data)
    return Verdict.from_facts(shape.evidence, shape.summary, shape.counterexample)  # decided by Coq


def obligation(inst: dict, cert: dict) -> Verdict:
    """What a certificate must say: the coq-classification record for the instance's n, d with the
    certificate's own witnesses, and the comparison with the stated count."""
    records = [r for r in cert.get("evidence", []) if isinstance(r, dict) and r.get("kind") == "coq-classification"]
    found = records[0].get("count") if records else None
    data = records[0].get("data") if records else None
    if not isinstance(found, int) or not isinstance(data, dict):
        raise ValueError("the certificate has no coq-classification record")
    return _verdict(inst, found, data)


def _instances(tier: str) -> list:
    from quarks.certify import coq_gate

    if not coq_gate.available():   # nothing to check without the proof assistant
        return []
    # quick: one complete classification in Coq's kernel (each compiles in about 6 s of CPU, mostly
    # coqc loading mathcomp); full: the others
    keys = [(3, 1)] + ([(3, 2), (4, 1), (4, 2), (4, 3)] if tier == "full" else [])
    return [{"n": n, "d": d, "count": COUNTS[n, d]} for n, d in keys]


classification = Claim(
    id="quarks.count-coq",
    whole_domain=True,   # the statement names these counts: its instances are its whole domain
    source=Source("000", "Section 4.4 (counts of T(n;d))"),
    statement="Coq's kernel proves the complete classifications of the functions of n <= 4 variables: "
              "#|T(3;1)| = 104, #|T(3;2)| = 254, #|T(4;1)| = 1,882, #|T(4;2)| = 57,574, #|T(4;3)| = 65,534, "
              "for T(n;d) as defined in Threshold.v, from one realization or Farkas certificate per function.",
    latex=r"\#|\mathcal T(4;1)|=1882,\ \#|\mathcal T(4;2)|=57574,\ \#|\mathcal T(4;3)|=65534",
    kind="finite",
    instances=_instances,
    check=check,
    obligation=obligation,
    domain=lambda inst: set(inst) == {"n", "d", "count"} and COUNTS.get((inst["n"], inst["d"])) == inst["count"]
    and all(type(v) is int for v in inst.values()),
    uses_coq=True,
    note="Needs coqc (without it the claim has no instances).  T(4;d) compiles in about a minute each on "
         "2 cores (the first time: the results are cached), so n = 4 is in the full tier, with T(3;2).  Files: "
         "quarks export-coq --classification N D.",
)
