(** * Seed 004, the compiled LTL networks: every sub-formula's coordinate holds its truth value.

    By induction on the formula, through the compiler's invariant ([LTLInvariant]): the coordinate
    the compiler gives a sub-formula holds [w, i |= p] at every position i ([node_ok]), and the
    compiled network, run hard on the embedding of w, outputs it with every head uniform or
    tieless with gap [gap] at every layer ([compile_ok]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLSyntax LTLLevels LTLHeads LTLInvariant.
Import ListNotations.
Open Scope R_scope.

Section Invariant.
Variables (n : nat) (w : nat -> nat) (kk : nat) (var : variant) (cq : Q) (gap : R) (fut : bool).
(* The section of [LTLInvariant], continued: its definitions and lemmas at these variables. *)
Local Notation x0 := (x0 n w kk var).
Local Notation pe_agree := (pe_agree n w kk var).
Local Notation Y_ok := (Y_ok n w kk var cq gap).
Local Notation X_ok := (X_ok n w kk var cq gap).
Local Notation S_ok := (S_ok n w kk var cq gap).
Local Notation U_ok := (U_ok n w kk var cq gap).
Local Notation inv := (inv n w kk var gap).
Local Notation co_inputs := (co_inputs n w kk var gap).
Local Notation co_in_val := (co_in_val n w kk var gap).
Local Notation co_zero := (co_zero n w kk var gap).
Local Notation co_layers := (co_layers n w kk var gap).
Local Notation co_len := (co_len n w kk var gap).
Local Notation x0_letter := (x0_letter n w kk var).
Local Notation agree_pe := (agree_pe n w kk var gap).
Local Notation agree_read := (agree_read n w kk var gap).
Local Notation unit_node_ok := (unit_node_ok n w kk var gap).
Local Notation first_ok := (first_ok n w kk var gap).
Local Notation last_ok := (last_ok n w kk var gap).
Local Notation select_ok := (select_ok n w kk var cq gap).
Local Notation inv_remember := (inv_remember n w kk var gap).
Local Notation stop_node_ok := (stop_node_ok n w kk var gap).
Local Notation select_su_ok := (select_su_ok n w kk var cq gap).
Local Notation inv_init := (inv_init n w kk var gap).
Local Notation nets_ok_nth := (nets_ok_nth n gap).
Hypotheses (HY : Y_ok) (HX : fut = true -> X_ok) (HS : S_ok) (HU : fut = true -> U_ok).

(** What a compiler step from the ghost (V, D) gives: an extension of it, for st', in which c
    holds f. *)
Definition written (st' : cstate) V D (c : nat) (f : nat -> bool) : Prop :=
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' c = Some l) /\
    forall i, (i < n)%nat -> V' c i = B2R (f i).

Lemma written_eq (st' : cstate) V D (c : nat) (f g : nat -> bool) :
  (forall i, (i < n)%nat -> f i = g i) -> written st' V D c f -> written st' V D c g.
Proof.
intros Hfg [V' [D' [isH' [H1 [H2 [H3 H4]]]]]]. exists V', D', isH'.
split; [exact H1|split; [exact H2|split; [exact H3|intros i Hi; rewrite <- Hfg by exact Hi; apply H4, Hi]]].
Qed.

(** Remembering p at its coordinate keeps what was written. *)
Lemma written_remember (st' : cstate) V D (p : ltl) (c : nat) :
  written st' V D c (sat n w p) -> written (remember p c st') V D c (sat n w p).
Proof.
intros [V' [D' [isH' [H1 [H2 [H3 H4]]]]]]. exists V', D', isH'.
split; [apply inv_remember; assumption|split; [exact H2|split; assumption]].
Qed.

(** A node over two sub-formulas (and, or, S, U): compile p, then q, then the step k on their
    coordinates a, b; if k writes r from any such a, b, the node writes r. *)
Lemma node_two (p q r : ltl) (k : nat -> nat -> cstate -> nat * cstate) st V D isH (c : nat) (st' : cstate) :
  (forall st V D isH c st', inv st V D isH -> node kk var cq p st = (c, st') -> written st' V D c (sat n w p)) ->
  (forall st V D isH c st', inv st V D isH -> node kk var cq q st = (c, st') -> written st' V D c (sat n w q)) ->
  inv st V D isH ->
  (forall st2 V1 D1 V2 D2 isH2 a b c st', inv st2 V2 D2 isH2 -> ext V D V1 D1 -> (exists la, D1 a = Some la) ->
     (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) -> ext V1 D1 V2 D2 -> (exists lb, D2 b = Some lb) ->
     (forall i, (i < n)%nat -> V2 b i = B2R (sat n w q i)) -> k a b st2 = (c, st') -> written st' V D c (sat n w r)) ->
  (let '(c, st') := let '(a, st1) := node kk var cq p st in let '(b, st2) := node kk var cq q st1 in k a b st2 in
   (c, remember r c st')) = (c, st') -> written st' V D c (sat n w r).
Proof.
intros Hp Hq Hinv Hk E. destruct (node kk var cq p st) as [a st1] eqn:Ea.
destruct (Hp st V D isH a st1 Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [Da Va]]]]]].
destruct (node kk var cq q st1) as [b st2] eqn:Eb. destruct (Hq st1 V1 D1 isH1 b st2 I1 Eb) as [V2 [D2 [isH2 [I2 [X2 [Db Vb]]]]]].
destruct (k a b st2) as [c1 st3] eqn:E1. inversion E. subst c st'. exact (written_remember _ _ _ _ _ (Hk _ _ _ _ _ _ _ _ _ _ I2 X1 Da Va X2 Db Vb E1)).
Qed.

(** and / or: a Boolean unit over the coordinates a, b of p, q holds op of their values. *)
Lemma node_bin (st2 : cstate) V D V1 D1 V2 D2 isH2 (p q : ltl) (a b : nat) (hid : list sneuron)
  (op : bool -> bool -> bool) (c : nat) (st' : cstate) :
  inv st2 V2 D2 isH2 -> ext V D V1 D1 -> (exists la, D1 a = Some la) -> (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) ->
  ext V1 D1 V2 D2 -> (exists lb, D2 b = Some lb) -> (forall i, (i < n)%nat -> V2 b i = B2R (sat n w q i)) ->
  (forall c0 (y : nat -> R) pb qb, y a = B2R pb -> y b = B2R qb -> (Nat.eqb a b = true -> pb = qb) ->
     unit_val (real_unit (SUnit c0 hid 0)) y = B2R (op pb qb)) ->
  unit_node kk [a; b] hid 0%Q st2 = (c, st') -> written st' V D c (fun i => op (sat n w p i) (sat n w q i)).
Proof.
intros I2 X1 [la Da] Va X2 [lb Db] Vb Hu E1. destruct (X2 a la Da) as [Da2 Va2].
destruct (unit_node_ok st2 V2 D2 isH2 [a; b] _ _ (fun i => B2R (op (sat n w p i) (sat n w q i))) c st' I2 E1)
  as [V' [D' [isH' [H1 [H2 [H3 H4]]]]]].
{ intros y Ha i Hi. apply Hu.
  - rewrite (agree_read st2 V2 D2 isH2 (fold_right Nat.max 0%nat (map (lev st2) [a; b])) a y i (proj1 I2) Hi (ex_intro _ la Da2));
      [rewrite Va2; apply Va, Hi|apply lev_max; left; reflexivity|exact Ha].
  - rewrite (agree_read st2 V2 D2 isH2 (fold_right Nat.max 0%nat (map (lev st2) [a; b])) b y i (proj1 I2) Hi (ex_intro _ lb Db));
      [apply Vb, Hi|apply lev_max; right; left; reflexivity|exact Ha].
  - intros Eab. apply Nat.eqb_eq in Eab. subst b. apply B2R_inj. rewrite <- Va, <- Vb, Va2 by exact Hi. reflexivity. }
exists V', D', isH'. split; [exact H1|split; [exact (ext_trans _ _ _ _ _ _ (ext_trans _ _ _ _ _ _ X1 X2) H2)|split; assumption]].
Qed.

(** Y / X: the selection head reads p's coordinate a at position nb i, gated by the coordinate g
    (first / last) that the step stg writes with value q. *)
Lemma node_sel (st1 : cstate) V D V1 D1 isH1 (p : ltl) (a g : nat) (m : mask) (s : Q) (nb : nat -> nat) (q : nat -> bool)
  (stg : cstate -> cstate) (c : nat) (st' : cstate) :
  inv st1 V1 D1 isH1 -> ext V D V1 D1 -> (exists la, D1 a = Some la) -> (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) ->
  (forall st V D isH, inv st V D isH -> exists V' D' isH', inv (stg st) V' D' isH' /\ ext V D V' D' /\
     D' g = Some 1%nat /\ forall i, (i < n)%nat -> V' g i = B2R (q i)) ->
  (forall att x, pe_agree x -> tieless n gap (real_head (vhead kk var cq att a m s)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vhead kk var cq att a m s)) x i = x (nb i) a) ->
  (forall i, (i < n)%nat -> (nb i < n)%nat) -> select kk var cq a g m s (stg st1) = (c, st') ->
  written st' V D c (fun i => sat n w p (nb i) && negb (q i)).
Proof.
intros I1 X1 [la Da] Va Hg Hh Hnb E1.
destruct (Hg st1 V1 D1 isH1 I1) as [V2 [D2 [isH2 [I2 [X2 [Df Vf]]]]]]. destruct (X2 a la Da) as [Da2 Va2].
destruct (select_ok (stg st1) V2 D2 isH2 a g m s (fun i => sat n w p (nb i)) q (fun i => V2 a (nb i)) c st' I2 E1 (ex_intro _ 1%nat Df) Vf)
  as [V' [D' [isH' [H1 [H2 [H3 H4]]]]]].
{ intros x Ha. destruct (Hh (c_fresh kk (S (cs_cnt (stg st1)))) x (agree_pe _ _ _ _ _ x (proj1 I2) Ha)) as [T O].
  split; [right; exact T|]. intros i Hi. rewrite O by exact Hi.
  apply (agree_read (stg st1) V2 D2 isH2 (Nat.max (lev (stg st1) a) (lev (stg st1) g)) a x (nb i) (proj1 I2) (Hnb i Hi) (ex_intro _ la Da2));
    [lia|exact Ha]. }
{ intros i Hi. rewrite Va2. apply Va, Hnb, Hi. }
exists V', D', isH'. split; [exact H1|split; [exact (ext_trans _ _ _ _ _ _ (ext_trans _ _ _ _ _ _ X1 X2) H2)|split; assumption]].
Qed.

(** S / U: the stop node !p | q, then the head reading q's coordinate b at the stop top i. *)
Lemma node_su (st2 : cstate) V D V1 D1 V2 D2 isH2 (p q : ltl) (a b : nat) (m : mask) (sign : Q) (top : nat -> nat)
  (s c : nat) (st3 st' : cstate) :
  inv st2 V2 D2 isH2 -> ext V D V1 D1 -> (exists la, D1 a = Some la) -> (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) ->
  ext V1 D1 V2 D2 -> (exists lb, D2 b = Some lb) -> (forall i, (i < n)%nat -> V2 b i = B2R (sat n w q i)) ->
  (forall att s x, pe_agree x -> (forall j, (j < n)%nat -> x j s = B2R (negb (sat n w p j) || sat n w q j)) ->
     tieless n gap (real_head (vsu_head kk var cq att b s m sign)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vsu_head kk var cq att b s m sign)) x i = x (top i) b) ->
  (forall i, (i < n)%nat -> (top i < n)%nat) ->
  stop_node kk p q a b st2 = (s, st3) -> select_su kk var cq s b m sign st3 = (c, st') ->
  written st' V D c (fun i => sat n w q (top i)).
Proof.
intros I2 X1 [la Da] Va X2 [lb Db] Vb Hh Htop Es E1. destruct (X2 a la Da) as [Da2 Va2].
destruct (stop_node_ok st2 V2 D2 isH2 p q a b s st3 I2 (ex_intro _ la Da2) (fun i Hi => eq_trans (Va2 i) (Va i Hi))
            (ex_intro _ lb Db) Vb Es) as [V3 [D3 [isH3 [I3 [X3 [[ls Ds] Vs]]]]]].
destruct (X3 b lb Db) as [Db3 Vb3].
destruct (select_su_ok st3 V3 D3 isH3 s b m sign (fun i => V3 b (top i)) (fun i => sat n w q (top i)) c st' I3 E1)
  as [V' [D' [isH' [H1 [H2 [H3 H4]]]]]].
{ intros x Ha.
  assert (Hx : forall j, (j < n)%nat -> x j s = B2R (negb (sat n w p j) || sat n w q j)).
  { intros j Hj. rewrite (agree_read st3 V3 D3 isH3 (Nat.max (lev st3 s) (lev st3 b)) s x j (proj1 I3) Hj (ex_intro _ ls Ds));
      [apply Vs, Hj|lia|exact Ha]. }
  destruct (Hh (c_fresh kk (S (cs_cnt st3))) s x (agree_pe _ _ _ _ _ x (proj1 I3) Ha) Hx) as [T O].
  split; [right; exact T|]. intros i Hi. rewrite O by exact Hi.
  apply (agree_read st3 V3 D3 isH3 (Nat.max (lev st3 s) (lev st3 b)) b x (top i) (proj1 I3) (Htop i Hi) (ex_intro _ lb Db3));
    [lia|exact Ha]. }
{ intros i Hi. rewrite Vb3. apply Vb, Htop, Hi. }
exists V', D', isH'.
split; [exact H1|split; [exact (ext_trans _ _ _ _ _ _ (ext_trans _ _ _ _ _ _ (ext_trans _ _ _ _ _ _ X1 X2) X3) H2)|split; assumption]].
Qed.

(** Every sub-formula's coordinate holds its truth value (the heart of Theorem 12). *)
Lemma node_ok (p : ltl) : forall (st : cstate) V D isH (c : nat) (st' : cstate),
  letters_below kk p = true -> fut || past p = true -> inv st V D isH -> node kk var cq p st = (c, st') ->
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' c = Some l) /\
    forall i, (i < n)%nat -> V' c i = B2R (sat n w p i).
Proof.
induction p as [a|b|p IH|p IHp q IHq|p IHp q IHq|p IH|p IH|p IHp q IHq|p IHp q IHq]; intros st V D isH c st' Hlet Hpast Hinv E;
  cbn [node] in E; destruct (lookup ltl_eqb _ (cs_memo st)) as [c0|] eqn:Em;
  try (inversion E; subst c0 st'; exists V, D, isH; split; [exact Hinv|split; [apply ext_refl|]];
       destruct Hinv as [_ [_ [_ [_ Hme]]]]; exact (Hme _ c Em)).
- (* a letter *)
  inversion E. subst c st'. simpl in Hlet. apply Nat.ltb_lt in Hlet.
  destruct Hinv as [Hc R]. pose proof (co_inputs _ _ _ _ Hc a ltac:(lia)) as Ea.
  assert (Hv : forall i, (i < n)%nat -> V a i = B2R (sat n w (LAtom a) i)).
  { intros i Hi. rewrite <- (co_in_val _ _ _ _ Hc a i Ea Hi). apply x0_letter, Hlet. }
  exists V, D, isH. split; [apply inv_remember; [split; assumption|exists 0%nat; exact Ea|exact Hv]|].
  split; [apply ext_refl|split; [exists 0%nat; exact Ea|exact Hv]].
- (* a constant *)
  destruct (unit_node kk [] [] (if b then 1%Q else 0%Q) st) as [c1 st1] eqn:E1. inversion E. subst c st'.
  destruct (unit_node_ok st V D isH [] [] _ (fun _ => B2R b) c1 st1 Hinv E1) as [V' [D' [isH' [H1 [H2 [H3 H4]]]]]].
  { intros y _ i _. apply unit_const. }
  exists V', D', isH'. split; [apply inv_remember; [exact H1|exact H3|intros i Hi; rewrite H4 by exact Hi; reflexivity]|].
  split; [exact H2|split; [exact H3|intros i Hi; rewrite H4 by exact Hi; reflexivity]].
- (* not *)
  destruct (node kk var cq p st) as [a st1] eqn:Ea.
  destruct (IH st V D isH a st1 Hlet Hpast Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [[la Da] Va]]]]]].
  destruct (unit_node kk [a] _ 0%Q st1) as [c1 st2] eqn:E1. inversion E. subst c st'.
  destruct (unit_node_ok st1 V1 D1 isH1 [a] _ _ (fun i => B2R (negb (sat n w p i))) c1 st2 I1 E1) as [V' [D' [isH' [H1 [H2 [H3 H4]]]]]].
  { intros y Ha i Hi. apply unit_not. rewrite (agree_read st1 V1 D1 isH1 (fold_right Nat.max 0%nat (map (lev st1) [a])) a y i (proj1 I1) Hi (ex_intro _ la Da)); [apply Va, Hi|apply lev_max; left; reflexivity|exact Ha]. }
  exists V', D', isH'. split; [apply inv_remember; [exact H1|exact H3|exact H4]|].
  split; [exact (ext_trans _ _ _ _ _ _ X1 H2)|split; [exact H3|exact H4]].
- (* and *)
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (node_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 (orb_and_l _ _ _ Hpast))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 (orb_and_r _ _ _ Hpast)) Hinv _ E).
  intros st2 V1 D1 V2 D2 isH2 a b c1 st3 I2 X1 Da Va X2 Db Vb E1.
  exact (node_bin st2 V D V1 D1 V2 D2 isH2 p q a b _ andb c1 st3 I2 X1 Da Va X2 Db Vb (fun c0 y pb qb => unit_and c0 a b pb qb y) E1).
- (* or *)
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (node_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 (orb_and_l _ _ _ Hpast))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 (orb_and_r _ _ _ Hpast)) Hinv _ E).
  intros st2 V1 D1 V2 D2 isH2 a b c1 st3 I2 X1 Da Va X2 Db Vb E1.
  exact (node_bin st2 V D V1 D1 V2 D2 isH2 p q a b _ orb c1 st3 I2 X1 Da Va X2 Db Vb (fun c0 y pb qb => unit_or c0 a b pb qb y) E1).
- (* Y *)
  destruct (node kk var cq p st) as [a st1] eqn:Ea.
  destruct (IH st V D isH a st1 Hlet Hpast Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [Da Va]]]]]].
  destruct (select kk var cq a (c_first kk) Future 1 (first kk st1)) as [c1 st3] eqn:E1. inversion E. subst c st'.
  apply written_remember, (written_eq _ _ _ _ _ _ (sat_Y n w p)).
  exact (node_sel st1 V D V1 D1 isH1 p a _ Future 1 (fun i => i - 1)%nat (fun i => Nat.eqb i 0) (first kk) c1 st3 I1 X1 Da Va first_ok (fun att => HY att a) (fun i Hi => Nat.le_lt_trans _ _ _ (Nat.le_sub_l i 1) Hi) E1).
- (* X *)
  assert (Hf : fut = true) by (destruct fut; [reflexivity|discriminate Hpast]).
  destruct (node kk var cq p st) as [a st1] eqn:Ea.
  destruct (IH st V D isH a st1 Hlet ltac:(rewrite Hf; reflexivity) Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [Da Va]]]]]].
  destruct (select kk var cq a (c_last kk) Past (-1) (last kk st1)) as [c1 st3] eqn:E1. inversion E. subst c st'.
  apply written_remember, (written_eq _ _ _ _ _ _ (sat_X n w p)).
  exact (node_sel st1 V D V1 D1 isH1 p a _ Past (-1) _ _ (last kk) c1 st3 I1 X1 Da Va last_ok (fun att => HX Hf att a) (x_next_lt n) E1).
- (* S *)
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (node_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 (orb_and_l _ _ _ Hpast))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 (orb_and_r _ _ _ Hpast)) Hinv _ E).
  intros st2 V1 D1 V2 D2 isH2 a b c1 st4 I2 X1 Da Va X2 Db Vb E1. destruct (stop_node kk p q a b st2) as [s st3] eqn:Es.
  apply (written_eq _ _ _ _ _ _ (fun i _ => eq_sym (since_top _ _ i))).
  exact (node_su st2 V D V1 D1 V2 D2 isH2 p q a b Future 1 _ s c1 st3 st4 I2 X1 Da Va X2 Db Vb (fun att s x => HS att b s x _)
           (fun i Hi => Nat.le_lt_trans _ _ _ (topS_le _ i) Hi) Es E1).
- (* U *)
  assert (Hf : fut = true) by (destruct fut; [reflexivity|discriminate Hpast]).
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (node_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 ltac:(rewrite Hf; reflexivity))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 ltac:(rewrite Hf; reflexivity)) Hinv _ E).
  intros st2 V1 D1 V2 D2 isH2 a b c1 st4 I2 X1 Da Va X2 Db Vb E1. destruct (stop_node kk p q a b st2) as [s st3] eqn:Es.
  apply (written_eq _ _ _ _ _ _ (fun i Hi => eq_sym (until_top _ _ (n - i) i ltac:(lia)))).
  exact (node_su st2 V D V1 D1 V2 D2 isH2 p q a b Past (-1) _ s c1 st3 st4 I2 X1 Da Va X2 Db Vb (fun att s x => HU Hf att b s x _)
           (fun i Hi => proj2 (topU_lt _ n i Hi)) Es E1).
Qed.

(** The compiled network, run hard on the embedding of w: the output coordinate is [w, i |= p]
    at every position, and every head is uniform or tieless with gap 1/n at every layer. *)
Lemma compile_ok (p : ltl) : letters_below kk p = true -> fut || past p = true ->
  (forall i, (i < n)%nat -> hard_run n (real_net (fst (compile kk var cq p))) x0 i (snd (compile kk var cq p))
                            = B2R (sat n w p i)) /\
  gaps_ok n gap (real_net (fst (compile kk var cq p))) x0.
Proof.
intros Hlet Hpast. unfold compile. destruct (node kk var cq p init_state) as [c st] eqn:E. cbn [fst snd].
destruct (node_ok p init_state _ _ _ c st Hlet Hpast inv_init E) as [V [D [isH [[Hc _] [_ [[l Dc] Vc]]]]]].
assert (Hnets : nets_ok n V D isH gap 0 (real_net (at_layer 0 (fun L => L) (cs_layers st)))).
{ apply nets_ok_nth. intros m. rewrite nth_at_layer. simpl (0 + m)%nat. destruct (Nat.eqb m 0) eqn:Em; [apply Nat.eqb_eq in Em; subst m|]; apply (co_layers _ _ _ _ Hc). }
assert (Ha0 : agree n V D 0 x0).
{ intros i c' l' Hi E' Hl. assert (l' = 0%nat) by lia. subst l'. apply (co_in_val _ _ _ _ Hc); assumption. }
assert (Hz0 : zero_above n D 0 x0).
{ intros i c' Hi Hab. apply (co_zero _ _ _ _ Hc); [|exact Hi]. intros E'. specialize (Hab 0%nat E'). lia. }
destruct (run_levels n V D isH gap _ 0 x0 Hnets Ha0 Hz0) as [Hrun Hgaps]. split; [|exact Hgaps].
intros i Hi. rewrite (Hrun i c l Hi Dc); [apply Vc, Hi|].
pose proof (co_len _ _ _ _ Hc c l Dc). unfold real_net. rewrite map_length, length_at_layer. simpl. lia.
Qed.

End Invariant.
