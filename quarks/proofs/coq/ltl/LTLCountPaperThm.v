(** * Seed 004, Theorem 20 (a) and Corollary 22 (a) as printed, for every formula: one network, fixed weights, 1/(2n^3).

    [pqcompile k p] is LTLCountPaperNodes.v's [qcompile_at k false p] (the paper's block for every
    comparison mixing #left and #right) with each lookup of a predicate on a count reading the
    bounded keys i/n^2, -(i/n)^2 with its coefficients doubled, resp. kept ([atr_layer] at n = 1, as
    LTLCountFixed.v's [pcompile]): no weight depends on n.  Its embedding [tpes_q p] is the bounded
    [tpes_a p] followed by i/n^2 and -(i/n)^2 once more (the count lookups' keys; the copy is a
    convenience of the proof, which runs the network beside the unbounded one where the first two
    slots hold 2in, -i^2 n).  The whole network runs at the one temperature 1/(2n^3): the run
    equals the unbounded network's run under [w_two] outside the differing coordinates
    ([pnet_run], [qnode_rd]), which is exact ([qcompile_at_ok]).  [pacompile k p] is [pcompile]
    on the one-sided fragment [tfrag] and [pqcompile] otherwise ([tpes_pa] its embedding), and
    [thm20a_paper] / [cor22a_paper]: for every formula over letters < k, every n >= 1, word and
    position, the softmax run at 1/(2n^3) and its rounding are exactly [w, i |= p]. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftPaper LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountNodes LTLCountThm LTLCountBoundedSim LTLCountBounded LTLCountPaper LTLCountLow LTLCountFixed LTLCountPaperBlock LTLCountPaperNodes LTLCountPaperSim.
Import ListNotations.
Open Scope R_scope.

(** ** The networks *)

Definition pqcompile (k : nat) (p : tl) : snet * nat :=
  (map (atr_layer 1 k (k + 13 + length (tpreds p))) (fst (qcompile_at k false p)), snd (qcompile_at k false p)).
Definition tpes_q (p : tl) : list (nat -> nat -> R) := tpes_a p ++ [pe_key1; pe_key2].

(** One network per formula: [pcompile] on the one-sided fragment, [pqcompile] otherwise. *)
Definition pacompile (k : nat) (p : tl) : snet * nat := if tfrag k false p then pcompile k false p else pqcompile k p.
Definition tpes_pa (k : nat) (p : tl) : list (nat -> nat -> R) := if tfrag k false p then tpes_a p else tpes_q p.

(** Every embedding lies in [-1, 1] at 1 <= i <= n. *)
Theorem tpes_pa_bounded (k : nat) (p : tl) (f : nat -> nat -> R) : In f (tpes_pa k p) -> forall i n, (i <= n)%nat -> Rabs (f i n) <= 1.
Proof.
unfold tpes_pa, tpes_q. destruct (tfrag k false p); [apply (tpes_a_bounded p)|]. intros Hf. apply in_app_or in Hf.
destruct Hf as [Hf|Hf]; [apply (tpes_a_bounded p), Hf|]. apply (pes_a_bounded (tpreds p)). unfold pes_a. rewrite !in_app_iff. right; right. exact Hf.
Qed.

(** ** The bounded embedding against the unbounded one *)

Lemma embed_app1 (k : nat) (l l' : list (nat -> nat -> R)) (n : nat) (w : nat -> nat) (j m : nat) : (m < length l)%nat ->
  embed k (l ++ l') n w j (k + m)%nat = embed k l n w j (k + m)%nat.
Proof. intros Hm. rewrite !embed_pe, map_app, app_nth1 by (rewrite map_length; exact Hm). reflexivity. Qed.

Lemma pes_q_agree (Ps : list npred) (a b m : nat) :
  m <> 6%nat -> m <> 12%nat -> m <> (13 + length Ps)%nat -> m <> (14 + length Ps)%nat ->
  nth m (map (fun f => f a b) (pes_a Ps ++ [pe_key1; pe_key2])) 0 = nth m (map (fun f => f a b) (pes_count Ps ++ ex_q)) 0.
Proof.
intros H6 H12 H13 H14. unfold pes_a, pes_count. rewrite <- !app_assoc, !map_app.
apply nth_app3; [reflexivity| |].
- intros Hm. simpl length in Hm. do 13 (destruct m as [|m]; [first [reflexivity|exfalso; lia]|]). lia.
- rewrite !map_length. simpl length. intros Hm.
  destruct (m - 13 - length Ps)%nat as [|[|[|[|m']]]] eqn:Em; try reflexivity; try (exfalso; lia).
Qed.

Lemma arel_q (n : nat) (w : nat -> nat) (k : nat) (Ps : list npred) : (1 <= n)%nat ->
  arel n k (k + 13 + length Ps) false (embed k (pes_a Ps ++ [pe_key1; pe_key2]) n w) (embed k (pes_count Ps ++ ex_q) n w).
Proof.
intros Hn. split.
- intros j c Hc. unfold inK, ctw, c_negsq, c_two in Hc. destruct (Nat.lt_ge_cases c k) as [Hck|Hck].
  + unfold embed. replace (c <? k)%nat with true by (symmetry; apply Nat.ltb_lt, Hck). reflexivity.
  + replace c with (k + (c - k))%nat by lia. rewrite !embed_pe. apply pes_q_agree; lia.
- intros j. destruct (xa_keys n w k Ps j) as [K1 K2].
  assert (La : (13 + length Ps < length (pes_a Ps))%nat) by (unfold pes_a; rewrite !app_length, map_length; simpl; lia).
  replace (k + 13 + length Ps)%nat with (k + (13 + length Ps))%nat by lia.
  replace (S (k + (13 + length Ps))) with (k + (14 + length Ps))%nat by lia.
  rewrite !embed_app1 by (unfold pes_a in *; rewrite !app_length, map_length in *; simpl in *; lia).
  replace (k + (13 + length Ps))%nat with (k + 13 + length Ps)%nat in * by lia.
  replace (k + (14 + length Ps))%nat with (S (k + 13 + length Ps)) by lia.
  rewrite K1, K2. unfold pe_key1, pe_key2.
  destruct (x0_keys n w k Ps ex_q j ltac:(simpl; lia) eq_refl eq_refl) as [U3 U4]. unfold c_pred in U3, U4.
  pose proof (x0_fixed n w k Ps ex_q j 12 ltac:(lia)) as U12. pose proof (x0_fixed n w k Ps ex_q j 6 ltac:(lia)) as U6.
  unfold c_two, c_negsq. rewrite U3, U4, U12, U6. repeat split; reflexivity.
Qed.

(** ** The run *)

Lemma pqcompile_ok (n : nat) (w : nat -> nat) (k : nat) (p : tl) :
  (1 <= n)%nat -> tletters k p = true -> forall i, (i < n)%nat ->
  soft_run (tau_a n) n (real_net (fst (pqcompile k p))) (embed k (tpes_q p) n w) i (snd (pqcompile k p)) = B2R (tsat n w p i).
Proof.
intros Hn Hl i Hi. unfold pqcompile, tpes_q, tpes_a, soft_run. cbn [fst snd].
set (P := tpreds p). set (xk := (k + 13 + length P)%nat). set (xu := embed k (pes_count P ++ ex_q) n w).
set (Wu := w_two k xk (tau_paper n) (tau_a n)).
assert (HW : hs_below n Wu) by apply w_two_below, Hn.
assert (HWa : forall h, has_lk k xk h = false -> Wu h = soft_w (tau_a n) h) by (intros h Hh; unfold Wu, w_two; rewrite Hh; reflexivity).
assert (Hf : mfrag k false true p = true) by (rewrite mfrag_letters; exact Hl).
assert (Hex : (2 <= length ex_q)%nat -> nth 0 ex_q pe_none = pe_twon /\ nth 1 ex_q pe_none = pe_negsqn) by (intros; split; reflexivity).
pose proof (qcompile_at_ok n w k false Wu p Hn HW HWa Hf i Hi) as Hok. fold P xu in Hok.
unfold qcompile_at in *. fold P xk in Hok |- *.
pose proof (qnode_rd k xk false ltac:(unfold xk; lia) p (xk + 4) 0 Hf ltac:(lia) ltac:(unfold xk, P; lia)) as Hrd.
destruct (prologue_ctx n w k false P ex_q Wu Hn HW Hex) as [Hc Hz].
assert (Hpre : pre_ok P P 0) by (exists [], []; rewrite app_nil_r; split; reflexivity).
set (x1 := net_run Wu n (real_net (prologue k false)) xu).
assert (Hk : keys_ok n (S (S xk)) (S (S (S xk))) x1).
{ intros j. unfold x1, xk. rewrite !(net_frame Wu n _ (k + 7) (k + 12) xu (prologue_writes n k false ex_q Hn Hex)) by lia.
  destruct (ex_q_keys n w k P j) as [K1 K2].
  replace (S (S (k + 13 + length P))) with (k + 13 + length P + 2)%nat by lia.
  replace (S (k + 13 + length P + 2)) with (k + 13 + length P + 3)%nat by lia. split; assumption. }
pose proof (qnode_ok n w k false P true 4 Wu Hn HW HWa (fun _ => ltac:(lia)) ltac:(lia) p (xk + 4) 0 x1 Hf Hpre) as Hb.
change (c_pred k (length P)) with xk in Hb.
destruct (qnode k false xk p (xk + 4) 0) as [[[c L] f'] r'] eqn:E. cbn [fst snd] in *.
destruct Hb as [_ [_ [_ [Hw _]]]]; [split; [unfold base; fold xk; simpl; lia|split; assumption]|exact Hk|].
destruct Hrd as [Hrd [Hcok _]].
assert (HN : Forall (ly_ok k xk false) (prologue k false ++ L)).
{ apply Forall_app; split.
  - apply Forall_forall. intros Ly HLy. split; [pose proof (prologue_rd k xk false false ltac:(unfold xk; lia)) as Hp; rewrite Forall_forall in Hp; apply Hp, HLy|].
    intros c' E'. pose proof (prologue_writes n k false ex_q Hn Hex Ly c' HLy E'). unfold inK, ctw, c_negsq, c_two in *. unfold xk in *. lia.
  - apply Forall_forall. intros Ly HLy. split; [rewrite Forall_forall in Hrd; apply Hrd, HLy|].
    intros c' E'. pose proof (Hw Ly c' HLy E'). unfold inK, ctw, c_negsq, c_two in *. unfold xk in *. lia. }
pose proof (arel_q n w k P Hn) as Hr0. fold xk xu in Hr0.
destruct (pnet_run n k xk Hn ltac:(unfold xk; lia) _ HN _ _ Hr0) as [He _].
rewrite <- Hok. apply He. exact Hcok.
Qed.

(** ** The theorems *)

(** Theorem 20 (a) as printed, for every formula of counting LTL over letters < k, comparisons
    mixing #left and #right included: the one network [pacompile k p] (weights independent of n) on
    the bounded embedding [tpes_pa k p] at the one temperature 1/(2n^3) outputs exactly
    [w, i |= p], and so does Lemma 9's rounding of it, for every n >= 1, word w and i < n. *)
Theorem thm20a_paper (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_a n) n (real_net (fst (pacompile k p))) (embed k (tpes_pa k p) n w) i (snd (pacompile k p)) = B2R (tsat n w p i) /\
  round01 (soft_run (tau_a n) n (real_net (fst (pacompile k p))) (embed k (tpes_pa k p) n w) i (snd (pacompile k p))) = B2R (tsat n w p i).
Proof.
intros Hl Hn Hi. unfold pacompile, tpes_pa. destruct (tfrag k false p) eqn:Ef; [apply thm20a_fixed; assumption|].
pose proof (pqcompile_ok n w k p Hn Hl i Hi) as E. split; [exact E|rewrite E; apply round_B2R].
Qed.

(** Corollary 22 (a) as printed: counting LTL with since and until (Corollary 22's logic is
    [tl] itself), the same network. *)
Corollary cor22a_paper (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  round01 (soft_run (tau_a n) n (real_net (fst (pacompile k p))) (embed k (tpes_pa k p) n w) i (snd (pacompile k p))) = B2R (tsat n w p i).
Proof. intros Hl Hn Hi. apply (thm20a_paper k p n w i Hl Hn Hi). Qed.
