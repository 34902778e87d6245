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

    Proof of the bound (induction on m): a strict sign vector s of y_0..y_m restricts to one of
    y_1..y_m; it has two extensions only if w1, w2 realize them with w1.y_0 > 0 > w2.y_0, and then
    the positive combination w0 = (-w2.y_0) w1 + (w1.y_0) w2 realizes the restriction strictly
    with w0.y_0 = 0, i.e. w0 lies in the kernel of y_0, a space of dimension k - 1 when
    y_0 <> 0 (when y_0 = 0 there is no strict sign vector at all).  Writing w0 = z B with B a
    basis of that kernel, w0.y_i = z.(y_i B^T): the doubled restrictions are strict sign vectors
    of m points in dimension k - 1. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect all_algebra.
From Coq Require Import Lia.
From Quarks Require Import Threshold.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

(** ** The counting function C(m, k) *)

Fixpoint cover (m k : nat) : nat :=
  match m, k with
  | 0, _ => 1
  | m'.+1, 0 => 0
  | m'.+1, k'.+1 => (cover m' k'.+1 + cover m' k')%N
  end.

Lemma cover0k k : cover 0 k = 1%N. Proof. by []. Qed.
Lemma coverS0 m : cover m.+1 0 = 0%N. Proof. by []. Qed.
Lemma coverSS m k : cover m.+1 k.+1 = (cover m k.+1 + cover m k)%N. Proof. by []. Qed.

(** C(m, k) is nondecreasing in k. *)
Lemma cover_leS m k : (cover m k <= cover m k.+1)%N.
Proof.
by elim: m k => [|m IH] [|k] //=; apply: leq_add.
Qed.

Lemma cover_mono m : {homo cover m : k l / (k <= l)%N}.
Proof. by move=> k l /subnK <-; elim: (l - k)%N => //= j; move/leq_trans; apply; apply: cover_leS. Qed.

(** With k >= m every labeling counts: C(m, k) = 2^m. *)
Lemma cover_full m k : (m <= k)%N -> cover m k = (2 ^ m)%N.
Proof.
elim: m k => [|m IH] [|k] //= hk.
by rewrite !IH ?expnS ?mul2n -?addnn // ltnW.
Qed.

(** The closed form: C(m, k) = 2 sum_{j<k} binom(m-1, j) for m >= 1. *)
Lemma cover_closed m k : (0 < m)%N -> cover m k = (2 * \sum_(j < k) 'C(m.-1, j))%N.
Proof.
case: m => // m _; elim: m k => [|m IH] k.
  case: k => [|k]; first by rewrite big_ord0.
  by rewrite big_ord_recl /= bin0 big1 // => j _; rewrite bin0n.
case: k => [|k]; first by rewrite big_ord0.
rewrite coverSS !IH /= big_ord_recl bin0 [in RHS]big_ord_recl bin0 -mulnDr.
congr (2 * _)%N; rewrite -addnA; congr (_ + _)%N.
by rewrite -big_split /=; apply: eq_bigr => j _; rewrite binS addnC.
Qed.

Section CoverNat.
Local Open Scope nat_scope.

(** C(m, k) <= 2^m: there are 2^m vectors of m signs. *)
Lemma cover_le_pow2 m k : (cover m k <= 2 ^ m)%N.
Proof.
apply: leq_trans (cover_mono m (leq_maxl k m)) _.
by rewrite cover_full // leq_maxr.
Qed.

(** C(m, k) <= C(m+1, k) for k >= 1 (not at k = 0: C(0,0) = 1, C(1,0) = 0). *)
Lemma cover_leSm m k : 0 < k -> cover m k <= cover m.+1 k.
Proof. by case: k => // k _; rewrite coverSS leq_addr. Qed.

Lemma cover_monom k : 0 < k -> {homo cover^~ k : m1 m2 / m1 <= m2}.
Proof.
move=> hk m1 m2 /subnK <-; elim: (m2 - m1) => //= j IH.
by apply: leq_trans IH _; rewrite ?addSn; apply: cover_leSm.
Qed.

Lemma cover_m0 m : (0 < m)%N -> cover m 0 = 0%N.
Proof. by case: m. Qed.

(** (m+1)^(k+1) >= m^(k+1) + (k+1) m^k. *)
Lemma bernoulli_nat m k : (m ^ k.+1 + k.+1 * m ^ k <= m.+1 ^ k.+1)%N.
Proof.
elim: k => [|k IH]; first by rewrite expn1 expn0 muln1 addn1.
rewrite expnS [m.+1 ^ _]expnS.
apply: leq_trans (_ : m.+1 * (m ^ k.+1 + k.+1 * m ^ k) <= _)%N; last by rewrite leq_mul2l IH orbT.
by rewrite expnS; move: (m ^ k)%N => X; apply/ssrnat.leP; rewrite -!plusE -!multE; nia.
Qed.

(** C(m, k+1) <= 2 m^k for m >= 1. *)
Lemma cover_pow m k : (0 < m)%N -> (cover m k.+1 <= 2 * m ^ k)%N.
Proof.
case: m => // m _; elim: m k => [|m IH] k; first by rewrite exp1n.
rewrite coverSS; case: k => [|k]; first by rewrite addn0 IH.
apply: leq_trans (leq_add (IH k.+1) (IH k)) _.
rewrite -mulnDr leq_mul2l; apply/orP; right; apply: leq_trans (bernoulli_nat _ _).
by rewrite leq_add2l leq_pmull.
Qed.

(** C(m, k+1) <= m^k for m >= 2 and k >= 2. *)
Lemma cover_pow2 m k : (1 < m)%N -> (1 < k)%N -> (cover m k.+1 <= m ^ k)%N.
Proof.
case: m => [|[|M]] // _ hk; elim: M => [|M IH].
  by apply: leq_trans (cover_le_pow2 _ _) _; rewrite leq_exp2l.
rewrite coverSS; apply: leq_trans (leq_add IH (leqnn _)) _.
case: k hk {IH} => [|[|k]] // _.
apply: leq_trans (leq_add (leqnn _) (cover_pow _ _)) _ => //.
apply: leq_trans (bernoulli_nat _ _); rewrite leq_add2l leq_mul2r; apply/orP; right.
by rewrite ltnS.
Qed.

(** k! 2^k <= 2 k^k. *)
Lemma fact_pow2 k : k`! * 2 ^ k <= 2 * k ^ k.
Proof.
case: k => // k; elim: k => // k IH.
have h1 : 2 * k.+1 ^ k.+1 <= k.+2 ^ k.+1.
  by have := bernoulli_nat k.+1 k; rewrite -expnS addnn -mul2n.
rewrite factS [2 ^ _]expnS [k.+2 ^ _]expnS.
move: IH h1; move: (k.+1)`! (2 ^ k.+1) (k.+1 ^ k.+1) (k.+2 ^ k.+1) => A B C D h2 h1.
rewrite mulnACA -mulnA [2 * (_ * D)]mulnCA !leq_mul2l /=.
exact: leq_trans h2 h1.
Qed.

(** k! C(m, k+1) <= 2 m^k for k <= m: Cover's count is at most 2 m^k / k!. *)
Lemma cover_fact m k : k <= m -> k`! * cover m k.+1 <= 2 * m ^ k.
Proof.
elim: m k => [|m IH] k.
  by rewrite leqn0 => /eqP ->.
rewrite leq_eqVlt => /orP [/eqP ->|]; first by rewrite cover_full // fact_pow2.
rewrite ltnS => hk; case: k hk => [|k] hk; first by rewrite fact0 mul1n; apply: cover_pow.
rewrite coverSS mulnDr.
apply: leq_trans (leq_add (IH _ hk) (_ : _ <= 2 * k.+1 * m ^ k)) _.
  by rewrite factS -mulnA [2 * k.+1]mulnC -mulnA leq_mul2l IH ?orbT // ltnW.
by rewrite -mulnA -mulnDr leq_mul2l bernoulli_nat orbT.
Qed.

End CoverNat.

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
    by rewrite ltr_addr.
  have -> : dot w (y i) + dot u (y i) = (1 + q i) * dot w (y i).
    by rewrite /q hi mulrDl mul1r divfK // lt0r_neq0.
  apply: ler_wpmul2r; first exact: ltW.
  by rewrite ler_add2l (bigD1 i) //= ler_addl; apply: sumr_ge0.
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
