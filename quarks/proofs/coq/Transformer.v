(** * Seed 004: a transformer semantics over the reals, and soft attention simulating hard
    attention (Lemmas 25 and 29, Theorem 26, Proposition 11 on the layer).

    The model is that of [quarks/attention/model.py]: a residual stream of coordinates (here
    natural numbers) at positions 0..n-1 (0-based; the paper's position i is our i - 1).  A layer
    adds to the stream the outputs of its attention heads, then the outputs of its ReLU units.
    A head scores s_ij = sum_t c_t x_i[q_t] x_j[k_t] over the positions j visible from i (future
    mask j <= i, past mask j >= i, or none), weights them by its hard rule (average, leftmost or
    rightmost hardmax: the hard model) or by softmax(s / tau) (the soft model), and outputs
    sum_j w_ij x_j[value].  A unit outputs sum_h v_h ReLU(w_h . x + b_h) + c into one coordinate.
    A head without score terms and with average hardmax is uniform. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List FunctionalExtensionality.
From Quarks Require Import RSum Softmax ErrorProp Uniform.
Import ListNotations.
Open Scope R_scope.

(** ** Definitions *)

(** A stream: [x i c] is coordinate c at position i. *)
Definition stream := nat -> nat -> R.

Inductive mask := Future | Past | NoMask.

(** The positions visible from i are lo, lo+1, .., lo+cnt-1. *)
Definition vis_lo (m : mask) (i : nat) : nat := match m with Past => i | _ => 0%nat end.
Definition vis_cnt (m : mask) (n i : nat) : nat :=
  match m with Future => S i | Past => (n - i)%nat | NoMask => n end.

Fixpoint lsum (l : list R) : R := match l with [] => 0 | a :: l' => a + lsum l' end.

(** A head: output and value coordinates, score terms (query coordinate, key coordinate,
    coefficient), mask, and the hard rule of the hard model (Python's [Head.hard]). *)
Inductive hard_rule := Average | Leftmost | Rightmost.

Record head := Head { h_out : nat; h_val : nat; h_terms : list (nat * nat * R); h_mask : mask; h_hard : hard_rule }.

Definition score (h : head) (x : stream) (i j : nat) : R :=
  lsum (map (fun t => snd t * x i (fst (fst t)) * x j (snd (fst t))) (h_terms h)).

(** The largest of s 0, .., s m. *)
Fixpoint rmaxn (s : nat -> R) (m : nat) : R :=
  match m with O => s O | S m' => Rmax (rmaxn s m') (s m) end.

Definition is_top (s : nat -> R) (cnt k : nat) : R :=
  if Req_EM_T (s k) (rmaxn s (cnt - 1)) then 1 else 0.

(** Attention weights over cnt scores: average hardmax, and softmax at temperature tau. *)
Definition avg_hard (s : nat -> R) (cnt k : nat) : R := is_top s cnt k / rsum (is_top s cnt) 0 cnt.
Definition soft (tau : R) (s : nat -> R) (cnt k : nat) : R := softmax (fun j => s j / tau) cnt k.

(** Leftmost hardmax: the top scores with no top score before them; rightmost hardmax: leftmost
    hardmax of the reversed scores. *)
Definition left_hard (s : nat -> R) (cnt k : nat) : R :=
  is_top s cnt k * (if Req_EM_T (rsum (is_top s cnt) 0 k) 0 then 1 else 0).
Definition right_hard (s : nat -> R) (cnt k : nat) : R :=
  left_hard (fun j => s (cnt - 1 - j)%nat) cnt (cnt - 1 - k).

(** A head's weighting in the hard model, by its rule, and in the soft model. *)
Definition hard_w (h : head) : (nat -> R) -> nat -> nat -> R :=
  match h_hard h with Average => avg_hard | Leftmost => left_hard | Rightmost => right_hard end.
Definition soft_w (tau : R) (h : head) : (nat -> R) -> nat -> nat -> R := soft tau.

(** A head's output at position i under weighting W. *)
Definition head_out (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (h : head) (x : stream) (i : nat) : R :=
  let lo := vis_lo (h_mask h) i in let cnt := vis_cnt (h_mask h) n i in
  rsum (fun k => W h (fun k => score h x i (lo + k)%nat) cnt k * x (lo + k)%nat (h_val h)) 0 cnt.

(** A hidden ReLU neuron v ReLU(w . x + b), and a unit writing one coordinate. *)
Record neuron := Neuron { nr_v : R; nr_w : list (nat * R); nr_b : R }.
Record unit := Unit { u_out : nat; u_hidden : list neuron; u_c : R }.

Definition lin (w : list (nat * R)) (x : nat -> R) : R := lsum (map (fun p => snd p * x (fst p)) w).

Definition unit_val (u : unit) (x : nat -> R) : R :=
  lsum (map (fun nr => nr_v nr * Rmax 0 (lin (nr_w nr) x + nr_b nr)) (u_hidden u)) + u_c u.

Record layer := Layer { l_heads : list head; l_units : list unit }.

(** Residual composition: heads add to the stream, then units add to it. *)
Definition attn_sub (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (hs : list head) (x : stream) : stream :=
  fun i c => x i c + lsum (map (fun h => if Nat.eqb (h_out h) c then head_out W n h x i else 0) hs).

Definition ffn_sub (us : list unit) (y : stream) : stream :=
  fun i c => y i c + lsum (map (fun u => if Nat.eqb (u_out u) c then unit_val u (y i) else 0) us).

Definition layer_run (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (L : layer) (x : stream) : stream :=
  ffn_sub (l_units L) (attn_sub W n (l_heads L) x).

(** A network is a list of layers, run first to last. *)
Fixpoint net_run (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (net : list layer) (x : stream) : stream :=
  match net with [] => x | L :: net' => net_run W n net' (layer_run W n L x) end.

Definition hard_run (n : nat) := net_run hard_w n.
Definition soft_run (tau : R) (n : nat) := net_run (soft_w tau) n.

(** The initial stream of a word w_0 .. w_{n-1} over letters 0..k-1: coordinate a < k is
    [w_i = a], coordinate k + p is the p-th position embedding pe_p(i + 1, n), the rest 0. *)
Definition embed (k : nat) (pe : list (nat -> nat -> R)) (n : nat) (w : nat -> nat) : stream :=
  fun i c => if (c <? k)%nat then (if Nat.eqb (w i) c then 1 else 0)
             else nth (c - k) (map (fun f => f (S i) n) pe) 0.

(** Sup-norm bounds over positions 0..n-1 and every coordinate. *)
Definition bounded (n : nat) (X : R) (x : stream) : Prop := forall i c, (i < n)%nat -> Rabs (x i c) <= X.
Definition close (n : nat) (d : R) (x x' : stream) : Prop :=
  forall i c, (i < n)%nat -> Rabs (x' i c - x i c) <= d.

(** A head is tieless with gap g on x: at every position one visible score beats every other
    visible score by at least g.  Uniform-tieless: uniform (no score terms, average hardmax) or
    tieless. *)
Definition tieless (n : nat) (g : R) (h : head) (x : stream) : Prop :=
  forall i, (i < n)%nat -> exists t, (t < vis_cnt (h_mask h) n i)%nat /\
    forall k, (k < vis_cnt (h_mask h) n i)%nat -> k <> t ->
      score h x i (vis_lo (h_mask h) i + k) <= score h x i (vis_lo (h_mask h) i + t) - g.

Definition uniform_b (h : head) : bool :=
  match h_terms h, h_hard h with [], Average => true | _, _ => false end.

Definition ut_head (n : nat) (g : R) (h : head) (x : stream) : Prop := uniform_b h = true \/ tieless n g h x.

(** ** Lists and ranges *)

Lemma vis_range (m : mask) (n i k : nat) : (i < n)%nat -> (k < vis_cnt m n i)%nat -> (vis_lo m i + k < n)%nat.
Proof. destruct m; simpl; lia. Qed.

Lemma vis_pos (m : mask) (n i : nat) : (i < n)%nat -> (1 <= vis_cnt m n i)%nat.
Proof. destruct m; simpl; lia. Qed.

Lemma vis_le (m : mask) (n i : nat) : (i < n)%nat -> (vis_cnt m n i <= n)%nat.
Proof. destruct m; simpl; lia. Qed.

Lemma lsum_map_minus {A} (f g : A -> R) (l : list A) :
  lsum (map f l) - lsum (map g l) = lsum (map (fun a => f a - g a) l).
Proof. induction l as [|a l IH]; simpl; [ring|rewrite <- IH; ring]. Qed.

Lemma lsum_abs {A} (f : A -> R) (l : list A) : Rabs (lsum (map f l)) <= lsum (map (fun a => Rabs (f a)) l).
Proof.
induction l as [|a l IH]; simpl; [rewrite Rabs_R0; lra|].
eapply Rle_trans; [apply Rabs_triang|]. lra.
Qed.

Lemma lsum_le {A} (f g : A -> R) (l : list A) : (forall a, In a l -> f a <= g a) ->
  lsum (map f l) <= lsum (map g l).
Proof.
induction l as [|a l IH]; intros H; simpl; [lra|].
apply Rplus_le_compat; [apply H; left; reflexivity | apply IH; intros; apply H; right; assumption].
Qed.

Lemma lsum_nonneg {A} (f : A -> R) (l : list A) : (forall a, In a l -> 0 <= f a) -> 0 <= lsum (map f l).
Proof.
induction l as [|a l IH]; intros H; simpl; [lra|].
assert (0 <= f a) by (apply H; left; reflexivity).
assert (0 <= lsum (map f l)) by (apply IH; intros; apply H; right; assumption). lra.
Qed.

Lemma lsum_const {A} (c : R) (l : list A) : lsum (map (fun _ => c) l) = INR (length l) * c.
Proof.
induction l as [|a l IH]; [simpl; ring|].
change (c + lsum (map (fun _ => c) l) = INR (S (length l)) * c). rewrite IH, S_INR. ring.
Qed.

Lemma lsum_scal {A} (c : R) (f : A -> R) (l : list A) : lsum (map (fun a => c * f a) l) = c * lsum (map f l).
Proof. induction l as [|a l IH]; simpl; [ring|rewrite IH; ring]. Qed.

(** |sum_a [out a = c] (f a - g a)| <= sum_a |f a - g a|: a coordinate sees at most all writers. *)
Lemma lsum_select_abs {A} (o : A -> nat) (c : nat) (f g : A -> R) (l : list A) :
  Rabs (lsum (map (fun a => if Nat.eqb (o a) c then f a else 0) l)
        - lsum (map (fun a => if Nat.eqb (o a) c then g a else 0) l))
  <= lsum (map (fun a => Rabs (f a - g a)) l).
Proof.
rewrite lsum_map_minus. eapply Rle_trans; [apply lsum_abs|]. apply lsum_le. intros a _.
destruct (Nat.eqb (o a) c); [lra|]. replace (0 - 0) with 0 by ring. rewrite Rabs_R0. apply Rabs_pos.
Qed.

(** ** Average hardmax *)

Lemma rmaxn_ge (s : nat -> R) (m k : nat) : (k <= m)%nat -> s k <= rmaxn s m.
Proof.
induction m as [|m IH]; intros Hk; simpl.
- replace k with 0%nat by lia. lra.
- destruct (Nat.eq_dec k (S m)) as [->|Hne]; [apply Rmax_r|].
  eapply Rle_trans; [apply IH; lia|apply Rmax_l].
Qed.

Lemma rmaxn_attained (s : nat -> R) (m : nat) : exists k, (k <= m)%nat /\ rmaxn s m = s k.
Proof.
induction m as [|m [k [Hk E]]]; [exists 0%nat; split; [lia|reflexivity]|].
simpl. unfold Rmax. destruct (Rle_dec (rmaxn s m) (s (S m))).
- exists (S m); split; [lia|reflexivity].
- exists k; split; [lia|exact E].
Qed.

Lemma is_top_01 (s : nat -> R) (cnt k : nat) : 0 <= is_top s cnt k <= 1.
Proof. unfold is_top. destruct (Req_EM_T _ _); lra. Qed.

(** At least one of cnt >= 1 scores is a top score. *)
Lemma top_count_pos (s : nat -> R) (cnt : nat) : (1 <= cnt)%nat -> 1 <= rsum (is_top s cnt) 0 cnt.
Proof.
intros Hc. destruct (rmaxn_attained s (cnt - 1)) as [k [Hk E]].
replace cnt with (k + S (cnt - 1 - k))%nat at 2 by lia.
rewrite rsum_split, rsum_first. simpl (0 + k)%nat.
assert (is_top s cnt k = 1) by (unfold is_top; destruct (Req_EM_T _ _); [reflexivity|congruence]).
assert (0 <= rsum (is_top s cnt) 0 k) by (apply rsum_nonneg; intros; apply is_top_01).
assert (0 <= rsum (is_top s cnt) (S k) (cnt - 1 - k)) by (apply rsum_nonneg; intros; apply is_top_01).
lra.
Qed.

(** Average hardmax is a probability vector. *)
Lemma avg_hard_prob (s : nat -> R) (cnt : nat) : (1 <= cnt)%nat ->
  (forall k, 0 <= avg_hard s cnt k) /\ rsum (avg_hard s cnt) 0 cnt = 1.
Proof.
intros Hc. pose proof (top_count_pos s cnt Hc). split.
- intros k. unfold avg_hard. apply Rmult_le_pos; [apply is_top_01|]. apply Rlt_le, Rinv_0_lt_compat. lra.
- unfold avg_hard. rewrite (rsum_ext _ (fun k => / rsum (is_top s cnt) 0 cnt * is_top s cnt k))
    by (intros; unfold Rdiv; ring).
  rewrite rsum_scal. field. lra.
Qed.

(** With a tieless top score at t, average hardmax is the unit vector e_t. *)
Lemma avg_hard_tieless (s : nat -> R) (cnt t : nat) (g : R) : 0 < g -> (t < cnt)%nat ->
  (forall k, (k < cnt)%nat -> k <> t -> s k <= s t - g) ->
  forall k, (k < cnt)%nat -> avg_hard s cnt k = hardmax t k.
Proof.
intros Hg Ht Hs.
assert (Emax : rmaxn s (cnt - 1) = s t).
{ destruct (rmaxn_attained s (cnt - 1)) as [k [Hk E]]. pose proof (rmaxn_ge s (cnt - 1) t ltac:(lia)).
  destruct (Nat.eq_dec k t) as [->|Hne]; [exact E|]. specialize (Hs k ltac:(lia) Hne). lra. }
assert (Etop : forall k, (k < cnt)%nat -> is_top s cnt k = hardmax t k).
{ intros k Hk. unfold is_top, hardmax. rewrite Emax.
  destruct (Nat.eqb k t) eqn:E; destruct (Req_EM_T (s k) (s t)) as [E'|E']; try reflexivity.
  - apply Nat.eqb_eq in E. subst. congruence.
  - apply Nat.eqb_neq in E. specialize (Hs k Hk E). lra. }
assert (Ecount : rsum (is_top s cnt) 0 cnt = 1).
{ rewrite (rsum_ext _ (fun k => 1 * (if Nat.eqb k t then 1 else 0))) by (intros k Hk; rewrite Etop by lia; unfold hardmax; ring).
  rewrite rsum_indicator.
  replace ((0 <=? t) && (t <? 0 + cnt))%nat with true
    by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
  reflexivity. }
intros k Hk. unfold avg_hard. rewrite Ecount, Etop by exact Hk. field.
Qed.

(** The top indicator of tieless scores is e_t. *)
Lemma is_top_tieless (s : nat -> R) (cnt t : nat) (g : R) : 0 < g -> (t < cnt)%nat ->
  (forall k, (k < cnt)%nat -> k <> t -> s k <= s t - g) ->
  forall k, (k < cnt)%nat -> is_top s cnt k = hardmax t k.
Proof.
intros Hg Ht Hs k Hk. assert (Emax : rmaxn s (cnt - 1) = s t).
{ destruct (rmaxn_attained s (cnt - 1)) as [j [Hj E]]. pose proof (rmaxn_ge s (cnt - 1) t ltac:(lia)).
  destruct (Nat.eq_dec j t) as [->|Hne]; [exact E|]. specialize (Hs j ltac:(lia) Hne). lra. }
unfold is_top, hardmax. rewrite Emax.
destruct (Nat.eqb k t) eqn:E; destruct (Req_EM_T (s k) (s t)) as [E'|E']; try reflexivity.
- apply Nat.eqb_eq in E. subst. congruence.
- apply Nat.eqb_neq in E. specialize (Hs k Hk E). lra.
Qed.

Lemma rsum_nonneg_top (s : nat -> R) (cnt a m : nat) : 0 <= rsum (is_top s cnt) a m.
Proof. apply rsum_nonneg. intros; apply is_top_01. Qed.

(** The partial sums of leftmost hardmax: 0 before the first top score, 1 from it on. *)
Lemma left_partial (s : nat -> R) (cnt m : nat) :
  rsum (left_hard s cnt) 0 m = if Req_EM_T (rsum (is_top s cnt) 0 m) 0 then 0 else 1.
Proof.
induction m as [|m IH]; simpl rsum.
- destruct (Req_EM_T 0 0); [reflexivity|congruence].
- rewrite IH. unfold left_hard. simpl (0 + m)%nat. pose proof (rsum_nonneg_top s cnt 0 m).
  assert (HT : is_top s cnt m = 0 \/ is_top s cnt m = 1) by (unfold is_top; destruct (Req_EM_T (s m) (rmaxn s (cnt - 1))); [right|left]; reflexivity).
  destruct (Req_EM_T (rsum (is_top s cnt) 0 m) 0) as [E|E];
  destruct (Req_EM_T (rsum (is_top s cnt) 0 m + is_top s cnt m) 0) as [E'|E'];
  destruct HT as [HT|HT]; first [lra | exfalso; apply E'; lra | exfalso; apply E; lra].
Qed.

Lemma left_hard_nonneg (s : nat -> R) (cnt k : nat) : 0 <= left_hard s cnt k.
Proof.
unfold left_hard. apply Rmult_le_pos; [apply is_top_01|]. destruct (Req_EM_T _ _); lra.
Qed.

Lemma left_hard_prob (s : nat -> R) (cnt : nat) : (1 <= cnt)%nat ->
  (forall k, 0 <= left_hard s cnt k) /\ rsum (left_hard s cnt) 0 cnt = 1.
Proof.
intros Hc. split; [apply left_hard_nonneg|]. rewrite left_partial.
pose proof (top_count_pos s cnt Hc). destruct (Req_EM_T _ _); [lra|reflexivity].
Qed.

Lemma left_hard_tieless (s : nat -> R) (cnt t : nat) (g : R) : 0 < g -> (t < cnt)%nat ->
  (forall k, (k < cnt)%nat -> k <> t -> s k <= s t - g) ->
  forall k, (k < cnt)%nat -> left_hard s cnt k = hardmax t k.
Proof.
intros Hg Ht Hs k Hk. unfold left_hard. rewrite (is_top_tieless s cnt t g Hg Ht Hs k Hk).
unfold hardmax. destruct (Nat.eqb k t) eqn:E; [|ring].
apply Nat.eqb_eq in E. subst k.
replace (rsum (is_top s cnt) 0 t) with 0.
- destruct (Req_EM_T 0 0); [ring|congruence].
- rewrite (rsum_ext _ (fun j => 1 * (if Nat.eqb j t then 1 else 0))).
  + rewrite rsum_indicator. replace ((0 <=? t) && (t <? 0 + t))%nat with false; [reflexivity|].
    symmetry. apply andb_false_iff. right. apply Nat.ltb_ge. lia.
  + intros j Hj. rewrite (is_top_tieless s cnt t g Hg Ht Hs j) by lia. unfold hardmax. ring.
Qed.

(** Reversing the order of a sum. *)
Lemma rsum_rev (f : nat -> R) (cnt : nat) : rsum (fun k => f (cnt - 1 - k)%nat) 0 cnt = rsum f 0 cnt.
Proof.
assert (E := rsum_reverse (fun m => f (m - 1)%nat) cnt). cbv beta in E.
rewrite (rsum_ext _ (fun j => f (cnt - j - 1)%nat)) by (intros; f_equal; lia).
rewrite E, rsum_shift. apply rsum_ext. intros; f_equal; lia.
Qed.

Lemma right_hard_prob (s : nat -> R) (cnt : nat) : (1 <= cnt)%nat ->
  (forall k, 0 <= right_hard s cnt k) /\ rsum (right_hard s cnt) 0 cnt = 1.
Proof.
intros Hc. split; [intros; apply left_hard_nonneg|]. unfold right_hard.
rewrite (rsum_rev (left_hard (fun j => s (cnt - 1 - j)%nat) cnt)). apply left_hard_prob, Hc.
Qed.

Lemma right_hard_tieless (s : nat -> R) (cnt t : nat) (g : R) : 0 < g -> (t < cnt)%nat ->
  (forall k, (k < cnt)%nat -> k <> t -> s k <= s t - g) ->
  forall k, (k < cnt)%nat -> right_hard s cnt k = hardmax t k.
Proof.
intros Hg Ht Hs k Hk. unfold right_hard.
assert (Hs' : forall j, (j < cnt)%nat -> j <> (cnt - 1 - t)%nat ->
          s (cnt - 1 - j)%nat <= s (cnt - 1 - (cnt - 1 - t))%nat - g).
{ intros j Hj Hjt. replace (cnt - 1 - (cnt - 1 - t))%nat with t by lia. apply Hs; lia. }
rewrite (left_hard_tieless (fun j => s (cnt - 1 - j)%nat) cnt (cnt - 1 - t) g Hg ltac:(lia) Hs' (cnt - 1 - k) ltac:(lia)).
unfold hardmax. destruct (Nat.eqb (cnt - 1 - k) (cnt - 1 - t)) eqn:E1; destruct (Nat.eqb k t) eqn:E2;
  try reflexivity; [apply Nat.eqb_eq in E1; apply Nat.eqb_neq in E2|apply Nat.eqb_neq in E1; apply Nat.eqb_eq in E2]; lia.
Qed.

(** Every hard rule gives a probability vector, and e_t on tieless scores. *)
Lemma hard_w_prob (h : head) (s : nat -> R) (cnt : nat) : (1 <= cnt)%nat ->
  (forall k, 0 <= hard_w h s cnt k) /\ rsum (hard_w h s cnt) 0 cnt = 1.
Proof.
intros Hc. unfold hard_w. destruct (h_hard h); [apply avg_hard_prob|apply left_hard_prob|apply right_hard_prob]; exact Hc.
Qed.

Lemma hard_w_tieless (h : head) (s : nat -> R) (cnt t : nat) (g : R) : 0 < g -> (t < cnt)%nat ->
  (forall k, (k < cnt)%nat -> k <> t -> s k <= s t - g) ->
  forall k, (k < cnt)%nat -> hard_w h s cnt k = hardmax t k.
Proof.
intros Hg Ht Hs. unfold hard_w. destruct (h_hard h);
  [apply (avg_hard_tieless s cnt t g)|apply (left_hard_tieless s cnt t g)|apply (right_hard_tieless s cnt t g)]; assumption.
Qed.

(** Over equal scores both weightings are uniform, 1/cnt each. *)
Lemma avg_hard_const (c : R) (cnt k : nat) : (1 <= cnt)%nat -> avg_hard (fun _ => c) cnt k = / INR cnt.
Proof.
intros Hc. assert (E : forall j, is_top (fun _ => c) cnt j = 1).
{ intros j. unfold is_top. replace (rmaxn (fun _ => c) (cnt - 1)) with c.
  - destruct (Req_EM_T c c); [reflexivity|congruence].
  - induction (cnt - 1)%nat as [|m IH]; simpl; [reflexivity|rewrite <- IH; unfold Rmax; destruct (Rle_dec c c); reflexivity]. }
unfold avg_hard. rewrite E, (rsum_ext _ (fun _ => 1)) by (intros; apply E). rewrite rsum_const. field.
apply not_0_INR. lia.
Qed.

Lemma soft_const (tau c : R) (cnt k : nat) : (1 <= cnt)%nat -> soft tau (fun _ => c) cnt k = / INR cnt.
Proof.
intros Hc. unfold soft, softmax, partition. rewrite rsum_const. apply softmax_equal_scores. exact Hc.
Qed.

Lemma score_uniform (h : head) (x : stream) (i j : nat) : h_terms h = [] -> score h x i j = 0.
Proof. intros E. unfold score. rewrite E. reflexivity. Qed.

(** ** Lemma 29: activation growth of the hard model *)

(** A convex combination of values bounded by X is bounded by X. *)
Lemma mix_bound (cnt : nat) (w v : nat -> R) (X : R) :
  (forall k, (k < cnt)%nat -> 0 <= w k) -> rsum w 0 cnt = 1 ->
  (forall k, (k < cnt)%nat -> Rabs (v k) <= X) -> Rabs (rsum (fun k => w k * v k) 0 cnt) <= X.
Proof.
intros Hw Sw Hv. eapply Rle_trans; [apply rsum_abs|].
apply Rle_trans with (rsum (fun k => X * w k) 0 cnt); [|rewrite rsum_scal, Sw; lra].
apply rsum_le. intros k Hk. rewrite Rabs_mult, (Rabs_pos_eq (w k)) by (apply Hw; lia).
rewrite Rmult_comm. apply Rmult_le_compat_r; [apply Hw; lia|apply Hv; lia].
Qed.

Lemma head_hard_bound (n : nat) (h : head) (x : stream) (X : R) :
  bounded n X x -> forall i, (i < n)%nat -> Rabs (head_out hard_w n h x i) <= X.
Proof.
intros Hx i Hi. unfold head_out.
destruct (hard_w_prob h (fun k => score h x i (vis_lo (h_mask h) i + k)) (vis_cnt (h_mask h) n i)
           (vis_pos _ _ _ Hi)) as [H0 H1].
apply mix_bound; [intros; apply H0|exact H1|]. intros k Hk. apply Hx, vis_range; assumption.
Qed.

(** The bound of a unit's output when its inputs are bounded by X. *)
Definition wmass (w : list (nat * R)) : R := lsum (map (fun p => Rabs (snd p)) w).

Definition unit_bound (u : unit) (X : R) : R :=
  lsum (map (fun nr => Rabs (nr_v nr) * (wmass (nr_w nr) * X + Rabs (nr_b nr))) (u_hidden u)) + Rabs (u_c u).

Lemma wmass_nonneg (w : list (nat * R)) : 0 <= wmass w.
Proof. apply lsum_nonneg. intros. apply Rabs_pos. Qed.

Lemma lin_bound (w : list (nat * R)) (x : nat -> R) (X : R) :
  (forall c, Rabs (x c) <= X) -> Rabs (lin w x) <= wmass w * X.
Proof.
intros Hx. unfold lin, wmass. eapply Rle_trans; [apply lsum_abs|].
rewrite Rmult_comm, <- lsum_scal. apply lsum_le. intros p _.
rewrite Rabs_mult, Rmult_comm. apply Rmult_le_compat_r; [apply Rabs_pos|apply Hx].
Qed.

Lemma relu_abs (z : R) : Rabs (Rmax 0 z) <= Rabs z.
Proof. unfold Rmax. destruct (Rle_dec 0 z); [lra|rewrite Rabs_R0; apply Rabs_pos]. Qed.

Lemma unit_val_bound (u : unit) (x : nat -> R) (X : R) :
  (forall c, Rabs (x c) <= X) -> Rabs (unit_val u x) <= unit_bound u X.
Proof.
intros Hx. unfold unit_val, unit_bound. eapply Rle_trans; [apply Rabs_triang|].
apply Rplus_le_compat_r. eapply Rle_trans; [apply lsum_abs|]. apply lsum_le. intros nr _.
rewrite Rabs_mult. apply Rmult_le_compat_l; [apply Rabs_pos|].
eapply Rle_trans; [apply relu_abs|]. eapply Rle_trans; [apply Rabs_triang|].
apply Rplus_le_compat_r. apply lin_bound, Hx.
Qed.

(** Our Lemma 29, one layer: each of the H heads adds at most X, each unit at most its bound. *)
Definition layer_X (L : layer) (X : R) : R :=
  (1 + INR (length (l_heads L))) * X
  + lsum (map (fun u => unit_bound u ((1 + INR (length (l_heads L))) * X)) (l_units L)).

Fixpoint net_X (net : list layer) (X : R) : R :=
  match net with [] => X | L :: net' => net_X net' (layer_X L X) end.

Lemma unit_bound_nonneg (u : unit) (X : R) : 0 <= X -> 0 <= unit_bound u X.
Proof.
intros HX. unfold unit_bound. pose proof (Rabs_pos (u_c u)).
assert (0 <= lsum (map (fun nr => Rabs (nr_v nr) * (wmass (nr_w nr) * X + Rabs (nr_b nr))) (u_hidden u))); [|lra].
apply lsum_nonneg. intros nr _. pose proof (wmass_nonneg (nr_w nr)). pose proof (Rabs_pos (nr_b nr)).
apply Rmult_le_pos; [apply Rabs_pos|]. nra.
Qed.

Lemma layer_X_ge (L : layer) (X : R) : 0 <= X -> X <= layer_X L X.
Proof.
intros HX. unfold layer_X. pose proof (pos_INR (length (l_heads L))).
assert (0 <= lsum (map (fun u => unit_bound u ((1 + INR (length (l_heads L))) * X)) (l_units L))).
{ apply lsum_nonneg. intros u _. apply unit_bound_nonneg. nra. }
nra.
Qed.

Lemma net_X_ge (net : list layer) (X : R) : 0 <= X -> X <= net_X net X.
Proof.
revert X. induction net as [|L net IH]; intros X HX; simpl; [lra|].
pose proof (layer_X_ge L X HX). pose proof (IH (layer_X L X) ltac:(lra)). lra.
Qed.

Theorem lemma29_layer (n : nat) (L : layer) (x : stream) (X : R) :
  bounded n X x -> bounded n (layer_X L X) (layer_run hard_w n L x).
Proof.
intros Hx. set (H := length (l_heads L)). set (X1 := (1 + INR H) * X).
assert (H1 : bounded n X1 (attn_sub hard_w n (l_heads L) x)).
{ intros i c Hi. unfold attn_sub, X1. eapply Rle_trans; [apply Rabs_triang|].
  replace ((1 + INR H) * X) with (X + INR H * X) by ring. apply Rplus_le_compat; [apply Hx, Hi|].
  eapply Rle_trans; [apply lsum_abs|]. unfold H. rewrite <- lsum_const. apply lsum_le. intros h _.
  destruct (Nat.eqb (h_out h) c); [apply head_hard_bound; assumption|].
  rewrite Rabs_R0. apply Rle_trans with (Rabs (x i c)); [apply Rabs_pos|apply Hx, Hi]. }
intros i c Hi. unfold layer_run, ffn_sub, layer_X. fold H. fold X1.
eapply Rle_trans; [apply Rabs_triang|]. apply Rplus_le_compat; [apply H1, Hi|].
eapply Rle_trans; [apply lsum_abs|]. apply lsum_le. intros u _.
destruct (Nat.eqb (u_out u) c); [apply unit_val_bound; intros; apply H1, Hi|].
rewrite Rabs_R0. apply unit_bound_nonneg.
apply Rle_trans with (Rabs (attn_sub hard_w n (l_heads L) x i c)); [apply Rabs_pos|apply H1, Hi].
Qed.

(** Our Lemma 29: from inputs bounded by X_0 every activation of the hard network is at most
    net_X net X_0, for every network and length. *)
Theorem lemma29 (n : nat) (net : list layer) (x : stream) (X : R) :
  bounded n X x -> bounded n (net_X net X) (hard_run n net x).
Proof.
revert x X. induction net as [|L net IH]; intros x X Hx; [exact Hx|].
apply IH, lemma29_layer, Hx.
Qed.

(** ** Lemma 25: the error of the soft network, layer by layer *)

(** The coefficient mass of a head's score terms. *)
Definition csc (h : head) : R := lsum (map (fun t => Rabs (snd t)) (h_terms h)).

Lemma csc_nonneg (h : head) : 0 <= csc h.
Proof. apply lsum_nonneg. intros. apply Rabs_pos. Qed.

(** Lemma 32 summed over the score terms: |s'_ij - s_ij| <= csc h (2 X delta + delta^2). *)
Lemma score_error (n : nat) (h : head) (x x' : stream) (X delta : R) :
  bounded n X x -> close n delta x x' -> forall i j, (i < n)%nat -> (j < n)%nat ->
  Rabs (score h x' i j - score h x i j) <= csc h * (2 * X * delta + delta ^ 2).
Proof.
intros Hx Hd i j Hi Hj. unfold score, csc. rewrite lsum_map_minus.
eapply Rle_trans; [apply lsum_abs|]. rewrite Rmult_comm, <- lsum_scal. apply lsum_le.
intros [[q k] c] _. simpl.
replace (c * x' i q * x' j k - c * x i q * x j k)
  with (c * ((x i q + (x' i q - x i q)) * (x j k + (x' j k - x j k)) - x i q * x j k)) by ring.
rewrite Rabs_mult, Rmult_comm. apply Rmult_le_compat_r; [apply Rabs_pos|].
apply lemma32_bilinear; [apply Hx, Hi|apply Hx, Hj|apply Hd, Hi|apply Hd, Hj].
Qed.

(** The off-top mass factor u = (n - 1) e^(-g / (2 tau)). *)
Definition u_of (n : nat) (g tau : R) : R := INR (n - 1) * exp (- (g / (2 * tau))).

Lemma u_of_nonneg (n : nat) (g tau : R) : 0 <= u_of n g tau.
Proof. unfold u_of. apply Rmult_le_pos; [apply pos_INR|apply Rlt_le, exp_pos]. Qed.

(** One head (Lemmas 31-34 composed): with hard inputs bounded by X, soft inputs within delta,
    and a score error csc h (2 X delta + delta^2) <= g/4, the soft head's output is within
    delta + 2 X u of the hard head's output.  A uniform head: within delta. *)
Definition head_u (n : nat) (g tau : R) (h : head) : R := if uniform_b h then 0 else u_of n g tau.

Lemma head_u_le (n : nat) (g tau : R) (h : head) : 0 <= head_u n g tau h <= u_of n g tau.
Proof. pose proof (u_of_nonneg n g tau). unfold head_u. destruct (uniform_b h); lra. Qed.

Lemma head_error_u (n : nat) (h : head) (x x' : stream) (X delta g tau : R) :
  0 < g -> 0 < tau -> bounded n X x -> close n delta x x' -> ut_head n g h x ->
  csc h * (2 * X * delta + delta ^ 2) <= g / 4 ->
  forall i, (i < n)%nat ->
  Rabs (head_out (soft_w tau) n h x' i - head_out hard_w n h x i) <= delta + 2 * X * head_u n g tau h.
Proof.
intros Hg Htau Hx Hd Hut Heta i Hi. unfold head_out, soft_w.
set (lo := vis_lo (h_mask h) i). set (cnt := vis_cnt (h_mask h) n i).
set (s := fun k => score h x i (lo + k)%nat). set (s' := fun k => score h x' i (lo + k)%nat).
assert (Hc : (1 <= cnt)%nat) by apply vis_pos, Hi.
assert (Hcn : (cnt <= n)%nat) by apply vis_le, Hi.
assert (Hr : forall k, (k < cnt)%nat -> (lo + k < n)%nat) by (intros; apply vis_range; assumption).
destruct (hard_w_prob h s cnt Hc) as [Hw Sw].
assert (Hw' : forall k, (k < cnt)%nat -> 0 <= soft tau s' cnt k)
  by (intros k Hk; apply (softmax_bounds _ cnt 0 k); lia).
assert (Sw' : rsum (soft tau s' cnt) 0 cnt = 1) by (apply (softmax_sum _ cnt 0); lia).
assert (HX : 0 <= X) by (apply Rle_trans with (Rabs (x i 0%nat)); [apply Rabs_pos|apply Hx, Hi]).
(* the L1 distance between the two weightings *)
assert (Hl1 : rsum (fun k => Rabs (soft tau s' cnt k - hard_w h s cnt k)) 0 cnt <= 2 * head_u n g tau h).
{ unfold head_u. destruct (uniform_b h) eqn:Eu.
  - assert (Hu : h_terms h = []) by (unfold uniform_b in Eu; destruct (h_terms h); [reflexivity|discriminate]).
    assert (Ha : hard_w h = avg_hard)
      by (unfold hard_w; unfold uniform_b in Eu; rewrite Hu in Eu; destruct (h_hard h); [reflexivity|discriminate|discriminate]).
    rewrite Ha.
    (* uniform: both weightings are 1/cnt *)
    assert (Es : forall k, s k = 0) by (intros; apply score_uniform, Hu).
    assert (Es' : forall k, s' k = 0) by (intros; apply score_uniform, Hu).
    rewrite (rsum_ext _ (fun _ => 0)).
    + rewrite rsum_const. lra.
    + intros k _. replace s with (fun _ : nat => 0) by (apply functional_extensionality; intros; rewrite Es; reflexivity).
      replace s' with (fun _ : nat => 0) by (apply functional_extensionality; intros; rewrite Es'; reflexivity).
      rewrite avg_hard_const, soft_const by exact Hc. replace (/ INR cnt - / INR cnt) with 0 by ring.
      apply Rabs_R0.
  - (* tieless: hard weights are e_t, and the perturbed scores keep a gap g - 2 eta >= g / 2 *)
    assert (Ht : tieless n g h x) by (destruct Hut as [Hu|Ht]; [congruence|exact Ht]).
    destruct (Ht i Hi) as [t [Htc Hgap]]. fold lo cnt in Htc, Hgap.
    set (eta := csc h * (2 * X * delta + delta ^ 2)). fold eta in Heta.
    assert (Hpert : forall k, (k < cnt)%nat -> Rabs (s' k - s k) <= eta)
      by (intros k Hk; apply (score_error n); auto).
    assert (Heta0 : 0 <= eta) by (eapply Rle_trans; [apply Rabs_pos|apply (Hpert 0%nat); lia]).
    rewrite (rsum_ext _ (fun k => Rabs (softmax (fun j => s' j / tau) cnt k - hardmax t k)))
      by (intros k Hk; unfold soft; rewrite (hard_w_tieless h s cnt t g Hg Htc Hgap k) by lia; reflexivity).
    fold (l1 (fun j => s' j / tau) cnt t).
    eapply Rle_trans; [apply (lemma6_gap _ cnt t ((g - 2 * eta) / tau) Htc)|].
    + apply Rlt_le, Rdiv_lt_0_compat; lra.
    + intros k Hk Hkt. pose proof (abs_le_inv _ _ (Hpert k Hk)). pose proof (abs_le_inv _ _ (Hpert t Htc)).
      pose proof (Hgap k Hk Hkt). unfold s, s' in *.
      replace (score h x' i (lo + t) / tau - (g - 2 * eta) / tau)
        with ((score h x' i (lo + t) - (g - 2 * eta)) / tau) by (field; lra).
      unfold Rdiv. apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, Htau|]. lra.
    + unfold u_of. replace (2 * (INR cnt - 1) * exp (- ((g - 2 * eta) / tau)))
        with (2 * ((INR cnt - 1) * exp (- ((g - 2 * eta) / tau)))) by ring.
      apply Rmult_le_compat_l; [lra|]. apply Rmult_le_compat.
      * assert (1 <= INR cnt) by (replace 1 with (INR 1) by reflexivity; apply le_INR, Hc). lra.
      * apply Rlt_le, exp_pos.
      * rewrite minus_INR by lia. simpl (INR 1). apply Rplus_le_compat_r, le_INR, Hcn.
      * apply exp_mono. apply Ropp_le_contravar.
        replace (g / (2 * tau)) with ((g / 2) / tau) by (field; lra).
        unfold Rdiv. apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, Htau|]. lra. }
(* Lemma 34 with values in [-X, X] *)
eapply Rle_trans.
- apply (lemma34_mixture cnt (hard_w h s cnt) (soft tau s' cnt) (fun k => x (lo + k)%nat (h_val h))
          (fun k => x' (lo + k)%nat (h_val h)) delta (- X) X Hc); auto.
  all: intros k Hk; first [apply Hd, Hr, Hk | apply abs_le_inv, Hx, Hr, Hk].
- replace (X - - X) with (2 * X) by ring. nra.
Qed.

Lemma head_error (n : nat) (h : head) (x x' : stream) (X delta g tau : R) :
  0 < g -> 0 < tau -> bounded n X x -> close n delta x x' -> ut_head n g h x ->
  csc h * (2 * X * delta + delta ^ 2) <= g / 4 ->
  forall i, (i < n)%nat ->
  Rabs (head_out (soft_w tau) n h x' i - head_out hard_w n h x i) <= delta + 2 * X * u_of n g tau.
Proof.
intros Hg Htau Hx Hd Hut Heta i Hi. eapply Rle_trans; [apply (head_error_u n h x x' X delta g tau); auto|].
pose proof (head_u_le n g tau h).
assert (0 <= X) by (apply Rle_trans with (Rabs (x i 0%nat)); [apply Rabs_pos|apply Hx, Hi]). nra.
Qed.

(** The Lipschitz constant sum_h |v_h| |w_h|_1 of a unit (Lemma 30 for one unit). *)
Definition unit_lip (u : unit) : R :=
  lsum (map (fun nr => Rabs (nr_v nr) * wmass (nr_w nr)) (u_hidden u)).

Definition layer_lip (L : layer) : R := lsum (map unit_lip (l_units L)).

Lemma layer_lip_nonneg (L : layer) : 0 <= layer_lip L.
Proof.
apply lsum_nonneg. intros u _. apply lsum_nonneg. intros nr _.
apply Rmult_le_pos; [apply Rabs_pos|apply wmass_nonneg].
Qed.

Lemma unit_val_lipschitz (u : unit) (y y' : nat -> R) (d : R) :
  (forall c, Rabs (y' c - y c) <= d) -> Rabs (unit_val u y' - unit_val u y) <= unit_lip u * d.
Proof.
intros Hd. unfold unit_val, unit_lip.
replace (lsum (map (fun nr => nr_v nr * Rmax 0 (lin (nr_w nr) y' + nr_b nr)) (u_hidden u)) + u_c u -
         (lsum (map (fun nr => nr_v nr * Rmax 0 (lin (nr_w nr) y + nr_b nr)) (u_hidden u)) + u_c u))
  with (lsum (map (fun nr => nr_v nr * Rmax 0 (lin (nr_w nr) y' + nr_b nr)) (u_hidden u)) -
        lsum (map (fun nr => nr_v nr * Rmax 0 (lin (nr_w nr) y + nr_b nr)) (u_hidden u))) by ring.
rewrite lsum_map_minus. eapply Rle_trans; [apply lsum_abs|].
rewrite Rmult_comm, <- lsum_scal. apply lsum_le. intros nr _.
rewrite <- Rmult_minus_distr_l, Rabs_mult.
replace (d * (Rabs (nr_v nr) * wmass (nr_w nr))) with (Rabs (nr_v nr) * (wmass (nr_w nr) * d)) by ring.
apply Rmult_le_compat_l; [apply Rabs_pos|]. eapply Rle_trans; [apply relu_lipschitz|].
replace (lin (nr_w nr) y' + nr_b nr - (lin (nr_w nr) y + nr_b nr)) with (lin (nr_w nr) y' - lin (nr_w nr) y) by ring.
unfold lin. rewrite lsum_map_minus.
replace (fun p : nat * R => snd p * y' (fst p) - snd p * y (fst p))
  with (fun p : nat * R => snd p * (y' (fst p) - y (fst p))) by (apply functional_extensionality; intros; ring).
apply (lin_bound (nr_w nr) (fun c => y' c - y c) d Hd).
Qed.

(** Our Lemma 25, one layer: an input error delta becomes at most
    (1 + Lip) (delta + H (delta + 2 X u)) with H heads and Lip the sum of the units' constants. *)
Definition layer_err (X u : R) (L : layer) (delta : R) : R :=
  (1 + layer_lip L) * (delta + INR (length (l_heads L)) * (delta + 2 * X * u)).

Theorem lemma25_layer (n : nat) (L : layer) (x x' : stream) (X delta g tau : R) :
  0 < g -> 0 < tau -> bounded n X x -> close n delta x x' ->
  (forall h, In h (l_heads L) -> ut_head n g h x) ->
  (forall h, In h (l_heads L) -> csc h * (2 * X * delta + delta ^ 2) <= g / 4) ->
  close n (layer_err X (u_of n g tau) L delta) (layer_run hard_w n L x) (layer_run (soft_w tau) n L x').
Proof.
intros Hg Htau Hx Hd Hut Heta. set (u := u_of n g tau). set (H := length (l_heads L)).
set (d1 := delta + INR H * (delta + 2 * X * u)).
assert (H1 : close n d1 (attn_sub hard_w n (l_heads L) x) (attn_sub (soft_w tau) n (l_heads L) x')).
{ intros i c Hi. unfold attn_sub, d1.
  replace (x' i c + lsum (map (fun h => if Nat.eqb (h_out h) c then head_out (soft_w tau) n h x' i else 0) (l_heads L))
           - (x i c + lsum (map (fun h => if Nat.eqb (h_out h) c then head_out hard_w n h x i else 0) (l_heads L))))
    with ((x' i c - x i c) + (lsum (map (fun h => if Nat.eqb (h_out h) c then head_out (soft_w tau) n h x' i else 0) (l_heads L))
           - lsum (map (fun h => if Nat.eqb (h_out h) c then head_out hard_w n h x i else 0) (l_heads L)))) by ring.
  eapply Rle_trans; [apply Rabs_triang|]. apply Rplus_le_compat; [apply Hd, Hi|].
  eapply Rle_trans; [apply lsum_select_abs|]. unfold H. rewrite <- lsum_const. apply lsum_le.
  intros h Hh. apply (head_error n h x x' X delta g tau); auto. }
intros i c Hi. unfold layer_run, ffn_sub, layer_err. fold u H d1.
set (y := attn_sub hard_w n (l_heads L) x). set (y' := attn_sub (soft_w tau) n (l_heads L) x'). fold y y' in H1.
replace (y' i c + lsum (map (fun un => if Nat.eqb (u_out un) c then unit_val un (y' i) else 0) (l_units L))
         - (y i c + lsum (map (fun un => if Nat.eqb (u_out un) c then unit_val un (y i) else 0) (l_units L))))
  with ((y' i c - y i c) + (lsum (map (fun un => if Nat.eqb (u_out un) c then unit_val un (y' i) else 0) (l_units L))
         - lsum (map (fun un => if Nat.eqb (u_out un) c then unit_val un (y i) else 0) (l_units L)))) by ring.
replace ((1 + layer_lip L) * d1) with (d1 + layer_lip L * d1) by ring.
eapply Rle_trans; [apply Rabs_triang|]. apply Rplus_le_compat; [apply H1, Hi|].
eapply Rle_trans; [apply lsum_select_abs|]. unfold layer_lip. rewrite Rmult_comm, <- lsum_scal.
apply lsum_le. intros un _. rewrite Rmult_comm. apply unit_val_lipschitz. intros; apply H1, Hi.
Qed.

(** The recursion run over a network. *)
Fixpoint net_err (X u : R) (net : list layer) (delta : R) : R :=
  match net with [] => delta | L :: net' => net_err X u net' (layer_err X u L delta) end.

Lemma layer_err_ge (X u : R) (L : layer) (delta : R) : 0 <= X -> 0 <= u -> 0 <= delta ->
  delta <= layer_err X u L delta.
Proof.
intros HX Hu Hd. unfold layer_err. pose proof (layer_lip_nonneg L). pose proof (pos_INR (length (l_heads L))).
assert (0 <= INR (length (l_heads L)) * (delta + 2 * X * u)) by (apply Rmult_le_pos; nra).
nra.
Qed.

Lemma net_err_ge (X u : R) (net : list layer) (delta : R) : 0 <= X -> 0 <= u -> 0 <= delta ->
  delta <= net_err X u net delta.
Proof.
revert delta. induction net as [|L net IH]; intros delta HX Hu Hd; simpl; [lra|].
pose proof (layer_err_ge X u L delta HX Hu Hd). pose proof (IH (layer_err X u L delta) HX Hu ltac:(lra)). lra.
Qed.

(** The recursion is linear in (delta, u): net_err X u net (u d) = u net_err X 1 net d. *)
Lemma net_err_linear (X u : R) (net : list layer) (d : R) : net_err X u net (u * d) = u * net_err X 1 net d.
Proof.
revert d. induction net as [|L net IH]; intros d; simpl; [reflexivity|].
replace (layer_err X u L (u * d)) with (u * layer_err X 1 L d) by (unfold layer_err; ring). apply IH.
Qed.

(** The hard run is bounded by X and uniform-tieless with gap g at every layer. *)
Fixpoint hard_ok (n : nat) (g X : R) (net : list layer) (x : stream) : Prop :=
  match net with
  | [] => True
  | L :: net' => bounded n X x /\ (forall h, In h (l_heads L) -> ut_head n g h x) /\
                 hard_ok n g X net' (layer_run hard_w n L x)
  end.

(** The total coefficient mass of all score terms. *)
Definition net_csc (net : list layer) : R := lsum (map (fun L => lsum (map csc (l_heads L))) net).

Lemma net_csc_nonneg (net : list layer) : 0 <= net_csc net.
Proof. apply lsum_nonneg. intros L _. apply lsum_nonneg. intros h _. apply csc_nonneg. Qed.

Lemma csc_le_sum (h : head) (hs : list head) : In h hs -> csc h <= lsum (map csc hs).
Proof.
induction hs as [|h' hs IH]; intros Hin; [destruct Hin|]. simpl.
assert (0 <= lsum (map csc hs)) by (apply lsum_nonneg; intros; apply csc_nonneg).
pose proof (csc_nonneg h'). destruct Hin as [->|Hin]; [lra|]. pose proof (IH Hin). lra.
Qed.

(** Our Lemma 25 for every network: if every error the recursion reaches is at most D and
    the score error at D stays below g/4, the soft network is within net_err of the hard one. *)
Theorem lemma25 (n : nat) (net : list layer) (x x' : stream) (X delta D g tau : R) :
  0 < g -> 0 < tau -> 0 <= X -> 0 <= delta -> hard_ok n g X net x -> close n delta x x' ->
  net_err X (u_of n g tau) net delta <= D -> net_csc net * (2 * X * D + D ^ 2) <= g / 4 ->
  close n (net_err X (u_of n g tau) net delta) (hard_run n net x) (soft_run tau n net x').
Proof.
revert x x' delta. induction net as [|L net IH]; intros x x' delta Hg Htau HX Hd0 Hok Hd HD Heta; [exact Hd|].
destruct Hok as [Hb [Hut Hok]]. simpl in HD |- *.
pose proof (u_of_nonneg n g tau) as Hu.
pose proof (layer_err_ge X (u_of n g tau) L delta HX Hu Hd0).
pose proof (net_err_ge X (u_of n g tau) net (layer_err X (u_of n g tau) L delta) HX Hu ltac:(lra)).
assert (Hcs : lsum (map csc (l_heads L)) + net_csc net = net_csc (L :: net)) by reflexivity.
assert (0 <= lsum (map csc (l_heads L))) by (apply lsum_nonneg; intros; apply csc_nonneg).
pose proof (net_csc_nonneg net).
assert (HD0 : 0 <= 2 * X * D + D ^ 2) by nra.
apply IH; auto.
- lra.
- apply (lemma25_layer n L x x' X delta g tau); auto.
  intros h Hh. pose proof (csc_le_sum h _ Hh). pose proof (csc_nonneg h).
  assert (2 * X * delta + delta ^ 2 <= 2 * X * D + D ^ 2) by nra.
  apply Rle_trans with (csc h * (2 * X * D + D ^ 2)); [apply Rmult_le_compat_l; lra|].
  apply Rle_trans with (net_csc (L :: net) * (2 * X * D + D ^ 2)); [|exact Heta].
  apply Rmult_le_compat_r; lra.
- apply Rle_trans with (net_csc (L :: net) * (2 * X * D + D ^ 2)); [|exact Heta].
  apply Rmult_le_compat_r; lra.
Qed.

(** ** Theorem 26 *)

(** Our closed-form temperature: tau(n) = g / (2 m) with
    m = ln (2 + (n - 1) B K),  B = net_err X 1 net 0 (the recursion's growth factor),
    K = 1/eps + 1 + 4 C (2 X + 1) / g,  C = net_csc net. *)
Definition temp26 (n : nat) (g X eps : R) (net : list layer) : R :=
  g / (2 * ln (2 + INR (n - 1) * net_err X 1 net 0 * (/ eps + 1 + 4 * net_csc net * (2 * X + 1) / g))).

Lemma close_weaken (n : nat) (d d' : R) (x x' : stream) : d <= d' -> close n d x x' -> close n d' x x'.
Proof. intros Hle H i c Hi. eapply Rle_trans; [apply H, Hi|exact Hle]. Qed.

(** Theorem 26 (our form): for every network, every length n and every input whose hard run is
    bounded by X and uniform-tieless with gap g > 0 at every layer, the soft network at any
    temperature 0 < tau <= temp26 n g X eps net is within eps of the hard network at every
    position and coordinate. *)
Theorem thm26 (n : nat) (net : list layer) (x : stream) (g X eps tau : R) :
  0 < g -> 0 < eps -> 0 <= X -> hard_ok n g X net x -> 0 < tau -> tau <= temp26 n g X eps net ->
  close n eps (hard_run n net x) (soft_run tau n net x).
Proof.
intros Hg He HX Hok Htau Hle. unfold temp26 in Hle.
set (B := net_err X 1 net 0) in Hle. set (C := net_csc net) in Hle.
set (K := / eps + 1 + 4 * C * (2 * X + 1) / g) in Hle.
set (Q := INR (n - 1) * B * K) in Hle.
assert (HB : 0 <= B) by (apply net_err_ge; lra).
assert (HC : 0 <= C) by apply net_csc_nonneg.
assert (Hie : 0 < / eps) by (apply Rinv_0_lt_compat, He).
assert (HK3 : 0 <= 4 * C * (2 * X + 1) / g) by (apply Rmult_le_pos; [nra|apply Rlt_le, Rinv_0_lt_compat, Hg]).
assert (HK : 0 < K) by (unfold K; lra).
assert (HQ : 0 <= Q) by (unfold Q; apply Rmult_le_pos; [apply Rmult_le_pos; [apply pos_INR|exact HB]|lra]).
set (m := ln (2 + Q)) in Hle.
assert (Hm : 0 < m) by (unfold m; rewrite <- ln_1; apply ln_increasing; lra).
(* g / (2 tau) >= m, so e^(-g/(2 tau)) <= e^(-m) = 1 / (2 + Q) *)
assert (Hgm : m <= g / (2 * tau)).
{ apply le_div; [lra|]. apply (Rmult_le_reg_r (/ (2 * m))); [apply Rinv_0_lt_compat; lra|].
  replace (m * (2 * tau) * / (2 * m)) with tau by (field; lra). exact Hle. }
assert (Hexp : exp (- (g / (2 * tau))) <= / (2 + Q)).
{ rewrite <- (exp_ln (2 + Q)) by lra. rewrite <- exp_Ropp. apply exp_mono. fold m. lra. }
set (u := u_of n g tau).
assert (Hu : 0 <= u) by apply u_of_nonneg.
assert (HuQ : u * B * K <= 1).
{ unfold u, u_of. apply Rle_trans with (Q * / (2 + Q)).
  - unfold Q. replace (INR (n - 1) * exp (- (g / (2 * tau))) * B * K)
      with (INR (n - 1) * B * K * exp (- (g / (2 * tau)))) by ring.
    apply Rmult_le_compat_l; [exact HQ|exact Hexp].
  - apply div_le; lra. }
set (D := u * B).
assert (HD : 0 <= D) by (unfold D; apply Rmult_le_pos; assumption).
assert (HDK : D * K <= 1) by (unfold D; exact HuQ).
assert (HDe : D <= eps).
{ assert (D * / eps <= 1) by (unfold K in HDK; nra).
  apply (Rmult_le_reg_r (/ eps)); [exact Hie|]. rewrite Rinv_r by lra. exact H. }
assert (HD1 : D <= 1) by (unfold K in HDK; nra).
assert (HDg : C * (2 * X * D + D ^ 2) <= g / 4).
{ assert (E1 : D * (4 * C * (2 * X + 1) / g) <= 1) by (unfold K in HDK; nra).
  assert (E2 : C * (2 * X + 1) * D <= g / 4).
  { replace (D * (4 * C * (2 * X + 1) / g)) with (4 * (C * (2 * X + 1) * D) / g) in E1 by (field; lra).
    apply (Rmult_le_reg_l 4); [lra|]. replace (4 * (g / 4)) with g by field.
    apply (Rmult_le_reg_r (/ g)); [apply Rinv_0_lt_compat, Hg|]. rewrite Rinv_r by lra.
    unfold Rdiv in E1. lra. }
  assert (D ^ 2 <= D) by (simpl; nra). nra. }
assert (Herr : net_err X u net 0 = D) by (unfold D, B; rewrite <- (Rmult_0_r u) at 1; apply net_err_linear).
apply close_weaken with D; [exact HDe|]. rewrite <- Herr.
apply (lemma25 n net x x X 0 D g tau); auto; try lra.
- intros i c Hi. replace (x i c - x i c) with 0 by ring. rewrite Rabs_R0. lra.
- fold u. lra.
Qed.

(** Every head of the hard run is uniform or tieless with gap g, at every layer. *)
Fixpoint gaps_ok (n : nat) (g : R) (net : list layer) (x : stream) : Prop :=
  match net with
  | [] => True
  | L :: net' => (forall h, In h (l_heads L) -> ut_head n g h x) /\ gaps_ok n g net' (layer_run hard_w n L x)
  end.

(** Lemma 29 supplies the bound X of Theorem 26. *)
Lemma gaps_hard_ok (n : nat) (g X0 : R) (net : list layer) (x : stream) :
  0 <= X0 -> bounded n X0 x -> gaps_ok n g net x -> hard_ok n g (net_X net X0) net x.
Proof.
revert X0 x. induction net as [|L net IH]; intros X0 x HX Hx Hgap; [exact I|].
destruct Hgap as [Hh Hgap]. simpl. split; [|split; [exact Hh|]].
- intros i c Hi. eapply Rle_trans; [apply (Hx i c Hi)|].
  pose proof (layer_X_ge L X0 HX). pose proof (net_X_ge net (layer_X L X0) ltac:(lra)). lra.
- apply IH; [pose proof (layer_X_ge L X0 HX); lra|apply lemma29_layer, Hx|exact Hgap].
Qed.

(** Theorem 26 with Lemma 29's X: the temperature depends only on the network, n, the gap g,
    eps and a bound X_0 of the initial stream. *)
Theorem thm26_closed (n : nat) (net : list layer) (x : stream) (g X0 eps tau : R) :
  0 < g -> 0 < eps -> 0 <= X0 -> bounded n X0 x -> gaps_ok n g net x ->
  0 < tau -> tau <= temp26 n g (net_X net X0) eps net ->
  close n eps (hard_run n net x) (soft_run tau n net x).
Proof.
intros Hg He HX Hx Hgap Htau Hle. apply (thm26 n net x g (net_X net X0) eps tau); auto.
- pose proof (net_X_ge net X0 HX). lra.
- apply gaps_hard_ok; assumption.
Qed.

(** The embedding of a word is bounded by max(1, P) when every position embedding is bounded
    by P (the X_0 of our Lemma 29). *)
Lemma embed_bounded (k : nat) (pe : list (nat -> nat -> R)) (n : nat) (w : nat -> nat) (P : R) :
  (forall f i, In f pe -> (i < n)%nat -> Rabs (f (S i) n) <= P) -> bounded n (Rmax 1 P) (embed k pe n w).
Proof.
intros Hpe i c Hi. unfold embed. destruct (c <? k)%nat.
- destruct (Nat.eqb (w i) c); [rewrite Rabs_R1|rewrite Rabs_R0]; unfold Rmax; destruct (Rle_dec 1 P); lra.
- destruct (nth_in_or_default (c - k) (map (fun f => f (S i) n) pe) 0) as [Hin|E].
  + apply in_map_iff in Hin. destruct Hin as [f [Ef Hf]]. rewrite <- Ef.
    eapply Rle_trans; [apply Hpe; assumption|apply Rmax_r].
  + rewrite E, Rabs_R0. unfold Rmax. destruct (Rle_dec 1 P); lra.
Qed.

(** ** Proposition 11 on the attention layer *)

(** A future-masked uniform head over the indicator of the first position outputs exactly
    1/(i+1) at position i (the paper's 1/i at its position i), under average hardmax and under
    softmax at every temperature. *)
Theorem prop11_head (n : nat) (h : head) (x : stream) (tau : R) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = Future ->
  (forall j, (j < n)%nat -> x j (h_val h) = if Nat.eqb j 0 then 1 else 0) ->
  forall i, (i < n)%nat ->
  head_out hard_w n h x i = / INR (S i) /\ head_out (soft_w tau) n h x i = / INR (S i).
Proof.
intros Hu Hr Hm Hx i Hi. unfold head_out, soft_w. rewrite Hm. simpl vis_lo. simpl vis_cnt.
replace (hard_w h) with avg_hard by (unfold hard_w; rewrite Hr; reflexivity).
assert (Hs : (fun k => score h x i (0 + k)%nat) = (fun _ => 0))
  by (apply functional_extensionality; intros; apply score_uniform, Hu).
rewrite Hs.
assert (E : forall W : (nat -> R) -> nat -> nat -> R, (forall k, W (fun _ => 0) (S i) k = / INR (S i)) ->
            rsum (fun k => W (fun _ => 0) (S i) k * x (0 + k)%nat (h_val h)) 0 (S i) = / INR (S i)).
{ intros W HW. rewrite (rsum_ext _ (fun k => / INR (S i) * (if Nat.eqb k 0 then 1 else 0))).
  - rewrite rsum_indicator. simpl. reflexivity.
  - intros k Hk. rewrite HW, Hx by lia. reflexivity. }
split; apply E; intros k; [apply avg_hard_const|apply soft_const]; lia.
Qed.

(** The layer form: a layer with this single head and no units writes exactly 1/(i+1) into its
    output coordinate when that coordinate was 0 (hard and soft alike). *)
Theorem prop11_layer (n : nat) (h : head) (x : stream) (tau : R) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = Future ->
  (forall j, (j < n)%nat -> x j (h_val h) = if Nat.eqb j 0 then 1 else 0) ->
  forall i, (i < n)%nat -> x i (h_out h) = 0 ->
  layer_run hard_w n (Layer [h] []) x i (h_out h) = / INR (S i) /\
  layer_run (soft_w tau) n (Layer [h] []) x i (h_out h) = / INR (S i).
Proof.
intros Hu Hr Hm Hx i Hi H0. destruct (prop11_head n h x tau Hu Hr Hm Hx i Hi) as [E1 E2].
unfold layer_run, ffn_sub, attn_sub. simpl lsum. simpl l_heads. simpl l_units. simpl map. simpl lsum.
rewrite Nat.eqb_refl, H0, E1, E2. split; ring.
Qed.

(** ** Write-once networks: the recursions of [quarks/attention] exactly

    In the programs of [quarks/attention] every coordinate is written once, by one head or one
    unit, into a coordinate that is 0 until then.  There a coordinate's error is the error of its
    writer alone, and the recursions take maxima instead of sums. *)

(** The coordinates a layer writes. *)
Definition outs (L : layer) : list nat := map h_out (l_heads L) ++ map u_out (l_units L).

(** Outside [used] the stream is 0. *)
Definition supported (n : nat) (used : list nat) (x : stream) : Prop :=
  forall i c, (i < n)%nat -> ~ In c used -> x i c = 0.

(** Every layer writes distinct coordinates, none written before (or used by the input). *)
Fixpoint fresh (used : list nat) (net : list layer) : Prop :=
  match net with
  | [] => True
  | L :: net' => NoDup (outs L) /\ (forall c, In c (outs L) -> ~ In c used) /\ fresh (outs L ++ used) net'
  end.

Lemma NoDup_app_inv {A} (l1 l2 : list A) : NoDup (l1 ++ l2) ->
  NoDup l1 /\ NoDup l2 /\ (forall a, In a l1 -> In a l2 -> False).
Proof.
induction l1 as [|b l1 IH]; intros H; simpl in H.
- split; [constructor|split; [exact H|intros a []]].
- apply NoDup_cons_iff in H. destruct H as [Hb H]. destruct (IH H) as [H1 [H2 H3]].
  split; [|split; [exact H2|]].
  + constructor; [intros Hin; apply Hb, in_or_app; left; exact Hin|exact H1].
  + intros a [<-|Ha] Ha2; [apply Hb, in_or_app; right; exact Ha2|exact (H3 a Ha Ha2)].
Qed.

Lemma lsum_select_none {A} (o : A -> nat) (f : A -> R) (l : list A) (c : nat) :
  ~ In c (map o l) -> lsum (map (fun b => if Nat.eqb (o b) c then f b else 0) l) = 0.
Proof.
induction l as [|b l IH]; intros H; [reflexivity|]. simpl in H |- *.
destruct (Nat.eqb (o b) c) eqn:E; [apply Nat.eqb_eq in E; tauto|]. rewrite IH by tauto. ring.
Qed.

Lemma lsum_select_one {A} (o : A -> nat) (f : A -> R) (l : list A) (a : A) :
  NoDup (map o l) -> In a l -> lsum (map (fun b => if Nat.eqb (o b) (o a) then f b else 0) l) = f a.
Proof.
induction l as [|b l IH]; intros Hnd Hin; [destruct Hin|]. simpl in Hnd |- *.
apply NoDup_cons_iff in Hnd. destruct Hnd as [Hb Hnd].
destruct Hin as [->|Hin].
- rewrite Nat.eqb_refl, lsum_select_none by exact Hb. ring.
- assert (Ne : o b <> o a) by (intros E; apply Hb; rewrite E; apply in_map, Hin).
  apply Nat.eqb_neq in Ne. rewrite Ne, IH by assumption. ring.
Qed.

Lemma supported_layer (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (used : list nat) (L : layer) (x : stream) :
  supported n used x -> supported n (outs L ++ used) (layer_run W n L x).
Proof.
intros Hs i c Hi Hc. unfold outs in Hc. rewrite !in_app_iff in Hc.
unfold layer_run, ffn_sub, attn_sub.
rewrite (lsum_select_none u_out), (lsum_select_none h_out), Hs by tauto. ring.
Qed.

(** The largest Lipschitz constant of the units of a layer. *)
Fixpoint max_lip (us : list unit) : R := match us with [] => 0 | u :: us' => Rmax (unit_lip u) (max_lip us') end.

Lemma max_lip_ge (u : unit) (us : list unit) : In u us -> unit_lip u <= max_lip us.
Proof.
induction us as [|u' us IH]; intros Hin; [destruct Hin|]. simpl.
destruct Hin as [->|Hin]; [apply Rmax_l|]. eapply Rle_trans; [apply IH, Hin|apply Rmax_r].
Qed.

Definition any_tieless (L : layer) : bool := existsb (fun h => negb (uniform_b h)) (l_heads L).

(** The recursion of [quarks.attention.uniform_tieless.a_priori] for one layer: heads give
    delta + 2 X U when one of them is not uniform, units multiply by max(1, largest Lip).
    (Python calls a head uniform when it has no score terms; ours also asks for average hardmax,
    which every head without terms in [quarks.attention.programs] has.) *)
Definition layer_err1 (X U : R) (L : layer) (delta : R) : R :=
  Rmax 1 (max_lip (l_units L)) * (delta + 2 * X * (if any_tieless L then U else 0)).

Lemma head_u_any (n : nat) (g tau U : R) (L : layer) (h : head) : In h (l_heads L) -> u_of n g tau <= U ->
  head_u n g tau h <= if any_tieless L then U else 0.
Proof.
intros Hin HU. unfold head_u, any_tieless. destruct (uniform_b h) eqn:E.
- destruct (existsb _ _); [pose proof (u_of_nonneg n g tau)|]; lra.
- replace (existsb (fun h0 => negb (uniform_b h0)) (l_heads L)) with true; [exact HU|].
  symmetry. apply existsb_exists. exists h. rewrite E. split; [exact Hin|reflexivity].
Qed.

(** Our Lemma 25 for one layer of a write-once network, with any U >= (n - 1) e^(-g / (2 tau)). *)
Theorem lemma25_layer_fresh (n : nat) (L : layer) (used : list nat) (x x' : stream) (X delta g tau U : R) :
  0 < g -> 0 < tau -> u_of n g tau <= U -> 0 <= delta -> bounded n X x -> close n delta x x' ->
  supported n used x -> supported n used x' -> NoDup (outs L) -> (forall c, In c (outs L) -> ~ In c used) ->
  (forall h, In h (l_heads L) -> ut_head n g h x) ->
  (forall h, In h (l_heads L) -> csc h * (2 * X * delta + delta ^ 2) <= g / 4) ->
  close n (layer_err1 X U L delta) (layer_run hard_w n L x) (layer_run (soft_w tau) n L x').
Proof.
intros Hg Htau HU Hd0 Hx Hd Hs Hs' Hnd Hfr Hut Heta.
assert (Hnd' := Hnd). unfold outs in Hnd'. apply NoDup_app_inv in Hnd'. destruct Hnd' as [Hnh [Hnu Hdis]].
set (d1 := delta + 2 * X * (if any_tieless L then U else 0)).
set (y := attn_sub hard_w n (l_heads L) x). set (y' := attn_sub (soft_w tau) n (l_heads L) x').
assert (H1 : close n d1 y y').
{ intros i c Hi.
  assert (HX : 0 <= X) by (apply Rle_trans with (Rabs (x i 0%nat)); [apply Rabs_pos|apply Hx, Hi]).
  assert (HU0 : 0 <= if any_tieless L then U else 0)
    by (destruct (any_tieless L); [pose proof (u_of_nonneg n g tau)|]; lra).
  unfold y, y', attn_sub.
  destruct (in_dec Nat.eq_dec c (map h_out (l_heads L))) as [Hin|Hnin].
  - apply in_map_iff in Hin. destruct Hin as [h [<- Hh]].
    assert (Hnot : ~ In (h_out h) used) by (apply Hfr; unfold outs; apply in_or_app; left; apply in_map, Hh).
    rewrite (Hs i), (Hs' i), !(lsum_select_one h_out _ _ h) by assumption.
    replace (0 + head_out (soft_w tau) n h x' i - (0 + head_out hard_w n h x i))
      with (head_out (soft_w tau) n h x' i - head_out hard_w n h x i) by ring.
    eapply Rle_trans; [apply (head_error_u n h x x' X delta g tau); auto|].
    pose proof (head_u_any n g tau U L h Hh HU). unfold d1. nra.
  - rewrite !lsum_select_none by exact Hnin.
    replace (x' i c + 0 - (x i c + 0)) with (x' i c - x i c) by ring.
    eapply Rle_trans; [apply Hd, Hi|]. unfold d1. nra. }
intros i c Hi. unfold layer_run, ffn_sub. fold y y'. unfold layer_err1. fold d1.
assert (Hd1 : 0 <= d1) by (eapply Rle_trans; [apply Rabs_pos|apply (H1 i c Hi)]).
assert (HL : 0 <= max_lip (l_units L)).
{ destruct (l_units L) as [|u0 us]; simpl; [lra|].
  eapply Rle_trans; [|apply Rmax_l]. apply lsum_nonneg. intros nr _. apply Rmult_le_pos; [apply Rabs_pos|apply wmass_nonneg]. }
destruct (in_dec Nat.eq_dec c (map u_out (l_units L))) as [Hin|Hnin].
- apply in_map_iff in Hin. destruct Hin as [un [<- Hun]].
  assert (Hnot : ~ In (u_out un) used) by (apply Hfr; unfold outs; apply in_or_app; right; apply in_map, Hun).
  assert (Hnh' : ~ In (u_out un) (map h_out (l_heads L))) by (intros Hc; apply (Hdis (u_out un)); [exact Hc|apply in_map, Hun]).
  assert (Ey : y i (u_out un) = 0) by (unfold y, attn_sub; rewrite Hs, lsum_select_none by assumption; ring).
  assert (Ey' : y' i (u_out un) = 0) by (unfold y', attn_sub; rewrite Hs', lsum_select_none by assumption; ring).
  rewrite Ey, Ey', !(lsum_select_one u_out _ _ un) by assumption.
  replace (0 + unit_val un (y' i) - (0 + unit_val un (y i))) with (unit_val un (y' i) - unit_val un (y i)) by ring.
  eapply Rle_trans; [apply unit_val_lipschitz; intros; apply H1, Hi|].
  apply Rmult_le_compat_r; [exact Hd1|]. eapply Rle_trans; [apply max_lip_ge, Hun|apply Rmax_r].
- rewrite !lsum_select_none by exact Hnin.
  replace (y' i c + 0 - (y i c + 0)) with (y' i c - y i c) by ring.
  eapply Rle_trans; [apply H1, Hi|]. pose proof (Rmax_l 1 (max_lip (l_units L))). nra.
Qed.

Fixpoint net_err1 (X U : R) (net : list layer) (delta : R) : R :=
  match net with [] => delta | L :: net' => net_err1 X U net' (layer_err1 X U L delta) end.

(** The recursion's side condition: every score error stays at most g/4. *)
Fixpoint rec_ok (X U g : R) (net : list layer) (delta : R) : Prop :=
  match net with
  | [] => True
  | L :: net' => (forall h, In h (l_heads L) -> csc h * (2 * X * delta + delta ^ 2) <= g / 4) /\
                 rec_ok X U g net' (layer_err1 X U L delta)
  end.

Lemma layer_err1_nonneg (X U : R) (L : layer) (delta : R) : 0 <= X -> 0 <= U -> 0 <= delta -> 0 <= layer_err1 X U L delta.
Proof.
intros HX HU Hd. unfold layer_err1. apply Rmult_le_pos.
- eapply Rle_trans; [|apply Rmax_l]. lra.
- destruct (any_tieless L); nra.
Qed.

(** Our Lemma 25 for every write-once network. *)
Theorem lemma25_fresh (n : nat) (net : list layer) (used : list nat) (x x' : stream) (X delta g tau U : R) :
  0 < g -> 0 < tau -> u_of n g tau <= U -> 0 <= X -> 0 <= delta ->
  hard_ok n g X net x -> close n delta x x' -> supported n used x -> supported n used x' ->
  fresh used net -> rec_ok X U g net delta ->
  close n (net_err1 X U net delta) (hard_run n net x) (soft_run tau n net x').
Proof.
revert used x x' delta. induction net as [|L net IH]; intros used x x' delta Hg Htau HU HX Hd0 Hok Hd Hs Hs' Hfr Hrec;
  [exact Hd|].
destruct Hok as [Hb [Hut Hok]]. destruct Hfr as [Hnd [Hnew Hfr]]. destruct Hrec as [Heta Hrec].
pose proof (u_of_nonneg n g tau).
simpl. apply (IH (outs L ++ used)); auto.
- apply layer_err1_nonneg; lra.
- apply (lemma25_layer_fresh n L used x x' X delta g tau U); auto.
- apply supported_layer, Hs.
- apply supported_layer, Hs'.
Qed.

(** Theorem 26 as the rule of [quarks.attention.uniform_tieless.rule]: at tau = g / (2 m), any
    m > 0 for which the recursion, run with an upper bound U of (n - 1) e^(-m), keeps every score
    error at most g/4 and ends at most eps, the soft network is within eps of the hard one. *)
Theorem thm26_rule (n : nat) (net : list layer) (used : list nat) (x : stream) (g X eps m U : R) :
  0 < g -> 0 < m -> INR (n - 1) * exp (- m) <= U -> 0 <= X ->
  hard_ok n g X net x -> supported n used x -> fresh used net ->
  rec_ok X U g net 0 -> net_err1 X U net 0 <= eps ->
  close n eps (hard_run n net x) (soft_run (g / (2 * m)) n net x).
Proof.
intros Hg Hm HU HX Hok Hs Hfr Hrec Heps.
apply close_weaken with (net_err1 X U net 0); [exact Heps|].
apply (lemma25_fresh n net used x x X 0 g (g / (2 * m)) U); auto; try lra.
- apply Rdiv_lt_0_compat; lra.
- unfold u_of. replace (g / (2 * (g / (2 * m)))) with m by (field; lra). exact HU.
- intros i c Hi. replace (x i c - x i c) with 0 by ring. rewrite Rabs_R0. lra.
Qed.

(** Our Lemma 29 for write-once networks, as in [quarks.proofs.yang.error_recursion.growth_bounds]:
    heads keep X (a convex combination), each unit gives at most its bound. *)
Fixpoint max_unit_bound (us : list unit) (X : R) : R :=
  match us with [] => X | u :: us' => Rmax (unit_bound u X) (max_unit_bound us' X) end.

Fixpoint net_X1 (net : list layer) (X : R) : R :=
  match net with [] => X | L :: net' => net_X1 net' (max_unit_bound (l_units L) X) end.

Lemma max_unit_bound_ge (us : list unit) (X : R) : X <= max_unit_bound us X /\
  forall u, In u us -> unit_bound u X <= max_unit_bound us X.
Proof.
induction us as [|u us [IH1 IH2]]; simpl; [split; [lra|intros _ []]|]. split.
- eapply Rle_trans; [exact IH1|apply Rmax_r].
- intros u' [->|Hin]; [apply Rmax_l|]. eapply Rle_trans; [apply IH2, Hin|apply Rmax_r].
Qed.

Theorem lemma29_layer_fresh (n : nat) (L : layer) (used : list nat) (x : stream) (X : R) :
  bounded n X x -> supported n used x -> NoDup (outs L) -> (forall c, In c (outs L) -> ~ In c used) ->
  bounded n (max_unit_bound (l_units L) X) (layer_run hard_w n L x).
Proof.
intros Hx Hs Hnd Hfr.
assert (Hnd' := Hnd). unfold outs in Hnd'. apply NoDup_app_inv in Hnd'. destruct Hnd' as [Hnh [Hnu Hdis]].
destruct (max_unit_bound_ge (l_units L) X) as [G1 G2].
set (y := attn_sub hard_w n (l_heads L) x).
assert (H1 : bounded n X y).
{ intros i c Hi. unfold y, attn_sub.
  destruct (in_dec Nat.eq_dec c (map h_out (l_heads L))) as [Hin|Hnin].
  - apply in_map_iff in Hin. destruct Hin as [h [<- Hh]].
    assert (Hnot : ~ In (h_out h) used) by (apply Hfr; unfold outs; apply in_or_app; left; apply in_map, Hh).
    rewrite Hs, (lsum_select_one h_out _ _ h) by assumption. rewrite Rplus_0_l. apply head_hard_bound; assumption.
  - rewrite lsum_select_none by exact Hnin. rewrite Rplus_0_r. apply Hx, Hi. }
intros i c Hi. unfold layer_run, ffn_sub. fold y.
destruct (in_dec Nat.eq_dec c (map u_out (l_units L))) as [Hin|Hnin].
- apply in_map_iff in Hin. destruct Hin as [un [<- Hun]].
  assert (Hnot : ~ In (u_out un) used) by (apply Hfr; unfold outs; apply in_or_app; right; apply in_map, Hun).
  assert (Hnh' : ~ In (u_out un) (map h_out (l_heads L))) by (intros Hc; apply (Hdis (u_out un)); [exact Hc|apply in_map, Hun]).
  assert (Ey : y i (u_out un) = 0) by (unfold y, attn_sub; rewrite Hs, lsum_select_none by assumption; ring).
  rewrite Ey, (lsum_select_one u_out _ _ un) by assumption. rewrite Rplus_0_l.
  eapply Rle_trans; [apply unit_val_bound; intros; apply H1, Hi|apply G2, Hun].
- rewrite lsum_select_none by exact Hnin. rewrite Rplus_0_r. eapply Rle_trans; [apply H1, Hi|exact G1].
Qed.

Lemma net_X1_ge (net : list layer) (X : R) : X <= net_X1 net X.
Proof.
revert X. induction net as [|L net IH]; intros X; simpl; [lra|].
eapply Rle_trans; [apply (max_unit_bound_ge (l_units L) X)|apply IH].
Qed.

(** Our Lemma 29 (write-once form) for every network: every hard activation is at most
    net_X1 net X_0, and the hard run meets the bound of Theorem 26 at every layer. *)
Theorem lemma29_fresh (n : nat) (net : list layer) (used : list nat) (x : stream) (X : R) :
  bounded n X x -> supported n used x -> fresh used net -> bounded n (net_X1 net X) (hard_run n net x).
Proof.
revert used x X. induction net as [|L net IH]; intros used x X Hx Hs Hfr; [exact Hx|].
destruct Hfr as [Hnd [Hnew Hfr]]. simpl. apply (IH (outs L ++ used)); auto.
- apply (lemma29_layer_fresh n L used); assumption.
- apply supported_layer, Hs.
Qed.

Lemma gaps_hard_ok_fresh (n : nat) (g X0 : R) (net : list layer) (used : list nat) (x : stream) :
  bounded n X0 x -> supported n used x -> fresh used net -> gaps_ok n g net x -> hard_ok n g (net_X1 net X0) net x.
Proof.
revert used X0 x. induction net as [|L net IH]; intros used X0 x Hx Hs Hfr Hgap; [exact I|].
destruct Hgap as [Hh Hgap]. destruct Hfr as [Hnd [Hnew Hfr]]. simpl. split; [|split; [exact Hh|]].
- intros i c Hi. eapply Rle_trans; [apply (Hx i c Hi)|].
  eapply Rle_trans; [apply (max_unit_bound_ge (l_units L) X0)|apply net_X1_ge].
- apply (IH (outs L ++ used)); auto; [apply (lemma29_layer_fresh n L used); assumption|apply supported_layer, Hs].
Qed.

(** The embedding of a word uses only the k letter coordinates and the position embeddings. *)
Lemma embed_supported (k : nat) (pe : list (nat -> nat -> R)) (n : nat) (w : nat -> nat) :
  supported n (seq 0 (k + length pe)) (embed k pe n w).
Proof.
intros i c Hi Hc. rewrite in_seq in Hc. unfold embed.
replace (c <? k)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
apply nth_overflow. rewrite map_length. lia.
Qed.

(** Proposition 11, past mask: a past-masked uniform head over the indicator of the last
    position outputs exactly 1/(n - i) at position i (the paper's 1/(n - i + 1) at its position
    i), hard and soft. *)
Theorem prop11_head_past (n : nat) (h : head) (x : stream) (tau : R) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = Past ->
  (forall j, (j < n)%nat -> x j (h_val h) = if Nat.eqb j (n - 1) then 1 else 0) ->
  forall i, (i < n)%nat ->
  head_out hard_w n h x i = / INR (n - i) /\ head_out (soft_w tau) n h x i = / INR (n - i).
Proof.
intros Hu Hr Hm Hx i Hi. unfold head_out, soft_w. rewrite Hm. simpl vis_lo. simpl vis_cnt.
replace (hard_w h) with avg_hard by (unfold hard_w; rewrite Hr; reflexivity).
assert (Hs : (fun k => score h x i (i + k)%nat) = (fun _ => 0))
  by (apply functional_extensionality; intros; apply score_uniform, Hu).
rewrite Hs.
assert (E : forall W : (nat -> R) -> nat -> nat -> R, (forall k, W (fun _ => 0) (n - i)%nat k = / INR (n - i)) ->
            rsum (fun k => W (fun _ => 0) (n - i)%nat k * x (i + k)%nat (h_val h)) 0 (n - i) = / INR (n - i)).
{ intros W HW. rewrite (rsum_ext _ (fun k => / INR (n - i) * (if Nat.eqb k (n - 1 - i) then 1 else 0))).
  - rewrite rsum_indicator.
    replace ((0 <=? n - 1 - i) && (n - 1 - i <? 0 + (n - i)))%nat with true
      by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
    reflexivity.
  - intros k Hk. rewrite HW, Hx by lia. f_equal.
    destruct (Nat.eqb (i + k) (n - 1)) eqn:E1; destruct (Nat.eqb k (n - 1 - i)) eqn:E2; try reflexivity.
    + apply Nat.eqb_eq in E1. apply Nat.eqb_neq in E2. lia.
    + apply Nat.eqb_neq in E1. apply Nat.eqb_eq in E2. lia. }
split; apply E; intros k; [apply avg_hard_const|apply soft_const]; lia.
Qed.

(** ** After layer l: the theorems for the first l layers *)

Lemma fresh_firstn (l : nat) (used : list nat) (net : list layer) : fresh used net -> fresh used (firstn l net).
Proof.
revert l used. induction net as [|L net IH]; intros l used H; [destruct l; exact I|].
destruct l as [|l]; [exact I|]. destruct H as [H1 [H2 H3]]. simpl. split; [exact H1|split; [exact H2|apply IH, H3]].
Qed.

Lemma hard_ok_firstn (l n : nat) (g X : R) (net : list layer) (x : stream) :
  hard_ok n g X net x -> hard_ok n g X (firstn l net) x.
Proof.
revert l x. induction net as [|L net IH]; intros l x H; [destruct l; exact I|].
destruct l as [|l]; [exact I|]. destruct H as [H1 [H2 H3]]. simpl. split; [exact H1|split; [exact H2|apply IH, H3]].
Qed.

Lemma rec_ok_firstn (l : nat) (X U g : R) (net : list layer) (delta : R) :
  rec_ok X U g net delta -> rec_ok X U g (firstn l net) delta.
Proof.
revert l delta. induction net as [|L net IH]; intros l delta H; [destruct l; exact I|].
destruct l as [|l]; [exact I|]. destruct H as [H1 H2]. simpl. split; [exact H1|apply IH, H2].
Qed.

(** Our Lemma 25 layer by layer, as the Python check states it: after each layer l the soft run is
    within the recursion's delta_l of the hard run. *)
Corollary lemma25_fresh_layers (n l : nat) (net : list layer) (used : list nat) (x x' : stream) (X delta g tau U : R) :
  0 < g -> 0 < tau -> u_of n g tau <= U -> 0 <= X -> 0 <= delta ->
  hard_ok n g X net x -> close n delta x x' -> supported n used x -> supported n used x' ->
  fresh used net -> rec_ok X U g net delta ->
  close n (net_err1 X U (firstn l net) delta) (hard_run n (firstn l net) x) (soft_run tau n (firstn l net) x').
Proof.
intros. apply (lemma25_fresh n (firstn l net) used x x' X delta g tau U); auto;
  [apply hard_ok_firstn|apply fresh_firstn|apply rec_ok_firstn]; assumption.
Qed.

(** Our Lemma 29 layer by layer: after layer l every hard activation is at most X_l. *)
Corollary lemma29_fresh_layers (n l : nat) (net : list layer) (used : list nat) (x : stream) (X : R) :
  bounded n X x -> supported n used x -> fresh used net ->
  bounded n (net_X1 (firstn l net) X) (hard_run n (firstn l net) x).
Proof. intros. apply (lemma29_fresh n (firstn l net) used); auto. apply fresh_firstn; assumption. Qed.

(** ** Lemma 29 in the paper's shape: geometric growth in the depth *)

(** Every parameter of a unit is at most P; it has at most h hidden neurons, each reading at most
    d coordinates. *)
Definition unit_params (P : R) (h d : nat) (u : unit) : Prop :=
  (length (u_hidden u) <= h)%nat /\ Rabs (u_c u) <= P /\
  forall nr, In nr (u_hidden u) -> Rabs (nr_v nr) <= P /\ Rabs (nr_b nr) <= P /\
    (length (nr_w nr) <= d)%nat /\ forall p, In p (nr_w nr) -> Rabs (snd p) <= P.

Lemma lsum_le_length {A} (f : A -> R) (l : list A) (c : R) (m : nat) : 0 <= c -> (length l <= m)%nat ->
  (forall a, In a l -> f a <= c) -> lsum (map f l) <= INR m * c.
Proof.
intros Hc Hm Hf. apply Rle_trans with (lsum (map (fun _ => c) l)); [apply lsum_le, Hf|].
rewrite lsum_const. apply Rmult_le_compat_r; [exact Hc|apply le_INR, Hm].
Qed.

(** For inputs bounded by X >= 1 a unit's output is at most (h P (d P + P) + P) X. *)
Lemma unit_bound_params (P X : R) (h d : nat) (u : unit) : 0 <= P -> 1 <= X -> unit_params P h d u ->
  unit_bound u X <= (INR h * P * (INR d * P + P) + P) * X.
Proof.
intros HP HX [Hh [Hc Hn]]. unfold unit_bound.
assert (Hs : lsum (map (fun nr => Rabs (nr_v nr) * (wmass (nr_w nr) * X + Rabs (nr_b nr))) (u_hidden u))
             <= INR h * (P * (INR d * P + P) * X)).
{ apply lsum_le_length; [pose proof (pos_INR d); apply Rmult_le_pos; [apply Rmult_le_pos|]; nra|exact Hh|].
  intros nr Hin. destruct (Hn nr Hin) as [Hv [Hb [Hd Hw]]].
  assert (Hm : wmass (nr_w nr) <= INR d * P) by (apply lsum_le_length; auto).
  pose proof (wmass_nonneg (nr_w nr)). pose proof (Rabs_pos (nr_v nr)). pose proof (Rabs_pos (nr_b nr)).
  assert (wmass (nr_w nr) * X + Rabs (nr_b nr) <= (INR d * P + P) * X) by nra.
  replace (P * (INR d * P + P) * X) with (P * ((INR d * P + P) * X)) by ring.
  apply Rmult_le_compat; try lra. nra. }
nra.
Qed.

Lemma max_unit_bound_params (P X : R) (h d : nat) (us : list unit) : 0 <= P -> 1 <= X ->
  (forall u, In u us -> unit_params P h d u) ->
  max_unit_bound us X <= Rmax 1 (INR h * P * (INR d * P + P) + P) * X.
Proof.
intros HP HX Hu. induction us as [|u us IH]; simpl.
- pose proof (Rmax_l 1 (INR h * P * (INR d * P + P) + P)). nra.
- apply Rmax_lub; [|apply IH; intros; apply Hu; right; assumption].
  eapply Rle_trans; [apply (unit_bound_params P X h d); auto; apply Hu; left; reflexivity|].
  apply Rmult_le_compat_r; [lra|apply Rmax_r].
Qed.

(** Our Lemma 29 in the paper's shape ((d P)^{3l} X(n) there): in a write-once network whose units
    have parameters at most P, at most h neurons, each reading at most d coordinates, every
    activation after the L layers is at most A^L X_0, A = max(1, h P (d P + P) + P), for every
    initial stream bounded by X_0 >= 1. *)
Theorem lemma29_geometric (n : nat) (net : list layer) (used : list nat) (x : stream) (X0 P : R) (h d : nat) :
  0 <= P -> 1 <= X0 -> bounded n X0 x -> supported n used x -> fresh used net ->
  (forall L u, In L net -> In u (l_units L) -> unit_params P h d u) ->
  bounded n (Rmax 1 (INR h * P * (INR d * P + P) + P) ^ length net * X0) (hard_run n net x).
Proof.
intros HP HX Hx Hs Hfr Hpar. set (A := Rmax 1 (INR h * P * (INR d * P + P) + P)).
assert (HA : 1 <= A) by apply Rmax_l.
assert (Hg : forall X, 1 <= X -> net_X1 net X <= A ^ length net * X).
{ clear Hx Hs Hfr. induction net as [|L net IH]; intros X HX1; simpl; [lra|].
  pose proof (max_unit_bound_ge (l_units L) X) as [G _].
  assert (Hm : max_unit_bound (l_units L) X <= A * X)
    by (apply max_unit_bound_params; auto; intros u Hu; apply (Hpar L); [left; reflexivity|exact Hu]).
  eapply Rle_trans; [apply IH; [intros L' u HL Hu; apply (Hpar L'); [right|]; assumption|lra]|].
  pose proof (pow_le A (length net) ltac:(lra)). replace (A * A ^ length net * X) with (A ^ length net * (A * X)) by ring.
  apply Rmult_le_compat_l; lra. }
intros i c Hi. eapply Rle_trans; [apply (lemma29_fresh n net used x X0 Hx Hs Hfr i c Hi)|apply Hg, HX].
Qed.

(** ** An example: the hypotheses of Theorem 26 hold for a real head, at every length

    Coordinates: 0 a bit b_i in [0, 1], 1 the constant 1, 2 the position (i + 1)/n.  One
    future-masked head scores s_ij = x_i[1] x_j[2] = (j + 1)/n, so it attends to the rightmost
    visible position, i itself, with gap 1/n, and copies the bit into coordinate 3.  Theorem 26
    then says the softmax head at tau <= temp26 n (1/n) 1 eps copies every bit within eps. *)
Definition ex_input (n : nat) (b : nat -> R) : stream :=
  fun i c => match c with 0%nat => b i | 1%nat => 1 | 2%nat => INR (S i) / INR n | _ => 0 end.

Definition x_of (b : nat -> R) (k : nat) : R := b k.

Definition ex_head : head := Head 3%nat 0%nat [((1%nat, 2%nat), 1)] Future Average.
Definition ex_net : list layer := [Layer [ex_head] []].

Lemma ex_score (n : nat) (b : nat -> R) (i j : nat) : score ex_head (ex_input n b) i j = INR (S j) / INR n.
Proof. unfold score, ex_head, ex_input. simpl. ring. Qed.

Lemma ex_tieless (n : nat) (b : nat -> R) : tieless n (/ INR n) ex_head (ex_input n b).
Proof.
intros i Hi. exists i. simpl. split; [lia|]. intros k Hk Hki. rewrite !ex_score.
assert (Hn : 0 < INR n) by (apply lt_0_INR; lia).
assert (INR (S k) + 1 <= INR (S i)) by (rewrite <- S_INR; apply le_INR; lia).
unfold Rdiv. apply (Rmult_le_reg_r (INR n)); [exact Hn|].
replace ((INR (S i) * / INR n - / INR n) * INR n) with (INR (S i) - 1) by (field; lra).
replace (INR (S k) * / INR n * INR n) with (INR (S k)) by (field; lra). lra.
Qed.

Theorem ex_thm26 (n : nat) (b : nat -> R) (eps tau : R) : (1 <= n)%nat -> 0 < eps ->
  (forall i, (i < n)%nat -> 0 <= b i <= 1) -> 0 < tau -> tau <= temp26 n (/ INR n) 1 eps ex_net ->
  forall i, (i < n)%nat -> Rabs (soft_run tau n ex_net (ex_input n b) i 3%nat - b i) <= eps.
Proof.
intros Hn He Hb Htau Hle i Hi.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (Hg : 0 < / INR n) by (apply Rinv_0_lt_compat, HN).
(* the hard run copies the bit: average hardmax is e_i *)
assert (Hhard : hard_run n ex_net (ex_input n b) i 3%nat = b i).
{ unfold hard_run, ex_net. cbn [net_run]. unfold layer_run, ffn_sub, attn_sub.
  cbn [lsum map l_units l_heads h_out ex_head Nat.eqb].
  replace (ex_input n b i 3%nat) with 0 by reflexivity. rewrite !Rplus_0_r, Rplus_0_l.
  unfold head_out. cbn [h_mask ex_head vis_lo vis_cnt h_val].
  destruct (ex_tieless n b i Hi) as [t [Ht Hgap]]. simpl in Ht, Hgap.
  assert (Et : t = i).
  { destruct (Nat.eq_dec t i) as [|Hne]; [assumption|]. exfalso.
    specialize (Hgap i ltac:(lia) (not_eq_sym Hne)). rewrite !ex_score in Hgap.
    assert (INR (S t) <= INR (S i)) by (apply le_INR; lia).
    assert (INR (S t) / INR n <= INR (S i) / INR n) by (unfold Rdiv; apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, HN|exact H]).
    lra. }
  subst t.
  rewrite (rsum_ext _ (fun k => x_of b k * (if Nat.eqb k i then 1 else 0))).
  - rewrite rsum_indicator.
    replace ((0 <=? i) && (i <? 0 + S i))%nat with true
      by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
    unfold x_of, ex_input. simpl. ring.
  - intros k Hk.
    rewrite (hard_w_tieless ex_head (fun k0 => score ex_head (ex_input n b) i (0 + k0)) (S i) i (/ INR n) Hg
               ltac:(lia) Hgap k) by lia.
    unfold hardmax, x_of, ex_input. simpl. ring. }
rewrite <- Hhard.
assert (Hok : hard_ok n (/ INR n) 1 ex_net (ex_input n b)).
{ simpl. split; [|split; [|exact I]].
  - intros j c Hj. unfold ex_input. destruct c as [|[|[|c]]].
    + specialize (Hb j Hj). rewrite Rabs_pos_eq; lra.
    + rewrite Rabs_R1. lra.
    + assert (INR (S j) <= INR n) by (apply le_INR; lia).
      rewrite Rabs_pos_eq.
      * apply div_le; [exact HN|lra].
      * apply Rlt_le, Rdiv_lt_0_compat; [apply lt_0_INR; lia|exact HN].
    + rewrite Rabs_R0. lra.
  - intros h [<-|[]]. right. apply ex_tieless. }
exact (thm26 n ex_net (ex_input n b) (/ INR n) 1 eps tau Hg He ltac:(lra) Hok Htau Hle i 3%nat Hi).
Qed.

(** ** Theorem 26 in closed form for write-once networks (the tighter recursion) *)

Lemma layer_err1_ge (X U : R) (L : layer) (delta : R) : 0 <= X -> 0 <= U -> 0 <= delta ->
  delta <= layer_err1 X U L delta.
Proof.
intros HX HU Hd. unfold layer_err1. pose proof (Rmax_l 1 (max_lip (l_units L))).
assert (0 <= 2 * X * (if any_tieless L then U else 0)) by (destruct (any_tieless L); nra).
nra.
Qed.

Lemma net_err1_ge (X U : R) (net : list layer) (delta : R) : 0 <= X -> 0 <= U -> 0 <= delta ->
  delta <= net_err1 X U net delta.
Proof.
revert delta. induction net as [|L net IH]; intros delta HX HU Hd; simpl; [lra|].
pose proof (layer_err1_ge X U L delta HX HU Hd). pose proof (IH (layer_err1 X U L delta) HX HU ltac:(lra)). lra.
Qed.

Lemma net_err1_linear (X u : R) (net : list layer) (d : R) : net_err1 X u net (u * d) = u * net_err1 X 1 net d.
Proof.
revert d. induction net as [|L net IH]; intros d; simpl; [reflexivity|].
replace (layer_err1 X u L (u * d)) with (u * layer_err1 X 1 L d)
  by (unfold layer_err1; destruct (any_tieless L); ring). apply IH.
Qed.

(** The side condition of the recursion follows from a bound D of its last value. *)
Lemma rec_ok_of_bound (X U g : R) (net : list layer) (delta D : R) : 0 <= X -> 0 <= U -> 0 <= delta ->
  net_err1 X U net delta <= D -> net_csc net * (2 * X * D + D ^ 2) <= g / 4 -> rec_ok X U g net delta.
Proof.
revert delta. induction net as [|L net IH]; intros delta HX HU Hd HD Heta; [exact I|].
simpl in HD. pose proof (layer_err1_ge X U L delta HX HU Hd).
pose proof (net_err1_ge X U net (layer_err1 X U L delta) HX HU ltac:(lra)).
assert (Hcs : lsum (map csc (l_heads L)) + net_csc net = net_csc (L :: net)) by reflexivity.
assert (0 <= lsum (map csc (l_heads L))) by (apply lsum_nonneg; intros; apply csc_nonneg).
pose proof (net_csc_nonneg net).
assert (HD0 : 0 <= 2 * X * D + D ^ 2) by nra.
split.
- intros h Hh. pose proof (csc_le_sum h _ Hh). pose proof (csc_nonneg h).
  assert (2 * X * delta + delta ^ 2 <= 2 * X * D + D ^ 2) by nra.
  apply Rle_trans with (csc h * (2 * X * D + D ^ 2)); [apply Rmult_le_compat_l; lra|].
  apply Rle_trans with (net_csc (L :: net) * (2 * X * D + D ^ 2)); [|exact Heta].
  apply Rmult_le_compat_r; lra.
- apply IH; auto; [lra|]. apply Rle_trans with (net_csc (L :: net) * (2 * X * D + D ^ 2)); [|exact Heta].
  apply Rmult_le_compat_r; lra.
Qed.

(** The closed-form temperature with the write-once recursion: B = net_err1 X 1 net 0. *)
Definition temp26_fresh (n : nat) (g X eps : R) (net : list layer) : R :=
  g / (2 * ln (2 + INR (n - 1) * net_err1 X 1 net 0 * (/ eps + 1 + 4 * net_csc net * (2 * X + 1) / g))).

(** Theorem 26 for write-once networks in closed form: every 0 < tau <= temp26_fresh works. *)
Theorem thm26_fresh (n : nat) (net : list layer) (used : list nat) (x : stream) (g X eps tau : R) :
  0 < g -> 0 < eps -> 0 <= X -> hard_ok n g X net x -> supported n used x -> fresh used net ->
  0 < tau -> tau <= temp26_fresh n g X eps net ->
  close n eps (hard_run n net x) (soft_run tau n net x).
Proof.
intros Hg He HX Hok Hs Hfr Htau Hle. unfold temp26_fresh in Hle.
set (B := net_err1 X 1 net 0) in Hle. set (C := net_csc net) in Hle.
set (K := / eps + 1 + 4 * C * (2 * X + 1) / g) in Hle.
set (Q := INR (n - 1) * B * K) in Hle.
assert (HB : 0 <= B) by (apply net_err1_ge; lra).
assert (HC : 0 <= C) by apply net_csc_nonneg.
assert (Hie : 0 < / eps) by (apply Rinv_0_lt_compat, He).
assert (HK3 : 0 <= 4 * C * (2 * X + 1) / g) by (apply Rmult_le_pos; [nra|apply Rlt_le, Rinv_0_lt_compat, Hg]).
assert (HK : 0 < K) by (unfold K; lra).
assert (HQ : 0 <= Q) by (unfold Q; apply Rmult_le_pos; [apply Rmult_le_pos; [apply pos_INR|exact HB]|lra]).
set (m := ln (2 + Q)) in Hle.
assert (Hm : 0 < m) by (unfold m; rewrite <- ln_1; apply ln_increasing; lra).
(* g / (2 tau) >= m, so e^(-g/(2 tau)) <= e^(-m) = 1 / (2 + Q) *)
assert (Hgm : m <= g / (2 * tau)).
{ apply le_div; [lra|]. apply (Rmult_le_reg_r (/ (2 * m))); [apply Rinv_0_lt_compat; lra|].
  replace (m * (2 * tau) * / (2 * m)) with tau by (field; lra). exact Hle. }
assert (Hexp : exp (- (g / (2 * tau))) <= / (2 + Q)).
{ rewrite <- (exp_ln (2 + Q)) by lra. rewrite <- exp_Ropp. apply exp_mono. fold m. lra. }
set (u := u_of n g tau).
assert (Hu : 0 <= u) by apply u_of_nonneg.
assert (HuQ : u * B * K <= 1).
{ unfold u, u_of. apply Rle_trans with (Q * / (2 + Q)).
  - unfold Q. replace (INR (n - 1) * exp (- (g / (2 * tau))) * B * K)
      with (INR (n - 1) * B * K * exp (- (g / (2 * tau)))) by ring.
    apply Rmult_le_compat_l; [exact HQ|exact Hexp].
  - apply div_le; lra. }
set (D := u * B).
assert (HD : 0 <= D) by (unfold D; apply Rmult_le_pos; assumption).
assert (HDK : D * K <= 1) by (unfold D; exact HuQ).
assert (HDe : D <= eps).
{ assert (D * / eps <= 1) by (unfold K in HDK; nra).
  apply (Rmult_le_reg_r (/ eps)); [exact Hie|]. rewrite Rinv_r by lra. exact H. }
assert (HD1 : D <= 1) by (unfold K in HDK; nra).
assert (HDg : C * (2 * X * D + D ^ 2) <= g / 4).
{ assert (E1 : D * (4 * C * (2 * X + 1) / g) <= 1) by (unfold K in HDK; nra).
  assert (E2 : C * (2 * X + 1) * D <= g / 4).
  { replace (D * (4 * C * (2 * X + 1) / g)) with (4 * (C * (2 * X + 1) * D) / g) in E1 by (field; lra).
    apply (Rmult_le_reg_l 4); [lra|]. replace (4 * (g / 4)) with g by field.
    apply (Rmult_le_reg_r (/ g)); [apply Rinv_0_lt_compat, Hg|]. rewrite Rinv_r by lra.
    unfold Rdiv in E1. lra. }
  assert (D ^ 2 <= D) by (simpl; nra). nra. }
assert (Herr : net_err1 X u net 0 = D) by (unfold D, B; rewrite <- (Rmult_0_r u) at 1; apply net_err1_linear).
apply close_weaken with D; [exact HDe|]. rewrite <- Herr.
apply (lemma25_fresh n net used x x X 0 g tau u); auto; try lra.
- unfold u. lra.
- intros i c Hi. replace (x i c - x i c) with 0 by ring. rewrite Rabs_R0. lra.
- apply (rec_ok_of_bound X u g net 0 D); [lra|exact Hu|lra|rewrite Herr; lra|exact HDg].
Qed.
