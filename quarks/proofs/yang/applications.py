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
              "model on every word of length n.",
    latex=r"\text{induction}^{(k)},\ \text{flip-flop},\ \mathrm{DYCK}\text{-}k\in\text{softmax transformers}",
    kind="construction",
    instances={"quick": QUICK, "full": FULL},
    check=check_thm26,
    size="n",
    note="k-hop is checked for k <= 2: one more tieless head per hop reads the previous hop's output at find(i). "
         "The temperature of Liu et al.'s flip-flop transformer, which the paper compares against, is lost in the "
         "seed text (its symbols are missing), so only our temperature is checked. Strobl et al.'s general "
         "S-RASP compilation is not implemented: only these named programs.",
)
