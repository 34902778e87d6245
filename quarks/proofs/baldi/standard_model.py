"""The standard model (seed 000 §1.1) and multiplexing (seed 001, additive activation attention).

* Seed 000 §1.1 cites [5] for the universality of the standard model: (1) every Boolean function is
  computed exactly by a feed-forward network of threshold units, (2) continuous functions on a compact set
  are approximated.  The constructive part (1) is the depth-2 network of the disjunctive normal form: one
  unit [sum_i (2p_i - 1) x_i - |p| + 1 > 0] = [x = p] per true point p, and their OR [sum_p h_p > 0].
* Seed 001: "a large negative S_2 forces the output to zero regardless of S_1" (O = f(S_1 + S_2)).  Read
  for bounded |S_1| <= K (for unbounded S_1 no S_2 works: S_1 = 1 - S_2 gives H = 1): S_2 <= -K silences
  the Heaviside unit exactly, S_2 <= -K - ln((1 - eps)/eps) the logistic unit within eps.
"""
from __future__ import annotations

from quarks.certificates.evidence import arith, digest, exhaustive, forall
from quarks.claims.claim import Claim, Source, Verdict, decide

HERE = "quarks.proofs.baldi.standard_model"


# --- universality, the constructive part ------------------------------------------------------------

def dnf_network_check(n: int) -> dict:
    """Exhaustive-record procedure: each minterm unit [sum_i (2p_i - 1) x_i - |p| + 1 > 0] is [x = p], and for
    every f of n variables the OR unit [sum_{p : f(p) = 1} h_p(x) > 0] equals f at every x."""
    import numpy as np

    N = 1 << n
    X = np.array([[(x >> i) & 1 for i in range(n)] for x in range(N)], dtype=np.int64)
    W = 2 * X - 1                                       # row p: the weights of the unit of p
    theta = X.sum(axis=1) - 1                           # |p| - 1
    H = ((X @ W.T) - theta[None, :] > 0).astype(np.int64)   # H[x, p] = unit p at x
    units_ok = bool(np.array_equal(H, np.eye(N, dtype=np.int64)))
    F = ((np.arange(1 << N, dtype=np.int64)[:, None] >> np.arange(N)[None, :]) & 1)   # F[f, p] = f(p)
    out = ((F @ H.T) > 0).astype(np.int64)              # out[f, x] = [sum_p f(p) h_p(x) > 0]
    holds = units_ok and bool(np.array_equal(out, F))
    return {"cases": int(F.shape[0] * N), "holds": holds, "digest": digest([H.tolist(), int(out.sum())]),
            "functions": int(F.shape[0])}


def check_universality(inst: dict) -> Verdict:
    n = inst["n"]
    rec = exhaustive(f"{HERE}:dnf_network_check", n=n)
    r = rec["result"]
    return decide([rec], f"n = {n}: all {r['functions']} Boolean functions computed exactly by the depth-2 DNF "
                          f"network of threshold units ({1 << n} minterm units, one OR unit)",
                   counterexample={"n": n})


universality = Claim(
    id="quarks.sm-universality",
    source=Source("000", "§1.1: universal approximation properties of the standard model (cited, [5])"),
    statement="Every Boolean function of n variables is computed exactly by a feed-forward network of linear "
              "threshold units: the depth-2 network of its disjunctive normal form (constructive part (1) of the "
              "cited property; part (2), approximation of continuous functions, is cited only).",
    latex=r"f(x)=\Big[\sum_{p:\,f(p)=1}\big[\textstyle\sum_i(2p_i-1)x_i-|p|+1>0\big]>0\Big]",
    kind="finite",
    instances={"quick": [{"n": n} for n in (1, 2, 3)], "full": [{"n": n} for n in (1, 2, 3, 4)]},
    check=check_universality,
    max_feasible=4,
    note="The paper cites [5] and gives no construction; this checks the textbook one exhaustively for n <= 4. "
         "Part (2) (continuous functions) is not checked here; seed 001's gating version is "
         "quarks.universal-approximation.",
)


# --- multiplexing silences the attended unit ------------------------------------------------------------

def check_multiplexing_silences(inst: dict) -> Verdict:
    """Heaviside: S_1 + S_2 <= 0 on the integer box |S_1| <= K, S_2 in [-3K, -K].  Logistic: with
    S_2 = -K - L and 2^L >= (1 - eps)/eps, sigma(S_1 + S_2) <= 1/(1 + e^L) <= 1/(1 + 2^L) <= eps."""
    K, eps, L = inst["K"], inst["eps"], inst["L"]
    box = forall([["s1", ["-", 0, "K"], "K"], ["s2", ["*", -3, "K"], ["-", 0, "K"]]], ["<=", ["+", "s1", "s2"], 0],
                 given={"K": K})
    rec = arith({"eps": eps, "L": L, "bound": ["/", 1, ["+", 1, ["^", 2, "L"]]]},
                [("e^L >= 2^L >= (1 - eps)/eps", ["<=", ["/", ["-", 1, "eps"], "eps"], ["^", 2, "L"]]),
                 ("sigma(S_1 + S_2) <= 1/(1 + 2^L) <= eps", ["<=", "bound", "eps"])])
    return decide([box, rec], f"|S_1| <= {K}: S_2 <= -{K} gives H(S_1 + S_2) = 0; S_2 <= -{K} - {L} gives "
                               f"sigma(S_1 + S_2) <= 1/(1 + 2^{L}) <= {eps}", counterexample=inst)


multiplexing_silences = Claim(
    id="quarks.multiplexing-silences",
    source=Source("001", "Multiplexing (additive activation attention): a large negative S_2 silences the unit"),
    coq=("Multiplexing.v:multiplexing_silences_heaviside", "Multiplexing.v:multiplexing_silences_logistic"),
    coq_hypotheses={
        "multiplexing_silences_heaviside": ["Rabs S1 <= K", "S2 <= - K"],
        "multiplexing_silences_logistic": ["0 < eps < 1", "Rabs S1 <= K", "S2 <= - K - ln ((1 - eps) / eps)"]},
    statement="For |S_1| <= K: S_2 <= -K gives S_1 + S_2 <= 0, so the Heaviside unit H(S_1 + S_2) = 0; and for "
              "0 < eps < 1, S_2 <= -K - ln((1 - eps)/eps) gives the logistic unit 1/(1 + exp(-(S_1 + S_2))) <= eps.",
    latex=r"|S_1|\le K,\ S_2\le -K-\ln\tfrac{1-\epsilon}{\epsilon}\Rightarrow\sigma(S_1+S_2)\le\epsilon",
    kind="finite",
    instances={"quick": [{"K": 3, "eps": "1/10", "L": 4}],
               "full": [{"K": K, "eps": e, "L": L} for K in (3, 10) for e, L in (("1/10", 4), ("1/1000", 10))]},
    check=check_multiplexing_silences,
    size="K",
    note="'Regardless of S_1' needs S_1 bounded (inputs and weights bounded): for any fixed S_2, S_1 = 1 - S_2 "
         "gives H = 1. The logistic output is never exactly 0, only within eps. Coq proves both for all reals.",
)
