(** * Seed 004: Lemmas 29 and 25 and Theorem 26 for the paper's transformer ([MatrixModel]:
    query, key, value and output matrices, several heads, feed-forward blocks).

    Lemma 29 bounds the hard activations layer by layer; Lemma 25 bounds the distance of the soft
    run (softmax at temperature tau) from the hard run (average, leftmost or rightmost hardmax)
    when every head is uniform or tieless with gap g; Theorem 26 gives a closed-form temperature
    at which the soft network is within eps of the hard one, for every depth, length and input.
    The constants are the matrix norms of [MatrixModel]: a head's value-output norm ov_norm, its
    score mass qk_mass, a block's Lipschitz constant block_lip and output bound block_bound. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List FunctionalExtensionality.
From Quarks Require Import RSum Softmax ErrorProp TransformerModel TransformerError MatrixModel.
Import ListNotations.
Open Scope R_scope.

(** ** Lemma 29: activation growth of the hard run *)

Definition heads_ov (d : nat) (hs : list mhead) : R := lsum (map (ov_norm d) hs).
Definition ffn_lip (d : nat) (bs : list block) : R := lsum (map (block_lip d) bs).

Lemma heads_ov_nonneg (d : nat) (hs : list mhead) : 0 <= heads_ov d hs.
Proof. apply lsum_nonneg. intros; apply ov_norm_nonneg. Qed.

Lemma ffn_lip_nonneg (d : nat) (bs : list block) : 0 <= ffn_lip d bs.
Proof. apply lsum_nonneg. intros; apply block_lip_nonneg. Qed.

(** One layer: the heads add at most heads_ov X, each block at most its bound. *)
Definition mlayer_X (d : nat) (L : mlayer) (X : R) : R :=
  (1 + heads_ov d (ml_heads L)) * X
  + lsum (map (fun f => block_bound d f ((1 + heads_ov d (ml_heads L)) * X)) (ml_ffn L)).

Fixpoint mnet_X (d : nat) (net : list mlayer) (X : R) : R :=
  match net with [] => X | L :: net' => mnet_X d net' (mlayer_X d L X) end.

Lemma mhead_hard_bound (d n : nat) (h : mhead) (x : stream) (X : R) :
  dbounded d n X x -> forall i c, (i < n)%nat -> (c < d)%nat -> Rabs (mhead_out mhard_w d n h x i c) <= ov_norm d h * X.
Proof.
intros Hx i c Hi Hc. rewrite mhead_out_mix.
destruct (rule_w_prob (mh_hard h) (fun k => mscore d h x i (vis_lo (mh_mask h) i + k)) (vis_cnt (mh_mask h) n i)
           (vis_pos _ _ _ Hi)) as [H0 H1].
apply mix_bound; [intros; apply H0|exact H1|]. intros k Hk. apply ovec_bound; [exact Hc|].
intros b Hb. apply Hx; [apply vis_range|]; assumption.
Qed.

Lemma mlayer_X_ge (d : nat) (L : mlayer) (X : R) : 0 <= X -> X <= mlayer_X d L X.
Proof.
intros HX. unfold mlayer_X. pose proof (heads_ov_nonneg d (ml_heads L)).
assert (0 <= lsum (map (fun f => block_bound d f ((1 + heads_ov d (ml_heads L)) * X)) (ml_ffn L)))
  by (apply lsum_nonneg; intros; apply block_bound_nonneg). nra.
Qed.

Lemma mnet_X_ge (d : nat) (net : list mlayer) (X : R) : 0 <= X -> X <= mnet_X d net X.
Proof.
revert X. induction net as [|L net IH]; intros X HX; simpl; [lra|].
pose proof (mlayer_X_ge d L X HX). pose proof (IH (mlayer_X d L X) ltac:(lra)). lra.
Qed.

Theorem lemma29_layer_matrix (d n : nat) (L : mlayer) (x : stream) (X : R) :
  dbounded d n X x -> dbounded d n (mlayer_X d L X) (mlayer_run mhard_w d n L x).
Proof.
intros Hx. set (X1 := (1 + heads_ov d (ml_heads L)) * X).
assert (H1 : dbounded d n X1 (mattn mhard_w d n (ml_heads L) x)).
{ intros i c Hi Hc. unfold mattn, X1, heads_ov. eapply Rle_trans; [apply Rabs_triang|].
  rewrite Rmult_plus_distr_r, Rmult_1_l. apply Rplus_le_compat; [apply Hx; assumption|].
  eapply Rle_trans; [apply lsum_abs|]. rewrite Rmult_comm, <- lsum_scal. apply lsum_le. intros h _.
  rewrite Rmult_comm. apply mhead_hard_bound; assumption. }
intros i c Hi Hc. unfold mlayer_run, mffn, mlayer_X. fold X1.
eapply Rle_trans; [apply Rabs_triang|]. apply Rplus_le_compat; [apply H1; assumption|].
eapply Rle_trans; [apply lsum_abs|]. apply lsum_le. intros f _.
apply block_out_bound; [exact Hc|]. intros b Hb. apply H1; assumption.
Qed.

(** Our Lemma 29 for the paper's transformer: from inputs bounded by X_0 every hard activation
    is at most mnet_X d net X_0, for every network and length. *)
Theorem lemma29_matrix (d n : nat) (net : list mlayer) (x : stream) (X : R) :
  dbounded d n X x -> dbounded d n (mnet_X d net X) (mhard_run d n net x).
Proof.
revert x X. induction net as [|L net IH]; intros x X Hx; [exact Hx|].
apply IH, lemma29_layer_matrix, Hx.
Qed.

(** ** Lemma 25: the error of the soft run, layer by layer *)

Definition mhead_u (n : nat) (g tau : R) (h : mhead) : R := if muniform_b h then 0 else u_of n g tau.

Lemma mhead_u_le (n : nat) (g tau : R) (h : mhead) : 0 <= mhead_u n g tau h <= u_of n g tau.
Proof. pose proof (u_of_nonneg n g tau). unfold mhead_u. destruct (muniform_b h); lra. Qed.

(** One head: with hard inputs bounded by X, soft inputs within delta, and a score error
    qk_mass (2 X delta + delta^2) <= g/4, the soft head's output is within
    ov_norm (delta + 2 X u) of the hard head's output (a uniform head: ov_norm delta). *)
Lemma mhead_error (d n : nat) (h : mhead) (x x' : stream) (X delta g tau : R) :
  0 < g -> 0 < tau -> dbounded d n X x -> dclose d n delta x x' -> mut_head d n g h x ->
  qk_mass d h * (2 * X * delta + delta ^ 2) <= g / 4 ->
  forall i c, (i < n)%nat -> (c < d)%nat ->
  Rabs (mhead_out (msoft_w tau) d n h x' i c - mhead_out mhard_w d n h x i c)
  <= ov_norm d h * (delta + 2 * X * u_of n g tau).
Proof.
intros Hg Htau Hx Hd Hut Heta i c Hi Hc. rewrite !mhead_out_mix. unfold msoft_w, mhard_w.
set (lo := vis_lo (mh_mask h) i). set (cnt := vis_cnt (mh_mask h) n i).
set (s := fun k => mscore d h x i (lo + k)%nat). set (s' := fun k => mscore d h x' i (lo + k)%nat).
assert (Hc1 : (1 <= cnt)%nat) by apply vis_pos, Hi.
assert (Hcn : (cnt <= n)%nat) by apply vis_le, Hi.
assert (Hr : forall k, (k < cnt)%nat -> (lo + k < n)%nat) by (intros; apply vis_range; assumption).
destruct (rule_w_prob (mh_hard h) s cnt Hc1) as [Hw Sw].
assert (Hw' : forall k, (k < cnt)%nat -> 0 <= soft tau s' cnt k)
  by (intros k Hk; apply (softmax_bounds _ cnt 0 k); lia).
assert (Sw' : rsum (soft tau s' cnt) 0 cnt = 1) by (apply (softmax_sum _ cnt 0); lia).
assert (HX : 0 <= X) by (apply Rle_trans with (Rabs (x i 0%nat)); [apply Rabs_pos|apply Hx; lia]).
pose proof (ov_norm_nonneg d h) as Hov. pose proof (u_of_nonneg n g tau) as Hu.
assert (Hl1 : rsum (fun k => Rabs (soft tau s' cnt k - rule_w (mh_hard h) s cnt k)) 0 cnt <= 2 * u_of n g tau).
{ destruct (muniform_b h) eqn:Eu.
  - unfold muniform_b in Eu. apply andb_true_iff in Eu. destruct Eu as [Ee Er].
    apply Nat.eqb_eq in Ee. assert (Ha : mh_hard h = Average) by (destruct (mh_hard h); [reflexivity|discriminate|discriminate]).
    rewrite Ha. simpl rule_w.
    assert (Es : s = (fun _ => 0)) by (apply functional_extensionality; intros; unfold s, mscore, dot; rewrite Ee; reflexivity).
    assert (Es' : s' = (fun _ => 0)) by (apply functional_extensionality; intros; unfold s', mscore, dot; rewrite Ee; reflexivity).
    rewrite (rsum_ext _ (fun _ => 0)).
    + rewrite rsum_const. lra.
    + intros k _. rewrite Es, Es', avg_hard_const, soft_const by exact Hc1.
      replace (/ INR cnt - / INR cnt) with 0 by ring. apply Rabs_R0.
  - assert (Ht : mtieless d n g h x) by (destruct Hut as [Hu'|Ht]; [congruence|exact Ht]).
    destruct (Ht i Hi) as [t [Htc Hgap]]. fold lo cnt in Htc, Hgap.
    set (eta := qk_mass d h * (2 * X * delta + delta ^ 2)). fold eta in Heta.
    assert (Hpert : forall k, (k < cnt)%nat -> Rabs (s' k - s k) <= eta).
    { intros k Hk. unfold s, s', mscore. apply mscore_error; intros b Hb.
      - apply Hx; [exact Hi|exact Hb].
      - apply Hx; [apply Hr, Hk|exact Hb].
      - apply Hd; [exact Hi|exact Hb].
      - apply Hd; [apply Hr, Hk|exact Hb]. }
    assert (Heta0 : 0 <= eta) by (eapply Rle_trans; [apply Rabs_pos|apply (Hpert 0%nat); lia]).
    rewrite (rsum_ext _ (fun k => Rabs (softmax (fun j => s' j / tau) cnt k - hardmax t k)))
      by (intros k Hk; unfold soft; rewrite (rule_w_tieless (mh_hard h) s cnt t g Hg Htc Hgap k) by lia; reflexivity).
    fold (l1 (fun j => s' j / tau) cnt t).
    eapply Rle_trans; [apply (lemma6_gap _ cnt t ((g - 2 * eta) / tau) Htc)|].
    + apply Rlt_le, Rdiv_lt_0_compat; lra.
    + intros k Hk Hkt. pose proof (abs_le_inv _ _ (Hpert k Hk)). pose proof (abs_le_inv _ _ (Hpert t Htc)).
      pose proof (Hgap k Hk Hkt). unfold s, s' in *.
      replace (mscore d h x' i (lo + t) / tau - (g - 2 * eta) / tau)
        with ((mscore d h x' i (lo + t) - (g - 2 * eta)) / tau) by (field; lra).
      unfold Rdiv. apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, Htau|]. lra.
    + unfold u_of. replace (2 * (INR cnt - 1) * exp (- ((g - 2 * eta) / tau)))
        with (2 * ((INR cnt - 1) * exp (- ((g - 2 * eta) / tau)))) by ring.
      apply Rmult_le_compat_l; [lra|]. apply Rmult_le_compat.
      * assert (1 <= INR cnt) by (replace 1 with (INR 1) by reflexivity; apply le_INR, Hc1). lra.
      * apply Rlt_le, exp_pos.
      * rewrite minus_INR by lia. simpl (INR 1). apply Rplus_le_compat_r, le_INR, Hcn.
      * apply exp_mono. apply Ropp_le_contravar.
        replace (g / (2 * tau)) with ((g / 2) / tau) by (field; lra).
        unfold Rdiv. apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, Htau|]. lra. }
eapply Rle_trans.
- apply (lemma34_mixture cnt (rule_w (mh_hard h) s cnt) (soft tau s' cnt)
          (fun k => ovec d h (x (lo + k)%nat) c) (fun k => ovec d h (x' (lo + k)%nat) c)
          (ov_norm d h * delta) (- (ov_norm d h * X)) (ov_norm d h * X) Hc1); auto.
  + intros k Hk. rewrite ovec_minus. apply ovec_bound; [exact Hc|]. intros b Hb. apply Hd; [apply Hr, Hk|exact Hb].
  + intros k Hk. apply abs_le_inv, ovec_bound; [exact Hc|]. intros b Hb. apply Hx; [apply Hr, Hk|exact Hb].
- replace (ov_norm d h * X - - (ov_norm d h * X)) with (2 * (ov_norm d h * X)) by ring.
  assert (0 <= ov_norm d h * X) by nra. nra.
Qed.

(** One layer: an input error delta becomes at most
    (1 + Lip) (delta + sum_h ov_norm_h (delta + 2 X u)), Lip the sum of the blocks' constants. *)
Definition mlayer_err (d : nat) (X u : R) (L : mlayer) (delta : R) : R :=
  (1 + ffn_lip d (ml_ffn L)) * (delta + heads_ov d (ml_heads L) * (delta + 2 * X * u)).

Theorem lemma25_layer_matrix (d n : nat) (L : mlayer) (x x' : stream) (X delta g tau : R) :
  0 < g -> 0 < tau -> dbounded d n X x -> dclose d n delta x x' ->
  (forall h, In h (ml_heads L) -> mut_head d n g h x) ->
  (forall h, In h (ml_heads L) -> qk_mass d h * (2 * X * delta + delta ^ 2) <= g / 4) ->
  dclose d n (mlayer_err d X (u_of n g tau) L delta) (mlayer_run mhard_w d n L x) (mlayer_run (msoft_w tau) d n L x').
Proof.
intros Hg Htau Hx Hd Hut Heta. set (u := u_of n g tau).
set (d1 := delta + heads_ov d (ml_heads L) * (delta + 2 * X * u)).
assert (H1 : dclose d n d1 (mattn mhard_w d n (ml_heads L) x) (mattn (msoft_w tau) d n (ml_heads L) x')).
{ intros i c Hi Hc. unfold mattn, d1, heads_ov.
  match goal with |- Rabs (?a + ?b - (?c + ?e)) <= _ => replace (a + b - (c + e)) with ((a - c) + (b - e)) by ring end.
  eapply Rle_trans; [apply Rabs_triang|]. apply Rplus_le_compat; [apply Hd; assumption|].
  rewrite lsum_map_minus. eapply Rle_trans; [apply lsum_abs|]. rewrite Rmult_comm, <- lsum_scal. apply lsum_le.
  intros h Hh. rewrite Rmult_comm. apply (mhead_error d n h x x' X delta g tau); auto. }
intros i c Hi Hc. unfold mlayer_run, mffn, mlayer_err. fold u d1.
set (y := mattn mhard_w d n (ml_heads L) x). set (y' := mattn (msoft_w tau) d n (ml_heads L) x'). fold y y' in H1.
match goal with |- Rabs (?a + ?b - (?c + ?e)) <= _ => replace (a + b - (c + e)) with ((a - c) + (b - e)) by ring end.
replace ((1 + ffn_lip d (ml_ffn L)) * d1) with (d1 + ffn_lip d (ml_ffn L) * d1) by ring.
eapply Rle_trans; [apply Rabs_triang|]. apply Rplus_le_compat; [apply H1; assumption|].
rewrite lsum_map_minus. eapply Rle_trans; [apply lsum_abs|]. unfold ffn_lip. rewrite Rmult_comm, <- lsum_scal.
apply lsum_le. intros f _. rewrite Rmult_comm. apply block_out_lip; [exact Hc|]. intros b Hb. apply H1; assumption.
Qed.

Fixpoint mnet_err (d : nat) (X u : R) (net : list mlayer) (delta : R) : R :=
  match net with [] => delta | L :: net' => mnet_err d X u net' (mlayer_err d X u L delta) end.

Lemma mlayer_err_ge (d : nat) (X u : R) (L : mlayer) (delta : R) : 0 <= X -> 0 <= u -> 0 <= delta ->
  delta <= mlayer_err d X u L delta.
Proof.
intros HX Hu Hd. unfold mlayer_err. pose proof (ffn_lip_nonneg d (ml_ffn L)). pose proof (heads_ov_nonneg d (ml_heads L)).
assert (0 <= heads_ov d (ml_heads L) * (delta + 2 * X * u)) by (apply Rmult_le_pos; nra). nra.
Qed.

Lemma mnet_err_ge (d : nat) (X u : R) (net : list mlayer) (delta : R) : 0 <= X -> 0 <= u -> 0 <= delta ->
  delta <= mnet_err d X u net delta.
Proof.
revert delta. induction net as [|L net IH]; intros delta HX Hu Hd; simpl; [lra|].
pose proof (mlayer_err_ge d X u L delta HX Hu Hd). pose proof (IH (mlayer_err d X u L delta) HX Hu ltac:(lra)). lra.
Qed.

Lemma mnet_err_linear (d : nat) (X u : R) (net : list mlayer) (e : R) : mnet_err d X u net (u * e) = u * mnet_err d X 1 net e.
Proof.
revert e. induction net as [|L net IH]; intros e; simpl; [reflexivity|].
replace (mlayer_err d X u L (u * e)) with (u * mlayer_err d X 1 L e) by (unfold mlayer_err; ring). apply IH.
Qed.

(** The hard run is bounded by X and uniform-tieless with gap g at every layer. *)
Fixpoint mhard_ok (d n : nat) (g X : R) (net : list mlayer) (x : stream) : Prop :=
  match net with
  | [] => True
  | L :: net' => dbounded d n X x /\ (forall h, In h (ml_heads L) -> mut_head d n g h x) /\
                 mhard_ok d n g X net' (mlayer_run mhard_w d n L x)
  end.

(** The total score mass of the network. *)
Definition mnet_qk (d : nat) (net : list mlayer) : R := lsum (map (fun L => lsum (map (qk_mass d) (ml_heads L))) net).

Lemma mnet_qk_nonneg (d : nat) (net : list mlayer) : 0 <= mnet_qk d net.
Proof. apply lsum_nonneg. intros L _. apply lsum_nonneg. intros; apply qk_mass_nonneg. Qed.

Lemma qk_le_sum (d : nat) (h : mhead) (hs : list mhead) : In h hs -> qk_mass d h <= lsum (map (qk_mass d) hs).
Proof.
induction hs as [|h' hs IH]; intros Hin; [destruct Hin|]. simpl.
assert (0 <= lsum (map (qk_mass d) hs)) by (apply lsum_nonneg; intros; apply qk_mass_nonneg).
pose proof (qk_mass_nonneg d h'). destruct Hin as [->|Hin]; [lra|]. pose proof (IH Hin). lra.
Qed.

(** Our Lemma 25 for the paper's transformer, every network, length and input: if every error
    the recursion reaches is at most D and the score error at D stays below g/4, the soft run is
    within mnet_err of the hard run. *)
Theorem lemma25_matrix (d n : nat) (net : list mlayer) (x x' : stream) (X delta D g tau : R) :
  0 < g -> 0 < tau -> 0 <= X -> 0 <= delta -> mhard_ok d n g X net x -> dclose d n delta x x' ->
  mnet_err d X (u_of n g tau) net delta <= D -> mnet_qk d net * (2 * X * D + D ^ 2) <= g / 4 ->
  dclose d n (mnet_err d X (u_of n g tau) net delta) (mhard_run d n net x) (msoft_run tau d n net x').
Proof.
revert x x' delta. induction net as [|L net IH]; intros x x' delta Hg Htau HX Hd0 Hok Hd HD Heta; [exact Hd|].
destruct Hok as [Hb [Hut Hok]]. simpl in HD |- *.
pose proof (u_of_nonneg n g tau) as Hu.
pose proof (mlayer_err_ge d X (u_of n g tau) L delta HX Hu Hd0).
pose proof (mnet_err_ge d X (u_of n g tau) net (mlayer_err d X (u_of n g tau) L delta) HX Hu ltac:(lra)).
assert (Hcs : lsum (map (qk_mass d) (ml_heads L)) + mnet_qk d net = mnet_qk d (L :: net)) by reflexivity.
assert (0 <= lsum (map (qk_mass d) (ml_heads L))) by (apply lsum_nonneg; intros; apply qk_mass_nonneg).
pose proof (mnet_qk_nonneg d net).
assert (HD0 : 0 <= 2 * X * D + D ^ 2) by nra.
apply IH; auto.
- lra.
- apply (lemma25_layer_matrix d n L x x' X delta g tau); auto.
  intros h Hh. pose proof (qk_le_sum d h _ Hh). pose proof (qk_mass_nonneg d h).
  assert (2 * X * delta + delta ^ 2 <= 2 * X * D + D ^ 2) by nra.
  apply Rle_trans with (qk_mass d h * (2 * X * D + D ^ 2)); [apply Rmult_le_compat_l; lra|].
  apply Rle_trans with (mnet_qk d (L :: net) * (2 * X * D + D ^ 2)); [|exact Heta].
  apply Rmult_le_compat_r; lra.
- apply Rle_trans with (mnet_qk d (L :: net) * (2 * X * D + D ^ 2)); [|exact Heta].
  apply Rmult_le_compat_r; lra.
Qed.

(** ** Theorem 26 *)

(** The closed-form temperature g / (2 ln (2 + (n - 1) B K)), B = mnet_err d X 1 net 0,
    K = 1/eps + 1 + 4 C (2 X + 1) / g, C = mnet_qk d net. *)
Definition temp26_matrix (d n : nat) (g X eps : R) (net : list mlayer) : R :=
  g / (2 * ln (2 + INR (n - 1) * mnet_err d X 1 net 0 * (/ eps + 1 + 4 * mnet_qk d net * (2 * X + 1) / g))).

(** Theorem 26 (our form) for the paper's transformer: for every network, depth, length n and
    input whose hard run is bounded by X and uniform-tieless with gap g > 0 at every layer, softmax
    at any temperature 0 < tau <= temp26_matrix d n g X eps net is within eps of the hard run at
    every position and coordinate. *)
Theorem thm26_matrix (d n : nat) (net : list mlayer) (x : stream) (g X eps tau : R) :
  0 < g -> 0 < eps -> 0 <= X -> mhard_ok d n g X net x -> 0 < tau -> tau <= temp26_matrix d n g X eps net ->
  dclose d n eps (mhard_run d n net x) (msoft_run tau d n net x).
Proof.
intros Hg He HX Hok Htau Hle. unfold temp26_matrix in Hle.
assert (HB : 0 <= mnet_err d X 1 net 0) by (apply mnet_err_ge; lra).
destruct (temp_error n g X eps tau _ _ Hg He HX HB (mnet_qk_nonneg d net) Htau Hle) as (HD & HDe & HD1 & HDg).
set (B := mnet_err d X 1 net 0) in *. set (C := mnet_qk d net) in *.
set (u := u_of n g tau) in *. set (D := u * B) in *.
assert (Hu : 0 <= u) by apply u_of_nonneg.
assert (Herr : mnet_err d X u net 0 = D) by (unfold D, B; rewrite <- (Rmult_0_r u) at 1; apply mnet_err_linear).
intros i c Hi Hc. eapply Rle_trans; [|exact HDe]. rewrite <- Herr.
apply (lemma25_matrix d n net x x X 0 D g tau); auto; try lra.
- intros i' c' _ _. replace (x i' c' - x i' c') with 0 by ring. rewrite Rabs_R0. lra.
- fold u. lra.
Qed.

(** Every head of the hard run is uniform or tieless with gap g, at every layer. *)
Fixpoint mgaps_ok (d n : nat) (g : R) (net : list mlayer) (x : stream) : Prop :=
  match net with
  | [] => True
  | L :: net' => (forall h, In h (ml_heads L) -> mut_head d n g h x) /\ mgaps_ok d n g net' (mlayer_run mhard_w d n L x)
  end.

Lemma mgaps_hard_ok (d n : nat) (g X0 : R) (net : list mlayer) (x : stream) :
  0 <= X0 -> dbounded d n X0 x -> mgaps_ok d n g net x -> mhard_ok d n g (mnet_X d net X0) net x.
Proof.
revert X0 x. induction net as [|L net IH]; intros X0 x HX Hx Hgap; [exact I|].
destruct Hgap as [Hh Hgap]. simpl. split; [|split; [exact Hh|]].
- intros i c Hi Hc. eapply Rle_trans; [apply (Hx i c Hi Hc)|].
  pose proof (mlayer_X_ge d L X0 HX). pose proof (mnet_X_ge d net (mlayer_X d L X0) ltac:(lra)). lra.
- apply IH; [pose proof (mlayer_X_ge d L X0 HX); lra|apply lemma29_layer_matrix, Hx|exact Hgap].
Qed.

(** Theorem 26 with Lemma 29's X: the temperature depends only on the network, n, the gap g,
    eps and a bound X_0 of the initial stream. *)
Theorem thm26_matrix_closed (d n : nat) (net : list mlayer) (x : stream) (g X0 eps tau : R) :
  0 < g -> 0 < eps -> 0 <= X0 -> dbounded d n X0 x -> mgaps_ok d n g net x ->
  0 < tau -> tau <= temp26_matrix d n g (mnet_X d net X0) eps net ->
  dclose d n eps (mhard_run d n net x) (msoft_run tau d n net x).
Proof.
intros Hg He HX Hx Hgap Htau Hle. apply (thm26_matrix d n net x g (mnet_X d net X0) eps tau); auto.
- pose proof (mnet_X_ge d net X0 HX). lra.
- apply mgaps_hard_ok; assumption.
Qed.
