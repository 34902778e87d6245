(** * Seed 004: the paper's transformer, with query, key, value and output matrices and several
    heads per layer.

    The residual stream holds d-vectors x_i (coordinates 0..d-1) at positions 0..n-1.  A head has
    an e x d query matrix W_Q, an e x d key matrix W_K, an r x d value matrix W_V and a d x r output
    matrix W_O; it scores s_ij = (W_Q x_i) . (W_K x_j) over the visible positions j (the masks of
    [TransformerModel]), weights them by its hard rule (average, leftmost or rightmost hardmax) or by
    softmax(s / tau), and outputs W_O (sum_j w_ij W_V x_j).  A layer adds the outputs of all its heads
    to the stream, then adds the outputs of its feed-forward blocks W_2 ReLU(W_1 y + b_1) + b_2 (the
    paper's one FFN is one block; several blocks are one FFN whose hidden layer is their
    concatenation).  A head with e = 0 (every score 0) and average hardmax is uniform.

    Facts here: the head output is the mixture sum_j w_ij (W_O W_V x_j) (linearity); the norms that
    bound a head's values ([ov_norm]), its score perturbation ([qk_mass]) and a block's Lipschitz
    constant and output ([block_lip], [block_bound]), with the bounds they give. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List FunctionalExtensionality.
From Quarks Require Import RSum Softmax ErrorProp TransformerModel TransformerError.
Import ListNotations.
Open Scope R_scope.

(** ** Definitions *)

(** A matrix: [M a b] is the entry in row a, column b (only rows and columns in range are read). *)
Definition mat := nat -> nat -> R.

Record mhead := MHead {
  mh_e : nat; mh_r : nat; mh_Q : mat; mh_K : mat; mh_V : mat; mh_O : mat;
  mh_mask : mask; mh_hard : hard_rule }.

(** A feed-forward block with hidden width f_h: W_1 is f_h x d, W_2 is d x f_h. *)
Record block := Block { f_h : nat; f_W1 : mat; f_b1 : nat -> R; f_W2 : mat; f_b2 : nat -> R }.

Record mlayer := MLayer { ml_heads : list mhead; ml_ffn : list block }.

(** The score s_ij = (W_Q x_i) . (W_K x_j). *)
Definition mscore (d : nat) (h : mhead) (x : stream) (i j : nat) : R :=
  dot (mh_e h) (matvec (mh_Q h) d (x i)) (matvec (mh_K h) d (x j)).

(** The weighting of a hard rule. *)
Definition rule_w (r : hard_rule) : (nat -> R) -> nat -> nat -> R :=
  match r with Average => avg_hard | Leftmost => left_hard | Rightmost => right_hard end.

Definition mhard_w (h : mhead) := rule_w (mh_hard h).
Definition msoft_w (tau : R) (h : mhead) := soft tau.

Definition weights := mhead -> (nat -> R) -> nat -> nat -> R.

(** The head's output W_O (sum_k w_k W_V x_(lo + k)) at position i, coordinate c. *)
Definition mhead_out (W : weights) (d n : nat) (h : mhead) (x : stream) (i c : nat) : R :=
  let lo := vis_lo (mh_mask h) i in let cnt := vis_cnt (mh_mask h) n i in
  matvec (mh_O h) (mh_r h)
    (fun a => rsum (fun k => W h (fun k => mscore d h x i (lo + k)) cnt k * matvec (mh_V h) d (x (lo + k)%nat) a) 0 cnt) c.

Definition mattn (W : weights) (d n : nat) (hs : list mhead) (x : stream) : stream :=
  fun i c => x i c + lsum (map (fun h => mhead_out W d n h x i c) hs).

Definition block_out (d : nat) (f : block) (y : nat -> R) (c : nat) : R :=
  ffn (f_W1 f) (f_b1 f) (f_W2 f) (f_b2 f) d (f_h f) y c.

Definition mffn (d : nat) (bs : list block) (y : stream) : stream :=
  fun i c => y i c + lsum (map (fun f => block_out d f (y i) c) bs).

Definition mlayer_run (W : weights) (d n : nat) (L : mlayer) (x : stream) : stream :=
  mffn d (ml_ffn L) (mattn W d n (ml_heads L) x).

Fixpoint mnet_run (W : weights) (d n : nat) (net : list mlayer) (x : stream) : stream :=
  match net with [] => x | L :: net' => mnet_run W d n net' (mlayer_run W d n L x) end.

Definition mhard_run (d n : nat) := mnet_run mhard_w d n.
Definition msoft_run (tau : R) (d n : nat) := mnet_run (msoft_w tau) d n.

(** Sup-norm bounds over positions 0..n-1 and coordinates 0..d-1. *)
Definition dbounded (d n : nat) (X : R) (x : stream) : Prop :=
  forall i c, (i < n)%nat -> (c < d)%nat -> Rabs (x i c) <= X.
Definition dclose (d n : nat) (e : R) (x x' : stream) : Prop :=
  forall i c, (i < n)%nat -> (c < d)%nat -> Rabs (x' i c - x i c) <= e.

(** Tieless with gap g; uniform (e = 0 and average hardmax); uniform-tieless. *)
Definition mtieless (d n : nat) (g : R) (h : mhead) (x : stream) : Prop :=
  forall i, (i < n)%nat -> exists t, (t < vis_cnt (mh_mask h) n i)%nat /\
    forall k, (k < vis_cnt (mh_mask h) n i)%nat -> k <> t ->
      mscore d h x i (vis_lo (mh_mask h) i + k) <= mscore d h x i (vis_lo (mh_mask h) i + t) - g.

Definition muniform_b (h : mhead) : bool :=
  Nat.eqb (mh_e h) 0 && match mh_hard h with Average => true | _ => false end.

Definition mut_head (d n : nat) (g : R) (h : mhead) (x : stream) : Prop :=
  muniform_b h = true \/ mtieless d n g h x.

(** ** Norms *)

(** The largest of f 0, .., f (m - 1), and 0. *)
Fixpoint rmax_upto (f : nat -> R) (m : nat) : R :=
  match m with O => 0 | S m' => Rmax (rmax_upto f m') (f m') end.

Lemma rmax_upto_ge (f : nat -> R) (m a : nat) : (a < m)%nat -> f a <= rmax_upto f m.
Proof.
induction m as [|m IH]; intros Ha; [lia|]. simpl.
destruct (Nat.eq_dec a m) as [->|Hne]; [apply Rmax_r|].
eapply Rle_trans; [apply IH; lia|apply Rmax_l].
Qed.

Lemma rmax_upto_nonneg (f : nat -> R) (m : nat) : 0 <= rmax_upto f m.
Proof. induction m as [|m IH]; simpl; [lra|]. eapply Rle_trans; [exact IH|apply Rmax_l]. Qed.

Lemma rmax_upto_le (f g : nat -> R) (m : nat) : (forall a, (a < m)%nat -> f a <= g a) ->
  rmax_upto f m <= rmax_upto g m.
Proof.
induction m as [|m IH]; intros H; simpl; [lra|].
apply Rmax_lub; [eapply Rle_trans; [apply IH; intros; apply H; lia|apply Rmax_l]|].
eapply Rle_trans; [apply H; lia|apply Rmax_r].
Qed.

(** The absolute row sum of row a over columns 0..cols-1. *)
Definition rowsum (M : mat) (cols a : nat) : R := rsum (fun b => Rabs (M a b)) 0 cols.

Lemma rowsum_nonneg (M : mat) (cols a : nat) : 0 <= rowsum M cols a.
Proof. apply rsum_nonneg. intros; apply Rabs_pos. Qed.

(** |(M x)_a| <= rowsum M a * X when |x_b| <= X on the columns. *)
Lemma matvec_rowsum (M : mat) (cols a : nat) (x : nat -> R) (X : R) :
  (forall b, (b < cols)%nat -> Rabs (x b) <= X) -> Rabs (matvec M cols x a) <= rowsum M cols a * X.
Proof.
intros Hx. unfold matvec, rowsum. eapply Rle_trans; [apply rsum_abs|].
rewrite Rmult_comm, <- rsum_scal. apply rsum_le. intros b Hb. rewrite Rabs_mult, Rmult_comm.
apply Rmult_le_compat_r; [apply Rabs_pos|apply Hx; lia].
Qed.

(** The value-output norm of a head: max_c sum_a |W_O c a| rowsum W_V a, so |(W_O W_V y)_c| <= it * |y|. *)
Definition ov_norm (d : nat) (h : mhead) : R :=
  rmax_upto (fun c => rsum (fun a => Rabs (mh_O h c a) * rowsum (mh_V h) d a) 0 (mh_r h)) d.

(** The score mass sum_a rowsum W_Q a * rowsum W_K a (at most e (d P)^2, Lemma 32's factor). *)
Definition qk_mass (d : nat) (h : mhead) : R :=
  rsum (fun a => rowsum (mh_Q h) d a * rowsum (mh_K h) d a) 0 (mh_e h).

(** A block's Lipschitz constant max_c sum_k |W_2 c k| rowsum W_1 k, and its output bound. *)
Definition block_lip (d : nat) (f : block) : R :=
  rmax_upto (fun c => rsum (fun k => Rabs (f_W2 f c k) * rowsum (f_W1 f) d k) 0 (f_h f)) d.

Definition block_bound (d : nat) (f : block) (X : R) : R :=
  rmax_upto (fun c => rsum (fun k => Rabs (f_W2 f c k) * (rowsum (f_W1 f) d k * X + Rabs (f_b1 f k))) 0 (f_h f)
                      + Rabs (f_b2 f c)) d.

Lemma ov_norm_nonneg (d : nat) (h : mhead) : 0 <= ov_norm d h.
Proof. apply rmax_upto_nonneg. Qed.

Lemma qk_mass_nonneg (d : nat) (h : mhead) : 0 <= qk_mass d h.
Proof. apply rsum_nonneg. intros. apply Rmult_le_pos; apply rowsum_nonneg. Qed.

Lemma block_lip_nonneg (d : nat) (f : block) : 0 <= block_lip d f.
Proof. apply rmax_upto_nonneg. Qed.

Lemma block_bound_nonneg (d : nat) (f : block) (X : R) : 0 <= block_bound d f X.
Proof. apply rmax_upto_nonneg. Qed.

(** ** The head as a mixture of values *)

Lemma rsum_swap (f : nat -> nat -> R) (r m : nat) :
  rsum (fun a => rsum (fun k => f a k) 0 m) 0 r = rsum (fun k => rsum (fun a => f a k) 0 r) 0 m.
Proof.
induction r as [|r IH]; simpl.
- induction m as [|m IHm]; simpl; [reflexivity|rewrite <- IHm; ring].
- rewrite IH, <- rsum_plus. reflexivity.
Qed.

(** The value of position j as the head writes it: (W_O W_V y)_c. *)
Definition ovec (d : nat) (h : mhead) (y : nat -> R) (c : nat) : R :=
  matvec (mh_O h) (mh_r h) (matvec (mh_V h) d y) c.

Lemma mhead_out_mix (W : weights) (d n : nat) (h : mhead) (x : stream) (i c : nat) :
  mhead_out W d n h x i c =
  rsum (fun k => W h (fun k => mscore d h x i (vis_lo (mh_mask h) i + k)) (vis_cnt (mh_mask h) n i) k
                 * ovec d h (x (vis_lo (mh_mask h) i + k)%nat) c) 0 (vis_cnt (mh_mask h) n i).
Proof.
unfold mhead_out, ovec, matvec.
set (w := W h _ _). set (lo := vis_lo _ i). set (cnt := vis_cnt _ n i).
rewrite (rsum_ext _ (fun a => rsum (fun k => mh_O h c a * (w k * rsum (fun b => mh_V h a b * x (lo + k)%nat b) 0 d)) 0 cnt))
  by (intros; rewrite <- rsum_scal; reflexivity).
rewrite rsum_swap. apply rsum_ext. intros k _. rewrite <- rsum_scal. apply rsum_ext. intros; ring.
Qed.

Lemma ovec_bound (d : nat) (h : mhead) (y : nat -> R) (Y : R) (c : nat) : (c < d)%nat ->
  (forall b, (b < d)%nat -> Rabs (y b) <= Y) -> Rabs (ovec d h y c) <= ov_norm d h * Y.
Proof.
intros Hc Hy. unfold ovec, matvec at 1. eapply Rle_trans; [apply rsum_abs|].
apply Rle_trans with (rsum (fun a => Rabs (mh_O h c a) * rowsum (mh_V h) d a) 0 (mh_r h) * Y).
- rewrite Rmult_comm, <- rsum_scal. apply rsum_le. intros a Ha. rewrite Rabs_mult.
  replace (Y * (Rabs (mh_O h c a) * rowsum (mh_V h) d a)) with (Rabs (mh_O h c a) * (rowsum (mh_V h) d a * Y)) by ring.
  apply Rmult_le_compat_l; [apply Rabs_pos|]. apply matvec_rowsum, Hy.
- assert (HY : 0 <= Y) by (apply Rle_trans with (Rabs (y 0%nat)); [apply Rabs_pos|apply Hy; lia]).
  apply Rmult_le_compat_r; [exact HY|].
  apply (rmax_upto_ge (fun c => rsum (fun a => Rabs (mh_O h c a) * rowsum (mh_V h) d a) 0 (mh_r h))), Hc.
Qed.

Lemma ovec_minus (d : nat) (h : mhead) (y y' : nat -> R) (c : nat) :
  ovec d h y' c - ovec d h y c = ovec d h (fun b => y' b - y b) c.
Proof.
unfold ovec. rewrite matvec_minus. unfold matvec. apply rsum_ext. intros a _.
f_equal. rewrite <- rsum_minus. apply rsum_ext. intros; ring.
Qed.

(** ** Bounds of the scores and the blocks *)

(** Lemma 32 with row-sum bounds: |(q + dq)(k + dk) - q k| <= A B (2 X delta + delta^2). *)
Lemma bilinear_rows (q k dq dk A B X delta : R) : 0 <= A -> 0 <= B ->
  Rabs q <= A * X -> Rabs k <= B * X -> Rabs dq <= A * delta -> Rabs dk <= B * delta ->
  Rabs ((q + dq) * (k + dk) - q * k) <= A * B * (2 * X * delta + delta ^ 2).
Proof.
intros HA HB Hq Hk Hdq Hdk.
replace ((q + dq) * (k + dk) - q * k) with (q * dk + dq * k + dq * dk) by ring.
assert (B1 : Rabs q * Rabs dk <= A * X * (B * delta)) by (apply Rmult_le_compat; try apply Rabs_pos; lra).
assert (B2 : Rabs dq * Rabs k <= A * delta * (B * X)) by (apply Rmult_le_compat; try apply Rabs_pos; lra).
assert (B3 : Rabs dq * Rabs dk <= A * delta * (B * delta)) by (apply Rmult_le_compat; try apply Rabs_pos; lra).
pose proof (Rabs_triang (q * dk + dq * k) (dq * dk)). pose proof (Rabs_triang (q * dk) (dq * k)).
rewrite !Rabs_mult in *. nra.
Qed.

Lemma mscore_error (d : nat) (h : mhead) (xi xj xi' xj' : nat -> R) (X delta : R) :
  (forall b, (b < d)%nat -> Rabs (xi b) <= X) -> (forall b, (b < d)%nat -> Rabs (xj b) <= X) ->
  (forall b, (b < d)%nat -> Rabs (xi' b - xi b) <= delta) -> (forall b, (b < d)%nat -> Rabs (xj' b - xj b) <= delta) ->
  Rabs (dot (mh_e h) (matvec (mh_Q h) d xi') (matvec (mh_K h) d xj') - dot (mh_e h) (matvec (mh_Q h) d xi) (matvec (mh_K h) d xj))
  <= qk_mass d h * (2 * X * delta + delta ^ 2).
Proof.
intros Hi Hj Hi' Hj'. unfold dot, qk_mass. rewrite <- rsum_minus. eapply Rle_trans; [apply rsum_abs|].
rewrite Rmult_comm, <- rsum_scal. apply rsum_le. intros a _.
set (q := matvec (mh_Q h) d xi a). set (k := matvec (mh_K h) d xj a).
replace (matvec (mh_Q h) d xi' a) with (q + (matvec (mh_Q h) d xi' a - q)) by ring.
replace (matvec (mh_K h) d xj' a) with (k + (matvec (mh_K h) d xj' a - k)) by ring.
replace ((2 * X * delta + delta ^ 2) * (rowsum (mh_Q h) d a * rowsum (mh_K h) d a))
  with (rowsum (mh_Q h) d a * rowsum (mh_K h) d a * (2 * X * delta + delta ^ 2)) by ring.
apply bilinear_rows; try apply rowsum_nonneg.
- apply matvec_rowsum, Hi.
- apply matvec_rowsum, Hj.
- unfold q. rewrite matvec_minus. apply matvec_rowsum, Hi'.
- unfold k. rewrite matvec_minus. apply matvec_rowsum, Hj'.
Qed.

Lemma block_out_bound (d : nat) (f : block) (y : nat -> R) (Y : R) (c : nat) : (c < d)%nat ->
  (forall b, (b < d)%nat -> Rabs (y b) <= Y) -> Rabs (block_out d f y c) <= block_bound d f Y.
Proof.
intros Hc Hy. unfold block_out, ffn, block_bound.
eapply Rle_trans; [|apply (rmax_upto_ge (fun c => rsum (fun k => Rabs (f_W2 f c k) * (rowsum (f_W1 f) d k * Y + Rabs (f_b1 f k))) 0 (f_h f) + Rabs (f_b2 f c))), Hc].
eapply Rle_trans; [apply Rabs_triang|]. apply Rplus_le_compat_r.
unfold matvec at 1. eapply Rle_trans; [apply rsum_abs|]. apply rsum_le. intros k Hk.
rewrite Rabs_mult. apply Rmult_le_compat_l; [apply Rabs_pos|].
eapply Rle_trans; [apply relu_abs|]. eapply Rle_trans; [apply Rabs_triang|].
apply Rplus_le_compat_r. apply matvec_rowsum, Hy.
Qed.

Lemma block_out_lip (d : nat) (f : block) (y y' : nat -> R) (delta : R) (c : nat) : (c < d)%nat ->
  (forall b, (b < d)%nat -> Rabs (y' b - y b) <= delta) ->
  Rabs (block_out d f y' c - block_out d f y c) <= block_lip d f * delta.
Proof.
intros Hc Hd. assert (H0 : 0 <= delta) by (apply Rle_trans with (Rabs (y' 0%nat - y 0%nat)); [apply Rabs_pos|apply Hd; lia]).
unfold block_out, ffn, block_lip.
replace (matvec (f_W2 f) (f_h f) (fun k => Rmax 0 (matvec (f_W1 f) d y' k + f_b1 f k)) c + f_b2 f c -
         (matvec (f_W2 f) (f_h f) (fun k => Rmax 0 (matvec (f_W1 f) d y k + f_b1 f k)) c + f_b2 f c))
  with (matvec (f_W2 f) (f_h f) (fun k => Rmax 0 (matvec (f_W1 f) d y' k + f_b1 f k) - Rmax 0 (matvec (f_W1 f) d y k + f_b1 f k)) c)
  by (rewrite <- matvec_minus; ring).
eapply Rle_trans; [|apply Rmult_le_compat_r; [exact H0|apply (rmax_upto_ge (fun c => rsum (fun k => Rabs (f_W2 f c k) * rowsum (f_W1 f) d k) 0 (f_h f))), Hc]].
unfold matvec at 1. eapply Rle_trans; [apply rsum_abs|]. rewrite Rmult_comm, <- rsum_scal. apply rsum_le. intros k Hk.
rewrite Rabs_mult. replace (delta * (Rabs (f_W2 f c k) * rowsum (f_W1 f) d k)) with (Rabs (f_W2 f c k) * (rowsum (f_W1 f) d k * delta)) by ring.
apply Rmult_le_compat_l; [apply Rabs_pos|]. eapply Rle_trans; [apply relu_lipschitz|].
replace (matvec (f_W1 f) d y' k + f_b1 f k - (matvec (f_W1 f) d y k + f_b1 f k)) with (matvec (f_W1 f) d y' k - matvec (f_W1 f) d y k) by ring.
rewrite matvec_minus. apply matvec_rowsum, Hd.
Qed.

(** Every hard rule is a probability vector, and e_t on tieless scores. *)
Lemma rule_w_prob (r : hard_rule) (s : nat -> R) (cnt : nat) : (1 <= cnt)%nat ->
  (forall k, 0 <= rule_w r s cnt k) /\ rsum (rule_w r s cnt) 0 cnt = 1.
Proof. intros Hc. exact (hard_w_prob (Head 0 0 [] NoMask r) s cnt Hc). Qed.

Lemma rule_w_tieless (r : hard_rule) (s : nat -> R) (cnt t : nat) (g : R) : 0 < g -> (t < cnt)%nat ->
  (forall k, (k < cnt)%nat -> k <> t -> s k <= s t - g) ->
  forall k, (k < cnt)%nat -> rule_w r s cnt k = hardmax t k.
Proof. exact (hard_w_tieless (Head 0 0 [] NoMask r) s cnt t g). Qed.
