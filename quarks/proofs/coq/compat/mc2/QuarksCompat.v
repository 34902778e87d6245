(** * QuarksCompat for MathComp 2 (Coq 8.20 with MathComp 2.3, Debian 13; Rocq 9 with MathComp 2.3+).

    The theories are written in MathComp 2's names.  The build compiles exactly one of
    compat/mc1/QuarksCompat.v and compat/mc2/QuarksCompat.v, chosen by the toolchain, as
    [Quarks.compat.QuarksCompat]; a theory says [From Quarks Require Import QuarksCompat.] after its
    mathcomp imports.  This file holds what MathComp 2 needs beyond those imports (the
    archimedean structures left ssrnum in 2.3) and the instances declared with Hierarchy Builder
    here and with mixins in compat/mc1. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From HB Require Import structures.
From mathcomp Require Import all_ssreflect ssralg ssrnum rat.
From mathcomp Require Export archimedean.
From Coq Require Import ZArith.

(** [Z] as an equality type (its boolean equality [Z.eqb]), for [\in] on lists of integers:
    [Import QuarksCompat.ZEq.] where it is needed. *)
Module ZEq.
HB.instance Definition _ := hasDecEq.Build Z Z.eqb_spec.
End ZEq.

(** The rationals as a real field: MathComp 1's canonical instance name (MathComp 2 has [rat] itself). *)
Notation rat_realFieldType := (rat : realFieldType) (only parsing).

(** The rationals as an archimedean real field (MathComp 1: [[archiFieldType of rat]]). *)
Notation rat_archiRealFieldType := (rat : archiRealFieldType) (only parsing).
