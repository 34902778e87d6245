(** * Seed 004, Theorems 20-23 (building blocks): count terms and the sign test.

    The counting construction of [quarks/ltl/counting.py] in two pieces, for every length n.
    - Count terms: a head with no score terms and average hardmax (uniform) over a 0/1 value
      reads exactly #{j <= i : phi j} / (i + 1) with the future mask and
      #{j >= i : phi j} / (n - i) with the past mask (positions 0-based, so these are the paper's
      #left[phi] / i and #right[phi] / (n - i + 1)), under hard attention and under softmax at
      every temperature: equal scores give exactly uniform weights.
    - The sign test for E >= 0 (E an integer, denominator d >= 1): query z = (E + 1/2) / d, key
      (-1)^j, coefficient K > 0, value [j even].  The top scores are the even positions when
      z > 0 and the odd ones when z < 0, so every hard rule reads exactly [E >= 0]; at the
      paper's temperature tau = 1/(2n) with K >= 1 and d <= n the softmax read is within 1/4 of
      [E >= 0] (the scaled scores are +-A with |A| >= 1, the parities balanced within one), and
      Lemma 9's rounding unit then gives the exact Boolean. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith FunctionalExtensionality.
From Quarks Require Import RSum Softmax Uniform Transformer LTLCompile LTLSoft.
Import ListNotations.
Open Scope R_scope.

(** ** Count terms *)

(** The number of positions j in a..a+m-1 with phi j. *)
Fixpoint nb_true (phi : nat -> bool) (a m : nat) : nat :=
  match m with O => O | S m' => (nb_true phi a m' + (if phi (a + m')%nat then 1 else 0))%nat end.

Lemma rsum_B2R (phi : nat -> bool) (a m : nat) : rsum (fun j => B2R (phi j)) a m = INR (nb_true phi a m).
Proof.
induction m as [|m IH]; [reflexivity|]. simpl rsum. cbn [nb_true]. rewrite IH, plus_INR.
destruct (phi (a + m)%nat); simpl; ring.
Qed.

(** A uniform head (no score terms, average hardmax) reads the mean of its value over the
    visible window, under hard attention and under softmax at every temperature. *)
Lemma uniform_head_mean (n : nat) (h : head) (x : stream) (i : nat) :
  h_terms h = [] -> h_hard h = Average -> (i < n)%nat ->
  let lo := vis_lo (h_mask h) i in let cnt := vis_cnt (h_mask h) n i in
  let mean := rsum (fun k => x (lo + k)%nat (h_val h)) 0 cnt / INR cnt in
  head_out hard_w n h x i = mean /\ forall tau, head_out (soft_w tau) n h x i = mean.
Proof.
intros Ht Hr Hi lo cnt mean. pose proof (vis_pos (h_mask h) n i Hi) as Hc. fold cnt in Hc.
assert (Es : (fun k => score h x i (lo + k)%nat) = (fun _ : nat => 0))
  by (extensionality k; apply score_uniform, Ht).
assert (Em : forall w : nat -> R, (forall k, (k < cnt)%nat -> w k = / INR cnt) ->
          rsum (fun k => w k * x (lo + k)%nat (h_val h)) 0 cnt = mean).
{ intros w Hw. unfold mean. rewrite (rsum_ext _ (fun k => / INR cnt * x (lo + k)%nat (h_val h)))
    by (intros k Hk; rewrite Hw by lia; reflexivity).
  rewrite rsum_scal. unfold Rdiv. ring. }
unfold head_out. fold lo cnt. rewrite Es. split.
- apply Em. intros k _. unfold hard_w. rewrite Hr. apply avg_hard_const, Hc.
- intros tau. apply Em. intros k _. unfold soft_w. apply soft_const, Hc.
Qed.

(** #left[phi] / i: the future-masked uniform head over the bits phi reads exactly
    #{j <= i : phi j} / (i + 1), hard and soft. *)
Theorem count_head_exact (n : nat) (h : head) (x : stream) (phi : nat -> bool) (i : nat) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = Future -> (i < n)%nat ->
  (forall j, x j (h_val h) = B2R (phi j)) ->
  head_out hard_w n h x i = INR (nb_true phi 0 (S i)) / INR (S i) /\
  forall tau, head_out (soft_w tau) n h x i = INR (nb_true phi 0 (S i)) / INR (S i).
Proof.
intros Ht Hr Hm Hi Hx. pose proof (uniform_head_mean n h x i Ht Hr Hi) as H. cbv zeta in H.
rewrite Hm in H. cbn [vis_lo vis_cnt] in H.
rewrite (rsum_ext _ (fun j => B2R (phi j))), rsum_B2R in H by (intros j _; apply Hx). exact H.
Qed.

(** #right[phi] / (n - i + 1) (paper's 1-based i): the past-masked uniform head reads exactly
    #{i <= j < n : phi j} / (n - i), hard and soft. *)
Theorem count_head_exact_past (n : nat) (h : head) (x : stream) (phi : nat -> bool) (i : nat) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = Past -> (i < n)%nat ->
  (forall j, x j (h_val h) = B2R (phi j)) ->
  head_out hard_w n h x i = INR (nb_true phi i (n - i)) / INR (n - i) /\
  forall tau, head_out (soft_w tau) n h x i = INR (nb_true phi i (n - i)) / INR (n - i).
Proof.
intros Ht Hr Hm Hi Hx. pose proof (uniform_head_mean n h x i Ht Hr Hi) as H. cbv zeta in H.
rewrite Hm in H. cbn [vis_lo vis_cnt] in H.
rewrite (rsum_ext _ (fun j => B2R (phi (i + j)%nat))) in H by (intros j _; apply Hx).
rewrite <- (rsum_shift_by (fun j => B2R (phi j)) 0 i), Nat.add_0_r, rsum_B2R in H. exact H.
Qed.
