"""Seed 004, §6: S-RASP programs (Strobl et al.) are computed exactly by softmax transformers at Theorem 26's temperature.

Proved in Coq for a fragment of S-RASP (``SRasp.v``, ``SRaspCompile.v``, ``SRaspFlipFlop.v``): the compiled
average-hard network is exact and uniform-tieless with gap 1/(2n), so Theorem 26 (``thm26_matrix_closed``)
and Lemma 9's rounding give every Boolean sequence exactly, for every program, length and word.  The
instances re-run ``yang.thm26``'s check on the engine's flip-flop program (an S-RASP program of the fragment).
Integer sequences (``SRaspInt*.v``), Booleans from integers (``SRaspIntBool.v``), and, derived as programs of those
operations (``SRaspIntDerived.v``), prefix sums of integer sequences bounded by a constant and selection with a default.
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
              "yang.thm26's check on the engine's flip-flop and induction programs (and the 2-hop one in the full tier).  "
              "With integers (SRaspIntCompile.v, SRaspIntThm.v): the fragment extended by integer sequences stored as c_i/n "
              "(b_i/n for a Boolean b; integer linear combinations; the prefix sum sum_(j<=i) (b_j or [j=0]) / n as three "
              "operations, psum_sem: a count step, its future-masked average c/((i+1)n), and a head with scores "
              "2 (c/((i+1)n)) (j+1)/n - (1/(i+1)) ((j+1)/n)^2 that reads (j+1)/n at j = c - 1, psum_read; the stored square "
              "max(1, min(c, n))^2/n^2, sq_read; selection of the value at the visible j of largest score "
              "(2 A_i B_j - S_j)/n^2 + 8 K_j +- (j+1)/(2n^3), for integers A, B, stored squares S and a "
              "Boolean key K, which is the rightmost (leftmost) visible j with K_j and B_j = A_i whenever there is one and "
              "S never lets a non-match score as high, eq_top_match, eq_read), on the bounded embeddings 1, (i+1)/n, "
              "[i odd], 1/n, 1/(i+1), ((i+1)/n)^2, (i+1)/n^2, with weights independent of n: for every well-typed program, "
              "length n, word w and i < n the average-hard network computes every sequence exactly (thm26_xrasp_hard), every "
              "head is uniform or tieless with gap 1/(2n^3) (thm26_xrasp_gaps), the softmax network at every "
              "0 < tau <= xrasp_temp is within eps > 0 (thm26_xrasp_soft), Lemma 9's rounding gives every Boolean sequence "
              "exactly at eps = 1/4 (thm26_xrasp), and every integer sequence is c_i/n with n times the softmax output within "
              "1/4 of the integer c_i at eps = 1/(4n) (thm26_xrasp_int).  With Booleans from integers (SRaspIntBool.v): "
              "the fragment extended by [c_i <= 1] for an integer sequence c (so [c_i <= 0], [c_i = 0] and [c_i = c'_i] "
              "after integer linear maps; one layer: a head with sq_read's scores reads 1/(j+1) at j + 1 = "
              "max(1, min(c_i, n)), and ReLU units gated by [n = 1] = ReLU(2 (1/n) - 1), written by a first layer, "
              "give [c_i <= 1] at n = 1, where c_i/n is c_i) and by integer codes sum_a w_a b_a / n of Boolean "
              "sequences, weights independent of n: for every well-typed program, length n, word w and i < n the "
              "average-hard network (width k + 8 + |p|) computes every sequence exactly (thm26_brasp_hard), the softmax "
              "network at every 0 < tau <= brasp_temp (gap 1/(2n^3)) is within eps > 0 (thm26_brasp_soft), and Lemma 9's "
              "rounding gives every Boolean sequence exactly at eps = 1/4 (thm26_brasp); Appendix E's Dyck-k program is "
              "such a program (yang.dyck).  "
              "Selectors comparing integers by order are six operations of this fragment (SRaspIntOrder.v, ord_sel) for "
              "keys B nondecreasing in j with steps of at most 1 and 1 <= B_j <= n (unit_steps; positions and the prefix "
              "counts psum writes: pos_steps, pcount_steps, pcount_sem): the selection of largest score "
              "(A^2 - (A - B_j)^2)/n^2 +- (j+1)/(2n^3), A = A_i + off (nearest value, rightmost/leftmost tie-break), then "
              "the flag [B_sel <= A] ([A <= B_sel]), which holds iff some visible j has B_j <= A (B_j >= A), and then the "
              "value read is at the rightmost (leftmost) such j (ord_top, ord_sel_sem); appended to a well-typed program "
              "with A, B integer sequences it is well typed (ord_sel_brasp_wt), and after Lemma 9's rounding the softmax "
              "network at every 0 < tau <= brasp_temp outputs that flag and, when 0/1, that value, for every length n, "
              "word w and i < n (thm26_ord_sel; an instance over K >= 2 letters: the leftmost j <= i where the shifted "
              "count of letter 0 reaches that of letter 1 at i, thm26_ord_counts).  "
              "Derived in that fragment (SRaspIntDerived.v), as programs of its operations run "
              "inside any well-typed program: the prefix sum sum_(j<=i) c_j / n of an integer sequence with |c_j| <= K for a "
              "constant K (2 + 11K operations: for t = 1..K the Booleans [c_j >= t] and [c_j <= -t], each summed by the Boolean "
              "prefix sum, whose shifted counts miss exactly c_0, read at every i by a leftmost selection with equal scores; "
              "ipsum_sem, well typed wherever c is an integer sequence, ipsum_wt), and the selection of v_j at the rightmost "
              "(leftmost) visible j with kb_j and B_j = A_i, or the default d_i when there is none (15 operations: one "
              "value-comparing selection read at v, B and kb, the match test [kb_j and B_j = A_i] by two [. <= 1], and the "
              "choice ReLU(V + 2mt - 2) - ReLU(-V + 2mt - 2) + ReLU(D - 2mt) - ReLU(-D - 2mt); isel_default_sem, exact when "
              "every visible B_j <= n and either 1 <= A_i or no visible j matches, for |v|, |d| <= 2n; isel_default_wt; its "
              "result is a real-typed sequence, not an integer one): in every well-typed program containing them, n times "
              "the softmax network at every 0 < tau <= brasp_temp (eps = 1/(4n)) is within 1/4 of the prefix sum "
              "(thm26_ipsum) and of the defaulted selection (thm26_isel_default), so rounding gives them exactly; the "
              "prefix sum of integer letter weights is such a program (thm26_ipsum_letters).  "
              "The temperatures' order, for every program (Temp26Order.v): for every 0 < eps and "
              "n >= 2, srasp_temp >= c0/(n ln n) (srasp_temp_lower) and xrasp_temp, brasp_temp >= c0/(n^3 ln n) "
              "(xrasp_temp_lower, brasp_temp_lower) with c0 > 0 fixed by the program's network and eps: at the gap "
              "1/(c n^p) (c = 2; p = 1, 3), c0 = 1/(2c (p + 1 + ln(2 + a + bc)/ln 2)), a = B (1/eps + 1), "
              "b = 4 B C (2X + 1), X Lemma 29's bound from 1, B the error growth and C the score mass of the network, "
              "none depending on n (an eps of 1/(4n), as in thm26_xrasp_int, thm26_ipsum and thm26_isel_default, is not covered).  Not operations: selectors "
              "comparing integers by order of other keys, rational sequences other than integers over n selected with a default, prefix "
              "sums of integer sequences not bounded by a constant.",
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
         "SRaspInductionK.v:kprogram_types", "SRaspInductionK.v:thm26_khops",
         "SRaspIntThm.v:thm26_xrasp", "SRaspIntThm.v:thm26_xrasp_int", "SRaspIntThm.v:thm26_xrasp_soft",
         "SRaspIntThm.v:thm26_xrasp_hard", "SRaspIntThm.v:thm26_xrasp_gaps", "SRaspIntThm.v:psum_sem",
         "SRaspInt.v:psum_read", "SRaspInt.v:sq_read", "SRaspInt.v:eq_read", "SRaspInt.v:eq_top_match",
         "SRaspIntBool.v:thm26_brasp", "SRaspIntBool.v:thm26_brasp_soft", "SRaspIntBool.v:thm26_brasp_hard",
         "SRaspIntOrder.v:thm26_ord_sel", "SRaspIntOrder.v:thm26_ord_counts", "SRaspIntOrder.v:ord_sel_sem",
         "SRaspIntOrder.v:ord_top", "SRaspIntOrder.v:ord_sel_brasp_wt", "SRaspIntOrder.v:pcount_steps",
         "SRaspIntOrder.v:pcount_sem", "SRaspIntOrder.v:pos_steps",
         "SRaspIntDerived.v:ipsum_sem", "SRaspIntDerived.v:ipsum_wt", "SRaspIntDerived.v:thm26_ipsum",
         "SRaspIntDerived.v:thm26_ipsum_letters", "SRaspIntDerived.v:isel_default_sem", "SRaspIntDerived.v:isel_default_wt",
         "SRaspIntDerived.v:thm26_isel_default",
         "Temp26Order.v:srasp_temp_lower", "Temp26Order.v:xrasp_temp_lower", "Temp26Order.v:brasp_temp_lower"),
    coq_hypotheses={
        "srasp_temp_lower": ["0 < eps", "(2 <= n)%nat"],
        "xrasp_temp_lower": ["0 < eps", "(2 <= n)%nat"],
        "brasp_temp_lower": ["0 < eps", "(2 <= n)%nat"],
        "thm26_brasp": ["brasp_wt k p = true", "brasp_ty k p c = XB", "0 < tau", "tau <= brasp_temp k n p (/ 4)",
                        "(i < n)%nat"],
        "thm26_brasp_soft": ["brasp_wt k p = true", "0 < eps", "0 < tau", "tau <= brasp_temp k n p eps", "(i < n)%nat",
                             "(c < bwidth k p)%nat"],
        "thm26_brasp_hard": ["brasp_wt k p = true", "(i < n)%nat"],
        "thm26_ord_sel": ["brasp_wt K pre = true", "brasp_ty K pre a = XI", "brasp_ty K pre b = XI", "(v < K + 8 + length pre)%nat", "(forall j : nat, (j < n)%nat -> brasp_run K n pre w j a = IZR (A j) / INR n /\\ brasp_run K n pre w j b = IZR (B j) / INR n)", "unit_steps n B", "(forall j : nat, (j < n)%nat -> (1 <= B j <= Z.of_nat n)%Z)", "0 < tau", "tau <= brasp_temp K n (ord_prog K pre m dr off a b v) (/ 4)", "(i < n)%nat"],
        "thm26_ord_counts": ["(2 <= K)%nat", "0 < tau", "tau <= brasp_temp K n (ord_prog K (cnt_pre K) Future LeftMost 0 (K + 13) (K + 10) 0) (/ 4)", "(i < n)%nat"],
        "ord_sel_sem": ["(i < n)%nat", "(a < c)%nat", "(b < c)%nat", "(v < c)%nat", "(k + 3 < c)%nat", "(forall j : nat, (j < n)%nat -> z j a = IZR (A j) / INR n /\\ z j b = IZR (B j) / INR n /\\ z j k = 1 /\\ z j (k + 3)%nat = / INR n)", "unit_steps n B", "(forall j : nat, (j < n)%nat -> (1 <= B j <= Z.of_nat n)%Z)"],
        "ord_top": ["(1 <= cnt)%nat", "(lo + cnt <= n)%nat", "unit_steps n B"],
        "ord_sel_brasp_wt": ["brasp_wt K pre = true", "brasp_ty K pre a = XI", "brasp_ty K pre b = XI", "(v < K + 8 + length pre)%nat"],
        "pcount_steps": [],
        "pcount_sem": ["(b < c)%nat", "(forall j : nat, (j <= i)%nat -> z j b = b2r (bb j))"],
        "pos_steps": [],
        "thm26_ipsum": ["p = pre ++ ipsum k K a (k + 8 + length pre) ++ post", "brasp_wt k p = true", "(i < n)%nat", "(forall j : nat, (j <= i)%nat -> brasp_run k n p w j a = IZR (C j) / INR n /\\ (- Z.of_nat K <= C j <= Z.of_nat K)%Z)", "0 < tau", "tau <= brasp_temp k n p (/ (4 * INR n))"],
        "thm26_isel_default": ["p = pre ++ isel_default k m dr a b kb v d (k + 8 + length pre) ++ post", "brasp_wt k p = true", "(i < n)%nat", "brasp_run k n p w i a = IZR A / INR n", "brasp_run k n p w i d = IZR Di / INR n", "(Z.abs Di <= 2 * Z.of_nat n)%Z", "(forall t : nat, (t < vis_cnt m n i)%nat -> brasp_run k n p w (vis_lo m i + t)%nat b = IZR (B (vis_lo m i + t)%nat) / INR n /\\ (B (vis_lo m i + t)%nat <= Z.of_nat n)%Z /\\ brasp_run k n p w (vis_lo m i + t)%nat kb = b2r (Kb (vis_lo m i + t)%nat) /\\ brasp_run k n p w (vis_lo m i + t)%nat v = IZR (V (vis_lo m i + t)%nat) / INR n /\\ (Z.abs (V (vis_lo m i + t)%nat) <= 2 * Z.of_nat n)%Z)", "(1 <= A)%Z \\/ ifind dr (imatch (vis_lo m i) A B Kb) (vis_cnt m n i) = None", "0 < tau", "tau <= brasp_temp k n p (/ (4 * INR n))"],
        "thm26_ipsum_letters": ["(forall t : nat, (t < k)%nat -> (- Z.of_nat K <= f t <= Z.of_nat K)%Z)", "length w = n", "(forall a : nat, In a w -> (a < k)%nat)", "(i < n)%nat", "0 < tau", "tau <= brasp_temp k n (ipsum_letters k K f) (/ (4 * INR n))"],
        "ipsum_sem": ["(i < n)%nat", "bruns n c (ipsum k K a c) X", "(forall j : nat, (j <= i)%nat -> X j a = IZR (C j) / INR n /\\ (- Z.of_nat K <= C j <= Z.of_nat K)%Z /\\ X j k = 1 /\\ X j (k + 3)%nat = / INR n)"],
        "isel_default_sem": ["(i < n)%nat", "bruns n c (isel_default k m dr a b kb v d c) X", "X i a = IZR A / INR n", "X i (k + 3)%nat = / INR n", "(forall t : nat, (t < vis_cnt m n i)%nat -> X (vis_lo m i + t)%nat b = IZR (B (vis_lo m i + t)%nat) / INR n /\\ (B (vis_lo m i + t)%nat <= Z.of_nat n)%Z /\\ X (vis_lo m i + t)%nat kb = b2r (Kb (vis_lo m i + t)%nat) /\\ -2 <= X (vis_lo m i + t)%nat v <= 2)", "-2 <= X i d <= 2", "(1 <= A)%Z \\/ ifind dr (imatch (vis_lo m i) A B Kb) (vis_cnt m n i) = None"],
        "ipsum_wt": ["xis xtys XI a = true", "xis xtys XB k = true", "xis xtys XI (k + 3) = true"],
        "isel_default_wt": ["xis xtys XI a = true", "xis xtys XI b = true", "xis xtys XB kb = true", "(v < length xtys)%nat", "(d < length xtys)%nat", "xis xtys XI (k + 3) = true"],
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
                        "tau <= srasp_temp k n (kprogram k K) (/ 4)", "(i < n)%nat"],
        "thm26_xrasp": ["xrasp_wt k p = true", "xrasp_ty k p c = XB", "0 < tau", "tau <= xrasp_temp k n p (/ 4)", "(i < n)%nat"],
        "thm26_xrasp_int": ["xrasp_wt k p = true", "xrasp_ty k p c = XI", "0 < tau", "tau <= xrasp_temp k n p (/ (4 * INR n))", "(i < n)%nat"],
        "thm26_xrasp_soft": ["xrasp_wt k p = true", "0 < eps", "0 < tau", "tau <= xrasp_temp k n p eps", "(i < n)%nat", "(c < xrasp_width k p)%nat"],
        "thm26_xrasp_hard": ["xrasp_wt k p = true", "(i < n)%nat"],
        "thm26_xrasp_gaps": ["xrasp_wt k p = true"],
        "psum_sem": ["(b < c)%nat"],
        "psum_read": ["(i < n)%nat", "(1 <= c <= S i)%nat", "x i zq = INR c / (INR (S i) * INR n)", "x i ui = / INR (S i)", "(forall j : nat, (j < n)%nat -> x j kp1 = INR (S j) / INR n /\\ x j kp2 = (INR (S j) / INR n) ^ 2)"],
        "sq_read": ["(i < n)%nat", "x i a = IZR A / INR n", "x i one = 1", "(forall j : nat, (j < n)%nat -> x j kp1 = INR (S j) / INR n /\\ x j kp2 = (INR (S j) / INR n) ^ 2)"],
        "eq_read": ["(i < n)%nat", "x i a = IZR A / INR n", "x i one = 1", "x i invn = / INR n", "(forall j : nat, (j < n)%nat -> x j b = IZR (B j) / INR n /\\ x j sb = IZR (Sq j) / INR n ^ 2 /\\ x j kb = (if K j then 1 else 0) /\\ x j pos2 = INR (S j) / INR n ^ 2)"],
        "eq_top_match": ["(1 <= cnt)%nat", "(lo + cnt <= n)%nat", "(exists t : nat, (t < cnt)%nat /\\ K (lo + t)%nat = true /\\ B (lo + t)%nat = A)", "(forall t : nat, (t < cnt)%nat -> K (lo + t)%nat = true -> B (lo + t)%nat = A -> Sq (lo + t)%nat = (A * A)%Z)", "(forall t : nat, (t < cnt)%nat -> (2 * A * B (lo + t)%nat - Sq (lo + t)%nat <= A * A)%Z)", "(forall t : nat, (t < cnt)%nat -> B (lo + t)%nat <> A -> (2 * A * B (lo + t)%nat - Sq (lo + t)%nat <= A * A - 1)%Z)"]},
    coq_part="S-RASP beyond the fragments: selectors comparing integers by order (B_j <= A_i, B_j < A_i) for keys B that "
             "are not nondecreasing in j with steps of at most 1 within 1..n, or together with a Boolean condition on j "
             "(SRaspIntOrder.v proves the comparison alone for such keys: positions, prefix counts of Boolean sequences), and "
             "selectors comparing positions other than by parity, through integer equality or by order; rational sequences that are "
             "neither Boolean nor integers over n selected with a default, and the defaulted integer selection "
             "(isel_default) where a visible key B_j > n, or where a match exists and A_i <= 0, and as an integer-typed "
             "sequence that later integer operations read (it is real-typed); prefix sums of integer sequences not bounded "
             "by a constant.  Booleans from integers at one "
             "position ([c_i <= 1], hence [c_i = 0] and [c_i <= 0]) are operations since SRaspIntBool.v, and Dyck-k "
             "(Appendix E) is derived from these theorems (DyckSRaspThm.v, yang.dyck).",
    note="The compiled network reads only the position embeddings 1, (i+1)/n and [i odd] (bounded); its width is "
         "k + 3 + the number of operations; the integer fragment's network reads seven bounded embeddings (those three, "
         "1/n, 1/(i+1), ((i+1)/n)^2, (i+1)/n^2: ours, the paper's list for S-RASP was lost) and has width k + 7 + the "
         "number of operations, weights independent of n, gap 1/(2n^3) (its read-back and selection scores live on the "
         "grid 1/(2n^3)), so its Theorem 26 temperature is smaller than the Boolean fragment's.  The instance check runs the engine's flip-flop and induction networks, not the Coq compiler's.  "
         "The flip-flop's reference is FlipFlop.v's ff_out, the one of yang.section6-applications.  The induction "
         "heads' reference (ind, and ind_hops iterating it) reads [w_t = 0] at Induction.v's ih_find, but unlike "
         "ih_out without a found-gate: where no t >= 1 has w_(t-1) = w_i (always at i = 0) the selection's default "
         "reads w_i, where ih_out is 0 (ih_out_ind: ih_out = ih_found && ind; ih2_out_hops for two hops).",
)
