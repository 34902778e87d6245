(** * Seed 004, §6 and Appendix E: the engine's flip-flop, induction-head and Dyck-k networks with rational weights.

    [FlipFlop.v], [Induction.v], [Induction2.v] and [DyckNet.v] state their networks over R
    ([TransformerModel]'s layers).  Here the same networks are written with rational coefficients
    as LTLSyntax.v's [snet] ([sff_net], [sih_net], [sih2_net], [sdyck_net k n]), and read over R by
    [real_net] they are those networks, for every k and n ([sff_net_real], [sih_net_real],
    [sih2_net_real], [sdyck_net_real]).  So the theorems proved of the real networks are theorems of
    these terms, and tests/proofs/test_programs_coq.py checks by [vm_compute] ([same_net]) that the
    networks of quarks.attention.programs are these terms: one object in Python and in Coq. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals FunctionalExtensionality.
From Quarks Require Import RSum Softmax TransformerModel DyckNet FlipFlop Induction Induction2 Transformer LTLSyntax.
Import ListNotations.

(** ** The networks with rational coefficients *)

Local Open Scope Q_scope.

Definition qnat (m : nat) : Q := inject_Z (Z.of_nat m).

Definition sff_net : snet :=
  [SLayer [] [SUnit 5 [SNeuron 2 [(0%nat, 1); (1%nat, 1)] 0] 0];
   SLayer [SHead 6 1 [(3%nat, 5%nat, 1); (3%nat, 4%nat, 1)] Future Average] []].

Definition srelu1 (o : nat) (ws : list (nat * Q)) (b : Q) : sunit := SUnit o [SNeuron 1 ws b] 0.

Definition sprev_head (s : nat) : shead := SHead (7 + s) s [(5%nat, 5%nat, -1); (3%nat, 4%nat, 1)] Future Average.
Definition ssel_ih : list (nat * nat * Q) := [(0%nat, 10%nat, 1); (1%nat, 11%nat, 1); (2%nat, 12%nat, 1); (3%nat, 4%nat, 1)].
Definition sp_unit (s : nat) : sunit := srelu1 (10 + s) [((7 + s)%nat, 1); (6%nat, -1)] 0.

Definition sih_L1 : slayer := SLayer [sprev_head 0; sprev_head 1; sprev_head 2] [sp_unit 0; sp_unit 1; sp_unit 2].
Definition sih_L2 : slayer :=
  SLayer [SHead 13 0 ssel_ih Future Average; SHead 14 10 ssel_ih Future Average;
          SHead 15 11 ssel_ih Future Average; SHead 16 12 ssel_ih Future Average]
         [SUnit 17 [SNeuron 1 [(0%nat, 1); (14%nat, 1)] (-1); SNeuron 1 [(1%nat, 1); (15%nat, 1)] (-1);
                    SNeuron 1 [(2%nat, 1); (16%nat, 1)] (-1)] 0].
Definition sih_L3 : slayer := SLayer [] [srelu1 18 [(13%nat, 1); (17%nat, 1)] (-1)].
Definition sih_net : snet := [sih_L1; sih_L2; sih_L3].
Definition sih2_net : snet :=
  sih_net ++ [SLayer [SHead 19 18 ssel_ih Future Average] []; SLayer [] [srelu1 20 [(19%nat, 1); (17%nat, 1)] (-1)]].

Definition sbumpu (o : nat) (ws : list (nat * Q)) (m : Q) : sunit :=
  SUnit o [SNeuron 1 ws (1 - m); SNeuron (-2) ws (- m); SNeuron 1 ws (- m - 1)] 0.

Definition sdunit (k n m : nat) : sunit :=
  SUnit (cd k n) [SNeuron 1 [(czl k n, qnat m); (czr k n, - qnat m); (cat k m, 2 * qnat m)] (- (2 * qnat m));
                  SNeuron (-1) [(czl k n, - qnat m); (czr k n, qnat m); (cat k m, 2 * qnat m)] (- (2 * qnat m))] 0.

Definition sdyck_net (k n : nat) : snet :=
  [SLayer [] [srelu1 (cL k n) (map (fun a => (a, 1)) (seq 0 k)) 0; srelu1 (cR k n) (map (fun a => ((k + a)%nat, 1)) (seq 0 k)) 0];
   SLayer [SHead (czl k n) (cL k n) [] Future Average; SHead (czr k n) (cR k n) [] Future Average] (map (sdunit k n) (seq 1 n));
   SLayer [] (map (fun m => sbumpu (cq k n m) [(cd k n, 1); (cR k n, 1)] (qnat m)) (seq 1 n)
              ++ map (fun m => sbumpu (cb k n m) [(cd k n, 1)] (qnat m)) (seq 1 n)
              ++ [sbumpu (cbal k n) [(cd k n, 1)] 0;
                  SUnit (cDp k n) [SNeuron 1 [(cd k n, 1); (cR k n, 1)] 0; SNeuron (-1) [(cd k n, 1); (cR k n, 1)] (-1)] 0]);
   SLayer [] (map (fun m => srelu1 (ck k n m) [(cb k n m, 1); (cL k n, 1)] (-1)) (seq 1 n)
              ++ [srelu1 (cerr1 k n) [(cR k n, 1); (cDp k n, -1)] 0]);
   SLayer (map (fun c => SHead (ct k n c) c (map (fun m => (cq k n m, ck k n m, 2)) (seq 1 n) ++ [(cone k, cpos k, 1)]) Future Average) (seq 0 k))
          (map (fun c => srelu1 (cg k n) [((k + c)%nat, 1); (ct k n c, 1)] (-1)) (seq 0 k));
   SLayer [] [srelu1 (cE k n) [(cerr1 k n, 1); (cR k n, 1); (cg k n, -1)] 0];
   SLayer [SHead (cany k n) (cE k n) [(cone k, cE k n, 2); (cone k, cpos k, 1)] Future Average]
          [srelu1 (cout k n) [(cbal k n, 1); (cany k n, -1)] 0]].

Local Close Scope Q_scope.
Open Scope R_scope.

(** ** Read over R, they are the networks of the theorems *)

Lemma Q2R_qnat (m : nat) : Q2R (qnat m) = INR m.
Proof. unfold qnat, Q2R. cbn [Qnum Qden]. rewrite INR_IZR_INZ. simpl IZR. field. Qed.

(** A rational coefficient equals its real reading. *)
Ltac qleaf := repeat first [rewrite Q2R_minus | rewrite Q2R_plus | rewrite Q2R_mult | rewrite Q2R_opp | rewrite Q2R_qnat];
  unfold Q2R; cbn [Qnum Qden]; field.

(** Two networks built alike: same structure, coefficients equal over R. *)
Ltac qnet := repeat (first [ rewrite map_app | rewrite map_map | progress f_equal | extensionality_tac | qleaf
                           | progress cbn -[Q2R qnat seq] ])
with extensionality_tac := let x := fresh "x" in extensionality x; cbn -[Q2R qnat].

Lemma sff_net_real : real_net sff_net = ff_net.
Proof. unfold sff_net, ff_net, ff_head. unfold real_net, real_layer, real_head, real_unit, real_neuron. cbn -[Q2R]. qnet. Qed.

Lemma sih_net_real : real_net sih_net = ih_net.
Proof.
unfold sih_net, ih_net, sih_L1, sih_L2, sih_L3, ih_L1, ih_L2, ih_L3, sprev_head, prev_head, sp_unit, p_unit, srelu1, relu1,
  ssel_ih, o_head, m_head. unfold sel_ih. unfold real_net, real_layer, real_head, real_unit, real_neuron. cbn -[Q2R]. qnet.
Qed.

Lemma sih2_net_real : real_net sih2_net = ih2_net.
Proof.
unfold sih2_net, ih2_net. change (real_net (sih_net ++ ?L)) with (real_net sih_net ++ real_net L). rewrite sih_net_real. unfold ih_net, ih_L4, ih_L5, o2_head, srelu1, relu1, ssel_ih. unfold sel_ih. unfold real_net, real_layer, real_head, real_unit, real_neuron. cbn -[Q2R]. qnet.
Qed.

Lemma sdyck_net_real (k n : nat) : real_net (sdyck_net k n) = dyck_net k n.
Proof.
unfold sdyck_net, dyck_net, layer1, layer2, layer3, layer4, layer5, layer6, layer7, sel_terms, any_head, srelu1, relu1,
  sbumpu, bumpu, sdunit, dunit.
unfold real_net, real_layer, real_head, real_unit, real_neuron. cbn -[Q2R seq cL cR czl czr cd cbal cDp cerr1 cg cE cany cout cq cb ck ct cone cpos cat]. qnet.
Qed.
