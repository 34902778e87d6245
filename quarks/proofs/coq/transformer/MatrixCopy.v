(** * Seed 004: the coordinate-copy model of [TransformerModel] is a special case of the paper's
    transformer ([MatrixModel]), and its Theorem 26 follows from [MatrixError.thm26_matrix].

    A head with score terms (q_t, k_t, c_t) and value coordinate v writing coordinate o becomes the
    head with one query/key row per term (W_Q row t = c_t e_(q_t), W_K row t = e_(k_t)), a 1 x d value
    matrix e_v and a d x 1 output matrix e_o; a unit writing coordinate o with neurons
    v_h ReLU(w_h . x + b_h) and constant c becomes the block with W_1 rows w_h, biases b_h, W_2 column
    h = v_h e_o and b_2 = c e_o.  With every coordinate the network mentions below d, the two models
    run identically, hard and soft ([copy_hard_run], [copy_soft_run]); the matrix norms are at most
    the copy model's constants ([copy_net_err], [copy_net_qk], [copy_net_X]); so [thm26] and
    [thm26_closed] (the coordinate-copy Theorem 26 the claims and the LTL theorems cite), [lemma25]
    and [lemma29] are corollaries of [thm26_matrix], [lemma25_matrix] and [lemma29_matrix]. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List FunctionalExtensionality.
From Quarks Require Import RSum Softmax ErrorProp TransformerModel TransformerError MatrixModel MatrixError.
Import ListNotations.
Open Scope R_scope.

(** ** The embedding *)

Definition term0 : nat * nat * R := ((0%nat, 0%nat), 0).
Definition neuron0 : neuron := Neuron 0 [] 0.

Definition copy_head (h : head) : mhead :=
  MHead (length (h_terms h)) 1
    (fun t b => if Nat.eqb b (fst (fst (nth t (h_terms h) term0))) then snd (nth t (h_terms h) term0) else 0)
    (fun t b => if Nat.eqb b (snd (fst (nth t (h_terms h) term0))) then 1 else 0)
    (fun _ b => if Nat.eqb b (h_val h) then 1 else 0)
    (fun c _ => if Nat.eqb (h_out h) c then 1 else 0)
    (h_mask h) (h_hard h).

(** The row of W_1 for a neuron's weight list, with coefficients a p for the pairs p. *)
Definition wrow (a : nat * R -> R) (w : list (nat * R)) (b : nat) : R :=
  lsum (map (fun p => if Nat.eqb (fst p) b then a p else 0) w).

Definition copy_unit (u : unit) : block :=
  Block (length (u_hidden u))
    (fun k b => wrow snd (nr_w (nth k (u_hidden u) neuron0)) b)
    (fun k => nr_b (nth k (u_hidden u) neuron0))
    (fun c k => if Nat.eqb (u_out u) c then nr_v (nth k (u_hidden u) neuron0) else 0)
    (fun c => if Nat.eqb (u_out u) c then u_c u else 0).

Definition copy_layer (L : layer) : mlayer := MLayer (map copy_head (l_heads L)) (map copy_unit (l_units L)).
Definition copy_net (net : list layer) : list mlayer := map copy_layer net.

(** Every coordinate the network mentions is below d. *)
Definition head_below (d : nat) (h : head) : Prop :=
  (h_out h < d)%nat /\ (h_val h < d)%nat /\ forall t, In t (h_terms h) -> (fst (fst t) < d)%nat /\ (snd (fst t) < d)%nat.
Definition unit_below (d : nat) (u : unit) : Prop :=
  (u_out u < d)%nat /\ forall nr, In nr (u_hidden u) -> forall p, In p (nr_w nr) -> (fst p < d)%nat.
Definition layer_below (d : nat) (L : layer) : Prop :=
  (forall h, In h (l_heads L) -> head_below d h) /\ (forall u, In u (l_units L) -> unit_below d u).
Definition net_below (d : nat) (net : list layer) : Prop := forall L, In L net -> layer_below d L.

(** ** Sums *)

Lemma rsum_nth {A} (f : A -> R) (l : list A) (a0 : A) : rsum (fun t => f (nth t l a0)) 0 (length l) = lsum (map f l).
Proof.
induction l as [|a l IH]; [reflexivity|]. simpl length. rewrite rsum_first, rsum_shift. simpl. rewrite IH. reflexivity.
Qed.

Lemma lsum_map_ext {A} (f g : A -> R) (l : list A) : (forall a, In a l -> f a = g a) -> lsum (map f l) = lsum (map g l).
Proof.
induction l as [|a l IH]; intros H; simpl; [reflexivity|].
rewrite H by (left; reflexivity). rewrite IH by (intros; apply H; right; assumption). reflexivity.
Qed.

Lemma rsum_unit (d q : nat) (c : R) (y : nat -> R) : (q < d)%nat ->
  rsum (fun b => (if Nat.eqb b q then c else 0) * y b) 0 d = c * y q.
Proof.
intros Hq. rewrite (rsum_ext _ (fun b => (c * y b) * (if Nat.eqb b q then 1 else 0)))
  by (intros b _; destruct (Nat.eqb b q); ring).
rewrite rsum_indicator.
replace ((0 <=? q) && (q <? 0 + d))%nat with true
  by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
reflexivity.
Qed.

Lemma rsum_abs_unit (d q : nat) (c : R) : (q < d)%nat -> rsum (fun b => Rabs (if Nat.eqb b q then c else 0)) 0 d = Rabs c.
Proof.
intros Hq. rewrite (rsum_ext _ (fun b => (if Nat.eqb b q then Rabs c else 0) * 1))
  by (intros b _; destruct (Nat.eqb b q); [ring|rewrite Rabs_R0; ring]).
rewrite rsum_unit by exact Hq. ring.
Qed.

Lemma rsum_zero (a m : nat) : rsum (fun _ => 0) a m = 0.
Proof. rewrite rsum_const. ring. Qed.

Lemma wrow_sum (d : nat) (a : nat * R -> R) (w : list (nat * R)) (y : nat -> R) :
  (forall p, In p w -> (fst p < d)%nat) ->
  rsum (fun b => wrow a w b * y b) 0 d = lsum (map (fun p => a p * y (fst p)) w).
Proof.
induction w as [|p w IH]; intros Hw.
- unfold wrow. simpl. rewrite (rsum_ext _ (fun _ => 0)) by (intros; ring). apply rsum_zero.
- unfold wrow in *. simpl. rewrite (rsum_ext _ (fun b => (if Nat.eqb b (fst p) then a p else 0) * y b +
      lsum (map (fun p => if Nat.eqb (fst p) b then a p else 0) w) * y b))
    by (intros b _; rewrite Nat.eqb_sym; ring).
  rewrite rsum_plus, rsum_unit by (apply Hw; left; reflexivity). rewrite IH by (intros; apply Hw; right; assumption).
  reflexivity.
Qed.

(** ** The two models agree *)

Lemma copy_score (d : nat) (h : head) (x : stream) (i j : nat) : head_below d h ->
  mscore d (copy_head h) x i j = score h x i j.
Proof.
intros [_ [_ Ht]]. unfold mscore, dot, score. simpl mh_e. rewrite <- (rsum_nth _ _ term0). apply rsum_ext.
intros t Ht'. assert (Hin : In (nth t (h_terms h) term0) (h_terms h)) by (apply nth_In; lia).
destruct (Ht _ Hin) as [Hq Hk]. unfold matvec. simpl mh_Q. simpl mh_K.
rewrite (rsum_unit d _ _ (x i)) by exact Hq.
rewrite rsum_unit by exact Hk. ring.
Qed.

Lemma copy_ovec (d : nat) (h : head) (y : nat -> R) (c : nat) : (h_val h < d)%nat ->
  ovec d (copy_head h) y c = if Nat.eqb (h_out h) c then y (h_val h) else 0.
Proof.
intros Hv. unfold ovec, matvec. simpl. rewrite (rsum_unit d (h_val h) 1 y Hv).
destruct (Nat.eqb (h_out h) c); ring.
Qed.

Lemma copy_head_out (Wm : weights) (W : head -> (nat -> R) -> nat -> nat -> R) (d n : nat) (h : head) (x : stream) (i c : nat) :
  Wm (copy_head h) = W h -> head_below d h ->
  mhead_out Wm d n (copy_head h) x i c = if Nat.eqb (h_out h) c then head_out W n h x i else 0.
Proof.
intros HW Hb. rewrite mhead_out_mix. simpl mh_mask. rewrite HW.
replace (fun k => mscore d (copy_head h) x i (vis_lo (h_mask h) i + k)) with (fun k => score h x i (vis_lo (h_mask h) i + k))
  by (apply functional_extensionality; intros; rewrite copy_score by exact Hb; reflexivity).
destruct Hb as [_ [Hv _]]. unfold head_out. destruct (Nat.eqb (h_out h) c) eqn:E.
- apply rsum_ext. intros k _. rewrite copy_ovec, E by exact Hv. reflexivity.
- rewrite (rsum_ext _ (fun _ => 0)); [apply rsum_zero|]. intros k _. rewrite copy_ovec, E by exact Hv. ring.
Qed.

Lemma copy_block_out (d : nat) (u : unit) (y : nat -> R) (c : nat) : unit_below d u ->
  block_out d (copy_unit u) y c = if Nat.eqb (u_out u) c then unit_val u y else 0.
Proof.
intros [_ Hw]. unfold block_out, ffn, matvec. simpl. destruct (Nat.eqb (u_out u) c).
- unfold unit_val. f_equal. rewrite <- (rsum_nth _ _ neuron0). apply rsum_ext. intros k Hk.
  assert (Hin : In (nth k (u_hidden u) neuron0) (u_hidden u)) by (apply nth_In; lia).
  rewrite wrow_sum by (apply Hw, Hin). reflexivity.
- rewrite (rsum_ext _ (fun _ => 0)) by (intros; ring). rewrite rsum_zero. ring.
Qed.

Lemma copy_layer_run (Wm : weights) (W : head -> (nat -> R) -> nat -> nat -> R) (d n : nat) (L : layer) (x : stream) :
  (forall h, Wm (copy_head h) = W h) -> layer_below d L ->
  mlayer_run Wm d n (copy_layer L) x = layer_run W n L x.
Proof.
intros HW [Hh Hu]. unfold mlayer_run, layer_run. simpl.
assert (Ea : mattn Wm d n (map copy_head (l_heads L)) x = attn_sub W n (l_heads L) x).
{ apply functional_extensionality; intros i. apply functional_extensionality; intros c.
  unfold mattn, attn_sub. f_equal. rewrite map_map. apply lsum_map_ext. intros h Hin.
  apply copy_head_out; [apply HW|apply Hh, Hin]. }
rewrite Ea. apply functional_extensionality; intros i. apply functional_extensionality; intros c.
unfold mffn, ffn_sub. f_equal. rewrite map_map. apply lsum_map_ext. intros u Hin. apply copy_block_out, Hu, Hin.
Qed.

Lemma copy_net_run (Wm : weights) (W : head -> (nat -> R) -> nat -> nat -> R) (d n : nat) (net : list layer) (x : stream) :
  (forall h, Wm (copy_head h) = W h) -> net_below d net ->
  mnet_run Wm d n (copy_net net) x = net_run W n net x.
Proof.
revert x. induction net as [|L net IH]; intros x HW Hb; [reflexivity|]. simpl.
rewrite (copy_layer_run Wm W d n L x HW) by (apply Hb; left; reflexivity). apply IH; [exact HW|].
intros L' HL'. apply Hb. right. exact HL'.
Qed.

Lemma copy_hard_w (h : head) : mhard_w (copy_head h) = hard_w h.
Proof. unfold mhard_w, hard_w. simpl. destruct (h_hard h); reflexivity. Qed.

(** The two models run identically, hard and soft. *)
Theorem copy_hard_run (d n : nat) (net : list layer) (x : stream) : net_below d net ->
  mhard_run d n (copy_net net) x = hard_run n net x.
Proof. intros Hb. apply (copy_net_run mhard_w hard_w); [apply copy_hard_w|exact Hb]. Qed.

Theorem copy_soft_run (d n : nat) (net : list layer) (x : stream) (tau : R) : net_below d net ->
  msoft_run tau d n (copy_net net) x = soft_run tau n net x.
Proof. intros Hb. apply (copy_net_run (msoft_w tau) (soft_w tau)); [reflexivity|exact Hb]. Qed.

(** Coordinates at or above d are never written. *)
Lemma lsum_zeros {A} (f : A -> R) (l : list A) : (forall a, In a l -> f a = 0) -> lsum (map f l) = 0.
Proof. intros H. rewrite (lsum_map_ext f (fun _ => 0)) by exact H. rewrite lsum_const. ring. Qed.

Lemma net_run_above (W : head -> (nat -> R) -> nat -> nat -> R) (d n : nat) (net : list layer) (x : stream) (i c : nat) :
  net_below d net -> (d <= c)%nat -> net_run W n net x i c = x i c.
Proof.
revert x. induction net as [|L net IH]; intros x Hb Hc; [reflexivity|]. simpl.
rewrite IH by (auto; intros L' HL'; apply Hb; right; exact HL').
destruct (Hb L (or_introl eq_refl)) as [Hh Hu]. unfold layer_run, ffn_sub, attn_sub.
rewrite (lsum_zeros (fun u => if Nat.eqb (u_out u) c then _ else 0)).
- rewrite lsum_zeros; [ring|]. intros h Hin. destruct (Hh h Hin) as [Ho _].
  destruct (Nat.eqb (h_out h) c) eqn:E; [apply Nat.eqb_eq in E; lia|reflexivity].
- intros u Hin. destruct (Hu u Hin) as [Ho _].
  destruct (Nat.eqb (u_out u) c) eqn:E; [apply Nat.eqb_eq in E; lia|reflexivity].
Qed.

(** ** The constants *)

Lemma rmax_upto_bound (f : nat -> R) (m : nat) (M : R) : 0 <= M -> (forall a, (a < m)%nat -> f a <= M) -> rmax_upto f m <= M.
Proof.
induction m as [|m IH]; intros HM H; simpl; [exact HM|].
apply Rmax_lub; [apply IH; [exact HM|intros; apply H; lia]|apply H; lia].
Qed.

Lemma copy_qk_mass (d : nat) (h : head) : head_below d h -> qk_mass d (copy_head h) = csc h.
Proof.
intros [_ [_ Ht]]. unfold qk_mass, csc, rowsum. simpl. rewrite <- (rsum_nth _ _ term0). apply rsum_ext. intros t Ht'.
assert (Hin : In (nth t (h_terms h) term0) (h_terms h)) by (apply nth_In; lia).
destruct (Ht _ Hin) as [Hq Hk]. rewrite !rsum_abs_unit by assumption. rewrite Rabs_R1. ring.
Qed.

Lemma copy_ov_norm (d : nat) (h : head) : head_below d h -> ov_norm d (copy_head h) <= 1.
Proof.
intros [_ [Hv _]]. unfold ov_norm, rowsum. apply rmax_upto_bound; [lra|]. intros c _. simpl.
rewrite rsum_abs_unit by exact Hv. rewrite Rabs_R1.
destruct (Nat.eqb (h_out h) c); [rewrite Rabs_R1|rewrite Rabs_R0]; lra.
Qed.

Lemma copy_rowsum (d : nat) (w : list (nat * R)) : (forall p, In p w -> (fst p < d)%nat) ->
  rsum (fun b => Rabs (wrow snd w b)) 0 d <= wmass w.
Proof.
intros Hw. apply Rle_trans with (rsum (fun b => wrow (fun p => Rabs (snd p)) w b * 1) 0 d).
- apply rsum_le. intros b _. rewrite Rmult_1_r. unfold wrow. eapply Rle_trans; [apply lsum_abs|].
  apply lsum_le. intros p _. destruct (Nat.eqb (fst p) b); [lra|rewrite Rabs_R0; lra].
- rewrite wrow_sum by exact Hw. unfold wmass. right. apply lsum_map_ext. intros; ring.
Qed.

Lemma copy_block_lip (d : nat) (u : unit) : unit_below d u -> block_lip d (copy_unit u) <= unit_lip u.
Proof.
intros [_ Hw]. unfold block_lip, unit_lip. apply rmax_upto_bound.
{ apply lsum_nonneg. intros nr _. apply Rmult_le_pos; [apply Rabs_pos|apply wmass_nonneg]. }
intros c _. simpl. rewrite <- (rsum_nth _ _ neuron0). apply rsum_le. intros k Hk.
assert (Hin : In (nth k (u_hidden u) neuron0) (u_hidden u)) by (apply nth_In; lia).
set (nr := nth k (u_hidden u) neuron0) in *. apply Rmult_le_compat; try apply Rabs_pos; try apply rowsum_nonneg.
- destruct (Nat.eqb (u_out u) c); [lra|rewrite Rabs_R0; apply Rabs_pos].
- apply copy_rowsum, Hw, Hin.
Qed.

Lemma copy_block_bound (d : nat) (u : unit) (Y : R) : 0 <= Y -> unit_below d u ->
  block_bound d (copy_unit u) Y <= unit_bound u Y.
Proof.
intros HY [_ Hw]. unfold block_bound. apply rmax_upto_bound; [apply unit_bound_nonneg, HY|].
intros c _. unfold unit_bound. simpl. rewrite <- (rsum_nth _ _ neuron0). apply Rplus_le_compat.
- apply rsum_le. intros k Hk.
  assert (Hin : In (nth k (u_hidden u) neuron0) (u_hidden u)) by (apply nth_In; lia).
  set (nr := nth k (u_hidden u) neuron0) in *. pose proof (rowsum_nonneg (fun k b => wrow snd (nr_w (nth k (u_hidden u) neuron0)) b) d k).
  apply Rmult_le_compat; try apply Rabs_pos.
  + pose proof (Rabs_pos (nr_b nr)). unfold rowsum in *. nra.
  + destruct (Nat.eqb (u_out u) c); [lra|rewrite Rabs_R0; apply Rabs_pos].
  + apply Rplus_le_compat_r, Rmult_le_compat_r; [exact HY|]. apply copy_rowsum, Hw, Hin.
- destruct (Nat.eqb (u_out u) c); [lra|rewrite Rabs_R0; apply Rabs_pos].
Qed.

Lemma copy_layer_err (d : nat) (X u delta : R) (L : layer) : 0 <= X -> 0 <= u -> 0 <= delta -> layer_below d L ->
  mlayer_err d X u (copy_layer L) delta <= layer_err X u L delta.
Proof.
intros HX Hu0 Hd [Hh Hu]. unfold mlayer_err, layer_err. simpl.
assert (Hov : heads_ov d (map copy_head (l_heads L)) <= INR (length (l_heads L))).
{ unfold heads_ov. rewrite map_map, <- (Rmult_1_r (INR _)), <- lsum_const. apply lsum_le. intros h Hin. apply copy_ov_norm, Hh, Hin. }
assert (Hlip : ffn_lip d (map copy_unit (l_units L)) <= layer_lip L).
{ unfold ffn_lip, layer_lip. rewrite map_map. apply lsum_le. intros un Hin. apply copy_block_lip, Hu, Hin. }
pose proof (heads_ov_nonneg d (map copy_head (l_heads L))). pose proof (ffn_lip_nonneg d (map copy_unit (l_units L))).
assert (0 <= 2 * X * u) by (apply Rmult_le_pos; lra).
apply Rmult_le_compat; try lra.
- assert (0 <= heads_ov d (map copy_head (l_heads L)) * (delta + 2 * X * u)) by (apply Rmult_le_pos; lra). lra.
- apply Rplus_le_compat_l, Rmult_le_compat_r; lra.
Qed.

Lemma mnet_err_mono (d : nat) (X u : R) (net : list mlayer) (e e' : R) : 0 <= X -> 0 <= u -> e <= e' ->
  mnet_err d X u net e <= mnet_err d X u net e'.
Proof.
revert e e'. induction net as [|L net IH]; intros e e' HX Hu He; simpl; [exact He|]. apply IH; try assumption.
unfold mlayer_err. pose proof (ffn_lip_nonneg d (ml_ffn L)). pose proof (heads_ov_nonneg d (ml_heads L)).
apply Rmult_le_compat_l; [lra|]. assert (heads_ov d (ml_heads L) * e <= heads_ov d (ml_heads L) * e') by (apply Rmult_le_compat_l; lra). nra.
Qed.

Lemma copy_net_err (d : nat) (X u delta : R) (net : list layer) : 0 <= X -> 0 <= u -> 0 <= delta -> net_below d net ->
  mnet_err d X u (copy_net net) delta <= net_err X u net delta.
Proof.
revert delta. induction net as [|L net IH]; intros delta HX Hu Hd Hb; simpl; [lra|].
assert (HL : layer_below d L) by (apply Hb; left; reflexivity).
eapply Rle_trans; [apply mnet_err_mono; [exact HX|exact Hu|apply (copy_layer_err d X u delta L HX Hu Hd HL)]|].
apply IH; [exact HX|exact Hu| |intros L' HL'; apply Hb; right; exact HL'].
pose proof (layer_err_ge X u L delta HX Hu Hd). lra.
Qed.

Lemma copy_net_qk (d : nat) (net : list layer) : net_below d net -> mnet_qk d (copy_net net) = net_csc net.
Proof.
intros Hb. unfold mnet_qk, net_csc, copy_net. rewrite map_map. apply lsum_map_ext. intros L HL. simpl.
rewrite map_map. apply lsum_map_ext. intros h Hh. apply copy_qk_mass. apply (Hb L HL), Hh.
Qed.

Lemma copy_temp (d n : nat) (g X eps : R) (net : list layer) : 0 < g -> 0 < eps -> 0 <= X -> net_below d net ->
  temp26 n g X eps net <= temp26_matrix d n g X eps (copy_net net).
Proof.
intros Hg He HX Hb. unfold temp26, temp26_matrix. rewrite copy_net_qk by exact Hb.
set (K := / eps + 1 + 4 * net_csc net * (2 * X + 1) / g).
assert (HK : 0 <= K).
{ unfold K. pose proof (net_csc_nonneg net). pose proof (Rinv_0_lt_compat _ He).
  assert (0 <= 4 * net_csc net * (2 * X + 1) / g) by (apply Rmult_le_pos; [nra|apply Rlt_le, Rinv_0_lt_compat, Hg]). lra. }
pose proof (copy_net_err d X 1 0 net HX ltac:(lra) (Rle_refl 0) Hb) as HB.
pose proof (mnet_err_ge d X 1 (copy_net net) 0 HX ltac:(lra) (Rle_refl 0)) as HB0.
pose proof (pos_INR (n - 1)) as Hn.
set (A' := 2 + INR (n - 1) * mnet_err d X 1 (copy_net net) 0 * K).
set (A := 2 + INR (n - 1) * net_err X 1 net 0 * K).
assert (HA' : 2 <= A') by (unfold A'; assert (0 <= INR (n - 1) * mnet_err d X 1 (copy_net net) 0 * K) by (repeat apply Rmult_le_pos; lra); lra).
assert (HAA : A' <= A) by (unfold A, A'; apply Rplus_le_compat_l, Rmult_le_compat_r; [exact HK|apply Rmult_le_compat_l; lra]).
assert (Hl2 : 0 < ln A') by (rewrite <- ln_1; apply ln_increasing; lra).
assert (Hll : ln A' <= ln A).
{ destruct (Rle_lt_or_eq_dec _ _ HAA) as [Hlt|Heq]; [apply Rlt_le, ln_increasing; lra|rewrite Heq; lra]. }
unfold Rdiv. apply Rmult_le_compat_l; [lra|]. apply Rinv_le_contravar; lra.
Qed.

Lemma copy_hard_ok (d n : nat) (g X : R) (net : list layer) (x : stream) : net_below d net ->
  hard_ok n g X net x -> mhard_ok d n g X (copy_net net) x.
Proof.
revert x. induction net as [|L net IH]; intros x Hb Hok; [exact I|].
destruct Hok as [Hx [Hut Hok]]. assert (HL : layer_below d L) by (apply Hb; left; reflexivity).
simpl. split; [|split].
- intros i c Hi _. apply Hx, Hi.
- intros mh Hin. apply in_map_iff in Hin. destruct Hin as [h [<- Hin]].
  assert (Hhb : head_below d h) by (apply (proj1 HL), Hin).
  destruct (Hut h Hin) as [Hu|Ht]; [left|right].
  + unfold uniform_b in Hu. unfold muniform_b. simpl.
    destruct (h_terms h); [|discriminate]. destruct (h_hard h); [reflexivity|discriminate|discriminate].
  + intros i Hi. destruct (Ht i Hi) as [t [Htc Hgap]]. exists t. simpl mh_mask. split; [exact Htc|].
    intros k Hk Hkt. rewrite !copy_score by exact Hhb. apply Hgap; assumption.
- change (mlayer_run mhard_w d n (copy_layer L) x) with (mlayer_run mhard_w d n (copy_layer L) x).
  rewrite (copy_layer_run mhard_w hard_w d n L x copy_hard_w HL).
  apply IH; [intros L' HL'; apply Hb; right; exact HL'|exact Hok].
Qed.

(** ** Every network mentions finitely many coordinates *)

Lemma bound_list {A} (P : nat -> A -> Prop) (l : list A) :
  (forall d d' a, (d <= d')%nat -> P d a -> P d' a) -> (forall a, In a l -> exists d, P d a) ->
  exists d, forall a, In a l -> P d a.
Proof.
intros Hm. induction l as [|a l IH]; intros H; [exists 0%nat; intros _ []|].
destruct (H a (or_introl eq_refl)) as [d1 H1]. destruct IH as [d2 H2]; [intros; apply H; right; assumption|].
exists (Nat.max d1 d2). intros a' [<-|Hin]; [apply (Hm d1); [lia|exact H1]|apply (Hm d2); [lia|apply H2, Hin]].
Qed.

Lemma net_below_exists (net : list layer) : exists d, net_below d net.
Proof.
apply bound_list.
{ intros d d' L Hdd [Hh Hu]. split.
  - intros h Hin. destruct (Hh h Hin) as [Ho [Hv Ht]]. split; [lia|split; [lia|]]. intros t Hint. specialize (Ht t Hint). lia.
  - intros u Hin. destruct (Hu u Hin) as [Ho Hw]. split; [lia|]. intros nr Hnr p Hp. specialize (Hw nr Hnr p Hp). lia. }
intros L _. destruct (bound_list head_below (l_heads L)) as [dh Hh].
{ intros d d' h Hdd [Ho [Hv Ht]]. split; [lia|split; [lia|]]. intros t Hint. specialize (Ht t Hint). lia. }
{ intros h _. destruct (bound_list (fun d t => (fst (fst t) < d)%nat /\ (snd (fst t) < d)%nat) (h_terms h)) as [dt Ht].
  { intros; lia. }
  { intros t _. exists (S (Nat.max (fst (fst t)) (snd (fst t)))). lia. }
  exists (Nat.max dt (S (Nat.max (h_out h) (h_val h)))). split; [lia|split; [lia|]]. intros t Hint. specialize (Ht t Hint). lia. }
destruct (bound_list unit_below (l_units L)) as [du Hu].
{ intros d d' u Hdd [Ho Hw]. split; [lia|]. intros nr Hnr p Hp. specialize (Hw nr Hnr p Hp). lia. }
{ intros u _. destruct (bound_list (fun d nr => forall p, In p (nr_w nr) -> (fst p < d)%nat) (u_hidden u)) as [dn Hn].
  { intros d d' nr Hdd H p Hp. specialize (H p Hp). lia. }
  { intros nr _. apply bound_list; [intros; lia|]. intros p _. exists (S (fst p)). lia. }
  exists (Nat.max dn (S (u_out u))). split; [lia|]. intros nr Hnr p Hp. specialize (Hn nr Hnr p Hp). lia. }
exists (Nat.max dh du). split.
- intros h Hin. destruct (Hh h Hin) as [Ho [Hv Ht]]. split; [lia|split; [lia|]]. intros t Hint. specialize (Ht t Hint). lia.
- intros u Hin. destruct (Hu u Hin) as [Ho Hw]. split; [lia|]. intros nr Hnr p Hp. specialize (Hw nr Hnr p Hp). lia.
Qed.

(** ** Theorem 26 for the coordinate-copy model, from [thm26_matrix] *)

(** Theorem 26 (our form): for every network, every length n and every input whose hard run is
    bounded by X and uniform-tieless with gap g > 0 at every layer, the soft network at any
    temperature 0 < tau <= temp26 n g X eps net is within eps of the hard network at every
    position and coordinate. *)
Theorem thm26 (n : nat) (net : list layer) (x : stream) (g X eps tau : R) :
  0 < g -> 0 < eps -> 0 <= X -> hard_ok n g X net x -> 0 < tau -> tau <= temp26 n g X eps net ->
  close n eps (hard_run n net x) (soft_run tau n net x).
Proof.
intros Hg He HX Hok Htau Hle i c Hi. destruct (net_below_exists net) as [d Hb].
destruct (Nat.lt_ge_cases c d) as [Hc|Hc].
- rewrite <- (copy_hard_run d n net x Hb), <- (copy_soft_run d n net x tau Hb).
  apply (thm26_matrix d n (copy_net net) x g X eps tau); auto.
  + apply copy_hard_ok; assumption.
  + eapply Rle_trans; [exact Hle|apply copy_temp; assumption].
- unfold hard_run, soft_run. rewrite !(net_run_above _ d) by assumption.
  replace (x i c - x i c) with 0 by ring. rewrite Rabs_R0. lra.
Qed.

(** Theorem 26 with Lemma 29's X: the temperature depends only on the network, n, the gap g,
    eps and a bound X_0 of the initial stream. *)
Theorem thm26_closed (n : nat) (net : list layer) (x : stream) (g X0 eps tau : R) :
  0 < g -> 0 < eps -> 0 <= X0 -> bounded n X0 x -> gaps_ok n g net x ->
  0 < tau -> tau <= temp26 n g (net_X net X0) eps net ->
  close n eps (hard_run n net x) (soft_run tau n net x).
Proof.
intros Hg He HX Hx Hgap Htau Hle. apply (thm26 n net x g (net_X net X0) eps tau); auto.
- pose proof (net_X_ge net X0 HX). lra.
- apply gaps_hard_ok; assumption.
Qed.

(** ** Lemmas 29 and 25 for the coordinate-copy model, from [lemma29_matrix] and [lemma25_matrix] *)

Lemma block_bound_mono (d : nat) (f : block) (Y Y' : R) : 0 <= Y <= Y' -> block_bound d f Y <= block_bound d f Y'.
Proof.
intros HY. apply rmax_upto_le. intros c _. apply Rplus_le_compat_r, rsum_le. intros k _.
apply Rmult_le_compat_l; [apply Rabs_pos|]. apply Rplus_le_compat_r, Rmult_le_compat_l; [apply rowsum_nonneg|lra].
Qed.

Lemma mlayer_X_mono (d : nat) (L : mlayer) (X X' : R) : 0 <= X <= X' -> mlayer_X d L X <= mlayer_X d L X'.
Proof.
intros HX. unfold mlayer_X. pose proof (heads_ov_nonneg d (ml_heads L)). apply Rplus_le_compat; [nra|].
apply lsum_le. intros f _. apply block_bound_mono. split; [apply Rmult_le_pos|apply Rmult_le_compat_l]; lra.
Qed.

Lemma mnet_X_mono (d : nat) (net : list mlayer) (X X' : R) : 0 <= X <= X' -> mnet_X d net X <= mnet_X d net X'.
Proof.
revert X X'. induction net as [|L net IH]; intros X X' HX; simpl; [lra|]. apply IH.
pose proof (mlayer_X_ge d L X ltac:(lra)). pose proof (mlayer_X_mono d L X X' HX). lra.
Qed.

Lemma copy_layer_X (d : nat) (L : layer) (X : R) : 0 <= X -> layer_below d L -> mlayer_X d (copy_layer L) X <= layer_X L X.
Proof.
intros HX [Hh Hu]. unfold mlayer_X, layer_X. simpl.
assert (Hov : heads_ov d (map copy_head (l_heads L)) <= INR (length (l_heads L))).
{ unfold heads_ov. rewrite map_map, <- (Rmult_1_r (INR _)), <- lsum_const. apply lsum_le. intros h Hin. apply copy_ov_norm, Hh, Hin. }
pose proof (heads_ov_nonneg d (map copy_head (l_heads L))). apply Rplus_le_compat; [nra|].
rewrite map_map. apply lsum_le. intros u Hin. eapply Rle_trans.
- apply block_bound_mono. split; [apply Rmult_le_pos; lra|]. apply Rmult_le_compat_r; [exact HX|]. apply Rplus_le_compat_l, Hov.
- apply copy_block_bound; [pose proof (pos_INR (length (l_heads L))); nra|apply Hu, Hin].
Qed.

Lemma copy_net_X (d : nat) (net : list layer) (X : R) : 0 <= X -> net_below d net -> mnet_X d (copy_net net) X <= net_X net X.
Proof.
revert X. induction net as [|L net IH]; intros X HX Hb; simpl; [lra|].
assert (HL : layer_below d L) by (apply Hb; left; reflexivity).
pose proof (mlayer_X_ge d (copy_layer L) X HX). pose proof (layer_X_ge L X HX).
eapply Rle_trans; [apply mnet_X_mono; split; [lra|apply copy_layer_X; assumption]|].
apply IH; [lra|intros L' HL'; apply Hb; right; exact HL'].
Qed.

(** Our Lemma 29: from inputs bounded by X_0 every activation of the hard network is at most
    net_X net X_0, for every network and length. *)
Theorem lemma29 (n : nat) (net : list layer) (x : stream) (X : R) :
  bounded n X x -> bounded n (net_X net X) (hard_run n net x).
Proof.
intros Hx i c Hi. assert (HX : 0 <= X) by (apply Rle_trans with (Rabs (x i c)); [apply Rabs_pos|apply Hx, Hi]).
destruct (net_below_exists net) as [d Hb]. destruct (Nat.lt_ge_cases c d) as [Hc|Hc].
- rewrite <- (copy_hard_run d n net x Hb). eapply Rle_trans; [|apply (copy_net_X d net X HX Hb)].
  apply (lemma29_matrix d n (copy_net net) x X); [intros i' c' Hi' _; apply Hx, Hi'|exact Hi|exact Hc].
- unfold hard_run. rewrite (net_run_above _ d) by assumption.
  eapply Rle_trans; [apply Hx, Hi|apply net_X_ge, HX].
Qed.

(** Our Lemma 25 for every network: if every error the recursion reaches is at most D and
    the score error at D stays below g/4, the soft network is within net_err of the hard one. *)
Theorem lemma25 (n : nat) (net : list layer) (x x' : stream) (X delta D g tau : R) :
  0 < g -> 0 < tau -> 0 <= X -> 0 <= delta -> hard_ok n g X net x -> close n delta x x' ->
  net_err X (u_of n g tau) net delta <= D -> net_csc net * (2 * X * D + D ^ 2) <= g / 4 ->
  close n (net_err X (u_of n g tau) net delta) (hard_run n net x) (soft_run tau n net x').
Proof.
intros Hg Htau HX Hd Hok Hclose HD Heta i c Hi. pose proof (u_of_nonneg n g tau) as Hu.
destruct (net_below_exists net) as [d Hb]. destruct (Nat.lt_ge_cases c d) as [Hc|Hc].
- rewrite <- (copy_hard_run d n net x Hb), <- (copy_soft_run d n net x' tau Hb).
  eapply Rle_trans; [|apply (copy_net_err d X (u_of n g tau) delta net HX Hu Hd Hb)].
  apply (lemma25_matrix d n (copy_net net) x x' X delta D g tau); auto.
  + apply copy_hard_ok; assumption.
  + intros i' c' Hi' _. apply Hclose, Hi'.
  + eapply Rle_trans; [apply copy_net_err; assumption|exact HD].
  + rewrite copy_net_qk by exact Hb. exact Heta.
- unfold hard_run, soft_run. rewrite !(net_run_above _ d) by assumption.
  eapply Rle_trans; [apply Hclose, Hi|apply net_err_ge; assumption].
Qed.
