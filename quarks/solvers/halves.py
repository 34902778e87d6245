"""|T(n;d)| from the two halves of each function, one exact LP per orbit of pairs.

A function f of n variables is the pair (f0, f1) of its restrictions to x_n = 0 and x_n = 1, and
f in T(n;d) forces f0, f1 in T(n-1;d) (restrict the polynomial).  The group G of permutations and
negations of x_1..x_{n-1} with negation of the output, acting on both halves at once, maps T(n;d)
onto itself.  Hence

    |T(n;d)| = sum over G-orbit representatives r of T(n-1;d) of
               |orbit(r)| * sum over the orbits O of the stabilizer G_r on T(n-1;d) of |O| [(r, g_O) in T(n;d)],

and each pair (r, g_O) is decided by an exact LP on the 2^n points, which returns integer
coefficients (realizable) or Farkas multipliers (not realizable).  Truth tables are integers:
bit x is f(x), and the bit of x_n is the top one, so (f0, f1) is f0 | f1 << 2^(n-1).
"""
from __future__ import annotations

import itertools
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from quarks.base.errors import UsageError
from quarks.base.progress import bar

MAX_N = 5  # pairs of 4-variable halves: 32 points, within the 62 labels the exact LP takes


def monomials(n: int, d: int) -> np.ndarray:
    """Subsets S of the n variables with 1 <= |S| <= d, as bitmasks, increasing."""
    return np.array([S for S in range(1, 1 << n) if bin(S).count("1") <= d], np.int64)


def features(n: int, masks: np.ndarray) -> np.ndarray:
    """phi[x, k] = prod_{i in S_k} x_i on the 2^n points."""
    x = np.arange(1 << n)[:, None]
    return ((x & masks[None, :]) == masks[None, :]).astype(np.int64)


def hyperoctahedral(m: int) -> list[tuple[np.ndarray, int]]:
    """The group G on functions of m variables: (sigma, nu) acts by f |-> f(sigma(y)) xor nu, for
    every permutation and negation sigma of the inputs (as the index array y -> sigma(y)) and
    nu in {0, 1}; order 2^m m! 2."""
    ys = np.arange(1 << m)
    out = []
    for perm in itertools.permutations(range(m)):
        img = np.zeros_like(ys)
        for j, pj in enumerate(perm):
            img |= ((ys >> pj) & 1) << j
        for s in range(1 << m):
            for nu in (0, 1):
                out.append((img ^ s, nu))
    return out


def act(g: tuple[np.ndarray, int], tables: np.ndarray, m: int) -> np.ndarray:
    """g applied to truth tables of m variables (integers, one bit per point)."""
    sigma, nu = g
    tables = np.asarray(tables, np.int64)
    bits = (tables[:, None] >> sigma[None, :]) & 1
    out = (bits << np.arange(1 << m)[None, :]).sum(axis=1)
    return out ^ (((1 << (1 << m)) - 1) if nu else 0)


def byte_tables(g: tuple[np.ndarray, int], m: int) -> np.ndarray:
    """g as lookups on the bytes of a table: g(t) = L[0][t & 255] | L[1][t >> 8] (m <= 4), with the
    output negation folded into L[0]."""
    sigma, nu = g
    L = np.zeros((2, 256), np.int64)
    v = np.arange(256, dtype=np.int64)
    for y, s in enumerate(sigma):  # output bit y is input bit sigma(y)
        L[s >> 3] |= ((v >> (s & 7)) & 1) << y
    if nu:
        L[0] ^= (1 << (1 << m)) - 1
    return L


def canonical(tables: np.ndarray, group: list, m: int) -> np.ndarray:
    """The least image of each table under the group (its orbit's representative)."""
    tables = np.asarray(tables, np.int64)
    lo, hi = tables & 255, tables >> 8
    best = tables.copy()
    for g in group:
        L = byte_tables(g, m)
        np.minimum(best, L[0][lo] ^ L[1][hi], out=best)
    return best


@dataclass
class PairWitnesses:
    """Every decided pair: (r, g) as tables, orbit sizes, and its exact witness."""

    n: int
    degree: int
    reps: np.ndarray            # G-orbit representatives r of T(n-1;d)
    rep_orbit: np.ndarray       # |orbit(r)|
    pair_rep: np.ndarray        # index into reps of each pair
    pair_g: np.ndarray          # g_O, the stabilizer-orbit representative
    pair_orbit: np.ndarray      # |O|
    member: np.ndarray          # bool: (r, g_O) in T(n;d)
    coeffs: np.ndarray          # realizable: c_1..c_M, t with [sum c_k phi_k(x) >= t] = f(x)
    duals: np.ndarray           # not realizable: multipliers on the 2^n points
    seconds: dict = field(default_factory=dict)

    @property
    def count(self) -> int:
        w = self.rep_orbit[self.pair_rep].astype(object) * self.pair_orbit.astype(object)
        return int(sum(w[self.member]))


def decide_all(fs: np.ndarray, n: int, phi: np.ndarray, progress: bool):
    from quarks.solvers.orbits import full_lp

    M = phi.shape[1]
    coeffs = np.zeros((len(fs), M + 1), np.int64)
    duals = np.zeros((len(fs), 1 << n), np.int64)
    status = np.zeros(len(fs), np.int64)
    kernel = _batch_kernel(full_lp)
    step = 2048
    jobs = max(1, os.cpu_count() or 1)
    with bar(len(fs), f"T({n};d) pairs", progress, unit="LP", scale=True, leave=True) as b, \
            ThreadPoolExecutor(jobs) as pool:   # nogil blocks, joined before returning: fork-safe
        for s in range(0, len(fs), step):
            e = min(s + step, len(fs))
            cuts = np.linspace(s, e, jobs + 1).astype(int)
            list(pool.map(lambda lo_hi: kernel(fs[lo_hi[0]:lo_hi[1]], n, phi, status[lo_hi[0]:lo_hi[1]],
                                               coeffs[lo_hi[0]:lo_hi[1]], duals[lo_hi[0]:lo_hi[1]]),
                          zip(cuts[:-1], cuts[1:])))
            b.update(e - s)
    if np.any(status == 2):
        raise OverflowError("exact LP overflow while deciding pairs")
    return status == 1, coeffs, duals


_BATCH: dict = {}


def _batch_kernel(full_lp):
    """A compiled loop over a block of pairs that releases the GIL (blocks run in joined threads;
    numba's own parallel pool is not safe in forked driver workers)."""
    if "k" not in _BATCH:
        import numba as nb

        @nb.njit(nogil=True, cache=True)
        def batch(fs, n, phi, status, coeffs, duals):
            for i in range(len(fs)):
                status[i] = full_lp(fs[i], n, phi, coeffs[i], duals[i])

        _BATCH["k"] = batch
    return _BATCH["k"]


def pair_witnesses(n: int, degree: int, members: np.ndarray | None = None,
                   progress: bool = False) -> PairWitnesses:
    """Decide every orbit of pairs (r, g) of members of T(n-1;degree), with witnesses."""
    import time

    if not 1 <= n <= MAX_N:
        raise UsageError(f"counting by halves is supported for 1 <= n <= {MAX_N} (n = 6 needs 64 labels)")
    m = n - 1
    t0 = time.perf_counter()
    if members is None:
        from quarks.solvers.classify import classify

        members = np.flatnonzero(classify(m, min(degree, m)).member).astype(np.int64)
    group = hyperoctahedral(m)
    canon = canonical(members, group, m)
    reps, rep_orbit = np.unique(canon, return_counts=True)
    pair_rep, pair_g, pair_orbit = [], [], []
    for i, r in enumerate(reps):
        stab = [g for g in group if act(g, np.array([r]), m)[0] == r]
        c = canonical(members, stab, m)
        gs, sizes = np.unique(c, return_counts=True)
        pair_rep.append(np.full(len(gs), i, np.int64))
        pair_g.append(gs)
        pair_orbit.append(sizes)
    pair_rep, pair_g, pair_orbit = map(np.concatenate, (pair_rep, pair_g, pair_orbit))
    t1 = time.perf_counter()
    masks = monomials(n, degree)
    phi = features(n, masks)
    fs = reps[pair_rep] | (pair_g << (1 << m))
    member, coeffs, duals = decide_all(fs, n, phi, progress)
    coeffs[~member] = 0
    duals[member] = 0
    t2 = time.perf_counter()
    return PairWitnesses(n, degree, reps, rep_orbit, pair_rep, pair_g, pair_orbit, member, coeffs, duals,
                         {"orbits": t1 - t0, "lps": t2 - t1})


def count_by_halves(n: int, degree: int, progress: bool = False) -> int:
    """|T(n;degree)| by halves (n <= 5)."""
    return pair_witnesses(n, degree, progress=progress).count


def _low_witnesses(m: int, d: int):
    """Every function of m variables with a witness for T(m;d): realizations [sum_S c_S x^S >= t]
    over the monomials 1 <= |S| <= d (constant folded into t), or Farkas multipliers."""
    from quarks.solvers.classify import classify, evidence_arrays

    cl = classify(m, d)
    coeffs, t, lam = evidence_arrays(cl)          # coefficients on all 2^m subsets, threshold
    masks = monomials(m, d)
    member = cl.member
    low_coeffs = np.concatenate([coeffs[member][:, masks], (t[member] - coeffs[member][:, 0])[:, None]], axis=1)
    return member, low_coeffs, lam[~member]


def _small(a: np.ndarray) -> np.ndarray:
    """The narrowest signed integer type holding a (exactly)."""
    for t in (np.int8, np.int16, np.int32):
        if a.size == 0 or np.abs(a).max() <= np.iinfo(t).max:
            return a.astype(t)
    return a.astype(np.int64)


def witness_arrays(w: PairWitnesses) -> dict:
    """The arrays a ``halves-count`` certificate carries (see quarks.certify.halves)."""
    m = w.n - 1
    member, low_coeffs, low_duals = _low_witnesses(m, min(w.degree, m))
    return {"low_tables": np.arange(1 << (1 << m), dtype=np.int64), "low_member": member,
            "low_coeffs": _small(low_coeffs), "low_duals": _small(low_duals),
            "reps": w.reps.astype(np.int64), "rep_orbit": w.rep_orbit.astype(np.int64),
            "pair_rep": w.pair_rep.astype(np.int32), "pair_g": w.pair_g.astype(np.int64),
            "pair_orbit": w.pair_orbit.astype(np.int64),
            "pair_member": w.member, "pair_coeffs": _small(w.coeffs[w.member]),
            "pair_duals": _small(w.duals[~w.member])}


def npz_bytes(arrays: dict) -> bytes:
    """Arrays in numpy's compressed zip format."""
    import io

    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    return buf.getvalue()
