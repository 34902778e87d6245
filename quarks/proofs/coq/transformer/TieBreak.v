(** * Seed 004, Lemma 8: tie-breaking by a small position term (our form and constants).

    For integer-spaced scores s on 0..n-1, tau = 1/(c n) and r the rightmost maximum of s, the
    tie-broken scores (s_j + j/(2n)) / tau put softmax within 2 (x/(1 - x) + n e^(-1/(2 tau))),
    x = e^(-c/2), of e_r in L1 ([lemma8_tiebreak]); [lemma8_tiebreak_left] is the leftmost form.
    The glue [l1_le_rsum] and the bounds on tied and untied terms do the work. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool.
From Quarks Require Import RSum Softmax.
Open Scope R_scope.

(** Glue: if every off-t term satisfies exp(s_j - s_t) <= g_j (and 0 <= g_t), then
    ||softmax(s) - e_t||_1 = 2 off_mass / Z <= 2 off_mass / exp(s_t) <= 2 sum_j g_j. *)
Lemma l1_le_rsum (s : nat -> R) (n t : nat) (g : nat -> R) : (t < n)%nat -> 0 <= g t ->
  (forall j, (j < n)%nat -> j <> t -> exp (s j - s t) <= g j) ->
  l1 s n t <= 2 * rsum g 0 n.
Proof.
intros Ht Hgt Hg.
assert (Hsum : rsum (fun j => if Nat.eqb j t then 0 else exp (s j - s t)) 0 n <= rsum g 0 n).
{ apply rsum_le. intros j Hj. destruct (Nat.eqb j t) eqn:E.
  - apply Nat.eqb_eq in E. subst j. exact Hgt.
  - apply Nat.eqb_neq in E. apply Hg; lia. }
destruct (softmax_l1_to_e s n t Ht) as [_ ->].
pose proof (off_mass_over_partition s n t Ht) as H. rewrite off_mass_rel in H.
unfold Rdiv in *. lra.
Qed.

(** x = e^(-c/2) lies in [0, 1) for c > 0. *)
Lemma exp_neg_half_range (c : R) : 0 < c -> 0 <= exp (- c / 2) < 1.
Proof.
intros Hc. split; [apply Rlt_le, exp_pos|]. rewrite <- exp_0. apply exp_increasing. lra.
Qed.

(** The tied terms left of r: sum_{j < n} [j < r] x^(r - j) = x + .. + x^r <= x / (1 - x). *)
Lemma rsum_geom_left (x : R) (n r : nat) : (r <= n)%nat -> 0 <= x < 1 ->
  rsum (fun j => if (j <? r)%nat then x ^ (r - j) else 0) 0 n <= x / (1 - x).
Proof.
intros Hr Hx. replace n with (r + (n - r))%nat by lia. rewrite rsum_split.
rewrite (rsum_ext _ (fun j => x ^ (r - j)) 0 r)
  by (intros j Hj; replace (j <? r)%nat with true by (symmetry; apply Nat.ltb_lt; lia); reflexivity).
rewrite (rsum_ext _ (fun _ => 0) (0 + r))
  by (intros j Hj; replace (j <? r)%nat with false by (symmetry; apply Nat.ltb_ge; lia); reflexivity).
rewrite rsum_const, (rsum_reverse (fun m => x ^ m)). pose proof (rsum_geom_le x r Hx). lra.
Qed.

(** The tied terms right of l: sum_{j < n} [l < j] x^(j - l) = x + .. + x^(n-1-l) <= x / (1 - x). *)
Lemma rsum_geom_right (x : R) (n l : nat) : (l < n)%nat -> 0 <= x < 1 ->
  rsum (fun j => if (l <? j)%nat then x ^ (j - l) else 0) 0 n <= x / (1 - x).
Proof.
intros Hl Hx. replace n with (S l + (n - S l))%nat by lia. rewrite rsum_split.
rewrite (rsum_ext _ (fun _ => 0) 0 (S l))
  by (intros j Hj; replace (l <? j)%nat with false by (symmetry; apply Nat.ltb_ge; lia); reflexivity).
replace (0 + S l)%nat with (l + 1)%nat by lia. rewrite rsum_shift_by.
rewrite (rsum_ext _ (fun m => x ^ m) 1)
  by (intros j Hj; replace (l <? l + j)%nat with true by (symmetry; apply Nat.ltb_lt; lia);
      f_equal; lia).
rewrite rsum_const. pose proof (rsum_geom_le x (n - S l) Hx). lra.
Qed.

(** Integer gaps: if s_j <= s_t and s_j <> s_t, then s_j <= s_t - 1. *)
Lemma gap_one (a b : R) : a = b \/ 1 <= Rabs (a - b) -> a <= b -> a <> b -> a <= b - 1.
Proof.
intros [E|H] Hle Hne; [contradiction|]. rewrite Rabs_left1 in H by lra. lra.
Qed.

(** A tie term moves by less than 1/2 between positions i, j < n: (j - i) / (2 n) < 1/2. *)
Lemma tie_small (n i j : nat) : (i < n)%nat -> (j < n)%nat -> (INR j - INR i) / (2 * INR n) < 1 / 2.
Proof.
intros Hi Hj. assert (INR (S j) <= INR n) by (apply le_INR; lia). rewrite S_INR in H.
pose proof (pos_INR i). pose proof (pos_INR j).
apply Rmult_lt_reg_r with (2 * INR n); [lra|].
unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

(** The scaled scores s'_j = (s_j + sigma j / (2 n)) / tau with 1/tau = c n (sigma = +1 on the
    right, -1 on the left): s'_j - s'_t = c n (s_j - s_t) + sigma c (j - t) / 2. *)
Lemma scaled_diff (s : nat -> R) (n j t : nat) (c tau sigma : R) : (0 < n)%nat -> 0 < c ->
  tau = 1 / (c * INR n) ->
  (s j + sigma * INR j / (2 * INR n)) / tau - (s t + sigma * INR t / (2 * INR n)) / tau
  = c * INR n * (s j - s t) + sigma * c * (INR j - INR t) / 2.
Proof.
intros Hn Hc ->. assert (0 < INR n) by (apply lt_0_INR; lia). field. lra.
Qed.

(** An untied off-t term: s_j <= s_t - 1, and the tie term moves by less than 1/2, so
    s'_j - s'_t <= c n (-1 + 1/2) = -1/(2 tau). *)
Lemma untied_term (s : nat -> R) (n j t : nat) (c tau sigma D : R) : (j < n)%nat -> (t < n)%nat ->
  0 < c -> tau = 1 / (c * INR n) -> sigma = 1 \/ sigma = -1 ->
  D = c * INR n * (s j - s t) + sigma * c * (INR j - INR t) / 2 ->
  s j <= s t - 1 -> exp D <= exp (- 1 / (2 * tau)).
Proof.
intros Hj Ht Hc Htau Hsig -> Hgap. apply exp_mono.
assert (0 < INR n) by (apply lt_0_INR; lia).
assert (Hsmall : sigma * (INR j - INR t) / (2 * INR n) < 1 / 2).
{ destruct Hsig as [-> | ->].
  - replace (1 * (INR j - INR t)) with (INR j - INR t) by ring. apply tie_small; assumption.
  - replace (-1 * (INR j - INR t)) with (INR t - INR j) by ring. apply tie_small; assumption. }
replace (- 1 / (2 * tau)) with (- c * INR n / 2) by (subst tau; field; lra).
replace (sigma * c * (INR j - INR t) / 2) with (c * INR n * (sigma * (INR j - INR t) / (2 * INR n)))
  by (field; lra).
assert (0 < c * INR n) by nra. nra.
Qed.

(** A tied term: if s_j = s_t and sigma (t - j) = d, then s'_j - s'_t = -(c/2) d, so
    exp(s'_j - s'_t) = x^d. *)
Lemma tied_term (s : nat -> R) (n j t d : nat) (c sigma D : R) :
  D = c * INR n * (s j - s t) + sigma * c * (INR j - INR t) / 2 ->
  s j = s t -> sigma * (INR t - INR j) = INR d -> exp D = exp (- c / 2) ^ d.
Proof.
intros -> Heq Hd. rewrite Heq, <- exp_mult_nat. f_equal. rewrite <- Hd. field.
Qed.

(** ** Lemma 8, rightmost form.  For integer-spaced scores s on 0..n-1 (distinct values at
    least 1 apart), tau = 1/(c n), and r the rightmost maximum of s, the tie-broken scores
    s'_j = (s_j + j/(2n)) / tau give
      ||softmax(s') - e_r||_1 <= 2 (x / (1 - x) + n e^(-1/(2 tau))),  x = e^(-c/2). *)
Theorem lemma8_tiebreak (s : nat -> R) (n r : nat) (c tau : R) :
  (r < n)%nat -> 0 < c -> tau = 1 / (c * INR n) ->
  (forall i j, (i < n)%nat -> (j < n)%nat -> s i = s j \/ 1 <= Rabs (s i - s j)) ->
  (forall j, (j < n)%nat -> s j <= s r) ->
  (forall j, (r < j < n)%nat -> s j < s r) ->
  l1 (fun j => (s j + INR j / (2 * INR n)) / tau) n r
  <= 2 * (exp (- c / 2) / (1 - exp (- c / 2)) + INR n * exp (- 1 / (2 * tau))).
Proof.
intros Hr Hc Htau Hint Hmax Hright.
set (x := exp (- c / 2)). set (e := exp (- 1 / (2 * tau))).
pose proof (exp_neg_half_range c Hc) as Hx. fold x in Hx.
assert (He : 0 <= e) by (apply Rlt_le, exp_pos).
assert (HnR : 0 < INR n) by (apply lt_0_INR; lia).
(* the per-position bound g_j = [j < r] x^(r - j) + e^(-1/(2 tau)) *)
set (g := fun j => (if (j <? r)%nat then x ^ (r - j) else 0) + e).
apply Rle_trans with (2 * rsum g 0 n).
- apply l1_le_rsum; [exact Hr | unfold g; rewrite Nat.ltb_irrefl; lra |].
  intros j Hj Hjr. unfold g.
  (* the difference s'_j - s'_r, with sigma = 1 *)
  assert (HD := scaled_diff s n j r c tau 1 ltac:(lia) Hc Htau).
  rewrite (Rmult_1_l (INR j)), (Rmult_1_l (INR r)) in HD.
  destruct (Req_dec (s j) (s r)) as [Heq|Hne].
  + (* a tie: j < r since r is the rightmost maximum, and the term is x^(r - j) *)
    assert (Hjr' : (j < r)%nat).
    { destruct (Nat.lt_ge_cases j r) as [H|H]; [exact H|].
      pose proof (Hright j ltac:(lia)). lra. }
    replace (j <? r)%nat with true by (symmetry; apply Nat.ltb_lt; exact Hjr').
    rewrite (tied_term s n j r (r - j) c 1 _ HD Heq) by (rewrite minus_INR by lia; ring).
    fold x. lra.
  + (* no tie: s_j <= s_r - 1, and the term is at most e^(-1/(2 tau)) *)
    pose proof (gap_one (s j) (s r) (Hint j r Hj Hr) (Hmax j Hj) Hne) as Hgap.
    pose proof (untied_term s n j r c tau 1 _ Hj Hr Hc Htau (or_introl eq_refl) HD Hgap) as H.
    fold e in H.
    assert (0 <= if (j <? r)%nat then x ^ (r - j) else 0)
      by (destruct (j <? r)%nat; [apply pow_le; lra | lra]).
    lra.
- unfold g. rewrite rsum_plus, rsum_const.
  pose proof (rsum_geom_left x n r ltac:(lia) Hx). lra.
Qed.

(** ** Lemma 8, leftmost form: with l the leftmost maximum and the tie term -j/(2n),
      ||softmax((s_j - j/(2n)) / tau) - e_l||_1 <= 2 (x / (1 - x) + n e^(-1/(2 tau))). *)
Theorem lemma8_tiebreak_left (s : nat -> R) (n l : nat) (c tau : R) :
  (l < n)%nat -> 0 < c -> tau = 1 / (c * INR n) ->
  (forall i j, (i < n)%nat -> (j < n)%nat -> s i = s j \/ 1 <= Rabs (s i - s j)) ->
  (forall j, (j < n)%nat -> s j <= s l) ->
  (forall j, (j < l)%nat -> s j < s l) ->
  l1 (fun j => (s j - INR j / (2 * INR n)) / tau) n l
  <= 2 * (exp (- c / 2) / (1 - exp (- c / 2)) + INR n * exp (- 1 / (2 * tau))).
Proof.
intros Hl Hc Htau Hint Hmax Hleft.
set (x := exp (- c / 2)). set (e := exp (- 1 / (2 * tau))).
pose proof (exp_neg_half_range c Hc) as Hx. fold x in Hx.
assert (He : 0 <= e) by (apply Rlt_le, exp_pos).
assert (HnR : 0 < INR n) by (apply lt_0_INR; lia).
(* the per-position bound g_j = [l < j] x^(j - l) + e^(-1/(2 tau)) *)
set (g := fun j => (if (l <? j)%nat then x ^ (j - l) else 0) + e).
apply Rle_trans with (2 * rsum g 0 n).
- apply l1_le_rsum; [exact Hl | unfold g; rewrite Nat.ltb_irrefl; lra |].
  intros j Hj Hjl. unfold g.
  (* the difference s'_j - s'_l, with sigma = -1 *)
  assert (HD : (s j - INR j / (2 * INR n)) / tau - (s l - INR l / (2 * INR n)) / tau
               = c * INR n * (s j - s l) + -1 * c * (INR j - INR l) / 2).
  { replace (s j - INR j / (2 * INR n)) with (s j + -1 * INR j / (2 * INR n)) by (unfold Rdiv; ring).
    replace (s l - INR l / (2 * INR n)) with (s l + -1 * INR l / (2 * INR n)) by (unfold Rdiv; ring).
    apply (scaled_diff s n j l c tau (-1) ltac:(lia) Hc Htau). }
  destruct (Req_dec (s j) (s l)) as [Heq|Hne].
  + (* a tie: l < j since l is the leftmost maximum, and the term is x^(j - l) *)
    assert (Hjl' : (l < j)%nat).
    { destruct (Nat.lt_ge_cases l j) as [H|H]; [exact H|].
      pose proof (Hleft j ltac:(lia)). lra. }
    replace (l <? j)%nat with true by (symmetry; apply Nat.ltb_lt; exact Hjl').
    rewrite (tied_term s n j l (j - l) c (-1) _ HD Heq) by (rewrite minus_INR by lia; ring).
    fold x. lra.
  + (* no tie: s_j <= s_l - 1, and the term is at most e^(-1/(2 tau)) *)
    pose proof (gap_one (s j) (s l) (Hint j l Hj Hl) (Hmax j Hj) Hne) as Hgap.
    pose proof (untied_term s n j l c tau (-1) _ Hj Hl Hc Htau (or_intror eq_refl) HD Hgap) as H.
    fold e in H.
    assert (0 <= if (l <? j)%nat then x ^ (j - l) else 0)
      by (destruct (l <? j)%nat; [apply pow_le; lra | lra]).
    lra.
- unfold g. rewrite rsum_plus, rsum_const.
  pose proof (rsum_geom_right x n l Hl Hx). lra.
Qed.
