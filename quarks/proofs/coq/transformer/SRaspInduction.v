(** * Seed 004, Section 6: the basic induction head as an S-RASP program, computed exactly by softmax
    attention at Theorem 26's temperature for every length.

    Letters 0, 1, 2; input sequences 0..2 (letters), 3 (1), 4 ((i + 1)/n), 5 ([i odd]).  The program
    [induction]: sequence 6 = [i even]; sequences 7, 8, 9 = the previous-token heads [w_(i-1) = a]
    (best match over the pairs (odd_i, even_j), (even_i, odd_j) under the future mask: the rightmost
    j <= i of the other parity, i - 1; at i = 0 the default reads position 0); sequence 10 = [w_t = 0]
    at the rightmost t <= i whose previous letter w_(t-1) is w_i (best match over the pairs
    ([w_i = a], [w_(t-1) = a]), exclusive since letters are one-hot), t = i if there is none.
    Positions are 0-based and t - 1 is truncated (position 0 counts as its own predecessor).
    [induction_sem]: the program computes the reference [ind] at every position of every word: [w_t = 0]
    at t = [Induction]'s [ih_find w i] (the same position as the reference [ih_out] of the hand-built
    network), but without [ih_out]'s found-gate: where no t >= 1 matches (always at i = 0) [ind] reads
    w_i, because the selection's default reads position i, while [ih_out] outputs 0 as the engine's
    program does ([ih_out_ind]: ih_out = ih_found && ind; [ih2_out_hops] likewise for two hops);
    [thm26_induction]: Lemma 9's rounding of the compiled softmax network at every
    0 < tau <= srasp_temp 3 n induction (1/4) outputs [ind w i] exactly, for every n.
    k-hop induction heads (Sanford et al.): [hops K] adds K selections, hop m + 2 reading hop m + 1
    at the selected position; [hops_sem] and [thm26_hops]: for every K, n and word over 0, 1, 2,
    the (K + 1)-th hop is [w_t = 0] at t = ih_find applied K + 1 times ([ind_hops]), exactly, and
    so is the rounded softmax network at srasp_temp 3 n (hops K) (1/4). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List FunctionalExtensionality.
From Quarks Require Import Induction Induction2.
From Quarks Require Import RSum Rounding TransformerModel MatrixModel MatrixGap SRasp SRaspCompile SRaspFlipFlop.
Import ListNotations.
Open Scope R_scope.

Definition prev_pairs : list (nat * nat) := [(5%nat, 6%nat); (6%nat, 5%nat)].

Definition ind_pairs : list (nat * nat) := [(0%nat, 7%nat); (1%nat, 8%nat); (2%nat, 9%nat)].

Definition induction : list sop :=
  [SNot 5; SSelM Future RightMost prev_pairs 0; SSelM Future RightMost prev_pairs 1; SSelM Future RightMost prev_pairs 2;
   SSelM Future RightMost ind_pairs 0].

(** The reference: [w_t = 0] at [ih_find w i], with no found-gate (compare [ih_out], [ih_out_ind]). *)
Definition ind (w : list nat) (i : nat) : bool := Nat.eqb (nth (ih_find w i) w 0%nat) 0.

Lemma induction_wt : srasp_wt 3 induction = true.
Proof. reflexivity. Qed.

Lemma induction_bool : srasp_bool 3 induction 10 = true.
Proof. reflexivity. Qed.

Lemma isone_b (b : bool) : isone (if b then 1 else 0) = b.
Proof. destruct b; [apply isone_1|apply isone_0]. Qed.

Lemma isone_not (b : bool) : isone (1 - (if b then 1 else 0)) = negb b.
Proof. destruct b; simpl; [replace (1 - 1) with 0 by ring; apply isone_0|replace (1 - 0) with 1 by ring; apply isone_1]. Qed.

(** ** The previous-token heads *)

(** On any stream holding [j odd] at 5 and [j even] at 6, the best match over prev_pairs is j - 1. *)
Lemma prev_top (n : nat) (y : stream) (j : nat) :
  (forall t, y t 5%nat = if Nat.even (S t) then 1 else 0) -> (forall t, y t 6%nat = 1 - (if Nat.even (S t) then 1 else 0)) ->
  sel_top RightMost (best_pred Future prev_pairs y n j) (vis_cnt Future n j) = (j - 1)%nat.
Proof.
intros H5 H6. assert (Hc : forall t, sel_count prev_pairs y j t = if xorb (Nat.even (S j)) (Nat.even (S t)) then 1%nat else 0%nat).
{ intros t. unfold sel_count, prev_pairs. cbn [filter fst snd]. rewrite H5, H6, H5, H6, !isone_b, !isone_not.
  destruct (Nat.even (S j)), (Nat.even (S t)); reflexivity. }
rewrite best_pred_or by (intros t _; cbn [vis_lo]; rewrite Hc; destruct xorb; lia).
cbn [vis_lo vis_cnt Nat.add]. rewrite (sel_top_ext _ _ (fun t => xorb (Nat.even (S j)) (Nat.even (S t)))).
- unfold sel_top. cbn [rfind]. rewrite xorb_nilpotent. destruct j as [|j']; [reflexivity|].
  cbn [rfind]. replace (xorb (Nat.even (S (S j'))) (Nat.even (S j'))) with true; [simpl; lia|].
  assert (E : Nat.even (S j') = negb (Nat.even j')) by (rewrite Nat.even_succ, <- Nat.negb_even; reflexivity).
  change (Nat.even (S (S j'))) with (Nat.even j'). rewrite E. destruct (Nat.even j'); reflexivity.
- intros t _. rewrite Hc. destruct xorb; reflexivity.
Qed.

(** The previous-token head writes [w_(j-1) = a] (a < 3) on every such stream agreeing with the input on the letters. *)
Lemma prev_sem (n : nat) (w : list nat) (y : stream) (a j : nat) : (a < 3)%nat ->
  (forall t, y t 5%nat = if Nat.even (S t) then 1 else 0) -> (forall t, y t 6%nat = 1 - (if Nat.even (S t) then 1 else 0)) ->
  (forall t, y t a = srasp_input 3 n w t a) ->
  sop_sem n (SSelM Future RightMost prev_pairs a) y j = if Nat.eqb (nth (j - 1) w 0%nat) a then 1 else 0.
Proof.
intros Ha H5 H6 Hy. cbn [sop_sem]. rewrite (prev_top n y j H5 H6). cbn [vis_lo Nat.add]. rewrite Hy.
unfold srasp_input, word_input, embed. replace (a <? 3)%nat with true by (symmetry; apply Nat.ltb_lt, Ha). reflexivity.
Qed.

(** ** The program *)

(** The rightmost t <= i with w_(t-1) = w_i, t - 1 truncated (the previous-token heads' reading at
    t = 0), i if none, is [ih_find w i]: t = 0 matches only if t = 1 does. *)
Lemma rfind_ih_find (w : list nat) (i : nat) :
  match rfind (fun t => Nat.eqb (nth (t - 1) w 0%nat) (nth i w 0%nat)) (S i) with Some t => t | None => i end = ih_find w i.
Proof.
set (a := nth i w 0%nat). unfold ih_find, ih_match, Dyck.letter. fold a.
destruct i as [|i]; [cbn; destruct (Nat.eqb (nth 0 w 0%nat) a); reflexivity|].
assert (E : forall j, rfind (fun t => Nat.eqb (nth (t - 1) w 0%nat) a) (S (S j)) =
                      Dyck.find_last (fun j => (1 <=? j)%nat && Nat.eqb (nth (j - 1) w 0%nat) a) (S (S j))).
{ induction j as [|j IH].
  - cbn. destruct (Nat.eqb (nth 0 w 0%nat) a); reflexivity.
  - change (rfind (fun t => Nat.eqb (nth (t - 1) w 0%nat) a) (S (S (S j)))) with
      (if Nat.eqb (nth (S (S j) - 1) w 0%nat) a then Some (S (S j)) else rfind (fun t => Nat.eqb (nth (t - 1) w 0%nat) a) (S (S j))).
    rewrite IH. reflexivity. }
rewrite E. reflexivity.
Qed.

(** The selection of the induction head, with any value v: on a stream holding the letters and the
    previous-token heads, it reads v at [ih_find]. *)
Lemma hop_sem (n : nat) (w : list nat) (y : stream) (v i : nat) : (nth i w 0%nat < 3)%nat ->
  (forall t a, (a < 3)%nat -> y t a = if Nat.eqb (nth t w 0%nat) a then 1 else 0) ->
  (forall t a, (a < 3)%nat -> y t (7 + a)%nat = if Nat.eqb (nth (t - 1) w 0%nat) a then 1 else 0) ->
  sop_sem n (SSelM Future RightMost ind_pairs v) y i = y (ih_find w i) v.
Proof.
intros Hw HL HP. set (a := nth i w 0%nat) in *.
assert (Hc : forall t, sel_count ind_pairs y i t = if Nat.eqb (nth (t - 1) w 0%nat) a then 1%nat else 0%nat).
{ intros t. unfold sel_count, ind_pairs. cbn [filter fst snd].
  pose proof (HP t 0%nat ltac:(lia)) as P0. pose proof (HP t 1%nat ltac:(lia)) as P1. pose proof (HP t 2%nat ltac:(lia)) as P2.
  cbn [Nat.add] in P0, P1, P2. rewrite P0, P1, P2, !HL by lia. rewrite !isone_b. fold a.
  destruct (nth (t - 1) w 0%nat) as [|[|[|b]]] eqn:E; destruct a as [|[|[|c]]]; cbn; reflexivity || lia. }
cbn [sop_sem]. rewrite best_pred_or by (intros t _; cbn [vis_lo]; rewrite Hc; destruct Nat.eqb; lia).
cbn [vis_lo vis_cnt Nat.add].
rewrite (sel_top_ext _ _ (fun t => Nat.eqb (nth (t - 1) w 0%nat) a)) by (intros t _; rewrite Hc; destruct Nat.eqb; reflexivity).
unfold sel_top. replace (S i - 1)%nat with i by lia. unfold a. rewrite rfind_ih_find. reflexivity.
Qed.

Definition letters_ok (n : nat) (w : list nat) (y : stream) : Prop :=
  (forall t a, (a < 3)%nat -> y t a = if Nat.eqb (nth t w 0%nat) a then 1 else 0) /\
  (forall t a, (a < 3)%nat -> y t (7 + a)%nat = if Nat.eqb (nth (t - 1) w 0%nat) a then 1 else 0).

(** The program's run holds the letters, the previous-token heads, and the induction head. *)
Lemma induction_stream (n : nat) (w : list nat) :
  letters_ok n w (srasp_run 3 n induction w) /\
  forall i, (nth i w 0%nat < 3)%nat -> srasp_run 3 n induction w i 10%nat = if ind w i then 1 else 0.
Proof.
unfold srasp_run, induction. cbn [srun Nat.add].
set (x := srasp_input 3 n w).
assert (Hx : forall t a, (a < 3)%nat -> x t a = if Nat.eqb (nth t w 0%nat) a then 1 else 0).
{ intros t a Ha. unfold x, srasp_input, word_input, embed. replace (a <? 3)%nat with true by (symmetry; apply Nat.ltb_lt, Ha). reflexivity. }
assert (H5 : forall t, x t 5%nat = if Nat.even (S t) then 1 else 0) by reflexivity.
set (X1 := upd x 6 (sop_sem n (SNot 5) x)).
set (X2 := upd X1 7 (sop_sem n (SSelM Future RightMost prev_pairs 0) X1)).
set (X3 := upd X2 8 (sop_sem n (SSelM Future RightMost prev_pairs 1) X2)).
set (X4 := upd X3 9 (sop_sem n (SSelM Future RightMost prev_pairs 2) X3)).
assert (F5 : forall t, X1 t 5%nat = if Nat.even (S t) then 1 else 0) by (intros t; unfold X1; rewrite upd_ne by lia; apply H5).
assert (F6 : forall t, X1 t 6%nat = 1 - (if Nat.even (S t) then 1 else 0)) by (intros t; unfold X1; rewrite upd_eq; cbn [sop_sem]; rewrite H5; reflexivity).
assert (G5 : forall t, X2 t 5%nat = X1 t 5%nat /\ X3 t 5%nat = X1 t 5%nat) by (intros t; unfold X3, X2; rewrite !upd_ne by lia; split; reflexivity).
assert (G6 : forall t, X2 t 6%nat = X1 t 6%nat /\ X3 t 6%nat = X1 t 6%nat) by (intros t; unfold X3, X2; rewrite !upd_ne by lia; split; reflexivity).
assert (GL : forall t b, (b < 3)%nat -> X1 t b = x t b /\ X2 t b = x t b /\ X3 t b = x t b)
  by (intros t b Hb; unfold X3, X2, X1; rewrite !upd_ne by lia; split; [|split]; reflexivity).
assert (E7 : forall t, X4 t 7%nat = if Nat.eqb (nth (t - 1) w 0%nat) 0 then 1 else 0).
{ intros t. unfold X4, X3, X2. rewrite !upd_ne by lia. rewrite upd_eq.
  apply (prev_sem n w X1 0 t); [lia|exact F5|exact F6|intros t'; apply GL; lia]. }
assert (E8 : forall t, X4 t 8%nat = if Nat.eqb (nth (t - 1) w 0%nat) 1 then 1 else 0).
{ intros t. unfold X4, X3. rewrite !upd_ne by lia. rewrite upd_eq. fold X2.
  apply (prev_sem n w X2 1 t); [lia|intros t'; rewrite (proj1 (G5 t')); apply F5|intros t'; rewrite (proj1 (G6 t')); apply F6|intros t'; apply GL; lia]. }
assert (E9 : forall t, X4 t 9%nat = if Nat.eqb (nth (t - 1) w 0%nat) 2 then 1 else 0).
{ intros t. unfold X4. rewrite upd_eq. fold X3.
  apply (prev_sem n w X3 2 t); [lia|intros t'; rewrite (proj2 (G5 t')); apply F5|intros t'; rewrite (proj2 (G6 t')); apply F6|intros t'; apply GL; lia]. }
assert (EL : forall t a, (a < 3)%nat -> X4 t a = x t a) by (intros t a Ha; unfold X4, X3, X2, X1; rewrite !upd_ne by lia; reflexivity).
assert (HX4 : letters_ok n w X4).
{ split.
  - intros t a Ha. rewrite EL by exact Ha. apply Hx, Ha.
  - intros t a Ha. destruct a as [|[|[|a']]]; cbn [Nat.add]; [apply E7|apply E8|apply E9|lia]. }
split.
- destruct HX4 as [HL HP]. split.
  + intros t a Ha. rewrite upd_ne by lia. apply HL, Ha.
  + intros t a Ha. rewrite upd_ne by lia. apply HP, Ha.
- intros i Hw. rewrite upd_eq. destruct HX4 as [HL HP]. rewrite (hop_sem n w X4 0 i Hw HL HP). rewrite HL by lia. reflexivity.
Qed.

Theorem induction_sem (n : nat) (w : list nat) (i : nat) : (nth i w 0%nat < 3)%nat ->
  srasp_run 3 n induction w i 10%nat = if ind w i then 1 else 0.
Proof. apply (proj2 (induction_stream n w)). Qed.

(** The induction head, exactly, by softmax attention at Theorem 26's temperature, for every length. *)
Theorem thm26_induction (n : nat) (w : list nat) (tau : R) (i : nat) :
  0 < tau -> tau <= srasp_temp 3 n induction (/ 4) -> (i < n)%nat -> (nth i w 0%nat < 3)%nat ->
  round01 (msoft_run tau (srasp_width 3 induction) n (srasp_net 3 induction) (srasp_input 3 n w) i 10%nat) = if ind w i then 1 else 0.
Proof.
intros Htau Hle Hi Hw. rewrite thm26_srasp; [apply induction_sem, Hw|apply induction_wt|apply induction_bool|exact Htau|exact Hle|exact Hi].
Qed.

(** ** k-hop induction heads *)

Fixpoint iter (f : nat -> nat) (m i : nat) : nat := match m with O => i | S m' => iter f m' (f i) end.

(** K + 1 hops: the induction head (sequence 10), then K selections, sequence 11 + m reading
    sequence 10 + m at the selected position: hop m + 2 is hop m + 1 at ih_find w i. *)
Definition hops (K : nat) : list sop := induction ++ map (fun m => SSelM Future RightMost ind_pairs (10 + m)) (seq 0 K).

(** The reference: [w_t = 0] at t = ih_find applied K + 1 times to i. *)
Definition ind_hops (w : list nat) (K i : nat) : bool := Nat.eqb (nth (iter (ih_find w) (S K) i) w 0%nat) 0.

(** Where they agree: [Induction]'s [ih_out] is [ind] gated by [ih_found], [Induction2]'s [ih2_out] is
    [ind_hops w 1] gated by both hops' [ih_found]. *)
Lemma ih_out_ind (w : list nat) (i : nat) : ih_out w i = ih_found w i && ind w i.
Proof. unfold ih_out, ih_found, ind, ih_find, Dyck.letter. destruct (Dyck.find_last _ _); reflexivity. Qed.

Lemma ih2_out_hops (w : list nat) (i : nat) : ih2_out w i = ih_found w i && ih_found w (ih_find w i) && ind_hops w 1 i.
Proof. unfold ih2_out. rewrite ih_out_ind, andb_assoc. reflexivity. Qed.

Lemma srun_app (n c : nat) (p q : list sop) (x : stream) : srun n c (p ++ q) x = srun n (c + length p) q (srun n c p x).
Proof.
revert c x. induction p as [|o p IH]; intros c x; simpl; [rewrite Nat.add_0_r; reflexivity|].
rewrite IH. replace (c + S (length p))%nat with (S c + length p)%nat by lia. reflexivity.
Qed.

Lemma hops_S (K : nat) : hops (S K) = hops K ++ [SSelM Future RightMost ind_pairs (10 + K)].
Proof. unfold hops. rewrite seq_S, map_app, app_assoc. reflexivity. Qed.

Lemma hops_length (K : nat) : length (hops K) = (5 + K)%nat.
Proof. unfold hops. rewrite app_length, map_length, seq_length. reflexivity. Qed.

Lemma nth_letter (w : list nat) (t : nat) : (forall a, In a w -> (a < 3)%nat) -> (nth t w 0%nat < 3)%nat.
Proof. intros Hw. destruct (nth_in_or_default t w 0%nat) as [H|H]; [apply Hw, H|rewrite H; lia]. Qed.

(** Every hop of the run is the reference, for every K, at every position of every word over 0, 1, 2. *)
Lemma hops_stream (n : nat) (w : list nat) (K : nat) : (forall a, In a w -> (a < 3)%nat) ->
  letters_ok n w (srasp_run 3 n (hops K) w) /\
  forall i, srasp_run 3 n (hops K) w i (10 + K)%nat = if ind_hops w K i then 1 else 0.
Proof.
intros Hw. induction K as [|K IH].
- unfold hops. cbn [seq map]. rewrite app_nil_r. destruct (induction_stream n w) as [HL HI]. split; [exact HL|].
  intros i. exact (HI i (nth_letter w i Hw)).
- destruct IH as [[HL HP] HI]. unfold srasp_run in *. rewrite hops_S, srun_app, hops_length.
  replace (3 + 3 + (5 + K))%nat with (10 + S K)%nat by lia. cbn [srun].
  split; [split|].
  + intros t a Ha. rewrite upd_ne by lia. apply HL, Ha.
  + intros t a Ha. rewrite upd_ne by lia. apply HP, Ha.
  + intros i. rewrite upd_eq. rewrite (hop_sem n w _ (10 + K) i (nth_letter w i Hw) HL HP). rewrite HI. reflexivity.
Qed.

Theorem hops_sem (n : nat) (w : list nat) (K i : nat) : (forall a, In a w -> (a < 3)%nat) ->
  srasp_run 3 n (hops K) w i (10 + K)%nat = if ind_hops w K i then 1 else 0.
Proof. intros Hw. apply (proj2 (hops_stream n w K Hw)). Qed.

(** The k-hop programs are well typed and their last sequence is Boolean, for every K. *)
Lemma wt_app (tys : list bool) (p q : list sop) : wt tys (p ++ q) = wt tys p && wt (out_tys tys p) q.
Proof. revert tys. induction p as [|o p IH]; intros tys; simpl; [reflexivity|rewrite IH, andb_assoc; reflexivity]. Qed.

Lemma out_tys_app (tys : list bool) (p q : list sop) : out_tys tys (p ++ q) = out_tys (out_tys tys p) q.
Proof. revert tys. induction p as [|o p IH]; intros tys; simpl; [reflexivity|apply IH]. Qed.

Lemma repeat_snoc (b : bool) (K : nat) : repeat b K ++ [b] = repeat b (S K).
Proof. induction K as [|K IH]; simpl; [reflexivity|rewrite IH; reflexivity]. Qed.

Lemma hops_last (K : nat) : bool_ty (out_tys (in_tys 3) induction ++ repeat true K) (10 + K) = true.
Proof.
unfold bool_ty. rewrite app_length, repeat_length. change (length (out_tys (in_tys 3) induction)) with 11%nat.
apply andb_true_iff. split; [apply Nat.ltb_lt; lia|]. destruct K as [|K]; [reflexivity|].
rewrite app_nth2 by (change (length (out_tys (in_tys 3) induction)) with 11%nat; lia).
change (length (out_tys (in_tys 3) induction)) with 11%nat.
assert (Hin : In (nth (10 + S K - 11) (repeat true (S K)) false) (repeat true (S K))) by (apply nth_In; rewrite repeat_length; lia).
apply repeat_spec in Hin. exact Hin.
Qed.

Lemma hops_types (K : nat) : wt (in_tys 3) (hops K) = true /\ out_tys (in_tys 3) (hops K) = out_tys (in_tys 3) induction ++ repeat true K.
Proof.
induction K as [|K [IHw IHo]]; [split; reflexivity|].
rewrite hops_S, wt_app, out_tys_app, IHw, IHo. cbn [wt out_tys].
assert (Hok : sop_ok (out_tys (in_tys 3) induction ++ repeat true K) (SSelM Future RightMost ind_pairs (10 + K)) = true).
{ cbn [sop_ok]. apply andb_true_iff. split.
  - unfold ind_pairs, bool_ty. rewrite app_length, repeat_length. cbn. reflexivity.
  - unfold in_ty. rewrite app_length, repeat_length. apply Nat.ltb_lt. change (length (out_tys (in_tys 3) induction)) with 11%nat. lia. }
rewrite Hok. split; [reflexivity|]. cbn [sop_bool]. rewrite hops_last, <- app_assoc, repeat_snoc. reflexivity.
Qed.

(** The (K + 1)-hop induction head, exactly, by softmax attention at Theorem 26's temperature, for
    every K, every length n and every word over 0, 1, 2. *)
Theorem thm26_hops (n : nat) (w : list nat) (K : nat) (tau : R) (i : nat) : (forall a, In a w -> (a < 3)%nat) ->
  0 < tau -> tau <= srasp_temp 3 n (hops K) (/ 4) -> (i < n)%nat ->
  round01 (msoft_run tau (srasp_width 3 (hops K)) n (srasp_net 3 (hops K)) (srasp_input 3 n w) i (10 + K)%nat) =
  if ind_hops w K i then 1 else 0.
Proof.
intros Hw Htau Hle Hi. destruct (hops_types K) as [Hwt Hout].
rewrite thm26_srasp; [apply hops_sem, Hw|exact Hwt| |exact Htau|exact Hle|exact Hi].
unfold srasp_bool. rewrite Hout. apply hops_last.
Qed.
