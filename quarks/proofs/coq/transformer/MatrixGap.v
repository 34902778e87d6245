(** * Seed 004: Lemma 24 (every uniform-tieless network has a positive gap gamma(n)) for the paper's
    transformer ([MatrixModel]), and Theorem 26 with that gap for every word of length n.

    A head is strictly tieless on an input when at every position one visible score is larger than
    every other visible score (no gap given).  If on every word of length n over k letters every
    head of the hard run is uniform or strictly tieless at every layer, there is one g > 0 that is a
    gap of every tieless head at every position, layer and word ([lemma24_matrix]): per position the
    least difference to the top is positive, and there are finitely many positions, heads, layers
    and words.  Words are lists of letters; position i reads letter [nth i w 0]. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List.
From Quarks Require Import RSum Softmax ErrorProp TransformerModel TransformerError MatrixModel MatrixError.
Import ListNotations.
Open Scope R_scope.

(** ** Finite minima of positive bounds *)

Lemma pos_min_list {A} (P : R -> A -> Prop) (l : list A) :
  (forall g g' a, 0 < g' <= g -> P g a -> P g' a) -> (forall a, In a l -> exists g, 0 < g /\ P g a) ->
  exists g, 0 < g /\ forall a, In a l -> P g a.
Proof.
intros Hm. induction l as [|a l IH]; intros H; [exists 1; split; [lra|intros a0 Ha0; destruct Ha0]|].
destruct (H a (or_introl eq_refl)) as [g1 [Hg1 H1]]. destruct IH as [g2 [Hg2 H2]]; [intros; apply H; right; assumption|].
exists (Rmin g1 g2). split; [apply Rmin_glb_lt; assumption|].
intros a' [<-|Hin]; [apply (Hm g1); [split; [apply Rmin_glb_lt; assumption|apply Rmin_l]|exact H1]|].
apply (Hm g2); [split; [apply Rmin_glb_lt; assumption|apply Rmin_r]|apply H2, Hin].
Qed.

Lemma pos_min_range (P : R -> nat -> Prop) (m : nat) :
  (forall g g' a, 0 < g' <= g -> P g a -> P g' a) -> (forall a, (a < m)%nat -> exists g, 0 < g /\ P g a) ->
  exists g, 0 < g /\ forall a, (a < m)%nat -> P g a.
Proof.
intros Hm H. destruct (pos_min_list P (seq 0 m) Hm) as [g [Hg Hall]].
- intros a Ha. apply in_seq in Ha. apply H. lia.
- exists g. split; [exact Hg|]. intros a Ha. apply Hall, in_seq. lia.
Qed.

(** ** Strictly tieless heads have a positive gap *)

Definition mtieless_strict (d n : nat) (h : mhead) (x : stream) : Prop :=
  forall i, (i < n)%nat -> exists t, (t < vis_cnt (mh_mask h) n i)%nat /\
    forall k, (k < vis_cnt (mh_mask h) n i)%nat -> k <> t ->
      mscore d h x i (vis_lo (mh_mask h) i + k) < mscore d h x i (vis_lo (mh_mask h) i + t).

(** Every head of the hard run is uniform or strictly tieless, at every layer. *)
Fixpoint mut_run (d n : nat) (net : list mlayer) (x : stream) : Prop :=
  match net with
  | [] => True
  | L :: net' => (forall h, In h (ml_heads L) -> muniform_b h = true \/ mtieless_strict d n h x) /\
                 mut_run d n net' (mlayer_run mhard_w d n L x)
  end.

Lemma mtieless_mono (d n : nat) (g g' : R) (h : mhead) (x : stream) : g' <= g -> mtieless d n g h x -> mtieless d n g' h x.
Proof.
intros Hg Ht i Hi. destruct (Ht i Hi) as [t [Htc Hgap]]. exists t. split; [exact Htc|].
intros k Hk Hkt. pose proof (Hgap k Hk Hkt). lra.
Qed.

Lemma mtieless_pos (d n : nat) (h : mhead) (x : stream) : mtieless_strict d n h x -> exists g, 0 < g /\ mtieless d n g h x.
Proof.
intros Hs. set (s := fun i k => mscore d h x i (vis_lo (mh_mask h) i + k)).
destruct (pos_min_range (fun g i => exists t, (t < vis_cnt (mh_mask h) n i)%nat /\
            forall k, (k < vis_cnt (mh_mask h) n i)%nat -> k <> t -> s i k <= s i t - g) n) as [g [Hg Hall]].
- intros g g' i Hgg [t [Ht Hk]]. exists t. split; [exact Ht|]. intros k Hk' Hkt. pose proof (Hk k Hk' Hkt). lra.
- intros i Hi. destruct (Hs i Hi) as [t [Ht Hlt]].
  destruct (pos_min_range (fun g k => k <> t -> s i k <= s i t - g) (vis_cnt (mh_mask h) n i)) as [g [Hg Hk]].
  + intros g g' k Hgg H Hkt. pose proof (H Hkt). lra.
  + intros k Hk. destruct (Nat.eq_dec k t) as [->|Hne].
    * exists 1. split; [lra|]. intros C. congruence.
    * exists (s i t - s i k). pose proof (Hlt k Hk Hne). unfold s. split; [lra|]. intros _. lra.
  + exists g. split; [exact Hg|]. exists t. split; [exact Ht|]. intros k Hk' Hkt. apply Hk; assumption.
- exists g. split; [exact Hg|]. intros i Hi. exact (Hall i Hi).
Qed.

Lemma mgaps_ok_mono (d n : nat) (g g' : R) (net : list mlayer) (x : stream) : g' <= g ->
  mgaps_ok d n g net x -> mgaps_ok d n g' net x.
Proof.
revert x. induction net as [|L net IH]; intros x Hg Hok; [exact I|]. destruct Hok as [Hh Hok]. split.
- intros h Hin. destruct (Hh h Hin) as [Hu|Ht]; [left; exact Hu|right; apply (mtieless_mono d n g g'); assumption].
- apply IH; assumption.
Qed.

(** One input: a positive gap for every head of every layer. *)
Lemma mut_run_gap (d n : nat) (net : list mlayer) (x : stream) : mut_run d n net x -> exists g, 0 < g /\ mgaps_ok d n g net x.
Proof.
revert x. induction net as [|L net IH]; intros x Hr; [exists 1; split; [lra|exact I]|].
destruct Hr as [Hh Hr]. destruct (IH _ Hr) as [g2 [Hg2 H2]].
destruct (pos_min_list (fun g h => mut_head d n g h x) (ml_heads L)) as [g1 [Hg1 H1]].
- intros g g' h Hgg [Hu|Ht]; [left; exact Hu|right; apply (mtieless_mono d n g g'); [lra|exact Ht]].
- intros h Hin. destruct (Hh h Hin) as [Hu|Hs]; [exists 1; split; [lra|left; exact Hu]|].
  destruct (mtieless_pos d n h x Hs) as [g [Hg Ht]]. exists g. split; [exact Hg|right; exact Ht].
- exists (Rmin g1 g2). split; [apply Rmin_glb_lt; assumption|]. split.
  + intros h Hin. destruct (H1 h Hin) as [Hu|Ht]; [left; exact Hu|right; apply (mtieless_mono d n g1); [apply Rmin_l|exact Ht]].
  + apply (mgaps_ok_mono d n g2); [apply Rmin_r|exact H2].
Qed.

(** ** Words of length n *)

Fixpoint words (k n : nat) : list (list nat) :=
  match n with O => [[]] | S n' => flat_map (fun a => map (cons a) (words k n')) (seq 0 k) end.

Lemma words_spec (k n : nat) (w : list nat) :
  In w (words k n) <-> length w = n /\ forall a, In a w -> (a < k)%nat.
Proof.
revert w. induction n as [|n IH]; intros w; simpl.
- split; [intros [<-|[]]; split; [reflexivity|intros a []]|].
  intros [Hl _]. destruct w; [left; reflexivity|discriminate].
- rewrite in_flat_map. split.
  + intros [a [Ha Hw]]. apply in_seq in Ha. apply in_map_iff in Hw. destruct Hw as [w' [<- Hw']].
    apply IH in Hw'. destruct Hw' as [Hl Hk]. split; [simpl; lia|]. intros b [<-|Hb]; [lia|apply Hk, Hb].
  + intros [Hl Hk]. destruct w as [|a w]; [discriminate|]. exists a. split.
    * apply in_seq. split; [lia|]. simpl. apply Hk. left. reflexivity.
    * apply in_map. apply IH. split; [simpl in Hl; lia|]. intros b Hb. apply Hk. right. exact Hb.
Qed.

Definition word_input (k : nat) (pe : list (nat -> nat -> R)) (n : nat) (w : list nat) : stream :=
  embed k pe n (fun i => nth i w 0%nat).

(** Lemma 24 (our form): if on every word of length n over k letters every head of the hard run
    is uniform or strictly tieless at every layer, one gap g > 0 serves every word. *)
Theorem lemma24_matrix (d k n : nat) (pe : list (nat -> nat -> R)) (net : list mlayer) :
  (forall w, length w = n -> (forall a, In a w -> (a < k)%nat) -> mut_run d n net (word_input k pe n w)) ->
  exists g, 0 < g /\ forall w, length w = n -> (forall a, In a w -> (a < k)%nat) ->
    mgaps_ok d n g net (word_input k pe n w).
Proof.
intros H. destruct (pos_min_list (fun g w => mgaps_ok d n g net (word_input k pe n w)) (words k n)) as [g [Hg Hall]].
- intros g g' w Hgg Hok. apply (mgaps_ok_mono d n g g'); [lra|exact Hok].
- intros w Hin. apply words_spec in Hin. destruct Hin as [Hl Hk]. apply mut_run_gap, H; assumption.
- exists g. split; [exact Hg|]. intros w Hl Hk. apply Hall, words_spec. split; assumption.
Qed.

(** Theorem 26 with Lemma 24's gap and Lemma 29's bound: for a uniform-tieless network and
    position embeddings bounded by P on positions 1..n, there is g > 0 such that at every
    temperature 0 < tau <= temp26_matrix d n g X eps net, X = Lemma 29's bound from max(1, P), the
    soft run is within eps of the hard run on every word of length n, at every position and
    coordinate. *)
Theorem thm26_words (d k n : nat) (pe : list (nat -> nat -> R)) (net : list mlayer) (P eps : R) :
  0 < eps -> (forall f i, In f pe -> (i < n)%nat -> Rabs (f (S i) n) <= P) ->
  (forall w, length w = n -> (forall a, In a w -> (a < k)%nat) -> mut_run d n net (word_input k pe n w)) ->
  exists g, 0 < g /\ forall w tau, length w = n -> (forall a, In a w -> (a < k)%nat) ->
    0 < tau -> tau <= temp26_matrix d n g (mnet_X d net (Rmax 1 P)) eps net ->
    dclose d n eps (mhard_run d n net (word_input k pe n w)) (msoft_run tau d n net (word_input k pe n w)).
Proof.
intros He Hpe H. destruct (lemma24_matrix d k n pe net H) as [g [Hg Hall]]. exists g. split; [exact Hg|].
intros w tau Hl Hk Htau Hle. apply (thm26_matrix_closed d n net _ g (Rmax 1 P) eps tau); auto.
- apply Rle_trans with 1; [lra|apply Rmax_l].
- intros i c Hi _. apply (embed_bounded k pe n _ P Hpe i c Hi).
Qed.

(** ** An example: the hypotheses hold for a head with general value and output matrices

    Two letters (coordinates 0, 1), position embeddings 1 and (i + 1)/n (coordinates 2, 3),
    width d = 5.  The head scores W_Q x_i . W_K x_j = 1 * (j + 1)/n (future mask: a unique top, the
    position i itself, with gap 1/n), W_V reads both letter coordinates, and W_O writes their
    difference into coordinate 4: a value matrix of rank 2 and an output matrix that is not a
    coordinate copy. *)
Definition ex_pe : list (nat -> nat -> R) := [fun _ _ => 1; fun i n => INR i / INR n].

Definition ex_mhead : mhead :=
  MHead 1 2 (fun _ b => if Nat.eqb b 2 then 1 else 0) (fun _ b => if Nat.eqb b 3 then 1 else 0)
    (fun a b => if Nat.eqb a b then 1 else 0)
    (fun c a => if Nat.eqb c 4 then (if Nat.eqb a 0 then 1 else -1) else 0) Future Average.

Definition ex_mnet : list mlayer := [MLayer [ex_mhead] []].

Lemma ex_mscore (n : nat) (w : list nat) (i j : nat) :
  mscore 5 ex_mhead (word_input 2 ex_pe n w) i j = INR (S j) / INR n.
Proof. unfold mscore, dot, matvec, word_input, embed. simpl. ring. Qed.

Lemma ex_mut_run (n : nat) (w : list nat) : mut_run 5 n ex_mnet (word_input 2 ex_pe n w).
Proof.
split; [|exact I]. intros h [<-|[]]. right. intros i Hi. exists i. simpl. split; [lia|].
intros k Hk Hki. rewrite !ex_mscore. assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (INR (S k) < INR (S i)) by (apply lt_INR; lia).
unfold Rdiv. apply Rmult_lt_compat_r; [apply Rinv_0_lt_compat, HN|exact H].
Qed.

(** Theorem 26 applies to this network at every length n: some g > 0 and the temperature
    temp26_matrix 5 n g X eps put its soft run within eps of its hard run on every word. *)
Theorem ex_thm26_matrix (n : nat) (eps : R) : 0 < eps ->
  exists g, 0 < g /\ forall w tau, length w = n -> (forall a, In a w -> (a < 2)%nat) ->
    0 < tau -> tau <= temp26_matrix 5 n g (mnet_X 5 ex_mnet (Rmax 1 1)) eps ex_mnet ->
    dclose 5 n eps (mhard_run 5 n ex_mnet (word_input 2 ex_pe n w)) (msoft_run tau 5 n ex_mnet (word_input 2 ex_pe n w)).
Proof.
intros He. apply thm26_words; [exact He| |intros; apply ex_mut_run].
intros f i [<-|[<-|[]]] Hi; [rewrite Rabs_R1; lra|].
assert (HN : 0 < INR n) by (apply lt_0_INR; lia). assert (INR (S i) <= INR n) by (apply le_INR; lia).
rewrite Rabs_pos_eq; [apply div_le; lra|]. apply Rlt_le, Rdiv_lt_0_compat; [apply lt_0_INR; lia|exact HN].
Qed.
