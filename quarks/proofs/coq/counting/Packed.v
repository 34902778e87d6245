(** * Certificates packed into machine integers.

    A long list of small integers costs the parser and elaborator far more than the
    kernel's check of it (about 80 us per literal: a representative file of T(5;2) spends
    79 s of its 81 s elaborating its 921,000 numerals).  Here the data is a list of 63-bit
    words, each holding nine 7-bit chunks; a chunk carries 6 bits of a number and a
    continuation bit (a little-endian varint); numbers are zigzag-encoded integers.  Decoding
    is an ordinary function run by [vm_compute] inside the check, so nothing here is
    trusted: a wrong decoding only makes the check fail.  The Python side is quarks/coq/pack.py. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import ZArith Uint63.
From mathcomp Require Import ssreflect ssrbool ssrnat seq.
From Quarks Require Import Classify.

Local Open Scope uint63_scope.

(** The nine 7-bit chunks of a word, least significant first. *)
Definition chunks (w : int) : list int :=
  [:: w land 127; (w >> 7) land 127; (w >> 14) land 127; (w >> 21) land 127;
      (w >> 28) land 127; (w >> 35) land 127; (w >> 42) land 127; (w >> 49) land 127;
      (w >> 56) land 127].

(** The numbers of a chunk stream: bit 6 set means "more chunks follow". *)
Fixpoint varints (cs : list int) (acc sh : int) : list int :=
  match cs with
  | [::] => [::]
  | c :: cs' =>
      if (c land 64) =? 0 then (acc lor (c << sh)) :: varints cs' 0 0
      else varints cs' (acc lor ((c land 63) << sh)) (sh + 6)
  end.

Definition unpack (ws : list int) : list int := varints (flatten (map chunks ws)) 0 0.

(** A machine integer as Z, by its binary digits (few steps for a small number). *)
Fixpoint zof (fuel : nat) (x : int) : Z :=
  match fuel with
  | O => 0%Z
  | S f => if x =? 0 then 0%Z
           else if (x land 1) =? 0 then Z.double (zof f (x >> 1)) else Z.succ_double (zof f (x >> 1))
  end.

(** Zigzag: 2z for z >= 0, -2z - 1 for z < 0. *)
Definition unzig (x : int) : Z :=
  let z := zof 63 (x >> 1) in if (x land 1) =? 0 then z else (- z - 1)%Z.

Fixpoint pairs (s : list Z) : list (Z * Z) :=
  if s is a :: (b :: s') then (a, b) :: pairs s' else [::].

(** k certificates, each [tag; length; values]: tag 0 a realization, 1 a Farkas certificate
    (values alternating point index and multiplier). *)
Fixpoint certs_of (k : nat) (s : list int) : list cert :=
  match k, s with
  | k'.+1, tag :: len :: s' =>
      let l := Z.to_nat (zof 63 len) in
      let vs := map unzig (take l s') in
      (if tag =? 0 then Real vs else Fark (pairs vs)) :: certs_of k' (drop l s')
  | _, _ => [::]
  end.

(** k natural numbers (binary), e.g. the codes of truth tables. *)
Definition nats_of (k : nat) (s : list int) : list N := map (fun x => Z.to_N (zof 63 x)) (take k s).

Definition unpack_certs (k : nat) (ws : list int) : list cert := certs_of k (unpack ws).
Definition unpack_nats (k : nat) (ws : list int) : list N := nats_of k (unpack ws).
