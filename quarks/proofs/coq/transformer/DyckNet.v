(** * Seed 004, Appendix E: the Dyck-k network of [quarks.attention.programs.dyck], and Theorem 26 for it.

    The network of the engine, as a term of [TransformerModel] (the coordinate-copy model, the
    one-hot special case of [MatrixModel]'s matrices, [MatrixCopy]), for every k and length n.
    Coordinates: letters 0..2k-1 (a < k opens type a, k + t closes type t), position embeddings
    1, (i+1)/n and the one-hot [i + 1 = m] (m = 1..n), then the working coordinates.  Seven layers,
    all heads future-masked with average hardmax:
    1. units L = [open], R = [close];
    2. uniform heads zl = l_i/(i+1), zr = r_i/(i+1); units gated by the one-hot embeddings give
       d = sum_m ReLU(m zl - m zr + 2m [i+1=m] - 2m) - ReLU(-m zl + m zr + 2m [i+1=m] - 2m);
    3. bump units q_m = [d + R = m], b_m = [d = m], bal = [d = 0], Dpos = clamp(d + R, 0, 1);
    4. units k_m = ReLU(b_m + L - 1), err1 = ReLU(R - Dpos);
    5. per type c a tieless head with scores sum_m 2 q_m(i) k_m(j) + (j+1)/n reading [w_j = open_c];
       units g = sum_c ReLU([w_i = close_c] + t_c - 1);
    6. unit E = ReLU(err1 + R - g);
    7. a tieless head with scores 2 E_j + (j+1)/n reading E; unit out = ReLU(bal - any).

    Here: the network ([dyck_net]) and the hard run of layers 1-4, coordinate by coordinate, on
    every word over the 2k letters at every position i < n; layers 5-7 and the theorems are in
    [DyckNetThm]. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith.
From Quarks Require Import RSum Softmax TransformerModel TransformerError MatrixModel MatrixCopy Dyck DyckHeads.
From Quarks Require Rounding.
Import ListNotations.
Open Scope R_scope.

(** ** Coordinates *)


Definition cone (k : nat) : nat := (2 * k)%nat.
Definition cpos (k : nat) : nat := (2 * k + 1)%nat.
Definition cat (k m : nat) : nat := (2 * k + 1 + m)%nat.
Definition cbase (k n : nat) : nat := (2 * k + 2 + n)%nat.
Definition cL (k n : nat) : nat := cbase k n.
Definition cR (k n : nat) : nat := (cbase k n + 1)%nat.
Definition czl (k n : nat) : nat := (cbase k n + 2)%nat.
Definition czr (k n : nat) : nat := (cbase k n + 3)%nat.
Definition cd (k n : nat) : nat := (cbase k n + 4)%nat.
Definition cbal (k n : nat) : nat := (cbase k n + 5)%nat.
Definition cDp (k n : nat) : nat := (cbase k n + 6)%nat.
Definition cerr1 (k n : nat) : nat := (cbase k n + 7)%nat.
Definition cg (k n : nat) : nat := (cbase k n + 8)%nat.
Definition cE (k n : nat) : nat := (cbase k n + 9)%nat.
Definition cany (k n : nat) : nat := (cbase k n + 10)%nat.
Definition cout (k n : nat) : nat := (cbase k n + 11)%nat.
Definition cq (k n m : nat) : nat := (cbase k n + 12 + m)%nat.
Definition cb (k n m : nat) : nat := (cbase k n + 13 + n + m)%nat.
Definition ck (k n m : nat) : nat := (cbase k n + 14 + 2 * n + m)%nat.
Definition ct (k n c : nat) : nat := (cbase k n + 15 + 3 * n + c)%nat.

(** The position embeddings: 1, (i+1)/n, [i + 1 = m] for m = 1..n (applied to i + 1 and n). *)
Definition dyck_pe (n : nat) : list (nat -> nat -> R) :=
  [fun _ _ => 1; fun i n => INR i / INR n] ++ map (fun m => fun i (_ : nat) => if Nat.eqb i m then 1 else 0) (seq 1 n).

Definition dyck_input (k n : nat) (w : list nat) : stream := embed (2 * k) (dyck_pe n) n (letter w).

(** ** The network *)

Definition bumpu (o : nat) (ws : list (nat * R)) (m : R) : unit :=
  Unit o [Neuron 1 ws (1 - m); Neuron (-2) ws (- m); Neuron 1 ws (- m - 1)] 0.

Definition relu1 (o : nat) (ws : list (nat * R)) (b : R) : unit := Unit o [Neuron 1 ws b] 0.

Definition dunit (k n m : nat) : unit :=
  Unit (cd k n) [Neuron 1 [(czl k n, INR m); (czr k n, - INR m); (cat k m, 2 * INR m)] (- 2 * INR m);
                 Neuron (-1) [(czl k n, - INR m); (czr k n, INR m); (cat k m, 2 * INR m)] (- 2 * INR m)] 0.

Definition layer1 (k n : nat) : layer :=
  Layer [] [relu1 (cL k n) (map (fun a => (a, 1)) (seq 0 k)) 0; relu1 (cR k n) (map (fun a => ((k + a)%nat, 1)) (seq 0 k)) 0].

Definition layer2 (k n : nat) : layer :=
  Layer [Head (czl k n) (cL k n) [] Future Average; Head (czr k n) (cR k n) [] Future Average] (map (dunit k n) (seq 1 n)).

Definition layer3 (k n : nat) : layer :=
  Layer [] (map (fun m => bumpu (cq k n m) [(cd k n, 1); (cR k n, 1)] (INR m)) (seq 1 n)
            ++ map (fun m => bumpu (cb k n m) [(cd k n, 1)] (INR m)) (seq 1 n)
            ++ [bumpu (cbal k n) [(cd k n, 1)] 0;
                Unit (cDp k n) [Neuron 1 [(cd k n, 1); (cR k n, 1)] 0; Neuron (-1) [(cd k n, 1); (cR k n, 1)] (-1)] 0]).

Definition layer4 (k n : nat) : layer :=
  Layer [] (map (fun m => relu1 (ck k n m) [(cb k n m, 1); (cL k n, 1)] (-1)) (seq 1 n)
            ++ [relu1 (cerr1 k n) [(cR k n, 1); (cDp k n, -1)] 0]).

Definition sel_terms (k n : nat) : list (nat * nat * R) :=
  map (fun m => (cq k n m, ck k n m, 2)) (seq 1 n) ++ [(cone k, cpos k, 1)].

Definition layer5 (k n : nat) : layer :=
  Layer (map (fun c => Head (ct k n c) c (sel_terms k n) Future Average) (seq 0 k))
        (map (fun c => relu1 (cg k n) [((k + c)%nat, 1); (ct k n c, 1)] (-1)) (seq 0 k)).

Definition layer6 (k n : nat) : layer := Layer [] [relu1 (cE k n) [(cerr1 k n, 1); (cR k n, 1); (cg k n, -1)] 0].

Definition any_head (k n : nat) : head := Head (cany k n) (cE k n) [(cone k, cE k n, 2); (cone k, cpos k, 1)] Future Average.

Definition layer7 (k n : nat) : layer := Layer [any_head k n] [relu1 (cout k n) [(cbal k n, 1); (cany k n, -1)] 0].

Definition dyck_net (k n : nat) : list layer :=
  [layer1 k n; layer2 k n; layer3 k n; layer4 k n; layer5 k n; layer6 k n; layer7 k n].

(** ** Sums over the lists of heads and units *)

Lemma lsum_app' (l1 l2 : list R) : lsum (l1 ++ l2) = lsum l1 + lsum l2.
Proof. induction l1 as [|a l1 IH]; simpl; [ring|rewrite IH; ring]. Qed.

Lemma lsum_seq (f : nat -> R) (a m : nat) : lsum (map f (seq a m)) = rsum f a m.
Proof.
induction m as [|m IH]; [reflexivity|]. rewrite seq_S, map_app, lsum_app', IH. simpl. ring.
Qed.

(** A selection sum over a mapped range: every element writes c (all), none does, or exactly one. *)
Lemma sel_seq_none {A} (o : A -> nat) (f : A -> R) (g : nat -> A) (a m c : nat) :
  (forall j, (a <= j < a + m)%nat -> o (g j) <> c) ->
  lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) (map g (seq a m))) = 0.
Proof.
intros H. rewrite map_map, lsum_seq. rewrite (rsum_ext _ (fun _ => 0)); [|intros j Hj; rewrite (proj2 (Nat.eqb_neq _ _)) by (apply H; lia); reflexivity].
clear H. induction m as [|m IH]; simpl; [reflexivity|rewrite IH; ring].
Qed.

Lemma sel_seq_all {A} (o : A -> nat) (f : A -> R) (g : nat -> A) (a m c : nat) :
  (forall j, (a <= j < a + m)%nat -> o (g j) = c) ->
  lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) (map g (seq a m))) = rsum (fun j => f (g j)) a m.
Proof.
intros H. rewrite map_map, lsum_seq. apply rsum_ext. intros j Hj. rewrite (proj2 (Nat.eqb_eq _ _)) by (apply H; lia). reflexivity.
Qed.

Lemma sel_seq_one {A} (o : A -> nat) (f : A -> R) (g : nat -> A) (a m t c : nat) :
  (a <= t < a + m)%nat -> o (g t) = c -> (forall j, (a <= j < a + m)%nat -> j <> t -> o (g j) <> c) ->
  lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) (map g (seq a m))) = f (g t).
Proof.
intros Ht Ho H. rewrite map_map, lsum_seq.
rewrite (rsum_ext _ (fun j => f (g j) * (if Nat.eqb j t then 1 else 0))).
- rewrite rsum_indicator. replace ((a <=? t) && (t <? a + m))%nat with true; [reflexivity|].
  symmetry. apply andb_true_iff. split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia.
- intros j Hj. destruct (Nat.eqb_spec j t) as [->|Hne].
  + rewrite Ho, Nat.eqb_refl. ring.
  + rewrite (proj2 (Nat.eqb_neq _ _)) by (apply H; lia). ring.
Qed.

Lemma sel_cons_ne {A} (o : A -> nat) (f : A -> R) (b0 : A) (l : list A) (c : nat) : o b0 <> c ->
  lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) (b0 :: l)) = lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) l).
Proof. intros H. simpl. rewrite (proj2 (Nat.eqb_neq _ _)) by exact H. ring. Qed.

Lemma sel_cons_eq {A} (o : A -> nat) (f : A -> R) (b0 : A) (l : list A) (c : nat) : o b0 = c ->
  lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) (b0 :: l)) = f b0 + lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) l).
Proof. intros H. simpl. rewrite (proj2 (Nat.eqb_eq _ _)) by exact H. reflexivity. Qed.

Lemma sel_nil {A} (o : A -> nat) (f : A -> R) (c : nat) :
  lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) (@nil A)) = 0.
Proof. reflexivity. Qed.

Lemma sel_app {A} (o : A -> nat) (f : A -> R) (l1 l2 : list A) (c : nat) :
  lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) (l1 ++ l2)) =
  lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) l1) + lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) l2).
Proof. rewrite map_app. apply lsum_app'. Qed.

(** Sums of no selected element, with every coordinate arithmetic decided by lia. *)
Ltac sel0 :=
  repeat first [ rewrite sel_app | rewrite sel_nil
               | rewrite sel_cons_ne by (simpl; unfold cL, cR, czl, czr, cd, cbal, cDp, cerr1, cg, cE, cany, cout, cq, cb, ck, ct, cbase, cone, cpos, cat in *; lia)
               | rewrite sel_seq_none by (intros; simpl; unfold cL, cR, czl, czr, cd, cbal, cDp, cerr1, cg, cE, cany, cout, cq, cb, ck, ct, cbase, cone, cpos, cat in *; lia) ].

Ltac cunfold := unfold cL, cR, czl, czr, cd, cbal, cDp, cerr1, cg, cE, cany, cout, cq, cb, ck, ct, cbase, cone, cpos, cat in *.

Lemma layer_at (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (L : layer) (x : stream) (i c : nat) :
  layer_run W n L x i c = x i c + lsum (map (fun h => if Nat.eqb (h_out h) c then head_out W n h x i else 0) (l_heads L))
    + lsum (map (fun u => if Nat.eqb (u_out u) c then unit_val u (attn_sub W n (l_heads L) x i) else 0) (l_units L)).
Proof. reflexivity. Qed.

Lemma attn_at (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (hs : list head) (x : stream) (i c : nat) :
  attn_sub W n hs x i c = x i c + lsum (map (fun h => if Nat.eqb (h_out h) c then head_out W n h x i else 0) hs).
Proof. reflexivity. Qed.

(** ** The input *)

Lemma input_letter (k n : nat) (w : list nat) (i a : nat) : (a < 2 * k)%nat ->
  dyck_input k n w i a = b2R (Nat.eqb (letter w i) a).
Proof. intros Ha. unfold dyck_input, embed. rewrite (proj2 (Nat.ltb_lt _ _) Ha). reflexivity. Qed.

Lemma input_pe (k n : nat) (w : list nat) (i p : nat) :
  dyck_input k n w i (2 * k + p)%nat = nth p (map (fun f => f (S i) n) (dyck_pe n)) 0.
Proof.
unfold dyck_input, embed. rewrite (proj2 (Nat.ltb_ge _ _)) by lia. f_equal. lia.
Qed.

Lemma input_one (k n : nat) (w : list nat) (i : nat) : dyck_input k n w i (cone k) = 1.
Proof. unfold cone. rewrite <- (Nat.add_0_r (2 * k)), input_pe. reflexivity. Qed.

Lemma input_pos (k n : nat) (w : list nat) (i : nat) : dyck_input k n w i (cpos k) = INR (S i) / INR n.
Proof. unfold cpos. rewrite input_pe. reflexivity. Qed.

Lemma input_at (k n : nat) (w : list nat) (i m : nat) : (1 <= m <= n)%nat ->
  dyck_input k n w i (cat k m) = if Nat.eqb (S i) m then 1 else 0.
Proof.
intros Hm. unfold cat. replace (2 * k + 1 + m)%nat with (2 * k + (2 + (m - 1)))%nat by lia. rewrite input_pe.
unfold dyck_pe. rewrite map_app. rewrite app_nth2 by (simpl; lia). simpl length.
replace (2 + (m - 1) - 2)%nat with (m - 1)%nat by lia. rewrite map_map.
rewrite (nth_indep _ 0 ((fun x : nat => if Nat.eqb (S i) x then 1 else 0) 0%nat)) by (rewrite map_length, seq_length; lia).
rewrite (map_nth (fun x : nat => if Nat.eqb (S i) x then 1 else 0)), seq_nth by lia.
replace (1 + (m - 1))%nat with m by lia. reflexivity.
Qed.

Lemma input_work (k n : nat) (w : list nat) (i c : nat) : (cbase k n <= c)%nat -> dyck_input k n w i c = 0.
Proof.
intros Hc. unfold cbase in Hc. replace c with (2 * k + (c - 2 * k))%nat by lia. rewrite input_pe.
apply nth_overflow. rewrite map_length. unfold dyck_pe. rewrite app_length, map_length, seq_length. simpl. lia.
Qed.

(** ** Layer 1: L = [open], R = [close] *)

Definition x1 (k n : nat) (w : list nat) : stream := layer_run hard_w n (layer1 k n) (dyck_input k n w).

Lemma unit_relu1 (o : nat) (ws : list (nat * R)) (b : R) (y : nat -> R) : unit_val (relu1 o ws b) y = relu (lin ws y + b).
Proof. unfold unit_val, relu1, relu. simpl. ring. Qed.

Lemma lin_seq (f : nat -> nat) (a m : nat) (y : nat -> R) :
  lin (map (fun j => (f j, 1)) (seq a m)) y = rsum (fun j => y (f j)) a m.
Proof. unfold lin. rewrite map_map, lsum_seq. apply rsum_ext. intros; simpl; ring. Qed.

Lemma rsum_letter (l a0 m : nat) : rsum (fun a => b2R (Nat.eqb l (a0 + a))) 0 m = b2R ((a0 <=? l) && (l <? a0 + m))%nat.
Proof.
induction m as [|m IH]; simpl rsum; unfold b2R in *.
- destruct (Nat.leb_spec a0 l); destruct (Nat.ltb_spec l (a0 + 0)); simpl; try reflexivity; lia.
- rewrite IH. destruct (Nat.leb_spec a0 l); destruct (Nat.ltb_spec l (a0 + m)); rewrite ?Nat.add_0_l; destruct (Nat.eqb_spec l (a0 + m));
    destruct (Nat.ltb_spec l (a0 + S m)); simpl; try ring; lia.
Qed.

Lemma x1_L (k n : nat) (w : list nat) (i : nat) : x1 k n w i (cL k n) = b2R (is_open k (letter w i)).
Proof.
unfold x1. rewrite layer_at. simpl l_heads. simpl l_units.
rewrite input_work by (cunfold; lia). rewrite sel_nil. rewrite sel_cons_eq by reflexivity. sel0.
rewrite unit_relu1, lin_seq. unfold attn_sub. simpl lsum.
rewrite (rsum_ext _ (fun a => b2R (Nat.eqb (letter w i) (0 + a)))) by (intros a Ha; rewrite Rplus_0_r, input_letter by lia; reflexivity).
rewrite rsum_letter. unfold is_open. rewrite Nat.add_0_l. simpl andb. unfold b2R.
destruct (letter w i <? k)%nat; [rewrite relu_pos by lra|rewrite relu_neg by lra]; ring.
Qed.

Lemma x1_R (k n : nat) (w : list nat) (i : nat) : (letter w i < 2 * k)%nat -> x1 k n w i (cR k n) = b2R (close_b k w i).
Proof.
intros Hl. unfold x1. rewrite layer_at. simpl l_heads. simpl l_units.
rewrite input_work by (cunfold; lia). rewrite sel_nil. rewrite sel_cons_ne by (simpl; cunfold; lia). rewrite sel_cons_eq by reflexivity. sel0.
rewrite unit_relu1, lin_seq. unfold attn_sub. simpl lsum.
rewrite (rsum_ext _ (fun a => b2R (Nat.eqb (letter w i) (k + a)))) by (intros a Ha; rewrite Rplus_0_r, input_letter by lia; reflexivity).
rewrite rsum_letter. unfold close_b, is_open. unfold b2R.
destruct (Nat.ltb_spec (letter w i) k); destruct (Nat.leb_spec k (letter w i)); destruct (Nat.ltb_spec (letter w i) (k + k)); simpl;
  try lia; [rewrite relu_neg by lra|rewrite relu_pos by lra]; ring.
Qed.

Lemma x1_other (k n : nat) (w : list nat) (i c : nat) : c <> cL k n -> c <> cR k n -> x1 k n w i c = dyck_input k n w i c.
Proof.
intros H1 H2. unfold x1. rewrite layer_at. simpl l_heads. simpl l_units. rewrite sel_nil.
rewrite sel_cons_ne by exact (not_eq_sym H1). rewrite sel_cons_ne by exact (not_eq_sym H2). rewrite sel_nil. ring.
Qed.

(** ** Layer 2: zl = l_i/(i+1), zr = r_i/(i+1), d = l_i - r_i *)

Definition x2 (k n : nat) (w : list nat) : stream := layer_run hard_w n (layer2 k n) (x1 k n w).

Lemma uniform_head_out (n o v : nat) (x : stream) (i : nat) :
  head_out hard_w n (Head o v [] Future Average) x i = rsum (fun j => x j v) 0 (S i) / INR (S i).
Proof.
unfold head_out. cbn [vis_lo vis_cnt h_mask h_val]. rewrite (rsum_ext _ (fun j => / INR (S i) * x j v)).
- rewrite rsum_scal. unfold Rdiv. ring.
- intros j _. rewrite <- (avg_hard_const 0 (S i) j) by lia. reflexivity.
Qed.

Lemma count_le (p : nat -> bool) (m : nat) : (count p m <= m)%nat.
Proof. induction m as [|m IH]; simpl; [lia|destruct (p m); lia]. Qed.

Definition words_ok (k n : nat) (w : list nat) : Prop := forall j, (j < n)%nat -> (letter w j < 2 * k)%nat.

Definition rzl (k : nat) (w : list nat) (i : nat) : R := INR (count (fun j => is_open k (letter w j)) (S i)) / INR (S i).
Definition rzr (k : nat) (w : list nat) (i : nat) : R := INR (count (close_b k w) (S i)) / INR (S i).

Lemma zl_zr_dep (k : nat) (w : list nat) (i : nat) : INR (S i) * (rzl k w i - rzr k w i) = IZR (dep k w i).
Proof. unfold rzl, rzr, dep, depth. rewrite minus_IZR, <- !INR_IZR_INZ. field. apply not_0_INR. lia. Qed.

Lemma zl_zr_bound (k : nat) (w : list nat) (i : nat) : -1 <= rzl k w i - rzr k w i <= 1.
Proof.
unfold rzl, rzr. pose proof (count_le (fun j => is_open k (letter w j)) (S i)) as H1. pose proof (count_le (close_b k w) (S i)) as H2.
apply le_INR in H1. apply le_INR in H2. pose proof (pos_INR (count (fun j => is_open k (letter w j)) (S i))).
pose proof (pos_INR (count (close_b k w) (S i))). assert (HS : 0 < INR (S i)) by (apply lt_0_INR; lia).
unfold Rdiv. rewrite <- Rmult_minus_distr_r. split.
- apply Rmult_le_reg_r with (INR (S i)); [exact HS|]. rewrite Rmult_assoc, Rinv_l by lra. lra.
- apply Rmult_le_reg_r with (INR (S i)); [exact HS|]. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

Lemma x2_zl (k n : nat) (w : list nat) (i : nat) : x2 k n w i (czl k n) = rzl k w i.
Proof.
unfold x2. rewrite layer_at. simpl l_heads. simpl l_units.
rewrite x1_other, input_work by (cunfold; lia). rewrite sel_cons_eq by reflexivity. sel0.
rewrite uniform_head_out. rewrite (rsum_ext _ (fun j => b2R (is_open k (letter w j)))) by (intros; apply x1_L).
rewrite rsum_b2R. unfold rzl. ring.
Qed.

Lemma x2_zr (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat -> x2 k n w i (czr k n) = rzr k w i.
Proof.
intros Hw Hi. unfold x2. rewrite layer_at. simpl l_heads. simpl l_units.
rewrite x1_other, input_work by (cunfold; lia). rewrite sel_cons_ne by (simpl; cunfold; lia). rewrite sel_cons_eq by reflexivity. sel0.
rewrite uniform_head_out. rewrite (rsum_ext _ (fun j => b2R (close_b k w j))) by (intros; apply x1_R, Hw; lia).
rewrite rsum_b2R. unfold rzr. ring.
Qed.

(** The stream after the heads of layer 2, read by its units. *)
Lemma attn2_at (k n : nat) (w : list nat) (i c : nat) : c <> czl k n -> c <> czr k n ->
  attn_sub hard_w n (l_heads (layer2 k n)) (x1 k n w) i c = x1 k n w i c.
Proof.
intros H1 H2. rewrite attn_at. simpl l_heads. rewrite sel_cons_ne by exact (not_eq_sym H1).
rewrite sel_cons_ne by exact (not_eq_sym H2). simpl. ring.
Qed.

Lemma dunit_val (k n : nat) (w : list nat) (i m : nat) : words_ok k n w -> (i < n)%nat -> (1 <= m <= n)%nat ->
  unit_val (dunit k n m) (attn_sub hard_w n (l_heads (layer2 k n)) (x1 k n w) i) = if Nat.eqb (S i) m then IZR (dep k w i) else 0.
Proof.
intros Hw Hi Hm. set (y := attn_sub _ _ _ _ i).
assert (Hzl : y (czl k n) = rzl k w i).
{ unfold y. rewrite attn_at. simpl l_heads. rewrite x1_other, input_work by (cunfold; lia).
  rewrite sel_cons_eq by reflexivity. rewrite sel_cons_ne by (simpl; cunfold; lia). simpl lsum.
  rewrite uniform_head_out, (rsum_ext _ (fun j => b2R (is_open k (letter w j)))) by (intros; apply x1_L).
  rewrite rsum_b2R. unfold rzl. ring. }
assert (Hzr : y (czr k n) = rzr k w i).
{ unfold y. rewrite attn_at. simpl l_heads. rewrite x1_other, input_work by (cunfold; lia).
  rewrite sel_cons_ne by (simpl; cunfold; lia). rewrite sel_cons_eq by reflexivity. simpl lsum.
  rewrite uniform_head_out, (rsum_ext _ (fun j => b2R (close_b k w j))) by (intros; apply x1_R, Hw; lia).
  rewrite rsum_b2R. unfold rzr. ring. }
assert (Hat : y (cat k m) = if Nat.eqb (S i) m then 1 else 0).
{ unfold y. rewrite attn2_at by (cunfold; lia). rewrite x1_other by (cunfold; lia). apply input_at, Hm. }
pose proof (zl_zr_dep k w i) as Hd. pose proof (zl_zr_bound k w i) as Hb.
assert (HM : 1 <= INR m) by (apply (le_INR 1); lia).
destruct (Nat.eqb_spec (S i) m) as [<-|Hne].
- unfold unit_val, dunit, lin. cbn [u_hidden u_c nr_v nr_w nr_b map lsum fst snd]. rewrite Hzl, Hzr, Hat.
  rewrite <- Hd. destruct (Rle_dec 0 (rzl k w i - rzr k w i)) as [Hz|Hz].
  + rewrite (Rmax_right 0 (_ + _)), (Rmax_left 0 (_ + _)); [ring| |]; nra.
  + rewrite (Rmax_left 0 (_ + _)), (Rmax_right 0 (_ + _)); [ring| |]; nra.
- unfold unit_val, dunit, lin. cbn [u_hidden u_c nr_v nr_w nr_b map lsum fst snd]. rewrite Hzl, Hzr, Hat.
  rewrite (Rmax_left 0 (_ + _)), (Rmax_left 0 (_ + _)); [ring| |]; nra.
Qed.

Lemma x2_d (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat -> x2 k n w i (cd k n) = IZR (dep k w i).
Proof.
intros Hw Hi. unfold x2. rewrite layer_at. rewrite x1_other by (cunfold; lia). rewrite input_work by (cunfold; lia).
cbn [l_heads l_units layer2]. sel0.
rewrite (sel_seq_all u_out _ (dunit k n) 1 n (cd k n)) by reflexivity.
rewrite (rsum_ext _ (fun m => IZR (dep k w i) * (if Nat.eqb m (S i) then 1 else 0))).
- rewrite rsum_indicator. replace ((1 <=? S i) && (S i <? 1 + n))%nat with true; [ring|].
  symmetry. apply andb_true_iff. split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia.
- intros m Hm. rewrite dunit_val by (assumption || lia). destruct (Nat.eqb_spec (S i) m); destruct (Nat.eqb_spec m (S i)); try ring; lia.
Qed.

Lemma x2_other (k n : nat) (w : list nat) (i c : nat) : c <> czl k n -> c <> czr k n -> c <> cd k n ->
  x2 k n w i c = x1 k n w i c.
Proof.
intros H1 H2 H3. unfold x2. rewrite layer_at. cbn [l_heads l_units layer2].
rewrite sel_cons_ne by exact (not_eq_sym H1). rewrite sel_cons_ne by exact (not_eq_sym H2). rewrite sel_nil.
rewrite (sel_seq_none u_out _ (dunit k n) 1 n c) by (intros; exact (not_eq_sym H3)). ring.
Qed.

Lemma x2_L (k n : nat) (w : list nat) (i : nat) : x2 k n w i (cL k n) = b2R (is_open k (letter w i)).
Proof. rewrite x2_other by (cunfold; lia). apply x1_L. Qed.

Lemma x2_R (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat -> x2 k n w i (cR k n) = b2R (close_b k w i).
Proof. intros Hw Hi. rewrite x2_other by (cunfold; lia). apply x1_R, Hw, Hi. Qed.

Lemma x2_work (k n : nat) (w : list nat) (i c : nat) : (cbase k n + 5 <= c)%nat -> x2 k n w i c = 0.
Proof. intros Hc. rewrite x2_other, x1_other, input_work by (cunfold; lia). reflexivity. Qed.

(** ** Layer 3: one-hot depths q_m = [D = m], b_m = [d = m], bal = [d = 0], Dpos = clamp(D, 0, 1) *)

Definition x3 (k n : nat) (w : list nat) : stream := layer_run hard_w n (layer3 k n) (x2 k n w).

Lemma attn_nil (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (x : stream) (i c : nat) : attn_sub W n [] x i c = x i c.
Proof. unfold attn_sub. simpl. ring. Qed.

Lemma bumpu_val (o : nat) (ws : list (nat * R)) (m : R) (y : nat -> R) : unit_val (bumpu o ws m) y = bump (lin ws y) m.
Proof. unfold unit_val, bumpu, bump, relu. cbn [u_hidden u_c nr_v nr_w nr_b map lsum].
replace (lin ws y + (1 - m)) with (lin ws y - m + 1) by ring. replace (lin ws y + - m) with (lin ws y - m) by ring.
replace (lin ws y + (- m - 1)) with (lin ws y - m - 1) by ring. ring.
Qed.

Lemma x3_q (k n : nat) (w : list nat) (i m : nat) : words_ok k n w -> (i < n)%nat -> (1 <= m <= n)%nat ->
  x3 k n w i (cq k n m) = if Z.eqb (qdep k w i) (Z.of_nat m) then 1 else 0.
Proof.
intros Hw Hi Hm. unfold x3. rewrite layer_at. rewrite x2_work by (cunfold; lia). cbn [l_heads l_units layer3]. rewrite sel_nil.
rewrite sel_app. rewrite (sel_seq_one _ _ _ 1 n m); [| lia | reflexivity | intros; simpl; cunfold; lia]. sel0.
rewrite bumpu_val. unfold lin. cbn [map lsum fst snd]. rewrite !attn_nil, x2_d, x2_R by assumption.
rewrite INR_IZR_INZ. replace (1 * IZR (dep k w i) + (1 * b2R (close_b k w i) + 0)) with (IZR (qdep k w i)).
- rewrite bump_int. destruct (Z.eqb _ _); ring.
- unfold qdep, b2R. rewrite plus_IZR. destruct (close_b k w i); simpl; ring.
Qed.

Lemma x3_b (k n : nat) (w : list nat) (i m : nat) : words_ok k n w -> (i < n)%nat -> (1 <= m <= n)%nat ->
  x3 k n w i (cb k n m) = if Z.eqb (dep k w i) (Z.of_nat m) then 1 else 0.
Proof.
intros Hw Hi Hm. unfold x3. rewrite layer_at. rewrite x2_work by (cunfold; lia). cbn [l_heads l_units layer3]. rewrite sel_nil.
rewrite sel_app. rewrite sel_seq_none by (intros; simpl; cunfold; lia).
rewrite sel_app. rewrite (sel_seq_one _ _ _ 1 n m); [| lia | reflexivity | intros; simpl; cunfold; lia]. sel0.
rewrite bumpu_val. unfold lin. cbn [map lsum fst snd]. rewrite !attn_nil, x2_d by assumption.
rewrite INR_IZR_INZ. replace (1 * IZR (dep k w i) + 0) with (IZR (dep k w i)) by ring.
rewrite bump_int. destruct (Z.eqb _ _); ring.
Qed.

Lemma x3_bal (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat ->
  x3 k n w i (cbal k n) = if Z.eqb (dep k w i) 0 then 1 else 0.
Proof.
intros Hw Hi. unfold x3. rewrite layer_at. rewrite x2_work by (cunfold; lia). cbn [l_heads l_units layer3]. rewrite sel_nil.
rewrite !sel_app. rewrite !sel_seq_none by (intros; simpl; cunfold; lia). rewrite sel_cons_eq by reflexivity. sel0.
rewrite bumpu_val. unfold lin. cbn [map lsum fst snd]. rewrite !attn_nil, x2_d by assumption.
replace (1 * IZR (dep k w i) + 0) with (IZR (dep k w i)) by ring.
rewrite bump_int. destruct (Z.eqb _ _); ring.
Qed.

Lemma x3_Dp (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat ->
  x3 k n w i (cDp k n) = if Z.leb (qdep k w i) 0 then 0 else 1.
Proof.
intros Hw Hi. unfold x3. rewrite layer_at. rewrite x2_work by (cunfold; lia). cbn [l_heads l_units layer3]. rewrite sel_nil.
rewrite !sel_app. rewrite !sel_seq_none by (intros; simpl; cunfold; lia). rewrite sel_cons_ne by (simpl; cunfold; lia).
rewrite sel_cons_eq by reflexivity. sel0.
unfold unit_val, lin. cbn [u_hidden u_c nr_v nr_w nr_b map lsum fst snd]. rewrite !attn_nil, x2_d, x2_R by assumption.
replace (1 * IZR (dep k w i) + (1 * b2R (close_b k w i) + 0)) with (IZR (qdep k w i))
  by (unfold qdep, b2R; rewrite plus_IZR; destruct (close_b k w i); simpl; ring).
destruct (Z.leb_spec (qdep k w i) 0) as [H|H].
- apply IZR_le in H. rewrite (Rmax_left 0 (IZR _ + 0)), (Rmax_left 0 (IZR _ + -1)) by lra. ring.
- assert (1 <= IZR (qdep k w i)) by (apply IZR_le; lia).
  rewrite (Rmax_right 0 (IZR _ + 0)), (Rmax_right 0 (IZR _ + -1)) by lra. ring.
Qed.

Lemma x3_other (k n : nat) (w : list nat) (i c : nat) : (c < cbase k n + 5)%nat -> x3 k n w i c = x2 k n w i c.
Proof.
intros Hc. unfold x3. rewrite layer_at. cbn [l_heads l_units layer3]. rewrite sel_nil. sel0. ring.
Qed.

Lemma x3_zero (k n : nat) (w : list nat) (i c : nat) :
  ((cbase k n + 7 <= c <= cbase k n + 11) \/ (cbase k n + 14 + 2 * n < c))%nat -> x3 k n w i c = 0.
Proof.
intros Hc. unfold x3. rewrite layer_at. cbn [l_heads l_units layer3]. rewrite sel_nil. sel0.
rewrite x2_work by (cunfold; lia). ring.
Qed.

Lemma x3_L (k n : nat) (w : list nat) (i : nat) : x3 k n w i (cL k n) = b2R (is_open k (letter w i)).
Proof. rewrite x3_other by (cunfold; lia). apply x2_L. Qed.

Lemma x3_R (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat -> x3 k n w i (cR k n) = b2R (close_b k w i).
Proof. intros Hw Hi. rewrite x3_other by (cunfold; lia). apply x2_R; assumption. Qed.

(** ** Layer 4: keys k_m = [d = m and open], err1 = [close and D <= 0] *)

Definition x4 (k n : nat) (w : list nat) : stream := layer_run hard_w n (layer4 k n) (x3 k n w).

Lemma x4_k (k n : nat) (w : list nat) (i m : nat) : words_ok k n w -> (i < n)%nat -> (1 <= m <= n)%nat ->
  x4 k n w i (ck k n m) = b2R (Z.eqb (dep k w i) (Z.of_nat m) && is_open k (letter w i)).
Proof.
intros Hw Hi Hm. unfold x4. rewrite layer_at. rewrite x3_zero by (cunfold; lia). cbn [l_heads l_units layer4]. rewrite sel_nil.
rewrite sel_app. rewrite (sel_seq_one _ _ _ 1 n m); [| lia | reflexivity | intros; simpl; cunfold; lia]. sel0.
rewrite unit_relu1. unfold lin. cbn [map lsum fst snd]. rewrite !attn_nil, x3_b, x3_L by assumption.
unfold b2R. destruct (Z.eqb _ _); destruct (is_open _ _); simpl;
  first [rewrite relu_pos by lra; ring | rewrite relu_neg by lra; ring].
Qed.

Lemma x4_err1 (k n : nat) (w : list nat) (i : nat) : words_ok k n w -> (i < n)%nat ->
  x4 k n w i (cerr1 k n) = b2R (err1_b k w i).
Proof.
intros Hw Hi. unfold x4. rewrite layer_at. rewrite x3_zero by (cunfold; lia). cbn [l_heads l_units layer4]. rewrite sel_nil.
rewrite sel_app. rewrite sel_seq_none by (intros; simpl; cunfold; lia). rewrite sel_cons_eq by reflexivity. sel0.
rewrite unit_relu1. unfold lin. cbn [map lsum fst snd]. rewrite !attn_nil, x3_R, x3_Dp by assumption.
unfold err1_b, b2R. destruct (close_b k w i); destruct (Z.leb _ 0); simpl;
  first [rewrite relu_pos by lra; ring | rewrite relu_neg by lra; ring].
Qed.

Lemma x4_other (k n : nat) (w : list nat) (i c : nat) : c <> cerr1 k n -> (c < cbase k n + 15 + 2 * n)%nat ->
  x4 k n w i c = x3 k n w i c.
Proof.
intros H1 H2. unfold x4. rewrite layer_at. cbn [l_heads l_units layer4]. rewrite sel_nil. sel0. ring.
Qed.

Lemma x4_zero (k n : nat) (w : list nat) (i c : nat) :
  ((cbase k n + 8 <= c <= cbase k n + 11) \/ (cbase k n + 14 + 3 * n < c))%nat -> x4 k n w i c = 0.
Proof.
intros Hc. unfold x4. rewrite layer_at. cbn [l_heads l_units layer4]. rewrite sel_nil. sel0.
rewrite x3_zero by (cunfold; lia). ring.
Qed.

Lemma x4_input (k n : nat) (w : list nat) (i c : nat) : (c < cbase k n)%nat -> x4 k n w i c = dyck_input k n w i c.
Proof. intros Hc. rewrite x4_other, x3_other, x2_other, x1_other by (cunfold; lia). reflexivity. Qed.
