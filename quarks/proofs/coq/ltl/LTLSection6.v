(** * Seed 004, Section 6 through Corollary 17: the k-hop induction heads (outputting the letter,
    every alphabet, every number of hops) and the flip-flop language as formulas of LTL[Y, S],
    computed exactly by one softmax network for every length at the paper's temperature 1/(2n).

    Section 6 of the paper: "the k-hop induction head task can be computed by iterating the basic
    induction head task k times, so Corollary 17 gives a SMAT for the k-hop induction head task",
    and the flip-flop language is "a particular instance of the basic induction head task".  Here
    both are past formulas of LTL[Y, S] (words w : nat -> nat over letters 0 .. k - 1):
    - [hop k phi] = OR_(b < k) (b & ((!Y b) S (Y b & phi))): at i, phi holds at the rightmost
      j <= i whose previous letter w_(j-1) is w_i, false if there is none ([sat_hop]);
    - [ih_ltl k K a]: K hops from [w = a] ([ihk w K a i]: the letter at the position reached by
      K such steps from i is a; false when a step finds nothing; [sat_ih_ltl]).  K = 1 is the basic
      induction head of [Induction.v] ([ihk_ih_out]: letter 0 is [ih_out]), K = 2 the 2-hop head of
      [Induction2.v] ([ihk_ih2_out]).  The letter itself: [ihk_pos] is the position reached, and by
      definition the k outputs, a < k, are the one-hot code of its letter (all 0 if none);
    - [ff_ltl]: the flip-flop language (Liu et al. 2023a) over the letters 0, 1 (write 0, 1), 2, 3
      (read 0, 1) and 4 (ignore): H (not (read b and not Y ((!write) S b))) for b = 0, 1, i.e. every
      read at or before i returns the last bit written before it (a read with no earlier write is
      wrong) ([sat_ff_ltl]: [fflang]; [fflang_spec]).
    Then Corollary 17 (a) at tau = 1/(2n) ([LTLSoftPaper.thm12_paper_exact]), its future-masked form
    (Corollary 18, [thm13_paper]) and the n-independent future-masked network at tau = 1
    ([thm13c_tau1_nindep]) give [cor17_ihk_paper], [cor18_ihk_paper], [cor18_ihk_tau1] and
    [cor17_fflang_paper], [cor18_fflang_paper], [cor18_fflang_tau1]: for every k, K, a < k, length n,
    word and i < n, the softmax output of the compiled network (it does not depend on n) is exactly
    the task's bit, and so is its rounding. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftPaper LTLCausal.
From Quarks Require Dyck DyckHeads Induction Induction2 LTLCountSyntax.
Import ListNotations.
Open Scope R_scope.

(** ** Disjunctions and the two uses of S *)

Definition lor_all (ps : list ltl) : ltl := fold_right LOr (LConst false) ps.

Lemma sat_lor_all (n : nat) (w : nat -> nat) (ps : list ltl) (i : nat) :
  sat n w (lor_all ps) i = existsb (fun p => sat n w p i) ps.
Proof. induction ps as [|p ps IH]; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma letters_below_lor_all (k : nat) (ps : list ltl) :
  forallb (letters_below k) ps = true -> letters_below k (lor_all ps) = true.
Proof. induction ps as [|p ps IH]; simpl; [reflexivity|]. rewrite !andb_true_iff. tauto. Qed.

Lemma past_lor_all (ps : list ltl) : forallb past ps = true -> past (lor_all ps) = true.
Proof. induction ps as [|p ps IH]; simpl; [reflexivity|]. rewrite !andb_true_iff. tauto. Qed.

(** (!M) S (M & F) at i: F at the rightmost j <= i with M, false if there is none. *)
Lemma since_last (M F : nat -> bool) (i : nat) :
  since_rec (fun t => negb (M t)) (fun t => M t && F t) i =
  match Dyck.find_last M (S i) with Some j => F j | None => false end.
Proof.
induction i as [|i IH]; simpl.
- destruct (M 0%nat); reflexivity.
- simpl in IH. rewrite IH. destruct (M (S i)); simpl; [destruct (F (S i)); reflexivity|reflexivity].
Qed.

(** true S Q at i: Q somewhere at or before i. *)
Lemma since_true (Q : nat -> bool) (i : nat) : since_rec (fun _ => true) Q i = existsb Q (seq 0 (S i)).
Proof.
induction i as [|i IH]; [simpl; rewrite orb_false_r; reflexivity|].
change (since_rec (fun _ => true) Q (S i)) with (Q (S i) || (true && since_rec (fun _ => true) Q i)).
rewrite IH, (seq_S (S i)), existsb_app. simpl. rewrite orb_false_r, orb_comm. reflexivity.
Qed.

(** ** Induction heads: k letters, K hops, output [letter = a] *)

(** The positions j >= 1 whose previous letter is w_i. *)
Definition hmatch (w : nat -> nat) (i j : nat) : bool := (0 <? j)%nat && Nat.eqb (w (j - 1)%nat) (w i).

(** The position reached from i by K steps "the rightmost j <= i with w_(j-1) = w_i", if every step
    finds one. *)
Fixpoint ihk_pos (w : nat -> nat) (K i : nat) : option nat :=
  match K with
  | O => Some i
  | S K' => match Dyck.find_last (hmatch w i) (S i) with Some j => ihk_pos w K' j | None => None end
  end.

(** The K-hop induction head's output for letter a. *)
Definition ihk (w : nat -> nat) (K a i : nat) : bool :=
  match ihk_pos w K i with Some t => Nat.eqb (w t) a | None => false end.

Definition hop (k : nat) (phi : ltl) : ltl :=
  lor_all (map (fun b => LAnd (LAtom b) (LS (LNot (LY (LAtom b))) (LAnd (LY (LAtom b)) phi))) (seq 0 k)).

Fixpoint ih_ltl (k K a : nat) : ltl := match K with O => LAtom a | S K' => hop k (ih_ltl k K' a) end.

Lemma existsb_mapE {A B} (f : B -> bool) (g : A -> B) (l : list A) : existsb f (map g l) = existsb (fun x => f (g x)) l.
Proof. induction l as [|x l IH]; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma existsb_seq_one (k b : nat) (f : nat -> bool) : (b < k)%nat ->
  existsb (fun c => Nat.eqb b c && f c) (seq 0 k) = f b.
Proof.
intros Hb. destruct (f b) eqn:Fb.
- apply existsb_exists. exists b. split; [apply in_seq; lia|]. rewrite Nat.eqb_refl. exact Fb.
- apply not_true_is_false. intros H. apply existsb_exists in H. destruct H as [c [_ Hc]].
  apply andb_true_iff in Hc. destruct Hc as [E Hc]. apply Nat.eqb_eq in E. subst c. congruence.
Qed.

(** One hop: phi at the rightmost j <= i with w_(j-1) = w_i, false if none. *)
Lemma sat_hop (k n : nat) (w : nat -> nat) (phi : ltl) (i : nat) : (w i < k)%nat ->
  sat n w (hop k phi) i = match Dyck.find_last (hmatch w i) (S i) with Some j => sat n w phi j | None => false end.
Proof.
intros Hk. unfold hop. rewrite sat_lor_all, existsb_mapE. cbn [sat].
rewrite (existsb_seq_one k (w i) (fun b => since_rec (fun t => negb ((0 <? t)%nat && Nat.eqb (w (t - 1)%nat) b))
                                              (fun t => ((0 <? t)%nat && Nat.eqb (w (t - 1)%nat) b) && sat n w phi t) i)) by exact Hk.
rewrite since_last. reflexivity.
Qed.

Theorem sat_ih_ltl (k n : nat) (w : nat -> nat) (K a : nat) : (forall t, (w t < k)%nat) ->
  forall i, sat n w (ih_ltl k K a) i = ihk w K a i.
Proof.
intros Hw. induction K as [|K IH]; intros i; [reflexivity|].
cbn [ih_ltl]. rewrite sat_hop by apply Hw. unfold ihk. cbn [ihk_pos].
destruct (Dyck.find_last (hmatch w i) (S i)) as [j|]; [apply IH|reflexivity].
Qed.

Lemma ih_ltl_ok (k K a : nat) : (a < k)%nat -> past (ih_ltl k K a) = true /\ letters_below k (ih_ltl k K a) = true.
Proof.
intros Ha. induction K as [|K [IHp IHl]]; simpl; [split; [reflexivity|apply Nat.ltb_lt, Ha]|].
unfold hop. split.
- apply past_lor_all, forallb_forall. intros p Hp. apply in_map_iff in Hp. destruct Hp as [b [<- _]]. simpl. rewrite IHp. reflexivity.
- apply letters_below_lor_all, forallb_forall. intros p Hp. apply in_map_iff in Hp. destruct Hp as [b [<- Hb]].
  apply in_seq in Hb. simpl. replace (b <? k)%nat with true by (symmetry; apply Nat.ltb_lt; lia). rewrite IHl. reflexivity.
Qed.

(** The hand-built networks' references (words as lists): one hop, letter 0, is [Induction.ih_out];
    two hops, letter 0, is [Induction2.ih2_out]. *)
Lemma ihk_ih_out (wl : list nat) (i : nat) : ihk (Dyck.letter wl) 1 0 i = Induction.ih_out wl i.
Proof. unfold ihk, Induction.ih_out. cbn [ihk_pos]. destruct (Dyck.find_last _ _); reflexivity. Qed.

Lemma ihk_ih2_out (wl : list nat) (i : nat) : ihk (Dyck.letter wl) 2 0 i = Induction2.ih2_out wl i.
Proof.
unfold Induction2.ih2_out, Induction.ih_found, Induction.ih_find. rewrite <- ihk_ih_out.
unfold ihk. cbn [ihk_pos]. change (Induction.ih_match wl i) with (hmatch (Dyck.letter wl) i).
destruct (Dyck.find_last (hmatch (Dyck.letter wl) i) (S i)); reflexivity.
Qed.

(** ** The flip-flop language *)

(** Letters: 0, 1 write 0, 1; 2, 3 read 0, 1; 4 ignore. *)
Definition write_at (w : nat -> nat) (t : nat) : bool := (w t <? 2)%nat.

(** A read at j returns the bit of the last write before j (and there is one). *)
Definition read_ok (w : nat -> nat) (j : nat) : bool :=
  match w j with
  | 2%nat => match Dyck.find_last (write_at w) j with Some t => Nat.eqb (w t) 0 | None => false end
  | 3%nat => match Dyck.find_last (write_at w) j with Some t => Nat.eqb (w t) 1 | None => false end
  | _ => true
  end.

(** w_0 .. w_i is in the flip-flop language. *)
Definition fflang (w : nat -> nat) (i : nat) : bool := forallb (read_ok w) (seq 0 (S i)).

(** The last write before j was b: Y ((!write) S b). *)
Definition last_bit (b : nat) : ltl := LY (LS (LNot (LOr (LAtom 0) (LAtom 1))) (LAtom b)).

Definition ff_ok_ltl : ltl :=
  LAnd (LNot (LAnd (LAtom 2) (LNot (last_bit 0)))) (LNot (LAnd (LAtom 3) (LNot (last_bit 1)))).

(** H ok = !(true S !ok). *)
Definition ff_ltl : ltl := LNot (LS (LConst true) (LNot ff_ok_ltl)).

Lemma sat_last_bit (n : nat) (w : nat -> nat) (b j : nat) : (b < 2)%nat ->
  sat n w (last_bit b) j = match Dyck.find_last (write_at w) j with Some t => Nat.eqb (w t) b | None => false end.
Proof.
intros Hb. unfold last_bit. cbn [sat]. destruct j as [|j]; [reflexivity|].
replace (S j - 1)%nat with j by lia. cbn [Nat.ltb Nat.leb andb].
rewrite (LTLCountSyntax.since_rec_ext _ (fun t => negb (write_at w t)) _ (fun t => write_at w t && Nat.eqb (w t) b)).
- apply since_last.
- intros t. unfold write_at. cbn [sat]. destruct (w t) as [|[|c]]; reflexivity.
- intros t. unfold write_at. cbn [sat]. destruct (w t) as [|[|c]]; destruct b as [|[|b]]; reflexivity || lia.
Qed.

Lemma sat_ff_ok (n : nat) (w : nat -> nat) (j : nat) : sat n w ff_ok_ltl j = read_ok w j.
Proof.
unfold ff_ok_ltl, read_ok. cbn [sat]. rewrite !sat_last_bit by lia.
destruct (w j) as [|[|[|[|c]]]]; cbn; try reflexivity; destruct (Dyck.find_last _ _); try reflexivity;
  rewrite ?negb_involutive, ?andb_true_r; reflexivity.
Qed.

Theorem sat_ff_ltl (n : nat) (w : nat -> nat) (i : nat) : sat n w ff_ltl i = fflang w i.
Proof.
unfold ff_ltl, fflang. cbn [sat]. rewrite since_true.
induction (seq 0 (S i)) as [|j l IH]; [reflexivity|]. cbn [existsb forallb sat]. rewrite negb_orb, IH, sat_ff_ok, negb_involutive.
reflexivity.
Qed.

Lemma ff_ltl_ok : past ff_ltl = true /\ letters_below 5 ff_ltl = true.
Proof. split; reflexivity. Qed.

Lemma find_last_at (p : nat -> bool) (m t : nat) : (t < m)%nat -> p t = true ->
  (forall t', (t < t' < m)%nat -> p t' = false) -> Dyck.find_last p m = Some t.
Proof.
induction m as [|m IH]; intros Ht Hp Hr; [lia|]. simpl. destruct (Nat.eq_dec t m) as [->|Hne]; [rewrite Hp; reflexivity|].
rewrite (Hr m) by lia. apply IH; [lia|exact Hp|]. intros t' H'. apply Hr. lia.
Qed.

(** The language as a statement: every read of b (letter 2 + b) at j <= i follows a write of b at
    some t < j with no write strictly between. *)
Lemma fflang_spec (w : nat -> nat) (i : nat) :
  fflang w i = true <-> forall j b, (j <= i)%nat -> (b < 2)%nat -> w j = (2 + b)%nat ->
    exists t, (t < j)%nat /\ w t = b /\ forall t', (t < t' < j)%nat -> write_at w t' = false.
Proof.
unfold fflang. rewrite forallb_forall. split.
- intros H j b Hj Hb Hw. specialize (H j ltac:(apply in_seq; lia)). unfold read_ok in H. rewrite Hw in H.
  assert (H' : match Dyck.find_last (write_at w) j with Some t => Nat.eqb (w t) b | None => false end = true)
    by (destruct b as [|[|b]]; [exact H|exact H|lia]).
  destruct (Dyck.find_last (write_at w) j) as [t|] eqn:E; [|discriminate].
  exists t. split; [apply (Dyck.find_last_some _ _ _ E)|split; [apply Nat.eqb_eq, H'|]].
  apply (DyckHeads.find_last_right _ _ _ E).
- intros H j Hj. apply in_seq in Hj. unfold read_ok.
  assert (G : forall b, (b < 2)%nat -> w j = (2 + b)%nat ->
              match Dyck.find_last (write_at w) j with Some t => Nat.eqb (w t) b | None => false end = true).
  { intros b Hb Hw. destruct (H j b ltac:(lia) Hb Hw) as [t [Ht [Hwt Hr]]].
    rewrite (find_last_at _ j t Ht); [apply Nat.eqb_eq, Hwt|unfold write_at; rewrite Hwt; apply Nat.ltb_lt, Hb|exact Hr]. }
  destruct (w j) as [|[|[|[|c]]]] eqn:Ew; try reflexivity; [apply (G 0%nat)|apply (G 1%nat)]; lia.
Qed.

(** ** Corollaries 17 and 18 at the paper's parameters *)

(** The K-hop induction head over k letters, output [letter = a], by the softmax network of
    Corollary 17 (a) at tau = 1/(2n) (embeddings 1, (-1)^i, i/n; the network does not depend on n):
    the output itself and its rounding are exactly [ihk w K a i]. *)
Theorem cor17_ihk_paper (k K a : nat) (cq : Q) (n : nat) (w : nat -> nat) (i : nat) :
  (a < k)%nat -> (forall t, (w t < k)%nat) -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_paper n) n (real_net (fst (compile k VTemperature cq (ih_ltl k K a)))) (embed k (pes VTemperature) n w) i
    (snd (compile k VTemperature cq (ih_ltl k K a))) = B2R (ihk w K a i) /\
  round01 (soft_run (tau_paper n) n (real_net (fst (compile k VTemperature cq (ih_ltl k K a)))) (embed k (pes VTemperature) n w) i
    (snd (compile k VTemperature cq (ih_ltl k K a)))) = B2R (ihk w K a i).
Proof.
intros Ha Hw Hn Hi. destruct (ih_ltl_ok k K a Ha) as [_ Hl]. rewrite <- (sat_ih_ltl k n w K a Hw i).
split; [apply thm12_paper_exact|apply thm12_paper]; assumption.
Qed.

(** The same by the future-masked network (Corollary 18 (a), decoder-only) at tau = 1/(2n). *)
Theorem cor18_ihk_paper (k K a : nat) (cq : Q) (n : nat) (w : nat -> nat) :
  (a < k)%nat -> (forall t, (w t < k)%nat) -> (1 <= n)%nat ->
  future_net (fst (compile k VCausalTemperature cq (ih_ltl k K a))) /\
  forall i, (i < n)%nat ->
    round01 (soft_run (tau_paper n) n (real_net (fst (compile k VCausalTemperature cq (ih_ltl k K a))))
               (embed k (pes VCausalTemperature) n w) i (snd (compile k VCausalTemperature cq (ih_ltl k K a)))) = B2R (ihk w K a i).
Proof.
intros Ha Hw Hn. destruct (ih_ltl_ok k K a Ha) as [Hp Hl].
destruct (thm13_paper k cq (ih_ltl k K a) n w Hp Hl Hn) as [Hf Hr]. split; [exact Hf|].
intros i Hi. rewrite <- (sat_ih_ltl k n w K a Hw i). apply Hr, Hi.
Qed.

(** And by the future-masked network at tau = 1 on the embedding 1, (-1)^i, i, (-1)^i i: nothing in
    the network, the embedding or the temperature depends on n (Corollary 18 (b) with c = 2). *)
Theorem cor18_ihk_tau1 (k K a : nat) : (a < k)%nat ->
  future_net (fst (compile k VCausal 2 (ih_ltl k K a))) /\ reads_ok (n_free k) (fst (compile k VCausal 2 (ih_ltl k K a))) /\
  forall n w i, (forall t, (w t < k)%nat) -> (i < n)%nat ->
    round01 (soft_run 1 n (real_net (fst (compile k VCausal 2 (ih_ltl k K a)))) (embed k pes_causal n w) i
               (snd (compile k VCausal 2 (ih_ltl k K a)))) = B2R (ihk w K a i).
Proof.
intros Ha. destruct (ih_ltl_ok k K a Ha) as [Hp Hl].
destruct (thm13c_tau1_nindep k (ih_ltl k K a) Hp Hl) as [Hf [Hr H]]. split; [exact Hf|split; [exact Hr|]].
intros n w i Hw Hi. rewrite <- (sat_ih_ltl k n w K a Hw i). apply (H n w i Hi).
Qed.

(** The flip-flop language by the softmax network of Corollary 17 (a) at tau = 1/(2n): the output
    at i and its rounding are exactly [w_0 .. w_i in the flip-flop language]. *)
Theorem cor17_fflang_paper (cq : Q) (n : nat) (w : nat -> nat) (i : nat) : (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_paper n) n (real_net (fst (compile 5 VTemperature cq ff_ltl))) (embed 5 (pes VTemperature) n w) i
    (snd (compile 5 VTemperature cq ff_ltl)) = B2R (fflang w i) /\
  round01 (soft_run (tau_paper n) n (real_net (fst (compile 5 VTemperature cq ff_ltl))) (embed 5 (pes VTemperature) n w) i
    (snd (compile 5 VTemperature cq ff_ltl))) = B2R (fflang w i).
Proof.
intros Hn Hi. rewrite <- (sat_ff_ltl n w i). destruct ff_ltl_ok as [_ Hl].
split; [apply thm12_paper_exact|apply thm12_paper]; assumption.
Qed.

Theorem cor18_fflang_paper (cq : Q) (n : nat) (w : nat -> nat) : (1 <= n)%nat ->
  future_net (fst (compile 5 VCausalTemperature cq ff_ltl)) /\
  forall i, (i < n)%nat ->
    round01 (soft_run (tau_paper n) n (real_net (fst (compile 5 VCausalTemperature cq ff_ltl)))
               (embed 5 (pes VCausalTemperature) n w) i (snd (compile 5 VCausalTemperature cq ff_ltl))) = B2R (fflang w i).
Proof.
intros Hn. destruct ff_ltl_ok as [Hp Hl]. destruct (thm13_paper 5 cq ff_ltl n w Hp Hl Hn) as [Hf Hr].
split; [exact Hf|]. intros i Hi. rewrite <- (sat_ff_ltl n w i). apply Hr, Hi.
Qed.

Theorem cor18_fflang_tau1 :
  future_net (fst (compile 5 VCausal 2 ff_ltl)) /\ reads_ok (n_free 5) (fst (compile 5 VCausal 2 ff_ltl)) /\
  forall n w i, (i < n)%nat ->
    round01 (soft_run 1 n (real_net (fst (compile 5 VCausal 2 ff_ltl))) (embed 5 pes_causal n w) i
               (snd (compile 5 VCausal 2 ff_ltl))) = B2R (fflang w i).
Proof.
destruct ff_ltl_ok as [Hp Hl]. destruct (thm13c_tau1_nindep 5 ff_ltl Hp Hl) as [Hf [Hr H]].
split; [exact Hf|split; [exact Hr|]]. intros n w i Hi. rewrite <- (sat_ff_ltl n w i). apply (H n w i Hi).
Qed.
