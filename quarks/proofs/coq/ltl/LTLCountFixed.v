(** * Seed 004, Theorems 20 (a) and 21 (a), Corollaries 22 (a) and 23 (a): one network for every length, at 1/(2n^3).

    [pcompile k caus p] is [ncompile_at k caus 2 p] (LTLCountCompile.v) with every lookup of a
    predicate on a count reading the bounded keys i/n^2 and -(i/n)^2 with its coefficients doubled,
    resp. kept ([atr_layer] at n = 1, LTLCountBoundedSim.v): no weight depends on n, the embedding
    is the bounded [tpes_a p], and the whole network runs at the one temperature [tau_a] n = 1/(2n^3).
    A lookup at 1/(2n^3) is the unbounded lookup at 1/(2n) (its scores are 1/n^2 of those), every
    other head reads the same scores at 1/(2n^3) ([p_head_out]); the unbounded network with its
    lookups at 1/(2n) and every other head at 1/(2n^3) ([w_two]) is exact (LTLCountThm.v's
    [ncompile_at_ok], each head at a temperature <= 1/(2n)); the two runs agree layer by layer
    outside the coordinates whose embeddings differ ([pnet_run]).  So for every formula whose
    comparisons count on one side ([tfrag]), every past formula included, and every n >= 1, word
    and position, the softmax run at 1/(2n^3) outputs exactly [w, i |= p] ([thm20a_fixed],
    [thm21a_fixed]).  Comparisons mixing #left and #right are not compiled here (LTLCountPaper.v
    has the paper's block for them at head level only). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals FunctionalExtensionality.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftPaper LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountNodes LTLCountThm LTLCountBoundedSim LTLCountBounded LTLCountPaper LTLCountLow.
Import ListNotations.
Open Scope R_scope.

(** The compiler: weights independent of n. *)
Definition pcompile (k : nat) (caus : bool) (p : tl) : snet * nat :=
  (map (atr_layer 1 k (k + 13 + length (tpreds p))) (fst (ncompile_at k caus 2 p)), snd (ncompile_at k caus 2 p)).

(** A head reads an unbounded key (a lookup): it runs at tau1, every other head at tau2. *)
Definition is_lk (kk xk c : nat) : bool := Nat.eqb c (c_two kk) || Nat.eqb c (c_negsq kk) || Nat.eqb c xk || Nat.eqb c (S xk).
Definition has_lk (kk xk : nat) (h : head) : bool := existsb (fun t => is_lk kk xk (snd (fst t))) (h_terms h).
Definition w_two (kk xk : nat) (tau1 tau2 : R) (h : head) : (nat -> R) -> nat -> nat -> R :=
  if has_lk kk xk h then soft_w tau1 h else soft_w tau2 h.

Lemma w_two_below (n kk xk : nat) : (1 <= n)%nat -> hs_below n (w_two kk xk (tau_paper n) (tau_a n)).
Proof.
intros Hn. right. intros h. unfold w_two. destruct (has_lk kk xk h).
- exists (tau_paper n). split; [|reflexivity]. pose proof (tau_paper_pos n Hn). lra.
- exists (tau_a n). split; [apply tau_a_below, Hn|reflexivity].
Qed.

Section Fixed.
Variables (n kk xk : nat).
Hypothesis Hn : (1 <= n)%nat.
Hypothesis Hxk : (kk + 13 <= xk)%nat.
Local Notation Wu := (w_two kk xk (tau_paper n) (tau_a n)).
Local Notation arel := (arel n kk xk false).
Local Notation inK := (inK kk xk false).

Lemma has_lk_terms (h : shead) : has_lk kk xk (real_head h) = existsb (fun t => is_lk kk xk (snd (fst t))) (sh_terms h).
Proof. unfold has_lk, real_head. cbn [h_terms]. induction (sh_terms h) as [|t l IH]; cbn [map existsb]; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma atr_term_id (m : nat) (t : nat * nat * Q) : is_lk kk xk (snd (fst t)) = false -> atr_term m kk xk t = t.
Proof.
destruct t as [[q k] c]. cbn [fst snd]. unfold is_lk. intros H. repeat rewrite orb_false_iff in H.
destruct H as [[[H1 H2] H3] H4]. unfold atr_term. rewrite H1, H2, H3, H4. reflexivity.
Qed.

(** A lookup's term at n = 1 is its term at n divided by n^2. *)
Lemma atr_term_lk2 (t : nat * nat * Q) : lk2 kk (snd (fst t)) ->
  fst (atr_term 1 kk xk t) = fst (atr_term n kk xk t) /\ Q2R (snd (atr_term n kk xk t)) = INR n ^ 2 * Q2R (snd (atr_term 1 kk xk t)).
Proof.
destruct t as [[q k] c]. cbn [fst snd]. unfold lk2, c_two, c_negsq. intros [->| ->]; unfold atr_term, c_two, c_negsq.
- rewrite Nat.eqb_refl. cbn [fst snd]. split; [reflexivity|]. rewrite !Q2R_mult, Q2R_2, !Q2R_qn. simpl (INR 1). ring.
- replace (Nat.eqb (kk + 6) (kk + 12)) with false by (symmetry; apply Nat.eqb_neq; lia). rewrite Nat.eqb_refl. cbn [fst snd].
  split; [reflexivity|]. rewrite !Q2R_mult, !Q2R_qn. simpl (INR 1). ring.
Qed.

Lemma score_atr1 (h : shead) (y : stream) (i j : nat) : Forall (fun t => lk2 kk (snd (fst t))) (sh_terms h) ->
  score (real_head (atr_head n kk xk h)) y i j = INR n ^ 2 * score (real_head (atr_head 1 kk xk h)) y i j.
Proof.
intros H. unfold score, real_head, atr_head. cbn [h_terms sh_terms]. rewrite !map_map.
induction H as [|t l Ht Hl IH]; cbn [map lsum]; [ring|]. rewrite IH. cbn [fst snd].
destruct (atr_term_lk2 t Ht) as [E1 E2]. rewrite E2, E1. ring.
Qed.

(** The heads of [pcompile] at 1/(2n^3) on the bounded stream read what those of [ncompile_at]
    read on the unbounded one, its lookups at 1/(2n) and every other head at 1/(2n^3). *)
Lemma p_head_out (ya yu : stream) (h : shead) (i : nat) : arel ya yu -> hd_ok kk xk false h ->
  head_out (soft_w (tau_a n)) n (real_head (atr_head 1 kk xk h)) ya i = head_out Wu n (real_head h) yu i.
Proof.
intros Hr Hh. pose proof Hh as [Hv [_ Hp]]. specialize (Hp eq_refl). destruct (has_lk kk xk (real_head h)) eqn:E.
- rewrite (head_out_W _ (tau_paper n) n (real_head h) yu i) by (unfold w_two; rewrite E; reflexivity). destruct Hp as [Hp|Hp].
  + assert (HN : 0 < INR n) by (apply lt_0_INR; lia). pose proof (tau_a_pos n Hn) as Ha.
    unfold head_out, soft_w, soft.
    change (h_mask (real_head (atr_head 1 kk xk h))) with (h_mask (real_head h)). change (h_val (real_head (atr_head 1 kk xk h))) with (h_val (real_head h)).
    apply rsum_ext. intros k' _. f_equal.
    * f_equal. extensionality j. rewrite <- (atr_score n kk xk false Hn Hxk ya yu h i _ Hr Hh), (score_atr1 h ya i _ Hp).
      unfold tau_a, tau_paper. field. lra.
    * apply (proj1 Hr). exact Hv.
  + exfalso. rewrite has_lk_terms in E. apply existsb_exists in E. destruct E as [[[q k] c] [Hin Hk]].
    rewrite Forall_forall in Hp. apply (Hp _ Hin). cbn [fst snd] in *. unfold is_lk, lk2, LTLCountBoundedSim.inK, ctw in *.
    repeat rewrite orb_true_iff in Hk. rewrite !Nat.eqb_eq in Hk. tauto.
- rewrite (head_out_W _ (tau_a n) n (real_head h) yu i) by (unfold w_two; rewrite E; reflexivity). rewrite has_lk_terms in E.
  assert (Eh : atr_head 1 kk xk h = atr_head n kk xk h).
  { unfold atr_head. f_equal. apply map_ext_in. intros t Ht. rewrite !atr_term_id; [reflexivity| |];
      (destruct (is_lk kk xk (snd (fst t))) eqn:Et; [|reflexivity]); rewrite <- E; symmetry; apply existsb_exists; exists t; split; assumption. }
  rewrite Eh. apply (atr_head_out n kk xk false Hn Hxk); [right; exists (tau_a n); reflexivity|exact Hr|exact Hh].
Qed.

Lemma parel_layer (L : slayer) (ya yu : stream) : ly_ok kk xk false L -> arel ya yu ->
  arel (layer_run (soft_w (tau_a n)) n (real_layer (atr_layer 1 kk xk L)) ya) (layer_run Wu n (real_layer L) yu).
Proof.
intros [[Hh Hu] Hw] Hr. pose proof Hr as [He Hk].
assert (Fa : forall j c, inK c -> layer_run (soft_w (tau_a n)) n (real_layer (atr_layer 1 kk xk L)) ya j c = ya j c).
{ intros j c Hc. apply layer_frame. destruct (swrites (atr_layer 1 kk xk L) c) eqn:E; [|reflexivity]. exfalso. refine (proj1 (Hw c _) Hc).
  rewrite <- (swrites_atr 1 kk xk L c). exact E. }
assert (Fu : forall j c, inK c -> layer_run Wu n (real_layer L) yu j c = yu j c).
{ intros j c Hc. apply layer_frame. destruct (swrites L c) eqn:E; [|reflexivity]. exfalso. exact (proj1 (Hw c E) Hc). }
split.
- intros j c Hc. unfold layer_run, ffn_sub, real_layer, atr_layer. cbn [l_heads l_units sl_heads sl_units].
  set (za := attn_sub (soft_w (tau_a n)) n (map real_head (map (atr_head 1 kk xk) (sl_heads L))) ya).
  set (zu := attn_sub Wu n (map real_head (sl_heads L)) yu).
  assert (Z : forall i c, ~ inK c -> za i c = zu i c).
  { intros i c' Hc'. unfold za, zu, attn_sub. rewrite He by exact Hc'. f_equal. rewrite !map_map.
    clear Hu Hw. induction Hh as [|h l Hh1 Hl IH]; cbn [map lsum]; [reflexivity|]. rewrite IH. f_equal.
    change (h_out (real_head (atr_head 1 kk xk h))) with (h_out (real_head h)). destruct (Nat.eqb _ c'); [|reflexivity].
    apply p_head_out; assumption. }
  rewrite (Z j c Hc). f_equal. apply f_equal. apply map_ext_in. intros u Hin.
  destruct (Nat.eqb _ c); [|reflexivity]. rewrite in_map_iff in Hin. destruct Hin as [u' [<- Hu']].
  apply (unit_eq kk xk false); [|intros; apply Z; assumption]. rewrite Forall_forall in Hu. apply Hu, Hu'.
- intros j. assert (K1 : inK xk) by (unfold LTLCountBoundedSim.inK; lia). assert (K2 : inK (S xk)) by (unfold LTLCountBoundedSim.inK; lia).
  assert (K3 : inK (c_negsq kk)) by (unfold LTLCountBoundedSim.inK; lia).
  assert (K4 : inK (c_two kk)) by (unfold LTLCountBoundedSim.inK, ctw; lia).
  rewrite (Fa j xk K1), (Fa j (S xk) K2), (Fu j xk K1), (Fu j (S xk) K2), (Fu j _ K3), (Fu j _ K4). apply Hk.
Qed.

Lemma pnet_run (N : snet) : Forall (ly_ok kk xk false) N ->
  forall ya yu, arel ya yu -> arel (net_run (soft_w (tau_a n)) n (real_net (map (atr_layer 1 kk xk) N)) ya) (net_run Wu n (real_net N) yu).
Proof.
intros HN. induction HN as [|L N HL HN IH]; intros ya yu Hr; [exact Hr|].
cbn [map real_net net_run]. fold (real_net (map (atr_layer 1 kk xk) N)) (real_net N). apply IH, parel_layer; assumption.
Qed.

End Fixed.

(** The run of [pcompile] at 1/(2n^3) on the bounded embedding, for the one-sided fragment. *)
Lemma pcompile_ok (n : nat) (w : nat -> nat) (k : nat) (caus : bool) (p : tl) :
  (1 <= n)%nat -> tfrag k caus p = true -> forall i, (i < n)%nat ->
  soft_run (tau_a n) n (real_net (fst (pcompile k caus p))) (embed k (tpes_a p) n w) i (snd (pcompile k caus p)) = B2R (tsat n w p i).
Proof.
intros Hn Hf i Hi. unfold pcompile, tpes_a, soft_run. cbn [fst snd].
set (P := tpreds p). set (xk := (k + 13 + length P)%nat). set (xu := embed k (pes_count P ++ ex_u) n w).
set (Wu := w_two k xk (tau_paper n) (tau_a n)).
assert (HW : hs_below n Wu) by apply w_two_below, Hn.
assert (Hex : (2 <= length ex_u)%nat -> nth 0 ex_u pe_none = pe_twon /\ nth 1 ex_u pe_none = pe_negsqn) by (intros; split; reflexivity).
assert (Hmx : false = true -> (2 <= length ex_u)%nat) by discriminate.
assert (Hf' : mfrag k caus false p = true) by exact Hf.
pose proof (ncompile_at_ok n w k caus false ex_u Wu p Hn HW Hf' Hmx Hex i Hi) as Hok. fold P xu in Hok.
change (length ex_u) with 2%nat in Hok. unfold ncompile_at in *. fold P xk in Hok |- *.
pose proof (bnode_rd k xk caus false ltac:(unfold xk; lia) p (xk + 2) 0 Hf' ltac:(lia) ltac:(unfold xk, P; lia)) as Hrd.
pose proof (bnode_ok n w k caus P false (length ex_u) Wu Hn HW Hmx p (xk + 2) 0 (net_run Wu n (real_net (prologue k caus)) xu) Hf') as Hb.
change (c_pred k (length P)) with xk in Hb. change (length ex_u) with 2%nat in Hb.
destruct (prologue_ctx n w k caus P ex_u Wu Hn HW Hex) as [Hc Hz].
assert (Hpre : pre_ok P P 0) by (exists [], []; rewrite app_nil_r; split; reflexivity).
specialize (Hb Hpre).
destruct (bnode k caus xk p (xk + 2) 0) as [[[c L] f'] r'] eqn:E. cbn [fst snd] in *.
destruct Hb as [_ [_ [_ [Hw _]]]]; [split; [unfold base; fold xk; simpl; lia|split; assumption]|].
destruct Hrd as [Hrd [Hcok _]].
assert (HN : Forall (ly_ok k xk false) (prologue k caus ++ L)).
{ apply Forall_app; split.
  - apply Forall_forall. intros Ly HLy. split; [pose proof (prologue_rd k xk caus false ltac:(unfold xk; lia)) as Hp; rewrite Forall_forall in Hp; apply Hp, HLy|].
    intros c' E'. pose proof (prologue_writes n k caus ex_u Hn Hex Ly c' HLy E'). unfold inK, ctw, c_negsq, c_two in *. unfold xk in *. lia.
  - apply Forall_forall. intros Ly HLy. split; [rewrite Forall_forall in Hrd; apply Hrd, HLy|].
    intros c' E'. pose proof (Hw Ly c' HLy E'). unfold inK, ctw, c_negsq, c_two in *. unfold xk in *. lia. }
pose proof (arel_start n w k P Hn false (soft_w (tau_a n))) as Hr0. fold xk xu in Hr0. cbn [real_net map net_run] in Hr0.
destruct (pnet_run n k xk Hn ltac:(unfold xk; lia) _ HN _ _ Hr0) as [He _].
rewrite <- Hok. apply He. exact Hcok.
Qed.

(** Theorem 20 (a) as printed, on formulas whose comparisons count on one side: the one network
    [pcompile k false p] (weights independent of n) on the bounded embedding [tpes_a p] at the one
    temperature 1/(2n^3) outputs exactly [w, i |= p], and so does Lemma 9's rounding of it, for every
    n >= 1, word w and position i < n. *)
Theorem thm20a_fixed (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tfrag k false p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_a n) n (real_net (fst (pcompile k false p))) (embed k (tpes_a p) n w) i (snd (pcompile k false p)) = B2R (tsat n w p i) /\
  round01 (soft_run (tau_a n) n (real_net (fst (pcompile k false p))) (embed k (tpes_a p) n w) i (snd (pcompile k false p))) = B2R (tsat n w p i).
Proof.
intros Hf Hn Hi. pose proof (pcompile_ok n w k false p Hn Hf i Hi) as E. split; [exact E|rewrite E; apply round_B2R].
Qed.

(** Theorem 21 (a) and Corollary 23 (a) as printed: every past formula, future-masked, one network
    for every n, bounded embedding, at 1/(2n^3). *)
Theorem thm21a_fixed (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> tpast p = true -> (1 <= n)%nat -> (i < n)%nat ->
  future_net (fst (pcompile k true p)) /\
  soft_run (tau_a n) n (real_net (fst (pcompile k true p))) (embed k (tpes_a p) n w) i (snd (pcompile k true p)) = B2R (tsat n w p i).
Proof.
intros Hl Hp Hn Hi. pose proof (tfrag_past k p Hl Hp) as Hf. split.
- unfold pcompile. cbn [fst]. pose proof (acompile_future 1 k p Hf) as H. unfold acompile in H. rewrite Hf in H. exact H.
- apply (pcompile_ok n w k true p Hn Hf i Hi).
Qed.
