(** * Theorem 4.2's lower bound, Lemmas 5.3 and 5.4 and Proposition 5.5, for all parameters.

    For an irreducible B of arity k = a.+1, split the a + m variables of {0,1}^(a+m) into
    selector variables z in {0,1}^a and data variables x in {0,1}^m.  Each operand f_j in
    T(m; d_j) extends (Lemma 5.3, [lemma5_3_extension]) to a threshold function of degree d_j
    on {0,1}^(a+m): f_j xor c_j on the selector point e_j, and on the other selector points e_i
    the value that Lemma 5.1's line through argument i needs.  Hence B(extensions) equals f_i
    on e_i (Lemma 5.4, [lemma5_4]), so f |-> B(extensions) is injective and
    |T_B(a + m; d)| >= prod_j |T(m; d_j)| ([thm4_2_lower], and [thm4_2_lower_n] for every
    n >= k - 1).  For a = 1 the selector points are all of {0,1}^1 and B(extensions) is the
    multiplexer whatever the irreducible binary B ([compose_mux], [prop5_5]).  The selector part
    is the explicit degree-1 polynomial Q_j = sum_{i <> j} theta_i L_i, which is the corrected
    witness of Lemma 5.2 (sum theta_i z_i for j = 0, the printed (5.5) for j >= 1); with it the
    printed construction (5.8) is [lemma5_3_printed].  Added hypotheses, as the paper needs them:
    d_j >= 1, n >= k - 1, and for (5.8) a p with no zero (f = sign p). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold Operators Composition.
From Quarks Require Import QuarksCompat.

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

(** ** Lemma 5.3: extending a threshold function from {0,1}^m to {0,1}^(a+m) *)

(** For |R| < |X|, X + R has the sign of X. *)
Lemma sign_dom (X R : int) : `|R| < `|X| -> (0 < X + R) = (0 < X).
Proof.
case: (ltrgt0P X) => hX h.
- have h1 : - R < X by apply: le_lt_trans h; rewrite -normrN ler_norm.
  by apply/idP; rewrite -[R]opprK subr_gt0.
- have h2 : R < - X by apply: le_lt_trans h; rewrite ler_norm.
  have h3 : X + R < 0 by rewrite addrC -(opprK X) subr_lt0.
  by apply/negbTE; rewrite -leNgt ltW.
- by move: h; rewrite ltNge normr_ge0.
Qed.

(** 2x - 1 is odd, never 0, and has the sign of x (resp. 1 - 2x the opposite one). *)
Lemma odd_sign (x : int) : (0 < x + x - 1) = (0 < x).
Proof.
case: (ltrgt0P x) => hx.
- by apply/idP; rewrite subr_gt0 ltr_pwDl // -gtz0_ge1.
- apply/negbTE; rewrite -leNgt subr_le0; apply: ltW; apply: lt_trans (_ : 0 < 1) => //.
  by rewrite -(addr0 0) ltrD.
- by subst x.
Qed.

Lemma odd_sign_neg (x : int) : (0 < 1 - (x + x)) = ~~ (0 < x).
Proof.
case: (ltrgt0P x) => hx /=.
- apply/negbTE; rewrite -leNgt subr_le0; apply: ltW.
  by rewrite ltr_pwDl // -gtz0_ge1.
- apply/idP; rewrite subr_gt0; apply: lt_trans (_ : 0 < 1) => //.
  by rewrite -(addr0 0) ltrD.
- by subst x.
Qed.

Section Extension.
Variables a m : nat.

(** The extension of f along the selector: where Q_(j,t)(z) = 0 (at z = e_j) it is f(x) xor c,
    elsewhere the sign of Q_(j,t)(z). *)
Definition ext (j : 'I_a.+1) (t : 'I_a.+1 -> bool) (c : bool) (f : boolfun m) : boolfun (a + m) :=
  [ffun y => let q := Q j t (lpart y) in if q == 0 then f (rpart y) (+) c else 0 < q].

(** Lemma 5.3: for d >= 1 the extension of f in T(m;d) is in T(a + m; d), realized by
    M Q(z) + R(x) with R = +-(2 p - 1) odd and M > max |R|. *)
Lemma lemma5_3_extension d j t c (f : boolfun m) :
  (0 < d)%N -> f \in T m d -> ext j t c f \in T (a + m) d.
Proof.
move=> hd /inTP [p hp]; apply/inTP/realizableP.
pose P := peval d p.
pose R x := (if c then -1 else 1) * (P x + P x - 1).
have hP : poly d P by exists p.
have hR : poly d R.
  by apply: poly_scale; apply: poly_add (poly_add hP hP) (poly_const _ d (-1)).
have hRs x : (0 < R x) = f x (+) c.
  rewrite /R hp; case: (c).
    by rewrite mulN1r opprB odd_sign_neg addbT.
  by rewrite mul1r odd_sign addbF.
pose M : int := 1 + \sum_x `|R x|.
have hM x : `|R x| < M.
  rewrite /M (bigD1 x) //=; apply: ltr_pwDl => //.
  by apply: ler_wpDr => //; apply: sumr_ge0 => y _; apply: normr_ge0.
have hM0 : 0 < M by apply: le_lt_trans (normr_ge0 (R [ffun _ => false])) (hM _).
pose G y := M * Q j t (lpart y) + R (rpart y).
exists G; split.
  apply: poly_add; first apply: poly_scale.
    exact: (poly_ext (poly_lift (@lshift_inj a m) (poly_Q j t hd))).
  exact: (poly_ext (poly_lift (@rshift_inj a m) hR)).
move=> y; rewrite /G ffunE /=.
case: eqP => [->|/eqP hq]; first by rewrite mulr0 add0r hRs.
rewrite sign_dom ?pmulr_rgt0 //.
rewrite [`|M * _|]normrM (gtr0_norm hM0); apply: lt_le_trans (hM _) _.
by apply: ler_peMr; [apply: ltW | rewrite -gtz0_ge1 normr_gt0].
Qed.
(** On the selector points: e_j gives f xor c, e_i (i <> j) gives t_i. *)
Lemma ext_self j t c f x : ext j t c f (join (e j) x) = f x (+) c.
Proof. by rewrite ffunE; cbv zeta; rewrite lpart_join rpart_join Q_e eqxx /= ?eqxx. Qed.

Lemma ext_other j t c f i x : i != j -> ext j t c f (join (e i) x) = t i.
Proof.
move=> hij; rewrite ffunE; cbv zeta; rewrite lpart_join Q_e (negbTE hij).
by case: (t i).
Qed.

(** Lemma 5.3 as printed, (5.8): q = Q_(j,t) is the corrected affine witness of Lemma 5.2 with
    signs theta_i = t_i (an integer polynomial of degree 1), p realizes f with no zero on
    {0,1}^m (f = sign p), theta = (-1)^c and M > max |p|; F(z, x) = [M q(z) + theta p(x) > 0]. *)
Definition ext58 d (j : 'I_a.+1) (t : 'I_a.+1 -> bool) (c : bool) (p : {set 'I_m} -> int) (M : int) :
  boolfun (a + m) :=
  [ffun y => 0 < M * Q j t (lpart y) + (if c then -1 else 1) * peval d p (rpart y)].

Lemma lemma5_3_printed d j t c (p : {set 'I_m} -> int) (M : int) (f : boolfun m) :
  (0 < d)%N -> (forall x : point m, f x = (0 < peval d p x)) -> (forall x, peval d p x != 0) ->
  (forall x, `|peval d p x| < M) ->
  [/\ ext58 d j t c p M \in T (a + m) d,
      forall x, ext58 d j t c p M (join (e j) x) = f x (+) c &
      forall i x, i != j -> ext58 d j t c p M (join (e i) x) = t i].
Proof.
move=> hd hf hp0 hM.
have M0 : 0 < M := le_lt_trans (normr_ge0 _) (hM [ffun _ => false]).
split.
- apply/inTP/realizableP.
  exists (fun y => M * Q j t (lpart y) + (if c then -1 else 1) * peval d p (rpart y)); split.
    apply: poly_add; apply: poly_scale.
      exact: (poly_ext (poly_lift (@lshift_inj a m) (poly_Q j t hd))).
    have hP : poly d (peval d p) by exists p.
    exact: (poly_ext (poly_lift (@rshift_inj a m) hP)).
  by move=> y; rewrite ffunE.
- move=> x; rewrite ffunE lpart_join rpart_join Q_e eqxx mulr0 add0r hf.
  case: c => /=; last by rewrite mul1r addbF.
  rewrite mulN1r oppr_gt0 addbT.
  by move: (hp0 x); case: ltrgt0P.
- have hth : `|(if c then -1 else 1) : int| = 1 by case: c.
  move=> i x hij; rewrite ffunE lpart_join rpart_join Q_e (negbTE hij) sign_dom.
    by case: (t i) => /=; rewrite ?mulr1 ?M0 // mulrN1 oppr_gt0 ltNge ltW.
  rewrite !normrM hth mul1r (gtr0_norm M0).
  by case: (t i); rewrite /= ?normrN normr1 mulr1.
Qed.
End Extension.

(** ** Lemma 5.4: B of the extensions is f_i on the selector point e_i *)

Section Lemma54.
Variables a m : nat.
Variable B : boolfun a.+1.

(** A line of Lemma 5.1 through the i-th argument: a point z and a bit c with
    B(z with z_i := b) = b xor c (a fixed default when there is none). *)
Definition line (i : 'I_a.+1) : point a.+1 * bool :=
  odflt ([ffun _ => false], false) [pick zc | [forall b, B (setp zc.1 i b) == b (+) zc.2]].

Lemma lineP i : irreducible B -> forall b, B (setp (line i).1 i b) = b (+) (line i).2.
Proof.
move=> hB b; rewrite /line; case: pickP => [zc /forallP h|h]; first exact/eqP/h.
have [z [c hz]] := lemma5_1 hB i.
by have := h (z, c); rewrite /=; move/negP; case; apply/forallP => b'; rewrite hz.
Qed.

(** The operands: f_j extended so that, on e_i, operand j takes the value of the line through
    argument i, and operand i takes f_i xor c_i. *)
Definition extensions (fs : {ffun 'I_a.+1 -> boolfun m}) : {ffun 'I_a.+1 -> boolfun (a + m)} :=
  [ffun j => ext j (fun i => (line i).1 j) (line j).2 (fs j)].

(** Lemma 5.4: B(F_0, .., F_a)(e_i, x) = f_i(x). *)
Lemma lemma5_4 fs i x : irreducible B -> compose B (extensions fs) (join (e i) x) = fs i x.
Proof.
move=> hB; rewrite ffunE.
have -> : [ffun j => extensions fs j (join (e i) x)] = setp (line i).1 i (fs i x (+) (line i).2).
  apply/ffunP => j; rewrite [LHS]ffunE [RHS]ffunE.
  have -> : extensions fs j = ext j (fun i0 => (line i0).1 j) (line j).2 (fs j) by rewrite ffunE.
  case: eqP => [->|/eqP hji]; first exact: ext_self.
  by rewrite ext_other // eq_sym.
by rewrite lineP // addbK.
Qed.

(** The extensions lie in T(a + m; d_j) when every d_j >= 1 (Lemma 5.3). *)
Lemma extensions_operands ds fs : (forall j, 0 < ds j)%N -> fs \in operands m ds -> extensions fs \in operands (a + m) ds.
Proof.
move=> hds; rewrite !inE => /forallP hfs; apply/forallP => j; rewrite ffunE.
exact: lemma5_3_extension.
Qed.

(** Theorem 4.2, lower bound: prod_j |T(m; d_j)| <= |T_B(a + m; d_0..d_a)|, for every irreducible
    B of arity a + 1, every m and all degrees d_j >= 1. *)
Theorem thm4_2_lower ds : irreducible B -> (forall j, 0 < ds j)%N ->
  (\prod_(j < a.+1) #|T m (ds j)| <= #|TB (a + m) B ds|)%N.
Proof.
move=> hB hds; rewrite -card_operands.
pose phi fs := compose B (extensions fs).
have inj : {in operands m ds &, injective phi}.
  move=> fs gs _ _ h; apply/ffunP => i; apply/ffunP => x.
  by rewrite -(lemma5_4 fs i x hB) -(lemma5_4 gs i x hB) /phi in h *; rewrite h.
rewrite -(card_in_imset inj); apply: subset_leq_card; apply/subsetP => g /imsetP [fs hfs ->].
by apply/imsetP; exists (extensions fs) => //; apply: extensions_operands.
Qed.
End Lemma54.

(** The same for every n >= a (n variables, a of them selectors): the paper's
    prod_j |T(n - k + 1; d_j)| <= |T_B(n; d_1..d_k)| with k = a + 1, under the added hypotheses
    n >= k - 1 and d_j >= 1. *)
Corollary thm4_2_lower_n a n (B : boolfun a.+1) ds : irreducible B -> (forall j, 0 < ds j)%N ->
  (a <= n)%N -> (\prod_(j < a.+1) #|T (n - a) (ds j)| <= #|TB n B ds|)%N.
Proof.
move=> hB hds han.
have gen : forall n' m : nat, n' = (a + m)%N -> (\prod_(j < a.+1) #|T m (ds j)| <= #|TB n' B ds|)%N.
  by move=> n' m ->; apply: thm4_2_lower.
by apply: gen; rewrite subnKC.
Qed.

(** ** Proposition 5.5: one injective family lies in T_B for every irreducible binary B *)

(** With one selector variable the selector points e_0, e_1 are all of {0,1}^1. *)
Definition sel (z : point 1) : 'I_2 := if z ord0 then lift ord0 ord0 else ord0.

Lemma sel_e i : sel (e i) = i.
Proof.
apply/val_inj; rewrite /sel ffunE; case: (unliftP ord0 i) => [j ->|->] //.
by rewrite (ord1 j) eqxx.
Qed.

Lemma e_sel z : e (sel z) = z.
Proof.
apply/ffunP => l; rewrite (ord1 l) /sel; case hz: (z ord0); rewrite ffunE.
  by rewrite liftK eqxx.
by rewrite unlift_none.
Qed.

(** The multiplexer: f_0 where the selector is 0, f_1 where it is 1. *)
Definition mux m (fs : {ffun 'I_2 -> boolfun m}) : boolfun (1 + m) :=
  [ffun y => fs (sel (lpart y)) (rpart y)].

(** For every irreducible binary B, B of the extensions is the multiplexer. *)
Lemma compose_mux m (B : boolfun 2) (fs : {ffun 'I_2 -> boolfun m}) :
  irreducible B -> compose B (extensions B fs) = mux fs.
Proof.
move=> hB; apply/ffunP => y; rewrite -{1}(join_parts y) -{1}(e_sel (lpart y)) lemma5_4 //.
by rewrite ffunE.
Qed.

(** Proposition 5.5: |intersection over the irreducible binary B of T_B(1 + m; d_0, d_1)|
    >= |T(m; d_0)| |T(m; d_1)|, for d_0, d_1 >= 1. *)
Theorem prop5_5 m (ds : 'I_2 -> nat) : (forall j, 0 < ds j)%N ->
  (\prod_(j < 2) #|T m (ds j)| <= #|\bigcap_(B : boolfun 2 | irreducible B) TB (1 + m) B ds|)%N.
Proof.
move=> hds; rewrite -card_operands.
have inj : {in operands m ds &, injective (@mux m)}.
  move=> fs gs _ _ h; apply/ffunP => i; apply/ffunP => x.
  have := congr1 (fun g : boolfun (1 + m) => g (join (e i) x)) h.
  by rewrite /= !ffunE !lpart_join !rpart_join sel_e.
rewrite -(card_in_imset inj); apply: subset_leq_card; apply/subsetP => g /imsetP [fs hfs ->].
apply/bigcapP => B hB; rewrite -(compose_mux fs hB).
by apply/imsetP; exists (extensions B fs) => //; apply: extensions_operands.
Qed.
