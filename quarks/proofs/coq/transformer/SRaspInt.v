(** * Seed 004, Section 6: integer-valued S-RASP sequences with weights independent of n (heads).

    An integer sequence c is stored as the coordinate c_i / n (bounded when |c_i| <= n, as prefix
    sums and depths are), its square (c_i / n)^2 alongside when it is used as a key.  With the
    bounded position embeddings 1/n, 1/(i+1), (i+1)/n, ((i+1)/n)^2 and (i+1)/n^2 three heads with
    weights independent of n compute, under average hardmax, for every length n:
    - [psum_head] (the prefix sum read back through the position embeddings): from the uniform
      future-masked average c/((i+1) n) of a 0/1 sequence scaled by 1/n (a Boolean-gated product:
      [gate_relu]), with 1 <= c <= i + 1, the head with scores 2 (c/((i+1) n)) (j+1)/n - (1/(i+1))
      ((j+1)/n)^2 = (c^2 - (c - (j+1))^2)/((i+1) n^2) selects j = c - 1 and reads (j+1)/n = c/n
      ([psum_read]); the count c'' = sum_(j <= i) (b_j or [j = 0]) is always in 1..i+1
      ([psum_shift_range]) and [j = 0] is ReLU(2/(j+1) - 1) ([first_relu]);
    - [eq_head] (selection comparing integer values, with a Boolean key and leftmost/rightmost
      tie-breaking): scores 2 (A_i/n)(B_j/n) - S_j/n^2 + 8 [K_j] + t (1/n) (j+1)/n^2, t = 1/2
      (rightmost) or -1/2 (leftmost), with S_j a stored square (B_j^2, or a clamp of it), are the
      integers [ekey1] over 2 n^3, pairwise distinct ([ekey1_inj]: they differ mod 2n); so the head
      is tieless with gap 1/(2 n^3) at every position and reads the value at the visible j of
      largest key ([eq_read]); when some visible j has K_j and B_j = A_i (and S never lets a
      non-match score as high), that j is the rightmost (leftmost) such ([eq_top_match]), the S-RASP
      selection [rightmost_j K_j and B_j = A_i];
    - [sq_head]: the stored square max(1, min(A, n))^2 / n^2 of an integer A_i / n, read back with
      scores 2 (A_i/n) (j+1)/n - ((j+1)/n)^2 over every position ([sq_read]).
    The gap 1/(2 n^3) is below the 1/(2n) of [SRaspCompile]'s heads ([ut_head_mono]), so these heads
    and the fragment's run under one gap, hence one Theorem 26 temperature. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith.
From Quarks Require Import RSum TransformerModel SRasp.
Import ListNotations.
Open Scope R_scope.

(** ** A uniform-tieless head stays so at a smaller gap *)

Lemma ut_head_mono (n : nat) (g g' : R) (h : head) (x : stream) : g' <= g -> ut_head n g h x -> ut_head n g' h x.
Proof.
intros Hg [Hu|Ht]; [left; exact Hu|right]. intros i Hi. destruct (Ht i Hi) as [t [Htc H]]. exists t. split; [exact Htc|].
intros k Hk Hkt. specialize (H k Hk Hkt). lra.
Qed.

(** ** Feed-forward pieces *)

(** A 0/1 gate times a value in [0, 1]: ReLU(v - (1 - b)) = b v. *)
Lemma gate_relu (b v : R) : is01 b -> 0 <= v <= 1 -> Rmax 0 (v + b - 1) = b * v.
Proof. intros [-> | ->] Hv; unfold Rmax; destruct (Rle_dec 0 _); lra. Qed.

(** The first-position flag from the embedding 1/(i+1): ReLU(2/(i+1) - 1) = [i = 0]. *)
Lemma first_relu (i : nat) : Rmax 0 (2 * / INR (S i) - 1) = if Nat.eqb i 0 then 1 else 0.
Proof.
destruct i as [|i]; simpl Nat.eqb.
- replace (INR 1) with 1 by reflexivity. rewrite Rinv_1. unfold Rmax. destruct (Rle_dec 0 _); lra.
- assert (H2 : 2 <= INR (S (S i))) by (rewrite !S_INR; pose proof (pos_INR i); lra).
  assert (/ INR (S (S i)) <= / 2) by (apply Rinv_le_contravar; lra).
  unfold Rmax. destruct (Rle_dec 0 _); lra.
Qed.

(** The shifted count sum_(j <= i) (b_j or [j = 0]) is between 1 and i + 1. *)
Lemma psum_shift_range (b : nat -> bool) (i : nat) :
  (1 <= length (filter (fun j => b j || Nat.eqb j 0) (seq 0 (S i))) <= S i)%nat.
Proof.
split.
- simpl. rewrite orb_true_r. simpl. lia.
- rewrite <- (seq_length (S i) 0) at 2. generalize (seq 0 (S i)). intros l.
  induction l as [|a l IH]; simpl; [lia|]. destruct (b a || Nat.eqb a 0); simpl; lia.
Qed.

(** ** Scores on the grid 1/D *)

(** The first offset t < cnt of largest key. *)
Fixpoint zarg (K : nat -> Z) (cnt : nat) : nat :=
  match cnt with
  | O => O
  | S m => match m with O => O | _ => let t := zarg K m in if Z.leb (K m) (K t) then t else m end
  end.

Lemma zarg_spec (K : nat -> Z) (cnt : nat) : (1 <= cnt)%nat ->
  (zarg K cnt < cnt)%nat /\ forall t, (t < cnt)%nat -> (K t <= K (zarg K cnt))%Z.
Proof.
induction cnt as [|m IH]; intros Hc; [lia|]. destruct m as [|m'].
- simpl. split; [lia|]. intros t Ht. replace t with O by lia. lia.
- destruct (IH ltac:(lia)) as [H1 H2]. change (zarg K (S (S m'))) with
    (if Z.leb (K (S m')) (K (zarg K (S m'))) then zarg K (S m') else S m').
  destruct (Z.leb (K (S m')) (K (zarg K (S m')))) eqn:E.
  + apply Z.leb_le in E. split; [lia|]. intros t Ht. destruct (Nat.eq_dec t (S m')) as [->|Hne]; [lia|apply H2; lia].
  + apply Z.leb_gt in E. split; [lia|]. intros t Ht. destruct (Nat.eq_dec t (S m')) as [->|Hne]; [lia|].
    specialize (H2 t ltac:(lia)). lia.
Qed.

(** Scores K_t / D with pairwise distinct integers K_t: the largest beats every other by 1/D. *)
Lemma grid_gap (K : nat -> Z) (cnt : nat) (D : R) (s : nat -> R) : 0 < D -> (1 <= cnt)%nat ->
  (forall t t', (t < cnt)%nat -> (t' < cnt)%nat -> K t = K t' -> t = t') ->
  (forall t, (t < cnt)%nat -> s t = IZR (K t) / D) ->
  forall t, (t < cnt)%nat -> t <> zarg K cnt -> s t <= s (zarg K cnt) - / D.
Proof.
intros HD Hc Hinj Hs t Ht Hne. destruct (zarg_spec K cnt Hc) as [HT Hmax].
assert (Hlt : (K t + 1 <= K (zarg K cnt))%Z).
{ specialize (Hmax t Ht). destruct (Z.eq_dec (K t) (K (zarg K cnt))) as [E|E]; [|lia].
  exfalso. apply Hne, Hinj; assumption. }
apply IZR_le in Hlt. rewrite plus_IZR in Hlt. rewrite (Hs t Ht), (Hs _ HT).
assert (0 < / D) by (apply Rinv_0_lt_compat, HD). unfold Rdiv.
replace (IZR (K (zarg K cnt)) * / D - / D) with ((IZR (K (zarg K cnt)) - 1) * / D) by ring.
apply Rmult_le_compat_r; lra.
Qed.

(** ** The prefix sum read back through the position embeddings *)

Definition psum_head (out zq ui kp1 kp2 : nat) : head := Head out kp1 [((zq, kp1), 2); ((ui, kp2), -1)] Future Average.

Lemma psum_score (n i t c : nat) (x : stream) (out zq ui kp1 kp2 : nat) : (0 < n)%nat ->
  x i zq = INR c / (INR (S i) * INR n) -> x i ui = / INR (S i) ->
  x t kp1 = INR (S t) / INR n -> x t kp2 = (INR (S t) / INR n) ^ 2 ->
  score (psum_head out zq ui kp1 kp2) x i t = (INR c ^ 2 - (INR c - INR (S t)) ^ 2) / (INR (S i) * INR n ^ 2).
Proof.
intros Hn Hq Hu H1 H2. unfold score, psum_head. cbn [map lsum fst snd h_terms]. rewrite Hq, Hu, H1, H2.
assert (0 < INR n) by (apply lt_0_INR, Hn). assert (0 < INR (S i)) by (apply lt_0_INR; lia). field. lra.
Qed.

(** The read-back head selects j = c - 1 with gap 1/(2 n^3) and outputs c / n exactly. *)
Theorem psum_read (n i c : nat) (x : stream) (out zq ui kp1 kp2 : nat) :
  (i < n)%nat -> (1 <= c <= S i)%nat ->
  x i zq = INR c / (INR (S i) * INR n) -> x i ui = / INR (S i) ->
  (forall j, (j < n)%nat -> x j kp1 = INR (S j) / INR n /\ x j kp2 = (INR (S j) / INR n) ^ 2) ->
  (forall t, (t < S i)%nat -> t <> pred c ->
     score (psum_head out zq ui kp1 kp2) x i t <= score (psum_head out zq ui kp1 kp2) x i (pred c) - / (2 * INR n ^ 3)) /\
  head_out hard_w n (psum_head out zq ui kp1 kp2) x i = INR c / INR n.
Proof.
intros Hi Hc Hq Hu Hpe.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia). assert (HI : 0 < INR (S i)) by (apply lt_0_INR; lia).
assert (HIN : INR (S i) <= INR n) by (apply le_INR; lia).
assert (Hgap : forall t, (t < S i)%nat -> t <> pred c ->
  score (psum_head out zq ui kp1 kp2) x i t <= score (psum_head out zq ui kp1 kp2) x i (pred c) - / (2 * INR n ^ 3)).
{ intros t Ht Hne. destruct (Hpe t ltac:(lia)) as [P1 P2]. destruct (Hpe (pred c) ltac:(lia)) as [Q1 Q2].
  rewrite (psum_score n i t c x out zq ui kp1 kp2), (psum_score n i (pred c) c x out zq ui kp1 kp2) by (lia || assumption).
  replace (S (pred c)) with c by lia. replace (INR c - INR c) with 0 by ring.
  assert (Hd : 1 <= (INR c - INR (S t)) ^ 2).
  { destruct (Nat.lt_ge_cases (S t) c) as [Hlt|Hge].
    - assert (INR (S t) + 1 <= INR c) by (rewrite <- S_INR; apply le_INR; lia). nra.
    - assert (INR c + 1 <= INR (S t)) by (rewrite <- S_INR; apply le_INR; lia). nra. }
  set (P := INR (S i) * INR n ^ 2).
  assert (HP : 0 < P) by (unfold P; apply Rmult_lt_0_compat; [lra|apply pow_lt; lra]).
  assert (HP2 : P <= 2 * INR n ^ 3).
  { unfold P. replace (2 * INR n ^ 3) with (2 * (INR n * INR n ^ 2)) by ring.
    assert (0 < INR n ^ 2) by (apply pow_lt; lra). nra. }
  assert (Hinv : / (2 * INR n ^ 3) <= / P) by (apply Rinv_le_contravar; lra).
  unfold Rdiv. assert (0 < / P) by (apply Rinv_0_lt_compat, HP). nra. }
split; [exact Hgap|].
assert (Hg : 0 < / (2 * INR n ^ 3)) by (apply Rinv_0_lt_compat; assert (0 < INR n ^ 3) by (apply pow_lt; lra); lra).
rewrite (head_out_at n (psum_head out zq ui kp1 kp2) x i (pred c) (/ (2 * INR n ^ 3)) Hg); cbn [psum_head h_mask h_val vis_lo vis_cnt].
- destruct (Hpe (pred c) ltac:(lia)) as [Q1 _]. rewrite Nat.add_0_l, Q1. replace (S (pred c)) with c by lia. reflexivity.
- lia.
- intros k Hk Hne. apply Hgap; assumption.
Qed.

(** ** Selection comparing integer values *)

Definition tsgn (dr : dir) : Z := match dr with LeftMost => (-1)%Z | RightMost => 1%Z end.

(** Query A_i / n and the constant 1 (coordinate [one]) and 1/n ([invn]); key B_j / n, (B_j / n)^2,
    the 0/1 key [K_j] ([kb]) and (j + 1)/n^2 ([pos2]). *)
Definition eq_head (out v a b sb kb one invn pos2 : nat) (m : mask) (dr : dir) : head :=
  Head out v [((a, b), 2); ((one, sb), -1); ((one, kb), 8); ((invn, pos2), IZR (tsgn dr) / 2)] m Average.

(** The score at key position j times 2 n^3, for query integer A and key integers B_j, S_j (the
    stored square: B_j^2, or a clamp of it) and 0/1 key K_j. *)
Definition ekey1 (n : nat) (A Bj Sj : Z) (kj : bool) (dr : dir) (j : nat) : Z :=
  (2 * Z.of_nat n * (2 * A * Bj - Sj) + 16 * (Z.of_nat n * Z.of_nat n * Z.of_nat n) * (if kj then 1 else 0)
   + tsgn dr * Z.of_nat (S j))%Z.

Lemma eq_score (n i j : nat) (x : stream) (m : mask) (dr : dir) (out v a b sb kb one invn pos2 : nat) (A Bj Sj : Z)
  (kj : bool) : (0 < n)%nat ->
  x i a = IZR A / INR n -> x i one = 1 -> x i invn = / INR n ->
  x j b = IZR Bj / INR n -> x j sb = IZR Sj / INR n ^ 2 -> x j kb = (if kj then 1 else 0) ->
  x j pos2 = INR (S j) / INR n ^ 2 ->
  score (eq_head out v a b sb kb one invn pos2 m dr) x i j = IZR (ekey1 n A Bj Sj kj dr j) / (2 * INR n ^ 3).
Proof.
intros Hn Ha H1 Hv Hb Hsb Hk Hp. unfold score, eq_head. cbn [map lsum fst snd h_terms].
rewrite Ha, H1, Hv, Hb, Hsb, Hk, Hp. unfold ekey1.
assert (HN : 0 < INR n) by (apply lt_0_INR, Hn).
rewrite !plus_IZR, !mult_IZR, minus_IZR, !mult_IZR. rewrite <- !INR_IZR_INZ.
destruct kj; destruct dr; cbn [tsgn]; field; lra.
Qed.

(** The keys of distinct positions below n differ (modulo 2n they are +-(j + 1)). *)
Lemma ekey1_inj (n : nat) (A Bj Sj Bj' Sj' : Z) (kj kj' : bool) (dr : dir) (j j' : nat) :
  (j < n)%nat -> (j' < n)%nat -> ekey1 n A Bj Sj kj dr j = ekey1 n A Bj' Sj' kj' dr j' -> j = j'.
Proof.
intros Hj Hj' E. unfold ekey1 in E.
set (N := Z.of_nat n) in *.
set (Q := (2 * A * Bj - Sj - (2 * A * Bj' - Sj') + 8 * N * N * ((if kj then 1 else 0) - (if kj' then 1 else 0)))%Z).
assert (E' : (2 * N * Q = tsgn dr * (Z.of_nat (S j') - Z.of_nat (S j)))%Z) by (unfold Q; lia).
assert (Hd : (Z.abs (Z.of_nat (S j') - Z.of_nat (S j)) < N)%Z) by (unfold N; lia).
assert (HQ : Q = 0%Z).
{ destruct (Z.lt_trichotomy Q 0) as [Hl|[Hl|Hl]]; [|exact Hl|];
  exfalso; destruct dr; cbn [tsgn] in E'; nia. }
rewrite HQ in E'. destruct dr; cbn [tsgn] in E'; lia.
Qed.

(** The head is tieless with gap 1/(2 n^3) and reads the value at the visible position of largest key. *)
Theorem eq_read (n i : nat) (x : stream) (m : mask) (dr : dir) (out v a b sb kb one invn pos2 : nat) (A : Z) (B Sq : nat -> Z)
  (K : nat -> bool) : (i < n)%nat ->
  x i a = IZR A / INR n -> x i one = 1 -> x i invn = / INR n ->
  (forall j, (j < n)%nat -> x j b = IZR (B j) / INR n /\ x j sb = IZR (Sq j) / INR n ^ 2 /\
     x j kb = (if K j then 1 else 0) /\ x j pos2 = INR (S j) / INR n ^ 2) ->
  let h := eq_head out v a b sb kb one invn pos2 m dr in
  let T := zarg (fun t => ekey1 n A (B (vis_lo m i + t)%nat) (Sq (vis_lo m i + t)%nat) (K (vis_lo m i + t)%nat) dr (vis_lo m i + t)) (vis_cnt m n i) in
  (T < vis_cnt m n i)%nat /\
  (forall t, (t < vis_cnt m n i)%nat -> t <> T -> score h x i (vis_lo m i + t) <= score h x i (vis_lo m i + T) - / (2 * INR n ^ 3)) /\
  head_out hard_w n h x i = x (vis_lo m i + T)%nat v.
Proof.
intros Hi Ha H1 Hv Hpe h T.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (HD : 0 < 2 * INR n ^ 3) by (assert (0 < INR n ^ 3) by (apply pow_lt; lra); lra).
assert (Hc : (1 <= vis_cnt m n i)%nat) by (apply vis_pos, Hi).
assert (HT : (T < vis_cnt m n i)%nat) by (apply zarg_spec, Hc).
assert (Hgap : forall t, (t < vis_cnt m n i)%nat -> t <> T ->
  score h x i (vis_lo m i + t) <= score h x i (vis_lo m i + T) - / (2 * INR n ^ 3)).
{ apply (grid_gap _ (vis_cnt m n i) _ (fun t => score h x i (vis_lo m i + t)) HD Hc).
  - intros t t' Ht Ht' E. apply ekey1_inj in E; [lia|apply vis_range; assumption|apply vis_range; assumption].
  - intros t Ht. destruct (Hpe (vis_lo m i + t)%nat (vis_range m n i t Hi Ht)) as (Pb & Psb & Pk & Pp).
    apply eq_score; (lia || assumption). }
split; [exact HT|split; [exact Hgap|]].
assert (Hg : 0 < / (2 * INR n ^ 3)) by (apply Rinv_0_lt_compat, HD).
apply (head_out_at n h x i T _ Hg HT Hgap).
Qed.

(** When some visible j has K_j and B_j = A, and the stored squares are B_j^2 there and never let a
    non-match score as high (2 A B_j - S_j <= A^2, and <= A^2 - 1 when B_j <> A: true for S_j = B_j^2,
    and for S_j = 1 where B_j <= 0 < A), the selected position is a match, the rightmost (leftmost) one. *)
Theorem eq_top_match (n lo cnt : nat) (A : Z) (B Sq : nat -> Z) (K : nat -> bool) (dr : dir) :
  (1 <= cnt)%nat -> (lo + cnt <= n)%nat ->
  (exists t, (t < cnt)%nat /\ K (lo + t)%nat = true /\ B (lo + t)%nat = A) ->
  (forall t, (t < cnt)%nat -> K (lo + t)%nat = true -> B (lo + t)%nat = A -> Sq (lo + t)%nat = (A * A)%Z) ->
  (forall t, (t < cnt)%nat -> (2 * A * B (lo + t)%nat - Sq (lo + t)%nat <= A * A)%Z) ->
  (forall t, (t < cnt)%nat -> B (lo + t)%nat <> A -> (2 * A * B (lo + t)%nat - Sq (lo + t)%nat <= A * A - 1)%Z) ->
  let T := zarg (fun t => ekey1 n A (B (lo + t)%nat) (Sq (lo + t)%nat) (K (lo + t)%nat) dr (lo + t)) cnt in
  K (lo + T)%nat = true /\ B (lo + T)%nat = A /\
  forall t, (t < cnt)%nat -> K (lo + t)%nat = true -> B (lo + t)%nat = A -> t <> T ->
    match dr with RightMost => (t < T)%nat | LeftMost => (T < t)%nat end.
Proof.
intros Hc Hn [t0 [Ht0 [Hk0 Hb0]]] Hsq Hle Hlt T.
destruct (zarg_spec (fun t => ekey1 n A (B (lo + t)%nat) (Sq (lo + t)%nat) (K (lo + t)%nat) dr (lo + t)) cnt Hc) as [HT Hmax].
fold T in HT, Hmax.
set (N := Z.of_nat n).
assert (HN : (1 <= N)%Z) by (unfold N; lia).
assert (HN3 : (N <= N * N * N)%Z) by nia.
assert (Hs : forall t, (t < cnt)%nat -> (Z.abs (tsgn dr * Z.of_nat (S (lo + t))) <= N)%Z)
  by (intros; unfold N; destruct dr; cbn [tsgn]; lia).
assert (Hmatch : K (lo + T)%nat = true /\ B (lo + T)%nat = A).
{ specialize (Hmax t0 Ht0). unfold ekey1 in Hmax. rewrite Hk0 in Hmax. fold N in Hmax.
  pose proof (Hsq t0 Ht0 Hk0 Hb0) as Q0. rewrite Hb0, Q0 in Hmax.
  pose proof (Hs t0 Ht0) as S0. pose proof (Hs T HT) as ST. pose proof (Hle T HT) as LT.
  set (QT := (2 * A * B (lo + T)%nat - Sq (lo + T)%nat)%Z) in *.
  assert (HP : (N * QT <= N * (A * A))%Z) by (apply Z.mul_le_mono_nonneg_l; lia).
  destruct (Z.eq_dec (B (lo + T)%nat) A) as [EB|EB].
  - destruct (K (lo + T)%nat); [split; [reflexivity|exact EB]|]. exfalso. nia.
  - pose proof (Hlt T HT EB) as LT'. assert (HP' : (N * QT <= N * (A * A - 1))%Z) by (apply Z.mul_le_mono_nonneg_l; lia).
    exfalso. destruct (K (lo + T)%nat); nia. }
destruct Hmatch as [HkT HbT]. split; [exact HkT|split; [exact HbT|]].
intros t Ht Hk Hb Hne. specialize (Hmax t Ht). unfold ekey1 in Hmax.
rewrite Hk, Hb, HkT, HbT, (Hsq t Ht Hk Hb), (Hsq T HT HkT HbT) in Hmax.
assert (lo + t <> lo + T)%nat by lia.
destruct dr; cbn [tsgn] in Hmax; lia.
Qed.

(** ** The stored square of an integer, read back through the position embeddings *)

(** Query A_i / n and 1; keys (j + 1)/n and ((j + 1)/n)^2 over every position: scores
    (2 A (j+1) - (j+1)^2)/n^2, largest at j + 1 = max 1 (min A n); the value ((j + 1)/n)^2 there. *)
Definition sq_head (out a one kp1 kp2 : nat) : head := Head out kp2 [((a, kp1), 2); ((one, kp2), -1)] NoMask Average.

Definition sq_top (n : nat) (A : Z) : nat := pred (Z.to_nat (Z.max 1 (Z.min A (Z.of_nat n)))).

Theorem sq_read (n i : nat) (x : stream) (out a one kp1 kp2 : nat) (A : Z) : (i < n)%nat ->
  x i a = IZR A / INR n -> x i one = 1 ->
  (forall j, (j < n)%nat -> x j kp1 = INR (S j) / INR n /\ x j kp2 = (INR (S j) / INR n) ^ 2) ->
  (sq_top n A < n)%nat /\ Z.of_nat (S (sq_top n A)) = Z.max 1 (Z.min A (Z.of_nat n)) /\
  (forall t, (t < n)%nat -> t <> sq_top n A ->
     score (sq_head out a one kp1 kp2) x i t <= score (sq_head out a one kp1 kp2) x i (sq_top n A) - / (2 * INR n ^ 3)) /\
  head_out hard_w n (sq_head out a one kp1 kp2) x i = (INR (S (sq_top n A)) / INR n) ^ 2.
Proof.
intros Hi Ha H1 Hpe.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
set (T := sq_top n A).
assert (HTc : Z.of_nat (S T) = Z.max 1 (Z.min A (Z.of_nat n))).
{ unfold T, sq_top. rewrite Nat.succ_pred_pos by lia. apply Z2Nat.id. lia. }
assert (HT : (T < n)%nat) by lia.
assert (Hs : forall t, (t < n)%nat -> score (sq_head out a one kp1 kp2) x i t =
  IZR (2 * A * Z.of_nat (S t) - Z.of_nat (S t) * Z.of_nat (S t)) / INR n ^ 2).
{ intros t Ht. destruct (Hpe t Ht) as [P1 P2]. unfold score, sq_head. cbn [map lsum fst snd h_terms].
  rewrite Ha, H1, P1, P2. rewrite minus_IZR, !mult_IZR, <- !INR_IZR_INZ. field. lra. }
assert (Hgap : forall t, (t < n)%nat -> t <> T ->
  score (sq_head out a one kp1 kp2) x i t <= score (sq_head out a one kp1 kp2) x i T - / (2 * INR n ^ 3)).
{ intros t Ht Hne. rewrite (Hs t Ht), (Hs T HT).
  assert (HK : (2 * A * Z.of_nat (S t) - Z.of_nat (S t) * Z.of_nat (S t) + 1 <=
                2 * A * Z.of_nat (S T) - Z.of_nat (S T) * Z.of_nat (S T))%Z).
  { rewrite HTc. assert (Z.of_nat (S t) <> Z.of_nat (S T)) by lia. rewrite HTc in H.
    assert (1 <= Z.of_nat (S t) <= Z.of_nat n)%Z by lia.
    destruct (Z.le_gt_cases A 1) as [HA|HA].
    - replace (Z.max 1 (Z.min A (Z.of_nat n))) with 1%Z in * by lia. nia.
    - destruct (Z.le_gt_cases (Z.of_nat n) A) as [HB|HB].
      + replace (Z.max 1 (Z.min A (Z.of_nat n))) with (Z.of_nat n) in * by lia. nia.
      + replace (Z.max 1 (Z.min A (Z.of_nat n))) with A in * by lia. nia. }
  apply IZR_le in HK. rewrite plus_IZR in HK.
  set (P := INR n ^ 2). assert (HP : 0 < P) by (apply pow_lt; lra).
  assert (HP2 : P <= 2 * INR n ^ 3).
  { unfold P. assert (1 <= INR n) by (apply (le_INR 1); lia). assert (0 < INR n ^ 2) by (apply pow_lt; lra).
    replace (2 * INR n ^ 3) with (2 * INR n * INR n ^ 2) by ring. nra. }
  assert (Hinv : / (2 * INR n ^ 3) <= / P) by (apply Rinv_le_contravar; lra).
  unfold Rdiv. assert (0 < / P) by (apply Rinv_0_lt_compat, HP). nra. }
split; [exact HT|split; [exact HTc|split; [exact Hgap|]]].
assert (Hg : 0 < / (2 * INR n ^ 3)) by (apply Rinv_0_lt_compat; assert (0 < INR n ^ 3) by (apply pow_lt; lra); lra).
rewrite (head_out_at n (sq_head out a one kp1 kp2) x i T _ Hg); cbn [sq_head h_mask h_val vis_lo vis_cnt].
- rewrite Nat.add_0_l. apply (Hpe T HT).
- exact HT.
- intros k Hk Hne. apply Hgap; assumption.
Qed.
