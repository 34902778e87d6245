(** * Seed 004, Proposition 11: uniform attention marks the first and the last position exactly.

    [uniform f a m] is the average of f over positions a..a+m-1.  Over the alternating values
    (-1)^j ([alternating_sum]) it separates the first position with the future mask
    ([prop11_future_marks_first]) and the last with the past mask ([prop11_past_marks_last]);
    over indicators it reads them exactly ([prop11_first_indicator], [prop11_last_indicator]).
    Softmax over equal scores is uniform ([softmax_equal_scores]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz.
From Quarks Require Import RSum.
Open Scope R_scope.


(** The value of uniform attention over positions a..a+m-1 (m >= 1). *)
Definition uniform (f : nat -> R) (a m : nat) : R := rsum f a m / INR m.

Lemma pow_m1_even (m : nat) : (-1) ^ m = if Nat.even m then 1 else -1.
Proof.
induction m as [|m IH]; [reflexivity|].
rewrite <- tech_pow_Rmult, IH, Nat.even_succ, <- Nat.negb_even.
destruct (Nat.even m); simpl; lra.
Qed.

(** An alternating sum over m consecutive positions is 0 (m even) or its first term (m odd). *)
Lemma alternating_sum (a m : nat) :
  rsum (fun j => (-1) ^ j) a m = if Nat.even m then 0 else (-1) ^ a.
Proof.
induction m as [|m IH]; [reflexivity|].
simpl rsum. rewrite IH, pow_add, (pow_m1_even m), Nat.even_succ, <- Nat.negb_even.
destruct (Nat.even m); simpl; ring.
Qed.

(** Future-masked uniform attention to the position embedding (-1)^j, at position i (1-based):
    exactly -1 at i = 1, and at least -1/2 at every i >= 2. *)
Theorem prop11_future_marks_first (i : nat) : (1 <= i)%nat ->
  (uniform (fun j => (-1) ^ j) 1 i = -1 <-> i = 1%nat) /\
  ((2 <= i)%nat -> -1/2 <= uniform (fun j => (-1) ^ j) 1 i).
Proof.
intros Hi. unfold uniform. rewrite alternating_sum. simpl pow.
assert (HI : 1 <= INR i) by (replace 1 with (INR 1) by reflexivity; apply le_INR; lia).
destruct (Nat.even i) eqn:He.
- assert (Hn1 : i <> 1%nat) by (intros ->; discriminate).
  split; [split; [intros H; exfalso; unfold Rdiv in H; rewrite Rmult_0_l in H; lra | intros; contradiction]|].
  intros _. unfold Rdiv. rewrite Rmult_0_l. lra.
- split.
  + split; intros H.
    * assert (INR i = 1).
      { unfold Rdiv in H.
        assert (E : -1 * 1 * / INR i * INR i = -1 * INR i) by (rewrite H; ring).
        replace (-1 * 1 * / INR i * INR i) with (-1) in E by (field; lra). lra. }
      apply INR_eq. simpl. lra.
    * subst. simpl. lra.
  + intros H2.
    assert (H3 : (3 <= i)%nat).
    { destruct (Nat.eq_dec i 2) as [->|]; [discriminate|lia]. }
    assert (HI3 : 3 <= INR i) by (replace 3 with (INR 3) by (simpl; lra); apply le_INR; lia).
    assert (0 < / INR i <= / 3) by (split; [apply Rinv_0_lt_compat; lra | apply Rinv_le_contravar; lra]).
    unfold Rdiv. nra.
Qed.

(** Past-masked uniform attention at position i of n (positions i..n): |value| = 1 exactly at
    i = n, and at most 1/2 before. *)
Theorem prop11_past_marks_last (n i : nat) : (1 <= i <= n)%nat ->
  (Rabs (uniform (fun j => (-1) ^ j) i (n - i + 1)) = 1 <-> i = n) /\
  ((i < n)%nat -> Rabs (uniform (fun j => (-1) ^ j) i (n - i + 1)) <= 1/2).
Proof.
intros Hi. unfold uniform. rewrite alternating_sum.
set (m := (n - i + 1)%nat).
assert (Hm : (1 <= m)%nat) by (unfold m; lia).
assert (HM : 1 <= INR m) by (replace 1 with (INR 1) by reflexivity; apply le_INR; lia).
assert (Ha : Rabs ((-1) ^ i) = 1).
{ rewrite pow_m1_even; destruct (Nat.even i); [apply Rabs_R1 | rewrite Rabs_left; lra]. }
destruct (Nat.even m) eqn:He.
- assert (Hn1 : m <> 1%nat) by (intros E; rewrite E in He; discriminate).
  unfold Rdiv. rewrite Rmult_0_l, Rabs_R0.
  split; [split; [lra | intros ->; unfold m in *; replace (n - n + 1)%nat with 1%nat in * by lia; contradiction] | intros; lra].
- unfold Rdiv. rewrite Rabs_mult, Ha, Rabs_inv, (Rabs_pos_eq (INR m)) by lra.
  split.
  + split; intros H.
    * assert (INR m = 1) by (apply (Rmult_eq_reg_l (/ INR m)); [|apply Rinv_neq_0_compat; lra];
                              rewrite Rinv_l by lra; lra).
      assert (m = 1%nat) by (apply INR_eq; simpl; lra). unfold m in *. lia.
    * subst i. unfold m. replace (n - n + 1)%nat with 1%nat by lia. simpl. lra.
  + intros Hlt.
    assert (H2 : (2 <= m)%nat) by (unfold m; lia).
    assert (H3 : (3 <= m)%nat).
    { destruct (Nat.eq_dec m 2) as [E|]; [rewrite E in He; discriminate|lia]. }
    assert (3 <= INR m) by (replace 3 with (INR 3) by (simpl; lra); apply le_INR; lia).
    assert (0 < / INR m <= / 3) by (split; [apply Rinv_0_lt_compat; lra | apply Rinv_le_contravar; lra]).
    lra.
Qed.

(** Uniform attention to the indicator of position 1 gives exactly 1/i at position i (future
    mask), and to the indicator of position n exactly 1/(n - i + 1) (past mask). *)
Theorem prop11_first_indicator (i : nat) : (1 <= i)%nat ->
  uniform (fun j => if Nat.eqb j 1 then 1 else 0) 1 i = / INR i.
Proof.
intros Hi. unfold uniform.
assert (rsum (fun j => if Nat.eqb j 1 then 1 else 0) 1 i = 1).
{ induction i as [|i IH]; [lia|].
  destruct i as [|i]; [simpl; ring|].
  simpl rsum in *. rewrite IH by lia.
  replace (Nat.eqb (1 + S i) 1) with false by (symmetry; apply Nat.eqb_neq; lia). ring. }
rewrite H. unfold Rdiv. ring.
Qed.

Theorem prop11_last_indicator (n i : nat) : (1 <= i <= n)%nat ->
  uniform (fun j => if Nat.eqb j n then 1 else 0) i (n - i + 1) = / INR (n - i + 1).
Proof.
intros Hi. unfold uniform.
assert (Hs : forall m, (i + m <= n)%nat ->
          rsum (fun j => if Nat.eqb j n then 1 else 0) i m = 0).
{ induction m as [|m IH]; intros Hm; [reflexivity|].
  simpl. rewrite IH by lia.
  replace (Nat.eqb (i + m) n) with false by (symmetry; apply Nat.eqb_neq; lia). ring. }
replace (n - i + 1)%nat with (S (n - i)) by lia.
simpl rsum. rewrite Hs by lia.
replace (Nat.eqb (i + (n - i)) n) with true by (symmetry; apply Nat.eqb_eq; lia).
unfold Rdiv. ring.
Qed.

(** Softmax over equal scores is exactly uniform: e^c / (m e^c) = 1/m. *)
Lemma softmax_equal_scores (c : R) (m : nat) : (1 <= m)%nat -> exp c / (INR m * exp c) = / INR m.
Proof.
intros Hm. assert (0 < INR m) by (apply lt_0_INR; lia). pose proof (exp_pos c).
field. split; lra.
Qed.
