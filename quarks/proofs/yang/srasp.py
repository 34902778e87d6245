"""Seed 004, §6: S-RASP programs (Strobl et al.) are computed exactly by softmax transformers at Theorem 26's temperature.

Proved in Coq for a fragment of S-RASP (``SRasp.v``, ``SRaspCompile.v``, ``SRaspFlipFlop.v``): the compiled
average-hard network is exact and uniform-tieless with gap 1/(2n), so Theorem 26 (``thm26_matrix_closed``)
and Lemma 9's rounding give every Boolean sequence exactly, for every program, length and word.  The
instances re-run ``yang.thm26``'s check on the engine's flip-flop program (an S-RASP program of the fragment).
"""
from __future__ import annotations

from quarks.claims.claim import Claim, Source
from quarks.proofs.yang.uniform_tieless import check_thm26

srasp = Claim(
    id="yang.srasp",
    recheck="evidence",   # the certification enumerates every word
    source=Source("004", "§6: S-RASP (Strobl et al.) compiled to uniform-tieless average-hard transformers, then Theorem 26"),
    statement="Every well-typed program of our S-RASP fragment (letters, the constant 1, the position (i+1)/n and [i odd] "
              "as inputs; linear and ReLU maps; not, and, or, if-then-else on Boolean sequences; uniform averaging "
              "under the future, past or no mask; tieless selection of the value at the leftmost or rightmost "
              "visible j with q_i and k_j, Boolean q and k; best-match selection over several (q, k) pairs, which with "
              "exclusive queries, e.g. one-hot letters, selects with the predicate q(i) = k(j) (best_pred_or)) is computed by a transformer: (thm26_srasp_hard) for "
              "every length n, word w and i < n the compiled average-hard network (one layer per operation, the "
              "paper's query/key/value/output matrices) outputs exactly every sequence of the program; "
              "(thm26_srasp_gaps) every head is uniform or tieless with gap 1/(2n) at every layer; "
              "(thm26_srasp_soft) at every 0 < tau <= srasp_temp (Theorem 26's temperature at that gap) the softmax "
              "network is within eps > 0 of every sequence; (thm26_srasp) at eps = 1/4, Lemma 9's rounding of the "
              "softmax network equals every Boolean sequence exactly.  The selection with an arbitrary default "
              "sequence is four operations (sel_default_sem); the flip-flop (the last bit written, ff_out; thm26_flipflop), "
              "the basic induction head (previous-token heads by parity, then one Boolean: whether the letter after the "
              "last earlier occurrence of w_i is letter 0, ind; not the letter itself; thm26_induction) and the "
              "(K+1)-hop induction heads for every K (whether the letter reached by K+1 hops is letter 0, ind_hops; "
              "thm26_hops; over every alphabet size k >= 1: thm26_khops) are such programs.  Instances: "
              "yang.thm26's check on the engine's flip-flop and induction programs (and the 2-hop one in the full tier).",
    latex=r"\forall P\in\text{S-RASP}_{\mathrm{frag}},\ n,\ w:\ "
          r"\mathrm{round}(\mathrm{TF}^{\tau}_{P}(w)_i)=P(w)_i,\ 0<\tau\le\tau_{26}(n)",
    kind="construction",
    instances={"quick": [{"program": "flipflop", "n": 4}, {"program": "induction", "n": 4}],
               "full": [{"program": "flipflop", "n": n} for n in range(2, 9)]
               + [{"program": "induction", "n": n} for n in range(2, 7)]
               + [{"program": "induction2", "n": n} for n in range(2, 6)]},
    check=check_thm26,
    size="n",
    coq=("SRaspCompile.v:thm26_srasp", "SRaspCompile.v:thm26_srasp_soft", "SRaspCompile.v:thm26_srasp_hard",
         "SRaspCompile.v:thm26_srasp_gaps", "SRasp.v:srasp_bool_01", "SRasp.v:sel_default_sem", "SRasp.v:best_pred_or",
         "SRaspFlipFlop.v:flipflop_sem", "SRaspFlipFlop.v:thm26_flipflop", "SRaspInduction.v:induction_sem",
         "SRaspInduction.v:thm26_induction", "SRaspInduction.v:hops_sem", "SRaspInduction.v:thm26_hops",
         "SRaspInduction.v:ih_out_ind", "SRaspInduction.v:ih2_out_hops", "SRaspInductionK.v:kprogram_sem",
         "SRaspInductionK.v:kprogram_types", "SRaspInductionK.v:thm26_khops"),
    coq_hypotheses={
        "thm26_srasp": ["srasp_wt k p = true", "srasp_bool k p c = true", "0 < tau", "tau <= srasp_temp k n p (/ 4)",
                        "(i < n)%nat"],
        "thm26_srasp_soft": ["srasp_wt k p = true", "0 < eps", "0 < tau", "tau <= srasp_temp k n p eps", "(i < n)%nat",
                             "(c < srasp_width k p)%nat"],
        "thm26_srasp_hard": ["srasp_wt k p = true", "(i < n)%nat"],
        "thm26_srasp_gaps": ["srasp_wt k p = true"],
        "srasp_bool_01": ["srasp_wt k p = true", "srasp_bool k p c = true", "(i < n)%nat"],
        "sel_default_sem": ["(q < c)%nat", "(kk < c)%nat", "(v < c)%nat", "(dflt < c)%nat", "(i < n)%nat",
                            "(forall j : nat, (j < n)%nat -> is01 (x j q) /\\ is01 (x j kk))"],
        "best_pred_or": ["(forall t : nat, (t < vis_cnt m n i)%nat -> (sel_count ps x i (vis_lo m i + t) <= 1)%nat)"],
        "ih_out_ind": [],
        "ih2_out_hops": [],
        "flipflop_sem": [],
        "thm26_flipflop": ["0 < tau", "tau <= srasp_temp 3 n flipflop (/ 4)", "(i < n)%nat"],
        "induction_sem": ["(nth i w 0 < 3)%nat"],
        "thm26_induction": ["0 < tau", "tau <= srasp_temp 3 n induction (/ 4)", "(i < n)%nat", "(nth i w 0 < 3)%nat"],
        "hops_sem": ["(forall a : nat, In a w -> (a < 3)%nat)"],
        "thm26_hops": ["(forall a : nat, In a w -> (a < 3)%nat)", "0 < tau", "tau <= srasp_temp 3 n (hops K) (/ 4)",
                       "(i < n)%nat"],
        "kprogram_sem": ["(1 <= k)%nat", "(forall a : nat, In a w -> (a < k)%nat)"],
        "kprogram_types": ["(1 <= k)%nat"],
        "thm26_khops": ["(1 <= k)%nat", "(forall a : nat, In a w -> (a < k)%nat)", "0 < tau",
                        "tau <= srasp_temp k n (kprogram k K) (/ 4)", "(i < n)%nat"]},
    coq_part="S-RASP beyond the fragment: selectors comparing positions other than by parity (j < i in general) or "
             "values that are not one-hot encoded; selection of rational values with a default; integer-valued "
             "sequences and prefix sums as integers.  Of §6's tasks, Dyck-k (Appendix E) is not derived from "
             "these theorems.",
    note="The compiled network reads only the position embeddings 1, (i+1)/n and [i odd] (bounded); its width is "
         "k + 3 + the number of operations.  The instance check runs the engine's flip-flop and induction networks, not the Coq compiler's.  "
         "The flip-flop's reference is FlipFlop.v's ff_out, the one of yang.section6-applications.  The induction "
         "heads' reference (ind, and ind_hops iterating it) reads [w_t = 0] at Induction.v's ih_find, but unlike "
         "ih_out without a found-gate: where no t >= 1 has w_(t-1) = w_i (always at i = 0) the selection's default "
         "reads w_i, where ih_out is 0 (ih_out_ind: ih_out = ih_found && ind; ih2_out_hops for two hops).",
)
