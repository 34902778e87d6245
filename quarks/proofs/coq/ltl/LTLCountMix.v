(** * Seed 004, Theorem 20: comparisons mixing #left and #right, at one temperature 1/(2n).

    A comparison sum_k a_k #d_k[phi_k] + c0 >= 0 whose terms count on both sides cannot be decided
    by one sign head (the counts come divided by i and by n - i + 1).  LTLCountCompile.v's
    [mix_layers] reads every count back as a number instead: the count head's C/d and 1/d are the
    query of an unmasked lookup head with the n-scaled keys 2jn and -j^2 n ([pes_mix]), whose
    scores K n (C^2 - (j - C)^2)/d peak at j = max(C, 1) with quadratic fall-off at rate
    2Kn^2/d >= 2Kn at tau = 1/(2n) ([mlook_hard], [mlook_soft]: the value 2j is read exactly,
    resp. within 9/2 n e^(-2Kn)); Z = [C = 0] corrects C = 0; the unit rounds
    4 (sum_k a_k C_k + c0) + 2, exact once the total error is below 1, which K = 2 (1 + sum |a_k|)
    gives for every n ([mix_err]).  [mix_block]: the block outputs exactly [E >= 0] at every
    position, hard and at tau = 1/(2n). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Lookup Rounding Transformer LTLCompile LTLSoft LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountLookup.
Import ListNotations.
Open Scope R_scope.

(** ** The lookup of a count *)

Lemma peak_bound (C j : nat) :
  INR C ^ 2 - (INR (S j) - INR C) ^ 2 <= (INR C ^ 2 - (INR (S (C - 1)) - INR C) ^ 2) - (INR j - INR (C - 1)) ^ 2.
Proof.
destruct C as [|C].
- replace (0 - 1)%nat with 0%nat by reflexivity. rewrite S_INR. simpl INR. pose proof (pos_INR j). nra.
- replace (S C - 1)%nat with C by lia. rewrite !S_INR. nra.
Qed.

(** The soft read's bound on |read - 2 max(C, 1)|. *)
Definition mix_errK (n : nat) (K : Q) : R := 2 * INR n * (9 / 4) * exp (- (2 * Q2R K * INR n)).

Section MLook.
Variables (n kk xk att cnt inv : nat) (K : Q) (x : stream) (i C d : nat).
Hypotheses (Hi : (i < n)%nat) (Hd : (1 <= d <= n)%nat) (HC : (C <= n)%nat) (HK : 2 <= Q2R K).
Hypotheses (Hcnt : x i cnt = INR C / INR d) (Hinv : x i inv = / INR d)
           (Hk1 : forall j, x j xk = 2 * INR (S j) * INR n) (Hk2 : forall j, x j (S xk) = - (INR (S j) ^ 2) * INR n)
           (Hv : forall j, x j (c_two kk) = 2 * INR (S j)).

Let h := real_head (mlook_head kk xk att cnt inv K).
Let t := (C - 1)%nat.

Lemma mlook_score (j : nat) : score h x i j = Q2R K * INR n / INR d * (INR C ^ 2 - (INR (S j) - INR C) ^ 2).
Proof.
unfold score, h, mlook_head, real_head. cbn [h_terms sh_terms map lsum fst snd]. rewrite Hcnt, Hinv, Hk1, Hk2.
assert (INR d <> 0) by (apply not_0_INR; lia). field. exact H.
Qed.

Lemma mlook_rate : 0 < Q2R K * INR n / INR d.
Proof. assert (0 < INR d) by (apply lt_0_INR; lia). assert (0 < INR n) by (apply lt_0_INR; lia). apply Rdiv_lt_0_compat; nra. Qed.

Lemma mlook_bound (j : nat) : score h x i j <= score h x i t - Q2R K * INR n / INR d * (INR j - INR t) ^ 2.
Proof. rewrite !mlook_score. pose proof (peak_bound C j). pose proof mlook_rate. unfold t. nra. Qed.

Lemma mlook_t : (t < n)%nat.
Proof. unfold t. lia. Qed.

(** Hard attention reads 2 max(C, 1) exactly. *)
Lemma mlook_hard : head_out hard_w n h x i = 2 * INR (S t).
Proof.
pose proof mlook_rate as Hr.
replace (2 * INR (S t)) with (x (vis_lo (h_mask h) i + t)%nat (h_val h)) by (unfold h; cbn [real_head mlook_head h_mask h_val sh_mask sh_val vis_lo]; apply Hv).
apply (head_out_at n h x i t (Q2R K * INR n / INR d) Hr); [unfold h; cbn [real_head mlook_head h_mask sh_mask vis_cnt]; apply mlook_t|].
intros k Hk Hne. replace (vis_lo (h_mask h) i) with 0%nat by reflexivity. simpl (0 + k)%nat. simpl (0 + t)%nat.
pose proof (mlook_bound k). pose proof (INR_sq_ge1 k t Hne). pose proof mlook_rate. nra.
Qed.

(** Softmax at every tau <= 1/(2n) reads it within [mix_errK], for every n (the rate only grows). *)
Lemma mlook_low (tau : R) : 0 < tau <= tau_paper n -> Rabs (head_out (soft_w tau) n h x i - 2 * INR (S t)) <= mix_errK n K.
Proof.
intros Htau.
assert (HD : 0 < INR d) by (apply lt_0_INR; lia). assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (HDN : INR d <= INR n) by (apply le_INR; lia).
set (r := Q2R K * INR n / INR d). pose proof mlook_rate as Hr0. fold r in Hr0.
assert (Hit : 2 * INR n <= / tau).
{ unfold tau_paper in Htau. rewrite <- (Rinv_inv (2 * INR n)). apply Rinv_le_contravar; lra. }
set (p := r / tau).
assert (Hp0 : 2 * Q2R K * INR n <= 2 * INR n * r).
{ unfold r. assert (1 <= INR n / INR d) by (apply (Rmult_le_reg_r (INR d)); [lra|]; field_simplify; lra).
  replace (2 * INR n * (Q2R K * INR n / INR d)) with (2 * Q2R K * INR n * (INR n / INR d)) by (field; lra).
  assert (0 <= 2 * Q2R K * INR n) by nra. nra. }
assert (Hp : 2 * Q2R K * INR n <= p) by (unfold p, Rdiv; nra).
assert (Hn1 : 1 <= INR n) by (apply (le_INR 1); lia).
assert (Hp4 : 4 <= p) by nra.
set (s := fun j => score h x i (0 + j) / tau).
assert (Es : forall j, (j < n)%nat -> s j <= s t - p * (INR j - INR t) ^ 2).
{ intros j _. unfold s, p. simpl (0 + j)%nat. simpl (0 + t)%nat. pose proof (mlook_bound j) as Hb. fold r in Hb.
  assert (Hi0 : 0 < / tau) by (apply Rinv_0_lt_compat; lra).
  apply (Rmult_le_compat_r (/ tau)) in Hb; [|lra]. unfold Rdiv. lra. }
unfold head_out, soft_w, soft. replace (vis_lo (h_mask h) i) with 0%nat by reflexivity.
replace (vis_cnt (h_mask h) n i) with n by reflexivity. fold s.
replace (h_val h) with (c_two kk) by reflexivity.
set (v := fun k => x (0 + k)%nat (c_two kk) / (2 * INR n)).
rewrite (rsum_ext _ (fun k => 2 * INR n * (softmax s n k * v k))) by (intros k _; unfold v; field; lra).
rewrite rsum_scal. replace (2 * INR (S t)) with (2 * INR n * v t) by (unfold v; simpl (0 + t)%nat; rewrite Hv; field; lra).
rewrite <- Rmult_minus_distr_l, Rabs_mult, (Rabs_pos_eq (2 * INR n)) by lra.
pose proof mlook_t as Ht.
assert (Hv01 : forall j, (j < n)%nat -> 0 <= v j <= 1).
{ intros j Hj. unfold v. simpl (0 + j)%nat. rewrite Hv. assert (INR (S j) <= INR n) by (apply le_INR; lia).
  pose proof (pos_INR (S j)). split; [apply Rmult_le_pos; [lra|apply Rlt_le, Rinv_0_lt_compat; lra]|].
  apply (Rmult_le_reg_r (2 * INR n)); [lra|]. field_simplify; lra. }
pose proof (softmax_read s v n t Ht Hv01) as Hr.
destruct (softmax_l1_to_e s n t Ht) as [_ El].
assert (Hl1 : l1 s n t <= 2 * (2 + 1 / p) * exp (- p)) by (apply lemma6_quadratic; [exact Ht|lra|exact Es]).
assert (Hoff : off_mass s n t / partition s n = l1 s n t / 2) by (rewrite El; field; apply Rgt_not_eq, (partition_pos s n t Ht)).
assert (He : exp (- p) <= exp (- (2 * Q2R K * INR n))) by (apply exp_mono; lra).
assert (Hp1 : 1 / p <= 1 / 4) by (apply Rmult_le_compat_l; [lra|apply Rinv_le_contravar; lra]).
assert (HE : 0 <= exp (- p)) by (apply Rlt_le, exp_pos).
assert (0 <= 1 / p) by (apply Rlt_le, Rdiv_lt_0_compat; lra).
unfold mix_errK. rewrite Hoff in Hr.
assert (H1 : (2 + 1 / p) * exp (- p) <= 9 / 4 * exp (- p)) by nra.
assert (H2 : Rabs (rsum (fun j => softmax s n j * v j) 0 n - v t) <= 9 / 4 * exp (- (2 * Q2R K * INR n))) by lra.
apply Rmult_le_compat_l with (r := 2 * INR n) in H2; [|lra]. lra.
Qed.

Lemma mlook_soft : Rabs (head_out (soft_w (tau_paper n)) n h x i - 2 * INR (S t)) <= mix_errK n K.
Proof. apply mlook_low. pose proof (tau_paper_pos n ltac:(lia)). lra. Qed.

End MLook.

(** ** The comparison unit *)

Definition mw_val (ts : list (nat * Z * dir)) (g : nat) (v : nat -> R) : R :=
  lsum (map (fun p => Q2R (snd p) * v (fst p)) (mix_weights ts g)).

Fixpoint lin_mix (ts : list (nat * Z * dir)) (F : dir -> nat -> nat) : Z :=
  match ts with [] => 0%Z | (b, a, d) :: ts' => (a * Z.of_nat (F d b) + lin_mix ts' F)%Z end.

Lemma mix_sunit_exact (out : nat) (ts : list (nat * Z * dir)) (c0 : Z) (g : nat) (v : nat -> R) (E : Z) :
  Rabs (mw_val ts g v - 4 * IZR E) <= 1 -> unit_val (real_unit (mix_sunit out ts c0 g)) v = B2R (Z.leb 0 (E + c0)).
Proof.
intros H. rewrite unit_val_real. unfold mix_sunit. cbn [su_hidden map sn_v sn_w sn_b lsum su_c].
fold (mw_val ts g v). rewrite !Q2R_Z, !plus_IZR, !mult_IZR. qsimpl.
pose proof (Rle_abs (mw_val ts g v - 4 * IZR E)). pose proof (Rle_abs (- (mw_val ts g v - 4 * IZR E))). rewrite Rabs_Ropp in *.
destruct (Z.leb_spec 0 (E + c0)) as [HE|HE]; simpl.
- assert (0 <= IZR E + IZR c0) by (rewrite <- plus_IZR; apply IZR_le; lia). relu.
- assert (IZR E + IZR c0 <= -1) by (rewrite <- plus_IZR; apply IZR_le; lia). relu.
Qed.

(** K = 2 (1 + L) keeps 2 L [mix_errK] below 1 for every n >= 1 (9X <= e^(4X) for X >= 1). *)
Lemma mix_err (n : nat) (L : Z) : (1 <= n)%nat -> (0 <= L)%Z -> 2 * IZR L * mix_errK n (inject_Z (2 * (1 + L))) <= 1.
Proof.
intros Hn HL. unfold mix_errK. rewrite Q2R_Z, mult_IZR, plus_IZR. simpl (IZR 2). simpl (IZR 1).
assert (Hn1 : 1 <= INR n) by (apply (le_INR 1); lia). assert (HL0 : 0 <= IZR L) by (apply IZR_le; lia).
set (X := (1 + IZR L) * INR n). assert (HX : 1 <= X) by (unfold X; nra).
replace (- (2 * (2 * (1 + IZR L)) * INR n)) with (- (2 * X) + - (2 * X)) by (unfold X; ring).
rewrite exp_plus. assert (E2 : 1 + 2 * X < exp (2 * X)) by (apply exp_ineq1; lra).
assert (Hx : exp (- (2 * X)) = / exp (2 * X)) by (apply exp_Ropp).
rewrite Hx. assert (P : 0 < exp (2 * X)) by apply exp_pos.
assert (HLn : IZR L * INR n <= X) by (unfold X; nra).
assert (Hsq : 9 * X <= exp (2 * X) * exp (2 * X)) by nra.
apply (Rmult_le_reg_r (exp (2 * X) * exp (2 * X))); [nra|].
replace (2 * IZR L * (2 * INR n * (9 / 4) * (/ exp (2 * X) * / exp (2 * X))) * (exp (2 * X) * exp (2 * X)))
  with (9 * (IZR L * INR n)) by (field; lra).
nra.
Qed.

(** ** The block *)

Section Mix.
Variables (n : nat) (w : nat -> nat) (kk : nat) (caus : bool) (Ps : list npred) (nx : nat).
Variable W : head -> (nat -> R) -> nat -> nat -> R.
Hypothesis Hn : (1 <= n)%nat.
Hypothesis HW : hs_below n W.
Hypothesis Hnx : (2 <= nx)%nat.
Local Notation ctx := (ctx n w kk caus Ps nx).
Local Notation base := (base kk Ps nx).
Local Notation xk := (c_pred kk (length Ps)).
Local Notation run L x := (net_run W n (real_net L) x).

Lemma run_app (L1 L2 : snet) (x : stream) : run (L1 ++ L2) x = run L2 (run L1 x).
Proof. rewrite real_net_app. apply net_run_app. Qed.

Ltac wm := eapply writes_in_mono; [eassumption|cbn [su_out sh_out rounding1 su_head mlook_head count_shead] in *; lia|cbn [su_out sh_out rounding1 su_head mlook_head count_shead] in *; lia].

(** One term: Z at g + 3 and the lookup at g + 4 within 2 [mix_errK] of 2 max(C, 1). *)
Lemma term_run (y : stream) (b : nat) (d : dir) (K : Q) (g : nat) (B : nat -> bool) :
  ctx y -> (base <= g)%nat -> (forall j c, (g <= c)%nat -> y j c = 0) -> (b < g)%nat ->
  (forall j, (j < n)%nat -> y j b = B2R (B j)) -> 2 <= Q2R K ->
  writes_in (term_layers kk xk b d K g) g (g + 5) /\
  forall i, (i < n)%nat -> run (term_layers kk xk b d K g) y i (g + 3)%nat = B2R (Nat.eqb (count n d B i) 0) /\
    Rabs (run (term_layers kk xk b d K g) y i (g + 4)%nat - 2 * INR (S (count n d B i - 1))) <= mix_errK n K.
Proof.
intros Hc Hb Hz Ha HB HK. unfold term_layers. unfold LTLCountBlocks.base in Hb.
replace (g + 2)%nat with (S (g + 1)) by lia.
set (Lc := SLayer [count_shead g b d] []).
set (Ls := SLayer [su_head kk (g + 1) b b (dmask d) (match d with DLeft => 1%Q | DRight => (-1)%Q end)] [rounding1 (S (g + 1)) (g + 1)]).
set (Lz := unit_layer (SUnit (g + 3) (not_neurons (S (g + 1))) 0)).
set (Ll := SLayer [mlook_head kk xk (g + 4) g (c_inv kk d) K] []).
assert (Hw1 : writes_in [Lc] g (g + 1)) by exact (count_layers_writes [(b, 0%Z)] g d).
destruct (run_ctx n w kk caus Ps nx W Hn y [Lc] g (g + 1) ltac:(unfold LTLCountBlocks.base; lia) Hw1 Hc Hz) as [Hc1 Hz1].
set (y1 := run [Lc] y) in *.
assert (Hcnt : forall i, (i < n)%nat -> y1 i g = INR (count n d B i) / INR (span n d i)).
{ intros i Hi. pose proof (count_layers_run W n d (fun _ => B) (W_hs n W HW) [(b, 0%Z)] g y
    ltac:(intros p [<-|[]]; split; [exact Ha|exact HB]) Hz 0%nat i ltac:(simpl; lia) Hi) as H.
  rewrite Nat.add_0_r in H. exact H. }
assert (Hb1 : forall j, (j < n)%nat -> y1 j b = B2R (B j))
  by (intros j Hj; unfold y1; rewrite (net_frame W n [Lc] g (g + 1) y Hw1) by lia; apply HB, Hj).
set (Ex := fun j => negb (Nat.eqb (count n d B j) 0)).
destruct (hu_block n W Hn y1 (su_head kk (g + 1) b b (dmask d) (match d with DLeft => 1%Q | DRight => (-1)%Q end))
            (rounding1 (S (g + 1)) (g + 1)) (fun j => B2R (Ex j)) eq_refl) as [Hw2 Hv2].
{ intros j c Hc'. apply Hz1. cbn [sh_out su_head] in Hc'. lia. }
{ intros j Hj. unfold Ex. destruct d; cbn [dmask].
  - rewrite (s_block n w kk caus Ps nx W Hn HW y1 (g + 1) Hc1 ltac:(unfold LTLCountBlocks.base; lia) ltac:(intros; apply Hz1; lia) b b B B Hb1 Hb1 j Hj).
    f_equal. change (B (topS B j)) with (B (topS (fun j => negb true || B j) j)). rewrite <- since_top, since_counted. reflexivity.
  - rewrite (u_block n w kk caus Ps nx W Hn HW y1 (g + 1) Hc1 ltac:(unfold LTLCountBlocks.base; lia) ltac:(intros; apply Hz1; lia) b b B B Hb1 Hb1 j Hj).
    f_equal. change (B (topU B (n - j) j)) with (B (topU (fun j => negb true || B j) (n - j) j)). rewrite <- until_top, until_counted by lia. reflexivity. }
assert (Hw2' : writes_in [Ls] (g + 1) (g + 3)) by wm.
destruct (run_ctx n w kk caus Ps nx W Hn y1 [Ls] (g + 1) (g + 3) ltac:(unfold LTLCountBlocks.base; lia) Hw2' Hc1 ltac:(intros; apply Hz1; lia)) as [Hc2 Hz2].
set (y2 := run [Ls] y1) in *.
destruct (unit_block n W Hn y2 (SUnit (g + 3) (not_neurons (S (g + 1))) 0) (fun j => B2R (Nat.eqb (count n d B j) 0)) Hz2) as [Hw3 Hv3].
{ intros j Hj. rewrite <- (negb_involutive (Nat.eqb _ 0)). apply unit_not. apply Hv2, Hj. }
assert (Hw3' : writes_in [Lz] (g + 3) (g + 4)) by wm.
destruct (run_ctx n w kk caus Ps nx W Hn y2 [Lz] (g + 3) (g + 4) ltac:(unfold LTLCountBlocks.base; lia) Hw3' Hc2 Hz2) as [Hc3 Hz3].
set (y3 := run [Lz] y2) in *.
assert (Hcnt3 : forall i, (i < n)%nat -> y3 i g = INR (count n d B i) / INR (span n d i)).
{ intros i Hi. unfold y3. rewrite (net_frame W n [Lz] (g + 3) (g + 4) y2 Hw3') by lia.
  unfold y2. rewrite (net_frame W n [Ls] (g + 1) (g + 3) y1 Hw2') by lia. apply Hcnt, Hi. }
set (hl := mlook_head kk xk (g + 4) g (c_inv kk d) K).
assert (Hw4 : writes_in [Ll] (g + 4) (g + 5)).
{ apply writes_in_one. intros c E. unfold swrites, Ll in E. cbn [sl_heads sl_units existsb sh_out mlook_head] in E.
  rewrite !orb_false_r in E. apply Nat.eqb_eq in E. lia. }
split.
- change [Lc; Ls; Lz; Ll] with ([Lc] ++ [Ls] ++ [Lz] ++ [Ll]). repeat apply writes_in_app; wm.
- intros i Hi. change (run [Lc; Ls; Lz; Ll] y) with (run [Ll] (run [Lz] (run [Ls] (run [Lc] y)))). fold y1 y2 y3.
  cbn [real_net map net_run]. unfold Ll. rewrite !h_layer_run, !after_head_eq. cbn [sh_out mlook_head].
  replace (Nat.eqb (g + 4) (g + 3)) with false by (symmetry; apply Nat.eqb_neq; lia). rewrite Nat.eqb_refl.
  rewrite (Hz3 i (g + 4)%nat) by lia. split.
  + rewrite Rplus_0_r. unfold y3. change (g + 3)%nat with (su_out (SUnit (g + 3) (not_neurons (S (g + 1))) 0)). apply Hv3, Hi.
  + rewrite Rplus_0_l. set (C := count n d B i). pose proof (count_le_span n d B i) as Hle. fold C in Hle.
    pose proof (stage_span NoMask d n i Hi) as Hs.
    assert (Hinv : y3 i (c_inv kk d) = / INR (span n d i))
      by (destruct d; cbn [c_inv span]; [apply (cx_invl _ _ _ _ _ _ y3 Hc3)|apply (cx_invr _ _ _ _ _ _ y3 Hc3)]; exact Hi).
    assert (Hk1 : forall j, y3 j xk = 2 * INR (S j) * INR n) by (intros j; apply (cx_keys _ _ _ _ _ _ y3 Hc3 Hnx j)).
    assert (Hk2 : forall j, y3 j (S xk) = - (INR (S j) ^ 2) * INR n) by (intros j; apply (cx_keys _ _ _ _ _ _ y3 Hc3 Hnx j)).
    destruct HW as [EW|HS]; [rewrite EW|destruct (HS (real_head (mlook_head kk xk (g + 4) g (c_inv kk d) K))) as [tau [Htau EW]]; rewrite (head_out_W W tau n _ y3 i EW)].
    * rewrite (mlook_hard n kk xk (g + 4) g (c_inv kk d) K y3 i C (span n d i)); try assumption; try lia.
      -- rewrite Rminus_diag_eq, Rabs_R0 by reflexivity. unfold mix_errK. pose proof (exp_pos (- (2 * Q2R K * INR n))). pose proof (pos_INR n). nra.
      -- apply Hcnt3, Hi.
      -- apply (cx_two _ _ _ _ _ _ y3 Hc3).
    * apply (mlook_low n kk xk (g + 4) g (c_inv kk d) K y3 i C (span n d i)); try assumption; try lia.
      -- apply Hcnt3, Hi.
      -- apply (cx_two _ _ _ _ _ _ y3 Hc3).
Qed.

Lemma mw_val_cons (b : nat) (a : Z) (d : dir) (ts : list (nat * Z * dir)) (g : nat) (v : nat -> R) :
  mw_val ((b, a, d) :: ts) g v = 2 * IZR a * v (g + 4)%nat - 4 * IZR a * v (g + 3)%nat + mw_val ts (g + 5) v.
Proof. unfold mw_val. cbn [mix_weights map lsum fst snd]. rewrite !Q2R_Z, !mult_IZR. simpl (IZR 2). simpl (IZR (-4)). ring. Qed.

(** The term layers: every count read back within 2 |a_k| [mix_errK]. *)
Lemma terms_run (K : Q) (Bf : nat -> nat -> bool) : 2 <= Q2R K -> forall ts g y,
  ctx y -> (base <= g)%nat -> (forall j c, (g <= c)%nat -> y j c = 0) ->
  (forall q, In q ts -> (fst (fst q) < g)%nat /\ forall j, (j < n)%nat -> y j (fst (fst q)) = B2R (Bf (fst (fst q)) j)) ->
  writes_in (terms_layers kk xk ts K g) g (g + 5 * length ts) /\
  forall i, (i < n)%nat -> Rabs (mw_val ts g (run (terms_layers kk xk ts K g) y i) - 4 * IZR (lin_mix ts (fun d b => count n d (Bf b) i)))
                          <= 2 * IZR (labs ts) * mix_errK n K.
Proof.
intros HK ts. induction ts as [|[[b a] d] ts IH]; intros g y Hc Hb Hz Ha.
- split; [intros L c []|]. intros i _. unfold mw_val. cbn. rewrite Rmult_0_r, Rminus_0_r, Rabs_R0. lra.
- cbn [terms_layers length]. destruct (Ha (b, a, d) (or_introl eq_refl)) as [Hb0 HB]. cbn [fst] in Hb0, HB.
  destruct (term_run y b d K g (Bf b) Hc Hb Hz Hb0 HB HK) as [Hw1 Hv1].
  destruct (run_ctx n w kk caus Ps nx W Hn y _ g (g + 5) ltac:(lia) Hw1 Hc Hz) as [Hc1 Hz1].
  set (y1 := run (term_layers kk xk b d K g) y) in *.
  assert (Ha1 : forall q, In q ts -> (fst (fst q) < g + 5)%nat /\ forall j, (j < n)%nat -> y1 j (fst (fst q)) = B2R (Bf (fst (fst q)) j)).
  { intros q Hq. destruct (Ha q (or_intror Hq)) as [H1 H2]. split; [lia|]. intros j Hj.
    unfold y1. rewrite (net_frame W n _ g (g + 5) y Hw1) by lia. apply H2, Hj. }
  destruct (IH (g + 5)%nat y1 Hc1 ltac:(lia) Hz1 Ha1) as [Hw2 Hv2]. split.
  + apply writes_in_app; eapply writes_in_mono; (eassumption || lia).
  + intros i Hi. rewrite run_app, mw_val_cons. fold y1.
    rewrite !(net_frame W n (terms_layers kk xk ts K (g + 5)) (g + 5) (g + 5 + 5 * length ts) y1 Hw2) by lia.
    destruct (Hv1 i Hi) as [HZ Hr]. fold y1 in HZ, Hr. rewrite HZ. specialize (Hv2 i Hi).
    cbn [lin_mix labs]. rewrite plus_IZR, mult_IZR, plus_IZR.
    set (C := count n d (Bf b) i) in *. set (r := y1 i (g + 4)%nat) in *.
    set (M := mw_val ts (g + 5) _) in *. set (E := lin_mix ts _) in *.
    assert (EC : INR (S (C - 1)) = INR C + B2R (Nat.eqb C 0)) by (destruct C; [simpl; ring|cbn [Nat.eqb B2R]; rewrite Nat.sub_succ, Nat.sub_0_r; ring]).
    rewrite EC in Hr. rewrite <- INR_IZR_INZ.
    replace (2 * IZR a * r - 4 * IZR a * B2R (Nat.eqb C 0) + M - 4 * (IZR a * INR C + IZR E))
      with (2 * IZR a * (r - 2 * (INR C + B2R (Nat.eqb C 0))) + (M - 4 * IZR E)) by ring.
    eapply Rle_trans; [apply Rabs_triang|]. rewrite Rabs_mult, Rabs_mult, (Rabs_pos_eq 2) by lra. rewrite <- abs_IZR.
    assert (0 <= IZR (Z.abs a)) by (apply IZR_le; lia).
    assert (IZR (Z.abs a) * Rabs (r - 2 * (INR C + B2R (C =? 0))) <= IZR (Z.abs a) * mix_errK n K) by (apply Rmult_le_compat_l; assumption).
    assert (0 <= mix_errK n K) by (unfold mix_errK; pose proof (exp_pos (- (2 * Q2R K * INR n))); pose proof (pos_INR n); nra).
    nra.
Qed.

(** A mixed comparison block outputs exactly [sum_k a_k #d_k[b_k] + c0 >= 0] at every position i < n. *)
Lemma mix_block (Bf : nat -> nat -> bool) (y : stream) (ts : list (nat * Z * dir)) (c0 : Z) (g : nat) :
  ctx y -> (base <= g)%nat -> (forall j c, (g <= c)%nat -> y j c = 0) ->
  (forall q, In q ts -> (fst (fst q) < g)%nat /\ forall j, (j < n)%nat -> y j (fst (fst q)) = B2R (Bf (fst (fst q)) j)) ->
  writes_in (mix_layers kk xk ts c0 g) g (S (g + 5 * length ts)) /\
  forall i, (i < n)%nat -> run (mix_layers kk xk ts c0 g) y i (g + 5 * length ts)%nat
    = B2R (Z.leb 0 (lin_mix ts (fun d b => count n d (Bf b) i) + c0)).
Proof.
intros Hc Hb Hz Ha. set (K := inject_Z (2 * (1 + labs ts))).
assert (HL : (0 <= labs ts)%Z) by (clear; induction ts as [|[[b a] d] ts IH]; cbn [labs]; lia).
assert (HK : 2 <= Q2R K) by (unfold K; rewrite Q2R_Z, mult_IZR, plus_IZR; assert (0 <= IZR (labs ts)) by (apply IZR_le; lia); simpl (IZR 2); simpl (IZR 1); lra).
destruct (terms_run K Bf HK ts g y Hc Hb Hz Ha) as [Hw1 Hv1].
destruct (run_ctx n w kk caus Ps nx W Hn y _ g (g + 5 * length ts) ltac:(lia) Hw1 Hc Hz) as [Hc1 Hz1].
set (z := run (terms_layers kk xk ts K g) y) in *.
destruct (unit_block n W Hn z (mix_sunit (g + 5 * length ts) ts c0 g) (fun i => B2R (Z.leb 0 (lin_mix ts (fun d b => count n d (Bf b) i) + c0))) Hz1) as [Hw2 Hv2].
{ intros i Hi. apply mix_sunit_exact. eapply Rle_trans; [apply Hv1, Hi|]. apply mix_err; assumption. }
unfold mix_layers. fold K. split.
- apply writes_in_app; eapply writes_in_mono; (eassumption || (cbn [su_out mix_sunit]; lia)).
- intros i Hi. rewrite run_app. fold z. apply Hv2, Hi.
Qed.

End Mix.
