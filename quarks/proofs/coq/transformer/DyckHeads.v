(** * Seed 004, Appendix E: the Dyck-k program computed by hard attention over the reals.

    The program of [Dyck] as [programs.dyck] computes it, with real numbers and hard attention
    heads over the positions j <= i (future mask, 0-based):
    - uniform heads (no scores, average hardmax) read l_i / (i + 1) and r_i / (i + 1)
      ([zl], [zr]); the depth is d_i = (i + 1) (zl - zr) ([rdep]), D_i = d_i + [w_i close];
    - for each type c < k a tieless head with scores 2 [w_j open, d_j = D_i >= 1] + (j + 1)/n
      reads [w_j = open_c] at the selected j ([rt]); a ReLU unit gives the match flag
      g_i = sum_c ReLU([w_i = close_c] + t_c - 1) ([rg]);
    - err1 = ReLU(R - clamp(D, 0, 1)), E = ReLU(err1 + R - g) ([rE]);
    - a tieless head with scores 2 E_j + (j + 1)/n reads the largest E at or before i ([rany]);
    - bal = [d = 0] by a ReLU bump, out = ReLU(bal - any) ([rout]).

    The tieless heads may use any hard rule (average, leftmost, rightmost): their scores have a
    unique top with gap 1/n ([top_gap]), at the position [Dyck.sel] resp. the rightmost largest
    error.  [dyck_heads_correct]: rout = [out], so rout = 1 iff w_0 .. w_i is in Dyck-k, for every
    k, n, word of length n and i < n ([dyck_heads_accepts] at the last position). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith.
From Quarks Require Import RSum Softmax TransformerModel MatrixModel Dyck.
Import ListNotations.
Open Scope R_scope.

Definition b2R (b : bool) : R := if b then 1 else 0.

(** A head's read over the positions 0..cnt-1 with weighting W, scores s and values v. *)
Definition hread (W : (nat -> R) -> nat -> nat -> R) (s v : nat -> R) (cnt : nat) : R :=
  rsum (fun j => W s cnt j * v j) 0 cnt.

Definition relu (y : R) : R := Rmax 0 y.

(** [y = m] for an integer y: ReLU(y - m + 1) - 2 ReLU(y - m) + ReLU(y - m - 1). *)
Definition bump (y m : R) : R := relu (y - m + 1) - 2 * relu (y - m) + relu (y - m - 1).

(** ** The program *)

Definition zl (k : nat) (w : list nat) (i : nat) : R :=
  hread avg_hard (fun _ => 0) (fun j => b2R (is_open k (letter w j))) (S i).
Definition zr (k : nat) (w : list nat) (i : nat) : R :=
  hread avg_hard (fun _ => 0) (fun j => b2R (close_b k w j)) (S i).
Definition rdep (k : nat) (w : list nat) (i : nat) : R := INR (S i) * (zl k w i - zr k w i).
Definition rq (k : nat) (w : list nat) (i : nat) : R := rdep k w i + b2R (close_b k w i).

Definition req_b (a b : R) : bool := if Req_EM_T a b then true else false.
Definition rlt_b (a b : R) : bool := if Rlt_dec a b then true else false.

(** The selection scores at i: 2 [w_j open, d_j = D_i >= 1] + (j + 1)/n. *)
Definition rsel_s (k : nat) (w : list nat) (n i : nat) (j : nat) : R :=
  2 * b2R (is_open k (letter w j) && req_b (rdep k w j) (rq k w i) && rlt_b 0 (rq k w i)) + INR (S j) / INR n.

(** t_c: the head of type c reads [w_j = open_c]. *)
Definition rt (k : nat) (w : list nat) (n : nat) (r : hard_rule) (i c : nat) : R :=
  hread (rule_w r) (rsel_s k w n i) (fun j => b2R (Nat.eqb (letter w j) c)) (S i).

Definition rg (k : nat) (w : list nat) (n : nat) (r : hard_rule) (i : nat) : R :=
  rsum (fun c => relu (b2R (Nat.eqb (letter w i) (k + c)) + rt k w n r i c - 1)) 0 k.

Definition rerr1 (k : nat) (w : list nat) (i : nat) : R :=
  relu (b2R (close_b k w i) - (relu (rq k w i) - relu (rq k w i - 1))).

Definition rE (k : nat) (w : list nat) (n : nat) (r : hard_rule) (i : nat) : R :=
  relu (rerr1 k w i + b2R (close_b k w i) - rg k w n r i).

Definition rany (k : nat) (w : list nat) (n : nat) (r : hard_rule) (i : nat) : R :=
  hread (rule_w r) (fun j => 2 * rE k w n r j + INR (S j) / INR n) (rE k w n r) (S i).

Definition rout (k : nat) (w : list nat) (n : nat) (r : hard_rule) (i : nat) : R :=
  relu (bump (rdep k w i) 0 - rany k w n r i).

(** ** Uniform heads: the depth *)

Lemma rsum_b2R (p : nat -> bool) (m : nat) : rsum (fun j => b2R (p j)) 0 m = INR (count p m).
Proof.
induction m as [|m IH]; simpl; [reflexivity|]. rewrite IH, plus_INR. unfold b2R. destruct (p m); simpl; ring.
Qed.

(** A uniform head reads the fraction count / (i + 1). *)
Lemma uniform_count_hard (p : nat -> bool) (i : nat) :
  hread avg_hard (fun _ => 0) (fun j => b2R (p j)) (S i) = INR (count p (S i)) / INR (S i).
Proof.
unfold hread. rewrite (rsum_ext _ (fun j => / INR (S i) * b2R (p j))) by (intros; rewrite avg_hard_const by lia; reflexivity).
rewrite rsum_scal, rsum_b2R. unfold Rdiv. ring.
Qed.

(** The same under softmax at every temperature: equal scores give uniform weights. *)
Lemma uniform_count_soft (tau : R) (p : nat -> bool) (i : nat) :
  hread (soft tau) (fun _ => 0) (fun j => b2R (p j)) (S i) = INR (count p (S i)) / INR (S i).
Proof.
unfold hread. rewrite (rsum_ext _ (fun j => / INR (S i) * b2R (p j))) by (intros; rewrite soft_const by lia; reflexivity).
rewrite rsum_scal, rsum_b2R. unfold Rdiv. ring.
Qed.

Lemma rdep_dep (k : nat) (w : list nat) (i : nat) : rdep k w i = IZR (dep k w i).
Proof.
unfold rdep, zl, zr. rewrite !uniform_count_hard. unfold dep, depth.
rewrite minus_IZR, <- !INR_IZR_INZ. field. apply not_0_INR. lia.
Qed.

Lemma rq_qdep (k : nat) (w : list nat) (i : nat) : rq k w i = IZR (qdep k w i).
Proof. unfold rq, qdep. rewrite rdep_dep, plus_IZR. unfold b2R. destruct (close_b k w i); reflexivity. Qed.

(** ** Tieless heads: a unique top with gap 1/n *)

Lemma find_last_none (p : nat -> bool) (m : nat) : find_last p m = None -> forall j, (j < m)%nat -> p j = false.
Proof.
induction m as [|m IH]; simpl; intros H j Hj; [lia|].
destruct (p m) eqn:Hp; [discriminate|]. destruct (Nat.eq_dec j m) as [->|Hne]; [exact Hp|apply IH; [exact H|lia]].
Qed.

Lemma find_last_right (p : nat -> bool) (m t : nat) : find_last p m = Some t -> forall j, (t < j < m)%nat -> p j = false.
Proof.
induction m as [|m IH]; simpl; intros H j Hj; [lia|].
destruct (p m) eqn:Hp; [injection H as <-; lia|]. destruct (Nat.eq_dec j m) as [->|Hne]; [exact Hp|apply IH; [exact H|lia]].
Qed.

Lemma max_upto_attained (f : nat -> nat) (m : nat) : (1 <= m)%nat -> exists j, (j < m)%nat /\ f j = max_upto f m.
Proof.
induction m as [|m IH]; intros Hm; [lia|]. simpl.
destruct m as [|m']; [exists O; simpl; split; [lia|lia]|].
destruct (IH ltac:(lia)) as [j [Hj E]].
destruct (Nat.le_ge_cases (max_upto f (S m')) (f (S m'))) as [Hle|Hge].
- exists (S m'). split; [lia|]. lia.
- exists j. split; [lia|]. lia.
Qed.

(** The rightmost j <= i where f is largest. *)
Definition top (f : nat -> nat) (i : nat) : nat :=
  match find_last (fun j => Nat.eqb (f j) (max_upto f (S i))) (S i) with Some j => j | None => i end.

Lemma top_spec (f : nat -> nat) (i : nat) : (top f i < S i)%nat /\ f (top f i) = max_upto f (S i) /\
  forall j, (top f i < j < S i)%nat -> f j <> max_upto f (S i).
Proof.
unfold top. destruct (find_last _ (S i)) as [t|] eqn:Ht.
- apply find_last_some in Ht as Ht'. destruct Ht' as [Hlt Hp]. apply Nat.eqb_eq in Hp.
  split; [exact Hlt|split; [exact Hp|]]. intros j Hj. pose proof (find_last_right _ _ t Ht j Hj) as Hf.
  apply Nat.eqb_neq in Hf. exact Hf.
- destruct (max_upto_attained f (S i) ltac:(lia)) as [j [Hj E]].
  pose proof (find_last_none _ _ Ht j Hj) as Hf. apply Nat.eqb_neq in Hf. contradiction.
Qed.

(** Scores 2 f_j + (j + 1)/n over j <= i < n have the unique top [top f i], with gap 1/n. *)
Lemma top_gap (f : nat -> nat) (n i : nat) : (i < n)%nat ->
  forall j, (j < S i)%nat -> j <> top f i ->
  2 * INR (f j) + INR (S j) / INR n <= 2 * INR (f (top f i)) + INR (S (top f i)) / INR n - / INR n.
Proof.
intros Hi j Hj Hne. destruct (top_spec f i) as (Ht & Hmax & Hright). set (t := top f i) in *.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
pose proof (max_upto_ge f (S i) j Hj) as Hfj.
assert (Hjn : INR (S j) <= INR n) by (apply le_INR; lia).
assert (Hjn' : INR (S j) / INR n <= 1) by (apply Rmult_le_reg_r with (INR n); [exact HN|]; unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra; lra).
assert (Hn1 : / INR n <= 1) by (apply Rmult_le_reg_r with (INR n); [exact HN|]; rewrite Rinv_l by lra; assert (1 <= INR n) by (apply (le_INR 1); lia); lra).
assert (Ht0 : 0 <= INR (S t) / INR n - / INR n).
{ unfold Rdiv. rewrite <- (Rmult_1_l (/ INR n)) at 2. rewrite <- Rmult_minus_distr_r.
  apply Rmult_le_pos; [|apply Rlt_le, Rinv_0_lt_compat, HN]. rewrite S_INR. pose proof (pos_INR t). lra. }
destruct (Nat.eq_dec (f j) (max_upto f (S i))) as [E|E].
- assert (Hjt : (j < t)%nat) by (destruct (Nat.lt_trichotomy j t) as [H|[H|H]]; [exact H|contradiction|exfalso; apply (Hright j); [lia|exact E]]).
  rewrite E, Hmax. assert (INR (S j) + 1 <= INR (S t)) by (rewrite <- S_INR; apply le_INR; lia).
  unfold Rdiv. apply Rplus_le_reg_l with (- 2 * INR (max_upto f (S i))).
  replace (- 2 * INR (max_upto f (S i)) + (2 * INR (max_upto f (S i)) + INR (S j) * / INR n)) with (INR (S j) * / INR n) by ring.
  replace (- 2 * INR (max_upto f (S i)) + (2 * INR (max_upto f (S i)) + INR (S t) * / INR n - / INR n)) with ((INR (S t) - 1) * / INR n) by ring.
  apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, HN|lra].
- assert (Hlt : (f j + 1 <= max_upto f (S i))%nat) by lia. apply le_INR in Hlt. rewrite plus_INR in Hlt. change (INR 1) with 1 in Hlt.
  rewrite Hmax. lra.
Qed.

(** A tieless head with these scores reads its value at [top f i], under every hard rule. *)
Lemma top_read (r : hard_rule) (f : nat -> nat) (n i : nat) (s v : nat -> R) : (i < n)%nat ->
  (forall j, (j < S i)%nat -> s j = 2 * INR (f j) + INR (S j) / INR n) ->
  hread (rule_w r) s v (S i) = v (top f i).
Proof.
intros Hi Hs. unfold hread. destruct (top_spec f i) as (Ht & _ & _).
assert (HN : 0 < / INR n) by (apply Rinv_0_lt_compat, lt_0_INR; lia).
rewrite (rsum_ext _ (fun j => v j * (if Nat.eqb j (top f i) then 1 else 0))).
- rewrite rsum_indicator. replace ((0 <=? top f i) && (top f i <? 0 + S i))%nat with true; [reflexivity|].
  symmetry. apply andb_true_iff. split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia.
- intros j Hj. rewrite (rule_w_tieless r _ (S i) (top f i) (/ INR n) HN Ht); [unfold hardmax; ring| |lia].
  intros j' Hj' Hne. rewrite !Hs by lia. apply top_gap; assumption.
Qed.

(** ** The selection head *)

Lemma req_b_IZR (a b : Z) : req_b (IZR a) (IZR b) = Z.eqb a b.
Proof.
unfold req_b. destruct (Req_EM_T (IZR a) (IZR b)) as [E|E].
- apply eq_IZR in E. subst. symmetry. apply Z.eqb_refl.
- symmetry. apply Z.eqb_neq. intros ->. apply E. reflexivity.
Qed.

Lemma rlt_b_IZR (a b : Z) : rlt_b (IZR a) (IZR b) = Z.ltb a b.
Proof.
unfold rlt_b. destruct (Rlt_dec (IZR a) (IZR b)) as [H|H].
- apply lt_IZR in H. symmetry. apply Z.ltb_lt, H.
- symmetry. apply Z.ltb_ge. destruct (Z_lt_le_dec a b) as [Hl|Hl]; [exfalso; apply H, IZR_lt, Hl|exact Hl].
Qed.

Lemma rsel_s_sel_b (k : nat) (w : list nat) (n i j : nat) :
  rsel_s k w n i j = 2 * INR (Nat.b2n (sel_b k w i j)) + INR (S j) / INR n.
Proof.
unfold rsel_s, sel_b. rewrite rdep_dep, rq_qdep, req_b_IZR, rlt_b_IZR.
unfold b2R. destruct (_ && _ && _); reflexivity.
Qed.

(** The selected position is [Dyck.sel]. *)
Lemma top_sel (k : nat) (w : list nat) (i : nat) : top (fun j => Nat.b2n (sel_b k w i j)) i = sel k w i.
Proof.
unfold top, sel. destruct (find_last (sel_b k w i) (S i)) as [t|] eqn:Ht.
- apply find_last_some in Ht as Ht'. destruct Ht' as [Hlt Hp].
  assert (Hm : max_upto (fun j => Nat.b2n (sel_b k w i j)) (S i) = 1%nat).
  { pose proof (max_upto_ge (fun j => Nat.b2n (sel_b k w i j)) (S i) t Hlt) as Hge. cbv beta in Hge. rewrite Hp in Hge.
    change (Nat.b2n true) with 1%nat in Hge.
    destruct (max_upto_attained (fun j => Nat.b2n (sel_b k w i j)) (S i) ltac:(lia)) as [j [_ E]].
    rewrite <- E. destruct (sel_b k w i j); simpl in *; lia. }
  rewrite Hm. rewrite (find_last_ext _ (sel_b k w i)); [rewrite Ht; reflexivity|].
  intros j _. destruct (sel_b k w i j); reflexivity.
- assert (Hm : max_upto (fun j => Nat.b2n (sel_b k w i j)) (S i) = O).
  { apply max_upto_zero. intros j Hj. rewrite (find_last_none _ _ Ht j Hj). reflexivity. }
  rewrite Hm. rewrite (find_last_ext _ (fun j => Nat.eqb 0 0)).
  + simpl. reflexivity.
  + intros j Hj. rewrite (find_last_none _ _ Ht j Hj). reflexivity.
Qed.

Lemma rt_sel (k : nat) (w : list nat) (n : nat) (r : hard_rule) (i c : nat) : (i < n)%nat ->
  rt k w n r i c = b2R (Nat.eqb (letter w (sel k w i)) c).
Proof.
intros Hi. unfold rt. rewrite (top_read r (fun j => Nat.b2n (sel_b k w i j)) n i); [|exact Hi|intros; apply rsel_s_sel_b].
rewrite top_sel. reflexivity.
Qed.

(** ** The flags *)

Lemma relu_pos (y : R) : 0 <= y -> relu y = y.
Proof. intros H. unfold relu. apply Rmax_right, H. Qed.

Lemma relu_neg (y : R) : y <= 0 -> relu y = 0.
Proof. intros H. unfold relu. apply Rmax_left, H. Qed.

(** The match unit: g_i = sum_c ReLU([w_i = close_c] + [w_sel = open_c] - 1) = [match]. *)
Lemma rg_match (k : nat) (w : list nat) (n : nat) (r : hard_rule) (i : nat) : (i < n)%nat ->
  rg k w n r i = b2R (match_b k w i).
Proof.
intros Hi. unfold rg. set (a := letter w i). set (b := letter w (sel k w i)).
rewrite (rsum_ext _ (fun c => b2R (Nat.eqb a (k + c)) * (if Nat.eqb c b then 1 else 0))).
- rewrite rsum_indicator. unfold match_b, close_b, is_open. fold a b.
  replace (0 <=? b)%nat with true by (symmetry; apply Nat.leb_le; lia). rewrite Nat.add_0_l. simpl andb.
  unfold b2R. destruct (Nat.ltb_spec b k); destruct (Nat.ltb_spec a k); destruct (Nat.eqb_spec a (k + b));
    destruct (Nat.eqb_spec b (a - k)); simpl; try reflexivity; lia.
- intros c Hc. rewrite rt_sel by exact Hi. fold b. unfold b2R.
  destruct (Nat.eqb_spec a (k + c)); destruct (Nat.eqb_spec b c) as [E|E]; destruct (Nat.eqb_spec c b) as [E'|E'];
    try (subst; lia); [rewrite relu_pos by lra; ring|rewrite relu_neg by lra; ring ..].
Qed.

Lemma rerr1_err1 (k : nat) (w : list nat) (i : nat) : rerr1 k w i = b2R (err1_b k w i).
Proof.
unfold rerr1, err1_b. rewrite rq_qdep. set (q := qdep k w i).
assert (Hc : relu (IZR q) - relu (IZR q - 1) = if Z.leb q 0 then 0 else 1).
{ destruct (Z.leb_spec q 0) as [H|H].
  - apply IZR_le in H. rewrite !relu_neg by lra. ring.
  - assert (1 <= IZR q) by (apply IZR_le; lia). rewrite !relu_pos by lra. ring. }
rewrite Hc. unfold b2R. destruct (close_b k w i); destruct (Z.leb q 0); simpl;
  [rewrite relu_pos by lra; ring|rewrite relu_neg by lra; ring|rewrite relu_neg by lra; reflexivity ..].
Qed.

Lemma rE_err (k : nat) (w : list nat) (n : nat) (r : hard_rule) (i : nat) : (i < n)%nat ->
  rE k w n r i = INR (err k w i).
Proof.
intros Hi. unfold rE, err. rewrite rerr1_err1, rg_match by exact Hi. unfold b2R.
destruct (err1_b k w i); destruct (close_b k w i); destruct (match_b k w i); simpl;
  first [rewrite relu_pos by lra; ring | rewrite relu_neg by lra; reflexivity].
Qed.

Lemma rany_any (k : nat) (w : list nat) (n : nat) (r : hard_rule) (i : nat) : (i < n)%nat ->
  rany k w n r i = INR (any k w i).
Proof.
intros Hi. unfold rany. rewrite (top_read r (err k w) n i).
- destruct (top_spec (err k w) i) as (Ht & Hmax & _). rewrite rE_err by lia. rewrite Hmax. reflexivity.
- exact Hi.
- intros j Hj. rewrite rE_err by lia. reflexivity.
Qed.

Lemma bump_int (z : Z) (m : Z) : bump (IZR z) (IZR m) = if Z.eqb z m then 1 else 0.
Proof.
unfold bump. destruct (Z.eqb_spec z m) as [->|Hne].
- rewrite (relu_pos (IZR m - IZR m + 1)), (relu_pos (IZR m - IZR m)), (relu_neg (IZR m - IZR m - 1)) by lra. ring.
- destruct (Z_lt_le_dec z m) as [Hl|Hl].
  + assert (IZR z + 1 <= IZR m) by (rewrite <- plus_IZR; apply IZR_le; lia).
    rewrite !relu_neg by lra. ring.
  + assert (IZR m + 1 <= IZR z) by (rewrite <- plus_IZR; apply IZR_le; lia).
    rewrite !relu_pos by lra. ring.
Qed.

(** ** The theorem *)

(** The real program's output is the bit [out] of [Dyck]: for every k, n, word of length n, hard
    rule of the tieless heads and position i < n. *)
Theorem dyck_heads_hard (k n : nat) (w : list nat) (r : hard_rule) (i : nat) : (i < n)%nat ->
  rout k w n r i = b2R (out k w i).
Proof.
intros Hi. unfold rout, out. rewrite rany_any, rdep_dep by exact Hi. change 0 with (IZR 0) at 1. rewrite bump_int.
destruct (Z.eqb (dep k w i) 0); destruct (Nat.eqb_spec (any k w i) 0) as [E|E]; simpl.
- rewrite E. simpl. rewrite relu_pos by lra. unfold b2R. ring.
- assert (1 <= INR (any k w i)) by (apply (le_INR 1); lia). rewrite relu_neg by lra. reflexivity.
- rewrite E. simpl. rewrite relu_neg by lra. reflexivity.
- pose proof (pos_INR (any k w i)). rewrite relu_neg by lra. reflexivity.
Qed.

(** Appendix E's program, with its depths from uniform-average fractions and its tieless
    selections, outputs 1 at i iff w_0 .. w_i is in Dyck-k (and 0 otherwise), for every k and every
    length n. *)
Theorem dyck_heads_correct (k n : nat) (w : list nat) (r : hard_rule) (i : nat) : length w = n -> (i < n)%nat ->
  (rout k w n r i = 1 <-> dyck k (firstn (S i) w)) /\ (rout k w n r i = 0 <-> ~ dyck k (firstn (S i) w)).
Proof.
intros Hl Hi. rewrite dyck_heads_hard by exact Hi. rewrite <- (dyck_program_correct k w i) by lia.
unfold b2R. destruct (out k w i); split; split; intros H; try reflexivity; try lra; try discriminate.
Qed.

Theorem dyck_heads_accepts (k : nat) (w : list nat) (r : hard_rule) : w <> [] ->
  (rout k w (length w) r (length w - 1) = 1 <-> dyck k w).
Proof.
intros Hw. rewrite dyck_heads_hard by (destruct w; [contradiction|simpl; lia]). rewrite <- dyck_program_accepts by exact Hw.
unfold b2R. destruct (out k w (length w - 1)); split; intros H; try reflexivity; try lra; discriminate.
Qed.
