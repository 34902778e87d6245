(** * Seed 004, Theorems 20 and 21: every compiled sub-formula's coordinate holds its truth value.

    By induction on the formula (and its linear terms), under W = hard attention or softmax at
    tau = 1/(2n): on a stream holding the context and 0 from the fresh coordinate f on, the
    layers [bnode] builds write only inside [f, f'), and the formula's coordinate holds
    [w, i |= p] at every position i < n; the terms' coordinates hold the Booleans of their
    formulas, whose counts make up the term's value.  Proved once for [cnode] over any block of
    the comparisons mixing #left and #right that outputs the comparison ([cnode_ok], [cterms_ok]);
    for [bnode], whose block is [mix_layers] ([bmix_ok]), it is [bnode_ok]. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountLookup LTLCountMix.
Import ListNotations.
Open Scope R_scope.

Lemma B2R_inj (p q : bool) : B2R p = B2R q -> p = q.
Proof. destruct p, q; simpl; intros H; lra || reflexivity. Qed.

Lemma writes_in_nil (lo hi : nat) : writes_in [] lo hi.
Proof. intros L c []. Qed.

(** The position predicates of a sub-formula sit at positions r .. of the root's list. *)
Definition pre_ok (Ps Qs : list npred) (r : nat) : Prop := exists pre suf, Ps = pre ++ Qs ++ suf /\ length pre = r.

Lemma pre_ok_l (Ps A B : list npred) (r : nat) : pre_ok Ps (A ++ B) r -> pre_ok Ps A r.
Proof. intros [pre [suf [E L]]]. exists pre, (B ++ suf). split; [rewrite E, !app_assoc; reflexivity|exact L]. Qed.

Lemma pre_ok_r (Ps A B : list npred) (r : nat) : pre_ok Ps (A ++ B) r -> pre_ok Ps B (r + length A).
Proof. intros [pre [suf [E L]]]. exists (pre ++ A), suf. split; [rewrite E, !app_assoc; reflexivity|rewrite app_length; lia]. Qed.

Ltac wmono := eapply writes_in_mono; [eassumption|cbn [su_out sh_out rounding sel_head su_head rounding1 look_head pred_unit] in *; lia|cbn [su_out sh_out rounding sel_head su_head rounding1 look_head pred_unit] in *; lia].
Lemma bnode_cmp (kk : nat) (caus : bool) (xk : nat) (e : lterm) (c0 : Z) (f r : nat) : bnode kk caus xk (TCmp e c0) f r =
  let '(args, L, f1, r1) := bterms kk caus xk e f r in
  if lsame (ldir e) e then ((f1 + length args + 2)%nat, L ++ cmp_layers kk caus args (ldir e) c0 f1, (f1 + length args + 3)%nat, r1)
  else ((f1 + 5 * length (combine args (ldirs e)))%nat, L ++ mix_layers kk xk (combine args (ldirs e)) c0 f1,
        S (f1 + 5 * length (combine args (ldirs e))), r1).
Proof. reflexivity. Qed.

Lemma cnode_cmp (kk : nat) (caus : bool) (mb : list (nat * Z * dir) -> Z -> nat -> nat * list slayer * nat) (e : lterm) (c0 : Z) (f r : nat) :
  cnode kk caus mb (TCmp e c0) f r =
  let '(args, L, f1, r1) := cterms kk caus mb e f r in
  if lsame (ldir e) e then ((f1 + length args + 2)%nat, L ++ cmp_layers kk caus args (ldir e) c0 f1, (f1 + length args + 3)%nat, r1)
  else let '(c, M, f2) := mb (combine args (ldirs e)) c0 f1 in (c, L ++ M, f2, r1).
Proof. reflexivity. Qed.

Lemma cterms_cons (kk : nat) (caus : bool) (mb : list (nat * Z * dir) -> Z -> nat -> nat * list slayer * nat) (a : Z) (d : dir) (p : tl) (e : lterm) (f r : nat) :
  cterms kk caus mb (LCons a d p e) f r =
  let '(b, L1, f1, r1) := cnode kk caus mb p f r in let '(args, L2, f2, r2) := cterms kk caus mb e f1 r1 in
  ((b, a) :: args, L1 ++ L2, f2, r2).
Proof. reflexivity. Qed.

Lemma dir_eqb_true (d d' : dir) : dir_eqb d d' = true -> d = d'.
Proof. destruct d, d'; simpl; congruence. Qed.

Ltac split5 := refine (conj _ (conj _ (conj _ (conj _ _)))).

Section Nodes.
Variables (n : nat) (w : nat -> nat) (kk : nat) (caus : bool) (Ps : list npred) (mix : bool) (nx : nat).
Variable W : head -> (nat -> R) -> nat -> nat -> R.
Hypothesis Hn : (1 <= n)%nat.
Hypothesis HW : hs_below n W.
Hypothesis Hmx : mix = true -> (2 <= nx)%nat.
Local Notation ctx := (ctx n w kk caus Ps nx).
Local Notation base := (base kk Ps nx).
Local Notation xk := (c_pred kk (length Ps)).
Local Notation run L x := (net_run W n (real_net L) x).

Definition node_post (x : stream) (f r : nat) (p : tl) (res : nat * list slayer * nat * nat) : Prop :=
  let '(c, L, f', r') := res in
  (f <= f')%nat /\ r' = (r + length (tpreds p))%nat /\ (c < f')%nat /\ writes_in L f f' /\
  forall j, (j < n)%nat -> run L x j c = B2R (tsat n w p j).

Definition terms_post (x : stream) (f r : nat) (d : dir) (e : lterm) (res : list (nat * Z) * list slayer * nat * nat) : Prop :=
  let '(args, L, f', r') := res in
  (f <= f')%nat /\ r' = (r + length (lpreds e))%nat /\ writes_in L f f' /\
  (forall p, In p args -> (fst p < f')%nat /\ forall j, (j < n)%nat -> run L x j (fst p) = B2R (bit_of (run L x) (fst p) j)) /\
  (lsame d e = true -> forall i, (i < n)%nat -> lin_count args (fun b => count n d (bit_of (run L x) b) i) = lval n w e i) /\
  forall i, (i < n)%nat -> lin_mix (combine args (ldirs e)) (fun d b => count n d (bit_of (run L x) b) i) = lval n w e i.

Definition node_pre (x : stream) (f : nat) : Prop := (base <= f)%nat /\ ctx x /\ forall j c, (f <= c)%nat -> x j c = 0.

(** After a block writing inside [f, f'), the stream again satisfies the precondition at f'. *)
Lemma pre_after (x : stream) (L : snet) (f f' : nat) : node_pre x f -> (f <= f')%nat -> writes_in L f f' -> node_pre (run L x) f'.
Proof.
intros [Hb [Hc Hz]] Hf Hw. destruct (run_ctx n w kk caus Ps nx W Hn x L f f' ltac:(lia) Hw Hc Hz) as [H1 H2].
split; [lia|split; assumption].
Qed.

Lemma run_keep (x : stream) (L : snet) (f f' : nat) (c : nat) : writes_in L f f' -> (c < f)%nat -> forall j, run L x j c = x j c.
Proof. intros Hw Hc j. apply (net_frame W n L f f'); [exact Hw|lia]. Qed.

Lemma run_two (L1 L2 : snet) (x : stream) : run (L1 ++ L2) x = run L2 (run L1 x).
Proof. rewrite real_net_app. apply net_run_app. Qed.

(** The stop node !p | q of S and U, by two units at f2 and f2 + 1. *)
Definition stop_layers (a b f2 : nat) : snet :=
  [unit_layer (SUnit f2 (not_neurons a) 0); unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0)].

Lemma stop_units (y : stream) (a b f2 : nat) (P Q : nat -> bool) : node_pre y f2 -> (a < f2)%nat -> (b < f2)%nat ->
  (forall j, (j < n)%nat -> y j a = B2R (P j)) -> (forall j, (j < n)%nat -> y j b = B2R (Q j)) ->
  writes_in (stop_layers a b f2) f2 (f2 + 2) /\ node_pre (run (stop_layers a b f2) y) (f2 + 2) /\
  (forall j, (j < n)%nat -> run (stop_layers a b f2) y j (f2 + 1)%nat = B2R (negb (P j) || Q j)) /\
  (forall j, (j < n)%nat -> run (stop_layers a b f2) y j b = B2R (Q j)).
Proof.
intros Hx Ha Hb HP HQ. pose proof Hx as [Hb0 [Hc Hz]].
destruct (unit_block n W Hn y (SUnit f2 (not_neurons a) 0) (fun j => B2R (negb (P j))) Hz) as [Hw3 Hv3].
{ intros j Hj. apply unit_not, HP, Hj. }
pose proof (pre_after y _ f2 (S f2) Hx ltac:(lia) Hw3) as Hx3. pose proof Hx3 as [_ [_ Hz3]].
set (y3 := run [unit_layer (SUnit f2 (not_neurons a) 0)] y) in *.
assert (Hb3 : forall j, (j < n)%nat -> y3 j b = B2R (Q j)) by (intros j Hj; unfold y3; rewrite (run_keep y _ f2 (S f2) b Hw3 Hb); apply HQ, Hj).
destruct (unit_block n W Hn y3 (SUnit (f2 + 1) (or_neurons f2 b) 0) (fun j => B2R (negb (P j) || Q j))) as [Hw4 Hv4].
{ intros j c Hc'. cbn [su_out] in Hc'. apply Hz3. lia. }
{ intros j Hj. apply unit_or; [apply Hv3, Hj|apply Hb3, Hj|]. intros E. apply Nat.eqb_eq in E. lia. }
assert (Hw : writes_in (stop_layers a b f2) f2 (f2 + 2)).
{ change (stop_layers a b f2) with ([unit_layer (SUnit f2 (not_neurons a) 0)] ++ [unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0)]).
  apply writes_in_app; wmono. }
assert (Er : run (stop_layers a b f2) y = run [unit_layer (SUnit (f2 + 1) (or_neurons f2 b) 0)] y3) by reflexivity.
split; [exact Hw|split; [apply (pre_after y _ f2 (f2 + 2) Hx ltac:(lia) Hw)|split]].
- intros j Hj. rewrite Er. apply Hv4, Hj.
- intros j Hj. rewrite Er, (run_keep y3 _ (f2 + 1) (S (f2 + 1)) b Hw4) by lia. apply Hb3, Hj.
Qed.

(** The block of S (m = Future, sign 1) and U (m = Past, sign -1): the stop node, then the head of
    [su_head] rounded, whose value T at every position [blk] gives from the stop node and q. *)
Lemma su_units (y : stream) (a b f2 : nat) (Bp Bq T : nat -> bool) (m : mask) (sg : Q) : node_pre y f2 -> (a < f2)%nat -> (b < f2)%nat ->
  (forall j, (j < n)%nat -> y j a = B2R (Bp j)) -> (forall j, (j < n)%nat -> y j b = B2R (Bq j)) ->
  (forall y', node_pre y' (f2 + 2) -> (forall j, (j < n)%nat -> y' j (f2 + 1)%nat = B2R (negb (Bp j) || Bq j)) ->
     (forall j, (j < n)%nat -> y' j b = B2R (Bq j)) -> forall j, (j < n)%nat ->
     unit_val (real_unit (rounding1 (S (f2 + 2)) (f2 + 2))) (after_head W n (su_head kk (f2 + 2) b (f2 + 1) m sg) y' j) = B2R (T j)) ->
  writes_in (stop_layers a b f2 ++ [SLayer [su_head kk (f2 + 2) b (f2 + 1) m sg] [rounding1 (f2 + 3) (f2 + 2)]]) f2 (f2 + 4) /\
  forall j, (j < n)%nat -> run (stop_layers a b f2 ++ [SLayer [su_head kk (f2 + 2) b (f2 + 1) m sg] [rounding1 (f2 + 3) (f2 + 2)]]) y j (f2 + 3)%nat = B2R (T j).
Proof.
intros Hx Ha Hb HP HQ Hblk. replace (f2 + 3)%nat with (S (f2 + 2)) by lia.
destruct (stop_units y a b f2 Bp Bq Hx Ha Hb HP HQ) as [Hws [Hx4 [Hs Hq]]]. pose proof Hx4 as [_ [_ Hz4]].
destruct (hu_block n W Hn (run (stop_layers a b f2) y) (su_head kk (f2 + 2) b (f2 + 1) m sg) (rounding1 (S (f2 + 2)) (f2 + 2)) (fun j => B2R (T j)) eq_refl)
  as [Hw Hv]; [intros j c Hc'; apply Hz4; cbn [sh_out su_head] in Hc'; lia|exact (Hblk _ Hx4 Hs Hq)|].
split; [apply writes_in_app; wmono|]. intros j Hj. rewrite run_two. apply Hv, Hj.
Qed.

(** The block of P_n(#d[a]) on a stream holding the bits Bp at a (below f1), the embeddings [P_n(i)]
    and [P_n(0)] at the predicates r1 and r1 + 1. *)
Lemma pred_block (y : stream) (a : nat) (d : dir) (P : npred) (r1 f1 : nat) (Bp : nat -> bool) :
  node_pre y f1 -> (a < f1)%nat -> (forall j, (j < n)%nat -> y j a = B2R (Bp j)) ->
  (S r1 < length Ps)%nat -> nth r1 Ps (fun _ _ => false) = P -> nth (S r1) Ps (fun _ _ => false) = pred0 P ->
  (caus = true -> d = DLeft) ->
  writes_in (pred_layers kk caus a d (c_pred kk r1) f1) f1 (f1 + 6) /\
  forall i, (i < n)%nat -> run (pred_layers kk caus a d (c_pred kk r1) f1) y i (f1 + 5)%nat = B2R (P n (count n d Bp i)).
Proof.
intros Hx Ha HB Hr2 HP HP0 Hd. pose proof Hx as [Hb [Hc Hz]]. unfold pred_layers.
assert (Hr1 : (r1 < length Ps)%nat) by lia.
assert (Hpc : (S (c_pred kk r1) < f1)%nat) by (unfold base, LTLCountBlocks.base in Hb; unfold c_pred; lia).
replace (f1 + 2)%nat with (S (f1 + 1)) by lia.
set (Lc := SLayer [count_shead f1 a d] []).
set (Ls := SLayer [su_head kk (f1 + 1) a a (dmask d) (match d with DLeft => 1%Q | DRight => (-1)%Q end)] [rounding1 (S (f1 + 1)) (f1 + 1)]).
set (Lz := unit_layer (SUnit (f1 + 3) (not_neurons (S (f1 + 1))) 0)).
set (Ll := SLayer [look_head kk (f1 + 4) (c_pred kk r1) f1 (c_inv kk d) (sign_mask caus)] [pred_unit (f1 + 5) (f1 + 4) (f1 + 3) (S (c_pred kk r1))]).
(* the count *)
assert (Hw1 : writes_in [Lc] f1 (f1 + 1)) by exact (count_layers_writes [(a, 0%Z)] f1 d).
pose proof (pre_after y [Lc] f1 (f1 + 1) Hx ltac:(lia) Hw1) as Hx1. pose proof Hx1 as [Hb1 [Hc1 Hz1]].
set (y1 := run [Lc] y) in *.
assert (Hcnt : forall i, (i < n)%nat -> y1 i f1 = INR (count n d Bp i) / INR (span n d i)).
{ intros i Hi. pose proof (count_layers_run W n d (fun _ => Bp) (W_hs n W HW) [(a, 0%Z)] f1 y
    ltac:(intros p [<-|[]]; split; [exact Ha|exact HB]) Hz 0%nat i ltac:(simpl; lia) Hi) as H.
  rewrite Nat.add_0_r in H. exact H. }
assert (Ha1 : forall j, (j < n)%nat -> y1 j a = B2R (Bp j)) by (intros j Hj; unfold y1; rewrite (run_keep y [Lc] f1 (f1 + 1) a Hw1 Ha); apply HB, Hj).
(* whether anything is counted *)
set (Ex := fun j => negb (Nat.eqb (count n d Bp j) 0)).
destruct (hu_block n W Hn y1 (su_head kk (f1 + 1) a a (dmask d) (match d with DLeft => 1%Q | DRight => (-1)%Q end))
            (rounding1 (S (f1 + 1)) (f1 + 1)) (fun j => B2R (Ex j)) eq_refl) as [Hw2 Hv2].
{ intros j c Hc'. apply Hz1. cbn [sh_out su_head] in Hc'. lia. }
{ intros j Hj. unfold Ex. destruct d; cbn [dmask].
  - rewrite (s_block n w kk caus Ps nx W Hn HW y1 (f1 + 1) Hc1 ltac:(lia) ltac:(intros; apply Hz1; lia) a a Bp Bp Ha1 Ha1 j Hj).
    f_equal. change (Bp (topS Bp j)) with (Bp (topS (fun j => negb true || Bp j) j)). rewrite <- since_top, since_counted. reflexivity.
  - rewrite (u_block n w kk caus Ps nx W Hn HW y1 (f1 + 1) Hc1 ltac:(lia) ltac:(intros; apply Hz1; lia) a a Bp Bp Ha1 Ha1 j Hj).
    f_equal. change (Bp (topU Bp (n - j) j)) with (Bp (topU (fun j => negb true || Bp j) (n - j) j)). rewrite <- until_top, until_counted by lia. reflexivity. }
pose proof (pre_after y1 [Ls] (f1 + 1) (f1 + 3) Hx1 ltac:(lia) ltac:(eapply writes_in_mono; [exact Hw2|cbn [sh_out su_head]; lia|cbn [su_out rounding1]; lia])) as Hx2.
pose proof Hx2 as [Hb2 [Hc2 Hz2]]. set (y2 := run [Ls] y1) in *.
(* Z *)
destruct (unit_block n W Hn y2 (SUnit (f1 + 3) (not_neurons (S (f1 + 1))) 0) (fun j => B2R (Nat.eqb (count n d Bp j) 0)) Hz2) as [Hw3 Hv3].
{ intros j Hj. rewrite <- (negb_involutive (Nat.eqb _ 0)). apply unit_not. apply Hv2, Hj. }
assert (Hw3' : writes_in [Lz] (f1 + 3) (f1 + 4)) by (eapply writes_in_mono; [exact Hw3|cbn [su_out]; lia|cbn [su_out]; lia]).
clear Hw3. rename Hw3' into Hw3.
pose proof (pre_after y2 [Lz] (f1 + 3) (f1 + 4) Hx2 ltac:(lia) Hw3) as Hx3. pose proof Hx3 as [Hb3 [Hc3 Hz3]].
set (y3 := run [Lz] y2) in *.
assert (Hcnt3 : forall i, (i < n)%nat -> y3 i f1 = INR (count n d Bp i) / INR (span n d i)).
{ intros i Hi. unfold y3. rewrite (run_keep y2 [Lz] (f1 + 3) (f1 + 4) f1 Hw3) by lia.
  unfold y2. rewrite (run_keep y1 [Ls] (f1 + 1) (f1 + 3) f1) by (lia || (eapply writes_in_mono; [exact Hw2|cbn [sh_out su_head]; lia|cbn [su_out rounding1]; lia])).
  apply Hcnt, Hi. }
(* the lookup and P_n(C) *)
destruct (hu_block n W Hn y3 (look_head kk (f1 + 4) (c_pred kk r1) f1 (c_inv kk d) (sign_mask caus))
            (pred_unit (f1 + 5) (f1 + 4) (f1 + 3) (S (c_pred kk r1))) (fun i => B2R (P n (count n d Bp i))) ltac:(cbn; lia)) as [Hw4 Hv4].
{ intros j c Hc'. apply Hz3. cbn [sh_out look_head] in Hc'. lia. }
{ intros i Hi. set (C := count n d Bp i). set (hl := look_head kk (f1 + 4) (c_pred kk r1) f1 (c_inv kk d) (sign_mask caus)).
  assert (Hpv : forall j, y3 j (c_pred kk r1) = B2R (P n (S j))) by (intros j; rewrite (cx_pred _ _ _ _ _ _ y3 Hc3 r1 j Hr1), HP; reflexivity).
  assert (Hp0 : y3 i (S (c_pred kk r1)) = B2R (P n 0%nat)).
  { replace (S (c_pred kk r1)) with (c_pred kk (S r1)) by (unfold c_pred; lia).
    rewrite (cx_pred _ _ _ _ _ _ y3 Hc3 (S r1) i Hr2), HP0. reflexivity. }
  assert (H0 : y3 i (sh_out hl) = 0) by (apply Hz3; cbn [sh_out hl look_head]; lia).
  replace (B2R (P n C)) with (B2R (if Nat.eqb C 0 then P n 0%nat else P n C)) by (destruct (Nat.eqb_spec C 0) as [->|]; reflexivity).
  apply pred_unit_exact.
  - rewrite after_head_other by (cbn [sh_out hl look_head]; lia). apply Hv3, Hi.
  - rewrite after_head_other by (cbn [sh_out hl look_head]; lia). exact Hp0.
  - change (after_head W n hl y3 i (f1 + 4)%nat) with (after_head W n hl y3 i (sh_out hl)).
    rewrite (after_head_out n W hl y3 i H0). apply head_out_01; [exact Hi|exact (W_hs n W HW)|].
    intros j _. cbn [real_head hl look_head h_val sh_val]. rewrite Hpv. destruct (P n (S j)); simpl; lra.
  - intros EC. apply Nat.eqb_neq in EC. pose proof (stage_span (sign_mask caus) d n i Hi) as Hs.
    pose proof (count_le_span n d Bp i) as Hle. fold C in Hle.
    assert (HC : (1 <= C <= vis_cnt (sign_mask caus) n i)%nat).
    { unfold sign_mask. destruct caus eqn:Ec; cbn [vis_cnt]; [rewrite (Hd eq_refl) in Hle; cbn [span] in Hle|]; lia. }
    assert (Hlo : vis_lo (sign_mask caus) i = 0%nat) by (unfold sign_mask; destruct caus; reflexivity).
    assert (Hinv : y3 i (c_inv kk d) = / INR (span n d i))
      by (destruct d; cbn [c_inv span]; [apply (cx_invl _ _ _ _ _ _ y3 Hc3)|apply (cx_invr _ _ _ _ _ _ y3 Hc3)]; exact Hi).
    change (after_head W n hl y3 i (f1 + 4)%nat) with (after_head W n hl y3 i (sh_out hl)).
    rewrite (after_head_out n W hl y3 i H0). unfold hl.
    replace (B2R (P n C)) with (y3 (C - 1)%nat (c_pred kk r1)) by (rewrite Hpv; f_equal; f_equal; lia).
    destruct HW as [EW|HS]; [rewrite EW|destruct (HS (real_head (look_head kk (f1 + 4) (c_pred kk r1) f1 (c_inv kk d) (sign_mask caus)))) as [tau [Htau EW]]; rewrite (head_out_W W tau n _ y3 i EW)].
    + rewrite (look_hard n kk (f1 + 4) (c_pred kk r1) f1 (c_inv kk d) (sign_mask caus) y3 i C (span n d i)); try assumption.
      * rewrite Rminus_diag_eq, Rabs_R0 by reflexivity. lra.
      * apply Hcnt3, Hi.
      * apply (cx_negsq _ _ _ _ _ _ y3 Hc3).
      * apply (cx_two _ _ _ _ _ _ y3 Hc3).
    + eapply Rle_trans; [apply (look_low n kk (f1 + 4) (c_pred kk r1) f1 (c_inv kk d) (sign_mask caus) y3 i C (span n d i)); try assumption|lra].
      * apply Hcnt3, Hi.
      * apply (cx_negsq _ _ _ _ _ _ y3 Hc3).
      * apply (cx_two _ _ _ _ _ _ y3 Hc3).
      * intros j _. rewrite Hpv. destruct (P n (S j)); simpl; lra. }
split.
- change [Lc; Ls; Lz; Ll] with ([Lc] ++ [Ls] ++ [Lz] ++ [Ll]). repeat apply writes_in_app; wmono.
- intros i Hi. change (run [Lc; Ls; Lz; Ll] y) with (run [Ll] (run [Lz] (run [Ls] (run [Lc] y)))). fold y1 y2 y3.
  change (f1 + 5)%nat with (su_out (pred_unit (f1 + 5) (f1 + 4) (f1 + 3) (S (c_pred kk r1)))). apply Hv4, Hi.
Qed.

End Nodes.

(** ** Every compiled sub-formula's coordinate holds its truth value, for any mixed block

    [cnode_ok]: for a block [mb] of the comparisons mixing #left and #right that writes inside its
    fresh coordinates and outputs the comparison ([Hmb]), under an invariant [inv] of the stream
    that no block writing above [base] breaks (none for [bnode]; the bounded keys for [qnode],
    LTLCountPaperNodes.v). *)

Section CNodes.
Variables (n : nat) (w : nat -> nat) (kk : nat) (caus : bool) (Ps : list npred) (mix : bool) (nx : nat).
Variable W : head -> (nat -> R) -> nat -> nat -> R.
Hypothesis Hn : (1 <= n)%nat.
Hypothesis HW : hs_below n W.
Hypothesis Hmx : mix = true -> (2 <= nx)%nat.
Variable mb : list (nat * Z * dir) -> Z -> nat -> nat * list slayer * nat.
Variable inv : stream -> Prop.
Local Notation run L x := (net_run W n (real_net L) x).
Local Notation node_pre := (node_pre n w kk caus Ps nx).
Local Notation node_post := (node_post n w W).
Local Notation terms_post := (terms_post n w W).
Local Notation pre_after := (pre_after n w kk caus Ps mix nx W Hn Hmx).
Local Notation run_keep := (run_keep n mix nx W Hn Hmx).
Local Notation run_two := (run_two n W).
Local Notation su_units := (su_units n w kk caus Ps mix nx W Hn Hmx).
Local Notation pred_block := (pred_block n w kk caus Ps mix nx W Hn HW Hmx).
Hypothesis Hinv : forall (x : stream) (L : snet) (f f' : nat), node_pre x f -> writes_in L f f' -> inv x -> inv (run L x).
Hypothesis Hmb : forall (Bf : nat -> nat -> bool) (y : stream) (ts : list (nat * Z * dir)) (c0 : Z) (g : nat),
  mix && negb caus = true -> node_pre y g -> inv y ->
  (forall q, In q ts -> (fst (fst q) < g)%nat /\ forall j, (j < n)%nat -> y j (fst (fst q)) = B2R (Bf (fst (fst q)) j)) ->
  let '(c, M, g') := mb ts c0 g in (g <= g')%nat /\ (c < g')%nat /\ writes_in M g g' /\
  forall i, (i < n)%nat -> run M y i c = B2R (Z.leb 0 (lin_mix ts (fun d b => count n d (Bf b) i) + c0)).

Lemma cnode_ok (p : tl) : forall f r x, mfrag kk caus mix p = true -> pre_ok Ps (tpreds p) r -> node_pre x f -> inv x ->
  node_post x f r p (cnode kk caus mb p f r)
with cterms_ok (e : lterm) : forall d f r x, mlfrag kk caus mix e = true -> pre_ok Ps (lpreds e) r -> node_pre x f -> inv x ->
  terms_post x f r d e (cterms kk caus mb e f r).
Proof.
- destruct p as [a|b|p|p q|p q|p|p|p q|p q|e c0|P|P d p]; intros f r x Hf Hr Hx Hk0; cbn [mfrag tpreds] in Hf, Hr;
    try rewrite cnode_cmp; cbn [cnode]; unfold node_post.
  + (* letter *) apply Nat.ltb_lt in Hf. destruct Hx as [Hb [Hc Hz]]. unfold base, LTLCountBlocks.base in Hb.
    split5; [lia|simpl; lia|lia|apply writes_in_nil|]. intros j Hj. apply (cx_letter _ _ _ _ _ _ x Hc); assumption.
  + (* constant *) destruct Hx as [Hb [Hc Hz]].
    destruct (unit_block n W Hn (x) (SUnit f [] (if b then 1%Q else 0%Q)) (fun _ => B2R b) Hz (fun j _ => unit_const f b (x j))) as [Hw Hv].
    split5; [lia|simpl; lia|lia|exact Hw|exact Hv].
  + (* not *) destruct (cnode kk caus mb p f r) as [[[a L] f1] r1] eqn:E.
    pose proof (cnode_ok p f r x Hf Hr Hx Hk0) as IH. rewrite E in IH. destruct IH as [H1 [H2 [H3 [H4 H5]]]].
    destruct (pre_after x L f f1 Hx H1 H4) as [_ [_ Hz1]].
    destruct (unit_block n W Hn (run L x) (SUnit f1 (not_neurons a) 0) (fun j => B2R (negb (tsat n w p j))) Hz1) as [Hw Hv].
    { intros j Hj. apply unit_not, H5, Hj. }
    split5; [lia|cbn [tpreds]; lia|lia|apply writes_in_app; wmono|].
    intros j Hj. rewrite run_two. apply Hv, Hj.
  + (* and *) apply andb_true_iff in Hf. destruct Hf as [Hfp Hfq].
    destruct (cnode kk caus mb p f r) as [[[a L1] f1] r1] eqn:E1.
    pose proof (cnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH1. rewrite E1 in IH1. destruct IH1 as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L1 f f1 Hx H1 H4) as Hx1.
    destruct (cnode kk caus mb q f1 r1) as [[[b L2] f2] r2] eqn:E2.
    pose proof (cnode_ok q f1 r1 (run L1 x) Hfq ltac:(subst r1; apply pre_ok_r, Hr) Hx1 (Hinv x L1 f f1 Hx H4 Hk0)) as IH2. rewrite E2 in IH2.
    destruct IH2 as [G1 [G2 [G3 [G4 G5]]]]. destruct (pre_after _ L2 f1 f2 Hx1 G1 G4) as [_ [_ Hz2]].
    assert (Ha : forall j, (j < n)%nat -> run L2 (run L1 x) j a = B2R (tsat n w p j)) by (intros j Hj; rewrite (run_keep _ L2 f1 f2 a G4 H3); apply H5, Hj).
    destruct (unit_block n W Hn (run L2 (run L1 x)) (SUnit f2 [SNeuron 1 (sum_of a b) (-1)] 0) (fun j => B2R (tsat n w p j && tsat n w q j)) Hz2) as [Hw Hv].
    { intros j Hj. apply unit_and; [apply Ha, Hj|apply G5, Hj|]. intros Eab. apply Nat.eqb_eq in Eab. subst b.
      apply B2R_inj. rewrite <- Ha, <- G5 by exact Hj. reflexivity. }
    split5; [lia|cbn [tpreds]; rewrite app_length; lia|lia| |].
    * repeat apply writes_in_app; wmono.
    * intros j Hj. rewrite !run_two. apply Hv, Hj.
  + (* or *) apply andb_true_iff in Hf. destruct Hf as [Hfp Hfq].
    destruct (cnode kk caus mb p f r) as [[[a L1] f1] r1] eqn:E1.
    pose proof (cnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH1. rewrite E1 in IH1. destruct IH1 as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L1 f f1 Hx H1 H4) as Hx1.
    destruct (cnode kk caus mb q f1 r1) as [[[b L2] f2] r2] eqn:E2.
    pose proof (cnode_ok q f1 r1 (run L1 x) Hfq ltac:(subst r1; apply pre_ok_r, Hr) Hx1 (Hinv x L1 f f1 Hx H4 Hk0)) as IH2. rewrite E2 in IH2.
    destruct IH2 as [G1 [G2 [G3 [G4 G5]]]]. destruct (pre_after _ L2 f1 f2 Hx1 G1 G4) as [_ [_ Hz2]].
    assert (Ha : forall j, (j < n)%nat -> run L2 (run L1 x) j a = B2R (tsat n w p j)) by (intros j Hj; rewrite (run_keep _ L2 f1 f2 a G4 H3); apply H5, Hj).
    destruct (unit_block n W Hn (run L2 (run L1 x)) (SUnit f2 (or_neurons a b) 0) (fun j => B2R (tsat n w p j || tsat n w q j)) Hz2) as [Hw Hv].
    { intros j Hj. apply unit_or; [apply Ha, Hj|apply G5, Hj|]. intros Eab. apply Nat.eqb_eq in Eab. subst b.
      apply B2R_inj. rewrite <- Ha, <- G5 by exact Hj. reflexivity. }
    split5; [lia|cbn [tpreds]; rewrite app_length; lia|lia| |].
    * repeat apply writes_in_app; wmono.
    * intros j Hj. rewrite !run_two. apply Hv, Hj.
  + (* Y *) destruct (cnode kk caus mb p f r) as [[[a L] f1] r1] eqn:E.
    pose proof (cnode_ok p f r x Hf Hr Hx Hk0) as IH. rewrite E in IH. destruct IH as [H1 [H2 [H3 [H4 H5]]]].
    destruct (pre_after x L f f1 Hx H1 H4) as [Hb1 [Hc1 Hz1]].
    destruct (hu_block n W Hn (run L x) (sel_head kk f1 a Future 1) (rounding (S f1) f1 (c_first kk))
                (fun j => B2R (tsat n w p (j - 1)%nat && negb (Nat.eqb j 0))) eq_refl Hz1) as [Hw Hv].
    { apply (y_block n w kk caus Ps nx W Hn HW (run L x) f1 Hc1 Hb1 Hz1 a (tsat n w p) H5). }
    split5; [lia|cbn [tpreds]; lia|lia|apply writes_in_app; wmono|].
    intros j Hj. rewrite run_two. change (S f1) with (su_out (rounding (S f1) f1 (c_first kk))). rewrite Hv by exact Hj.
    cbn [tsat]. f_equal. destruct j as [|j]; [simpl; rewrite andb_false_r; reflexivity|]. simpl. rewrite Nat.sub_0_r, andb_true_r. reflexivity.
  + (* X *) apply andb_true_iff in Hf. destruct Hf as [Hcaus Hf]. apply negb_true_iff in Hcaus.
    destruct (cnode kk caus mb p f r) as [[[a L] f1] r1] eqn:E.
    pose proof (cnode_ok p f r x Hf Hr Hx Hk0) as IH. rewrite E in IH. destruct IH as [H1 [H2 [H3 [H4 H5]]]].
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
    destruct (cnode kk caus mb p f r) as [[[a L1] f1] r1] eqn:E1.
    pose proof (cnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH1. rewrite E1 in IH1. destruct IH1 as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L1 f f1 Hx H1 H4) as Hx1.
    destruct (cnode kk caus mb q f1 r1) as [[[b L2] f2] r2] eqn:E2.
    pose proof (cnode_ok q f1 r1 (run L1 x) Hfq ltac:(subst r1; apply pre_ok_r, Hr) Hx1 (Hinv x L1 f f1 Hx H4 Hk0)) as IH2. rewrite E2 in IH2.
    destruct IH2 as [G1 [G2 [G3 [G4 G5]]]]. pose proof (pre_after _ L2 f1 f2 Hx1 G1 G4) as Hx2.
    assert (Ha : forall j, (j < n)%nat -> run L2 (run L1 x) j a = B2R (tsat n w p j)) by (intros j Hj; rewrite (run_keep _ L2 f1 f2 a G4 H3); apply H5, Hj).
    destruct (su_units (run L2 (run L1 x)) a b f2 (tsat n w p) (tsat n w q) _ _ _ Hx2 ltac:(lia) G3 Ha G5
                (fun y' '(conj Hb' (conj Hc' Hz')) Hs Hq => s_block n w kk caus Ps nx W Hn HW y' (f2 + 2) Hc' Hb' Hz' b (f2 + 1) _ _ Hs Hq)) as [Hw Hv].
    split5; [lia|cbn [tpreds]; rewrite app_length; lia|lia|repeat apply writes_in_app; wmono|].
    intros j Hj. rewrite !run_two. rewrite Hv by exact Hj. cbn [tsat]. rewrite since_top. reflexivity.
  + (* U *) apply andb_true_iff in Hf. destruct Hf as [Hf Hfq]. apply andb_true_iff in Hf. destruct Hf as [Hcaus Hfp].
    destruct (cnode kk caus mb p f r) as [[[a L1] f1] r1] eqn:E1.
    pose proof (cnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH1. rewrite E1 in IH1. destruct IH1 as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L1 f f1 Hx H1 H4) as Hx1.
    destruct (cnode kk caus mb q f1 r1) as [[[b L2] f2] r2] eqn:E2.
    pose proof (cnode_ok q f1 r1 (run L1 x) Hfq ltac:(subst r1; apply pre_ok_r, Hr) Hx1 (Hinv x L1 f f1 Hx H4 Hk0)) as IH2. rewrite E2 in IH2.
    destruct IH2 as [G1 [G2 [G3 [G4 G5]]]]. pose proof (pre_after _ L2 f1 f2 Hx1 G1 G4) as Hx2.
    assert (Ha : forall j, (j < n)%nat -> run L2 (run L1 x) j a = B2R (tsat n w p j)) by (intros j Hj; rewrite (run_keep _ L2 f1 f2 a G4 H3); apply H5, Hj).
    destruct (su_units (run L2 (run L1 x)) a b f2 (tsat n w p) (tsat n w q) _ _ _ Hx2 ltac:(lia) G3 Ha G5
                (fun y' '(conj Hb' (conj Hc' Hz')) Hs Hq => u_block n w kk caus Ps nx W Hn HW y' (f2 + 2) Hc' Hb' Hz' b (f2 + 1) _ _ Hs Hq)) as [Hw Hv].
    split5; [lia|cbn [tpreds]; rewrite app_length; lia|lia|repeat apply writes_in_app; wmono|].
    intros j Hj. rewrite !run_two. rewrite Hv by exact Hj. cbn [tsat]. rewrite until_top by lia. reflexivity.
  + (* comparison *) apply andb_true_iff in Hf. destruct Hf as [Hfe Hcd].
    destruct (cterms kk caus mb e f r) as [[[args L] f1] r1] eqn:E.
    pose proof (cterms_ok e (ldir e) f r x Hfe Hr Hx Hk0) as IH. rewrite E in IH. destruct IH as [H1 [H2 [H3 [H4 [H5 H6]]]]].
    destruct (pre_after x L f f1 Hx H1 H3) as [Hb1 [Hc1 Hz1]].
    destruct (lsame (ldir e) e) eqn:Els.
    * (* one side *)
      assert (Hd : caus = true -> ldir e = DLeft) by (intros Ec; rewrite Ec in Hcd; destruct (ldir e); [reflexivity|discriminate]).
      cbv beta iota. split5; [lia|cbn [tpreds]; lia|lia| |].
      -- apply writes_in_app; [wmono|]. eapply writes_in_mono; [apply (cmp_writes n kk caus Hn)|lia|lia].
      -- intros j Hj. rewrite run_two.
         rewrite (cmp_block n w kk caus Ps nx W Hn HW (run L x) args (ldir e) c0 f1 Hc1 Hb1 Hz1 Hd H4 j Hj).
         cbn [tsat]. rewrite (H5 eq_refl) by exact Hj. reflexivity.
    * (* both sides: the block [mb] *)
      try rewrite Els in Hcd. set (ts := combine args (ldirs e)).
      assert (Hts : forall q, In q ts -> (fst (fst q) < f1)%nat /\ forall j, (j < n)%nat -> run L x j (fst (fst q)) = B2R (bit_of (run L x) (fst (fst q)) j)).
      { intros [q dq] Hq. apply in_combine_l in Hq. apply H4, Hq. }
      pose proof (Hmb (bit_of (run L x)) (run L x) ts c0 f1 Hcd (pre_after x L f f1 Hx H1 H3) (Hinv x L f f1 Hx H3 Hk0) Hts) as Hm.
      destruct (mb ts c0 f1) as [[c M] f2]. destruct Hm as [M1 [M2 [Hw Hv]]].
      cbv beta iota. split5; [lia|cbn [tpreds]; lia|lia|apply writes_in_app; [wmono|eapply writes_in_mono; [exact Hw|lia|lia]]|].
      intros j Hj. rewrite run_two, (Hv j Hj). cbn [tsat]. unfold ts. rewrite (H6 j Hj). reflexivity.
  + (* position predicate *) destruct Hx as [Hb [Hc Hz]]. destruct Hr as [pre [suf [EP EL]]].
    assert (Hr : (r < length Ps)%nat) by (rewrite EP, app_length; simpl; lia).
    unfold base, LTLCountBlocks.base in Hb. split5; [lia|simpl; lia|unfold c_pred; lia|apply writes_in_nil|].
    intros j Hj. cbn [real_net map net_run tsat]. rewrite (cx_pred _ _ _ _ _ _ x Hc r j Hr). f_equal.
    rewrite EP, <- EL, app_nth2, Nat.sub_diag by lia. reflexivity.
  + (* predicate on a count *) apply andb_true_iff in Hf. destruct Hf as [Hfp Hcd].
    destruct (cnode kk caus mb p f r) as [[[a L] f1] r1] eqn:E.
    pose proof (cnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH. rewrite E in IH. destruct IH as [H1 [H2 [H3 [H4 H5]]]].
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
- destruct e as [|a d' p e]; intros d f r x Hf Hr Hx Hk0; cbn [mlfrag lpreds] in Hf, Hr; [cbn [cterms]|rewrite cterms_cons]; unfold terms_post.
  + destruct Hx as [Hb [Hc Hz]]. refine (conj _ (conj _ (conj _ (conj _ (conj _ _))))); [lia|simpl; lia|apply writes_in_nil|intros p []| |].
    * intros _ i Hi. reflexivity.
    * intros i Hi. reflexivity.
  + apply andb_true_iff in Hf. destruct Hf as [Hfp He].
    destruct (cnode kk caus mb p f r) as [[[b L1] f1] r1] eqn:E1.
    pose proof (cnode_ok p f r x Hfp (pre_ok_l _ _ _ _ Hr) Hx Hk0) as IH1. rewrite E1 in IH1. destruct IH1 as [H1 [H2 [H3 [H4 H5]]]].
    pose proof (pre_after x L1 f f1 Hx H1 H4) as Hx1.
    destruct (cterms kk caus mb e f1 r1) as [[[args L2] f2] r2] eqn:E2.
    pose proof (cterms_ok e d f1 r1 (run L1 x) He ltac:(subst r1; apply pre_ok_r, Hr) Hx1 (Hinv x L1 f f1 Hx H4 Hk0)) as IH2. rewrite E2 in IH2.
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

End CNodes.

(** ** [bnode]: the mixed comparisons by the n-scaled keys ([mix_block]) *)

Section Nodes.
Variables (n : nat) (w : nat -> nat) (kk : nat) (caus : bool) (Ps : list npred) (mix : bool) (nx : nat).
Variable W : head -> (nat -> R) -> nat -> nat -> R.
Hypothesis Hn : (1 <= n)%nat.
Hypothesis HW : hs_below n W.
Hypothesis Hmx : mix = true -> (2 <= nx)%nat.
Local Notation xk := (c_pred kk (length Ps)).
Local Notation node_pre := (node_pre n w kk caus Ps nx).
Local Notation node_post := (node_post n w W).
Local Notation terms_post := (terms_post n w W).

Lemma bmix_ok : forall Bf y ts c0 g, mix && negb caus = true -> node_pre y g -> True ->
  (forall q, In q ts -> (fst (fst q) < g)%nat /\ forall j, (j < n)%nat -> y j (fst (fst q)) = B2R (Bf (fst (fst q)) j)) ->
  let '(c, M, g') := bmix kk xk ts c0 g in (g <= g')%nat /\ (c < g')%nat /\ writes_in M g g' /\
  forall i, (i < n)%nat -> net_run W n (real_net M) y i c = B2R (Z.leb 0 (lin_mix ts (fun d b => count n d (Bf b) i) + c0)).
Proof.
intros Bf y ts c0 g Hm [Hb [Hc Hz]] _ Hts. apply andb_true_iff in Hm. destruct Hm as [Hm _].
destruct (mix_block n w kk caus Ps nx W Hn HW (Hmx Hm) Bf y ts c0 g Hc Hb Hz Hts) as [Hw Hv].
split; [lia|split; [lia|split; [exact Hw|exact Hv]]].
Qed.

Lemma bnode_ok (p : tl) : forall f r x, mfrag kk caus mix p = true -> pre_ok Ps (tpreds p) r -> node_pre x f ->
  node_post x f r p (bnode kk caus xk p f r).
Proof. intros f r x Hf Hr Hx. exact (cnode_ok n w kk caus Ps mix nx W Hn HW Hmx (bmix kk xk) (fun _ => True) (fun _ _ _ _ _ _ _ => I) bmix_ok p f r x Hf Hr Hx I). Qed.

Lemma bterms_ok (e : lterm) : forall d f r x, mlfrag kk caus mix e = true -> pre_ok Ps (lpreds e) r -> node_pre x f ->
  terms_post x f r d e (bterms kk caus xk e f r).
Proof. intros d f r x Hf Hr Hx. exact (cterms_ok n w kk caus Ps mix nx W Hn HW Hmx (bmix kk xk) (fun _ => True) (fun _ _ _ _ _ _ _ => I) bmix_ok e d f r x Hf Hr Hx I). Qed.

End Nodes.
