(** * Zuev's chain, Lemma 12 of ../shared/zuev.md: the bad p-tuples are at most half of all.

    [zuev_bad n p] (CentralBinomial.v) is the number of bad p-tuples of +-1 vectors in dimension
    N = n+1 that Theorem F subtracts.  Its m-th term is 2^(Np) tau(m) with
    tau(m) = C(p,m) C(N,m) 2^N q_m^(N-m), q_m = C(m, m/2)/2^m ([tm_eq]).  Four regimes, in the reals:
    - D (the pairs t_i = +-t_j): 8 C(p,2) 2^(N(p-1)+1) <= 2^(Np) for N >= 20 ([pairs_le], Lemma 13(i));
    - S (3 <= m <= M = N/40): tau(m) <= 9 (2/5)^M ([tau_S]: C(N,m) <= (3N/m)^m, q_m <= 3/8,
      (24N^2/m^2)^m increasing in m, 38400 (3/4)^40 <= 2/5), and 9M(2/5)^M <= 1/8 for M >= 15
      ([small_sum_le], Lemma 13(ii));
    - L1 (M < m <= p/3): tau(m) <= C(p,m) 2^(2N) sqrt(80/(3N))^(N - p/3) ([tau_L1]; q_m^2 <= 2/(3m+2),
      Lemma 8(c));
    - L2 (p/3 < m <= p): tau(m) <= 2^(2N) s^(N-p) C(p,m) s^(p-m), s = sqrt(2/p) ([tau_L2]), summed by
      the binomial theorem to 2^(2N) s^(N-p) (1+s)^p.
    [zuev_bad_half]: if the L1, L2 totals are <= 1/8 (ZuevAnalytic.v: for n >= 2900, p = n -
    floor(3.96 n/ln n)), then 2 zuev_bad n p <= 2^(Np).  Real sums are [RSum.rsum]. *)
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
  by rewrite -Rpow_mult_distr; f_equal; field; repeat split; lra.
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
rewrite /Rdiv !Rpow_mult_distr pow_inv; field; repeat split; lra.
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
  with (INR 'C(m, m./2) ^ 2 * (3 * INR m + 2)) by (field; repeat split; lra).
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

(** ** The terms of Theorem F divided by 2^(Np) *)

(** The m-th term of the sum in [zuev_bad n p]. *)
Definition tm n p m : nat :=
  'C(p, m) * 'C(n.+1, m) * 2 ^ (n.+1 * (p - m + 1) + m * m) * 'C(m, m./2) ^ (n.+1 - m).

Lemma zuev_bad_tm n p :
  zuev_bad n p = ('C(p, 2) * 2 ^ (n.+1 * (p - 1) + 1) + \sum_(3 <= m < p.+1) tm n p m)%N.
Proof. by []. Qed.

Lemma exp_shift N p m : (m <= p)%N -> (p <= N)%N ->
  (N * (p - m + 1) + m * m + m * (N - m) = N + N * p)%N.
Proof.
move=> h1 h2; have [a ea] : exists a, p = (m + a)%N by exists (p - m)%N; rewrite subnKC.
have [b eb] : exists b, N = (m + b)%N by exists (N - m)%N; rewrite subnKC // (leq_trans h1 h2).
rewrite ea eb !addKn -!multE -!plusE; lia.
Qed.

(** tau(m) = C(p,m) C(N,m) 2^N q_m^(N-m) = term / 2^(Np). *)
Definition tau n p m : R := INR 'C(p, m) * INR 'C(n.+1, m) * 2 ^ n.+1 * qm m ^ (n.+1 - m).

Lemma tm_eq n p m : (m <= p)%N -> (p <= n.+1)%N -> INR (tm n p m) = 2 ^ (n.+1 * p) * tau n p m.
Proof.
move=> hmp hpN; move: (hpN); set N := n.+1 => hpN'.
have ee : (N * (p - m + 1) + m * m + m * (N - m) = N + N * p)%N.
  exact: exp_shift.
have hp2 : 0 < 2 ^ m by apply: pow_lt; lra.
have hpp : 0 < (2 ^ m) ^ (N - m) by apply: pow_lt.
have e2 : 2 ^ (N * (p - m + 1) + m * m) * (2 ^ m) ^ (N - m) = 2 ^ N * 2 ^ (N * p).
  by rewrite -pow_mult -!pow_add; f_equal; rewrite !plusE multE ee.
rewrite /tm /tau /qm !INR_muln !INR_expn INR_2 /Rdiv Rpow_mult_distr pow_inv.
have e3 : 2 ^ (N * (p - m + 1) + m * m) = 2 ^ N * 2 ^ (N * p) * / (2 ^ m) ^ (N - m).
  by rewrite -e2; field; repeat split; lra.
rewrite e3 -/N; field; repeat split; lra.
Qed.

Lemma tau_ge0 n p m : 0 <= tau n p m.
Proof.
rewrite /tau; apply: Rmult_le_pos; last by apply: pow_le; apply: qm_ge0.
apply: Rmult_le_pos; last by apply: pow_le; lra.
by apply: Rmult_le_pos; apply: pos_INR.
Qed.

(** ** Regime S (3 <= m <= M = N/40): tau(m) <= 9 (2/5)^M *)

Definition gS (N : R) m := (24 * N ^ 2 / INR m ^ 2) ^ m.

Lemma gS_step N m : (0 < m)%N -> 9 * (INR m + 1) ^ 2 <= 24 * N ^ 2 -> gS N m <= gS N m.+1.
Proof.
move=> hm h; have hx : 0 < INR m by apply: lt_0_INR; apply/ltP.
rewrite /gS S_INR; set A := 24 * N ^ 2; set B := A / (INR m + 1) ^ 2.
have hB : 9 <= B.
  rewrite /B; apply: (Rmult_le_reg_r ((INR m + 1) ^ 2)); first by apply: pow_lt; lra.
  rewrite /Rdiv Rmult_assoc Rinv_l; [rewrite Rmult_1_r /A; lra | apply: pow_nonzero; lra].
have e : A / INR m ^ 2 = B * (((INR m + 1) / INR m) ^ 2).
  rewrite /B; field; repeat split; lra.
have h3 := pow_ratio_le3 hm.
have hr : 0 <= ((INR m + 1) / INR m) ^ m by apply: pow_le; apply: Rlt_le; apply: Rdiv_lt_0_compat; lra.
have hb : 0 <= B ^ m by apply: pow_le; lra.
rewrite e Rpow_mult_distr -pow_mult Nat.mul_comm pow_mult -[B ^ m.+1]tech_pow_Rmult.
have h9 : (((INR m + 1) / INR m) ^ m) ^ 2 <= 9.
  by rewrite /= Rmult_1_r; have := Rmult_le_compat _ _ _ _ hr hr h3 h3; lra.
have := Rmult_le_compat_l _ _ _ hb (Rle_trans _ _ _ h9 hB); lra.
Qed.

Lemma gS_mono N m M : (0 < m)%N -> (m <= M)%N -> 0 <= N -> INR M <= N -> gS N m <= gS N M.
Proof.
move=> hm hmM hN; elim: M hmM => [|M ih] hmM hMN.
  by rewrite leqn0 in hmM; rewrite (eqP hmM) in hm.
case: (leqP m M) => h; last by rewrite (_ : m = M.+1); [apply: Rle_refl | apply/eqP; rewrite eqn_leq hmM h].
rewrite S_INR in hMN; apply: Rle_trans (ih h _) _; first lra.
apply: gS_step; first exact: leq_trans h.
have hM : 0 <= INR M by apply: pos_INR.
have := Rmult_le_compat _ _ _ _ (Rplus_le_le_0_compat _ _ hM Rle_0_1) (Rplus_le_le_0_compat _ _ hM Rle_0_1) hMN hMN.
rewrite /= !Rmult_1_r; nra.
Qed.

Lemma gS_M N M : (0 < M)%N -> 0 <= N -> N < 40 * (INR M + 1) -> gS N M <= 9 * 38400 ^ M.
Proof.
move=> hM hN h; have hx : 0 < INR M by apply: lt_0_INR; apply/ltP.
have h3 := pow_ratio_le3 hM.
have hr : 0 <= ((INR M + 1) / INR M) ^ M by apply: pow_le; apply: Rlt_le; apply: Rdiv_lt_0_compat; lra.
have hle : 24 * N ^ 2 / INR M ^ 2 <= 38400 * (((INR M + 1) / INR M) ^ 2).
  have hN2 : N ^ 2 <= (40 * (INR M + 1)) ^ 2 by apply: pow_incr; lra.
  apply: (Rmult_le_reg_r (INR M ^ 2)); first by apply: pow_lt.
  replace (24 * N ^ 2 / INR M ^ 2 * INR M ^ 2) with (24 * N ^ 2) by (field; repeat split; lra).
  replace (38400 * ((INR M + 1) / INR M) ^ 2 * INR M ^ 2) with (24 * (40 * (INR M + 1)) ^ 2)
    by (field; repeat split; lra).
  lra.
apply: Rle_trans (_ : (38400 * (((INR M + 1) / INR M) ^ 2)) ^ M <= _).
  apply: pow_incr; split => //; apply: Rmult_le_pos; first by apply: Rmult_le_pos; [lra | apply: pow2_ge_0].
  by apply: Rlt_le; apply: Rinv_0_lt_compat; apply: pow_lt.
rewrite Rpow_mult_distr -pow_mult Nat.mul_comm pow_mult.
have h9 : (((INR M + 1) / INR M) ^ M) ^ 2 <= 9.
  by rewrite /= Rmult_1_r; have := Rmult_le_compat _ _ _ _ hr hr h3 h3; lra.
have h0 : 0 <= 38400 ^ M by apply: pow_le; lra.
have := Rmult_le_compat_l _ _ _ h0 h9; lra.
Qed.

(** Lemma 8(e): 38400 (3/4)^40 <= 2/5. *)
Lemma central_small_base : 38400 * (3 / 4) ^ 40 <= 2 / 5.
Proof. interval with (i_prec 60). Qed.

Lemma tau_S n p m M : (3 <= m <= M)%N -> (p <= n.+1)%N -> (40 * M <= n.+1)%N ->
  INR n.+1 < 40 * (INR M + 1) -> tau n p m <= 9 * (2 / 5) ^ M.
Proof.
move=> /andP [h3m hmM] hpN h40 hN40.
have hm0 : (0 < m)%N by apply: leq_trans h3m.
have hM0 : (0 < M)%N by apply: leq_trans hmM.
set N := INR n.+1.
have hN0 : 0 <= N by apply: pos_INR.
have hmN : (m <= n.+1)%N.
  by apply: leq_trans hmM (leq_trans _ h40); rewrite leq_pmull.
have hx : 0 < INR m by apply: lt_0_INR; apply/ltP.
(* tau <= ((3N/m)^m)^2 2^N (3/8)^(N-m) *)
have hb := bin_le_pow n.+1 hm0.
have hc : INR 'C(p, m) <= INR 'C(n.+1, m) by apply: INR_leq; apply: leq_bin2l.
have hq : qm m ^ (n.+1 - m) <= (3 / 8) ^ (n.+1 - m).
  by apply: pow_incr; split; [apply: qm_ge0 | apply: qm_le_3_8].
set X := (3 * N / INR m) ^ m.
have hX : 0 <= X by apply: pow_le; apply: Rmult_le_pos; [lra | apply: Rlt_le; apply: Rinv_0_lt_compat; lra].
have h2 : 0 <= 2 ^ n.+1 by apply: pow_le; lra.
have h1 : tau n p m <= X * X * 2 ^ n.+1 * (3 / 8) ^ (n.+1 - m).
  have a1 := Rmult_le_compat _ _ _ _ (pos_INR _) (pos_INR _) (Rle_trans _ _ _ hc hb) hb.
  have a2 := Rmult_le_compat_r _ _ _ h2 a1.
  have a0 : 0 <= INR 'C(p, m) * INR 'C(n.+1, m) * 2 ^ n.+1.
    by apply: Rmult_le_pos => //; apply: Rmult_le_pos; apply: pos_INR.
  exact: Rmult_le_compat _ _ _ _ a0 (pow_le _ _ (qm_ge0 m)) a2 hq.
(* = (3/4)^N gS N m *)
have e : X * X * 2 ^ n.+1 * (3 / 8) ^ (n.+1 - m) = (3 / 4) ^ n.+1 * gS N m.
  have e1 : (3 / 8) ^ n.+1 = (3 / 8) ^ (n.+1 - m) * (3 / 8) ^ m.
    by rewrite -pow_add plusE subnK.
  have e2 : (3 / 4) ^ n.+1 = 2 ^ n.+1 * (3 / 8) ^ n.+1.
    by rewrite -Rpow_mult_distr; f_equal; lra.
  have e3 : gS N m = X * X * (8 / 3) ^ m.
    rewrite /gS /X -Rpow_mult_distr -Rpow_mult_distr; f_equal; field; repeat split; lra.
  rewrite e2 e1 e3.
  have e4 : (3 / 8) ^ m * (8 / 3) ^ m = 1 by rewrite -Rpow_mult_distr (_ : 3 / 8 * (8 / 3) = 1) ?pow1 //; field.
  transitivity (X * X * 2 ^ n.+1 * (3 / 8) ^ (n.+1 - m) * ((3 / 8) ^ m * (8 / 3) ^ m)); first by rewrite e4; ring.
  ring.
have hMN : INR M <= N by apply: INR_leq; apply: leq_trans h40; rewrite leq_pmull.
have hg := gS_mono hm0 hmM hN0 hMN.
have hgM := gS_M hM0 hN0 hN40.
have h34 : (3 / 4) ^ n.+1 <= ((3 / 4) ^ 40) ^ M.
  by rewrite -pow_mult; apply: pow_le_1_exp; [lra | exact: h40].
have hgS0 : 0 <= gS N m.
  by apply: pow_le; apply: Rmult_le_pos; [apply: Rmult_le_pos; [lra | apply: pow2_ge_0] |
     apply: Rlt_le; apply: Rinv_0_lt_compat; apply: pow_lt].
have h34p : 0 <= (3 / 4) ^ n.+1 by apply: pow_le; lra.
apply: Rle_trans h1 _; rewrite e.
apply: Rle_trans (_ : ((3 / 4) ^ 40) ^ M * (9 * 38400 ^ M) <= _).
  by apply: Rmult_le_compat => //; apply: Rle_trans hgM.
rewrite (Rmult_comm 9) -Rmult_assoc -Rpow_mult_distr (Rmult_comm 9); apply: Rmult_le_compat_r; first lra.
apply: pow_incr; split; first by apply: Rmult_le_pos; [apply: pow_le |]; lra.
have := central_small_base; lra.
Qed.

(** ** Regimes L1 and L2 (m > M): q_m^2 <= 2/(3m+2) *)

Lemma div_le a b c d : 0 < b -> 0 < d -> a * d <= c * b -> a / b <= c / d.
Proof.
move=> hb hd h; apply: (Rmult_le_reg_r (b * d)); first exact: Rmult_lt_0_compat.
replace (a / b * (b * d)) with (a * d) by (field; lra).
replace (c / d * (b * d)) with (c * b) by (field; lra).
exact: h.
Qed.

Lemma div_le1 a b : 0 < b -> a <= b -> a / b <= 1.
Proof. by move=> hb h; apply: (Rmult_le_reg_r b) => //; rewrite /Rdiv Rmult_assoc Rinv_l; lra. Qed.

Lemma sqrt_le1 y : y <= 1 -> sqrt y <= 1.
Proof. by move=> h; rewrite -sqrt_1; apply: sqrt_le_1_alt. Qed.

(** L1 (M < m): tau(m) <= C(p,m) 2^(2N) sqrt(80/(3N))^u for every u <= N - m. *)
Lemma tau_L1 n p m M u : (M < m)%N -> (m <= p)%N -> (p <= n.+1)%N -> (27 <= n.+1)%N ->
  INR n.+1 < 40 * (INR M + 1) -> (u <= n.+1 - m)%N ->
  tau n p m <= INR 'C(p, m) * (2 ^ n.+1 * 2 ^ n.+1 * sqrt (80 / (3 * INR n.+1)) ^ u).
Proof.
move=> hMm hmp hpN h27 hN40 hu; set N := INR n.+1 in hN40 *.
have hN : 27 <= N by rewrite /N; have := INR_leq h27; rewrite INR_IZR_INZ.
have hm : INR M + 1 <= INR m by rewrite -S_INR; apply: INR_leq.
have hM0 : 0 <= INR M by apply: pos_INR.
have hs1 : sqrt (80 / (3 * N)) <= 1.
  apply: sqrt_le1; apply: div_le1; lra.
have hs0 := sqrt_pos (80 / (3 * N)).
have hq : qm m <= sqrt (80 / (3 * N)) by apply: qm_le_sqrt; apply: div_le; lra.
have hqu : qm m ^ (n.+1 - m) <= sqrt (80 / (3 * N)) ^ u.
  apply: Rle_trans (pow_le_1_exp _ hu).
    by apply: pow_incr; split => //; apply: qm_ge0.
  by split.
have hc := bin_le_2exp n.+1 m.
have h2 : 0 <= 2 ^ n.+1 by apply: pow_le; lra.
have a1 : INR 'C(p, m) * INR 'C(n.+1, m) * 2 ^ n.+1 <= INR 'C(p, m) * 2 ^ n.+1 * 2 ^ n.+1.
  apply: Rmult_le_compat_r => //; apply: Rmult_le_compat_l => //; exact: pos_INR.
have a0 : 0 <= INR 'C(p, m) * INR 'C(n.+1, m) * 2 ^ n.+1.
  by apply: Rmult_le_pos => //; apply: Rmult_le_pos; apply: pos_INR.
have := Rmult_le_compat _ _ _ _ a0 (pow_le _ _ (qm_ge0 m)) a1 hqu.
rewrite /tau -/N; lra.
Qed.

(** L2 (p <= 3m + 2): tau(m) <= 2^(2N) s^(N-p) C(p,m) s^(p-m), s = sqrt(2/p). *)
Lemma tau_L2 n p m : (m <= p)%N -> (p <= n.+1)%N -> (2 <= p)%N -> (p <= 3 * m + 2)%N ->
  tau n p m <= 2 ^ n.+1 * 2 ^ n.+1 * sqrt (2 / INR p) ^ (n.+1 - p)
               * (INR 'C(p, m) * sqrt (2 / INR p) ^ (p - m)).
Proof.
move=> hmp hpN h2p hp3.
have hp : 2 <= INR p by have := INR_leq h2p.
have hp3' : INR p <= 3 * INR m + 2.
  by have := INR_leq hp3; rewrite INR_addn INR_muln (INR_IZR_INZ 3) (INR_IZR_INZ 2).
have hs1 : sqrt (2 / INR p) <= 1.
  apply: sqrt_le1; apply: div_le1; lra.
have hs0 := sqrt_pos (2 / INR p).
have hm0 : 0 <= INR m by apply: pos_INR.
have hq : qm m <= sqrt (2 / INR p) by apply: qm_le_sqrt; apply: div_le; lra.
have e : (n.+1 - m = (n.+1 - p) + (p - m))%N by rewrite addnBA // subnK // (leq_trans hmp hpN).
have hqu : qm m ^ (n.+1 - m) <= sqrt (2 / INR p) ^ (n.+1 - p) * sqrt (2 / INR p) ^ (p - m).
  by rewrite -pow_add plusE -e; apply: pow_incr; split => //; apply: qm_ge0.
have hc := bin_le_2exp n.+1 m.
have h2 : 0 <= 2 ^ n.+1 by apply: pow_le; lra.
have a1 : INR 'C(p, m) * INR 'C(n.+1, m) * 2 ^ n.+1 <= INR 'C(p, m) * 2 ^ n.+1 * 2 ^ n.+1.
  apply: Rmult_le_compat_r => //; apply: Rmult_le_compat_l => //; exact: pos_INR.
have a0 : 0 <= INR 'C(p, m) * INR 'C(n.+1, m) * 2 ^ n.+1.
  by apply: Rmult_le_pos => //; apply: Rmult_le_pos; apply: pos_INR.
have := Rmult_le_compat _ _ _ _ a0 (pow_le _ _ (qm_ge0 m)) a1 hqu.
rewrite /tau; lra.
Qed.

(** A nat sum of terms bounded by B w(m) is bounded by B sum w. *)
Lemma INR_sum_le a b (f : nat -> nat) (w : nat -> R) B : (a <= b)%N ->
  (forall m, (a <= m < b)%N -> INR (f m) <= B * w m) ->
  INR (\sum_(a <= m < b) f m) <= B * rsum w a (b - a).
Proof.
move=> hab h; rewrite -{1}(subnKC hab) INR_sum -rsum_scal; apply: rsum_le => i hi.
by apply: h; rewrite subnKC in hi.
Qed.

(** ** Lemma 13 (i), (ii): the pairs and the small supports *)

Lemma sq_le_exp N : (20 <= N)%N -> (16 * N ^ 2 <= 2 ^ N)%N.
Proof.
elim: N => [|N ih] //; rewrite leq_eqVlt => /orP [/eqP <-|]; first last.
  rewrite ltnS => hN; have h := ih hN.
  apply: (@leq_trans (2 * (16 * N ^ 2))); last by rewrite [(2 ^ N.+1)%N]expnS leq_mul2l h.
  have h3 : (3 <= N)%N by apply: leq_trans hN.
  move: h3; rewrite -!multE !expnS !expn0 -!multE => /leP h3; apply/leP; nia.
apply: (@leq_trans (2 ^ 13)); first by [].
by rewrite leq_pexp2l.
Qed.

(** (i): 8 C(p,2) 2^(N(p-1)+1) <= 2^(Np) for N >= 20, 1 <= p <= N. *)
Lemma pairs_le n p : (19 <= n)%N -> (1 <= p <= n.+1)%N ->
  (8 * ('C(p, 2) * 2 ^ (n.+1 * (p - 1) + 1)) <= 2 ^ (n.+1 * p))%N.
Proof.
move=> hn /andP [h1 hp].
have hc : (2 * 'C(p, 2) <= n.+1 ^ 2)%N.
  have e := bin_ffact p 2; rewrite (_ : 2`! = 2)%N // in e.
  by rewrite mulnC e; apply: leq_trans (ffact_le_exp _ _) _; rewrite leq_exp2r.
have hN := sq_le_exp (hn : 20 <= n.+1)%N.
have e : (n.+1 * p = n.+1 + n.+1 * (p - 1))%N by rewrite -{1}(subnKC h1) mulnDr muln1.
have h16 : (16 * 'C(p, 2) <= 2 ^ n.+1)%N.
  apply: leq_trans hN; rewrite (_ : 16 = 8 * 2)%N // -mulnA.
  by apply: leq_mul => //; apply: leq_trans hc _; rewrite leq_pmull.
rewrite e expnD expn1 (expnD 2 n.+1); move: h16; set X := (2 ^ (n.+1 * (p - 1)))%N.
move=> h16; have := leq_mul h16 (leqnn X).
rewrite -!multE => /leP h; apply/leP. nia.
Qed.

(** (ii): 9 M (2/5)^M <= 1/8 for M >= 15. *)
Lemma small_sum_le M : (15 <= M)%N -> 9 * INR M * (2 / 5) ^ M <= 1 / 8.
Proof.
move=> hM.
suff h : 72 * INR M * 2 ^ M <= 5 ^ M.
  have h5 : 0 < 5 ^ M by apply: pow_lt; lra.
  have e : (2 / 5) ^ M = 2 ^ M / 5 ^ M by rewrite /Rdiv Rpow_mult_distr pow_inv.
  rewrite e; apply: (Rmult_le_reg_r (5 ^ M)) => //.
  replace (9 * INR M * (2 ^ M / 5 ^ M) * 5 ^ M) with (9 * INR M * 2 ^ M) by (field; lra).
  lra.
elim: M hM => [|M ih] //; rewrite leq_eqVlt => /orP [/eqP <-|]; last first.
  rewrite ltnS => hM; have := ih hM; rewrite S_INR -!tech_pow_Rmult.
  have hM1 : 15 <= INR M by have := INR_leq hM; rewrite INR_IZR_INZ.
  have h2 : 0 <= 2 ^ M by apply: pow_le; lra.
  nra.
rewrite INR_IZR_INZ; interval with (i_prec 60).
Qed.

(** ** Lemma 12: the bad tuples are at most half of all when the four regimes are <= 1/8 *)

Lemma zuev_bad_half n p M :
  (19 <= n)%N -> (3 <= p <= n)%N -> (15 <= M)%N -> (40 * M <= n.+1)%N ->
  INR n.+1 < 40 * (INR M + 1) -> (M <= p %/ 3)%N ->
  2 ^ n.+1 * 2 ^ n.+1 * sqrt (80 / (3 * INR n.+1)) ^ (n.+1 - p %/ 3) * 2 ^ p <= 1 / 8 ->
  2 ^ n.+1 * 2 ^ n.+1 * sqrt (2 / INR p) ^ (n.+1 - p) * (1 + sqrt (2 / INR p)) ^ p <= 1 / 8 ->
  (2 * zuev_bad n p <= 2 ^ (n.+1 * p))%N.
Proof.
move=> hn /andP [h3p hpn] hM h40 hN40 hMp hL1 hL2.
have hpN : (p <= n.+1)%N := leq_trans hpn (leqnSn n).
set k := (p %/ 3).+1.
have hMk : (M.+1 <= k)%N by rewrite ltnS.
have hkp : (k <= p.+1)%N by rewrite ltnS leq_div.
have h3M : (3 <= M.+1)%N by apply: leq_trans (leq_trans hM (leqnSn M)).
rewrite zuev_bad_tm (big_cat_nat _ _ _ h3M (leq_trans hMk hkp)) (big_cat_nat _ _ _ hMk hkp) /=.
set D := ('C(p, 2) * _)%N; set S := (\sum_(3 <= m < M.+1) _)%N.
set S1 := (\sum_(M.+1 <= m < k) _)%N; set S2 := (\sum_(k <= m < p.+1) _)%N.
have hD : (8 * D <= 2 ^ (n.+1 * p))%N.
  by apply: pairs_le => //; rewrite hpN andbT; apply: leq_trans _ h3p.
set P := 2 ^ (n.+1 * p).
have hP : 0 <= P by apply: pow_le; lra.
have tmE m : (m <= p)%N -> INR (tm n p m) = P * tau n p m by move=> hm; apply: tm_eq.
(* S *)
have hS : INR S <= P * (1 / 8).
  have h := @INR_sum_le 3 M.+1 (tm n p) (fun _ => 1) (P * (9 * (2 / 5) ^ M)) h3M.
  rewrite rsum_const Rmult_1_r in h.
  apply: Rle_trans (h _) _.
    move=> m /andP [h3 hm]; rewrite tmE; last by rewrite -ltnS; apply: leq_trans hm (leq_trans hMk hkp).
    apply: Rmult_le_compat_l => //; apply: tau_S => //; first by rewrite h3.
  rewrite Rmult_1_r.
  have hsm := small_sum_le hM.
  have hMM : INR (M.+1 - 3) <= INR M by apply: INR_leq; apply/leP; rewrite -minusE; lia.
  have h25 : 0 <= 9 * (2 / 5) ^ M by apply: Rmult_le_pos; [lra | apply: pow_le; lra].
  have := Rmult_le_compat_r _ _ _ h25 hMM.
  have := Rmult_le_compat_l _ _ _ hP hsm; nra.
(* L1 *)
have hS1 : INR S1 <= P * (1 / 8).
  set B1 := 2 ^ n.+1 * 2 ^ n.+1 * sqrt (80 / (3 * INR n.+1)) ^ (n.+1 - p %/ 3).
  have h := @INR_sum_le M.+1 k (tm n p) (fun m => INR 'C(p, m) * 1 ^ (p - m)) (P * B1) hMk.
  apply: Rle_trans (h _) _.
    move=> m /andP [h1 h2]; rewrite pow1 Rmult_1_r tmE; last by rewrite -ltnS; apply: leq_trans h2 hkp.
    rewrite Rmult_assoc; apply: Rmult_le_compat_l => //; rewrite Rmult_comm.
    apply: tau_L1 h1 _ hpN _ hN40 _.
    - by rewrite -ltnS; apply: leq_trans h2 hkp.
    - by apply: leq_trans _ h40; apply: (@leq_trans (40 * 15)) => //; rewrite leq_mul2l hM orbT.
    - by apply: leq_sub2l; rewrite -ltnS; exact: h2.
  have hsub : rsum (fun m => INR 'C(p, m) * 1 ^ (p - m)) M.+1 (k - M.+1) <= 2 ^ p.
    rewrite -(_ : 1 + 1 = 2); last lra. rewrite -rsum_binomial; apply: rsum_sub.
      by move=> i; rewrite pow1 Rmult_1_r; apply: pos_INR.
    by rewrite subnKC.
  have hB1 : 0 <= B1.
    by apply: Rmult_le_pos; [apply: Rmult_le_pos; apply: pow_le; lra | apply: pow_le; apply: sqrt_pos].
  rewrite Rmult_assoc; apply: Rmult_le_compat_l => //.
  have := Rmult_le_compat_l _ _ _ hB1 hsub; rewrite /B1; lra.
(* L2 *)
have hS2 : INR S2 <= P * (1 / 8).
  set s := sqrt (2 / INR p).
  set B2 := 2 ^ n.+1 * 2 ^ n.+1 * s ^ (n.+1 - p).
  have hkp' : (k <= p.+1)%N := hkp.
  have h := @INR_sum_le k p.+1 (tm n p) (fun m => INR 'C(p, m) * s ^ (p - m)) (P * B2) hkp'.
  apply: Rle_trans (h _) _.
    move=> m /andP [h1 h2]; rewrite tmE; last by rewrite -ltnS.
    rewrite Rmult_assoc; apply: Rmult_le_compat_l => //.
    apply: tau_L2; [by rewrite -ltnS | exact: hpN | by apply: leq_trans _ h3p | ].
    apply: (@leq_trans ((p %/ 3).+1 * 3)); first exact: ltnW (ltn_ceil p (isT : (0 < 3)%N)).
    apply: (@leq_trans (3 * m)); last exact: leq_addr.
    by rewrite mulnC leq_mul2l h1 orbT.
  have hsub : rsum (fun m => INR 'C(p, m) * s ^ (p - m)) k (p.+1 - k) <= (1 + s) ^ p.
    rewrite -rsum_binomial; apply: rsum_sub; last by rewrite subnKC.
    by move=> i; apply: Rmult_le_pos; [apply: pos_INR | apply: pow_le; apply: sqrt_pos].
  have hB2 : 0 <= B2.
    by apply: Rmult_le_pos; [apply: Rmult_le_pos; apply: pow_le; lra | apply: pow_le; apply: sqrt_pos].
  rewrite Rmult_assoc; apply: Rmult_le_compat_l => //.
  have := Rmult_le_compat_l _ _ _ hB2 hsub; rewrite /B2 /s; lra.
have hD' : 8 * INR D <= P.
  by have := INR_leq hD; rewrite INR_muln INR_expn (INR_IZR_INZ 8) INR_2.
apply/leP; apply: INR_le; rewrite INR_muln INR_expn !INR_addn INR_2 -/P.
lra.
Qed.
