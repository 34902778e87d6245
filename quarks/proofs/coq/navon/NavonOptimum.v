(** * Seed 003: the integer optimum of h(d) = ln(d)/d (Conclusion 1.1 read over the integers).

    h' = (1 - ln d)/d^2 ([h_derive]): h increases on (0, e] and decreases on [e, oo)
    ([h_increasing], [h_decreasing], [h_critical], [degree_optimum]); over the integers d >= 1
    its maximum is at d = 3 ([integer_optimum], from 3^d > d^3 for d >= 4 and h(4) = h(2)). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz.
From Coquelicot Require Import Coquelicot.
Open Scope R_scope.

(** h(d) = ln d / d, the objective of seed 003, eq. (5). *)
Definition h (d : R) : R := ln d / d.

(** 3^d > d^3 for every natural d >= 4 (then 3^d grows by 3 while d^3 grows by less). *)
Lemma pow3_gt_cube (d : nat) : (4 <= d)%nat -> (d ^ 3 < 3 ^ d)%nat.
Proof.
induction d as [|d IH]; intros Hd; [lia|].
destruct (Nat.eq_dec d 3) as [->|Hne]; [simpl; lia|].
assert (H4 : (4 <= d)%nat) by lia.
specialize (IH H4).
rewrite (Nat.pow_succ_r' 3 d).
assert (S d ^ 3 <= 3 * d ^ 3)%nat.
{ replace (S d ^ 3)%nat with ((d + 1) * (d + 1) * (d + 1))%nat by (simpl; ring).
  replace (d ^ 3)%nat with (d * d * d)%nat by (simpl; ring).
  assert (d * d >= 4 * d)%nat by nia.
  assert (d * d * d >= 4 * (d * d))%nat by nia.
  nia. }
lia.
Qed.

(** For naturals a, b with a^3 < 3^a ... the comparison of h reduces to one of integer powers:
    d ln 3 > 3 ln d iff 3^d > d^3. *)
Lemma h_lt_h3 (d : nat) : (1 <= d)%nat -> (d ^ 3 < 3 ^ d)%nat -> h (INR d) < h 3.
Proof.
intros H1 Hp.
assert (Hd : 0 < INR d) by (apply lt_0_INR; lia).
unfold h.
apply (Rmult_lt_reg_r (3 * INR d)); [lra|].
replace (ln (INR d) / INR d * (3 * INR d)) with (INR 3 * ln (INR d)) by (simpl; field; lra).
replace (ln 3 / 3 * (3 * INR d)) with (INR d * ln 3) by (field; lra).
rewrite <- !ln_pow by lra.
apply ln_increasing.
- apply pow_lt; exact Hd.
- rewrite <- !pow_INR. replace 3 with (INR 3) by (simpl; lra). rewrite <- pow_INR. apply lt_INR; exact Hp.
Qed.

(** navon.integer-optimum: among the integers d >= 1, d = 3 is the unique maximiser of h. *)
Theorem integer_optimum (d : nat) : (1 <= d)%nat -> d <> 3%nat -> h (INR d) < h 3.
Proof.
intros H1 H3.
apply h_lt_h3; [exact H1|].
destruct (le_lt_dec 4 d) as [H4|H4]; [now apply pow3_gt_cube|].
assert (d = 1 \/ d = 2)%nat as [->| ->] by lia; simpl; lia.
Qed.

(** h(4) = h(2): the runner-up value is attained twice (ln 4 = 2 ln 2). *)
Lemma h4_eq_h2 : h 4 = h 2.
Proof.
unfold h. replace 4 with (2 * 2) by lra. rewrite ln_mult by lra. field.
Qed.

(** ** The real optimum d* = e (seed 003, eq. (5)) *)

(** h'(d) = (1 - ln d) / d^2 on (0, oo). *)
Lemma h_derive (x : R) : 0 < x -> is_derive h x ((1 - ln x) / x ^ 2).
Proof.
intros Hx.
pose proof (is_derive_div ln (fun t => t) x (/ x) 1 (is_derive_ln x Hx) (is_derive_id x) (Rgt_not_eq _ _ Hx)) as Hd.
replace ((1 - ln x) / x ^ 2) with ((/ x * x - ln x * 1) / x ^ 2) by (field; lra).
exact Hd.
Qed.

(** h(e) > h(d) for every d > 0 other than e: ln d < d/e, i.e. exp(ln d - 1) > 1 + (ln d - 1). *)
Theorem degree_optimum (d : R) : 0 < d -> d <> exp 1 -> h d < h (exp 1).
Proof.
intros Hd Hne.
unfold h; rewrite ln_exp.
assert (Hy : ln d - 1 <> 0).
{ intros H. apply Hne. rewrite <- (exp_ln d Hd). f_equal. lra. }
pose proof (exp_ineq1 (ln d - 1) Hy) as Hexp.
assert (Hq : exp (ln d - 1) = d / exp 1).
{ unfold Rminus. rewrite exp_plus, exp_ln by exact Hd. rewrite exp_Ropp. reflexivity. }
rewrite Hq in Hexp.
pose proof (exp_pos 1) as He.
apply (Rmult_lt_reg_r (d * exp 1)); [nra|].
replace (ln d / d * (d * exp 1)) with (ln d * exp 1) by (field; lra).
replace (1 / exp 1 * (d * exp 1)) with d by (field; lra).
apply (Rmult_lt_reg_r (/ exp 1)); [apply Rinv_0_lt_compat; lra|].
replace (ln d * exp 1 * / exp 1) with (ln d) by (field; lra).
replace (d * / exp 1) with (d / exp 1) by (unfold Rdiv; ring).
lra.
Qed.

(** h is strictly increasing on (0, e]: its derivative is positive on (0, e). *)
Theorem h_increasing (x y : R) : 0 < x -> x < y -> y <= exp 1 -> h x < h y.
Proof.
intros Hx Hxy Hy.
destruct (Req_dec y (exp 1)) as [->|Hne].
- apply degree_optimum; [exact Hx|lra].
- apply (incr_function h (Finite 0) (Finite (exp 1)) (fun t => (1 - ln t) / t ^ 2)); simpl; try lra.
  + intros t Ht _; apply h_derive; exact Ht.
  + intros t Ht Hte.
    assert (0 < t ^ 2) by (apply pow_lt; lra).
    apply Rdiv_lt_0_compat; [|assumption].
    rewrite <- (ln_exp 1) at 1. apply Rlt_Rminus. now apply ln_increasing.
Qed.

(** h is strictly decreasing on [e, oo): its derivative is negative on (e, oo). *)
Theorem h_decreasing (x y : R) : exp 1 <= x -> x < y -> h y < h x.
Proof.
intros Hx Hxy.
pose proof (exp_pos 1) as He.
destruct (Req_dec x (exp 1)) as [->|Hne].
- apply degree_optimum; lra.
- assert (H : forall t u, exp 1 < t -> t < u -> - h t < - h u).
  { intros t u Ht Htu.
    apply (incr_function (fun s => - h s) (Finite (exp 1)) p_infty (fun s => - ((1 - ln s) / s ^ 2))).
    - intros s Hs _. simpl in Hs. exact (is_derive_opp h s _ (h_derive s ltac:(lra))).
    - intros s Hs _. simpl in Hs.
      assert (0 < s ^ 2) by (apply pow_lt; lra).
      assert (1 < ln s) by (rewrite <- (ln_exp 1); apply ln_increasing; lra).
      assert ((1 - ln s) / s ^ 2 < 0).
      { assert (0 < / s ^ 2) by (apply Rinv_0_lt_compat; lra).
        unfold Rdiv. nra. }
      lra.
    - simpl; lra.
    - exact Htu.
    - easy. }
  pose proof (H x y ltac:(lra) Hxy). lra.
Qed.

(** The only critical point of h on (0, oo) is e, and the maximum value is h(e) = 1/e. *)
Lemma h_critical (x : R) : 0 < x -> ((1 - ln x) / x ^ 2 = 0 <-> x = exp 1).
Proof.
intros Hx; split.
- intros H0.
  assert (Hx2 : x ^ 2 <> 0) by (apply pow_nonzero; lra).
  assert (Hl : ln x = 1).
  { unfold Rdiv in H0. apply Rmult_integral in H0 as [H0|H0]; [lra|].
    exfalso; exact (Rinv_neq_0_compat _ Hx2 H0). }
  rewrite <- (exp_ln x Hx), Hl; reflexivity.
- intros ->. rewrite ln_exp. unfold Rdiv. ring.
Qed.

Lemma h_e : h (exp 1) = / exp 1.
Proof. unfold h; rewrite ln_exp; unfold Rdiv; ring. Qed.
