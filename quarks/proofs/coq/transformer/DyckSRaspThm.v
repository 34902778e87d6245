(** * Seed 004, Appendix E: the program [DyckSRasp.dyck_prog] computes Dyck.v's program, and its
    network recognizes Dyck-k for every k and every length.

    Sequence by sequence ([F_*]): the codes, open/close, the counts, the depth d_i = [Dyck.dep],
    the query depth D_i = [Dyck.qdep], the selection ([dsel]: the position of largest key; when
    D_i >= 1 and some j <= i has w_j open and d_j = D_i, it is Dyck.v's [sel], [dsel_sel]), the
    error flag ([bad_err]: bad_i = [err_i <> 0]), any error up to i, and the output
    ([dyck_prog_out]: [Dyck.out]).  [dyck_srasp_correct]: for every k, n >= 1, word w of length n
    over the 2k letters and i < n, the softmax network [brasp_net (k + k) (dyck_prog k)] at every 0
    < tau <= [brasp_temp] outputs, after Lemma 9's rounding, 1 iff w_0 .. w_i is in Dyck-k. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith.
From Quarks Require Import RSum Rounding TransformerModel MatrixModel MatrixCopy MatrixGap.
From Quarks Require Import SRasp SRaspCompile SRaspInt SRaspIntCompile SRaspIntBool Dyck DyckSRasp.
Import ListNotations.
Open Scope R_scope.

Ltac fat m := rewrite (F_at _ _ _ m) by lia; cbn [nth dyck_prog bsem xsem sop_sem Nat.sub].

Lemma b2r_01 (b : bool) : is01 (b2r b).
Proof. destruct b; [right|left]; reflexivity. Qed.

Lemma isone_b2r (b : bool) : isone (b2r b) = b.
Proof. unfold isone, b2r. destruct b; destruct (Req_EM_T _ 1); (reflexivity || lra). Qed.

Lemma F_ocode (k n : nat) (w : list nat) (i : nat) : dyck_run k n w i (k + k + 8)%nat = IZR (ocode k (letter w i)) / INR n.
Proof.
fat 8%nat. replace (map (fun t => (t, Z.of_nat (S t))) (seq 0 k)) with (map (fun t => ((0 + t)%nat, Z.of_nat (S t))) (seq 0 k)) by reflexivity.
rewrite (lin_code 0 k (letter w i)). 2: { intros t Ht. apply F_letter. lia. }
unfold ocode. replace ((0 <=? letter w i) && (letter w i <? 0 + k))%nat with (letter w i <? k)%nat by reflexivity.
rewrite Nat.sub_0_r. reflexivity.
Qed.

Lemma F_ccode (k n : nat) (w : list nat) (i : nat) : dyck_run k n w i (k + k + 9)%nat = IZR (ccode k (letter w i)) / INR n.
Proof.
fat 9%nat. rewrite (lin_code k k (letter w i)). 2: { intros t Ht. apply F_letter. lia. }
reflexivity.
Qed.

Lemma F_open (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 11)%nat = b2r (is_open k (letter w i)).
Proof.
intros Hn. fat 11%nat. fat 10%nat. unfold lin, zlin. cbn [map lsum fst snd]. rewrite F_ocode, F_invn.
replace (IZR (-1) * (IZR (ocode k (letter w i)) / INR n) + (IZR 2 * / INR n + 0) + 0) with (IZR (2 - ocode k (letter w i)) / INR n)
  by (rewrite minus_IZR; field; apply not_0_INR; lia).
rewrite le1_int by exact Hn. f_equal. unfold ocode, is_open. destruct (letter w i <? k)%nat; [apply Z.leb_le; lia|apply Z.leb_gt; lia].
Qed.

Lemma F_close (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 12)%nat = b2r (close_b k w i).
Proof. intros Hn. fat 12%nat. rewrite F_open by exact Hn. unfold close_b, b2r. destruct (is_open k (letter w i)); simpl; ring. Qed.

Lemma count_true (m : nat) : count (fun _ => true) m = m.
Proof. induction m as [|m IH]; simpl; [reflexivity|lia]. Qed.

Lemma F_lcount (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat ->
  dyck_run k n w i (k + k + 15)%nat = INR (count (fun j => is_open k (letter w j)) (S i) + (if is_open k (letter w 0) then 0 else 1)) / INR n.
Proof.
intros Hn. fat 15%nat. fat 14%nat. cbn [vis_lo vis_cnt].
rewrite (psum_count n (fun j => is_open k (letter w j))).
- assert (0 < INR (S i)) by (apply lt_0_INR; lia). field. split; [apply not_0_INR; lia|lra].
- intros t Ht. rewrite Nat.add_0_l. fat 13%nat. rewrite F_open by exact Hn. reflexivity.
Qed.

Lemma F_pos (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 18)%nat = INR (S i) / INR n.
Proof.
intros Hn. fat 18%nat. fat 17%nat. cbn [vis_lo vis_cnt].
rewrite (psum_count n (fun _ => true)).
- rewrite count_true, Nat.add_0_r. assert (0 < INR (S i)) by (apply lt_0_INR; lia). field. split; [apply not_0_INR; lia|lra].
- intros t Ht. rewrite Nat.add_0_l. fat 16%nat. rewrite F_one. reflexivity.
Qed.

Lemma F_close0 (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 20)%nat = b2r (close_b k w 0) / INR n.
Proof.
intros Hn. fat 20%nat. fat 19%nat. cbn [vis_lo vis_cnt sel_top]. rewrite lfind_first.
- rewrite Nat.add_0_l, F_close by exact Hn. reflexivity.
- unfold sel_pred. rewrite !F_one. unfold isone. destruct (Req_EM_T 1 1); [reflexivity|lra].
Qed.

Lemma F_dep (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 21)%nat = IZR (dep k w i) / INR n.
Proof.
intros Hn. fat 21%nat. unfold lin, zlin. cbn [map lsum fst snd]. rewrite F_lcount, F_pos, F_close0 by exact Hn.
unfold dep, depth. pose proof (count_split (fun j => is_open k (letter w j)) (S i)) as Hs.
change (count (fun j => negb (is_open k (letter w j))) (S i)) with (count (close_b k w) (S i)) in Hs.
assert (HS : INR (S i) = INR (count (fun j => is_open k (letter w j)) (S i)) + INR (count (close_b k w) (S i)))
  by (rewrite <- plus_INR; f_equal; symmetry; exact Hs).
rewrite HS. rewrite minus_IZR, <- !INR_IZR_INZ. rewrite plus_INR. unfold close_b, b2r.
assert (0 < INR n) by (apply lt_0_INR, Hn).
destruct (is_open k (letter w 0)); simpl; field; lra.
Qed.

Lemma F_qdep (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 23)%nat = IZR (qdep k w i) / INR n.
Proof.
intros Hn. fat 23%nat. unfold lin, zlin. cbn [map lsum fst snd]. fat 22%nat. rewrite F_dep, F_close by exact Hn.
unfold qdep, b2r. rewrite plus_IZR. destruct (close_b k w i); simpl; field; apply not_0_INR; lia.
Qed.

(** The stored square max(1, min(d, n))^2. *)
Definition sqc (n : nat) (A : Z) : Z := (Z.max 1 (Z.min A (Z.of_nat n)) * Z.max 1 (Z.min A (Z.of_nat n)))%Z.

Lemma F_sq (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 24)%nat = IZR (sqc n (dep k w i)) / INR n ^ 2.
Proof.
intros Hn. fat 24%nat. rewrite F_dep, clamp_div by exact Hn. unfold sqc. rewrite mult_IZR. field. apply not_0_INR; lia.
Qed.

(** The position the selection reads. *)
Definition dkey (k n : nat) (w : list nat) (i t : nat) : Z :=
  ekey1 n (qdep k w i) (dep k w t) (sqc n (dep k w t)) (is_open k (letter w t)) RightMost t.

Definition dsel (k n : nat) (w : list nat) (i : nat) : nat := zarg (dkey k n w i) (S i).

Lemma F_selv (k n : nat) (w : list nat) (i v : nat) : (0 < n)%nat ->
  rarg (fun t => escore n RightMost (k + k + 23) (k + k + 21) (k + k + 24) (k + k + 11) (dyck_run k n w) i (0 + t)) (S i) = dsel k n w i.
Proof.
intros Hn. unfold dsel. apply (rarg_zarg _ _ (2 * INR n ^ 3)).
- assert (0 < INR n ^ 3) by (apply pow_lt, lt_0_INR, Hn). lra.
- intros t Ht. rewrite Nat.add_0_l. apply escore_grid; [exact Hn|apply F_qdep, Hn|apply F_dep, Hn|apply F_sq, Hn|].
  rewrite F_open by exact Hn. reflexivity.
Qed.

Lemma F_sc (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat ->
  dyck_run k n w i (k + k + 25)%nat = IZR (ocode k (letter w (dsel k n w i))) / INR n.
Proof. intros Hn. fat 25%nat. cbn [vis_lo vis_cnt]. rewrite (F_selv k n w i 0 Hn). rewrite Nat.add_0_l. apply F_ocode. Qed.

Lemma F_sd (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat ->
  dyck_run k n w i (k + k + 26)%nat = IZR (dep k w (dsel k n w i)) / INR n.
Proof. intros Hn. fat 26%nat. cbn [vis_lo vis_cnt]. rewrite (F_selv k n w i 0 Hn). rewrite Nat.add_0_l. apply F_dep, Hn. Qed.

(** Equality of two integers from two thresholds. *)
Lemma le1_pair (n : nat) (x y : Z) (u v : R) : (0 < n)%nat ->
  u = IZR (x - y + 1) / INR n -> v = IZR (y - x + 1) / INR n ->
  le1 (u * INR n) * le1 (v * INR n) = b2r (Z.eqb x y).
Proof.
intros Hn -> ->. rewrite !le1_int by exact Hn. unfold b2r.
destruct (Z.leb_spec (x - y + 1) 1); destruct (Z.leb_spec (y - x + 1) 1); destruct (Z.eqb_spec x y); (ring || lia).
Qed.

Definition mt_b (k n : nat) (w : list nat) (i : nat) : bool :=
  Z.eqb (ocode k (letter w (dsel k n w i))) (ccode k (letter w i)) && Z.eqb (dep k w (dsel k n w i)) (qdep k w i).

Lemma F_mt (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 37)%nat = b2r (mt_b k n w i).
Proof.
intros Hn. assert (HN : INR n <> 0) by (apply not_0_INR; lia).
fat 37%nat. fat 35%nat. fat 36%nat. fat 28%nat. fat 30%nat. fat 32%nat. fat 34%nat.
rewrite (le1_pair n (ocode k (letter w (dsel k n w i))) (ccode k (letter w i))) by
  (exact Hn || (fat 27%nat; unfold lin, zlin; cbn [map lsum fst snd]; rewrite F_sc, F_ccode, F_invn by exact Hn; rewrite !plus_IZR, minus_IZR; field; exact HN)
   || (fat 29%nat; unfold lin, zlin; cbn [map lsum fst snd]; rewrite F_sc, F_ccode, F_invn by exact Hn; rewrite !plus_IZR, minus_IZR; field; exact HN)).
rewrite (le1_pair n (dep k w (dsel k n w i)) (qdep k w i)) by
  (exact Hn || (fat 31%nat; unfold lin, zlin; cbn [map lsum fst snd]; rewrite F_sd, F_qdep, F_invn by exact Hn; rewrite !plus_IZR, minus_IZR; field; exact HN)
   || (fat 33%nat; unfold lin, zlin; cbn [map lsum fst snd]; rewrite F_sd, F_qdep, F_invn by exact Hn; rewrite !plus_IZR, minus_IZR; field; exact HN)).
unfold mt_b, b2r. destruct (Z.eqb _ _); destruct (Z.eqb _ _); simpl; ring.
Qed.

(** ** The error flag is Dyck.v's *)

Lemma find_last_right (p : nat -> bool) (m j : nat) : find_last p m = Some j -> forall j', (j < j' < m)%nat -> p j' = false.
Proof.
induction m as [|m IH]; simpl; [discriminate|]. destruct (p m) eqn:Hp.
- intros H. injection H as <-. intros j' Hj'. lia.
- intros H j' Hj'. destruct (Nat.eq_dec j' m) as [->|Hne]; [exact Hp|]. apply (IH H). lia.
Qed.

Lemma find_last_none (p : nat -> bool) (m : nat) : find_last p m = None -> forall j, (j < m)%nat -> p j = false.
Proof.
induction m as [|m IH]; simpl; [intros; lia|]. destruct (p m) eqn:Hp; [discriminate|].
intros H j Hj. destruct (Nat.eq_dec j m) as [->|Hne]; [exact Hp|apply IH; [exact H|lia]].
Qed.

Lemma dep_le (k : nat) (w : list nat) (t : nat) : (dep k w t <= Z.of_nat (S t))%Z.
Proof. unfold dep, depth. pose proof (count_le (fun j => is_open k (letter w j)) (S t)). lia. Qed.

Lemma dsel_lt (k n : nat) (w : list nat) (i : nat) : (dsel k n w i < S i)%nat.
Proof. apply zarg_spec. lia. Qed.

(** When D_i >= 1 and a matching open bracket exists, the selection reads Dyck.v's [sel]. *)
Lemma dsel_sel (k n : nat) (w : list nat) (i j0 : nat) : (i < n)%nat -> (0 < qdep k w i)%Z ->
  find_last (sel_b k w i) (S i) = Some j0 -> dsel k n w i = j0.
Proof.
intros Hi Hq Hf. destruct (find_last_some _ _ _ Hf) as [Hj0 Hs0]. pose proof (find_last_right _ _ _ Hf) as Hright.
unfold sel_b in Hs0. apply andb_true_iff in Hs0. destruct Hs0 as [Hs0 _]. apply andb_true_iff in Hs0.
destruct Hs0 as [Ho0 He0]. apply Z.eqb_eq in He0. set (A := qdep k w i) in *.
assert (Hsq : forall t, (t < S i)%nat -> (dep k w t <= Z.of_nat n)%Z) by (intros t Ht; pose proof (dep_le k w t); lia).
assert (H : is_open k (letter w (dsel k n w i)) = true /\ dep k w (dsel k n w i) = A /\
  forall t, (t < S i)%nat -> is_open k (letter w t) = true -> dep k w t = A -> t <> dsel k n w i -> (t < dsel k n w i)%nat).
{ exact (eq_top_match n 0 (S i) A (dep k w) (fun t => sqc n (dep k w t)) (fun t => is_open k (letter w t)) RightMost
    ltac:(lia) ltac:(lia) (ex_intro _ j0 (conj Hj0 (conj Ho0 He0)))
    (fun t Ht _ Hb => ltac:(simpl in Hb |- *; unfold sqc; rewrite Hb; pose proof (Hsq t Ht);
       replace (Z.max 1 (Z.min A (Z.of_nat n))) with A by lia; reflexivity))
    (fun t Ht => ltac:(cbv beta; change (0 + t)%nat with t; unfold sqc; pose proof (Hsq t Ht); pose proof Hq;
       pose proof (Z.square_nonneg (A - dep k w t)); destruct (Z.le_gt_cases (dep k w t) 0);
       [replace (Z.max 1 (Z.min (dep k w t) (Z.of_nat n))) with 1%Z by lia; nia
       |replace (Z.max 1 (Z.min (dep k w t) (Z.of_nat n))) with (dep k w t) by lia; nia]))
    (fun t Ht Hne => ltac:(cbv beta in Hne |- *; change (0 + t)%nat with t in Hne |- *; unfold sqc; pose proof (Hsq t Ht); pose proof Hq;
       assert (1 <= (A - dep k w t) * (A - dep k w t))%Z by (destruct (Z.lt_trichotomy (A - dep k w t) 0) as [h|[h|h]]; nia);
       destruct (Z.le_gt_cases (dep k w t) 0);
       [replace (Z.max 1 (Z.min (dep k w t) (Z.of_nat n))) with 1%Z by lia; nia
       |replace (Z.max 1 (Z.min (dep k w t) (Z.of_nat n))) with (dep k w t) by lia; nia]))). }
destruct H as [HoT [HdT Hr]]. pose proof (dsel_lt k n w i) as HT.
destruct (Nat.eq_dec j0 (dsel k n w i)) as [E|Hne]; [symmetry; exact E|exfalso].
specialize (Hr j0 Hj0 Ho0 He0 Hne).
assert (Hb : sel_b k w i (dsel k n w i) = true).
{ unfold sel_b. rewrite HoT, HdT. unfold A. rewrite Z.eqb_refl. simpl. apply Z.ltb_lt, Hq. }
rewrite (Hright (dsel k n w i)) in Hb by lia. discriminate.
Qed.

Definition bad_b (k n : nat) (w : list nat) (i : nat) : bool :=
  close_b k w i && (Z.leb (qdep k w i) 0 || negb (mt_b k n w i)).

Lemma bad_err (k n : nat) (w : list nat) (i : nat) : (i < n)%nat -> (letter w i < k + k)%nat ->
  bad_b k n w i = negb (Nat.eqb (err k w i) 0).
Proof.
intros Hi Hw. unfold bad_b, err, err1_b.
destruct (close_b k w i) eqn:Hc; simpl andb.
2: { unfold match_b. rewrite Hc. reflexivity. }
destruct (Z.leb_spec (qdep k w i) 0) as [Hq|Hq]; simpl orb.
- destruct (match_b k w i); reflexivity.
- assert (E : mt_b k n w i = match_b k w i).
  { unfold match_b. rewrite Hc. simpl andb. unfold sel. unfold close_b, is_open in Hc. apply negb_true_iff, Nat.ltb_ge in Hc.
    destruct (find_last (sel_b k w i) (S i)) as [j0|] eqn:Hf.
    + unfold mt_b. rewrite (dsel_sel k n w i j0 Hi ltac:(lia) Hf).
      destruct (find_last_some _ _ _ Hf) as [_ Hs0]. unfold sel_b in Hs0.
      apply andb_true_iff in Hs0. destruct Hs0 as [Hs0 _]. apply andb_true_iff in Hs0. destruct Hs0 as [Ho0 He0].
      rewrite He0, Ho0, andb_true_r. simpl andb. unfold is_open in Ho0. apply Nat.ltb_lt in Ho0.
      unfold ocode, ccode. replace (letter w j0 <? k)%nat with true by (symmetry; apply Nat.ltb_lt; lia).
      replace ((k <=? letter w i) && (letter w i <? k + k))%nat with true by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
      destruct (Nat.eqb_spec (letter w j0) (letter w i - k)); [apply Z.eqb_eq; lia|apply Z.eqb_neq; lia].
    + replace (is_open k (letter w i)) with false by (symmetry; unfold is_open; apply Nat.ltb_ge; lia). simpl andb.
      destruct (mt_b k n w i) eqn:Em; [exfalso|reflexivity].
      unfold mt_b in Em. apply andb_true_iff in Em. destruct Em as [Ec Ed]. apply Z.eqb_eq in Ec. apply Z.eqb_eq in Ed.
      assert (Ho : is_open k (letter w (dsel k n w i)) = true).
      { unfold ccode in Ec. replace ((k <=? letter w i) && (letter w i <? k + k))%nat with true in Ec
          by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
        unfold ocode in Ec. unfold is_open. destruct (letter w (dsel k n w i) <? k)%nat; [reflexivity|lia]. }
      pose proof (find_last_none _ _ Hf (dsel k n w i) (dsel_lt k n w i)) as Hn.
      unfold sel_b in Hn. rewrite Ho, Ed, Z.eqb_refl in Hn. simpl in Hn. apply Z.ltb_ge in Hn. lia. }
  rewrite E. destruct (match_b k w i); reflexivity.
Qed.

(** ** The error flags, any error so far, the output *)

Lemma F_bad (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 42)%nat = b2r (bad_b k n w i).
Proof.
intros Hn. assert (HN : INR n <> 0) by (apply not_0_INR; lia).
fat 42%nat. fat 41%nat. fat 40%nat. fat 39%nat. fat 38%nat. unfold lin, zlin. cbn [map lsum fst snd].
rewrite F_close, F_mt, F_qdep, F_invn by exact Hn.
replace (IZR 1 * (IZR (qdep k w i) / INR n) + (IZR 1 * / INR n + 0) + 0) with (IZR (qdep k w i + 1) / INR n)
  by (rewrite plus_IZR; field; exact HN).
rewrite le1_int by exact Hn.
replace (Z.leb (qdep k w i + 1) 1) with (Z.leb (qdep k w i) 0)
  by (destruct (Z.leb_spec (qdep k w i + 1) 1); destruct (Z.leb_spec (qdep k w i) 0); (reflexivity || lia)).
unfold bad_b, b2r. destruct (close_b k w i); destruct (Z.leb (qdep k w i) 0); destruct (mt_b k n w i); simpl; ring.
Qed.

Definition any_b (k n : nat) (w : list nat) (i : nat) : bool :=
  match rfind (bad_b k n w) (S i) with Some _ => true | None => false end.

Lemma F_any (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 43)%nat = b2r (any_b k n w i).
Proof.
intros Hn. fat 43%nat. cbn [vis_lo vis_cnt].
assert (Hp : forall t, sel_pred Future (k + k) (k + k + 42) (dyck_run k n w) i t = bad_b k n w t).
{ intros t. unfold sel_pred. cbn [vis_lo]. rewrite Nat.add_0_l, F_one, F_bad by exact Hn. rewrite isone_b2r.
  unfold isone. destruct (Req_EM_T 1 1); [reflexivity|lra]. }
unfold sel_top, any_b. rewrite Nat.add_0_l.
destruct (rfind (sel_pred Future (k + k) (k + k + 42) (dyck_run k n w) i) (S i)) as [t|] eqn:E.
- destruct (rfind_some _ _ _ E) as [_ [Ht _]]. rewrite Hp in Ht. rewrite F_bad, Ht by exact Hn.
  replace (rfind (bad_b k n w) (S i)) with (Some t); [reflexivity|].
  rewrite <- E. symmetry. apply rfind_ext. intros; symmetry; apply Hp.
- pose proof (rfind_none _ _ E i ltac:(lia)) as Hi. rewrite Hp in Hi. replace (S i - 1)%nat with i by lia. rewrite F_bad, Hi by exact Hn.
  replace (rfind (bad_b k n w) (S i)) with (@None nat); [reflexivity|].
  rewrite <- E. symmetry. apply rfind_ext. intros; symmetry; apply Hp.
Qed.

Lemma F_zero (k n : nat) (w : list nat) (i : nat) : (0 < n)%nat -> dyck_run k n w i (k + k + 48)%nat = b2r (Z.eqb (dep k w i) 0).
Proof.
intros Hn. assert (HN : INR n <> 0) by (apply not_0_INR; lia).
fat 48%nat. fat 45%nat. fat 47%nat.
apply le1_pair; [exact Hn| |].
- fat 44%nat. unfold lin, zlin. cbn [map lsum fst snd]. rewrite F_dep, F_invn by exact Hn. rewrite !plus_IZR, minus_IZR. field. exact HN.
- fat 46%nat. unfold lin, zlin. cbn [map lsum fst snd]. rewrite F_dep, F_invn by exact Hn. rewrite !plus_IZR, minus_IZR. field. exact HN.
Qed.

(** The letters w_0 .. w_i below 2k: the program's output is Dyck.v's. *)
Lemma any_b_err (k n : nat) (w : list nat) (i : nat) : (i < n)%nat -> (forall j, (j <= i)%nat -> (letter w j < k + k)%nat) ->
  any_b k n w i = negb (Nat.eqb (any k w i) 0).
Proof.
intros Hi Hw. unfold any_b, any. destruct (rfind (bad_b k n w) (S i)) as [t|] eqn:E.
- destruct (rfind_some _ _ _ E) as [Ht [Hb _]]. rewrite bad_err in Hb by (lia || apply Hw; lia).
  apply negb_true_iff, Nat.eqb_neq in Hb. pose proof (max_upto_ge (err k w) (S i) t Ht).
  symmetry. apply negb_true_iff, Nat.eqb_neq. lia.
- rewrite max_upto_zero; [reflexivity|]. intros j Hj. pose proof (rfind_none _ _ E j Hj) as Hb.
  rewrite bad_err in Hb by (lia || apply Hw; lia). apply negb_false_iff, Nat.eqb_eq in Hb. exact Hb.
Qed.

Theorem dyck_prog_out (k n : nat) (w : list nat) (i : nat) : (i < n)%nat ->
  (forall j, (j <= i)%nat -> (letter w j < k + k)%nat) ->
  dyck_run k n w i (dyck_out k) = b2r (out k w i).
Proof.
intros Hi Hw. assert (Hn : (0 < n)%nat) by lia. unfold dyck_out. fat 50%nat. fat 49%nat.
rewrite F_zero, F_any, any_b_err by (exact Hn || exact Hi || exact Hw).
unfold out, b2r. destruct (Z.eqb (dep k w i) 0); destruct (Nat.eqb (any k w i) 0); simpl; ring.
Qed.

(** ** The network *)

Lemma dyck_run_eq (k n : nat) (w : list nat) : dyck_run k n w = brasp_run (k + k) n (dyck_prog k) w.
Proof. reflexivity. Qed.

(** For every k, length n >= 1, word w of length n over the 2k letters and i < n: the softmax
    network [brasp_net (k + k) (dyck_prog k)] (weights and width independent of n) at every 0 <
    tau <= [brasp_temp] outputs, after Lemma 9's rounding, exactly [w_0 .. w_i in Dyck-k]. *)
Theorem dyck_srasp_round (k n : nat) (w : list nat) (tau : R) (i : nat) :
  length w = n -> (forall a, In a w -> (a < k + k)%nat) -> (i < n)%nat ->
  0 < tau -> tau <= brasp_temp (k + k) n (dyck_prog k) (/ 4) ->
  round01 (msoft_run tau (bwidth (k + k) (dyck_prog k)) n (brasp_net (k + k) (dyck_prog k)) (xinput (k + k) n w) i (dyck_out k))
  = b2r (out k w i).
Proof.
intros Hl Hw Hi Htau Hle.
assert (Hw' : forall j, (j <= i)%nat -> (letter w j < k + k)%nat) by (intros j Hj; apply Hw; unfold letter; apply nth_In; lia).
rewrite thm26_brasp_01; [|apply dyck_prog_wt|unfold bwidth, dyck_out; rewrite dyck_prog_length; lia| |exact Htau|exact Hle|exact Hi].
- rewrite <- dyck_run_eq. apply (dyck_prog_out k n w i Hi Hw').
- rewrite <- dyck_run_eq. rewrite (dyck_prog_out k n w i Hi Hw'). apply b2r_01.
Qed.

Theorem dyck_srasp_correct (k n : nat) (w : list nat) (tau : R) (i : nat) :
  length w = n -> (forall a, In a w -> (a < k + k)%nat) -> (i < n)%nat ->
  0 < tau -> tau <= brasp_temp (k + k) n (dyck_prog k) (/ 4) ->
  (round01 (msoft_run tau (bwidth (k + k) (dyck_prog k)) n (brasp_net (k + k) (dyck_prog k)) (xinput (k + k) n w) i (dyck_out k)) = 1
   <-> dyck k (firstn (S i) w)).
Proof.
intros Hl Hw Hi Htau Hle. rewrite (dyck_srasp_round k n w tau i Hl Hw Hi Htau Hle).
rewrite <- (dyck_program_correct k w i) by lia. unfold b2r. destruct (out k w i); split; intros H; (reflexivity || lra || discriminate).
Qed.
