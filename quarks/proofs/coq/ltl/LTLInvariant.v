(** * Seed 004, the compiled LTL networks: the compiler's invariant, and its steps.

    The ghost (V, D, isH) of a compiler state gives every coordinate the compiler has written its
    value and level; [inv] holds when the layers agree with it ([core]), fresh names are unused,
    the first / last positions are found or not yet asked for, and the memo table holds the
    values of the remembered formulas.  Every compiler step keeps it, for every variant whose four
    selection heads are right ([Y_ok], [X_ok], [S_ok], [U_ok]): a unit, a head, the first / last
    step (Proposition 11), a selection head with its gated rounding, the stop node of S / U; and
    it holds at the initial state ([inv_init]). *)
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

End Invariant.
