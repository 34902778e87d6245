(** * Zuev's lower bound with c = 4, the range reached so far: log2 |T(n;1)| >= n^2 (1 - 4/ln n)
      for 2 <= n <= 2900.

    Theorem Z of ../shared/zuev.md is log2 |T(n;1)| >= n^2 (1 - 4/ln n) for every n >= 2; its
    proof splits at n = 2900.  This file proves the lower range ([zuev_small]) from
    [LinearLower.card_T1_lower] (|T(n;1)| >= 2^C(n,2), [log2_T1_ge]) and the elementary side
    (Lemma 13(vi)): for real 2 <= x <= 2900, ln x <= 8x/(x+1) ([ln_le_8], by [interval] with
    bisection), which is x^2 (1 - 4/ln x) <= x (x-1)/2 ([elementary_side]).  The range
    n >= 2900 needs Theorem F (the Odlyzko-type count) and Lemmas 12-13: not proved yet. *)
From Coq Require Import Reals Lra.
From Interval Require Import Tactic.
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect.
From Quarks Require Import Threshold LinearLower.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Local Open Scope R_scope.

(** Lemma 13(vi): ln x <= 8x/(x+1) on [2, 2900]. *)
Lemma ln_le_8 x : 2 <= x <= 2900 -> ln x <= 8 * x / (x + 1).
Proof.
intros Hx; suff: 0 <= 8 * x / (x + 1) - ln x by lra.
interval with (i_bisect x, i_depth 30, i_prec 60).
Qed.

(** Hence C(x,2) = x(x-1)/2 >= x^2 (1 - 4/ln x) there. *)
Lemma elementary_side x : 2 <= x <= 2900 ->
  x ^ 2 * (1 - 4 / ln x) <= x * (x - 1) / 2.
Proof.
intros Hx.
have L0 : 0 < ln x by rewrite <- ln_1; apply: ln_increasing; lra.
have H : ln x <= 8 * x / (x + 1) by apply: ln_le_8.
have H1 : (x + 1) / (8 * x) <= / ln x.
  replace ((x + 1) / (8 * x)) with (/ (8 * x / (x + 1))) by (field; lra).
  by apply: Rinv_le_contravar.
have H2 : x ^ 2 * ((x + 1) / (8 * x)) <= x ^ 2 * / ln x.
  by apply: Rmult_le_compat_l; [apply: pow2_ge_0 | exact: H1].
replace (x ^ 2 * ((x + 1) / (8 * x))) with (x * (x + 1) / 8) in H2 by (field; lra).
replace (x ^ 2 * (1 - 4 / ln x)) with (x ^ 2 - 4 * (x ^ 2 * / ln x)) by (field; lra).
nra.
Qed.

Lemma INR_pow2 k : INR (2 ^ k)%N = 2 ^ k.
Proof.
elim: k => [|k ih] //; rewrite expnS -multE mult_INR ih /=; ring.
Qed.

Lemma INR_bin2 n : (1 <= n)%N -> INR 'C(n, 2) * 2 = INR n * (INR n - 1).
Proof.
move=> hn; have e : (2 * 'C(n, 2) = n * (n - 1))%N by rewrite -mul_bin_diag bin1 subn1.
have := f_equal INR e; rewrite -!multE !mult_INR -minusE minus_INR; last exact/leP.
by simpl; lra.
Qed.

(** log2 |T(n;1)| >= C(n,2), from [card_T1_lower]. *)
Lemma log2_T1_ge n : INR 'C(n, 2) <= ln (INR #|T n 1|) / ln 2.
Proof.
have l2 : 0 < ln 2 by rewrite <- ln_1; apply: ln_increasing; lra.
have h := le_INR _ _ (leP (card_T1_lower n)); rewrite INR_pow2 in h.
have p2 : 0 < 2 ^ 'C(n, 2) by apply: pow_lt; lra.
have h2 : ln (2 ^ 'C(n, 2)) <= ln (INR #|T n 1|).
  case: (Rle_lt_or_eq_dec _ _ h) => [hl|->]; last exact: Rle_refl.
  by apply: Rlt_le; apply: ln_increasing.
rewrite ln_pow in h2; last lra. apply: (Rmult_le_reg_r (ln 2)) => //.
replace (ln (INR #|T n 1|) / ln 2 * ln 2) with (ln (INR #|T n 1|)) by (field; lra).
exact: h2.
Qed.

(** Theorem Z on 2 <= n <= 2900: log2 |T(n;1)| >= n^2 (1 - 4/ln n). *)
Theorem zuev_small n : (2 <= n <= 2900)%N ->
  INR n ^ 2 * (1 - 4 / ln (INR n)) <= ln (INR #|T n 1|) / ln 2.
Proof.
move=> /andP [h2 h29]; apply: Rle_trans (log2_T1_ge n).
have e2 : INR 2 = 2 by rewrite INR_IZR_INZ.
have e29 : INR 2900 = 2900 by rewrite INR_IZR_INZ.
have hx : 2 <= INR n <= 2900.
  by rewrite -e2 -e29; split; apply: le_INR; apply/leP.
apply: Rle_trans (elementary_side hx) _.
have := INR_bin2 (leq_trans (isT : (1 <= 2)%N) h2); lra.
Qed.
