(** * Seed 004, Theorems 20 and 21, Corollaries 22 and 23, for the compiled counting fragment.

    For every formula p of TL[#] in the fragment [tfrag] (LTL[Y, X, S, U] with comparisons
    sum_k a_k #d[phi_k] + c0 >= 0 of counts on one side, numerical predicates on the position and
    on counts, e.g. PARITY = ODD(#left[a]), MAJORITY, #a >= 2#b), every length n >= 1, word w over
    letters < k and position i < n (the paper's position 1 included), the network [bcompile]
    (LTLCountCompile.v) run on the embedding of w outputs exactly [w, i |= p]:
    - [thm20_count_hard]: under hard attention (average hardmax);
    - [thm20_count_soft]: under softmax at tau = 1/(2n) (exact, so Lemma 9's rounding returns it
      too: [thm20_count]);
    - [thm21_count_hard], [thm21_count_soft]: the causal variant on the past fragment (#left, Y, S:
      [tfrag k true]), whose heads are all future-masked ([thm21_future]);
    - [cor22_count], [cor23_count]: the same statements read for formulas with since / until (the
      fragment contains S and U), as the corollaries state them.
    - [thm20_tl_hard], [thm20_tl_soft], [thm20_tl], [cor22_tl]: every formula over letters < k
      ([tletters]), comparisons mixing #left and #right included, by [mcompile] (LTLCountMix.v);
      [thm21_tl]: every past formula ([tpast]) is in [tfrag k true].
    The embedding is bounded except the lookup keys 2i and -i^2 (and 2in, -i^2 n for mixed
    comparisons); the paper's variant (a) keeps every embedding bounded and looks up at a second
    temperature 1/(2n^3); the Coq model has one temperature per network. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftPaper LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountNodes.
Import ListNotations.
Open Scope R_scope.

Section Embedding.
Variables (n : nat) (w : nat -> nat) (kk : nat) (Ps : list npred) (ex : list (nat -> nat -> R)).
Local Notation x0 := (embed kk (pes_count Ps ++ ex) n w).

Lemma x0_pe (j m : nat) : x0 j (kk + m)%nat = nth m (map (fun f => f (S j) n) (pes_count Ps ++ ex)) 0.
Proof. apply embed_pe. Qed.

Lemma x0_fixed (j m : nat) : (m < 13)%nat ->
  x0 j (kk + m)%nat = nth m [1; (-1) ^ S j; INR (S j) / INR n; / INR (S j); / INR (n - S j + 1); even01 (S j);
                             - (INR (S j) ^ 2); 0; 0; 0; 0; 0; 2 * INR (S j)] 0.
Proof.
intros Hm. rewrite x0_pe. unfold pes_count. rewrite !map_app, <- !app_assoc, app_nth1 by (simpl; lia).
do 13 (destruct m as [|m]; [reflexivity|]). lia.
Qed.

Lemma x0_pred (j t : nat) : (t < length Ps)%nat -> x0 j (c_pred kk t) = B2R (nth t Ps (fun _ _ => false) n (S j)).
Proof.
intros Ht. unfold c_pred. replace (kk + 13 + t)%nat with (kk + (13 + t))%nat by lia. rewrite x0_pe. unfold pes_count.
rewrite !map_app, <- !app_assoc, app_nth2 by (simpl; lia). simpl length. replace (13 + t - 13)%nat with t by lia.
rewrite app_nth1 by (rewrite !map_length; exact Ht).
rewrite map_map, (nth_indep _ _ (pe_pred (fun _ _ => false) (S j) n)) by (rewrite map_length; exact Ht).
rewrite (map_nth (fun f => pe_pred f (S j) n)). reflexivity.
Qed.

Lemma x0_zero (j c : nat) : (base kk Ps (length ex) <= c)%nat -> x0 j c = 0.
Proof.
intros Hc. unfold base in Hc. replace c with (kk + (c - kk))%nat by lia. rewrite x0_pe. apply nth_overflow.
rewrite map_length. unfold pes_count. rewrite !app_length, map_length. simpl in *. lia.
Qed.

Lemma nth_map_pe (l : list (nat -> nat -> R)) (k a b : nat) : (k < length l)%nat ->
  nth k (map (fun f => f a b) l) 0 = nth k l pe_none a b.
Proof. intros H. rewrite (nth_indep _ _ (pe_none a b)) by (rewrite map_length; exact H). apply (map_nth (fun f => f a b)). Qed.

(** The n-scaled keys 2in and -i^2 n after the predicates. *)
Lemma x0_keys (j : nat) : (2 <= length ex)%nat -> nth 0 ex pe_none = pe_twon -> nth 1 ex pe_none = pe_negsqn ->
  x0 j (c_pred kk (length Ps)) = 2 * INR (S j) * INR n /\ x0 j (S (c_pred kk (length Ps))) = - (INR (S j) ^ 2) * INR n.
Proof.
intros Hl H0 H1. unfold c_pred. replace (kk + 13 + length Ps)%nat with (kk + (13 + length Ps))%nat by lia.
replace (S (kk + (13 + length Ps))) with (kk + (13 + length Ps + 1))%nat by lia.
rewrite !x0_pe. unfold pes_count. rewrite !map_app, <- !app_assoc.
rewrite !app_nth2 by (simpl; rewrite ?map_length; lia). simpl length. rewrite !map_length.
replace (13 + length Ps - 13 - length Ps)%nat with 0%nat by lia. replace (13 + length Ps + 1 - 13 - length Ps)%nat with 1%nat by lia.
rewrite !nth_map_pe by lia. rewrite H0, H1. split; reflexivity.
Qed.

Lemma x0_letter (j a : nat) : (a < kk)%nat -> x0 j a = B2R (Nat.eqb (w j) a).
Proof. intros Ha. unfold embed. replace (a <? kk)%nat with true by (symmetry; apply Nat.ltb_lt, Ha). reflexivity. Qed.

End Embedding.

(** ** The prologue: first, last and [n = 1] *)

Section Prologue.
Variables (n : nat) (w : nat -> nat) (kk : nat) (caus : bool) (Ps : list npred) (ex : list (nat -> nat -> R)).
Variable W : head -> (nat -> R) -> nat -> nat -> R.
Hypothesis Hn : (1 <= n)%nat.
Hypothesis HW : hs_below n W.
Hypothesis Hex : (2 <= length ex)%nat -> nth 0 ex pe_none = pe_twon /\ nth 1 ex pe_none = pe_negsqn.
Local Notation x0 := (embed kk (pes_count Ps ++ ex) n w).

Lemma uniform_W (h : head) (x : stream) (i : nat) : h_terms h = [] -> h_hard h = Average -> (i < n)%nat ->
  head_out W n h x i = head_out hard_w n h x i.
Proof.
intros H1 H2 H3. destruct HW as [->|HS]; [reflexivity|]. destruct (HS h) as [tau [_ E]].
rewrite (head_out_W W tau n h x i E). apply soft_uniform; assumption.
Qed.

Ltac writes_tac E :=
  unfold swrites in E; cbn [sl_heads sl_units existsb sh_out su_out first_layer last_layer single_layer single_sunit] in E;
  repeat rewrite orb_false_r in E;
  repeat match goal with H : _ || _ = true |- _ => apply orb_true_iff in H; destruct H as [H|H] end;
  first [discriminate E|apply Nat.eqb_eq in E; unfold c_first, c_avg_first, c_last, c_avg_last, c_single in E; lia].

Lemma prologue_writes : writes_in (prologue kk caus) (kk + 7) (kk + 12).
Proof.
unfold prologue. destruct caus; intros L c HL E; cbn [In] in HL;
  repeat match goal with H : _ \/ _ |- _ => destruct H as [<-|H] end; try contradiction; writes_tac E.
Qed.

Lemma first_run (x : stream) (j : nat) : (j < n)%nat -> (forall j, (j < n)%nat -> x j (c_alt kk) = (-1) ^ S j) ->
  x j (c_avg_first kk) = 0 -> x j (c_first kk) = 0 ->
  layer_run W n (real_layer (first_layer kk)) x j (c_first kk) = B2R (Nat.eqb j 0).
Proof.
intros Hj Ha H1 H2. unfold first_layer. rewrite hu_layer_run. cbn [su_out]. rewrite Nat.eqb_refl, after_head_eq.
cbn [sh_out]. replace (Nat.eqb (c_avg_first kk) (c_first kk)) with false by (symmetry; apply Nat.eqb_neq; unfold c_avg_first, c_first; lia).
rewrite H2, Rplus_0_r, Rplus_0_l. apply unit_first. rewrite after_head_eq, Nat.eqb_refl, H1, Rplus_0_l.
cbn [sh_out]. rewrite uniform_W by reflexivity || exact Hj. apply head_avg_first; assumption.
Qed.

Lemma last_run (x : stream) (j : nat) : (j < n)%nat -> (forall j, (j < n)%nat -> x j (c_alt kk) = (-1) ^ S j) ->
  x j (c_avg_last kk) = 0 -> x j (c_last kk) = 0 ->
  layer_run W n (real_layer (last_layer kk)) x j (c_last kk) = B2R (Nat.eqb (S j) n).
Proof.
intros Hj Ha H1 H2. unfold last_layer. rewrite hu_layer_run. cbn [su_out]. rewrite Nat.eqb_refl, after_head_eq.
cbn [sh_out]. replace (Nat.eqb (c_avg_last kk) (c_last kk)) with false by (symmetry; apply Nat.eqb_neq; unfold c_avg_last, c_last; lia).
rewrite H2, Rplus_0_r, Rplus_0_l. apply unit_last; [exact Hj|]. rewrite after_head_eq, Nat.eqb_refl, H1, Rplus_0_l.
cbn [sh_out]. rewrite uniform_W by reflexivity || exact Hj. apply head_avg_last; assumption.
Qed.

Lemma x0_at (j m : nat) (c : nat) : c = (kk + m)%nat -> (m < 13)%nat ->
  x0 j c = nth m [1; (-1) ^ S j; INR (S j) / INR n; / INR (S j); / INR (n - S j + 1); even01 (S j);
                  - (INR (S j) ^ 2); 0; 0; 0; 0; 0; 2 * INR (S j)] 0.
Proof. intros -> Hm. apply x0_fixed, Hm. Qed.

Lemma x0_alt (j : nat) : x0 j (c_alt kk) = (-1) ^ S j.
Proof. apply (x0_at j 1); [reflexivity|lia]. Qed.

Lemma run1 (L : slayer) (x : stream) : net_run W n (real_net [L]) x = layer_run W n (real_layer L) x.
Proof. reflexivity. Qed.

(** After the prologue the stream holds the context, and 0 from [base] on. *)
Lemma prologue_ctx : ctx n w kk caus Ps (length ex) (net_run W n (real_net (prologue kk caus)) x0) /\
  forall j c, (base kk Ps (length ex) <= c)%nat -> net_run W n (real_net (prologue kk caus)) x0 j c = 0.
Proof.
set (x1 := net_run W n (real_net (prologue kk caus)) x0).
assert (Hk : forall j c, (c < kk + 7 \/ kk + 12 <= c)%nat -> x1 j c = x0 j c)
  by (intros j c Hc; apply (net_frame W n _ (kk + 7) (kk + 12)); [apply prologue_writes|exact Hc]).
assert (W1 : writes_in [first_layer kk] (kk + 7) (kk + 10))
  by (intros L c HL E; cbn [In] in HL; destruct HL as [<-|[]]; writes_tac E).
assert (W23 : writes_in [last_layer kk; single_layer kk] (kk + 8) (kk + 12))
  by (intros L c HL E; cbn [In] in HL; destruct HL as [<-|[<-|[]]]; writes_tac E).
assert (W3 : writes_in [single_layer kk] (kk + 11) (kk + 12))
  by (intros L c HL E; cbn [In] in HL; destruct HL as [<-|[]]; writes_tac E).
set (y1 := layer_run W n (real_layer (first_layer kk)) x0).
assert (Y1 : forall j c, (c < kk + 7 \/ kk + 10 <= c)%nat -> y1 j c = x0 j c)
  by (intros j c Hc; unfold y1; rewrite <- run1; apply (net_frame W n _ (kk + 7) (kk + 10) x0 W1); exact Hc).
assert (F1 : forall j, (j < n)%nat -> y1 j (c_first kk) = B2R (Nat.eqb j 0)).
{ intros j Hj. apply first_run; [exact Hj|intros; apply x0_alt|apply (x0_at j 9)|apply (x0_at j 7)]; reflexivity || lia. }
assert (Hfirst : forall j, (j < n)%nat -> x1 j (c_first kk) = B2R (Nat.eqb j 0)).
{ intros j Hj. unfold x1, prologue. destruct caus; [rewrite run1; apply F1, Hj|].
  change (net_run W n (real_net [last_layer kk; single_layer kk]) y1 j (c_first kk) = B2R (Nat.eqb j 0)).
  rewrite (net_frame W n _ (kk + 8) (kk + 12) y1 W23) by (unfold c_first; lia). apply F1, Hj. }
set (y2 := layer_run W n (real_layer (last_layer kk)) y1).
assert (L2 : forall j, (j < n)%nat -> y2 j (c_last kk) = B2R (Nat.eqb (S j) n)).
{ intros j Hj. apply last_run; [exact Hj|intros; rewrite Y1 by (unfold c_alt; lia); apply x0_alt| |];
    [rewrite Y1 by (unfold c_avg_last; lia); apply (x0_at j 10); reflexivity || lia|].
  unfold y1. rewrite layer_frame; [apply (x0_at j 8); reflexivity || lia|].
  unfold swrites. cbn [sl_heads sl_units existsb sh_out su_out first_layer].
  rewrite (proj2 (Nat.eqb_neq (c_avg_first kk) (c_last kk))), (proj2 (Nat.eqb_neq (c_first kk) (c_last kk)))
    by (unfold c_avg_first, c_first, c_last; lia). reflexivity. }
assert (Hlast : caus = false -> forall j, (j < n)%nat -> x1 j (c_last kk) = B2R (Nat.eqb (S j) n)).
{ intros Ec j Hj. unfold x1, prologue. rewrite Ec. change (net_run W n (real_net [single_layer kk]) y2 j (c_last kk) = B2R (Nat.eqb (S j) n)).
  rewrite (net_frame W n _ (kk + 11) (kk + 12) y2 W3) by (unfold c_last; lia). apply L2, Hj. }
assert (Hsingle : caus = false -> forall j, (j < n)%nat -> x1 j (c_single kk) = B2R (Nat.eqb n 1)).
{ intros Ec j Hj. unfold x1, prologue. rewrite Ec. change (layer_run W n (real_layer (single_layer kk)) y2 j (c_single kk) = B2R (Nat.eqb n 1)).
  change (single_layer kk) with (unit_layer (single_sunit (c_single kk) (c_first kk) (c_last kk))). rewrite unit_layer_run. cbn [su_out single_sunit]. rewrite Nat.eqb_refl.
  assert (Z : y2 j (c_single kk) = 0).
  { unfold y2. rewrite <- run1, (net_frame W n [last_layer kk] (kk + 8) (kk + 11)) by
      (first [unfold c_single; lia|intros L c HL E; cbn [In] in HL; destruct HL as [<-|[]]; writes_tac E]).
    rewrite Y1 by (unfold c_single; lia). apply (x0_at j 11); reflexivity || lia. }
  rewrite Z, Rplus_0_l. apply (single_sunit_exact _ _ _ n j); [exact Hj| |apply L2, Hj].
  unfold y2. rewrite <- run1, (net_frame W n [last_layer kk] (kk + 8) (kk + 11)) by
      (first [unfold c_first; lia|intros L c HL E; cbn [In] in HL; destruct HL as [<-|[]]; writes_tac E]).
  apply F1, Hj. }
split.
- constructor.
  + intros j a Hj Ha. rewrite Hk by lia. apply x0_letter, Ha.
  + intros j Hj. unfold c_one, c_alt, c_frac. rewrite !Hk by lia.
    split; [apply (x0_at j 0)|split; [apply (x0_at j 1)|apply (x0_at j 2)]]; reflexivity || lia.
  + intros j. rewrite Hk by (unfold c_alt; lia). rewrite x0_alt, Nat.add_1_r. reflexivity.
  + intros j. rewrite Hk by (unfold c_even; lia). rewrite (x0_at j 5) by (unfold c_even; lia). simpl. rewrite Nat.add_1_r. reflexivity.
  + intros j Hj. rewrite Hk by (unfold c_invl; lia). apply (x0_at j 3); unfold c_invl; lia.
  + intros j Hj. rewrite Hk by (unfold c_invr; lia). rewrite (x0_at j 4) by (unfold c_invr; lia). simpl.
    replace (n - S j + 1)%nat with (n - j)%nat by lia. reflexivity.
  + exact Hfirst.
  + exact Hlast.
  + exact Hsingle.
  + intros t j Ht. rewrite Hk by (unfold c_pred; lia). apply x0_pred, Ht.
  + intros j. rewrite Hk by (unfold c_negsq; lia). apply (x0_at j 6); unfold c_negsq; lia.
  + intros j. rewrite Hk by (unfold c_two; lia). apply (x0_at j 12); unfold c_two; lia.
  + intros Hm j. rewrite !Hk by (unfold c_pred; lia). destruct (Hex Hm). apply x0_keys; assumption.
- intros j c Hc. unfold base in Hc. rewrite Hk by lia. apply x0_zero. unfold base. lia.
Qed.

End Prologue.

(** ** The theorems *)

Lemma ncompile_at_ok (n : nat) (w : nat -> nat) (kk : nat) (caus mix : bool) (ex : list (nat -> nat -> R))
  (W : head -> (nat -> R) -> nat -> nat -> R) (p : tl) :
  (1 <= n)%nat -> hs_below n W -> mfrag kk caus mix p = true ->
  (mix = true -> (2 <= length ex)%nat) -> ((2 <= length ex)%nat -> nth 0 ex pe_none = pe_twon /\ nth 1 ex pe_none = pe_negsqn) ->
  forall i, (i < n)%nat ->
  net_run W n (real_net (fst (ncompile_at kk caus (length ex) p))) (embed kk (pes_count (tpreds p) ++ ex) n w) i
    (snd (ncompile_at kk caus (length ex) p)) = B2R (tsat n w p i).
Proof.
intros Hn HW Hf Hmx Hex i Hi. unfold ncompile_at.
destruct (bnode kk caus (kk + 13 + length (tpreds p)) p (kk + 13 + length (tpreds p) + length ex) 0) as [[[c L] f'] r'] eqn:E. cbn [fst snd].
destruct (prologue_ctx n w kk caus (tpreds p) ex W Hn HW Hex) as [Hc Hz].
assert (Hpre : pre_ok (tpreds p) (tpreds p) 0) by (exists [], []; rewrite app_nil_r; split; reflexivity).
pose proof (bnode_ok n w kk caus (tpreds p) mix (length ex) W Hn HW Hmx p (kk + 13 + length (tpreds p) + length ex) 0
              (net_run W n (real_net (prologue kk caus)) (embed kk (pes_count (tpreds p) ++ ex) n w)) Hf Hpre) as H.
change (c_pred kk (length (tpreds p))) with (kk + 13 + length (tpreds p))%nat in H.
rewrite E in H. destruct H as [_ [_ [_ [_ Hv]]]]; [split; [unfold base; lia|split; assumption]|].
rewrite real_net_app, net_run_app. apply Hv, Hi.
Qed.

Lemma ncompile_ok (n : nat) (w : nat -> nat) (kk : nat) (caus mix : bool) (W : head -> (nat -> R) -> nat -> nat -> R) (p : tl) :
  (1 <= n)%nat -> hs_below n W -> mfrag kk caus mix p = true -> forall i, (i < n)%nat ->
  net_run W n (real_net (fst (ncompile kk caus mix p))) (embed kk (pes_mix mix (tpreds p)) n w) i (snd (ncompile kk caus mix p))
  = B2R (tsat n w p i).
Proof.
intros Hn HW Hf i Hi. unfold ncompile, pes_mix. destruct mix.
- apply (ncompile_at_ok n w kk caus true [pe_twon; pe_negsqn] W p Hn HW Hf); [intros; simpl; lia|intros; split; reflexivity|exact Hi].
- apply (ncompile_at_ok n w kk caus false [] W p Hn HW Hf); [discriminate|intros H; simpl in H; lia|exact Hi].
Qed.

Lemma pes_mix_false (Ps : list npred) : pes_mix false Ps = pes_count Ps.
Proof. apply app_nil_r. Qed.

Lemma bcompile_ok (n : nat) (w : nat -> nat) (kk : nat) (caus : bool) (W : head -> (nat -> R) -> nat -> nat -> R) (p : tl) :
  (1 <= n)%nat -> hs_below n W -> tfrag kk caus p = true -> forall i, (i < n)%nat ->
  net_run W n (real_net (fst (bcompile kk caus p))) (embed kk (pes_count (tpreds p)) n w) i (snd (bcompile kk caus p))
  = B2R (tsat n w p i).
Proof. intros Hn HW Hf i Hi. rewrite <- pes_mix_false. apply (ncompile_ok n w kk caus false W p Hn HW Hf i Hi). Qed.

(** Theorem 20, hard: for every formula of the fragment over letters < k (one-sided comparisons of
    counts, position predicates, Y, X, S, U), every n >= 1, word w and position i < n (position 1
    included), the compiled network run with hard attention on the embedding of w outputs exactly
    [w, i |= p]. *)
Theorem thm20_count_hard (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tfrag k false p = true -> (1 <= n)%nat -> (i < n)%nat ->
  hard_run n (real_net (fst (bcompile k false p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k false p))
  = B2R (tsat n w p i).
Proof. intros Hf Hn Hi. apply (bcompile_ok n w k false hard_w p Hn (or_introl eq_refl) Hf i Hi). Qed.

(** Theorem 20, soft: the same network under softmax at tau = 1/(2n) outputs exactly [w, i |= p]
    (so Lemma 9's rounding of it does too), for every n, word and position. *)
Theorem thm20_count_soft (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tfrag k false p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_paper n) n (real_net (fst (bcompile k false p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k false p))
  = B2R (tsat n w p i).
Proof. intros Hf Hn Hi. apply (bcompile_ok n w k false _ p Hn (hs_below_paper n Hn) Hf i Hi). Qed.

Theorem thm20_count (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tfrag k false p = true -> (1 <= n)%nat -> (i < n)%nat ->
  round01 (soft_run (tau_paper n) n (real_net (fst (bcompile k false p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k false p)))
  = B2R (tsat n w p i).
Proof. intros Hf Hn Hi. rewrite thm20_count_soft by assumption. apply round_B2R. Qed.

(** Theorem 21: the past fragment (#left, Y, S, position predicates) in the causal variant, hard
    and at tau = 1/(2n), for every n, word and position. *)
Theorem thm21_count_hard (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tfrag k true p = true -> (1 <= n)%nat -> (i < n)%nat ->
  hard_run n (real_net (fst (bcompile k true p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k true p))
  = B2R (tsat n w p i).
Proof. intros Hf Hn Hi. apply (bcompile_ok n w k true hard_w p Hn (or_introl eq_refl) Hf i Hi). Qed.

Theorem thm21_count_soft (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tfrag k true p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_paper n) n (real_net (fst (bcompile k true p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k true p))
  = B2R (tsat n w p i).
Proof. intros Hf Hn Hi. apply (bcompile_ok n w k true _ p Hn (hs_below_paper n Hn) Hf i Hi). Qed.

(** ** The causal variant is future-masked *)

Definition blayers {A B C D} (res : A * B * C * D) : B := let '(_, L, _, _) := res in L.

Lemma future_app (A B : snet) : future_net A -> future_net B -> future_net (A ++ B).
Proof. intros HA HB. apply Forall_app. split; assumption. Qed.

Lemma count_layers_future (args : list (nat * Z)) (g : nat) : future_net (count_layers args g DLeft).
Proof. revert g. induction args as [|[b a] args IH]; intros g; constructor; [repeat constructor|apply IH]. Qed.

Lemma bnode_future (kk xk : nat) (p : tl) : forall f r, mfrag kk true false p = true -> future_net (blayers (bnode kk true xk p f r))
with bterms_future (kk xk : nat) (e : lterm) : forall f r, mlfrag kk true false e = true -> future_net (blayers (bterms kk true xk e f r)).
Proof.
- destruct p as [a|b|p|p q|p q|p|p|p q|p q|e c0|P|P d p]; intros f r Hf; cbn [mfrag] in Hf;
    try rewrite bnode_cmp; cbn [cnode].
  + constructor.
  + repeat constructor.
  + destruct (bnode kk true xk p f r) as [[[a L] f1] r1] eqn:E. pose proof (bnode_future kk xk p f r Hf) as H. rewrite E in H.
    apply future_app; [exact H|repeat constructor].
  + apply andb_true_iff in Hf. destruct Hf as [Hp Hq].
    destruct (bnode kk true xk p f r) as [[[a L1] f1] r1] eqn:E1. pose proof (bnode_future kk xk p f r Hp) as H1. rewrite E1 in H1.
    destruct (bnode kk true xk q f1 r1) as [[[b L2] f2] r2] eqn:E2. pose proof (bnode_future kk xk q f1 r1 Hq) as H2. rewrite E2 in H2.
    apply future_app; [exact H1|apply future_app; [exact H2|repeat constructor]].
  + apply andb_true_iff in Hf. destruct Hf as [Hp Hq].
    destruct (bnode kk true xk p f r) as [[[a L1] f1] r1] eqn:E1. pose proof (bnode_future kk xk p f r Hp) as H1. rewrite E1 in H1.
    destruct (bnode kk true xk q f1 r1) as [[[b L2] f2] r2] eqn:E2. pose proof (bnode_future kk xk q f1 r1 Hq) as H2. rewrite E2 in H2.
    apply future_app; [exact H1|apply future_app; [exact H2|repeat constructor]].
  + destruct (bnode kk true xk p f r) as [[[a L] f1] r1] eqn:E. pose proof (bnode_future kk xk p f r Hf) as H. rewrite E in H.
    apply future_app; [exact H|repeat constructor].
  + discriminate.
  + apply andb_true_iff in Hf. destruct Hf as [Hp Hq].
    destruct (bnode kk true xk p f r) as [[[a L1] f1] r1] eqn:E1. pose proof (bnode_future kk xk p f r Hp) as H1. rewrite E1 in H1.
    destruct (bnode kk true xk q f1 r1) as [[[b L2] f2] r2] eqn:E2. pose proof (bnode_future kk xk q f1 r1 Hq) as H2. rewrite E2 in H2.
    apply future_app; [exact H1|apply future_app; [exact H2|repeat constructor]].
  + discriminate.
  + apply andb_true_iff in Hf. destruct Hf as [He Hd]. cbn [negb orb] in Hd.
    destruct (bterms kk true xk e f r) as [[[args L] f1] r1] eqn:E. pose proof (bterms_future kk xk e f r He) as H. rewrite E in H.
    cbv beta iota. destruct (lsame (ldir e) e); [|discriminate]. cbn [blayers]. apply future_app; [exact H|]. unfold cmp_layers.
    assert (Ed : ldir e = DLeft) by (destruct (ldir e); [reflexivity|discriminate]). rewrite Ed.
    apply future_app; [apply count_layers_future|repeat constructor].
  + constructor.
  + apply andb_true_iff in Hf. destruct Hf as [Hp Hd]. destruct d; cbn in Hd; [|discriminate].
    destruct (bnode kk true xk p f r) as [[[a L] f1] r1] eqn:E. pose proof (bnode_future kk xk p f r Hp) as H. rewrite E in H.
    cbv beta iota. cbn [blayers]. apply future_app; [exact H|]. repeat constructor.
- destruct e as [|a d' p e]; intros f r Hf; cbn [mlfrag] in Hf; [constructor|rewrite cterms_cons].
  apply andb_true_iff in Hf. destruct Hf as [Hp He].
  destruct (bnode kk true xk p f r) as [[[b L1] f1] r1] eqn:E1. pose proof (bnode_future kk xk p f r Hp) as H1. rewrite E1 in H1.
  destruct (bterms kk true xk e f1 r1) as [[[args L2] f2] r2] eqn:E2. pose proof (bterms_future kk xk e f1 r1 He) as H2. rewrite E2 in H2.
  cbv beta iota. cbn [blayers]. apply future_app; assumption.
Qed.

(** Theorem 21's network is future-masked: every head of the causal compilation of a past
    formula attends to positions j <= i only. *)
Theorem thm21_future (k : nat) (p : tl) : tfrag k true p = true -> future_net (fst (bcompile k true p)).
Proof.
intros Hf. unfold bcompile, ncompile, ncompile_at. pose proof (bnode_future k (k + 13 + length (tpreds p)) p (k + 13 + length (tpreds p) + 0) 0 Hf) as H.
destruct (bnode k true (k + 13 + length (tpreds p)) p (k + 13 + length (tpreds p) + 0) 0) as [[[c L] f'] r']. cbn [fst].
apply future_app; [repeat constructor|exact H].
Qed.

(** Corollary 22 (TL[#] with since and until) and Corollary 23 (its past fragment with since):
    the fragment compiled here contains S and U, so Theorems 20 and 21 state them; here for the
    softmax network at tau = 1/(2n). *)
Corollary cor22_count (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tfrag k false p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_paper n) n (real_net (fst (bcompile k false p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k false p))
  = B2R (tsat n w p i).
Proof. apply thm20_count_soft. Qed.

Corollary cor23_count (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tfrag k true p = true -> (1 <= n)%nat -> (i < n)%nat ->
  future_net (fst (bcompile k true p)) /\
  soft_run (tau_paper n) n (real_net (fst (bcompile k true p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k true p))
  = B2R (tsat n w p i).
Proof. intros Hf Hn Hi. split; [apply thm21_future, Hf|apply thm21_count_soft; assumption]. Qed.

(** ** Every formula: comparisons mixing #left and #right included *)

Lemma mcompile_ok (n : nat) (w : nat -> nat) (k : nat) (W : head -> (nat -> R) -> nat -> nat -> R) (p : tl) :
  (1 <= n)%nat -> hs_below n W -> tletters k p = true -> forall i, (i < n)%nat ->
  net_run W n (real_net (fst (mcompile k false p))) (embed k (tpes k false p) n w) i (snd (mcompile k false p))
  = B2R (tsat n w p i).
Proof.
intros Hn HW Hl i Hi. unfold mcompile, tpes. destruct (tfrag k false p) eqn:Et; cbn [negb].
- apply (ncompile_ok n w k false false W p Hn HW Et i Hi).
- apply (ncompile_ok n w k false true W p Hn HW); [rewrite mfrag_letters; exact Hl|exact Hi].
Qed.

(** Theorem 20, hard, for every formula of TL[#] over letters < k (comparisons mixing #left and
    #right included: [mcompile] is [bcompile] on the one-sided fragment and adds the n-scaled keys
    2in and -i^2 n otherwise), every n >= 1, word w and position i < n. *)
Theorem thm20_tl_hard (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  hard_run n (real_net (fst (mcompile k false p))) (embed k (tpes k false p) n w) i (snd (mcompile k false p))
  = B2R (tsat n w p i).
Proof. intros Hl Hn Hi. apply (mcompile_ok n w k hard_w p Hn (or_introl eq_refl) Hl i Hi). Qed.

(** Theorem 20, soft: the same network under softmax at tau = 1/(2n), exactly. *)
Theorem thm20_tl_soft (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_paper n) n (real_net (fst (mcompile k false p))) (embed k (tpes k false p) n w) i (snd (mcompile k false p))
  = B2R (tsat n w p i).
Proof. intros Hl Hn Hi. apply (mcompile_ok n w k _ p Hn (hs_below_paper n Hn) Hl i Hi). Qed.

Theorem thm20_tl (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  round01 (soft_run (tau_paper n) n (real_net (fst (mcompile k false p))) (embed k (tpes k false p) n w) i (snd (mcompile k false p)))
  = B2R (tsat n w p i).
Proof. intros Hl Hn Hi. rewrite thm20_tl_soft by assumption. apply round_B2R. Qed.

(** Corollary 22 for every formula of TL[#] with since and until over letters < k. *)
Corollary cor22_tl (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_paper n) n (real_net (fst (mcompile k false p))) (embed k (tpes k false p) n w) i (snd (mcompile k false p))
  = B2R (tsat n w p i).
Proof. apply thm20_tl_soft. Qed.

(** Theorem 21 and Corollary 23 for every past formula over letters < k: the causal network is
    future-masked and exact, hard and at tau = 1/(2n). *)
Theorem thm21_tl (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> tpast p = true -> (1 <= n)%nat -> (i < n)%nat ->
  future_net (fst (bcompile k true p)) /\
  hard_run n (real_net (fst (bcompile k true p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k true p)) = B2R (tsat n w p i) /\
  soft_run (tau_paper n) n (real_net (fst (bcompile k true p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k true p))
  = B2R (tsat n w p i).
Proof.
intros Hl Hp Hn Hi. pose proof (tfrag_past k p Hl Hp) as Hf.
split; [apply thm21_future, Hf|split; [apply thm21_count_hard|apply thm21_count_soft]; assumption].
Qed.
