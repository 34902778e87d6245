(** * Seed 003: the budget objectives have the maximisers of their exponents (eqs. (4), (17), (2)).

    Under the budget B = L d N the objective d^(L dx) is exp(K h(d)) with h(d) = ln(d)/d
    ([budget_objective_eq]), so it has h's real maximiser e and integer maximiser 3
    (NavonOptimum.v; [budget_objective_optimum], [budget_objective_integer_optimum]); likewise
    for the objective of eq. (2) through g ([budget_objective_eq2_optimum], ..). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz.
From Coquelicot Require Import Coquelicot.
From Quarks Require Import NavonOptimum.
Open Scope R_scope.

(** Under B = L d N, d^(L dx) with L = B/(d N) is d^(K/d) = exp(K h(d)), K = B dx / N. *)
Lemma budget_objective_eq (K d : R) : 0 < d -> Rpower d (K / d) = exp (K * h d).
Proof. intros Hd; unfold Rpower, h; f_equal; field; lra. Qed.

(** exp(K h) is strictly increasing in h for K > 0, so the objective has h's maximiser: d = e over
    the reals ... *)
Theorem budget_objective_optimum (K d : R) :
  0 < K -> 0 < d -> d <> exp 1 -> Rpower d (K / d) < Rpower (exp 1) (K / exp 1).
Proof.
intros HK Hd Hne.
rewrite !budget_objective_eq by (try apply exp_pos; lra).
apply exp_increasing, Rmult_lt_compat_l; [lra|].
now apply degree_optimum.
Qed.

(** ... and d = 3 over the integers d >= 1. *)
Theorem budget_objective_integer_optimum (K : R) (d : nat) :
  0 < K -> (1 <= d)%nat -> d <> 3%nat -> Rpower (INR d) (K / INR d) < Rpower 3 (K / 3).
Proof.
intros HK H1 H3.
assert (Hd : 0 < INR d) by (apply lt_0_INR; lia).
rewrite !budget_objective_eq by lra.
apply exp_increasing, Rmult_lt_compat_l; [lra|].
now apply integer_optimum.
Qed.

(** ** Eq. (2) with eq. (4): d - 1 weight matrices per layer, g(d) = ln d / (d - 1) *)
Definition g (d : R) : R := ln d / (d - 1).

(** ln d > 1 - 1/d for d > 1 (exp(y) > 1 + y at y = -ln d). *)
Lemma ln_gt_1_minus_inv (d : R) : 1 < d -> 1 - / d < ln d.
Proof.
intros Hd.
assert (Hy : - ln d <> 0).
{ assert (0 < ln d) by (rewrite <- ln_1; apply ln_increasing; lra). lra. }
pose proof (exp_ineq1 (- ln d) Hy) as He.
rewrite exp_Ropp, exp_ln in He by lra.
lra.
Qed.

Lemma g_derive (x : R) : 1 < x -> is_derive g x ((/ x * (x - 1) - ln x * 1) / (x - 1) ^ 2).
Proof.
intros Hx.
apply (is_derive_div ln (fun t => t - 1) x (/ x) 1).
- apply is_derive_ln; lra.
- auto_derive; [exact I | ring].
- lra.
Qed.

(** g is strictly decreasing on (1, oo): g'(x) = (1 - 1/x - ln x)/(x - 1)^2 < 0. *)
Theorem g_decreasing (x y : R) : 1 < x -> x < y -> g y < g x.
Proof.
intros Hx Hxy.
assert (H : forall t u, 1 < t -> t < u -> - g t < - g u).
{ intros t u Ht Htu.
  apply (incr_function (fun s => - g s) (Finite 1) p_infty
           (fun s => - ((/ s * (s - 1) - ln s * 1) / (s - 1) ^ 2))).
  - intros s Hs _. simpl in Hs. exact (is_derive_opp g s _ (g_derive s Hs)).
  - intros s Hs _. simpl in Hs.
    assert (0 < (s - 1) ^ 2) by (apply pow_lt; lra).
    assert (0 < / (s - 1) ^ 2) by (apply Rinv_0_lt_compat; lra).
    pose proof (ln_gt_1_minus_inv s Hs) as Hl.
    assert (Hn : / s * (s - 1) - ln s * 1 < 0).
    { replace (/ s * (s - 1)) with (1 - / s) by (field; lra). lra. }
    unfold Rdiv. nra.
  - simpl; lra.
  - exact Htu.
  - easy. }
pose proof (H x y Hx Hxy). lra.
Qed.

(** With d - 1 matrices per layer (eq. (2)), B = L (d - 1) N and the objective is
    d^(K/(d-1)) = exp(K g(d)): strictly decreasing in d > 1, so d = 2 is the integer optimum. *)
Lemma budget_eq2_eq (K d : R) : 1 < d -> Rpower d (K / (d - 1)) = exp (K * g d).
Proof. intros Hd; unfold Rpower, g; f_equal; field; lra. Qed.

Theorem budget_objective_eq2_optimum (K x y : R) :
  0 < K -> 1 < x -> x < y -> Rpower y (K / (y - 1)) < Rpower x (K / (x - 1)).
Proof.
intros HK Hx Hxy.
rewrite !budget_eq2_eq by lra.
apply exp_increasing, Rmult_lt_compat_l; [lra|].
now apply g_decreasing.
Qed.

Theorem budget_objective_eq2_integer_optimum (K : R) (d : nat) :
  0 < K -> (3 <= d)%nat -> Rpower (INR d) (K / (INR d - 1)) < Rpower 2 (K / (2 - 1)).
Proof.
intros HK Hd.
assert (H3 : 3 <= INR d) by (replace 3 with (INR 3) by (simpl; lra); now apply le_INR).
apply budget_objective_eq2_optimum; lra.
Qed.

(** The derivative of exp(K h(d)) is K h'(d) exp(K h(d)): a positive multiple of h'(d) when K > 0. *)
Lemma budget_objective_derive (K d : R) :
  0 < d -> is_derive (fun x => exp (K * h x)) d (K * ((1 - ln d) / d ^ 2) * exp (K * h d)).
Proof.
intros Hd.
replace (K * ((1 - ln d) / d ^ 2) * exp (K * h d)) with (K * ((1 - ln d) / d ^ 2) * exp (K * h d)) by ring.
apply (is_derive_comp exp (fun x => K * h x) d (exp (K * h d)) (K * ((1 - ln d) / d ^ 2))).
- apply is_derive_exp.
- apply (is_derive_scal h d K). exact (h_derive d Hd).
Qed.
