(** * Seed 004, Theorems 20 and 21: a compiler of counting LTL into transformers, stage by stage.

    [bnode] compiles a formula of TL[#] (LTLCountSyntax.v) into a list of layers, one block per
    connective, each block writing fresh coordinates above those of its arguments (so a formula's
    network is its arguments' networks followed by its own block; unlike quarks/ltl/counting.py
    nothing is shared or packed into fewer layers).  The blocks are the constructions of
    LTLCompile.v and counting.py: Boolean units; Y / X / S / U selection heads with Lemma 9
    rounding (LTLHeads.v); for a comparison sum_k a_k #d[phi_k] + c0 >= 0 of counts on one side,
    one uniform count head per term (C_k / i or C_k / (n - i + 1)), the local unit, and the sign
    head with the comparison unit (LTLCountStage.v); a position predicate P_n(i) is read from
    its own position embedding [P_n(i)].

    Coordinates: letters 0..kk-1; embeddings at kk + p ([pes_count]: 1, (-1)^i, i/n, 1/i,
    1/(n - i + 1), [i even], -i^2, five zeros, 2i, then one [P_n(i)] per numerical predicate of the
    formula in the order [tpreds] lists them, a predicate on a count followed by [P_n(0)], its
    [pred0]); first, last, their averages (LTLSyntax.v's
    kk + 7 .. kk + 10) and [n = 1] (kk + 11) in a prologue; fresh coordinates from
    kk + 13 + #predicates.  A predicate on a count, P_n(#d[phi]), is the table lookup of Lemma 7
    ([pred_layers]: keys 2j and -j^2, query C/d and 1/d, value [P_n(j)]) gated by [C = 0], and
    P_n(0) when C = 0 read from the embedding [P_n(0)], so that no weight depends on n.
    [caus]: the causal variant (Theorem 21, Corollary 23): no last, [single] is first, the sign and
    lookup heads are future-masked.  [bcompile] compiles the fragment [tfrag] (comparisons of counts
    on one side, #left only when causal) with the embedding [pes_count]; [mcompile] compiles every
    formula ([mfrag] with mix): it is [bcompile] on [tfrag] and otherwise appends the n-scaled keys
    2in, -i^2 n ([pes_mix]) and compiles a comparison mixing #left and #right by [mix_layers]
    (every count read back as a number by a lookup, LTLCountMix.v), at the same temperature. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLCount LTLCountSyntax LTLCountStage.
Import ListNotations.
Open Scope R_scope.

(** ** Position embeddings and coordinates *)

(** At the paper's 1-based position i of a length-n input. *)
Definition pe_invl (i n : nat) : R := / INR i.
Definition pe_invr (i n : nat) : R := / INR (n - i + 1).
Definition pe_even (i n : nat) : R := even01 i.
Definition pe_none (i n : nat) : R := 0.
Definition pe_pred (P : npred) (i n : nat) : R := B2R (P n i).
(** The two keys of the table lookup (Lemma 7): -i^2 and 2i (unbounded). *)
Definition pe_negsq (i n : nat) : R := - (INR i ^ 2).
Definition pe_two (i n : nat) : R := 2 * INR i.

Definition pes_count (Ps : list npred) : list (nat -> nat -> R) :=
  [pe_one; pe_alt; pe_frac; pe_invl; pe_invr; pe_even; pe_negsq; pe_none; pe_none; pe_none; pe_none; pe_none; pe_two]
  ++ map pe_pred Ps.

(** The n-scaled keys of the count lookups of a comparison mixing #left and #right: 2 i n and
    -i^2 n, after the predicates ([pes_mix true]); a network without mixed comparisons has none. *)
Definition pe_twon (i n : nat) : R := 2 * INR i * INR n.
Definition pe_negsqn (i n : nat) : R := - (INR i ^ 2) * INR n.
Definition pes_mix (mix : bool) (Ps : list npred) : list (nat -> nat -> R) :=
  pes_count Ps ++ (if mix then [pe_twon; pe_negsqn] else []).

Section Coords.
Variable kk : nat.
Definition c_invl := (kk + 3)%nat.
Definition c_invr := (kk + 4)%nat.
Definition c_even := (kk + 5)%nat.
Definition c_negsq := (kk + 6)%nat.
Definition c_single := (kk + 11)%nat.
Definition c_two := (kk + 12)%nat.
Definition c_pred (r : nat) := (kk + 13 + r)%nat.
End Coords.

(** The family P_n(0), constant in the position: the value of P_n(#d[phi]) when nothing is counted. *)
Definition pred0 (P : npred) : npred := fun n _ => P n 0%nat.

(** The position predicates of a formula, in the order the compiler meets them (a predicate on a
    count followed by its [pred0]). *)
Fixpoint tpreds (p : tl) : list npred :=
  match p with
  | TAtom _ | TConst _ => []
  | TNot p | TY p | TX p => tpreds p
  | TAnd p q | TOr p q | TS p q | TU p q => tpreds p ++ tpreds q
  | TCmp e _ => lpreds e
  | TPos P => [P]
  | TCnt P _ p => tpreds p ++ [P; pred0 P]
  end
with lpreds (e : lterm) : list npred :=
  match e with LNil => [] | LCons _ _ p e' => tpreds p ++ lpreds e' end.

(** ** The compiler *)

Definition dir_eqb (d d' : dir) : bool :=
  match d, d' with DLeft, DLeft | DRight, DRight => true | _, _ => false end.

(** The side of a comparison: that of its first term. *)
Definition ldir (e : lterm) : dir := match e with LNil => DLeft | LCons _ d _ _ => d end.

(** The sides of the terms, and whether all are d (a one-sided comparison). *)
Fixpoint ldirs (e : lterm) : list dir := match e with LNil => [] | LCons _ d _ e' => d :: ldirs e' end.
Fixpoint lsame (d : dir) (e : lterm) : bool := match e with LNil => true | LCons _ d' _ e' => dir_eqb d d' && lsame d e' end.
Fixpoint labs (ts : list (nat * Z * dir)) : Z := match ts with [] => 0%Z | (_, a, _) :: ts' => (Z.abs a + labs ts')%Z end.

Section Compiler.
Variables (kk : nat) (caus : bool).
Local Open Scope nat_scope.

(** The comparison's denominator embedding, and where [the sign head sees one position] is. *)
Definition c_inv (d : dir) : nat := match d with DLeft => c_invl kk | DRight => c_invr kk end.
Definition c_one_pos : nat := if caus then c_first kk else c_single kk.
Definition sign_mask : mask := if caus then Future else NoMask.

Definition first_layer : slayer :=
  SLayer [SHead (c_avg_first kk) (c_alt kk) [] Future Average]
         [SUnit (c_first kk) [SNeuron 1 [(c_avg_first kk, (-2)%Q)] (-1); SNeuron (-1) [(c_avg_first kk, (-2)%Q)] (-2)] 0].
Definition last_layer : slayer :=
  SLayer [SHead (c_avg_last kk) (c_alt kk) [] Past Average]
         [SUnit (c_last kk) [SNeuron 1 [(c_avg_last kk, 2%Q)] (-1); SNeuron 1 [(c_avg_last kk, (-2)%Q)] (-1)] 0].
Definition single_layer : slayer := SLayer [] [single_sunit (c_single kk) (c_first kk) (c_last kk)].

(** Proposition 11's first (and last, [n = 1]) before everything else. *)
Definition prologue : list slayer := if caus then [first_layer] else [first_layer; last_layer; single_layer].

Definition unit_layer (u : sunit) : slayer := SLayer [] [u].

(** The table lookup of Lemma 7: scores 2 (C/d) 2j + 2 (1/d) (-j^2) = 2 (C^2 - (j - C)^2) / d peak at
    j = C (1-based); the value is [P_n(j)]. *)
Definition look_head (att v cnt inv : nat) (m : mask) : shead :=
  SHead att v [(cnt, c_two kk, 2%Q); (inv, c_negsq kk, 2%Q)] m Average.

(** P_n(C): the lookup's read rounded, gated off by Z = [C = 0], plus Z [P_n(0)] = ReLU(Z + [P_n(0)] - 1)
    with [P_n(0)] read from the coordinate p0c (so the weights are the same for every n). *)
Definition pred_unit (out att z p0c : nat) : sunit :=
  SUnit out [SNeuron 1 [(att, 2%Q); (z, (-2)%Q)] (-1 # 2); SNeuron (-1) [(att, 2%Q); (z, (-2)%Q)] (-3 # 2);
             SNeuron 1 [(z, 1%Q); (p0c, 1%Q)] (-1)] 0.

(** P_n(#d[a]) from the coordinate a of the argument, fresh from g, the predicate's embedding at pc
    and its [P_n(0)] at pc + 1:
    the count at g; [some position counted] by the S (U) head at g + 1 rounded at g + 2; Z at g + 3;
    the lookup at g + 4 and P_n(C) at g + 5. *)
Definition pred_layers (a : nat) (d : dir) (pc g : nat) : list slayer :=
  [SLayer [count_shead g a d] [];
   SLayer [su_head kk (g + 1) a a (dmask d) (match d with DLeft => 1%Q | DRight => (-1)%Q end)] [rounding1 (g + 2) (g + 1)];
   unit_layer (SUnit (g + 3) (not_neurons (g + 2)) 0);
   SLayer [look_head (g + 4) pc g (c_inv d) sign_mask] [pred_unit (g + 5) (g + 4) (g + 3) (S pc)]].

(** One count head per term, writing g, g + 1, ..; the query list (count coordinate, a_k). *)
Fixpoint count_layers (args : list (nat * Z)) (g : nat) (d : dir) : list slayer :=
  match args with [] => [] | (b, _) :: args' => SLayer [count_shead g b d] [] :: count_layers args' (S g) d end.
Fixpoint qlist (args : list (nat * Z)) (g : nat) : list (nat * Z) :=
  match args with [] => [] | (_, a) :: args' => (g, a) :: qlist args' (S g) end.

(** The comparison block over the argument coordinates args (b_k, a_k), fresh from g:
    counts at g .., local at g + m, the sign head at g + m + 1, the result at g + m + 2. *)
Definition cmp_layers (args : list (nat * Z)) (d : dir) (c0 : Z) (g : nat) : list slayer :=
  let m := length args in
  count_layers args g d ++
  [unit_layer (local_sunit (g + m) args c0);
   SLayer [sign_shead (S (g + m)) (c_even kk) (qlist args g) (c_inv d) (c_alt kk) 2 c0 sign_mask]
          [sign_sunit (S (S (g + m))) (S (g + m)) c_one_pos (g + m)]].

(** ** Comparisons mixing #left and #right

    Each count C = #d[phi] is read back as a number: its count head (C / d), Z = [C = 0] as for a
    predicate on a count, and an unmasked lookup head with query C/d and 1/d (weight K) and the
    n-scaled keys 2jn and -j^2 n at xk, xk + 1 ([pes_mix]): its scores K n (C^2 - (j - C)^2) / d
    peak at j = max(C, 1) at rate 2 K n^2 / d >= 2 K n at tau = 1/(2n), and its value 2j reads
    2 max(C, 1) within 9/2 n e^(-2Kn); C = read / 2 - Z.  The comparison unit rounds
    4 (sum_k a_k C_k + c0) + 2 by ReLU(.) - ReLU(. - 1); K = 2 (1 + sum_k |a_k|) keeps the total
    error below 1/4 for every n. *)
Variable xk : nat.

Definition mlook_head (att cnt inv : nat) (K : Q) : shead :=
  SHead att (c_two kk) [(cnt, xk, K); (inv, S xk, K)] NoMask Average.

(** One term #d[b] at g: the count at g, [some position counted] at g + 1 rounded at g + 2, Z at
    g + 3, the lookup at g + 4. *)
Definition term_layers (b : nat) (d : dir) (K : Q) (g : nat) : list slayer :=
  [SLayer [count_shead g b d] [];
   SLayer [su_head kk (g + 1) b b (dmask d) (match d with DLeft => 1%Q | DRight => (-1)%Q end)] [rounding1 (g + 2) (g + 1)];
   unit_layer (SUnit (g + 3) (not_neurons (g + 2)) 0);
   SLayer [mlook_head (g + 4) g (c_inv d) K] []].

Fixpoint terms_layers (ts : list (nat * Z * dir)) (K : Q) (g : nat) : list slayer :=
  match ts with [] => [] | (b, _, d) :: ts' => term_layers b d K g ++ terms_layers ts' K (g + 5) end.

(** 4 sum_k a_k (read_k / 2 - Z_k). *)
Fixpoint mix_weights (ts : list (nat * Z * dir)) (g : nat) : list (nat * Q) :=
  match ts with
  | [] => []
  | (_, a, _) :: ts' => (g + 4, inject_Z (2 * a)) :: (g + 3, inject_Z (-4 * a)) :: mix_weights ts' (g + 5)
  end.

Definition mix_sunit (out : nat) (ts : list (nat * Z * dir)) (c0 : Z) (g : nat) : sunit :=
  SUnit out [SNeuron 1 (mix_weights ts g) (inject_Z (4 * c0 + 2)); SNeuron (-1) (mix_weights ts g) (inject_Z (4 * c0 + 1))] 0.

(** The mixed comparison block over the terms ts (coordinate, a_k, side), fresh from g: the
    terms at g .. g + 5m - 1, the result at g + 5m. *)
Definition mix_layers (ts : list (nat * Z * dir)) (c0 : Z) (g : nat) : list slayer :=
  terms_layers ts (inject_Z (2 * (1 + labs ts))) g ++ [unit_layer (mix_sunit (g + 5 * length ts) ts c0 g)].

(** [cnode mb p f r]: the coordinate of p, the layers, the next fresh coordinate and the next
    position-predicate number, where [mb ts c0 g] (its coordinate, layers and next fresh
    coordinate) is the block of a comparison mixing #left and #right over the terms ts, fresh
    from g.  The compilers differ only there: [bnode] below, [qnode] (LTLCountPaperNodes.v). *)
Variable mb : list (nat * Z * dir) -> Z -> nat -> nat * list slayer * nat.

Fixpoint cnode (p : tl) (f r : nat) {struct p} : nat * list slayer * nat * nat :=
  match p with
  | TAtom a => (a, [], f, r)
  | TConst b => (f, [unit_layer (SUnit f [] (if b then 1%Q else 0%Q))], S f, r)
  | TNot p => let '(a, L, f1, r1) := cnode p f r in
      (f1, L ++ [unit_layer (SUnit f1 (not_neurons a) 0)], S f1, r1)
  | TAnd p q => let '(a, L1, f1, r1) := cnode p f r in let '(b, L2, f2, r2) := cnode q f1 r1 in
      (f2, L1 ++ L2 ++ [unit_layer (SUnit f2 [SNeuron 1 (sum_of a b) (-1)] 0)], S f2, r2)
  | TOr p q => let '(a, L1, f1, r1) := cnode p f r in let '(b, L2, f2, r2) := cnode q f1 r1 in
      (f2, L1 ++ L2 ++ [unit_layer (SUnit f2 (or_neurons a b) 0)], S f2, r2)
  | TY p => let '(a, L, f1, r1) := cnode p f r in
      (S f1, L ++ [SLayer [sel_head kk f1 a Future 1] [rounding (S f1) f1 (c_first kk)]], S (S f1), r1)
  | TX p => let '(a, L, f1, r1) := cnode p f r in
      (S f1, L ++ [SLayer [sel_head kk f1 a Past (-1)] [rounding (S f1) f1 (c_last kk)]], S (S f1), r1)
  | TS p q => let '(a, L1, f1, r1) := cnode p f r in let '(b, L2, f2, r2) := cnode q f1 r1 in
      (f2 + 3, L1 ++ L2 ++ [unit_layer (SUnit f2 (not_neurons a) 0); unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0);
                           SLayer [su_head kk (f2 + 2) b (f2 + 1) Future 1] [rounding1 (f2 + 3) (f2 + 2)]], f2 + 4, r2)
  | TU p q => let '(a, L1, f1, r1) := cnode p f r in let '(b, L2, f2, r2) := cnode q f1 r1 in
      (f2 + 3, L1 ++ L2 ++ [unit_layer (SUnit f2 (not_neurons a) 0); unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0);
                           SLayer [su_head kk (f2 + 2) b (f2 + 1) Past (-1)] [rounding1 (f2 + 3) (f2 + 2)]], f2 + 4, r2)
  | TCmp e c0 => let '(args, L, f1, r1) := cterms e f r in
      if lsame (ldir e) e then (f1 + length args + 2, L ++ cmp_layers args (ldir e) c0 f1, f1 + length args + 3, r1)
      else let '(c, M, f2) := mb (combine args (ldirs e)) c0 f1 in (c, L ++ M, f2, r1)
  | TPos P => (c_pred kk r, [], f, S r)
  | TCnt P d p => let '(a, L, f1, r1) := cnode p f r in
      (f1 + 5, L ++ pred_layers a d (c_pred kk r1) f1, f1 + 6, S (S r1))
  end
with cterms (e : lterm) (f r : nat) {struct e} : list (nat * Z) * list slayer * nat * nat :=
  match e with
  | LNil => ([], [], f, r)
  | LCons a _ p e' => let '(b, L1, f1, r1) := cnode p f r in let '(args, L2, f2, r2) := cterms e' f1 r1 in
      ((b, a) :: args, L1 ++ L2, f2, r2)
  end.

End Compiler.

(** [bnode]: the mixed comparison by [mix_layers] (the n-scaled keys), its result at g + 5m. *)
Definition bmix (kk xk : nat) (ts : list (nat * Z * dir)) (c0 : Z) (g : nat) : nat * list slayer * nat :=
  ((g + 5 * length ts)%nat, mix_layers kk xk ts c0 g, S (g + 5 * length ts)).
Notation bnode kk caus xk := (cnode kk caus (bmix kk xk)).
Notation bterms kk caus xk := (cterms kk caus (bmix kk xk)).

(** The whole network and its output coordinate, with nx embeddings after the predicates (the first
    two the n-scaled keys when nx >= 2), and with ([mix]) or without the keys. *)
Definition ncompile_at (kk : nat) (caus : bool) (nx : nat) (p : tl) : snet * nat :=
  let '(c, L, _, _) := bnode kk caus (kk + 13 + length (tpreds p)) p (kk + 13 + length (tpreds p) + nx) 0 in
  (prologue kk caus ++ L, c).
Definition ncompile (kk : nat) (caus mix : bool) (p : tl) : snet * nat := ncompile_at kk caus (if mix then 2 else 0) p.
Definition bcompile (kk : nat) (caus : bool) (p : tl) : snet * nat := ncompile kk caus false p.

(** The formulas compiled: letters below kk; no X, U, #right in the causal variant; comparisons
    mixing #left and #right only with the n-scaled keys ([mix]) and not in the causal variant. *)
Fixpoint mfrag (kk : nat) (caus mix : bool) (p : tl) : bool :=
  match p with
  | TAtom a => (a <? kk)%nat
  | TConst _ | TPos _ => true
  | TNot p | TY p => mfrag kk caus mix p
  | TX p => negb caus && mfrag kk caus mix p
  | TAnd p q | TOr p q | TS p q => mfrag kk caus mix p && mfrag kk caus mix q
  | TU p q => negb caus && mfrag kk caus mix p && mfrag kk caus mix q
  | TCmp e _ => mlfrag kk caus mix e &&
      (if lsame (ldir e) e then negb caus || dir_eqb (ldir e) DLeft else mix && negb caus)
  | TCnt _ d p => mfrag kk caus mix p && (negb caus || dir_eqb d DLeft)
  end
with mlfrag (kk : nat) (caus mix : bool) (e : lterm) : bool :=
  match e with LNil => true | LCons _ _ p e' => mfrag kk caus mix p && mlfrag kk caus mix e' end.

(** The fragment of [bcompile]: comparisons of counts on one side. *)
Definition tfrag (kk : nat) (caus : bool) (p : tl) : bool := mfrag kk caus false p.

(** Every formula: [bcompile] on the one-sided fragment, else the n-scaled keys. *)
Definition mcompile (kk : nat) (caus : bool) (p : tl) : snet * nat := ncompile kk caus (negb (tfrag kk caus p)) p.
Definition tpes (kk : nat) (caus : bool) (p : tl) : list (nat -> nat -> R) := pes_mix (negb (tfrag kk caus p)) (tpreds p).

(** The letters of a formula are below k. *)
Fixpoint tletters (k : nat) (p : tl) : bool :=
  match p with
  | TAtom a => (a <? k)%nat
  | TConst _ | TPos _ => true
  | TNot p | TY p | TX p | TCnt _ _ p => tletters k p
  | TAnd p q | TOr p q | TS p q | TU p q => tletters k p && tletters k q
  | TCmp e _ => lletters k e
  end
with lletters (k : nat) (e : lterm) : bool :=
  match e with LNil => true | LCons _ _ p e' => tletters k p && lletters k e' end.

(** With the n-scaled keys, the non-causal compiler takes every formula over letters < k. *)
Lemma mfrag_letters (k : nat) (p : tl) : mfrag k false true p = tletters k p
with mlfrag_letters (k : nat) (e : lterm) : mlfrag k false true e = lletters k e.
Proof.
- destruct p; cbn [mfrag tletters negb orb andb]; rewrite ?mfrag_letters, ?mlfrag_letters; try reflexivity.
  + destruct (lletters k e), (lsame (ldir e) e); reflexivity.
  + apply andb_true_r.
- destruct e; cbn [mlfrag lletters]; rewrite ?mfrag_letters, ?mlfrag_letters; reflexivity.
Qed.

(** The past fragment is compiled by the causal one-sided compiler: Theorem 21 covers all of it. *)
Lemma lpast_left (e : lterm) : lpast e = true -> lsame DLeft e = true /\ ldir e = DLeft.
Proof.
induction e as [|a d p e IH]; cbn [lpast lsame ldir]; [auto|]. destruct d; [|discriminate].
intros H. apply andb_true_iff in H. destruct H as [_ H]. split; [apply IH, H|reflexivity].
Qed.

Lemma tfrag_past (k : nat) (p : tl) : tletters k p = true -> tpast p = true -> tfrag k true p = true
with lfrag_past (k : nat) (e : lterm) : lletters k e = true -> lpast e = true -> mlfrag k true false e = true.
Proof.
- unfold tfrag. destruct p as [a|b|p|p q|p q|p|p|p q|p q|e c0|P|P d p]; cbn [mfrag tletters tpast negb orb andb]; intros Hl Hp;
    try discriminate; try reflexivity; try exact Hl.
  + apply tfrag_past; assumption.
  + apply andb_true_iff in Hl, Hp. apply andb_true_iff. split; apply tfrag_past; tauto.
  + apply andb_true_iff in Hl, Hp. apply andb_true_iff. split; apply tfrag_past; tauto.
  + apply tfrag_past; assumption.
  + apply andb_true_iff in Hl, Hp. apply andb_true_iff. split; apply tfrag_past; tauto.
  + destruct (lpast_left e Hp) as [Hs Hd]. rewrite Hd, Hs. cbn. rewrite andb_true_r. apply lfrag_past; assumption.
  + destruct d; [|discriminate]. rewrite andb_true_r. apply tfrag_past; assumption.
- destruct e as [|a d p e]; cbn [mlfrag lletters lpast]; intros Hl Hp; [reflexivity|]. destruct d; [|discriminate].
  apply andb_true_iff in Hl, Hp. destruct Hl as [Hl1 Hl2], Hp as [Hp1 Hp2].
  apply andb_true_iff. split; [apply tfrag_past|apply lfrag_past]; assumption.
Qed.
