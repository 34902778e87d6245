(** * Seed 004, §6: the flip-flop program of [quarks.attention.programs.flipflop], for every length n.

    Letters 0 and 1 write a bit, letter 2 (r) reads; the output at i is the last bit written at or
    before i, 0 if none ([ff_out], also the reference of [SRaspFlipFlop]'s S-RASP program).  The
    network (coordinates: letters 0..2, embeddings 1 and (i+1)/n at 3 and 4, W at 5, bit at 6): a unit
    W = 2 ReLU([w_i = 0] + [w_i = 1]), then a tieless head with scores W_j + (j+1)/n (query 1, keys W
    and (j+1)/n) reading [w_j = 1].

    [ff_net_hard]: on every word of length n over the three letters the hard run outputs the last
    bit written, at every i < n; [ff_net_gaps]: the head is tieless with gap 1/n; [ff_net_round]
    (Theorem 26 with Lemma 29's X, eps = 1/4, and Lemma 9's rounding): the softmax run at every
    0 < tau <= temp26 n (1/n) X (1/4) outputs that bit exactly after rounding. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith.
From Quarks Require Import RSum Softmax TransformerModel TransformerError MatrixModel MatrixCopy Dyck DyckHeads DyckNet DyckNetThm.
From Quarks Require Rounding.
Import ListNotations.
Open Scope R_scope.

Definition write_b (w : list nat) (j : nat) : bool := (letter w j <? 2)%nat.

(** The last bit written at or before i, 0 if none. *)
Definition ff_out (w : list nat) (i : nat) : bool :=
  match find_last (write_b w) (S i) with Some j => Nat.eqb (letter w j) 1 | None => false end.

Definition ff_pe : list (nat -> nat -> R) := [fun _ _ => 1; fun i n => INR i / INR n].
Definition ff_input (n : nat) (w : list nat) : stream := embed 3 ff_pe n (letter w).

Definition ff_head : head := Head 6 1 [((3%nat, 5%nat), 1); ((3%nat, 4%nat), 1)] Future Average.
Definition ff_net : list layer := [Layer [] [Unit 5 [Neuron 2 [(0%nat, 1); (1%nat, 1)] 0] 0]; Layer [ff_head] []].

Definition ff_x1 (n : nat) (w : list nat) : stream := layer_run hard_w n (hd (Layer [] []) ff_net) (ff_input n w).

Lemma ff_x1_W (n : nat) (w : list nat) (j : nat) : (letter w j < 3)%nat ->
  ff_x1 n w j 5%nat = 2 * INR (Nat.b2n (write_b w j)).
Proof.
intros Hl. unfold ff_x1, ff_net, layer_run, ffn_sub, attn_sub, unit_val, lin, ff_input, embed, write_b. simpl.
destruct (letter w j) as [|[|[|a]]]; simpl; try lia; first [rewrite Rmax_right by lra | rewrite Rmax_left by lra]; ring.
Qed.

Lemma ff_score (n : nat) (w : list nat) (i j : nat) : (letter w j < 3)%nat ->
  score ff_head (ff_x1 n w) i j = 2 * INR (Nat.b2n (write_b w j)) + INR (S j) / INR n.
Proof.
intros Hl. unfold score, ff_head. cbn [h_terms map lsum fst snd]. rewrite ff_x1_W by exact Hl.
unfold ff_x1, ff_net, layer_run, ffn_sub, attn_sub, ff_input, embed. simpl. ring.
Qed.

Lemma top_b2n (p : nat -> bool) (i : nat) :
  top (fun j => Nat.b2n (p j)) i = match find_last p (S i) with Some j => j | None => i end.
Proof.
unfold top. destruct (find_last p (S i)) as [t|] eqn:Ht.
- apply find_last_some in Ht as Ht'. destruct Ht' as [Hlt Hp].
  assert (Hm : max_upto (fun j => Nat.b2n (p j)) (S i) = 1%nat).
  { pose proof (max_upto_ge (fun j => Nat.b2n (p j)) (S i) t Hlt) as Hge. cbv beta in Hge. rewrite Hp in Hge.
    change (Nat.b2n true) with 1%nat in Hge.
    destruct (max_upto_attained (fun j => Nat.b2n (p j)) (S i) ltac:(lia)) as [j [_ E]].
    rewrite <- E. destruct (p j); simpl in *; lia. }
  rewrite Hm. rewrite (find_last_ext _ p); [rewrite Ht; reflexivity|]. intros j _. destruct (p j); reflexivity.
- assert (Hm : max_upto (fun j => Nat.b2n (p j)) (S i) = O).
  { apply max_upto_zero. intros j Hj. rewrite (find_last_none _ _ Ht j Hj). reflexivity. }
  rewrite Hm. rewrite (find_last_ext _ (fun j => Nat.eqb 0 0)); [reflexivity|].
  intros j Hj. rewrite (find_last_none _ _ Ht j Hj). reflexivity.
Qed.

Definition ff_ok (n : nat) (w : list nat) : Prop := forall j, (j < n)%nat -> (letter w j < 3)%nat.

Lemma ff_ok_of (n : nat) (w : list nat) : length w = n -> (forall a, In a w -> (a < 3)%nat) -> ff_ok n w.
Proof. intros Hl Ha j Hj. apply Ha. unfold letter. apply nth_In. lia. Qed.

(** The hard network outputs the last bit written at or before i, 0 if none. *)
Theorem ff_net_hard (n : nat) (w : list nat) (i : nat) : length w = n -> (forall a, In a w -> (a < 3)%nat) -> (i < n)%nat ->
  hard_run n ff_net (ff_input n w) i 6%nat = b2R (ff_out w i).
Proof.
intros Hl Ha Hi. pose proof (ff_ok_of n w Hl Ha) as Hw.
change (hard_run n ff_net (ff_input n w) i 6%nat) with (layer_run hard_w n (Layer [ff_head] []) (ff_x1 n w) i 6%nat).
unfold layer_run, ffn_sub, attn_sub. cbn [l_heads l_units map lsum h_out]. rewrite Nat.eqb_refl.
replace (ff_x1 n w i 6%nat) with 0 by (unfold ff_x1, ff_net, layer_run, ffn_sub, attn_sub, ff_input, embed; simpl; ring).
rewrite (tieless_read _ _ n i (fun j => Nat.b2n (write_b w j))); [| reflexivity | exact Hi | intros; apply ff_score, Hw; lia].
rewrite top_b2n. unfold ff_out. cbn [h_val ff_head].
unfold ff_x1, ff_net, layer_run, ffn_sub, attn_sub, ff_input, embed. simpl hd. cbn [l_heads l_units map lsum u_out].
destruct (find_last (write_b w) (S i)) as [t|] eqn:Ht.
- simpl. unfold b2R. destruct (Nat.eqb (letter w t) 1); ring.
- pose proof (find_last_none _ _ Ht i ltac:(lia)) as Hn. unfold write_b in Hn. simpl.
  destruct (letter w i) as [|[|a]] eqn:E; simpl in Hn; try discriminate. unfold b2R. simpl. ring.
Qed.

(** The head is tieless with gap 1/n: gamma(n) = 1/n. *)
Theorem ff_net_gaps (n : nat) (w : list nat) : length w = n -> (forall a, In a w -> (a < 3)%nat) ->
  gaps_ok n (/ INR n) ff_net (ff_input n w).
Proof.
intros Hl Ha. pose proof (ff_ok_of n w Hl Ha) as Hw. split; [intros h []|]. split; [|exact I].
intros h [<-|[]]. right. apply (tieless_of_scores _ (ff_x1 n w) n (fun _ j => Nat.b2n (write_b w j))); [reflexivity|].
intros i j Hi Hj. apply ff_score, Hw. lia.
Qed.

Lemma ff_pe_bound (n : nat) : forall f i, In f ff_pe -> (i < n)%nat -> Rabs (f (S i) n) <= 1.
Proof.
intros f i [<-|[<-|[]]] Hi.
- rewrite Rabs_R1. lra.
- assert (HN : 0 < INR n) by (apply lt_0_INR; lia). assert (INR (S i) <= INR n) by (apply le_INR; lia).
  rewrite Rabs_pos_eq; [apply div_le; lra|]. apply Rlt_le, Rdiv_lt_0_compat; [apply lt_0_INR; lia|exact HN].
Qed.

(** Theorem 26 and Lemma 9: after rounding, the softmax network outputs the last bit written,
    for every length n, word and position. *)
Theorem ff_net_round (n : nat) (w : list nat) (tau : R) (i : nat) :
  length w = n -> (forall a, In a w -> (a < 3)%nat) -> (i < n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X ff_net (Rmax 1 1)) (1 / 4) ff_net ->
  Rounding.round01 (soft_run tau n ff_net (ff_input n w) i 6%nat) = b2R (ff_out w i).
Proof.
intros Hl Ha Hi Ht Hle.
assert (H : Rabs (soft_run tau n ff_net (ff_input n w) i 6%nat - hard_run n ff_net (ff_input n w) i 6%nat) <= 1 / 4).
{ apply (thm26_closed n ff_net (ff_input n w) (/ INR n) (Rmax 1 1) (1 / 4) tau); try assumption.
  - apply Rinv_0_lt_compat, lt_0_INR. lia.
  - lra.
  - apply Rle_trans with 1; [lra|apply Rmax_l].
  - apply embed_bounded, ff_pe_bound.
  - apply ff_net_gaps; assumption. }
rewrite ff_net_hard in H by assumption.
set (y := soft_run tau n ff_net (ff_input n w) i 6%nat) in *.
pose proof (Rle_abs (y - b2R (ff_out w i))). pose proof (Rle_abs (- (y - b2R (ff_out w i)))). rewrite Rabs_Ropp in *.
unfold b2R in *. destruct (ff_out w i).
- apply Rounding.lemma9_high. lra.
- apply Rounding.lemma9_low. lra.
Qed.
