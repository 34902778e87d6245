(** * Seed 004, Lemma 9: a one-hidden-layer ReLU network turns approximate Booleans into exact ones.

    round01 x = 2 ReLU(x - 1/4) - 2 ReLU(x - 3/4) is 0 for x <= 1/4 ([lemma9_low]), 1 for
    x >= 3/4 ([lemma9_high]) and monotone ([lemma9_monotone]); together [lemma9]. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lra.
Open Scope R_scope.

Definition relu (x : R) : R := Rmax 0 x.

(** f(x) = 2 ReLU(x - 1/4) - 2 ReLU(x - 3/4). *)
Definition round01 (x : R) : R := 2 * relu (x - 1/4) - 2 * relu (x - 3/4).

Ltac relu_cases := unfold round01, relu, Rmax; repeat destruct Rle_dec; lra.

(** Lemma 9: every x <= 1/4 goes to 0 and every x >= 3/4 to 1. *)
Lemma lemma9_low (x : R) : x <= 1/4 -> round01 x = 0.
Proof. intros; relu_cases. Qed.

Lemma lemma9_high (x : R) : 3/4 <= x -> round01 x = 1.
Proof. intros; relu_cases. Qed.

(** In between, f is monotone (so the values of the network are ordered as its inputs). *)
Lemma lemma9_monotone (x y : R) : x <= y -> round01 x <= round01 y.
Proof. intros; relu_cases. Qed.

Theorem lemma9 (x : R) : (x <= 1/4 -> round01 x = 0) /\ (3/4 <= x -> round01 x = 1).
Proof. split; [apply lemma9_low | apply lemma9_high]. Qed.
