"""Cover's function-counting theorem and the finite forms of Section 4's capacity bounds (seed 000).

Each claim here is a finite statement proved in Coq for all parameters (``CoverCount.v``, ``Cover.v``, ``Capacity.v``,
``LayerGating.v``); its instances re-check it against exact counts.  The asymptotic statements of the
paper (eq. 4.1-4.5, Theorems 4.1 and 4.3) stay separate claims whose o(1) parts are only
consistent on small n.  C(N, k) is Cover's count: C(0, k) = 1, C(N+1, 0) = 0,
C(N+1, k+1) = C(N, k+1) + C(N, k), equal to 2 sum_{j<k} binom(N-1, j) for N >= 1.
"""
from __future__ import annotations

import math
from functools import lru_cache

from quarks.certificates.evidence import arith, exhaustive
from quarks.claims.claim import Claim, Source, Verdict, decide
from quarks.proofs.baldi.composition import check_prop55_corollary, check_thm41, exhaustive_record
from quarks.proofs.baldi.counting import (
    check_eq43,
    count_of,
    cover_count,
    cover_instances,
    cube_points,
    ptf_instances,
    random_points,
)
from quarks.proofs.baldi.layer_gating import GATE, layer_result, layer_size_record, thm43_instances


@lru_cache(maxsize=None)
def cover_rec(N: int, k: int) -> int:
    """Cover's count C(N, k) by its recursion (the Coq definition ``Cover.cover``)."""
    if N == 0:
        return 1
    if k == 0:
        return 0
    return cover_rec(N - 1, k) + cover_rec(N - 1, k - 1)


def _closed(N: str, k: str) -> list:
    """2 sum_{j<k} binom(N-1, j) as an arith expression (N, k: value names or expressions)."""
    return ["*", 2, ["sum", "j", 0, ["-", k, 1], ["binom", ["-", N, 1], "j"]]]


# --- Cover's theorem -------------------------------------------------------------------------------

def check_cover_upper(inst) -> Verdict:
    """The affine dichotomies of N points of R^m, counted exactly, against C(N, m+1)."""
    if "cube" in inst:
        n = inst["cube"]
        pts, N, m = cube_points(n), 1 << n, n
    else:
        N, m = inst["N"], inst["m"]
        pts = random_points(N, m, inst["seed"])
    # the record recounts (it holds by construction here; check-cert re-runs the recount against the
    # recorded count); the arith facts compare the count with C(N, m+1)
    count = cover_count(pts, 0)["count"]
    rec = exhaustive("quarks.proofs.baldi.counting:cover_count", points=pts, count=count)
    values = {"N": N, "k": m + 1, "count": count, "C": cover_rec(N, m + 1), "closed": _closed("N", "k")}
    facts = [("the recursion's C(N, m+1) equals 2 sum_{j<=m} binom(N-1, j)", ["==", "C", "closed"]),
             ("at most C(N, m+1) affine dichotomies", ["<=", "count", "C"])]
    return Verdict.from_facts([rec, arith(values, facts)],
                              f"{N} points in R^{m}: {count} affine dichotomies <= C({N}, {m + 1}) = "
                              f"{cover_rec(N, m + 1)}", counterexample={"points": pts, "count": count})


cover_upper = Claim(
    id="quarks.cover",
    source=Source("000", "eq. (4.11), Cover's function-counting theorem"),
    statement="Over any real field R: (1) for every finite index set I and points y_i in R^k, the strict "
              "sign vectors i -> [w.y_i > 0] (over the w with w.y_i != 0 for every i) number at most "
              "C(|I|, k); (2) if moreover some u has u.y_i > 0 for every i, the labelings "
              "i -> [w.y_i > 0] over all w in R^k number at most C(|I|, k); (3) for points z_i in R^m "
              "the affine labelings i -> [w.z_i + b > 0] number at most C(|I|, m+1); "
              "(4) C(N, k) = 2 sum_{j<k} binom(N-1, j) for N >= 1; (5) equality: m points y_1..y_m of "
              "R^k in general position (any j <= k of them linearly independent) have exactly C(m, k) "
              "strict sign vectors, and N points z_i of R^m whose lifts (z_i, 1) are in general position "
              "(no m+1 of them on an affine hyperplane, fewer affinely independent) have exactly "
              "C(N, m+1) affine labelings.",
    latex=r"\#\{\text{dichotomies of } N \text{ points of } \mathbb R^m\} \le C(N, m+1) = 2\sum_{j\le m}\binom{N-1}{j}",
    kind="finite",
    instances=cover_instances,
    check=check_cover_upper,
    size="N",
    coq=("Cover.v:cover_upper", "Cover.v:cover_labelings", "Cover.v:cover_affine", "CoverCount.v:cover_closed",
         "Cover.v:cover_exact", "Cover.v:cover_affine_exact"),
    coq_hypotheses={
        "cover_upper": [],
        "cover_labelings": ["(exists u : 'rV_k, forall i : I, 0 < dot (R:=R) u (y i))"],
        "cover_affine": [],
        "cover_closed": ["0 < m"],
        "cover_exact": ["gen_pos (R:=R) (I:=ordinal_finType m) y"],
        "cover_affine_exact": ["gen_pos (R:=R) (I:=ordinal_finType N) (fun i : ordinal_finType N => row_mx (z i) 1)"]},

    note="The instances check the bound (the equality on the random instances in general position is "
         "checked by quarks.eq4.11-cover). Cover.v:cover_upper_subspace also bounds the sign vectors "
         "realized by w in a subspace V by C(|I|, dim V).",
)


# --- Eq. (4.11) --------------------------------------------------------------------------------

def check_eq411_identity(inst) -> Verdict:
    n, m = inst["n"], inst["m"]
    values = {"N": 2 ** n, "k": m + 1, "C": cover_rec(2 ** n, m + 1), "closed": _closed("N", "k")}
    rec = arith(values, [("C(2^n, m+1) = 2 sum_{k<=m} binom(2^n - 1, k)", ["==", "C", "closed"])])
    return Verdict.from_facts([rec], f"n = {n}, m = {m}: C(2^n, m+1) = {values['C']}", counterexample=inst)


eq411 = Claim(
    id="quarks.eq4.11",
    source=Source("000", "eq. (4.11)"),
    statement="For every n and m: C(2^n, m+1) = 2 sum_{k<=m} binom(2^n - 1, k) (the identity); and over any "
              "real field, for every finite index set I with |I| <= 2^n and points z_i in R^m, the "
              "labelings i -> [w.z_i + b > 0] number at most 2 sum_{k<=m} binom(2^n - 1, k) (the bound "
              "the proof of Theorem 4.3 uses for the output gate on the at most 2^n hidden vectors).",
    latex=r"2\binom{2^n-1}{\le m} = C(2^n, m+1)",
    kind="finite",
    instances={"quick": [{"n": n, "m": m} for n in (1, 2, 3) for m in (0, 1, 2, 3)],
               "full": [{"n": n, "m": m} for n in range(0, 7) for m in range(0, 9)]},
    check=check_eq411_identity,
    coq=("Capacity.v:eq4_11", "Capacity.v:eq4_11_bound"),
    coq_hypotheses={
        "eq4_11": [],
        "eq4_11_bound": ["#|I| <= 2 ^ n"]},

    note="The printed '= 2^(nm(1+o(1)))' in (4.11) is the asymptotic part (for m <= 2^o(n)); it is not "
         "proved. The bound is checked against exact dichotomy counts by quarks.cover.",
)


# --- Eq. (4.3), upper side ---------------------------------------------------------------------

eq43_upper = Claim(
    id="quarks.eq4.3-ptf-upper",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("000", "eq. (4.3), upper side in finite form"),
    statement="For every n >= 1 and every d: C(T(n;d)) <= n binom(n, <=d), i.e. |T(n;d)| <= "
              "2^(n binom(n,<=d)); from |T(n;d)| <= C(2^n, binom(n,<=d)).",
    latex=r"C(\mathcal T(n;d)) \le n\binom{n}{\le d}\quad(n\ge 1)",
    kind="finite",
    instances=ptf_instances,
    check=check_eq43,
    coq=("Capacity.v:eq4_3_upper",),
    coq_hypotheses={
        "eq4_3_upper": ["0 < n"]},

    note="Finite form proved; the asymptotic lower side of (4.3) (unspecified D(alpha)) and the "
         "'~' are quarks.eq4.3-ptf (consistent on small n, not proved). Capacity.v:card_T_le_cover "
         "gives the sharper |T(n;d)| <= C(2^n, binom(n,<=d)) and card_T_pow_all "
         "C(T(n;d)) <= n (binom(n,<=d) - 1) + 1.",
)


# --- Eq. (4.5)'s printed bound, for every d, and its exact range --------------------------------------

def eq45_holds(n: int, d: int) -> bool:
    """Whether the printed bound |T(n;d)|^(d!) <= 2^(n^(d+1)) holds (Capacity.v:eq4_5_range):
    exactly when n > d or d! 2^n <= n^(d+1)."""
    return n > d or math.factorial(d) * 2 ** n <= n ** (d + 1)


def eq45_least(d: int) -> int:
    """The least n at which the printed bound holds; it holds for every larger n (eq4_5_range_mono)."""
    return next(n for n in range(d + 2) if eq45_holds(n, d))


def check_eq45_range(inst) -> Verdict:
    n, d = inst["n"], inst["d"]
    T, ev, prov = count_of(inst)
    holds = ["<=", ["^", "T", ["fact", "d"]], ["^", 2, ["^", "n", ["+", "d", 1]]]]
    fact = (("n > d or d! 2^n <= n^(d+1): |T(n;d)|^(d!) <= 2^(n^(d+1))", holds) if eq45_holds(n, d) else
            ("n <= d and d! 2^n > n^(d+1): |T(n;d)|^(d!) > 2^(n^(d+1)) (the printed bound fails)",
             ["not", holds]))
    rec = arith({"n": n, "d": d, "T": T}, [fact])
    return Verdict.from_facts(ev + [rec], f"|T({n};{d})| = {T} ({prov}); C d!/n^(d+1) = "
                              f"{math.log2(T) * math.factorial(d) / n ** (d + 1):.4f}", counterexample=inst)


eq45_range = Claim(
    id="quarks.eq4.5-range",
    source=Source("000", "eq. (4.5), the printed bound n^(d+1)/d!, for every d, and its exact range"),
    statement="For every d and n with d < n: C(T(n;d)) <= n^(d+1)/d!, i.e. |T(n;d)|^(d!) <= 2^(n^(d+1)).  "
              "For every n and d it holds if and only if n > d or d! 2^n <= n^(d+1), and if it holds at n "
              "it holds at n + 1: the range is n >= n0(d) with n0(d) <= d + 1 (n0 = 2, 2, 3, 3, 4 for "
              "d = 1..5).  So it holds if and only if n >= 2 for d = 1 and d = 2, and if and only if n >= 3 "
              "for d = 3.",
    latex=r"C(\mathcal T(n;d)) \le \frac{n^{d+1}}{d!} \iff n > d \ \text{or}\ d!\,2^n \le n^{d+1}",
    kind="finite",
    instances={"quick": [{"n": n, "d": d} for d in (1, 2, 3) for n in (1, 2, 3)] + [{"n": 3, "d": 4}],
               "full": [{"n": n, "d": 1} for n in range(1, 8)] + [{"n": n, "d": d} for d in (2, 3, 4)
                                                                    for n in range(1, 5)]},
    check=check_eq45_range,
    coq=("Capacity.v:eq4_5_upper", "Capacity.v:eq4_5_range", "Capacity.v:eq4_5_range_mono",
         "Capacity.v:eq4_5_d1_range", "Capacity.v:eq4_5_d2_range", "Capacity.v:eq4_5_d3_range"),
    coq_hypotheses={
        "eq4_5_upper": ["d < n"],
        "eq4_5_range": [],
        "eq4_5_range_mono": ["#|T n d| ^ d`! <= 2 ^ n ^ d.+1"],
        "eq4_5_d1_range": [],
        "eq4_5_d2_range": [],
        "eq4_5_d3_range": []},
    note="One proof for every d (Capacity.v:eq4_5_upper): n = d + 1 from |T| <= 2^(2^n) and "
         "d! 2^(d+1) <= (d+1)^(d+1); n >= d + 2 from Cover's bound |T(n;d)| <= C(2^n, K+1), K = N(n,d) - 1, "
         "with K! C(2^n, K+1) <= 2 (2^n)^K (CoverCount.v:cover_fact) and K! >= 2^(K-1), which leaves "
         "(n-1) d! N(n,d) <= n^(d+1) + (n-3) d! (eq4_5_arith, by induction on d through "
         "d! N(n,d) = d (d-1)! N(n,d-1) + n(n-1)..(n-d+1) and (n-1) n(n-1)..(n-d+1) <= n^d (n-d) for d >= 3); "
         "d = 0 from |T(n;0)| <= C(2^n, 1) = 2.  For n <= d, T(n;d) is every function "
         "(TopDegree.v:T_all), so the bound reads d! 2^n <= n^(d+1) exactly; it fails at n = 0 and n = 1 "
         "for every d, and for d = 3 at n = 2 (16^6 > 2^16), but for d = 4 it holds at n = 3 < d. "
         "The d = 1, 2, 3 ranges, eq4_5_range_low and eq4_5_top are corollaries. "
         "The asymptotic C(T(n;d)) = n^(d+1)/d! (1 - o(1)) is quarks.eq4.5: its upper half is this claim, "
         "its lower half (1 - o(1)) is not proved.",
)


# --- The top degree: |T(n;n-1)| = 2^(2^n) - 2 ------------------------------------------------------

def check_top_degree(inst) -> Verdict:
    n = inst["n"]
    T, ev, prov = count_of({"n": n, "d": n - 1})
    facts = [("|T(n;n-1)| = 2^(2^n) - 2: all but parity and its complement",
              ["==", "T", ["-", ["^", 2, ["^", 2, "n"]], 2]])]
    return Verdict.from_facts(ev + [arith({"n": n, "T": T}, facts)], f"|T({n};{n - 1})| = {T} ({prov})",
                              counterexample=inst)


top_degree = Claim(
    id="quarks.top-degree",
    source=Source("000", "degree n: the top of the hierarchy T(n;d), d = n - 1 (issue 39)"),
    statement="For every n >= 1: T(n;n-1) is every Boolean function of n variables except parity "
              "(an odd number of ones) and its complement, so |T(n;n-1)| = 2^(2^n) - 2; T(n;n) is "
              "every function (e.g. |T(5;4)| = 2^32 - 2).",
    latex=r"|\mathcal T(n;n-1)| = 2^{2^n} - 2\quad(n\ge 1)",
    kind="finite",
    instances={"quick": [{"n": n} for n in (1, 2, 3)], "full": [{"n": n} for n in (1, 2, 3, 4)]},
    check=check_top_degree,
    coq=("TopDegree.v:card_T_top", "TopDegree.v:T_top", "TopDegree.v:T_all", "TopDegree.v:card_T5_4"),
    coq_hypotheses={
        "card_T_top": ["(0 < n)%N"],
        "T_top": ["(0 < n)%N"],
        "T_all": [],
        "card_T5_4": []},
    note="Proof: every h : {0,1}^n -> Z is multilinear; the alternating sum sum_x (-1)^|x| h(x) "
         "is (-1)^n times its top coefficient, so degree <= n-1 iff it vanishes. Parity's "
         "polynomial would have a negative alternating sum; any other f has sign polynomial "
         "2^n g - a (-1)^|x| (g = +-1 its sign, a = the alternating sum of g, |a| < 2^n).",
)


# --- log2 |T(n;1)| >= n(n-1)/2 -----------------------------------------------------------------------

def check_t1_lower(inst) -> Verdict:
    n = inst["n"]
    T, ev, prov = count_of({"n": n, "d": 1})
    facts = [("|T(n;1)| >= 2^(n(n-1)/2)", [">=", "T", ["^", 2, ["binom", "n", 2]]])]
    return Verdict.from_facts(ev + [arith({"n": n, "T": T}, facts)],
                              f"|T({n};1)| = {T} ({prov}); log2 = {math.log2(T):.3f} >= {n * (n - 1) // 2}",
                              counterexample=inst)


t1_lower = Claim(
    id="quarks.t1-lower",
    source=Source("000", "eq. (4.1), lower side: an explicit lower bound (issue 39)"),
    statement="For every n >= 0: |T(n+1;1)| >= 2^n |T(n;1)|, hence |T(n;1)| >= 2^(n(n-1)/2), i.e. "
              "log2 |T(n;1)| >= n(n-1)/2 (Zuev's n^2 (1 - 10/ln n) is not proved).",
    latex=r"\log_2|\mathcal T(n;1)| \ge \binom n2",
    kind="finite",
    instances={"quick": [{"n": n} for n in (1, 2, 3)], "full": [{"n": n} for n in range(1, 6)]},
    check=check_t1_lower,
    coq=("LinearLower.v:card_T1_lower", "LinearLower.v:card_T1_next"),
    coq_hypotheses={
        "card_T1_lower": [],
        "card_T1_next": []},
    note="Construction: f0 = [p > 0] has the realization P = 2^(n+1) (p - 1) + 1 + sum_i 2^i x_i, "
         "injective on the cube; the 2^n functions [P > P(y)] are second halves of f0 in T(n+1;1) "
         "([P(x) - P(y) x_n > 0]). A factor 2 in the exponent from Zuev's bound.",
)


# --- Theorem 4.1, finite form ------------------------------------------------------------------

thm41_finite = Claim(
    id="quarks.thm4.1-finite",
    source=Source("000", "Theorem 4.1, finite form"),
    statement="For every irreducible binary B and every n >= 2: |T(n-1;1)|^2 <= |T_B(n;1,1)| <= 2^(2n^2), "
              "i.e. 2 C(T(n-1;1)) <= C(T_B(n;1,1)) <= 2n^2.  Instances: B = AND (0/1 outputs) and "
              "XNOR (±1 outputs), with |T_B(n;1,1)| <= |T(n;1)|^2 <= 2^(2n^2).",
    latex=r"2C(\mathcal T(n-1;1)) \le C(\mathcal T_B(n;1,1)) \le 2n^2\quad(n\ge 2)",
    kind="finite",
    instances={"quick": [{"n": 3}], "full": [{"n": n} for n in range(2, 6)]},
    check=check_thm41,
    max_feasible=5,
    coq=("Capacity.v:thm4_1_finite",),
    coq_hypotheses={
        "thm4_1_finite": ["irreducible (k:=2) B", "1 < n"]},

    note="Finite form proved; that 2C(T(n-1;1)) = 2n^2(1+o(1)) needs Zuev's lower bound, which is "
         "asymptotic and not proved (quarks.thm4.1 stays 'consistent on small n').",
)


# --- The corollary after Proposition 5.5, finite form -------------------------------------------

prop55_corollary_finite = Claim(
    id="quarks.prop5.5-corollary-finite",
    source=Source("000", "Proposition 5.5, corollary, finite form"),
    statement="For every n >= 2: |T(n-1;1)|^2 <= |∩_B T_B(n;1,1)| <= 2^(2n^2), the intersection over "
              "all irreducible binary B, i.e. 2 C(T(n-1;1)) <= C(∩_B T_B(n;1,1)) <= 2n^2.",
    latex=r"2C(\mathcal T(n-1;1)) \le C\Big(\bigcap_B \mathcal T_B(n;1,1)\Big) \le 2n^2\quad(n\ge 2)",
    kind="finite",
    instances={"quick": [{"n": 3}], "full": [{"n": n} for n in range(2, 6)]},
    check=check_prop55_corollary,
    max_feasible=5,
    coq=("Capacity.v:prop5_5_corollary",),
    coq_hypotheses={
        "prop5_5_corollary": ["1 < n"]},

    note="Finite form proved (from Lower.v:prop5_5, AND's irreducibility and Theorem 4.1's finite "
         "form); 2n^2(1+o(1)) needs Zuev's lower bound, asymptotic and not proved "
         "(quarks.prop5.5-corollary stays 'consistent on small n').",
)


# --- Theorem 4.3, upper bound in finite form -------------------------------------------------------

def check_thm43_upper(inst: dict) -> Verdict:
    from quarks.solvers.compose import class_result, compose_class

    n, m, conv = inst["n"], inst["m"], inst["convention"]
    r = layer_result(n, m, conv)
    ev = [layer_size_record(n, m, conv, r)]
    U = compose_class(GATE[conv], n, [1, 1], k=2)
    ev.append(exhaustive_record("quarks.solvers.compose:class_size_check", class_result(U, U.size),
                      operator=GATE[conv], k=2, n=n, degrees=[1, 1], size=U.size))
    values = {"n": n, "m": m, "size": r["size"], "U": U.size, "N": ["^", 2, "n"],
              "phi_bound": ["*", 2, ["sum", "i", 0, "m", ["binom", ["-", "N", 1], "i"]]]}
    facts = [("|T(n,m,1;B)| <= |T_B(n;1,1)|^m * 2 sum_{i<=m} binom(2^n - 1, i)",
              ["<=", "size", ["*", ["^", "U", "m"], "phi_bound"]])]
    if n >= 2:
        facts.append(("|T(n,m,1;B)| <= 2^(2 m n^2) * 2 sum_{i<=m} binom(2^n - 1, i) (n >= 2)",
                      ["<=", "size", ["*", ["^", 2, ["*", 2, "m", "n", "n"]], "phi_bound"]]))
    ev.append(arith(values, facts))
    return decide(ev, f"n = {n}, m = {m}, {conv}: |T(n,m,1;x)| = {r['size']}, |T_B(n;1,1)| = {U.size}",
                   counterexample=inst)


thm43_upper = Claim(
    id="quarks.thm4.3-upper",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("000", "Theorem 4.3, upper bound (4.11)-(4.12) in finite form"),
    statement="For every binary B and all n, m: |T(n,m,1;B)| <= |T_B(n;1,1)|^m * 2 sum_{i<=m} "
              "binom(2^n - 1, i), where T(n,m,1;B) is one LTG applied to m units B(h_i, g_i), "
              "h_i, g_i in T(n;1) (B = AND: 0/1 outputs, B = XNOR: ±1 outputs); for irreducible B and "
              "n >= 2 this is at most 2^(2mn^2) * 2 sum_{i<=m} binom(2^n - 1, i).",
    latex=r"|\mathcal T(n,m,1;\times)| \le |\mathcal T_B(n;1,1)|^m\, 2\binom{2^n-1}{\le m}",
    kind="finite",
    instances=thm43_instances,
    check=check_thm43_upper,
    max_feasible=4,
    coq=("LayerGating.v:thm4_3_upper", "LayerGating.v:thm4_3_upper_pow"),
    coq_hypotheses={
        "thm4_3_upper": [],
        "thm4_3_upper_pow": ["irreducible (k:=2) B", "1 < n"]},

    note="Finite form proved; C(T(n,m,1;x)) <= 2mn^2(1+o(1)) follows for m <= 2^o(n) (the o(1) is "
         "log2 of the second factor over 2mn^2, not formalized). The lower bound (4.15) through the "
         "multiplexing construction is not proved in Coq (quarks.thm4.3-multiplexing-corrected).",
)


# --- Theorem 4.3, lower bound (4.15) through multiplexing, finite form -----------------------------

def check_thm43_lower(inst: dict) -> Verdict:
    from quarks.solvers.compose import class_result, compose_class, threshold_list, threshold_size_check

    n, m, conv = inst["n"], inst["m"], inst["convention"]
    a = math.ceil(math.log2(m)) if m > 1 else 0
    r = layer_result(n, m, conv)
    ev = [layer_size_record(n, m, conv, r)]
    Up = compose_class(GATE[conv], n - a, [1, 1], k=2)
    ev.append(exhaustive_record("quarks.solvers.compose:class_size_check", class_result(Up, Up.size),
                      operator=GATE[conv], k=2, n=n - a, degrees=[1, 1], size=Up.size))
    size_T = len(threshold_list(n - a - 1, 1))
    ev.append(exhaustive_record("quarks.solvers.compose:threshold_size_check", threshold_size_check(n - a - 1, 1, size_T),
                      n=n - a - 1, degree=1, size=size_T))
    values = {"size": r["size"], "U_plus": Up.size, "T_minus": size_T, "m": m, "a": a}
    facts = [("m <= 2^a", ["<=", "m", ["^", 2, "a"]]),
             ("|T_B(n-a;1,1)|^m <= |T(n,m,1;B)|", ["<=", ["^", "U_plus", "m"], "size"]),
             ("|T(n-a-1;1)|^(2m) <= |T(n,m,1;B)|", ["<=", ["^", "T_minus", ["*", 2, "m"]], "size"])]
    ev.append(arith(values, facts))
    return decide(ev, f"n = {n}, m = {m}, a = {a}, {conv}: |T(n,m,1;x)| = {r['size']} >= |T_B(n-a;1,1)|^m = "
                       f"{Up.size ** m}", counterexample=inst)


thm43_lower = Claim(
    id="quarks.thm4.3-lower",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("000", "Theorem 4.3, lower bound (4.14)-(4.15) in finite form"),
    statement="For all n, m, a with m <= 2^a and a <= n, and B = AND (0/1 outputs) or B = XNOR (±1 "
              "outputs): |T_B(n-a;1,1)|^m <= |T(n,m,1;B)|; if moreover a < n, |T(n-a-1;1)|^(2m) <= "
              "|T(n,m,1;B)|, i.e. C(T(n,m,1;B)) >= 2m C(T(n-a-1;1)).  Construction: a selector "
              "variables encode the unit index i - 1; unit i's gated unit is [x^- = i - 1] AND h_i^+, "
              "its gating unit [x^- = i - 1] AND g_i^+ (AND) or [x^- != i - 1] OR g_i^+ (XNOR); the "
              "output gate is OR.",
    latex=r"|\mathcal T_B(n-a;1,1)|^m \le |\mathcal T(n,m,1;\times)|\quad(m\le 2^a\le 2^n)",
    kind="finite",
    instances={"quick": [{"n": 3, "m": m, "convention": c} for c in ("01", "pm1") for m in (1, 2)],
               "full": [{"n": n, "m": m, "convention": c} for c in ("01", "pm1")
                        for n, m in ((3, 1), (4, 1), (3, 2))]},
    check=check_thm43_lower,
    max_feasible=4,
    coq=("LayerGating.v:thm4_3_lower_n", "LayerGating.v:thm4_3_lower_T", "ZuevConsequences.v:thm4_3_lower_log2"),
    coq_hypotheses={
        "thm4_3_lower_n": ["m <= 2 ^ a", "a <= n"],
        "thm4_3_lower_T": ["m <= 2 ^ a", "a < n"],
        "thm4_3_lower_log2": ["(m <= 2 ^ a)%N", "(1 < (n - a).-1)%N"]},

    note="Finite form proved with a = ceil(log2 m) selector bits; with Zuev's bound the explicit lower "
         "side (ZuevConsequences.v:thm4_3_lower_log2), which is 2mn^2(1 - o(1)) when a = o(n). The index is encoded 0-based: the printed "
         "x^- = i for i in 1..m with ceil(log2 m) bits cannot encode i = m when m is a power of 2 "
         "(notes/counterexamples.md). With ±1 outputs the gating unit must output +1 when not "
         "selected (quarks.thm4.3-multiplexing refutes the printed form).",
)
