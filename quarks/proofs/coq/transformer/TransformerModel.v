(** * Seed 004: the transformer model over the reals, and its hard attention rules.

    The model is that of [quarks/attention/model.py]: a residual stream of coordinates (here
    natural numbers) at positions 0..n-1 (0-based; the paper's position i is our i - 1).  A layer
    adds to the stream the outputs of its attention heads, then the outputs of its ReLU units.
    A head scores s_ij = sum_t c_t x_i[q_t] x_j[k_t] over the positions j visible from i (future
    mask j <= i, past mask j >= i, or none), weights them by its hard rule (average, leftmost or
    rightmost hardmax: the hard model) or by softmax(s / tau) (the soft model), and outputs
    sum_j w_ij x_j[value].  A unit outputs sum_h v_h ReLU(w_h . x + b_h) + c into one coordinate.
    A head without score terms and with average hardmax is uniform.

    Facts here: every hard rule is a probability vector over the visible positions and the unit
    vector e_t on tieless scores; over equal scores hard and soft weights are both uniform. *)
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

(** A tieless head reads the value at its top position. *)
Lemma head_out_at (n : nat) (h : head) (x : stream) (i t : nat) (g : R) : 0 < g ->
  (t < vis_cnt (h_mask h) n i)%nat ->
  (forall k, (k < vis_cnt (h_mask h) n i)%nat -> k <> t ->
     score h x i (vis_lo (h_mask h) i + k) <= score h x i (vis_lo (h_mask h) i + t) - g) ->
  head_out hard_w n h x i = x (vis_lo (h_mask h) i + t)%nat (h_val h).
Proof.
intros Hg Ht Hgap. unfold head_out.
rewrite (rsum_ext _ (fun k => x (vis_lo (h_mask h) i + k)%nat (h_val h) * (if Nat.eqb k t then 1 else 0))).
- rewrite rsum_indicator. replace ((0 <=? t) && (t <? 0 + vis_cnt (h_mask h) n i))%nat with true; [reflexivity|].
  symmetry. apply andb_true_iff. split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia.
- intros k Hk. rewrite (hard_w_tieless h _ _ t g Hg Ht Hgap k) by lia. unfold hardmax. ring.
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
