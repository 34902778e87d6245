(** * The refute gallery, real and integer arithmetic: statements of seeds 001 and 003 that are
    false as printed, and the Coq theorems of their negation (the Boolean ones are in Gallery.v). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz.
Open Scope R_scope.

(** ** navon.d2-metric-as-printed: d_2(y, y') = E|y - y'|^2 is not a metric.  For constant
    predictions d_2 is (y - y')^2, and 0, 1, 2 break the triangle inequality: 4 > 1 + 1. *)
Definition d2_const (y y' : R) : R := (y - y') ^ 2.

Theorem d2_metric_printed :
  ~ (forall y y' y'' : R, d2_const y y'' <= d2_const y y' + d2_const y' y'').
Proof. intros H; specialize (H 0 1 2); unfold d2_const in H; lra. Qed.

(** ** navon.d1-d2-equivalence-as-printed: no constant C has d_2 <= C d_1 for every error Z.
    Z = N with probability p = 1/N^2 (and 0 otherwise) has d_1 = E|Z| = p N = 1/N and
    d_2 = E|Z|^2 = p N^2 = 1. *)
Definition d1_two_point (z p : R) : R := p * Rabs z.
Definition d2_two_point (z p : R) : R := p * z ^ 2.

Theorem d1_d2_equivalence_printed :
  ~ (exists C : R, forall z p : R, 0 <= p <= 1 -> d2_two_point z p <= C * d1_two_point z p).
Proof.
intros [C H].
set (N := Rmax C 1 + 1).
assert (HN1 : 1 < N) by (unfold N; pose proof (Rmax_r C 1); lra).
assert (HNC : C < N) by (unfold N; pose proof (Rmax_l C 1); lra).
assert (Hp : 0 <= / N ^ 2 <= 1).
{ split; [apply Rlt_le, Rinv_0_lt_compat; nra|].
  rewrite <- Rinv_1; apply Rinv_le_contravar; nra. }
specialize (H N (/ N ^ 2) Hp); unfold d1_two_point, d2_two_point in H.
rewrite Rabs_right in H by lra.
(* d_2 = 1 and C d_1 = C / N < 1 *)
replace (/ N ^ 2 * N ^ 2) with 1 in H by (field; lra).
replace (C * (/ N ^ 2 * N)) with (C / N) in H by (field; lra).
apply (Rmult_le_compat_r N) in H; [|lra].
replace (C / N * N) with C in H by (field; lra).
lra.
Qed.

(** ** navon.conclusion1.1-as-printed: with an integer number of layers L = K/d, the degree 3 is
    not optimal for K = B/N = 4: it does not divide 4, and d = 2 and d = 4 both reach
    d^(K/d) = 4, the maximum over the divisors. *)
Theorem conclusion1_1_printed_K4 :
  ~ Nat.divide 3 4 /\ (forall d, Nat.divide d 4 -> (d ^ (4 / d) <= 2 ^ (4 / 2))%nat)
  /\ (2 ^ (4 / 2) = 4 ^ (4 / 4))%nat.
Proof.
split; [intros [q Hq]; lia|]; split; [|reflexivity].
intros d [q Hq].
assert (Hd : (d = 1 \/ d = 2 \/ d = 4)%nat).
{ assert (d <= 4)%nat by (destruct q; [lia | nia]).
  destruct d as [|[|[|[|[|d]]]]]; lia. }
destruct Hd as [-> | [-> | ->]]; simpl; lia.
Qed.

(** ** quarks.self-attention-invariance-as-printed (seed 001): self-attention without position
    embeddings is not permutation invariant.  Two tokens x_0, x_1 in R, W_Q = W_K = W_V = 1:
    the output at position i is sum_j softmax_j(x_i x_j) x_j.  For X = (0, 1) the output at
    position 0 is 1/2; after swapping the tokens it is e/(e + 1). *)
Definition attend (x0 x1 xi : R) : R :=
  (exp (xi * x0) * x0 + exp (xi * x1) * x1) / (exp (xi * x0) + exp (xi * x1)).

Lemma attend_01 : attend 0 1 0 = / 2.
Proof. unfold attend; rewrite !Rmult_0_l, exp_0; field. Qed.

Lemma attend_10 : attend 1 0 1 = exp 1 / (exp 1 + 1).
Proof.
unfold attend; replace (1 * 1) with 1 by ring; replace (1 * 0) with 0 by ring; rewrite exp_0.
field; pose proof (exp_pos 1); lra.
Qed.

Theorem self_attention_invariance_printed :
  ~ (forall x0 x1 : R, attend x1 x0 x1 = attend x0 x1 x0).
Proof.
intros H; specialize (H 0 1); rewrite attend_01, attend_10 in H.
pose proof (exp_ineq1 1 R1_neq_R0) as He.
assert (exp 1 + 1 <> 0) by lra.
apply (Rmult_eq_compat_r (2 * (exp 1 + 1))) in H.
replace (exp 1 / (exp 1 + 1) * (2 * (exp 1 + 1))) with (2 * exp 1) in H by (field; lra).
replace (/ 2 * (2 * (exp 1 + 1))) with (exp 1 + 1) in H by field.
lra.
Qed.
