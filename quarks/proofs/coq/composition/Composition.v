(** * Theorem 4.2, upper bound: T_B(n; d_1..d_k) has at most prod_j |T(n; d_j)| elements.

    The operand families (f_1, .., f_k) with f_j in T(n; d_j) form a product set
    ([card_operands]), and T_B(n; d_1..d_k) is its image under f |-> B(f_1, .., f_k)
    ([thm4_2_upper]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(** The operand families form the product of the T(n; d_j): |operands| = prod_j |T(n; d_j)|. *)
Lemma card_operands k n (ds : 'I_k -> nat) :
  #|operands n ds| = \prod_(j < k) #|T n (ds j)|.
Proof.
have -> : operands n ds = [set fs in family (fun j => T n (ds j))].
  (* MathComp 2's inE unfolds membership in a family, MathComp 1's needs the view familyP *)
  by apply/setP => fs; rewrite !inE; try (apply/forallP/familyP => h j; have := h j).
rewrite cardsE card_family foldrE big_map /=.
by rewrite enumT.
Qed.

(** Theorem 4.2, upper bound (eq. 4.6): every member of T_B(n; d) is B(f_1..f_k) for some family
    of the product, so |T_B(n; d_1..d_k)| <= prod_j |T(n; d_j)|. *)
Lemma thm4_2_upper k n (B : boolfun k) (ds : 'I_k -> nat) :
  #|TB n B ds| <= \prod_(j < k) #|T n (ds j)|.
Proof. by rewrite -card_operands; apply: leq_imset_card. Qed.
