(** * Seed 003 ("navon.layer-degree"): degree upper bound for polynomial layers.

    A layer is y(X) = X * prod_{k=1}^{d-1} (W_k * X^T), where X is an n x n matrix
    whose entries are multivariate polynomials and the W_k are constant n x n matrices.

    Proved here (for all n, d, L, every number of variables and every ring R):
    - [layer_degree]: if every entry of X has total degree <= D, every entry of
      y(X) has total degree <= d * D  (d - 1 = number of weight matrices);
    - [layer_degree_stack]: a stack of L layers, each with d - 1 weight matrices,
      applied to a matrix whose entries have degree <= 1 (e.g. the matrix of
      variables, [layer_degree_stack_vars]) has entries of degree <= d ^ L.

    Only the upper bound is proved.  That the bound is attained (equality for
    generic weights) is NOT proved here; it remains an instance check.

    Polynomials: [{mpoly R[m]}] (mathcomp-multinomials) over an arbitrary ring R,
    in m variables.  [msize p] is 0 for p = 0 and 1 + (total degree of p)
    otherwise, so "total degree of p <= D" is [msize p <= D.+1]
    (the zero polynomial satisfies every bound). *)
Set Warnings "-notation-overridden,-ambiguous-paths,-notation-incompatible-format".
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice.
From mathcomp Require Import fintype bigop order ssralg matrix.
From Quarks Require Import QuarksMpoly.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GRing.Theory.
Local Open Scope ring_scope.

Section LayerDegree.
Variable R : ringType.
Variable m : nat.  (* number of variables *)

Local Notation poly := {mpoly R[m]}.

(** ** Total-degree bounds for polynomials *)

(** [deg_le D p]: total degree of p is <= D (vacuously true for p = 0). *)
Definition deg_le (D : nat) (p : poly) := (msize p <= D.+1)%N.

Lemma deg_le_mono D D' p : (D <= D')%N -> deg_le D p -> deg_le D' p.
Proof. by move=> le hp; apply: leq_trans hp _; rewrite ltnS. Qed.

(** 0 has every degree bound. *)
Lemma deg_le0 D : deg_le D 0.
Proof. by rewrite /deg_le msize0. Qed.

(** Constants c%:MP have degree <= 0. *)
Lemma deg_leC D (c : R) : deg_le D c%:MP.
Proof. by rewrite /deg_le msizeC; case: (c != 0). Qed.

(** deg (p + q) <= max (deg p) (deg q). *)
Lemma deg_leD D p q : deg_le D p -> deg_le D q -> deg_le D (p + q).
Proof.
by rewrite /deg_le => hp hq; apply: leq_trans (msizeD_le _ _) _; rewrite geq_max hp hq.
Qed.

(** Sums of polynomials of degree <= D have degree <= D. *)
Lemma deg_le_sum D (I : Type) (r : seq I) (P : pred I) (F : I -> poly) :
  (forall i, P i -> deg_le D (F i)) -> deg_le D (\sum_(i <- r | P i) F i).
Proof.
by move=> hF; apply: (big_ind (deg_le D)) => //; [apply: deg_le0 | apply: deg_leD].
Qed.

(** deg (p * q) <= deg p + deg q. *)
Lemma deg_leM a b p q : deg_le a p -> deg_le b q -> deg_le (a + b) (p * q).
Proof.
rewrite /deg_le => hp hq.
have [->|nz_p] := eqVneq p 0; first by rewrite mul0r msize0.
have [->|nz_q] := eqVneq q 0; first by rewrite mulr0 msize0.
have [->|nz_pq] := eqVneq (p * q) 0; first by rewrite msize0.
move: hp hq; rewrite -!mlead_deg // !ltnS => hp hq.
apply: leq_trans (lemc_mdeg (mleadM_le p q)) _.
by rewrite mdegD leq_add.
Qed.

(** ** Degree bounds for polynomial matrices *)

(** [mxdeg_le D A]: every entry of A has total degree <= D. *)
Definition mxdeg_le (D : nat) {r c : nat} (A : 'M[poly]_(r, c)) :=
  forall i j, deg_le D (A i j).

Lemma mxdeg_le_mono D D' r c (A : 'M[poly]_(r, c)) :
  (D <= D')%N -> mxdeg_le D A -> mxdeg_le D' A.
Proof. by move=> le hA i j; apply: deg_le_mono le (hA i j). Qed.

(** Transposition does not change the entries. *)
Lemma mxdeg_le_tr D r c (A : 'M[poly]_(r, c)) : mxdeg_le D A -> mxdeg_le D A^T.
Proof. by move=> hA i j; rewrite mxE. Qed.

(** Entries of A *m B are sums of products A i k * B k j:
    deg (A *m B) <= deg A + deg B entrywise. *)
Lemma mulmx_deg a b r k c (A : 'M[poly]_(r, k)) (B : 'M[poly]_(k, c)) :
  mxdeg_le a A -> mxdeg_le b B -> mxdeg_le (a + b) (A *m B).
Proof.
move=> hA hB i j; rewrite mxE; apply: deg_le_sum => l _.
exact: deg_leM.
Qed.

(** A matrix of constants (an R-matrix lifted entrywise by c |-> c%:MP)
    has entries of degree <= 0. *)
Lemma const_mx_deg r c (W : 'M[R]_(r, c)) : mxdeg_le 0 (map_mx (fun x => x%:MP) W).
Proof. by move=> i j; rewrite mxE; apply: deg_leC. Qed.

(** ** One layer *)

Variable n : nat.

(** [layer Ws X] = X * (W_1 X^T) * (W_2 X^T) * ... * (W_{d-1} X^T),
    with Ws = [:: W_1; ...; W_{d-1}] (so d = (size Ws).+1). *)
Definition layer (Ws : seq 'M[poly]_n) (X : 'M[poly]_n) : 'M[poly]_n :=
  foldl (fun Y W => Y *m (W *m X^T)) X Ws.

Lemma layer_degree_gen (Ws : seq 'M[poly]_n) (X Y : 'M[poly]_n) D k :
  mxdeg_le D X -> (forall W, W \in Ws -> mxdeg_le 0 W) ->
  mxdeg_le (k * D) Y ->
  mxdeg_le ((size Ws + k) * D) (foldl (fun Y W => Y *m (W *m X^T)) Y Ws).
Proof.
move=> hX; elim: Ws Y k => [|W Ws IH] Y k hWs hY /=; first by rewrite add0n.
rewrite addSnnS; apply: IH => [V hV|]; first by apply: hWs; rewrite inE hV orbT.
have -> : (k.+1 * D = k * D + (0 + D))%N by rewrite mulSn addnC.
apply: mulmx_deg hY (mulmx_deg _ (mxdeg_le_tr hX)).
by apply: hWs; rewrite inE eqxx.
Qed.

(** Main theorem (one layer): if deg X_ij <= D for all i, j and the W_k are
    constant (entries of degree <= 0), then every entry of
    y(X) = X * prod_{k=1}^{d-1} (W_k X^T) has degree <= d * D, d = (size Ws).+1. *)
Theorem layer_degree (Ws : seq 'M[poly]_n) (X : 'M[poly]_n) (D : nat) :
  mxdeg_le D X -> (forall W, W \in Ws -> mxdeg_le 0 W) ->
  mxdeg_le ((size Ws).+1 * D) (layer Ws X).
Proof.
move=> hX hWs; rewrite -addn1; apply: layer_degree_gen => //.
by rewrite mul1n.
Qed.

(** Same statement with the weights given as matrices over R. *)
Corollary layer_degree_const (Ws : seq 'M[R]_n) (X : 'M[poly]_n) (D : nat) :
  mxdeg_le D X ->
  mxdeg_le ((size Ws).+1 * D) (layer (map (map_mx (fun x => x%:MP)) Ws) X).
Proof.
move=> hX; rewrite -(size_map (map_mx (fun x : R => x%:MP : poly))).
apply: layer_degree => // W /mapP [V _ ->]; exact: const_mx_deg.
Qed.

(** ** A stack of layers *)

(** [stack Wss X] applies the layers given by Wss = [:: Ws_1; ...; Ws_L] in order:
    layer Ws_L (... (layer Ws_1 X)). *)
Definition stack (Wss : seq (seq 'M[poly]_n)) (X : 'M[poly]_n) : 'M[poly]_n :=
  foldl (fun Y Ws => layer Ws Y) X Wss.

(** General form: input degree <= D, each layer with d - 1 constant weights
    gives output degree <= D * d ^ L, L = number of layers. *)
Lemma layer_degree_stack_gen (Wss : seq (seq 'M[poly]_n)) (X : 'M[poly]_n) (d D : nat) :
  (forall Ws, Ws \in Wss -> (size Ws).+1 = d /\ forall W, W \in Ws -> mxdeg_le 0 W) ->
  mxdeg_le D X -> mxdeg_le (D * d ^ size Wss) (stack Wss X).
Proof.
rewrite /stack; elim: Wss X D => [|Ws Wss IH] X D hWss hX /=.
  by rewrite expn0 muln1.
have [hs hWs] := hWss Ws (mem_head _ _).
rewrite expnS mulnA; apply: IH => [Vs hVs|].
  by apply: hWss; rewrite inE hVs orbT.
by rewrite mulnC -hs; apply: layer_degree.
Qed.

(** Main theorem (stack): L = size Wss layers, each with d - 1 constant weight
    matrices, applied to a matrix X whose entries have degree <= 1:
    every entry of the output has total degree <= d ^ L. *)
Theorem layer_degree_stack (Wss : seq (seq 'M[poly]_n)) (X : 'M[poly]_n) (d : nat) :
  (forall Ws, Ws \in Wss -> (size Ws).+1 = d /\ forall W, W \in Ws -> mxdeg_le 0 W) ->
  mxdeg_le 1 X -> mxdeg_le (d ^ size Wss) (stack Wss X).
Proof. by move=> hWss hX; rewrite -[d ^ _]mul1n; apply: layer_degree_stack_gen. Qed.

End LayerDegree.

(** ** The input is the matrix of variables *)

Section Variables.
Variables (R : ringType) (n : nat).

(** The n x n matrix of the n*n variables: entry (i, j) is the variable
    x_{mxvec_index i j} of {mpoly R[n * n]}. *)
Definition var_mx : 'M[{mpoly R[n * n]}]_n := \matrix_(i, j) 'X_(mxvec_index i j).

Lemma var_mx_deg : mxdeg_le 1 var_mx.
Proof. by move=> i j; rewrite mxE /deg_le msizeX mdeg1. Qed.

(** A stack of L layers (each with d - 1 constant weights, given over R)
    applied to the matrix of variables has entries of degree <= d ^ L. *)
Corollary layer_degree_stack_vars (Wss : seq (seq 'M[R]_n)) (d : nat) :
  (forall Ws, Ws \in Wss -> (size Ws).+1 = d) ->
  mxdeg_le (d ^ size Wss)
    (stack (map (map (map_mx (fun x => x%:MP))) Wss) var_mx).
Proof.
move=> hWss; rewrite -(size_map (map (map_mx (fun x : R => x%:MP : {mpoly R[n * n]})))).
apply: layer_degree_stack var_mx_deg => Vs /mapP [Ws hWs ->]; split.
  by rewrite size_map hWss.
by move=> W /mapP [V _ ->]; apply: const_mx_deg.
Qed.

End Variables.
