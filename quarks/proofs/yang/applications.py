"""Seed 004, §6 (Some Applications): the named tasks compiled to softmax transformers by Theorem 26.

The paper names the basic induction head and its k-hop form (Sanford et al. 2024; via Corollary 17 in the
paper), the flip-flop language (Liu et al. 2023a) and Dyck-k (Appendix E).  Each is an average-hard
uniform-tieless program of :mod:`quarks.attention.programs` (ours), checked exhaustively on every word of
length n: exact agreement with its reference recognizer, the gap gamma(n), and the softmax transformer at our
temperature certified within 1/10 of the hard model (the check of ``yang.thm26``).
"""
from __future__ import annotations

from quarks.claims.claim import Claim, Source
from quarks.proofs.yang.uniform_tieless import check_thm26

_LEN = "length w = n"
_LETTERS3 = "(forall a : nat, In a w -> (a < 3)%nat)"


def _tau(net: str) -> str:
    return f"tau <= temp26 n (/ INR n) (net_X {net} (Rmax 1 1)) (1 / 4) {net}"


QUICK = [{"program": "induction2", "n": 5}, {"program": "flipflop", "n": 6}]
FULL = ([{"program": "induction", "n": n} for n in range(2, 9)] + [{"program": "induction2", "n": n} for n in range(2, 8)]
        + [{"program": "flipflop", "n": n} for n in range(2, 11)] + [{"program": "dyck1", "n": n} for n in range(2, 11)]
        + [{"program": "dyck2", "n": n} for n in range(2, 7)])

section6 = Claim(
    id="yang.section6-applications",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "§6 Some Applications: induction heads (1- and 2-hop), flip-flop, Dyck-k"),
    statement="The tasks of §6 are computed by softmax transformers: the basic and 2-hop induction heads, the "
              "flip-flop language and Dyck-1, Dyck-2, as uniform-tieless average-hard programs (exact on every "
              "word of length n) whose softmax versions at tau(n) = gamma(n)/(2 m(n)) stay within 1/10 of the hard "
              "model on every word of length n (for the induction heads, the output is whether the letter found is a).  "
              "Coq proves them at Theorem 26's temperature temp26 (about 1/(n log n)), not at the paper's "
              "temperatures.  Coq, for every length n, every word w of length n and position "
              "i < n, the engine's networks written as TransformerModel.v terms (embeddings 1, i/n, and (-1)^i, [i = 1] "
              "for the induction heads): (ih_net_hard, ih_net_gaps) the induction head (letters a, b, c = 0, 1, 2; "
              "previous-token heads with scores -(-1)^(i+j) + j/n, induction heads with scores [w_(j-1) = w_i] + j/n) "
              "outputs [w_j = a] at the rightmost j <= i with w_(j-1) = w_i (0 if none; ih_out) under average hardmax, every "
              "head tieless with gap 1/n; (ih2_net_hard, ih2_net_gaps) the 2-hop head outputs the 1-hop output at "
              "that j (0 if none; ih2_out); (ff_net_hard, ff_net_gaps) the flip-flop network (0, 1 write, 2 reads) outputs "
              "the last bit written at or before i (0 if none; ff_out); (ih_net_round, ih2_net_round, ff_net_round, "
              "dyck_net_correct) at every 0 < tau <= temp26 n (1/n) X (1/4), X = Lemma 29's bound from the "
              "embedding bound 1, the softmax output after Lemma 9's rounding is exactly that bit (and for Dyck-k, "
              "every k, 1 iff the prefix is in Dyck-k); (sff_net_real, sih_net_real, sih2_net_real) these networks "
              "are, read over R, EngineNets.v's networks with rational weights, which tests/proofs/test_programs_coq.py "
              "finds equal by vm_compute to the engine's programs.flipflop, induction and induction(hops=2).",
    coq=("Induction.v:ih_net_hard", "Induction.v:ih_net_gaps", "Induction.v:ih_net_round", "Induction2.v:ih2_net_hard",
         "Induction2.v:ih2_net_gaps", "Induction2.v:ih2_net_round", "FlipFlop.v:ff_net_hard", "FlipFlop.v:ff_net_gaps",
         "FlipFlop.v:ff_net_round", "DyckNetThm.v:dyck_net_correct", "EngineNets.v:sff_net_real",
         "EngineNets.v:sih_net_real", "EngineNets.v:sih2_net_real"),
    coq_hypotheses={
        "ih_net_hard": [_LEN, _LETTERS3, "(i < n)%nat"],
        "ih_net_gaps": [_LEN, _LETTERS3],
        "ih_net_round": [_LEN, _LETTERS3, "(i < n)%nat", "0 < tau", _tau("ih_net")],
        "ih2_net_hard": [_LEN, _LETTERS3, "(i < n)%nat"],
        "ih2_net_gaps": [_LEN, _LETTERS3],
        "ih2_net_round": [_LEN, _LETTERS3, "(i < n)%nat", "0 < tau", _tau("ih2_net")],
        "ff_net_hard": [_LEN, _LETTERS3, "(i < n)%nat"],
        "ff_net_gaps": [_LEN, _LETTERS3],
        "ff_net_round": [_LEN, _LETTERS3, "(i < n)%nat", "0 < tau", _tau("ff_net")],
        "dyck_net_correct": [_LEN, "(forall a : nat, In a w -> (a < 2 * k)%nat)", "(i < n)%nat", "0 < tau",
                             _tau("(dyck_net k n)")],
        "sff_net_real": [], "sih_net_real": [], "sih2_net_real": []},
    coq_part="the temperature rule tau(n) = gamma(n)/(2 m(n)) with the exact X(n) and eps = 1/10: Coq proves the "
             "softmax networks exact after rounding at every tau <= temp26 n (1/n) X (1/4) with Lemma 29's a priori X, "
             "a smaller temperature",
    latex=r"\text{induction}^{(k)},\ \text{flip-flop},\ \mathrm{DYCK}\text{-}k\in\text{softmax transformers}",
    kind="construction",
    instances={"quick": QUICK, "full": FULL},
    check=check_thm26,
    size="n",
    note="k-hop is checked for k <= 2: one more tieless head per hop reads the previous hop's output at find(i). "
         "The temperature of Liu et al.'s flip-flop transformer, which the paper compares against, is lost in the "
         "seed text (its symbols are missing), so only our temperature is checked. The engine checks these named "
         "programs; a fragment of Strobl et al.'s S-RASP and its compilation are proved in Coq for every program "
         "and length under yang.srasp.",
)
