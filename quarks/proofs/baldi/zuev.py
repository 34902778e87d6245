"""Seed 000, eq. (4.1), lower side: the finite statements of Zuev's chain (issue 52).

The chain (``../shared/zuev.md``) bounds |T(n;1)| from below by the closed sets of the lifted cube
yhat(x) = (1, 2x_1 - 1, .., 2x_n - 1): a set S of points is closed when every x with yhat(x) in the
span of yhat(S) lies in S (equivalently aff(S) meets {0,1}^n exactly in S).

* ``quarks.zuev-closed-sets``: #closed sets <= |T(n;1)|, proved in Coq for every n (Zuev's
  reduction ``Flats.v:flats_le_signs`` and ``ZuevFinite.v``); the instances count the closed sets
  exactly (closures over Q) and compare them with the exact counts.
* ``quarks.zuev-theorem-f``: Theorem F in natural numbers, proved in Coq for every 1 <= p <= n
  (``ZuevFinite.v:zuev_finite``, through the Odlyzko-type count of ``Odlyzko.v``) and checked for
  every p <= n against the exact |T(n;1)| (n <= 9).
"""
from __future__ import annotations

from quarks.certificates.evidence import arith, exhaustive, forall
from quarks.claims.claim import Claim, Source, Verdict
from quarks.proofs.baldi.counting import A000609, count_of


def _lift(n: int, x: int) -> list[int]:
    """yhat(x) = (1, 2x_1 - 1, .., 2x_n - 1) for the point with bits x (bit i = x_{i+1})."""
    return [1] + [1 if (x >> i) & 1 else -1 for i in range(n)]


def _reduce(basis: list[list[int]], v: list[int]) -> list[int]:
    """v reduced against an echelon basis (fraction-free integer steps): zero iff v is in its span."""
    for row in basis:
        c = next(k for k, a in enumerate(row) if a)
        if v[c]:
            v = [row[c] * a - v[c] * b for a, b in zip(v, row)]
    return v


def _closure(points: list[list[int]], members: frozenset[int]) -> frozenset[int]:
    """The points whose lift lies in the span of the lifts of ``members`` (exact, over Q)."""
    basis: list[list[int]] = []
    for i in sorted(members):
        r = _reduce(basis, points[i])
        if any(r):
            basis.append(r)
    return frozenset(i for i, v in enumerate(points) if not any(_reduce(basis, v)))


def count_closed_sets(n: int, count: int) -> dict:
    """Count the closed sets of the lifted cube {0,1}^n and compare with ``count``: every closed set
    is the closure of a smaller closed set and one point, so a search from the empty set (closed:
    no lift is 0) meets them all."""
    if not 0 <= n <= 4:
        raise ValueError(f"n = {n}: closed sets are counted for 0 <= n <= 4")
    points = [_lift(n, x) for x in range(2 ** n)]
    seen = {frozenset()}
    todo = [frozenset()]
    while todo:
        c = todo.pop()
        for x in range(len(points)):
            if x not in c:
                d = _closure(points, c | {x})
                if d not in seen:
                    seen.add(d)
                    todo.append(d)
    return {"n": n, "count": len(seen), "holds": len(seen) == count}


# The closed sets of the lifted cube, n = 0..4 (recounted by count_closed_sets).
CLOSED = (2, 4, 12, 58, 538)


def check_closed_sets(inst) -> Verdict:
    n = inst["n"]
    rec = exhaustive("quarks.proofs.baldi.zuev:count_closed_sets", n=n, count=CLOSED[n])
    T, ev, prov = count_of({"n": n, "d": 1})
    facts = [("#closed sets <= |T(n;1)|", ["<=", "closed", "T"])]
    out = arith({"n": n, "closed": rec["result"]["count"], "T": T}, facts)
    return Verdict.from_facts(
        [rec] + ev + [out], f"n = {n}: {rec['result']['count']} closed sets of the lifted cube, "
        f"|T({n};1)| = {T} ({prov})", counterexample={"n": n, "closed": rec["result"]["count"], "T": T})


closed_sets = Claim(
    id="quarks.zuev-closed-sets",
    source=Source("000", "eq. (4.1), lower side: Zuev's reduction (Lemmas 1, 2 of the Zuev chain, issue 52)"),
    statement="For every n: the sets S of points of {0,1}^n closed for the lifted points "
              "yhat(x) = (1, 2x_1 - 1, .., 2x_n - 1) (every x with yhat(x) in the span of yhat(S) lies in "
              "S; equivalently aff(S) meets {0,1}^n exactly in S) number at most |T(n;1)|.  In general "
              "(Zuev's reduction): over an ordered field, nonzero points y_i in R^k (i in a finite set I) "
              "have at most as many closed sets of indices as strict sign vectors.  Instances: the closed "
              "sets counted exactly (n <= 4) against the exact |T(n;1)|.",
    latex=r"\#\{S\subseteq\{0,1\}^n:\ \hat y(x)\in\operatorname{span}\hat y(S)\Rightarrow x\in S\}"
          r"\le|\mathcal T(n;1)|",
    kind="finite",
    instances={"quick": [{"n": n} for n in (1, 2, 3)], "full": [{"n": n} for n in range(1, 5)]},
    check=check_closed_sets,
    max_feasible=4,
    coq=("ZuevFinite.v:card_flats_yhat_le_T", "ZuevFinite.v:signs_yhat_T", "Flats.v:flats_le_signs"),
    coq_hypotheses={
        "card_flats_yhat_le_T": [],
        "signs_yhat_T": [],
        "flats_le_signs": ["(forall i : I, y i != 0)"]},
    note="Counts of closed sets: 2 (n = 0), 4, 12, 58, 538 (n = 1..4; ../shared/zuev.md has 4, 12, 58, 538) against |T(n;1)| = 2, 4, 14, 104, 1882. "
         "The Coq proof: the strict sign vectors of the yhat(x) are threshold functions (real "
         "coefficients, RealBridge.T_real), and closed sets <= strict sign vectors by the "
         "deletion/restriction induction of Cover.card_step (notes/capacity.md).",
)


def _theorem_f_rhs():
    """p! 2^p T + C(p,2) 2^(N(p-1)+1) + sum_{m=3}^p C(p,m) C(N,m) 2^(N(p-m+1)+m^2) C(m,floor(m/2))^(N-m)."""
    term = ["*", ["binom", "p", "m"], ["binom", "N", "m"],
            ["^", 2, ["+", ["*", "N", ["+", ["-", "p", "m"], 1]], ["*", "m", "m"]]],
            ["^", ["binom", "m", ["floor", ["/", "m", 2]]], ["-", "N", "m"]]]
    return ["+", ["*", ["fact", "p"], ["^", 2, "p"], "T"],
            ["*", ["binom", "p", 2], ["^", 2, ["+", ["*", "N", ["-", "p", 1]], 1]]],
            ["sum", "m", 3, "p", term]]


def check_theorem_f(inst) -> Verdict:
    n = inst["n"]
    T, ev, prov = count_of(inst)
    fact = ["<=", ["^", 2, ["*", "N", "p"]], _theorem_f_rhs()]
    rec = forall([["p", 1, n]], fact, given={"n": n, "N": n + 1, "T": T})
    return Verdict.from_facts(
        ev + [rec], f"|T({n};1)| = {T} ({prov}): Theorem F's inequality holds for every 1 <= p <= {n}"
        if rec["holds"] else f"n = {n}: Theorem F's inequality fails at {rec.get('witness')}",
        counterexample={"n": n, "T": T, "p": (rec.get("witness") or {}).get("p")})


theorem_f = Claim(
    id="quarks.zuev-theorem-f",
    source=Source("000", "eq. (4.1), lower side: Theorem F of the Zuev chain (issue 52)"),
    statement="For 1 <= p <= n and N = n + 1: 2^(Np) <= p! 2^p |T(n;1)| + C(p,2) 2^(N(p-1)+1) + "
              "sum_{m=3}^{p} C(p,m) C(N,m) 2^(N(p-m+1)+m^2) C(m, floor(m/2))^(N-m) (Theorem F in natural "
              "numbers, the last two terms named zuev_bad n p in Coq; |T(n;1)| the number of threshold functions of n variables).  Instances: every p <= n against the exact |T(n;1)| (n <= 7 computed, n = 8, 9 "
              "from OEIS A000609 as reference data); weak there (the check is that it holds, not that it "
              "is sharp).",
    latex=r"2^{Np}\le p!\,2^p|\mathcal T(n;1)|+\binom p2 2^{N(p-1)+1}+\sum_{m=3}^{p}\binom pm\binom Nm"
          r"2^{N(p-m+1)+m^2}\binom m{\lfloor m/2\rfloor}^{N-m}",
    kind="finite",
    instances={"quick": [{"n": n, "d": 1} for n in range(1, 5)],
               "full": [{"n": n, "d": 1} for n in range(1, 8)]
               + [{"n": n, "d": 1, "source": "reference"} for n in (8, 9)]},
    check=check_theorem_f,
    max_feasible=len(A000609) - 1,
    coq=("ZuevFinite.v:zuev_finite",),
    coq_hypotheses={"zuev_finite": ["(0 < p <= n)%N"]},
    note="The Coq proof counts p-tuples t of +-1 vectors in {-1,1}^N: the good ones (no t_i = +-t_j, no "
         "other +-1 vector in their span) give closed p-sets of the lifted cube, at most p! 2^p per set "
         "(ZuevFinite.v:card_good, then quarks.zuev-closed-sets); the bad ones are at most the two other "
         "terms (Odlyzko.v:card_dup, card_extra: a minimal support of size >= 3 gives a full sub-tuple, "
         "counted by card_full with the Littlewood-Offord bound of Sperner.v).",
)


def check_zuev_small(inst) -> Verdict:
    n = inst["n"]
    T, ev, prov = count_of(inst)
    facts = [("|T(n;1)| >= 2^C(n,2)", [">=", "T", ["^", 2, ["binom", "n", 2]]]),
             ("n <= (27/10)^4 < e^4, so n^2 (1 - 4/ln n) <= 0", ["<=", "n", ["^", "27/10", 4]])]
    rec = arith({"n": n, "T": T}, facts)
    return Verdict.from_facts(
        ev + [rec], f"|T({n};1)| = {T} ({prov}) >= 2^{n * (n - 1) // 2}; the bound n^2 (1 - 4/ln n) is "
        f"negative at n = {n}", counterexample={"n": n, "T": T})


zuev_theorem = Claim(
    id="quarks.zuev",
    source=Source("000", "eq. (4.1), lower side: Theorem Z of the Zuev chain with c = 4 (issue 52)"),
    statement="For every n >= 2: log2 |T(n;1)| >= n^2 (1 - 4/ln n) (ln the natural logarithm; Zuev's "
              "lower bound with the explicit constant c = 4 and n0 = 2).  Proved for 2 <= n <= 2900 from "
              "|T(n;1)| >= 2^(n(n-1)/2) and ln x <= 8x/(x+1), for n >= 2900 from Theorem F "
              "(quarks.zuev-theorem-f) with p = n - floor(3.96 n/ln n); and the Odlyzko-type count behind "
              "it: for n >= 2900 and that p, at least half of the p-subsets S of {0,1}^n have "
              "aff(S) ∩ {0,1}^n = S (C(2^n, p) <= 2 #{closed p-sets}).  Instances: "
              "|T(n;1)| >= 2^(n(n-1)/2) against the exact counts; below n = 54 the bound is negative.",
    latex=r"\log_2|\mathcal T(n;1)|\ge n^2\left(1-\frac{4}{\ln n}\right)\quad(n\ge 2)",
    kind="finite",
    instances={"quick": [{"n": n, "d": 1} for n in (2, 3, 4)],
               "full": [{"n": n, "d": 1} for n in range(2, 8)]},
    check=check_zuev_small,
    max_feasible=7,
    coq=("Zuev.v:zuev", "Zuev.v:odlyzko_closed_half"),
    coq_hypotheses={"zuev": ["(1 < n)%N"], "odlyzko_closed_half": ["(2899 < n)%N"]},
    note="The constant c = 4 with n0 = 2 is ../shared/zuev.md's Theorem Z (Zuev: c = 10 for large n; "
         "Irmatov: c = 7).  Up to n = 2900 the elementary bound C(n,2) already gives it (interval "
         "arithmetic for ln); beyond, Theorem F with the bad tuples at most half of all "
         "(ZuevBounds.v:zuev_bad_half) and Lemma 13's real inequalities (ZuevAnalytic.v, by interval).",
)
