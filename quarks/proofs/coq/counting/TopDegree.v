(** * The top degree: T(n;n-1) is every Boolean function but parity and its complement.

    Every h : {0,1}^n -> Z is a multilinear polynomial sum_S c_S prod_{i in S} x_i
    ([multilinear_all]: h = sum_y h(y) [x = y], and [x = y] is a product of x_i and 1 - x_i).  The
    alternating sum alt h = sum_x (-1)^|x| h(x) kills every monomial but prod_{i<n} x_i
    ([alt_monomial]), so alt h = (-1)^n c_[n] ([alt_full]): h has degree <= n-1 iff alt h = 0.
    Parity is not in T(n;n-1): its polynomial p would have alt p = 0, yet every term
    (-1)^|x| p(x) is <= 0 and the one at a point with a single 1 is < 0 ([parity_notin_T]); nor is
    its complement.  Every other f is ([T_top_others]): with g = +-1 the sign of f, a = alt g and
    N = 2^n, -N < a < N, and p = N g - a (-1)^|x| has the sign of g and alt p = 0.  Hence
    T(n;n-1) is the complement of {parity, its complement} and |T(n;n-1)| = 2^(2^n) - 2 for
    n >= 1 ([card_T_top]); T(n;n) is every function ([T_all]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold Checker Classify HalvesGlue Gallery.
From Quarks Require Import QuarksCompat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section Top.
Variable n : nat.
Implicit Types (x y : point n) (S : {set 'I_n}) (c : {set 'I_n} -> int) (h : point n -> int).

(** ** Every function of the cube is a multilinear polynomial *)

(** The polynomial with a coefficient for every S (degree <= n). *)
Definition full c x : int := \sum_S c S * monomial S x.

Definition multilinear h : Prop := exists c, forall x, h x = full c x.

Lemma multilinear_ext h h' : (forall x, h x = h' x) -> multilinear h -> multilinear h'.
Proof. by move=> e [c hc]; exists c => x; rewrite -e. Qed.

(** prod_{i in S} x_i = [every x_i, i in S, is 1]. *)
Lemma monomial_sub S x : monomial S x = (S \subset [set i | x i])%:R.
Proof.
case: (boolP (S \subset _)) => [/subsetP hS|].
  by rewrite /monomial big1 // => i /hS; rewrite inE => ->.
case/subsetPn => i hi; rewrite inE => hx.
by rewrite /monomial (bigD1 i hi) /= (negbTE hx) mul0r.
Qed.

Lemma monomialU S S' x : monomial (S :|: S') x = monomial S x * monomial S' x.
Proof.
rewrite !monomial_sub subUset.
by case: (S \subset _); case: (S' \subset _); rewrite /= ?mul1r ?mul0r.
Qed.

Lemma multilinear_const k : multilinear (fun _ => k).
Proof.
exists (fun S => if S == set0 then k else 0) => x.
rewrite /full (bigD1 set0) //= big1 ?addr0 ?eqxx.
  by rewrite /monomial big_set0 mulr1.
by move=> S /negbTE ->; rewrite mul0r.
Qed.

Lemma multilinear_var i : multilinear (fun x => (x i : nat)%:R).
Proof.
exists (fun S => if S == [set i] then 1 else 0) => x.
rewrite /full (bigD1 [set i]) //= big1 ?addr0 ?eqxx.
  by rewrite mul1r /monomial big_set1.
by move=> S /negbTE ->; rewrite mul0r.
Qed.

Lemma multilinear_add h h' : multilinear h -> multilinear h' -> multilinear (fun x => h x + h' x).
Proof.
move=> [c hc] [c' hc']; exists (fun S => c S + c' S) => x.
by rewrite hc hc' /full -big_split; apply: eq_bigr => S _; rewrite mulrDl.
Qed.

(** The product of two polynomials: c''_U = sum over S u S' = U of c_S c'_S'. *)
Lemma multilinear_mul h h' : multilinear h -> multilinear h' -> multilinear (fun x => h x * h' x).
Proof.
move=> [c hc] [c' hc'].
exists (fun U => \sum_(p : {set 'I_n} * {set 'I_n} | p.1 :|: p.2 == U) c p.1 * c' p.2) => x.
rewrite hc hc' /full big_distrlr /= pair_big /=.
rewrite (partition_big (fun p : {set 'I_n} * {set 'I_n} => p.1 :|: p.2) xpredT) //=.
apply: eq_bigr => U _; rewrite big_distrl /=; apply: eq_big => [p //|p /eqP <-].
by rewrite monomialU mulrACA.
Qed.

Lemma multilinear_sum (I : Type) (r : seq I) (F : I -> point n -> int) :
  (forall i, multilinear (F i)) -> multilinear (fun x => \sum_(i <- r) F i x).
Proof.
move=> hF; elim: r => [|i r IH].
  by apply: multilinear_ext (multilinear_const 0) => x; rewrite big_nil.
by apply: multilinear_ext (multilinear_add (hF i) IH) => x; rewrite big_cons.
Qed.

Lemma multilinear_prod (I : Type) (r : seq I) (F : I -> point n -> int) :
  (forall i, multilinear (F i)) -> multilinear (fun x => \prod_(i <- r) F i x).
Proof.
move=> hF; elim: r => [|i r IH].
  by apply: multilinear_ext (multilinear_const 1) => x; rewrite big_nil.
by apply: multilinear_ext (multilinear_mul (hF i) IH) => x; rewrite big_cons.
Qed.

(** [x = y] = prod_i (x_i if y_i else 1 - x_i). *)
Lemma deltaE x y :
  \prod_(i < n) (if y i then (x i : nat)%:R else 1 - (x i : nat)%:R) = (x == y)%:R :> int.
Proof.
case: eqP => [->|/eqP hxy].
  by apply: big1 => i _; case: (y i); rewrite ?subr0.
have [i hi] : exists i, x i != y i.
  apply/existsP; apply: contraNT hxy => /existsPn h.
  by apply/eqP/ffunP => i; apply/eqP/negPn/h.
by rewrite (bigD1 i) //=; move: hi; case: (x i); case: (y i); rewrite ?subrr ?mul0r.
Qed.

Theorem multilinear_all h : multilinear h.
Proof.
apply: (@multilinear_ext (fun x => \sum_y h y *
  \prod_(i < n) (if y i then (x i : nat)%:R else 1 - (x i : nat)%:R))).
  move=> x; rewrite (eq_bigr (fun y => h y * (x == y)%:R)) => [|y _]; last by rewrite deltaE.
  rewrite (bigD1 x) //= eqxx mulr1 big1 ?addr0 // => y hy.
  by rewrite eq_sym (negbTE hy) mulr0.
apply: multilinear_sum => y; apply: multilinear_mul; first exact: multilinear_const.
apply: multilinear_prod => i; case: (y i); first exact: multilinear_var.
apply: multilinear_ext (multilinear_add (multilinear_const 1) (multilinear_mul (multilinear_const (-1)) (multilinear_var i))) => x.
by rewrite mulN1r.
Qed.

(** ** The alternating sum *)

(** (-1)^|x|, |x| the number of ones of x. *)
Definition sgnp x : int := \prod_(i < n) (if x i then -1 else 1).

(** alt h = sum_x (-1)^|x| h(x). *)
Definition alt h : int := \sum_x sgnp x * h x.

Lemma flipK i : involutive (fun x => flip x i).
Proof. by move=> x; apply/ffunP => j; rewrite !ffunE; case: eqP => // _; rewrite negbK. Qed.

Lemma sgnp_flip x i : sgnp (flip x i) = - sgnp x.
Proof.
rewrite /sgnp (bigD1 i) //= [in RHS](bigD1 i) //= ffunE eqxx -mulNr; congr (_ * _).
  by case: (x i); rewrite ?opprK.
by apply: eq_bigr => j hj; rewrite ffunE (negbTE hj).
Qed.

Lemma sgnp_sq x : sgnp x * sgnp x = 1.
Proof. by rewrite -big_split; apply: big1 => i _; case: (x i); rewrite ?mulr1 ?mulrNN ?mulr1. Qed.

(** Parity: an odd number of ones; (-1)^|x| is -1 exactly there. *)
Definition parity : boolfun n := [ffun x : point n => odd #|[set i | x i]|].
Definition cparity : boolfun n := [ffun x : point n => ~~ parity x].

Lemma sgnpE x : sgnp x = if parity x then -1 else 1.
Proof.
have -> : sgnp x = \prod_(i in [set i | x i]) (-1).
  by rewrite /sgnp [RHS]big_mkcond; apply: eq_bigr => i _; rewrite inE.
by rewrite prodr_const -signr_odd ffunE; case: (odd _); rewrite ?expr1 ?expr0.
Qed.

(** A monomial missing a variable x_i has alternating sum 0 (pair x with x, x_i flipped). *)
Lemma alt_monomial S i : i \notin S -> \sum_x sgnp x * monomial S x = 0.
Proof.
move=> hi; set A := \sum_x _.
have hA : A = - A.
  rewrite {1}/A (reindex_inj (can_inj (flipK i))) /= -sumrN.
  by apply: eq_bigr => x _; rewrite sgnp_flip monomial_flip (negbTE hi) mulNr.
have : A *+ 2 == 0 by rewrite mulr2n {2}hA subrr.
by rewrite mulrn_eq0 => /eqP.
Qed.

Lemma notT_missing S : S != setT -> exists i, i \notin S.
Proof. by rewrite eqEsubset subsetT /= => /subsetPn [i _ hi]; exists i. Qed.

(** prod_{i<n} x_i is 1 only at the all-ones point, where (-1)^|x| = (-1)^n. *)
Lemma alt_top : \sum_x sgnp x * monomial setT x = (-1) ^+ n.
Proof.
pose ones : point n := [ffun _ => true].
rewrite (bigD1 ones) //= big1 ?addr0.
  rewrite /monomial big1 ?mulr1 => [|i _]; last by rewrite ffunE.
  rewrite /sgnp (eq_bigr (fun _ => -1)) => [|i _]; last by rewrite ffunE.
  by rewrite prodr_const card_ord.
move=> y hy; have [i hi] : exists i : 'I_n, ~~ y i.
  apply/existsP; apply: contraNT hy => /existsPn h.
  by apply/eqP/ffunP => i; rewrite ffunE; apply/negPn/h.
by rewrite /monomial (bigD1 i) ?in_setT //= (negbTE hi) mul0r mulr0.
Qed.

(** alt of a full polynomial is (-1)^n times its top coefficient. *)
Lemma alt_full c : alt (full c) = c setT * (-1) ^+ n.
Proof.
rewrite /alt /full.
rewrite (eq_bigr (fun x => \sum_S c S * (sgnp x * monomial S x))); last first.
  by move=> x _; rewrite big_distrr; apply: eq_bigr => S _; rewrite mulrCA.
rewrite exchange_big (bigD1 setT) //= -big_distrr alt_top big1 ?addr0 // => S hS.
by have [i hi] := notT_missing hS; rewrite -big_distrr /= (alt_monomial hi) mulr0.
Qed.

(** A polynomial of degree d < n has alternating sum 0. *)
Lemma alt_peval d c : (d < n)%N -> alt (peval d c) = 0.
Proof.
move=> hd; rewrite /alt /peval.
rewrite (eq_bigr (fun x => \sum_(S : {set 'I_n} | (#|S| <= d)%N) c S * (sgnp x * monomial S x))); last first.
  by move=> x _; rewrite big_distrr; apply: eq_bigr => S _; rewrite mulrCA.
rewrite exchange_big big1 // => S hS.
have : S != setT by apply: contraTneq hS => ->; rewrite cardsT card_ord -ltnNge.
by case/notT_missing => i hi; rewrite -big_distrr /= (alt_monomial hi) mulr0.
Qed.

(** With a zero top coefficient, the full polynomial has degree <= n-1. *)
Lemma full_low c : c setT = 0 -> forall x, full c x = peval n.-1 c x.
Proof.
move=> h0 x; rewrite /full (bigID (fun S => (#|S| <= n.-1)%N)) /=.
rewrite [X in _ + X]big1 ?addr0 // => S hS.
have -> : S = setT.
  apply/eqP; rewrite eqEcard subsetT cardsT card_ord /=.
  by move: hS; rewrite -ltnNge; apply: leq_trans (leqSpred n).
by rewrite h0 mul0r.
Qed.

(** ** Parity needs degree n *)

Lemma sum_gt0 (F : point n -> int) x0 :
  (forall x, 0 <= F x) -> 0 < F x0 -> 0 < \sum_x F x.
Proof.
move=> hF h0; rewrite (bigD1 x0) //=.
by apply: ltr_wpDr => //; apply: sumr_ge0 => x _.
Qed.

Theorem parity_notin_T : (0 < n)%N -> parity \notin T n n.-1.
Proof.
move=> hn; apply/negP => /inTP [c hc].
have halt : alt (peval n.-1 c) = 0 by apply: alt_peval; rewrite ltn_predL.
pose i0 : 'I_n := Ordinal hn.
pose x1 : point n := [ffun i => i == i0].
have hx1 : parity x1.
  rewrite ffunE (_ : [set i | x1 i] = [set i0]) ?cards1 //.
  by apply/setP => i; rewrite !inE ffunE.
have : 0 < \sum_x - (sgnp x * peval n.-1 c x).
  apply: (sum_gt0 (x0 := x1)) => [x|].
    move: (hc x); rewrite sgnpE; case: (parity x) => hx; rewrite ?mulN1r ?opprK ?mul1r.
      by rewrite ltW // -hx.
    by rewrite oppr_ge0 leNgt -hx.
  by rewrite sgnpE hx1 mulN1r opprK -hc.
by rewrite sumrN -/(alt _) (_ : alt _ = 0) ?oppr0 ?ltxx //; rewrite -halt.
Qed.

Theorem cparity_notin_T : (0 < n)%N -> cparity \notin T n n.-1.
Proof.
move=> hn; apply: contra (parity_notin_T hn) => /T_compl.
by rewrite (_ : [ffun x => ~~ cparity x] = parity) //; apply/ffunP => x; rewrite !ffunE negbK.
Qed.

(** ** Every other function has degree <= n-1 *)

Theorem T_top_others (f : boolfun n) : f != parity -> f != cparity -> f \in T n n.-1.
Proof.
move=> hp hc.
pose g x : int := if f x then 1 else -1.
pose t x := sgnp x * g x.
pose a := \sum_x t x.
pose N : int := #|point n|%:R.
have hsum1 : \sum_(x : point n) (1 : int) = N by rewrite sumr_const.
have ht1 x : f x = parity x -> t x = -1.
  by rewrite /t /g sgnpE => <-; case: (f x); rewrite ?mulN1r ?mul1r.
have ht2 x : f x = cparity x -> t x = 1.
  by rewrite /t /g sgnpE ffunE => ->; case: (parity x); rewrite ?mulN1r ?opprK ?mul1r.
have ht x : 0 <= 1 - t x /\ 0 <= 1 + t x.
  by rewrite /t /g sgnpE; case: (parity x); case: (f x); rewrite /= ?mulN1r ?opprK ?mul1r.
have hNa : 0 < N - a.
  have [x0 /eqP hx0] : exists x0, f x0 == parity x0.
    apply/existsP; apply: contraNT hc => /existsPn h.
    apply/eqP/ffunP => x; rewrite ffunE; move: (h x); case: (f x); case: (parity x) => //.
  have -> : N - a = \sum_x (1 - t x) by rewrite sumrB hsum1.
  apply: (sum_gt0 (x0 := x0)) => [x|]; first by case: (ht x).
  by rewrite ht1.
have hNa' : 0 < N + a.
  have [x0 /eqP hx0] : exists x0, f x0 == cparity x0.
    apply/existsP; apply: contraNT hp => /existsPn h.
    apply/eqP/ffunP => x; move: (h x); rewrite [cparity _]ffunE; case: (f x); case: (parity x) => //.
  have -> : N + a = \sum_x (1 + t x) by rewrite big_split hsum1.
  apply: (sum_gt0 (x0 := x0)) => [x|]; first by case: (ht x).
  by rewrite ht2.
pose p x := N * g x - a * sgnp x.
have halt : alt p = 0.
  rewrite /alt /p (eq_bigr (fun x => N * t x - a * (sgnp x * sgnp x))); last first.
    by move=> x _; rewrite /t mulrBr [sgnp x * (N * _)]mulrCA [sgnp x * (a * _)]mulrCA.
  rewrite sumrB -big_distrr -big_distrr (eq_bigr (fun _ => 1) (fun x _ => sgnp_sq x)).
  by rewrite hsum1 /= -/a mulrC subrr.
have [c hc'] := multilinear_all p.
have hc0 : c setT = 0.
  have : c setT * (-1) ^+ n = 0.
    by rewrite -alt_full -halt /alt; apply: eq_bigr => x _; rewrite hc'.
  by move/eqP; rewrite mulf_eq0 signr_eq0 orbF => /eqP.
apply/inTP; exists c => x; rewrite -full_low // -hc' /p /g sgnpE.
case: (f x); case: (parity x); rewrite ?mulr1 ?mulrN1 ?opprK //; apply/esym/negbTE; rewrite -leNgt.
  by rewrite addrC subr_le0 ltW // -subr_gt0.
by rewrite -opprD oppr_le0 ltW.
Qed.

(** T(n;n-1) is the complement of {parity, its complement}, for n >= 1. *)
Theorem T_top : (0 < n)%N -> T n n.-1 = ~: [set parity; cparity].
Proof.
move=> hn; apply/setP => f; rewrite in_setC in_set2 negb_or.
case: (boolP (f \in T n n.-1)) => hf.
  by apply/esym/andP; split; apply: contraTneq hf => ->;
    [exact: parity_notin_T | exact: cparity_notin_T].
by apply/esym/negbTE; apply: contra hf => /andP [hp hc]; apply: T_top_others.
Qed.

(** |T(n;n-1)| = 2^(2^n) - 2 for every n >= 1. *)
Theorem card_T_top : (0 < n)%N -> #|T n n.-1| = (2 ^ 2 ^ n - 2)%N.
Proof.
move=> hn; have hne : parity != cparity.
  by apply/eqP => /ffunP /(_ [ffun _ => false]); rewrite [cparity _]ffunE; case: (parity _).
rewrite T_top // -card_boolfun -(cardsC [set parity; cparity]) cards2 hne.
by rewrite addKn.
Qed.

(** T(n;n) is every function. *)
Theorem T_all : T n n = setT.
Proof.
apply/setP => f; rewrite in_setT; apply/inTP.
have [c hc] := multilinear_all (fun x => if f x then 1 else -1).
exists c => x; rewrite /peval (eq_bigl (fun _ => true)) => [|S]; last first.
  by rewrite -[X in (_ <= X)%N](card_ord n) max_card.
by have := hc x; rewrite /full => <-; case: (f x).
Qed.

End Top.

(** At n = 5: |T(5;4)| = 2^32 - 2, beside |T(5;2)| and |T(5;3)| (generated theories). *)
Corollary card_T5_4 : #|T 5 4| = (2 ^ 32 - 2)%N.
Proof. exact: (card_T_top (isT : (0 < 5)%N)). Qed.
