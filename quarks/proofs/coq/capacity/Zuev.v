(** * Zuev's lower bound with c = 4 (Theorem Z): log2 |T(n;1)| >= n^2 (1 - 4/ln n) for every n >= 2.

    Theorem Z of ../shared/zuev.md; the proof splits at n = 2900.
    - [zuev_small] (2 <= n <= 2900): from [LinearLower.card_T1_lower] (|T(n;1)| >= 2^C(n,2),
      [log2_T1_ge]) and Lemma 13(vi): for real 2 <= x <= 2900, ln x <= 8x/(x+1) ([ln_le_8], by
      [interval] with bisection), which is x^2 (1 - 4/ln x) <= x (x-1)/2 ([elementary_side]).
    - [zuev_large] (n >= 2900): from Theorem F ([ZuevFinite.zuev_finite]: 2^(Np) <= p! 2^p |T(n;1)|
      + zuev_bad n p for 1 <= p <= n), with p = n - floor(3.96 n/ln n): [ZuevBounds.zuev_bad_half]
      and [ZuevAnalytic] give 2 zuev_bad n p <= 2^(Np), hence |T(n;1)| >= 2^(np-1)/p!, and
      np - 1 - log2 p! >= n^2 (1 - 4/ln n) ([ZuevAnalytic.psi_all]).
      [zuev_r] is r = floor(3.96 n/ln n) ([zuev_r_floor]); [zuev_bad_half_large] is the bound
      2 zuev_bad n p <= 2^(Np) on its own.
    - [zuev]: both, for every n >= 2.
    - [odlyzko_closed_half] (the Odlyzko-type count): for n >= 2900 and that p, at least half
      of the p-subsets of {0,1}^n are closed: C(2^n, p) <= 2 #closed p-sets, from
      [ZuevFinite.card_good_ge], [zuev_bad_half_large], [ZuevFinite.card_good_p] and
      p! C(2^n, p) <= 2^(np). *)
From Coq Require Import Reals Lra Lia.
From Interval Require Import Tactic.
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum rat.
From Quarks Require Import QuarksCompat Threshold LinearLower CentralBinomial Flats ZuevFinite ZuevBounds
  ZuevAnalytic.

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

(** ** From Theorem F to Theorem Z for n >= 2900 *)

Lemma fact_le_pow p n : (p <= n)%N -> (p`! <= n ^ n)%N.
Proof.
move=> h; apply: leq_trans (leq_fact h) _; rewrite -ffactnn; exact: ffact_le_exp.
Qed.

(** r = floor(3.96 n / ln n), the deficit of Theorem Z's p = n - r. *)
Definition zuev_r n : nat := Z.to_nat (Int_part (3.96 * INR n / ln (INR n))).

Lemma zuev_r_floor n : (2900 <= n)%N ->
  3.96 * INR n / ln (INR n) - 1 < INR (zuev_r n) <= 3.96 * INR n / ln (INR n).
Proof.
move=> hn; have hx : 2900 <= INR n by have := INR_leq hn; rewrite INR_IZR_INZ.
have [hr0 _] := rho_le_half hx.
have [h1 h2] := base_Int_part (3.96 * INR n / ln (INR n)).
have hz : (-1 < Int_part (3.96 * INR n / ln (INR n)))%Z by apply: lt_IZR; lra.
rewrite /zuev_r [INR (Z.to_nat _)]INR_IZR_INZ Z2Nat.id; [lra | lia].
Qed.

(** For n >= 2900 and p = n - r: 3 <= p and 2 zuev_bad n p <= 2^(Np) (the bad p-tuples of
    sign vectors are at most half of all). *)
Lemma zuev_bad_half_large n : (2900 <= n)%N ->
  (3 <= n - zuev_r n)%N /\ (2 * zuev_bad n (n - zuev_r n) <= 2 ^ (n.+1 * (n - zuev_r n)))%N.
Proof.
move=> hn.
set x := INR n.
have hx : 2900 <= x by have := INR_leq hn; rewrite /x INR_IZR_INZ.
have hL := lnx_ge hx; have h7 := ln2900_pos; have l2 := ln2_pos.
set L := ln x in hL *.
set rho := 3.96 * x / L.
have [hr0 hrx] := rho_le_half hx; rewrite -/L -/rho in hr0 hrx.
have [hr1 hr2] := zuev_r_floor hn; rewrite -/x -/L -/rho in hr1 hr2.
set r := zuev_r n in hr1 hr2 *.
have hrn : (r <= n)%N by apply/leP; apply: INR_le; rewrite -/x; lra.
set p := (n - r)%N.
have hP : INR p = x - INR r by rewrite INR_subn.
have hp3 : (3 <= p <= n)%N.
  rewrite leq_subr andbT; apply/leP; apply: INR_le; rewrite hP INR_IZR_INZ /=; lra.
have hpn : (p <= n)%N := leq_subr r n.
(* M = N / 40 *)
set M := (n.+1 %/ 40)%N.
have h40 : (40 * M <= n.+1)%N by rewrite mulnC leq_trunc_div.
have hN40 : INR n.+1 < 40 * (INR M + 1).
  have := INR_ltn (ltn_ceil n.+1 (isT : (0 < 40)%N)).
  have e40 : INR 40 = 40 by rewrite INR_IZR_INZ.
  by rewrite -/M INR_muln (S_INR M) e40; lra.
have hM : (15 <= M)%N by rewrite leq_divRL //; apply: (leq_trans _ (leqW hn)).
have h2p : (n <= 2 * p)%N.
  apply/leP; apply: INR_le; rewrite INR_muln hP INR_2 -/x; lra.
have hMp : (M <= p %/ 3)%N.
  rewrite leq_divRL //; move: h40 h2p hn; rewrite -!multE => /leP ? /leP ? /leP ?.
  apply/leP; lia.
have hN : INR n.+1 = x + 1 by rewrite S_INR.
(* regime L1 *)
have hL1 : 2 ^ n.+1 * 2 ^ n.+1 * sqrt (80 / (3 * INR n.+1)) ^ (n.+1 - p %/ 3) * 2 ^ p <= 1 / 8.
  have hy : 0 < 80 / (3 * INR n.+1) by rewrite hN; apply: Rdiv_lt_0_compat; lra.
  rewrite !(@pow_exp 2) ?(@pow_exp (sqrt _)); try lra; last by apply: sqrt_lt_R0.
  rewrite -!exp_plus ln_sqrt // hN.
  have hq : (p %/ 3 <= n.+1)%N by apply: leq_trans (leq_div _ _) (leq_trans hpn (leqnSn n)).
  have hq3 : 3 * INR (p %/ 3) <= INR p.
    have e3 : INR 3 = 3 by rewrite INR_IZR_INZ.
    by have := INR_leq (leq_trunc_div p 3); rewrite INR_muln e3; lra.
  have := @L1_bound x (INR p) (INR (n.+1 - p %/ 3)) hx (pos_INR p) _ _.
  rewrite -/L -/rho INR_subn // hN => h; apply: Rle_trans (h _ _); [right; f_equal; ring | lra | lra].
(* regime L2 *)
have hL2 : 2 ^ n.+1 * 2 ^ n.+1 * sqrt (2 / INR p) ^ (n.+1 - p) * (1 + sqrt (2 / INR p)) ^ p
           <= 1 / 8.
  have hP0 : 2 <= INR p by rewrite hP; lra.
  set s := sqrt (2 / INR p).
  have hs : 0 < s by apply: sqrt_lt_R0; apply: Rdiv_lt_0_compat; lra.
  rewrite !(@pow_exp 2) ?(@pow_exp s) ?(@pow_exp (1 + s)); try lra.
  rewrite -!exp_plus.
  apply: (@Rle_trans _ (exp (2 * (x + 1) * ln 2 + INR (n.+1 - p) * ln s + INR p * s))).
    apply: exp_mono; rewrite hN.
    have hl := @ln_le_id (1 + s) ltac:(lra).
    have := Rmult_le_compat_l (INR p) (ln (1 + s)) s (pos_INR p) ltac:(lra); lra.
  have hQ : rho <= INR (n.+1 - p).
    by rewrite INR_subn ?hN ?hP; [lra | exact: leq_trans hpn (leqnSn n)].
  have h := @L2_bound x (INR p) (INR (n.+1 - p)) hx; rewrite -/L -/rho in h.
  move: (pos_INR r) => hr0'; apply: h; lra.
have hbad := zuev_bad_half (leq_trans (isT : (19 <= 2900)%N) hn) hp3 hM h40 hN40 hMp hL1 hL2.
by split; [case/andP: hp3 | exact: hbad].
Qed.

(** Theorem Z for n >= 2900 from Theorem F, with p = n - floor(3.96 n / ln n). *)
Theorem zuev_large n : (2900 <= n)%N ->
  INR n ^ 2 * (1 - 4 / ln (INR n)) <= ln (INR #|T n 1|) / ln 2.
Proof.
move=> hn.
have [h3p hbad] := zuev_bad_half_large hn.
set x := INR n.
have hx : 2900 <= x by have := INR_leq hn; rewrite /x INR_IZR_INZ.
have hL := lnx_ge hx; have h7 := ln2900_pos; have l2 := ln2_pos.
set L := ln x in hL *.
set rho := 3.96 * x / L.
have [hr0 hrx] := rho_le_half hx; rewrite -/L -/rho in hr0 hrx.
have [hr1 hr2] := zuev_r_floor hn; rewrite -/x -/L -/rho in hr1 hr2.
set r := zuev_r n in h3p hbad hr1 hr2 *.
have hrn : (r <= n)%N by apply/leP; apply: INR_le; rewrite -/x; lra.
set p := (n - r)%N in h3p hbad *.
have hP : INR p = x - INR r by rewrite INR_subn.
have hpn : (p <= n)%N := leq_subr r n.
have hN : INR n.+1 = x + 1 by rewrite S_INR.
have hp1 : (1 <= p <= n)%N by rewrite hpn andbT; apply: leq_trans _ h3p.
have hF := zuev_finite hp1.
set T1 := #|T n 1| in hF *.
have hT : (2 ^ (n.+1 * p) <= 2 * (p`! * 2 ^ p * T1))%N.
  by move: hF hbad; rewrite -!multE -!plusE => /leP ? /leP ?; apply/leP; lia.
have hT0 : (0 < T1)%N.
  by rewrite lt0n; apply/eqP => e; move: hT; rewrite e !muln0 leqn0 expn_eq0.
have hR := INR_leq hT; rewrite !INR_muln !INR_expn INR_2 in hR.
have hT1 : 0 < INR T1 by apply: lt_0_INR; apply/ltP.
have hf0 : 0 < INR p`! by apply: lt_0_INR; apply/ltP; apply: fact_gt0.
have h2p0 : 0 < 2 ^ p by apply: pow_lt; lra.
have hfact : ln (INR p`!) <= x * L.
  have := INR_leq (fact_le_pow hpn); rewrite INR_expn -/x => h.
  rewrite /L -ln_pow; last lra.
  by apply: ln_mono.
have hlnT : x * INR p * ln 2 - ln 2 - x * L <= ln (INR T1).
  have := ln_mono (pow_lt 2 (n.+1 * p) ltac:(lra)) hR.
  rewrite ln_pow; last lra.
  rewrite !ln_mult; try lra; try (apply: Rmult_lt_0_compat; lra); try (apply: Rmult_lt_0_compat => //; apply: Rmult_lt_0_compat => //).
  rewrite ln_pow; last lra.
  rewrite INR_muln hN; lra.
have hP1 : x - rho <= INR p by rewrite hP; lra.
have hpsi := psi_all hx; rewrite -/L in hpsi.
have hxL : 0 < x / L by apply: Rdiv_lt_0_compat; lra.
have hm := Rmult_le_compat_l _ _ _ (Rlt_le _ _ hxL) hpsi.
replace (x / L * (L / x + L ^ 2 / ln 2)) with (1 + x * L / ln 2) in hm by (field; lra).
replace (x / L * (0.04 * x)) with (0.04 * x ^ 2 / L) in hm by (field; lra).
have hxP : x * (x - rho) <= x * INR p by apply: Rmult_le_compat_l; lra.
have hfin : x ^ 2 * (1 - 4 / L) <= x * INR p - 1 - x * L / ln 2.
  have e : x * (x - rho) = x ^ 2 - 3.96 * x ^ 2 / L by rewrite /rho; field; lra.
  have e2 : x ^ 2 * (1 - 4 / L) = x ^ 2 - 3.96 * x ^ 2 / L - 0.04 * x ^ 2 / L by lra.
  lra.
apply: Rle_trans hfin _; apply: (Rmult_le_reg_r (ln 2)) => //.
replace (ln (INR T1) / ln 2 * ln 2) with (ln (INR T1)) by (field; lra).
replace ((x * INR p - 1 - x * L / ln 2) * ln 2) with (x * INR p * ln 2 - ln 2 - x * L)
  by (field; lra).
exact: hlnT.
Qed.

(** Theorem Z: log2 |T(n;1)| >= n^2 (1 - 4/ln n) for every n >= 2. *)
Theorem zuev n : (2 <= n)%N -> INR n ^ 2 * (1 - 4 / ln (INR n)) <= ln (INR #|T n 1|) / ln 2.
Proof.
move=> hn; case: (leqP n 2900) => h; first by apply: zuev_small; rewrite hn h.
by apply: zuev_large; apply: ltnW.
Qed.

(** ** The Odlyzko-type count: at least half of the p-sets of the cube are closed *)

(** For n >= 2900 and p = n - floor(3.96 n / ln n), at least half of the p-subsets S of the
    cube {0,1}^n are closed for the yhat(x) (aff(S) meets the cube exactly in S): with
    [ZuevFinite.card_good_ge] and [zuev_bad_half_large], 2^(Np) <= 2 #good tuples, and
    [ZuevFinite.card_good_p] gives #good <= p! 2^p #closed p-sets, while
    p! C(2^n, p) 2^p <= 2^(np) 2^p = 2^(Np). *)
Theorem odlyzko_closed_half n : (2900 <= n)%N ->
  ('C(2 ^ n, n - zuev_r n)
     <= 2 * #|[set C in flats (@yhat rat_archiRealFieldType n) | #|C| == (n - zuev_r n)%N]|)%N.
Proof.
move=> hn; have [_ hbad] := zuev_bad_half_large hn.
set p := (n - zuev_r n)%N in hbad *.
have hG := card_good_ge n p.
have hc := card_good_p rat_archiRealFieldType n p.
move: hG hc.
move: #|[set t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}} | goodb rat_archiRealFieldType t]| => G hG hc.
have hF : (0 < p`! * 2 ^ p)%N by rewrite muln_gt0 fact_gt0 expn_gt0.
rewrite -(leq_pmul2r hF).
have h1 : ('C(2 ^ n, p) * (p`! * 2 ^ p) <= 2 ^ (n.+1 * p))%N.
  rewrite mulnA bin_ffact mulSn expnD expnM mulnC leq_mul2l; apply/orP; right.
  exact: ffact_le_exp.
apply: leq_trans h1 _.
have h2 : (2 ^ (n.+1 * p) <= 2 * G)%N.
  by move: hG hbad; rewrite -!multE -!plusE => /leP ? /leP ?; apply/leP; lia.
by apply: leq_trans h2 _; rewrite -mulnA leq_mul2l hc orbT.
Qed.
