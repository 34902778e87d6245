"""Seed 004, §5 and Appendices A, D, E: uniform-tieless attention (our reconstructed statements).

The programs (flip-flop, induction head, Dyck-k) are in :mod:`quarks.attention.programs`; gaps,
our temperature rule and the certification in :mod:`quarks.attention.uniform_tieless`.  Lemmas
28, 30-32, 34 are exact inequalities checked on exhaustive integer boxes (``forall``); Lemma 33 on
an exhaustive grid with arb balls; Lemma 27 by exact breakpoint enumeration of concrete FFNs.
"""
from __future__ import annotations

from fractions import Fraction

from quarks.certificates.evidence import digest, exhaustive, forall
from quarks.claims.claim import Claim, Source, Verdict

EPS = "1/10"
UT = "quarks.attention.uniform_tieless"
QUICK = [{"program": "flipflop", "n": 8}, {"program": "induction", "n": 6}, {"program": "dyck1", "n": 8},
         {"program": "dyck2", "n": 4}]
FULL = ([{"program": "flipflop", "n": n} for n in range(2, 13)] + [{"program": "induction", "n": n} for n in range(2, 11)]
        + [{"program": "dyck1", "n": n} for n in range(2, 13)] + [{"program": "dyck2", "n": n} for n in range(2, 9)])


def _facts(records, summary, counterexample=None):
    if all(r.get("holds", r.get("result", {}).get("holds")) for r in records):
        return Verdict.verified(summary, records)
    return Verdict.refuted(summary, counterexample or "see evidence", records)


# --- Lemma 24 and the programs -----------------------------------------------------------------

def check_lemma24(inst) -> Verdict:
    rec = exhaustive(f"{UT}:analyse", program=inst["program"], n=inst["n"])
    r = rec["result"]
    if r["holds"]:
        return Verdict.verified(f"{inst['program']}, n={inst['n']}: {r['cases']} inputs, every head uniform or "
                                f"tieless; gaps {r['gaps']}, gamma = {r['gamma']} > 0", [rec])
    return Verdict.refuted("a tie or a wrong output", {"gaps": r["gaps"], "agrees": r["agrees"]}, [rec])


lemma24 = Claim(
    id="yang.lemma24", recheck="evidence", source=Source("004", "Lemma 24"),
    coq=("MatrixGap.v:lemma24_matrix",),
    coq_hypotheses={
        "lemma24_matrix": ["(forall w : list nat, length w = n -> (forall a : nat, In a w -> (a < k)%nat) -> "
                           "mut_run d n net (word_input k pe n w))"]},
    statement="Every uniform-tieless average-hard transformer has gamma(n) > 0 (instances: our flip-flop, "
              "induction-head and Dyck-k programs; gaps computed exactly over every input of length n).  Coq, "
              "for the paper's transformer (MatrixModel.v: query, key, value and output matrices, several heads "
              "per layer, feed-forward blocks; any model width d, alphabet size k, length n, position "
              "embeddings pe and network): (lemma24_matrix) if on every word of length n over k letters every "
              "head of the hard run is, at every layer, uniform (no query/key rows, average hardmax) or "
              "strictly tieless (at every position one visible score is larger than every other), then there "
              "is one g > 0 such that on every such word every non-uniform head has gap at least g at every "
              "position and layer.",
    latex=r"\gamma(n)=\min_{w\in\Sigma^n,i}\,(s_{i,j^*}-\max_{j\ne j^*}s_{ij})>0",
    kind="finite", instances={"quick": QUICK, "full": FULL}, check=check_lemma24, size="n")


def check_thm26(inst) -> Verdict:
    from quarks.attention import uniform_tieless as U

    prog, n, eps = inst["program"], inst["n"], inst.get("eps", EPS)
    a = exhaustive(f"{UT}:analyse", program=prog, n=n)
    if not a["result"]["holds"]:
        return Verdict.refuted("not uniform-tieless / wrong output", a["result"]["gaps"], [a])
    gamma, X = Fraction(a["result"]["gamma"]), Fraction(a["result"]["X"])
    if "tau" in inst:  # a given temperature (the hot variant)
        tau, recs = Fraction(inst["tau"]), [a]
    else:
        m, tau, _ = U.rule(prog, n, gamma, X, Fraction(eps))
        recs = [a, exhaustive(f"{UT}:theorem26", program=prog, n=n, eps=eps, gamma=str(gamma), X=str(X), m=m)]
    c = exhaustive(f"{UT}:certify", program=prog, n=n, tau=str(tau), eps=eps)
    recs.append(c)
    if all(r["result"]["holds"] for r in recs):
        return Verdict.verified(f"{prog}, n={n}: gamma={gamma}, X={X}, tau={tau}; a priori bound "
                                f"{float(Fraction(recs[1]['result']['bound'])) if len(recs) > 2 else '-':.3g}; certified radius "
                                f"{float(c['result']['radius']):.3g} <= {eps} on {c['result']['cases']} inputs",
                                recs, gamma=str(gamma), tau=str(tau))
    word = c["result"]["failure"]
    b = exhaustive(f"{UT}:ball_check", program=prog, word=word, tau=str(tau), eps=eps)
    recs.append(b)
    if not b["result"]["holds"]:
        return Verdict.refuted(f"{prog} at tau={tau}: softmax output more than {eps} from hard on {word!r}",
                               {"word": word, "positions": b["result"]["violations"], "soft": b["result"]["soft"],
                                "hard": b["result"]["hard"]}, recs)
    return Verdict.inconclusive(f"certification failed on {word!r} but arb balls show no violation", recs)


thm26 = Claim(
    id="yang.thm26", recheck="evidence", source=Source("004", "Theorem 26"),
    coq=("MatrixError.v:thm26_matrix", "MatrixError.v:thm26_matrix_closed", "MatrixGap.v:thm26_words",
         "MatrixGap.v:ex_thm26_matrix", "MatrixCopy.v:copy_hard_run", "MatrixCopy.v:copy_soft_run",
         "Transformer.v:thm26_rule", "Transformer.v:thm26_fresh", "MatrixCopy.v:thm26", "MatrixCopy.v:thm26_closed"),
    coq_hypotheses={
        "thm26_matrix": ["0 < g", "0 < eps", "0 <= X", "mhard_ok d n g X net x", "0 < tau", "tau <= temp26_matrix d n g X eps net"],
        "thm26_matrix_closed": ["0 < g", "0 < eps", "0 <= X0", "dbounded d n X0 x", "mgaps_ok d n g net x", "0 < tau",
                                "tau <= temp26_matrix d n g (mnet_X d net X0) eps net"],
        "thm26_words": ["0 < eps", "(forall (f : nat -> nat -> R) (i : nat), In f pe -> (i < n)%nat -> Rabs (f (S i) n) <= P)",
                        "(forall w : list nat, length w = n -> (forall a : nat, In a w -> (a < k)%nat) -> "
                        "mut_run d n net (word_input k pe n w))"],
        "ex_thm26_matrix": ["0 < eps"],
        "copy_hard_run": ["net_below d net"],
        "copy_soft_run": ["net_below d net"],
        "thm26_rule": ["0 < g", "0 < m", "INR (n - 1) * exp (- m) <= U", "0 <= X", "hard_ok n g X net x", "supported n used x", "fresh used net", "rec_ok X U g net 0", "net_err1 X U net 0 <= eps"],
        "thm26_fresh": ["0 < g", "0 < eps", "0 <= X", "hard_ok n g X net x", "supported n used x", "fresh used net", "0 < tau", "tau <= temp26_fresh n g X eps net"],
        "thm26": ["0 < g", "0 < eps", "0 <= X", "hard_ok n g X net x", "0 < tau", "tau <= temp26 n g X eps net"],
        "thm26_closed": ["0 < g", "0 < eps", "0 <= X0", "bounded n X0 x", "gaps_ok n g net x", "0 < tau", "tau <= temp26 n g (net_X net X0) eps net"]},
    statement="For a uniform-tieless average-hard transformer, softmax at tau(n) = gamma(n)/(2 m(n)) (our rule: "
              "m(n) least with our Lemma 25 recursion <= eps) stays within eps = 1/10 of the hard model on every "
              "input of length n (a priori bound exact; every input certified with arb-backed radii).  "
              "Coq, for the paper's transformer (MatrixModel.v: each head has an e x d query and key matrix, an r x d "
              "value and a d x r output matrix and writes W_O sum_j w_ij W_V x_j; a layer adds all its heads, then "
              "its feed-forward blocks W_2 ReLU(W_1 y + b_1) + b_2, with residual connections), for every width d, "
              "depth, length n and input: (thm26_matrix) if g > 0, eps > 0, X >= 0 and the hard run is bounded by X "
              "and every head is uniform or tieless with gap g at every layer, then softmax at every "
              "0 < tau <= g / (2 ln(2 + (n-1) B K)) is within eps of the hard run at every position and coordinate, "
              "B the growth factor of our Lemma 25 recursion (per layer (1 + sum of the blocks' Lipschitz norms) "
              "(delta + sum of the heads' |W_O W_V| norms (delta + 2 X u))), K = 1/eps + 1 + 4 C (2X + 1)/g, C the "
              "total of sum_a |row a of W_Q|_1 |row a of W_K|_1 over the heads; (thm26_matrix_closed) the same with "
              "X the Lemma 29 bound of an initial stream bounded by X_0 >= 0; (thm26_words) for position embeddings "
              "bounded by P and a network whose heads are uniform or strictly tieless on every word of length n, "
              "one g > 0 (Lemma 24) makes this hold on every word; (ex_thm26_matrix) the hypotheses hold at every n "
              "for a head whose value matrix reads two letter coordinates and whose output matrix writes their "
              "difference (scores 1 * (j + 1)/n).  The coordinate-copy model of "
              "TransformerModel.v (a head copies one coordinate, scores sum_t c_t x_i[q_t] x_j[k_t], units write one "
              "coordinate) is the special case of one-hot matrices: with every coordinate below d, its hard and soft "
              "runs are those of its matrix form (copy_hard_run, copy_soft_run).  For the coordinate-copy model: "
              "(thm26_rule) if the network "
              "is write-once (each layer writes distinct coordinates that are 0 until then), g > 0, m > 0, X >= 0, "
              "U >= (n-1) e^{-m}, the hard run is bounded by X and every head is uniform or tieless with gap g at "
              "every layer, and our Lemma 25 recursion run with U keeps every score error "
              "sum_t |c_t| (2 X delta + delta^2) <= g/4 and ends <= eps, then softmax at tau = g/(2m) is within eps "
              "of the hard run at every position and coordinate; (thm26_fresh) for a write-once network with the "
              "same hypotheses on the hard run and eps > 0, every 0 < tau <= g / (2 ln(2 + (n-1) B K)) works, B the "
              "growth factor of that recursion (run with U = 1 from 0), K = 1/eps + 1 + 4 C (2X + 1)/g, C the total "
              "score coefficient mass; (thm26) the same closed form for any network, with B from the coarser "
              "recursion of lemma25, a corollary of thm26_matrix (the matrix form's norms are at most the copy "
              "model's constants, and coordinates at or above d are never written); (thm26_closed) "
              "the same with X the Lemma 29 bound of an initial stream bounded by X_0 >= 0.",
    latex=r"\tau(n)=\gamma(n)/(2m(n)),\ \|\hat y-y\|_\infty\le\varepsilon",
    kind="construction", instances={"quick": QUICK, "full": FULL}, check=check_thm26, size="n")

thm26_hot = Claim(
    id="yang.thm26-hot", recheck="evidence", source=Source("004", "Theorem 26 (temperature too high)"),
    statement="Refuted variant: the flip-flop program at tau = 1 (far above gamma(n) = 1/n) stays within 1/10 "
              "of the hard model.",
    latex=r"\tau=1", kind="construction", expected="refuted", variant="temperature too high",
    instances={"quick": [{"program": "flipflop", "n": 6, "tau": "1"}],
               "full": [{"program": "flipflop", "n": 8, "tau": "1"}, {"program": "induction", "n": 6, "tau": "1"}]},
    check=check_thm26, note="Caught by the certification; the arb balls confirm the violation.")


_LEN = "length w = n"
_LETTERS = "(forall a : nat, In a w -> (a < 2 * k)%nat)"
_TAU = "tau <= temp26 n (/ INR n) (net_X (dyck_net k n) (Rmax 1 1)) (1 / 4) (dyck_net k n)"
_LETTERS2 = "(forall a : nat, In a w -> (a < k + k)%nat)"
_TAU2 = "tau <= brasp_temp (k + k) n (dyck_prog k) (/ 4)"


def check_dyck(inst) -> Verdict:
    """Both networks: the per-length one (programs.dyck) and the S-RASP one for every length (dyck_srasp),
    whose gap must be at least Coq's 1/(2 n^3)."""
    n = inst["n"]
    rec = exhaustive(f"{UT}:analyse", program=inst["program"], n=n)
    srec = exhaustive(f"{UT}:analyse", program="s" + inst["program"], n=n)
    r, s = rec["result"], srec["result"]
    gap_ok = s["gamma"] is None or Fraction(s["gamma"]) >= Fraction(1, 2 * n ** 3)
    if r["agrees"] and s["holds"] and gap_ok:
        gap = f"gap {s['gamma']} >= 1/(2n^3)" if s["gamma"] else "no gap (one visible position)"
        return Verdict.verified(f"{inst['program']}: both hard models = stack recognizer at every position of all "
                                f"{r['cases']} words of length {n}; the S-RASP network's heads uniform or "
                                f"tieless, {gap}", [rec, srec])
    return Verdict.refuted("disagrees with the stack recognizer, a tie, or a gap below 1/(2n^3)",
                           {"n": n, "per-length agrees": r["agrees"], "srasp agrees": s["agrees"],
                            "srasp uniform-tieless": s["holds"], "srasp gap": s["gamma"]}, [rec, srec])


dyck = Claim(
    id="yang.dyck", source=Source("004", "Appendix E"),
    coq=("Dyck.v:dyck_program_correct", "Dyck.v:dyck_program_accepts", "DyckSRasp.v:dyck_prog_wt",
         "DyckSRaspThm.v:dyck_prog_out", "DyckSRaspThm.v:dyck_srasp_round", "DyckSRaspThm.v:dyck_srasp_correct",
         "SRaspIntBool.v:thm26_brasp_gaps", "DyckHeads.v:dyck_heads_correct",
         "DyckNetThm.v:dyck_net_hard", "DyckNetThm.v:dyck_net_gaps", "DyckNetThm.v:dyck_net_soft",
         "DyckNetThm.v:dyck_net_correct", "DyckNetThm.v:dyck_matrix_round", "DyckNetThm.v:dyck_temp_pos",
         "DyckNetThm.v:dyck_net_accepts", "EngineNets.v:sdyck_net_real", "SRaspIntRat.v:sdyck_brasp_real",
         "Temp26Order.v:dyck_srasp_temp_lower"),
    coq_hypotheses={
        "dyck_program_correct": ["i < length w"],
        "dyck_program_accepts": ["w <> []"],
        "dyck_prog_wt": [],
        "dyck_prog_out": ["(i < n)%nat", "(forall j : nat, (j <= i)%nat -> (letter w j < k + k)%nat)"],
        "dyck_srasp_round": [_LEN, _LETTERS2, "(i < n)%nat", "0 < tau", _TAU2],
        "dyck_srasp_correct": [_LEN, _LETTERS2, "(i < n)%nat", "0 < tau", _TAU2],
        "thm26_brasp_gaps": ["brasp_wt k p = true"],
        "dyck_heads_correct": ["length w = n", "(i < n)%nat"],
        "dyck_net_hard": [_LEN, _LETTERS, "(i < n)%nat"],
        "dyck_net_gaps": [_LEN, _LETTERS],
        "dyck_net_soft": [_LEN, _LETTERS, "(i < n)%nat", "0 < tau", _TAU],
        "dyck_net_correct": [_LEN, _LETTERS, "(i < n)%nat", "0 < tau", _TAU],
        "dyck_matrix_round": ["net_below d (dyck_net k n)", _LEN, _LETTERS, "(i < n)%nat", "0 < tau", _TAU],
        "dyck_temp_pos": ["(1 <= n)%nat"],
        "dyck_net_accepts": ["w <> []", _LETTERS, "0 < tau",
                             "tau <= temp26 (length w) (/ INR (length w)) (net_X (dyck_net k (length w)) (Rmax 1 1)) "
                             "(1 / 4) (dyck_net k (length w))"],
        "sdyck_net_real": [],
        "sdyck_brasp_real": [],
        "dyck_srasp_temp_lower": ["(2 <= n)%nat"]},
    statement="The Appendix E program for Dyck-k (our average-hard encoding) outputs 1 at i iff the prefix "
              "through i is in Dyck-k, and one softmax network for every length (width and weights independent of n, "
              "bounded embeddings) computes it (Coq, below); checked by running under exact average hardmax both the engine's per-length "
              "networks and its copy of that one network (quarks.attention.dyck_srasp: brasp_net (2k) (dyck_prog k), "
              "every head found uniform or tieless with gap at least 1/(2n^3)) on every string up to length 12 (k = 1) and 8 (k = 2).  Coq, for every k, every length n, every word w of length n over the "
              "2k letters (a < k opens type a, k + t closes type t; Dyck-k by a stack recognizer) and every "
              "position i < n: (dyck_program_correct, dyck_program_accepts) the program position by position "
              "(d_i = #open - #close through i, D_i = d_i + [w_i closes], the rightmost j <= i with w_j open "
              "and d_j = D_i >= 1, else i; err1 = [close, D_i <= 0], match, E_i = err1 + [close] - match, "
              "any = max_{j <= i} E_j, out = [d_i = 0 and any = 0]) outputs 1 at i iff w_0..w_i is in Dyck-k "
              "(for every word, at the last position iff w is); (dyck_prog_wt, dyck_prog_out) the same program "
              "written as 43 operations of our S-RASP fragment with integer sequences (dyck_prog k: the letter codes, "
              "open and close, prefix counts read back through the position embeddings, d_i = 2 l_i - (i+1), D_i, "
              "one selection comparing integers for the rightmost j <= i with w_j open and d_j = D_i, the match and "
              "error flags from the Booleans [c_i <= 1] of integer sequences, any error so far by a rightmost "
              "selection, out) is well typed for every k and outputs Dyck.v's out at every position; "
              "(thm26_brasp_gaps, dyck_srasp_round, dyck_srasp_correct) its compiled network "
              "brasp_net (2k) (dyck_prog k), one network for every length n >= 1 (width 2k + 51 and weights "
              "independent of n; the paper's query, key, value and output matrices) reading only the bounded "
              "embeddings 1, (i+1)/n, [i odd], 1/n, 1/(i+1), ((i+1)/n)^2, (i+1)/n^2 (its first layer writes "
              "[n = 1] = ReLU(2 (1/n) - 1)), has every head uniform or tieless with gap 1/(2n^3), and at every "
              "0 < tau <= brasp_temp (Theorem 26's temperature at that gap, Lemma 29's X from the embedding "
              "bound 1, eps = 1/4) its softmax output after Lemma 9's rounding is exactly [w_0..w_i in Dyck-k]; "
              "(dyck_srasp_temp_lower) that temperature is at least c0/(n^3 ln n) for every n >= 2, with "
              "c0 = brasp_c0 (2k) (dyck_prog k) (1/4) > 0 depending on k alone (Temp26Order.v's closed form in the "
              "network's error growth, score mass and Lemma 29 bound); "
              "besides, per length n: (dyck_heads_correct) so does the same "
              "program over the reals with hard heads under any hard rule; (dyck_net_hard, dyck_net_gaps) the "
              "engine's seven-layer network (quarks.attention.programs.dyck: uniform heads for l_i/i, r_i/i, "
              "d_i by ReLUs gated by the one-hot embeddings [i = m], one-hot depths, tieless heads with scores "
              "2 sum_m q_m(i) k_m(j) + j/n and 2 E_j + j/n, ReLU flags), written as a TransformerModel.v term "
              "with embeddings 1, i/n, [i = m] (m <= n), outputs exactly [w_0..w_i in Dyck-k] under average "
              "hardmax and is uniform-tieless with gap gamma(n) = 1/n (its n one-hot embeddings and its width depend "
              "on n); (dyck_net_soft, dyck_net_correct: "
              "Theorem 26 with Lemma 29's X from the embedding bound 1, eps = 1/4) at every 0 < tau <= "
              "temp26 n (1/n) X (1/4) net (positive for n >= 1, dyck_temp_pos) its softmax output is within "
              "1/4 of that bit, so after Lemma 9's rounding it is 1 iff w_0..w_i is in Dyck-k (dyck_net_accepts: "
              "at the last position of a nonempty word, 1 iff w is in Dyck-k); "
              "(dyck_matrix_round) the same for the network with query, key, value and output matrices "
              "(MatrixCopy.v) at any width d above its coordinates; (sdyck_net_real) dyck_net k n is, read over R, "
              "the network sdyck_net k n with rational weights (EngineNets.v), which tests/proofs/test_programs_coq.py "
              "finds equal by vm_compute, coefficient by coefficient, to programs.dyck(k, n) (coordinates numbered "
              "as DyckNet.v) at every (k, n) of the quick tier; (sdyck_brasp_real) for every k, brasp_net (2k) (dyck_prog k) is, "
              "read over R and in matrix form, the network sbrasp_net (2k) (dyck_prog k) with rational weights (SRaspIntRat.v), "
              "which tests/proofs/test_dyck_srasp_coq.py finds equal by vm_compute, coefficient by coefficient, to the "
              "engine's copy quarks.attention.dyck_srasp for k = 1, 2.",
    latex=r"\mathrm{out}_i=[w_{1..i}\in\mathrm{DYCK}_k]", kind="finite",
    instances={"quick": [{"program": "dyck1", "n": n} for n in range(1, 9)]
               + [{"program": "dyck2", "n": n} for n in range(1, 6)],
               "full": [{"program": "dyck1", "n": n} for n in range(1, 13)]
               + [{"program": "dyck2", "n": n} for n in range(1, 9)]},
    check=check_dyck, size="n")


# --- Appendix D lemmas: exact inequalities on exhaustive boxes -----------------------------------

def _abs(e):
    return ["abs", e]


def _box_claim(cid, number, statement, latex, vars_, fact, given=None, coq=(), coq_hypotheses=None):
    def check(inst):
        rec = forall(vars_, fact, given)
        if rec["holds"]:
            return Verdict.verified(f"{rec['cases']} exact cases", [rec])
        return Verdict.refuted("fails", rec["witness"], [rec])

    def obligation(inst, cert):
        """The claim's box and fact with the certificate's result: the kernel re-evaluates the box, so
        the cases counted (or the witness) are checked, not searched for again."""
        recs = cert.get("evidence") or []
        said = recs[0] if len(recs) == 1 and isinstance(recs[0], dict) else {}
        rec = {"kind": "forall", "vars": vars_, "fact": fact, "given": given or {}}
        if said.get("holds") is True:
            rec.update(holds=True, cases=said.get("cases"))
            return Verdict.verified(f"{said.get('cases')} exact cases", [rec])
        rec.update(holds=False, witness=said.get("witness"))
        return Verdict.refuted("fails", said.get("witness"), [rec])

    return Claim(id=cid, source=Source("004", number), statement=statement, latex=latex, kind="finite",
                 instances={"quick": [{}], "full": [{}]}, check=check, coq=coq,
                 coq_hypotheses=coq_hypotheses or {}, obligation=obligation)


lemma28 = _box_claim(
    "yang.lemma28", "Lemma 28",
    "Our form: |sum_{j<d} a_j x_j| <= d max|a| max|x| (Coq: every d and all reals; checked here at d = 2 on every "
    "integer point of [-3,3]^4).  The paper's vector form, Coq: for an r x d matrix A with |A_ab| <= P and a "
    "d-vector with |x_b| <= X, every entry of A x is at most d P X (lemma28), so A is d P-Lipschitz in the sup "
    "norm (lemma28_lipschitz).",
    r"\|Ax\|_\infty\le d\,\|A\|_{\max}\|x\|_\infty",
    [["a1", -3, 3], ["a2", -3, 3], ["x1", -3, 3], ["x2", -3, 3]],
    ["<=", _abs(["+", ["*", "a1", "x1"], ["*", "a2", "x2"]]),
     ["*", 2, ["*", ["max", _abs("a1"), _abs("a2")], ["max", _abs("x1"), _abs("x2")]]]],
    coq=("ErrorProp.v:lemma28_matvec", "ErrorProp.v:lemma28", "ErrorProp.v:lemma28_lipschitz"),
    coq_hypotheses={"lemma28_matvec": ["(1 <= d)%nat", "(forall j : nat, (j < d)%nat -> Rabs (a j) <= A)",
                                       "(forall j : nat, (j < d)%nat -> Rabs (x j) <= X)"],
        "lemma28": ["(forall a b : nat, (a < r)%nat -> (b < d)%nat -> Rabs (A a b) <= P)", "(forall b : nat, (b < d)%nat -> Rabs (x b) <= X)", "(a < r)%nat"],
        "lemma28_lipschitz": ["(forall a b : nat, (a < r)%nat -> (b < d)%nat -> Rabs (A a b) <= P)", "(forall b : nat, (b < d)%nat -> Rabs (x b - y b) <= delta)", "(a < r)%nat"]
    })

lemma30 = _box_claim(
    "yang.lemma30", "Lemma 30",
    "Our form (ReLU unit): |v ReLU(w x + b) - v ReLU(w y + b)| <= |v| |w| |x - y| (Coq: all reals; checked here on "
    "integers in [-3,3]^5).  The paper's form, Coq (lemma30): for the FFN W2 ReLU(W1 x + b1) + b2 with W1 of size "
    "h x d, W2 of size r x h, all entries at most P, and |x_b - y_b| <= delta on the d inputs, every output differs "
    "by at most (h P)(d P) delta, i.e. (d P)^2 delta when h = d.",
    r"|v\,\mathrm{ReLU}(wx+b)-v\,\mathrm{ReLU}(wy+b)|\le|v||w||x-y|",
    [["v", -3, 3], ["w", -3, 3], ["b", -3, 3], ["x", -3, 3], ["y", -3, 3]],
    ["<=", _abs(["-", ["*", "v", ["max", 0, ["+", ["*", "w", "x"], "b"]]], ["*", "v", ["max", 0, ["+", ["*", "w", "y"], "b"]]]]),
     ["*", ["*", _abs("v"), _abs("w")], _abs(["-", "x", "y"])]],
    coq=("ErrorProp.v:lemma30_relu", "ErrorProp.v:lemma30"),
    coq_hypotheses={"lemma30_relu": [],
        "lemma30": ["(forall k b : nat, (k < h)%nat -> (b < d)%nat -> Rabs (W1 k b) <= P)", "(forall a k : nat, (a < r)%nat -> (k < h)%nat -> Rabs (W2 a k) <= P)", "(forall b : nat, (b < d)%nat -> Rabs (x b - y b) <= delta)", "(a < r)%nat"]
    })

lemma31 = _box_claim(
    "yang.lemma31", "Lemma 31",
    "Our form (uniform head, k visible keys): |avg(x) - avg(y)| <= max_j |x_j - y_j| (Coq: every k and all reals; "
    "checked here at k = 3 on integers in [-2,2]^6).  The paper's form, Coq (lemma31): with a value matrix W_V of "
    "size r x d, entries at most P, k >= 1 visible positions and value vectors v'_j within delta of v_j on the d "
    "coordinates, the uniform averages of W_V v'_j and W_V v_j differ by at most d P delta.",
    r"\left|\tfrac1k\textstyle\sum_j x_j-\tfrac1k\sum_j y_j\right|\le\max_j|x_j-y_j|",
    [["x1", -2, 2], ["x2", -2, 2], ["x3", -2, 2], ["y1", -2, 2], ["y2", -2, 2], ["y3", -2, 2]],
    ["<=", _abs(["/", ["-", ["+", "x1", ["+", "x2", "x3"]], ["+", "y1", ["+", "y2", "y3"]]], 3]),
     ["max", _abs(["-", "x1", "y1"]), ["max", _abs(["-", "x2", "y2"]), _abs(["-", "x3", "y3"])]]],
    coq=("ErrorProp.v:lemma31_average", "ErrorProp.v:lemma31"),
    coq_hypotheses={"lemma31_average": ["(1 <= k)%nat", "(forall j : nat, (j < k)%nat -> Rabs (x j - y j) <= D)"],
        "lemma31": ["(1 <= cnt)%nat", "(forall a b : nat, (a < r)%nat -> (b < d)%nat -> Rabs (WV a b) <= P)", "(forall j b : nat, (j < cnt)%nat -> (b < d)%nat -> Rabs (v' j b - v j b) <= delta)", "(a < r)%nat"]
    })

lemma32 = _box_claim(
    "yang.lemma32", "Lemma 32",
    "Our form (one bilinear score term): |q|, |k| <= X, |dq|, |dk| <= delta imply "
    "|(q+dq)(k+dk) - qk| <= 2 X delta + delta^2 (tight: equality at q = k = X, dq = dk = delta; Coq: all reals; "
    "checked here at X = 3, delta = 2).  The paper's form, Coq (lemma32): scores (W_Q x_i).(W_K x_j) with W_Q, W_K "
    "of size e x d and entries at most P, |x_i|, |x_j| <= X and perturbations at most delta on the d coordinates "
    "move by at most e (d P)^2 (2 X delta + delta^2).",
    r"|\hat q\hat k-qk|\le 2X\delta+\delta^2",
    [["q", -3, 3], ["k", -3, 3], ["dq", -2, 2], ["dk", -2, 2]],
    ["<=", _abs(["-", ["*", ["+", "q", "dq"], ["+", "k", "dk"]], ["*", "q", "k"]]), 16],
    coq=("ErrorProp.v:lemma32_bilinear", "ErrorProp.v:lemma32"),
    coq_hypotheses={"lemma32_bilinear": ["Rabs q <= X", "Rabs k <= X", "Rabs dq <= delta", "Rabs dk <= delta"],
        "lemma32": ["(forall a b : nat, (a < e)%nat -> (b < d)%nat -> Rabs (WQ a b) <= P)", "(forall a b : nat, (a < e)%nat -> (b < d)%nat -> Rabs (WK a b) <= P)", "(forall b : nat, (b < d)%nat -> Rabs (xi b) <= X)", "(forall b : nat, (b < d)%nat -> Rabs (xj b) <= X)", "(forall b : nat, (b < d)%nat -> Rabs (xi' b - xi b) <= delta)", "(forall b : nat, (b < d)%nat -> Rabs (xj' b - xj b) <= delta)"]
    })

lemma34 = _box_claim(
    "yang.lemma34", "Lemma 34",
    "Our form: for probability vectors w, w', |sum_j w'_j v'_j - sum_j w_j v_j| <= max_j |v'_j - v_j| + "
    "(||w' - w||_1 / 2)(max v - min v) (Coq: any number of keys, all reals; checked here with two keys, weights in "
    "quarters, on every point (w1, w1', v1, v2, dv1, dv2) of the box).  The paper's form, Coq (lemma34): for "
    "probability vectors w, w' on k >= 1 positions, value vectors with |v_jb| <= X and |v'_jb - v_jb| <= delta on "
    "the d coordinates, and a value matrix W_V (r x d, entries at most P), W_V sum_j w'_j v'_j and "
    "W_V sum_j w_j v_j differ by at most d P (delta + X ||w' - w||_1).",
    r"|\hat w\cdot\hat v-w\cdot v|\le\max_j|\hat v_j-v_j|+\tfrac12\|\hat w-w\|_1(\max v-\min v)",
    [["a", 0, 4], ["b", 0, 4], ["v1", -2, 2], ["v2", -2, 2], ["d1", -1, 1], ["d2", -1, 1]],
    ["<=", _abs(["-", ["+", ["*", ["/", "b", 4], ["+", "v1", "d1"]], ["*", ["/", ["-", 4, "b"], 4], ["+", "v2", "d2"]]],
                 ["+", ["*", ["/", "a", 4], "v1"], ["*", ["/", ["-", 4, "a"], 4], "v2"]]]),
     ["+", ["max", _abs("d1"), _abs("d2")], ["*", ["/", _abs(["-", "b", "a"]), 4], _abs(["-", "v1", "v2"])]]],
    coq=("ErrorProp.v:lemma34_mixture", "ErrorProp.v:lemma34"),
    coq_hypotheses={"lemma34_mixture": ["(1 <= n)%nat", "(forall j : nat, (j < n)%nat -> 0 <= w j)",
                                        "(forall j : nat, (j < n)%nat -> 0 <= w' j)", "rsum w 0 n = 1",
                                        "rsum w' 0 n = 1",
                                        "(forall j : nat, (j < n)%nat -> Rabs (v' j - v j) <= E)",
                                        "(forall j : nat, (j < n)%nat -> lo <= v j <= hi)"],
        "lemma34": ["(1 <= cnt)%nat", "(forall j : nat, (j < cnt)%nat -> 0 <= w j)", "(forall j : nat, (j < cnt)%nat -> 0 <= w' j)", "rsum w 0 cnt = 1", "rsum w' 0 cnt = 1", "(forall a b : nat, (a < r)%nat -> (b < d)%nat -> Rabs (WV a b) <= P)", "(forall j b : nat, (j < cnt)%nat -> (b < d)%nat -> Rabs (v j b) <= X)", "(forall j b : nat, (j < cnt)%nat -> (b < d)%nat -> Rabs (v' j b - v j b) <= delta)", "(a < r)%nat"]
    })


def lemma33_grid(max_n: int, gammas: list, etas: list, taus: list) -> dict:
    """Scores s_1 = 0 > s_j, s_j in {-g, -2g}, perturbed by e_j in {-eta, 0, eta} (2 eta < g):
    the off-top softmax weight 1 - w_1 <= (n-1) e^{-(g - 2 eta)/tau} (arb-certain).
    The worst case is off = (n-1)r/(1+(n-1)r) against (n-1)r, a relative gap (n-1)r as small as
    e^-50 at tau = 1/50: the balls use 256 bits to separate the two sides."""
    import itertools

    from flint import arb, ctx

    def A(q):
        q = Fraction(q)
        return arb(q.numerator) / q.denominator

    cases, holds, items = 0, True, []
    old_prec, ctx.prec = ctx.prec, 256
    try:
        for g, eta, tau in itertools.product(gammas, etas, taus):
            if 2 * Fraction(eta) >= Fraction(g):
                continue
            for n in range(2, max_n + 1):
                bound = (n - 1) * (-(A(g) - 2 * A(eta)) / A(tau)).exp()
                for s in itertools.product((-Fraction(g), -2 * Fraction(g)), repeat=n - 1):
                    for e in itertools.product((-1, 0, 1), repeat=n):
                        sc = [Fraction(0)] + list(s)
                        sh = [x + k * Fraction(eta) for x, k in zip(sc, e)]
                        ex = [((A(x) - A(sh[0])) / A(tau)).exp() for x in sh]
                        off = sum(ex[1:], arb(0)) / sum(ex, arb(0))
                        ok = bool(off <= bound)
                        holds = holds and ok
                        cases += 1
                        items.append(ok)
    finally:
        ctx.prec = old_prec
    return {"cases": cases, "holds": holds, "digest": digest(items)}


def check_lemma33(inst) -> Verdict:
    rec = exhaustive("quarks.proofs.yang.uniform_tieless:lemma33_grid", **inst)
    if rec["result"]["holds"]:
        return Verdict.verified(f"{rec['result']['cases']} score patterns, arb-certain", [rec])
    return Verdict.refuted("bound fails on the grid", "see evidence", [rec])


lemma33 = Claim(
    id="yang.lemma33", recheck="evidence", source=Source("004", "Lemma 33"), coq=("ErrorProp.v:lemma33_perturbed_gap",),
    coq_hypotheses={"lemma33_perturbed_gap": ["(1 <= n)%nat", "0 < tau",
                                              "(forall j : nat, (1 <= j < n)%nat -> s 0%nat - s j >= g)",
                                              "(forall j : nat, (j < n)%nat -> Rabs (s' j - s j) <= eta)"]},
    statement="Our form: if s_1 - s_j >= g for j >= 2 and every score is perturbed by at most eta < g/2, the "
              "softmax weight off position 1 is at most (n-1) e^{-(g - 2 eta)/tau} (so the L1 distance to e_1 is "
              "at most twice that); Coq: every n, tau > 0 and reals.",
    latex=r"1-\hat w_1\le (n-1)e^{-(g-2\eta)/\tau}",
    kind="finite",
    instances={"quick": [{"max_n": 4, "gammas": ["1", "1/4"], "etas": ["0", "1/16"], "taus": ["1", "1/8"]}],
               "full": [{"max_n": 5, "gammas": ["1", "1/4", "1/12"], "etas": ["0", "1/64", "1/32"],
                         "taus": ["1", "1/8", "1/50"]}]},
    check=check_lemma33)


# --- Lemma 27 (Appendix A): pieces of ReLU networks -----------------------------------------------

def pieces(layers: list, lo: Fraction, hi: Fraction) -> list:
    """Exact pieces of a scalar ReLU network on [lo, hi]: layers are (W, b) with W rows of
    Fractions; ReLU after every layer but the last.  Returns merged (a, b, slope, intercept)."""
    segs = [(lo, hi, [Fraction(1)], [Fraction(0)])]  # each coordinate affine: slope, intercept
    for k, (W, b) in enumerate(layers):
        last = k == len(layers) - 1
        new = []
        for a, c, sl, ic in segs:
            S = [sum((w * s for w, s in zip(row, sl)), Fraction(0)) for row in W]
            I = [sum((w * t for w, t in zip(row, ic)), Fraction(0)) + bb for row, bb in zip(W, b)]
            cuts = sorted({-i / s for s, i in zip(S, I) if s != 0 and a < -i / s < c})
            pts = [a] + cuts + [c]
            for x0, x1 in zip(pts, pts[1:]):
                mid = (x0 + x1) / 2
                if last:
                    new.append((x0, x1, S, I))
                else:
                    on = [s * mid + i > 0 for s, i in zip(S, I)]
                    new.append((x0, x1, [s if o else Fraction(0) for s, o in zip(S, on)],
                                [i if o else Fraction(0) for i, o in zip(I, on)]))
        segs = new
    merged = []
    for a, c, S, I in segs:
        if merged and merged[-1][2] == S[0] and merged[-1][3] == I[0]:
            merged[-1] = (merged[-1][0], c, S[0], I[0])
        else:
            merged.append((a, c, S[0], I[0]))
    return merged


def rounding_net(p: int, q: int) -> list:
    """Width 2(2^q - 1), one hidden layer (L = 1): floor to q bits of x in [0, 1) on the p-bit grid (steps of
    height 2^-q at the q-bit points, each a ReLU pair of slope 2^p)."""
    h = Fraction(1, 2 ** p)
    W1, b1 = [], []
    for t in range(1, 2 ** q):
        c = Fraction(t, 2 ** q)
        W1 += [[1 / h], [1 / h]]
        b1 += [-(c - h) / h, -c / h]
    W2 = [[Fraction(1, 2 ** q) * (1 if k % 2 == 0 else -1) for k in range(len(W1))]]
    return [(W1, b1), (W2, [Fraction(0)])]


def lemma27_check(p: int, q: int) -> dict:
    """The rounding network agrees with floor-to-q-bits on every p-bit point of [0, 1); its exact
    piece count P satisfies 2^q <= P (the lemma's lower bound) and P <= (2w)^L (Telgarsky)."""
    net = rounding_net(p, q)
    segs = pieces(net, Fraction(0), Fraction(1))
    w, L = len(net[0][0]), len(net) - 1
    agree = True
    for k in range(2 ** p):
        x = Fraction(k, 2 ** p)
        y = next(s * x + i for a, c, s, i in segs if a <= x <= c)
        agree = agree and y == Fraction(int(x * 2 ** q), 2 ** q)
    P = len(segs)
    holds = agree and 2 ** q <= P <= (2 * w) ** L
    return {"cases": 2 ** p, "holds": holds, "digest": digest([P, w, L, agree]), "pieces": P, "width": w, "depth": L}


def sawtooth_check(depth: int) -> dict:
    """The tent map composed `depth` times (width 2 per layer) has exactly 2^depth pieces <= 4^depth."""
    half = Fraction(1, 2)
    layers = [([[Fraction(1)], [Fraction(1)]], [Fraction(0), -half])]
    layers += [([[Fraction(2), Fraction(-4)]] * 2, [Fraction(0), -half]) for _ in range(depth - 1)]
    layers.append(([[Fraction(2), Fraction(-4)]], [Fraction(0)]))
    P = len(pieces(layers, Fraction(0), Fraction(1)))
    return {"cases": 1, "holds": P == 2 ** depth and P <= 4 ** depth, "digest": digest([P]), "pieces": P}


def check_lemma27(inst) -> Verdict:
    recs = [exhaustive("quarks.proofs.yang.uniform_tieless:lemma27_check", p=p, q=q) for p, q in inst["pq"]]
    recs += [exhaustive("quarks.proofs.yang.uniform_tieless:sawtooth_check", depth=d) for d in inst["saw"]]
    table = [[p, q, r["result"]["pieces"], r["result"]["width"]] for (p, q), r in zip(inst["pq"], recs)]
    if all(r["result"]["holds"] for r in recs):
        return Verdict.verified(f"rounding nets (p, q, pieces, width): {table}; sawtooth 2^L pieces for L in "
                                f"{inst['saw']}", recs)
    return Verdict.refuted("piece count out of bounds", table, recs)


lemma27 = Claim(
    id="yang.lemma27", source=Source("004", "Lemma 27"),
    statement="A ReLU FFN of depth L and width w has at most (2w)^L affine pieces; one rounding p-bit numbers to "
              "q-bit numbers has at least 2^q pieces, so (2w)^L >= 2^q.  Coq (ReluPieces.v), for one real input, "
              "L hidden ReLU layers (a neuron: weights on the previous layer's outputs and a bias) and an affine "
              "output: (net_pieces) if every layer has width at most w, the network's function is piecewise "
              "affine with a breakpoint list B, length B + 1 <= (w + 1)^L (affine on every closed interval with "
              "no point of B inside); (steps_need_breaks) a function piecewise affine with breakpoints B that "
              "has M steps a_j < a'_j < a_(j+1) with f(a_j) = f(a'_j) <> f(a_(j+1)) has M <= length B; "
              "(lemma27_pieces) for all p, q, w with q < p and every such network that maps each k / 2^p, "
              "k < 2^p, to floor(k / 2^(p - q)) / 2^q (rounding down to q bits), 2^q <= (w + 1)^L; (lemma27) if "
              "moreover 1 <= w, 2^q <= (2w)^L.  The instances compute the exact piece counts of our own rounding "
              "networks and of the sawtooth (tent-map) networks and show they lie between the bounds.",
    coq=("ReluPieces.v:net_pieces", "ReluPieces.v:steps_need_breaks", "ReluPieces.v:lemma27_pieces",
         "ReluPieces.v:lemma27"),
    coq_hypotheses={"net_pieces": ["Forall (fun L : list neuron => (length L <= w)%nat) Ls"],
                    "steps_need_breaks": ["pl B f", "(forall j : nat, (j < M)%nat -> a j < a' j < a (S j))",
                                          "(forall j : nat, (j < M)%nat -> f (a j) = f (a' j) /\\ f (a' j) <> f (a (S j)))"],
                    "lemma27_pieces": ["(q < p)%nat", "Forall (fun L : list neuron => (length L <= w)%nat) Ls",
                                       "(forall k : nat, (k < 2 ^ p)%nat -> net_fn Ls out (INR k / INR (2 ^ p)) = "
                                       "INR (k / 2 ^ (p - q)) / INR (2 ^ q))"],
                    "lemma27": ["(q < p)%nat", "(1 <= w)%nat", "Forall (fun L : list neuron => (length L <= w)%nat) Ls",
                                "(forall k : nat, (k < 2 ^ p)%nat -> net_fn Ls out (INR k / INR (2 ^ p)) = "
                                "INR (k / 2 ^ (p - q)) / INR (2 ^ q))"]},
    latex=r"2^q\le\#\text{pieces}\le(2w)^L", kind="finite",
    instances={"quick": [{"pq": [[3, 1], [4, 2], [5, 3]], "saw": [1, 2, 3, 4]}],
               "full": [{"pq": [[p, q] for p in range(2, 9) for q in range(1, p)], "saw": list(range(1, 9))}]},
    check=check_lemma27)
