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
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftPaper LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountMix LTLCountNodes LTLCountThm LTLCountTau1.
Import ListNotations.
Open Scope R_scope.

(** ** A per-head temperature is a scaled query *)

Definition qscale (s : R) (h : head) : head :=
  Head (h_out h) (h_val h) (map (fun t => (fst t, s * snd t)) (h_terms h)) (h_mask h) (h_hard h).

Lemma score_qscale (s : R) (h : head) (x : stream) (i j : nat) : score (qscale s h) x i j = s * score h x i j.
Proof.
unfold score, qscale. cbn [h_terms]. rewrite map_map. induction (h_terms h) as [|t l IH]; cbn [map lsum]; [ring|].
rewrite IH. cbn [fst snd]. ring.
Qed.

(** A head at temperature tau with its query scaled by s > 0 is the head at temperature tau / s. *)
Theorem head_out_qscale (s tau : R) (n : nat) (h : head) (x : stream) (i : nat) : 0 < s -> 0 < tau ->
  head_out (soft_w tau) n (qscale s h) x i = head_out (soft_w (tau / s)) n h x i.
Proof.
intros Hs Ht. unfold head_out, soft_w, soft. change (h_mask (qscale s h)) with (h_mask h). change (h_val (qscale s h)) with (h_val h).
apply rsum_ext. intros k _. f_equal. f_equal. extensionality j. rewrite score_qscale. field. lra.
Qed.

(** ** The bounded embedding *)

Definition pe_key1 (i n : nat) : R := INR i / INR n ^ 2.
Definition pe_key2 (i n : nat) : R := - (INR i / INR n) ^ 2.

Definition pes_fixed_a : list (nat -> nat -> R) :=
  [pe_one; pe_alt; pe_frac; pe_invl; pe_invr; pe_even; pe_none; pe_none; pe_none; pe_none; pe_none; pe_none; pe_none].
Definition pes_a (Ps : list (nat -> bool)) : list (nat -> nat -> R) := pes_fixed_a ++ map pe_pred Ps ++ [pe_key1; pe_key2].

Lemma Rabs_le1_frac (a b : R) : 0 <= a <= b -> Rabs (a / b) <= 1.
Proof.
intros H. destruct (Req_dec b 0) as [->|Hb]; [unfold Rdiv; rewrite Rinv_0, Rmult_0_r, Rabs_R0; lra|].
rewrite Rabs_pos_eq by (apply Rmult_le_pos; [lra|apply Rlt_le, Rinv_0_lt_compat; lra]).
apply (Rmult_le_reg_r b); [lra|]. field_simplify; lra.
Qed.

(** Every embedding of variant (a) lies in [-1, 1] at the positions 0 <= i <= n. *)
Theorem pes_a_bounded (Ps : list (nat -> bool)) (f : nat -> nat -> R) : In f (pes_a Ps) ->
  forall i n, (i <= n)%nat -> Rabs (f i n) <= 1.
Proof.
intros Hf i n Hi. assert (HI : 0 <= INR i <= INR n) by (split; [apply pos_INR|apply le_INR, Hi]).
assert (Hfr : Rabs (INR i / INR n) <= 1) by (apply Rabs_le1_frac; exact HI).
unfold pes_a, pes_fixed_a in Hf. apply in_app_or in Hf. destruct Hf as [Hf|Hf].
- cbn [In] in Hf. repeat destruct Hf as [<-|Hf]; try contradiction; unfold pe_one, pe_alt, pe_frac, pe_invl, pe_invr, pe_even, pe_none.
  + rewrite Rabs_R1. lra.
  + rewrite pow_1_abs. lra.
  + exact Hfr.
  + destruct i as [|i]; [simpl INR; rewrite Rinv_0, Rabs_R0; lra|].
    rewrite <- (Rmult_1_l (/ INR (S i))). apply Rabs_le1_frac. split; [lra|apply (le_INR 1); lia].
  + rewrite <- (Rmult_1_l (/ _)). apply Rabs_le1_frac. split; [lra|]. apply (le_INR 1). lia.
  + destruct (even01_cases i) as [-> | ->]; rewrite ?Rabs_R0, ?Rabs_R1; lra.
  + rewrite Rabs_R0. lra.
  + rewrite Rabs_R0. lra.
  + rewrite Rabs_R0. lra.
  + rewrite Rabs_R0. lra.
  + rewrite Rabs_R0. lra.
  + rewrite Rabs_R0. lra.
  + rewrite Rabs_R0. lra.
- apply in_app_or in Hf. destruct Hf as [Hf|Hf].
  + apply in_map_iff in Hf. destruct Hf as [P [<- _]]. unfold pe_pred, B2R. destruct (P i); rewrite ?Rabs_R0, ?Rabs_R1; lra.
  + cbn [In] in Hf. destruct Hf as [<-|[<-|[]]]; unfold pe_key1, pe_key2.
    * apply Rabs_le1_frac. split; [apply pos_INR|]. destruct n as [|n]; [replace i with 0%nat by lia; simpl; lra|].
      assert (1 <= INR (S n)) by (apply (le_INR 1); lia). nra.
    * rewrite Rabs_Ropp, <- RPow_abs. pose proof (Rabs_pos (INR i / INR n)). nra.
Qed.

(** ** The transformation of the lookups *)

Definition qn (n : nat) : Q := inject_Z (Z.of_nat n).

Lemma Q2R_qn (n : nat) : Q2R (qn n) = INR n.
Proof. unfold qn. rewrite Q2R_Z, INR_IZR_INZ. reflexivity. Qed.

Section Transform.
Variables (n kk xk : nat) (mx : bool).

(** A score term whose key is one of the unbounded keys 2i, -i^2, 2in, -i^2 n reads the bounded key
    i/n^2 or -(i/n)^2 instead, its coefficient times 2n^2, n^2, 2n^3 or n^3. *)
Definition atr_term (t : nat * nat * Q) : nat * nat * Q :=
  let '(q, k, c) := t in
  if Nat.eqb k (c_two kk) then (q, xk, Qmult (2 * qn n * qn n) c)
  else if Nat.eqb k (c_negsq kk) then (q, S xk, Qmult (qn n * qn n) c)
  else if Nat.eqb k xk then (q, xk, Qmult (2 * qn n * qn n * qn n) c)
  else if Nat.eqb k (S xk) then (q, S xk, Qmult (qn n * qn n * qn n) c)
  else t.

Definition atr_head (h : shead) : shead := SHead (sh_out h) (sh_val h) (map atr_term (sh_terms h)) (sh_mask h) (sh_hard h).
Definition atr_layer (L : slayer) : slayer := SLayer (map atr_head (sl_heads L)) (sl_units L).

(** The first layer: 2i = 2n (i/n) into the coordinate of 2i. *)
Definition atwo_layer : slayer := SLayer [] [SUnit (c_two kk) [SNeuron (2 * qn n) [(c_frac kk, 1%Q)] 0] 0].

(** The coordinates whose embeddings differ: -i^2, the keys, and 2i unless the formula has a
    comparison mixing #left and #right ([mx]: then the first layer writes 2i). *)
Definition ctw : nat := if mx then xk else c_two kk.
Definition inK (c : nat) : Prop := c = c_negsq kk \/ c = xk \/ c = S xk \/ c = ctw.

Lemma ctw_cases : ctw = xk \/ ctw = c_two kk.
Proof. unfold ctw. destruct mx; [left|right]; reflexivity. Qed.

Definition arel (ya yu : stream) : Prop :=
  (forall j c, ~ inK c -> ya j c = yu j c) /\
  forall j, ya j xk = INR (S j) / INR n ^ 2 /\ ya j (S xk) = - (INR (S j) / INR n) ^ 2 /\
    yu j (c_two kk) = 2 * INR (S j) /\ yu j (c_negsq kk) = - (INR (S j) ^ 2) /\
    yu j xk = 2 * INR (S j) * INR n /\ yu j (S xk) = - (INR (S j) ^ 2) * INR n.

Hypothesis Hn : (1 <= n)%nat.
Hypothesis Hxk : (kk + 13 <= xk)%nat.

Lemma atr_term_score (ya yu : stream) (i j : nat) (t : nat * nat * Q) : arel ya yu -> ~ inK (fst (fst t)) ->
  Q2R (snd (atr_term t)) * ya i (fst (fst (atr_term t))) * ya j (snd (fst (atr_term t)))
  = Q2R (snd t) * yu i (fst (fst t)) * yu j (snd (fst t)).
Proof.
destruct t as [[q k] c]. intros [He Hk] Hq. cbn [fst snd] in Hq.
destruct (Hk j) as [A1 [A2 [U1 [U2 [U3 U4]]]]]. assert (HN : INR n <> 0) by (apply not_0_INR; lia).
unfold atr_term. unfold c_two, c_negsq in *.
destruct (Nat.eqb_spec k (kk + 12)) as [->|H1]; [cbn [fst snd]; rewrite (He i q Hq), !Q2R_mult, Q2R_2, !Q2R_qn, A1, U1; field; exact HN|].
destruct (Nat.eqb_spec k (kk + 6)) as [->|H2]; [cbn [fst snd]; rewrite (He i q Hq), !Q2R_mult, !Q2R_qn, A2, U2; field; exact HN|].
destruct (Nat.eqb_spec k xk) as [->|H3]; [cbn [fst snd]; rewrite (He i q Hq), !Q2R_mult, Q2R_2, !Q2R_qn, A1, U3; field; exact HN|].
destruct (Nat.eqb_spec k (S xk)) as [->|H4]; [cbn [fst snd]; rewrite (He i q Hq), !Q2R_mult, !Q2R_qn, A2, U4; field; exact HN|].
cbn [fst snd]. rewrite (He i q Hq), (He j k); [reflexivity|pose proof ctw_cases; unfold inK, c_negsq, c_two in *; lia].
Qed.

Definition hd_ok (h : shead) : Prop := ~ inK (sh_val h) /\ Forall (fun t => ~ inK (fst (fst t))) (sh_terms h).
Definition un_ok (u : sunit) : Prop := Forall (fun nr => Forall (fun p => ~ inK (fst p)) (sn_w nr)) (su_hidden u).
Definition ly_rd (L : slayer) : Prop := Forall hd_ok (sl_heads L) /\ Forall un_ok (sl_units L).
Definition ly_ok (L : slayer) : Prop := ly_rd L /\ forall c, swrites L c = true -> ~ inK c /\ c <> c_two kk.

Lemma atr_score (ya yu : stream) (h : shead) (i j : nat) : arel ya yu -> hd_ok h ->
  score (real_head (atr_head h)) ya i j = score (real_head h) yu i j.
Proof.
intros Hr [_ Hh]. unfold score, real_head, atr_head. cbn [h_terms sh_terms]. rewrite !map_map.
induction Hh as [|t l Ht Hl IH]; cbn [map lsum]; [reflexivity|]. rewrite IH. cbn [fst snd].
rewrite (atr_term_score ya yu i j t Hr Ht). reflexivity.
Qed.

Lemma atr_head_out (W : head -> (nat -> R) -> nat -> nat -> R) (ya yu : stream) (h : shead) (i : nat) :
  hard_or_soft W -> arel ya yu -> hd_ok h ->
  head_out W n (real_head (atr_head h)) ya i = head_out W n (real_head h) yu i.
Proof.
intros HW Hr Hh. unfold head_out.
change (h_mask (real_head (atr_head h))) with (h_mask (real_head h)). change (h_val (real_head (atr_head h))) with (h_val (real_head h)).
assert (EW : W (real_head (atr_head h)) = W (real_head h)) by (destruct HW as [->|[tau ->]]; reflexivity).
rewrite EW. apply rsum_ext. intros k _. f_equal.
- f_equal. extensionality j. apply atr_score; assumption.
- apply (proj1 Hr). apply (proj1 Hh).
Qed.

Lemma lin_eq (wts : list (nat * Q)) (a b : nat -> R) : Forall (fun p => ~ inK (fst p)) wts -> (forall c, ~ inK c -> a c = b c) ->
  lin (map (fun p => (fst p, Q2R (snd p))) wts) a = lin (map (fun p => (fst p, Q2R (snd p))) wts) b.
Proof.
intros Hw E. unfold lin. rewrite !map_map. induction Hw as [|p l Hp Hl IH]; cbn [map lsum]; [reflexivity|].
cbn [fst snd] in *. rewrite IH, (E _ Hp). reflexivity.
Qed.

Lemma unit_eq (u : sunit) (a b : nat -> R) : un_ok u -> (forall c, ~ inK c -> a c = b c) ->
  unit_val (real_unit u) a = unit_val (real_unit u) b.
Proof.
intros Hu E. unfold unit_val, real_unit. cbn [u_hidden u_c]. f_equal. rewrite !map_map.
induction Hu as [|nr l Hnr Hl IH]; cbn [map lsum]; [reflexivity|]. rewrite IH. cbn [nr_v nr_w nr_b real_neuron].
rewrite (lin_eq (sn_w nr) a b Hnr E). reflexivity.
Qed.

Lemma swrites_atr (L : slayer) (c : nat) : swrites (atr_layer L) c = swrites L c.
Proof. unfold swrites. cbn [sl_heads sl_units atr_layer]. f_equal. induction (sl_heads L) as [|h l IH]; cbn [map existsb]; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma arel_layer (W : head -> (nat -> R) -> nat -> nat -> R) (L : slayer) (ya yu : stream) : hard_or_soft W -> ly_ok L -> arel ya yu ->
  arel (layer_run W n (real_layer (atr_layer L)) ya) (layer_run W n (real_layer L) yu).
Proof.
intros HW [[Hh Hu] Hw] Hr. pose proof Hr as [He Hk].
assert (Fa : forall j c, inK c -> layer_run W n (real_layer (atr_layer L)) ya j c = ya j c).
{ intros j c Hc. apply layer_frame. destruct (swrites (atr_layer L) c) eqn:E; [|reflexivity]. exfalso. refine (proj1 (Hw c _) Hc).
  rewrite <- (swrites_atr L c). exact E. }
assert (Fu : forall j c, inK c -> layer_run W n (real_layer L) yu j c = yu j c).
{ intros j c Hc. apply layer_frame. destruct (swrites L c) eqn:E; [|reflexivity]. exfalso. exact (proj1 (Hw c E) Hc). }
split.
- intros j c Hc. unfold layer_run, ffn_sub, real_layer, atr_layer. cbn [l_heads l_units sl_heads sl_units].
  set (za := attn_sub W n (map real_head (map atr_head (sl_heads L))) ya).
  set (zu := attn_sub W n (map real_head (sl_heads L)) yu).
  assert (Z : forall i c, ~ inK c -> za i c = zu i c).
  { intros i c' Hc'. unfold za, zu, attn_sub. rewrite He by exact Hc'. f_equal. rewrite !map_map.
    clear Hu Hw. induction Hh as [|h l Hh1 Hl IH]; cbn [map lsum]; [reflexivity|]. rewrite IH. f_equal.
    change (h_out (real_head (atr_head h))) with (h_out (real_head h)). destruct (Nat.eqb _ c'); [|reflexivity].
    apply atr_head_out; assumption. }
  rewrite (Z j c Hc). f_equal. apply f_equal. apply map_ext_in. intros u Hin.
  destruct (Nat.eqb _ c); [|reflexivity]. rewrite in_map_iff in Hin. destruct Hin as [u' [<- Hu']].
  apply unit_eq; [|intros; apply Z; assumption]. rewrite Forall_forall in Hu. apply Hu, Hu'.
- intros j. assert (K1 : inK xk) by (unfold inK; lia). assert (K2 : inK (S xk)) by (unfold inK; lia).
  assert (K3 : inK (c_negsq kk)) by (unfold inK; lia). rewrite (Fa j xk K1), (Fa j (S xk) K2), (Fu j xk K1), (Fu j (S xk) K2), (Fu j _ K3).
  assert (E2 : layer_run W n (real_layer L) yu j (c_two kk) = yu j (c_two kk)).
  { apply layer_frame. destruct (swrites L (c_two kk)) eqn:E; [|reflexivity]. exfalso. exact (proj2 (Hw _ E) eq_refl). }
  rewrite E2. apply Hk.
Qed.

Lemma anet_run (W : head -> (nat -> R) -> nat -> nat -> R) (N : snet) : hard_or_soft W -> Forall ly_ok N ->
  forall ya yu, arel ya yu -> arel (net_run W n (real_net (map atr_layer N)) ya) (net_run W n (real_net N) yu).
Proof.
intros HW HN. induction HN as [|L N HL HN IH]; intros ya yu Hr; [exact Hr|].
cbn [map real_net net_run]. fold (real_net (map atr_layer N)) (real_net N). apply IH, arel_layer; assumption.
Qed.

End Transform.

(** ** The compiled network reads no key coordinate except through its score keys *)

Section Reads.
Variables (kk xk : nat) (caus mx : bool).
Hypothesis Hxk : (kk + 13 <= xk)%nat.
Local Notation okc c := (~ inK kk xk mx c).
Local Notation rd := (ly_rd kk xk mx).

Lemma okc_inv (d : dir) : okc (c_inv kk d).
Proof. pose proof (ctw_cases kk xk mx). unfold inK, c_negsq, c_two in *. destruct d; cbn [c_inv]; unfold c_invl, c_invr; lia. Qed.

Lemma okc_one_pos : okc (c_one_pos kk caus).
Proof. pose proof (ctw_cases kk xk mx). unfold inK, c_negsq, c_two, c_one_pos in *. destruct caus; unfold c_first, c_single; lia. Qed.

Lemma okc_sum_of (a b : nat) : okc a -> okc b -> Forall (fun p => okc (fst p)) (sum_of a b).
Proof. intros Ha Hb. unfold sum_of. destruct (Nat.eqb a b); repeat constructor; assumption. Qed.

Ltac okl := pose proof (ctw_cases kk xk mx); unfold inK, c_negsq, c_pred, c_two, c_one, c_alt, c_frac, c_first, c_last, c_even, c_invl, c_invr, c_single,
  c_avg_first, c_avg_last in *; lia.

Ltac rdt := repeat match goal with
  | |- Forall _ (_ ++ _) => apply Forall_app; split
  | |- Forall _ [] => constructor
  | |- Forall _ (_ :: _) => constructor
  | |- ly_rd _ _ _ _ => split; cbn [sl_heads sl_units unit_layer]
  | |- hd_ok _ _ _ _ => split; cbn [sh_val sh_terms sel_head su_head count_shead look_head mlook_head sign_shead fst snd]
  | |- un_ok _ _ _ _ => unfold un_ok; try unfold local_sunit; try unfold mix_sunit; try unfold sign_sunit; try unfold pred_unit;
                      try unfold rounding; try unfold rounding1; try unfold single_sunit; cbn [su_hidden sn_w]
  | |- Forall _ (sum_of _ _) => apply okc_sum_of
  | |- ~ inK _ _ _ _ => cbn [fst snd]; first [apply okc_inv | apply okc_one_pos | okl]
  | |- Forall _ (not_neurons _) => unfold not_neurons
  | |- Forall _ (or_neurons _ _) => unfold or_neurons
  | |- Forall _ (sn_w _) => cbn [sn_w]
  end.

Lemma count_layers_rd (args : list (nat * Z)) (g : nat) (d : dir) : Forall (fun a => okc (fst a)) args -> Forall rd (count_layers args g d).
Proof. revert g. induction args as [|[b a] args IH]; intros g H; cbn [count_layers]; [constructor|]. inversion H; subst. rdt; try assumption; apply IH; assumption. Qed.

Lemma sign_terms_ok (args : list (nat * Z)) (g inv key : nat) (K : Q) (c0 : Z) : (xk + 2 <= g)%nat -> okc inv ->
  Forall (fun t => okc (fst (fst t))) (sign_sterms (qlist args g) inv key K c0).
Proof.
intros Hg Hi. unfold sign_sterms. apply Forall_app. split; [|repeat constructor; exact Hi].
apply Forall_forall. intros t Ht. apply in_map_iff in Ht. destruct Ht as [q [<- Hq]]. cbn [fst].
destruct (qlist_in args g q Hq) as [k [_ E]]. rewrite E. okl.
Qed.

Lemma local_ok (args : list (nat * Z)) : Forall (fun a => okc (fst a)) args ->
  Forall (fun p => okc (fst p)) (map (fun p => (fst p, inject_Z (snd p))) args).
Proof. intros H. apply Forall_map. eapply Forall_impl; [|exact H]. intros a Ha. exact Ha. Qed.

Lemma mix_weights_ok (ts : list (nat * Z * dir)) (g : nat) : (xk + 2 <= g)%nat -> Forall (fun p => okc (fst p)) (mix_weights ts g).
Proof. revert g. induction ts as [|[[b a] d] ts IH]; intros g Hg; cbn [mix_weights]; [constructor|]. constructor; [cbn; okl|]. constructor; [cbn; okl|]. apply IH. lia. Qed.

Lemma terms_layers_rd (ts : list (nat * Z * dir)) (K : Q) (g : nat) : ctw kk xk mx = xk -> (xk + 2 <= g)%nat ->
  Forall (fun q => okc (fst (fst q))) ts -> Forall rd (terms_layers kk xk ts K g).
Proof.
intros Hct. revert g. induction ts as [|[[b a] d] ts IH]; intros g Hg H; cbn [terms_layers]; [constructor|]. inversion H; subst. cbn [fst] in *.
apply Forall_app. split; [unfold term_layers; rdt|apply IH; [lia|assumption]].
Qed.

Lemma bnode_rd (p : tl) : forall f r, mfrag kk caus mx p = true -> (xk + 2 <= f)%nat -> (kk + 13 + r + length (tpreds p) <= xk)%nat ->
  let '(c, L, f', r') := bnode kk caus xk p f r in
  Forall rd L /\ okc c /\ (f <= f')%nat /\ r' = (r + length (tpreds p))%nat
with bterms_rd (e : lterm) : forall f r, mlfrag kk caus mx e = true -> (xk + 2 <= f)%nat -> (kk + 13 + r + length (lpreds e) <= xk)%nat ->
  let '(args, L, f', r') := bterms kk caus xk e f r in
  Forall rd L /\ Forall (fun a => okc (fst a)) args /\ (f <= f')%nat /\ r' = (r + length (lpreds e))%nat.
Proof.
- destruct p as [a|b|p|p q|p q|p|p|p q|p q|e c0|P|P d p]; intros f r Hl Hf Hr; cbn [mfrag tpreds] in Hl, Hr;
    try rewrite bnode_cmp; cbn [bnode]; rewrite ?app_length in Hr.
  + apply Nat.ltb_lt in Hl. split; [constructor|]. split; [okl|]. simpl. lia.
  + split; [rdt|]. split; [okl|]. simpl. lia.
  + pose proof (bnode_rd p f r Hl Hf Hr) as H. destruct (bnode kk caus xk p f r) as [[[a L] f1] r1].
    destruct H as [H1 [H2 [H3 H4]]]. split; [rdt; assumption|]. split; [okl|]. cbn [tpreds]. lia.
  + apply andb_true_iff in Hl. destruct Hl as [Hp Hq].
    pose proof (bnode_rd p f r Hp Hf ltac:(lia)) as H. destruct (bnode kk caus xk p f r) as [[[a L1] f1] r1].
    destruct H as [H1 [H2 [H3 H4]]].
    pose proof (bnode_rd q f1 r1 Hq ltac:(lia) ltac:(lia)) as G. destruct (bnode kk caus xk q f1 r1) as [[[b L2] f2] r2].
    destruct G as [G1 [G2 [G3 G4]]]. split; [rdt; assumption|]. split; [okl|]. cbn [tpreds]. rewrite app_length. lia.
  + apply andb_true_iff in Hl. destruct Hl as [Hp Hq].
    pose proof (bnode_rd p f r Hp Hf ltac:(lia)) as H. destruct (bnode kk caus xk p f r) as [[[a L1] f1] r1].
    destruct H as [H1 [H2 [H3 H4]]].
    pose proof (bnode_rd q f1 r1 Hq ltac:(lia) ltac:(lia)) as G. destruct (bnode kk caus xk q f1 r1) as [[[b L2] f2] r2].
    destruct G as [G1 [G2 [G3 G4]]]. split; [rdt; assumption|]. split; [okl|]. cbn [tpreds]. rewrite app_length. lia.
  + pose proof (bnode_rd p f r Hl Hf Hr) as H. destruct (bnode kk caus xk p f r) as [[[a L] f1] r1].
    destruct H as [H1 [H2 [H3 H4]]]. split; [rdt; assumption|]. split; [okl|]. cbn [tpreds]. lia.
  + apply andb_true_iff in Hl. destruct Hl as [_ Hl].
    pose proof (bnode_rd p f r Hl Hf Hr) as H. destruct (bnode kk caus xk p f r) as [[[a L] f1] r1].
    destruct H as [H1 [H2 [H3 H4]]]. split; [rdt; assumption|]. split; [okl|]. cbn [tpreds]. lia.
  + apply andb_true_iff in Hl. destruct Hl as [Hp Hq].
    pose proof (bnode_rd p f r Hp Hf ltac:(lia)) as H. destruct (bnode kk caus xk p f r) as [[[a L1] f1] r1].
    destruct H as [H1 [H2 [H3 H4]]].
    pose proof (bnode_rd q f1 r1 Hq ltac:(lia) ltac:(lia)) as G. destruct (bnode kk caus xk q f1 r1) as [[[b L2] f2] r2].
    destruct G as [G1 [G2 [G3 G4]]]. split; [rdt; assumption|]. split; [okl|]. cbn [tpreds]. rewrite app_length. lia.
  + apply andb_true_iff in Hl. destruct Hl as [Hp Hq]. apply andb_true_iff in Hp. destruct Hp as [_ Hp].
    pose proof (bnode_rd p f r Hp Hf ltac:(lia)) as H. destruct (bnode kk caus xk p f r) as [[[a L1] f1] r1].
    destruct H as [H1 [H2 [H3 H4]]].
    pose proof (bnode_rd q f1 r1 Hq ltac:(lia) ltac:(lia)) as G. destruct (bnode kk caus xk q f1 r1) as [[[b L2] f2] r2].
    destruct G as [G1 [G2 [G3 G4]]]. split; [rdt; assumption|]. split; [okl|]. cbn [tpreds]. rewrite app_length. lia.
  + apply andb_true_iff in Hl. destruct Hl as [Hl Hcd].
    pose proof (bterms_rd e f r Hl Hf Hr) as H. destruct (bterms kk caus xk e f r) as [[[args L] f1] r1].
    destruct H as [H1 [H2 [H3 H4]]]. destruct (lsame (ldir e) e) eqn:Els.
    * split; [|split; [okl|cbn [tpreds]; lia]]. apply Forall_app. split; [exact H1|]. unfold cmp_layers.
      apply Forall_app. split; [apply count_layers_rd, H2|]. rdt; try apply local_ok, H2; try (apply sign_terms_ok; [lia|apply okc_inv]).
    * try rewrite Els in Hcd. apply andb_true_iff in Hcd. destruct Hcd as [Hm _].
      assert (Hct : ctw kk xk mx = xk) by (unfold ctw; rewrite Hm; reflexivity).
      split; [|split; [okl|cbn [tpreds]; lia]]. apply Forall_app. split; [exact H1|]. unfold mix_layers.
      apply Forall_app. split.
      -- apply terms_layers_rd; [exact Hct|lia|]. apply Forall_forall. intros [[b a] dq] Hq. apply in_combine_l in Hq.
         rewrite Forall_forall in H2. apply (H2 _ Hq).
      -- unfold mix_sunit. rdt; apply mix_weights_ok; lia.
  + simpl in Hr. split; [constructor|]. split; [okl|]. simpl. lia.
  + apply andb_true_iff in Hl. destruct Hl as [Hl _].
    pose proof (bnode_rd p f r Hl Hf ltac:(lia)) as H. destruct (bnode kk caus xk p f r) as [[[a L] f1] r1].
    destruct H as [H1 [H2 [H3 H4]]]. split; [|split; [okl|cbn [tpreds]; rewrite app_length; simpl; lia]].
    apply Forall_app. split; [exact H1|]. cbn [length] in Hr. unfold pred_layers. rdt.
- destruct e as [|a d p e]; intros f r Hl Hf Hr; cbn [mlfrag lpreds] in Hl, Hr; [cbn [bterms lpreds length]; split; [constructor|split; [constructor|split; lia]]|].
  rewrite bterms_cons. rewrite app_length in Hr. apply andb_true_iff in Hl. destruct Hl as [Hp He].
  pose proof (bnode_rd p f r Hp Hf ltac:(lia)) as H. destruct (bnode kk caus xk p f r) as [[[b L1] f1] r1].
  destruct H as [H1 [H2 [H3 H4]]].
  pose proof (bterms_rd e f1 r1 He ltac:(lia) ltac:(lia)) as G. destruct (bterms kk caus xk e f1 r1) as [[[args L2] f2] r2].
  destruct G as [G1 [G2 [G3 G4]]]. split; [apply Forall_app; split; assumption|]. split; [constructor; assumption|]. cbn [lpreds]. rewrite app_length. lia.
Qed.

Lemma prologue_rd : Forall rd (prologue kk caus).
Proof. unfold prologue, first_layer, last_layer, single_layer. destruct caus; rdt. Qed.

End Reads.

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

Lemma pes_nth_agree (Ps : list (nat -> bool)) (a b m : nat) :
  m <> 6%nat -> m <> 12%nat -> m <> (13 + length Ps)%nat -> m <> (14 + length Ps)%nat ->
  nth m (map (fun f => f a b) (pes_a Ps)) 0 = nth m (map (fun f => f a b) (pes_count Ps ++ ex_u)) 0.
Proof.
intros H6 H12 H13 H14. unfold pes_a, pes_count. rewrite <- !app_assoc, !map_app.
apply nth_app3; [reflexivity| |].
- intros Hm. simpl length in Hm. do 13 (destruct m as [|m]; [first [reflexivity|exfalso; lia]|]). lia.
- rewrite !map_length. simpl length. intros Hm. rewrite !nth_overflow; [reflexivity| |]; simpl; lia.
Qed.

Section Embed.
Variables (n : nat) (w : nat -> nat) (kk : nat) (Ps : list (nat -> bool)).
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

Lemma acompile_ok (n : nat) (w : nat -> nat) (k : nat) (caus : bool) (W : head -> (nat -> R) -> nat -> nat -> R) (p : tl) :
  (1 <= n)%nat -> (W = hard_w \/ W = soft_w (tau_paper n)) -> mfrag k caus (negb (tfrag k caus p)) p = true ->
  forall i, (i < n)%nat ->
  net_run W n (real_net (fst (acompile n k caus p))) (embed k (tpes_a p) n w) i (snd (acompile n k caus p)) = B2R (tsat n w p i).
Proof.
intros Hn HW Hf i Hi. unfold acompile, tpes_a. cbn [fst snd]. set (mix := negb (tfrag k caus p)) in *.
set (P := tpreds p). set (xk := (k + 13 + length P)%nat). set (xu := embed k (pes_count P ++ ex_u) n w).
assert (Hex : (2 <= length ex_u)%nat -> nth 0 ex_u pe_none = pe_twon /\ nth 1 ex_u pe_none = pe_negsqn) by (intros; split; reflexivity).
assert (Hmx : mix = true -> (2 <= length ex_u)%nat) by (intros; simpl; lia).
assert (HWs : hard_or_soft W) by (destruct HW as [->| ->]; [left|right; eexists]; reflexivity).
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
Theorem thm20a_bounded (p : tl) (f : nat -> nat -> R) : In f (tpes_a p) -> forall i n, (i <= n)%nat -> Rabs (f i n) <= 1.
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
Proof. intros Hl Hn Hi. apply (acompile_ok n w k false _ p Hn (or_intror eq_refl)); [apply afrag_letters|]; assumption. Qed.

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
- apply (acompile_ok n w k true _ p Hn (or_intror eq_refl)); [rewrite Hf; exact Hf|exact Hi].
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
