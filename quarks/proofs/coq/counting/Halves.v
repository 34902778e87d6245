(** * Counting T(n+1;d) by halves.

    A function f of n+1 variables is the pair of its halves (f0, f1) = (f with x_n = 0,
    f with x_n = 1), and f in T(n+1;d) forces f0, f1 in T(n;d) (restrict the polynomial).
    Hence #|T(n+1;d)| = sum over f0 in T(n;d) of c(f0), where
    c(f0) = #{f1 in T(n;d) : glue f0 f1 in T(n+1;d)} ([card_T_halves]).
    Negating an input, exchanging two inputs, or negating the output, applied to both halves
    at once, maps T(n+1;d) and T(n;d) onto themselves, so c is constant on orbits
    ([ext_count_act]).  The checker [check_halves] builds the exact list of T(n;d) level by
    level from n = 0 (every pair of members of the previous level decided by a realization
    or a Farkas certificate of Checker.v), then adds c(r) over the orbit representatives r,
    one for each member f0 = g.r (g a word in the generators, checked on truth tables).
    [halves_count] proves that its result is #|T(n+1;d)|.

    The substitutions, halves and generators are in [HalvesGlue] (re-exported here); this file
    holds the truth tables, the exact lists of T(n;d) and the checker. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum ssrint.
From Quarks Require Import Threshold Checker Classify.
From Quarks Require Export HalvesGlue.
From Coq Require Import ZArith NArith Lia.
Import ssrnat.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GRing.Theory Num.Theory.


(** ** Truth tables *)

(** The point indices 0 .. 2^n - 1. *)
Definition zidx n : list Z := map Z.of_nat (iota 0 (2 ^ n)).

(** The truth table of f. *)
Definition table_of n (f : boolfun n) : list bool := [seq f (point_of n k) | k <- zidx n].

Lemma size_table_of n (f : boolfun n) : size (table_of f) = 2 ^ n.
Proof. by rewrite !size_map size_iota. Qed.

Lemma zidx_range n k : (k < 2 ^ n)%N -> (0 <= Z.of_nat k < 2 ^ Z.of_nat n)%Z.
Proof. by move/ltP/Nat2Z.inj_lt; rewrite Z_of_nat_expn2; lia. Qed.

Lemma table_ofK n (f : boolfun n) : table_fun n (table_of f) = f.
Proof.
apply/ffunP => x; rewrite ffunE (nth_map 0%Z) ?size_map ?size_iota ?index_lt //.
by rewrite (nth_map 0%N) ?size_iota ?index_lt // nth_iota ?index_lt // point_index.
Qed.

Lemma table_fun_inj n t t' : size t = 2 ^ n -> size t' = 2 ^ n ->
  table_fun n t = table_fun n t' -> t = t'.
Proof.
move=> ht ht' e; apply: (@eq_from_nth _ false); first by rewrite ht ht'.
move=> k; rewrite ht => hk.
have := congr1 (fun f : boolfun n => f (point_of n (Z.of_nat k))) e.
by rewrite !table_fun_point; [rewrite /tt_at Nat2Z.id | exact: zidx_range | exact: zidx_range].
Qed.

(** The index of (x, b) is index(x) + b 2^n. *)
Lemma index_low n (x : point n.+1) : index_of x = (index_of (low x) + x ord_max * 2 ^ n)%N.
Proof.
rewrite /index_of big_ord_recr /=; congr (_ + _)%N; apply: eq_bigr => j _.
have -> : widen_ord (leqnSn n) j = lift ord_max j by apply: val_inj; rewrite [RHS]lift_max.
by rewrite ffunE.
Qed.

(** The table of the function with halves a, b is a ++ b. *)
Lemma table_fun_cat n a b : size a = 2 ^ n ->
  table_fun n.+1 (a ++ b) = glue (table_fun n a) (table_fun n b).
Proof.
move=> ha; apply/ffunP => x; rewrite !ffunE index_low nth_cat ha.
case: (x ord_max); last by rewrite /= mul0n addn0 index_lt.
by rewrite mul1n ltnNge leq_addl /= addnK.
Qed.

(** Re-indexing a table by h: the table of x |-> f(s(x)) when index(s(x)) = h(index(x)). *)
Definition reindex n (h : Z -> Z) (tt : list bool) : list bool :=
  map (fun k => tt_at tt (h k)) (zidx n).

Lemma reindexE n h tt (s : point n -> point n) :
  (forall x, Z.of_nat (index_of (s x)) = h (Z.of_nat (index_of x))) ->
  table_fun n (reindex n h tt) = [ffun x => table_fun n tt (s x)].
Proof.
move=> hs; apply/ffunP => x; rewrite !ffunE (nth_map 0%Z) ?size_map ?size_iota ?index_lt //.
rewrite (nth_map 0%N) ?size_iota ?index_lt // nth_iota ?index_lt // add0n -hs.
by rewrite /tt_at Nat2Z.id.
Qed.

(** Bit l of index(x) is x_l (false for l >= n). *)
Lemma index_natbit n (x : point n) l :
  Z.testbit (Z.of_nat (index_of x)) (Z.of_nat l) = natfun x l.
Proof.
rewrite index_ofE testbit_bitsum; case: (ltnP l n) => hl //=.
by rewrite natfun_high.
Qed.

Lemma testbit_pow2 i l : Z.testbit (2 ^ Z.of_nat i) (Z.of_nat l) = (i == l).
Proof.
rewrite Z.pow2_bits_eqb; last lia.
by case: Z.eqb_spec => e; case: eqP => e' //; exfalso; lia.
Qed.

(** Two points are equal when their bits agree. *)
Lemma index_bits_eq n (y : point n) (K : Z) :
  (forall l, natfun y l = Z.testbit K (Z.of_nat l)) -> Z.of_nat (index_of y) = K.
Proof.
move=> h; apply: Z.bits_inj' => z hz; rewrite -(Z2Nat.id z hz).
by rewrite index_natbit h.
Qed.

Definition hneg (i : nat) (k : Z) : Z := Z.lxor k (2 ^ Z.of_nat i).

Definition hswap (i j : nat) (k : Z) : Z :=
  if Bool.eqb (Z.testbit k (Z.of_nat i)) (Z.testbit k (Z.of_nat j)) then k
  else Z.lxor k (Z.lor (2 ^ Z.of_nat i) (2 ^ Z.of_nat j)).

Lemma index_flipn n (x : point n) i : (i < n)%N ->
  Z.of_nat (index_of (flipn x i)) = hneg i (Z.of_nat (index_of x)).
Proof.
move=> hi; apply: index_bits_eq => l.
rewrite Z.lxor_spec index_natbit testbit_pow2; case: (ltnP l n) => hl.
  by rewrite -[l]/(nat_of_ord (Ordinal hl)) !natfun_ord ffunE /= eq_sym; case: (i == l); case: (x _).
rewrite !natfun_high //; case: eqP => // e; rewrite e in hi.
by rewrite ltnNge hl in hi.
Qed.

Lemma tr_l i j : tr i j i = j.
Proof. by rewrite /tr eqxx. Qed.

Lemma tr_r i j : tr i j j = i.
Proof. by rewrite /tr eqxx; case: eqP. Qed.

Lemma tr_other i j l : l != i -> l != j -> tr i j l = l.
Proof. by move=> li lj; rewrite /tr (negbTE li) (negbTE lj). Qed.

Lemma index_swapn n (x : point n) i j : (i < n)%N -> (j < n)%N ->
  Z.of_nat (index_of (swapn x i j)) = hswap i j (Z.of_nat (index_of x)).
Proof.
move=> hi hj; apply: index_bits_eq => l.
have hb m : Z.testbit (Z.of_nat (index_of x)) (Z.of_nat m) = natfun x m by exact: index_natbit.
have key : Z.testbit (hswap i j (Z.of_nat (index_of x))) (Z.of_nat l) = natfun x (tr i j l).
  rewrite /hswap !hb.
  case: (eqVneq l i) => [-> | li].
    rewrite tr_l; case E: (Bool.eqb _ _); first by rewrite hb; move/Bool.eqb_prop: E.
    rewrite Z.lxor_spec Z.lor_spec !testbit_pow2 hb eqxx /=.
    by move: E; case: (natfun x i); case: (natfun x j).
  case: (eqVneq l j) => [-> | lj].
    rewrite tr_r; case E: (Bool.eqb _ _); first by rewrite hb; move/Bool.eqb_prop: E.
    rewrite Z.lxor_spec Z.lor_spec !testbit_pow2 hb eqxx orbT /=.
    by move: E; case: (natfun x i); case: (natfun x j).
  rewrite tr_other //; case: (Bool.eqb _ _); rewrite ?Z.lxor_spec ?Z.lor_spec ?testbit_pow2 hb //.
  by rewrite eq_sym (negbTE li) eq_sym (negbTE lj); case: (natfun x l).
rewrite key; case: (ltnP l n) => hl; first by rewrite -[l]/(nat_of_ord (Ordinal hl)) natfun_ord ffunE.
have li : l != i by apply/eqP => e; rewrite -e ltnNge hl in hi.
have lj : l != j by apply/eqP => e; rewrite -e ltnNge hl in hj.
by rewrite tr_other // !natfun_high.
Qed.

(** A generator acting on a truth table. *)
Definition gen_table n (g : gen) (tt : list bool) : list bool :=
  match g with
  | Neg i => reindex n (hneg i) tt
  | Swap i j => reindex n (hswap i j) tt
  | Cmp => map negb tt
  end.

Definition act_table n (w : list gen) (tt : list bool) : list bool := foldr (gen_table n) tt w.

Lemma size_gen_table n g tt : size tt = 2 ^ n -> size (gen_table n g tt) = 2 ^ n.
Proof. by case: g => [i | i j |] /=; rewrite ?size_map ?size_iota. Qed.

Lemma gen_tableE n g tt : gen_ok n g -> size tt = 2 ^ n ->
  table_fun n (gen_table n g tt) = gen_fun g (table_fun n tt).
Proof.
case: g => [i | i j |] /= hg ht.
- by rewrite (reindexE _ (fun x => index_flipn x hg)); apply/ffunP => x; rewrite !ffunE.
- case/andP: hg => hi hj.
  by rewrite (reindexE _ (fun x => index_swapn x hi hj)); apply/ffunP => x; rewrite !ffunE.
- by apply/ffunP => x; rewrite !ffunE (nth_map false) // ht index_lt.
Qed.

Lemma act_tableE n w tt : all (gen_ok n) w -> size tt = 2 ^ n ->
  size (act_table n w tt) = 2 ^ n /\ table_fun n (act_table n w tt) = act_fun w (table_fun n tt).
Proof.
move=> hw ht; elim: w hw => [|g w IH] //= /andP[hg /IH [hs he]].
by rewrite size_gen_table // gen_tableE // he.
Qed.

(** ** Exact lists of T(n;d) *)

(** L lists the truth tables of the members of T(n;d), each once. *)
Definition exact n d (L : list (list bool)) : Prop :=
  [/\ uniq L, all (fun t => size t == 2 ^ n) L
    & forall t, size t = 2 ^ n -> (t \in L) = (table_fun n t \in T n d)].

Section Exact.
Variables (n d : nat) (L : list (list bool)).
Hypothesis hL : exact n d L.

Lemma exact_size t : t \in L -> size t = 2 ^ n.
Proof. by case: hL => _ /allP h _ /h /eqP. Qed.

Lemma exact_mem f : (f \in T n d) = (f \in map (table_fun n) L).
Proof.
case: hL => _ _ h; apply/idP/mapP => [hf | [t ht ->]].
  by exists (table_of f); rewrite ?table_ofK // h ?size_table_of ?table_ofK.
by rewrite -h // exact_size.
Qed.

Lemma exact_uniq : uniq (map (table_fun n) L).
Proof.
case: hL => hu _ _; rewrite map_inj_in_uniq // => t t' ht ht'.
by apply: table_fun_inj; apply: exact_size.
Qed.

Lemma exact_sum (F : boolfun n -> nat) : (\sum_(f in T n d) F f = \sum_(t <- L) F (table_fun n t))%N.
Proof.
rewrite -(big_map (table_fun n) predT) big_uniq ?exact_uniq //.
by apply: eq_bigl => f; rewrite exact_mem.
Qed.

Lemma exact_card (P : pred (boolfun n)) :
  #|[set f in T n d | P f]| = count (fun t => P (table_fun n t)) L.
Proof.
have e1 : #|[set f in T n d | P f]| = (\sum_(f in T n d) (P f : nat))%N.
  rewrite -sum1_card (eq_bigl (fun f => (f \in T n d) && P f)); last by move=> f; rewrite inE.
  by rewrite big_mkcondr; apply: eq_bigr => f _; case: (P f).
have e2 : count (fun t => P (table_fun n t)) L = (\sum_(t <- L) (P (table_fun n t) : nat))%N.
  by rewrite -sum1_count big_mkcond /=; apply: eq_bigr => t _; case: (P _).
by rewrite e1 e2 exact_sum.
Qed.
End Exact.

(** ** The checker *)

(** A certificate (Classify.v) for the table tt: a realization on the masks ms, or Farkas. *)
Definition check_tab n d (ms : list Z) (tt : list bool) (c : cert) : bool :=
  match c with
  | Real cs => check_realization n d tt (zip ms cs)
  | Fark u => check_farkas n d tt u
  end.

Lemma check_tabP n d tt c : check_tab n d (masks n d) tt c ->
  size tt = 2 ^ n /\ (table_fun n tt \in T n d) = is_real c.
Proof.
case: c => [cs | u] /= h.
  by split; [case/andP: h => /andP[/eqP] | exact: check_realization_sound h].
by split; [do 3 case/andP: h => h _; move/eqP: h | exact/negbTE/(check_farkas_sound h)].
Qed.

(** The tables of ts whose certificate is a realization (all certificates valid). *)
Fixpoint sel n d (ms : list Z) (ts : list (list bool)) (cs : list cert) : option (list (list bool)) :=
  match ts, cs with
  | t :: ts', c :: cs' =>
      if check_tab n d ms t c then
        if sel n d ms ts' cs' is Some r then Some (if is_real c then t :: r else r) else None
      else None
  | [::], [::] => Some [::]
  | _, _ => None
  end.

Lemma selP n d ts cs r : sel n d (masks n d) ts cs = Some r ->
  all (fun t => size t == 2 ^ n) ts /\ r = filter (fun t => table_fun n t \in T n d) ts.
Proof.
elim: ts cs r => [|t ts IH] [|c cs] r //=; first by case=> <-.
case hc: check_tab => //; case hs: sel => [r'|] // [<-].
have [ht ->] := check_tabP hc; have [hts ->] := IH _ _ hs.
by rewrite ht eqxx hts; case: (is_real c).
Qed.

(** T(0;d): both constants. *)
Definition base : list (list bool) := [:: [:: false]; [:: true]].

Lemma exact_base d : exact 0 d base.
Proof.
split=> // -[|b [|]] // _.
have -> : table_fun 0 [:: b] = [ffun _ => b].
  by apply/ffunP => x; rewrite !ffunE /index_of big_ord0.
by rewrite T_const; case: b.
Qed.

(** The next level: every pair (a, b) of members, decided. *)
Definition next_level n d (L : list (list bool)) (cs : list cert) : option (list (list bool)) :=
  sel n.+1 d (masks n.+1 d) [seq a ++ b | a <- L, b <- L] cs.

Lemma next_levelP n d L cs L' : exact n d L -> next_level n d L cs = Some L' -> exact n.+1 d L'.
Proof.
move=> hL /selP [hall ->]; split.
- apply/filter_uniq/allpairs_uniq; try by case: hL.
  move=> [a b] [a' b'] /allpairsP [[x y] [hx hy /= [-> ->]]] /allpairsP [[x' y'] [hx' hy' /= [-> ->]]].
  move=> /= /eqP; rewrite eqseq_cat ?(exact_size hL hx) ?(exact_size hL hx') //.
  by case/andP=> /eqP -> /eqP ->.
- by apply/allP => t; rewrite mem_filter => /andP[_ /(allP hall)].
- move=> t ht; rewrite mem_filter; case hT: (table_fun n.+1 t \in T n.+1 d) => //=.
  have hs : size (take (2 ^ n) t) = 2 ^ n by rewrite size_takel // ht expnS mul2n -addnn leq_addr.
  have hs' : size (drop (2 ^ n) t) = 2 ^ n by rewrite size_drop ht expnS mul2n -addnn addnK.
  rewrite -(cat_take_drop (2 ^ n) t) table_fun_cat // in hT.
  have h0 := T_half false hT; have h1 := T_half true hT.
  rewrite !half_glue /= in h0 h1.
  apply/allpairsP; exists (take (2 ^ n) t, drop (2 ^ n) t); rewrite cat_take_drop; split=> //.
    by case: hL => _ _ ->.
  by case: hL => _ _ ->.
Qed.

(** Levels 1, 2, .. from T(0;d). *)
Fixpoint run_levels n d (L : list (list bool)) (css : list (list cert))
    : option (nat * list (list bool)) :=
  if css is cs :: css' then
    if next_level n d L cs is Some L' then run_levels n.+1 d L' css' else None
  else Some (n, L).

Lemma run_levelsP n d L css m L' : exact n d L -> run_levels n d L css = Some (m, L') -> exact m d L'.
Proof.
elim: css n L => [|cs css IH] n L hL /=; first by case=> <- <-.
case hn: next_level => [L''|] //; apply: IH; exact: next_levelP hn.
Qed.

(** c(r) from one certificate per table r ++ b, b in L. *)
Definition rep_count n d (L : list (list bool)) (r : list bool) (cs : list cert) : option nat :=
  if sel n.+1 d (masks n.+1 d) [seq r ++ b | b <- L] cs is Some R then Some (size R) else None.

Lemma rep_countP n d L r cs k : exact n d L -> size r = 2 ^ n ->
  rep_count n d L r cs = Some k -> ext_count d (table_fun n r) = k.
Proof.
move=> hL hr; rewrite /rep_count; case hs: sel => [R|] // [<-].
have [_ ->] := selP hs; rewrite size_filter count_map /ext_count (exact_card hL).
by apply: eq_count => b; rewrite /= table_fun_cat.
Qed.

(** The counts of the representatives: (r, c(r)). *)
Fixpoint rep_counts n d L (reps : list (list bool * list cert)) : option (list (list bool * nat)) :=
  if reps is rc :: reps' then
    if rep_count n d L rc.1 rc.2 is Some k then
      if rep_counts n d L reps' is Some ks then Some ((rc.1, k) :: ks) else None
    else None
  else Some [::].

Lemma rep_countsP n d L reps ks : exact n d L -> rep_counts n d L reps = Some ks ->
  forall rk, rk \in ks -> size rk.1 = 2 ^ n -> ext_count d (table_fun n rk.1) = rk.2.
Proof.
move=> hL; elim: reps ks => [|rc reps IH] ks /=; first by case=> <-.
case hk: rep_count => [k|] //; case hks: rep_counts => [ks'|] // [<-] rk.
rewrite inE => /orP [/eqP -> /= hr | ]; first exact: rep_countP hk.
exact: IH.
Qed.

(** The sum of a list of numbers, in binary (the count of T(5;1) is too large a unary
    number for the kernel's comparison). *)
Definition nsum (s : list nat) : N := foldr (fun a acc => N.add (N.of_nat a) acc) N0 s.

Lemma nsumE s : N.to_nat (nsum s) = sumn s.
Proof. by elim: s => [|a s IH] //=; rewrite Nnat.N2Nat.inj_add Nnat.Nat2N.id IH. Qed.

(** Every member t of L is g.r for a word g and the representative number i:
    the sum over L of c(t) is the sum of the c(r_i). *)
Definition check_top n d L reps (assign : list (list gen * nat)) : option N :=
  if rep_counts n d L reps is Some ks then
    if all (fun rk => size rk.1 == 2 ^ n) ks
       && all2 (fun t wi => all (gen_ok n) wi.1 && (wi.2 < size ks)
                            && (act_table n wi.1 (nth [::] (map fst ks) wi.2) == t)) L assign
    then Some (nsum [seq nth 0 (map snd ks) wi.2 | wi <- assign])
    else None
  else None.

Lemma sum_all2 (A B : Type) (F : A -> nat) (G : B -> nat) (p : A -> B -> bool) s1 s2 :
  (forall a b, p a b -> F a = G b) -> all2 p s1 s2 ->
  (\sum_(a <- s1) F a)%N = sumn (map G s2).
Proof.
move=> h; elim: s1 s2 => [|a s1 IH] [|b s2] //=; first by rewrite big_nil.
by rewrite big_cons; case/andP=> /h -> /IH ->.
Qed.

Lemma check_topP n d L reps assign k : exact n d L ->
  check_top n d L reps assign = Some k -> #|T n.+1 d| = N.to_nat k.
Proof.
move=> hL; rewrite /check_top; case hks: rep_counts => [ks|] //.
case: ifP => // /andP[/allP hsz hall] [<-].
rewrite card_T_halves (exact_sum hL) nsumE.
rewrite (sum_all2 (G := fun wi : list gen * nat => nth 0 (map snd ks) wi.2) _ hall) //.
move=> t [w i] /andP[/andP[hw hi] /eqP <-] /=.
have hrk : (nth ([::], 0) ks i) \in ks by rewrite mem_nth.
have hs : size (nth ([::], 0) ks i).1 = 2 ^ n by apply/eqP/hsz.
have hs' : size (nth [::] (map fst ks) i) = 2 ^ n by rewrite (nth_map ([::], 0)).
have [_ ->] := act_tableE hw hs'.
rewrite ext_count_act // (nth_map ([::], 0)) // (nth_map ([::], 0)) //.
exact: rep_countsP hks _ hrk hs.
Qed.

(** All the data: the levels' certificates, the representatives with their certificates,
    and the word and representative of every member of T(n;d). *)
Definition halves_data : Type :=
  (list (list cert) * list (list bool * list cert) * list (list gen * nat))%type.

(** The generators of a word of length l read from numbers: 0 is Cmp, 1 i is Neg i, 2 i j is Swap i j. *)
Fixpoint gens_of (l : nat) (s : list N) : list gen * list N :=
  match l, s with
  | l'.+1, N0 :: s' => let: (w, s'') := gens_of l' s' in (Cmp :: w, s'')
  | l'.+1, Npos xH :: i :: s' => let: (w, s'') := gens_of l' s' in (Neg (N.to_nat i) :: w, s'')
  | l'.+1, _ :: i :: j :: s' => let: (w, s'') := gens_of l' s' in (Swap (N.to_nat i) (N.to_nat j) :: w, s'')
  | _, _ => ([::], s)
  end.

(** k members' (word, representative) read from numbers, as quarks/coq/halves.py writes them:
    the representative, the word's length, the word's codes. *)
Fixpoint assign_of (k : nat) (s : list N) : list (list gen * nat) :=
  match k, s with
  | k'.+1, r :: l :: s' => let: (w, s'') := gens_of (N.to_nat l) s' in (w, N.to_nat r) :: assign_of k' s''
  | _, _ => [::]
  end.

Definition check_halves n d (data : halves_data) : option N :=
  let: (css, reps, assign) := data in
  if run_levels 0 d base css is Some (m, L) then
    if m == n then check_top n d L reps assign else None
  else None.

(** A valid certificate counts T(n+1;d). *)
Theorem halves_count n d data k : check_halves n d data = Some k -> #|T n.+1 d| = N.to_nat k.
Proof.
case: data => [[css reps] assign] /=; case hr: run_levels => [[m L]|] //.
case: eqP => // <-; apply: check_topP; exact: run_levelsP (exact_base d) hr.
Qed.
