(** * Lemma 5.1: an irreducible operator is a literal along some line through each argument.

    [setp z i b] sets coordinate i of z to b.  An operator B that depends on argument i has a
    line through i along which it is x_i or its negation ([lemma5_1_line], [lemma5_1]);
    [irreducibleP] reads irreducibility pointwise, and the binary operators are enumerated by
    their truth tables: exactly 10 of the 16 are irreducible ([irreducible2_count]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
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


(** ** Exactly 10 of the 16 binary operators are irreducible *)

(** A binary operator is its table (B(0,0), B(0,1), B(1,0), B(1,1)) (arguments z_0, z_1). *)
Definition i1 : 'I_2 := Ordinal (isT : 1 < 2).
Definition pt (b0 b1 : bool) : point 2 := [ffun i => if i == ord0 then b0 else b1].
Definition table2 := (bool * bool * bool * bool)%type.
Definition table (B : boolfun 2) : table2 :=
  (B (pt false false), B (pt false true), B (pt true false), B (pt true true)).
Definition of_table (t : table2) : boolfun 2 :=
  let: (a, b, c, d) := t in
  [ffun z : point 2 => if z ord0 then (if z i1 then d else c) else (if z i1 then b else a)].

(** B depends on z_0 iff B(0,b) != B(1,b) for some b; on z_1 iff B(a,0) != B(a,1) for some a. *)
Definition irreducible_table (t : table2) : bool :=
  let: (a, b, c, d) := t in ((a != c) || (b != d)) && ((a != b) || (c != d)).

(** The 16 tables, explicitly. *)
Definition tables : seq table2 :=
  let bs := [:: false; true] in
  flatten [seq flatten [seq flatten [seq [seq (a, b, c, d) | d <- bs] | c <- bs] | b <- bs] | a <- bs].

Lemma ord2P (i : 'I_2) : i = ord0 \/ i = i1.
Proof. by case: i => [[|[|m]] hi] //; [left|right]; apply: val_inj. Qed.

Lemma pt_eta (z : point 2) : pt (z ord0) (z i1) = z.
Proof. by apply/ffunP => i; rewrite ffunE; case: (ord2P i) => ->. Qed.

Lemma flip_pt0 b0 b1 : flip (pt b0 b1) ord0 = pt (~~ b0) b1.
Proof. by apply/ffunP => i; rewrite !ffunE; case: (ord2P i) => ->. Qed.

Lemma flip_pt1 b0 b1 : flip (pt b0 b1) i1 = pt b0 (~~ b1).
Proof. by apply/ffunP => i; rewrite !ffunE; case: (ord2P i) => ->. Qed.

(** B depends on z_0 iff B(0,b) != B(1,b) for some b, on z_1 iff B(a,0) != B(a,1) for some a. *)
Lemma depends_pt0 (B : boolfun 2) : depends_on B ord0 =
  (B (pt true false) != B (pt false false)) || (B (pt true true) != B (pt false true)).
Proof.
apply/existsP/orP => [[z]|[h|h]]; last 2 first.
- by exists (pt false false); rewrite flip_pt0.
- by exists (pt false true); rewrite flip_pt0.
rewrite -(pt_eta z) flip_pt0; case: (z ord0); case: (z i1) => /= h;
  first [by left | by right | by left; rewrite eq_sym | by right; rewrite eq_sym].
Qed.

Lemma depends_pt1 (B : boolfun 2) : depends_on B i1 =
  (B (pt false true) != B (pt false false)) || (B (pt true true) != B (pt true false)).
Proof.
apply/existsP/orP => [[z]|[h|h]]; last 2 first.
- by exists (pt false false); rewrite flip_pt1.
- by exists (pt true false); rewrite flip_pt1.
rewrite -(pt_eta z) flip_pt1; case: (z ord0); case: (z i1) => /= h;
  first [by left | by right | by left; rewrite eq_sym | by right; rewrite eq_sym].
Qed.

(** Irreducibility (Threshold.v) of a binary operator is [irreducible_table] of its table. *)
Lemma irreducible_tableE (B : boolfun 2) : irreducible B = irreducible_table (table B).
Proof.
have -> : irreducible B = depends_on B ord0 && depends_on B i1.
  apply/forallP/andP => [h|[h0 h1] i]; first by split; apply: h.
  by case: (ord2P i) => ->.
rewrite depends_pt0 depends_pt1 /table.
case: (B (pt false false)); case: (B (pt false true));
  case: (B (pt true false)); by case: (B (pt true true)).
Qed.

Lemma table_of_table t : table (of_table t) = t.
Proof. by case: t => [[[a b] c] d]; rewrite /table /of_table !ffunE. Qed.

Lemma of_table_table B : of_table (table B) = B.
Proof.
apply/ffunP => z; rewrite -[in RHS](pt_eta z) /table ffunE.
by case: (z ord0); case: (z i1).
Qed.

(** The count over the explicit encoding, by computation. *)
Lemma irreducible_tables : [seq t <- tables | irreducible_table t] =
  [:: (false, false, false, true); (false, false, true, false); (false, true, false, false);
      (false, true, true, false); (false, true, true, true); (true, false, false, false);
      (true, false, false, true); (true, false, true, true); (true, true, false, true);
      (true, true, true, false)].
Proof. by vm_compute. Qed.

(** Exactly 10 binary operators are irreducible (Lemma 5.1's count at arity 2): AND, OR, XOR,
    XNOR, NAND, NOR and the four implications and their negations. *)
Theorem irreducible2_count : #|[set B : boolfun 2 | irreducible B]| = 10.
Proof.
have -> : [set B : boolfun 2 | irreducible B] = of_table @: [set t | irreducible_table t].
  apply/setP => B; rewrite inE; apply/idP/imsetP => [h|[t ht ->]].
    by exists (table B); rewrite ?inE -?irreducible_tableE ?of_table_table.
  by move: ht; rewrite inE irreducible_tableE table_of_table.
rewrite card_imset; last exact: (can_inj table_of_table).
have hmem : [set t | irreducible_table t] =i [seq t <- tables | irreducible_table t].
  by move=> t; rewrite inE mem_filter; case: t => [[[[] []] []] []].
rewrite (eq_card hmem).
have /card_uniqP -> : uniq [seq t <- tables | irreducible_table t] by vm_compute.
by rewrite irreducible_tables.
Qed.
