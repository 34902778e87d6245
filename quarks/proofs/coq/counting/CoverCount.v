(** * The counting function of Cover's theorem, C(m, k) (Cover 1965; Schlaefli's region count).

    C(0, k) = 1, C(m+1, 0) = 0, C(m+1, k+1) = C(m, k+1) + C(m, k); C(m, k) = 2 sum_{j<k} binom(m-1, j)
    for m >= 1 ([cover_closed]); C(m, k) = 2^m for m <= k; C is monotone in both arguments, and
    bounded by powers: C(m, k+1) <= 2 m^k, <= m^k for m, k > 1, and k! C(m, k+1) <= 2 m^k. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Coq Require Import Lia.
From Quarks Require Import Threshold.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

(** ** The counting function C(m, k) *)

Fixpoint cover (m k : nat) : nat :=
  match m, k with
  | 0, _ => 1
  | m'.+1, 0 => 0
  | m'.+1, k'.+1 => (cover m' k'.+1 + cover m' k')%N
  end.

Lemma cover0k k : cover 0 k = 1%N. Proof. by []. Qed.
Lemma coverS0 m : cover m.+1 0 = 0%N. Proof. by []. Qed.
Lemma coverSS m k : cover m.+1 k.+1 = (cover m k.+1 + cover m k)%N. Proof. by []. Qed.

(** C(m, k) is nondecreasing in k. *)
Lemma cover_leS m k : (cover m k <= cover m k.+1)%N.
Proof.
by elim: m k => [|m IH] [|k] //=; apply: leq_add.
Qed.

Lemma cover_mono m : {homo cover m : k l / (k <= l)%N}.
Proof. by move=> k l /subnK <-; elim: (l - k)%N => //= j; move/leq_trans; apply; apply: cover_leS. Qed.

(** With k >= m every labeling counts: C(m, k) = 2^m. *)
Lemma cover_full m k : (m <= k)%N -> cover m k = (2 ^ m)%N.
Proof.
elim: m k => [|m IH] [|k] //= hk.
by rewrite !IH ?expnS ?mul2n -?addnn // ltnW.
Qed.

(** The closed form: C(m, k) = 2 sum_{j<k} binom(m-1, j) for m >= 1. *)
Lemma cover_closed m k : (0 < m)%N -> cover m k = (2 * \sum_(j < k) 'C(m.-1, j))%N.
Proof.
case: m => // m _; elim: m k => [|m IH] k.
  case: k => [|k]; first by rewrite big_ord0.
  by rewrite big_ord_recl /= bin0 big1 // => j _; rewrite bin0n.
case: k => [|k]; first by rewrite big_ord0.
rewrite coverSS !IH /= big_ord_recl bin0 [in RHS]big_ord_recl bin0 -mulnDr.
congr (2 * _)%N; rewrite -addnA; congr (_ + _)%N.
by rewrite -big_split /=; apply: eq_bigr => j _; rewrite binS addnC.
Qed.

Section CoverNat.
Local Open Scope nat_scope.

(** C(m, k) <= 2^m: there are 2^m vectors of m signs. *)
Lemma cover_le_pow2 m k : (cover m k <= 2 ^ m)%N.
Proof.
apply: leq_trans (cover_mono m (leq_maxl k m)) _.
by rewrite cover_full // leq_maxr.
Qed.

(** C(m, k) <= C(m+1, k) for k >= 1 (not at k = 0: C(0,0) = 1, C(1,0) = 0). *)
Lemma cover_leSm m k : 0 < k -> cover m k <= cover m.+1 k.
Proof. by case: k => // k _; rewrite coverSS leq_addr. Qed.

Lemma cover_monom k : 0 < k -> {homo cover^~ k : m1 m2 / m1 <= m2}.
Proof.
move=> hk m1 m2 /subnK <-; elim: (m2 - m1) => //= j IH.
by apply: leq_trans IH _; rewrite ?addSn; apply: cover_leSm.
Qed.

Lemma cover_m0 m : (0 < m)%N -> cover m 0 = 0%N.
Proof. by case: m. Qed.

(** (m+1)^(k+1) >= m^(k+1) + (k+1) m^k. *)
Lemma bernoulli_nat m k : (m ^ k.+1 + k.+1 * m ^ k <= m.+1 ^ k.+1)%N.
Proof.
elim: k => [|k IH]; first by rewrite expn1 expn0 muln1 addn1.
rewrite expnS [m.+1 ^ _]expnS.
apply: leq_trans (_ : m.+1 * (m ^ k.+1 + k.+1 * m ^ k) <= _)%N; last by rewrite leq_mul2l IH orbT.
by rewrite expnS; move: (m ^ k)%N => X; apply/ssrnat.leP; rewrite -!plusE -!multE; nia.
Qed.

(** C(m, k+1) <= 2 m^k for m >= 1. *)
Lemma cover_pow m k : (0 < m)%N -> (cover m k.+1 <= 2 * m ^ k)%N.
Proof.
case: m => // m _; elim: m k => [|m IH] k; first by rewrite exp1n.
rewrite coverSS; case: k => [|k]; first by rewrite addn0 IH.
apply: leq_trans (leq_add (IH k.+1) (IH k)) _.
rewrite -mulnDr leq_mul2l; apply/orP; right; apply: leq_trans (bernoulli_nat _ _).
by rewrite leq_add2l leq_pmull.
Qed.

(** C(m, k+1) <= m^k for m >= 2 and k >= 2. *)
Lemma cover_pow2 m k : (1 < m)%N -> (1 < k)%N -> (cover m k.+1 <= m ^ k)%N.
Proof.
case: m => [|[|M]] // _ hk; elim: M => [|M IH].
  by apply: leq_trans (cover_le_pow2 _ _) _; rewrite leq_exp2l.
rewrite coverSS; apply: leq_trans (leq_add IH (leqnn _)) _.
case: k hk {IH} => [|[|k]] // _.
apply: leq_trans (leq_add (leqnn _) (cover_pow _ _)) _ => //.
apply: leq_trans (bernoulli_nat _ _); rewrite leq_add2l leq_mul2r; apply/orP; right.
by rewrite ltnS.
Qed.

(** k! 2^k <= 2 k^k. *)
Lemma fact_pow2 k : k`! * 2 ^ k <= 2 * k ^ k.
Proof.
case: k => // k; elim: k => // k IH.
have h1 : 2 * k.+1 ^ k.+1 <= k.+2 ^ k.+1.
  by have := bernoulli_nat k.+1 k; rewrite -expnS addnn -mul2n.
rewrite factS [2 ^ _]expnS [k.+2 ^ _]expnS.
move: IH h1; move: (k.+1)`! (2 ^ k.+1) (k.+1 ^ k.+1) (k.+2 ^ k.+1) => A B C D h2 h1.
rewrite mulnACA -mulnA [2 * (_ * D)]mulnCA !leq_mul2l /=.
exact: leq_trans h2 h1.
Qed.

(** k! C(m, k+1) <= 2 m^k for k <= m: Cover's count is at most 2 m^k / k!. *)
Lemma cover_fact m k : k <= m -> k`! * cover m k.+1 <= 2 * m ^ k.
Proof.
elim: m k => [|m IH] k.
  by rewrite leqn0 => /eqP ->.
rewrite leq_eqVlt => /orP [/eqP ->|]; first by rewrite cover_full // fact_pow2.
rewrite ltnS => hk; case: k hk => [|k] hk; first by rewrite fact0 mul1n; apply: cover_pow.
rewrite coverSS mulnDr.
apply: leq_trans (leq_add (IH _ hk) (_ : _ <= 2 * k.+1 * m ^ k)) _.
  by rewrite factS -mulnA [2 * k.+1]mulnC -mulnA leq_mul2l IH ?orbT // ltnW.
by rewrite -mulnA -mulnDr leq_mul2l bernoulli_nat orbT.
Qed.

End CoverNat.
