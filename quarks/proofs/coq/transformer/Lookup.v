(** * Seed 004, Lemma 7 (table lookup) with the constant 2 (2 + tau) e^(-1/tau).

    From 1/(1 - e^(-x)) <= 1 + 1/x ([inv_one_minus_exp_le]) and Softmax.v's geometric tails:
    Lemma 6 for scores falling off quadratically ([lemma6_quadratic]) and the table-lookup bound
    with the sharp constant ([lemma7_lookup_sharp]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool.
From Quarks Require Import RSum Softmax.
Open Scope R_scope.

(** 1 / (1 - e^(-x)) <= 1 + 1/x for x > 0: from 1 + x <= e^x we get e^(-x) <= 1 / (1 + x),
    so 1 - e^(-x) >= x / (1 + x). *)
Lemma inv_one_minus_exp_le (x : R) : 0 < x -> 1 / (1 - exp (- x)) <= 1 + 1 / x.
Proof.
intros Hx. pose proof (exp_ineq1 x ltac:(lra)) as H1.
pose proof (exp_pos x). pose proof (exp_pos (- x)).
assert (E : exp (- x) * exp x = 1) by (rewrite <- exp_plus; replace (- x + x) with 0 by ring; apply exp_0).
assert (Hq : exp (- x) * (1 + x) <= 1) by nra.
assert (0 < 1 - exp (- x)) by nra.
apply div_le; [lra|].
replace ((1 + 1 / x) * (1 - exp (- x))) with ((x + 1 - exp (- x) * (1 + x)) / x) by (field; lra).
apply le_div; lra.
Qed.

(** Quadratic fall-off: if s_j <= s_t - p (j - t)^2 for all j, with p > 0, then since
    d^2 >= 2 d - 1, each off-t term is at most e^p q^d with q = e^(-2p), so each side of t
    contributes at most e^p q / (1 - q) = e^(-p) / (1 - e^(-2p)) <= e^(-p) (1 + 1/(2p)),
    and the L1 distance is at most 2 (2 + 1/p) e^(-p). *)
Lemma lemma6_quadratic (s : nat -> R) (n t : nat) (p : R) : (t < n)%nat -> 0 < p ->
  (forall j, (j < n)%nat -> s j <= s t - p * (INR j - INR t) ^ 2) ->
  l1 s n t <= 2 * (2 + 1 / p) * exp (- p).
Proof.
intros Ht Hp Hs. set (q := exp (- (2 * p))).
assert (Hq : 0 <= q < 1).
{ unfold q. split; [apply Rlt_le, exp_pos|]. rewrite <- exp_0. apply exp_increasing. lra. }
(* one term at distance d from t: -p d^2 <= p - 2 p d *)
assert (Hterm : forall j d, (j < n)%nat -> (INR j - INR t) ^ 2 = INR d ^ 2 ->
                exp (s j - s t) <= exp p * q ^ d).
{ intros j d Hj Hd. unfold q. rewrite <- exp_mult_nat, <- exp_plus. apply exp_mono.
  specialize (Hs j Hj). rewrite Hd in Hs.
  assert (0 <= p * (INR d - 1) ^ 2) by (apply Rmult_le_pos; [lra|apply pow2_ge_0]). nra. }
(* the geometric bound for one side *)
assert (Hside : exp p * (q / (1 - q)) <= exp (- p) * (1 + 1 / (2 * p))).
{ pose proof (inv_one_minus_exp_le (2 * p) ltac:(lra)) as Hinv. fold q in Hinv.
  assert (Eq : exp p * q = exp (- p)).
  { unfold q. rewrite <- exp_plus. f_equal. ring. }
  replace (exp p * (q / (1 - q))) with (exp p * q * (1 / (1 - q))) by (field; lra).
  rewrite Eq. apply Rmult_le_compat_l; [apply Rlt_le, exp_pos | exact Hinv]. }
set (F := fun j => if Nat.eqb j t then 0 else exp (s j - s t)).
assert (Hsplit : rsum F 0 n = rsum F 0 t + rsum F (t + 1) (n - t - 1)).
{ replace n with (t + S (n - t - 1))%nat at 1 by lia.
  rewrite rsum_split, rsum_first. simpl (0 + t)%nat.
  replace (t + 1)%nat with (S t) by lia.
  unfold F at 2. rewrite Nat.eqb_refl. ring. }
assert (Hleft : rsum F 0 t <= exp p * (q / (1 - q))).
{ apply Rle_trans with (rsum (fun j => exp p * q ^ (t - j)) 0 t).
  2: { rewrite (rsum_reverse (fun m => exp p * q ^ m)), rsum_scal.
       apply Rmult_le_compat_l; [apply Rlt_le, exp_pos | apply rsum_geom_le, Hq]. }
  apply rsum_le. intros j Hj. unfold F.
  replace (Nat.eqb j t) with false by (symmetry; apply Nat.eqb_neq; lia).
  apply Hterm; [lia|]. rewrite minus_INR by lia. ring. }
assert (Hright : rsum F (t + 1) (n - t - 1) <= exp p * (q / (1 - q))).
{ rewrite rsum_shift_by.
  apply Rle_trans with (rsum (fun m => exp p * q ^ m) 1 (n - t - 1)).
  2: { rewrite rsum_scal. apply Rmult_le_compat_l; [apply Rlt_le, exp_pos | apply rsum_geom_le, Hq]. }
  apply rsum_le. intros j Hj. unfold F.
  replace (Nat.eqb (t + j) t) with false by (symmetry; apply Nat.eqb_neq; lia).
  apply Hterm; [lia|]. rewrite plus_INR. ring. }
destruct (softmax_l1_to_e s n t Ht) as [_ ->].
pose proof (off_mass_over_partition s n t Ht) as H. rewrite off_mass_rel in H. fold F in H.
assert (E : 2 * (2 + 1 / p) * exp (- p) = 2 * (exp (- p) * (1 + 1 / (2 * p)) + exp (- p) * (1 + 1 / (2 * p))))
  by (field; lra).
rewrite E. unfold Rdiv in *. lra.
Qed.

(** Lemma 7 (table lookup), our constant: the scores s_j = (2 i j - j^2) / tau satisfy
    s_j - s_i = -(j - i)^2 / tau exactly, so the quadratic fall-off form with p = 1/tau bounds the
    L1 distance from softmax to e_i by 2 (2 + tau) e^(-1/tau), for every n and every tau > 0. *)
Theorem lemma7_lookup_sharp (n i : nat) (tau : R) : (i < n)%nat -> 0 < tau ->
  l1 (fun j => (2 * INR i * INR j - INR j ^ 2) / tau) n i <= 2 * (2 + tau) * exp (- (1 / tau)).
Proof.
intros Hi Htau.
replace (2 * (2 + tau)) with (2 * (2 + 1 / (1 / tau))) by (field; lra).
apply lemma6_quadratic; [exact Hi | apply Rdiv_lt_0_compat; lra |].
intros j _. right. field. lra.
Qed.
