(** * Error propagation behind Theorem 26 (simulating hard attention with soft attention).

    Lemmas 28, 30, 31, 32, 33 and 34 in our forms: how a bounded error in the inputs of a
    matrix-vector product, a ReLU unit, a uniform average, a bilinear score, a softmax with a
    gap, and a convex mixture of values propagates to the output.  All parameters are arbitrary
    reals; sums are [rsum] over positions 0..n-1.  The last section states Lemmas 28, 30, 31, 32
    and 34 in the paper's vector/matrix forms, with their dimension factors. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Psatz Bool.
From Quarks Require Import RSum Softmax.
Open Scope R_scope.

(** ** Helpers. *)

(** |x| <= a gives -a <= x <= a. *)
Lemma abs_le_inv (x a : R) : Rabs x <= a -> - a <= x <= a.
Proof.
intros H. pose proof (Rle_abs x). pose proof (Rle_abs (- x)). rewrite Rabs_Ropp in *. lra.
Qed.

(** sum (f - g) = sum f - sum g. *)
Lemma rsum_minus (f g : nat -> R) (a m : nat) :
  rsum (fun j => f j - g j) a m = rsum f a m - rsum g a m.
Proof. induction m as [|m IH]; simpl; [ring|rewrite IH; ring]. Qed.

(** Triangle inequality for finite sums: |sum f| <= sum |f|. *)
Lemma rsum_abs (f : nat -> R) (a m : nat) : Rabs (rsum f a m) <= rsum (fun j => Rabs (f j)) a m.
Proof.
induction m as [|m IH]; simpl; [rewrite Rabs_R0; lra|].
eapply Rle_trans; [apply Rabs_triang|]. lra.
Qed.

(** If every term is at most c in absolute value, |sum_{k<m} f (a+k)| <= m c. *)
Lemma rsum_abs_const (f : nat -> R) (a m : nat) (c : R) :
  (forall j, (a <= j < a + m)%nat -> Rabs (f j) <= c) -> Rabs (rsum f a m) <= INR m * c.
Proof.
intros H. eapply Rle_trans; [apply rsum_abs|]. rewrite <- (rsum_const c a m). apply rsum_le, H.
Qed.

(** ** Lemma 28: a d-dimensional dot product with entries bounded by A and X is at most d A X. *)
Lemma lemma28_matvec (d : nat) (a x : nat -> R) (A X : R) : (1 <= d)%nat ->
  (forall j, (j < d)%nat -> Rabs (a j) <= A) ->
  (forall j, (j < d)%nat -> Rabs (x j) <= X) ->
  Rabs (rsum (fun j => a j * x j) 0 d) <= INR d * A * X.
Proof.
intros _ Ha Hx. rewrite Rmult_assoc. apply rsum_abs_const. intros j Hj.
rewrite Rabs_mult. apply Rmult_le_compat; try apply Rabs_pos; [apply Ha|apply Hx]; lia.
Qed.

(** ** Lemma 30: ReLU is 1-Lipschitz, so a unit v ReLU(w x + b) is |v| |w|-Lipschitz in x. *)

(** |max(0, p) - max(0, q)| <= |p - q|. *)
Lemma relu_lipschitz (p q : R) : Rabs (Rmax 0 p - Rmax 0 q) <= Rabs (p - q).
Proof.
pose proof (Rle_abs (p - q)). pose proof (Rle_abs (- (p - q))). rewrite Rabs_Ropp in *.
apply Rabs_le. unfold Rmax. destruct (Rle_dec 0 p); destruct (Rle_dec 0 q); lra.
Qed.

Lemma lemma30_relu (v w b x y : R) :
  Rabs (v * Rmax 0 (w * x + b) - v * Rmax 0 (w * y + b)) <= Rabs v * Rabs w * Rabs (x - y).
Proof.
rewrite <- Rmult_minus_distr_l, Rabs_mult, Rmult_assoc.
apply Rmult_le_compat_l; [apply Rabs_pos|].
rewrite <- Rabs_mult. eapply Rle_trans; [apply relu_lipschitz|].
right. f_equal. ring.
Qed.

(** ** Lemma 31: uniform attention over k >= 1 visible keys averages the errors, so an entrywise
    error of at most D stays at most D. *)
Lemma lemma31_average (k : nat) (x y : nat -> R) (D : R) : (1 <= k)%nat ->
  (forall j, (j < k)%nat -> Rabs (x j - y j) <= D) ->
  Rabs (rsum x 0 k / INR k - rsum y 0 k / INR k) <= D.
Proof.
intros Hk H. assert (Hk' : 0 < INR k) by (apply lt_0_INR; lia).
replace (rsum x 0 k / INR k - rsum y 0 k / INR k) with (rsum (fun j => x j - y j) 0 k / INR k)
  by (rewrite rsum_minus; field; lra).
unfold Rdiv. rewrite Rabs_mult, (Rabs_pos_eq (/ INR k)) by (apply Rlt_le, Rinv_0_lt_compat, Hk').
apply div_le; [exact Hk'|]. rewrite Rmult_comm. apply rsum_abs_const. intros j Hj. apply H. lia.
Qed.

(** ** Lemma 32: perturbing both factors of a bilinear score q k by at most delta, with
    |q|, |k| <= X, moves it by at most 2 X delta + delta^2. *)
Lemma lemma32_bilinear (q k dq dk X delta : R) :
  Rabs q <= X -> Rabs k <= X -> Rabs dq <= delta -> Rabs dk <= delta ->
  Rabs ((q + dq) * (k + dk) - q * k) <= 2 * X * delta + delta ^ 2.
Proof.
intros Hq Hk Hdq Hdk.
(* (q + dq)(k + dk) - q k = q dk + dq k + dq dk *)
replace ((q + dq) * (k + dk) - q * k) with (q * dk + dq * k + dq * dk) by ring.
assert (B1 : Rabs q * Rabs dk <= X * delta) by (apply Rmult_le_compat; try apply Rabs_pos; lra).
assert (B2 : Rabs dq * Rabs k <= delta * X) by (apply Rmult_le_compat; try apply Rabs_pos; lra).
assert (B3 : Rabs dq * Rabs dk <= delta * delta) by (apply Rmult_le_compat; try apply Rabs_pos; lra).
pose proof (Rabs_triang (q * dk + dq * k) (dq * dk)). pose proof (Rabs_triang (q * dk) (dq * k)).
rewrite !Rabs_mult in *. lra.
Qed.

(** ** Lemma 34: two convex mixtures.  With weights w, w' (each a probability vector on
    0..n-1), values v in [lo, hi] and |v' - v| <= E:
    |sum w' v' - sum w v| <= E + (sum |w' - w|) / 2 * (hi - lo).
    Split as sum w' (v' - v) + sum (w' - w) (v - c) with c = (hi + lo) / 2, which is exact since
    sum (w' - w) = 0, and use |v_j - c| <= (hi - lo) / 2. *)
Lemma lemma34_mixture (n : nat) (w w' v v' : nat -> R) (E lo hi : R) : (1 <= n)%nat ->
  (forall j, (j < n)%nat -> 0 <= w j) -> (forall j, (j < n)%nat -> 0 <= w' j) ->
  rsum w 0 n = 1 -> rsum w' 0 n = 1 ->
  (forall j, (j < n)%nat -> Rabs (v' j - v j) <= E) ->
  (forall j, (j < n)%nat -> lo <= v j <= hi) ->
  Rabs (rsum (fun j => w' j * v' j) 0 n - rsum (fun j => w j * v j) 0 n)
  <= E + rsum (fun j => Rabs (w' j - w j)) 0 n / 2 * (hi - lo).
Proof.
intros _ _ Hw' Sw Sw' Hv' Hv. set (c := (hi + lo) / 2).
(* the exact split *)
assert (Split : rsum (fun j => w' j * v' j) 0 n - rsum (fun j => w j * v j) 0 n
  = rsum (fun j => w' j * (v' j - v j)) 0 n + rsum (fun j => (w' j - w j) * (v j - c)) 0 n).
{ rewrite <- rsum_minus, <- rsum_plus.
  rewrite (rsum_ext _ (fun j => (w' j * (v' j - v j) + (w' j - w j) * (v j - c)) + (c * w' j - c * w j)))
    by (intros; ring).
  rewrite rsum_plus, rsum_minus, !rsum_scal, Sw, Sw'. ring. }
rewrite Split. eapply Rle_trans; [apply Rabs_triang|]. apply Rplus_le_compat.
- (* |sum w' (v' - v)| <= sum w' E = E *)
  eapply Rle_trans; [apply rsum_abs|].
  apply Rle_trans with (rsum (fun j => E * w' j) 0 n); [|rewrite rsum_scal, Sw'; lra].
  apply rsum_le. intros j Hj. rewrite Rabs_mult, (Rabs_pos_eq (w' j)) by (apply Hw'; lia).
  rewrite Rmult_comm. apply Rmult_le_compat_r; [apply Hw'; lia|apply Hv'; lia].
- (* |sum (w' - w) (v - c)| <= sum |w' - w| (hi - lo) / 2 *)
  eapply Rle_trans; [apply rsum_abs|].
  replace (rsum (fun j => Rabs (w' j - w j)) 0 n / 2 * (hi - lo))
    with (rsum (fun j => (hi - lo) / 2 * Rabs (w' j - w j)) 0 n) by (rewrite rsum_scal; field).
  apply rsum_le. intros j Hj. rewrite Rabs_mult, Rmult_comm.
  apply Rmult_le_compat_r; [apply Rabs_pos|].
  specialize (Hv j ltac:(lia)). apply Rabs_le. unfold c. lra.
Qed.

(** ** Lemma 33: a gap survives perturbation.  If s_0 beats every other score by at least g and
    each score moves by at most eta, then s'_0 still beats every s'_j by g - 2 eta, and the
    softmax of s' / tau puts all but (n - 1) e^(-(g - 2 eta) / tau) of its mass on position 0. *)
Lemma lemma33_perturbed_gap (n : nat) (s s' : nat -> R) (tau g eta : R) : (1 <= n)%nat -> 0 < tau ->
  (forall j, (1 <= j < n)%nat -> s 0%nat - s j >= g) ->
  (forall j, (j < n)%nat -> Rabs (s' j - s j) <= eta) ->
  1 - softmax (fun j => s' j / tau) n 0 <= INR (n - 1) * exp (- (g - 2 * eta) / tau).
Proof.
intros Hn Htau Hgap Hpert. set (t := fun j => s' j / tau).
assert (H0 : (0 < n)%nat) by lia.
(* 1 - softmax_0 = off mass / Z <= off mass / exp(t_0) = sum_{j >= 1} exp(t_j - t_0) *)
destruct (softmax_l1_to_e t n 0 H0) as [E1 E2].
assert (Hoff : 1 - softmax t n 0 = off_mass t n 0 / partition t n) by (unfold Rdiv in *; lra).
rewrite Hoff. eapply Rle_trans; [apply off_mass_over_partition, H0|]. rewrite off_mass_rel.
destruct n as [|m]; [lia|]. rewrite rsum_first. simpl (Nat.eqb 0 0). simpl (S m - 1)%nat.
rewrite Nat.sub_0_r, Rplus_0_l, <- (rsum_const _ 1 m). apply rsum_le. intros j Hj.
replace (Nat.eqb j 0) with false by (symmetry; apply Nat.eqb_neq; lia).
apply exp_mono. unfold t.
(* s'_j - s'_0 <= (s_j + eta) - (s_0 - eta) <= -(g - 2 eta) *)
pose proof (abs_le_inv _ _ (Hpert j ltac:(lia))). pose proof (abs_le_inv _ _ (Hpert 0%nat ltac:(lia))).
pose proof (Hgap j ltac:(lia)).
replace (s' j / tau - s' 0%nat / tau) with ((s' j - s' 0%nat) * / tau) by (field; lra).
unfold Rdiv. apply Rmult_le_compat_r; [apply Rlt_le, Rinv_0_lt_compat, Htau|]. lra.
Qed.

(** ** The paper's vector and matrix forms (issue 22, item 6).

    Vectors are functions [nat -> R] read on coordinates 0..d-1, matrices functions
    [nat -> nat -> R] (row, column); every entry of a parameter matrix is at most P in absolute
    value, and errors and bounds are sup norms over the coordinates. *)

(** The product A x of an r x d matrix with a d-vector (its rows a < r). *)
Definition matvec (A : nat -> nat -> R) (d : nat) (x : nat -> R) : nat -> R :=
  fun a => rsum (fun b => A a b * x b) 0 d.

Lemma matvec_minus (A : nat -> nat -> R) (d : nat) (x y : nat -> R) (a : nat) :
  matvec A d x a - matvec A d y a = matvec A d (fun b => x b - y b) a.
Proof. unfold matvec. rewrite <- rsum_minus. apply rsum_ext. intros. ring. Qed.

(** Lemma 28 (vector form): |A x|_inf <= d P |x|_inf. *)
Lemma lemma28 (r d : nat) (A : nat -> nat -> R) (x : nat -> R) (P X : R) :
  (forall a b, (a < r)%nat -> (b < d)%nat -> Rabs (A a b) <= P) ->
  (forall b, (b < d)%nat -> Rabs (x b) <= X) ->
  forall a, (a < r)%nat -> Rabs (matvec A d x a) <= INR d * P * X.
Proof.
intros HA Hx a Ha. unfold matvec. rewrite Rmult_assoc. apply rsum_abs_const. intros b Hb.
rewrite Rabs_mult. apply Rmult_le_compat; try apply Rabs_pos; [apply HA|apply Hx]; lia.
Qed.

(** Lemma 28 applied to a difference: A is d P-Lipschitz in the sup norm. *)
Lemma lemma28_lipschitz (r d : nat) (A : nat -> nat -> R) (x y : nat -> R) (P delta : R) :
  (forall a b, (a < r)%nat -> (b < d)%nat -> Rabs (A a b) <= P) ->
  (forall b, (b < d)%nat -> Rabs (x b - y b) <= delta) ->
  forall a, (a < r)%nat -> Rabs (matvec A d x a - matvec A d y a) <= INR d * P * delta.
Proof. intros HA Hx a Ha. rewrite matvec_minus. exact (lemma28 r d A _ P delta HA Hx a Ha). Qed.

(** The feed-forward network W2 ReLU(W1 x + b1) + b2, W1 of size h x d, W2 of size r x h. *)
Definition ffn (W1 : nat -> nat -> R) (b1 : nat -> R) (W2 : nat -> nat -> R) (b2 : nat -> R)
  (d h : nat) (x : nat -> R) : nat -> R :=
  fun a => matvec W2 h (fun k => Rmax 0 (matvec W1 d x k + b1 k)) a + b2 a.

(** Lemma 30 (paper's form): an FFN layer with entries at most P maps an input error delta to an
    output error at most (h P) (d P) delta, i.e. (d P)^2 delta when h = d: W1 multiplies the
    error by at most d P (Lemma 28), ReLU does not increase it, W2 multiplies it by h P. *)
Lemma lemma30 (r d h : nat) (W1 W2 : nat -> nat -> R) (b1 b2 x y : nat -> R) (P delta : R) :
  (forall k b, (k < h)%nat -> (b < d)%nat -> Rabs (W1 k b) <= P) ->
  (forall a k, (a < r)%nat -> (k < h)%nat -> Rabs (W2 a k) <= P) ->
  (forall b, (b < d)%nat -> Rabs (x b - y b) <= delta) ->
  forall a, (a < r)%nat -> Rabs (ffn W1 b1 W2 b2 d h x a - ffn W1 b1 W2 b2 d h y a) <= INR h * P * (INR d * P * delta).
Proof.
intros H1 H2 Hx a Ha. unfold ffn.
replace (matvec W2 h (fun k => Rmax 0 (matvec W1 d x k + b1 k)) a + b2 a -
         (matvec W2 h (fun k => Rmax 0 (matvec W1 d y k + b1 k)) a + b2 a))
  with (matvec W2 h (fun k => Rmax 0 (matvec W1 d x k + b1 k)) a -
        matvec W2 h (fun k => Rmax 0 (matvec W1 d y k + b1 k)) a) by ring.
apply (lemma28_lipschitz r h W2); [exact H2| |exact Ha].
intros k Hk. eapply Rle_trans; [apply relu_lipschitz|].
replace (matvec W1 d x k + b1 k - (matvec W1 d y k + b1 k)) with (matvec W1 d x k - matvec W1 d y k) by ring.
apply (lemma28_lipschitz h d W1); assumption.
Qed.

(** Lemma 31 (paper's form): a uniform attention layer with value matrix W_V (r x d, entries at
    most P) over cnt >= 1 visible positions, with value vectors v'_j within delta of v_j, outputs
    within d P delta. *)
Lemma lemma31 (r d cnt : nat) (WV : nat -> nat -> R) (v v' : nat -> nat -> R) (P delta : R) :
  (1 <= cnt)%nat ->
  (forall a b, (a < r)%nat -> (b < d)%nat -> Rabs (WV a b) <= P) ->
  (forall j b, (j < cnt)%nat -> (b < d)%nat -> Rabs (v' j b - v j b) <= delta) ->
  forall a, (a < r)%nat ->
  Rabs (rsum (fun j => matvec WV d (v' j) a) 0 cnt / INR cnt - rsum (fun j => matvec WV d (v j) a) 0 cnt / INR cnt)
  <= INR d * P * delta.
Proof.
intros Hc HW Hv a Ha. apply lemma31_average; [exact Hc|]. intros j Hj.
apply (lemma28_lipschitz r d WV); [exact HW| |exact Ha]. intros b Hb. apply Hv; assumption.
Qed.

(** The dot product of two e-vectors. *)
Definition dot (e : nat) (u v : nat -> R) : R := rsum (fun a => u a * v a) 0 e.

(** Lemma 32 (paper's form): scores s_ij = (W_Q x_i) . (W_K x_j) with W_Q, W_K of size e x d and
    entries at most P; inputs bounded by X and perturbed by at most delta move each score by at
    most e (d P)^2 (2 X delta + delta^2). *)
Lemma lemma32 (e d : nat) (WQ WK : nat -> nat -> R) (xi xj xi' xj' : nat -> R) (P X delta : R) :
  (forall a b, (a < e)%nat -> (b < d)%nat -> Rabs (WQ a b) <= P) ->
  (forall a b, (a < e)%nat -> (b < d)%nat -> Rabs (WK a b) <= P) ->
  (forall b, (b < d)%nat -> Rabs (xi b) <= X) -> (forall b, (b < d)%nat -> Rabs (xj b) <= X) ->
  (forall b, (b < d)%nat -> Rabs (xi' b - xi b) <= delta) ->
  (forall b, (b < d)%nat -> Rabs (xj' b - xj b) <= delta) ->
  Rabs (dot e (matvec WQ d xi') (matvec WK d xj') - dot e (matvec WQ d xi) (matvec WK d xj))
  <= INR e * ((INR d * P) ^ 2 * (2 * X * delta + delta ^ 2)).
Proof.
intros HQ HK Hi Hj Hi' Hj'. unfold dot. rewrite <- rsum_minus. apply rsum_abs_const. intros a Ha.
set (q := matvec WQ d xi a). set (k := matvec WK d xj a).
set (dq := matvec WQ d xi' a - q). set (dk := matvec WK d xj' a - k).
replace (matvec WQ d xi' a) with (q + dq) by (unfold dq; ring).
replace (matvec WK d xj' a) with (k + dk) by (unfold dk; ring).
replace ((INR d * P) ^ 2 * (2 * X * delta + delta ^ 2))
  with (2 * (INR d * P * X) * (INR d * P * delta) + (INR d * P * delta) ^ 2) by ring.
apply lemma32_bilinear.
- apply (lemma28 e d WQ); [exact HQ|exact Hi|lia].
- apply (lemma28 e d WK); [exact HK|exact Hj|lia].
- unfold dq, q. apply (lemma28_lipschitz e d WQ); [exact HQ|exact Hi'|lia].
- unfold dk, k. apply (lemma28_lipschitz e d WK); [exact HK|exact Hj'|lia].
Qed.

(** Lemma 34 (paper's form): attention weights w, w' (probability vectors on cnt positions),
    value vectors v_j bounded by X with v'_j within delta, and a value matrix W_V (r x d, entries
    at most P): the outputs W_V sum_j w'_j v'_j and W_V sum_j w_j v_j differ by at most
    d P (delta + X |w' - w|_1). *)
Lemma lemma34 (r d cnt : nat) (WV : nat -> nat -> R) (w w' : nat -> R) (v v' : nat -> nat -> R) (P X delta : R) :
  (1 <= cnt)%nat ->
  (forall j, (j < cnt)%nat -> 0 <= w j) -> (forall j, (j < cnt)%nat -> 0 <= w' j) ->
  rsum w 0 cnt = 1 -> rsum w' 0 cnt = 1 ->
  (forall a b, (a < r)%nat -> (b < d)%nat -> Rabs (WV a b) <= P) ->
  (forall j b, (j < cnt)%nat -> (b < d)%nat -> Rabs (v j b) <= X) ->
  (forall j b, (j < cnt)%nat -> (b < d)%nat -> Rabs (v' j b - v j b) <= delta) ->
  forall a, (a < r)%nat ->
  Rabs (matvec WV d (fun b => rsum (fun j => w' j * v' j b) 0 cnt) a
        - matvec WV d (fun b => rsum (fun j => w j * v j b) 0 cnt) a)
  <= INR d * P * (delta + X * rsum (fun j => Rabs (w' j - w j)) 0 cnt).
Proof.
intros Hc Hw Hw' Sw Sw' HW Hv Hv' a Ha.
apply (lemma28_lipschitz r d WV); [exact HW| |exact Ha]. intros b Hb.
replace (delta + X * rsum (fun j => Rabs (w' j - w j)) 0 cnt)
  with (delta + rsum (fun j => Rabs (w' j - w j)) 0 cnt / 2 * (X - - X)) by field.
apply lemma34_mixture; try assumption.
- intros j Hj. apply Hv'; assumption.
- intros j Hj. apply abs_le_inv, Hv; assumption.
Qed.
