(** * Real coefficients give the same T(n;d) as integer ones (all n, d).

    The paper's T(n;d) allows real coefficients; [Threshold.T] uses integers.  For every
    archimedean ordered field R (the reals, the rationals, ...): f is [p(x) > 0] on {0,1}^n for
    a polynomial p of degree <= d with coefficients in R iff [f \in T n d] ([T_real]).
    Integers embed; conversely, (1) shift p by -h/2 with 0 < h < p(x) at every true point, so
    |p(x)| >= h/2 everywhere with the same signs ([margin]); (2) pick N with N h/2 > K, K the
    number of monomials, and round each N c_S to an integer a_S with |N c_S - a_S| < 1: the
    integer polynomial differs from N p by at most K at every point, so the signs agree
    ([round_margin]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold QuarksCompat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section RealBridge.
Variable R : archiRealFieldType.

(** p(x) = sum over |S| <= d of c_S prod_{i in S} x_i, coefficients in R. *)
Definition rpeval n d (c : {set 'I_n} -> R) (x : point n) : R :=
  \sum_(S : {set 'I_n} | (#|S| <= d)%N) c S * \prod_(i in S) ((x i : nat)%:R : R).

(** f(x) = [p(x) > 0] for such a p (strict threshold: p(x) = 0 gives false). *)
Definition rrealizable n d (f : boolfun n) : Prop :=
  exists c : {set 'I_n} -> R, forall x, f x = (0 < rpeval d c x).

(** A monomial takes the values 0 and 1 on {0,1}^n. *)
Lemma monomial01 n (S : {set 'I_n}) (x : point n) :
  0 <= \prod_(i in S) ((x i : nat)%:R : R) <= 1.
Proof.
apply: (big_ind (fun v : R => 0 <= v <= 1)) => [|u v /andP[u0 u1] /andP[v0 v1]|i _].
- by rewrite ler01 lexx.
- by rewrite mulr_ge0 ?mulr_ile1.
- by case: (x i); rewrite /= ?ler01 ?lexx.
Qed.

(** The integer polynomial read in R. *)
Lemma rpeval_int n d (a : {set 'I_n} -> int) (x : point n) :
  (peval d a x)%:~R = rpeval d (fun S => (a S)%:~R) x.
Proof.
rewrite /peval /rpeval rmorph_sum; apply: eq_bigr => S _.
by rewrite rmorphM /monomial rmorph_prod; congr (_ * _); apply: eq_bigr => i _; rewrite rmorph_nat.
Qed.

(** Adding t to the constant coefficient adds t to p (the empty monomial is 1, of degree 0). *)
Lemma rpeval_shift n d (c : {set 'I_n} -> R) (t : R) (x : point n) :
  rpeval d (fun S => c S + (if S == set0 then t else 0)) x = rpeval d c x + t.
Proof.
rewrite /rpeval.
under eq_bigr do rewrite mulrDl.
rewrite big_split /=; congr (_ + _).
rewrite (bigD1 set0) ?cards0 //= eqxx big_set0 mulr1 big1 ?addr0 // => S /andP[_ /negbTE ->].
by rewrite mul0r.
Qed.

(** Every y in R is within 1 of an integer. *)
Lemma approx_int (y : R) : exists a : int, `|y - a%:~R| < 1.
Proof.
have nat_floor (z : R) : 0 <= z -> exists k : nat, k%:R <= z < k.+1%:R.
  move=> z0; have hex : exists m : nat, z < m%:R by exists (Num.bound z); apply: archi_boundP.
  case: (ex_minnP hex) => [[|k]] hk hmin; first by move: hk; rewrite ltNge z0.
  exists k; rewrite hk andbT leNgt; apply/negP => /hmin.
  by rewrite ltnn.
case: (lerP 0 y) => [y0|y0].
  have [k /andP[k1 k2]] := nat_floor y y0.
  by exists k; rewrite -pmulrn ger0_norm ?subr_ge0 // ltrBlDl -mulrSr.
have y0' : 0 < - y by rewrite oppr_gt0.
have [k /andP[k1 k2]] := nat_floor (- y) (ltW y0').
exists (- k%:Z); rewrite mulrNz -pmulrn opprK -normrN opprD ger0_norm ?subr_ge0 //.
by rewrite ltrBlDl -mulrSr.
Qed.

Variables n d : nat.
Implicit Types (f : boolfun n) (c : {set 'I_n} -> R).

(** Step 1: a realization with a margin mu > 0: p >= mu at true points, p <= -mu at false ones. *)
Lemma margin f : rrealizable d f ->
  exists c (mu : R), 0 < mu /\ forall x, if f x then mu <= rpeval d c x else rpeval d c x <= - mu.
Proof.
case=> c hc.
pose s := \sum_(x | f x) (rpeval d c x)^-1.
have s0 : 0 <= s by apply: sumr_ge0 => x fx; rewrite invr_ge0 ltW // -hc.
pose h := (1 + s)^-1.
have s1 : 0 < 1 + s := ltr_pwDl ltr01 s0.
have h0 : 0 < h by rewrite invr_gt0.
have hp x : f x -> h < rpeval d c x.
  move=> fx; have px : 0 < rpeval d c x by rewrite -hc.
  rewrite -[rpeval d c x]invrK ltf_pV2 ?posrE ?invr_gt0 //.
  apply: le_lt_trans (ltr_pwDl ltr01 (lexx s)).
  rewrite /s (bigD1 x) //= lerDl; apply: sumr_ge0 => y /andP[fy _].
  by rewrite invr_ge0 ltW // -hc.
exists (fun S => c S + (if S == set0 then - (h / 2%:R) else 0)), (h / 2%:R).
split; first by apply: divr_gt0; rewrite ?ltr0n.
move=> x; rewrite rpeval_shift.
case fx: (f x).
  rewrite lerBrDr -splitr.
  exact: ltW (hp x fx).
rewrite lerBlDr addNr.
by rewrite leNgt -hc fx.
Qed.

(** The number of monomials of degree <= d. *)
Definition K : R := \sum_(S : {set 'I_n} | (#|S| <= d)%N) 1.

(** Step 2: a realization with margin mu > 0 rounds to an integer one: N c_S rounded, N mu > K. *)
Lemma round_margin f c (mu : R) : 0 < mu ->
  (forall x, if f x then mu <= rpeval d c x else rpeval d c x <= - mu) -> realizable d f.
Proof.
move=> mu0 hm.
pose N : R := (Num.bound (K / mu))%:R.
have K0 : 0 <= K by apply: sumr_ge0 => *; apply: ler01.
have hN : K < N * mu.
  by rewrite -ltr_pdivrMr //; apply: archi_boundP; rewrite divr_ge0 // ltW.
have ha S : exists a : int, `|N * c S - a%:~R| < 1 := approx_int (N * c S).
pose a S := xchoose (ha S).
have haS S : `|N * c S - (a S)%:~R| < 1 := xchooseP (ha S).
exists a => x.
(* N p(x) - q(x) = sum_S (N c_S - a_S) m_S(x), at most K in absolute value *)
have err : `|N * rpeval d c x - (peval d a x)%:~R| <= K.
  rewrite rpeval_int /rpeval mulr_sumr -sumrB.
  apply: le_trans (ler_norm_sum _ _ _) _; apply: ler_sum => S _.
  rewrite mulrA -mulrBl normrM.
  have /andP[m0 m1] := monomial01 S x.
  rewrite (ger0_norm m0); apply: le_trans (ler_pM (normr_ge0 _) m0 (ltW (haS S)) m1) _.
  by rewrite mulr1.
have N0 : 0 <= N by apply: ler0n.
rewrite -(ltr0z R); move: (hm x) err; rewrite ler_distl.
set q := (peval d a x)%:~R; set P := rpeval d c x.
case: (f x) => hx /andP[lo hi].
  (* q >= N P - K >= N mu - K > 0 *)
  apply/esym; rewrite -(ltrD2r K) add0r; apply: lt_le_trans hi.
  by apply: lt_le_trans hN _; rewrite ler_wpM2l.
(* q <= N P + K <= - N mu + K < 0 *)
have : q - K < - K.
  apply: le_lt_trans lo _; apply: le_lt_trans (_ : N * P <= - (N * mu)) _.
    by rewrite -mulrN ler_wpM2l.
  by rewrite ltrN2.
by rewrite ltrBlDr addNr => /ltW; rewrite leNgt => /negbTE.
Qed.

(** T(n;d) with coefficients in R is T(n;d) with integer coefficients. *)
Theorem T_real f : rrealizable d f <-> f \in T n d.
Proof.
split.
  by move=> /margin [c [mu [mu0 hm]]]; apply/inTP; apply: round_margin hm.
move=> /inTP [a ha]; exists (fun S => (a S)%:~R) => x.
by rewrite -rpeval_int ltr0z ha.
Qed.
End RealBridge.
