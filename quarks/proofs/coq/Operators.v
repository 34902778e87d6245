(** * Lemma 5.1: an irreducible operator is a literal along some line through each argument. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect all_algebra.
From Quarks Require Import Threshold.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(** z with its i-th coordinate set to b. *)
Definition setp k (z : point k) (i : 'I_k) (b : bool) : point k :=
  [ffun j => if j == i then b else z j].

Lemma setp_id k (z : point k) i : setp z i (z i) = z.
Proof. apply/ffunP => j; rewrite ffunE. by case: eqP => [->|]. Qed.

Lemma setp_flip k (z : point k) i : setp z i (~~ z i) = flip z i.
Proof. by apply/ffunP => j; rewrite !ffunE; case: eqP => [->|]. Qed.

(** Lemma 5.1 (0/1 encoding): if B depends on its i-th argument, there are values theta_j of the
    other arguments (those of z) and a sign c such that, on the line through z parallel to the
    i-th axis, B is z_i or its negation: B(z with z_i := b) = b xor c for both b. *)
Lemma lemma5_1_line k (B : boolfun k) (i : 'I_k) :
  depends_on B i -> exists (z : point k) (c : bool), forall b, B (setp z i b) = b (+) c.
Proof.
case/existsP=> z hz; exists z, (B (setp z i false)) => b.
have hne : B (setp z i true) != B (setp z i false).
  have e1 := setp_id z i; have e2 := setp_flip z i.
  case hzi: (z i) e1 e2 => /= e1 e2.
    by rewrite e1 e2 eq_sym.
  by rewrite e1 e2.
by case: b => //=; move: hne; case: (B (setp z i true)); case: (B (setp z i false)).
Qed.

(** Lemma 5.1: an irreducible B is, for every argument i, a literal in z_i along some line. *)
Lemma lemma5_1 k (B : boolfun k) :
  irreducible B -> forall i, exists (z : point k) (c : bool), forall b, B (setp z i b) = b (+) c.
Proof. by move=> /forallP hB i; apply: lemma5_1_line. Qed.

Lemma irreducibleP k (B : boolfun k) : reflect (forall i, depends_on B i) (irreducible B).
Proof. exact: forallP. Qed.

