"""Compiled steps of the level graph of regular positive threshold functions (no level in memory).

The nodes at level k are the regular positive threshold functions with k true points.  A node p
has the candidates g = p + x, x a shift-maximal false point of p (``kernels.candidates``); the
threshold ones are p's *extensions* (:func:`threshold_extensions`), and g's *parents* are the
g - y, y a shift-minimal true point of g, that are threshold (:func:`indegree` counts them: g - y
is always regular positive, so it is in level k iff it is threshold).

g is a *child* of p in the canonical augmentation tree iff g is an extension and p is g's
canonical parent: no shift-minimal true point y > x of g has g - y threshold
(``kernels.canonical_candidates`` asks "g - y in the level" of a hash table of the level;
:func:`children` decides it directly).  Each node at level k + 1 is a child of exactly one node
at level k: a tree rooted at the constant 0.

Every decision is exact (``kernels`` conventions): a 2-summability witness through the added point,
else the regular LP in floating point whose rounded weights are accepted only after the exact
check on all 2^n points, else the integer-preserving simplex; on int64 overflow (status 2) the
caller decides with Python integers (:func:`quarks.solvers.enumerate.decide_bigint`).

This module imports numba; import it only inside functions.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from quarks.solvers.kernels import (
    OPTIMAL,
    OVERFLOW,
    UNBOUNDED,
    all_predecessors_false,
    all_successors_true,
    is_successor,
    realizes,
    reduce,
    regular_lp,
    rounded_weights,
    simplex,
    two_summable,
    unpack,
)

CHILD, NOT_CHILD, UNDECIDED = 1, 0, 2


def scratch(n: int):
    """Work arrays for :func:`threshold` at n variables (allocated once per estimate)."""
    size = 1 << n
    maxm = 2 * size + n + 2
    return (np.zeros((maxm + 1, n + 2 + maxm + 1), np.int64), np.zeros((maxm + 1, n + 2 + maxm + 1), np.float64),
            np.zeros(maxm, np.int64), np.zeros(maxm, np.int64), np.zeros(maxm, np.int64),
            np.zeros(n, np.int64), np.zeros(size, np.int64), np.zeros(4, np.int64))


@njit(cache=True)
def _simplex_dantzig(F, m, N, basis):
    """kernels.simplex_float with Dantzig's rule (the most negative reduced cost enters): fewer
    pivots; it only *finds* weights, which :func:`_float_weights` then checks exactly."""
    ncol = N + m + 1
    rhs = ncol - 1
    eps = 1e-9
    for _ in range(50 * (m + N) + 50):
        e = -1
        best = -eps
        for j in range(ncol - 1):
            if F[m, j] < best:
                best = F[m, j]
                e = j
        if e < 0:
            return OPTIMAL
        r = -1
        q = 0.0
        for i in range(m):
            a = F[i, e]
            if a > eps:
                t = F[i, rhs] / a
                if r < 0 or t < q - eps or (t <= q + eps and basis[i] < basis[r]):
                    r = i
                    q = t
        if r < 0:
            return UNBOUNDED
        p = F[r, e]
        for k in range(ncol):
            F[r, k] /= p
        for i in range(m + 1):
            if i != r:
                f = F[i, e]
                if f != 0.0:
                    for k in range(ncol):
                        F[i, k] -= f * F[r, k]
        basis[r] = e
    return OVERFLOW


@njit(cache=True)
def _float_weights(v, n, T, F, m, N, basis, fbasis, W, buf):
    """kernels._float_realization with :func:`_simplex_dantzig`: True only if the rounded weights W
    and t = min over true points of W.x give [W.x >= t] = v on all 2^n points (exact check)."""
    ncol = N + m + 1
    for i in range(m + 1):
        for k in range(ncol):
            F[i, k] = T[i, k]
    for i in range(m):
        fbasis[i] = basis[i]
    if _simplex_dantzig(F, m, N, fbasis) != OPTIMAL:
        return False
    ok, _ = rounded_weights(v, n, F, m, ncol - 1, fbasis, W, buf)
    return ok


@njit(cache=True)
def threshold(v, n, x0, T, F, basis, fbasis, rowpoint, W, buf, wit):
    """Is the regular positive v threshold?  1 yes, 0 no, 2 undecided in int64 (overflow), 3 an
    exact LP solution failed the exact check (cannot happen).  x0: a true point through which a
    2-summability witness is sought first (any witness found is a Farkas certificate)."""
    if x0 >= 0 and two_summable(v, n, x0, wit):
        return 0
    m, N, mt, mf = regular_lp(v, n, T, basis, rowpoint)
    if _float_weights(v, n, T, F, m, N, basis, fbasis, W, buf):
        return 1
    st, d = simplex(T, m, N, basis)
    if st != OPTIMAL:
        return 2
    rhs = N + m
    S = np.int64(0)
    tt = np.int64(0)
    for j in range(n):
        W[j] = 0
    for i in range(m):
        b = basis[i]
        if b < n:
            W[b] = T[i, rhs]
        elif b == n:
            tt = T[i, rhs]
        elif b == n + 1:
            S = T[i, rhs]
    if S <= 0:
        return 0
    tt = reduce(W, n, tt)
    return 1 if realizes(v, n, W, tt, buf) else 3


@njit(cache=True)
def children(words, n, xs, status, T, F, basis, fbasis, rowpoint, W, buf, wit):
    """Decide every candidate p + x of the node ``words``: status[i] for x = xs[i] is CHILD,
    NOT_CHILD, or UNDECIDED (an int64 overflow somewhere: decide this one with Python integers).
    Returns the number of candidates."""
    size = 1 << n
    v = np.zeros(size, np.uint8)
    unpack(words, n, v)
    mins = np.zeros(size, np.int64)
    k = 0
    for y in range(size):
        if v[y] and all_predecessors_false(v, n, y):
            mins[k] = y
            k += 1
    c = 0
    for x in range(size):
        if v[x] or not all_successors_true(v, n, x):
            continue
        xs[c] = x
        v[x] = 1
        st = threshold(v, n, x, T, F, basis, fbasis, rowpoint, W, buf, wit)
        if st == 1:
            st = CHILD
            for i in range(k - 1, -1, -1):   # the largest y first: a threshold g - y disowns p
                y = mins[i]
                if y > x and not is_successor(x, y):
                    v[y] = 0
                    s2 = threshold(v, n, x, T, F, basis, fbasis, rowpoint, W, buf, wit)
                    v[y] = 1
                    if s2 == 1:
                        st = NOT_CHILD
                        break
                    if s2 != 0:
                        st = UNDECIDED if s2 == 2 else 3
                        break
        elif st == 0:
            st = NOT_CHILD
        v[x] = 0
        status[c] = st
        c += 1
    return c


def threshold_exact(v: np.ndarray, n: int, x0: int, work) -> bool:
    """:func:`threshold`, with the Python-integer simplex when int64 overflows."""
    from quarks.solvers.enumerate import decide_bigint

    st = threshold(v, n, x0, *work)
    if st == 3:
        raise AssertionError("an exact LP solution failed the exact check")
    if st == 2:
        return bool(decide_bigint(v, n)[0])
    return st == 1


def is_child_exact(words: np.ndarray, n: int, x: int, work) -> bool:
    """Is p + x a child of p?  (The slow path of :func:`children` for an UNDECIDED candidate.)"""
    size = 1 << n
    v = np.zeros(size, np.uint8)
    unpack(words, n, v)
    mins = [y for y in range(size) if v[y] and all_predecessors_false(v, n, y)]
    v[x] = 1
    if not threshold_exact(v, n, x, work):
        return False
    for y in reversed(mins):
        if y > x and not is_successor(x, y):
            v[y] = 0
            below = threshold_exact(v, n, x, work)
            v[y] = 1
            if below:
                return False
    return True


@njit(cache=True)
def threshold_extensions(words, n, xs, status, T, F, basis, fbasis, rowpoint, W, buf, wit):
    """Decide every candidate p + x (x shift-maximal false): status[i] for x = xs[i] is 1 threshold,
    0 not, 2 undecided in int64, 3 impossible (as :func:`threshold`).  Returns the number of candidates."""
    size = 1 << n
    v = np.zeros(size, np.uint8)
    unpack(words, n, v)
    c = 0
    for x in range(size):
        if v[x] or not all_successors_true(v, n, x):
            continue
        xs[c] = x
        v[x] = 1
        status[c] = threshold(v, n, x, T, F, basis, fbasis, rowpoint, W, buf, wit)
        v[x] = 0
        c += 1
    return c


@njit(cache=True)
def indegree(words, n, x, T, F, basis, fbasis, rowpoint, W, buf, wit):
    """The number of parents of the threshold g = ``words`` in the level graph: its shift-minimal true
    points y with g - y threshold (x, a shift-minimal point with g - x threshold, counts without a test).
    Returns -1 if some test overflowed int64, -3 on an impossible exact check."""
    size = 1 << n
    v = np.zeros(size, np.uint8)
    unpack(words, n, v)
    d = 1
    for y in range(size):
        if y != x and v[y] and all_predecessors_false(v, n, y):
            v[y] = 0
            s = threshold(v, n, x, T, F, basis, fbasis, rowpoint, W, buf, wit)
            v[y] = 1
            if s == 1:
                d += 1
            elif s != 0:
                return -s
    return d


def indegree_exact(words: np.ndarray, n: int, x: int, work) -> int:
    """:func:`indegree` with the Python-integer simplex where int64 overflows."""
    size = 1 << n
    v = np.zeros(size, np.uint8)
    unpack(words, n, v)
    d = 1
    for y in range(size):
        if y != x and v[y] and all_predecessors_false(v, n, y):
            v[y] = 0
            d += threshold_exact(v, n, x, work)
            v[y] = 1
    return d
