(** * A lower bound on |T(n;1)|: log2 |T(n;1)| >= n(n-1)/2.

    Every f0 = [p > 0] in T(n;1) has the realization P(x) = K (p(x) - 1) + 1 + idx(x),
    K = 2^(n+1), idx(x) = sum_i 2^i x_i, which is injective on the cube ([bigP_inj]).  For each
    point y, f1 = [P > P(y)] is in T(n;1) and glue f0 f1 = [P(x) - P(y) x_n > 0] in T(n+1;1);
    distinct y give distinct f1.  So ext_count f0 >= 2^n, and by [card_T_halves]
    |T(n+1;1)| >= 2^n |T(n;1)|, hence |T(n;1)| >= 2^(n(n-1)/2) ([card_T1_lower]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint intdiv.
From Quarks Require Import Threshold Checker Classify HalvesGlue Gallery.
From Quarks Require Import QuarksCompat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section Lower.
Variable n : nat.

Lemma index_inj : injective (@index_of n).
Proof.
move=> x y e; apply/ffunP => i.
by rewrite -(index_bit x i) -(index_bit y i) e.
Qed.

Lemma peval_scale d k (c : {set 'I_n} -> int) (x : point n) :
  peval d (fun U => k * c U) x = k * peval d c x.
Proof. by rewrite /peval big_distrr /=; apply: eq_bigr => U _; rewrite mulrA. Qed.

Lemma peval_sum d (I : Type) (r : seq I) (F : I -> {set 'I_n} -> int) (x : point n) :
  peval d (fun U => \sum_(i <- r) F i U) x = \sum_(i <- r) peval d (F i) x.
Proof.
elim: r => [|i r IH].
  by rewrite big_nil /peval big1 // => U _; rewrite big_nil mul0r.
by rewrite big_cons -IH -peval_add; apply: eq_bigr => U _; rewrite big_cons.
Qed.

(** idx(x) = sum_i 2^i x_i is a polynomial of degree 1. *)
Lemma index_peval : exists c, forall x : point n, peval 1 c x = (index_of x)%:R.
Proof.
exists (fun U => \sum_(i < n) unit_at [set i] (2 ^ i)%:R U) => x.
rewrite peval_sum /index_of natr_sum; apply: eq_bigr => i _.
by rewrite peval_unit ?cards1 // /monomial big_set1 natrM natrX mulrC.
Qed.

Definition Kscale : int := (2 ^ n.+1)%:R.

(** P = Kscale (p - 1) + 1 + idx. *)
Definition bigP (p : point n -> int) (x : point n) : int := Kscale * (p x - 1) + 1 + (index_of x)%:R.

Lemma bigP_peval (c : {set 'I_n} -> int) : exists c', forall x, peval 1 c' x = bigP (peval 1 c) x.
Proof.
have [ci hci] := index_peval.
exists (fun U => Kscale * c U + unit_at set0 (1 - Kscale) U + ci U) => x.
rewrite !peval_add hci peval_scale peval_unit ?cards0 // /monomial big_set0 mulr1 /bigP.
by rewrite mulrBr mulr1; congr (_ + _); rewrite addrA addrAC.
Qed.

Lemma index_ltK (x : point n) : (index_of x)%:R < Kscale.
Proof.
rewrite /Kscale ltr_nat; apply: leq_trans (index_lt x) _.
by rewrite leq_exp2l.
Qed.

Lemma bigP_sign (p : point n -> int) (x : point n) : (0 < bigP p x) = (0 < p x).
Proof.
have hi := index_ltK x; have hi0 : 0 <= (index_of x)%:R :> int by rewrite ler0n.
have hK : 0 < Kscale by rewrite /Kscale ltr0n expn_gt0.
rewrite /bigP; case: (ltrP 0 (p x)) => hp.
  have h1 : 0 <= p x - 1 by move: hp; rewrite -lez1D addr0 subr_ge0.
  have h2 : 0 <= Kscale * (p x - 1) by apply: mulr_ge0 => //; exact: ltW.
  by rewrite -addrA; apply: ltr_wpDl h2 _; apply: ltr_pwDl ltr01 hi0.
apply/negbTE; rewrite -leNgt.
have h : Kscale * (p x - 1) <= - Kscale.
  by rewrite -[- Kscale]mulrN1 ler_pM2l // lerBlDr addrC subrr.
rewrite -addrA; apply: le_trans (lerD h (lexx _)) _.
by rewrite addrC subr_le0 lez1D.
Qed.

Lemma bigP_inj (p : point n -> int) : injective (bigP p).
Proof.
have hK : 0 < Kscale by rewrite /Kscale ltr0n expn_gt0.
have hm (x : point n) : (bigP p x %% Kscale)%Z = 1 + (index_of x)%:R.
  rewrite /bigP -addrA mulrC modzMDl modz_small //; apply/andP; split.
    by rewrite addr_ge0 ?ler0n.
  have -> : 1 + (index_of x)%:R = ((index_of x).+1)%:R :> int by rewrite -add1n natrD.
  by rewrite /Kscale ltr_nat; apply: (leq_ltn_trans (index_lt x)); rewrite ltn_exp2l.
move=> x y e; apply: index_inj; have := hm x; rewrite e hm => /addrI /eqP.
by rewrite eqr_nat => /eqP.
Qed.

(** prod_{S} of the low variables of z is prod over the lifted S. *)
Lemma monomial_low (S : {set 'I_n}) (z : point n.+1) :
  monomial S (low z) = monomial [set lift ord_max j | j in S] z.
Proof.
rewrite /monomial big_imset /=; last by move=> ? ? _ _; apply: lift_inj.
by apply: eq_bigr => j _; rewrite ffunE.
Qed.

(** [q(x) - t x_n > 0], q of degree 1 in the low variables, is in T(n+1;1). *)
Lemma T_glue_affine (c : {set 'I_n} -> int) (t : int) :
  [ffun z : point n.+1 => 0 < peval 1 c (low z) - t * (z ord_max : nat)%:R] \in T n.+1 1.
Proof.
apply/inTP.
exists (fun U => \sum_(S : {set 'I_n} | (#|S| <= 1)%N) c S * unit_at [set lift ord_max j | j in S] 1 U
                 + unit_at [set ord_max] (- t) U) => z.
rewrite ffunE peval_add peval_unit ?cards1 // /monomial big_set1 mulNr.
rewrite (@peval_subst n n.+1 1 c (fun S => unit_at [set lift ord_max j | j in S] 1) z (low z)) //.
move=> S hS; rewrite peval_unit ?mul1r ?monomial_low // card_imset //; exact: lift_inj.
Qed.

(** Every f0 in T(n;1) has at least 2^n second halves f1 with (f0, f1) in T(n+1;1). *)
Lemma ext_count_ge (f0 : boolfun n) : f0 \in T n 1 -> (2 ^ n <= ext_count 1 f0)%N.
Proof.
case/inTP => c hc.
have [c' hc'] := bigP_peval c.
pose P := bigP (peval 1 c).
pose F (y : point n) : boolfun n := [ffun x => P y < P x].
have hF : injective F.
  move=> y y' e; case: (ltgtP (P y) (P y')) => h; last exact: bigP_inj h.
    by have := congr1 (fun g : boolfun n => g y') e; rewrite !ffunE h ltxx.
  by have := congr1 (fun g : boolfun n => g y) e; rewrite !ffunE h ltxx.
have hg y : glue f0 (F y) \in T n.+1 1.
  rewrite (_ : glue f0 (F y) =
      [ffun z : point n.+1 => 0 < peval 1 c' (low z) - P y * (z ord_max : nat)%:R]).
    exact: T_glue_affine.
  apply/ffunP => z; rewrite !ffunE hc'; case: (z ord_max); rewrite /= ?mulr1n ?mulr0n ?mulr1 ?mulr0 ?subr0.
    by rewrite subr_gt0.
  by rewrite bigP_sign hc.
have -> : (2 ^ n = #|[set F y | y : point n]|)%N by rewrite card_imset // card_ffun card_bool card_ord.
apply: subset_leq_card; apply/subsetP => _ /imsetP [y _ ->]; rewrite inE hg andbT.
by have := T_half true (hg y); rewrite half_glue.
Qed.

End Lower.

(** |T(n+1;1)| >= 2^n |T(n;1)|. *)
Theorem card_T1_next n : (2 ^ n * #|T n 1| <= #|T n.+1 1|)%N.
Proof.
rewrite card_T_halves mulnC -sum_nat_const; apply: leq_sum => f0 hf0.
exact: ext_count_ge.
Qed.

(** log2 |T(n;1)| >= n(n-1)/2, for every n. *)
Theorem card_T1_lower n : (2 ^ 'C(n, 2) <= #|T n 1|)%N.
Proof.
elim: n => [|n IH]; first exact: leq_trans (card_T_ge2 0 1).
rewrite binS bin1 expnD mulnC; apply: leq_trans (card_T1_next n).
by rewrite leq_mul2l IH orbT.
Qed.
