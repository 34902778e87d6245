(** * Towards Theorem 4.2's lower bound, Lemmas 5.3 and 5.4 and Proposition 5.5: the groundwork.

    Proved here: polynomials of degree at most d as functions on {0,1}^n ([poly]) are closed
    under constants, variables (d >= 1), sums, scalar multiples and lifting along an injection
    of the variables ([poly_lift]); f is in T(n;d) iff f = [g > 0] for such a g ([realizableP]);
    {0,1}^(a+m) splits into selector variables z in {0,1}^a and data variables x in {0,1}^m
    ([join], [lpart], [rpart]); the selector points e_0 = 0, e_i = the i-th unit vector and the
    degree-1 indicators L_i with L_i(e_i') = [i = i'] ([L_e], [poly_L]); and the selector
    polynomial Q_j(z) = sum_{i != j} (+-1) L_i(z), zero at e_j and +-1 at e_i ([Q_e]).

    Still to prove (notes/coq.md): the extension F_j(z, x) = [M Q_j(z) + P_j(x) > 0] of
    Lemma 5.3, Lemma 5.4, the injectivity giving |T_B(a + m; d)| >= prod_j |T(m; d_j)|, and
    Proposition 5.5 through the multiplexer. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect all_algebra.
From Quarks Require Import Threshold Operators Composition.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

(** ** Polynomials of degree at most d as functions on {0,1}^n *)

Definition poly n d (g : point n -> int) : Prop := exists c, forall x, g x = peval d c x.

Lemma poly_ext n d (g g' : point n -> int) : poly d g -> (forall x, g x = g' x) -> poly d g'.
Proof. by move=> [c hc] e; exists c => x; rewrite -e. Qed.

(** A monomial of degree at most d is a polynomial of degree at most d. *)
Lemma poly_mon n d (S : {set 'I_n}) : (#|S| <= d)%N -> poly d (monomial S).
Proof.
move=> hS; exists (fun S' => (S' == S)%:R) => x.
rewrite /peval (bigD1 S) //= eqxx mul1r big1 ?addr0 // => S' /andP[_ /negbTE->].
by rewrite mul0r.
Qed.

(** Polynomials of degree at most d form a Z-module: sums and integer multiples. *)
Lemma poly_add n d (g h : point n -> int) :
  poly d g -> poly d h -> poly d (fun x => g x + h x).
Proof.
move=> [c hc] [c' hc']; exists (fun S => c S + c' S) => x.
by rewrite hc hc' /peval -big_split; apply: eq_bigr => S _; rewrite mulrDl.
Qed.

Lemma poly_scale n d (r : int) (g : point n -> int) : poly d g -> poly d (fun x => r * g x).
Proof.
move=> [c hc]; exists (fun S => r * c S) => x.
rewrite hc /peval big_distrr /=; apply: eq_bigr => S _.
exact: mulrA.
Qed.

(** Constants have degree 0: the monomial of the empty set is 1. *)
Lemma poly_const n d (r : int) : poly d (fun _ : point n => r).
Proof.
have h0 : (#|(set0 : {set 'I_n})| <= d)%N by rewrite cards0.
apply: (poly_ext (poly_scale r (poly_mon h0))) => x.
by rewrite /monomial big_pred0 ?mulr1 // => i; rewrite inE.
Qed.

(** A variable x_i has degree 1. *)
Lemma poly_var n d (i : 'I_n) : (0 < d)%N -> poly d (fun x : point n => (x i : nat)%:R).
Proof.
move=> hd; have h1 : (#|[set i]| <= d)%N by rewrite cards1.
by apply: (poly_ext (poly_mon h1)) => x; rewrite /monomial big_set1.
Qed.

(** Finite sums of polynomials of degree at most d. *)
Lemma poly_sum n d (I : Type) (r : seq I) (P : pred I) (F : I -> point n -> int) :
  (forall i, P i -> poly d (F i)) -> poly d (fun x => \sum_(i <- r | P i) F i x).
Proof.
move=> hF; elim: r => [|i r IH].
  by apply: (poly_ext (@poly_const _ d 0)) => x; rewrite big_nil.
case hi: (P i).
  by apply: (poly_ext (poly_add (hF i hi) IH)) => x; rewrite big_cons hi.
by apply: (poly_ext IH) => x; rewrite big_cons hi.
Qed.

(** Substituting x_(h r) for the r-th variable, h injective, keeps the degree:
    prod_(r in S) x_(h r) is the monomial of h(S), and |h(S)| = |S|. *)
Lemma poly_lift m n d (h : 'I_m -> 'I_n) (g : point m -> int) : injective h ->
  poly d g -> poly d (fun x : point n => g [ffun r => x (h r)]).
Proof.
move=> hinj [c hc].
have hm (S : {set 'I_m}) : (#|S| <= d)%N -> poly d (fun x : point n => c S * monomial S [ffun r => x (h r)]).
  move=> hS; apply: poly_scale; have hS' : (#|h @: S| <= d)%N by rewrite card_imset.
  apply: (poly_ext (poly_mon hS')) => x; rewrite /monomial big_imset /=.
    by apply: eq_bigr => r _; rewrite ffunE.
  by move=> r r' _ _; apply: hinj.
by apply: (poly_ext (poly_sum _ hm)) => x; rewrite hc.
Qed.

(** f is in T(n; d) iff f = [g > 0] for a polynomial g of degree at most d. *)
Lemma realizableP n d (f : boolfun n) :
  realizable d f <-> exists g, poly d g /\ forall x, f x = (0 < g x).
Proof.
split=> [[c hc]|[g [[c hc] hf]]]; first by exists (peval d c); split=> //; exists c.
by exists c => x; rewrite hf hc.
Qed.

(** ** Splitting {0,1}^(a+m) into selector variables z and data variables x *)

Section Split.
Variables a m : nat.

Definition join (z : point a) (x : point m) : point (a + m) :=
  [ffun t => match split t with inl l => z l | inr r => x r end].
Definition lpart (y : point (a + m)) : point a := [ffun l => y (lshift m l)].
Definition rpart (y : point (a + m)) : point m := [ffun r => y (rshift a r)].

Lemma lpart_join z x : lpart (join z x) = z.
Proof. by apply/ffunP => l; rewrite !ffunE -/(unsplit (inl l)) unsplitK. Qed.

Lemma rpart_join z x : rpart (join z x) = x.
Proof. by apply/ffunP => r; rewrite !ffunE -/(unsplit (inr r)) unsplitK. Qed.

Lemma join_parts y : join (lpart y) (rpart y) = y.
Proof.
apply/ffunP => t; rewrite ffunE -{2}(splitK t).
by case: (split t) => s; rewrite ffunE.
Qed.
End Split.

(** ** Selector points e_i and their affine indicators L_i, for the k = a.+1 arguments *)

Section Selectors.
Variable a : nat.

(** e_0 = 0 and e_(l+1) = the l-th unit vector of {0,1}^a. *)
Definition e (i : 'I_a.+1) : point a := [ffun l => unlift ord0 i == Some l].

(** L_0(z) = 1 - sum_l z_l and L_(l+1)(z) = z_l, affine functions of z. *)
Definition L (i : 'I_a.+1) (z : point a) : int :=
  if unlift ord0 i is Some l then (z l : nat)%:R else 1 - \sum_l (z l : nat)%:R.

(** L_i is the indicator of e_i among the selector points: L_i(e_i') = [i = i']. *)
Lemma L_e i i' : L i (e i') = (i == i')%:R.
Proof.
rewrite /L; case: (unliftP ord0 i) => [l ->|->]; case: (unliftP ord0 i') => [l' ->|->].
- by rewrite ffunE liftK (inj_eq lift_inj) eq_sym.
- rewrite ffunE unlift_none; case: eqP => // h; have := neq_lift ord0 l; rewrite -h eqxx.
- rewrite (bigD1 l') //= ffunE liftK eqxx big1 ?addr0 ?subrr ?(negbTE (neq_lift _ _)) //.
  by move=> l /negbTE hl; rewrite ffunE liftK (inj_eq (@Some_inj _)) eq_sym hl.
- by rewrite big1 ?subr0 ?eqxx // => l _; rewrite ffunE unlift_none.
Qed.

Lemma poly_L d i : (0 < d)%N -> poly d (L i).
Proof.
move=> hd; rewrite /L; case: (unlift ord0 i) => [l|]; first exact: poly_var.
have hs : poly d (fun z : point a => \sum_l (z l : nat)%:R).
  by apply: poly_sum => l _; apply: poly_var.
apply: (poly_ext (poly_add (poly_const _ d 1) (poly_scale (-1) hs))).
by move=> z; rewrite mulN1r.
Qed.

(** Q_(j,t)(z) = sum_(i <> j) (+-1) L_i(z), the sign chosen by t_i. *)
Definition sgb (b : bool) : int := if b then 1 else -1.

Definition Q (j : 'I_a.+1) (t : 'I_a.+1 -> bool) (z : point a) : int :=
  \sum_(i | i != j) sgb (t i) * L i z.

Lemma poly_Q d j t : (0 < d)%N -> poly d (Q j t).
Proof. by move=> hd; apply: poly_sum => i _; apply: poly_scale; apply: poly_L. Qed.

(** Q_(j,t)(e_j) = 0 and Q_(j,t)(e_i) = +-1, of sign t_i, for i <> j. *)
Lemma Q_e j t i : Q j t (e i) = if i == j then 0 else sgb (t i).
Proof.
rewrite /Q; under eq_bigr do rewrite L_e.
case: eqP => [->|/eqP hij].
  by rewrite big1 // => i' /negbTE ->; rewrite mulr0.
rewrite (bigD1 i) //= eqxx mulr1 big1 ?addr0 // => i' /andP[_ /negbTE ->].
by rewrite mulr0.
Qed.
End Selectors.

