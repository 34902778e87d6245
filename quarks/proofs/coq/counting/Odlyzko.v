(** * Towards the Odlyzko-type count: +-1 vectors, two of them, invertible column submatrices.

    Sign vectors v in {-1,1}^N are {ffun 'I_N -> bool} read through [Cover.sgnb] ([vec]).
    - [pm1_pair] (Lemma 3 of ../shared/zuev.md): if u <> v and u <> -v and a u + b v is a sign
      vector, then a b = 0 and (a + b)^2 = 1, i.e. (a, b) is (+-1, 0) or (0, +-1): a coordinate
      where u and v agree gives (a + b)^2 = 1, one where they differ (a - b)^2 = 1, and
      ((a + b) - (a - b)) ((a + b) + (a - b)) = 4 a b.
    - [colsub_unit] (Lemma 5): m independent rows have an invertible m x m column submatrix;
      mathcomp's [fullrankfun] / [fullrowsub_unit] on the transpose.
    Not proved yet: Lemma 4 (minimal support), Lemma 9 ([card_full]), Lemma 10 (the count of bad
    tuples), which with Lemma 11 give Theorem F. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum matrix mxalgebra.
From Quarks Require Import QuarksCompat Threshold Cover.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section Odlyzko.
Variable R : realFieldType.
(** The +-1 vector of a sign vector. *)
Definition vec N (v : {ffun 'I_N -> bool}) : 'rV[R]_N := \row_c sgnb R (v c).

(** Lemma 5: an invertible m x m column submatrix. *)
Lemma colsub_unit m N (U : 'M[R]_(m, N)) :
  row_free U -> exists f : 'I_m -> 'I_N, injective f /\ colsub f U \in unitmx.
Proof.
move=> hU; have rf : row_full U^T by rewrite /row_full mxrank_tr.
exists (fullrankfun rf); split; first exact: fullrankfun_inj.
have -> : colsub (fullrankfun rf) U = (rowsub (fullrankfun rf) U^T)^T.
  by apply/matrixP => i j; rewrite !mxE.
by rewrite unitmx_tr fullrowsub_unit.
Qed.

Lemma sgnb_sqr b : sgnb R b ^+ 2 = 1.
Proof. by case: b; rewrite /= ?sqrrN expr1n. Qed.

Lemma sgnb_not b : sgnb R (~~ b) = - sgnb R b.
Proof. by case: b; rewrite /= ?opprK. Qed.

(** Lemma 3: a u + b v is a +-1 vector only for (a, b) = (+-1, 0), (0, +-1). *)
Lemma pm1_pair N (u v y : {ffun 'I_N -> bool}) (a b : R) :
  u != v -> u != [ffun c => ~~ v c] -> a *: vec u + b *: vec v = vec y ->
  a * b = 0 /\ (a + b) ^+ 2 = 1.
Proof.
move=> huv hun e.
have ent c : a * sgnb R (u c) + b * sgnb R (v c) = sgnb R (y c).
  by have := congr1 (fun M : 'rV[R]_N => M ord0 c) e; rewrite !mxE.
have /existsP [c1 /eqP h1] : [exists c, u c == v c].
  case: (boolP [exists c, u c == v c]) => // /existsPn h.
  case/negP: hun; apply/eqP/ffunP => c.
  by rewrite ffunE; have := h c; case: (u c); case: (v c).
have /existsP [c2 /eqP h2] : [exists c, v c == ~~ u c].
  case: (boolP [exists c, v c == ~~ u c]) => // /existsPn h.
  case/negP: huv; apply/eqP/ffunP => c.
  by have := h c; case: (u c); case: (v c).
have s1 : (a + b) ^+ 2 = 1.
  have := congr1 (fun x => x ^+ 2) (ent c1); rewrite -h1 -mulrDl exprMn !sgnb_sqr mulr1.
  by [].
have s2 : (a - b) ^+ 2 = 1.
  have := congr1 (fun x => x ^+ 2) (ent c2); rewrite h2 sgnb_not mulrN -mulrBl exprMn.
  by rewrite !sgnb_sqr mulr1.
split=> //.
have : ((a + b) - (a - b)) * ((a + b) + (a - b)) = 0 by rewrite -subr_sqr s1 s2 subrr.
have -> : (a + b) - (a - b) = b *+ 2 by rewrite opprB addrC addrA subrK mulr2n.
have -> : (a + b) + (a - b) = a *+ 2 by rewrite addrCA addrK mulr2n.
move/eqP; rewrite mulf_eq0 !mulrn_eq0 /= => /orP [] /eqP ->; by rewrite ?mulr0 ?mul0r.
Qed.
End Odlyzko.
