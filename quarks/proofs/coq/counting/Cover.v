(** * Cover's function-counting theorem (Cover 1965; Schlaefli's region count).

    Over a real field R, m points y_i in R^k have at most C(m, k) strict sign vectors
    i |-> [w.y_i > 0] (w ranging over the w with w.y_i <> 0 for every i), where
    C(0, k) = 1, C(m+1, 0) = 0, C(m+1, k+1) = C(m, k+1) + C(m, k)  ([cover_upper]);
    C(m, k) = 2 sum_{j<k} binom(m-1, j) for m >= 1  ([cover_closed]).  When the points lie in
    an open half-space (some u has u.y_i > 0 for all i) every labeling i |-> [w.y_i > 0] is a
    strict sign vector, so the labelings obey the same bound ([cover_labelings]); the affine
    labelings i |-> [w.z_i + b > 0] of points z_i in R^m number at most C(m_points, m+1)
    ([cover_affine]), and the sign vectors realized by w in a subspace V at most C(m, dim V)
    ([cover_upper_subspace]).  R is any ordered field: no completeness, no general position.
    In general position (any k of the points linearly independent) the bound is an equality
    ([cover_exact]): a sign vector of the projected points extends both ways (perturb t w0 +- y_0),
    every sign vector of y_1..y_m extends, and the projections stay in general position.

    Proof of the bound (induction on m): a strict sign vector s of y_0..y_m restricts to one of
    y_1..y_m; it has two extensions only if w1, w2 realize them with w1.y_0 > 0 > w2.y_0, and then
    the positive combination w0 = (-w2.y_0) w1 + (w1.y_0) w2 realizes the restriction strictly
    with w0.y_0 = 0, i.e. w0 lies in the kernel of y_0, a space of dimension k - 1 when
    y_0 <> 0 (when y_0 = 0 there is no strict sign vector at all).  Writing w0 = z B with B a
    basis of that kernel, w0.y_i = z.(y_i B^T): the doubled restrictions are strict sign vectors
    of m points in dimension k - 1.

    The counting function C(m, k) and its bounds are in [CoverCount] (re-exported here). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint matrix mxalgebra zmodp.
From Coq Require Import Lia.
From Quarks Require Import Threshold QuarksCompat.
From Quarks Require Export CoverCount.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

(** ** Strict sign vectors and labelings of points in R^k *)
Section Signs.
Variable R : realFieldType.

(** The inner product w.y of two row vectors. *)
Definition dot k (w y : 'rV[R]_k) : R := (w *m y^T) 0 0.

(** The sign +1 or -1 of a bit. *)
Definition sgnb (b : bool) : R := if b then 1 else -1.

(** s is a strict sign vector of the points y: some w has sgn(s_i) (w.y_i) > 0 for every i,
    i.e. w.y_i > 0 where s_i is true and w.y_i < 0 where it is false. *)
Definition signs (I : finType) k (y : I -> 'rV[R]_k) : {set {ffun I -> bool}} :=
  [set s : {ffun I -> bool} | asbool (exists w : 'rV[R]_k, forall i, 0 < sgnb (s i) * dot w (y i))].

(** s is a labeling of the points y: some w has s_i = [w.y_i > 0] for every i. *)
Definition labelings (I : finType) k (y : I -> 'rV[R]_k) : {set {ffun I -> bool}} :=
  [set s : {ffun I -> bool} | asbool (exists w : 'rV[R]_k, forall i, s i = (0 < dot w (y i)))].

Lemma signsP (I : finType) k (y : I -> 'rV[R]_k) (s : {ffun I -> bool}) :
  reflect (exists w : 'rV[R]_k, forall i, 0 < sgnb (s i) * dot w (y i)) (s \in signs y).
Proof. by rewrite inE; apply: asboolP. Qed.

Lemma labelingsP (I : finType) k (y : I -> 'rV[R]_k) (s : {ffun I -> bool}) :
  reflect (exists w : 'rV[R]_k, forall i, s i = (0 < dot w (y i))) (s \in labelings y).
Proof. by rewrite inE; apply: asboolP. Qed.

Lemma dot0r k (w : 'rV[R]_k) : dot w 0 = 0.
Proof. by rewrite /dot trmx0 mulmx0 mxE. Qed.

(** w.y is linear in w. *)
Lemma dotDl k (u v y : 'rV[R]_k) : dot (u + v) y = dot u y + dot v y.
Proof. by rewrite /dot mulmxDl mxE. Qed.

Lemma dotZl k a (w y : 'rV[R]_k) : dot (a *: w) y = a * dot w y.
Proof. by rewrite /dot -scalemxAl mxE. Qed.

Lemma dotNl k (w y : 'rV[R]_k) : dot (- w) y = - dot w y.
Proof. by rewrite /dot mulNmx mxE. Qed.

(** (z B).y = z.(y B^T). *)
Lemma dot_mul k l (z : 'rV[R]_l) (B : 'M[R]_(l, k)) (y : 'rV[R]_k) :
  dot (z *m B) y = dot z (y *m B^T).
Proof. by rewrite /dot trmx_mul trmxK mulmxA. Qed.

(** w.y = 0 puts w in the kernel of y^T. *)
Lemma dot_kermx k (w y : 'rV[R]_k) : dot w y = 0 -> (w <= kermx y^T)%MS.
Proof.
move=> h; apply/sub_kermxP; apply/matrixP => i j.
by rewrite (ord1 i) (ord1 j) [RHS]mxE -h.
Qed.

Lemma sgnb_neq0 b : sgnb b != 0.
Proof. by case: b; rewrite /= ?oppr_eq0 oner_eq0. Qed.

(** A zero point has no strict sign. *)
Lemma signs0 (I : finType) k (y : I -> 'rV[R]_k) i : y i = 0 -> signs y = set0.
Proof.
move=> hi; apply/setP => s; rewrite in_set0; apply/negbTE/signsP => -[w /(_ i)].
by rewrite hi dot0r mulr0 ltxx.
Qed.

(** Restriction to y_1..y_m and extension by a bit at y_0. *)
Definition restr m (s : {ffun 'I_m.+1 -> bool}) : {ffun 'I_m -> bool} :=
  [ffun j => s (lift ord0 j)].
Definition extb m (s : {ffun 'I_m -> bool}) (b : bool) : {ffun 'I_m.+1 -> bool} :=
  [ffun i => if unlift ord0 i is Some j then s j else b].

Lemma extb_restr m (s : {ffun 'I_m.+1 -> bool}) : extb (restr s) (s ord0) = s.
Proof.
apply/ffunP => i; rewrite ffunE; case: unliftP => [j ->|->] //.
by rewrite ffunE.
Qed.

Lemma extb0 m (s : {ffun 'I_m -> bool}) b : extb s b ord0 = b.
Proof. by rewrite ffunE unlift_none. Qed.

Lemma extb_lift m (s : {ffun 'I_m -> bool}) b j : extb s b (lift ord0 j) = s j.
Proof. by rewrite ffunE liftK. Qed.

(** The induction step's geometric fact: if s extends with both bits at y_0, then s is a
    strict sign vector realized by some w0 with w0.y_0 = 0. *)
Lemma signs_both m k (y : 'I_m.+1 -> 'rV[R]_k) (s : {ffun 'I_m -> bool}) :
  extb s true \in signs y -> extb s false \in signs y ->
  exists w0 : 'rV[R]_k, dot w0 (y ord0) = 0 /\
    forall j, 0 < sgnb (s j) * dot w0 (y (lift ord0 j)).
Proof.
move=> /signsP [w1 h1] /signsP [w2 h2].
have a0 : 0 < dot w1 (y ord0) by have := h1 ord0; rewrite extb0 mul1r.
have b0 : 0 < - dot w2 (y ord0) by have := h2 ord0; rewrite extb0 mulN1r.
exists ((- dot w2 (y ord0)) *: w1 + dot w1 (y ord0) *: w2); split.
  by rewrite dotDl !dotZl mulNr mulrC addNr.
move=> j; rewrite dotDl !dotZl mulrDr.
have := h1 (lift ord0 j); have := h2 (lift ord0 j); rewrite !extb_lift => p2 p1.
by apply: addr_gt0; rewrite mulrCA; apply: mulr_gt0.
Qed.

(** Cover's bound for points indexed by 'I_m, by induction on m. *)
Lemma cover_upper_ord m : forall k (y : 'I_m -> 'rV[R]_k), (#|signs y| <= cover m k)%N.
Proof.
elim: m => [|m IH] k y.
  by apply: leq_trans (max_card _) _; rewrite card_ffun card_bool card_ord.
case: k y => [|k] y; first by rewrite (@signs0 _ _ _ ord0) ?cards0 // thinmx0.
have [x0|xn0] := eqVneq (y ord0) 0; first by rewrite (signs0 x0) cards0.
pose y' := fun j : 'I_m => y (lift ord0 j).
pose B := row_base (kermx (y ord0)^T).
pose y'' := fun j : 'I_m => y' j *m B^T.
(* the restrictions with two extensions *)
pose D := [set s : {ffun 'I_m -> bool} | (extb s true \in signs y) && (extb s false \in signs y)].
pose g s := extb s (extb s true \in signs y).
have sub : signs y \subset g @: signs y' :|: (fun s => extb s false) @: D.
  apply/subsetP => s hs; rewrite inE.
  have hr : restr s \in signs y'.
    by case/signsP: hs => w hw; apply/signsP; exists w => j; rewrite ffunE; apply: hw.
  have es := extb_restr s.
  case hs0 : (s ord0) es => es.
    by apply/orP; left; apply/imsetP; exists (restr s) => //; rewrite /g es hs.
  case ht : (extb (restr s) true \in signs y).
    by apply/orP; right; apply/imsetP; exists (restr s) => //; rewrite inE ht es hs.
  by apply/orP; left; apply/imsetP; exists (restr s) => //; rewrite /g ht es.
have DS : D \subset signs y''.
  apply/subsetP => s; rewrite inE => /andP [h1 h2].
  have [w0 [w0x hw0]] := signs_both h1 h2.
  have /submxP [z ez] : (w0 <= B)%MS by rewrite eq_row_base; apply: dot_kermx.
  by apply/signsP; exists z => j; rewrite -dot_mul -ez; apply: hw0.
have rk : \rank (kermx (y ord0)^T) = k.
  by rewrite mxrank_ker mxrank_tr rank_rV xn0 subn1.
rewrite coverSS; apply: leq_trans (subset_leq_card sub) _.
rewrite cardsU; apply: leq_trans (leq_subr _ _) _; apply: leq_add.
  exact: leq_trans (leq_imset_card _ _) (IH _ _).
apply: leq_trans (leq_imset_card _ _) _; apply: leq_trans (subset_leq_card DS) _.
by apply: leq_trans (IH _ y'') _; rewrite rk.
Qed.

(** Cover's theorem: m = #|I| points in R^k have at most C(m, k) strict sign vectors. *)
Theorem cover_upper (I : finType) k (y : I -> 'rV[R]_k) : (#|signs y| <= cover #|I| k)%N.
Proof.
pose z := fun j : 'I_#|I| => y (enum_val j).
pose h := fun s : {ffun I -> bool} => [ffun j : 'I_#|I| => s (enum_val j)].
have inj : injective h.
  move=> s1 s2 /ffunP e; apply/ffunP => i; have := e (enum_rank i).
  by rewrite !ffunE enum_rankK.
rewrite -(card_imset _ inj); apply: leq_trans (cover_upper_ord z).
apply: subset_leq_card; apply/subsetP => _ /imsetP [s /signsP [w hw] ->].
by apply/signsP; exists w => j; rewrite ffunE; apply: hw.
Qed.

(** In an open half-space (u.y_i > 0 for all i) every labeling is a strict sign vector:
    w - u/t with t large realizes the labeling of w strictly (here t w - u). *)
Lemma labelings_signs (I : finType) k (y : I -> 'rV[R]_k) (u : 'rV[R]_k) :
  (forall i, 0 < dot u (y i)) -> labelings y \subset signs y.
Proof.
move=> hu; apply/subsetP => s /labelingsP [w hw]; apply/signsP.
pose q i := if 0 < dot w (y i) then dot u (y i) / dot w (y i) else 0.
have q0 i : 0 <= q i by rewrite /q; case: ifP => // h; apply: divr_ge0; apply: ltW.
pose t := 1 + \sum_i q i.
have t0 : 0 <= t by apply: addr_ge0; [apply: ler01 | apply: sumr_ge0].
exists (t *: w + - u) => i; rewrite hw dotDl dotZl dotNl.
case hi : (0 < dot w (y i)) => /=.
  rewrite mul1r subr_gt0; apply: lt_le_trans (_ : dot w (y i) + dot u (y i) <= _).
    by rewrite ltrDr.
  have -> : dot w (y i) + dot u (y i) = (1 + q i) * dot w (y i).
    by rewrite /q hi mulrDl mul1r divfK // lt0r_neq0.
  apply: ler_wpM2r; first exact: ltW.
  by rewrite lerD2l (bigD1 i) //= lerDl; apply: sumr_ge0.
rewrite mulN1r oppr_gt0 subr_lt0; apply: le_lt_trans (hu i).
by apply: mulr_ge0_le0 => //; rewrite leNgt hi.
Qed.

(** Cover's theorem for labelings: if the points lie in an open half-space, the labelings
    i |-> [w.y_i > 0] number at most C(#|I|, k). *)
Theorem cover_labelings (I : finType) k (y : I -> 'rV[R]_k) :
  (exists u, forall i, 0 < dot u (y i)) -> (#|labelings y| <= cover #|I| k)%N.
Proof.
case=> u hu; apply: leq_trans (cover_upper y).
exact: subset_leq_card (labelings_signs hu).
Qed.

(** The strict sign vectors realized by w in the row space of A (a subspace of dimension
    rank A). *)
Definition signs_in (I : finType) r k (A : 'M[R]_(r, k)) (y : I -> 'rV[R]_k) :
  {set {ffun I -> bool}} :=
  [set s : {ffun I -> bool} |
    asbool (exists w : 'rV[R]_k, (w <= A)%MS /\ forall i, 0 < sgnb (s i) * dot w (y i))].

(** Cover's theorem for a subspace V: at most C(#|I|, dim V) strict sign vectors. *)
Theorem cover_upper_subspace (I : finType) r k (A : 'M[R]_(r, k)) (y : I -> 'rV[R]_k) :
  (#|signs_in A y| <= cover #|I| (\rank A))%N.
Proof.
apply: leq_trans (cover_upper (fun i => y i *m (row_base A)^T)).
apply: subset_leq_card; apply/subsetP => s; rewrite inE => /asboolP [w [wA hw]].
have /submxP [z ez] : (w <= row_base A)%MS by rewrite eq_row_base.
by apply/signsP; exists z => i; rewrite -dot_mul -ez.
Qed.

(** ** The affine form: labelings s_i = [w.z_i + b > 0] of points z_i in R^m *)

Definition affine_labelings (I : finType) m (z : I -> 'rV[R]_m) : {set {ffun I -> bool}} :=
  [set s : {ffun I -> bool} |
    asbool (exists (w : 'rV[R]_m) (b : R), forall i, s i = (0 < dot w (z i) + b))].

Lemma dot_row_mx m1 m2 (w1 v1 : 'rV[R]_m1) (w2 v2 : 'rV[R]_m2) :
  dot (row_mx w1 w2) (row_mx v1 v2) = dot w1 v1 + dot w2 v2.
Proof. by rewrite /dot tr_row_mx mul_row_col mxE. Qed.

Lemma dot_scalar1 (b : R) : dot (b%:M : 'rV[R]_1) 1 = b.
Proof. by rewrite /dot trmx1 mulmx1 mxE eqxx mulr1n. Qed.

(** Cover's theorem, affine form: #|I| points of R^m have at most C(#|I|, m+1) affine
    labelings (append the coordinate 1: the points (z_i, 1) lie in the open half-space of
    (0, 1)). *)
Theorem cover_affine (I : finType) m (z : I -> 'rV[R]_m) :
  (#|affine_labelings z| <= cover #|I| m.+1)%N.
Proof.
have -> : m.+1 = (m + 1)%N by rewrite addn1.
apply: leq_trans (cover_labelings (y := fun i => row_mx (z i) 1) _).
  apply: subset_leq_card; apply/subsetP => s; rewrite inE => /asboolP [w [b hw]].
  by apply/labelingsP; exists (row_mx w b%:M) => i; rewrite dot_row_mx dot_scalar1 hw.
by exists (row_mx 0 (1 : R)%:M) => i; rewrite dot_row_mx dot_scalar1 /dot mul0mx mxE add0r ltr01.
Qed.

End Signs.

(** ** Equality in general position *)

Section Exact.
Variable R : realFieldType.
Local Notation sg := (@sgnb R).

(** y is in general position: any j <= k of the points are linearly independent. *)
Definition gen_pos (I : finType) k (y : I -> 'rV[R]_k) : Prop :=
  forall j (f : 'I_j -> I), injective f -> (j <= k)%N -> row_free (\matrix_(r, c) y (f r) 0 c).

Lemma dot_self_gt0 k (v : 'rV[R]_k) : v != 0 -> 0 < dot v v.
Proof.
move=> hv; have [j hj] : exists j, v 0 j != 0.
  apply/existsP; apply: contraR hv => /existsPn h; apply/eqP/rowP => j.
  by rewrite mxE; apply/eqP/negPn/h.
rewrite /dot mxE (bigD1 j) //= ltr_pwDl //.
  by rewrite mxE -expr2 exprn_even_gt0.
by apply: sumr_ge0 => i _; rewrite mxE -expr2 sqr_ge0.
Qed.

(** A strict realization survives t w + v for t large. *)
Lemma signs_perturb (I : finType) k (y : I -> 'rV[R]_k) (s : {ffun I -> bool}) (w v : 'rV[R]_k) :
  (forall i, 0 < sg (s i) * dot w (y i)) ->
  exists2 t : R, 0 < t & forall i, 0 < sg (s i) * dot (t *: w + v) (y i).
Proof.
move=> hw; pose a i := sg (s i) * dot w (y i).
pose t := 1 + \sum_i `|dot v (y i)| / a i.
have q0 i : 0 <= `|dot v (y i)| / a i.
  by apply: divr_ge0; [apply: normr_ge0 | apply: ltW; apply: hw].
have t1 : 1 <= t by rewrite lerDl sumr_ge0.
exists t; first by apply: lt_le_trans t1.
move=> i; rewrite dotDl dotZl mulrDr.
have -> : sg (s i) * (t * dot w (y i)) = t * a i by rewrite mulrCA.
have hsg : `|sg (s i)| = 1 by case: (s i); rewrite /= ?normrN normr1.
have lb : - `|dot v (y i)| <= sg (s i) * dot v (y i).
  have h : `|sg (s i) * dot v (y i)| <= `|dot v (y i)| by rewrite normrM hsg mul1r.
  by move: h; rewrite ler_norml => /andP [].
apply: lt_le_trans (lerD (lexx _) lb); rewrite subr_gt0.
apply: lt_le_trans (_ : (1 + `|dot v (y i)| / a i) * a i <= _).
  by rewrite mulrDl mul1r divfK ?(lt0r_neq0 (hw i)) //; apply: ltr_pwDl (hw i) (lexx _).
apply: ler_wpM2r; first exact: ltW (hw i).
by rewrite lerD2l (bigD1 i) //= lerDl; apply: sumr_ge0.
Qed.

Lemma sg_sq b : sg b * sg b = 1.
Proof. by case: b; rewrite /= ?mulrNN mulr1. Qed.

Lemma at0 k b t (w y0 : 'rV[R]_k) : 0 <= t -> 0 <= sg b * dot w y0 -> y0 != 0 ->
  0 < sg b * dot (t *: w + sg b *: y0) y0.
Proof.
move=> t0 hb hy; rewrite dotDl !dotZl mulrDr [sg b * (t * _)]mulrCA [sg b * (sg b * _)]mulrA sg_sq mul1r.
by apply: ltr_wpDl; [apply: mulr_ge0 | apply: dot_self_gt0].
Qed.

Section Step.
Variables (m k : nat) (y : 'I_m.+1 -> 'rV[R]_k).
Let y0 := y ord0.
Let y' := fun j : 'I_m => y (lift ord0 j).
Let B := row_base (kermx y0^T).
Let y'' := fun j : 'I_m => y' j *m B^T.

(** Every strict sign vector of y_1..y_m extends to one of y_0..y_m (y_0 <> 0). *)
Lemma ext_exists s : y0 != 0 -> s \in signs y' -> exists b, extb s b \in signs y.
Proof.
move=> hy /signsP [w hw]; pose b := 0 <= dot w y0.
have [t t0 ht] := signs_perturb (sg b *: y0) hw.
exists b; apply/signsP; exists (t *: w + sg b *: y0) => i.
case: (unliftP ord0 i) => [j ->|->]; first by rewrite extb_lift; apply: ht.
rewrite extb0; apply: at0 => //; first exact: ltW.
rewrite /sgnb /b; case: (boolP (0 <= dot w y0)) => h; first by rewrite mul1r.
by rewrite mulN1r oppr_ge0; apply: ltW; rewrite ltNge.
Qed.

(** A strict sign vector of the projected points extends both ways. *)
Lemma ext_both s b : y0 != 0 -> s \in signs y'' -> extb s b \in signs y.
Proof.
move=> hy /signsP [z hz]; pose w0 := z *m B.
have hw0 j : 0 < sg (s j) * dot w0 (y' j) by rewrite /w0 dot_mul; apply: hz.
have w00 : dot w0 y0 = 0.
  have hB : B *m y0^T = 0 by apply/sub_kermxP; rewrite /B eq_row_base.
  by rewrite /dot /w0 -mulmxA hB mulmx0 mxE.
have [t t0 ht] := signs_perturb (sg b *: y0) hw0.
apply/signsP; exists (t *: w0 + sg b *: y0) => i.
case: (unliftP ord0 i) => [j ->|->]; first by rewrite extb_lift; apply: ht.
by rewrite extb0; apply: at0 => //; [apply: ltW | rewrite w00 mulr0].
Qed.

Lemma restr_extb n (s : {ffun 'I_n -> bool}) b : restr (extb s b) = s.
Proof. by apply/ffunP => j; rewrite ffunE extb_lift. Qed.

Lemma restr_signs s : s \in signs y -> restr s \in signs y'.
Proof. by case/signsP => w hw; apply/signsP; exists w => j; rewrite ffunE; apply: hw. Qed.

(** The exact step: #signs(y) = #signs(y_1..y_m) + #signs(projected points). *)
Lemma card_step : y0 != 0 -> #|signs y| = (#|signs y'| + #|signs y''|)%N.
Proof.
move=> hy; pose T b := [set s : {ffun 'I_m -> bool} | extb s b \in signs y].
have memT s b : (s \in T b) = (extb s b \in signs y) by rewrite inE.
pose A b := [set s : {ffun 'I_m.+1 -> bool} | s ord0 == b].
have memA s b : (s \in A b) = (s ord0 == b) by rewrite inE.
have cardT b : #|signs y :&: A b| = #|T b|.
  rewrite -[RHS](card_imset _ (can_inj (fun s => restr_extb s b))).
  apply: eq_card => s; rewrite in_setI memA; apply/andP/imsetP => [[hs /eqP hb]|[s' hs' ->]].
    by exists (restr s); rewrite ?memT -hb extb_restr.
  by rewrite memT in hs'; rewrite hs' extb0 eqxx.
have hsplit : #|signs y| = (#|T true| + #|T false|)%N.
  rewrite -!cardT -(cardsID (A true) (signs y)); congr (_ + _)%N.
  apply: eq_card => s; rewrite !inE. by case: (s ord0); rewrite ?andbF ?andbT.
have U : T true :|: T false = signs y'.
  apply/setP => s; rewrite in_setU !memT; apply/idP/idP.
    by case/orP => /restr_signs; rewrite restr_extb.
  by case/(ext_exists hy) => -[] ->; rewrite ?orbT.
have I : T true :&: T false = signs y''.
  apply/setP => s; rewrite in_setI !memT; apply/andP/idP => [[h1 h2]|hs]; last first.
    by split; apply: ext_both.
  have [w0 [w0x hw0]] := signs_both h1 h2.
  have /submxP [z ez] : (w0 <= B)%MS by rewrite /B eq_row_base; apply: dot_kermx.
  by apply/signsP; exists z => j; rewrite -dot_mul -ez; apply: hw0.
by rewrite hsplit -cardsUI U I.
Qed.
End Step.

(** General position passes to y_1..y_m ... *)
Lemma gen_pos_tail m k (y : 'I_m.+1 -> 'rV[R]_k) : gen_pos y -> gen_pos (fun j : 'I_m => y (lift ord0 j)).
Proof.
move=> g j f finj hj; apply: (g j (fun r => lift ord0 (f r))) => //.
by move=> a b /lift_inj /finj.
Qed.

(** ... a point in general position is not 0 (k >= 1) ... *)
Lemma gen_pos_neq0 m k (y : 'I_m.+1 -> 'rV[R]_k) : gen_pos y -> (0 < k)%N -> y ord0 != 0.
Proof.
move=> g hk.
have inj1 : injective (fun _ : 'I_1 => @ord0 m) by move=> a b _; rewrite (ord1 a) (ord1 b).
apply: contraTneq (g 1%N _ inj1 hk) => e.
rewrite /row_free (_ : \matrix_(r, c) y ord0 0 c = 0) ?mxrank0 //.
by apply/matrixP => r c; rewrite !mxE e mxE.
Qed.

(** ... and to the projections onto the hyperplane y_0^perp. *)
Lemma gen_pos_proj m k (y : 'I_m.+1 -> 'rV[R]_k) : gen_pos y -> y ord0 != 0 ->
  gen_pos (fun j : 'I_m => y (lift ord0 j) *m (row_base (kermx (y ord0)^T))^T).
Proof.
move=> g hy j f finj hj.
set y0 := y ord0; set B := row_base (kermx y0^T).
have rkB : \rank B = (k - 1)%N by rewrite /B (eq_row_base _).1 mxrank_ker mxrank_tr rank_rV hy.
have hk : (0 < k)%N by case: k y g hy {y0 B rkB hj} => // y g; rewrite thinmx0 eqxx.
pose M := \matrix_(r, c) y (lift ord0 (f r)) 0 c.
have eM : \matrix_(r, c) (y (lift ord0 (f r)) *m B^T) 0 c = M *m B^T.
  by apply/matrixP => r c; rewrite !mxE; apply: eq_bigr => l _; rewrite !mxE.
rewrite eM; apply/inj_row_free => a ha.
have hB : B *m y0^T = 0 by apply/sub_kermxP; rewrite /B eq_row_base.
have y0k : (y0 <= kermx B^T)%MS by apply/sub_kermxP; rewrite -[y0 in y0 *m _]trmxK -trmx_mul hB trmx0.
have rk1 : \rank (kermx B^T) = 1%N.
  by rewrite mxrank_ker mxrank_tr rkB subKn.
have ky0 : (kermx B^T <= y0)%MS.
  by have := (mxrank_leqif_sup y0k).2; rewrite rk1 rank_rV hy eqxx => <-.
have /submxP [c ec] : (a *m M <= y0)%MS.
  by apply: submx_trans ky0; apply/sub_kermxP; rewrite -mulmxA.
pose g' (r : 'I_(j + 1)) : 'I_m.+1 := if split r is inl r' then lift ord0 (f r') else ord0.
have g'inj : injective g'.
  move=> r1 r2; rewrite /g' -[r1]splitK -[r2]splitK.
  case: (split r1) => [a1|b1]; case: (split r2) => [a2|b2]; rewrite !unsplitK /=.
  - by move=> /lift_inj /finj ->.
  - by move=> e; have := neq_lift ord0 (f a1); rewrite e eqxx.
  - by move=> e; have := neq_lift ord0 (f a2); rewrite -e eqxx.
  - by rewrite (ord1 b1) (ord1 b2).
have eG : \matrix_(r, c) y (g' r) 0 c = col_mx M y0.
  apply/matrixP => r l; rewrite mxE -[r]splitK /g'.
  case: (split r) => r'; rewrite unsplitK /=; first by rewrite col_mxEu mxE.
  by rewrite col_mxEd (ord1 r').
have hjk : (j + 1 <= k)%N.
  move: hj; rewrite mxrank_ker mxrank_tr rank_rV hy addn1.
  by case: (k) hk => // k' _; rewrite subn1.
have rf : row_free (col_mx M y0) by rewrite -eG; apply: g.
have e0 : row_mx a (- c) *m col_mx M y0 = 0 *m col_mx M y0.
  by rewrite mul_row_col mulNmx -ec subrr mul0mx.
by move: (row_free_inj rf e0) => /eqP; rewrite row_mx_eq0 => /andP [/eqP -> _].
Qed.

(** Cover's theorem, equality: m points in general position in R^k have exactly C(m, k)
    strict sign vectors. *)
Theorem cover_exact m : forall k (y : 'I_m -> 'rV[R]_k), gen_pos y -> #|signs y| = cover m k.
Proof.
elim: m => [|m IH] k y g.
  apply/eqP; rewrite eqn_leq cover_upper_ord /= card_gt0; apply/set0Pn.
  by exists [ffun i => false]; apply/signsP; exists 0 => -[].
case: k y g => [|k] y g; first by rewrite (@signs0 _ _ _ _ ord0) ?cards0 // thinmx0.
have hy := gen_pos_neq0 g (ltn0Sn k).
rewrite card_step // coverSS; congr (_ + _)%N.
  exact: IH (gen_pos_tail g).
rewrite IH; last exact: gen_pos_proj.
by rewrite mxrank_ker mxrank_tr rank_rV hy subn1.
Qed.

End Exact.

(** ** The affine form with equality *)

Section AffineExact.
Variable R : realFieldType.

(** A strict sign vector is the labeling of the same w. *)
Lemma signs_labelings (I : finType) k (y : I -> 'rV[R]_k) : signs y \subset labelings y.
Proof.
apply/subsetP => s /signsP [w hw]; apply/labelingsP; exists w => i.
have := hw i; case: (s i) => /=; first by rewrite mul1r => ->.
by rewrite mulN1r oppr_gt0 => h; apply/esym/negbTE; rewrite -leNgt ltW.
Qed.

(** The affine labelings of z are the labelings of the lifted points (z_i, 1). *)
Lemma affine_labelings_lift (I : finType) m (z : I -> 'rV[R]_m) :
  affine_labelings z = labelings (fun i => row_mx (z i) (1 : 'rV[R]_1)).
Proof.
apply/setP => s; rewrite inE; apply/asboolP/labelingsP => [[w [b hw]]|[w hw]].
  by exists (row_mx w b%:M) => i; rewrite dot_row_mx dot_scalar1 hw.
exists (lsubmx w), (rsubmx w 0 0) => i; rewrite hw -{1}(hsubmxK w) dot_row_mx.
by rewrite /dot [in X in _ + X]trmx1 mulmx1.
Qed.

(** Cover's theorem, affine form with equality: N points z_i of R^m in general position
    (any m + 1 of the lifted points (z_i, 1) linearly independent) have exactly C(N, m+1)
    affine labelings. *)
Theorem cover_affine_exact N m (z : 'I_N -> 'rV[R]_m) :
  gen_pos (fun i => row_mx (z i) (1 : 'rV[R]_1)) -> #|affine_labelings z| = cover N m.+1.
Proof.
move=> g; have -> : m.+1 = (m + 1)%N by rewrite addn1.
rewrite affine_labelings_lift -(cover_exact g); apply: eq_card => s.
apply/idP/idP; last by apply: (subsetP (signs_labelings _)).
apply: (subsetP (labelings_signs (u := row_mx 0 (1 : R)%:M) _)) => i.
by rewrite dot_row_mx dot_scalar1 /dot mul0mx mxE add0r ltr01.
Qed.
End AffineExact.
