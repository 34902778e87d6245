(** * The central binomial coefficient is the largest: C(m, s) <= C(m, m/2).

    [bin_le_central]: for all m and s, C(m, s) <= C(m, floor(m/2)) (Lemma 8(a) of the Zuev chain,
    ../shared/zuev.md).  Proof: (s+1) C(m, s+1) = (m - s) C(m, s) ([mul_bin_left]), so the
    coefficients increase while 2(s+1) <= m; above m/2 the symmetry C(m, s) = C(m, m - s)
    ([bin_sub]) brings s back below m/2.  [bin_central_succ] (8(b)): C(m+1, (m+1)/2) <= 2 C(m, m/2),
    hence [bin_central_le_3_8]: 8 C(m, m/2) <= 3 2^m for m >= 3 (q_m <= 3/8).  8(c):
    [bin_central_sq]: C(2j, j)^2 (3j+1) <= 16^j, by induction with [bin_central_rec]
    ((j+1) C(2j+2, j+1) = 2 (2j+1) C(2j, j)); hence [bin_central_sq_le]:
    C(m, m/2)^2 (3m+2) <= 2 4^m (q_m^2 <= 2/(3m+2)).  [zuev_bad n p]: the two extra terms of
    Theorem F (the number of "bad" p-tuples of +-1 vectors in dimension n+1, Lemma 10), stated
    once here for ZuevFinite.v and Zuev.v.  Natural numbers only. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect.
From Coq Require Import Lia.

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

(** (j+1) C(2j+2, j+1) = 2 (2j+1) C(2j, j). *)
Lemma bin_central_rec j : j.+1 * 'C(j.+1.*2, j.+1) = 2 * (j.*2.+1 * 'C(j.*2, j)).
Proof.
have e1 : j.+1 * 'C(j.*2.+1, j.+1) = j.*2.+1 * 'C(j.*2, j).
  by rewrite -mul_bin_diag.
have e2 : j.+1 * 'C(j.*2.+2, j.+1) = j.*2.+2 * 'C(j.*2.+1, j).
  by rewrite -mul_bin_diag.
have hj : j <= j.*2.+1 by rewrite leqW // -addnn leq_addr.
have e3 : 'C(j.*2.+1, j.+1) = 'C(j.*2.+1, j).
  by rewrite -(bin_sub hj) subSn; rewrite -addnn ?addnK ?leq_addr.
apply/eqP; rewrite -(eqn_pmul2l (ltn0Sn j)) doubleS e2 -e3 mulnCA e1.
by apply/eqP; rewrite -!mul2n -!multE; lia.
Qed.

(** The polynomial step of 8(c): (2j+1)^2 (3j+4) <= (2j+2)^2 (3j+1) (the difference is j). *)
Lemma central_sq_step j : (j.*2.+1)^2 * (3 * j + 4) <= ((j.+1).*2)^2 * (3 * j + 1).
Proof. rewrite -!mul2n !expnS !expn0 -!multE -!plusE; apply/leP; nia. Qed.

(** Lemma 8(c): C(2j, j)^2 (3j+1) <= 16^j. *)
Lemma bin_central_sq j : 'C(j.*2, j) ^ 2 * (3 * j + 1) <= 16 ^ j.
Proof.
elim: j => [|j ih]; first by rewrite bin0.
rewrite -(@leq_pmul2l (j.+1 ^ 2)) ?expn_gt0 // mulnA -expnMn bin_central_rec.
move: ih (central_sq_step j) (bin_central_rec j); set C := 'C(j.*2, j); set X := 16 ^ j.
rewrite expnS -/X => ih hp _.
have h1 := leq_mul (leqnn (16 * j.+1 ^ 2)) ih.
have h2 := leq_mul (leqnn (4 * C ^ 2)) hp.
move: h1 h2; rewrite -!mul2n !expnS !expn0 -!multE -!plusE => /leP h1 /leP h2; apply/leP.
nia.
Qed.

(** C(2j+1, j+1) = C(2j+1, j). *)
Lemma bin_odd_sym j : 'C(j.*2.+1, j.+1) = 'C(j.*2.+1, j).
Proof.
have hj : j <= j.*2.+1 by rewrite leqW // -addnn leq_addr.
by rewrite -(bin_sub hj) subSn; rewrite -addnn ?addnK ?leq_addr.
Qed.

(** Hence q_m^2 <= 2/(3m+2) for every m: C(m, m/2)^2 (3m+2) <= 2 4^m. *)
Lemma bin_central_sq_le m : 'C(m, m./2) ^ 2 * (3 * m + 2) <= 2 * 4 ^ m.
Proof.
have e := odd_double_half m; set j := m./2 in e *; rewrite -e.
have e4 : 4 ^ j.*2 = 16 ^ j by rewrite -mul2n expnM.
have e5 : 4 ^ j.*2.+1 = 4 * 16 ^ j by rewrite expnS e4.
case: (odd m) => /=.
  have h := bin_central_sq j.+1.
  rewrite doubleS binS bin_odd_sym addnn -mul2n in h.
  move: h; rewrite e5 [16 ^ j.+1]expnS; set C := 'C(j.*2.+1, j); set X := 16 ^ j.
  rewrite -!mul2n !expnS !expn0 -!multE -!plusE => /leP h; apply/leP; nia.
rewrite e4; have := bin_central_sq j.
set C := 'C(j.*2, j); set X := 16 ^ j.
rewrite -!mul2n !expnS !expn0 -!multE -!plusE => /leP h; apply/leP; nia.
Qed.

(** The two extra terms of Theorem F for n and p (N = n+1): C(p,2) 2^(N(p-1)+1) (tuples with
    t_i = +-t_j) plus sum_(3 <= m <= p) C(p,m) C(N,m) 2^(N(p-m+1) + m^2) C(m, m/2)^(N-m) (tuples
    whose span holds another +-1 vector, minimal support of size m).  Theorem F reads
    2^(Np) <= p! 2^p |T(n;1)| + zuev_bad n p. *)
Definition zuev_bad n p : nat :=
  'C(p, 2) * 2 ^ (n.+1 * (p - 1) + 1)
  + \sum_(3 <= m < p.+1) 'C(p, m) * 'C(n.+1, m) * 2 ^ (n.+1 * (p - m + 1) + m * m)
                         * 'C(m, m./2) ^ (n.+1 - m).
