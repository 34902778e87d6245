(** * Seed 004, Appendix E: the Dyck-k program recognizes Dyck-k, for every k and every length.

    Letters are natural numbers: a < k is the open bracket of type a, k + t the close bracket of
    type t (the alphabet of [quarks/attention/programs.py]: opens, then closes).  Dyck-k is defined
    by a stack recognizer ([stack_run], [dyck]).

    The program of Appendix E at position i (0-based), as [programs.dyck] computes it:
    - the counts l_i, r_i of open and close brackets in w_0 .. w_i, and the depth d_i = l_i - r_i
      ([dep]; the network reads l_i / (i + 1) and r_i / (i + 1) from uniform heads, [DyckHeads]);
    - the query depth D_i = d_i + [w_i close] ([qdep]);
    - a tieless head that selects the rightmost j <= i with w_j open and d_j = D_i >= 1, and i
      itself when there is none ([sel]);
    - the flags: [match_b] (w_i closes the type of the selected bracket), [err1_b] (w_i is a close
      bracket with D_i <= 0), the error E_i = err1 + [close] - match ([err], in 0..2);
    - a tieless head reading the largest error at or before i ([any]);
    - the output [d_i = 0] and no error ([out]).

    [dyck_program_correct]: for every k, word w and position i < |w|, the output at i is 1 iff
    w_0 .. w_i is in Dyck-k; [dyck_program_accepts]: the output at the last position is 1 iff w is
    in Dyck-k.  The letters need not be below 2k: a letter >= 2k closes no bracket. *)
From Coq Require Import Arith Lia Bool List ZArith.
Import ListNotations.

(** ** Dyck-k by a stack recognizer *)

Definition is_open (k a : nat) : bool := a <? k.

(** The stack (top first) after reading w from stack s, or None after a mismatch. *)
Fixpoint stack_run (k : nat) (s : list nat) (w : list nat) : option (list nat) :=
  match w with
  | [] => Some s
  | a :: w' =>
      if is_open k a then stack_run k (a :: s) w'
      else match s with
           | t :: s' => if Nat.eqb t (a - k) then stack_run k s' w' else None
           | [] => None
           end
  end.

Definition dyck (k : nat) (w : list nat) : Prop := stack_run k [] w = Some [].

Lemma stack_run_app (k : nat) (s u v : list nat) :
  stack_run k s (u ++ v) = match stack_run k s u with Some s' => stack_run k s' v | None => None end.
Proof.
revert s. induction u as [|a u IH]; intros s; simpl; [reflexivity|].
destruct (is_open k a); [apply IH|]. destruct s as [|t s']; [reflexivity|].
destruct (Nat.eqb t (a - k)); [apply IH|reflexivity].
Qed.

(** ** The program, position by position *)

Definition letter (w : list nat) (j : nat) : nat := nth j w 0.

(** The number of j < m with p j. *)
Fixpoint count (p : nat -> bool) (m : nat) : nat :=
  match m with O => O | S m' => count p m' + (if p m' then 1 else 0) end.

Definition close_b (k : nat) (w : list nat) (j : nat) : bool := negb (is_open k (letter w j)).

(** The depth after the first m letters, and d_i, D_i at position i. *)
Definition depth (k : nat) (w : list nat) (m : nat) : Z :=
  Z.of_nat (count (fun j => is_open k (letter w j)) m) - Z.of_nat (count (close_b k w) m).

Definition dep (k : nat) (w : list nat) (i : nat) : Z := depth k w (S i).

Definition qdep (k : nat) (w : list nat) (i : nat) : Z := dep k w i + (if close_b k w i then 1 else 0).

(** The rightmost j < m with p j. *)
Fixpoint find_last (p : nat -> bool) (m : nat) : option nat :=
  match m with O => None | S m' => if p m' then Some m' else find_last p m' end.

(** The selector of the head at i: w_j open, d_j = D_i and D_i >= 1 (one-hot depths 1..n). *)
Definition sel_b (k : nat) (w : list nat) (i j : nat) : bool :=
  is_open k (letter w j) && Z.eqb (dep k w j) (qdep k w i) && Z.ltb 0 (qdep k w i).

(** The position the tieless head selects: the rightmost j <= i with the selector, else i. *)
Definition sel (k : nat) (w : list nat) (i : nat) : nat :=
  match find_last (sel_b k w i) (S i) with Some j => j | None => i end.

Definition match_b (k : nat) (w : list nat) (i : nat) : bool :=
  close_b k w i && is_open k (letter w (sel k w i)) && Nat.eqb (letter w (sel k w i)) (letter w i - k).

Definition err1_b (k : nat) (w : list nat) (i : nat) : bool := close_b k w i && Z.leb (qdep k w i) 0.

Definition err (k : nat) (w : list nat) (i : nat) : nat :=
  (Nat.b2n (err1_b k w i) + Nat.b2n (close_b k w i)) - Nat.b2n (match_b k w i).

(** The largest of f 0, .., f (m - 1), and 0. *)
Fixpoint max_upto (f : nat -> nat) (m : nat) : nat :=
  match m with O => O | S m' => Nat.max (max_upto f m') (f m') end.

Definition any (k : nat) (w : list nat) (i : nat) : nat := max_upto (err k w) (S i).

Definition out (k : nat) (w : list nat) (i : nat) : bool := Z.eqb (dep k w i) 0 && Nat.eqb (any k w i) 0.

(** ** Facts *)

Lemma find_last_some (p : nat -> bool) (m j : nat) : find_last p m = Some j -> (j < m)%nat /\ p j = true.
Proof.
induction m as [|m IH]; simpl; [discriminate|].
destruct (p m) eqn:Hp; [intros H; injection H as <-; split; [lia|exact Hp]|].
intros H. destruct (IH H). split; [lia|assumption].
Qed.

Lemma find_last_ext (p q : nat -> bool) (m : nat) : (forall j, (j < m)%nat -> p j = q j) -> find_last p m = find_last q m.
Proof.
induction m as [|m IH]; intros H; simpl; [reflexivity|].
rewrite (H m) by lia. destruct (q m); [reflexivity|]. apply IH. intros; apply H; lia.
Qed.

Lemma max_upto_ge (f : nat -> nat) (m j : nat) : (j < m)%nat -> (f j <= max_upto f m)%nat.
Proof.
induction m as [|m IH]; intros Hj; simpl; [lia|].
destruct (Nat.eq_dec j m) as [->|Hne]; [lia|]. specialize (IH ltac:(lia)). lia.
Qed.

Lemma max_upto_zero (f : nat -> nat) (m : nat) : (forall j, (j < m)%nat -> f j = O) -> max_upto f m = O.
Proof.
induction m as [|m IH]; intros H; simpl; [reflexivity|].
rewrite IH by (intros; apply H; lia). rewrite H by lia. reflexivity.
Qed.

Lemma depth_S (k : nat) (w : list nat) (m : nat) :
  depth k w (S m) = (depth k w m + if is_open k (letter w m) then 1 else -1)%Z.
Proof.
unfold depth, close_b. simpl. destruct (is_open k (letter w m)); simpl; lia.
Qed.

Lemma firstn_S_app (w : list nat) (m : nat) : (m < length w)%nat -> firstn (S m) w = firstn m w ++ [letter w m].
Proof.
unfold letter. revert m. induction w as [|a w IH]; intros m Hm; simpl in Hm; [lia|].
destruct m as [|m]; [reflexivity|]. simpl. f_equal. apply IH. lia.
Qed.

(** The rightmost open bracket j < m with d_j = lv. *)
Definition lookup (k : nat) (w : list nat) (lv : Z) (m : nat) : option nat :=
  find_last (fun j => is_open k (letter w j) && Z.eqb (dep k w j) lv) m.

(** The invariant after m letters with stack s: the depth is |s|, the open bracket of level lv
    (1 <= lv <= |s|, bottom = 1) is the rightmost open bracket of depth lv, and no error so far. *)
Definition inv (k : nat) (w : list nat) (m : nat) (s : list nat) : Prop :=
  depth k w m = Z.of_nat (length s) /\
  (forall lv, (1 <= lv <= length s)%nat ->
     exists j, lookup k w (Z.of_nat lv) m = Some j /\ letter w j = nth (length s - lv) s O) /\
  (forall j, (j < m)%nat -> err k w j = O).

Lemma lookup_close (k : nat) (w : list nat) (lv : Z) (m : nat) : is_open k (letter w m) = false ->
  lookup k w lv (S m) = lookup k w lv m.
Proof. intros Ho. unfold lookup. simpl. rewrite Ho. reflexivity. Qed.

Lemma sel_lookup (k : nat) (w : list nat) (i : nat) : (0 < qdep k w i)%Z ->
  find_last (sel_b k w i) (S i) = lookup k w (qdep k w i) (S i).
Proof.
intros Hq. apply find_last_ext. intros j _. unfold sel_b.
replace (Z.ltb 0 (qdep k w i)) with true by (symmetry; apply Z.ltb_lt, Hq). apply andb_true_r.
Qed.

Lemma err_open (k : nat) (w : list nat) (m : nat) : is_open k (letter w m) = true -> err k w m = O.
Proof. intros Ho. unfold err, err1_b, match_b, close_b. rewrite Ho. reflexivity. Qed.

(** One more letter: the invariant, or a first error. *)
Lemma inv_step (k : nat) (w : list nat) (m : nat) (s : list nat) : inv k w m s ->
  match stack_run k s [letter w m] with
  | Some s' => inv k w (S m) s'
  | None => exists j, (j < S m)%nat /\ err k w j <> O
  end.
Proof.
intros (Hd & Hlv & He). simpl. destruct (is_open k (letter w m)) eqn:Ho.
- (* push *)
  split; [|split].
  + rewrite depth_S, Ho, Hd. simpl length. lia.
  + intros lv Hl. simpl length in Hl. unfold lookup. simpl find_last. rewrite Ho. simpl andb.
    unfold dep. rewrite depth_S, Ho, Hd.
    destruct (Nat.eq_dec lv (S (length s))) as [->|Hne].
    * rewrite (proj2 (Z.eqb_eq _ _)) by lia. exists m. split; [reflexivity|]. simpl length. rewrite Nat.sub_diag. reflexivity.
    * replace (Z.eqb (Z.of_nat (length s) + 1) (Z.of_nat lv)) with false by (symmetry; apply Z.eqb_neq; lia).
      destruct (Hlv lv ltac:(lia)) as [j [Hj Hl']]. exists j. split; [exact Hj|].
      rewrite Hl'. simpl length. replace (S (length s) - lv)%nat with (S (length s - lv)) by lia. reflexivity.
  + intros j Hj. destruct (Nat.eq_dec j m) as [->|Hne]; [apply err_open, Ho|apply He; lia].
- assert (Hc : close_b k w m = true) by (unfold close_b; rewrite Ho; reflexivity).
  assert (Hq : qdep k w m = Z.of_nat (length s)) by (unfold qdep, dep; rewrite depth_S, Ho, Hc, Hd; lia).
  destruct s as [|t s'].
  + (* a close bracket at depth 0 *)
    exists m. split; [lia|]. unfold err, err1_b. rewrite Hc, Hq. simpl.
    destruct (match_b k w m); simpl; discriminate.
  + destruct (Hlv (length (t :: s')) ltac:(simpl; lia)) as [j0 [Hj0 Hl0]].
    rewrite Nat.sub_diag in Hl0. simpl in Hl0.
    assert (Hsel : sel k w m = j0).
    { unfold sel. rewrite sel_lookup by (rewrite Hq; simpl; lia). rewrite Hq.
      rewrite lookup_close by exact Ho. rewrite Hj0. reflexivity. }
    assert (Hoj : is_open k (letter w j0) = true).
    { unfold lookup in Hj0. apply find_last_some in Hj0. destruct Hj0 as [_ Hp]. apply andb_true_iff in Hp. apply Hp. }
    assert (Herr1 : err1_b k w m = false) by (unfold err1_b; rewrite Hc, Hq; simpl; apply Z.leb_gt; lia).
    destruct (Nat.eqb t (letter w m - k)) eqn:Ht.
    * (* pop *)
      split; [|split].
      -- rewrite depth_S, Ho, Hd. simpl length. lia.
      -- intros lv Hl. rewrite lookup_close by exact Ho.
         destruct (Hlv lv ltac:(simpl; lia)) as [j [Hj Hl']]. exists j. split; [exact Hj|].
         rewrite Hl'. simpl length. replace (S (length s') - lv)%nat with (S (length s' - lv)) by lia. reflexivity.
      -- intros j Hj. destruct (Nat.eq_dec j m) as [->|Hne]; [|apply He; lia].
         unfold err, match_b. rewrite Herr1, Hc, Hsel, Hoj, Hl0, Ht. reflexivity.
    * exists m. split; [lia|]. unfold err, match_b. rewrite Herr1, Hc, Hsel, Hoj, Hl0, Ht. simpl. discriminate.
Qed.

(** After every prefix: the invariant, or an error at some earlier position. *)
Lemma inv_prefix (k : nat) (w : list nat) (m : nat) : (m <= length w)%nat ->
  match stack_run k [] (firstn m w) with
  | Some s => inv k w m s
  | None => exists j, (j < m)%nat /\ err k w j <> O
  end.
Proof.
induction m as [|m IH]; intros Hm.
- simpl. split; [reflexivity|split]; [intros lv Hl; simpl in Hl; lia|intros j Hj; lia].
- rewrite firstn_S_app by lia. rewrite stack_run_app.
  specialize (IH ltac:(lia)). destruct (stack_run k [] (firstn m w)) as [s|].
  + apply inv_step, IH.
  + destruct IH as [j [Hj He]]. exists j. split; [lia|exact He].
Qed.

(** ** The theorem *)

(** The program outputs 1 at position i iff the prefix w_0 .. w_i is in Dyck-k: for every k, word
    and position. *)
Theorem dyck_program_correct (k : nat) (w : list nat) (i : nat) : (i < length w)%nat ->
  out k w i = true <-> dyck k (firstn (S i) w).
Proof.
intros Hi. pose proof (inv_prefix k w (S i) Hi) as H. unfold dyck, out, any.
destruct (stack_run k [] (firstn (S i) w)) as [s|].
- destruct H as (Hd & _ & He). unfold dep. rewrite Hd, max_upto_zero by exact He.
  rewrite Nat.eqb_refl, andb_true_r, Z.eqb_eq.
  destruct s as [|t s]; simpl; split; intros H; try reflexivity; [lia|discriminate].
- destruct H as [j [Hj He]]. pose proof (max_upto_ge (err k w) (S i) j Hj).
  split; intros H'; [|discriminate]. apply andb_true_iff in H'. destruct H' as [_ H'].
  apply Nat.eqb_eq in H'. lia.
Qed.

(** The output at the last position is 1 iff the word is in Dyck-k (every k, every length >= 1). *)
Theorem dyck_program_accepts (k : nat) (w : list nat) : w <> [] ->
  out k w (length w - 1) = true <-> dyck k w.
Proof.
intros Hw. destruct w as [|a w']; [contradiction|].
rewrite dyck_program_correct by (simpl; lia).
replace (S (length (a :: w') - 1)) with (length (a :: w')) by (simpl; lia). rewrite firstn_all. reflexivity.
Qed.
