(** * Seed 004, Theorem 20 (a) as printed: the compiler with the paper's block for mixed comparisons, and its correctness.

    [qnode] is LTLCountCompile.v's [cnode], like [bnode], but for a comparison mixing #left and #right
    it takes LTLCountPaperBlock.v's [pmix_layers] ([qmix]) (the count lookups of C/n on the bounded keys
    j/n^2, -(j/n)^2 at xk + 2, xk + 3, the coordinate 1/n and the sign test of (E + 1/2)/n) instead
    of [mix_layers] (the n-scaled keys).  [qcompile_at k caus p] is the prologue followed by [qnode]
    on the embedding [pes_count] with the four extras [pe_twon; pe_negsqn; pe_key1; pe_key2] (the
    first two only for the lookups of predicates on counts).  By LTLCountNodes.v's [cnode_ok], the
    mixed case by [pmix_block] ([qmix_ok]), the bounded keys kept by every block ([kafter]): under any weighting [hs_below] whose heads reading
    no unbounded key run at 1/(2n^3) ([w_two] among them), the network outputs exactly [w, i |= p]
    for every formula over letters < k, n >= 1, word and position ([qcompile_at_ok]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountLookup LTLCountMix LTLCountNodes LTLCountThm LTLCountBoundedSim LTLCountPaper LTLCountFixed LTLCountPaperBlock.
Import ListNotations.
Open Scope R_scope.

(** ** The compiler *)

(** [qnode]: [cnode] with the paper's block [pmix_layers] for a comparison mixing #left and #right,
    its result at g + 6m + 3. *)
Definition qmix (kk xk : nat) (ts : list (nat * Z * dir)) (c0 : Z) (g : nat) : nat * list slayer * nat :=
  ((g + 6 * length ts + 3)%nat, pmix_layers kk (S (S xk)) (S (S (S xk))) ts c0 g, (g + 6 * length ts + 4)%nat).
Notation qnode kk caus xk := (cnode kk caus (qmix kk xk)).
Notation qterms kk caus xk := (cterms kk caus (qmix kk xk)).

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

Lemma qmix_ok : forall Bf y ts c0 g, mix && negb caus = true -> node_pre y g -> kok y ->
  (forall q, In q ts -> (fst (fst q) < g)%nat /\ forall j, (j < n)%nat -> y j (fst (fst q)) = B2R (Bf (fst (fst q)) j)) ->
  let '(c, M, g') := qmix kk xk ts c0 g in (g <= g')%nat /\ (c < g')%nat /\ writes_in M g g' /\
  forall i, (i < n)%nat -> run M y i c = B2R (Z.leb 0 (lin_mix ts (fun d b => count n d (Bf b) i) + c0)).
Proof.
intros Bf y ts c0 g Hm [Hb [Hc Hz]] Hk Hts. apply andb_true_iff in Hm. destruct Hm as [_ Hcs]. apply negb_true_iff in Hcs. rewrite Hcs in Hc.
destruct (pmix_block n w kk Ps nx (S (S xk)) (S (S (S xk))) W Hn HW HWa keys_lt Bf y ts c0 g Hc Hk Hb Hz Hts) as [Hw Hv].
split; [lia|split; [lia|split; [exact Hw|exact Hv]]].
Qed.

(** By [cnode_ok] (LTLCountNodes.v), the keys kept by every block ([kafter]). *)
Lemma qnode_ok (p : tl) : forall f r x, mfrag kk caus mix p = true -> pre_ok Ps (tpreds p) r -> node_pre x f -> kok x ->
  node_post x f r p (qnode kk caus xk p f r).
Proof.
intros f r x Hf Hr Hx Hk.
exact (cnode_ok n w kk caus Ps mix nx W Hn HW Hmx (qmix kk xk) (fun x => kok x) kafter qmix_ok p f r x Hf Hr Hx Hk).
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
