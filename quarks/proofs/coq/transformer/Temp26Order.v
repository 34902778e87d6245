(** * Seed 004: Theorem 26's temperature is of order 1/(n^p log n) for a fixed network.

    Theorem 26's closed-form temperature is g / (2 ln (2 + (n - 1) B K)) with
    K = 1/eps + 1 + 4 C (2 X + 1) / g ([temp26] in TransformerError, [temp26_matrix] in MatrixError).
    For a network whose B, C and X do not depend on n (the compiled S-RASP and LTL networks, whose
    weights do not) and the gap g = 1/(c n^p), the argument of ln is at most (2 + a + b c) n^(p+1),
    a = B (1/eps + 1), b = 4 B C (2 X + 1), so for every n >= 2

      temperature >= g / (2 (ln (2 + a + b c) + (p + 1) ln n))          ([temp_order_ln])
                  >= temp_c0 a b c p / (n^p ln n),                    ([temp_order_lower])
      temp_c0 a b c p = 1 / (2 c (p + 1 + ln (2 + a + b c) / ln 2)).

    Defined: [temp_c0] (the constant in a, b, c, p), [temp26_c0] (the same in B, C, X, eps).
    Proved: [temp_order_ln], [temp_order_lower] (the general lemma), [temp26_matrix_lower],
    [temp26_lower] (Theorem 26's two temperatures at gap 1/(c n^p)); corollaries for every program or
    formula: [srasp_temp_lower] (gap 1/(2n): c0 / (n ln n)), [xrasp_temp_lower], [brasp_temp_lower]
    (gap 1/(2n^3): c0 / (n^3 ln n)), [dyck_srasp_temp_lower] (the Dyck-k program of Appendix E),
    [temp26_gapn_lower] (any [TransformerModel] network at gap 1/n: c0 / (n ln n)), [ltl_temp_lower]
    (the LTL compiler's networks at gap 1/n), each with the constant given by the network's B, C and X.
    For a network whose weights grow with n (DyckNet's [dyck_net k n]) the constant depends on n and
    these bounds say nothing about the order. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz List QArith.
From Coquelicot Require Import Rcomplements.
From Quarks Require Import TransformerModel TransformerError MatrixModel MatrixError.
From Quarks Require Import SRasp SRaspCompile SRaspInt SRaspIntCompile SRaspIntBool DyckSRasp.
From Quarks Require Import Transformer LTLCompile.
Open Scope R_scope.

(** ** The general lemma *)

(** The constant of the bound c0 / (n^p ln n), for a, b >= 0 and the gap 1/(c n^p). *)
Definition temp_c0 (a b c : R) (p : nat) : R := / (2 * c * (INR p + 1 + ln (2 + a + b * c) / ln 2)).

Lemma temp_c0_gt0 (a b c : R) (p : nat) : 0 <= a -> 0 <= b -> 0 < c -> 0 < temp_c0 a b c p.
Proof.
intros Ha Hb Hc. unfold temp_c0. pose proof ln_lt_2. pose proof (pos_INR p).
assert (0 <= ln (2 + a + b * c)) by (rewrite <- ln_1; apply ln_le; nra).
assert (0 <= ln (2 + a + b * c) / ln 2) by (apply Rdiv_le_0_compat; lra).
apply Rinv_0_lt_compat. apply Rmult_lt_0_compat; lra.
Qed.

(** For n >= 2, 2 + (n - 1) (a + b c n^p) <= (2 + a + b c) n^(p + 1). *)
Lemma temp_arg_le (a b c : R) (p n : nat) : 0 <= a -> 0 <= b -> 0 < c -> (2 <= n)%nat ->
  2 + INR (n - 1) * (a + b * (c * INR n ^ p)) <= (2 + a + b * c) * INR n ^ S p.
Proof.
intros Ha Hb Hc Hn. rewrite minus_INR by lia. simpl (INR 1).
assert (HN : 2 <= INR n) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hn).
assert (HNp : 1 <= INR n ^ p) by (apply pow_R1_Rle; lra).
simpl (INR n ^ S p). set (N := INR n) in *. set (Np := N ^ p) in *.
assert (Hbc : 0 <= b * c) by nra.
assert (H1 : 1 <= N * Np) by nra.
assert (H2 : a * (N - 1) <= a * (N * Np)) by (apply Rmult_le_compat_l; nra).
assert (H3 : b * c * Np * (N - 1) <= b * c * Np * N) by (apply Rmult_le_compat_l; nra).
replace ((2 + a + b * c) * (N * Np)) with (2 * (N * Np) + a * (N * Np) + b * c * Np * N) by ring.
replace (2 + (N - 1) * (a + b * (c * Np))) with (2 + a * (N - 1) + b * c * Np * (N - 1)) by ring.
lra.
Qed.

(** Theorem 26's temperature in ln-linear form: for n >= 2,
    g / (2 ln (2 + (n - 1) (a + b c n^p))) >= g / (2 (ln (2 + a + b c) + (p + 1) ln n)), g = 1/(c n^p). *)
Lemma temp_order_ln (a b c : R) (p n : nat) : 0 <= a -> 0 <= b -> 0 < c -> (2 <= n)%nat ->
  / (c * INR n ^ p) / (2 * (ln (2 + a + b * c) + (INR p + 1) * ln (INR n)))
  <= / (c * INR n ^ p) / (2 * ln (2 + INR (n - 1) * (a + b * (c * INR n ^ p)))).
Proof.
intros Ha Hb Hc Hn.
assert (HN : 2 <= INR n) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hn).
assert (HNp : 1 <= INR n ^ p) by (apply pow_R1_Rle; lra).
assert (Hg : 0 < / (c * INR n ^ p)) by (apply Rinv_0_lt_compat; nra).
pose proof (pos_INR (n - 1)).
assert (Harg : 2 <= 2 + INR (n - 1) * (a + b * (c * INR n ^ p))).
{ assert (0 <= b * (c * INR n ^ p)) by (apply Rmult_le_pos; nra). nra. }
assert (Hl0 : 0 < ln (2 + INR (n - 1) * (a + b * (c * INR n ^ p)))) by (rewrite <- ln_1; apply ln_increasing; lra).
apply Rmult_le_compat_l; [lra|]. apply Rinv_le_contravar; [lra|]. apply Rmult_le_compat_l; [lra|].
eapply Rle_trans; [apply ln_le; [lra|apply (temp_arg_le a b c p n Ha Hb Hc Hn)]|].
assert (0 < 2 + a + b * c) by nra.
rewrite ln_mult by (try lra; apply pow_lt; lra). rewrite ln_pow by lra. rewrite S_INR. lra.
Qed.

(** The general lemma: for a, b >= 0, c > 0, every p and every n >= 2, Theorem 26's temperature
    at the gap g = 1/(c n^p) is at least temp_c0 a b c p / (n^p ln n). *)
Lemma temp_order_lower (a b c : R) (p n : nat) : 0 <= a -> 0 <= b -> 0 < c -> (2 <= n)%nat ->
  temp_c0 a b c p / (INR n ^ p * ln (INR n))
  <= / (c * INR n ^ p) / (2 * ln (2 + INR (n - 1) * (a + b * (c * INR n ^ p)))).
Proof.
intros Ha Hb Hc Hn. eapply Rle_trans; [|apply (temp_order_ln a b c p n Ha Hb Hc Hn)].
assert (HN : 2 <= INR n) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hn).
assert (HNp : 1 <= INR n ^ p) by (apply pow_R1_Rle; lra).
pose proof ln_lt_2. pose proof (pos_INR p).
assert (HlN : ln 2 <= ln (INR n)) by (apply ln_le; lra).
set (L := ln (2 + a + b * c)).
assert (HL : 0 <= L) by (unfold L; rewrite <- ln_1; apply ln_le; nra).
assert (HLq : L <= L / ln 2 * ln (INR n)).
{ unfold Rdiv. rewrite Rmult_assoc. rewrite <- (Rmult_1_r L) at 1. apply Rmult_le_compat_l; [lra|].
  apply (Rmult_le_reg_l (ln 2)); [lra|]. field_simplify; lra. }
set (M := INR p + 1 + L / ln 2).
assert (HM : 0 < M) by (unfold M; assert (0 <= L / ln 2) by (apply Rdiv_le_0_compat; lra); lra).
assert (Hden : 2 * (L + (INR p + 1) * ln (INR n)) <= 2 * (M * ln (INR n))) by (unfold M; nra).
assert (HlNp : 0 < ln (INR n)) by lra.
assert (Hden0 : 0 < 2 * (L + (INR p + 1) * ln (INR n))) by nra.
unfold temp_c0. fold L. fold M.
replace (/ (2 * c * M) / (INR n ^ p * ln (INR n))) with (/ (c * INR n ^ p) / (2 * (M * ln (INR n))))
  by (field; repeat split; lra).
apply Rmult_le_compat_l; [apply Rlt_le, Rinv_0_lt_compat; nra|].
apply Rinv_le_contravar; lra.
Qed.

(** ** Theorem 26's two temperatures *)

(** The constant for a network with error growth B, score mass C and activation bound X. *)
Definition temp26_c0 (B C X eps c : R) (p : nat) : R :=
  temp_c0 (B * (/ eps + 1)) (4 * B * C * (2 * X + 1)) c p.

Lemma temp26_c0_gt0 (B C X eps c : R) (p : nat) : 0 <= B -> 0 <= C -> 0 <= X -> 0 < eps -> 0 < c ->
  0 < temp26_c0 B C X eps c p.
Proof.
intros HB HC HX He Hc. apply temp_c0_gt0; [|repeat apply Rmult_le_pos|]; try lra.
assert (0 < / eps) by (apply Rinv_0_lt_compat; lra). nra.
Qed.

(** [temp26_matrix] (the paper's transformer) at gap 1/(c n^p): at least c0 / (n^p ln n) for every n >= 2. *)
Theorem temp26_matrix_lower (d n p : nat) (c X eps : R) (net : list mlayer) :
  0 < c -> 0 < eps -> 0 <= X -> (2 <= n)%nat ->
  temp26_c0 (mnet_err d X 1 net 0) (mnet_qk d net) X eps c p / (INR n ^ p * ln (INR n))
  <= temp26_matrix d n (/ (c * INR n ^ p)) X eps net.
Proof.
intros Hc He HX Hn. unfold temp26_matrix, temp26_c0.
assert (HN : 2 <= INR n) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hn).
assert (0 < / (c * INR n ^ p)) by (apply Rinv_0_lt_compat, Rmult_lt_0_compat; [lra|apply pow_lt; lra]).
assert (HB : 0 <= mnet_err d X 1 net 0) by (apply mnet_err_ge; lra). pose proof (mnet_qk_nonneg d net).
set (B := mnet_err d X 1 net 0) in *. set (C := mnet_qk d net) in *.
replace (INR (n - 1) * B * (/ eps + 1 + 4 * C * (2 * X + 1) / / (c * INR n ^ p)))
  with (INR (n - 1) * (B * (/ eps + 1) + 4 * B * C * (2 * X + 1) * (c * INR n ^ p)))
  by (unfold Rdiv; rewrite Rinv_inv; ring).
assert (0 < / eps) by (apply Rinv_0_lt_compat; lra).
apply temp_order_lower; [nra|repeat apply Rmult_le_pos; lra|lra|exact Hn].
Qed.

(** [temp26] (coordinate-copy heads) at gap 1/(c n^p): at least c0 / (n^p ln n) for every n >= 2. *)
Theorem temp26_lower (n p : nat) (c X eps : R) (net : list layer) :
  0 < c -> 0 < eps -> 0 <= X -> (2 <= n)%nat ->
  temp26_c0 (net_err X 1 net 0) (net_csc net) X eps c p / (INR n ^ p * ln (INR n))
  <= temp26 n (/ (c * INR n ^ p)) X eps net.
Proof.
intros Hc He HX Hn. unfold temp26, temp26_c0.
assert (HN : 2 <= INR n) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hn).
assert (0 < / (c * INR n ^ p)) by (apply Rinv_0_lt_compat, Rmult_lt_0_compat; [lra|apply pow_lt; lra]).
assert (HB : 0 <= net_err X 1 net 0) by (apply net_err_ge; lra). pose proof (net_csc_nonneg net).
set (B := net_err X 1 net 0) in *. set (C := net_csc net) in *.
replace (INR (n - 1) * B * (/ eps + 1 + 4 * C * (2 * X + 1) / / (c * INR n ^ p)))
  with (INR (n - 1) * (B * (/ eps + 1) + 4 * B * C * (2 * X + 1) * (c * INR n ^ p)))
  by (unfold Rdiv; rewrite Rinv_inv; ring).
assert (0 < / eps) by (apply Rinv_0_lt_compat; lra).
apply temp_order_lower; [nra|repeat apply Rmult_le_pos; lra|lra|exact Hn].
Qed.

(** ** Corollaries: the compiled networks, whose weights do not depend on n *)

(** S-RASP (Boolean fragment), gap 1/(2n): the constant of [srasp_net k p]. *)
Definition srasp_c0 (k : nat) (p : list sop) (eps : R) : R :=
  let X := mnet_X (srasp_width k p) (srasp_net k p) 1 in
  temp26_c0 (mnet_err (srasp_width k p) X 1 (srasp_net k p) 0) (mnet_qk (srasp_width k p) (srasp_net k p)) X eps 2 1.

Theorem srasp_temp_lower (k n : nat) (p : list sop) (eps : R) : 0 < eps -> (2 <= n)%nat ->
  0 < srasp_c0 k p eps /\ srasp_c0 k p eps / (INR n * ln (INR n)) <= srasp_temp k n p eps.
Proof.
intros He Hn. unfold srasp_c0, srasp_temp. cbv zeta. set (w := srasp_width k p). set (net := srasp_net k p). set (X := mnet_X w net 1).
assert (HX : 1 <= X) by (apply mnet_X_ge; lra). split.
- apply temp26_c0_gt0; try lra; [apply mnet_err_ge; lra|apply mnet_qk_nonneg].
- replace (INR n * ln (INR n)) with (INR n ^ 1 * ln (INR n)) by ring.
  replace (/ (2 * INR n)) with (/ (2 * INR n ^ 1)) by (rewrite pow_1; reflexivity).
  apply (temp26_matrix_lower w n 1 2 X eps net); [lra|lra|lra|exact Hn].
Qed.

(** S-RASP with integers, gap 1/(2n^3): the constant of [xrasp_net k p]. *)
Definition xrasp_c0 (k : nat) (p : list xop) (eps : R) : R :=
  let X := mnet_X (xrasp_width k p) (xrasp_net k p) 1 in
  temp26_c0 (mnet_err (xrasp_width k p) X 1 (xrasp_net k p) 0) (mnet_qk (xrasp_width k p) (xrasp_net k p)) X eps 2 3.

Theorem xrasp_temp_lower (k n : nat) (p : list xop) (eps : R) : 0 < eps -> (2 <= n)%nat ->
  0 < xrasp_c0 k p eps /\ xrasp_c0 k p eps / (INR n ^ 3 * ln (INR n)) <= xrasp_temp k n p eps.
Proof.
intros He Hn. unfold xrasp_c0, xrasp_temp. cbv zeta. set (w := xrasp_width k p). set (net := xrasp_net k p). set (X := mnet_X w net 1).
assert (HX : 1 <= X) by (apply mnet_X_ge; lra). split.
- apply temp26_c0_gt0; try lra; [apply mnet_err_ge; lra|apply mnet_qk_nonneg].
- apply (temp26_matrix_lower w n 3 2 X eps net); [lra|lra|lra|exact Hn].
Qed.

(** S-RASP with integers and Booleans from integers, gap 1/(2n^3): the constant of [brasp_net k p]. *)
Definition brasp_c0 (k : nat) (p : list bop) (eps : R) : R :=
  let X := mnet_X (bwidth k p) (brasp_net k p) 1 in
  temp26_c0 (mnet_err (bwidth k p) X 1 (brasp_net k p) 0) (mnet_qk (bwidth k p) (brasp_net k p)) X eps 2 3.

Theorem brasp_temp_lower (k n : nat) (p : list bop) (eps : R) : 0 < eps -> (2 <= n)%nat ->
  0 < brasp_c0 k p eps /\ brasp_c0 k p eps / (INR n ^ 3 * ln (INR n)) <= brasp_temp k n p eps.
Proof.
intros He Hn. unfold brasp_c0, brasp_temp. cbv zeta. set (w := bwidth k p). set (net := brasp_net k p). set (X := mnet_X w net 1).
assert (HX : 1 <= X) by (apply mnet_X_ge; lra). split.
- apply temp26_c0_gt0; try lra; [apply mnet_err_ge; lra|apply mnet_qk_nonneg].
- apply (temp26_matrix_lower w n 3 2 X eps net); [lra|lra|lra|exact Hn].
Qed.

(** Dyck-k through Appendix E's program ([dyck_srasp_correct]'s temperature, eps = 1/4). *)
Corollary dyck_srasp_temp_lower (k n : nat) : (2 <= n)%nat ->
  0 < brasp_c0 (k + k) (dyck_prog k) (/ 4)
  /\ brasp_c0 (k + k) (dyck_prog k) (/ 4) / (INR n ^ 3 * ln (INR n)) <= brasp_temp (k + k) n (dyck_prog k) (/ 4).
Proof. intros Hn. apply brasp_temp_lower; [lra|exact Hn]. Qed.

(** Any network of [TransformerModel] at gap 1/n with Lemma 29's X from a bound X0 of the input (the
    fixed networks of FlipFlop, Induction, Induction2 at X0 = 1, the LTL compiler's below): the constant
    of the network. *)
Definition gapn_c0 (net : list layer) (X0 eps : R) : R :=
  temp26_c0 (net_err (net_X net X0) 1 net 0) (net_csc net) (net_X net X0) eps 1 1.

Theorem temp26_gapn_lower (net : list layer) (n : nat) (X0 eps : R) : 0 <= X0 -> 0 < eps -> (2 <= n)%nat ->
  0 < gapn_c0 net X0 eps /\ gapn_c0 net X0 eps / (INR n * ln (INR n)) <= temp26 n (/ INR n) (net_X net X0) eps net.
Proof.
intros HX0 He Hn. unfold gapn_c0. assert (HX : X0 <= net_X net X0) by (apply net_X_ge; lra). split.
- apply temp26_c0_gt0; try lra; [apply net_err_ge; lra|apply net_csc_nonneg].
- replace (/ INR n) with (/ (1 * INR n ^ 1)) by (rewrite pow_1, Rmult_1_l; reflexivity).
  replace (INR n * ln (INR n)) with (INR n ^ 1 * ln (INR n)) by ring.
  apply (temp26_lower n 1 1 (net_X net X0) eps net); [lra|lra|lra|exact Hn].
Qed.

(** The LTL compiler's networks at gap 1/n (Theorem 12's [thm12_soft], [thm12], [thm13c] for the
    variants VTemperature and VCausalTemperature), Lemma 29's X from the bound 1: the constant of the
    network compiled from k, cq and the formula p (the compiler does not take n). *)
Definition ltl_c0 (k : nat) (v : variant) (cq : Q) (p : ltl) (eps : R) : R :=
  gapn_c0 (real_net (fst (compile k v cq p))) 1 eps.

Theorem ltl_temp_lower (k : nat) (v : variant) (cq : Q) (p : ltl) (n : nat) (eps : R) : 0 < eps -> (2 <= n)%nat ->
  0 < ltl_c0 k v cq p eps
  /\ ltl_c0 k v cq p eps / (INR n * ln (INR n))
     <= temp26 n (/ INR n) (net_X (real_net (fst (compile k v cq p))) 1) eps (real_net (fst (compile k v cq p))).
Proof. intros He Hn. apply temp26_gapn_lower; [lra|exact He|exact Hn]. Qed.
