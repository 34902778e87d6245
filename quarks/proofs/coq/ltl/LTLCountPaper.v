(** * Seed 004, Theorem 20 (a) as printed: a count read back as C/n at temperature 1/(2n^3), and the sign test (E + 1/2)/n.

    The paper's variant (a) has one network with fixed parameters and bounded embeddings for every
    length n; only the temperature 1/(2n^3) depends on n.  A count C = #d[phi] (0 <= C <= n)
    arrives as C/d and 1/d (1 <= d <= n, the count head's average and the embedding 1/i or
    1/(n - i + 1)); the lookup head [plook_head] with the n-independent coefficients 2K and K on
    the bounded keys j/n^2 and -(j/n)^2 (LTLCountBoundedSim.v's [pe_key1], [pe_key2]) and the bounded
    value j/n has scores K (C^2 - (j - C)^2)/(d n^2), that is 2Kn/d (C^2 - (j - C)^2) >= 2K (..) at
    1/(2n^3), peaking at j = max(C, 1).  Its read is within [perr K]/n = 3 e^(-(2K - 1))/n of
    max(C, 1)/n for every n ([plook_soft]: the value moves by 1/n per position, and the weights fall
    off as e^(-2K (j - t)^2); [softmax_read_lip], [lip_mass_bound]).  With K = 2 + 2L, L = sum_k |a_k|,
    L [perr K] <= 1/4 ([perr_sum]), so a query z' = sum_k a_k r_k + (c0 + 1/2)/n built from reads
    r_k within [perr K]/n of C_k/n is within 1/(4n) of (E + 1/2)/n, E = sum_k a_k C_k + c0, and the
    paper's sign test, a head with the n-independent query weights 2 a_k, 2 (c0 + 1/2) on the key
    (-1)^j and value [j even], reads [E >= 0] within 1/4 at 1/(2n^3) ([paper_sign_soft], through
    LTLCount.v's [sign_test_soft_approx]), and Lemma 9's rounding makes it exact ([paper_cmp_exact]);
    the coordinate 1/n is an unmasked uniform head over the first-position flag ([inv_len_head]).
    The mixed comparisons of Theorem 20 (a) at the paper's temperature with weights independent of
    n, at head level: a compiler placing these heads, and the other blocks at 1/(2n^3), are not here. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith.
From Quarks Require Import RSum Softmax TransformerModel Transformer LTLLevels LTLSyntax LTLSoft LTLCount LTLCountLookup LTLCountMix.
Import ListNotations.
Open Scope R_scope.

(** The paper's temperature of variant (a). *)
Definition tau_a (n : nat) : R := / (2 * INR n ^ 3).

Lemma tau_a_pos (n : nat) : (1 <= n)%nat -> 0 < tau_a n.
Proof. intros Hn. unfold tau_a. apply Rinv_0_lt_compat. assert (0 < INR n) by (apply lt_0_INR; lia). pose proof (pow_lt _ 3 H). lra. Qed.

(** ** A read whose values move by at most c per position *)

Lemma rsum_abs_le (f : nat -> R) (a m : nat) : Rabs (rsum f a m) <= rsum (fun j => Rabs (f j)) a m.
Proof. induction m as [|m IH]; simpl; [rewrite Rabs_R0; lra|]. eapply Rle_trans; [apply Rabs_triang|lra]. Qed.

Lemma softmax_read_lip (s v : nat -> R) (n t : nat) (c : R) : (t < n)%nat -> 0 <= c ->
  (forall j, (j < n)%nat -> Rabs (v j - v t) <= c * Rabs (INR j - INR t)) ->
  Rabs (rsum (fun j => softmax s n j * v j) 0 n - v t)
  <= c * rsum (fun j => if Nat.eqb j t then 0 else exp (s j - s t) * Rabs (INR j - INR t)) 0 n.
Proof.
intros Ht Hc Hv. pose proof (partition_ge s n t Ht) as HZ. pose proof (exp_pos (s t)) as He.
replace (rsum (fun j => softmax s n j * v j) 0 n - v t) with (rsum (fun j => softmax s n j * (v j - v t)) 0 n).
2: { rewrite (rsum_ext _ (fun j => softmax s n j * v j + (- v t) * softmax s n j)) by (intros; ring).
     rewrite rsum_plus, rsum_scal. change (rsum (fun j => softmax s n j) 0 n) with (rsum (softmax s n) 0 n).
     rewrite (softmax_sum s n t Ht). ring. }
eapply Rle_trans; [apply rsum_abs_le|]. rewrite <- rsum_scal. apply rsum_le. intros j Hj.
destruct (Nat.eqb_spec j t) as [->|Hne]; [replace (v t - v t) with 0 by ring; rewrite Rmult_0_r, Rabs_R0; lra|].
rewrite Rabs_mult. pose proof (softmax_bounds s n t j Ht ltac:(lia)) as [H0 _].
rewrite (Rabs_pos_eq (softmax s n j)) by exact H0.
assert (Hs : softmax s n j <= exp (s j - s t)).
{ unfold softmax. unfold Rminus. rewrite exp_plus, exp_Ropp. unfold Rdiv. apply Rmult_le_compat_l; [apply Rlt_le, exp_pos|].
  apply Rinv_le_contravar; assumption. }
pose proof (Hv j ltac:(lia)) as Hvj. pose proof (Rabs_pos (v j - v t)). pose proof (Rabs_pos (INR j - INR t)).
pose proof (exp_pos (s j - s t)). nra.
Qed.

Lemma exp3_ge9 : 9 <= exp 3.
Proof.
assert (Hh : 1 + / 2 < exp (/ 2)) by (apply exp_ineq1; lra).
assert (E6 : exp 3 = exp (/ 2) ^ 6) by (rewrite <- exp_mult_nat; f_equal; simpl; field).
rewrite E6. set (a := exp (/ 2)) in *. assert (A2 : 2 <= a ^ 2) by nra. assert (A3 : 3 <= a ^ 3) by (simpl in *; nra).
replace (a ^ 6) with (a ^ 3 * a ^ 3) by ring. nra.
Qed.

(** Quadratic fall-off at rate p >= 2 bounds the mass weighted by the distance:
    sum_{j <> t} e^(s_j - s_t) |j - t| <= 3 e^(-(p - 1)). *)
Lemma lip_mass_bound (s : nat -> R) (n t : nat) (p : R) : (t < n)%nat -> 4 <= p ->
  (forall j, (j < n)%nat -> s j <= s t - p * (INR j - INR t) ^ 2) ->
  rsum (fun j => if Nat.eqb j t then 0 else exp (s j - s t) * Rabs (INR j - INR t)) 0 n <= 3 * exp (- (p - 1)).
Proof.
intros Ht Hp Hs. set (s' := fun j => - (p - 1) * Rabs (INR j - INR t)).
assert (Hs' : forall j, (j < n)%nat -> s' j <= s' t - (p - 1) * Rabs (INR j - INR t)).
{ intros j _. unfold s'. replace (INR t - INR t) with 0 by ring. rewrite Rabs_R0. lra. }
pose proof (lemma6_falloff s' n t (p - 1) Ht ltac:(lra) Hs') as Hl.
destruct (softmax_l1_to_e s' n t Ht) as [_ El]. rewrite El in Hl.
pose proof (partition_rest s' n t Ht) as HP.
assert (E0 : exp (s' t) = 1) by (unfold s'; replace (INR t - INR t) with 0 by ring; rewrite Rabs_R0, Rmult_0_r; apply exp_0).
rewrite E0 in HP. set (o := off_mass s' n t) in *. pose proof (off_mass_nonneg s' n t) as Ho. fold o in Ho.
set (q := exp (- (p - 1))) in *.
assert (Hq : 0 < q <= / 9).
{ split; [apply exp_pos|]. unfold q. assert (H3 : exp (- (p - 1)) <= exp (- 3)) by (apply exp_mono; lra).
  pose proof exp3_ge9. assert (exp (- 3) * exp 3 = 1) by (rewrite <- exp_plus; replace (-3 + 3) with 0 by ring; apply exp_0).
  assert (0 < exp (- 3)) by apply exp_pos. nra. }
assert (Ho_le : o <= 3 * q).
{ rewrite HP in Hl. assert (H1q : 0 < 1 - q) by lra.
  apply (Rmult_le_compat_r (1 + o)) in Hl; [|lra]. unfold Rdiv in Hl.
  replace (2 * o * / (1 + o) * (1 + o)) with (2 * o) in Hl by (field; lra).
  replace (4 * q * / (1 - q) * (1 + o)) with (4 * q * (1 + o) / (1 - q)) in Hl by (field; lra).
  apply (Rmult_le_compat_r (1 - q)) in Hl; [|lra]. unfold Rdiv in Hl.
  replace (4 * q * (1 + o) * / (1 - q) * (1 - q)) with (4 * q * (1 + o)) in Hl by (field; lra). nra. }
eapply Rle_trans; [|apply Ho_le]. unfold o, off_mass. apply rsum_le. intros j Hj.
destruct (Nat.eqb j t) eqn:Ej; [lra|]. apply Nat.eqb_neq in Ej.
set (m := Rabs (INR j - INR t)).
assert (Hm : 1 <= m).
{ pose proof (INR_sq_ge1 j t Ej) as H1. rewrite <- (pow2_abs (INR j - INR t)) in H1. fold m in H1.
  pose proof (Rabs_pos (INR j - INR t)). fold m in H. nra. }
assert (Hsj : s j - s t <= - p * m).
{ pose proof (Hs j ltac:(lia)) as H. rewrite <- (pow2_abs (INR j - INR t)) in H. fold m in H.
  assert (Hmm : m <= m ^ 2) by nra. assert (p * m <= p * m ^ 2) by (apply Rmult_le_compat_l; lra). lra. }
assert (Hme : m <= exp m) by (pose proof (exp_ineq1 m ltac:(lra)); lra).
unfold s'. fold m.
apply Rle_trans with (exp (- p * m) * exp m).
- apply Rmult_le_compat; [apply Rlt_le, exp_pos|lra|apply exp_mono; exact Hsj|exact Hme].
- rewrite <- exp_plus. apply exp_mono. lra.
Qed.

(** ** The lookup of a count at 1/(2n^3) *)

(** Query C/d and 1/d at cnt, inv; keys j/n^2, -(j/n)^2 at k1, k2; value j/n at v; no mask. *)
Definition plook_head (att v cnt inv k1 k2 : nat) (K : R) : head :=
  Head att v [((cnt, k1), 2 * K); ((inv, k2), K)] NoMask Average.

(** The error of one read, times n. *)
Definition perr (K : R) : R := 3 * exp (- (2 * K - 1)).

Section PLook.
Variables (n att v cnt inv k1 k2 : nat) (K : R) (x : stream) (i C d : nat).
Hypotheses (Hi : (i < n)%nat) (Hd : (1 <= d <= n)%nat) (HC : (C <= n)%nat) (HK : 2 <= K).
Hypotheses (Hcnt : x i cnt = INR C / INR d) (Hinv : x i inv = / INR d)
           (Hk1 : forall j, x j k1 = INR (S j) / INR n ^ 2) (Hk2 : forall j, x j k2 = - (INR (S j) / INR n) ^ 2)
           (Hv : forall j, (j < n)%nat -> x j v = INR (S j) / INR n).

Let h := plook_head att v cnt inv k1 k2 K.
Let t := (C - 1)%nat.

Lemma plook_score (j : nat) : score h x i j = K / (INR d * INR n ^ 2) * (INR C ^ 2 - (INR (S j) - INR C) ^ 2).
Proof.
unfold score, h, plook_head. cbn [h_terms map lsum fst snd]. rewrite Hcnt, Hinv, Hk1, Hk2.
assert (INR d <> 0) by (apply not_0_INR; lia). assert (INR n <> 0) by (apply not_0_INR; lia). field. tauto.
Qed.

(** Softmax at 1/(2n^3) reads max(C, 1)/n within perr K / n, for every n. *)
Theorem plook_soft : Rabs (head_out (soft_w (tau_a n)) n h x i - INR (S t) / INR n) <= perr K / INR n.
Proof.
assert (HD : 0 < INR d) by (apply lt_0_INR; lia). assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (HDN : INR d <= INR n) by (apply le_INR; lia).
set (p := 2 * K * INR n / INR d).
assert (Hp : 2 * K <= p).
{ unfold p. apply (Rmult_le_reg_r (INR d)); [lra|].
  replace (2 * K * INR n / INR d * INR d) with (2 * K * INR n) by (field; lra). nra. }
assert (Ht : (t < n)%nat) by (unfold t; lia).
set (s := fun j => score h x i (0 + j) / tau_a n).
assert (Es : forall j, (j < n)%nat -> s j <= s t - p * (INR j - INR t) ^ 2).
{ intros j _. unfold s. simpl (0 + j)%nat. simpl (0 + t)%nat. unfold tau_a.
  rewrite !plook_score. pose proof (peak_bound C j) as Hb. fold t in Hb.
  replace (K / (INR d * INR n ^ 2) * (INR C ^ 2 - (INR (S j) - INR C) ^ 2) / / (2 * INR n ^ 3))
    with (p * (INR C ^ 2 - (INR (S j) - INR C) ^ 2)) by (unfold p; field; lra).
  replace (K / (INR d * INR n ^ 2) * (INR C ^ 2 - (INR (S t) - INR C) ^ 2) / / (2 * INR n ^ 3))
    with (p * (INR C ^ 2 - (INR (S t) - INR C) ^ 2)) by (unfold p; field; lra).
  assert (0 <= p) by lra. nra. }
unfold head_out, soft_w, soft. replace (vis_lo (h_mask h) i) with 0%nat by reflexivity.
replace (vis_cnt (h_mask h) n i) with n by reflexivity. fold s.
replace (h_val h) with v by reflexivity.
set (w := fun k => x (0 + k)%nat v).
replace (INR (S t) / INR n) with (w t) by (unfold w; simpl (0 + t)%nat; rewrite Hv by exact Ht; reflexivity).
eapply Rle_trans; [apply (softmax_read_lip s w n t (/ INR n) Ht)|].
- apply Rlt_le, Rinv_0_lt_compat, HN.
- intros j Hj. unfold w. simpl (0 + j)%nat. simpl (0 + t)%nat. rewrite (Hv j Hj), (Hv t Ht), !S_INR.
  replace ((INR j + 1) / INR n - (INR t + 1) / INR n) with (/ INR n * (INR j - INR t)) by (field; lra).
  rewrite Rabs_mult, Rabs_pos_eq by (apply Rlt_le, Rinv_0_lt_compat, HN). lra.
- pose proof (lip_mass_bound s n t p Ht ltac:(lra) Es) as Hm.
  assert (He : exp (- (p - 1)) <= exp (- (2 * K - 1))) by (apply exp_mono; lra).
  assert (HI : 0 <= / INR n) by (apply Rlt_le, Rinv_0_lt_compat, HN).
  apply Rle_trans with (/ INR n * (3 * exp (- (p - 1)))); [apply Rmult_le_compat_l; [exact HI|exact Hm]|].
  unfold perr, Rdiv. rewrite (Rmult_comm (3 * _)). apply Rmult_le_compat_l; [exact HI|lra].
Qed.

(** Every read lies in [0, 1] (a convex combination of the values j/n). *)
Lemma plook_range : 0 <= head_out (soft_w (tau_a n)) n h x i <= 1.
Proof.
unfold head_out, soft_w, soft. replace (vis_lo (h_mask h) i) with 0%nat by reflexivity.
replace (vis_cnt (h_mask h) n i) with n by reflexivity. replace (h_val h) with v by reflexivity.
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
set (s := fun j => score h x i (0 + j) / tau_a n).
assert (Hw : forall j, (j < n)%nat -> 0 <= x (0 + j)%nat v <= 1).
{ intros j Hj. simpl (0 + j)%nat. rewrite (Hv j Hj). assert (INR (S j) <= INR n) by (apply le_INR; lia).
  split; [apply Rmult_le_pos; [apply pos_INR|apply Rlt_le, Rinv_0_lt_compat, HN]|].
  apply (Rmult_le_reg_r (INR n)); [exact HN|]. replace (INR (S j) / INR n * INR n) with (INR (S j)) by (field; lra). lra. }
assert (Hs1 : rsum (softmax s n) 0 n = 1) by (apply (softmax_sum s n 0); lia).
split.
- apply rsum_nonneg. intros j Hj. apply Rmult_le_pos; [apply (softmax_bounds s n 0 j); lia|apply Hw; lia].
- rewrite <- Hs1. apply rsum_le. intros j Hj. pose proof (softmax_bounds s n 0 j ltac:(lia) ltac:(lia)). pose proof (Hw j ltac:(lia)). nra.
Qed.

End PLook.

(** With K = 2 + 2L, L reads each within perr K / n add up to at most 1/(4n). *)
Lemma perr_sum (L : R) : 0 <= L -> L * perr (2 + 2 * L) <= 1 / 4.
Proof.
intros HL. unfold perr. replace (- (2 * (2 + 2 * L) - 1)) with (- (4 * L) + - 3) by ring. rewrite exp_plus.
pose proof exp3_ge9. pose proof (exp_pos 3). pose proof (exp_pos (- 3)).
assert (E3 : exp (- 3) * exp 3 = 1) by (rewrite <- exp_plus; replace (-3 + 3) with 0 by ring; apply exp_0).
assert (E4 : exp (- (4 * L)) * exp (4 * L) = 1) by (rewrite <- exp_plus; replace (- (4 * L) + 4 * L) with 0 by ring; apply exp_0).
assert (H4 : 1 + 4 * L <= exp (4 * L)) by (destruct (Req_dec L 0) as [->|HL0]; [rewrite Rmult_0_r, exp_0; lra|apply Rlt_le, exp_ineq1; lra]).
pose proof (exp_pos (- (4 * L))). pose proof (exp_pos (4 * L)).
assert (exp (- 3) <= / 9) by (apply (Rmult_le_reg_r (exp 3)); [lra|]; rewrite E3; apply (Rmult_le_reg_l 9); [lra|]; field_simplify; lra).
assert (L * exp (- (4 * L)) <= / 4).
{ apply (Rmult_le_reg_r (exp (4 * L))); [lra|]. rewrite Rmult_assoc, E4. nra. }
assert (0 <= L * exp (- (4 * L))) by (apply Rmult_le_pos; lra).
replace (L * (3 * (exp (- (4 * L)) * exp (- 3)))) with (3 * (L * exp (- (4 * L))) * exp (- 3)) by ring. nra.
Qed.

(** ** The sign test (E + 1/2)/n at 1/(2n^3) *)

(** sum_k a_k x_i[q_k], and sum_k |a_k|. *)
Fixpoint lread (qs : list (nat * Z)) (x : stream) (i : nat) : R :=
  match qs with [] => 0 | p :: qs' => IZR (snd p) * x i (fst p) + lread qs' x i end.
Fixpoint qmass (qs : list (nat * Z)) : R :=
  match qs with [] => 0 | p :: qs' => Rabs (IZR (snd p)) + qmass qs' end.

Lemma qmass_nonneg (qs : list (nat * Z)) : 0 <= qmass qs.
Proof. induction qs as [|p qs IH]; simpl; [lra|pose proof (Rabs_pos (IZR (snd p))); lra]. Qed.

Lemma sign_terms_read (h : head) (qs : list (nat * Z)) (u kc : nat) (K : R) (c0 : Z) (x : stream) (i j : nat) :
  h_terms h = sign_terms qs u kc K c0 ->
  score h x i j = K * (lread qs x i + (IZR c0 + 1/2) * x i u) * x j kc.
Proof.
intros Ht. unfold score. rewrite Ht. unfold sign_terms. rewrite map_app, lsum_app.
assert (E : forall qs', lsum (map (fun t => snd t * x i (fst (fst t)) * x j (snd (fst t)))
                          (map (fun p => ((fst p, kc), K * IZR (snd p))) qs')) = K * lread qs' x i * x j kc).
{ induction qs' as [|p qs' IH]; cbn [map lsum lread fst snd]; [ring|]. rewrite IH. ring. }
rewrite E. cbn [map lsum fst snd]. ring.
Qed.

Lemma lread_close (qs : list (nat * Z)) (x : stream) (i n : nat) (C : nat -> nat) (e : R) : 0 < INR n ->
  (forall p, In p qs -> Rabs (x i (fst p) - INR (C (fst p)) / INR n) <= e) ->
  Rabs (lread qs x i - IZR (lin_count qs C) / INR n) <= qmass qs * e.
Proof.
intros HN. induction qs as [|p qs IH]; intros H; cbn [lread lin_count qmass].
- replace (0 - IZR 0 / INR n) with 0 by (simpl; field; lra). rewrite Rabs_R0. lra.
- rewrite plus_IZR, mult_IZR, <- INR_IZR_INZ.
  replace (IZR (snd p) * x i (fst p) + lread qs x i - (IZR (snd p) * INR (C (fst p)) + IZR (lin_count qs C)) / INR n)
    with (IZR (snd p) * (x i (fst p) - INR (C (fst p)) / INR n) + (lread qs x i - IZR (lin_count qs C) / INR n)) by (field; lra).
  eapply Rle_trans; [apply Rabs_triang|]. rewrite Rabs_mult.
  pose proof (H p (or_introl eq_refl)). pose proof (IH (fun q Hq => H q (or_intror Hq))). pose proof (Rabs_pos (IZR (snd p))).
  pose proof (Rabs_pos (x i (fst p) - INR (C (fst p)) / INR n)). nra.
Qed.

(** The paper's sign test: reads r_k within e/n of C_k/n (qmass qs * e <= 1/4), the query weights
    K a_k on them and K (c0 + 1/2) on a coordinate holding 1/n, the key (-1)^(j + sh), the value
    [j + sh even], no mask, n >= 2: at 1/(2n^3) the head reads [sum_k a_k C_k + c0 >= 0] within 1/4. *)
Theorem paper_sign_soft (n i : nat) (qs : list (nat * Z)) (u kc : nat) (K : R) (c0 : Z) (h : head) (x : stream)
    (C : nat -> nat) (sh : nat) (e : R) :
  (2 <= n)%nat -> (i < n)%nat -> 2 <= K -> h_mask h = NoMask -> h_terms h = sign_terms qs u kc K c0 ->
  x i u = / INR n -> (forall p, In p qs -> Rabs (x i (fst p) - INR (C (fst p)) / INR n) <= e / INR n) ->
  qmass qs * e <= 1 / 4 -> (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j (h_val h) = even01 (j + sh)) ->
  Rabs (head_out (soft_w (tau_a n)) n h x i - B2R (Z.leb 0 (lin_count qs C + c0))) <= 1 / 4.
Proof.
intros Hn Hi HK Hm Ht Hu Hq He Hk Hv. assert (HN : 2 <= INR n) by (apply (le_INR 2); exact Hn).
set (z := lread qs x i + (IZR c0 + 1/2) * / INR n).
apply (sign_test_soft_approx n i n (lin_count qs C + c0) K (tau_a n) z h x sh).
- apply tau_a_pos. lia.
- unfold tau_a. replace (4 * INR n * / (2 * INR n ^ 3)) with (2 / INR n ^ 2) by (field; lra).
  assert (1 <= INR n ^ 2) by nra. apply (Rle_trans _ 2); [|exact HK]. apply (Rmult_le_reg_r (INR n ^ 2)); [lra|].
  replace (2 / INR n ^ 2 * INR n ^ 2) with 2 by (field; lra). nra.
- lia.
- rewrite Hm. cbn [vis_cnt]. exact Hn.
- unfold z. rewrite plus_IZR.
  replace (lread qs x i + (IZR c0 + 1 / 2) * / INR n - (IZR (lin_count qs C) + IZR c0 + 1 / 2) / INR n)
    with (lread qs x i - IZR (lin_count qs C) / INR n) by (field; lra).
  eapply Rle_trans; [apply (lread_close qs x i n C (e / INR n)); [lra|exact Hq]|].
  replace (qmass qs * (e / INR n)) with (qmass qs * e * / INR n) by (field; lra).
  replace (/ (4 * INR n)) with (1 / 4 * / INR n) by (field; lra).
  apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat; lra|exact He].
- intros j. rewrite (sign_terms_read h qs u kc K c0 x i j Ht), Hk, Hu. unfold z. ring.
- exact Hv.
Qed.

(** ** A count read back as C/n, and the comparison *)

(** The read a of [plook_head] (within perr K / n of max(C, 1)/n, in [0, 1]) gated by Z = [C = 0]:
    ReLU(a - Z) is within perr K / n of C/n (exactly 0 when C = 0). *)
Lemma pread_close (n C : nat) (K a : R) : (1 <= n)%nat -> 0 <= a <= 1 ->
  Rabs (a - INR (S (C - 1)) / INR n) <= perr K / INR n ->
  Rabs (Rmax 0 (a - B2R (Nat.eqb C 0)) - INR C / INR n) <= perr K / INR n.
Proof.
intros Hn Ha Hr. assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
assert (Hp : 0 <= perr K / INR n) by (unfold perr; apply Rmult_le_pos; [apply Rmult_le_pos; [lra|apply Rlt_le, exp_pos]|apply Rlt_le, Rinv_0_lt_compat, HN]).
destruct C as [|C]; cbn [Nat.eqb B2R].
- rewrite Rmax_left by lra. replace (0 - INR 0 / INR n) with 0 by (simpl; field; lra). rewrite Rabs_R0. exact Hp.
- replace (S C - 1)%nat with C in Hr by lia. rewrite Rminus_0_r, Rmax_right by lra. exact Hr.
Qed.

(** Theorem 20 (a)'s comparison mixing #left and #right, at head level: reads r_k within
    perr (2 + 2L) / n of C_k/n (the lookups [plook_head] with K = 2 + 2L, L = sum_k |a_k|, gated by
    [pread_close]) make the paper's sign test at 1/(2n^3), with fixed weights, read
    [sum_k a_k C_k + c0 >= 0] within 1/4, for every n >= 2. *)
Corollary paper_cmp_soft (n i : nat) (qs : list (nat * Z)) (u kc : nat) (c0 : Z) (h : head) (x : stream) (C : nat -> nat) (sh : nat) :
  (2 <= n)%nat -> (i < n)%nat -> h_mask h = NoMask -> h_terms h = sign_terms qs u kc 2 c0 -> x i u = / INR n ->
  (forall p, In p qs -> Rabs (x i (fst p) - INR (C (fst p)) / INR n) <= perr (2 + 2 * qmass qs) / INR n) ->
  (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j (h_val h) = even01 (j + sh)) ->
  Rabs (head_out (soft_w (tau_a n)) n h x i - B2R (Z.leb 0 (lin_count qs C + c0))) <= 1 / 4.
Proof.
intros Hn Hi Hm Ht Hu Hq Hk Hv.
apply (paper_sign_soft n i qs u kc 2 c0 h x C sh (perr (2 + 2 * qmass qs))); try assumption; [lra|].
apply perr_sum, qmass_nonneg.
Qed.

(** The coordinate holding 1/n with weights independent of n: an unmasked uniform head over the
    first-position flag [j = 0] (Proposition 11's first) reads exactly 1/n, hard and at every
    temperature. *)
Lemma inv_len_head (n : nat) (h : head) (x : stream) (i : nat) :
  h_terms h = [] -> h_hard h = Average -> h_mask h = NoMask -> (i < n)%nat ->
  (forall j, (j < n)%nat -> x j (h_val h) = if Nat.eqb j 0 then 1 else 0) ->
  head_out hard_w n h x i = / INR n /\ forall tau, head_out (soft_w tau) n h x i = / INR n.
Proof.
intros Ht Hr Hm Hi Hx. pose proof (uniform_head_mean n h x i Ht Hr Hi) as H. cbv zeta in H.
rewrite Hm in H. cbn [vis_lo vis_cnt] in H.
assert (E : rsum (fun k => x (0 + k)%nat (h_val h)) 0 n = 1).
{ rewrite (rsum_ext _ (fun k => 1 * (if Nat.eqb k 0 then 1 else 0))) by (intros k Hk; rewrite Hx by lia; simpl; ring).
  rewrite rsum_indicator. replace ((0 <=? 0) && (0 <? 0 + n))%nat with true by (symmetry; apply andb_true_iff; split; [apply Nat.leb_le|apply Nat.ltb_lt]; lia).
  reflexivity. }
rewrite E in H. unfold Rdiv in H. rewrite Rmult_1_l in H. exact H.
Qed.

(** And Lemma 9's rounding unit after the sign test gives the exact Boolean [E >= 0]. *)
Corollary paper_cmp_exact (n i : nat) (qs : list (nat * Z)) (u kc : nat) (c0 : Z) (h : head) (x : stream) (C : nat -> nat) (sh : nat)
    (c : nat) (y : nat -> R) :
  (2 <= n)%nat -> (i < n)%nat -> h_mask h = NoMask -> h_terms h = sign_terms qs u kc 2 c0 -> x i u = / INR n ->
  (forall p, In p qs -> Rabs (x i (fst p) - INR (C (fst p)) / INR n) <= perr (2 + 2 * qmass qs) / INR n) ->
  (forall j, x j kc = (-1) ^ (j + sh)) -> (forall j, x j (h_val h) = even01 (j + sh)) ->
  y (h_out h) = head_out (soft_w (tau_a n)) n h x i ->
  unit_val (real_unit (rounding1 c (h_out h))) y = B2R (Z.leb 0 (lin_count qs C + c0)).
Proof.
intros Hn Hi Hm Ht Hu Hq Hk Hv Hy. apply unit_rounding1_approx. rewrite Hy. apply (paper_cmp_soft n i qs u kc c0 h x C sh); assumption.
Qed.
