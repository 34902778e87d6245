(** * Seed 004, Appendix E: Theorem 26 for the Dyck-k network of [DyckNet], for every k and length n.

    Layers 5-7 of the hard run: the tieless heads (scores 2 f_j + (j+1)/n, a unique top with gap
    1/n: [tieless_read], [tieless_of_scores]) select the nearest open bracket of the same depth and
    the largest error.  [dyck_net_hard]: on every word of length n over the 2k letters the hard run
    outputs [w_0..w_i in Dyck-k] at every i < n; [dyck_net_gaps]: every head is uniform or tieless
    with gap 1/n; [dyck_net_soft] (Theorem 26): at every 0 < tau <= temp26 n (1/n) X (1/4) net,
    X = Lemma 29's bound from the embedding bound 1, the softmax run is within 1/4 of the hard run,
    so Lemma 9's rounding gives the bit exactly ([dyck_net_round], [dyck_net_correct]); the same for
    the network written with query, key, value and output matrices ([dyck_matrix_round]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith.
From Quarks Require Import RSum Softmax TransformerModel TransformerError MatrixModel MatrixCopy Dyck DyckHeads DyckNet.
From Quarks Require Rounding.
Import ListNotations.
Open Scope R_scope.

(** ** Tieless heads with scores 2 f_j + (j + 1)/n *)

Lemma tieless_read (h : head) (x : stream) (n i : nat) (f : nat -> nat) : h_mask h = Future -> (i < n)%nat ->
  (forall j, (j < S i)%nat -> score h x i j = 2 * INR (f j) + INR (S j) / INR n) ->
  head_out hard_w n h x i = x (top f i) (h_val h).
Proof.
intros Hm Hi Hs. unfold head_out. rewrite Hm. cbn [vis_lo vis_cnt].
destruct (top_spec f i) as (Ht & _ & _).
assert (HN : 0 < / INR n) by (apply Rinv_0_lt_compat, lt_0_INR; lia).
rewrite (rsum_ext _ (fun j => x j (h_val h) * (if Nat.eqb j (top f i) then 1 else 0))).
- rewrite rsum_indicator. replace ((0 <=? top f i) && (top f i <? 0 + S i))%nat with true; [reflexivity|].
  symmetry. apply andb_true_iff. split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia.
- intros j Hj. rewrite (hard_w_tieless h _ (S i) (top f i) (/ INR n) HN Ht); [unfold hardmax; simpl; ring| |lia].
  intros j' Hj' Hne. simpl. rewrite !Hs by lia. apply top_gap; assumption.
Qed.

Lemma tieless_of_scores (h : head) (x : stream) (n : nat) (f : nat -> nat -> nat) : h_mask h = Future ->
  (forall i j, (i < n)%nat -> (j < S i)%nat -> score h x i j = 2 * INR (f i j) + INR (S j) / INR n) ->
  tieless n (/ INR n) h x.
Proof.
intros Hm Hs i Hi. rewrite Hm. cbn [vis_lo vis_cnt]. destruct (top_spec (f i) i) as (Ht & _ & _).
exists (top (f i) i). split; [exact Ht|]. intros j Hj Hne. simpl. rewrite !Hs by lia. apply top_gap; assumption.
Qed.

(** ** Layer 5: the nearest open bracket of the same depth, and the match flag *)

Definition thead (k n c : nat) : head := Head (ct k n c) c (sel_terms k n) Future Average.

Definition x5 (k n : nat) (w : list nat) : stream := layer_run hard_w n (layer5 k n) (x4 k n w).

Lemma depth_le (k : nat) (w : list nat) (m : nat) : (depth k w m <= Z.of_nat m)%Z.
Proof. unfold depth. pose proof (count_le (fun j => is_open k (letter w j)) m). lia. Qed.

Lemma qdep_le (k : nat) (w : list nat) (i : nat) : (qdep k w i <= Z.of_nat (S i))%Z.
Proof.
unfold qdep, dep. rewrite depth_S. pose proof (depth_le k w i). unfold close_b.
destruct (is_open k (letter w i)); simpl; lia.
Qed.

Lemma rsum_onehot (z : Z) (g : nat -> R) (n : nat) : (z <= Z.of_nat n)%Z ->
  rsum (fun m => (if Z.eqb z (Z.of_nat m) then 1 else 0) * g m) 1 n = if Z.ltb 0 z then g (Z.to_nat z) else 0.
Proof.
intros Hz. destruct (Z.ltb_spec 0 z) as [H|H].
- rewrite (rsum_ext _ (fun m => g m * (if Nat.eqb m (Z.to_nat z) then 1 else 0))).
  + rewrite rsum_indicator. replace ((1 <=? Z.to_nat z) && (Z.to_nat z <? 1 + n))%nat with true; [ring|].
    symmetry. apply andb_true_iff. split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia.
  + intros m Hm. destruct (Z.eqb_spec z (Z.of_nat m)); destruct (Nat.eqb_spec m (Z.to_nat z)); try ring; lia.
- rewrite (rsum_ext _ (fun _ => 0)).
  + clear. induction n as [|n IH]; simpl; [reflexivity|rewrite IH; ring].
  + intros m Hm. destruct (Z.eqb_spec z (Z.of_nat m)); [lia|ring].
Qed.

Lemma thead_score (k n c : nat) (w : list nat) (i j : nat) : words_ok k n w -> (i < n)%nat -> (j < S i)%nat ->
  score (thead k n c) (x4 k n w) i j = 2 * INR (Nat.b2n (sel_b k w i j)) + INR (S j) / INR n.
Proof.
intros Hw Hi Hj. unfold score, thead, sel_terms. cbn [h_terms]. rewrite map_app, lsum_app', map_map, lsum_seq.
cbn [map lsum fst snd]. rewrite !x4_input by (cunfold; lia). rewrite input_one, input_pos.
rewrite (rsum_ext _ (fun m => (if Z.eqb (qdep k w i) (Z.of_nat m) then 1 else 0) * (2 * b2R (Z.eqb (dep k w j) (Z.of_nat m) && is_open k (letter w j))))).
- rewrite rsum_onehot by (pose proof (qdep_le k w i); lia). unfold sel_b.
  destruct (Z.ltb_spec 0 (qdep k w i)) as [H|H].
  + rewrite Z2Nat.id by lia. rewrite andb_true_r. unfold b2R.
    destruct (Z.eqb (dep k w j) (qdep k w i)); destruct (is_open k (letter w j)); simpl; ring.
  + rewrite andb_false_r. simpl. ring.
- intros m Hm. rewrite x4_other by (cunfold; lia). rewrite x3_q, x4_k by (assumption || lia). ring.
Qed.

Lemma x5_t (k n : nat) (w : list nat) (i c : nat) : words_ok k n w -> (i < n)%nat -> (c < k)%nat ->
  x5 k n w i (ct k n c) = b2R (Nat.eqb (letter w (sel k w i)) c).
Proof.
intros Hw Hi Hc. unfold x5. rewrite layer_at. rewrite x4_zero by (cunfold; lia). cbn [l_heads l_units layer5].
rewrite (sel_seq_one h_out _ (thead k n) 0 k c); [| lia | reflexivity | intros; simpl; cunfold; lia].
rewrite sel_seq_none by (intros; simpl; cunfold; lia).
rewrite (tieless_read _ _ n i (fun j => Nat.b2n (sel_b k w i j))); [| reflexivity | exact Hi | intros; apply thead_score; assumption].
rewrite top_sel. cbn [h_val thead]. rewrite x4_input by (cunfold; lia). rewrite input_letter by lia. ring.
Qed.

Lemma attn5_t (k n : nat) (w : list nat) (i c : nat) : words_ok k n w -> (i < n)%nat -> (c < k)%nat ->
  attn_sub hard_w n (map (fun c => Head (ct k n c) c (sel_terms k n) Future Average) (seq 0 k)) (x4 k n w) i (ct k n c) = b2R (Nat.eqb (letter w (sel k w i)) c).
Proof.
intros Hw Hi Hc. rewrite attn_at. rewrite x4_zero by (cunfold; lia).
rewrite (sel_seq_one h_out _ (thead k n) 0 k c); [| lia | reflexivity | intros; simpl; cunfold; lia].
rewrite (tieless_read _ _ n i (fun j => Nat.b2n (sel_b k w i j))); [| reflexivity | exact Hi | intros; apply thead_score; assumption].
rewrite top_sel. cbn [h_val thead]. rewrite x4_input by (cunfold; lia). rewrite input_letter by lia. ring.
Qed.

Lemma attn5_low (k n : nat) (w : list nat) (i c : nat) : (c < cbase k n + 15 + 3 * n)%nat ->
  attn_sub hard_w n (map (fun c => Head (ct k n c) c (sel_terms k n) Future Average) (seq 0 k)) (x4 k n w) i c = x4 k n w i c.
Proof.
intros Hc. rewrite attn_at. rewrite sel_seq_none by (intros; simpl; cunfold; lia). ring.
Qed.

Lemma x5_g (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat -> x5 k n w i (cg k n) = b2R (match_b k w i).
Proof.
intros Hw Hi. unfold x5. rewrite layer_at. rewrite x4_zero by (cunfold; lia). cbn [l_heads l_units layer5].
rewrite sel_seq_none by (intros; simpl; cunfold; lia).
rewrite (sel_seq_all u_out _ (fun c => relu1 (cg k n) [((k + c)%nat, 1); (ct k n c, 1)] (-1)) 0 k (cg k n)) by reflexivity.
rewrite <- (rg_match k w n Average i Hi). unfold rg.
replace (rsum _ 0 k) with (rsum (fun c => relu (b2R (Nat.eqb (letter w i) (k + c)) + rt k w n Average i c - 1)) 0 k); [ring|].
apply rsum_ext. intros c Hc. rewrite unit_relu1. unfold lin. cbn [map lsum fst snd].
rewrite attn5_t by (assumption || lia). rewrite attn5_low by (cunfold; lia). rewrite x4_input by (cunfold; lia).
rewrite input_letter by lia. rewrite rt_sel by exact Hi. f_equal. ring.
Qed.

Lemma x5_low (k n : nat) (w : list nat) (i c : nat) : c <> cg k n -> (c < cbase k n + 15 + 3 * n)%nat -> x5 k n w i c = x4 k n w i c.
Proof.
intros H1 H2. unfold x5. rewrite layer_at. cbn [l_heads l_units layer5].
rewrite !sel_seq_none by (intros; simpl; cunfold; lia). ring.
Qed.

(** ** Layer 6: E = ReLU(err1 + R - g) *)

Definition x6 (k n : nat) (w : list nat) : stream := layer_run hard_w n (layer6 k n) (x5 k n w).

Lemma x6_E (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat -> x6 k n w i (cE k n) = INR (err k w i).
Proof.
intros Hw Hi. unfold x6. rewrite layer_at. cbn [l_heads l_units layer6]. rewrite sel_nil. rewrite sel_cons_eq by reflexivity.
rewrite sel_nil. rewrite unit_relu1. unfold lin. cbn [map lsum fst snd]. rewrite !attn_nil.
rewrite x5_low by (cunfold; lia). rewrite x4_zero by (cunfold; lia).
rewrite x5_low by (cunfold; lia). rewrite x4_err1 by assumption.
rewrite x5_low by (cunfold; lia). rewrite x4_other by (cunfold; lia). rewrite x3_R by assumption.
rewrite x5_g by assumption. unfold err, b2R.
destruct (err1_b k w i); destruct (close_b k w i); destruct (match_b k w i); simpl;
  first [rewrite relu_pos by lra; ring | rewrite relu_neg by lra; ring].
Qed.

Lemma x6_other (k n : nat) (w : list nat) (i c : nat) : c <> cE k n -> x6 k n w i c = x5 k n w i c.
Proof. intros H. unfold x6. rewrite layer_at. cbn [l_heads l_units layer6]. rewrite sel_nil, sel_cons_ne, sel_nil by (simpl; exact (not_eq_sym H)). ring. Qed.

Lemma x6_input (k n : nat) (w : list nat) (i c : nat) : (c < cbase k n)%nat -> x6 k n w i c = dyck_input k n w i c.
Proof. intros Hc. rewrite x6_other, x5_low, x4_input by (cunfold; lia). reflexivity. Qed.

(** ** Layer 7: any = the largest error at or before i; out = ReLU(bal - any) *)

Definition x7 (k n : nat) (w : list nat) : stream := layer_run hard_w n (layer7 k n) (x6 k n w).

Lemma any_score (k n : nat) (w : list nat) (i j : nat) : words_ok k n w -> (j < n)%nat ->
  score (any_head k n) (x6 k n w) i j = 2 * INR (err k w j) + INR (S j) / INR n.
Proof.
intros Hw Hj. unfold score, any_head. cbn [h_terms map lsum fst snd].
rewrite x6_E by assumption. rewrite !x6_input by (cunfold; lia). rewrite input_one, input_pos. ring.
Qed.

Lemma attn7_any (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat ->
  attn_sub hard_w n [any_head k n] (x6 k n w) i (cany k n) = INR (any k w i).
Proof.
intros Hw Hi. rewrite attn_at. rewrite sel_cons_eq by reflexivity. rewrite sel_nil.
rewrite x6_other, x5_low, x4_zero by (cunfold; lia).
rewrite (tieless_read _ _ n i (err k w)); [| reflexivity | exact Hi | intros; apply any_score; [assumption|lia]].
cbn [h_val any_head]. destruct (top_spec (err k w) i) as (Ht & Hmax & _).
rewrite x6_E by (assumption || lia). rewrite Hmax. unfold any. ring.
Qed.

Lemma x7_out (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat -> x7 k n w i (cout k n) = b2R (out k w i).
Proof.
intros Hw Hi. unfold x7. rewrite layer_at. cbn [l_heads l_units layer7].
rewrite x6_other, x5_low, x4_zero by (cunfold; lia). rewrite sel_cons_ne by (simpl; cunfold; lia). rewrite sel_nil.
rewrite sel_cons_eq by reflexivity. rewrite sel_nil. rewrite unit_relu1. unfold lin. cbn [map lsum fst snd].
rewrite attn7_any by assumption. rewrite attn_at, sel_cons_ne by (simpl; cunfold; lia). rewrite sel_nil.
rewrite x6_other, x5_low, x4_other by (cunfold; lia). rewrite x3_bal by assumption.
unfold out. destruct (Z.eqb (dep k w i) 0); destruct (Nat.eqb_spec (any k w i) 0) as [E|E]; simpl; unfold b2R.
- rewrite E. simpl. rewrite relu_pos by lra. ring.
- assert (1 <= INR (any k w i)) by (apply (le_INR 1); lia). rewrite relu_neg by lra. ring.
- rewrite E. simpl. rewrite relu_neg by lra. ring.
- pose proof (pos_INR (any k w i)). rewrite relu_neg by lra. ring.
Qed.

(** ** The theorems *)

Lemma words_ok_of (k n : nat) (w : list nat) : length w = n -> (forall a, In a w -> (a < 2 * k)%nat) -> words_ok k n w.
Proof. intros Hl Ha j Hj. apply Ha. unfold letter. apply nth_In. lia. Qed.

(** The hard network outputs [w_0 .. w_i in Dyck-k] at every position of every word of length n
    over the 2k letters, for every k and n. *)
Theorem dyck_net_hard (k n : nat) (w : list nat) (i : nat) :
  length w = n -> (forall a, In a w -> (a < 2 * k)%nat) -> (i < n)%nat ->
  hard_run n (dyck_net k n) (dyck_input k n w) i (cout k n) = b2R (out k w i).
Proof. intros Hl Ha Hi. apply (x7_out k n w i); [apply words_ok_of|]; assumption. Qed.

(** Every head is uniform (layer 2) or tieless with gap 1/n (layers 5 and 7) on every such word:
    gamma(n) = 1/n. *)
Theorem dyck_net_gaps (k n : nat) (w : list nat) :
  length w = n -> (forall a, In a w -> (a < 2 * k)%nat) -> gaps_ok n (/ INR n) (dyck_net k n) (dyck_input k n w).
Proof.
intros Hl Ha. pose proof (words_ok_of k n w Hl Ha) as Hw.
split; [intros h []|]. split.
{ intros h [<-|[<-|[]]]; left; reflexivity. }
split; [intros h []|]. split; [intros h []|]. split.
{ intros h Hh. apply in_map_iff in Hh. destruct Hh as [c [<- Hc]]. apply in_seq in Hc. right.
  apply (tieless_of_scores _ (x4 k n w) n (fun i j => Nat.b2n (sel_b k w i j))); [reflexivity|].
  intros i j Hi Hj. exact (thead_score k n c w i j Hw Hi Hj). }
split; [intros h []|]. split; [|exact I].
intros h [<-|[]]. right. apply (tieless_of_scores _ (x6 k n w) n (fun _ j => err k w j)); [reflexivity|].
intros i j Hi Hj. apply any_score; [assumption|lia].
Qed.

Lemma dyck_pe_bound (n : nat) : forall f i, In f (dyck_pe n) -> (i < n)%nat -> Rabs (f (S i) n) <= 1.
Proof.
intros f i Hf Hi. unfold dyck_pe in Hf. apply in_app_or in Hf. destruct Hf as [[<-|[<-|[]]]|Hf].
- rewrite Rabs_R1. lra.
- assert (HN : 0 < INR n) by (apply lt_0_INR; lia). assert (INR (S i) <= INR n) by (apply le_INR; lia).
  rewrite Rabs_pos_eq; [apply div_le; lra|]. apply Rlt_le, Rdiv_lt_0_compat; [apply lt_0_INR; lia|exact HN].
- apply in_map_iff in Hf. destruct Hf as [m [<- _]]. destruct (Nat.eqb (S i) m); [rewrite Rabs_R1|rewrite Rabs_R0]; lra.
Qed.

(** Theorem 26 for the Dyck-k network: at every temperature 0 < tau <= temp26 n (1/n) X (1/4),
    X = Lemma 29's bound from 1, the softmax run is within 1/4 of the hard run at every position and
    coordinate, so its output is within 1/4 of [w_0 .. w_i in Dyck-k]. *)
Theorem dyck_net_soft (k n : nat) (w : list nat) (tau : R) (i : nat) :
  length w = n -> (forall a, In a w -> (a < 2 * k)%nat) -> (i < n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X (dyck_net k n) (Rmax 1 1)) (1 / 4) (dyck_net k n) ->
  Rabs (soft_run tau n (dyck_net k n) (dyck_input k n w) i (cout k n) - b2R (out k w i)) <= 1 / 4.
Proof.
intros Hl Ha Hi Ht Hle. rewrite <- (dyck_net_hard k n w i Hl Ha Hi).
apply (thm26_closed n (dyck_net k n) (dyck_input k n w) (/ INR n) (Rmax 1 1) (1 / 4) tau); try assumption.
- apply Rinv_0_lt_compat, lt_0_INR. lia.
- lra.
- apply Rle_trans with 1; [lra|apply Rmax_l].
- apply embed_bounded, dyck_pe_bound.
- apply dyck_net_gaps; assumption.
Qed.

(** After Lemma 9's rounding the softmax network outputs exactly 1 iff w_0 .. w_i is in Dyck-k,
    and 0 otherwise: for every k, every length n, every word over the 2k letters and i < n. *)
Theorem dyck_net_round (k n : nat) (w : list nat) (tau : R) (i : nat) :
  length w = n -> (forall a, In a w -> (a < 2 * k)%nat) -> (i < n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X (dyck_net k n) (Rmax 1 1)) (1 / 4) (dyck_net k n) ->
  Rounding.round01 (soft_run tau n (dyck_net k n) (dyck_input k n w) i (cout k n)) = b2R (out k w i).
Proof.
intros Hl Ha Hi Ht Hle. pose proof (dyck_net_soft k n w tau i Hl Ha Hi Ht Hle) as H.
set (y := soft_run tau n (dyck_net k n) (dyck_input k n w) i (cout k n)) in *.
pose proof (Rle_abs (y - b2R (out k w i))). pose proof (Rle_abs (- (y - b2R (out k w i)))). rewrite Rabs_Ropp in *.
unfold b2R in *. destruct (out k w i).
- apply Rounding.lemma9_high. lra.
- apply Rounding.lemma9_low. lra.
Qed.

Theorem dyck_net_correct (k n : nat) (w : list nat) (tau : R) (i : nat) :
  length w = n -> (forall a, In a w -> (a < 2 * k)%nat) -> (i < n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X (dyck_net k n) (Rmax 1 1)) (1 / 4) (dyck_net k n) ->
  (Rounding.round01 (soft_run tau n (dyck_net k n) (dyck_input k n w) i (cout k n)) = 1 <-> dyck k (firstn (S i) w)).
Proof.
intros Hl Ha Hi Ht Hle. rewrite dyck_net_round by assumption. rewrite <- dyck_program_correct by lia.
unfold b2R. destruct (out k w i); split; intros H; try reflexivity; try lra; discriminate.
Qed.

(** The same network with the paper's query, key, value and output matrices ([MatrixCopy]): for
    any width d above every coordinate it uses (one exists, [net_below_exists]). *)
Theorem dyck_matrix_round (d k n : nat) (w : list nat) (tau : R) (i : nat) :
  net_below d (dyck_net k n) -> length w = n -> (forall a, In a w -> (a < 2 * k)%nat) -> (i < n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X (dyck_net k n) (Rmax 1 1)) (1 / 4) (dyck_net k n) ->
  Rounding.round01 (msoft_run tau d n (copy_net (dyck_net k n)) (dyck_input k n w) i (cout k n)) = b2R (out k w i) /\
  mhard_run d n (copy_net (dyck_net k n)) (dyck_input k n w) i (cout k n) = b2R (out k w i).
Proof.
intros Hb Hl Ha Hi Ht Hle. rewrite copy_soft_run, copy_hard_run by exact Hb. split.
- apply dyck_net_round; assumption.
- apply dyck_net_hard; assumption.
Qed.

(** The temperature of these theorems is positive at every n >= 1 (they are not vacuous). *)
Lemma dyck_temp_pos (k n : nat) : (1 <= n)%nat ->
  0 < temp26 n (/ INR n) (net_X (dyck_net k n) (Rmax 1 1)) (1 / 4) (dyck_net k n).
Proof.
intros Hn. unfold temp26. set (X := net_X (dyck_net k n) (Rmax 1 1)).
assert (HN : 0 < / INR n) by (apply Rinv_0_lt_compat, lt_0_INR; lia).
assert (HX : 0 <= X) by (unfold X; pose proof (net_X_ge (dyck_net k n) (Rmax 1 1)); pose proof (Rmax_l 1 1); apply Rle_trans with (Rmax 1 1); [lra|]; apply H; lra).
assert (HB : 0 <= net_err X 1 (dyck_net k n) 0) by (apply net_err_ge; lra).
pose proof (net_csc_nonneg (dyck_net k n)) as HC. pose proof (pos_INR (n - 1)) as Hn1.
assert (HK : 0 <= / (1 / 4) + 1 + 4 * net_csc (dyck_net k n) * (2 * X + 1) / / INR n).
{ assert (0 <= 4 * net_csc (dyck_net k n) * (2 * X + 1)) by (apply Rmult_le_pos; lra).
  assert (0 <= 4 * net_csc (dyck_net k n) * (2 * X + 1) / / INR n) by (apply Rmult_le_pos; [assumption|apply Rlt_le, Rinv_0_lt_compat, HN]).
  assert (/ (1 / 4) = 4) by field. lra. }
assert (Harg : 2 <= 2 + INR (n - 1) * net_err X 1 (dyck_net k n) 0 * (/ (1 / 4) + 1 + 4 * net_csc (dyck_net k n) * (2 * X + 1) / / INR n)).
{ assert (0 <= INR (n - 1) * net_err X 1 (dyck_net k n) 0) by (apply Rmult_le_pos; assumption).
  assert (0 <= INR (n - 1) * net_err X 1 (dyck_net k n) 0 * (/ (1 / 4) + 1 + 4 * net_csc (dyck_net k n) * (2 * X + 1) / / INR n))
    by (apply Rmult_le_pos; assumption). lra. }
apply Rdiv_lt_0_compat; [exact HN|]. apply Rmult_lt_0_compat; [lra|].
match goal with |- 0 < ln ?a => assert (Hl : ln 1 < ln a) by (apply ln_increasing; lra) end. rewrite ln_1 in Hl. exact Hl.
Qed.

(** The softmax network accepts exactly Dyck-k: at the last position of every nonempty word over the
    2k letters, after rounding, for every k. *)
Theorem dyck_net_accepts (k : nat) (w : list nat) (tau : R) : w <> [] -> (forall a, In a w -> (a < 2 * k)%nat) -> 0 < tau ->
  tau <= temp26 (length w) (/ INR (length w)) (net_X (dyck_net k (length w)) (Rmax 1 1)) (1 / 4) (dyck_net k (length w)) ->
  (Rounding.round01 (soft_run tau (length w) (dyck_net k (length w)) (dyck_input k (length w) w) (length w - 1)%nat (cout k (length w))) = 1
   <-> dyck k w).
Proof.
intros Hw Ha Ht Hle. assert (Hn : (length w - 1 < length w)%nat) by (destruct w; [contradiction|simpl; lia]).
rewrite (dyck_net_correct k (length w) w tau (length w - 1)) by (reflexivity || assumption).
replace (S (length w - 1)) with (length w) by lia. rewrite firstn_all. reflexivity.
Qed.
