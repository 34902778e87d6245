(** * Seed 004, Section 6 / Appendix E: Booleans from integer sequences at one position, with
    weights independent of n, and Theorem 26 for the fragment so extended.

    [SRaspIntCompile]'s fragment ([xop]) grows by two operations ([bop]):
    - [BLinB w]: sum_a w_a b_i[a] / n for Boolean sequences b and integer weights w (an integer
      sequence): the units w_a ReLU(1/n + b_a - 1) ([gate_relu]), e.g. the code of a letter;
    - [BLe1 a]: the Boolean [c_i <= 1] of an integer sequence c (stored as c_i / n), so [c_i <= 0],
      [c_i = 0] and [c_i = c'_i] after [XLinZ].  A fixed-weight ReLU cannot threshold c/n at the
      scale 1/n, and a head alone reads position 0 at n = 1.  So the layer has a head and units:
      the head, with the scores of [SRaspInt.sq_head], selects j + 1 = max(1, min(c_i, n)) with gap
      1/(2 n^3) and reads 1/(j + 1); the units add ReLU(2 v - 1 - s) - v (v the head's output: [j
      = 0] when s = 0) and ReLU(1 - x + s) - ReLU(s - x) - ReLU(1 - x - s) + ReLU(-x), which is 0
      at s = 0 and ReLU(2 - x) - ReLU(1 - x) = [x <= 1] at s = 1 for integer x: there x = c_i / n
      is c_i itself.  Here s = [n = 1] = ReLU(2 (1/n) - 1) is coordinate k + 7, written by a first
      layer ([none_layer]) before the program.
    For every well-typed program p ([brasp_wt]), every k, length n, word w and i < n, with the
    network [brasp_net k p] (the paper's query/key/value/output matrices, width k + 8 + |p|,
    weights independent of n) on [SRaspIntCompile]'s seven bounded embeddings:
    [thm26_brasp_hard] (the hard network is the program), [thm26_brasp_gaps] (every head uniform
    or tieless with gap 1/(2 n^3)), [thm26_brasp_soft] (softmax within eps at 0 < tau <=
    [brasp_temp]), [thm26_brasp] (after Lemma 9's rounding every Boolean sequence exactly). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith FunctionalExtensionality.
From Quarks Require Import RSum Rounding TransformerModel TransformerError MatrixModel MatrixError MatrixCopy.
From Quarks Require Import SRasp SRaspCompile SRaspInt SRaspIntCompile SRaspIntThm.
Import ListNotations.
Open Scope R_scope.

(** ** Syntax, semantics, types *)

Inductive bop := BX (o : xop) | BLinB (w : list (nat * Z)) | BLe1 (a : nat).

Definition le1 (r : R) : R := if Rle_dec r 1 then 1 else 0.

(** [n = 1]. *)
Definition n_one (n : nat) : R := if Nat.eqb n 1 then 1 else 0.

Definition bsem (n : nat) (o : bop) (x : stream) (i : nat) : R :=
  match o with
  | BX o => xsem n o x i
  | BLinB w => lin (zlin w) (x i) / INR n
  | BLe1 a => le1 (x i a * INR n)
  end.

Fixpoint brun (n c : nat) (p : list bop) (x : stream) : stream :=
  match p with [] => x | o :: p' => brun n (S c) p' (upd x c (bsem n o x)) end.

(** The input: [SRaspIntCompile]'s, and [n = 1] at coordinate k + 7. *)
Definition binput (k n : nat) (w : list nat) : stream := upd (xinput k n w) (k + 7) (fun _ => n_one n).

Definition brasp_run (k n : nat) (p : list bop) (w : list nat) : stream := brun n (k + 8) p (binput k n w).

Definition bop_ok (xtys : list xty) (o : bop) : bool :=
  match o with
  | BX o => xop_ok xtys o
  | BLinB w => forallb (fun p => xis xtys XB (fst p)) w
  | BLe1 a => xis xtys XI a
  end.

Definition bop_ty (xtys : list xty) (o : bop) : xty :=
  match o with BX o => xop_ty xtys o | BLinB _ => XI | BLe1 _ => XB end.

Fixpoint bwt (xtys : list xty) (p : list bop) : bool :=
  match p with [] => true | o :: p' => bop_ok xtys o && bwt (xtys ++ [bop_ty xtys o]) p' end.

Fixpoint bout_tys (xtys : list xty) (p : list bop) : list xty :=
  match p with [] => xtys | o :: p' => bout_tys (xtys ++ [bop_ty xtys o]) p' end.

Definition bin_tys (k : nat) : list xty := xin_tys k ++ [XB].

Definition brasp_wt (k : nat) (p : list bop) : bool := bwt (bin_tys k) p.

Definition brasp_ty (k : nat) (p : list bop) (c : nat) : xty := nth c (bout_tys (bin_tys k) p) XR.

Definition binv (k n : nat) (xtys : list xty) (z : stream) : Prop :=
  xinv k n xtys z /\ (k + 8 <= length xtys)%nat /\ forall i, (i < n)%nat -> z i (k + 7)%nat = n_one n.

(** ** The compiler *)

Definition le1_head (c a k : nat) : head := Head c (k + 4) [((a, S k), 2); ((k, k + 5)%nat, -1)] NoMask Average.

Definition le1_unit (c a k : nat) : unit :=
  Unit c [Neuron (-1) [(c, 1)] 0; Neuron 1 [(c, 2); ((k + 7)%nat, -1)] (-1);
          Neuron 1 [(a, -1); ((k + 7)%nat, 1)] 1; Neuron (-1) [(a, -1); ((k + 7)%nat, 1)] 0;
          Neuron (-1) [(a, -1); ((k + 7)%nat, -1)] 1; Neuron 1 [(a, -1)] 0] 0.

Definition linb_neuron (k : nat) (p : nat * Z) : neuron := Neuron (IZR (snd p)) [((k + 3)%nat, 1); (fst p, 1)] (-1).

Definition blayer (k c : nat) (o : bop) : layer :=
  match o with
  | BX o => xlayer k c o
  | BLinB w => Layer [] [Unit c (map (linb_neuron k) w) 0]
  | BLe1 a => Layer [le1_head c a k] [le1_unit c a k]
  end.

Fixpoint bcompile (k c : nat) (p : list bop) : list layer :=
  match p with [] => [] | o :: p' => blayer k c o :: bcompile k (S c) p' end.

(** The first layer: [n = 1] = ReLU(2 (1/n) - 1) at coordinate k + 7. *)
Definition none_layer (k : nat) : layer := Layer [] [Unit (k + 7) [Neuron 1 [((k + 3)%nat, 2)] (-1)] 0].

Definition bwidth (k : nat) (p : list bop) : nat := (k + 8 + length p)%nat.

Definition brasp_net (k : nat) (p : list bop) : list mlayer := copy_net (none_layer k :: bcompile k (k + 8) p).

(** Theorem 26's temperature: gap 1/(2 n^3), Lemma 29's bound from 1. *)
Definition brasp_temp (k n : nat) (p : list bop) (eps : R) : R :=
  temp26_matrix (bwidth k p) n (/ (2 * INR n ^ 3)) (mnet_X (bwidth k p) (brasp_net k p) 1) eps (brasp_net k p).

(** ** The threshold at one position *)

(** The units' value: with s = [n = 1], v = 1/(T + 1) read at T + 1 = max(1, min(A, n)) and x = A/n,
    v + the units = [A <= 1]. *)
Lemma le1_units (n T : nat) (A : Z) (v s x : R) : (T < n)%nat ->
  Z.of_nat (S T) = Z.max 1 (Z.min A (Z.of_nat n)) -> v = / INR (S T) -> s = n_one n -> x = IZR A / INR n ->
  v + (-1 * Rmax 0 (1 * v + 0 + 0) + (1 * Rmax 0 (2 * v + (-1 * s + 0) + -1) + (1 * Rmax 0 (-1 * x + (1 * s + 0) + 1) +
    (-1 * Rmax 0 (-1 * x + (1 * s + 0) + 0) + (-1 * Rmax 0 (-1 * x + (-1 * s + 0) + 1) + (1 * Rmax 0 (-1 * x + 0 + 0) + 0))))) + 0)
  = le1 (x * INR n).
Proof.
intros HT HS Hv Hs Hx.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (Ex : x * INR n = IZR A) by (rewrite Hx; field; lra). rewrite Ex. unfold le1.
assert (Hv0 : 0 < v) by (rewrite Hv; apply Rinv_0_lt_compat, lt_0_INR; lia).
destruct (Nat.eq_dec n 1) as [->|Hn].
- assert (T = 0%nat) by lia. subst T. replace (INR 1) with 1 in * by reflexivity. rewrite Rinv_1 in Hv.
  unfold n_one in Hs. simpl in Hs. replace (IZR A / 1) with (IZR A) in Hx by field. subst v s x.
  destruct (Z.le_gt_cases A 1) as [HA|HA].
  + apply IZR_le in HA. destruct (Rle_dec (IZR A) 1); [|lra]. unfold Rmax; repeat destruct Rle_dec; lra.
  + assert (HA2 : (2 <= A)%Z) by lia. apply IZR_le in HA2. destruct (Rle_dec (IZR A) 1); [lra|].
    unfold Rmax; repeat destruct Rle_dec; lra.
- assert (Hs0 : s = 0) by (rewrite Hs; unfold n_one; apply Nat.eqb_neq in Hn; rewrite Hn; reflexivity). subst s.
  destruct (Z.le_gt_cases A 1) as [HA|HA].
  + assert (T = 0%nat) by lia. subst T. replace (INR 1) with 1 in Hv by reflexivity. rewrite Rinv_1 in Hv. subst v.
    apply IZR_le in HA. destruct (Rle_dec (IZR A) 1); [|lra]. unfold Rmax; repeat destruct Rle_dec; lra.
  + assert (HT1 : (1 <= T)%nat) by lia. assert (HA2 : (2 <= A)%Z) by lia. apply IZR_le in HA2.
    destruct (Rle_dec (IZR A) 1); [lra|].
    assert (v <= / 2) by (rewrite Hv; apply Rinv_le_contravar; [lra|]; rewrite S_INR; apply (le_INR 1) in HT1; simpl in HT1; lra).
    unfold Rmax; repeat destruct Rle_dec; lra.
Qed.

(** What an operation's layer does (as [SRaspIntCompile.xstep]). *)
Definition bstep (k n : nat) (xtys : list xty) (o : bop) (x z : stream) : Prop :=
  agree n (layer_run hard_w n (blayer k (length xtys) o) x) (upd z (length xtys) (bsem n o z)) /\
  (forall h, In h (l_heads (blayer k (length xtys) o)) -> ut_head n (/ (2 * INR n ^ 3)) h x) /\
  (forall i, (i < n)%nat -> tyinv n (bop_ty xtys o) (upd z (length xtys) (bsem n o z)) i (length xtys)).

Lemma layer_hu_run (n : nat) (h : head) (u : unit) (x : stream) (i c' : nat) :
  layer_run hard_w n (Layer [h] [u]) x i c' = attn_sub hard_w n [h] x i c' +
    (if Nat.eqb (u_out u) c' then unit_val u (attn_sub hard_w n [h] x i) else 0).
Proof. unfold layer_run, ffn_sub. simpl. ring. Qed.

Lemma attn_one (n : nat) (h : head) (x : stream) (i c' : nat) :
  attn_sub hard_w n [h] x i c' = x i c' + (if Nat.eqb (h_out h) c' then head_out hard_w n h x i else 0).
Proof. unfold attn_sub. simpl. ring. Qed.

Lemma bstep_le1 (k n : nat) (xtys : list xty) (a : nat) (x z : stream) :
  binv k n xtys z -> agree n x z -> xis xtys XI a = true -> bstep k n xtys (BLe1 a) x z.
Proof.
intros (Hinv & Hk8 & Hs) Ha Hxa. pose proof Hinv as ((Hc & _ & Hpe & Hz) & Hty & Hx & Hk).
pose proof (xis_spec _ _ _ Hxa) as [Hal _]. set (c := length xtys) in *.
assert (Hread : forall i, (i < n)%nat -> exists A : Z, z i a = IZR A / INR n /\ (sq_top n A < n)%nat /\
  Z.of_nat (S (sq_top n A)) = Z.max 1 (Z.min A (Z.of_nat n)) /\
  (forall t, (t < n)%nat -> t <> sq_top n A -> score (le1_head c a k) x i t <= score (le1_head c a k) x i (sq_top n A) - / (2 * INR n ^ 3)) /\
  head_out hard_w n (le1_head c a k) x i = / INR (S (sq_top n A))).
{ intros i Hi. destruct (xty_at k n xtys z XI a i Hinv Hxa Hi) as [A HA]. exists A. split; [exact HA|].
  destruct (sq_read n i x c a k (S k) (k + 5) A Hi) as (HT & HTc & Hg & _);
    [rewrite Ha by exact Hi; exact HA|rewrite Ha by exact Hi; apply (Hpe i Hi)| |].
  { intros j Hj. rewrite !Ha by exact Hj. split; [apply (Hpe j Hj)|apply (Hx j Hj)]. }
  split; [exact HT|split; [exact HTc|split; [exact Hg|]]].
  rewrite (head_out_at n (le1_head c a k) x i (sq_top n A) _ (g3_pos n ltac:(lia))); cbn [le1_head h_mask h_val vis_lo vis_cnt].
  - rewrite Nat.add_0_l, Ha by exact HT. apply (Hx _ HT).
  - exact HT.
  - intros t Ht Hne. apply Hg; assumption. }
assert (Hval : forall i, (i < n)%nat -> x i c + head_out hard_w n (le1_head c a k) x i +
  unit_val (le1_unit c a k) (attn_sub hard_w n [le1_head c a k] x i) = le1 (z i a * INR n)).
{ intros i Hi. destruct (Hread i Hi) as [A [HA [HT [HTc [_ Ho]]]]].
  assert (Ec : attn_sub hard_w n [le1_head c a k] x i c = head_out hard_w n (le1_head c a k) x i).
  { rewrite attn_one. cbn [le1_head h_out]. rewrite Nat.eqb_refl, Ha, Hz by (exact Hi || unfold c; rewrite xbools_length; lia). ring. }
  assert (Eo : forall c', c' <> c -> attn_sub hard_w n [le1_head c a k] x i c' = z i c').
  { intros c' Hne. rewrite attn_one. cbn [le1_head h_out]. replace (Nat.eqb c c') with false by (symmetry; apply Nat.eqb_neq; lia).
    rewrite Ha by exact Hi. ring. }
  unfold unit_val, lin. cbn [le1_unit map lsum fst snd nr_v nr_w nr_b u_hidden u_c].
  rewrite Ec, (Eo a) by lia. rewrite (Eo (k + 7)%nat) by lia. rewrite Hs by exact Hi.
  rewrite Ha, Hz by (exact Hi || unfold c; rewrite xbools_length; lia). rewrite Ho. rewrite Rplus_0_l.
  apply (le1_units n (sq_top n A) A); [exact HT|exact HTc|reflexivity|reflexivity|exact HA]. }
split; [|split].
- apply adds_agree; [exact Ha|intros i Hi; apply Hz; [exact Hi|rewrite xbools_length; unfold c; lia]|].
  intros i c' Hi. cbn [blayer]. rewrite layer_hu_run, attn_one. cbn [le1_head le1_unit h_out u_out].
  destruct (Nat.eqb c c') eqn:E.
  + apply Nat.eqb_eq in E. subst c'. fold c. rewrite Nat.eqb_refl. cbn [bsem]. rewrite <- (Hval i Hi).
    assert (Hx0 : x i c = 0) by (rewrite Ha, Hz by (exact Hi || unfold c; rewrite xbools_length; lia); reflexivity).
    rewrite Hx0. ring.
  + fold c. apply Nat.eqb_neq in E. replace (c =? c')%nat with false by (symmetry; apply Nat.eqb_neq; exact E).
    replace (c' =? c)%nat with false by (symmetry; apply Nat.eqb_neq; lia). ring.
- intros h [<-|[]]. right. intros i Hi. destruct (Hread i Hi) as [A [_ [HT [_ [Hg _]]]]]. exists (sq_top n A).
  cbn [le1_head h_mask vis_cnt vis_lo]. split; [exact HT|]. intros t Ht Hne. apply Hg; assumption.
- intros i Hi. apply tyinv_new. cbn [bop_ty tyinv bsem]. unfold le1, is01. destruct (Rle_dec _ 1); [right|left]; reflexivity.
Qed.

(** ** Integer codes of Boolean sequences *)

Lemma linb_val (k : nat) (w : list (nat * Z)) (y : nat -> R) : 0 <= y (k + 3)%nat <= 1 ->
  (forall p, In p w -> is01 (y (fst p))) ->
  lsum (map (fun nr => nr_v nr * Rmax 0 (lin (nr_w nr) y + nr_b nr)) (map (linb_neuron k) w)) = y (k + 3)%nat * lin (zlin w) y.
Proof.
intros Hv. induction w as [|p w IH]; intros H; [unfold lin; simpl; ring|].
cbn [map lsum]. rewrite IH by (intros q Hq; apply H; right; exact Hq).
unfold lin at 1. cbn [linb_neuron nr_v nr_w nr_b map lsum fst snd].
replace (1 * y (k + 3)%nat + (1 * y (fst p) + 0) + -1) with (y (k + 3)%nat + y (fst p) - 1) by ring.
rewrite gate_relu by (exact Hv || (apply H; left; reflexivity)).
unfold lin, zlin. cbn [map lsum fst snd]. ring.
Qed.

Lemma bstep_linb (k n : nat) (xtys : list xty) (w : list (nat * Z)) (x z : stream) :
  binv k n xtys z -> agree n x z -> forallb (fun p => xis xtys XB (fst p)) w = true -> bstep k n xtys (BLinB w) x z.
Proof.
intros (Hinv & Hk8 & Hs) Ha Hw. pose proof Hinv as ((Hc & _ & Hpe & Hz) & Hty & Hx & Hk).
rewrite forallb_forall in Hw.
assert (H01 : forall i, (i < n)%nat -> forall p, In p w -> is01 (z i (fst p))) by (intros i Hi p Hp; apply (xty_at k n xtys z XB _ i Hinv (Hw p Hp) Hi)).
split; [|split; [intros h []|]].
- apply adds_agree; [exact Ha|intros i Hi; apply Hz; [exact Hi|rewrite xbools_length; lia]|]. apply unit_adds. intros i Hi.
  unfold unit_val. cbn [u_hidden u_c]. rewrite linb_val.
  + cbn [bsem]. rewrite (Ha i (k + 3)%nat Hi), (proj1 (Hx i Hi)).
    unfold lin. rewrite (map_ext (fun q => snd q * x i (fst q)) (fun q => snd q * z i (fst q))) by (intros q; rewrite Ha by exact Hi; reflexivity).
    unfold Rdiv. ring.
  + rewrite (Ha i (k + 3)%nat Hi), (proj1 (Hx i Hi)). assert (HN : 1 <= INR n) by (apply (le_INR 1); lia).
    split; [apply Rlt_le, Rinv_0_lt_compat; lra|rewrite <- Rinv_1; apply Rinv_le_contravar; lra].
  + intros p Hp. rewrite Ha by exact Hi. apply H01; assumption.
- intros i Hi. apply tyinv_new. cbn [bop_ty tyinv bsem].
  destruct (lin_int 1 w (z i)) as [c Hlc].
  + intros p Hp. destruct (H01 i Hi p Hp) as [E|E]; rewrite E; [exists 0%Z|exists 1%Z]; simpl; field.
  + exists c. rewrite Hlc. simpl. field. apply not_0_INR; lia.
Qed.

(** ** The whole program *)

Lemma bstep_all (k n : nat) (xtys : list xty) (o : bop) (x z : stream) :
  binv k n xtys z -> agree n x z -> bop_ok xtys o = true -> bstep k n xtys o x z.
Proof.
intros Hinv Ha Hok. destruct o as [o|w|a]; cbn [bop_ok] in Hok.
- exact (xstep_all k n xtys o x z (proj1 Hinv) Ha Hok).
- apply bstep_linb; assumption.
- apply bstep_le1; assumption.
Qed.

Lemma binv_upd (k n : nat) (xtys : list xty) (t : xty) (z : stream) (f : nat -> R) : binv k n xtys z ->
  (forall i, (i < n)%nat -> tyinv n t (upd z (length xtys) f) i (length xtys)) ->
  binv k n (xtys ++ [t]) (upd z (length xtys) f).
Proof.
intros (Hinv & Hk & Hs) Hnew. split; [apply xinv_upd; assumption|split].
- rewrite app_length. simpl. lia.
- intros i Hi. rewrite upd_ne by lia. apply Hs, Hi.
Qed.

Theorem bcompile_exact (k n : nat) (p : list bop) : forall (xtys : list xty) (x z : stream),
  bwt xtys p = true -> binv k n xtys z -> agree n x z ->
  agree n (hard_run n (bcompile k (length xtys) p) x) (brun n (length xtys) p z) /\
  gaps_ok n (/ (2 * INR n ^ 3)) (bcompile k (length xtys) p) x /\
  binv k n (bout_tys xtys p) (brun n (length xtys) p z).
Proof.
induction p as [|o p IH]; intros xtys x z Hwt Hinv Ha; [split; [exact Ha|split; [exact I|exact Hinv]]|].
cbn [bwt] in Hwt. apply andb_true_iff in Hwt. destruct Hwt as [Hok Hwt].
destruct (bstep_all k n xtys o x z Hinv Ha Hok) as [Ha' [Hh Ht]].
pose proof (binv_upd k n xtys (bop_ty xtys o) z (bsem n o z) Hinv Ht) as Hinv'.
assert (E : length (xtys ++ [bop_ty xtys o]) = S (length xtys)) by (rewrite app_length; simpl; lia).
destruct (IH (xtys ++ [bop_ty xtys o]) _ _ Hwt Hinv' Ha') as [H1 [H2 H3]].
rewrite E in H1, H2, H3. cbn [bcompile brun hard_run net_run bout_tys gaps_ok]. split; [exact H1|split; [split; [exact Hh|exact H2]|exact H3]].
Qed.

Lemma blayer_below (k : nat) (xtys : list xty) (o : bop) : bop_ok xtys o = true -> (k + 8 <= length xtys)%nat ->
  layer_below (S (length xtys)) (blayer k (length xtys) o).
Proof.
intros Hok Hk. destruct o as [o|w|a]; cbn [bop_ok blayer] in Hok |- *.
- apply xlayer_below; [exact Hok|lia].
- rewrite forallb_forall in Hok. split; [intros ? []|]. intros u [<-|[]]. split; [simpl; lia|].
  intros nr Hnr q Hq. apply in_map_iff in Hnr. destruct Hnr as [p [<- Hp]].
  destruct (xis_spec _ _ _ (Hok p Hp)) as [Hl _]. unfold linb_neuron in Hq. simpl in Hq.
  destruct Hq as [<-|[<-|[]]]; simpl; lia.
- apply xis_spec in Hok. destruct Hok as [Ha _]. split.
  + intros h [<-|[]]. split; [simpl; lia|split; [simpl; lia|]]. intros t [<-|[<-|[]]]; simpl; lia.
  + intros u [<-|[]]. split; [simpl; lia|]. intros nr Hnr q Hq. simpl in Hnr.
    repeat destruct Hnr as [<-|Hnr]; try destruct Hnr; simpl in Hq; repeat destruct Hq as [<-|Hq]; try destruct Hq; simpl; lia.
Qed.

Lemma bcompile_below (k : nat) (p : list bop) : forall xtys : list xty, bwt xtys p = true -> (k + 8 <= length xtys)%nat ->
  net_below (length xtys + length p) (bcompile k (length xtys) p).
Proof.
induction p as [|o p IH]; intros xtys Hwt Hc L HL; [destruct HL|]. cbn [bwt] in Hwt. apply andb_true_iff in Hwt. destruct Hwt as [Hok Hwt].
assert (E : length (xtys ++ [bop_ty xtys o]) = S (length xtys)) by (rewrite app_length; simpl; lia).
destruct HL as [<-|HL].
- apply (layer_below_mono (S (length xtys))); [simpl; lia|]. apply blayer_below; assumption.
- pose proof (IH _ Hwt ltac:(rewrite E; lia)) as H. rewrite E in H. simpl length.
  replace (length xtys + S (length p))%nat with (S (length xtys) + length p)%nat by lia. apply H, HL.
Qed.

(** ** The input and the first layer *)

Lemma bin_tys_length (k : nat) : length (bin_tys k) = (k + 8)%nat.
Proof. unfold bin_tys. rewrite app_length, xin_tys_length. simpl. lia. Qed.

Lemma binput_inv (k n : nat) (w : list nat) : binv k n (bin_tys k) (binput k n w).
Proof.
unfold binput, bin_tys. rewrite <- (xin_tys_length k).
split; [|split].
- apply xinv_upd; [apply xinput_inv|]. intros i Hi. apply tyinv_new. cbn [tyinv]. unfold n_one, is01.
  destruct (Nat.eqb n 1); [right|left]; reflexivity.
- rewrite app_length, xin_tys_length. simpl. lia.
- intros i Hi. rewrite xin_tys_length, upd_eq. reflexivity.
Qed.

Lemma none_layer_run (k n : nat) (w : list nat) : agree n (layer_run hard_w n (none_layer k) (xinput k n w)) (binput k n w).
Proof.
apply adds_agree; [intros i c _; reflexivity| |].
- intros i Hi. rewrite (xinput_pe k n w i 7).
  rewrite nth_overflow; [reflexivity|]. rewrite map_length. unfold xpe. rewrite app_length. simpl. lia.
- apply unit_adds. intros i Hi. unfold unit_val, lin. cbn [map lsum fst snd nr_v nr_w nr_b u_hidden u_c].
  rewrite (xinput_pe k n w i 3). cbn [nth map xpe srasp_pe app].
  unfold n_one. destruct (Nat.eq_dec n 1) as [->|Hn].
  + simpl. replace (INR 1) with 1 by reflexivity. rewrite Rinv_1. unfold Rmax. destruct (Rle_dec _ _); lra.
  + replace (Nat.eqb n 1) with false by (symmetry; apply Nat.eqb_neq, Hn).
    assert (H2 : 2 <= INR n) by (apply (le_INR 2); lia). assert (/ INR n <= / 2) by (apply Rinv_le_contravar; lra).
    unfold Rmax. destruct (Rle_dec _ _); lra.
Qed.

Lemma brasp_below (k : nat) (p : list bop) : brasp_wt k p = true -> net_below (bwidth k p) (none_layer k :: bcompile k (k + 8) p).
Proof.
intros Hwt L [<-|HL].
- split; [intros ? []|]. intros u [<-|[]]. split; [simpl; unfold bwidth; lia|]. intros nr [<-|[]] q [<-|[]]. simpl. unfold bwidth. lia.
- pose proof (bcompile_below k p (bin_tys k) Hwt ltac:(rewrite bin_tys_length; lia)) as H. rewrite bin_tys_length in H.
  unfold bwidth. apply H, HL.
Qed.

Lemma brasp_exact (k n : nat) (p : list bop) (w : list nat) : brasp_wt k p = true ->
  agree n (hard_run n (none_layer k :: bcompile k (k + 8) p) (xinput k n w)) (brasp_run k n p w) /\
  gaps_ok n (/ (2 * INR n ^ 3)) (none_layer k :: bcompile k (k + 8) p) (xinput k n w) /\
  binv k n (bout_tys (bin_tys k) p) (brasp_run k n p w).
Proof.
intros Hwt. unfold brasp_run. rewrite <- (bin_tys_length k).
destruct (bcompile_exact k n p (bin_tys k) _ _ Hwt (binput_inv k n w) (none_layer_run k n w)) as [H1 [H2 H3]].
split; [exact H1|split; [split; [intros h []|exact H2]|exact H3]].
Qed.

(** ** Theorem 26 *)

(** The compiled average-hard network computes every sequence of a well-typed program exactly. *)
Theorem thm26_brasp_hard (k n : nat) (p : list bop) (w : list nat) (i c : nat) :
  brasp_wt k p = true -> (i < n)%nat ->
  mhard_run (bwidth k p) n (brasp_net k p) (xinput k n w) i c = brasp_run k n p w i c.
Proof.
intros Hwt Hi. unfold brasp_net. rewrite copy_hard_run by (apply brasp_below, Hwt).
apply (proj1 (brasp_exact k n p w Hwt)), Hi.
Qed.

(** Every head is uniform or tieless with gap 1/(2 n^3), at every layer. *)
Theorem thm26_brasp_gaps (k n : nat) (p : list bop) (w : list nat) : brasp_wt k p = true ->
  mgaps_ok (bwidth k p) n (/ (2 * INR n ^ 3)) (brasp_net k p) (xinput k n w).
Proof. intros Hwt. apply copy_gaps_ok; [apply brasp_below, Hwt|apply (proj1 (proj2 (brasp_exact k n p w Hwt)))]. Qed.

Lemma binput_bounded (k n d : nat) (w : list nat) : dbounded d n 1 (xinput k n w).
Proof.
intros i c Hi Hc. apply (xinput_bounded k n (repeat (XScale 0) d) w i c Hi). unfold xrasp_width. rewrite repeat_length. lia.
Qed.

(** Theorem 26: the softmax network at every 0 < tau <= brasp_temp is within eps of every sequence. *)
Theorem thm26_brasp_soft (k n : nat) (p : list bop) (w : list nat) (eps tau : R) (i c : nat) :
  brasp_wt k p = true -> 0 < eps -> 0 < tau -> tau <= brasp_temp k n p eps -> (i < n)%nat -> (c < bwidth k p)%nat ->
  Rabs (msoft_run tau (bwidth k p) n (brasp_net k p) (xinput k n w) i c - brasp_run k n p w i c) <= eps.
Proof.
intros Hwt He Htau Hle Hi Hc. rewrite <- (thm26_brasp_hard k n p w i c Hwt Hi).
assert (Hg : 0 < / (2 * INR n ^ 3)) by (apply g3_pos; lia).
apply (thm26_matrix_closed (bwidth k p) n (brasp_net k p) (xinput k n w) (/ (2 * INR n ^ 3)) 1 eps tau); auto; try lra.
- apply binput_bounded.
- apply thm26_brasp_gaps, Hwt.
Qed.

Lemma bout_tys_length (xtys : list xty) (p : list bop) : length (bout_tys xtys p) = (length xtys + length p)%nat.
Proof. revert xtys. induction p as [|o p IH]; intros xtys; simpl; [lia|]. rewrite IH, app_length. simpl. lia. Qed.

(** Exact after rounding: every Boolean sequence, at every position of every word of every length. *)
Theorem thm26_brasp (k n : nat) (p : list bop) (w : list nat) (tau : R) (i c : nat) :
  brasp_wt k p = true -> brasp_ty k p c = XB -> 0 < tau -> tau <= brasp_temp k n p (/ 4) -> (i < n)%nat ->
  round01 (msoft_run tau (bwidth k p) n (brasp_net k p) (xinput k n w) i c) = brasp_run k n p w i c.
Proof.
intros Hwt Hb Htau Hle Hi.
assert (Hl : (c < length (bout_tys (bin_tys k) p))%nat).
{ unfold brasp_ty in Hb. destruct (Nat.lt_ge_cases c (length (bout_tys (bin_tys k) p))) as [H|H]; [exact H|].
  rewrite nth_overflow in Hb by exact H. discriminate. }
assert (Hc : (c < bwidth k p)%nat) by (rewrite bout_tys_length, bin_tys_length in Hl; unfold bwidth; lia).
pose proof (thm26_brasp_soft k n p w (/ 4) tau i c Hwt ltac:(lra) Htau Hle Hi Hc) as H.
set (r := msoft_run tau (bwidth k p) n (brasp_net k p) (xinput k n w) i c) in *.
assert (Hb' : - / 4 <= r - brasp_run k n p w i c <= / 4).
{ pose proof (Rle_abs (r - brasp_run k n p w i c)). pose proof (Rle_abs (- (r - brasp_run k n p w i c))).
  rewrite Rabs_Ropp in *. split; lra. }
clear H. destruct (brasp_exact k n p w Hwt) as (_ & _ & (_ & Hty & _) & _).
pose proof (Hty c i Hl Hi) as T. fold (brasp_ty k p c) in T. rewrite Hb in T. cbn [tyinv] in T.
destruct T as [E|E]; rewrite E in Hb' |- *.
- apply lemma9_low. lra.
- apply lemma9_high. lra.
Qed.

(** ** The run, sequence by sequence *)

(** A well-typed operation reads only the sequences defined before it. *)
Definition agree_below (L : nat) (x y : stream) : Prop := forall j c, (c < L)%nat -> x j c = y j c.

Lemma lin_local (w : list (nat * R)) (u v : nat -> R) : (forall p, In p w -> u (fst p) = v (fst p)) -> lin w u = lin w v.
Proof. intros H. unfold lin. f_equal. apply map_ext_in. intros p Hp. rewrite H by exact Hp. reflexivity. Qed.

Lemma sop_local (n : nat) (tys : list bool) (o : sop) (x y : stream) (i : nat) :
  sop_ok tys o = true -> agree_below (length tys) x y -> sop_sem n o x i = sop_sem n o y i.
Proof.
intros Hok H.
assert (Hin : forall a, in_ty tys a = true -> forall j, x j a = y j a) by (intros a Ha j; apply H; unfold in_ty in Ha; apply Nat.ltb_lt in Ha; exact Ha).
assert (Hb : forall a, bool_ty tys a = true -> forall j, x j a = y j a) by (intros a Ha j; apply H, bool_ty_lt, Ha).
destruct o as [w b|w b|a|a b|a b|g a b|m a|m dr q kk v|m dr ps v]; cbn [sop_ok] in Hok; cbn [sop_sem]; repeat rewrite andb_true_iff in Hok.
- rewrite (lin_local w (x i) (y i)); [reflexivity|]. rewrite forallb_forall in Hok. intros p Hp. apply Hin, Hok, Hp.
- rewrite (lin_local w (x i) (y i)); [reflexivity|]. rewrite forallb_forall in Hok. intros p Hp. apply Hin, Hok, Hp.
- rewrite (Hb a Hok). reflexivity.
- destruct Hok as [Ha' Hb']. rewrite (Hb a Ha'), (Hb b Hb'). reflexivity.
- destruct Hok as [Ha' Hb']. rewrite (Hb a Ha'), (Hb b Hb'). reflexivity.
- destruct Hok as [[Hg Ha'] Hb']. rewrite (Hb g Hg), (Hb a Ha'), (Hb b Hb'). reflexivity.
- f_equal. apply rsum_ext. intros j _. apply Hin, Hok.
- destruct Hok as [[Hq Hk] Hv].
  replace (sel_pred m q kk y i) with (sel_pred m q kk x i) by (apply functional_extensionality; intros t; unfold sel_pred; rewrite (Hb q Hq), (Hb kk Hk); reflexivity).
  apply Hin, Hv.
- destruct Hok as [Hps Hv]. rewrite forallb_forall in Hps.
  assert (Hc : forall j, sel_count ps x i j = sel_count ps y i j).
  { intros j. unfold sel_count. f_equal. apply filter_ext_in. intros p Hp. apply Hps in Hp. apply andb_true_iff in Hp.
    rewrite (Hb _ (proj1 Hp)), (Hb _ (proj2 Hp)). reflexivity. }
  replace (best_pred m ps y n i) with (best_pred m ps x n i) by (apply functional_extensionality; intros t; unfold best_pred;
    rewrite Hc; f_equal; f_equal; apply functional_extensionality; intros t'; apply Hc).
  apply Hin, Hv.
Qed.

Lemma bsem_local (n : nat) (xtys : list xty) (o : bop) (x y : stream) (i : nat) :
  bop_ok xtys o = true -> agree_below (length xtys) x y -> bsem n o x i = bsem n o y i.
Proof.
intros Hok H.
assert (Hx : forall t a, xis xtys t a = true -> forall j, x j a = y j a) by (intros t a Ha j; apply H, (xis_spec _ _ _ Ha)).
destruct o as [o|w|a]; cbn [bop_ok] in Hok; cbn [bsem].
- destruct o as [o|b|w|b|a|a|a|m dr a bb sb kb v]; cbn [xop_ok] in Hok; cbn [xsem sop_sem].
  + apply (sop_local n (xbools xtys)); [exact Hok|]. rewrite xbools_length. exact H.
  + rewrite (Hx _ _ Hok). reflexivity.
  + f_equal. apply lin_local. rewrite forallb_forall in Hok. intros p Hp. unfold zlin in Hp. apply in_map_iff in Hp.
    destruct Hp as [q [<- Hq]]. apply (Hx XI), Hok, Hq.
  + rewrite (Hx _ _ Hok). reflexivity.
  + f_equal. apply rsum_ext. intros j _. apply (Hx _ _ Hok).
  + rewrite (Hx _ _ Hok). reflexivity.
  + rewrite (Hx _ _ Hok). reflexivity.
  + repeat rewrite andb_true_iff in Hok. destruct Hok as [[[[Ha Hb] Hs] Hk] Hv]. apply Nat.ltb_lt in Hv.
    replace (fun t => escore n dr a bb sb kb y i (vis_lo m i + t)) with (fun t => escore n dr a bb sb kb x i (vis_lo m i + t))
      by (apply functional_extensionality; intros t; unfold escore; rewrite (Hx _ _ Ha), (Hx _ _ Hb), (Hx _ _ Hs), (Hx _ _ Hk); reflexivity).
    apply H, Hv.
- f_equal. apply lin_local. rewrite forallb_forall in Hok. intros p Hp. unfold zlin in Hp. apply in_map_iff in Hp.
  destruct Hp as [q [<- Hq]]. apply (Hx XB), Hok, Hq.
- rewrite (Hx _ _ Hok). reflexivity.
Qed.

Lemma brun_below (n : nat) (p : list bop) : forall (c : nat) (z : stream) (j c' : nat), (c' < c)%nat -> brun n c p z j c' = z j c'.
Proof. induction p as [|o p IH]; intros c z j c' Hc; [reflexivity|]. cbn [brun]. rewrite IH by lia. apply upd_ne. lia. Qed.

(** Sequence |xtys| + m of the run is operation m's semantics on the whole run. *)
Lemma brun_at (n : nat) (p : list bop) : forall (xtys : list xty) (z : stream), bwt xtys p = true ->
  forall m i, (m < length p)%nat -> brun n (length xtys) p z i (length xtys + m)%nat = bsem n (nth m p (BLe1 0)) (brun n (length xtys) p z) i.
Proof.
induction p as [|o p IH]; intros xtys z Hwt m i Hm; [simpl in Hm; lia|].
cbn [bwt] in Hwt. apply andb_true_iff in Hwt. destruct Hwt as [Hok Hwt].
assert (E : length (xtys ++ [bop_ty xtys o]) = S (length xtys)) by (rewrite app_length; simpl; lia).
destruct m as [|m].
- cbn [nth brun]. rewrite Nat.add_0_r, brun_below by lia. rewrite upd_eq.
  apply (bsem_local n xtys); [exact Hok|]. intros j c Hc. rewrite brun_below by lia. rewrite upd_ne by lia. reflexivity.
- cbn [nth brun]. specialize (IH (xtys ++ [bop_ty xtys o]) (upd z (length xtys) (bsem n o z)) Hwt m i ltac:(simpl in Hm; lia)). rewrite E in IH.
  replace (length xtys + S m)%nat with (S (length xtys) + m)%nat by lia. exact IH.
Qed.

Lemma brasp_run_at (K n : nat) (p : list bop) (w : list nat) (m i : nat) : brasp_wt K p = true -> (m < length p)%nat ->
  brasp_run K n p w i (K + 8 + m)%nat = bsem n (nth m p (BLe1 0)) (brasp_run K n p w) i.
Proof. intros Hwt Hm. unfold brasp_run. rewrite <- (bin_tys_length K). apply brun_at; [exact Hwt|exact Hm]. Qed.

(** Exact after rounding at any sequence that is 0 or 1 on the word (typed Boolean or not). *)
Theorem thm26_brasp_01 (k n : nat) (p : list bop) (w : list nat) (tau : R) (i c : nat) :
  brasp_wt k p = true -> (c < bwidth k p)%nat -> is01 (brasp_run k n p w i c) -> 0 < tau -> tau <= brasp_temp k n p (/ 4) -> (i < n)%nat ->
  round01 (msoft_run tau (bwidth k p) n (brasp_net k p) (xinput k n w) i c) = brasp_run k n p w i c.
Proof.
intros Hwt Hc H01 Htau Hle Hi.
pose proof (thm26_brasp_soft k n p w (/ 4) tau i c Hwt ltac:(lra) Htau Hle Hi Hc) as H.
set (r := msoft_run tau (bwidth k p) n (brasp_net k p) (xinput k n w) i c) in *.
assert (Hb' : - / 4 <= r - brasp_run k n p w i c <= / 4).
{ pose proof (Rle_abs (r - brasp_run k n p w i c)). pose proof (Rle_abs (- (r - brasp_run k n p w i c))).
  rewrite Rabs_Ropp in *. split; lra. }
destruct H01 as [E|E]; rewrite E in Hb' |- *; [apply lemma9_low|apply lemma9_high]; lra.
Qed.
