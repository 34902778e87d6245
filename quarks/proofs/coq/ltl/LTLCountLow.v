(** * Seed 004, Theorems 20 and 21, Corollaries 22 and 23 at every temperature <= 1/(2n), 1/(2n^3) included.

    Lowering the temperature only sharpens every head of the counting compilers: the S, Y, U, X
    heads (LTLSoft.v's [head_S_low] .. [head_X_low]), the lookups ([look_low], [mlook_low]) and the
    sign head keep their bounds at every tau <= 1/(2n), each head even at a temperature of its own
    ([hs_below], LTLCountBlocks.v).  So the compilers of LTLCountThm.v and LTLCountBounded.v are exact
    at every 0 < tau <= 1/(2n), in particular at variant (a)'s temperature [tau_a] n = 1/(2n^3):
    - [bcompile] (weights independent of n; the unbounded embeddings -i^2, 2i) on the one-sided
      fragment and every past formula ([thm20_count_tau_a], [thm21_tl_tau_a]);
    - [mcompile] on every formula ([thm20_tl_low], [cor22_tl_tau_a]; for a comparison mixing #left
      and #right it reads the n-scaled keys 2in, -i^2 n), and with each head at a temperature of its
      own, each at most 1/(2n) ([thm20_tl_heads]: e.g. the lookups at 1/(2n), every other head at
      1/(2n^3));
    - [acompile n] (bounded embeddings, n-dependent query scale) at every tau <= 1/(2n)
      ([thm20a_tl_low]).
    Not here: one network with weights independent of n on the bounded embeddings (variant (a) as
    printed); notes/soft-hard.md, issue 53. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftPaper LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountThm LTLCountBoundedSim LTLCountBounded LTLCountPaper.
Import ListNotations.
Open Scope R_scope.

(** 1/(2n^3) <= 1/(2n). *)
Lemma tau_a_below (n : nat) : (1 <= n)%nat -> 0 < tau_a n <= tau_paper n.
Proof.
intros Hn. split; [apply tau_a_pos, Hn|]. unfold tau_a, tau_paper.
assert (H1 : 1 <= INR n) by (apply (le_INR 1); lia).
apply Rinv_le_contravar; [apply Rmult_lt_0_compat; lra|]. simpl. nra.
Qed.

(** Theorem 20 with every head at a temperature of its own, each at most 1/(2n): for every formula
    over letters < k, n >= 1, word w and i < n, [mcompile]'s run outputs exactly [w, i |= p]. *)
Theorem thm20_tl_heads (k : nat) (p : tl) (n : nat) (w : nat -> nat) (W : head -> (nat -> R) -> nat -> nat -> R) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> hs_below n W -> (i < n)%nat ->
  net_run W n (real_net (fst (mcompile k false p))) (embed k (tpes k false p) n w) i (snd (mcompile k false p)) = B2R (tsat n w p i).
Proof. intros Hl Hn HW Hi. apply (mcompile_ok n w k W p Hn HW Hl i Hi). Qed.

(** Theorem 20 at every temperature 0 < tau <= 1/(2n). *)
Theorem thm20_tl_low (k : nat) (p : tl) (n : nat) (w : nat -> nat) (tau : R) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> 0 < tau <= tau_paper n -> (i < n)%nat ->
  soft_run tau n (real_net (fst (mcompile k false p))) (embed k (tpes k false p) n w) i (snd (mcompile k false p)) = B2R (tsat n w p i).
Proof. intros Hl Hn Ht Hi. apply (mcompile_ok n w k _ p Hn (hs_below_soft n tau Ht) Hl i Hi). Qed.

(** Corollary 22 (S and U, mixed comparisons included) at 1/(2n^3), and Lemma 9's rounding of it. *)
Corollary cor22_tl_tau_a (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_a n) n (real_net (fst (mcompile k false p))) (embed k (tpes k false p) n w) i (snd (mcompile k false p)) = B2R (tsat n w p i) /\
  round01 (soft_run (tau_a n) n (real_net (fst (mcompile k false p))) (embed k (tpes k false p) n w) i (snd (mcompile k false p))) = B2R (tsat n w p i).
Proof.
intros Hl Hn Hi. assert (E : soft_run (tau_a n) n (real_net (fst (mcompile k false p))) (embed k (tpes k false p) n w) i (snd (mcompile k false p)) = B2R (tsat n w p i))
  by (apply thm20_tl_low; [exact Hl|exact Hn|apply tau_a_below, Hn|exact Hi]).
split; [exact E|rewrite E; apply round_B2R].
Qed.

(** Theorem 20 on the one-sided fragment at 1/(2n^3): [bcompile]'s weights do not depend on n. *)
Theorem thm20_count_tau_a (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tfrag k false p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run (tau_a n) n (real_net (fst (bcompile k false p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k false p))
  = B2R (tsat n w p i).
Proof. intros Hf Hn Hi. apply (bcompile_ok n w k false _ p Hn (hs_below_soft n _ (tau_a_below n Hn)) Hf i Hi). Qed.

(** Theorem 21 and Corollary 23 at 1/(2n^3): every past formula, future-masked, weights independent of n. *)
Theorem thm21_tl_tau_a (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> tpast p = true -> (1 <= n)%nat -> (i < n)%nat ->
  future_net (fst (bcompile k true p)) /\
  soft_run (tau_a n) n (real_net (fst (bcompile k true p))) (embed k (pes_count (tpreds p)) n w) i (snd (bcompile k true p))
  = B2R (tsat n w p i).
Proof.
intros Hl Hp Hn Hi. pose proof (tfrag_past k p Hl Hp) as Hf. split; [apply thm21_future, Hf|].
apply (bcompile_ok n w k true _ p Hn (hs_below_soft n _ (tau_a_below n Hn)) Hf i Hi).
Qed.

(** Variant (a) with [acompile n] at every temperature 0 < tau <= 1/(2n). *)
Theorem thm20a_tl_low (k : nat) (p : tl) (n : nat) (w : nat -> nat) (tau : R) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> 0 < tau <= tau_paper n -> (i < n)%nat ->
  soft_run tau n (real_net (fst (acompile n k false p))) (embed k (tpes_a p) n w) i (snd (acompile n k false p)) = B2R (tsat n w p i).
Proof.
intros Hl Hn Ht Hi. apply (acompile_ok n w k false _ p Hn (or_intror (ex_intro _ tau (conj Ht eq_refl)))); [apply afrag_letters, Hl|exact Hi].
Qed.
