(** * Seed 004: Lemmas 25 and 29 and Theorem 26 for write-once networks, as [quarks/attention]
    computes them.

    In a write-once network every coordinate is written once, by one head or one unit, so the
    error recursion takes maxima instead of sums (Lemma 25, Theorem 26 in closed form), the growth
    bound of Lemma 29 is geometric in the depth, and each statement holds after every layer l.
    Also an example: the hypotheses of Theorem 26 hold for a real head at every length.
    This file re-exports the model ([TransformerModel]) and the general error bounds
    ([TransformerError]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List FunctionalExtensionality.
From Quarks Require Import RSum Softmax ErrorProp Uniform.
From Quarks Require Export TransformerModel TransformerError MatrixCopy.
Import ListNotations.
Open Scope R_scope.

(** ** Write-once networks: the recursions of [quarks/attention] exactly

    In the programs of [quarks/attention] every coordinate is written once, by one head or one
    unit, into a coordinate that is 0 until then.  There a coordinate's error is the error of its
    writer alone, and the recursions take maxima instead of sums. *)

(** The coordinates a layer writes. *)
Definition outs (L : layer) : list nat := map h_out (l_heads L) ++ map u_out (l_units L).

(** Outside [used] the stream is 0. *)
Definition supported (n : nat) (used : list nat) (x : stream) : Prop :=
  forall i c, (i < n)%nat -> ~ In c used -> x i c = 0.

(** Every layer writes distinct coordinates, none written before (or used by the input). *)
Fixpoint fresh (used : list nat) (net : list layer) : Prop :=
  match net with
  | [] => True
  | L :: net' => NoDup (outs L) /\ (forall c, In c (outs L) -> ~ In c used) /\ fresh (outs L ++ used) net'
  end.

Lemma NoDup_app_inv {A} (l1 l2 : list A) : NoDup (l1 ++ l2) ->
  NoDup l1 /\ NoDup l2 /\ (forall a, In a l1 -> In a l2 -> False).
Proof.
induction l1 as [|b l1 IH]; intros H; simpl in H.
- split; [constructor|split; [exact H|intros a []]].
- apply NoDup_cons_iff in H. destruct H as [Hb H]. destruct (IH H) as [H1 [H2 H3]].
  split; [|split; [exact H2|]].
  + constructor; [intros Hin; apply Hb, in_or_app; left; exact Hin|exact H1].
  + intros a [<-|Ha] Ha2; [apply Hb, in_or_app; right; exact Ha2|exact (H3 a Ha Ha2)].
Qed.

Lemma lsum_select_none {A} (o : A -> nat) (f : A -> R) (l : list A) (c : nat) :
  ~ In c (map o l) -> lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) l) = 0.
Proof.
induction l as [|b l IH]; intros H; [reflexivity|]. simpl in H |- *.
destruct (Nat.eqb (o b) c) eqn:E; [apply Nat.eqb_eq in E; tauto|]. rewrite IH by tauto. ring.
Qed.

Lemma lsum_select_one {A} (o : A -> nat) (f : A -> R) (l : list A) (a : A) :
  NoDup (map o l) -> In a l -> lsum (map (fun b => if Nat.eqb (o b) (o a) then f b else 0) l) = f a.
Proof.
induction l as [|b l IH]; intros Hnd Hin; [destruct Hin|]. simpl in Hnd |- *.
apply NoDup_cons_iff in Hnd. destruct Hnd as [Hb Hnd].
destruct Hin as [->|Hin].
- rewrite Nat.eqb_refl, lsum_select_none by exact Hb. ring.
- assert (Ne : o b <> o a) by (intros E; apply Hb; rewrite E; apply in_map, Hin).
  apply Nat.eqb_neq in Ne. rewrite Ne, IH by assumption. ring.
Qed.

Lemma supported_layer (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (used : list nat) (L : layer) (x : stream) :
  supported n used x -> supported n (outs L ++ used) (layer_run W n L x).
Proof.
intros Hs i c Hi Hc. unfold outs in Hc. rewrite !in_app_iff in Hc.
unfold layer_run, ffn_sub, attn_sub.
rewrite (lsum_select_none u_out), (lsum_select_none h_out), Hs by tauto. ring.
Qed.

(** The largest Lipschitz constant of the units of a layer. *)
Fixpoint max_lip (us : list unit) : R := match us with [] => 0 | u :: us' => Rmax (unit_lip u) (max_lip us') end.

Lemma max_lip_ge (u : unit) (us : list unit) : In u us -> unit_lip u <= max_lip us.
Proof.
induction us as [|u' us IH]; intros Hin; [destruct Hin|]. simpl.
destruct Hin as [->|Hin]; [apply Rmax_l|]. eapply Rle_trans; [apply IH, Hin|apply Rmax_r].
Qed.

Definition any_tieless (L : layer) : bool := existsb (fun h => negb (uniform_b h)) (l_heads L).

(** The recursion of [quarks.attention.uniform_tieless.a_priori] for one layer: heads give
    delta + 2 X U when one of them is not uniform, units multiply by max(1, largest Lip).
    (Python calls a head uniform when it has no score terms; ours also asks for average hardmax,
    which every head without terms in [quarks.attention.programs] has.) *)
Definition layer_err1 (X U : R) (L : layer) (delta : R) : R :=
  Rmax 1 (max_lip (l_units L)) * (delta + 2 * X * (if any_tieless L then U else 0)).

Lemma head_u_any (n : nat) (g tau U : R) (L : layer) (h : head) : In h (l_heads L) -> u_of n g tau <= U ->
  head_u n g tau h <= if any_tieless L then U else 0.
Proof.
intros Hin HU. unfold head_u, any_tieless. destruct (uniform_b h) eqn:E.
- destruct (existsb _ _); [pose proof (u_of_nonneg n g tau)|]; lra.
- replace (existsb (fun h0 => negb (uniform_b h0)) (l_heads L)) with true; [exact HU|].
  symmetry. apply existsb_exists. exists h. rewrite E. split; [exact Hin|reflexivity].
Qed.

(** Our Lemma 25 for one layer of a write-once network, with any U >= (n - 1) e^(-g / (2 tau)). *)
Theorem lemma25_layer_fresh (n : nat) (L : layer) (used : list nat) (x x' : stream) (X delta g tau U : R) :
  0 < g -> 0 < tau -> u_of n g tau <= U -> 0 <= delta -> bounded n X x -> close n delta x x' ->
  supported n used x -> supported n used x' -> NoDup (outs L) -> (forall c, In c (outs L) -> ~ In c used) ->
  (forall h, In h (l_heads L) -> ut_head n g h x) ->
  (forall h, In h (l_heads L) -> csc h * (2 * X * delta + delta ^ 2) <= g / 4) ->
  close n (layer_err1 X U L delta) (layer_run hard_w n L x) (layer_run (soft_w tau) n L x').
Proof.
intros Hg Htau HU Hd0 Hx Hd Hs Hs' Hnd Hfr Hut Heta.
assert (Hnd' := Hnd). unfold outs in Hnd'. apply NoDup_app_inv in Hnd'. destruct Hnd' as [Hnh [Hnu Hdis]].
set (d1 := delta + 2 * X * (if any_tieless L then U else 0)).
set (y := attn_sub hard_w n (l_heads L) x). set (y' := attn_sub (soft_w tau) n (l_heads L) x').
assert (H1 : close n d1 y y').
{ intros i c Hi.
  assert (HX : 0 <= X) by (apply Rle_trans with (Rabs (x i 0%nat)); [apply Rabs_pos|apply Hx, Hi]).
  assert (HU0 : 0 <= if any_tieless L then U else 0)
    by (destruct (any_tieless L); [pose proof (u_of_nonneg n g tau)|]; lra).
  unfold y, y', attn_sub.
  destruct (in_dec Nat.eq_dec c (map h_out (l_heads L))) as [Hin|Hnin].
  - apply in_map_iff in Hin. destruct Hin as [h [<- Hh]].
    assert (Hnot : ~ In (h_out h) used) by (apply Hfr; unfold outs; apply in_or_app; left; apply in_map, Hh).
    rewrite (Hs i), (Hs' i), !(lsum_select_one h_out _ _ h) by assumption.
    replace (0 + head_out (soft_w tau) n h x' i - (0 + head_out hard_w n h x i))
      with (head_out (soft_w tau) n h x' i - head_out hard_w n h x i) by ring.
    eapply Rle_trans; [apply (head_error_u n h x x' X delta g tau); auto|].
    pose proof (head_u_any n g tau U L h Hh HU). unfold d1. nra.
  - rewrite !lsum_select_none by exact Hnin.
    replace (x' i c + 0 - (x i c + 0)) with (x' i c - x i c) by ring.
    eapply Rle_trans; [apply Hd, Hi|]. unfold d1. nra. }
intros i c Hi. unfold layer_run, ffn_sub. fold y y'. unfold layer_err1. fold d1.
assert (Hd1 : 0 <= d1) by (eapply Rle_trans; [apply Rabs_pos|apply (H1 i c Hi)]).
assert (HL : 0 <= max_lip (l_units L)).
{ destruct (l_units L) as [|u0 us]; simpl; [lra|].
  eapply Rle_trans; [|apply Rmax_l]. apply lsum_nonneg. intros nr _. apply Rmult_le_pos; [apply Rabs_pos|apply wmass_nonneg]. }
destruct (in_dec Nat.eq_dec c (map u_out (l_units L))) as [Hin|Hnin].
- apply in_map_iff in Hin. destruct Hin as [un [<- Hun]].
  assert (Hnot : ~ In (u_out un) used) by (apply Hfr; unfold outs; apply in_or_app; right; apply in_map, Hun).
  assert (Hnh' : ~ In (u_out un) (map h_out (l_heads L))) by (intros Hc; apply (Hdis (u_out un)); [exact Hc|apply in_map, Hun]).
  assert (Ey : y i (u_out un) = 0) by (unfold y, attn_sub; rewrite Hs, lsum_select_none by assumption; ring).
  assert (Ey' : y' i (u_out un) = 0) by (unfold y', attn_sub; rewrite Hs', lsum_select_none by assumption; ring).
  rewrite Ey, Ey', !(lsum_select_one u_out _ _ un) by assumption.
  replace (0 + unit_val un (y' i) - (0 + unit_val un (y i))) with (unit_val un (y' i) - unit_val un (y i)) by ring.
  eapply Rle_trans; [apply unit_val_lipschitz; intros; apply H1, Hi|].
  apply Rmult_le_compat_r; [exact Hd1|]. eapply Rle_trans; [apply max_lip_ge, Hun|apply Rmax_r].
- rewrite !lsum_select_none by exact Hnin.
  replace (y' i c + 0 - (y i c + 0)) with (y' i c - y i c) by ring.
  eapply Rle_trans; [apply H1, Hi|]. pose proof (Rmax_l 1 (max_lip (l_units L))). nra.
Qed.

Fixpoint net_err1 (X U : R) (net : list layer) (delta : R) : R :=
  match net with [] => delta | L :: net' => net_err1 X U net' (layer_err1 X U L delta) end.

(** The recursion's side condition: every score error stays at most g/4. *)
Fixpoint rec_ok (X U g : R) (net : list layer) (delta : R) : Prop :=
  match net with
  | [] => True
  | L :: net' => (forall h, In h (l_heads L) -> csc h * (2 * X * delta + delta ^ 2) <= g / 4) /\
                 rec_ok X U g net' (layer_err1 X U L delta)
  end.

Lemma layer_err1_nonneg (X U : R) (L : layer) (delta : R) : 0 <= X -> 0 <= U -> 0 <= delta -> 0 <= layer_err1 X U L delta.
Proof.
intros HX HU Hd. unfold layer_err1. apply Rmult_le_pos.
- eapply Rle_trans; [|apply Rmax_l]. lra.
- destruct (any_tieless L); nra.
Qed.

(** Our Lemma 25 for every write-once network. *)
Theorem lemma25_fresh (n : nat) (net : list layer) (used : list nat) (x x' : stream) (X delta g tau U : R) :
  0 < g -> 0 < tau -> u_of n g tau <= U -> 0 <= X -> 0 <= delta ->
  hard_ok n g X net x -> close n delta x x' -> supported n used x -> supported n used x' ->
  fresh used net -> rec_ok X U g net delta ->
  close n (net_err1 X U net delta) (hard_run n net x) (soft_run tau n net x').
Proof.
revert used x x' delta. induction net as [|L net IH]; intros used x x' delta Hg Htau HU HX Hd0 Hok Hd Hs Hs' Hfr Hrec;
  [exact Hd|].
destruct Hok as [Hb [Hut Hok]]. destruct Hfr as [Hnd [Hnew Hfr]]. destruct Hrec as [Heta Hrec].
pose proof (u_of_nonneg n g tau).
simpl. apply (IH (outs L ++ used)); auto.
- apply layer_err1_nonneg; lra.
- apply (lemma25_layer_fresh n L used x x' X delta g tau U); auto.
- apply supported_layer, Hs.
- apply supported_layer, Hs'.
Qed.

(** Theorem 26 as the rule of [quarks.attention.uniform_tieless.rule]: at tau = g / (2 m), any
    m > 0 for which the recursion, run with an upper bound U of (n - 1) e^(-m), keeps every score
    error at most g/4 and ends at most eps, the soft network is within eps of the hard one. *)
Theorem thm26_rule (n : nat) (net : list layer) (used : list nat) (x : stream) (g X eps m U : R) :
  0 < g -> 0 < m -> INR (n - 1) * exp (- m) <= U -> 0 <= X ->
  hard_ok n g X net x -> supported n used x -> fresh used net ->
  rec_ok X U g net 0 -> net_err1 X U net 0 <= eps ->
  close n eps (hard_run n net x) (soft_run (g / (2 * m)) n net x).
Proof.
intros Hg Hm HU HX Hok Hs Hfr Hrec Heps.
apply close_weaken with (net_err1 X U net 0); [exact Heps|].
apply (lemma25_fresh n net used x x X 0 g (g / (2 * m)) U); auto; try lra.
- apply Rdiv_lt_0_compat; lra.
- unfold u_of. replace (g / (2 * (g / (2 * m)))) with m by (field; lra). exact HU.
- intros i c Hi. replace (x i c - x i c) with 0 by ring. rewrite Rabs_R0. lra.
Qed.

(** Our Lemma 29 for write-once networks, as in [quarks.proofs.yang.error_recursion.growth_bounds]:
    heads keep X (a convex combination), each unit gives at most its bound. *)
Fixpoint max_unit_bound (us : list unit) (X : R) : R :=
  match us with [] => X | u :: us' => Rmax (unit_bound u X) (max_unit_bound us' X) end.

Fixpoint net_X1 (net : list layer) (X : R) : R :=
  match net with [] => X | L :: net' => net_X1 net' (max_unit_bound (l_units L) X) end.

Lemma max_unit_bound_ge (us : list unit) (X : R) : X <= max_unit_bound us X /\
  forall u, In u us -> unit_bound u X <= max_unit_bound us X.
Proof.
induction us as [|u us [IH1 IH2]]; simpl; [split; [lra|intros _ []]|]. split.
- eapply Rle_trans; [exact IH1|apply Rmax_r].
- intros u' [->|Hin]; [apply Rmax_l|]. eapply Rle_trans; [apply IH2, Hin|apply Rmax_r].
Qed.

Theorem lemma29_layer_fresh (n : nat) (L : layer) (used : list nat) (x : stream) (X : R) :
  bounded n X x -> supported n used x -> NoDup (outs L) -> (forall c, In c (outs L) -> ~ In c used) ->
  bounded n (max_unit_bound (l_units L) X) (layer_run hard_w n L x).
Proof.
intros Hx Hs Hnd Hfr.
assert (Hnd' := Hnd). unfold outs in Hnd'. apply NoDup_app_inv in Hnd'. destruct Hnd' as [Hnh [Hnu Hdis]].
destruct (max_unit_bound_ge (l_units L) X) as [G1 G2].
set (y := attn_sub hard_w n (l_heads L) x).
assert (H1 : bounded n X y).
{ intros i c Hi. unfold y, attn_sub.
  destruct (in_dec Nat.eq_dec c (map h_out (l_heads L))) as [Hin|Hnin].
  - apply in_map_iff in Hin. destruct Hin as [h [<- Hh]].
    assert (Hnot : ~ In (h_out h) used) by (apply Hfr; unfold outs; apply in_or_app; left; apply in_map, Hh).
    rewrite Hs, (lsum_select_one h_out _ _ h) by assumption. rewrite Rplus_0_l. apply head_hard_bound; assumption.
  - rewrite lsum_select_none by exact Hnin. rewrite Rplus_0_r. apply Hx, Hi. }
intros i c Hi. unfold layer_run, ffn_sub. fold y.
destruct (in_dec Nat.eq_dec c (map u_out (l_units L))) as [Hin|Hnin].
- apply in_map_iff in Hin. destruct Hin as [un [<- Hun]].
  assert (Hnot : ~ In (u_out un) used) by (apply Hfr; unfold outs; apply in_or_app; right; apply in_map, Hun).
  assert (Hnh' : ~ In (u_out un) (map h_out (l_heads L))) by (intros Hc; apply (Hdis (u_out un)); [exact Hc|apply in_map, Hun]).
  assert (Ey : y i (u_out un) = 0) by (unfold y, attn_sub; rewrite Hs, lsum_select_none by assumption; ring).
  rewrite Ey, (lsum_select_one u_out _ _ un) by assumption. rewrite Rplus_0_l.
  eapply Rle_trans; [apply unit_val_bound; intros; apply H1, Hi|apply G2, Hun].
- rewrite lsum_select_none by exact Hnin. rewrite Rplus_0_r. eapply Rle_trans; [apply H1, Hi|exact G1].
Qed.

Lemma net_X1_ge (net : list layer) (X : R) : X <= net_X1 net X.
Proof.
revert X. induction net as [|L net IH]; intros X; simpl; [lra|].
eapply Rle_trans; [apply (max_unit_bound_ge (l_units L) X)|apply IH].
Qed.

(** Our Lemma 29 (write-once form) for every network: every hard activation is at most
    net_X1 net X_0, and the hard run meets the bound of Theorem 26 at every layer. *)
Theorem lemma29_fresh (n : nat) (net : list layer) (used : list nat) (x : stream) (X : R) :
  bounded n X x -> supported n used x -> fresh used net -> bounded n (net_X1 net X) (hard_run n net x).
Proof.
revert used x X. induction net as [|L net IH]; intros used x X Hx Hs Hfr; [exact Hx|].
destruct Hfr as [Hnd [Hnew Hfr]]. simpl. apply (IH (outs L ++ used)); auto.
- apply (lemma29_layer_fresh n L used); assumption.
- apply supported_layer, Hs.
Qed.

Lemma gaps_hard_ok_fresh (n : nat) (g X0 : R) (net : list layer) (used : list nat) (x : stream) :
  bounded n X0 x -> supported n used x -> fresh used net -> gaps_ok n g net x -> hard_ok n g (net_X1 net X0) net x.
Proof.
revert used X0 x. induction net as [|L net IH]; intros used X0 x Hx Hs Hfr Hgap; [exact I|].
destruct Hgap as [Hh Hgap]. destruct Hfr as [Hnd [Hnew Hfr]]. simpl. split; [|split; [exact Hh|]].
- intros i c Hi. eapply Rle_trans; [apply (Hx i c Hi)|].
  eapply Rle_trans; [apply (max_unit_bound_ge (l_units L) X0)|apply net_X1_ge].
- apply (IH (outs L ++ used)); auto; [apply (lemma29_layer_fresh n L used); assumption|apply supported_layer, Hs].
Qed.

(** The embedding of a word uses only the k letter coordinates and the position embeddings. *)
Lemma embed_supported (k : nat) (pe : list (nat -> nat -> R)) (n : nat) (w : nat -> nat) :
  supported n (seq 0 (k + length pe)) (embed k pe n w).
Proof.
intros i c Hi Hc. rewrite in_seq in Hc. unfold embed.
replace (c <? k)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
apply nth_overflow. rewrite map_length. lia.
Qed.

(** Proposition 11, past mask: a past-masked uniform head over the indicator of the last
    position outputs exactly 1/(n - i) at position i (the paper's 1/(n - i + 1) at its position
    i), hard and soft. *)
Theorem prop11_head_past (n : nat) (h : head) (x : stream) (tau : R) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = Past ->
  (forall j, (j < n)%nat -> x j (h_val h) = if Nat.eqb j (n - 1) then 1 else 0) ->
  forall i, (i < n)%nat ->
  head_out hard_w n h x i = / INR (n - i) /\ head_out (soft_w tau) n h x i = / INR (n - i).
Proof.
intros Hu Hr Hm Hx i Hi. unfold head_out, soft_w. rewrite Hm. simpl vis_lo. simpl vis_cnt.
replace (hard_w h) with avg_hard by (unfold hard_w; rewrite Hr; reflexivity).
assert (Hs : (fun k => score h x i (i + k)%nat) = (fun _ => 0))
  by (apply functional_extensionality; intros; apply score_uniform, Hu).
rewrite Hs.
assert (E : forall W : (nat -> R) -> nat -> nat -> R, (forall k, W (fun _ => 0) (n - i)%nat k = / INR (n - i)) ->
            rsum (fun k => W (fun _ => 0) (n - i)%nat k * x (i + k)%nat (h_val h)) 0 (n - i) = / INR (n - i)).
{ intros W HW. rewrite (rsum_ext _ (fun k => / INR (n - i) * (if Nat.eqb k (n - 1 - i) then 1 else 0))).
  - rewrite rsum_indicator.
    replace ((0 <=? n - 1 - i) && (n - 1 - i <? 0 + (n - i)))%nat with true
      by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
    reflexivity.
  - intros k Hk. rewrite HW, Hx by lia. f_equal.
    destruct (Nat.eqb (i + k) (n - 1)) eqn:E1; destruct (Nat.eqb k (n - 1 - i)) eqn:E2; try reflexivity.
    + apply Nat.eqb_eq in E1. apply Nat.eqb_neq in E2. lia.
    + apply Nat.eqb_neq in E1. apply Nat.eqb_eq in E2. lia. }
split; apply E; intros k; [apply avg_hard_const|apply soft_const]; lia.
Qed.

(** ** After layer l: the theorems for the first l layers *)

Lemma fresh_firstn (l : nat) (used : list nat) (net : list layer) : fresh used net -> fresh used (firstn l net).
Proof.
revert l used. induction net as [|L net IH]; intros l used H; [destruct l; exact I|].
destruct l as [|l]; [exact I|]. destruct H as [H1 [H2 H3]]. simpl. split; [exact H1|split; [exact H2|apply IH, H3]].
Qed.

Lemma hard_ok_firstn (l n : nat) (g X : R) (net : list layer) (x : stream) :
  hard_ok n g X net x -> hard_ok n g X (firstn l net) x.
Proof.
revert l x. induction net as [|L net IH]; intros l x H; [destruct l; exact I|].
destruct l as [|l]; [exact I|]. destruct H as [H1 [H2 H3]]. simpl. split; [exact H1|split; [exact H2|apply IH, H3]].
Qed.

Lemma rec_ok_firstn (l : nat) (X U g : R) (net : list layer) (delta : R) :
  rec_ok X U g net delta -> rec_ok X U g (firstn l net) delta.
Proof.
revert l delta. induction net as [|L net IH]; intros l delta H; [destruct l; exact I|].
destruct l as [|l]; [exact I|]. destruct H as [H1 H2]. simpl. split; [exact H1|apply IH, H2].
Qed.

(** Our Lemma 25 layer by layer, as the Python check states it: after each layer l the soft run is
    within the recursion's delta_l of the hard run. *)
Corollary lemma25_fresh_layers (n l : nat) (net : list layer) (used : list nat) (x x' : stream) (X delta g tau U : R) :
  0 < g -> 0 < tau -> u_of n g tau <= U -> 0 <= X -> 0 <= delta ->
  hard_ok n g X net x -> close n delta x x' -> supported n used x -> supported n used x' ->
  fresh used net -> rec_ok X U g net delta ->
  close n (net_err1 X U (firstn l net) delta) (hard_run n (firstn l net) x) (soft_run tau n (firstn l net) x').
Proof.
intros. apply (lemma25_fresh n (firstn l net) used x x' X delta g tau U); auto;
  [apply hard_ok_firstn|apply fresh_firstn|apply rec_ok_firstn]; assumption.
Qed.

(** Our Lemma 29 layer by layer: after layer l every hard activation is at most X_l. *)
Corollary lemma29_fresh_layers (n l : nat) (net : list layer) (used : list nat) (x : stream) (X : R) :
  bounded n X x -> supported n used x -> fresh used net ->
  bounded n (net_X1 (firstn l net) X) (hard_run n (firstn l net) x).
Proof. intros. apply (lemma29_fresh n (firstn l net) used); auto. apply fresh_firstn; assumption. Qed.

(** ** Lemma 29 in the paper's shape: geometric growth in the depth *)

(** Every parameter of a unit is at most P; it has at most h hidden neurons, each reading at most
    d coordinates. *)
Definition unit_params (P : R) (h d : nat) (u : unit) : Prop :=
  (length (u_hidden u) <= h)%nat /\ Rabs (u_c u) <= P /\
  forall nr, In nr (u_hidden u) -> Rabs (nr_v nr) <= P /\ Rabs (nr_b nr) <= P /\
    (length (nr_w nr) <= d)%nat /\ forall p, In p (nr_w nr) -> Rabs (snd p) <= P.

Lemma lsum_le_length {A} (f : A -> R) (l : list A) (c : R) (m : nat) : 0 <= c -> (length l <= m)%nat ->
  (forall a, In a l -> f a <= c) -> lsum (map f l) <= INR m * c.
Proof.
intros Hc Hm Hf. apply Rle_trans with (lsum (map (fun _ => c) l)); [apply lsum_le, Hf|].
rewrite lsum_const. apply Rmult_le_compat_r; [exact Hc|apply le_INR, Hm].
Qed.

(** For inputs bounded by X >= 1 a unit's output is at most (h P (d P + P) + P) X. *)
Lemma unit_bound_params (P X : R) (h d : nat) (u : unit) : 0 <= P -> 1 <= X -> unit_params P h d u ->
  unit_bound u X <= (INR h * P * (INR d * P + P) + P) * X.
Proof.
intros HP HX [Hh [Hc Hn]]. unfold unit_bound.
assert (Hs : lsum (map (fun nr => Rabs (nr_v nr) * (wmass (nr_w nr) * X + Rabs (nr_b nr))) (u_hidden u))
             <= INR h * (P * (INR d * P + P) * X)).
{ apply lsum_le_length; [pose proof (pos_INR d); apply Rmult_le_pos; [apply Rmult_le_pos|]; nra|exact Hh|].
  intros nr Hin. destruct (Hn nr Hin) as [Hv [Hb [Hd Hw]]].
  assert (Hm : wmass (nr_w nr) <= INR d * P) by (apply lsum_le_length; auto).
  pose proof (wmass_nonneg (nr_w nr)). pose proof (Rabs_pos (nr_v nr)). pose proof (Rabs_pos (nr_b nr)).
  assert (wmass (nr_w nr) * X + Rabs (nr_b nr) <= (INR d * P + P) * X) by nra.
  replace (P * (INR d * P + P) * X) with (P * ((INR d * P + P) * X)) by ring.
  apply Rmult_le_compat; try lra. nra. }
nra.
Qed.

Lemma max_unit_bound_params (P X : R) (h d : nat) (us : list unit) : 0 <= P -> 1 <= X ->
  (forall u, In u us -> unit_params P h d u) ->
  max_unit_bound us X <= Rmax 1 (INR h * P * (INR d * P + P) + P) * X.
Proof.
intros HP HX Hu. induction us as [|u us IH]; simpl.
- pose proof (Rmax_l 1 (INR h * P * (INR d * P + P) + P)). nra.
- apply Rmax_lub; [|apply IH; intros; apply Hu; right; assumption].
  eapply Rle_trans; [apply (unit_bound_params P X h d); auto; apply Hu; left; reflexivity|].
  apply Rmult_le_compat_r; [lra|apply Rmax_r].
Qed.

(** Our Lemma 29 in the paper's shape ((d P)^{3l} X(n) there): in a write-once network whose units
    have parameters at most P, at most h neurons, each reading at most d coordinates, every
    activation after the L layers is at most A^L X_0, A = max(1, h P (d P + P) + P), for every
    initial stream bounded by X_0 >= 1. *)
Theorem lemma29_geometric (n : nat) (net : list layer) (used : list nat) (x : stream) (X0 P : R) (h d : nat) :
  0 <= P -> 1 <= X0 -> bounded n X0 x -> supported n used x -> fresh used net ->
  (forall L u, In L net -> In u (l_units L) -> unit_params P h d u) ->
  bounded n (Rmax 1 (INR h * P * (INR d * P + P) + P) ^ length net * X0) (hard_run n net x).
Proof.
intros HP HX Hx Hs Hfr Hpar. set (A := Rmax 1 (INR h * P * (INR d * P + P) + P)).
assert (HA : 1 <= A) by apply Rmax_l.
assert (Hg : forall X, 1 <= X -> net_X1 net X <= A ^ length net * X).
{ clear Hx Hs Hfr. induction net as [|L net IH]; intros X HX1; simpl; [lra|].
  pose proof (max_unit_bound_ge (l_units L) X) as [G _].
  assert (Hm : max_unit_bound (l_units L) X <= A * X)
    by (apply max_unit_bound_params; auto; intros u Hu; apply (Hpar L); [left; reflexivity|exact Hu]).
  eapply Rle_trans; [apply IH; [intros L' u HL Hu; apply (Hpar L'); [right|]; assumption|lra]|].
  pose proof (pow_le A (length net) ltac:(lra)). replace (A * A ^ length net * X) with (A ^ length net * (A * X)) by ring.
  apply Rmult_le_compat_l; lra. }
intros i c Hi. eapply Rle_trans; [apply (lemma29_fresh n net used x X0 Hx Hs Hfr i c Hi)|apply Hg, HX].
Qed.

(** ** An example: the hypotheses of Theorem 26 hold for a real head, at every length

    Coordinates: 0 a bit b_i in [0, 1], 1 the constant 1, 2 the position (i + 1)/n.  One
    future-masked head scores s_ij = x_i[1] x_j[2] = (j + 1)/n, so it attends to the rightmost
    visible position, i itself, with gap 1/n, and copies the bit into coordinate 3.  Theorem 26
    then says the softmax head at tau <= temp26 n (1/n) 1 eps copies every bit within eps. *)
Definition ex_input (n : nat) (b : nat -> R) : stream :=
  fun i c => match c with 0%nat => b i | 1%nat => 1 | 2%nat => INR (S i) / INR n | _ => 0 end.

Definition x_of (b : nat -> R) (k : nat) : R := b k.

Definition ex_head : head := Head 3%nat 0%nat [((1%nat, 2%nat), 1)] Future Average.
Definition ex_net : list layer := [Layer [ex_head] []].

Lemma ex_score (n : nat) (b : nat -> R) (i j : nat) : score ex_head (ex_input n b) i j = INR (S j) / INR n.
Proof. unfold score, ex_head, ex_input. simpl. ring. Qed.

Lemma ex_tieless (n : nat) (b : nat -> R) : tieless n (/ INR n) ex_head (ex_input n b).
Proof.
intros i Hi. exists i. simpl. split; [lia|]. intros k Hk Hki. rewrite !ex_score.
assert (Hn : 0 < INR n) by (apply lt_0_INR; lia).
assert (INR (S k) + 1 <= INR (S i)) by (rewrite <- S_INR; apply le_INR; lia).
unfold Rdiv. apply (Rmult_le_reg_r (INR n)); [exact Hn|].
replace ((INR (S i) * / INR n - / INR n) * INR n) with (INR (S i) - 1) by (field; lra).
replace (INR (S k) * / INR n * INR n) with (INR (S k)) by (field; lra). lra.
Qed.

Theorem ex_thm26 (n : nat) (b : nat -> R) (eps tau : R) : (1 <= n)%nat -> 0 < eps ->
  (forall i, (i < n)%nat -> 0 <= b i <= 1) -> 0 < tau -> tau <= temp26 n (/ INR n) 1 eps ex_net ->
  forall i, (i < n)%nat -> Rabs (soft_run tau n ex_net (ex_input n b) i 3%nat - b i) <= eps.
Proof.
intros Hn He Hb Htau Hle i Hi.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (Hg : 0 < / INR n) by (apply Rinv_0_lt_compat, HN).
(* the hard run copies the bit: average hardmax is e_i *)
assert (Hhard : hard_run n ex_net (ex_input n b) i 3%nat = b i).
{ unfold hard_run, ex_net. cbn [net_run]. unfold layer_run, ffn_sub, attn_sub.
  cbn [lsum map l_units l_heads h_out ex_head Nat.eqb].
  replace (ex_input n b i 3%nat) with 0 by reflexivity. rewrite !Rplus_0_r, Rplus_0_l.
  unfold head_out. cbn [h_mask ex_head vis_lo vis_cnt h_val].
  destruct (ex_tieless n b i Hi) as [t [Ht Hgap]]. simpl in Ht, Hgap.
  assert (Et : t = i).
  { destruct (Nat.eq_dec t i) as [|Hne]; [assumption|]. exfalso.
    specialize (Hgap i ltac:(lia) (not_eq_sym Hne)). rewrite !ex_score in Hgap.
    assert (INR (S t) <= INR (S i)) by (apply le_INR; lia).
    assert (INR (S t) / INR n <= INR (S i) / INR n) by (unfold Rdiv; apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, HN|exact H]).
    lra. }
  subst t.
  rewrite (rsum_ext _ (fun k => x_of b k * (if Nat.eqb k i then 1 else 0))).
  - rewrite rsum_indicator.
    replace ((0 <=? i) && (i <? 0 + S i))%nat with true
      by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
    unfold x_of, ex_input. simpl. ring.
  - intros k Hk.
    rewrite (hard_w_tieless ex_head (fun k0 => score ex_head (ex_input n b) i (0 + k0)) (S i) i (/ INR n) Hg
               ltac:(lia) Hgap k) by lia.
    unfold hardmax, x_of, ex_input. simpl. ring. }
rewrite <- Hhard.
assert (Hok : hard_ok n (/ INR n) 1 ex_net (ex_input n b)).
{ simpl. split; [|split; [|exact I]].
  - intros j c Hj. unfold ex_input. destruct c as [|[|[|c]]].
    + specialize (Hb j Hj). rewrite Rabs_pos_eq; lra.
    + rewrite Rabs_R1. lra.
    + assert (INR (S j) <= INR n) by (apply le_INR; lia).
      rewrite Rabs_pos_eq.
      * apply div_le; [exact HN|lra].
      * apply Rlt_le, Rdiv_lt_0_compat; [apply lt_0_INR; lia|exact HN].
    + rewrite Rabs_R0. lra.
  - intros h [<-|[]]. right. apply ex_tieless. }
exact (thm26 n ex_net (ex_input n b) (/ INR n) 1 eps tau Hg He ltac:(lra) Hok Htau Hle i 3%nat Hi).
Qed.

(** ** Theorem 26 in closed form for write-once networks (the tighter recursion) *)

Lemma layer_err1_ge (X U : R) (L : layer) (delta : R) : 0 <= X -> 0 <= U -> 0 <= delta ->
  delta <= layer_err1 X U L delta.
Proof.
intros HX HU Hd. unfold layer_err1. pose proof (Rmax_l 1 (max_lip (l_units L))).
assert (0 <= 2 * X * (if any_tieless L then U else 0)) by (destruct (any_tieless L); nra).
nra.
Qed.

Lemma net_err1_ge (X U : R) (net : list layer) (delta : R) : 0 <= X -> 0 <= U -> 0 <= delta ->
  delta <= net_err1 X U net delta.
Proof.
revert delta. induction net as [|L net IH]; intros delta HX HU Hd; simpl; [lra|].
pose proof (layer_err1_ge X U L delta HX HU Hd). pose proof (IH (layer_err1 X U L delta) HX HU ltac:(lra)). lra.
Qed.

Lemma net_err1_linear (X u : R) (net : list layer) (d : R) : net_err1 X u net (u * d) = u * net_err1 X 1 net d.
Proof.
revert d. induction net as [|L net IH]; intros d; simpl; [reflexivity|].
replace (layer_err1 X u L (u * d)) with (u * layer_err1 X 1 L d)
  by (unfold layer_err1; destruct (any_tieless L); ring). apply IH.
Qed.

(** The side condition of the recursion follows from a bound D of its last value. *)
Lemma rec_ok_of_bound (X U g : R) (net : list layer) (delta D : R) : 0 <= X -> 0 <= U -> 0 <= delta ->
  net_err1 X U net delta <= D -> net_csc net * (2 * X * D + D ^ 2) <= g / 4 -> rec_ok X U g net delta.
Proof.
revert delta. induction net as [|L net IH]; intros delta HX HU Hd HD Heta; [exact I|].
simpl in HD. pose proof (layer_err1_ge X U L delta HX HU Hd).
pose proof (net_err1_ge X U net (layer_err1 X U L delta) HX HU ltac:(lra)).
assert (Hcs : lsum (map csc (l_heads L)) + net_csc net = net_csc (L :: net)) by reflexivity.
assert (0 <= lsum (map csc (l_heads L))) by (apply lsum_nonneg; intros; apply csc_nonneg).
pose proof (net_csc_nonneg net).
assert (HD0 : 0 <= 2 * X * D + D ^ 2) by nra.
split.
- intros h Hh. pose proof (csc_le_sum h _ Hh). pose proof (csc_nonneg h).
  assert (2 * X * delta + delta ^ 2 <= 2 * X * D + D ^ 2) by nra.
  apply Rle_trans with (csc h * (2 * X * D + D ^ 2)); [apply Rmult_le_compat_l; lra|].
  apply Rle_trans with (net_csc (L :: net) * (2 * X * D + D ^ 2)); [|exact Heta].
  apply Rmult_le_compat_r; lra.
- apply IH; auto; [lra|]. apply Rle_trans with (net_csc (L :: net) * (2 * X * D + D ^ 2)); [|exact Heta].
  apply Rmult_le_compat_r; lra.
Qed.

(** The closed-form temperature with the write-once recursion: B = net_err1 X 1 net 0. *)
Definition temp26_fresh (n : nat) (g X eps : R) (net : list layer) : R :=
  g / (2 * ln (2 + INR (n - 1) * net_err1 X 1 net 0 * (/ eps + 1 + 4 * net_csc net * (2 * X + 1) / g))).

(** Theorem 26 for write-once networks in closed form: every 0 < tau <= temp26_fresh works. *)
Theorem thm26_fresh (n : nat) (net : list layer) (used : list nat) (x : stream) (g X eps tau : R) :
  0 < g -> 0 < eps -> 0 <= X -> hard_ok n g X net x -> supported n used x -> fresh used net ->
  0 < tau -> tau <= temp26_fresh n g X eps net ->
  close n eps (hard_run n net x) (soft_run tau n net x).
Proof.
intros Hg He HX Hok Hs Hfr Htau Hle. unfold temp26_fresh in Hle.
assert (HB : 0 <= net_err1 X 1 net 0) by (apply net_err1_ge; lra).
destruct (temp_error n g X eps tau _ _ Hg He HX HB (net_csc_nonneg net) Htau Hle) as (HD & HDe & HD1 & HDg).
set (B := net_err1 X 1 net 0) in *. set (C := net_csc net) in *.
set (u := u_of n g tau) in *. set (D := u * B) in *.
assert (Hu : 0 <= u) by apply u_of_nonneg.
assert (Herr : net_err1 X u net 0 = D) by (unfold D, B; rewrite <- (Rmult_0_r u) at 1; apply net_err1_linear).
apply close_weaken with D; [exact HDe|]. rewrite <- Herr.
apply (lemma25_fresh n net used x x X 0 g tau u); auto; try lra.
- unfold u. lra.
- intros i c Hi. replace (x i c - x i c) with 0 by ring. rewrite Rabs_R0. lra.
- apply (rec_ok_of_bound X u g net 0 D); [lra|exact Hu|lra|rewrite Herr; lra|exact HDg].
Qed.
