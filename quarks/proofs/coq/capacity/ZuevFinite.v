(** * Zuev's chain, finite part: T(n;1) has at least as many members as the cube has closed sets.

    The lifted cube points yhat(x) = (1, 2x_1 - 1, .., 2x_n - 1) in R^{n+1} (R an archimedean
    ordered field; the constant coordinate first) ([yhat]).
    - [signs_yhat_T] (Lemma 1 of ../shared/zuev.md): every strict sign vector of the yhat(x) is
      a threshold function: w.yhat(x) = (w_0 - sum_i w_i) + sum_i 2 w_i x_i is a real polynomial
      of degree 1, and [RealBridge.T_real] turns it into an integer one.
    - [card_flats_yhat_le_T] (Corollary 2'): #closed sets of the yhat(x) <= #|T(n;1)|, by
      [Flats.flats_le_signs] (no yhat(x) is 0: its constant coordinate is 1).  A set C of cube
      points is closed for yhat iff aff(C) meets the cube exactly in C.
    Theorem F (the Odlyzko-type count of closed p-sets, ../shared/zuev.md Lemmas 3-5, 9-11) is not
    proved here yet. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum matrix mxalgebra.
From Quarks Require Import QuarksCompat Threshold RealBridge Cover Flats.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section Lift.
Variable R : archiRealFieldType.

(** yhat(x) = (1, 2x_1 - 1, .., 2x_n - 1). *)
Definition yhat n (x : point n) : 'rV[R]_n.+1 :=
  \row_c (if unlift ord0 c is Some i then sgnb R (x i) else 1).

Lemma yhat_neq0 n (x : point n) : yhat x != 0.
Proof.
apply/negP => /eqP /matrixP /(_ ord0 ord0); rewrite !mxE unlift_none => /eqP.
by rewrite oner_eq0.
Qed.

Lemma dot_yhat n (w : 'rV[R]_n.+1) (x : point n) :
  dot w (yhat x) = w ord0 ord0 + \sum_(i < n) w ord0 (lift ord0 i) * sgnb R (x i).
Proof.
rewrite /dot mxE big_ord_recl !mxE unlift_none mulr1; congr (_ + _).
by apply: eq_bigr => i _; rewrite !mxE liftK.
Qed.

(** The polynomial with the single coefficient k at V. *)
Definition runit n (V : {set 'I_n}) (k : R) (S : {set 'I_n}) : R := if S == V then k else 0.

Lemma rpeval_runit n d (V : {set 'I_n}) k x :
  (#|V| <= d)%N -> rpeval d (runit V k) x = k * \prod_(i in V) ((x i : nat)%:R : R).
Proof.
move=> hV; rewrite /rpeval (bigD1 V) //= /runit eqxx [X in _ + X]big1 ?addr0 //.
by move=> U /andP [_ /negbTE ->]; rewrite mul0r.
Qed.

Lemma rpeval_add n d (c1 c2 : {set 'I_n} -> R) x :
  rpeval d (fun S => c1 S + c2 S) x = rpeval d c1 x + rpeval d c2 x.
Proof. by rewrite /rpeval -big_split; apply: eq_bigr => S _; rewrite mulrDl. Qed.

Lemma rpeval_sum n d m (F : 'I_m -> {set 'I_n} -> R) x :
  rpeval d (fun S => \sum_(j < m) F j S) x = \sum_(j < m) rpeval d (F j) x.
Proof.
rewrite /rpeval exchange_big /=; apply: eq_bigr => S _.
by rewrite mulr_suml.
Qed.

Lemma sgnb_nat b : sgnb R b = 2%:R * (b : nat)%:R - 1.
Proof. by case: b; rewrite /= ?mulr1n ?mulr0n ?mulr1 ?mulr0 ?sub0r // mulr2n addrK. Qed.

(** Lemma 1: the strict sign vectors of the yhat(x) are threshold functions of degree 1. *)
Theorem signs_yhat_T n : signs (@yhat n) \subset T n 1.
Proof.
apply/subsetP => s /signsP [w hw]; rewrite -(T_real R).
pose a i := w ord0 (lift ord0 i).
exists (fun S => runit set0 (w ord0 ord0 - \sum_i a i) S + \sum_(i < n) runit [set i] (2%:R * a i) S).
move=> x; rewrite rpeval_add rpeval_runit ?cards0 // big_set0 mulr1 rpeval_sum.
have -> : \sum_(i < n) rpeval 1 (runit [set i] (2%:R * a i)) x =
          \sum_(i < n) 2%:R * a i * (x i : nat)%:R.
  by apply: eq_bigr => i _; rewrite rpeval_runit ?cards1 // big_set1.
have -> : w ord0 ord0 - \sum_i a i + \sum_i 2%:R * a i * (x i : nat)%:R = dot w (yhat x).
  rewrite dot_yhat addrAC -addrA; congr (_ + _); rewrite -sumrB; apply: eq_bigr => i _.
  by rewrite sgnb_nat mulrBr mulr1 mulrCA mulrA.
have := hw x; case: (s x) => /=; first by rewrite mul1r.
by rewrite mulN1r oppr_gt0 => h; apply/esym/negbTE; rewrite -leNgt ltW.
Qed.

(** Corollary 2': the closed sets of the lifted cube are at most |T(n;1)|. *)
Theorem card_flats_yhat_le_T n : (#|flats (@yhat n)| <= #|T n 1|)%N.
Proof.
apply: leq_trans (subset_leq_card (signs_yhat_T n)).
by apply: flats_le_signs => x; apply: yhat_neq0.
Qed.
End Lift.
