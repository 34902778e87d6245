(** * Seed 004, Section 6: every S-RASP program ([SRasp]) is computed by a uniform-tieless
    average-hard transformer, hence, by Theorem 26, by softmax attention, for every length.

    [compile] turns the j-th operation into one layer writing coordinate k + 3 + j: an elementwise
    operation into one feed-forward block (a linear map as ReLU(l) - ReLU(-l); not as 1 - ReLU(x);
    and as ReLU(x + y - 1); or as ReLU(x + y) - ReLU(x + y - 1); g ? a : b as ReLU(a + g - 1) +
    ReLU(b - g)), an average into a uniform head (no score terms, average hardmax), and a selection
    into one average-hardmax head with scores q_i kk_j + t (j + 1)/n, a predicate in {0, 1} plus a
    tie-break (t = 1/2 rightmost, -1/2 leftmost; the score term t * 1_i * pos_j reads the constant 1
    and the position (j + 1)/n, the input coordinates k and k + 1), which makes the head tieless with
    gap 1/(2n) ([sel_gap]); a best-match selection scores sum_(q, kk) q_i kk_j + t (j + 1)/n, a
    natural count plus the tie-break ([sel_gap_count]).  [srasp_net] is that network in the
    paper's matrix form ([MatrixCopy.copy_net]); its width is k + 3 + (number of operations).

    Proved for every well-typed program, every length n and every word of length n:
    - [thm26_srasp_hard]: the hard network computes every sequence of the program exactly;
    - [thm26_srasp_gaps]: every head is uniform or tieless with gap 1/(2n) at every layer;
    - [thm26_srasp_soft]: the softmax network at every 0 < tau <= [srasp_temp] (Theorem 26's
      temperature, [temp26_matrix], at gap 1/(2n) and Lemma 29's bound from 1) is within eps of
      every sequence;
    - [thm26_srasp]: at eps = 1/4, Lemma 9's rounding of the softmax network is exactly every
      Boolean sequence of the program. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List FunctionalExtensionality.
From Quarks Require Import RSum Softmax Rounding TransformerModel TransformerError MatrixModel MatrixError MatrixGap MatrixCopy SRasp.
Import ListNotations.
Open Scope R_scope.

(** ** The compiler *)

Definition tie (dr : dir) : R := match dr with LeftMost => - / 2 | RightMost => / 2 end.

Definition sneg (w : list (nat * R)) : list (nat * R) := map (fun p => (fst p, - snd p)) w.

Definition clayer (k c : nat) (o : sop) : layer :=
  match o with
  | SLin w b => Layer [] [Unit c [Neuron 1 w b; Neuron (-1) (sneg w) (- b)] 0]
  | SRelu w b => Layer [] [Unit c [Neuron 1 w b] 0]
  | SNot a => Layer [] [Unit c [Neuron (-1) [(a, 1)] 0] 1]
  | SAnd a b => Layer [] [Unit c [Neuron 1 [(a, 1); (b, 1)] (-1)] 0]
  | SOr a b => Layer [] [Unit c [Neuron 1 [(a, 1); (b, 1)] 0; Neuron (-1) [(a, 1); (b, 1)] (-1)] 0]
  | SIf g a b => Layer [] [Unit c [Neuron 1 [(a, 1); (g, 1)] (-1); Neuron 1 [(b, 1); (g, -1)] 0] 0]
  | SAvg m a => Layer [Head c a [] m Average] []
  | SSel m dr q kk v => Layer [Head c v [((q, kk), 1); ((k, S k), tie dr)] m Average] []
  | SSelM m dr ps v => Layer [Head c v (map (fun p => (p, 1)) ps ++ [((k, S k), tie dr)]) m Average] []
  end.

Fixpoint compile (k c : nat) (p : list sop) : list layer :=
  match p with [] => [] | o :: p' => clayer k c o :: compile k (S c) p' end.

Definition srasp_width (k : nat) (p : list sop) : nat := (k + 3 + length p)%nat.

(** The compiled network in the paper's form (query, key, value and output matrices). *)
Definition srasp_net (k : nat) (p : list sop) : list mlayer := copy_net (compile k (k + 3) p).

(** Theorem 26's temperature for the compiled network: gap 1/(2n), Lemma 29's bound from 1. *)
Definition srasp_temp (k n : nat) (p : list sop) (eps : R) : R :=
  temp26_matrix (srasp_width k p) n (/ (2 * INR n)) (mnet_X (srasp_width k p) (srasp_net k p) 1) eps (srasp_net k p).

(** ** One layer *)

Lemma layer_unit_run (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (u : unit) (x : stream) (i c' : nat) :
  layer_run W n (Layer [] [u]) x i c' = x i c' + (if Nat.eqb (u_out u) c' then unit_val u (x i) else 0).
Proof.
unfold layer_run. replace (attn_sub W n (l_heads (Layer [] [u])) x) with x.
- unfold ffn_sub. simpl. ring.
- apply functional_extensionality; intros i'. apply functional_extensionality; intros c''. unfold attn_sub. simpl. ring.
Qed.

Lemma layer_head_run (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (h : head) (x : stream) (i c' : nat) :
  layer_run W n (Layer [h] []) x i c' = x i c' + (if Nat.eqb (h_out h) c' then head_out W n h x i else 0).
Proof. unfold layer_run, ffn_sub, attn_sub. simpl. ring. Qed.

Lemma lin_sneg (w : list (nat * R)) (y : nat -> R) : lin (sneg w) y = - lin w y.
Proof. induction w as [|p w IH]; unfold lin in *; simpl; [ring|]. rewrite IH. ring. Qed.

Definition agree (n : nat) (x z : stream) : Prop := forall i c, (i < n)%nat -> x i c = z i c.

(** The invariant of the semantic stream before the operation writing coordinate c = |tys|. *)
Definition sinv (k n : nat) (tys : list bool) (z : stream) : Prop :=
  (k + 2 <= length tys)%nat /\ ty_ok n tys z /\
  (forall i, (i < n)%nat -> z i k = 1 /\ z i (S k) = INR (S i) / INR n) /\
  (forall i a, (i < n)%nat -> (length tys <= a)%nat -> z i a = 0).

(** The value the compiled layer adds at a position: the operation's semantics. *)
Definition layer_adds (n : nat) (L : layer) (x : stream) (c : nat) (f : nat -> R) : Prop :=
  forall i c', (i < n)%nat -> layer_run hard_w n L x i c' = x i c' + (if Nat.eqb c' c then f i else 0).

Lemma adds_agree (n c : nat) (L : layer) (x z : stream) (f : nat -> R) :
  agree n x z -> (forall i, (i < n)%nat -> z i c = 0) -> layer_adds n L x c f ->
  agree n (layer_run hard_w n L x) (upd z c f).
Proof.
intros Ha Hz Hl i c' Hi. rewrite Hl by exact Hi. unfold upd. rewrite Ha by exact Hi.
destruct (Nat.eqb c' c) eqn:E; [apply Nat.eqb_eq in E; subst c'; rewrite Hz by exact Hi; ring|ring].
Qed.

Lemma unit_adds (n c : nat) (x : stream) (hs : list neuron) (b0 : R) (f : nat -> R) :
  (forall i, (i < n)%nat -> unit_val (Unit c hs b0) (x i) = f i) -> layer_adds n (Layer [] [Unit c hs b0]) x c f.
Proof.
intros H i c' Hi. rewrite layer_unit_run. simpl u_out. rewrite Nat.eqb_sym.
destruct (Nat.eqb c' c); [rewrite H by exact Hi|]; reflexivity.
Qed.

Lemma head_adds (n c : nat) (x : stream) (h : head) (f : nat -> R) : h_out h = c ->
  (forall i, (i < n)%nat -> head_out hard_w n h x i = f i) -> layer_adds n (Layer [h] []) x c f.
Proof.
intros Ho H i c' Hi. rewrite layer_head_run, Ho, Nat.eqb_sym.
destruct (Nat.eqb c' c); [rewrite H by exact Hi|]; reflexivity.
Qed.

Ltac relu_cases := unfold Rmax; repeat match goal with |- context [Rle_dec ?a ?b] => destruct (Rle_dec a b) end; lra.

(** A uniform head averages its value over the visible positions. *)
Lemma head_uniform (n : nat) (h : head) (x : stream) (i : nat) : h_terms h = [] -> h_hard h = Average -> (i < n)%nat ->
  head_out hard_w n h x i = / INR (vis_cnt (h_mask h) n i) * rsum (fun t => x (vis_lo (h_mask h) i + t)%nat (h_val h)) 0 (vis_cnt (h_mask h) n i).
Proof.
intros Ht Hr Hi. unfold head_out. rewrite <- rsum_scal. apply rsum_ext. intros t Ht'.
unfold hard_w. rewrite Hr. unfold score. rewrite Ht. simpl. rewrite avg_hard_const by (apply vis_pos, Hi). ring.
Qed.


(** ** The selection head: scores and gap *)

Lemma div_step (a b N : R) : 0 < N -> a + 1 <= b -> a / N + / N <= b / N.
Proof. intros HN Hab. unfold Rdiv. assert (0 < / N) by (apply Rinv_0_lt_compat; lra). nra. Qed.

Lemma div_unit (a N : R) : 0 < N -> 1 <= a <= N -> / N <= a / N <= 1.
Proof.
intros HN Ha. unfold Rdiv. assert (0 < / N) by (apply Rinv_0_lt_compat; lra).
split; [nra|]. replace 1 with (N * / N) by (field; lra). nra.
Qed.

(** Scores b_t + tie (lo + t + 1)/n over the visible offsets, with b_t in {0, 1}: the selected
    offset beats every other by 1/(2n). *)
Lemma sel_gap (dr : dir) (B : nat -> bool) (n lo cnt : nat) (s : nat -> R) :
  (1 <= cnt)%nat -> (lo + cnt <= n)%nat ->
  (forall t, (t < cnt)%nat -> s t = (if B t then 1 else 0) + tie dr * (INR (S (lo + t)) / INR n)) ->
  forall t, (t < cnt)%nat -> t <> sel_top dr B cnt -> s t <= s (sel_top dr B cnt) - / (2 * INR n).
Proof.
intros Hc Hn Hs t Ht Hne. set (T := sel_top dr B cnt) in *.
assert (HT : (T < cnt)%nat) by (apply sel_top_lt, Hc).
destruct (sel_top_spec dr B cnt Hc) as [Hfound Hord]. fold T in Hfound, Hord.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (Hu : / (2 * INR n) = / INR n / 2) by (field; lra). rewrite Hu.
rewrite (Hs t Ht), (Hs T HT).
assert (Ha : 1 <= INR (S (lo + t)) <= INR n) by (split; [rewrite S_INR; pose proof (pos_INR (lo + t)); lra|apply le_INR; lia]).
assert (Hb : 1 <= INR (S (lo + T)) <= INR n) by (split; [rewrite S_INR; pose proof (pos_INR (lo + T)); lra|apply le_INR; lia]).
pose proof (div_unit _ _ HN Ha). pose proof (div_unit _ _ HN Hb).
destruct (Bool.bool_dec (B t) (B T)) as [Heq|Hneq].
- specialize (Hord t Ht Hne Heq). rewrite Heq.
  destruct dr; simpl tie.
  + assert (INR (S (lo + T)) + 1 <= INR (S (lo + t))) by (rewrite <- S_INR; apply le_INR; lia).
    pose proof (div_step _ _ _ HN H1). lra.
  + assert (INR (S (lo + t)) + 1 <= INR (S (lo + T))) by (rewrite <- S_INR; apply le_INR; lia).
    pose proof (div_step _ _ _ HN H1). lra.
- destruct (B T) eqn:BT.
  + destruct (B t); [congruence|]. destruct dr; simpl tie; lra.
  + destruct (B t) eqn:Bt; [|congruence]. exfalso. assert (false = true) by (apply Hfound; exists t; split; assumption). discriminate.
Qed.

(** Scores C_t + tie (lo + t + 1)/n with natural counts C_t: the leftmost (rightmost) offset of
    largest count beats every other by 1/(2n). *)
Lemma sel_gap_count (dr : dir) (C : nat -> nat) (n lo cnt : nat) (s : nat -> R) :
  (1 <= cnt)%nat -> (lo + cnt <= n)%nat ->
  (forall t, (t < cnt)%nat -> s t = INR (C t) + tie dr * (INR (S (lo + t)) / INR n)) ->
  forall t, (t < cnt)%nat -> t <> sel_top dr (fun t => Nat.eqb (C t) (nmax C cnt)) cnt ->
    s t <= s (sel_top dr (fun t => Nat.eqb (C t) (nmax C cnt)) cnt) - / (2 * INR n).
Proof.
intros Hc Hn Hs t Ht Hne. set (B := fun t => Nat.eqb (C t) (nmax C cnt)) in *. set (T := sel_top dr B cnt) in *.
assert (HT : (T < cnt)%nat) by (apply sel_top_lt, Hc).
destruct (sel_top_spec dr B cnt Hc) as [Hfound Hord]. fold T in Hfound, Hord.
assert (HBT : B T = true).
{ apply Hfound. destruct (nmax_attained C cnt Hc) as [t0 [Ht0 E]]. exists t0. split; [exact Ht0|]. unfold B. rewrite E. apply Nat.eqb_refl. }
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (Hu : / (2 * INR n) = / INR n / 2) by (field; lra). rewrite Hu.
rewrite (Hs t Ht), (Hs T HT).
assert (Ha : 1 <= INR (S (lo + t)) <= INR n) by (split; [rewrite S_INR; pose proof (pos_INR (lo + t)); lra|apply le_INR; lia]).
assert (Hb : 1 <= INR (S (lo + T)) <= INR n) by (split; [rewrite S_INR; pose proof (pos_INR (lo + T)); lra|apply le_INR; lia]).
pose proof (div_unit _ _ HN Ha). pose proof (div_unit _ _ HN Hb).
destruct (B t) eqn:Bt.
- assert (Heq : B t = B T) by congruence. specialize (Hord t Ht Hne Heq).
  unfold B in Bt, HBT. apply Nat.eqb_eq in Bt. apply Nat.eqb_eq in HBT. rewrite Bt, HBT.
  destruct dr; simpl tie.
  + assert (INR (S (lo + T)) + 1 <= INR (S (lo + t))) by (rewrite <- S_INR; apply le_INR; lia).
    pose proof (div_step _ _ _ HN H1). lra.
  + assert (INR (S (lo + t)) + 1 <= INR (S (lo + T))) by (rewrite <- S_INR; apply le_INR; lia).
    pose proof (div_step _ _ _ HN H1). lra.
- unfold B in Bt, HBT. apply Nat.eqb_neq in Bt. apply Nat.eqb_eq in HBT. pose proof (nmax_ge C cnt t Ht).
  assert (INR (C t) + 1 <= INR (C T)) by (rewrite <- S_INR; apply le_INR; lia).
  destruct dr; simpl tie; lra.
Qed.

Lemma lsum_app {A} (f : A -> R) (l1 l2 : list A) : lsum (map f (l1 ++ l2)) = lsum (map f l1) + lsum (map f l2).
Proof. induction l1 as [|a l1 IH]; simpl; [ring|rewrite IH; ring]. Qed.

(** ** Each operation *)

Lemma sel_score (k n : nat) (tys : list bool) (z x : stream) (m : mask) (dr : dir) (q kk v c i t : nat) :
  sinv k n tys z -> agree n x z -> bool_ty tys q = true -> bool_ty tys kk = true -> (i < n)%nat ->
  (t < vis_cnt m n i)%nat ->
  score (Head c v [((q, kk), 1); ((k, S k), tie dr)] m Average) x i (vis_lo m i + t) =
  (if sel_pred m q kk z i t then 1 else 0) + tie dr * (INR (S (vis_lo m i + t)) / INR n).
Proof.
intros [_ [Hty [Hpe _]]] Ha Hq Hk Hi Ht. assert (Hj : (vis_lo m i + t < n)%nat) by (apply vis_range; assumption).
unfold score. simpl. rewrite !Ha by assumption. destruct (Hpe i Hi) as [H1 _]. destruct (Hpe _ Hj) as [_ H2].
rewrite H1, H2. unfold sel_pred.
rewrite (is01_isone (z i q)) at 1 by (apply Hty; assumption).
rewrite (is01_isone (z (vis_lo m i + t)%nat kk)) at 1 by (apply Hty; assumption).
destruct (isone (z i q)), (isone (z (vis_lo m i + t)%nat kk)); simpl; ring.
Qed.

Lemma lsum_count (ps : list (nat * nat)) (z : stream) (i j : nat) :
  (forall p, In p ps -> is01 (z i (fst p)) /\ is01 (z j (snd p))) ->
  lsum (map (fun p => 1 * z i (fst p) * z j (snd p)) ps) = INR (sel_count ps z i j).
Proof.
unfold sel_count. induction ps as [|p ps IH]; intros H01; [reflexivity|]. cbn [map lsum filter].
rewrite IH by (intros; apply H01; right; assumption). destruct (H01 p (or_introl eq_refl)) as [Hq Hk].
rewrite (is01_isone (z i (fst p))) at 1 by exact Hq. rewrite (is01_isone (z j (snd p))) at 1 by exact Hk.
destruct (isone (z i (fst p))), (isone (z j (snd p))); cbn [andb filter length]; rewrite ?S_INR; ring.
Qed.

Lemma selm_score (k n : nat) (tys : list bool) (z x : stream) (m : mask) (dr : dir) (ps : list (nat * nat)) (v c i t : nat) :
  sinv k n tys z -> agree n x z -> forallb (fun p => bool_ty tys (fst p) && bool_ty tys (snd p)) ps = true -> (i < n)%nat ->
  (t < vis_cnt m n i)%nat ->
  score (Head c v (map (fun p => (p, 1)) ps ++ [((k, S k), tie dr)]) m Average) x i (vis_lo m i + t) =
  INR (sel_count ps z i (vis_lo m i + t)) + tie dr * (INR (S (vis_lo m i + t)) / INR n).
Proof.
intros [_ [Hty [Hpe _]]] Ha Hps Hi Ht. assert (Hj : (vis_lo m i + t < n)%nat) by (apply vis_range; assumption).
unfold score. simpl h_terms. rewrite lsum_app, map_map. cbn [map lsum fst snd]. rewrite !Ha by assumption.
destruct (Hpe i Hi) as [H1 _]. destruct (Hpe _ Hj) as [_ H2]. rewrite H1, H2.
rewrite (lsum_map_ext _ (fun p => 1 * z i (fst p) * z (vis_lo m i + t)%nat (snd p))).
- rewrite lsum_count; [ring|]. intros p Hp. rewrite forallb_forall in Hps. specialize (Hps p Hp).
  apply andb_true_iff in Hps. destruct Hps as [Hq Hk]. split; apply Hty; assumption.
- intros p _. rewrite !Ha by assumption. reflexivity.
Qed.

Lemma clayer_exact (k n : nat) (tys : list bool) (o : sop) (x z : stream) :
  sop_ok tys o = true -> sinv k n tys z -> agree n x z ->
  agree n (layer_run hard_w n (clayer k (length tys) o) x) (upd z (length tys) (sop_sem n o z)) /\
  (forall h, In h (l_heads (clayer k (length tys) o)) -> ut_head n (/ (2 * INR n)) h x).
Proof.
intros Hok Hinv Ha. pose proof Hinv as (Hc & Hty & Hpe & Hz).
assert (Hzc : forall i, (i < n)%nat -> z i (length tys) = 0) by (intros; apply Hz; lia).
assert (Hxi : forall i, (i < n)%nat -> x i = z i) by (intros i Hi; apply functional_extensionality; intros; apply Ha, Hi).
destruct o as [w b|w b|a|a b|a b|g a b|m a|m dr q kk v|m dr ps v]; simpl.
- split; [|intros h []]. apply adds_agree; [exact Ha|exact Hzc|]. apply unit_adds. intros i Hi.
  unfold unit_val. simpl. rewrite lin_sneg, (Hxi i Hi). simpl. relu_cases.
- split; [|intros h []]. apply adds_agree; [exact Ha|exact Hzc|]. apply unit_adds. intros i Hi.
  unfold unit_val. simpl. rewrite (Hxi i Hi). simpl. relu_cases.
- split; [|intros h []]. apply adds_agree; [exact Ha|exact Hzc|]. apply unit_adds. intros i Hi.
  unfold unit_val, lin. simpl. rewrite (Hxi i Hi). simpl in Hok.
  destruct (Hty a i Hok Hi) as [-> | ->]; relu_cases.
- split; [|intros h []]. apply adds_agree; [exact Ha|exact Hzc|]. apply unit_adds. intros i Hi.
  unfold unit_val, lin. simpl. rewrite (Hxi i Hi). simpl in Hok. apply andb_true_iff in Hok. destruct Hok as [H1 H2].
  destruct (Hty a i H1 Hi) as [-> | ->]; destruct (Hty b i H2 Hi) as [-> | ->]; relu_cases.
- split; [|intros h []]. apply adds_agree; [exact Ha|exact Hzc|]. apply unit_adds. intros i Hi.
  unfold unit_val, lin. simpl. rewrite (Hxi i Hi). simpl in Hok. apply andb_true_iff in Hok. destruct Hok as [H1 H2].
  destruct (Hty a i H1 Hi) as [-> | ->]; destruct (Hty b i H2 Hi) as [-> | ->]; relu_cases.
- split; [|intros h []]. apply adds_agree; [exact Ha|exact Hzc|]. apply unit_adds. intros i Hi.
  unfold unit_val, lin. simpl. rewrite (Hxi i Hi). simpl in Hok. apply andb_true_iff in Hok. destruct Hok as [H1 H3].
  apply andb_true_iff in H1. destruct H1 as [H1 H2].
  destruct (Hty g i H1 Hi) as [-> | ->]; destruct (Hty a i H2 Hi) as [-> | ->]; destruct (Hty b i H3 Hi) as [-> | ->]; relu_cases.
- split.
  + apply adds_agree; [exact Ha|exact Hzc|]. apply head_adds; [reflexivity|]. intros i Hi.
    rewrite head_uniform by (reflexivity || exact Hi). simpl. f_equal. apply rsum_ext. intros t Ht.
    apply Ha. apply vis_range; [exact Hi|lia].
  + intros h [<-|[]]. left. reflexivity.
- simpl in Hok. apply andb_true_iff in Hok. destruct Hok as [Hok Hv]. apply andb_true_iff in Hok. destruct Hok as [Hq Hk].
  set (h := Head (length tys) v [((q, kk), 1); ((k, S k), tie dr)] m Average).
  assert (Hgap : forall i, (i < n)%nat ->
    (forall t, (t < vis_cnt m n i)%nat -> t <> sel_top dr (sel_pred m q kk z i) (vis_cnt m n i) ->
      score h x i (vis_lo m i + t) <= score h x i (vis_lo m i + sel_top dr (sel_pred m q kk z i) (vis_cnt m n i)) - / (2 * INR n))).
  { intros i Hi. apply (sel_gap dr (sel_pred m q kk z i) n (vis_lo m i) (vis_cnt m n i)).
    - apply vis_pos, Hi.
    - destruct m; simpl; lia.
    - intros t Ht. apply (sel_score k n tys); assumption. }
  assert (Hg : 0 < / (2 * INR n) \/ n = 0%nat).
  { destruct n as [|n']; [right; reflexivity|left]. apply Rinv_0_lt_compat. pose proof (lt_0_INR (S n') ltac:(lia)). lra. }
  split.
  + apply adds_agree; [exact Ha|exact Hzc|]. apply head_adds; [reflexivity|]. intros i Hi.
    destruct Hg as [Hg| ->]; [|lia].
    rewrite (head_out_at n h x i (sel_top dr (sel_pred m q kk z i) (vis_cnt m n i)) (/ (2 * INR n)) Hg).
    * simpl. apply Ha. apply vis_range; [exact Hi|]. apply sel_top_lt, vis_pos, Hi.
    * apply sel_top_lt, vis_pos, Hi.
    * apply Hgap, Hi.
  + intros h' [<-|[]]. right. intros i Hi. exists (sel_top dr (sel_pred m q kk z i) (vis_cnt m n i)). split.
    * apply sel_top_lt, vis_pos, Hi.
    * apply Hgap, Hi.
- simpl in Hok. apply andb_true_iff in Hok. destruct Hok as [Hps Hv].
  set (h := Head (length tys) v (map (fun p => (p, 1)) ps ++ [((k, S k), tie dr)]) m Average).
  assert (Hgap : forall i, (i < n)%nat ->
    (forall t, (t < vis_cnt m n i)%nat -> t <> sel_top dr (best_pred m ps z n i) (vis_cnt m n i) ->
      score h x i (vis_lo m i + t) <= score h x i (vis_lo m i + sel_top dr (best_pred m ps z n i) (vis_cnt m n i)) - / (2 * INR n))).
  { intros i Hi. unfold best_pred. apply (sel_gap_count dr (fun t => sel_count ps z i (vis_lo m i + t)) n (vis_lo m i) (vis_cnt m n i)).
    - apply vis_pos, Hi.
    - destruct m; simpl; lia.
    - intros t Ht. apply (selm_score k n tys); assumption. }
  assert (Hg : 0 < / (2 * INR n) \/ n = 0%nat).
  { destruct n as [|n']; [right; reflexivity|left]. apply Rinv_0_lt_compat. pose proof (lt_0_INR (S n') ltac:(lia)). lra. }
  split.
  + apply adds_agree; [exact Ha|exact Hzc|]. apply head_adds; [reflexivity|]. intros i Hi.
    destruct Hg as [Hg| ->]; [|lia].
    rewrite (head_out_at n h x i (sel_top dr (best_pred m ps z n i) (vis_cnt m n i)) (/ (2 * INR n)) Hg).
    * simpl. apply Ha. apply vis_range; [exact Hi|]. apply sel_top_lt, vis_pos, Hi.
    * apply sel_top_lt, vis_pos, Hi.
    * apply Hgap, Hi.
  + intros h' [<-|[]]. right. intros i Hi. exists (sel_top dr (best_pred m ps z n i) (vis_cnt m n i)). split.
    * apply sel_top_lt, vis_pos, Hi.
    * apply Hgap, Hi.
Qed.

Lemma sinv_upd (k n : nat) (tys : list bool) (o : sop) (z : stream) :
  sop_ok tys o = true -> sinv k n tys z ->
  sinv k n (tys ++ [sop_bool tys o]) (upd z (length tys) (sop_sem n o z)).
Proof.
intros Hok (Hc & Hty & Hpe & Hz). unfold sinv. rewrite app_length. simpl length. split; [lia|split; [|split]].
- apply ty_ok_upd; assumption.
- intros i Hi. unfold upd. replace (Nat.eqb k (length tys)) with false by (symmetry; apply Nat.eqb_neq; lia).
  replace (Nat.eqb (S k) (length tys)) with false by (symmetry; apply Nat.eqb_neq; lia). apply Hpe, Hi.
- intros i a Hi Ha. unfold upd. replace (Nat.eqb a (length tys)) with false by (symmetry; apply Nat.eqb_neq; lia). apply Hz; [exact Hi|lia].
Qed.

(** ** The whole program *)

Theorem compile_exact (k n : nat) (p : list sop) : forall (tys : list bool) (x z : stream),
  wt tys p = true -> sinv k n tys z -> agree n x z ->
  agree n (hard_run n (compile k (length tys) p) x) (srun n (length tys) p z) /\
  gaps_ok n (/ (2 * INR n)) (compile k (length tys) p) x.
Proof.
induction p as [|o p IH]; intros tys x z Hwt Hinv Ha; [split; [exact Ha|exact I]|].
simpl in Hwt. apply andb_true_iff in Hwt. destruct Hwt as [Hok Hwt].
destruct (clayer_exact k n tys o x z Hok Hinv Ha) as [Ha' Hh].
pose proof (sinv_upd k n tys o z Hok Hinv) as Hinv'.
assert (E : length (tys ++ [sop_bool tys o]) = S (length tys)) by (rewrite app_length; simpl; lia).
destruct (IH (tys ++ [sop_bool tys o]) _ _ Hwt Hinv' Ha') as [H1 H2].
rewrite E in H1, H2. simpl. split; [exact H1|split; [exact Hh|exact H2]].
Qed.

Lemma layer_below_mono (d d' : nat) (L : layer) : (d <= d')%nat -> layer_below d L -> layer_below d' L.
Proof.
intros Hd [Hh Hu]. split.
- intros h Hin. destruct (Hh h Hin) as [Ho [Hv Ht]]. split; [lia|split; [lia|]]. intros t Hint. specialize (Ht t Hint). lia.
- intros u Hin. destruct (Hu u Hin) as [Ho Hw]. split; [lia|]. intros nr Hnr p Hp. specialize (Hw nr Hnr p Hp). lia.
Qed.

Lemma forallb_in_ty (tys : list bool) (w : list (nat * R)) (p : nat * R) :
  forallb (fun p => in_ty tys (fst p)) w = true -> In p w -> (fst p < length tys)%nat.
Proof. intros H Hin. rewrite forallb_forall in H. apply Nat.ltb_lt, (H p Hin). Qed.

Lemma clayer_below (k : nat) (tys : list bool) (o : sop) : sop_ok tys o = true -> (k + 2 <= length tys)%nat ->
  layer_below (S (length tys)) (clayer k (length tys) o).
Proof.
intros Hok Hc.
destruct o as [w b|w b|a|a b|a b|g a b|m a|m dr q kk v|m dr ps v]; simpl in Hok; unfold bool_ty, in_ty in Hok; split; simpl; try (intros ? []; fail).
- intros u [<-|[]]. split; [simpl; lia|]. intros nr [<-|[<-|[]]] p Hp; simpl in Hp.
  + pose proof (forallb_in_ty tys w p Hok Hp). lia.
  + unfold sneg in Hp. apply in_map_iff in Hp. destruct Hp as [p' [<- Hp']]. simpl. pose proof (forallb_in_ty tys w p' Hok Hp'). lia.
- intros u [<-|[]]. split; [simpl; lia|]. intros nr [<-|[]] p Hp. simpl in Hp. pose proof (forallb_in_ty tys w p Hok Hp). lia.
- intros u [<-|[]]. split; [simpl; lia|]. apply andb_true_iff in Hok. destruct Hok as [Ha _]. apply Nat.ltb_lt in Ha.
  intros nr [<-|[]] p [<-|[]]. simpl. lia.
- intros u [<-|[]]. split; [simpl; lia|]. repeat rewrite andb_true_iff in Hok. destruct Hok as [[Ha _] [Hb _]].
  apply Nat.ltb_lt in Ha. apply Nat.ltb_lt in Hb. intros nr [<-|[]] p [<-|[<-|[]]]; simpl; lia.
- intros u [<-|[]]. split; [simpl; lia|]. repeat rewrite andb_true_iff in Hok. destruct Hok as [[Ha _] [Hb _]].
  apply Nat.ltb_lt in Ha. apply Nat.ltb_lt in Hb. intros nr [<-|[<-|[]]] p [<-|[<-|[]]]; simpl; lia.
- intros u [<-|[]]. split; [simpl; lia|]. repeat rewrite andb_true_iff in Hok. destruct Hok as [[[Hg _] [Ha _]] [Hb _]].
  apply Nat.ltb_lt in Hg. apply Nat.ltb_lt in Ha. apply Nat.ltb_lt in Hb. intros nr [<-|[<-|[]]] p [<-|[<-|[]]]; simpl; lia.
- intros h [<-|[]]. apply Nat.ltb_lt in Hok. split; [simpl; lia|split; [simpl; lia|]]. intros t [].
- intros h [<-|[]]. repeat rewrite andb_true_iff in Hok. destruct Hok as [[[Hq _] [Hk _]] Hv].
  apply Nat.ltb_lt in Hq. apply Nat.ltb_lt in Hk. apply Nat.ltb_lt in Hv.
  split; [simpl; lia|split; [simpl; lia|]]. intros t [<-|[<-|[]]]; simpl; lia.
- intros h [<-|[]]. apply andb_true_iff in Hok. destruct Hok as [Hps Hv]. apply Nat.ltb_lt in Hv.
  split; [simpl; lia|split; [simpl; lia|]]. intros t Ht. simpl in Ht. apply in_app_or in Ht. destruct Ht as [Ht|[<-|[]]]; [|simpl; lia].
  apply in_map_iff in Ht. destruct Ht as [p [<- Hp]]. rewrite forallb_forall in Hps. specialize (Hps p Hp).
  repeat rewrite andb_true_iff in Hps. destruct Hps as [[Hq _] [Hk _]]. apply Nat.ltb_lt in Hq. apply Nat.ltb_lt in Hk. simpl. lia.
Qed.

Lemma compile_below (k : nat) (p : list sop) : forall tys : list bool, wt tys p = true -> (k + 2 <= length tys)%nat ->
  net_below (length tys + length p) (compile k (length tys) p).
Proof.
induction p as [|o p IH]; intros tys Hwt Hc L HL; [destruct HL|]. simpl in Hwt. apply andb_true_iff in Hwt. destruct Hwt as [Hok Hwt].
assert (E : length (tys ++ [sop_bool tys o]) = S (length tys)) by (rewrite app_length; simpl; lia).
destruct HL as [<-|HL].
- apply (layer_below_mono (S (length tys))); [simpl; lia|]. apply clayer_below; assumption.
- pose proof (IH _ Hwt ltac:(rewrite E; lia)) as H. rewrite E in H. simpl length.
  replace (length tys + S (length p))%nat with (S (length tys) + length p)%nat by lia. apply H, HL.
Qed.

(** ** The theorems *)

Lemma in_tys_length (k : nat) : length (in_tys k) = (k + 3)%nat.
Proof. unfold in_tys. rewrite app_length, repeat_length. reflexivity. Qed.

Lemma input_sinv (k n : nat) (w : list nat) : sinv k n (in_tys k) (srasp_input k n w).
Proof.
unfold sinv. rewrite in_tys_length. split; [lia|split; [apply input_ty_ok|split]].
- intros i Hi. unfold srasp_input, word_input, embed.
  replace (k <? k)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
  replace (S k <? k)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
  rewrite Nat.sub_diag. replace (S k - k)%nat with 1%nat by lia. split; reflexivity.
- intros i a Hi Ha. unfold srasp_input, word_input, embed.
  replace (a <? k)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
  rewrite nth_overflow; [reflexivity|]. simpl. lia.
Qed.

Lemma srasp_below (k : nat) (p : list sop) : srasp_wt k p = true -> net_below (srasp_width k p) (compile k (k + 3) p).
Proof.
intros Hwt. unfold srasp_width. rewrite <- (in_tys_length k). apply compile_below; [exact Hwt|rewrite in_tys_length; lia].
Qed.

Lemma srasp_exact (k n : nat) (p : list sop) (w : list nat) : srasp_wt k p = true ->
  agree n (hard_run n (compile k (k + 3) p) (srasp_input k n w)) (srasp_run k n p w) /\
  gaps_ok n (/ (2 * INR n)) (compile k (k + 3) p) (srasp_input k n w).
Proof.
intros Hwt. unfold srasp_run. rewrite <- (in_tys_length k).
apply compile_exact; [exact Hwt|apply input_sinv|intros i c _; reflexivity].
Qed.

(** The compiled average-hard network computes every sequence of a well-typed S-RASP program
    exactly, at every position of every word of every length. *)
Theorem thm26_srasp_hard (k n : nat) (p : list sop) (w : list nat) (i c : nat) :
  srasp_wt k p = true -> (i < n)%nat ->
  mhard_run (srasp_width k p) n (srasp_net k p) (srasp_input k n w) i c = srasp_run k n p w i c.
Proof.
intros Hwt Hi. unfold srasp_net. rewrite copy_hard_run by (apply srasp_below, Hwt).
apply (proj1 (srasp_exact k n p w Hwt)), Hi.
Qed.

Lemma copy_gaps_ok (d n : nat) (g : R) (net : list layer) (x : stream) : net_below d net ->
  gaps_ok n g net x -> mgaps_ok d n g (copy_net net) x.
Proof.
revert x. induction net as [|L net IH]; intros x Hb Hok; [exact I|].
destruct Hok as [Hut Hok]. assert (HL : layer_below d L) by (apply Hb; left; reflexivity).
simpl. split.
- intros mh Hin. apply in_map_iff in Hin. destruct Hin as [h [<- Hin]].
  assert (Hhb : head_below d h) by (apply (proj1 HL), Hin).
  destruct (Hut h Hin) as [Hu|Ht]; [left|right].
  + unfold uniform_b in Hu. unfold muniform_b. simpl.
    destruct (h_terms h); [|discriminate]. destruct (h_hard h); [reflexivity|discriminate|discriminate].
  + intros i Hi. destruct (Ht i Hi) as [t [Htc Hgap]]. exists t. simpl mh_mask. split; [exact Htc|].
    intros k' Hk Hkt. rewrite !copy_score by exact Hhb. apply Hgap; assumption.
- rewrite (copy_layer_run mhard_w hard_w d n L x copy_hard_w HL).
  apply IH; [intros L' HL'; apply Hb; right; exact HL'|exact Hok].
Qed.

(** Every head of the compiled network is uniform or tieless with gap 1/(2n), at every layer. *)
Theorem thm26_srasp_gaps (k n : nat) (p : list sop) (w : list nat) : srasp_wt k p = true ->
  mgaps_ok (srasp_width k p) n (/ (2 * INR n)) (srasp_net k p) (srasp_input k n w).
Proof. intros Hwt. apply copy_gaps_ok; [apply srasp_below, Hwt|apply (proj2 (srasp_exact k n p w Hwt))]. Qed.

Lemma srasp_input_bounded (k n : nat) (p : list sop) (w : list nat) : dbounded (srasp_width k p) n 1 (srasp_input k n w).
Proof.
intros i c Hi _. replace 1 with (Rmax 1 1) by (unfold Rmax; destruct (Rle_dec 1 1); lra).
apply (embed_bounded k srasp_pe n _ 1); [|exact Hi].
intros f i' [<-|[<-|[<-|[]]]] Hi'; [rewrite Rabs_R1; lra| |destruct (Nat.even (S i')); rewrite ?Rabs_R1, ?Rabs_R0; lra].
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
destruct (div_unit (INR (S i')) (INR n) HN) as [H1 H2].
- split; [rewrite S_INR; pose proof (pos_INR i'); lra|apply le_INR; lia].
- assert (0 < / INR n) by (apply Rinv_0_lt_compat; lra). rewrite Rabs_pos_eq by lra. exact H2.
Qed.

(** Theorem 26 for S-RASP: the softmax network at every temperature 0 < tau <= srasp_temp is
    within eps of every sequence of the program, at every position of every word of length n. *)
Theorem thm26_srasp_soft (k n : nat) (p : list sop) (w : list nat) (eps tau : R) (i c : nat) :
  srasp_wt k p = true -> 0 < eps -> 0 < tau -> tau <= srasp_temp k n p eps -> (i < n)%nat -> (c < srasp_width k p)%nat ->
  Rabs (msoft_run tau (srasp_width k p) n (srasp_net k p) (srasp_input k n w) i c - srasp_run k n p w i c) <= eps.
Proof.
intros Hwt He Htau Hle Hi Hc. rewrite <- (thm26_srasp_hard k n p w i c Hwt Hi).
assert (Hg : 0 < / (2 * INR n)) by (apply Rinv_0_lt_compat; pose proof (lt_0_INR n ltac:(lia)); lra).
apply (thm26_matrix_closed (srasp_width k p) n (srasp_net k p) (srasp_input k n w) (/ (2 * INR n)) 1 eps tau); auto; try lra.
- apply srasp_input_bounded.
- apply thm26_srasp_gaps, Hwt.
Qed.

(** Theorem 26 for S-RASP, exact: at tau <= srasp_temp k n p (1/4), Lemma 9's rounding of the
    softmax network is exactly every Boolean sequence of the program, at every position of every
    word of every length n. *)
Theorem thm26_srasp (k n : nat) (p : list sop) (w : list nat) (tau : R) (i c : nat) :
  srasp_wt k p = true -> srasp_bool k p c = true -> 0 < tau -> tau <= srasp_temp k n p (/ 4) -> (i < n)%nat ->
  round01 (msoft_run tau (srasp_width k p) n (srasp_net k p) (srasp_input k n w) i c) = srasp_run k n p w i c.
Proof.
intros Hwt Hb Htau Hle Hi.
assert (Hc : (c < srasp_width k p)%nat).
{ pose proof (bool_ty_lt _ _ Hb) as H. rewrite out_tys_length, in_tys_length in H. unfold srasp_width. lia. }
pose proof (thm26_srasp_soft k n p w (/ 4) tau i c Hwt ltac:(lra) Htau Hle Hi Hc) as H.
set (r := msoft_run tau (srasp_width k p) n (srasp_net k p) (srasp_input k n w) i c) in *.
assert (Hb' : - / 4 <= r - srasp_run k n p w i c <= / 4).
{ pose proof (Rle_abs (r - srasp_run k n p w i c)). pose proof (Rle_abs (- (r - srasp_run k n p w i c))).
  rewrite Rabs_Ropp in *. split; lra. }
clear H.
destruct (srasp_bool_01 k n p w c i Hwt Hb Hi) as [E|E]; rewrite E in Hb' |- *.
- apply lemma9_low. lra.
- apply lemma9_high. lra.
Qed.
