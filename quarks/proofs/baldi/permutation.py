"""Self-attention without position embeddings is permutation-equivariant, not invariant (seed 001).

Seed 001: "The permutation invariance of transformers follows directly from the weight sharing across
input positions."  Weight sharing gives equivariance, f(PX) = P f(X): permuting the tokens permutes the
outputs.  Invariance, f(PX) = f(X), fails already for two scalar tokens x = (0, 1) with
W_Q = W_K = W_V = 1: f(x) = (1/2, e/(1+e)) = (0.5, 0.731), f(Px) = (0.731, 0.5).
"""
from __future__ import annotations

from quarks.certificates.evidence import exhaustive
from quarks.claims.claim import Claim, Source, Verdict

SA = "quarks.attention.self_attention"


def check_invariance(inst: dict) -> Verdict:
    rec = exhaustive(f"{SA}:invariance_check", X=inst["X"], WQ=inst["WQ"], WK=inst["WK"], WV=inst["WV"],
                     perm=inst["perm"])
    r = rec["result"]
    if r["holds"]:
        return Verdict.verified(f"X = {inst['X']}: f(PX) = f(X) (equal output forms)", [rec])
    return Verdict.refuted(f"X = {inst['X']}, P = {inst['perm']}: at position {r['position']} f(X) = {r['f_ball']} "
                           f"but f(PX) = {r['f_perm_ball']} (disjoint arb balls)",
                           {"X": inst["X"], "perm": inst["perm"], "position": r["position"], "f": r["f_ball"],
                            "f_perm": r["f_perm_ball"]}, [rec])


def check_equivariance(inst: dict) -> Verdict:
    rec = exhaustive(f"{SA}:equivariance_check", n=inst["n"], dim=inst["dim"], samples=inst["samples"],
                     seed=inst["seed"])
    r = rec["result"]
    summary = (f"{inst['samples']} random layers, n = {inst['n']} tokens of dimension {inst['dim']}: f(PX) = P f(X) "
               f"exactly (invariant in only {r['invariant_samples']} of them)")
    if r["holds"]:
        return Verdict.verified(summary, [rec])
    return Verdict.refuted(summary, inst, [rec])


invariance_as_printed = Claim(
    id="quarks.self-attention-invariance-as-printed",
    source=Source("001", "Transformers are built entirely from gating: permutation invariance"),
    coq=("GalleryReals.v:self_attention_invariance_printed",),
    coq_hypotheses={"self_attention_invariance_printed": []},
    statement="A self-attention layer without position embeddings is permutation invariant: f(PX) = f(X) for "
              "every permutation P of the tokens.",
    latex=r"f(PX)=f(X)",
    kind="finite",
    instances={"quick": [{"n": 2, "X": [[0], [1]], "WQ": [[1]], "WK": [[1]], "WV": [[1]], "perm": [1, 0]}],
               "full": [{"n": 2, "X": [[0], [1]], "WQ": [[1]], "WK": [[1]], "WV": [[1]], "perm": [1, 0]},
                        {"n": 3, "X": [[1, 0], [0, 1], [1, 1]], "WQ": [[1, 0], [0, 1]], "WK": [[1, 0], [0, 1]],
                         "WV": [[1, 0], [0, 1]], "perm": [2, 0, 1]}]},
    check=check_invariance,
    expected="refuted",
    note="Weight sharing gives equivariance, not invariance; invariance needs a symmetric pooling after the layer. "
         "Corrected: quarks.self-attention-equivariance.",
)

equivariance = Claim(
    id="quarks.self-attention-equivariance",
    source=Source("001", "Transformers are built entirely from gating: permutation equivariance (corrected)"),
    statement="A self-attention layer without position embeddings is permutation equivariant: f(PX) = P f(X), "
              "since the output at a position depends only on the multiset of (score, value) pairs.",
    latex=r"f(PX)=P\,f(X)",
    kind="finite",
    instances={"quick": [{"n": 4, "dim": 2, "samples": 30, "seed": 1}],
               "full": [{"n": n, "dim": d, "samples": 200, "seed": n + d} for n in (2, 3, 5, 8) for d in (1, 3)]},
    check=check_equivariance,
    max_feasible=16,
    note="Random rational tokens, weights and permutations; compared exactly by output forms (no exponential is "
         "evaluated), so equality is proved, not approximated.",
)
