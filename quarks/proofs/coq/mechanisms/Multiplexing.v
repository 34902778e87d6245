(** * Seed 001, multiplexing (additive activation attention): a large negative attending signal S_2
    silences the attended unit O = f(S_1 + S_2), for |S_1| <= K: exactly for the Heaviside unit
    (H(s) = [s > 0]), within eps for the logistic unit. *)
From Coq Require Import Reals Lra.
Open Scope R_scope.

(** Heaviside: S_2 <= -K gives S_1 + S_2 <= 0, so H(S_1 + S_2) = 0. *)
Theorem multiplexing_silences_heaviside (K S1 S2 : R) :
  Rabs S1 <= K -> S2 <= - K -> S1 + S2 <= 0.
Proof. intros H1 H2; pose proof (Rle_abs S1); lra. Qed.

(** Logistic: S_2 <= -K - ln((1 - eps)/eps) gives 1/(1 + exp(-(S_1 + S_2))) <= eps. *)
Theorem multiplexing_silences_logistic (K S1 S2 eps : R) :
  0 < eps < 1 -> Rabs S1 <= K -> S2 <= - K - ln ((1 - eps) / eps) ->
  / (1 + exp (- (S1 + S2))) <= eps.
Proof.
intros [He0 He1] H1 H2; pose proof (Rle_abs S1) as Ha.
assert (Hq : 0 < (1 - eps) / eps) by (apply Rdiv_lt_0_compat; lra).
assert (Hx : ln ((1 - eps) / eps) <= - (S1 + S2)) by lra.
assert (Hexp : (1 - eps) / eps <= exp (- (S1 + S2))).
{ rewrite <- (exp_ln _ Hq); destruct (Rle_lt_or_eq_dec _ _ Hx) as [Hlt | ->];
  [left; apply exp_increasing, Hlt | right; reflexivity]. }
assert (H1e : / eps <= 1 + exp (- (S1 + S2))).
{ replace (/ eps) with (1 + (1 - eps) / eps) by (field; lra); lra. }
rewrite <- (Rinv_inv eps); apply Rinv_le_contravar; [apply Rinv_0_lt_compat; lra | exact H1e].
Qed.
