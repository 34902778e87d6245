(** * QuarksCompat for MathComp 1 (Coq 8.16 with MathComp 1.15, Debian 12).

    The theories are written in MathComp 2's names; this file gives those names on MathComp 1.15
    (notations for renamed lemmas and structures) and declares with mixins the instances that
    compat/mc2 declares with Hierarchy Builder.  The build compiles exactly one of the two files
    as [Quarks.compat.QuarksCompat]; a theory says [From Quarks Require Import QuarksCompat.] after
    its mathcomp imports.  Every notation here is a debt: it goes when Debian 12 is retired. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum.
From Coq Require Import ZArith.

(** Structures renamed in MathComp 2.3. *)
Notation archiRealFieldType := Num.ArchimedeanField.type (only parsing).

(** Lemmas renamed in MathComp 2 (the MathComp 2 name := the MathComp 1 one). *)
Notation ltrDr := Num.Theory.ltr_addr (only parsing).

(** [Z] as an equality type (its boolean equality [Z.eqb]), for [\in] on lists of integers:
    [Import QuarksCompat.ZEq.] where it is needed. *)
Module ZEq.
Definition Z_eqMixin := EqMixin Z.eqb_spec.
Canonical Z_eqType := Eval hnf in EqType Z Z_eqMixin.
End ZEq.
