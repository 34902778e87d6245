(** * Towards the Odlyzko-type count: +-1 vectors, two of them, invertible column submatrices.

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
Proof. by move=> u v e; apply/ffunP => i; apply/ffunP => c; have := congr1 (fun w : {ffun 'I_N -> {ffun 'I_m -> bool}} => w c i) e; rewrite !ffunE. Qed.

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
      apply/matrixP => i d; rewrite !mul_mx_diag !mxE; case: (boolP (d \in S)) => hd; last by rewrite !mulr0.
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
End Odlyzko.
