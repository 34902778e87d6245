(** * Seed 004, Theorems 12, 13, 15 and 16: LTL[Y, X, S, U] compiled into transformers
    (quarks/ltl/compile.py).

    A formula of LTL[Y, X, S, U] over letters 0..k-1 is compiled, as the Python compiler does it,
    into a network whose coefficients are rationals (a syntactic object [snet], compared with the
    Python network by [vm_compute] in tests/ltl/test_ltl_coq.py), read over R by [real_net] into
    Transformer.v's [list layer].  Every sub-formula gets its own coordinate holding its exact
    Boolean; Y (X) is a future- (past-) masked head attending to the rightmost (leftmost) position
    of the other parity, then a Lemma 9 rounding unit gated by the first (last) position, which is
    found by a uniform head over (-1)^j (Proposition 11); p S q (p U q) attends to the nearest
    position at or before (after) i where !p | q holds and reads q there.

    Proved for every formula, length n >= 1 and word: the hard network outputs exactly
    [w, i |= phi] (thm12_hard), every head is uniform or tieless with gap 1/n (thm12_gaps), so
    Theorem 26 puts the softmax network within eps of it (thm12_soft), and with eps = 1/4 Lemma 9's
    rounding recovers [w, i |= phi] exactly (thm12); the past fragment (Y, S) compiles to future
    masks only (thm13).  Variant: temperature (bounded PEs 1, (-1)^i, i/n; causal-temperature is
    the same network).  The invariant (node_ok) is proved once for every variant from four facts
    about its selection heads; for the unbounded variant (b) (scores c n times (a)'s) and the causal
    variant (c) on the past fragment (scores at i: (a)'s with n := i + 1, times c (i + 1)), every
    c > 0 and every n, the hard network is exact with gap c (thm12b_hard, thm12b_gaps, thm13c_hard)
    and Theorem 26 gives the soft statements at tau <= temp26 n c X (thm12b_soft, thm12b, thm13c);
    at tau = 1 that hypothesis forces c >= 2 ln(2 + 8 n (n - 1)) (tau1_needs_c), so tau = 1 with a
    fixed c is not proved here.

    The theory is split: [LTLSyntax] (LTL, the compiler), [LTLLevels] (running by levels),
    [LTLHeads] (the components), [LTLInvariant] (the compiler's invariant and its steps),
    [LTLNodes] (node_ok, compile_ok); this file holds the selection heads of the variants and
    Theorems 12 and 13, and re-exports the other five. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer.
From Quarks Require Export LTLSyntax LTLLevels LTLHeads LTLInvariant LTLNodes.
Import ListNotations.
Open Scope R_scope.

(** ** The selection heads of the temperature and unbounded variants *)

Lemma embed_pe (k : nat) (pe : list (nat -> nat -> R)) (n : nat) (w : nat -> nat) (j m : nat) :
  embed k pe n w j (k + m)%nat = nth m (map (fun f => f (S j) n) pe) 0.
Proof. unfold embed. replace (k + m <? k)%nat with false by (symmetry; apply Nat.ltb_ge; lia). do 2 f_equal. lia. Qed.

(** Every variant embeds 1, (-1)^i, i/n first. *)
Lemma pe_ok_agree (v : variant) (n kk : nat) (w : nat -> nat) (x : stream) : pe_agree n w kk v x -> pe_ok n kk x.
Proof.
intros H j Hj. pose proof (pes_len v).
rewrite !(H j) by (assumption || (unfold c_one, c_alt, c_frac; lia)).
unfold x0, c_one, c_alt, c_frac.
replace (embed kk (pes v) n w j kk) with (embed kk (pes v) n w j (kk + 0)%nat) by (f_equal; lia).
rewrite !embed_pe. destruct v; simpl; unfold pe_one, pe_alt, pe_frac; repeat split; reflexivity.
Qed.

Lemma temp_heads (n kk : nat) (w : nat -> nat) (cq : Q) : (1 <= n)%nat ->
  Y_ok n w kk VTemperature cq (/ INR n) /\ X_ok n w kk VTemperature cq (/ INR n) /\
  S_ok n w kk VTemperature cq (/ INR n) /\ U_ok n w kk VTemperature cq (/ INR n).
Proof.
intros Hn. split; [|split; [|split]].
- intros att a x Hx. exact (head_Y n kk att a x Hn (pe_ok_agree _ _ _ _ _ Hx)).
- intros att a x Hx. exact (head_X n kk att a x Hn (pe_ok_agree _ _ _ _ _ Hx)).
- intros att b s x B Hx HB. exact (head_S n kk att b s x B Hn (pe_ok_agree _ _ _ _ _ Hx) HB).
- intros att b s x B Hx HB. exact (head_U n kk att b s x B Hn (pe_ok_agree _ _ _ _ _ Hx) HB).
Qed.

(** Hard attention does not see a positive scaling of the scores: a tieless head with gap g
    stays tieless with gap c g and reads the same value. *)
Lemma scaled_head (n : nat) (h h' : head) (x : stream) (c g : R) : 0 < c -> 0 < g ->
  h_val h' = h_val h -> h_mask h' = h_mask h ->
  (forall i j, (i < n)%nat -> (j < n)%nat -> score h' x i j = c * score h x i j) -> tieless n g h x ->
  tieless n (c * g) h' x /\ forall i, (i < n)%nat -> head_out hard_w n h' x i = head_out hard_w n h x i.
Proof.
intros Hc Hg Hv Hm Hs Ht.
assert (G : forall i, (i < n)%nat -> exists t, (t < vis_cnt (h_mask h) n i)%nat /\
  (forall k, (k < vis_cnt (h_mask h) n i)%nat -> k <> t ->
     score h x i (vis_lo (h_mask h) i + k) <= score h x i (vis_lo (h_mask h) i + t) - g) /\
  (forall k, (k < vis_cnt (h_mask h') n i)%nat -> k <> t ->
     score h' x i (vis_lo (h_mask h') i + k) <= score h' x i (vis_lo (h_mask h') i + t) - c * g)).
{ intros i Hi. destruct (Ht i Hi) as [t [Htc Hgap]]. exists t. split; [exact Htc|split; [exact Hgap|]].
  rewrite Hm. intros k Hk Hne. rewrite !Hs by (exact Hi || (apply vis_range; assumption)).
  specialize (Hgap k Hk Hne). nra. }
split.
- intros i Hi. destruct (G i Hi) as [t [Htc [_ G2]]]. exists t. split; [rewrite Hm; exact Htc|exact G2].
- intros i Hi. destruct (G i Hi) as [t [Htc [G1 G2]]].
  rewrite (head_out_at n h x i t g Hg Htc G1).
  rewrite (head_out_at n h' x i t (c * g) ltac:(nra) ltac:(rewrite Hm; exact Htc) G2), Hv, Hm. reflexivity.
Qed.

Lemma unb_pe (n kk : nat) (w : nat -> nat) (x : stream) (j : nat) : pe_agree n w kk VUnbounded x -> (j < n)%nat ->
  x j (c_one kk) = 1 /\ x j (c_alt kk) = (-1) ^ S j /\ x j (c_pos kk) = INR (S j) /\
  x j (c_len kk) = INR n /\ x j (c_alt_len kk) = (-1) ^ S j * INR n.
Proof.
intros H Hj. rewrite !(H j) by (assumption || (simpl; unfold c_one, c_alt, c_pos, c_len, c_alt_len; lia)).
unfold x0, c_one, c_alt, c_pos, c_len, c_alt_len.
replace (embed kk (pes VUnbounded) n w j kk) with (embed kk (pes VUnbounded) n w j (kk + 0)%nat) by (f_equal; lia).
rewrite !embed_pe. simpl. unfold pe_one, pe_alt, pe_pos, pe_len, pe_alt_len. repeat split; reflexivity.
Qed.

Lemma Q2R_2 : Q2R 2 = 2.
Proof. unfold Q2R. simpl. field. Qed.

(** Variant (b) multiplies every selection score by c n (the embeddings n, (-1)^i n, i). *)
Lemma unb_score_sel (n kk att a : nat) (w : nat -> nat) (cq : Q) (m : mask) (s : Q) (x : stream) (i j : nat) :
  (1 <= n)%nat -> pe_agree n w kk VUnbounded x -> (i < n)%nat -> (j < n)%nat ->
  score (real_head (vhead kk VUnbounded cq att a m s)) x i j = Q2R cq * INR n * score (real_head (sel_head kk att a m s)) x i j.
Proof.
intros Hn Hx Hi Hj. rewrite (sel_score n kk) by (assumption || apply (pe_ok_agree _ _ _ _ _ Hx)).
destruct (unb_pe n kk w x i Hx Hi) as [Oi [Ai [Pi [Li ALi]]]].
destruct (unb_pe n kk w x j Hx Hj) as [Oj [Aj [Pj [Lj ALj]]]].
unfold score. cbn [real_head vhead parity_term tie temperature_b h_terms sh_terms map lsum fst snd].
rewrite Oi, ALi, Aj, Pj, Q2R_opp, Q2R_mult. field. apply not_0_INR. lia.
Qed.

Lemma unb_score_su (n kk att b s : nat) (w : nat -> nat) (cq : Q) (m : mask) (sign : Q) (x : stream) (i j : nat) :
  (1 <= n)%nat -> pe_agree n w kk VUnbounded x -> (i < n)%nat -> (j < n)%nat ->
  score (real_head (vsu_head kk VUnbounded cq att b s m sign)) x i j = Q2R cq * INR n * score (real_head (su_head kk att b s m sign)) x i j.
Proof.
intros Hn Hx Hi Hj. rewrite (su_score n kk) by (assumption || apply (pe_ok_agree _ _ _ _ _ Hx)).
destruct (unb_pe n kk w x i Hx Hi) as [Oi [Ai [Pi [Li ALi]]]].
destruct (unb_pe n kk w x j Hx Hj) as [Oj [Aj [Pj [Lj ALj]]]].
unfold score. cbn [real_head vsu_head stop_term tie temperature_b h_terms sh_terms map lsum fst snd].
rewrite Oi, Li, Pj, !Q2R_mult, Q2R_2. field. apply not_0_INR. lia.
Qed.

(** Variant (b): the same heads, tieless with the fixed gap c n * (1/n) = c. *)
Lemma unb_heads (n kk : nat) (w : nat -> nat) (cq : Q) : (1 <= n)%nat -> 0 < Q2R cq ->
  Y_ok n w kk VUnbounded cq (Q2R cq) /\ X_ok n w kk VUnbounded cq (Q2R cq) /\
  S_ok n w kk VUnbounded cq (Q2R cq) /\ U_ok n w kk VUnbounded cq (Q2R cq).
Proof.
intros Hn Hc. destruct (inv_n n Hn) as [Hr _]. pose proof (inv_n_mul n Hn) as Hnr.
assert (Hcn : 0 < Q2R cq * INR n) by (apply Rmult_lt_0_compat; [exact Hc|apply lt_0_INR; lia]).
assert (Eg : Q2R cq * INR n * / INR n = Q2R cq) by (rewrite Rmult_assoc, Hnr; ring).
split; [|split; [|split]].
- intros att a x Hx. destruct (head_Y n kk att a x Hn (pe_ok_agree _ _ _ _ _ Hx)) as [T O].
  destruct (scaled_head n (real_head (sel_head kk att a Future 1)) (real_head (vhead kk VUnbounded cq att a Future 1)) x _ _ Hcn Hr eq_refl eq_refl
              (fun i j Hi Hj => unb_score_sel n kk att a w cq Future 1 x i j Hn Hx Hi Hj) T) as [T' O'].
  rewrite Eg in T'. split; [exact T'|]. intros i Hi. rewrite O', O by exact Hi. reflexivity.
- intros att a x Hx. destruct (head_X n kk att a x Hn (pe_ok_agree _ _ _ _ _ Hx)) as [T O].
  destruct (scaled_head n (real_head (sel_head kk att a Past (-1))) (real_head (vhead kk VUnbounded cq att a Past (-1))) x _ _ Hcn Hr eq_refl eq_refl
              (fun i j Hi Hj => unb_score_sel n kk att a w cq Past (-1) x i j Hn Hx Hi Hj) T) as [T' O'].
  rewrite Eg in T'. split; [exact T'|]. intros i Hi. rewrite O', O by exact Hi. reflexivity.
- intros att b s x B Hx HB. destruct (head_S n kk att b s x B Hn (pe_ok_agree _ _ _ _ _ Hx) HB) as [T O].
  destruct (scaled_head n (real_head (su_head kk att b s Future 1)) (real_head (vsu_head kk VUnbounded cq att b s Future 1)) x _ _ Hcn Hr eq_refl eq_refl
              (fun i j Hi Hj => unb_score_su n kk att b s w cq Future 1 x i j Hn Hx Hi Hj) T) as [T' O'].
  rewrite Eg in T'. split; [exact T'|]. intros i Hi. rewrite O', O by exact Hi. reflexivity.
- intros att b s x B Hx HB. destruct (head_U n kk att b s x B Hn (pe_ok_agree _ _ _ _ _ Hx) HB) as [T O].
  destruct (scaled_head n (real_head (su_head kk att b s Past (-1))) (real_head (vsu_head kk VUnbounded cq att b s Past (-1))) x _ _ Hcn Hr eq_refl eq_refl
              (fun i j Hi Hj => unb_score_su n kk att b s w cq Past (-1) x i j Hn Hx Hi Hj) T) as [T' O'].
  rewrite Eg in T'. split; [exact T'|]. intros i Hi. rewrite O', O by exact Hi. reflexivity.
Qed.

Lemma x0_bounded (n : nat) (w : nat -> nat) (kk : nat) : (1 <= n)%nat -> bounded n 1 (x0 n w kk VTemperature).
Proof.
intros Hn. replace 1 with (Rmax 1 1) by (unfold Rmax; destruct (Rle_dec 1 1); lra). apply embed_bounded.
intros f i Hf Hi. simpl in Hf. destruct Hf as [<-|[<-|[<-|[]]]]; unfold pe_one, pe_alt, pe_frac.
- rewrite Rabs_R1. lra.
- rewrite pow_m1. destruct (Nat.even (S i)); unfold Rabs; destruct (Rcase_abs _); lra.
- assert (0 < INR n) by (apply lt_0_INR; lia). assert (0 < INR (S i)) by (apply lt_0_INR; lia).
  assert (INR (S i) <= INR n) by (apply le_INR; lia).
  rewrite Rabs_pos_eq by (apply Rlt_le, Rdiv_lt_0_compat; lra). apply (Rmult_le_reg_r (INR n)); [lra|].
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

(** ** Theorems 12 and 13 *)

(** Our Theorem 12 (a) (and 15 (a), Corollary 17), the hard network: for every formula of
    LTL[Y, X, S, U] over letters < k, every
    length n >= 1, word w and position i < n, the compiled network run with hard attention on the
    embedding of w (letters, 1, (-1)^i, i/n) outputs exactly [w, i |= p]. *)
Theorem thm12_hard (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  hard_run n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i (snd (compile k VTemperature cq p))
  = B2R (sat n w p i).
Proof.
intros Hl Hn Hi. destruct (temp_heads n k w cq Hn) as [HY [HX [HS HU]]].
apply (compile_ok n w k VTemperature cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl), Hi.
Qed.

(** Theorem 12 (b): every head of the compiled network is uniform or tieless with gap 1/n, at
    every layer of the hard run (the hypothesis of Theorem 26). *)
Theorem thm12_gaps (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) :
  letters_below k p = true -> (1 <= n)%nat ->
  gaps_ok n (/ INR n) (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w).
Proof.
intros Hl Hn. destruct (temp_heads n k w cq Hn) as [HY [HX [HS HU]]].
apply (compile_ok n w k VTemperature cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl).
Qed.

(** Theorem 12 (b), soft: by Theorem 26 (with Lemma 29's X from the bound 1 of the embedding), at
    every temperature 0 < tau <= temp26 n (1/n) X eps the softmax network is within eps of
    [w, i |= p]. *)
Theorem thm12_soft (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (eps tau : R) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < eps -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X (real_net (fst (compile k VTemperature cq p))) 1) eps (real_net (fst (compile k VTemperature cq p))) ->
  (i < n)%nat ->
  Rabs (soft_run tau n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i (snd (compile k VTemperature cq p))
        - B2R (sat n w p i)) <= eps.
Proof.
intros Hl Hn He Ht Hle Hi. destruct (temp_heads n k w cq Hn) as [HY [HX [HS HU]]].
destruct (compile_ok n w k VTemperature cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl) as [Hh Hg].
rewrite <- (Hh i Hi). apply (thm26_closed n _ (x0 n w k VTemperature) (/ INR n) 1 eps tau); try assumption.
- apply Rinv_0_lt_compat, lt_0_INR. lia.
- lra.
- apply x0_bounded. exact Hn.
Qed.

(** Our Theorem 12 (c): at tau <= temp26 n (1/n) X (1/4) the softmax network followed by Lemma 9's
    rounding outputs exactly [w, i |= p]. *)
Theorem thm12 (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (tau : R) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X (real_net (fst (compile k VTemperature cq p))) 1) (1 / 4) (real_net (fst (compile k VTemperature cq p))) ->
  (i < n)%nat ->
  round01 (soft_run tau n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i (snd (compile k VTemperature cq p)))
  = B2R (sat n w p i).
Proof.
intros Hl Hn Ht Hle Hi. pose proof (thm12_soft k cq p n w (1 / 4) tau i Hl Hn ltac:(lra) Ht Hle Hi) as H.
match type of H with Rabs ?z <= _ => pose proof (Rle_abs z); pose proof (Rle_abs (- z)) end.
rewrite Rabs_Ropp in H1. revert H H0 H1. unfold B2R. destruct (sat n w p i); intros;
  first [apply lemma9_high; lra | apply lemma9_low; lra].
Qed.

(** ** Variant (b): unbounded embeddings, tau = 1 *)

(** The embedding of every variant is bounded by n (its largest entries are i, n, (-1)^i n). *)
Lemma x0_bounded_n (n : nat) (w : nat -> nat) (kk : nat) (v : variant) : (1 <= n)%nat -> bounded n (INR n) (x0 n w kk v).
Proof.
intros Hn. assert (H1 : 1 <= INR n) by (replace 1 with (INR 1) by reflexivity; apply le_INR, Hn).
replace (INR n) with (Rmax 1 (INR n)) by (apply Rmax_right, H1). apply embed_bounded.
intros f i Hf Hi. assert (Hs : INR (S i) <= INR n) by (apply le_INR; lia). assert (0 < INR (S i)) by (apply lt_0_INR; lia).
assert (Ha : forall m, Rabs ((-1) ^ m) = 1) by (intros m; rewrite pow_m1; destruct (Nat.even m); unfold Rabs; destruct (Rcase_abs _); lra).
assert (Hfr : Rabs (INR (S i) / INR n) <= INR n).
{ rewrite Rabs_pos_eq by (apply Rlt_le, Rdiv_lt_0_compat; lra). apply Rle_trans with 1; [|exact H1].
  apply (Rmult_le_reg_r (INR n)); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
destruct v; simpl in Hf; repeat destruct Hf as [<-|Hf]; try contradiction;
  unfold pe_one, pe_alt, pe_frac, pe_pos, pe_len, pe_alt_len, pe_alt_pos; rewrite ?Rabs_mult, ?Ha, ?Rabs_R1;
  try exact Hfr; rewrite ?Rabs_pos_eq by apply pos_INR; lra.
Qed.

(** Our Theorem 12 (b) (and 15 (b), Corollary 17 (b)), the hard network: with the unbounded
    embeddings (letters, 1, (-1)^i, i/n, i, n, (-1)^i n, (-1)^i i) and any c > 0, the compiled
    network run with hard attention outputs exactly [w, i |= p]: its scores are those of
    variant (a) times c n, which hard attention does not see. *)
Theorem thm12b_hard (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < Q2R cq -> (i < n)%nat ->
  hard_run n (real_net (fst (compile k VUnbounded cq p))) (embed k (pes VUnbounded) n w) i (snd (compile k VUnbounded cq p))
  = B2R (sat n w p i).
Proof.
intros Hl Hn Hc Hi. destruct (unb_heads n k w cq Hn Hc) as [HY [HX [HS HU]]].
apply (compile_ok n w k VUnbounded cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl), Hi.
Qed.

(** Every head of the variant (b) network is uniform or tieless with the gap c, for every n. *)
Theorem thm12b_gaps (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < Q2R cq ->
  gaps_ok n (Q2R cq) (real_net (fst (compile k VUnbounded cq p))) (embed k (pes VUnbounded) n w).
Proof.
intros Hl Hn Hc. destruct (unb_heads n k w cq Hn Hc) as [HY [HX [HS HU]]].
apply (compile_ok n w k VUnbounded cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl).
Qed.

(** Variant (b), soft: Theorem 26 with the gap c and Lemma 29's X from the bound n of the
    embedding.  At tau = 1 its hypothesis reads 1 <= temp26 n c X eps, i.e.
    c >= 2 ln(2 + (n - 1) B K) with B, K growing with n: this route needs c to grow with n. *)
Theorem thm12b_soft (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (eps tau : R) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < Q2R cq -> 0 < eps -> 0 < tau ->
  tau <= temp26 n (Q2R cq) (net_X (real_net (fst (compile k VUnbounded cq p))) (INR n)) eps (real_net (fst (compile k VUnbounded cq p))) ->
  (i < n)%nat ->
  Rabs (soft_run tau n (real_net (fst (compile k VUnbounded cq p))) (embed k (pes VUnbounded) n w) i (snd (compile k VUnbounded cq p))
        - B2R (sat n w p i)) <= eps.
Proof.
intros Hl Hn Hc He Ht Hle Hi. destruct (unb_heads n k w cq Hn Hc) as [HY [HX [HS HU]]].
destruct (compile_ok n w k VUnbounded cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl) as [Hh Hg].
rewrite <- (Hh i Hi). apply (thm26_closed n _ (x0 n w k VUnbounded) (Q2R cq) (INR n) eps tau); try assumption.
- apply pos_INR.
- apply x0_bounded_n. exact Hn.
Qed.

Lemma round_quarter (z : R) (b : bool) : Rabs (z - B2R b) <= 1 / 4 -> round01 z = B2R b.
Proof.
intros H. pose proof (Rle_abs (z - B2R b)). pose proof (Rle_abs (- (z - B2R b))).
rewrite Rabs_Ropp in H1. revert H H0 H1. unfold B2R. destruct b; intros;
  first [apply lemma9_high; lra | apply lemma9_low; lra].
Qed.

(** Variant (b) after Lemma 9's rounding: exactly [w, i |= p] (eps = 1/4). *)
Theorem thm12b (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (tau : R) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < Q2R cq -> 0 < tau ->
  tau <= temp26 n (Q2R cq) (net_X (real_net (fst (compile k VUnbounded cq p))) (INR n)) (1 / 4) (real_net (fst (compile k VUnbounded cq p))) ->
  (i < n)%nat ->
  round01 (soft_run tau n (real_net (fst (compile k VUnbounded cq p))) (embed k (pes VUnbounded) n w) i (snd (compile k VUnbounded cq p)))
  = B2R (sat n w p i).
Proof.
intros Hl Hn Hc Ht Hle Hi. apply round_quarter. apply (thm12b_soft k cq p n w (1 / 4) tau i); try assumption. lra.
Qed.

(** ** Variant (c): embeddings i, (-1)^i i, future masks, tau = 1 *)

Lemma caus_pe (n kk : nat) (w : nat -> nat) (x : stream) (j : nat) : pe_agree n w kk VCausal x -> (j < n)%nat ->
  x j (c_one kk) = 1 /\ x j (c_alt kk) = (-1) ^ S j /\ x j (c_pos kk) = INR (S j) /\
  x j (c_alt_pos kk) = (-1) ^ S j * INR (S j).
Proof.
intros H Hj. rewrite !(H j) by (assumption || (simpl; unfold c_one, c_alt, c_pos, c_alt_pos; lia)).
unfold x0, c_one, c_alt, c_pos, c_alt_pos.
replace (embed kk (pes VCausal) n w j kk) with (embed kk (pes VCausal) n w j (kk + 0)%nat) by (f_equal; lia).
rewrite !embed_pe. simpl. unfold pe_one, pe_alt, pe_pos, pe_alt_pos. repeat split; reflexivity.
Qed.

(** Variant (c) multiplies the scores of position i by c (i + 1): they are variant (a)'s with
    the length n replaced by i + 1, which is what a future-masked head at i needs. *)
Lemma caus_score_Y (n kk att a : nat) (w : nat -> nat) (cq : Q) (x : stream) (i j : nat) :
  pe_agree n w kk VCausal x -> (i < n)%nat -> (j < n)%nat ->
  score (real_head (vhead kk VCausal cq att a Future 1)) x i j
  = Q2R cq * INR (S i) * (- ((-1) ^ S i * (-1) ^ S j) + INR (S j) / INR (S i)).
Proof.
intros Hx Hi Hj.
destruct (caus_pe n kk w x i Hx Hi) as [Oi [Ai [Pi APi]]].
destruct (caus_pe n kk w x j Hx Hj) as [Oj [Aj [Pj APj]]].
unfold score. cbn [real_head vhead parity_term tie temperature_b h_terms sh_terms map lsum fst snd].
rewrite Oi, APi, Aj, Pj, Q2R_opp, Q2R_mult. replace (Q2R 1) with 1 by (unfold Q2R; simpl; field).
field. apply not_0_INR. lia.
Qed.

Lemma caus_score_S (n kk att b s : nat) (w : nat -> nat) (cq : Q) (x : stream) (i j : nat) :
  pe_agree n w kk VCausal x -> (i < n)%nat -> (j < n)%nat ->
  score (real_head (vsu_head kk VCausal cq att b s Future 1)) x i j
  = Q2R cq * INR (S i) * (2 * x j s + INR (S j) / INR (S i)).
Proof.
intros Hx Hi Hj.
destruct (caus_pe n kk w x i Hx Hi) as [Oi [Ai [Pi APi]]].
destruct (caus_pe n kk w x j Hx Hj) as [Oj [Aj [Pj APj]]].
unfold score. cbn [real_head vsu_head stop_term tie temperature_b h_terms sh_terms map lsum fst snd].
rewrite Oi, Pi, Pj, !Q2R_mult, Q2R_2. replace (Q2R 1) with 1 by (unfold Q2R; simpl; field).
field. apply not_0_INR. lia.
Qed.

Lemma scale_gap (c N a b : R) : 0 < c -> 0 < N -> a <= b - / N -> c * N * a <= c * N * b - c.
Proof.
intros Hc HN H. apply Rle_trans with (c * N * (b - / N)); [apply Rmult_le_compat_l; [nra|exact H]|].
right. field. lra.
Qed.

(** Variant (c): the future-masked Y and S heads are tieless with the fixed gap c (for every n). *)
Lemma caus_heads (n kk : nat) (w : nat -> nat) (cq : Q) : 0 < Q2R cq ->
  Y_ok n w kk VCausal cq (Q2R cq) /\ S_ok n w kk VCausal cq (Q2R cq).
Proof.
intros Hc. split.
- intros att a x Hx.
  assert (G : forall i, (i < n)%nat -> forall k, (k < S i)%nat -> k <> (i - 1)%nat ->
    score (real_head (vhead kk VCausal cq att a Future 1)) x i (0 + k)
    <= score (real_head (vhead kk VCausal cq att a Future 1)) x i (0 + (i - 1)) - Q2R cq).
  { intros i Hi k Hk Hne. simpl (0 + _)%nat. rewrite !(caus_score_Y n kk att a w cq x i) by (assumption || lia).
    apply scale_gap; [exact Hc|apply lt_0_INR; lia|]. apply (Y_arith (S i) i k); lia || assumption. }
  split.
  + intros i Hi. exists (i - 1)%nat. split; [simpl; lia|]. intros k Hk Hne. apply G; assumption.
  + intros i Hi. rewrite (head_out_at n _ x i (i - 1) (Q2R cq) Hc); [reflexivity|simpl; lia|].
    intros k Hk Hne. apply G; assumption.
- intros att b s x B Hx HB.
  assert (Ht : forall i, (topS B i <= i)%nat) by (intros i; unfold topS; destruct (rm B i) eqn:E; [apply (rm_some B i n0 E)|lia]).
  assert (G : forall i, (i < n)%nat -> forall k, (k < S i)%nat -> k <> topS B i ->
    score (real_head (vsu_head kk VCausal cq att b s Future 1)) x i (0 + k)
    <= score (real_head (vsu_head kk VCausal cq att b s Future 1)) x i (0 + topS B i) - Q2R cq).
  { intros i Hi k Hk Hne. simpl (0 + _)%nat. specialize (Ht i).
    rewrite !(caus_score_S n kk att b s w cq x i) by (assumption || lia).
    apply scale_gap; [exact Hc|apply lt_0_INR; lia|].
    apply (S_arith (S i) i (fun j => x j s) B); try lia; try assumption. intros j Hj. apply HB. lia. }
  split.
  + intros i Hi. exists (topS B i). split; [simpl; specialize (Ht i); lia|]. intros k Hk Hne. apply G; assumption.
  + intros i Hi. rewrite (head_out_at n _ x i (topS B i) (Q2R cq) Hc); [reflexivity|simpl; specialize (Ht i); lia|].
    intros k Hk Hne. apply G; assumption.
Qed.

(** Theorems 13 and 16: a formula of the past fragment LTL[Y, S] compiles to a network whose heads are all
    future-masked (a decoder), so Theorem 12's statements are about a future-masked network. *)
Definition future_net (Ls : snet) : Prop := Forall (fun L => Forall (fun h => sh_mask h = Future) (sl_heads L)) Ls.

Lemma at_layer_Forall (P : slayer -> Prop) (l : nat) (f : slayer -> slayer) (Ls : snet) :
  P empty_layer -> (forall L, P L -> P (f L)) -> Forall P Ls -> Forall P (at_layer l f Ls).
Proof.
intros He Hf. revert Ls. induction l as [|l IH]; intros [|L Ls] H; simpl.
- constructor; [apply Hf, He|constructor].
- inversion H. constructor; [apply Hf; assumption|assumption].
- constructor; [exact He|apply IH; constructor].
- inversion H. constructor; [assumption|apply IH; assumption].
Qed.

Lemma future_unit (l : nat) (u : sunit) (Ls : snet) : future_net Ls -> future_net (at_layer l (push_unit u) Ls).
Proof. apply at_layer_Forall; [constructor|intros L H; exact H]. Qed.

Lemma future_head (l : nat) (h : shead) (Ls : snet) : sh_mask h = Future -> future_net Ls -> future_net (at_layer l (push_head h) Ls).
Proof.
intros Hm. apply at_layer_Forall; [constructor|]. intros L H. unfold push_head. simpl.
apply Forall_app. split; [exact H|constructor; [exact Hm|constructor]].
Qed.

Lemma stop_future (k : nat) (p q : ltl) (a b s : nat) (st st' : cstate) :
  future_net (cs_layers st) -> stop_node k p q a b st = (s, st') -> future_net (cs_layers st').
Proof.
intros Hf E. unfold stop_node in E. destruct (lookup ltl_eqb (LOr (LNot p) q) (cs_memo st)); [inversion E; subst; exact Hf|].
destruct (lookup ltl_eqb (LNot p) (cs_memo st)).
- unfold unit_node in E. inversion E. subst. cbn [cs_layers remember add_unit bump]. apply future_unit, Hf.
- unfold unit_node in E. inversion E. subst. cbn [cs_layers remember add_unit bump]. apply future_unit, future_unit, Hf.
Qed.

Lemma node_future (k : nat) (v : variant) (cq : Q) (p : ltl) : forall (st : cstate) (c : nat) (st' : cstate),
  past p = true -> future_net (cs_layers st) -> node k v cq p st = (c, st') -> future_net (cs_layers st').
Proof.
induction p as [a|b|p IH|p IHp q IHq|p IHp q IHq|p IH|p IH|p IHp q IHq|p IHp q IHq]; intros st c st' Hp Hf E;
  cbn [node] in E; destruct (lookup ltl_eqb _ (cs_memo st)) as [c0|] eqn:Em;
  try (inversion E; subst; exact Hf); simpl in Hp.
- unfold unit_node in E. inversion E. subst. cbn [cs_layers remember add_unit add_head bump]. apply future_unit, Hf.
- destruct (node k v cq p st) as [a st1] eqn:Ea. unfold unit_node in E. inversion E. subst.
  apply future_unit, (IH st a st1 Hp Hf Ea).
- apply andb_true_iff in Hp. destruct Hp as [H1 H2].
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (node k v cq q st1) as [b st2] eqn:Eb.
  unfold unit_node in E. inversion E. subst. cbn [cs_layers remember add_unit add_head bump]. apply future_unit, (IHq st1 b st2 H2 (IHp st a st1 H1 Hf Ea) Eb).
- apply andb_true_iff in Hp. destruct Hp as [H1 H2].
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (node k v cq q st1) as [b st2] eqn:Eb.
  unfold unit_node in E. inversion E. subst. cbn [cs_layers remember add_unit add_head bump]. apply future_unit, (IHq st1 b st2 H2 (IHp st a st1 H1 Hf Ea) Eb).
- destruct (node k v cq p st) as [a st1] eqn:Ea. unfold select in E. inversion E. subst. cbn [cs_layers remember add_unit add_head bump].
  apply future_unit, future_head; [reflexivity|]. pose proof (IH st a st1 Hp Hf Ea) as H1.
  unfold first. destruct (cs_first st1); [exact H1|]. cbn [cs_layers set_first add_unit add_head]. apply future_unit, future_head; [reflexivity|exact H1].
- discriminate.
- apply andb_true_iff in Hp. destruct Hp as [H1 H2].
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (node k v cq q st1) as [b st2] eqn:Eb.
  destruct (stop_node k p q a b st2) as [s st3] eqn:Es. unfold select_su in E. inversion E. subst.
  cbn [cs_layers remember add_unit add_head bump]. apply future_unit, future_head; [reflexivity|].
  exact (stop_future k p q a b s st2 st3 (IHq st1 b st2 H2 (IHp st a st1 H1 Hf Ea) Eb) Es).
- discriminate.
Qed.

Theorem thm13_future (k : nat) (cq : Q) (p : ltl) : past p = true -> future_net (fst (compile k VTemperature cq p)).
Proof.
intros Hp. unfold compile. destruct (node k VTemperature cq p init_state) as [c st] eqn:E. cbn [fst].
apply at_layer_Forall; [constructor|intros L H; exact H|]. apply (node_future k VTemperature cq p init_state c st Hp); [constructor|exact E].
Qed.

(** The causal-temperature variant compiles to the same network (the same scores and ties). *)
Lemma node_causal_temperature (k : nat) (cq : Q) (p : ltl) : forall st,
  node k VCausalTemperature cq p st = node k VTemperature cq p st.
Proof.
induction p as [a|b|p IH|p IHp q IHq|p IHp q IHq|p IH|p IH|p IHp q IHq|p IHp q IHq]; intros st; cbn [node];
  destruct (lookup ltl_eqb _ (cs_memo st)); try reflexivity;
  first [rewrite IH; destruct (node k VTemperature cq p st); reflexivity
        |rewrite IHp; destruct (node k VTemperature cq p st) as [a st1]; rewrite IHq; reflexivity].
Qed.

Lemma compile_causal_temperature (k : nat) (cq : Q) (p : ltl) :
  compile k VCausalTemperature cq p = compile k VTemperature cq p.
Proof. unfold compile. rewrite node_causal_temperature. reflexivity. Qed.

(** Our Theorems 13 (d) and 16 (d) (Corollary 18): every formula of LTL[Y, S] is computed by the
    future-masked network of the
    causal-temperature variant: hard exactly, and soft followed by rounding exactly at
    tau <= temp26 n (1/n) X (1/4). *)
Theorem thm13 (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (tau : R) :
  past p = true -> letters_below k p = true -> (1 <= n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X (real_net (fst (compile k VCausalTemperature cq p))) 1) (1 / 4) (real_net (fst (compile k VCausalTemperature cq p))) ->
  future_net (fst (compile k VCausalTemperature cq p)) /\
  forall i, (i < n)%nat ->
    hard_run n (real_net (fst (compile k VCausalTemperature cq p))) (embed k (pes VCausalTemperature) n w) i (snd (compile k VCausalTemperature cq p)) = B2R (sat n w p i) /\
    round01 (soft_run tau n (real_net (fst (compile k VCausalTemperature cq p))) (embed k (pes VCausalTemperature) n w) i (snd (compile k VCausalTemperature cq p)))
    = B2R (sat n w p i).
Proof.
rewrite compile_causal_temperature. intros Hp Hl Hn Ht Hle. split; [apply thm13_future, Hp|]. intros i Hi. split.
- apply thm12_hard; assumption.
- apply thm12; assumption.
Qed.

(** ** Theorem 13 (c): the causal variant (embeddings 1, (-1)^i, i/n, i, n, (-1)^i n, (-1)^i i; its
    scores use only i and (-1)^i i, so no score depends on n) *)

Lemma compile_future (k : nat) (v : variant) (cq : Q) (p : ltl) : past p = true -> future_net (fst (compile k v cq p)).
Proof.
intros Hp. unfold compile. destruct (node k v cq p init_state) as [c st] eqn:E. cbn [fst].
apply at_layer_Forall; [constructor|intros L H; exact H|]. apply (node_future k v cq p init_state c st Hp); [constructor|exact E].
Qed.

Lemma caus_ok (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) :
  past p = true -> letters_below k p = true -> (0 < Q2R cq) ->
  (forall i, (i < n)%nat -> hard_run n (real_net (fst (compile k VCausal cq p))) (x0 n w k VCausal) i (snd (compile k VCausal cq p))
                            = B2R (sat n w p i)) /\
  gaps_ok n (Q2R cq) (real_net (fst (compile k VCausal cq p))) (x0 n w k VCausal).
Proof.
intros Hp Hl Hc. destruct (caus_heads n k w cq Hc) as [HY HS].
exact (compile_ok n w k VCausal cq _ false HY (fun E => False_rect _ (diff_false_true E)) HS
         (fun E => False_rect _ (diff_false_true E)) p Hl Hp).
Qed.

(** Our Theorem 13 (c) (and 16 (c), Corollary 18 (c)), the hard network: every formula of
    LTL[Y, S] compiles, in the causal variant with any c > 0, to a future-masked network whose
    hard run outputs exactly [w, i |= p], and every head is uniform or tieless with the gap c. *)
Theorem thm13c_hard (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) :
  past p = true -> letters_below k p = true -> 0 < Q2R cq ->
  future_net (fst (compile k VCausal cq p)) /\
  gaps_ok n (Q2R cq) (real_net (fst (compile k VCausal cq p))) (embed k (pes VCausal) n w) /\
  forall i, (i < n)%nat ->
    hard_run n (real_net (fst (compile k VCausal cq p))) (embed k (pes VCausal) n w) i (snd (compile k VCausal cq p))
    = B2R (sat n w p i).
Proof.
intros Hp Hl Hc. destruct (caus_ok k cq p n w Hp Hl Hc) as [Hh Hg].
split; [apply compile_future, Hp|split; [exact Hg|exact Hh]].
Qed.

(** Variant (c), soft, through Theorem 26 (gap c, X from the bound n of the embedding): the
    same hypothesis on tau as in variant (b), so at tau = 1 it again asks c to grow with n. *)
Theorem thm13c (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (tau : R) (i : nat) :
  past p = true -> letters_below k p = true -> (1 <= n)%nat -> 0 < Q2R cq -> 0 < tau ->
  tau <= temp26 n (Q2R cq) (net_X (real_net (fst (compile k VCausal cq p))) (INR n)) (1 / 4) (real_net (fst (compile k VCausal cq p))) ->
  (i < n)%nat ->
  round01 (soft_run tau n (real_net (fst (compile k VCausal cq p))) (embed k (pes VCausal) n w) i (snd (compile k VCausal cq p)))
  = B2R (sat n w p i).
Proof.
intros Hp Hl Hn Hc Ht Hle Hi. destruct (caus_ok k cq p n w Hp Hl Hc) as [Hh Hg].
apply round_quarter. rewrite <- (Hh i Hi).
apply (thm26_closed n _ (x0 n w k VCausal) (Q2R cq) (INR n) (1 / 4) tau); try assumption; try lra.
- apply pos_INR.
- apply x0_bounded_n. exact Hn.
Qed.

(** ** Why Theorem 26 does not reach tau = 1 with a fixed c (variants (b), (c)) *)

Lemma layer_err_head (X u : R) (L : layer) (delta : R) : 0 <= X -> 0 <= u -> 0 <= delta -> l_heads L <> [] ->
  2 * X * u <= layer_err X u L delta.
Proof.
intros HX Hu Hd HL. unfold layer_err. pose proof (layer_lip_nonneg L).
assert (1 <= INR (length (l_heads L))).
{ destruct (l_heads L) as [|h hs]; [congruence|]. simpl length. rewrite S_INR. pose proof (pos_INR (length hs)). lra. }
assert (0 <= 2 * X * u) by (apply Rmult_le_pos; lra).
assert (delta + 2 * X * u <= INR (length (l_heads L)) * (delta + 2 * X * u)) by nra.
nra.
Qed.

(** A network with a head has error growth B = net_err X 1 net 0 >= 2 X. *)
Lemma net_err_head (X u : R) (net : list layer) (delta : R) : 0 <= X -> 0 <= u -> 0 <= delta ->
  (exists L, In L net /\ l_heads L <> []) -> 2 * X * u <= net_err X u net delta.
Proof.
revert delta. induction net as [|L net IH]; intros delta HX Hu Hd [L' [HIn HL]]; [destruct HIn|]. simpl.
pose proof (layer_err_ge X u L delta HX Hu Hd).
destruct HIn as [<-|HIn].
- apply Rle_trans with (layer_err X u L delta); [apply layer_err_head; assumption|]. apply net_err_ge; lra.
- apply IH; [lra|lra|lra|]. exists L'. split; assumption.
Qed.

Lemma ln_le_mono (a b : R) : 0 < a -> a <= b -> ln a <= ln b.
Proof. intros Ha Hab. destruct (Req_dec a b) as [->|Hne]; [lra|]. left. apply ln_increasing; lra. Qed.

(** Theorem 26 at tau = 1: its hypothesis 1 <= temp26 n g X eps forces g >= 2 ln(2 + (n - 1) 2 X / eps)
    on any network with a head. *)
Theorem thm26_tau1_needs (n : nat) (g X eps : R) (net : list layer) : 0 < g -> 0 < eps -> 0 <= X ->
  (exists L, In L net /\ l_heads L <> []) -> 1 <= temp26 n g X eps net ->
  2 * ln (2 + INR (n - 1) * (2 * X) / eps) <= g.
Proof.
intros Hg He HX Hh Hle. unfold temp26 in Hle.
set (B := net_err X 1 net 0) in Hle. set (C := net_csc net) in Hle.
set (K := / eps + 1 + 4 * C * (2 * X + 1) / g) in Hle.
assert (HB : 2 * X <= B) by (unfold B; replace (2 * X) with (2 * X * 1) by ring; apply net_err_head; lra || assumption).
assert (HC : 0 <= C) by apply net_csc_nonneg.
assert (Hie : 0 < / eps) by (apply Rinv_0_lt_compat, He).
assert (HK3 : 0 <= 4 * C * (2 * X + 1) / g) by (apply Rmult_le_pos; [nra|apply Rlt_le, Rinv_0_lt_compat, Hg]).
assert (HKe : / eps <= K) by (unfold K; lra).
pose proof (pos_INR (n - 1)) as Hn1.
assert (Hq : INR (n - 1) * (2 * X) / eps <= INR (n - 1) * B * K).
{ assert (HBK : 2 * X * / eps <= B * K) by (apply Rmult_le_compat; lra).
  replace (INR (n - 1) * (2 * X) / eps) with (INR (n - 1) * (2 * X * / eps)) by (unfold Rdiv; ring).
  replace (INR (n - 1) * B * K) with (INR (n - 1) * (B * K)) by ring.
  apply Rmult_le_compat_l; assumption. }
assert (Hq0 : 0 <= INR (n - 1) * (2 * X) / eps) by (unfold Rdiv; apply Rmult_le_pos; [nra|lra]).
set (m := ln (2 + INR (n - 1) * B * K)) in Hle.
assert (Hm : 0 < m) by (unfold m; rewrite <- ln_1; apply ln_increasing; lra).
assert (H2m : 2 * m <= g).
{ apply (Rmult_le_compat_r (2 * m)) in Hle; [|lra]. unfold Rdiv in Hle. rewrite Rmult_assoc, Rinv_l in Hle by lra. lra. }
assert (Hln : ln (2 + INR (n - 1) * (2 * X) / eps) <= m) by (unfold m; apply ln_le_mono; lra).
lra.
Qed.

(** So thm12b / thm13c at tau = 1 ask c >= 2 ln(2 + 8 n (n - 1)) (X >= n, eps = 1/4): through
    Theorem 26 the constant c must grow with n. *)
Corollary tau1_needs_c (n : nat) (cq : Q) (net : list layer) : (1 <= n)%nat -> 0 < Q2R cq ->
  (exists L, In L net /\ l_heads L <> []) -> 1 <= temp26 n (Q2R cq) (net_X net (INR n)) (1 / 4) net ->
  2 * ln (2 + 8 * INR (n - 1) * INR n) <= Q2R cq.
Proof.
intros Hn Hc Hh Hle. pose proof (net_X_ge net (INR n) (pos_INR n)) as HX.
pose proof (thm26_tau1_needs n (Q2R cq) (net_X net (INR n)) (1 / 4) net Hc ltac:(lra) ltac:(pose proof (pos_INR n); lra) Hh Hle) as H.
eapply Rle_trans; [|exact H]. apply Rmult_le_compat_l; [lra|]. pose proof (pos_INR (n - 1)). pose proof (pos_INR n).
apply ln_le_mono; [nra|]. replace (INR (n - 1) * (2 * net_X net (INR n)) / (1 / 4)) with (8 * INR (n - 1) * net_X net (INR n)) by field.
nra.
Qed.
