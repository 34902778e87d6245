(** * Seed 004, Section 4.4: counting LTL (TL[#] with Y, X, S, U) on finite words.

    Our reconstruction (../shared/claims.md, seed 004): formulas of LTL[Y, X, S, U] extended by
    - count terms #left[phi] (positions j <= i where phi holds) and #right[phi] (j >= i), stated
      once over a direction [dir];
    - linear comparisons sum_k a_k #d_k[phi_k] + c0 >= 0 with integer a_k, c0 ([TCmp], the normal
      form of counting.py's [normal_forms]: >, <=, <, = and != are Boolean combinations of it,
      [tcmp_gt] .. [tcmp_ne] below);
    - unary numerical predicates on the position ([TPos P]: P_n(i), i the paper's 1-based position)
      and on a count ([TCnt P d phi]: P_n(#d[phi])), as the paper's families P_n indexed by the
      length n ([npred]: P n x is P_n(x)); a fixed predicate is a family constant in n.
    Words are w_0 .. w_{n-1} (0-based); the semantics [tsat] extends LTLSyntax.v's [sat] and agrees
    with it on LTL formulas ([tsat_ltl]).  The two directions are mirror images: #right of w at i is
    #left of the reversed word at n - 1 - i ([count_rev]).  [tpast]: the past fragment (no X, U,
    #right), the formulas of Theorem 21 and Corollary 23. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith.
From Quarks Require Import LTLSyntax LTLCount.
Import ListNotations.
Open Scope R_scope.

(** ** Syntax *)

(** A numerical predicate: the family P_n, P n x = P_n(x). *)
Definition npred := nat -> nat -> bool.

Inductive dir := DLeft | DRight.

Inductive tl :=
| TAtom (a : nat) | TConst (b : bool) | TNot (p : tl) | TAnd (p q : tl) | TOr (p q : tl)
| TY (p : tl) | TX (p : tl) | TS (p q : tl) | TU (p q : tl)
| TCmp (e : lterm) (c0 : Z)
| TPos (P : npred)
| TCnt (P : npred) (d : dir) (p : tl)
(** A linear term sum_k a_k #d_k[phi_k]. *)
with lterm := LNil | LCons (a : Z) (d : dir) (p : tl) (e : lterm).

(** ** Counts over a direction *)

(** #d[B] at i: the positions j <= i (left) or i <= j < n (right) where B holds. *)
Definition count (n : nat) (d : dir) (B : nat -> bool) (i : nat) : nat :=
  match d with DLeft => nb_true B 0 (S i) | DRight => nb_true B i (n - i) end.

(** The number of positions a count ranges over, its denominator in the compiler: i (left) and
    n - i + 1 (right) in the paper's 1-based positions. *)
Definition span (n : nat) (d : dir) (i : nat) : nat := match d with DLeft => S i | DRight => (n - i)%nat end.

Lemma nb_true_le (B : nat -> bool) (a m : nat) : (nb_true B a m <= m)%nat.
Proof. induction m as [|m IH]; simpl; [lia|]. destruct (B (a + m)%nat); lia. Qed.

Lemma count_le_span (n : nat) (d : dir) (B : nat -> bool) (i : nat) : (count n d B i <= span n d i)%nat.
Proof. destruct d; apply nb_true_le. Qed.

Lemma nb_true_ext (B B' : nat -> bool) (a m : nat) : (forall j, (a <= j < a + m)%nat -> B j = B' j) ->
  nb_true B a m = nb_true B' a m.
Proof. induction m as [|m IH]; intros H; simpl; [reflexivity|]. rewrite IH by (intros; apply H; lia). rewrite H by lia. reflexivity. Qed.

Lemma nb_true_first (C : nat -> bool) (c k : nat) : nb_true C c (S k) = ((if C c then 1 else 0) + nb_true C (S c) k)%nat.
Proof.
induction k as [|k IHk].
- cbn [nb_true]. rewrite Nat.add_0_r. lia.
- change (nb_true C c (S (S k))) with (nb_true C c (S k) + (if C (c + S k)%nat then 1 else 0))%nat.
  change (nb_true C (S c) (S k)) with (nb_true C (S c) k + (if C (S c + k)%nat then 1 else 0))%nat.
  rewrite IHk. replace (c + S k)%nat with (S c + k)%nat by lia. lia.
Qed.

(** Counting from the other end: positions a..a+m-1 of B are positions b-a-m+1..b-a of B reversed at b. *)
Lemma nb_true_rev (B : nat -> bool) (a m b : nat) : (a + m <= S b)%nat ->
  nb_true B a m = nb_true (fun j => B (b - j)%nat) (S b - (a + m)) m.
Proof.
revert a. induction m as [|m IH]; intros a Hm; [reflexivity|].
rewrite nb_true_first, (IH (S a)) by lia.
change (nb_true (fun j => B (b - j)%nat) (S b - (a + S m)) (S m))
  with (nb_true (fun j => B (b - j)%nat) (S b - (a + S m)) m + (if B (b - (S b - (a + S m) + m))%nat then 1 else 0))%nat.
replace (S b - (S a + m))%nat with (S b - (a + S m))%nat by lia.
replace (b - (S b - (a + S m) + m))%nat with a by lia. lia.
Qed.

(** #right of w at i is #left of the reversed word w' j = w (n - 1 - j) at n - 1 - i: the two
    directions are one notion read from the two ends of the word. *)
Theorem count_rev (n : nat) (B : nat -> bool) (i : nat) : (i < n)%nat ->
  count n DRight B i = count n DLeft (fun j => B (n - 1 - j)%nat) (n - 1 - i).
Proof.
intros Hi. cbn [count]. rewrite (nb_true_rev B i (n - i) (n - 1)) by lia.
replace (S (n - 1) - (i + (n - i)))%nat with 0%nat by lia. replace (S (n - 1 - i)) with (n - i)%nat by lia.
reflexivity.
Qed.

(** ** Semantics on finite words *)

(** w, i |= p, and the value of a linear term at i (0-based; n the length). *)
Fixpoint tsat (n : nat) (w : nat -> nat) (p : tl) (i : nat) {struct p} : bool :=
  match p with
  | TAtom a => Nat.eqb (w i) a
  | TConst b => b
  | TNot p => negb (tsat n w p i)
  | TAnd p q => tsat n w p i && tsat n w q i
  | TOr p q => tsat n w p i || tsat n w q i
  | TY p => (0 <? i)%nat && tsat n w p (i - 1)
  | TX p => (S i <? n)%nat && tsat n w p (S i)
  | TS p q => since_rec (tsat n w p) (tsat n w q) i
  | TU p q => until_rec (tsat n w p) (tsat n w q) (n - i) i
  | TCmp e c0 => Z.leb 0 (lval n w e i + c0)
  | TPos P => P n (S i)
  | TCnt P d p => P n (count n d (tsat n w p) i)
  end
with lval (n : nat) (w : nat -> nat) (e : lterm) (i : nat) {struct e} : Z :=
  match e with
  | LNil => 0%Z
  | LCons a d p e' => (a * Z.of_nat (count n d (tsat n w p) i) + lval n w e' i)%Z
  end.

(** The comparisons of counting.py's [normal_forms], as formulas: for a linear term e and
    constants, e + c0 > 0, e + c0 <= 0, e + c0 < 0, e + c0 = 0, e + c0 <> 0. *)
Fixpoint lneg (e : lterm) : lterm := match e with LNil => LNil | LCons a d p e' => LCons (- a) d p (lneg e') end.
Definition tcmp_gt (e : lterm) (c0 : Z) : tl := TCmp e (c0 - 1).
Definition tcmp_le (e : lterm) (c0 : Z) : tl := TCmp (lneg e) (- c0).
Definition tcmp_lt (e : lterm) (c0 : Z) : tl := TCmp (lneg e) (- c0 - 1).
Definition tcmp_eq (e : lterm) (c0 : Z) : tl := TAnd (TCmp e c0) (TCmp (lneg e) (- c0)).
Definition tcmp_ne (e : lterm) (c0 : Z) : tl := TNot (tcmp_eq e c0).

Lemma lval_neg (n : nat) (w : nat -> nat) (e : lterm) (i : nat) : lval n w (lneg e) i = (- lval n w e i)%Z.
Proof. induction e as [|a d p e IH]; simpl; [reflexivity|]. rewrite IH. lia. Qed.

Lemma tcmp_semantics (n : nat) (w : nat -> nat) (e : lterm) (c0 : Z) (i : nat) :
  let E := (lval n w e i + c0)%Z in
  tsat n w (tcmp_gt e c0) i = Z.ltb 0 E /\ tsat n w (tcmp_le e c0) i = Z.leb E 0 /\
  tsat n w (tcmp_lt e c0) i = Z.ltb E 0 /\ tsat n w (tcmp_eq e c0) i = Z.eqb E 0 /\
  tsat n w (tcmp_ne e c0) i = negb (Z.eqb E 0).
Proof.
intros E. unfold tcmp_gt, tcmp_le, tcmp_lt, tcmp_ne, tcmp_eq. cbn [tsat]. rewrite !lval_neg. fold E.
repeat split.
- destruct (Z.leb_spec 0 (lval n w e i + (c0 - 1))), (Z.ltb_spec 0 E); unfold E in *; lia.
- destruct (Z.leb_spec 0 (- lval n w e i + - c0)), (Z.leb_spec E 0); unfold E in *; lia.
- destruct (Z.leb_spec 0 (- lval n w e i + (- c0 - 1))), (Z.ltb_spec E 0); unfold E in *; lia.
- destruct (Z.leb_spec 0 E), (Z.leb_spec 0 (- lval n w e i + - c0)), (Z.eqb_spec E 0); unfold E in *; simpl; lia.
- destruct (Z.leb_spec 0 E), (Z.leb_spec 0 (- lval n w e i + - c0)), (Z.eqb_spec E 0); unfold E in *; simpl; lia.
Qed.

(** ** LTL formulas are counting formulas *)

Fixpoint of_ltl (p : ltl) : tl :=
  match p with
  | LAtom a => TAtom a | LConst b => TConst b | LNot p => TNot (of_ltl p)
  | LAnd p q => TAnd (of_ltl p) (of_ltl q) | LOr p q => TOr (of_ltl p) (of_ltl q)
  | LY p => TY (of_ltl p) | LX p => TX (of_ltl p)
  | LS p q => TS (of_ltl p) (of_ltl q) | LU p q => TU (of_ltl p) (of_ltl q)
  end.

Lemma since_rec_ext (P P' Q Q' : nat -> bool) (i : nat) : (forall j, P j = P' j) -> (forall j, Q j = Q' j) ->
  since_rec P Q i = since_rec P' Q' i.
Proof. intros HP HQ. induction i as [|i IH]; simpl; [apply HQ|]. rewrite IH, HP, HQ. reflexivity. Qed.

Lemma until_rec_ext (P P' Q Q' : nat -> bool) (m i : nat) : (forall j, P j = P' j) -> (forall j, Q j = Q' j) ->
  until_rec P Q m i = until_rec P' Q' m i.
Proof. intros HP HQ. revert i. induction m as [|m IH]; intros i; simpl; [reflexivity|]. rewrite IH, HP, HQ. reflexivity. Qed.

(** The counting semantics extends LTLSyntax.v's. *)
Theorem tsat_ltl (n : nat) (w : nat -> nat) (p : ltl) (i : nat) : tsat n w (of_ltl p) i = sat n w p i.
Proof.
revert i. induction p; intros i; cbn [of_ltl tsat sat]; try reflexivity;
  rewrite ?IHp, ?IHp1, ?IHp2; try reflexivity.
- apply since_rec_ext; assumption.
- apply until_rec_ext; assumption.
Qed.

(** ** The past fragment: no X, U or #right (Theorem 21, Corollary 23) *)

Fixpoint tpast (p : tl) : bool :=
  match p with
  | TAtom _ | TConst _ | TPos _ => true
  | TNot p | TY p => tpast p
  | TAnd p q | TOr p q | TS p q => tpast p && tpast q
  | TX _ | TU _ _ => false
  | TCmp e _ => lpast e
  | TCnt _ d p => match d with DLeft => tpast p | DRight => false end
  end
with lpast (e : lterm) : bool :=
  match e with LNil => true | LCons _ d p e' => match d with DLeft => tpast p && lpast e' | DRight => false end end.

(** A past formula at i depends only on w_0 .. w_i (and on n only through the families P_n): the past
    fragment is causal. *)
Lemma tpast_causal (p : tl) : tpast p = true -> forall n w w' i,
  (forall j, (j <= i)%nat -> w j = w' j) -> tsat n w p i = tsat n w' p i
with lpast_causal (e : lterm) : lpast e = true -> forall n w w' i,
  (forall j, (j <= i)%nat -> w j = w' j) -> lval n w e i = lval n w' e i.
Proof.
- destruct p as [a|b|p|p q|p q|p|p|p q|p q|e c0|P|P d p]; cbn [tpast tsat]; intros Hp n w w' i Hw;
    repeat match goal with H : _ && _ = true |- _ => apply andb_true_iff in H; destruct H end; try discriminate.
  + rewrite Hw by lia. reflexivity.
  + reflexivity.
  + rewrite (tpast_causal p Hp n w w' i Hw). reflexivity.
  + rewrite (tpast_causal p H n w w' i Hw), (tpast_causal q H0 n w w' i Hw). reflexivity.
  + rewrite (tpast_causal p H n w w' i Hw), (tpast_causal q H0 n w w' i Hw). reflexivity.
  + destruct i as [|i]; [reflexivity|]. cbn [Nat.ltb Nat.leb]. simpl (S i - 1)%nat. rewrite Nat.sub_0_r.
    rewrite (tpast_causal p Hp n w w' i) by (intros; apply Hw; lia). reflexivity.
  + assert (G : forall i0, (i0 <= i)%nat -> since_rec (tsat n w p) (tsat n w q) i0 = since_rec (tsat n w' p) (tsat n w' q) i0).
    { induction i0 as [|i0 IH]; intros Hi0; simpl.
      - apply (tpast_causal q H0). intros; apply Hw; lia.
      - rewrite IH by lia. rewrite (tpast_causal q H0 n w w' (S i0)), (tpast_causal p H n w w' (S i0)) by (intros; apply Hw; lia).
        reflexivity. }
    apply G. lia.
  + rewrite (lpast_causal e Hp n w w' i Hw). reflexivity.
  + reflexivity.
  + destruct d; [|discriminate]. cbn [count]. f_equal. apply nb_true_ext. intros j Hj.
    apply (tpast_causal p Hp). intros; apply Hw; lia.
- destruct e as [|a d p e]; cbn [lpast lval]; intros He n w w' i Hw; [reflexivity|].
  destruct d; [|discriminate]. apply andb_true_iff in He. destruct He as [Hp He]. cbn [count].
  rewrite (lpast_causal e He n w w' i Hw). f_equal. f_equal. f_equal. apply nb_true_ext. intros j Hj.
  apply (tpast_causal p Hp). intros; apply Hw; lia.
Qed.
