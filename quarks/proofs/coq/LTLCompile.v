(** * Seed 004, Theorems 12, 13, 15 and 16: LTL[Y, X, S, U] compiled into transformers
    (quarks/ltl/compile.py).

    A formula of LTL[Y, X, S, U] over letters 0..k-1 is compiled, as the Python compiler does it,
    into a network whose coefficients are rationals (a syntactic object [snet], compared with the
    Python network by [vm_compute] in tests/test_ltl_coq.py), read over R by [real_net] into
    Transformer.v's [list layer].  Every sub-formula gets its own coordinate holding its exact
    Boolean; Y (X) is a future- (past-) masked head attending to the rightmost (leftmost) position
    of the other parity, then a Lemma 9 rounding unit gated by the first (last) position, which is
    found by a uniform head over (-1)^j (Proposition 11); p S q (p U q) attends to the nearest
    position at or before (after) i where !p | q holds and reads q there.

    Proved for every formula, length n >= 1 and word: the hard network outputs exactly
    [w, i |= phi] (thm12_hard), every head is uniform or tieless with gap 1/n (thm12_gaps), so
    Theorem 26 puts the softmax network within eps of it (thm12_soft), and with eps = 1/4 Lemma 9's
    rounding recovers [w, i |= phi] exactly (thm12); the past fragment (Y, S) compiles to future
    masks only (thm13).  Variant: temperature (bounded PEs 1, (-1)^i, i/n; causal-temperature is
    the same network).  The invariant (node_ok) is proved once for every variant from four facts
    about its selection heads; for the unbounded variant (b) (scores c n times (a)'s) and the causal
    variant (c) on the past fragment (scores at i: (a)'s with n := i + 1, times c (i + 1)), every
    c > 0 and every n, the hard network is exact with gap c (thm12b_hard, thm12b_gaps, thm13c_hard)
    and Theorem 26 gives the soft statements at tau <= temp26 n c X (thm12b_soft, thm12b, thm13c);
    at tau = 1 that hypothesis forces c >= 2 ln(2 + 8 n (n - 1)) (tau1_needs_c), so tau = 1 with a
    fixed c is not proved here. *)
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

(** ** Running a network whose coordinates each get one value at one level

    A ghost assignment: coordinate c has level D c (Some 0: input, Some (S l): written in layer l,
    None: not used), value V c i at position i, and isH c says whether a head writes it.  If every
    layer writes exactly its level's coordinates with their values (heads first, then units), the
    hard run holds every coordinate at its value (run_levels). *)

Definition B2R (b : bool) : R := if b then 1 else 0.

Lemma lsum_app (l m : list R) : lsum (l ++ m) = lsum l + lsum m.
Proof. induction l as [|a l IH]; simpl; [ring|rewrite IH; ring]. Qed.

Section Levels.
Variables (n : nat) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool).

Definition at_lev (c l : nat) : bool := match D c with Some l' => Nat.eqb l' l | None => false end.

Lemma at_lev_true (c l : nat) : at_lev c l = true <-> D c = Some l.
Proof.
unfold at_lev. destruct (D c) as [l'|]; split; intros H; try discriminate.
- apply Nat.eqb_eq in H. congruence.
- inversion H. apply Nat.eqb_refl.
Qed.

(** x holds every coordinate of level <= m at its value; the coordinates above m are still 0. *)
Definition agree (m : nat) (x : stream) : Prop :=
  forall i c l, (i < n)%nat -> D c = Some l -> (l <= m)%nat -> x i c = V c i.
Definition zero_above (m : nat) (x : stream) : Prop :=
  forall i c, (i < n)%nat -> (forall l, D c = Some l -> (m < l)%nat) -> x i c = 0.

Definition heads_ok (g : R) (m : nat) (hs : list head) : Prop :=
  forall x, agree m x -> (forall h, In h hs -> ut_head n g h x) /\
    forall i c, (i < n)%nat ->
      lsum (map (fun h => if Nat.eqb (h_out h) c then head_out hard_w n h x i else 0) hs)
      = if at_lev c (S m) && isH c then V c i else 0.

Definition units_ok (m : nat) (us : list unit) : Prop :=
  forall y, agree m y -> (forall i c, (i < n)%nat -> at_lev c (S m) && isH c = true -> y i c = V c i) ->
    forall i c, (i < n)%nat ->
      lsum (map (fun u => if Nat.eqb (u_out u) c then unit_val u (y i) else 0) us)
      = if at_lev c (S m) && negb (isH c) then V c i else 0.

Definition layer_ok (g : R) (m : nat) (L : layer) : Prop := heads_ok g m (l_heads L) /\ units_ok m (l_units L).

Lemma layer_step (g : R) (m : nat) (L : layer) (x : stream) : layer_ok g m L -> agree m x -> zero_above m x ->
  agree (S m) (layer_run hard_w n L x) /\ zero_above (S m) (layer_run hard_w n L x).
Proof.
intros [Hh Hu] Ha Hz. destruct (Hh x Ha) as [_ Hs].
set (y := attn_sub hard_w n (l_heads L) x).
assert (Ey : forall i c, (i < n)%nat -> y i c = x i c + (if at_lev c (S m) && isH c then V c i else 0))
  by (intros i c Hi; unfold y, attn_sub; rewrite Hs by exact Hi; reflexivity).
assert (Hya : agree m y).
{ intros i c l Hi Hc Hl. rewrite Ey by exact Hi.
  replace (at_lev c (S m)) with false by (symmetry; apply not_true_iff_false; rewrite at_lev_true; congruence || (intros E; rewrite E in Hc; inversion Hc; lia)).
  simpl. rewrite Rplus_0_r. apply (Ha i c l); assumption. }
assert (Hyh : forall i c, (i < n)%nat -> at_lev c (S m) && isH c = true -> y i c = V c i).
{ intros i c Hi E. rewrite Ey, E by exact Hi. apply andb_true_iff in E. destruct E as [E _].
  apply at_lev_true in E. rewrite (Hz i c Hi) by (intros l El; rewrite E in El; inversion El; lia). ring. }
pose proof (Hu y Hya Hyh) as Hus.
assert (Ez : forall i c, (i < n)%nat -> layer_run hard_w n L x i c
                = y i c + (if at_lev c (S m) && negb (isH c) then V c i else 0))
  by (intros i c Hi; unfold layer_run, ffn_sub; fold y; rewrite Hus by exact Hi; reflexivity).
split.
- intros i c l Hi Hc Hl. rewrite Ez by exact Hi.
  destruct (Nat.eq_dec l (S m)) as [->|Hne].
  + assert (At : at_lev c (S m) = true) by (apply at_lev_true, Hc). rewrite At. simpl.
    destruct (isH c) eqn:EH; simpl.
    * rewrite (Hyh i c Hi) by (rewrite At, EH; reflexivity). ring.
    * rewrite (Ey i c Hi), At, EH. simpl. rewrite (Hz i c Hi) by (intros l' El; rewrite Hc in El; inversion El; lia). ring.
  + replace (at_lev c (S m)) with false by (symmetry; apply not_true_iff_false; rewrite at_lev_true; congruence).
    simpl. rewrite Rplus_0_r. apply (Hya i c l Hi Hc). lia.
- intros i c Hi Habove. rewrite Ez, Ey by exact Hi.
  replace (at_lev c (S m)) with false
    by (symmetry; apply not_true_iff_false; rewrite at_lev_true; intros E; specialize (Habove _ E); lia).
  simpl. rewrite (Hz i c Hi) by (intros l El; specialize (Habove l El); lia). ring.
Qed.

Fixpoint nets_ok (g : R) (m : nat) (net : list layer) : Prop :=
  match net with [] => True | L :: net' => layer_ok g m L /\ nets_ok g (S m) net' end.

(** The hard run of such a network holds every coordinate at its value, and every head is uniform
    or tieless with gap g on the stream it reads. *)
Theorem run_levels (g : R) (net : list layer) (m : nat) (x : stream) :
  nets_ok g m net -> agree m x -> zero_above m x ->
  agree (m + length net) (hard_run n net x) /\ gaps_ok n g net x.
Proof.
revert m x. induction net as [|L net IH]; intros m x Hok Ha Hz.
- simpl. rewrite Nat.add_0_r. split; [exact Ha|exact I].
- destruct Hok as [HL Hok]. destruct (layer_step g m L x HL Ha Hz) as [Ha' Hz'].
  destruct (IH (S m) _ Hok Ha' Hz') as [IH1 IH2]. split.
  + simpl length. rewrite Nat.add_succ_r. exact IH1.
  + split; [|exact IH2]. apply (proj1 HL), Ha.
Qed.

End Levels.

(** ** Adding one component keeps the levels right *)

Definition upd {A} (f : nat -> A) (c : nat) (a : A) : nat -> A := fun c' => if Nat.eqb c' c then a else f c'.

Lemma upd_same {A} (f : nat -> A) (c : nat) (a : A) : upd f c a c = a.
Proof. unfold upd. rewrite Nat.eqb_refl. reflexivity. Qed.

Lemma upd_other {A} (f : nat -> A) (c c' : nat) (a : A) : c' <> c -> upd f c a c' = f c'.
Proof. intros H. unfold upd. apply Nat.eqb_neq in H. rewrite H. reflexivity. Qed.

Lemma nth_at_layer (l : nat) (f : slayer -> slayer) (Ls : snet) (m : nat) :
  nth m (at_layer l f Ls) empty_layer = if Nat.eqb m l then f (nth l Ls empty_layer) else nth m Ls empty_layer.
Proof.
revert Ls m. induction l as [|l IH]; intros [|L Ls] [|m]; simpl; try reflexivity.
- destruct m; reflexivity.
- rewrite IH. destruct (Nat.eqb m l); [destruct l|destruct m]; reflexivity.
- apply IH.
Qed.

Lemma length_at_layer (l : nat) (f : slayer -> slayer) (Ls : snet) :
  length (at_layer l f Ls) = Nat.max (length Ls) (S l).
Proof.
revert Ls. induction l as [|l IH]; intros [|L Ls]; simpl; try reflexivity.
- rewrite Nat.max_0_r. reflexivity.
- rewrite IH. reflexivity.
- rewrite IH. reflexivity.
Qed.

Section Upd.
Variables (n : nat) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) (g : R).
Variables (c : nat) (l : nat) (v : nat -> R) (hb : bool).
Hypothesis Hfresh : D c = None.
Let V' := upd V c v.
Let D' := upd D c (Some (S l)).
Let isH' := upd isH c hb.

Lemma agree_old (m : nat) (x : stream) : agree n V' D' m x -> agree n V D m x.
Proof.
intros Ha i c' l' Hi Hc Hl. destruct (Nat.eq_dec c' c) as [->|Hne]; [congruence|].
specialize (Ha i c' l' Hi). unfold V', D' in Ha. rewrite upd_other, upd_other in Ha by exact Hne. auto.
Qed.

Lemma at_lev_new (m : nat) : at_lev D' c m = Nat.eqb (S l) m.
Proof. unfold at_lev, D'. rewrite upd_same. reflexivity. Qed.

Lemma at_lev_old (m : nat) : at_lev D c m = false.
Proof. unfold at_lev. rewrite Hfresh. reflexivity. Qed.

Lemma at_lev_other (c' m : nat) : c' <> c -> at_lev D' c' m = at_lev D c' m.
Proof. intros H. unfold at_lev, D'. rewrite upd_other by exact H. reflexivity. Qed.

(** A stream holding the new ghost's head coordinates of level m + 1 holds the old ones. *)
Lemma heads_old (m : nat) (y : stream) :
  (forall i c', (i < n)%nat -> at_lev D' c' (S m) && isH' c' = true -> y i c' = V' c' i) ->
  forall i c', (i < n)%nat -> at_lev D c' (S m) && isH c' = true -> y i c' = V c' i.
Proof.
intros Hyh i c' Hi E. destruct (Nat.eq_dec c' c) as [->|Hne]; [rewrite at_lev_old in E; discriminate|].
specialize (Hyh i c' Hi). rewrite at_lev_other in Hyh by exact Hne. unfold isH', V' in Hyh.
rewrite !upd_other in Hyh by exact Hne. auto.
Qed.

(** Another layer is not concerned. *)
Lemma layer_ok_upd (m : nat) (L : layer) : m <> l -> layer_ok n V D isH g m L -> layer_ok n V' D' isH' g m L.
Proof.
intros Hml [Hh Hu]. split.
- intros x Ha. destruct (Hh x (agree_old m x Ha)) as [Hg Hs]. split; [exact Hg|].
  intros i c' Hi. rewrite Hs by exact Hi. destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite at_lev_new, at_lev_old. replace (Nat.eqb (S l) (S m)) with false by (symmetry; apply Nat.eqb_neq; lia). reflexivity.
  + rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. reflexivity.
- intros y Ha Hyh i c' Hi. rewrite (Hu y (agree_old m y Ha)).
  + destruct (Nat.eq_dec c' c) as [->|Hne].
    * rewrite at_lev_new, at_lev_old. replace (Nat.eqb (S l) (S m)) with false by (symmetry; apply Nat.eqb_neq; lia). reflexivity.
    * rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. reflexivity.
  + exact (heads_old m y Hyh).
  + exact Hi.
Qed.

(** Layer l gains a unit writing c. *)
Lemma layer_ok_unit (L : layer) (u : unit) : hb = false -> u_out u = c -> layer_ok n V D isH g l L ->
  (forall y, agree n V D l y -> (forall i c', (i < n)%nat -> at_lev D c' (S l) && isH c' = true -> y i c' = V c' i) ->
     forall i, (i < n)%nat -> unit_val u (y i) = v i) ->
  layer_ok n V' D' isH' g l (Layer (l_heads L) (l_units L ++ [u])).
Proof.
intros Hb Hout [Hh Hu] Hloc. split.
- intros x Ha. destruct (Hh x (agree_old l x Ha)) as [Hg Hs]. split; [exact Hg|].
  intros i c' Hi. simpl. rewrite Hs by exact Hi. destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite at_lev_new, at_lev_old. unfold isH'. rewrite upd_same, Hb, andb_false_r. reflexivity.
  + rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. reflexivity.
- intros y Ha Hyh i c' Hi. cbn [l_units]. rewrite map_app, lsum_app. cbn [map lsum].
  pose proof (heads_old l y Hyh) as Hyh0.
  rewrite (Hu y (agree_old l y Ha) Hyh0 i c' Hi). rewrite Hout. destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite at_lev_old, at_lev_new, Nat.eqb_refl. unfold isH', V'. rewrite !upd_same, Hb. simpl. rewrite Nat.eqb_refl. simpl.
    rewrite (Hloc y (agree_old l y Ha) Hyh0 i Hi). ring.
  + rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne.
    replace (Nat.eqb c c') with false by (symmetry; apply Nat.eqb_neq; congruence). ring.
Qed.

(** Layer l gains a head writing c. *)
Lemma layer_ok_head (L : layer) (h : head) : hb = true -> h_out h = c -> layer_ok n V D isH g l L ->
  (forall x, agree n V D l x -> ut_head n g h x /\ forall i, (i < n)%nat -> head_out hard_w n h x i = v i) ->
  layer_ok n V' D' isH' g l (Layer (l_heads L ++ [h]) (l_units L)).
Proof.
intros Hb Hout [Hh Hu] Hloc. split.
- intros x Ha. destruct (Hh x (agree_old l x Ha)) as [Hg Hs]. destruct (Hloc x (agree_old l x Ha)) as [Hg1 Hv]. split.
  + simpl. intros h' Hin. apply in_app_iff in Hin. destruct Hin as [Hin|[<-|[]]]; [apply Hg, Hin|exact Hg1].
  + intros i c' Hi. cbn [l_heads]. rewrite map_app, lsum_app. cbn [map lsum]. rewrite Hs by exact Hi. rewrite Hout.
    destruct (Nat.eq_dec c' c) as [->|Hne].
    * rewrite at_lev_old, at_lev_new, Nat.eqb_refl. unfold isH', V'. rewrite !upd_same, Hb. simpl. rewrite Nat.eqb_refl. simpl. rewrite Hv by exact Hi. ring.
    * rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne.
      replace (Nat.eqb c c') with false by (symmetry; apply Nat.eqb_neq; congruence). ring.
- intros y Ha Hyh i c' Hi. simpl.
  pose proof (heads_old l y Hyh) as Hyh0.
  rewrite (Hu y (agree_old l y Ha) Hyh0 i c' Hi). destruct (Nat.eq_dec c' c) as [->|Hne].
  + rewrite at_lev_old, at_lev_new. unfold isH'. rewrite upd_same, Hb, andb_false_r. reflexivity.
  + rewrite at_lev_other by exact Hne. unfold isH', V'. rewrite !upd_other by exact Hne. reflexivity.
Qed.

End Upd.

(** ** The components: what each head and unit computes *)

Lemma pow_m1 (m : nat) : (-1) ^ m = if Nat.even m then 1 else -1.
Proof.
induction m as [|m IH]; [reflexivity|]. rewrite <- Nat.negb_odd, Nat.odd_succ. simpl pow. rewrite IH.
destruct (Nat.even m); simpl; ring.
Qed.

Lemma even_ex (m : nat) : Nat.even m = true -> exists q, m = (2 * q)%nat.
Proof. intros H. apply Nat.even_spec in H. exact H. Qed.

Lemma odd_ex (m : nat) : Nat.even m = false -> exists q, m = (2 * q + 1)%nat.
Proof. intros H. assert (Nat.odd m = true) by (rewrite <- Nat.negb_even, H; reflexivity). apply Nat.odd_spec. exact H0. Qed.

(** (-1)^(i+1) (-1)^(j+1) = (-1)^(i-j) for j <= i. *)
Lemma alt_prod (i j : nat) : (j <= i)%nat -> (-1) ^ S i * (-1) ^ S j = (-1) ^ (i - j).
Proof.
intros H. replace (S i) with (S j + (i - j))%nat by lia. rewrite pow_add.
replace ((-1) ^ S j * (-1) ^ (i - j) * (-1) ^ S j) with (((-1) ^ S j * (-1) ^ S j) * (-1) ^ (i - j)) by ring.
rewrite <- pow_add, pow_m1. replace (Nat.even (S j + S j)) with true; [ring|].
symmetry. apply Nat.even_spec. exists (S j). lia.
Qed.

Ltac qsimpl := unfold Q2R; cbn [Qnum Qden]; rewrite ?Rinv_1, ?Rmult_1_r.
Ltac relu := unfold Rmax; repeat match goal with |- context [Rle_dec ?a ?b] => destruct (Rle_dec a b) end; lra.

Lemma unit_val_real (u : sunit) (y : nat -> R) :
  unit_val (real_unit u) y = lsum (map (fun nr => Q2R (sn_v nr) * Rmax 0 (lsum (map (fun p => Q2R (snd p) * y (fst p)) (sn_w nr)) + Q2R (sn_b nr))) (su_hidden u)) + Q2R (su_c u).
Proof.
unfold unit_val, real_unit. simpl. f_equal. rewrite map_map. f_equal. apply map_ext. intros nr.
unfold real_neuron, lin. simpl. rewrite map_map. reflexivity.
Qed.

Lemma B2R_01 (b : bool) : B2R b = 0 \/ B2R b = 1.
Proof. destruct b; [right|left]; reflexivity. Qed.

Lemma unit_const (c : nat) (b : bool) (y : nat -> R) : unit_val (real_unit (SUnit c [] (if b then 1%Q else 0%Q))) y = B2R b.
Proof. rewrite unit_val_real. destruct b; simpl; qsimpl; unfold B2R; lra. Qed.

Lemma unit_not (c a : nat) (b : bool) (y : nat -> R) : y a = B2R b ->
  unit_val (real_unit (SUnit c [SNeuron 1 [(a, (-1)%Q)] 1] 0)) y = B2R (negb b).
Proof. intros Ha. rewrite unit_val_real. simpl. qsimpl. rewrite Ha. destruct b; simpl; relu. Qed.

Lemma sum_of_val (a b : nat) (p q : bool) (y : nat -> R) : y a = B2R p -> y b = B2R q ->
  (Nat.eqb a b = true -> p = q) ->
  lsum (map (fun p0 => Q2R (snd p0) * y (fst p0)) (sum_of a b)) = B2R p + B2R q.
Proof.
intros Ha Hb Hpq. unfold sum_of. destruct (Nat.eqb a b) eqn:E.
- rewrite (Hpq eq_refl). simpl. qsimpl. apply Nat.eqb_eq in E. subst b. rewrite Ha. rewrite (Hpq eq_refl). ring.
- simpl. qsimpl. rewrite Ha, Hb. ring.
Qed.

Lemma unit_and (c a b : nat) (p q : bool) (y : nat -> R) : y a = B2R p -> y b = B2R q -> (Nat.eqb a b = true -> p = q) ->
  unit_val (real_unit (SUnit c [SNeuron 1 (sum_of a b) (-1)] 0)) y = B2R (p && q).
Proof.
intros Ha Hb Hpq. rewrite unit_val_real. cbn [su_hidden map sn_v sn_w sn_b lsum su_c].
rewrite (sum_of_val a b p q y Ha Hb Hpq). qsimpl. destruct p, q; simpl; relu.
Qed.

Lemma unit_or (c a b : nat) (p q : bool) (y : nat -> R) : y a = B2R p -> y b = B2R q -> (Nat.eqb a b = true -> p = q) ->
  unit_val (real_unit (SUnit c [SNeuron 1 (sum_of a b) 0; SNeuron (-1) (sum_of a b) (-1)] 0)) y = B2R (p || q).
Proof.
intros Ha Hb Hpq. rewrite unit_val_real. cbn [su_hidden map sn_v sn_w sn_b lsum su_c].
rewrite (sum_of_val a b p q y Ha Hb Hpq). qsimpl. destruct p, q; simpl; relu.
Qed.

(** Lemma 9's gated rounding: exact on a Boolean x and gate. *)
Lemma unit_rounding (c x gate : nat) (p q : bool) (y : nat -> R) : y x = B2R p -> y gate = B2R q ->
  unit_val (real_unit (rounding c x gate)) y = B2R (p && negb q).
Proof.
intros Hx Hg. rewrite unit_val_real. unfold rounding. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd].
qsimpl. rewrite Hx, Hg. destruct p, q; simpl; relu.
Qed.

(** Uniform heads over (-1)^j: the averages of Proposition 11. *)
Lemma alt_sum (m : nat) : rsum (fun k => (-1) ^ S k) 0 m = if Nat.even m then 0 else -1.
Proof.
induction m as [|m IH]; [reflexivity|].
replace (rsum (fun k => (-1) ^ S k) 0 (S m)) with (rsum (fun k => (-1) ^ S k) 0 m + (-1) ^ S m) by reflexivity.
rewrite IH, (pow_m1 (S m)), Nat.even_succ, <- Nat.negb_even. destruct (Nat.even m); simpl; ring.
Qed.

Lemma alt_sum_from (i m : nat) : rsum (fun k => (-1) ^ S (i + k)) 0 m = (-1) ^ S i * (if Nat.even m then 0 else 1).
Proof.
rewrite (rsum_ext _ (fun k => (-1) ^ S i * (-1) ^ k)) by (intros j _; rewrite <- pow_add; f_equal).
rewrite rsum_scal. f_equal. induction m as [|m IH]; [reflexivity|].
change (rsum (pow (-1)) 0 (S m)) with (rsum (pow (-1)) 0 m + (-1) ^ (0 + m)). simpl (0 + m)%nat.
rewrite IH, (pow_m1 m), Nat.even_succ, <- Nat.negb_even. destruct (Nat.even m); simpl; ring.
Qed.

Definition avg_first_val (i : nat) : R := / INR (S i) * (if Nat.even (S i) then 0 else -1).
Definition avg_last_val (n i : nat) : R := / INR (n - i) * ((-1) ^ S i * (if Nat.even (n - i) then 0 else 1)).

Lemma head_uniform_out (n : nat) (h : head) (x : stream) (i : nat) : h_terms h = [] -> h_hard h = Average -> (i < n)%nat ->
  head_out hard_w n h x i = / INR (vis_cnt (h_mask h) n i) * rsum (fun k => x (vis_lo (h_mask h) i + k)%nat (h_val h)) 0 (vis_cnt (h_mask h) n i).
Proof.
intros Ht Hr Hi. unfold head_out. rewrite <- rsum_scal. apply rsum_ext. intros k Hk.
unfold hard_w. rewrite Hr. unfold score. rewrite Ht. simpl. rewrite avg_hard_const by (apply vis_pos, Hi). ring.
Qed.

Lemma head_avg_first (n kk : nat) (x : stream) (i : nat) : (i < n)%nat ->
  (forall j, (j < n)%nat -> x j (c_alt kk) = (-1) ^ S j) ->
  head_out hard_w n (real_head (SHead (c_avg_first kk) (c_alt kk) [] Future Average)) x i = avg_first_val i.
Proof.
intros Hi Hx. rewrite head_uniform_out by (reflexivity || exact Hi). cbn [real_head h_mask h_val vis_lo vis_cnt sh_mask sh_val]. unfold avg_first_val. f_equal.
rewrite (rsum_ext _ (fun k => (-1) ^ S k)) by (intros j Hj; apply Hx; lia). apply alt_sum.
Qed.

Lemma head_avg_last (n kk : nat) (x : stream) (i : nat) : (i < n)%nat ->
  (forall j, (j < n)%nat -> x j (c_alt kk) = (-1) ^ S j) ->
  head_out hard_w n (real_head (SHead (c_avg_last kk) (c_alt kk) [] Past Average)) x i = avg_last_val n i.
Proof.
intros Hi Hx. rewrite head_uniform_out by (reflexivity || exact Hi). cbn [real_head h_mask h_val vis_lo vis_cnt sh_mask sh_val]. unfold avg_last_val. f_equal.
rewrite (rsum_ext _ (fun k => (-1) ^ S (i + k))) by (intros j Hj; apply Hx; lia). apply alt_sum_from.
Qed.

Lemma inv_le_third (m : nat) : (3 <= m)%nat -> 0 < / INR m /\ / INR m <= / 3.
Proof.
intros H. assert (H3 : 3 <= INR m) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR, H).
split; [apply Rinv_0_lt_compat; lra|apply Rinv_le_contravar; lra].
Qed.

Lemma unit_first (kk i : nat) (y : nat -> R) : y (c_avg_first kk) = avg_first_val i ->
  unit_val (real_unit (SUnit (c_first kk) [SNeuron 1 [(c_avg_first kk, (-2)%Q)] (-1); SNeuron (-1) [(c_avg_first kk, (-2)%Q)] (-2)] 0)) y
  = B2R (Nat.eqb i 0).
Proof.
intros Hy. rewrite unit_val_real. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd]. qsimpl. rewrite Hy.
unfold avg_first_val. destruct i as [|i].
- simpl. rewrite Rinv_1. relu.
- destruct (Nat.even (S (S i))) eqn:E; simpl Nat.eqb; unfold B2R.
  + relu.
  + assert (i <> 0%nat) by (intros ->; discriminate). destruct (inv_le_third (S (S i)) ltac:(lia)). relu.
Qed.

Lemma unit_last (n kk i : nat) (y : nat -> R) : (i < n)%nat -> y (c_avg_last kk) = avg_last_val n i ->
  unit_val (real_unit (SUnit (c_last kk) [SNeuron 1 [(c_avg_last kk, 2%Q)] (-1); SNeuron 1 [(c_avg_last kk, (-2)%Q)] (-1)] 0)) y
  = B2R (Nat.eqb (S i) n).
Proof.
intros Hi Hy. rewrite unit_val_real. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd]. qsimpl. rewrite Hy.
unfold avg_last_val. rewrite (pow_m1 (S i)).
destruct (Nat.eq_dec (n - i) 1) as [E|E].
- rewrite E. replace (Nat.eqb (S i) n) with true by (symmetry; apply Nat.eqb_eq; lia). change (Nat.even 1) with false. unfold B2R.
  change (INR 1) with 1. rewrite Rinv_1. destruct (Nat.even (S i)); relu.
- replace (Nat.eqb (S i) n) with false by (symmetry; apply Nat.eqb_neq; lia). unfold B2R.
  destruct (Nat.even (n - i)) eqn:Ev.
  + relu.
  + assert (n - i <> 2)%nat by (intros E2; rewrite E2 in Ev; discriminate).
    destruct (inv_le_third (n - i) ltac:(lia)). destruct (Nat.even (S i)); relu.
Qed.

(** Selection heads (Y: future mask, tie +j/n; X: past mask, tie -j/n). *)
Definition sel_head (kk att a : nat) (m : mask) (s : Q) : shead :=
  SHead att a [(c_alt kk, c_alt kk, (-1)%Q); (c_one kk, c_frac kk, s)] m Average.

Definition pe_ok (n kk : nat) (x : stream) : Prop := forall j, (j < n)%nat ->
  x j (c_one kk) = 1 /\ x j (c_alt kk) = (-1) ^ S j /\ x j (c_frac kk) = INR (S j) / INR n.

Lemma sel_score (n kk att a : nat) (m : mask) (s : Q) (x : stream) (i j : nat) : (i < n)%nat -> (j < n)%nat ->
  pe_ok n kk x -> score (real_head (sel_head kk att a m s)) x i j = - ((-1) ^ S i * (-1) ^ S j) + Q2R s * (INR (S j) / INR n).
Proof.
intros Hi Hj Hx. destruct (Hx i Hi) as [Oi [Ai Fi]]. destruct (Hx j Hj) as [Oj [Aj Fj]].
unfold score. cbn [real_head sel_head h_terms sh_terms map lsum fst snd]. rewrite Oi, Ai, Aj, Fj. qsimpl. ring.
Qed.

Lemma alt_prod2 (i k : nat) : (-1) ^ S i * (-1) ^ S (i + k) = (-1) ^ k.
Proof.
replace (S (i + k)) with (S i + k)%nat by lia. rewrite pow_add.
replace ((-1) ^ S i * ((-1) ^ S i * (-1) ^ k)) with (((-1) ^ S i * (-1) ^ S i) * (-1) ^ k) by ring.
rewrite <- pow_add, (pow_m1 (S i + S i)). replace (Nat.even (S i + S i)) with true; [ring|].
symmetry. apply Nat.even_spec. exists (S i). lia.
Qed.

Lemma inv_n (n : nat) : (1 <= n)%nat -> 0 < / INR n <= 1.
Proof.
intros H. assert (1 <= INR n) by (replace 1 with (INR 1) by reflexivity; apply le_INR, H).
split; [apply Rinv_0_lt_compat; lra|]. rewrite <- Rinv_1. apply Rinv_le_contravar; lra.
Qed.

(** The arithmetic of Y_gap and S_gap, for any length N > i (N = n; variant (c) has N = i + 1). *)
Lemma Y_arith (N i k : nat) : (1 <= N)%nat -> (i < N)%nat -> (k < S i)%nat -> k <> (i - 1)%nat ->
  - ((-1) ^ S i * (-1) ^ S k) + INR (S k) / INR N
  <= - ((-1) ^ S i * (-1) ^ S (i - 1)) + INR (S (i - 1)) / INR N - / INR N.
Proof.
intros Hn Hi Hk Hne. rewrite !alt_prod by lia. replace (i - (i - 1))%nat with 1%nat by lia. replace (S (i - 1)) with i by lia.
destruct (inv_n N Hn) as [Hr0 Hr1]. unfold Rdiv. set (r := / INR N) in *. rewrite S_INR.
assert (Hki : INR k <= INR i) by (apply le_INR; lia). rewrite pow_m1. simpl pow.
destruct (Nat.even (i - k)) eqn:E.
- assert (0 <= (INR i - INR k) * r) by (apply Rmult_le_pos; lra). nra.
- destruct (odd_ex _ E) as [q Hq]. assert (q <> 0%nat) by (intros ->; lia).
  assert (INR k + 3 <= INR i) by (replace 3 with (INR 3) by (simpl; ring); rewrite <- plus_INR; apply le_INR; lia).
  assert (0 <= (INR i - INR k - 3) * r) by (apply Rmult_le_pos; lra). nra.
Qed.

Lemma Y_gap (n kk att a : nat) (x : stream) (i : nat) : (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x ->
  forall k, (k < S i)%nat -> k <> (i - 1)%nat ->
  score (real_head (sel_head kk att a Future 1)) x i (0 + k) <= score (real_head (sel_head kk att a Future 1)) x i (0 + (i - 1)) - / INR n.
Proof.
intros Hn Hi Hx k Hk Hne. simpl (0 + _)%nat. rewrite !(sel_score n kk) by (assumption || lia). qsimpl.
rewrite !Rmult_1_l. apply Y_arith; assumption.
Qed.

Lemma X_gap (n kk att a : nat) (x : stream) (i : nat) : (1 <= n)%nat -> (S i < n)%nat -> pe_ok n kk x ->
  forall k, (k < n - i)%nat -> k <> 1%nat ->
  score (real_head (sel_head kk att a Past (-1))) x i (i + k) <= score (real_head (sel_head kk att a Past (-1))) x i (i + 1) - / INR n.
Proof.
intros Hn Hi Hx k Hk Hne. rewrite !(sel_score n kk) by (assumption || lia). rewrite !alt_prod2.
qsimpl. destruct (inv_n n Hn) as [Hr0 Hr1]. unfold Rdiv. set (r := / INR n) in *. rewrite !S_INR, !plus_INR.
simpl (INR 1). rewrite pow_m1. simpl pow. pose proof (pos_INR k).
destruct (Nat.even k) eqn:E.
- assert (0 <= INR k * r) by (apply Rmult_le_pos; lra). nra.
- destruct (odd_ex _ E) as [q Hq]. assert (q <> 0%nat) by (intros ->; lia).
  assert (3 <= INR k) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR; lia).
  assert (0 <= (INR k - 3) * r) by (apply Rmult_le_pos; lra). nra.
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

(** A head whose scores have a top t i with gap g at every i is tieless and reads x at its top. *)
Lemma head_tops (n : nat) (h : head) (x : stream) (g : R) (t : nat -> nat) : 0 < g ->
  (forall i, (i < n)%nat -> (t i < vis_cnt (h_mask h) n i)%nat /\ forall k, (k < vis_cnt (h_mask h) n i)%nat -> k <> t i ->
     score h x i (vis_lo (h_mask h) i + k) <= score h x i (vis_lo (h_mask h) i + t i) - g) ->
  tieless n g h x /\ forall i, (i < n)%nat -> head_out hard_w n h x i = x (vis_lo (h_mask h) i + t i)%nat (h_val h).
Proof.
intros Hg H. split; [intros i Hi; exists (t i); exact (H i Hi)|].
intros i Hi. destruct (H i Hi) as [H1 H2]. exact (head_out_at n h x i (t i) g Hg H1 H2).
Qed.

Lemma head_Y (n kk att a : nat) (x : stream) : (1 <= n)%nat -> pe_ok n kk x ->
  tieless n (/ INR n) (real_head (sel_head kk att a Future 1)) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (sel_head kk att a Future 1)) x i = x (i - 1)%nat a.
Proof.
intros Hn Hx. destruct (inv_n n Hn) as [Hr _].
destruct (head_tops n (real_head (sel_head kk att a Future 1)) x _ (fun i => i - 1)%nat Hr) as [T O]; [|exact (conj T O)].
intros i Hi. split; [simpl; lia|intros k Hk Hne; apply Y_gap; assumption].
Qed.

Definition x_next (n i : nat) : nat := if (S i <? n)%nat then S i else i.

Lemma x_next_lt (n i : nat) : (i < n)%nat -> (x_next n i < n)%nat.
Proof. intros Hi. unfold x_next. destruct (S i <? n)%nat eqn:E; [apply Nat.ltb_lt in E|]; lia. Qed.

(** Y p at i is p at i - 1 unless i is first; X p at i is p at x_next n i unless i is last. *)
Lemma sat_Y (n : nat) (w : nat -> nat) (p : ltl) (i : nat) : (i < n)%nat ->
  sat n w p (i - 1) && negb (Nat.eqb i 0) = sat n w (LY p) i.
Proof. intros _. simpl. destruct i; simpl; [apply andb_false_r|]. rewrite Nat.sub_0_r, andb_true_r. reflexivity. Qed.

Lemma sat_X (n : nat) (w : nat -> nat) (p : ltl) (i : nat) : (i < n)%nat ->
  sat n w p (x_next n i) && negb (Nat.eqb (S i) n) = sat n w (LX p) i.
Proof.
intros Hi. cbn [sat]. unfold x_next. destruct (S i <? n)%nat eqn:Es.
- apply Nat.ltb_lt in Es. replace (Nat.eqb (S i) n) with false by (symmetry; apply Nat.eqb_neq; lia). apply andb_true_r.
- apply Nat.ltb_ge in Es. replace (Nat.eqb (S i) n) with true by (symmetry; apply Nat.eqb_eq; lia). apply andb_false_r.
Qed.

Lemma head_X (n kk att a : nat) (x : stream) : (1 <= n)%nat -> pe_ok n kk x ->
  tieless n (/ INR n) (real_head (sel_head kk att a Past (-1))) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (sel_head kk att a Past (-1))) x i = x (x_next n i) a.
Proof.
intros Hn Hx. destruct (inv_n n Hn) as [Hr _].
destruct (head_tops n (real_head (sel_head kk att a Past (-1))) x _ (fun i => if (S i <? n)%nat then 1 else 0)%nat Hr) as [T O].
{ intros i Hi. cbv beta. simpl vis_cnt. simpl vis_lo. destruct (S i <? n)%nat eqn:E.
  - apply Nat.ltb_lt in E. split; [lia|]. intros k Hk Hne. apply X_gap; assumption.
  - apply Nat.ltb_ge in E. split; [lia|]. intros k Hk Hne. lia. }
split; [exact T|]. intros i Hi. rewrite O by exact Hi. simpl. unfold x_next. destruct (S i <? n)%nat; f_equal; lia.
Qed.

(** Since and until: the nearest position where the stop node !p | q holds. *)
Fixpoint rm (B : nat -> bool) (i : nat) : option nat :=
  if B i then Some i else match i with O => None | S i' => rm B i' end.
Fixpoint lm (B : nat -> bool) (m i : nat) : option nat :=
  match m with O => None | S m' => if B i then Some i else lm B m' (S i) end.
Definition topS (B : nat -> bool) (i : nat) : nat := match rm B i with Some j => j | None => i end.
Definition topU (B : nat -> bool) (m i : nat) : nat := match lm B m i with Some j => j | None => i end.

Lemma rm_some (B : nat -> bool) (i j : nat) : rm B i = Some j ->
  (j <= i)%nat /\ B j = true /\ forall k, (j < k <= i)%nat -> B k = false.
Proof.
induction i as [|i IH]; intros H.
- simpl in H. destruct (B 0%nat) eqn:E; inversion H. subst. split; [lia|split; [exact E|intros; lia]].
- change (rm B (S i)) with (if B (S i) then Some (S i) else rm B i) in H. destruct (B (S i)) eqn:E.
  + inversion H. subst. split; [lia|split; [exact E|intros; lia]].
  + destruct (IH H) as [H1 [H2 H3]]. split; [lia|split; [exact H2|]]. intros k Hk.
    destruct (Nat.eq_dec k (S i)) as [->|Hne]; [exact E|apply H3; lia].
Qed.

Lemma rm_none (B : nat -> bool) (i : nat) : rm B i = None -> forall k, (k <= i)%nat -> B k = false.
Proof.
induction i as [|i IH]; intros H k Hk.
- simpl in H. destruct (B 0%nat) eqn:E; [discriminate|]. replace k with 0%nat by lia. exact E.
- change (rm B (S i)) with (if B (S i) then Some (S i) else rm B i) in H. destruct (B (S i)) eqn:E; [discriminate|].
  destruct (Nat.eq_dec k (S i)) as [->|Hne]; [exact E|apply IH; [exact H|lia]].
Qed.

Lemma lm_some (B : nat -> bool) (m i j : nat) : lm B m i = Some j ->
  (i <= j < i + m)%nat /\ B j = true /\ forall k, (i <= k < j)%nat -> B k = false.
Proof.
revert i. induction m as [|m IH]; intros i; simpl; [discriminate|]. destruct (B i) eqn:E; intros H.
- inversion H. subst. split; [lia|split; [exact E|intros; lia]].
- destruct (IH (S i) H) as [H1 [H2 H3]]. split; [lia|split; [exact H2|]]. intros k Hk.
  destruct (Nat.eq_dec k i) as [->|Hne]; [exact E|apply H3; lia].
Qed.

Lemma lm_none (B : nat -> bool) (m i : nat) : lm B m i = None -> forall k, (i <= k < i + m)%nat -> B k = false.
Proof.
revert i. induction m as [|m IH]; intros i; simpl; [intros _ k Hk; lia|]. destruct (B i) eqn:E; intros H k Hk; [discriminate|].
destruct (Nat.eq_dec k i) as [->|Hne]; [exact E|apply (IH (S i) H); lia].
Qed.

(** The top of S at i is at or before i; the top of U at i < n is in [i, n). *)
Lemma topS_le (B : nat -> bool) (i : nat) : (topS B i <= i)%nat.
Proof. unfold topS. destruct (rm B i) as [t|] eqn:E; [apply (rm_some B i t E)|lia]. Qed.

Lemma topU_lt (B : nat -> bool) (n i : nat) : (i < n)%nat -> (i <= topU B (n - i) i < n)%nat.
Proof. intros Hi. unfold topU. destruct (lm B (n - i) i) as [t|] eqn:E; [pose proof (lm_some B _ i t E)|]; lia. Qed.

(** S(i) is q at the nearest stop position at or before i (false when there is none). *)
Lemma since_rm (P Q : nat -> bool) (i : nat) :
  since_rec P Q i = match rm (fun j => negb (P j) || Q j) i with Some j => Q j | None => false end.
Proof.
induction i as [|i IH].
- simpl. destruct (P 0%nat) eqn:E1, (Q 0%nat) eqn:E2; simpl; rewrite ?E2; reflexivity.
- change (since_rec P Q (S i)) with (Q (S i) || (P (S i) && since_rec P Q i)).
  change (rm (fun j => negb (P j) || Q j) (S i)) with
    (if negb (P (S i)) || Q (S i) then Some (S i) else rm (fun j => negb (P j) || Q j) i).
  rewrite IH. destruct (P (S i)) eqn:E1, (Q (S i)) eqn:E2; simpl; rewrite ?E2; reflexivity.
Qed.

Lemma since_top (P Q : nat -> bool) (i : nat) : since_rec P Q i = Q (topS (fun j => negb (P j) || Q j) i).
Proof.
unfold topS. rewrite since_rm. destruct (rm _ i) eqn:E; [reflexivity|].
pose proof (rm_none _ i E i (le_n i)) as H. simpl in H. destruct (Q i); [rewrite orb_true_r in H; discriminate|reflexivity].
Qed.

Lemma until_lm (P Q : nat -> bool) (m i : nat) :
  until_rec P Q m i = match lm (fun j => negb (P j) || Q j) m i with Some j => Q j | None => false end.
Proof.
revert i. induction m as [|m IH]; intros i; [reflexivity|].
change (until_rec P Q (S m) i) with (Q i || (P i && until_rec P Q m (S i))).
change (lm (fun j => negb (P j) || Q j) (S m) i) with
  (if negb (P i) || Q i then Some i else lm (fun j => negb (P j) || Q j) m (S i)).
rewrite IH. destruct (P i) eqn:E1, (Q i) eqn:E2; simpl; rewrite ?E2; reflexivity.
Qed.

Lemma until_top (P Q : nat -> bool) (m i : nat) : (1 <= m)%nat ->
  until_rec P Q m i = Q (topU (fun j => negb (P j) || Q j) m i).
Proof.
intros Hm. unfold topU. rewrite until_lm. destruct (lm _ m i) eqn:E; [reflexivity|].
pose proof (lm_none _ m i E i ltac:(lia)) as H. simpl in H. destruct (Q i); [rewrite orb_true_r in H; discriminate|reflexivity].
Qed.

(** The S / U heads: score 2 [stop at j] +- (j + 1)/n. *)
Definition su_head (kk att b s : nat) (m : mask) (sign : Q) : shead :=
  SHead att b [(c_one kk, s, 2%Q); (c_one kk, c_frac kk, sign)] m Average.

Lemma su_score (n kk att b s : nat) (m : mask) (sign : Q) (x : stream) (i j : nat) : (i < n)%nat -> (j < n)%nat ->
  pe_ok n kk x -> score (real_head (su_head kk att b s m sign)) x i j = 2 * x j s + Q2R sign * (INR (S j) / INR n).
Proof.
intros Hi Hj Hx. destruct (Hx i Hi) as [Oi _]. destruct (Hx j Hj) as [_ [_ Fj]].
unfold score. cbn [real_head su_head h_terms sh_terms map lsum fst snd]. rewrite Oi, Fj. qsimpl. ring.
Qed.

Lemma inv_n_mul (n : nat) : (1 <= n)%nat -> INR n * / INR n = 1.
Proof. intros H. apply Rinv_r. apply not_0_INR. lia. Qed.

Lemma B2R_le1 (b : bool) : 0 <= B2R b <= 1.
Proof. destruct b; simpl; lra. Qed.

Lemma S_arith (N i : nat) (f : nat -> R) (B : nat -> bool) : (1 <= N)%nat -> (i < N)%nat ->
  (forall j, (j <= i)%nat -> f j = B2R (B j)) ->
  forall k, (k < S i)%nat -> k <> topS B i ->
  2 * f k + INR (S k) / INR N <= 2 * f (topS B i) + INR (S (topS B i)) / INR N - / INR N.
Proof.
intros Hn Hi HB k Hk Hne. unfold topS in *.
destruct (inv_n N Hn) as [Hr0 Hr1]. pose proof (inv_n_mul N Hn) as Hnr.
assert (Hkn : INR (S k) <= INR N) by (apply le_INR; lia).
destruct (rm B i) as [t|] eqn:E.
- destruct (rm_some B i t E) as [Ht [Bt Hafter]].
  rewrite (HB k), (HB t) by lia. rewrite Bt. unfold Rdiv.
  set (r := / INR N) in *. simpl B2R.
  assert (INR (S t) * r >= 0) by (apply Rle_ge, Rmult_le_pos; [apply pos_INR|lra]).
  destruct (Nat.lt_ge_cases t k) as [Hlt|Hge].
  + rewrite (Hafter k) by lia. simpl B2R.
    assert (0 <= (INR N - INR (S k)) * r) by (apply Rmult_le_pos; lra). nra.
  + assert (INR (S k) + 1 <= INR (S t)) by (rewrite <- S_INR; apply le_INR; lia).
    assert (0 <= (INR (S t) - INR (S k) - 1) * r) by (apply Rmult_le_pos; lra).
    pose proof (B2R_le1 (B k)). nra.
- pose proof (rm_none B i E) as Hnone.
  rewrite (HB k), (HB i) by lia. rewrite !Hnone by lia. unfold Rdiv.
  set (r := / INR N) in *. simpl B2R.
  assert (INR (S k) + 1 <= INR (S i)) by (rewrite <- S_INR; apply le_INR; lia).
  assert (0 <= (INR (S i) - INR (S k) - 1) * r) by (apply Rmult_le_pos; lra). nra.
Qed.

Lemma S_gap (n kk att b s : nat) (x : stream) (i : nat) (B : nat -> bool) : (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  forall k, (k < S i)%nat -> k <> topS B i ->
  score (real_head (su_head kk att b s Future 1)) x i (0 + k) <= score (real_head (su_head kk att b s Future 1)) x i (0 + topS B i) - / INR n.
Proof.
intros Hn Hi Hx HB k Hk Hne. simpl (0 + _)%nat. pose proof (topS_le B i).
rewrite !(su_score n kk) by (assumption || lia). qsimpl. rewrite !Rmult_1_l.
apply (S_arith n i (fun j => x j s) B); try assumption. intros j Hj. apply HB. lia.
Qed.

Lemma U_gap (n kk att b s : nat) (x : stream) (i : nat) (B : nat -> bool) : (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  forall k, (k < n - i)%nat -> k <> (topU B (n - i) i - i)%nat ->
  score (real_head (su_head kk att b s Past (-1))) x i (i + k)
  <= score (real_head (su_head kk att b s Past (-1))) x i (i + (topU B (n - i) i - i)) - / INR n.
Proof.
intros Hn Hi Hx HB k Hk Hne. unfold topU in *.
destruct (inv_n n Hn) as [Hr0 Hr1]. pose proof (inv_n_mul n Hn) as Hnr.
destruct (lm B (n - i) i) as [t|] eqn:E.
- destruct (lm_some B (n - i) i t E) as [Ht [Bt Hbefore]]. replace (i + (t - i))%nat with t in * by lia.
  assert (Htn : INR (S t) <= INR n) by (apply le_INR; lia).
  rewrite !(su_score n kk) by (assumption || lia). rewrite !HB by lia. rewrite Bt. qsimpl. unfold Rdiv.
  set (r := / INR n) in *. simpl B2R.
  assert (0 <= (INR n - INR (S t)) * r) by (apply Rmult_le_pos; lra).
  assert (0 <= INR (S (i + k)) * r) by (apply Rmult_le_pos; [apply pos_INR|lra]).
  destruct (Nat.lt_ge_cases (i + k) t) as [Hlt|Hge].
  + rewrite (Hbefore (i + k)%nat) by lia. simpl B2R. nra.
  + assert (INR (S t) + 1 <= INR (S (i + k))) by (rewrite <- S_INR; apply le_INR; lia).
    assert (0 <= (INR (S (i + k)) - INR (S t) - 1) * r) by (apply Rmult_le_pos; lra).
    pose proof (B2R_le1 (B (i + k)%nat)). nra.
- pose proof (lm_none B (n - i) i E) as Hnone. replace (i - i)%nat with 0%nat in * by lia.
  rewrite Nat.add_0_r. rewrite !(su_score n kk) by (assumption || lia). rewrite !HB by lia. rewrite !Hnone by lia.
  qsimpl. unfold Rdiv. set (r := / INR n) in *. simpl B2R.
  assert (INR (S i) + 1 <= INR (S (i + k))) by (rewrite <- S_INR; apply le_INR; lia).
  assert (0 <= (INR (S (i + k)) - INR (S i) - 1) * r) by (apply Rmult_le_pos; lra). nra.
Qed.

Lemma head_S (n kk att b s : nat) (x : stream) (B : nat -> bool) : (1 <= n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  tieless n (/ INR n) (real_head (su_head kk att b s Future 1)) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (su_head kk att b s Future 1)) x i = x (topS B i) b.
Proof.
intros Hn Hx HB. destruct (inv_n n Hn) as [Hr _].
destruct (head_tops n (real_head (su_head kk att b s Future 1)) x _ (topS B) Hr) as [T O]; [|exact (conj T O)].
intros i Hi. pose proof (topS_le B i). split; [simpl; lia|intros k Hk Hne; apply S_gap; assumption].
Qed.

Lemma head_U (n kk att b s : nat) (x : stream) (B : nat -> bool) : (1 <= n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  tieless n (/ INR n) (real_head (su_head kk att b s Past (-1))) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (su_head kk att b s Past (-1))) x i = x (topU B (n - i) i) b.
Proof.
intros Hn Hx HB. destruct (inv_n n Hn) as [Hr _].
destruct (head_tops n (real_head (su_head kk att b s Past (-1))) x _ (fun i => topU B (n - i) i - i)%nat Hr) as [T O].
{ intros i Hi. pose proof (topU_lt B n i Hi). split; [simpl; lia|intros k Hk Hne; apply U_gap; assumption]. }
split; [exact T|]. intros i Hi. rewrite O by exact Hi. simpl. f_equal. pose proof (topU_lt B n i Hi). lia.
Qed.

Lemma unit_rounding1 (c x : nat) (p : bool) (y : nat -> R) : y x = B2R p -> unit_val (real_unit (rounding1 c x)) y = B2R p.
Proof.
intros Hx. rewrite unit_val_real. unfold rounding1. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd].
qsimpl. rewrite Hx. destruct p; simpl; relu.
Qed.

(** ** The compiler's invariant: every coordinate it has written holds its value *)

Lemma real_push_unit (u : sunit) (L : slayer) :
  real_layer (push_unit u L) = Layer (l_heads (real_layer L)) (l_units (real_layer L) ++ [real_unit u]).
Proof. unfold real_layer, push_unit. simpl. rewrite map_app. reflexivity. Qed.

Lemma real_push_head (h : shead) (L : slayer) :
  real_layer (push_head h L) = Layer (l_heads (real_layer L) ++ [real_head h]) (l_units (real_layer L)).
Proof. unfold real_layer, push_head. simpl. rewrite map_app. reflexivity. Qed.

(** Changing layer l of a network by f keeps a per-layer property (P before, P' after) when it
    does so at layer l and every other layer keeps it unchanged. *)
Lemma layers_at (P P' : nat -> layer -> Prop) (l : nat) (f : slayer -> slayer) (Ls : snet) :
  (forall m, P m (real_layer (nth m Ls empty_layer))) ->
  (P l (real_layer (nth l Ls empty_layer)) -> P' l (real_layer (f (nth l Ls empty_layer)))) ->
  (forall m L, m <> l -> P m L -> P' m L) ->
  forall m, P' m (real_layer (nth m (at_layer l f Ls) empty_layer)).
Proof.
intros H Hl Ho m. rewrite nth_at_layer. destruct (Nat.eqb m l) eqn:Em.
- apply Nat.eqb_eq in Em. subst m. apply Hl, H.
- apply Nat.eqb_neq in Em. apply Ho, H. exact Em.
Qed.

(** The selection heads of variant v as the compiler writes them (Python's [select]). *)
Definition vhead (kk : nat) (v : variant) (cq : Q) (att a : nat) (m : mask) (s : Q) : shead :=
  SHead att a [parity_term kk v cq; tie kk v cq s] m Average.
Definition vsu_head (kk : nat) (v : variant) (cq : Q) (att b s : nat) (m : mask) (sign : Q) : shead :=
  SHead att b [stop_term kk v cq s; tie kk v cq sign] m Average.

Lemma pes_len (v : variant) : (3 <= length (pes v) <= 7)%nat.
Proof. destruct v; simpl; lia. Qed.

Lemma orb_and_l (f a b : bool) : f || (a && b) = true -> f || a = true.
Proof. destruct f, a, b; simpl; auto. Qed.
Lemma orb_and_r (f a b : bool) : f || (a && b) = true -> f || b = true.
Proof. destruct f, a, b; simpl; auto. Qed.

Section Invariant.
Variables (n : nat) (w : nat -> nat) (kk : nat) (var : variant) (cq : Q) (gap : R) (fut : bool).
Definition x0 := embed kk (pes var) n w.
(** x holds the letters and position embeddings of w. *)
Definition pe_agree (x : stream) : Prop :=
  forall j c, (j < n)%nat -> (c < kk + length (pes var))%nat -> x j c = x0 j c.
(** The four selection heads of the variant, on any stream holding the embedding: tieless with
    gap [gap], reading position i - 1, i + 1 (or i), and the nearest stop position. *)
Definition Y_ok : Prop := forall att a x, pe_agree x ->
  tieless n gap (real_head (vhead kk var cq att a Future 1)) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (vhead kk var cq att a Future 1)) x i = x (i - 1)%nat a.
Definition X_ok : Prop := forall att a x, pe_agree x ->
  tieless n gap (real_head (vhead kk var cq att a Past (-1))) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (vhead kk var cq att a Past (-1))) x i = x (x_next n i) a.
Definition S_ok : Prop := forall att b s x (B : nat -> bool), pe_agree x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  tieless n gap (real_head (vsu_head kk var cq att b s Future 1)) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (vsu_head kk var cq att b s Future 1)) x i = x (topS B i) b.
Definition U_ok : Prop := forall att b s x (B : nat -> bool), pe_agree x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  tieless n gap (real_head (vsu_head kk var cq att b s Past (-1))) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (vsu_head kk var cq att b s Past (-1))) x i = x (topU B (n - i) i) b.
(** [fut = false]: only the past fragment is compiled, and the X / U heads need not be right. *)
Hypotheses (HY : Y_ok) (HX : fut = true -> X_ok) (HS : S_ok) (HU : fut = true -> U_ok).

Record core (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) : Prop := {
  co_inputs : forall c, (c < kk + length (pes var))%nat -> D c = Some 0%nat;
  co_in_val : forall c i, D c = Some 0%nat -> (i < n)%nat -> x0 i c = V c i;
  co_zero : forall c i, D c <> Some 0%nat -> (i < n)%nat -> x0 i c = 0;
  co_layers : forall m, layer_ok n V D isH gap m (real_layer (nth m (cs_layers st) empty_layer));
  co_len : forall c l, D c = Some l -> (l <= length (cs_layers st))%nat;
  co_lev : forall c l, D c = Some l -> lev st c = l }.

(** Changing layer l to f of it keeps the core invariant for a fresh coordinate c written at
    level l + 1, when layer l with c added is [layer_ok]. *)
Lemma core_add (st st' : cstate) V D isH (l c : nat) (v : nat -> R) (hb : bool) (f : slayer -> slayer) :
  core st V D isH -> D c = None ->
  cs_layers st' = at_layer l f (cs_layers st) -> cs_lev st' = (c, S l) :: cs_lev st ->
  (layer_ok n V D isH gap l (real_layer (nth l (cs_layers st) empty_layer)) ->
   layer_ok n (upd V c v) (upd D c (Some (S l))) (upd isH c hb) gap l (real_layer (f (nth l (cs_layers st) empty_layer)))) ->
  core st' (upd V c v) (upd D c (Some (S l))) (upd isH c hb).
Proof.
intros [H1 H2 H3 H4 H5 H6] Hf EL Elev Hl.
assert (Hne : forall c' l', D c' = Some l' -> c' <> c) by (intros c' l' E ->; congruence).
constructor.
- intros c' Hc'. rewrite upd_other by (apply (Hne c' 0%nat), H1, Hc'). apply H1, Hc'.
- intros c' i E Hi. destruct (Nat.eq_dec c' c) as [->|Hc]; [rewrite upd_same in E; discriminate|].
  rewrite upd_other in E by exact Hc. rewrite upd_other by exact Hc. apply H2; assumption.
- intros c' i E Hi. destruct (Nat.eq_dec c' c) as [->|Hc]; [apply H3; [rewrite Hf; discriminate|exact Hi]|].
  rewrite upd_other in E by exact Hc. apply H3; assumption.
- intros m. rewrite EL. apply (layers_at (layer_ok n V D isH gap)); [exact H4|exact Hl|]. intros m' L Hm. apply (layer_ok_upd n V D isH gap c l v hb Hf _ _ Hm).
- intros c' l' E. rewrite EL, length_at_layer. destruct (Nat.eq_dec c' c) as [->|Hc].
  + rewrite upd_same in E. inversion E. lia.
  + rewrite upd_other in E by exact Hc. specialize (H5 c' l' E). lia.
- intros c' l' E. unfold lev. rewrite Elev. cbn [lookup]. destruct (Nat.eq_dec c' c) as [->|Hc].
  + rewrite upd_same in E. inversion E. rewrite Nat.eqb_refl. reflexivity.
  + rewrite upd_other in E by exact Hc. apply Nat.eqb_neq in Hc. rewrite Hc. apply H6, E.
Qed.

Lemma core_unit (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) (l : nat) (u : sunit) (v : nat -> R) :
  core st V D isH -> D (su_out u) = None ->
  (forall y, agree n V D l y -> (forall i c', (i < n)%nat -> at_lev D c' (S l) && isH c' = true -> y i c' = V c' i) ->
     forall i, (i < n)%nat -> unit_val (real_unit u) (y i) = v i) ->
  core (add_unit l u st) (upd V (su_out u) v) (upd D (su_out u) (Some (S l))) (upd isH (su_out u) false).
Proof.
intros Hc Hf Hloc. apply (core_add st (add_unit l u st) V D isH l _ v false (push_unit u) Hc Hf eq_refl eq_refl).
intros HL. rewrite real_push_unit. exact (layer_ok_unit n V D isH gap _ l v false Hf _ (real_unit u) eq_refl eq_refl HL Hloc).
Qed.

Lemma core_head (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) (l : nat) (h : shead) (v : nat -> R) :
  core st V D isH -> D (sh_out h) = None ->
  (forall x, agree n V D l x -> ut_head n gap (real_head h) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = v i) ->
  core (add_head l h st) (upd V (sh_out h) v) (upd D (sh_out h) (Some (S l))) (upd isH (sh_out h) true).
Proof.
intros Hc Hf Hloc. apply (core_add st (add_head l h st) V D isH l _ v true (push_head h) Hc Hf eq_refl eq_refl).
intros HL. rewrite real_push_head. exact (layer_ok_head n V D isH gap _ l v true Hf _ (real_head h) eq_refl eq_refl HL Hloc).
Qed.


Lemma core_bump (st : cstate) V D isH : core st V D isH -> core (bump st) V D isH.
Proof. intros [H1 H2 H3 H4 H5 H6]. constructor; assumption. Qed.

Lemma x0_alt (j : nat) : x0 j (c_alt kk) = (-1) ^ S j.
Proof.
unfold x0, embed, c_alt. replace (kk + 1 <? kk)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
replace (kk + 1 - kk)%nat with 1%nat by lia. destruct var; reflexivity.
Qed.

Lemma x0_letter (a i : nat) : (a < kk)%nat -> x0 i a = B2R (Nat.eqb (w i) a).
Proof. intros Ha. unfold x0, embed. replace (a <? kk)%nat with true by (symmetry; apply Nat.ltb_lt, Ha). reflexivity. Qed.

(** A stream that agrees with the ghost at some level holds the position embeddings. *)
Lemma agree_pe (st : cstate) V D isH (l : nat) (x : stream) : core st V D isH -> agree n V D l x -> pe_agree x.
Proof.
intros Hc Ha j c Hj Hcl. pose proof (co_inputs _ _ _ _ Hc c Hcl) as E.
rewrite (Ha j c 0%nat Hj E ltac:(lia)). symmetry. apply (co_in_val _ _ _ _ Hc); assumption.
Qed.

Definition ext (V : nat -> nat -> R) (D : nat -> option nat) (V' : nat -> nat -> R) (D' : nat -> option nat) : Prop :=
  forall c l, D c = Some l -> D' c = Some l /\ forall i, V' c i = V c i.

Lemma ext_refl V D : ext V D V D.
Proof. intros c l E. split; [exact E|reflexivity]. Qed.

Lemma ext_trans V D V1 D1 V2 D2 : ext V D V1 D1 -> ext V1 D1 V2 D2 -> ext V D V2 D2.
Proof. intros H1 H2 c l E. destruct (H1 c l E) as [E1 F1]. destruct (H2 c l E1) as [E2 F2]. split; [exact E2|]. intros i. rewrite F2. apply F1. Qed.

Lemma ext_upd V D (c : nat) (v : nat -> R) (o : option nat) : D c = None -> ext V D (upd V c v) (upd D c o).
Proof.
intros Hf c' l E. assert (c' <> c) by (intros ->; congruence). rewrite !upd_other by assumption. split; [exact E|reflexivity].
Qed.

(** The whole invariant: the core, fresh names unused, first / last, and the memo table. *)
Definition inv (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) : Prop :=
  core st V D isH /\
  (forall c, (c_fresh kk (S (cs_cnt st)) <= c)%nat -> D c = None) /\
  (if cs_first st then D (c_first kk) = Some 1%nat /\ forall i, (i < n)%nat -> V (c_first kk) i = B2R (Nat.eqb i 0)
   else D (c_first kk) = None /\ D (c_avg_first kk) = None) /\
  (if cs_last st then D (c_last kk) = Some 1%nat /\ forall i, (i < n)%nat -> V (c_last kk) i = B2R (Nat.eqb (S i) n)
   else D (c_last kk) = None /\ D (c_avg_last kk) = None) /\
  (forall p c, lookup ltl_eqb p (cs_memo st) = Some c ->
     (exists l, D c = Some l) /\ forall i, (i < n)%nat -> V c i = B2R (sat n w p i)).

(** inv's slot for first (last): done, cf holding vf at level 1; or not, cf and its average ca
    unused.  The memo table's coordinates hold their formulas. *)
Definition slot (b : bool) (V : nat -> nat -> R) (D : nat -> option nat) (cf ca : nat) (vf : nat -> R) : Prop :=
  if b then D cf = Some 1%nat /\ forall i, (i < n)%nat -> V cf i = vf i else D cf = None /\ D ca = None.
Definition memo_ok (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) : Prop := forall p c, lookup ltl_eqb p (cs_memo st) = Some c ->
  (exists l, D c = Some l) /\ forall i, (i < n)%nat -> V c i = B2R (sat n w p i).

(** Updating a coordinate c other than cf, ca keeps the slot; an unused c keeps the memo table. *)
Lemma slot_upd (b : bool) V D (cf ca c : nat) (vf v : nat -> R) (o : option nat) : c <> cf -> c <> ca ->
  slot b V D cf ca vf -> slot b (upd V c v) (upd D c o) cf ca vf.
Proof. intros H1 H2. unfold slot. rewrite !upd_other by congruence. exact (fun H => H). Qed.

Lemma memo_upd_ok (st st' : cstate) V D (c : nat) (v : nat -> R) (o : option nat) : D c = None -> cs_memo st' = cs_memo st ->
  memo_ok st V D -> memo_ok st' (upd V c v) (upd D c o).
Proof.
intros Hf Em Hme p c' E. rewrite Em in E. destruct (Hme p c' E) as [[l E'] F]. assert (c' <> c) by (intros ->; congruence).
rewrite !upd_other by assumption. split; [exists l; exact E'|exact F].
Qed.

(** Updating a fresh coordinate other than first / last keeps the rest of the invariant. *)
Lemma rest_upd (st st' : cstate) V D (c : nat) (v : nat -> R) (o : option nat) :
  (forall c', (c_fresh kk (S (cs_cnt st)) <= c')%nat -> D c' = None) ->
  (c_fresh kk (S (cs_cnt st)) <= c)%nat -> (c < c_fresh kk (S (cs_cnt st')))%nat ->
  cs_first st' = cs_first st -> cs_last st' = cs_last st -> cs_memo st' = cs_memo st ->
  slot (cs_first st) V D (c_first kk) (c_avg_first kk) (fun i => B2R (Nat.eqb i 0)) ->
  slot (cs_last st) V D (c_last kk) (c_avg_last kk) (fun i => B2R (Nat.eqb (S i) n)) -> memo_ok st V D ->
  (forall c', (c_fresh kk (S (cs_cnt st')) <= c')%nat -> upd D c o c' = None) /\
  slot (cs_first st') (upd V c v) (upd D c o) (c_first kk) (c_avg_first kk) (fun i => B2R (Nat.eqb i 0)) /\
  slot (cs_last st') (upd V c v) (upd D c o) (c_last kk) (c_avg_last kk) (fun i => B2R (Nat.eqb (S i) n)) /\
  memo_ok st' (upd V c v) (upd D c o).
Proof.
intros Hfr Hc1 Hc2 Ef El Em Hfi Hla Hme. unfold c_fresh, c_first, c_last, c_avg_first, c_avg_last in *.
assert (Hf : D c = None) by (apply Hfr; lia).
split; [intros c' Hc'; rewrite upd_other by lia; apply Hfr; lia|].
rewrite Ef, El. split; [apply slot_upd; [lia|lia|exact Hfi]|split; [apply slot_upd; [lia|lia|exact Hla]|]].
exact (memo_upd_ok st st' V D c v o Hf Em Hme).
Qed.

(** The first / last step writes the fixed unused coordinates ca, cf: its slot is done, and the
    fresh names, the other slot (c1, c2) and the memo table carry over. *)
Lemma end_rest (st st' : cstate) V D (ca cf c1 c2 : nat) (va vf v1 : nat -> R) (b : bool) :
  (forall c, (c_fresh kk (S (cs_cnt st)) <= c)%nat -> D c = None) -> D ca = None -> D cf = None ->
  (ca < c_fresh kk 1)%nat -> (cf < c_fresh kk 1)%nat -> cf <> ca -> c1 <> ca -> c1 <> cf -> c2 <> ca -> c2 <> cf ->
  cs_cnt st' = cs_cnt st -> cs_memo st' = cs_memo st -> slot b V D c1 c2 v1 -> memo_ok st V D ->
  (forall c, (c_fresh kk (S (cs_cnt st')) <= c)%nat -> upd (upd D ca (Some 1%nat)) cf (Some 1%nat) c = None) /\
  slot true (upd (upd V ca va) cf vf) (upd (upd D ca (Some 1%nat)) cf (Some 1%nat)) cf ca vf /\
  slot b (upd (upd V ca va) cf vf) (upd (upd D ca (Some 1%nat)) cf (Some 1%nat)) c1 c2 v1 /\
  memo_ok st' (upd (upd V ca va) cf vf) (upd (upd D ca (Some 1%nat)) cf (Some 1%nat)).
Proof.
intros Hfr Fa Ff Ha Hf H0 H1 H2 H3 H4 Ec Em Hsl Hme. unfold c_fresh in *. split; [|split; [|split]].
- intros c Hc. rewrite Ec in Hc. rewrite !upd_other by lia. apply Hfr. lia.
- unfold slot. rewrite upd_same. split; [reflexivity|]. intros i Hi. rewrite upd_same. reflexivity.
- apply slot_upd; [congruence|congruence|]. apply slot_upd; [congruence|congruence|exact Hsl].
- apply (memo_upd_ok st' st'); [rewrite upd_other by exact H0; exact Ff|reflexivity|]. exact (memo_upd_ok st st' V D ca va _ Fa Em Hme).
Qed.

(** A unit writing the next fresh name. *)
Lemma inv_unit (st : cstate) V D isH (l : nat) (u : sunit) (v : nat -> R) :
  inv st V D isH -> su_out u = c_fresh kk (S (cs_cnt st)) ->
  (forall y, agree n V D l y -> (forall i c', (i < n)%nat -> at_lev D c' (S l) && isH c' = true -> y i c' = V c' i) ->
     forall i, (i < n)%nat -> unit_val (real_unit u) (y i) = v i) ->
  inv (add_unit l u (bump st)) (upd V (su_out u) v) (upd D (su_out u) (Some (S l))) (upd isH (su_out u) false) /\
  ext V D (upd V (su_out u) v) (upd D (su_out u) (Some (S l))).
Proof.
intros [Hc [Hfr [Hfi [Hla Hme]]]] Eo Hloc.
assert (Hf : D (su_out u) = None) by (apply Hfr; lia).
split; [|apply ext_upd, Hf].
split; [apply core_unit; [apply core_bump, Hc|exact Hf|exact Hloc]|].
apply (rest_upd st); try assumption; try reflexivity; [lia|]. rewrite Eo. unfold c_fresh. simpl. lia.
Qed.

(** A head writing the next fresh name. *)
Lemma inv_head (st : cstate) V D isH (l : nat) (h : shead) (v : nat -> R) :
  inv st V D isH -> sh_out h = c_fresh kk (S (cs_cnt st)) ->
  (forall x, agree n V D l x -> ut_head n gap (real_head h) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = v i) ->
  inv (add_head l h (bump st)) (upd V (sh_out h) v) (upd D (sh_out h) (Some (S l))) (upd isH (sh_out h) true) /\
  ext V D (upd V (sh_out h) v) (upd D (sh_out h) (Some (S l))).
Proof.
intros [Hc [Hfr [Hfi [Hla Hme]]]] Eo Hloc.
assert (Hf : D (sh_out h) = None) by (apply Hfr; lia).
split; [|apply ext_upd, Hf].
split; [apply core_head; [apply core_bump, Hc|exact Hf|exact Hloc]|].
apply (rest_upd st); try assumption; try reflexivity; [lia|]. rewrite Eo. unfold c_fresh. simpl. lia.
Qed.

Lemma core_same (st st' : cstate) V D isH : cs_layers st' = cs_layers st -> cs_lev st' = cs_lev st ->
  core st V D isH -> core st' V D isH.
Proof.
intros E1 E2 [H1 H2 H3 H4 H5 H6]. constructor; try assumption.
- intros m. rewrite E1. apply H4.
- intros c l E. rewrite E1. apply (H5 c l E).
- intros c l E. unfold lev. rewrite E2. apply (H6 c l E).
Qed.

Lemma lev_max (st : cstate) (a : nat) (inputs : list nat) : In a inputs -> (lev st a <= fold_right Nat.max 0%nat (map (lev st) inputs))%nat.
Proof. induction inputs as [|b l IH]; simpl; [intros []|intros [->|H]; [lia|specialize (IH H); lia]]. Qed.

(** A coordinate known to the invariant is read exactly by every stream agreeing at its level. *)
Lemma agree_read (st : cstate) V D isH (l a : nat) (y : stream) (i : nat) : core st V D isH -> (i < n)%nat ->
  (exists la, D a = Some la) -> (lev st a <= l)%nat -> agree n V D l y -> y i a = V a i.
Proof.
intros Hc Hi [la E] Hl Ha. pose proof (co_lev _ _ _ _ Hc a la E). apply (Ha i a la Hi E). lia.
Qed.

Lemma unit_node_ok (st : cstate) V D isH (inputs : list nat) (hidden : list sneuron) (c0 : Q) (v : nat -> R) (c : nat) (st' : cstate) :
  inv st V D isH -> unit_node kk inputs hidden c0 st = (c, st') ->
  (forall y, agree n V D (fold_right Nat.max 0%nat (map (lev st) inputs)) y -> forall i, (i < n)%nat ->
     unit_val (real_unit (SUnit (c_fresh kk (S (cs_cnt st))) hidden c0)) (y i) = v i) ->
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' c = Some l) /\ forall i, (i < n)%nat -> V' c i = v i.
Proof.
intros Hinv E Hloc. unfold unit_node in E. inversion E. subst c st'. clear E.
set (u := SUnit (c_fresh kk (cs_cnt (bump st))) hidden c0).
destruct (inv_unit st V D isH (fold_right Nat.max 0%nat (map (lev st) inputs)) u v Hinv eq_refl) as [H1 H2].
{ intros y Ha _ i Hi. apply Hloc; assumption. }
do 3 eexists. split; [exact H1|split; [exact H2|split]].
- eexists. apply upd_same.
- intros i Hi. simpl. rewrite upd_same. reflexivity.
Qed.

(** A stream holding the embedding holds (-1)^(j+1) at c_alt. *)
Lemma agree_alt (x : stream) : pe_agree x -> forall j, (j < n)%nat -> x j (c_alt kk) = (-1) ^ S j.
Proof. intros Hx j Hj. rewrite (Hx j (c_alt kk) Hj) by (pose proof (pes_len var); unfold c_alt; lia). apply x0_alt. Qed.

(** Proposition 11's first / last step: a head writing sh_out h (value va) and a unit writing
    su_out u (value vf) from it, both at level 0, keep the core and extend the ghost. *)
Lemma core_end (st : cstate) V D isH (h : shead) (u : sunit) (va vf : nat -> R) :
  core st V D isH -> D (sh_out h) = None -> D (su_out u) = None -> su_out u <> sh_out h ->
  (forall x, agree n V D 0 x -> ut_head n gap (real_head h) x /\ forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = va i) ->
  (forall (y : nat -> R) i, (i < n)%nat -> y (sh_out h) = va i -> unit_val (real_unit u) y = vf i) ->
  core (add_unit 0 u (add_head 0 h st)) (upd (upd V (sh_out h) va) (su_out u) vf)
    (upd (upd D (sh_out h) (Some 1%nat)) (su_out u) (Some 1%nat)) (upd (upd isH (sh_out h) true) (su_out u) false) /\
  ext V D (upd (upd V (sh_out h) va) (su_out u) vf) (upd (upd D (sh_out h) (Some 1%nat)) (su_out u) (Some 1%nat)).
Proof.
intros Hc Fa Ff Hne Hh Hu. assert (Ff1 : upd D (sh_out h) (Some 1%nat) (su_out u) = None) by (rewrite upd_other by exact Hne; exact Ff).
split; [|apply (ext_trans _ _ _ _ _ _ (ext_upd V D _ va _ Fa) (ext_upd _ _ _ vf _ Ff1))].
apply core_unit; [apply core_head; assumption|exact Ff1|].
intros y _ Hyh i Hi. apply Hu; [exact Hi|]. rewrite (Hyh i (sh_out h) Hi); unfold at_lev; rewrite !upd_same; reflexivity.
Qed.

Lemma first_ok (st : cstate) V D isH : inv st V D isH ->
  exists V' D' isH', inv (first kk st) V' D' isH' /\ ext V D V' D' /\ D' (c_first kk) = Some 1%nat /\
    (forall i, (i < n)%nat -> V' (c_first kk) i = B2R (Nat.eqb i 0)).
Proof.
intros Hinv. unfold first. destruct (cs_first st) eqn:Ef.
- exists V, D, isH. destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hfi. destruct Hfi as [F1 F2].
  split; [split; [exact Hc|split; [exact Hfr|split; [rewrite Ef; split; assumption|split; assumption]]]|].
  split; [apply ext_refl|split; assumption].
- destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hfi. destruct Hfi as [F1 F2].
  set (h := SHead (c_avg_first kk) (c_alt kk) [] Future Average).
  set (u := SUnit (c_first kk) [SNeuron 1 [(c_avg_first kk, (-2)%Q)] (-1); SNeuron (-1) [(c_avg_first kk, (-2)%Q)] (-2)] 0).
  destruct (core_end st V D isH h u avg_first_val (fun i => B2R (Nat.eqb i 0)) Hc F2 F1 ltac:(cbn; unfold c_first, c_avg_first; lia))
    as [Hc2 X2].
  { intros x Ha. split; [left; reflexivity|]. intros i Hi. apply head_avg_first; [exact Hi|]. exact (agree_alt x (agree_pe _ _ _ _ _ x Hc Ha)). }
  { intros y i _ Hy. apply unit_first, Hy. }
  destruct (end_rest st (set_first (add_unit 0 u (add_head 0 h st))) V D (c_avg_first kk) (c_first kk) (c_last kk) (c_avg_last kk)
              avg_first_val (fun i => B2R (Nat.eqb i 0)) (fun i => B2R (Nat.eqb (S i) n)) (cs_last st) Hfr F2 F1)
    as [R1 [R2 [R3 R4]]]; try (unfold c_fresh, c_first, c_avg_first, c_last, c_avg_last; lia); try reflexivity; try assumption.
  do 3 eexists. split; [split; [apply (core_same (add_unit 0 u (add_head 0 h st))); [reflexivity|reflexivity|exact Hc2]|exact (conj R1 (conj R2 (conj R3 R4)))]|].
  split; [exact X2|]. split; [apply upd_same|]. intros i Hi. rewrite upd_same. reflexivity.
Qed.

Lemma last_ok (st : cstate) V D isH : inv st V D isH ->
  exists V' D' isH', inv (last kk st) V' D' isH' /\ ext V D V' D' /\ D' (c_last kk) = Some 1%nat /\
    (forall i, (i < n)%nat -> V' (c_last kk) i = B2R (Nat.eqb (S i) n)).
Proof.
intros Hinv. unfold last. destruct (cs_last st) eqn:Ef.
- exists V, D, isH. destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hla. destruct Hla as [F1 F2].
  split; [split; [exact Hc|split; [exact Hfr|split; [exact Hfi|split; [rewrite Ef; split; assumption|exact Hme]]]]|].
  split; [apply ext_refl|split; assumption].
- destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hla. destruct Hla as [F1 F2].
  set (h := SHead (c_avg_last kk) (c_alt kk) [] Past Average).
  set (u := SUnit (c_last kk) [SNeuron 1 [(c_avg_last kk, 2%Q)] (-1); SNeuron 1 [(c_avg_last kk, (-2)%Q)] (-1)] 0).
  destruct (core_end st V D isH h u (avg_last_val n) (fun i => B2R (Nat.eqb (S i) n)) Hc F2 F1 ltac:(cbn; unfold c_last, c_avg_last; lia))
    as [Hc2 X2].
  { intros x Ha. split; [left; reflexivity|]. intros i Hi. apply head_avg_last; [exact Hi|]. exact (agree_alt x (agree_pe _ _ _ _ _ x Hc Ha)). }
  { intros y i Hi Hy. apply unit_last, Hy. exact Hi. }
  destruct (end_rest st (set_last (add_unit 0 u (add_head 0 h st))) V D (c_avg_last kk) (c_last kk) (c_first kk) (c_avg_first kk)
              (avg_last_val n) (fun i => B2R (Nat.eqb (S i) n)) (fun i => B2R (Nat.eqb i 0)) (cs_first st) Hfr F2 F1)
    as [R1 [R2 [R3 R4]]]; try (unfold c_fresh, c_first, c_avg_first, c_last, c_avg_last; lia); try reflexivity; try assumption.
  do 3 eexists. split; [split; [apply (core_same (add_unit 0 u (add_head 0 h st))); [reflexivity|reflexivity|exact Hc2]|exact (conj R1 (conj R3 (conj R2 R4)))]|].
  split; [exact X2|]. split; [apply upd_same|]. intros i Hi. rewrite upd_same. reflexivity.
Qed.

(** A selection step: a head writing the next fresh name (value vatt), then a unit at the same
    level writing the one after (value v) from it. *)
Lemma inv_sel (st : cstate) V D isH (l : nat) (h : shead) (u : sunit) (vatt v : nat -> R) :
  inv st V D isH -> sh_out h = c_fresh kk (S (cs_cnt st)) -> su_out u = c_fresh kk (S (S (cs_cnt st))) ->
  (forall x, agree n V D l x -> ut_head n gap (real_head h) x /\ forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = vatt i) ->
  (forall y, agree n (upd V (sh_out h) vatt) (upd D (sh_out h) (Some (S l))) l y ->
     (forall i, (i < n)%nat -> y i (sh_out h) = vatt i) -> forall i, (i < n)%nat -> unit_val (real_unit u) (y i) = v i) ->
  exists V' D' isH', inv (add_unit l u (add_head l h (bump (bump st)))) V' D' isH' /\ ext V D V' D' /\
    (exists l', D' (su_out u) = Some l') /\ forall i, (i < n)%nat -> V' (su_out u) i = v i.
Proof.
intros Hinv Eh Eu Hhead Hu. destruct (inv_head st V D isH l h vatt Hinv Eh Hhead) as [H1 X1].
destruct (inv_unit _ _ _ _ l u v H1 Eu) as [H2 X2].
{ intros y Ha Hh i Hi. apply Hu; [exact Ha| |exact Hi]. intros i' Hi'.
  rewrite (Hh i' (sh_out h) Hi'); unfold at_lev; rewrite !upd_same; [reflexivity|rewrite Nat.eqb_refl; reflexivity]. }
do 3 eexists. split; [exact H2|]. split; [exact (ext_trans _ _ _ _ _ _ X1 X2)|]. split; [eexists; apply upd_same|].
intros i Hi. rewrite upd_same. reflexivity.
Qed.

(** A selection head and its gated rounding (Python's [select]). *)
Lemma select_ok (st : cstate) V D isH (a gate : nat) (m : mask) (s : Q) (p q : nat -> bool) (vatt : nat -> R)
  (c : nat) (st' : cstate) :
  inv st V D isH -> select kk var cq a gate m s st = (c, st') ->
  (exists lg, D gate = Some lg) -> (forall i, (i < n)%nat -> V gate i = B2R (q i)) ->
  (forall x, agree n V D (Nat.max (lev st a) (lev st gate)) x ->
     ut_head n gap (real_head (vhead kk var cq (c_fresh kk (S (cs_cnt st))) a m s)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vhead kk var cq (c_fresh kk (S (cs_cnt st))) a m s)) x i = vatt i) ->
  (forall i, (i < n)%nat -> vatt i = B2R (p i)) ->
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' c = Some l) /\
    forall i, (i < n)%nat -> V' c i = B2R (p i && negb (q i)).
Proof.
intros Hinv E [lg Eg] Hq Hhead Hp. unfold select in E. inversion E. subst c st'. clear E.
set (l := Nat.max (lev st a) (lev st gate)) in *. set (att := c_fresh kk (S (cs_cnt st))) in *.
assert (Hga : gate <> att) by (intros ->; destruct Hinv as [_ [Hfr _]]; rewrite (Hfr att) in Eg by lia; discriminate).
assert (Hlg : (lg <= l)%nat) by (destruct Hinv as [Hc _]; rewrite <- (co_lev _ _ _ _ Hc gate lg Eg); unfold l; lia).
apply (inv_sel st V D isH l (vhead kk var cq att a m s) (rounding (c_fresh kk (S (S (cs_cnt st)))) att gate) vatt _ Hinv eq_refl eq_refl Hhead).
intros y Ha Hh i Hi. cbn [sh_out vhead] in Ha, Hh. apply unit_rounding; [rewrite Hh by exact Hi; apply Hp, Hi|].
rewrite (Ha i gate lg Hi); [|rewrite upd_other by exact Hga; exact Eg|exact Hlg]. rewrite upd_other by exact Hga. apply Hq, Hi.
Qed.

Definition letters_below (k : nat) : ltl -> bool :=
  fix f p := match p with
  | LAtom a => (a <? k)%nat | LConst _ => true
  | LNot p | LY p | LX p => f p
  | LAnd p q | LOr p q | LS p q | LU p q => f p && f q end.

Lemma inv_remember (st : cstate) V D isH (p : ltl) (c : nat) : inv st V D isH -> (exists l, D c = Some l) ->
  (forall i, (i < n)%nat -> V c i = B2R (sat n w p i)) -> inv (remember p c st) V D isH.
Proof.
intros [Hc [Hfr [Hfi [Hla Hme]]]] Hd Hv. split; [apply (core_same st); [reflexivity|reflexivity|exact Hc]|].
split; [exact Hfr|split; [exact Hfi|split; [exact Hla|]]].
intros p' c' E. cbn [cs_memo remember lookup] in E. destruct (ltl_eqb p' p) eqn:Ep.
- apply ltl_eqb_eq in Ep. subst p'. inversion E. subst c'. split; assumption.
- apply Hme, E.
Qed.

Lemma B2R_inj (b b' : bool) : B2R b = B2R b' -> b = b'.
Proof. destruct b, b'; simpl; intros H; try reflexivity; lra. Qed.

Lemma stop_node_ok (st : cstate) V D isH (p q : ltl) (a b s : nat) (st' : cstate) :
  inv st V D isH -> (exists la, D a = Some la) -> (forall i, (i < n)%nat -> V a i = B2R (sat n w p i)) ->
  (exists lb, D b = Some lb) -> (forall i, (i < n)%nat -> V b i = B2R (sat n w q i)) ->
  stop_node kk p q a b st = (s, st') ->
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' s = Some l) /\
    forall i, (i < n)%nat -> V' s i = B2R (negb (sat n w p i) || sat n w q i).
Proof.
intros Hinv [la Da] Va [lb Db] Vb E. unfold stop_node in E.
destruct (lookup ltl_eqb (LOr (LNot p) q) (cs_memo st)) as [c|] eqn:Em.
{ inversion E. subst. exists V, D, isH. split; [exact Hinv|split; [apply ext_refl|]].
  destruct Hinv as [_ [_ [_ [_ Hme]]]]. exact (Hme _ s Em). }
assert (Hnot : exists na st1 V1 D1 isH1,
  (match lookup ltl_eqb (LNot p) (cs_memo st) with
   | Some c => (c, st)
   | None => let '(c, st'0) := unit_node kk [a] (not_neurons a) 0 st in (c, remember (LNot p) c st'0) end) = (na, st1) /\
  inv st1 V1 D1 isH1 /\ ext V D V1 D1 /\ (exists l, D1 na = Some l) /\ forall i, (i < n)%nat -> V1 na i = B2R (negb (sat n w p i))).
{ destruct (lookup ltl_eqb (LNot p) (cs_memo st)) as [c1|] eqn:Em1.
  - exists c1, st, V, D, isH. split; [reflexivity|split; [exact Hinv|split; [apply ext_refl|]]].
    destruct Hinv as [_ [_ [_ [_ Hme]]]]. exact (Hme _ c1 Em1).
  - destruct (unit_node kk [a] (not_neurons a) 0%Q st) as [c1 st1] eqn:E1.
    destruct (unit_node_ok st V D isH [a] _ _ (fun i => B2R (negb (sat n w p i))) c1 st1 Hinv E1) as [V1 [D1 [isH1 [H1 [H2 [H3 H4]]]]]].
    { intros y Ha i Hi. apply unit_not. rewrite (agree_read st V D isH (fold_right Nat.max 0%nat (map (lev st) [a])) a y i (proj1 Hinv) Hi (ex_intro _ la Da));
        [apply Va, Hi|apply lev_max; left; reflexivity|exact Ha]. }
    exists c1, (remember (LNot p) c1 st1), V1, D1, isH1. split; [reflexivity|].
    split; [apply inv_remember; [exact H1|exact H3|exact H4]|split; [exact H2|split; [exact H3|exact H4]]]. }
destruct Hnot as [na [st1 [V1 [D1 [isH1 [Ena [I1 [X1 [[lna Dna] Vna]]]]]]]]]. rewrite Ena in E.
destruct (X1 b lb Db) as [Db1 Vb1].
destruct (unit_node kk [na; b] (or_neurons na b) 0%Q st1) as [c2 st2] eqn:E2. inversion E. subst s st'.
destruct (unit_node_ok st1 V1 D1 isH1 [na; b] _ _ (fun i => B2R (negb (sat n w p i) || sat n w q i)) c2 st2 I1 E2) as [V2 [D2 [isH2 [H1 [H2 [H3 H4]]]]]].
{ intros y Ha i Hi. unfold or_neurons. apply unit_or.
  - rewrite (agree_read st1 V1 D1 isH1 (fold_right Nat.max 0%nat (map (lev st1) [na; b])) na y i (proj1 I1) Hi (ex_intro _ lna Dna));
      [apply Vna, Hi|apply lev_max; left; reflexivity|exact Ha].
  - rewrite (agree_read st1 V1 D1 isH1 (fold_right Nat.max 0%nat (map (lev st1) [na; b])) b y i (proj1 I1) Hi (ex_intro _ lb Db1));
      [rewrite Vb1; apply Vb, Hi|apply lev_max; right; left; reflexivity|exact Ha].
  - intros Eab. apply Nat.eqb_eq in Eab. subst b. apply B2R_inj. rewrite <- Vna, <- Vb, <- Vb1 by exact Hi. reflexivity. }
exists V2, D2, isH2. split; [apply inv_remember; [exact H1|exact H3|exact H4]|].
split; [exact (ext_trans _ _ _ _ _ _ X1 H2)|split; [exact H3|exact H4]].
Qed.

Lemma select_su_ok (st : cstate) V D isH (s b : nat) (m : mask) (sign : Q) (vatt : nat -> R) (pv : nat -> bool)
  (c : nat) (st' : cstate) :
  inv st V D isH -> select_su kk var cq s b m sign st = (c, st') ->
  (forall x, agree n V D (Nat.max (lev st s) (lev st b)) x ->
     ut_head n gap (real_head (vsu_head kk var cq (c_fresh kk (S (cs_cnt st))) b s m sign)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vsu_head kk var cq (c_fresh kk (S (cs_cnt st))) b s m sign)) x i = vatt i) ->
  (forall i, (i < n)%nat -> vatt i = B2R (pv i)) ->
  exists V' D' isH', inv st' V' D' isH' /\ ext V D V' D' /\ (exists l, D' c = Some l) /\
    forall i, (i < n)%nat -> V' c i = B2R (pv i).
Proof.
intros Hinv E Hhead Hp. unfold select_su in E. inversion E. subst c st'. clear E.
apply (inv_sel st V D isH _ (vsu_head kk var cq (c_fresh kk (S (cs_cnt st))) b s m sign)
         (rounding1 (c_fresh kk (S (S (cs_cnt st)))) (c_fresh kk (S (cs_cnt st)))) vatt _ Hinv eq_refl eq_refl Hhead).
intros y Ha Hh i Hi. cbn [sh_out vsu_head] in Hh. apply unit_rounding1. rewrite Hh by exact Hi. apply Hp, Hi.
Qed.

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

Definition D0 (c : nat) : option nat := if (c <? kk + length (pes var))%nat then Some 0%nat else None.

Lemma layer_ok_empty V D isH (m : nat) : (forall c, at_lev D c (S m) = false) -> layer_ok n V D isH gap m (real_layer empty_layer).
Proof.
intros H. split.
- intros x _. split; [intros h []|]. intros i c _. simpl. rewrite H. reflexivity.
- intros y _ _ i c _. simpl. rewrite H. reflexivity.
Qed.

Lemma inv_init : inv init_state (fun c i => x0 i c) D0 (fun _ => false).
Proof.
pose proof (pes_len var) as Hpl.
split; [|split; [|split; [|split]]].
- constructor.
  + intros c Hc. unfold D0. replace (c <? kk + length (pes var))%nat with true by (symmetry; apply Nat.ltb_lt, Hc). reflexivity.
  + intros c i _ _. reflexivity.
  + intros c i E Hi. unfold D0 in E. destruct (c <? kk + length (pes var))%nat eqn:Ec; [congruence|]. apply Nat.ltb_ge in Ec.
    unfold x0, embed. replace (c <? kk)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
    apply nth_overflow. rewrite map_length. lia.
  + intros m. destruct m; apply layer_ok_empty; intros c; unfold at_lev, D0; destruct (c <? kk + length (pes var))%nat; reflexivity.
  + intros c l E. unfold D0 in E. destruct (c <? kk + length (pes var))%nat; inversion E. simpl. lia.
  + intros c l E. unfold D0 in E. destruct (c <? kk + length (pes var))%nat; inversion E. reflexivity.
- intros c Hc. unfold D0, c_fresh in *. simpl in Hc. replace (c <? kk + length (pes var))%nat with false by (symmetry; apply Nat.ltb_ge; lia). reflexivity.
- simpl. unfold D0, c_first, c_avg_first. split; [replace (kk + 7 <? kk + length (pes var))%nat with false|replace (kk + 9 <? kk + length (pes var))%nat with false];
    try reflexivity; symmetry; apply Nat.ltb_ge; lia.
- simpl. unfold D0, c_last, c_avg_last. split; [replace (kk + 8 <? kk + length (pes var))%nat with false|replace (kk + 10 <? kk + length (pes var))%nat with false];
    try reflexivity; symmetry; apply Nat.ltb_ge; lia.
- intros p c E. discriminate.
Qed.

Lemma nets_ok_nth V D isH (Ls : snet) (m0 : nat) :
  (forall m, layer_ok n V D isH gap (m0 + m) (real_layer (nth m Ls empty_layer))) -> nets_ok n V D isH gap m0 (real_net Ls).
Proof.
revert m0. induction Ls as [|L Ls IH]; intros m0 H; [exact I|]. split.
- specialize (H 0%nat). rewrite Nat.add_0_r in H. exact H.
- apply IH. intros m. specialize (H (S m)). rewrite Nat.add_succ_r in H. exact H.
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

(** ** The selection heads of the temperature and unbounded variants *)

Lemma embed_pe (k : nat) (pe : list (nat -> nat -> R)) (n : nat) (w : nat -> nat) (j m : nat) :
  embed k pe n w j (k + m)%nat = nth m (map (fun f => f (S j) n) pe) 0.
Proof. unfold embed. replace (k + m <? k)%nat with false by (symmetry; apply Nat.ltb_ge; lia). do 2 f_equal. lia. Qed.

(** Every variant embeds 1, (-1)^i, i/n first. *)
Lemma pe_ok_agree (v : variant) (n kk : nat) (w : nat -> nat) (x : stream) : pe_agree n w kk v x -> pe_ok n kk x.
Proof.
intros H j Hj. pose proof (pes_len v).
rewrite !(H j) by (assumption || (unfold c_one, c_alt, c_frac; lia)).
unfold x0, c_one, c_alt, c_frac.
replace (embed kk (pes v) n w j kk) with (embed kk (pes v) n w j (kk + 0)%nat) by (f_equal; lia).
rewrite !embed_pe. destruct v; simpl; unfold pe_one, pe_alt, pe_frac; repeat split; reflexivity.
Qed.

Lemma temp_heads (n kk : nat) (w : nat -> nat) (cq : Q) : (1 <= n)%nat ->
  Y_ok n w kk VTemperature cq (/ INR n) /\ X_ok n w kk VTemperature cq (/ INR n) /\
  S_ok n w kk VTemperature cq (/ INR n) /\ U_ok n w kk VTemperature cq (/ INR n).
Proof.
intros Hn. split; [|split; [|split]].
- intros att a x Hx. exact (head_Y n kk att a x Hn (pe_ok_agree _ _ _ _ _ Hx)).
- intros att a x Hx. exact (head_X n kk att a x Hn (pe_ok_agree _ _ _ _ _ Hx)).
- intros att b s x B Hx HB. exact (head_S n kk att b s x B Hn (pe_ok_agree _ _ _ _ _ Hx) HB).
- intros att b s x B Hx HB. exact (head_U n kk att b s x B Hn (pe_ok_agree _ _ _ _ _ Hx) HB).
Qed.

(** Hard attention does not see a positive scaling of the scores: a tieless head with gap g
    stays tieless with gap c g and reads the same value. *)
Lemma scaled_head (n : nat) (h h' : head) (x : stream) (c g : R) : 0 < c -> 0 < g ->
  h_val h' = h_val h -> h_mask h' = h_mask h ->
  (forall i j, (i < n)%nat -> (j < n)%nat -> score h' x i j = c * score h x i j) -> tieless n g h x ->
  tieless n (c * g) h' x /\ forall i, (i < n)%nat -> head_out hard_w n h' x i = head_out hard_w n h x i.
Proof.
intros Hc Hg Hv Hm Hs Ht.
assert (G : forall i, (i < n)%nat -> exists t, (t < vis_cnt (h_mask h) n i)%nat /\
  (forall k, (k < vis_cnt (h_mask h) n i)%nat -> k <> t ->
     score h x i (vis_lo (h_mask h) i + k) <= score h x i (vis_lo (h_mask h) i + t) - g) /\
  (forall k, (k < vis_cnt (h_mask h') n i)%nat -> k <> t ->
     score h' x i (vis_lo (h_mask h') i + k) <= score h' x i (vis_lo (h_mask h') i + t) - c * g)).
{ intros i Hi. destruct (Ht i Hi) as [t [Htc Hgap]]. exists t. split; [exact Htc|split; [exact Hgap|]].
  rewrite Hm. intros k Hk Hne. rewrite !Hs by (exact Hi || (apply vis_range; assumption)).
  specialize (Hgap k Hk Hne). nra. }
split.
- intros i Hi. destruct (G i Hi) as [t [Htc [_ G2]]]. exists t. split; [rewrite Hm; exact Htc|exact G2].
- intros i Hi. destruct (G i Hi) as [t [Htc [G1 G2]]].
  rewrite (head_out_at n h x i t g Hg Htc G1).
  rewrite (head_out_at n h' x i t (c * g) ltac:(nra) ltac:(rewrite Hm; exact Htc) G2), Hv, Hm. reflexivity.
Qed.

Lemma unb_pe (n kk : nat) (w : nat -> nat) (x : stream) (j : nat) : pe_agree n w kk VUnbounded x -> (j < n)%nat ->
  x j (c_one kk) = 1 /\ x j (c_alt kk) = (-1) ^ S j /\ x j (c_pos kk) = INR (S j) /\
  x j (c_len kk) = INR n /\ x j (c_alt_len kk) = (-1) ^ S j * INR n.
Proof.
intros H Hj. rewrite !(H j) by (assumption || (simpl; unfold c_one, c_alt, c_pos, c_len, c_alt_len; lia)).
unfold x0, c_one, c_alt, c_pos, c_len, c_alt_len.
replace (embed kk (pes VUnbounded) n w j kk) with (embed kk (pes VUnbounded) n w j (kk + 0)%nat) by (f_equal; lia).
rewrite !embed_pe. simpl. unfold pe_one, pe_alt, pe_pos, pe_len, pe_alt_len. repeat split; reflexivity.
Qed.

Lemma Q2R_2 : Q2R 2 = 2.
Proof. unfold Q2R. simpl. field. Qed.

(** Variant (b) multiplies every selection score by c n (the embeddings n, (-1)^i n, i). *)
Lemma unb_score_sel (n kk att a : nat) (w : nat -> nat) (cq : Q) (m : mask) (s : Q) (x : stream) (i j : nat) :
  (1 <= n)%nat -> pe_agree n w kk VUnbounded x -> (i < n)%nat -> (j < n)%nat ->
  score (real_head (vhead kk VUnbounded cq att a m s)) x i j = Q2R cq * INR n * score (real_head (sel_head kk att a m s)) x i j.
Proof.
intros Hn Hx Hi Hj. rewrite (sel_score n kk) by (assumption || apply (pe_ok_agree _ _ _ _ _ Hx)).
destruct (unb_pe n kk w x i Hx Hi) as [Oi [Ai [Pi [Li ALi]]]].
destruct (unb_pe n kk w x j Hx Hj) as [Oj [Aj [Pj [Lj ALj]]]].
unfold score. cbn [real_head vhead parity_term tie temperature_b h_terms sh_terms map lsum fst snd].
rewrite Oi, ALi, Aj, Pj, Q2R_opp, Q2R_mult. field. apply not_0_INR. lia.
Qed.

Lemma unb_score_su (n kk att b s : nat) (w : nat -> nat) (cq : Q) (m : mask) (sign : Q) (x : stream) (i j : nat) :
  (1 <= n)%nat -> pe_agree n w kk VUnbounded x -> (i < n)%nat -> (j < n)%nat ->
  score (real_head (vsu_head kk VUnbounded cq att b s m sign)) x i j = Q2R cq * INR n * score (real_head (su_head kk att b s m sign)) x i j.
Proof.
intros Hn Hx Hi Hj. rewrite (su_score n kk) by (assumption || apply (pe_ok_agree _ _ _ _ _ Hx)).
destruct (unb_pe n kk w x i Hx Hi) as [Oi [Ai [Pi [Li ALi]]]].
destruct (unb_pe n kk w x j Hx Hj) as [Oj [Aj [Pj [Lj ALj]]]].
unfold score. cbn [real_head vsu_head stop_term tie temperature_b h_terms sh_terms map lsum fst snd].
rewrite Oi, Li, Pj, !Q2R_mult, Q2R_2. field. apply not_0_INR. lia.
Qed.

(** Variant (b): the same heads, tieless with the fixed gap c n * (1/n) = c. *)
Lemma unb_heads (n kk : nat) (w : nat -> nat) (cq : Q) : (1 <= n)%nat -> 0 < Q2R cq ->
  Y_ok n w kk VUnbounded cq (Q2R cq) /\ X_ok n w kk VUnbounded cq (Q2R cq) /\
  S_ok n w kk VUnbounded cq (Q2R cq) /\ U_ok n w kk VUnbounded cq (Q2R cq).
Proof.
intros Hn Hc. destruct (inv_n n Hn) as [Hr _]. pose proof (inv_n_mul n Hn) as Hnr.
assert (Hcn : 0 < Q2R cq * INR n) by (apply Rmult_lt_0_compat; [exact Hc|apply lt_0_INR; lia]).
assert (Eg : Q2R cq * INR n * / INR n = Q2R cq) by (rewrite Rmult_assoc, Hnr; ring).
split; [|split; [|split]].
- intros att a x Hx. destruct (head_Y n kk att a x Hn (pe_ok_agree _ _ _ _ _ Hx)) as [T O].
  destruct (scaled_head n (real_head (sel_head kk att a Future 1)) (real_head (vhead kk VUnbounded cq att a Future 1)) x _ _ Hcn Hr eq_refl eq_refl
              (fun i j Hi Hj => unb_score_sel n kk att a w cq Future 1 x i j Hn Hx Hi Hj) T) as [T' O'].
  rewrite Eg in T'. split; [exact T'|]. intros i Hi. rewrite O', O by exact Hi. reflexivity.
- intros att a x Hx. destruct (head_X n kk att a x Hn (pe_ok_agree _ _ _ _ _ Hx)) as [T O].
  destruct (scaled_head n (real_head (sel_head kk att a Past (-1))) (real_head (vhead kk VUnbounded cq att a Past (-1))) x _ _ Hcn Hr eq_refl eq_refl
              (fun i j Hi Hj => unb_score_sel n kk att a w cq Past (-1) x i j Hn Hx Hi Hj) T) as [T' O'].
  rewrite Eg in T'. split; [exact T'|]. intros i Hi. rewrite O', O by exact Hi. reflexivity.
- intros att b s x B Hx HB. destruct (head_S n kk att b s x B Hn (pe_ok_agree _ _ _ _ _ Hx) HB) as [T O].
  destruct (scaled_head n (real_head (su_head kk att b s Future 1)) (real_head (vsu_head kk VUnbounded cq att b s Future 1)) x _ _ Hcn Hr eq_refl eq_refl
              (fun i j Hi Hj => unb_score_su n kk att b s w cq Future 1 x i j Hn Hx Hi Hj) T) as [T' O'].
  rewrite Eg in T'. split; [exact T'|]. intros i Hi. rewrite O', O by exact Hi. reflexivity.
- intros att b s x B Hx HB. destruct (head_U n kk att b s x B Hn (pe_ok_agree _ _ _ _ _ Hx) HB) as [T O].
  destruct (scaled_head n (real_head (su_head kk att b s Past (-1))) (real_head (vsu_head kk VUnbounded cq att b s Past (-1))) x _ _ Hcn Hr eq_refl eq_refl
              (fun i j Hi Hj => unb_score_su n kk att b s w cq Past (-1) x i j Hn Hx Hi Hj) T) as [T' O'].
  rewrite Eg in T'. split; [exact T'|]. intros i Hi. rewrite O', O by exact Hi. reflexivity.
Qed.

Lemma x0_bounded (n : nat) (w : nat -> nat) (kk : nat) : (1 <= n)%nat -> bounded n 1 (x0 n w kk VTemperature).
Proof.
intros Hn. replace 1 with (Rmax 1 1) by (unfold Rmax; destruct (Rle_dec 1 1); lra). apply embed_bounded.
intros f i Hf Hi. simpl in Hf. destruct Hf as [<-|[<-|[<-|[]]]]; unfold pe_one, pe_alt, pe_frac.
- rewrite Rabs_R1. lra.
- rewrite pow_m1. destruct (Nat.even (S i)); unfold Rabs; destruct (Rcase_abs _); lra.
- assert (0 < INR n) by (apply lt_0_INR; lia). assert (0 < INR (S i)) by (apply lt_0_INR; lia).
  assert (INR (S i) <= INR n) by (apply le_INR; lia).
  rewrite Rabs_pos_eq by (apply Rlt_le, Rdiv_lt_0_compat; lra). apply (Rmult_le_reg_r (INR n)); [lra|].
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

(** ** Theorems 12 and 13 *)

(** Our Theorem 12 (a) (and 15 (a), Corollary 17), the hard network: for every formula of
    LTL[Y, X, S, U] over letters < k, every
    length n >= 1, word w and position i < n, the compiled network run with hard attention on the
    embedding of w (letters, 1, (-1)^i, i/n) outputs exactly [w, i |= p]. *)
Theorem thm12_hard (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  hard_run n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i (snd (compile k VTemperature cq p))
  = B2R (sat n w p i).
Proof.
intros Hl Hn Hi. destruct (temp_heads n k w cq Hn) as [HY [HX [HS HU]]].
apply (compile_ok n w k VTemperature cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl), Hi.
Qed.

(** Theorem 12 (b): every head of the compiled network is uniform or tieless with gap 1/n, at
    every layer of the hard run (the hypothesis of Theorem 26). *)
Theorem thm12_gaps (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) :
  letters_below k p = true -> (1 <= n)%nat ->
  gaps_ok n (/ INR n) (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w).
Proof.
intros Hl Hn. destruct (temp_heads n k w cq Hn) as [HY [HX [HS HU]]].
apply (compile_ok n w k VTemperature cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl).
Qed.

(** Theorem 12 (b), soft: by Theorem 26 (with Lemma 29's X from the bound 1 of the embedding), at
    every temperature 0 < tau <= temp26 n (1/n) X eps the softmax network is within eps of
    [w, i |= p]. *)
Theorem thm12_soft (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (eps tau : R) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < eps -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X (real_net (fst (compile k VTemperature cq p))) 1) eps (real_net (fst (compile k VTemperature cq p))) ->
  (i < n)%nat ->
  Rabs (soft_run tau n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i (snd (compile k VTemperature cq p))
        - B2R (sat n w p i)) <= eps.
Proof.
intros Hl Hn He Ht Hle Hi. destruct (temp_heads n k w cq Hn) as [HY [HX [HS HU]]].
destruct (compile_ok n w k VTemperature cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl) as [Hh Hg].
rewrite <- (Hh i Hi). apply (thm26_closed n _ (x0 n w k VTemperature) (/ INR n) 1 eps tau); try assumption.
- apply Rinv_0_lt_compat, lt_0_INR. lia.
- lra.
- apply x0_bounded. exact Hn.
Qed.

(** Our Theorem 12 (c): at tau <= temp26 n (1/n) X (1/4) the softmax network followed by Lemma 9's
    rounding outputs exactly [w, i |= p]. *)
Theorem thm12 (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (tau : R) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X (real_net (fst (compile k VTemperature cq p))) 1) (1 / 4) (real_net (fst (compile k VTemperature cq p))) ->
  (i < n)%nat ->
  round01 (soft_run tau n (real_net (fst (compile k VTemperature cq p))) (embed k (pes VTemperature) n w) i (snd (compile k VTemperature cq p)))
  = B2R (sat n w p i).
Proof.
intros Hl Hn Ht Hle Hi. pose proof (thm12_soft k cq p n w (1 / 4) tau i Hl Hn ltac:(lra) Ht Hle Hi) as H.
match type of H with Rabs ?z <= _ => pose proof (Rle_abs z); pose proof (Rle_abs (- z)) end.
rewrite Rabs_Ropp in H1. revert H H0 H1. unfold B2R. destruct (sat n w p i); intros;
  first [apply lemma9_high; lra | apply lemma9_low; lra].
Qed.

(** ** Variant (b): unbounded embeddings, tau = 1 *)

(** The embedding of every variant is bounded by n (its largest entries are i, n, (-1)^i n). *)
Lemma x0_bounded_n (n : nat) (w : nat -> nat) (kk : nat) (v : variant) : (1 <= n)%nat -> bounded n (INR n) (x0 n w kk v).
Proof.
intros Hn. assert (H1 : 1 <= INR n) by (replace 1 with (INR 1) by reflexivity; apply le_INR, Hn).
replace (INR n) with (Rmax 1 (INR n)) by (apply Rmax_right, H1). apply embed_bounded.
intros f i Hf Hi. assert (Hs : INR (S i) <= INR n) by (apply le_INR; lia). assert (0 < INR (S i)) by (apply lt_0_INR; lia).
assert (Ha : forall m, Rabs ((-1) ^ m) = 1) by (intros m; rewrite pow_m1; destruct (Nat.even m); unfold Rabs; destruct (Rcase_abs _); lra).
assert (Hfr : Rabs (INR (S i) / INR n) <= INR n).
{ rewrite Rabs_pos_eq by (apply Rlt_le, Rdiv_lt_0_compat; lra). apply Rle_trans with 1; [|exact H1].
  apply (Rmult_le_reg_r (INR n)); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
destruct v; simpl in Hf; repeat destruct Hf as [<-|Hf]; try contradiction;
  unfold pe_one, pe_alt, pe_frac, pe_pos, pe_len, pe_alt_len, pe_alt_pos; rewrite ?Rabs_mult, ?Ha, ?Rabs_R1;
  try exact Hfr; rewrite ?Rabs_pos_eq by apply pos_INR; lra.
Qed.

(** Our Theorem 12 (b) (and 15 (b), Corollary 17 (b)), the hard network: with the unbounded
    embeddings (letters, 1, (-1)^i, i/n, i, n, (-1)^i n, (-1)^i i) and any c > 0, the compiled
    network run with hard attention outputs exactly [w, i |= p]: its scores are those of
    variant (a) times c n, which hard attention does not see. *)
Theorem thm12b_hard (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < Q2R cq -> (i < n)%nat ->
  hard_run n (real_net (fst (compile k VUnbounded cq p))) (embed k (pes VUnbounded) n w) i (snd (compile k VUnbounded cq p))
  = B2R (sat n w p i).
Proof.
intros Hl Hn Hc Hi. destruct (unb_heads n k w cq Hn Hc) as [HY [HX [HS HU]]].
apply (compile_ok n w k VUnbounded cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl), Hi.
Qed.

(** Every head of the variant (b) network is uniform or tieless with the gap c, for every n. *)
Theorem thm12b_gaps (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < Q2R cq ->
  gaps_ok n (Q2R cq) (real_net (fst (compile k VUnbounded cq p))) (embed k (pes VUnbounded) n w).
Proof.
intros Hl Hn Hc. destruct (unb_heads n k w cq Hn Hc) as [HY [HX [HS HU]]].
apply (compile_ok n w k VUnbounded cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl).
Qed.

(** Variant (b), soft: Theorem 26 with the gap c and Lemma 29's X from the bound n of the
    embedding.  At tau = 1 its hypothesis reads 1 <= temp26 n c X eps, i.e.
    c >= 2 ln(2 + (n - 1) B K) with B, K growing with n: this route needs c to grow with n. *)
Theorem thm12b_soft (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (eps tau : R) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < Q2R cq -> 0 < eps -> 0 < tau ->
  tau <= temp26 n (Q2R cq) (net_X (real_net (fst (compile k VUnbounded cq p))) (INR n)) eps (real_net (fst (compile k VUnbounded cq p))) ->
  (i < n)%nat ->
  Rabs (soft_run tau n (real_net (fst (compile k VUnbounded cq p))) (embed k (pes VUnbounded) n w) i (snd (compile k VUnbounded cq p))
        - B2R (sat n w p i)) <= eps.
Proof.
intros Hl Hn Hc He Ht Hle Hi. destruct (unb_heads n k w cq Hn Hc) as [HY [HX [HS HU]]].
destruct (compile_ok n w k VUnbounded cq _ true HY (fun _ => HX) HS (fun _ => HU) p Hl eq_refl) as [Hh Hg].
rewrite <- (Hh i Hi). apply (thm26_closed n _ (x0 n w k VUnbounded) (Q2R cq) (INR n) eps tau); try assumption.
- apply pos_INR.
- apply x0_bounded_n. exact Hn.
Qed.

Lemma round_quarter (z : R) (b : bool) : Rabs (z - B2R b) <= 1 / 4 -> round01 z = B2R b.
Proof.
intros H. pose proof (Rle_abs (z - B2R b)). pose proof (Rle_abs (- (z - B2R b))).
rewrite Rabs_Ropp in H1. revert H H0 H1. unfold B2R. destruct b; intros;
  first [apply lemma9_high; lra | apply lemma9_low; lra].
Qed.

(** Variant (b) after Lemma 9's rounding: exactly [w, i |= p] (eps = 1/4). *)
Theorem thm12b (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (tau : R) (i : nat) :
  letters_below k p = true -> (1 <= n)%nat -> 0 < Q2R cq -> 0 < tau ->
  tau <= temp26 n (Q2R cq) (net_X (real_net (fst (compile k VUnbounded cq p))) (INR n)) (1 / 4) (real_net (fst (compile k VUnbounded cq p))) ->
  (i < n)%nat ->
  round01 (soft_run tau n (real_net (fst (compile k VUnbounded cq p))) (embed k (pes VUnbounded) n w) i (snd (compile k VUnbounded cq p)))
  = B2R (sat n w p i).
Proof.
intros Hl Hn Hc Ht Hle Hi. apply round_quarter. apply (thm12b_soft k cq p n w (1 / 4) tau i); try assumption. lra.
Qed.

(** ** Variant (c): embeddings i, (-1)^i i, future masks, tau = 1 *)

Lemma caus_pe (n kk : nat) (w : nat -> nat) (x : stream) (j : nat) : pe_agree n w kk VCausal x -> (j < n)%nat ->
  x j (c_one kk) = 1 /\ x j (c_alt kk) = (-1) ^ S j /\ x j (c_pos kk) = INR (S j) /\
  x j (c_alt_pos kk) = (-1) ^ S j * INR (S j).
Proof.
intros H Hj. rewrite !(H j) by (assumption || (simpl; unfold c_one, c_alt, c_pos, c_alt_pos; lia)).
unfold x0, c_one, c_alt, c_pos, c_alt_pos.
replace (embed kk (pes VCausal) n w j kk) with (embed kk (pes VCausal) n w j (kk + 0)%nat) by (f_equal; lia).
rewrite !embed_pe. simpl. unfold pe_one, pe_alt, pe_pos, pe_alt_pos. repeat split; reflexivity.
Qed.

(** Variant (c) multiplies the scores of position i by c (i + 1): they are variant (a)'s with
    the length n replaced by i + 1, which is what a future-masked head at i needs. *)
Lemma caus_score_Y (n kk att a : nat) (w : nat -> nat) (cq : Q) (x : stream) (i j : nat) :
  pe_agree n w kk VCausal x -> (i < n)%nat -> (j < n)%nat ->
  score (real_head (vhead kk VCausal cq att a Future 1)) x i j
  = Q2R cq * INR (S i) * (- ((-1) ^ S i * (-1) ^ S j) + INR (S j) / INR (S i)).
Proof.
intros Hx Hi Hj.
destruct (caus_pe n kk w x i Hx Hi) as [Oi [Ai [Pi APi]]].
destruct (caus_pe n kk w x j Hx Hj) as [Oj [Aj [Pj APj]]].
unfold score. cbn [real_head vhead parity_term tie temperature_b h_terms sh_terms map lsum fst snd].
rewrite Oi, APi, Aj, Pj, Q2R_opp, Q2R_mult. replace (Q2R 1) with 1 by (unfold Q2R; simpl; field).
field. apply not_0_INR. lia.
Qed.

Lemma caus_score_S (n kk att b s : nat) (w : nat -> nat) (cq : Q) (x : stream) (i j : nat) :
  pe_agree n w kk VCausal x -> (i < n)%nat -> (j < n)%nat ->
  score (real_head (vsu_head kk VCausal cq att b s Future 1)) x i j
  = Q2R cq * INR (S i) * (2 * x j s + INR (S j) / INR (S i)).
Proof.
intros Hx Hi Hj.
destruct (caus_pe n kk w x i Hx Hi) as [Oi [Ai [Pi APi]]].
destruct (caus_pe n kk w x j Hx Hj) as [Oj [Aj [Pj APj]]].
unfold score. cbn [real_head vsu_head stop_term tie temperature_b h_terms sh_terms map lsum fst snd].
rewrite Oi, Pi, Pj, !Q2R_mult, Q2R_2. replace (Q2R 1) with 1 by (unfold Q2R; simpl; field).
field. apply not_0_INR. lia.
Qed.

Lemma scale_gap (c N a b : R) : 0 < c -> 0 < N -> a <= b - / N -> c * N * a <= c * N * b - c.
Proof.
intros Hc HN H. apply Rle_trans with (c * N * (b - / N)); [apply Rmult_le_compat_l; [nra|exact H]|].
right. field. lra.
Qed.

(** Variant (c): the future-masked Y and S heads are tieless with the fixed gap c (for every n). *)
Lemma caus_heads (n kk : nat) (w : nat -> nat) (cq : Q) : 0 < Q2R cq ->
  Y_ok n w kk VCausal cq (Q2R cq) /\ S_ok n w kk VCausal cq (Q2R cq).
Proof.
intros Hc. split.
- intros att a x Hx.
  assert (G : forall i, (i < n)%nat -> forall k, (k < S i)%nat -> k <> (i - 1)%nat ->
    score (real_head (vhead kk VCausal cq att a Future 1)) x i (0 + k)
    <= score (real_head (vhead kk VCausal cq att a Future 1)) x i (0 + (i - 1)) - Q2R cq).
  { intros i Hi k Hk Hne. simpl (0 + _)%nat. rewrite !(caus_score_Y n kk att a w cq x i) by (assumption || lia).
    apply scale_gap; [exact Hc|apply lt_0_INR; lia|]. apply (Y_arith (S i) i k); lia || assumption. }
  split.
  + intros i Hi. exists (i - 1)%nat. split; [simpl; lia|]. intros k Hk Hne. apply G; assumption.
  + intros i Hi. rewrite (head_out_at n _ x i (i - 1) (Q2R cq) Hc); [reflexivity|simpl; lia|].
    intros k Hk Hne. apply G; assumption.
- intros att b s x B Hx HB.
  assert (Ht : forall i, (topS B i <= i)%nat) by (intros i; unfold topS; destruct (rm B i) eqn:E; [apply (rm_some B i n0 E)|lia]).
  assert (G : forall i, (i < n)%nat -> forall k, (k < S i)%nat -> k <> topS B i ->
    score (real_head (vsu_head kk VCausal cq att b s Future 1)) x i (0 + k)
    <= score (real_head (vsu_head kk VCausal cq att b s Future 1)) x i (0 + topS B i) - Q2R cq).
  { intros i Hi k Hk Hne. simpl (0 + _)%nat. specialize (Ht i).
    rewrite !(caus_score_S n kk att b s w cq x i) by (assumption || lia).
    apply scale_gap; [exact Hc|apply lt_0_INR; lia|].
    apply (S_arith (S i) i (fun j => x j s) B); try lia; try assumption. intros j Hj. apply HB. lia. }
  split.
  + intros i Hi. exists (topS B i). split; [simpl; specialize (Ht i); lia|]. intros k Hk Hne. apply G; assumption.
  + intros i Hi. rewrite (head_out_at n _ x i (topS B i) (Q2R cq) Hc); [reflexivity|simpl; specialize (Ht i); lia|].
    intros k Hk Hne. apply G; assumption.
Qed.

(** Theorems 13 and 16: a formula of the past fragment LTL[Y, S] compiles to a network whose heads are all
    future-masked (a decoder), so Theorem 12's statements are about a future-masked network. *)
Definition future_net (Ls : snet) : Prop := Forall (fun L => Forall (fun h => sh_mask h = Future) (sl_heads L)) Ls.

Lemma at_layer_Forall (P : slayer -> Prop) (l : nat) (f : slayer -> slayer) (Ls : snet) :
  P empty_layer -> (forall L, P L -> P (f L)) -> Forall P Ls -> Forall P (at_layer l f Ls).
Proof.
intros He Hf. revert Ls. induction l as [|l IH]; intros [|L Ls] H; simpl.
- constructor; [apply Hf, He|constructor].
- inversion H. constructor; [apply Hf; assumption|assumption].
- constructor; [exact He|apply IH; constructor].
- inversion H. constructor; [assumption|apply IH; assumption].
Qed.

Lemma future_unit (l : nat) (u : sunit) (Ls : snet) : future_net Ls -> future_net (at_layer l (push_unit u) Ls).
Proof. apply at_layer_Forall; [constructor|intros L H; exact H]. Qed.

Lemma future_head (l : nat) (h : shead) (Ls : snet) : sh_mask h = Future -> future_net Ls -> future_net (at_layer l (push_head h) Ls).
Proof.
intros Hm. apply at_layer_Forall; [constructor|]. intros L H. unfold push_head. simpl.
apply Forall_app. split; [exact H|constructor; [exact Hm|constructor]].
Qed.

Lemma stop_future (k : nat) (p q : ltl) (a b s : nat) (st st' : cstate) :
  future_net (cs_layers st) -> stop_node k p q a b st = (s, st') -> future_net (cs_layers st').
Proof.
intros Hf E. unfold stop_node in E. destruct (lookup ltl_eqb (LOr (LNot p) q) (cs_memo st)); [inversion E; subst; exact Hf|].
destruct (lookup ltl_eqb (LNot p) (cs_memo st)).
- unfold unit_node in E. inversion E. subst. cbn [cs_layers remember add_unit bump]. apply future_unit, Hf.
- unfold unit_node in E. inversion E. subst. cbn [cs_layers remember add_unit bump]. apply future_unit, future_unit, Hf.
Qed.

Lemma node_future (k : nat) (v : variant) (cq : Q) (p : ltl) : forall (st : cstate) (c : nat) (st' : cstate),
  past p = true -> future_net (cs_layers st) -> node k v cq p st = (c, st') -> future_net (cs_layers st').
Proof.
induction p as [a|b|p IH|p IHp q IHq|p IHp q IHq|p IH|p IH|p IHp q IHq|p IHp q IHq]; intros st c st' Hp Hf E;
  cbn [node] in E; destruct (lookup ltl_eqb _ (cs_memo st)) as [c0|] eqn:Em;
  try (inversion E; subst; exact Hf); simpl in Hp.
- unfold unit_node in E. inversion E. subst. cbn [cs_layers remember add_unit add_head bump]. apply future_unit, Hf.
- destruct (node k v cq p st) as [a st1] eqn:Ea. unfold unit_node in E. inversion E. subst.
  apply future_unit, (IH st a st1 Hp Hf Ea).
- apply andb_true_iff in Hp. destruct Hp as [H1 H2].
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (node k v cq q st1) as [b st2] eqn:Eb.
  unfold unit_node in E. inversion E. subst. cbn [cs_layers remember add_unit add_head bump]. apply future_unit, (IHq st1 b st2 H2 (IHp st a st1 H1 Hf Ea) Eb).
- apply andb_true_iff in Hp. destruct Hp as [H1 H2].
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (node k v cq q st1) as [b st2] eqn:Eb.
  unfold unit_node in E. inversion E. subst. cbn [cs_layers remember add_unit add_head bump]. apply future_unit, (IHq st1 b st2 H2 (IHp st a st1 H1 Hf Ea) Eb).
- destruct (node k v cq p st) as [a st1] eqn:Ea. unfold select in E. inversion E. subst. cbn [cs_layers remember add_unit add_head bump].
  apply future_unit, future_head; [reflexivity|]. pose proof (IH st a st1 Hp Hf Ea) as H1.
  unfold first. destruct (cs_first st1); [exact H1|]. cbn [cs_layers set_first add_unit add_head]. apply future_unit, future_head; [reflexivity|exact H1].
- discriminate.
- apply andb_true_iff in Hp. destruct Hp as [H1 H2].
  destruct (node k v cq p st) as [a st1] eqn:Ea. destruct (node k v cq q st1) as [b st2] eqn:Eb.
  destruct (stop_node k p q a b st2) as [s st3] eqn:Es. unfold select_su in E. inversion E. subst.
  cbn [cs_layers remember add_unit add_head bump]. apply future_unit, future_head; [reflexivity|].
  exact (stop_future k p q a b s st2 st3 (IHq st1 b st2 H2 (IHp st a st1 H1 Hf Ea) Eb) Es).
- discriminate.
Qed.

Theorem thm13_future (k : nat) (cq : Q) (p : ltl) : past p = true -> future_net (fst (compile k VTemperature cq p)).
Proof.
intros Hp. unfold compile. destruct (node k VTemperature cq p init_state) as [c st] eqn:E. cbn [fst].
apply at_layer_Forall; [constructor|intros L H; exact H|]. apply (node_future k VTemperature cq p init_state c st Hp); [constructor|exact E].
Qed.

(** The causal-temperature variant compiles to the same network (the same scores and ties). *)
Lemma node_causal_temperature (k : nat) (cq : Q) (p : ltl) : forall st,
  node k VCausalTemperature cq p st = node k VTemperature cq p st.
Proof.
induction p as [a|b|p IH|p IHp q IHq|p IHp q IHq|p IH|p IH|p IHp q IHq|p IHp q IHq]; intros st; cbn [node];
  destruct (lookup ltl_eqb _ (cs_memo st)); try reflexivity;
  first [rewrite IH; destruct (node k VTemperature cq p st); reflexivity
        |rewrite IHp; destruct (node k VTemperature cq p st) as [a st1]; rewrite IHq; reflexivity].
Qed.

Lemma compile_causal_temperature (k : nat) (cq : Q) (p : ltl) :
  compile k VCausalTemperature cq p = compile k VTemperature cq p.
Proof. unfold compile. rewrite node_causal_temperature. reflexivity. Qed.

(** Our Theorems 13 (d) and 16 (d) (Corollary 18): every formula of LTL[Y, S] is computed by the
    future-masked network of the
    causal-temperature variant: hard exactly, and soft followed by rounding exactly at
    tau <= temp26 n (1/n) X (1/4). *)
Theorem thm13 (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (tau : R) :
  past p = true -> letters_below k p = true -> (1 <= n)%nat -> 0 < tau ->
  tau <= temp26 n (/ INR n) (net_X (real_net (fst (compile k VCausalTemperature cq p))) 1) (1 / 4) (real_net (fst (compile k VCausalTemperature cq p))) ->
  future_net (fst (compile k VCausalTemperature cq p)) /\
  forall i, (i < n)%nat ->
    hard_run n (real_net (fst (compile k VCausalTemperature cq p))) (embed k (pes VCausalTemperature) n w) i (snd (compile k VCausalTemperature cq p)) = B2R (sat n w p i) /\
    round01 (soft_run tau n (real_net (fst (compile k VCausalTemperature cq p))) (embed k (pes VCausalTemperature) n w) i (snd (compile k VCausalTemperature cq p)))
    = B2R (sat n w p i).
Proof.
rewrite compile_causal_temperature. intros Hp Hl Hn Ht Hle. split; [apply thm13_future, Hp|]. intros i Hi. split.
- apply thm12_hard; assumption.
- apply thm12; assumption.
Qed.

(** ** Theorem 13 (c): the causal variant (embeddings 1, (-1)^i, i/n, i, n, (-1)^i n, (-1)^i i; its
    scores use only i and (-1)^i i, so no score depends on n) *)

Lemma compile_future (k : nat) (v : variant) (cq : Q) (p : ltl) : past p = true -> future_net (fst (compile k v cq p)).
Proof.
intros Hp. unfold compile. destruct (node k v cq p init_state) as [c st] eqn:E. cbn [fst].
apply at_layer_Forall; [constructor|intros L H; exact H|]. apply (node_future k v cq p init_state c st Hp); [constructor|exact E].
Qed.

Lemma caus_ok (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) :
  past p = true -> letters_below k p = true -> (0 < Q2R cq) ->
  (forall i, (i < n)%nat -> hard_run n (real_net (fst (compile k VCausal cq p))) (x0 n w k VCausal) i (snd (compile k VCausal cq p))
                            = B2R (sat n w p i)) /\
  gaps_ok n (Q2R cq) (real_net (fst (compile k VCausal cq p))) (x0 n w k VCausal).
Proof.
intros Hp Hl Hc. destruct (caus_heads n k w cq Hc) as [HY HS].
exact (compile_ok n w k VCausal cq _ false HY (fun E => False_rect _ (diff_false_true E)) HS
         (fun E => False_rect _ (diff_false_true E)) p Hl Hp).
Qed.

(** Our Theorem 13 (c) (and 16 (c), Corollary 18 (c)), the hard network: every formula of
    LTL[Y, S] compiles, in the causal variant with any c > 0, to a future-masked network whose
    hard run outputs exactly [w, i |= p], and every head is uniform or tieless with the gap c. *)
Theorem thm13c_hard (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) :
  past p = true -> letters_below k p = true -> 0 < Q2R cq ->
  future_net (fst (compile k VCausal cq p)) /\
  gaps_ok n (Q2R cq) (real_net (fst (compile k VCausal cq p))) (embed k (pes VCausal) n w) /\
  forall i, (i < n)%nat ->
    hard_run n (real_net (fst (compile k VCausal cq p))) (embed k (pes VCausal) n w) i (snd (compile k VCausal cq p))
    = B2R (sat n w p i).
Proof.
intros Hp Hl Hc. destruct (caus_ok k cq p n w Hp Hl Hc) as [Hh Hg].
split; [apply compile_future, Hp|split; [exact Hg|exact Hh]].
Qed.

(** Variant (c), soft, through Theorem 26 (gap c, X from the bound n of the embedding): the
    same hypothesis on tau as in variant (b), so at tau = 1 it again asks c to grow with n. *)
Theorem thm13c (k : nat) (cq : Q) (p : ltl) (n : nat) (w : nat -> nat) (tau : R) (i : nat) :
  past p = true -> letters_below k p = true -> (1 <= n)%nat -> 0 < Q2R cq -> 0 < tau ->
  tau <= temp26 n (Q2R cq) (net_X (real_net (fst (compile k VCausal cq p))) (INR n)) (1 / 4) (real_net (fst (compile k VCausal cq p))) ->
  (i < n)%nat ->
  round01 (soft_run tau n (real_net (fst (compile k VCausal cq p))) (embed k (pes VCausal) n w) i (snd (compile k VCausal cq p)))
  = B2R (sat n w p i).
Proof.
intros Hp Hl Hn Hc Ht Hle Hi. destruct (caus_ok k cq p n w Hp Hl Hc) as [Hh Hg].
apply round_quarter. rewrite <- (Hh i Hi).
apply (thm26_closed n _ (x0 n w k VCausal) (Q2R cq) (INR n) (1 / 4) tau); try assumption; try lra.
- apply pos_INR.
- apply x0_bounded_n. exact Hn.
Qed.

(** ** Why Theorem 26 does not reach tau = 1 with a fixed c (variants (b), (c)) *)

Lemma layer_err_head (X u : R) (L : layer) (delta : R) : 0 <= X -> 0 <= u -> 0 <= delta -> l_heads L <> [] ->
  2 * X * u <= layer_err X u L delta.
Proof.
intros HX Hu Hd HL. unfold layer_err. pose proof (layer_lip_nonneg L).
assert (1 <= INR (length (l_heads L))).
{ destruct (l_heads L) as [|h hs]; [congruence|]. simpl length. rewrite S_INR. pose proof (pos_INR (length hs)). lra. }
assert (0 <= 2 * X * u) by (apply Rmult_le_pos; lra).
assert (delta + 2 * X * u <= INR (length (l_heads L)) * (delta + 2 * X * u)) by nra.
nra.
Qed.

(** A network with a head has error growth B = net_err X 1 net 0 >= 2 X. *)
Lemma net_err_head (X u : R) (net : list layer) (delta : R) : 0 <= X -> 0 <= u -> 0 <= delta ->
  (exists L, In L net /\ l_heads L <> []) -> 2 * X * u <= net_err X u net delta.
Proof.
revert delta. induction net as [|L net IH]; intros delta HX Hu Hd [L' [HIn HL]]; [destruct HIn|]. simpl.
pose proof (layer_err_ge X u L delta HX Hu Hd).
destruct HIn as [<-|HIn].
- apply Rle_trans with (layer_err X u L delta); [apply layer_err_head; assumption|]. apply net_err_ge; lra.
- apply IH; [lra|lra|lra|]. exists L'. split; assumption.
Qed.

Lemma ln_le_mono (a b : R) : 0 < a -> a <= b -> ln a <= ln b.
Proof. intros Ha Hab. destruct (Req_dec a b) as [->|Hne]; [lra|]. left. apply ln_increasing; lra. Qed.

(** Theorem 26 at tau = 1: its hypothesis 1 <= temp26 n g X eps forces g >= 2 ln(2 + (n - 1) 2 X / eps)
    on any network with a head. *)
Theorem thm26_tau1_needs (n : nat) (g X eps : R) (net : list layer) : 0 < g -> 0 < eps -> 0 <= X ->
  (exists L, In L net /\ l_heads L <> []) -> 1 <= temp26 n g X eps net ->
  2 * ln (2 + INR (n - 1) * (2 * X) / eps) <= g.
Proof.
intros Hg He HX Hh Hle. unfold temp26 in Hle.
set (B := net_err X 1 net 0) in Hle. set (C := net_csc net) in Hle.
set (K := / eps + 1 + 4 * C * (2 * X + 1) / g) in Hle.
assert (HB : 2 * X <= B) by (unfold B; replace (2 * X) with (2 * X * 1) by ring; apply net_err_head; lra || assumption).
assert (HC : 0 <= C) by apply net_csc_nonneg.
assert (Hie : 0 < / eps) by (apply Rinv_0_lt_compat, He).
assert (HK3 : 0 <= 4 * C * (2 * X + 1) / g) by (apply Rmult_le_pos; [nra|apply Rlt_le, Rinv_0_lt_compat, Hg]).
assert (HKe : / eps <= K) by (unfold K; lra).
pose proof (pos_INR (n - 1)) as Hn1.
assert (Hq : INR (n - 1) * (2 * X) / eps <= INR (n - 1) * B * K).
{ assert (HBK : 2 * X * / eps <= B * K) by (apply Rmult_le_compat; lra).
  replace (INR (n - 1) * (2 * X) / eps) with (INR (n - 1) * (2 * X * / eps)) by (unfold Rdiv; ring).
  replace (INR (n - 1) * B * K) with (INR (n - 1) * (B * K)) by ring.
  apply Rmult_le_compat_l; assumption. }
assert (Hq0 : 0 <= INR (n - 1) * (2 * X) / eps) by (unfold Rdiv; apply Rmult_le_pos; [nra|lra]).
set (m := ln (2 + INR (n - 1) * B * K)) in Hle.
assert (Hm : 0 < m) by (unfold m; rewrite <- ln_1; apply ln_increasing; lra).
assert (H2m : 2 * m <= g).
{ apply (Rmult_le_compat_r (2 * m)) in Hle; [|lra]. unfold Rdiv in Hle. rewrite Rmult_assoc, Rinv_l in Hle by lra. lra. }
assert (Hln : ln (2 + INR (n - 1) * (2 * X) / eps) <= m) by (unfold m; apply ln_le_mono; lra).
lra.
Qed.

(** So thm12b / thm13c at tau = 1 ask c >= 2 ln(2 + 8 n (n - 1)) (X >= n, eps = 1/4): through
    Theorem 26 the constant c must grow with n. *)
Corollary tau1_needs_c (n : nat) (cq : Q) (net : list layer) : (1 <= n)%nat -> 0 < Q2R cq ->
  (exists L, In L net /\ l_heads L <> []) -> 1 <= temp26 n (Q2R cq) (net_X net (INR n)) (1 / 4) net ->
  2 * ln (2 + 8 * INR (n - 1) * INR n) <= Q2R cq.
Proof.
intros Hn Hc Hh Hle. pose proof (net_X_ge net (INR n) (pos_INR n)) as HX.
pose proof (thm26_tau1_needs n (Q2R cq) (net_X net (INR n)) (1 / 4) net Hc ltac:(lra) ltac:(pose proof (pos_INR n); lra) Hh Hle) as H.
eapply Rle_trans; [|exact H]. apply Rmult_le_compat_l; [lra|]. pose proof (pos_INR (n - 1)). pose proof (pos_INR n).
apply ln_le_mono; [nra|]. replace (INR (n - 1) * (2 * net_X net (INR n)) / (1 / 4)) with (8 * INR (n - 1) * net_X net (INR n)) by field.
nra.
Qed.
