(** * Section 4.2: products of gate outputs.  For all real (indeed all ordered-ring) values p, q:
    the Heaviside outputs multiply to their AND ([gate_product_and]), the sign outputs to their
    XNOR ([gate_product_xnor]); with -1/+1 outputs the product is not the AND
    ([gate_product_pm1_not_and]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section Gates.
Variable R : realDomainType.

(** H(x) = [x > 0] in {0,1}, and sign(x) in {-1,+1} (+1 exactly when x > 0). *)
Definition heaviside (x : R) : R := if 0 < x then 1 else 0.
Definition sgn (x : R) : R := if 0 < x then 1 else -1.

(** H(p) H(q) is the AND of the two threshold gates. *)
Lemma gate_product_and (p q : R) :
  heaviside p * heaviside q = if (0 < p) && (0 < q) then 1 else 0.
Proof. by rewrite /heaviside; case: (0 < p); case: (0 < q); rewrite ?mul1r ?mul0r. Qed.

(** sign(p) sign(q) is their XNOR: +1 when the gates agree, -1 when they differ. *)
Lemma gate_product_xnor (p q : R) : sgn p * sgn q = if (0 < p) == (0 < q) then 1 else -1.
Proof. by rewrite /sgn; case: (0 < p); case: (0 < q); rewrite ?mul1r ?mulN1r ?opprK. Qed.

(** As printed with outputs in {-1,+1}, "the product is the AND" is false: at p = q = -1 both
    gates are off, the product is +1, the AND (encoded) is -1. *)
Lemma gate_product_pm1_not_and :
  ~ (forall p q : R, sgn p * sgn q = if (0 < p) && (0 < q) then 1 else -1).
Proof.
move=> /(_ (-1) (-1)); rewrite /sgn oppr_gt0 ltr10 /= mulrNN mulr1 => h.
by have := @ltr01 R; rewrite h oppr_gt0 ltr10.
Qed.
End Gates.
