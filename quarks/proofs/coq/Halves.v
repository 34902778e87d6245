(** * Counting T(n+1;d) by halves.

    A function f of n+1 variables is the pair of its halves (f0, f1) = (f with x_n = 0,
    f with x_n = 1), and f in T(n+1;d) forces f0, f1 in T(n;d) (restrict the polynomial).
    Hence #|T(n+1;d)| = sum over f0 in T(n;d) of c(f0), where
    c(f0) = #{f1 in T(n;d) : glue f0 f1 in T(n+1;d)} ([card_T_halves]).
    Negating an input, exchanging two inputs, or negating the output, applied to both halves
    at once, maps T(n+1;d) and T(n;d) onto themselves, so c is constant on orbits
    ([ext_count_act]).  The checker [check_halves] builds the exact list of T(n;d) level by
    level from n = 0 (every pair of members of the previous level decided by a realization
    or a Farkas certificate of Checker.v), then adds c(r) over the orbit representatives r,
    one for each member f0 = g.r (g a word in the generators, checked on truth tables).
    [halves_count] proves that its result is #|T(n+1;d)|. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect all_algebra.
From Quarks Require Import Threshold Checker Classify.
From Coq Require Import ZArith NArith Lia.
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
have := ltz_addr1 (peval d c x) 0; rewrite add0r subr_gt0 => ->.
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

(** ** Truth tables *)

(** The point indices 0 .. 2^n - 1. *)
Definition zidx n : list Z := map Z.of_nat (iota 0 (2 ^ n)).

(** The truth table of f. *)
Definition table_of n (f : boolfun n) : list bool := [seq f (point_of n k) | k <- zidx n].

Lemma size_table_of n (f : boolfun n) : size (table_of f) = 2 ^ n.
Proof. by rewrite !size_map size_iota. Qed.

Lemma zidx_range n k : (k < 2 ^ n)%N -> (0 <= Z.of_nat k < 2 ^ Z.of_nat n)%Z.
Proof. by move/ltP/Nat2Z.inj_lt; rewrite Z_of_nat_expn2; lia. Qed.

Lemma table_ofK n (f : boolfun n) : table_fun n (table_of f) = f.
Proof.
apply/ffunP => x; rewrite ffunE (nth_map 0%Z) ?size_map ?size_iota ?index_lt //.
by rewrite (nth_map 0%N) ?size_iota ?index_lt // nth_iota ?index_lt // point_index.
Qed.

Lemma table_fun_inj n t t' : size t = 2 ^ n -> size t' = 2 ^ n ->
  table_fun n t = table_fun n t' -> t = t'.
Proof.
move=> ht ht' e; apply: (@eq_from_nth _ false); first by rewrite ht ht'.
move=> k; rewrite ht => hk.
have := congr1 (fun f : boolfun n => f (point_of n (Z.of_nat k))) e.
by rewrite !table_fun_point; [rewrite /tt_at Nat2Z.id | exact: zidx_range | exact: zidx_range].
Qed.

(** The index of (x, b) is index(x) + b 2^n. *)
Lemma index_low n (x : point n.+1) : index_of x = (index_of (low x) + x ord_max * 2 ^ n)%N.
Proof.
rewrite /index_of big_ord_recr /=; congr (_ + _)%N; apply: eq_bigr => j _.
have -> : widen_ord (leqnSn n) j = lift ord_max j by apply: val_inj; rewrite [RHS]lift_max.
by rewrite ffunE.
Qed.

(** The table of the function with halves a, b is a ++ b. *)
Lemma table_fun_cat n a b : size a = 2 ^ n ->
  table_fun n.+1 (a ++ b) = glue (table_fun n a) (table_fun n b).
Proof.
move=> ha; apply/ffunP => x; rewrite !ffunE index_low nth_cat ha.
case: (x ord_max); last by rewrite /= mul0n addn0 index_lt.
by rewrite mul1n ltnNge leq_addl /= addnK.
Qed.

(** Re-indexing a table by h: the table of x |-> f(s(x)) when index(s(x)) = h(index(x)). *)
Definition reindex n (h : Z -> Z) (tt : list bool) : list bool :=
  map (fun k => tt_at tt (h k)) (zidx n).

Lemma reindexE n h tt (s : point n -> point n) :
  (forall x, Z.of_nat (index_of (s x)) = h (Z.of_nat (index_of x))) ->
  table_fun n (reindex n h tt) = [ffun x => table_fun n tt (s x)].
Proof.
move=> hs; apply/ffunP => x; rewrite !ffunE (nth_map 0%Z) ?size_map ?size_iota ?index_lt //.
rewrite (nth_map 0%N) ?size_iota ?index_lt // nth_iota ?index_lt // add0n -hs.
by rewrite /tt_at Nat2Z.id.
Qed.

(** Bit l of index(x) is x_l (false for l >= n). *)
Lemma index_natbit n (x : point n) l :
  Z.testbit (Z.of_nat (index_of x)) (Z.of_nat l) = natfun x l.
Proof.
rewrite index_ofE testbit_bitsum; case: (ltnP l n) => hl //=.
by rewrite natfun_high.
Qed.

Lemma testbit_pow2 i l : Z.testbit (2 ^ Z.of_nat i) (Z.of_nat l) = (i == l).
Proof.
rewrite Z.pow2_bits_eqb; last lia.
by case: Z.eqb_spec => e; case: eqP => e' //; exfalso; lia.
Qed.

(** Two points are equal when their bits agree. *)
Lemma index_bits_eq n (y : point n) (K : Z) :
  (forall l, natfun y l = Z.testbit K (Z.of_nat l)) -> Z.of_nat (index_of y) = K.
Proof.
move=> h; apply: Z.bits_inj' => z hz; rewrite -(Z2Nat.id z hz).
by rewrite index_natbit h.
Qed.

Definition hneg (i : nat) (k : Z) : Z := Z.lxor k (2 ^ Z.of_nat i).

Definition hswap (i j : nat) (k : Z) : Z :=
  if Bool.eqb (Z.testbit k (Z.of_nat i)) (Z.testbit k (Z.of_nat j)) then k
  else Z.lxor k (Z.lor (2 ^ Z.of_nat i) (2 ^ Z.of_nat j)).

Lemma index_flipn n (x : point n) i : (i < n)%N ->
  Z.of_nat (index_of (flipn x i)) = hneg i (Z.of_nat (index_of x)).
Proof.
move=> hi; apply: index_bits_eq => l.
rewrite Z.lxor_spec index_natbit testbit_pow2; case: (ltnP l n) => hl.
  by rewrite -[l]/(nat_of_ord (Ordinal hl)) !natfun_ord ffunE /= eq_sym; case: (i == l); case: (x _).
rewrite !natfun_high //; case: eqP => // e; rewrite e in hi.
by rewrite ltnNge hl in hi.
Qed.

Lemma tr_l i j : tr i j i = j.
Proof. by rewrite /tr eqxx. Qed.

Lemma tr_r i j : tr i j j = i.
Proof. by rewrite /tr eqxx; case: eqP. Qed.

Lemma tr_other i j l : l != i -> l != j -> tr i j l = l.
Proof. by move=> li lj; rewrite /tr (negbTE li) (negbTE lj). Qed.

Lemma index_swapn n (x : point n) i j : (i < n)%N -> (j < n)%N ->
  Z.of_nat (index_of (swapn x i j)) = hswap i j (Z.of_nat (index_of x)).
Proof.
move=> hi hj; apply: index_bits_eq => l.
have hb m : Z.testbit (Z.of_nat (index_of x)) (Z.of_nat m) = natfun x m by exact: index_natbit.
have key : Z.testbit (hswap i j (Z.of_nat (index_of x))) (Z.of_nat l) = natfun x (tr i j l).
  rewrite /hswap !hb.
  case: (eqVneq l i) => [-> | li].
    rewrite tr_l; case E: (Bool.eqb _ _); first by rewrite hb; move/Bool.eqb_prop: E.
    rewrite Z.lxor_spec Z.lor_spec !testbit_pow2 hb eqxx /=.
    by move: E; case: (natfun x i); case: (natfun x j).
  case: (eqVneq l j) => [-> | lj].
    rewrite tr_r; case E: (Bool.eqb _ _); first by rewrite hb; move/Bool.eqb_prop: E.
    rewrite Z.lxor_spec Z.lor_spec !testbit_pow2 hb eqxx orbT /=.
    by move: E; case: (natfun x i); case: (natfun x j).
  rewrite tr_other //; case: (Bool.eqb _ _); rewrite ?Z.lxor_spec ?Z.lor_spec ?testbit_pow2 hb //.
  by rewrite eq_sym (negbTE li) eq_sym (negbTE lj); case: (natfun x l).
rewrite key; case: (ltnP l n) => hl; first by rewrite -[l]/(nat_of_ord (Ordinal hl)) natfun_ord ffunE.
have li : l != i by apply/eqP => e; rewrite -e ltnNge hl in hi.
have lj : l != j by apply/eqP => e; rewrite -e ltnNge hl in hj.
by rewrite tr_other // !natfun_high.
Qed.

(** A generator acting on a truth table. *)
Definition gen_table n (g : gen) (tt : list bool) : list bool :=
  match g with
  | Neg i => reindex n (hneg i) tt
  | Swap i j => reindex n (hswap i j) tt
  | Cmp => map negb tt
  end.

Definition act_table n (w : list gen) (tt : list bool) : list bool := foldr (gen_table n) tt w.

Lemma size_gen_table n g tt : size tt = 2 ^ n -> size (gen_table n g tt) = 2 ^ n.
Proof. by case: g => [i | i j |] /=; rewrite ?size_map ?size_iota. Qed.

Lemma gen_tableE n g tt : gen_ok n g -> size tt = 2 ^ n ->
  table_fun n (gen_table n g tt) = gen_fun g (table_fun n tt).
Proof.
case: g => [i | i j |] /= hg ht.
- by rewrite (reindexE _ (fun x => index_flipn x hg)); apply/ffunP => x; rewrite !ffunE.
- case/andP: hg => hi hj.
  by rewrite (reindexE _ (fun x => index_swapn x hi hj)); apply/ffunP => x; rewrite !ffunE.
- by apply/ffunP => x; rewrite !ffunE (nth_map false) // ht index_lt.
Qed.

Lemma act_tableE n w tt : all (gen_ok n) w -> size tt = 2 ^ n ->
  size (act_table n w tt) = 2 ^ n /\ table_fun n (act_table n w tt) = act_fun w (table_fun n tt).
Proof.
move=> hw ht; elim: w hw => [|g w IH] //= /andP[hg /IH [hs he]].
by rewrite size_gen_table // gen_tableE // he.
Qed.

(** ** Exact lists of T(n;d) *)

(** L lists the truth tables of the members of T(n;d), each once. *)
Definition exact n d (L : list (list bool)) : Prop :=
  [/\ uniq L, all (fun t => size t == 2 ^ n) L
    & forall t, size t = 2 ^ n -> (t \in L) = (table_fun n t \in T n d)].

Section Exact.
Variables (n d : nat) (L : list (list bool)).
Hypothesis hL : exact n d L.

Lemma exact_size t : t \in L -> size t = 2 ^ n.
Proof. by case: hL => _ /allP h _ /h /eqP. Qed.

Lemma exact_mem f : (f \in T n d) = (f \in map (table_fun n) L).
Proof.
case: hL => _ _ h; apply/idP/mapP => [hf | [t ht ->]].
  by exists (table_of f); rewrite ?table_ofK // h ?size_table_of ?table_ofK.
by rewrite -h // exact_size.
Qed.

Lemma exact_uniq : uniq (map (table_fun n) L).
Proof.
case: hL => hu _ _; rewrite map_inj_in_uniq // => t t' ht ht'.
by apply: table_fun_inj; apply: exact_size.
Qed.

Lemma exact_sum (F : boolfun n -> nat) : (\sum_(f in T n d) F f = \sum_(t <- L) F (table_fun n t))%N.
Proof.
rewrite -(big_map (table_fun n) predT) big_uniq ?exact_uniq //.
by apply: eq_bigl => f; rewrite exact_mem.
Qed.

Lemma exact_card (P : pred (boolfun n)) :
  #|[set f in T n d | P f]| = count (fun t => P (table_fun n t)) L.
Proof.
have e1 : #|[set f in T n d | P f]| = (\sum_(f in T n d) (P f : nat))%N.
  rewrite -sum1_card (eq_bigl (fun f => (f \in T n d) && P f)); last by move=> f; rewrite inE.
  by rewrite big_mkcondr; apply: eq_bigr => f _; case: (P f).
have e2 : count (fun t => P (table_fun n t)) L = (\sum_(t <- L) (P (table_fun n t) : nat))%N.
  by rewrite -sum1_count big_mkcond /=; apply: eq_bigr => t _; case: (P _).
by rewrite e1 e2 exact_sum.
Qed.
End Exact.

(** ** The checker *)

(** A certificate (Classify.v) for the table tt: a realization on the masks ms, or Farkas. *)
Definition check_tab n d (ms : list Z) (tt : list bool) (c : cert) : bool :=
  match c with
  | Real cs => check_realization n d tt (zip ms cs)
  | Fark u => check_farkas n d tt u
  end.

Lemma check_tabP n d tt c : check_tab n d (masks n d) tt c ->
  size tt = 2 ^ n /\ (table_fun n tt \in T n d) = is_real c.
Proof.
case: c => [cs | u] /= h.
  by split; [case/andP: h => /andP[/eqP] | exact: check_realization_sound h].
by split; [do 3 case/andP: h => h _; move/eqP: h | exact/negbTE/(check_farkas_sound h)].
Qed.

(** The tables of ts whose certificate is a realization (all certificates valid). *)
Fixpoint sel n d (ms : list Z) (ts : list (list bool)) (cs : list cert) : option (list (list bool)) :=
  match ts, cs with
  | t :: ts', c :: cs' =>
      if check_tab n d ms t c then
        if sel n d ms ts' cs' is Some r then Some (if is_real c then t :: r else r) else None
      else None
  | [::], [::] => Some [::]
  | _, _ => None
  end.

Lemma selP n d ts cs r : sel n d (masks n d) ts cs = Some r ->
  all (fun t => size t == 2 ^ n) ts /\ r = filter (fun t => table_fun n t \in T n d) ts.
Proof.
elim: ts cs r => [|t ts IH] [|c cs] r //=; first by case=> <-.
case hc: check_tab => //; case hs: sel => [r'|] // [<-].
have [ht ->] := check_tabP hc; have [hts ->] := IH _ _ hs.
by rewrite ht eqxx hts; case: (is_real c).
Qed.

(** T(0;d): both constants. *)
Definition base : list (list bool) := [:: [:: false]; [:: true]].

Lemma exact_base d : exact 0 d base.
Proof.
split=> // -[|b [|]] // _.
have -> : table_fun 0 [:: b] = [ffun _ => b].
  by apply/ffunP => x; rewrite !ffunE /index_of big_ord0.
by rewrite T_const; case: b.
Qed.

(** The next level: every pair (a, b) of members, decided. *)
Definition next_level n d (L : list (list bool)) (cs : list cert) : option (list (list bool)) :=
  sel n.+1 d (masks n.+1 d) [seq a ++ b | a <- L, b <- L] cs.

Lemma next_levelP n d L cs L' : exact n d L -> next_level n d L cs = Some L' -> exact n.+1 d L'.
Proof.
move=> hL /selP [hall ->]; split.
- apply/filter_uniq/allpairs_uniq; try by case: hL.
  move=> [a b] [a' b'] /allpairsP [[x y] [hx hy /= [-> ->]]] /allpairsP [[x' y'] [hx' hy' /= [-> ->]]].
  move=> /= /eqP; rewrite eqseq_cat ?(exact_size hL hx) ?(exact_size hL hx') //.
  by case/andP=> /eqP -> /eqP ->.
- by apply/allP => t; rewrite mem_filter => /andP[_ /(allP hall)].
- move=> t ht; rewrite mem_filter; case hT: (table_fun n.+1 t \in T n.+1 d) => //=.
  have hs : size (take (2 ^ n) t) = 2 ^ n by rewrite size_takel // ht expnS mul2n -addnn leq_addr.
  have hs' : size (drop (2 ^ n) t) = 2 ^ n by rewrite size_drop ht expnS mul2n -addnn addnK.
  rewrite -(cat_take_drop (2 ^ n) t) table_fun_cat // in hT.
  have h0 := T_half false hT; have h1 := T_half true hT.
  rewrite !half_glue /= in h0 h1.
  apply/allpairsP; exists (take (2 ^ n) t, drop (2 ^ n) t); rewrite cat_take_drop; split=> //.
    by case: hL => _ _ ->.
  by case: hL => _ _ ->.
Qed.

(** Levels 1, 2, .. from T(0;d). *)
Fixpoint run_levels n d (L : list (list bool)) (css : list (list cert))
    : option (nat * list (list bool)) :=
  if css is cs :: css' then
    if next_level n d L cs is Some L' then run_levels n.+1 d L' css' else None
  else Some (n, L).

Lemma run_levelsP n d L css m L' : exact n d L -> run_levels n d L css = Some (m, L') -> exact m d L'.
Proof.
elim: css n L => [|cs css IH] n L hL /=; first by case=> <- <-.
case hn: next_level => [L''|] //; apply: IH; exact: next_levelP hn.
Qed.

(** c(r) from one certificate per table r ++ b, b in L. *)
Definition rep_count n d (L : list (list bool)) (r : list bool) (cs : list cert) : option nat :=
  if sel n.+1 d (masks n.+1 d) [seq r ++ b | b <- L] cs is Some R then Some (size R) else None.

Lemma rep_countP n d L r cs k : exact n d L -> size r = 2 ^ n ->
  rep_count n d L r cs = Some k -> ext_count d (table_fun n r) = k.
Proof.
move=> hL hr; rewrite /rep_count; case hs: sel => [R|] // [<-].
have [_ ->] := selP hs; rewrite size_filter count_map /ext_count (exact_card hL).
by apply: eq_count => b; rewrite /= table_fun_cat.
Qed.

(** The counts of the representatives: (r, c(r)). *)
Fixpoint rep_counts n d L (reps : list (list bool * list cert)) : option (list (list bool * nat)) :=
  if reps is rc :: reps' then
    if rep_count n d L rc.1 rc.2 is Some k then
      if rep_counts n d L reps' is Some ks then Some ((rc.1, k) :: ks) else None
    else None
  else Some [::].

Lemma rep_countsP n d L reps ks : exact n d L -> rep_counts n d L reps = Some ks ->
  forall rk, rk \in ks -> size rk.1 = 2 ^ n -> ext_count d (table_fun n rk.1) = rk.2.
Proof.
move=> hL; elim: reps ks => [|rc reps IH] ks /=; first by case=> <-.
case hk: rep_count => [k|] //; case hks: rep_counts => [ks'|] // [<-] rk.
rewrite inE => /orP [/eqP -> /= hr | ]; first exact: rep_countP hk.
exact: IH.
Qed.

(** The sum of a list of numbers, in binary (the count of T(5;1) is too large a unary
    number for the kernel's comparison). *)
Definition nsum (s : list nat) : N := foldr (fun a acc => N.add (N.of_nat a) acc) N0 s.

Lemma nsumE s : N.to_nat (nsum s) = sumn s.
Proof. by elim: s => [|a s IH] //=; rewrite Nnat.N2Nat.inj_add Nnat.Nat2N.id IH. Qed.

(** Every member t of L is g.r for a word g and the representative number i:
    the sum over L of c(t) is the sum of the c(r_i). *)
Definition check_top n d L reps (assign : list (list gen * nat)) : option N :=
  if rep_counts n d L reps is Some ks then
    if all (fun rk => size rk.1 == 2 ^ n) ks
       && all2 (fun t wi => all (gen_ok n) wi.1 && (wi.2 < size ks)
                            && (act_table n wi.1 (nth [::] (map fst ks) wi.2) == t)) L assign
    then Some (nsum [seq nth 0 (map snd ks) wi.2 | wi <- assign])
    else None
  else None.

Lemma sum_all2 (A B : Type) (F : A -> nat) (G : B -> nat) (p : A -> B -> bool) s1 s2 :
  (forall a b, p a b -> F a = G b) -> all2 p s1 s2 ->
  (\sum_(a <- s1) F a)%N = sumn (map G s2).
Proof.
move=> h; elim: s1 s2 => [|a s1 IH] [|b s2] //=; first by rewrite big_nil.
by rewrite big_cons; case/andP=> /h -> /IH ->.
Qed.

Lemma check_topP n d L reps assign k : exact n d L ->
  check_top n d L reps assign = Some k -> #|T n.+1 d| = N.to_nat k.
Proof.
move=> hL; rewrite /check_top; case hks: rep_counts => [ks|] //.
case: ifP => // /andP[/allP hsz hall] [<-].
rewrite card_T_halves (exact_sum hL) nsumE.
rewrite (sum_all2 (G := fun wi : list gen * nat => nth 0 (map snd ks) wi.2) _ hall) //.
move=> t [w i] /andP[/andP[hw hi] /eqP <-] /=.
have hrk : (nth ([::], 0) ks i) \in ks by rewrite mem_nth.
have hs : size (nth ([::], 0) ks i).1 = 2 ^ n by apply/eqP/hsz.
have hs' : size (nth [::] (map fst ks) i) = 2 ^ n by rewrite (nth_map ([::], 0)).
have [_ ->] := act_tableE hw hs'.
rewrite ext_count_act // (nth_map ([::], 0)) // (nth_map ([::], 0)) //.
exact: rep_countsP hks _ hrk hs.
Qed.

(** All the data: the levels' certificates, the representatives with their certificates,
    and the word and representative of every member of T(n;d). *)
Definition halves_data : Type :=
  (list (list cert) * list (list bool * list cert) * list (list gen * nat))%type.

Definition check_halves n d (data : halves_data) : option N :=
  let: (css, reps, assign) := data in
  if run_levels 0 d base css is Some (m, L) then
    if m == n then check_top n d L reps assign else None
  else None.

(** A valid certificate counts T(n+1;d). *)
Theorem halves_count n d data k : check_halves n d data = Some k -> #|T n.+1 d| = N.to_nat k.
Proof.
case: data => [[css reps] assign] /=; case hr: run_levels => [[m L]|] //.
case: eqP => // <-; apply: check_topP; exact: run_levelsP (exact_base d) hr.
Qed.
