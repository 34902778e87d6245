(** * Seed 004, Section 6: S-RASP selectors comparing integers by order, for keys nondecreasing
    with unit steps, through Theorem 26 with weights independent of n.

    S-RASP's [rightmost j with B_j <= A_i] and [leftmost j with B_j >= A_i] ([ord_ok], one
    statement over the direction [dr]; [<] and [>] through A_i - 1 and A_i + 1).  A head's score is
    bilinear in features of i and of j; for keys B nondecreasing in j with steps of at most 1
    ([unit_steps]: positions j + 1, prefix counts of Boolean sequences, [pcount_steps],
    [pos_steps]) the selection is a nearest-value selection toward A_i followed by a check:
    [SRaspIntCompile.XEq] with the stored square B_j^2 and the constant key 1 has scores
    (A_i^2 - (A_i - B_j)^2)/n^2 +- (j + 1)/(2 n^3), and by the discrete intermediate value theorem
    ([unit_steps_hit]) the visible j it selects is the rightmost (leftmost) visible j with B_j <=
    A_i (B_j >= A_i) whenever one exists, and otherwise fails the comparison ([ord_top]).
    [ord_sel]: six operations of [SRaspIntBool]'s fragment (the query A_i + off, the stored square,
    the value and the key at the selected j, the comparison, its flag through [BLe1]);
    [ord_sel_sem]: the flag is [B_sel <= A_i + off] ([A_i + off <= B_sel]), which holds iff some
    visible j satisfies the comparison, and then the value is read at the rightmost (leftmost) such
    j; [ord_sel_brasp_wt]: appended to a well-typed program it is well typed ([ord_prog]);
    [thm26_ord_sel]: after Lemma 9's rounding the softmax network [brasp_net] at every 0 < tau <=
    [brasp_temp] outputs that flag and (when the value is 0/1) that value, for every length n, with
    weights independent of n; [thm26_ord_counts]: an instance with its hypotheses discharged (the
    leftmost j <= i where the count of letter 0 reaches that of letter 1 at i).
    Arbitrary integer keys are not covered (notes/soft-hard.md: a head of this score shape would
    need key features whose number grows with n). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith.
From Quarks Require Import RSum Rounding TransformerModel MatrixModel MatrixCopy MatrixGap.
From Quarks Require Import SRasp SRaspCompile SRaspInt SRaspIntCompile SRaspIntThm SRaspIntBool Dyck DyckSRasp DyckSRaspThm.
Import ListNotations.
Open Scope R_scope.

(** ** Keys nondecreasing with unit steps *)

(** B_j <= B_(j+1) <= B_j + 1 at every position of a run of length n. *)
Definition unit_steps (n : nat) (B : nat -> Z) : Prop := forall j, (S j < n)%nat -> (B j <= B (S j) <= B j + 1)%Z.

Lemma unit_steps_mono (n : nat) (B : nat -> Z) : unit_steps n B ->
  forall j j', (j <= j')%nat -> (j' < n)%nat -> (B j <= B j')%Z.
Proof.
intros H j j' Hle. induction Hle as [|j' Hle IH]; intros Hn; [lia|].
specialize (IH ltac:(lia)). specialize (H j' Hn). lia.
Qed.

(** The discrete intermediate value theorem: B_j <= A <= B_(j+d) is hit between j and j + d. *)
Lemma unit_steps_hit (n : nat) (B : nat -> Z) (A : Z) : unit_steps n B ->
  forall d j, (j + d < n)%nat -> (B j <= A <= B (j + d)%nat)%Z -> exists t, (j <= t <= j + d)%nat /\ B t = A.
Proof.
intros H d. induction d as [|d IH]; intros j Hn HA.
- exists j. rewrite Nat.add_0_r in HA. split; lia.
- destruct (Z.le_gt_cases (B (S j)) A) as [Hle|Hgt].
  + replace (j + S d)%nat with (S j + d)%nat in HA |- * by lia.
    destruct (IH (S j) ltac:(lia) ltac:(lia)) as [t [Ht E]]. exists t. split; [lia|exact E].
  + exists j. specialize (H j ltac:(lia)). split; lia.
Qed.

(** The shifted prefix count sum_(j <= i) (b_j or [j = 0]) of [SRaspIntThm.psum] ([DyckSRasp.psum_count]). *)
Definition pcount (b : nat -> bool) (i : nat) : Z := Z.of_nat (count b (S i) + (if b 0%nat then 0 else 1)).

Lemma pcount_steps (n : nat) (b : nat -> bool) : unit_steps n (pcount b).
Proof. intros j _. unfold pcount. cbn [count]. destruct (b (S j)); lia. Qed.

Lemma pcount_range (b : nat -> bool) (i : nat) : (1 <= pcount b i <= Z.of_nat (S i))%Z.
Proof.
unfold pcount. pose proof (count_le b (S i)). split; [|].
- destruct (b 0%nat) eqn:E; [|lia]. induction i as [|i IH]; cbn [count]; [rewrite E; lia|]. cbn [count] in IH. lia.
- destruct (b 0%nat) eqn:E; [lia|]. assert (count b (S i) <= i)%nat; [|lia].
  clear H. induction i as [|i IH]; cbn [count]; [rewrite E; lia|]. cbn [count] in IH. destruct (b (S i)); lia.
Qed.

(** The position j + 1 is the count of the constant true. *)
Lemma pcount_pos (i : nat) : pcount (fun _ => true) i = Z.of_nat (S i).
Proof. unfold pcount. rewrite count_true. lia. Qed.

Lemma pos_steps (n : nat) : unit_steps n (fun j => Z.of_nat (S j)).
Proof. intros j _. lia. Qed.

(** [psum b c] (as operations of [SRaspIntBool]) ends with [pcount] of a 0/1 sequence, over n. *)
Lemma brun_map_BX (n : nat) (p : list xop) : forall (c : nat) (z : stream), brun n c (map BX p) z = xrun n c p z.
Proof. induction p as [|o p IH]; intros c z; [reflexivity|]. cbn [map brun xrun]. apply IH. Qed.

Lemma pcount_sem (n b c : nat) (z : stream) (bb : nat -> bool) (i : nat) : (b < c)%nat ->
  (forall j, (j <= i)%nat -> z j b = b2r (bb j)) ->
  brun n c (map BX (psum b c)) z i (c + 2)%nat = IZR (pcount bb i) / INR n.
Proof.
intros Hb Hz. rewrite brun_map_BX. replace (c + 2)%nat with (S (S c)) by lia. rewrite psum_sem by exact Hb.
rewrite (psum_count n bb) by (intros t Ht; rewrite Hz by exact Ht; reflexivity).
unfold pcount. rewrite <- INR_IZR_INZ. reflexivity.
Qed.

(** ** The selection: nearest value, then a comparison *)

(** The comparison: B_j <= A (rightmost) or A <= B_j (leftmost). *)
Definition ord_ok (dr : dir) (A Bj : Z) : bool := match dr with RightMost => Z.leb Bj A | LeftMost => Z.leb A Bj end.

(** t lies before the selected T in the direction's order (T is the extreme one). *)
Definition beyond (dr : dir) (t T : nat) : Prop := match dr with RightMost => (t < T)%nat | LeftMost => (T < t)%nat end.

(** Keys of the stored-square selection with the constant key 1: a larger 2 A B - B^2 wins, and so
    does an equal one further in the direction. *)
Lemma ekey1_lt (n : nat) (A B1 B2 : Z) (dr : dir) (j1 j2 : nat) : (j1 < n)%nat -> (j2 < n)%nat ->
  ((2 * A * B1 - B1 * B1 + 1 <= 2 * A * B2 - B2 * B2)%Z \/
   ((2 * A * B1 - B1 * B1 <= 2 * A * B2 - B2 * B2)%Z /\ beyond dr j1 j2)) ->
  (ekey1 n A B1 (B1 * B1) true dr j1 < ekey1 n A B2 (B2 * B2) true dr j2)%Z.
Proof.
intros H1 H2 H. unfold ekey1. cbv iota.
set (N := Z.of_nat n). set (Q1 := (2 * A * B1 - B1 * B1)%Z) in *. set (Q2 := (2 * A * B2 - B2 * B2)%Z) in *.
assert (HN : (0 <= N)%Z) by (unfold N; lia).
assert (Hj : (Z.of_nat (S j1) <= N /\ Z.of_nat (S j2) <= N)%Z) by (unfold N; lia).
destruct H as [H|[H Hb]].
- assert (2 * N * Q1 + 2 * N <= 2 * N * Q2)%Z by nia. destruct dr; cbn [tsgn]; lia.
- assert (2 * N * Q1 <= 2 * N * Q2)%Z by nia. destruct dr; cbn [tsgn beyond] in Hb |- *; lia.
Qed.

(** The position of largest score (A^2 - (A - B_j)^2)/n^2 +- (j + 1)/(2 n^3) over a window of keys
    nondecreasing with unit steps satisfies the comparison whenever some position of the window
    does, and is then the rightmost (leftmost) such. *)
Theorem ord_top (n lo cnt : nat) (A : Z) (B : nat -> Z) (dr : dir) :
  (1 <= cnt)%nat -> (lo + cnt <= n)%nat -> unit_steps n B ->
  let T := zarg (fun t => ekey1 n A (B (lo + t)%nat) (B (lo + t)%nat * B (lo + t)%nat) true dr (lo + t)) cnt in
  (T < cnt)%nat /\
  forall t, (t < cnt)%nat -> ord_ok dr A (B (lo + t)%nat) = true -> ord_ok dr A (B (lo + T)%nat) = true /\ (t <> T -> beyond dr t T).
Proof.
intros Hc Hn Hs T.
destruct (zarg_spec (fun t => ekey1 n A (B (lo + t)%nat) (B (lo + t)%nat * B (lo + t)%nat) true dr (lo + t)) cnt Hc) as [HT Hmax].
fold T in HT, Hmax. split; [exact HT|]. intros t Ht Hok.
assert (Hq1 : forall u, u <> A -> (2 * A * u - u * u + 1 <= 2 * A * A - A * A)%Z).
{ intros u Hu. assert (H1 : (1 <= (A - u) * (A - u))%Z).
  { destruct (proj1 (Z.lt_gt_cases u A) Hu) as [H|H].
    - assert (1 <= A - u)%Z by lia. nia.
    - assert (1 <= u - A)%Z by lia. nia. }
  nia. }
(* a position with B = A beats every position with B <> A *)
assert (Hbeat : forall u, (u < cnt)%nat -> B (lo + u)%nat = A -> B (lo + T)%nat <> A -> False).
{ intros u Hu Hu' HTA. specialize (Hmax u Hu). cbv beta in Hmax.
  assert (Hlt : (ekey1 n A (B (lo + T)%nat) (B (lo + T)%nat * B (lo + T)%nat) true dr (lo + T) <
                 ekey1 n A (B (lo + u)%nat) (B (lo + u)%nat * B (lo + u)%nat) true dr (lo + u))%Z).
  { apply ekey1_lt; [lia|lia|left]. rewrite Hu'. apply Hq1, HTA. }
  lia. }
assert (HokT : ord_ok dr A (B (lo + T)%nat) = true).
{ destruct (ord_ok dr A (B (lo + T)%nat)) eqn:E; [reflexivity|exfalso].
  destruct dr; cbn [ord_ok] in Hok, E; apply Z.leb_le in Hok; apply Z.leb_gt in E.
  - (* B_(lo+T) < A <= B_(lo+t): T < t, and some u in [T, t] has B = A *)
    assert (HTt : (T < t)%nat).
    { destruct (Nat.lt_ge_cases T t) as [H|H]; [exact H|]. pose proof (unit_steps_mono n B Hs (lo + t) (lo + T) ltac:(lia) ltac:(lia)). lia. }
    destruct (unit_steps_hit n B A Hs (t - T) (lo + T) ltac:(lia) ltac:(replace (lo + T + (t - T))%nat with (lo + t)%nat by lia; lia))
      as [u [Hu Eu]].
    apply (Hbeat (u - lo)%nat); [lia|replace (lo + (u - lo))%nat with u by lia; exact Eu|lia].
  - (* B_(lo+t) <= A < B_(lo+T): t < T, and some u in [t, T] has B = A *)
    assert (HTt : (t < T)%nat).
    { destruct (Nat.lt_ge_cases t T) as [H|H]; [exact H|]. pose proof (unit_steps_mono n B Hs (lo + T) (lo + t) ltac:(lia) ltac:(lia)). lia. }
    destruct (unit_steps_hit n B A Hs (T - t) (lo + t) ltac:(lia) ltac:(replace (lo + t + (T - t))%nat with (lo + T)%nat by lia; lia))
      as [u [Hu Eu]].
    apply (Hbeat (u - lo)%nat); [lia|replace (lo + (u - lo))%nat with u by lia; exact Eu|lia]. }
split; [exact HokT|]. intros Hne.
(* a position past T on the comparison's side would score higher *)
specialize (Hmax t Ht). cbv beta in Hmax.
destruct dr; cbn [ord_ok beyond] in Hok, HokT |- *; apply Z.leb_le in Hok; apply Z.leb_le in HokT.
- destruct (Nat.lt_ge_cases T t) as [H|H]; [exact H|exfalso].
  assert (HB : (B (lo + t)%nat <= B (lo + T)%nat)%Z) by (apply (unit_steps_mono n B Hs); lia).
  assert (Hlt : (ekey1 n A (B (lo + T)%nat) (B (lo + T)%nat * B (lo + T)%nat) true LeftMost (lo + T) <
                 ekey1 n A (B (lo + t)%nat) (B (lo + t)%nat * B (lo + t)%nat) true LeftMost (lo + t))%Z).
  { apply ekey1_lt; [lia|lia|right]. split; [nia|cbn [beyond]; lia]. }
  lia.
- destruct (Nat.lt_ge_cases t T) as [H|H]; [exact H|exfalso].
  assert (HB : (B (lo + T)%nat <= B (lo + t)%nat)%Z) by (apply (unit_steps_mono n B Hs); lia).
  assert (Hlt : (ekey1 n A (B (lo + T)%nat) (B (lo + T)%nat * B (lo + T)%nat) true RightMost (lo + T) <
                 ekey1 n A (B (lo + t)%nat) (B (lo + t)%nat * B (lo + t)%nat) true RightMost (lo + t))%Z).
  { apply ekey1_lt; [lia|lia|right]. split; [nia|cbn [beyond]; lia]. }
  lia.
Qed.

(** ** Six operations *)

(** The comparison's integer: B_sel - A' + 1 (rightmost) or A' - B_sel + 1 (leftmost), over n. *)
Definition ord_lin (dr : dir) (a bs one : nat) : list (nat * Z) :=
  match dr with
  | RightMost => [(bs, 1%Z); (a, (-1)%Z); (one, 1%Z)]
  | LeftMost => [(a, 1%Z); (bs, (-1)%Z); (one, 1%Z)]
  end.

(** Written at c .. c + 5 in a program over k letters (coordinate k is 1, k + 3 is 1/n): the query
    A' = A + off (c), the stored square of B (c + 1), the value v (c + 2) and B (c + 3) at the
    selected j, the comparison (c + 4) and its flag (c + 5). *)
Definition ord_sel (k c : nat) (m : mask) (dr : dir) (off : Z) (a b v : nat) : list bop :=
  [BX (XLinZ [(a, 1%Z); ((k + 3)%nat, off)]); BX (XSq b); BX (XEq m dr c b (S c) k v); BX (XEq m dr c b (S c) k b);
   BX (XLinZ (ord_lin dr c (S (S (S c))) (k + 3))); BLe1 (S (S (S (S c))))].

Lemma ord_lin_sem (dr : dir) (n a bs one : nat) (y : nat -> R) (A Bs : Z) : (0 < n)%nat ->
  y a = IZR A / INR n -> y bs = IZR Bs / INR n -> y one = / INR n ->
  lin (zlin (ord_lin dr a bs one)) y =
  IZR (match dr with RightMost => Bs - A + 1 | LeftMost => A - Bs + 1 end) / INR n.
Proof.
intros Hn Ha Hb Ho. assert (0 < INR n) by (apply lt_0_INR, Hn).
destruct dr; unfold lin, zlin, ord_lin; cbn [map lsum fst snd]; rewrite Ha, Hb, Ho; rewrite !plus_IZR, minus_IZR; field; lra.
Qed.

(** The run of the six operations: the flag holds iff some visible j satisfies the comparison, and
    then the value is read at the rightmost (leftmost) such j. *)
Theorem ord_sel_sem (k n c : nat) (m : mask) (dr : dir) (off : Z) (a b v : nat) (z : stream) (A B : nat -> Z) (i : nat) :
  (i < n)%nat -> (a < c)%nat -> (b < c)%nat -> (v < c)%nat -> (k + 3 < c)%nat ->
  (forall j, (j < n)%nat -> z j a = IZR (A j) / INR n /\ z j b = IZR (B j) / INR n /\ z j k = 1 /\ z j (k + 3)%nat = / INR n) ->
  unit_steps n B -> (forall j, (j < n)%nat -> (1 <= B j <= Z.of_nat n)%Z) ->
  exists T, (T < vis_cnt m n i)%nat /\
    brun n c (ord_sel k c m dr off a b v) z i (c + 2)%nat = z (vis_lo m i + T)%nat v /\
    brun n c (ord_sel k c m dr off a b v) z i (c + 5)%nat = b2r (ord_ok dr (A i + off) (B (vis_lo m i + T)%nat)) /\
    forall t, (t < vis_cnt m n i)%nat -> ord_ok dr (A i + off) (B (vis_lo m i + t)%nat) = true ->
      ord_ok dr (A i + off) (B (vis_lo m i + T)%nat) = true /\ (t <> T -> beyond dr t T).
Proof.
intros Hi Ha Hb Hv Hk Hz Hs HB.
assert (Hn : (0 < n)%nat) by lia. assert (HN : 0 < INR n) by (apply lt_0_INR, Hn).
set (lo := vis_lo m i). set (cnt := vis_cnt m n i).
assert (Hc : (1 <= cnt)%nat) by (apply vis_pos, Hi).
assert (Hlo : (lo + cnt <= n)%nat) by (pose proof (vis_range m n i (pred cnt) Hi ltac:(unfold cnt; lia)); fold lo in H; lia).
set (A' := (A i + off)%Z).
(* the streams after each operation *)
set (z1 := upd z c (bsem n (BX (XLinZ [(a, 1%Z); ((k + 3)%nat, off)])) z)).
set (z2 := upd z1 (S c) (bsem n (BX (XSq b)) z1)).
set (z3 := upd z2 (S (S c)) (bsem n (BX (XEq m dr c b (S c) k v)) z2)).
set (z4 := upd z3 (S (S (S c))) (bsem n (BX (XEq m dr c b (S c) k b)) z3)).
set (z5 := upd z4 (S (S (S (S c)))) (bsem n (BX (XLinZ (ord_lin dr c (S (S (S c))) (k + 3)))) z4)).
assert (Erun : brun n c (ord_sel k c m dr off a b v) z = upd z5 (S (S (S (S (S c))))) (bsem n (BLe1 (S (S (S (S c))))) z5))
  by reflexivity.
assert (Z1 : forall j x, (x < c)%nat -> z1 j x = z j x) by (intros; unfold z1; apply upd_ne; lia).
assert (Z2 : forall j x, (x < S c)%nat -> z2 j x = z1 j x) by (intros; unfold z2; apply upd_ne; lia).
assert (Z3 : forall j x, (x < S (S c))%nat -> z3 j x = z2 j x) by (intros; unfold z3; apply upd_ne; lia).
assert (Z4 : forall j x, (x < S (S (S c)))%nat -> z4 j x = z3 j x) by (intros; unfold z4; apply upd_ne; lia).
assert (V0 : z1 i c = IZR A' / INR n).
{ unfold z1. rewrite upd_eq. cbn [bsem xsem sop_sem]. unfold lin, zlin. cbn [map lsum fst snd].
  destruct (Hz i Hi) as (P1 & _ & _ & P4). rewrite P1, P4. unfold A'. rewrite plus_IZR. field. lra. }
assert (V1 : forall j, (j < n)%nat -> z2 j (S c) = IZR (B j * B j) / INR n ^ 2).
{ intros j Hj. unfold z2. rewrite upd_eq. cbn [bsem xsem]. rewrite Z1 by lia. destruct (Hz j Hj) as (_ & P2 & _).
  rewrite P2, clamp_div by exact Hn. specialize (HB j Hj). replace (Z.max 1 (Z.min (B j) (Z.of_nat n))) with (B j) by lia.
  rewrite mult_IZR. field. lra. }
(* the selection at z2 and at z3 is ord_top's position *)
set (T := zarg (fun t => ekey1 n A' (B (lo + t)%nat) (B (lo + t)%nat * B (lo + t)%nat) true dr (lo + t)) cnt).
assert (Hsel : forall y : stream, (forall j x, (x < S (S c))%nat -> y j x = z2 j x) ->
  rarg (fun t => escore n dr c b (S c) k y i (lo + t)) cnt = T).
{ intros y Hy. apply (rarg_zarg _ _ (2 * INR n ^ 3)); [assert (0 < INR n ^ 3) by (apply pow_lt, HN); lra|].
  intros t Ht. assert (Hj : (lo + t < n)%nat) by lia. destruct (Hz (lo + t)%nat Hj) as (_ & P2 & P3 & _).
  apply escore_grid; [exact Hn| | | |].
  - rewrite Hy, Z2 by lia. exact V0.
  - rewrite Hy, Z2, Z1 by lia. exact P2.
  - rewrite Hy by lia. apply V1, Hj.
  - rewrite Hy, Z2, Z1 by lia. exact P3. }
destruct (ord_top n lo cnt A' B dr Hc Hlo Hs) as [HT Hext]. fold T in HT, Hext.
exists T. split; [exact HT|split; [|split; [|exact Hext]]].
- rewrite Erun. replace (c + 2)%nat with (S (S c)) by lia. unfold z5, z4. rewrite !upd_ne by lia. unfold z3. rewrite upd_eq.
  cbn [bsem xsem]. fold lo cnt. rewrite (Hsel z2) by (intros; reflexivity). rewrite Z2, Z1 by lia. reflexivity.
- rewrite Erun. replace (c + 5)%nat with (S (S (S (S (S c))))) by lia. rewrite upd_eq. cbn [bsem]. unfold z5. rewrite upd_eq.
  cbn [bsem xsem sop_sem]. rewrite Rplus_0_r.
  rewrite (ord_lin_sem dr n c (S (S (S c))) (k + 3) (z4 i) A' (B (lo + T)%nat) Hn).
  + rewrite le1_int by exact Hn. f_equal. destruct dr; cbn [ord_ok];
    destruct (Z.leb_spec (B (lo + T)%nat) A'); destruct (Z.leb_spec A' (B (lo + T)%nat)); 
    first [destruct (Z.leb_spec (B (lo + T)%nat - A' + 1) 1) | destruct (Z.leb_spec (A' - B (lo + T)%nat + 1) 1)]; (reflexivity || lia).
  + rewrite Z4, Z3, Z2 by lia. exact V0.
  + unfold z4. rewrite upd_eq. cbn [bsem xsem]. fold lo cnt. rewrite (Hsel z3) by exact Z3.
    assert (Hj : (lo + T < n)%nat) by lia. rewrite Z3, Z2, Z1 by lia. apply (Hz _ Hj).
  + rewrite Z4, Z3, Z2, Z1 by lia. apply (Hz i Hi).
Qed.

(** ** Types *)

Lemma xis_app (xs l : list xty) (t : xty) (a : nat) : xis xs t a = true -> xis (xs ++ l) t a = true.
Proof.
intros H. destruct (xis_spec _ _ _ H) as [Hl Ht]. unfold xis. apply andb_true_iff. split.
- apply Nat.ltb_lt. rewrite app_length. lia.
- rewrite app_nth1 by exact Hl. rewrite Ht. destruct t; reflexivity.
Qed.

Lemma xis_last (xs : list xty) (t : xty) (a : nat) : a = length xs -> xis (xs ++ [t]) t a = true.
Proof.
intros ->. unfold xis. apply andb_true_iff. split.
- apply Nat.ltb_lt. rewrite app_length. simpl. lia.
- rewrite nth_middle. destruct t; reflexivity.
Qed.

Lemma bwt_app (p q : list bop) : forall xtys : list xty, bwt xtys (p ++ q) = bwt xtys p && bwt (bout_tys xtys p) q.
Proof. induction p as [|o p IH]; intros xtys; [reflexivity|]. cbn [app bwt bout_tys]. rewrite IH, andb_assoc. reflexivity. Qed.

Ltac xis_tac := first [apply xis_last; rewrite ?app_length; cbn [length]; lia | apply xis_app; xis_tac | assumption].

(** The six operations are well typed after any sequences with A, B integer and 1, 1/n at k, k + 3. *)
Lemma ord_sel_wt (k : nat) (xtys : list xty) (m : mask) (dr : dir) (off : Z) (a b v : nat) :
  xis xtys XI a = true -> xis xtys XI b = true -> (v < length xtys)%nat -> xis xtys XB k = true -> xis xtys XI (k + 3) = true ->
  bwt xtys (ord_sel k (length xtys) m dr off a b v) = true.
Proof.
intros Ha Hb Hv Hk Hk3. destruct (xis_spec _ _ _ Hb) as [Hbl Hbt].
destruct dr; unfold ord_sel; cbn [bwt bop_ok bop_ty xop_ok xop_ty forallb ord_lin fst];
set (tv := match nth v ((xtys ++ [XI]) ++ [XS]) XR with XB => XB | XI => XI | XS => XS | _ => XR end);
(assert (Eb : nth b (((xtys ++ [XI]) ++ [XS]) ++ [tv]) XR = XI) by (rewrite !app_nth1 by (rewrite ?app_length; cbn [length]; lia); exact Hbt));
rewrite Eb; repeat rewrite andb_true_iff; repeat split; try reflexivity; try xis_tac;
apply Nat.ltb_lt; rewrite !app_length; cbn [length]; lia.
Qed.

(** The six operations appended to a program [pre], written at c = k + 8 + |pre| .. c + 5. *)
Definition ord_prog (K : nat) (pre : list bop) (m : mask) (dr : dir) (off : Z) (a b v : nat) : list bop :=
  pre ++ ord_sel K (K + 8 + length pre) m dr off a b v.

(** Appended to a well-typed program of [SRaspIntBool] where a and b are integer sequences. *)
Lemma ord_sel_brasp_wt (K : nat) (pre : list bop) (m : mask) (dr : dir) (off : Z) (a b v : nat) :
  brasp_wt K pre = true -> brasp_ty K pre a = XI -> brasp_ty K pre b = XI -> (v < K + 8 + length pre)%nat ->
  brasp_wt K (ord_prog K pre m dr off a b v) = true.
Proof.
intros Hwt Ha Hb Hv. unfold brasp_wt, ord_prog in *. rewrite bwt_app, Hwt. cbn [andb].
assert (HL : length (bout_tys (bin_tys K) pre) = (K + 8 + length pre)%nat) by (rewrite bout_tys_length, bin_tys_length; reflexivity).
assert (Hxi : forall x, brasp_ty K pre x = XI -> xis (bout_tys (bin_tys K) pre) XI x = true).
{ intros x Hx. unfold xis. unfold brasp_ty in Hx. destruct (Nat.ltb_spec x (length (bout_tys (bin_tys K) pre))) as [H|H].
  - rewrite Hx. reflexivity.
  - rewrite nth_overflow in Hx by exact H. discriminate. }
assert (Hin : forall x t, (x < K + 8)%nat -> nth x (bin_tys K) XR = t -> xis (bout_tys (bin_tys K) pre) t x = true).
{ intros x t Hx Ht. assert (Hb0 : xis (bin_tys K) t x = true).
  { unfold xis. rewrite bin_tys_length, Ht. apply andb_true_iff. split; [apply Nat.ltb_lt, Hx|destruct t; reflexivity]. }
  generalize (bin_tys K) Hb0. clear. induction pre as [|o p IH]; intros xtys H; [exact H|].
  cbn [bout_tys]. apply IH, xis_app, H. }
rewrite <- HL. apply ord_sel_wt.
- apply Hxi, Ha.
- apply Hxi, Hb.
- lia.
- apply Hin; [lia|]. unfold bin_tys, xin_tys. rewrite <- app_assoc, app_nth2; rewrite repeat_length; [|lia]. rewrite Nat.sub_diag. reflexivity.
- apply Hin; [lia|]. unfold bin_tys, xin_tys. rewrite <- app_assoc, app_nth2; rewrite repeat_length; [|lia].
  replace (K + 3 - K)%nat with 3%nat by lia. reflexivity.
Qed.

(** ** Through Theorem 26 *)

Lemma brun_app (n : nat) (p q : list bop) : forall (c : nat) (z : stream), brun n c (p ++ q) z = brun n (c + length p) q (brun n c p z).
Proof.
induction p as [|o p IH]; intros c z; cbn [app brun length]; [rewrite Nat.add_0_r; reflexivity|].
rewrite IH. replace (c + S (length p))%nat with (S c + length p)%nat by lia. reflexivity.
Qed.

(** For a well-typed program [pre] whose run has integer sequences A (at a) and B (at b), B
    nondecreasing with unit steps and 1 <= B_j <= n (a position, or a prefix count as [psum] writes
    it: [pos_steps], [pcount_steps], [pcount_range], [pcount_sem]): for every length n, word w and
    i < n, after Lemma 9's rounding the softmax network [brasp_net] of [ord_prog] (weights
    independent of n) at every 0 < tau <= [brasp_temp] outputs at c + 5 the flag [B_sel <= A_i +
    off] ([A_i + off <= B_sel]), which holds iff some visible j has B_j <= A_i + off (B_j >= A_i +
    off), and at c + 2 (when it is 0/1) the value v at the rightmost (leftmost) such j. *)
Theorem thm26_ord_sel (K n : nat) (pre : list bop) (m : mask) (dr : dir) (off : Z) (a b v : nat) (w : list nat)
  (A B : nat -> Z) (tau : R) (i : nat) :
  brasp_wt K pre = true -> brasp_ty K pre a = XI -> brasp_ty K pre b = XI -> (v < K + 8 + length pre)%nat ->
  (forall j, (j < n)%nat -> brasp_run K n pre w j a = IZR (A j) / INR n /\ brasp_run K n pre w j b = IZR (B j) / INR n) ->
  unit_steps n B -> (forall j, (j < n)%nat -> (1 <= B j <= Z.of_nat n)%Z) ->
  0 < tau -> tau <= brasp_temp K n (ord_prog K pre m dr off a b v) (/ 4) -> (i < n)%nat ->
  exists T, (T < vis_cnt m n i)%nat /\
    round01 (msoft_run tau (bwidth K (ord_prog K pre m dr off a b v)) n (brasp_net K (ord_prog K pre m dr off a b v))
      (xinput K n w) i (K + 8 + length pre + 5)%nat) = b2r (ord_ok dr (A i + off) (B (vis_lo m i + T)%nat)) /\
    (is01 (brasp_run K n pre w (vis_lo m i + T)%nat v) ->
       round01 (msoft_run tau (bwidth K (ord_prog K pre m dr off a b v)) n (brasp_net K (ord_prog K pre m dr off a b v))
         (xinput K n w) i (K + 8 + length pre + 2)%nat) = brasp_run K n pre w (vis_lo m i + T)%nat v) /\
    (forall t, (t < vis_cnt m n i)%nat -> ord_ok dr (A i + off) (B (vis_lo m i + t)%nat) = true ->
      ord_ok dr (A i + off) (B (vis_lo m i + T)%nat) = true /\ (t <> T -> beyond dr t T)).
Proof.
intros Hwt Ha Hb Hv HAB Hs HB Htau Hle Hi.
set (c := (K + 8 + length pre)%nat). set (p := ord_prog K pre m dr off a b v) in *.
assert (Hwt' : brasp_wt K p = true) by (apply ord_sel_brasp_wt; assumption).
assert (Hlt : forall x, brasp_ty K pre x = XI -> (x < c)%nat).
{ intros x Hx. unfold brasp_ty in Hx. destruct (Nat.lt_ge_cases x (length (bout_tys (bin_tys K) pre))) as [H|H].
  - rewrite bout_tys_length, bin_tys_length in H. exact H.
  - rewrite nth_overflow in Hx by exact H. discriminate. }
assert (Erun : brasp_run K n p w = brun n c (ord_sel K c m dr off a b v) (brasp_run K n pre w))
  by (unfold brasp_run, p, ord_prog; rewrite brun_app; reflexivity).
assert (Hin : forall j x, (x < K + 8)%nat -> brasp_run K n pre w j x = binput K n w j x)
  by (intros; unfold brasp_run; apply brun_below; lia).
assert (Hz : forall j, (j < n)%nat -> brasp_run K n pre w j a = IZR (A j) / INR n /\ brasp_run K n pre w j b = IZR (B j) / INR n /\
  brasp_run K n pre w j K = 1 /\ brasp_run K n pre w j (K + 3)%nat = / INR n).
{ intros j Hj. destruct (HAB j Hj) as [P1 P2]. split; [exact P1|split; [exact P2|split]].
  - rewrite Hin by lia. unfold binput. rewrite upd_ne by lia. pose proof (xinput_pe K n w j 0) as E. rewrite Nat.add_0_r in E.
    rewrite E. reflexivity.
  - rewrite Hin by lia. unfold binput. rewrite upd_ne by lia. rewrite xinput_pe. reflexivity. }
destruct (ord_sel_sem K n c m dr off a b v (brasp_run K n pre w) A B i Hi (Hlt a Ha) (Hlt b Hb) Hv ltac:(unfold c; lia) Hz Hs HB)
  as [T [HT [Hval [Hflag Hext]]]].
assert (Hw : forall d, (d < 6)%nat -> (c + d < bwidth K p)%nat)
  by (intros d Hd; unfold bwidth, p, ord_prog; rewrite app_length; cbn [length ord_sel]; unfold c; lia).
exists T. split; [exact HT|split; [|split; [|exact Hext]]].
- rewrite <- Hflag, <- Erun. apply thm26_brasp_01; [exact Hwt'|apply Hw; lia| |exact Htau|exact Hle|exact Hi].
  rewrite Erun, Hflag. apply b2r_01.
- intros H01. rewrite <- Hval, <- Erun. apply thm26_brasp_01; [exact Hwt'|apply Hw; lia| |exact Htau|exact Hle|exact Hi].
  rewrite Erun, Hval. exact H01.
Qed.

(** ** An instance: the leftmost position where the count of letter 0 reaches that of letter 1 *)

(** Over K >= 2 letters: the shifted counts of letters 0 (at K + 10) and 1 (at K + 13) by [psum]. *)
Definition cnt_pre (K : nat) : list bop := map BX (psum 0 (K + 8) ++ psum 1 (K + 11)).

Definition cnt01 (w : list nat) (a : nat) (j : nat) : Z := pcount (fun t => Nat.eqb (letter w t) a) j.

Lemma cnt_pre_wt (K : nat) : (2 <= K)%nat -> brasp_wt K (cnt_pre K) = true.
Proof.
intros HK. assert (Hl : forall a, (a < K)%nat -> xis (bin_tys K) XB a = true).
{ intros a Ha. unfold xis. rewrite bin_tys_length. apply andb_true_iff. split; [apply Nat.ltb_lt; lia|].
  unfold bin_tys, xin_tys. rewrite <- app_assoc, app_nth1 by (rewrite repeat_length; exact Ha).
  rewrite (repeat_spec K XB (nth a (repeat XB K) XR)); [reflexivity|]. apply nth_In. rewrite repeat_length. exact Ha. }
pose proof (Hl 0%nat ltac:(lia)) as H0. pose proof (Hl 1%nat ltac:(lia)) as H1.
assert (E : (K + 8)%nat = length (bin_tys K)) by (rewrite bin_tys_length; reflexivity).
unfold brasp_wt, cnt_pre, psum. rewrite E. cbn [app map bwt bop_ok bop_ty xop_ok xop_ty].
repeat rewrite andb_true_iff; repeat split; xis_tac.
Qed.

Lemma cnt_pre_ty (K : nat) (d : nat) : (d < 6)%nat ->
  brasp_ty K (cnt_pre K) (K + 8 + d) = nth d [XC; XA; XI; XC; XA; XI] XR.
Proof.
intros Hd. unfold brasp_ty, cnt_pre, psum. cbn [app map bout_tys bop_ty xop_ty].
rewrite <- !app_assoc. cbn [app]. rewrite app_nth2 by (rewrite bin_tys_length; lia). rewrite bin_tys_length.
replace (K + 8 + d - (K + 8))%nat with d by lia. reflexivity.
Qed.

Lemma cnt_pre_run (K n : nat) (w : list nat) (j : nat) : (2 <= K)%nat ->
  brasp_run K n (cnt_pre K) w j (K + 10)%nat = IZR (cnt01 w 0 j) / INR n /\
  brasp_run K n (cnt_pre K) w j (K + 13)%nat = IZR (cnt01 w 1 j) / INR n.
Proof.
intros HK.
assert (Hlet : forall t a, (a < K)%nat -> binput K n w t a = b2r (Nat.eqb (letter w t) a)).
{ intros t a Ha. unfold binput. rewrite upd_ne by lia. unfold xinput, word_input, embed.
  replace (a <? K)%nat with true by (symmetry; apply Nat.ltb_lt, Ha). reflexivity. }
unfold brasp_run, cnt_pre. rewrite map_app, brun_app. cbn [length map psum]. replace (K + 8 + 3)%nat with (K + 11)%nat by lia. split.
- rewrite brun_below by lia. replace (K + 10)%nat with (K + 8 + 2)%nat by lia. apply pcount_sem; [lia|]. intros t _. apply Hlet. lia.
- replace (K + 13)%nat with (K + 11 + 2)%nat by lia. apply pcount_sem; [lia|]. intros t _. rewrite brun_below by lia. apply Hlet. lia.
Qed.

(** For every K >= 2, length n, word w and i < n, the softmax network of [ord_prog] at every
    0 < tau <= [brasp_temp] outputs, after rounding, the flag [some j <= i has c0(j) >= c1(i)] for the
    shifted counts c0, c1 of letters 0 and 1, and [w_T = 0] at the leftmost such T. *)
Theorem thm26_ord_counts (K n : nat) (w : list nat) (tau : R) (i : nat) : (2 <= K)%nat ->
  0 < tau -> tau <= brasp_temp K n (ord_prog K (cnt_pre K) Future LeftMost 0 (K + 13) (K + 10) 0) (/ 4) -> (i < n)%nat ->
  exists T, (T <= i)%nat /\
    round01 (msoft_run tau (bwidth K (ord_prog K (cnt_pre K) Future LeftMost 0 (K + 13) (K + 10) 0)) n
      (brasp_net K (ord_prog K (cnt_pre K) Future LeftMost 0 (K + 13) (K + 10) 0)) (xinput K n w) i (K + 19)%nat)
      = b2r (Z.leb (cnt01 w 1 i) (cnt01 w 0 T)) /\
    round01 (msoft_run tau (bwidth K (ord_prog K (cnt_pre K) Future LeftMost 0 (K + 13) (K + 10) 0)) n
      (brasp_net K (ord_prog K (cnt_pre K) Future LeftMost 0 (K + 13) (K + 10) 0)) (xinput K n w) i (K + 16)%nat)
      = b2r (Nat.eqb (letter w T) 0) /\
    (forall t, (t <= i)%nat -> (cnt01 w 1 i <= cnt01 w 0 t)%Z -> (cnt01 w 1 i <= cnt01 w 0 T)%Z /\ (t <> T -> (T < t)%nat)).
Proof.
intros HK Htau Hle Hi.
destruct (thm26_ord_sel K n (cnt_pre K) Future LeftMost 0 (K + 13) (K + 10) 0 w (cnt01 w 1) (cnt01 w 0) tau i (cnt_pre_wt K HK))
  as [T [HT [Hflag [Hval Hext]]]].
- replace (K + 13)%nat with (K + 8 + 5)%nat by lia. rewrite cnt_pre_ty by lia. reflexivity.
- replace (K + 10)%nat with (K + 8 + 2)%nat by lia. rewrite cnt_pre_ty by lia. reflexivity.
- cbn [length cnt_pre map psum app]. lia.
- intros j _. destruct (cnt_pre_run K n w j HK) as [P1 P2]. split; [exact P2|exact P1].
- apply pcount_steps.
- intros j Hj. pose proof (pcount_range (fun t => Nat.eqb (letter w t) 0) j). unfold cnt01. lia.
- exact Htau.
- exact Hle.
- exact Hi.
- cbn [vis_lo vis_cnt] in HT, Hflag, Hval, Hext. rewrite Nat.add_0_l in Hflag, Hval, Hext.
  assert (Hlen : length (cnt_pre K) = 6%nat) by reflexivity. rewrite Hlen in Hflag, Hval.
  replace (K + 8 + 6 + 5)%nat with (K + 19)%nat in Hflag by lia. replace (K + 8 + 6 + 2)%nat with (K + 16)%nat in Hval by lia.
  assert (Hv : brasp_run K n (cnt_pre K) w T 0%nat = b2r (Nat.eqb (letter w T) 0)).
  { unfold brasp_run. rewrite brun_below by lia. unfold binput. rewrite upd_ne by lia. unfold xinput, word_input, embed.
    replace (0 <? K)%nat with true by (symmetry; apply Nat.ltb_lt; lia). reflexivity. }
  exists T. split; [lia|split; [|split]].
  + rewrite Hflag. rewrite Z.add_0_r. reflexivity.
  + rewrite Hval, Hv; [reflexivity|]. rewrite Hv. apply b2r_01.
  + intros t Ht Hc. rewrite Z.add_0_r in Hext. destruct (Hext t ltac:(lia) ltac:(apply Z.leb_le, Hc)) as [H1 H2].
    split; [apply Z.leb_le, H1|exact H2].
Qed.
