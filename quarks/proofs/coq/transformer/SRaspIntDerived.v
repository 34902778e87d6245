(** * Seed 004, Section 6: two S-RASP operations derived in [SRaspIntBool]'s fragment, with weights
    independent of n: prefix sums of bounded integer sequences and selection with a default.

    A derived operation is a macro, a list of [bop] operations run inside a program ([bruns]: sequence
    c + m of the run is operation m's semantics on the run, what [brun_at] gives a well-typed program).
    - [ipsum k K a c] (2 + 11 K operations): for an integer sequence C stored at a as C_j / n with
      |C_j| <= K (K a constant, not n), sum_(j <= i) C_j / n, the prefix sum of the stored sequence
      ([ipsum_sem]).  For t = 1 .. K, the Booleans [C_j >= t] and [C_j <= -t] ([XLinZ], then
      [BLe1]), each summed by the Boolean prefix sum ([psum]: its shifted count is 1 + the count over
      1 .. i), their difference added to an accumulator ([XLinZ]); sum_t ([C_j >= t] - [C_j <= -t])
      = C_j, and the shifted counts miss exactly C_0, which the accumulator starts from (a leftmost
      selection [XEq] with all scores equal reads C_0 at every i).
    - [isel_default k m dr a b kb v d c] (15 operations): the S-RASP aggregate "the value v_j at the
      rightmost (leftmost) visible j with kb_j and B_j = A_i, or d_i when there is none"
      ([isel_default_sem]): the stored square of B, one [XEq] selection read three times (v, B, kb
      at the selected j), the match test [kb_j and B_j = A_i] at the selected j (two [BLe1]), and
      the gated choice ReLU(V + 2 mt - 2) - ReLU(-V + 2 mt - 2) + ReLU(D - 2 mt) - ReLU(-D - 2 mt)
      for |V|, |D| <= 2 (four [SRelu] and one [SLin]: a real-typed sequence).  Exact when every
      visible B_j <= n and either 1 <= A_i (then [eq_top_match]'s clamped square lets no non-match
      win: [sqc_score]) or no visible j matches.
    Both are well typed wherever their inputs are ([ipsum_wt], [isel_default_wt]), so Theorem 26
    applies: in every well-typed program that contains them, n times the softmax network
    [brasp_net] at 0 < tau <= [brasp_temp] (eps = 1/(4n)) is within 1/4 of the prefix sum and of
    the defaulted selection ([thm26_ipsum], [thm26_isel_default]); [ipsum_letters] (the prefix sum
    of integer letter weights) is such a program ([thm26_ipsum_letters]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith.
From Quarks Require Import RSum TransformerModel MatrixModel MatrixCopy MatrixGap.
From Quarks Require Import SRasp SRaspCompile SRaspInt SRaspIntCompile SRaspIntThm SRaspIntBool Dyck DyckSRasp DyckSRaspThm.
Import ListNotations.
Open Scope R_scope.

(** ** Macros inside a run *)

(** Stream X runs p from sequence c on. *)
Definition bruns (n c : nat) (p : list bop) (X : stream) : Prop :=
  forall m i, (m < length p)%nat -> X i (c + m)%nat = bsem n (nth m p (BLe1 0)) X i.

Lemma bruns_app (n c : nat) (p q : list bop) (X : stream) :
  bruns n c (p ++ q) X -> bruns n c p X /\ bruns n (c + length p) q X.
Proof.
intros H. split.
- intros m i Hm. rewrite H by (rewrite app_length; lia). rewrite app_nth1 by exact Hm. reflexivity.
- intros m i Hm. replace (c + length p + m)%nat with (c + (length p + m))%nat by lia.
  rewrite H by (rewrite app_length; lia). rewrite app_nth2 by lia. replace (length p + m - length p)%nat with m by lia.
  reflexivity.
Qed.

(** The run of a well-typed program runs every macro it contains. *)
Lemma brasp_bruns (k n : nat) (pre q post : list bop) (w : list nat) : brasp_wt k (pre ++ q ++ post) = true ->
  bruns n (k + 8 + length pre) q (brasp_run k n (pre ++ q ++ post) w).
Proof.
intros Hwt. assert (H : bruns n (k + 8) (pre ++ q ++ post) (brasp_run k n (pre ++ q ++ post) w))
  by (intros m i Hm; apply brasp_run_at; assumption).
apply bruns_app in H. apply (proj1 (bruns_app _ _ _ _ _ (proj2 H))).
Qed.

(** ** Typing a macro in context *)

Lemma bwt_app (xtys : list xty) (p q : list bop) : bwt xtys (p ++ q) = bwt xtys p && bwt (bout_tys xtys p) q.
Proof. revert xtys. induction p as [|o p IH]; intros xtys; [reflexivity|]. cbn [app bwt bout_tys]. rewrite IH. apply andb_assoc. Qed.

Lemma bout_tys_app (xtys : list xty) (p q : list bop) : bout_tys xtys (p ++ q) = bout_tys (bout_tys xtys p) q.
Proof. revert xtys. induction p as [|o p IH]; intros xtys; [reflexivity|]. cbn [app bout_tys]. apply IH. Qed.

Lemma bout_tys_ext (xtys : list xty) (p : list bop) : exists l, bout_tys xtys p = xtys ++ l.
Proof.
revert xtys. induction p as [|o p IH]; intros xtys; [exists []; rewrite app_nil_r; reflexivity|].
cbn [bout_tys]. destruct (IH (xtys ++ [bop_ty xtys o])) as [l E]. exists ([bop_ty xtys o] ++ l). rewrite E, app_assoc. reflexivity.
Qed.

Lemma xis_app_in (xtys l : list xty) (t : xty) (x : nat) : (x < length xtys)%nat -> xis (xtys ++ l) t x = xis xtys t x.
Proof.
intros H. unfold xis. rewrite app_nth1 by exact H. rewrite app_length.
replace (x <? length xtys + length l)%nat with true by (symmetry; apply Nat.ltb_lt; lia).
replace (x <? length xtys)%nat with true by (symmetry; apply Nat.ltb_lt; lia). reflexivity.
Qed.

Lemma xis_app_at (xtys l : list xty) (t : xty) (x : nat) : (length xtys <= x)%nat -> xis (xtys ++ l) t x = xis l t (x - length xtys).
Proof.
intros H. unfold xis. rewrite app_nth2 by exact H. rewrite app_length.
destruct (Nat.ltb_spec x (length xtys + length l)); destruct (Nat.ltb_spec (x - length xtys) (length l)); (reflexivity || lia).
Qed.

Lemma add_sub_l (c m : nat) : (c + m - c = m)%nat.
Proof. lia. Qed.

Lemma add_sub_S (c m : nat) : (S (c + m) - c = S m)%nat.
Proof. lia. Qed.

(** One typing step of a concrete macro over xtys (its coordinates: below |xtys|, or |xtys| + m). *)
Ltac mwt_norm xtys :=
  repeat match goal with
  | |- context [xis (xtys ++ ?l) ?t ?x] =>
      first [rewrite (xis_app_in xtys l t x) by lia | rewrite (xis_app_at xtys l t x) by lia]
  end;
  rewrite ?add_sub_l, ?add_sub_S, ?Nat.sub_diag, ?Nat.add_0_r;
  repeat match goal with
  | |- context [(?x <? ?y)%nat] => first [replace (x <? y)%nat with true by (symmetry; apply Nat.ltb_lt; lia)
                                         |replace (x <? y)%nat with false by (symmetry; apply Nat.ltb_ge; lia)]
  end;
  cbn [xis xty_eqb nth length Nat.ltb Nat.leb andb].

Ltac mwt_step xtys :=
  rewrite bwt_cons; apply andb_true_iff; split;
  [cbn [bop_ok xop_ok sop_ok forallb fst snd zlin map]; rewrite ?xbools_ty; unfold in_ty; rewrite ?xbools_length, ?app_length;
   cbn [length]; mwt_norm xtys;
   repeat match goal with H : xis xtys ?t ?x = true |- context [xis xtys ?t ?x] => rewrite H end;
   cbn [andb]; reflexivity
  |rewrite <- ?app_assoc; cbn [bop_ty xop_ty sop_bool app]].

(** ** Prefix sums of bounded integer sequences *)

(** Threshold t of the integer sequence at a, both signs: [C_j >= t] at c + 1 and [C_j <= -t] at c + 6,
    their shifted counts at c + 4 and c + 9, and acc + their difference at c + 10. *)
Definition psum_block (k a acc t c : nat) : list bop :=
  [BX (XLinZ [(a, (-1)%Z); ((k + 3)%nat, Z.of_nat (S t))]); BLe1 c] ++ map BX (psum (c + 1) (c + 2)) ++
  [BX (XLinZ [(a, 1%Z); ((k + 3)%nat, Z.of_nat (S t))]); BLe1 (c + 5)] ++ map BX (psum (c + 6) (c + 7)) ++
  [BX (XLinZ [(acc, 1%Z); ((c + 4)%nat, 1%Z); ((c + 9)%nat, (-1)%Z)])].

Fixpoint psum_blocks (k a t m c acc : nat) : list bop :=
  match m with O => [] | S m' => psum_block k a acc t c ++ psum_blocks k a (S t) m' (c + 11) (c + 10) end.

Fixpoint pblocks_out (m c acc : nat) : nat := match m with O => acc | S m' => pblocks_out m' (c + 11) (c + 10) end.

(** The prefix sum of the integer sequence at a (|C_j| <= K), written from c on: the stored square
    of 1 (c), C_0 read by a leftmost selection whose scores are all equal (c + 1), then K blocks. *)
Definition ipsum (k K a c : nat) : list bop :=
  [BX (XSq (k + 3)); BX (XEq Future LeftMost (k + 3) (k + 3) c k a)] ++ psum_blocks k a 1 K (c + 2) (c + 1).

Definition ipsum_out (K c : nat) : nat := pblocks_out K (c + 2) (c + 1).

Lemma pblocks_outE (m c acc : nat) : pblocks_out m c acc = match m with O => acc | S m' => (c + 11 * m' + 10)%nat end.
Proof. revert c acc. induction m as [|m IH]; intros c acc; [reflexivity|]. cbn [pblocks_out]. rewrite IH. destruct m; lia. Qed.

Lemma psum_blocks_length (k a t m c acc : nat) : length (psum_blocks k a t m c acc) = (11 * m)%nat.
Proof. revert t c acc. induction m as [|m IH]; intros t c acc; [reflexivity|]. cbn [psum_blocks]. rewrite app_length, IH. cbn [psum_block app map psum length]. lia. Qed.

Lemma ipsum_length (k K a c : nat) : length (ipsum k K a c) = (2 + 11 * K)%nat.
Proof. unfold ipsum. rewrite app_length, psum_blocks_length. reflexivity. Qed.

Lemma ipsum_outE (K c : nat) : ipsum_out K c = (c + 1 + 11 * K)%nat.
Proof. unfold ipsum_out. rewrite pblocks_outE. destruct K; lia. Qed.

(** The Boolean prefix sum inside a run: the shifted count of B over 0 .. i. *)
Lemma bruns_psum (n b c : nat) (X : stream) (B : nat -> bool) (i : nat) : (0 < n)%nat ->
  bruns n c (map BX (psum b c)) X -> (forall j, (j <= i)%nat -> X j b = b2r (B j)) ->
  X i (c + 2)%nat = INR (count B (S i) + (if B 0%nat then 0 else 1)) / INR n.
Proof.
intros Hn H HB. rewrite (H 2%nat i) by (simpl; lia). cbn [nth map psum bsem xsem]. replace (S c) with (c + 1)%nat by lia.
rewrite (H 1%nat i) by (simpl; lia). cbn [nth map psum bsem xsem sop_sem vis_lo vis_cnt].
rewrite (psum_count n B).
- assert (0 < INR (S i)) by (apply lt_0_INR; lia). field. split; [apply not_0_INR; lia|lra].
- intros t Ht. rewrite Nat.add_0_l. pose proof (H 0%nat t ltac:(simpl; lia)) as E. rewrite Nat.add_0_r in E. rewrite E.
  cbn [nth map psum bsem xsem]. rewrite HB by exact Ht. reflexivity.
Qed.

Definition ge_b (C : nat -> Z) (t j : nat) : bool := Z.leb (Z.of_nat t) (C j).
Definition le_b (C : nat -> Z) (t j : nat) : bool := Z.leb (C j) (- Z.of_nat t).

(** The shifted count of a Boolean B over 0 .. i. *)
Definition scount (B : nat -> bool) (i : nat) : R := INR (count B (S i) + (if B 0%nat then 0 else 1)).

Lemma psum_block_sem (n k a acc t c : nat) (X : stream) (C : nat -> Z) (i : nat) : (0 < n)%nat ->
  bruns n c (psum_block k a acc t c) X ->
  (forall j, (j <= i)%nat -> X j a = IZR (C j) / INR n /\ X j (k + 3)%nat = / INR n) ->
  X i (c + 10)%nat = X i acc + (scount (ge_b C t) i - scount (le_b C t) i) / INR n.
Proof.
intros Hn H HC. assert (HN : INR n <> 0) by (apply not_0_INR; lia).
pose proof H as H'. unfold psum_block in H'.
apply bruns_app in H'. destruct H' as [_ H']. apply bruns_app in H'. destruct H' as [P1 H']. apply bruns_app in H'.
destruct H' as [_ H']. apply bruns_app in H'. destruct H' as [P2 _]. cbn [length map psum] in P1, P2.
assert (G : forall j, (j <= i)%nat -> X j (c + 1)%nat = b2r (ge_b C t j)).
{ intros j Hj. rewrite (H 1%nat j) by (simpl; lia). cbn [nth psum_block app map psum bsem].
  pose proof (H 0%nat j ltac:(simpl; lia)) as E. rewrite Nat.add_0_r in E. rewrite E.
  cbn [nth psum_block app bsem xsem sop_sem]. unfold lin, zlin. cbn [map lsum fst snd].
  destruct (HC j Hj) as [-> ->].
  replace (IZR (-1) * (IZR (C j) / INR n) + (IZR (Z.of_nat (S t)) * / INR n + 0) + 0) with (IZR (Z.of_nat (S t) - C j) / INR n)
    by (rewrite minus_IZR; field; exact HN).
  rewrite le1_int by exact Hn. unfold ge_b. f_equal. destruct (Z.leb_spec (Z.of_nat t) (C j)); [apply Z.leb_le|apply Z.leb_gt]; lia. }
assert (L : forall j, (j <= i)%nat -> X j (c + 6)%nat = b2r (le_b C t j)).
{ intros j Hj. rewrite (H 6%nat j) by (simpl; lia). cbn [nth psum_block app map psum bsem].
  rewrite (H 5%nat j) by (simpl; lia). cbn [nth psum_block app map psum bsem xsem sop_sem]. unfold lin, zlin. cbn [map lsum fst snd].
  destruct (HC j Hj) as [-> ->].
  replace (IZR 1 * (IZR (C j) / INR n) + (IZR (Z.of_nat (S t)) * / INR n + 0) + 0) with (IZR (C j + Z.of_nat (S t)) / INR n)
    by (rewrite plus_IZR; field; exact HN).
  rewrite le1_int by exact Hn. unfold le_b. f_equal. destruct (Z.leb_spec (C j) (- Z.of_nat t)); [apply Z.leb_le|apply Z.leb_gt]; lia. }
pose proof (bruns_psum n (c + 1) (c + 2) X (ge_b C t) i Hn P1 G) as E1.
replace (c + 2 + 3 + 2)%nat with (c + 7)%nat in P2 by lia.
pose proof (bruns_psum n (c + 6) (c + 7) X (le_b C t) i Hn P2 L) as E2.
replace (c + 2 + 2)%nat with (c + 4)%nat in E1 by lia. replace (c + 7 + 2)%nat with (c + 9)%nat in E2 by lia.
rewrite (H 10%nat i) by (simpl; lia). cbn [nth psum_block app map psum bsem xsem sop_sem]. unfold lin, zlin. cbn [map lsum fst snd].
rewrite E1, E2. unfold scount. field. exact HN.
Qed.

Lemma rsum_cons (f : nat -> R) (a m : nat) : rsum f a (S m) = f a + rsum f (S a) m.
Proof. induction m as [|m IH]; [simpl; rewrite Nat.add_0_r; ring|]. change (rsum f a (S (S m))) with (rsum f a (S m) + f (a + S m)%nat). rewrite IH. simpl. replace (a + S m)%nat with (S (a + m)) by lia. ring. Qed.

Lemma psum_blocks_sem (n k a : nat) (X : stream) (C : nat -> Z) (i : nat) : (0 < n)%nat ->
  (forall j, (j <= i)%nat -> X j a = IZR (C j) / INR n /\ X j (k + 3)%nat = / INR n) ->
  forall m t c acc, bruns n c (psum_blocks k a t m c acc) X ->
  X i (pblocks_out m c acc) = X i acc + rsum (fun s => (scount (ge_b C s) i - scount (le_b C s) i) / INR n) t m.
Proof.
intros Hn HC. induction m as [|m IH]; intros t c acc H; [cbn; ring|].
cbn [psum_blocks pblocks_out] in H |- *. apply bruns_app in H. destruct H as [H0 H1].
replace (length (psum_block k a acc t c)) with 11%nat in H1 by reflexivity.
rewrite (IH (S t) (c + 11)%nat (c + 10)%nat H1), (psum_block_sem n k a acc t c X C i Hn H0 HC), rsum_cons. ring.
Qed.

(** sum_(t = 1 .. m) ([C >= t] - [C <= -t]) = min(max(C, 0), m) - min(max(-C, 0), m). *)
Lemma thresholds_sum (C : Z) (m : nat) :
  rsum (fun t => b2r (Z.leb (Z.of_nat t) C) - b2r (Z.leb C (- Z.of_nat t))) 1 m
  = IZR (Z.min (Z.max C 0) (Z.of_nat m) - Z.min (Z.max (- C) 0) (Z.of_nat m)).
Proof.
induction m as [|m IH]; [simpl; f_equal; lia|]. change (rsum ?f 1 (S m)) with (rsum f 1 m + f (1 + m)%nat). rewrite IH.
unfold b2r. destruct (Z.leb_spec (Z.of_nat (1 + m)) C); destruct (Z.leb_spec C (- Z.of_nat (1 + m)));
  (exfalso; lia) || (match goal with |- IZR ?a + _ = IZR ?b =>
    first [replace b with (a + 1)%Z by lia | replace b with (a - 1)%Z by lia | replace b with (a + 0)%Z by lia] end;
    rewrite ?plus_IZR, ?minus_IZR; simpl; ring).
Qed.

Lemma count_rsum (B : nat -> bool) (m : nat) : INR (count B m) = rsum (fun j => b2r (B j)) 0 m.
Proof. induction m as [|m IH]; [reflexivity|]. cbn [count rsum]. rewrite plus_INR, IH. rewrite Nat.add_0_l. unfold b2r. destruct (B m); reflexivity. Qed.

Lemma rsum_minus (f g : nat -> R) (a m : nat) : rsum (fun j => f j - g j) a m = rsum f a m - rsum g a m.
Proof. induction m as [|m IH]; simpl; [ring|rewrite IH; ring]. Qed.

Lemma rsum_swap (f : nat -> nat -> R) (a m J : nat) :
  rsum (fun s => rsum (fun j => f s j) 0 J) a m = rsum (fun j => rsum (fun s => f s j) a m) 0 J.
Proof.
induction m as [|m IH].
- simpl. induction J as [|J IHJ]; simpl; [reflexivity|rewrite <- IHJ; ring].
- cbn [rsum]. rewrite IH, <- rsum_plus. reflexivity.
Qed.

(** The prefix sum: for |C_j| <= K at j <= i, sequence [ipsum_out K c] is sum_(j <= i) C_j / n. *)
Theorem ipsum_sem (n k K a c : nat) (X : stream) (C : nat -> Z) (i : nat) : (i < n)%nat ->
  bruns n c (ipsum k K a c) X ->
  (forall j, (j <= i)%nat -> X j a = IZR (C j) / INR n /\ (- Z.of_nat K <= C j <= Z.of_nat K)%Z /\
     X j k = 1 /\ X j (k + 3)%nat = / INR n) ->
  X i (ipsum_out K c) = rsum (fun j => X j a) 0 (S i).
Proof.
intros Hi H HC. assert (Hn : (0 < n)%nat) by lia. assert (HN : 0 < INR n) by (apply lt_0_INR, Hn).
unfold ipsum in H. apply bruns_app in H. destruct H as [H0 H1]. cbn [length] in H1.
unfold ipsum_out. rewrite (psum_blocks_sem n k a X C i Hn ltac:(intros j Hj; destruct (HC j Hj) as (? & _ & _ & ?); split; assumption) K 1 (c + 2) (c + 1) H1).
(* C_0 at c + 1 *)
assert (Sq : forall j, (j <= i)%nat -> X j c = IZR 1 / INR n ^ 2).
{ intros j Hj. pose proof (H0 0%nat j ltac:(simpl; lia)) as E. rewrite Nat.add_0_r in E. rewrite E. cbn [nth bsem xsem].
  destruct (HC j Hj) as (_ & _ & _ & ->). assert (/ INR n <= 1) by (rewrite <- Rinv_1; apply Rinv_le_contravar; [lra|apply (le_INR 1); lia]).
  rewrite Rmax_left, Rmin_right by lra. field. lra. }
assert (E0 : X i (c + 1)%nat = IZR (C 0%nat) / INR n).
{ rewrite (H0 1%nat i) by (simpl; lia). cbn [nth bsem xsem vis_lo vis_cnt].
  rewrite (rarg_zarg _ (fun t => ekey1 n 1 1 1 true LeftMost (0 + t)) (2 * INR n ^ 3)).
  - set (T := zarg _ _). assert (HT : T = 0%nat).
    { destruct (eq_top_match n 0 (S i) 1 (fun _ => 1%Z) (fun _ => 1%Z) (fun _ => true) LeftMost ltac:(lia) ltac:(lia)
        (ex_intro _ 0%nat (conj (Nat.lt_0_succ i) (conj eq_refl eq_refl))) (fun _ _ _ _ => eq_refl) (fun _ _ => ltac:(cbv beta; lia))
        (fun _ _ H => ltac:(exfalso; apply H; reflexivity))) as (_ & _ & Hm).
      fold T in Hm. destruct (Nat.eq_dec 0 T) as [E|E]; [symmetry; exact E|]. specialize (Hm 0%nat ltac:(lia) eq_refl eq_refl E). lia. }
    rewrite HT. apply (HC 0%nat ltac:(lia)).
  - assert (0 < INR n ^ 3) by (apply pow_lt, HN). lra.
  - intros t Ht. rewrite Nat.add_0_l. destruct (HC t ltac:(lia)) as (_ & _ & Hk & Hv). destruct (HC i ltac:(lia)) as (_ & _ & _ & Hvi).
    apply escore_grid; [exact Hn|rewrite Hvi; field; lra|rewrite Hv; field; lra|apply Sq; lia|rewrite Hk; reflexivity]. }
rewrite E0.
(* the counts *)
assert (Hs : forall s, (scount (ge_b C s) i - scount (le_b C s) i) / INR n =
  (rsum (fun j => b2r (ge_b C s j) - b2r (le_b C s j)) 0 (S i) - (b2r (ge_b C s 0%nat) - b2r (le_b C s 0%nat))) / INR n).
{ intros s. unfold scount. rewrite !plus_INR, !count_rsum, rsum_minus.
  unfold b2r. destruct (ge_b C s 0%nat); destruct (le_b C s 0%nat); simpl; field; lra. }
rewrite (rsum_ext _ _ 1 K (fun s _ => Hs s)).
set (phi := fun s j => b2r (ge_b C s j) - b2r (le_b C s j)).
assert (A1 : rsum (fun s => (rsum (fun j => phi s j) 0 (S i) - phi s 0%nat) / INR n) 1 K
  = (rsum (fun s => rsum (fun j => phi s j) 0 (S i)) 1 K - rsum (fun s => phi s 0%nat) 1 K) / INR n).
{ rewrite (rsum_ext _ (fun s => / INR n * (rsum (fun j => phi s j) 0 (S i) - phi s 0%nat))) by (intros; unfold Rdiv; ring).
  rewrite rsum_scal, rsum_minus. unfold Rdiv. ring. }
assert (A2 : rsum (fun s => rsum (fun j => phi s j) 0 (S i)) 1 K = rsum (fun j => IZR (C j)) 0 (S i)).
{ rewrite rsum_swap. apply rsum_ext. intros j Hj. unfold phi, ge_b, le_b. rewrite thresholds_sum.
  destruct (HC j ltac:(lia)) as (_ & HKj & _). f_equal. lia. }
assert (A3 : rsum (fun s => phi s 0%nat) 1 K = IZR (C 0%nat)).
{ unfold phi, ge_b, le_b. rewrite thresholds_sum. destruct (HC 0%nat ltac:(lia)) as (_ & HK0 & _). f_equal. lia. }
assert (A4 : rsum (fun j => X j a) 0 (S i) = / INR n * rsum (fun j => IZR (C j)) 0 (S i)).
{ rewrite <- rsum_scal. apply rsum_ext. intros j Hj. rewrite (proj1 (HC j ltac:(lia))). unfold Rdiv. ring. }
unfold phi in A1, A2, A3. rewrite A1, A2, A3, A4. field. lra.
Qed.

(** ** The prefix sum is well typed wherever its inputs are *)

Lemma psum_block_wt (k a acc t : nat) (xtys : list xty) :
  xis xtys XI a = true -> xis xtys XI (k + 3) = true -> xis xtys XI acc = true ->
  bwt xtys (psum_block k a acc t (length xtys)) = true /\
  bout_tys xtys (psum_block k a acc t (length xtys)) = xtys ++ [XI; XB; XC; XA; XI; XI; XB; XC; XA; XI; XI].
Proof.
intros Ha Hk Hc. pose proof (xis_spec _ _ _ Ha). pose proof (xis_spec _ _ _ Hk). pose proof (xis_spec _ _ _ Hc). split.
- unfold psum_block. cbn [app map psum]. do 11 (mwt_step xtys). reflexivity.
- unfold psum_block. cbn [app map psum bout_tys bop_ty xop_ty]. rewrite <- !app_assoc. reflexivity.
Qed.

Lemma psum_blocks_wt (k a : nat) : forall m t (xtys : list xty) acc,
  xis xtys XI a = true -> xis xtys XI (k + 3) = true -> xis xtys XI acc = true ->
  bwt xtys (psum_blocks k a t m (length xtys) acc) = true /\
  nth (pblocks_out m (length xtys) acc) (bout_tys xtys (psum_blocks k a t m (length xtys) acc)) XR = XI.
Proof.
induction m as [|m IH]; intros t xtys acc Ha Hk Hc.
- split; [reflexivity|]. apply (xis_spec _ _ _ Hc).
- cbn [psum_blocks pblocks_out]. rewrite bwt_app, bout_tys_app.
  destruct (psum_block_wt k a acc t xtys Ha Hk Hc) as [W E]. rewrite W, E. cbn [andb].
  set (L := [XI; XB; XC; XA; XI; XI; XB; XC; XA; XI; XI]).
  replace (length xtys + 11)%nat with (length (xtys ++ L)) by (rewrite app_length; reflexivity).
  replace (length xtys + 10)%nat with (length xtys + 10)%nat by reflexivity.
  assert (E10 : (length xtys + 10)%nat = (length (xtys ++ L) - 1)%nat) by (rewrite app_length; unfold L; cbn [length]; lia).
  rewrite E10. apply IH.
  + rewrite xis_app_in by apply (xis_spec _ _ _ Ha). exact Ha.
  + rewrite xis_app_in by apply (xis_spec _ _ _ Hk). exact Hk.
  + rewrite xis_app_at by (rewrite app_length; unfold L; cbn [length]; lia).
    match goal with |- xis L XI ?x = true => replace x with 10%nat by (rewrite app_length; unfold L; cbn [length]; lia) end.
    reflexivity.
Qed.

(** Well typed after any sequences typing the integer sequence a, the constant 1 (k) and 1/n (k + 3);
    the prefix sum is an integer sequence. *)
Theorem ipsum_wt (k K a : nat) (xtys : list xty) : xis xtys XI a = true -> xis xtys XB k = true -> xis xtys XI (k + 3) = true ->
  bwt xtys (ipsum k K a (length xtys)) = true /\
  nth (ipsum_out K (length xtys)) (bout_tys xtys (ipsum k K a (length xtys))) XR = XI.
Proof.
intros Ha Hb Hk. pose proof (xis_spec _ _ _ Ha). pose proof (xis_spec _ _ _ Hb). pose proof (xis_spec _ _ _ Hk).
unfold ipsum, ipsum_out. rewrite bwt_app, bout_tys_app.
assert (W : bwt xtys [BX (XSq (k + 3)); BX (XEq Future LeftMost (k + 3) (k + 3) (length xtys) k a)] = true).
{ do 2 (mwt_step xtys). reflexivity. }
assert (E : bout_tys xtys [BX (XSq (k + 3)); BX (XEq Future LeftMost (k + 3) (k + 3) (length xtys) k a)] = xtys ++ [XS; XI]).
{ cbn [bout_tys bop_ty xop_ty]. rewrite app_nth1 by lia. destruct H as [_ ->]. rewrite <- app_assoc. reflexivity. }
rewrite W, E. cbn [andb].
replace (length xtys + 2)%nat with (length (xtys ++ [XS; XI])) by (rewrite app_length; reflexivity).
replace (length xtys + 1)%nat with (length (xtys ++ [XS; XI]) - 1)%nat by (rewrite app_length; cbn [length]; lia).
apply psum_blocks_wt.
- rewrite xis_app_in by lia. exact Ha.
- rewrite xis_app_in by lia. exact Hk.
- rewrite xis_app_at by (rewrite app_length; cbn [length]; lia). rewrite app_length. cbn [length].
  replace (length xtys + 2 - 1 - length xtys)%nat with 1%nat by lia. reflexivity.
Qed.

(** ** Selection comparing integers, with a default *)

(** From sequence c on: the stored square of B (c); the value v, the key B and the Boolean key kb at
    the selected j (c + 1 .. c + 3: one [XEq] head read three times); [B_j = A_i] (c + 4 .. c + 8);
    the match mt = kb_j and B_j = A_i (c + 9); the gated choice (c + 10 .. c + 14): mt ? v_j : d_i. *)
Definition isel_default (k : nat) (m : mask) (dr : dir) (a b kb v d c : nat) : list bop :=
  [BX (XSq b);
   BX (XEq m dr a b c kb v); BX (XEq m dr a b c kb b); BX (XEq m dr a b c kb kb);
   BX (XLinZ [((c + 2)%nat, 1%Z); (a, (-1)%Z); ((k + 3)%nat, 1%Z)]); BLe1 (c + 4);
   BX (XLinZ [((c + 2)%nat, (-1)%Z); (a, 1%Z); ((k + 3)%nat, 1%Z)]); BLe1 (c + 6);
   BX (XBase (SAnd (c + 5) (c + 7))); BX (XBase (SAnd (c + 3) (c + 8)));
   BX (XBase (SRelu [((c + 1)%nat, 1); ((c + 9)%nat, 2)] (-2))); BX (XBase (SRelu [((c + 1)%nat, -1); ((c + 9)%nat, 2)] (-2)));
   BX (XBase (SRelu [(d, 1); ((c + 9)%nat, -2)] 0)); BX (XBase (SRelu [(d, -1); ((c + 9)%nat, -2)] 0));
   BX (XBase (SLin [((c + 10)%nat, 1); ((c + 11)%nat, -1); ((c + 12)%nat, 1); ((c + 13)%nat, -1)] 0))].

Definition isel_out (c : nat) : nat := (c + 14)%nat.

(** The S-RASP selection: the leftmost (rightmost) t < cnt with P t. *)
Definition ifind (dr : dir) (P : nat -> bool) (cnt : nat) : option nat :=
  match dr with LeftMost => lfind P cnt | RightMost => rfind P cnt end.

(** The match predicate at visible offset t: kb_j and B_j = A, j = lo + t. *)
Definition imatch (lo : nat) (A : Z) (B : nat -> Z) (Kb : nat -> bool) (t : nat) : bool :=
  Kb (lo + t)%nat && Z.eqb (B (lo + t)%nat) A.

(** With the clamped square max(1, min(B, n))^2, a key B <= n never scores above a query A >= 1. *)
Lemma sqc_score (n : nat) (A Bj : Z) : (1 <= A)%Z -> (Bj <= Z.of_nat n)%Z ->
  (2 * A * Bj - sqc n Bj <= A * A)%Z /\ (Bj <> A -> (2 * A * Bj - sqc n Bj <= A * A - 1)%Z).
Proof.
intros HA HB. unfold sqc. assert (1 <= (A - Bj) * (A - Bj) \/ Bj = A)%Z as Hd
  by (destruct (Z.lt_trichotomy (A - Bj) 0) as [h|[h|h]]; [left; nia|right; lia|left; nia]).
destruct (Z.le_gt_cases Bj 0).
- replace (Z.max 1 (Z.min Bj (Z.of_nat n))) with 1%Z by lia. split; [nia|intros; nia].
- replace (Z.max 1 (Z.min Bj (Z.of_nat n))) with Bj by lia. split; [nia|intros Hne; destruct Hd; [nia|lia]].
Qed.

(** The defaulted selection: at i, sequence c + 14 is v at the rightmost (leftmost) visible j with
    kb_j and B_j = A_i, or d_i when there is none; exact when 1 <= A_i, every visible B_j <= n and the
    values are in [-2, 2] (|v|, |d| <= 2n as integers over n), or when no visible j matches. *)
Theorem isel_default_sem (n k : nat) (m : mask) (dr : dir) (a b kb v d c : nat) (X : stream) (i : nat)
  (A : Z) (B : nat -> Z) (Kb : nat -> bool) : (i < n)%nat ->
  bruns n c (isel_default k m dr a b kb v d c) X ->
  X i a = IZR A / INR n -> X i (k + 3)%nat = / INR n ->
  (forall t, (t < vis_cnt m n i)%nat -> X (vis_lo m i + t)%nat b = IZR (B (vis_lo m i + t)%nat) / INR n /\
     (B (vis_lo m i + t)%nat <= Z.of_nat n)%Z /\ X (vis_lo m i + t)%nat kb = b2r (Kb (vis_lo m i + t)%nat) /\
     -2 <= X (vis_lo m i + t)%nat v <= 2) ->
  -2 <= X i d <= 2 ->
  (1 <= A)%Z \/ ifind dr (imatch (vis_lo m i) A B Kb) (vis_cnt m n i) = None ->
  X i (isel_out c) = match ifind dr (imatch (vis_lo m i) A B Kb) (vis_cnt m n i) with
                     | Some t => X (vis_lo m i + t)%nat v | None => X i d end.
Proof.
intros Hi H Ha Hk Hvis Hd HA. assert (Hn : (0 < n)%nat) by lia. assert (HN : 0 < INR n) by (apply lt_0_INR, Hn).
unfold isel_default in H. set (lo := vis_lo m i) in *. set (cnt := vis_cnt m n i) in *.
assert (Hc : (1 <= cnt)%nat) by apply vis_pos, Hi.
assert (Hlo : forall t, (t < cnt)%nat -> (lo + t < n)%nat) by (intros t Ht; apply vis_range; assumption).
assert (Sq : forall t, (t < cnt)%nat -> X (lo + t)%nat c = IZR (sqc n (B (lo + t)%nat)) / INR n ^ 2).
{ intros t Ht. pose proof (H 0%nat (lo + t)%nat ltac:(simpl; lia)) as E. rewrite Nat.add_0_r in E. rewrite E.
  cbn [nth bsem xsem]. rewrite (proj1 (Hvis t Ht)), clamp_div by exact Hn. unfold sqc. rewrite mult_IZR. field. lra. }
set (T := zarg (fun t => ekey1 n A (B (lo + t)%nat) (sqc n (B (lo + t)%nat)) (Kb (lo + t)%nat) dr (lo + t)) cnt).
assert (HT : (T < cnt)%nat) by apply zarg_spec, Hc.
assert (Hsel : rarg (fun t => escore n dr a b c kb X i (vis_lo m i + t)) (vis_cnt m n i) = T).
{ apply (rarg_zarg _ _ (2 * INR n ^ 3)); [assert (0 < INR n ^ 3) by (apply pow_lt, HN); lra|].
  intros t Ht. destruct (Hvis t Ht) as (Hb & _ & Hkb & _). apply escore_grid; [exact Hn|exact Ha|exact Hb|apply Sq, Ht|].
  rewrite Hkb. reflexivity. }
assert (E1 : X i (c + 1)%nat = X (lo + T)%nat v) by (rewrite (H 1%nat i) by (simpl; lia); cbn [nth bsem xsem]; rewrite Hsel; reflexivity).
assert (E2 : X i (c + 2)%nat = IZR (B (lo + T)%nat) / INR n)
  by (rewrite (H 2%nat i) by (simpl; lia); cbn [nth bsem xsem]; rewrite Hsel; apply (Hvis T HT)).
assert (E3 : X i (c + 3)%nat = b2r (Kb (lo + T)%nat))
  by (rewrite (H 3%nat i) by (simpl; lia); cbn [nth bsem xsem]; rewrite Hsel; apply (Hvis T HT)).
assert (E9 : X i (c + 9)%nat = b2r (imatch lo A B Kb T)).
{ rewrite (H 9%nat i) by (simpl; lia). cbn [nth bsem xsem sop_sem]. rewrite E3.
  rewrite (H 8%nat i) by (simpl; lia). cbn [nth bsem xsem sop_sem].
  rewrite (H 5%nat i), (H 7%nat i) by (simpl; lia). cbn [nth bsem].
  rewrite (le1_pair n (B (lo + T)%nat) A).
  - unfold imatch, b2r. destruct (Kb (lo + T)%nat); simpl; ring.
  - exact Hn.
  - rewrite (H 4%nat i) by (simpl; lia). cbn [nth bsem xsem sop_sem]. unfold lin, zlin. cbn [map lsum fst snd].
    rewrite E2, Ha, Hk. rewrite !plus_IZR, minus_IZR. field. lra.
  - rewrite (H 6%nat i) by (simpl; lia). cbn [nth bsem xsem sop_sem]. unfold lin, zlin. cbn [map lsum fst snd].
    rewrite E2, Ha, Hk. rewrite !plus_IZR, minus_IZR. field. lra. }
assert (Eout : X i (isel_out c) = if imatch lo A B Kb T then X (lo + T)%nat v else X i d).
{ unfold isel_out. rewrite (H 14%nat i) by (simpl; lia). cbn [nth bsem xsem sop_sem]. unfold lin. cbn [map lsum fst snd].
  rewrite (H 10%nat i), (H 11%nat i), (H 12%nat i), (H 13%nat i) by (simpl; lia). cbn [nth bsem xsem sop_sem]. unfold lin.
  cbn [map lsum fst snd]. rewrite E1, E9. pose proof (proj2 (proj2 (proj2 (Hvis T HT)))) as HV.
  unfold b2r. destruct (imatch lo A B Kb T); unfold Rmax; repeat destruct Rle_dec; lra. }
rewrite Eout. destruct (ifind dr (imatch lo A B Kb) cnt) as [t0|] eqn:Ef.
- destruct HA as [HA|HA]; [|discriminate].
  assert (H0 : (t0 < cnt)%nat /\ imatch lo A B Kb t0 = true) by
    (destruct dr; cbn [ifind] in Ef; [apply lfind_some in Ef|apply rfind_some in Ef]; tauto).
  destruct H0 as [Ht0 Hp0]. pose proof Hp0 as Hq0. unfold imatch in Hq0. apply andb_true_iff in Hq0. destruct Hq0 as [Hk0 Hq0].
  apply Z.eqb_eq in Hq0.
  destruct (eq_top_match n lo cnt A B (fun j => sqc n (B j)) Kb dr Hc ltac:(specialize (Hlo (pred cnt)); lia)
    (ex_intro _ t0 (conj Ht0 (conj Hk0 Hq0)))) as (HkT & HbT & Hext).
  + intros t Ht _ Hbt. rewrite Hbt. unfold sqc. replace (Z.max 1 (Z.min A (Z.of_nat n))) with A; [reflexivity|].
    pose proof (proj1 (proj2 (Hvis t Ht))) as Hb. lia.
  + intros t Ht. apply sqc_score; [exact HA|apply (Hvis t Ht)].
  + intros t Ht Hne. apply sqc_score; [exact HA|apply (Hvis t Ht)|exact Hne].
  + fold T in HkT, HbT, Hext.
    assert (HmT : imatch lo A B Kb T = true) by (unfold imatch; rewrite HkT, HbT, Z.eqb_refl; reflexivity).
    rewrite HmT. destruct (Nat.eq_dec t0 T) as [->|Hne]; [reflexivity|exfalso].
    specialize (Hext t0 Ht0 Hk0 Hq0 Hne).
    destruct dr; cbn [ifind] in Ef; [apply lfind_some in Ef|apply rfind_some in Ef]; destruct Ef as (_ & _ & Hnone);
      rewrite (Hnone T) in HmT by lia; discriminate.
- destruct (imatch lo A B Kb T) eqn:Em; [|reflexivity]. exfalso.
  destruct dr; cbn [ifind] in Ef; [rewrite (lfind_none _ _ Ef T HT) in Em|rewrite (rfind_none _ _ Ef T HT) in Em]; discriminate.
Qed.

(** Well typed after any sequences typing the integer sequences a, b, the Boolean kb and 1/n (k + 3);
    v and d are any earlier sequences. *)
Theorem isel_default_wt (k : nat) (m : mask) (dr : dir) (a b kb v d : nat) (xtys : list xty) :
  xis xtys XI a = true -> xis xtys XI b = true -> xis xtys XB kb = true -> (v < length xtys)%nat -> (d < length xtys)%nat ->
  xis xtys XI (k + 3) = true -> bwt xtys (isel_default k m dr a b kb v d (length xtys)) = true.
Proof.
intros Ha Hb Hkb Hv Hd Hk.
destruct (xis_spec _ _ _ Ha) as [Hal Han]. destruct (xis_spec _ _ _ Hb) as [Hbl Hbn].
destruct (xis_spec _ _ _ Hkb) as [Hkbl Hkbn]. destruct (xis_spec _ _ _ Hk) as [Hkl Hkn].
unfold isel_default.
do 15 (mwt_step xtys; rewrite ?(app_nth1 xtys _ XR Hbl), ?(app_nth1 xtys _ XR Hkbl), ?Hbn, ?Hkbn; cbn [app]).
reflexivity.
Qed.

(** ** Theorem 26 for programs that contain them *)

Lemma brasp_run_one (k n : nat) (p : list bop) (w : list nat) (i : nat) : brasp_run k n p w i k = 1.
Proof.
unfold brasp_run. rewrite brun_below by lia. unfold binput. rewrite upd_ne by lia.
pose proof (xinput_pe k n w i 0) as E. rewrite Nat.add_0_r in E. rewrite E. reflexivity.
Qed.

Lemma brasp_run_invn (k n : nat) (p : list bop) (w : list nat) (i : nat) : brasp_run k n p w i (k + 3)%nat = / INR n.
Proof. unfold brasp_run. rewrite brun_below by lia. unfold binput. rewrite upd_ne by lia. rewrite xinput_pe. reflexivity. Qed.

(** n times a run value c/n, read within 1/(4n), is within 1/4 of c. *)
Lemma int_read (n : nat) (r s : R) (c : R) : (0 < n)%nat -> s = c / INR n -> Rabs (r - s) <= / (4 * INR n) ->
  Rabs (INR n * r - c) <= / 4.
Proof.
intros Hn -> H. assert (HN : 0 < INR n) by (apply lt_0_INR, Hn).
replace (INR n * r - c) with (INR n * (r - c / INR n)) by (field; lra). rewrite Rabs_mult, Rabs_pos_eq by lra.
replace (/ 4) with (INR n * / (4 * INR n)) by (field; lra). apply Rmult_le_compat_l; lra.
Qed.

(** In every well-typed program containing the prefix sum of an integer sequence C with |C_j| <= K,
    n times the softmax network at 0 < tau <= brasp_temp (eps = 1/(4n)) is within 1/4 of
    sum_(j <= i) C_j, for every length n, word w and i < n: rounding gives the prefix sum exactly. *)
Theorem thm26_ipsum (k n K a : nat) (p pre post : list bop) (w : list nat) (C : nat -> Z) (tau : R) (i : nat) :
  p = pre ++ ipsum k K a (k + 8 + length pre) ++ post -> brasp_wt k p = true -> (i < n)%nat ->
  (forall j, (j <= i)%nat -> brasp_run k n p w j a = IZR (C j) / INR n /\ (- Z.of_nat K <= C j <= Z.of_nat K)%Z) ->
  0 < tau -> tau <= brasp_temp k n p (/ (4 * INR n)) ->
  Rabs (INR n * msoft_run tau (bwidth k p) n (brasp_net k p) (xinput k n w) i (ipsum_out K (k + 8 + length pre))
        - rsum (fun j => IZR (C j)) 0 (S i)) <= / 4.
Proof.
intros Ep Hwt Hi HC Htau Hle. assert (Hn : (0 < n)%nat) by lia. assert (HN : 0 < INR n) by (apply lt_0_INR, Hn).
assert (Hw : (ipsum_out K (k + 8 + length pre) < bwidth k p)%nat).
{ rewrite ipsum_outE. unfold bwidth. rewrite Ep, !app_length, ipsum_length. lia. }
apply (int_read n _ (brasp_run k n p w i (ipsum_out K (k + 8 + length pre)))); [exact Hn| |].
- subst p. rewrite (ipsum_sem n k K a (k + 8 + length pre) _ C i Hi (brasp_bruns k n pre _ post w Hwt)).
  + rewrite <- (Rmult_1_l (rsum (fun j => IZR (C j)) 0 (S i))). unfold Rdiv. rewrite Rmult_comm, <- Rmult_assoc, <- rsum_scal.
    rewrite Rmult_1_r. apply rsum_ext. intros j Hj. rewrite (proj1 (HC j ltac:(lia))). unfold Rdiv. ring.
  + intros j Hj. destruct (HC j Hj) as [H1 H2]. split; [exact H1|split; [exact H2|split; [apply brasp_run_one|apply brasp_run_invn]]].
- apply thm26_brasp_soft; [exact Hwt|apply Rinv_0_lt_compat; lra|exact Htau|exact Hle|exact Hi|exact Hw].
Qed.

(** In every well-typed program containing the defaulted selection, n times the softmax network at
    0 < tau <= brasp_temp (eps = 1/(4n)) is within 1/4 of the S-RASP aggregate: V_j at the rightmost
    (leftmost) visible j with kb_j and B_j = A_i, or D_i when there is none (integers V, D with
    |V|, |D| <= 2n; 1 <= A_i and B_j <= n, or no match). *)
Theorem thm26_isel_default (k n : nat) (m : mask) (dr : dir) (a b kb v d : nat) (p pre post : list bop) (w : list nat)
  (A Di : Z) (B V : nat -> Z) (Kb : nat -> bool) (tau : R) (i : nat) :
  p = pre ++ isel_default k m dr a b kb v d (k + 8 + length pre) ++ post -> brasp_wt k p = true -> (i < n)%nat ->
  brasp_run k n p w i a = IZR A / INR n -> brasp_run k n p w i d = IZR Di / INR n -> (Z.abs Di <= 2 * Z.of_nat n)%Z ->
  (forall t, (t < vis_cnt m n i)%nat ->
     brasp_run k n p w (vis_lo m i + t)%nat b = IZR (B (vis_lo m i + t)%nat) / INR n /\ (B (vis_lo m i + t)%nat <= Z.of_nat n)%Z /\
     brasp_run k n p w (vis_lo m i + t)%nat kb = b2r (Kb (vis_lo m i + t)%nat) /\
     brasp_run k n p w (vis_lo m i + t)%nat v = IZR (V (vis_lo m i + t)%nat) / INR n /\ (Z.abs (V (vis_lo m i + t)%nat) <= 2 * Z.of_nat n)%Z) ->
  (1 <= A)%Z \/ ifind dr (imatch (vis_lo m i) A B Kb) (vis_cnt m n i) = None ->
  0 < tau -> tau <= brasp_temp k n p (/ (4 * INR n)) ->
  Rabs (INR n * msoft_run tau (bwidth k p) n (brasp_net k p) (xinput k n w) i (isel_out (k + 8 + length pre))
        - IZR (match ifind dr (imatch (vis_lo m i) A B Kb) (vis_cnt m n i) with Some t => V (vis_lo m i + t)%nat | None => Di end)) <= / 4.
Proof.
intros Ep Hwt Hi Ha Hd HDi Hvis HA Htau Hle. assert (Hn : (0 < n)%nat) by lia. assert (HN : 0 < INR n) by (apply lt_0_INR, Hn).
assert (Hw : (isel_out (k + 8 + length pre) < bwidth k p)%nat) by (unfold isel_out, bwidth; rewrite Ep, !app_length; simpl; lia).
assert (Hbd : forall z : Z, (Z.abs z <= 2 * Z.of_nat n)%Z -> -2 <= IZR z / INR n <= 2).
{ intros z Hz. assert (Hz' : (- (2 * Z.of_nat n) <= z <= 2 * Z.of_nat n)%Z) by lia. destruct Hz' as [Hz1 Hz2].
  apply IZR_le in Hz1. apply IZR_le in Hz2. rewrite opp_IZR, mult_IZR, <- INR_IZR_INZ in Hz1. rewrite mult_IZR, <- INR_IZR_INZ in Hz2.
  split; [apply (Rmult_le_reg_r (INR n)); [exact HN|]; unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra; lra
         |apply (Rmult_le_reg_r (INR n)); [exact HN|]; unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra; lra]. }
apply (int_read n _ (brasp_run k n p w i (isel_out (k + 8 + length pre)))); [exact Hn| |].
- subst p. rewrite (isel_default_sem n k m dr a b kb v d (k + 8 + length pre) _ i A B Kb Hi (brasp_bruns k n pre _ post w Hwt) Ha
    (brasp_run_invn _ _ _ _ _)).
  + destruct (ifind dr (imatch (vis_lo m i) A B Kb) (vis_cnt m n i)) as [t|] eqn:Ef; [|exact Hd].
    assert (Ht : (t < vis_cnt m n i)%nat) by (destruct dr; cbn [ifind] in Ef; [apply lfind_some in Ef|apply rfind_some in Ef]; tauto).
    apply (Hvis t Ht).
  + intros t Ht. destruct (Hvis t Ht) as (H1 & H2 & H3 & H4 & H5). split; [exact H1|split; [exact H2|split; [exact H3|]]].
    rewrite H4. apply Hbd, H5.
  + rewrite Hd. apply Hbd, HDi.
  + exact HA.
- apply thm26_brasp_soft; [exact Hwt|apply Rinv_0_lt_compat; lra|exact Htau|exact Hle|exact Hi|exact Hw].
Qed.

(** ** An instance: the prefix sum of integer letter weights *)

(** Over k letters with integer weights f t (|f t| <= K): the code f(w_j) / n (k + 8), then its
    prefix sum (from k + 9 on; output [ipsum_out K (k + 9)]). *)
Definition ipsum_letters (k K : nat) (f : nat -> Z) : list bop :=
  BLinB (map (fun t => (t, f t)) (seq 0 k)) :: ipsum k K (k + 8) (k + 9).

Lemma lin_onehot (f : nat -> Z) (m a : nat) (y : nat -> R) : (forall t, (t < m)%nat -> y t = if Nat.eqb a t then 1 else 0) ->
  lin (zlin (map (fun t => (t, f t)) (seq 0 m))) y = if (a <? m)%nat then IZR (f a) else 0.
Proof.
induction m as [|m IH]; intros H; [reflexivity|].
rewrite seq_S, map_app. unfold lin, zlin in *. rewrite map_app, lsum_app. rewrite IH by (intros; apply H; lia).
cbn [map lsum fst snd]. rewrite Nat.add_0_l, (H m) by lia.
destruct (Nat.eqb_spec a m) as [->|Hne].
- replace (m <? m)%nat with false by (symmetry; apply Nat.ltb_ge; lia). replace (m <? S m)%nat with true by (symmetry; apply Nat.ltb_lt; lia). ring.
- replace (a <? S m)%nat with (a <? m)%nat by (destruct (Nat.ltb_spec a m); destruct (Nat.ltb_spec a (S m)); (reflexivity || lia)). ring.
Qed.

Lemma ipsum_letters_wt (k K : nat) (f : nat -> Z) : brasp_wt k (ipsum_letters k K f) = true.
Proof.
unfold brasp_wt, ipsum_letters. rewrite bwt_cons. apply andb_true_iff. split.
- cbn [bop_ok]. apply forallb_forall. intros q Hq. apply in_map_iff in Hq. destruct Hq as [t [<- Ht]]. apply in_seq in Ht.
  rewrite bin_tys_rep. apply xis_rep_lt. simpl. lia.
- cbn [bop_ty]. assert (E : length (bin_tys k ++ [XI]) = (k + 9)%nat) by (rewrite app_length, bin_tys_length; simpl; lia).
  rewrite <- E.
  refine (proj1 (ipsum_wt k K (k + 8) (bin_tys k ++ [XI]) _ _ _)).
  + rewrite xis_app_at by (rewrite bin_tys_length; lia). rewrite bin_tys_length, Nat.sub_diag. reflexivity.
  + rewrite xis_app_in by (rewrite bin_tys_length; lia). rewrite bin_tys_rep, xis_rep0. reflexivity.
  + rewrite xis_app_in by (rewrite bin_tys_length; lia). rewrite bin_tys_rep, xis_rep. reflexivity.
Qed.

(** For every k, K, weights |f t| <= K, length n, word w of length n over the k letters and i < n: n
    times the softmax network [brasp_net k (ipsum_letters k K f)] (weights independent of n) at 0 < tau
    <= brasp_temp (eps = 1/(4n)) is within 1/4 of sum_(j <= i) f(w_j). *)
Theorem thm26_ipsum_letters (k K n : nat) (f : nat -> Z) (w : list nat) (tau : R) (i : nat) :
  (forall t, (t < k)%nat -> (- Z.of_nat K <= f t <= Z.of_nat K)%Z) ->
  length w = n -> (forall a, In a w -> (a < k)%nat) -> (i < n)%nat ->
  0 < tau -> tau <= brasp_temp k n (ipsum_letters k K f) (/ (4 * INR n)) ->
  Rabs (INR n * msoft_run tau (bwidth k (ipsum_letters k K f)) n (brasp_net k (ipsum_letters k K f)) (xinput k n w) i (ipsum_out K (k + 9))
        - rsum (fun j => IZR (f (letter w j))) 0 (S i)) <= / 4.
Proof.
intros Hf Hl Hw Hi Htau Hle.
assert (Ep : ipsum_letters k K f = [BLinB (map (fun t => (t, f t)) (seq 0 k))] ++ ipsum k K (k + 8) (k + 8 + length [BLinB (map (fun t => (t, f t)) (seq 0 k))]) ++ [])
  by (unfold ipsum_letters; rewrite app_nil_r; cbn [length]; replace (k + 8 + 1)%nat with (k + 9)%nat by lia; reflexivity).
replace (k + 9)%nat with (k + 8 + length [BLinB (map (fun t => (t, f t)) (seq 0 k))])%nat by (cbn [length]; lia).
apply (thm26_ipsum k n K (k + 8) _ _ [] w (fun j => f (letter w j)) tau i Ep (ipsum_letters_wt k K f) Hi); [|exact Htau|exact Hle].
intros j Hj. assert (Hwj : (letter w j < k)%nat) by (apply Hw; unfold letter; apply nth_In; lia).
split; [|apply Hf, Hwj].
replace (k + 8)%nat with (k + 8 + 0)%nat by lia. rewrite brasp_run_at by (exact (ipsum_letters_wt k K f) || simpl; lia).
cbn [nth ipsum_letters bsem]. rewrite (lin_onehot f k (letter w j)).
- replace (letter w j <? k)%nat with true by (symmetry; apply Nat.ltb_lt, Hwj). reflexivity.
- intros t Ht. unfold brasp_run. rewrite brun_below by lia. unfold binput. rewrite upd_ne by lia.
  unfold xinput, word_input, embed. replace (t <? k)%nat with true by (symmetry; apply Nat.ltb_lt, Ht). reflexivity.
Qed.
