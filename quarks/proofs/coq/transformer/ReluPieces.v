(** * Seed 004, Lemma 27: a ReLU network that rounds p-bit numbers to q bits has (2w)^l >= 2^q.

    A function f : R -> R is piecewise affine with breakpoints B ([pl B f]) when it is affine on
    every closed interval [a, b] with no point of B strictly inside; it then has at most
    length B + 1 pieces.  Telgarsky's count (our form): a network of l ReLU layers of width at
    most w on one real input, followed by an affine output, is [pl B] with
    length B + 1 <= (w + 1)^l ([net_pieces]), since a ReLU of a function affine on each of m pieces
    adds at most one breakpoint per piece ([pl_relu]).  The paper's rounding argument: a [pl B]
    function that takes equal values at a_j < a'_j and another at a_{j+1}, for j < M, has
    M <= length B ([steps_need_breaks]).  Floor-rounding the p-bit numbers k / 2^p (k < 2^p) to q
    bits (q < p) gives M = 2^q - 1 such steps, so 2^q <= (w + 1)^l <= (2w)^l ([lemma27]). *)
Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import Reals Lia Lra List Classical FunctionalExtensionality.
Import ListNotations.
Open Scope R_scope.

(** ** Piecewise affine functions *)

Definition affine_on (a b : R) (f : R -> R) : Prop := exists s t, forall y, a <= y <= b -> f y = s * y + t.
Definition avoids (B : list R) (a b : R) : Prop := forall z, In z B -> ~ (a < z < b).
Definition pl (B : list R) (f : R -> R) : Prop := forall a b, a < b -> avoids B a b -> affine_on a b f.

Lemma pl_incl (B B' : list R) (f : R -> R) : incl B B' -> pl B f -> pl B' f.
Proof. intros Hi H a b Hab Hav. apply H; [exact Hab|]. intros z Hz. apply Hav, Hi, Hz. Qed.

Lemma pl_const (B : list R) (c : R) : pl B (fun _ => c).
Proof. intros a b _ _. exists 0, c. intros; ring. Qed.

Lemma pl_id (B : list R) : pl B (fun x => x).
Proof. intros a b _ _. exists 1, 0. intros; ring. Qed.

Lemma pl_lin (B : list R) (c : R) (f g : R -> R) : pl B f -> pl B g -> pl B (fun x => c * f x + g x).
Proof.
intros Hf Hg a b Hab Hav. destruct (Hf a b Hab Hav) as [s [t Hs]]. destruct (Hg a b Hab Hav) as [s' [t' Hs']].
exists (c * s + s'), (c * t + t'). intros y Hy. rewrite (Hs y Hy), (Hs' y Hy). ring.
Qed.

(** ** A ReLU adds at most one breakpoint per piece *)

Section Relu.
Variables (B : list R) (g : R -> R).
Hypothesis Hg : pl B g.

(** z is a sign change of g: a zero outside B with nonzero values arbitrarily close. *)
Definition crossing (z : R) : Prop :=
  g z = 0 /\ ~ In z B /\ forall d, 0 < d -> exists y, Rabs (y - z) < d /\ g y <> 0.

Lemma far_from (l : list R) (z : R) : ~ In z l -> exists d, 0 < d /\ forall b, In b l -> d <= Rabs (b - z).
Proof.
induction l as [|b0 l IH]; intros Hn; [exists 1; split; [lra|intros b []]|].
destruct IH as [d [Hd H]]; [intros H; apply Hn; right; exact H|].
assert (Hb0 : b0 <> z) by (intros E; apply Hn; left; exact E).
exists (Rmin d (Rabs (b0 - z))). split.
- apply Rmin_pos; [exact Hd|apply Rabs_pos_lt; lra].
- intros b [<-|Hb]; [apply Rmin_r|]. eapply Rle_trans; [apply Rmin_l|apply H, Hb].
Qed.

(** Between two sign changes lies a point of B. *)
Lemma crossing_sep (z z' : R) : crossing z -> crossing z' -> z < z' -> exists b, In b B /\ z < b < z'.
Proof.
intros [Hz [HzB Hzd]] [Hz' _] Hlt. apply NNPP. intros Hno.
destruct (far_from B z HzB) as [d [Hd Hfar]].
assert (Hav : avoids B (z - d) z').
{ intros b Hb [H1 H2]. destruct (Rle_or_lt b z) as [Hle|Hgt].
  - specialize (Hfar b Hb). rewrite Rabs_left1 in Hfar by lra. lra.
  - apply Hno. exists b. split; [exact Hb|lra]. }
destruct (Hg (z - d) z' ltac:(lra) Hav) as [s [t Hst]].
assert (E1 : s * z + t = 0) by (rewrite <- Hst by lra; exact Hz).
assert (E2 : s * z' + t = 0) by (rewrite <- Hst by lra; exact Hz').
assert (Hs : s = 0) by (apply (Rmult_eq_reg_r (z' - z)); [|lra]; lra).
destruct (Hzd (Rmin d (z' - z)) ltac:(apply Rmin_pos; lra)) as [y [Hy Hgy]].
apply Hgy. assert (Hyz : Rabs (y - z) < d /\ Rabs (y - z) < z' - z)
  by (split; eapply Rlt_le_trans; [exact Hy|apply Rmin_l|exact Hy|apply Rmin_r]).
destruct Hyz as [Hy1 Hy2]. apply Rabs_def2 in Hy1. apply Rabs_def2 in Hy2.
rewrite Hst by lra. subst s. lra.
Qed.

Lemma filter_len (P : R -> bool) (l : list R) : (length (filter P l) <= length l)%nat.
Proof. induction l as [|x l IH]; simpl; [lia|destruct (P x); simpl; lia]. Qed.

(** Counting: a list of distinct points outside B, any two separated by a point of B, has at most
    length B + 1 elements. *)
Lemma sep_count (m : nat) : forall (C : list R) (L : list R), (length C <= m)%nat -> NoDup L ->
  (forall z, In z L -> ~ In z C) ->
  (forall z z', In z L -> In z' L -> z < z' -> exists b, In b C /\ z < b < z') ->
  (length L <= S (length C))%nat.
Proof.
induction m as [|m IH]; intros C L HC HL Hout Hsep.
- destruct C; [|simpl in HC; lia]. destruct L as [|z [|z' L]]; simpl; try lia.
  inversion HL as [|? ? Hn _]; subst. assert (Hzz : z <> z') by (intros ->; apply Hn; left; reflexivity).
  destruct (Rlt_or_le z z') as [Hlt|Hle].
  + destruct (Hsep z z' ltac:(left; reflexivity) ltac:(right; left; reflexivity) Hlt) as [b [[] _]].
  + destruct (Hsep z' z ltac:(right; left; reflexivity) ltac:(left; reflexivity) ltac:(lra)) as [b [[] _]].
- destruct C as [|b0 C']; [apply (IH []); simpl; auto; lia|].
  set (lo := fun r => if Rlt_dec r b0 then true else false).
  set (hi := fun r => if Rlt_dec b0 r then true else false).
  assert (HlenC : (length (filter lo C') + length (filter hi C') <= length C')%nat).
  { clear. induction C' as [|c C' IH]; simpl; [lia|]. unfold lo at 1, hi at 1.
    destruct (Rlt_dec c b0), (Rlt_dec b0 c); simpl; try lra; lia. }
  assert (HlenL : length L = (length (filter lo L) + length (filter hi L))%nat).
  { assert (Hne : forall z, In z L -> z <> b0) by (intros z Hz E; apply (Hout z Hz); left; symmetry; exact E).
    clear -Hne. induction L as [|z L IH]; simpl; [reflexivity|]. unfold lo at 1, hi at 1.
    assert (z <> b0) by (apply Hne; left; reflexivity).
    rewrite IH by (intros; apply Hne; right; assumption).
    destruct (Rlt_dec z b0), (Rlt_dec b0 z); simpl; try lra; try lia. }
  assert (Hpart : forall P : R -> bool,
            (forall z z' b, P z = true -> P z' = true -> z < b < z' -> b <> b0 /\ P b = true) ->
            (length (filter P L) <= S (length (filter P C')))%nat).
  { intros P HP. apply (IH (filter P C') (filter P L)).
    - simpl in HC. pose proof (filter_len P C'). lia.
    - apply NoDup_filter, HL.
    - intros z Hz HzC. apply filter_In in Hz, HzC. apply (Hout z (proj1 Hz)). right. exact (proj1 HzC).
    - intros z z' Hz Hz' Hlt. apply filter_In in Hz, Hz'.
      destruct (Hsep z z' (proj1 Hz) (proj1 Hz') Hlt) as [b [Hb Hzb]].
      destruct (HP z z' b (proj2 Hz) (proj2 Hz') Hzb) as [Hne HPb].
      exists b. split; [|exact Hzb]. apply filter_In. split; [|exact HPb].
      destruct Hb as [<-|Hb]; [contradiction|exact Hb]. }
  assert (H1 := Hpart lo ltac:(intros z z' b _ Hz' Hb; unfold lo in *; destruct (Rlt_dec z' b0); [|discriminate];
                                 destruct (Rlt_dec b b0); [split; [lra|reflexivity]|lra])).
  assert (H2 := Hpart hi ltac:(intros z z' b Hz _ Hb; unfold hi in *; destruct (Rlt_dec b0 z); [|discriminate];
                                 destruct (Rlt_dec b0 b); [split; [lra|reflexivity]|lra])).
  simpl. lia.
Qed.

(** The sign changes of g fit in a list of at most length B + 1 points. *)
Lemma crossings_list : exists Z, (length Z <= S (length B))%nat /\ forall z, crossing z -> In z Z.
Proof.
set (P := fun m => exists Z, NoDup Z /\ length Z = m /\ forall z, In z Z -> crossing z).
assert (Hbound : forall m, P m -> (m <= S (length B))%nat).
{ intros m [Z [HZ [<- Hc]]]. apply (sep_count (length B) B Z); [lia|exact HZ| |].
  - intros z Hz. exact (proj1 (proj2 (Hc z Hz))).
  - intros z z' Hz Hz' Hlt. apply crossing_sep; [apply Hc, Hz|apply Hc, Hz'|exact Hlt]. }
assert (Hmax : forall d m, P m -> (S (length B) - m <= d)%nat -> exists m', P m' /\ ~ P (S m')).
{ induction d as [|d IH]; intros m Hm Hd.
  - exists m. split; [exact Hm|]. intros HS. apply Hbound in HS. apply Hbound in Hm. lia.
  - destruct (classic (P (S m))) as [HS|HS]; [|exists m; split; assumption].
    apply (IH (S m) HS). pose proof (Hbound _ HS). lia. }
destruct (Hmax (S (length B)) 0%nat ltac:(exists []; split; [constructor|split; [reflexivity|intros z []]]) ltac:(lia))
  as [m [[Z [HZ [HZl HZc]]] HnS]].
exists Z. split; [rewrite HZl; apply Hbound; exists Z; auto|].
intros z Hz. apply NNPP. intros Hn. apply HnS. exists (z :: Z). split; [constructor; assumption|].
split; [simpl; rewrite HZl; reflexivity|]. intros y [<-|Hy]; [exact Hz|apply HZc, Hy].
Qed.

(** ReLU(g) is piecewise affine with the breakpoints of g and its sign changes. *)
Lemma pl_relu : exists Z, (length Z <= S (length B))%nat /\ pl (B ++ Z) (fun x => Rmax 0 (g x)).
Proof.
destruct crossings_list as [Z [HZ Hin]]. exists Z. split; [exact HZ|].
intros a b Hab Hav. assert (HavB : avoids B a b) by (intros z Hz; apply Hav, in_or_app; left; exact Hz).
destruct (Hg a b Hab HavB) as [s [t Hst]].
destruct (classic (forall y, a <= y <= b -> 0 <= g y)) as [Hpos|Hpos].
{ exists s, t. intros y Hy. rewrite Rmax_right by (apply Hpos, Hy). apply Hst, Hy. }
destruct (classic (forall y, a <= y <= b -> g y <= 0)) as [Hneg|Hneg].
{ exists 0, 0. intros y Hy. rewrite Rmax_left by (apply Hneg, Hy). ring. }
exfalso. apply not_all_ex_not in Hpos. destruct Hpos as [y1 Hy1]. apply not_all_ex_not in Hneg. destruct Hneg as [y2 Hy2].
apply imply_to_and in Hy1, Hy2. destruct Hy1 as [Hy1 Hg1], Hy2 as [Hy2 Hg2]. apply Rnot_le_lt in Hg1, Hg2.
rewrite (Hst y1 Hy1) in Hg1. rewrite (Hst y2 Hy2) in Hg2.
assert (Hs : s <> 0) by (intros ->; lra).
set (z := - t / s).
assert (Hsz : s * z + t = 0) by (unfold z; field; exact Hs).
assert (Hz : a < z < b).
{ destruct (Rlt_or_le 0 s) as [Hsp|Hsn].
  - assert (y1 < z < y2).
    { split; apply (Rmult_lt_reg_l s); [exact Hsp|lra|exact Hsp|lra]. } lra.
  - assert (Hsn' : 0 < - s) by lra.
    assert (y2 < z < y1).
    { split; apply (Rmult_lt_reg_l (- s)); [exact Hsn'|lra|exact Hsn'|lra]. } lra. }
apply (Hav z); [|exact Hz]. apply in_or_app. right. apply Hin. split; [|split].
- rewrite Hst by lra. exact Hsz.
- intros HzB. exact (HavB z HzB Hz).
- intros d Hd. set (y := z + Rmin d (b - z) / 2).
  assert (Hm : 0 < Rmin d (b - z)) by (apply Rmin_pos; lra).
  assert (Hm1 : Rmin d (b - z) <= d) by apply Rmin_l. assert (Hm2 : Rmin d (b - z) <= b - z) by apply Rmin_r.
  exists y. split.
  + unfold y. replace (z + Rmin d (b - z) / 2 - z) with (Rmin d (b - z) / 2) by ring.
    rewrite Rabs_right by lra. lra.
  + unfold y. rewrite Hst by lra. intros E. apply Hs.
    apply (Rmult_eq_reg_r (Rmin d (b - z) / 2)); [|lra]. lra.
Qed.

End Relu.

(** ** ReLU networks on one real input *)

(** A neuron: weights on the previous layer's outputs and a bias. *)
Definition neuron := (list R * R)%type.

Fixpoint dot (ws xs : list R) : R :=
  match ws, xs with w :: ws', x :: xs' => w * x + dot ws' xs' | _, _ => 0 end.

Definition layer_fn (L : list neuron) (fs : list (R -> R)) : list (R -> R) :=
  map (fun nb => fun x => Rmax 0 (dot (fst nb) (map (fun f => f x) fs) + snd nb)) L.

Fixpoint hidden (Ls : list (list neuron)) (fs : list (R -> R)) : list (R -> R) :=
  match Ls with [] => fs | L :: Ls' => hidden Ls' (layer_fn L fs) end.

(** The network: the hidden ReLU layers Ls on the input x, then the affine output out. *)
Definition net_fn (Ls : list (list neuron)) (out : neuron) (x : R) : R :=
  dot (fst out) (map (fun f => f x) (hidden Ls [fun y => y])) + snd out.

Lemma pl_dot (B : list R) (ws : list R) (c : R) : forall fs, Forall (pl B) fs ->
  pl B (fun x => dot ws (map (fun f => f x) fs) + c).
Proof.
induction ws as [|w ws IH]; intros [|f fs] H; simpl; try apply pl_const.
inversion H; subst. replace (fun x => w * f x + dot ws (map (fun f0 => f0 x) fs) + c)
  with (fun x => w * f x + (dot ws (map (fun f0 => f0 x) fs) + c)) by (apply functional_extensionality_dep; intros; ring).
apply pl_lin; [assumption|apply IH; assumption].
Qed.

(** One layer of width m multiplies the number of pieces by at most m + 1. *)
Lemma layer_pieces (B : list R) (fs : list (R -> R)) (L : list neuron) : Forall (pl B) fs ->
  exists B', incl B B' /\ (length B' + 1 <= S (length L) * (length B + 1))%nat /\ Forall (pl B') (layer_fn L fs).
Proof.
intros Hfs. induction L as [|nb L IH].
- exists B. split; [apply incl_refl|split; [simpl; lia|constructor]].
- destruct IH as [B1 [Hi [Hl Hf]]].
  destruct (pl_relu B _ (pl_dot B (fst nb) (snd nb) fs Hfs)) as [Z [HZ Hr]].
  exists (B1 ++ Z). split; [intros z Hz; apply in_or_app; left; apply Hi, Hz|split].
  + rewrite app_length. simpl length. simpl in Hl |- *. lia.
  + constructor.
    * apply (pl_incl (B ++ Z)); [|exact Hr]. intros z Hz. apply in_app_or in Hz. apply in_or_app.
      destruct Hz as [Hz|Hz]; [left; apply Hi, Hz|right; exact Hz].
    * eapply Forall_impl; [|exact Hf]. intros f Hpf. apply (pl_incl B1); [|exact Hpf]. intros z Hz; apply in_or_app; left; exact Hz.
Qed.

(** Telgarsky's count, our form: l layers of width at most w give at most (w + 1)^l pieces. *)
Theorem net_pieces (w : nat) (Ls : list (list neuron)) (out : neuron) : Forall (fun L => (length L <= w)%nat) Ls ->
  exists B, (length B + 1 <= S w ^ length Ls)%nat /\ pl B (net_fn Ls out).
Proof.
intros Hw. assert (H : forall Ls B fs, Forall (fun L => (length L <= w)%nat) Ls -> Forall (pl B) fs ->
  exists B', (length B' + 1 <= S w ^ length Ls * (length B + 1))%nat /\ Forall (pl B') (hidden Ls fs)).
{ clear. induction Ls as [|L Ls IH]; intros B fs Hw Hfs; cbn [hidden length].
  - exists B. split; [simpl; lia|exact Hfs].
  - inversion Hw; subst. destruct (layer_pieces B fs L Hfs) as [B1 [_ [Hl Hf]]].
    destruct (IH B1 _ H2 Hf) as [B2 [Hl2 Hf2]]. exists B2. split; [|exact Hf2].
    eapply Nat.le_trans; [exact Hl2|]. eapply Nat.le_trans; [apply Nat.mul_le_mono_l, Hl|].
    assert (HL : (S (length L) <= S w)%nat) by lia.
    replace (S w ^ S (length Ls))%nat with (S w ^ length Ls * S w)%nat by (simpl; ring).
    rewrite <- Nat.mul_assoc. apply Nat.mul_le_mono_l, Nat.mul_le_mono_r, HL. }
destruct (H Ls [] [fun y => y] Hw ltac:(constructor; [apply pl_id|constructor])) as [B [Hl Hf]].
exists B. split; [simpl in Hl; lia|]. apply pl_dot, Hf.
Qed.

(** ** Steps need breakpoints (the paper's argument) *)

Lemma step_break (B : list R) (f : R -> R) (a a' c : R) : pl B f -> a < a' < c -> f a = f a' -> f a' <> f c ->
  exists b, In b B /\ a < b < c.
Proof.
intros Hf Ha Eq Ne. apply NNPP. intros Hno.
assert (Hav : avoids B a c) by (intros z Hz Hzi; apply Hno; exists z; split; assumption).
destruct (Hf a c ltac:(lra) Hav) as [s [t Hst]].
rewrite (Hst a), (Hst a') in Eq by lra. rewrite (Hst a'), (Hst c) in Ne by lra.
assert (s = 0) by (apply (Rmult_eq_reg_r (a' - a)); lra). subst s. apply Ne. ring.
Qed.

(** A piecewise affine function with M steps a_j < a'_j < a_{j+1}, f(a_j) = f(a'_j) <> f(a_{j+1}),
    has at least M breakpoints. *)
Theorem steps_need_breaks (B : list R) (f : R -> R) (M : nat) (a a' : nat -> R) : pl B f ->
  (forall j, (j < M)%nat -> a j < a' j < a (S j)) ->
  (forall j, (j < M)%nat -> f (a j) = f (a' j) /\ f (a' j) <> f (a (S j))) ->
  (M <= length B)%nat.
Proof.
intros Hf Ha Hv.
assert (H : forall m, (m <= M)%nat -> exists Lb, NoDup Lb /\ incl Lb B /\ length Lb = m /\ forall b, In b Lb -> b < a m).
{ induction m as [|m IH]; intros Hm.
  - exists []. split; [constructor|split; [intros z []|split; [reflexivity|intros b []]]].
  - destruct (IH ltac:(lia)) as [Lb [Hnd [Hi [Hl Hlt]]]].
    destruct (Hv m ltac:(lia)) as [E N]. destruct (step_break B f (a m) (a' m) (a (S m)) Hf (Ha m ltac:(lia)) E N) as [b [Hb Hab]].
    exists (b :: Lb). split; [constructor; [intros Hin; specialize (Hlt b Hin); lra|exact Hnd]|].
    split; [intros z [<-|Hz]; [exact Hb|apply Hi, Hz]|split; [simpl; rewrite Hl; reflexivity|]].
    intros z [<-|Hz]; [lra|]. specialize (Hlt z Hz). pose proof (Ha m ltac:(lia)). lra. }
destruct (H M (Nat.le_refl M)) as [Lb [Hnd [Hi [Hl _]]]]. rewrite <- Hl. apply NoDup_incl_length; assumption.
Qed.

(** ** Lemma 27 *)

(** Our Lemma 27: for all p, q, w with q < p and every network of l = length Ls ReLU layers of width
    at most w on one real input that floor-rounds every p-bit number k / 2^p (k < 2^p) to q bits,
    2^q <= (w + 1)^l; and 2^q <= (2w)^l when w >= 1 (the paper's bound). *)
Theorem lemma27_pieces (p q w : nat) (Ls : list (list neuron)) (out : neuron) :
  (q < p)%nat -> Forall (fun L => (length L <= w)%nat) Ls ->
  (forall k, (k < 2 ^ p)%nat -> net_fn Ls out (INR k / INR (2 ^ p)) = INR (k / 2 ^ (p - q)) / INR (2 ^ q)) ->
  (2 ^ q <= S w ^ length Ls)%nat.
Proof.
intros Hqp Hw Hround. destruct (net_pieces w Ls out Hw) as [B [Hl Hf]].
set (d := (2 ^ (p - q))%nat).
assert (Hp : (2 ^ p = 2 ^ q * d)%nat) by (unfold d; rewrite <- Nat.pow_add_r; f_equal; lia).
assert (Hd : (2 <= d)%nat) by (unfold d; replace (p - q)%nat with (S (p - q - 1)) by lia; simpl; pose proof (Nat.pow_nonzero 2 (p - q - 1)); lia).
assert (Hq : (1 <= 2 ^ q)%nat) by (pose proof (Nat.pow_nonzero 2 q); lia).
assert (HP : 0 < INR (2 ^ p)) by (apply lt_0_INR; pose proof (Nat.pow_nonzero 2 p); lia).
set (a := fun j => INR (j * d) / INR (2 ^ p)). set (a' := fun j => INR (j * d + 1) / INR (2 ^ p)).
assert (Hdiv : forall j r, (r < d)%nat -> ((j * d + r) / d = j)%nat).
{ intros j r Hr. rewrite Nat.div_add_l by lia. rewrite Nat.div_small by lia. lia. }
assert (Hsteps := steps_need_breaks B (net_fn Ls out) (2 ^ q - 1) a a' Hf).
enough (M : (2 ^ q - 1 <= length B)%nat) by lia.
apply Hsteps.
- intros j Hj. unfold a, a'. split; apply Rmult_lt_compat_r; try (apply Rinv_0_lt_compat; exact HP); apply lt_INR; nia.
- intros j Hj. unfold a, a'.
  assert (Hk : forall r, (r < d)%nat -> (j * d + r < 2 ^ p)%nat) by (intros; rewrite Hp; nia).
  assert (Hk1 : (S j * d < 2 ^ p)%nat) by (rewrite Hp; nia).
  rewrite (Hround (j * d)%nat) by (replace (j * d)%nat with (j * d + 0)%nat by lia; apply Hk; lia).
  rewrite (Hround (j * d + 1)%nat) by (apply Hk; lia). rewrite (Hround (S j * d)%nat Hk1).
  replace (j * d / 2 ^ (p - q))%nat with j by (fold d; replace (j * d)%nat with (j * d + 0)%nat by lia; rewrite Hdiv; lia).
  replace ((j * d + 1) / 2 ^ (p - q))%nat with j by (fold d; rewrite Hdiv; lia).
  replace (S j * d / 2 ^ (p - q))%nat with (S j) by (fold d; replace (S j * d)%nat with (S j * d + 0)%nat by lia; rewrite Hdiv; lia).
  split; [reflexivity|]. intros E. assert (HQ : 0 < INR (2 ^ q)) by (apply lt_0_INR; lia).
  apply Rmult_eq_reg_r in E; [|apply Rinv_neq_0_compat; lra]. apply INR_eq in E. lia.
Qed.

Theorem lemma27 (p q w : nat) (Ls : list (list neuron)) (out : neuron) :
  (q < p)%nat -> (1 <= w)%nat -> Forall (fun L => (length L <= w)%nat) Ls ->
  (forall k, (k < 2 ^ p)%nat -> net_fn Ls out (INR k / INR (2 ^ p)) = INR (k / 2 ^ (p - q)) / INR (2 ^ q)) ->
  (2 ^ q <= (2 * w) ^ length Ls)%nat.
Proof.
intros Hqp Hw1 Hw Hr. eapply Nat.le_trans; [apply (lemma27_pieces p q w Ls out Hqp Hw Hr)|].
apply Nat.pow_le_mono_l. lia.
Qed.
