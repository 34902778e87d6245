(** * Seed 004, the compiled LTL networks: running a network whose coordinates each get one value
    at one level.

    A ghost (V, D, isH) gives each coordinate its value and its level; if every layer's heads are
    tieless with gap g (or uniform) and read only lower levels, and its units likewise, the hard
    run holds every coordinate at its value ([run_levels]).  Adding one head or unit writing a fresh
    coordinate keeps this ([layer_ok_unit], [layer_ok_head]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLSyntax.
Import ListNotations.
Open Scope R_scope.

(** ** Running a network whose coordinates each get one value at one level

    A ghost assignment: coordinate c has level D c (Some 0: input, Some (S l): written in layer l,
    None: not used), value V c i at position i, and isH c says whether a head writes it.  If every
    layer writes exactly its level's coordinates with their values (heads first, then units), the
    hard run holds every coordinate at its value (run_levels). *)

Definition B2R (b : bool) : R := if b then 1 else 0.

Lemma lsum_app (l m : list R) : lsum (l ++ m) = lsum l + lsum m.
Proof. induction l as [|a l IH]; simpl; [ring|rewrite IH; ring]. Qed.

Section Levels.
Variables (n : nat) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool).

Definition at_lev (c l : nat) : bool := match D c with Some l' => Nat.eqb l' l | None => false end.

Lemma at_lev_true (c l : nat) : at_lev c l = true <-> D c = Some l.
Proof.
unfold at_lev. destruct (D c) as [l'|]; split; intros H; try discriminate.
- apply Nat.eqb_eq in H. congruence.
- inversion H. apply Nat.eqb_refl.
Qed.

(** x holds every coordinate of level <= m at its value; the coordinates above m are still 0. *)
Definition agree (m : nat) (x : stream) : Prop :=
  forall i c l, (i < n)%nat -> D c = Some l -> (l <= m)%nat -> x i c = V c i.
Definition zero_above (m : nat) (x : stream) : Prop :=
  forall i c, (i < n)%nat -> (forall l, D c = Some l -> (m < l)%nat) -> x i c = 0.

Definition heads_ok (g : R) (m : nat) (hs : list head) : Prop :=
  forall x, agree m x -> (forall h, In h hs -> ut_head n g h x) /\
    forall i c, (i < n)%nat ->
      lsum (map (fun h => if Nat.eqb (h_out h) c then head_out hard_w n h x i else 0) hs)
      = if at_lev c (S m) && isH c then V c i else 0.

Definition units_ok (m : nat) (us : list unit) : Prop :=
  forall y, agree m y -> (forall i c, (i < n)%nat -> at_lev c (S m) && isH c = true -> y i c = V c i) ->
    forall i c, (i < n)%nat ->
      lsum (map (fun u => if Nat.eqb (u_out u) c then unit_val u (y i) else 0) us)
      = if at_lev c (S m) && negb (isH c) then V c i else 0.

Definition layer_ok (g : R) (m : nat) (L : layer) : Prop := heads_ok g m (l_heads L) /\ units_ok m (l_units L).

Lemma layer_step (g : R) (m : nat) (L : layer) (x : stream) : layer_ok g m L -> agree m x -> zero_above m x ->
  agree (S m) (layer_run hard_w n L x) /\ zero_above (S m) (layer_run hard_w n L x).
Proof.
intros [Hh Hu] Ha Hz. destruct (Hh x Ha) as [_ Hs].
set (y := attn_sub hard_w n (l_heads L) x).
assert (Ey : forall i c, (i < n)%nat -> y i c = x i c + (if at_lev c (S m) && isH c then V c i else 0))
  by (intros i c Hi; unfold y, attn_sub; rewrite Hs by exact Hi; reflexivity).
assert (Hya : agree m y).
{ intros i c l Hi Hc Hl. rewrite Ey by exact Hi.
  replace (at_lev c (S m)) with false by (symmetry; apply not_true_iff_false; rewrite at_lev_true; congruence || (intros E; rewrite E in Hc; inversion Hc; lia)).
  simpl. rewrite Rplus_0_r. apply (Ha i c l); assumption. }
assert (Hyh : forall i c, (i < n)%nat -> at_lev c (S m) && isH c = true -> y i c = V c i).
{ intros i c Hi E. rewrite Ey, E by exact Hi. apply andb_true_iff in E. destruct E as [E _].
  apply at_lev_true in E. rewrite (Hz i c Hi) by (intros l El; rewrite E in El; inversion El; lia). ring. }
pose proof (Hu y Hya Hyh) as Hus.
assert (Ez : forall i c, (i < n)%nat -> layer_run hard_w n L x i c
                = y i c + (if at_lev c (S m) && negb (isH c) then V c i else 0))
  by (intros i c Hi; unfold layer_run, ffn_sub; fold y; rewrite Hus by exact Hi; reflexivity).
split.
- intros i c l Hi Hc Hl. rewrite Ez by exact Hi.
  destruct (Nat.eq_dec l (S m)) as [->|Hne].
  + assert (At : at_lev c (S m) = true) by (apply at_lev_true, Hc). rewrite At. simpl.
    destruct (isH c) eqn:EH; simpl.
    * rewrite (Hyh i c Hi) by (rewrite At, EH; reflexivity). ring.
    * rewrite (Ey i c Hi), At, EH. simpl. rewrite (Hz i c Hi) by (intros l' El; rewrite Hc in El; inversion El; lia). ring.
  + replace (at_lev c (S m)) with false by (symmetry; apply not_true_iff_false; rewrite at_lev_true; congruence).
    simpl. rewrite Rplus_0_r. apply (Hya i c l Hi Hc). lia.
- intros i c Hi Habove. rewrite Ez, Ey by exact Hi.
  replace (at_lev c (S m)) with false
    by (symmetry; apply not_true_iff_false; rewrite at_lev_true; intros E; specialize (Habove _ E); lia).
  simpl. rewrite (Hz i c Hi) by (intros l El; specialize (Habove l El); lia). ring.
Qed.

Fixpoint nets_ok (g : R) (m : nat) (net : list layer) : Prop :=
  match net with [] => True | L :: net' => layer_ok g m L /\ nets_ok g (S m) net' end.

(** The hard run of such a network holds every coordinate at its value, and every head is uniform
    or tieless with gap g on the stream it reads. *)
Theorem run_levels (g : R) (net : list layer) (m : nat) (x : stream) :
  nets_ok g m net -> agree m x -> zero_above m x ->
  agree (m + length net) (hard_run n net x) /\ gaps_ok n g net x.
Proof.
revert m x. induction net as [|L net IH]; intros m x Hok Ha Hz.
- simpl. rewrite Nat.add_0_r. split; [exact Ha|exact I].
- destruct Hok as [HL Hok]. destruct (layer_step g m L x HL Ha Hz) as [Ha' Hz'].
  destruct (IH (S m) _ Hok Ha' Hz') as [IH1 IH2]. split.
  + simpl length. rewrite Nat.add_succ_r. exact IH1.
  + split; [|exact IH2]. apply (proj1 HL), Ha.
Qed.

End Levels.

(** ** Adding one component keeps the levels right *)

Definition upd {A} (f : nat -> A) (c : nat) (a : A) : nat -> A := fun c' => if Nat.eqb c' c then a else f c'.

Lemma upd_same {A} (f : nat -> A) (c : nat) (a : A) : upd f c a c = a.
Proof. unfold upd. rewrite Nat.eqb_refl. reflexivity. Qed.

Lemma upd_other {A} (f : nat -> A) (c c' : nat) (a : A) : c' <> c -> upd f c a c' = f c'.
Proof. intros H. unfold upd. apply Nat.eqb_neq in H. rewrite H. reflexivity. Qed.

Lemma nth_at_layer (l : nat) (f : slayer -> slayer) (Ls : snet) (m : nat) :
  nth m (at_layer l f Ls) empty_layer = if Nat.eqb m l then f (nth l Ls empty_layer) else nth m Ls empty_layer.
Proof.
revert Ls m. induction l as [|l IH]; intros [|L Ls] [|m]; simpl; try reflexivity.
- destruct m; reflexivity.
- rewrite IH. destruct (Nat.eqb m l); [destruct l|destruct m]; reflexivity.
- apply IH.
Qed.

Lemma length_at_layer (l : nat) (f : slayer -> slayer) (Ls : snet) :
  length (at_layer l f Ls) = Nat.max (length Ls) (S l).
Proof.
revert Ls. induction l as [|l IH]; intros [|L Ls]; simpl; try reflexivity.
- rewrite Nat.max_0_r. reflexivity.
- rewrite IH. reflexivity.
- rewrite IH. reflexivity.
Qed.

Section Upd.
Variables (n : nat) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) (g : R).
Variables (c : nat) (l : nat) (v : nat -> R) (hb : bool).
Hypothesis Hfresh : D c = None.
Let V' := upd V c v.
Let D' := upd D c (Some (S l)).
Let isH' := upd isH c hb.

Lemma agree_old (m : nat) (x : stream) : agree n V' D' m x -> agree n V D m x.
Proof.
intros Ha i c' l' Hi Hc Hl. destruct (Nat.eq_dec c' c) as [->|Hne]; [congruence|].
specialize (Ha i c' l' Hi). unfold V', D' in Ha. rewrite upd_other, upd_other in Ha by exact Hne. auto.
Qed.

Lemma at_lev_new (m : nat) : at_lev D' c m = Nat.eqb (S l) m.
Proof. unfold at_lev, D'. rewrite upd_same. reflexivity. Qed.

Lemma at_lev_old (m : nat) : at_lev D c m = false.
Proof. unfold at_lev. rewrite Hfresh. reflexivity. Qed.

Lemma at_lev_other (c' m : nat) : c' <> c -> at_lev D' c' m = at_lev D c' m.
Proof. intros H. unfold at_lev, D'. rewrite upd_other by exact H. reflexivity. Qed.

(** A stream holding the new ghost's head coordinates of level m + 1 holds the old ones. *)
Lemma heads_old (m : nat) (y : stream) :
  (forall i c', (i < n)%nat -> at_lev D' c' (S m) && isH' c' = true -> y i c' = V' c' i) ->
  forall i c', (i < n)%nat -> at_lev D c' (S m) && isH c' = true -> y i c' = V c' i.
Proof.
intros Hyh i c' Hi E. destruct (Nat.eq_dec c' c) as [->|Hne]; [rewrite at_lev_old in E; discriminate|].
specialize (Hyh i c' Hi). rewrite at_lev_other in Hyh by exact Hne. unfold isH', V' in Hyh.
rewrite !upd_other in Hyh by exact Hne. auto.
Qed.

(** Another layer is not concerned. *)
Lemma layer_ok_upd (m : nat) (L : layer) : m <> l -> layer_ok n V D isH g m L -> layer_ok n V' D' isH' g m L.
Proof.
intros Hml [Hh Hu]. split.
- intros x Ha. destruct (Hh x (agree_old m x Ha)) as [Hg Hs]. split; [exact Hg|].
  intros i c' Hi. rewrite Hs by exact Hi. destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite at_lev_new, at_lev_old. replace (Nat.eqb (S l) (S m)) with false by (symmetry; apply Nat.eqb_neq; lia). reflexivity.
  + rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. reflexivity.
- intros y Ha Hyh i c' Hi. rewrite (Hu y (agree_old m y Ha)).
  + destruct (Nat.eq_dec c' c) as [->|Hne].
    * rewrite at_lev_new, at_lev_old. replace (Nat.eqb (S l) (S m)) with false by (symmetry; apply Nat.eqb_neq; lia). reflexivity.
    * rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. reflexivity.
  + exact (heads_old m y Hyh).
  + exact Hi.
Qed.

(** Layer l gains a unit writing c. *)
Lemma layer_ok_unit (L : layer) (u : unit) : hb = false -> u_out u = c -> layer_ok n V D isH g l L ->
  (forall y, agree n V D l y -> (forall i c', (i < n)%nat -> at_lev D c' (S l) && isH c' = true -> y i c' = V c' i) ->
     forall i, (i < n)%nat -> unit_val u (y i) = v i) ->
  layer_ok n V' D' isH' g l (Layer (l_heads L) (l_units L ++ [u])).
Proof.
intros Hb Hout [Hh Hu] Hloc. split.
- intros x Ha. destruct (Hh x (agree_old l x Ha)) as [Hg Hs]. split; [exact Hg|].
  intros i c' Hi. simpl. rewrite Hs by exact Hi. destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite at_lev_new, at_lev_old. unfold isH'. rewrite upd_same, Hb, andb_false_r. reflexivity.
  + rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. reflexivity.
- intros y Ha Hyh i c' Hi. cbn [l_units]. rewrite map_app, lsum_app. cbn [map lsum].
  pose proof (heads_old l y Hyh) as Hyh0.
  rewrite (Hu y (agree_old l y Ha) Hyh0 i c' Hi). rewrite Hout. destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite at_lev_old, at_lev_new, Nat.eqb_refl. unfold isH', V'. rewrite !upd_same, Hb. simpl. rewrite Nat.eqb_refl. simpl.
    rewrite (Hloc y (agree_old l y Ha) Hyh0 i Hi). ring.
  + rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne.
    replace (Nat.eqb c c') with false by (symmetry; apply Nat.eqb_neq; congruence). ring.
Qed.

(** Layer l gains a head writing c. *)
Lemma layer_ok_head (L : layer) (h : head) : hb = true -> h_out h = c -> layer_ok n V D isH g l L ->
  (forall x, agree n V D l x -> ut_head n g h x /\ forall i, (i < n)%nat -> head_out hard_w n h x i = v i) ->
  layer_ok n V' D' isH' g l (Layer (l_heads L ++ [h]) (l_units L)).
Proof.
intros Hb Hout [Hh Hu] Hloc. split.
- intros x Ha. destruct (Hh x (agree_old l x Ha)) as [Hg Hs]. destruct (Hloc x (agree_old l x Ha)) as [Hg1 Hv]. split.
  + simpl. intros h' Hin. apply in_app_iff in Hin. destruct Hin as [Hin|[<-|[]]]; [apply Hg, Hin|exact Hg1].
  + intros i c' Hi. cbn [l_heads]. rewrite map_app, lsum_app. cbn [map lsum]. rewrite Hs by exact Hi. rewrite Hout.
    destruct (Nat.eq_dec c' c) as [->|Hne].
    * rewrite at_lev_old, at_lev_new, Nat.eqb_refl. unfold isH', V'. rewrite !upd_same, Hb. simpl. rewrite Nat.eqb_refl. simpl. rewrite Hv by exact Hi. ring.
    * rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne.
      replace (Nat.eqb c c') with false by (symmetry; apply Nat.eqb_neq; congruence). ring.
- intros y Ha Hyh i c' Hi. simpl.
  pose proof (heads_old l y Hyh) as Hyh0.
  rewrite (Hu y (agree_old l y Ha) Hyh0 i c' Hi). destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite at_lev_old, at_lev_new. unfold isH'. rewrite upd_same, Hb, andb_false_r. reflexivity.
  + rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. reflexivity.
Qed.

End Upd.
