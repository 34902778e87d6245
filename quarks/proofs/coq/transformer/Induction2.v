(** * Seed 004, §6: the 2-hop induction head of [quarks.attention.programs.induction] (hops = 2).

    Two more layers on [Induction]'s network: a head o2 with the induction heads' scores reading the
    1-hop output (coordinate 18) at the selected j = find(i) (coordinate 19), and a unit
    out2 = ReLU(o2 + matched - 1) (coordinate 20).  The task (Sanford et al.): the 1-hop output at
    find(i), 0 when i has no match ([ih2_out]).  [ih2_net_hard], [ih2_net_gaps], [ih2_net_round]:
    exact under hardmax, tieless with gap 1/n, and exact after Theorem 26 and Lemma 9's rounding,
    for every length n, word over a, b, c and position. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List.
From Quarks Require Import RSum Softmax Uniform TransformerModel TransformerError MatrixModel MatrixCopy Dyck DyckHeads DyckNet DyckNetThm FlipFlop Induction.
From Quarks Require Rounding.
Import ListNotations.
Open Scope R_scope.

Definition ih2_out (w : list nat) (i : nat) : bool := ih_found w i && ih_out w (ih_find w i).

Definition o2_head : head := Head 19 18 sel_ih Future Average.
Definition ih_L4 : layer := Layer [o2_head] [].
Definition ih_L5 : layer := Layer [] [relu1 20 [(19%nat, 1); (17%nat, 1)] (-1)].
Definition ih2_net : list layer := [ih_L1; ih_L2; ih_L3; ih_L4; ih_L5].

Definition ih_x3 (n : nat) (w : list nat) : stream := layer_run hard_w n ih_L3 (ih_x2 n w).

Lemma ih_x3_low (n : nat) (w : list nat) (i c : nat) : (c < 13)%nat -> ih_x3 n w i c = ih_x1 n w i c.
Proof.
intros Hc. unfold ih_x3, ih_x2. rewrite layer_at. cbn [l_heads l_units ih_L3]. selc.
rewrite layer_at. cbn [l_heads l_units ih_L2]. selc. ring.
Qed.

Lemma ih_x3_17 (n : nat) (w : list nat) (i : nat) : ih_x3 n w i 17%nat = ih_x2 n w i 17%nat.
Proof. unfold ih_x3. rewrite layer_at. cbn [l_heads l_units ih_L3]. selc. ring. Qed.

Lemma ih_score3 (n : nat) (w : list nat) (i j : nat) : ih_ok n w -> (i < n)%nat -> (j < S i)%nat ->
  score o2_head (ih_x3 n w) i j = 1 * INR (Nat.b2n (ih_match w i j)) + INR (S j) / INR n + 0.
Proof.
intros Hw Hi Hj. rewrite <- (ih_score n w o2_head i j eq_refl Hw Hi Hj).
unfold score. cbn [h_terms o2_head sel_ih map lsum fst snd]. rewrite !ih_x3_low by lia. reflexivity.
Qed.

Theorem ih2_net_hard (n : nat) (w : list nat) (i : nat) : length w = n -> (forall a, In a w -> (a < 3)%nat) -> (i < n)%nat ->
  hard_run n ih2_net (ih_input n w) i 20%nat = b2R (ih2_out w i).
Proof.
intros Hl Ha Hi. pose proof (ih_ok_of n w Hl Ha) as Hw.
change (hard_run n ih2_net (ih_input n w) i 20%nat) with (layer_run hard_w n ih_L5 (layer_run hard_w n ih_L4 (ih_x3 n w)) i 20%nat).
rewrite layer_at. cbn [l_heads l_units ih_L5]. rewrite sel_nil, sel_cons_eq by reflexivity. rewrite sel_nil.
rewrite unit_relu1. unfold lin. cbn [map lsum fst snd]. rewrite !attn_nil.
rewrite !layer_at. cbn [l_heads l_units ih_L4]. rewrite sel_nil. rewrite sel_cons_ne by (simpl; lia). rewrite sel_cons_eq by reflexivity.
rewrite sel_cons_ne by (simpl; lia). rewrite !sel_nil.
rewrite (tieless_read_c _ _ n i 1 0 (fun j => Nat.b2n (ih_match w i j))); [| lra | reflexivity | exact Hi | intros; apply ih_score3; assumption].
rewrite top_b2n. fold (ih_find w i). cbn [h_val o2_head].
assert (H18 : ih_x3 n w (ih_find w i) 18%nat = b2R (ih_out w (ih_find w i))).
{ pose proof (ih_find_lt w i). apply (ih_net_hard n w); [assumption|assumption|lia]. }
assert (H20 : ih_x3 n w i 20%nat = 0).
{ unfold ih_x3. rewrite layer_at. cbn [l_heads l_units ih_L3]. selc.
  unfold ih_x2. rewrite layer_at. cbn [l_heads l_units ih_L2]. selc. rewrite ih_x1_high by lia. ring. }
assert (H19 : ih_x3 n w i 19%nat = 0).
{ unfold ih_x3. rewrite layer_at. cbn [l_heads l_units ih_L3]. selc.
  unfold ih_x2. rewrite layer_at. cbn [l_heads l_units ih_L2]. selc. rewrite ih_x1_high by lia. ring. }
rewrite H18, H19, H20, ih_x3_17, ih_x2_matched by assumption.
unfold ih2_out, b2R. destruct (ih_found w i); destruct (ih_out w (ih_find w i)); simpl;
  first [rewrite relu_pos by lra; ring | rewrite relu_neg by lra; ring].
Qed.

Theorem ih2_net_gaps (n : nat) (w : list nat) : length w = n -> (forall a, In a w -> (a < 3)%nat) ->
  gaps_ok n (/ INR n) ih2_net (ih_input n w).
Proof.
intros Hl Ha. pose proof (ih_net_gaps n w Hl Ha) as [G1 [G2 _]]. pose proof (ih_ok_of n w Hl Ha) as Hw.
split; [exact G1|]. split; [exact G2|]. split; [intros h []|]. split; [|split; [intros h []|exact I]].
intros h [<-|[]]. right. apply (tieless_of_scores_c _ (ih_x3 n w) n 1 0 (fun i j => Nat.b2n (ih_match w i j))); [lra|reflexivity|].
intros i j Hi Hj. apply ih_score3; assumption.
Qed.

Theorem ih2_net_round (n : nat) (w : list nat) (tau : R) (i : nat) :
  length w = n -> (forall a, In a w -> (a < 3)%nat) -> (i < n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X ih2_net (Rmax 1 1)) (1 / 4) ih2_net ->
  Rounding.round01 (soft_run tau n ih2_net (ih_input n w) i 20%nat) = b2R (ih2_out w i).
Proof.
intros Hl Ha Hi Ht Hle.
assert (H : Rabs (soft_run tau n ih2_net (ih_input n w) i 20%nat - hard_run n ih2_net (ih_input n w) i 20%nat) <= 1 / 4).
{ apply (thm26_closed n ih2_net (ih_input n w) (/ INR n) (Rmax 1 1) (1 / 4) tau); try assumption.
  - apply Rinv_0_lt_compat, lt_0_INR. lia.
  - lra.
  - apply Rle_trans with 1; [lra|apply Rmax_l].
  - apply embed_bounded, ih_pe_bound.
  - apply ih2_net_gaps; assumption. }
rewrite ih2_net_hard in H by assumption.
set (y := soft_run tau n ih2_net (ih_input n w) i 20%nat) in *.
pose proof (Rle_abs (y - b2R (ih2_out w i))). pose proof (Rle_abs (- (y - b2R (ih2_out w i)))). rewrite Rabs_Ropp in *.
unfold b2R in *. destruct (ih2_out w i).
- apply Rounding.lemma9_high. lra.
- apply Rounding.lemma9_low. lra.
Qed.
