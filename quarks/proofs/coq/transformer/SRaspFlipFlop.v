(** * Seed 004, Section 6: the flip-flop language as an S-RASP program, computed exactly by softmax
    attention at Theorem 26's temperature for every length.

    Letters 0 (write 0), 1 (write 1), 2 (read).  At position i the flip-flop outputs the bit of the
    last write at or before i, and 0 if there is none: [FlipFlop]'s reference [ff_out], with its
    write predicate [write_b].  The program [flipflop] has two operations: sequence 6 = [w_i = 0] or
    [w_i = 1] (a write), and sequence 7 = [w_j = 1] at the rightmost j <= i that is a write (future
    mask; with no write, the default reads position i, which is then not a write, so 0).
    [flipflop_sem]: the program computes [ff_out] at every position of every word; [thm26_flipflop]:
    Lemma 9's rounding of the compiled softmax network at every 0 < tau <= srasp_temp 3 n flipflop (1/4)
    outputs [ff_out w i] exactly, for every n, word and i < n. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List FunctionalExtensionality.
From Quarks Require Import FlipFlop.
From Quarks Require Import RSum Rounding TransformerModel MatrixModel MatrixGap SRasp SRaspCompile.
Import ListNotations.
Open Scope R_scope.

Definition flipflop : list sop := [SOr 0 1; SSel Future RightMost 3 6 1].

Lemma flipflop_wt : srasp_wt 3 flipflop = true.
Proof. reflexivity. Qed.

Lemma flipflop_bool : srasp_bool 3 flipflop 7 = true.
Proof. reflexivity. Qed.

Lemma isone_1 : isone 1 = true.
Proof. unfold isone. destruct (Req_EM_T 1 1); [reflexivity|lra]. Qed.

Lemma isone_0 : isone 0 = false.
Proof. unfold isone. destruct (Req_EM_T 0 1); [lra|reflexivity]. Qed.

(** The rightmost write at or before i holds the reference bit. *)
Lemma ff_top (w : list nat) (i : nat) : Nat.eqb (nth (sel_top RightMost (write_b w) (S i)) w 0%nat) 1 = ff_out w i.
Proof.
unfold sel_top, ff_out. replace (S i - 1)%nat with i by lia.
assert (E : forall m, rfind (write_b w) m = Dyck.find_last (write_b w) m) by (induction m as [|m IH]; simpl; [|rewrite IH]; reflexivity).
rewrite E. destruct (Dyck.find_last (write_b w) (S i)) as [t|] eqn:Ht; [reflexivity|].
pose proof (DyckHeads.find_last_none _ _ Ht i ltac:(lia)) as Bi. unfold write_b, Dyck.letter in Bi.
destruct (nth i w 0%nat) as [|[|a]]; simpl in Bi; try discriminate; reflexivity.
Qed.

Theorem flipflop_sem (n : nat) (w : list nat) (i : nat) : srasp_run 3 n flipflop w i 7%nat = if ff_out w i then 1 else 0.
Proof.
unfold srasp_run, flipflop. cbn [srun Nat.add]. rewrite upd_eq.
set (x := srasp_input 3 n w). set (X1 := upd x 6 (sop_sem n (SOr 0 1) x)).
assert (Hw : forall j a, (a < 3)%nat -> x j a = if Nat.eqb (nth j w 0%nat) a then 1 else 0).
{ intros j a Ha. unfold x, srasp_input, word_input, embed. replace (a <? 3)%nat with true by (symmetry; apply Nat.ltb_lt, Ha). reflexivity. }
assert (HB : sel_pred Future 3 6 X1 i = write_b w).
{ apply functional_extensionality. intros t. unfold sel_pred, X1. rewrite !upd_ne by lia. rewrite upd_eq.
  cbn [sop_sem vis_lo Nat.add]. replace (x i 3%nat) with 1 by reflexivity. rewrite isone_1, !Hw by lia. unfold write_b, Dyck.letter.
  destruct (nth t w 0%nat) as [|[|a]]; cbn;
  [replace (1 + 0 - 1 * 0) with 1 by ring|replace (0 + 1 - 0 * 1) with 1 by ring|replace (0 + 0 - 0 * 0) with 0 by ring];
  rewrite ?isone_1, ?isone_0; reflexivity. }
cbn [sop_sem vis_lo vis_cnt Nat.add]. rewrite HB. unfold X1. rewrite upd_ne by lia. rewrite Hw by lia.
rewrite ff_top. reflexivity.
Qed.

(** The flip-flop, exactly, by softmax attention at Theorem 26's temperature, for every length. *)
Theorem thm26_flipflop (n : nat) (w : list nat) (tau : R) (i : nat) :
  0 < tau -> tau <= srasp_temp 3 n flipflop (/ 4) -> (i < n)%nat ->
  round01 (msoft_run tau (srasp_width 3 flipflop) n (srasp_net 3 flipflop) (srasp_input 3 n w) i 7%nat) = if ff_out w i then 1 else 0.
Proof.
intros Htau Hle Hi. rewrite thm26_srasp; [apply flipflop_sem|apply flipflop_wt|apply flipflop_bool|exact Htau|exact Hle|exact Hi].
Qed.
