(** * Seed 004, Appendix E: Dyck-k from its S-RASP program through Theorem 26, one network for
    every length.

    The program [dyck_prog k] of the fragment [SRaspIntBool] over the 2k letters (a < k opens
    type a, k + a closes it), 43 operations, writes at position i (c = 2k + 8, sequence c + m):
    the letter codes o_i = [w_i open](w_i + 1) and e_i = [w_i closes](w_i - k + 1) (m = 0, 1),
    open_i = [o_i >= 1] (3), close_i (4), the shifted count of open brackets (5-7) and i + 1
    (8-10), close_0 read at position 0 (11), the depth d_i = 2 l_i - (i + 1) (13), the query depth
    D_i = d_i + close_i (15), the stored square of d (16), the code and the depth at the
    rightmost j <= i with open_j and d_j = D_i (17, 18: one selection comparing integers), the
    match [o_j = e_i and d_j = D_i] (19-29), the error bad_i = close_i and ([D_i <= 0] or no
    match) (30-34), any error at or before i (35), [d_i = 0] (36-40) and the output
    [d_i = 0 and no error] (42).
    Here: the program, [dyck_prog_wt] (well typed for every k) and [F_at] (sequence by sequence).
    In [DyckSRaspThm]: [dyck_prog_out]: for every k, n >= 1, word w of length n over the 2k letters
    and i < n, the output is Dyck.v's [out] ([Dyck.dyck_program_correct]: [w_0 .. w_i in Dyck-k]);
    [dyck_srasp_correct]: the softmax network [brasp_net (2k) (dyck_prog k)] (width 2k + 51,
    weights independent of n, on the bounded embeddings 1, (i+1)/n, [i odd], 1/n, 1/(i+1),
    ((i+1)/n)^2, (i+1)/n^2) at every 0 < tau <= [brasp_temp] (Theorem 26 at gap 1/(2 n^3)), after
    Lemma 9's rounding, outputs exactly that bit. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith.
From Quarks Require Import RSum Rounding TransformerModel MatrixModel MatrixCopy MatrixGap.
From Quarks Require Import SRasp SRaspCompile SRaspInt SRaspIntCompile SRaspIntBool Dyck.
Import ListNotations.
Open Scope R_scope.

(** ** The program *)

Definition dyck_prog (k : nat) : list bop :=
  let K := (k + k)%nat in
  [ BLinB (map (fun t => (t, Z.of_nat (S t))) (seq 0 k));
    BLinB (map (fun t => ((k + t)%nat, Z.of_nat (S t))) (seq 0 k));
    BX (XLinZ [((K + 8)%nat, (-1)%Z); ((K + 3)%nat, 2%Z)]);
    BLe1 (K + 10);
    BX (XBase (SNot (K + 11)));
    BX (XCnt (K + 11)); BX (XAvgC (K + 13)); BX (XRead (K + 14));
    BX (XCnt K); BX (XAvgC (K + 16)); BX (XRead (K + 17));
    BX (XBase (SSel Future LeftMost K K (K + 12)));
    BX (XScale (K + 19));
    BX (XLinZ [((K + 15)%nat, 2%Z); ((K + 18)%nat, (-1)%Z); ((K + 20)%nat, (-2)%Z)]);
    BX (XScale (K + 12));
    BX (XLinZ [((K + 21)%nat, 1%Z); ((K + 22)%nat, 1%Z)]);
    BX (XSq (K + 21));
    BX (XEq Future RightMost (K + 23) (K + 21) (K + 24) (K + 11) (K + 8));
    BX (XEq Future RightMost (K + 23) (K + 21) (K + 24) (K + 11) (K + 21));
    BX (XLinZ [((K + 25)%nat, 1%Z); ((K + 9)%nat, (-1)%Z); ((K + 3)%nat, 1%Z)]);
    BLe1 (K + 27);
    BX (XLinZ [((K + 25)%nat, (-1)%Z); ((K + 9)%nat, 1%Z); ((K + 3)%nat, 1%Z)]);
    BLe1 (K + 29);
    BX (XLinZ [((K + 26)%nat, 1%Z); ((K + 23)%nat, (-1)%Z); ((K + 3)%nat, 1%Z)]);
    BLe1 (K + 31);
    BX (XLinZ [((K + 26)%nat, (-1)%Z); ((K + 23)%nat, 1%Z); ((K + 3)%nat, 1%Z)]);
    BLe1 (K + 33);
    BX (XBase (SAnd (K + 28) (K + 30)));
    BX (XBase (SAnd (K + 32) (K + 34)));
    BX (XBase (SAnd (K + 35) (K + 36)));
    BX (XLinZ [((K + 23)%nat, 1%Z); ((K + 3)%nat, 1%Z)]);
    BLe1 (K + 38);
    BX (XBase (SNot (K + 37)));
    BX (XBase (SOr (K + 39) (K + 40)));
    BX (XBase (SAnd (K + 12) (K + 41)));
    BX (XBase (SSel Future RightMost K (K + 42) (K + 42)));
    BX (XLinZ [((K + 21)%nat, 1%Z); ((K + 3)%nat, 1%Z)]);
    BLe1 (K + 44);
    BX (XLinZ [((K + 21)%nat, (-1)%Z); ((K + 3)%nat, 1%Z)]);
    BLe1 (K + 46);
    BX (XBase (SAnd (K + 45) (K + 47)));
    BX (XBase (SNot (K + 43)));
    BX (XBase (SAnd (K + 48) (K + 49))) ].

(** The output sequence. *)
Definition dyck_out (k : nat) : nat := (k + k + 50)%nat.

(** ** Well typed for every k *)

Lemma bin_tys_rep (K : nat) : bin_tys K = repeat XB K ++ [XB; XR; XB; XI; XR; XR; XR; XB].
Proof. unfold bin_tys, xin_tys. rewrite <- app_assoc. reflexivity. Qed.

Lemma nth_rep (K m : nat) (M : list xty) (d : xty) : nth (K + m) (repeat XB K ++ M) d = nth m M d.
Proof. rewrite app_nth2 by (rewrite repeat_length; lia). rewrite repeat_length. f_equal. lia. Qed.

Lemma xis_rep (K m : nat) (M : list xty) (t : xty) : xis (repeat XB K ++ M) t (K + m) = xis M t m.
Proof.
unfold xis. rewrite nth_rep, app_length, repeat_length. f_equal.
destruct (Nat.ltb_spec m (length M)); destruct (Nat.ltb_spec (K + m) (K + length M)); (reflexivity || lia).
Qed.

Lemma xis_rep0 (K : nat) (M : list xty) (t : xty) : xis (repeat XB K ++ M) t K = xis M t 0.
Proof. rewrite <- (xis_rep K 0). f_equal. lia. Qed.

Lemma xis_rep_lt (K a : nat) (M : list xty) : (a < K)%nat -> xis (repeat XB K ++ M) XB a = true.
Proof.
intros H. unfold xis. rewrite app_nth1 by (rewrite repeat_length; exact H).
rewrite (nth_indep _ XR XB) by (rewrite repeat_length; exact H). rewrite nth_repeat. rewrite app_length, repeat_length.
simpl. rewrite andb_true_r. apply Nat.ltb_lt. lia.
Qed.

Lemma in_ty_rep (K m : nat) (M : list xty) : in_ty (xbools (repeat XB K ++ M)) (K + m) = (m <? length M)%nat.
Proof.
unfold in_ty. rewrite xbools_length, app_length, repeat_length.
destruct (Nat.ltb_spec m (length M)); destruct (Nat.ltb_spec (K + m) (K + length M)); (reflexivity || lia).
Qed.

Lemma in_ty_rep0 (K : nat) (M : list xty) : in_ty (xbools (repeat XB K ++ M)) K = (0 <? length M)%nat.
Proof. rewrite <- (in_ty_rep K 0). f_equal. lia. Qed.

Lemma ltb_rep (K m : nat) (M : list xty) : (K + m <? length (repeat XB K ++ M))%nat = (m <? length M)%nat.
Proof. rewrite app_length, repeat_length. destruct (Nat.ltb_spec m (length M)); destruct (Nat.ltb_spec (K + m) (K + length M)); (reflexivity || lia). Qed.

Ltac wt_norm :=
  rewrite ?xbools_ty, ?ltb_rep, ?xis_rep, ?xis_rep0, ?in_ty_rep, ?in_ty_rep0, ?nth_rep;
  cbn [xis xty_eqb nth length Nat.ltb Nat.leb andb bop_ty xop_ty sop_bool app].

Lemma bwt_cons (xtys : list xty) (o : bop) (p : list bop) : bwt xtys (o :: p) = bop_ok xtys o && bwt (xtys ++ [bop_ty xtys o]) p.
Proof. reflexivity. Qed.

Ltac wt_step :=
  rewrite bwt_cons; apply andb_true_iff; split;
  [cbn [bop_ok xop_ok sop_ok forallb fst snd zlin map]; wt_norm; reflexivity
  |rewrite <- app_assoc; cbn [bop_ty xop_ty sop_bool]; wt_norm].

Lemma dyck_prog_wt (k : nat) : brasp_wt (k + k) (dyck_prog k) = true.
Proof.
unfold brasp_wt, dyck_prog. cbv zeta. rewrite bin_tys_rep. rewrite bwt_cons. apply andb_true_iff. split.
{ cbn [bop_ok]. apply forallb_forall. intros p Hp. apply in_map_iff in Hp. destruct Hp as [t [<- Ht]].
  apply in_seq in Ht. apply xis_rep_lt. simpl. lia. }
rewrite <- app_assoc. cbn [bop_ty app]. rewrite bwt_cons. apply andb_true_iff. split.
{ cbn [bop_ok]. apply forallb_forall. intros p Hp. apply in_map_iff in Hp. destruct Hp as [t [<- Ht]].
  apply in_seq in Ht. apply xis_rep_lt. simpl. lia. }
rewrite <- app_assoc. cbn [bop_ty app].
repeat wt_step. reflexivity.
Qed.

(** ** The program's sequences *)

Definition b2r (b : bool) : R := if b then 1 else 0.

(** The codes of a letter: w + 1 for an open bracket, w - k + 1 for a close bracket, else 0. *)
Definition ocode (k a : nat) : Z := if (a <? k)%nat then Z.of_nat (S a) else 0%Z.
Definition ccode (k a : nat) : Z := if ((k <=? a) && (a <? k + k))%nat then Z.of_nat (S (a - k)) else 0%Z.

Lemma le1_int (n : nat) (a : Z) : (0 < n)%nat -> le1 (IZR a / INR n * INR n) = b2r (Z.leb a 1).
Proof.
intros Hn. assert (0 < INR n) by (apply lt_0_INR, Hn). replace (IZR a / INR n * INR n) with (IZR a) by (field; lra).
unfold le1, b2r. destruct (Z.leb_spec a 1) as [H1|H1].
- apply IZR_le in H1. destruct (Rle_dec _ _); [reflexivity|]. simpl in H1. lra.
- assert (H2 : (2 <= a)%Z) by lia. apply IZR_le in H2. destruct (Rle_dec _ _); [|reflexivity]. simpl in H2. lra.
Qed.

Lemma lin_code (s m a : nat) (y : nat -> R) : (forall t, (t < m)%nat -> y (s + t)%nat = if Nat.eqb a (s + t) then 1 else 0) ->
  lin (zlin (map (fun t => ((s + t)%nat, Z.of_nat (S t))) (seq 0 m))) y =
  IZR (if ((s <=? a) && (a <? s + m))%nat then Z.of_nat (S (a - s)) else 0%Z).
Proof.
induction m as [|m IH]; intros H.
- cbn [seq map]. unfold zlin, lin. cbn [map lsum]. rewrite Nat.add_0_r.
  destruct ((s <=? a) && (a <? s))%nat eqn:E; [|reflexivity]. exfalso. apply andb_true_iff in E. destruct E as [E1 E2].
  apply Nat.leb_le in E1. apply Nat.ltb_lt in E2. lia.
- rewrite seq_S, map_app.
  assert (Happ : forall l1 l2, lin (zlin (l1 ++ l2)) y = lin (zlin l1) y + lin (zlin l2) y)
    by (intros l1 l2; unfold lin, zlin; rewrite map_app; apply lsum_app). rewrite Happ.
  rewrite IH by (intros; apply H; lia). unfold lin, zlin. cbn [map lsum fst snd]. rewrite ?Nat.add_0_l. rewrite (H m) by lia.
  destruct (Nat.eqb_spec a (s + m)) as [->|Ha].
  + replace ((s <=? s + m) && (s + m <? s + m))%nat with false by (symmetry; apply andb_false_iff; right; apply Nat.ltb_ge; lia).
    replace ((s <=? s + m) && (s + m <? s + S m))%nat with true by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
    replace (s + m - s)%nat with m by lia. rewrite <- INR_IZR_INZ. ring.
  + replace ((s <=? a) && (a <? s + S m))%nat with ((s <=? a) && (a <? s + m))%nat; [ring|].
    destruct (s <=? a)%nat; [|reflexivity]. simpl. destruct (Nat.ltb_spec a (s + m)); destruct (Nat.ltb_spec a (s + S m)); (reflexivity || lia).
Qed.

Lemma count_split (p : nat -> bool) (m : nat) : (count p m + count (fun j => negb (p j)) m)%nat = m.
Proof. induction m as [|m IH]; [reflexivity|]. simpl. destruct (p m); simpl; lia. Qed.

Lemma count_le (p : nat -> bool) (m : nat) : (count p m <= m)%nat.
Proof. pose proof (count_split p m). lia. Qed.

(** The shifted count of [SRaspIntCompile.XCnt] over positions 0..i. *)
Lemma psum_count (n : nat) (b : nat -> bool) (G : nat -> R) (i : nat) :
  (forall t, (t <= i)%nat -> G t = (b2r (b t) + (1 - b2r (b t)) * (if Nat.eqb t 0 then 1 else 0)) / INR n) ->
  rsum G 0 (S i) = INR (count b (S i) + (if b 0%nat then 0 else 1)) / INR n.
Proof.
induction i as [|i IH]; intros H.
- cbn [rsum count]. rewrite Nat.add_0_l, (H 0%nat) by lia. unfold b2r. destruct (b 0%nat); simpl; unfold Rdiv; ring.
- change (rsum G 0 (S (S i))) with (rsum G 0 (S i) + G (0 + S i)%nat). rewrite IH by (intros; apply H; lia).
  rewrite Nat.add_0_l, (H (S i)) by lia. cbn [count Nat.eqb]. rewrite !plus_INR. unfold b2r. destruct (b (S i)); simpl; unfold Rdiv; ring.
Qed.

Lemma rarg_zarg (s : nat -> R) (Kf : nat -> Z) (D : R) (cnt : nat) : 0 < D ->
  (forall t, (t < cnt)%nat -> s t = IZR (Kf t) / D) -> rarg s cnt = zarg Kf cnt.
Proof.
intros HD. induction cnt as [|m IH]; intros Hs; [reflexivity|]. destruct m as [|m']; [reflexivity|].
change (rarg s (S (S m'))) with (if Rle_dec (s (S m')) (s (rarg s (S m'))) then rarg s (S m') else S m').
change (zarg Kf (S (S m'))) with (if Z.leb (Kf (S m')) (Kf (zarg Kf (S m'))) then zarg Kf (S m') else S m').
rewrite IH by (intros; apply Hs; lia).
pose proof (zarg_spec Kf (S m') ltac:(lia)) as [HT _].
rewrite (Hs (S m')), (Hs (zarg Kf (S m'))) by lia.
assert (HiD : 0 < / D) by (apply Rinv_0_lt_compat, HD).
destruct (Z.leb_spec (Kf (S m')) (Kf (zarg Kf (S m')))) as [Hl|Hl]; destruct (Rle_dec _ _) as [Hr|Hr]; try reflexivity; exfalso.
- apply Hr. unfold Rdiv. apply Rmult_le_compat_r; [lra|apply IZR_le, Hl].
- apply IZR_lt in Hl. unfold Rdiv in Hr. apply Rmult_le_reg_r in Hr; [lra|exact HiD].
Qed.

Lemma lfind_first (B : nat -> bool) (m : nat) : B 0%nat = true -> lfind B (S m) = Some 0%nat.
Proof. intros H. induction m as [|m IH]; [simpl; rewrite H; reflexivity|]. change (lfind B (S (S m))) with (match lfind B (S m) with Some t => Some t | None => if B (S m) then Some (S m) else None end). rewrite IH. reflexivity. Qed.

(** The run of the program on w (length n). *)
Definition dyck_run (k n : nat) (w : list nat) : stream := brasp_run (k + k) n (dyck_prog k) w.

Lemma dyck_prog_length (k : nat) : length (dyck_prog k) = 43%nat.
Proof. reflexivity. Qed.

Lemma F_at (k n : nat) (w : list nat) (m i : nat) : (8 <= m < 51)%nat ->
  dyck_run k n w i (k + k + m)%nat = bsem n (nth (m - 8) (dyck_prog k) (BLe1 0)) (dyck_run k n w) i.
Proof.
intros Hm. unfold dyck_run. replace (k + k + m)%nat with (k + k + 8 + (m - 8))%nat by lia.
apply brasp_run_at; [exact (dyck_prog_wt k)|rewrite dyck_prog_length; lia].
Qed.

Lemma F_in (k n : nat) (w : list nat) (i a : nat) : (a < k + k + 8)%nat -> dyck_run k n w i a = binput (k + k) n w i a.
Proof. intros Ha. unfold dyck_run, brasp_run. apply brun_below, Ha. Qed.

Lemma F_letter (k n : nat) (w : list nat) (i a : nat) : (a < k + k)%nat -> dyck_run k n w i a = if Nat.eqb (letter w i) a then 1 else 0.
Proof.
intros Ha. rewrite F_in by lia. unfold binput. rewrite upd_ne by lia. unfold xinput, word_input, embed.
replace (a <? k + k)%nat with true by (symmetry; apply Nat.ltb_lt, Ha). reflexivity.
Qed.

Lemma F_one (k n : nat) (w : list nat) (i : nat) : dyck_run k n w i (k + k)%nat = 1.
Proof. rewrite F_in by lia. unfold binput. rewrite upd_ne by lia. rewrite <- (Nat.add_0_r (k + k)) at 2. rewrite xinput_pe. reflexivity. Qed.

Lemma F_invn (k n : nat) (w : list nat) (i : nat) : dyck_run k n w i (k + k + 3)%nat = / INR n.
Proof. rewrite F_in by lia. unfold binput. rewrite upd_ne by lia. rewrite xinput_pe. reflexivity. Qed.

