(** * Zuev's chain, Lemma 13 of ../shared/zuev.md: the analytic inequalities for n >= 2900.

    With x = n >= 2900, L = ln x, rho = 3.96 x/L, t = 1/L in (0, 1/ln 2900]:
    - [phi1_t], [phi2_t]: two inequalities in t alone, by [interval] with bisection (the functions
      phi1, phi2 of zuev.md multiplied by t, with 6/x and sqrt(2/x) bounded by their values at
      2900: no unbounded range is left);
    - [L1_bound] (Lemma 13(iii)): 2^(2N+p) sqrt(80/(3N))^u <= 1/8 when p <= N - rho and
      u >= N - p/3, written as exp(..) <= 1/8;
    - [L2_bound] (Lemma 13(iv)): 2^(2N) sqrt(2/p)^(N-p) exp(p sqrt(2/p)) <= 1/8 when
      x - rho <= p <= x and N - p >= rho;
    - [psi_all] (Lemma 13(v)): ln x/x + (ln x)^2/ln 2 <= 0.04 x for every x >= 2900 ([interval] on
      [2900, 2e6], beyond by ln x <= 4 x^(1/4));
    - [rho_le_half]: 0 <= rho <= x/2. *)
From Coq Require Import Reals Lra Lia.
From Interval Require Import Tactic.
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect.
From Quarks Require Import ZuevBounds.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Local Open Scope R_scope.

(** ** Lemma 13 (iii)-(v): the analytic inequalities, by [interval] in t = 1/ln n *)

Lemma phi1_t t : 0 <= t <= / ln 2900 ->
  t * (3 + 6 / 2900 - 3.96 * t) * ln 2 <= (2 + 3.96 * t) / 6 * (1 - t * ln (80 / 3)).
Proof. move=> H; apply: Rminus_le; interval with (i_prec 60, i_bisect t, i_depth 20). Qed.

Lemma phi2_t t : 0 <= t <= / ln 2900 ->
  (2 + 5 / 2900) * ln 2 + sqrt (2 / 2900) <= 3.96 / 2 * (1 + t * (ln (1 - 3.96 * t) - ln 2)).
Proof. move=> H; apply: Rminus_le; interval with (i_prec 60, i_bisect t, i_depth 20). Qed.

Lemma psi_mid x : 2900 <= x <= 2e6 -> ln x / x + ln x ^ 2 / ln 2 <= 0.04 * x.
Proof. move=> H; apply: Rminus_le; interval with (i_prec 60, i_bisect x, i_depth 30). Qed.

Lemma exp_mono a b : a <= b -> exp a <= exp b.
Proof. by case/Rle_lt_or_eq_dec => [h|->]; [apply: Rlt_le; apply: exp_increasing | apply: Rle_refl]. Qed.

Lemma ln_mono a b : 0 < a -> a <= b -> ln a <= ln b.
Proof. by move=> ha; case/Rle_lt_or_eq_dec => [h|->]; [apply: Rlt_le; apply: ln_increasing | apply: Rle_refl]. Qed.

Lemma pow_exp a k : 0 < a -> a ^ k = exp (INR k * ln a).
Proof. by move=> ha; rewrite -{1}(exp_ln a ha) exp_pow. Qed.

Lemma ln_sqrt y : 0 < y -> ln (sqrt y) = ln y / 2.
Proof.
move=> hy; have hs := sqrt_lt_R0 _ hy.
have := ln_mult _ _ hs hs; rewrite sqrt_sqrt; [lra | lra].
Qed.

Lemma eighth : 1 / 8 = exp (- (3 * ln 2)).
Proof.
rewrite exp_Ropp -(INR_IZR_INZ 3) -pow_exp; last lra.
by rewrite /=; field.
Qed.

Lemma ln_le_id y : 0 < y -> ln y <= y - 1.
Proof.
move=> hy; have := exp_ineq1_le (ln y); rewrite exp_ln //; lra.
Qed.

Lemma ln2_pos : 0 < ln 2.
Proof. by rewrite -ln_1; apply: ln_increasing; lra. Qed.

Lemma lnx_ge x : 2900 <= x -> ln 2900 <= ln x.
Proof. by move=> h; apply: ln_mono; lra. Qed.

Lemma ln2900_pos : 7 < ln 2900.
Proof. interval with (i_prec 60). Qed.

(** (iii): regime L1 is at most 1/8 when p <= N - rho and u >= N - p/3. *)
Lemma L1_bound x P U : 2900 <= x -> 0 <= P -> P <= x + 1 - 3.96 * x / ln x ->
  x + 1 - P / 3 <= U ->
  exp (2 * (x + 1) * ln 2 + U * (ln (80 / (3 * (x + 1))) / 2) + P * ln 2) <= 1 / 8.
Proof.
move=> hx hP hPr hU; rewrite eighth; apply: exp_mono.
have hL := lnx_ge hx; have h7 := ln2900_pos; have l2 := ln2_pos.
set L := ln x in hL hPr *; set K := ln (80 / 3).
have hK : K <= 3.3 by rewrite /K; interval with (i_prec 60).
set rho := 3.96 * x / L in hPr *.
have hrho : 0 <= rho.
  by rewrite /rho; apply: Rmult_le_pos; [lra | apply: Rlt_le; apply: Rinv_0_lt_compat; lra].
have ht : 0 <= / L <= / ln 2900.
  split; first by apply: Rlt_le; apply: Rinv_0_lt_compat; lra.
  by apply: Rinv_le_contravar; lra.
have key : (3 * x + 6 - rho) * ln 2 <= (2 * x + rho) * (L - K) / 6.
  have h := Rmult_le_compat_l (x * L) _ _ _ (phi1_t ht).
  have hxL : 0 <= x * L by apply: Rmult_le_pos; lra.
  move: (h hxL) => {}h.
  replace (x * L * (/ L * (3 + 6 / 2900 - 3.96 * / L) * ln 2))
    with ((3 * x + 6 * x / 2900 - rho) * ln 2) in h by (rewrite /rho; field; lra).
  replace (x * L * ((2 + 3.96 * / L) / 6 * (1 - / L * ln (80 / 3))))
    with ((2 * x + rho) * (L - K) / 6) in h by (rewrite /rho /K; field; lra).
  have := Rmult_le_compat_r (ln 2) 6 (6 * x / 2900) (Rlt_le _ _ l2) ltac:(lra); lra.
have hlnN : ln (80 / (3 * (x + 1))) <= K - L.
  have e : 80 / (3 * (x + 1)) = (80 / 3) * / (x + 1) by field; lra.
  rewrite e ln_mult; [| lra | apply: Rinv_0_lt_compat; lra].
  rewrite ln_Rinv; last lra.
  have : L <= ln (x + 1) by apply: ln_mono; lra.
  rewrite /K; lra.
have hU0 : 0 <= U by lra.
have h1 := Rmult_le_compat_l U _ _ hU0 hlnN.
have h2 : U * (K - L) <= (x + 1 - P / 3) * (K - L).
  have := Rmult_le_compat_r (L - K) _ _ ltac:(lra) hU; lra.
have h3 : 0 <= (x + 1 - rho - P) * (ln 2 + (L - K) / 6) by apply: Rmult_le_pos; lra.
nra.
Qed.

(** (iv): regime L2 is at most 1/8 when x - rho <= p <= x and N - p >= rho. *)
Lemma L2_bound x P Q : 2900 <= x -> x - 3.96 * x / ln x <= P -> P <= x ->
  3.96 * x / ln x <= Q ->
  exp (2 * (x + 1) * ln 2 + Q * ln (sqrt (2 / P)) + P * sqrt (2 / P)) <= 1 / 8.
Proof.
move=> hx hP1 hP2 hQ; rewrite eighth; apply: exp_mono.
have hL := lnx_ge hx; have h7 := ln2900_pos; have l2 := ln2_pos.
set L := ln x in hL hP1 hQ *.
set rho := 3.96 * x / L in hP1 hQ *.
have hLi : 0 < / L by apply: Rinv_0_lt_compat; lra.
have hrho : 0 <= rho by rewrite /rho; apply: Rmult_le_pos; lra.
have hc : 3.96 * / L <= / 2.
  apply: Rle_trans (_ : 3.96 * / ln 2900 <= _); last by interval with (i_prec 60).
  by apply: Rmult_le_compat_l; [lra | apply: Rinv_le_contravar; lra].
have hrx : rho <= x / 2 by rewrite /rho /Rdiv Rmult_comm -Rmult_assoc; have := Rmult_le_compat_l x _ _ ltac:(lra) hc; lra.
have hP0 : 1450 <= P by lra.
have ht : 0 <= / L <= / ln 2900.
  by split; [lra | apply: Rinv_le_contravar; lra].
have e1 : ln (x - rho) = L + ln (1 - 3.96 * / L).
  have e : x - rho = x * (1 - 3.96 * / L) by rewrite /rho; field; lra.
  by rewrite e ln_mult; [rewrite -/L | lra | lra].
have key : (2 * x + 5) * ln 2 + x * sqrt (2 / 2900) <= rho / 2 * (ln (x - rho) - ln 2).
  have h := Rmult_le_compat_l x _ _ ltac:(lra) (phi2_t ht).
  replace (x * (3.96 / 2 * (1 + / L * (ln (1 - 3.96 * / L) - ln 2))))
    with (rho / 2 * (ln (x - rho) - ln 2)) in h by (rewrite e1 /rho; field; lra).
  have := Rmult_le_compat_r (ln 2) 5 (5 * x / 2900) (Rlt_le _ _ l2) ltac:(lra); lra.
have hs : ln (sqrt (2 / P)) <= (ln 2 - ln (x - rho)) / 2.
  rewrite ln_sqrt; last by apply: Rdiv_lt_0_compat; lra.
  have e : 2 / P = 2 * / P by [].
  rewrite e ln_mult; [| lra | apply: Rinv_0_lt_compat; lra].
  rewrite ln_Rinv; last lra.
  have : ln (x - rho) <= ln P by apply: ln_mono; lra.
  lra.
have hs0 : (ln 2 - ln (x - rho)) / 2 <= 0.
  have : ln 2 <= ln (x - rho) by apply: ln_mono; lra.
  lra.
have h1 : Q * ln (sqrt (2 / P)) <= rho * ((ln 2 - ln (x - rho)) / 2).
  apply: Rle_trans (_ : Q * ((ln 2 - ln (x - rho)) / 2) <= _).
    by apply: Rmult_le_compat_l => //; lra.
  have := Rmult_le_compat_r (- ((ln 2 - ln (x - rho)) / 2)) _ _ ltac:(lra) hQ; lra.
have h2 : P * sqrt (2 / P) <= x * sqrt (2 / 2900).
  have ha : 0 <= P * sqrt (2 / P) by apply: Rmult_le_pos; [lra | apply: sqrt_pos].
  have hb : 0 <= x * sqrt (2 / 2900) by apply: Rmult_le_pos; [lra | apply: sqrt_pos].
  rewrite -(sqrt_pow2 _ ha) -(sqrt_pow2 _ hb); apply: sqrt_le_1_alt.
  rewrite !Rpow_mult_distr !pow2_sqrt; try (apply: Rlt_le; apply: Rdiv_lt_0_compat); try lra.
  replace (P ^ 2 * (2 / P)) with (2 * P) by (field; lra).
  have : 2 * x <= x ^ 2 * (2 / 2900) by rewrite /=; apply: Rminus_le; ring_simplify; nra.
  lra.
lra.
Qed.

(** (v): psi(x) = 0.04 x - ln x^2 / ln 2 - ln x / x >= 0 for every x >= 2900. *)
Lemma psi_all x : 2900 <= x -> ln x / x + ln x ^ 2 / ln 2 <= 0.04 * x.
Proof.
move=> hx; case: (Rle_lt_dec x 2e6) => h; first by apply: psi_mid; lra.
have l2 := ln2_pos.
set s := sqrt x; have hs2 : s * s = x by apply: sqrt_sqrt; lra.
have hs : 1414 <= s.
  apply: Rle_trans (_ : sqrt 2e6 <= _); first by interval with (i_prec 60).
  by apply: sqrt_le_1_alt; lra.
set y := sqrt s; have hy2 : y * y = s by apply: sqrt_sqrt; lra.
have hy : 0 < y by apply: sqrt_lt_R0; lra.
have eL : ln x = 4 * ln y.
  by rewrite -hs2 -hy2 !ln_mult //; try lra; apply: Rmult_lt_0_compat.
have hly := ln_le_id hy.
have hL0 : 0 <= ln x by rewrite -ln_1; apply: ln_mono; lra.
have hLx : ln x <= x by have := @ln_le_id x ltac:(lra); lra.
have hL2 : ln x ^ 2 <= 16 * s by rewrite /= Rmult_1_r eL; nra.
have h1 : ln x / x <= 1 by apply: div_le1; lra.
have h2 : ln x ^ 2 / ln 2 <= 16 * s / ln 2.
  by apply: Rmult_le_compat_r => //; apply: Rlt_le; apply: Rinv_0_lt_compat.
have h3 : 16 * s / ln 2 <= 24 * s.
  have : 0.69 <= ln 2 by interval with (i_prec 60).
  move=> h69; apply: (Rmult_le_reg_r (ln 2)) => //.
  rewrite /Rdiv Rmult_assoc Rinv_l; nra.
nra.
Qed.

Lemma rho_le_half x : 2900 <= x -> 0 <= 3.96 * x / ln x <= x / 2.
Proof.
move=> hx; have hL := lnx_ge hx; have h7 := ln2900_pos.
have hLi : 0 < / ln x by apply: Rinv_0_lt_compat; lra.
have hc : 3.96 * / ln x <= / 2.
  apply: Rle_trans (_ : 3.96 * / ln 2900 <= _); last by interval with (i_prec 60).
  by apply: Rmult_le_compat_l; [lra | apply: Rinv_le_contravar; lra].
split; first by apply: Rmult_le_pos; lra.
rewrite /Rdiv Rmult_comm -Rmult_assoc; have := Rmult_le_compat_l x _ _ ltac:(lra) hc; lra.
Qed.
