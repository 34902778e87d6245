(** * The refute gallery, printed statements with their corrections (real and integer
    arithmetic): statements of seeds 000 and 003 that are false as printed, the Coq theorems of
    their negation, and the corrected statements proved for all parameters.

    A metric cannot take values in R_{>0} ([eq8_metric_codomain_printed]; corrected: R_{>=0},
    [eq8_metric_nonneg]); ln n vanishes at n = 1 ([eq4_1_log_factor_printed]; defined for
    n >= 2, [eq4_1_log_factor_defined], [eq4_1_lower_vacuous]); ceil(log2 m) selector bits
    cannot encode i = m when m is a power of 2 ([thm4_3_index_printed],
    [thm4_3_index_printed_pow2]; corrected 0-based code, [thm4_3_index_corrected]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra.
Open Scope R_scope.

(** ** navon.eq8-metric-codomain-as-printed (seed 003, eq. (8)): "d : Y x Y -> R_{>0} is some
    distance metric".  A metric has d(y, y) = 0, so on a nonempty Y no metric takes its values in
    R_{>0}. *)
Theorem eq8_metric_codomain_printed (Y : Type) (y0 : Y) (d : Y -> Y -> R) :
  (forall y, d y y = 0) -> ~ (forall y y', 0 < d y y').
Proof. intros Hdiag Hpos; specialize (Hpos y0 y0); rewrite Hdiag in Hpos; lra. Qed.

(** The corrected codomain R_{>=0}: the metric axioms force d >= 0,
    since 0 = d(x, x) <= d(x, y) + d(y, x) = 2 d(x, y). *)
Theorem eq8_metric_nonneg (Y : Type) (d : Y -> Y -> R) :
  (forall y, d y y = 0) -> (forall x y, d x y = d y x) ->
  (forall x y z, d x z <= d x y + d y z) -> forall x y, 0 <= d x y.
Proof.
intros Hdiag Hsym Htri x y.
pose proof (Htri x y x) as H; rewrite Hdiag, (Hsym y x) in H; lra.
Qed.

(** The note's own d_1 of eq. (15) at a constant prediction: d_1(y, y) = |y - y| = 0. *)
Lemma eq15_d1_diag (y : R) : Rabs (y - y) = 0.
Proof. replace (y - y) with 0 by ring; apply Rabs_R0. Qed.

(** ** quarks.eq4.1-log-factor-as-printed (seed 000, eqs. (4.1) and (4.3)): the factors
    (1 - 10/log n) and (1 - D/log n) are not defined for every n >= 1: log 1 = 0. *)
Theorem eq4_1_log_factor_printed : ~ (forall n : nat, (1 <= n)%nat -> ln (INR n) <> 0).
Proof. intros H; apply (H 1%nat); [lia | simpl; apply ln_1]. Qed.

(** Corrected: for n >= 2, log n > 0, so the factors are defined. *)
Theorem eq4_1_log_factor_defined (n : nat) : (2 <= n)%nat -> 0 < ln (INR n).
Proof.
intros Hn; rewrite <- ln_1; apply ln_increasing; [lra|].
apply (lt_INR 1 n) in Hn; simpl in Hn; lra.
Qed.

(** ln 2 < 1, since 2 < e (exp x > 1 + x for x <> 0). *)
Lemma ln2_lt_1 : ln 2 < 1.
Proof.
rewrite <- (ln_exp 1); apply ln_increasing; [lra|].
pose proof (exp_ineq1 1 R1_neq_R0); lra.
Qed.

(** For 2 <= n <= 2^10 the lower bound of eq. (4.1) is negative, hence vacuous:
    ln n <= 10 ln 2 < 10, so 1 - 10 / ln n < 0. *)
Theorem eq4_1_lower_vacuous (n : nat) :
  (2 <= n <= 2 ^ 10)%nat -> 1 - 10 / ln (INR n) < 0.
Proof.
intros [H2 H10].
pose proof (eq4_1_log_factor_defined n H2) as Hpos.
assert (Hle : ln (INR n) <= 10 * ln 2).
{ replace (10 * ln 2) with (INR 10 * ln 2) by (simpl; ring).
  rewrite <- ln_pow by lra.
  assert (Hn : INR n <= 2 ^ 10).
  { apply le_INR in H10; rewrite pow_INR in H10; simpl in H10 |- *; lra. }
  destruct (Rle_lt_or_eq_dec _ _ Hn) as [Hlt | ->]; [|right; reflexivity].
  left; apply ln_increasing; [apply (lt_INR 0 n); lia | exact Hlt]. }
pose proof ln2_lt_1.
assert (ln (INR n) < 10) by lra.
apply (Rmult_lt_reg_r (ln (INR n))); [lra|].
replace ((1 - 10 / ln (INR n)) * ln (INR n)) with (ln (INR n) - 10) by (field; lra).
lra.
Qed.

(** ** quarks.thm4.3-index-encoding-as-printed (seed 000, proof of Theorem 4.3): the selector x^-
    of n^- = ceil(log2 m) bits "represents the digit i", i in {1..m}.  Binary words of
    ceil(log2 m) bits write 0 .. 2^ceil(log2 m) - 1, and i = m = 2 does not fit in one bit. *)
Theorem thm4_3_index_printed :
  ~ (forall m i : nat, (1 <= i <= m)%nat -> (i < 2 ^ Nat.log2_up m)%nat).
Proof. intros H; specialize (H 2%nat 2%nat); simpl in H; lia. Qed.

(** More: i = m never fits when m is a power of 2, m = 2^b (b = ceil(log2 m)). *)
Theorem thm4_3_index_printed_pow2 (b : nat) : ~ (2 ^ b < 2 ^ Nat.log2_up (2 ^ b))%nat.
Proof. rewrite Nat.log2_up_pow2 by lia; lia. Qed.

(** Corrected: unit i is selected by the code i - 1, and i - 1 < m <= 2^ceil(log2 m). *)
Theorem thm4_3_index_corrected (m i : nat) :
  (1 <= i <= m)%nat -> (i - 1 < 2 ^ Nat.log2_up m)%nat.
Proof.
intros Hi; destruct (Nat.log2_log2_up_spec m) as [_ Hm]; lia.
Qed.
