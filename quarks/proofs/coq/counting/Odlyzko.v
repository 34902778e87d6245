(** * The Odlyzko-type count: full and bad tuples of +-1 vectors (Lemmas 3-5, 9, 10 of Zuev's chain).

    Sign vectors v in {-1,1}^N are {ffun 'I_N -> bool} read through [Cover.sgnb] ([vec]).
    - [pm1_pair] (Lemma 3 of ../shared/zuev.md): if u <> v and u <> -v and a u + b v is a sign
      vector, then a b = 0 and (a + b)^2 = 1, i.e. (a, b) is (+-1, 0) or (0, +-1): a coordinate
      where u and v agree gives (a + b)^2 = 1, one where they differ (a - b)^2 = 1, and
      ((a + b) - (a - b)) ((a + b) + (a - b)) = 4 a b.
    - [colsub_unit] (Lemma 5): m independent rows have an invertible m x m column submatrix;
      mathcomp's [fullrankfun] / [fullrowsub_unit] on the transpose.
    - [card_full] (Lemma 9): at most 2^N C(N, m) 2^(m m) C(m, m/2)^(N-m) m-tuples u of sign
      vectors are full ([fullb]: the rows vec u_i are independent and some sign vector y is
      sum_i a_i vec u_i with every a_i <> 0, [supportb]).  A full u has, by Lemma 5, a set S of m
      columns on which its rows stay independent ([colsub_free]: row_free (U P_S), P_S the
      diagonal projection [colproj]); for fixed (y, S) the columns in S (2^(m m) choices)
      determine a (row_free_inj), and every other column z satisfies sum_i a_i z_i = y_c: at most
      C(m, m/2) choices by [Sperner.littlewood_offord] ([card_full_at]).
    - [min_support] (Lemma 4): if vec y lies in the span of the t_i, a set J of least size with
      vec y in the span of the sub-tuple t_J ([subt]) makes t_J independent with y of full
      support: a zero coefficient puts vec y in the span of J minus one index ([row'_subt]), and a
      dependency w U = 0, w_k <> 0, moves the coefficient at k to 0 ([mulmx_row']).
    - Lemma 10, the bad tuples t in V^p: (D') t_i = +-t_j for some i < j ([dupb]): at most
      C(p, 2) 2^(N(p-1)+1) ([card_dup]); (X) a sign vector other than the +-t_i in their span
      ([extrab]) without (D'): the minimal J has |J| >= 3 ([small_support], from Lemma 3) and t_J
      is full ([extra_full]), so at most sum_{m=3}^p C(p,m) C(N,m) 2^(N(p-m+1)+m m) C(m,m/2)^(N-m)
      ([card_extra], by [card_subt_full] and [card_full]).
    - Counting tools: [card_fibres] (#X <= #Y L when g maps X into Y with fibres <= L),
      [card_union_le] (the union bound), [card_agree_le] (functions agreeing outside D with
      values in sets of size <= L on D: at most L^#|D|, by [card_family]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum matrix mxalgebra.
From Quarks Require Import QuarksCompat Threshold Cover Sperner.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.

(** ** Counting by fibres and by unions *)
Section Fibres.
Lemma card_fibres (A B : finType) (X : {set A}) (Y : {set B}) (g : A -> B) L :
  {in X, forall x, g x \in Y} ->
  (forall x0, x0 \in X -> #|[set x in X | g x == g x0]| <= L) -> #|X| <= #|Y| * L.
Proof.
move=> hY hL; rewrite -sum1_card (partition_big_imset g) /=.
apply: (@leq_trans (\sum_(b in g @: X) L)).
  apply: leq_sum => _ /imsetP [x0 hx0 ->]; apply: leq_trans (hL x0 hx0).
  by rewrite -sum1_card; apply: eq_leq; apply: eq_bigl => x; rewrite inE.
rewrite sum_nat_const leq_mul2r; apply/orP; right.
by apply: subset_leq_card; apply/subsetP => _ /imsetP [x hx ->]; apply: hY.
Qed.

Lemma card_union_le (A B : finType) (P : pred A) (Bs : {set B}) (Q : B -> pred A) :
  (forall a, P a -> exists2 b, b \in Bs & Q b a) ->
  #|[set a | P a]| <= \sum_(b in Bs) #|[set a | Q b a]|.
Proof.
move=> h; rewrite -sum1_card.
apply: (@leq_trans (\sum_(a in [set a | P a]) \sum_(b in Bs) (Q b a : nat))).
  by apply: leq_sum => a; rewrite inE => /h [b hb hq]; rewrite (bigD1 b) //= hq.
rewrite exchange_big /=; apply: leq_sum => b _.
rewrite [X in _ <= X](_ : _ = \sum_a (Q b a : nat)); last first.
  by rewrite -sum1dep_card big_mkcond; apply: eq_bigr => a _; case: (Q b a).
by rewrite [X in _ <= X](bigID (mem [set a | P a])) /= leq_addr.
Qed.

Lemma foldr_muln (I : finType) (f : I -> nat) : foldr muln 1 [seq f c | c : I] = \prod_c f c.
Proof.
have e (s : seq I) : foldr muln 1 [seq f x | x <- s] = \prod_(x <- s) f x.
  by elim: s => [|x s ih]; rewrite ?big_nil ?big_cons //= ih.
by rewrite e big_enum.
Qed.

Lemma card_agree_le (I C : finType) (X : {set {ffun I -> C}}) (D : {set I}) (F : I -> {set C}) L :
  {in X &, forall v w : {ffun I -> C}, forall c, c \notin D -> v c = w c} ->
  {in X, forall (v : {ffun I -> C}) c, c \in D -> v c \in F c} -> (forall c, c \in D -> #|F c| <= L) ->
  #|X| <= L ^ #|D|.
Proof.
move=> hag hF hL; have [->|[v0 hv0]] := set_0Vmem X; first by rewrite cards0.
pose G c : pred C := fun z => z \in (if c \in D then F c else [set v0 c]).
apply: (@leq_trans #|(family G : simpl_pred {ffun I -> C})|).
  apply: subset_leq_card; apply/subsetP => v hv; apply/familyP => c; rewrite /G.
  case: ifP => hc; first exact: hF.
  by rewrite in_set1 (hag _ _ hv hv0) ?hc.
rewrite card_family foldr_muln -prod_nat_const (bigID (mem D)) /=.
rewrite -[X in _ <= X]muln1.
apply: leq_mul; first by apply: leq_prod => c hc; rewrite /G hc; apply: hL.
rewrite big1 // => c hc; rewrite /G (negbTE hc); exact: cards1.
Qed.
End Fibres.

Local Open Scope ring_scope.

Section Odlyzko.
Variable R : realFieldType.
(** The +-1 vector of a sign vector. *)
Definition vec N (v : {ffun 'I_N -> bool}) : 'rV[R]_N := \row_c sgnb R (v c).

(** Lemma 5: an invertible m x m column submatrix. *)
Lemma colsub_unit m N (U : 'M[R]_(m, N)) :
  row_free U -> exists f : 'I_m -> 'I_N, injective f /\ colsub f U \in unitmx.
Proof.
move=> hU; have rf : row_full U^T by rewrite /row_full mxrank_tr.
exists (fullrankfun rf); split; first exact: fullrankfun_inj.
have -> : colsub (fullrankfun rf) U = (rowsub (fullrankfun rf) U^T)^T.
  by apply/matrixP => i j; rewrite !mxE.
by rewrite unitmx_tr fullrowsub_unit.
Qed.

Lemma sgnb_sqr b : sgnb R b ^+ 2 = 1.
Proof. by case: b; rewrite /= ?sqrrN expr1n. Qed.

Lemma sgnb_not b : sgnb R (~~ b) = - sgnb R b.
Proof. by case: b; rewrite /= ?opprK. Qed.

(** Lemma 3: a u + b v is a +-1 vector only for (a, b) = (+-1, 0), (0, +-1). *)
Lemma pm1_pair N (u v y : {ffun 'I_N -> bool}) (a b : R) :
  u != v -> u != [ffun c => ~~ v c] -> a *: vec u + b *: vec v = vec y ->
  a * b = 0 /\ (a + b) ^+ 2 = 1.
Proof.
move=> huv hun e.
have ent c : a * sgnb R (u c) + b * sgnb R (v c) = sgnb R (y c).
  by have := congr1 (fun M : 'rV[R]_N => M ord0 c) e; rewrite !mxE.
have /existsP [c1 /eqP h1] : [exists c, u c == v c].
  case: (boolP [exists c, u c == v c]) => // /existsPn h.
  case/negP: hun; apply/eqP/ffunP => c.
  by rewrite ffunE; have := h c; case: (u c); case: (v c).
have /existsP [c2 /eqP h2] : [exists c, v c == ~~ u c].
  case: (boolP [exists c, v c == ~~ u c]) => // /existsPn h.
  case/negP: huv; apply/eqP/ffunP => c.
  by have := h c; case: (u c); case: (v c).
have s1 : (a + b) ^+ 2 = 1.
  have := congr1 (fun x => x ^+ 2) (ent c1); rewrite -h1 -mulrDl exprMn !sgnb_sqr mulr1.
  by [].
have s2 : (a - b) ^+ 2 = 1.
  have := congr1 (fun x => x ^+ 2) (ent c2); rewrite h2 sgnb_not mulrN -mulrBl exprMn.
  by rewrite !sgnb_sqr mulr1.
split=> //.
have : ((a + b) - (a - b)) * ((a + b) + (a - b)) = 0 by rewrite -subr_sqr s1 s2 subrr.
have -> : (a + b) - (a - b) = b *+ 2 by rewrite opprB addrC addrA subrK mulr2n.
have -> : (a + b) + (a - b) = a *+ 2 by rewrite addrCA addrK mulr2n.
move/eqP; rewrite mulf_eq0 !mulrn_eq0 /= => /orP [] /eqP ->; by rewrite ?mulr0 ?mul0r.
Qed.

Definition mxt m N (u : 'I_m -> {ffun 'I_N -> bool}) : 'M[R]_(m, N) := \matrix_(i, c) sgnb R (u i c).

Lemma row_mxt m N (u : 'I_m -> {ffun 'I_N -> bool}) i : row i (mxt u) = vec (u i).
Proof. by apply/rowP => c; rewrite !mxE. Qed.

Definition supportb m N (u : 'I_m -> {ffun 'I_N -> bool}) (y : {ffun 'I_N -> bool}) :=
  (vec y <= mxt u)%MS && [forall i, ~~ (vec y <= row' i (mxt u))%MS].

Definition fullb m N (u : {ffun 'I_m -> {ffun 'I_N -> bool}}) :=
  row_free (mxt u) && [exists y, supportb u y].

Lemma mulmx_row' m n (a : 'rV[R]_m) (A : 'M[R]_(m, n)) i : a ord0 i = 0 -> (a *m A <= row' i A)%MS.
Proof.
move=> hi; rewrite mulmx_sum_row (bigD1 i) //= hi scale0r add0r.
apply/summx_sub => j hj; apply/scalemx_sub.
have [k ->] : exists k, j = lift i k.
  by case: (unliftP i j) hj => [k ->|->]; [exists k | rewrite eqxx].
have -> : row (lift i k) A = row k (row' i A) by apply/rowP => c; rewrite !mxE.
exact: row_sub.
Qed.

Lemma supportbP m N (u : 'I_m -> {ffun 'I_N -> bool}) y : supportb u y ->
  exists2 a : 'rV[R]_m, a *m mxt u = vec y & forall i, a ord0 i != 0.
Proof.
case/andP => hy /forallP hi; exists (vec y *m pinvmx (mxt u)); first exact: mulmxKpV.
by move=> i; apply: contraNneq (hi i) => e; rewrite -(mulmxKpV hy); apply: mulmx_row'.
Qed.

(** The diagonal projection onto the columns in S. *)
Definition colproj N (S : {set 'I_N}) : 'M[R]_N := diag_mx (\row_c ((c \in S)%:R)).

Lemma colsub_free m N (U : 'M[R]_(m, N)) :
  row_free U -> exists2 S : {set 'I_N}, #|S| == m & row_free (U *m colproj S).
Proof.
move=> /colsub_unit [f [finj hf]]; exists (f @: setT); first by rewrite card_imset // cardsT card_ord.
pose P : 'M[R]_(N, m) := \matrix_(c, j) ((c == f j)%:R).
have e : colsub f U = U *m colproj (f @: setT) *m P.
  apply/matrixP => i j; rewrite !mxE (bigD1 (f j)) //= big1 ?addr0.
    by rewrite mul_mx_diag !mxE imset_f // eqxx !mulr1.
  by move=> c /negbTE hc; rewrite !mxE hc mulr0.
rewrite /row_free eqn_leq rank_leq_row /=.
by have := mxrankM_maxl (U *m colproj (f @: setT)) P; rewrite -e (mxrank_unit hf).
Qed.

(** The columns of a matrix family. *)
Definition tr m N (u : {ffun 'I_m -> {ffun 'I_N -> bool}}) : {ffun 'I_N -> {ffun 'I_m -> bool}} :=
  [ffun c => [ffun i => u i c]].

Lemma tr_inj m N : injective (@tr m N).
Proof.
move=> u v e; apply/ffunP => i; apply/ffunP => c.
by move/ffunP/(_ c): e => /ffunP/(_ i); rewrite !ffunE.
Qed.

Lemma card_full_at m N (y : {ffun 'I_N -> bool}) (S : {set 'I_N}) : #|S| = m ->
  (#|[set u : {ffun 'I_m -> {ffun 'I_N -> bool}} | supportb u y && row_free (mxt u *m colproj S)]|
    <= 2 ^ (m * m) * 'C(m, m./2) ^ (N - m))%N.
Proof.
move=> hS; set X := [set u | _]; rewrite -(card_imset X (@tr_inj m N)).
pose z0 : {ffun 'I_m -> bool} := [ffun => false].
pose g (v : {ffun 'I_N -> {ffun 'I_m -> bool}}) := [ffun c => if c \in S then v c else z0].
pose Y := [set w : {ffun 'I_N -> {ffun 'I_m -> bool}} | [forall c, (c \notin S) ==> (w c == z0)]].
have hY : (#|Y| <= 2 ^ (m * m))%N.
  have -> : (2 ^ (m * m) = (2 ^ m) ^ #|S|)%N by rewrite hS expnM.
  apply: (@card_agree_le _ _ Y S (fun => setT)).
  - move=> v w; rewrite !inE => /forallP hv /forallP hw c hc.
    by rewrite (eqP (implyP (hv c) _)) ?(eqP (implyP (hw c) _)) ?hc.
  - by move=> v _ c _; rewrite inE.
  - by move=> c _; rewrite cardsT card_ffun card_bool card_ord.
apply: leq_trans (card_fibres (Y := Y) (g := g) (L := 'C(m, m./2) ^ (N - m)) _ _) _.
- move=> _ /imsetP [u _ ->]; rewrite inE; apply/forallP => c; apply/implyP => hc.
  by rewrite ffunE (negbTE hc).
- move=> _ /imsetP [u0 hu0 ->]; move: hu0; rewrite inE => /andP [hy0 hf0].
  have [a0 ha0 hnz] := supportbP hy0.
  pose F c := [set z : {ffun 'I_m -> bool} | \sum_i a0 ord0 i * sgnb R (z i) == sgnb R (y c)].
  have hN : #|~: S| = (N - m)%N by rewrite cardsCs setCK card_ord hS.
  rewrite -hN; apply: (@card_agree_le _ _ _ (~: S) F).
  + move=> v w; rewrite !inE => /andP [/imsetP [u _ ->] /eqP e] /andP [/imsetP [w' _ ->] /eqP e'] c.
    rewrite inE negbK => hc.
    by move/ffunP/(_ c): e; move/ffunP/(_ c): e'; rewrite !ffunE hc => -> ->.
  + move=> v; rewrite !inE => /andP [/imsetP [u hu ->] /eqP e] c hc.
    move: hu; rewrite inE => /andP [hy hf]; have [a ha _] := supportbP hy.
    have eD : mxt u *m colproj S = mxt u0 *m colproj S.
      apply/matrixP => i d; rewrite !mul_mx_diag !mxE.
      case: (boolP (d \in S)) => hd; last by rewrite !mulr0.
      by move/ffunP/(_ d): e; rewrite !ffunE hd => /ffunP/(_ i); rewrite !ffunE => ->.
    have aa : a = a0.
      apply: (row_free_inj hf); rewrite mulmxA ha eD mulmxA ha0 //.
    rewrite inE; move/matrixP/(_ ord0 c): ha; rewrite aa !mxE => <-.
    by apply/eqP; apply: eq_bigr => i _; rewrite !mxE !ffunE.
  + move=> c _; apply: littlewood_offord => i; exact: hnz.
by rewrite leq_mul2r hY orbT.
Qed.

Lemma card_full m N : (#|[set u : {ffun 'I_m -> {ffun 'I_N -> bool}} | fullb u]|
  <= 2^N * 'C(N, m) * 2^(m * m) * 'C(m, m./2)^(N-m))%N.
Proof.
pose Bs := setX [set: {ffun 'I_N -> bool}] [set S : {set 'I_N} | #|S| == m].
apply: leq_trans (@card_union_le _ _ (fun u => fullb u) Bs
  (fun b u => supportb u b.1 && row_free (mxt u *m colproj b.2)) _) _.
  move=> u /andP [hf /existsP [y hy]]; have [S hS hSf] := colsub_free hf.
  by exists (y, S); rewrite ?inE ?hS //= hy hSf.
apply: (@leq_trans (\sum_(b in Bs) 2 ^ (m * m) * 'C(m, m./2) ^ (N - m)))%N.
  apply: leq_sum => -[y S]; rewrite !inE /= => /eqP hS; exact: card_full_at.
rewrite sum_nat_const cardsX cardsT card_ffun card_bool card_ord card_draws card_ord.
by rewrite !mulnA.
Qed.
Definition negv N (v : {ffun 'I_N -> bool}) : {ffun 'I_N -> bool} := [ffun c => ~~ v c].

Lemma negvK N : involutive (@negv N).
Proof. by move=> v; apply/ffunP => c; rewrite !ffunE negbK. Qed.

Lemma sgnb_inj : injective (sgnb R).
Proof.
have h : (1 : R) != -1 by rewrite -addr_eq0 -mulr2n pnatr_eq0.
by case; case=> // /eqP; rewrite ?(negbTE h) // eq_sym (negbTE h).
Qed.

Lemma vec_inj N : injective (@vec N).
Proof.
move=> u v /matrixP e; apply/ffunP => c; apply: sgnb_inj.
by have := e ord0 c; rewrite !mxE.
Qed.

Lemma vec_negv N (v : {ffun 'I_N -> bool}) : vec (negv v) = - vec v.
Proof. by apply/rowP => c; rewrite !mxE ffunE sgnb_not. Qed.

(** A multiple of a sign vector that is a sign vector is +-it. *)
Lemma vec_scale N (y u : {ffun 'I_N -> bool}) (a : R) :
  vec y = a *: vec u -> (y == u) || (y == negv u).
Proof.
move=> e; have ec c : sgnb R (y c) = a * sgnb R (u c).
  by have := congr1 (fun M : 'rV[R]_N => M ord0 c) e; rewrite !mxE.
case: (boolP (y == u)) => //= hne.
have [c hc] : exists c, y c != u c.
  apply/existsP; apply: contraR hne => /existsPn h; rewrite ?negbK; apply/eqP/ffunP => c.
  by have := h c; rewrite negbK => /eqP.
have ha : a = -1.
  have := ec c; have -> : y c = ~~ u c by move: hc; case: (y c); case: (u c).
  rewrite sgnb_not => /eqP; rewrite eq_sym -subr_eq0 opprK -{2}[sgnb R (u c)]mul1r -mulrDl.
  by rewrite mulf_eq0 (negbTE (sgnb_neq0 _ _)) orbF addr_eq0 => /eqP.
apply/eqP/ffunP => d; apply: sgnb_inj; rewrite ffunE sgnb_not ec ha mulN1r.
by [].
Qed.

(** The sub-tuple (t_j)_{j in J}. *)
Definition subt p N (t : {ffun 'I_p -> {ffun 'I_N -> bool}}) (J : {set 'I_p}) :
  {ffun 'I_#|J| -> {ffun 'I_N -> bool}} := [ffun k => t (enum_val k)].

Lemma vec_subt_le p N (t : {ffun 'I_p -> {ffun 'I_N -> bool}}) (J : {set 'I_p}) j :
  j \in J -> (vec (t j) <= mxt (subt t J))%MS.
Proof.
move=> hj; have := row_sub (enum_rank_in hj j) (mxt (subt t J)).
by rewrite row_mxt ffunE enum_rankK_in.
Qed.

Lemma row'_subt p N (t : {ffun 'I_p -> {ffun 'I_N -> bool}}) (J : {set 'I_p}) k :
  (row' k (mxt (subt t J)) <= mxt (subt t (J :\ enum_val k)))%MS.
Proof.
apply/row_subP => l.
have -> : row l (row' k (mxt (subt t J))) = vec (t (enum_val (lift k l))).
  by apply/rowP => c; rewrite !mxE ffunE.
apply: vec_subt_le; rewrite !inE enum_valP andbT.
by apply: contra (neq_lift k l) => /eqP /enum_val_inj ->.
Qed.

(** Lemma 4 (minimal support): a J of least size with y in the span of t_J gives a full sub-tuple. *)
Lemma min_support p N (t : {ffun 'I_p -> {ffun 'I_N -> bool}}) (y : {ffun 'I_N -> bool}) :
  (vec y <= mxt t)%MS -> exists J : {set 'I_p},
    [/\ row_free (mxt (subt t J)), supportb (subt t J) y &
        forall J' : {set 'I_p}, (vec y <= mxt (subt t J'))%MS -> #|J| <= #|J'|]%N.
Proof.
move=> hy.
have hT : (vec y <= mxt (subt t setT))%MS.
  apply: submx_trans hy _; apply/row_subP => i; rewrite row_mxt; exact: vec_subt_le.
case: (@arg_minnP _ setT (fun J : {set 'I_p} => vec y <= mxt (subt t J))%MS (fun J => #|J|) hT).
move=> J hJ hmin.
have hrow k : ~~ (vec y <= row' k (mxt (subt t J)))%MS.
  apply/negP => h; have := hmin _ (submx_trans h (row'_subt t k)).
  by rewrite (cardsD1 (enum_val k) J) enum_valP ltnn.
have hsupp : supportb (subt t J) y by rewrite /supportb hJ; apply/forallP.
have hfree : row_free (mxt (subt t J)).
  apply: contraT; rewrite -kermx_eq0 => /rowV0Pn [w /sub_kermxP hw hw0].
  have [k hk] : exists k, w ord0 k != 0.
    apply/existsP; apply: contraR hw0 => /existsPn h; apply/eqP/rowP => k.
    by have := h k; rewrite negbK mxE => /eqP.
  have [b hb _] := supportbP hsupp.
  pose b' := b - (b ord0 k / w ord0 k) *: w.
  have e : b' *m mxt (subt t J) = vec y by rewrite mulmxBl -scalemxAl hw scaler0 subr0.
  have := hrow k; rewrite -e mulmx_row' //.
  by rewrite !mxE divfK // subrr.
by exists J; split.
Qed.

(** (D'): t_i = +-t_j for some i < j. *)
Definition dupb p N (t : {ffun 'I_p -> {ffun 'I_N -> bool}}) :=
  [exists i : 'I_p, exists j : 'I_p, (i < j)%N && ((t i == t j) || (t i == negv (t j)))].

(** (X): a sign vector other than the +-t_i lies in the span of the t_i. *)
Definition extrab p N (t : {ffun 'I_p -> {ffun 'I_N -> bool}}) :=
  [exists y, (vec y <= mxt t)%MS && [forall i, (y != t i) && (y != negv (t i))]].

Lemma nodup_neq p N (t : {ffun 'I_p -> {ffun 'I_N -> bool}}) i j :
  ~~ dupb t -> i != j -> (t i != t j) && (t i != negv (t j)).
Proof.
move=> /existsPn h hij; have key (a b : 'I_p) : (a < b)%N -> (t a != t b) && (t a != negv (t b)).
  by move=> hab; have /existsPn/(_ b) := h a; rewrite hab /= negb_or.
case: (ltngtP i j) => [/key //|/key|/val_inj e]; last by rewrite e eqxx in hij.
case/andP => h1 h2; rewrite eq_sym h1 /=; apply: contra h2 => /eqP ->.
by rewrite negvK.
Qed.

(** At most two vectors, pairwise not +-equal: their span holds only +-them. *)
Lemma small_support m N (u : 'I_m -> {ffun 'I_N -> bool}) y : (0 < N)%N -> (m <= 2)%N ->
  (vec y <= mxt u)%MS -> (forall i j, i != j -> (u i != u j) && (u i != negv (u j))) ->
  exists i, (y == u i) || (y == negv (u i)).
Proof.
move=> hN; case: m u => [|[|[|m]]] u // _ /submxP [b hb] hu.
- move: hb; rewrite [mxt u]flatmx0 mulmx0 => /matrixP /(_ ord0 (Ordinal hN)).
  by rewrite !mxE => /eqP; rewrite (negbTE (sgnb_neq0 _ _)).
- exists ord0; apply: (@vec_scale _ _ _ (b ord0 ord0)).
  by rewrite hb mulmx_sum_row big_ord_recl big_ord0 addr0 row_mxt.
- have e : b ord0 ord0 *: vec (u ord0) + b ord0 (lift ord0 ord0) *: vec (u (lift ord0 ord0)) = vec y.
    by rewrite hb mulmx_sum_row !big_ord_recl big_ord0 addr0 !row_mxt.
  have /andP [h1 h2] := hu ord0 (lift ord0 ord0) (neq_lift _ _).
  have [/eqP hab _] := pm1_pair h1 h2 e; move: hab; rewrite mulf_eq0 => /orP [] /eqP h0.
    exists (lift ord0 ord0); apply: (@vec_scale _ _ _ (b ord0 (lift ord0 ord0))).
    by rewrite -e h0 scale0r add0r.
  exists ord0; apply: (@vec_scale _ _ _ (b ord0 ord0)).
  by rewrite -e h0 scale0r addr0.
Qed.

(** Lemmas 3 and 4: a tuple with (X) and without (D') has a full sub-tuple of size >= 3. *)
Lemma extra_full p N (t : {ffun 'I_p -> {ffun 'I_N -> bool}}) : (0 < N)%N ->
  extrab t -> ~~ dupb t -> exists2 J : {set 'I_p}, (3 <= #|J|)%N & fullb (subt t J).
Proof.
move=> hN /existsP [y /andP [hy /forallP hne]] hd.
have [J [hf hs _]] := min_support hy; exists J; last first.
  by rewrite /fullb hf; apply/existsP; exists y.
rewrite leqNgt ltnS; apply/negP => h2.
have [|k /orP [] /eqP ek] := small_support hN h2 (proj1 (andP hs)).
  move=> k l hkl; rewrite !ffunE; apply: nodup_neq => //.
  by apply: contra hkl => /eqP /enum_val_inj ->.
  by have := hne (enum_val k); rewrite ek ffunE eqxx.
by have := hne (enum_val k); rewrite ek ffunE eqxx andbF.
Qed.

Lemma card_setC_ord p (J : {set 'I_p}) : #|~: J| = (p - #|J|)%N.
Proof.
have := cardsC J; rewrite card_ord => e; apply/eqP.
by rewrite -(eqn_add2l #|J|) e subnKC //; apply: leq_trans (max_card J) _; rewrite card_ord.
Qed.

(** Tuples whose J-part is full: the rest is free. *)
Lemma card_subt_full p N (J : {set 'I_p}) :
  (#|[set t : {ffun 'I_p -> {ffun 'I_N -> bool}} | fullb (subt t J)]|
    <= (2 ^ N) ^ (p - #|J|) * #|[set u : {ffun 'I_#|J| -> {ffun 'I_N -> bool}} | fullb u]|)%N.
Proof.
pose z0 : {ffun 'I_N -> bool} := [ffun => false].
pose g (t : {ffun 'I_p -> {ffun 'I_N -> bool}}) := [ffun i => if i \in J then z0 else t i].
pose Y := [set w : {ffun 'I_p -> {ffun 'I_N -> bool}} | [forall i, (i \in J) ==> (w i == z0)]].
apply: leq_trans (card_fibres (Y := Y) (g := g)
  (L := #|[set u : {ffun 'I_#|J| -> {ffun 'I_N -> bool}} | fullb u]|) _ _) _.
- move=> t _; rewrite inE; apply/forallP => i; apply/implyP => hi; by rewrite ffunE hi.
- move=> t0 ht0; set F := [set t in _ | _].
  have inj : {in F &, injective (fun t => subt t J)}.
    move=> t t'; rewrite !inE => /andP [_ /eqP e] /andP [_ /eqP e'] es; apply/ffunP => i.
    case: (boolP (i \in J)) => hi.
      by move/ffunP/(_ (enum_rank_in hi i)): es; rewrite !ffunE enum_rankK_in.
    by move/ffunP/(_ i): e; move/ffunP/(_ i): e'; rewrite !ffunE (negbTE hi) => -> ->.
  rewrite -(card_in_imset inj); apply: subset_leq_card; apply/subsetP => _ /imsetP [t ht ->].
  by move: ht; rewrite !inE => /andP [].
rewrite leq_mul2r; apply/orP; right; rewrite -card_setC_ord.
apply: (@card_agree_le _ _ Y (~: J) (fun => setT)).
- move=> v w; rewrite !inE => /forallP hv /forallP hw c; rewrite inE negbK => hc.
  by rewrite (eqP (implyP (hv c) hc)) (eqP (implyP (hw c) hc)).
- by move=> v _ c _; rewrite inE.
- by move=> c _; rewrite cardsT card_ffun card_bool card_ord.
Qed.

Lemma card_extra p N : (0 < N)%N ->
  (#|[set t : {ffun 'I_p -> {ffun 'I_N -> bool}} | extrab t && ~~ dupb t]|
    <= \sum_(3 <= m < p.+1) 'C(p,m) * 'C(N,m) * 2^(N*(p-m+1) + m * m) * 'C(m,m./2)^(N-m))%N.
Proof.
move=> hN; pose f m := ((2 ^ N) ^ (p - m) * (2^N * 'C(N, m) * 2^(m * m) * 'C(m, m./2)^(N-m)))%N.
have := @card_union_le _ _ (fun t : {ffun 'I_p -> {ffun 'I_N -> bool}} => extrab t && ~~ dupb t)
  [set J : {set 'I_p} | (3 <= #|J|)%N] (fun J t => fullb (subt t J)).
move=> h; apply: leq_trans (h _) _.
  by move=> t /andP [hx hd]; have [J hJ hf] := extra_full hN hx hd; exists J; rewrite ?inE.
apply: (@leq_trans (\sum_(J in [set J : {set 'I_p} | (3 <= #|J|)%N]) f #|J|)).
  apply: leq_sum => J _; apply: leq_trans (card_subt_full _ _) _.
  by rewrite leq_mul2l card_full orbT.
have hJp (J : {set 'I_p}) : (#|J| < p.+1)%N.
  by rewrite ltnS; apply: leq_trans (max_card J) _; rewrite card_ord.
rewrite (partition_big (fun J : {set 'I_p} => (inord #|J| : 'I_p.+1)) (fun m : 'I_p.+1 => 3 <= m)%N) /=;
  last by move=> J; rewrite inE inordK.
rewrite big_geq_mkord /=; apply: eq_leq; apply: eq_bigr => m hm.
rewrite (eq_bigl (fun J => J \in [set J : {set 'I_p} | #|J| == m])); last first.
  move=> J; rewrite !inE /=; apply/andP/eqP => [[_ /eqP <-]|e]; first by rewrite inordK.
  by split; [rewrite e | apply/eqP/val_inj; rewrite /= inordK e].
rewrite (eq_bigr (fun => f m)); last by move=> J; rewrite inE => /eqP ->.
rewrite sum_nat_const card_draws card_ord /f.
have hmp : (m <= p)%N by rewrite -ltnS.
rewrite mulnDr muln1 !expnD -expnM !mulnA; congr (_ * _)%N; rewrite -!mulnA; congr (_ * _)%N.
by rewrite !mulnA; congr (_ * _)%N; rewrite mulnC mulnA.
Qed.

(** The pairs i < j of 'I_p: C(p, 2). *)
Lemma card_lt_pairs p : (#|[set ij : 'I_p * 'I_p | (ij.1 < ij.2)%N]| <= 'C(p, 2))%N.
Proof.
set Bs := [set _ | _].
have inj : {in Bs &, injective (fun ij : 'I_p * 'I_p => [set ij.1; ij.2])}.
  move=> [i1 j1] [i2 j2]; rewrite !inE /= => h1 h2 e.
  have m1 : (i2 <= i1)%N.
    by have := set21 i1 j1; rewrite e !inE => /orP [] /eqP ->; rewrite // ltnW.
  have m2 : (i1 <= i2)%N.
    by have := set21 i2 j2; rewrite -e !inE => /orP [] /eqP ->; rewrite // ltnW.
  have ei : i1 = i2 by apply/val_inj/anti_leq; rewrite m1 m2.
  have := set22 i1 j1; rewrite e !inE => /orP [] /eqP ej; last by rewrite ei ej.
  by move: h1; rewrite ei ej ltnn.
rewrite -(card_in_imset inj) -[p in 'C(p, 2)]card_ord -card_draws.
apply: subset_leq_card; apply/subsetP => _ /imsetP [[i j] hij ->].
have ne : i != j by move: hij; rewrite inE /=; apply: contraTneq => ->; rewrite ltnn.
by rewrite inE cards2 ne.
Qed.

(** Lemma 10, (D'): at most C(p, 2) 2^(N(p-1)+1) tuples have t_i = +-t_j for some i < j. *)
Lemma card_dup p N :
  (#|[set t : {ffun 'I_p -> {ffun 'I_N -> bool}} | dupb t]| <= 'C(p, 2) * 2 ^ (N * (p - 1) + 1))%N.
Proof.
pose Bs := [set ij : 'I_p * 'I_p | (ij.1 < ij.2)%N].
have := @card_union_le _ _ (fun t : {ffun 'I_p -> {ffun 'I_N -> bool}} => dupb t) Bs
  (fun ij t => (t ij.1 == t ij.2) || (t ij.1 == negv (t ij.2))).
move=> h; apply: leq_trans (h _) _.
  by move=> t /existsP [i /existsP [j /andP [hij ht]]]; exists (i, j); rewrite ?inE.
apply: (@leq_trans (\sum_(ij in Bs) (2 ^ N) ^ (p - 1) * 2))%N.
  apply: leq_sum => -[i j]; rewrite inE /= => hij.
  have hji : j != i by apply: contraTneq hij => ->; rewrite ltnn.
  pose z0 : {ffun 'I_N -> bool} := [ffun => false].
  pose g (t : {ffun 'I_p -> {ffun 'I_N -> bool}}) := [ffun k => if k == i then z0 else t k].
  pose Y := [set w : {ffun 'I_p -> {ffun 'I_N -> bool}} | w i == z0].
  apply: leq_trans (card_fibres (Y := Y) (g := g) (L := 2) _ _) _.
  - by move=> t _; rewrite inE ffunE eqxx.
  - move=> t0 _; have -> : 2%N = (2 ^ #|[set i]|)%N by rewrite cards1.
    apply: (@card_agree_le _ _ _ [set i] (fun => [set t0 j; negv (t0 j)])).
    + move=> t t'; rewrite !inE => /andP [_ /eqP e] /andP [_ /eqP e'] c; rewrite in_set1 => hc.
      move/ffunP/(_ c): e; move/ffunP/(_ c): e'; rewrite !ffunE (negbTE hc) => -> ->.
      by [].
    + move=> t; rewrite !inE => /andP [ht /eqP e] c; rewrite in_set1 => /eqP ->.
      have tj : t j = t0 j by move/ffunP/(_ j): e; rewrite !ffunE (negbTE hji).
      by rewrite !inE -tj.
    + by move=> c _; rewrite cards2; case: (_ != _).
  - rewrite leq_mul2r; apply/orP; right.
    have -> : (p - 1 = #|[set~ i]|)%N by rewrite cardsC1 card_ord subn1.
    apply: (@card_agree_le _ _ Y [set~ i] (fun => setT)).
    + move=> v w; rewrite !inE => /eqP hv /eqP hw c; rewrite !inE negbK => /eqP ->.
      by rewrite hv hw.
    + by move=> v _ c _; rewrite inE.
    + by move=> c _; rewrite cardsT card_ffun card_bool card_ord.
rewrite sum_nat_const; apply: leq_trans (leq_mul (card_lt_pairs p) (leqnn _)) _.
by rewrite expnD expn1 expnM mulnA.
Qed.
End Odlyzko.
