(** * Seed 004: the constants of Lemmas 25 and 29 and of Theorem 26's temperature, and
    Proposition 11 on the layer, for the model of [TransformerModel].

    Lemma 29's recursion [net_X] (with its one-layer step [lemma29_layer]) bounds the activations
    of the hard network; Lemma 25's recursion [net_err] bounds the distance of the soft run from
    the hard run, one head at a time ([head_error_u]: uniform or tieless with gap g); [temp26] is
    Theorem 26's closed-form temperature and [temp_error] its arithmetic.  Lemmas 25, 29 and
    Theorem 26 themselves ([lemma25], [lemma29], [thm26], [thm26_closed]) are in [MatrixCopy]:
    corollaries of the theorems for the paper's transformer with general matrices.  Proposition 11
    computes the uniform head over the indicator of the first position exactly. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List FunctionalExtensionality.
From Quarks Require Import RSum Softmax ErrorProp Uniform TransformerModel.
Import ListNotations.
Open Scope R_scope.

(** ** Lemma 29: activation growth of the hard model *)

(** A convex combination of values bounded by X is bounded by X. *)
Lemma mix_bound (cnt : nat) (w v : nat -> R) (X : R) :
  (forall k, (k < cnt)%nat -> 0 <= w k) -> rsum w 0 cnt = 1 ->
  (forall k, (k < cnt)%nat -> Rabs (v k) <= X) -> Rabs (rsum (fun k => w k * v k) 0 cnt) <= X.
Proof.
intros Hw Sw Hv. eapply Rle_trans; [apply rsum_abs|].
apply Rle_trans with (rsum (fun k => X * w k) 0 cnt); [|rewrite rsum_scal, Sw; lra].
apply rsum_le. intros k Hk. rewrite Rabs_mult, (Rabs_pos_eq (w k)) by (apply Hw; lia).
rewrite Rmult_comm. apply Rmult_le_compat_r; [apply Hw; lia|apply Hv; lia].
Qed.

Lemma head_hard_bound (n : nat) (h : head) (x : stream) (X : R) :
  bounded n X x -> forall i, (i < n)%nat -> Rabs (head_out hard_w n h x i) <= X.
Proof.
intros Hx i Hi. unfold head_out.
destruct (hard_w_prob h (fun k => score h x i (vis_lo (h_mask h) i + k)) (vis_cnt (h_mask h) n i)
           (vis_pos _ _ _ Hi)) as [H0 H1].
apply mix_bound; [intros; apply H0|exact H1|]. intros k Hk. apply Hx, vis_range; assumption.
Qed.

(** The bound of a unit's output when its inputs are bounded by X. *)
Definition wmass (w : list (nat * R)) : R := lsum (map (fun p => Rabs (snd p)) w).

Definition unit_bound (u : unit) (X : R) : R :=
  lsum (map (fun nr => Rabs (nr_v nr) * (wmass (nr_w nr) * X + Rabs (nr_b nr))) (u_hidden u)) + Rabs (u_c u).

Lemma wmass_nonneg (w : list (nat * R)) : 0 <= wmass w.
Proof. apply lsum_nonneg. intros. apply Rabs_pos. Qed.

Lemma lin_bound (w : list (nat * R)) (x : nat -> R) (X : R) :
  (forall c, Rabs (x c) <= X) -> Rabs (lin w x) <= wmass w * X.
Proof.
intros Hx. unfold lin, wmass. eapply Rle_trans; [apply lsum_abs|].
rewrite Rmult_comm, <- lsum_scal. apply lsum_le. intros p _.
rewrite Rabs_mult, Rmult_comm. apply Rmult_le_compat_r; [apply Rabs_pos|apply Hx].
Qed.

Lemma relu_abs (z : R) : Rabs (Rmax 0 z) <= Rabs z.
Proof. unfold Rmax. destruct (Rle_dec 0 z); [lra|rewrite Rabs_R0; apply Rabs_pos]. Qed.

Lemma unit_val_bound (u : unit) (x : nat -> R) (X : R) :
  (forall c, Rabs (x c) <= X) -> Rabs (unit_val u x) <= unit_bound u X.
Proof.
intros Hx. unfold unit_val, unit_bound. eapply Rle_trans; [apply Rabs_triang|].
apply Rplus_le_compat_r. eapply Rle_trans; [apply lsum_abs|]. apply lsum_le. intros nr _.
rewrite Rabs_mult. apply Rmult_le_compat_l; [apply Rabs_pos|].
eapply Rle_trans; [apply relu_abs|]. eapply Rle_trans; [apply Rabs_triang|].
apply Rplus_le_compat_r. apply lin_bound, Hx.
Qed.

(** Our Lemma 29, one layer: each of the H heads adds at most X, each unit at most its bound. *)
Definition layer_X (L : layer) (X : R) : R :=
  (1 + INR (length (l_heads L))) * X
  + lsum (map (fun u => unit_bound u ((1 + INR (length (l_heads L))) * X)) (l_units L)).

Fixpoint net_X (net : list layer) (X : R) : R :=
  match net with [] => X | L :: net' => net_X net' (layer_X L X) end.

Lemma unit_bound_nonneg (u : unit) (X : R) : 0 <= X -> 0 <= unit_bound u X.
Proof.
intros HX. unfold unit_bound. pose proof (Rabs_pos (u_c u)).
assert (0 <= lsum (map (fun nr => Rabs (nr_v nr) * (wmass (nr_w nr) * X + Rabs (nr_b nr))) (u_hidden u))); [|lra].
apply lsum_nonneg. intros nr _. pose proof (wmass_nonneg (nr_w nr)). pose proof (Rabs_pos (nr_b nr)).
apply Rmult_le_pos; [apply Rabs_pos|]. nra.
Qed.

Lemma layer_X_ge (L : layer) (X : R) : 0 <= X -> X <= layer_X L X.
Proof.
intros HX. unfold layer_X. pose proof (pos_INR (length (l_heads L))).
assert (0 <= lsum (map (fun u => unit_bound u ((1 + INR (length (l_heads L))) * X)) (l_units L))).
{ apply lsum_nonneg. intros u _. apply unit_bound_nonneg. nra. }
nra.
Qed.

Lemma net_X_ge (net : list layer) (X : R) : 0 <= X -> X <= net_X net X.
Proof.
revert X. induction net as [|L net IH]; intros X HX; simpl; [lra|].
pose proof (layer_X_ge L X HX). pose proof (IH (layer_X L X) ltac:(lra)). lra.
Qed.

Theorem lemma29_layer (n : nat) (L : layer) (x : stream) (X : R) :
  bounded n X x -> bounded n (layer_X L X) (layer_run hard_w n L x).
Proof.
intros Hx. set (H := length (l_heads L)). set (X1 := (1 + INR H) * X).
assert (H1 : bounded n X1 (attn_sub hard_w n (l_heads L) x)).
{ intros i c Hi. unfold attn_sub, X1. eapply Rle_trans; [apply Rabs_triang|].
  replace ((1 + INR H) * X) with (X + INR H * X) by ring. apply Rplus_le_compat; [apply Hx, Hi|].
  eapply Rle_trans; [apply lsum_abs|]. unfold H. rewrite <- lsum_const. apply lsum_le. intros h _.
  destruct (Nat.eqb (h_out h) c); [apply head_hard_bound; assumption|].
  rewrite Rabs_R0. apply Rle_trans with (Rabs (x i c)); [apply Rabs_pos|apply Hx, Hi]. }
intros i c Hi. unfold layer_run, ffn_sub, layer_X. fold H. fold X1.
eapply Rle_trans; [apply Rabs_triang|]. apply Rplus_le_compat; [apply H1, Hi|].
eapply Rle_trans; [apply lsum_abs|]. apply lsum_le. intros u _.
destruct (Nat.eqb (u_out u) c); [apply unit_val_bound; intros; apply H1, Hi|].
rewrite Rabs_R0. apply unit_bound_nonneg.
apply Rle_trans with (Rabs (attn_sub hard_w n (l_heads L) x i c)); [apply Rabs_pos|apply H1, Hi].
Qed.

(** ** Lemma 25: the error of the soft network, layer by layer *)

(** The coefficient mass of a head's score terms. *)
Definition csc (h : head) : R := lsum (map (fun t => Rabs (snd t)) (h_terms h)).

Lemma csc_nonneg (h : head) : 0 <= csc h.
Proof. apply lsum_nonneg. intros. apply Rabs_pos. Qed.

(** Lemma 32 summed over the score terms: |s'_ij - s_ij| <= csc h (2 X delta + delta^2). *)
Lemma score_error (n : nat) (h : head) (x x' : stream) (X delta : R) :
  bounded n X x -> close n delta x x' -> forall i j, (i < n)%nat -> (j < n)%nat ->
  Rabs (score h x' i j - score h x i j) <= csc h * (2 * X * delta + delta ^ 2).
Proof.
intros Hx Hd i j Hi Hj. unfold score, csc. rewrite lsum_map_minus.
eapply Rle_trans; [apply lsum_abs|]. rewrite Rmult_comm, <- lsum_scal. apply lsum_le.
intros [[q k] c] _. simpl.
replace (c * x' i q * x' j k - c * x i q * x j k)
  with (c * ((x i q + (x' i q - x i q)) * (x j k + (x' j k - x j k)) - x i q * x j k)) by ring.
rewrite Rabs_mult, Rmult_comm. apply Rmult_le_compat_r; [apply Rabs_pos|].
apply lemma32_bilinear; [apply Hx, Hi|apply Hx, Hj|apply Hd, Hi|apply Hd, Hj].
Qed.

(** The off-top mass factor u = (n - 1) e^(-g / (2 tau)). *)
Definition u_of (n : nat) (g tau : R) : R := INR (n - 1) * exp (- (g / (2 * tau))).

Lemma u_of_nonneg (n : nat) (g tau : R) : 0 <= u_of n g tau.
Proof. unfold u_of. apply Rmult_le_pos; [apply pos_INR|apply Rlt_le, exp_pos]. Qed.

(** One head (Lemmas 31-34 composed): with hard inputs bounded by X, soft inputs within delta,
    and a score error csc h (2 X delta + delta^2) <= g/4, the soft head's output is within
    delta + 2 X u of the hard head's output.  A uniform head: within delta. *)
Definition head_u (n : nat) (g tau : R) (h : head) : R := if uniform_b h then 0 else u_of n g tau.

Lemma head_u_le (n : nat) (g tau : R) (h : head) : 0 <= head_u n g tau h <= u_of n g tau.
Proof. pose proof (u_of_nonneg n g tau). unfold head_u. destruct (uniform_b h); lra. Qed.

Lemma head_error_u (n : nat) (h : head) (x x' : stream) (X delta g tau : R) :
  0 < g -> 0 < tau -> bounded n X x -> close n delta x x' -> ut_head n g h x ->
  csc h * (2 * X * delta + delta ^ 2) <= g / 4 ->
  forall i, (i < n)%nat ->
  Rabs (head_out (soft_w tau) n h x' i - head_out hard_w n h x i) <= delta + 2 * X * head_u n g tau h.
Proof.
intros Hg Htau Hx Hd Hut Heta i Hi. unfold head_out, soft_w.
set (lo := vis_lo (h_mask h) i). set (cnt := vis_cnt (h_mask h) n i).
set (s := fun k => score h x i (lo + k)%nat). set (s' := fun k => score h x' i (lo + k)%nat).
assert (Hc : (1 <= cnt)%nat) by apply vis_pos, Hi.
assert (Hcn : (cnt <= n)%nat) by apply vis_le, Hi.
assert (Hr : forall k, (k < cnt)%nat -> (lo + k < n)%nat) by (intros; apply vis_range; assumption).
destruct (hard_w_prob h s cnt Hc) as [Hw Sw].
assert (Hw' : forall k, (k < cnt)%nat -> 0 <= soft tau s' cnt k)
  by (intros k Hk; apply (softmax_bounds _ cnt 0 k); lia).
assert (Sw' : rsum (soft tau s' cnt) 0 cnt = 1) by (apply (softmax_sum _ cnt 0); lia).
assert (HX : 0 <= X) by (apply Rle_trans with (Rabs (x i 0%nat)); [apply Rabs_pos|apply Hx, Hi]).
(* the L1 distance between the two weightings *)
assert (Hl1 : rsum (fun k => Rabs (soft tau s' cnt k - hard_w h s cnt k)) 0 cnt <= 2 * head_u n g tau h).
{ unfold head_u. destruct (uniform_b h) eqn:Eu.
  - assert (Hu : h_terms h = []) by (unfold uniform_b in Eu; destruct (h_terms h); [reflexivity|discriminate]).
    assert (Ha : hard_w h = avg_hard)
      by (unfold hard_w; unfold uniform_b in Eu; rewrite Hu in Eu; destruct (h_hard h); [reflexivity|discriminate|discriminate]).
    rewrite Ha.
    (* uniform: both weightings are 1/cnt *)
    assert (Es : forall k, s k = 0) by (intros; apply score_uniform, Hu).
    assert (Es' : forall k, s' k = 0) by (intros; apply score_uniform, Hu).
    rewrite (rsum_ext _ (fun _ => 0)).
    + rewrite rsum_const. lra.
    + intros k _. replace s with (fun _ : nat => 0) by (apply functional_extensionality; intros; rewrite Es; reflexivity).
      replace s' with (fun _ : nat => 0) by (apply functional_extensionality; intros; rewrite Es'; reflexivity).
      rewrite avg_hard_const, soft_const by exact Hc. replace (/ INR cnt - / INR cnt) with 0 by ring.
      apply Rabs_R0.
  - (* tieless: hard weights are e_t, and the perturbed scores keep a gap g - 2 eta >= g / 2 *)
    assert (Ht : tieless n g h x) by (destruct Hut as [Hu|Ht]; [congruence|exact Ht]).
    destruct (Ht i Hi) as [t [Htc Hgap]]. fold lo cnt in Htc, Hgap.
    set (eta := csc h * (2 * X * delta + delta ^ 2)). fold eta in Heta.
    assert (Hpert : forall k, (k < cnt)%nat -> Rabs (s' k - s k) <= eta)
      by (intros k Hk; apply (score_error n); auto).
    assert (Heta0 : 0 <= eta) by (eapply Rle_trans; [apply Rabs_pos|apply (Hpert 0%nat); lia]).
    rewrite (rsum_ext _ (fun k => Rabs (softmax (fun j => s' j / tau) cnt k - hardmax t k)))
      by (intros k Hk; unfold soft; rewrite (hard_w_tieless h s cnt t g Hg Htc Hgap k) by lia; reflexivity).
    fold (l1 (fun j => s' j / tau) cnt t).
    eapply Rle_trans; [apply (lemma6_gap _ cnt t ((g - 2 * eta) / tau) Htc)|].
    + apply Rlt_le, Rdiv_lt_0_compat; lra.
    + intros k Hk Hkt. pose proof (abs_le_inv _ _ (Hpert k Hk)). pose proof (abs_le_inv _ _ (Hpert t Htc)).
      pose proof (Hgap k Hk Hkt). unfold s, s' in *.
      replace (score h x' i (lo + t) / tau - (g - 2 * eta) / tau)
        with ((score h x' i (lo + t) - (g - 2 * eta)) / tau) by (field; lra).
      unfold Rdiv. apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, Htau|]. lra.
    + unfold u_of. replace (2 * (INR cnt - 1) * exp (- ((g - 2 * eta) / tau)))
        with (2 * ((INR cnt - 1) * exp (- ((g - 2 * eta) / tau)))) by ring.
      apply Rmult_le_compat_l; [lra|]. apply Rmult_le_compat.
      * assert (1 <= INR cnt) by (replace 1 with (INR 1) by reflexivity; apply le_INR, Hc). lra.
      * apply Rlt_le, exp_pos.
      * rewrite minus_INR by lia. simpl (INR 1). apply Rplus_le_compat_r, le_INR, Hcn.
      * apply exp_mono. apply Ropp_le_contravar.
        replace (g / (2 * tau)) with ((g / 2) / tau) by (field; lra).
        unfold Rdiv. apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, Htau|]. lra. }
(* Lemma 34 with values in [-X, X] *)
eapply Rle_trans.
- apply (lemma34_mixture cnt (hard_w h s cnt) (soft tau s' cnt) (fun k => x (lo + k)%nat (h_val h))
          (fun k => x' (lo + k)%nat (h_val h)) delta (- X) X Hc); auto.
  all: intros k Hk; first [apply Hd, Hr, Hk | apply abs_le_inv, Hx, Hr, Hk].
- replace (X - - X) with (2 * X) by ring. nra.
Qed.

(** The Lipschitz constant sum_h |v_h| |w_h|_1 of a unit (Lemma 30 for one unit). *)
Definition unit_lip (u : unit) : R :=
  lsum (map (fun nr => Rabs (nr_v nr) * wmass (nr_w nr)) (u_hidden u)).

Definition layer_lip (L : layer) : R := lsum (map unit_lip (l_units L)).

Lemma layer_lip_nonneg (L : layer) : 0 <= layer_lip L.
Proof.
apply lsum_nonneg. intros u _. apply lsum_nonneg. intros nr _.
apply Rmult_le_pos; [apply Rabs_pos|apply wmass_nonneg].
Qed.

Lemma unit_val_lipschitz (u : unit) (y y' : nat -> R) (d : R) :
  (forall c, Rabs (y' c - y c) <= d) -> Rabs (unit_val u y' - unit_val u y) <= unit_lip u * d.
Proof.
intros Hd. unfold unit_val, unit_lip.
replace (lsum (map (fun nr => nr_v nr * Rmax 0 (lin (nr_w nr) y' + nr_b nr)) (u_hidden u)) + u_c u -
         (lsum (map (fun nr => nr_v nr * Rmax 0 (lin (nr_w nr) y + nr_b nr)) (u_hidden u)) + u_c u))
  with (lsum (map (fun nr => nr_v nr * Rmax 0 (lin (nr_w nr) y' + nr_b nr)) (u_hidden u)) -
        lsum (map (fun nr => nr_v nr * Rmax 0 (lin (nr_w nr) y + nr_b nr)) (u_hidden u))) by ring.
rewrite lsum_map_minus. eapply Rle_trans; [apply lsum_abs|].
rewrite Rmult_comm, <- lsum_scal. apply lsum_le. intros nr _.
rewrite <- Rmult_minus_distr_l, Rabs_mult.
replace (d * (Rabs (nr_v nr) * wmass (nr_w nr))) with (Rabs (nr_v nr) * (wmass (nr_w nr) * d)) by ring.
apply Rmult_le_compat_l; [apply Rabs_pos|]. eapply Rle_trans; [apply relu_lipschitz|].
replace (lin (nr_w nr) y' + nr_b nr - (lin (nr_w nr) y + nr_b nr)) with (lin (nr_w nr) y' - lin (nr_w nr) y) by ring.
unfold lin. rewrite lsum_map_minus.
replace (fun p : nat * R => snd p * y' (fst p) - snd p * y (fst p))
  with (fun p : nat * R => snd p * (y' (fst p) - y (fst p))) by (apply functional_extensionality; intros; ring).
apply (lin_bound (nr_w nr) (fun c => y' c - y c) d Hd).
Qed.

(** Our Lemma 25's step for one layer: an input error delta becomes at most
    (1 + Lip) (delta + H (delta + 2 X u)) with H heads and Lip the sum of the units' constants. *)
Definition layer_err (X u : R) (L : layer) (delta : R) : R :=
  (1 + layer_lip L) * (delta + INR (length (l_heads L)) * (delta + 2 * X * u)).

(** The recursion run over a network. *)
Fixpoint net_err (X u : R) (net : list layer) (delta : R) : R :=
  match net with [] => delta | L :: net' => net_err X u net' (layer_err X u L delta) end.

Lemma layer_err_ge (X u : R) (L : layer) (delta : R) : 0 <= X -> 0 <= u -> 0 <= delta ->
  delta <= layer_err X u L delta.
Proof.
intros HX Hu Hd. unfold layer_err. pose proof (layer_lip_nonneg L). pose proof (pos_INR (length (l_heads L))).
assert (0 <= INR (length (l_heads L)) * (delta + 2 * X * u)) by (apply Rmult_le_pos; nra).
nra.
Qed.

Lemma net_err_ge (X u : R) (net : list layer) (delta : R) : 0 <= X -> 0 <= u -> 0 <= delta ->
  delta <= net_err X u net delta.
Proof.
revert delta. induction net as [|L net IH]; intros delta HX Hu Hd; simpl; [lra|].
pose proof (layer_err_ge X u L delta HX Hu Hd). pose proof (IH (layer_err X u L delta) HX Hu ltac:(lra)). lra.
Qed.

(** The recursion is linear in (delta, u): net_err X u net (u d) = u net_err X 1 net d. *)
Lemma net_err_linear (X u : R) (net : list layer) (d : R) : net_err X u net (u * d) = u * net_err X 1 net d.
Proof.
revert d. induction net as [|L net IH]; intros d; simpl; [reflexivity|].
replace (layer_err X u L (u * d)) with (u * layer_err X 1 L d) by (unfold layer_err; ring). apply IH.
Qed.

(** The hard run is bounded by X and uniform-tieless with gap g at every layer. *)
Fixpoint hard_ok (n : nat) (g X : R) (net : list layer) (x : stream) : Prop :=
  match net with
  | [] => True
  | L :: net' => bounded n X x /\ (forall h, In h (l_heads L) -> ut_head n g h x) /\
                 hard_ok n g X net' (layer_run hard_w n L x)
  end.

(** The total coefficient mass of all score terms. *)
Definition net_csc (net : list layer) : R := lsum (map (fun L => lsum (map csc (l_heads L))) net).

Lemma net_csc_nonneg (net : list layer) : 0 <= net_csc net.
Proof. apply lsum_nonneg. intros L _. apply lsum_nonneg. intros h _. apply csc_nonneg. Qed.

Lemma csc_le_sum (h : head) (hs : list head) : In h hs -> csc h <= lsum (map csc hs).
Proof.
induction hs as [|h' hs IH]; intros Hin; [destruct Hin|]. simpl.
assert (0 <= lsum (map csc hs)) by (apply lsum_nonneg; intros; apply csc_nonneg).
pose proof (csc_nonneg h'). destruct Hin as [->|Hin]; [lra|]. pose proof (IH Hin). lra.
Qed.

(** ** Theorem 26 *)

(** Our closed-form temperature: tau(n) = g / (2 m) with
    m = ln (2 + (n - 1) B K),  B = net_err X 1 net 0 (the recursion's growth factor),
    K = 1/eps + 1 + 4 C (2 X + 1) / g,  C = net_csc net. *)
Definition temp26 (n : nat) (g X eps : R) (net : list layer) : R :=
  g / (2 * ln (2 + INR (n - 1) * net_err X 1 net 0 * (/ eps + 1 + 4 * net_csc net * (2 * X + 1) / g))).

Lemma close_weaken (n : nat) (d d' : R) (x x' : stream) : d <= d' -> close n d x x' -> close n d' x x'.
Proof. intros Hle H i c Hi. eapply Rle_trans; [apply H, Hi|exact Hle]. Qed.

(** The temperature condition in closed form: for B, C >= 0 and
    0 < tau <= g / (2 ln (2 + (n - 1) B K)), K = 1/eps + 1 + 4 C (2 X + 1) / g, the per-step error
    D = u_of n g tau * B (u_of <= 1 / (B K)) satisfies D <= eps, D <= 1 and C (2 X D + D^2) <= g / 4. *)
Lemma temp_error (n : nat) (g X eps tau B C : R) :
  0 < g -> 0 < eps -> 0 <= X -> 0 <= B -> 0 <= C -> 0 < tau ->
  tau <= g / (2 * ln (2 + INR (n - 1) * B * (/ eps + 1 + 4 * C * (2 * X + 1) / g))) ->
  0 <= u_of n g tau * B /\ u_of n g tau * B <= eps /\ u_of n g tau * B <= 1 /\
  C * (2 * X * (u_of n g tau * B) + (u_of n g tau * B) ^ 2) <= g / 4.
Proof.
intros Hg He HX HB HC Htau Hle.
set (K := / eps + 1 + 4 * C * (2 * X + 1) / g) in Hle.
set (Q := INR (n - 1) * B * K) in Hle.
assert (Hie : 0 < / eps) by (apply Rinv_0_lt_compat, He).
assert (HK3 : 0 <= 4 * C * (2 * X + 1) / g) by (apply Rmult_le_pos; [nra|apply Rlt_le, Rinv_0_lt_compat, Hg]).
assert (HK : 0 < K) by (unfold K; lra).
assert (HQ : 0 <= Q) by (unfold Q; apply Rmult_le_pos; [apply Rmult_le_pos; [apply pos_INR|exact HB]|lra]).
set (m := ln (2 + Q)) in Hle.
assert (Hm : 0 < m) by (unfold m; rewrite <- ln_1; apply ln_increasing; lra).
(* g / (2 tau) >= m, so e^(-g/(2 tau)) <= e^(-m) = 1 / (2 + Q) *)
assert (Hgm : m <= g / (2 * tau)).
{ apply le_div; [lra|]. apply (Rmult_le_reg_r (/ (2 * m))); [apply Rinv_0_lt_compat; lra|].
  replace (m * (2 * tau) * / (2 * m)) with tau by (field; lra). exact Hle. }
assert (Hexp : exp (- (g / (2 * tau))) <= / (2 + Q)).
{ rewrite <- (exp_ln (2 + Q)) by lra. rewrite <- exp_Ropp. apply exp_mono. fold m. lra. }
set (u := u_of n g tau).
assert (Hu : 0 <= u) by apply u_of_nonneg.
assert (HuQ : u * B * K <= 1).
{ unfold u, u_of. apply Rle_trans with (Q * / (2 + Q)).
  - unfold Q. replace (INR (n - 1) * exp (- (g / (2 * tau))) * B * K)
      with (INR (n - 1) * B * K * exp (- (g / (2 * tau)))) by ring.
    apply Rmult_le_compat_l; [exact HQ|exact Hexp].
  - apply div_le; lra. }
set (D := u * B).
assert (HD : 0 <= D) by (unfold D; apply Rmult_le_pos; assumption).
assert (HDK : D * K <= 1) by (unfold D; exact HuQ).
assert (HDe : D <= eps).
{ assert (D * / eps <= 1) by (pose proof (Rmult_le_compat_l D (/ eps) K HD ltac:(unfold K; lra)); lra).
  apply (Rmult_le_reg_r (/ eps)); [exact Hie|]. rewrite Rinv_r by lra. exact H. }
assert (HD1 : D <= 1) by (pose proof (Rmult_le_compat_l D 1 K HD ltac:(unfold K; lra)); lra).
assert (HDg : C * (2 * X * D + D ^ 2) <= g / 4).
{ assert (E1 : D * (4 * C * (2 * X + 1) / g) <= 1)
    by (pose proof (Rmult_le_compat_l D (4 * C * (2 * X + 1) / g) K HD ltac:(unfold K; lra)); lra).
  assert (E2 : C * (2 * X + 1) * D <= g / 4).
  { replace (D * (4 * C * (2 * X + 1) / g)) with (4 * (C * (2 * X + 1) * D) / g) in E1 by (field; lra).
    apply (Rmult_le_reg_l 4); [lra|]. replace (4 * (g / 4)) with g by field.
    apply (Rmult_le_reg_r (/ g)); [apply Rinv_0_lt_compat, Hg|]. rewrite Rinv_r by lra.
    unfold Rdiv in E1. lra. }
  assert (D ^ 2 <= D) by (simpl; rewrite Rmult_1_r; pose proof (Rmult_le_compat_l D D 1 HD HD1); lra).
  pose proof (Rmult_le_compat_l C (D ^ 2) D HC H). lra. }
tauto.
Qed.

(** Every head of the hard run is uniform or tieless with gap g, at every layer. *)
Fixpoint gaps_ok (n : nat) (g : R) (net : list layer) (x : stream) : Prop :=
  match net with
  | [] => True
  | L :: net' => (forall h, In h (l_heads L) -> ut_head n g h x) /\ gaps_ok n g net' (layer_run hard_w n L x)
  end.

(** Lemma 29 supplies the bound X of Theorem 26. *)
Lemma gaps_hard_ok (n : nat) (g X0 : R) (net : list layer) (x : stream) :
  0 <= X0 -> bounded n X0 x -> gaps_ok n g net x -> hard_ok n g (net_X net X0) net x.
Proof.
revert X0 x. induction net as [|L net IH]; intros X0 x HX Hx Hgap; [exact I|].
destruct Hgap as [Hh Hgap]. simpl. split; [|split; [exact Hh|]].
- intros i c Hi. eapply Rle_trans; [apply (Hx i c Hi)|].
  pose proof (layer_X_ge L X0 HX). pose proof (net_X_ge net (layer_X L X0) ltac:(lra)). lra.
- apply IH; [pose proof (layer_X_ge L X0 HX); lra|apply lemma29_layer, Hx|exact Hgap].
Qed.

(** The embedding of a word is bounded by max(1, P) when every position embedding is bounded
    by P (the X_0 of our Lemma 29). *)
Lemma embed_bounded (k : nat) (pe : list (nat -> nat -> R)) (n : nat) (w : nat -> nat) (P : R) :
  (forall f i, In f pe -> (i < n)%nat -> Rabs (f (S i) n) <= P) -> bounded n (Rmax 1 P) (embed k pe n w).
Proof.
intros Hpe i c Hi. unfold embed. destruct (c <? k)%nat.
- destruct (Nat.eqb (w i) c); [rewrite Rabs_R1|rewrite Rabs_R0]; unfold Rmax; destruct (Rle_dec 1 P); lra.
- destruct (nth_in_or_default (c - k) (map (fun f => f (S i) n) pe) 0) as [Hin|E].
  + apply in_map_iff in Hin. destruct Hin as [f [Ef Hf]]. rewrite <- Ef.
    eapply Rle_trans; [apply Hpe; assumption|apply Rmax_r].
  + rewrite E, Rabs_R0. unfold Rmax. destruct (Rle_dec 1 P); lra.
Qed.

(** ** Proposition 11 on the attention layer *)

(** A future-masked uniform head over the indicator of the first position outputs exactly
    1/(i+1) at position i (the paper's 1/i at its position i), under average hardmax and under
    softmax at every temperature. *)
Theorem prop11_head (n : nat) (h : head) (x : stream) (tau : R) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = Future ->
  (forall j, (j < n)%nat -> x j (h_val h) = if Nat.eqb j 0 then 1 else 0) ->
  forall i, (i < n)%nat ->
  head_out hard_w n h x i = / INR (S i) /\ head_out (soft_w tau) n h x i = / INR (S i).
Proof.
intros Hu Hr Hm Hx i Hi. unfold head_out, soft_w. rewrite Hm. simpl vis_lo. simpl vis_cnt.
replace (hard_w h) with avg_hard by (unfold hard_w; rewrite Hr; reflexivity).
assert (Hs : (fun k => score h x i (0 + k)%nat) = (fun _ => 0))
  by (apply functional_extensionality; intros; apply score_uniform, Hu).
rewrite Hs.
assert (E : forall W : (nat -> R) -> nat -> nat -> R, (forall k, W (fun _ => 0) (S i) k = / INR (S i)) ->
            rsum (fun k => W (fun _ => 0) (S i) k * x (0 + k)%nat (h_val h)) 0 (S i) = / INR (S i)).
{ intros W HW. rewrite (rsum_ext _ (fun k => / INR (S i) * (if Nat.eqb k 0 then 1 else 0))).
  - rewrite rsum_indicator. simpl. reflexivity.
  - intros k Hk. rewrite HW, Hx by lia. reflexivity. }
split; apply E; intros k; [apply avg_hard_const|apply soft_const]; lia.
Qed.

(** The layer form: a layer with this single head and no units writes exactly 1/(i+1) into its
    output coordinate when that coordinate was 0 (hard and soft alike). *)
Theorem prop11_layer (n : nat) (h : head) (x : stream) (tau : R) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = Future ->
  (forall j, (j < n)%nat -> x j (h_val h) = if Nat.eqb j 0 then 1 else 0) ->
  forall i, (i < n)%nat -> x i (h_out h) = 0 ->
  layer_run hard_w n (Layer [h] []) x i (h_out h) = / INR (S i) /\
  layer_run (soft_w tau) n (Layer [h] []) x i (h_out h) = / INR (S i).
Proof.
intros Hu Hr Hm Hx i Hi H0. destruct (prop11_head n h x tau Hu Hr Hm Hx i Hi) as [E1 E2].
unfold layer_run, ffn_sub, attn_sub. simpl lsum. simpl l_heads. simpl l_units. simpl map. simpl lsum.
rewrite Nat.eqb_refl, H0, E1, E2. split; ring.
Qed.

