(** * Seed 004: LTL[Y, X, S, U] on finite words, and its compiler into transformers
    (quarks/ltl/compile.py).

    LTL[Y, X, S, U] is stated once ([ltl], [sat], 0-based, Y false at the first position, X false
    at the last, S and U by their recursions; [past]: no X, no U).  The compiler [compile] follows
    the Python compiler step by step and builds a network with rational coefficients ([snet]), read
    over R by [real_net] into [TransformerModel]'s layers; [same_net] compares two such networks
    coefficient by coefficient, and equal ones are the same real network ([same_net_real]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer.
Import ListNotations.
Open Scope R_scope.

(** ** LTL[Y, X, S, U] on finite words *)

Inductive ltl :=
| LAtom (a : nat) | LConst (b : bool) | LNot (p : ltl) | LAnd (p q : ltl) | LOr (p q : ltl)
| LY (p : ltl) | LX (p : ltl) | LS (p q : ltl) | LU (p q : ltl).

(** p S q (non-strict) at i: q at some j <= i and p at every k in (j, i]; by the recurrence
    S(i) = q(i) | (p(i) & S(i - 1)).  p U q at i: q at some j in [i, n) and p on [i, j):
    U(i) = q(i) | (p(i) & U(i + 1)), U(n) = false (m = n - i steps). *)
Fixpoint since_rec (P Q : nat -> bool) (i : nat) : bool :=
  match i with O => Q O | S i' => Q (S i') || (P (S i') && since_rec P Q i') end.
Fixpoint until_rec (P Q : nat -> bool) (m i : nat) : bool :=
  match m with O => false | S m' => Q i || (P i && until_rec P Q m' (S i)) end.

(** w, i |= p on a word w_0 .. w_{n-1} (0-based; Y is false at 0, X at n - 1). *)
Fixpoint sat (n : nat) (w : nat -> nat) (p : ltl) (i : nat) : bool :=
  match p with
  | LAtom a => Nat.eqb (w i) a
  | LConst b => b
  | LNot p => negb (sat n w p i)
  | LAnd p q => sat n w p i && sat n w q i
  | LOr p q => sat n w p i || sat n w q i
  | LY p => (0 <? i)%nat && sat n w p (i - 1)
  | LX p => (S i <? n)%nat && sat n w p (S i)
  | LS p q => since_rec (sat n w p) (sat n w q) i
  | LU p q => until_rec (sat n w p) (sat n w q) (n - i) i
  end.

(** The recurrences are the definitions of S and U (as in quarks/ltl/semantics.py). *)
Lemma since_rec_iff (P Q : nat -> bool) (i : nat) :
  since_rec P Q i = true <-> exists j, (j <= i)%nat /\ Q j = true /\ forall k, (j < k <= i)%nat -> P k = true.
Proof.
induction i as [|i IH]; simpl.
- split; [intros H; exists 0%nat; split; [lia|split; [exact H|intros; lia]]|].
  intros [j [Hj [Hq _]]]. replace j with 0%nat in Hq by lia. exact Hq.
- rewrite orb_true_iff, andb_true_iff, IH. split.
  + intros [H|[Hp [j [Hj [Hq Hk]]]]].
    * exists (S i). split; [lia|split; [exact H|intros; lia]].
    * exists j. split; [lia|split; [exact Hq|]]. intros k Hk'. destruct (Nat.eq_dec k (S i)) as [->|Hne]; [exact Hp|apply Hk; lia].
  + intros [j [Hj [Hq Hk]]]. destruct (Nat.eq_dec j (S i)) as [->|Hne]; [left; exact Hq|right].
    split; [apply Hk; lia|]. exists j. split; [lia|split; [exact Hq|intros k Hk'; apply Hk; lia]].
Qed.

Lemma until_rec_iff (P Q : nat -> bool) (m i : nat) :
  until_rec P Q m i = true <-> exists j, (i <= j < i + m)%nat /\ Q j = true /\ forall k, (i <= k < j)%nat -> P k = true.
Proof.
revert i. induction m as [|m IH]; intros i; simpl.
- split; [discriminate|]. intros [j [Hj _]]. lia.
- rewrite orb_true_iff, andb_true_iff, IH. split.
  + intros [H|[Hp [j [Hj [Hq Hk]]]]].
    * exists i. split; [lia|split; [exact H|intros; lia]].
    * exists j. split; [lia|split; [exact Hq|]]. intros k Hk'. destruct (Nat.eq_dec k i) as [->|Hne]; [exact Hp|apply Hk; lia].
  + intros [j [Hj [Hq Hk]]]. destruct (Nat.eq_dec j i) as [->|Hne]; [left; exact Hq|right].
    split; [apply Hk; lia|]. exists j. split; [lia|split; [exact Hq|intros k Hk'; apply Hk; lia]].
Qed.

(** So w, i |= p S q iff q at some j <= i and p on (j, i]; w, i |= p U q iff q at some j in [i, n)
    and p on [i, j). *)
Lemma sat_since (n : nat) (w : nat -> nat) (p q : ltl) (i : nat) :
  sat n w (LS p q) i = true <-> exists j, (j <= i)%nat /\ sat n w q j = true /\ forall k, (j < k <= i)%nat -> sat n w p k = true.
Proof. apply since_rec_iff. Qed.

Lemma sat_until (n : nat) (w : nat -> nat) (p q : ltl) (i : nat) : (i <= n)%nat ->
  sat n w (LU p q) i = true <-> exists j, (i <= j < n)%nat /\ sat n w q j = true /\ forall k, (i <= k < j)%nat -> sat n w p k = true.
Proof. intros H. simpl. rewrite until_rec_iff. replace (i + (n - i))%nat with n by lia. reflexivity. Qed.

(** The past fragment LTL[Y, S] (Theorems 13 and 16). *)
Fixpoint past (p : ltl) : bool :=
  match p with
  | LAtom _ | LConst _ => true
  | LNot p | LY p => past p
  | LAnd p q | LOr p q | LS p q => past p && past q
  | LX _ | LU _ _ => false
  end.

Fixpoint ltl_eqb (p q : ltl) : bool :=
  match p, q with
  | LAtom a, LAtom b => Nat.eqb a b
  | LConst a, LConst b => Bool.eqb a b
  | LNot p, LNot q | LY p, LY q | LX p, LX q => ltl_eqb p q
  | LAnd p1 p2, LAnd q1 q2 | LOr p1 p2, LOr q1 q2 | LS p1 p2, LS q1 q2 | LU p1 p2, LU q1 q2 =>
    ltl_eqb p1 q1 && ltl_eqb p2 q2
  | _, _ => false
  end.

Lemma ltl_eqb_eq (p q : ltl) : ltl_eqb p q = true -> p = q.
Proof.
revert q. induction p; destruct q; simpl; intros H; try discriminate;
  try (apply andb_true_iff in H; destruct H as [H1 H2]; f_equal; auto).
- apply Nat.eqb_eq in H. congruence.
- apply Bool.eqb_prop in H. congruence.
- f_equal; auto.
- f_equal; auto.
- f_equal; auto.
Qed.

(** ** Networks with rational coefficients, and their reading over R *)

Record shead := SHead { sh_out : nat; sh_val : nat; sh_terms : list (nat * nat * Q); sh_mask : mask; sh_hard : hard_rule }.
Record sneuron := SNeuron { sn_v : Q; sn_w : list (nat * Q); sn_b : Q }.
Record sunit := SUnit { su_out : nat; su_hidden : list sneuron; su_c : Q }.
Record slayer := SLayer { sl_heads : list shead; sl_units : list sunit }.
Definition snet := list slayer.

Definition real_head (h : shead) : head :=
  Head (sh_out h) (sh_val h) (map (fun t => (fst t, Q2R (snd t))) (sh_terms h)) (sh_mask h) (sh_hard h).
Definition real_neuron (nr : sneuron) : neuron :=
  Neuron (Q2R (sn_v nr)) (map (fun p => (fst p, Q2R (snd p))) (sn_w nr)) (Q2R (sn_b nr)).
Definition real_unit (u : sunit) : unit := Unit (su_out u) (map real_neuron (su_hidden u)) (Q2R (su_c u)).
Definition real_layer (L : slayer) : layer := Layer (map real_head (sl_heads L)) (map real_unit (sl_units L)).
Definition real_net (net : snet) : list layer := map real_layer net.

(** ** Variants, position embeddings and coordinates *)

Inductive variant := VTemperature | VUnbounded | VCausal | VCausalTemperature.

(** Position embeddings at the paper's 1-based position i of a length-n input. *)
Definition pe_one (i n : nat) : R := 1.
Definition pe_alt (i n : nat) : R := (-1) ^ i.
Definition pe_frac (i n : nat) : R := INR i / INR n.
Definition pe_pos (i n : nat) : R := INR i.
Definition pe_len (i n : nat) : R := INR n.
Definition pe_alt_len (i n : nat) : R := (-1) ^ i * INR n.
Definition pe_alt_pos (i n : nat) : R := (-1) ^ i * INR i.

(** Coordinate k + p holds the p-th of [pe_one; pe_alt; pe_frac; pe_pos; pe_len; pe_alt_len;
    pe_alt_pos] (Python's pe:one, pe:alt, pe:i/n, pe:i, pe:n, pe:alt*n, pe:alt*i); the temperature
    variants embed only the first three. *)
Definition pes (v : variant) : list (nat -> nat -> R) :=
  match v with
  | VTemperature | VCausalTemperature => [pe_one; pe_alt; pe_frac]
  | _ => [pe_one; pe_alt; pe_frac; pe_pos; pe_len; pe_alt_len; pe_alt_pos]
  end.

Section Coords.
Variable k : nat.  (* alphabet size *)
Definition c_one := k.
Definition c_alt := (k + 1)%nat.
Definition c_frac := (k + 2)%nat.
Definition c_pos := (k + 3)%nat.
Definition c_len := (k + 4)%nat.
Definition c_alt_len := (k + 5)%nat.
Definition c_alt_pos := (k + 6)%nat.
(** Python's "first", "last", "avg:first", "avg:last", then its fresh names (att/b/const + m). *)
Definition c_first := (k + 7)%nat.
Definition c_last := (k + 8)%nat.
Definition c_avg_first := (k + 9)%nat.
Definition c_avg_last := (k + 10)%nat.
Definition c_fresh (m : nat) := (k + 10 + m)%nat.
End Coords.

(** ** The compiler (quarks/ltl/compile.py, formulas of LTL[Y, X, S, U]) *)

(** The compiler's state: the layers so far, the level of each written coordinate (Python's
    ready + 1: 0 for the input, l + 1 when written in layer l), the fresh-name counter, the
    coordinates of the compiled sub-formulas, and whether first / last exist. *)
Record cstate := CState { cs_layers : snet; cs_lev : list (nat * nat); cs_cnt : nat;
                          cs_memo : list (ltl * nat); cs_first : bool; cs_last : bool }.

Fixpoint lookup {A} (eqb : A -> A -> bool) (a : A) (l : list (A * nat)) : option nat :=
  match l with [] => None | (b, v) :: l' => if eqb a b then Some v else lookup eqb a l' end.

Definition lev (st : cstate) (c : nat) : nat := match lookup Nat.eqb c (cs_lev st) with Some l => l | None => 0%nat end.

Definition empty_layer := SLayer [] [].

(** Python's [self.layer(k)] (pad with empty layers) followed by a change of layer k. *)
Fixpoint at_layer (l : nat) (f : slayer -> slayer) (Ls : snet) : snet :=
  match l, Ls with
  | O, [] => [f empty_layer]
  | O, L :: Ls' => f L :: Ls'
  | S l', [] => empty_layer :: at_layer l' f []
  | S l', L :: Ls' => L :: at_layer l' f Ls'
  end.

Definition push_head (h : shead) (L : slayer) := SLayer (sl_heads L ++ [h]) (sl_units L).
Definition push_unit (u : sunit) (L : slayer) := SLayer (sl_heads L) (sl_units L ++ [u]).

Definition add_head (l : nat) (h : shead) (st : cstate) : cstate :=
  CState (at_layer l (push_head h) (cs_layers st)) ((sh_out h, S l) :: cs_lev st) (cs_cnt st) (cs_memo st)
         (cs_first st) (cs_last st).
Definition add_unit (l : nat) (u : sunit) (st : cstate) : cstate :=
  CState (at_layer l (push_unit u) (cs_layers st)) ((su_out u, S l) :: cs_lev st) (cs_cnt st) (cs_memo st)
         (cs_first st) (cs_last st).
Definition bump (st : cstate) : cstate :=
  CState (cs_layers st) (cs_lev st) (S (cs_cnt st)) (cs_memo st) (cs_first st) (cs_last st).
Definition remember (p : ltl) (c : nat) (st : cstate) : cstate :=
  CState (cs_layers st) (cs_lev st) (cs_cnt st) ((p, c) :: cs_memo st) (cs_first st) (cs_last st).
Definition set_first (st : cstate) : cstate :=
  CState (cs_layers st) (cs_lev st) (cs_cnt st) (cs_memo st) true (cs_last st).
Definition set_last (st : cstate) : cstate :=
  CState (cs_layers st) (cs_lev st) (cs_cnt st) (cs_memo st) (cs_first st) true.

(** Python's [_sum_of]: weights of a + b. *)
Definition sum_of (a b : nat) : list (nat * Q) := if Nat.eqb a b then [(a, 2%Q)] else [(a, 1%Q); (b, 1%Q)].

(** Lemma 9's rounding of x, gated to 0 where gate = 1: ReLU(2x - 2g - 1/2) - ReLU(2x - 2g - 3/2). *)
Definition rounding (out x gate : nat) : sunit :=
  SUnit out [SNeuron 1 [(x, 2%Q); (gate, (-2)%Q)] (-1 # 2); SNeuron (-1) [(x, 2%Q); (gate, (-2)%Q)] (-3 # 2)] 0.

Section Compiler.
Variables (k : nat) (v : variant) (cq : Q).

(** A Boolean unit in the first layer that sees its inputs (Python's [unit_node]). *)
Definition unit_node (inputs : list nat) (hidden : list sneuron) (c0 : Q) (st : cstate) : nat * cstate :=
  let st1 := bump st in
  let c := c_fresh k (cs_cnt st1) in
  let l := fold_right Nat.max 0%nat (map (lev st) inputs) in
  (c, add_unit l (SUnit c hidden c0) st1).

(** Proposition 11: first = [uniform future-masked average of (-1)^j = -1]. *)
Definition first (st : cstate) : cstate :=
  if cs_first st then st else
  let st1 := add_head 0 (SHead (c_avg_first k) (c_alt k) [] Future Average) st in
  set_first (add_unit 0 (SUnit (c_first k) [SNeuron 1 [(c_avg_first k, (-2)%Q)] (-1); SNeuron (-1) [(c_avg_first k, (-2)%Q)] (-2)] 0) st1).

(** last = [|uniform past-masked average of (-1)^j| = 1]. *)
Definition last (st : cstate) : cstate :=
  if cs_last st then st else
  let st1 := add_head 0 (SHead (c_avg_last k) (c_alt k) [] Past Average) st in
  set_last (add_unit 0 (SUnit (c_last k) [SNeuron 1 [(c_avg_last k, 2%Q)] (-1); SNeuron 1 [(c_avg_last k, (-2)%Q)] (-1)] 0) st1).

Definition temperature_b : bool := match v with VTemperature | VCausalTemperature => true | _ => false end.

(** The score term -(-1)^i (-1)^j (times c n or c i without temperature), and the tie-break
    +- j/n (or +- c j). *)
Definition parity_term : nat * nat * Q :=
  if temperature_b then (c_alt k, c_alt k, (-1)%Q)
  else ((if match v with VCausal => true | _ => false end then c_alt_pos k else c_alt_len k), c_alt k, Qopp cq).
Definition tie (sign : Q) : nat * nat * Q :=
  if temperature_b then (c_one k, c_frac k, sign) else (c_one k, c_pos k, Qmult sign cq).

(** Y / X: attend to the rightmost / leftmost position of the other parity, then round, gated by
    first / last (Python's [select]). *)
Definition select (a gate : nat) (m : mask) (sign : Q) (st : cstate) : nat * cstate :=
  let l := Nat.max (lev st a) (lev st gate) in
  let st1 := bump st in let att := c_fresh k (cs_cnt st1) in
  let st2 := bump st1 in let out := c_fresh k (cs_cnt st2) in
  let st3 := add_head l (SHead att a [parity_term; tie sign] m Average) st2 in
  (out, add_unit l (rounding out att gate) st3).

(** S / U: the stop node !p | q (Python's [node(Or(Not(left), right))], whose p and q are
    compiled already, at coordinates a and b). *)
Definition not_neurons (a : nat) : list sneuron := [SNeuron 1 [(a, (-1)%Q)] 1].
Definition or_neurons (a b : nat) : list sneuron := [SNeuron 1 (sum_of a b) 0; SNeuron (-1) (sum_of a b) (-1)].

Definition stop_node (p q : ltl) (a b : nat) (st : cstate) : nat * cstate :=
  match lookup ltl_eqb (LOr (LNot p) q) (cs_memo st) with
  | Some c => (c, st)
  | None =>
    let '(na, st1) :=
      match lookup ltl_eqb (LNot p) (cs_memo st) with
      | Some c => (c, st)
      | None => let '(c, st') := unit_node [a] (not_neurons a) 0 st in (c, remember (LNot p) c st')
      end in
    let '(c, st2) := unit_node [na; b] (or_neurons na b) 0 st1 in (c, remember (LOr (LNot p) q) c st2)
  end.

(** The scale of the stop term: 2 B(j) (temperature), 2 c n B(j) (unbounded), 2 c i B(j) (causal). *)
Definition stop_term (s : nat) : nat * nat * Q :=
  if temperature_b then (c_one k, s, 2%Q)
  else ((if match v with VCausal => true | _ => false end then c_pos k else c_len k), s, Qmult 2 cq).

(** Lemma 9's rounding without a gate. *)
Definition rounding1 (out x : nat) : sunit :=
  SUnit out [SNeuron 1 [(x, 2%Q)] (-1 # 2); SNeuron (-1) [(x, 2%Q)] (-3 # 2)] 0.

(** S / U: attend to the rightmost j <= i (leftmost j >= i) where the stop node holds (or i), read
    q there, round (Python's [select] without gate). *)
Definition select_su (s b : nat) (m : mask) (sign : Q) (st : cstate) : nat * cstate :=
  let l := Nat.max (lev st s) (lev st b) in
  let st1 := bump st in let att := c_fresh k (cs_cnt st1) in
  let st2 := bump st1 in let out := c_fresh k (cs_cnt st2) in
  let st3 := add_head l (SHead att b [stop_term s; tie sign] m Average) st2 in
  (out, add_unit l (rounding1 out att) st3).

Fixpoint node (p : ltl) (st : cstate) : nat * cstate :=
  match lookup ltl_eqb p (cs_memo st) with
  | Some c => (c, st)
  | None =>
    let '(c, st') :=
      match p with
      | LAtom a => (a, st)
      | LConst b => unit_node [] [] (if b then 1%Q else 0%Q) st
      | LNot q => let '(a, st1) := node q st in unit_node [a] [SNeuron 1 [(a, (-1)%Q)] 1] 0 st1
      | LAnd q r => let '(a, st1) := node q st in let '(b, st2) := node r st1 in
                    unit_node [a; b] [SNeuron 1 (sum_of a b) (-1)] 0 st2
      | LOr q r => let '(a, st1) := node q st in let '(b, st2) := node r st1 in
                   unit_node [a; b] [SNeuron 1 (sum_of a b) 0; SNeuron (-1) (sum_of a b) (-1)] 0 st2
      | LY q => let '(a, st1) := node q st in select a (c_first k) Future 1 (first st1)
      | LX q => let '(a, st1) := node q st in select a (c_last k) Past (-1) (last st1)
      | LS q r => let '(a, st1) := node q st in let '(b, st2) := node r st1 in
                  let '(s, st3) := stop_node q r a b st2 in select_su s b Future 1 st3
      | LU q r => let '(a, st1) := node q st in let '(b, st2) := node r st1 in
                  let '(s, st3) := stop_node q r a b st2 in select_su s b Past (-1) st3
      end in
    (c, remember p c st')
  end.

Definition init_state := CState [] [] 0 [] false false.

(** The compiled network and its output coordinate (Python's [compile]: at least one layer). *)
Definition compile (p : ltl) : snet * nat :=
  let '(c, st) := node p init_state in (at_layer 0 (fun L => L) (cs_layers st), c).

End Compiler.

(** ** Comparing two networks coefficient by coefficient (rationals up to Qeq) *)

Definition mask_eqb (a b : mask) : bool :=
  match a, b with Future, Future | Past, Past | NoMask, NoMask => true | _, _ => false end.
Definition hard_eqb (a b : hard_rule) : bool :=
  match a, b with Average, Average | Leftmost, Leftmost | Rightmost, Rightmost => true | _, _ => false end.

Fixpoint list_eqb {A} (e : A -> A -> bool) (l m : list A) : bool :=
  match l, m with [], [] => true | a :: l', b :: m' => e a b && list_eqb e l' m' | _, _ => false end.

Definition term_eqb (s t : nat * nat * Q) : bool :=
  Nat.eqb (fst (fst s)) (fst (fst t)) && Nat.eqb (snd (fst s)) (snd (fst t)) && Qeq_bool (snd s) (snd t).
Definition weight_eqb (s t : nat * Q) : bool := Nat.eqb (fst s) (fst t) && Qeq_bool (snd s) (snd t).
Definition shead_eqb (g h : shead) : bool :=
  Nat.eqb (sh_out g) (sh_out h) && Nat.eqb (sh_val g) (sh_val h) && list_eqb term_eqb (sh_terms g) (sh_terms h)
  && mask_eqb (sh_mask g) (sh_mask h) && hard_eqb (sh_hard g) (sh_hard h).
Definition sneuron_eqb (a b : sneuron) : bool :=
  Qeq_bool (sn_v a) (sn_v b) && list_eqb weight_eqb (sn_w a) (sn_w b) && Qeq_bool (sn_b a) (sn_b b).
Definition sunit_eqb (u u' : sunit) : bool :=
  Nat.eqb (su_out u) (su_out u') && list_eqb sneuron_eqb (su_hidden u) (su_hidden u') && Qeq_bool (su_c u) (su_c u').
Definition slayer_eqb (L L' : slayer) : bool :=
  list_eqb shead_eqb (sl_heads L) (sl_heads L') && list_eqb sunit_eqb (sl_units L) (sl_units L').

(** Two compiled networks (layers and output coordinate) are the same. *)
Definition same_net (a b : snet * nat) : bool := list_eqb slayer_eqb (fst a) (fst b) && Nat.eqb (snd a) (snd b).

Lemma list_eqb_map {A B} (e : A -> A -> bool) (f : A -> B) (l m : list A) :
  (forall a b, e a b = true -> f a = f b) -> list_eqb e l m = true -> map f l = map f m.
Proof.
intros Hf. revert m. induction l as [|a l IH]; destruct m as [|b m]; simpl; intros H; try discriminate; [reflexivity|].
apply andb_true_iff in H. destruct H as [H1 H2]. f_equal; [apply Hf, H1|apply IH, H2].
Qed.

Lemma Q2R_eqb (p q : Q) : Qeq_bool p q = true -> Q2R p = Q2R q.
Proof. intros H. apply Qeq_eqR, Qeq_bool_eq, H. Qed.

(** The same rational networks are the same real networks: what [same_net] checks is equality of
    the objects Transformer.v runs. *)
Lemma same_net_real (a b : snet * nat) : same_net a b = true -> real_net (fst a) = real_net (fst b) /\ snd a = snd b.
Proof.
unfold same_net. intros H. apply andb_true_iff in H. destruct H as [H1 H2]. split; [|apply Nat.eqb_eq, H2].
apply (list_eqb_map slayer_eqb); [|exact H1]. intros L L' HL. unfold slayer_eqb in HL.
apply andb_true_iff in HL. destruct HL as [Hh Hu]. unfold real_layer. f_equal.
- apply (list_eqb_map shead_eqb); [|exact Hh]. intros g h E. unfold shead_eqb in E.
  repeat rewrite andb_true_iff in E. destruct E as [[[[E1 E2] E3] E4] E5].
  apply Nat.eqb_eq in E1, E2. unfold real_head. rewrite E1, E2.
  assert (sh_mask g = sh_mask h) by (destruct (sh_mask g), (sh_mask h); simpl in E4; congruence).
  assert (sh_hard g = sh_hard h) by (destruct (sh_hard g), (sh_hard h); simpl in E5; congruence).
  rewrite H, H0. f_equal. apply (list_eqb_map term_eqb); [|exact E3]. intros s t Et. unfold term_eqb in Et.
  repeat rewrite andb_true_iff in Et. destruct Et as [[T1 T2] T3]. apply Nat.eqb_eq in T1, T2.
  destruct s as [[s1 s2] s3], t as [[t1 t2] t3]. simpl in *. subst. rewrite (Q2R_eqb _ _ T3). reflexivity.
- apply (list_eqb_map sunit_eqb); [|exact Hu]. intros u u' E. unfold sunit_eqb in E.
  repeat rewrite andb_true_iff in E. destruct E as [[E1 E2] E3]. apply Nat.eqb_eq in E1.
  unfold real_unit. rewrite E1, (Q2R_eqb _ _ E3). f_equal.
  apply (list_eqb_map sneuron_eqb); [|exact E2]. intros na nb Eab. unfold sneuron_eqb in Eab.
  repeat rewrite andb_true_iff in Eab. destruct Eab as [[F1 F2] F3]. unfold real_neuron.
  rewrite (Q2R_eqb _ _ F1), (Q2R_eqb _ _ F3). f_equal.
  apply (list_eqb_map weight_eqb); [|exact F2]. intros s t Et. unfold weight_eqb in Et.
  apply andb_true_iff in Et. destruct Et as [T1 T2]. apply Nat.eqb_eq in T1.
  destruct s as [s1 s2], t as [t1 t2]. simpl in *. subst. rewrite (Q2R_eqb _ _ T2). reflexivity.
Qed.

