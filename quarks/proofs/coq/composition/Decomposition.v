(** * A reflective checker for decompositions f = B(f_1, .., f_k) with f_j in T(n; d_j).

    A certificate gives B by its truth table (length 2^k) and each operand f_j by its truth
    table (length 2^n) together with a realization polynomial in the format of
    [check_realization] (Checker.v).  The checker verifies every operand, then walks the
    tables of f and of the f_j in parallel, checking f(x) = B(f_1(x), .., f_k(x)) at every
    point; its soundness proves table_fun n tt \in TB n B ds (Threshold.v). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold Checker.
From Coq Require Import ZArith Lia.
Import ssrnat. (* restore the ssreflect notations on nat (^ is expn) *)

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(** ** The computational side *)

(** bindex bs = sum_j bs_j 2^j (the index of the point (bs_0, .., bs_{k-1}) of {0,1}^k). *)
Definition bindex (bs : list bool) : nat := foldr (fun (b : bool) acc => b + 2 * acc)%N 0%N bs.

(** tt[i] = B[bindex [tts_1[i]; ..; tts_k[i]]] for every position i of tt: the operand
    tables are consumed in step with tt, so each point costs O(k + 2^k). *)
Fixpoint check_rows (B tt : list bool) (tts : list (list bool)) : bool :=
  if tt is b :: tt' then
    (b == nth false B (bindex [seq head false t | t <- tts]))
    && check_rows B tt' [seq behead t | t <- tts]
  else true.

(** ds: the degrees d_j; ops: for each operand its truth table (length 2^n) and its realization
    polynomial (the data format of check_realization); B: the table of B (length 2^k, k = size ops);
    tt: the table of f.  Valid when size ds = size ops, size B = 2^(size ops), size tt = 2^n, every
    operand passes check_realization n d_j, and tt[x] = B[bindex [tt_1[x]; ..; tt_k[x]]] for every
    x < 2^n. *)
Definition check_decomposition (n : nat) (B tt : list bool) (ds : list nat)
  (ops : list (list bool * list (Z * Z))) : bool :=
  (size B == 2 ^ size ops) && (size tt == 2 ^ n)
  && all2 (fun d o => check_realization n d o.1 o.2) ds ops (* includes size ds = size ops *)
  && check_rows B tt [seq o.1 | o <- ops].

(** ** Soundness *)

(** bindex l = sum_{i < |l|} l_i 2^i. *)
Lemma bindex_sum l : bindex l = (\sum_(i < size l) nth false l i * 2 ^ i)%N.
Proof.
elim: l => [|b l IH]; first by rewrite big_ord0.
rewrite big_ord_recl /= expn0 muln1 -/(bindex l) IH big_distrr /=.
by congr (_ + _)%N; apply: eq_bigr => i _; rewrite expnS mulnCA.
Qed.

(** A point y of {0,1}^k whose coordinates are the entries of l has index bindex l. *)
Lemma index_of_bindex k (y : point k) l :
  size l = k -> (forall j : 'I_k, y j = nth false l j) -> index_of y = bindex l.
Proof. by move=> hs hy; subst k; rewrite bindex_sum; apply: eq_bigr => j _; rewrite hy. Qed.

(** check_rows: tt[i] = B[bindex [tts_1[i]; ..; tts_k[i]]] at every position i of tt. *)
Lemma check_rowsP B tt tts :
  check_rows B tt tts -> forall i, (i < size tt)%N ->
  nth false tt i = nth false B (bindex [seq nth false t i | t <- tts]).
Proof.
elim: tt tts => [|b tt IH] tts //= /andP[/eqP hb /IH {}IH] [|i] hi /=.
  by rewrite hb; congr (nth _ _ (bindex _)); apply: eq_map => -[].
by rewrite IH // -map_comp; congr (nth _ _ (bindex _)); apply: eq_map => t /=; rewrite nth_behead.
Qed.

(** A valid certificate proves f = B(f_1, .., f_k) with f_j = table_fun n tt_j in T(n; d_j),
    hence f in T_B(n; d_1..d_k). *)
Theorem check_decomposition_sound n B tt ds ops :
  check_decomposition n B tt ds ops ->
  table_fun n tt \in TB n (table_fun (size ops) B) (fun j : 'I_(size ops) => nth 0%N ds j).
Proof.
case/andP=> /andP[/andP[_ /eqP htt] hall] hrows.
set tts := [seq o.1 | o <- ops].
pose fs := [ffun j : 'I_(size ops) => table_fun n (nth [::] tts j)].
apply/imsetP; exists fs.
  (* each operand passes check_realization, so f_j in T(n; d_j) *)
  rewrite inE; apply/forallP => j; rewrite ffunE.
  move: hall; rewrite all2E => /andP[/eqP hsz /allP /(_ (nth (0%N, ([::], [::])) (zip ds ops) j))].
  rewrite mem_nth ?size_zip ?hsz ?minnn // => /(_ isT).
  by rewrite nth_zip // /tts (nth_map ([::], [::])) //; apply: check_realization_sound.
(* pointwise, f(x) = B(f_1(x), .., f_k(x)) by check_rows *)
apply/ffunP => x; rewrite !ffunE (check_rowsP hrows) ?htt ?index_lt //.
congr (nth _ _ _); symmetry; apply: index_of_bindex => [|j]; first by rewrite !size_map.
by rewrite !ffunE (nth_map [::]) ?size_map.
Qed.

(** ** Demo *)

(** XOR(x0, x1) = OR(x0 AND NOT x1, NOT x0 AND x1), where x0 AND NOT x1 = [x0 - x1 > 0] and
    NOT x0 AND x1 = [x1 - x0 > 0] are in T(2;1): XOR is in T_OR(2; 1, 1). *)
Lemma xor2_OR_T1T1 :
  table_fun 2 [:: false; true; true; false]
    \in TB 2 (table_fun 2 [:: false; true; true; true]) (fun j : 'I_2 => nth 0%N [:: 1%N; 1%N] j).
Proof.
apply: (check_decomposition_sound
          (ops := [:: ([:: false; true; false; false], [:: (1, 1); (2, -1)]%Z);
                      ([:: false; false; true; false], [:: (1, -1); (2, 1)]%Z)])).
by vm_compute.
Qed.

(** The checker rejects wrong certificates: with AND in place of OR, the table of
    B(f_1, f_2) is constantly false, not XOR. *)
Goal check_decomposition 2 [:: false; false; false; true] [:: false; true; true; false] [:: 1%N; 1%N]
  [:: ([:: false; true; false; false], [:: (1, 1); (2, -1)]%Z);
      ([:: false; false; true; false], [:: (1, -1); (2, 1)]%Z)] = false.
Proof. by vm_compute. Qed.

(** ... and an operand whose polynomial does not realize its table is rejected. *)
Goal check_decomposition 2 [:: false; true; true; true] [:: false; true; true; false] [:: 1%N; 1%N]
  [:: ([:: false; true; false; false], [:: (1, 1); (2, 1)]%Z);
      ([:: false; false; true; false], [:: (1, -1); (2, 1)]%Z)] = false.
Proof. by vm_compute. Qed.
