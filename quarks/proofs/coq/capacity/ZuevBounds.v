(** * Zuev's chain, real part: the bad p-tuples are at most half of all (Lemmas 12-13). *)
From Coq Require Import Reals Lra Lia.
From Interval Require Import Tactic.
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect.
From Quarks Require Import CentralBinomial RSum.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Local Open Scope R_scope.

(** ** Natural numbers into the reals *)

Lemma INR_expn a k : INR (a ^ k)%N = INR a ^ k.
Proof. by elim: k => [|k ih] //; rewrite expnS -multE mult_INR ih. Qed.

Lemma INR_muln a b : INR (a * b)%N = INR a * INR b.
Proof. by rewrite -multE mult_INR. Qed.

Lemma INR_addn a b : INR (a + b)%N = INR a + INR b.
Proof. by rewrite -plusE plus_INR. Qed.

Lemma INR_leq a b : (a <= b)%N -> INR a <= INR b.
Proof. by move/leP; apply: le_INR. Qed.

Lemma INR_ltn a b : (a < b)%N -> INR a < INR b.
Proof. by move/ltP; apply: lt_INR. Qed.

Lemma INR_subn a b : (b <= a)%N -> INR (a - b)%N = INR a - INR b.
Proof. by move=> h; rewrite -minusE minus_INR //; apply/leP. Qed.

Lemma INR_2 : INR 2 = 2.
Proof. by []. Qed.

(** ** Finite sums of reals ([RSum.rsum]) *)

(** A nat sum over a <= i < a + m, in the reals. *)
Lemma INR_sum a m (f : nat -> nat) :
  INR (\sum_(a <= i < a + m) f i)%N = rsum (fun i => INR (f i)) a m.
Proof.
elim: m => [|m ih]; first by rewrite addn0 big_geq.
by rewrite addnS big_nat_recr ?leq_addr //= INR_addn ih.
Qed.

Lemma rsum_le (f g : nat -> R) a m :
  (forall i, (a <= i < a + m)%N -> f i <= g i) -> rsum f a m <= rsum g a m.
Proof.
elim: m => [|m ih] h /=; first lra.
apply: Rplus_le_compat; last by apply: h; rewrite leq_addr /= addnS ltnS.
by apply: ih => i /andP [h1 h2]; apply: h; rewrite h1 addnS ltnW.
Qed.

Lemma rsum_ge0 (f : nat -> R) a m : (forall i, 0 <= f i) -> 0 <= rsum f a m.
Proof. by move=> h; elim: m => [|m ih] /=; [lra | apply: Rplus_le_le_0_compat]. Qed.

Lemma rsum_cat (f : nat -> R) a m1 m2 :
  rsum f a (m1 + m2) = rsum f a m1 + rsum f (a + m1) m2.
Proof.
elim: m2 => [|m2 ih]; first by rewrite addn0 /=; lra.
rewrite addnS /= ih -plusE Nat.add_assoc; lra.
Qed.

(** A sub-range of non-negative terms sums to at most the whole range 0 <= i < b. *)
Lemma rsum_sub (f : nat -> R) a m b :
  (forall i, 0 <= f i) -> (a + m <= b)%N -> rsum f a m <= rsum f 0 b.
Proof.
move=> h hb; rewrite -(subnKC hb) rsum_cat -[a]add0n -{2}[a]add0n rsum_cat !add0n.
have := @rsum_ge0 f 0 a h; have := @rsum_ge0 f (a + m) (b - (a + m)) h; lra.
Qed.

Lemma rsum_const c a m : rsum (fun _ => c) a m = INR m * c.
Proof. elim: m => [|m ih]; first by rewrite /=; lra. rewrite S_INR /= ih; lra. Qed.

(** The binomial theorem: sum_(i <= p) C(p, i) x^(p - i) = (1 + x)^p. *)
Lemma factorial_fact k : k`! = fact k.
Proof. by elim: k => // k ih; rewrite factS ih. Qed.

Lemma rsum_binomial x p :
  rsum (fun i => INR 'C(p, i) * x ^ (p - i)) 0 p.+1 = (1 + x) ^ p.
Proof.
rewrite Coq.Reals.Binomial.binomial.
have e : forall f : nat -> R, forall k, sum_f_R0 f k = rsum f 0 k.+1.
  move=> f; elim=> [|k ih]; first by rewrite /=; lra.
  by rewrite [LHS]/= ih.
rewrite e; apply: rsum_ext => i [_ hi']; have hi : (i <= p)%N by apply/leP; lia.
rewrite pow1 Rmult_1_r /Coq.Reals.Binomial.C; f_equal.
have := f_equal INR (bin_fact hi); rewrite !INR_muln !factorial_fact => <-.
rewrite minusE; field; split; apply: INR_fact_neq_0.
Qed.

(** ** Elementary real facts *)

Lemma pow_le_1_exp x a b : 0 <= x <= 1 -> (a <= b)%N -> x ^ b <= x ^ a.
Proof.
move=> hx hab; rewrite -(subnKC hab) -plusE pow_add.
have h0 := pow_le x a (proj1 hx).
have h1 : x ^ (b - a) <= 1 by rewrite -(pow1 (b - a)); apply: pow_incr.
have := Rmult_le_compat_l _ _ _ h0 h1; lra.
Qed.

Lemma exp_pow x k : exp x ^ k = exp (INR k * x).
Proof.
elim: k => [|k ih]; first by rewrite /= Rmult_0_l exp_0.
by rewrite -tech_pow_Rmult ih -exp_plus S_INR; f_equal; ring.
Qed.

(** (m+1)^m <= 3 m^m, i.e. (1 + 1/m)^m <= e <= 3. *)
Lemma pow_succ_le3 m : (INR m + 1) ^ m <= 3 * INR m ^ m.
Proof.
case: m => [|m]; first by rewrite /=; lra.
set x := INR m.+1; have hx : 0 < x by apply: lt_0_INR; apply/ltP.
have e : (x + 1) ^ m.+1 = x ^ m.+1 * (1 + / x) ^ m.+1.
  by rewrite -Rpow_mult_distr; f_equal; field; lra.
rewrite e Rmult_comm; apply: Rmult_le_compat_r; first by apply: pow_le; lra.
have e1 : exp (/ x) ^ m.+1 = exp 1 by rewrite exp_pow -/x Rinv_r //; lra.
apply: Rle_trans (exp_le_3); rewrite -e1; apply: pow_incr; split; first by have := Rinv_0_lt_compat _ hx; lra.
exact: exp_ineq1_le.
Qed.

(** ((m+1)/m)^m <= 3. *)
Lemma pow_ratio_le3 m : (0 < m)%N -> ((INR m + 1) / INR m) ^ m <= 3.
Proof.
move=> hm; have hx : 0 < INR m by apply: lt_0_INR; apply/ltP.
have hp := pow_lt _ m hx.
rewrite /Rdiv Rpow_mult_distr pow_inv.
apply: (Rmult_le_reg_r (INR m ^ m)) => //; rewrite Rmult_assoc Rinv_l; last lra.
by rewrite Rmult_1_r; apply: pow_succ_le3.
Qed.

(** m^m <= 3^m m!. *)
Lemma pow_self_le m : INR m ^ m <= 3 ^ m * INR m`!.
Proof.
elim: m => [|m ih]; first by rewrite /=; lra.
rewrite factS INR_muln S_INR -!tech_pow_Rmult.
have h3 := pow_succ_le3 m; have hm : 0 <= INR m by apply: pos_INR.
have h1 : (INR m + 1) * (INR m + 1) ^ m <= (INR m + 1) * (3 * INR m ^ m).
  by apply: Rmult_le_compat_l; lra.
have h2 : (INR m + 1) * (3 * INR m ^ m) <= (INR m + 1) * (3 * (3 ^ m * INR m`!)).
  by apply: Rmult_le_compat_l; lra.
lra.
Qed.

Lemma ffact_le_exp N m : (N ^_ m <= N ^ m)%N.
Proof.
elim: m N => [|m ih] N //; rewrite ffactnS expnS leq_mul2l; apply/orP; right.
apply: leq_trans (ih _) _; case: m {ih} => [|m] //; rewrite leq_exp2r //; exact: leq_pred.
Qed.

(** C(N, m) <= (3N/m)^m. *)
Lemma bin_le_pow N m : (0 < m)%N -> INR 'C(N, m) <= (3 * INR N / INR m) ^ m.
Proof.
move=> hm; have hx : 0 < INR m by apply: lt_0_INR; apply/ltP.
have hf : 0 < INR m`! by apply: lt_0_INR; apply/ltP; apply: fact_gt0.
have e := f_equal INR (bin_ffact N m); rewrite INR_muln in e.
have h1 := INR_leq (ffact_le_exp N m); rewrite INR_expn -e in h1.
have h2 := pow_self_le m.
have hp := pow_lt _ m hx.
have hmain : INR 'C(N, m) * INR m ^ m <= 3 ^ m * INR N ^ m.
  apply: (@Rle_trans _ (INR 'C(N, m) * (3 ^ m * INR m`!))).
    by apply: Rmult_le_compat_l; [apply: pos_INR | exact: h2].
  have h3 : 0 <= 3 ^ m by apply: pow_le; lra.
  have := Rmult_le_compat_l _ _ _ h3 h1; lra.
apply: (Rmult_le_reg_r (INR m ^ m)) => //.
replace ((3 * INR N / INR m) ^ m * INR m ^ m) with (3 ^ m * INR N ^ m) => //.
rewrite /Rdiv !Rpow_mult_distr pow_inv; field; lra.
Qed.

(** C(N, m) <= 2^N. *)
Lemma bin_le_2exp N m : INR 'C(N, m) <= 2 ^ N.
Proof.
case: (leqP m N) => hm; last by rewrite bin_small //; apply: pow_le; lra.
have h := rsum_binomial 1 N; rewrite (_ : 1 + 1 = 2) in h; last lra.
rewrite -h; apply: (@Rle_trans _ (rsum (fun i => INR 'C(N, i) * 1 ^ (N - i)) m 1)).
  by rewrite /= Nat.add_0_r pow1; lra.
apply: rsum_sub; last by rewrite addn1 ltnS.
by move=> i; rewrite pow1 Rmult_1_r; apply: pos_INR.
Qed.

(** ** q_m = C(m, m/2) / 2^m *)
Definition qm m : R := INR 'C(m, m./2) / 2 ^ m.

Lemma qm_ge0 m : 0 <= qm m.
Proof. apply: Rmult_le_pos; first exact: pos_INR. by apply: Rlt_le; apply: Rinv_0_lt_compat; apply: pow_lt; lra. Qed.

Lemma qm_le_3_8 m : (3 <= m)%N -> qm m <= 3 / 8.
Proof.
move=> hm; have h := INR_leq (bin_central_le_3_8 hm).
rewrite !INR_muln INR_expn in h; have hp : 0 < 2 ^ m by apply: pow_lt; lra.
rewrite /qm; apply: (Rmult_le_reg_r (2 ^ m)) => //.
rewrite /Rdiv Rmult_assoc Rinv_l; last lra.
have e8 : INR 8 = 8 by rewrite INR_IZR_INZ. have e3 : INR 3 = 3 by rewrite INR_IZR_INZ.
rewrite e8 e3 INR_2 in h; lra.
Qed.

Lemma qm_sq m : qm m ^ 2 * (3 * INR m + 2) <= 2.
Proof.
have h := INR_leq (bin_central_sq_le m).
rewrite !INR_muln !INR_expn INR_addn INR_muln in h.
have hp : 0 < 2 ^ m by apply: pow_lt; lra.
have e4 : INR 4 ^ m = 2 ^ m * 2 ^ m.
  by rewrite -Rpow_mult_distr; f_equal; rewrite INR_IZR_INZ /=; lra.
rewrite e4 in h.
have e3 : INR 3 = 3 by rewrite INR_IZR_INZ. rewrite e3 INR_2 in h.
rewrite /qm; apply: (Rmult_le_reg_r (2 ^ m * 2 ^ m)); first by apply: Rmult_lt_0_compat.
replace ((INR 'C(m, m./2) / 2 ^ m) ^ 2 * (3 * INR m + 2) * (2 ^ m * 2 ^ m))
  with (INR 'C(m, m./2) ^ 2 * (3 * INR m + 2)) by (field; lra).
lra.
Qed.

(** q_m <= sqrt y as soon as 2/(3m+2) <= y. *)
Lemma qm_le_sqrt m y : 2 / (3 * INR m + 2) <= y -> qm m <= sqrt y.
Proof.
move=> hy; have hm : 0 <= INR m by apply: pos_INR.
rewrite -(sqrt_pow2 (qm m) (qm_ge0 m)); apply: sqrt_le_1_alt; apply: Rle_trans hy.
have h := qm_sq m; apply: (Rmult_le_reg_r (3 * INR m + 2)); first lra.
rewrite /Rdiv Rmult_assoc Rinv_l; lra.
Qed.
