(** * Reflective checkers for membership in T(n;d), and their soundness.

    Certificates are plain data, checked by [vm_compute]:
    - a point of {0,1}^n is its index k in [0, 2^n) (bit i of k = value of x_i);
    - a truth table is a [list bool] of length 2^n (entry k = f at point k);
    - a monomial prod_{i in S} x_i is the bitmask m of S (a [Z], 0 <= m < 2^n);
    - a polynomial is a [list (Z * Z)] of (mask, coefficient) pairs;
    - a Farkas certificate is a [list (Z * Z)] of (point index, weight) pairs.
    The computation uses only [Z], [bool], [nat] counters and lists; the soundness
    proofs transfer the results to [point], [boolfun], [peval] and [T] of Threshold.v. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold QuarksCompat.
From Coq Require Import ZArith Lia.
Import ssrnat. (* restore the ssreflect notations on nat (^ is expn) *)

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GRing.Theory Num.Theory.

(** Z as an eqType (for membership in lists of pairs in the proofs). *)
Export QuarksCompat.ZEq.

(** ** The computational side *)

(** m is a subset of k (as bitmasks): the monomial with mask m is 1 at point k. *)
Definition subsetZ (m k : Z) : bool := Z.eqb (Z.land m k) m.

(** The number of variables among x_0 .. x_{n-1} in the mask m. *)
Definition popcount (n : nat) (m : Z) : nat :=
  count (fun j => Z.testbit m (Z.of_nat j)) (iota 0 n).

(** sum_{a in l} F a, computed in Z. *)
Definition zsum T (F : T -> Z) (l : list T) : Z :=
  foldr (fun a s => (F a + s)%Z) 0%Z l.

(** p(k) = sum of the coefficients whose mask is a subset of k. *)
Definition zpeval (p : list (Z * Z)) (k : Z) : Z :=
  zsum (fun ma => if subsetZ ma.1 k then ma.2 else 0%Z) p.

(** tt[j] = [p(k0 + j) > 0] for every position j of tt. *)
Fixpoint check_points (p : list (Z * Z)) (tt : list bool) (k : Z) : bool :=
  if tt is b :: tt' then (b == (0 <? zpeval p k)%Z) && check_points p tt' (k + 1)%Z
  else true.

(** 0 <= m < 2^n. *)
Definition in_range (n : nat) (m : Z) : bool := (0 <=? m)%Z && (m <? 2 ^ Z.of_nat n)%Z.

(** Every mask m of p has 0 <= m < 2^n and at most d variables. *)
Definition good_masks n d (p : list (Z * Z)) : bool :=
  all (fun ma => in_range n ma.1 && (popcount n ma.1 <= d)%nat) p.

(** tt has length 2^n, the masks of p are good, and tt[k] = [p(k) > 0] for all k. *)
Definition check_realization (n d : nat) (tt : list bool) (p : list (Z * Z)) : bool :=
  (size tt == 2 ^ n)%nat && good_masks n d p && check_points p tt 0%Z.

(** P k for k = k0, k0 + 1, .., k0 + N - 1. *)
Fixpoint all_from (P : Z -> bool) (N : nat) (k : Z) : bool :=
  if N is N'.+1 then P k && all_from P N' (k + 1)%Z else true.

(** The value of the table at index k. *)
Definition tt_at (tt : list bool) (k : Z) : bool := nth false tt (Z.to_nat k).

(** The weights of u with the sign of the table: +w on true points, -w on false points. *)
Definition signed (tt : list bool) (u : list (Z * Z)) : list (Z * Z) :=
  map (fun kw => (kw.1, if tt_at tt kw.1 then kw.2 else (- kw.2)%Z)) u.

(** sum_{(k,w) in su, m subset of k} w: the signed moment of the monomial m. *)
Definition moment (su : list (Z * Z)) (m : Z) : Z :=
  zsum (fun kw => if subsetZ m kw.1 then kw.2 else 0%Z) su.

(** The total weight on true points. *)
Definition true_weight (tt : list bool) (u : list (Z * Z)) : Z :=
  zsum (fun kw => if tt_at tt kw.1 then kw.2 else 0%Z) u.

(** tt has length 2^n, the indices of u are in [0, 2^n) and its weights are >= 0, the
    weight on true points is > 0, and for every mask m < 2^n with at most d variables the
    moment sum_{(k,w) in u, m subset of k} (tt[k] ? w : -w) vanishes (for m = 0: the
    weights on true and on false points are equal). *)
Definition check_farkas (n d : nat) (tt : list bool) (u : list (Z * Z)) : bool :=
  (size tt == 2 ^ n)%nat
  && all (fun kw => in_range n kw.1 && (0 <=? kw.2)%Z) u
  && (0 <? true_weight tt u)%Z
  && (let su := signed tt u in
      all_from (fun m => (d < popcount n m)%nat || (moment su m =? 0)%Z) (2 ^ n) 0%Z).

(** ** Points and their indices *)

(** index_of x = sum_{i < n} x_i 2^i. *)
Definition index_of n (x : point n) : nat := (\sum_(i < n) x i * 2 ^ i)%nat.

(** The point with index k: x_i = bit i of k. *)
Definition point_of n (k : Z) : point n := [ffun i : 'I_n => Z.testbit k (Z.of_nat i)].

(** The Boolean function with truth table tt. *)
Definition table_fun n (tt : list bool) : boolfun n := [ffun x => nth false tt (index_of x)].

(** The set of variables of the mask m. *)
Definition mset n (m : Z) : {set 'I_n} := [set i : 'I_n | Z.testbit m (Z.of_nat i)].

(** ** Bits of indices *)

(** sum_{i<n} f_i 2^i = f_0 + 2 * sum_{i<n-1} f_{i+1} 2^i. *)
Lemma bitsum_S (f : nat -> bool) n :
  Z.of_nat (\sum_(i < n.+1) f i * 2 ^ i)%nat
  = (2 * Z.of_nat (\sum_(i < n) f i.+1 * 2 ^ i)%nat + Z.b2z (f 0%nat))%Z.
Proof.
rewrite big_ord_recl /= expn0 muln1.
have -> : (\sum_(i < n) f (bump 0 i) * 2 ^ bump 0 i = 2 * \sum_(i < n) f i.+1 * 2 ^ i)%nat.
  by rewrite big_distrr /=; apply: eq_bigr => i _; rewrite expnS mulnCA.
by rewrite Nat2Z.inj_add Nat2Z.inj_mul Z.add_comm; case: (f 0%nat).
Qed.

(** Bit j of sum_{i<n} f_i 2^i is f_j for j < n, and 0 above. *)
Lemma testbit_bitsum (f : nat -> bool) n j :
  Z.testbit (Z.of_nat (\sum_(i < n) f i * 2 ^ i)%nat) (Z.of_nat j) = (j < n)%nat && f j.
Proof.
elim: n f j => [|n IH] f j; first by rewrite big_ord0 ltn0 Z.bits_0.
rewrite bitsum_S; case: j => [|j].
  exact: Z.testbit_0_r.
rewrite Nat2Z.inj_succ Z.testbit_succ_r; last exact: Nat2Z.is_nonneg.
by rewrite (IH (fun i => f i.+1)).
Qed.

(** 0 <= sum_{i<n} f_i 2^i < 2^n. *)
Lemma bitsum_lt (f : nat -> bool) n :
  (Z.of_nat (\sum_(i < n) f i * 2 ^ i)%nat < 2 ^ Z.of_nat n)%Z.
Proof.
elim: n f => [|n IH] f; first by rewrite big_ord0.
rewrite bitsum_S Nat2Z.inj_succ Z.pow_succ_r; last exact: Nat2Z.is_nonneg.
by have := IH (fun i => f i.+1); case: (f 0%nat); rewrite /Z.b2z; lia.
Qed.

(** 2^n in nat and in Z agree. *)
Lemma Z_of_nat_expn2 n : Z.of_nat (2 ^ n)%nat = (2 ^ Z.of_nat n)%Z.
Proof.
elim: n => [|n IH] //.
by rewrite expnS Nat2Z.inj_mul IH (Nat2Z.inj_succ n) Z.pow_succ_r //; exact: Nat2Z.is_nonneg.
Qed.

(** x as a function on nat (false from n on), and index_of x as a sum over it. *)
Definition natfun n (x : point n) (j : nat) : bool :=
  if @insub _ _ 'I_n j is Some i then x i else false.

Lemma index_ofE n (x : point n) : index_of x = (\sum_(i < n) natfun x i * 2 ^ i)%nat.
Proof. by apply: eq_bigr => i _; rewrite /natfun valK. Qed.

(** Bit i of index_of x is x_i ... *)
Lemma index_bit n (x : point n) (i : 'I_n) :
  Z.testbit (Z.of_nat (index_of x)) (Z.of_nat i) = x i.
Proof. by rewrite index_ofE (testbit_bitsum (natfun x)) ltn_ord /natfun valK. Qed.

(** ... and the bits above n are 0. *)
Lemma index_bit_high n (x : point n) j :
  (n <= j)%nat -> Z.testbit (Z.of_nat (index_of x)) (Z.of_nat j) = false.
Proof. by rewrite index_ofE (testbit_bitsum (natfun x)) ltnNge => ->. Qed.

(** 0 <= index_of x < 2^n. *)
Lemma index_lt n (x : point n) : (index_of x < 2 ^ n)%nat.
Proof.
apply/ltP; apply/Nat2Z.inj_lt; rewrite Z_of_nat_expn2 index_ofE; exact: bitsum_lt.
Qed.

(** A number in [0, 2^n) has no bit at positions >= n. *)
Lemma testbit_high n k j :
  (0 <= k < 2 ^ Z.of_nat n)%Z -> (n <= j)%nat -> Z.testbit k (Z.of_nat j) = false.
Proof.
move=> hk /leP hj.
have hj' : (2 ^ Z.of_nat n <= 2 ^ Z.of_nat j)%Z.
  by apply: Z.pow_le_mono_r; lia.
have := @Z.testbit_spec' k (Z.of_nat j) (Nat2Z.is_nonneg j).
rewrite Z.div_small; last lia.
by case: (Z.testbit k _).
Qed.

(** index_of and point_of are inverse on [0, 2^n). *)
Lemma index_point n k :
  (0 <= k < 2 ^ Z.of_nat n)%Z -> Z.of_nat (index_of (point_of n k)) = k.
Proof.
move=> hk; apply: Z.bits_inj' => j hj.
rewrite -(Z2Nat.id j hj); case: (ltnP (Z.to_nat j) n) => hjn.
  by rewrite -[Z.to_nat j]/(nat_of_ord (Ordinal hjn)) index_bit ffunE.
by rewrite index_bit_high // (testbit_high hk).
Qed.

Lemma point_index n (x : point n) : point_of n (Z.of_nat (index_of x)) = x.
Proof. by apply/ffunP => i; rewrite ffunE index_bit. Qed.

Lemma index_point_nat n k :
  (0 <= k < 2 ^ Z.of_nat n)%Z -> index_of (point_of n k) = Z.to_nat k.
Proof. by move=> hk; apply: Nat2Z.inj; rewrite index_point // Z2Nat.id //; case: hk. Qed.

(** ** Masks and monomials *)

(** The number of variables of mset m is popcount m. *)
Lemma card_mset n m : #|mset n m| = popcount n m.
Proof. by rewrite /popcount cardsE cardE -val_enum_ord count_map size_filter enumT. Qed.

Local Open Scope ring_scope.

(** A monomial at a 0/1 point is 1 if all its variables are 1, and 0 otherwise. *)
Lemma monomialE n (S : {set 'I_n}) (x : point n) :
  monomial S x = if [forall i in S, x i] then 1 else 0.
Proof.
rewrite /monomial; case: forall_inP => [hS | ].
  by apply: big1 => i /hS ->.
move/forall_inP/forall_inPn => [i iS /negbTE xi].
by rewrite (bigD1 i) //= xi mul0r.
Qed.

(** For a mask 0 <= m < 2^n, mset m is a subset of the variables equal to 1 at x
    iff m land index_of x = m. *)
Lemma subset_mset n m (x : point n) :
  (0 <= m < 2 ^ Z.of_nat n)%Z ->
  subsetZ m (Z.of_nat (index_of x)) = [forall i in mset n m, x i].
Proof.
move=> hm; apply/Z.eqb_spec/forall_inP => [h i | h].
  rewrite inE => mi; rewrite -index_bit -h Z.land_spec in mi *.
  by case/andP: mi.
apply: Z.bits_inj' => j hj; rewrite Z.land_spec -(Z2Nat.id j hj).
case: (ltnP (Z.to_nat j) n) => hjn.
  rewrite -[Z.to_nat j]/(nat_of_ord (Ordinal hjn)) index_bit.
  by case mi: (Z.testbit _ _) (h (Ordinal hjn)) => //= ->; rewrite // inE mi.
by rewrite (testbit_high hm hjn).
Qed.

Lemma monomial_mset n m (x : point n) :
  (0 <= m < 2 ^ Z.of_nat n)%Z ->
  monomial (mset n m) x = if subsetZ m (Z.of_nat (index_of x)) then 1 else 0.
Proof. by move=> hm; rewrite monomialE subset_mset. Qed.

(** ** From Z to int *)

Definition int_of_Z (z : Z) : int :=
  match z with
  | Z0 => 0
  | Zpos p => (Pos.to_nat p)%:Z
  | Zneg p => - (Pos.to_nat p)%:Z
  end.

(** z = max(z,0) - max(-z,0). *)
Lemma int_of_ZE z : int_of_Z z = (Z.to_nat z)%:Z - (Z.to_nat (- z))%:Z.
Proof. by case: z => [|p|p] /=; rewrite ?subr0 ?sub0r. Qed.

(** a - b = c - e in int when a + e = c + b in nat. *)
Lemma subz_nat_eq (a b c e : nat) : (a + e = c + b)%nat -> a%:Z - b%:Z = c%:Z - e%:Z.
Proof. by move=> h; apply/eqP; rewrite subr_eq addrAC eq_sym subr_eq -!PoszD h. Qed.

Lemma int_of_ZD a b : int_of_Z (a + b) = int_of_Z a + int_of_Z b.
Proof.
rewrite !int_of_ZE addrACA -opprD -!PoszD; apply: subz_nat_eq.
rewrite -!plusE; lia.
Qed.

Lemma int_of_ZN a : int_of_Z (- a) = - int_of_Z a.
Proof. by case: a => [|p|p] //=; rewrite opprK. Qed.

Lemma int_of_Z_gt0 a : (0 < int_of_Z a) = (0 <? a)%Z.
Proof.
case: a => [|p|p] //=; first by rewrite ltz_nat; apply/ltP/Pos2Nat.is_pos.
by rewrite oppr_gt0 ltz_nat ltn0.
Qed.

Lemma int_of_Z_ge0 a : (0 <= int_of_Z a) = (0 <=? a)%Z.
Proof.
case: a => [|p|p] //=.
by rewrite oppr_ge0 lez_nat leqn0; apply/negbTE/eqP/nesym/Nat.lt_neq/Pos2Nat.is_pos.
Qed.

(** zsum commutes with int_of_Z. *)
Lemma int_of_zsum T (F : T -> Z) l :
  int_of_Z (zsum F l) = \sum_(a <- l) int_of_Z (F a).
Proof. by elim: l => [|a l IH]; rewrite ?big_nil ?big_cons //= int_of_ZD IH. Qed.

(** ** Soundness of check_realization *)

(** The coefficient of S: the sum of the coefficients in p whose mask has variable set S. *)
Definition coef_of n (p : list (Z * Z)) (S : {set 'I_n}) : int :=
  \sum_(ma <- p | mset n ma.1 == S) int_of_Z ma.2.
Arguments coef_of : clear implicits.

Lemma in_rangeP n m : reflect (0 <= m < 2 ^ Z.of_nat n)%Z (in_range n m).
Proof.
by apply: (iffP andP) => [[/Z.leb_spec0 ? /Z.ltb_spec0 ?] | [/Z.leb_spec0 -> /Z.ltb_spec0 ->]].
Qed.

(** If the masks of p are good, peval with coef_of p is the value computed by zpeval. *)
Lemma peval_coef_of n d p (x : point n) :
  good_masks n d p ->
  peval d (coef_of n p) x = int_of_Z (zpeval p (Z.of_nat (index_of x))).
Proof.
rewrite /good_masks => /allP hp; rewrite /peval /zpeval int_of_zsum /coef_of.
(* sum_S (sum_{(m,a), mset m = S} a) mono_S = sum_{(m,a)} sum_S [mset m = S] a mono_S *)
rewrite (eq_bigr (fun S => \sum_(ma <- p)
                   if mset n ma.1 == S then int_of_Z ma.2 * monomial S x else 0)); last first.
  move=> S _; rewrite big_distrl big_mkcond /=.
  by apply: eq_bigr => ma _; case: ifP; rewrite ?mul0r.
rewrite exchange_big /= big_seq_cond [RHS]big_seq_cond.
apply: eq_bigr => -[m a] /andP[/hp] /= /andP[/in_rangeP hm hd] _.
(* only S = mset m contributes, and |mset m| <= d *)
rewrite (bigD1 (mset n m)) /=; last by rewrite card_mset.
rewrite eqxx big1 ?addr0 => [|S /andP[_ hS]]; last by rewrite eq_sym (negbTE hS).
by rewrite monomial_mset //; case: subsetZ; rewrite ?mulr1 ?mulr0.
Qed.

(** check_points: tt[j] = [p(k + j) > 0] at every position j of tt. *)
Lemma check_pointsP p tt k :
  check_points p tt k ->
  forall j, (j < size tt)%nat -> nth false tt j = (0 <? zpeval p (k + Z.of_nat j))%Z.
Proof.
elim: tt k => [|b tt IH] k //= /andP[/eqP hb /IH {}IH] [|j] hj /=.
  by rewrite Z.add_0_r.
by rewrite IH // Zpos_P_of_succ_nat Z.add_succ_r Z.add_succ_l.
Qed.

(** A valid realization certificate proves f in T(n;d). *)
Theorem check_realization_sound n d tt p :
  check_realization n d tt p -> table_fun n tt \in T n d.
Proof.
case/andP=> /andP[/eqP hsize hmasks] hpts; apply/inTP; exists (coef_of n p) => x.
rewrite ffunE (peval_coef_of _ hmasks) int_of_Z_gt0 (check_pointsP hpts) //.
by rewrite hsize index_lt.
Qed.

(** ** Soundness of check_farkas *)

(** all_from P N k: P holds at k, k + 1, .., k + N - 1. *)
Lemma all_fromP P N k : all_from P N k -> forall j, (j < N)%nat -> P (k + Z.of_nat j)%Z.
Proof.
elim: N k => [|N IH] k //= /andP[hk /IH {}IH] [|j] hj.
  by rewrite Z.add_0_r.
by rewrite Nat2Z.inj_succ -Z.add_1_l Z.add_assoc IH.
Qed.

(** The indicator point of S: x_i = [i in S]. *)
Definition indicator n (S : {set 'I_n}) : point n := [ffun i => i \in S].

(** The mask of S. *)
Definition mask_of n (S : {set 'I_n}) : Z := Z.of_nat (index_of (indicator S)).

Lemma mset_mask_of n (S : {set 'I_n}) : mset n (mask_of S) = S.
Proof. by apply/setP => i; rewrite inE index_bit ffunE. Qed.

Lemma mask_of_range n (S : {set 'I_n}) : (0 <= mask_of S < 2 ^ Z.of_nat n)%Z.
Proof.
split; first exact: Nat2Z.is_nonneg.
by rewrite -Z_of_nat_expn2; apply/Nat2Z.inj_lt/ltP/index_lt.
Qed.

(** The table at a point given by its index. *)
Lemma table_fun_point n tt k :
  (0 <= k < 2 ^ Z.of_nat n)%Z -> table_fun n tt (point_of n k) = tt_at tt k.
Proof. by move=> hk; rewrite ffunE index_point_nat. Qed.

(** A valid Farkas certificate proves f not in T(n;d): with s_k = +1 on true points and
    -1 on false points, sum_k u_k s_k p(k) vanishes for every p of degree <= d (all the
    moments vanish), while for a realizing p every term is >= 0 and the true terms are
    >= u_k, so the sum is >= the true weight > 0. *)
Theorem check_farkas_sound n d tt u :
  check_farkas n d tt u -> table_fun n tt \notin T n d.
Proof.
case/andP=> /andP[/andP[_ /allP hu] htw] hmom; apply/negP => /inTP [c hc].
pose sw (kw : Z * Z) := if tt_at tt kw.1 then int_of_Z kw.2 else - int_of_Z kw.2.
pose pt (kw : Z * Z) := point_of n kw.1.
have hk kw : kw \in u -> (0 <= kw.1 < 2 ^ Z.of_nat n)%Z.
  by move/hu/andP=> [/in_rangeP].
(* every moment of degree <= d vanishes *)
have hzero (S : {set 'I_n}) :
    (#|S| <= d)%nat -> \sum_(kw <- u) sw kw * monomial S (pt kw) = 0.
  move=> hS; have /all_fromP /(_ _ (index_lt (indicator S))) := hmom.
  rewrite Z.add_0_l -/(mask_of S) -card_mset mset_mask_of ltnNge hS /= => /Z.eqb_spec h0.
  have := congr1 int_of_Z h0; rewrite int_of_zsum big_map /= => h1; apply: etrans h1.
  rewrite big_seq [RHS]big_seq; apply: eq_bigr => -[k w] /hk /= hkw.
  rewrite /pt /= -{1}(mset_mask_of S) (monomial_mset _ (mask_of_range S)) index_point //.
  by rewrite /sw; case: subsetZ; case: tt_at; rewrite ?mulr1 ?mulr0 ?int_of_ZN.
(* hence the weighted sum of p vanishes *)
have hsum : \sum_(kw <- u) sw kw * peval d c (pt kw) = 0.
  rewrite (eq_bigr (fun kw => \sum_(S : {set 'I_n} | (#|S| <= d)%nat)
                               c S * (sw kw * monomial S (pt kw)))); last first.
    by move=> kw _; rewrite /peval big_distrr; apply: eq_bigr => S _; rewrite mulrCA.
  rewrite exchange_big big1 // => S hS.
  by rewrite -mulr_sumr hzero // mulr0.
(* but it is at least the true weight, which is > 0 *)
have hge : int_of_Z (true_weight tt u) <= \sum_(kw <- u) sw kw * peval d c (pt kw).
  rewrite int_of_zsum big_seq [X in _ <= X]big_seq; apply: ler_sum => -[k w] hkw.
  have /andP[/in_rangeP hk' hw] := hu _ hkw; rewrite /= -int_of_Z_ge0 in hw.
  rewrite /sw /pt /=.
  have := hc (point_of n k); rewrite table_fun_point //; case: tt_at => hp.
    by rewrite -{1}[int_of_Z w]mulr1 ler_wpM2l // -add0r -ltzE -hp.
  by rewrite mulr_le0 ?oppr_le0 // Order.TotalTheory.leNgt -hp.
have := htw; rewrite -int_of_Z_gt0 => /Order.POrderTheory.lt_le_trans /(_ hge).
by rewrite hsum Order.POrderTheory.ltxx.
Qed.
