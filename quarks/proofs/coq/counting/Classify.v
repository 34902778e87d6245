(** * Complete classifications: #|T(n;d)| from one certificate per Boolean function.

    The functions of n variables are numbered t = 0 .. 2^(2^n) - 1: bit k of t is f at the
    point with index k ([table n t]).  A classification is a list of certificates, the t-th
    one for function t: [Real cs] (the coefficients of a realizing polynomial on the masks
    of degree <= d, in increasing order) or [Fark u] (Farkas multipliers, as in Checker.v).
    [check_from] runs the reflective checkers of Checker.v on every entry and counts the
    [Real] ones; [classification] proves that this count is #|T n d|. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold Checker.
From Coq Require Import ZArith Lia.
Import ssrnat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Inductive cert := Real of list Z | Fark of list (Z * Z).

(** The masks 0 <= m < 2^n with at most d variables, in increasing order. *)
Definition masks (n d : nat) : list Z :=
  filter (fun m => popcount n m <= d) (map Z.of_nat (iota 0 (2 ^ n))).

(** The truth table of function number t: entry k is bit k of t. *)
Definition table (n : nat) (t : Z) : list bool :=
  map (fun k => Z.testbit t (Z.of_nat k)) (iota 0 (2 ^ n)).

Definition is_real (c : cert) : bool := if c is Real _ then true else false.

(** The certificate c is valid for function number t. *)
Definition check_cert (n d : nat) (ms : list Z) (t : Z) (c : cert) : bool :=
  match c with
  | Real cs => check_realization n d (table n t) (zip ms cs)
  | Fark u => check_farkas n d (table n t) u
  end.

(** If the certificates of functions t, t + 1, .. are all valid: the number of Real ones. *)
Fixpoint check_from (n d : nat) (ms : list Z) (t : Z) (cs : list cert) : option nat :=
  if cs is c :: cs' then
    if check_cert n d ms t c then
      if check_from n d ms (t + 1)%Z cs' is Some k then Some (is_real c + k) else None
    else None
  else Some 0.

(** The whole classification: one certificate for each of the 2^(2^n) functions. *)
Definition check_class (n d : nat) (cs : list cert) : option nat :=
  if size cs == 2 ^ (2 ^ n) then check_from n d (masks n d) 0 cs else None.

(** ** Soundness *)

(** Function number t as a Boolean function. *)
Definition fun_of (n : nat) (t : Z) : boolfun n := table_fun n (table n t).

Lemma size_table n t : size (table n t) = 2 ^ n.
Proof. by rewrite size_map size_iota. Qed.

(** A valid certificate decides membership: Real means in T(n;d), Fark means not. *)
Lemma check_certP n d t c :
  check_cert n d (masks n d) t c -> (fun_of n t \in T n d) = is_real c.
Proof.
case: c => [cs | u] /= h.
  exact: check_realization_sound h.
exact/negbTE/(check_farkas_sound h).
Qed.

Lemma check_fromP n d t cs k :
  check_from n d (masks n d) t cs = Some k ->
  k = count (fun i => fun_of n (t + Z.of_nat i) \in T n d) (iota 0 (size cs)).
Proof.
elim: cs t k => [|c cs IH] t k /=; first by case=> <-.
case hc: check_cert => //; case hk: check_from => [k'|] // [<-].
rewrite Z.add_0_r (check_certP hc) (IH _ _ hk) -(addn0 1) iotaDl count_map.
congr (_ + _); apply: eq_count => i /=.
by rewrite Zpos_P_of_succ_nat -Z.add_1_l Z.add_assoc.
Qed.

(** Distinct numbers below 2^(2^n) are distinct functions ... *)
Lemma fun_of_inj n (i j : nat) :
  (i < 2 ^ (2 ^ n))%N -> (j < 2 ^ (2 ^ n))%N -> fun_of n (Z.of_nat i) = fun_of n (Z.of_nat j) ->
  i = j.
Proof.
have range (a : nat) : (a < 2 ^ (2 ^ n))%N -> (0 <= Z.of_nat a < 2 ^ Z.of_nat (2 ^ n))%Z.
  by move/ltP/Nat2Z.inj_lt; rewrite Z_of_nat_expn2; lia.
move=> /range hi /range hj hf; apply: Nat2Z.inj; apply: Z.bits_inj' => z hz.
rewrite -(Z2Nat.id z hz); case: (ltnP (Z.to_nat z) (2 ^ n)) => hk; last first.
  by rewrite (testbit_high hi hk) (testbit_high hj hk).
have hkZ : (0 <= Z.of_nat (Z.to_nat z) < 2 ^ Z.of_nat n)%Z.
  by move/ltP/Nat2Z.inj_lt: hk; rewrite Z_of_nat_expn2; lia.
have := congr1 (fun f : boolfun n => f (point_of n (Z.of_nat (Z.to_nat z)))) hf.
rewrite /fun_of !table_fun_point // /tt_at Nat2Z.id.
by rewrite !(nth_map 0%N) ?size_iota // !nth_iota.
Qed.

(** ... and every function has a number below 2^(2^n). *)
Lemma fun_of_onto n (f : boolfun n) :
  exists2 i, (i < 2 ^ (2 ^ n))%N & fun_of n (Z.of_nat i) = f.
Proof.
pose g k := f (point_of n (Z.of_nat k)).
exists (\sum_(k < 2 ^ n) g k * 2 ^ k)%N.
  apply/ltP/Nat2Z.inj_lt; rewrite Z_of_nat_expn2; exact: bitsum_lt.
apply/ffunP => x; rewrite /fun_of ffunE (nth_map 0%N) ?size_iota ?index_lt //.
rewrite nth_iota ?index_lt // testbit_bitsum index_lt /= /g.
by rewrite point_index.
Qed.

(** A valid classification counts T(n;d). *)
Theorem classification n d cs k : check_class n d cs = Some k -> #|T n d| = k.
Proof.
rewrite /check_class; case: eqP => // hsize /check_fromP ->; rewrite hsize.
pose F i := fun_of n (Z.of_nat i); pose N := (2 ^ (2 ^ n))%N.
have huniq : uniq (map F (iota 0 N)).
  rewrite map_inj_in_uniq ?iota_uniq // => i j; rewrite !mem_iota /= => hi hj.
  exact: fun_of_inj.
have hperm : perm_eq (map F (iota 0 N)) (enum (boolfun n)).
  apply: uniq_perm huniq (enum_uniq _) _ => f; rewrite mem_enum inE.
  have [i hi <-] := fun_of_onto f; apply/mapP; exists i => //.
  by rewrite mem_iota.
rewrite cardE /enum_mem size_filter -enumT -((permP hperm) _) count_map.
by apply: eq_count => i; rewrite Z.add_0_l.
Qed.

(** The members themselves: with valid certificates, function number t is in T(n;d)
    exactly when its certificate is a realization. *)
Lemma check_from_mem n d z cs k t :
  check_from n d (masks n d) z cs = Some k -> (t < size cs)%N ->
  (fun_of n (z + Z.of_nat t) \in T n d) = is_real (nth (Real [::]) cs t).
Proof.
elim: cs z k t => [|c cs IH] z k t //=.
case hc: check_cert => //; case hk: check_from => [k'|] // _.
case: t => [_ | t ht]; first by rewrite Z.add_0_r (check_certP hc).
by rewrite -(IH _ _ _ hk ht) Nat2Z.inj_succ -Z.add_1_l Z.add_assoc.
Qed.

Theorem classification_mem n d cs k t :
  check_class n d cs = Some k -> (t < 2 ^ (2 ^ n))%N ->
  (fun_of n (Z.of_nat t) \in T n d) = is_real (nth (Real [::]) cs t).
Proof.
rewrite /check_class; case: eqP => // hsize h ht.
by rewrite -(check_from_mem h) ?hsize.
Qed.
