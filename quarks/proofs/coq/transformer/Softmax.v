(** * Seed 004, Lemmas 6 and 7: softmax with a clear winner is close to hardmax in L1.

    Definitions: [softmax], [hardmax], the L1 distance [l1] to the unit vector e_t and the mass
    [off_mass] off t.  Lemma 6: a gap g between the top score and the others gives
    ||softmax - e_t||_1 <= 2 (n - 1) e^(-g) ([lemma6_gap]), and scores falling off geometrically
    give a tail bound ([lemma6_geom_tail], [lemma6_geom_c2] and the reversed forms); Lemma 7:
    the table lookup ([lemma7_lookup]).  Also sums over [rsum]: geometric series, shifts, splits. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool.
From Quarks Require Import RSum.
Open Scope R_scope.

(** Clearing a positive denominator. *)
Lemma div_le (a b c : R) : 0 < b -> a <= c * b -> a / b <= c.
Proof. intros Hb H. apply (Rmult_le_reg_r b); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l; lra. Qed.

Lemma le_div (a b c : R) : 0 < b -> a * b <= c -> a <= c / b.
Proof. intros Hb H. apply (Rmult_le_reg_r b); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l; lra. Qed.

Lemma exp_mono (x y : R) : x <= y -> exp x <= exp y.
Proof. intros [H|H]; [apply Rlt_le, exp_increasing, H | rewrite H; lra]. Qed.

(** ** General facts about [rsum]. *)

Lemma rsum_le (f g : nat -> R) (a m : nat) :
  (forall j, (a <= j < a + m)%nat -> f j <= g j) -> rsum f a m <= rsum g a m.
Proof.
induction m as [|m IH]; intros H; simpl; [lra|].
apply Rplus_le_compat; [apply IH; intros; apply H; lia | apply H; lia].
Qed.

Lemma rsum_nonneg (f : nat -> R) (a m : nat) :
  (forall j, (a <= j < a + m)%nat -> 0 <= f j) -> 0 <= rsum f a m.
Proof.
intros H. induction m as [|m IH]; simpl; [lra|].
assert (0 <= f (a + m)%nat) by (apply H; lia).
assert (0 <= rsum f a m) by (apply IH; intros; apply H; lia). lra.
Qed.

Lemma rsum_const (c : R) (a m : nat) : rsum (fun _ => c) a m = INR m * c.
Proof. induction m as [|m IH]; simpl rsum; [simpl; ring|rewrite IH, S_INR; ring]. Qed.

(** Split off the first term, and shift the index by one. *)
Lemma rsum_first (f : nat -> R) (a m : nat) : rsum f a (S m) = f a + rsum f (S a) m.
Proof.
induction m as [|m IH]; simpl rsum in *.
- rewrite Nat.add_0_r. ring.
- rewrite IH. replace (a + S m)%nat with (S a + m)%nat by lia. simpl. ring.
Qed.

Lemma rsum_shift (f : nat -> R) (a m : nat) : rsum f (S a) m = rsum (fun j => f (S j)) a m.
Proof. induction m as [|m IH]; simpl; [reflexivity|rewrite IH; reflexivity]. Qed.

(** sum_{k < m1 + m2} = sum_{k < m1} + the next m2 terms. *)
Lemma rsum_split (f : nat -> R) (a m1 m2 : nat) :
  rsum f a (m1 + m2) = rsum f a m1 + rsum f (a + m1) m2.
Proof.
induction m2 as [|m2 IH]; simpl rsum.
- rewrite Nat.add_0_r. ring.
- rewrite Nat.add_succ_r. simpl rsum. rewrite IH, Nat.add_assoc. ring.
Qed.

(** Reversal: sum_{j < t} g (t - j) = sum_{m = 1}^{t} g m. *)
Lemma rsum_reverse (g : nat -> R) (t : nat) : rsum (fun j => g (t - j)%nat) 0 t = rsum g 1 t.
Proof.
induction t as [|t IH]; [reflexivity|].
rewrite rsum_first, rsum_shift. simpl (S t - 0)%nat.
rewrite (rsum_ext (fun j => g (S t - S j)%nat) (fun j => g (t - j)%nat)) by (intros; f_equal).
rewrite IH. simpl rsum. replace (1 + t)%nat with (S t) by lia. ring.
Qed.

(** Geometric partial sums: (1 - q) sum_{m=1}^{M} q^m = q - q^(M+1), so the sum is at most
    q / (1 - q) when 0 <= q < 1. *)
Lemma rsum_geom (q : R) (M : nat) : (1 - q) * rsum (fun m => q ^ m) 1 M = q - q ^ (S M).
Proof.
induction M as [|M IH]; simpl rsum; [simpl; ring|].
rewrite Rmult_plus_distr_l, IH. replace (1 + M)%nat with (S M) by lia. simpl. ring.
Qed.

Lemma rsum_geom_le (q : R) (M : nat) : 0 <= q < 1 -> rsum (fun m => q ^ m) 1 M <= q / (1 - q).
Proof.
intros Hq. pose proof (rsum_geom q M) as E.
assert (0 <= q ^ S M) by (apply pow_le; lra).
apply le_div; [lra|]. lra.
Qed.

(** ** Softmax, hardmax and their L1 distance over positions 0..n-1. *)

(** The normaliser (partition function) Z = sum_k exp(s_k). *)
Definition partition (s : nat -> R) (n : nat) : R := rsum (fun k => exp (s k)) 0 n.

Definition softmax (s : nat -> R) (n j : nat) : R := exp (s j) / partition s n.

(** The unit vector e_t: hardmax when the maximum is at t and unique. *)
Definition hardmax (t j : nat) : R := if Nat.eqb j t then 1 else 0.

Definition l1 (s : nat -> R) (n t : nat) : R := rsum (fun j => Rabs (softmax s n j - hardmax t j)) 0 n.

(** The mass off t: sum_{j != t} exp(s_j). *)
Definition off_mass (s : nat -> R) (n t : nat) : R := rsum (fun j => if Nat.eqb j t then 0 else exp (s j)) 0 n.

Lemma off_mass_nonneg (s : nat -> R) (n t : nat) : 0 <= off_mass s n t.
Proof.
apply rsum_nonneg. intros j _. destruct (Nat.eqb j t); [lra|apply Rlt_le, exp_pos].
Qed.

(** Z = exp(s_t) + sum_{j != t} exp(s_j). *)
Lemma partition_rest (s : nat -> R) (n t : nat) : (t < n)%nat -> partition s n = exp (s t) + off_mass s n t.
Proof.
intros Ht. unfold off_mass, partition.
rewrite (rsum_ext (fun j => if Nat.eqb j t then 0 else exp (s j))
                  (fun j => exp (s j) + (- exp (s j)) * (if Nat.eqb j t then 1 else 0)))
  by (intros j _; destruct (Nat.eqb j t); ring).
rewrite rsum_plus, rsum_indicator.
replace ((0 <=? t) && (t <? 0 + n))%nat with true
  by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
ring.
Qed.

Lemma partition_ge (s : nat -> R) (n t : nat) : (t < n)%nat -> exp (s t) <= partition s n.
Proof. intros Ht. rewrite (partition_rest s n t Ht). pose proof (off_mass_nonneg s n t). lra. Qed.

Lemma partition_pos (s : nat -> R) (n t : nat) : (t < n)%nat -> 0 < partition s n.
Proof. intros Ht. pose proof (partition_ge s n t Ht). pose proof (exp_pos (s t)). lra. Qed.

(** Softmax is a probability vector. *)
Lemma softmax_sum (s : nat -> R) (n t : nat) : (t < n)%nat -> rsum (softmax s n) 0 n = 1.
Proof.
intros Ht. pose proof (partition_pos s n t Ht).
unfold softmax. rewrite (rsum_ext _ (fun j => / partition s n * exp (s j))) by (intros; unfold Rdiv; ring).
rewrite rsum_scal. fold (partition s n). field. lra.
Qed.

Lemma softmax_bounds (s : nat -> R) (n t j : nat) : (t < n)%nat -> (j < n)%nat ->
  0 <= softmax s n j <= 1.
Proof.
intros Ht Hj. pose proof (partition_pos s n t Ht). pose proof (partition_ge s n j Hj).
pose proof (exp_pos (s j)). unfold softmax. split.
- apply Rlt_le, Rdiv_lt_0_compat; lra.
- apply div_le; lra.
Qed.

(** The L1 distance from softmax to e_t is 2 (1 - softmax_t) = 2 sum_{j != t} exp(s_j) / Z. *)
Lemma softmax_l1_to_e (s : nat -> R) (n t : nat) : (t < n)%nat ->
  l1 s n t = 2 * (1 - softmax s n t) /\ l1 s n t = 2 * off_mass s n t / partition s n.
Proof.
intros Ht.
assert (E1 : l1 s n t = 2 * (1 - softmax s n t)).
{ unfold l1.
  rewrite (rsum_ext _ (fun j => softmax s n j + (1 - 2 * softmax s n j) * (if Nat.eqb j t then 1 else 0))).
  2: { intros j Hj. pose proof (softmax_bounds s n t j Ht ltac:(lia)). unfold hardmax.
       destruct (Nat.eqb j t) eqn:E.
       - rewrite Rabs_left1 by lra. ring.
       - rewrite Rabs_pos_eq by lra. ring. }
  rewrite rsum_plus, rsum_indicator, (softmax_sum s n t Ht).
  replace ((0 <=? t) && (t <? 0 + n))%nat with true
    by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
  ring. }
split; [exact E1|]. rewrite E1.
pose proof (partition_pos s n t Ht). pose proof (partition_rest s n t Ht).
unfold softmax. field_simplify; [|lra|lra]. f_equal. lra.
Qed.

(** Since Z >= exp(s_t): (off-t mass) / Z <= (off-t mass) / exp(s_t). *)
Lemma off_mass_over_partition (s : nat -> R) (n t : nat) : (t < n)%nat ->
  off_mass s n t / partition s n <= off_mass s n t / exp (s t).
Proof.
intros Ht. pose proof (partition_ge s n t Ht). pose proof (exp_pos (s t)). pose proof (off_mass_nonneg s n t).
unfold Rdiv. apply Rmult_le_compat_l; [lra|]. apply Rinv_le_contravar; lra.
Qed.

(** Lemma 6 (gap form): if every other score is at least gamma below s_t, the L1 distance
    from softmax to e_t is at most 2 (n - 1) e^(-gamma). *)
Lemma lemma6_gap (s : nat -> R) (n t : nat) (gamma : R) : (t < n)%nat -> 0 <= gamma ->
  (forall j, (j < n)%nat -> j <> t -> s j <= s t - gamma) ->
  l1 s n t <= 2 * (INR n - 1) * exp (- gamma).
Proof.
intros Ht Hg Hs. destruct (softmax_l1_to_e s n t Ht) as [_ ->].
assert (Hr : off_mass s n t <= (INR n - 1) * exp (s t - gamma)).
{ unfold off_mass.
  apply Rle_trans with (rsum (fun j => exp (s t - gamma) + (- exp (s t - gamma)) * (if Nat.eqb j t then 1 else 0)) 0 n).
  - apply rsum_le. intros j Hj. destruct (Nat.eqb j t) eqn:E; [lra|].
    apply Nat.eqb_neq in E. apply Rplus_le_reg_r with 0. ring_simplify.
    apply exp_mono, Hs; lia.
  - rewrite rsum_plus, rsum_const, rsum_indicator.
    replace ((0 <=? t) && (t <? 0 + n))%nat with true
      by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
    lra. }
pose proof (off_mass_over_partition s n t Ht). pose proof (exp_pos (s t)).
assert (off_mass s n t / exp (s t) <= (INR n - 1) * exp (- gamma)).
{ apply div_le; [lra|]. unfold Rminus at 2 in Hr. rewrite exp_plus in Hr. lra. }
unfold Rdiv in *. lra.
Qed.

(** exp(x d) = (exp x)^d for a natural d. *)
Lemma exp_mult_nat (x : R) (d : nat) : exp (x * INR d) = exp x ^ d.
Proof.
induction d as [|d IH]; [simpl; rewrite Rmult_0_r; apply exp_0|].
rewrite S_INR, Rmult_plus_distr_l, Rmult_1_r, exp_plus, IH. simpl. ring.
Qed.

Lemma rsum_shift_by (f : nat -> R) (a b m : nat) : rsum f (b + a) m = rsum (fun j => f (b + j)%nat) a m.
Proof. induction m as [|m IH]; simpl; [reflexivity|]. rewrite IH, Nat.add_assoc. reflexivity. Qed.

(** The off-t mass relative to exp(s_t): sum_{j != t} exp(s_j - s_t). *)
Lemma off_mass_rel (s : nat -> R) (n t : nat) :
  off_mass s n t / exp (s t) = rsum (fun j => if Nat.eqb j t then 0 else exp (s j - s t)) 0 n.
Proof.
unfold off_mass, Rdiv. rewrite Rmult_comm, <- rsum_scal. apply rsum_ext. intros j _.
destruct (Nat.eqb j t); [ring|]. unfold Rminus. rewrite exp_plus, exp_Ropp. ring.
Qed.

(** Lemma 6 (fall-off form): if s_j <= s_t - p |j - t| for all j, with p > 0, then with
    q = e^(-p) the off-t mass is at most 2 (q + q^2 + ..) = 2 q / (1 - q) times exp(s_t), so
    the L1 distance is at most 4 q / (1 - q).  (The constant 4 is ours.) *)
Lemma lemma6_falloff (s : nat -> R) (n t : nat) (p : R) : (t < n)%nat -> 0 < p ->
  (forall j, (j < n)%nat -> s j <= s t - p * Rabs (INR j - INR t)) ->
  l1 s n t <= 4 * exp (- p) / (1 - exp (- p)).
Proof.
intros Ht Hp Hs. set (q := exp (- p)).
assert (Hq : 0 <= q < 1).
{ unfold q. split; [apply Rlt_le, exp_pos|]. rewrite <- exp_0. apply exp_increasing. lra. }
(* one term at distance d from t *)
assert (Hterm : forall j d, (j < n)%nat -> Rabs (INR j - INR t) = INR d -> exp (s j - s t) <= q ^ d).
{ intros j d Hj Hd. unfold q. rewrite <- exp_mult_nat. apply exp_mono.
  specialize (Hs j Hj). rewrite Hd in Hs. lra. }
set (F := fun j => if Nat.eqb j t then 0 else exp (s j - s t)).
assert (Hsplit : rsum F 0 n = rsum F 0 t + rsum F (t + 1) (n - t - 1)).
{ replace n with (t + S (n - t - 1))%nat at 1 by lia.
  rewrite rsum_split, rsum_first. simpl (0 + t)%nat.
  replace (t + 1)%nat with (S t) by lia.
  unfold F at 2. rewrite Nat.eqb_refl. ring. }
assert (Hleft : rsum F 0 t <= q / (1 - q)).
{ apply Rle_trans with (rsum (fun j => q ^ (t - j)) 0 t); [|rewrite rsum_reverse; apply rsum_geom_le, Hq].
  apply rsum_le. intros j Hj. unfold F.
  replace (Nat.eqb j t) with false by (symmetry; apply Nat.eqb_neq; lia).
  apply Hterm; [lia|]. rewrite minus_INR by lia.
  rewrite Rabs_minus_sym. apply Rabs_pos_eq.
  assert (INR j <= INR t) by (apply le_INR; lia). lra. }
assert (Hright : rsum F (t + 1) (n - t - 1) <= q / (1 - q)).
{ rewrite rsum_shift_by.
  apply Rle_trans with (rsum (fun m => q ^ m) 1 (n - t - 1)); [|apply rsum_geom_le, Hq].
  apply rsum_le. intros j Hj. unfold F.
  replace (Nat.eqb (t + j) t) with false by (symmetry; apply Nat.eqb_neq; lia).
  apply Hterm; [lia|]. rewrite plus_INR.
  replace (INR t + INR j - INR t) with (INR j) by ring. apply Rabs_pos_eq, pos_INR. }
destruct (softmax_l1_to_e s n t Ht) as [_ ->].
pose proof (off_mass_over_partition s n t Ht). rewrite off_mass_rel in H. fold F in H.
assert (E : 4 * q / (1 - q) = 2 * (q / (1 - q) + q / (1 - q))) by (field; lra).
rewrite E. unfold Rdiv in *. lra.
Qed.

(** Distinct naturals are at distance >= 1, so |j - i| <= (j - i)^2. *)
Lemma sq_ge_abs_nat (i j : nat) : Rabs (INR j - INR i) <= (INR j - INR i) ^ 2.
Proof.
destruct (Nat.lt_trichotomy j i) as [H|[H|H]].
- assert (INR (S j) <= INR i) by (apply le_INR; lia). rewrite S_INR in *.
  rewrite Rabs_left by lra. nra.
- subst. replace (INR i - INR i) with 0 by ring. rewrite Rabs_R0. simpl. lra.
- assert (INR (S i) <= INR j) by (apply le_INR; lia). rewrite S_INR in *.
  rewrite Rabs_pos_eq by lra. nra.
Qed.

(** Lemma 7 (table lookup): the scores s_j = (2 i j - j^2) / tau peak at the queried index i
    and fall off quadratically, s_j - s_i = -(j - i)^2 / tau <= -|j - i| / tau, so the fall-off
    form of Lemma 6 with p = 1/tau bounds the L1 distance to e_i by 4 e^(-1/tau) / (1 - e^(-1/tau)),
    for every n and every tau > 0 (no upper bound on tau is needed).  This constant is the one the
    fall-off form yields; our Python notes state 2 (2 + tau) e^(-1/tau), which is not proved here. *)
Lemma lemma7_lookup (n i : nat) (tau : R) : (i < n)%nat -> 0 < tau ->
  l1 (fun j => (2 * INR i * INR j - INR j ^ 2) / tau) n i
  <= 4 * exp (- (1 / tau)) / (1 - exp (- (1 / tau))).
Proof.
intros Hi Htau. apply lemma6_falloff; [exact Hi | apply Rdiv_lt_0_compat; lra |].
intros j _. pose proof (sq_ge_abs_nat i j).
apply (Rmult_le_reg_r tau); [exact Htau|].
replace ((2 * INR i * INR j - INR j ^ 2) / tau * tau) with (2 * INR i * INR j - INR j ^ 2) by (field; lra).
replace (((2 * INR i * INR i - INR i ^ 2) / tau - 1 / tau * Rabs (INR j - INR i)) * tau)
  with (INR i ^ 2 - Rabs (INR j - INR i)) by (field; lra).
nra.
Qed.

(** Lemma 6 (geometric tail, one-sided fall-off): if the scores before t fall off at rate p
    (s_j <= s_t - p (t - j)) and every score after t is at least G below s_t, then the softmax
    weight off t is at most q / (1 - q) + (n - t - 1) e^(-G), q = e^(-p), for every n.  This is
    the form of the LTL selection heads (notes/soft-hard.md): the candidates before the top fall
    off geometrically and the rest sit a whole gap of order n below. *)
Lemma lemma6_geom_tail (s : nat -> R) (n t : nat) (p G : R) : (t < n)%nat -> 0 < p ->
  (forall j, (j < t)%nat -> s j <= s t - p * INR (t - j)) ->
  (forall j, (t < j < n)%nat -> s j <= s t - G) ->
  off_mass s n t / partition s n <= exp (- p) / (1 - exp (- p)) + INR (n - t - 1) * exp (- G).
Proof.
intros Ht Hp Hl Hr. set (q := exp (- p)).
assert (Hq : 0 <= q < 1).
{ unfold q. split; [apply Rlt_le, exp_pos|]. rewrite <- exp_0. apply exp_increasing. lra. }
set (F := fun j => if Nat.eqb j t then 0 else exp (s j - s t)).
assert (Hsplit : rsum F 0 n = rsum F 0 t + rsum F (t + 1) (n - t - 1)).
{ replace n with (t + S (n - t - 1))%nat at 1 by lia.
  rewrite rsum_split, rsum_first. simpl (0 + t)%nat.
  replace (t + 1)%nat with (S t) by lia.
  unfold F at 2. rewrite Nat.eqb_refl. ring. }
assert (Hleft : rsum F 0 t <= q / (1 - q)).
{ apply Rle_trans with (rsum (fun j => q ^ (t - j)) 0 t); [|rewrite rsum_reverse; apply rsum_geom_le, Hq].
  apply rsum_le. intros j Hj. unfold F.
  replace (Nat.eqb j t) with false by (symmetry; apply Nat.eqb_neq; lia).
  unfold q. rewrite <- exp_mult_nat. apply exp_mono. specialize (Hl j ltac:(lia)). lra. }
assert (Hright : rsum F (t + 1) (n - t - 1) <= INR (n - t - 1) * exp (- G)).
{ rewrite <- (rsum_const (exp (- G)) (t + 1)). apply rsum_le. intros j Hj. unfold F.
  replace (Nat.eqb j t) with false by (symmetry; apply Nat.eqb_neq; lia).
  apply exp_mono. specialize (Hr j ltac:(lia)). lra. }
pose proof (off_mass_over_partition s n t Ht). rewrite off_mass_rel in H. fold F in H.
lra.
Qed.

(** A head reading values in [0, 1]: the softmax average is within the off-t weight of v_t. *)
Lemma softmax_read (s v : nat -> R) (n t : nat) : (t < n)%nat ->
  (forall j, (j < n)%nat -> 0 <= v j <= 1) ->
  Rabs (rsum (fun j => softmax s n j * v j) 0 n - v t) <= off_mass s n t / partition s n.
Proof.
intros Ht Hv. pose proof (partition_pos s n t Ht) as HZ.
destruct (softmax_l1_to_e s n t Ht) as [E1 E2].
assert (Et : softmax s n t = 1 - off_mass s n t / partition s n) by lra.
set (o := off_mass s n t / partition s n) in *.
set (A := rsum (fun j => if Nat.eqb j t then 0 else softmax s n j * v j) 0 n).
assert (Hsum : rsum (fun j => softmax s n j * v j) 0 n = A + softmax s n t * v t).
{ unfold A. rewrite (rsum_ext _ (fun j => (if Nat.eqb j t then 0 else softmax s n j * v j)
                                  + (softmax s n t * v t) * (if Nat.eqb j t then 1 else 0))).
  - rewrite rsum_plus, rsum_indicator.
    replace ((0 <=? t) && (t <? 0 + n))%nat with true
      by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia). ring.
  - intros j Hj. destruct (Nat.eqb j t) eqn:E; [apply Nat.eqb_eq in E; subst; ring|ring]. }
assert (HA : 0 <= A <= o).
{ split.
  - apply rsum_nonneg. intros j Hj. destruct (Nat.eqb j t); [lra|].
    pose proof (softmax_bounds s n t j Ht ltac:(lia)). pose proof (Hv j ltac:(lia)). nra.
  - apply Rle_trans with (rsum (fun j => / partition s n * (if Nat.eqb j t then 0 else exp (s j))) 0 n).
    + apply rsum_le. intros j Hj. destruct (Nat.eqb j t); [lra|].
      pose proof (softmax_bounds s n t j Ht ltac:(lia)). pose proof (Hv j ltac:(lia)).
      unfold softmax in *. unfold Rdiv in *. rewrite (Rmult_comm (/ partition s n)). nra.
    + rewrite rsum_scal. unfold o, off_mass, Rdiv. lra. }
pose proof (Hv t Ht). rewrite Hsum, Et. apply Rabs_le. split; nra.
Qed.

(** The constant at rate 2: e^(-2)/(1 - e^(-2)) + m e^(-G) <= 21/100 when G >= 2 (m + 1), every m
    (the sum is at most e^(-2)/(1 - e^(-2)) + e^(-4) ~ 0.175, since m e^(-2(m+1)) <= e^(-4);
    e^(-2) <= 2/13 from e^(1/8) >= 9/8). *)
Lemma geom_c2_num (m : nat) (G : R) : 2 * (INR m + 1) <= G ->
  exp (- (2)) / (1 - exp (- (2))) + INR m * exp (- G) <= 21 / 100.
Proof.
intros HG.
assert (HmG : INR m * exp (- G) <= exp (- 4)).
{ pose proof (pos_INR m). apply Rle_trans with (INR m * exp (- (2 * INR m + 2))).
  - apply Rmult_le_compat_l; [lra|]. apply exp_mono. lra.
  - (* m e^(-2m-2) <= e^(-4) since e^(2m - 2) >= 1 + (2m - 2) >= m *)
    assert (Hx : INR m <= exp (2 * INR m - 2)).
    { assert (Hc : INR m = 0 \/ 1 <= INR m) by (destruct m as [|m']; [left; reflexivity|right; rewrite S_INR; pose proof (pos_INR m'); lra]).
      pose proof (exp_ineq1_le (2 * INR m - 2)). pose proof (exp_pos (2 * INR m - 2)). lra. }
    replace (- (2 * INR m + 2)) with ((2 * INR m - 2) + - (4 * INR m)) by ring.
    rewrite exp_plus. apply Rle_trans with (exp (2 * INR m - 2) * exp (2 * INR m - 2) * exp (- (4 * INR m))).
    + rewrite (Rmult_assoc (exp _)). apply Rmult_le_compat_r; [|exact Hx].
      apply Rlt_le, Rmult_lt_0_compat; apply exp_pos.
    + rewrite <- !exp_plus. apply exp_mono. lra. }
(* e^(-2) = (e^(-1/8))^16 <= (8/9)^16 <= 2/13, from e^(1/8) >= 1 + 1/8 *)
assert (Hq2 : exp (- (2)) <= 2 / 13).
{ replace (- (2)) with (- (1/8) * INR 16) by (rewrite INR_IZR_INZ; simpl; lra). rewrite exp_mult_nat.
  assert (H8 : exp (- (1/8)) <= 8 / 9).
  { rewrite exp_Ropp. pose proof (exp_ineq1_le (1/8)). pose proof (exp_pos (1/8)).
    apply (Rmult_le_reg_r (exp (1/8))); [lra|]. rewrite Rinv_l; lra. }
  apply Rle_trans with ((8/9) ^ 16); [apply pow_incr; split; [apply Rlt_le, exp_pos|exact H8]|]. simpl. lra. }
assert (E4 : exp (- 4) = exp (- (2)) * exp (- (2))) by (rewrite <- exp_plus; f_equal; ring).
pose proof (exp_pos (- (2))) as Hp2.
assert (Hd : exp (- (2)) / (1 - exp (- (2))) <= 2 / 11) by (apply div_le; lra).
rewrite E4 in HmG. nra.
Qed.

(** With rate p = 2 and a tail gap G >= 2 (n - t) (the LTL heads at tau = 1/(2n), or at tau = 1
    with c = 2): the off-t weight is at most 21/100 < 1/4, for every n. *)
Lemma lemma6_geom_c2 (s : nat -> R) (n t : nat) (G : R) : (t < n)%nat ->
  (forall j, (j < t)%nat -> s j <= s t - 2 * INR (t - j)) ->
  (forall j, (t < j < n)%nat -> s j <= s t - G) -> 2 * INR (n - t) <= G ->
  off_mass s n t / partition s n <= 21 / 100.
Proof.
intros Ht Hl Hr HG. pose proof (lemma6_geom_tail s n t 2 G Ht ltac:(lra) Hl Hr) as H.
assert (Hm : INR (n - t) = INR (n - t - 1) + 1) by (rewrite <- S_INR; f_equal; lia).
pose proof (geom_c2_num (n - t - 1) G ltac:(lra)). lra.
Qed.

(** The mirror (the top is the leftmost candidate): every score before t at least G below, the
    scores after t falling off at rate p. *)
Lemma lemma6_geom_tail_rev (s : nat -> R) (n t : nat) (p G : R) : (t < n)%nat -> 0 < p ->
  (forall j, (j < t)%nat -> s j <= s t - G) ->
  (forall j, (t < j < n)%nat -> s j <= s t - p * INR (j - t)) ->
  off_mass s n t / partition s n <= exp (- p) / (1 - exp (- p)) + INR t * exp (- G).
Proof.
intros Ht Hp Hl Hr. set (q := exp (- p)).
assert (Hq : 0 <= q < 1).
{ unfold q. split; [apply Rlt_le, exp_pos|]. rewrite <- exp_0. apply exp_increasing. lra. }
set (F := fun j => if Nat.eqb j t then 0 else exp (s j - s t)).
assert (Hsplit : rsum F 0 n = rsum F 0 t + rsum F (t + 1) (n - t - 1)).
{ replace n with (t + S (n - t - 1))%nat at 1 by lia.
  rewrite rsum_split, rsum_first. simpl (0 + t)%nat.
  replace (t + 1)%nat with (S t) by lia.
  unfold F at 2. rewrite Nat.eqb_refl. ring. }
assert (Hleft : rsum F 0 t <= INR t * exp (- G)).
{ rewrite <- (rsum_const (exp (- G)) 0). apply rsum_le. intros j Hj. unfold F.
  replace (Nat.eqb j t) with false by (symmetry; apply Nat.eqb_neq; lia).
  apply exp_mono. specialize (Hl j ltac:(lia)). lra. }
assert (Hright : rsum F (t + 1) (n - t - 1) <= q / (1 - q)).
{ replace (t + 1)%nat with (t + 1)%nat by reflexivity. rewrite rsum_shift_by.
  apply Rle_trans with (rsum (fun m => q ^ m) 1 (n - t - 1)); [|apply rsum_geom_le, Hq].
  apply rsum_le. intros j Hj. unfold F.
  replace (Nat.eqb (t + j) t) with false by (symmetry; apply Nat.eqb_neq; lia).
  unfold q. rewrite <- exp_mult_nat. apply exp_mono. specialize (Hr (t + j)%nat ltac:(lia)).
  replace (t + j - t)%nat with j in Hr by lia. lra. }
pose proof (off_mass_over_partition s n t Ht). rewrite off_mass_rel in H. fold F in H.
lra.
Qed.

Lemma lemma6_geom_c2_rev (s : nat -> R) (n t : nat) (G : R) : (t < n)%nat ->
  (forall j, (j < t)%nat -> s j <= s t - G) ->
  (forall j, (t < j < n)%nat -> s j <= s t - 2 * INR (j - t)) -> 2 * INR (S t) <= G ->
  off_mass s n t / partition s n <= 21 / 100.
Proof.
intros Ht Hl Hr HG. pose proof (lemma6_geom_tail_rev s n t 2 G Ht ltac:(lra) Hl Hr) as H.
rewrite S_INR in HG. pose proof (geom_c2_num t G ltac:(lra)). lra.
Qed.
