(** * Seed 004, Section 6: Theorem 26 for S-RASP with integer sequences ([SRaspIntCompile]).

    For every well-typed program p of the extended fragment over k letters, every length n, every
    word w of length n and every position i < n, with the network [xrasp_net k p] (weights
    independent of n, the paper's query/key/value/output matrices, width k + 7 + |p|) on the
    bounded embeddings 1, (i+1)/n, [i odd], 1/n, 1/(i+1), ((i+1)/n)^2, (i+1)/n^2:
    - [thm26_xrasp_hard]: the average-hard network computes every sequence exactly;
    - [thm26_xrasp_gaps]: every head is uniform or tieless with gap 1/(2 n^3);
    - [thm26_xrasp_soft]: at every 0 < tau <= [xrasp_temp k n p eps] the softmax network is within
      eps of every sequence;
    - [thm26_xrasp]: at eps = 1/4, Lemma 9's rounding of the softmax network is every Boolean
      sequence exactly;
    - [thm26_xrasp_int]: every integer sequence is c_i / n with c_i an integer, and at eps = 1/(4n)
      n times the softmax network is within 1/4 of c_i (so rounding to the nearest integer gives c_i). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith.
From Quarks Require Import RSum Rounding TransformerModel TransformerError MatrixModel MatrixError MatrixCopy.
From Quarks Require Import SRasp SRaspCompile SRaspIntCompile.
Import ListNotations.
Open Scope R_scope.

Lemma xrasp_below (k : nat) (p : list xop) : xrasp_wt k p = true -> net_below (xrasp_width k p) (xcompile k (k + 7) p).
Proof.
intros Hwt. unfold xrasp_width. rewrite <- (xin_tys_length k). apply xcompile_below; [exact Hwt|rewrite xin_tys_length; lia].
Qed.

Lemma xrasp_exact (k n : nat) (p : list xop) (w : list nat) : xrasp_wt k p = true ->
  agree n (hard_run n (xcompile k (k + 7) p) (xinput k n w)) (xrasp_run k n p w) /\
  gaps_ok n (/ (2 * INR n ^ 3)) (xcompile k (k + 7) p) (xinput k n w) /\
  xinv k n (xout_tys (xin_tys k) p) (xrasp_run k n p w).
Proof.
intros Hwt. unfold xrasp_run. rewrite <- (xin_tys_length k).
apply xcompile_exact; [exact Hwt|apply xinput_inv|intros i c _; reflexivity].
Qed.

(** The compiled average-hard network computes every sequence of a well-typed program exactly. *)
Theorem thm26_xrasp_hard (k n : nat) (p : list xop) (w : list nat) (i c : nat) :
  xrasp_wt k p = true -> (i < n)%nat ->
  mhard_run (xrasp_width k p) n (xrasp_net k p) (xinput k n w) i c = xrasp_run k n p w i c.
Proof.
intros Hwt Hi. unfold xrasp_net. rewrite copy_hard_run by (apply xrasp_below, Hwt).
apply (proj1 (xrasp_exact k n p w Hwt)), Hi.
Qed.

(** Every head is uniform or tieless with gap 1/(2 n^3), at every layer. *)
Theorem thm26_xrasp_gaps (k n : nat) (p : list xop) (w : list nat) : xrasp_wt k p = true ->
  mgaps_ok (xrasp_width k p) n (/ (2 * INR n ^ 3)) (xrasp_net k p) (xinput k n w).
Proof. intros Hwt. apply copy_gaps_ok; [apply xrasp_below, Hwt|apply (proj1 (proj2 (xrasp_exact k n p w Hwt)))]. Qed.

(** Theorem 26: the softmax network at every 0 < tau <= xrasp_temp is within eps of every sequence. *)
Theorem thm26_xrasp_soft (k n : nat) (p : list xop) (w : list nat) (eps tau : R) (i c : nat) :
  xrasp_wt k p = true -> 0 < eps -> 0 < tau -> tau <= xrasp_temp k n p eps -> (i < n)%nat -> (c < xrasp_width k p)%nat ->
  Rabs (msoft_run tau (xrasp_width k p) n (xrasp_net k p) (xinput k n w) i c - xrasp_run k n p w i c) <= eps.
Proof.
intros Hwt He Htau Hle Hi Hc. rewrite <- (thm26_xrasp_hard k n p w i c Hwt Hi).
assert (Hg : 0 < / (2 * INR n ^ 3)) by (apply g3_pos; lia).
apply (thm26_matrix_closed (xrasp_width k p) n (xrasp_net k p) (xinput k n w) (/ (2 * INR n ^ 3)) 1 eps tau); auto; try lra.
- apply xinput_bounded.
- apply thm26_xrasp_gaps, Hwt.
Qed.

Lemma xout_tys_length (xtys : list xty) (p : list xop) : length (xout_tys xtys p) = (length xtys + length p)%nat.
Proof. revert xtys. induction p as [|o p IH]; intros xtys; simpl; [lia|]. rewrite IH, app_length. simpl. lia. Qed.

Lemma xrasp_ty_lt (k : nat) (p : list xop) (c : nat) (t : xty) : t <> XR -> xrasp_ty k p c = t -> (c < xrasp_width k p)%nat.
Proof.
intros Ht E. unfold xrasp_ty in E. destruct (Nat.lt_ge_cases c (length (xout_tys (xin_tys k) p))) as [H|H].
- rewrite xout_tys_length, xin_tys_length in H. unfold xrasp_width. lia.
- rewrite nth_overflow in E by exact H. congruence.
Qed.

Lemma xrasp_tyinv (k n : nat) (p : list xop) (w : list nat) (c i : nat) : xrasp_wt k p = true -> (i < n)%nat ->
  (c < length (xout_tys (xin_tys k) p))%nat -> tyinv n (xrasp_ty k p c) (xrasp_run k n p w) i c.
Proof. intros Hwt Hi Hc. destruct (proj2 (proj2 (xrasp_exact k n p w Hwt))) as (_ & Hty & _). apply Hty; assumption. Qed.

Lemma xrasp_ty_len (k : nat) (p : list xop) (c : nat) (t : xty) : t <> XR -> xrasp_ty k p c = t ->
  (c < length (xout_tys (xin_tys k) p))%nat.
Proof.
intros Ht E. unfold xrasp_ty in E. destruct (Nat.lt_ge_cases c (length (xout_tys (xin_tys k) p))) as [H|H]; [exact H|].
rewrite nth_overflow in E by exact H. congruence.
Qed.

(** Exact after rounding: every Boolean sequence, at every position of every word of every length. *)
Theorem thm26_xrasp (k n : nat) (p : list xop) (w : list nat) (tau : R) (i c : nat) :
  xrasp_wt k p = true -> xrasp_ty k p c = XB -> 0 < tau -> tau <= xrasp_temp k n p (/ 4) -> (i < n)%nat ->
  round01 (msoft_run tau (xrasp_width k p) n (xrasp_net k p) (xinput k n w) i c) = xrasp_run k n p w i c.
Proof.
intros Hwt Hb Htau Hle Hi.
assert (Hc : (c < xrasp_width k p)%nat) by (apply (xrasp_ty_lt k p c XB); [discriminate|exact Hb]).
pose proof (thm26_xrasp_soft k n p w (/ 4) tau i c Hwt ltac:(lra) Htau Hle Hi Hc) as H.
set (r := msoft_run tau (xrasp_width k p) n (xrasp_net k p) (xinput k n w) i c) in *.
assert (Hb' : - / 4 <= r - xrasp_run k n p w i c <= / 4).
{ pose proof (Rle_abs (r - xrasp_run k n p w i c)). pose proof (Rle_abs (- (r - xrasp_run k n p w i c))).
  rewrite Rabs_Ropp in *. split; lra. }
clear H. pose proof (xrasp_tyinv k n p w c i Hwt Hi (xrasp_ty_len k p c XB ltac:(discriminate) Hb)) as T.
rewrite Hb in T. cbn [tyinv] in T.
destruct T as [E|E]; rewrite E in Hb' |- *.
- apply lemma9_low. lra.
- apply lemma9_high. lra.
Qed.

(** Every integer sequence is c_i / n with c_i an integer, and n times the softmax network at
    eps = 1/(4n) is within 1/4 of c_i. *)
Theorem thm26_xrasp_int (k n : nat) (p : list xop) (w : list nat) (tau : R) (i c : nat) :
  xrasp_wt k p = true -> xrasp_ty k p c = XI -> 0 < tau -> tau <= xrasp_temp k n p (/ (4 * INR n)) -> (i < n)%nat ->
  exists ci : Z, xrasp_run k n p w i c = IZR ci / INR n /\
    Rabs (INR n * msoft_run tau (xrasp_width k p) n (xrasp_net k p) (xinput k n w) i c - IZR ci) <= / 4.
Proof.
intros Hwt Hb Htau Hle Hi.
assert (Hc : (c < xrasp_width k p)%nat) by (apply (xrasp_ty_lt k p c XI); [discriminate|exact Hb]).
assert (HN : 0 < INR n) by (apply lt_0_INR; lia).
pose proof (thm26_xrasp_soft k n p w (/ (4 * INR n)) tau i c Hwt ltac:(apply Rinv_0_lt_compat; lra) Htau Hle Hi Hc) as H.
pose proof (xrasp_tyinv k n p w c i Hwt Hi (xrasp_ty_len k p c XI ltac:(discriminate) Hb)) as T.
rewrite Hb in T. cbn [tyinv] in T. destruct T as [ci E]. exists ci. split; [exact E|].
rewrite E in H.
replace (INR n * msoft_run tau (xrasp_width k p) n (xrasp_net k p) (xinput k n w) i c - IZR ci)
  with (INR n * (msoft_run tau (xrasp_width k p) n (xrasp_net k p) (xinput k n w) i c - IZR ci / INR n)) by (field; lra).
rewrite Rabs_mult, Rabs_pos_eq by lra.
replace (/ 4) with (INR n * / (4 * INR n)) by (field; lra).
apply Rmult_le_compat_l; lra.
Qed.

(** ** The prefix sum as three operations *)

Definition psum (b c : nat) : list xop := [XCnt b; XAvgC c; XRead (S c)].

(** [psum b c] (b < c, written at c, c + 1, c + 2) ends with sum_(j <= i) (b_j or [j = 0]) / n: the
    prefix sum of b plus [b_0 = 0], on the integer grid 1/n. *)
Lemma psum_sem (n b c : nat) (z : stream) (i : nat) : (b < c)%nat ->
  xrun n c (psum b c) z i (S (S c)) = rsum (fun j => (z j b + (1 - z j b) * (if Nat.eqb j 0 then 1 else 0)) / INR n) 0 (S i).
Proof.
intros Hb. unfold psum. cbn [xrun]. rewrite upd_eq. cbn [xsem]. rewrite upd_eq. cbn [xsem sop_sem vis_lo vis_cnt].
rewrite (rsum_ext _ (fun j => (z j b + (1 - z j b) * (if Nat.eqb j 0 then 1 else 0)) / INR n)).
- assert (0 < INR (S i)) by (apply lt_0_INR; lia). field. lra.
- intros j Hj. rewrite Nat.add_0_l, upd_eq. reflexivity.
Qed.
