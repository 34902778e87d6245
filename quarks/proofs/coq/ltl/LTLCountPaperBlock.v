(** * Seed 004, Theorem 20 (a) as printed: the paper's block for a comparison mixing #left and #right, at layer level.

    [pmix_layers] places LTLCountPaper.v's heads in layers, every weight independent of n.  For
    each term a_k #d_k[phi_k] (argument coordinate b_k), fresh from g: the count head C/d at g,
    [some position counted] at g + 1 rounded at g + 2, Z = [C = 0] at g + 3, the lookup
    [plook_shead] (query C/d, 1/d with weights 2K, K on the bounded keys j/n^2, -(j/n)^2 at k1, k2,
    value j/n) at g + 4 and the read ReLU(lookup - Z) at g + 5, within perr K / n of C/n
    ([pterm_run], through [plook_soft] and [pread_close]).  Then the local unit at G, which rounds
    4 (sum_k a_k r_k + c0) + 2 ([ploc_sunit]: always in [0, 1], and [sum_k a_k C_k + c0 >= 0] when
    n = 1, where the reads are within 1/4 of the counts), the uniform head over the first-position
    flag (1/n) at G + 1, the sign head of (E + 1/2)/n (query weights 2 a_k on the reads,
    2 (c0 + 1/2) on 1/n, key (-1)^j, value [j even]) at G + 2 and the comparison unit at G + 3
    ([psign_sunit]: Lemma 9's rounding of the sign head gated by [n = 1], plus the local unit when
    n = 1, where the sign head sees one position).  With K = 2 + 2 sum_k |a_k|, on a
    stream holding the context and the bounded keys, under any weighting [hs_below] whose heads
    not reading an unbounded key run at 1/(2n^3) (LTLCountFixed.v's [w_two] among them), the block
    writes exactly [sum_k a_k #d_k[phi_k] + c0 >= 0] at every position, for every n >= 1
    ([pmix_block]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountLookup LTLCountMix LTLCountPaper LTLCountLow LTLCountFixed.
Import ListNotations.
Open Scope R_scope.

(** ** The layers *)

Section Layers.
Variables (kk k1 k2 : nat).
Local Open Scope nat_scope.

(** The lookup of C/n: query C/d, 1/d with weights 2K, K on the keys j/n^2, -(j/n)^2, value j/n. *)
Definition plook_shead (att cnt inv : nat) (K : Z) : shead :=
  SHead att (c_frac kk) [(cnt, k1, inject_Z (2 * K)); (inv, k2, inject_Z K)] NoMask Average.

(** ReLU(read - Z). *)
Definition pread_sunit (out att z : nat) : sunit := SUnit out [SNeuron 1 [(att, 1%Q); (z, (-1)%Q)] 0] 0.

Definition pterm_layers (b : nat) (d : dir) (K : Z) (g : nat) : list slayer :=
  [SLayer [count_shead g b d] [];
   SLayer [su_head kk (g + 1) b b (dmask d) (match d with DLeft => 1%Q | DRight => (-1)%Q end)] [rounding1 (g + 2) (g + 1)];
   unit_layer (SUnit (g + 3) (not_neurons (g + 2)) 0);
   SLayer [plook_shead (g + 4) g (c_inv kk d) K] [pread_sunit (g + 5) (g + 4) (g + 3)]].

Fixpoint pterms_layers (ts : list (nat * Z * dir)) (K : Z) (g : nat) : list slayer :=
  match ts with [] => [] | (b, _, d) :: ts' => pterm_layers b d K g ++ pterms_layers ts' K (g + 6) end.

(** The sign head's query list: the read of each term and its coefficient. *)
Fixpoint pqlist (ts : list (nat * Z * dir)) (g : nat) : list (nat * Z) :=
  match ts with [] => [] | (_, a, _) :: ts' => (g + 5, a) :: pqlist ts' (g + 6) end.

(** [sum_k a_k r_k + c0 >= 0] from the reads r_k (exact when n = 1, where r_k is within 1/4 of
    C_k): ReLU(4 (sum_k a_k r_k + c0) + 2) - ReLU(4 (sum_k a_k r_k + c0) + 1), always in [0, 1]. *)
Definition ploc_weights (qs : list (nat * Z)) : list (nat * Q) := map (fun p => (fst p, inject_Z (4 * snd p))) qs.
Definition ploc_sunit (out : nat) (qs : list (nat * Z)) (c0 : Z) : sunit :=
  SUnit out [SNeuron 1 (ploc_weights qs) (inject_Z (4 * c0 + 2)); SNeuron (-1) (ploc_weights qs) (inject_Z (4 * c0 + 1))] 0.

(** 1/n: the unmasked uniform head over the first-position flag. *)
Definition inv_shead (att : nat) : shead := SHead att (c_first kk) [] NoMask Average.

(** The comparison unit: Lemma 9's rounding of att gated off by one = [n = 1], plus ReLU(loc + 2 one - 2),
    which is loc when n = 1 and 0 otherwise, for every loc in [0, 1] (and a little beyond). *)
Definition psign_sunit (out att one loc : nat) : sunit :=
  SUnit out [SNeuron 1 [(att, 2%Q); (one, (-2)%Q)] (-1 # 2); SNeuron (-1) [(att, 2%Q); (one, (-2)%Q)] (-3 # 2);
             SNeuron 1 [(loc, 1%Q); (one, 2%Q)] (-2)] 0.

(** The block over the terms ts (coordinate, a_k, side), fresh from g; the result at g + 6m + 3. *)
Definition pmix_layers (ts : list (nat * Z * dir)) (c0 : Z) (g : nat) : list slayer :=
  let G := (g + 6 * length ts)%nat in
  pterms_layers ts (2 + 2 * labs ts) g ++
  [unit_layer (ploc_sunit G (pqlist ts g) c0);
   SLayer [inv_shead (S G)] [];
   SLayer [sign_shead (G + 2) (c_even kk) (pqlist ts g) (S G) (c_alt kk) 2 c0 NoMask] [psign_sunit (G + 3) (G + 2) (c_single kk) G]].

End Layers.

Lemma real_plook (kk k1 k2 att cnt inv : nat) (K : Z) :
  real_head (plook_shead kk k1 k2 att cnt inv K) = plook_head att (c_frac kk) cnt inv k1 k2 (IZR K).
Proof. unfold real_head, plook_shead, plook_head. cbn [sh_out sh_val sh_terms sh_mask sh_hard map fst snd]. rewrite !Q2R_Z, mult_IZR. reflexivity. Qed.

(** ** The counts the sign head reads *)

(** The count at the read coordinate q. *)
Fixpoint pcnt (ts : list (nat * Z * dir)) (g : nat) (F : dir -> nat -> nat) (q : nat) : nat :=
  match ts with [] => 0%nat | (b, _, d) :: ts' => if Nat.eqb q (g + 5)%nat then F d b else pcnt ts' (g + 6)%nat F q end.

Lemma pqlist_in (ts : list (nat * Z * dir)) (g : nat) (p : nat * Z) : In p (pqlist ts g) -> (g + 5 <= fst p < g + 6 * length ts)%nat.
Proof.
revert g. induction ts as [|[[b a] d] ts IH]; intros g H; [destruct H|]. cbn [pqlist In length] in *. destruct H as [<-|H]; [cbn [fst]; lia|].
specialize (IH (g + 6)%nat H). lia.
Qed.

Lemma lin_pqlist (ts : list (nat * Z * dir)) (g : nat) (F : dir -> nat -> nat) : lin_count (pqlist ts g) (pcnt ts g F) = lin_mix ts F.
Proof.
revert g. induction ts as [|[[b a] d] ts IH]; intros g; [reflexivity|]. cbn [pqlist lin_count lin_mix fst snd pcnt].
rewrite Nat.eqb_refl. f_equal. rewrite <- (IH (g + 6)%nat). apply lin_count_ext. intros p Hp. pose proof (pqlist_in ts (g + 6) p Hp).
replace (Nat.eqb (fst p) (g + 5)) with false by (symmetry; apply Nat.eqb_neq; lia). reflexivity.
Qed.

Lemma qmass_pqlist (ts : list (nat * Z * dir)) (g : nat) : qmass (pqlist ts g) = IZR (labs ts).
Proof.
revert g. induction ts as [|[[b a] d] ts IH]; intros g; [reflexivity|]. cbn [pqlist qmass labs fst snd].
rewrite IH, plus_IZR, abs_IZR. reflexivity.
Qed.

Lemma labs_nonneg (ts : list (nat * Z * dir)) : (0 <= labs ts)%Z.
Proof. induction ts as [|[[b a] d] ts IH]; cbn [labs]; lia. Qed.

Lemma lread_ext (qs : list (nat * Z)) (x y : stream) (i : nat) : (forall p, In p qs -> x i (fst p) = y i (fst p)) ->
  lread qs x i = lread qs y i.
Proof.
induction qs as [|p qs IH]; intros H; cbn [lread]; [reflexivity|].
rewrite (H p (or_introl eq_refl)), IH by (intros q Hq; apply H; right; exact Hq). reflexivity.
Qed.

Lemma ploc_lin (qs : list (nat * Z)) (x : stream) (i : nat) :
  lsum (map (fun p => Q2R (snd p) * x i (fst p)) (ploc_weights qs)) = 4 * lread qs x i.
Proof. induction qs as [|p qs IH]; cbn [ploc_weights map lsum lread fst snd]; [ring|]. fold (ploc_weights qs). rewrite IH, Q2R_Z, mult_IZR. simpl (IZR 4). ring. Qed.

Lemma ploc_val (out : nat) (qs : list (nat * Z)) (c0 : Z) (x : stream) (i : nat) :
  unit_val (real_unit (ploc_sunit out qs c0)) (x i) = Rmax 0 (4 * lread qs x i + IZR (4 * c0 + 2)) - Rmax 0 (4 * lread qs x i + IZR (4 * c0 + 1)).
Proof. rewrite unit_val_real. unfold ploc_sunit. cbn [su_hidden map sn_v sn_w sn_b lsum su_c]. rewrite ploc_lin, !Q2R_Z. qsimpl. ring. Qed.

(** The unit's value lies in [0, 1]; it is [E + c0 >= 0] when the sum is within 1/4 of the integer E. *)
Lemma ploc_range (out : nat) (qs : list (nat * Z)) (c0 : Z) (x : stream) (i : nat) :
  0 <= unit_val (real_unit (ploc_sunit out qs c0)) (x i) <= 1.
Proof. rewrite ploc_val, !plus_IZR, !mult_IZR. relu. Qed.

Lemma ploc_exact (out : nat) (qs : list (nat * Z)) (c0 E : Z) (x : stream) (i : nat) : Rabs (lread qs x i - IZR E) <= 1 / 4 ->
  unit_val (real_unit (ploc_sunit out qs c0)) (x i) = B2R (Z.leb 0 (E + c0)).
Proof.
intros H. rewrite ploc_val, !plus_IZR, !mult_IZR. pose proof (Rle_abs (lread qs x i - IZR E)). pose proof (Rle_abs (- (lread qs x i - IZR E))).
rewrite Rabs_Ropp in *. destruct (Z.leb_spec 0 (E + c0)) as [HE|HE]; simpl.
- assert (0 <= IZR E + IZR c0) by (rewrite <- plus_IZR; apply IZR_le; lia). relu.
- assert (IZR E + IZR c0 <= -1) by (rewrite <- plus_IZR; apply IZR_le; lia). relu.
Qed.

(** The comparison unit with a gate [n = 1] and a local value in [0, 1] (Boolean where the gate is on). *)
Lemma psign_sunit_exact (out att one loc : nat) (y : nat -> R) (single b : bool) :
  y one = B2R single -> 0 <= y loc <= 1 -> 0 <= y att <= 1 ->
  (single = true -> y loc = B2R b) -> (single = false -> Rabs (y att - B2R b) <= 1 / 4) ->
  unit_val (real_unit (psign_sunit out att one loc)) y = B2R b.
Proof.
intros Ho Hl Ha H1 H2. rewrite unit_val_real. unfold psign_sunit. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd].
qsimpl. rewrite Ho. destruct single.
- rewrite (H1 eq_refl). destruct b; simpl; relu.
- specialize (H2 eq_refl). pose proof (Rle_abs (y att - B2R b)). pose proof (Rle_abs (- (y att - B2R b))).
  rewrite Rabs_Ropp in *. destruct b; simpl in *; relu.
Qed.

(** ** The block *)

Section PMix.
Variables (n : nat) (w : nat -> nat) (kk : nat) (Ps : list npred) (nx k1 k2 : nat).
Variable W : head -> (nat -> R) -> nat -> nat -> R.
Hypothesis Hn : (1 <= n)%nat.
Hypothesis HW : hs_below n W.
Hypothesis HWa : forall h, has_lk kk (c_pred kk (length Ps)) h = false -> W h = soft_w (tau_a n) h.
Hypothesis Hk : (k1 < base kk Ps nx)%nat /\ (k2 < base kk Ps nx)%nat /\
  is_lk kk (c_pred kk (length Ps)) k1 = false /\ is_lk kk (c_pred kk (length Ps)) k2 = false.
Local Notation ctx := (ctx n w kk false Ps nx).
Local Notation base := (base kk Ps nx).
Local Notation run L x := (net_run W n (real_net L) x).

(** The bounded keys of the lookups. *)
Definition keys_ok (y : stream) : Prop :=
  forall j, y j k1 = INR (S j) / INR n ^ 2 /\ y j k2 = - (INR (S j) / INR n) ^ 2.

Lemma keys_keep (y : stream) (L : snet) (f f' : nat) : (base <= f)%nat -> writes_in L f f' -> keys_ok y -> keys_ok (run L y).
Proof.
intros Hb Hw Hy j. destruct Hk as [H1 [H2 _]]. rewrite !(net_frame W n L f f' y Hw) by lia. apply Hy.
Qed.

Ltac wm := eapply writes_in_mono; [eassumption|cbn [su_out sh_out rounding1 su_head plook_shead pread_sunit count_shead] in *; lia|cbn [su_out sh_out rounding1 su_head plook_shead pread_sunit count_shead] in *; lia].

Lemma pread_unit (out att z : nat) (v : nat -> R) : unit_val (real_unit (pread_sunit out att z)) v = Rmax 0 (v att - v z).
Proof. rewrite unit_val_real. unfold pread_sunit. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd]. qsimpl.
replace (1 * v att + (-1 * v z + 0) + 0) with (v att - v z) by ring. ring. Qed.

(** One term: the read at g + 5 is within perr K / n of C/n. *)
Lemma pterm_run (y : stream) (b : nat) (d : dir) (K : Z) (g : nat) (B : nat -> bool) :
  ctx y -> keys_ok y -> (base <= g)%nat -> (forall j c, (g <= c)%nat -> y j c = 0) -> (b < g)%nat ->
  (forall j, (j < n)%nat -> y j b = B2R (B j)) -> 2 <= IZR K ->
  writes_in (pterm_layers kk k1 k2 b d K g) g (g + 6) /\
  forall i, (i < n)%nat -> Rabs (run (pterm_layers kk k1 k2 b d K g) y i (g + 5)%nat - INR (count n d B i) / INR n) <= perr (IZR K) / INR n.
Proof.
intros Hc Hky Hb Hz Ha HB HK. unfold pterm_layers. unfold LTLCountBlocks.base in Hb.
set (Lc := SLayer [count_shead g b d] []).
set (Ls := SLayer [su_head kk (g + 1) b b (dmask d) (match d with DLeft => 1%Q | DRight => (-1)%Q end)] [rounding1 (g + 2) (g + 1)]).
set (Lz := unit_layer (SUnit (g + 3) (not_neurons (g + 2)) 0)).
set (hl := plook_shead kk k1 k2 (g + 4) g (c_inv kk d) K).
set (Ll := SLayer [hl] [pread_sunit (g + 5) (g + 4) (g + 3)]).
assert (Hw1 : writes_in [Lc] g (g + 1)) by exact (count_layers_writes [(b, 0%Z)] g d).
destruct (run_ctx n w kk false Ps nx W Hn y [Lc] g (g + 1) ltac:(unfold LTLCountBlocks.base; lia) Hw1 Hc Hz) as [Hc1 Hz1].
set (y1 := run [Lc] y) in *.
assert (Hcnt : forall i, (i < n)%nat -> y1 i g = INR (count n d B i) / INR (span n d i)).
{ intros i Hi. pose proof (count_layers_run W n d (fun _ => B) (W_hs n W HW) [(b, 0%Z)] g y
    ltac:(intros p [<-|[]]; split; [exact Ha|exact HB]) Hz 0%nat i ltac:(simpl; lia) Hi) as H.
  rewrite Nat.add_0_r in H. exact H. }
assert (Hb1 : forall j, (j < n)%nat -> y1 j b = B2R (B j))
  by (intros j Hj; unfold y1; rewrite (net_frame W n [Lc] g (g + 1) y Hw1) by lia; apply HB, Hj).
set (Ex := fun j => negb (Nat.eqb (count n d B j) 0)).
destruct (hu_block n W Hn y1 (su_head kk (g + 1) b b (dmask d) (match d with DLeft => 1%Q | DRight => (-1)%Q end))
            (rounding1 (g + 2) (g + 1)) (fun j => B2R (Ex j)) ltac:(cbn [su_out rounding1 sh_out su_head]; lia)) as [Hw2 Hv2].
{ intros j c Hc'. apply Hz1. cbn [sh_out su_head] in Hc'. lia. }
{ intros j Hj. unfold Ex. replace (g + 2)%nat with (S (g + 1)) by lia. destruct d; cbn [dmask].
  - rewrite (s_block n w kk false Ps nx W Hn HW y1 (g + 1) Hc1 ltac:(unfold LTLCountBlocks.base; lia) ltac:(intros; apply Hz1; lia) b b B B Hb1 Hb1 j Hj).
    f_equal. change (B (topS B j)) with (B (topS (fun j => negb true || B j) j)). rewrite <- since_top, since_counted. reflexivity.
  - rewrite (u_block n w kk false Ps nx W Hn HW y1 (g + 1) Hc1 ltac:(unfold LTLCountBlocks.base; lia) ltac:(intros; apply Hz1; lia) b b B B Hb1 Hb1 j Hj).
    f_equal. change (B (topU B (n - j) j)) with (B (topU (fun j => negb true || B j) (n - j) j)). rewrite <- until_top, until_counted by lia. reflexivity. }
assert (Hw2' : writes_in [Ls] (g + 1) (g + 3)) by wm.
destruct (run_ctx n w kk false Ps nx W Hn y1 [Ls] (g + 1) (g + 3) ltac:(unfold LTLCountBlocks.base; lia) Hw2' Hc1 ltac:(intros; apply Hz1; lia)) as [Hc2 Hz2].
set (y2 := run [Ls] y1) in *.
destruct (unit_block n W Hn y2 (SUnit (g + 3) (not_neurons (g + 2)) 0) (fun j => B2R (Nat.eqb (count n d B j) 0)) Hz2) as [Hw3 Hv3].
{ intros j Hj. rewrite <- (negb_involutive (Nat.eqb _ 0)). apply unit_not. apply Hv2, Hj. }
assert (Hw3' : writes_in [Lz] (g + 3) (g + 4)) by wm.
destruct (run_ctx n w kk false Ps nx W Hn y2 [Lz] (g + 3) (g + 4) ltac:(unfold LTLCountBlocks.base; lia) Hw3' Hc2 Hz2) as [Hc3 Hz3].
set (y3 := run [Lz] y2) in *.
assert (Hcnt3 : forall i, (i < n)%nat -> y3 i g = INR (count n d B i) / INR (span n d i)).
{ intros i Hi. unfold y3. rewrite (net_frame W n [Lz] (g + 3) (g + 4) y2 Hw3') by lia.
  unfold y2. rewrite (net_frame W n [Ls] (g + 1) (g + 3) y1 Hw2') by lia. apply Hcnt, Hi. }
assert (Hky3 : keys_ok y3).
{ unfold y3, y2, y1. apply (keys_keep _ _ (g + 3) (g + 4)); [unfold LTLCountBlocks.base; lia|exact Hw3'|].
  apply (keys_keep _ _ (g + 1) (g + 3)); [unfold LTLCountBlocks.base; lia|exact Hw2'|].
  apply (keys_keep _ _ g (g + 1)); [unfold LTLCountBlocks.base; lia|exact Hw1|exact Hky]. }
assert (Hw4 : writes_in [Ll] (g + 4) (g + 6)).
{ apply writes_in_one. intros c E. unfold swrites, Ll in E. cbn [sl_heads sl_units existsb sh_out su_out hl plook_shead pread_sunit] in E.
  rewrite !orb_false_r in E. apply orb_true_iff in E. destruct E as [E|E]; apply Nat.eqb_eq in E; lia. }
split.
- change [Lc; Ls; Lz; Ll] with ([Lc] ++ [Ls] ++ [Lz] ++ [Ll]). repeat apply writes_in_app; wm.
- intros i Hi. change (run [Lc; Ls; Lz; Ll] y) with (run [Ll] (run [Lz] (run [Ls] (run [Lc] y)))). fold y1 y2 y3.
  cbn [real_net map net_run]. unfold Ll. rewrite hu_layer_run. cbn [su_out pread_sunit]. rewrite Nat.eqb_refl.
  rewrite after_head_other by (cbn [sh_out hl plook_shead]; lia). rewrite (Hz3 i (g + 5)%nat) by lia. rewrite Rplus_0_l, pread_unit.
  rewrite (after_head_other n W hl y3 i (g + 3)%nat) by (cbn [sh_out hl plook_shead]; lia).
  change (after_head W n hl y3 i (g + 4)%nat) with (after_head W n hl y3 i (sh_out hl)).
  rewrite (after_head_out n W hl y3 i) by (cbn [sh_out hl plook_shead]; apply Hz3; lia).
  assert (HZ : y3 i (g + 3)%nat = B2R (Nat.eqb (count n d B i) 0))
    by (unfold y3; change (g + 3)%nat with (su_out (SUnit (g + 3) (not_neurons (g + 2)) 0)); apply Hv3, Hi).
  rewrite HZ. set (C := count n d B i). pose proof (count_le_span n d B i) as Hle. fold C in Hle.
  pose proof (stage_span NoMask d n i Hi) as Hs.
  assert (Hinv : y3 i (c_inv kk d) = / INR (span n d i))
    by (destruct d; cbn [c_inv span]; [apply (cx_invl _ _ _ _ _ _ y3 Hc3)|apply (cx_invr _ _ _ _ _ _ y3 Hc3)]; exact Hi).
  assert (Hv : forall j, (j < n)%nat -> y3 j (c_frac kk) = INR (S j) / INR n) by (intros j Hj; apply (cx_pe _ _ _ _ _ _ y3 Hc3 j Hj)).
  assert (EW : W (real_head hl) = soft_w (tau_a n) (real_head hl)).
  { apply HWa. unfold has_lk, hl, real_head, plook_shead. cbn [h_terms sh_terms map existsb fst snd]. destruct Hk as [_ [_ [E1 E2]]]. rewrite E1, E2. reflexivity. }
  rewrite (head_out_W W (tau_a n) n _ y3 i EW). unfold hl. rewrite real_plook.
  apply pread_close; [exact Hn| |].
  + apply (plook_range n (g + 4) (c_frac kk) g (c_inv kk d) k1 k2 (IZR K) y3 i C (span n d i));
      first [assumption|lia|apply Hcnt3, Hi|intros j; apply Hky3].
  + apply (plook_soft n (g + 4) (c_frac kk) g (c_inv kk d) k1 k2 (IZR K) y3 i C (span n d i));
      first [assumption|lia|apply Hcnt3, Hi|intros j; apply Hky3].
Qed.

(** Every term: each read within perr K / n of its count over n. *)
Lemma pterms_run (K : Z) (Bf : nat -> nat -> bool) : 2 <= IZR K -> forall ts g y,
  ctx y -> keys_ok y -> (base <= g)%nat -> (forall j c, (g <= c)%nat -> y j c = 0) ->
  (forall q, In q ts -> (fst (fst q) < g)%nat /\ forall j, (j < n)%nat -> y j (fst (fst q)) = B2R (Bf (fst (fst q)) j)) ->
  writes_in (pterms_layers kk k1 k2 ts K g) g (g + 6 * length ts) /\
  forall i, (i < n)%nat -> forall p, In p (pqlist ts g) ->
    Rabs (run (pterms_layers kk k1 k2 ts K g) y i (fst p) - INR (pcnt ts g (fun d b => count n d (Bf b) i) (fst p)) / INR n) <= perr (IZR K) / INR n.
Proof.
intros HK ts. induction ts as [|[[b a] d] ts IH]; intros g y Hc Hky Hb Hz Ha.
- split; [intros L c []|]. intros i _ p [].
- cbn [pterms_layers length]. destruct (Ha (b, a, d) (or_introl eq_refl)) as [Hb0 HB]. cbn [fst] in Hb0, HB.
  destruct (pterm_run y b d K g (Bf b) Hc Hky Hb Hz Hb0 HB HK) as [Hw1 Hv1].
  destruct (run_ctx n w kk false Ps nx W Hn y _ g (g + 6) ltac:(lia) Hw1 Hc Hz) as [Hc1 Hz1].
  set (y1 := run (pterm_layers kk k1 k2 b d K g) y) in *.
  assert (Hky1 : keys_ok y1) by (apply (keys_keep _ _ g (g + 6)); assumption).
  assert (Ha1 : forall q, In q ts -> (fst (fst q) < g + 6)%nat /\ forall j, (j < n)%nat -> y1 j (fst (fst q)) = B2R (Bf (fst (fst q)) j)).
  { intros q Hq. destruct (Ha q (or_intror Hq)) as [H1 H2]. split; [lia|]. intros j Hj.
    unfold y1. rewrite (net_frame W n _ g (g + 6) y Hw1) by lia. apply H2, Hj. }
  destruct (IH (g + 6)%nat y1 Hc1 Hky1 ltac:(lia) Hz1 Ha1) as [Hw2 Hv2]. split.
  + apply writes_in_app; eapply writes_in_mono; (eassumption || lia).
  + intros i Hi p Hp. rewrite run_app. fold y1. cbn [pqlist In] in Hp. cbn [pcnt]. destruct Hp as [<-|Hp].
    * cbn [fst]. rewrite Nat.eqb_refl. rewrite (net_frame W n (pterms_layers kk k1 k2 ts K (g + 6)) (g + 6) (g + 6 + 6 * length ts) y1 Hw2) by lia.
      apply Hv1, Hi.
    * pose proof (pqlist_in ts (g + 6) p Hp). replace (Nat.eqb (fst p) (g + 5)) with false by (symmetry; apply Nat.eqb_neq; lia).
      apply Hv2; assumption.
Qed.

(** The paper's block outputs exactly [sum_k a_k #d_k[b_k] + c0 >= 0] at every position i < n, for every n >= 1. *)
Lemma pmix_block (Bf : nat -> nat -> bool) (y : stream) (ts : list (nat * Z * dir)) (c0 : Z) (g : nat) :
  ctx y -> keys_ok y -> (base <= g)%nat -> (forall j c, (g <= c)%nat -> y j c = 0) ->
  (forall q, In q ts -> (fst (fst q) < g)%nat /\ forall j, (j < n)%nat -> y j (fst (fst q)) = B2R (Bf (fst (fst q)) j)) ->
  writes_in (pmix_layers kk k1 k2 ts c0 g) g (g + 6 * length ts + 4) /\
  forall i, (i < n)%nat -> run (pmix_layers kk k1 k2 ts c0 g) y i (g + 6 * length ts + 3)%nat
    = B2R (Z.leb 0 (lin_mix ts (fun d b => count n d (Bf b) i) + c0)).
Proof.
intros Hc Hky Hb Hz Ha. set (K := (2 + 2 * labs ts)%Z). pose proof (labs_nonneg ts) as HL.
assert (HK : 2 <= IZR K) by (unfold K; rewrite plus_IZR, mult_IZR; assert (0 <= IZR (labs ts)) by (apply IZR_le; lia); simpl (IZR 2); lra).
destruct (pterms_run K Bf HK ts g y Hc Hky Hb Hz Ha) as [Hw1 Hv1].
set (G := (g + 6 * length ts)%nat) in *.
destruct (run_ctx n w kk false Ps nx W Hn y _ g G ltac:(lia) Hw1 Hc Hz) as [Hc1 Hz1].
set (z := run (pterms_layers kk k1 k2 ts K g) y) in *.
assert (Zlo : forall j c, (c < g)%nat -> z j c = y j c) by (intros j c Hc'; apply (net_frame W n _ g G y Hw1); lia).
(* the local unit *)
set (Ll := unit_layer (ploc_sunit G (pqlist ts g) c0)).
assert (Hw2 : writes_in [Ll] G (S G)).
{ apply writes_in_one. intros c E. unfold swrites, Ll, unit_layer in E. cbn [sl_heads sl_units existsb su_out ploc_sunit] in E.
  rewrite orb_false_r in E. apply Nat.eqb_eq in E. lia. }
destruct (run_ctx n w kk false Ps nx W Hn z [Ll] G (S G) ltac:(unfold LTLCountBlocks.base in *; lia) Hw2 Hc1 Hz1) as [Hc2 Hz2].
set (z2 := run [Ll] z) in *.
(* the head 1/n *)
set (Li := SLayer [inv_shead kk (S G)] []).
assert (Hw3 : writes_in [Li] (S G) (G + 2)).
{ apply writes_in_one. intros c E. unfold swrites, Li in E. cbn [sl_heads sl_units existsb sh_out inv_shead] in E.
  rewrite !orb_false_r in E. apply Nat.eqb_eq in E. lia. }
destruct (run_ctx n w kk false Ps nx W Hn z2 [Li] (S G) (G + 2) ltac:(unfold LTLCountBlocks.base in *; lia) Hw3 Hc2 Hz2) as [Hc3 Hz3].
set (z3 := run [Li] z2) in *.
assert (Z3 : forall j c, c <> S G -> z3 j c = z2 j c).
{ intros j c Hc'. unfold z3. apply (net_frame W n [Li] (S G) (G + 2) z2 Hw3). lia. }
assert (Z2 : forall j c, c <> G -> z2 j c = z j c).
{ intros j c Hc'. unfold z2. apply (net_frame W n [Ll] G (S G) z Hw2). lia. }
set (qs := pqlist ts g). set (hs := sign_shead (G + 2) (c_even kk) qs (S G) (c_alt kk) 2 c0 NoMask).
set (Lg := SLayer [hs] [psign_sunit (G + 3) (G + 2) (c_single kk) G]).
assert (Hw4 : writes_in [Lg] (G + 2) (G + 4)).
{ apply writes_in_one. intros c E. unfold swrites, Lg in E. cbn [sl_heads sl_units existsb sh_out su_out hs sign_shead psign_sunit] in E.
  rewrite !orb_false_r in E. apply orb_true_iff in E. destruct E as [E|E]; apply Nat.eqb_eq in E; lia. }
assert (Hlay : pmix_layers kk k1 k2 ts c0 g = pterms_layers kk k1 k2 ts K g ++ [Ll] ++ [Li] ++ [Lg]) by reflexivity.
rewrite Hlay. split.
- apply writes_in_app; [eapply writes_in_mono; [exact Hw1|lia|lia]|].
  apply writes_in_app; [eapply writes_in_mono; [exact Hw2|lia|lia]|]. apply writes_in_app; eapply writes_in_mono; (eassumption || lia).
- intros i Hi. rewrite !run_app. fold z z2 z3. replace (g + 6 * length ts + 3)%nat with (G + 3)%nat by reflexivity.
  cbn [real_net map net_run]. unfold Lg. rewrite hu_layer_run. cbn [su_out psign_sunit]. rewrite Nat.eqb_refl.
  rewrite after_head_other by (cbn [sh_out hs sign_shead]; lia). rewrite (Hz3 i (G + 3)%nat) by lia. rewrite Rplus_0_l.
  (* the values the unit reads *)
  assert (Hone : after_head W n hs z3 i (c_single kk) = B2R (Nat.eqb n 1)).
  { rewrite after_head_other by (cbn [sh_out hs sign_shead]; unfold c_single, LTLCountBlocks.base in *; lia).
    apply (cx_single _ _ _ _ _ _ z3 Hc3 eq_refl i Hi). }
  assert (Hloc : after_head W n hs z3 i G = unit_val (real_unit (ploc_sunit G qs c0)) (z i)).
  { rewrite after_head_other by (cbn [sh_out hs sign_shead]; lia). rewrite Z3 by lia. unfold z2. cbn [real_net map net_run].
    unfold Ll. rewrite unit_layer_run. cbn [su_out ploc_sunit]. rewrite Nat.eqb_refl, (Hz1 i G) by lia. apply Rplus_0_l. }
  assert (Hinv : z3 i (S G) = / INR n).
  { unfold z3. cbn [real_net map net_run]. unfold Li. rewrite h_layer_run.
    change (after_head W n (inv_shead kk (S G)) z2 i (S G)) with (after_head W n (inv_shead kk (S G)) z2 i (sh_out (inv_shead kk (S G)))).
    rewrite (after_head_out n W (inv_shead kk (S G)) z2 i) by (cbn [sh_out inv_shead]; apply Hz2; lia).
    assert (EW : W (real_head (inv_shead kk (S G))) = soft_w (tau_a n) (real_head (inv_shead kk (S G)))) by (apply HWa; reflexivity).
    rewrite (head_out_W W (tau_a n) n _ z2 i EW).
    apply (inv_len_head n (real_head (inv_shead kk (S G))) z2 i eq_refl eq_refl eq_refl Hi).
    intros j Hj. unfold real_head, inv_shead. cbn [h_val sh_val]. rewrite (cx_first _ _ _ _ _ _ z2 Hc2 j Hj). destruct j; reflexivity. }
  assert (Hatt : after_head W n hs z3 i (G + 2)%nat = head_out (soft_w (tau_a n)) n (real_head hs) z3 i).
  { change (after_head W n hs z3 i (G + 2)%nat) with (after_head W n hs z3 i (sh_out hs)).
    rewrite (after_head_out n W hs z3 i) by (cbn [sh_out hs sign_shead]; apply Hz3; lia). apply head_out_W, HWa.
    unfold has_lk. apply not_true_iff_false. intros E. apply existsb_exists in E. destruct E as [t [Ht Et]].
    unfold hs, real_head, sign_shead in Ht. cbn [h_terms sh_terms] in Ht. apply in_map_iff in Ht. destruct Ht as [t' [<- Ht']].
    unfold sign_sterms in Ht'. apply in_app_iff in Ht'.
    assert (E' : snd (fst t') = c_alt kk)
      by (destruct Ht' as [Ht'|[<-|[]]]; [apply in_map_iff in Ht'; destruct Ht' as [q [<- _]]; reflexivity|reflexivity]).
    cbn [fst snd] in Et. rewrite E' in Et. unfold is_lk, c_alt, c_two, c_negsq, c_pred in Et.
    repeat rewrite orb_true_iff in Et. rewrite !Nat.eqb_eq in Et. lia. }
  rewrite <- (lin_pqlist ts g (fun d b => count n d (Bf b) i)). fold qs.
  assert (Hreads : forall p, In p qs -> Rabs (z3 i (fst p) - INR (pcnt ts g (fun d b => count n d (Bf b) i) (fst p)) / INR n)
                                         <= perr (2 + 2 * qmass qs) / INR n).
  { intros p Hp. rewrite Z3 by (pose proof (pqlist_in ts g p Hp); lia). rewrite Z2 by (pose proof (pqlist_in ts g p Hp); lia).
    unfold qs in Hp |- *. rewrite qmass_pqlist.
    replace (2 + 2 * IZR (labs ts)) with (IZR K) by (unfold K; rewrite plus_IZR, mult_IZR; reflexivity). apply Hv1; assumption. }
  apply (psign_sunit_exact (G + 3) (G + 2) (c_single kk) G (after_head W n hs z3 i) (Nat.eqb n 1)); [exact Hone|rewrite Hloc; apply ploc_range| | |].
  + change (after_head W n hs z3 i (G + 2)%nat) with (after_head W n hs z3 i (sh_out hs)).
    rewrite (after_head_out n W hs z3 i) by (cbn [sh_out hs sign_shead]; apply Hz3; lia).
    apply head_out_01; [exact Hi|exact (W_hs n W HW)|]. intros j Hj. unfold hs, real_head, sign_shead. cbn [h_val sh_val].
    rewrite (cx_even _ _ _ _ _ _ z3 Hc3 j). destruct (even01_cases (j + 1)) as [E|E]; rewrite E; lra.
  + intros E1. apply Nat.eqb_eq in E1. rewrite Hloc. apply ploc_exact.
    assert (Ez : forall p, In p qs -> z i (fst p) = z3 i (fst p))
      by (intros p Hp; pose proof (pqlist_in ts g p Hp); rewrite Z3, Z2 by lia; reflexivity).
    rewrite (lread_ext qs z z3 i Ez).
    pose proof (lread_close qs z3 i n (pcnt ts g (fun d b => count n d (Bf b) i)) _ ltac:(apply lt_0_INR; lia) Hreads) as Hrd.
    replace (INR n) with 1 in Hrd by (rewrite E1; reflexivity). unfold Rdiv in Hrd. rewrite Rinv_1, !Rmult_1_r in Hrd.
    eapply Rle_trans; [exact Hrd|]. apply perr_sum, qmass_nonneg.
  + intros E1. apply Nat.eqb_neq in E1. rewrite Hatt.
    apply (paper_sign_soft n i qs (S G) (c_alt kk) 2 c0 (real_head hs) z3 (pcnt ts g (fun d b => count n d (Bf b) i)) 1
             (perr (2 + 2 * qmass qs))); [lia|exact Hi|lra|reflexivity| |exact Hinv| | | |].
    * unfold hs. rewrite sign_shead_terms. replace (Q2R 2) with 2 by (unfold Q2R; simpl; field). reflexivity.
    * exact Hreads.
    * apply perr_sum, qmass_nonneg.
    * intros j. apply (cx_alt _ _ _ _ _ _ z3 Hc3).
    * intros j. unfold hs, real_head, sign_shead. cbn [h_val sh_val]. apply (cx_even _ _ _ _ _ _ z3 Hc3).
Qed.

End PMix.
