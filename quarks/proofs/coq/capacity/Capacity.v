(** * Capacity of polynomial threshold functions from Cover's theorem (seed 000, Section 4).

    A function in T(n;d) is a labeling x |-> [w.phi(x) > 0] of the 2^n points
    phi(x) = (prod_{i in S} x_i)_{|S| <= d} of R^N, N = N(n,d) = sum_{i<=d} binom(n,i), and
    these points lie in the open half-space of the constant monomial (S = empty, value 1).  So
    Cover's theorem gives |T(n;d)| <= C(2^n, N(n,d)) ([card_T_le_cover]), for every n and d.
    Integer coefficients embed into R, so no real-coefficient bridge is needed.  From it: eq. (4.1)'s
    upper bound for n >= 2, eq. (4.3)'s upper side, eq. (4.5)'s printed bound n^(d+1)/d! for every
    d and n > d and its exact range for every n and d (TopDegree.v: T(n;n) is every function),
    eq. (4.11), and the finite forms of Theorem 4.1 and of the corollary of
    Proposition 5.5.  Theorem 4.3 is LayerGating.v. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint rat matrix zmodp.
From Coq Require Import Lia.
From Quarks Require Import Threshold Composition Lower Cover Gallery CoverCount TopDegree.
From Quarks Require Import QuarksCompat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

(** The monomials of degree at most d: the subsets S of 'I_n with |S| <= d. *)
Definition monomials n d : {set {set 'I_n}} := [set S : {set 'I_n} | (#|S| <= d)%N].

(** N(n,d) = sum_{i<=d} binom(n,i). *)
Definition Nmon n d : nat := \sum_(i < d.+1) 'C(n, i).

Lemma card_monomials n d : #|monomials n d| = Nmon n d.
Proof.
have cd i : #|[set S : {set 'I_n} | #|S| == i]| = 'C(n, i) by rewrite card_draws card_ord.
elim: d => [|d IH].
  by rewrite /Nmon big_ord1 -cd; apply: eq_card => S; rewrite !inE leqn0.
rewrite /Nmon big_ord_recr /= -/(Nmon n d) -IH -cd.
have -> : monomials n d.+1 = monomials n d :|: [set S : {set 'I_n} | #|S| == d.+1].
  by apply/setP => S; rewrite !inE leq_eqVlt ltnS orbC.
rewrite cardsU (_ : _ :&: _ = set0) ?cards0 ?subn0 //.
apply/setP => S; rewrite !inE; apply/negbTE; apply/andP => -[h /eqP e].
by rewrite e ltnn in h.
Qed.

Lemma card_point n : #|point n| = (2 ^ n)%N.
Proof. by rewrite card_ffun card_bool card_ord. Qed.

Section Features.
Variable R : realFieldType.
Variables n d : nat.

(** The feature vector phi(x) = (prod_{i in S} x_i)_{S in monomials n d} in R^N. *)
Definition phi (x : point n) : 'rV[R]_#|monomials n d| :=
  \row_j (monomial (enum_val j) x)%:~R.

(** The weight vector of integer coefficients c. *)
Definition wvec (c : {set 'I_n} -> int) : 'rV[R]_#|monomials n d| :=
  \row_j (c (enum_val j))%:~R.

(** w_c.phi(x) = p_c(x): the polynomial is a linear form in the features. *)
Lemma dot_phi c x : dot (wvec c) (phi x) = (peval d c x)%:~R.
Proof.
rewrite /dot /peval mxE rmorph_sum /=.
rewrite (eq_bigl (fun S => S \in monomials n d)); last by move=> S; rewrite inE.
rewrite [RHS]big_enum_val /=; apply: eq_bigr => j _.
by rewrite !mxE rmorphM.
Qed.

(** The constant monomial puts every feature vector in an open half-space. *)
Lemma phi_halfspace : exists u, forall x, 0 < dot u (phi x).
Proof.
exists (wvec (fun S => (S == set0)%:Z)) => x; rewrite dot_phi ltr0z.
rewrite /peval (bigD1 set0) ?cards0 //= eqxx mul1r big1 ?addr0.
  by rewrite /monomial big_set0.
by move=> S /andP [_ /negbTE ->]; rewrite mul0r.
Qed.

(** T(n;d) is contained in the labelings of the feature vectors. *)
Lemma T_labelings : T n d \subset labelings phi.
Proof.
apply/subsetP => f /inTP [c hc]; apply/labelingsP; exists (wvec c) => x.
by rewrite dot_phi ltr0z hc.
Qed.
End Features.

(** |T(n;d)| <= C(2^n, N(n,d)) for every n and d (Cover's bound with the monomial features). *)
Theorem card_T_le_cover n d : (#|T n d| <= cover (2 ^ n) (Nmon n d))%N.
Proof.
apply: leq_trans (subset_leq_card (T_labelings rat_realFieldType n d)) _.
by rewrite -card_point -card_monomials; apply: cover_labelings; apply: phi_halfspace.
Qed.

(** N(n,1) = n + 1. *)
Lemma Nmon1 n : Nmon n 1 = n.+1.
Proof. by rewrite /Nmon !big_ord_recr big_ord0 /= bin0 bin1 add1n. Qed.

(** N(n,d) >= n + 1 for d >= 1. *)
Lemma Nmon_ge n d : (0 < d)%N -> (n.+1 <= Nmon n d)%N.
Proof.
case: d => // d _; rewrite -Nmon1; elim: d => // d IH.
by apply: leq_trans IH _; rewrite [X in (_ <= X)%N]/Nmon big_ord_recr leq_addr.
Qed.

Section Bounds.
Local Open Scope nat_scope.

Lemma Nmon_gt0 n d : 0 < Nmon n d.
Proof. by rewrite /Nmon big_ord_recl bin0. Qed.

(** log2 |T(n;d)| <= n (N(n,d) - 1) + 1, for every n and d. *)
Theorem card_T_pow_all n d : #|T n d| <= 2 ^ (n * (Nmon n d).-1).+1.
Proof.
apply: leq_trans (card_T_le_cover n d) _.
rewrite -(prednK (Nmon_gt0 n d)) /= expnS expnM.
by apply: cover_pow; rewrite expn_gt0.
Qed.

(** log2 |T(n;d)| <= n (N(n,d) - 1), for n >= 2 and d >= 1. *)
Theorem card_T_pow n d : 1 < n -> 0 < d -> #|T n d| <= 2 ^ (n * (Nmon n d).-1).
Proof.
move=> hn hd; apply: leq_trans (card_T_le_cover n d) _.
have hN := Nmon_ge n hd.
rewrite -(prednK (Nmon_gt0 n d)) /= expnM; apply: cover_pow2.
  by rewrite -{1}(expn0 2) ltn_exp2l // ltnW.
by rewrite -ltnS (prednK (Nmon_gt0 n d)); apply: leq_trans hN.
Qed.

(** Eq. (4.1), upper bound, corrected to n >= 2: |T(n;1)| <= 2^(n^2), i.e. C(T(n;1)) <= n^2.
    (At n = 1 it fails: |T(1;1)| = 4 > 2.) *)
Theorem eq4_1_upper n : 1 < n -> #|T n 1| <= 2 ^ (n * n).
Proof. by move=> hn; have := card_T_pow hn (isT : 0 < 1); rewrite Nmon1. Qed.

(** Eq. (4.3), upper side in finite form: C(T(n;d)) <= n binom(n, <=d) for every n >= 1 and d. *)
Theorem eq4_3_upper n d : 0 < n -> #|T n d| <= 2 ^ (n * Nmon n d).
Proof.
move=> hn; apply: leq_trans (card_T_pow_all n d) _; rewrite leq_exp2l //.
by rewrite -{2}(prednK (Nmon_gt0 n d)) mulnS addnC -addn1 leq_add2l.
Qed.

(** Theorem 4.1 in finite form: for every irreducible binary B and n >= 2,
    |T(n-1;1)|^2 <= |T_B(n;1,1)| <= |T(n;1)|^2 <= 2^(2 n^2), i.e.
    2 C(T(n-1;1)) <= C(T_B(n;1,1)) <= 2 n^2. *)
Theorem thm4_1_finite n (B : boolfun 2) : irreducible B -> 1 < n ->
  #|T n.-1 1| ^ 2 <= #|TB n B (fun _ => 1)| /\ #|TB n B (fun _ => 1)| <= 2 ^ (2 * (n * n)).
Proof.
move=> hB hn; split.
  have := thm4_2_lower_n (ds := fun _ => 1) hB (fun _ => isT) (ltnW hn).
  by rewrite subn1 big_ord_recr big_ord1 /= mulnn.
apply: leq_trans (thm4_2_upper n B _) _.
rewrite big_ord_recr big_ord1 /= mulnn [2 * _]mulnC expnM.
by rewrite leq_exp2r // eq4_1_upper.
Qed.
End Bounds.

(** ** Eq. (4.11) *)

(** Eq. (4.11) as the identity it is: C(2^n, m+1) = 2 binom(2^n - 1, <= m). *)
Lemma eq4_11 n m : cover (2 ^ n) m.+1 = (2 * \sum_(k < m.+1) 'C(2 ^ n - 1, k))%N.
Proof. by rewrite cover_closed ?expn_gt0 // subn1. Qed.

(** Eq. (4.11) as a bound: the labelings s_x = [w.z_x + b > 0] of at most 2^n points z_x of R^m
    (a threshold function of m real variables on those points) number at most
    2 binom(2^n - 1, <= m). *)
Theorem eq4_11_bound (R : realFieldType) (I : finType) n m (z : I -> 'rV[R]_m) :
  (#|I| <= 2 ^ n)%N -> (#|affine_labelings z| <= 2 * \sum_(k < m.+1) 'C(2 ^ n - 1, k))%N.
Proof.
move=> hI; rewrite -eq4_11; apply: leq_trans (cover_affine z) _.
exact: cover_monom.
Qed.

(** ** The corollary after Proposition 5.5, finite form *)

(** AND of two arguments. *)
Definition AND2 : boolfun 2 := [ffun z : point 2 => z ord0 && z (lift ord0 ord0)].

(** AND depends on both arguments: flipping either one at (1, 1) changes it. *)
Lemma AND2_irreducible : irreducible AND2.
Proof.
apply/forallP => i; apply/existsP; exists [ffun _ => true].
by rewrite !ffunE; case: i => [[|[|]]] // hi; rewrite /flip !ffunE.
Qed.

(** The corollary after Proposition 5.5, finite form: for n >= 2,
    |T(n-1;1)|^2 <= |intersection over irreducible binary B of T_B(n;1,1)| <= 2^(2 n^2), i.e.
    2 C(T(n-1;1)) <= C(intersection) <= 2 n^2. *)
Theorem prop5_5_corollary n : (1 < n)%N ->
  (#|T n.-1 1| ^ 2 <= #|\bigcap_(B : boolfun 2 | irreducible B) TB n B (fun _ => 1%N)|)%N /\
  (#|\bigcap_(B : boolfun 2 | irreducible B) TB n B (fun _ => 1%N)| <= 2 ^ (2 * (n * n)))%N.
Proof.
move=> hn; split.
  case: n hn => [|n] // _.
  have := @prop5_5 n (fun _ => 1%N) (fun _ => isT).
  by rewrite big_ord_recr big_ord1 /= mulnn.
apply: leq_trans (subset_leq_card (bigcap_inf _ AND2_irreducible)) _.
by case: (thm4_1_finite AND2_irreducible hn).
Qed.

(** ** Eq. (4.5)'s printed bound C(T(n;d)) <= n^(d+1)/d!, for every d, and its exact range

    In the form |T(n;d)|^(d!) <= 2^(n^(d+1)).  For n > d: at n = d + 1 from |T| <= 2^(2^n) and
    d! 2^(d+1) <= (d+1)^(d+1); for n >= d + 2 from Cover's bound |T(n;d)| <= C(2^n, K+1),
    K = N(n,d) - 1, with K! C(2^n, K+1) <= 2 (2^n)^K and K! >= 2^(K-1), which leaves
    d! ((n-1) K + 2) <= n^(d+1); that is (n-1) d! N(n,d) <= n^(d+1) + (n-3) d!, proved by
    induction on d through d! N(n,d) = d (d-1)! N(n,d-1) + n(n-1)..(n-d+1) and
    (n-1) n(n-1)..(n-d+1) <= n^d (n-d) (d >= 3, n >= d + 2).  For n <= d every function is in
    T(n;d), so the bound reads d! 2^n <= n^(d+1). *)

Section Eq45.
Local Open Scope nat_scope.

(** Goals of nat arithmetic with products of variables, handed to [nia]. *)
Local Ltac nat_nia :=
  repeat match goal with H : is_true (_ <= _) |- _ =>
    move/ssrnat.leP: H; rewrite -?multE -?plusE -?minusE => H end;
  apply/ssrnat.leP; rewrite -?multE -?plusE -?minusE; nia.

Lemma pow2_le_fact k : 2 ^ k.-1 <= k`!.
Proof.
elim: k => // k IH; case: k IH => // k IH.
by rewrite factS /= expnS leq_mul.
Qed.

(** The Cover step, for any degree d and exponent f > 0: with N(n,d) = K + 1 monomials (K > 0),
    |T(n;d)| <= C(2^n, K+1) and K! C(2^n, K+1) <= 2 (2^n)^K give |T(n;d)|^f <= 2^(n^(d+1)) as
    soon as f (n K + 2) <= n^(d+1) + f K. *)
Lemma eq4_5_cover n d f K : 0 < f -> Nmon n d = K.+1 -> 0 < K -> K <= 2 ^ n ->
  f * (n * K + 2) <= n ^ d.+1 + f * K -> #|T n d| ^ f <= 2 ^ (n ^ d.+1).
Proof.
move=> hf hN hK1 hKm harith.
set C := cover (2 ^ n) K.+1.
have hC : #|T n d| <= C by rewrite /C -hN; apply: card_T_le_cover.
apply: leq_trans (_ : C ^ f <= _); first by rewrite leq_exp2r.
(* C 2^K = 2 (2^(K-1) C) <= 2 (K! C) <= 4 (2^n)^K = 2^(nK + 2) *)
have e1 : C * 2 ^ K <= 2 ^ (n * K + 2).
  rewrite -(prednK hK1) expnS mulnCA (prednK hK1).
  apply: leq_trans (_ : 2 * (K`! * C) <= _).
    by rewrite leq_mul2l mulnC leq_mul2r pow2_le_fact orbT.
  apply: leq_trans (_ : 2 * (2 * (2 ^ n) ^ K) <= _); first by rewrite leq_mul2l cover_fact.
  by rewrite mulnA -expnM mulnn -expnD addnC.
have e2 : (C * 2 ^ K) ^ f <= 2 ^ (n ^ d.+1) * 2 ^ (f * K).
  apply: leq_trans (_ : (2 ^ (n * K + 2)) ^ f <= _); first by rewrite leq_exp2r.
  by rewrite -expnM -expnD leq_exp2l // mulnC.
rewrite -(leq_pmul2r (expn_gt0 2 (f * K))); apply: leq_trans _ e2.
by rewrite expnMn -expnM [K * f]mulnC.
Qed.

(** For small n, the trivial bound |T(n;d)| <= 2^(2^n). *)
Lemma eq4_5_upper_small n d f : 0 < f -> f * 2 ^ n <= n ^ d.+1 -> #|T n d| ^ f <= 2 ^ (n ^ d.+1).
Proof.
move=> hf h; apply: leq_trans (_ : (2 ^ 2 ^ n) ^ f <= _).
  by rewrite leq_exp2r // -card_boolfun max_card.
by rewrite -expnM leq_exp2l // mulnC.
Qed.

(** T(n;d) grows with d: the coefficients of the sets of size > d are 0. *)
Lemma T_mono n d d' : d <= d' -> T n d \subset T n d'.
Proof.
move=> hd; apply/subsetP => f /inTP [c hc]; apply/inTP.
exists (fun S : {set 'I_n} => if #|S| <= d then c S else 0%R) => x; rewrite hc /peval.
rewrite [in RHS](bigID (fun S : {set 'I_n} => #|S| <= d)) /=.
have z : (\sum_(S : {set 'I_n} | ((#|S| <= d') && ~~ (#|S| <= d))%N)
    (if (#|S| <= d)%N then c S else 0) * monomial S x = 0)%R.
  by apply: big1 => S /andP [_ /negbTE ->]; rewrite mul0r.
rewrite z addr0; congr (0 < _)%R; apply: eq_big => [S|S hS]; last by rewrite hS.
by apply/idP/idP => [h|/andP [_ ->] //]; rewrite h andbT (leq_trans h hd).
Qed.

(** For n <= d, T(n;d) is every function: T(n;n) is (TopDegree.v) and T grows with d. *)
Lemma T_full n d : n <= d -> T n d = setT.
Proof. by move=> h; apply/eqP; rewrite eqEsubset subsetT /= -(T_all n); apply: T_mono. Qed.

(** d! 2^(d+1) <= (d+1)^(d+1) for d >= 1 (Bernoulli's inequality at each step). *)
Lemma fact_pow2_le d : 0 < d -> d`! * 2 ^ d.+1 <= d.+1 ^ d.+1.
Proof.
case: d => // d _; elim: d => // d IH.
have -> : d.+2`! * 2 ^ d.+3 = d.+2 * 2 * (d.+1`! * 2 ^ d.+2).
  rewrite (_ : d.+2`! = d.+2 * d.+1`!) // [2 ^ d.+3]expnS.
  by move: (d.+1`!) (2 ^ d.+2) => F P; rewrite !mulnA [d.+2 * F * 2]mulnAC.
apply: leq_trans (_ : d.+2 * 2 * d.+2 ^ d.+2 <= _); first by rewrite leq_mul2l IH orbT.
have hb := bernoulli_nat d.+2 d.+2; rewrite [d.+2 ^ d.+3]expnS in hb.
apply: leq_trans hb; rewrite -mulnDl leq_mul2r; apply/orP; right.
by rewrite muln2 -addnn leq_add2l.
Qed.

(** N(n,d) <= 2^n: the monomials are subsets of the n variables. *)
Lemma Nmon_le_pow2 n d : Nmon n d <= 2 ^ n.
Proof.
rewrite -card_monomials -[n in 2 ^ n]card_ord -cardsT -card_powerset.
by apply: subset_leq_card; apply/subsetP => S _; rewrite powersetE subsetT.
Qed.

Lemma Nmon0 n : Nmon n 0 = 1.
Proof. by rewrite /Nmon big_ord1 bin0. Qed.

(** (d+1)! N(n,d+1) = (d+1) d! N(n,d) + n(n-1)..(n-d). *)
Lemma fact_NmonS n d : d.+1`! * Nmon n d.+1 = d.+1 * (d`! * Nmon n d) + n ^_ d.+1.
Proof.
rewrite /Nmon big_ord_recr /= -/(Nmon n d) factS mulnDr -bin_ffact mulnA.
by rewrite [d.+1`! in RHS]factS [_ * 'C(_, _)]mulnC.
Qed.

(** (n-1) n(n-1)..(n-k+1) <= n^k (n-k) for k >= 3 and n >= k + 2. *)
Lemma ffact_le k n : 2 < k -> k.+1 < n -> n.-1 * n ^_ k <= n ^ k * (n - k).
Proof.
elim: k => // k IH hk hn; move: hk; rewrite ltnS leq_eqVlt => /orP [/eqP ek|hk2].
  rewrite -ek in hn *; rewrite ffactnS ffactnS ffactn1 !expnS expn0 muln1.
  case: n hn {IH} => [|[|[|[|[|m]]]]] // _.
  by rewrite !subSS subn0 /=; nat_nia.
rewrite ffactnSr mulnA; apply: leq_trans (_ : n ^ k * (n - k) * (n - k) <= _).
  by rewrite leq_mul2r IH ?orbT // ltnW.
rewrite expnS -mulnA [n * _]mulnC -mulnA leq_mul2l; apply/orP; right.
have [m em] : exists m, n = k.+3 + m by exists (n - k.+3); rewrite subnKC.
have -> : n - k = m.+3 by rewrite em -?plusE -?minusE; lia.
have -> : n - k.+1 = m.+2 by rewrite em -?plusE -?minusE; lia.
by rewrite em; nat_nia.
Qed.

(** The arithmetic of (4.5): (n-1) d! N(n,d) <= n^(d+1) + (n-3) d! for n >= d + 2. *)
Lemma eq4_5_arith n d : d.+1 < n -> n.-1 * (d`! * Nmon n d) <= n ^ d.+1 + (n - 3) * d`!.
Proof.
elim: d => [|d IH] hn.
  by rewrite Nmon0 fact0 !muln1 expn1; nat_nia.
case: d IH hn => [|[|d]] IH hn.
- by rewrite fact_NmonS Nmon0 fact0 ffactn1 !muln1 (expnS n 1) expn1; nat_nia.
- rewrite (fact_NmonS n 1) (fact_NmonS n 0) Nmon0 fact0 ffactn1 ffactnS ffactn1 !muln1.
  by rewrite (expnS n 2) (expnS n 1) expn1 (_ : 2`! = 2) //; nat_nia.
have {}IH := IH (ltnW hn).
have hf := ffact_le (isT : 2 < d.+3) hn.
rewrite fact_NmonS mulnDr (factS d.+2) expnS.
move: IH hf; move: (Nmon n d.+2) (n ^_ d.+3) (n ^ d.+3) ((d.+2)`!) => X F A G IH hf.
rewrite mulnCA; apply: leq_trans (leq_add (leq_mul (leqnn d.+3) IH) hf) _.
rewrite mulnDr addnAC [A * _]mulnC -mulnDl subnKC ?[d.+3 * (_ * _)]mulnCA //.
exact: ltnW (ltnW hn).
Qed.

(** Eq. (4.5)'s printed bound C(T(n;d)) <= n^(d+1)/d!, i.e. |T(n;d)|^(d!) <= 2^(n^(d+1)), for
    every d and every n > d. *)
Theorem eq4_5_upper n d : d < n -> #|T n d| ^ d`! <= 2 ^ (n ^ d.+1).
Proof.
case: d => [|d] hdn.
  rewrite fact0 !expn1; apply: leq_trans (card_T_le_cover n 0) _.
  rewrite Nmon0; apply: leq_trans (cover_pow 0 (expn_gt0 2 n)) _.
  by rewrite expn0 muln1 -{1}(expn1 2) leq_exp2l.
have [->|hn] := eqVneq n d.+2.
  by apply: eq4_5_upper_small; [exact: fact_gt0 | exact: fact_pow2_le].
have {hdn} hn : d.+2 < n by rewrite ltn_neqAle eq_sym hn hdn.
have hN := Nmon_gt0 n d.+1.
apply: (@eq4_5_cover n d.+1 d.+1`! (Nmon n d.+1).-1); first exact: fact_gt0.
- by rewrite prednK.
- rewrite -ltnS prednK //; apply: leq_trans _ (Nmon_ge n (isT : 0 < d.+1)); nat_nia.
- by apply: leq_trans (leq_pred _) (Nmon_le_pow2 n d.+1).
have := eq4_5_arith hn; rewrite -{1}(prednK hN).
move: (Nmon n d.+1).-1 (n ^ d.+2) (d.+1`!) => K A F h.
nat_nia.
Qed.

(** The exact range of eq. (4.5)'s printed bound, for every n and d: |T(n;d)|^(d!) <= 2^(n^(d+1))
    holds exactly when n > d or d! 2^n <= n^(d+1) (for n <= d, |T(n;d)| = 2^(2^n)). *)
Theorem eq4_5_range n d :
  (#|T n d| ^ d`! <= 2 ^ (n ^ d.+1)) = (d < n) || (d`! * 2 ^ n <= n ^ d.+1).
Proof.
case: (ltnP d n) => [hdn|hnd] /=; first by rewrite eq4_5_upper.
by rewrite T_full // cardsT card_boolfun -expnM leq_exp2l // mulnC.
Qed.

(** The range is an interval of n: if the bound holds at n, it holds at n + 1 (for n < d,
    2 n^(d+1) <= (n+1)^(d+1) by Bernoulli's inequality).  So it holds exactly from the least n
    with n > d or d! 2^n <= n^(d+1) on, and that n is at most d + 1. *)
Theorem eq4_5_range_mono n d :
  #|T n d| ^ d`! <= 2 ^ (n ^ d.+1) -> #|T n.+1 d| ^ d`! <= 2 ^ (n.+1 ^ d.+1).
Proof.
rewrite !eq4_5_range => /orP [hdn|h]; first by rewrite ltnW.
case: (ltnP d n.+1) => //= hnd.
rewrite expnS mulnCA; apply: leq_trans (_ : 2 * n ^ d.+1 <= _); first by rewrite leq_mul2l h orbT.
apply: leq_trans (bernoulli_nat n d); rewrite mul2n -addnn leq_add2l expnS leq_mul2r.
by rewrite ltnW ?orbT // ltnS ltnW.
Qed.

(** ... so for d = 1 it holds exactly for n >= 2, *)
Theorem eq4_5_d1_range n : (#|T n 1| ^ 1`! <= 2 ^ (n ^ 2)) = (1 < n).
Proof. by rewrite eq4_5_range; case: n => [|[|n]]. Qed.

(** ... for d = 2 exactly for n >= 2, *)
Theorem eq4_5_d2_range n : (#|T n 2| ^ 2`! <= 2 ^ (n ^ 3)) = (1 < n).
Proof. by rewrite eq4_5_range; case: n => [|[|[|n]]]. Qed.

(** ... and for d = 3 exactly for n >= 3 (at n = 2, T(2;3) is every function, 16^6 > 2^16). *)
Theorem eq4_5_d3_range n : (#|T n 3| ^ 3`! <= 2 ^ (n ^ 4)) = (2 < n).
Proof. by rewrite eq4_5_range; case: n => [|[|[|[|n]]]]. Qed.

(** Among n <= d + 1, for every d >= 1: the bound holds exactly when d! 2^n <= n^(d+1). *)
Theorem eq4_5_range_low n d : 0 < d -> n <= d.+1 ->
  (#|T n d| ^ d`! <= 2 ^ (n ^ d.+1)) = (d`! * 2 ^ n <= n ^ d.+1).
Proof.
move=> hd hn; rewrite eq4_5_range; case: ltnP => //= hdn.
have -> : n = d.+1 by apply/eqP; rewrite eqn_leq hn hdn.
by rewrite fact_pow2_le.
Qed.

(** ... and at n = d + 1 it holds. *)
Corollary eq4_5_top n d : 0 < d -> n = d.+1 -> #|T n d| ^ d`! <= 2 ^ (n ^ d.+1).
Proof. by move=> _ ->; apply: eq4_5_upper. Qed.
End Eq45.
