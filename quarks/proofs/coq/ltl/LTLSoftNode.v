(** * Seed 004, Theorem 12 at the paper's temperature tau = 1/(2n): the soft-run invariant at the
    node level.

    The soft copy of LTLCompile.v's `node_ok`: beside the hard invariant `inv`, every layer of the
    compiled network is `layer_soft` (LTLSoft.v) for the same ghost (V, D, isH), with the error
    Eg c = 0 on the fixed coordinates (letters, embeddings, first / last and their averages: inputs,
    or written by Proposition 11's uniform heads, which softmax computes exactly) and Eg c = e on
    the fresh ones (selection heads within e of their hard reads, e <= 1/4, rounded exactly by
    Lemma 9's units in the same layer).  So the soft run holds every sub-formula's coordinate
    exactly (LTLSoftPaper.v assembles thm12_paper from it). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft.
Import ListNotations.
Open Scope R_scope.

Section SoftInvariant.
Variables (n : nat) (w : nat -> nat) (kk : nat) (var : variant) (cq : Q) (gap : R) (fut : bool).
Hypotheses (HY : Y_ok n w kk var cq gap) (HX : fut = true -> X_ok n w kk var cq gap)
           (HS : S_ok n w kk var cq gap) (HU : fut = true -> U_ok n w kk var cq gap).
Variables (W : head -> (nat -> R) -> nat -> nat -> R) (e : R).
Hypotheses (He : 0 <= e) (He4 : e <= 1 / 4).
Hypothesis HWu : forall h x i, h_terms h = [] -> h_hard h = Average -> (i < n)%nat -> head_out W n h x i = head_out hard_w n h x i.

(** The four selection heads under W read within e of the hard value, on every stream holding the
    embedding and values in [0, 1] (Boolean stop bits for S / U). *)
Definition SY_ok : Prop := forall att a x, pe_agree n w kk var x -> (forall j, (j < n)%nat -> 0 <= x j a <= 1) ->
  forall i, (i < n)%nat -> Rabs (head_out W n (real_head (vhead kk var cq att a Future 1)) x i - x (i - 1)%nat a) <= e.
Definition SX_ok : Prop := forall att a x, pe_agree n w kk var x -> (forall j, (j < n)%nat -> 0 <= x j a <= 1) ->
  forall i, (i < n)%nat -> Rabs (head_out W n (real_head (vhead kk var cq att a Past (-1))) x i - x (x_next n i) a) <= e.
Definition SS_ok : Prop := forall att b s x (B : nat -> bool), pe_agree n w kk var x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> 0 <= x j b <= 1) ->
  forall i, (i < n)%nat -> Rabs (head_out W n (real_head (vsu_head kk var cq att b s Future 1)) x i - x (topS B i) b) <= e.
Definition SU_ok : Prop := forall att b s x (B : nat -> bool), pe_agree n w kk var x -> (forall j, (j < n)%nat -> x j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> 0 <= x j b <= 1) ->
  forall i, (i < n)%nat -> Rabs (head_out W n (real_head (vsu_head kk var cq att b s Past (-1))) x i - x (topU B (n - i) i) b) <= e.
Hypotheses (SY : SY_ok) (SX : fut = true -> SX_ok) (SS : SS_ok) (SU : fut = true -> SU_ok).

(** The error of each coordinate: 0 below the fresh names, e on them. *)
Definition Eg (c : nat) : R := if (c <? c_fresh kk 1)%nat then 0 else e.

Lemma Eg_pos (c : nat) : 0 <= Eg c.
Proof. unfold Eg. destruct (c <? c_fresh kk 1)%nat; lra. Qed.

Lemma Eg_fresh (m : nat) : (1 <= m)%nat -> Eg (c_fresh kk m) = e.
Proof. intros Hm. unfold Eg, c_fresh. replace (kk + 10 + m <? kk + 10 + 1)%nat with false by (symmetry; apply Nat.ltb_ge; lia). reflexivity. Qed.

Lemma Eg_fixed (c : nat) : (c < c_fresh kk 1)%nat -> Eg c = 0.
Proof. intros Hc. unfold Eg. replace (c <? c_fresh kk 1)%nat with true by (symmetry; apply Nat.ltb_lt, Hc). reflexivity. Qed.

(** Read exactly by the soft run: a unit coordinate or a fixed one. *)
Definition xct (isH : nat -> bool) (c : nat) : bool := negb (isH c) || (c <? c_fresh kk 1)%nat.

Lemma sclose_exact V D isH (l : nat) (y : stream) (i a la : nat) : sagree n V D isH Eg l y -> (i < n)%nat ->
  D a = Some la -> (la <= l)%nat -> xct isH a = true -> y i a = V a i.
Proof.
intros Ha Hi E Hl Ex. pose proof (Ha i a la Hi E Hl) as H. unfold close in H. unfold xct in Ex.
destruct (isH a); [|exact H]. simpl in Ex. unfold Eg in H. rewrite Ex in H. revert H. unfold Rabs. destruct (Rcase_abs _); intros; lra.
Qed.

Lemma sagree_of_agree V D isH (l : nat) (y : stream) : agree n V D l y -> sagree n V D isH Eg l y.
Proof.
intros Ha i c l' Hi Hc Hl. unfold close. rewrite (Ha i c l' Hi Hc Hl).
destruct (isH c); [|reflexivity]. replace (V c i - V c i) with 0 by ring. rewrite Rabs_R0. apply Eg_pos.
Qed.

(** The soft invariant: the hard one, every layer `layer_soft`, and the memo table's coordinates
    read exactly. *)
Definition sinv (st : cstate) (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) : Prop :=
  inv n w kk var gap st V D isH /\ soft_layers n W Eg st V D isH /\
  (forall p c, lookup ltl_eqb p (cs_memo st) = Some c -> xct isH c = true).

Definition sext (V : nat -> nat -> R) (D : nat -> option nat) (isH : nat -> bool) (V' : nat -> nat -> R) (D' : nat -> option nat) (isH' : nat -> bool) : Prop :=
  ext V D V' D' /\ forall c l, D c = Some l -> isH' c = isH c.

Lemma sext_refl V D isH : sext V D isH V D isH.
Proof. split; [apply ext_refl|reflexivity]. Qed.

Lemma sext_trans V D isH V1 D1 isH1 V2 D2 isH2 : sext V D isH V1 D1 isH1 -> sext V1 D1 isH1 V2 D2 isH2 -> sext V D isH V2 D2 isH2.
Proof.
intros [X1 I1] [X2 I2]. split; [exact (ext_trans _ _ _ _ _ _ X1 X2)|]. intros c l E.
destruct (X1 c l E) as [E1 _]. rewrite (I2 c l E1). apply (I1 c l E).
Qed.

Lemma sext_upd V D isH (c : nat) (v : nat -> R) (o : option nat) (b : bool) : D c = None ->
  sext V D isH (upd V c v) (upd D c o) (upd isH c b).
Proof.
intros Hf. split; [apply ext_upd, Hf|]. intros c' l E. assert (c' <> c) by (intros ->; congruence). apply upd_other; assumption.
Qed.

Lemma sext_keeps_exact V D isH V' D' isH' (c l : nat) : sext V D isH V' D' isH' -> D c = Some l -> xct isH c = true -> xct isH' c = true.
Proof. intros [_ H] E X. unfold xct in *. rewrite (H c l E). exact X. Qed.

Lemma memo_upd (st st' : cstate) (D : nat -> option nat) (isH : nat -> bool) (c : nat) (b : bool) :
  (forall p c', lookup ltl_eqb p (cs_memo st) = Some c' -> exists l, D c' = Some l) -> D c = None -> cs_memo st' = cs_memo st ->
  (forall p c', lookup ltl_eqb p (cs_memo st) = Some c' -> xct isH c' = true) ->
  forall p c', lookup ltl_eqb p (cs_memo st') = Some c' -> xct (upd isH c b) c' = true.
Proof.
intros Hm Hf Em Hx p c' E. rewrite Em in E. destruct (Hm p c' E) as [l' E'].
assert (c' <> c) by (intros ->; congruence). unfold xct. rewrite upd_other by assumption. apply (Hx p c' E).
Qed.

(** A stream within the soft invariant holds the embedding exactly. *)
Lemma sagree_pe (st : cstate) V D isH (l : nat) (x : stream) : core n w kk var gap st V D isH ->
  sagree n V D isH Eg l x -> pe_agree n w kk var x.
Proof.
intros Hc Ha j c Hj Hcl. pose proof (co_inputs _ _ _ _ _ _ _ _ _ Hc c Hcl) as E0. pose proof (pes_len var).
rewrite (sclose_exact V D isH l x j c 0%nat Ha Hj E0 ltac:(lia)).
- symmetry. apply (co_in_val _ _ _ _ _ _ _ _ _ Hc); assumption.
- unfold xct, c_fresh. replace (c <? kk + 10 + 1)%nat with true by (symmetry; apply Nat.ltb_lt; lia). apply orb_true_r.
Qed.

Lemma sread (st : cstate) V D isH (l a : nat) (y : stream) (i : nat) : sinv st V D isH -> (i < n)%nat ->
  (exists la, D a = Some la) -> xct isH a = true -> (lev st a <= l)%nat -> sagree n V D isH Eg l y -> y i a = V a i.
Proof.
intros [[Hc _] _] Hi [la E0] Ex Hl Ha. pose proof (co_lev _ _ _ _ _ _ _ _ _ Hc a la E0).
apply (sclose_exact V D isH l y i a la Ha Hi E0); [lia|exact Ex].
Qed.

(** A unit / a selection head writing the next fresh name keeps the soft invariant. *)
Lemma sinv_unit (st : cstate) V D isH (l : nat) (u : sunit) (v : nat -> R) :
  sinv st V D isH -> su_out u = c_fresh kk (S (cs_cnt st)) ->
  (forall y, sagree n V D isH Eg l y -> (forall i c', (i < n)%nat -> at_lev D c' (S l) && isH c' = true -> Rabs (y i c' - V c' i) <= Eg c') ->
     forall i, (i < n)%nat -> unit_val (real_unit u) (y i) = v i) ->
  sinv (add_unit l u (bump st)) (upd V (su_out u) v) (upd D (su_out u) (Some (S l))) (upd isH (su_out u) false) /\
  sext V D isH (upd V (su_out u) v) (upd D (su_out u) (Some (S l))) (upd isH (su_out u) false).
Proof.
intros [Hi [Hs Hx]] Eo Hloc.
assert (Hf : D (su_out u) = None) by (destruct Hi as [_ [Hfr _]]; apply Hfr; lia).
destruct (inv_unit n w kk var gap st V D isH l u v Hi Eo) as [H1 _].
{ intros y Ha Hh i Hi'. apply Hloc; [apply sagree_of_agree, Ha| |exact Hi'].
  intros i' c' Hi'' E. rewrite (Hh i' c' Hi'' E). replace (V c' i' - V c' i') with 0 by ring. rewrite Rabs_R0. apply Eg_pos. }
split; [split; [exact H1|split]|apply sext_upd, Hf].
- apply soft_layers_unit; [apply soft_layers_bump, Hs|exact Hf|exact Hloc].
- destruct Hi as [_ [_ [_ [_ Hme]]]]. apply (memo_upd st _ D); [intros p c E; exact (proj1 (Hme p c E))|exact Hf|reflexivity|exact Hx].
Qed.

Lemma sinv_head (st : cstate) V D isH (l : nat) (h : shead) (v : nat -> R) :
  sinv st V D isH -> sh_out h = c_fresh kk (S (cs_cnt st)) ->
  (forall x, agree n V D l x -> ut_head n gap (real_head h) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = v i) ->
  (forall x, sagree n V D isH Eg l x -> forall i, (i < n)%nat -> Rabs (head_out W n (real_head h) x i - v i) <= e) ->
  sinv (add_head l h (bump st)) (upd V (sh_out h) v) (upd D (sh_out h) (Some (S l))) (upd isH (sh_out h) true) /\
  sext V D isH (upd V (sh_out h) v) (upd D (sh_out h) (Some (S l))) (upd isH (sh_out h) true).
Proof.
intros [Hi [Hs Hx]] Eo Hhard Hloc.
assert (Hf : D (sh_out h) = None) by (destruct Hi as [_ [Hfr _]]; apply Hfr; lia).
destruct (inv_head n w kk var gap st V D isH l h v Hi Eo Hhard) as [H1 _].
split; [split; [exact H1|split]|apply sext_upd, Hf].
- apply soft_layers_head; [apply soft_layers_bump, Hs|exact Hf|]. intros x Ha i Hi'.
  rewrite Eo, Eg_fresh by lia. apply Hloc; assumption.
- destruct Hi as [_ [_ [_ [_ Hme]]]]. apply (memo_upd st _ D); [intros p c E; exact (proj1 (Hme p c E))|exact Hf|reflexivity|exact Hx].
Qed.

Lemma sinv_remember (st : cstate) V D isH (p : ltl) (c : nat) : sinv st V D isH -> (exists l, D c = Some l) -> xct isH c = true ->
  (forall i, (i < n)%nat -> V c i = B2R (sat n w p i)) -> sinv (remember p c st) V D isH.
Proof.
intros [Hi [Hs Hx]] Hd Hh Hv. split; [apply inv_remember; assumption|split; [exact Hs|]].
intros p' c' E. cbn [cs_memo remember lookup] in E. destruct (ltl_eqb p' p) eqn:Ep.
- inversion E. subst c'. exact Hh.
- apply (Hx p' c' E).
Qed.

Lemma unit_node_sok (st : cstate) V D isH (inputs : list nat) (hidden : list sneuron) (c0 : Q) (v : nat -> R) (c : nat) (st' : cstate) :
  sinv st V D isH -> unit_node kk inputs hidden c0 st = (c, st') ->
  (forall y, sagree n V D isH Eg (fold_right Nat.max 0%nat (map (lev st) inputs)) y -> forall i, (i < n)%nat ->
     unit_val (real_unit (SUnit (c_fresh kk (S (cs_cnt st))) hidden c0)) (y i) = v i) ->
  exists V' D' isH', sinv st' V' D' isH' /\ sext V D isH V' D' isH' /\ (exists l, D' c = Some l) /\ xct isH' c = true /\
    forall i, (i < n)%nat -> V' c i = v i.
Proof.
intros Hinv E Hloc. unfold unit_node in E. inversion E. subst c st'. clear E.
set (u := SUnit (c_fresh kk (cs_cnt (bump st))) hidden c0).
destruct (sinv_unit st V D isH (fold_right Nat.max 0%nat (map (lev st) inputs)) u v Hinv eq_refl) as [H1 H2].
{ intros y Ha _ i Hi. apply Hloc; assumption. }
do 3 eexists. split; [exact H1|split; [exact H2|split; [|split]]].
- eexists. apply upd_same.
- unfold xct. simpl. rewrite upd_same. reflexivity.
- intros i Hi. simpl. rewrite upd_same. reflexivity.
Qed.

(** A selection step: a head writing the next fresh name (value vatt, within e under W), then a
    unit at the same level writing the one after (value v) from it. *)
Lemma sinv_step_select (st : cstate) V D isH (l : nat) (h : shead) (u : sunit) (vatt v : nat -> R) :
  sinv st V D isH -> sh_out h = c_fresh kk (S (cs_cnt st)) -> su_out u = c_fresh kk (S (S (cs_cnt st))) ->
  (forall x, agree n V D l x -> ut_head n gap (real_head h) x /\ forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = vatt i) ->
  (forall x, sagree n V D isH Eg l x -> forall i, (i < n)%nat -> Rabs (head_out W n (real_head h) x i - vatt i) <= e) ->
  (forall y, sagree n (upd V (sh_out h) vatt) (upd D (sh_out h) (Some (S l))) (upd isH (sh_out h) true) Eg l y ->
     (forall i, (i < n)%nat -> Rabs (y i (sh_out h) - vatt i) <= e) -> forall i, (i < n)%nat -> unit_val (real_unit u) (y i) = v i) ->
  exists V' D' isH', sinv (add_unit l u (add_head l h (bump (bump st)))) V' D' isH' /\ sext V D isH V' D' isH' /\
    (exists l', D' (su_out u) = Some l') /\ xct isH' (su_out u) = true /\ forall i, (i < n)%nat -> V' (su_out u) i = v i.
Proof.
intros Hinv Eh Eu Hhead Hsoft Hu. assert (Eatt : Eg (sh_out h) = e) by (rewrite Eh; apply Eg_fresh; lia).
destruct (sinv_head st V D isH l h vatt Hinv Eh Hhead Hsoft) as [H1 X1].
destruct (sinv_unit _ _ _ _ l u v H1 Eu) as [H2 X2].
{ intros y Ha Hh i Hi. apply Hu; [exact Ha| |exact Hi]. intros i' Hi'.
  assert (Hat : at_lev (upd D (sh_out h) (Some (S l))) (sh_out h) (S l) && upd isH (sh_out h) true (sh_out h) = true)
    by (unfold at_lev; rewrite !upd_same, Nat.eqb_refl; reflexivity).
  pose proof (Hh i' (sh_out h) Hi' Hat) as H. rewrite upd_same, Eatt in H. exact H. }
do 3 eexists. split; [exact H2|]. split; [exact (sext_trans _ _ _ _ _ _ _ _ _ X1 X2)|].
split; [eexists; apply upd_same|]. unfold xct. rewrite !upd_same. split; [reflexivity|]. intros i Hi. reflexivity.
Qed.

(** A selection head (within e under W) and its gated rounding. *)
Lemma select_sok (st : cstate) V D isH (a gate : nat) (m : mask) (s : Q) (p q : nat -> bool) (vatt : nat -> R)
  (c : nat) (st' : cstate) :
  sinv st V D isH -> select kk var cq a gate m s st = (c, st') ->
  (exists lg, D gate = Some lg) -> xct isH gate = true -> (forall i, (i < n)%nat -> V gate i = B2R (q i)) ->
  (forall x, agree n V D (Nat.max (lev st a) (lev st gate)) x ->
     ut_head n gap (real_head (vhead kk var cq (c_fresh kk (S (cs_cnt st))) a m s)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vhead kk var cq (c_fresh kk (S (cs_cnt st))) a m s)) x i = vatt i) ->
  (forall x, sagree n V D isH Eg (Nat.max (lev st a) (lev st gate)) x ->
     forall i, (i < n)%nat -> Rabs (head_out W n (real_head (vhead kk var cq (c_fresh kk (S (cs_cnt st))) a m s)) x i - vatt i) <= e) ->
  (forall i, (i < n)%nat -> vatt i = B2R (p i)) ->
  exists V' D' isH', sinv st' V' D' isH' /\ sext V D isH V' D' isH' /\ (exists l, D' c = Some l) /\ xct isH' c = true /\
    forall i, (i < n)%nat -> V' c i = B2R (p i && negb (q i)).
Proof.
intros Hinv E [lg Eg0] Hxg Hq Hhead Hsoft Hp. unfold select in E. inversion E. subst c st'. clear E.
set (l := Nat.max (lev st a) (lev st gate)) in *. set (att := c_fresh kk (S (cs_cnt st))) in *.
assert (Hga : gate <> att) by (intros ->; destruct Hinv as [[_ [Hfr _]] _]; rewrite (Hfr att) in Eg0 by lia; discriminate).
assert (Hlg : (lg <= l)%nat) by (destruct Hinv as [[Hc _] _]; rewrite <- (co_lev _ _ _ _ _ _ _ _ _ Hc gate lg Eg0); unfold l; lia).
apply (sinv_step_select st V D isH l (vhead kk var cq att a m s) (rounding (c_fresh kk (S (S (cs_cnt st)))) att gate) vatt _ Hinv
         eq_refl eq_refl Hhead Hsoft).
intros y Ha Hh i Hi. cbn [sh_out vhead] in Ha, Hh. apply unit_rounding_approx; [rewrite <- Hp by exact Hi; pose proof (Hh i Hi); lra|].
rewrite (sclose_exact _ _ _ l y i gate lg Ha Hi); [|rewrite upd_other by exact Hga; exact Eg0|exact Hlg|unfold xct; rewrite upd_other by exact Hga; exact Hxg].
rewrite upd_other by exact Hga. apply Hq, Hi.
Qed.

Lemma select_su_sok (st : cstate) V D isH (s b : nat) (m : mask) (sign : Q) (vatt : nat -> R) (pv : nat -> bool)
  (c : nat) (st' : cstate) :
  sinv st V D isH -> select_su kk var cq s b m sign st = (c, st') ->
  (forall x, agree n V D (Nat.max (lev st s) (lev st b)) x ->
     ut_head n gap (real_head (vsu_head kk var cq (c_fresh kk (S (cs_cnt st))) b s m sign)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vsu_head kk var cq (c_fresh kk (S (cs_cnt st))) b s m sign)) x i = vatt i) ->
  (forall x, sagree n V D isH Eg (Nat.max (lev st s) (lev st b)) x ->
     forall i, (i < n)%nat -> Rabs (head_out W n (real_head (vsu_head kk var cq (c_fresh kk (S (cs_cnt st))) b s m sign)) x i - vatt i) <= e) ->
  (forall i, (i < n)%nat -> vatt i = B2R (pv i)) ->
  exists V' D' isH', sinv st' V' D' isH' /\ sext V D isH V' D' isH' /\ (exists l, D' c = Some l) /\ xct isH' c = true /\
    forall i, (i < n)%nat -> V' c i = B2R (pv i).
Proof.
intros Hinv E Hhead Hsoft Hp. unfold select_su in E. inversion E. subst c st'. clear E.
apply (sinv_step_select st V D isH _ (vsu_head kk var cq (c_fresh kk (S (cs_cnt st))) b s m sign) (rounding1 (c_fresh kk (S (S (cs_cnt st)))) (c_fresh kk (S (cs_cnt st))))
         vatt _ Hinv eq_refl eq_refl Hhead Hsoft).
intros y Ha Hh i Hi. cbn [sh_out vsu_head] in Hh. apply unit_rounding1_approx. rewrite <- Hp by exact Hi. pose proof (Hh i Hi). lra.
Qed.

Lemma stop_node_sok (st : cstate) V D isH (p q : ltl) (a b s : nat) (st' : cstate) :
  sinv st V D isH -> (exists la, D a = Some la) -> xct isH a = true -> (forall i, (i < n)%nat -> V a i = B2R (sat n w p i)) ->
  (exists lb, D b = Some lb) -> xct isH b = true -> (forall i, (i < n)%nat -> V b i = B2R (sat n w q i)) ->
  stop_node kk p q a b st = (s, st') ->
  exists V' D' isH', sinv st' V' D' isH' /\ sext V D isH V' D' isH' /\ (exists l, D' s = Some l) /\ xct isH' s = true /\
    forall i, (i < n)%nat -> V' s i = B2R (negb (sat n w p i) || sat n w q i).
Proof.
intros Hinv [la Da] Xa Va [lb Db] Xb Vb E. unfold stop_node in E.
destruct (lookup ltl_eqb (LOr (LNot p) q) (cs_memo st)) as [c|] eqn:Em.
{ inversion E. subst. exists V, D, isH. split; [exact Hinv|split; [apply sext_refl|]].
  destruct Hinv as [[_ [_ [_ [_ Hme]]]] [_ Hxm]]. destruct (Hme _ s Em) as [Hd Hv]. exact (conj Hd (conj (Hxm _ s Em) Hv)). }
assert (Hnot : exists na st1 V1 D1 isH1,
  (match lookup ltl_eqb (LNot p) (cs_memo st) with
   | Some c => (c, st)
   | None => let '(c, st'0) := unit_node kk [a] (not_neurons a) 0 st in (c, remember (LNot p) c st'0) end) = (na, st1) /\
  sinv st1 V1 D1 isH1 /\ sext V D isH V1 D1 isH1 /\ (exists l, D1 na = Some l) /\ xct isH1 na = true /\
  forall i, (i < n)%nat -> V1 na i = B2R (negb (sat n w p i))).
{ destruct (lookup ltl_eqb (LNot p) (cs_memo st)) as [c1|] eqn:Em1.
  - exists c1, st, V, D, isH. split; [reflexivity|split; [exact Hinv|split; [apply sext_refl|]]].
    destruct Hinv as [[_ [_ [_ [_ Hme]]]] [_ Hxm]]. destruct (Hme _ c1 Em1) as [Hd Hv]. exact (conj Hd (conj (Hxm _ c1 Em1) Hv)).
  - destruct (unit_node kk [a] (not_neurons a) 0%Q st) as [c1 st1] eqn:E1.
    destruct (unit_node_sok st V D isH [a] _ _ (fun i => B2R (negb (sat n w p i))) c1 st1 Hinv E1) as [V1 [D1 [isH1 [H1 [H2 [H3 [H5 H4]]]]]]].
    { intros y Ha i Hi. apply unit_not. rewrite (sread st V D isH (fold_right Nat.max 0%nat (map (lev st) [a])) a y i Hinv Hi (ex_intro _ la Da) Xa);
        [apply Va, Hi|apply lev_max; left; reflexivity|exact Ha]. }
    exists c1, (remember (LNot p) c1 st1), V1, D1, isH1. split; [reflexivity|].
    split; [apply sinv_remember; [exact H1|exact H3|exact H5|exact H4]|split; [exact H2|split; [exact H3|split; [exact H5|exact H4]]]]. }
destruct Hnot as [na [st1 [V1 [D1 [isH1 [Ena [I1 [X1 [[lna Dna] [Xna Vna]]]]]]]]]]. rewrite Ena in E.
destruct (proj1 X1 b lb Db) as [Db1 Vb1]. pose proof (sext_keeps_exact _ _ _ _ _ _ b lb X1 Db Xb) as Xb1.
destruct (unit_node kk [na; b] (or_neurons na b) 0%Q st1) as [c2 st2] eqn:E2. inversion E. subst s st'.
destruct (unit_node_sok st1 V1 D1 isH1 [na; b] _ _ (fun i => B2R (negb (sat n w p i) || sat n w q i)) c2 st2 I1 E2) as [V2 [D2 [isH2 [H1 [H2 [H3 [H5 H4]]]]]]].
{ intros y Ha i Hi. unfold or_neurons. apply unit_or.
  - rewrite (sread st1 V1 D1 isH1 (fold_right Nat.max 0%nat (map (lev st1) [na; b])) na y i I1 Hi (ex_intro _ lna Dna) Xna);
      [apply Vna, Hi|apply lev_max; left; reflexivity|exact Ha].
  - rewrite (sread st1 V1 D1 isH1 (fold_right Nat.max 0%nat (map (lev st1) [na; b])) b y i I1 Hi (ex_intro _ lb Db1) Xb1);
      [rewrite Vb1; apply Vb, Hi|apply lev_max; right; left; reflexivity|exact Ha].
  - intros Eab. apply Nat.eqb_eq in Eab. subst b. apply B2R_inj. rewrite <- Vna, <- Vb, <- Vb1 by exact Hi. reflexivity. }
exists V2, D2, isH2. split; [apply sinv_remember; [exact H1|exact H3|exact H5|exact H4]|].
split; [exact (sext_trans _ _ _ _ _ _ _ _ _ X1 H2)|split; [exact H3|split; [exact H5|exact H4]]].
Qed.

(** The soft half of `core_end`: a uniform head at a fixed coordinate (exact under W) and a unit
    reading it keep every layer soft. *)
Lemma soft_end (st : cstate) V D isH (h : shead) (u : sunit) (va vf : nat -> R) :
  soft_layers n W Eg st V D isH -> D (sh_out h) = None -> D (su_out u) = None -> su_out u <> sh_out h ->
  (sh_out h < c_fresh kk 1)%nat -> sh_terms h = [] -> sh_hard h = Average ->
  (forall x, sagree n V D isH Eg 0 x -> forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = va i) ->
  (forall (y : nat -> R) i, (i < n)%nat -> y (sh_out h) = va i -> unit_val (real_unit u) y = vf i) ->
  soft_layers n W Eg (add_unit 0 u (add_head 0 h st)) (upd (upd V (sh_out h) va) (su_out u) vf)
    (upd (upd D (sh_out h) (Some 1%nat)) (su_out u) (Some 1%nat)) (upd (upd isH (sh_out h) true) (su_out u) false) /\
  sext V D isH (upd (upd V (sh_out h) va) (su_out u) vf) (upd (upd D (sh_out h) (Some 1%nat)) (su_out u) (Some 1%nat))
    (upd (upd isH (sh_out h) true) (su_out u) false).
Proof.
intros Hs Fa Ff Hne Hfix Ht Hr Hh Hu. assert (Ff1 : upd D (sh_out h) (Some 1%nat) (su_out u) = None) by (rewrite upd_other by exact Hne; exact Ff).
split; [|exact (sext_trans _ _ _ _ _ _ _ _ _ (sext_upd V D isH _ va _ true Fa) (sext_upd _ _ _ _ vf _ false Ff1))].
apply soft_layers_unit; [apply soft_layers_head; [exact Hs|exact Fa|]|exact Ff1|].
- intros x Ha i Hi. rewrite HWu, (Hh x Ha i Hi) by (cbn; rewrite ?Ht, ?Hr; reflexivity || exact Hi).
  replace (va i - va i) with 0 by ring. rewrite Rabs_R0. apply Eg_pos.
- intros y _ Hyh i Hi. apply Hu; [exact Hi|].
  assert (Hat : at_lev (upd D (sh_out h) (Some 1%nat)) (sh_out h) 1 && upd isH (sh_out h) true (sh_out h) = true)
    by (unfold at_lev; rewrite !upd_same; reflexivity).
  pose proof (Hyh i (sh_out h) Hi Hat) as H. rewrite upd_same, (Eg_fixed (sh_out h) Hfix) in H.
  revert H. unfold Rabs. destruct (Rcase_abs _); intros; lra.
Qed.

(** Proposition 11's first / last: a uniform head (exact under W) and a unit reading it. *)
Lemma first_sok (st : cstate) V D isH : sinv st V D isH ->
  exists V' D' isH', sinv (first kk st) V' D' isH' /\ sext V D isH V' D' isH' /\ D' (c_first kk) = Some 1%nat /\
    (forall i, (i < n)%nat -> V' (c_first kk) i = B2R (Nat.eqb i 0)).
Proof.
intros [Hinv [Hs Hxm]]. unfold first. destruct (cs_first st) eqn:Ef.
- exists V, D, isH. split; [split; [exact Hinv|split; [exact Hs|exact Hxm]]|].
  destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hfi. destruct Hfi as [F1 F2].
  split; [apply sext_refl|split; assumption].
- destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hfi. destruct Hfi as [F1 F2].
  set (h := SHead (c_avg_first kk) (c_alt kk) [] Future Average).
  set (u := SUnit (c_first kk) [SNeuron 1 [(c_avg_first kk, (-2)%Q)] (-1); SNeuron (-1) [(c_avg_first kk, (-2)%Q)] (-2)] 0).
  assert (Hne : su_out u <> sh_out h) by (cbn; unfold c_first, c_avg_first; lia).
  assert (Hva : forall x, pe_agree n w kk var x -> forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = avg_first_val i)
    by (intros x Hx i Hi; apply head_avg_first; [exact Hi|exact (agree_alt n w kk var x Hx)]).
  assert (Hvf : forall (y : nat -> R) i, (i < n)%nat -> y (sh_out h) = avg_first_val i -> unit_val (real_unit u) y = B2R (Nat.eqb i 0))
    by (intros y i _ Hy; apply unit_first, Hy).
  destruct (core_end n w kk var gap st V D isH h u avg_first_val (fun i => B2R (Nat.eqb i 0)) Hc F2 F1 Hne) as [[H21 H22 H23 H24 H25 H26] X2]; [|exact Hvf|].
  { intros x Ha. split; [left; reflexivity|]. exact (Hva x (agree_pe n w kk var gap st V D isH 0 x Hc Ha)). }
  pose proof (soft_end st V D isH h u avg_first_val (fun i => B2R (Nat.eqb i 0)) Hs F2 F1 Hne ltac:(cbn; unfold c_fresh, c_avg_first, c_avg_last; lia)
                eq_refl eq_refl (fun x Ha => Hva x (sagree_pe st V D isH 0 x Hc Ha)) Hvf) as Hs2.
  destruct (end_rest n w kk st (set_first (add_unit 0 u (add_head 0 h st))) V D (c_avg_first kk) (c_first kk) (c_last kk) (c_avg_last kk) avg_first_val (fun i => B2R (Nat.eqb i 0)) (fun i => B2R (Nat.eqb (S i) n)) (cs_last st) Hfr F2 F1)
    as [R1 [R2 [R3 R4]]]; try (unfold c_fresh, c_first, c_avg_first, c_last, c_avg_last; lia); try reflexivity; try assumption.
  do 3 eexists. split; [split; [split; [constructor; eassumption|exact (conj R1 (conj R2 (conj R3 R4)))]|split; [exact (proj1 Hs2)|]]|].
  + intros p c E. destruct (Hme p c E) as [[l El] _]. exact (sext_keeps_exact _ _ _ _ _ _ c l (proj2 Hs2) El (Hxm p c E)).
  + split; [exact (proj2 Hs2)|]. split; [apply upd_same|]. intros i Hi. rewrite upd_same. reflexivity.
Qed.

Lemma last_sok (st : cstate) V D isH : sinv st V D isH ->
  exists V' D' isH', sinv (last kk st) V' D' isH' /\ sext V D isH V' D' isH' /\ D' (c_last kk) = Some 1%nat /\
    (forall i, (i < n)%nat -> V' (c_last kk) i = B2R (Nat.eqb (S i) n)).
Proof.
intros [Hinv [Hs Hxm]]. unfold last. destruct (cs_last st) eqn:Ef.
- exists V, D, isH. split; [split; [exact Hinv|split; [exact Hs|exact Hxm]]|].
  destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hla. destruct Hla as [F1 F2].
  split; [apply sext_refl|split; assumption].
- destruct Hinv as [Hc [Hfr [Hfi [Hla Hme]]]]. rewrite Ef in Hla. destruct Hla as [F1 F2].
  set (h := SHead (c_avg_last kk) (c_alt kk) [] Past Average).
  set (u := SUnit (c_last kk) [SNeuron 1 [(c_avg_last kk, 2%Q)] (-1); SNeuron 1 [(c_avg_last kk, (-2)%Q)] (-1)] 0).
  assert (Hne : su_out u <> sh_out h) by (cbn; unfold c_last, c_avg_last; lia).
  assert (Hva : forall x, pe_agree n w kk var x -> forall i, (i < n)%nat -> head_out hard_w n (real_head h) x i = avg_last_val n i)
    by (intros x Hx i Hi; apply head_avg_last; [exact Hi|exact (agree_alt n w kk var x Hx)]).
  assert (Hvf : forall (y : nat -> R) i, (i < n)%nat -> y (sh_out h) = avg_last_val n i -> unit_val (real_unit u) y = B2R (Nat.eqb (S i) n))
    by (intros y i Hi Hy; apply unit_last, Hy; exact Hi).
  destruct (core_end n w kk var gap st V D isH h u (avg_last_val n) (fun i => B2R (Nat.eqb (S i) n)) Hc F2 F1 Hne) as [[H21 H22 H23 H24 H25 H26] X2]; [|exact Hvf|].
  { intros x Ha. split; [left; reflexivity|]. exact (Hva x (agree_pe n w kk var gap st V D isH 0 x Hc Ha)). }
  pose proof (soft_end st V D isH h u (avg_last_val n) (fun i => B2R (Nat.eqb (S i) n)) Hs F2 F1 Hne ltac:(cbn; unfold c_fresh, c_avg_first, c_avg_last; lia)
                eq_refl eq_refl (fun x Ha => Hva x (sagree_pe st V D isH 0 x Hc Ha)) Hvf) as Hs2.
  destruct (end_rest n w kk st (set_last (add_unit 0 u (add_head 0 h st))) V D (c_avg_last kk) (c_last kk) (c_first kk) (c_avg_first kk) (avg_last_val n) (fun i => B2R (Nat.eqb (S i) n)) (fun i => B2R (Nat.eqb i 0)) (cs_first st) Hfr F2 F1)
    as [R1 [R2 [R3 R4]]]; try (unfold c_fresh, c_first, c_avg_first, c_last, c_avg_last; lia); try reflexivity; try assumption.
  do 3 eexists. split; [split; [split; [constructor; eassumption|exact (conj R1 (conj R3 (conj R2 R4)))]|split; [exact (proj1 Hs2)|]]|].
  + intros p c E. destruct (Hme p c E) as [[l El] _]. exact (sext_keeps_exact _ _ _ _ _ _ c l (proj2 Hs2) El (Hxm p c E)).
  + split; [exact (proj2 Hs2)|]. split; [apply upd_same|]. intros i Hi. rewrite upd_same. reflexivity.
Qed.

(** What a compiler step from (V, D, isH) gives: an extension, for st', in which c holds f and is
    read exactly by the soft run. *)
Definition swritten (st' : cstate) V D isH (c : nat) (f : nat -> bool) : Prop :=
  exists V' D' isH', sinv st' V' D' isH' /\ sext V D isH V' D' isH' /\ (exists l, D' c = Some l) /\ xct isH' c = true /\
    forall i, (i < n)%nat -> V' c i = B2R (f i).

Lemma swritten_eq (st' : cstate) V D isH (c : nat) (f g : nat -> bool) :
  (forall i, (i < n)%nat -> f i = g i) -> swritten st' V D isH c f -> swritten st' V D isH c g.
Proof.
intros Hfg [V' [D' [isH' [H1 [H2 [H3 [H5 H4]]]]]]]. exists V', D', isH'. do 4 (split; [assumption|]). intros i Hi. rewrite <- Hfg by exact Hi. apply H4, Hi.
Qed.

Lemma swritten_remember (st' : cstate) V D isH (p : ltl) (c : nat) :
  swritten st' V D isH c (sat n w p) -> swritten (remember p c st') V D isH c (sat n w p).
Proof.
intros [V' [D' [isH' [H1 [H2 [H3 [H5 H4]]]]]]]. exists V', D', isH'. split; [apply sinv_remember; assumption|split; [exact H2|split; [exact H3|split; assumption]]].
Qed.

(** A node over two sub-formulas (and, or, S, U): compile p, then q, then the step k on their
    coordinates a, b; if k writes r from any such a, b, the node writes r. *)
Lemma snode_two (p q r : ltl) (k : nat -> nat -> cstate -> nat * cstate) st V D isH (c : nat) (st' : cstate) :
  (forall st V D isH c st', sinv st V D isH -> node kk var cq p st = (c, st') -> swritten st' V D isH c (sat n w p)) ->
  (forall st V D isH c st', sinv st V D isH -> node kk var cq q st = (c, st') -> swritten st' V D isH c (sat n w q)) ->
  sinv st V D isH ->
  (forall st2 V1 D1 isH1 V2 D2 isH2 a b c st', sinv st2 V2 D2 isH2 -> sext V D isH V1 D1 isH1 -> (exists la, D1 a = Some la) ->
     xct isH1 a = true -> (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) -> sext V1 D1 isH1 V2 D2 isH2 ->
     (exists lb, D2 b = Some lb) -> xct isH2 b = true -> (forall i, (i < n)%nat -> V2 b i = B2R (sat n w q i)) ->
     k a b st2 = (c, st') -> swritten st' V D isH c (sat n w r)) ->
  (let '(c, st') := let '(a, st1) := node kk var cq p st in let '(b, st2) := node kk var cq q st1 in k a b st2 in
   (c, remember r c st')) = (c, st') -> swritten st' V D isH c (sat n w r).
Proof.
intros Hp Hq Hinv Hk E. destruct (node kk var cq p st) as [a st1] eqn:Ea.
destruct (Hp st V D isH a st1 Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [Da [Xa Va]]]]]]].
destruct (node kk var cq q st1) as [b st2] eqn:Eb. destruct (Hq st1 V1 D1 isH1 b st2 I1 Eb) as [V2 [D2 [isH2 [I2 [X2 [Db [Xb Vb]]]]]]].
destruct (k a b st2) as [c1 st3] eqn:E1. inversion E. subst c st'.
exact (swritten_remember _ _ _ _ _ _ (Hk _ _ _ _ _ _ _ _ _ _ _ I2 X1 Da Xa Va X2 Db Xb Vb E1)).
Qed.

(** and / or: a Boolean unit over the coordinates a, b of p, q holds op of their values. *)
Lemma snode_bin (st2 : cstate) V D isH V1 D1 isH1 V2 D2 isH2 (p q : ltl) (a b : nat) (hid : list sneuron)
  (op : bool -> bool -> bool) (c : nat) (st' : cstate) :
  sinv st2 V2 D2 isH2 -> sext V D isH V1 D1 isH1 -> (exists la, D1 a = Some la) -> xct isH1 a = true ->
  (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) -> sext V1 D1 isH1 V2 D2 isH2 -> (exists lb, D2 b = Some lb) ->
  xct isH2 b = true -> (forall i, (i < n)%nat -> V2 b i = B2R (sat n w q i)) ->
  (forall c0 (y : nat -> R) pb qb, y a = B2R pb -> y b = B2R qb -> (Nat.eqb a b = true -> pb = qb) ->
     unit_val (real_unit (SUnit c0 hid 0)) y = B2R (op pb qb)) ->
  unit_node kk [a; b] hid 0%Q st2 = (c, st') -> swritten st' V D isH c (fun i => op (sat n w p i) (sat n w q i)).
Proof.
intros I2 X1 [la Da] Xa Va X2 [lb Db] Xb Vb Hu E1.
destruct (proj1 X2 a la Da) as [Da2 Va2]. pose proof (sext_keeps_exact _ _ _ _ _ _ a la X2 Da Xa) as Xa2.
destruct (unit_node_sok st2 V2 D2 isH2 [a; b] _ _ (fun i => B2R (op (sat n w p i) (sat n w q i))) c st' I2 E1)
  as [V' [D' [isH' [H1 [H2 [H3 [H5 H4]]]]]]].
{ intros y Ha i Hi. apply Hu.
  - rewrite (sread st2 V2 D2 isH2 (fold_right Nat.max 0%nat (map (lev st2) [a; b])) a y i I2 Hi (ex_intro _ la Da2) Xa2);
      [rewrite Va2; apply Va, Hi|apply lev_max; left; reflexivity|exact Ha].
  - rewrite (sread st2 V2 D2 isH2 (fold_right Nat.max 0%nat (map (lev st2) [a; b])) b y i I2 Hi (ex_intro _ lb Db) Xb);
      [apply Vb, Hi|apply lev_max; right; left; reflexivity|exact Ha].
  - intros Eab. apply Nat.eqb_eq in Eab. subst b. apply B2R_inj. rewrite <- Va, <- Vb, Va2 by exact Hi. reflexivity. }
exists V', D', isH'. split; [exact H1|split; [exact (sext_trans _ _ _ _ _ _ _ _ _ (sext_trans _ _ _ _ _ _ _ _ _ X1 X2) H2)|split; [exact H3|split; assumption]]].
Qed.

(** Y / X: the selection head reads p's coordinate a at position nb i (within e under W), gated by
    the fixed coordinate g that the step stg (first / last) writes with value q. *)
Lemma snode_sel (st1 : cstate) V D isH V1 D1 isH1 (p : ltl) (a g : nat) (m : mask) (s : Q) (nb : nat -> nat) (q : nat -> bool)
  (stg : cstate -> cstate) (c : nat) (st' : cstate) :
  sinv st1 V1 D1 isH1 -> sext V D isH V1 D1 isH1 -> (exists la, D1 a = Some la) -> xct isH1 a = true ->
  (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) -> (g < c_fresh kk 1)%nat ->
  (forall st V D isH, sinv st V D isH -> exists V' D' isH', sinv (stg st) V' D' isH' /\ sext V D isH V' D' isH' /\
     D' g = Some 1%nat /\ forall i, (i < n)%nat -> V' g i = B2R (q i)) ->
  (forall att x, pe_agree n w kk var x -> tieless n gap (real_head (vhead kk var cq att a m s)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vhead kk var cq att a m s)) x i = x (nb i) a) ->
  (forall att x, pe_agree n w kk var x -> (forall j, (j < n)%nat -> 0 <= x j a <= 1) ->
     forall i, (i < n)%nat -> Rabs (head_out W n (real_head (vhead kk var cq att a m s)) x i - x (nb i) a) <= e) ->
  (forall i, (i < n)%nat -> (nb i < n)%nat) -> select kk var cq a g m s (stg st1) = (c, st') ->
  swritten st' V D isH c (fun i => sat n w p (nb i) && negb (q i)).
Proof.
intros I1 X1 [la Da] Xa Va Hg0 Hg Hh Hs Hnb E1.
destruct (Hg st1 V1 D1 isH1 I1) as [V2 [D2 [isH2 [I2 [X2 [Df Vf]]]]]].
destruct (proj1 X2 a la Da) as [Da2 Va2]. pose proof (sext_keeps_exact _ _ _ _ _ _ a la X2 Da Xa) as Xa2.
assert (Xf : xct isH2 g = true) by (apply orb_true_iff; right; apply Nat.ltb_lt, Hg0).
destruct (select_sok (stg st1) V2 D2 isH2 a g m s (fun i => sat n w p (nb i)) q (fun i => V2 a (nb i)) c st' I2 E1
            (ex_intro _ 1%nat Df) Xf Vf) as [V' [D' [isH' [H1 [H2 [H3 [H5 H4]]]]]]].
{ intros x Ha. destruct (Hh (c_fresh kk (S (cs_cnt (stg st1)))) x (agree_pe _ _ _ _ _ _ _ _ _ _ x (proj1 (proj1 I2)) Ha)) as [T O].
  split; [right; exact T|]. intros i Hi. rewrite O by exact Hi.
  apply (agree_read n w kk var gap (stg st1) V2 D2 isH2 (Nat.max (lev (stg st1) a) (lev (stg st1) g)) a x (nb i)
           (proj1 (proj1 I2)) (Hnb i Hi) (ex_intro _ la Da2)); [lia|exact Ha]. }
{ intros x Ha i Hi. cbv beta.
  assert (Hxa : forall j, (j < n)%nat -> x j a = V2 a j)
    by (intros j Hj; apply (sread (stg st1) V2 D2 isH2 (Nat.max (lev (stg st1) a) (lev (stg st1) g)) a x j I2 Hj
                              (ex_intro _ la Da2) Xa2); [lia|exact Ha]).
  rewrite <- (Hxa (nb i)) by (apply Hnb, Hi).
  apply (Hs _ x (sagree_pe _ _ _ _ _ x (proj1 (proj1 I2)) Ha)); [|exact Hi].
  intros j Hj. rewrite (Hxa j Hj), Va2, Va by exact Hj. apply B2R_le1. }
{ intros i Hi. rewrite Va2. apply Va, Hnb, Hi. }
exists V', D', isH'. split; [exact H1|split; [exact (sext_trans _ _ _ _ _ _ _ _ _ (sext_trans _ _ _ _ _ _ _ _ _ X1 X2) H2)|split; [exact H3|split; assumption]]].
Qed.

(** S / U: the stop node !p | q, then the head reading q's coordinate b at the stop top i (within e
    under W). *)
Lemma snode_su (st2 : cstate) V D isH V1 D1 isH1 V2 D2 isH2 (p q : ltl) (a b : nat) (m : mask) (sign : Q)
  (top : nat -> nat) (s c : nat) (st3 st' : cstate) :
  sinv st2 V2 D2 isH2 -> sext V D isH V1 D1 isH1 -> (exists la, D1 a = Some la) -> xct isH1 a = true ->
  (forall i, (i < n)%nat -> V1 a i = B2R (sat n w p i)) -> sext V1 D1 isH1 V2 D2 isH2 -> (exists lb, D2 b = Some lb) ->
  xct isH2 b = true -> (forall i, (i < n)%nat -> V2 b i = B2R (sat n w q i)) ->
  (forall att s x, pe_agree n w kk var x -> (forall j, (j < n)%nat -> x j s = B2R (negb (sat n w p j) || sat n w q j)) ->
     tieless n gap (real_head (vsu_head kk var cq att b s m sign)) x /\
     forall i, (i < n)%nat -> head_out hard_w n (real_head (vsu_head kk var cq att b s m sign)) x i = x (top i) b) ->
  (forall att s x, pe_agree n w kk var x -> (forall j, (j < n)%nat -> x j s = B2R (negb (sat n w p j) || sat n w q j)) ->
     (forall j, (j < n)%nat -> 0 <= x j b <= 1) ->
     forall i, (i < n)%nat -> Rabs (head_out W n (real_head (vsu_head kk var cq att b s m sign)) x i - x (top i) b) <= e) ->
  (forall i, (i < n)%nat -> (top i < n)%nat) ->
  stop_node kk p q a b st2 = (s, st3) -> select_su kk var cq s b m sign st3 = (c, st') ->
  swritten st' V D isH c (fun i => sat n w q (top i)).
Proof.
intros I2 X1 [la Da] Xa Va X2 [lb Db] Xb Vb Hh Hs Htop Es E1.
destruct (proj1 X2 a la Da) as [Da2 Va2]. pose proof (sext_keeps_exact _ _ _ _ _ _ a la X2 Da Xa) as Xa2.
destruct (stop_node_sok st2 V2 D2 isH2 p q a b s st3 I2 (ex_intro _ la Da2) Xa2 (fun i Hi => eq_trans (Va2 i) (Va i Hi))
            (ex_intro _ lb Db) Xb Vb Es) as [V3 [D3 [isH3 [I3 [X3 [[ls Ds] [Xs Vs]]]]]]].
destruct (proj1 X3 b lb Db) as [Db3 Vb3]. pose proof (sext_keeps_exact _ _ _ _ _ _ b lb X3 Db Xb) as Xb3.
destruct (select_su_sok st3 V3 D3 isH3 s b m sign (fun i => V3 b (top i)) (fun i => sat n w q (top i)) c st' I3 E1)
  as [V' [D' [isH' [H1 [H2 [H3 [H5 H4]]]]]]].
{ intros x Ha.
  assert (Hx : forall j, (j < n)%nat -> x j s = B2R (negb (sat n w p j) || sat n w q j)).
  { intros j Hj. rewrite (agree_read n w kk var gap st3 V3 D3 isH3 (Nat.max (lev st3 s) (lev st3 b)) s x j (proj1 (proj1 I3)) Hj
                            (ex_intro _ ls Ds)); [apply Vs, Hj|lia|exact Ha]. }
  destruct (Hh (c_fresh kk (S (cs_cnt st3))) s x (agree_pe _ _ _ _ _ _ _ _ _ _ x (proj1 (proj1 I3)) Ha) Hx) as [T O].
  split; [right; exact T|]. intros i Hi. rewrite O by exact Hi.
  apply (agree_read n w kk var gap st3 V3 D3 isH3 (Nat.max (lev st3 s) (lev st3 b)) b x (top i) (proj1 (proj1 I3)) (Htop i Hi)
           (ex_intro _ lb Db3)); [lia|exact Ha]. }
{ intros x Ha i Hi. cbv beta.
  assert (Hx : forall j, (j < n)%nat -> x j s = B2R (negb (sat n w p j) || sat n w q j)).
  { intros j Hj. rewrite (sread st3 V3 D3 isH3 (Nat.max (lev st3 s) (lev st3 b)) s x j I3 Hj (ex_intro _ ls Ds) Xs);
      [apply Vs, Hj|lia|exact Ha]. }
  assert (Hxb : forall j, (j < n)%nat -> x j b = V3 b j)
    by (intros j Hj; apply (sread st3 V3 D3 isH3 (Nat.max (lev st3 s) (lev st3 b)) b x j I3 Hj (ex_intro _ lb Db3) Xb3); [lia|exact Ha]).
  rewrite <- (Hxb (top i)) by (apply Htop, Hi).
  apply (Hs _ s x (sagree_pe _ _ _ _ _ x (proj1 (proj1 I3)) Ha) Hx); [|exact Hi].
  intros j Hj. rewrite (Hxb j Hj), Vb3, Vb by exact Hj. apply B2R_le1. }
{ intros i Hi. rewrite Vb3. apply Vb, Htop, Hi. }
exists V', D', isH'. split; [exact H1|split; [|split; [exact H3|split; assumption]]]. exact (sext_trans _ _ _ _ _ _ _ _ _ (sext_trans _ _ _ _ _ _ _ _ _ (sext_trans _ _ _ _ _ _ _ _ _ X1 X2) X3) H2).
Qed.

(** Every sub-formula's coordinate holds its truth value, and the layers so far are soft. *)
Lemma node_sok (p : ltl) : forall (st : cstate) V D isH (c : nat) (st' : cstate),
  letters_below kk p = true -> fut || past p = true -> sinv st V D isH -> node kk var cq p st = (c, st') ->
  exists V' D' isH', sinv st' V' D' isH' /\ sext V D isH V' D' isH' /\ (exists l, D' c = Some l) /\ xct isH' c = true /\
    forall i, (i < n)%nat -> V' c i = B2R (sat n w p i).
Proof.
induction p as [a|b|p IH|p IHp q IHq|p IHp q IHq|p IH|p IH|p IHp q IHq|p IHp q IHq]; intros st V D isH c st' Hlet Hpast Hinv E;
  cbn [node] in E; destruct (lookup ltl_eqb _ (cs_memo st)) as [c0|] eqn:Em;
  try (inversion E; subst c0 st'; exists V, D, isH; split; [exact Hinv|split; [apply sext_refl|]];
       destruct Hinv as [[_ [_ [_ [_ Hme]]]] [_ Hxm]]; destruct (Hme _ c Em) as [Hd Hv]; exact (conj Hd (conj (Hxm _ c Em) Hv))).
- (* a letter *)
  inversion E. subst c st'. simpl in Hlet. apply Nat.ltb_lt in Hlet.
  pose proof (co_inputs _ _ _ _ _ _ _ _ _ (proj1 (proj1 Hinv)) a ltac:(lia)) as Ea.
  assert (Hv : forall i, (i < n)%nat -> V a i = B2R (sat n w (LAtom a) i)).
  { intros i Hi. rewrite <- (co_in_val _ _ _ _ _ _ _ _ _ (proj1 (proj1 Hinv)) a i Ea Hi). apply x0_letter, Hlet. }
  assert (Xa : xct isH a = true) by (apply orb_true_iff; right; apply Nat.ltb_lt; unfold c_fresh; lia).
  exists V, D, isH. split; [apply sinv_remember; [exact Hinv|exists 0%nat; exact Ea|exact Xa|exact Hv]|].
  split; [apply sext_refl|split; [exists 0%nat; exact Ea|split; [exact Xa|exact Hv]]].
- (* a constant *)
  destruct (unit_node kk [] [] (if b then 1%Q else 0%Q) st) as [c1 st1] eqn:E1. inversion E. subst c st'.
  destruct (unit_node_sok st V D isH [] [] _ (fun _ => B2R b) c1 st1 Hinv E1) as [V' [D' [isH' [H1 [H2 [H3 [H5 H4]]]]]]].
  { intros y _ i _. apply unit_const. }
  exists V', D', isH'. split; [apply sinv_remember; [exact H1|exact H3|exact H5|intros i Hi; rewrite H4 by exact Hi; reflexivity]|].
  split; [exact H2|split; [exact H3|split; [exact H5|intros i Hi; rewrite H4 by exact Hi; reflexivity]]].
- (* not *)
  destruct (node kk var cq p st) as [a st1] eqn:Ea.
  destruct (IH st V D isH a st1 Hlet Hpast Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [[la Da] [Xa Va]]]]]]].
  destruct (unit_node kk [a] _ 0%Q st1) as [c1 st2] eqn:E1. inversion E. subst c st'.
  destruct (unit_node_sok st1 V1 D1 isH1 [a] _ _ (fun i => B2R (negb (sat n w p i))) c1 st2 I1 E1) as [V' [D' [isH' [H1 [H2 [H3 [H5 H4]]]]]]].
  { intros y Ha i Hi. apply unit_not. rewrite (sread st1 V1 D1 isH1 (fold_right Nat.max 0%nat (map (lev st1) [a])) a y i I1 Hi (ex_intro _ la Da) Xa); [apply Va, Hi|apply lev_max; left; reflexivity|exact Ha]. }
  exists V', D', isH'. split; [apply sinv_remember; [exact H1|exact H3|exact H5|exact H4]|].
  split; [exact (sext_trans _ _ _ _ _ _ _ _ _ X1 H2)|split; [exact H3|split; [exact H5|exact H4]]].
- (* and *)
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (snode_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 (orb_and_l _ _ _ Hpast))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 (orb_and_r _ _ _ Hpast)) Hinv _ E).
  intros st2 V1 D1 isH1 V2 D2 isH2 a b c1 st3 I2 X1 Da Xa Va X2 Db Xb Vb E1.
  exact (snode_bin st2 V D isH V1 D1 isH1 V2 D2 isH2 p q a b _ andb c1 st3 I2 X1 Da Xa Va X2 Db Xb Vb
           (fun c0 y pb qb => unit_and c0 a b pb qb y) E1).
- (* or *)
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (snode_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 (orb_and_l _ _ _ Hpast))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 (orb_and_r _ _ _ Hpast)) Hinv _ E).
  intros st2 V1 D1 isH1 V2 D2 isH2 a b c1 st3 I2 X1 Da Xa Va X2 Db Xb Vb E1.
  exact (snode_bin st2 V D isH V1 D1 isH1 V2 D2 isH2 p q a b _ orb c1 st3 I2 X1 Da Xa Va X2 Db Xb Vb
           (fun c0 y pb qb => unit_or c0 a b pb qb y) E1).
- (* Y *)
  destruct (node kk var cq p st) as [a st1] eqn:Ea.
  destruct (IH st V D isH a st1 Hlet Hpast Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [Da [Xa Va]]]]]]].
  destruct (select kk var cq a (c_first kk) Future 1 (first kk st1)) as [c1 st3] eqn:E1. inversion E. subst c st'.
  apply swritten_remember, (swritten_eq _ _ _ _ _ _ _ (sat_Y n w p)).
  exact (snode_sel st1 V D isH V1 D1 isH1 p a (c_first kk) Future 1 (fun i => i - 1)%nat (fun i => Nat.eqb i 0) (first kk) c1 st3
           I1 X1 Da Xa Va ltac:(unfold c_first, c_fresh; lia) first_sok (fun att => HY att a) (fun att => SY att a)
           (fun i Hi => Nat.le_lt_trans _ _ _ (Nat.le_sub_l i 1) Hi) E1).
- (* X *)
  assert (Hf : fut = true) by (destruct fut; [reflexivity|discriminate Hpast]).
  destruct (node kk var cq p st) as [a st1] eqn:Ea.
  destruct (IH st V D isH a st1 Hlet ltac:(rewrite Hf; reflexivity) Hinv Ea) as [V1 [D1 [isH1 [I1 [X1 [Da [Xa Va]]]]]]].
  destruct (select kk var cq a (c_last kk) Past (-1) (last kk st1)) as [c1 st3] eqn:E1. inversion E. subst c st'.
  apply swritten_remember, (swritten_eq _ _ _ _ _ _ _ (sat_X n w p)).
  exact (snode_sel st1 V D isH V1 D1 isH1 p a (c_last kk) Past (-1) (x_next n) (fun i => Nat.eqb (S i) n) (last kk) c1 st3
           I1 X1 Da Xa Va ltac:(unfold c_last, c_fresh; lia) last_sok (fun att => HX Hf att a) (fun att => SX Hf att a) (x_next_lt n) E1).
- (* S *)
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (snode_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 (orb_and_l _ _ _ Hpast))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 (orb_and_r _ _ _ Hpast)) Hinv _ E).
  intros st2 V1 D1 isH1 V2 D2 isH2 a b c1 st4 I2 X1 Da Xa Va X2 Db Xb Vb E1. destruct (stop_node kk p q a b st2) as [s st3] eqn:Es.
  apply (swritten_eq _ _ _ _ _ _ _ (fun i _ => eq_sym (since_top _ _ i))).
  exact (snode_su st2 V D isH V1 D1 isH1 V2 D2 isH2 p q a b Future 1 _ s c1 st3 st4 I2 X1 Da Xa Va X2 Db Xb Vb
           (fun att s x => HS att b s x _) (fun att s x => SS att b s x _) (fun i Hi => Nat.le_lt_trans _ _ _ (topS_le _ i) Hi) Es E1).
- (* U *)
  assert (Hf : fut = true) by (destruct fut; [reflexivity|discriminate Hpast]).
  simpl in Hlet. apply andb_true_iff in Hlet. destruct Hlet as [Hl1 Hl2].
  refine (snode_two p q _ _ st V D isH c st' (fun st V D isH c st' => IHp st V D isH c st' Hl1 ltac:(rewrite Hf; reflexivity))
            (fun st V D isH c st' => IHq st V D isH c st' Hl2 ltac:(rewrite Hf; reflexivity)) Hinv _ E).
  intros st2 V1 D1 isH1 V2 D2 isH2 a b c1 st4 I2 X1 Da Xa Va X2 Db Xb Vb E1. destruct (stop_node kk p q a b st2) as [s st3] eqn:Es.
  apply (swritten_eq _ _ _ _ _ _ _ (fun i Hi => eq_sym (until_top _ _ (n - i) i ltac:(lia)))).
  exact (snode_su st2 V D isH V1 D1 isH1 V2 D2 isH2 p q a b Past (-1) _ s c1 st3 st4 I2 X1 Da Xa Va X2 Db Xb Vb
           (fun att s x => HU Hf att b s x _) (fun att s x => SU Hf att b s x _) (fun i Hi => proj2 (topU_lt _ n i Hi)) Es E1).
Qed.

End SoftInvariant.
