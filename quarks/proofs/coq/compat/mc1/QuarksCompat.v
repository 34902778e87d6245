(** * QuarksCompat for MathComp 1 (Coq 8.16 with MathComp 1.15, Debian 12).

    The theories are written in MathComp 2's names; this file gives those names on MathComp 1.15
    (notations for renamed lemmas and structures) and declares with mixins the instances that
    compat/mc2 declares with Hierarchy Builder.  The build compiles exactly one of the two files
    as [Quarks.compat.QuarksCompat]; a theory says [From Quarks Require Import QuarksCompat.] after
    its mathcomp imports.  Every notation here is a debt: it goes when Debian 12 is retired. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint rat.
From Coq Require Import ZArith.

(** Structures renamed in MathComp 2.3. *)
Notation archiRealFieldType := Num.ArchimedeanField.type (only parsing).

(** The rationals as an archimedean real field (MathComp 2: [rat : archiRealFieldType]). *)
Notation rat_archiRealFieldType := [archiFieldType of rat] (only parsing).

(** Lemmas renamed in MathComp 2 (the MathComp 2 name := the MathComp 1 one). *)
Import GRing.Theory Num.Theory.
Notation lerBlDr := ler_subl_addr (only parsing).
Notation lerBrDr := ler_subr_addr (only parsing).
Notation lerD := ler_add (only parsing).
Notation lerD2l := ler_add2l (only parsing).
Notation lerDl := ler_addl (only parsing).
Notation ler_pM := ler_pmul (only parsing).
Notation ler_pM2l := ler_pmul2l (only parsing).
Notation ler_peMr := ler_pemulr (only parsing).
Notation ler_wpDr := ler_paddr (only parsing).
Notation ler_wpM2l := ler_wpmul2l (only parsing).
Notation ler_wpM2r := ler_wpmul2r (only parsing).
Notation lez1D := lez_add1r (only parsing).
Notation ltf_pV2 := ltf_pinv (only parsing).
Notation ltrBlDl := ltr_subl_addl (only parsing).
Notation ltrBlDr := ltr_subl_addr (only parsing).
Notation ltrD := ltr_add (only parsing).
Notation ltrD2r := ltr_add2r (only parsing).
Notation ltrDr := ltr_addr (only parsing).
Notation ltrN2 := ltr_opp2 (only parsing).
Notation ltr_pdivrMr := ltr_pdivr_mulr (only parsing).
Notation ltr_pwDl := ltr_spaddl (only parsing).
Notation ltr_wpDl := ltr_paddl (only parsing).
Notation ltr_wpDr := ltr_paddr (only parsing).
Notation ltzD1 := ltz_addr1 (only parsing).

(** [Z] as an equality type (its boolean equality [Z.eqb]), for [\in] on lists of integers:
    [Import QuarksCompat.ZEq.] where it is needed. *)
Module ZEq.
Definition Z_eqMixin := EqMixin Z.eqb_spec.
Canonical Z_eqType := Eval hnf in EqType Z Z_eqMixin.
End ZEq.
