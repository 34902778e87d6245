(** * Finite sums of reals over consecutive naturals, shared by the real-valued theories.

    [rsum f a m] = f a + .. + f (a + m - 1), with extensionality ([rsum_ext]), linearity
    ([rsum_plus], [rsum_scal]) and the sum of an indicator ([rsum_indicator]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool.
Open Scope R_scope.

(** sum_{k < m} f (a + k): the terms at a, a+1, .., a+m-1. *)
Fixpoint rsum (f : nat -> R) (a m : nat) : R :=
  match m with O => 0 | S m' => rsum f a m' + f (a + m')%nat end.

Lemma rsum_ext (f g : nat -> R) (a m : nat) :
  (forall j, (a <= j < a + m)%nat -> f j = g j) -> rsum f a m = rsum g a m.
Proof.
induction m as [|m IH]; intros H; [reflexivity|].
simpl; rewrite IH, H; [reflexivity|lia|intros; apply H; lia].
Qed.

Lemma rsum_plus (f g : nat -> R) (a m : nat) : rsum (fun j => f j + g j) a m = rsum f a m + rsum g a m.
Proof. induction m as [|m IH]; simpl; [ring|rewrite IH; ring]. Qed.

Lemma rsum_scal (c : R) (f : nat -> R) (a m : nat) : rsum (fun j => c * f j) a m = c * rsum f a m.
Proof. induction m as [|m IH]; simpl; [ring|rewrite IH; ring]. Qed.

(** A sum of c_j [j = t] over a..a+m-1 is c_t when t is in range, 0 otherwise. *)
Lemma rsum_indicator (c : nat -> R) (t a m : nat) :
  rsum (fun j => c j * (if Nat.eqb j t then 1 else 0)) a m
  = if ((a <=? t) && (t <? a + m))%nat then c t else 0.
Proof.
induction m as [|m IH].
- simpl. replace (a + 0)%nat with a by lia.
  destruct (a <=? t)%nat eqn:E1; destruct (t <? a)%nat eqn:E2; simpl; try reflexivity.
  apply Nat.leb_le in E1; apply Nat.ltb_lt in E2; lia.
- simpl rsum. rewrite IH.
  destruct (Nat.eqb (a + m) t) eqn:Et.
  + apply Nat.eqb_eq in Et. subst t.
    replace ((a <=? a + m) && (a + m <? a + m))%nat with false
      by (symmetry; apply andb_false_iff; right; apply Nat.ltb_ge; lia).
    replace ((a <=? a + m) && (a + m <? a + S m))%nat with true
      by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
    ring.
  + apply Nat.eqb_neq in Et.
    replace ((a <=? t) && (t <? a + S m))%nat with ((a <=? t) && (t <? a + m))%nat.
    * destruct ((a <=? t) && (t <? a + m))%nat; ring.
    * destruct (a <=? t)%nat; simpl; [|reflexivity].
      destruct (t <? a + m)%nat eqn:E1; destruct (t <? a + S m)%nat eqn:E2; try reflexivity.
      -- apply Nat.ltb_lt in E1; apply Nat.ltb_ge in E2; lia.
      -- apply Nat.ltb_ge in E1; apply Nat.ltb_lt in E2; lia.
Qed.
