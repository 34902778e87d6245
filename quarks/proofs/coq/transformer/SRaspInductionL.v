(** * Seed 004, Section 6: the k-hop induction heads outputting the letter, as one S-RASP program
    over every alphabet size, computed exactly by softmax attention at Theorem 26's temperature.

    As [SRaspInductionK]'s [kprogram] (sequence k + 3 = [i even], k + 4 + a = the previous-token heads
    [w_(i-1) = a]), but every hop carries the whole letter: operation q (q < k (K + 1)) is the
    induction-head selection reading sequence [lsrc k q] at the selected position, a letter
    indicator a for q = a < k (hop 1) and sequence 2k + 4 + (q - k) of the previous hop otherwise.  So
    sequence 2k + 4 + m k + a is [w_t = a] at t = ih_find applied m + 1 times to i ([lprogram_sem]),
    and the k sequences 2k + 4 + K k + a, a < k, are the one-hot code of the letter reached by K + 1
    hops (the default of each selection reads position i itself, as in [ind_hops]).
    [thm26_lhops]: for every k >= 1, K, n, word over 0..k-1 and a < k, Lemma 9's rounding of the
    compiled softmax network (weights independent of n, embeddings 1, (i + 1)/n, [i odd]) at every
    0 < tau <= srasp_temp k n (lprogram k K) (1/4) is exactly that one-hot code at every i < n. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List FunctionalExtensionality.
From Quarks Require Import Induction.
From Quarks Require Import RSum Rounding TransformerModel MatrixModel MatrixGap SRasp SRaspCompile SRaspFlipFlop SRaspInduction SRaspInductionK.
Import ListNotations.
Open Scope R_scope.

(** The sequence operation q reads: letter q in the first hop, the previous hop's sequence after. *)
Definition lsrc (k q : nat) : nat := if (q <? k)%nat then q else (2 * k + 4 + (q - k))%nat.

Definition lops (k L : nat) : list sop := map (fun q => SSelM Future RightMost (kpairs k) (lsrc k q)) (seq 0 L).

Definition lprogram (k K : nat) : list sop := [SNot (k + 2)] ++ kprevs k ++ lops k (k * S K).

(** The reference: [w_t = a] at t = ih_find applied h times to i. *)
Definition lref (w : list nat) (h a i : nat) : bool := Nat.eqb (nth (iter (ih_find w) h i) w 0%nat) a.

Lemma lref_S (w : list nat) (h a i : nat) : lref w (S h) a i = lref w h a (ih_find w i).
Proof. reflexivity. Qed.

(** The letters and the previous-token heads, then every selection of the first L operations. *)
Lemma lops_stream (k n : nat) (w : list nat) (Y : stream) (L : nat) : (1 <= k)%nat -> (forall t, (nth t w 0%nat < k)%nat) ->
  (forall t a, (a < k)%nat -> Y t a = if Nat.eqb (nth t w 0%nat) a then 1 else 0) ->
  (forall t a, (a < k)%nat -> Y t (k + 4 + a)%nat = if Nat.eqb (nth (t - 1) w 0%nat) a then 1 else 0) ->
  (forall t a, (a < 2 * k + 4)%nat -> srun n (2 * k + 4) (lops k L) Y t a = Y t a) /\
  (forall t q, (q < L)%nat -> srun n (2 * k + 4) (lops k L) Y t (2 * k + 4 + q)%nat =
                              if lref w (S (q / k)) (q mod k) t then 1 else 0).
Proof.
intros Hk Hn HL HP. induction L as [|L [IH1 IH2]]; [split; [reflexivity|intros; lia]|].
unfold lops in *. rewrite seq_S, map_app, srun_app, map_length, seq_length. cbn [map srun Nat.add].
set (Z := srun n (2 * k + 4) (map (fun q => SSelM Future RightMost (kpairs k) (lsrc k q)) (seq 0 L)) Y) in *.
split.
- intros t a Ha. rewrite upd_ne by lia. apply IH1, Ha.
- intros t q Hq. destruct (Nat.eq_dec q L) as [->|Hne]; [|rewrite upd_ne by lia; apply IH2; lia].
  rewrite upd_eq. rewrite (khop_sem n k w Z (lsrc k L) t (Hn t)).
  + unfold lsrc. destruct (Nat.ltb_spec L k) as [HLk|HLk].
    * rewrite IH1 by lia. rewrite HL by exact HLk. rewrite (Nat.div_small L k HLk), (Nat.mod_small L k HLk). reflexivity.
    * rewrite IH2 by lia.
      remember (L - k)%nat as m eqn:Em. assert (EL : L = (m + 1 * k)%nat) by lia.
      assert (D1 : (L / k = S (m / k))%nat) by (rewrite EL, Nat.div_add by lia; lia).
      assert (D2 : (L mod k = m mod k)%nat) by (rewrite EL, Nat.mod_add by lia; reflexivity).
      rewrite D1, D2, (lref_S w (S (m / k))). reflexivity.
  + intros t' a Ha. rewrite IH1 by lia. apply HL, Ha.
  + intros t' a Ha. rewrite IH1 by lia. apply HP, Ha.
Qed.

(** For every k >= 1, K, n and word over 0..k-1, sequence 2k + 4 + m k + a of the program (m <= K,
    a < k) is [w_t = a] at t = ih_find applied m + 1 times to i, at every position i. *)
Theorem lprogram_sem (k n : nat) (w : list nat) (K m a : nat) : (1 <= k)%nat -> (forall b, In b w -> (b < k)%nat) ->
  (m <= K)%nat -> (a < k)%nat ->
  forall t, srasp_run k n (lprogram k K) w t (2 * k + 4 + (m * k + a))%nat = if lref w (S m) a t then 1 else 0.
Proof.
intros Hk Hw Hm Ha. assert (Hn : forall t, (nth t w 0%nat < k)%nat)
  by (intros t; destruct (nth_in_or_default t w 0%nat) as [H|H]; [apply Hw, H|rewrite H; lia]).
destruct (kprevs_stream k n w k (le_n k)) as [P1 P2].
set (Yk := srun n (k + 4) (kprevs k) (kY0 k n w)).
assert (L1 : forall t b, (b < k)%nat -> Yk t b = if Nat.eqb (nth t w 0%nat) b then 1 else 0).
{ intros t b Hb. unfold Yk, kprevs. rewrite P1 by lia. unfold kY0. rewrite upd_ne by lia. apply input_letter, Hb. }
assert (L2 : forall t b, (b < k)%nat -> Yk t (k + 4 + b)%nat = if Nat.eqb (nth (t - 1) w 0%nat) b then 1 else 0)
  by (intros t b Hb; apply P2, Hb).
assert (E : srasp_run k n (lprogram k K) w = srun n (2 * k + 4) (lops k (k * S K)) Yk).
{ unfold srasp_run, lprogram. rewrite srun_app. cbn [length]. rewrite srun_app.
  replace (length (kprevs k)) with k by (unfold kprevs; rewrite map_length, seq_length; reflexivity).
  replace (k + 3 + 1 + k)%nat with (2 * k + 4)%nat by lia. replace (k + 3 + 1)%nat with (k + 4)%nat by lia. reflexivity. }
intros t. rewrite E. destruct (lops_stream k n w Yk (k * S K) Hk Hn L1 L2) as [_ H2].
rewrite H2 by nia. replace ((m * k + a) / k)%nat with m. replace ((m * k + a) mod k)%nat with a. reflexivity.
- rewrite Nat.add_comm, Nat.mod_add by lia. rewrite Nat.mod_small by exact Ha. reflexivity.
- rewrite Nat.add_comm, Nat.div_add by lia. rewrite Nat.div_small by exact Ha. reflexivity.
Qed.

(** ** Types *)

Lemma lprogram_types (k K : nat) : (1 <= k)%nat ->
  wt (in_tys k) (lprogram k K) = true /\ out_tys (in_tys k) (lprogram k K) = allbut k (2 * k + 4 + k * S K).
Proof.
intros Hk. rewrite in_tys_allbut. unfold lprogram.
assert (S1 := wt_seg k (fun _ => SNot (k + 2)) 1 (k + 3) ltac:(lia)).
assert (S2 := wt_seg k (fun a => SSelM Future RightMost (kpar k) a) k (k + 4) ltac:(lia)).
assert (S3 := wt_seg k (fun q => SSelM Future RightMost (kpairs k) (lsrc k q)) (k * S K) (2 * k + 4) ltac:(lia)).
assert (Hpairs : forall L, (2 * k + 4 <= L)%nat -> forallb (fun p => bool_ty (allbut k L) (fst p) && bool_ty (allbut k L) (snd p)) (kpairs k) = true).
{ intros L HL. apply forallb_forall. intros p Hp. unfold kpairs in Hp. apply in_map_iff in Hp. destruct Hp as [a [<- Ha]].
  apply in_seq in Ha. cbn [fst snd]. rewrite !bool_ty_allbut. nat_bools. }
destruct S1 as [W1 O1]; [intros j Hj; cbn [sop_ok sop_bool]; rewrite bool_ty_allbut; split; nat_bools|].
destruct S2 as [W2 O2]; [intros j Hj; cbn [sop_ok sop_bool kpar forallb fst snd]; rewrite !bool_ty_allbut; unfold in_ty, allbut;
  rewrite map_length, seq_length; split; nat_bools|].
destruct S3 as [W3 O3]; [intros j Hj; cbn [sop_ok sop_bool]; rewrite Hpairs by lia; rewrite bool_ty_allbut; unfold in_ty, allbut, lsrc; destruct (Nat.ltb_spec j k);
  rewrite map_length, seq_length; split; nat_bools|].
change [SNot (k + 2)] with (map (fun _ : nat => SNot (k + 2)) (seq 0 1)).
unfold kprevs, lops. rewrite !wt_app, !out_tys_app, W1, O1. replace (k + 3 + 1)%nat with (k + 4)%nat by lia.
rewrite W2, O2. replace (k + 4 + k)%nat with (2 * k + 4)%nat by lia. rewrite W3, O3. split; reflexivity.
Qed.

(** The (K + 1)-hop induction head over k letters, outputting the letter: for every k >= 1, K, length n,
    word over 0..k-1, position i < n and letter a < k, Lemma 9's rounding of the softmax network at
    Theorem 26's temperature is exactly [w_t = a], t = ih_find applied K + 1 times to i, at the
    output coordinate 2k + 4 + K k + a: the k outputs are the one-hot code of the letter w_t. *)
Theorem thm26_lhops (k n : nat) (w : list nat) (K a : nat) (tau : R) (i : nat) : (1 <= k)%nat -> (forall b, In b w -> (b < k)%nat) ->
  (a < k)%nat -> 0 < tau -> tau <= srasp_temp k n (lprogram k K) (/ 4) -> (i < n)%nat ->
  round01 (msoft_run tau (srasp_width k (lprogram k K)) n (srasp_net k (lprogram k K)) (srasp_input k n w) i (2 * k + 4 + (K * k + a))%nat) =
  if Nat.eqb (nth (iter (ih_find w) (S K) i) w 0%nat) a then 1 else 0.
Proof.
intros Hk Hw Ha Htau Hle Hi. destruct (lprogram_types k K Hk) as [Hwt Hout].
rewrite thm26_srasp; [apply (lprogram_sem k n w K K a Hk Hw (le_n K) Ha)|exact Hwt| |exact Htau|exact Hle|exact Hi].
unfold srasp_bool. rewrite Hout, bool_ty_allbut. nat_bools.
Qed.
