(** * Seed 004, Theorem 20 (b): counting LTL with unbounded embeddings at tau = 1.

    Softmax at tau = 1/(2n) weighs the scores s by e^(2n s); at tau = 1 the same weights come from the
    scores 2n s.  [scale_net] turns every head of a network into one whose scores are exactly 2n times
    the original's on the embedding: a term with query 1 or (-1)^i reads n or (-1)^i n instead
    ([pe_len], [pe_alt_len]), a term with key (-1)^j, 2j, -j^2, 2jn or -j^2 n reads (-1)^j n, 2jn,
    -j^2 n, 2jn^2 or -j^2 n^2, each with its coefficient doubled ([scale_term]).  Every head of the
    compiled network is of these kinds ([bnode_scalable]) and the network never writes these
    embeddings, so the scaled network at tau = 1 runs exactly as the network at tau = 1/(2n)
    ([scale_net_run]), and LTLCountThm.v's theorems give [thm20b_tl_tau1]: for every formula of TL[#]
    over letters < k (mixed comparisons included), n, word and position, exact.  The embeddings are
    unbounded (n, 2in, -i^2 n, 2in^2, ...), as variant (b) allows. *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra Bool List ZArith QArith Qreals FunctionalExtensionality.
From Quarks Require Import RSum Softmax Rounding Transformer LTLCompile LTLSoft LTLSoftPaper LTLCount LTLCountSyntax LTLCountStage LTLCountCompile LTLCountRun LTLCountBlocks LTLCountMix LTLCountNodes LTLCountThm.
Import ListNotations.
Open Scope R_scope.

Definition pe_twon2 (i n : nat) : R := INR n * pe_twon i n.
Definition pe_negsqn2 (i n : nat) : R := INR n * pe_negsqn i n.
(** After the predicates: the keys of the mixed lookups and the n-scaled copies. *)
Definition pes_b : list (nat -> nat -> R) := [pe_twon; pe_negsqn; pe_len; pe_alt_len; pe_twon2; pe_negsqn2].

Section Scale.
Variables (kk xk : nat).

Definition scale_term (t : nat * nat * Q) : nat * nat * Q :=
  let '(q, k, c) := t in
  if Nat.eqb q (c_one kk) then ((xk + 2)%nat, k, Qmult 2 c)
  else if Nat.eqb q (c_alt kk) then ((xk + 3)%nat, k, Qmult 2 c)
  else if Nat.eqb k (c_alt kk) then (q, (xk + 3)%nat, Qmult 2 c)
  else if Nat.eqb k (c_two kk) then (q, xk, Qmult 2 c)
  else if Nat.eqb k (c_negsq kk) then (q, S xk, Qmult 2 c)
  else if Nat.eqb k xk then (q, (xk + 4)%nat, Qmult 2 c)
  else if Nat.eqb k (S xk) then (q, (xk + 5)%nat, Qmult 2 c)
  else t.

Definition scalable (t : nat * nat * Q) : Prop :=
  let '(q, k, _) := t in
  q = c_one kk \/ q = c_alt kk \/ k = c_alt kk \/ k = c_two kk \/ k = c_negsq kk \/ k = xk \/ k = S xk.

Definition scale_head (h : shead) : shead := SHead (sh_out h) (sh_val h) (map scale_term (sh_terms h)) (sh_mask h) (sh_hard h).
Definition scale_layer (L : slayer) : slayer := SLayer (map scale_head (sl_heads L)) (sl_units L).
Definition scale_net (N : snet) : snet := map scale_layer N.
Definition net_scalable (N : snet) : Prop := Forall (fun L => Forall (fun h => Forall scalable (sh_terms h)) (sl_heads L)) N.

Variable n : nat.

(** The embeddings the scaled terms read: n times the ones they replace. *)
Definition srel (y : stream) : Prop := forall j,
  y j (xk + 2)%nat = INR n * y j (c_one kk) /\ y j (xk + 3)%nat = INR n * y j (c_alt kk) /\
  y j xk = INR n * y j (c_two kk) /\ y j (S xk) = INR n * y j (c_negsq kk) /\
  y j (xk + 4)%nat = INR n * y j xk /\ y j (xk + 5)%nat = INR n * y j (S xk).

Lemma scale_term_score (y : stream) (i j : nat) (t : nat * nat * Q) : srel y -> scalable t ->
  Q2R (snd (scale_term t)) * y i (fst (fst (scale_term t))) * y j (snd (fst (scale_term t)))
  = 2 * INR n * (Q2R (snd t) * y i (fst (fst t)) * y j (snd (fst t))).
Proof.
destruct t as [[q k] c]. intros Hr Hs. destruct (Hr i) as [Ri1 [Ri2 _]]. destruct (Hr j) as [_ [Rj2 [Rj3 [Rj4 [Rj5 Rj6]]]]].
unfold scale_term, scalable in *. cbn [fst snd] in *.
destruct (Nat.eqb_spec q (c_one kk)) as [->|H1]; [cbn [fst snd]; rewrite Q2R_mult, Q2R_2, Ri1; ring|].
destruct (Nat.eqb_spec q (c_alt kk)) as [->|H2]; [cbn [fst snd]; rewrite Q2R_mult, Q2R_2, Ri2; ring|].
destruct (Nat.eqb_spec k (c_alt kk)) as [->|H3]; [cbn [fst snd]; rewrite Q2R_mult, Q2R_2, Rj2; ring|].
destruct (Nat.eqb_spec k (c_two kk)) as [->|H4]; [cbn [fst snd]; rewrite Q2R_mult, Q2R_2, Rj3; ring|].
destruct (Nat.eqb_spec k (c_negsq kk)) as [->|H5]; [cbn [fst snd]; rewrite Q2R_mult, Q2R_2, Rj4; ring|].
destruct (Nat.eqb_spec k xk) as [->|H6]; [cbn [fst snd]; rewrite Q2R_mult, Q2R_2, Rj5; ring|].
destruct (Nat.eqb_spec k (S xk)) as [->|H7]; [cbn [fst snd]; rewrite Q2R_mult, Q2R_2, Rj6; ring|].
exfalso. tauto.
Qed.

Lemma scale_score (y : stream) (h : shead) (i j : nat) : srel y -> Forall scalable (sh_terms h) ->
  score (real_head (scale_head h)) y i j = 2 * INR n * score (real_head h) y i j.
Proof.
intros Hr Hs. unfold score, real_head, scale_head. cbn [h_terms sh_terms]. rewrite !map_map.
induction Hs as [|t l Ht Hl IH]; cbn [map lsum]; [ring|]. rewrite IH. cbn [fst snd].
rewrite (scale_term_score y i j t Hr Ht). ring.
Qed.

Lemma scale_head_out (y : stream) (h : shead) (i : nat) : (1 <= n)%nat -> srel y -> Forall scalable (sh_terms h) ->
  head_out (soft_w 1) n (real_head (scale_head h)) y i = head_out (soft_w (tau_paper n)) n (real_head h) y i.
Proof.
intros Hn Hr Hs. unfold head_out, soft_w, soft.
change (h_mask (real_head (scale_head h))) with (h_mask (real_head h)).
change (h_val (real_head (scale_head h))) with (h_val (real_head h)).
apply rsum_ext. intros k _. f_equal. f_equal. extensionality j. rewrite scale_score by assumption.
unfold tau_paper. assert (0 < INR n) by (apply lt_0_INR; lia). field. lra.
Qed.

Lemma scale_layer_run (y : stream) (L : slayer) : (1 <= n)%nat -> srel y ->
  Forall (fun h => Forall scalable (sh_terms h)) (sl_heads L) ->
  layer_run (soft_w 1) n (real_layer (scale_layer L)) y = layer_run (soft_w (tau_paper n)) n (real_layer L) y.
Proof.
intros Hn Hr Hh. unfold layer_run, real_layer, scale_layer. cbn [l_heads l_units sl_heads sl_units]. f_equal.
unfold attn_sub. extensionality i. extensionality c. f_equal. rewrite !map_map.
induction Hh as [|h hs Hh1 Hhs IH]; cbn [map lsum]; [reflexivity|]. rewrite IH.
change (h_out (real_head (scale_head h))) with (h_out (real_head h)). rewrite scale_head_out by assumption. reflexivity.
Qed.

Hypothesis Hxk : (kk + 13 <= xk)%nat.

(** A layer writing only first/last (kk + 7 .. kk + 11) and fresh coordinates (>= xk + 6) keeps [srel]. *)
Definition writes_ok (L : slayer) : Prop :=
  forall c, swrites L c = true -> (kk + 7 <= c < kk + 12)%nat \/ (xk + 6 <= c)%nat.

Lemma srel_frame (W : head -> (nat -> R) -> nat -> nat -> R) (L : slayer) (y : stream) : srel y -> writes_ok L ->
  srel (layer_run W n (real_layer L) y).
Proof.
intros Hr Hw. assert (F : forall c, (c = c_one kk \/ c = c_alt kk \/ c = c_two kk \/ c = c_negsq kk \/ (xk <= c < xk + 6)%nat) ->
  forall i, layer_run W n (real_layer L) y i c = y i c).
{ intros c Hc i. apply layer_frame. destruct (swrites L c) eqn:E; [|reflexivity]. specialize (Hw c E).
  unfold c_one, c_alt, c_two, c_negsq in *. lia. }
intros j. destruct (Hr j) as [R1 [R2 [R3 [R4 [R5 R6]]]]].
rewrite !F by (unfold c_one, c_alt, c_two, c_negsq; lia). auto.
Qed.

Lemma scale_net_run (N : snet) : forall y, (1 <= n)%nat -> srel y -> net_scalable N -> Forall writes_ok N ->
  net_run (soft_w 1) n (real_net (scale_net N)) y = net_run (soft_w (tau_paper n)) n (real_net N) y.
Proof.
induction N as [|L N IH]; intros y Hn Hr Hs Hw; [reflexivity|]. inversion Hs as [|L' N' HL HN]; subst. inversion Hw as [|L' N' WL WN]; subst.
cbn [scale_net map real_net net_run]. fold (scale_net N) (real_net (scale_net N)) (real_net N).
rewrite scale_layer_run by assumption. apply IH; [exact Hn|apply srel_frame; assumption|exact HN|exact WN].
Qed.

End Scale.

(** ** Every head of the compiled network is scalable *)

Ltac scl := unfold net_scalable, blayers in *; repeat match goal with
  | H : Forall _ ?L |- Forall _ ?L => exact H
  | |- Forall _ (_ ++ _) => apply Forall_app; split
  | |- Forall _ [] => constructor
  | |- Forall _ (_ :: _) => apply Forall_cons; cbv beta
  | |- scalable _ _ _ => unfold scalable; cbn; tauto
  | |- Forall _ (sl_heads _) => cbn [sl_heads unit_layer]
  | |- Forall _ (sh_terms _) => cbn [sh_terms sel_head su_head count_shead look_head mlook_head]
  end.

Lemma count_layers_scalable (kk xk : nat) (args : list (nat * Z)) (g : nat) (d : dir) : net_scalable kk xk (count_layers args g d).
Proof. revert g. induction args as [|[b a] args IH]; intros g; cbn [count_layers]; scl. apply IH. Qed.

Lemma terms_layers_scalable (kk xk : nat) (ts : list (nat * Z * dir)) (K : Q) (g : nat) : net_scalable kk xk (terms_layers kk xk ts K g).
Proof. revert g. induction ts as [|[[b a] d] ts IH]; intros g; cbn [terms_layers]; [scl|]. unfold term_layers. scl. apply IH. Qed.

Lemma sign_scalable (kk xk : nat) (att ev : nat) (qs : list (nat * Z)) (inv : nat) (K : Q) (c0 : Z) (m : mask) :
  Forall (scalable kk xk) (sh_terms (sign_shead att ev qs inv (c_alt kk) K c0 m)).
Proof.
cbn [sh_terms sign_shead]. unfold sign_sterms. apply Forall_app. split; [|scl].
apply Forall_forall. intros t Ht. apply in_map_iff in Ht. destruct Ht as [p [<- _]]. unfold scalable. cbn. tauto.
Qed.

Lemma bnode_scalable (kk : nat) (caus : bool) (xk : nat) (p : tl) : forall f r, net_scalable kk xk (blayers (bnode kk caus xk p f r))
with bterms_scalable (kk : nat) (caus : bool) (xk : nat) (e : lterm) : forall f r, net_scalable kk xk (blayers (bterms kk caus xk e f r)).
Proof.
- destruct p as [a|b|p|p q|p q|p|p|p q|p q|e c0|P|P d p]; intros f r; try rewrite bnode_cmp; cbn [cnode].
  + scl.
  + scl.
  + pose proof (bnode_scalable kk caus xk p f r) as H. destruct (bnode kk caus xk p f r) as [[[a L] f1] r1]. cbn [blayers] in *. scl.
  + pose proof (bnode_scalable kk caus xk p f r) as H1. destruct (bnode kk caus xk p f r) as [[[a L1] f1] r1].
    pose proof (bnode_scalable kk caus xk q f1 r1) as H2. destruct (bnode kk caus xk q f1 r1) as [[[b L2] f2] r2]. cbn [blayers] in *. scl.
  + pose proof (bnode_scalable kk caus xk p f r) as H1. destruct (bnode kk caus xk p f r) as [[[a L1] f1] r1].
    pose proof (bnode_scalable kk caus xk q f1 r1) as H2. destruct (bnode kk caus xk q f1 r1) as [[[b L2] f2] r2]. cbn [blayers] in *. scl.
  + pose proof (bnode_scalable kk caus xk p f r) as H. destruct (bnode kk caus xk p f r) as [[[a L] f1] r1]. cbn [blayers] in *. scl.
  + pose proof (bnode_scalable kk caus xk p f r) as H. destruct (bnode kk caus xk p f r) as [[[a L] f1] r1]. cbn [blayers] in *. scl.
  + pose proof (bnode_scalable kk caus xk p f r) as H1. destruct (bnode kk caus xk p f r) as [[[a L1] f1] r1].
    pose proof (bnode_scalable kk caus xk q f1 r1) as H2. destruct (bnode kk caus xk q f1 r1) as [[[b L2] f2] r2]. cbn [blayers] in *. scl.
  + pose proof (bnode_scalable kk caus xk p f r) as H1. destruct (bnode kk caus xk p f r) as [[[a L1] f1] r1].
    pose proof (bnode_scalable kk caus xk q f1 r1) as H2. destruct (bnode kk caus xk q f1 r1) as [[[b L2] f2] r2]. cbn [blayers] in *. scl.
  + pose proof (bterms_scalable kk caus xk e f r) as H. destruct (bterms kk caus xk e f r) as [[[args L] f1] r1].
    cbn [blayers] in H. destruct (lsame (ldir e) e); cbn [blayers]; apply Forall_app; (split; [exact H|]).
    * unfold cmp_layers. apply Forall_app. split; [apply count_layers_scalable|]. scl. apply sign_scalable.
    * unfold mix_layers. apply Forall_app. split; [apply terms_layers_scalable|]. scl.
  + scl.
  + pose proof (bnode_scalable kk caus xk p f r) as H. destruct (bnode kk caus xk p f r) as [[[a L] f1] r1]. cbn [blayers] in *.
    unfold pred_layers. scl.
- destruct e as [|a d p e]; intros f r; [cbn [cterms]; scl|rewrite cterms_cons].
  pose proof (bnode_scalable kk caus xk p f r) as H1. destruct (bnode kk caus xk p f r) as [[[b L1] f1] r1].
  pose proof (bterms_scalable kk caus xk e f1 r1) as H2. destruct (bterms kk caus xk e f1 r1) as [[[args L2] f2] r2]. cbn [blayers] in *. scl.
Qed.

(** ** Theorem 20 (b) at tau = 1 *)

Lemma x0_extra (n : nat) (w : nat -> nat) (kk : nat) (Ps : list npred) (ex : list (nat -> nat -> R)) (j m : nat) :
  (m < length ex)%nat -> embed kk (pes_count Ps ++ ex) n w j (kk + 13 + length Ps + m)%nat = nth m ex pe_none (S j) n.
Proof.
intros Hm. replace (kk + 13 + length Ps + m)%nat with (kk + (13 + length Ps + m))%nat by lia.
rewrite x0_pe. unfold pes_count. rewrite !map_app, <- !app_assoc.
rewrite !app_nth2 by (simpl; rewrite ?map_length; lia). simpl length. rewrite !map_length.
replace (13 + length Ps + m - 13 - length Ps)%nat with m by lia. apply nth_map_pe, Hm.
Qed.

Lemma x0_srel (n : nat) (w : nat -> nat) (kk : nat) (Ps : list npred) :
  srel kk (kk + 13 + length Ps) n (embed kk (pes_count Ps ++ pes_b) n w).
Proof.
intros j. set (x0 := embed kk (pes_count Ps ++ pes_b) n w).
assert (E : forall m c, c = (kk + 13 + length Ps + m)%nat -> (m < 6)%nat -> x0 j c = nth m pes_b pe_none (S j) n)
  by (intros m c -> Hm; apply x0_extra; simpl; lia).
assert (F : forall m c, c = (kk + m)%nat -> (m < 13)%nat -> x0 j c = nth m [1; (-1) ^ S j; INR (S j) / INR n; / INR (S j);
  / INR (n - S j + 1); even01 (S j); - (INR (S j) ^ 2); 0; 0; 0; 0; 0; 2 * INR (S j)] 0)
  by (intros m c -> Hm; apply x0_fixed, Hm).
rewrite (E 2%nat (kk + 13 + length Ps + 2)%nat), (E 3%nat (kk + 13 + length Ps + 3)%nat), (E 0%nat (kk + 13 + length Ps)%nat),
  (E 1%nat (S (kk + 13 + length Ps))), (E 4%nat (kk + 13 + length Ps + 4)%nat), (E 5%nat (kk + 13 + length Ps + 5)%nat),
  (F 0%nat (c_one kk)), (F 1%nat (c_alt kk)), (F 12%nat (c_two kk)), (F 6%nat (c_negsq kk))
  by (unfold c_one, c_alt, c_two, c_negsq; lia).
cbn [nth pes_b]. unfold pe_len, pe_alt_len, pe_twon2, pe_negsqn2, pe_twon, pe_negsqn.
repeat split; ring.
Qed.

Lemma writes_in_ok (kk xk : nat) (N : snet) (lo hi : nat) : writes_in N lo hi ->
  ((kk + 7 <= lo)%nat /\ (hi <= kk + 12)%nat \/ (xk + 6 <= lo)%nat) -> Forall (writes_ok kk xk) N.
Proof. intros H Hl. apply Forall_forall. intros L HL c E. specialize (H L c HL E). lia. Qed.

(** Variant (b): the scaled network of [ncompile_at] with the six embeddings [pes_b]. *)
Definition bcompile_b (k : nat) (p : tl) : snet * nat :=
  (scale_net k (k + 13 + length (tpreds p)) (fst (ncompile_at k false (length pes_b) p)), snd (ncompile_at k false (length pes_b) p)).
Definition tpes_b (p : tl) : list (nat -> nat -> R) := pes_count (tpreds p) ++ pes_b.

(** Theorem 20 (b), exact: for every formula of TL[#] over letters < k (comparisons mixing #left and
    #right included), every n >= 1, word w and position i < n, the softmax run at tau = 1 of
    [bcompile_b k p] on the unbounded embedding [tpes_b p] outputs exactly [w, i |= p]. *)
Theorem thm20b_tl_tau1_exact (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run 1 n (real_net (fst (bcompile_b k p))) (embed k (tpes_b p) n w) i (snd (bcompile_b k p)) = B2R (tsat n w p i).
Proof.
intros Hl Hn Hi. unfold bcompile_b, tpes_b, soft_run. cbn [fst snd].
set (P := tpreds p). set (xk := (k + 13 + length P)%nat). set (x0 := embed k (pes_count P ++ pes_b) n w).
set (W := soft_w (tau_paper n)).
assert (HW : hs_below n W) by (apply (hs_below_or n W Hn); right; reflexivity).
assert (Hex : (2 <= length pes_b)%nat -> nth 0 pes_b pe_none = pe_twon /\ nth 1 pes_b pe_none = pe_negsqn) by (intros; split; reflexivity).
assert (Hf : mfrag k false true p = true) by (rewrite mfrag_letters; exact Hl).
assert (Hmx : true = true -> (2 <= length pes_b)%nat) by (intros; simpl; lia).
pose proof (ncompile_at_ok n w k false true pes_b W p Hn HW Hf Hmx Hex i Hi) as Hok. fold P x0 in Hok.
assert (HN : net_scalable k xk (fst (ncompile_at k false (length pes_b) p)) /\ Forall (writes_ok k xk) (fst (ncompile_at k false (length pes_b) p))).
{ unfold ncompile_at. fold P. pose proof (bnode_scalable k false xk p (xk + length pes_b) 0) as Hs.
  destruct (prologue_ctx n w k false P pes_b W Hn HW Hex) as [Hc Hz].
  assert (Hpre : pre_ok P P 0) by (exists [], []; rewrite app_nil_r; split; reflexivity).
  pose proof (bnode_ok n w k false P true (length pes_b) W Hn HW Hmx p (xk + length pes_b) 0
                (net_run W n (real_net (prologue k false)) x0) Hf Hpre) as H.
  change (c_pred k (length P)) with xk in H. fold xk.
  destruct (bnode k false xk p (xk + length pes_b) 0) as [[[c L] f'] r'] eqn:E. cbn [fst blayers] in *.
  destruct H as [H1 [_ [_ [Hw _]]]]; [split; [unfold base; fold xk; lia|split; assumption]|].
  split.
  - unfold net_scalable. apply Forall_app. split; [|exact Hs]. unfold prologue, first_layer, last_layer, single_layer. scl.
  - apply Forall_app. split.
    + apply (writes_in_ok k xk _ (k + 7) (k + 12)); [apply (prologue_writes n k false pes_b Hn Hex)|lia].
    + apply (writes_in_ok k xk _ (xk + length pes_b) f'); [exact Hw|right; simpl; lia]. }
destruct HN as [Hs Hw].
rewrite (scale_net_run k xk n ltac:(unfold xk; lia) _ x0 Hn (x0_srel n w k P) Hs Hw). exact Hok.
Qed.

Theorem thm20b_tl_tau1 (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  round01 (soft_run 1 n (real_net (fst (bcompile_b k p))) (embed k (tpes_b p) n w) i (snd (bcompile_b k p))) = B2R (tsat n w p i).
Proof. intros Hl Hn Hi. rewrite thm20b_tl_tau1_exact by assumption. apply round_B2R. Qed.

(** Corollary 22 (b): TL[#] with since and until at tau = 1. *)
Corollary cor22b_tl_tau1 (k : nat) (p : tl) (n : nat) (w : nat -> nat) (i : nat) :
  tletters k p = true -> (1 <= n)%nat -> (i < n)%nat ->
  soft_run 1 n (real_net (fst (bcompile_b k p))) (embed k (tpes_b p) n w) i (snd (bcompile_b k p)) = B2R (tsat n w p i).
Proof. apply thm20b_tl_tau1_exact. Qed.
