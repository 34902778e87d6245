(** * Seed 004, Theorem 20 (a) as printed: the compiled network reads no unbounded key outside its lookups.

    LTLCountBoundedSim.v's [bnode_rd] for [qnode] (LTLCountPaperNodes.v): every layer of the
    compiler with the paper's block reads none of the coordinates whose bounded and unbounded
    embeddings differ (-i^2, 2i and the n-scaled keys at xk, xk + 1) except as the keys of a lookup
    of a predicate on a count, and each head reads its keys all there or none there ([qnode_rd]):
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
Lemma qcount_layers_rd (args : list (nat * Z)) (g : nat) (d : dir) : Forall (fun a => okc (fst a)) args -> Forall rd (count_layers args g d).
Proof. exact (count_layers_rd kk xk false args g d). Qed.
Lemma qsign_terms_ok (args : list (nat * Z)) (g inv key : nat) (K : Q) (c0 : Z) : (xk + 2 <= g)%nat -> okc inv ->
  Forall (fun t => okc (fst (fst t))) (sign_sterms (qlist args g) inv key K c0).
Proof. exact (sign_terms_ok kk xk false Hxk args g inv key K c0). Qed.

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

Local Notation Pn p := ((forall f r, mfrag kk caus true p = true -> (xk + 2 <= f) -> (kk + 13 + r + length (tpreds p) <= xk) ->
  let '(c, L, f', r') := qnode kk caus xk p f r in
  Forall rd L /\ okc c /\ (f <= f') /\ r' = (r + length (tpreds p)))%nat).
Local Notation Pt e := ((forall f r, mlfrag kk caus true e = true -> (xk + 2 <= f) -> (kk + 13 + r + length (lpreds e) <= xk) ->
  let '(args, L, f', r') := qterms kk caus xk e f r in
  Forall rd L /\ Forall (fun a => okc (fst a)) args /\ (f <= f') /\ r' = (r + length (lpreds e)))%nat).

(** The steps the cases of [qnode_rd] share: introducing the hypotheses ([rd_intro]); and a whole case
    with one subformula [p] ([rd_unary], [pre] bringing [Hl] to [mfrag p]) or two, [p] then [q]
    ([rd_binary], [pre] bringing [Hp] and [Hq] to [mfrag p] and [mfrag q]).  The last two repeat the
    introduction, so that the names it binds are known where the tactic is defined. *)
Ltac rd_intro := intros f r Hl Hf Hr; cbn [mfrag tpreds] in Hl, Hr; try rewrite qnode_cmp; cbn [cnode]; rewrite ?app_length in Hr.
Ltac rd_unary p IHp pre :=
  intros f r Hl Hf Hr; cbn [mfrag tpreds] in Hl, Hr; try rewrite qnode_cmp; cbn [cnode]; rewrite ?app_length in Hr; pre;
  pose proof (IHp f r Hl Hf Hr) as H; destruct (qnode kk caus xk p f r) as [[[a L] f1] r1];
  destruct H as [H1 [H2 [H3 H4]]]; split; [|split; [|split; [lia|cbn [tpreds]; lia]]];
  assert (Hf1 : (xk + 2 <= f1)%nat) by lia; clear Hl Hf Hr H3 H4 IHp; [rdt; assumption|okl].
Ltac rd_binary p q IHp IHq pre :=
  intros f r Hl Hf Hr; cbn [mfrag tpreds] in Hl, Hr; try rewrite qnode_cmp; cbn [cnode]; rewrite ?app_length in Hr; apply andb_true_iff in Hl; destruct Hl as [Hp Hq]; pre;
  pose proof (IHp f r Hp Hf ltac:(lia)) as H; destruct (qnode kk caus xk p f r) as [[[a L1] f1] r1];
  destruct H as [H1 [H2 [H3 H4]]];
  pose proof (IHq f1 r1 Hq ltac:(lia) ltac:(lia)) as G; destruct (qnode kk caus xk q f1 r1) as [[[b L2] f2] r2];
  destruct G as [G1 [G2 [G3 G4]]]; split; [|split; [|split; [lia|cbn [tpreds]; rewrite app_length; lia]]];
  assert (Hf2 : (xk + 2 <= f2)%nat) by lia; clear Hp Hq Hf Hr H3 H4 G3 G4 IHp IHq; [rdt; assumption|okl].

Lemma qnode_rd_atom (a : nat) : Pn (TAtom a).
Proof.
rd_intro.
apply Nat.ltb_lt in Hl. split; [constructor|]. split; [okl|]. simpl. lia.
Qed.

Lemma qnode_rd_const (b : bool) : Pn (TConst b).
Proof.
rd_intro.
split; [rdt|]. split; [okl|]. simpl. lia.
Qed.

Lemma qnode_rd_not (p : tl) (IHp : Pn p) : Pn (TNot p).
Proof. rd_unary p IHp idtac. Qed.

Lemma qnode_rd_and (p q : tl) (IHp : Pn p) (IHq : Pn q) : Pn (TAnd p q).
Proof. rd_binary p q IHp IHq idtac. Qed.

Lemma qnode_rd_or (p q : tl) (IHp : Pn p) (IHq : Pn q) : Pn (TOr p q).
Proof. rd_binary p q IHp IHq idtac. Qed.

Lemma qnode_rd_y (p : tl) (IHp : Pn p) : Pn (TY p).
Proof. rd_unary p IHp idtac. Qed.

Lemma qnode_rd_x (p : tl) (IHp : Pn p) : Pn (TX p).
Proof. rd_unary p IHp ltac:(apply andb_true_iff in Hl; destruct Hl as [_ Hl]). Qed.

Lemma qnode_rd_s (p q : tl) (IHp : Pn p) (IHq : Pn q) : Pn (TS p q).
Proof. rd_binary p q IHp IHq idtac. Qed.

Lemma qnode_rd_u (p q : tl) (IHp : Pn p) (IHq : Pn q) : Pn (TU p q).
Proof. rd_binary p q IHp IHq ltac:(apply andb_true_iff in Hp; destruct Hp as [_ Hp]). Qed.

Lemma qnode_rd_cmp (e : lterm) (c0 : Z) (IHe : Pt e) : Pn (TCmp e c0).
Proof.
rd_intro.
apply andb_true_iff in Hl. destruct Hl as [Hl Hcd].
pose proof (IHe f r Hl Hf Hr) as H. destruct (qterms kk caus xk e f r) as [[[args L] f1] r1].
destruct H as [H1 [H2 [H3 H4]]]. destruct (lsame (ldir e) e) eqn:Els.
* split; [|split; [okl|cbn [tpreds]; lia]]. apply Forall_app. split; [exact H1|]. unfold cmp_layers.
  apply Forall_app. split; [apply qcount_layers_rd, H2|]. rdt; try apply local_ok, H2; try (apply qsign_terms_ok; [lia|apply qokc_inv]).
* split; [|split; [okl|cbn [tpreds]; lia]]. apply Forall_app. split; [exact H1|]. unfold pmix_layers.
  assert (Hts : Forall (fun q => okc (fst (fst q))) (combine args (ldirs e))).
  { apply Forall_forall. intros [[b a] dq] Hq. apply in_combine_l in Hq. rewrite Forall_forall in H2. apply (H2 _ Hq). }
  apply Forall_app. split; [apply pterms_rd; [lia|exact Hts]|].
  rdt; try (apply ploc_ok; lia); try (apply pqlist_terms_ok; [lia|okl]).
Qed.

Lemma qnode_rd_pos (P : npred) : Pn (TPos P).
Proof.
rd_intro.
simpl in Hr. split; [constructor|]. split; [okl|]. simpl. lia.
Qed.

Lemma qnode_rd_cnt (P : npred) (d : dir) (p : tl) (IHp : Pn p) : Pn (TCnt P d p).
Proof.
rd_intro.
apply andb_true_iff in Hl. destruct Hl as [Hl _].
pose proof (IHp f r Hl Hf ltac:(lia)) as H. destruct (qnode kk caus xk p f r) as [[[a L] f1] r1].
destruct H as [H1 [H2 [H3 H4]]]. split; [|split; [okl|cbn [tpreds]; rewrite app_length; simpl; lia]].
apply Forall_app. split; [exact H1|]. cbn [length] in Hr. unfold pred_layers. rdt.
Qed.

Lemma qterms_rd_cons (a : Z) (d : dir) (p : tl) (e : lterm) (IHp : Pn p) (IHe : Pt e) : Pt (LCons a d p e).
Proof.
intros f r Hl Hf Hr; cbn [mlfrag lpreds] in Hl, Hr.
rewrite cterms_cons. rewrite app_length in Hr. apply andb_true_iff in Hl. destruct Hl as [Hp He].
pose proof (IHp f r Hp Hf ltac:(lia)) as H. destruct (qnode kk caus xk p f r) as [[[b L1] f1] r1].
destruct H as [H1 [H2 [H3 H4]]].
pose proof (IHe f1 r1 He ltac:(lia) ltac:(lia)) as G. destruct (qterms kk caus xk e f1 r1) as [[[args L2] f2] r2].
destruct G as [G1 [G2 [G3 G4]]]. split; [apply Forall_app; split; assumption|]. split; [constructor; assumption|]. cbn [lpreds]. rewrite app_length. lia.
Qed.

Lemma qnode_rd (p : tl) : forall f r, mfrag kk caus true p = true -> (xk + 2 <= f)%nat -> (kk + 13 + r + length (tpreds p) <= xk)%nat ->
  let '(c, L, f', r') := qnode kk caus xk p f r in
  Forall rd L /\ okc c /\ (f <= f')%nat /\ r' = (r + length (tpreds p))%nat
with qterms_rd (e : lterm) : forall f r, mlfrag kk caus true e = true -> (xk + 2 <= f)%nat -> (kk + 13 + r + length (lpreds e) <= xk)%nat ->
  let '(args, L, f', r') := qterms kk caus xk e f r in
  Forall rd L /\ Forall (fun a => okc (fst a)) args /\ (f <= f')%nat /\ r' = (r + length (lpreds e))%nat.
Proof.
- destruct p as [a|b|p|p q|p q|p|p|p q|p q|e c0|P|P d p].
  + exact (qnode_rd_atom a).
  + exact (qnode_rd_const b).
  + exact (qnode_rd_not p (qnode_rd p)).
  + exact (qnode_rd_and p q (qnode_rd p) (qnode_rd q)).
  + exact (qnode_rd_or p q (qnode_rd p) (qnode_rd q)).
  + exact (qnode_rd_y p (qnode_rd p)).
  + exact (qnode_rd_x p (qnode_rd p)).
  + exact (qnode_rd_s p q (qnode_rd p) (qnode_rd q)).
  + exact (qnode_rd_u p q (qnode_rd p) (qnode_rd q)).
  + exact (qnode_rd_cmp e c0 (qterms_rd e)).
  + exact (qnode_rd_pos P).
  + exact (qnode_rd_cnt P d p (qnode_rd p)).
- destruct e as [|a d p e].
  + intros f r Hl Hf Hr. cbn [cterms lpreds length]. split; [constructor|split; [constructor|split; lia]].
  + exact (qterms_rd_cons a d p e (qnode_rd p) (qterms_rd e)).
Qed.


End Reads.
