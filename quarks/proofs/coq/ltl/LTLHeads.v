(** * Seed 004, the compiled LTL networks: what each head and unit computes.

    The Boolean units (constants, not, and, or), Lemma 9's gated rounding, the uniform heads over
    (-1)^j that find the first and last positions (Proposition 11), the Y / X selection heads
    (tieless with gap 1/n, reading the previous / next position) and the S / U heads (reading q at
    the nearest position where !p | q holds), with their gaps. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLSyntax LTLLevels.
Import ListNotations.
Open Scope R_scope.

(** ** The components: what each head and unit computes *)

Lemma pow_m1 (m : nat) : (-1) ^ m = if Nat.even m then 1 else -1.
Proof.
induction m as [|m IH]; [reflexivity|]. rewrite <- Nat.negb_odd, Nat.odd_succ. simpl pow. rewrite IH.
destruct (Nat.even m); simpl; ring.
Qed.

Lemma even_ex (m : nat) : Nat.even m = true -> exists q, m = (2 * q)%nat.
Proof. intros H. apply Nat.even_spec in H. exact H. Qed.

Lemma odd_ex (m : nat) : Nat.even m = false -> exists q, m = (2 * q + 1)%nat.
Proof. intros H. assert (Nat.odd m = true) by (rewrite <- Nat.negb_even, H; reflexivity). apply Nat.odd_spec. exact H0. Qed.

(** (-1)^(i+1) (-1)^(j+1) = (-1)^(i-j) for j <= i. *)
Lemma alt_prod (i j : nat) : (j <= i)%nat -> (-1) ^ S i * (-1) ^ S j = (-1) ^ (i - j).
Proof.
intros H. replace (S i) with (S j + (i - j))%nat by lia. rewrite pow_add.
replace ((-1) ^ S j * (-1) ^ (i - j) * (-1) ^ S j) with (((-1) ^ S j * (-1) ^ S j) * (-1) ^ (i - j)) by ring.
rewrite <- pow_add, pow_m1. replace (Nat.even (S j + S j)) with true; [ring|].
symmetry. apply Nat.even_spec. exists (S j). lia.
Qed.

Ltac qsimpl := unfold Q2R; cbn [Qnum Qden]; rewrite ?Rinv_1, ?Rmult_1_r.
Ltac relu := unfold Rmax; repeat match goal with |- context [Rle_dec ?a ?b] => destruct (Rle_dec a b) end; lra.

Lemma unit_val_real (u : sunit) (y : nat -> R) :
  unit_val (real_unit u) y = lsum (map (fun nr => Q2R (sn_v nr) * Rmax 0 (lsum (map (fun p => Q2R (snd p) * y (fst p)) (sn_w nr)) + Q2R (sn_b nr))) (su_hidden u)) + Q2R (su_c u).
Proof.
unfold unit_val, real_unit. simpl. f_equal. rewrite map_map. f_equal. apply map_ext. intros nr.
unfold real_neuron, lin. simpl. rewrite map_map. reflexivity.
Qed.

Lemma B2R_01 (b : bool) : B2R b = 0 \/ B2R b = 1.
Proof. destruct b; [right|left]; reflexivity. Qed.

Lemma unit_const (c : nat) (b : bool) (y : nat -> R) : unit_val (real_unit (SUnit c [] (if b then 1%Q else 0%Q))) y = B2R b.
Proof. rewrite unit_val_real. destruct b; simpl; qsimpl; unfold B2R; lra. Qed.

Lemma unit_not (c a : nat) (b : bool) (y : nat -> R) : y a = B2R b ->
  unit_val (real_unit (SUnit c [SNeuron 1 [(a, (-1)%Q)] 1] 0)) y = B2R (negb b).
Proof. intros Ha. rewrite unit_val_real. simpl. qsimpl. rewrite Ha. destruct b; simpl; relu. Qed.

Lemma sum_of_val (a b : nat) (p q : bool) (y : nat -> R) : y a = B2R p -> y b = B2R q ->
  (Nat.eqb a b = true -> p = q) ->
  lsum (map (fun p0 => Q2R (snd p0) * y (fst p0)) (sum_of a b)) = B2R p + B2R q.
Proof.
intros Ha Hb Hpq. unfold sum_of. destruct (Nat.eqb a b) eqn:E.
- rewrite (Hpq eq_refl). simpl. qsimpl. apply Nat.eqb_eq in E. subst b. rewrite Ha. rewrite (Hpq eq_refl). ring.
- simpl. qsimpl. rewrite Ha, Hb. ring.
Qed.

Lemma unit_and (c a b : nat) (p q : bool) (y : nat -> R) : y a = B2R p -> y b = B2R q -> (Nat.eqb a b = true -> p = q) ->
  unit_val (real_unit (SUnit c [SNeuron 1 (sum_of a b) (-1)] 0)) y = B2R (p && q).
Proof.
intros Ha Hb Hpq. rewrite unit_val_real. cbn [su_hidden map sn_v sn_w sn_b lsum su_c].
rewrite (sum_of_val a b p q y Ha Hb Hpq). qsimpl. destruct p, q; simpl; relu.
Qed.

Lemma unit_or (c a b : nat) (p q : bool) (y : nat -> R) : y a = B2R p -> y b = B2R q -> (Nat.eqb a b = true -> p = q) ->
  unit_val (real_unit (SUnit c [SNeuron 1 (sum_of a b) 0; SNeuron (-1) (sum_of a b) (-1)] 0)) y = B2R (p || q).
Proof.
intros Ha Hb Hpq. rewrite unit_val_real. cbn [su_hidden map sn_v sn_w sn_b lsum su_c].
rewrite (sum_of_val a b p q y Ha Hb Hpq). qsimpl. destruct p, q; simpl; relu.
Qed.

(** Lemma 9's gated rounding: exact on a Boolean x and gate. *)
Lemma unit_rounding (c x gate : nat) (p q : bool) (y : nat -> R) : y x = B2R p -> y gate = B2R q ->
  unit_val (real_unit (rounding c x gate)) y = B2R (p && negb q).
Proof.
intros Hx Hg. rewrite unit_val_real. unfold rounding. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd].
qsimpl. rewrite Hx, Hg. destruct p, q; simpl; relu.
Qed.

(** Uniform heads over (-1)^j: the averages of Proposition 11. *)
Lemma alt_sum (m : nat) : rsum (fun k => (-1) ^ S k) 0 m = if Nat.even m then 0 else -1.
Proof.
induction m as [|m IH]; [reflexivity|].
replace (rsum (fun k => (-1) ^ S k) 0 (S m)) with (rsum (fun k => (-1) ^ S k) 0 m + (-1) ^ S m) by reflexivity.
rewrite IH, (pow_m1 (S m)), Nat.even_succ, <- Nat.negb_even. destruct (Nat.even m); simpl; ring.
Qed.

Lemma alt_sum_from (i m : nat) : rsum (fun k => (-1) ^ S (i + k)) 0 m = (-1) ^ S i * (if Nat.even m then 0 else 1).
Proof.
rewrite (rsum_ext _ (fun k => (-1) ^ S i * (-1) ^ k)) by (intros j _; rewrite <- pow_add; f_equal).
rewrite rsum_scal. f_equal. induction m as [|m IH]; [reflexivity|].
change (rsum (pow (-1)) 0 (S m)) with (rsum (pow (-1)) 0 m + (-1) ^ (0 + m)). simpl (0 + m)%nat.
rewrite IH, (pow_m1 m), Nat.even_succ, <- Nat.negb_even. destruct (Nat.even m); simpl; ring.
Qed.

Definition avg_first_val (i : nat) : R := / INR (S i) * (if Nat.even (S i) then 0 else -1).
Definition avg_last_val (n i : nat) : R := / INR (n - i) * ((-1) ^ S i * (if Nat.even (n - i) then 0 else 1)).

Lemma head_uniform_out (n : nat) (h : head) (x : stream) (i : nat) : h_terms h = [] -> h_hard h = Average -> (i < n)%nat ->
  head_out hard_w n h x i = / INR (vis_cnt (h_mask h) n i) * rsum (fun k => x (vis_lo (h_mask h) i + k)%nat (h_val h)) 0 (vis_cnt (h_mask h) n i).
Proof.
intros Ht Hr Hi. unfold head_out. rewrite <- rsum_scal. apply rsum_ext. intros k Hk.
unfold hard_w. rewrite Hr. unfold score. rewrite Ht. simpl. rewrite avg_hard_const by (apply vis_pos, Hi). ring.
Qed.

Lemma head_avg_first (n kk : nat) (x : stream) (i : nat) : (i < n)%nat ->
  (forall j, (j < n)%nat -> x j (c_alt kk) = (-1) ^ S j) ->
  head_out hard_w n (real_head (SHead (c_avg_first kk) (c_alt kk) [] Future Average)) x i = avg_first_val i.
Proof.
intros Hi Hx. rewrite head_uniform_out by (reflexivity || exact Hi). cbn [real_head h_mask h_val vis_lo vis_cnt sh_mask sh_val]. unfold avg_first_val. f_equal.
rewrite (rsum_ext _ (fun k => (-1) ^ S k)) by (intros j Hj; apply Hx; lia). apply alt_sum.
Qed.

Lemma head_avg_last (n kk : nat) (x : stream) (i : nat) : (i < n)%nat ->
  (forall j, (j < n)%nat -> x j (c_alt kk) = (-1) ^ S j) ->
  head_out hard_w n (real_head (SHead (c_avg_last kk) (c_alt kk) [] Past Average)) x i = avg_last_val n i.
Proof.
intros Hi Hx. rewrite head_uniform_out by (reflexivity || exact Hi). cbn [real_head h_mask h_val vis_lo vis_cnt sh_mask sh_val]. unfold avg_last_val. f_equal.
rewrite (rsum_ext _ (fun k => (-1) ^ S (i + k))) by (intros j Hj; apply Hx; lia). apply alt_sum_from.
Qed.

Lemma inv_le_third (m : nat) : (3 <= m)%nat -> 0 < / INR m /\ / INR m <= / 3.
Proof.
intros H. assert (H3 : 3 <= INR m) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR, H).
split; [apply Rinv_0_lt_compat; lra|apply Rinv_le_contravar; lra].
Qed.

Lemma unit_first (kk i : nat) (y : nat -> R) : y (c_avg_first kk) = avg_first_val i ->
  unit_val (real_unit (SUnit (c_first kk) [SNeuron 1 [(c_avg_first kk, (-2)%Q)] (-1); SNeuron (-1) [(c_avg_first kk, (-2)%Q)] (-2)] 0)) y
  = B2R (Nat.eqb i 0).
Proof.
intros Hy. rewrite unit_val_real. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd]. qsimpl. rewrite Hy.
unfold avg_first_val. destruct i as [|i].
- simpl. rewrite Rinv_1. relu.
- destruct (Nat.even (S (S i))) eqn:E; simpl Nat.eqb; unfold B2R.
  + relu.
  + assert (i <> 0%nat) by (intros ->; discriminate). destruct (inv_le_third (S (S i)) ltac:(lia)). relu.
Qed.

Lemma unit_last (n kk i : nat) (y : nat -> R) : (i < n)%nat -> y (c_avg_last kk) = avg_last_val n i ->
  unit_val (real_unit (SUnit (c_last kk) [SNeuron 1 [(c_avg_last kk, 2%Q)] (-1); SNeuron 1 [(c_avg_last kk, (-2)%Q)] (-1)] 0)) y
  = B2R (Nat.eqb (S i) n).
Proof.
intros Hi Hy. rewrite unit_val_real. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd]. qsimpl. rewrite Hy.
unfold avg_last_val. rewrite (pow_m1 (S i)).
destruct (Nat.eq_dec (n - i) 1) as [E|E].
- rewrite E. replace (Nat.eqb (S i) n) with true by (symmetry; apply Nat.eqb_eq; lia). change (Nat.even 1) with false. unfold B2R.
  change (INR 1) with 1. rewrite Rinv_1. destruct (Nat.even (S i)); relu.
- replace (Nat.eqb (S i) n) with false by (symmetry; apply Nat.eqb_neq; lia). unfold B2R.
  destruct (Nat.even (n - i)) eqn:Ev.
  + relu.
  + assert (n - i <> 2)%nat by (intros E2; rewrite E2 in Ev; discriminate).
    destruct (inv_le_third (n - i) ltac:(lia)). destruct (Nat.even (S i)); relu.
Qed.

(** Selection heads (Y: future mask, tie +j/n; X: past mask, tie -j/n). *)
Definition sel_head (kk att a : nat) (m : mask) (s : Q) : shead :=
  SHead att a [(c_alt kk, c_alt kk, (-1)%Q); (c_one kk, c_frac kk, s)] m Average.

Definition pe_ok (n kk : nat) (x : stream) : Prop := forall j, (j < n)%nat ->
  x j (c_one kk) = 1 /\ x j (c_alt kk) = (-1) ^ S j /\ x j (c_frac kk) = INR (S j) / INR n.

Lemma sel_score (n kk att a : nat) (m : mask) (s : Q) (x : stream) (i j : nat) : (i < n)%nat -> (j < n)%nat ->
  pe_ok n kk x -> score (real_head (sel_head kk att a m s)) x i j = - ((-1) ^ S i * (-1) ^ S j) + Q2R s * (INR (S j) / INR n).
Proof.
intros Hi Hj Hx. destruct (Hx i Hi) as [Oi [Ai Fi]]. destruct (Hx j Hj) as [Oj [Aj Fj]].
unfold score. cbn [real_head sel_head h_terms sh_terms map lsum fst snd]. rewrite Oi, Ai, Aj, Fj. qsimpl. ring.
Qed.

Lemma alt_prod2 (i k : nat) : (-1) ^ S i * (-1) ^ S (i + k) = (-1) ^ k.
Proof.
replace (S (i + k)) with (S i + k)%nat by lia. rewrite pow_add.
replace ((-1) ^ S i * ((-1) ^ S i * (-1) ^ k)) with (((-1) ^ S i * (-1) ^ S i) * (-1) ^ k) by ring.
rewrite <- pow_add, (pow_m1 (S i + S i)). replace (Nat.even (S i + S i)) with true; [ring|].
symmetry. apply Nat.even_spec. exists (S i). lia.
Qed.

Lemma inv_n (n : nat) : (1 <= n)%nat -> 0 < / INR n <= 1.
Proof.
intros H. assert (1 <= INR n) by (replace 1 with (INR 1) by reflexivity; apply le_INR, H).
split; [apply Rinv_0_lt_compat; lra|]. rewrite <- Rinv_1. apply Rinv_le_contravar; lra.
Qed.

(** The arithmetic of Y_gap and S_gap, for any length N > i (N = n; variant (c) has N = i + 1). *)
Lemma Y_arith (N i k : nat) : (1 <= N)%nat -> (i < N)%nat -> (k < S i)%nat -> k <> (i - 1)%nat ->
  - ((-1) ^ S i * (-1) ^ S k) + INR (S k) / INR N
  <= - ((-1) ^ S i * (-1) ^ S (i - 1)) + INR (S (i - 1)) / INR N - / INR N.
Proof.
intros Hn Hi Hk Hne. rewrite !alt_prod by lia. replace (i - (i - 1))%nat with 1%nat by lia. replace (S (i - 1)) with i by lia.
destruct (inv_n N Hn) as [Hr0 Hr1]. unfold Rdiv. set (r := / INR N) in *. rewrite S_INR.
assert (Hki : INR k <= INR i) by (apply le_INR; lia). rewrite pow_m1. simpl pow.
destruct (Nat.even (i - k)) eqn:E.
- assert (0 <= (INR i - INR k) * r) by (apply Rmult_le_pos; lra). nra.
- destruct (odd_ex _ E) as [q Hq]. assert (q <> 0%nat) by (intros ->; lia).
  assert (INR k + 3 <= INR i) by (replace 3 with (INR 3) by (simpl; ring); rewrite <- plus_INR; apply le_INR; lia).
  assert (0 <= (INR i - INR k - 3) * r) by (apply Rmult_le_pos; lra). nra.
Qed.

Lemma Y_gap (n kk att a : nat) (x : stream) (i : nat) : (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x ->
  forall k, (k < S i)%nat -> k <> (i - 1)%nat ->
  score (real_head (sel_head kk att a Future 1)) x i (0 + k) <= score (real_head (sel_head kk att a Future 1)) x i (0 + (i - 1)) - / INR n.
Proof.
intros Hn Hi Hx k Hk Hne. simpl (0 + _)%nat. rewrite !(sel_score n kk) by (assumption || lia). qsimpl.
rewrite !Rmult_1_l. apply Y_arith; assumption.
Qed.

Lemma X_gap (n kk att a : nat) (x : stream) (i : nat) : (1 <= n)%nat -> (S i < n)%nat -> pe_ok n kk x ->
  forall k, (k < n - i)%nat -> k <> 1%nat ->
  score (real_head (sel_head kk att a Past (-1))) x i (i + k) <= score (real_head (sel_head kk att a Past (-1))) x i (i + 1) - / INR n.
Proof.
intros Hn Hi Hx k Hk Hne. rewrite !(sel_score n kk) by (assumption || lia). rewrite !alt_prod2.
qsimpl. destruct (inv_n n Hn) as [Hr0 Hr1]. unfold Rdiv. set (r := / INR n) in *. rewrite !S_INR, !plus_INR.
simpl (INR 1). rewrite pow_m1. simpl pow. pose proof (pos_INR k).
destruct (Nat.even k) eqn:E.
- assert (0 <= INR k * r) by (apply Rmult_le_pos; lra). nra.
- destruct (odd_ex _ E) as [q Hq]. assert (q <> 0%nat) by (intros ->; lia).
  assert (3 <= INR k) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR; lia).
  assert (0 <= (INR k - 3) * r) by (apply Rmult_le_pos; lra). nra.
Qed.


(** A head whose scores have a top t i with gap g at every i is tieless and reads x at its top. *)
Lemma head_tops (n : nat) (h : head) (x : stream) (g : R) (t : nat -> nat) : 0 < g ->
  (forall i, (i < n)%nat -> (t i < vis_cnt (h_mask h) n i)%nat /\ forall k, (k < vis_cnt (h_mask h) n i)%nat -> k <> t i ->
     score h x i (vis_lo (h_mask h) i + k) <= score h x i (vis_lo (h_mask h) i + t i) - g) ->
  tieless n g h x /\ forall i, (i < n)%nat -> head_out hard_w n h x i = x (vis_lo (h_mask h) i + t i)%nat (h_val h).
Proof.
intros Hg H. split; [intros i Hi; exists (t i); exact (H i Hi)|].
intros i Hi. destruct (H i Hi) as [H1 H2]. exact (head_out_at n h x i (t i) g Hg H1 H2).
Qed.

Lemma head_Y (n kk att a : nat) (x : stream) : (1 <= n)%nat -> pe_ok n kk x ->
  tieless n (/ INR n) (real_head (sel_head kk att a Future 1)) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (sel_head kk att a Future 1)) x i = x (i - 1)%nat a.
Proof.
intros Hn Hx. destruct (inv_n n Hn) as [Hr _].
destruct (head_tops n (real_head (sel_head kk att a Future 1)) x _ (fun i => i - 1)%nat Hr) as [T O]; [|exact (conj T O)].
intros i Hi. split; [simpl; lia|intros k Hk Hne; apply Y_gap; assumption].
Qed.

Definition x_next (n i : nat) : nat := if (S i <? n)%nat then S i else i.

Lemma x_next_lt (n i : nat) : (i < n)%nat -> (x_next n i < n)%nat.
Proof. intros Hi. unfold x_next. destruct (S i <? n)%nat eqn:E; [apply Nat.ltb_lt in E|]; lia. Qed.

(** Y p at i is p at i - 1 unless i is first; X p at i is p at x_next n i unless i is last. *)
Lemma sat_Y (n : nat) (w : nat -> nat) (p : ltl) (i : nat) : (i < n)%nat ->
  sat n w p (i - 1) && negb (Nat.eqb i 0) = sat n w (LY p) i.
Proof. intros _. simpl. destruct i; simpl; [apply andb_false_r|]. rewrite Nat.sub_0_r, andb_true_r. reflexivity. Qed.

Lemma sat_X (n : nat) (w : nat -> nat) (p : ltl) (i : nat) : (i < n)%nat ->
  sat n w p (x_next n i) && negb (Nat.eqb (S i) n) = sat n w (LX p) i.
Proof.
intros Hi. cbn [sat]. unfold x_next. destruct (S i <? n)%nat eqn:Es.
- apply Nat.ltb_lt in Es. replace (Nat.eqb (S i) n) with false by (symmetry; apply Nat.eqb_neq; lia). apply andb_true_r.
- apply Nat.ltb_ge in Es. replace (Nat.eqb (S i) n) with true by (symmetry; apply Nat.eqb_eq; lia). apply andb_false_r.
Qed.

Lemma head_X (n kk att a : nat) (x : stream) : (1 <= n)%nat -> pe_ok n kk x ->
  tieless n (/ INR n) (real_head (sel_head kk att a Past (-1))) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (sel_head kk att a Past (-1))) x i = x (x_next n i) a.
Proof.
intros Hn Hx. destruct (inv_n n Hn) as [Hr _].
destruct (head_tops n (real_head (sel_head kk att a Past (-1))) x _ (fun i => if (S i <? n)%nat then 1 else 0)%nat Hr) as [T O].
{ intros i Hi. cbv beta. simpl vis_cnt. simpl vis_lo. destruct (S i <? n)%nat eqn:E.
  - apply Nat.ltb_lt in E. split; [lia|]. intros k Hk Hne. apply X_gap; assumption.
  - apply Nat.ltb_ge in E. split; [lia|]. intros k Hk Hne. lia. }
split; [exact T|]. intros i Hi. rewrite O by exact Hi. simpl. unfold x_next. destruct (S i <? n)%nat; f_equal; lia.
Qed.

(** Since and until: the nearest position where the stop node !p | q holds. *)
Fixpoint rm (B : nat -> bool) (i : nat) : option nat :=
  if B i then Some i else match i with O => None | S i' => rm B i' end.
Fixpoint lm (B : nat -> bool) (m i : nat) : option nat :=
  match m with O => None | S m' => if B i then Some i else lm B m' (S i) end.
Definition topS (B : nat -> bool) (i : nat) : nat := match rm B i with Some j => j | None => i end.
Definition topU (B : nat -> bool) (m i : nat) : nat := match lm B m i with Some j => j | None => i end.

Lemma rm_some (B : nat -> bool) (i j : nat) : rm B i = Some j ->
  (j <= i)%nat /\ B j = true /\ forall k, (j < k <= i)%nat -> B k = false.
Proof.
induction i as [|i IH]; intros H.
- simpl in H. destruct (B 0%nat) eqn:E; inversion H. subst. split; [lia|split; [exact E|intros; lia]].
- change (rm B (S i)) with (if B (S i) then Some (S i) else rm B i) in H. destruct (B (S i)) eqn:E.
  + inversion H. subst. split; [lia|split; [exact E|intros; lia]].
  + destruct (IH H) as [H1 [H2 H3]]. split; [lia|split; [exact H2|]]. intros k Hk.
    destruct (Nat.eq_dec k (S i)) as [->|Hne]; [exact E|apply H3; lia].
Qed.

Lemma rm_none (B : nat -> bool) (i : nat) : rm B i = None -> forall k, (k <= i)%nat -> B k = false.
Proof.
induction i as [|i IH]; intros H k Hk.
- simpl in H. destruct (B 0%nat) eqn:E; [discriminate|]. replace k with 0%nat by lia. exact E.
- change (rm B (S i)) with (if B (S i) then Some (S i) else rm B i) in H. destruct (B (S i)) eqn:E; [discriminate|].
  destruct (Nat.eq_dec k (S i)) as [->|Hne]; [exact E|apply IH; [exact H|lia]].
Qed.

Lemma lm_some (B : nat -> bool) (m i j : nat) : lm B m i = Some j ->
  (i <= j < i + m)%nat /\ B j = true /\ forall k, (i <= k < j)%nat -> B k = false.
Proof.
revert i. induction m as [|m IH]; intros i; simpl; [discriminate|]. destruct (B i) eqn:E; intros H.
- inversion H. subst. split; [lia|split; [exact E|intros; lia]].
- destruct (IH (S i) H) as [H1 [H2 H3]]. split; [lia|split; [exact H2|]]. intros k Hk.
  destruct (Nat.eq_dec k i) as [->|Hne]; [exact E|apply H3; lia].
Qed.

Lemma lm_none (B : nat -> bool) (m i : nat) : lm B m i = None -> forall k, (i <= k < i + m)%nat -> B k = false.
Proof.
revert i. induction m as [|m IH]; intros i; simpl; [intros _ k Hk; lia|]. destruct (B i) eqn:E; intros H k Hk; [discriminate|].
destruct (Nat.eq_dec k i) as [->|Hne]; [exact E|apply (IH (S i) H); lia].
Qed.

(** The top of S at i is at or before i; the top of U at i < n is in [i, n). *)
Lemma topS_le (B : nat -> bool) (i : nat) : (topS B i <= i)%nat.
Proof. unfold topS. destruct (rm B i) as [t|] eqn:E; [apply (rm_some B i t E)|lia]. Qed.

Lemma topU_lt (B : nat -> bool) (n i : nat) : (i < n)%nat -> (i <= topU B (n - i) i < n)%nat.
Proof. intros Hi. unfold topU. destruct (lm B (n - i) i) as [t|] eqn:E; [pose proof (lm_some B _ i t E)|]; lia. Qed.

(** S(i) is q at the nearest stop position at or before i (false when there is none). *)
Lemma since_rm (P Q : nat -> bool) (i : nat) :
  since_rec P Q i = match rm (fun j => negb (P j) || Q j) i with Some j => Q j | None => false end.
Proof.
induction i as [|i IH].
- simpl. destruct (P 0%nat) eqn:E1, (Q 0%nat) eqn:E2; simpl; rewrite ?E2; reflexivity.
- change (since_rec P Q (S i)) with (Q (S i) || (P (S i) && since_rec P Q i)).
  change (rm (fun j => negb (P j) || Q j) (S i)) with
    (if negb (P (S i)) || Q (S i) then Some (S i) else rm (fun j => negb (P j) || Q j) i).
  rewrite IH. destruct (P (S i)) eqn:E1, (Q (S i)) eqn:E2; simpl; rewrite ?E2; reflexivity.
Qed.

Lemma since_top (P Q : nat -> bool) (i : nat) : since_rec P Q i = Q (topS (fun j => negb (P j) || Q j) i).
Proof.
unfold topS. rewrite since_rm. destruct (rm _ i) eqn:E; [reflexivity|].
pose proof (rm_none _ i E i (le_n i)) as H. simpl in H. destruct (Q i); [rewrite orb_true_r in H; discriminate|reflexivity].
Qed.

Lemma until_lm (P Q : nat -> bool) (m i : nat) :
  until_rec P Q m i = match lm (fun j => negb (P j) || Q j) m i with Some j => Q j | None => false end.
Proof.
revert i. induction m as [|m IH]; intros i; [reflexivity|].
change (until_rec P Q (S m) i) with (Q i || (P i && until_rec P Q m (S i))).
change (lm (fun j => negb (P j) || Q j) (S m) i) with
  (if negb (P i) || Q i then Some i else lm (fun j => negb (P j) || Q j) m (S i)).
rewrite IH. destruct (P i) eqn:E1, (Q i) eqn:E2; simpl; rewrite ?E2; reflexivity.
Qed.

Lemma until_top (P Q : nat -> bool) (m i : nat) : (1 <= m)%nat ->
  until_rec P Q m i = Q (topU (fun j => negb (P j) || Q j) m i).
Proof.
intros Hm. unfold topU. rewrite until_lm. destruct (lm _ m i) eqn:E; [reflexivity|].
pose proof (lm_none _ m i E i ltac:(lia)) as H. simpl in H. destruct (Q i); [rewrite orb_true_r in H; discriminate|reflexivity].
Qed.

(** The S / U heads: score 2 [stop at j] +- (j + 1)/n. *)
Definition su_head (kk att b s : nat) (m : mask) (sign : Q) : shead :=
  SHead att b [(c_one kk, s, 2%Q); (c_one kk, c_frac kk, sign)] m Average.

Lemma su_score (n kk att b s : nat) (m : mask) (sign : Q) (x : stream) (i j : nat) : (i < n)%nat -> (j < n)%nat ->
  pe_ok n kk x -> score (real_head (su_head kk att b s m sign)) x i j = 2 * x j s + Q2R sign * (INR (S j) / INR n).
Proof.
intros Hi Hj Hx. destruct (Hx i Hi) as [Oi _]. destruct (Hx j Hj) as [_ [_ Fj]].
unfold score. cbn [real_head su_head h_terms sh_terms map lsum fst snd]. rewrite Oi, Fj. qsimpl. ring.
Qed.

Lemma inv_n_mul (n : nat) : (1 <= n)%nat -> INR n * / INR n = 1.
Proof. intros H. apply Rinv_r. apply not_0_INR. lia. Qed.

Lemma B2R_le1 (b : bool) : 0 <= B2R b <= 1.
Proof. destruct b; simpl; lra. Qed.

Lemma S_arith (N i : nat) (f : nat -> R) (B : nat -> bool) : (1 <= N)%nat -> (i < N)%nat ->
  (forall j, (j <= i)%nat -> f j = B2R (B j)) ->
  forall k, (k < S i)%nat -> k <> topS B i ->
  2 * f k + INR (S k) / INR N <= 2 * f (topS B i) + INR (S (topS B i)) / INR N - / INR N.
Proof.
intros Hn Hi HB k Hk Hne. unfold topS in *.
destruct (inv_n N Hn) as [Hr0 Hr1]. pose proof (inv_n_mul N Hn) as Hnr.
assert (Hkn : INR (S k) <= INR N) by (apply le_INR; lia).
destruct (rm B i) as [t|] eqn:E.
- destruct (rm_some B i t E) as [Ht [Bt Hafter]].
  rewrite (HB k), (HB t) by lia. rewrite Bt. unfold Rdiv.
  set (r := / INR N) in *. simpl B2R.
  assert (INR (S t) * r >= 0) by (apply Rle_ge, Rmult_le_pos; [apply pos_INR|lra]).
  destruct (Nat.lt_ge_cases t k) as [Hlt|Hge].
  + rewrite (Hafter k) by lia. simpl B2R.
    assert (0 <= (INR N - INR (S k)) * r) by (apply Rmult_le_pos; lra). nra.
  + assert (INR (S k) + 1 <= INR (S t)) by (rewrite <- S_INR; apply le_INR; lia).
    assert (0 <= (INR (S t) - INR (S k) - 1) * r) by (apply Rmult_le_pos; lra).
    pose proof (B2R_le1 (B k)). nra.
- pose proof (rm_none B i E) as Hnone.
  rewrite (HB k), (HB i) by lia. rewrite !Hnone by lia. unfold Rdiv.
  set (r := / INR N) in *. simpl B2R.
  assert (INR (S k) + 1 <= INR (S i)) by (rewrite <- S_INR; apply le_INR; lia).
  assert (0 <= (INR (S i) - INR (S k) - 1) * r) by (apply Rmult_le_pos; lra). nra.
Qed.

Lemma S_gap (n kk att b s : nat) (x : stream) (i : nat) (B : nat -> bool) : (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  forall k, (k < S i)%nat -> k <> topS B i ->
  score (real_head (su_head kk att b s Future 1)) x i (0 + k) <= score (real_head (su_head kk att b s Future 1)) x i (0 + topS B i) - / INR n.
Proof.
intros Hn Hi Hx HB k Hk Hne. simpl (0 + _)%nat. pose proof (topS_le B i).
rewrite !(su_score n kk) by (assumption || lia). qsimpl. rewrite !Rmult_1_l.
apply (S_arith n i (fun j => x j s) B); try assumption. intros j Hj. apply HB. lia.
Qed.

Lemma U_gap (n kk att b s : nat) (x : stream) (i : nat) (B : nat -> bool) : (1 <= n)%nat -> (i < n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  forall k, (k < n - i)%nat -> k <> (topU B (n - i) i - i)%nat ->
  score (real_head (su_head kk att b s Past (-1))) x i (i + k)
  <= score (real_head (su_head kk att b s Past (-1))) x i (i + (topU B (n - i) i - i)) - / INR n.
Proof.
intros Hn Hi Hx HB k Hk Hne. unfold topU in *.
destruct (inv_n n Hn) as [Hr0 Hr1]. pose proof (inv_n_mul n Hn) as Hnr.
destruct (lm B (n - i) i) as [t|] eqn:E.
- destruct (lm_some B (n - i) i t E) as [Ht [Bt Hbefore]]. replace (i + (t - i))%nat with t in * by lia.
  assert (Htn : INR (S t) <= INR n) by (apply le_INR; lia).
  rewrite !(su_score n kk) by (assumption || lia). rewrite !HB by lia. rewrite Bt. qsimpl. unfold Rdiv.
  set (r := / INR n) in *. simpl B2R.
  assert (0 <= (INR n - INR (S t)) * r) by (apply Rmult_le_pos; lra).
  assert (0 <= INR (S (i + k)) * r) by (apply Rmult_le_pos; [apply pos_INR|lra]).
  destruct (Nat.lt_ge_cases (i + k) t) as [Hlt|Hge].
  + rewrite (Hbefore (i + k)%nat) by lia. simpl B2R. nra.
  + assert (INR (S t) + 1 <= INR (S (i + k))) by (rewrite <- S_INR; apply le_INR; lia).
    assert (0 <= (INR (S (i + k)) - INR (S t) - 1) * r) by (apply Rmult_le_pos; lra).
    pose proof (B2R_le1 (B (i + k)%nat)). nra.
- pose proof (lm_none B (n - i) i E) as Hnone. replace (i - i)%nat with 0%nat in * by lia.
  rewrite Nat.add_0_r. rewrite !(su_score n kk) by (assumption || lia). rewrite !HB by lia. rewrite !Hnone by lia.
  qsimpl. unfold Rdiv. set (r := / INR n) in *. simpl B2R.
  assert (INR (S i) + 1 <= INR (S (i + k))) by (rewrite <- S_INR; apply le_INR; lia).
  assert (0 <= (INR (S (i + k)) - INR (S i) - 1) * r) by (apply Rmult_le_pos; lra). nra.
Qed.

Lemma head_S (n kk att b s : nat) (x : stream) (B : nat -> bool) : (1 <= n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  tieless n (/ INR n) (real_head (su_head kk att b s Future 1)) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (su_head kk att b s Future 1)) x i = x (topS B i) b.
Proof.
intros Hn Hx HB. destruct (inv_n n Hn) as [Hr _].
destruct (head_tops n (real_head (su_head kk att b s Future 1)) x _ (topS B) Hr) as [T O]; [|exact (conj T O)].
intros i Hi. pose proof (topS_le B i). split; [simpl; lia|intros k Hk Hne; apply S_gap; assumption].
Qed.

Lemma head_U (n kk att b s : nat) (x : stream) (B : nat -> bool) : (1 <= n)%nat -> pe_ok n kk x ->
  (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  tieless n (/ INR n) (real_head (su_head kk att b s Past (-1))) x /\
  forall i, (i < n)%nat -> head_out hard_w n (real_head (su_head kk att b s Past (-1))) x i = x (topU B (n - i) i) b.
Proof.
intros Hn Hx HB. destruct (inv_n n Hn) as [Hr _].
destruct (head_tops n (real_head (su_head kk att b s Past (-1))) x _ (fun i => topU B (n - i) i - i)%nat Hr) as [T O].
{ intros i Hi. pose proof (topU_lt B n i Hi). split; [simpl; lia|intros k Hk Hne; apply U_gap; assumption]. }
split; [exact T|]. intros i Hi. rewrite O by exact Hi. simpl. f_equal. pose proof (topU_lt B n i Hi). lia.
Qed.

Lemma unit_rounding1 (c x : nat) (p : bool) (y : nat -> R) : y x = B2R p -> unit_val (real_unit (rounding1 c x)) y = B2R p.
Proof.
intros Hx. rewrite unit_val_real. unfold rounding1. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd].
qsimpl. rewrite Hx. destruct p; simpl; relu.
Qed.

