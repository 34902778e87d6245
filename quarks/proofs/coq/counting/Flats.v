(** * Zuev's reduction: a family of nonzero points has at most as many closed sets as strict
      sign vectors ("regions >= flats").

    For points y_i in R^k (i in a finite set I, R a real field), a set C of indices is closed
    when every y_i lying in the span of the y_j, j in C, has i in C ([closedb], [flats]: the
    closed sets; they are in bijection with the flats of the arrangement of the hyperplanes
    y_i^perp).  [flats_le_signs] (Lemma 2 of the Zuev chain, ../shared/zuev.md): if no y_i is 0,
    #closed sets <= #strict sign vectors ([Cover.signs]).

    Proof, by induction on the number of points, for every dimension at once, along the
    deletion/restriction step [Cover.card_step]: #signs(y) = #signs(y') + #signs(y''), where y' is
    y_1..y_m and y'' their projections u |-> u B^T onto y_0^perp (B a basis of y_0^perp).  For a
    closed C, rho(C) = {j : y_{j+1} in C} is closed for y' (always: [closed_preim]), and for y''
    when y_0 is in C ([proj_sub]: u B^T lies in span(S) B^T iff u lies in span(y_0, S)); C is
    determined by rho(C) and whether 0 is in C.  If no projection is 0 the induction hypothesis
    for y' and y'' gives the bound; if y''_j0 = 0 then signs(y'') is empty ([signs0]), y_{j0+1}
    and y_0 are proportional, so 0 in C iff j0 in rho(C), rho is injective on the closed sets and
    the hypothesis for y' alone suffices (without this case the step is false: y = (1, 1) in R^1
    has 2 closed sets and 2 sign vectors, but y'' = (0) has 1 closed set and no sign vector). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect ssralg ssrnum matrix mxalgebra.
From Quarks Require Import QuarksCompat Threshold Cover.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import Order.TTheory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section Flats.
Variable R : realFieldType.

(** The span of the points y_j, j in C. *)
Definition span_of (I : finType) k (y : I -> 'rV[R]_k) (C : {set I}) : 'M[R]_k :=
  (\sum_(j in C) <<y j>>)%MS.

(** C is closed: every point in the span of C is indexed in C. *)
Definition closedb (I : finType) k (y : I -> 'rV[R]_k) (C : {set I}) :=
  [forall i, (y i <= span_of y C)%MS ==> (i \in C)].

(** The closed sets (the flats of the arrangement y_i^perp). *)
Definition flats (I : finType) k (y : I -> 'rV[R]_k) := [set C : {set I} | closedb y C].

Lemma closedP (I : finType) k (y : I -> 'rV[R]_k) (C : {set I}) :
  reflect (forall i, (y i <= span_of y C)%MS -> i \in C) (closedb y C).
Proof.
apply: (iffP forallP) => h i; first by move=> hi; apply: (implyP (h i)).
by apply/implyP; apply: h.
Qed.

Lemma span_sub (I : finType) k (y : I -> 'rV[R]_k) (C : {set I}) i :
  i \in C -> (y i <= span_of y C)%MS.
Proof. by move=> hi; apply: (sumsmx_sup i) => //; rewrite genmxE. Qed.

(** The span of a preimage lies in the span. *)
Lemma span_preim (I J : finType) k (y : I -> 'rV[R]_k) (f : J -> I) (C : {set I}) :
  (span_of (fun j => y (f j)) (f @^-1: C) <= span_of y C)%MS.
Proof. by apply/sumsmx_subP => j; rewrite inE => hj; rewrite genmxE; apply: span_sub. Qed.

(** Preimages of closed sets are closed. *)
Lemma closed_preim (I J : finType) k (y : I -> 'rV[R]_k) (f : J -> I) (C : {set I}) :
  closedb y C -> closedb (fun j => y (f j)) (f @^-1: C).
Proof.
move=> /closedP hC; apply/closedP => j hj; rewrite inE; apply: hC.
exact: submx_trans hj (span_preim _ _ _).
Qed.

(** ** The deletion/restriction step *)
Section Step.
Variables (m k : nat) (y : 'I_m.+1 -> 'rV[R]_k).
Hypothesis hy0 : y ord0 != 0.
Let y0 := y ord0.
Let y' := fun j : 'I_m => y (lift ord0 j).
Let B := row_base (kermx y0^T).
Let y'' := fun j : 'I_m => y' j *m B^T.
Let rho (C : {set 'I_m.+1}) := lift ord0 @^-1: C.

Lemma span_split (C : {set 'I_m.+1}) :
  span_of y C = ((if ord0 \in C then <<y0>> else 0) + span_of y' (rho C))%MS.
Proof.
rewrite /span_of big_mkcond big_ord_recl; congr (_ + _)%MS.
by rewrite [RHS]big_mkcond; apply: eq_bigr => j _; rewrite inE.
Qed.

Lemma rho_inj (C1 C2 : {set 'I_m.+1}) : (ord0 \in C1) = (ord0 \in C2) -> rho C1 = rho C2 -> C1 = C2.
Proof.
move=> e0 /setP e; apply/setP => i; case: (unliftP ord0 i) => [j ->|->] //.
by have := e j; rewrite !inE.
Qed.

(** The kernel of u |-> u B^T is the line of y_0. *)
Lemma kerB (u : 'rV[R]_k) : (u *m B^T == 0) = (u <= y0)%MS.
Proof.
have hB : B *m y0^T = 0 by apply/sub_kermxP; rewrite /B eq_row_base.
have y0k : (y0 <= kermx B^T)%MS.
  by apply/sub_kermxP; rewrite -[y0 in y0 *m _]trmxK -trmx_mul hB trmx0.
have hk : (0 < k)%N by have := rank_leq_col y0; rewrite rank_rV hy0.
have rkB : \rank B = (k - 1)%N.
  by rewrite /B (eq_row_base _).1 mxrank_ker mxrank_tr rank_rV hy0.
have rk1 : \rank (kermx B^T) = 1%N by rewrite mxrank_ker mxrank_tr rkB subKn.
have ky0 : (kermx B^T <= y0)%MS.
  by have := (mxrank_leqif_sup y0k).2; rewrite rk1 rank_rV hy0 eqxx => <-.
apply/eqP/idP => [/sub_kermxP h | h]; first exact: submx_trans h ky0.
by apply/sub_kermxP; apply: submx_trans h y0k.
Qed.

Lemma y0B : y0 *m B^T = 0.
Proof. by apply/eqP; rewrite kerB submx_refl. Qed.

(** Sublemma LA(b): u B^T lies in Z B^T iff u lies in span(y_0) + Z. *)
Lemma projP (u : 'rV[R]_k) (Z : 'M[R]_k) :
  (u *m B^T <= Z *m B^T)%MS = (u <= <<y0>> + Z)%MS.
Proof.
apply/idP/idP => [/submxP [D eD] | h].
  have e : (u - D *m Z) *m B^T = 0 by rewrite mulmxBl eD mulmxA subrr.
  have h1 : (u - D *m Z <= <<y0>>)%MS by rewrite genmxE -kerB e.
  by rewrite -[u](subrK (D *m Z)); apply: addmx_sub_adds => //; apply: submxMl.
have := submxMr B^T h; rewrite addsmxMr => /submx_trans; apply.
by rewrite addsmx_sub submx_refl andbT (eqmxMr _ (genmxE y0)) y0B sub0mx.
Qed.

Lemma proj_sub (S : {set 'I_m}) : (span_of y'' S <= span_of y' S *m B^T)%MS.
Proof.
apply/sumsmx_subP => j hj; rewrite genmxE; apply: submxMr.
exact: span_sub.
Qed.

(** A closed set containing 0 restricts to a closed set of the projections. *)
Lemma closed_proj (C : {set 'I_m.+1}) : closedb y C -> ord0 \in C -> closedb y'' (rho C).
Proof.
move=> /closedP hC h0; apply/closedP => j hj; rewrite inE; apply: hC.
have := submx_trans hj (proj_sub _); rewrite projP.
by rewrite span_split h0.
Qed.

(** Case A: #closed sets of y <= #closed(y') + #closed(y''). *)
Lemma card_flats_step : (#|flats y| <= #|flats y'| + #|flats y''|)%N.
Proof.
set In := [set C : {set 'I_m.+1} | ord0 \in C].
rewrite -(cardsID In (flats y)) addnC; apply: leq_add.
  have inj : {in flats y :\: In &, injective rho}.
    move=> C1 C2; rewrite !inE => /andP [h1 _] /andP [h2 _]; apply: rho_inj.
    by rewrite (negbTE h1) (negbTE h2).
  rewrite -(card_in_imset inj); apply: subset_leq_card; apply/subsetP => _ /imsetP [C hC ->].
  by move: hC; rewrite !inE => /andP [_ hC]; apply: closed_preim.
have inj : {in flats y :&: In &, injective rho}.
  move=> C1 C2; rewrite !inE => /andP [_ h1] /andP [_ h2]; apply: rho_inj.
  by rewrite h1 h2.
rewrite -(card_in_imset inj); apply: subset_leq_card; apply/subsetP => _ /imsetP [C hC ->].
by move: hC; rewrite !inE => /andP [hC h0]; apply: closed_proj.
Qed.

(** Case B: a projection is 0; then 0 is in a closed C iff j0 is in rho(C). *)
Lemma card_flats_degenerate j0 : y' j0 != 0 -> y'' j0 = 0 -> (#|flats y| <= #|flats y'|)%N.
Proof.
move=> hj0 e0.
have s1 : (y' j0 <= y0)%MS by rewrite -kerB; apply/eqP; exact: e0.
have s2 : (y0 <= y' j0)%MS.
  by have := (mxrank_leqif_sup s1).2; rewrite !rank_rV hj0 hy0 eqxx => <-.
have key C : closedb y C -> (ord0 \in C) = (j0 \in rho C).
  move=> /closedP hC; rewrite inE; apply/idP/idP => h; apply: hC.
    exact: submx_trans s1 (span_sub y h).
  exact: submx_trans s2 (span_sub y h).
have inj : {in flats y &, injective rho}.
  move=> C1 C2; rewrite !inE => h1 h2 e; apply: rho_inj => //.
  by rewrite (key _ h1) (key _ h2) e.
rewrite -(card_in_imset inj); apply: subset_leq_card; apply/subsetP => _ /imsetP [C hC ->].
by move: hC; rewrite !inE; apply: closed_preim.
Qed.
End Step.

(** Lemma 2 for points indexed by 'I_m, by induction on m. *)
Lemma flats_le_signs_ord m : forall k (y : 'I_m -> 'rV[R]_k),
  (forall i, y i != 0) -> (#|flats y| <= #|signs y|)%N.
Proof.
elim: m => [|m IH] k y hy.
  apply: (@leq_trans #|[set (set0 : {set 'I_0})]|).
    by apply: subset_leq_card; apply/subsetP => C _; rewrite in_set1; apply/eqP/setP => -[].
  rewrite cards1 card_gt0; apply/set0Pn; exists [ffun i => false].
  by apply/signsP; exists 0 => -[].
have hy0 := hy ord0.
have hy' j : y (lift ord0 j) != 0 by apply: hy.
case: (boolP [exists j, y (lift ord0 j) *m (row_base (kermx (y ord0)^T))^T == 0]).
  move=> /existsP [j0 /eqP hj0]; rewrite (card_step hy0) (signs0 hj0) cards0 addn0.
  by apply: leq_trans (card_flats_degenerate hy0 (hy' j0) hj0) (IH _ _ hy').
rewrite negb_exists => /forallP hA; rewrite (card_step hy0).
apply: leq_trans (card_flats_step hy0) _; apply: leq_add; first exact: IH.
by apply: IH => j; apply: hA.
Qed.

(** Lemma 2 (Zuev's reduction): nonzero points have at most as many closed sets as strict
    sign vectors. *)
Theorem flats_le_signs (I : finType) k (y : I -> 'rV[R]_k) :
  (forall i, y i != 0) -> (#|flats y| <= #|signs y|)%N.
Proof.
move=> hy; pose ev : 'I_#|I| -> I := enum_val; pose z := fun j => y (ev j).
have h1 : (#|flats y| <= #|flats z|)%N.
  have inj : injective (fun C : {set I} => ev @^-1: C).
    move=> C1 C2 /= /setP e; apply/setP => i; have := e (enum_rank i).
    by rewrite !inE /ev enum_rankK.
  rewrite -(card_imset _ inj); apply: subset_leq_card; apply/subsetP => _ /imsetP [C hC ->].
  by move: hC; rewrite !inE; apply: closed_preim.
have h2 : (#|signs z| <= #|signs y|)%N.
  pose h := fun s : {ffun 'I_#|I| -> bool} => [ffun i => s (enum_rank i)].
  have inj : injective h.
    move=> s1 s2 /ffunP e; apply/ffunP => j; have := e (enum_val j).
    by rewrite !ffunE enum_valK.
  rewrite -(card_imset _ inj); apply: subset_leq_card; apply/subsetP => _ /imsetP [s hs ->].
  case/signsP: hs => w hw; apply/signsP; exists w => i; rewrite ffunE.
  by have := hw (enum_rank i); rewrite /z /ev enum_rankK.
apply: leq_trans h1 (leq_trans (flats_le_signs_ord _) h2) => j; exact: hy.
Qed.
End Flats.
