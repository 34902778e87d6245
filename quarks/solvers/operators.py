"""Boolean operators B(z_1..z_k) as integer tables, and small integer realizations of T(m; d).

An operator of arity k is the integer whose bit z (z = sum_i z_i 2^(i-1)) is B(z); bit 1 means
true, i.e. +1 in the ±1 encoding of the paper.  Names of the binary operators are those of
:data:`quarks.base.boolean.BINARY_OPERATORS`; ternary operators are named by hex unless listed in
:data:`TERNARY_NAMED`.
"""
from __future__ import annotations

import itertools

import numpy as np


def table(k: int, fn) -> int:
    """The table of fn(z_1, ..., z_k) (0/1 arguments and value)."""
    out = 0
    for z in range(1 << k):
        if fn(*[(z >> i) & 1 for i in range(k)]):
            out |= 1 << z
    return out


TERNARY_NAMED = {
    "AND3": table(3, lambda a, b, c: a & b & c),
    "MAJ3": table(3, lambda a, b, c: int(a + b + c >= 2)),
    "XOR3": table(3, lambda a, b, c: a ^ b ^ c),
    "MUX": table(3, lambda a, b, c: b if a else c),  # z_1 ? z_2 : z_3
}


def depends_on(B: int, k: int, i: int) -> bool:
    return any(((B >> z) & 1) != ((B >> (z | 1 << i)) & 1) for z in range(1 << k) if not (z >> i) & 1)


def is_irreducible(B: int, k: int) -> bool:
    """B depends on each of its k arguments."""
    return all(depends_on(B, k, i) for i in range(k))


def irreducible(k: int) -> dict[str, int]:
    """The irreducible operators of arity k (k = 2: the ten named binary ones), by name."""
    if k == 2:
        from quarks.base.boolean import BINARY_OPERATORS

        return {name: int(B.bits) for name, B in BINARY_OPERATORS.items() if is_irreducible(int(B.bits), 2)}
    named = {v: n for n, v in TERNARY_NAMED.items()} if k == 3 else {}
    return {named.get(B, f"B{k}_{B:#0{2 + (1 << k) // 4}x}"): B
            for B in range(1 << (1 << k)) if is_irreducible(B, k)}


def irreducible_count_formula(k: int) -> list:
    """sum_{j=0}^{k} (-1)^(k-j) C(k,j) 2^(2^j): operators depending on all k arguments
    (inclusion-exclusion over the set of arguments ignored), as an exact expression."""
    return ["sum", "j", 0, k, ["*", ["^", -1, ["-", k, "j"]], ["binom", k, "j"], ["^", 2, ["^", 2, "j"]]]]


# --- small integer realizations -------------------------------------------------------------------

def monomial_masks(m: int, d: int) -> list[int]:
    """Monomials x^S of degree 1..d over m variables, as bit masks S, by degree then value."""
    return sorted((S for S in range(1, 1 << m) if bin(S).count("1") <= d), key=lambda S: (bin(S).count("1"), S))


def evaluate_realizations(m: int, monos, weights, thresholds) -> np.ndarray:
    """p(x) = sum_S w_S x^S - t at every x in {0,1}^m, one row per realization (exact int64)."""
    t = np.asarray(thresholds, dtype=np.int64)
    if not len(monos):
        return np.zeros((len(t), 1 << m), dtype=np.int64) - t[:, None]
    X = np.array([[1 if (x & S) == S else 0 for S in monos] for x in range(1 << m)], dtype=np.int64)
    W = np.asarray(weights, dtype=np.int64).reshape(-1, len(monos))
    if W.size and (np.abs(W).max() * len(monos) > 1 << 40 or np.abs(t).max() > 1 << 40):
        raise ValueError("weights too large for exact int64 evaluation")
    return W @ X.T - t[:, None]


def box_realizations(m: int, d: int, targets, max_box: int = 4) -> dict:
    """Integer polynomials p = sum_S w_S x^S - t with p >= 1 on the true and p <= -1 on the false
    points, for the target tables, found by searching weights in growing boxes [-b, b].

    Returns {table: (weights, threshold)} over :func:`monomial_masks` (m, d); targets not found
    in the largest box are left out.  Every returned realization is checked exactly here.
    """
    targets = {int(t) for t in targets}
    monos = monomial_masks(m, d)
    found: dict = {}
    if m == 0:
        return {t: ((), -1 if t else 1) for t in targets if t in (0, 1)}
    X = np.array([[1 if (x & S) == S else 0 for S in monos] for x in range(1 << m)], dtype=np.int64)
    powers = np.left_shift(np.int64(1), np.arange(1 << m, dtype=np.int64))
    for b in range(1, max_box + 1):
        if len(monos) * np.log2(2 * b + 1) > 22:
            break
        W = np.array(list(itertools.product(range(-b, b + 1), repeat=len(monos))), dtype=np.int64)
        S = W @ X.T
        for t in range(int(S.min()) - 1, int(S.max()) + 1):
            tab = ((S > t).astype(np.int64) * powers).sum(axis=1)
            want = np.fromiter(targets - found.keys(), dtype=np.int64)
            hit = np.flatnonzero(np.isin(tab, want))
            keys, first = np.unique(tab[hit], return_index=True)
            for key, r in zip(keys.tolist(), hit[first].tolist()):
                # p = 2 (sum_S w_S x^S - t) - 1: odd, and >= 1 exactly when sum_S w_S x^S > t
                found[key] = (tuple(int(2 * w) for w in W[r]), 2 * t + 1)
        if len(found) == len(targets):
            break
    for key, (w, t) in found.items():
        p = evaluate_realizations(m, monos, [w], [t])[0]
        truth = np.array([(key >> x) & 1 for x in range(1 << m)], dtype=bool)
        assert np.all(p[truth] >= 1) and np.all(p[~truth] <= -1), "box realization wrong"
    return found


def realizations(m: int, d: int, targets) -> dict:
    """{table: (weights, threshold)} for every target: box search first, then the LP engine."""
    found = box_realizations(m, d, targets)
    missing = [t for t in targets if int(t) not in found]
    if missing:
        from quarks.base.boolean import TruthTable
        from quarks.solvers.realize import realize

        monos = monomial_masks(m, d)
        for t in missing:
            r = realize(TruthTable(m, int(t)), d)
            if not r.realizable:
                raise ValueError(f"table {int(t):#x} is not in T({m};{d})")
            w = dict(zip(r.monomials, r.weights))
            found[int(t)] = (tuple(int(w.get(S, 0)) for S in monos), int(r.threshold))
    return found
