(** * Seed 004, Section 6: S-RASP with integer-valued sequences, prefix sums and value-comparing
    selection, compiled with weights independent of n, exact under softmax at Theorem 26's
    temperature for every length.

    The fragment of [SRasp] ([XBase]) grows by operations on integer sequences, stored as c_i / n
    (type [XI]; their squares, [XS], as s_i / n^2):
    - [XScale b]: b_i / n for a Boolean b (ReLU(1/n + b - 1));
    - [XLinZ w]: sum_a w_a x_i[a] with integer w over integer sequences;
    - [XCnt b], [XAvgC], [XRead]: the prefix sum as the paper's translation does it: the step
      (b_i or [i = 0]) / n ([XC]), its future-masked average c/((i+1) n) ([XA]), read back through
      the position embeddings as c / n = x_i (i + 1) ([SRaspInt.psum_read]): with [psum], the count
      sum_(j <= i) (b_j or [j = 0]);
    - [XSq a]: the stored square max(1, min(a, n))^2 / n^2 ([SRaspInt.sq_read]);
    - [XEq m dr a b s kb v]: the value v at the visible j of largest score (2 A_i B_j - S_j)/n^2
      + 8 [kb_j] with the tie-break t (j + 1)/n^3 ([escore]): with s the stored square of b, the
      rightmost (leftmost) visible j with kb_j and B_j = A_i when there is one
      ([SRaspInt.eq_top_match]).
    The input adds the bounded embeddings 1/n, 1/(i+1), ((i+1)/n)^2 and (i+1)/n^2 (coordinates k+3 ..
    k+6) to [SRasp]'s 1, (i+1)/n, [i odd].  Every head of the compiled network is uniform or tieless
    with gap 1/(2 n^3) ([thm26_xrasp_gaps]); the weights are independent of n.  Proved for every
    well-typed program, length n and word: the hard network is the program ([thm26_xrasp_hard]);
    the softmax network at 0 < tau <= [xrasp_temp] is within eps ([thm26_xrasp_soft]); after Lemma
    9's rounding every Boolean sequence is exact ([thm26_xrasp]), and n times every integer
    sequence is within 1/4 of its integer at eps = 1/(4n) ([thm26_xrasp_int]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith FunctionalExtensionality.
From Quarks Require Import RSum Rounding TransformerModel TransformerError MatrixModel MatrixError MatrixGap MatrixCopy.
From Quarks Require Import SRasp SRaspCompile SRaspInt.
Import ListNotations.
Open Scope R_scope.

(** ** Syntax, semantics, types *)

Inductive xty := XB | XR | XI | XS | XC | XA.

Definition xty_eqb (s t : xty) : bool :=
  match s, t with XB, XB | XR, XR | XI, XI | XS, XS | XC, XC | XA, XA => true | _, _ => false end.

Lemma xty_eqb_eq (s t : xty) : xty_eqb s t = true -> s = t.
Proof. destruct s, t; simpl; congruence. Qed.

Inductive xop :=
| XBase (o : sop)
| XScale (b : nat)
| XLinZ (w : list (nat * Z))
| XCnt (b : nat)
| XAvgC (a : nat)
| XRead (a : nat)
| XSq (a : nat)
| XEq (m : mask) (dr : dir) (a bb sb kb v : nat).

Definition zlin (w : list (nat * Z)) : list (nat * R) := map (fun p => (fst p, IZR (snd p))) w.

(** The selection's score at key j, over the common factor: 2 A B - S + 8 K + t (j + 1)/n^3. *)
Definition escore (n : nat) (dr : dir) (a bb sb kb : nat) (x : stream) (i j : nat) : R :=
  2 * x i a * x j bb - x j sb + 8 * x j kb + IZR (tsgn dr) / 2 * (/ INR n * (INR (S j) / INR n ^ 2)).

(** The first offset t < cnt of largest s t. *)
Fixpoint rarg (s : nat -> R) (cnt : nat) : nat :=
  match cnt with
  | O => O
  | S m => match m with O => O | _ => let t := rarg s m in if Rle_dec (s m) (s t) then t else m end
  end.

Definition xsem (n : nat) (o : xop) (x : stream) (i : nat) : R :=
  match o with
  | XBase o => sop_sem n o x i
  | XScale b => x i b / INR n
  | XLinZ w => sop_sem n (SLin (zlin w) 0) x i
  | XCnt b => (x i b + (1 - x i b) * (if Nat.eqb i 0 then 1 else 0)) / INR n
  | XAvgC a => sop_sem n (SAvg Future a) x i
  | XRead a => x i a * INR (S i)
  | XSq a => Rmin 1 (Rmax (/ INR n) (x i a)) ^ 2
  | XEq m dr a bb sb kb v =>
      x (vis_lo m i + rarg (fun t => escore n dr a bb sb kb x i (vis_lo m i + t)) (vis_cnt m n i))%nat v
  end.

Fixpoint xrun (n c : nat) (p : list xop) (x : stream) : stream :=
  match p with [] => x | o :: p' => xrun n (S c) p' (upd x c (xsem n o x)) end.

(** The input: [SRasp]'s, then 1/n, 1/(i+1), ((i+1)/n)^2, (i+1)/n^2. *)
Definition xpe : list (nat -> nat -> R) :=
  srasp_pe ++ [fun _ n => / INR n; fun i _ => / INR i; fun i n => (INR i / INR n) ^ 2; fun i n => INR i / INR n ^ 2].

Definition xinput (k n : nat) (w : list nat) : stream := word_input k xpe n w.

Definition xrasp_run (k n : nat) (p : list xop) (w : list nat) : stream := xrun n (k + 7) p (xinput k n w).

Definition xis (xtys : list xty) (t : xty) (a : nat) : bool := (a <? length xtys)%nat && xty_eqb (nth a xtys XR) t.
Definition xbools (xtys : list xty) : list bool := map (fun t => xty_eqb t XB) xtys.

Definition xop_ok (xtys : list xty) (o : xop) : bool :=
  match o with
  | XBase o => sop_ok (xbools xtys) o
  | XScale b | XCnt b => xis xtys XB b
  | XLinZ w => forallb (fun p => xis xtys XI (fst p)) w
  | XAvgC a => xis xtys XC a
  | XRead a => xis xtys XA a
  | XSq a => xis xtys XI a
  | XEq _ _ a bb sb kb v => xis xtys XI a && xis xtys XI bb && xis xtys XS sb && xis xtys XB kb && (v <? length xtys)%nat
  end.

Definition xop_ty (xtys : list xty) (o : xop) : xty :=
  match o with
  | XBase o => if sop_bool (xbools xtys) o then XB else XR
  | XScale _ | XLinZ _ | XRead _ => XI
  | XCnt _ => XC
  | XAvgC _ => XA
  | XSq _ => XS
  | XEq _ _ _ _ _ _ v => match nth v xtys XR with XB => XB | XI => XI | XS => XS | _ => XR end
  end.

Fixpoint xwt (xtys : list xty) (p : list xop) : bool :=
  match p with [] => true | o :: p' => xop_ok xtys o && xwt (xtys ++ [xop_ty xtys o]) p' end.

Fixpoint xout_tys (xtys : list xty) (p : list xop) : list xty :=
  match p with [] => xtys | o :: p' => xout_tys (xtys ++ [xop_ty xtys o]) p' end.

Definition xin_tys (k : nat) : list xty := repeat XB k ++ [XB; XR; XB; XI; XR; XR; XR].

Definition xrasp_wt (k : nat) (p : list xop) : bool := xwt (xin_tys k) p.

(** The type of sequence c of program p. *)
Definition xrasp_ty (k : nat) (p : list xop) (c : nat) : xty := nth c (xout_tys (xin_tys k) p) XR.

(** What a type promises at position i. *)
Definition tyinv (n : nat) (t : xty) (x : stream) (i a : nat) : Prop :=
  match t with
  | XB => is01 (x i a)
  | XR => True
  | XI => exists c : Z, x i a = IZR c / INR n
  | XS => exists s : Z, x i a = IZR s / INR n ^ 2
  | XC => (x i a = 0 \/ x i a = / INR n) /\ (i = 0%nat -> x i a = / INR n)
  | XA => exists c : nat, (1 <= c <= S i)%nat /\ x i a = INR c / (INR (S i) * INR n)
  end.

Definition xty_ok (n : nat) (xtys : list xty) (x : stream) : Prop :=
  forall a i, (a < length xtys)%nat -> (i < n)%nat -> tyinv n (nth a xtys XR) x i a.

Definition xpe_ok (k n : nat) (x : stream) : Prop :=
  forall i, (i < n)%nat -> x i (k + 3)%nat = / INR n /\ x i (k + 4)%nat = / INR (S i) /\
    x i (k + 5)%nat = (INR (S i) / INR n) ^ 2 /\ x i (k + 6)%nat = INR (S i) / INR n ^ 2.

Definition xinv (k n : nat) (xtys : list xty) (z : stream) : Prop :=
  sinv k n (xbools xtys) z /\ xty_ok n xtys z /\ xpe_ok k n z /\ (k + 7 <= length xtys)%nat.

(** ** Invariants *)

Lemma xis_spec (xtys : list xty) (t : xty) (a : nat) : xis xtys t a = true -> (a < length xtys)%nat /\ nth a xtys XR = t.
Proof. unfold xis. intros H. apply andb_true_iff in H. destruct H as [H1 H2]. split; [apply Nat.ltb_lt, H1|apply xty_eqb_eq, H2]. Qed.

Lemma xbools_ty (xtys : list xty) (a : nat) : bool_ty (xbools xtys) a = xis xtys XB a.
Proof.
unfold bool_ty, xis, xbools. rewrite map_length. destruct (a <? length xtys)%nat eqn:E; [|reflexivity]. simpl.
change false with ((fun t => xty_eqb t XB) XR). rewrite map_nth. reflexivity.
Qed.

Lemma xty_ok_bool (n : nat) (xtys : list xty) (z : stream) : xty_ok n xtys z -> ty_ok n (xbools xtys) z.
Proof. intros H a i Ha Hi. rewrite xbools_ty in Ha. apply xis_spec in Ha. destruct Ha as [Hl Ht]. pose proof (H a i Hl Hi) as T. rewrite Ht in T. exact T. Qed.

Lemma tyinv_ext (n : nat) (t : xty) (x y : stream) (i j a b : nat) : x i a = y j b -> (i = j) -> tyinv n t x i a -> tyinv n t y j b.
Proof. intros E <-. destruct t; simpl; try rewrite E; tauto. Qed.

Lemma xinv_upd (k n : nat) (xtys : list xty) (t : xty) (z : stream) (f : nat -> R) : xinv k n xtys z ->
  (forall i, (i < n)%nat -> tyinv n t (upd z (length xtys) f) i (length xtys)) ->
  xinv k n (xtys ++ [t]) (upd z (length xtys) f).
Proof.
intros ((Hc & _ & Hpe & Hz) & Hty & Hx & Hk) Hnew.
assert (Hty' : xty_ok n (xtys ++ [t]) (upd z (length xtys) f)).
{ intros a i Ha Hi. rewrite app_length in Ha. simpl in Ha. destruct (Nat.eq_dec a (length xtys)) as [->|Hne].
  - rewrite nth_middle. apply Hnew, Hi.
  - rewrite app_nth1 by lia. apply (tyinv_ext n _ z _ i i a a); [rewrite upd_ne by exact Hne; reflexivity|reflexivity|apply Hty; [lia|exact Hi]]. }
unfold xbools in Hc. rewrite map_length in Hc.
split; [|split; [exact Hty'|split]].
- unfold sinv, xbools. rewrite map_length, app_length. simpl length. split; [lia|split; [apply xty_ok_bool, Hty'|split]].
  + intros i Hi. rewrite !upd_ne by lia. apply Hpe, Hi.
  + intros i a Hi Ha. rewrite upd_ne by lia. apply Hz; [exact Hi|unfold xbools; rewrite map_length; lia].
- intros i Hi. rewrite !upd_ne by lia. apply Hx, Hi.
- rewrite app_length. lia.
Qed.

(** ** The compiler *)

Definition xlayer (k c : nat) (o : xop) : layer :=
  match o with
  | XBase o => clayer k c o
  | XScale b => Layer [] [Unit c [Neuron 1 [((k + 3)%nat, 1); (b, 1)] (-1)] 0]
  | XLinZ w => clayer k c (SLin (zlin w) 0)
  | XCnt b => Layer [] [Unit c [Neuron 1 [((k + 3)%nat, 1); (b, 1)] (-1); Neuron 1 [((k + 3)%nat, 1); ((k + 4)%nat, 2); (b, -1)] (-2)] 0]
  | XAvgC a => clayer k c (SAvg Future a)
  | XRead a => Layer [psum_head c a (k + 4) (S k) (k + 5)] []
  | XSq a => Layer [sq_head c a k (S k) (k + 5)] []
  | XEq m dr a bb sb kb v => Layer [eq_head c v a bb sb kb k (k + 3) (k + 6) m dr] []
  end.

Fixpoint xcompile (k c : nat) (p : list xop) : list layer :=
  match p with [] => [] | o :: p' => xlayer k c o :: xcompile k (S c) p' end.

Definition xrasp_width (k : nat) (p : list xop) : nat := (k + 7 + length p)%nat.

Definition xrasp_net (k : nat) (p : list xop) : list mlayer := copy_net (xcompile k (k + 7) p).

(** Theorem 26's temperature: gap 1/(2 n^3), Lemma 29's bound from 1. *)
Definition xrasp_temp (k n : nat) (p : list xop) (eps : R) : R :=
  temp26_matrix (xrasp_width k p) n (/ (2 * INR n ^ 3)) (mnet_X (xrasp_width k p) (xrasp_net k p) 1) eps (xrasp_net k p).

(** ** Each operation *)

Lemma rarg_spec (s : nat -> R) (cnt : nat) : (1 <= cnt)%nat ->
  (rarg s cnt < cnt)%nat /\ forall t, (t < cnt)%nat -> s t <= s (rarg s cnt).
Proof.
induction cnt as [|m IH]; intros Hc; [lia|]. destruct m as [|m'].
- simpl. split; [lia|]. intros t Ht. replace t with O by lia. lra.
- destruct (IH ltac:(lia)) as [H1 H2]. change (rarg s (S (S m'))) with
    (if Rle_dec (s (S m')) (s (rarg s (S m'))) then rarg s (S m') else S m').
  destruct (Rle_dec (s (S m')) (s (rarg s (S m')))) as [E|E].
  + split; [lia|]. intros t Ht. destruct (Nat.eq_dec t (S m')) as [->|Hne]; [lra|apply H2; lia].
  + split; [lia|]. intros t Ht. destruct (Nat.eq_dec t (S m')) as [->|Hne]; [lra|].
    specialize (H2 t ltac:(lia)). lra.
Qed.

Lemma g3_pos (n : nat) : (0 < n)%nat -> 0 < / (2 * INR n ^ 3).
Proof. intros Hn. apply Rinv_0_lt_compat. assert (0 < INR n ^ 3) by (apply pow_lt, lt_0_INR, Hn). lra. Qed.

Lemma g3_le (n : nat) : (0 < n)%nat -> / (2 * INR n ^ 3) <= / (2 * INR n).
Proof.
intros Hn. assert (H1 : 1 <= INR n) by (apply (le_INR 1); lia). apply Rinv_le_contravar; [lra|].
replace (INR n ^ 3) with (INR n * (INR n * INR n)) by ring. assert (1 <= INR n * INR n) by nra. nra.
Qed.

Lemma escore_grid (n i j : nat) (dr : dir) (a bb sb kb : nat) (z : stream) (A Bj Sj : Z) (kj : bool) : (0 < n)%nat ->
  z i a = IZR A / INR n -> z j bb = IZR Bj / INR n -> z j sb = IZR Sj / INR n ^ 2 -> z j kb = (if kj then 1 else 0) ->
  escore n dr a bb sb kb z i j = IZR (ekey1 n A Bj Sj kj dr j) / (2 * INR n ^ 3).
Proof.
intros Hn Ha Hb Hs Hk. unfold escore, ekey1. rewrite Ha, Hb, Hs, Hk.
assert (HN : 0 < INR n) by (apply lt_0_INR, Hn).
rewrite !plus_IZR, !mult_IZR, minus_IZR, !mult_IZR. rewrite <- !INR_IZR_INZ.
destruct kj; destruct dr; cbn [tsgn]; field; lra.
Qed.

(** Two positions' selection scores are equal or 1/(2 n^3) apart. *)
Lemma escore_sep (n i j j' : nat) (dr : dir) (a bb sb kb : nat) (z : stream) : (i < n)%nat -> (j < n)%nat -> (j' < n)%nat -> j <> j' ->
  (exists A : Z, z i a = IZR A / INR n) ->
  (forall t, (t < n)%nat -> (exists B : Z, z t bb = IZR B / INR n) /\ (exists s : Z, z t sb = IZR s / INR n ^ 2) /\ is01 (z t kb)) ->
  escore n dr a bb sb kb z i j <= escore n dr a bb sb kb z i j' ->
  escore n dr a bb sb kb z i j <= escore n dr a bb sb kb z i j' - / (2 * INR n ^ 3).
Proof.
intros Hi Hj Hj' Hne [A HA] Hk Hle.
destruct (Hk j Hj) as [[B HB] [[Sj HS] HK0]]. destruct (Hk j' Hj') as [[B' HB'] [[Sj' HS'] HK0']].
pose proof (is01_isone _ HK0) as HK. pose proof (is01_isone _ HK0') as HK'.
rewrite (escore_grid n i j dr a bb sb kb z A B Sj _ ltac:(lia) HA HB HS HK) in Hle |- *.
rewrite (escore_grid n i j' dr a bb sb kb z A B' Sj' _ ltac:(lia) HA HB' HS' HK') in Hle |- *.
assert (HD : 0 < 2 * INR n ^ 3) by (assert (0 < INR n ^ 3) by (apply pow_lt, lt_0_INR; lia); lra).
set (e := ekey1 n A B Sj (isone (z j kb)) dr j) in *. set (e' := ekey1 n A B' Sj' (isone (z j' kb)) dr j') in *.
assert (Hee : e <> e') by (intros E; apply Hne; apply (ekey1_inj n A B Sj B' Sj' _ _ dr j j' Hj Hj' E)).
assert (He : (e <= e')%Z).
{ apply le_IZR. unfold Rdiv in Hle. apply Rmult_le_reg_r with (/ (2 * INR n ^ 3)); [apply Rinv_0_lt_compat, HD|exact Hle]. }
assert (He1 : (e + 1 <= e')%Z) by lia. apply IZR_le in He1. rewrite plus_IZR in He1.
unfold Rdiv. assert (0 < / (2 * INR n ^ 3)) by (apply Rinv_0_lt_compat, HD). nra.
Qed.

Lemma clamp_div (n : nat) (A : Z) : (0 < n)%nat ->
  Rmin 1 (Rmax (/ INR n) (IZR A / INR n)) = IZR (Z.max 1 (Z.min A (Z.of_nat n))) / INR n.
Proof.
intros Hn. assert (HN : 1 <= INR n) by (apply (le_INR 1); lia).
assert (Hd : forall u v, u <= v -> u / INR n <= v / INR n) by (intros; unfold Rdiv; apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat; lra|assumption]).
assert (E1 : / INR n = 1 / INR n) by (unfold Rdiv; ring). assert (E2 : 1 = INR n / INR n) by (field; lra).
destruct (Z.le_gt_cases A 1) as [HA|HA].
- replace (Z.max 1 (Z.min A (Z.of_nat n))) with 1%Z by lia. apply IZR_le in HA. pose proof (Hd _ _ HA). pose proof (Hd _ _ HN).
  rewrite Rmax_left by lra. rewrite Rmin_right by lra. lra.
- destruct (Z.le_gt_cases (Z.of_nat n) A) as [HB|HB].
  + replace (Z.max 1 (Z.min A (Z.of_nat n))) with (Z.of_nat n) by lia. rewrite <- INR_IZR_INZ.
    apply IZR_le in HB. rewrite <- INR_IZR_INZ in HB. pose proof (Hd _ _ HB). assert (1 <= IZR A) by (apply IZR_le; lia).
    pose proof (Hd _ _ H0). rewrite Rmax_right by lra. rewrite Rmin_left by lra. lra.
  + replace (Z.max 1 (Z.min A (Z.of_nat n))) with A by lia. assert (1 <= IZR A) by (apply IZR_le; lia).
    assert (IZR A <= INR n) by (rewrite INR_IZR_INZ; apply IZR_le; lia). pose proof (Hd _ _ H). pose proof (Hd _ _ H0).
    rewrite Rmax_right by lra. rewrite Rmin_right by lra. reflexivity.
Qed.

Lemma avgc_count (n : nat) (a : nat) (z : stream) (i : nat) : (0 < n)%nat ->
  (forall t, (t <= i)%nat -> (z t a = 0 \/ z t a = / INR n) /\ (t = 0%nat -> z t a = / INR n)) ->
  exists c : nat, (1 <= c <= S i)%nat /\ rsum (fun t => z t a) 0 (S i) = INR c / INR n.
Proof.
intros Hn H. induction i as [|i IH].
- exists 1%nat. split; [lia|]. cbn [rsum Nat.add]. rewrite (proj2 (H 0%nat (Nat.le_refl 0)) eq_refl).
  replace (INR 1) with 1 by reflexivity. field. apply not_0_INR; lia.
- destruct IH as [c [Hc E]]; [intros t Ht; apply H; lia|].
  change (rsum (fun t => z t a) 0 (S (S i))) with (rsum (fun t => z t a) 0 (S i) + z (0 + S i)%nat a). rewrite Nat.add_0_l, E.
  destruct (proj1 (H (S i) (Nat.le_refl _))) as [E'|E']; rewrite E'.
  + exists c. split; [lia|]. ring.
  + exists (S c). split; [lia|]. rewrite S_INR. field. apply not_0_INR; lia.
Qed.

(** What an operation's layer does: the stream gets the semantics at coordinate c, every head is
    uniform or tieless with gap 1/(2 n^3), and the new sequence has its type. *)
Definition xstep (k n : nat) (xtys : list xty) (o : xop) (x z : stream) : Prop :=
  agree n (layer_run hard_w n (xlayer k (length xtys) o) x) (upd z (length xtys) (xsem n o z)) /\
  (forall h, In h (l_heads (xlayer k (length xtys) o)) -> ut_head n (/ (2 * INR n ^ 3)) h x) /\
  (forall i, (i < n)%nat -> tyinv n (xop_ty xtys o) (upd z (length xtys) (xsem n o z)) i (length xtys)).

Lemma xbools_length (xtys : list xty) : length (xbools xtys) = length xtys.
Proof. apply map_length. Qed.

Lemma xis_in_ty (xtys : list xty) (t : xty) (a : nat) : xis xtys t a = true -> in_ty (xbools xtys) a = true.
Proof. intros H. apply xis_spec in H. unfold in_ty. rewrite xbools_length. apply Nat.ltb_lt, H. Qed.

Lemma xty_at (k n : nat) (xtys : list xty) (z : stream) (t : xty) (a i : nat) : xinv k n xtys z -> xis xtys t a = true ->
  (i < n)%nat -> tyinv n t z i a.
Proof. intros (_ & Hty & _) H Hi. apply xis_spec in H. destruct H as [Hl Ht]. rewrite <- Ht. apply Hty; assumption. Qed.

Lemma tyinv_new (n : nat) (t : xty) (z : stream) (c : nat) (f : nat -> R) (i : nat) :
  tyinv n t (fun i _ => f i) i c -> tyinv n t (upd z c f) i c.
Proof. apply tyinv_ext; [rewrite upd_eq; reflexivity|reflexivity]. Qed.

Lemma ut_base (n : nat) (h : head) (x : stream) : ut_head n (/ (2 * INR n)) h x -> ut_head n (/ (2 * INR n ^ 3)) h x.
Proof.
intros H. destruct n as [|n']; [right; intros i Hi; lia|]. apply (ut_head_mono _ (/ (2 * INR (S n')))); [apply g3_le; lia|exact H].
Qed.

Lemma xstep_clayer (k n : nat) (xtys : list xty) (o : sop) (x z : stream) (t : xty) :
  xinv k n xtys z -> agree n x z -> sop_ok (xbools xtys) o = true ->
  (forall i, (i < n)%nat -> tyinv n t (fun i _ => sop_sem n o z i) i (length xtys)) ->
  agree n (layer_run hard_w n (clayer k (length xtys) o) x) (upd z (length xtys) (sop_sem n o z)) /\
  (forall h, In h (l_heads (clayer k (length xtys) o)) -> ut_head n (/ (2 * INR n ^ 3)) h x) /\
  (forall i, (i < n)%nat -> tyinv n t (upd z (length xtys) (sop_sem n o z)) i (length xtys)).
Proof.
intros (Hs & _) Ha Hok Ht. pose proof (clayer_exact k n (xbools xtys) o x z Hok Hs Ha) as [H1 H2].
rewrite xbools_length in H1, H2. split; [exact H1|split; [intros h Hh; apply ut_base, H2, Hh|]].
intros i Hi. apply tyinv_new, Ht, Hi.
Qed.

Lemma lin_int (n : nat) (w : list (nat * Z)) (y : nat -> R) : (forall p, In p w -> exists c : Z, y (fst p) = IZR c / INR n) ->
  exists c : Z, lin (zlin w) y = IZR c / INR n.
Proof.
induction w as [|p w IH]; intros H.
- exists 0%Z. unfold lin. simpl. unfold Rdiv. ring.
- destruct (H p (or_introl eq_refl)) as [c Hc]. destruct IH as [c' Hc']; [intros q Hq; apply H; right; exact Hq|].
  exists (snd p * c + c')%Z. change (zlin (p :: w)) with ((fst p, IZR (snd p)) :: zlin w). unfold lin in Hc' |- *.
  cbn [map lsum fst snd]. rewrite Hc, Hc', plus_IZR, mult_IZR.
  unfold Rdiv. ring.
Qed.

Lemma xstep_scale (k n : nat) (xtys : list xty) (b : nat) (x z : stream) :
  xinv k n xtys z -> agree n x z -> xis xtys XB b = true -> xstep k n xtys (XScale b) x z.
Proof.
intros Hinv Ha Hb. pose proof Hinv as ((Hc & _ & Hpe & Hz) & Hty & Hx & Hk). pose proof (xis_spec _ _ _ Hb) as [Hbl _].
assert (Hv : forall i, (i < n)%nat -> z i b / INR n = (fun i _ => z i b / INR n) i (length xtys)) by reflexivity.
split; [|split; [intros h []|]].
- apply adds_agree; [exact Ha|intros i Hi; apply Hz; [exact Hi|rewrite xbools_length; lia]|]. apply unit_adds. intros i Hi.
  destruct (Hx i Hi) as (P3 & _). pose proof (xty_at k n xtys z XB b i Hinv Hb Hi) as B01.
  assert (HN : 1 <= INR n) by (apply (le_INR 1); lia). assert (0 < / INR n <= 1) by (split; [apply Rinv_0_lt_compat; lra|rewrite <- Rinv_1; apply Rinv_le_contravar; lra]).
  unfold unit_val, lin. cbn [map lsum fst snd nr_v nr_w nr_b u_hidden u_c]. rewrite !Ha by exact Hi. rewrite P3.
  replace (1 * / INR n + (1 * z i b + 0) + -1) with (/ INR n + z i b - 1) by ring. rewrite gate_relu by (assumption || lra).
  cbn [xsem]. unfold Rdiv. ring.
- intros i Hi. apply tyinv_new. cbn [xop_ty tyinv xsem]. destruct (xty_at k n xtys z XB b i Hinv Hb Hi) as [-> | ->]; [exists 0%Z|exists 1%Z]; reflexivity.
Qed.

Lemma xstep_cnt (k n : nat) (xtys : list xty) (b : nat) (x z : stream) :
  xinv k n xtys z -> agree n x z -> xis xtys XB b = true -> xstep k n xtys (XCnt b) x z.
Proof.
intros Hinv Ha Hb. pose proof Hinv as ((Hc & _ & Hpe & Hz) & Hty & Hx & Hk). pose proof (xis_spec _ _ _ Hb) as [Hbl _].
split; [|split; [intros h []|]].
- apply adds_agree; [exact Ha|intros i Hi; apply Hz; [exact Hi|rewrite xbools_length; lia]|]. apply unit_adds. intros i Hi.
  destruct (Hx i Hi) as (P3 & P4 & _). pose proof (xty_at k n xtys z XB b i Hinv Hb Hi) as B01.
  assert (HN : 1 <= INR n) by (apply (le_INR 1); lia). assert (0 < / INR n <= 1) by (split; [apply Rinv_0_lt_compat; lra|rewrite <- Rinv_1; apply Rinv_le_contravar; lra]).
  unfold unit_val, lin. cbn [map lsum fst snd nr_v nr_w nr_b u_hidden u_c]. rewrite !Ha by exact Hi. rewrite P3, P4.
  cbn [xsem]. destruct i as [|i'].
  + replace (INR 1) with 1 by reflexivity. rewrite Rinv_1. simpl Nat.eqb.
    destruct B01 as [-> | ->]; unfold Rmax; repeat match goal with |- context [Rle_dec ?a ?b] => destruct (Rle_dec a b) end; unfold Rdiv; lra.
  + assert (H2 : 2 <= INR (S (S i'))) by (rewrite !S_INR; pose proof (pos_INR i'); lra).
    assert (/ INR (S (S i')) <= / 2) by (apply Rinv_le_contravar; lra). simpl Nat.eqb.
    destruct B01 as [-> | ->]; unfold Rmax; repeat match goal with |- context [Rle_dec ?a ?b] => destruct (Rle_dec a b) end; unfold Rdiv; lra.
- intros i Hi. apply tyinv_new. cbn [xop_ty tyinv xsem]. destruct (xty_at k n xtys z XB b i Hinv Hb Hi) as [E|E]; rewrite E; destruct (Nat.eqb i 0) eqn:Ei;
    (split; [|intros ->; simpl in Ei; try discriminate]); unfold Rdiv; try (left; ring); try (right; ring); ring.
Qed.

Lemma xstep_read (k n : nat) (xtys : list xty) (a : nat) (x z : stream) :
  xinv k n xtys z -> agree n x z -> xis xtys XA a = true -> xstep k n xtys (XRead a) x z.
Proof.
intros Hinv Ha Hxa. pose proof Hinv as ((Hc & _ & Hpe & Hz) & Hty & Hx & Hk). pose proof (xis_spec _ _ _ Hxa) as [Hal _].
assert (Hread : forall i, (i < n)%nat -> exists c : nat, (1 <= c <= S i)%nat /\ z i a = INR c / (INR (S i) * INR n) /\
  (forall t, (t < S i)%nat -> t <> pred c -> score (psum_head (length xtys) a (k + 4) (S k) (k + 5)) x i t <=
     score (psum_head (length xtys) a (k + 4) (S k) (k + 5)) x i (pred c) - / (2 * INR n ^ 3)) /\
  head_out hard_w n (psum_head (length xtys) a (k + 4) (S k) (k + 5)) x i = INR c / INR n).
{ intros i Hi. destruct (xty_at k n xtys z XA a i Hinv Hxa Hi) as [c [Hcr Hcv]]. exists c. split; [exact Hcr|split; [exact Hcv|]].
  apply psum_read; [exact Hi|exact Hcr|rewrite Ha by exact Hi; exact Hcv|rewrite Ha by exact Hi; apply (Hx i Hi)|].
  intros j Hj. rewrite !Ha by exact Hj. split; [apply (Hpe j Hj)|apply (Hx j Hj)]. }
split; [|split].
- apply adds_agree; [exact Ha|intros i Hi; apply Hz; [exact Hi|rewrite xbools_length; lia]|]. apply head_adds; [reflexivity|].
  intros i Hi. destruct (Hread i Hi) as [c [Hcr [Hcv [_ Ho]]]]. rewrite Ho. cbn [xsem]. rewrite Hcv.
  assert (0 < INR n) by (apply lt_0_INR; lia). assert (0 < INR (S i)) by (apply lt_0_INR; lia). field. lra.
- intros h [<-|[]]. right. intros i Hi. destruct (Hread i Hi) as [c [Hcr [_ [Hg _]]]]. exists (pred c). cbn [psum_head h_mask vis_cnt vis_lo].
  split; [lia|]. intros t Ht Hne. apply Hg; assumption.
- intros i Hi. apply tyinv_new. cbn [xop_ty tyinv xsem]. destruct (Hread i Hi) as [c [Hcr [Hcv _]]]. exists (Z.of_nat c). rewrite Hcv, <- INR_IZR_INZ.
  assert (0 < INR n) by (apply lt_0_INR; lia). assert (0 < INR (S i)) by (apply lt_0_INR; lia). field. lra.
Qed.

Lemma xstep_sq (k n : nat) (xtys : list xty) (a : nat) (x z : stream) :
  xinv k n xtys z -> agree n x z -> xis xtys XI a = true -> xstep k n xtys (XSq a) x z.
Proof.
intros Hinv Ha Hxa. pose proof Hinv as ((Hc & _ & Hpe & Hz) & Hty & Hx & Hk). pose proof (xis_spec _ _ _ Hxa) as [Hal _].
assert (Hread : forall i, (i < n)%nat -> exists A : Z, z i a = IZR A / INR n /\
  (sq_top n A < n)%nat /\ Z.of_nat (S (sq_top n A)) = Z.max 1 (Z.min A (Z.of_nat n)) /\
  (forall t, (t < n)%nat -> t <> sq_top n A -> score (sq_head (length xtys) a k (S k) (k + 5)) x i t <=
     score (sq_head (length xtys) a k (S k) (k + 5)) x i (sq_top n A) - / (2 * INR n ^ 3)) /\
  head_out hard_w n (sq_head (length xtys) a k (S k) (k + 5)) x i = (INR (S (sq_top n A)) / INR n) ^ 2).
{ intros i Hi. destruct (xty_at k n xtys z XI a i Hinv Hxa Hi) as [A HA]. exists A. split; [exact HA|].
  apply sq_read; [exact Hi|rewrite Ha by exact Hi; exact HA|rewrite Ha by exact Hi; apply (Hpe i Hi)|].
  intros j Hj. rewrite !Ha by exact Hj. split; [apply (Hpe j Hj)|apply (Hx j Hj)]. }
assert (Hval : forall i, (i < n)%nat -> exists A : Z, xsem n (XSq a) z i = (IZR (Z.max 1 (Z.min A (Z.of_nat n))) / INR n) ^ 2 /\
  head_out hard_w n (sq_head (length xtys) a k (S k) (k + 5)) x i = xsem n (XSq a) z i).
{ intros i Hi. destruct (Hread i Hi) as [A [HA [_ [Hc' [_ Ho]]]]]. exists A. cbn [xsem]. rewrite HA, clamp_div by lia.
  split; [reflexivity|]. rewrite Ho, INR_IZR_INZ, Hc'. reflexivity. }
split; [|split].
- apply adds_agree; [exact Ha|intros i Hi; apply Hz; [exact Hi|rewrite xbools_length; lia]|]. apply head_adds; [reflexivity|].
  intros i Hi. destruct (Hval i Hi) as [A [_ Ho]]. exact Ho.
- intros h [<-|[]]. right. intros i Hi. destruct (Hread i Hi) as [A [_ [HT [_ [Hg _]]]]]. exists (sq_top n A). cbn [sq_head h_mask vis_cnt vis_lo].
  split; [exact HT|]. intros t Ht Hne. apply Hg; assumption.
- intros i Hi. apply tyinv_new. cbn [xop_ty tyinv]. destruct (Hval i Hi) as [A [E _]]. rewrite E.
  exists (Z.max 1 (Z.min A (Z.of_nat n)) * Z.max 1 (Z.min A (Z.of_nat n)))%Z. rewrite mult_IZR.
  assert (0 < INR n) by (apply lt_0_INR; lia). field. lra.
Qed.

Lemma xstep_eq (k n : nat) (xtys : list xty) (m : mask) (dr : dir) (a bb sb kb v : nat) (x z : stream) :
  xinv k n xtys z -> agree n x z -> xop_ok xtys (XEq m dr a bb sb kb v) = true -> xstep k n xtys (XEq m dr a bb sb kb v) x z.
Proof.
intros Hinv Ha Hok. pose proof Hinv as ((Hc & _ & Hpe & Hz) & Hty & Hx & Hk). cbn [xop_ok] in Hok.
repeat rewrite andb_true_iff in Hok. destruct Hok as [[[[Hxa Hxb] Hxs] Hxk] Hv]. apply Nat.ltb_lt in Hv.
pose proof (xis_spec _ _ _ Hxa) as [Hal _]. pose proof (xis_spec _ _ _ Hxb) as [Hbl _].
pose proof (xis_spec _ _ _ Hxs) as [Hsl _]. pose proof (xis_spec _ _ _ Hxk) as [Hkl _].
set (h := eq_head (length xtys) v a bb sb kb k (k + 3) (k + 6) m dr).
assert (Hsc : forall i j, (i < n)%nat -> (j < n)%nat -> score h x i j = escore n dr a bb sb kb z i j).
{ intros i j Hi Hj. unfold h, score, eq_head. cbn [map lsum fst snd h_terms]. rewrite !(Ha i) by exact Hi. rewrite !(Ha j) by exact Hj.
  rewrite (proj1 (Hpe i Hi)), (proj1 (Hx i Hi)), (proj2 (proj2 (proj2 (Hx j Hj)))). unfold escore. ring. }
set (T := fun i => rarg (fun t => escore n dr a bb sb kb z i (vis_lo m i + t)) (vis_cnt m n i)).
assert (Hgap : forall i, (i < n)%nat -> (T i < vis_cnt m n i)%nat /\ forall t, (t < vis_cnt m n i)%nat -> t <> T i ->
  score h x i (vis_lo m i + t) <= score h x i (vis_lo m i + T i) - / (2 * INR n ^ 3)).
{ intros i Hi. destruct (rarg_spec (fun t => escore n dr a bb sb kb z i (vis_lo m i + t)) (vis_cnt m n i) (vis_pos m n i Hi)) as [HT Hmax].
  fold (T i) in HT, Hmax. split; [exact HT|]. intros t Ht Hne.
  rewrite !Hsc by (exact Hi || apply vis_range; assumption).
  apply escore_sep; try (apply vis_range; assumption); [exact Hi|lia|apply (xty_at k n xtys z XI a i Hinv Hxa Hi)| |apply Hmax, Ht].
  intros j Hj. split; [apply (xty_at k n xtys z XI bb j Hinv Hxb Hj)|split; [apply (xty_at k n xtys z XS sb j Hinv Hxs Hj)|apply (xty_at k n xtys z XB kb j Hinv Hxk Hj)]]. }
assert (Hout : forall i, (i < n)%nat -> head_out hard_w n h x i = z (vis_lo m i + T i)%nat v).
{ intros i Hi. destruct (Hgap i Hi) as [HT Hg]. rewrite (head_out_at n h x i (T i) _ (g3_pos n ltac:(lia)) HT Hg).
  apply Ha. apply vis_range; assumption. }
split; [|split].
- apply adds_agree; [exact Ha|intros i Hi; apply Hz; [exact Hi|rewrite xbools_length; lia]|]. apply head_adds; [reflexivity|].
  intros i Hi. rewrite Hout by exact Hi. reflexivity.
- intros h' [<-|[]]. right. intros i Hi. exists (T i). exact (Hgap i Hi).
- intros i Hi. apply tyinv_new. destruct (Hgap i Hi) as [HT _].
  assert (Hj : (vis_lo m i + T i < n)%nat) by (apply vis_range; assumption).
  pose proof (Hty v _ Hv Hj) as Hvt. change (xsem n (XEq m dr a bb sb kb v) z i) with (z (vis_lo m i + T i)%nat v).
  cbn [xop_ty]. destruct (nth v xtys XR); cbn [tyinv] in Hvt |- *; tauto.
Qed.

Lemma xstep_all (k n : nat) (xtys : list xty) (o : xop) (x z : stream) :
  xinv k n xtys z -> agree n x z -> xop_ok xtys o = true -> xstep k n xtys o x z.
Proof.
intros Hinv Ha Hok. destruct o as [o|b|w|b|a|a|a|m dr a bb sb kb v]; cbn [xop_ok] in Hok.
- apply (xstep_clayer k n xtys o x z _ Hinv Ha Hok). intros i Hi. cbn [xop_ty tyinv].
  destruct (sop_bool (xbools xtys) o) eqn:Eb; [|exact I].
  apply (sop_bool_01 n (xbools xtys) o z i Hok Eb); [apply xty_ok_bool, (proj1 (proj2 Hinv))|exact Hi].
- apply xstep_scale; assumption.
- apply (xstep_clayer k n xtys (SLin (zlin w) 0) x z XI Hinv Ha).
  + cbn [sop_ok]. rewrite forallb_forall in Hok |- *. intros p Hp. unfold zlin in Hp. apply in_map_iff in Hp.
    destruct Hp as [q [<- Hq]]. apply (xis_in_ty _ XI), Hok, Hq.
  + intros i Hi. cbn [tyinv sop_sem]. destruct (lin_int n w (z i)) as [c Hc].
    * intros p Hp. rewrite forallb_forall in Hok. apply (xty_at k n xtys z XI (fst p) i Hinv (Hok p Hp) Hi).
    * exists c. rewrite Hc. ring.
- apply xstep_cnt; assumption.
- apply (xstep_clayer k n xtys (SAvg Future a) x z XA Hinv Ha).
  + cbn [sop_ok]. apply (xis_in_ty _ XC), Hok.
  + intros i Hi. cbn [tyinv sop_sem vis_lo vis_cnt Nat.add].
    destruct (avgc_count n a z i ltac:(lia)) as [c [Hcr Hcv]].
    * intros t Ht. apply (xty_at k n xtys z XC a t Hinv Hok). lia.
    * exists c. split; [exact Hcr|]. rewrite Hcv. assert (0 < INR n) by (apply lt_0_INR; lia).
      assert (0 < INR (S i)) by (apply lt_0_INR; lia). field. lra.
- apply xstep_read; assumption.
- apply xstep_sq; assumption.
- apply xstep_eq; [exact Hinv|exact Ha|exact Hok].
Qed.

(** ** The whole program *)

Theorem xcompile_exact (k n : nat) (p : list xop) : forall (xtys : list xty) (x z : stream),
  xwt xtys p = true -> xinv k n xtys z -> agree n x z ->
  agree n (hard_run n (xcompile k (length xtys) p) x) (xrun n (length xtys) p z) /\
  gaps_ok n (/ (2 * INR n ^ 3)) (xcompile k (length xtys) p) x /\
  xinv k n (xout_tys xtys p) (xrun n (length xtys) p z).
Proof.
induction p as [|o p IH]; intros xtys x z Hwt Hinv Ha; [split; [exact Ha|split; [exact I|exact Hinv]]|].
cbn [xwt] in Hwt. apply andb_true_iff in Hwt. destruct Hwt as [Hok Hwt].
destruct (xstep_all k n xtys o x z Hinv Ha Hok) as [Ha' [Hh Ht]].
pose proof (xinv_upd k n xtys (xop_ty xtys o) z (xsem n o z) Hinv Ht) as Hinv'.
assert (E : length (xtys ++ [xop_ty xtys o]) = S (length xtys)) by (rewrite app_length; simpl; lia).
destruct (IH (xtys ++ [xop_ty xtys o]) _ _ Hwt Hinv' Ha') as [H1 [H2 H3]].
rewrite E in H1, H2, H3. cbn [xcompile xrun hard_run net_run xout_tys gaps_ok]. split; [exact H1|split; [split; [exact Hh|exact H2]|exact H3]].
Qed.

Lemma xlayer_below (k : nat) (xtys : list xty) (o : xop) : xop_ok xtys o = true -> (k + 7 <= length xtys)%nat ->
  layer_below (S (length xtys)) (xlayer k (length xtys) o).
Proof.
intros Hok Hk. assert (Hk2 : (k + 2 <= length (xbools xtys))%nat) by (rewrite xbools_length; lia).
destruct o as [o|b|w|b|a|a|a|m dr a bb sb kb v]; cbn [xop_ok xlayer] in Hok |- *.
- pose proof (clayer_below k (xbools xtys) o Hok Hk2) as H. rewrite xbools_length in H. exact H.
- apply xis_spec in Hok. destruct Hok as [Hb _]. split; [intros ? []|]. intros u [<-|[]]. split; [simpl; lia|].
  intros nr [<-|[]] q [<-|[<-|[]]]; simpl; lia.
- assert (Ho : sop_ok (xbools xtys) (SLin (zlin w) 0) = true).
  { cbn [sop_ok]. rewrite forallb_forall in Hok |- *. intros q Hq. unfold zlin in Hq. apply in_map_iff in Hq.
    destruct Hq as [q' [<- Hq']]. apply (xis_in_ty _ XI), Hok, Hq'. }
  pose proof (clayer_below k (xbools xtys) _ Ho Hk2) as H. rewrite xbools_length in H. exact H.
- apply xis_spec in Hok. destruct Hok as [Hb _]. split; [intros ? []|]. intros u [<-|[]]. split; [simpl; lia|].
  intros nr [<-|[<-|[]]] q Hq; simpl in Hq; repeat destruct Hq as [<-|Hq]; simpl; try lia; destruct Hq.
- assert (Ho : sop_ok (xbools xtys) (SAvg Future a) = true) by (cbn [sop_ok]; apply (xis_in_ty _ XC), Hok).
  pose proof (clayer_below k (xbools xtys) _ Ho Hk2) as H. rewrite xbools_length in H. exact H.
- apply xis_spec in Hok. destruct Hok as [Ha _]. split; [|intros ? []]. intros h [<-|[]].
  split; [simpl; lia|split; [simpl; lia|]]. intros t [<-|[<-|[]]]; simpl; lia.
- apply xis_spec in Hok. destruct Hok as [Ha _]. split; [|intros ? []]. intros h [<-|[]].
  split; [simpl; lia|split; [simpl; lia|]]. intros t [<-|[<-|[]]]; simpl; lia.
- repeat rewrite andb_true_iff in Hok. destruct Hok as [[[[Ha Hb] Hs] Hkb] Hv]. apply Nat.ltb_lt in Hv.
  apply xis_spec in Ha. apply xis_spec in Hb. apply xis_spec in Hs. apply xis_spec in Hkb.
  split; [|intros ? []]. intros h [<-|[]]. split; [simpl; lia|split; [simpl; lia|]].
  intros t [<-|[<-|[<-|[<-|[]]]]]; simpl; lia.
Qed.

Lemma xcompile_below (k : nat) (p : list xop) : forall xtys : list xty, xwt xtys p = true -> (k + 7 <= length xtys)%nat ->
  net_below (length xtys + length p) (xcompile k (length xtys) p).
Proof.
induction p as [|o p IH]; intros xtys Hwt Hc L HL; [destruct HL|]. cbn [xwt] in Hwt. apply andb_true_iff in Hwt. destruct Hwt as [Hok Hwt].
assert (E : length (xtys ++ [xop_ty xtys o]) = S (length xtys)) by (rewrite app_length; simpl; lia).
destruct HL as [<-|HL].
- apply (layer_below_mono (S (length xtys))); [simpl; lia|]. apply xlayer_below; assumption.
- pose proof (IH _ Hwt ltac:(rewrite E; lia)) as H. rewrite E in H. simpl length.
  replace (length xtys + S (length p))%nat with (S (length xtys) + length p)%nat by lia. apply H, HL.
Qed.

(** ** The input *)

Lemma xin_tys_length (k : nat) : length (xin_tys k) = (k + 7)%nat.
Proof. unfold xin_tys. rewrite app_length, repeat_length. reflexivity. Qed.

Lemma xinput_pe (k n : nat) (w : list nat) (i j : nat) : xinput k n w i (k + j)%nat = nth j (map (fun f => f (S i) n) xpe) 0.
Proof.
unfold xinput, word_input, embed. replace (k + j <? k)%nat with false by (symmetry; apply Nat.ltb_ge; lia).
replace (k + j - k)%nat with j by lia. reflexivity.
Qed.

Lemma xin_tys_pe (k j : nat) : nth (k + j) (xin_tys k) XR = nth j [XB; XR; XB; XI; XR; XR; XR] XR.
Proof. unfold xin_tys. rewrite app_nth2 by (rewrite repeat_length; lia). rewrite repeat_length. f_equal. lia. Qed.

Lemma xinput_inv (k n : nat) (w : list nat) : xinv k n (xin_tys k) (xinput k n w).
Proof.
assert (Hty : xty_ok n (xin_tys k) (xinput k n w)).
{ intros a i Ha Hi. rewrite xin_tys_length in Ha. destruct (Nat.lt_ge_cases a k) as [Hak|Hak].
  - unfold xin_tys. rewrite app_nth1 by (rewrite repeat_length; exact Hak).
    rewrite (nth_indep _ XR XB) by (rewrite repeat_length; exact Hak). rewrite nth_repeat. cbn [tyinv].
    unfold xinput, word_input, embed. replace (a <? k)%nat with true by (symmetry; apply Nat.ltb_lt, Hak).
    destruct (Nat.eqb _ a); [right|left]; reflexivity.
  - replace a with (k + (a - k))%nat by lia. rewrite xin_tys_pe.
    assert (Hj : (a - k < 7)%nat) by lia. revert Hj. generalize (a - k)%nat. intros j Hj.
    destruct j as [|[|[|[|[|[|[|j]]]]]]]; cbn [nth tyinv]; rewrite ?xinput_pe; cbn [nth map xpe srasp_pe app];
      try exact I; try (right; reflexivity); try lia.
    + destruct (Nat.even (S i)); [right|left]; reflexivity.
    + exists 1%Z. unfold Rdiv. ring. }
split; [|split; [exact Hty|split]].
- unfold sinv. rewrite xbools_length, xin_tys_length. split; [lia|split; [apply xty_ok_bool, Hty|split]].
  + intros i Hi. replace k with (k + 0)%nat at 2 by lia. rewrite xinput_pe. replace (S k) with (k + 1)%nat by lia.
    rewrite xinput_pe. split; reflexivity.
  + intros i a Hi Ha. replace a with (k + (a - k))%nat by lia. rewrite xinput_pe. rewrite nth_overflow; [reflexivity|].
    rewrite map_length. unfold xpe. rewrite app_length. simpl. lia.
- intros i Hi. rewrite !xinput_pe. cbn [nth map xpe srasp_pe app]. repeat split; reflexivity.
- rewrite xin_tys_length. lia.
Qed.

Lemma xinput_bounded (k n : nat) (p : list xop) (w : list nat) : dbounded (xrasp_width k p) n 1 (xinput k n w).
Proof.
intros i c Hi _. replace 1 with (Rmax 1 1) by (unfold Rmax; destruct (Rle_dec 1 1); lra).
apply (embed_bounded k xpe n _ 1); [|exact Hi].
assert (HN : 1 <= INR n) by (apply (le_INR 1); lia).
assert (HNi : forall i', (i' < n)%nat -> 1 <= INR (S i') <= INR n) by (intros i' Hi'; split; [rewrite S_INR; pose proof (pos_INR i'); lra|apply le_INR; lia]).
assert (Hq : forall u v, 0 <= u <= v -> 0 < v -> 0 <= u / v <= 1).
{ intros u v Hu Hv. split; [unfold Rdiv; apply Rmult_le_pos; [lra|apply Rlt_le, Rinv_0_lt_compat, Hv]|].
  apply (Rmult_le_reg_r v); [exact Hv|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
intros f i' Hf Hi'. pose proof (HNi i' Hi') as [H1 H2].
assert (Hu : 0 <= INR (S i') / INR n <= 1) by (apply Hq; lra).
assert (Hv : 0 < / INR n <= 1) by (split; [apply Rinv_0_lt_compat; lra|rewrite <- Rinv_1; apply Rinv_le_contravar; lra]).
assert (Hw : 0 < / INR (S i') <= 1) by (split; [apply Rinv_0_lt_compat; lra|rewrite <- Rinv_1; apply Rinv_le_contravar; lra]).
assert (Hs : 0 <= (INR (S i') / INR n) ^ 2 <= 1) by (split; [apply pow_le; lra|rewrite <- (pow1 2); apply pow_incr; lra]).
assert (Hx : 0 <= INR (S i') / INR n ^ 2 <= 1).
{ replace (INR (S i') / INR n ^ 2) with (INR (S i') / INR n * / INR n) by (field; lra). split; nra. }
unfold xpe, srasp_pe in Hf. cbn [In app] in Hf.
destruct Hf as [<-|[<-|[<-|[<-|[<-|[<-|[<-|[]]]]]]]]; cbv beta; apply Rabs_le; try (destruct (Nat.even (S i')); split; lra); split; lra.
Qed.
