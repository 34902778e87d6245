(** * Seed 004, Theorems 12, 13 and 16: which position embeddings the compiled networks read.

    [reads_ok ok Ls]: every coordinate a head scores or reads as value, and every coordinate a
    ReLU neuron weighs, satisfies [ok].  A network that reads only [ok] coordinates gives the
    same values on [ok] coordinates from two streams that agree on them, under every weighting
    (hard, softmax at every temperature): [run_agree].

    The compiler's causal variant (c) reads none of the n-dependent embeddings i/n, n and
    (-1)^i n ([compile_reads_causal]); the unbounded variant (b) reads neither i/n nor (-1)^i i
    ([compile_reads_unbounded]).  So Theorem 13 (c) at tau = 1, c = 2 holds on the embedding
    [pes_causal] (1, (-1)^i, i, (-1)^i i, the other slots 0), none of whose entries depends on n,
    for the future-masked network ([thm13c_tau1_nindep]); and Theorem 12 (b) on the embedding
    of the paper's PEs 1, (-1)^i, i, n, (-1)^i n alone ([thm12b_tau1_pes]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals FunctionalExtensionality.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoftPaper.
Import ListNotations.
Open Scope R_scope.

(** ** Networks that read only some coordinates *)

Definition head_reads (ok : nat -> Prop) (h : shead) : Prop :=
  ok (sh_val h) /\ Forall (fun t => ok (fst (fst t)) /\ ok (snd (fst t))) (sh_terms h).
Definition unit_reads (ok : nat -> Prop) (u : sunit) : Prop :=
  Forall (fun nr => Forall (fun p => ok (fst p)) (sn_w nr)) (su_hidden u).
Definition reads_ok (ok : nat -> Prop) (Ls : snet) : Prop :=
  Forall (fun L => Forall (head_reads ok) (sl_heads L) /\ Forall (unit_reads ok) (sl_units L)) Ls.

Section Agree.
Variables (ok : nat -> Prop) (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat).

Definition agree_on (x x' : stream) : Prop := forall i c, ok c -> x i c = x' i c.

Lemma lsum_map_ext_in {A} (f g : A -> R) (l : list A) : (forall a, In a l -> f a = g a) -> lsum (map f l) = lsum (map g l).
Proof. induction l as [|a l IH]; intros H; simpl; [reflexivity|]. rewrite (H a (or_introl eq_refl)), IH; [reflexivity|]. intros; apply H; right; assumption. Qed.

Lemma head_agree (h : shead) (x x' : stream) (i : nat) : head_reads ok h -> agree_on x x' ->
  head_out W n (real_head h) x i = head_out W n (real_head h) x' i.
Proof.
intros [Hv Ht] Hx. unfold head_out.
assert (Hs : forall j, score (real_head h) x i j = score (real_head h) x' i j).
{ intros j. unfold score. simpl. rewrite !map_map. apply lsum_map_ext_in. intros t Hin.
  rewrite Forall_forall in Ht. destruct (Ht t Hin) as [H1 H2]. simpl. rewrite (Hx _ _ H1), (Hx _ _ H2). reflexivity. }
replace (fun k => score (real_head h) x' i (vis_lo (h_mask (real_head h)) i + k)%nat)
  with (fun k => score (real_head h) x i (vis_lo (h_mask (real_head h)) i + k)%nat)
  by (apply functional_extensionality; intros; apply Hs).
apply rsum_ext. intros m _. simpl. rewrite (Hx _ _ Hv). reflexivity.
Qed.

Lemma unit_agree (u : sunit) (y y' : nat -> R) : unit_reads ok u -> (forall c, ok c -> y c = y' c) ->
  unit_val (real_unit u) y = unit_val (real_unit u) y'.
Proof.
intros Hu Hy. unfold unit_val. simpl. f_equal. rewrite !map_map. apply lsum_map_ext_in. intros nr Hin.
unfold unit_reads in Hu. rewrite Forall_forall in Hu. specialize (Hu nr Hin). unfold lin. simpl. rewrite !map_map.
rewrite (lsum_map_ext_in _ (fun p => Q2R (snd p) * y' (fst p))); [reflexivity|].
intros p Hp. rewrite Forall_forall in Hu. simpl. rewrite (Hy _ (Hu p Hp)). reflexivity.
Qed.

Lemma layer_agree (L : slayer) (x x' : stream) :
  Forall (head_reads ok) (sl_heads L) /\ Forall (unit_reads ok) (sl_units L) -> agree_on x x' ->
  agree_on (layer_run W n (real_layer L) x) (layer_run W n (real_layer L) x').
Proof.
intros [Hh Hu] Hx.
assert (Ha : agree_on (attn_sub W n (l_heads (real_layer L)) x) (attn_sub W n (l_heads (real_layer L)) x')).
{ intros i c Hc. unfold attn_sub. rewrite (Hx _ _ Hc). f_equal. simpl. rewrite !map_map. apply lsum_map_ext_in.
  intros h Hin. rewrite Forall_forall in Hh. rewrite (head_agree h x x' i (Hh h Hin) Hx). reflexivity. }
unfold layer_run. revert Ha. generalize (attn_sub W n (l_heads (real_layer L)) x) (attn_sub W n (l_heads (real_layer L)) x').
intros y y' Hy i c Hc. unfold ffn_sub. rewrite (Hy _ _ Hc). f_equal. simpl. rewrite !map_map. apply lsum_map_ext_in.
intros u Hin. rewrite Forall_forall in Hu. rewrite (unit_agree u _ _ (Hu u Hin) (fun c' Hc' => Hy i c' Hc')). reflexivity.
Qed.

(** A network that reads only [ok] coordinates computes the same [ok] coordinates from streams
    that agree on them. *)
Lemma run_agree (Ls : snet) (x x' : stream) : reads_ok ok Ls -> agree_on x x' ->
  agree_on (net_run W n (real_net Ls) x) (net_run W n (real_net Ls) x').
Proof.
revert x x'. induction Ls as [|L Ls IH]; intros x x' HL Hx; [exact Hx|].
inversion HL as [|? ? HL1 HL2]; subst. simpl. apply IH; [exact HL2|]. apply layer_agree; assumption.
Qed.

End Agree.

(** ** The compiler reads only the coordinates a variant's scores use *)

Section Reads.
Variables (k : nat) (v : variant) (cq : Q) (ok : nat -> Prop).
Hypotheses (Hlet : forall c, (c < k)%nat -> ok c) (Hhigh : forall c, (k + 7 <= c)%nat -> ok c)
           (Hone : ok (c_one k)) (Halt : ok (c_alt k))
           (Hpar : ok (fst (fst (parity_term k v cq))) /\ ok (snd (fst (parity_term k v cq))))
           (Htie : forall s, ok (fst (fst (tie k v cq s))) /\ ok (snd (fst (tie k v cq s))))
           (Hstop : forall s, ok s -> ok (fst (fst (stop_term k v cq s))) /\ ok (snd (fst (stop_term k v cq s)))).

(** The compiler's state: its layers read only [ok] coordinates, and so are its memorized ones. *)
Definition st_ok (st : cstate) : Prop := reads_ok ok (cs_layers st) /\ Forall (fun pc => ok (snd pc)) (cs_memo st).

Lemma reads_at_layer (l : nat) (f : slayer -> slayer) (Ls : snet) :
  (forall L, Forall (head_reads ok) (sl_heads L) /\ Forall (unit_reads ok) (sl_units L) ->
             Forall (head_reads ok) (sl_heads (f L)) /\ Forall (unit_reads ok) (sl_units (f L))) ->
  reads_ok ok Ls -> reads_ok ok (at_layer l f Ls).
Proof. intros Hf. apply at_layer_Forall; [|exact Hf]. split; constructor. Qed.

Lemma st_ok_head (l : nat) (h : shead) (st : cstate) : head_reads ok h -> st_ok st -> st_ok (add_head l h st).
Proof.
intros Hh [HL Hm]. split; [|exact Hm]. apply reads_at_layer; [|exact HL]. intros L [H1 H2].
unfold push_head. simpl. split; [apply Forall_app; split; [exact H1|constructor; [exact Hh|constructor]]|exact H2].
Qed.

Lemma st_ok_unit (l : nat) (u : sunit) (st : cstate) : unit_reads ok u -> st_ok st -> st_ok (add_unit l u st).
Proof.
intros Hu [HL Hm]. split; [|exact Hm]. apply reads_at_layer; [|exact HL]. intros L [H1 H2].
unfold push_unit. simpl. split; [exact H1|apply Forall_app; split; [exact H2|constructor; [exact Hu|constructor]]].
Qed.

Lemma st_ok_bump (st : cstate) : st_ok st -> st_ok (bump st).
Proof. intros H; exact H. Qed.

Lemma st_ok_remember (p : ltl) (c : nat) (st : cstate) : ok c -> st_ok st -> st_ok (remember p c st).
Proof. intros Hc [HL Hm]. split; [exact HL|constructor; [exact Hc|exact Hm]]. Qed.

Lemma lookup_ok (p : ltl) (l : list (ltl * nat)) (c : nat) :
  Forall (fun pc => ok (snd pc)) l -> lookup ltl_eqb p l = Some c -> ok c.
Proof.
induction l as [|[q d] l IH]; intros H E; [discriminate|]. inversion H; subst. simpl in E.
destruct (ltl_eqb p q); [inversion E; subst; assumption|apply IH; assumption].
Qed.

Lemma fresh_ok (m : nat) : ok (c_fresh k m).
Proof. apply Hhigh. unfold c_fresh. lia. Qed.

Ltac okc := first [apply fresh_ok | apply Hone | apply Halt | apply Hhigh; unfold c_first, c_last, c_avg_first, c_avg_last; lia
                  | assumption].

Lemma unit_node_ok (inputs : list nat) (hidden : list sneuron) (c0 : Q) (st : cstate) (c : nat) (st' : cstate) :
  st_ok st -> unit_node k inputs hidden c0 st = (c, st') ->
  Forall (fun nr => Forall (fun p => ok (fst p)) (sn_w nr)) hidden -> ok c /\ st_ok st'.
Proof.
intros Hs E Hh. unfold unit_node in E. inversion E; subst. split; [apply fresh_ok|].
apply st_ok_unit; [exact Hh|apply st_ok_bump, Hs].
Qed.

Lemma sum_of_ok (a b : nat) : ok a -> ok b -> Forall (fun p => ok (fst p)) (sum_of a b).
Proof. intros Ha Hb. unfold sum_of. destruct (Nat.eqb a b); repeat constructor; assumption. Qed.

Lemma first_ok (st : cstate) : st_ok st -> st_ok (first k st).
Proof.
intros Hs. unfold first. destruct (cs_first st); [exact Hs|]. unfold set_first.
assert (H : st_ok (add_unit 0 (SUnit (c_first k) [SNeuron 1 [(c_avg_first k, (-2)%Q)] (-1); SNeuron (-1) [(c_avg_first k, (-2)%Q)] (-2)] 0)
                 (add_head 0 (SHead (c_avg_first k) (c_alt k) [] Future Average) st))).
{ apply st_ok_unit; [repeat constructor; simpl; okc|]. apply st_ok_head; [split; [exact Halt|constructor]|exact Hs]. }
exact H.
Qed.

Lemma last_ok (st : cstate) : st_ok st -> st_ok (last k st).
Proof.
intros Hs. unfold last. destruct (cs_last st); [exact Hs|]. unfold set_last.
assert (H : st_ok (add_unit 0 (SUnit (c_last k) [SNeuron 1 [(c_avg_last k, 2%Q)] (-1); SNeuron 1 [(c_avg_last k, (-2)%Q)] (-1)] 0)
                 (add_head 0 (SHead (c_avg_last k) (c_alt k) [] Past Average) st))).
{ apply st_ok_unit; [repeat constructor; simpl; okc|]. apply st_ok_head; [split; [exact Halt|constructor]|exact Hs]. }
exact H.
Qed.

Lemma select_ok (a gate : nat) (m : mask) (sign : Q) (st : cstate) (c : nat) (st' : cstate) :
  ok a -> ok gate -> st_ok st -> select k v cq a gate m sign st = (c, st') -> ok c /\ st_ok st'.
Proof.
intros Ha Hg Hs E. unfold select in E. inversion E; subst. split; [apply fresh_ok|].
apply st_ok_unit; [repeat constructor; simpl; first [apply fresh_ok|exact Hg]|].
apply st_ok_head; [|apply st_ok_bump, st_ok_bump, Hs]. split; [exact Ha|]. simpl.
constructor; [exact Hpar|constructor; [apply Htie|constructor]].
Qed.

Lemma select_su_ok (s b : nat) (m : mask) (sign : Q) (st : cstate) (c : nat) (st' : cstate) :
  ok s -> ok b -> st_ok st -> select_su k v cq s b m sign st = (c, st') -> ok c /\ st_ok st'.
Proof.
intros Hs' Hb Hs E. unfold select_su in E. inversion E; subst. split; [apply fresh_ok|].
apply st_ok_unit; [repeat constructor; simpl; apply fresh_ok|].
apply st_ok_head; [|apply st_ok_bump, st_ok_bump, Hs]. split; [exact Hb|]. simpl.
constructor; [apply Hstop, Hs'|constructor; [apply Htie|constructor]].
Qed.

Lemma stop_ok (p q : ltl) (a b s : nat) (st st' : cstate) :
  ok a -> ok b -> st_ok st -> stop_node k p q a b st = (s, st') -> ok s /\ st_ok st'.
Proof.
intros Ha Hb Hs E. unfold stop_node in E. destruct (lookup ltl_eqb (LOr (LNot p) q) (cs_memo st)) as [c|] eqn:E1.
{ inversion E; subst. split; [exact (lookup_ok _ _ _ (proj2 Hs) E1)|exact Hs]. }
destruct (lookup ltl_eqb (LNot p) (cs_memo st)) as [c|] eqn:E2.
- destruct (unit_node k [c; b] (or_neurons c b) 0 st) as [c' st2] eqn:E3. inversion E; subst.
  assert (Hc : ok c) by exact (lookup_ok _ _ _ (proj2 Hs) E2).
  destruct (unit_node_ok _ _ _ _ _ _ Hs E3 ltac:(unfold or_neurons; repeat constructor; apply sum_of_ok; assumption)) as [H1 H2].
  split; [exact H1|apply st_ok_remember; assumption].
- destruct (unit_node k [a] (not_neurons a) 0 st) as [c st1] eqn:E3.
  destruct (unit_node_ok _ _ _ _ _ _ Hs E3 ltac:(unfold not_neurons; repeat constructor; exact Ha)) as [H1 H2].
  destruct (unit_node k [c; b] (or_neurons c b) 0 (remember (LNot p) c st1)) as [c' st2] eqn:E4. inversion E; subst.
  destruct (unit_node_ok _ _ _ _ _ _ (st_ok_remember _ _ _ H1 H2) E4
              ltac:(unfold or_neurons; repeat constructor; apply sum_of_ok; assumption)) as [H3 H4].
  split; [exact H3|apply st_ok_remember; assumption].
Qed.

Lemma node_ok_reads (p : ltl) : forall (st : cstate) (c : nat) (st' : cstate),
  letters_below k p = true -> st_ok st -> node k v cq p st = (c, st') -> ok c /\ st_ok st'.
Proof.
induction p as [a|b|p IH|p IHp q IHq|p IHp q IHq|p IH|p IH|p IHp q IHq|p IHp q IHq]; intros st c st' Hl Hs E;
  cbn [node] in E; destruct (lookup ltl_eqb _ (cs_memo st)) as [c0|] eqn:Em;
  try (inversion E; subst; split; [exact (lookup_ok _ _ _ (proj2 Hs) Em)|exact Hs]); simpl in Hl;
  try (apply andb_true_iff in Hl; destruct Hl as [Hl1 Hl2]).
- inversion E; subst. split; [apply Hlet, Nat.ltb_lt, Hl|apply st_ok_remember; [apply Hlet, Nat.ltb_lt, Hl|exact Hs]].
- destruct (unit_node k [] [] _ st) as [c1 st1] eqn:E1. inversion E; subst.
  destruct (unit_node_ok _ _ _ _ _ _ Hs E1 ltac:(constructor)). split; [|apply st_ok_remember]; assumption.
- destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IH st a st1 Hl Hs Ea) as [Ha Hs1].
  destruct (unit_node k [a] _ 0 st1) as [c1 st2] eqn:E1. inversion E; subst.
  destruct (unit_node_ok _ _ _ _ _ _ Hs1 E1 ltac:(repeat constructor; exact Ha)). split; [|apply st_ok_remember]; assumption.
- destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IHp st a st1 Hl1 Hs Ea) as [Ha Hs1].
  destruct (node k v cq q st1) as [b st2] eqn:Eb. destruct (IHq st1 b st2 Hl2 Hs1 Eb) as [Hb Hs2].
  destruct (unit_node k [a; b] _ _ st2) as [c1 st3] eqn:E1. inversion E; subst.
  destruct (unit_node_ok _ _ _ _ _ _ Hs2 E1 ltac:(repeat constructor; apply sum_of_ok; assumption)).
  split; [|apply st_ok_remember]; assumption.
- destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IHp st a st1 Hl1 Hs Ea) as [Ha Hs1].
  destruct (node k v cq q st1) as [b st2] eqn:Eb. destruct (IHq st1 b st2 Hl2 Hs1 Eb) as [Hb Hs2].
  destruct (unit_node k [a; b] _ _ st2) as [c1 st3] eqn:E1. inversion E; subst.
  destruct (unit_node_ok _ _ _ _ _ _ Hs2 E1 ltac:(unfold or_neurons; repeat constructor; apply sum_of_ok; assumption)).
  split; [|apply st_ok_remember]; assumption.
- destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IH st a st1 Hl Hs Ea) as [Ha Hs1].
  destruct (select k v cq a (c_first k) Future 1%Q (first k st1)) as [c1 st2] eqn:E1. inversion E; subst.
  destruct (select_ok a (c_first k) Future 1%Q _ _ _ Ha ltac:(okc) (first_ok _ Hs1) E1). split; [|apply st_ok_remember]; assumption.
- destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IH st a st1 Hl Hs Ea) as [Ha Hs1].
  destruct (select k v cq a (c_last k) Past (-1)%Q (last k st1)) as [c1 st2] eqn:E1. inversion E; subst.
  destruct (select_ok a (c_last k) Past (-1)%Q _ _ _ Ha ltac:(okc) (last_ok _ Hs1) E1). split; [|apply st_ok_remember]; assumption.
- destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IHp st a st1 Hl1 Hs Ea) as [Ha Hs1].
  destruct (node k v cq q st1) as [b st2] eqn:Eb. destruct (IHq st1 b st2 Hl2 Hs1 Eb) as [Hb Hs2].
  destruct (stop_node k p q a b st2) as [s st3] eqn:Es. destruct (stop_ok _ _ _ _ _ _ _ Ha Hb Hs2 Es) as [Hs' Hs3].
  destruct (select_su k v cq s b Future 1%Q st3) as [c1 st4] eqn:E1. inversion E; subst.
  destruct (select_su_ok _ _ _ _ _ _ _ Hs' Hb Hs3 E1). split; [|apply st_ok_remember]; assumption.
- destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IHp st a st1 Hl1 Hs Ea) as [Ha Hs1].
  destruct (node k v cq q st1) as [b st2] eqn:Eb. destruct (IHq st1 b st2 Hl2 Hs1 Eb) as [Hb Hs2].
  destruct (stop_node k p q a b st2) as [s st3] eqn:Es. destruct (stop_ok _ _ _ _ _ _ _ Ha Hb Hs2 Es) as [Hs' Hs3].
  destruct (select_su k v cq s b Past (-1)%Q st3) as [c1 st4] eqn:E1. inversion E; subst.
  destruct (select_su_ok _ _ _ _ _ _ _ Hs' Hb Hs3 E1). split; [|apply st_ok_remember]; assumption.
Qed.

(** The compiled network reads only [ok] coordinates, and its output coordinate is one. *)
Lemma compile_reads (p : ltl) : letters_below k p = true ->
  reads_ok ok (fst (compile k v cq p)) /\ ok (snd (compile k v cq p)).
Proof.
intros Hl. unfold compile. destruct (node k v cq p init_state) as [c st] eqn:E. cbn [fst snd].
destruct (node_ok_reads p init_state c st Hl ltac:(split; constructor) E) as [Hc [HL _]].
split; [|exact Hc]. apply reads_at_layer; [intros L H; exact H|exact HL].
Qed.

End Reads.

(** ** The n-dependent embeddings are never read *)

(** Coordinates k + 2 (i/n), k + 4 (n), k + 5 ((-1)^i n): the embeddings that depend on n. *)
Definition n_free (k c : nat) : Prop := c <> c_frac k /\ c <> c_len k /\ c <> c_alt_len k.

(** Variant (c) (causal): the compiled network, for every formula (past or not), reads none of
    i/n, n, (-1)^i n; its output coordinate is none of them. *)
Theorem compile_reads_causal (k : nat) (cq : Q) (p : ltl) : letters_below k p = true ->
  reads_ok (n_free k) (fst (compile k VCausal cq p)) /\ n_free k (snd (compile k VCausal cq p)).
Proof.
apply compile_reads; unfold n_free, c_frac, c_len, c_alt_len, c_one, c_alt, parity_term, tie, stop_term, c_pos, c_alt_pos;
  simpl; intros; unfold c_one, c_alt in *; repeat split; lia.
Qed.

(** Variant (b) (unbounded): the compiled network reads neither i/n nor (-1)^i i. *)
Definition b_free (k c : nat) : Prop := c <> c_frac k /\ c <> c_alt_pos k.

Theorem compile_reads_unbounded (k : nat) (cq : Q) (p : ltl) : letters_below k p = true ->
  reads_ok (b_free k) (fst (compile k VUnbounded cq p)) /\ b_free k (snd (compile k VUnbounded cq p)).
Proof.
apply compile_reads; unfold b_free, c_frac, c_alt_pos, c_one, c_alt, parity_term, tie, stop_term, c_pos, c_len, c_alt_len;
  simpl; intros; unfold c_one, c_alt in *; repeat split; lia.
Qed.

(** ** Theorem 13 (c) on an embedding that does not depend on n *)

Definition pe_zero (i n : nat) : R := 0.

(** Variant (c)'s slots with the n-dependent entries i/n, n, (-1)^i n replaced by 0: the
    embeddings 1, (-1)^i, i, (-1)^i i. *)
Definition pes_causal : list (nat -> nat -> R) := [pe_one; pe_alt; pe_zero; pe_pos; pe_zero; pe_zero; pe_alt_pos].

Lemma pes_causal_n_free (f : nat -> nat -> R) : In f pes_causal -> forall i n n', f i n = f i n'.
Proof. simpl. intros H i n n'. repeat destruct H as [<-|H]; try reflexivity. contradiction. Qed.

(** The embedding of a word by [pes_causal] at length n is the same stream for every n. *)
Lemma embed_causal_n_free (k n n' : nat) (w : nat -> nat) : embed k pes_causal n w = embed k pes_causal n' w.
Proof.
apply functional_extensionality; intros i. apply functional_extensionality; intros c. unfold embed.
destruct (c <? k)%nat; [reflexivity|]. simpl.
destruct (c - k)%nat as [|[|[|[|[|[|[|m]]]]]]]; reflexivity.
Qed.

Lemma embed_causal_agree (k n : nat) (w : nat -> nat) :
  agree_on (n_free k) (embed k (pes VCausal) n w) (embed k pes_causal n w).
Proof.
intros i c [H1 [H2 H3]]. unfold embed. destruct (c <? k)%nat eqn:Ek; [reflexivity|].
apply Nat.ltb_ge in Ek. unfold c_frac, c_len, c_alt_len in *. simpl.
destruct (c - k)%nat as [|[|[|[|[|[|[|m]]]]]]] eqn:Ec; try reflexivity; lia.
Qed.

(** Our Theorem 13 (c) and 16 (c) at tau = 1 with c = 2, as the paper states them: for every
    formula p of LTL[Y, S] over letters < k, the compiled network is future-masked, reads none of
    the n-dependent embeddings, and for every n, word w and i < n, Lemma 9's rounding of its softmax
    run on the embedding 1, (-1)^i, i, (-1)^i i (pes_causal, the same stream for every n) is
    exactly [w, i |= p]; so is the softmax output itself. *)
Theorem thm13c_tau1_nindep (k : nat) (p : ltl) :
  past p = true -> letters_below k p = true ->
  future_net (fst (compile k VCausal 2 p)) /\ reads_ok (n_free k) (fst (compile k VCausal 2 p)) /\
  forall n w i, (i < n)%nat ->
    soft_run 1 n (real_net (fst (compile k VCausal 2 p))) (embed k pes_causal n w) i (snd (compile k VCausal 2 p))
    = B2R (sat n w p i) /\
    round01 (soft_run 1 n (real_net (fst (compile k VCausal 2 p))) (embed k pes_causal n w) i (snd (compile k VCausal 2 p)))
    = B2R (sat n w p i).
Proof.
intros Hp Hl. destruct (compile_reads_causal k 2 p Hl) as [Hr Ho].
split; [apply compile_future, Hp|split; [exact Hr|]]. intros n w i Hi.
assert (E : soft_run 1 n (real_net (fst (compile k VCausal 2 p))) (embed k pes_causal n w) i (snd (compile k VCausal 2 p))
            = B2R (sat n w p i)).
{ unfold soft_run. rewrite <- (run_agree (n_free k) (soft_w 1) n _ _ _ Hr (embed_causal_agree k n w) i _ Ho).
  apply thm13c_tau1_exact; assumption. }
split; [exact E|rewrite E; apply round_B2R].
Qed.

(** The same for the hard run (Theorem 13 (c), hard, every c > 0). *)
Theorem thm13c_hard_nindep (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  past p = true -> letters_below k p = true -> 0 < Q2R cq -> (i < n)%nat ->
  hard_run n (real_net (fst (compile k VCausal cq p))) (embed k pes_causal n w) i (snd (compile k VCausal cq p))
  = B2R (sat n w p i).
Proof.
intros Hp Hl Hc Hi. destruct (compile_reads_causal k cq p Hl) as [Hr Ho]. unfold hard_run.
rewrite <- (run_agree (n_free k) hard_w n _ _ _ Hr (embed_causal_agree k n w) i _ Ho).
apply (proj2 (proj2 (thm13c_hard k cq p n w Hp Hl Hc))), Hi.
Qed.

(** ** Theorem 12 (b) on the paper's unbounded embeddings 1, (-1)^i, i, n, (-1)^i n alone *)

Definition pes_unbounded : list (nat -> nat -> R) := [pe_one; pe_alt; pe_zero; pe_pos; pe_len; pe_alt_len; pe_zero].

Lemma embed_unbounded_agree (k n : nat) (w : nat -> nat) :
  agree_on (b_free k) (embed k (pes VUnbounded) n w) (embed k pes_unbounded n w).
Proof.
intros i c [H1 H2]. unfold embed. destruct (c <? k)%nat eqn:Ek; [reflexivity|].
apply Nat.ltb_ge in Ek. unfold c_frac, c_alt_pos in *. simpl.
destruct (c - k)%nat as [|[|[|[|[|[|[|m]]]]]]] eqn:Ec; try reflexivity; lia.
Qed.

(** Our Theorem 12 (b) (15 (b), Corollary 17 (b)) at tau = 1 with c = 2: the network reads
    neither i/n nor (-1)^i i, and on the embedding 1, (-1)^i, i, n, (-1)^i n (pes_unbounded) Lemma 9's
    rounding of its softmax run is exactly [w, i |= p]. *)
Theorem thm12b_tau1_pes (k : nat) (p : ltl) :
  letters_below k p = true ->
  reads_ok (b_free k) (fst (compile k VUnbounded 2 p)) /\
  forall n w i, (1 <= n)%nat -> (i < n)%nat ->
    round01 (soft_run 1 n (real_net (fst (compile k VUnbounded 2 p))) (embed k pes_unbounded n w) i (snd (compile k VUnbounded 2 p)))
    = B2R (sat n w p i).
Proof.
intros Hl. destruct (compile_reads_unbounded k 2 p Hl) as [Hr Ho]. split; [exact Hr|]. intros n w i Hn Hi.
unfold soft_run. rewrite <- (run_agree (b_free k) (soft_w 1) n _ _ _ Hr (embed_unbounded_agree k n w) i _ Ho).
apply thm12b_tau1; assumption.
Qed.
