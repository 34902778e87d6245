(** * Theorem 4.3 (layer gating) in finite form: T(n,m,1;B) for all n and m.

    T(n,m,1;B) ([Tlayer]) is one linear threshold gate applied to m gated units B(h_i, g_i),
    h_i, g_i in T(n;1) (B = AND for 0/1 outputs, B = XNOR for -1/+1 outputs).
    Upper bound (4.11)-(4.12), [thm4_3_upper]: for each hidden layer the output gate is a labeling
    of the 2^n hidden vectors, at most C(2^n, m+1) of them (Cover.v), so
    |T(n,m,1;B)| <= |T_B(n;1,1)|^m * 2 binom(2^n - 1, <= m).
    Lower bound (4.15), [thm4_3_lower], [thm4_3_lower_xnor]: the multiplexing construction (4.14)
    with a selector bits, m <= 2^a: unit i is [z = code i] AND u_i(x), the output OR; distinct
    gated maps give distinct functions ([multiplexing_corrected]).  The code is 0-based: the
    printed "x^- = i" for i in 1..m with ceil(log2 m) bits cannot encode i = m when m is a power
    of 2.  With -1/+1 outputs the gating unit must be [z <> code i] OR g (corrected). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint rat zmodp.
From Quarks Require Import Threshold Composition Lower Cover Capacity.
From Quarks Require Import QuarksCompat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

(** ** The upper bound (4.11)-(4.12) *)

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
  (* MathComp 2's inE unfolds membership in a family, MathComp 1's needs the view familyP *)
  by apply/setP => fs; rewrite !inE; try (apply/forallP/familyP => h j; have := h j).
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
rewrite /mismatch (bigD1 k) //= hk ler_wpDr //.
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
  rewrite /M (bigD1 x) //=; apply: ltr_pwDl => //.
  by apply: ler_wpDr => //; apply: sumr_ge0 => y _; apply: normr_ge0.
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
  by apply: lt_le_trans (hM _) _; apply: ler_peMr; [apply: ltW | ].
by rewrite mulNr oppr_gt0 ltNge pmulr_rge0 // (le_trans ler01 h1).
Qed.

(** OR of m arguments, a linear threshold function: [sum_i y_i > 0]. *)
Definition ORm m : boolfun m := [ffun y : point m => [exists i, y i]].

Lemma ORm_T m : ORm m \in T m 1.
Proof.
apply/inTP/realizableP; exists (fun y : point m => \sum_i (y i : nat)%:R); split.
  by apply: poly_sum => i _; apply: poly_var.
move=> y; rewrite ffunE; case: existsP => [[i hi]|hn].
  rewrite (bigD1 i) //= hi; apply/esym; apply: ltr_pwDl => //.
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
