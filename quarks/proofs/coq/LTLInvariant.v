(** * Seed 004, the compiled LTL networks: the compiler's invariant.

    Every coordinate the compiler has written holds its value at its level, for every variant whose
    four selection heads are right ([Y_ok], [X_ok], [S_ok], [U_ok]): every sub-formula's coordinate
    holds its truth value ([node_ok]), and the compiled network run hard on the embedding of w
    outputs [w, i |= p] ([compile_ok]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLSyntax LTLLevels LTLHeads.
Import ListNotations.
Open Scope R_scope.

(** ** The compiler's invariant: every coordinate it has written holds its value *)

Lemma real_push_unit (u : sunit) (L : slayer) :
  real_layer (push_unit u L) = Layer (l_heads (real_layer L)) (l_units (real_layer L) ++ [real_unit u]).
Proof. unfold real_layer, push_unit. simpl. rewrite map_app. reflexivity. Qed.

Lemma real_push_head (h : shead) (L : slayer) :
  real_layer (push_head h L) = Layer (l_heads (real_layer L) ++ [real_head h]) (l_units (real_layer L)).
Proof. unfold real_layer, push_head. simpl. rewrite map_app. reflexivity. Qed.

(** Changing layer l of a network by f keeps a per-layer property (P before, P' after) when it
    does so at layer l and every other layer keeps it unchanged. *)
Lemma layers_at (P P' : nat -> layer -> Prop) (l : nat) (f : slayer -> slayer) (Ls : snet) :
  (forall m, P m (real_layer (nth m Ls empty_layer))) ->
  (P l (real_layer (nth l Ls empty_layer)) -> P' l (real_layer (f (nth l Ls empty_layer)))) ->
  (forall m L, m <> l -> P m L -> P' m L) ->
  forall m, P' m (real_layer (nth m (at_layer l f Ls) empty_layer)).
Proof.
intros H Hl Ho m. rewrite nth_at_layer. destruct (Nat.eqb m l) eqn:Em.
- apply Nat.eqb_eq in Em. subst m. apply Hl, H.
- apply Nat.eqb_neq in Em. apply Ho, H. exact Em.
Qed.

(** The selection heads of variant v as the compiler writes them (Python's [select]). *)
Definition vhead (kk : nat) (v : variant) (cq : Q) (att a : nat) (m : mask) (s : Q) : shead :=
  SHead att a [parity_term kk v cq; tie kk v cq s] m Average.
Definition vsu_head (kk : nat) (v : variant) (cq : Q) (att b s : nat) (m : mask) (sign : Q) : shead :=
  SHead att b [stop_term kk v cq s; tie kk v cq sign] m Average.

Lemma pes_len (v : variant) : (3 <= length (pes v) <= 7)%nat.
Proof. destruct v; simpl; lia. Qed.

Lemma orb_and_l (f a b : bool) : f || (a && b) = true -> f || a = true.
Proof. destruct f, a, b; simpl; auto. Qed.
Lemma orb_and_r (f a b : bool) : f || (a && b) = true -> f || b = true.
Proof. destruct f, a, b; simpl; auto. Qed.

Section Invariant.
Variables (n : nat) (w : nat -> nat) (kk : nat) (var : variant) (cq : Q) (gap : R) (fut : bool).
Definition x0 := embed kk (pes var) n w.
(** x holds the letters and position embeddings of w. *)
Definition pe_agree (x : stream) : Prop :=
  forall j c, (j < n)%nat -> (c < kk + length (pes var))%nat -> x j c = x0 j c.
(** The four selection heads of the variant, on any stream holding the embedding: tieless with
    gap [gap], reading position i - 1, i + 1 (or i), and the nearest stop position. *)
Definition Y_ok : Prop := forall att a x, pe_agree x ->
  tieless n gap (real_head (vhead kk var cq att a Future 1)) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (vhead kk var cq att a Future 1)) x i = x (i - 1)%nat a.
Definition X_ok : Prop := forall att a x, pe_agree x ->
  tieless n gap (real_head (vhead kk var cq att a Past (-1))) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (vhead kk var cq att a Past (-1))) x i = x (x_next n i) a.
Definition S_ok : Prop := forall att b s x (B : nat -> bool), pe_agree x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  tieless n gap (real_head (vsu_head kk var cq att b s Future 1)) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (vsu_head kk var cq att b s Future 1)) x i = x (topS B i) b.
Definition U_ok : Prop := forall att b s x (B : nat -> bool), pe_agree x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  tieless n gap (real_head (vsu_head kk var cq att b s Past (-1))) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (vsu_head kk var cq att b s Past (-1))) x i = x (topU B (n - i) i) b.
(** [fut = false]: only the past fragment is compiled, and the X / U heads need not be right. *)
Hypotheses (HY : Y_ok) (HX : fut = true -> X_ok) (HS : S_ok) (HU : fut = true -> U_ok).

Record core (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) : Prop := {
  co_inputs : forall c, (c < kk + length (pes var))%nat -> D c = Some 0%nat;
  co_in_val : forall c i, D c = Some 0%nat -> (i < n)%nat -> x0 i c = V c i;
  co_zero : forall c i, D c <> Some 0%nat -> (i < n)%nat -> x0 i c = 0;
  co_layers : forall m, layer_ok n V D isH gap m (real_layer (nth m (cs_layers st) empty_layer));
  co_len : forall c l, D c = Some l -> (l <= length (cs_layers st))%nat;
  co_lev : forall c l, D c = Some l -> lev st c = l }.

(** Changing layer l to f of it keeps the core invariant for a fresh coordinate c written at
    level l + 1, when layer l with c added is [layer_ok]. *)
Lemma core_add (st st' : cstate) V D isH (l c : nat) (v : nat -> R) (hb : bool) (f : slayer -> slayer) :
  core st V D isH -> D c = None ->
  cs_layers st' = at_layer l f (cs_layers st) -> cs_lev st' = (c, S l) :: cs_lev st ->
  (layer_ok n V D isH gap l (real_layer (nth l (cs_layers st) empty_layer)) ->
   layer_ok n (upd V c v) (upd D c (Some (S l))) (upd isH c hb) gap l (real_layer (f (nth l (cs_layers st) empty_layer)))) ->
  core st' (upd V c v) (upd D c (Some (S l))) (upd isH c hb).
Proof.
intros [H1 H2 H3 H4 H5 H6] Hf EL Elev Hl.
assert (Hne : forall c' l', D c' = Some l' -> c' <> c) by (intros c' l' E ->; congruence).
constructor.
- intros c' Hc'. rewrite upd_other by (apply (Hne c' 0%nat), H1, Hc'). apply H1, Hc'.
- intros c' i E Hi. destruct (Nat.eq_dec c' c) as [->|Hc]; [rewrite upd_same in E; discriminate|].
  rewrite upd_other in E by exact Hc. rewrite upd_other by exact Hc. apply H2; assumption.
- intros c' i E Hi. destruct (Nat.eq_dec c' c) as [->|Hc]; [apply H3; [rewrite Hf; discriminate|exact Hi]|].
  rewrite upd_other in E by exact Hc. apply H3; assumption.
- intros m. rewrite EL. apply (layers_at (layer_ok n V D isH gap)); [exact H4|exact Hl|]. intros m' L Hm. apply (layer_ok_upd n V D isH gap c l v hb Hf _ _ Hm).
- intros c' l' E. rewrite EL, length_at_layer. destruct (Nat.eq_dec c' c) as [->|Hc].
  + rewrite upd_same in E. inversion E. lia.
  + rewrite upd_other in E by exact Hc. specialize (H5 c' l' E). lia.
- intros c' l' E. unfold lev. rewrite Elev. cbn [lookup]. destruct (Nat.eq_dec c' c) as [->|Hc].
  + rewrite upd_same in E. inversion E. rewrite Nat.eqb_refl. reflexivity.
  + rewrite upd_other in E by exact Hc. apply Nat.eqb_neq in Hc. rewrite Hc. apply H6, E.
Qed.

Lemma core_unit (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) (l : nat) (u : sunit) (v : nat -> R) :
  core st V D isH -> D (su_out u) = None ->
  (forall y, agree n V D l y -> (forall i c', (i < n)%nat -> at_lev D c' (S l) && isH c' = true -> y i c' = V c' i) ->
     forall i, (i < n)%nat -> unit_val (real_unit u) (y i) = v i) ->
  core (add_unit l u st) (upd V (su_out u) v) (upd D (su_out u) (Some (S l))) (upd isH (su_out u) false).
Proof.
intros Hc Hf Hloc. apply (core_add st (add_unit l u st) V D isH l _ v false (push_unit u) Hc Hf eq_refl eq_refl).
intros HL. rewrite real_push_unit. exact (layer_ok_unit n V D isH gap _ l v false Hf _ (real_unit u) eq_refl eq_refl HL Hloc).
Qed.

Lemma core_head (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) (l : nat) (h : shead) (v : nat -> R) :
  core st V D isH -> D (sh_out h) = None ->
  (forall x, agree n V D l x -> ut_head n gap (real_head h) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = v i) ->
  core (add_head l h st) (upd V (sh_out h) v) (upd D (sh_out h) (Some (S l))) (upd isH (sh_out h) true).
Proof.
intros Hc Hf Hloc. apply (core_add st (add_head l h st) V D isH l _ v true (push_head h) Hc Hf eq_refl eq_refl).
intros HL. rewrite real_push_head. exact (layer_ok_head n V D isH gap _ l v true Hf _ (real_head h) eq_refl eq_refl HL Hloc).
Qed.


Lemma core_bump (st : cstate) V D isH : core st V D isH -> core (bump st) V D isH.
Proof. intros [H1 H2 H3 H4 H5 H6]. constructor; assumption. Qed.

Lemma x0_alt (j : nat) : x0 j (c_alt kk) = (-1) ^ S j.
Proof.
unfold x0, embed, c_alt. replace (kk + 1 <? kk)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
replace (kk + 1 - kk)%nat with 1%nat by lia. destruct var; reflexivity.
Qed.

Lemma x0_letter (a i : nat) : (a < kk)%nat -> x0 i a = B2R (Nat.eqb (w i) a).
Proof. intros Ha. unfold x0, embed. replace (a <? kk)%nat with true by (symmetry; apply Nat.ltb_lt, Ha). reflexivity. Qed.

(** A stream that agrees with the ghost at some level holds the position embeddings. *)
Lemma agree_pe (st : cstate) V D isH (l : nat) (x : stream) : core st V D isH -> agree n V D l x -> pe_agree x.
Proof.
intros Hc Ha j c Hj Hcl. pose proof (co_inputs _ _ _ _ Hc c Hcl) as E.
rewrite (Ha j c 0%nat Hj E ltac:(lia)). symmetry. apply (co_in_val _ _ _ _ Hc); assumption.
Qed.

Definition ext (V : nat -> nat -> R) (D : nat -> option nat) (V' : nat -> nat -> R) (D' : nat -> option nat) : Prop :=
  forall c l, D c = Some l -> D' c = Some l /\ forall i, V' c i = V c i.

Lemma ext_refl V D : ext V D V D.
Proof. intros c l E. split; [exact E|reflexivity]. Qed.

Lemma ext_trans V D V1 D1 V2 D2 : ext V D V1 D1 -> ext V1 D1 V2 D2 -> ext V D V2 D2.
Proof. intros H1 H2 c l E. destruct (H1 c l E) as [E1 F1]. destruct (H2 c l E1) as [E2 F2]. split; [exact E2|]. intros i. rewrite F2. apply F1. Qed.

Lemma ext_upd V D (c : nat) (v : nat -> R) (o : option nat) : D c = None -> ext V D (upd V c v) (upd D c o).
Proof.
intros Hf c' l E. assert (c' <> c) by (intros ->; congruence). rewrite !upd_other by assumption. split; [exact E|reflexivity].
Qed.

(** The whole invariant: the core, fresh names unused, first / last, and the memo table. *)
Definition inv (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) : Prop :=
  core st V D isH /\
  (forall c, (c_fresh kk (S (cs_cnt st)) <= c)%nat -> D c = None) /\
  (if cs_first st then D (c_first kk) = Some 1%nat /\ forall i, (i < n)%nat -> V (c_first kk) i = B2R (Nat.eqb i 0)
   else D (c_first kk) = None /\ D (c_avg_first kk) = None) /\
  (if cs_last st then D (c_last kk) = Some 1%nat /\ forall i, (i < n)%nat -> V (c_last kk) i = B2R (Nat.eqb (S i) n)
   else D (c_last kk) = None /\ D (c_avg_last kk) = None) /\
  (forall p c, lookup ltl_eqb p (cs_memo st) = Some c ->
     (exists l, D c = Some l) /\ forall i, (i < n)%nat -> V c i = B2R (sat n w p i)).

(** inv's slot for first (last): done, cf holding vf at level 1; or not, cf and its average ca
    unused.  The memo table's coordinates hold their formulas. *)
Definition slot (b : bool) (V : nat -> nat -> R) (D : nat -> option nat) (cf ca : nat) (vf : nat -> R) : Prop :=
  if b then D cf = Some 1%nat /\ forall i, (i < n)%nat -> V cf i = vf i else D cf = None /\ D ca = None.
Definition memo_ok (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) : Prop := forall p c, lookup ltl_eqb p (cs_memo st) = Some c ->
  (exists l, D c = Some l) /\ forall i, (i < n)%nat -> V c i = B2R (sat n w p i).

(** Updating a coordinate c other than cf, ca keeps the slot; an unused c keeps the memo table. *)
Lemma slot_upd (b : bool) V D (cf ca c : nat) (vf v : nat -> R) (o : option nat) : c <> cf -> c <> ca ->
  slot b V D cf ca vf -> slot b (upd V c v) (upd D c o) cf ca vf.
Proof. intros H1 H2. unfold slot. rewrite !upd_other by congruence. exact (fun H => H). Qed.

Lemma memo_upd_ok (st st' : cstate) V D (c : nat) (v : nat -> R) (o : option nat) : D c = None -> cs_memo st' = cs_memo st ->
  memo_ok st V D -> memo_ok st' (upd V c v) (upd D c o).
Proof.
intros Hf Em Hme p c' E. rewrite Em in E. destruct (Hme p c' E) as [[l E'] F]. assert (c' <> c) by (intros ->; congruence).
rewrite !upd_other by assumption. split; [exists l; exact E'|exact F].
Qed.

(** Updating a fresh coordinate other than first / last keeps the rest of the invariant. *)
Lemma rest_upd (st st' : cstate) V D (c : nat) (v : nat -> R) (o : option nat) :
  (forall c', (c_fresh kk (S (cs_cnt st)) <= c')%nat -> D c' = None) ->
  (c_fresh kk (S (cs_cnt st)) <= c)%nat -> (c < c_fresh kk (S (cs_cnt st')))%nat ->
  cs_first st' = cs_first st -> cs_last st' = cs_last st -> cs_memo st' = cs_memo st ->
  slot (cs_first st) V D (c_first kk) (c_avg_first kk) (fun i => B2R (Nat.eqb i 0)) ->
  slot (cs_last st) V D (c_last kk) (c_avg_last kk) (fun i => B2R (Nat.eqb (S i) n)) -> memo_ok st V D ->
  (forall c', (c_fresh kk (S (cs_cnt st')) <= c')%nat -> upd D c o c' = None) /\
  slot (cs_first st') (upd V c v) (upd D c o) (c_first kk) (c_avg_first kk) (fun i => B2R (Nat.eqb i 0)) /\
  slot (cs_last st') (upd V c v) (upd D c o) (c_last kk) (c_avg_last kk) (fun i => B2R (Nat.eqb (S i) n)) /\
  memo_ok st' (upd V c v) (upd D c o).
Proof.
intros Hfr Hc1 Hc2 Ef El Em Hfi Hla Hme. unfold c_fresh, c_first, c_last, c_avg_first, c_avg_last in *.
assert (Hf : D c = None) by (apply Hfr; lia).
split; [intros c' Hc'; rewrite upd_other by lia; apply Hfr; lia|].
rewrite Ef, El. split; [apply slot_upd; [lia|lia|exact Hfi]|split; [apply slot_upd; [lia|lia|exact Hla]|]].
exact (memo_upd_ok st st' V D c v o Hf Em Hme).
Qed.

(** The first / last step writes the fixed unused coordinates ca, cf: its slot is done, and the
    fresh names, the other slot (c1, c2) and the memo table carry over. *)
Lemma end_rest (st st' : cstate) V D (ca cf c1 c2 : nat) (va vf v1 : nat -> R) (b : bool) :
  (forall c, (c_fresh kk (S (cs_cnt st)) <= c)%nat -> D c = None) -> D ca = None -> D cf = None ->
  (ca < c_fresh kk 1)%nat -> (cf < c_fresh kk 1)%nat -> cf <> ca -> c1 <> ca -> c1 <> cf -> c2 <> ca -> c2 <> cf ->
  cs_cnt st' = cs_cnt st -> cs_memo st' = cs_memo st -> slot b V D c1 c2 v1 -> memo_ok st V D ->
  (forall c, (c_fresh kk (S (cs_cnt st')) <= c)%nat -> upd (upd D ca (Some 1%nat)) cf (Some 1%nat) c = None) /\
  slot true (upd (upd V ca va) cf vf) (upd (upd D ca (Some 1%nat)) cf (Some 1%nat)) cf ca vf /\
  slot b (upd (upd V ca va) cf vf) (upd (upd D ca (Some 1%nat)) cf (Some 1%nat)) c1 c2 v1 /\
  memo_ok st' (upd (upd V ca va) cf vf) (upd (upd D ca (Some 1%nat)) cf (Some 1%nat)).
Proof.
intros Hfr Fa Ff Ha Hf H0 H1 H2 H3 H4 Ec Em Hsl Hme. unfold c_fresh in *. split; [|split; [|split]].
- intros c Hc. rewrite Ec in Hc. rewrite !upd_other by lia. apply Hfr. lia.
- unfold slot. rewrite upd_same. split; [reflexivity|]. intros i Hi. rewrite upd_same. reflexivity.
- apply slot_upd; [congruence|congruence|]. apply slot_upd; [congruence|congruence|exact Hsl].
- apply (memo_upd_ok st' st'); [rewrite upd_other by exact H0; exact Ff|reflexivity|]. exact (memo_upd_ok st st' V D ca va _ Fa Em Hme).
Qed.

(** A unit writing the next fresh name. *)
Lemma inv_unit (st : cstate) V D isH (l : nat) (u : sunit) (v : nat -> R) :
  inv st V D isH -> su_out u = c_fresh kk (S (cs_cnt st)) ->
  (forall y, agree n V D l y -> (forall i c', (i < n)%nat -> at_lev D c' (S l) && isH c' = true -> y i c' = V c' i) ->
     forall i, (i < n)%nat -> unit_val (real_unit u) (y i) = v i) ->
  inv (add_unit l u (bump st)) (upd V (su_out u) v) (upd D (su_out u) (Some (S l))) (upd isH (su_out u) false) /\
  ext V D (upd V (su_out u) v) (upd D (su_out u) (Some (S l))).
Proof.
intros [Hc [Hfr [Hfi [Hla Hme]]]] Eo Hloc.
assert (Hf : D (su_out u) = None) by (apply Hfr; lia).
split; [|apply ext_upd, Hf].
split; [apply core_unit; [apply core_bump, Hc|exact Hf|exact Hloc]|].
apply (rest_upd st); try assumption; try reflexivity; [lia|]. rewrite Eo. unfold c_fresh. simpl. lia.
Qed.

(** A head writing the next fresh name. *)
Lemma inv_head (st : cstate) V D isH (l : nat) (h : shead) (v : nat -> R) :
  inv st V D isH -> sh_out h = c_fresh kk (S (cs_cnt st)) ->
  (forall x, agree n V D l x -> ut_head n gap (real_head h) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = v i) ->
  inv (add_head l h (bump st)) (upd V (sh_out h) v) (upd D (sh_out h) (Some (S l))) (upd isH (sh_out h) true) /\
  ext V D (upd V (sh_out h) v) (upd D (sh_out h) (Some (S l))).
Proof.
intros [Hc [Hfr [Hfi [Hla Hme]]]] Eo Hloc.
assert (Hf : D (sh_out h) = None) by (apply Hfr; lia).
split; [|apply ext_upd, Hf].
split; [apply core_head; [apply core_bump, Hc|exact Hf|exact Hloc]|].
apply (rest_upd st); try assumption; try reflexivity; [lia|]. rewrite Eo. unfold c_fresh. simpl. lia.
Qed.

Lemma core_same (st st' : cstate) V D isH : cs_layers st' = cs_layers st -> cs_lev st' = cs_lev st ->
  core st V D isH -> core st' V D isH.
Proof.
intros E1 E2 [H1 H2 H3 H4 H5 H6]. constructor; try assumption.
- intros m. rewrite E1. apply H4.
- intros c l E. rewrite E1. apply (H5 c l E).
- intros c l E. unfold lev. rewrite E2. apply (H6 c l E).
Qed.

Lemma lev_max (st : cstate) (a : nat) (inputs : list nat) : In a inputs -> (lev st a <= fold_right Nat.max 0%nat (map (lev st) inputs))%nat.
Proof. induction inputs as [|b l IH]; simpl; [intros []|intros [->|H]; [lia|specialize (IH H); lia]]. Qed.

(** A coordinate known to the invariant is read exactly by every stream agreeing at its level. *)
Lemma agree_read (st : cstate) V D isH (l a : nat) (y : stream) (i : nat) : core st V D isH -> (i < n)%nat ->
  (exists la, D a = Some la) -> (lev st a <= l)%nat -> agree n V D l y -> y i a = V a i.
Proof.
intros Hc Hi [la E] Hl Ha. pose proof (co_lev _ _ _ _ Hc a la E). apply (Ha i a la Hi E). lia.
Qed.

Lemma unit_node_ok (st : cstate) V D isH (inputs : list nat) (hidden : list sneuron) (c0 : Q) (v : nat -> R) (c : nat) (st' : cstate) :
  inv st V D isH -> unit_node kk inputs hidden c0 st = (c, st') ->
  (forall y, agree n V D (fold_right Nat.max 0%nat (map (lev st) inputs)) y -> forall i, (i < n)%nat ->
     unit_val (real_unit (SUnit (c_fresh kk (S (cs_cnt st))) hidden c0)) (y i) = v i) ->
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' c = Some l) /\ forall i, (i < n)%nat -> V' c i = v i.
Proof.
intros Hinv E Hloc. unfold unit_node in E. inversion E. subst c st'. clear E.
set (u := SUnit (c_fresh kk (cs_cnt (bump st))) hidden c0).
destruct (inv_unit st V D isH (fold_right Nat.max 0%nat (map (lev st) inputs)) u v Hinv eq_refl) as [H1 H2].
{ intros y Ha _ i Hi. apply Hloc; assumption. }
do 3 eexists. split; [exact H1|split; [exact H2|split]].
- eexists. apply upd_same.
- intros i Hi. simpl. rewrite upd_same. reflexivity.
Qed.

(** A stream holding the embedding holds (-1)^(j+1) at c_alt. *)
Lemma agree_alt (x : stream) : pe_agree x -> forall j, (j < n)%nat -> x j (c_alt kk) = (-1) ^ S j.
Proof. intros Hx j Hj. rewrite (Hx j (c_alt kk) Hj) by (pose proof (pes_len var); unfold c_alt; lia). apply x0_alt. Qed.

(** Proposition 11's first / last step: a head writing sh_out h (value va) and a unit writing
    su_out u (value vf) from it, both at level 0, keep the core and extend the ghost. *)
Lemma core_end (st : cstate) V D isH (h : shead) (u : sunit) (va vf : nat -> R) :
  core st V D isH -> D (sh_out h) = None -> D (su_out u) = None -> su_out u <> sh_out h ->
  (forall x, agree n V D 0 x -> ut_head n gap (real_head h) x /\ forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = va i) ->
  (forall (y : nat -> R) i, (i < n)%nat -> y (sh_out h) = va i -> unit_val (real_unit u) y = vf i) ->
  core (add_unit 0 u (add_head 0 h st)) (upd (upd V (sh_out h) va) (su_out u) vf)
    (upd (upd D (sh_out h) (Some 1%nat)) (su_out u) (Some 1%nat)) (upd (upd isH (sh_out h) true) (su_out u) false) /\
  ext V D (upd (upd V (sh_out h) va) (su_out u) vf) (upd (upd D (sh_out h) (Some 1%nat)) (su_out u) (Some 1%nat)).
Proof.
intros Hc Fa Ff Hne Hh Hu. assert (Ff1 : upd D (sh_out h) (Some 1%nat) (su_out u) = None) by (rewrite upd_other by exact Hne; exact Ff).
split; [|apply (ext_trans _ _ _ _ _ _ (ext_upd V D _ va _ Fa) (ext_upd _ _ _ vf _ Ff1))].
apply core_unit; [apply core_head; assumption|exact Ff1|].
intros y _ Hyh i Hi. apply Hu; [exact Hi|]. rewrite (Hyh i (sh_out h) Hi); unfold at_lev; rewrite !upd_same; reflexivity.
Qed.

Lemma first_ok (st : cstate) V D isH : inv st V D isH ->
  exists V' D' isH', inv (first kk st) V' D' isH' /\ ext V D V' D' /\ D' (c_first kk) = Some 1%nat /\
    (forall i, (i < n)%nat -> V' (c_first kk) i = B2R (Nat.eqb i 0)).
Proof.
intros Hinv. unfold first. destruct (cs_first st) eqn:Ef.
- exists V, D, isH. destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hfi. destruct Hfi as [F1 F2].
  split; [split; [exact Hc|split; [exact Hfr|split; [rewrite Ef; split; assumption|split; assumption]]]|].
  split; [apply ext_refl|split; assumption].
- destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hfi. destruct Hfi as [F1 F2].
  set (h := SHead (c_avg_first kk) (c_alt kk) [] Future Average).
  set (u := SUnit (c_first kk) [SNeuron 1 [(c_avg_first kk, (-2)%Q)] (-1); SNeuron (-1) [(c_avg_first kk, (-2)%Q)] (-2)] 0).
  destruct (core_end st V D isH h u avg_first_val (fun i => B2R (Nat.eqb i 0)) Hc F2 F1 ltac:(cbn; unfold c_first, c_avg_first; lia))
    as [Hc2 X2].
  { intros x Ha. split; [left; reflexivity|]. intros i Hi. apply head_avg_first; [exact Hi|]. exact (agree_alt x (agree_pe _ _ _ _ _ x Hc Ha)). }
  { intros y i _ Hy. apply unit_first, Hy. }
  destruct (end_rest st (set_first (add_unit 0 u (add_head 0 h st))) V D (c_avg_first kk) (c_first kk) (c_last kk) (c_avg_last kk)
              avg_first_val (fun i => B2R (Nat.eqb i 0)) (fun i => B2R (Nat.eqb (S i) n)) (cs_last st) Hfr F2 F1)
    as [R1 [R2 [R3 R4]]]; try (unfold c_fresh, c_first, c_avg_first, c_last, c_avg_last; lia); try reflexivity; try assumption.
  do 3 eexists. split; [split; [apply (core_same (add_unit 0 u (add_head 0 h st))); [reflexivity|reflexivity|exact Hc2]|exact (conj R1 (conj R2 (conj R3 R4)))]|].
  split; [exact X2|]. split; [apply upd_same|]. intros i Hi. rewrite upd_same. reflexivity.
Qed.

Lemma last_ok (st : cstate) V D isH : inv st V D isH ->
  exists V' D' isH', inv (last kk st) V' D' isH' /\ ext V D V' D' /\ D' (c_last kk) = Some 1%nat /\
    (forall i, (i < n)%nat -> V' (c_last kk) i = B2R (Nat.eqb (S i) n)).
Proof.
intros Hinv. unfold last. destruct (cs_last st) eqn:Ef.
- exists V, D, isH. destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hla. destruct Hla as [F1 F2].
  split; [split; [exact Hc|split; [exact Hfr|split; [exact Hfi|split; [rewrite Ef; split; assumption|exact Hme]]]]|].
  split; [apply ext_refl|split; assumption].
- destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hla. destruct Hla as [F1 F2].
  set (h := SHead (c_avg_last kk) (c_alt kk) [] Past Average).
  set (u := SUnit (c_last kk) [SNeuron 1 [(c_avg_last kk, 2%Q)] (-1); SNeuron 1 [(c_avg_last kk, (-2)%Q)] (-1)] 0).
  destruct (core_end st V D isH h u (avg_last_val n) (fun i => B2R (Nat.eqb (S i) n)) Hc F2 F1 ltac:(cbn; unfold c_last, c_avg_last; lia))
    as [Hc2 X2].
  { intros x Ha. split; [left; reflexivity|]. intros i Hi. apply head_avg_last; [exact Hi|]. exact (agree_alt x (agree_pe _ _ _ _ _ x Hc Ha)). }
  { intros y i Hi Hy. apply unit_last, Hy. exact Hi. }
  destruct (end_rest st (set_last (add_unit 0 u (add_head 0 h st))) V D (c_avg_last kk) (c_last kk) (c_first kk) (c_avg_first kk)
              (avg_last_val n) (fun i => B2R (Nat.eqb (S i) n)) (fun i => B2R (Nat.eqb i 0)) (cs_first st) Hfr F2 F1)
    as [R1 [R2 [R3 R4]]]; try (unfold c_fresh, c_first, c_avg_first, c_last, c_avg_last; lia); try reflexivity; try assumption.
  do 3 eexists. split; [split; [apply (core_same (add_unit 0 u (add_head 0 h st))); [reflexivity|reflexivity|exact Hc2]|exact (conj R1 (conj R3 (conj R2 R4)))]|].
  split; [exact X2|]. split; [apply upd_same|]. intros i Hi. rewrite upd_same. reflexivity.
Qed.

(** A selection step: a head writing the next fresh name (value vatt), then a unit at the same
    level writing the one after (value v) from it. *)
Lemma inv_sel (st : cstate) V D isH (l : nat) (h : shead) (u : sunit) (vatt v : nat -> R) :
  inv st V D isH -> sh_out h = c_fresh kk (S (cs_cnt st)) -> su_out u = c_fresh kk (S (S (cs_cnt st))) ->
  (forall x, agree n V D l x -> ut_head n gap (real_head h) x /\ forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = vatt i) ->
  (forall y, agree n (upd V (sh_out h) vatt) (upd D (sh_out h) (Some (S l))) l y ->
     (forall i, (i < n)%nat -> y i (sh_out h) = vatt i) -> forall i, (i < n)%nat -> unit_val (real_unit u) (y i) = v i) ->
  exists V' D' isH', inv (add_unit l u (add_head l h (bump (bump st)))) V' D' isH' /\ ext V D V' D' /\
    (exists l', D' (su_out u) = Some l') /\ forall i, (i < n)%nat -> V' (su_out u) i = v i.
Proof.
intros Hinv Eh Eu Hhead Hu. destruct (inv_head st V D isH l h vatt Hinv Eh Hhead) as [H1 X1].
destruct (inv_unit _ _ _ _ l u v H1 Eu) as [H2 X2].
{ intros y Ha Hh i Hi. apply Hu; [exact Ha| |exact Hi]. intros i' Hi'.
  rewrite (Hh i' (sh_out h) Hi'); unfold at_lev; rewrite !upd_same; [reflexivity|rewrite Nat.eqb_refl; reflexivity]. }
do 3 eexists. split; [exact H2|]. split; [exact (ext_trans _ _ _ _ _ _ X1 X2)|]. split; [eexists; apply upd_same|].
intros i Hi. rewrite upd_same. reflexivity.
Qed.

(** A selection head and its gated rounding (Python's [select]). *)
Lemma select_ok (st : cstate) V D isH (a gate : nat) (m : mask) (s : Q) (p q : nat -> bool) (vatt : nat -> R)
  (c : nat) (st' : cstate) :
  inv st V D isH -> select kk var cq a gate m s st = (c, st') ->
  (exists lg, D gate = Some lg) -> (forall i, (i < n)%nat -> V gate i = B2R (q i)) ->
  (forall x, agree n V D (Nat.max (lev st a) (lev st gate)) x ->
     ut_head n gap (real_head (vhead kk var cq (c_fresh kk (S (cs_cnt st))) a m s)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vhead kk var cq (c_fresh kk (S (cs_cnt st))) a m s)) x i = vatt i) ->
  (forall i, (i < n)%nat -> vatt i = B2R (p i)) ->
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' c = Some l) /\
    forall i, (i < n)%nat -> V' c i = B2R (p i && negb (q i)).
Proof.
intros Hinv E [lg Eg] Hq Hhead Hp. unfold select in E. inversion E. subst c st'. clear E.
set (l := Nat.max (lev st a) (lev st gate)) in *. set (att := c_fresh kk (S (cs_cnt st))) in *.
assert (Hga : gate <> att) by (intros ->; destruct Hinv as [_ [Hfr _]]; rewrite (Hfr att) in Eg by lia; discriminate).
assert (Hlg : (lg <= l)%nat) by (destruct Hinv as [Hc _]; rewrite <- (co_lev _ _ _ _ Hc gate lg Eg); unfold l; lia).
apply (inv_sel st V D isH l (vhead kk var cq att a m s) (rounding (c_fresh kk (S (S (cs_cnt st)))) att gate) vatt _ Hinv eq_refl eq_refl Hhead).
intros y Ha Hh i Hi. cbn [sh_out vhead] in Ha, Hh. apply unit_rounding; [rewrite Hh by exact Hi; apply Hp, Hi|].
rewrite (Ha i gate lg Hi); [|rewrite upd_other by exact Hga; exact Eg|exact Hlg]. rewrite upd_other by exact Hga. apply Hq, Hi.
Qed.

Definition letters_below (k : nat) : ltl -> bool :=
  fix f p := match p with
  | LAtom a => (a <? k)%nat | LConst _ => true
  | LNot p | LY p | LX p => f p
  | LAnd p q | LOr p q | LS p q | LU p q => f p && f q end.

Lemma inv_remember (st : cstate) V D isH (p : ltl) (c : nat) : inv st V D isH -> (exists l, D c = Some l) ->
  (forall i, (i < n)%nat -> V c i = B2R (sat n w p i)) -> inv (remember p c st) V D isH.
Proof.
intros [Hc [Hfr [Hfi [Hla Hme]]]] Hd Hv. split; [apply (core_same st); [reflexivity|reflexivity|exact Hc]|].
split; [exact Hfr|split; [exact Hfi|split; [exact Hla|]]].
intros p' c' E. cbn [cs_memo remember lookup] in E. destruct (ltl_eqb p' p) eqn:Ep.
- apply ltl_eqb_eq in Ep. subst p'. inversion E. subst c'. split; assumption.
- apply Hme, E.
Qed.

Lemma B2R_inj (b b' : bool) : B2R b = B2R b' -> b = b'.
Proof. destruct b, b'; simpl; intros H; try reflexivity; lra. Qed.

Lemma stop_node_ok (st : cstate) V D isH (p q : ltl) (a b s : nat) (st' : cstate) :
  inv st V D isH -> (exists la, D a = Some la) -> (forall i, (i < n)%nat -> V a i = B2R (sat n w p i)) ->
  (exists lb, D b = Some lb) -> (forall i, (i < n)%nat -> V b i = B2R (sat n w q i)) ->
  stop_node kk p q a b st = (s, st') ->
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' s = Some l) /\
    forall i, (i < n)%nat -> V' s i = B2R (negb (sat n w p i) || sat n w q i).
Proof.
intros Hinv [la Da] Va [lb Db] Vb E. unfold stop_node in E.
destruct (lookup ltl_eqb (LOr (LNot p) q) (cs_memo st)) as [c|] eqn:Em.
{ inversion E. subst. exists V, D, isH. split; [exact Hinv|split; [apply ext_refl|]].
  destruct Hinv as [_ [_ [_ [_ Hme]]]]. exact (Hme _ s Em). }
assert (Hnot : exists na st1 V1 D1 isH1,
  (match lookup ltl_eqb (LNot p) (cs_memo st) with
   | Some c => (c, st)
   | None => let '(c, st'0) := unit_node kk [a] (not_neurons a) 0 st in (c, remember (LNot p) c st'0) end) = (na, st1) /\
  inv st1 V1 D1 isH1 /\ ext V D V1 D1 /\ (exists l, D1 na = Some l) /\ forall i, (i < n)%nat -> V1 na i = B2R (negb (sat n w p i))).
{ destruct (lookup ltl_eqb (LNot p) (cs_memo st)) as [c1|] eqn:Em1.
  - exists c1, st, V, D, isH. split; [reflexivity|split; [exact Hinv|split; [apply ext_refl|]]].
    destruct Hinv as [_ [_ [_ [_ Hme]]]]. exact (Hme _ c1 Em1).
  - destruct (unit_node kk [a] (not_neurons a) 0%Q st) as [c1 st1] eqn:E1.
    destruct (unit_node_ok st V D isH [a] _ _ (fun i => B2R (negb (sat n w p i))) c1 st1 Hinv E1) as [V1 [D1 [isH1 [H1 [H2 [H3 H4]]]]]].
    { intros y Ha i Hi. apply unit_not. rewrite (agree_read st V D isH (fold_right Nat.max 0%nat (map (lev st) [a])) a y i (proj1 Hinv) Hi (ex_intro _ la Da));
        [apply Va, Hi|apply lev_max; left; reflexivity|exact Ha]. }
    exists c1, (remember (LNot p) c1 st1), V1, D1, isH1. split; [reflexivity|].
    split; [apply inv_remember; [exact H1|exact H3|exact H4]|split; [exact H2|split; [exact H3|exact H4]]]. }
destruct Hnot as [na [st1 [V1 [D1 [isH1 [Ena [I1 [X1 [[lna Dna] Vna]]]]]]]]]. rewrite Ena in E.
destruct (X1 b lb Db) as [Db1 Vb1].
destruct (unit_node kk [na; b] (or_neurons na b) 0%Q st1) as [c2 st2] eqn:E2. inversion E. subst s st'.
destruct (unit_node_ok st1 V1 D1 isH1 [na; b] _ _ (fun i => B2R (negb (sat n w p i) || sat n w q i)) c2 st2 I1 E2) as [V2 [D2 [isH2 [H1 [H2 [H3 H4]]]]]].
{ intros y Ha i Hi. unfold or_neurons. apply unit_or.
  - rewrite (agree_read st1 V1 D1 isH1 (fold_right Nat.max 0%nat (map (lev st1) [na; b])) na y i (proj1 I1) Hi (ex_intro _ lna Dna));
      [apply Vna, Hi|apply lev_max; left; reflexivity|exact Ha].
  - rewrite (agree_read st1 V1 D1 isH1 (fold_right Nat.max 0%nat (map (lev st1) [na; b])) b y i (proj1 I1) Hi (ex_intro _ lb Db1));
      [rewrite Vb1; apply Vb, Hi|apply lev_max; right; left; reflexivity|exact Ha].
  - intros Eab. apply Nat.eqb_eq in Eab. subst b. apply B2R_inj. rewrite <- Vna, <- Vb, <- Vb1 by exact Hi. reflexivity. }
exists V2, D2, isH2. split; [apply inv_remember; [exact H1|exact H3|exact H4]|].
split; [exact (ext_trans _ _ _ _ _ _ X1 H2)|split; [exact H3|exact H4]].
Qed.

Lemma select_su_ok (st : cstate) V D isH (s b : nat) (m : mask) (sign : Q) (vatt : nat -> R) (pv : nat -> bool)
  (c : nat) (st' : cstate) :
  inv st V D isH -> select_su kk var cq s b m sign st = (c, st') ->
  (forall x, agree n V D (Nat.max (lev st s) (lev st b)) x ->
     ut_head n gap (real_head (vsu_head kk var cq (c_fresh kk (S (cs_cnt st))) b s m sign)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vsu_head kk var cq (c_fresh kk (S (cs_cnt st))) b s m sign)) x i = vatt i) ->
  (forall i, (i < n)%nat -> vatt i = B2R (pv i)) ->
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' c = Some l) /\
    forall i, (i < n)%nat -> V' c i = B2R (pv i).
Proof.
intros Hinv E Hhead Hp. unfold select_su in E. inversion E. subst c st'. clear E.
apply (inv_sel st V D isH _ (vsu_head kk var cq (c_fresh kk (S (cs_cnt st))) b s m sign)
         (rounding1 (c_fresh kk (S (S (cs_cnt st)))) (c_fresh kk (S (cs_cnt st)))) vatt _ Hinv eq_refl eq_refl Hhead).
intros y Ha Hh i Hi. cbn [sh_out vsu_head] in Hh. apply unit_rounding1. rewrite Hh by exact Hi. apply Hp, Hi.
Qed.

(** What a compiler step from the ghost (V, D) gives: an extension of it, for st', in which c
    holds f. *)
Definition written (st' : cstate) V D (c : nat) (f : nat -> bool) : Prop :=
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' c = Some l) /\
    forall i, (i < n)%nat -> V' c i = B2R (f i).

Lemma written_eq (st' : cstate) V D (c : nat) (f g : nat -> bool) :
  (forall i, (i < n)%nat -> f i = g i) -> written st' V D c f -> written st' V D c g.
Proof.
intros Hfg [V' [D' [isH' [H1 [H2 [H3 H4]]]]]]. exists V', D', isH'.
split; [exact H1|split; [exact H2|split; [exact H3|intros i Hi; rewrite <- Hfg by exact Hi; apply H4, Hi]]].
Qed.

(** Remembering p at its coordinate keeps what was written. *)
Lemma written_remember (st' : cstate) V D (p : ltl) (c : nat) :
  written st' V D c (sat n w p) -> written (remember p c st') V D c (sat n w p).
Proof.
intros [V' [D' [isH' [H1 [H2 [H3 H4]]]]]]. exists V', D', isH'.
split; [apply inv_remember; assumption|split; [exact H2|split; assumption]].
Qed.

(** A node over two sub-formulas (and, or, S, U): compile p, then q, then the step k on their
    coordinates a, b; if k writes r from any such a, b, the node writes r. *)
Lemma node_two (p q r : ltl) (k : nat -> nat -> cstate -> nat * cstate) st V D isH (c : nat) (st' : cstate) :
  (forall st V D isH c st', inv st V D isH -> node kk var cq p st = (c, st') -> written st' V D c (sat n w p)) ->
  (forall st V D isH c st', inv st V D isH -> node kk var cq q st = (c, st') -> written st' V D c (sat n w q)) ->
  inv st V D isH ->
  (forall st2 V1 D1 V2 D2 isH2 a b c st', inv st2 V2 D2 isH2 -> ext V D V1 D1 -> (exists la, D1 a = Some la) ->
     (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) -> ext V1 D1 V2 D2 -> (exists lb, D2 b = Some lb) ->
     (forall i, (i < n)%nat -> V2 b i = B2R (sat n w q i)) -> k a b st2 = (c, st') -> written st' V D c (sat n w r)) ->
  (let '(c, st') := let '(a, st1) := node kk var cq p st in let '(b, st2) := node kk var cq q st1 in k a b st2 in
   (c, remember r c st')) = (c, st') -> written st' V D c (sat n w r).
Proof.
intros Hp Hq Hinv Hk E. destruct (node kk var cq p st) as [a st1] eqn:Ea.
destruct (Hp st V D isH a st1 Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [Da Va]]]]]].
destruct (node kk var cq q st1) as [b st2] eqn:Eb. destruct (Hq st1 V1 D1 isH1 b st2 I1 Eb) as [V2 [D2 [isH2 [I2 [X2 [Db Vb]]]]]].
destruct (k a b st2) as [c1 st3] eqn:E1. inversion E. subst c st'. exact (written_remember _ _ _ _ _ (Hk _ _ _ _ _ _ _ _ _ _ I2 X1 Da Va X2 Db Vb E1)).
Qed.

(** and / or: a Boolean unit over the coordinates a, b of p, q holds op of their values. *)
Lemma node_bin (st2 : cstate) V D V1 D1 V2 D2 isH2 (p q : ltl) (a b : nat) (hid : list sneuron)
  (op : bool -> bool -> bool) (c : nat) (st' : cstate) :
  inv st2 V2 D2 isH2 -> ext V D V1 D1 -> (exists la, D1 a = Some la) -> (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) ->
  ext V1 D1 V2 D2 -> (exists lb, D2 b = Some lb) -> (forall i, (i < n)%nat -> V2 b i = B2R (sat n w q i)) ->
  (forall c0 (y : nat -> R) pb qb, y a = B2R pb -> y b = B2R qb -> (Nat.eqb a b = true -> pb = qb) ->
     unit_val (real_unit (SUnit c0 hid 0)) y = B2R (op pb qb)) ->
  unit_node kk [a; b] hid 0%Q st2 = (c, st') -> written st' V D c (fun i => op (sat n w p i) (sat n w q i)).
Proof.
intros I2 X1 [la Da] Va X2 [lb Db] Vb Hu E1. destruct (X2 a la Da) as [Da2 Va2].
destruct (unit_node_ok st2 V2 D2 isH2 [a; b] _ _ (fun i => B2R (op (sat n w p i) (sat n w q i))) c st' I2 E1)
  as [V' [D' [isH' [H1 [H2 [H3 H4]]]]]].
{ intros y Ha i Hi. apply Hu.
  - rewrite (agree_read st2 V2 D2 isH2 (fold_right Nat.max 0%nat (map (lev st2) [a; b])) a y i (proj1 I2) Hi (ex_intro _ la Da2));
      [rewrite Va2; apply Va, Hi|apply lev_max; left; reflexivity|exact Ha].
  - rewrite (agree_read st2 V2 D2 isH2 (fold_right Nat.max 0%nat (map (lev st2) [a; b])) b y i (proj1 I2) Hi (ex_intro _ lb Db));
      [apply Vb, Hi|apply lev_max; right; left; reflexivity|exact Ha].
  - intros Eab. apply Nat.eqb_eq in Eab. subst b. apply B2R_inj. rewrite <- Va, <- Vb, Va2 by exact Hi. reflexivity. }
exists V', D', isH'. split; [exact H1|split; [exact (ext_trans _ _ _ _ _ _ (ext_trans _ _ _ _ _ _ X1 X2) H2)|split; assumption]].
Qed.

(** Y / X: the selection head reads p's coordinate a at position nb i, gated by the coordinate g
    (first / last) that the step stg writes with value q. *)
Lemma node_sel (st1 : cstate) V D V1 D1 isH1 (p : ltl) (a g : nat) (m : mask) (s : Q) (nb : nat -> nat) (q : nat -> bool)
  (stg : cstate -> cstate) (c : nat) (st' : cstate) :
  inv st1 V1 D1 isH1 -> ext V D V1 D1 -> (exists la, D1 a = Some la) -> (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) ->
  (forall st V D isH, inv st V D isH -> exists V' D' isH', inv (stg st) V' D' isH' /\ ext V D V' D' /\
     D' g = Some 1%nat /\ forall i, (i < n)%nat -> V' g i = B2R (q i)) ->
  (forall att x, pe_agree x -> tieless n gap (real_head (vhead kk var cq att a m s)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vhead kk var cq att a m s)) x i = x (nb i) a) ->
  (forall i, (i < n)%nat -> (nb i < n)%nat) -> select kk var cq a g m s (stg st1) = (c, st') ->
  written st' V D c (fun i => sat n w p (nb i) && negb (q i)).
Proof.
intros I1 X1 [la Da] Va Hg Hh Hnb E1.
destruct (Hg st1 V1 D1 isH1 I1) as [V2 [D2 [isH2 [I2 [X2 [Df Vf]]]]]]. destruct (X2 a la Da) as [Da2 Va2].
destruct (select_ok (stg st1) V2 D2 isH2 a g m s (fun i => sat n w p (nb i)) q (fun i => V2 a (nb i)) c st' I2 E1 (ex_intro _ 1%nat Df) Vf)
  as [V' [D' [isH' [H1 [H2 [H3 H4]]]]]].
{ intros x Ha. destruct (Hh (c_fresh kk (S (cs_cnt (stg st1)))) x (agree_pe _ _ _ _ _ x (proj1 I2) Ha)) as [T O].
  split; [right; exact T|]. intros i Hi. rewrite O by exact Hi.
  apply (agree_read (stg st1) V2 D2 isH2 (Nat.max (lev (stg st1) a) (lev (stg st1) g)) a x (nb i) (proj1 I2) (Hnb i Hi) (ex_intro _ la Da2));
    [lia|exact Ha]. }
{ intros i Hi. rewrite Va2. apply Va, Hnb, Hi. }
exists V', D', isH'. split; [exact H1|split; [exact (ext_trans _ _ _ _ _ _ (ext_trans _ _ _ _ _ _ X1 X2) H2)|split; assumption]].
Qed.

(** S / U: the stop node !p | q, then the head reading q's coordinate b at the stop top i. *)
Lemma node_su (st2 : cstate) V D V1 D1 V2 D2 isH2 (p q : ltl) (a b : nat) (m : mask) (sign : Q) (top : nat -> nat)
  (s c : nat) (st3 st' : cstate) :
  inv st2 V2 D2 isH2 -> ext V D V1 D1 -> (exists la, D1 a = Some la) -> (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) ->
  ext V1 D1 V2 D2 -> (exists lb, D2 b = Some lb) -> (forall i, (i < n)%nat -> V2 b i = B2R (sat n w q i)) ->
  (forall att s x, pe_agree x -> (forall j, (j < n)%nat -> x j s = B2R (negb (sat n w p j) || sat n w q j)) ->
     tieless n gap (real_head (vsu_head kk var cq att b s m sign)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vsu_head kk var cq att b s m sign)) x i = x (top i) b) ->
  (forall i, (i < n)%nat -> (top i < n)%nat) ->
  stop_node kk p q a b st2 = (s, st3) -> select_su kk var cq s b m sign st3 = (c, st') ->
  written st' V D c (fun i => sat n w q (top i)).
Proof.
intros I2 X1 [la Da] Va X2 [lb Db] Vb Hh Htop Es E1. destruct (X2 a la Da) as [Da2 Va2].
destruct (stop_node_ok st2 V2 D2 isH2 p q a b s st3 I2 (ex_intro _ la Da2) (fun i Hi => eq_trans (Va2 i) (Va i Hi))
            (ex_intro _ lb Db) Vb Es) as [V3 [D3 [isH3 [I3 [X3 [[ls Ds] Vs]]]]]].
destruct (X3 b lb Db) as [Db3 Vb3].
destruct (select_su_ok st3 V3 D3 isH3 s b m sign (fun i => V3 b (top i)) (fun i => sat n w q (top i)) c st' I3 E1)
  as [V' [D' [isH' [H1 [H2 [H3 H4]]]]]].
{ intros x Ha.
  assert (Hx : forall j, (j < n)%nat -> x j s = B2R (negb (sat n w p j) || sat n w q j)).
  { intros j Hj. rewrite (agree_read st3 V3 D3 isH3 (Nat.max (lev st3 s) (lev st3 b)) s x j (proj1 I3) Hj (ex_intro _ ls Ds));
      [apply Vs, Hj|lia|exact Ha]. }
  destruct (Hh (c_fresh kk (S (cs_cnt st3))) s x (agree_pe _ _ _ _ _ x (proj1 I3) Ha) Hx) as [T O].
  split; [right; exact T|]. intros i Hi. rewrite O by exact Hi.
  apply (agree_read st3 V3 D3 isH3 (Nat.max (lev st3 s) (lev st3 b)) b x (top i) (proj1 I3) (Htop i Hi) (ex_intro _ lb Db3));
    [lia|exact Ha]. }
{ intros i Hi. rewrite Vb3. apply Vb, Htop, Hi. }
exists V', D', isH'.
split; [exact H1|split; [exact (ext_trans _ _ _ _ _ _ (ext_trans _ _ _ _ _ _ (ext_trans _ _ _ _ _ _ X1 X2) X3) H2)|split; assumption]].
Qed.

(** Every sub-formula's coordinate holds its truth value (the heart of Theorem 12). *)
Lemma node_ok (p : ltl) : forall (st : cstate) V D isH (c : nat) (st' : cstate),
  letters_below kk p = true -> fut || past p = true -> inv st V D isH -> node kk var cq p st = (c, st') ->
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' c = Some l) /\
    forall i, (i < n)%nat -> V' c i = B2R (sat n w p i).
Proof.
induction p as [a|b|p IH|p IHp q IHq|p IHp q IHq|p IH|p IH|p IHp q IHq|p IHp q IHq]; intros st V D isH c st' Hlet Hpast Hinv E;
  cbn [node] in E; destruct (lookup ltl_eqb _ (cs_memo st)) as [c0|] eqn:Em;
  try (inversion E; subst c0 st'; exists V, D, isH; split; [exact Hinv|split; [apply ext_refl|]];
       destruct Hinv as [_ [_ [_ [_ Hme]]]]; exact (Hme _ c Em)).
- (* a letter *)
  inversion E. subst c st'. simpl in Hlet. apply Nat.ltb_lt in Hlet.
  destruct Hinv as [Hc R]. pose proof (co_inputs _ _ _ _ Hc a ltac:(lia)) as Ea.
  assert (Hv : forall i, (i < n)%nat -> V a i = B2R (sat n w (LAtom a) i)).
  { intros i Hi. rewrite <- (co_in_val _ _ _ _ Hc a i Ea Hi). apply x0_letter, Hlet. }
  exists V, D, isH. split; [apply inv_remember; [split; assumption|exists 0%nat; exact Ea|exact Hv]|].
  split; [apply ext_refl|split; [exists 0%nat; exact Ea|exact Hv]].
- (* a constant *)
  destruct (unit_node kk [] [] (if b then 1%Q else 0%Q) st) as [c1 st1] eqn:E1. inversion E. subst c st'.
  destruct (unit_node_ok st V D isH [] [] _ (fun _ => B2R b) c1 st1 Hinv E1) as [V' [D' [isH' [H1 [H2 [H3 H4]]]]]].
  { intros y _ i _. apply unit_const. }
  exists V', D', isH'. split; [apply inv_remember; [exact H1|exact H3|intros i Hi; rewrite H4 by exact Hi; reflexivity]|].
  split; [exact H2|split; [exact H3|intros i Hi; rewrite H4 by exact Hi; reflexivity]].
- (* not *)
  destruct (node kk var cq p st) as [a st1] eqn:Ea.
  destruct (IH st V D isH a st1 Hlet Hpast Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [[la Da] Va]]]]]].
  destruct (unit_node kk [a] _ 0%Q st1) as [c1 st2] eqn:E1. inversion E. subst c st'.
  destruct (unit_node_ok st1 V1 D1 isH1 [a] _ _ (fun i => B2R (negb (sat n w p i))) c1 st2 I1 E1) as [V' [D' [isH' [H1 [H2 [H3 H4]]]]]].
  { intros y Ha i Hi. apply unit_not. rewrite (agree_read st1 V1 D1 isH1 (fold_right Nat.max 0%nat (map (lev st1) [a])) a y i (proj1 I1) Hi (ex_intro _ la Da)); [apply Va, Hi|apply lev_max; left; reflexivity|exact Ha]. }
  exists V', D', isH'. split; [apply inv_remember; [exact H1|exact H3|exact H4]|].
  split; [exact (ext_trans _ _ _ _ _ _ X1 H2)|split; [exact H3|exact H4]].
- (* and *)
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (node_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 (orb_and_l _ _ _ Hpast))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 (orb_and_r _ _ _ Hpast)) Hinv _ E).
  intros st2 V1 D1 V2 D2 isH2 a b c1 st3 I2 X1 Da Va X2 Db Vb E1.
  exact (node_bin st2 V D V1 D1 V2 D2 isH2 p q a b _ andb c1 st3 I2 X1 Da Va X2 Db Vb (fun c0 y pb qb => unit_and c0 a b pb qb y) E1).
- (* or *)
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (node_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 (orb_and_l _ _ _ Hpast))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 (orb_and_r _ _ _ Hpast)) Hinv _ E).
  intros st2 V1 D1 V2 D2 isH2 a b c1 st3 I2 X1 Da Va X2 Db Vb E1.
  exact (node_bin st2 V D V1 D1 V2 D2 isH2 p q a b _ orb c1 st3 I2 X1 Da Va X2 Db Vb (fun c0 y pb qb => unit_or c0 a b pb qb y) E1).
- (* Y *)
  destruct (node kk var cq p st) as [a st1] eqn:Ea.
  destruct (IH st V D isH a st1 Hlet Hpast Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [Da Va]]]]]].
  destruct (select kk var cq a (c_first kk) Future 1 (first kk st1)) as [c1 st3] eqn:E1. inversion E. subst c st'.
  apply written_remember, (written_eq _ _ _ _ _ _ (sat_Y n w p)).
  exact (node_sel st1 V D V1 D1 isH1 p a _ Future 1 (fun i => i - 1)%nat (fun i => Nat.eqb i 0) (first kk) c1 st3 I1 X1 Da Va first_ok (fun att => HY att a) (fun i Hi => Nat.le_lt_trans _ _ _ (Nat.le_sub_l i 1) Hi) E1).
- (* X *)
  assert (Hf : fut = true) by (destruct fut; [reflexivity|discriminate Hpast]).
  destruct (node kk var cq p st) as [a st1] eqn:Ea.
  destruct (IH st V D isH a st1 Hlet ltac:(rewrite Hf; reflexivity) Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [Da Va]]]]]].
  destruct (select kk var cq a (c_last kk) Past (-1) (last kk st1)) as [c1 st3] eqn:E1. inversion E. subst c st'.
  apply written_remember, (written_eq _ _ _ _ _ _ (sat_X n w p)).
  exact (node_sel st1 V D V1 D1 isH1 p a _ Past (-1) _ _ (last kk) c1 st3 I1 X1 Da Va last_ok (fun att => HX Hf att a) (x_next_lt n) E1).
- (* S *)
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (node_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 (orb_and_l _ _ _ Hpast))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 (orb_and_r _ _ _ Hpast)) Hinv _ E).
  intros st2 V1 D1 V2 D2 isH2 a b c1 st4 I2 X1 Da Va X2 Db Vb E1. destruct (stop_node kk p q a b st2) as [s st3] eqn:Es.
  apply (written_eq _ _ _ _ _ _ (fun i _ => eq_sym (since_top _ _ i))).
  exact (node_su st2 V D V1 D1 V2 D2 isH2 p q a b Future 1 _ s c1 st3 st4 I2 X1 Da Va X2 Db Vb (fun att s x => HS att b s x _)
           (fun i Hi => Nat.le_lt_trans _ _ _ (topS_le _ i) Hi) Es E1).
- (* U *)
  assert (Hf : fut = true) by (destruct fut; [reflexivity|discriminate Hpast]).
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (node_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 ltac:(rewrite Hf; reflexivity))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 ltac:(rewrite Hf; reflexivity)) Hinv _ E).
  intros st2 V1 D1 V2 D2 isH2 a b c1 st4 I2 X1 Da Va X2 Db Vb E1. destruct (stop_node kk p q a b st2) as [s st3] eqn:Es.
  apply (written_eq _ _ _ _ _ _ (fun i Hi => eq_sym (until_top _ _ (n - i) i ltac:(lia)))).
  exact (node_su st2 V D V1 D1 V2 D2 isH2 p q a b Past (-1) _ s c1 st3 st4 I2 X1 Da Va X2 Db Vb (fun att s x => HU Hf att b s x _)
           (fun i Hi => proj2 (topU_lt _ n i Hi)) Es E1).
Qed.

Definition D0 (c : nat) : option nat := if (c <? kk + length (pes var))%nat then Some 0%nat else None.

Lemma layer_ok_empty V D isH (m : nat) : (forall c, at_lev D c (S m) = false) -> layer_ok n V D isH gap m (real_layer empty_layer).
Proof.
intros H. split.
- intros x _. split; [intros h []|]. intros i c _. simpl. rewrite H. reflexivity.
- intros y _ _ i c _. simpl. rewrite H. reflexivity.
Qed.

Lemma inv_init : inv init_state (fun c i => x0 i c) D0 (fun _ => false).
Proof.
pose proof (pes_len var) as Hpl.
split; [|split; [|split; [|split]]].
- constructor.
  + intros c Hc. unfold D0. replace (c <? kk + length (pes var))%nat with true by (symmetry; apply Nat.ltb_lt, Hc). reflexivity.
  + intros c i _ _. reflexivity.
  + intros c i E Hi. unfold D0 in E. destruct (c <? kk + length (pes var))%nat eqn:Ec; [congruence|]. apply Nat.ltb_ge in Ec.
    unfold x0, embed. replace (c <? kk)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
    apply nth_overflow. rewrite map_length. lia.
  + intros m. destruct m; apply layer_ok_empty; intros c; unfold at_lev, D0; destruct (c <? kk + length (pes var))%nat; reflexivity.
  + intros c l E. unfold D0 in E. destruct (c <? kk + length (pes var))%nat; inversion E. simpl. lia.
  + intros c l E. unfold D0 in E. destruct (c <? kk + length (pes var))%nat; inversion E. reflexivity.
- intros c Hc. unfold D0, c_fresh in *. simpl in Hc. replace (c <? kk + length (pes var))%nat with false by (symmetry; apply Nat.ltb_ge; lia). reflexivity.
- simpl. unfold D0, c_first, c_avg_first. split; [replace (kk + 7 <? kk + length (pes var))%nat with false|replace (kk + 9 <? kk + length (pes var))%nat with false];
    try reflexivity; symmetry; apply Nat.ltb_ge; lia.
- simpl. unfold D0, c_last, c_avg_last. split; [replace (kk + 8 <? kk + length (pes var))%nat with false|replace (kk + 10 <? kk + length (pes var))%nat with false];
    try reflexivity; symmetry; apply Nat.ltb_ge; lia.
- intros p c E. discriminate.
Qed.

Lemma nets_ok_nth V D isH (Ls : snet) (m0 : nat) :
  (forall m, layer_ok n V D isH gap (m0 + m) (real_layer (nth m Ls empty_layer))) -> nets_ok n V D isH gap m0 (real_net Ls).
Proof.
revert m0. induction Ls as [|L Ls IH]; intros m0 H; [exact I|]. split.
- specialize (H 0%nat). rewrite Nat.add_0_r in H. exact H.
- apply IH. intros m. specialize (H (S m)). rewrite Nat.add_succ_r in H. exact H.
Qed.

(** The compiled network, run hard on the embedding of w: the output coordinate is [w, i |= p]
    at every position, and every head is uniform or tieless with gap 1/n at every layer. *)
Lemma compile_ok (p : ltl) : letters_below kk p = true -> fut || past p = true ->
  (forall i, (i < n)%nat -> hard_run n (real_net (fst (compile kk var cq p))) x0 i (snd (compile kk var cq p))
                            = B2R (sat n w p i)) /\
  gaps_ok n gap (real_net (fst (compile kk var cq p))) x0.
Proof.
intros Hlet Hpast. unfold compile. destruct (node kk var cq p init_state) as [c st] eqn:E. cbn [fst snd].
destruct (node_ok p init_state _ _ _ c st Hlet Hpast inv_init E) as [V [D [isH [[Hc _] [_ [[l Dc] Vc]]]]]].
assert (Hnets : nets_ok n V D isH gap 0 (real_net (at_layer 0 (fun L => L) (cs_layers st)))).
{ apply nets_ok_nth. intros m. rewrite nth_at_layer. simpl (0 + m)%nat. destruct (Nat.eqb m 0) eqn:Em; [apply Nat.eqb_eq in Em; subst m|]; apply (co_layers _ _ _ _ Hc). }
assert (Ha0 : agree n V D 0 x0).
{ intros i c' l' Hi E' Hl. assert (l' = 0%nat) by lia. subst l'. apply (co_in_val _ _ _ _ Hc); assumption. }
assert (Hz0 : zero_above n D 0 x0).
{ intros i c' Hi Hab. apply (co_zero _ _ _ _ Hc); [|exact Hi]. intros E'. specialize (Hab 0%nat E'). lia. }
destruct (run_levels n V D isH gap _ 0 x0 Hnets Ha0 Hz0) as [Hrun Hgaps]. split; [|exact Hgaps].
intros i Hi. rewrite (Hrun i c l Hi Dc); [apply Vc, Hi|].
pose proof (co_len _ _ _ _ Hc c l Dc). unfold real_net. rewrite map_length, length_at_layer. simpl. lia.
Qed.

End Invariant.
