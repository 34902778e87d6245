(** * Seed 004, Theorems 20 and 21: each block of LTLCountCompile.v computes its connective.

    On a stream holding the context ([ctx]: letters, position embeddings, first, last, [n = 1],
    the position predicates) and 0 on the fresh coordinates, under W = hard attention or softmax
    at tau = 1/(2n) ([W_ok]), every block writes the exact Boolean of its connective at every
    position i < n from the exact Booleans of its arguments: the Boolean units ([unit_block]),
    Y, X, S and U ([y_block] .. [u_block]: LTLHeads.v's heads, exact when hard and within 21/100
    at tau = 1/(2n) (LTLSoft.v), then Lemma 9's rounding), and the comparison of counts
    ([cmp_block]: LTLCountStage.v's stage, exact at every position including position 1). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun.
Import ListNotations.
Open Scope R_scope.

(** The Boolean a coordinate holds (1 read as true). *)
Definition bit_of (y : stream) (c j : nat) : bool := if Req_EM_T (y j c) 1 then true else false.

Lemma bit_of_B2R (y : stream) (c j : nat) (b : bool) : y j c = B2R b -> bit_of y c j = b.
Proof. intros H. unfold bit_of. rewrite H. destruct b; simpl; destruct (Req_EM_T _ _); lra || reflexivity. Qed.

Lemma count_ext (n : nat) (d : dir) (B B' : nat -> bool) (i : nat) : (i < n)%nat ->
  (forall j, (j < n)%nat -> B j = B' j) -> count n d B i = count n d B' i.
Proof. intros Hi H. destruct d; cbn [count]; apply nb_true_ext; intros j Hj; apply H; lia. Qed.

(** ** The query list of the comparison block *)

Lemma qlist_in (args : list (nat * Z)) (g : nat) (p : nat * Z) : In p (qlist args g) ->
  exists k, (k < length args)%nat /\ fst p = (g + k)%nat.
Proof.
revert g. induction args as [|[b a] args IH]; intros g H; [destruct H|]. cbn [qlist In] in H. destruct H as [<-|H].
- exists 0%nat. simpl. split; [lia|ring].
- destruct (IH (S g) H) as [k [Hk E]]. exists (S k). simpl. split; lia.
Qed.

Definition src_of (args : list (nat * Z)) (g q : nat) : nat := fst (nth (q - g) args (0%nat, 0%Z)).

Lemma src_of_cons (b : nat) (a : Z) (args : list (nat * Z)) (g q : nat) : (S g <= q)%nat ->
  src_of ((b, a) :: args) g q = src_of args (S g) q.
Proof. intros H. unfold src_of. replace (q - g)%nat with (S (q - S g)) by lia. reflexivity. Qed.

Lemma lin_qlist (args : list (nat * Z)) (g : nat) (F : nat -> nat) :
  lin_count (qlist args g) (fun q => F (src_of args g q)) = lin_count args F.
Proof.
revert g. induction args as [|[b a] args IH]; intros g; [reflexivity|]. cbn [qlist lin_count fst snd].
unfold src_of at 1. rewrite Nat.sub_diag. cbn [nth fst]. f_equal. rewrite <- (IH (S g)). apply lin_count_ext.
intros p Hp. destruct (qlist_in args (S g) p Hp) as [k [_ E]]. rewrite src_of_cons by lia. reflexivity.
Qed.

Lemma map_qlist (args : list (nat * Z)) (g : nat) :
  map (fun p => (src_of args g (fst p), snd p)) (qlist args g) = args.
Proof.
revert g. induction args as [|[b a] args IH]; intros g; [reflexivity|]. cbn [qlist map fst snd].
unfold src_of at 1. rewrite Nat.sub_diag. cbn [nth fst]. f_equal. rewrite <- (IH (S g)) at 2. apply map_ext_in.
intros p Hp. destruct (qlist_in args (S g) p Hp) as [k [_ E]]. rewrite src_of_cons by lia. reflexivity.
Qed.

(** Hard attention, or softmax with every head at a temperature of its own, each at most 1/(2n). *)
Definition hs_below (n : nat) (W : head -> (nat -> R) -> nat -> nat -> R) : Prop :=
  W = hard_w \/ forall h, exists tau, 0 < tau <= tau_paper n /\ W h = soft_w tau h.

Lemma hs_below_soft (n : nat) (tau : R) : 0 < tau <= tau_paper n -> hs_below n (soft_w tau).
Proof. intros Ht. right. intros h. exists tau. split; [exact Ht|reflexivity]. Qed.

Lemma hs_below_paper (n : nat) : (1 <= n)%nat -> hs_below n (soft_w (tau_paper n)).
Proof. intros Hn. apply hs_below_soft. pose proof (tau_paper_pos n Hn). lra. Qed.

Lemma hs_below_or (n : nat) (W : head -> (nat -> R) -> nat -> nat -> R) : (1 <= n)%nat -> W = hard_w \/ W = soft_w (tau_paper n) -> hs_below n W.
Proof. intros Hn [->| ->]; [left; reflexivity|apply hs_below_paper, Hn]. Qed.

Section Blocks.
Variables (n : nat) (w : nat -> nat) (kk : nat) (caus : bool) (Ps : list npred) (nx : nat).
Variable W : head -> (nat -> R) -> nat -> nat -> R.
Hypothesis Hn : (1 <= n)%nat.
Hypothesis HW : hs_below n W.

Lemma W_hs : head_hs W.
Proof. destruct HW as [->|HS]; [left; reflexivity|right; intros h; destruct (HS h) as [tau [_ E]]; exists tau; exact E]. Qed.

(** The context: what the embedding and the prologue put below the fresh coordinates. *)
Record ctx (x : stream) : Prop := {
  cx_letter : forall j a, (j < n)%nat -> (a < kk)%nat -> x j a = B2R (Nat.eqb (w j) a);
  cx_pe : pe_ok n kk x;
  cx_alt : forall j, x j (c_alt kk) = (-1) ^ (j + 1);
  cx_even : forall j, x j (c_even kk) = even01 (j + 1);
  cx_invl : forall j, (j < n)%nat -> x j (c_invl kk) = / INR (S j);
  cx_invr : forall j, (j < n)%nat -> x j (c_invr kk) = / INR (n - j);
  cx_first : forall j, (j < n)%nat -> x j (c_first kk) = B2R (Nat.eqb j 0);
  cx_last : caus = false -> forall j, (j < n)%nat -> x j (c_last kk) = B2R (Nat.eqb (S j) n);
  cx_single : caus = false -> forall j, (j < n)%nat -> x j (c_single kk) = B2R (Nat.eqb n 1);
  cx_pred : forall t j, (t < length Ps)%nat -> x j (c_pred kk t) = B2R (nth t Ps (fun _ _ => false) n (S j));
  cx_negsq : forall j, x j (c_negsq kk) = - (INR (S j) ^ 2);
  cx_two : forall j, x j (c_two kk) = 2 * INR (S j);
  cx_keys : (2 <= nx)%nat -> forall j, x j (c_pred kk (length Ps)) = 2 * INR (S j) * INR n /\
                                    x j (S (c_pred kk (length Ps))) = - (INR (S j) ^ 2) * INR n }.

Definition base : nat := (kk + 13 + length Ps + nx)%nat.

(** The context lives below [base]: a stream equal there keeps it. *)
Lemma ctx_keep (x y : stream) : ctx x -> (forall j c, (c < base)%nat -> y j c = x j c) -> ctx y.
Proof.
intros [H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 H11 H12 H13] E. unfold base in E.
constructor.
- intros j a Hj Ha. rewrite E by lia. apply H1; assumption.
- intros j Hj. unfold c_one, c_alt, c_frac. rewrite !E by lia. apply H2, Hj.
- intros j. unfold c_alt. rewrite E by lia. apply H3.
- intros j. unfold c_even. rewrite E by lia. apply H4.
- intros j Hj. unfold c_invl. rewrite E by lia. apply H5, Hj.
- intros j Hj. unfold c_invr. rewrite E by lia. apply H6, Hj.
- intros j Hj. unfold c_first. rewrite E by lia. apply H7, Hj.
- intros Hc j Hj. unfold c_last. rewrite E by lia. apply H8; assumption.
- intros Hc j Hj. unfold c_single. rewrite E by lia. apply H9; assumption.
- intros t j Ht. unfold c_pred. rewrite E by lia. apply H10; assumption.
- intros j. unfold c_negsq. rewrite E by lia. apply H11.
- intros j. unfold c_two. rewrite E by lia. apply H12.
- intros Hm j. unfold c_pred. rewrite !E by lia. apply H13, Hm.
Qed.

(** A stream after a network writing inside [f, f') with f >= base keeps the context and the
    zeros from f'. *)
Lemma run_ctx (x : stream) (L : snet) (f f' : nat) : (base <= f <= f')%nat -> writes_in L f f' -> ctx x ->
  (forall j c, (f <= c)%nat -> x j c = 0) ->
  ctx (net_run W n (real_net L) x) /\ (forall j c, (f' <= c)%nat -> net_run W n (real_net L) x j c = 0).
Proof.
intros Hb Hw Hc Hz. split.
- apply (ctx_keep x); [exact Hc|]. intros j c Hc'. apply (net_frame W n L f f'); [exact Hw|lia].
- intros j c Hc'. rewrite (net_frame W n L f f') by (exact Hw || lia). apply Hz. lia.
Qed.

Lemma B2R_01' (b : bool) : 0 <= B2R b <= 1.
Proof. destruct b; simpl; lra. Qed.

Lemma pe_ok_ctx (y : stream) : ctx y -> pe_ok n kk y.
Proof. intros Hc. apply (cx_pe y Hc). Qed.

(** ** One unit; one head and one unit *)

Lemma unit_block (y : stream) (u : sunit) (v : nat -> R) : (forall j c, (su_out u <= c)%nat -> y j c = 0) ->
  (forall j, (j < n)%nat -> unit_val (real_unit u) (y j) = v j) ->
  writes_in [unit_layer u] (su_out u) (S (su_out u)) /\
  forall j, (j < n)%nat -> net_run W n (real_net [unit_layer u]) y j (su_out u) = v j.
Proof.
intros Hz Hv. split.
- apply writes_in_one. intros c E. unfold swrites, unit_layer in E. simpl in E. rewrite orb_false_r in E. apply Nat.eqb_eq in E. lia.
- intros j Hj. simpl. rewrite unit_layer_run, Nat.eqb_refl, Hz by lia. rewrite Hv by exact Hj. ring.
Qed.

Lemma hu_block (y : stream) (h : shead) (u : sunit) (v : nat -> R) : su_out u = S (sh_out h) ->
  (forall j c, (sh_out h <= c)%nat -> y j c = 0) ->
  (forall j, (j < n)%nat -> unit_val (real_unit u) (after_head W n h y j) = v j) ->
  writes_in [SLayer [h] [u]] (sh_out h) (S (su_out u)) /\
  forall j, (j < n)%nat -> net_run W n (real_net [SLayer [h] [u]]) y j (su_out u) = v j.
Proof.
intros Ho Hz Hv. split.
- apply writes_in_one. intros c E. unfold swrites in E. simpl in E. rewrite !orb_false_r in E.
  apply orb_true_iff in E. destruct E as [E|E]; apply Nat.eqb_eq in E; lia.
- intros j Hj. simpl. rewrite hu_layer_run, Nat.eqb_refl, after_head_eq, Ho, Hz by lia.
  replace (Nat.eqb (sh_out h) (S (sh_out h))) with false by (symmetry; apply Nat.eqb_neq; lia).
  rewrite Hv by exact Hj. ring.
Qed.

(** The head coordinate after the head: the head's read (it was 0); any other coordinate: unchanged. *)
Lemma after_head_out (h : shead) (y : stream) (j : nat) : y j (sh_out h) = 0 ->
  after_head W n h y j (sh_out h) = head_out W n (real_head h) y j.
Proof. intros H. rewrite after_head_eq, Nat.eqb_refl, H. ring. Qed.

Lemma after_head_other (h : shead) (y : stream) (j c : nat) : c <> sh_out h -> after_head W n h y j c = y j c.
Proof. intros H. rewrite after_head_eq. replace (Nat.eqb (sh_out h) c) with false by (symmetry; apply Nat.eqb_neq; congruence). ring. Qed.

(** A head read exactly (hard) or within 21/100 (soft), then rounded (gated by a Boolean). *)
Lemma round_gate (h : shead) (y : stream) (j gate : nat) (p q : bool) : y j (sh_out h) = 0 -> gate <> sh_out h ->
  y j gate = B2R q -> (W = hard_w -> head_out W n (real_head h) y j = B2R p) ->
  (forall tau, 0 < tau <= tau_paper n -> Rabs (head_out (soft_w tau) n (real_head h) y j - B2R p) <= 21 / 100) ->
  unit_val (real_unit (rounding (S (sh_out h)) (sh_out h) gate)) (after_head W n h y j) = B2R (p && negb q).
Proof.
intros H0 Hg Hq Hh Hs. destruct HW as [E|HS].
- apply unit_rounding; [rewrite after_head_out by exact H0; apply Hh, E|rewrite after_head_other by exact Hg; exact Hq].
- destruct (HS (real_head h)) as [tau [Ht E]].
  apply unit_rounding_approx; [rewrite after_head_out by exact H0; rewrite (head_out_W W tau n _ y j E); specialize (Hs tau Ht); lra|rewrite after_head_other by exact Hg; exact Hq].
Qed.

Lemma round_one (h : shead) (y : stream) (j : nat) (p : bool) : y j (sh_out h) = 0 ->
  (W = hard_w -> head_out W n (real_head h) y j = B2R p) ->
  (forall tau, 0 < tau <= tau_paper n -> Rabs (head_out (soft_w tau) n (real_head h) y j - B2R p) <= 21 / 100) ->
  unit_val (real_unit (rounding1 (S (sh_out h)) (sh_out h))) (after_head W n h y j) = B2R p.
Proof.
intros H0 Hh Hs. destruct HW as [E|HS].
- apply unit_rounding1. rewrite after_head_out by exact H0. apply Hh, E.
- destruct (HS (real_head h)) as [tau [Ht E]].
  apply unit_rounding1_approx. rewrite after_head_out by exact H0. rewrite (head_out_W W tau n _ y j E). specialize (Hs tau Ht). lra.
Qed.

(** ** Y, X, S, U *)

Section Select.
Variables (y : stream) (g : nat).
Hypotheses (Hc : ctx y) (Hb : (base <= g)%nat) (Hz : forall j c, (g <= c)%nat -> y j c = 0).

Lemma y_block (a : nat) (P : nat -> bool) : (forall j, (j < n)%nat -> y j a = B2R (P j)) ->
  forall j, (j < n)%nat -> unit_val (real_unit (rounding (S g) g (c_first kk))) (after_head W n (sel_head kk g a Future 1) y j)
  = B2R (P (j - 1)%nat && negb (Nat.eqb j 0)).
Proof.
intros HP j Hj. unfold base in Hb. apply (round_gate (sel_head kk g a Future 1) y j (c_first kk)); cbn [sh_out sel_head].
- apply Hz. lia.
- unfold c_first. lia.
- apply (cx_first y Hc), Hj.
- intros ->. rewrite (proj2 (head_Y n kk g a y Hn (pe_ok_ctx y Hc)) j Hj). apply HP. lia.
- intros tau Htau. rewrite <- (HP (j - 1)%nat) by lia. apply head_Y_low; try assumption. apply pe_ok_ctx, Hc.
  intros j' Hj'. rewrite HP by exact Hj'. apply B2R_01'.
Qed.

Lemma x_block (a : nat) (P : nat -> bool) : caus = false -> (forall j, (j < n)%nat -> y j a = B2R (P j)) ->
  forall j, (j < n)%nat -> unit_val (real_unit (rounding (S g) g (c_last kk))) (after_head W n (sel_head kk g a Past (-1)) y j)
  = B2R (P (x_next n j) && negb (Nat.eqb (S j) n)).
Proof.
intros Hcaus HP j Hj. unfold base in Hb. pose proof (x_next_lt n j Hj) as Hx.
apply (round_gate (sel_head kk g a Past (-1)) y j (c_last kk)); cbn [sh_out sel_head].
- apply Hz. lia.
- unfold c_last. lia.
- apply (cx_last y Hc); assumption.
- intros ->. rewrite (proj2 (head_X n kk g a y Hn (pe_ok_ctx y Hc)) j Hj). apply HP, Hx.
- intros tau Htau. rewrite <- (HP (x_next n j)) by exact Hx. apply head_X_low; try assumption. apply pe_ok_ctx, Hc.
  intros j' Hj'. rewrite HP by exact Hj'. apply B2R_01'.
Qed.

Lemma s_block (b s : nat) (B Q : nat -> bool) : (forall j, (j < n)%nat -> y j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> y j b = B2R (Q j)) ->
  forall j, (j < n)%nat -> unit_val (real_unit (rounding1 (S g) g)) (after_head W n (su_head kk g b s Future 1) y j)
  = B2R (Q (topS B j)).
Proof.
intros HB HQ j Hj. pose proof (topS_le B j) as Ht.
apply (round_one (su_head kk g b s Future 1) y j); cbn [sh_out su_head].
- apply Hz. lia.
- intros ->. rewrite (proj2 (head_S n kk g b s y B Hn (pe_ok_ctx y Hc) HB) j Hj). apply HQ. lia.
- intros tau Htau. rewrite <- (HQ (topS B j)) by lia. apply head_S_low; try assumption. apply pe_ok_ctx, Hc.
  intros j' Hj'. rewrite HQ by exact Hj'. apply B2R_01'.
Qed.

Lemma u_block (b s : nat) (B Q : nat -> bool) : (forall j, (j < n)%nat -> y j s = B2R (B j)) ->
  (forall j, (j < n)%nat -> y j b = B2R (Q j)) ->
  forall j, (j < n)%nat -> unit_val (real_unit (rounding1 (S g) g)) (after_head W n (su_head kk g b s Past (-1)) y j)
  = B2R (Q (topU B (n - j) j)).
Proof.
intros HB HQ j Hj. pose proof (topU_lt B n j Hj) as Ht.
apply (round_one (su_head kk g b s Past (-1)) y j); cbn [sh_out su_head].
- apply Hz. lia.
- intros ->. rewrite (proj2 (head_U n kk g b s y B Hn (pe_ok_ctx y Hc) HB) j Hj). apply HQ. lia.
- intros tau Htau. rewrite <- (HQ (topU B (n - j) j)) by lia. apply head_U_low; try assumption. apply pe_ok_ctx, Hc.
  intros j' Hj'. rewrite HQ by exact Hj'. apply B2R_01'.
Qed.

End Select.

(** ** The comparison of counts *)

Lemma cmp_writes (args : list (nat * Z)) (d : dir) (c0 : Z) (g : nat) :
  writes_in (cmp_layers kk caus args d c0 g) g (g + length args + 3).
Proof.
unfold cmp_layers. apply writes_in_app; [apply (writes_in_mono _ g (g + length args)); [apply count_layers_writes|lia|lia]|].
intros L c HL E. cbn [In] in HL. destruct HL as [<-|[<-|[]]]; unfold swrites, unit_layer in E;
  cbn [sl_heads sl_units existsb sh_out su_out sign_shead sign_sunit local_sunit] in E;
  rewrite ?orb_false_r, ?orb_false_l in E; [apply Nat.eqb_eq in E; lia|].
apply orb_true_iff in E. destruct E as [E|E]; apply Nat.eqb_eq in E; lia.
Qed.

(** The comparison block on a stream holding Booleans at the argument coordinates (below g)
    outputs [sum_k a_k #d[b_k] + c0 >= 0] at every position i < n, position 1 included. *)
Lemma cmp_block (y : stream) (args : list (nat * Z)) (d : dir) (c0 : Z) (g : nat) :
  ctx y -> (base <= g)%nat -> (forall j c, (g <= c)%nat -> y j c = 0) -> (caus = true -> d = DLeft) ->
  (forall p, In p args -> (fst p < g)%nat /\ forall j, (j < n)%nat -> y j (fst p) = B2R (bit_of y (fst p) j)) ->
  forall i, (i < n)%nat -> net_run W n (real_net (cmp_layers kk caus args d c0 g)) y i (g + length args + 2)%nat
    = B2R (Z.leb 0 (lin_count args (fun b => count n d (bit_of y b) i) + c0)).
Proof.
intros Hc Hb Hz Hd Ha i Hi. unfold base in Hb. set (m := length args).
set (z := net_run W n (real_net (count_layers args g d)) y).
assert (Zlo : forall j c, (c < g \/ g + m <= c)%nat -> z j c = y j c)
  by (intros j c Hc'; apply (net_frame W n _ g (g + m)); [apply count_layers_writes|exact Hc']).
set (hl := local_sunit (g + m) args c0).
set (z2 := layer_run W n (real_layer (unit_layer hl)) z).
assert (Z2 : forall j c, c <> (g + m)%nat -> z2 j c = z j c).
{ intros j c Hc'. unfold z2. rewrite unit_layer_run. cbn [su_out hl local_sunit].
  replace (Nat.eqb (g + m) c) with false by (symmetry; apply Nat.eqb_neq; congruence). ring. }
set (qs := qlist args g). set (h := sign_shead (S (g + m)) (c_even kk) qs (c_inv kk d) (c_alt kk) 2 c0 (sign_mask caus)).
unfold cmp_layers. rewrite real_net_app, net_run_app. fold z. fold m. cbn [real_net map net_run]. fold z2 qs. fold h.
replace (g + m + 2)%nat with (S (S (g + m))) by lia.
rewrite hu_layer_run. cbn [su_out sign_sunit]. rewrite Nat.eqb_refl.
rewrite after_head_other by (cbn [sh_out h sign_shead]; lia). rewrite Z2, Zlo, Hz by lia. rewrite Rplus_0_l.
assert (Hy : forall j c, (c < g)%nat -> z2 j c = y j c) by (intros j c Hc'; rewrite Z2, Zlo by lia; reflexivity).
assert (Hbits : forall p, In p args -> z i (fst p) = B2R (bit_of y (fst p) i))
  by (intros p Hp; destruct (Ha p Hp) as [H1 H2]; rewrite Zlo, H2 by lia; reflexivity).
assert (Hloc : z2 i (g + m)%nat = B2R (Z.leb 0 (lin_count args (fun c => if bit_of y c i then 1%nat else 0%nat) + c0))).
{ unfold z2. rewrite unit_layer_run. replace (su_out hl) with (g + m)%nat by reflexivity. rewrite Nat.eqb_refl, Zlo, Hz by lia.
  unfold hl. rewrite (local_sunit_exact (g + m) args c0 (z i) (fun c => bit_of y c i) Hbits). ring. }
assert (Hq : forall p, In p qs -> z2 i (fst p) = INR (count n d (bit_of y (src_of args g (fst p))) i) / INR (span n d i)).
{ intros p Hp. destruct (qlist_in args g p Hp) as [k [Hk E]]. rewrite E, Z2 by lia. unfold z.
  rewrite (count_layers_run W n d (bit_of y) W_hs args g y) by (assumption || (intros; apply Ha; assumption)).
  unfold src_of. replace (g + k - g)%nat with k by lia. reflexivity. }
assert (Hm : stage_mask (sign_mask caus) d) by (unfold sign_mask, stage_mask; destruct caus; [left; auto|right; reflexivity]).
assert (Hinv : z2 i (c_inv kk d) = / INR (span n d i))
  by (destruct d; cbn [c_inv span]; rewrite Hy by (unfold c_invl, c_invr; lia); [apply (cx_invl y Hc)|apply (cx_invr y Hc)]; exact Hi).
assert (Hkey : forall j, z2 j (c_alt kk) = (-1) ^ (j + 1)) by (intros j; rewrite Hy by (unfold c_alt; lia); apply (cx_alt y Hc)).
assert (Hev : forall j, z2 j (c_even kk) = even01 (j + 1)) by (intros j; rewrite Hy by (unfold c_even; lia); apply (cx_even y Hc)).
assert (Hone : after_head W n h z2 i (c_one_pos kk caus) = B2R (Nat.eqb (vis_cnt (sign_mask caus) n i) 1)).
{ rewrite after_head_other by (cbn [sh_out h sign_shead]; unfold c_one_pos, c_first, c_single; destruct caus; lia).
  unfold c_one_pos, sign_mask. destruct caus eqn:Ec.
  - rewrite Hy by (unfold c_first; lia). rewrite (cx_first y Hc i Hi). cbn [vis_cnt]. destruct i; reflexivity.
  - rewrite Hy by (unfold c_single; lia). rewrite (cx_single y Hc Ec i Hi). reflexivity. }
assert (Hl : after_head W n h z2 i (g + m)%nat = B2R (Z.leb 0 (stage_local i qs (src_of args g) (bit_of y) c0))).
{ rewrite after_head_other by (cbn [sh_out h sign_shead]; lia). rewrite Hloc. unfold stage_local. unfold qs. rewrite map_qlist. reflexivity. }
assert (Hatt : after_head W n h z2 i (S (g + m)) = head_out W n (real_head h) z2 i).
{ apply after_head_out. replace (sh_out h) with (S (g + m)) by reflexivity. rewrite Z2, Zlo, Hz by lia. reflexivity. }
assert (HE : stage_E n i d qs (src_of args g) (bit_of y) c0 = (lin_count args (fun b => count n d (bit_of y b) i) + c0)%Z)
  by (unfold stage_E, qs; rewrite (lin_qlist args g (fun b => count n d (bit_of y b) i)); reflexivity).
rewrite <- HE. destruct HW as [EW|HS].
- apply (thm21_compare_hard n i d (sign_mask caus) qs (src_of args g) (bit_of y) (c_inv kk d) (c_alt kk) (c_even kk)
          (S (g + m)) (c_one_pos kk caus) (g + m) (S (S (g + m))) 2 c0 z2 (after_head W n h z2 i)); try assumption.
  + unfold Q2R. simpl. lra.
  + rewrite Hatt, EW. reflexivity.
- destruct (HS (real_head h)) as [tau [Ht EW]]. destruct (tau_paper_scale n Hn) as [Ht0 Hs].
  assert (H2 : 2 * INR n * tau <= 1) by (rewrite <- Hs; apply Rmult_le_compat_l; [pose proof (pos_INR n); lra|lra]).
  apply (thm21_compare_soft n i d (sign_mask caus) qs (src_of args g) (bit_of y) (c_inv kk d) (c_alt kk) (c_even kk)
          (S (g + m)) (c_one_pos kk caus) (g + m) (S (S (g + m))) 2 c0 z2 (after_head W n h z2 i) Hm Hi Hinv Hq Hkey Hev Hone Hl tau (proj1 Ht));
    [unfold Q2R; simpl; lra|]. rewrite Hatt. apply head_out_W, EW.
Qed.

End Blocks.
