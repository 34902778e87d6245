(** * Seed 004, Section 6 at the paper's temperature: the K-hop induction head's letter by one
    network, its k outputs the one-hot code of the letter.

    The LTL compiler ([LTLSyntax.node]) gives every formula it compiles a coordinate and records it
    in its memo table [cs_memo]; its invariant ([LTLSoftNode.sinv], through
    [LTLSoftPaper.compile_sok_memo]) holds every memo entry exactly in the soft run.  Here:
    - [subformulas p] (p and the sub-formulas of its arguments) and [memo_coord k v cq p q], the
      coordinate of q in the compiled network of p: the memo table's entry for q after compiling p
      (the compiler shares one coordinate per formula: a repeated sub-formula is looked up, not
      compiled again);
    - [node_memo]: compiling p from a memo table closed under sub-formulas leaves one that is
      closed, extends the old one and holds p; so every sub-formula of p has an entry
      ([memo_coord_sub]);
    - [thm12_paper_sub]: Theorem 12 (a) at tau = 1/(2n) for every sub-formula: for every formula p
      over letters < k, n >= 1, word and i < n, the softmax output of [compile k VTemperature cq p]
      at [memo_coord] of each sub-formula q is exactly [w, i |= q] (so is its rounding);
      [thm13_paper_sub]: the future-masked network (Corollary 18) for past formulas;
      [thm13c_tau1_sub]: the future-masked network of variant (c) at tau = 1, c = 2, on the
      embeddings 1, (-1)^i, i, (-1)^i i (its memo coordinates are none of the n-dependent ones,
      [memo_n_free]);
    - [ih_all k K] = OR_(a < k) [ih_ltl k K a] ([LTLSection6.v]): one formula whose sub-formulas are
      the k letter tests of the K-hop induction head; [ih_coords k v cq K] their k coordinates.
      [cor17_ihk_letter]: one network (it does not depend on n), one temperature 1/(2n): for every
      k, K, n >= 1, word over letters < k and i < n, the k softmax outputs at [ih_coords] (and their
      roundings) are [onehot k (ihk_letter w K i)], the one-hot code of the letter at the position
      reached by K hops (all 0 if a hop finds nothing); [ih_coords_nodup]: the k coordinates are
      distinct; [cor18_ihk_letter]: the same by the future-masked network; [cor18_ihk_letter_tau1]:
      by the future-masked network at tau = 1, where nothing depends on n. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftNode LTLSoftPaper LTLCausal LTLSection6.
From Quarks Require Dyck.
Import ListNotations.
Open Scope R_scope.

(** ** Sub-formulas and the compiler's memo table *)

Fixpoint subformulas (p : ltl) : list ltl :=
  p :: match p with
       | LAtom _ | LConst _ => []
       | LNot q | LY q | LX q => subformulas q
       | LAnd q r | LOr q r | LS q r | LU q r => subformulas q ++ subformulas r
       end.

(** The coordinate of q in the network compiled from p (0 if q has none: never for a sub-formula,
    [memo_coord_sub]). *)
Definition memo_coord (k : nat) (v : variant) (cq : Q) (p q : ltl) : nat :=
  match lookup ltl_eqb q (cs_memo (snd (node k v cq p init_state))) with Some c => c | None => 0%nat end.

Definition memo_has (m : list (ltl * nat)) (q : ltl) : Prop := lookup ltl_eqb q m <> None.

Definition memo_closed (m : list (ltl * nat)) : Prop :=
  forall r, memo_has m r -> forall q, In q (subformulas r) -> memo_has m q.

Lemma memo_has_app (l m : list (ltl * nat)) (q : ltl) : memo_has m q -> memo_has (l ++ m) q.
Proof.
intros H. induction l as [|[r c] l IH]; [exact H|]. unfold memo_has. cbn [app lookup].
destruct (ltl_eqb q r); [discriminate|exact IH].
Qed.

Lemma memo_has_self (r : ltl) (c : nat) (m : list (ltl * nat)) : memo_has ((r, c) :: m) r.
Proof. unfold memo_has. cbn [lookup]. rewrite ltl_eqb_refl. discriminate. Qed.

Lemma memo_has_consE (r : ltl) (c : nat) (m : list (ltl * nat)) (q : ltl) : memo_has ((r, c) :: m) q -> q = r \/ memo_has m q.
Proof.
unfold memo_has. cbn [lookup]. destruct (ltl_eqb q r) eqn:E; [left; apply ltl_eqb_eq, E|right; exact H].
Qed.

Lemma memo_has_some (m : list (ltl * nat)) (q : ltl) (c : nat) : lookup ltl_eqb q m = Some c -> memo_has m q.
Proof. intros E. unfold memo_has. rewrite E. discriminate. Qed.

Lemma subformulas_self (p : ltl) : In p (subformulas p).
Proof. destruct p; left; reflexivity. Qed.

(** Adding r to a closed table whose entries include r's proper sub-formulas. *)
Lemma memo_closed_cons (r : ltl) (c : nat) (m : list (ltl * nat)) : memo_closed m ->
  (forall q, In q (subformulas r) -> q = r \/ memo_has m q) -> memo_closed ((r, c) :: m).
Proof.
intros Hm Hr r' H' q Hq. destruct (memo_has_consE _ _ _ _ H') as [->|H].
- destruct (Hr q Hq) as [->|H2]; [apply memo_has_self|apply (memo_has_app [(r, c)]), H2].
- apply (memo_has_app [(r, c)]), (Hm r' H q Hq).
Qed.

(** The steps other than [remember] keep the memo table. *)
Lemma memo_unit_node (k : nat) (ins : list nat) (hid : list sneuron) (c0 : Q) (st : cstate) (c : nat) (st' : cstate) :
  unit_node k ins hid c0 st = (c, st') -> cs_memo st' = cs_memo st.
Proof. unfold unit_node. intros E. inversion E. reflexivity. Qed.

Lemma memo_select (k : nat) (v : variant) (cq : Q) (a g : nat) (m : mask) (s : Q) (st : cstate) (c : nat) (st' : cstate) :
  select k v cq a g m s st = (c, st') -> cs_memo st' = cs_memo st.
Proof. unfold select. intros E. inversion E. reflexivity. Qed.

Lemma memo_select_su (k : nat) (v : variant) (cq : Q) (s b : nat) (m : mask) (sign : Q) (st : cstate) (c : nat) (st' : cstate) :
  select_su k v cq s b m sign st = (c, st') -> cs_memo st' = cs_memo st.
Proof. unfold select_su. intros E. inversion E. reflexivity. Qed.

Lemma memo_first (k : nat) (st : cstate) : cs_memo (first k st) = cs_memo st.
Proof. unfold first. destruct (cs_first st); reflexivity. Qed.

Lemma memo_last (k : nat) (st : cstate) : cs_memo (last k st) = cs_memo st.
Proof. unfold last. destruct (cs_last st); reflexivity. Qed.

(** The stop node !p | q adds !p and !p | q, whose proper sub-formulas are there already. *)
Lemma stop_node_memo (k : nat) (p q : ltl) (a b : nat) (st : cstate) (s : nat) (st' : cstate) :
  memo_closed (cs_memo st) -> (forall r, In r (subformulas p ++ subformulas q) -> memo_has (cs_memo st) r) ->
  stop_node k p q a b st = (s, st') -> (exists l, cs_memo st' = l ++ cs_memo st) /\ memo_closed (cs_memo st').
Proof.
intros Hc Hs E. unfold stop_node in E.
destruct (lookup ltl_eqb (LOr (LNot p) q) (cs_memo st)) as [c|] eqn:Eo; [inversion E; subst; split; [exists []; reflexivity|exact Hc]|].
assert (Hsub : forall r, In r (subformulas (LOr (LNot p) q)) -> r = LOr (LNot p) q \/ r = LNot p \/ memo_has (cs_memo st) r).
{ intros r Hr. cbn [subformulas] in Hr. destruct Hr as [<-|Hr]; [left; reflexivity|]. rewrite <- app_comm_cons in Hr.
  destruct Hr as [<-|Hr]; [right; left; reflexivity|right; right; apply Hs, Hr]. }
destruct (lookup ltl_eqb (LNot p) (cs_memo st)) as [c1|] eqn:En.
- destruct (unit_node k [c1; b] (or_neurons c1 b) 0 st) as [c2 st2] eqn:E2. inversion E. subst s st'.
  cbn [cs_memo remember]. rewrite (memo_unit_node _ _ _ _ _ _ _ E2). split; [exists [(LOr (LNot p) q, c2)]; reflexivity|].
  apply memo_closed_cons; [exact Hc|]. intros r Hr. destruct (Hsub r Hr) as [H|[->|H]]; [left; exact H|right; apply (memo_has_some _ _ _ En)|right; exact H].
- destruct (unit_node k [a] (not_neurons a) 0 st) as [c1 st1] eqn:E1.
  destruct (unit_node k [c1; b] (or_neurons c1 b) 0 (remember (LNot p) c1 st1)) as [c2 st2] eqn:E2. inversion E. subst s st'.
  cbn [cs_memo remember]. rewrite (memo_unit_node _ _ _ _ _ _ _ E2). cbn [cs_memo remember]. rewrite (memo_unit_node _ _ _ _ _ _ _ E1).
  split; [exists [(LOr (LNot p) q, c2); (LNot p, c1)]; reflexivity|].
  apply memo_closed_cons; [apply memo_closed_cons; [exact Hc|]|].
  + intros r Hr. cbn [subformulas] in Hr. destruct Hr as [<-|Hr]; [left; reflexivity|right; apply Hs, in_or_app; left; exact Hr].
  + intros r Hr. destruct (Hsub r Hr) as [H|[->|H]]; [left; exact H|right; apply memo_has_self|right; apply (memo_has_app [(LNot p, c1)]), H].
Qed.

(** The last step of a node: remember p over a table holding p's proper sub-formulas. *)
Lemma memo_node_end (p : ltl) (c : nat) (m : list (ltl * nat)) :
  memo_closed m -> (forall q, In q (tl (subformulas p)) -> memo_has m q) ->
  memo_closed ((p, c) :: m) /\ memo_has ((p, c) :: m) p.
Proof.
intros Hc Hs. split; [|apply memo_has_self]. apply memo_closed_cons; [exact Hc|].
intros q Hq. destruct p; cbn [subformulas tl] in Hq, Hs; (destruct Hq as [<-|Hq]; [left; reflexivity|right; apply Hs, Hq]).
Qed.

Lemma memo_has_sub (m : list (ltl * nat)) (p : ltl) : memo_closed m -> memo_has m p ->
  forall q, In q (subformulas p) -> memo_has m q.
Proof. intros Hc Hp. exact (Hc p Hp). Qed.

(** Compiling p extends a closed memo table to a closed one holding p. *)
Lemma node_memo (k : nat) (v : variant) (cq : Q) (p : ltl) : forall st c st',
  memo_closed (cs_memo st) -> node k v cq p st = (c, st') ->
  (exists l, cs_memo st' = l ++ cs_memo st) /\ memo_closed (cs_memo st') /\ memo_has (cs_memo st') p.
Proof.
induction p as [a|b|p IH|p IHp q IHq|p IHp q IHq|p IH|p IH|p IHp q IHq|p IHp q IHq]; intros st c st' Hc E;
  cbn [node] in E; destruct (lookup ltl_eqb _ (cs_memo st)) as [c0|] eqn:Em;
  try (inversion E; subst; split; [exists []; reflexivity|split; [exact Hc|apply (memo_has_some _ _ _ Em)]]).
- (* a letter *)
  inversion E. subst c st'. cbn [cs_memo remember]. split; [exists [(LAtom a, a)]; reflexivity|].
  apply memo_node_end; [exact Hc|]. intros q [].
- (* a constant *)
  destruct (unit_node k [] [] _ st) as [c1 st1] eqn:E1. inversion E. subst c st'. cbn [cs_memo remember].
  rewrite (memo_unit_node _ _ _ _ _ _ _ E1). split; [exists [(LConst b, c1)]; reflexivity|].
  apply memo_node_end; [exact Hc|]. intros q [].
- (* unary: not *)
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IH st a st1 Hc Ea) as [[l1 M1] [C1 H1]].
  destruct (unit_node k [a] _ 0 st1) as [c1 st2] eqn:E1. inversion E. subst c st'. cbn [cs_memo remember].
  rewrite (memo_unit_node _ _ _ _ _ _ _ E1). split; [exists ((LNot p, c1) :: l1); rewrite M1; reflexivity|].
  apply memo_node_end; [exact C1|]. exact (memo_has_sub _ p C1 H1).
- (* and *)
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IHp st a st1 Hc Ea) as [[l1 M1] [C1 H1]].
  destruct (node k v cq q st1) as [b st2] eqn:Eb. destruct (IHq st1 b st2 C1 Eb) as [[l2 M2] [C2 H2]].
  destruct (unit_node k [a; b] _ 0 st2) as [c1 st3] eqn:E1. inversion E. subst c st'. cbn [cs_memo remember].
  rewrite (memo_unit_node _ _ _ _ _ _ _ E1). split; [exists ((LAnd p q, c1) :: l2 ++ l1); rewrite M2, M1, app_assoc; reflexivity|].
  apply memo_node_end; [exact C2|]. intros r Hr. cbn [subformulas tl] in Hr. apply in_app_or in Hr. destruct Hr as [Hr|Hr].
  + rewrite M2. apply memo_has_app, (memo_has_sub _ p C1 H1), Hr.
  + apply (memo_has_sub _ q C2 H2), Hr.
- (* or *)
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IHp st a st1 Hc Ea) as [[l1 M1] [C1 H1]].
  destruct (node k v cq q st1) as [b st2] eqn:Eb. destruct (IHq st1 b st2 C1 Eb) as [[l2 M2] [C2 H2]].
  destruct (unit_node k [a; b] _ 0 st2) as [c1 st3] eqn:E1. inversion E. subst c st'. cbn [cs_memo remember].
  rewrite (memo_unit_node _ _ _ _ _ _ _ E1). split; [exists ((LOr p q, c1) :: l2 ++ l1); rewrite M2, M1, app_assoc; reflexivity|].
  apply memo_node_end; [exact C2|]. intros r Hr. cbn [subformulas tl] in Hr. apply in_app_or in Hr. destruct Hr as [Hr|Hr].
  + rewrite M2. apply memo_has_app, (memo_has_sub _ p C1 H1), Hr.
  + apply (memo_has_sub _ q C2 H2), Hr.
- (* Y *)
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IH st a st1 Hc Ea) as [[l1 M1] [C1 H1]].
  destruct (select k v cq a (c_first k) Future 1 (first k st1)) as [c1 st2] eqn:E1. inversion E. subst c st'. cbn [cs_memo remember].
  rewrite (memo_select _ _ _ _ _ _ _ _ _ _ E1), memo_first. split; [exists ((LY p, c1) :: l1); rewrite M1; reflexivity|].
  apply memo_node_end; [exact C1|]. exact (memo_has_sub _ p C1 H1).
- (* X *)
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IH st a st1 Hc Ea) as [[l1 M1] [C1 H1]].
  destruct (select k v cq a (c_last k) Past (-1) (last k st1)) as [c1 st2] eqn:E1. inversion E. subst c st'. cbn [cs_memo remember].
  rewrite (memo_select _ _ _ _ _ _ _ _ _ _ E1), memo_last. split; [exists ((LX p, c1) :: l1); rewrite M1; reflexivity|].
  apply memo_node_end; [exact C1|]. exact (memo_has_sub _ p C1 H1).
- (* S *)
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IHp st a st1 Hc Ea) as [[l1 M1] [C1 H1]].
  destruct (node k v cq q st1) as [b st2] eqn:Eb. destruct (IHq st1 b st2 C1 Eb) as [[l2 M2] [C2 H2]].
  assert (Hs : forall r, In r (subformulas p ++ subformulas q) -> memo_has (cs_memo st2) r).
  { intros r Hr. apply in_app_or in Hr. destruct Hr as [Hr|Hr]; [rewrite M2; apply memo_has_app, (memo_has_sub _ p C1 H1), Hr|apply (memo_has_sub _ q C2 H2), Hr]. }
  destruct (stop_node k p q a b st2) as [s st3] eqn:Es. destruct (stop_node_memo k p q a b st2 s st3 C2 Hs Es) as [[l3 M3] C3].
  destruct (select_su k v cq s b Future 1 st3) as [c1 st4] eqn:E1. inversion E. subst c st'. cbn [cs_memo remember].
  rewrite (memo_select_su _ _ _ _ _ _ _ _ _ _ E1). split; [exists ((LS p q, c1) :: l3 ++ l2 ++ l1); rewrite M3, M2, M1, !app_assoc; reflexivity|].
  apply memo_node_end; [exact C3|]. intros r Hr. rewrite M3. apply memo_has_app, Hs, Hr.
- (* U *)
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (IHp st a st1 Hc Ea) as [[l1 M1] [C1 H1]].
  destruct (node k v cq q st1) as [b st2] eqn:Eb. destruct (IHq st1 b st2 C1 Eb) as [[l2 M2] [C2 H2]].
  assert (Hs : forall r, In r (subformulas p ++ subformulas q) -> memo_has (cs_memo st2) r).
  { intros r Hr. apply in_app_or in Hr. destruct Hr as [Hr|Hr]; [rewrite M2; apply memo_has_app, (memo_has_sub _ p C1 H1), Hr|apply (memo_has_sub _ q C2 H2), Hr]. }
  destruct (stop_node k p q a b st2) as [s st3] eqn:Es. destruct (stop_node_memo k p q a b st2 s st3 C2 Hs Es) as [[l3 M3] C3].
  destruct (select_su k v cq s b Past (-1) st3) as [c1 st4] eqn:E1. inversion E. subst c st'. cbn [cs_memo remember].
  rewrite (memo_select_su _ _ _ _ _ _ _ _ _ _ E1). split; [exists ((LU p q, c1) :: l3 ++ l2 ++ l1); rewrite M3, M2, M1, !app_assoc; reflexivity|].
  apply memo_node_end; [exact C3|]. intros r Hr. rewrite M3. apply memo_has_app, Hs, Hr.
Qed.

(** Every sub-formula q of p has its coordinate in the network compiled from p. *)
Lemma memo_coord_sub (k : nat) (v : variant) (cq : Q) (p q : ltl) : In q (subformulas p) ->
  lookup ltl_eqb q (cs_memo (snd (node k v cq p init_state))) = Some (memo_coord k v cq p q).
Proof.
intros Hq. unfold memo_coord. destruct (node k v cq p init_state) as [c st] eqn:E. cbn [snd].
destruct (node_memo k v cq p init_state c st ltac:(intros r H; exfalso; apply H; reflexivity) E) as [_ [Hc Hp]].
pose proof (memo_has_sub _ p Hc Hp q Hq) as H. unfold memo_has in H.
destruct (lookup ltl_eqb q (cs_memo st)); [reflexivity|congruence].
Qed.

(** ** Theorem 12 (a) and Corollary 18 at tau = 1/(2n), every sub-formula *)

(** For every formula p over letters < k, length n >= 1, word w and i < n: the softmax network of
    p at tau = 1/(2n) holds every sub-formula q exactly at its coordinate [memo_coord k
    VTemperature cq p q], and so does the rounding. *)
Theorem thm12_paper_sub (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> (i < n)%nat -> forall q, In q (subformulas p) ->
  soft_run (tau_paper n) n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i
    (memo_coord k VTemperature cq p q) = B2R (sat n w q i) /\
  round01 (soft_run (tau_paper n) n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i
    (memo_coord k VTemperature cq p q)) = B2R (sat n w q i).
Proof.
intros Hl Hn Hi q Hq. destruct (temp_heads n k w cq Hn) as [HY [HX [HS HU]]].
destruct (temp_soft_heads n k w cq Hn) as [SY [SX [SS SU]]].
assert (H : soft_run (tau_paper n) n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i
              (memo_coord k VTemperature cq p q) = B2R (sat n w q i)).
{ exact (compile_sok_memo n w k VTemperature cq _ true HY (fun _ => HX) HS (fun _ => HU) (soft_w (tau_paper n)) (21 / 100)
           ltac:(lra) ltac:(lra) (fun h x i => soft_uniform _ n h x i) SY (fun _ => SX) SS (fun _ => SU) p Hl eq_refl
           q _ (memo_coord_sub k VTemperature cq p q Hq) i Hi). }
split; [exact H|rewrite H; apply round_B2R].
Qed.

(** The future-masked network (the causal-temperature variant) of a past formula, every
    sub-formula: Corollary 18 (a) at tau = 1/(2n). *)
Theorem thm13_paper_sub (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) :
  past p = true -> letters_below k p = true -> (1 <= n)%nat ->
  future_net (fst (compile k VCausalTemperature cq p)) /\
  forall q i, In q (subformulas p) -> (i < n)%nat ->
    round01 (soft_run (tau_paper n) n (real_net (fst (compile k VCausalTemperature cq p))) (embed k (pes VCausalTemperature) n w) i
               (memo_coord k VCausalTemperature cq p q)) = B2R (sat n w q i).
Proof.
intros Hp Hl Hn. unfold memo_coord. rewrite node_causal_temperature, compile_causal_temperature.
split; [apply thm13_future, Hp|]. intros q i Hq Hi. apply (thm12_paper_sub k cq p n w i Hl Hn Hi q Hq).
Qed.

(** Variant (c)'s memo coordinates are none of the n-dependent embeddings. *)
Lemma memo_n_free (k : nat) (cq : Q) (p q : ltl) (c : nat) : letters_below k p = true ->
  lookup ltl_eqb q (cs_memo (snd (node k VCausal cq p init_state))) = Some c -> n_free k c.
Proof.
intros Hl E. destruct (node k VCausal cq p init_state) as [c1 st] eqn:En. cbn [snd] in E.
refine (lookup_ok (n_free k) q _ c (proj2 (proj2 (node_ok_reads k VCausal cq (n_free k) _ _ _ _ _ _ p init_state c1 st Hl
          ltac:(split; constructor) En))) E);
  unfold n_free, c_frac, c_len, c_alt_len, c_one, c_alt, parity_term, tie, stop_term, c_pos, c_alt_pos;
  simpl; intros; unfold c_one, c_alt in *; repeat split; lia.
Qed.

(** Corollary 18 (c) at tau = 1, c = 2, every sub-formula: on the embeddings 1, (-1)^i, i, (-1)^i i
    (nothing depends on n), the future-masked network holds every sub-formula exactly. *)
Theorem thm13c_tau1_sub (k : nat) (p : ltl) : past p = true -> letters_below k p = true ->
  future_net (fst (compile k VCausal 2 p)) /\ reads_ok (n_free k) (fst (compile k VCausal 2 p)) /\
  forall n w q i, In q (subformulas p) -> (i < n)%nat ->
    soft_run 1 n (real_net (fst (compile k VCausal 2 p))) (embed k pes_causal n w) i (memo_coord k VCausal 2 p q) = B2R (sat n w q i) /\
    round01 (soft_run 1 n (real_net (fst (compile k VCausal 2 p))) (embed k pes_causal n w) i (memo_coord k VCausal 2 p q))
    = B2R (sat n w q i).
Proof.
intros Hp Hl. destruct (compile_reads_causal k 2 p Hl) as [Hr _].
split; [apply compile_future, Hp|split; [exact Hr|]]. intros n w q i Hq Hi.
pose proof (memo_coord_sub k VCausal 2 p q Hq) as Eq.
assert (E : soft_run 1 n (real_net (fst (compile k VCausal 2 p))) (embed k pes_causal n w) i (memo_coord k VCausal 2 p q)
            = B2R (sat n w q i)).
{ unfold soft_run. rewrite <- (run_agree (n_free k) (soft_w 1) n _ _ _ Hr (embed_causal_agree k n w) i _ (memo_n_free k 2 p q _ Hl Eq)).
  destruct (caus_heads n k w 2 ltac:(rewrite Q2R_2; lra)) as [HY HS].
  assert (SY : SY_ok n w k VCausal 2 (soft_w 1) (21 / 100))
    by (intros att a x Hx Hv i' Hi'; exact (head_Y_caus_tau1 n k att a w x i' Hi' Hx Hv)).
  assert (SS : SS_ok n w k VCausal 2 (soft_w 1) (21 / 100))
    by (intros att b s x B Hx HB Hv i' Hi'; exact (head_S_caus_tau1 n k att b s w x B i' Hi' Hx HB Hv)).
  exact (compile_sok_memo n w k VCausal 2 _ false HY (fun E => False_rect _ (diff_false_true E)) HS (fun E => False_rect _ (diff_false_true E))
           (soft_w 1) (21 / 100) ltac:(lra) ltac:(lra) (fun h x i => soft_uniform _ n h x i)
           SY (fun E => False_rect _ (diff_false_true E)) SS (fun E => False_rect _ (diff_false_true E)) p Hl Hp q _ Eq i Hi). }
split; [exact E|rewrite E; apply round_B2R].
Qed.

(** ** The K-hop induction head's letter *)

(** The letter at the position reached by K hops from i (None if a hop finds nothing), and the
    one-hot code of an optional letter over k letters (all 0 for None). *)
Definition ihk_letter (w : nat -> nat) (K i : nat) : option nat := option_map w (ihk_pos w K i).

Definition onehot (k : nat) (o : option nat) : list R :=
  map (fun a => match o with Some l => B2R (Nat.eqb l a) | None => 0 end) (seq 0 k).

Lemma ihk_letterE (w : nat -> nat) (K a i : nat) :
  B2R (ihk w K a i) = match ihk_letter w K i with Some l => B2R (Nat.eqb l a) | None => 0 end.
Proof. unfold ihk, ihk_letter. destruct (ihk_pos w K i); reflexivity. Qed.

(** One formula for the k letter tests: OR_(a < k) [ih_ltl k K a]. *)
Definition ih_all (k K : nat) : ltl := lor_all (map (ih_ltl k K) (seq 0 k)).

(** The coordinates of the k letter tests in its compiled network. *)
Definition ih_coords (k : nat) (v : variant) (cq : Q) (K : nat) : list nat :=
  map (fun a => memo_coord k v cq (ih_all k K) (ih_ltl k K a)) (seq 0 k).

Lemma in_sub_lor_all (ps : list ltl) (p : ltl) : In p ps -> In p (subformulas (lor_all ps)).
Proof.
induction ps as [|q ps IH]; intros H; [destruct H|]. cbn [lor_all fold_right subformulas]. right. apply in_or_app.
destruct H as [<-|H]; [left; apply subformulas_self|right; apply IH, H].
Qed.

Lemma ih_all_sub (k K a : nat) : (a < k)%nat -> In (ih_ltl k K a) (subformulas (ih_all k K)).
Proof. intros Ha. apply in_sub_lor_all, in_map, in_seq. lia. Qed.

Lemma ih_all_ok (k K : nat) : past (ih_all k K) = true /\ letters_below k (ih_all k K) = true.
Proof.
split; [apply past_lor_all|apply letters_below_lor_all]; apply forallb_forall; intros p Hp;
  apply in_map_iff in Hp; destruct Hp as [a [<- Ha]]; apply in_seq in Ha; apply (ih_ltl_ok k K a); lia.
Qed.

Lemma map_seq_ext {A} (f g : nat -> A) (k : nat) : (forall a, (a < k)%nat -> f a = g a) -> map f (seq 0 k) = map g (seq 0 k).
Proof. intros H. apply map_ext_in. intros a Ha. apply in_seq in Ha. apply H. lia. Qed.

(** Corollary 17 (a) for the letter: one network (compiled once from [ih_all k K], independent of
    n) at tau = 1/(2n); for every k, K, length n >= 1, word over letters < k and i < n, its k
    outputs at [ih_coords] are exactly the one-hot code of the letter reached by K hops from i, and
    so are their roundings. *)
Theorem cor17_ihk_letter (k K : nat) (cq : Q) (n : nat) (w : nat -> nat) (i : nat) :
  (forall t, (w t < k)%nat) -> (1 <= n)%nat -> (i < n)%nat ->
  map (fun c => soft_run (tau_paper n) n (real_net (fst (compile k VTemperature cq (ih_all k K))))
                  (embed k (pes VTemperature) n w) i c) (ih_coords k VTemperature cq K) = onehot k (ihk_letter w K i) /\
  map (fun c => round01 (soft_run (tau_paper n) n (real_net (fst (compile k VTemperature cq (ih_all k K))))
                  (embed k (pes VTemperature) n w) i c)) (ih_coords k VTemperature cq K) = onehot k (ihk_letter w K i).
Proof.
intros Hw Hn Hi. destruct (ih_all_ok k K) as [_ Hl]. unfold ih_coords, onehot. rewrite !map_map.
split; apply map_seq_ext; intros a Ha; rewrite <- ihk_letterE, <- (sat_ih_ltl k n w K a Hw i);
  apply (thm12_paper_sub k cq (ih_all k K) n w i Hl Hn Hi _ (ih_all_sub k K a Ha)).
Qed.

(** On the constant word a, one hop from position 1 lands on 1. *)
Lemma ihk_pos_const (a K : nat) : ihk_pos (fun _ => a) K 1 = Some 1%nat.
Proof. induction K as [|K IH]; [reflexivity|]. cbn [ihk_pos]. unfold hmatch. cbn. rewrite Nat.eqb_refl. exact IH. Qed.

Lemma nodup_map_in {A B} (f : A -> B) (l : list A) : NoDup l ->
  (forall a b, In a l -> In b l -> f a = f b -> a = b) -> NoDup (map f l).
Proof.
induction 1 as [|x l Hx Hl IH]; intros Hf; [constructor|]. cbn [map]. constructor.
- intros H. apply in_map_iff in H. destruct H as [y [Ey Hy]].
  assert (y = x) by (apply Hf; [right; exact Hy|left; reflexivity|exact Ey]). subst y. contradiction.
- apply IH. intros a b Ha Hb. apply Hf; right; assumption.
Qed.

(** The k coordinates are distinct (on the constant word a of length 2, coordinate a reads 1 and
    every other one 0). *)
Theorem ih_coords_nodup (k K : nat) (cq : Q) : NoDup (ih_coords k VTemperature cq K).
Proof.
unfold ih_coords. apply nodup_map_in; [apply seq_NoDup|].
intros a b Ha Hb E. apply in_seq in Ha. apply in_seq in Hb.
destruct (Nat.eq_dec a b) as [|Hab]; [assumption|exfalso].
assert (Hw : forall t, ((fun _ : nat => a) t < k)%nat) by (intros; simpl; lia).
destruct (ih_all_ok k K) as [_ Hl].
pose proof (proj1 (thm12_paper_sub k cq (ih_all k K) 2 (fun _ => a) 1 Hl ltac:(lia) ltac:(lia) _ (ih_all_sub k K a ltac:(lia)))) as Va.
pose proof (proj1 (thm12_paper_sub k cq (ih_all k K) 2 (fun _ => a) 1 Hl ltac:(lia) ltac:(lia) _ (ih_all_sub k K b ltac:(lia)))) as Vb.
rewrite E, Vb in Va. rewrite !(sat_ih_ltl k 2 _ K _ Hw 1) in Va. unfold ihk in Va. rewrite ihk_pos_const, Nat.eqb_refl in Va.
replace (Nat.eqb a b) with false in Va by (symmetry; apply Nat.eqb_neq, Hab). unfold B2R in Va. lra.
Qed.

(** Corollary 18 (a) for the letter: the same by the future-masked network (the causal-temperature
    variant, the same network and coordinates). *)
Theorem cor18_ihk_letter (k K : nat) (cq : Q) (n : nat) (w : nat -> nat) :
  (forall t, (w t < k)%nat) -> (1 <= n)%nat ->
  future_net (fst (compile k VCausalTemperature cq (ih_all k K))) /\
  forall i, (i < n)%nat ->
    map (fun c => round01 (soft_run (tau_paper n) n (real_net (fst (compile k VCausalTemperature cq (ih_all k K))))
                    (embed k (pes VCausalTemperature) n w) i c)) (ih_coords k VCausalTemperature cq K) = onehot k (ihk_letter w K i).
Proof.
intros Hw Hn. destruct (ih_all_ok k K) as [Hp Hl]. destruct (thm13_paper_sub k cq (ih_all k K) n w Hp Hl Hn) as [Hf H].
split; [exact Hf|]. intros i Hi. unfold ih_coords, onehot. rewrite !map_map. apply map_seq_ext. intros a Ha.
rewrite <- ihk_letterE, <- (sat_ih_ltl k n w K a Hw i). apply H; [apply ih_all_sub, Ha|exact Hi].
Qed.

(** And at tau = 1 with c = 2: the future-masked network reads none of the n-dependent embeddings,
    and on the embeddings 1, (-1)^i, i, (-1)^i i its k rounded outputs at [ih_coords] are the
    one-hot code of the letter, for every n: nothing depends on n. *)
Theorem cor18_ihk_letter_tau1 (k K : nat) :
  future_net (fst (compile k VCausal 2 (ih_all k K))) /\ reads_ok (n_free k) (fst (compile k VCausal 2 (ih_all k K))) /\
  forall n w i, (forall t, (w t < k)%nat) -> (i < n)%nat ->
    map (fun c => round01 (soft_run 1 n (real_net (fst (compile k VCausal 2 (ih_all k K)))) (embed k pes_causal n w) i c))
      (ih_coords k VCausal 2 K) = onehot k (ihk_letter w K i).
Proof.
destruct (ih_all_ok k K) as [Hp Hl]. destruct (thm13c_tau1_sub k (ih_all k K) Hp Hl) as [Hf [Hr H]].
split; [exact Hf|split; [exact Hr|]]. intros n w i Hw Hi. unfold ih_coords, onehot. rewrite !map_map. apply map_seq_ext. intros a Ha.
rewrite <- ihk_letterE, <- (sat_ih_ltl k n w K a Hw i). apply H; [apply ih_all_sub, Ha|exact Hi].
Qed.
