(** * Seed 004, Theorems 20-23 (building blocks): count terms and the sign test.

    The counting construction of [quarks/ltl/counting.py] in two pieces, for every length n.
    - Count terms: a head with no score terms and average hardmax (uniform) over a 0/1 value
      reads exactly #{j <= i : phi j} / (i + 1) with the future mask and
      #{j >= i : phi j} / (n - i) with the past mask (positions 0-based, so these are the paper's
      #left[phi] / i and #right[phi] / (n - i + 1)), under hard attention and under softmax at
      every temperature: equal scores give exactly uniform weights.
    - The sign test for E >= 0 (E an integer, denominator d >= 1): query z = (E + 1/2) / d, key
      (-1)^j, coefficient K > 0, value [j even].  The top scores are the even positions when
      z > 0 and the odd ones when z < 0, so every hard rule reads exactly [E >= 0]; at every
      temperature 0 < tau <= K / (2n) (the paper's 1/(2n) with K >= 1) and d <= n the softmax
      read is within 1/4 of [E >= 0] (the scaled scores are +-A with |A| >= 1, the parities
      balanced within one), also for a query off by less than 1/(4n) at tau <= K / (4n), and
      Lemma 9's rounding unit then gives the exact Boolean.
    - One-sided comparisons sum_k a_k C_k + c0 >= 0: counting.py's multi-term sign head on the
      count coordinates C_k / d and 1 / d.
    The sign-test lemmas take the key (-1)^(j + sh) and value [j + sh even] for any shift sh:
    sh = 1 is the embedding's 1-based pe_alt = (-1)^(j + 1) (LTLCompile.v's [pes]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith FunctionalExtensionality.
From Quarks Require Import RSum Softmax Uniform Transformer LTLCompile LTLSoft.
Import ListNotations.
Open Scope R_scope.

(** ** Count terms *)

(** The number of positions j in a..a+m-1 with phi j. *)
Fixpoint nb_true (phi : nat -> bool) (a m : nat) : nat :=
  match m with O => O | S m' => (nb_true phi a m' + (if phi (a + m')%nat then 1 else 0))%nat end.

Lemma rsum_B2R (phi : nat -> bool) (a m : nat) : rsum (fun j => B2R (phi j)) a m = INR (nb_true phi a m).
Proof.
induction m as [|m IH]; [reflexivity|]. simpl rsum. cbn [nb_true]. rewrite IH, plus_INR.
destruct (phi (a + m)%nat); simpl; ring.
Qed.

(** A uniform head (no score terms, average hardmax) reads the mean of its value over the
    visible window, under hard attention and under softmax at every temperature. *)
Lemma uniform_head_mean (n : nat) (h : head) (x : stream) (i : nat) :
  h_terms h = [] -> h_hard h = Average -> (i < n)%nat ->
  let lo := vis_lo (h_mask h) i in let cnt := vis_cnt (h_mask h) n i in
  let mean := rsum (fun k => x (lo + k)%nat (h_val h)) 0 cnt / INR cnt in
  head_out hard_w n h x i = mean /\ forall tau, head_out (soft_w tau) n h x i = mean.
Proof.
intros Ht Hr Hi lo cnt mean. pose proof (vis_pos (h_mask h) n i Hi) as Hc. fold cnt in Hc.
assert (Es : (fun k => score h x i (lo + k)%nat) = (fun _ : nat => 0))
  by (extensionality k; apply score_uniform, Ht).
assert (Em : forall w : nat -> R, (forall k, (k < cnt)%nat -> w k = / INR cnt) ->
          rsum (fun k => w k * x (lo + k)%nat (h_val h)) 0 cnt = mean).
{ intros w Hw. unfold mean. rewrite (rsum_ext _ (fun k => / INR cnt * x (lo + k)%nat (h_val h)))
    by (intros k Hk; rewrite Hw by lia; reflexivity).
  rewrite rsum_scal. unfold Rdiv. ring. }
unfold head_out. fold lo cnt. rewrite Es. split.
- apply Em. intros k _. unfold hard_w. rewrite Hr. apply avg_hard_const, Hc.
- intros tau. apply Em. intros k _. unfold soft_w. apply soft_const, Hc.
Qed.

(** #left[phi] / i: the future-masked uniform head over the bits phi reads exactly
    #{j <= i : phi j} / (i + 1), hard and soft. *)
Theorem count_head_exact (n : nat) (h : head) (x : stream) (phi : nat -> bool) (i : nat) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = Future -> (i < n)%nat ->
  (forall j, x j (h_val h) = B2R (phi j)) ->
  head_out hard_w n h x i = INR (nb_true phi 0 (S i)) / INR (S i) /\
  forall tau, head_out (soft_w tau) n h x i = INR (nb_true phi 0 (S i)) / INR (S i).
Proof.
intros Ht Hr Hm Hi Hx. pose proof (uniform_head_mean n h x i Ht Hr Hi) as H. cbv zeta in H.
rewrite Hm in H. cbn [vis_lo vis_cnt] in H.
rewrite (rsum_ext _ (fun j => B2R (phi j))), rsum_B2R in H by (intros j _; apply Hx). exact H.
Qed.

(** #right[phi] / (n - i + 1) (paper's 1-based i): the past-masked uniform head reads exactly
    #{i <= j < n : phi j} / (n - i), hard and soft. *)
Theorem count_head_exact_past (n : nat) (h : head) (x : stream) (phi : nat -> bool) (i : nat) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = Past -> (i < n)%nat ->
  (forall j, x j (h_val h) = B2R (phi j)) ->
  head_out hard_w n h x i = INR (nb_true phi i (n - i)) / INR (n - i) /\
  forall tau, head_out (soft_w tau) n h x i = INR (nb_true phi i (n - i)) / INR (n - i).
Proof.
intros Ht Hr Hm Hi Hx. pose proof (uniform_head_mean n h x i Ht Hr Hi) as H. cbv zeta in H.
rewrite Hm in H. cbn [vis_lo vis_cnt] in H.
rewrite (rsum_ext _ (fun j => B2R (phi (i + j)%nat))) in H by (intros j _; apply Hx).
rewrite <- (rsum_shift_by (fun j => B2R (phi j)) 0 i), Nat.add_0_r, rsum_B2R in H. exact H.
Qed.

(** ** The sign test under hard attention *)

(** The value [j even], and the sign-test head: score K x_i[q] x_j[kc] with query z and key
    (-1)^j, value [j even]. *)
Definition even01 (j : nat) : R := if Nat.even j then 1 else 0.

Definition sign_head (o v q kc : nat) (K : R) (m : mask) (r : hard_rule) : head := Head o v [((q, kc), K)] m r.

(** A top score is one no visible score exceeds. *)
Lemma is_top_iff (s : nat -> R) (cnt k : nat) : (k < cnt)%nat ->
  is_top s cnt k = 1 <-> forall j, (j < cnt)%nat -> s j <= s k.
Proof.
intros Hk. unfold is_top. destruct (Req_EM_T (s k) (rmaxn s (cnt - 1))) as [E|E].
- split; [intros _ j Hj; rewrite E; apply rmaxn_ge; lia|reflexivity].
- split; [intros H; exfalso; lra|intros H; exfalso; apply E].
  destruct (rmaxn_attained s (cnt - 1)) as [t [Ht Et]]. pose proof (rmaxn_ge s (cnt - 1) k ltac:(lia)).
  specialize (H t ltac:(lia)). lra.
Qed.

Lemma is_top_cases (s : nat -> R) (cnt k : nat) : is_top s cnt k = 0 \/ is_top s cnt k = 1.
Proof. unfold is_top. destruct (Req_EM_T _ _); [right|left]; reflexivity. Qed.

(** Every hard rule puts weight only on top scores. *)
Lemma hard_w_off_top (h : head) (s : nat -> R) (cnt k : nat) : (k < cnt)%nat ->
  is_top s cnt k = 0 -> hard_w h s cnt k = 0.
Proof.
intros Hk H0. unfold hard_w. destruct (h_hard h).
- unfold avg_hard. rewrite H0. unfold Rdiv. ring.
- unfold left_hard. rewrite H0. ring.
- unfold right_hard, left_hard.
  destruct (is_top_cases (fun j => s (cnt - 1 - j)%nat) cnt (cnt - 1 - k)) as [E|E]; [rewrite E; ring|].
  exfalso. pose proof (proj1 (is_top_iff (fun j => s (cnt - 1 - j)%nat) cnt (cnt - 1 - k) ltac:(lia)) E) as E2. clear E. rename E2 into E.
  assert (H1 : is_top s cnt k = 1).
  { apply (is_top_iff _ _ _ Hk). intros j Hj. specialize (E (cnt - 1 - j)%nat ltac:(lia)). cbv beta in E.
    replace (cnt - 1 - (cnt - 1 - j))%nat with j in E by lia.
    replace (cnt - 1 - (cnt - 1 - k))%nat with k in E by lia. exact E. }
  lra.
Qed.

(** A value constant c on the top scores is read exactly by every hard rule. *)
Lemma hard_read_top_const (h : head) (s v : nat -> R) (cnt : nat) (c : R) : (1 <= cnt)%nat ->
  (forall k, (k < cnt)%nat -> is_top s cnt k = 1 -> v k = c) ->
  rsum (fun k => hard_w h s cnt k * v k) 0 cnt = c.
Proof.
intros Hc Hv. rewrite (rsum_ext _ (fun k => c * hard_w h s cnt k)).
- rewrite rsum_scal. destruct (hard_w_prob h s cnt Hc) as [_ ->]. ring.
- intros k Hk. destruct (is_top_cases s cnt k) as [E|E].
  + rewrite (hard_w_off_top h s cnt k ltac:(lia) E). ring.
  + rewrite (Hv k ltac:(lia) E). ring.
Qed.

(** Among two consecutive positions there is one of each parity. *)
Lemma parity_in_two (lo : nat) (b : bool) : exists j, (j < 2)%nat /\ Nat.even (lo + j) = b.
Proof.
destruct (Bool.bool_dec (Nat.even lo) b) as [E|E].
- exists 0%nat. rewrite Nat.add_0_r. split; [lia|exact E].
- exists 1%nat. rewrite Nat.add_1_r, Nat.even_succ, <- Nat.negb_even. split; [lia|].
  destruct (Nat.even lo), b; simpl in *; congruence.
Qed.

(** Scores a (-1)^j over a window of at least two positions: the top class is the even
    positions when a > 0 and the odd ones when a < 0, so every hard rule reads [a > 0] from the
    value [j even]. *)
Lemma sign_hard_window (h : head) (a : R) (lo cnt : nat) : (2 <= cnt)%nat -> a <> 0 ->
  rsum (fun k => hard_w h (fun k => a * (-1) ^ (lo + k)) cnt k * even01 (lo + k)) 0 cnt
  = if Rlt_dec 0 a then 1 else 0.
Proof.
intros Hc Ha. apply hard_read_top_const; [lia|]. intros k Hk Ht.
pose proof (proj1 (is_top_iff _ _ _ Hk) Ht) as Ht2. clear Ht. rename Ht2 into Ht. cbv beta in Ht. unfold even01.
destruct (Rlt_dec 0 a) as [Hp|Hn].
- destruct (parity_in_two lo true) as [j [Hj Ej]]. specialize (Ht j ltac:(lia)). rewrite !pow_m1_even, Ej in Ht.
  destruct (Nat.even (lo + k)); [reflexivity|lra].
- destruct (parity_in_two lo false) as [j [Hj Ej]]. specialize (Ht j ltac:(lia)). rewrite !pow_m1_even, Ej in Ht.
  destruct (Nat.even (lo + k)); [lra|reflexivity].
Qed.

(** z = (E + 1/2) / d is positive exactly when E >= 0. *)
Lemma sign_z_pos (E : Z) (d : nat) : (1 <= d)%nat ->
  (0 < (IZR E + 1/2) / INR d <-> (0 <= E)%Z) /\ (IZR E + 1/2) / INR d <> 0.
Proof.
intros Hd. assert (HD : 0 < / INR d) by (apply Rinv_0_lt_compat, lt_0_INR; lia).
unfold Rdiv. destruct (Z_le_gt_dec 0 E) as [HE|HE].
- assert (HE' : 0 <= IZR E) by (apply IZR_le; exact HE).
  assert (0 < (IZR E + 1/2) * / INR d) by (apply Rmult_lt_0_compat; lra).
  split; [split; [intros _; exact HE|intros _; exact H]|lra].
- assert (HE' : IZR E <= -1) by (apply IZR_le; lia).
  assert ((IZR E + 1/2) * / INR d < 0) by nra.
  split; [split; [intros H'; lra|intros H'; lia]|lra].
Qed.

(** Theorem 21's sign test, hard: a head whose scores at i are K z (-1)^j with K > 0 and
    z = (E + 1/2) / d (d >= 1), reading the value [j even] over a window of at least two
    positions, reads exactly [E >= 0] under every hard rule and mask. *)
Theorem sign_test_hard_gen (n i d : nat) (E : Z) (K : R) (h : head) (x : stream) (sh : nat) :
  0 < K -> (1 <= d)%nat -> (2 <= vis_cnt (h_mask h) n i)%nat ->
  (forall j, score h x i j = K * ((IZR E + 1/2) / INR d) * (-1) ^ (j + sh)) -> (forall j, x j (h_val h) = even01 (j + sh)) ->
  head_out hard_w n h x i = B2R (Z.leb 0 E).
Proof.
intros HK Hd Hc Hs Hv. unfold head_out.
set (lo := vis_lo (h_mask h) i). set (cnt := vis_cnt (h_mask h) n i). fold cnt in Hc.
replace (fun k => score h x i (lo + k)) with (fun k => K * ((IZR E + 1/2) / INR d) * (-1) ^ (lo + sh + k))
  by (extensionality k; rewrite Hs; replace (lo + k + sh)%nat with (lo + sh + k)%nat by lia; reflexivity).
rewrite (rsum_ext _ (fun k => hard_w h (fun k => K * ((IZR E + 1/2) / INR d) * (-1) ^ (lo + sh + k))
                                cnt k * even01 (lo + sh + k)))
  by (intros k _; rewrite Hv; replace (lo + k + sh)%nat with (lo + sh + k)%nat by lia; reflexivity).
destruct (sign_z_pos E d Hd) as [Hpos Hne].
rewrite sign_hard_window by (first [exact Hc|apply Rmult_integral_contrapositive; split; lra]).
destruct (Rlt_dec 0 _) as [H|H]; destruct (Z.leb 0 E) eqn:EE; simpl; try reflexivity.
- apply Z.leb_gt in EE. exfalso. assert (0 < (IZR E + 1/2) / INR d) by (apply (Rmult_lt_reg_l K); lra).
  apply Hpos in H0. lia.
- apply Z.leb_le, Hpos in EE. exfalso. apply H. apply Rmult_lt_0_compat; lra.
Qed.

(** The one-term sign head of counting.py: query z, key (-1)^j, value [j even]. *)
Theorem sign_test_hard (n i d : nat) (E : Z) (o v q kc : nat) (K : R) (m : mask) (r : hard_rule) (x : stream) (sh : nat) :
  0 < K -> (1 <= d)%nat -> (2 <= vis_cnt m n i)%nat ->
  x i q = (IZR E + 1/2) / INR d -> (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j v = even01 (j + sh)) ->
  head_out hard_w n (sign_head o v q kc K m r) x i = B2R (Z.leb 0 E).
Proof.
intros HK Hd Hc Hq Hk Hv. apply (sign_test_hard_gen n i d E K _ x sh); auto.
intros j. unfold score, sign_head. simpl. rewrite Hq, Hk. ring.
Qed.

(** The same over all positions 0..n-1 (no mask), n >= 2. *)
Corollary sign_test_hard_all (n i d : nat) (E : Z) (o v q kc : nat) (K : R) (r : hard_rule) (x : stream) (sh : nat) :
  0 < K -> (1 <= d)%nat -> (2 <= n)%nat ->
  x i q = (IZR E + 1/2) / INR d -> (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j v = even01 (j + sh)) ->
  head_out hard_w n (sign_head o v q kc K NoMask r) x i = B2R (Z.leb 0 E).
Proof. intros. apply (sign_test_hard n i d E o v q kc K NoMask r x sh); auto. Qed.

(** ** The sign test under softmax at tau = 1/(2n) *)

(** e^(-2) <= 2/13, from e^(1/8) >= 1 + 1/8. *)
Lemma exp_m2_le : exp (- (2)) <= 2 / 13.
Proof.
replace (- (2)) with (- (1/8) * INR 16) by (rewrite INR_IZR_INZ; simpl; lra). rewrite exp_mult_nat.
assert (H8 : exp (- (1/8)) <= 8 / 9).
{ rewrite exp_Ropp. pose proof (exp_ineq1_le (1/8)). pose proof (exp_pos (1/8)).
  apply (Rmult_le_reg_r (exp (1/8))); [lra|]. rewrite Rinv_l; lra. }
apply Rle_trans with ((8/9) ^ 16); [apply pow_incr; split; [apply Rlt_le, exp_pos|exact H8]|]. simpl. lra.
Qed.

(** A window of at least two positions holds P >= 1 even and Q >= 1 odd ones, each at most
    twice the other (they differ by at most one). *)
Lemma parity_counts (lo cnt : nat) : (2 <= cnt)%nat ->
  let P := rsum (fun k => even01 (lo + k)) 0 cnt in
  1 <= P /\ 1 <= INR cnt - P /\ INR cnt - P <= 2 * P /\ P <= 2 * (INR cnt - P).
Proof.
intros Hc P.
assert (Halt : rsum (fun k => (-1) ^ (lo + k)) 0 cnt = 2 * P - INR cnt).
{ rewrite (rsum_ext _ (fun k => 2 * even01 (lo + k) + (-1))).
  - rewrite rsum_plus, rsum_scal, rsum_const. unfold P. ring.
  - intros k _. rewrite pow_m1_even. unfold even01. destruct (Nat.even (lo + k)); ring. }
rewrite <- (rsum_shift_by (fun j => (-1) ^ j) 0 lo), Nat.add_0_r, alternating_sum, pow_m1_even in Halt.
assert (H2 : 2 <= INR cnt) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; lia).
destruct (Nat.even cnt) eqn:Ec; [lra|].
assert (H3 : 3 <= INR cnt).
{ replace 3 with (INR 3) by (simpl; ring). apply le_INR.
  destruct (Nat.eq_dec cnt 2) as [->|]; [discriminate|lia]. }
destruct (Nat.even lo); lra.
Qed.

Lemma even01_cases (j : nat) : even01 j = 0 \/ even01 j = 1.
Proof. unfold even01. destruct (Nat.even j); [right|left]; reflexivity. Qed.

(** The softmax read of [j even] over scores A (-1)^j: P e^A / (P e^A + Q e^(-A)). *)
Lemma sign_soft_read (A : R) (lo cnt : nat) : (1 <= cnt)%nat ->
  let P := rsum (fun k => even01 (lo + k)) 0 cnt in
  rsum (fun k => softmax (fun k => A * (-1) ^ (lo + k)) cnt k * even01 (lo + k)) 0 cnt
  = P * exp A / (P * exp A + (INR cnt - P) * exp (- A)).
Proof.
intros Hc P.
assert (Ee : forall k, exp (A * (-1) ^ (lo + k)) = exp (- A) + (exp A - exp (- A)) * even01 (lo + k)).
{ intros k. rewrite pow_m1_even. unfold even01. destruct (Nat.even (lo + k)); [replace (A * 1) with A by ring; ring|].
  replace (A * -1) with (- A) by ring. ring. }
assert (EZ : partition (fun k => A * (-1) ^ (lo + k)) cnt = P * exp A + (INR cnt - P) * exp (- A)).
{ unfold partition. rewrite (rsum_ext _ _ _ _ (fun k _ => Ee k)), rsum_plus, rsum_const, rsum_scal.
  fold P. ring. }
unfold softmax. rewrite EZ.
rewrite (rsum_ext _ (fun k => / (P * exp A + (INR cnt - P) * exp (- A)) * (exp A * even01 (lo + k)))).
- rewrite !rsum_scal. fold P. field.
  pose proof (partition_pos (fun k => A * (-1) ^ (lo + k)) cnt 0 ltac:(lia)). lra.
- intros k _. rewrite Ee. destruct (even01_cases (lo + k)) as [E|E]; rewrite E; unfold Rdiv; ring.
Qed.

(** Scores A (-1)^j with |A| >= 1 over a window of at least two positions: the softmax read of
    [j even] is within 1/4 of [A > 0] (the minority class weighs at most 2 e^(-2 |A|) <= 4/13
    of the majority). *)
Lemma sign_soft_window (A : R) (lo cnt : nat) : (2 <= cnt)%nat -> 1 <= Rabs A ->
  Rabs (rsum (fun k => softmax (fun k => A * (-1) ^ (lo + k)) cnt k * even01 (lo + k)) 0 cnt
        - (if Rlt_dec 0 A then 1 else 0)) <= 1 / 4.
Proof.
intros Hc HA. rewrite (sign_soft_read A lo cnt ltac:(lia)).
destruct (parity_counts lo cnt Hc) as [HP [HQ [HQP HPQ]]].
set (P := rsum (fun k => even01 (lo + k)) 0 cnt) in *. set (Q := INR cnt - P) in *.
assert (Hinv : exp A * exp (- A) = 1) by (rewrite <- exp_plus, Rplus_opp_r; apply exp_0).
pose proof (exp_pos A) as He. pose proof (exp_pos (- A)) as Hy. pose proof exp_m2_le as H2.
destruct (Rlt_dec 0 A) as [Hp|Hn].
- rewrite Rabs_pos_eq in HA by lra.
  assert (Hyy : exp (- A) * exp (- A) <= 2 / 13).
  { rewrite <- exp_plus. apply Rle_trans with (exp (- (2))); [apply exp_mono; lra|exact H2]. }
  assert (Hw : 3 * Q * (exp (- A) * exp (- A)) <= P) by nra.
  assert (Hk : 3 * (Q * exp (- A)) <= P * exp A).
  { replace (Q * exp (- A)) with (Q * (exp (- A) * exp (- A)) * exp A)
      by (transitivity (Q * exp (- A) * (exp A * exp (- A))); [ring|rewrite Hinv; ring]).
    replace (3 * (Q * (exp (- A) * exp (- A)) * exp A)) with (3 * Q * (exp (- A) * exp (- A)) * exp A) by ring.
    apply Rmult_le_compat_r; lra. }
  assert (HZ : 0 < P * exp A + Q * exp (- A)) by nra.
  replace (P * exp A / (P * exp A + Q * exp (- A)) - 1) with (- (Q * exp (- A) / (P * exp A + Q * exp (- A))))
    by (field; lra).
  rewrite Rabs_Ropp, Rabs_pos_eq by (apply Rlt_le, Rdiv_lt_0_compat; nra).
  apply div_le; lra.
- assert (HA' : A <= -1) by (unfold Rabs in HA; destruct (Rcase_abs A); lra).
  assert (Hyy : exp A * exp A <= 2 / 13).
  { rewrite <- exp_plus. apply Rle_trans with (exp (- (2))); [apply exp_mono; lra|exact H2]. }
  assert (Hw : 3 * P * (exp A * exp A) <= Q) by nra.
  assert (Hk : 3 * (P * exp A) <= Q * exp (- A)).
  { replace (P * exp A) with (P * (exp A * exp A) * exp (- A))
      by (transitivity (P * exp A * (exp A * exp (- A))); [ring|rewrite Hinv; ring]).
    replace (3 * (P * (exp A * exp A) * exp (- A))) with (3 * P * (exp A * exp A) * exp (- A)) by ring.
    apply Rmult_le_compat_r; lra. }
  assert (HZ : 0 < P * exp A + Q * exp (- A)) by nra.
  rewrite Rminus_0_r, Rabs_pos_eq by (apply Rlt_le, Rdiv_lt_0_compat; nra).
  apply div_le; lra.
Qed.

(** With 0 < tau <= K / (2n) (at tau = 1/(2n): K >= 1) and 1 <= d <= n, the scaled score
    factor A = K (E + 1/2) / (d tau) has |A| >= 1 and the sign of E + 1/2. *)
Lemma sign_factor (n d : nat) (E : Z) (K tau : R) : 0 < tau -> 2 * INR n * tau <= K -> (1 <= d <= n)%nat ->
  let A := K * ((IZR E + 1/2) / INR d) / tau in
  1 <= Rabs A /\ (0 < A <-> (0 <= E)%Z).
Proof.
intros Ht HK Hd A.
assert (HD : 1 <= INR d) by (replace 1 with (INR 1) by reflexivity; apply le_INR; lia).
assert (HN : INR d <= INR n) by (apply le_INR; lia).
assert (EA : A * (INR d * tau) = K * (IZR E + 1/2)) by (unfold A; field; lra).
assert (Hdt : 0 < INR d * tau) by nra.
assert (Hdn : INR d * tau <= INR n * tau) by (apply Rmult_le_compat_r; lra).
assert (HK0 : 0 <= K) by nra.
destruct (Z_le_gt_dec 0 E) as [HE|HE].
- assert (HE' : 0 <= IZR E) by (apply IZR_le; exact HE).
  assert (0 <= K * IZR E) by (apply Rmult_le_pos; lra).
  assert (H1 : INR d * tau <= K * (IZR E + 1/2)) by nra.
  assert (1 <= A) by nra.
  rewrite Rabs_pos_eq by lra. split; [lra|split; [intros _; exact HE|intros _; lra]].
- assert (HE' : IZR E <= -1) by (apply IZR_le; lia).
  assert (K * IZR E <= - K) by nra.
  assert (H1 : K * (IZR E + 1/2) <= - (INR d * tau)) by nra.
  assert (A <= -1) by nra.
  rewrite Rabs_left by lra. split; [lra|split; [intros; lra|intros; lia]].
Qed.

Lemma tau_paper_scale (n : nat) : (1 <= n)%nat -> 0 < tau_paper n /\ 2 * INR n * tau_paper n = 1.
Proof.
intros Hn. assert (0 < INR n) by (apply lt_0_INR; lia). unfold tau_paper.
split; [apply Rinv_0_lt_compat; lra|field; lra].
Qed.

(** The soft sign test for any query z whose scaled factor A = K z / tau has |A| >= 1 and is
    positive exactly when E >= 0. *)
Lemma sign_test_soft_core (n i : nat) (E : Z) (K tau z : R) (h : head) (x : stream) (sh : nat) :
  0 < tau -> 1 <= Rabs (K * z / tau) -> (0 < K * z / tau <-> (0 <= E)%Z) -> (2 <= vis_cnt (h_mask h) n i)%nat ->
  (forall j, score h x i j = K * z * (-1) ^ (j + sh)) -> (forall j, x j (h_val h) = even01 (j + sh)) ->
  Rabs (head_out (soft_w tau) n h x i - B2R (Z.leb 0 E)) <= 1 / 4.
Proof.
intros Ht HA Hs Hc Hsc Hv. set (A := K * z / tau) in *.
unfold head_out, soft_w, soft.
set (lo := vis_lo (h_mask h) i). set (cnt := vis_cnt (h_mask h) n i). fold cnt in Hc.
replace (fun j => score h x i (lo + j) / tau) with (fun j => A * (-1) ^ (lo + sh + j))
  by (extensionality j; rewrite Hsc; replace (lo + j + sh)%nat with (lo + sh + j)%nat by lia; unfold A; field; lra).
rewrite (rsum_ext _ (fun k => softmax (fun j => A * (-1) ^ (lo + sh + j)) cnt k * even01 (lo + sh + k)))
  by (intros k _; rewrite Hv; replace (lo + k + sh)%nat with (lo + sh + k)%nat by lia; reflexivity).
replace (B2R (Z.leb 0 E)) with (if Rlt_dec 0 A then 1 else 0).
- apply sign_soft_window; assumption.
- destruct (Rlt_dec 0 A) as [H|H]; destruct (Z.leb 0 E) eqn:EE; try reflexivity.
  + apply Z.leb_gt in EE. apply Hs in H. lia.
  + apply Z.leb_le, Hs in EE. contradiction.
Qed.

(** Theorem 21's sign test under softmax: a head whose scores at i are K z (-1)^j with
    z = (E + 1/2) / d, 1 <= d <= n, reading [j even] over a window of at least two positions,
    at any temperature 0 < tau <= K / (2n), reads within 1/4 of [E >= 0], for every n.  (At the
    paper's tau = 1/(2n) this asks K >= 1, counting.py's K = 2; the unbounded variant's key
    (-1)^j n with factor c and tau = 1 is K = 2 c n, which asks c >= 1.) *)
Theorem sign_test_soft_gen (n i d : nat) (E : Z) (K tau : R) (h : head) (x : stream) (sh : nat) :
  0 < tau -> 2 * INR n * tau <= K -> (1 <= d <= n)%nat -> (2 <= vis_cnt (h_mask h) n i)%nat ->
  (forall j, score h x i j = K * ((IZR E + 1/2) / INR d) * (-1) ^ (j + sh)) -> (forall j, x j (h_val h) = even01 (j + sh)) ->
  Rabs (head_out (soft_w tau) n h x i - B2R (Z.leb 0 E)) <= 1 / 4.
Proof.
intros Ht HK Hd Hc Hsc Hv. destruct (sign_factor n d E K tau Ht HK Hd) as [HA Hs].
apply (sign_test_soft_core n i E K tau ((IZR E + 1/2) / INR d) h x sh); auto.
Qed.

(** Robust form, for an approximate query (after Lemma 7 lookups): any z' within 1/(4n) of
    (E + 1/2) / d, 1 <= d <= n, at 0 < tau <= K / (4n), still reads within 1/4 of [E >= 0]. *)
Theorem sign_test_soft_approx (n i d : nat) (E : Z) (K tau z' : R) (h : head) (x : stream) (sh : nat) :
  0 < tau -> 4 * INR n * tau <= K -> (1 <= d <= n)%nat -> (2 <= vis_cnt (h_mask h) n i)%nat ->
  Rabs (z' - (IZR E + 1/2) / INR d) <= / (4 * INR n) ->
  (forall j, score h x i j = K * z' * (-1) ^ (j + sh)) -> (forall j, x j (h_val h) = even01 (j + sh)) ->
  Rabs (head_out (soft_w tau) n h x i - B2R (Z.leb 0 E)) <= 1 / 4.
Proof.
intros Ht HK Hd Hc Hz Hsc Hv.
enough (HA : 1 <= Rabs (K * z' / tau) /\ (0 < K * z' / tau <-> (0 <= E)%Z))
  by (destruct HA; apply (sign_test_soft_core n i E K tau z' h x sh); auto).
assert (HN : 1 <= INR n) by (replace 1 with (INR 1) by reflexivity; apply le_INR; lia).
assert (HD : 1 <= INR d) by (replace 1 with (INR 1) by reflexivity; apply le_INR; lia).
assert (HDN : INR d <= INR n) by (apply le_INR; lia).
assert (Hq : 0 < / (4 * INR n)) by (apply Rinv_0_lt_compat; lra).
assert (E4 : / (4 * INR n) * (4 * INR n) = 1) by (field; lra).
assert (Ez : (IZR E + 1/2) / INR d * INR d = IZR E + 1/2) by (field; lra).
assert (HK0 : 4 * INR n * tau * / (4 * INR n) = tau) by (field; lra).
(* K z' / tau >= 1 iff K z' >= tau, and K |z'| >= K / (4n) >= tau *)
assert (Hm : forall w, tau <= w -> 1 <= w / tau) by (intros w Hw; apply le_div; lra).
assert (Hm' : forall w, w <= - tau -> w / tau <= -1) by (intros w Hw; apply div_le; lra).
assert (HKq : tau <= K * / (4 * INR n)) by (rewrite <- HK0; apply Rmult_le_compat_r; lra).
destruct (Z_le_gt_dec 0 E) as [HE|HE].
- assert (HE' : 0 <= IZR E) by (apply IZR_le; exact HE).
  (* z0 >= 1/(2d) >= 1/(2n) = 2 / (4n), so z' >= 1/(4n) *)
  assert (Hz0 : 2 * / (4 * INR n) <= (IZR E + 1/2) / INR d).
  { apply (Rmult_le_reg_r (INR d)); [lra|]. rewrite Ez. nra. }
  pose proof (Rle_abs (z' - (IZR E + 1/2) / INR d)) as Ha1. pose proof (Rle_abs (- (z' - (IZR E + 1/2) / INR d))) as Ha2. rewrite Rabs_Ropp in Ha2.
  assert (Hz' : / (4 * INR n) <= z') by lra.
  assert (HKz : tau <= K * z') by (apply Rle_trans with (K * / (4 * INR n)); [exact HKq|]; apply Rmult_le_compat_l; nra).
  assert (1 <= K * z' / tau) by (apply Hm; exact HKz).
  rewrite Rabs_pos_eq by lra. split; [lra|split; [intros _; exact HE|intros _; lra]].
- assert (HE' : IZR E <= -1) by (apply IZR_le; lia).
  assert (Hz0 : (IZR E + 1/2) / INR d <= - (2 * / (4 * INR n))).
  { apply (Rmult_le_reg_r (INR d)); [lra|]. rewrite Ez. nra. }
  pose proof (Rle_abs (z' - (IZR E + 1/2) / INR d)) as Ha1. pose proof (Rle_abs (- (z' - (IZR E + 1/2) / INR d))) as Ha2. rewrite Rabs_Ropp in Ha2.
  assert (Hz' : z' <= - / (4 * INR n)) by lra.
  assert (HKz : K * z' <= - tau).
  { apply Rle_trans with (K * - / (4 * INR n)); [apply Rmult_le_compat_l; nra|lra]. }
  assert (K * z' / tau <= -1) by (apply Hm'; exact HKz).
  rewrite Rabs_left by lra. split; [lra|split; [intros; lra|intros; lia]].
Qed.

(** The one-term sign head of counting.py. *)
Theorem sign_test_soft (n i d : nat) (E : Z) (o v q kc : nat) (K : R) (m : mask) (r : hard_rule) (x : stream) (sh : nat) :
  1 <= K -> (1 <= d <= n)%nat -> (2 <= vis_cnt m n i)%nat ->
  x i q = (IZR E + 1/2) / INR d -> (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j v = even01 (j + sh)) ->
  Rabs (head_out (soft_w (tau_paper n)) n (sign_head o v q kc K m r) x i - B2R (Z.leb 0 E)) <= 1 / 4.
Proof.
intros HK Hd Hc Hq Hk Hv. destruct (tau_paper_scale n ltac:(lia)) as [Ht Hs].
apply (sign_test_soft_gen n i d E K _ _ x sh); auto; [lra|].
intros j. unfold score, sign_head. simpl. rewrite Hq, Hk. ring.
Qed.

(** The same over all positions 0..n-1 (no mask), n >= 2. *)
Corollary sign_test_soft_all (n i d : nat) (E : Z) (o v q kc : nat) (K : R) (r : hard_rule) (x : stream) (sh : nat) :
  1 <= K -> (1 <= d <= n)%nat -> (2 <= n)%nat ->
  x i q = (IZR E + 1/2) / INR d -> (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j v = even01 (j + sh)) ->
  Rabs (head_out (soft_w (tau_paper n)) n (sign_head o v q kc K NoMask r) x i - B2R (Z.leb 0 E)) <= 1 / 4.
Proof. intros. apply (sign_test_soft n i d E o v q kc K NoMask r x sh); auto. Qed.

(** ** The sign test followed by Lemma 9's rounding unit: exactly [E >= 0] *)

(** Whatever the stream y after the attention sublayer holds elsewhere, once its coordinate a
    holds the soft sign-test read, the rounding unit (LTLCompile.v's [rounding1]) outputs exactly
    [E >= 0] at tau = 1/(2n): the form a compiler proof of Theorem 21 uses. *)
Theorem sign_test_exact (n i d : nat) (E : Z) (o v q kc : nat) (K : R) (m : mask) (r : hard_rule) (x : stream) (sh : nat)
    (c : nat) (y : nat -> R) :
  1 <= K -> (1 <= d <= n)%nat -> (2 <= vis_cnt m n i)%nat ->
  x i q = (IZR E + 1/2) / INR d -> (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j v = even01 (j + sh)) ->
  y o = head_out (soft_w (tau_paper n)) n (sign_head o v q kc K m r) x i ->
  unit_val (real_unit (rounding1 c o)) y = B2R (Z.leb 0 E).
Proof.
intros HK Hd Hc Hq Hk Hv Hy. apply unit_rounding1_approx. rewrite Hy.
apply (sign_test_soft n i d E o v q kc K m r x sh); assumption.
Qed.

(** And under hard attention the same unit gives the same Boolean (its input is exact). *)
Theorem sign_test_exact_hard (n i d : nat) (E : Z) (o v q kc : nat) (K : R) (m : mask) (r : hard_rule) (x : stream) (sh : nat)
    (c : nat) (y : nat -> R) :
  0 < K -> (1 <= d)%nat -> (2 <= vis_cnt m n i)%nat ->
  x i q = (IZR E + 1/2) / INR d -> (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j v = even01 (j + sh)) ->
  y o = head_out hard_w n (sign_head o v q kc K m r) x i ->
  unit_val (real_unit (rounding1 c o)) y = B2R (Z.leb 0 E).
Proof.
intros HK Hd Hc Hq Hk Hv Hy. apply unit_rounding1. rewrite Hy.
apply (sign_test_hard n i d E o v q kc K m r x sh); assumption.
Qed.

(** ** A one-sided linear comparison: the query holds C_k / d and 1 / d *)

(** E = sum_k a_k C_k over the count coordinates q_k, integer coefficients a_k. *)
Fixpoint lin_count (qs : list (nat * Z)) (C : nat -> nat) : Z :=
  match qs with [] => 0%Z | p :: qs' => (snd p * Z.of_nat (C (fst p)) + lin_count qs' C)%Z end.

(** counting.py's sign-test terms: K a_k x_i[q_k] x_j[kc] for each count coordinate q_k and
    K (c0 + 1/2) x_i[inv] x_j[kc] for the constant, inv holding 1/d. *)
Definition sign_terms (qs : list (nat * Z)) (inv kc : nat) (K : R) (c0 : Z) : list (nat * nat * R) :=
  map (fun p => ((fst p, kc), K * IZR (snd p))) qs ++ [((inv, kc), K * (IZR c0 + 1/2))].

Lemma lsum_app (l1 l2 : list R) : lsum (l1 ++ l2) = lsum l1 + lsum l2.
Proof. induction l1 as [|a l1 IH]; simpl; [ring|rewrite IH; ring]. Qed.

(** With the counts C_k / d and 1 / d in the query, the scores are K z (-1)^j with
    z = (sum_k a_k C_k + c0 + 1/2) / d. *)
Lemma sign_terms_score (h : head) (qs : list (nat * Z)) (inv kc : nat) (K : R) (c0 : Z) (C : nat -> nat)
    (d : nat) (x : stream) (i sh : nat) :
  (1 <= d)%nat -> h_terms h = sign_terms qs inv kc K c0 -> x i inv = / INR d ->
  (forall p, In p qs -> x i (fst p) = INR (C (fst p)) / INR d) -> (forall j, x j kc = (-1) ^ (j + sh)) ->
  forall j, score h x i j = K * ((IZR (lin_count qs C + c0) + 1/2) / INR d) * (-1) ^ (j + sh).
Proof.
intros Hd Ht Hinv Hq Hk j. assert (HD : INR d <> 0) by (apply not_0_INR; lia).
assert (Hl : forall qs', (forall p, In p qs' -> x i (fst p) = INR (C (fst p)) / INR d) ->
          lsum (map (fun t => snd t * x i (fst (fst t)) * x j (snd (fst t)))
                    (map (fun p => ((fst p, kc), K * IZR (snd p))) qs'))
          = K * (IZR (lin_count qs' C) / INR d) * (-1) ^ (j + sh)).
{ induction qs' as [|p qs' IH]; intros H; cbn [map lsum lin_count]; [unfold Rdiv; ring|].
  rewrite IH by (intros; apply H; right; assumption). cbn [fst snd]. rewrite H by (left; reflexivity).
  rewrite Hk, plus_IZR, mult_IZR, <- INR_IZR_INZ. field. exact HD. }
unfold score. rewrite Ht. unfold sign_terms. rewrite map_app, lsum_app, (Hl qs Hq).
cbn [map lsum fst snd]. rewrite Hinv, Hk, plus_IZR. field. exact HD.
Qed.

(** Hard: the comparison head reads exactly [sum_k a_k C_k + c0 >= 0]. *)
Theorem comparison_hard (n i d : nat) (h : head) (qs : list (nat * Z)) (inv kc : nat) (K : R) (c0 : Z)
    (C : nat -> nat) (x : stream) (sh : nat) :
  0 < K -> (1 <= d)%nat -> (2 <= vis_cnt (h_mask h) n i)%nat -> h_terms h = sign_terms qs inv kc K c0 ->
  x i inv = / INR d -> (forall p, In p qs -> x i (fst p) = INR (C (fst p)) / INR d) ->
  (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j (h_val h) = even01 (j + sh)) ->
  head_out hard_w n h x i = B2R (Z.leb 0 (lin_count qs C + c0)).
Proof.
intros HK Hd Hc Ht Hinv Hq Hk Hv. apply (sign_test_hard_gen n i d _ K h x sh); auto.
apply (sign_terms_score h qs inv kc K c0 C d x i sh); assumption.
Qed.

(** Soft at 0 < tau <= K / (2n) (tau = 1/(2n), K >= 1), 1 <= d <= n: within 1/4 of
    [sum_k a_k C_k + c0 >= 0]. *)
Theorem comparison_soft (n i d : nat) (h : head) (qs : list (nat * Z)) (inv kc : nat) (K tau : R) (c0 : Z)
    (C : nat -> nat) (x : stream) (sh : nat) :
  0 < tau -> 2 * INR n * tau <= K -> (1 <= d <= n)%nat -> (2 <= vis_cnt (h_mask h) n i)%nat ->
  h_terms h = sign_terms qs inv kc K c0 ->
  x i inv = / INR d -> (forall p, In p qs -> x i (fst p) = INR (C (fst p)) / INR d) ->
  (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j (h_val h) = even01 (j + sh)) ->
  Rabs (head_out (soft_w tau) n h x i - B2R (Z.leb 0 (lin_count qs C + c0))) <= 1 / 4.
Proof.
intros Ht HK Hd Hc Htm Hinv Hq Hk Hv. apply (sign_test_soft_gen n i d _ K tau h x sh); auto.
apply (sign_terms_score h qs inv kc K c0 C d x i sh); [lia|assumption..].
Qed.

(** A comparison of left counts, sum_k a_k #left[phi_k] + c0 >= 0 at position i (0-based): the
    count coordinates hold what [count_head_exact] writes, #{j <= i : phi_q j} / (i + 1), and inv
    holds 1/(i + 1); the soft sign head followed by the rounding unit gives the exact Boolean. *)
Theorem comparison_left_exact (n i : nat) (h : head) (qs : list (nat * Z)) (inv kc : nat) (K : R) (c0 : Z)
    (phi : nat -> nat -> bool) (x : stream) (sh : nat) (c : nat) (y : nat -> R) :
  1 <= K -> (i < n)%nat -> (2 <= vis_cnt (h_mask h) n i)%nat -> h_terms h = sign_terms qs inv kc K c0 ->
  x i inv = / INR (S i) -> (forall p, In p qs -> x i (fst p) = INR (nb_true (phi (fst p)) 0 (S i)) / INR (S i)) ->
  (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j (h_val h) = even01 (j + sh)) ->
  y (h_out h) = head_out (soft_w (tau_paper n)) n h x i ->
  unit_val (real_unit (rounding1 c (h_out h))) y = B2R (Z.leb 0 (lin_count qs (fun q => nb_true (phi q) 0 (S i)) + c0)).
Proof.
intros HK Hi Hc Ht Hinv Hq Hk Hv Hy. apply unit_rounding1_approx. rewrite Hy.
destruct (tau_paper_scale n ltac:(lia)) as [Ht0 Hs].
apply (comparison_soft n i (S i) h qs inv kc K (tau_paper n) c0 (fun q => nb_true (phi q) 0 (S i)) x sh); auto; lra || lia.
Qed.
