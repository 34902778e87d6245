(** * Encoding independence (seed 000, Section 4.2), for all n and d.

    Polynomial threshold functions do not depend on the two input values: for distinct a, b in
    an archimedean ordered field R (the reals), f is [P(v) > 0] on the encoded points
    v_i = (x_i ? b : a) for a multilinear P of degree <= d with coefficients in R iff
    [f \in T n d] ([T_encoding]); so every pair of distinct values, {0,1} and {-1,1} among them,
    gives the same class ([encoding_independence]).  The affine substitution u_i = al + be w_i
    maps a degree-<= d multilinear polynomial to another one ([subst_affine]): the product
    prod_{i in S} (al + be w_i) expands to sum over T of wt(S,T) prod_{i in T} w_i with
    wt(S,T) = 0 unless T is a subset of S ([prod_affine]).  The maps are v_i = a + (b - a) x_i
    and back x_i = (v_i - a)/(b - a). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold RealBridge QuarksCompat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section Encoding.
Variable R : archiRealFieldType.
Variable n : nat.

(** P(u) = sum over |S| <= d of c_S prod_{i in S} u_i at any point u of R^n. *)
Definition mpeval d (c : {set 'I_n} -> R) (u : 'I_n -> R) : R :=
  \sum_(S : {set 'I_n} | (#|S| <= d)%N) c S * \prod_(i in S) u i.

Lemma mpeval_ext d (c : {set 'I_n} -> R) (u u' : 'I_n -> R) :
  (forall i, u i = u' i) -> mpeval d c u = mpeval d c u'.
Proof. by move=> e; apply: eq_bigr => S _; congr (_ * _); apply: eq_bigr => i _; rewrite e. Qed.

Lemma rpevalE d (c : {set 'I_n} -> R) (x : point n) :
  rpeval d c x = mpeval d c (fun i => (x i : nat)%:R).
Proof. by []. Qed.

(** The coefficient of prod_{i in T} w_i in prod_{i in S} (al + be w_i): al^|S \ T| be^|T| for
    T a subset of S, 0 otherwise. *)
Definition wt (al be : R) (S T : {set 'I_n}) : R :=
  \prod_i (if i \in S then (if i \in T then be else al) else (if i \in T then 0 else 1)).

Lemma wt_out al be (S T : {set 'I_n}) : ~~ (T \subset S) -> wt al be S T = 0.
Proof. by case/subsetPn => i iT iS; rewrite /wt (bigD1 i) //= iT (negbTE iS) mul0r. Qed.

Lemma prod_affine al be (S : {set 'I_n}) (w : 'I_n -> R) :
  \prod_(i in S) (al + be * w i) = \sum_T wt al be S T * \prod_(i in T) w i.
Proof.
rewrite big_mkcond /=.
transitivity (\prod_i \sum_(b : bool)
    (if i \in S then (if b then be * w i else al) else (if b then 0 else 1))).
  by apply: eq_bigr => i _; rewrite big_bool; case: (i \in S) => /=; rewrite ?add0r // addrC.
rewrite (bigA_distr_bigA (fun i (b : bool) =>
  if i \in S then (if b then be * w i else al) else (if b then 0 else 1))).
rewrite (reindex (fun T : {set 'I_n} => [ffun i => i \in T])) /=; last first.
  exists (fun g : {ffun 'I_n -> bool} => [set i | g i]) => [T _|g _].
    by apply/setP => i; rewrite inE ffunE.
  by apply/ffunP => i; rewrite ffunE inE.
apply: eq_bigr => T _.
rewrite /wt [\prod_(i in T) _]big_mkcond -big_split /=; apply: eq_bigr => i _; rewrite ffunE.
by case: (i \in S); case: (i \in T); rewrite ?mulr1 ?mul0r.
Qed.

(** An affine substitution keeps a multilinear polynomial of degree <= d of degree <= d. *)
Lemma subst_affine d (al be : R) (c : {set 'I_n} -> R) :
  exists c' : {set 'I_n} -> R, forall w : 'I_n -> R,
    mpeval d c (fun i => al + be * w i) = mpeval d c' w.
Proof.
exists (fun T => \sum_(S : {set 'I_n} | (#|S| <= d)%N) c S * wt al be S T) => w.
rewrite /mpeval.
under eq_bigr do rewrite prod_affine mulr_sumr.
rewrite exchange_big /= [RHS]big_rmcond => [|T hT]; last first.
  rewrite big1 ?mul0r // => S hS; rewrite wt_out ?mulr0 //.
  by apply/negP => /subset_leq_card hTS; move: hT; rewrite (leq_trans hTS hS).
by apply: eq_bigr => T _; rewrite mulr_suml; apply: eq_bigr => S _; rewrite mulrA.
Qed.

(** The point of {a,b}^n encoding x in {0,1}^n: x_i = 0 gives a, x_i = 1 gives b. *)
Definition enc (a b : R) (x : point n) : 'I_n -> R := fun i => if x i then b else a.

(** Degree-<= d threshold functions on {a,b}^n, a != b, are T(n;d) (integer coefficients on
    {0,1}^n, Threshold.v). *)
Theorem T_encoding d (a b : R) (f : boolfun n) : a != b ->
  f \in T n d <-> exists c : {set 'I_n} -> R, forall x, f x = (0 < mpeval d c (enc a b x)).
Proof.
move=> hab; have hba : b - a != 0 by rewrite subr_eq0 eq_sym.
rewrite -(T_real R); split=> [[c hc]|[c hc]].
  (* x_i = - a / (b - a) + (b - a)^-1 v_i *)
  have [c' hc'] := subst_affine d (- a / (b - a)) ((b - a)^-1) c.
  exists c' => x; rewrite hc rpevalE -hc'; congr (0 < _).
  apply: mpeval_ext => i; rewrite /enc; case: (x i) => /=.
    by rewrite [_^-1 * _]mulrC -mulrDl addrC divff.
  by rewrite [_^-1 * _]mulrC -mulrDl addNr mul0r.
(* v_i = a + (b - a) x_i *)
have [c' hc'] := subst_affine d a (b - a) c.
exists c' => x; rewrite hc rpevalE -hc'; congr (0 < _).
by apply: mpeval_ext => i; rewrite /enc; case: (x i) => /=; rewrite ?mulr1 ?mulr0 ?addr0 // addrC subrK.
Qed.

(** Encoding independence: any two pairs of distinct values give the same class. *)
Corollary encoding_independence d (a b a' b' : R) (f : boolfun n) : a != b -> a' != b' ->
  (exists c : {set 'I_n} -> R, forall x, f x = (0 < mpeval d c (enc a b x))) <->
  (exists c : {set 'I_n} -> R, forall x, f x = (0 < mpeval d c (enc a' b' x))).
Proof. by move=> hab hab'; rewrite -(T_encoding d f hab) -(T_encoding d f hab'). Qed.
End Encoding.
