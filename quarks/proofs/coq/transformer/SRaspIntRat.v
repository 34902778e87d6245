(** * Seed 004, Appendix E: the compiler of [SRaspIntBool] with rational coefficients, so that the
    engine's S-RASP networks are compared with [brasp_net] by one [vm_compute].

    [brasp_net k p] has real coefficients ([IZR z], [tie dr], [IZR (tsgn dr) / 2]).  Here
    [sbcompile k c p] writes [bcompile k c p] as LTLSyntax.v's [snet] (rational coefficients),
    operation by operation, and [sbrasp_net k p] the whole network [none_layer k :: bcompile k (k + 8)
    p].  [SRasp.v]'s [SLin] and [SRelu] carry real weights and have no rational twin; every other
    operation of [bop] has one ([bop_rat]: the fragment without them; [XLinZ]'s weights are integers).
    - [sbcompile_real]: for every k, c and program p of that fragment, read over R by [real_net],
      [sbcompile k c p] is [bcompile k c p];
    - [sbrasp_net_real]: in matrix form it is [brasp_net k p];
    - [dyck_prog_rat], [sdyck_brasp_real]: Appendix E's [dyck_prog k] (DyckSRasp.v) is in the fragment
      for every k, so [copy_net (real_net (sbrasp_net (k + k) (dyck_prog k)))] is the network of
      DyckSRaspThm.v's [dyck_srasp_correct].
    With LTLSyntax.v's [same_net_real], one [vm_compute] of [same_net] between the engine's network
    and [sbrasp_net (k + k) (dyck_prog k)] proves that the engine's network is [brasp_net]
    (quarks.proofs.yang.coq_programs.srasp_comparison). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Bool List ZArith QArith Qreals FunctionalExtensionality.
From Quarks Require Import TransformerModel MatrixCopy SRasp SRaspCompile SRaspInt SRaspIntCompile SRaspIntBool.
From Quarks Require Import DyckSRasp LTLSyntax EngineNets.
Import ListNotations.

(** ** The compiler with rational coefficients *)

Local Open Scope Q_scope.

Definition qtie (dr : dir) : Q := match dr with LeftMost => -1 # 2 | RightMost => 1 # 2 end.

Definition qlin (w : list (nat * Z)) : list (nat * Q) := map (fun p => (fst p, snd p # 1)) w.

Definition sclayer (k c : nat) (o : sop) : slayer :=
  match o with
  | SLin _ _ | SRelu _ _ => SLayer [] []
  | SNot a => SLayer [] [SUnit c [SNeuron (-1) [(a, 1)] 0] 1]
  | SAnd a b => SLayer [] [SUnit c [SNeuron 1 [(a, 1); (b, 1)] (-1)] 0]
  | SOr a b => SLayer [] [SUnit c [SNeuron 1 [(a, 1); (b, 1)] 0; SNeuron (-1) [(a, 1); (b, 1)] (-1)] 0]
  | SIf g a b => SLayer [] [SUnit c [SNeuron 1 [(a, 1); (g, 1)] (-1); SNeuron 1 [(b, 1); (g, -1)] 0] 0]
  | SAvg m a => SLayer [SHead c a [] m Average] []
  | SSel m dr q kk v => SLayer [SHead c v [(q, kk, 1); (k, S k, qtie dr)] m Average] []
  | SSelM m dr ps v => SLayer [SHead c v (map (fun p => (p, 1)) ps ++ [(k, S k, qtie dr)]) m Average] []
  end.

Definition sxlayer (k c : nat) (o : xop) : slayer :=
  match o with
  | XBase o => sclayer k c o
  | XScale b => SLayer [] [SUnit c [SNeuron 1 [((k + 3)%nat, 1); (b, 1)] (-1)] 0]
  | XLinZ w => SLayer [] [SUnit c [SNeuron 1 (qlin w) 0; SNeuron (-1) (map (fun p => (fst p, - snd p)) (qlin w)) 0] 0]
  | XCnt b => SLayer [] [SUnit c [SNeuron 1 [((k + 3)%nat, 1); (b, 1)] (-1);
                                  SNeuron 1 [((k + 3)%nat, 1); ((k + 4)%nat, 2); (b, -1)] (-2)] 0]
  | XAvgC a => sclayer k c (SAvg Future a)
  | XRead a => SLayer [SHead c (S k) [(a, S k, 2); ((k + 4)%nat, (k + 5)%nat, -1)] Future Average] []
  | XSq a => SLayer [SHead c (k + 5) [(a, S k, 2); (k, (k + 5)%nat, -1)] NoMask Average] []
  | XEq m dr a bb sb kb v =>
      SLayer [SHead c v [(a, bb, 2); (k, sb, -1); (k, kb, 8); ((k + 3)%nat, (k + 6)%nat, tsgn dr # 2)] m Average] []
  end.

Definition sblayer (k c : nat) (o : bop) : slayer :=
  match o with
  | BX o => sxlayer k c o
  | BLinB w => SLayer [] [SUnit c (map (fun p => SNeuron (snd p # 1) [((k + 3)%nat, 1); (fst p, 1)] (-1)) w) 0]
  | BLe1 a => SLayer [SHead c (k + 4) [(a, S k, 2); (k, (k + 5)%nat, -1)] NoMask Average]
                     [SUnit c [SNeuron (-1) [(c, 1)] 0; SNeuron 1 [(c, 2); ((k + 7)%nat, -1)] (-1);
                               SNeuron 1 [(a, -1); ((k + 7)%nat, 1)] 1; SNeuron (-1) [(a, -1); ((k + 7)%nat, 1)] 0;
                               SNeuron (-1) [(a, -1); ((k + 7)%nat, -1)] 1; SNeuron 1 [(a, -1)] 0] 0]
  end.

Fixpoint sbcompile (k c : nat) (p : list bop) : snet :=
  match p with [] => [] | o :: p' => sblayer k c o :: sbcompile k (S c) p' end.

Definition snone_layer (k : nat) : slayer := SLayer [] [SUnit (k + 7) [SNeuron 1 [((k + 3)%nat, 2)] (-1)] 0].

Definition sbrasp_net (k : nat) (p : list bop) : snet := snone_layer k :: sbcompile k (k + 8) p.

Local Close Scope Q_scope.

(** The operations with rational weights: all but [SLin] and [SRelu]. *)
Definition bop_rat (o : bop) : bool :=
  match o with BX (XBase (SLin _ _)) | BX (XBase (SRelu _ _)) => false | _ => true end.

(** ** Read over R, it is [bcompile] *)

Open Scope R_scope.

Lemma sblayer_real (k c : nat) (o : bop) : bop_rat o = true -> real_layer (sblayer k c o) = blayer k c o.
Proof.
intros H. destruct o as [o|w|a]; [destruct o as [o|b|w|b|a|a|a|m dr a bb sb kb v]; [destruct o|..]|..];
  cbn [bop_rat] in H; try discriminate;
  unfold real_layer, real_head, real_unit, real_neuron; cbn [sblayer sxlayer sclayer blayer xlayer clayer];
  try destruct dr; unfold qtie, qlin, tie, sneg, zlin, linb_neuron, le1_head, le1_unit, psum_head, sq_head, eq_head, tsgn;
  qnet.
Qed.

Lemma sbcompile_real (k c : nat) (p : list bop) : forallb bop_rat p = true -> real_net (sbcompile k c p) = bcompile k c p.
Proof.
revert c. induction p as [|o p IH]; intros c H; [reflexivity|]. apply andb_true_iff in H. destruct H as [Ho Hp].
change (real_layer (sblayer k c o) :: real_net (sbcompile k (S c) p) = blayer k c o :: bcompile k (S c) p).
rewrite sblayer_real, IH by assumption. reflexivity.
Qed.

Lemma sbrasp_net_real (k : nat) (p : list bop) : forallb bop_rat p = true -> copy_net (real_net (sbrasp_net k p)) = brasp_net k p.
Proof.
intros H. unfold brasp_net. f_equal.
change (real_layer (snone_layer k) :: real_net (sbcompile k (k + 8) p) = none_layer k :: bcompile k (k + 8) p).
rewrite sbcompile_real by exact H. f_equal.
unfold snone_layer, none_layer, real_layer, real_unit, real_neuron. qnet.
Qed.

Lemma dyck_prog_rat (k : nat) : forallb bop_rat (dyck_prog k) = true.
Proof. reflexivity. Qed.

Lemma sdyck_brasp_real (k : nat) : copy_net (real_net (sbrasp_net (k + k) (dyck_prog k))) = brasp_net (k + k) (dyck_prog k).
Proof. apply sbrasp_net_real, dyck_prog_rat. Qed.
