(** * Seed 004, variant (a) of Theorems 20 and 21: the lookups at a scaled query, run beside the unbounded network.

    The pieces of LTLCountBounded.v's compiler [acompile] and its simulation: a softmax head at
    temperature tau with its query scaled by s > 0 is the head at tau / s ([head_out_qscale]); the
    bounded embedding [pes_a] lies in [-1, 1] ([pes_a_bounded]); [atr_term] makes a score term with
    an unbounded key (2i, -i^2, 2in, -i^2 n) read a bounded key (i/n^2, -(i/n)^2) with its
    coefficient scaled by 2n^2, n^2, 2n^3, n^3; on streams equal outside the coordinates [inK] whose
    embeddings differ ([arel]), a layer so transformed runs as the original, hard and soft
    ([arel_layer], [anet_run]), for layers that read no such coordinate except through score keys
    and write none ([ly_ok]); every layer of [cnode] reads none when its block for mixed comparisons
    reads none ([cnode_rd]), so every layer of [bnode] ([bmix_rd], [bnode_rd]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals FunctionalExtensionality.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftPaper LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountMix LTLCountNodes LTLCountThm.
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
Definition pes_a (Ps : list npred) : list (nat -> nat -> R) := pes_fixed_a ++ map pe_pred Ps ++ [pe_key1; pe_key2].

Lemma Rabs_le1_frac (a b : R) : 0 <= a <= b -> Rabs (a / b) <= 1.
Proof.
intros H. destruct (Req_dec b 0) as [->|Hb]; [unfold Rdiv; rewrite Rinv_0, Rmult_0_r, Rabs_R0; lra|].
rewrite Rabs_pos_eq by (apply Rmult_le_pos; [lra|apply Rlt_le, Rinv_0_lt_compat; lra]).
apply (Rmult_le_reg_r b); [lra|]. field_simplify; lra.
Qed.

(** Every embedding of variant (a) lies in [-1, 1] at the positions 0 <= i <= n. *)
Theorem pes_a_bounded (Ps : list npred) (f : nat -> nat -> R) : In f (pes_a Ps) ->
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
  + apply in_map_iff in Hf. destruct Hf as [P [<- _]]. unfold pe_pred, B2R. destruct (P n i); rewrite ?Rabs_R0, ?Rabs_R1; lra.
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

(** A head of the one-sided network ([mx] false) reads its keys either all at 2i, -i^2 (a lookup) or
    none at an unbounded key ([hd_pure]): LTLCountFixed.v runs the lookups at a temperature of their own. *)
Definition lk2 (c : nat) : Prop := c = c_two kk \/ c = c_negsq kk.
Definition hd_pure (h : shead) : Prop :=
  Forall (fun t => lk2 (snd (fst t))) (sh_terms h) \/ Forall (fun t => ~ (lk2 (snd (fst t)) \/ inK (snd (fst t)))) (sh_terms h).
Definition hd_ok (h : shead) : Prop := ~ inK (sh_val h) /\ Forall (fun t => ~ inK (fst (fst t))) (sh_terms h) /\ (mx = false -> hd_pure h).
Definition un_ok (u : sunit) : Prop := Forall (fun nr => Forall (fun p => ~ inK (fst p)) (sn_w nr)) (su_hidden u).
Definition ly_rd (L : slayer) : Prop := Forall hd_ok (sl_heads L) /\ Forall un_ok (sl_units L).
Definition ly_ok (L : slayer) : Prop := ly_rd L /\ forall c, swrites L c = true -> ~ inK c /\ c <> c_two kk.

Lemma atr_score (ya yu : stream) (h : shead) (i j : nat) : arel ya yu -> hd_ok h ->
  score (real_head (atr_head h)) ya i j = score (real_head h) yu i j.
Proof.
intros Hr [_ [Hh _]]. unfold score, real_head, atr_head. cbn [h_terms sh_terms]. rewrite !map_map.
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

(** Coordinates at or above xk + 2, and those below 2i other than -i^2, are read freely. *)
Lemma okc_hi (c : nat) : (xk + 2 <= c)%nat -> okc c.
Proof. pose proof (ctw_cases kk xk mx). unfold inK, c_negsq, c_two in *. lia. Qed.

Lemma okc_lo (c : nat) : (kk <= c)%nat -> (c < kk + 12)%nat -> c <> (kk + 6)%nat -> okc c.
Proof. pose proof (ctw_cases kk xk mx). unfold inK, c_negsq, c_two in *. lia. Qed.

Ltac okl := first [assumption | apply okc_hi; lia
  | apply okc_lo; unfold c_one, c_alt, c_frac, c_first, c_last, c_even, c_invl, c_invr, c_single, c_avg_first, c_avg_last; lia
  | pose proof (ctw_cases kk xk mx); unfold inK, c_negsq, c_pred, c_two, c_one, c_alt, c_frac, c_first, c_last, c_even, c_invl, c_invr,
      c_single, c_avg_first, c_avg_last in *; lia].

Lemma okc_pure (c : nat) : mx = false -> okc c -> ~ (lk2 kk c \/ inK kk xk mx c).
Proof. intros Hm Hc [H|H]; [|exact (Hc H)]. apply Hc. unfold inK, ctw. rewrite Hm. unfold lk2 in H. tauto. Qed.

Lemma sign_pure (qs : list (nat * Z)) (inv key : nat) (K : Q) (c0 : Z) : mx = false -> okc key ->
  Forall (fun t => ~ (lk2 kk (snd (fst t)) \/ inK kk xk mx (snd (fst t)))) (sign_sterms qs inv key K c0).
Proof.
intros Hm Hk. unfold sign_sterms. apply Forall_app. split; [|repeat constructor; apply okc_pure; assumption].
apply Forall_map. apply Forall_forall. intros q _. apply okc_pure; assumption.
Qed.

Ltac pure_tac H := unfold hd_pure; cbn [sh_val sh_terms sel_head su_head count_shead look_head mlook_head sign_shead fst snd];
  first [ solve [exfalso; congruence]
        | solve [exfalso; match goal with Hc : ctw _ _ _ = _ |- _ => unfold ctw in Hc; rewrite H in Hc; unfold c_two in Hc; lia end]
        | solve [left; repeat constructor; cbn [fst snd]; unfold lk2; tauto]
        | solve [right; apply (sign_pure _ _ _ _ _ H); okl]
        | solve [right; apply Forall_forall; intros t Ht; cbn [In] in Ht; repeat destruct Ht as [<-|Ht]; try contradiction;
                 cbn [fst snd]; apply (okc_pure _ H); first [apply okc_inv | apply okc_one_pos | okl]] ].

Ltac rdt := repeat match goal with
  | |- Forall _ (_ ++ _) => apply Forall_app; split
  | |- Forall _ [] => constructor
  | |- Forall _ (_ :: _) => constructor
  | |- ly_rd _ _ _ _ => split; cbn [sl_heads sl_units unit_layer]
  | |- hd_ok _ _ _ _ => split; [|split; [|let H := fresh "Hmx" in intros H; pure_tac H]]; cbn [sh_val sh_terms sel_head su_head count_shead look_head mlook_head sign_shead fst snd]
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

(** The block of [bnode] for a comparison mixing #left and #right ([mix_layers]) reads no key. *)
Lemma bmix_rd (ts : list (nat * Z * dir)) (c0 : Z) (g : nat) : mx && negb caus = true -> (xk + 2 <= g)%nat ->
  Forall (fun q => okc (fst (fst q))) ts -> let '(c, M, g') := bmix kk xk ts c0 g in Forall rd M /\ okc c /\ (g <= g')%nat.
Proof.
intros Hm Hg Hts. apply andb_true_iff in Hm. destruct Hm as [Hm _].
assert (Hct : ctw kk xk mx = xk) by (unfold ctw; rewrite Hm; reflexivity).
unfold bmix. split; [|split; [okl|lia]]. unfold mix_layers. apply Forall_app. split.
- apply terms_layers_rd; [exact Hct|lia|exact Hts].
- unfold mix_sunit. rdt; apply mix_weights_ok; lia.
Qed.

Lemma prologue_rd : Forall rd (prologue kk caus).
Proof. unfold prologue, first_layer, last_layer, single_layer. destruct caus; rdt. Qed.

(** [cnode_rd]: for the fragment [mfrag] with [mf] and a mixed block [mb] that reads no key ([Hmb]). *)
Variable mf : bool.
Variable mb : list (nat * Z * dir) -> Z -> nat -> nat * list slayer * nat.
Hypothesis Hmb : forall ts c0 g, mf && negb caus = true -> (xk + 2 <= g)%nat -> Forall (fun q => okc (fst (fst q))) ts ->
  let '(c, M, g') := mb ts c0 g in Forall rd M /\ okc c /\ (g <= g')%nat.

Local Notation Pn p := ((forall f r, mfrag kk caus mf p = true -> (xk + 2 <= f) -> (kk + 13 + r + length (tpreds p) <= xk) ->
  let '(c, L, f', r') := cnode kk caus mb p f r in
  Forall rd L /\ okc c /\ (f <= f') /\ r' = (r + length (tpreds p)))%nat).
Local Notation Pt e := ((forall f r, mlfrag kk caus mf e = true -> (xk + 2 <= f) -> (kk + 13 + r + length (lpreds e) <= xk) ->
  let '(args, L, f', r') := cterms kk caus mb e f r in
  Forall rd L /\ Forall (fun a => okc (fst a)) args /\ (f <= f') /\ r' = (r + length (lpreds e)))%nat).

(** The steps the cases of [cnode_rd] share: introducing the hypotheses ([rd_intro]); and a whole case
    with one subformula [p] ([rd_unary], [pre] bringing [Hl] to [mfrag p]) or two, [p] then [q]
    ([rd_binary], [pre] bringing [Hp] and [Hq] to [mfrag p] and [mfrag q]).  The last two repeat the
    introduction, so that the names it binds are known where the tactic is defined. *)
Ltac rd_intro := intros f r Hl Hf Hr; cbn [mfrag tpreds] in Hl, Hr; try rewrite cnode_cmp; cbn [cnode]; rewrite ?app_length in Hr.
Ltac rd_unary p IHp pre :=
  intros f r Hl Hf Hr; cbn [mfrag tpreds] in Hl, Hr; try rewrite cnode_cmp; cbn [cnode]; rewrite ?app_length in Hr; pre;
  pose proof (IHp f r Hl Hf Hr) as H; destruct (cnode kk caus mb p f r) as [[[a L] f1] r1];
  destruct H as [H1 [H2 [H3 H4]]]; split; [|split; [|split; [lia|cbn [tpreds]; lia]]];
  assert (Hf1 : (xk + 2 <= f1)%nat) by lia; clear Hl Hf Hr H3 H4 IHp; [rdt; assumption|okl].
Ltac rd_binary p q IHp IHq pre :=
  intros f r Hl Hf Hr; cbn [mfrag tpreds] in Hl, Hr; try rewrite cnode_cmp; cbn [cnode]; rewrite ?app_length in Hr; apply andb_true_iff in Hl; destruct Hl as [Hp Hq]; pre;
  pose proof (IHp f r Hp Hf ltac:(lia)) as H; destruct (cnode kk caus mb p f r) as [[[a L1] f1] r1];
  destruct H as [H1 [H2 [H3 H4]]];
  pose proof (IHq f1 r1 Hq ltac:(lia) ltac:(lia)) as G; destruct (cnode kk caus mb q f1 r1) as [[[b L2] f2] r2];
  destruct G as [G1 [G2 [G3 G4]]]; split; [|split; [|split; [lia|cbn [tpreds]; rewrite app_length; lia]]];
  assert (Hf2 : (xk + 2 <= f2)%nat) by lia; clear Hp Hq Hf Hr H3 H4 G3 G4 IHp IHq; [rdt; assumption|okl].

Lemma cnode_rd_atom (a : nat) : Pn (TAtom a).
Proof.
rd_intro.
apply Nat.ltb_lt in Hl. split; [constructor|]. split; [okl|]. simpl. lia.
Qed.

Lemma cnode_rd_const (b : bool) : Pn (TConst b).
Proof.
rd_intro.
split; [rdt|]. split; [okl|]. simpl. lia.
Qed.

Lemma cnode_rd_not (p : tl) (IHp : Pn p) : Pn (TNot p).
Proof. rd_unary p IHp idtac. Qed.

Lemma cnode_rd_and (p q : tl) (IHp : Pn p) (IHq : Pn q) : Pn (TAnd p q).
Proof. rd_binary p q IHp IHq idtac. Qed.

Lemma cnode_rd_or (p q : tl) (IHp : Pn p) (IHq : Pn q) : Pn (TOr p q).
Proof. rd_binary p q IHp IHq idtac. Qed.

Lemma cnode_rd_y (p : tl) (IHp : Pn p) : Pn (TY p).
Proof. rd_unary p IHp idtac. Qed.

Lemma cnode_rd_x (p : tl) (IHp : Pn p) : Pn (TX p).
Proof. rd_unary p IHp ltac:(apply andb_true_iff in Hl; destruct Hl as [_ Hl]). Qed.

Lemma cnode_rd_s (p q : tl) (IHp : Pn p) (IHq : Pn q) : Pn (TS p q).
Proof. rd_binary p q IHp IHq idtac. Qed.

Lemma cnode_rd_u (p q : tl) (IHp : Pn p) (IHq : Pn q) : Pn (TU p q).
Proof. rd_binary p q IHp IHq ltac:(apply andb_true_iff in Hp; destruct Hp as [_ Hp]). Qed.

Lemma cnode_rd_cmp (e : lterm) (c0 : Z) (IHe : Pt e) : Pn (TCmp e c0).
Proof.
rd_intro.
apply andb_true_iff in Hl. destruct Hl as [Hl Hcd].
pose proof (IHe f r Hl Hf Hr) as H. destruct (cterms kk caus mb e f r) as [[[args L] f1] r1].
destruct H as [H1 [H2 [H3 H4]]]. destruct (lsame (ldir e) e) eqn:Els.
* split; [|split; [okl|cbn [tpreds]; lia]]. apply Forall_app. split; [exact H1|]. unfold cmp_layers.
  apply Forall_app. split; [apply count_layers_rd, H2|]. rdt; try apply local_ok, H2; try (apply sign_terms_ok; [lia|apply okc_inv]).
* try rewrite Els in Hcd.
  assert (Hts : Forall (fun q => okc (fst (fst q))) (combine args (ldirs e))).
  { apply Forall_forall. intros [[b a] dq] Hq. apply in_combine_l in Hq. rewrite Forall_forall in H2. apply (H2 _ Hq). }
  pose proof (Hmb (combine args (ldirs e)) c0 f1 Hcd ltac:(lia) Hts) as Hm. destruct (mb (combine args (ldirs e)) c0 f1) as [[c M] f2].
  destruct Hm as [M1 [M2 M3]]. split; [apply Forall_app; split; assumption|split; [exact M2|split; [lia|cbn [tpreds]; lia]]].
Qed.

Lemma cnode_rd_pos (P : npred) : Pn (TPos P).
Proof.
rd_intro.
simpl in Hr. split; [constructor|]. split; [okl|]. simpl. lia.
Qed.

Lemma cnode_rd_cnt (P : npred) (d : dir) (p : tl) (IHp : Pn p) : Pn (TCnt P d p).
Proof.
rd_intro.
apply andb_true_iff in Hl. destruct Hl as [Hl _].
pose proof (IHp f r Hl Hf ltac:(lia)) as H. destruct (cnode kk caus mb p f r) as [[[a L] f1] r1].
destruct H as [H1 [H2 [H3 H4]]]. split; [|split; [okl|cbn [tpreds]; rewrite app_length; simpl; lia]].
apply Forall_app. split; [exact H1|]. cbn [length] in Hr. unfold pred_layers. rdt.
Qed.

Lemma cterms_rd_cons (a : Z) (d : dir) (p : tl) (e : lterm) (IHp : Pn p) (IHe : Pt e) : Pt (LCons a d p e).
Proof.
intros f r Hl Hf Hr; cbn [mlfrag lpreds] in Hl, Hr.
rewrite cterms_cons. rewrite app_length in Hr. apply andb_true_iff in Hl. destruct Hl as [Hp He].
pose proof (IHp f r Hp Hf ltac:(lia)) as H. destruct (cnode kk caus mb p f r) as [[[b L1] f1] r1].
destruct H as [H1 [H2 [H3 H4]]].
pose proof (IHe f1 r1 He ltac:(lia) ltac:(lia)) as G. destruct (cterms kk caus mb e f1 r1) as [[[args L2] f2] r2].
destruct G as [G1 [G2 [G3 G4]]]. split; [apply Forall_app; split; assumption|]. split; [constructor; assumption|]. cbn [lpreds]. rewrite app_length. lia.
Qed.

Lemma cnode_rd (p : tl) : forall f r, mfrag kk caus mf p = true -> (xk + 2 <= f)%nat -> (kk + 13 + r + length (tpreds p) <= xk)%nat ->
  let '(c, L, f', r') := cnode kk caus mb p f r in
  Forall rd L /\ okc c /\ (f <= f')%nat /\ r' = (r + length (tpreds p))%nat
with cterms_rd (e : lterm) : forall f r, mlfrag kk caus mf e = true -> (xk + 2 <= f)%nat -> (kk + 13 + r + length (lpreds e) <= xk)%nat ->
  let '(args, L, f', r') := cterms kk caus mb e f r in
  Forall rd L /\ Forall (fun a => okc (fst a)) args /\ (f <= f')%nat /\ r' = (r + length (lpreds e))%nat.
Proof.
- destruct p as [a|b|p|p q|p q|p|p|p q|p q|e c0|P|P d p].
  + exact (cnode_rd_atom a).
  + exact (cnode_rd_const b).
  + exact (cnode_rd_not p (cnode_rd p)).
  + exact (cnode_rd_and p q (cnode_rd p) (cnode_rd q)).
  + exact (cnode_rd_or p q (cnode_rd p) (cnode_rd q)).
  + exact (cnode_rd_y p (cnode_rd p)).
  + exact (cnode_rd_x p (cnode_rd p)).
  + exact (cnode_rd_s p q (cnode_rd p) (cnode_rd q)).
  + exact (cnode_rd_u p q (cnode_rd p) (cnode_rd q)).
  + exact (cnode_rd_cmp e c0 (cterms_rd e)).
  + exact (cnode_rd_pos P).
  + exact (cnode_rd_cnt P d p (cnode_rd p)).
- destruct e as [|a d p e].
  + intros f r Hl Hf Hr. cbn [cterms lpreds length]. split; [constructor|split; [constructor|split; lia]].
  + exact (cterms_rd_cons a d p e (cnode_rd p) (cterms_rd e)).
Qed.

End Reads.

Section BReads.
Variables (kk xk : nat) (caus mx : bool).
Hypothesis Hxk : (kk + 13 <= xk)%nat.

Lemma bnode_rd (p : tl) : forall f r, mfrag kk caus mx p = true -> (xk + 2 <= f)%nat -> (kk + 13 + r + length (tpreds p) <= xk)%nat ->
  let '(c, L, f', r') := bnode kk caus xk p f r in
  Forall (ly_rd kk xk mx) L /\ ~ inK kk xk mx c /\ (f <= f')%nat /\ r' = (r + length (tpreds p))%nat.
Proof. exact (cnode_rd kk xk caus mx Hxk mx (bmix kk xk) (bmix_rd kk xk caus mx Hxk) p). Qed.

End BReads.

