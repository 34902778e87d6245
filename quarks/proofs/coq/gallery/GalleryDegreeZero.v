(** * The refute gallery, degree 0 (Boolean): statements of seed 000 that are false as printed
    when degrees are 0, and the Coq theorems of their negation.

    T(m;0) is the two constants ([card_T_0]) and so is T_B with all degrees 0 ([card_TB_0]);
    XOR is irreducible ([xor2_irreducible]); so Proposition 5.5 / eqs. (4.7), (5.14) fail with
    degrees 0 for every m ([prop5_5_degree_zero_printed]).  The rest of the Boolean gallery is
    Gallery.v. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint zmodp.
From Quarks Require Import Threshold Gallery.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(** XOR of two arguments; it depends on both, so it is irreducible. *)
Definition xor2 : boolfun 2 := [ffun z : point 2 => z ord0 (+) z (@Ordinal 2 1 isT)].

Lemma xor2_irreducible : irreducible xor2.
Proof.
apply/forallP => i; apply/existsP; exists (origin 2).
by rewrite /xor2 /flip /origin !ffunE; case: i => [[|[|//]]].
Qed.

(** T(m;0) is the two constants. *)
Lemma card_T_0 m : #|T m 0| = 2.
Proof.
apply/eqP; rewrite eqn_leq card_T_ge2 andbT; apply: card_constants => f hf x.
exact: T0_const hf.
Qed.

(** B of constants is constant: |T_B(n;0,..,0)| <= 2 for every B. *)
Lemma card_TB_0 k n (B : boolfun k) : #|@TB k n B (fun _ => 0%N)| <= 2.
Proof.
apply: card_constants => f /TBP [fs hfs ->] x; rewrite !ffunE; congr (B _).
by apply/ffunP => j; rewrite !ffunE; apply: T0_const (hfs j).
Qed.

(** ** Proposition 5.5 / eqs. (4.7), (5.14) with degrees 0 (quarks.prop5.5-degree-zero-as-printed):
    for every m, the intersection over the irreducible binary B of T_B(1 + m; 0, 0) lies in
    T_XOR(1 + m; 0, 0), which holds only constants: at most 2 < 4 = |T(m;0)|^2. *)
Theorem prop5_5_degree_zero_printed m :
  #|\bigcap_(B : boolfun 2 | irreducible B) TB (1 + m) B (fun _ => 0%N)| < \prod_(j < 2) #|T m 0|.
Proof.
rewrite big_ord_recr big_ord1 card_T_0 /=.
apply: (@leq_ltn_trans 2) => //.
apply: (leq_trans _ (card_TB_0 (1 + m) xor2)).
by apply/subset_leq_card/bigcap_inf/xor2_irreducible.
Qed.
