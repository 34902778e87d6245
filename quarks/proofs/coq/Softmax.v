(** * Seed 004, Lemmas 6 and 7: softmax with a clear winner is close to hardmax in L1. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz.
From Quarks Require Import RSum.
Open Scope R_scope.

(** ** General facts about [rsum]. *)

Lemma rsum_le (f g : nat -> R) (a m : nat) :
  (forall j, (a <= j < a + m)%nat -> f j <= g j) -> rsum f a m <= rsum g a m.
Proof.
induction m as [|m IH]; intros H; simpl; [lra|].
apply Rplus_le_compat; [apply IH; intros; apply H; lia | apply H; lia].
Qed.

Lemma rsum_nonneg (f : nat -> R) (a m : nat) :
  (forall j, (a <= j < a + m)%nat -> 0 <= f j) -> 0 <= rsum f a m.
Proof.
intros H. induction m as [|m IH]; simpl; [lra|].
assert (0 <= f (a + m)%nat) by (apply H; lia).
assert (0 <= rsum f a m) by (apply IH; intros; apply H; lia). lra.
Qed.

Lemma rsum_const (c : R) (a m : nat) : rsum (fun _ => c) a m = INR m * c.
Proof. induction m as [|m IH]; simpl rsum; [simpl; ring|rewrite IH, S_INR; ring]. Qed.

(** Split off the first term, and shift the index by one. *)
Lemma rsum_first (f : nat -> R) (a m : nat) : rsum f a (S m) = f a + rsum f (S a) m.
Proof.
induction m as [|m IH]; simpl rsum in *.
- rewrite Nat.add_0_r. ring.
- rewrite IH. replace (a + S m)%nat with (S a + m)%nat by lia. simpl. ring.
Qed.

Lemma rsum_shift (f : nat -> R) (a m : nat) : rsum f (S a) m = rsum (fun j => f (S j)) a m.
Proof. induction m as [|m IH]; simpl; [reflexivity|rewrite IH; reflexivity]. Qed.

(** sum_{k < m1 + m2} = sum_{k < m1} + the next m2 terms. *)
Lemma rsum_split (f : nat -> R) (a m1 m2 : nat) :
  rsum f a (m1 + m2) = rsum f a m1 + rsum f (a + m1) m2.
Proof.
induction m2 as [|m2 IH]; simpl rsum.
- rewrite Nat.add_0_r. ring.
- rewrite Nat.add_succ_r. simpl rsum. rewrite IH, Nat.add_assoc. ring.
Qed.

(** Reversal: sum_{j < t} g (t - j) = sum_{m = 1}^{t} g m. *)
Lemma rsum_reverse (g : nat -> R) (t : nat) : rsum (fun j => g (t - j)%nat) 0 t = rsum g 1 t.
Proof.
induction t as [|t IH]; [reflexivity|].
rewrite rsum_first, rsum_shift. simpl (S t - 0)%nat.
rewrite (rsum_ext (fun j => g (S t - S j)%nat) (fun j => g (t - j)%nat)) by (intros; f_equal).
rewrite IH. simpl rsum. replace (1 + t)%nat with (S t) by lia. ring.
Qed.

(** Geometric partial sums: (1 - q) sum_{m=1}^{M} q^m = q - q^(M+1), so the sum is at most
    q / (1 - q) when 0 <= q < 1. *)
Lemma rsum_geom (q : R) (M : nat) : (1 - q) * rsum (fun m => q ^ m) 1 M = q - q ^ (S M).
Proof.
induction M as [|M IH]; simpl rsum; [simpl; ring|].
rewrite Rmult_plus_distr_l, IH. replace (1 + M)%nat with (S M) by lia. simpl. ring.
Qed.

Lemma rsum_geom_le (q : R) (M : nat) : 0 <= q < 1 -> rsum (fun m => q ^ m) 1 M <= q / (1 - q).
Proof.
intros Hq. pose proof (rsum_geom q M) as E.
assert (0 <= q ^ S M) by (apply pow_le; lra).
apply Rle_div_r; [lra|]. lra.
Qed.

(** ** Softmax, hardmax and their L1 distance over positions 0..n-1. *)

(** The normaliser Z = sum_k exp(s_k). *)
Definition Z (s : nat -> R) (n : nat) : R := rsum (fun k => exp (s k)) 0 n.

Definition softmax (s : nat -> R) (n j : nat) : R := exp (s j) / Z s n.

(** The unit vector e_t: hardmax when the maximum is at t and unique. *)
Definition e (t j : nat) : R := if Nat.eqb j t then 1 else 0.

Definition l1 (s : nat -> R) (n t : nat) : R := rsum (fun j => Rabs (softmax s n j - e t j)) 0 n.

(** The mass off t: sum_{j != t} exp(s_j). *)
Definition rest (s : nat -> R) (n t : nat) : R := rsum (fun j => if Nat.eqb j t then 0 else exp (s j)) 0 n.

Lemma rest_nonneg (s : nat -> R) (n t : nat) : 0 <= rest s n t.
Proof.
apply rsum_nonneg. intros j _. destruct (Nat.eqb j t); [lra|apply Rlt_le, exp_pos].
Qed.

(** Z = exp(s_t) + sum_{j != t} exp(s_j). *)
Lemma Z_rest (s : nat -> R) (n t : nat) : (t < n)%nat -> Z s n = exp (s t) + rest s n t.
Proof.
intros Ht. unfold rest, Z.
rewrite (rsum_ext (fun j => if Nat.eqb j t then 0 else exp (s j))
                  (fun j => exp (s j) + (- exp (s j)) * (if Nat.eqb j t then 1 else 0)))
  by (intros j _; destruct (Nat.eqb j t); ring).
rewrite rsum_plus, rsum_indicator.
replace ((0 <=? t) && (t <? 0 + n))%nat with true
  by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
ring.
Qed.

Lemma Z_ge (s : nat -> R) (n t : nat) : (t < n)%nat -> exp (s t) <= Z s n.
Proof. intros Ht. rewrite (Z_rest s n t Ht). pose proof (rest_nonneg s n t). lra. Qed.

Lemma Z_pos (s : nat -> R) (n t : nat) : (t < n)%nat -> 0 < Z s n.
Proof. intros Ht. pose proof (Z_ge s n t Ht). pose proof (exp_pos (s t)). lra. Qed.

(** Softmax is a probability vector. *)
Lemma softmax_sum (s : nat -> R) (n t : nat) : (t < n)%nat -> rsum (softmax s n) 0 n = 1.
Proof.
intros Ht. pose proof (Z_pos s n t Ht).
unfold softmax. rewrite (rsum_ext _ (fun j => / Z s n * exp (s j))) by (intros; unfold Rdiv; ring).
rewrite rsum_scal. fold (Z s n). field. lra.
Qed.

Lemma softmax_bounds (s : nat -> R) (n t j : nat) : (t < n)%nat -> (j < n)%nat ->
  0 <= softmax s n j <= 1.
Proof.
intros Ht Hj. pose proof (Z_pos s n t Ht). pose proof (Z_ge s n j Hj).
pose proof (exp_pos (s j)). unfold softmax. split.
- apply Rlt_le, Rdiv_lt_0_compat; lra.
- apply Rle_div_l; lra.
Qed.

(** The L1 distance from softmax to e_t is 2 (1 - softmax_t) = 2 sum_{j != t} exp(s_j) / Z. *)
Lemma softmax_l1_to_e (s : nat -> R) (n t : nat) : (t < n)%nat ->
  l1 s n t = 2 * (1 - softmax s n t) /\ l1 s n t = 2 * rest s n t / Z s n.
Proof.
intros Ht.
assert (E1 : l1 s n t = 2 * (1 - softmax s n t)).
{ unfold l1.
  rewrite (rsum_ext _ (fun j => softmax s n j + (1 - 2 * softmax s n j) * (if Nat.eqb j t then 1 else 0))).
  2: { intros j Hj. pose proof (softmax_bounds s n t j Ht ltac:(lia)). unfold e.
       destruct (Nat.eqb j t) eqn:E.
       - rewrite Rabs_left1 by lra. ring.
       - rewrite Rabs_pos_eq by lra. ring. }
  rewrite rsum_plus, rsum_indicator, (softmax_sum s n t Ht).
  replace ((0 <=? t) && (t <? 0 + n))%nat with true
    by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
  ring. }
split; [exact E1|]. rewrite E1.
pose proof (Z_pos s n t Ht). pose proof (Z_rest s n t Ht).
unfold softmax. field_simplify; [|lra|lra]. f_equal. lra.
Qed.
