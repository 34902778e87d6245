(** * Seed 004, Theorem 12 at the paper's temperatures: the softmax network is exact.

    With LTLSoftNode.v's invariant, any weighting W whose uniform heads are exact and whose four
    selection heads read within e <= 1/4 of the hard value runs the compiled network exactly on
    every sub-formula's coordinate (compile_sok; every entry of the compiler's memo table,
    compile_sok_memo, which LTLSection6Letter.v reads for every sub-formula).  LTLSoft.v's heads
    give e = 21/100 for variant (a) at tau = 1/(2n) (thm12_paper), for variant (b) with c = 2 at tau = 1
    (thm12b_tau1), and for variant (c) with c = 2 at tau = 1 on the past fragment
    (thm13c_tau1): the softmax output is [w, i |= p] itself, so Lemma 9's rounding returns it. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals FunctionalExtensionality.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftNode.
Import ListNotations.
Open Scope R_scope.

(** Softmax weights a uniform head (no score terms, average hardmax) as hard attention does. *)
Lemma soft_uniform (tau : R) (n : nat) (h : head) (x : stream) (i : nat) :
  h_terms h = [] -> h_hard h = Average -> (i < n)%nat ->
  head_out (soft_w tau) n h x i = head_out hard_w n h x i.
Proof.
intros Ht Hr Hi. unfold head_out, soft_w. apply rsum_ext. intros k Hk. f_equal.
replace (fun k0 => score h x i (vis_lo (h_mask h) i + k0)%nat) with (fun _ : nat => 0)
  by (apply functional_extensionality; intros; symmetry; apply score_uniform, Ht).
unfold hard_w. rewrite Hr. rewrite avg_hard_const, soft_const by (apply vis_pos, Hi). reflexivity.
Qed.

Lemma round_B2R (b : bool) : round01 (B2R b) = B2R b.
Proof. destruct b; unfold B2R; [apply lemma9_high|apply lemma9_low]; lra. Qed.

Lemma ltl_eqb_refl (p : ltl) : ltl_eqb p p = true.
Proof. induction p; simpl; rewrite ?Nat.eqb_refl, ?eqb_reflx, ?IHp, ?IHp1, ?IHp2; reflexivity. Qed.

(** The compiler's memo table records the coordinate it returns: c for p after node p. *)
Lemma node_memo_self (kk : nat) (var : variant) (cq : Q) (p : ltl) (st : cstate) (c : nat) (st' : cstate) :
  node kk var cq p st = (c, st') -> lookup ltl_eqb p (cs_memo st') = Some c.
Proof.
intros E. destruct p; cbn [node] in E; destruct (lookup ltl_eqb _ (cs_memo st)) as [c0|] eqn:Em;
  try (inversion E; subst; exact Em);
  repeat match type of E with context [let '(_, _) := ?t in _] => destruct t end;
  inversion E; subst; cbn [cs_memo remember lookup]; rewrite ltl_eqb_refl; reflexivity.
Qed.

Section SoftCompile.
Variables (n : nat) (w : nat -> nat) (kk : nat) (var : variant) (cq : Q) (gap : R) (fut : bool).
Hypotheses (HY : Y_ok n w kk var cq gap) (HX : fut = true -> X_ok n w kk var cq gap)
           (HS : S_ok n w kk var cq gap) (HU : fut = true -> U_ok n w kk var cq gap).
Variables (W : head -> (nat -> R) -> nat -> nat -> R) (e : R).
Hypotheses (He : 0 <= e) (He4 : e <= 1 / 4).
Hypothesis HWu : forall h x i, h_terms h = [] -> h_hard h = Average -> (i < n)%nat -> head_out W n h x i = head_out hard_w n h x i.
Hypotheses (SY : SY_ok n w kk var cq W e) (SX : fut = true -> SX_ok n w kk var cq W e)
           (SS : SS_ok n w kk var cq W e) (SU : fut = true -> SU_ok n w kk var cq W e).

Lemma sinv_init : sinv n w kk var gap W e init_state (fun c i => x0 n w kk var i c) (D0 kk var) (fun _ => false).
Proof.
split; [apply inv_init|split].
- intros m. replace (nth m (cs_layers init_state) empty_layer) with empty_layer by (destruct m; reflexivity). split.
  + intros x _ i c _. cbv zeta. unfold at_lev, D0. destruct (c <? kk + length (pes var))%nat; simpl; reflexivity.
  + intros y _ _ i c _. unfold at_lev, D0. destruct (c <? kk + length (pes var))%nat; simpl; reflexivity.
- intros p c E. discriminate.
Qed.

Lemma nets_soft_nth V D isH (Ls : snet) (m0 : nat) :
  (forall m, layer_soft n V D isH W (Eg kk e) (m0 + m) (real_layer (nth m Ls empty_layer))) ->
  nets_soft n V D isH W (Eg kk e) m0 (real_net Ls).
Proof.
revert m0. induction Ls as [|L Ls IH]; intros m0 H; [exact I|]. split.
- specialize (H 0%nat). rewrite Nat.add_0_r in H. exact H.
- apply IH. intros m. specialize (H (S m)). rewrite Nat.add_succ_r in H. exact H.
Qed.

(** The compiled network run under W on the embedding of w holds every formula q of the compiler's
    memo table (every sub-formula of p: LTLSection6Letter.v) exactly at its coordinate:
    [w, i |= q]. *)
Lemma compile_sok_memo (p : ltl) : letters_below kk p = true -> fut || past p = true ->
  forall q c, lookup ltl_eqb q (cs_memo (snd (node kk var cq p init_state))) = Some c ->
  forall i, (i < n)%nat ->
  net_run W n (real_net (fst (compile kk var cq p))) (x0 n w kk var) i c = B2R (sat n w q i).
Proof.
intros Hlet Hpast q c Eq i Hi. unfold compile. destruct (node kk var cq p init_state) as [c1 st] eqn:E. cbn [fst snd] in *.
destruct (node_sok n w kk var cq gap fut HY HX HS HU W e He He4 HWu SY SX SS SU p init_state _ _ _ c1 st Hlet Hpast sinv_init E)
  as [V [D [isH [[[Hc [_ [_ [_ Hme]]]] [Hs Hxm]] _]]]].
destruct (Hme q c Eq) as [[l Dc] Vc]. pose proof (Hxm q c Eq) as Xc.
assert (Hnets : nets_soft n V D isH W (Eg kk e) 0 (real_net (at_layer 0 (fun L => L) (cs_layers st)))).
{ apply nets_soft_nth. intros m. rewrite nth_at_layer. simpl (0 + m)%nat.
  destruct (Nat.eqb m 0) eqn:Em; [apply Nat.eqb_eq in Em; subst m|]; apply Hs. }
assert (Ha0 : sagree n V D isH (Eg kk e) 0 (x0 n w kk var)).
{ intros i' c' l' Hi' E' Hl. assert (l' = 0%nat) by lia. subst l'. unfold close.
  rewrite (co_in_val _ _ _ _ _ _ _ _ _ Hc c' i' E' Hi'). destruct (isH c'); [|reflexivity].
  replace (V c' i' - V c' i') with 0 by ring. rewrite Rabs_R0. apply (Eg_pos kk e He). }
assert (Hz0 : zero_above n D 0 (x0 n w kk var)).
{ intros i' c' Hi' Hab. apply (co_zero _ _ _ _ _ _ _ _ _ Hc); [|exact Hi']. intros E'. specialize (Hab 0%nat E'). lia. }
pose proof (soft_run_levels n V D isH W (Eg kk e) _ 0 (x0 n w kk var) Hnets Ha0 Hz0) as Hrun.
rewrite (sclose_exact n kk e V D isH _ _ i c l Hrun Hi Dc); [apply Vc, Hi| |exact Xc].
pose proof (co_len _ _ _ _ _ _ _ _ _ Hc c l Dc). unfold real_net. rewrite map_length, length_at_layer. simpl. lia.
Qed.

(** The compiled network run under W on the embedding of w outputs exactly [w, i |= p]. *)
Lemma compile_sok (p : ltl) : letters_below kk p = true -> fut || past p = true ->
  forall i, (i < n)%nat ->
  net_run W n (real_net (fst (compile kk var cq p))) (x0 n w kk var) i (snd (compile kk var cq p)) = B2R (sat n w p i).
Proof.
intros Hlet Hpast. apply (compile_sok_memo p Hlet Hpast). unfold compile.
destruct (node kk var cq p init_state) as [c st] eqn:E. apply (node_memo_self kk var cq p init_state c st E).
Qed.

End SoftCompile.

(** Variant (a) at tau = 1/(2n): the four heads within 21/100 (LTLSoft.v). *)
Lemma temp_soft_heads (n kk : nat) (w : nat -> nat) (cq : Q) : (1 <= n)%nat ->
  SY_ok n w kk VTemperature cq (soft_w (tau_paper n)) (21 / 100) /\ SX_ok n w kk VTemperature cq (soft_w (tau_paper n)) (21 / 100) /\
  SS_ok n w kk VTemperature cq (soft_w (tau_paper n)) (21 / 100) /\ SU_ok n w kk VTemperature cq (soft_w (tau_paper n)) (21 / 100).
Proof.
intros Hn. split; [|split; [|split]].
- intros att a x Hx Hv i Hi. exact (head_Y_paper n kk att a x i Hn Hi (pe_ok_agree _ _ _ _ _ Hx) Hv).
- intros att a x Hx Hv i Hi. exact (head_X_paper n kk att a x i Hn Hi (pe_ok_agree _ _ _ _ _ Hx) Hv).
- intros att b s x B Hx HB Hv i Hi. exact (head_S_paper n kk att b s x B i Hn Hi (pe_ok_agree _ _ _ _ _ Hx) HB Hv).
- intros att b s x B Hx HB Hv i Hi. exact (head_U_paper n kk att b s x B i Hn Hi (pe_ok_agree _ _ _ _ _ Hx) HB Hv).
Qed.

(** Our Theorem 12 (a) at the paper's temperature tau = 1/(2n): for every formula of
    LTL[Y, X, S, U] over letters < k, length n >= 1, word w and position i < n, the softmax
    network outputs exactly [w, i |= p] (thm12_paper_exact), and so does it after Lemma 9's
    rounding (thm12_paper). *)
Theorem thm12_paper_exact (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_paper n) n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i (snd (compile k VTemperature cq p))
  = B2R (sat n w p i).
Proof.
intros Hl Hn Hi. destruct (temp_heads n k w cq Hn) as [HY [HX [HS HU]]].
destruct (temp_soft_heads n k w cq Hn) as [SY [SX [SS SU]]].
exact (compile_sok n w k VTemperature cq _ true HY (fun _ => HX) HS (fun _ => HU) (soft_w (tau_paper n)) (21 / 100)
         ltac:(lra) ltac:(lra) (fun h x i => soft_uniform _ n h x i) SY (fun _ => SX) SS (fun _ => SU) p Hl eq_refl i Hi).
Qed.

Theorem thm12_paper (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  round01 (soft_run (tau_paper n) n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i (snd (compile k VTemperature cq p)))
  = B2R (sat n w p i).
Proof. intros Hl Hn Hi. rewrite (thm12_paper_exact k cq p n w i Hl Hn Hi). apply round_B2R. Qed.

(** Variant (b) with c = 2 at tau = 1: the same heads as (a) at tau = 1/(2n) (`unb_tau1`). *)
Lemma unb_soft_heads (n kk : nat) (w : nat -> nat) : (1 <= n)%nat ->
  SY_ok n w kk VUnbounded 2 (soft_w 1) (21 / 100) /\ SX_ok n w kk VUnbounded 2 (soft_w 1) (21 / 100) /\
  SS_ok n w kk VUnbounded 2 (soft_w 1) (21 / 100) /\ SU_ok n w kk VUnbounded 2 (soft_w 1) (21 / 100).
Proof.
intros Hn. split; [|split; [|split]].
- intros att a x Hx Hv i Hi. exact (head_Y_unb_tau1 n kk att a w x i Hn Hi Hx Hv).
- intros att a x Hx Hv i Hi. exact (head_X_unb_tau1 n kk att a w x i Hn Hi Hx Hv).
- intros att b s x B Hx HB Hv i Hi. exact (head_S_unb_tau1 n kk att b s w x B i Hn Hi Hx HB Hv).
- intros att b s x B Hx HB Hv i Hi. exact (head_U_unb_tau1 n kk att b s w x B i Hn Hi Hx HB Hv).
Qed.

(** Our Theorem 12 (b) at tau = 1 with the fixed c = 2: the softmax network with the unbounded
    embeddings outputs exactly [w, i |= p], for every n (no growth of c with n needed). *)
Theorem thm12b_tau1_exact (k : nat) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run 1 n (real_net (fst (compile k VUnbounded 2 p))) (embed k (pes VUnbounded) n w) i (snd (compile k VUnbounded 2 p))
  = B2R (sat n w p i).
Proof.
intros Hl Hn Hi. destruct (unb_heads n k w 2 Hn ltac:(rewrite Q2R_2; lra)) as [HY [HX [HS HU]]].
destruct (unb_soft_heads n k w Hn) as [SY [SX [SS SU]]].
exact (compile_sok n w k VUnbounded 2 _ true HY (fun _ => HX) HS (fun _ => HU) (soft_w 1) (21 / 100)
         ltac:(lra) ltac:(lra) (fun h x i => soft_uniform _ n h x i) SY (fun _ => SX) SS (fun _ => SU) p Hl eq_refl i Hi).
Qed.

Theorem thm12b_tau1 (k : nat) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  round01 (soft_run 1 n (real_net (fst (compile k VUnbounded 2 p))) (embed k (pes VUnbounded) n w) i (snd (compile k VUnbounded 2 p)))
  = B2R (sat n w p i).
Proof. intros Hl Hn Hi. rewrite (thm12b_tau1_exact k p n w i Hl Hn Hi). apply round_B2R. Qed.

(** Variant (c) with c = 2 at tau = 1, past fragment: the Y and S heads at i are (a)'s with
    n := i + 1 (`head_Y_caus_tau1`, `head_S_caus_tau1`); X and U do not occur. *)
Theorem thm13c_tau1_exact (k : nat) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  past p = true -> letters_below k p = true -> (i < n)%nat ->
  soft_run 1 n (real_net (fst (compile k VCausal 2 p))) (embed k (pes VCausal) n w) i (snd (compile k VCausal 2 p))
  = B2R (sat n w p i).
Proof.
intros Hp Hl Hi. destruct (caus_heads n k w 2 ltac:(rewrite Q2R_2; lra)) as [HY HS].
assert (SY : SY_ok n w k VCausal 2 (soft_w 1) (21 / 100))
  by (intros att a x Hx Hv i' Hi'; exact (head_Y_caus_tau1 n k att a w x i' Hi' Hx Hv)).
assert (SS : SS_ok n w k VCausal 2 (soft_w 1) (21 / 100))
  by (intros att b s x B Hx HB Hv i' Hi'; exact (head_S_caus_tau1 n k att b s w x B i' Hi' Hx HB Hv)).
exact (compile_sok n w k VCausal 2 _ false HY (fun E => False_rect _ (diff_false_true E)) HS (fun E => False_rect _ (diff_false_true E))
         (soft_w 1) (21 / 100) ltac:(lra) ltac:(lra) (fun h x i => soft_uniform _ n h x i)
         SY (fun E => False_rect _ (diff_false_true E)) SS (fun E => False_rect _ (diff_false_true E)) p Hl Hp i Hi).
Qed.

Theorem thm13c_tau1 (k : nat) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  past p = true -> letters_below k p = true -> (i < n)%nat ->
  round01 (soft_run 1 n (real_net (fst (compile k VCausal 2 p))) (embed k (pes VCausal) n w) i (snd (compile k VCausal 2 p)))
  = B2R (sat n w p i).
Proof. intros Hp Hl Hi. rewrite (thm13c_tau1_exact k p n w i Hp Hl Hi). apply round_B2R. Qed.

(** Our Theorems 13 (d), 16 (d) (Corollary 18) at tau = 1/(2n): every past formula is computed by
    the future-masked causal-temperature network (the temperature network itself), exactly after
    Lemma 9's rounding. *)
Theorem thm13_paper (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) :
  past p = true -> letters_below k p = true -> (1 <= n)%nat ->
  future_net (fst (compile k VCausalTemperature cq p)) /\
  forall i, (i < n)%nat ->
    round01 (soft_run (tau_paper n) n (real_net (fst (compile k VCausalTemperature cq p))) (embed k (pes VCausalTemperature) n w) i
               (snd (compile k VCausalTemperature cq p))) = B2R (sat n w p i).
Proof.
rewrite compile_causal_temperature. intros Hp Hl Hn. split; [apply thm13_future, Hp|]. intros i Hi. apply thm12_paper; assumption.
Qed.
