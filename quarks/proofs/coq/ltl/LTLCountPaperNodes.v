(** * Seed 004, Theorem 20 (a) as printed: the compiler with the paper's block for mixed comparisons, and its correctness.

    [qnode] is LTLCountCompile.v's [bnode] except for a comparison mixing #left and #right, which it
    compiles by LTLCountPaperBlock.v's [pmix_layers] (the count lookups of C/n on the bounded keys
    j/n^2, -(j/n)^2 at xk + 2, xk + 3, the coordinate 1/n and the sign test of (E + 1/2)/n) instead
    of [mix_layers] (the n-scaled keys).  [qcompile_at k caus p] is the prologue followed by [qnode]
    on the embedding [pes_count] with the four extras [pe_twon; pe_negsqn; pe_key1; pe_key2] (the
    first two only for the lookups of predicates on counts).  By the induction of LTLCountNodes.v's
    [bnode_ok], the mixed case by [pmix_block]: under any weighting [hs_below] whose heads reading
    no unbounded key run at 1/(2n^3) ([w_two] among them), the network outputs exactly [w, i |= p]
    for every formula over letters < k, n >= 1, word and position ([qcompile_at_ok]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountLookup LTLCountMix LTLCountNodes LTLCountThm LTLCountBoundedSim LTLCountPaper LTLCountFixed LTLCountPaperBlock.
Import ListNotations.
Open Scope R_scope.

(** ** The compiler *)

Section Compiler.
Variables (kk : nat) (caus : bool) (xk : nat).
Local Open Scope nat_scope.

(** [qnode p f r]: as [bnode], with the paper's block for a comparison mixing #left and #right. *)
Fixpoint qnode (p : tl) (f r : nat) {struct p} : nat * list slayer * nat * nat :=
  match p with
  | TAtom a => (a, [], f, r)
  | TConst b => (f, [unit_layer (SUnit f [] (if b then 1%Q else 0%Q))], S f, r)
  | TNot p => let '(a, L, f1, r1) := qnode p f r in
      (f1, L ++ [unit_layer (SUnit f1 (not_neurons a) 0)], S f1, r1)
  | TAnd p q => let '(a, L1, f1, r1) := qnode p f r in let '(b, L2, f2, r2) := qnode q f1 r1 in
      (f2, L1 ++ L2 ++ [unit_layer (SUnit f2 [SNeuron 1 (sum_of a b) (-1)] 0)], S f2, r2)
  | TOr p q => let '(a, L1, f1, r1) := qnode p f r in let '(b, L2, f2, r2) := qnode q f1 r1 in
      (f2, L1 ++ L2 ++ [unit_layer (SUnit f2 (or_neurons a b) 0)], S f2, r2)
  | TY p => let '(a, L, f1, r1) := qnode p f r in
      (S f1, L ++ [SLayer [sel_head kk f1 a Future 1] [rounding (S f1) f1 (c_first kk)]], S (S f1), r1)
  | TX p => let '(a, L, f1, r1) := qnode p f r in
      (S f1, L ++ [SLayer [sel_head kk f1 a Past (-1)] [rounding (S f1) f1 (c_last kk)]], S (S f1), r1)
  | TS p q => let '(a, L1, f1, r1) := qnode p f r in let '(b, L2, f2, r2) := qnode q f1 r1 in
      (f2 + 3, L1 ++ L2 ++ [unit_layer (SUnit f2 (not_neurons a) 0); unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0);
                           SLayer [su_head kk (f2 + 2) b (f2 + 1) Future 1] [rounding1 (f2 + 3) (f2 + 2)]], f2 + 4, r2)
  | TU p q => let '(a, L1, f1, r1) := qnode p f r in let '(b, L2, f2, r2) := qnode q f1 r1 in
      (f2 + 3, L1 ++ L2 ++ [unit_layer (SUnit f2 (not_neurons a) 0); unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0);
                           SLayer [su_head kk (f2 + 2) b (f2 + 1) Past (-1)] [rounding1 (f2 + 3) (f2 + 2)]], f2 + 4, r2)
  | TCmp e c0 => let '(args, L, f1, r1) := qterms e f r in
      if lsame (ldir e) e then (f1 + List.length args + 2, L ++ cmp_layers kk caus args (ldir e) c0 f1, f1 + List.length args + 3, r1)
      else let ts := combine args (ldirs e) in (f1 + 6 * List.length ts + 3, L ++ pmix_layers kk (S (S xk)) (S (S (S xk))) ts c0 f1, f1 + 6 * List.length ts + 4, r1)
  | TPos P => (c_pred kk r, [], f, S r)
  | TCnt P d p => let '(a, L, f1, r1) := qnode p f r in
      (f1 + 5, L ++ pred_layers kk caus a d (c_pred kk r1) f1, f1 + 6, S (S r1))
  end
with qterms (e : lterm) (f r : nat) {struct e} : list (nat * Z) * list slayer * nat * nat :=
  match e with
  | LNil => ([], [], f, r)
  | LCons a _ p e' => let '(b, L1, f1, r1) := qnode p f r in let '(args, L2, f2, r2) := qterms e' f1 r1 in
      ((b, a) :: args, L1 ++ L2, f2, r2)
  end.

End Compiler.

(** The network and its output coordinate; four embeddings after the predicates. *)
Definition qcompile_at (kk : nat) (caus : bool) (p : tl) : snet * nat :=
  let '(c, L, _, _) := qnode kk caus (kk + 13 + length (tpreds p)) p (kk + 13 + length (tpreds p) + 4) 0 in
  (prologue kk caus ++ L, c).

(** The four embeddings after the predicates: the n-scaled keys, then the bounded keys. *)
Definition ex_q : list (nat -> nat -> R) := [pe_twon; pe_negsqn; pe_key1; pe_key2].

Lemma qnode_cmp (kk : nat) (caus : bool) (xk : nat) (e : lterm) (c0 : Z) (f r : nat) : qnode kk caus xk (TCmp e c0) f r =
  let '(args, L, f1, r1) := qterms kk caus xk e f r in
  if lsame (ldir e) e then ((f1 + length args + 2)%nat, L ++ cmp_layers kk caus args (ldir e) c0 f1, (f1 + length args + 3)%nat, r1)
  else ((f1 + 6 * length (combine args (ldirs e)) + 3)%nat, L ++ pmix_layers kk (S (S xk)) (S (S (S xk))) (combine args (ldirs e)) c0 f1,
        (f1 + 6 * length (combine args (ldirs e)) + 4)%nat, r1).
Proof. reflexivity. Qed.

Lemma qterms_cons (kk : nat) (caus : bool) (xk : nat) (a : Z) (d : dir) (p : tl) (e : lterm) (f r : nat) : qterms kk caus xk (LCons a d p e) f r =
  let '(b, L1, f1, r1) := qnode kk caus xk p f r in let '(args, L2, f2, r2) := qterms kk caus xk e f1 r1 in
  ((b, a) :: args, L1 ++ L2, f2, r2).
Proof. reflexivity. Qed.

(** ** Every compiled sub-formula's coordinate holds its truth value *)

Section QNodes.
Variables (n : nat) (w : nat -> nat) (kk : nat) (caus : bool) (Ps : list npred) (mix : bool) (nx : nat).
Variable W : head -> (nat -> R) -> nat -> nat -> R.
Hypothesis Hn : (1 <= n)%nat.
Hypothesis HW : hs_below n W.
Hypothesis HWa : forall h, has_lk kk (c_pred kk (length Ps)) h = false -> W h = soft_w (tau_a n) h.
Hypothesis Hmx : mix = true -> (2 <= nx)%nat.
Hypothesis Hnx : (4 <= nx)%nat.
Local Notation xk := (c_pred kk (length Ps)).
Local Notation run L x := (net_run W n (real_net L) x).
Local Notation node_pre := (node_pre n w kk caus Ps nx).
Local Notation node_post := (node_post n w W).
Local Notation terms_post := (terms_post n w W).
Local Notation pre_after := (pre_after n w kk caus Ps mix nx W Hn Hmx).
Local Notation run_keep := (run_keep n mix nx W Hn Hmx).
Local Notation run_two := (run_two n W).
Local Notation stop_units := (stop_units n w kk caus Ps mix nx W Hn Hmx).
Local Notation pred_block := (pred_block n w kk caus Ps mix nx W Hn HW Hmx).
Local Notation kok x := (keys_ok n (S (S xk)) (S (S (S xk))) x).

Lemma keys_lt : (S (S xk) < base kk Ps nx)%nat /\ (S (S (S xk)) < base kk Ps nx)%nat /\
  is_lk kk xk (S (S xk)) = false /\ is_lk kk xk (S (S (S xk))) = false.
Proof.
unfold LTLCountBlocks.base, is_lk, c_two, c_negsq, c_pred.
repeat split; try lia; repeat rewrite orb_false_iff; repeat split; apply Nat.eqb_neq; lia.
Qed.

Lemma kafter (x : stream) (L : snet) (f f' : nat) : node_pre x f -> writes_in L f f' -> kok x -> kok (run L x).
Proof.
intros [Hb _] Hw Hk j. destruct keys_lt as [H1 [H2 _]]. unfold LTLCountBlocks.base in *.
rewrite !(net_frame W n L f f' x Hw) by lia. apply Hk.
Qed.

Lemma qnode_ok (p : tl) : forall f r x, mfrag kk caus mix p = true -> pre_ok Ps (tpreds p) r -> node_pre x f -> kok x ->
  node_post x f r p (qnode kk caus xk p f r)
with qterms_ok (e : lterm) : forall d f r x, mlfrag kk caus mix e = true -> pre_ok Ps (lpreds e) r -> node_pre x f -> kok x ->
  terms_post x f r d e (qterms kk caus xk e f r).
Proof.
- destruct p as [a|b|p|p q|p q|p|p|p q|p q|e c0|P|P d p]; intros f r x Hf Hr Hx Hk0; cbn [mfrag tpreds] in Hf, Hr;
    try rewrite qnode_cmp; cbn [qnode]; unfold node_post.
  + (* letter *) apply Nat.ltb_lt in Hf. destruct Hx as [Hb [Hc Hz]]. unfold base, LTLCountBlocks.base in Hb.
    split5; [lia|simpl; lia|lia|apply writes_in_nil|]. intros j Hj. apply (cx_letter _ _ _ _ _ _ x Hc); assumption.
  + (* constant *) destruct Hx as [Hb [Hc Hz]].
    destruct (unit_block n W Hn (x) (SUnit f [] (if b then 1%Q else 0%Q)) (fun _ => B2R b) Hz (fun j _ => unit_const f b (x j))) as [Hw Hv].
    split5; [lia|simpl; lia|lia|exact Hw|exact Hv].
  + (* not *) destruct (qnode kk caus xk p f r) as [[[a L] f1] r1] eqn:E.
    pose proof (qnode_ok p f r x Hf Hr Hx Hk0) as IH. rewrite E in IH. destruct IH as [H1 [H2 [H3 [H4 H5]]]].
    destruct (pre_after x L f f1 Hx H1 H4) as [_ [_ Hz1]].
    destruct (unit_block n W Hn (run L x) (SUnit f1 (not_neurons a) 0) (fun j => B2R (negb (tsat n w p j))) Hz1) as [Hw Hv].
    { intros j Hj. apply unit_not, H5, Hj. }
    split5; [lia|cbn [tpreds]; lia|lia|apply writes_in_app; wmono|].
    intros j Hj. rewrite run_two. apply Hv, Hj.
  + (* and *) apply andb_true_iff in Hf. destruct Hf as [Hfp Hfq].
    destruct (qnode kk caus xk p f r) as [[[a L1] f1] r1] eqn:E1.
    pose proof (qnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH1. rewrite E1 in IH1. destruct IH1 as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L1 f f1 Hx H1 H4) as Hx1.
    destruct (qnode kk caus xk q f1 r1) as [[[b L2] f2] r2] eqn:E2.
    pose proof (qnode_ok q f1 r1 (run L1 x) Hfq ltac:(subst r1; apply pre_ok_r, Hr) Hx1 (kafter x L1 f f1 Hx H4 Hk0)) as IH2. rewrite E2 in IH2.
    destruct IH2 as [G1 [G2 [G3 [G4 G5]]]]. destruct (pre_after _ L2 f1 f2 Hx1 G1 G4) as [_ [_ Hz2]].
    assert (Ha : forall j, (j < n)%nat -> run L2 (run L1 x) j a = B2R (tsat n w p j)) by (intros j Hj; rewrite (run_keep _ L2 f1 f2 a G4 H3); apply H5, Hj).
    destruct (unit_block n W Hn (run L2 (run L1 x)) (SUnit f2 [SNeuron 1 (sum_of a b) (-1)] 0) (fun j => B2R (tsat n w p j && tsat n w q j)) Hz2) as [Hw Hv].
    { intros j Hj. apply unit_and; [apply Ha, Hj|apply G5, Hj|]. intros Eab. apply Nat.eqb_eq in Eab. subst b.
      apply B2R_inj. rewrite <- Ha, <- G5 by exact Hj. reflexivity. }
    split5; [lia|cbn [tpreds]; rewrite app_length; lia|lia| |].
    * repeat apply writes_in_app; wmono.
    * intros j Hj. rewrite !run_two. apply Hv, Hj.
  + (* or *) apply andb_true_iff in Hf. destruct Hf as [Hfp Hfq].
    destruct (qnode kk caus xk p f r) as [[[a L1] f1] r1] eqn:E1.
    pose proof (qnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH1. rewrite E1 in IH1. destruct IH1 as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L1 f f1 Hx H1 H4) as Hx1.
    destruct (qnode kk caus xk q f1 r1) as [[[b L2] f2] r2] eqn:E2.
    pose proof (qnode_ok q f1 r1 (run L1 x) Hfq ltac:(subst r1; apply pre_ok_r, Hr) Hx1 (kafter x L1 f f1 Hx H4 Hk0)) as IH2. rewrite E2 in IH2.
    destruct IH2 as [G1 [G2 [G3 [G4 G5]]]]. destruct (pre_after _ L2 f1 f2 Hx1 G1 G4) as [_ [_ Hz2]].
    assert (Ha : forall j, (j < n)%nat -> run L2 (run L1 x) j a = B2R (tsat n w p j)) by (intros j Hj; rewrite (run_keep _ L2 f1 f2 a G4 H3); apply H5, Hj).
    destruct (unit_block n W Hn (run L2 (run L1 x)) (SUnit f2 (or_neurons a b) 0) (fun j => B2R (tsat n w p j || tsat n w q j)) Hz2) as [Hw Hv].
    { intros j Hj. apply unit_or; [apply Ha, Hj|apply G5, Hj|]. intros Eab. apply Nat.eqb_eq in Eab. subst b.
      apply B2R_inj. rewrite <- Ha, <- G5 by exact Hj. reflexivity. }
    split5; [lia|cbn [tpreds]; rewrite app_length; lia|lia| |].
    * repeat apply writes_in_app; wmono.
    * intros j Hj. rewrite !run_two. apply Hv, Hj.
  + (* Y *) destruct (qnode kk caus xk p f r) as [[[a L] f1] r1] eqn:E.
    pose proof (qnode_ok p f r x Hf Hr Hx Hk0) as IH. rewrite E in IH. destruct IH as [H1 [H2 [H3 [H4 H5]]]].
    destruct (pre_after x L f f1 Hx H1 H4) as [Hb1 [Hc1 Hz1]].
    destruct (hu_block n W Hn (run L x) (sel_head kk f1 a Future 1) (rounding (S f1) f1 (c_first kk))
                (fun j => B2R (tsat n w p (j - 1)%nat && negb (Nat.eqb j 0))) eq_refl Hz1) as [Hw Hv].
    { apply (y_block n w kk caus Ps nx W Hn HW (run L x) f1 Hc1 Hb1 Hz1 a (tsat n w p) H5). }
    split5; [lia|cbn [tpreds]; lia|lia|apply writes_in_app; wmono|].
    intros j Hj. rewrite run_two. change (S f1) with (su_out (rounding (S f1) f1 (c_first kk))). rewrite Hv by exact Hj.
    cbn [tsat]. f_equal. destruct j as [|j]; [simpl; rewrite andb_false_r; reflexivity|]. simpl. rewrite Nat.sub_0_r, andb_true_r. reflexivity.
  + (* X *) apply andb_true_iff in Hf. destruct Hf as [Hcaus Hf]. apply negb_true_iff in Hcaus.
    destruct (qnode kk caus xk p f r) as [[[a L] f1] r1] eqn:E.
    pose proof (qnode_ok p f r x Hf Hr Hx Hk0) as IH. rewrite E in IH. destruct IH as [H1 [H2 [H3 [H4 H5]]]].
    destruct (pre_after x L f f1 Hx H1 H4) as [Hb1 [Hc1 Hz1]].
    destruct (hu_block n W Hn (run L x) (sel_head kk f1 a Past (-1)) (rounding (S f1) f1 (c_last kk))
                (fun j => B2R (tsat n w p (x_next n j) && negb (Nat.eqb (S j) n))) eq_refl Hz1) as [Hw Hv].
    { apply (x_block n w kk caus Ps nx W Hn HW (run L x) f1 Hc1 Hb1 Hz1 a (tsat n w p) Hcaus H5). }
    split5; [lia|cbn [tpreds]; lia|lia|apply writes_in_app; wmono|].
    intros j Hj. rewrite run_two. change (S f1) with (su_out (rounding (S f1) f1 (c_last kk))). rewrite Hv by exact Hj.
    cbn [tsat]. f_equal. unfold x_next. destruct (S j <? n)%nat eqn:Es.
    * apply Nat.ltb_lt in Es. replace (Nat.eqb (S j) n) with false by (symmetry; apply Nat.eqb_neq; lia). apply andb_true_r.
    * apply Nat.ltb_ge in Es. replace (Nat.eqb (S j) n) with true by (symmetry; apply Nat.eqb_eq; lia). apply andb_false_r.
  + (* S *) apply andb_true_iff in Hf. destruct Hf as [Hfp Hfq].
    destruct (qnode kk caus xk p f r) as [[[a L1] f1] r1] eqn:E1.
    pose proof (qnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH1. rewrite E1 in IH1. destruct IH1 as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L1 f f1 Hx H1 H4) as Hx1.
    destruct (qnode kk caus xk q f1 r1) as [[[b L2] f2] r2] eqn:E2.
    pose proof (qnode_ok q f1 r1 (run L1 x) Hfq ltac:(subst r1; apply pre_ok_r, Hr) Hx1 (kafter x L1 f f1 Hx H4 Hk0)) as IH2. rewrite E2 in IH2.
    destruct IH2 as [G1 [G2 [G3 [G4 G5]]]]. pose proof (pre_after _ L2 f1 f2 Hx1 G1 G4) as Hx2.
    assert (Ha : forall j, (j < n)%nat -> run L2 (run L1 x) j a = B2R (tsat n w p j)) by (intros j Hj; rewrite (run_keep _ L2 f1 f2 a G4 H3); apply H5, Hj).
    destruct (stop_units (run L2 (run L1 x)) a b f2 (tsat n w p) (tsat n w q) Hx2 ltac:(lia) G3 Ha G5) as [Hws [Hx4 [Hs Hq]]].
    pose proof Hx4 as [Hb4 [Hc4 Hz4]]. set (y4 := run (stop_layers a b f2) (run L2 (run L1 x))) in *.
    replace (f2 + 3)%nat with (S (f2 + 2)) by lia.
    destruct (hu_block n W Hn y4 (su_head kk (f2 + 2) b (f2 + 1) Future 1) (rounding1 (S (f2 + 2)) (f2 + 2))
                (fun j => B2R (tsat n w q (topS (fun j => negb (tsat n w p j) || tsat n w q j) j))) eq_refl) as [Hw Hv].
    { intros j c Hc'. apply Hz4. cbn [sh_out su_head] in Hc'. lia. }
    { apply (s_block n w kk caus Ps nx W Hn HW y4 (f2 + 2) Hc4 Hb4 Hz4 b (f2 + 1) (fun j => negb (tsat n w p j) || tsat n w q j) (tsat n w q) Hs Hq). }
    split5; [lia|cbn [tpreds]; rewrite app_length; lia|lia| |].
    * change (L1 ++ L2 ++ [unit_layer (SUnit f2 (not_neurons a) 0); unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0);
                          SLayer [su_head kk (f2 + 2) b (f2 + 1) Future 1] [rounding1 (S (f2 + 2)) (f2 + 2)]])
        with (L1 ++ L2 ++ stop_layers a b f2 ++ [SLayer [su_head kk (f2 + 2) b (f2 + 1) Future 1] [rounding1 (S (f2 + 2)) (f2 + 2)]]).
      repeat apply writes_in_app; wmono.
    * intros j Hj. change (L1 ++ L2 ++ [unit_layer (SUnit f2 (not_neurons a) 0); unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0);
                          SLayer [su_head kk (f2 + 2) b (f2 + 1) Future 1] [rounding1 (S (f2 + 2)) (f2 + 2)]])
        with (L1 ++ L2 ++ stop_layers a b f2 ++ [SLayer [su_head kk (f2 + 2) b (f2 + 1) Future 1] [rounding1 (S (f2 + 2)) (f2 + 2)]]).
      rewrite !run_two. fold y4. change (S (f2 + 2)) with (su_out (rounding1 (S (f2 + 2)) (f2 + 2))). rewrite Hv by exact Hj.
      cbn [tsat]. rewrite since_top. reflexivity.
  + (* U *) apply andb_true_iff in Hf. destruct Hf as [Hf Hfq]. apply andb_true_iff in Hf. destruct Hf as [Hcaus Hfp].
    destruct (qnode kk caus xk p f r) as [[[a L1] f1] r1] eqn:E1.
    pose proof (qnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH1. rewrite E1 in IH1. destruct IH1 as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L1 f f1 Hx H1 H4) as Hx1.
    destruct (qnode kk caus xk q f1 r1) as [[[b L2] f2] r2] eqn:E2.
    pose proof (qnode_ok q f1 r1 (run L1 x) Hfq ltac:(subst r1; apply pre_ok_r, Hr) Hx1 (kafter x L1 f f1 Hx H4 Hk0)) as IH2. rewrite E2 in IH2.
    destruct IH2 as [G1 [G2 [G3 [G4 G5]]]]. pose proof (pre_after _ L2 f1 f2 Hx1 G1 G4) as Hx2.
    assert (Ha : forall j, (j < n)%nat -> run L2 (run L1 x) j a = B2R (tsat n w p j)) by (intros j Hj; rewrite (run_keep _ L2 f1 f2 a G4 H3); apply H5, Hj).
    destruct (stop_units (run L2 (run L1 x)) a b f2 (tsat n w p) (tsat n w q) Hx2 ltac:(lia) G3 Ha G5) as [Hws [Hx4 [Hs Hq]]].
    pose proof Hx4 as [Hb4 [Hc4 Hz4]]. set (y4 := run (stop_layers a b f2) (run L2 (run L1 x))) in *.
    replace (f2 + 3)%nat with (S (f2 + 2)) by lia.
    destruct (hu_block n W Hn y4 (su_head kk (f2 + 2) b (f2 + 1) Past (-1)) (rounding1 (S (f2 + 2)) (f2 + 2))
                (fun j => B2R (tsat n w q (topU (fun j => negb (tsat n w p j) || tsat n w q j) (n - j) j))) eq_refl) as [Hw Hv].
    { intros j c Hc'. apply Hz4. cbn [sh_out su_head] in Hc'. lia. }
    { apply (u_block n w kk caus Ps nx W Hn HW y4 (f2 + 2) Hc4 Hb4 Hz4 b (f2 + 1) (fun j => negb (tsat n w p j) || tsat n w q j) (tsat n w q) Hs Hq). }
    split5; [lia|cbn [tpreds]; rewrite app_length; lia|lia| |].
    * change (L1 ++ L2 ++ [unit_layer (SUnit f2 (not_neurons a) 0); unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0);
                          SLayer [su_head kk (f2 + 2) b (f2 + 1) Past (-1)] [rounding1 (S (f2 + 2)) (f2 + 2)]])
        with (L1 ++ L2 ++ stop_layers a b f2 ++ [SLayer [su_head kk (f2 + 2) b (f2 + 1) Past (-1)] [rounding1 (S (f2 + 2)) (f2 + 2)]]).
      repeat apply writes_in_app; wmono.
    * intros j Hj. change (L1 ++ L2 ++ [unit_layer (SUnit f2 (not_neurons a) 0); unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0);
                          SLayer [su_head kk (f2 + 2) b (f2 + 1) Past (-1)] [rounding1 (S (f2 + 2)) (f2 + 2)]])
        with (L1 ++ L2 ++ stop_layers a b f2 ++ [SLayer [su_head kk (f2 + 2) b (f2 + 1) Past (-1)] [rounding1 (S (f2 + 2)) (f2 + 2)]]).
      rewrite !run_two. fold y4. change (S (f2 + 2)) with (su_out (rounding1 (S (f2 + 2)) (f2 + 2))). rewrite Hv by exact Hj.
      cbn [tsat]. rewrite until_top by lia. reflexivity.
  + (* comparison *) apply andb_true_iff in Hf. destruct Hf as [Hfe Hcd].
    destruct (qterms kk caus xk e f r) as [[[args L] f1] r1] eqn:E.
    pose proof (qterms_ok e (ldir e) f r x Hfe Hr Hx Hk0) as IH. rewrite E in IH. destruct IH as [H1 [H2 [H3 [H4 [H5 H6]]]]].
    destruct (pre_after x L f f1 Hx H1 H3) as [Hb1 [Hc1 Hz1]].
    destruct (lsame (ldir e) e) eqn:Els.
    * (* one side *)
      assert (Hd : caus = true -> ldir e = DLeft) by (intros Ec; rewrite Ec in Hcd; destruct (ldir e); [reflexivity|discriminate]).
      cbv beta iota. split5; [lia|cbn [tpreds]; lia|lia| |].
      -- apply writes_in_app; [wmono|]. eapply writes_in_mono; [apply (cmp_writes n kk caus Hn)|lia|lia].
      -- intros j Hj. rewrite run_two.
         rewrite (cmp_block n w kk caus Ps nx W Hn HW (run L x) args (ldir e) c0 f1 Hc1 Hb1 Hz1 Hd H4 j Hj).
         cbn [tsat]. rewrite (H5 eq_refl) by exact Hj. reflexivity.
    * (* both sides: the paper's block *)
      try rewrite Els in Hcd. apply andb_true_iff in Hcd. destruct Hcd as [_ Hcs]. apply negb_true_iff in Hcs. rewrite Hcs in Hc1.
      set (ts := combine args (ldirs e)).
      assert (Hts : forall q, In q ts -> (fst (fst q) < f1)%nat /\ forall j, (j < n)%nat -> run L x j (fst (fst q)) = B2R (bit_of (run L x) (fst (fst q)) j)).
      { intros [q dq] Hq. apply in_combine_l in Hq. apply H4, Hq. }
      destruct (pmix_block n w kk Ps nx (S (S xk)) (S (S (S xk))) W Hn HW HWa keys_lt (bit_of (run L x)) (run L x) ts c0 f1 Hc1
                  (kafter x L f f1 Hx H3 Hk0) Hb1 Hz1 Hts) as [Hw Hv].
      cbv beta iota. split5; [lia|cbn [tpreds]; lia|lia|apply writes_in_app; [wmono|eapply writes_in_mono; [exact Hw|lia|lia]]|].
      intros j Hj. rewrite run_two, (Hv j Hj). cbn [tsat]. unfold ts. rewrite (H6 j Hj). reflexivity.
  + (* position predicate *) destruct Hx as [Hb [Hc Hz]]. destruct Hr as [pre [suf [EP EL]]].
    assert (Hr : (r < length Ps)%nat) by (rewrite EP, app_length; simpl; lia).
    unfold base, LTLCountBlocks.base in Hb. split5; [lia|simpl; lia|unfold c_pred; lia|apply writes_in_nil|].
    intros j Hj. cbn [real_net map net_run tsat]. rewrite (cx_pred _ _ _ _ _ _ x Hc r j Hr). f_equal.
    rewrite EP, <- EL, app_nth2, Nat.sub_diag by lia. reflexivity.
  + (* predicate on a count *) apply andb_true_iff in Hf. destruct Hf as [Hfp Hcd].
    destruct (qnode kk caus xk p f r) as [[[a L] f1] r1] eqn:E.
    pose proof (qnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH. rewrite E in IH. destruct IH as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L f f1 Hx H1 H4) as Hx1.
    destruct (pre_ok_r _ _ _ _ Hr) as [pre [suf [EP EL]]]. rewrite <- H2 in EL.
    assert (Hr1 : (S r1 < length Ps)%nat) by (rewrite EP, app_length; simpl; lia).
    assert (HP : nth r1 Ps (fun _ _ => false) = P) by (rewrite EP, <- EL, app_nth2, Nat.sub_diag by lia; reflexivity).
    assert (HP0 : nth (S r1) Ps (fun _ _ => false) = pred0 P)
      by (rewrite EP, <- EL, app_nth2 by lia; replace (S (length pre) - length pre)%nat with 1%nat by lia; reflexivity).
    assert (Hd : caus = true -> d = DLeft) by (intros Ec; rewrite Ec in Hcd; destruct d; [reflexivity|discriminate]).
    destruct (pred_block (run L x) a d P r1 f1 (tsat n w p) Hx1 H3 H5 Hr1 HP HP0 Hd) as [Hw Hv].
    split5; [lia|cbn [tpreds]; rewrite app_length; simpl; lia|lia|apply writes_in_app; wmono|].
    intros j Hj. rewrite run_two. apply Hv, Hj.
- destruct e as [|a d' p e]; intros d f r x Hf Hr Hx Hk0; cbn [mlfrag lpreds] in Hf, Hr; [cbn [qterms]|rewrite qterms_cons]; unfold terms_post.
  + destruct Hx as [Hb [Hc Hz]]. refine (conj _ (conj _ (conj _ (conj _ (conj _ _))))); [lia|simpl; lia|apply writes_in_nil|intros p []| |].
    * intros _ i Hi. reflexivity.
    * intros i Hi. reflexivity.
  + apply andb_true_iff in Hf. destruct Hf as [Hfp He].
    destruct (qnode kk caus xk p f r) as [[[b L1] f1] r1] eqn:E1.
    pose proof (qnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH1. rewrite E1 in IH1. destruct IH1 as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L1 f f1 Hx H1 H4) as Hx1.
    destruct (qterms kk caus xk e f1 r1) as [[[args L2] f2] r2] eqn:E2.
    pose proof (qterms_ok e d f1 r1 (run L1 x) He ltac:(subst r1; apply pre_ok_r, Hr) Hx1 (kafter x L1 f f1 Hx H4 Hk0)) as IH2. rewrite E2 in IH2.
    destruct IH2 as [G1 [G2 [G3 [G4 [G5 G6]]]]].
    assert (Hb : forall j, (j < n)%nat -> run (L1 ++ L2) x j b = B2R (tsat n w p j))
      by (intros j Hj; rewrite run_two, (run_keep _ L2 f1 f2 b G3 H3); apply H5, Hj).
    assert (Hcnt : forall d0 i, (i < n)%nat -> count n d0 (bit_of (run (L1 ++ L2) x) b) i = count n d0 (tsat n w p) i).
    { intros d0 i Hi. apply count_ext; [exact Hi|]. intros j Hj. apply bit_of_B2R, Hb, Hj. }
    cbv beta iota. refine (conj _ (conj _ (conj _ (conj _ (conj _ _))))); [lia|cbn [lpreds]; rewrite app_length; lia|apply writes_in_app; wmono| | |].
    * intros p' [<-|Hp]; cbn [fst].
      -- split; [lia|]. intros j Hj. rewrite Hb by exact Hj. f_equal. symmetry. apply bit_of_B2R, Hb, Hj.
      -- rewrite run_two. apply G4, Hp.
    * intros Hs i Hi. cbn [lsame] in Hs. apply andb_true_iff in Hs. destruct Hs as [Hdd Hs].
      rewrite <- (dir_eqb_true d d' Hdd). cbn [lin_count lval fst snd]. rewrite Hcnt by exact Hi. rewrite run_two, <- (G5 Hs i Hi). reflexivity.
    * intros i Hi. cbn [ldirs combine lin_mix lval]. rewrite Hcnt by exact Hi. rewrite run_two, <- (G6 i Hi). reflexivity.
Qed.

End QNodes.

(** The bounded keys sit at xk + 2, xk + 3 of the embedding, for every position. *)
Lemma ex_q_keys (n : nat) (w : nat -> nat) (kk : nat) (Ps : list npred) (j : nat) :
  embed kk (pes_count Ps ++ ex_q) n w j (kk + 13 + length Ps + 2)%nat = INR (S j) / INR n ^ 2 /\
  embed kk (pes_count Ps ++ ex_q) n w j (kk + 13 + length Ps + 3)%nat = - (INR (S j) / INR n) ^ 2.
Proof.
assert (E : forall m, embed kk (pes_count Ps ++ ex_q) n w j (kk + 13 + length Ps + m)%nat = nth m (map (fun f => f (S j) n) ex_q) 0).
{ intros m. replace (kk + 13 + length Ps + m)%nat with (kk + (length (map (fun f => f (S j) n) (pes_count Ps)) + m))%nat
    by (rewrite map_length; unfold pes_count; rewrite app_length, map_length; simpl; lia).
  rewrite embed_pe, map_app, app_nth2 by lia. f_equal. lia. }
rewrite !E. split; reflexivity.
Qed.

(** The whole network outputs exactly [w, i |= p] under any weighting [hs_below] whose heads reading
    no unbounded key run at 1/(2n^3). *)
Lemma qcompile_at_ok (n : nat) (w : nat -> nat) (kk : nat) (caus : bool) (W : head -> (nat -> R) -> nat -> nat -> R) (p : tl) :
  (1 <= n)%nat -> hs_below n W -> (forall h, has_lk kk (kk + 13 + length (tpreds p)) h = false -> W h = soft_w (tau_a n) h) ->
  mfrag kk caus true p = true -> forall i, (i < n)%nat ->
  net_run W n (real_net (fst (qcompile_at kk caus p))) (embed kk (pes_count (tpreds p) ++ ex_q) n w) i (snd (qcompile_at kk caus p))
  = B2R (tsat n w p i).
Proof.
intros Hn HW HWa Hf i Hi. unfold qcompile_at.
destruct (qnode kk caus (kk + 13 + length (tpreds p)) p (kk + 13 + length (tpreds p) + 4) 0) as [[[c L] f'] r'] eqn:E. cbn [fst snd].
destruct (prologue_ctx n w kk caus (tpreds p) ex_q W Hn HW ltac:(intros; split; reflexivity)) as [Hc Hz].
assert (Hpre : pre_ok (tpreds p) (tpreds p) 0) by (exists [], []; rewrite app_nil_r; split; reflexivity).
set (x0 := embed kk (pes_count (tpreds p) ++ ex_q) n w).
assert (Hk : keys_ok n (S (S (c_pred kk (length (tpreds p))))) (S (S (S (c_pred kk (length (tpreds p))))))
               (net_run W n (real_net (prologue kk caus)) x0)).
{ intros j. unfold c_pred. rewrite !(net_frame W n _ (kk + 7) (kk + 12) x0 (prologue_writes n kk caus ex_q Hn ltac:(intros; split; reflexivity))) by lia.
  destruct (ex_q_keys n w kk (tpreds p) j) as [K1 K2].
  replace (S (S (kk + 13 + length (tpreds p)))) with (kk + 13 + length (tpreds p) + 2)%nat by lia.
  replace (S (kk + 13 + length (tpreds p) + 2)) with (kk + 13 + length (tpreds p) + 3)%nat by lia. split; assumption. }
pose proof (qnode_ok n w kk caus (tpreds p) true 4 W Hn HW HWa (fun _ => ltac:(lia)) ltac:(lia) p (kk + 13 + length (tpreds p) + 4) 0
              (net_run W n (real_net (prologue kk caus)) x0) Hf Hpre) as H.
change (c_pred kk (length (tpreds p))) with (kk + 13 + length (tpreds p))%nat in H, Hk.
rewrite E in H. destruct H as [_ [_ [_ [_ Hv]]]]; [split; [unfold base; lia|split; assumption]|exact Hk|].
rewrite real_net_app, net_run_app. apply Hv, Hi.
Qed.
