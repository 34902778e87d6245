(** * Consequences of Theorem Z (Section 4 of seed 000) with explicit constants.

    Each follows from Theorem Z ([Zuev.zuev]: log2 |T(k;1)| >= k^2 (1 - 4/ln k) for every k >= 2)
    and a finite form.  The finite
    forms are Capacity.v's [eq4_1_upper], [thm4_1_finite], [prop5_5_corollary] and LayerGating.v's
    [thm4_3_lower_T]; [log2_pow_T_ge] turns |T(k;1)|^e <= c into e k^2 (1 - 4/ln k) <= log2 c.
    - [eq4_1_log2]: n^2 (1 - 4/ln n) <= log2 |T(n;1)| <= n^2 for n >= 2 (eq. (4.1));
    - [thm4_1_log2]: 2 (n-1)^2 (1 - 4/ln(n-1)) <= log2 |T_B(n;1,1)| <= 2 n^2 for every
      irreducible binary B and n >= 3 (Theorem 4.1);
    - [prop5_5_corollary_log2]: the same two bounds for the intersection over the irreducible B
      (the corollary of Proposition 5.5);
    - [thm4_3_lower_log2]: log2 |T(n,m,1;B)| >= 2m (n-a-1)^2 (1 - 4/ln(n-a-1)) for B = AND and
      B = XNOR, m <= 2^a, n - a - 1 >= 2 (Theorem 4.3's lower side). *)
From Coq Require Import Reals Lra.
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect.
From Quarks Require Import Threshold LinearLower Composition Capacity LayerGating ZuevBounds ZuevAnalytic Zuev.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Local Open Scope R_scope.

Lemma T1_gt0 k : (0 < #|T k 1|)%N.
Proof. by apply: leq_trans (card_T1_lower k); rewrite expn_gt0. Qed.

(** log2 is monotone on positive naturals. *)
Lemma log2_le a b : (0 < a)%N -> (a <= b)%N -> ln (INR a) / ln 2 <= ln (INR b) / ln 2.
Proof.
move=> ha hab; have l2 := ln2_pos.
apply: Rmult_le_compat_r; first by apply: Rlt_le; apply: Rinv_0_lt_compat.
by apply: ln_mono; [apply: lt_0_INR; apply/ltP | apply: INR_leq].
Qed.

Lemma log2_pow a e : (0 < a)%N -> ln (INR (a ^ e)) / ln 2 = INR e * (ln (INR a) / ln 2).
Proof.
move=> ha; rewrite INR_expn ln_pow; first by rewrite /Rdiv Rmult_assoc.
by apply: lt_0_INR; apply/ltP.
Qed.

Lemma log2_exp2 k : ln (INR (2 ^ k)) / ln 2 = INR k.
Proof. rewrite log2_pow // INR_2 /Rdiv Rinv_r; [ring | have := ln2_pos; lra]. Qed.

(** |T(k;1)|^e <= c gives e k^2 (1 - 4/ln k) <= log2 c. *)
Lemma log2_pow_T_ge k e c : (2 <= k)%N -> (#|T k 1| ^ e <= c)%N ->
  INR e * (INR k ^ 2 * (1 - 4 / ln (INR k))) <= ln (INR c) / ln 2.
Proof.
move=> hk h; apply: (@Rle_trans _ (ln (INR (#|T k 1| ^ e)) / ln 2)).
  2: by apply: log2_le h; rewrite expn_gt0 T1_gt0.
rewrite log2_pow ?T1_gt0 //; apply: Rmult_le_compat_l; [exact: pos_INR | exact: zuev].
Qed.

(** Eq. (4.1): n^2 (1 - 4/ln n) <= C(T(n;1)) <= n^2 for every n >= 2. *)
Theorem eq4_1_log2 n : (2 <= n)%N ->
  INR n ^ 2 * (1 - 4 / ln (INR n)) <= ln (INR #|T n 1|) / ln 2 <= INR n ^ 2.
Proof.
move=> hn; split; first exact: zuev.
have := log2_le (T1_gt0 n) (eq4_1_upper hn); rewrite log2_exp2 INR_muln /=; lra.
Qed.

(** Theorem 4.1: 2 (n-1)^2 (1 - 4/ln(n-1)) <= C(T_B(n;1,1)) <= 2 n^2, B irreducible, n >= 3. *)
Theorem thm4_1_log2 n (B : boolfun 2) : irreducible B -> (3 <= n)%N ->
  2 * (INR n.-1 ^ 2 * (1 - 4 / ln (INR n.-1))) <= ln (INR #|TB n B (fun _ => 1%N)|) / ln 2
  <= 2 * INR n ^ 2.
Proof.
move=> hB hn; have hn1 : (1 < n)%N by apply: leq_trans hn.
have [h1 h2] := thm4_1_finite hB hn1.
have hn2 : (2 <= n.-1)%N by rewrite -ltnS prednK // ltnW.
split; first by have := log2_pow_T_ge hn2 h1.
have h0 : (0 < #|TB n B (fun _ => 1%N)|)%N.
  by apply: leq_trans h1; rewrite expn_gt0 T1_gt0.
have := log2_le h0 h2; rewrite log2_exp2 !INR_muln /=; lra.
Qed.

(** The corollary of Proposition 5.5, with the same explicit bounds. *)
Theorem prop5_5_corollary_log2 n : (3 <= n)%N ->
  2 * (INR n.-1 ^ 2 * (1 - 4 / ln (INR n.-1)))
    <= ln (INR #|\bigcap_(B : boolfun 2 | irreducible B) TB n B (fun _ => 1%N)|) / ln 2
  <= 2 * INR n ^ 2.
Proof.
move=> hn; have hn1 : (1 < n)%N by apply: leq_trans hn.
have [h1 h2] := prop5_5_corollary hn1.
have hn2 : (2 <= n.-1)%N by rewrite -ltnS prednK // ltnW.
split; first by have := log2_pow_T_ge hn2 h1.
have h0 : (0 < #|\bigcap_(B : boolfun 2 | irreducible B) TB n B (fun _ => 1%N)|)%N.
  by apply: leq_trans h1; rewrite expn_gt0 T1_gt0.
have := log2_le h0 h2; rewrite log2_exp2 !INR_muln /=; lra.
Qed.

(** Theorem 4.3's lower side: C(T(n,m,1;B)) >= 2m (n-a-1)^2 (1 - 4/ln(n-a-1)), B = AND, XNOR. *)
Theorem thm4_3_lower_log2 a n m : (m <= 2 ^ a)%N -> (2 <= (n - a).-1)%N ->
  INR (2 * m) * (INR (n - a).-1 ^ 2 * (1 - 4 / ln (INR (n - a).-1)))
    <= ln (INR #|Tlayer n m AND2|) / ln 2 /\
  INR (2 * m) * (INR (n - a).-1 ^ 2 * (1 - 4 / ln (INR (n - a).-1)))
    <= ln (INR #|Tlayer n m XNOR2|) / ln 2.
Proof.
move=> hm hk; have han : (a < n)%N.
  by rewrite -subn_gt0; case: (n - a)%N hk.
have [h1 h2] := thm4_3_lower_T hm han.
by split; apply: log2_pow_T_ge.
Qed.
