(** * Seed 004, Section 6: the k-hop induction heads over every alphabet size, as S-RASP programs
    computed exactly by softmax attention at Theorem 26's temperature for every length.

    Letters 0..k-1; input sequences k (1), k + 1 ((i + 1)/n), k + 2 ([i odd]).  The program
    [kprogram k K]: sequence k + 3 = [i even]; sequences k + 4 + a (a < k) = the previous-token heads
    [w_(i-1) = a] (best match over the parity pairs, as in [SRaspInduction]); sequence 2k + 4 = [w_t = 0]
    at t = [Induction]'s [ih_find w i] (best match over the pairs ([w_i = a], [w_(t-1) = a]), a < k); and K more
    hops, sequence 2k + 5 + m reading sequence 2k + 4 + m at the selected position.
    [kprogram_sem]: for every k >= 1, K, n and word over 0..k-1, sequence 2k + 4 + K is [ind_hops w K]
    at every position; [kprogram_types]: the program is well typed for every k and K;
    [thm26_khops]: Lemma 9's rounding of the compiled softmax network at every
    0 < tau <= srasp_temp k n (kprogram k K) (1/4) outputs [ind_hops w K i] exactly. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List FunctionalExtensionality.
From Quarks Require Import Induction.
From Quarks Require Import RSum Rounding TransformerModel MatrixModel MatrixGap SRasp SRaspCompile SRaspFlipFlop SRaspInduction.
Import ListNotations.
Open Scope R_scope.

Definition kpar (k : nat) : list (nat * nat) := [((k + 2)%nat, (k + 3)%nat); ((k + 3)%nat, (k + 2)%nat)].
Definition kpairs (k : nat) : list (nat * nat) := map (fun a => (a, (k + 4 + a)%nat)) (seq 0 k).

Definition kprevs (k : nat) : list sop := map (fun a => SSelM Future RightMost (kpar k) a) (seq 0 k).
Definition khops (k K : nat) : list sop := map (fun m => SSelM Future RightMost (kpairs k) (2 * k + 4 + m)) (seq 0 K).

Definition kprogram (k K : nat) : list sop := [SNot (k + 2)] ++ kprevs k ++ [SSelM Future RightMost (kpairs k) 0] ++ khops k K.

Ltac nat_bools := repeat match goal with
  | |- context [Nat.ltb ?x ?y] => destruct (Nat.ltb_spec x y)
  | |- context [Nat.eqb ?x ?y] => destruct (Nat.eqb_spec x y)
  end; cbn; (reflexivity || lia).

(** ** The previous-token heads *)

Lemma kprev_top (n k : nat) (y : stream) (j : nat) :
  (forall t, y t (k + 2)%nat = if Nat.even (S t) then 1 else 0) -> (forall t, y t (k + 3)%nat = 1 - (if Nat.even (S t) then 1 else 0)) ->
  sel_top RightMost (best_pred Future (kpar k) y n j) (vis_cnt Future n j) = (j - 1)%nat.
Proof.
intros H5 H6. assert (Hc : forall t, sel_count (kpar k) y j t = if xorb (Nat.even (S j)) (Nat.even (S t)) then 1%nat else 0%nat).
{ intros t. unfold sel_count, kpar. cbn [filter fst snd]. rewrite H5, H6, H5, H6, !isone_b, !isone_not.
  destruct (Nat.even (S j)), (Nat.even (S t)); reflexivity. }
rewrite best_pred_or by (intros t _; cbn [vis_lo]; rewrite Hc; destruct xorb; lia).
cbn [vis_lo vis_cnt Nat.add]. rewrite (sel_top_ext _ _ (fun t => xorb (Nat.even (S j)) (Nat.even (S t)))).
- unfold sel_top. cbn [rfind]. rewrite xorb_nilpotent. destruct j as [|j']; [reflexivity|].
  cbn [rfind]. replace (xorb (Nat.even (S (S j'))) (Nat.even (S j'))) with true; [simpl; lia|].
  assert (E : Nat.even (S j') = negb (Nat.even j')) by (rewrite Nat.even_succ, <- Nat.negb_even; reflexivity).
  change (Nat.even (S (S j'))) with (Nat.even j'). rewrite E. destruct (Nat.even j'); reflexivity.
- intros t _. rewrite Hc. destruct xorb; reflexivity.
Qed.

Lemma input_letter (k n : nat) (w : list nat) (t a : nat) : (a < k)%nat ->
  srasp_input k n w t a = if Nat.eqb (nth t w 0%nat) a then 1 else 0.
Proof. intros Ha. unfold srasp_input, word_input, embed. replace (a <? k)%nat with true by (symmetry; apply Nat.ltb_lt, Ha). reflexivity. Qed.

Lemma input_odd (k n : nat) (w : list nat) (t : nat) : srasp_input k n w t (k + 2)%nat = if Nat.even (S t) then 1 else 0.
Proof.
unfold srasp_input, word_input, embed. replace (k + 2 <? k)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
replace (k + 2 - k)%nat with 2%nat by lia. reflexivity.
Qed.

(** The stream after [i even]. *)
Definition kY0 (k n : nat) (w : list nat) : stream :=
  upd (srasp_input k n w) (k + 3) (sop_sem n (SNot (k + 2)) (srasp_input k n w)).

Lemma kprevs_stream (k n : nat) (w : list nat) (m : nat) : (m <= k)%nat ->
  (forall t a, (a < k + 4)%nat -> srun n (k + 4) (map (fun a => SSelM Future RightMost (kpar k) a) (seq 0 m)) (kY0 k n w) t a = kY0 k n w t a) /\
  (forall t a, (a < m)%nat -> srun n (k + 4) (map (fun a => SSelM Future RightMost (kpar k) a) (seq 0 m)) (kY0 k n w) t (k + 4 + a)%nat =
                              if Nat.eqb (nth (t - 1) w 0%nat) a then 1 else 0).
Proof.
induction m as [|m IH]; intros Hm; [split; [reflexivity|intros; lia]|].
destruct (IH ltac:(lia)) as [H1 H2]. rewrite seq_S, map_app, srun_app, map_length, seq_length. cbn [map srun Nat.add].
set (Y := srun n (k + 4) (map (fun a => SSelM Future RightMost (kpar k) a) (seq 0 m)) (kY0 k n w)) in *.
split.
- intros t a Ha. rewrite upd_ne by lia. apply H1, Ha.
- intros t a Ha. destruct (Nat.eq_dec a m) as [->|Hne].
  + rewrite upd_eq. cbn [sop_sem]. rewrite kprev_top.
    * cbn [vis_lo Nat.add]. rewrite H1 by lia. unfold kY0. rewrite upd_ne by lia. rewrite input_letter by lia. reflexivity.
    * intros t'. rewrite H1 by lia. unfold kY0. rewrite upd_ne by lia. apply input_odd.
    * intros t'. rewrite H1 by lia. unfold kY0. rewrite upd_eq. cbn [sop_sem]. rewrite input_odd. reflexivity.
  + rewrite upd_ne by lia. apply H2. lia.
Qed.

(** ** The induction-head selection over k letters *)

Lemma kcount (k : nat) (y : stream) (w : list nat) (i t : nat) :
  (forall a, (a < k)%nat -> isone (y i a) = Nat.eqb (nth i w 0%nat) a) ->
  (forall a, (a < k)%nat -> isone (y t (k + 4 + a)%nat) = Nat.eqb (nth (t - 1) w 0%nat) a) ->
  forall m, (m <= k)%nat ->
  length (filter (fun p => isone (y i (fst p)) && isone (y t (snd p))) (map (fun a => (a, (k + 4 + a)%nat)) (seq 0 m))) =
  if Nat.eqb (nth (t - 1) w 0%nat) (nth i w 0%nat) && Nat.ltb (nth i w 0%nat) m then 1%nat else 0%nat.
Proof.
intros Hi Ht m. induction m as [|m IH]; intros Hm.
- cbn [seq map filter length]. replace (Nat.ltb (nth i w 0%nat) 0) with false by (symmetry; apply Nat.ltb_ge; lia).
  rewrite andb_false_r. reflexivity.
- rewrite seq_S, map_app, filter_app, app_length, IH by lia. cbn [map filter fst snd Nat.add].
  rewrite Hi, Ht by lia.
  destruct (Nat.eqb_spec (nth i w 0%nat) m) as [E|E].
  + rewrite E. replace (Nat.ltb m m) with false by (symmetry; apply Nat.ltb_ge; lia).
    replace (Nat.ltb m (S m)) with true by (symmetry; apply Nat.ltb_lt; lia). rewrite ?Nat.eqb_refl.
    rewrite !andb_false_r, !andb_true_r. cbn [andb]. destruct (Nat.eqb (nth (t - 1) w 0%nat) m); reflexivity.
  + cbn [andb]. replace (Nat.ltb (nth i w 0%nat) (S m)) with (Nat.ltb (nth i w 0%nat) m) by nat_bools.
    rewrite Nat.add_0_r. reflexivity.
Qed.

(** On a stream holding the letters and the previous-token heads, the selection reads v at [ih_find]. *)
Lemma khop_sem (n k : nat) (w : list nat) (y : stream) (v i : nat) : (nth i w 0%nat < k)%nat ->
  (forall t a, (a < k)%nat -> y t a = if Nat.eqb (nth t w 0%nat) a then 1 else 0) ->
  (forall t a, (a < k)%nat -> y t (k + 4 + a)%nat = if Nat.eqb (nth (t - 1) w 0%nat) a then 1 else 0) ->
  sop_sem n (SSelM Future RightMost (kpairs k) v) y i = y (ih_find w i) v.
Proof.
intros Hw HL HP. set (a := nth i w 0%nat) in *.
assert (Hc : forall t, sel_count (kpairs k) y i t = if Nat.eqb (nth (t - 1) w 0%nat) a then 1%nat else 0%nat).
{ intros t. unfold sel_count, kpairs. rewrite (kcount k y w i t) by (intros; rewrite ?HL, ?HP by lia; apply isone_b || lia).
  fold a. replace (Nat.ltb a k) with true by (symmetry; apply Nat.ltb_lt, Hw). rewrite andb_true_r. reflexivity. }
cbn [sop_sem]. rewrite best_pred_or by (intros t _; cbn [vis_lo]; rewrite Hc; destruct Nat.eqb; lia).
cbn [vis_lo vis_cnt Nat.add].
rewrite (sel_top_ext _ _ (fun t => Nat.eqb (nth (t - 1) w 0%nat) a)) by (intros t _; rewrite Hc; destruct Nat.eqb; reflexivity).
unfold sel_top. replace (S i - 1)%nat with i by lia. unfold a. rewrite rfind_ih_find. reflexivity.
Qed.

(** ** The program *)

Lemma kprogram_sem (k n : nat) (w : list nat) (K : nat) : (1 <= k)%nat -> (forall a, In a w -> (a < k)%nat) ->
  forall t, srasp_run k n (kprogram k K) w t (2 * k + 4 + K)%nat = if ind_hops w K t then 1 else 0.
Proof.
intros Hk Hw. assert (Hn : forall t, (nth t w 0%nat < k)%nat)
  by (intros t; destruct (nth_in_or_default t w 0%nat) as [H|H]; [apply Hw, H|rewrite H; lia]).
destruct (kprevs_stream k n w k (le_n k)) as [P1 P2].
set (Yk := srun n (k + 4) (kprevs k) (kY0 k n w)).
assert (L1 : forall t a, (a < k)%nat -> Yk t a = if Nat.eqb (nth t w 0%nat) a then 1 else 0).
{ intros t a Ha. unfold Yk, kprevs. rewrite P1 by lia. unfold kY0. rewrite upd_ne by lia. apply input_letter, Ha. }
assert (L2 : forall t a, (a < k)%nat -> Yk t (k + 4 + a)%nat = if Nat.eqb (nth (t - 1) w 0%nat) a then 1 else 0)
  by (intros t a Ha; apply P2, Ha).
assert (E : srasp_run k n (kprogram k K) w = srun n (2 * k + 4) ([SSelM Future RightMost (kpairs k) 0] ++ khops k K) Yk).
{ unfold srasp_run, kprogram. rewrite srun_app. cbn [length]. rewrite srun_app.
  replace (length (kprevs k)) with k by (unfold kprevs; rewrite map_length, seq_length; reflexivity).
  replace (k + 3 + 1 + k)%nat with (2 * k + 4)%nat by lia. replace (k + 3 + 1)%nat with (k + 4)%nat by lia. reflexivity. }
rewrite E. clear E. induction K as [|K IH].
- intros t. unfold khops. cbn [seq map]. rewrite app_nil_r. cbn [srun]. rewrite Nat.add_0_r, upd_eq.
  rewrite (khop_sem n k w Yk 0 t (Hn t) L1 L2). rewrite L1 by lia. reflexivity.
- assert (Z : forall K', (forall t a, (a < k)%nat -> srun n (2 * k + 4) ([SSelM Future RightMost (kpairs k) 0] ++ khops k K') Yk t a = Yk t a) /\
                         (forall t a, (a < k)%nat -> srun n (2 * k + 4) ([SSelM Future RightMost (kpairs k) 0] ++ khops k K') Yk t (k + 4 + a)%nat = Yk t (k + 4 + a)%nat)).
  { induction K' as [|K' [Z1 Z2]].
    - unfold khops. cbn [seq map]. rewrite app_nil_r. cbn [srun]. split; intros t a Ha; rewrite upd_ne by lia; reflexivity.
    - unfold khops in *. rewrite seq_S, map_app, app_assoc, srun_app. cbn [map srun]. split; intros t a Ha; rewrite upd_ne by lia; [apply Z1|apply Z2]; lia. }
  destruct (Z K) as [Z1 Z2]. intros t. unfold khops in *. rewrite seq_S, map_app, app_assoc, srun_app. cbn [map srun Nat.add].
  rewrite app_length, map_length, seq_length. cbn [length].
  replace (2 * k + 4 + (1 + K))%nat with (2 * k + 4 + S K)%nat by lia. rewrite upd_eq.
  rewrite (khop_sem n k w _ (2 * k + 4 + K) t (Hn t)).
  + rewrite IH. reflexivity.
  + intros t' a Ha. rewrite Z1 by exact Ha. apply L1, Ha.
  + intros t' a Ha. rewrite Z2 by exact Ha. apply L2, Ha.
Qed.

(** ** Types *)

(** Every sequence below L is Boolean except the position k + 1. *)
Definition allbut (k L : nat) : list bool := map (fun a => negb (Nat.eqb a (k + 1))) (seq 0 L).

Lemma bool_ty_allbut (k L a : nat) : bool_ty (allbut k L) a = Nat.ltb a L && negb (Nat.eqb a (k + 1)).
Proof.
unfold bool_ty, allbut. rewrite map_length, seq_length. destruct (Nat.ltb_spec a L) as [H|H]; [|reflexivity].
cbn [andb]. rewrite (nth_indep _ false ((fun a => negb (Nat.eqb a (k + 1))) 0%nat)) by (rewrite map_length, seq_length; exact H).
pose proof (map_nth (fun a0 => negb (Nat.eqb a0 (k + 1))) (seq 0 L) 0%nat a) as M. cbv beta in M. rewrite M, seq_nth by exact H.
reflexivity.
Qed.

Lemma allbut_length (k L : nat) : length (allbut k L) = L.
Proof. unfold allbut. rewrite map_length, seq_length. reflexivity. Qed.

Lemma nth_allbut (k L a : nat) : (a < L)%nat -> nth a (allbut k L) false = negb (Nat.eqb a (k + 1)).
Proof.
intros H. pose proof (bool_ty_allbut k L a) as B. unfold bool_ty in B. rewrite allbut_length in B.
replace (Nat.ltb a L) with true in B by (symmetry; apply Nat.ltb_lt, H). exact B.
Qed.

Lemma allbut_snoc (k L : nat) : L <> (k + 1)%nat -> allbut k L ++ [true] = allbut k (S L).
Proof.
intros H. unfold allbut. rewrite seq_S, map_app. cbn [map Nat.add]. replace (Nat.eqb L (k + 1)) with false by (symmetry; apply Nat.eqb_neq, H).
reflexivity.
Qed.

Lemma in_tys_allbut (k : nat) : in_tys k = allbut k (k + 3).
Proof.
apply nth_ext with (d := false) (d' := false).
- unfold in_tys, allbut. rewrite app_length, repeat_length, map_length, seq_length. reflexivity.
- intros a Ha. unfold in_tys in Ha. rewrite app_length, repeat_length in Ha. cbn [length] in Ha.
  rewrite nth_allbut by lia. unfold in_tys. destruct (Nat.ltb_spec a k) as [H|H].
  + rewrite app_nth1 by (rewrite repeat_length; exact H).
    assert (Hin : In (nth a (repeat true k) false) (repeat true k)) by (apply nth_In; rewrite repeat_length; exact H).
    apply repeat_spec in Hin. rewrite Hin. replace (Nat.eqb a (k + 1)) with false by (symmetry; apply Nat.eqb_neq; lia). reflexivity.
  + rewrite app_nth2 by (rewrite repeat_length; exact H). rewrite repeat_length.
    destruct (a - k)%nat as [|[|[|d]]] eqn:D; [| | |lia]; cbn [nth]; nat_bools.
Qed.

Lemma wt_seg (k : nat) (g : nat -> sop) (m L : nat) : (k + 1 < L)%nat ->
  (forall j, (j < m)%nat -> sop_ok (allbut k (L + j)) (g j) = true /\ sop_bool (allbut k (L + j)) (g j) = true) ->
  wt (allbut k L) (map g (seq 0 m)) = true /\ out_tys (allbut k L) (map g (seq 0 m)) = allbut k (L + m).
Proof.
intros HL. induction m as [|m IH]; intros H; [rewrite Nat.add_0_r; split; reflexivity|].
destruct IH as [IHw IHo]; [intros j Hj; apply H; lia|].
rewrite seq_S, map_app, wt_app, out_tys_app, IHw, IHo. cbn [map wt out_tys Nat.add].
destruct (H m ltac:(lia)) as [Hok Hb]. rewrite Hok, Hb. split; [reflexivity|].
rewrite allbut_snoc by lia. f_equal. lia.
Qed.

Lemma kprogram_types (k K : nat) : (1 <= k)%nat ->
  wt (in_tys k) (kprogram k K) = true /\ out_tys (in_tys k) (kprogram k K) = allbut k (2 * k + 5 + K).
Proof.
intros Hk. rewrite in_tys_allbut. unfold kprogram.
assert (S1 := wt_seg k (fun _ => SNot (k + 2)) 1 (k + 3) ltac:(lia)).
assert (S2 := wt_seg k (fun a => SSelM Future RightMost (kpar k) a) k (k + 4) ltac:(lia)).
assert (S3 := wt_seg k (fun _ => SSelM Future RightMost (kpairs k) 0) 1 (2 * k + 4) ltac:(lia)).
assert (S4 := wt_seg k (fun m => SSelM Future RightMost (kpairs k) (2 * k + 4 + m)) K (2 * k + 5) ltac:(lia)).
assert (Hpairs : forall L, (2 * k + 4 <= L)%nat -> forallb (fun p => bool_ty (allbut k L) (fst p) && bool_ty (allbut k L) (snd p)) (kpairs k) = true).
{ intros L HL. apply forallb_forall. intros p Hp. unfold kpairs in Hp. apply in_map_iff in Hp. destruct Hp as [a [<- Ha]].
  apply in_seq in Ha. cbn [fst snd]. rewrite !bool_ty_allbut. nat_bools. }
destruct S1 as [W1 O1]; [intros j Hj; cbn [sop_ok sop_bool]; rewrite bool_ty_allbut; split; nat_bools|].
destruct S2 as [W2 O2]; [intros j Hj; cbn [sop_ok sop_bool kpar forallb fst snd]; rewrite !bool_ty_allbut; unfold in_ty, allbut;
  rewrite map_length, seq_length; split; nat_bools|].
destruct S3 as [W3 O3]; [intros j Hj; cbn [sop_ok sop_bool]; rewrite Hpairs by lia; rewrite bool_ty_allbut; unfold in_ty, allbut;
  rewrite map_length, seq_length; split; nat_bools|].
destruct S4 as [W4 O4]; [intros j Hj; cbn [sop_ok sop_bool]; rewrite Hpairs by lia; rewrite bool_ty_allbut; unfold in_ty, allbut;
  rewrite map_length, seq_length; split; nat_bools|].
change [SNot (k + 2)] with (map (fun _ : nat => SNot (k + 2)) (seq 0 1)).
change [SSelM Future RightMost (kpairs k) 0] with (map (fun _ : nat => SSelM Future RightMost (kpairs k) 0) (seq 0 1)).
unfold kprevs, khops. rewrite !wt_app, !out_tys_app, W1, O1. replace (k + 3 + 1)%nat with (k + 4)%nat by lia.
rewrite W2, O2. replace (k + 4 + k)%nat with (2 * k + 4)%nat by lia. rewrite W3, O3. replace (2 * k + 4 + 1)%nat with (2 * k + 5)%nat by lia.
rewrite W4, O4. split; [reflexivity|]. f_equal; lia.
Qed.

(** The (K + 1)-hop induction head over k letters, exactly, by softmax attention at Theorem 26's
    temperature, for every k >= 1, K, length n and word over 0..k-1. *)
Theorem thm26_khops (k n : nat) (w : list nat) (K : nat) (tau : R) (i : nat) : (1 <= k)%nat -> (forall a, In a w -> (a < k)%nat) ->
  0 < tau -> tau <= srasp_temp k n (kprogram k K) (/ 4) -> (i < n)%nat ->
  round01 (msoft_run tau (srasp_width k (kprogram k K)) n (srasp_net k (kprogram k K)) (srasp_input k n w) i (2 * k + 4 + K)%nat) =
  if ind_hops w K i then 1 else 0.
Proof.
intros Hk Hw Htau Hle Hi. destruct (kprogram_types k K Hk) as [Hwt Hout].
rewrite thm26_srasp; [apply kprogram_sem; assumption|exact Hwt| |exact Htau|exact Hle|exact Hi].
unfold srasp_bool. rewrite Hout, bool_ty_allbut. nat_bools.
Qed.
