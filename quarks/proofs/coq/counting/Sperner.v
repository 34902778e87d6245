(** * Sperner's theorem by the LYM inequality, and Erdős's Littlewood-Offord bound.

    [lym]: a family F of subsets of a finite set D (|D| = n) in which no member is a proper
    subset of another has sum_{A in F} |A|! (n - |A|)! <= n!, i.e. sum 1/C(n, |A|) <= 1
    (Lemma 6 of the Zuev chain, ../shared/zuev.md).  Proof by induction on n, without
    permutations: if D is in F then F = {D}; otherwise every A in F misses n - |A| points i of D,
    and F restricted to the sets missing i is such a family on D - i, so
      sum_A |A|! (n - |A|)! = sum_A (n - |A|) |A|! (n-1-|A|)! = sum_{i in D} sum_{A not containing i}
      |A|! (n-1-|A|)! <= n (n-1)! = n!.
    [sperner]: hence |F| <= C(n, floor(n/2)) (with [bin_le_central]).

    [littlewood_offord] (Lemma 7, Erdős 1945): over an ordered field, for a_1..a_m all nonzero
    and any t, at most C(m, floor(m/2)) sign vectors z in {-1,1}^m have sum_i a_i z_i = t.
    The sets A(z) = {i : z_i = sign a_i} of those z form such a family: if A(z) is a proper
    subset of A(z') then sum a_i z'_i - sum a_i z_i = 2 sum_{i in A(z') - A(z)} |a_i| > 0.
    Sign vectors are {ffun 'I_m -> bool} read through [sgnb] of [Cover]. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum.
From Quarks Require Import Cover CentralBinomial.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.

(** ** The LYM inequality and Sperner's theorem *)
Section LYM.
Variable T : finType.

(** No member of F is a proper subset of another. *)
Definition antichain (F : {set {set T}}) :=
  {in F &, forall A B : {set T}, A \subset B -> A = B}.

Lemma antichain_sub (F G : {set {set T}}) : G \subset F -> antichain F -> antichain G.
Proof. by move=> /subsetP hGF hF A B /hGF hA /hGF hB; apply: hF. Qed.

(** A family of subsets of D containing D is {D}; otherwise its members are proper. *)
Lemma antichain_top (D : {set T}) (F : {set {set T}}) :
  {in F, forall A : {set T}, A \subset D} -> antichain F -> D \in F -> F = [set D].
Proof.
move=> hD hF DF; apply/setP => A; rewrite in_set1; apply/idP/eqP => [hA|->//].
by apply: hF => //; apply: hD.
Qed.

Lemma antichain_lt (D : {set T}) (F : {set {set T}}) A :
  {in F, forall A : {set T}, A \subset D} -> D \notin F -> A \in F -> (#|A| < #|D|)%N.
Proof.
move=> hD DF hA; apply: proper_card; rewrite properEneq hD // andbT.
by apply: contraNneq DF => <-.
Qed.

(** Lemma 6 (LYM), in natural numbers. *)
Theorem lym (D : {set T}) (F : {set {set T}}) :
  {in F, forall A : {set T}, A \subset D} -> antichain F ->
  (\sum_(A in F) #|A|`! * (#|D| - #|A|)`! <= #|D|`!)%N.
Proof.
move: {2}#|D| (erefl #|D|) => n; elim: n D F => [|n ih] D F hn hD hF;
  (have [DF|DF] := boolP (D \in F);
    first by rewrite (antichain_top hD hF DF) big_set1 hn subnn fact0 muln1);
  have lt A : A \in F -> (#|A| < #|D|)%N by move=> hA; apply: antichain_lt hA.
  by rewrite big_pred0 // => A; apply/negP => /lt; rewrite hn.
pose g (A : {set T}) := (#|A|`! * (n - #|A|)`!)%N.
have e1 : \sum_(A in F) #|A|`! * (n.+1 - #|A|)`! = \sum_(A in F) \sum_(i in D | i \notin A) g A.
  apply: eq_bigr => A hA; rewrite sum_nat_const /g mulnCA; congr (_ * _)%N.
  have hA' : (#|A| <= n)%N by rewrite -ltnS -hn lt.
  rewrite subSn // factS; congr (_ * _)%N.
  have hDA : #|D :\: A| = (#|D| - #|A|)%N by rewrite cardsD (setIidPr (hD A hA)).
  rewrite -subSn // -hn -hDA.
  by apply: eq_card => i; rewrite !inE andbC.
rewrite hn e1 (exchange_big_dep (fun i => i \in D)) /=; last by move=> A i _ /andP [].
apply: (@leq_trans (\sum_(i in D) n`!)); last by rewrite sum_nat_const hn factS.
apply: leq_sum => i hi.
have hDi : #|D :\ i| = n by apply/eqP; rewrite -eqSS -hn (cardsD1 i D) hi.
have h1 : {in [set A in F | i \notin A], forall A : {set T}, A \subset D :\ i}.
  by move=> A; rewrite inE => /andP [hA hiA]; rewrite subsetD1 hD.
have h2 : antichain [set A in F | i \notin A].
  by apply: antichain_sub hF; apply/subsetP => A; rewrite inE => /andP [].
have := ih _ _ hDi h1 h2; rewrite hDi; apply: leq_trans; apply: eq_leq.
by apply: eq_bigl => A; rewrite !inE hi.
Qed.
(** Sperner's theorem: such a family has at most C(|T|, floor(|T|/2)) members. *)
Theorem sperner (F : {set {set T}}) : antichain F -> (#|F| <= 'C(#|T|, #|T|./2))%N.
Proof.
move=> hF; have hD : {in F, forall A : {set T}, A \subset setT} by move=> A _; apply: subsetT.
have := lym hD hF; rewrite cardsT => h.
rewrite -(leq_pmul2r (fact_gt0 #|T|)).
apply: (@leq_trans ('C(#|T|, #|T|./2) * \sum_(A in F) #|A|`! * (#|T| - #|A|)`!)); last first.
  by rewrite leq_mul2l h orbT.
rewrite big_distrr /= -sum_nat_const; apply: leq_sum => A _.
have hA : (#|A| <= #|T|)%N by rewrite -cardsT subset_leq_card // subsetT.
by rewrite -{1}(bin_fact hA) leq_mul2r bin_le_central orbT.
Qed.
End LYM.

(** ** Erdős's Littlewood-Offord bound *)
Section LittlewoodOfford.
Variable R : realFieldType.
Local Open Scope ring_scope.

(** Flipping a bit from against the sign of a to with it raises a z by 2 |a|. *)
Lemma sgnb_gap (a : R) : a != 0 -> 0 < a * sgnb R (0 < a) - a * sgnb R (~~ (0 < a)).
Proof.
move=> ha; have [hp|hn] := boolP (0 < a).
  by rewrite /= mulr1 mulrN1 opprK; apply: addr_gt0.
have an : a < 0 by rewrite lt_neqAle ha /= leNgt.
by rewrite /= mulrN1 mulr1; apply: addr_gt0; rewrite oppr_gt0.
Qed.

(** Lemma 7: at most C(m, floor(m/2)) sign vectors z in {-1,1}^m have sum_i a_i z_i = t. *)
Theorem littlewood_offord m (a : 'I_m -> R) (t : R) : (forall i, a i != 0) ->
  (#|[set z : {ffun 'I_m -> bool} | (\sum_i a i * sgnb R (z i) == t)%R]| <= 'C(m, m./2))%N.
Proof.
move=> ha; set Z := [set z | _].
pose f (z : {ffun 'I_m -> bool}) := [set i | z i == (0 < a i)%R].
have finj : injective f.
  move=> z z' /setP e; apply/ffunP => i; have := e i; rewrite !inE.
  by case: (z i); case: (z' i); case: (0 < a i)%R.
rewrite -(card_imset Z finj); have := sperner (F := f @: Z); rewrite card_ord; apply.
move=> _ _ /imsetP [z hz ->] /imsetP [z' hz' ->] hsub.
apply/eqP; apply: contraT => hne.
have /properP [_ [i hi hni]] : f z \proper f z' by rewrite properEneq hne hsub.
pose d j := a j * sgnb R (z' j) - a j * sgnb R (z j).
have key j : j \notin f z -> j \in f z' -> 0 < d j.
  rewrite !inE /d => hj /eqP ->; have -> : z j = ~~ (0 < a j)%R by move: hj; case: (z j); case: (0 < a j)%R.
  exact: sgnb_gap.
have d0 j : 0 <= d j.
  have [hj|hj] := boolP (j \in f z).
    have hj' := subsetP hsub j hj; rewrite !inE in hj hj'.
    by rewrite /d (eqP hj) (eqP hj') subrr.
  have [hj'|hj'] := boolP (j \in f z'); first by apply: ltW; apply: key.
  rewrite !inE in hj hj'; rewrite /d.
  have -> : z' j = z j by move: hj hj'; case: (z j); case: (z' j); case: (0 < a j)%R.
  by rewrite subrr.
have hS : \sum_j d j = 0.
  by rewrite sumrB; move: hz hz'; rewrite !inE => /eqP -> /eqP ->; rewrite subrr.
have pos : 0 < \sum_j d j.
  rewrite (bigD1 i) //= -[X in _ + X]opprK subr_gt0.
  apply: le_lt_trans (key i hni hi); rewrite oppr_le0; exact: sumr_ge0.
by move: pos; rewrite hS ltxx.
Qed.
End LittlewoodOfford.
