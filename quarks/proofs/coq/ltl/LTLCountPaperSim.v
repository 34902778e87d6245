(** * Seed 004, Theorem 20 (a) as printed: the compiled network reads no unbounded key outside its lookups.

    LTLCountBoundedSim.v's [cnode_rd] for [qnode] (LTLCountPaperNodes.v): every layer of the
    compiler with the paper's block reads none of the coordinates whose bounded and unbounded
    embeddings differ (-i^2, 2i and the n-scaled keys at xk, xk + 1) except as the keys of a lookup
    of a predicate on a count, and each head reads its keys all there or none there ([qmix_rd], [qnode_rd]):
    the paper's lookups read the bounded keys at xk + 2, xk + 3, the same in both embeddings.  So
    LTLCountFixed.v's simulation [pnet_run] applies to [qnode]'s network. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountNodes LTLCountBoundedSim LTLCountPaperBlock LTLCountPaperNodes.
Import ListNotations.
Open Scope R_scope.

Section Reads.
Variables (kk xk : nat) (caus : bool).
Hypothesis Hxk : (kk + 13 <= xk)%nat.
Local Notation mx := false.
Local Notation okc c := (~ inK kk xk mx c).
Local Notation rd := (ly_rd kk xk mx).

Lemma qokc_inv (d : dir) : okc (c_inv kk d).
Proof. exact (okc_inv kk xk false Hxk d). Qed.
Lemma qokc_one_pos : okc (c_one_pos kk caus).
Proof. exact (okc_one_pos kk xk caus false Hxk). Qed.
Lemma qokc_hi (c : nat) : (xk + 2 <= c)%nat -> okc c.
Proof. exact (okc_hi kk xk false Hxk c). Qed.
Lemma qokc_lo (c : nat) : (kk <= c)%nat -> (c < kk + 12)%nat -> c <> (kk + 6)%nat -> okc c.
Proof. exact (okc_lo kk xk false Hxk c). Qed.
Ltac okl := first [assumption | apply qokc_hi; lia
  | apply qokc_lo; unfold c_one, c_alt, c_frac, c_first, c_last, c_even, c_invl, c_invr, c_single, c_avg_first, c_avg_last; lia
  | pose proof (ctw_cases kk xk mx); unfold inK, c_negsq, c_pred, c_two, c_one, c_alt, c_frac, c_first, c_last, c_even, c_invl, c_invr,
      c_single, c_avg_first, c_avg_last in *; lia].

Ltac pure_tac H := unfold hd_pure; cbn [sh_val sh_terms sel_head su_head count_shead look_head mlook_head sign_shead plook_shead inv_shead fst snd];
  first [ solve [exfalso; congruence]
        | solve [exfalso; match goal with Hc : ctw _ _ _ = _ |- _ => unfold ctw in Hc; rewrite H in Hc; unfold c_two in Hc; lia end]
        | solve [left; repeat constructor; cbn [fst snd]; unfold lk2; tauto]
        | solve [right; apply (sign_pure kk xk mx _ _ _ _ _ H); okl]
        | solve [right; apply Forall_forall; intros t Ht; cbn [In] in Ht; repeat destruct Ht as [<-|Ht]; try contradiction;
                 cbn [fst snd]; apply (okc_pure kk xk mx _ H); first [apply qokc_inv | apply qokc_one_pos | okl]] ].

Ltac rdt := repeat match goal with
  | |- Forall _ (_ ++ _) => apply Forall_app; split
  | |- Forall _ [] => constructor
  | |- Forall _ (_ :: _) => constructor
  | |- ly_rd _ _ _ _ => split; cbn [sl_heads sl_units unit_layer]
  | |- hd_ok _ _ _ _ => split; [|split; [|let H := fresh "Hmx" in intros H; pure_tac H]]; cbn [sh_val sh_terms sel_head su_head count_shead look_head mlook_head sign_shead plook_shead inv_shead fst snd]
  | |- un_ok _ _ _ _ => unfold un_ok; try unfold local_sunit; try unfold mix_sunit; try unfold sign_sunit; try unfold pred_unit; try unfold pread_sunit; try unfold ploc_sunit; try unfold psign_sunit;
                      try unfold rounding; try unfold rounding1; try unfold single_sunit; cbn [su_hidden sn_w]
  | |- Forall _ (sum_of _ _) => apply okc_sum_of
  | |- ~ inK _ _ _ _ => cbn [fst snd]; first [apply qokc_inv | apply qokc_one_pos | okl]
  | |- Forall _ (not_neurons _) => unfold not_neurons
  | |- Forall _ (or_neurons _ _) => unfold or_neurons
  | |- Forall _ (sn_w _) => cbn [sn_w]
  end.

(** ** The paper's block *)

Lemma ploc_ok (ts : list (nat * Z * dir)) (g : nat) : (xk + 2 <= g)%nat -> Forall (fun p => okc (fst p)) (ploc_weights (pqlist ts g)).
Proof.
intros Hg. unfold ploc_weights. apply Forall_map, Forall_forall. intros q Hq. cbn [fst]. pose proof (pqlist_in ts g q Hq). okl.
Qed.

Lemma pqlist_terms_ok (ts : list (nat * Z * dir)) (g inv key : nat) (K : Q) (c0 : Z) : (xk + 2 <= g)%nat -> okc inv ->
  Forall (fun t => okc (fst (fst t))) (sign_sterms (pqlist ts g) inv key K c0).
Proof.
intros Hg Hi. unfold sign_sterms. apply Forall_app. split; [|repeat constructor; exact Hi].
apply Forall_forall. intros t Ht. apply in_map_iff in Ht. destruct Ht as [q [<- Hq]]. cbn [fst].
pose proof (pqlist_in ts g q Hq). okl.
Qed.

Lemma pterms_rd (ts : list (nat * Z * dir)) (K : Z) (g : nat) : (xk + 2 <= g)%nat ->
  Forall (fun q => okc (fst (fst q))) ts -> Forall rd (pterms_layers kk (S (S xk)) (S (S (S xk))) ts K g).
Proof.
revert g. induction ts as [|[[b a] d] ts IH]; intros g Hg H; cbn [pterms_layers]; [constructor|]. inversion H; subst. cbn [fst] in *.
apply Forall_app. split; [unfold pterm_layers; destruct d; rdt|apply IH; [lia|assumption]].
Qed.

(** The paper's block reads the bounded keys only, in its lookups. *)
Lemma qmix_rd (ts : list (nat * Z * dir)) (c0 : Z) (g : nat) : true && negb caus = true -> (xk + 2 <= g)%nat ->
  Forall (fun q => okc (fst (fst q))) ts -> let '(c, M, g') := qmix kk xk ts c0 g in Forall rd M /\ okc c /\ (g <= g')%nat.
Proof.
intros _ Hg Hts. unfold qmix. split; [|split; [okl|lia]]. unfold pmix_layers.
apply Forall_app. split; [apply pterms_rd; [lia|exact Hts]|].
rdt; try (apply ploc_ok; lia); try (apply pqlist_terms_ok; [lia|okl]).
Qed.

(** By [cnode_rd] (LTLCountBoundedSim.v) with the paper's block. *)
Lemma qnode_rd (p : tl) : forall f r, mfrag kk caus true p = true -> (xk + 2 <= f)%nat -> (kk + 13 + r + length (tpreds p) <= xk)%nat ->
  let '(c, L, f', r') := qnode kk caus xk p f r in
  Forall rd L /\ okc c /\ (f <= f')%nat /\ r' = (r + length (tpreds p))%nat.
Proof. exact (cnode_rd kk xk caus mx Hxk true (qmix kk xk) qmix_rd p). Qed.

End Reads.
