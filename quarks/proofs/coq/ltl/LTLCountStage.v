(** * Seed 004, Theorems 20 and 21: the compiler's comparison stage, exact at every position.

    counting.py decides a comparison E = sum_k a_k C_k + c0 >= 0 of counts on one side by
    - count heads (uniform, future- or past-masked) writing C_k / d, d = i or n - i + 1 (1-based);
    - a sign head (query (E + 1/2)/d from the count coordinates and pe:1/i, key pe:alt = (-1)^i,
      value pe:even = [i even], future-masked in the causal variants, unmasked otherwise);
    - a [local] unit [sum_k a_k phi_k(i) + c0 >= 0] on the arguments' own bits, and [single]:
      [the sign head sees one position] (first when future-masked, [n = 1] when unmasked);
    - the comparison unit, Lemma 9's rounding of the sign head's read gated off by [single],
      plus ReLU(local + single - 1).
    Where the sign head sees two positions or more its read is exactly [E >= 0] (hard) or within
    1/4 of it (softmax at 0 < tau <= K / (2n), the paper's 1/(2n)); where it sees one position
    (position 1 under the future mask, or n = 1) every count is the argument's own bit, so [local]
    is [E >= 0].  Either way the unit outputs exactly [E >= 0]: [thm21_compare_hard],
    [thm21_compare_soft], for every n, word and position, position 1 included.  The heads and units
    are the snet objects counting.py builds ([count_shead], [sign_shead], [sign_sunit],
    [local_sunit], [single_sunit]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLCount LTLCountSyntax.
Import ListNotations.
Open Scope R_scope.

(** ** The stage's heads and units, as counting.py builds them *)

(** The mask of a count head: #left is future-masked, #right past-masked. *)
Definition dmask (d : dir) : mask := match d with DLeft => Future | DRight => Past end.

(** #d[phi] / d: a uniform head over the bit of phi at coordinate a. *)
Definition count_shead (out a : nat) (d : dir) : shead := SHead out a [] (dmask d) Average.

(** The sign head's score terms: K a_k x_i[C_k / d] x_j[key] and K (c0 + 1/2) x_i[1/d] x_j[key]. *)
Definition sign_sterms (qs : list (nat * Z)) (inv key : nat) (K : Q) (c0 : Z) : list (nat * nat * Q) :=
  map (fun p => (fst p, key, Qmult K (inject_Z (snd p)))) qs ++ [(inv, key, Qmult K (inject_Z c0 + (1 # 2)))].

Definition sign_shead (att ev : nat) (qs : list (nat * Z)) (inv key : nat) (K : Q) (c0 : Z) (m : mask) : shead :=
  SHead att ev (sign_sterms qs inv key K c0) m Average.

(** The comparison unit: 2 ReLU-rounding of att gated by one, plus ReLU(loc + one - 1). *)
Definition sign_sunit (out att one loc : nat) : sunit :=
  SUnit out [SNeuron 1 [(att, 2%Q); (one, (-2)%Q)] (-1 # 2); SNeuron (-1) [(att, 2%Q); (one, (-2)%Q)] (-3 # 2);
             SNeuron 1 [(loc, 1%Q); (one, 1%Q)] (-1)] 0.

(** [sum_k a_k b_k + c0 >= 0] for Booleans b_k: ReLU(E + 1) - ReLU(E). *)
Definition local_sunit (out : nat) (args : list (nat * Z)) (c0 : Z) : sunit :=
  SUnit out [SNeuron 1 (map (fun p => (fst p, inject_Z (snd p))) args) (inject_Z (c0 + 1));
             SNeuron (-1) (map (fun p => (fst p, inject_Z (snd p))) args) (inject_Z c0)] 0.

(** [n = 1] from first and last: ReLU(first + last - 1). *)
Definition single_sunit (out first last : nat) : sunit := SUnit out [SNeuron 1 [(first, 1%Q); (last, 1%Q)] (-1)] 0.

(** ** Reading the snet objects over R *)

Lemma Q2R_Z (z : Z) : Q2R (inject_Z z) = IZR z.
Proof. unfold Q2R. simpl. field. Qed.

Lemma Q2R_half : Q2R (1 # 2) = 1 / 2.
Proof. unfold Q2R. simpl. field. Qed.

Lemma real_sign_terms (qs : list (nat * Z)) (inv key : nat) (K : Q) (c0 : Z) :
  h_terms (real_head (sign_shead 0 0 qs inv key K c0 NoMask)) = sign_terms qs inv key (Q2R K) c0.
Proof.
cbn [real_head h_terms sh_terms sign_shead]. unfold sign_sterms, sign_terms. rewrite map_app, map_map. f_equal.
- apply map_ext. intros p. cbn [fst snd]. rewrite Q2R_mult, Q2R_Z. reflexivity.
- cbn [map fst snd]. rewrite Q2R_mult, Q2R_plus, Q2R_Z, Q2R_half. reflexivity.
Qed.

Lemma sign_shead_terms (att ev : nat) (qs : list (nat * Z)) (inv key : nat) (K : Q) (c0 : Z) (m : mask) :
  h_terms (real_head (sign_shead att ev qs inv key K c0 m)) = sign_terms qs inv key (Q2R K) c0.
Proof. rewrite <- (real_sign_terms qs inv key K c0). reflexivity. Qed.

(** ** Heads read a convex combination *)

Lemma prob_read_01 (wt v : nat -> R) (cnt : nat) : (forall k, 0 <= wt k) -> rsum wt 0 cnt = 1 ->
  (forall k, (k < cnt)%nat -> 0 <= v k <= 1) -> 0 <= rsum (fun k => wt k * v k) 0 cnt <= 1.
Proof.
intros Hw Hs Hv. split.
- apply rsum_nonneg. intros k Hk. specialize (Hv k ltac:(lia)). specialize (Hw k). nra.
- rewrite <- Hs. apply rsum_le. intros k Hk. specialize (Hv k ltac:(lia)). specialize (Hw k). nra.
Qed.

Lemma softmax_prob (s : nat -> R) (cnt : nat) : (1 <= cnt)%nat ->
  (forall k, 0 <= softmax s cnt k) /\ rsum (softmax s cnt) 0 cnt = 1.
Proof.
intros Hc. split; [|apply softmax_sum with 0%nat; lia].
intros k. unfold softmax. apply Rlt_le, Rdiv_lt_0_compat; [apply exp_pos|apply (partition_pos s cnt 0); lia].
Qed.

(** A head over values in [0, 1] reads a value in [0, 1], hard and soft. *)
(** Hard attention, or softmax with every head at a temperature of its own. *)
Definition head_hs (W : head -> (nat -> R) -> nat -> nat -> R) : Prop := W = hard_w \/ forall h, exists tau, W h = soft_w tau h.

Lemma hs_head (W : head -> (nat -> R) -> nat -> nat -> R) : (W = hard_w \/ exists tau, W = soft_w tau) -> head_hs W.
Proof. intros [->|[tau ->]]; [left; reflexivity|right; intros h; exists tau; reflexivity]. Qed.

Lemma head_out_W (W : head -> (nat -> R) -> nat -> nat -> R) (tau : R) (n : nat) (h : head) (x : stream) (i : nat) :
  W h = soft_w tau h -> head_out W n h x i = head_out (soft_w tau) n h x i.
Proof. intros E. unfold head_out. rewrite E. reflexivity. Qed.

Lemma head_out_01 (W : head -> (nat -> R) -> nat -> nat -> R) (n : nat) (h : head) (x : stream) (i : nat) :
  (i < n)%nat -> head_hs W ->
  (forall j, (j < n)%nat -> 0 <= x j (h_val h) <= 1) -> 0 <= head_out W n h x i <= 1.
Proof.
intros Hi HW Hv. destruct HW as [->|HS]; [|destruct (HS h) as [tau E]; rewrite (head_out_W W tau n h x i E)];
  unfold head_out; pose proof (vis_pos (h_mask h) n i Hi) as Hc;
  (apply prob_read_01; [| |intros k Hk; apply Hv, vis_range; assumption]).
- intros k. apply (hard_w_prob h _ _ Hc).
- apply (hard_w_prob h _ _ Hc).
- intros k. apply (softmax_prob _ _ Hc).
- apply (softmax_prob _ _ Hc).
Qed.

(** ** The units *)

(** The comparison unit outputs [E >= 0] = b: from the rounded read when the head sees two
    positions or more (single = false), from loc when it sees one. *)
Lemma sign_sunit_exact (out att one loc : nat) (y : nat -> R) (single l b : bool) :
  y one = B2R single -> y loc = B2R l -> 0 <= y att <= 1 ->
  (single = true -> l = b) -> (single = false -> Rabs (y att - B2R b) <= 1 / 4) ->
  unit_val (real_unit (sign_sunit out att one loc)) y = B2R b.
Proof.
intros Ho Hl Ha H1 H2. rewrite unit_val_real. unfold sign_sunit. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd].
qsimpl. rewrite Ho, Hl. destruct single.
- rewrite (H1 eq_refl). destruct b; simpl; relu.
- specialize (H2 eq_refl). pose proof (Rle_abs (y att - B2R b)). pose proof (Rle_abs (- (y att - B2R b))).
  rewrite Rabs_Ropp in *. destruct l, b; simpl in *; relu.
Qed.

Lemma lin_bits (args : list (nat * Z)) (y : nat -> R) (bs : nat -> bool) :
  (forall p, In p args -> y (fst p) = B2R (bs (fst p))) ->
  lsum (map (fun p => Q2R (snd p) * y (fst p)) (map (fun p => (fst p, inject_Z (snd p))) args))
  = IZR (lin_count args (fun c => if bs c then 1%nat else 0%nat)).
Proof.
induction args as [|p args IH]; intros H; [reflexivity|]. cbn [map lsum lin_count fst snd].
rewrite IH by (intros; apply H; right; assumption). rewrite H by (left; reflexivity).
rewrite Q2R_Z, plus_IZR, mult_IZR. unfold B2R. destruct (bs (fst p)); simpl; ring.
Qed.

(** The local unit: [sum_k a_k b_k + c0 >= 0] for the bits b_k at the argument coordinates. *)
Lemma local_sunit_exact (out : nat) (args : list (nat * Z)) (c0 : Z) (y : nat -> R) (bs : nat -> bool) :
  (forall p, In p args -> y (fst p) = B2R (bs (fst p))) ->
  unit_val (real_unit (local_sunit out args c0)) y
  = B2R (Z.leb 0 (lin_count args (fun c => if bs c then 1%nat else 0%nat) + c0)).
Proof.
intros H. rewrite unit_val_real. unfold local_sunit. cbn [su_hidden map sn_v sn_w sn_b lsum su_c].
rewrite (lin_bits args y bs H), !Q2R_Z. set (E := lin_count args _). qsimpl. rewrite plus_IZR.
destruct (Z.leb_spec 0 (E + c0)) as [HE|HE]; simpl.
- assert (0 <= IZR E + IZR c0) by (rewrite <- plus_IZR; apply IZR_le; lia).
  unfold Rmax. repeat destruct Rle_dec; lra.
- assert (IZR E + IZR c0 <= -1) by (rewrite <- plus_IZR; apply IZR_le; lia).
  unfold Rmax. repeat destruct Rle_dec; lra.
Qed.

(** [n = 1] from the Booleans first = [i = 0] and last = [i = n - 1]. *)
Lemma single_sunit_exact (out first last n i : nat) (y : nat -> R) : (i < n)%nat ->
  y first = B2R (Nat.eqb i 0) -> y last = B2R (Nat.eqb (S i) n) ->
  unit_val (real_unit (single_sunit out first last)) y = B2R (Nat.eqb n 1).
Proof.
intros Hi Hf Hl. rewrite unit_val_real. unfold single_sunit. cbn [su_hidden map sn_v sn_w sn_b lsum su_c fst snd].
qsimpl. rewrite Hf, Hl.
destruct (Nat.eqb_spec i 0), (Nat.eqb_spec (S i) n), (Nat.eqb_spec n 1); try lia; simpl; relu.
Qed.

(** ** The comparison stage at every position *)

(** A count whose span is one position is that position's bit. *)
Lemma count_span1 (n : nat) (d : dir) (B : nat -> bool) (i : nat) : span n d i = 1%nat ->
  count n d B i = if B i then 1%nat else 0%nat.
Proof.
destruct d; cbn [span count]; intros Hs.
- replace i with 0%nat by lia. simpl. destruct (B 0%nat); reflexivity.
- rewrite Hs. simpl. rewrite Nat.add_0_r. destruct (B i); reflexivity.
Qed.

(** The sign head of the causal variants is future-masked over #left counts; the others' is
    unmasked.  Where it sees a single position, every count spans that position only. *)
Definition stage_mask (m : mask) (d : dir) : Prop := m = Future /\ d = DLeft \/ m = NoMask.

Lemma stage_single (m : mask) (d : dir) (n i : nat) : stage_mask m d -> (i < n)%nat ->
  vis_cnt m n i = 1%nat -> span n d i = 1%nat.
Proof. intros [[-> ->] | ->] Hi; cbn [vis_cnt span]; [lia|]. intros E. subst n. destruct d; cbn [span]; lia. Qed.

Lemma stage_span (m : mask) (d : dir) (n i : nat) : (i < n)%nat -> (1 <= span n d i <= n)%nat.
Proof. destruct d; cbn [span]; lia. Qed.

Lemma lin_count_src (qs : list (nat * Z)) (src : nat -> nat) (F : nat -> nat) :
  lin_count (map (fun p => (src (fst p), snd p)) qs) F = lin_count qs (fun q => F (src q)).
Proof. induction qs as [|p qs IH]; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma lin_count_ext (qs : list (nat * Z)) (F G : nat -> nat) : (forall p, In p qs -> F (fst p) = G (fst p)) ->
  lin_count qs F = lin_count qs G.
Proof.
induction qs as [|p qs IH]; intros H; simpl; [reflexivity|].
rewrite H by (left; reflexivity). rewrite IH by (intros; apply H; right; assumption). reflexivity.
Qed.

Section Stage.
Variables (n i : nat) (d : dir) (m : mask) (qs : list (nat * Z)) (src : nat -> nat) (bit : nat -> nat -> bool).
Variables (inv key ev att one loc out : nat) (K : Q) (c0 : Z) (x : stream) (y : nat -> R).

(** E at i: sum_k a_k #d[phi_k] + c0, the count coordinate q holding #d of the bits of src q. *)
Definition stage_E : Z := lin_count qs (fun q => count n d (bit (src q)) i) + c0.
(** What the local unit computes: E with each count replaced by the argument's own bit. *)
Definition stage_local : Z := lin_count (map (fun p => (src (fst p), snd p)) qs) (fun c => if bit c i then 1%nat else 0%nat) + c0.

Hypotheses (Hm : stage_mask m d) (Hi : (i < n)%nat).
Hypotheses (Hinv : x i inv = / INR (span n d i))
           (Hq : forall p, In p qs -> x i (fst p) = INR (count n d (bit (src (fst p))) i) / INR (span n d i))
           (Hkey : forall j, x j key = (-1) ^ (j + 1)) (Hev : forall j, x j ev = even01 (j + 1)).
Hypotheses (Hone : y one = B2R (Nat.eqb (vis_cnt m n i) 1)) (Hloc : y loc = B2R (Z.leb 0 stage_local)).

Lemma stage_local_single : vis_cnt m n i = 1%nat -> stage_local = stage_E.
Proof.
intros H1. pose proof (stage_single m d n i Hm Hi H1) as Hs. unfold stage_local, stage_E. rewrite lin_count_src.
f_equal. apply lin_count_ext. intros p _. rewrite count_span1 by exact Hs. reflexivity.
Qed.

Let h := real_head (sign_shead att ev qs inv key K c0 m).

Lemma stage_unit (W : head -> (nat -> R) -> nat -> nat -> R) :
  (W = hard_w \/ exists tau, W = soft_w tau) -> y att = head_out W n h x i ->
  ((2 <= vis_cnt m n i)%nat -> Rabs (head_out W n h x i - B2R (Z.leb 0 stage_E)) <= 1 / 4) ->
  unit_val (real_unit (sign_sunit out att one loc)) y = B2R (Z.leb 0 stage_E).
Proof.
intros HW Hy Hread. apply (sign_sunit_exact out att one loc y (Nat.eqb (vis_cnt m n i) 1) (Z.leb 0 stage_local)); try assumption.
- rewrite Hy. apply head_out_01; [exact Hi|apply hs_head, HW|]. intros j _. unfold h. cbn [real_head h_val sign_shead sh_val].
  rewrite Hev. destruct (even01_cases (j + 1)) as [->| ->]; lra.
- intros E. apply Nat.eqb_eq in E. rewrite stage_local_single by exact E. reflexivity.
- intros E. apply Nat.eqb_neq in E. pose proof (vis_pos m n i Hi). rewrite Hy. apply Hread. lia.
Qed.

(** Theorem 20 / 21's comparison, hard: the comparison unit outputs exactly [E >= 0], at every
    position i < n (position 1 included) and for every n. *)
Theorem thm21_compare_hard : 0 < Q2R K -> y att = head_out hard_w n h x i ->
  unit_val (real_unit (sign_sunit out att one loc)) y = B2R (Z.leb 0 stage_E).
Proof.
intros HK Hy. apply (stage_unit hard_w (or_introl eq_refl) Hy). intros H2.
pose proof (stage_span m d n i Hi) as Hs.
rewrite (comparison_hard n i (span n d i) h qs inv key (Q2R K) c0 (fun q => count n d (bit (src q)) i) x 1); try assumption.
- unfold stage_E. rewrite Rminus_diag_eq by reflexivity. rewrite Rabs_R0. lra.
- lia.
- apply sign_shead_terms.
Qed.

(** Theorem 20 / 21's comparison, soft: at every temperature 0 < tau <= K / (2n) (the paper's
    1/(2n) when K >= 1; counting.py's K = 2) the same unit outputs exactly [E >= 0], at every
    position and for every n. *)
Theorem thm21_compare_soft (tau : R) : 0 < tau -> 2 * INR n * tau <= Q2R K -> y att = head_out (soft_w tau) n h x i ->
  unit_val (real_unit (sign_sunit out att one loc)) y = B2R (Z.leb 0 stage_E).
Proof.
intros Ht HK Hy. apply (stage_unit (soft_w tau) (or_intror (ex_intro _ tau eq_refl)) Hy). intros H2.
apply (comparison_soft n i (span n d i) h qs inv key (Q2R K) tau c0 (fun q => count n d (bit (src q)) i) x 1); try assumption.
- apply stage_span; assumption.
- apply sign_shead_terms.
Qed.

End Stage.
