(** * Seed 004, Section 6: a fragment of S-RASP (Strobl et al.), its syntax, semantics and types.

    A program runs on a word w_0 .. w_(n-1) over letters 0..k-1, for every length n.  Its sequences
    are numbered: 0..k-1 the letter indicators [w_i = a] (Boolean), k the constant 1 (Boolean),
    k + 1 the position (i + 1)/n (rational), k + 2 the indicator [i odd] (Boolean; positions are
    0-based), and k + 3 + j the output of the j-th operation.  The operations, each computing one
    new sequence at every position i:
    - [SLin w b]: sum_(a, c) in w c x_i[a] + b (a linear map); [SRelu w b]: its ReLU;
    - [SNot a], [SAnd a b], [SOr a b], [SIf g a b]: the Boolean connectives 1 - x, x y, x + y - x y
      and g ? a : b = g a + (1 - g) b;
    - [SAvg m a]: the average of x_j[a] over the positions j visible from i (mask m: future j <= i,
      past j >= i, or none): uniform averaging;
    - [SSel m dr q kk v]: tieless hard attention: x_j[v] at the leftmost (dr = LeftMost) or
      rightmost visible j with q_i and kk_j (Boolean sequences); when there is none, the default
      is x_j[v] at the leftmost (rightmost) visible position;
    - [SSelM m dr ps v]: the same with the predicate "q_i and kk_j for some pair (q, kk) of ps"
      (Boolean sequences), read as a best match: x_j[v] at the leftmost (rightmost) visible j where
      the number of such pairs is largest.  When the queries q are exclusive (at most one holds at
      each position, as for one-hot letters), this is the selection of the leftmost (rightmost) j
      with the predicate, e.g. q(i) = k(j) for one-hot encoded values, with the same default
      ([best_pred_or]).
    A program is well typed ([srasp_wt]) when every operation reads sequences defined before it and
    the Boolean connectives and the query and key of a selection read Boolean sequences; then
    every Boolean sequence is 0 or 1 at every position ([srun_bool]).  [sel_default] builds the
    selection with an arbitrary Boolean default sequence from four operations ([sel_default_sem]).

    The sequences are the coordinates of the stream of [TransformerModel]; the semantics writes
    coordinate k + 3 + j with the j-th operation ([srun]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List FunctionalExtensionality.
From Quarks Require Import RSum TransformerModel MatrixGap.
Import ListNotations.
Open Scope R_scope.

(** ** Syntax and semantics *)

Inductive dir := LeftMost | RightMost.

Inductive sop :=
| SLin (w : list (nat * R)) (b : R)
| SRelu (w : list (nat * R)) (b : R)
| SNot (a : nat)
| SAnd (a b : nat)
| SOr (a b : nat)
| SIf (g a b : nat)
| SAvg (m : mask) (a : nat)
| SSel (m : mask) (dr : dir) (q kk v : nat)
| SSelM (m : mask) (dr : dir) (ps : list (nat * nat)) (v : nat).

Definition isone (r : R) : bool := if Req_EM_T r 1 then true else false.

(** The leftmost and the rightmost t < cnt with B t. *)
Fixpoint lfind (B : nat -> bool) (cnt : nat) : option nat :=
  match cnt with
  | O => None
  | S m => match lfind B m with Some t => Some t | None => if B m then Some m else None end
  end.

Fixpoint rfind (B : nat -> bool) (cnt : nat) : option nat :=
  match cnt with O => None | S m => if B m then Some m else rfind B m end.

(** The selected offset among the visible positions: the leftmost (rightmost) one satisfying B,
    else the leftmost (rightmost) one. *)
Definition sel_top (dr : dir) (B : nat -> bool) (cnt : nat) : nat :=
  match dr with
  | LeftMost => match lfind B cnt with Some t => t | None => O end
  | RightMost => match rfind B cnt with Some t => t | None => (cnt - 1)%nat end
  end.

(** The predicate of a selection at query position i: q_i and kk_(lo + t). *)
Definition sel_pred (m : mask) (q kk : nat) (x : stream) (i : nat) (t : nat) : bool :=
  isone (x i q) && isone (x (vis_lo m i + t)%nat kk).

(** The number of pairs (q, kk) of ps with q_i and kk_j; the largest of C 0, .., C (cnt - 1); the
    visible offsets where the count is largest. *)
Definition sel_count (ps : list (nat * nat)) (x : stream) (i j : nat) : nat :=
  length (filter (fun p => isone (x i (fst p)) && isone (x j (snd p))) ps).

Fixpoint nmax (C : nat -> nat) (cnt : nat) : nat :=
  match cnt with O => O | S m => Nat.max (nmax C m) (C m) end.

Definition best_pred (m : mask) (ps : list (nat * nat)) (x : stream) (n i : nat) (t : nat) : bool :=
  Nat.eqb (sel_count ps x i (vis_lo m i + t)) (nmax (fun t => sel_count ps x i (vis_lo m i + t)) (vis_cnt m n i)).

Definition sop_sem (n : nat) (o : sop) (x : stream) (i : nat) : R :=
  match o with
  | SLin w b => lin w (x i) + b
  | SRelu w b => Rmax 0 (lin w (x i) + b)
  | SNot a => 1 - x i a
  | SAnd a b => x i a * x i b
  | SOr a b => x i a + x i b - x i a * x i b
  | SIf g a b => x i g * x i a + (1 - x i g) * x i b
  | SAvg m a => / INR (vis_cnt m n i) * rsum (fun t => x (vis_lo m i + t)%nat a) 0 (vis_cnt m n i)
  | SSel m dr q kk v => x (vis_lo m i + sel_top dr (sel_pred m q kk x i) (vis_cnt m n i))%nat v
  | SSelM m dr ps v => x (vis_lo m i + sel_top dr (best_pred m ps x n i) (vis_cnt m n i))%nat v
  end.

(** Writing sequence c. *)
Definition upd (x : stream) (c : nat) (f : nat -> R) : stream := fun i c' => if Nat.eqb c' c then f i else x i c'.

(** The run from sequence c on: the j-th operation writes sequence c + j. *)
Fixpoint srun (n c : nat) (p : list sop) (x : stream) : stream :=
  match p with [] => x | o :: p' => srun n (S c) p' (upd x c (sop_sem n o x)) end.

(** The input: letters, the constant 1, the position (i + 1)/n and [i odd] (the paper's position i + 1
    even: the Boolean form of (-1)^(i+1)). *)
Definition srasp_pe : list (nat -> nat -> R) := [fun _ _ => 1; fun i n => INR i / INR n; fun i _ => if Nat.even i then 1 else 0].

Definition srasp_input (k n : nat) (w : list nat) : stream := word_input k srasp_pe n w.

(** The value of every sequence of program p on the word w of length n. *)
Definition srasp_run (k n : nat) (p : list sop) (w : list nat) : stream := srun n (k + 3) p (srasp_input k n w).

(** ** Types *)

(** tys lists, for the sequences defined so far, whether each is Boolean. *)
Definition in_ty (tys : list bool) (a : nat) : bool := (a <? length tys)%nat.
Definition bool_ty (tys : list bool) (a : nat) : bool := (a <? length tys)%nat && nth a tys false.

Definition sop_ok (tys : list bool) (o : sop) : bool :=
  match o with
  | SLin w _ | SRelu w _ => forallb (fun p => in_ty tys (fst p)) w
  | SNot a => bool_ty tys a
  | SAnd a b | SOr a b => bool_ty tys a && bool_ty tys b
  | SIf g a b => bool_ty tys g && bool_ty tys a && bool_ty tys b
  | SAvg _ a => in_ty tys a
  | SSel _ _ q kk v => bool_ty tys q && bool_ty tys kk && in_ty tys v
  | SSelM _ _ ps v => forallb (fun p => bool_ty tys (fst p) && bool_ty tys (snd p)) ps && in_ty tys v
  end.

Definition sop_bool (tys : list bool) (o : sop) : bool :=
  match o with SNot _ | SAnd _ _ | SOr _ _ | SIf _ _ _ => true | SSel _ _ _ _ v | SSelM _ _ _ v => bool_ty tys v | _ => false end.

Fixpoint wt (tys : list bool) (p : list sop) : bool :=
  match p with [] => true | o :: p' => sop_ok tys o && wt (tys ++ [sop_bool tys o]) p' end.

Fixpoint out_tys (tys : list bool) (p : list sop) : list bool :=
  match p with [] => tys | o :: p' => out_tys (tys ++ [sop_bool tys o]) p' end.

Definition in_tys (k : nat) : list bool := repeat true k ++ [true; false; true].

Definition srasp_wt (k : nat) (p : list sop) : bool := wt (in_tys k) p.

(** Sequence c of program p is Boolean. *)
Definition srasp_bool (k : nat) (p : list sop) (c : nat) : bool := bool_ty (out_tys (in_tys k) p) c.

Lemma out_tys_length (tys : list bool) (p : list sop) : length (out_tys tys p) = (length tys + length p)%nat.
Proof.
revert tys. induction p as [|o p IH]; intros tys; simpl; [lia|]. rewrite IH, app_length. simpl. lia.
Qed.

(** ** The selection finds what it should *)

Lemma lfind_some (B : nat -> bool) (cnt t : nat) : lfind B cnt = Some t ->
  (t < cnt)%nat /\ B t = true /\ forall t', (t' < t)%nat -> B t' = false.
Proof.
revert t. induction cnt as [|m IH]; intros t H; simpl in H; [discriminate|].
destruct (lfind B m) as [t0|] eqn:E.
- injection H as <-. destruct (IH t0 eq_refl) as [H1 [H2 H3]]. split; [lia|split; assumption].
- destruct (B m) eqn:Bm; [|discriminate]. injection H as <-. split; [lia|split; [exact Bm|]].
  intros t' Ht'. destruct (B t') eqn:Bt; [|reflexivity].
  assert (Hex : forall c, (t' < c)%nat -> (c <= m)%nat -> lfind B c <> None).
  { induction c as [|c IHc]; intros H1 H2; [lia|]. simpl. destruct (Nat.eq_dec t' c) as [->|Hne].
    - destruct (lfind B c); [discriminate|]. rewrite Bt. discriminate.
    - pose proof (IHc ltac:(lia) ltac:(lia)) as IH'. destruct (lfind B c); [discriminate|]. exfalso. apply IH'. reflexivity. }
  exfalso. apply (Hex m); [lia|lia|exact E].
Qed.

Lemma lfind_none (B : nat -> bool) (cnt : nat) : lfind B cnt = None -> forall t, (t < cnt)%nat -> B t = false.
Proof.
induction cnt as [|m IH]; intros H t Ht; [lia|]. simpl in H. destruct (lfind B m) eqn:E; [discriminate|].
destruct (B m) eqn:Bm; [discriminate|]. destruct (Nat.eq_dec t m) as [->|Hne]; [exact Bm|apply IH; [reflexivity|lia]].
Qed.

Lemma rfind_some (B : nat -> bool) (cnt t : nat) : rfind B cnt = Some t ->
  (t < cnt)%nat /\ B t = true /\ forall t', (t < t' < cnt)%nat -> B t' = false.
Proof.
revert t. induction cnt as [|m IH]; intros t H; simpl in H; [discriminate|].
destruct (B m) eqn:Bm.
- injection H as <-. split; [lia|split; [exact Bm|intros; lia]].
- destruct (IH t H) as [H1 [H2 H3]]. split; [lia|split; [exact H2|]].
  intros t' Ht'. destruct (Nat.eq_dec t' m) as [->|Hne]; [exact Bm|apply H3; lia].
Qed.

Lemma rfind_none (B : nat -> bool) (cnt : nat) : rfind B cnt = None -> forall t, (t < cnt)%nat -> B t = false.
Proof.
induction cnt as [|m IH]; intros H t Ht; [lia|]. simpl in H. destruct (B m) eqn:Bm; [discriminate|].
destruct (Nat.eq_dec t m) as [->|Hne]; [exact Bm|apply IH; [exact H|lia]].
Qed.

Lemma sel_top_lt (dr : dir) (B : nat -> bool) (cnt : nat) : (1 <= cnt)%nat -> (sel_top dr B cnt < cnt)%nat.
Proof.
intros Hc. destruct dr; simpl.
- destruct (lfind B cnt) as [t|] eqn:E; [apply (lfind_some B cnt t E)|lia].
- destruct (rfind B cnt) as [t|] eqn:E; [apply (rfind_some B cnt t E)|lia].
Qed.

(** The selected offset t: if some visible offset satisfies B, t does, and every other offset
    satisfying B lies beyond t in the direction away from dr (right of it for LeftMost); if none
    does, t is the extreme offset. *)
Lemma sel_top_spec (dr : dir) (B : nat -> bool) (cnt : nat) : (1 <= cnt)%nat ->
  ((exists t', (t' < cnt)%nat /\ B t' = true) -> B (sel_top dr B cnt) = true) /\
  forall t', (t' < cnt)%nat -> t' <> sel_top dr B cnt -> B t' = B (sel_top dr B cnt) ->
    match dr with LeftMost => (sel_top dr B cnt < t')%nat | RightMost => (t' < sel_top dr B cnt)%nat end.
Proof.
intros Hc. destruct dr; simpl.
- destruct (lfind B cnt) as [t|] eqn:E.
  + destruct (lfind_some B cnt t E) as [H1 [H2 H3]]. split; [intros; exact H2|].
    intros t' Ht' Hne HB. destruct (Nat.lt_ge_cases t t') as [Hlt|Hge]; [exact Hlt|].
    rewrite (H3 t') in HB by lia. congruence.
  + pose proof (lfind_none B cnt E) as H0. split.
    * intros [t' [Ht' HB]]. rewrite H0 in HB by exact Ht'. discriminate.
    * intros t' Ht' Hne _. lia.
- destruct (rfind B cnt) as [t|] eqn:E.
  + destruct (rfind_some B cnt t E) as [H1 [H2 H3]]. split; [intros; exact H2|].
    intros t' Ht' Hne HB. destruct (Nat.lt_ge_cases t' t) as [Hlt|Hge]; [exact Hlt|].
    rewrite (H3 t') in HB by lia. congruence.
  + pose proof (rfind_none B cnt E) as H0. split.
    * intros [t' [Ht' HB]]. rewrite H0 in HB by exact Ht'. discriminate.
    * intros t' Ht' Hne _. lia.
Qed.

(** ** Well-typed programs: Boolean sequences are 0 or 1 *)

Definition is01 (r : R) : Prop := r = 0 \/ r = 1.

(** Every sequence typed Boolean in tys is 0 or 1 at positions 0..n-1. *)
Definition ty_ok (n : nat) (tys : list bool) (x : stream) : Prop :=
  forall a i, bool_ty tys a = true -> (i < n)%nat -> is01 (x i a).

Lemma bool_ty_app (tys : list bool) (b : bool) (a : nat) :
  bool_ty (tys ++ [b]) a = if Nat.eqb a (length tys) then b else bool_ty tys a.
Proof.
unfold bool_ty. rewrite app_length. simpl.
destruct (Nat.eqb a (length tys)) eqn:E.
- apply Nat.eqb_eq in E. subst a. rewrite nth_middle. replace (length tys <? length tys + 1)%nat with true; [reflexivity|].
  symmetry. apply Nat.ltb_lt. lia.
- apply Nat.eqb_neq in E. destruct (a <? length tys)%nat eqn:L.
  + apply Nat.ltb_lt in L. rewrite app_nth1 by exact L. replace (a <? length tys + 1)%nat with true; [reflexivity|].
    symmetry. apply Nat.ltb_lt. lia.
  + apply Nat.ltb_ge in L. replace (a <? length tys + 1)%nat with false; [reflexivity|]. symmetry. apply Nat.ltb_ge. lia.
Qed.

Lemma is01_isone (r : R) : is01 r -> r = if isone r then 1 else 0.
Proof. intros [->| ->]; unfold isone; destruct (Req_EM_T _ 1); lra. Qed.

Lemma bool_ty_lt (tys : list bool) (a : nat) : bool_ty tys a = true -> (a < length tys)%nat.
Proof. unfold bool_ty. intros H. apply andb_true_iff in H. apply Nat.ltb_lt, H. Qed.

Lemma sop_bool_01 (n : nat) (tys : list bool) (o : sop) (x : stream) (i : nat) :
  sop_ok tys o = true -> sop_bool tys o = true -> ty_ok n tys x -> (i < n)%nat -> is01 (sop_sem n o x i).
Proof.
intros Hok Hb Hty Hi. destruct o as [w b|w b|a|a b|a b|g a b|m a|m dr q kk v|m dr ps v]; simpl in *; try discriminate.
- destruct (Hty a i Hok Hi) as [-> | ->]; [right|left]; ring.
- apply andb_true_iff in Hok. destruct Hok as [Ha Hb'].
  destruct (Hty a i Ha Hi) as [-> | ->]; destruct (Hty b i Hb' Hi) as [-> | ->]; unfold is01; lra.
- apply andb_true_iff in Hok. destruct Hok as [Ha Hb'].
  destruct (Hty a i Ha Hi) as [-> | ->]; destruct (Hty b i Hb' Hi) as [-> | ->]; unfold is01; lra.
- apply andb_true_iff in Hok. destruct Hok as [Hg Hb']. apply andb_true_iff in Hg. destruct Hg as [Hg Ha].
  destruct (Hty g i Hg Hi) as [-> | ->]; destruct (Hty a i Ha Hi) as [-> | ->]; destruct (Hty b i Hb' Hi) as [-> | ->];
  unfold is01; lra.
- apply Hty; [exact Hb|]. apply vis_range; [exact Hi|]. apply sel_top_lt, vis_pos, Hi.
- apply Hty; [exact Hb|]. apply vis_range; [exact Hi|]. apply sel_top_lt, vis_pos, Hi.
Qed.

Lemma ty_ok_upd (n : nat) (tys : list bool) (o : sop) (x : stream) :
  sop_ok tys o = true -> ty_ok n tys x ->
  ty_ok n (tys ++ [sop_bool tys o]) (upd x (length tys) (sop_sem n o x)).
Proof.
intros Hok Hty a i Ha Hi. rewrite bool_ty_app in Ha. unfold upd. destruct (Nat.eqb a (length tys)).
- apply (sop_bool_01 n tys o x i Hok Ha Hty Hi).
- apply Hty; assumption.
Qed.

(** Every sequence typed Boolean is 0 or 1 at every position, on every input whose Boolean input
    sequences are. *)
Theorem srun_bool (n : nat) (tys : list bool) (p : list sop) (x : stream) :
  wt tys p = true -> ty_ok n tys x -> ty_ok n (out_tys tys p) (srun n (length tys) p x).
Proof.
revert tys x. induction p as [|o p IH]; intros tys x Hwt Hty; [exact Hty|]. simpl in Hwt |- *.
apply andb_true_iff in Hwt. destruct Hwt as [Hok Hwt].
replace (S (length tys)) with (length (tys ++ [sop_bool tys o])) by (rewrite app_length; simpl; lia).
apply IH; [exact Hwt|]. apply ty_ok_upd; assumption.
Qed.

Lemma input_ty_ok (k n : nat) (w : list nat) : ty_ok n (in_tys k) (srasp_input k n w).
Proof.
intros a i Ha Hi. unfold bool_ty, in_tys in Ha. rewrite app_length, repeat_length in Ha. simpl in Ha.
apply andb_true_iff in Ha. destruct Ha as [Hl Hn]. apply Nat.ltb_lt in Hl.
unfold srasp_input, word_input, embed. destruct (a <? k)%nat eqn:E.
- destruct (Nat.eqb _ a); unfold is01; lra.
- apply Nat.ltb_ge in E. destruct (Nat.eq_dec a k) as [->|Hne].
  + rewrite Nat.sub_diag. right. reflexivity.
  + rewrite app_nth2 in Hn by (rewrite repeat_length; lia). rewrite repeat_length in Hn.
    destruct (Nat.eq_dec a (S k)) as [->|Hne2]; [replace (S k - k)%nat with 1%nat in Hn by lia; discriminate|].
    replace (a - k)%nat with 2%nat by lia. cbn [nth map srasp_pe]. destruct (Nat.even (S i)); [right|left]; reflexivity.
Qed.

(** Every Boolean sequence of a well-typed program is 0 or 1 at every position of every word. *)
Theorem srasp_bool_01 (k n : nat) (p : list sop) (w : list nat) (c i : nat) :
  srasp_wt k p = true -> srasp_bool k p c = true -> (i < n)%nat -> is01 (srasp_run k n p w i c).
Proof.
intros Hwt Hb Hi. unfold srasp_run.
replace (k + 3)%nat with (length (in_tys k)) by (unfold in_tys; rewrite app_length, repeat_length; reflexivity).
apply (srun_bool n (in_tys k) p _ Hwt (input_ty_ok k n w)); assumption.
Qed.

(** ** Selection with a default sequence *)

(** From sequence c on: the selected value (c), the selected key (c + 1), whether a position was
    found (c + 2: q_i and the selected key), and the result c + 3 = found ? value : default. *)
Definition sel_default (m : mask) (dr : dir) (q kk v dflt c : nat) : list sop :=
  [SSel m dr q kk v; SSel m dr q kk kk; SAnd q (S c); SIf (S (S c)) c dflt].

Lemma upd_ne (x : stream) (c a : nat) (f : nat -> R) (i : nat) : a <> c -> upd x c f i a = x i a.
Proof. intros H. unfold upd. replace (Nat.eqb a c) with false by (symmetry; apply Nat.eqb_neq, H). reflexivity. Qed.

Lemma upd_eq (x : stream) (c : nat) (f : nat -> R) (i : nat) : upd x c f i c = f i.
Proof. unfold upd. rewrite Nat.eqb_refl. reflexivity. Qed.

Lemma sel_pred_upd (m : mask) (q kk c : nat) (x : stream) (f : nat -> R) (i : nat) : q <> c -> kk <> c ->
  sel_pred m q kk (upd x c f) i = sel_pred m q kk x i.
Proof.
intros Hq Hk. apply functional_extensionality. intros t. unfold sel_pred. rewrite !upd_ne by assumption. reflexivity.
Qed.

Lemma isone_true (r : R) : isone r = true -> r = 1.
Proof. unfold isone. destruct (Req_EM_T r 1); [auto|discriminate]. Qed.

Lemma existsb_seq (B : nat -> bool) (cnt : nat) :
  existsb B (seq 0 cnt) = true <-> exists t, (t < cnt)%nat /\ B t = true.
Proof.
rewrite existsb_exists. split.
- intros [t [Ht HB]]. apply in_seq in Ht. exists t. split; [lia|exact HB].
- intros [t [Ht HB]]. exists t. split; [apply in_seq; lia|exact HB].
Qed.

(** The selection with a default: at every position i, sequence c + 3 is the value v at the
    leftmost (rightmost) visible position j with q_i and kk_j if there is one, else dflt_i. *)
Theorem sel_default_sem (n : nat) (m : mask) (dr : dir) (q kk v dflt c : nat) (x : stream) (i : nat) :
  (q < c)%nat -> (kk < c)%nat -> (v < c)%nat -> (dflt < c)%nat -> (i < n)%nat ->
  (forall j, (j < n)%nat -> is01 (x j q) /\ is01 (x j kk)) ->
  srun n c (sel_default m dr q kk v dflt c) x i (c + 3)%nat =
  if existsb (sel_pred m q kk x i) (seq 0 (vis_cnt m n i))
  then x (vis_lo m i + sel_top dr (sel_pred m q kk x i) (vis_cnt m n i))%nat v else x i dflt.
Proof.
intros Hq Hk Hv Hd Hi H01. unfold sel_default. cbn [srun].
replace (c + 3)%nat with (S (S (S c))) by lia. rewrite upd_eq.
set (F1 := sop_sem n (SSel m dr q kk v) x). set (X1 := upd x c F1).
set (F2 := sop_sem n (SSel m dr q kk kk) X1). set (X2 := upd X1 (S c) F2).
set (F3 := sop_sem n (SAnd q (S c)) X2). set (X3 := upd X2 (S (S c)) F3).
assert (E : sop_sem n (SIf (S (S c)) c dflt) X3 i = X3 i (S (S c)) * X3 i c + (1 - X3 i (S (S c))) * X3 i dflt) by reflexivity.
rewrite E. clear E.
assert (A1 : X3 i (S (S c)) = x i q * F2 i).
{ unfold X3. rewrite upd_eq. unfold F3. cbn [sop_sem]. unfold X2. rewrite upd_eq, upd_ne by lia. unfold X1. rewrite upd_ne by lia. reflexivity. }
assert (A2 : X3 i c = F1 i) by (unfold X3, X2, X1; rewrite !upd_ne, upd_eq by lia; reflexivity).
assert (A3 : X3 i dflt = x i dflt) by (unfold X3, X2, X1; rewrite !upd_ne by lia; reflexivity).
assert (A4 : F2 i = x (vis_lo m i + sel_top dr (sel_pred m q kk x i) (vis_cnt m n i))%nat kk).
{ unfold F2. cbn [sop_sem]. unfold X1. rewrite sel_pred_upd by lia. rewrite upd_ne by lia. reflexivity. }
assert (A5 : F1 i = x (vis_lo m i + sel_top dr (sel_pred m q kk x i) (vis_cnt m n i))%nat v) by reflexivity.
rewrite A1, A2, A3, A4, A5. clear A1 A2 A3 A4 A5.
set (B := sel_pred m q kk x i). set (cnt := vis_cnt m n i). set (T := sel_top dr B cnt).
assert (HT : (T < cnt)%nat) by (apply sel_top_lt, vis_pos, Hi).
assert (Hj : (vis_lo m i + T < n)%nat) by (apply vis_range; assumption).
destruct (sel_top_spec dr B cnt (vis_pos m n i Hi)) as [Hfound _]. fold T in Hfound.
destruct (existsb B (seq 0 cnt)) eqn:E.
- apply existsb_seq in E. specialize (Hfound E). unfold B, sel_pred in Hfound. apply andb_true_iff in Hfound.
  destruct Hfound as [H1 H2]. rewrite (isone_true _ H1), (isone_true _ H2). ring.
- assert (HB : B T = false).
  { destruct (B T) eqn:BT; [|reflexivity]. exfalso. assert (Hc : existsb B (seq 0 cnt) = true) by (apply existsb_seq; exists T; split; assumption). congruence. }
  unfold B, sel_pred in HB. destruct (H01 i Hi) as [Hq01 _]. destruct (H01 _ Hj) as [_ Hk01].
  rewrite (is01_isone (x i q)) by exact Hq01. rewrite (is01_isone (x (vis_lo m i + T)%nat kk)) by exact Hk01.
  destruct (isone (x i q)), (isone (x (vis_lo m i + T)%nat kk)); simpl in HB; try discriminate; ring.
Qed.

(** ** The best-match selection *)

Lemma nmax_ge (C : nat -> nat) (cnt t : nat) : (t < cnt)%nat -> (C t <= nmax C cnt)%nat.
Proof.
induction cnt as [|m IH]; intros Ht; [lia|]. simpl. destruct (Nat.eq_dec t m) as [->|Hne]; [lia|].
specialize (IH ltac:(lia)). lia.
Qed.

Lemma nmax_attained (C : nat -> nat) (cnt : nat) : (1 <= cnt)%nat -> exists t, (t < cnt)%nat /\ C t = nmax C cnt.
Proof.
induction cnt as [|m IH]; intros Hc; [lia|]. simpl. destruct m as [|m'].
- exists 0%nat. simpl. split; [lia|reflexivity].
- destruct (IH ltac:(lia)) as [t [Ht E]]. destruct (Nat.le_ge_cases (nmax C (S m')) (C (S m'))) as [H|H].
  + exists (S m'). split; [lia|]. rewrite Nat.max_r by exact H. reflexivity.
  + exists t. split; [lia|]. rewrite Nat.max_l by exact H. exact E.
Qed.

Lemma lfind_ext (B B' : nat -> bool) (cnt : nat) : (forall t, (t < cnt)%nat -> B t = B' t) -> lfind B cnt = lfind B' cnt.
Proof.
induction cnt as [|m IH]; intros H; [reflexivity|]. simpl. rewrite IH by (intros; apply H; lia). rewrite H by lia. reflexivity.
Qed.

Lemma rfind_ext (B B' : nat -> bool) (cnt : nat) : (forall t, (t < cnt)%nat -> B t = B' t) -> rfind B cnt = rfind B' cnt.
Proof.
induction cnt as [|m IH]; intros H; [reflexivity|]. simpl. rewrite H by lia. rewrite IH by (intros; apply H; lia). reflexivity.
Qed.

Lemma sel_top_ext (dr : dir) (B B' : nat -> bool) (cnt : nat) : (forall t, (t < cnt)%nat -> B t = B' t) ->
  sel_top dr B cnt = sel_top dr B' cnt.
Proof. intros H. destruct dr; simpl; [rewrite (lfind_ext B B')|rewrite (rfind_ext B B')]; auto. Qed.

(** Over offsets that all satisfy B, or that none does, the selection is the extreme offset. *)
Lemma sel_top_const (dr : dir) (B : nat -> bool) (b : bool) (cnt : nat) : (forall t, (t < cnt)%nat -> B t = b) ->
  sel_top dr B cnt = match dr with LeftMost => O | RightMost => (cnt - 1)%nat end.
Proof.
intros H. destruct dr; simpl.
- destruct (lfind B cnt) as [t|] eqn:E; [|reflexivity]. destruct (lfind_some B cnt t E) as [H1 [H2 H3]].
  destruct t as [|t]; [reflexivity|]. pose proof (H3 0%nat ltac:(lia)) as H0. rewrite H in H0, H2 by lia. congruence.
- destruct (rfind B cnt) as [t|] eqn:E; [|reflexivity]. destruct (rfind_some B cnt t E) as [H1 [H2 H3]].
  destruct (Nat.eq_dec t (cnt - 1)) as [->|Hne]; [reflexivity|].
  pose proof (H3 (cnt - 1)%nat ltac:(lia)) as H0. rewrite H in H0, H2 by lia. congruence.
Qed.

(** With at most one satisfied pair at every visible j (exclusive queries), the best match is the
    selection with the predicate "q_i and kk_j for some pair of ps", default included. *)
Theorem best_pred_or (m : mask) (dr : dir) (ps : list (nat * nat)) (x : stream) (n i : nat) :
  (forall t, (t < vis_cnt m n i)%nat -> (sel_count ps x i (vis_lo m i + t) <= 1)%nat) ->
  sel_top dr (best_pred m ps x n i) (vis_cnt m n i) =
  sel_top dr (fun t => Nat.ltb 0 (sel_count ps x i (vis_lo m i + t))) (vis_cnt m n i).
Proof.
intros H1. set (C := fun t => sel_count ps x i (vis_lo m i + t)). set (cnt := vis_cnt m n i) in *.
assert (HC : forall t, (t < cnt)%nat -> (C t <= nmax C cnt)%nat) by (intros; apply nmax_ge; assumption).
destruct (Nat.eq_dec (nmax C cnt) 0) as [E|E].
- assert (Ht1 : forall t, (t < cnt)%nat -> best_pred m ps x n i t = true).
  { intros t Ht. specialize (HC t Ht). change (Nat.eqb (C t) (nmax C cnt) = true). apply Nat.eqb_eq. lia. }
  assert (Ht0 : forall t, (t < cnt)%nat -> Nat.ltb 0 (sel_count ps x i (vis_lo m i + t)) = false).
  { intros t Ht. specialize (HC t Ht). change (Nat.ltb 0 (C t) = false). apply Nat.ltb_ge. lia. }
  rewrite (sel_top_const dr _ true cnt Ht1), (sel_top_const dr _ false cnt Ht0). reflexivity.
- assert (HM : nmax C cnt = 1%nat).
  { destruct (Nat.eq_dec cnt 0) as [Z|Z]; [rewrite Z in E; simpl in E; lia|].
    destruct (nmax_attained C cnt ltac:(lia)) as [t [Ht Et]]. specialize (H1 t Ht). change (C t <= 1)%nat in H1.
    pose proof (HC t Ht). lia. }
  apply sel_top_ext. intros t Ht. change (Nat.eqb (C t) (nmax C cnt) = Nat.ltb 0 (C t)). rewrite HM.
  specialize (H1 t Ht). change (C t <= 1)%nat in H1. destruct (C t) as [|[|c]]; [reflexivity|reflexivity|lia].
Qed.
