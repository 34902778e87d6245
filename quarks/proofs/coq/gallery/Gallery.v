(** * The refute gallery: statements that are false as printed, and the Coq theorems of their
    negation.  Each theorem carries the name of the claim (or refute search) whose counterexample
    it certifies; the counts come from complete classifications (Classify.v), the witnesses of
    non-membership from Farkas certificates (Checker.v). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold Checker Classify.
From Coq Require Import ZArith.
Import ssrnat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GRing.Theory Num.Theory.

(** ** Constants, degree 0, and the size of the cube *)

(** The constant function b of n variables. *)
Definition const n (b : bool) : boolfun n := [ffun _ => b].

(** The point 0 of {0,1}^n. *)
Definition origin n : point n := [ffun _ => false].

(** p(x) for degree 0 is the constant coefficient. *)
Lemma peval0 n (c : {set 'I_n} -> int) x : peval 0 c x = c set0.
Proof.
rewrite /peval (eq_bigl (pred1 set0)) => [|S]; last by rewrite leqn0 cards_eq0.
by rewrite big_pred1_eq /monomial big_set0 mulr1.
Qed.

(** The constants are in T(n;d) for every d: p = +1 or -1. *)
Lemma const_in_T n d b : const n b \in T n d.
Proof.
apply/inTP; exists (fun S => if S == set0 then (if b then 1 else -1)%R else 0%R) => x.
rewrite ffunE /peval (bigD1 set0) ?cards0 //= big1 => [|S /andP[_ /negbTE ->]]; last by rewrite mul0r.
by rewrite eqxx addr0 /monomial big_set0 mulr1; case: b.
Qed.

(** A function of T(n;0) is constant: f(x) = [c_0 > 0] at every x. *)
Lemma T0_const n (f : boolfun n) x y : f \in T n 0 -> f x = f y.
Proof. by case/inTP=> c hc; rewrite !hc !peval0. Qed.

(** T(n;d) has at least the two constants. *)
Lemma card_T_ge2 n d : 2 <= #|T n d|.
Proof.
have hne : const n false != const n true.
  by apply/eqP => /ffunP /(_ (origin n)); rewrite !ffunE.
have <- : #|[set const n false; const n true]| = 2 by rewrite cards2 hne.
by apply/subset_leq_card/subsetP => f /set2P [] ->; exact: const_in_T.
Qed.

(** A set of constant functions has at most two elements (f is determined by f(0)). *)
Lemma card_constants n (A : {set boolfun n}) :
  {in A, forall (f : boolfun n) x, f x = f (origin n)} -> #|A| <= 2.
Proof.
move=> hA; rewrite -(card_in_imset (f := fun f : boolfun n => f (origin n))).
  by apply: (leq_trans (max_card _)); rewrite card_bool.
by move=> f g /hA hf /hA hg e; apply/ffunP => x; rewrite hf hg.
Qed.

(** There are 2^(2^n) Boolean functions of n variables. *)
Lemma card_boolfun n : #|{: boolfun n}| = 2 ^ 2 ^ n.
Proof. by rewrite card_ffun card_bool card_ffun card_bool card_ord. Qed.

(** Membership in T_B: f = B(f_1, .., f_k) with every f_j in T(n; d_j). *)
Lemma TBP k n (B : boolfun k) ds (f : boolfun n) :
  f \in TB n B ds -> exists2 fs : {ffun 'I_k -> boolfun n}, (forall j, fs j \in T n (ds j)) & f = compose B fs.
Proof. by case/imsetP=> fs; rewrite inE => /forallP hfs ->; exists fs. Qed.

(** ** Small complete classifications (Classify.v) *)

Lemma card_T0_d d : #|T 0 d| = 2.
Proof. by apply: (classification (cs := [:: Real [:: 0]; Real [:: 1]]%Z)); case: d. Qed.

Lemma card_T1_1 : #|T 1 1| = 4.
Proof.
by apply: (classification (cs := [:: Real [:: 0; 0]; Real [:: 1; -1]; Real [:: 0; 1]; Real [:: 1; 0]]%Z));
  vm_compute.
Qed.

Lemma card_T2_1 : #|T 2 1| = 14.
Proof.
apply: (classification (cs := [:: Real [:: 0; 0; 0]; Real [:: 1; -1; -1]; Real [:: 0; 1; -1];
  Real [:: 1; 0; -1]; Real [:: 0; -1; 1]; Real [:: 1; -1; 0]; Fark [:: (0, 1); (1, 1); (2, 1); (3, 1)];
  Real [:: 2; -1; -1]; Real [:: -1; 1; 1]; Fark [:: (0, 1); (1, 1); (2, 1); (3, 1)]; Real [:: 0; 1; 0];
  Real [:: 1; 1; -1]; Real [:: 0; 0; 1]; Real [:: 1; -1; 1]; Real [:: 0; 1; 1]; Real [:: 1; 0; 0]]%Z)).
by vm_compute.
Qed.

(** ** eq. (4.1), Zuev, read for every n: C(T(n;1)) <= n^2 fails at n = 1 (|T(1;1)| = 4 > 2^1). *)
Theorem eq4_1_zuev_n1 : ~ (#|T 1 1| <= 2 ^ (1 ^ 2)).
Proof. by rewrite card_T1_1. Qed.

(** ** Theorem 4.2 with degrees 0 (quarks.thm4.2-degree-zero-as-printed): for every B of arity
    k >= 2 and every n, |T_B(n;0..0)| <= 2 < 2^k = |T(n-k+1;0)|^k.  T(m;0) is the two constants,
    and B of constants is constant. *)
Theorem thm4_2_degree_zero_printed k n (B : boolfun k) :
  1 < k -> #|@TB k n B (fun _ => 0)| < #|T (n - k + 1) 0| ^ k.
Proof.
move=> hk; apply: (@leq_ltn_trans 2).
  apply: card_constants => f /TBP [fs hfs ->] x; rewrite !ffunE; congr (B _).
  by apply/ffunP => j; rewrite !ffunE; apply: T0_const (hfs j).
have -> : #|T (n - k + 1) 0| = 2.
  apply/eqP; rewrite eqn_leq card_T_ge2 andbT; apply: card_constants => f hf x.
  exact: T0_const hf.
by rewrite -{1}(expn1 2) ltn_exp2l.
Qed.

(** ** Theorem 4.2 with a reducible B (refute search quarks.thm4.2, operator reducible). *)

(** B = FALSE: T_B(n;d,d) = {FALSE}, below |T(n-1;d)|^2 >= 4 for every n and d. *)
Theorem thm4_2_reducible_false n d :
  #|@TB 2 n (const 2 false) (fun _ => d)| < #|T (n - 2 + 1) d| ^ 2.
Proof.
apply: (@leq_ltn_trans 1).
  rewrite -(cards1 (const n false)); apply/subset_leq_card/subsetP => f /TBP [fs _ ->].
  by rewrite inE; apply/eqP/ffunP => x; rewrite !ffunE.
by apply: (@leq_trans (2 ^ 2)) => //; rewrite leq_exp2r ?card_T_ge2.
Qed.

(** B = the projection z |-> z_1: T_B(n;d,d) = T(n;d), and |T(2;1)| = 14 < 16 = |T(1;1)|^2. *)
Definition proj1 : boolfun 2 := [ffun z : point 2 => z ord0].

Theorem thm4_2_reducible_proj : #|@TB 2 2 proj1 (fun _ => 1)| < #|T (2 - 2 + 1) 1| ^ 2.
Proof.
rewrite card_T1_1; apply: (@leq_ltn_trans #|T 2 1|); last by rewrite card_T2_1.
apply/subset_leq_card/subsetP => f /TBP [fs hfs ->].
suff -> : compose proj1 fs = fs ord0 by exact: hfs.
by apply/ffunP => x; rewrite !ffunE.
Qed.

(** ** The appendix's dense encoding read with 0 units for k = 2 operands
    (quarks.appendix-dense-encoding-as-printed): |T(2;1)|^2 = 196 > 16 >= |T_B(2;1,1)|. *)
Theorem appendix_dense_encoding_printed (B : boolfun 2) :
  #|@TB 2 2 B (fun _ => 1)| < #|T 2 1| ^ 2.
Proof. by rewrite card_T2_1; apply: (leq_ltn_trans (max_card _)); rewrite card_boolfun. Qed.

(** ** Theorem 4.3's lower bound m n^2 <= C(T(n,m,1;x)) at n = 3, m = 2
    (quarks.thm4.3-lower-as-printed): any set of functions of 3 variables has at most
    2^(2^3) = 256 < 2^18 elements. *)
Theorem thm4_3_lower_printed (A : {set boolfun 3}) : #|A| < 2 ^ (2 * 3 ^ 2).
Proof. by apply: (leq_ltn_trans (max_card _)); rewrite card_boolfun. Qed.

(** ** eq. (4.3) without d >= n (refute search quarks.eq4.3-ptf, degree): T(n;n-1) is not every
    function.  The parity of n variables (its complement for n = 1) has a Farkas certificate with
    weight 1 on every point. *)
Theorem eq4_3_degree_n1 : table_fun 1 [:: true; false] \notin T 1 0.
Proof. by apply: (check_farkas_sound (u := [:: (0, 1); (1, 1)]%Z)); vm_compute. Qed.

Theorem eq4_3_degree_n2 : table_fun 2 [:: false; true; true; false] \notin T 2 1.
Proof. by apply: (check_farkas_sound (u := [:: (0, 1); (1, 1); (2, 1); (3, 1)]%Z)); vm_compute. Qed.

Theorem eq4_3_degree_n3 :
  table_fun 3 [:: false; true; true; false; true; false; false; true] \notin T 3 2.
Proof.
by apply: (check_farkas_sound (u := [seq (Z.of_nat k, 1%Z) | k <- iota 0 8])); vm_compute.
Qed.

Theorem eq4_3_degree_n4 :
  table_fun 4 [:: false; true; true; false; true; false; false; true;
                  true; false; false; true; false; true; true; false] \notin T 4 3.
Proof.
by apply: (check_farkas_sound (u := [seq (Z.of_nat k, 1%Z) | k <- iota 0 16])); vm_compute.
Qed.
