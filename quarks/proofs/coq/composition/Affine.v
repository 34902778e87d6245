(** * Lemma 5.2 (seed 000): an affine form with prescribed signs at e_0 = 0, e_1, .., e_k.

    Points are e_0 = 0 and the unit vectors e_1 .. e_k of R^k.  The printed polynomial [q_printed]
    misses the sign at e_0 for j = 0 ([lemma5_2_printed_fails_j0], [lemma5_2_printed_refuted]);
    the corrected affine form [q_corrected] has every prescribed sign ([lemma5_2_corrected]), so
    every sign pattern on e_0 .. e_k is realized by an affine form ([lemma5_2]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool.
From Quarks Require Import RSum.
Open Scope R_scope.

Section Lemma52.
Variable k : nat.

(** e_0 = 0 and e_m (1 <= m <= k) the unit vectors of R^k; points are maps from the coordinates
    1..k to R. *)
Definition e (m : nat) : nat -> R := fun i => if Nat.eqb i m then 1 else 0.

(** An affine form q(z) = c0 + sum_{i=1}^k c_i z_i. *)
Definition affine (c0 : R) (c : nat -> R) (z : nat -> R) : R := c0 + rsum (fun i => c i * z i) 1 k.

Lemma affine_e (c0 : R) (c : nat -> R) (m : nat) :
  affine c0 c (e m) = c0 + (if ((1 <=? m) && (m <? 1 + k))%nat then c m else 0).
Proof. unfold affine, e. now rewrite rsum_indicator. Qed.

(** The printed witness (5.5): q(z) = theta_0 - theta_0 z_j + sum_{i != j} (theta_i - theta_0) z_i,
    with z_0 read as 0 (e_0 has no coordinate 0). *)
Definition q_printed (theta : nat -> R) (j : nat) (z : nat -> R) : R :=
  theta 0%nat - theta 0%nat * (if Nat.eqb j 0 then 0 else z j)
  + rsum (fun i => (if Nat.eqb i j then 0 else theta i - theta 0%nat) * z i) 1 k.

Lemma q_printed_e (theta : nat -> R) (j m : nat) :
  q_printed theta j (e m) = theta 0%nat - theta 0%nat * (if Nat.eqb j 0 then 0 else e m j)
    + (if ((1 <=? m) && (m <? 1 + k))%nat then (if Nat.eqb m j then 0 else theta m - theta 0%nat) else 0).
Proof.
unfold q_printed. f_equal.
rewrite <- (rsum_indicator (fun i => if Nat.eqb i j then 0 else theta i - theta 0%nat) m 1 k).
apply rsum_ext. intros i _. reflexivity.
Qed.

(** For 1 <= j <= k the printed witness is right: q(e_j) = 0 and q(e_i) = theta_i for i != j. *)
Theorem lemma5_2_printed (theta : nat -> R) (j : nat) : (1 <= j <= k)%nat ->
  q_printed theta j (e j) = 0 /\
  (forall i, (i <= k)%nat -> i <> j -> q_printed theta j (e i) = theta i).
Proof.
intros Hj. split.
- rewrite q_printed_e. unfold e.
  replace (Nat.eqb j 0) with false by (symmetry; apply Nat.eqb_neq; lia).
  rewrite Nat.eqb_refl.
  replace ((1 <=? j) && (j <? 1 + k))%nat with true
    by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
  ring.
- intros i Hi Hij. rewrite q_printed_e. unfold e.
  replace (Nat.eqb j 0) with false by (symmetry; apply Nat.eqb_neq; lia).
  replace (Nat.eqb j i) with false by (symmetry; apply Nat.eqb_neq; lia).
  replace (Nat.eqb i j) with false by (symmetry; apply Nat.eqb_neq; lia).
  destruct i as [|i].
  + simpl. ring.
  + replace ((1 <=? S i) && (S i <? 1 + k))%nat with true
      by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
    ring.
Qed.

(** At j = 0 the printed witness fails: q(e_0) = theta_0, which is not 0 for a sign theta_0. *)
Theorem lemma5_2_printed_fails_j0 (theta : nat -> R) : theta 0%nat <> 0 -> q_printed theta 0 (e 0) <> 0.
Proof.
intros H0. rewrite q_printed_e. simpl.
replace (theta 0%nat - theta 0%nat * 0 + 0) with (theta 0%nat) by ring. exact H0.
Qed.

(** The printed lemma, read for every j in 0..k, is false (all signs +1, j = 0). *)
Theorem lemma5_2_printed_refuted :
  ~ (forall (theta : nat -> R) (j : nat), (j <= k)%nat -> q_printed theta j (e j) = 0).
Proof.
intros H. apply (lemma5_2_printed_fails_j0 (fun _ => 1)); [lra|]. apply H. lia.
Qed.

(** The corrected witness: the printed one for j >= 1, q(z) = sum_i theta_i z_i for j = 0. *)
Definition q_corrected (theta : nat -> R) (j : nat) : (nat -> R) -> R :=
  if Nat.eqb j 0 then affine 0 theta else q_printed theta j.

(** Its coefficients: c_0 = 0, c_i = theta_i for j = 0; c_0 = theta_0, c_j = -theta_0 and
    c_i = theta_i - theta_0 (i != j) for j >= 1. *)
Definition q_const (theta : nat -> R) (j : nat) : R := if Nat.eqb j 0 then 0 else theta 0%nat.
Definition q_coef (theta : nat -> R) (j : nat) (i : nat) : R :=
  if Nat.eqb j 0 then theta i else if Nat.eqb i j then - theta 0%nat else theta i - theta 0%nat.

(** The corrected witness is affine: q_corrected = affine q_const q_coef at every point. *)
Lemma q_corrected_affine (theta : nat -> R) (j : nat) (z : nat -> R) : (j <= k)%nat ->
  q_corrected theta j z = affine (q_const theta j) (q_coef theta j) z.
Proof.
intros Hj. unfold q_corrected, q_const, q_coef.
destruct (Nat.eqb j 0) eqn:Ej; [reflexivity|].
apply Nat.eqb_neq in Ej. unfold q_printed, affine.
replace (Nat.eqb j 0) with false by (symmetry; apply Nat.eqb_neq; lia).
rewrite (rsum_ext (fun i => (if Nat.eqb i j then - theta 0%nat else theta i - theta 0%nat) * z i)
                  (fun i => (if Nat.eqb i j then 0 else theta i - theta 0%nat) * z i
                        + (- theta 0%nat * z i) * (if Nat.eqb i j then 1 else 0))).
- rewrite rsum_plus, rsum_indicator.
  replace ((1 <=? j) && (j <? 1 + k))%nat with true
    by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
  ring.
- intros i _. destruct (Nat.eqb i j); ring.
Qed.

(** Lemma 5.2, for every j in 0..k and all values theta_i (i != j): the corrected witness is the
    affine form with coefficients q_const, q_coef, and q(e_j) = 0, q(e_i) = theta_i. *)
Theorem lemma5_2_corrected (theta : nat -> R) (j : nat) : (j <= k)%nat ->
  (forall z, q_corrected theta j z = affine (q_const theta j) (q_coef theta j) z) /\
  q_corrected theta j (e j) = 0 /\
  (forall i, (i <= k)%nat -> i <> j -> q_corrected theta j (e i) = theta i).
Proof.
intros Hj. split; [intros z; now apply q_corrected_affine|].
unfold q_corrected.
destruct (Nat.eqb j 0) eqn:Ej.
- apply Nat.eqb_eq in Ej. subst j. split.
  + rewrite affine_e. simpl. ring.
  + intros i Hi Hi0. rewrite affine_e.
    replace ((1 <=? i) && (i <? 1 + k))%nat with true
      by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
    ring.
- apply Nat.eqb_neq in Ej. apply lemma5_2_printed. lia.
Qed.

(** Lemma 5.2: for every j in 0..k there is an affine q(z) = c_0 + sum_i c_i z_i with q(e_j) = 0
    and q(e_i) = theta_i (i != j). *)
Theorem lemma5_2 (theta : nat -> R) (j : nat) : (j <= k)%nat ->
  exists (c0 : R) (c : nat -> R),
    affine c0 c (e j) = 0 /\ forall i, (i <= k)%nat -> i <> j -> affine c0 c (e i) = theta i.
Proof.
intros Hj. exists (q_const theta j), (q_coef theta j).
destruct (lemma5_2_corrected theta j Hj) as [Ha [H0 H1]]. split.
- now rewrite <- Ha.
- intros i Hi Hij. rewrite <- Ha. now apply H1.
Qed.

End Lemma52.
