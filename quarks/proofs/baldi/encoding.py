"""§4.2 of seed 000: polynomial threshold gates do not depend on the input encoding.

"It does not matter whether their input is encoded using 0/1 or -/+ (or for that matter any two distinct
real numbers) ... the affine transformation can be absorbed in the synaptic weights."  Checked per
function: every f of n variables is decided in 0/1 with a witness, and the witness is carried to the
encoding {a, b} and verified there exactly.
"""
from __future__ import annotations

from quarks.certificates.evidence import exhaustive
from quarks.claims.claim import Claim, Source, Verdict


def check_encoding(inst: dict) -> Verdict:
    n, d, (a, b) = inst["n"], inst["degree"], inst["encoding"]
    rec = exhaustive("quarks.solvers.encoding:encoding_check", n=n, degree=d, a=a, b=b)
    r = rec["result"]
    summary = (f"n = {n}, d = {d}, inputs in {{{a}, {b}}}: all {r['cases']} functions decided alike "
               f"({r['realizable']} in T({n};{d}) in both encodings)")
    if r["holds"]:
        return Verdict.verified(summary, [rec])
    return Verdict.refuted(summary, {"n": n, "degree": d, "encoding": [a, b], "at": r["digest"]}, [rec])


encoding_independence = Claim(
    id="quarks.encoding-independence",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("000", "§4.2: the input encoding of polynomial threshold gates"),
    statement="For all n and d and all reals a != b: f is in T(n;d) iff f(x) = [P(v) > 0] at the encoded points "
              "v_i = (x_i ? b : a) for a multilinear P of degree <= d with real coefficients; so T(n;d) is the same "
              "class whether the inputs are encoded 0/1, ±1 or by any two distinct reals a != b, a' != b'.",
    latex=r"\mathcal T_{\{0,1\}}(n;d)=\mathcal T_{\{a,b\}}(n;d)",
    kind="finite",
    instances={"quick": [{"n": 3, "degree": d, "encoding": ["-1", "1"]} for d in (1, 2)],
               "full": [{"n": n, "degree": d, "encoding": e} for e in (["-1", "1"], ["1/3", "5"], ["-2", "7/2"])
                        for n in (1, 2, 3) for d in range(1, n + 1)]},
    check=check_encoding,
    max_feasible=3,
    coq=("InputEncoding.v:T_encoding", "InputEncoding.v:encoding_independence", "RealBridge.v:T_real"),
    coq_hypotheses={"T_encoding": ["a != b"], "encoding_independence": ["a != b", "a' != b'"], "T_real": []},
    note="Coq proves it over every archimedean ordered field (the reals among them); each instance carries a "
         "realization of degree d, or Farkas multipliers, from one encoding to the other. The output encoding is different: with gating, the product of two 0/1 gates is AND and of two ±1 gates "
         "XNOR (quarks.gate-products).",
)
