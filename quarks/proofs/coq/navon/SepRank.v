(** * Seed 003, eqs. (11), (12) and Conclusion 4.3: a pointwise lower bound passes to the minima.
    With r = rank M^y and s = sep(y), eq. (10) gives r <= s pointwise; then the minimum of r over a
    family F is at most the minimum of s over F. *)
From Coq Require Import Arith Lia.

(** If r <= s on F, m_r is a lower bound of r on F and s attains m_s on F, then m_r <= m_s. *)
Theorem eq11_min_le (A : Type) (F : A -> Prop) (r s : A -> nat) (mr ms : nat) :
  (forall y, F y -> r y <= s y) ->
  (forall y, F y -> mr <= r y) ->
  (exists y, F y /\ s y = ms) ->
  mr <= ms.
Proof. intros Hrs Hmr [y [Fy <-]]; specialize (Hrs y Fy); specialize (Hmr y Fy); lia. Qed.
