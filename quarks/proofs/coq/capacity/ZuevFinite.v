(** * Zuev's chain, finite part: |T(n;1)| >= #closed sets of the cube, and Theorem F
      (2^(Np) <= p! 2^p |T(n;1)| + #bad p-tuples).

    The lifted cube points yhat(x) = (1, 2x_1 - 1, .., 2x_n - 1) in R^{n+1} (R an archimedean
    ordered field; the constant coordinate first) ([yhat]).
    - [signs_yhat_T] (Lemma 1 of ../shared/zuev.md): every strict sign vector of the yhat(x) is
      a threshold function: w.yhat(x) = (w_0 - sum_i w_i) + sum_i 2 w_i x_i is a real polynomial
      of degree 1, and [RealBridge.T_real] turns it into an integer one.
    - [card_flats_yhat_le_T] (Corollary 2'): #closed sets of the yhat(x) <= #|T(n;1)|, by
      [Flats.flats_le_signs] (no yhat(x) is 0: its constant coordinate is 1).  A set C of cube
      points is closed for yhat iff aff(C) meets the cube exactly in C.
    - [card_good] (Lemma 11): a good p-tuple t of sign vectors in {-1,1}^(n+1) (neither (D')
      nor (X) of [Odlyzko], [goodb]) gives the closed p-set Gamma(t) = {x : yhat(x) = nu(t_i) for
      some i} ([gam], [good_closed]; nu(v) = v_0 v, [nu]): yhat(x) in span(Gamma(t)) lies in the
      span of the t_i, so it is +-t_i for some i, and its first coordinate 1 makes it nu(t_i).
      t is determined by i |-> nu(t_i), an injection into yhat(Gamma(t)) (p! choices), and the
      signs t_i0 (2^p): #good tuples <= p! 2^p #closed sets.  Not (D') makes the nu(t_i)
      distinct ([nu_inj]), so Gamma(t) has exactly p points ([card_gam_good]) and the bound
      holds with the closed p-sets ([card_good_p]).
    - [card_good_ge]: 2^(Np) <= #good tuples + [CentralBinomial.zuev_bad n p].
    - [zuev_finite] (Theorem F): 2^(Np) <= p! 2^p |T(n;1)| + C(p,2) 2^(N(p-1)+1)
      + sum_{m=3}^p C(p,m) C(N,m) 2^(N(p-m+1)+m m) C(m, m/2)^(N-m), N = n + 1: the tuples are
      the good ones ([card_good], [card_flats_yhat_le_T]) and the bad ones ([Odlyzko.card_dup],
      [Odlyzko.card_extra]), all over the rationals. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum matrix mxalgebra rat.
From Quarks Require Import QuarksCompat Threshold RealBridge Cover Flats Odlyzko CentralBinomial.

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

(** ** Lemma 11: good tuples give closed p-sets *)

(** The sign vector of yhat(x): (true, x_1, .., x_n). *)
Definition ext n (x : point n) : {ffun 'I_n.+1 -> bool} :=
  [ffun c => if unlift ord0 c is Some i then x i else true].

Lemma yhat_ext n (x : point n) : yhat x = vec R (ext x).
Proof. by apply/rowP => c; rewrite !mxE ffunE; case: (unlift ord0 c). Qed.

Lemma ext0 n (x : point n) : ext x ord0 = true.
Proof. by rewrite ffunE unlift_none. Qed.

Lemma ext_inj n : injective (@ext n).
Proof. by move=> x x' /ffunP e; apply/ffunP => i; have := e (lift ord0 i); rewrite !ffunE liftK. Qed.

(** The sign normalisation nu(v) = v_0 v. *)
Definition nu n (v : {ffun 'I_n.+1 -> bool}) := if v ord0 then v else negv v.

Lemma nu0 n (v : {ffun 'I_n.+1 -> bool}) : nu v ord0 = true.
Proof. by rewrite /nu; case: ifP => h //; rewrite ffunE h. Qed.

Lemma nu_ext n (v : {ffun 'I_n.+1 -> bool}) : exists x : point n, ext x = nu v.
Proof.
exists [ffun i => nu v (lift ord0 i)]; apply/ffunP => c; rewrite !ffunE.
by case: (unliftP ord0 c) => [i ->|->]; rewrite ?liftK ?ffunE ?unlift_none ?nu0.
Qed.

(** The cube points of a tuple: Gamma(t) = yhat^-1 {nu(t_1), .., nu(t_p)}. *)
Definition gam n p (t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}}) : {set point n} :=
  [set x | [exists i, ext x == nu (t i)]].

Definition goodb n p (t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}}) := ~~ dupb t && ~~ extrab R t.

Lemma good_closed n p (t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}}) :
  goodb t -> gam t \in flats (@yhat n).
Proof.
case/andP => _ hx; rewrite inE; apply/closedP => x hsub.
have hspan : (span_of (@yhat n) (gam t) <= mxt R t)%MS.
  apply/sumsmx_subP => x' hx'; rewrite genmxE yhat_ext.
  move: hx'; rewrite inE => /existsP [i /eqP ->]; rewrite /nu.
  case: (t i ord0); first by rewrite -(row_mxt R t i) row_sub.
  by rewrite vec_negv -scaleN1r; apply: scalemx_sub; rewrite -(row_mxt R t i) row_sub.
have hy : (vec R (ext x) <= mxt R t)%MS by rewrite -yhat_ext; apply: submx_trans hsub hspan.
have [i hi] : exists i, (ext x == t i) || (ext x == negv (t i)).
  apply/existsP; apply: contraR hx => /existsPn h; rewrite ?negbK; apply/existsP; exists (ext x).
  by rewrite hy /=; apply/forallP => i; have := h i; rewrite negb_or.
rewrite inE; apply/existsP; exists i; rewrite /nu.
case: (boolP (t i ord0)) => h0; move: hi => /orP [] /eqP e //.
  by have := ext0 x; rewrite e ffunE h0.
by have := ext0 x; rewrite e (negbTE h0).
Qed.

Lemma negv_nu n (v : {ffun 'I_n.+1 -> bool}) : v = if v ord0 then nu v else negv (nu v).
Proof. by rewrite /nu; case: (v ord0); rewrite ?negvK. Qed.

(** Not (D'): the nu(t_i) are distinct. *)
Lemma nu_inj n p (t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}}) :
  ~~ dupb t -> injective (fun i => nu (t i)).
Proof.
move=> hd i j e; apply/eqP; apply: contraTT isT => hij.
have /andP [h1 h2] := nodup_neq hd hij.
move: e; rewrite /nu; case: (t i ord0); case: (t j ord0) => e.
- by rewrite e eqxx in h1.
- by rewrite e in h2; rewrite eqxx in h2.
- by move: h2; rewrite -e negvK eqxx.
- by move: h1; rewrite -[t i]negvK e negvK eqxx.
Qed.

(** yhat(Gamma(t)) = {nu(t_1), .., nu(t_p)}. *)
Lemma ext_gam n p (t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}}) :
  @ext n @: gam t = [set nu (t i) | i : 'I_p].
Proof.
apply/setP => v; apply/imsetP/imsetP => [[x hx ->]|[i _ ->]].
  by move: hx; rewrite inE => /existsP [i /eqP ->]; exists i.
have [x ex] := nu_ext (t i); exists x => //.
by rewrite inE; apply/existsP; exists i; rewrite ex.
Qed.

(** Lemma 11: a good p-tuple gives a closed set of exactly p points. *)
Lemma card_gam_good n p (t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}}) :
  goodb t -> #|gam t| = p.
Proof.
case/andP => hd _.
by rewrite -(card_imset _ (@ext_inj n)) ext_gam card_imset ?card_ord //; apply: nu_inj.
Qed.

(** Lemma 11: #good tuples <= p! 2^p #closed p-sets. *)
Lemma card_good_p n p :
  (#|[set t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}} | goodb t]|
     <= #|[set C in flats (@yhat n) | #|C| == p]| * (p`! * 2 ^ p))%N.
Proof.
apply: (@card_fibres _ _ _ _ (@gam n p)) => [t|t0 _].
  rewrite !inE => ht; rewrite card_gam_good // eqxx andbT.
  by have := good_closed ht; rewrite inE.
set F := [set t in _ | _].
pose h (t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}}) := ([ffun i => nu (t i)], [ffun i => t i ord0]).
have hinj : injective h.
  move=> t t' [/ffunP e1 /ffunP e2]; apply/ffunP => i.
  have := e1 i; have := e2 i; rewrite !ffunE => b1 b2.
  by rewrite [t i]negv_nu [t' i]negv_nu b1 b2.
pose W := @ext n @: gam t0.
have hW : (#|W| <= p)%N.
  by rewrite /W ext_gam -[p in (_ <= p)%N]card_ord leq_imset_card.
rewrite -(card_imset F hinj).
apply: (@leq_trans
  #|setX [set f : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}} in ffun_on (mem W) | injectiveb f]
         [set: {ffun 'I_p -> bool}]|).
  apply: subset_leq_card; apply/subsetP => _ /imsetP [t ht ->]; rewrite !inE andbT.
  move: ht; rewrite !inE => /andP [/andP [hd _] /eqP eg]; apply/andP; split.
    apply/ffun_onP => i; rewrite ffunE; have [x ex] := nu_ext (t i).
    by rewrite -ex; apply: imset_f; rewrite -eg inE; apply/existsP; exists i; rewrite ex.
  by apply/injectiveP => i j; rewrite !ffunE; apply: nu_inj.
rewrite cardsX card_inj_ffuns_on cardsT card_ffun card_bool !card_ord leq_mul2r; apply/orP; right.
move: hW; rewrite leq_eqVlt => /orP [/eqP ->|/ffact_small ->]; by rewrite ?ffactnn.
Qed.

(** Lemma 11: #good tuples <= p! 2^p #closed sets. *)
Lemma card_good n p :
  (#|[set t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}} | goodb t]| <= #|flats (@yhat n)| * (p`! * 2 ^ p))%N.
Proof.
apply: leq_trans (card_good_p n p) _; rewrite leq_mul2r; apply/orP; right.
by apply: subset_leq_card; apply/subsetP => C; rewrite inE => /andP [].
Qed.
End Lift.

(** All p-tuples of sign vectors are the good ones and the bad ones ([Odlyzko.card_dup],
    [Odlyzko.card_extra]): 2^(Np) <= #good + zuev_bad n p. *)
Lemma card_good_ge n p :
  (2 ^ (n.+1 * p) <= #|[set t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}} | goodb rat_archiRealFieldType t]|
                     + zuev_bad n p)%N.
Proof.
rewrite /zuev_bad addnA.
set G := [set t : {ffun 'I_p -> {ffun 'I_n.+1 -> bool}} | goodb rat_archiRealFieldType t].
have -> : (2 ^ (n.+1 * p) = #|G| + #|~: G|)%N.
  by rewrite cardsC card_ffun card_ffun card_bool !card_ord expnM.
rewrite -addnA leq_add2l.
apply: (@leq_trans #|[set t | dupb t] :|: [set t | extrab rat_archiRealFieldType t && ~~ dupb t]|).
  apply: subset_leq_card; apply/subsetP => t; rewrite in_setC in_setU !in_set /goodb.
  by case: (dupb t) => //=; rewrite negbK andbT.
apply: leq_trans (leq_card_setU _ _) _; apply: leq_add; first exact: card_dup.
exact: card_extra.
Qed.

(** Theorem F (Zuev's chain, finite form): for 1 <= p <= n and N = n + 1,
    2^(Np) <= p! 2^p |T(n;1)| + C(p,2) 2^(N(p-1)+1)
              + sum_{m=3}^p C(p,m) C(N,m) 2^(N(p-m+1)+m^2) C(m, m/2)^(N-m),
    the last two terms being [CentralBinomial.zuev_bad n p]. *)
Theorem zuev_finite n p : (1 <= p <= n)%N ->
  (2 ^ (n.+1 * p) <= p`! * 2 ^ p * #|T n 1| + zuev_bad n p)%N.
Proof.
move=> _; apply: leq_trans (card_good_ge n p) _; rewrite leq_add2r.
apply: leq_trans (card_good rat_archiRealFieldType n p) _; rewrite mulnC leq_mul2l.
by rewrite card_flats_yhat_le_T orbT.
Qed.
