"""Enumeration and counting of threshold functions T(n;d), with exact decisions.

Degree 1 (linear threshold functions).  Every LTF is carried by permuting and negating inputs
to exactly one *regular positive* LTF: monotone, with x_1 >= x_2 >= ... >= x_n in desirability
(weights w_1 >= ... >= w_n >= 0).  Regular positive LTFs are generated level by level (level k:
k true points): every one with k + 1 true points is one with k true points plus a single
shift-maximal false point (notes/enumeration.md proves this).  Each candidate is accepted only
with integer weights checked on all 2^n points, or rejected with exact Farkas multipliers from
the integer-preserving simplex.  Duality (f -> not f(not x)) gives levels above 2^(n-1) for free.
Then |T(n;1)| = sum over regular f of n!/prod(b!) * 2^ess(f) (b: blocks of symmetric variables,
ess: essential variables), and for n <= 6 the class is listed by expanding those orbits.

Any degree, n <= 4: every Boolean function is classified, one exact LP per orbit of the group of
permuting and negating inputs and negating the output (see :mod:`quarks.solvers.classify`).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from quarks.base.errors import UsageError
from quarks.base.progress import bar as progress_bar

MAX_LIST_N = 6      # |T(7;1)| = 8,378,070,864 tables would need 134 GB
MAX_COUNT_N = 8     # |T(8;1)| needs ~53 million regular representatives (the stretch)
MAX_ANY_DEGREE_N = 4  # every one of the 2^(2^n) functions is classified


def check_count(n: int, d: int, certified: bool = False) -> None:
    """The bounds of a plain count |T(n;d)| (``quarks count`` and ``quarks.count`` alike; the chunked
    and sharded counts have their own): UsageError before any work.  ``certified``: a count with a
    certificate (``--out``), whose claim bounds n itself."""
    if not isinstance(n, int) or n < 0:
        raise UsageError(f"--n {n} is negative")
    if not isinstance(d, int) or not 0 <= d <= n:
        raise UsageError(f"degree {d} is outside 0..n = 0..{n}")
    if certified:
        return
    if d == 1 and n > MAX_COUNT_N:
        raise UsageError(f"n = {n} is above the limit 9 for degree 1 (n = 9 only in chunks: |T(9;1)| ~ 1.4e17, "
                         f"about 2 h on 2 cores; n = 10 only with --sharded, on a cluster)")
    if d not in (0, 1, n) and n > MAX_ANY_DEGREE_N:
        raise UsageError(f"n = {n} is above the limit {MAX_ANY_DEGREE_N} for degree {d}: all 2^(2^n) "
                         f"functions are classified, and 2^(2^{n}) is too many")
    if d == n and n > 16:
        raise UsageError(f"n = {n} is above the limit 16 for degree n: the count 2^(2^n) has 2^n binary digits")


def words(n: int) -> int:
    """uint64 words per truth table."""
    return max(1, (1 << n) // 64)


@dataclass
class RegularLevel:
    """The regular positive LTFs with k true points, with their integer weights and threshold."""

    k: int
    tables: np.ndarray          # (count, words) uint64
    weights: np.ndarray         # (count, n + 1) int64: w_1..w_n, t with f = [w.x >= t]
    candidates: int = 0         # distinct candidates decided at this level
    rejected: np.ndarray | None = None   # tables of the rejected candidates (when kept)
    duals: np.ndarray | None = None      # their Farkas multipliers (when kept)


@dataclass
class RegularEnumeration:
    n: int
    levels: list = field(default_factory=list)   # levels 0 .. 2^(n-1)
    seconds: float = 0.0

    @property
    def half(self) -> int:
        return (1 << self.n) // 2


def unique_rows(cands: np.ndarray, origin: np.ndarray, added: np.ndarray):
    if cands.shape[1] == 1:
        keys = cands[:, 0]
        _, idx = np.unique(keys, return_index=True)
    else:
        view = np.ascontiguousarray(cands).view(np.dtype((np.void, 8 * cands.shape[1]))).ravel()
        _, idx = np.unique(view, return_index=True)
    return cands[idx], origin[idx], added[idx]


def decide_bigint(table_bits, n):
    """Python-integer fallback of the regular LP (used only when int64 would overflow)."""
    from quarks.solvers import kernels as K

    size = 1 << n
    v = np.array(table_bits, dtype=np.uint8)
    maxm = 2 * size + n + 2
    T = np.zeros((maxm + 1, n + 2 + maxm + 1), np.int64)
    basis = np.zeros(maxm, np.int64)
    rowpoint = np.zeros(maxm, np.int64)
    m, N, _, _ = K.regular_lp(v, n, T, basis, rowpoint)
    TT = [[int(a) for a in T[i, : N + m + 1]] for i in range(m + 1)]
    bas = [int(b) for b in basis[:m]]
    st, d = K.simplex_bigint(TT, m, N, bas)
    assert st == K.OPTIMAL
    vals = {b: TT[i][N + m] for i, b in enumerate(bas)}
    S = vals.get(n + 1, 0)
    if S > 0:
        W = [vals.get(j, 0) for j in range(n)]
        t = vals.get(n, 0)
        g = math.gcd(t, *W)
        return True, [w // g for w in W] + [t // g], None
    dual = [0] * (size + n - 1)
    for i in range(m - 1):
        dual[int(rowpoint[i])] = TT[m][N + i]
    return False, None, dual


def regular_threshold(n: int, keep_rejected: bool = False, progress: bool = False,
                      top: int | None = None) -> RegularEnumeration:
    """All regular positive LTFs of n variables with at most 2^(n-1) true points (or at most ``top``),
    level by level."""
    from quarks.solvers import kernels as K

    if n < 0:
        raise UsageError("n must be >= 0")
    t0 = time.perf_counter()
    nw = words(n)
    size = 1 << n
    zero = np.zeros((1, nw), np.uint64)
    w0 = np.zeros((1, n + 1), np.int64)
    w0[0, n] = 1  # const 0 = [0 >= 1]
    out = RegularEnumeration(n)
    out.levels.append(RegularLevel(0, zero, w0, 1))
    bar = progress_bar(out.half, f"T({n};1) regular levels", progress, unit="level")
    for k in range(1, (out.half if top is None else min(top, out.half)) + 1):
        parents = out.levels[-1]
        total = K.count_candidates(parents.tables, n)
        cands = np.zeros((total, nw), np.uint64)
        origin = np.zeros(total, np.int64)
        added = np.zeros(total, np.int64)
        K.candidates(parents.tables, n, cands, origin, added)
        cands, origin, added = unique_rows(cands, origin, added)
        c = cands.shape[0]
        status = np.zeros(c, np.int64)
        weights = np.zeros((c, n + 1), np.int64)
        duals = np.zeros((c if keep_rejected else 0, size + max(n - 1, 0)), np.int64)
        K.decide_regular(cands, origin, added, parents.weights, n, status, weights, duals)
        if np.any(status == 3):
            raise AssertionError("an exact LP solution failed the exact check")
        for i in np.flatnonzero(status == 2):
            v = np.zeros(size, np.uint8)
            K.unpack(cands[i], n, v)
            ok, wt, dual = decide_bigint(v, n)
            status[i] = 1 if ok else 0
            if ok:
                weights[i] = wt
            elif keep_rejected:
                duals[i] = dual
        acc = status == 1
        level = RegularLevel(k, cands[acc], weights[acc], c)
        if keep_rejected:
            level.rejected = cands[~acc]
            level.duals = duals[~acc]
        out.levels.append(level)
        bar.set_postfix_str(f"{level.tables.shape[0]} accepted, {c - level.tables.shape[0]} rejected",
                            refresh=False)
        bar.update(1)
    bar.close()
    out.seconds = time.perf_counter() - t0
    return out


def all_regular(enum: RegularEnumeration):
    """Tables and weights of every regular positive LTF (the upper levels as duals)."""
    from quarks.solvers import kernels as K

    n = enum.n
    tabs, wts = [], []
    for lev in enum.levels:
        tabs.append(lev.tables)
        wts.append(lev.weights)
    for lev in enum.levels[: enum.half]:
        d = np.zeros_like(lev.tables)
        K.duals_of(lev.tables, n, d)
        w = lev.weights.copy()
        w[:, n] = lev.weights[:, :n].sum(axis=1) - lev.weights[:, n] + 1
        tabs.append(d)
        wts.append(w)
    return np.concatenate(tabs), np.concatenate(wts)


def factorials(n):
    return np.array([math.factorial(i) for i in range(n + 1)], np.int64)


def regular_counts(enum: RegularEnumeration) -> dict:
    """Counts from the regular representatives: regular, positive and all LTFs."""
    from quarks.solvers import kernels as K

    n = enum.n
    reg = pos = tot = 0
    fact = factorials(n)
    for lev in enum.levels:
        c = lev.tables.shape[0]
        p = np.zeros(c, np.int64)
        a = np.zeros(c, np.int64)
        K.orbit_sizes(lev.tables, n, fact, p, a)
        mult = 1 if lev.k == enum.half else 2  # level k < 2^(n-1) stands for its duals too
        reg += mult * c
        pos += mult * int(p.sum())
        tot += mult * int(a.sum())
    return {"regular": reg, "positive": pos, "threshold": tot}


# --- the public API ------------------------------------------------------------------------------

def _check(n, degree, max_n, what):
    """Validate (n, degree); a degree above n means n (x_i^2 = x_i on the cube)."""
    if not isinstance(n, (int, np.integer)) or n < 0:
        raise UsageError(f"n must be a non-negative integer, got {n!r}")
    if not isinstance(degree, (int, np.integer)) or degree < 0:
        raise UsageError(f"degree must be a non-negative integer, got {degree!r}")
    if n > max_n:
        raise UsageError(what)
    return int(n), int(min(degree, n))


def count_threshold(n: int, degree: int = 1, progress: bool = False) -> int:
    """|T(n;d)|: exact count (d = 1 for n <= 8; every degree for n <= 4; d = 0 and d = n always:
    2 and 2^(2^n), since every f is [p >= 1/2] for its multilinear interpolating polynomial p)."""
    n, degree = _check(n, degree, 64, "")
    if degree == 0:
        return 2
    if degree == 1 and n >= 1:
        if n > MAX_COUNT_N:
            raise UsageError(f"counting T(n;1) is supported for n <= {MAX_COUNT_N} "
                             f"(n = 9 would need ~10^11 regular representatives)")
        return regular_counts(regular_threshold(n, progress=progress))["threshold"]
    if n <= MAX_ANY_DEGREE_N:
        from quarks.solvers.classify import classify

        return int(classify(n, degree).member.sum())
    if degree == n:
        return 1 << (1 << n)
    raise UsageError(f"T(n;{degree}) is counted only for n <= {MAX_ANY_DEGREE_N} "
                     f"(all 2^(2^n) functions are classified), or for d in 0, 1, n")


def threshold_class(n: int, degree: int = 1, progress: bool = False) -> np.ndarray:
    """T(n;d) as sorted truth tables, shape (count, words) uint64.

    d = 1: n <= 6 (orbits of the regular representatives); any d: n <= 4.
    """
    n, degree = _check(n, degree, MAX_LIST_N, f"listing T(n;d) is supported for n <= {MAX_LIST_N} "
           f"(T(7;1) has 8,378,070,864 tables, 134 GB)")
    if degree == 1 and n >= 1:
        from quarks.solvers.orbits import expand_orbits

        enum = regular_threshold(n, progress=progress)
        tabs, _ = all_regular(enum)
        total = regular_counts(enum)["threshold"]
        if n <= 6:
            out = np.zeros(total, np.uint64)
            got = expand_orbits(tabs, n, out)
            assert got == total
            out.sort()
            return out.reshape(-1, 1)
    if n <= MAX_ANY_DEGREE_N:
        from quarks.solvers.classify import classify

        member = classify(n, degree).member
        return np.flatnonzero(member).astype(np.uint64).reshape(-1, 1)
    if degree == n:
        raise UsageError(f"T({n};{n}) is every function: 2^(2^{n}) tables")
    raise UsageError(f"listing T(n;{degree}) is supported for n <= {MAX_ANY_DEGREE_N} (d != 1)")
