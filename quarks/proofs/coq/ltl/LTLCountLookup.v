(** * Seed 004, Theorem 20: numerical predicates on counts, by the table lookup of Lemma 7.

    The lookup head of LTLCountCompile.v ([look_head]) has query C/d and 1/d (the count head's
    output and the denominator embedding) and keys 2j and -j^2 (1-based j), so its scores are
    2 (C^2 - (j - C)^2) / d: a unique maximum at j = C with a gap 2/d, read exactly by hard attention
    ([look_hard]); at tau = 1/(2n) the scaled scores fall off quadratically at rate 4n/d >= 4 around
    it, and Lemma 7's quadratic bound (Lookup.v's [lemma6_quadratic]) puts the softmax read within
    9/169 < 1/8 of the value there ([look_soft]), for every n.  [pred_unit_exact]: the unit reading
    the lookup gated by Z = [C = 0], and [P_n(0)] from its embedding, outputs P_n(C) exactly;
    [since_counted], [until_counted]: the S / U head over the argument's own bits says whether C >= 1. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Lookup Rounding Transformer LTLCompile LTLSoft LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun.
Import ListNotations.
Open Scope R_scope.

(** ** Whether anything is counted *)

Lemma since_counted (B : nat -> bool) (i : nat) :
  since_rec (fun _ => true) B i = negb (Nat.eqb (nb_true B 0 (S i)) 0).
Proof.
induction i as [|i IH].
- simpl. destruct (B 0%nat); reflexivity.
- change (since_rec (fun _ => true) B (S i)) with (B (S i) || (true && since_rec (fun _ => true) B i)).
  change (nb_true B 0 (S (S i))) with (nb_true B 0 (S i) + (if B (0 + S i)%nat then 1 else 0))%nat.
  rewrite IH, Nat.add_0_l. destruct (B (S i)).
  + replace (nb_true B 0 (S i) + 1 =? 0)%nat with false by (symmetry; apply Nat.eqb_neq; lia). reflexivity.
  + rewrite Nat.add_0_r. reflexivity.
Qed.

Lemma until_counted (B : nat -> bool) (m i : nat) :
  until_rec (fun _ => true) B m i = negb (Nat.eqb (nb_true B i m) 0).
Proof.
revert i. induction m as [|m IH]; intros i; [reflexivity|].
change (until_rec (fun _ => true) B (S m) i) with (B i || (true && until_rec (fun _ => true) B m (S i))).
rewrite nb_true_first, IH. destruct (B i).
- replace (1 + nb_true B (S i) m =? 0)%nat with false by (symmetry; apply Nat.eqb_neq; lia). reflexivity.
- rewrite Nat.add_0_l. reflexivity.
Qed.

(** ** The lookup head *)

Lemma INR_sq_ge1 (a b : nat) : a <> b -> 1 <= (INR a - INR b) ^ 2.
Proof.
intros H. destruct (Nat.lt_ge_cases a b) as [Hl|Hl].
- assert (INR a + 1 <= INR b) by (rewrite <- S_INR; apply le_INR; lia). nra.
- assert (INR b + 1 <= INR a) by (rewrite <- S_INR; apply le_INR; lia). nra.
Qed.

Section Lookup.
Variables (n kk att v cnt inv : nat) (m : mask) (x : stream) (i C d : nat).
Hypotheses (Hi : (i < n)%nat) (Hd : (1 <= d <= n)%nat) (HC : (1 <= C <= vis_cnt m n i)%nat) (Hlo : vis_lo m i = 0%nat).
Hypotheses (Hcnt : x i cnt = INR C / INR d) (Hinv : x i inv = / INR d)
           (Hneg : forall j, x j (c_negsq kk) = - (INR (S j) ^ 2)) (Htwo : forall j, x j (c_two kk) = 2 * INR (S j)).

Let h := real_head (look_head kk att v cnt inv m).

Lemma look_score (j : nat) : score h x i j = 2 / INR d * (INR C ^ 2 - (INR (S j) - INR C) ^ 2).
Proof.
unfold score, h, look_head, real_head. cbn [h_terms sh_terms map lsum fst snd]. rewrite Hcnt, Hinv, Hneg, Htwo, Q2R_2.
assert (INR d <> 0) by (apply not_0_INR; lia). field. exact H.
Qed.

(** Hard attention reads the value at j = C (0-based C - 1). *)
Lemma look_hard : head_out hard_w n h x i = x (C - 1)%nat v.
Proof.
assert (HD : 0 < INR d) by (apply lt_0_INR; lia).
replace (x (C - 1)%nat v) with (x (vis_lo (h_mask h) i + (C - 1))%nat (h_val h))
  by (unfold h; cbn [real_head look_head h_mask h_val sh_mask sh_val]; rewrite Hlo; reflexivity).
apply (head_out_at n h x i (C - 1) (2 / INR d)); [apply Rdiv_lt_0_compat; lra|unfold h; cbn [real_head look_head h_mask sh_mask]; lia|].
intros k Hk Hne. assert (Hl : vis_lo (h_mask h) i = 0%nat) by exact Hlo. rewrite Hl, !look_score. simpl (0 + k)%nat. simpl (0 + (C - 1))%nat.
replace (INR (S (C - 1))) with (INR C) by (f_equal; lia). replace (INR C - INR C) with 0 by ring.
pose proof (INR_sq_ge1 (S k) C ltac:(lia)). assert (0 < 2 / INR d) by (apply Rdiv_lt_0_compat; lra). nra.
Qed.

(** Softmax at every tau <= 1/(2n) reads within 1/8 of it, for every n (the rate only grows). *)
Lemma look_low (tau : R) : 0 < tau <= tau_paper n -> (forall j, (j < n)%nat -> 0 <= x j v <= 1) ->
  Rabs (head_out (soft_w tau) n h x i - x (C - 1)%nat v) <= 1 / 8.
Proof.
intros Htau Hv. destruct (tau_below n tau ltac:(lia) Htau) as [Hc1 Hr]. assert (HD : 0 < INR d) by (apply lt_0_INR; lia). assert (HN : INR d <= INR n) by (apply le_INR; lia).
set (cn := vis_cnt m n i). set (t := (C - 1)%nat). set (p0 := 4 * INR n / INR d). set (p := tau_paper n / tau * p0).
assert (Hp0 : 4 <= p0) by (unfold p0; apply le_div; lra).
assert (Hp : 4 <= p) by (unfold p; nra).
set (s0 := fun j => score h x i (0 + j) / tau_paper n).
assert (Es0 : forall j, s0 j = s0 t - p0 * (INR j - INR t) ^ 2).
{ intros j. unfold s0. rewrite !look_score. unfold t. simpl (0 + j)%nat. simpl (0 + (C - 1))%nat.
  replace (INR (S (C - 1))) with (INR C) by (f_equal; lia). rewrite minus_INR by lia. rewrite S_INR. change (INR 1) with 1. unfold p0, tau_paper.
  assert (INR n <> 0) by lra. field. lra. }
set (s := fun j => score h x i (0 + j) / tau).
assert (Es : forall j, s j = s t - p * (INR j - INR t) ^ 2).
{ intros j. unfold s. rewrite (Hr (score h x i (0 + j))), (Hr (score h x i (0 + t))).
  change (score h x i (0 + j) / tau_paper n) with (s0 j). change (score h x i (0 + t) / tau_paper n) with (s0 t).
  rewrite (Es0 j). unfold p. ring. }
unfold head_out, soft_w, soft. change (vis_lo (h_mask h) i) with (vis_lo m i). rewrite Hlo.
change (vis_cnt (h_mask h) n i) with cn. fold s.
replace (h_val h) with v by reflexivity. replace (x (C - 1)%nat v) with ((fun k => x (0 + k)%nat v) t) by reflexivity.
assert (Ht : (t < cn)%nat) by (unfold t, cn; lia).
eapply Rle_trans; [apply (softmax_read s (fun k => x (0 + k)%nat v) cn t Ht); intros j Hj; apply Hv; unfold cn in Hj; destruct m; simpl in *; lia|].
destruct (softmax_l1_to_e s cn t Ht) as [_ El].
assert (Hl1 : l1 s cn t <= 2 * (2 + 1 / p) * exp (- p)) by (apply lemma6_quadratic; [exact Ht|lra|intros j _; rewrite (Es j); lra]).
assert (He4 : exp (- p) <= exp (- (4))) by (apply exp_mono; lra).
assert (He2 : exp (- (4)) <= 4 / 169).
{ replace (- (4)) with (- (2) + - (2)) by ring. rewrite exp_plus. pose proof exp_m2_le. pose proof (exp_pos (- (2))). nra. }
assert (Hp1 : 1 / p <= 1 / 4) by (apply Rmult_le_compat_l; [lra|apply Rinv_le_contravar; lra]).
assert (HE : 0 <= exp (- p)) by (apply Rlt_le, exp_pos).
assert (Hoff : off_mass s cn t / partition s cn = l1 s cn t / 2) by (rewrite El; field; apply Rgt_not_eq, (partition_pos s cn t Ht)).
rewrite Hoff. assert (0 <= 1 / p) by (apply Rlt_le, Rdiv_lt_0_compat; lra). nra.
Qed.

Lemma look_soft : (forall j, (j < n)%nat -> 0 <= x j v <= 1) ->
  Rabs (head_out (soft_w (tau_paper n)) n h x i - x (C - 1)%nat v) <= 1 / 8.
Proof. apply look_low. pose proof (tau_paper_pos n ltac:(lia)). lra. Qed.

End Lookup.

(** ** The predicate unit *)

Lemma pred_unit_exact (out att z p0c : nat) (y : nat -> R) (zb b p0 : bool) :
  y z = B2R zb -> y p0c = B2R p0 -> 0 <= y att <= 1 -> (zb = false -> Rabs (y att - B2R b) <= 1 / 4) ->
  unit_val (real_unit (pred_unit out att z p0c)) y = B2R (if zb then p0 else b).
Proof.
intros Hz H0 Ha Hb. rewrite unit_val_real. unfold pred_unit. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd].
rewrite Hz, H0. destruct zb.
- destruct p0; qsimpl; simpl; relu.
- specialize (Hb eq_refl). pose proof (Rle_abs (y att - B2R b)). pose proof (Rle_abs (- (y att - B2R b))).
  rewrite Rabs_Ropp in *. destruct p0, b; qsimpl; simpl in *; relu.
Qed.
