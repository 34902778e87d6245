(** * Seed 004, Theorem 12 at the paper's temperature tau = 1/(2n): the since head.

    At tau = 1/(2n) the scores of the S head (variant (a): 2 [stop at j] + (j + 1)/n, future
    mask) become 4 n [stop at j] + 2 (j + 1): the stops before the top (the nearest stop at or
    before i) fall off at rate 2 per position and every later position sits at least
    2 (i + 1 - t) below, so Softmax.v's geometric-tail bound puts the softmax read within 21/100
    of the hard one (the value at the top), for every n (notes/soft-hard.md). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile.
Open Scope R_scope.

(** The paper's temperature for variant (a). *)
Definition tau_paper (n : nat) : R := / (2 * INR n).

Lemma su_scaled (n kk att b s : nat) (x : stream) (B : nat -> bool) (i j : nat) :
  (1 <= n)%nat -> (i < n)%nat -> (j < n)%nat -> pe_ok n kk x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  score (real_head (su_head kk att b s Future 1)) x i j / tau_paper n = 4 * INR n * B2R (B j) + 2 * INR (S j).
Proof.
intros Hn Hi Hj Hx HB. rewrite (su_score n kk) by assumption. rewrite HB by exact Hj.
assert (INR n <> 0) by (apply not_0_INR; lia). unfold tau_paper. qsimpl. field. exact H.
Qed.

(** Before the top no score is above the top's stop bit. *)
Lemma topS_bits (B : nat -> bool) (i j : nat) : (j <= i)%nat ->
  B2R (B j) <= B2R (B (topS B i)) /\ ((topS B i < j)%nat -> B j = false /\ B (topS B i) = true).
Proof.
intros Hj. unfold topS. destruct (rm B i) as [t|] eqn:E.
- destruct (rm_some B i t E) as [Ht [Bt Haft]]. rewrite Bt. split; [destruct (B j); simpl; lra|].
  intros Htj. split; [apply Haft; lia|reflexivity].
- rewrite (rm_none B i E j Hj). split; [destruct (B i); simpl; lra|intros; lia].
Qed.

Lemma pow_m1_le (k : nat) : - 1 <= (-1) ^ k <= 1.
Proof. rewrite pow_m1. destruct (Nat.even k); lra. Qed.

(** The score-level forms of the S and Y steps, for any scale N > i: the soft reads of the scores
    4 N [stop at j] + 2 (j + 1) and -2N (-1)^(i-j) + 2 (j + 1) over j <= i (N = n for (a) at tau = 1/(2n),
    N = i + 1 for (c)). *)
(** Scaling scores by c >= 1 keeps every gap: what lets each bound below hold at every lower
    temperature (tau <= 1/(2n) scales the scores at 1/(2n) by c = 1/(2n tau) >= 1). *)
Lemma scale_gap (c a b g : R) : 1 <= c -> 0 <= g -> a <= b - g -> c * a <= c * b - g.
Proof. intros Hc Hg H. assert (0 <= (c - 1) * (b - a)) by (apply Rmult_le_pos; lra). nra. Qed.

Lemma S_read_geom_c (c : R) (N i : nat) (B : nat -> bool) (sc v : nat -> R) : 1 <= c -> (i < N)%nat ->
  (forall j, (j <= i)%nat -> sc j = c * (4 * INR N * B2R (B j) + 2 * INR (S j))) ->
  (forall j, (j <= i)%nat -> 0 <= v j <= 1) ->
  Rabs (rsum (fun k => softmax sc (S i) k * v k) 0 (S i) - v (topS B i)) <= 21 / 100.
Proof.
intros Hc1 Hi Esc Hv. pose proof (topS_le B i) as Hti. set (t := topS B i) in *.
eapply Rle_trans; [apply (softmax_read sc v (S i) t); [lia|intros j Hj; apply Hv; lia]|].
pose proof (pos_INR N) as Hn0.
apply (lemma6_geom_c2 sc (S i) t (2 * INR (S i - t))); [lia| | |lra].
- intros j Hj. rewrite !Esc by lia. apply scale_gap; [exact Hc1|apply Rmult_le_pos; [lra|apply pos_INR]|].
  destruct (topS_bits B i j ltac:(lia)) as [Hb _]. fold t in Hb.
  rewrite minus_INR by lia. rewrite !S_INR. nra.
- intros j Hj. rewrite !Esc by lia. apply scale_gap; [exact Hc1|apply Rmult_le_pos; [lra|apply pos_INR]|].
  destruct (topS_bits B i j ltac:(lia)) as [_ Hb]. fold t in Hb.
  destruct (Hb ltac:(lia)) as [E1 E2]. rewrite E1, E2. simpl B2R.
  rewrite minus_INR by lia. rewrite !S_INR.
  assert (INR j <= INR i) by (apply le_INR; lia). assert (INR i + 1 <= INR N) by (rewrite <- S_INR; apply le_INR; lia).
  pose proof (pos_INR t). lra.
Qed.

Lemma S_read_geom (N i : nat) (B : nat -> bool) (sc v : nat -> R) : (i < N)%nat ->
  (forall j, (j <= i)%nat -> sc j = 4 * INR N * B2R (B j) + 2 * INR (S j)) ->
  (forall j, (j <= i)%nat -> 0 <= v j <= 1) ->
  Rabs (rsum (fun k => softmax sc (S i) k * v k) 0 (S i) - v (topS B i)) <= 21 / 100.
Proof. intros Hi Esc. apply (S_read_geom_c 1 N i B); [lra|exact Hi|intros j Hj; rewrite Rmult_1_l; apply Esc, Hj]. Qed.

Lemma Y_read_geom_c (c : R) (N i : nat) (sc v : nat -> R) : 1 <= c -> (i < N)%nat ->
  (forall j, (j <= i)%nat -> sc j = c * (- (2 * INR N) * (-1) ^ (i - j) + 2 * INR (S j))) ->
  (forall j, (j <= i)%nat -> 0 <= v j <= 1) ->
  Rabs (rsum (fun k => softmax sc (S i) k * v k) 0 (S i) - v (i - 1)%nat) <= 21 / 100.
Proof.
intros Hc1 Hi Esc Hv. set (t := (i - 1)%nat).
eapply Rle_trans; [apply (softmax_read sc v (S i) t); [unfold t; lia|intros j Hj; apply Hv; lia]|].
pose proof (pos_INR N) as Hn0.
apply (lemma6_geom_c2 sc (S i) t (2 * INR (S i - t))); [unfold t; lia| | |lra].
- intros j Hj. assert (Hi1 : (1 <= i)%nat) by (unfold t in Hj; lia).
  rewrite !Esc by (unfold t in Hj; lia). apply scale_gap; [exact Hc1|apply Rmult_le_pos; [lra|apply pos_INR]|].
  replace (i - t)%nat with 1%nat by (unfold t; lia).
  pose proof (pow_m1_le (i - j)). rewrite minus_INR by lia. rewrite !S_INR.
  unfold t. rewrite minus_INR by lia. simpl (INR 1). simpl pow. nra.
- intros j Hj. assert (Hi1 : (1 <= i)%nat) by (unfold t in Hj; lia). replace j with i in * by (unfold t in Hj; lia).
  rewrite !Esc by lia. apply scale_gap; [exact Hc1|apply Rmult_le_pos; [lra|apply pos_INR]|].
  replace (i - t)%nat with 1%nat by (unfold t; lia). rewrite Nat.sub_diag.
  replace (S i - t)%nat with 2%nat by (unfold t; lia).
  assert (2 <= INR N) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; lia).
  unfold t. rewrite !S_INR, minus_INR by lia. simpl (INR 1). simpl (INR 2). simpl pow. simpl (INR 0). lra.
Qed.

Lemma Y_read_geom (N i : nat) (sc v : nat -> R) : (i < N)%nat ->
  (forall j, (j <= i)%nat -> sc j = - (2 * INR N) * (-1) ^ (i - j) + 2 * INR (S j)) ->
  (forall j, (j <= i)%nat -> 0 <= v j <= 1) ->
  Rabs (rsum (fun k => softmax sc (S i) k * v k) 0 (S i) - v (i - 1)%nat) <= 21 / 100.
Proof. intros Hi Esc. apply (Y_read_geom_c 1 N i); [lra|exact Hi|intros j Hj; rewrite Rmult_1_l; apply Esc, Hj]. Qed.

(** A score at tau <= 1/(2n) is c >= 1 times the score at 1/(2n). *)
Lemma tau_paper_pos (n : nat) : (1 <= n)%nat -> 0 < tau_paper n.
Proof. intros Hn. unfold tau_paper. apply Rinv_0_lt_compat, Rmult_lt_0_compat; [lra|apply lt_0_INR; lia]. Qed.

Lemma tau_below (n : nat) (tau : R) : (1 <= n)%nat -> 0 < tau <= tau_paper n ->
  1 <= tau_paper n / tau /\ forall r, r / tau = tau_paper n / tau * (r / tau_paper n).
Proof.
intros Hn Ht. pose proof (tau_paper_pos n Hn).
split; [apply le_div; lra|intros r; field; lra].
Qed.

(** The since head at every tau <= 1/(2n) reads the value at the nearest stop within 21/100, for
    every n, position i and stream holding the embedding, Boolean stop bits and values in [0, 1]. *)
Lemma head_S_low (tau : R) (n kk att b s : nat) (x : stream) (B : nat -> bool) (i : nat) :
  0 < tau <= tau_paper n -> (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> 0 <= x j b <= 1) ->
  Rabs (head_out (soft_w tau) n (real_head (su_head kk att b s Future 1)) x i - x (topS B i) b) <= 21 / 100.
Proof.
intros Ht Hn Hi Hx HB Hv. destruct (tau_below n tau Hn Ht) as [Hc Hr].
unfold head_out, soft_w, soft. cbn [real_head su_head h_mask h_val vis_lo vis_cnt].
change (x (topS B i) b) with ((fun k => x (0 + k)%nat b) (topS B i)).
apply (S_read_geom_c (tau_paper n / tau) n i B); [exact Hc|exact Hi| |intros j Hj; apply Hv; simpl; lia].
intros j Hj. simpl (0 + j)%nat. rewrite Hr. f_equal. apply (su_scaled n kk att b s x B i j); (assumption || lia).
Qed.

Lemma head_S_paper (n kk att b s : nat) (x : stream) (B : nat -> bool) (i : nat) :
  (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> 0 <= x j b <= 1) ->
  Rabs (head_out (soft_w (tau_paper n)) n (real_head (su_head kk att b s Future 1)) x i - x (topS B i) b) <= 21 / 100.
Proof. intros Hn. apply head_S_low; [|exact Hn]. pose proof (tau_paper_pos n Hn). lra. Qed.

(** The Y head (future mask, score -(-1)^(i+j) + (j + 1)/n) at tau = 1/(2n): the scores
    -2n (-1)^(i-j) + 2 (j + 1) peak at t = i - 1 with 2n + 2i, every j < t is at most
    2n + 2j + 2 (rate 2), and j = i is 4n - 2 >= 4 below (n >= 2 when i >= 1). *)
Lemma sel_scaled (n kk att a : nat) (x : stream) (i j : nat) :
  (1 <= n)%nat -> (i < n)%nat -> (j <= i)%nat -> pe_ok n kk x ->
  score (real_head (sel_head kk att a Future 1)) x i j / tau_paper n
  = - (2 * INR n) * (-1) ^ (i - j) + 2 * INR (S j).
Proof.
intros Hn Hi Hj Hx. rewrite (sel_score n kk) by (assumption || lia). rewrite alt_prod by exact Hj.
assert (INR n <> 0) by (apply not_0_INR; lia). unfold tau_paper. qsimpl. field. exact H.
Qed.

Lemma head_Y_low (tau : R) (n kk att a : nat) (x : stream) (i : nat) :
  0 < tau <= tau_paper n -> (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> 0 <= x j a <= 1) ->
  Rabs (head_out (soft_w tau) n (real_head (sel_head kk att a Future 1)) x i - x (i - 1)%nat a) <= 21 / 100.
Proof.
intros Ht Hn Hi Hx Hv. destruct (tau_below n tau Hn Ht) as [Hc Hr].
unfold head_out, soft_w, soft. cbn [real_head sel_head h_mask h_val vis_lo vis_cnt].
change (x (i - 1)%nat a) with ((fun k => x (0 + k)%nat a) (i - 1)%nat).
apply (Y_read_geom_c (tau_paper n / tau) n i); [exact Hc|exact Hi| |intros j Hj; apply Hv; simpl; lia].
intros j Hj. simpl (0 + j)%nat. rewrite Hr. f_equal. apply (sel_scaled n kk att a x i j); (assumption || lia).
Qed.

Lemma head_Y_paper (n kk att a : nat) (x : stream) (i : nat) :
  (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> 0 <= x j a <= 1) ->
  Rabs (head_out (soft_w (tau_paper n)) n (real_head (sel_head kk att a Future 1)) x i - x (i - 1)%nat a) <= 21 / 100.
Proof. intros Hn. apply head_Y_low; [|exact Hn]. pose proof (tau_paper_pos n Hn). lra. Qed.

(** Softmax sees only s / tau: two heads with the same values and mask whose scores agree after
    dividing by their temperatures have the same soft output. *)
Lemma soft_scaled (n : nat) (h h' : head) (x : stream) (tau tau' : R) (i : nat) : (i < n)%nat ->
  h_val h' = h_val h -> h_mask h' = h_mask h ->
  (forall j, (j < n)%nat -> score h' x i j / tau' = score h x i j / tau) ->
  head_out (soft_w tau') n h' x i = head_out (soft_w tau) n h x i.
Proof.
intros Hi Hv Hm Hs. unfold head_out, soft_w, soft. rewrite Hv, Hm.
set (lo := vis_lo (h_mask h) i). set (cnt := vis_cnt (h_mask h) n i).
assert (HZ : partition (fun j => score h' x i (lo + j) / tau') cnt = partition (fun j => score h x i (lo + j) / tau) cnt).
{ unfold partition. apply rsum_ext. intros k Hk. rewrite Hs; [reflexivity|]. apply vis_range; [exact Hi|unfold cnt; lia]. }
apply rsum_ext. intros k Hk. unfold softmax. rewrite HZ, Hs; [reflexivity|]. apply vis_range; [exact Hi|unfold cnt; lia].
Qed.

(** Variant (b) with c = 2 at tau = 1 is variant (a) at tau = 1/(2n): its scores are 2 n times (a)'s. *)
Lemma unb_tau1 (n kk att b s a : nat) (w : nat -> nat) (x : stream) (i : nat) (m : mask) (sg : Q) :
  (1 <= n)%nat -> (i < n)%nat -> pe_agree n w kk VUnbounded x ->
  head_out (soft_w 1) n (real_head (vsu_head kk VUnbounded 2 att b s m sg)) x i
  = head_out (soft_w (tau_paper n)) n (real_head (su_head kk att b s m sg)) x i /\
  head_out (soft_w 1) n (real_head (vhead kk VUnbounded 2 att a m sg)) x i
  = head_out (soft_w (tau_paper n)) n (real_head (sel_head kk att a m sg)) x i.
Proof.
intros Hn Hi Hx. assert (INR n <> 0) by (apply not_0_INR; lia). split.
- apply soft_scaled; [exact Hi|reflexivity|reflexivity|]. intros j Hj.
  rewrite (unb_score_su n kk att b s w) by assumption. rewrite Q2R_2. unfold tau_paper. field. exact H.
- apply soft_scaled; [exact Hi|reflexivity|reflexivity|]. intros j Hj.
  rewrite (unb_score_sel n kk att a w) by assumption. rewrite Q2R_2. unfold tau_paper. field. exact H.
Qed.

(** Variant (b), c = 2, tau = 1: the S and Y heads read within 21/100 of the hard value, every n. *)
Lemma head_S_unb_tau1 (n kk att b s : nat) (w : nat -> nat) (x : stream) (B : nat -> bool) (i : nat) :
  (1 <= n)%nat -> (i < n)%nat -> pe_agree n w kk VUnbounded x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> 0 <= x j b <= 1) ->
  Rabs (head_out (soft_w 1) n (real_head (vsu_head kk VUnbounded 2 att b s Future 1)) x i - x (topS B i) b) <= 21 / 100.
Proof.
intros Hn Hi Hx HB Hv. rewrite (proj1 (unb_tau1 n kk att b s 0 w x i Future 1 Hn Hi Hx)).
apply head_S_paper; try assumption. apply (pe_ok_agree _ _ _ _ _ Hx).
Qed.

Lemma head_Y_unb_tau1 (n kk att a : nat) (w : nat -> nat) (x : stream) (i : nat) :
  (1 <= n)%nat -> (i < n)%nat -> pe_agree n w kk VUnbounded x ->
  (forall j, (j < n)%nat -> 0 <= x j a <= 1) ->
  Rabs (head_out (soft_w 1) n (real_head (vhead kk VUnbounded 2 att a Future 1)) x i - x (i - 1)%nat a) <= 21 / 100.
Proof.
intros Hn Hi Hx Hv. rewrite (proj2 (unb_tau1 n kk att 0 0 a w x i Future 1 Hn Hi Hx)).
apply head_Y_paper; try assumption. apply (pe_ok_agree _ _ _ _ _ Hx).
Qed.

(** The past-masked heads (X, U) at tau = 1/(2n): the top is the leftmost candidate, the scores
    after it fall off at rate 2 and those before it sit at least 2 (t + 1) below (Softmax.v's
    mirrored bound). *)
Lemma su_scaled_past (n kk att b s : nat) (x : stream) (B : nat -> bool) (i j : nat) :
  (1 <= n)%nat -> (i < n)%nat -> (j < n)%nat -> pe_ok n kk x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  score (real_head (su_head kk att b s Past (-1))) x i j / tau_paper n = 4 * INR n * B2R (B j) - 2 * INR (S j).
Proof.
intros Hn Hi Hj Hx HB. rewrite (su_score n kk) by assumption. rewrite HB by exact Hj.
assert (INR n <> 0) by (apply not_0_INR; lia). unfold tau_paper. unfold Q2R. cbn [Qnum Qden]. field. exact H.
Qed.

Lemma topU_range (B : nat -> bool) (m i : nat) : (1 <= m)%nat -> (i <= topU B m i < i + m)%nat.
Proof. intros Hm. unfold topU. destruct (lm B m i) as [t|] eqn:E; [apply (lm_some B m i t E)|lia]. Qed.

Lemma topU_bits (B : nat -> bool) (m i j : nat) : (i <= j < i + m)%nat ->
  B2R (B j) <= B2R (B (topU B m i)) /\ ((j < topU B m i)%nat -> B j = false /\ B (topU B m i) = true).
Proof.
intros Hj. unfold topU. destruct (lm B m i) as [t|] eqn:E.
- destruct (lm_some B m i t E) as [Ht [Bt Hbef]]. rewrite Bt. split; [destruct (B j); simpl; lra|].
  intros Htj. split; [apply Hbef; lia|reflexivity].
- rewrite (lm_none B m i E j Hj). split; [destruct (B i); simpl; lra|intros; lia].
Qed.

Lemma head_U_low (tau : R) (n kk att b s : nat) (x : stream) (B : nat -> bool) (i : nat) :
  0 < tau <= tau_paper n -> (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> 0 <= x j b <= 1) ->
  Rabs (head_out (soft_w tau) n (real_head (su_head kk att b s Past (-1))) x i - x (topU B (n - i) i) b) <= 21 / 100.
Proof.
intros Htau Hn Hi Hx HB Hv. destruct (tau_below n tau Hn Htau) as [Hc1 Hsc]. pose proof (topU_range B (n - i) i ltac:(lia)) as Hr.
set (top := topU B (n - i) i) in *. set (t := (top - i)%nat).
unfold head_out, soft_w, soft. cbn [real_head su_head h_mask h_val vis_lo vis_cnt].
set (sc := fun k => score (real_head (su_head kk att b s Past (-1))) x i (i + k) / tau).
assert (Esc : forall k, (k < n - i)%nat -> sc k = tau_paper n / tau * (4 * INR n * B2R (B (i + k)%nat) - 2 * INR (S (i + k))))
  by (intros k Hk; unfold sc; rewrite Hsc; f_equal; apply (su_scaled_past n kk att b s x B i (i + k)); (assumption || lia)).
replace (x top b) with ((fun k => x (i + k)%nat b) t) by (unfold t; f_equal; lia).
eapply Rle_trans; [apply (softmax_read sc (fun k => x (i + k)%nat b) (n - i) t); [unfold t; lia|intros j Hj; apply Hv; lia]|].
pose proof (pos_INR n) as Hn0.
apply (lemma6_geom_c2_rev sc (n - i) t (2 * INR (S t))); [unfold t; lia| | |lra].
- intros k Hk. rewrite !Esc by (unfold t in *; lia). apply scale_gap; [exact Hc1|apply Rmult_le_pos; [lra|apply pos_INR]|]. destruct (topU_bits B (n - i) i (i + k) ltac:(unfold t in *; lia)) as [_ Hb].
  fold top in Hb. destruct (Hb ltac:(unfold t in *; lia)) as [E1 E2].
  replace (i + t)%nat with top by (unfold t; lia). rewrite E1, E2. simpl B2R. rewrite !S_INR, !plus_INR.
  assert (INR top + 1 <= INR n) by (rewrite <- S_INR; apply le_INR; lia).
  unfold t. rewrite minus_INR by lia. pose proof (pos_INR k). pose proof (pos_INR i). lra.
- intros k Hk. rewrite !Esc by (unfold t in *; lia). apply scale_gap; [exact Hc1|apply Rmult_le_pos; [lra|apply pos_INR]|]. destruct (topU_bits B (n - i) i (i + k) ltac:(unfold t in *; lia)) as [Hb _].
  fold top in Hb. replace (i + t)%nat with top by (unfold t; lia).
  rewrite minus_INR by lia. rewrite !S_INR, !plus_INR. unfold t. rewrite minus_INR by lia. nra.
Qed.

Lemma head_U_paper (n kk att b s : nat) (x : stream) (B : nat -> bool) (i : nat) :
  (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> 0 <= x j b <= 1) ->
  Rabs (head_out (soft_w (tau_paper n)) n (real_head (su_head kk att b s Past (-1))) x i - x (topU B (n - i) i) b) <= 21 / 100.
Proof. intros Hn. apply head_U_low; [|exact Hn]. pose proof (tau_paper_pos n Hn). lra. Qed.

Lemma head_X_low (tau : R) (n kk att a : nat) (x : stream) (i : nat) :
  0 < tau <= tau_paper n -> (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> 0 <= x j a <= 1) ->
  Rabs (head_out (soft_w tau) n (real_head (sel_head kk att a Past (-1))) x i - x (x_next n i) a) <= 21 / 100.
Proof.
intros Htau Hn Hi Hx Hv. destruct (tau_below n tau Hn Htau) as [Hc1 Hr]. set (t := if (S i <? n)%nat then 1%nat else 0%nat).
assert (Ht : (i + t)%nat = x_next n i) by (unfold t, x_next; destruct (S i <? n)%nat; lia).
assert (Htn : (t < n - i)%nat) by (unfold t; destruct (S i <? n)%nat eqn:E; [apply Nat.ltb_lt in E|]; lia).
unfold head_out, soft_w, soft. cbn [real_head sel_head h_mask h_val vis_lo vis_cnt].
set (sc := fun k => score (real_head (sel_head kk att a Past (-1))) x i (i + k) / tau).
assert (Esc : forall k, (k < n - i)%nat -> sc k = tau_paper n / tau * (- (2 * INR n) * (-1) ^ k - 2 * INR (S (i + k)))).
{ intros k Hk. unfold sc. rewrite Hr. f_equal. rewrite (sel_score n kk) by (assumption || lia). rewrite alt_prod2.
  assert (INR n <> 0) by (apply not_0_INR; lia). unfold tau_paper. unfold Q2R. cbn [Qnum Qden]. field. exact H. }
rewrite <- Ht.
eapply Rle_trans; [apply (softmax_read sc (fun k => x (i + k)%nat a) (n - i) t); [exact Htn|intros j Hj; apply Hv; lia]|].
pose proof (pos_INR n) as Hn0.
apply (lemma6_geom_c2_rev sc (n - i) t (2 * INR (S t))); [exact Htn| | |lra].
- intros k Hk. assert (t = 1%nat) by (unfold t in *; destruct (S i <? n)%nat; lia). subst t. rewrite H in *.
  replace k with 0%nat by lia. rewrite !Esc by lia. apply scale_gap; [exact Hc1|apply Rmult_le_pos; [lra|apply pos_INR]|].
  assert (INR (S (S i)) <= INR n) by (apply le_INR; lia). rewrite !S_INR in *. rewrite !plus_INR. simpl (INR 0). simpl (INR 1).
  simpl pow. pose proof (pos_INR i). lra.
- intros k Hk. rewrite !Esc by lia. apply scale_gap; [exact Hc1|apply Rmult_le_pos; [lra|apply pos_INR]|]. pose proof (pow_m1_le k).
  assert (Et : (-1) ^ t = if (S i <? n)%nat then -1 else 1) by (unfold t; destruct (S i <? n)%nat; simpl; ring).
  assert (t = 1%nat) by (unfold t in *; destruct (S i <? n)%nat eqn:E; [reflexivity|apply Nat.ltb_ge in E; lia]). rewrite Et.
  replace (S i <? n)%nat with true by (unfold t in H0; destruct (S i <? n)%nat; [reflexivity|lia]).
  rewrite H0 in *. rewrite minus_INR by lia. rewrite !S_INR, !plus_INR. simpl (INR 1). simpl (INR 0). assert (0 <= INR n * ((-1) ^ k + 1)) by (apply Rmult_le_pos; lra). lra.
Qed.

Lemma head_X_paper (n kk att a : nat) (x : stream) (i : nat) :
  (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> 0 <= x j a <= 1) ->
  Rabs (head_out (soft_w (tau_paper n)) n (real_head (sel_head kk att a Past (-1))) x i - x (x_next n i) a) <= 21 / 100.
Proof. intros Hn. apply head_X_low; [|exact Hn]. pose proof (tau_paper_pos n Hn). lra. Qed.

(** Variant (b), c = 2, tau = 1, the past-masked heads: again (a)'s heads at tau = 1/(2n). *)
Lemma head_U_unb_tau1 (n kk att b s : nat) (w : nat -> nat) (x : stream) (B : nat -> bool) (i : nat) :
  (1 <= n)%nat -> (i < n)%nat -> pe_agree n w kk VUnbounded x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> 0 <= x j b <= 1) ->
  Rabs (head_out (soft_w 1) n (real_head (vsu_head kk VUnbounded 2 att b s Past (-1))) x i - x (topU B (n - i) i) b) <= 21 / 100.
Proof.
intros Hn Hi Hx HB Hv. rewrite (proj1 (unb_tau1 n kk att b s 0 w x i Past (-1) Hn Hi Hx)).
apply head_U_paper; try assumption. apply (pe_ok_agree _ _ _ _ _ Hx).
Qed.

Lemma head_X_unb_tau1 (n kk att a : nat) (w : nat -> nat) (x : stream) (i : nat) :
  (1 <= n)%nat -> (i < n)%nat -> pe_agree n w kk VUnbounded x ->
  (forall j, (j < n)%nat -> 0 <= x j a <= 1) ->
  Rabs (head_out (soft_w 1) n (real_head (vhead kk VUnbounded 2 att a Past (-1))) x i - x (x_next n i) a) <= 21 / 100.
Proof.
intros Hn Hi Hx Hv. rewrite (proj2 (unb_tau1 n kk att 0 0 a w x i Past (-1) Hn Hi Hx)).
apply head_X_paper; try assumption. apply (pe_ok_agree _ _ _ _ _ Hx).
Qed.

(** Lemma 9's rounding units on inputs within 1/4 of a Boolean: the same exact output as on the
    Boolean itself, so a soft head error below 1/4 is not carried to the next layer. *)
Lemma unit_rounding_approx (c x gate : nat) (p q : bool) (y : nat -> R) : Rabs (y x - B2R p) <= 1 / 4 -> y gate = B2R q ->
  unit_val (real_unit (rounding c x gate)) y = B2R (p && negb q).
Proof.
intros Hx Hg. rewrite unit_val_real. unfold rounding. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd].
qsimpl. rewrite Hg. pose proof (Rle_abs (y x - B2R p)). pose proof (Rle_abs (- (y x - B2R p))). rewrite Rabs_Ropp in *. destruct p, q; simpl in *; relu.
Qed.

Lemma unit_rounding1_approx (c x : nat) (p : bool) (y : nat -> R) : Rabs (y x - B2R p) <= 1 / 4 ->
  unit_val (real_unit (rounding1 c x)) y = B2R p.
Proof.
intros Hx. rewrite unit_val_real. unfold rounding1. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd].
qsimpl. pose proof (Rle_abs (y x - B2R p)). pose proof (Rle_abs (- (y x - B2R p))). rewrite Rabs_Ropp in *. destruct p; simpl in *; relu.
Qed.

(** Variant (c) (causal, PEs i, (-1)^i i), c = 2, tau = 1: its scores at i are (a)'s with
    n := i + 1 at tau = 1/(2 (i + 1)), so the S and Y heads read within 21/100, every n. *)
Lemma head_S_caus_tau1 (n kk att b s : nat) (w : nat -> nat) (x : stream) (B : nat -> bool) (i : nat) :
  (i < n)%nat -> pe_agree n w kk VCausal x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> 0 <= x j b <= 1) ->
  Rabs (head_out (soft_w 1) n (real_head (vsu_head kk VCausal 2 att b s Future 1)) x i - x (topS B i) b) <= 21 / 100.
Proof.
intros Hi Hx HB Hv. unfold head_out, soft_w, soft. cbn [real_head vsu_head h_mask h_val vis_lo vis_cnt].
change (x (topS B i) b) with ((fun k => x (0 + k)%nat b) (topS B i)).
apply (S_read_geom (S i) i B); [lia| |intros j Hj; apply Hv; simpl; lia].
intros j Hj. cbv beta. change (vis_lo (sh_mask (vsu_head kk VCausal 2 att b s Future 1)) i + j)%nat with j. rewrite (caus_score_S n kk att b s w) by (assumption || lia).
rewrite HB by lia. rewrite Q2R_2. assert (INR (S i) <> 0) by (apply not_0_INR; lia). field. exact H.
Qed.

Lemma head_Y_caus_tau1 (n kk att a : nat) (w : nat -> nat) (x : stream) (i : nat) :
  (i < n)%nat -> pe_agree n w kk VCausal x ->
  (forall j, (j < n)%nat -> 0 <= x j a <= 1) ->
  Rabs (head_out (soft_w 1) n (real_head (vhead kk VCausal 2 att a Future 1)) x i - x (i - 1)%nat a) <= 21 / 100.
Proof.
intros Hi Hx Hv. unfold head_out, soft_w, soft. cbn [real_head vhead h_mask h_val vis_lo vis_cnt].
change (x (i - 1)%nat a) with ((fun k => x (0 + k)%nat a) (i - 1)%nat).
apply (Y_read_geom (S i) i); [lia| |intros j Hj; apply Hv; simpl; lia].
intros j Hj. cbv beta. change (vis_lo (sh_mask (vhead kk VCausal 2 att a Future 1)) i + j)%nat with j. rewrite (caus_score_Y n kk att a w) by (assumption || lia).
rewrite alt_prod by lia. rewrite Q2R_2. assert (INR (S i) <> 0) by (apply not_0_INR; lia). field. exact H.
Qed.

(** ** The soft run on a levelled network: exact off the head coordinates

    The soft copy of `run_levels`: a head coordinate (isH) of level <= m is held within E c of its
    value, every other coordinate exactly.  If every layer's heads write their level's head
    coordinates within E c (and nothing elsewhere) and its units, reading a stream with head
    coordinates only within E c, still write their coordinates exactly (Lemma 9's rounding units:
    `unit_rounding_approx`), the soft run holds every non-head coordinate exactly at every layer. *)
Section SoftLevels.
Variables (n : nat) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) (W : head -> (nat -> R) -> nat -> nat -> R) (E : nat -> R).

Definition close (x : stream) (i c : nat) : Prop := if isH c then Rabs (x i c - V c i) <= E c else x i c = V c i.

Definition sagree (m : nat) (x : stream) : Prop :=
  forall i c l, (i < n)%nat -> D c = Some l -> (l <= m)%nat -> close x i c.

Definition heads_soft (m : nat) (hs : list head) : Prop :=
  forall x, sagree m x -> forall i c, (i < n)%nat ->
    let s := lsum (map (fun h => if Nat.eqb (h_out h) c then head_out W n h x i else 0) hs) in
    if at_lev D c (S m) && isH c then Rabs (s - V c i) <= E c else s = 0.

Definition units_soft (m : nat) (us : list unit) : Prop :=
  forall y, sagree m y -> (forall i c, (i < n)%nat -> at_lev D c (S m) && isH c = true -> Rabs (y i c - V c i) <= E c) ->
    forall i c, (i < n)%nat ->
      lsum (map (fun u => if Nat.eqb (u_out u) c then unit_val u (y i) else 0) us)
      = if at_lev D c (S m) && negb (isH c) then V c i else 0.

Definition layer_soft (m : nat) (L : layer) : Prop := heads_soft m (l_heads L) /\ units_soft m (l_units L).

Lemma soft_layer_step (m : nat) (L : layer) (x : stream) : layer_soft m L -> sagree m x -> zero_above n D m x ->
  sagree (S m) (layer_run W n L x) /\ zero_above n D (S m) (layer_run W n L x).
Proof.
intros [Hh Hu] Ha Hz. pose proof (Hh x Ha) as Hs. cbv zeta in Hs.
set (y := attn_sub W n (l_heads L) x).
assert (Hlow : forall c l, D c = Some l -> (l <= m)%nat -> at_lev D c (S m) = false).
{ intros c l Hc Hl. apply not_true_iff_false. rewrite at_lev_true. intros E0. rewrite E0 in Hc. inversion Hc. lia. }
assert (Hhigh : forall c, at_lev D c (S m) = true -> forall i, (i < n)%nat -> x i c = 0).
{ intros c E0 i Hi. apply at_lev_true in E0. apply (Hz i c Hi). intros l El. rewrite E0 in El. inversion El. lia. }
assert (Hya : sagree m y).
{ intros i c l Hi Hc Hl. specialize (Hs i c Hi). rewrite (Hlow c l Hc Hl) in Hs. simpl in Hs.
  unfold close, y, attn_sub. rewrite Hs, Rplus_0_r. apply (Ha i c l); assumption. }
assert (Hyh : forall i c, (i < n)%nat -> at_lev D c (S m) && isH c = true -> Rabs (y i c - V c i) <= E c).
{ intros i c Hi E0. specialize (Hs i c Hi). rewrite E0 in Hs. unfold y, attn_sub.
  apply andb_true_iff in E0. rewrite (Hhigh c (proj1 E0) i Hi), Rplus_0_l. exact Hs. }
pose proof (Hu y Hya Hyh) as Hus.
assert (Ez : forall i c, (i < n)%nat -> layer_run W n L x i c
                = y i c + (if at_lev D c (S m) && negb (isH c) then V c i else 0))
  by (intros i c Hi; unfold layer_run, ffn_sub; fold y; rewrite Hus by exact Hi; reflexivity).
split.
- intros i c l Hi Hc Hl. unfold close. rewrite Ez by exact Hi.
  destruct (Nat.eq_dec l (S m)) as [->|Hne].
  + assert (At : at_lev D c (S m) = true) by (apply at_lev_true, Hc).
    destruct (isH c) eqn:EH; rewrite At; simpl.
    * rewrite Rplus_0_r. apply Hyh; [exact Hi|rewrite At, EH; reflexivity].
    * specialize (Hs i c Hi). rewrite At, EH in Hs. simpl in Hs. unfold y, attn_sub.
      rewrite Hs, (Hhigh c At i Hi). ring.
  + rewrite (Hlow c l Hc ltac:(lia)). simpl. rewrite Rplus_0_r. apply (Hya i c l Hi Hc ltac:(lia)).
- intros i c Hi Habove. rewrite Ez by exact Hi.
  assert (Af : at_lev D c (S m) = false).
  { apply not_true_iff_false. rewrite at_lev_true. intros E0. specialize (Habove _ E0). lia. }
  rewrite Af. simpl. specialize (Hs i c Hi). rewrite Af in Hs. simpl in Hs. unfold y, attn_sub.
  rewrite Hs, (Hz i c Hi) by (intros l El; specialize (Habove l El); lia). ring.
Qed.

Fixpoint nets_soft (m : nat) (net : list layer) : Prop :=
  match net with nil => True | L :: net' => layer_soft m L /\ nets_soft (S m) net' end.

(** The run under W holds every non-head coordinate exactly at its value (head ones within E c). *)
Theorem soft_run_levels (net : list layer) (m : nat) (x : stream) :
  nets_soft m net -> sagree m x -> zero_above n D m x -> sagree (m + length net) (net_run W n net x).
Proof.
revert m x. induction net as [|L net IH]; intros m x Hok Ha Hz.
- simpl. rewrite Nat.add_0_r. exact Ha.
- destruct Hok as [HL Hok]. destruct (soft_layer_step m L x HL Ha Hz) as [Ha' Hz'].
  simpl length. rewrite Nat.add_succ_r. exact (IH (S m) _ Hok Ha' Hz').
Qed.

(** So every non-head coordinate of level <= the depth is read exactly off the run's output. *)
Corollary soft_run_out (net : list layer) (x : stream) (i c l : nat) :
  nets_soft 0 net -> sagree 0 x -> zero_above n D 0 x -> (i < n)%nat -> D c = Some l -> (l <= length net)%nat ->
  isH c = false -> net_run W n net x i c = V c i.
Proof.
intros Hok Ha Hz Hi Hc Hl Eh. pose proof (soft_run_levels net 0 x Hok Ha Hz i c l Hi Hc Hl) as H.
unfold close in H. rewrite Eh in H. exact H.
Qed.

End SoftLevels.

(** ** Adding one component keeps `layer_soft` (the soft copies of `layer_ok_upd`,
    `layer_ok_unit`, `layer_ok_head`) *)
Section SoftUpd.
Variables (n : nat) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) (W : head -> (nat -> R) -> nat -> nat -> R) (E : nat -> R).
Variables (c : nat) (l : nat) (v : nat -> R) (hb : bool).
Hypothesis Hfresh : D c = None.
Let V' := upd V c v.
Let D' := upd D c (Some (S l)).
Let isH' := upd isH c hb.

Lemma sagree_old (m : nat) (x : stream) : sagree n V' D' isH' E m x -> sagree n V D isH E m x.
Proof.
intros Ha i c' l' Hi Hc Hl. destruct (Nat.eq_dec c' c) as [->|Hne]; [congruence|].
specialize (Ha i c' l' Hi). unfold close, V', D', isH' in Ha. rewrite !upd_other in Ha by exact Hne.
exact (Ha Hc Hl).
Qed.

Lemma s_new (m : nat) : at_lev D' c m = Nat.eqb (S l) m.
Proof. unfold at_lev, D'. rewrite upd_same. reflexivity. Qed.

Lemma s_old (m : nat) : at_lev D c m = false.
Proof. unfold at_lev. rewrite Hfresh. reflexivity. Qed.

Lemma s_other (c' m : nat) : c' <> c -> at_lev D' c' m = at_lev D c' m.
Proof. intros H. unfold at_lev, D'. rewrite upd_other by exact H. reflexivity. Qed.

Lemma hyh_old (m : nat) (y : stream) :
  (forall i c', (i < n)%nat -> at_lev D' c' (S m) && isH' c' = true -> Rabs (y i c' - V' c' i) <= E c') ->
  forall i c', (i < n)%nat -> at_lev D c' (S m) && isH c' = true -> Rabs (y i c' - V c' i) <= E c'.
Proof.
intros Hyh i c' Hi E0. destruct (Nat.eq_dec c' c) as [->|Hne]; [rewrite s_old in E0; discriminate|].
specialize (Hyh i c' Hi). rewrite s_other in Hyh by exact Hne. unfold isH', V' in Hyh.
rewrite !upd_other in Hyh by exact Hne. auto.
Qed.

Lemma layer_soft_upd (m : nat) (L : layer) : m <> l -> layer_soft n V D isH W E m L -> layer_soft n V' D' isH' W E m L.
Proof.
intros Hml [Hh Hu]. split.
- intros x Ha i c' Hi. specialize (Hh x (sagree_old m x Ha) i c' Hi). cbv zeta in *.
  destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite s_new. rewrite s_old in Hh. replace (Nat.eqb (S l) (S m)) with false by (symmetry; apply Nat.eqb_neq; lia). exact Hh.
  + rewrite s_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. exact Hh.
- intros y Ha Hyh i c' Hi. rewrite (Hu y (sagree_old m y Ha) (hyh_old m y Hyh) i c' Hi).
  destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite s_new, s_old. replace (Nat.eqb (S l) (S m)) with false by (symmetry; apply Nat.eqb_neq; lia). reflexivity.
  + rewrite s_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. reflexivity.
Qed.

(** Layer l gains a unit writing c exactly (on streams whose head coordinates are within E). *)
Lemma layer_soft_unit (L : layer) (u : unit) : hb = false -> u_out u = c -> layer_soft n V D isH W E l L ->
  (forall y, sagree n V D isH E l y -> (forall i c', (i < n)%nat -> at_lev D c' (S l) && isH c' = true -> Rabs (y i c' - V c' i) <= E c') ->
     forall i, (i < n)%nat -> unit_val u (y i) = v i) ->
  layer_soft n V' D' isH' W E l (Layer (l_heads L) (l_units L ++ u :: nil)).
Proof.
intros Hb Hout [Hh Hu] Hloc. split.
- intros x Ha i c' Hi. specialize (Hh x (sagree_old l x Ha) i c' Hi). cbv zeta in *. cbn [l_heads].
  destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite s_new. rewrite s_old in Hh. unfold isH'. rewrite upd_same, Hb, andb_false_r. exact Hh.
  + rewrite s_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. exact Hh.
- intros y Ha Hyh i c' Hi. cbn [l_units]. rewrite map_app, lsum_app. cbn [map lsum].
  pose proof (hyh_old l y Hyh) as Hyh0.
  rewrite (Hu y (sagree_old l y Ha) Hyh0 i c' Hi). rewrite Hout. destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite s_old, s_new, Nat.eqb_refl. unfold isH', V'. rewrite !upd_same, Hb. simpl. rewrite Nat.eqb_refl. simpl.
    rewrite (Hloc y (sagree_old l y Ha) Hyh0 i Hi). ring.
  + rewrite s_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne.
    replace (Nat.eqb c c') with false by (symmetry; apply Nat.eqb_neq; congruence). ring.
Qed.

(** Layer l gains a head writing c within E c. *)
Lemma layer_soft_head (L : layer) (h : head) : hb = true -> h_out h = c -> layer_soft n V D isH W E l L ->
  (forall x, sagree n V D isH E l x -> forall i, (i < n)%nat -> Rabs (head_out W n h x i - v i) <= E c) ->
  layer_soft n V' D' isH' W E l (Layer (l_heads L ++ h :: nil) (l_units L)).
Proof.
intros Hb Hout [Hh Hu] Hloc. split.
- intros x Ha i c' Hi. specialize (Hh x (sagree_old l x Ha) i c' Hi). cbv zeta in *.
  cbn [l_heads]. rewrite map_app, lsum_app. cbn [map lsum]. rewrite Hout.
  destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite s_old in Hh. simpl in Hh. rewrite s_new, Nat.eqb_refl. unfold isH', V'. rewrite !upd_same, Hb. simpl.
    rewrite Nat.eqb_refl, Hh. replace (0 + (head_out W n h x i + 0) - v i) with (head_out W n h x i - v i) by ring.
    apply (Hloc x (sagree_old l x Ha) i Hi).
  + rewrite s_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne.
    replace (Nat.eqb c c') with false by (symmetry; apply Nat.eqb_neq; congruence).
    rewrite Rplus_0_r, Rplus_0_r. exact Hh.
- intros y Ha Hyh i c' Hi. cbn [l_units].
  rewrite (Hu y (sagree_old l y Ha) (hyh_old l y Hyh) i c' Hi). destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite s_old, s_new. unfold isH'. rewrite upd_same, Hb, andb_false_r. reflexivity.
  + rewrite s_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. reflexivity.
Qed.

End SoftUpd.

(** ** The compiler's steps keep every layer `layer_soft` (the soft half of `core_unit`,
    `core_head`) *)
Section SoftCore.
Variables (n : nat) (W : head -> (nat -> R) -> nat -> nat -> R) (E : nat -> R).

Definition soft_layers (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) : Prop :=
  forall m, layer_soft n V D isH W E m (real_layer (nth m (cs_layers st) empty_layer)).

Lemma soft_layers_bump (st : cstate) V D isH : soft_layers st V D isH -> soft_layers (bump st) V D isH.
Proof. intros H. exact H. Qed.

Lemma soft_layers_unit (st : cstate) V D isH (l : nat) (u : sunit) (v : nat -> R) :
  soft_layers st V D isH -> D (su_out u) = None ->
  (forall y, sagree n V D isH E l y -> (forall i c', (i < n)%nat -> at_lev D c' (S l) && isH c' = true -> Rabs (y i c' - V c' i) <= E c') ->
     forall i, (i < n)%nat -> unit_val (real_unit u) (y i) = v i) ->
  soft_layers (add_unit l u st) (upd V (su_out u) v) (upd D (su_out u) (Some (S l))) (upd isH (su_out u) false).
Proof.
intros H4 Hf Hloc m. unfold add_unit. cbn [cs_layers]. revert m.
apply (layers_at (layer_soft n V D isH W E)); [exact H4| |exact (layer_soft_upd n V D isH W E _ l v false Hf)].
intros HL. rewrite real_push_unit. exact (layer_soft_unit n V D isH W E _ l v false Hf _ (real_unit u) eq_refl eq_refl HL Hloc).
Qed.

Lemma soft_layers_head (st : cstate) V D isH (l : nat) (h : shead) (v : nat -> R) :
  soft_layers st V D isH -> D (sh_out h) = None ->
  (forall x, sagree n V D isH E l x -> forall i, (i < n)%nat -> Rabs (head_out W n (real_head h) x i - v i) <= E (sh_out h)) ->
  soft_layers (add_head l h st) (upd V (sh_out h) v) (upd D (sh_out h) (Some (S l))) (upd isH (sh_out h) true).
Proof.
intros H4 Hf Hloc m. unfold add_head. cbn [cs_layers]. revert m.
apply (layers_at (layer_soft n V D isH W E)); [exact H4| |exact (layer_soft_upd n V D isH W E _ l v true Hf)].
intros HL. rewrite real_push_head. exact (layer_soft_head n V D isH W E _ l v true Hf _ (real_head h) eq_refl eq_refl HL Hloc).
Qed.

End SoftCore.
