(** * Counting T(n+1;d) by halves, with the data split into one file per representative.

    [halves_count] (Halves.v) checks all the data in one computation, which for T(5;2) is
    hundreds of MB of certificates.  Here the same count is assembled from separate facts,
    each proved in its own file:
    - the levels: L is the exact list of T(n;d) ([levels_exact], from [run_levels]);
    - one per representative r_i: c(r_i) = k_i ([check_repP], from [rep_count] on its own
      certificates);
    - the words: every member t of L is w.r_i for a word w of generators, so
      #|T(n+1;d)| = sum over t in L of c(t) = sum over t of k_{i(t)} ([halves_split]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect.
From Quarks Require Import Threshold Checker Classify Halves.
From Coq Require Import NArith.
Import ssrnat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(** The m low bits of x, least significant first (a truth table from its binary code). *)
Fixpoint bits (m : nat) (x : N) : list bool :=
  if m is m'.+1 then N.odd x :: bits m' (N.div2 x) else [::].

(** The levels' certificates give the exact list of T(n;d). *)
Lemma levels_exact n d css L : run_levels 0 d base css = Some (n, L) -> exact n d L.
Proof. exact: run_levelsP (exact_base d). Qed.

(** One representative: r is a table of n variables and its certificates count k second halves. *)
Definition check_rep n d L (r : list bool) (cs : list cert) (k : N) : bool :=
  (size r == 2 ^ n) && (rep_count n d L r cs == Some (N.to_nat k)).

Lemma check_repP n d L r cs k : exact n d L -> check_rep n d L r cs k ->
  ext_count d (table_fun n r) = N.to_nat k.
Proof. by move=> hL /andP[/eqP hr /eqP hk]; apply: rep_countP hk. Qed.

(** c(r) = k for every pair (r, k) of the list: the conjunction of the per-file lemmas. *)
Fixpoint reps_hold n d (rks : list (list bool * N)) : Prop :=
  if rks is rk :: rks' then ext_count d (table_fun n rk.1) = N.to_nat rk.2 /\ reps_hold n d rks'
  else True.

Lemma reps_holdP n d rks : reps_hold n d rks ->
  forall rk, rk \in rks -> ext_count d (table_fun n rk.1) = N.to_nat rk.2.
Proof.
elim: rks => [|rk' rks IH] //= [h1 h2] rk; rewrite inE => /orP [/eqP -> // | ].
exact: IH.
Qed.

(** The words: member t of L is w.r_i, i < #reps; the count is the sum of k_i over L. *)
Definition check_assign n (L : list (list bool)) (rks : list (list bool * N))
    (assign : list (list gen * nat)) : option N :=
  if all (fun rk => size rk.1 == 2 ^ n) rks
     && all2 (fun t wi => all (gen_ok n) wi.1 && (wi.2 < size rks)
                          && (act_table n wi.1 (nth [::] (map fst rks) wi.2) == t)) L assign
  then Some (foldr N.add N0 [seq nth N0 (map snd rks) wi.2 | wi <- assign])
  else None.

Lemma nsum_map (s : list N) : N.to_nat (foldr N.add N0 s) = sumn (map N.to_nat s).
Proof. by elim: s => [|a s IH] //=; rewrite Nnat.N2Nat.inj_add IH. Qed.

(** #|T(n+1;d)| from the levels, the per-representative counts and the words. *)
Theorem halves_split n d L rks assign k :
  exact n d L -> reps_hold n d rks -> check_assign n L rks assign = Some k ->
  #|T n.+1 d| = N.to_nat k.
Proof.
move=> hL hR; rewrite /check_assign; case: ifP => // /andP[/allP hsz hall] [<-].
rewrite card_T_halves (exact_sum hL) nsum_map -map_comp.
rewrite (sum_all2 (G := fun wi : list gen * nat => N.to_nat (nth N0 (map snd rks) wi.2)) _ hall) //.
move=> t [w i] /andP[/andP[hw hi] /eqP <-] /=.
have hrk : (nth ([::], N0) rks i) \in rks by rewrite mem_nth.
have hs : size (nth ([::], N0) rks i).1 = 2 ^ n by apply/eqP/hsz.
have hs' : size (nth [::] (map fst rks) i) = 2 ^ n by rewrite (nth_map ([::], N0)).
have [_ ->] := act_tableE hw hs'.
rewrite ext_count_act // (nth_map ([::], N0)) // (nth_map ([::], N0)) //.
exact: reps_holdP hR _ hrk.
Qed.
