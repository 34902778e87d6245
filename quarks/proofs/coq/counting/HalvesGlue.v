(** * T(n;d) under substitutions, and a function of n+1 variables as the pair of its halves.

    Substitutions that keep the degree keep T(n;d) ([T_subst]): negating an input, permuting the
    inputs, negating the output.  A function f of n+1 variables is the pair of its halves
    (f0, f1) = (f with x_n = 0, f with x_n = 1), and f in T(n+1;d) forces f0, f1 in T(n;d), so
    #|T(n+1;d)| = sum over f0 in T(n;d) of c(f0), c(f0) = #{f1 in T(n;d) : glue f0 f1 in T(n+1;d)}
    ([card_T_halves]).  The generators (an input negated, two inputs exchanged, the output
    negated), applied to both halves at once, keep c, so c is constant on orbits
    ([ext_count_act]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold Checker Classify.
From Coq Require Import ZArith NArith Lia.
From Quarks Require Import QuarksCompat.
Import ssrnat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GRing.Theory Num.Theory.


(** ** Substitutions that keep the degree keep T(n;d) *)

Section Subst.
Local Open Scope ring_scope.

(** The polynomial with the single term k prod_{i in V} x_i. *)
Definition unit_at n (V : {set 'I_n}) (k : int) : {set 'I_n} -> int :=
  fun U => if U == V then k else 0.

Lemma peval_unit n d (V : {set 'I_n}) k x :
  (#|V| <= d)%N -> peval d (unit_at V k) x = k * monomial V x.
Proof.
move=> hV; rewrite /peval (bigD1 V) //= big1 ?addr0 /unit_at ?eqxx //.
by move=> U /andP[_ /negbTE ->]; rewrite mul0r.
Qed.

Lemma peval_add n d (c1 c2 : {set 'I_n} -> int) x :
  peval d (fun U => c1 U + c2 U) x = peval d c1 x + peval d c2 x.
Proof. by rewrite /peval -big_split; apply: eq_bigr => U _; rewrite mulrDl. Qed.

(** If every monomial of degree <= d of s(x) is a polynomial a_S(x) of degree <= d, then
    p(s(x)) = sum_S c_S a_S(x) is one too. *)
Lemma peval_subst m n d (c : {set 'I_m} -> int) (a : {set 'I_m} -> {set 'I_n} -> int)
    (x : point n) (y : point m) :
  (forall S : {set 'I_m}, (#|S| <= d)%N -> monomial S y = peval d (a S) x) ->
  peval d c y = peval d (fun U => \sum_(S : {set 'I_m} | (#|S| <= d)%N) c S * a S U) x.
Proof.
move=> h; rewrite /peval.
rewrite (eq_bigr (fun S : {set 'I_m} => \sum_(U : {set 'I_n} | (#|U| <= d)%N) c S * (a S U * monomial U x)));
  last by move=> S hS; rewrite h // /peval big_distrr.
rewrite exchange_big /=; apply: eq_bigr => U _; rewrite big_distrl /=.
by apply: eq_bigr => S _; rewrite mulrA.
Qed.

Theorem T_subst m n d (s : point n -> point m) (a : {set 'I_m} -> {set 'I_n} -> int)
    (f : boolfun m) :
  (forall S : {set 'I_m}, (#|S| <= d)%N -> forall x, monomial S (s x) = peval d (a S) x) ->
  f \in T m d -> [ffun x => f (s x)] \in T n d.
Proof.
move=> h /inTP [c hc]; apply/inTP.
exists (fun U => \sum_(S : {set 'I_m} | (#|S| <= d)%N) c S * a S U) => x.
by rewrite ffunE hc (peval_subst _ (fun S hS => h S hS x)).
Qed.

(** x_i -> 1 - x_i: prod_{S} x' = prod_{S - i} x - prod_S x when i is in S. *)
Lemma monomial_flip n (S : {set 'I_n}) (x : point n) i :
  monomial S (flip x i) =
  if i \in S then monomial (S :\ i) x - monomial S x else monomial S x.
Proof.
have same (U : {set 'I_n}) : i \notin U -> monomial U (flip x i) = monomial U x.
  move=> hi; apply: eq_bigr => j hj; rewrite ffunE.
  by case: eqP => // ej; rewrite -ej hj in hi.
case: ifP => hi; last by rewrite same ?hi.
rewrite /monomial (bigD1 i hi) [X in _ = _ - X](bigD1 i hi) /=.
have e1 : \prod_(j in S | j != i) ((flip x i j : nat)%:R : int) = \prod_(j in S :\ i) (x j : nat)%:R.
  apply: eq_big => j; first by rewrite !inE andbC.
  by case/andP=> _ hj; rewrite ffunE (negbTE hj).
have e2 : \prod_(j in S | j != i) ((x j : nat)%:R : int) = \prod_(j in S :\ i) (x j : nat)%:R.
  by apply: eq_bigl => j; rewrite !inE andbC.
rewrite e1 e2 ffunE eqxx.
by case: (x i); rewrite /= ?mul0r ?mul1r ?subr0 ?subrr.
Qed.

Lemma T_flip n d (f : boolfun n) i : f \in T n d -> [ffun x => f (flip x i)] \in T n d.
Proof.
apply: (T_subst (a := fun S => if i \in S then
                                 fun U => unit_at (S :\ i) 1 U + unit_at S (-1) U
                               else unit_at S 1)) => S hS x.
rewrite monomial_flip; case: ifP => hi; last by rewrite peval_unit // mul1r.
have hS' : (#|S :\ i| <= d)%N by rewrite (leq_trans _ hS) // subset_leq_card // subsetDl.
by rewrite peval_add !peval_unit // mul1r mulN1r.
Qed.

(** A permutation of the inputs maps prod_S to prod_{pi(S)}. *)
Lemma T_perm n d (f : boolfun n) (pi : 'I_n -> 'I_n) :
  injective pi -> f \in T n d -> [ffun x : point n => f [ffun k => x (pi k)]] \in T n d.
Proof.
move=> hpi; apply: (T_subst (a := fun S => unit_at (pi @: S) 1)) => S hS x.
have hc : #|pi @: S| = #|S| by apply: card_imset.
rewrite peval_unit ?hc // mul1r /monomial big_imset /=; last by move=> ? ? _ _; apply: hpi.
by apply: eq_bigr => k _; rewrite ffunE.
Qed.

(** ~~ [p > 0] = [1 - p > 0] for an integer p. *)
Lemma T_compl n d (f : boolfun n) : f \in T n d -> [ffun x => ~~ f x] \in T n d.
Proof.
move=> /inTP [c hc]; apply/inTP.
exists (fun U => unit_at set0 1 U + (- c U)) => x.
rewrite ffunE hc peval_add peval_unit ?cards0 // mul1r /monomial big_set0.
have -> : peval d (fun U => - c U) x = - peval d c x.
  by rewrite /peval -sumrN; apply: eq_bigr => U _; rewrite mulNr.
have := ltzD1 (peval d c x) 0; rewrite add0r subr_gt0 => ->.
by rewrite Order.TotalTheory.leNgt.
Qed.

Lemma T_const n d (b : bool) : [ffun _ : point n => b] \in T n d.
Proof.
apply/inTP; exists (unit_at set0 (b : nat)%:R) => x.
by rewrite ffunE peval_unit ?cards0 // /monomial big_set0 mulr1; case: b.
Qed.

End Subst.

(** ** Halves *)

Section Glue.
Variable n : nat.

(** x without its last coordinate; x extended by a last coordinate b. *)
Definition low (x : point n.+1) : point n := [ffun j => x (lift ord_max j)].
Definition ext (x : point n) (b : bool) : point n.+1 :=
  [ffun i => if unlift ord_max i is Some j then x j else b].

Lemma low_ext x b : low (ext x b) = x.
Proof. by apply/ffunP => j; rewrite !ffunE liftK. Qed.

Lemma ext_last x b : ext x b ord_max = b.
Proof. by rewrite ffunE unlift_none. Qed.

Lemma ext_low x : ext (low x) (x ord_max) = x.
Proof. by apply/ffunP => i; rewrite ffunE; case: unliftP => [j -> | ->]; rewrite ?ffunE. Qed.

(** f restricted to x_n = b, and the function with halves f0, f1. *)
Definition half (f : boolfun n.+1) (b : bool) : boolfun n := [ffun x => f (ext x b)].
Definition glue (f0 f1 : boolfun n) : boolfun n.+1 :=
  [ffun x : point n.+1 => if x ord_max then f1 (low x) else f0 (low x)].

Lemma half_glue f0 f1 b : half (glue f0 f1) b = if b then f1 else f0.
Proof. by apply/ffunP => x; rewrite !ffunE unlift_none low_ext; case: b. Qed.

Lemma glue_half f : glue (half f false) (half f true) = f.
Proof. by apply/ffunP => x; rewrite !ffunE; case: (x ord_max) (ext_low x) => ->. Qed.

Lemma glue_inj f0 : injective (glue f0).
Proof. by move=> f1 f1' /(congr1 (half^~ true)); rewrite !half_glue. Qed.

Local Open Scope ring_scope.

(** The variables of S other than x_n, as variables of n. *)
Definition pre (S : {set 'I_n.+1}) : {set 'I_n} := [set j | lift ord_max j \in S].

Lemma card_pre S : (#|pre S| <= #|S|)%N.
Proof.
rewrite -(card_imset _ (@lift_inj _ ord_max)); apply: subset_leq_card.
by apply/subsetP => i /imsetP [j]; rewrite inE => hj ->.
Qed.

(** prod_S (x, b) = [b if x_n in S] prod_{pre S} x. *)
Lemma monomial_ext S x b :
  monomial S (ext x b) = (if ord_max \in S then (b : nat)%:R else 1) * monomial (pre S) x.
Proof.
rewrite /monomial big_mkcond big_ord_recr /= mulrC ext_last; congr (_ * _).
rewrite [RHS]big_mkcond; apply: eq_bigr => j _.
have -> : widen_ord (leqnSn n) j = lift ord_max j by apply: val_inj; rewrite [RHS]lift_max.
by rewrite inE ffunE liftK.
Qed.

(** A half of a member of T(n+1;d) is in T(n;d). *)
Lemma T_half d f b : f \in T n.+1 d -> half f b \in T n d.
Proof.
apply: (T_subst (a := fun S => unit_at (pre S) (if ord_max \in S then (b : nat)%:R else 1))).
by move=> S hS x; rewrite peval_unit ?(leq_trans (card_pre S)) // monomial_ext.
Qed.

End Glue.

Arguments glue {n}.
Arguments half {n}.

(** c(f0): the number of second halves f1 in T(n;d) with (f0, f1) in T(n+1;d). *)
Definition ext_count n d (f0 : boolfun n) : nat :=
  #|[set f1 in T n d | glue f0 f1 \in T n.+1 d]|.

(** #|T(n+1;d)| = sum over f0 in T(n;d) of c(f0). *)
Theorem card_T_halves n d : #|T n.+1 d| = (\sum_(f0 in T n d) ext_count d f0)%N.
Proof.
rewrite -sum1_card (partition_big (half^~ false) (mem (T n d))) /=; last first.
  by move=> f hf; apply: T_half.
apply: eq_bigr => f0 hf0; rewrite sum1_card /ext_count.
rewrite -(card_imset _ (@glue_inj _ f0)); apply: eq_card => f.
apply/idP/imsetP => [/andP[hf /eqP h0] | [f1]].
  exists (half f true); first by rewrite inE T_half //= -h0 glue_half.
  by rewrite -h0 glue_half.
by rewrite inE => /andP[_ h] ->; apply/andP; rewrite h half_glue.
Qed.

(** c is invariant under an involution G of the functions of n variables that preserves
    T(n;d) and commutes with glue through an involution G' preserving T(n+1;d). *)
Lemma ext_count_inv n d (G : boolfun n -> boolfun n) (G' : boolfun n.+1 -> boolfun n.+1) f0 :
  involutive G -> involutive G' ->
  (forall f, f \in T n d -> G f \in T n d) -> (forall f, f \in T n.+1 d -> G' f \in T n.+1 d) ->
  (forall a b, glue (G a) (G b) = G' (glue a b)) ->
  ext_count d (G f0) = ext_count d f0.
Proof.
move=> iG iG' hG hG' hglue.
have eG f : (G f \in T n d) = (f \in T n d).
  by apply/idP/idP => [/hG | /hG //]; rewrite iG.
have eG' f : (G' f \in T n.+1 d) = (f \in T n.+1 d).
  by apply/idP/idP => [/hG' | /hG' //]; rewrite iG'.
have mem g f : (f \in [set f1 in T n d | glue g f1 \in T n.+1 d])
               = (f \in T n d) && (glue g f \in T n.+1 d) by rewrite inE.
have pre (A : {set boolfun n}) f : (f \in G @^-1: A) = (G f \in A) by rewrite inE.
rewrite /ext_count -(card_preimset _ (inv_inj iG)); apply: eq_card => f1.
by rewrite pre !mem eG hglue eG'.
Qed.

(** ** The generators: x_i -> 1 - x_i, x_i <-> x_j (i, j < n), and output negation *)

Inductive gen := Neg of nat | Swap of nat & nat | Cmp.

Definition gen_ok n (g : gen) : bool :=
  match g with Neg i => (i < n)%N | Swap i j => (i < n)%N && (j < n)%N | Cmp => true end.

Definition flipn n (x : point n) (i : nat) : point n :=
  [ffun k : 'I_n => if k == i :> nat then ~~ x k else x k].

(** The transposition (i j) of the indices. *)
Definition tr (i j l : nat) : nat := if l == i then j else if l == j then i else l.

Definition swapn n (x : point n) (i j : nat) : point n := [ffun k : 'I_n => natfun x (tr i j k)].

Definition gen_fun n (g : gen) (f : boolfun n) : boolfun n :=
  match g with
  | Neg i => [ffun x => f (flipn x i)]
  | Swap i j => [ffun x => f (swapn x i j)]
  | Cmp => [ffun x => ~~ f x]
  end.

Lemma natfun_ord n (x : point n) (k : 'I_n) : natfun x k = x k.
Proof. by rewrite /natfun valK. Qed.

Lemma natfun_high n (x : point n) l : (n <= l)%N -> natfun x l = false.
Proof. by move=> hl; rewrite /natfun insubN // -leqNgt. Qed.

Lemma tr_lt n i j l : (i < n)%N -> (j < n)%N -> (l < n)%N -> (tr i j l < n)%N.
Proof. by move=> hi hj hl; rewrite /tr; case: ifP => _ //; case: ifP. Qed.

Lemma trK i j : involutive (tr i j).
Proof.
have t1 : tr i j i = j by rewrite /tr eqxx.
have t2 : tr i j j = i by rewrite /tr eqxx; case: eqP.
move=> l; case: (eqVneq l i) => [-> | hi]; first by rewrite t1 t2.
case: (eqVneq l j) => [-> | hj]; first by rewrite t2 t1.
by rewrite /tr (negbTE hi) (negbTE hj) (negbTE hi) (negbTE hj).
Qed.

Lemma flipn_flip n (x : point n) i (hi : (i < n)%N) : flipn x i = flip x (Ordinal hi).
Proof. by apply/ffunP => k; rewrite !ffunE. Qed.

Section Swap.
Variables (n i j : nat) (hi : (i < n)%N) (hj : (j < n)%N).

Definition tr_ord (k : 'I_n) : 'I_n := Ordinal (tr_lt hi hj (ltn_ord k)).

Lemma tr_ordK : involutive tr_ord.
Proof. by move=> k; apply: val_inj; rewrite /= trK. Qed.

Lemma swapn_perm (x : point n) : swapn x i j = [ffun k => x (tr_ord k)].
Proof. by apply/ffunP => k; rewrite !ffunE -natfun_ord. Qed.
End Swap.

Lemma gen_fun_T n d g (f : boolfun n) : gen_ok n g -> f \in T n d -> gen_fun g f \in T n d.
Proof.
case: g => [i | i j |] /=.
- move=> hi; suff -> : [ffun x => f (flipn x i)] = [ffun x => f (flip x (Ordinal hi))].
    exact: T_flip.
  by apply/ffunP => x; rewrite !ffunE flipn_flip.
- case/andP=> hi hj.
  suff -> : [ffun x => f (swapn x i j)] = [ffun x : point n => f [ffun k => x (tr_ord hi hj k)]].
    exact/T_perm/inv_inj/tr_ordK.
  by apply/ffunP => x; rewrite !ffunE swapn_perm.
- by move=> _; apply: T_compl.
Qed.

Lemma gen_fun_invol n g : gen_ok n g -> involutive (@gen_fun n g).
Proof.
case: g => [i | i j |] /= h f; apply/ffunP => x; rewrite !ffunE; last exact: negbK.
  by congr (f _); apply/ffunP => k; rewrite !ffunE; case: (k == i :> nat); rewrite ?negbK.
case/andP: h => hi hj; congr (f _); rewrite !swapn_perm; apply/ffunP => k; rewrite !ffunE.
by rewrite tr_ordK.
Qed.

(** A map of points fixing x_n and commuting with [low] commutes with [glue]. *)
Lemma glue_map n (s : point n -> point n) (s' : point n.+1 -> point n.+1) (a b : boolfun n) :
  (forall x, s' x ord_max = x ord_max) -> (forall x, low (s' x) = s (low x)) ->
  glue [ffun x => a (s x)] [ffun x => b (s x)] = [ffun x => glue a b (s' x)].
Proof. by move=> h1 h2; apply/ffunP => x; rewrite !ffunE h1 h2. Qed.

Lemma natfun_low n (x : point n.+1) l : (l < n)%N -> natfun (low x) l = natfun x l.
Proof.
move=> hl; rewrite -[l]/(nat_of_ord (Ordinal hl)) natfun_ord ffunE.
have -> : lift ord_max (Ordinal hl) = Ordinal (ltnW hl : (l < n.+1)%N) :> 'I_n.+1.
  by apply: val_inj; rewrite /= /bump leqNgt hl.
by rewrite -natfun_ord.
Qed.

Lemma gen_fun_glue n g (a b : boolfun n) :
  gen_ok n g -> glue (gen_fun g a) (gen_fun g b) = gen_fun g (glue a b).
Proof.
case: g => [i | i j |] /= h.
- apply: glue_map => x; first by rewrite ffunE /= (gtn_eqF h).
  by apply/ffunP => k; rewrite !ffunE lift_max.
- case/andP: h => hi hj; apply: glue_map => x.
    rewrite ffunE -natfun_ord /tr /= (gtn_eqF hi) (gtn_eqF hj).
    by rewrite -[n]/(nat_of_ord (@ord_max n)) natfun_ord.
  apply/ffunP => k; rewrite !ffunE lift_max natfun_low //.
  exact: tr_lt.
- by apply/ffunP => x; rewrite !ffunE; case: (x ord_max).
Qed.

Lemma gen_ok_S n g : gen_ok n g -> gen_ok n.+1 g.
Proof. by case: g => [i | i j |] //= => [/leqW | /andP[/leqW -> /leqW]]. Qed.

(** c(g.f0) = c(f0) for a generator g, and for a word of generators. *)
Lemma ext_count_gen n d g (f0 : boolfun n) : gen_ok n g -> ext_count d (gen_fun g f0) = ext_count d f0.
Proof.
move=> h; apply: (ext_count_inv (G' := @gen_fun n.+1 g)).
- exact: gen_fun_invol.
- exact/gen_fun_invol/gen_ok_S.
- by move=> f; apply: gen_fun_T.
- by move=> f; apply/gen_fun_T/gen_ok_S.
- by move=> a b; apply: gen_fun_glue.
Qed.

Definition act_fun n (w : list gen) (f : boolfun n) : boolfun n := foldr (@gen_fun n) f w.

Lemma ext_count_act n d w (f0 : boolfun n) :
  all (gen_ok n) w -> ext_count d (act_fun w f0) = ext_count d f0.
Proof.
elim: w => [|g w IH] //= /andP[hg hw].
by rewrite ext_count_gen // IH.
Qed.
