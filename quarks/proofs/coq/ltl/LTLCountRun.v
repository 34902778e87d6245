(** * Seed 004, Theorems 20 and 21: running the blocks of LTLCountCompile.v.

    Facts about running lists of layers under a weighting W that is hard attention or softmax at
    some temperature: a network is run block by block ([net_run_app]); a layer leaves every
    coordinate it does not write unchanged, at every position ([net_frame]); the one-head /
    one-unit layers of the blocks, evaluated ([unit_layer_run], [hu_layer_run]); the count heads
    read exactly #d[B] / span at every position i < n ([count_shead_read]), and a run of the count
    layers writes every term's count ([count_layers_run]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals FunctionalExtensionality.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLCount LTLCountSyntax LTLCountStage LTLCountCompile.
Import ListNotations.
Open Scope R_scope.

Definition hard_or_soft (W : head -> (nat -> R) -> nat -> nat -> R) : Prop := W = hard_w \/ exists tau, W = soft_w tau.

Lemma net_run_app (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (A B : list layer) (x : stream) :
  net_run W n (A ++ B) x = net_run W n B (net_run W n A x).
Proof. revert x. induction A as [|L A IH]; intros x; simpl; [reflexivity|apply IH]. Qed.

Lemma real_net_app (A B : snet) : real_net (A ++ B) = real_net A ++ real_net B.
Proof. apply map_app. Qed.

(** ** Frames *)

(** The coordinates a layer writes. *)
Definition swrites (L : slayer) (c : nat) : bool :=
  existsb (fun h => Nat.eqb (sh_out h) c) (sl_heads L) || existsb (fun u => Nat.eqb (su_out u) c) (sl_units L).

Lemma lsum_if_false {A} (o : A -> nat) (c : nat) (f : A -> R) (l : list A) :
  existsb (fun a => Nat.eqb (o a) c) l = false -> lsum (map (fun a => if Nat.eqb (o a) c then f a else 0) l) = 0.
Proof.
induction l as [|a l IH]; simpl; [reflexivity|]. intros H. apply orb_false_iff in H. destruct H as [H1 H2].
rewrite H1, IH by exact H2. ring.
Qed.

Lemma layer_frame (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (L : slayer) (x : stream) (i c : nat) :
  swrites L c = false -> layer_run W n (real_layer L) x i c = x i c.
Proof.
unfold swrites. intros H. apply orb_false_iff in H. destruct H as [Hh Hu].
unfold layer_run, ffn_sub, attn_sub, real_layer. cbn [l_heads l_units].
rewrite !map_map.
rewrite (lsum_if_false (fun h => h_out (real_head h)) c (fun h => head_out W n (real_head h) x i)) by exact Hh.
rewrite (lsum_if_false (fun u => u_out (real_unit u)) c) by exact Hu. ring.
Qed.

(** A network whose layers all write inside [lo, hi) leaves every other coordinate unchanged. *)
Definition writes_in (net : snet) (lo hi : nat) : Prop :=
  forall L c, In L net -> swrites L c = true -> (lo <= c < hi)%nat.

Lemma net_frame (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (net : snet) (lo hi : nat) (x : stream) :
  writes_in net lo hi -> forall i c, (c < lo \/ hi <= c)%nat -> net_run W n (real_net net) x i c = x i c.
Proof.
revert x. induction net as [|L net IH]; intros x Hw i c Hc; [reflexivity|]. cbn [real_net map net_run].
fold (real_net net). rewrite IH; [| |exact Hc]; [|intros L' c' HL' E; apply (Hw L' c'); [right|]; assumption].
apply layer_frame. destruct (swrites L c) eqn:E; [|reflexivity]. specialize (Hw L c (or_introl eq_refl) E). lia.
Qed.

Lemma writes_in_app (A B : snet) (lo hi : nat) : writes_in A lo hi -> writes_in B lo hi -> writes_in (A ++ B) lo hi.
Proof. intros HA HB L c HL. apply in_app_or in HL. destruct HL; [apply HA|apply HB]; assumption. Qed.

Lemma writes_in_mono (A : snet) (lo hi lo' hi' : nat) : writes_in A lo hi -> (lo' <= lo)%nat -> (hi <= hi')%nat -> writes_in A lo' hi'.
Proof. intros H H1 H2 L c HL E. specialize (H L c HL E). lia. Qed.

Lemma writes_in_one (L : slayer) (lo hi : nat) : (forall c, swrites L c = true -> (lo <= c < hi)%nat) -> writes_in [L] lo hi.
Proof. intros H L' c [<-|[]] E. apply H, E. Qed.

(** ** The layers of the blocks *)

Lemma unit_layer_run (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (u : sunit) (x : stream) (i c : nat) :
  layer_run W n (real_layer (unit_layer u)) x i c = x i c + (if Nat.eqb (su_out u) c then unit_val (real_unit u) (x i) else 0).
Proof.
unfold layer_run, ffn_sub, unit_layer, real_layer. cbn [l_heads l_units sl_heads sl_units map lsum].
replace (attn_sub W n [] x) with x by (extensionality j; extensionality c'; unfold attn_sub; simpl; ring).
cbn [u_out real_unit]. ring.
Qed.

(** A layer with one head h and one unit u: the unit reads the stream after the head. *)
Definition after_head (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (h : shead) (x : stream) : stream :=
  attn_sub W n [real_head h] x.

Lemma after_head_eq (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (h : shead) (x : stream) (i c : nat) :
  after_head W n h x i c = x i c + (if Nat.eqb (sh_out h) c then head_out W n (real_head h) x i else 0).
Proof. unfold after_head, attn_sub. simpl. ring. Qed.

Lemma hu_layer_run (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (h : shead) (u : sunit) (x : stream) (i c : nat) :
  layer_run W n (real_layer (SLayer [h] [u])) x i c
  = after_head W n h x i c + (if Nat.eqb (su_out u) c then unit_val (real_unit u) (after_head W n h x i) else 0).
Proof. unfold layer_run, ffn_sub, after_head, real_layer. simpl. ring. Qed.

Lemma h_layer_run (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (h : shead) (x : stream) (i c : nat) :
  layer_run W n (real_layer (SLayer [h] [])) x i c = after_head W n h x i c.
Proof. unfold layer_run, ffn_sub, after_head, real_layer. simpl. ring. Qed.

(** ** Count heads *)

(** The uniform count head over Booleans B reads #d[B] / span at every i < n, hard and soft. *)
Lemma count_shead_read (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (o b : nat) (d : dir) (x : stream) (B : nat -> bool) (i : nat) :
  head_hs W -> (i < n)%nat -> (forall j, (j < n)%nat -> x j b = B2R (B j)) ->
  head_out W n (real_head (count_shead o b d)) x i = INR (count n d B i) / INR (span n d i).
Proof.
intros HW Hi Hx. pose proof (uniform_head_mean n (real_head (count_shead o b d)) x i eq_refl eq_refl Hi) as [Hh Hs].
cbv zeta in Hh, Hs. replace (head_out W n _ x i) with (head_out hard_w n (real_head (count_shead o b d)) x i)
  by (destruct HW as [->|HS]; [reflexivity|destruct (HS (real_head (count_shead o b d))) as [tau E]; rewrite (head_out_W W tau n _ x i E), Hs, Hh; reflexivity]).
rewrite Hh. cbn [real_head count_shead h_mask h_val sh_mask sh_val]. destruct d; cbn [dmask vis_lo vis_cnt count span].
- rewrite (rsum_ext _ (fun j => B2R (B j))) by (intros j Hj; apply Hx; lia). rewrite rsum_B2R. reflexivity.
- rewrite (rsum_ext _ (fun j => B2R (B (i + j)%nat))) by (intros j Hj; apply Hx; lia).
  rewrite <- (rsum_shift_by (fun j => B2R (B j)) 0 i), Nat.add_0_r, rsum_B2R. reflexivity.
Qed.

Lemma count_layers_writes (args : list (nat * Z)) (g : nat) (d : dir) :
  writes_in (count_layers args g d) g (g + length args).
Proof.
revert g. induction args as [|[b a] args IH]; intros g L c HL E; [destruct HL|].
cbn [count_layers In] in HL. destruct HL as [<-|HL].
- unfold swrites in E. simpl in E. rewrite !orb_false_r in E. apply Nat.eqb_eq in E. simpl. lia.
- specialize (IH (S g) L c HL E). simpl. lia.
Qed.

(** Running the count layers on a stream holding Booleans Bf b at every argument coordinate b
    (below g) and 0 from g on writes #d[Bf b_k] / span at g + k. *)
Lemma count_layers_run (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (d : dir) (Bf : nat -> nat -> bool) :
  head_hs W -> forall (args : list (nat * Z)) (g : nat) (y : stream),
  (forall p, In p args -> (fst p < g)%nat /\ forall j, (j < n)%nat -> y j (fst p) = B2R (Bf (fst p) j)) ->
  (forall j c, (g <= c)%nat -> y j c = 0) ->
  forall k i, (k < length args)%nat -> (i < n)%nat ->
  net_run W n (real_net (count_layers args g d)) y i (g + k)%nat
  = INR (count n d (Bf (fst (nth k args (0%nat, 0%Z)))) i) / INR (span n d i).
Proof.
intros HW args. induction args as [|[b a] args IH]; intros g y Hy Hz k i Hk Hi; [simpl in Hk; lia|].
cbn [count_layers real_net map net_run]. fold (real_net (count_layers args (S g) d)).
destruct (Hy (b, a) (or_introl eq_refl)) as [Hb Hv]. cbn [fst] in Hb, Hv.
destruct k as [|k].
- rewrite (net_frame W n (count_layers args (S g) d) (S g) (S g + length args)) by (apply count_layers_writes || lia).
  rewrite Nat.add_0_r, h_layer_run, after_head_eq. cbn [sh_out count_shead]. rewrite Nat.eqb_refl.
  rewrite (count_shead_read W n g b d y (Bf b) i HW Hi Hv), Hz by lia. cbn [nth fst]. ring.
- replace (g + S k)%nat with (S g + k)%nat by lia. cbn [nth]. apply IH; [| |simpl in Hk; lia|exact Hi].
  + intros p Hp. destruct (Hy p (or_intror Hp)) as [Hp1 Hp2]. split; [lia|]. intros j Hj.
    rewrite h_layer_run, after_head_eq. cbn [sh_out count_shead].
    replace (Nat.eqb g (fst p)) with false by (symmetry; apply Nat.eqb_neq; lia). rewrite Hp2 by exact Hj. ring.
  + intros j c Hc. rewrite h_layer_run, after_head_eq. cbn [sh_out count_shead].
    replace (Nat.eqb g c) with false by (symmetry; apply Nat.eqb_neq; lia). rewrite Hz by lia. ring.
Qed.
