(** * Threshold functions and their compositions: the definitions shared by every theory.

    A Boolean function of [n] variables is a function on {0,1}^n.  [T n d] is the set of
    those f for which some polynomial p(x) = sum_{S, |S| <= d} c_S prod_{i in S} x_i with
    integer coefficients has f(x) = [p(x) > 0] at every point.  The paper's real coefficients
    give the same class, for all n and d: RealBridge.v proves [T_real] (over every archimedean
    ordered field: shift p to a margin, scale, round the coefficients).  [TB B ds] is
    T_B(n; d_1..d_k), the set of B(f_1, .., f_k) with f_j in T(n; d_j). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Coq Require Import ClassicalEpsilon.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GRing.Theory Num.Theory.
Local Open Scope ring_scope.

(** Membership in T(n;d) quantifies over all coefficient vectors; classical logic
    (excluded middle with informative choice) makes it a boolean predicate. *)
Definition asbool (P : Prop) : bool :=
  if excluded_middle_informative P then true else false.

Lemma asboolP (P : Prop) : reflect P (asbool P).
Proof. by rewrite /asbool; case: excluded_middle_informative => h; constructor. Qed.

(** A point of {0,1}^n, and a Boolean function of n variables. *)
Definition point n := {ffun 'I_n -> bool}.
Definition boolfun n := {ffun point n -> bool}.

(** The monomial prod_{i in S} x_i at a 0/1 point. *)
Definition monomial n (S : {set 'I_n}) (x : point n) : int :=
  \prod_(i in S) (x i : nat)%:R.

(** p(x) = sum over |S| <= d of c_S prod_{i in S} x_i. *)
Definition peval n (d : nat) (c : {set 'I_n} -> int) (x : point n) : int :=
  \sum_(S : {set 'I_n} | (#|S| <= d)%N) c S * monomial S x.

(** c realizes f at degree d: f(x) = [p(x) > 0] for every x. *)
Definition realizes n d (c : {set 'I_n} -> int) (f : boolfun n) : Prop :=
  forall x, f x = (0 < peval d c x).

Definition realizable n d (f : boolfun n) : Prop := exists c, realizes d c f.

(** T(n;d), the polynomial threshold functions of degree at most d. *)
Definition T n d : {set boolfun n} := [set f | asbool (realizable d f)].

Lemma inTP n d (f : boolfun n) : reflect (realizable d f) (f \in T n d).
Proof. by rewrite inE; apply: asboolP. Qed.

(** B(f_1, .., f_k), pointwise. *)
Definition compose k n (B : boolfun k) (fs : 'I_k -> boolfun n) : boolfun n :=
  [ffun x => B [ffun j => fs j x]].

(** The families (f_1, .., f_k) with f_j in T(n; d_j). *)
Definition operands k n (ds : 'I_k -> nat) : {set {ffun 'I_k -> boolfun n}} :=
  [set fs : {ffun 'I_k -> boolfun n} | [forall j, fs j \in T n (ds j)]].

(** T_B(n; d_1..d_k) = { B(f_1, .., f_k) : f_j in T(n; d_j) }. *)
Definition TB k n (B : boolfun k) (ds : 'I_k -> nat) : {set boolfun n} :=
  [set compose B fs | fs : {ffun 'I_k -> boolfun n} in operands n ds].

(** z with its i-th coordinate negated. *)
Definition flip k (z : point k) (i : 'I_k) : point k :=
  [ffun j => if j == i then ~~ z j else z j].

(** B depends on its i-th argument; B is irreducible when it depends on every argument. *)
Definition depends_on k (B : boolfun k) (i : 'I_k) : bool := [exists z, B (flip z i) != B z].
Definition irreducible k (B : boolfun k) : bool := [forall i, depends_on B i].
