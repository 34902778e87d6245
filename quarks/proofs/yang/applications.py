"""Seed 004, §6 (Some Applications): the named tasks as softmax transformers, on two routes.

The paper's route (Corollary 17): the k-hop induction head (outputting the letter) and the flip-flop language
are formulas of LTL[Y, S]; the compiled network is exact at the paper's temperature 1/(2n) (Coq, LTLSection6.v, and
LTLSection6Letter.v for the letter as k outputs of one network; the instances check the formula against the task on
every word and the compiled network at 1/(2n)).  Liu et al.'s
route: uniform-tieless average-hard programs of :mod:`quarks.attention.programs` (ours), then Theorem 26 (Coq, at
its temperature temp26; the Python rule gamma(n)/(2 m(n)) is the separate claim ``yang.section6-rule``, checked
on instances: exact agreement with a reference recognizer, the gap gamma(n), the softmax transformer certified
within 1/10 of the hard model, the check of ``yang.thm26``).
"""
from __future__ import annotations

from itertools import product

from quarks.certificates.evidence import exhaustive
from quarks.claims.claim import Claim, Source, Verdict
from quarks.ltl.semantics import truth
from quarks.ltl.syntax import parse
from quarks.proofs.yang.common import check_construction
from quarks.proofs.yang.uniform_tieless import check_thm26

_LEN = "length w = n"
_LETTERS3 = "(forall a : nat, In a w -> (a < 3)%nat)"
FF_ALPHABET = "01xyi"   # write 0, write 1, read 0, read 1, ignore (Coq's letters 0 .. 4)


def _tau(net: str) -> str:
    return f"tau <= temp26 n (/ INR n) (net_X {net} (Rmax 1 1)) (1 / 4) {net}"


def _sym(c: str) -> str:
    return f"'{c}'" if c.isdigit() else c


def hop_formula(alphabet: str, phi: str) -> str:
    """LTLSection6.v's hop: phi at the rightmost j <= i whose previous letter is w_i (false if none); the
    disjunction over the letters written as Coq's ``lor_all`` writes it, right-nested and ending in false."""
    out = "false"
    for b in reversed(alphabet):
        out = f"(({_sym(b)} & ((!Y {_sym(b)}) S (Y {_sym(b)} & ({phi})))) | {out})"
    return out


def ih_formula(alphabet: str, hops: int, letter: str) -> str:
    """LTLSection6.v's ih_ltl: ``hops`` hops from [w = letter]."""
    phi = _sym(letter)
    for _ in range(hops):
        phi = hop_formula(alphabet, phi)
    return phi


def ff_formula() -> str:
    """LTLSection6.v's ff_ltl: H (no read of b unless the last write before it was b), b = 0, 1."""
    last = lambda b: f"Y ((!('0' | '1')) S '{b}')"  # noqa: E731
    return f"!(true S !(!(x & !({last(0)})) & !(y & !({last(1)}))))"


def ih_reference(word: str, hops: int, letter: str) -> list:
    """[the letter reached by ``hops`` steps "the rightmost j <= i with w_(j-1) = w_i" is letter], false if a step fails."""
    out = []
    for i in range(len(word)):
        t: int | None = i
        for _ in range(hops):
            assert t is not None
            js = [j for j in range(1, t + 1) if word[j - 1] == word[t]]
            t = js[-1] if js else None
            if t is None:
                break
        out.append(t is not None and word[t] == letter)
    return out


def ff_reference(word: str) -> list:
    """[w_0 .. w_i in the flip-flop language]: every read returns the bit of the last write before it."""
    out, ok, last = [], True, None
    for s in word:
        if s in "xy":
            ok = ok and last == ("0" if s == "x" else "1")
        elif s in "01":
            last = s
        out.append(ok)
    return out


def formula_is_task(task: str, alphabet: str, max_len: int, hops: int = 0, letter: str = "") -> dict:
    """Whether the task's formula holds at exactly the positions where the task's reference is true, on every
    word of length 1 .. max_len."""
    f = parse(ih_formula(alphabet, hops, letter) if task == "induction" else ff_formula())
    cases = 0
    for n in range(1, max_len + 1):
        for letters in product(alphabet, repeat=n):
            word = "".join(letters)
            ref = ih_reference(word, hops, letter) if task == "induction" else ff_reference(word)
            cases += 1
            if [bool(v) for v in truth(f, word)] != ref:
                return {"holds": False, "cases": cases, "word": word}
    return {"holds": True, "cases": cases}


def check_section6_ltl(inst: dict) -> Verdict:
    """The task's LTL[Y, S] formula is the task on every word up to n, and its compiled network (variant (a),
    tau = 1/(2n)) is exact on every word up to n (hard model = formula, softmax certified)."""
    task, alphabet = inst["task"], inst["alphabet"]
    hops, letter = inst.get("hops", 0), inst.get("letter", "")
    rec = exhaustive("quarks.proofs.yang.applications:formula_is_task", task=task, alphabet=alphabet,
                     max_len=inst["n"], hops=hops, letter=letter)
    if not rec["result"]["holds"]:
        return Verdict.refuted(f"the formula differs from the task on {rec['result']['word']!r}",
                               {"word": rec["result"]["word"]}, [rec])
    formula = ih_formula(alphabet, hops, letter) if task == "induction" else ff_formula()
    v = check_construction({"formula": formula, "alphabet": alphabet, "n": inst["n"], "variant": "temperature"}, "S")
    if v.status != "verified":
        return v
    return Verdict.verified(f"{rec['result']['cases']} words: formula = task; " + v.summary, [rec] + list(v.evidence))


QUICK = [{"program": "induction2", "n": 5}, {"program": "flipflop", "n": 6}]
FULL = ([{"program": "induction", "n": n} for n in range(2, 9)] + [{"program": "induction2", "n": n} for n in range(2, 8)]
        + [{"program": "flipflop", "n": n} for n in range(2, 11)] + [{"program": "dyck1", "n": n} for n in range(2, 11)]
        + [{"program": "dyck2", "n": n} for n in range(2, 7)])
LTL_QUICK = [{"task": "induction", "alphabet": "ab", "hops": 1, "letter": "a", "n": 5},
             {"task": "flipflop", "alphabet": FF_ALPHABET, "n": 3}]
LTL_FULL = ([{"task": "induction", "alphabet": "abc", "hops": 1, "letter": c, "n": 6} for c in "abc"]
            + [{"task": "induction", "alphabet": "abc", "hops": 2, "letter": "a", "n": 6},
               {"task": "induction", "alphabet": "ab", "hops": 3, "letter": "b", "n": 8},
               {"task": "flipflop", "alphabet": FF_ALPHABET, "n": 5}])
_NETS = {"a": "(real_net (fst (compile k VTemperature cq (ih_ltl k K a))))",
         "ff": "(real_net (fst (compile 5 VTemperature cq ff_ltl)))"}
_LTL_THMS = ("LTLSection6.v:cor17_ihk_paper", "LTLSection6.v:cor18_ihk_paper", "LTLSection6.v:cor18_ihk_tau1",
             "LTLSection6.v:cor17_fflang_paper", "LTLSection6.v:cor18_fflang_paper", "LTLSection6.v:cor18_fflang_tau1",
             "LTLSection6.v:fflang_spec", "LTLSection6.v:ihk_ih_out", "LTLSection6.v:ihk_ih2_out",
             "LTLSection6Letter.v:thm12_paper_sub", "LTLSection6Letter.v:cor17_ihk_letter",
             "LTLSection6Letter.v:ih_coords_nodup", "LTLSection6Letter.v:cor18_ihk_letter",
             "LTLSection6Letter.v:cor18_ihk_letter_tau1",
             "SRaspInductionL.v:lprogram_sem", "SRaspInductionL.v:thm26_lhops")
_LTL_HYPS = {
    "cor17_ihk_paper": ["(a < k)%nat", "(forall t : nat, (w t < k)%nat)", "(1 <= n)%nat", "(i < n)%nat"],
    "cor18_ihk_paper": ["(a < k)%nat", "(forall t : nat, (w t < k)%nat)", "(1 <= n)%nat"],
    "cor18_ihk_tau1": ["(a < k)%nat"],
    "cor17_fflang_paper": ["(1 <= n)%nat", "(i < n)%nat"],
    "cor18_fflang_paper": ["(1 <= n)%nat"],
    "cor18_fflang_tau1": [],
    "fflang_spec": [], "ihk_ih_out": [], "ihk_ih2_out": [],
    "thm12_paper_sub": ["letters_below k p = true", "(1 <= n)%nat", "(i < n)%nat", "In q (subformulas p)"],
    "cor17_ihk_letter": ["(forall t : nat, (w t < k)%nat)", "(1 <= n)%nat", "(i < n)%nat"],
    "ih_coords_nodup": [],
    "cor18_ihk_letter": ["(forall t : nat, (w t < k)%nat)", "(1 <= n)%nat"],
    "cor18_ihk_letter_tau1": [],
    "lprogram_sem": ["(1 <= k)%nat", "(forall b : nat, In b w -> (b < k)%nat)", "(m <= K)%nat", "(a < k)%nat"],
    "thm26_lhops": ["(1 <= k)%nat", "(forall b : nat, In b w -> (b < k)%nat)", "(a < k)%nat", "0 < tau",
                    "tau <= srasp_temp k n (lprogram k K) (/ 4)", "(i < n)%nat"]}

section6 = Claim(
    id="yang.section6-applications",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "§6 Some Applications: k-hop induction heads, flip-flop, Dyck-k (via Corollary 17 and Theorem 26)"),
    statement="The tasks of §6 are computed exactly by softmax transformers, for every length n.  The paper's route "
              "(Corollary 17: the tasks as formulas of LTL[Y, S]; Coq, LTLSection6.v, words w : nat -> nat): the K-hop "
              "induction head over k letters (every k and K; K = 1 is the basic task) outputting the letter: ihk w K a i "
              "is whether the letter at the position reached from i by K steps 'the rightmost "
              "j <= i with w_(j-1) = w_i' is a (false when a step finds nothing), so the k outputs are the one-hot code "
              "of that letter; and the flip-flop language (letters 0, 1 write 0, 1; 2, 3 read 0, 1; 4 ignore; fflang w i: "
              "w_0 .. w_i is in it, and (fflang_spec) fflang w i = true iff every read of b at j <= i follows a write of b "
              "at some t < j with no write strictly between).  (cor17_ihk_paper, cor17_fflang_paper) for a < k, every "
              "word over the letters, 1 <= n and i < n, the softmax output of the network of Corollary 17 (a), "
              "compile k VTemperature cq of the formula (embeddings 1, (-1)^i, i/n; it does not depend on n), at the "
              "paper's temperature tau = 1/(2n) is exactly the bit, and so is its rounding; (cor18_ihk_paper, "
              "cor18_fflang_paper) the future-masked network (Corollary 18) at 1/(2n) is future-masked and its rounding "
              "is exactly the bit; (cor18_ihk_tau1, cor18_fflang_tau1) the future-masked network at tau = 1 reads none "
              "of the n-dependent embeddings, and on the embeddings 1, (-1)^i, i, (-1)^i i its rounding is exactly the "
              "bit for every n: no parameter depends on n; (ihk_ih_out, ihk_ih2_out) for K = 1, 2 and letter 0 the bit is "
              "ih_out, ih2_out, the references of the engine's networks below.  The letter by one network "
              "(LTLSection6Letter.v): the compiler gives every sub-formula q of a formula p one coordinate, memo_coord k v "
              "cq p q (its memo table's entry for q after compiling p), and (thm12_paper_sub) for every formula p over "
              "letters < k, 1 <= n, word w and i < n, the softmax output of compile k VTemperature cq p at tau = 1/(2n) at "
              "memo_coord of every q in subformulas p is exactly [w, i |= q], and so is its rounding; ih_all k K is the "
              "disjunction of ih_ltl k K a over a < k, compiled once, and ih_coords k v cq K the list of memo_coord of its "
              "k disjuncts, a = 0 .. k - 1; (cor17_ihk_letter) for every k, K, word over the letters, 1 <= n and i < n, "
              "the k softmax outputs of compile k VTemperature cq (ih_all k K) at ih_coords at tau = 1/(2n), and their "
              "roundings, are exactly onehot k (ihk_letter w K i), the one-hot code of the letter at the position reached "
              "from i by K steps (all 0 when a step finds nothing); (ih_coords_nodup) these k coordinates are distinct; "
              "(cor18_ihk_letter) the future-masked network at 1/(2n) is future-masked and its k rounded outputs at "
              "ih_coords are exactly that code; (cor18_ihk_letter_tau1) the future-masked network compile k VCausal 2 "
              "(ih_all k K) at tau = 1 reads none of the n-dependent embeddings, and on the embeddings 1, (-1)^i, i, "
              "(-1)^i i its k rounded outputs at ih_coords are exactly that code for every n.  Liu et al.'s route (uniform-tieless "
              "average-hard networks, then Theorem 26 at its temperature temp26, below the paper's 1/(2n) and "
              "(srasp_temp_lower, temp26_gapn_lower; Temp26Order.v) at least c0/(n ln n) for every 0 < eps and "
              "n >= 2, c0 > 0 fixed by the network and eps: srasp_temp k n p eps for every S-RASP program p, and "
              "temp26 n (1/n) (net_X net X0) eps net for every network net and 0 <= X0, so for ih_net, ih2_net and "
              "ff_net, whose weights do not depend on n, but not for dyck_net k n, whose width grows with n): (lprogram_sem, thm26_lhops) for every k >= 1, K, length n, word w (a list) over 0..k-1, i < n and "
              "a < k, the S-RASP program lprogram k K (one network for every n: weights independent of n, embeddings 1, "
              "(i+1)/n, [i odd]) holds at sequence 2k + 4 + m k + a (m <= K) whether w_t = a at t = ih_find applied m + 1 "
              "times to i (ih_find w i: the rightmost t <= i with w_(t-1) = w_i, t - 1 truncated, i if none), and Lemma 9's "
              "rounding of its softmax network at every 0 < tau <= srasp_temp k n (lprogram k K) (1/4) is exactly that bit "
              "at m = K: the k outputs are the one-hot code of the letter reached by K + 1 hops; and for every n, word w "
              "of length n and i < n, the engine's networks written as TransformerModel.v "
              "terms (embeddings 1, i/n, and (-1)^i, [i = 1] for the induction heads): (ih_net_hard, ih_net_gaps) the "
              "induction head (letters a, b, c = 0, 1, 2; previous-token heads with scores -(-1)^(i+j) + j/n, induction "
              "heads with scores [w_(j-1) = w_i] + j/n) outputs [w_j = a] at the rightmost j <= i with w_(j-1) = w_i "
              "(0 if none; ih_out) under average hardmax, every head tieless with gap 1/n; (ih2_net_hard, ih2_net_gaps) "
              "the 2-hop head outputs the 1-hop output at that j (0 if none; ih2_out); (ff_net_hard, ff_net_gaps) the "
              "flip-flop network (0, 1 write, 2 reads) outputs the last bit written at or before i (0 if none; ff_out); "
              "(ih_net_round, ih2_net_round, ff_net_round, dyck_net_correct) at every 0 < tau <= temp26 n (1/n) X (1/4), "
              "X = Lemma 29's bound from the embedding bound 1, the softmax output after Lemma 9's rounding is exactly "
              "that bit (and for Dyck-k, every k, 1 iff the prefix is in Dyck-k); (sff_net_real, sih_net_real, "
              "sih2_net_real) these networks are, read over R, EngineNets.v's networks with rational weights, which "
              "tests/proofs/test_programs_coq.py finds equal by vm_compute to the engine's programs.flipflop, induction "
              "and induction(hops=2).  Instances: the Python formulas (ih_formula, ff_formula) equal the tasks on every "
              "word up to n, and their compiled networks at tau = 1/(2n) are exact (certified) on every word up to n.",
    coq=_LTL_THMS + ("Induction.v:ih_net_hard", "Induction.v:ih_net_gaps", "Induction.v:ih_net_round",
                     "Induction2.v:ih2_net_hard", "Induction2.v:ih2_net_gaps", "Induction2.v:ih2_net_round",
                     "FlipFlop.v:ff_net_hard", "FlipFlop.v:ff_net_gaps", "FlipFlop.v:ff_net_round",
                     "DyckNetThm.v:dyck_net_correct", "EngineNets.v:sff_net_real", "EngineNets.v:sih_net_real",
                     "EngineNets.v:sih2_net_real", "Temp26Order.v:srasp_temp_lower",
                     "Temp26Order.v:temp26_gapn_lower"),
    coq_hypotheses={
        **_LTL_HYPS,
        "ih_net_hard": [_LEN, _LETTERS3, "(i < n)%nat"],
        "ih_net_gaps": [_LEN, _LETTERS3],
        "ih_net_round": [_LEN, _LETTERS3, "(i < n)%nat", "0 < tau", _tau("ih_net")],
        "ih2_net_hard": [_LEN, _LETTERS3, "(i < n)%nat"],
        "ih2_net_gaps": [_LEN, _LETTERS3],
        "ih2_net_round": [_LEN, _LETTERS3, "(i < n)%nat", "0 < tau", _tau("ih2_net")],
        "ff_net_hard": [_LEN, _LETTERS3, "(i < n)%nat"],
        "ff_net_gaps": [_LEN, _LETTERS3],
        "ff_net_round": [_LEN, _LETTERS3, "(i < n)%nat", "0 < tau", _tau("ff_net")],
        "dyck_net_correct": [_LEN, "(forall a : nat, In a w -> (a < 2 * k)%nat)", "(i < n)%nat", "0 < tau",
                             _tau("(dyck_net k n)")],
        "sff_net_real": [], "sih_net_real": [], "sih2_net_real": [],
        "srasp_temp_lower": ["0 < eps", "(2 <= n)%nat"],
        "temp26_gapn_lower": ["0 <= X0", "0 < eps", "(2 <= n)%nat"]},
    latex=r"\text{induction}^{(k)},\ \text{flip-flop},\ \mathrm{DYCK}\text{-}k\in\mathrm{SMAT}_{\tau=1/(2n)}",
    kind="construction",
    instances={"quick": LTL_QUICK, "full": LTL_FULL},
    check=check_section6_ltl,
    size="n",
    note="The letter is output both by k networks, one per letter a (cor17_ihk_paper: their outputs side by side are "
         "the one-hot code), and by one network with k outputs (cor17_ihk_letter: the disjunction of the k formulas "
         "compiled once, its outputs read at the k disjuncts' coordinates).  The induction heads' letters in the Python instances "
         "are a, b, c (Coq's 0, 1, 2); the flip-flop's are 0, 1, x, y, i (write 0, write 1, read 0, read 1, ignore).  "
         "Dyck-k is not regular, so no LTL formula defines it: it stays on the Theorem 26 "
         "route, which is the paper's for Dyck.  The Python temperature rule gamma(n)/(2 m(n)) for the engine's programs "
         "is the separate claim yang.section6-rule.",
)

section6_rule = Claim(
    id="yang.section6-rule",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "§6 Some Applications: induction heads (1- and 2-hop), flip-flop, Dyck-k, through Theorem 26"),
    statement="The engine's uniform-tieless average-hard programs for the tasks of §6 (the basic and 2-hop induction heads, "
              "output [the letter found is a]; the flip-flop's last-bit transduction; Dyck-1, Dyck-2) agree exactly with "
              "their reference recognizers on every word of length n, and their softmax versions at our temperature rule "
              "tau(n) = gamma(n)/(2 m(n)) (the gap gamma(n), the exact X(n), eps = 1/10) stay within 1/10 of the hard model "
              "on every word of length n.",
    latex=r"\text{induction}^{(2)},\ \text{flip-flop},\ \mathrm{DYCK}\text{-}k\in\mathrm{SMAT}_{\gamma(n)/(2m(n))}",
    kind="construction",
    instances={"quick": QUICK, "full": FULL},
    check=check_thm26,
    size="n",
    note="k-hop is checked for k <= 2: one more tieless head per hop reads the previous hop's output at find(i). "
         "The rule's m(n) is computed per n from the exact X(n), so it is checked length by length; Coq proves these "
         "networks at Theorem 26's temp26 (Lemma 29's a priori X, eps = 1/4, a smaller temperature) under "
         "yang.section6-applications.  The temperature of Liu et al.'s flip-flop transformer, which the paper compares "
         "against, is lost in the seed text (its symbols are missing), so only our temperature is checked.",
)
