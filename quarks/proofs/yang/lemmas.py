"""Seed 004, Section 3: softmax versus hardmax bounds (Lemmas 6-9) and Proposition 11.

The printed formulas were lost; the statements below are our reconstructions (see
notes/soft-hard.md).  Lemmas 6-8 are checked on exhaustive finite grids with arb balls: a bound
counts as checked at a point only when the ball of the left side lies entirely below the ball of
the right side.  Lemma 9 and Proposition 11 are exact.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

from quarks.certificates.evidence import arith, digest, exhaustive
from quarks.claims.claim import Claim, Source, Verdict


def _arb(q: Fraction):
    from flint import arb

    return arb(q.numerator) / q.denominator


def softmax_l1(scores, star: int, tau=Fraction(1)):
    """||softmax(s / tau) - e_star||_1 = 2 (1 - w_star), as an arb ball."""
    top = max(scores)
    e = [((_arb((s - top) / tau)).exp()) for s in scores]
    z = sum(e[1:], e[0])
    return 2 * (1 - e[star] / z)


def _certain_le(a, b) -> bool:
    return bool(a <= b)  # arb comparison: True only when certain


def lemma6_grid(max_n: int, gammas: list) -> dict:
    """Every n <= max_n, gamma in gammas, j*, and scores s_j = -gamma |j - j*| - e_j with
    e_j in {0, 1/2}: ||softmax(s) - e_j*||_1 <= 4 e^-gamma / (1 - e^-gamma) (ball-certain)."""
    items, holds, cases = [], True, 0
    for g in gammas:
        g = Fraction(g)
        eg = (-_arb(g)).exp()
        bound = 4 * eg / (1 - eg)
        for n in range(1, max_n + 1):
            for star in range(n):
                others = [j for j in range(n) if j != star]
                for extra in itertools.product((0, Fraction(1, 2)), repeat=len(others)):
                    s = [Fraction(0)] * n
                    for j, ex in zip(others, extra):
                        s[j] = -g * abs(j - star) - ex
                    ok = _certain_le(softmax_l1(s, star), bound)
                    gap_ok = _certain_le(softmax_l1(s, star), 2 * (n - 1) * eg)
                    cases += 1
                    holds = holds and ok and gap_ok
                    items.append([str(g), n, star, ok, gap_ok])
    return {"cases": cases, "holds": holds, "digest": digest(items)}


def lemma7_grid(max_n: int, taus: list) -> dict:
    """s_j = 2qj - j^2 (1 <= q <= n <= max_n): ||softmax_tau(s) - e_q||_1 <= 2(2 + tau) e^(-1/tau)."""
    items, holds, cases = [], True, 0
    for t in taus:
        t = Fraction(t)
        bound = 2 * (2 + _arb(t)) * (-1 / _arb(t)).exp()
        for n in range(1, max_n + 1):
            for q in range(1, n + 1):
                s = [Fraction(2 * q * j - j * j) for j in range(1, n + 1)]
                ok = _certain_le(softmax_l1(s, q - 1, t), bound)
                cases += 1
                holds = holds and ok
                items.append([str(t), n, q, ok])
    return {"cases": cases, "holds": holds, "digest": digest(items)}


def lemma8_grid(max_n: int, cs: list, levels: int = 3) -> dict:
    """Every s in {0..levels-1}^n (n <= max_n), tau = 1/(c n): with the tie term j/(2n) added,
    ||softmax((s + j/(2n)) / tau) - e_r||_1 <= 2 (x/(1-x) + n e^(-1/(2 tau))), x = e^(-1/(2 n tau)),
    r the rightmost maximum of s; and symmetrically (term -j/(2n)) for the leftmost maximum."""
    items, holds, cases = [], True, 0
    for c in cs:
        c = Fraction(c)
        for n in range(1, max_n + 1):
            tau = 1 / (c * n)
            x = (-1 / (2 * n * _arb(tau))).exp()
            bound = 2 * (x / (1 - x) + n * (-1 / (2 * _arb(tau))).exp())
            for s in itertools.product(range(levels), repeat=n):
                top = max(s)
                r = max(j for j in range(n) if s[j] == top)
                left = min(j for j in range(n) if s[j] == top)
                right_ok = _certain_le(softmax_l1([s[j] + Fraction(j + 1, 2 * n) for j in range(n)], r, tau), bound)
                left_ok = _certain_le(softmax_l1([s[j] - Fraction(j + 1, 2 * n) for j in range(n)], left, tau), bound)
                cases += 1
                holds = holds and right_ok and left_ok
                items.append([str(c), list(s), right_ok, left_ok])
    return {"cases": cases, "holds": holds, "digest": digest(items)}


def _grid(name, procedure, **args) -> Verdict:
    rec = exhaustive(procedure, **args)
    res = rec["result"]
    if res["holds"]:
        return Verdict.verified(f"{res['cases']} cases, each bound certain in arb", [rec])
    return Verdict.refuted(f"{name}: a case where the bound is not certain", {"args": rec["args"]}, [rec])


def check_lemma6(inst):
    from quarks.proofs.yang.algebra import lemma6_record

    v = _grid("Lemma 6", "quarks.proofs.yang.lemmas:lemma6_grid", max_n=inst["n"], gammas=inst["gammas"])
    sym = lemma6_record()  # SymPy: the geometric series behind 4 e^-gamma / (1 - e^-gamma)
    if v.status == "verified" and all(st["holds"] for st in sym["steps"]):
        return Verdict.verified(v.summary + "; series algebra proved in SymPy", list(v.evidence) + [sym])
    return v


def check_lemma7(inst):
    return _grid("Lemma 7", "quarks.proofs.yang.lemmas:lemma7_grid", max_n=inst["n"], taus=inst["taus"])


def check_lemma8(inst):
    return _grid("Lemma 8", "quarks.proofs.yang.lemmas:lemma8_grid", max_n=inst["n"], cs=inst["cs"])


lemma6 = Claim(
    id="yang.lemma6",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Lemma 6"),
    statement="If s_j <= s_{j*} - gamma |j - j*| for all j, then ||softmax(s) - e_{j*}||_1 <= "
              "4 e^-gamma / (1 - e^-gamma), independently of n; with only a gap gamma, <= 2 (n-1) e^-gamma. "
              "(Our reconstruction; the printed constants were lost.)",
    latex=r"\|\mathrm{softmax}(s)-e_{j^*}\|_1 \le \frac{4e^{-\gamma}}{1-e^{-\gamma}}",
    kind="finite",
    instances={"quick": [{"n": 6, "gammas": ["1/2", "1", "3"]}],
               "full": [{"n": 9, "gammas": ["1/4", "1/2", "1", "2", "3", "5"]}]},
    check=check_lemma6,
    note="Exhaustive grid of score patterns (j*, and an extra drop of 0 or 1/2 at every other position).",
    coq=("Softmax.v:softmax_l1_to_e", "Softmax.v:lemma6_falloff", "Softmax.v:lemma6_gap"),
    coq_hypotheses={"softmax_l1_to_e": ["(t < n)%nat"],
                    "lemma6_falloff": ["(t < n)%nat", "0 < p",
                                       "(forall j : nat, (j < n)%nat -> s j <= s t - p * Rabs (INR j - INR t))"],
                    "lemma6_gap": ["(t < n)%nat", "0 <= gamma",
                                   "(forall j : nat, (j < n)%nat -> j <> t -> s j <= s t - gamma)"]},
)

lemma7 = Claim(
    id="yang.lemma7",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Lemma 7"),
    coq=("Lookup.v:lemma7_lookup_sharp",),
    coq_hypotheses={"lemma7_lookup_sharp": ["(i < n)%nat", "0 < tau"]},
    statement="Table lookup: for 1 <= q <= n and s_j = 2qj - j^2, ||softmax(s / tau) - e_q||_1 <= "
              "2 (2 + tau) e^(-1/tau), independently of n (our constant).",
    latex=r"\|\mathrm{softmax}_\tau(2qj-j^2)-e_q\|_1\le 2(2+\tau)e^{-1/\tau}",
    kind="finite",
    instances={"quick": [{"n": 30, "taus": ["1/4", "1/2", "1", "2"]}],
               "full": [{"n": 120, "taus": ["1/8", "1/4", "1/2", "1", "2", "4"]}]},
    check=check_lemma7,
)

lemma8 = Claim(
    id="yang.lemma8",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Lemma 8"),
    coq=("TieBreak.v:lemma8_tiebreak", "TieBreak.v:lemma8_tiebreak_left"),
    coq_hypotheses={"lemma8_tiebreak": ["(r < n)%nat", "0 < c", "tau = 1 / (c * INR n)",
                                        "(forall i j : nat, (i < n)%nat -> (j < n)%nat -> s i = s j \\/ 1 <= Rabs (s i - s j))",
                                        "(forall j : nat, (j < n)%nat -> s j <= s r)",
                                        "(forall j : nat, (r < j < n)%nat -> s j < s r)"],
                    "lemma8_tiebreak_left": ["(l < n)%nat", "0 < c", "tau = 1 / (c * INR n)",
                                             "(forall i j : nat, (i < n)%nat -> (j < n)%nat -> s i = s j \\/ 1 <= Rabs (s i - s j))",
                                             "(forall j : nat, (j < n)%nat -> s j <= s l)",
                                             "(forall j : nat, (j < l)%nat -> s j < s l)"]},
    statement="Tie-breaking: for integer scores s (distinct values differ by >= 1) and tau = 1/(c n), adding "
              "+j/(2n) (resp. -j/(2n)) makes softmax within 2 (x/(1-x) + n e^(-1/(2 tau))) in L1 of the "
              "rightmost (resp. leftmost) hardmax, x = e^(-c/2).  (Our form and constants.)",
    latex=r"\|\mathrm{softmax}_\tau(s_j\pm\tfrac{j}{2n})-\mathrm{hardmax}_{R/L}(s)\|_1\le 2\left(\tfrac{x}{1-x}+ne^{-1/(2\tau)}\right)",
    kind="finite",
    instances={"quick": [{"n": 6, "cs": [2, 8]}], "full": [{"n": 8, "cs": [1, 2, 4, 8, 16]}]},
    check=check_lemma8,
    note="All score vectors in {0,1,2}^n.",
)


# --- Lemma 9 -------------------------------------------------------------------------------

def _round_expr(x):
    return ["-", ["*", 2, ["max", 0, ["-", x, "1/4"]]], ["*", 2, ["max", 0, ["-", x, "3/4"]]]]


def check_lemma9(instance):
    """f(x) = 2 ReLU(x - 1/4) - 2 ReLU(x - 3/4) is continuous and affine on (-oo, 1/4], [1/4, 3/4],
    [3/4, oo), so its values at the break points and its slopes on the outer pieces determine it."""
    facts = [
        ("f(1/4) = 0", ["==", "f_q1", 0]),
        ("f(3/4) = 1", ["==", "f_q3", 1]),
        ("f(1/4 - 1) = 0 (slope 0 left of 1/4)", ["==", "f_left", 0]),
        ("f(3/4 + 1) = 1 (slope 0 right of 3/4)", ["==", "f_right", 1]),
        ("f(1/2) = 1/2 (affine in between, not a constant)", ["==", "f_mid", "1/2"]),
    ]
    values = {"f_q1": _round_expr("1/4"), "f_q3": _round_expr("3/4"), "f_left": _round_expr("-3/4"),
              "f_right": _round_expr("7/4"), "f_mid": _round_expr("1/2")}
    from quarks.proofs.yang.algebra import lemma9_record

    return Verdict.from_facts([arith(values, facts), lemma9_record()],
                              "rounding FFN: 0 on x <= 1/4, 1 on x >= 3/4 (exact break points; SymPy piecewise)")


lemma9 = Claim(
    id="yang.lemma9",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Lemma 9"),
    coq=("Rounding.v:lemma9", "Rounding.v:lemma9_monotone"),
    coq_hypotheses={"lemma9": [], "lemma9_monotone": ["x <= y"]},
    statement="The one-hidden-layer ReLU FFN f(x) = 2 ReLU(x - 1/4) - 2 ReLU(x - 3/4) maps every x <= 1/4 to 0 "
              "and every x >= 3/4 to 1 (approximate Booleans to exact ones).",
    latex=r"f(x)=2\,\mathrm{ReLU}(x-\tfrac14)-2\,\mathrm{ReLU}(x-\tfrac34)",
    kind="symbolic",
    instances={"quick": [{}], "full": [{}]},
    check=check_lemma9,
    note="Exact: a continuous piecewise-affine function fixed by its break-point values and outer slopes.",
)


# --- Proposition 11 ------------------------------------------------------------------------

def prop11_exact(max_n: int) -> dict:
    """For every n <= max_n and i: uniform future-masked attention to (-1)^j is -1 iff i = 1 and
    >= -1/2 otherwise; past-masked has |.| = 1 iff i = n and <= 1/2 otherwise; uniform attention to
    [j = 1] gives exactly 1/i (future) and to [j = n] exactly 1/(n-i+1) (past)."""
    items, holds, cases = [], True, 0
    for n in range(1, max_n + 1):
        alt = [Fraction((-1) ** j) for j in range(1, n + 1)]
        one = [Fraction(int(j == 1)) for j in range(1, n + 1)]
        end = [Fraction(int(j == n)) for j in range(1, n + 1)]
        for i in range(1, n + 1):
            fut = sum(alt[:i]) / i
            past = sum(alt[i - 1:]) / (n - i + 1)
            ok = ((fut == -1) == (i == 1)) and (i == 1 or fut >= Fraction(-1, 2))
            ok = ok and ((abs(past) == 1) == (i == n)) and (i == n or abs(past) <= Fraction(1, 2))
            ok = ok and sum(one[:i]) / i == Fraction(1, i) and sum(end[i - 1:]) / (n - i + 1) == Fraction(1, n - i + 1)
            cases += 1
            holds = holds and ok
            items.append([n, i, str(fut), str(past)])
    return {"cases": cases, "holds": holds, "digest": digest(items)}


def check_prop11(instance):
    rec = exhaustive("quarks.proofs.yang.lemmas:prop11_exact", max_n=instance["n"])
    res = rec["result"]
    if res["holds"]:
        return Verdict.verified(f"all {res['cases']} (n, i) exact", [rec])
    return Verdict.refuted("Proposition 11 fails", {"max_n": instance["n"]}, [rec])


prop11 = Claim(
    id="yang.prop11",
    source=Source("004", "Proposition 11"),
    coq=("Uniform.v:prop11_future_marks_first", "Uniform.v:prop11_past_marks_last",
         "Uniform.v:prop11_first_indicator", "Uniform.v:prop11_last_indicator", "Uniform.v:softmax_equal_scores",
         "TransformerError.v:prop11_head", "TransformerError.v:prop11_layer", "Transformer.v:prop11_head_past"),
         coq_hypotheses={"prop11_future_marks_first": ["(1 <= i)%nat"],
                    "prop11_past_marks_last": ["(1 <= i <= n)%nat"],
                    "prop11_first_indicator": ["(1 <= i)%nat"],
                    "prop11_last_indicator": ["(1 <= i <= n)%nat"],
                    "softmax_equal_scores": ["(1 <= m)%nat"],
        "prop11_head": ["h_terms h = []", "h_hard h = Average", "h_mask h = Future", "(forall j : nat, (j < n)%nat -> x j (h_val h) = (if j =? 0 then 1 else 0))", "(i < n)%nat"],
        "prop11_layer": ["h_terms h = []", "h_hard h = Average", "h_mask h = Future", "(forall j : nat, (j < n)%nat -> x j (h_val h) = (if j =? 0 then 1 else 0))", "(i < n)%nat", "x i (h_out h) = 0"],
        "prop11_head_past": ["h_terms h = []", "h_hard h = Average", "h_mask h = Past", "(forall j : nat, (j < n)%nat -> x j (h_val h) = (if j =? n - 1 then 1 else 0))", "(i < n)%nat"]
    },
    statement="With PE (-1)^i, uniform future-masked attention marks position 1 (average -1 exactly there, "
              ">= -1/2 elsewhere) and past-masked attention marks position n; uniform attention to the "
              "indicator of position 1 (of n) gives exactly 1/i (1/(n-i+1)).  Softmax over equal scores is "
              "exactly uniform, so the softmax transformer computes the same exact values.  On the attention layer "
              "(Coq, TransformerError.v and Transformer.v): a future-masked uniform head whose value coordinate "
              "is the indicator of "
              "position 1 outputs exactly 1/i at position i, for every n and 1 <= i <= n, under average hardmax and "
              "under softmax at every temperature (prop11_head); a layer with only that head and no units writes "
              "exactly 1/i into an output coordinate that was 0 (prop11_layer); a past-masked uniform head over the "
              "indicator of position n outputs exactly 1/(n-i+1) at position i (prop11_head_past).",
    latex=r"\tfrac1i\sum_{j\le i}(-1)^j=-1\iff i=1",
    kind="finite",
    instances={"quick": [{"n": 40}], "full": [{"n": 300}]},
    check=check_prop11,
)
