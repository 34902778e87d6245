(** * Seed 004, §6: the induction head of [quarks.attention.programs.induction], for every length n.

    Letters a, b, c are 0, 1, 2.  At position i (0-based) the task reads [w_j = a] at the rightmost
    j <= i with j >= 1 and w_(j-1) = w_i, and outputs 0 if there is none ([ih_out]).  [SRaspInduction]'s
    reference [ind] reads w at the same position [ih_find] without that found-gate, reading w_i where
    nothing matches (always at i = 0), because an S-RASP selection's default reads position i
    ([ih_out_ind] there: ih_out = ih_found && ind).  The network
    (coordinates: letters 0..2; embeddings 1, (i+1)/n, (-1)^(i+1), [i = 0] at 3..6; h_s at 7 + s,
    p_s at 10 + s, o at 13, m_s at 14 + s, matched at 17, out at 18):
    1. previous-token heads h_s with scores -(-1)^(i+j) + (j+1)/n reading [w_j = s] (the top is
       j = i - 1), units p_s = ReLU(h_s - [i = 0]) = [w_(i-1) = s];
    2. heads o (value [w_j = a]) and m_s (value p_s) with scores sum_s [w_i = s] p_s(j) + (j+1)/n;
       unit matched = sum_s ReLU([w_i = s] + m_s - 1);
    3. unit out = ReLU(o + matched - 1).

    The scores are c f_j + (j+1)/n + b with c >= 1 (c = 2, b = -1 in layer 1; c = 1 in layer 2): a
    unique top with gap 1/n ([top_gap_c]).  [ih_net_hard], [ih_net_gaps], [ih_net_round]: the hard
    output, gamma(n) = 1/n, and Theorem 26 with Lemma 9's rounding, for every n, word and i < n. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List.
From Quarks Require Import RSum Softmax Uniform TransformerModel TransformerError MatrixModel MatrixCopy Dyck DyckHeads DyckNet DyckNetThm FlipFlop.
From Quarks Require Rounding.
Import ListNotations.
Open Scope R_scope.

(** ** Tieless scores c f_j + (j + 1)/n + b, c >= 1 *)

Lemma top_gap_c (c b : R) (f : nat -> nat) (n i : nat) : 1 <= c -> (i < n)%nat ->
  forall j, (j < S i)%nat -> j <> top f i ->
  c * INR (f j) + INR (S j) / INR n + b <= c * INR (f (top f i)) + INR (S (top f i)) / INR n + b - / INR n.
Proof.
intros Hc Hi j Hj Hne. destruct (top_spec f i) as (Ht & Hmax & Hright). set (t := top f i) in *.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
pose proof (max_upto_ge f (S i) j Hj) as Hfj.
assert (Hjn : INR (S j) <= INR n) by (apply le_INR; lia).
assert (Hjn' : INR (S j) / INR n <= 1) by (apply Rmult_le_reg_r with (INR n); [exact HN|]; unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra; lra).
assert (Ht0 : 0 <= INR (S t) / INR n - / INR n).
{ unfold Rdiv. rewrite <- (Rmult_1_l (/ INR n)) at 2. rewrite <- Rmult_minus_distr_r.
  apply Rmult_le_pos; [|apply Rlt_le, Rinv_0_lt_compat, HN]. rewrite S_INR. pose proof (pos_INR t). lra. }
destruct (Nat.eq_dec (f j) (max_upto f (S i))) as [E|E].
- assert (Hjt : (j < t)%nat) by (destruct (Nat.lt_trichotomy j t) as [H|[H|H]]; [exact H|contradiction|exfalso; apply (Hright j); [lia|exact E]]).
  rewrite E, Hmax. assert (INR (S j) + 1 <= INR (S t)) by (rewrite <- S_INR; apply le_INR; lia).
  assert (INR (S j) / INR n + / INR n <= INR (S t) / INR n).
  { unfold Rdiv. rewrite <- (Rmult_1_l (/ INR n)) at 2. rewrite <- Rmult_plus_distr_r.
    apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, HN|lra]. }
  lra.
- assert (Hlt : (f j + 1 <= max_upto f (S i))%nat) by lia. apply le_INR in Hlt. rewrite plus_INR in Hlt.
  change (INR 1) with 1 in Hlt. rewrite Hmax.
  assert (c * INR (f j) + 1 <= c * INR (max_upto f (S i))) by nra. lra.
Qed.

Lemma tieless_read_c (h : head) (x : stream) (n i : nat) (c b : R) (f : nat -> nat) : 1 <= c -> h_mask h = Future -> (i < n)%nat ->
  (forall j, (j < S i)%nat -> score h x i j = c * INR (f j) + INR (S j) / INR n + b) ->
  head_out hard_w n h x i = x (top f i) (h_val h).
Proof.
intros Hc Hm Hi Hs. unfold head_out. rewrite Hm. cbn [vis_lo vis_cnt].
destruct (top_spec f i) as (Ht & _ & _).
assert (HN : 0 < / INR n) by (apply Rinv_0_lt_compat, lt_0_INR; lia).
rewrite (rsum_ext _ (fun j => x j (h_val h) * (if Nat.eqb j (top f i) then 1 else 0))).
- rewrite rsum_indicator. replace ((0 <=? top f i) && (top f i <? 0 + S i))%nat with true; [reflexivity|].
  symmetry. apply andb_true_iff. split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia.
- intros j Hj. rewrite (hard_w_tieless h _ (S i) (top f i) (/ INR n) HN Ht); [unfold hardmax; simpl; ring| |lia].
  intros j' Hj' Hne. simpl. rewrite !Hs by lia. apply top_gap_c; assumption.
Qed.

Lemma tieless_of_scores_c (h : head) (x : stream) (n : nat) (c b : R) (f : nat -> nat -> nat) : 1 <= c -> h_mask h = Future ->
  (forall i j, (i < n)%nat -> (j < S i)%nat -> score h x i j = c * INR (f i j) + INR (S j) / INR n + b) ->
  tieless n (/ INR n) h x.
Proof.
intros Hc Hm Hs i Hi. rewrite Hm. cbn [vis_lo vis_cnt]. destruct (top_spec (f i) i) as (Ht & _ & _).
exists (top (f i) i). split; [exact Ht|]. intros j Hj Hne. simpl. rewrite !Hs by lia. apply top_gap_c; assumption.
Qed.

(** ** The task and the network *)

Definition ih_match (w : list nat) (i j : nat) : bool := (1 <=? j)%nat && Nat.eqb (letter w (j - 1)) (letter w i).

Definition ih_find (w : list nat) (i : nat) : nat :=
  match find_last (ih_match w i) (S i) with Some j => j | None => i end.

(** [w_j = a] at the rightmost j <= i with w_(j-1) = w_i, 0 if none. *)
Definition ih_out (w : list nat) (i : nat) : bool :=
  match find_last (ih_match w i) (S i) with Some j => Nat.eqb (letter w j) 0 | None => false end.

Definition ih_pe : list (nat -> nat -> R) :=
  [fun _ _ => 1; fun i n => INR i / INR n; fun i _ => (-1) ^ i; fun i _ => if Nat.eqb i 1 then 1 else 0].
Definition ih_input (n : nat) (w : list nat) : stream := embed 3 ih_pe n (letter w).

Definition prev_head (s : nat) : head := Head (7 + s) s [((5%nat, 5%nat), -1); ((3%nat, 4%nat), 1)] Future Average.
Definition sel_ih : list (nat * nat * R) := [((0%nat, 10%nat), 1); ((1%nat, 11%nat), 1); ((2%nat, 12%nat), 1); ((3%nat, 4%nat), 1)].
Definition o_head : head := Head 13 0 sel_ih Future Average.
Definition m_head (s : nat) : head := Head (14 + s) (10 + s) sel_ih Future Average.
Definition p_unit (s : nat) : unit := relu1 (10 + s) [((7 + s)%nat, 1); (6%nat, -1)] 0.

Definition ih_L1 : layer := Layer [prev_head 0; prev_head 1; prev_head 2] [p_unit 0; p_unit 1; p_unit 2].
Definition ih_L2 : layer :=
  Layer [o_head; m_head 0; m_head 1; m_head 2]
        [Unit 17 [Neuron 1 [(0%nat, 1); (14%nat, 1)] (-1); Neuron 1 [(1%nat, 1); (15%nat, 1)] (-1); Neuron 1 [(2%nat, 1); (16%nat, 1)] (-1)] 0].
Definition ih_L3 : layer := Layer [] [relu1 18 [(13%nat, 1); (17%nat, 1)] (-1)].
Definition ih_net : list layer := [ih_L1; ih_L2; ih_L3].

Definition ih_ok (n : nat) (w : list nat) : Prop := forall j, (j < n)%nat -> (letter w j < 3)%nat.

Lemma ih_ok_of (n : nat) (w : list nat) : length w = n -> (forall a, In a w -> (a < 3)%nat) -> ih_ok n w.
Proof. intros Hl Ha j Hj. apply Ha. unfold letter. apply nth_In. lia. Qed.

(** ** Layer 1: the previous token *)

Definition ih_x1 (n : nat) (w : list nat) : stream := layer_run hard_w n ih_L1 (ih_input n w).

Lemma prev_score (n s : nat) (w : list nat) (i j : nat) :
  score (prev_head s) (ih_input n w) i j = 2 * INR (Nat.b2n (Nat.odd (i + j))) + INR (S j) / INR n + -1.
Proof.
unfold score, prev_head. cbn [h_terms map lsum fst snd].
assert (E5 : forall m, ih_input n w m 5%nat = (-1) ^ S m) by reflexivity.
assert (E3 : forall m, ih_input n w m 3%nat = 1) by reflexivity.
assert (E4 : forall m, ih_input n w m 4%nat = INR (S m) / INR n) by reflexivity.
rewrite !E5, !E3, !E4. rewrite !pow_m1_even, !Nat.even_succ, <- !Nat.negb_even, Nat.even_add.
destruct (Nat.even i), (Nat.even j); simpl; ring.
Qed.

Lemma prev_top (i : nat) : top (fun j => Nat.b2n (Nat.odd (i + j))) i = (i - 1)%nat.
Proof.
rewrite top_b2n. destruct i as [|i]; [reflexivity|].
assert (H1 : Nat.odd (S i + S i) = false).
{ rewrite <- Nat.negb_even. replace (S i + S i)%nat with (2 * S i)%nat by lia. rewrite Nat.even_mul. reflexivity. }
assert (H2 : Nat.odd (S i + i) = true).
{ replace (S i + i)%nat with (S (2 * i)) by lia. rewrite Nat.odd_succ, Nat.even_mul. reflexivity. }
cbn [find_last]. rewrite H1, H2. lia.
Qed.

Lemma ih_input_high (n : nat) (w : list nat) (i c : nat) : (7 <= c)%nat -> ih_input n w i c = 0.
Proof.
intros Hc. unfold ih_input, embed. rewrite (proj2 (Nat.ltb_ge c 3)) by lia. apply nth_overflow. simpl. lia.
Qed.

Lemma ih_input_letter (n : nat) (w : list nat) (i s : nat) : (s < 3)%nat -> ih_input n w i s = b2R (Nat.eqb (letter w i) s).
Proof. intros Hs. unfold ih_input, embed. rewrite (proj2 (Nat.ltb_lt s 3) Hs). reflexivity. Qed.

Lemma u_out_relu1 (o : nat) (ws : list (nat * R)) (b : R) : u_out (relu1 o ws b) = o.
Proof. reflexivity. Qed.

Lemma u_out_p_unit (s : nat) : u_out (p_unit s) = (10 + s)%nat.
Proof. reflexivity. Qed.

Lemma ih_x1_p (n s : nat) (w : list nat) (i : nat) : (s < 3)%nat -> (i < n)%nat ->
  ih_x1 n w i (10 + s)%nat = b2R ((1 <=? i)%nat && Nat.eqb (letter w (i - 1)) s).
Proof.
intros Hs Hi.
assert (Hh : head_out hard_w n (prev_head s) (ih_input n w) i = b2R (Nat.eqb (letter w (i - 1)) s)).
{ rewrite (tieless_read_c _ _ n i 2 (-1) (fun j => Nat.b2n (Nat.odd (i + j)))); [| lra | reflexivity | exact Hi | intros; apply prev_score].
  rewrite prev_top. cbn [h_val prev_head]. apply ih_input_letter, Hs. }
assert (H6 : ih_input n w i 6%nat = if Nat.eqb i 0 then 1 else 0) by reflexivity.
assert (Hv : forall y : nat -> R, y (7 + s)%nat = b2R (Nat.eqb (letter w (i - 1)) s) -> y 6%nat = (if Nat.eqb i 0 then 1 else 0) ->
          relu (lin [((7 + s)%nat, 1); (6%nat, -1)] y + 0) = b2R ((1 <=? i)%nat && Nat.eqb (letter w (i - 1)) s)).
{ intros y H7 H6'. unfold lin. cbn [map lsum fst snd]. rewrite H7, H6'. unfold b2R.
  destruct i as [|i]; cbn [Nat.eqb Nat.leb andb]; destruct (Nat.eqb (letter w _) s);
    first [rewrite relu_pos by lra; ring | rewrite relu_neg by lra; ring]. }
unfold ih_x1. rewrite layer_at. rewrite ih_input_high by lia.
destruct s as [|[|[|s]]]; try lia; cbn [l_heads l_units ih_L1 map lsum h_out prev_head p_unit]; rewrite !u_out_p_unit;
  cbn [Nat.eqb Nat.add]; unfold p_unit; rewrite unit_relu1; rewrite Hv; try ring; unfold attn_sub; cbn [l_heads ih_L1 map lsum h_out prev_head Nat.eqb Nat.add];
  rewrite ?ih_input_high by lia; rewrite ?H6; try (rewrite Hh); ring.
Qed.

Ltac selc := repeat (rewrite sel_cons_ne by (simpl; lia)); rewrite ?sel_nil.

Lemma ih_x1_low (n : nat) (w : list nat) (i c : nat) : (c < 7)%nat -> ih_x1 n w i c = ih_input n w i c.
Proof. intros Hc. unfold ih_x1. rewrite layer_at. cbn [l_heads l_units ih_L1]. selc. ring. Qed.

Lemma ih_x1_high (n : nat) (w : list nat) (i c : nat) : (13 <= c)%nat -> ih_x1 n w i c = 0.
Proof. intros Hc. unfold ih_x1. rewrite layer_at. cbn [l_heads l_units ih_L1]. selc. rewrite ih_input_high by lia. ring. Qed.

(** ** Layer 2: the induction heads *)

Definition ih_x2 (n : nat) (w : list nat) : stream := layer_run hard_w n ih_L2 (ih_x1 n w).

Lemma ih_score (n : nat) (w : list nat) (h : head) (i j : nat) : h_terms h = sel_ih -> ih_ok n w -> (i < n)%nat -> (j < S i)%nat ->
  score h (ih_x1 n w) i j = 1 * INR (Nat.b2n (ih_match w i j)) + INR (S j) / INR n + 0.
Proof.
intros Ht Hw Hi Hj. unfold score. rewrite Ht. cbn [sel_ih map lsum fst snd].
pose proof (ih_x1_p n 0 w j ltac:(lia) ltac:(lia)) as P0. pose proof (ih_x1_p n 1 w j ltac:(lia) ltac:(lia)) as P1.
pose proof (ih_x1_p n 2 w j ltac:(lia) ltac:(lia)) as P2. cbn [Nat.add] in P0, P1, P2. rewrite P0, P1, P2.
rewrite !ih_x1_low by lia. rewrite !ih_input_letter by lia.
replace (ih_input n w i 3%nat) with 1 by reflexivity. replace (ih_input n w j 4%nat) with (INR (S j) / INR n) by reflexivity.
unfold ih_match. pose proof (Hw i Hi) as Hl. unfold b2R.
destruct (1 <=? j)%nat; destruct (letter w i) as [|[|[|a]]]; try lia; destruct (letter w (j - 1)) as [|[|[|b]]]; simpl; ring.
Qed.

Lemma ih_read (n : nat) (w : list nat) (h : head) (i : nat) : h_terms h = sel_ih -> h_mask h = Future -> ih_ok n w -> (i < n)%nat ->
  head_out hard_w n h (ih_x1 n w) i = ih_x1 n w (ih_find w i) (h_val h).
Proof.
intros Ht Hm Hw Hi. rewrite (tieless_read_c _ _ n i 1 0 (fun j => Nat.b2n (ih_match w i j))); [| lra | exact Hm | exact Hi | intros; apply ih_score; assumption].
rewrite top_b2n. reflexivity.
Qed.

Lemma ih_find_lt (w : list nat) (i : nat) : (ih_find w i < S i)%nat.
Proof. unfold ih_find. destruct (find_last (ih_match w i) (S i)) as [t|] eqn:E; [apply find_last_some in E; lia|lia]. Qed.

Definition ih_found (w : list nat) (i : nat) : bool := match find_last (ih_match w i) (S i) with Some _ => true | None => false end.

Lemma ih_found_match (w : list nat) (i : nat) : ih_match w i (ih_find w i) = ih_found w i.
Proof.
unfold ih_find, ih_found. destruct (find_last (ih_match w i) (S i)) as [t|] eqn:E.
- apply find_last_some in E. apply E.
- apply (find_last_none _ _ E). lia.
Qed.

Lemma ih_x2_o (n : nat) (w : list nat) (i : nat) : ih_ok n w -> (i < n)%nat ->
  ih_x2 n w i 13%nat = b2R (Nat.eqb (letter w (ih_find w i)) 0).
Proof.
intros Hw Hi. unfold ih_x2. rewrite layer_at. cbn [l_heads l_units ih_L2]. rewrite ih_x1_high by lia.
rewrite sel_cons_eq by reflexivity. selc. rewrite ih_read by (reflexivity || assumption).
cbn [h_val o_head]. rewrite ih_x1_low, ih_input_letter by lia. ring.
Qed.

Lemma ih_attn2_m (n : nat) (w : list nat) (i s : nat) : ih_ok n w -> (i < n)%nat -> (s < 3)%nat ->
  attn_sub hard_w n [o_head; m_head 0; m_head 1; m_head 2] (ih_x1 n w) i (14 + s)%nat = b2R ((1 <=? ih_find w i)%nat && Nat.eqb (letter w (ih_find w i - 1)) s).
Proof.
intros Hw Hi Hs. rewrite attn_at. rewrite ih_x1_high by lia.
rewrite sel_cons_ne by (simpl; lia).
destruct s as [|[|[|s]]]; try lia; selc; rewrite sel_cons_eq by reflexivity; selc;
  rewrite ih_read by (reflexivity || assumption); cbn [h_val m_head];
  rewrite ih_x1_p by (pose proof (ih_find_lt w i); lia); ring.
Qed.

Lemma ih_x2_matched (n : nat) (w : list nat) (i : nat) : ih_ok n w -> (i < n)%nat -> ih_x2 n w i 17%nat = b2R (ih_found w i).
Proof.
intros Hw Hi. unfold ih_x2. rewrite layer_at. cbn [l_heads l_units ih_L2]. rewrite ih_x1_high by lia. selc.
rewrite sel_cons_eq by reflexivity. rewrite sel_nil. unfold unit_val, lin. cbn [u_hidden u_c nr_v nr_w nr_b map lsum fst snd].
pose proof (ih_attn2_m n w i 0 Hw Hi ltac:(lia)) as M0. pose proof (ih_attn2_m n w i 1 Hw Hi ltac:(lia)) as M1.
pose proof (ih_attn2_m n w i 2 Hw Hi ltac:(lia)) as M2. cbn [Nat.add] in M0, M1, M2. rewrite M0, M1, M2.
rewrite !attn_at. cbn [l_heads ih_L2]. selc. rewrite !ih_x1_low, !ih_input_letter by lia.
rewrite <- ih_found_match. unfold ih_match. pose proof (Hw i Hi) as Hl. unfold b2R.
destruct (1 <=? ih_find w i)%nat; destruct (letter w i) as [|[|[|a]]]; try lia;
  destruct (letter w (ih_find w i - 1)) as [|[|[|b]]]; simpl;
  repeat first [rewrite (Rmax_left 0 (_ + _)) by lra | rewrite (Rmax_right 0 (_ + _)) by lra]; ring.
Qed.

(** ** Layer 3 and the theorems *)

Lemma ih_out_found (w : list nat) (i : nat) : ih_out w i = ih_found w i && Nat.eqb (letter w (ih_find w i)) 0.
Proof. unfold ih_out, ih_found, ih_find. destruct (find_last (ih_match w i) (S i)); reflexivity. Qed.

(** The hard network outputs [w_j = a] at the rightmost j <= i with w_(j-1) = w_i (0 if none). *)
Theorem ih_net_hard (n : nat) (w : list nat) (i : nat) : length w = n -> (forall a, In a w -> (a < 3)%nat) -> (i < n)%nat ->
  hard_run n ih_net (ih_input n w) i 18%nat = b2R (ih_out w i).
Proof.
intros Hl Ha Hi. pose proof (ih_ok_of n w Hl Ha) as Hw.
change (hard_run n ih_net (ih_input n w) i 18%nat) with (layer_run hard_w n ih_L3 (ih_x2 n w) i 18%nat).
rewrite layer_at. cbn [l_heads l_units ih_L3]. rewrite sel_nil, sel_cons_eq by reflexivity. rewrite sel_nil.
rewrite unit_relu1. unfold lin. cbn [map lsum fst snd]. rewrite !attn_nil. rewrite ih_x2_o, ih_x2_matched by assumption.
assert (H18 : ih_x2 n w i 18%nat = 0) by (unfold ih_x2; rewrite layer_at; cbn [l_heads l_units ih_L2]; selc; rewrite ih_x1_high by lia; ring).
rewrite H18, ih_out_found. unfold b2R. destruct (ih_found w i); destruct (Nat.eqb (letter w (ih_find w i)) 0); simpl;
  first [rewrite relu_pos by lra; ring | rewrite relu_neg by lra; ring].
Qed.

(** Every head is tieless with gap 1/n (previous-token heads: scores 2 [i + j odd] + (j+1)/n - 1;
    induction heads: [w_(j-1) = w_i] + (j+1)/n). *)
Theorem ih_net_gaps (n : nat) (w : list nat) : length w = n -> (forall a, In a w -> (a < 3)%nat) ->
  gaps_ok n (/ INR n) ih_net (ih_input n w).
Proof.
intros Hl Ha. pose proof (ih_ok_of n w Hl Ha) as Hw. split; [|split; [|split; [intros h []|exact I]]].
- intros h Hh. right. assert (Hs : exists s, h = prev_head s) by (destruct Hh as [<-|[<-|[<-|[]]]]; eexists; reflexivity).
  destruct Hs as [s ->]. apply (tieless_of_scores_c _ _ n 2 (-1) (fun i j => Nat.b2n (Nat.odd (i + j)))); [lra|reflexivity|].
  intros; apply prev_score.
- intros h Hh. right. assert (Ht : h_terms h = sel_ih /\ h_mask h = Future) by (destruct Hh as [<-|[<-|[<-|[<-|[]]]]]; split; reflexivity).
  destruct Ht as [Ht Hm]. apply (tieless_of_scores_c _ (ih_x1 n w) n 1 0 (fun i j => Nat.b2n (ih_match w i j))); [lra|exact Hm|].
  intros i j Hi Hj. apply ih_score; assumption.
Qed.

Lemma ih_pe_bound (n : nat) : forall f i, In f ih_pe -> (i < n)%nat -> Rabs (f (S i) n) <= 1.
Proof.
intros f i [<-|[<-|[<-|[<-|[]]]]] Hi.
- rewrite Rabs_R1. lra.
- assert (HN : 0 < INR n) by (apply lt_0_INR; lia). assert (INR (S i) <= INR n) by (apply le_INR; lia).
  rewrite Rabs_pos_eq; [apply div_le; lra|]. apply Rlt_le, Rdiv_lt_0_compat; [apply lt_0_INR; lia|exact HN].
- rewrite pow_1_abs. lra.
- destruct (Nat.eqb (S i) 1); [rewrite Rabs_R1|rewrite Rabs_R0]; lra.
Qed.

(** Theorem 26 and Lemma 9: after rounding, the softmax network outputs the induction-head bit
    exactly, for every length n, word over a, b, c and position. *)
Theorem ih_net_round (n : nat) (w : list nat) (tau : R) (i : nat) :
  length w = n -> (forall a, In a w -> (a < 3)%nat) -> (i < n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X ih_net (Rmax 1 1)) (1 / 4) ih_net ->
  Rounding.round01 (soft_run tau n ih_net (ih_input n w) i 18%nat) = b2R (ih_out w i).
Proof.
intros Hl Ha Hi Ht Hle.
assert (H : Rabs (soft_run tau n ih_net (ih_input n w) i 18%nat - hard_run n ih_net (ih_input n w) i 18%nat) <= 1 / 4).
{ apply (thm26_closed n ih_net (ih_input n w) (/ INR n) (Rmax 1 1) (1 / 4) tau); try assumption.
  - apply Rinv_0_lt_compat, lt_0_INR. lia.
  - lra.
  - apply Rle_trans with 1; [lra|apply Rmax_l].
  - apply embed_bounded, ih_pe_bound.
  - apply ih_net_gaps; assumption. }
rewrite ih_net_hard in H by assumption.
set (y := soft_run tau n ih_net (ih_input n w) i 18%nat) in *.
pose proof (Rle_abs (y - b2R (ih_out w i))). pose proof (Rle_abs (- (y - b2R (ih_out w i)))). rewrite Rabs_Ropp in *.
unfold b2R in *. destruct (ih_out w i).
- apply Rounding.lemma9_high. lra.
- apply Rounding.lemma9_low. lra.
Qed.
