(** * Seed 004, Theorems 20 (a) and 21, Corollaries 22 and 23: counting LTL with bounded embeddings.

    Variant (a) of the paper keeps every position embedding bounded and runs the table lookups of
    Lemma 7 at a second, lower temperature.  The Coq model has one temperature per network, so the
    second temperature is expressed by the query: a softmax head at temperature tau whose score
    coefficients are multiplied by s > 0 weighs the positions exactly as the original head at
    tau / s ([head_out_qscale]).  [acompile n k caus p] is built from [ncompile_at k caus 2 p]
    (LTLCountCompile.v; the two slots after the predicates hold the mixed lookups' keys):
    - the embedding [pes_a]: the unbounded -i^2 and 2i replaced by 0, the n-scaled keys 2in and
      -i^2 n by the bounded keys i/n^2 and -(i/n)^2; every embedding lies in [-1, 1] at the
      positions 0 <= i <= n ([pes_a_bounded]);
    - every score term with an unbounded key reads the bounded key instead, its coefficient
      multiplied by 2n^2 or n^2 (the lookup of a predicate on a count) or 2n^3 or n^3 (a count of a
      comparison mixing #left and #right) ([atr_term]): the lookup heads are the heads with
      n-independent coefficients 4, 2 (resp. 2K, K) on the bounded keys at the second temperature
      1/(2n^3) (resp. 1/(2n^4)) ([alook_temperature], [amlook_temperature]);
    - only when p has a comparison mixing #left and #right (p not in [tfrag]), a first layer whose
      unit writes 2i = 2n (i/n) from the bounded i/n: the value those lookups read (a coefficient 2n).
    Its run on the bounded embedding agrees, outside the coordinates whose embeddings differ, with
    the run of [ncompile_at] on the unbounded embedding, layer by layer, under hard attention and
    softmax alike ([anet_run]): the scores are equal term by term, and no unit, query or value reads
    those coordinates ([bnode_rd]).  So LTLCountThm.v's theorems carry over: [thm20a_tl_hard],
    [thm20a_tl_soft], [thm20a_tl], [cor22a_tl] for every formula over letters < k (mixed comparisons
    included), [thm21a_tl], [cor23a_tl] for every past formula (future-masked, no first layer),
    exact at tau = 1/(2n) for every n >= 1, word and position. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals FunctionalExtensionality.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftPaper LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountMix LTLCountNodes LTLCountThm LTLCountBoundedSim.
Import ListNotations.
Open Scope R_scope.

(** ** The bounded embedding against the unbounded one *)

Definition ex_u : list (nat -> nat -> R) := [pe_twon; pe_negsqn].

Lemma nth_app3 {A : Type} (A1 A2 B C1 C2 : list A) (m : nat) (d : A) : length A1 = length A2 ->
  (m < length A1 -> nth m A1 d = nth m A2 d)%nat ->
  (length A1 + length B <= m -> nth (m - length A1 - length B) C1 d = nth (m - length A1 - length B) C2 d)%nat ->
  nth m (A1 ++ B ++ C1) d = nth m (A2 ++ B ++ C2) d.
Proof.
intros HL H1 H3. destruct (Nat.lt_ge_cases m (length A1)) as [Hm|Hm].
- rewrite (app_nth1 A1), (app_nth1 A2) by lia. apply H1, Hm.
- rewrite (app_nth2 A1), (app_nth2 A2) by lia. rewrite <- HL.
  destruct (Nat.lt_ge_cases (m - length A1) (length B)) as [Hb|Hb].
  + rewrite !app_nth1 by exact Hb. reflexivity.
  + rewrite (app_nth2 B C1), (app_nth2 B C2) by exact Hb. apply H3. lia.
Qed.

Lemma pes_nth_agree (Ps : list npred) (a b m : nat) :
  m <> 6%nat -> m <> 12%nat -> m <> (13 + length Ps)%nat -> m <> (14 + length Ps)%nat ->
  nth m (map (fun f => f a b) (pes_a Ps)) 0 = nth m (map (fun f => f a b) (pes_count Ps ++ ex_u)) 0.
Proof.
intros H6 H12 H13 H14. unfold pes_a, pes_count. rewrite <- !app_assoc, !map_app.
apply nth_app3; [reflexivity| |].
- intros Hm. simpl length in Hm. do 13 (destruct m as [|m]; [first [reflexivity|exfalso; lia]|]). lia.
- rewrite !map_length. simpl length. intros Hm. rewrite !nth_overflow; [reflexivity| |]; simpl; lia.
Qed.

Section Embed.
Variables (n : nat) (w : nat -> nat) (kk : nat) (Ps : list npred).
Local Notation xk := (kk + 13 + length Ps)%nat.
Local Notation xa := (embed kk (pes_a Ps) n w).
Local Notation xu := (embed kk (pes_count Ps ++ ex_u) n w).

Lemma xa_at (j m : nat) : xa j (kk + m)%nat = nth m (map (fun f => f (S j) n) (pes_a Ps)) 0.
Proof. apply embed_pe. Qed.

Lemma nth_app_after {A : Type} (A1 B C : list A) (m : nat) (d : A) : nth (length A1 + length B + m) (A1 ++ B ++ C) d = nth m C d.
Proof. rewrite app_nth2 by lia. rewrite app_nth2 by lia. f_equal. lia. Qed.

Lemma xa_keys (j : nat) : xa j xk = pe_key1 (S j) n /\ xa j (S xk) = pe_key2 (S j) n.
Proof.
set (g := fun f : nat -> nat -> R => f (S j) n).
assert (E : forall m, xa j (kk + 13 + length Ps + m)%nat = nth m (map g [pe_key1; pe_key2]) 0).
{ intros m. replace (kk + 13 + length Ps + m)%nat with (kk + (length (map g pes_fixed_a) + length (map g (map pe_pred Ps)) + m))%nat
    by (rewrite !map_length; simpl; lia).
  rewrite xa_at. unfold pes_a. rewrite !map_app. apply nth_app_after. }
split; [rewrite <- (Nat.add_0_r xk), E; reflexivity|]. replace (S xk) with (xk + 1)%nat by lia. rewrite E. reflexivity.
Qed.

Lemma xa_frac (j : nat) : xa j (c_frac kk) = INR (S j) / INR n.
Proof. unfold c_frac. rewrite xa_at. reflexivity. Qed.

Lemma xa_two (j : nat) : xa j (c_two kk) = 0.
Proof. unfold c_two. rewrite xa_at. reflexivity. Qed.

Lemma xa_xu (mx : bool) (j c : nat) : ~ inK kk xk mx c -> c <> c_two kk -> xa j c = xu j c.
Proof.
intros HK H2. pose proof (ctw_cases kk xk mx). destruct (Nat.lt_ge_cases c kk) as [Hc|Hc]; [unfold embed; replace (c <? kk)%nat with true by (symmetry; apply Nat.ltb_lt, Hc); reflexivity|].
replace c with (kk + (c - kk))%nat by lia. rewrite xa_at, embed_pe. apply pes_nth_agree; unfold inK, c_negsq, c_two in *; lia.
Qed.

Hypothesis Hn : (1 <= n)%nat.

(** Where the formula has a comparison mixing #left and #right, the first layer writes 2i; then the
    bounded stream is the unbounded embedding outside the differing coordinates. *)
Lemma arel_start (mx : bool) (W : head -> (nat -> R) -> nat -> nat -> R) :
  arel n kk xk mx (net_run W n (real_net (if mx then [atwo_layer n kk] else [])) xa) xu.
Proof.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (U : forall j m, (m < 13)%nat -> xu j (kk + m)%nat = nth m [1; (-1) ^ S j; INR (S j) / INR n; / INR (S j); / INR (n - S j + 1); even01 (S j);
                             - (INR (S j) ^ 2); 0; 0; 0; 0; 0; 2 * INR (S j)] 0) by (intros; apply x0_fixed; assumption).
assert (Keys : forall y : stream, (forall j c, c <> c_two kk -> y j c = xa j c) -> forall j,
  y j xk = INR (S j) / INR n ^ 2 /\ y j (S xk) = - (INR (S j) / INR n) ^ 2 /\
  xu j (c_two kk) = 2 * INR (S j) /\ xu j (c_negsq kk) = - (INR (S j) ^ 2) /\
  xu j xk = 2 * INR (S j) * INR n /\ xu j (S xk) = - (INR (S j) ^ 2) * INR n).
{ intros y F j. destruct (xa_keys j) as [K1 K2].
  destruct (x0_keys n w kk Ps ex_u j ltac:(simpl; lia) eq_refl eq_refl) as [U3 U4]. unfold c_pred in U3, U4.
  rewrite !F by (unfold c_two; lia). rewrite K1, K2, U3, U4. unfold c_two, c_negsq. rewrite !U by lia.
  repeat split; reflexivity. }
destruct mx.
- cbn [real_net map net_run].
  assert (F : forall j c, c <> c_two kk -> layer_run W n (real_layer (atwo_layer n kk)) xa j c = xa j c).
  { intros j c Hc. apply layer_frame. unfold swrites. cbn. rewrite orb_false_r. apply Nat.eqb_neq. intros E; apply Hc; symmetry; exact E. }
  assert (T : forall j, layer_run W n (real_layer (atwo_layer n kk)) xa j (c_two kk) = 2 * INR (S j)).
  { intros j. change (atwo_layer n kk) with (unit_layer (SUnit (c_two kk) [SNeuron (2 * qn n) [(c_frac kk, 1%Q)] 0] 0)).
    rewrite unit_layer_run. cbn [su_out]. rewrite Nat.eqb_refl, xa_two. unfold unit_val, lin. cbn.
    rewrite xa_frac, !Q2R_mult, Q2R_2, Q2R_qn. unfold Q2R. cbn [Qnum Qden]. simpl IZR.
    assert (0 <= INR (S j) / INR n) by (apply Rmult_le_pos; [apply pos_INR|apply Rlt_le, Rinv_0_lt_compat; exact HN]).
    rewrite Rmax_right by lra. change (match j with 0%nat => 1 | S _ => INR j + 1 end) with (INR (S j)). field. lra. }
  split; [|apply Keys, F].
  intros j c Hc. destruct (Nat.eq_dec c (c_two kk)) as [->|H2].
  + rewrite T. unfold c_two. rewrite U by lia. reflexivity.
  + rewrite F by exact H2. apply (xa_xu true); assumption.
- cbn [real_net map net_run]. split; [|apply Keys; reflexivity].
  intros j c Hc. apply (xa_xu false); [exact Hc|]. intros E. apply Hc. unfold inK, ctw. right; right; right. exact E.
Qed.

End Embed.

(** ** Variant (a): the compiler and its theorems *)

(** The first layer writing 2i, then [ncompile_at k caus 2 p] with every lookup reading the bounded
    keys at a scaled query. *)
Definition acompile (n k : nat) (caus : bool) (p : tl) : snet * nat :=
  ((if negb (tfrag k caus p) then [atwo_layer n k] else []) ++
   map (atr_layer n k (k + 13 + length (tpreds p))) (fst (ncompile_at k caus 2 p)), snd (ncompile_at k caus 2 p)).
Definition tpes_a (p : tl) : list (nat -> nat -> R) := pes_a (tpreds p).

Lemma tau_paper_in (n : nat) : (1 <= n)%nat -> 0 < tau_paper n <= tau_paper n.
Proof. intros Hn. pose proof (tau_paper_pos n Hn). lra. Qed.

Lemma acompile_ok (n : nat) (w : nat -> nat) (k : nat) (caus : bool) (W : head -> (nat -> R) -> nat -> nat -> R) (p : tl) :
  (1 <= n)%nat -> (W = hard_w \/ exists tau, 0 < tau <= tau_paper n /\ W = soft_w tau) -> mfrag k caus (negb (tfrag k caus p)) p = true ->
  forall i, (i < n)%nat ->
  net_run W n (real_net (fst (acompile n k caus p))) (embed k (tpes_a p) n w) i (snd (acompile n k caus p)) = B2R (tsat n w p i).
Proof.
intros Hn HW0 Hf i Hi. unfold acompile, tpes_a. cbn [fst snd]. set (mix := negb (tfrag k caus p)) in *.
assert (HW : hs_below n W) by (destruct HW0 as [->|[tau [Ht ->]]]; [left; reflexivity|apply hs_below_soft, Ht]).
set (P := tpreds p). set (xk := (k + 13 + length P)%nat). set (xu := embed k (pes_count P ++ ex_u) n w).
assert (Hex : (2 <= length ex_u)%nat -> nth 0 ex_u pe_none = pe_twon /\ nth 1 ex_u pe_none = pe_negsqn) by (intros; split; reflexivity).
assert (Hmx : mix = true -> (2 <= length ex_u)%nat) by (intros; simpl; lia).
assert (HWs : hard_or_soft W) by (destruct HW0 as [->|[tau [_ ->]]]; [left|right; eexists]; reflexivity).
pose proof (ncompile_at_ok n w k caus mix ex_u W p Hn HW Hf Hmx Hex i Hi) as Hok. fold P xu in Hok.
change (length ex_u) with 2%nat in Hok. unfold ncompile_at in *. fold P xk in Hok |- *.
pose proof (bnode_rd k xk caus mix ltac:(unfold xk; lia) p (xk + 2) 0 Hf ltac:(lia) ltac:(unfold xk, P; lia)) as Hrd.
destruct (prologue_ctx n w k caus P ex_u W Hn HW Hex) as [Hc Hz].
assert (Hpre : pre_ok P P 0) by (exists [], []; rewrite app_nil_r; split; reflexivity).
pose proof (bnode_ok n w k caus P mix (length ex_u) W Hn HW Hmx p (xk + 2) 0 (net_run W n (real_net (prologue k caus)) xu) Hf Hpre) as Hb.
change (c_pred k (length P)) with xk in Hb. change (length ex_u) with 2%nat in Hb.
destruct (bnode k caus xk p (xk + 2) 0) as [[[c L] f'] r'] eqn:E. cbn [fst snd] in *.
destruct Hb as [_ [_ [_ [Hw _]]]]; [split; [unfold base; fold xk; simpl; lia|split; assumption]|].
destruct Hrd as [Hrd [Hcok _]].
pose proof (ctw_cases k xk mix) as Hct.
assert (HN : Forall (ly_ok k xk mix) (prologue k caus ++ L)).
{ apply Forall_app; split.
  - apply Forall_forall. intros Ly HLy. split; [pose proof (prologue_rd k xk caus mix ltac:(unfold xk; lia)) as Hp; rewrite Forall_forall in Hp; apply Hp, HLy|].
    intros c' E'. pose proof (prologue_writes n k caus ex_u Hn Hex Ly c' HLy E'). unfold inK, c_negsq, c_two in *. unfold xk in *. lia.
  - apply Forall_forall. intros Ly HLy. split; [rewrite Forall_forall in Hrd; apply Hrd, HLy|].
    intros c' E'. pose proof (Hw Ly c' HLy E'). unfold inK, c_negsq, c_two in *. unfold xk in *. lia. }
pose proof (arel_start n w k P Hn mix W) as Hr0. fold xk xu in Hr0.
destruct (anet_run n k xk mix Hn ltac:(unfold xk; lia) W _ HWs HN _ _ Hr0) as [He _].
rewrite real_net_app, net_run_app, <- Hok. apply He. exact Hcok.
Qed.

Lemma future_atr (n kk xk : nat) (N : snet) : future_net N -> future_net (map (atr_layer n kk xk) N).
Proof.
intros H. unfold future_net in *. apply Forall_map. eapply Forall_impl; [|exact H]. intros L HL.
cbn [atr_layer sl_heads]. apply Forall_map. eapply Forall_impl; [|exact HL]. intros h Hh. exact Hh.
Qed.

Lemma acompile_future (n k : nat) (p : tl) : tfrag k true p = true -> future_net (fst (acompile n k true p)).
Proof.
intros Hf. unfold acompile, ncompile_at. cbn [fst]. rewrite Hf. cbn [negb app]. apply future_atr.
pose proof (bnode_future k (k + 13 + length (tpreds p)) p (k + 13 + length (tpreds p) + 2) 0 Hf) as H.
destruct (bnode k true (k + 13 + length (tpreds p)) p (k + 13 + length (tpreds p) + 2) 0) as [[[c L] f'] r']. cbn [fst blayers] in *.
apply future_app; [repeat constructor|exact H].
Qed.

(** On the one-sided fragment (past formulas included) the network is [ncompile_at]'s with the
    lookups' queries scaled, nothing else. *)
Lemma acompile_onesided (n k : nat) (caus : bool) (p : tl) : tfrag k caus p = true ->
  fst (acompile n k caus p) = map (atr_layer n k (k + 13 + length (tpreds p))) (fst (ncompile_at k caus 2 p)).
Proof. intros Hf. unfold acompile. rewrite Hf. reflexivity. Qed.

(** Every formula over letters < k is compiled: on the one-sided fragment without the first layer. *)
Lemma afrag_letters (k : nat) (p : tl) : tletters k p = true -> mfrag k false (negb (tfrag k false p)) p = true.
Proof. intros Hl. destruct (tfrag k false p) eqn:Et; cbn [negb]; [exact Et|rewrite mfrag_letters; exact Hl]. Qed.

(** Variant (a): every embedding of [acompile] lies in [-1, 1] at the positions 0 <= i <= n. *)
Theorem tpes_a_bounded (p : tl) (f : nat -> nat -> R) : In f (tpes_a p) -> forall i n, (i <= n)%nat -> Rabs (f i n) <= 1.
Proof. apply pes_a_bounded. Qed.

(** Theorem 20 (a), hard: for every formula of TL[#] over letters < k (comparisons mixing #left and
    #right included), every n >= 1, word w and position i < n, the network [acompile n k false p]
    run with hard attention on the bounded embedding [tpes_a p] outputs exactly [w, i |= p]. *)
Theorem thm20a_tl_hard (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  hard_run n (real_net (fst (acompile n k false p))) (embed k (tpes_a p) n w) i (snd (acompile n k false p)) = B2R (tsat n w p i).
Proof. intros Hl Hn Hi. apply (acompile_ok n w k false hard_w p Hn (or_introl eq_refl)); [apply afrag_letters|]; assumption. Qed.

(** Theorem 20 (a), soft: the same network under softmax at tau = 1/(2n), its lookups reading the
    bounded keys with queries scaled by n^2 and n^3 (the lookups at 1/(2n^3) and 1/(2n^4):
    [alook_temperature], [amlook_temperature]), outputs exactly [w, i |= p]. *)
Theorem thm20a_tl_soft (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_paper n) n (real_net (fst (acompile n k false p))) (embed k (tpes_a p) n w) i (snd (acompile n k false p)) = B2R (tsat n w p i).
Proof. intros Hl Hn Hi. apply (acompile_ok n w k false _ p Hn (or_intror (ex_intro _ (tau_paper n) (conj (tau_paper_in n Hn) eq_refl)))); [apply afrag_letters|]; assumption. Qed.

Theorem thm20a_tl (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  round01 (soft_run (tau_paper n) n (real_net (fst (acompile n k false p))) (embed k (tpes_a p) n w) i (snd (acompile n k false p)))
  = B2R (tsat n w p i).
Proof. intros Hl Hn Hi. rewrite thm20a_tl_soft by assumption. apply round_B2R. Qed.

(** Corollary 22 (a): TL[#] with since and until, bounded embeddings. *)
Corollary cor22a_tl (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_paper n) n (real_net (fst (acompile n k false p))) (embed k (tpes_a p) n w) i (snd (acompile n k false p)) = B2R (tsat n w p i).
Proof. apply thm20a_tl_soft. Qed.

(** Theorem 21 (a): every past formula over letters < k, bounded embeddings; the network is
    future-masked and exact, hard and at tau = 1/(2n). *)
Theorem thm21a_tl (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> tpast p = true -> (1 <= n)%nat -> (i < n)%nat ->
  future_net (fst (acompile n k true p)) /\
  hard_run n (real_net (fst (acompile n k true p))) (embed k (tpes_a p) n w) i (snd (acompile n k true p)) = B2R (tsat n w p i) /\
  soft_run (tau_paper n) n (real_net (fst (acompile n k true p))) (embed k (tpes_a p) n w) i (snd (acompile n k true p)) = B2R (tsat n w p i).
Proof.
intros Hl Hp Hn Hi. pose proof (tfrag_past k p Hl Hp) as Hf. split; [apply acompile_future, Hf|split].
- apply (acompile_ok n w k true hard_w p Hn (or_introl eq_refl)); [rewrite Hf; exact Hf|exact Hi].
- apply (acompile_ok n w k true _ p Hn (or_intror (ex_intro _ (tau_paper n) (conj (tau_paper_in n Hn) eq_refl)))); [rewrite Hf; exact Hf|exact Hi].
Qed.

(** Corollary 23 (a): the past fragment with since, bounded embeddings, future-masked, at tau = 1/(2n). *)
Corollary cor23a_tl (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> tpast p = true -> (1 <= n)%nat -> (i < n)%nat ->
  future_net (fst (acompile n k true p)) /\
  soft_run (tau_paper n) n (real_net (fst (acompile n k true p))) (embed k (tpes_a p) n w) i (snd (acompile n k true p)) = B2R (tsat n w p i).
Proof. intros Hl Hp Hn Hi. destruct (thm21a_tl k p n w i Hl Hp Hn Hi) as [H1 [_ H3]]. split; assumption. Qed.

(** ** The lookups of [acompile] at their own temperatures *)

Lemma tau_scale (n : nat) (e : nat) : (1 <= n)%nat -> tau_paper n / INR n ^ e = / (2 * INR n ^ S e).
Proof. intros Hn. assert (0 < INR n) by (apply lt_0_INR; lia). unfold tau_paper. simpl. field. split; [apply pow_nonzero|]; lra. Qed.

(** A predicate on a count: [acompile]'s lookup head at tau = 1/(2n) is the head with the
    n-independent coefficients 4 and 2 on the bounded keys i/n^2 and -(i/n)^2 at temperature 1/(2n^3). *)
Theorem alook_temperature (n kk xk att v cnt inv : nat) (m : mask) (x : stream) (i : nat) : (1 <= n)%nat -> (kk + 13 <= xk)%nat ->
  head_out (soft_w (tau_paper n)) n (real_head (atr_head n kk xk (look_head kk att v cnt inv m))) x i
  = head_out (soft_w (/ (2 * INR n ^ 3))) n (real_head (SHead att v [(cnt, xk, 4%Q); (inv, S xk, 2%Q)] m Average)) x i.
Proof.
intros Hn Hxk. assert (0 < INR n) by (apply lt_0_INR; lia).
replace (real_head (atr_head n kk xk (look_head kk att v cnt inv m)))
  with (qscale (INR n ^ 2) (real_head (SHead att v [(cnt, xk, 4%Q); (inv, S xk, 2%Q)] m Average))).
- rewrite head_out_qscale by (first [apply pow_lt; lra|unfold tau_paper; apply Rinv_0_lt_compat; lra]). rewrite tau_scale by exact Hn. reflexivity.
- unfold qscale, real_head, atr_head, look_head, atr_term. cbn [h_out h_val h_terms h_mask h_hard sh_out sh_val sh_terms sh_mask sh_hard map fst snd].
  rewrite Nat.eqb_refl. replace (Nat.eqb (c_negsq kk) (c_two kk)) with false by (symmetry; apply Nat.eqb_neq; unfold c_negsq, c_two; lia).
  rewrite Nat.eqb_refl. cbn [fst snd]. rewrite !Q2R_mult, Q2R_2, !Q2R_qn.
  replace (Q2R 4) with 4 by (unfold Q2R; simpl; lra). f_equal. f_equal; [f_equal; ring|f_equal; f_equal; ring].
Qed.

(** A count of a comparison mixing #left and #right: [acompile]'s lookup at tau = 1/(2n) is the
    head with the n-independent coefficients 2K and K on the bounded keys at temperature 1/(2n^4). *)
Theorem amlook_temperature (n kk xk att cnt inv : nat) (K : Q) (x : stream) (i : nat) : (1 <= n)%nat -> (kk + 13 <= xk)%nat ->
  head_out (soft_w (tau_paper n)) n (real_head (atr_head n kk xk (mlook_head kk xk att cnt inv K))) x i
  = head_out (soft_w (/ (2 * INR n ^ 4))) n (real_head (SHead att (c_two kk) [(cnt, xk, Qmult 2 K); (inv, S xk, K)] NoMask Average)) x i.
Proof.
intros Hn Hxk. assert (0 < INR n) by (apply lt_0_INR; lia).
replace (real_head (atr_head n kk xk (mlook_head kk xk att cnt inv K)))
  with (qscale (INR n ^ 3) (real_head (SHead att (c_two kk) [(cnt, xk, Qmult 2 K); (inv, S xk, K)] NoMask Average))).
- rewrite head_out_qscale by (first [apply pow_lt; lra|unfold tau_paper; apply Rinv_0_lt_compat; lra]). rewrite tau_scale by exact Hn. reflexivity.
- unfold qscale, real_head, atr_head, mlook_head, atr_term. cbn [h_out h_val h_terms h_mask h_hard sh_out sh_val sh_terms sh_mask sh_hard map fst snd].
  replace (Nat.eqb xk (c_two kk)) with false by (symmetry; apply Nat.eqb_neq; unfold c_two; lia).
  replace (Nat.eqb xk (c_negsq kk)) with false by (symmetry; apply Nat.eqb_neq; unfold c_negsq; lia).
  replace (Nat.eqb (S xk) (c_two kk)) with false by (symmetry; apply Nat.eqb_neq; unfold c_two; lia).
  replace (Nat.eqb (S xk) (c_negsq kk)) with false by (symmetry; apply Nat.eqb_neq; unfold c_negsq; lia).
  replace (Nat.eqb (S xk) xk) with false by (symmetry; apply Nat.eqb_neq; lia). rewrite !Nat.eqb_refl.
  cbn [fst snd]. rewrite !Q2R_mult, Q2R_2, !Q2R_qn. f_equal. f_equal; [f_equal; ring|f_equal; f_equal; ring].
Qed.
