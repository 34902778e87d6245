(** * The central binomial coefficient is the largest: C(m, s) <= C(m, m/2).

    [bin_le_central]: for all m and s, C(m, s) <= C(m, floor(m/2)) (Lemma 8(a) of the Zuev chain,
    ../shared/zuev.md).  Proof: (s+1) C(m, s+1) = (m - s) C(m, s) ([mul_bin_left]), so the
    coefficients increase while 2(s+1) <= m; above m/2 the symmetry C(m, s) = C(m, m - s)
    ([bin_sub]) brings s back below m/2.  [bin_central_succ] (8(b)): C(m+1, (m+1)/2) <= 2 C(m, m/2),
    hence [bin_central_le_3_8]: 8 C(m, m/2) <= 3 2^m for m >= 3 (q_m <= 3/8).  Natural numbers only. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(** One step up: C(m, s) <= C(m, s+1) while 2(s+1) <= m. *)
Lemma bin_le_succ m s : (s.+1).*2 <= m -> 'C(m, s) <= 'C(m, s.+1).
Proof.
move=> h; rewrite -(leq_pmul2l (ltn0Sn s)) mul_bin_left leq_mul2r.
apply/orP; right; rewrite ltn_subRL addnn; apply: leq_trans h.
by rewrite doubleS; apply: leqnSn.
Qed.

(** Increasing up to the middle. *)
Lemma bin_le_half m s : s <= m./2 -> 'C(m, s) <= 'C(m, m./2).
Proof.
move=> hs; have [d hd] : exists d, m./2 = d + s by exists (m./2 - s); rewrite subnK.
elim: d s hd {hs} => [|d ih] s hd; first by rewrite hd.
apply: leq_trans (ih s.+1 _); last by rewrite addnS -addSn.
apply: bin_le_succ; apply: leq_trans (_ : (m./2).*2 <= m).
  by rewrite leq_double hd addSn ltnS leq_addl.
by rewrite -{2}(odd_double_half m) leq_addl.
Qed.

(** Lemma 8(a): the central coefficient C(m, floor(m/2)) is the largest of row m. *)
Lemma bin_le_central m s : 'C(m, s) <= 'C(m, m./2).
Proof.
case: (leqP s m./2) => [/bin_le_half //|h].
case: (leqP s m) => [hsm|hsm]; last by rewrite bin_small.
rewrite -bin_sub //; apply: bin_le_half; rewrite leq_subLR.
rewrite -{1}(odd_double_half m) -addnn addnA leq_add2r; apply: leq_trans h.
by case: (odd m).
Qed.

(** Lemma 8(b): C(m+1, floor((m+1)/2)) <= 2 C(m, floor(m/2)) (Pascal's rule and 8(a)). *)
Lemma bin_central_succ m : 'C(m.+1, m.+1./2) <= 2 * 'C(m, m./2).
Proof.
case: (m.+1./2) => [|k].
  by rewrite bin0 muln_gt0 /= bin_gt0 -{2}(odd_double_half m) -addnn addnA leq_addl.
by rewrite binS mul2n -addnn leq_add // bin_le_central.
Qed.

(** Hence q_m = C(m, floor(m/2)) / 2^m <= 3/8 for m >= 3: 8 C(m, floor(m/2)) <= 3 2^m. *)
Lemma bin_central_le_3_8 m : 3 <= m -> 8 * 'C(m, m./2) <= 3 * 2 ^ m.
Proof.
elim: m => [|m ih] //; rewrite leq_eqVlt => /orP [/eqP <- //|]; rewrite ltnS => /ih h.
apply: (@leq_trans (8 * (2 * 'C(m, m./2)))); first by rewrite leq_mul2l bin_central_succ orbT.
by rewrite expnS [8 * _]mulnCA [3 * _]mulnCA leq_mul2l h orbT.
Qed.
