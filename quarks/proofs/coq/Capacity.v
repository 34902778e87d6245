(** * Capacity of polynomial threshold functions from Cover's theorem (seed 000, Section 4).

    A function in T(n;d) is a labeling x |-> [w.phi(x) > 0] of the 2^n points
    phi(x) = (prod_{i in S} x_i)_{|S| <= d} of R^N, N = N(n,d) = sum_{i<=d} binom(n,i), and
    these points lie in the open half-space of the constant monomial (S = empty, value 1).  So
    Cover's theorem gives |T(n;d)| <= C(2^n, N(n,d)) ([card_T_le_cover]), for every n and d.
    Integer coefficients embed into R, so no real-coefficient bridge is needed.  From it: eq. (4.1)'s
    upper bound for n >= 2, eq. (4.3)'s upper side, the exact range of eq. (4.5)'s printed bound for
    d = 1, 2, eq. (4.11), the finite forms of Theorem 4.1 and of the corollary of Proposition 5.5,
    and Theorem 4.3's upper bound (4.11)-(4.12); its lower bound (4.15) through the multiplexing
    construction (4.14), in both output conventions. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect all_algebra.
From Coq Require Import Lia.
From Quarks Require Import Threshold Composition Lower Cover Gallery.

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

(** ** Eq. (4.11) and Theorem 4.3's upper bound (4.11)-(4.12) *)

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

Lemma card_bigcup_le (I T : finType) (P : pred I) (F : I -> {set T}) :
  (#|\bigcup_(i | P i) F i| <= \sum_(i | P i) #|F i|)%N.
Proof.
elim/big_rec2: _ => [|i n U _ IH]; first by rewrite cards0.
by apply: leq_trans (leq_card_setU _ _).1 _; rewrite leq_add2l.
Qed.

(** The hidden layer's output at x, a point of {0,1}^m. *)
Definition hidden m n (fs : {ffun 'I_m -> boolfun n}) (x : point n) : point m :=
  [ffun i => fs i x].

(** phi applied after the hidden layer fs. *)
Definition layer m n (ph : boolfun m) (fs : {ffun 'I_m -> boolfun n}) : boolfun n :=
  [ffun x => ph (hidden fs x)].

(** The hidden layers of m gated units B(h_i, g_i), h_i, g_i in T(n;1). *)
Definition gated_layers n m (B : boolfun 2) : {set {ffun 'I_m -> boolfun n}} :=
  [set fs : {ffun 'I_m -> boolfun n} | [forall i, fs i \in TB n B (fun _ => 1%N)]].

(** T(n,m,1;B): m gated units followed by one linear threshold gate.  Output gating of 0/1
    gates is B = AND, of -1/+1 gates B = XNOR (the paper's T(n,m,1;x)). *)
Definition Tlayer n m (B : boolfun 2) : {set boolfun n} :=
  [set layer ph fs | ph in T m 1, fs in gated_layers n m B].

Lemma card_gated_layers n m (B : boolfun 2) :
  #|gated_layers n m B| = (#|TB n B (fun _ => 1%N)| ^ m)%N.
Proof.
have -> : gated_layers n m B = [set fs in family (fun _ : 'I_m => TB n B (fun _ => 1%N))].
  by apply/setP => fs; rewrite !inE; apply/forallP/familyP => h j; have := h j.
rewrite cardsE card_family foldrE big_map /= enumT -/(index_enum _).
by rewrite prod_nat_const card_ord.
Qed.

(** Theorem 4.3, upper bound (4.11)-(4.12) in finite form: for every B and all n, m,
    |T(n,m,1;B)| <= |T_B(n;1,1)|^m * 2 binom(2^n - 1, <= m).  For each hidden layer the output
    gate gives a labeling of the 2^n hidden vectors (Cover, eq. 4.11). *)
Theorem thm4_3_upper n m (B : boolfun 2) :
  (#|Tlayer n m B| <= #|TB n B (fun _ => 1%N)| ^ m * (2 * \sum_(k < m.+1) 'C(2 ^ n - 1, k)))%N.
Proof.
pose z (fs : {ffun 'I_m -> boolfun n}) (x : point n) := @phi rat_realFieldType m 1%N (hidden fs x).
have sub : Tlayer n m B \subset \bigcup_(fs in gated_layers n m B) labelings (z fs).
  apply/subsetP => _ /imset2P [ph fs hph hfs ->]; apply/bigcupP; exists fs => //.
  have /subsetP /(_ ph hph) /labelingsP [w hw] := T_labelings rat_realFieldType m 1%N.
  by apply/labelingsP; exists w => x; rewrite ffunE hw.
apply: leq_trans (subset_leq_card sub) _; apply: leq_trans (card_bigcup_le _ _) _.
rewrite -card_gated_layers -sum_nat_const; apply: leq_sum => fs _.
rewrite -eq4_11 -card_point -(Nmon1 m) -card_monomials; apply: cover_labelings.
by have [u hu] := phi_halfspace rat_realFieldType m 1%N; exists u => x; apply: hu.
Qed.

(** With Theorem 4.1's bound: |T(n,m,1;B)| <= 2^(2 m n^2) * 2 binom(2^n - 1, <= m) for every
    irreducible binary B, n >= 2 and every m, i.e.
    C(T(n,m,1;B)) <= 2 m n^2 + log2 (2 binom(2^n - 1, <= m)). *)
Corollary thm4_3_upper_pow n m (B : boolfun 2) : irreducible B -> (1 < n)%N ->
  (#|Tlayer n m B| <= 2 ^ (2 * (n * n) * m) * (2 * \sum_(k < m.+1) 'C(2 ^ n - 1, k)))%N.
Proof.
move=> hB hn; apply: leq_trans (thm4_3_upper n m B) _; rewrite leq_mul2r expnM.
have expl a b e : (a <= b -> a ^ e <= b ^ e)%N by move=> h; elim: e => // e IH; rewrite !expnS leq_mul.
by apply/orP; right; apply: expl; case: (thm4_1_finite hB hn).
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

(** ** Theorem 4.3, lower bound (4.15) through the multiplexing construction (4.14), 0/1 outputs *)

(** The selected copy of h: [z = c] AND h(x) on {0,1}^(a+m), z the a selector variables. *)
Definition sel a m (c : point a) (h : boolfun m) : boolfun (a + m) :=
  [ffun y => (lpart y == c) && h (rpart y)].

(** The number of coordinates where z differs from c, a polynomial of degree 1 in z. *)
Definition mismatch a (c z : point a) : int := \sum_k ((z k != c k) : nat)%:R.

Lemma poly_mismatch a d (c : point a) : (0 < d)%N -> poly d (mismatch c).
Proof.
move=> hd.
have hs : poly d (fun z : point a =>
    \sum_(k < a) (if c k then 1 - (z k : nat)%:R else (z k : nat)%:R)).
  apply: poly_sum => k _; case: (c k); last exact: poly_var.
  apply: poly_add (poly_const _ _ 1) _.
  by apply: (poly_ext (poly_scale (-1) (poly_var k hd))) => z; rewrite mulN1r.
apply: (poly_ext hs) => z; rewrite /mismatch; apply: eq_bigr => k _.
by case: (c k); case: (z k).
Qed.

Lemma mismatch_eq0 a (c : point a) : mismatch c c = 0.
Proof. by rewrite /mismatch big1 // => k _; rewrite eqxx. Qed.

Lemma mismatch_ge1 a (c z : point a) : z != c -> 1 <= mismatch c z.
Proof.
move=> hz; have [k hk] : exists k, z k != c k.
  by apply/existsP; apply: contraR hz => /existsPn h; apply/eqP/ffunP => k; apply/eqP/negPn/h.
rewrite /mismatch (bigD1 k) //= hk ler_paddr //.
by apply: sumr_ge0 => j _; apply: ler0n.
Qed.

(** (4.14): the selected copy of a threshold function is a threshold function of the same
    degree: realized by R(x) - M mismatch(z), with R = 2p - 1 odd and M > max |R|. *)
Lemma sel_T a m d (c : point a) (h : boolfun m) :
  (0 < d)%N -> h \in T m d -> sel c h \in T (a + m) d.
Proof.
move=> hd /inTP [p hp]; apply/inTP/realizableP.
pose P := peval d p.
pose R x := P x + P x - 1.
have hR : poly d R.
  by apply: poly_add (poly_add _ _) (poly_const _ d (-1)); exists p.
have hRs x : (0 < R x) = h x by rewrite /R hp odd_sign.
pose M : int := 1 + \sum_x `|R x|.
have hM x : `|R x| < M.
  rewrite /M (bigD1 x) //=; apply: ltr_spaddl => //.
  by apply: ler_paddr => //; apply: sumr_ge0 => y _; apply: normr_ge0.
have hM0 : 0 < M by apply: le_lt_trans (normr_ge0 (R [ffun _ => false])) (hM _).
pose G y := - M * mismatch c (lpart y) + R (rpart y).
exists G; split.
  apply: poly_add; first apply: poly_scale.
    exact: (poly_ext (poly_lift (@lshift_inj a m) (poly_mismatch c hd))).
  exact: (poly_ext (poly_lift (@rshift_inj a m) hR)).
move=> y; rewrite /G ffunE.
have [->|hne] := eqVneq (lpart y) c; first by rewrite mismatch_eq0 mulr0 add0r hRs.
have h1 := mismatch_ge1 hne.
rewrite sign_dom; last first.
  rewrite normrM normrN (gtr0_norm hM0) (ger0_norm (le_trans ler01 h1)).
  by apply: lt_le_trans (hM _) _; apply: ler_pemulr; [apply: ltW | ].
by rewrite mulNr oppr_gt0 ltNge pmulr_rge0 // (le_trans ler01 h1).
Qed.

(** OR of m arguments, a linear threshold function: [sum_i y_i > 0]. *)
Definition ORm m : boolfun m := [ffun y : point m => [exists i, y i]].

Lemma ORm_T m : ORm m \in T m 1.
Proof.
apply/inTP/realizableP; exists (fun y : point m => \sum_i (y i : nat)%:R); split.
  by apply: poly_sum => i _; apply: poly_var.
move=> y; rewrite ffunE; case: existsP => [[i hi]|hn].
  rewrite (bigD1 i) //= hi; apply/esym; apply: ltr_spaddl => //.
  by apply: sumr_ge0 => j _; apply: ler0n.
by rewrite big1 ?ltxx // => i _; case hy: (y i) => //; case: hn; exists i; rewrite hy.
Qed.

(** T(n;d) is closed under negation: not [p > 0] = [1 - p > 0] for integer p. *)
Lemma negT m d (f : boolfun m) : f \in T m d -> [ffun x => ~~ f x] \in T m d.
Proof.
move=> /inTP [p hp]; apply/inTP/realizableP; exists (fun x => 1 - peval d p x); split.
  apply: poly_add (poly_const _ _ 1) _.
  by apply: (poly_ext (poly_scale (-1) (ex_intro _ p (fun x => erefl)))) => x; rewrite mulN1r.
by move=> x; rewrite ffunE hp subr_gt0 gtz0_ge1 ltNge.
Qed.

(** The co-selected copy: [z <> c] OR g(x) (the corrected gating unit of the -1/+1 convention). *)
Definition nsel a m (c : point a) (g : boolfun m) : boolfun (a + m) :=
  [ffun y => (lpart y != c) || g (rpart y)].

Lemma nsel_T a m d (c : point a) (g : boolfun m) :
  (0 < d)%N -> g \in T m d -> nsel c g \in T (a + m) d.
Proof.
move=> hd hg; have := negT (sel_T c hd (negT hg)).
have -> : [ffun y => ~~ sel c [ffun x => ~~ g x] y] = nsel c g.
  by apply/ffunP => y; rewrite !ffunE negb_and negbK.
by [].
Qed.

(** XNOR of two arguments: the product of two -1/+1 outputs. *)
Definition XNOR2 : boolfun 2 := [ffun z : point 2 => z ord0 == z (lift ord0 ord0)].

Section Multiplex.
Variables a n m : nat.
Variable code : 'I_m -> point a.

(** (4.14): unit i of the hidden layer is [z = code i] AND u_i(x); the output is OR. *)
Definition mux_layer (us : {ffun 'I_m -> boolfun n}) : boolfun (a + n) :=
  layer (ORm m) [ffun i => sel (code i) (us i)].

(** With an injective code, the selector value code i reads off unit i. *)
Lemma mux_layer_sel us i x : injective code -> mux_layer us (join (code i) x) = us i x.
Proof.
move=> inj; rewrite /mux_layer /layer !ffunE /=.
apply/existsP/idP => [[j]|h]; last by exists i; rewrite !ffunE lpart_join rpart_join eqxx.
by rewrite !ffunE lpart_join rpart_join => /andP [/eqP /inj ->].
Qed.

(** If the operands of a gated unit B(h, g) lift to operands of degree 1 whose B is the selected
    copy of B(h, g), the multiplexed layer of gated maps in T_B(n;1,1) lies in
    T(a + n, m, 1; B). *)
Lemma mux_layer_T (B : boolfun 2) (lift : point a -> {ffun 'I_2 -> boolfun n} -> {ffun 'I_2 -> boolfun (a + n)}) us :
  (forall c ops, ops \in operands n (fun _ => 1%N) -> lift c ops \in operands (a + n) (fun _ => 1%N)) ->
  (forall c ops, compose B (lift c ops) = sel c (compose B ops)) ->
  us \in gated_layers n m B -> mux_layer us \in Tlayer (a + n) m B.
Proof.
move=> hlift hcomp hus.
apply/imset2P; exists (ORm m) [ffun i => sel (code i) (us i)] => //; first exact: ORm_T.
rewrite inE; apply/forallP => i; rewrite ffunE.
move: hus; rewrite inE => /forallP /(_ i) /imsetP [ops hops ->].
by apply/imsetP; exists (lift (code i) ops); [apply: hlift | rewrite hcomp].
Qed.
End Multiplex.

(** The general injection: for m <= 2^a, |T_B(n;1,1)|^m <= |T(a + n, m, 1; B)| for every B with
    such a lift of the operands. *)
Lemma mux_lower a n m (B : boolfun 2)
    (lift : point a -> {ffun 'I_2 -> boolfun n} -> {ffun 'I_2 -> boolfun (a + n)}) :
  (m <= 2 ^ a)%N ->
  (forall c ops, ops \in operands n (fun _ => 1%N) -> lift c ops \in operands (a + n) (fun _ => 1%N)) ->
  (forall c ops, compose B (lift c ops) = sel c (compose B ops)) ->
  (#|TB n B (fun _ => 1%N)| ^ m <= #|Tlayer (a + n) m B|)%N.
Proof.
move=> hm hlift hcomp; have hm' : (m <= #|point a|)%N by rewrite card_point.
pose code (i : 'I_m) : point a := enum_val (widen_ord hm' i).
have inj : injective code.
  by move=> i j /enum_val_inj /(congr1 val) /= /val_inj.
rewrite -card_gated_layers -(@card_in_imset _ _ (mux_layer code)).
  apply: subset_leq_card; apply/subsetP => _ /imsetP [us hus ->].
  exact: mux_layer_T hlift hcomp hus.
move=> us1 us2 _ _ e; apply/ffunP => i; apply/ffunP => x.
by rewrite -(mux_layer_sel us1 i x inj) -(mux_layer_sel us2 i x inj) e.
Qed.

(** The lifted operands of a gated unit: for 0/1 outputs both the gated and the gating unit are
    ANDed with the selector; for -1/+1 outputs the gating unit is [z <> c] OR g (corrected: as
    printed, with both ANDed, an unselected unit gives XNOR(0, 0) = 1 and OR is constant). *)
Definition lift_and a n (c : point a) (ops : {ffun 'I_2 -> boolfun n}) : {ffun 'I_2 -> boolfun (a + n)} :=
  [ffun j => sel c (ops j)].
Definition lift_xnor a n (c : point a) (ops : {ffun 'I_2 -> boolfun n}) : {ffun 'I_2 -> boolfun (a + n)} :=
  [ffun j => if j == ord0 then sel c (ops j) else nsel c (ops j)].

Lemma lift_and_T a n (c : point a) ops :
  ops \in operands n (fun _ => 1%N) -> lift_and c ops \in operands (a + n) (fun _ => 1%N).
Proof. by rewrite !inE => /forallP h; apply/forallP => j; rewrite ffunE; apply: sel_T. Qed.

Lemma lift_xnor_T a n (c : point a) ops :
  ops \in operands n (fun _ => 1%N) -> lift_xnor c ops \in operands (a + n) (fun _ => 1%N).
Proof.
rewrite !inE => /forallP h; apply/forallP => j; rewrite ffunE.
by case: (j == ord0); [apply: sel_T | apply: nsel_T].
Qed.

(** B of the lifted operands is the selected copy of B of the operands. *)
Lemma lift_and_compose a n (c : point a) (ops : {ffun 'I_2 -> boolfun n}) :
  compose AND2 (lift_and c ops) = sel c (compose AND2 ops).
Proof. by apply/ffunP => y; rewrite !ffunE /=; case: (lpart y == c). Qed.

Lemma lift_xnor_compose a n (c : point a) (ops : {ffun 'I_2 -> boolfun n}) :
  compose XNOR2 (lift_xnor c ops) = sel c (compose XNOR2 ops).
Proof. by apply/ffunP => y; rewrite !ffunE /=; case: (lpart y == c). Qed.

(** (4.14), corrected, for all n, m and every injective code of the m units by a selector bits
    (e.g. the binary digits of i - 1, which need m <= 2^a): the multiplexed output is injective in
    the hidden layer, and for gated maps of T_AND(n;1,1) (0/1 outputs) or T_XNOR(n;1,1) (-1/+1
    outputs, corrected gating unit) it lies in T(a + n, m, 1; AND), resp. XNOR. *)
Theorem multiplexing_corrected a n m (code : 'I_m -> point a) : injective code ->
  [/\ injective (@mux_layer a n m code),
      forall us, us \in gated_layers n m AND2 -> mux_layer code us \in Tlayer (a + n) m AND2 &
      forall us, us \in gated_layers n m XNOR2 -> mux_layer code us \in Tlayer (a + n) m XNOR2].
Proof.
move=> inj; split => [us1 us2 e|us|us].
- apply/ffunP => i; apply/ffunP => x.
  by rewrite -(mux_layer_sel us1 i x inj) -(mux_layer_sel us2 i x inj) e.
- by apply: mux_layer_T; [apply: lift_and_T | apply: lift_and_compose].
- by apply: mux_layer_T; [apply: lift_xnor_T | apply: lift_xnor_compose].
Qed.

(** Theorem 4.3, lower bound (4.15) in finite form, 0/1 outputs: for m <= 2^a,
    |T_AND(n;1,1)|^m <= |T(a + n, m, 1; AND)|.  The selector encodes the unit index 0-based:
    with a = ceil(log2 m) bits the printed "x^- = i" for i in 1..m cannot encode i = m when m is
    a power of 2. *)
Theorem thm4_3_lower a n m : (m <= 2 ^ a)%N ->
  (#|TB n AND2 (fun _ => 1%N)| ^ m <= #|Tlayer (a + n) m AND2|)%N.
Proof. by move=> hm; apply: (mux_lower (lift := @lift_and a n)) => // c ops; [apply: lift_and_T | apply: lift_and_compose]. Qed.

(** The same for -1/+1 outputs (B = XNOR, corrected gating unit):
    |T_XNOR(n;1,1)|^m <= |T(a + n, m, 1; XNOR)| for m <= 2^a. *)
Theorem thm4_3_lower_xnor a n m : (m <= 2 ^ a)%N ->
  (#|TB n XNOR2 (fun _ => 1%N)| ^ m <= #|Tlayer (a + n) m XNOR2|)%N.
Proof. by move=> hm; apply: (mux_lower (lift := @lift_xnor a n)) => // c ops; [apply: lift_xnor_T | apply: lift_xnor_compose]. Qed.

(** XNOR depends on both arguments. *)
Lemma XNOR2_irreducible : irreducible XNOR2.
Proof.
apply/forallP => i; apply/existsP; exists [ffun _ => true].
by rewrite !ffunE; case: i => [[|[|]]] // hi; rewrite /flip !ffunE.
Qed.

(** From a + k variables to n variables of which a are selectors (a <= n). *)
Lemma lower_shift (B : boolfun 2) a n m :
  (forall k, #|TB k B (fun _ => 1%N)| ^ m <= #|Tlayer (a + k) m B|)%N -> (a <= n)%N ->
  (#|TB (n - a) B (fun _ => 1%N)| ^ m <= #|Tlayer n m B|)%N.
Proof.
move=> h han.
have gen : forall n' k : nat, n' = (a + k)%N ->
    (#|TB k B (fun _ => 1%N)| ^ m <= #|Tlayer n' m B|)%N.
  by move=> n' k ->; apply: h.
by apply: gen; rewrite subnKC.
Qed.

(** With Theorem 4.2's lower bound for an irreducible B: |T(k-1;1)|^2 <= |T_B(k;1,1)|, so
    |T(n - a - 1;1)|^(2m) <= |T(n, m, 1; B)| for a < n. *)
Lemma lower_T (B : boolfun 2) a n m : irreducible B ->
  (#|TB (n - a) B (fun _ => 1%N)| ^ m <= #|Tlayer n m B|)%N -> (a < n)%N ->
  (#|T (n - a).-1 1| ^ (2 * m) <= #|Tlayer n m B|)%N.
Proof.
move=> hB h han; apply: leq_trans h.
have expl x y e : (x <= y -> x ^ e <= y ^ e)%N by move=> hxy; elim: e => // e IH; rewrite !expnS leq_mul.
rewrite expnM; apply: expl.
have h1 : (1 <= n - a)%N by rewrite subn_gt0.
have := thm4_2_lower_n (ds := fun _ => 1%N) hB (fun _ => isT) h1.
by rewrite subn1 big_ord_recr big_ord1 /= mulnn.
Qed.

Section LowerNat.
Local Open Scope nat_scope.

(** Theorem 4.3's lower bound for n inputs, a <= n of them selectors, m <= 2^a units:
    |T_B(n - a;1,1)|^m <= |T(n,m,1;B)| and, for a < n, |T(n - a - 1;1)|^(2m) <= |T(n,m,1;B)|,
    i.e. C(T(n,m,1;B)) >= 2m C(T(n - a - 1;1)), for B = AND (0/1 outputs) and B = XNOR
    (-1/+1 outputs, corrected gating unit). *)
Corollary thm4_3_lower_n a n m : (m <= 2 ^ a)%N -> (a <= n)%N ->
  (#|TB (n - a) AND2 (fun _ => 1%N)| ^ m <= #|Tlayer n m AND2|)%N /\
  (#|TB (n - a) XNOR2 (fun _ => 1%N)| ^ m <= #|Tlayer n m XNOR2|)%N.
Proof.
move=> hm han; split; apply: lower_shift han => k.
  exact: thm4_3_lower.
exact: thm4_3_lower_xnor.
Qed.

Corollary thm4_3_lower_T a n m : (m <= 2 ^ a)%N -> (a < n)%N ->
  (#|T (n - a).-1 1| ^ (2 * m) <= #|Tlayer n m AND2|)%N /\
  (#|T (n - a).-1 1| ^ (2 * m) <= #|Tlayer n m XNOR2|)%N.
Proof.
move=> hm han; have [h1 h2] := thm4_3_lower_n hm (ltnW han).
by split; apply: lower_T => //; [apply: AND2_irreducible | apply: XNOR2_irreducible].
Qed.
End LowerNat.

(** ** Eq. (4.5)'s printed bound C(T(n;d)) <= n^(d+1)/d!: its exact range for d = 1 and d = 2 *)

Section Eq45.
Local Open Scope nat_scope.

Lemma pow2_le_fact k : 2 ^ k.-1 <= k`!.
Proof.
elim: k => // k IH; case: k IH => // k IH.
by rewrite factS /= expnS leq_mul.
Qed.

Lemma twice_bin2 n : 2 * 'C(n, 2) = n * n.-1.
Proof.
elim: n => // n IH; rewrite binS bin1 mulnDr IH.
by case: n {IH} => //= n; rewrite [2 * _]mulnC -mulnDr addn2 mulnC.
Qed.

Lemma leq_pow_base x y e : x <= y -> x ^ e <= y ^ e.
Proof. by move=> h; elim: e => // e IH; rewrite !expnS leq_mul. Qed.

(** |T(n;2)|^2 <= 2^(n^3), i.e. C(T(n;2)) <= n^3/2, for every n >= 2: by the trivial 2^(2^n) for
    n = 2, 3 and, for n >= 4, by Cover's bound with C(m, K+1) <= 2 m^K / K! (K = N(n,2) - 1,
    2K = n^2 + n) and K! >= 2^(K-1). *)
Lemma eq4_5_d2_upper n : 1 < n -> #|T n 2| ^ 2 <= 2 ^ (n ^ 3).
Proof.
move=> hn.
have [small|big] := leqP n 3.
  apply: leq_trans (leq_pow_base 2 (_ : #|T n 2| <= 2 ^ 2 ^ n)) _.
    by rewrite -card_boolfun max_card.
  rewrite -expnM leq_exp2l //.
  by case: n hn small => [|[|[|[|]]]].
pose K := n + 'C(n, 2).
have hN : Nmon n 2 = K.+1.
  by rewrite /Nmon !big_ord_recr big_ord0 /= bin0 bin1 add0n -addnA add1n.
have h2K : 2 * K = n * n + n.
  rewrite /K mulnDr twice_bin2; case: n {hN K} hn big => // n _ _ /=.
  by rewrite -!multE -!plusE; nia.
have hK1 : 0 < K by rewrite /K addn_gt0 ltnW.
have hKm : K <= 2 ^ n.
  rewrite -(leq_pmul2l (isT : 0 < 2)) h2K -expnS.
  elim: n big {hN h2K K hK1 hn} => // n IH; rewrite leq_eqVlt ltnS => /orP [/eqP <- //|hn].
  apply: leq_trans (_ : 2 * (n * n + n) <= _); last by rewrite [2 ^ n.+2]expnS leq_mul2l IH.
  by apply/ssrnat.leP; move: hn => /ssrnat.leP hn; rewrite -!multE -!plusE; nia.
set C := cover (2 ^ n) K.+1.
have hC : #|T n 2| <= C by rewrite /C -hN; apply: card_T_le_cover.
apply: leq_trans (leq_pow_base 2 hC) _.
(* C 2^K = 2 (2^(K-1) C) <= 2 (K! C) <= 4 (2^n)^K = 2^(nK + 2) *)
have e1 : C * 2 ^ K <= 2 ^ (n * K + 2).
  rewrite -(prednK hK1) expnS mulnCA (prednK hK1).
  apply: leq_trans (_ : 2 * (K`! * C) <= _).
    by rewrite leq_mul2l mulnC leq_mul2r pow2_le_fact orbT.
  apply: leq_trans (_ : 2 * (2 * (2 ^ n) ^ K) <= _); first by rewrite leq_mul2l cover_fact.
  by rewrite mulnA -expnM mulnn -expnD addnC.
have e2 : (C * 2 ^ K) ^ 2 <= 2 ^ (n ^ 3) * 2 ^ (2 * K).
  apply: leq_trans (leq_pow_base 2 e1) _; rewrite -expnM -expnD leq_exp2l //.
  rewrite !expnS expn0 !muln1 h2K.
  have h : n * (2 * K) = n * (n * n + n) by rewrite h2K.
  by apply/ssrnat.leP; move: big h => /ssrnat.leP big; rewrite -!multE -!plusE => h; nia.
rewrite -(leq_pmul2r (expn_gt0 2 (2 * K))); apply: leq_trans _ e2.
by rewrite expnMn -expnM [K * 2]mulnC.
Qed.
(** The exact range of eq. (4.5)'s printed bound C(T(n;d)) <= n^(d+1)/d!, i.e.
    |T(n;d)|^(d!) <= 2^(n^(d+1)), for d = 1: it holds exactly for n >= 2. *)
Theorem eq4_5_d1_range n : (#|T n 1| ^ 1`! <= 2 ^ (n ^ 2)) = (1 < n).
Proof.
rewrite expn1; case: n => [|[|n]]; first by rewrite card_T0_d.
  by rewrite card_T1_1.
by rewrite -mulnn eq4_1_upper.
Qed.

(** ... and for d = 2: |T(n;2)|^2 <= 2^(n^3) exactly for n >= 2. *)
Theorem eq4_5_d2_range n : (#|T n 2| ^ 2`! <= 2 ^ (n ^ 3)) = (1 < n).
Proof.
case: n => [|[|n]]; first by rewrite card_T0_d.
  apply/negbTE; rewrite -ltnNge; apply: leq_trans (leq_pow_base 2 (card_T_ge2 1 2)).
  by [].
by rewrite eq4_5_d2_upper.
Qed.
End Eq45.
