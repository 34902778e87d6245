"""Compiled steps of the reduced degree-1 route (quarks.solvers.reduced), built from the counting
kernel's own pieces (quarks.solvers.kernels): the regular LP on shift-minimal true and
shift-maximal false points, solved in floating point and decided by the exact check of the
rounded weights on all 2^n points; and the 2-summability search.

This module imports numba; import it only inside functions.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from quarks.solvers.kernels import (
    all_predecessors_false,
    all_successors_true,
    reduce,
    regular_lp,
    rounded_weights,
    split_pair,
)
from quarks.solvers.simplex import OPTIMAL, simplex_float


@njit(cache=True)
def regular_rows(v, n):
    """The number of rows m of :func:`regular_lp` for the table v (shift-minimal true and
    shift-maximal false points, then n ordering and bound rows)."""
    m = 0
    for x in range(1 << n):
        if v[x]:
            if all_predecessors_false(v, n, x):
                m += 1
        elif all_successors_true(v, n, x):
            m += 1
    return m + n


@njit(cache=True)
def regular_weights(v, n, W):
    """For a regular positive table v: the regular LP in floating point, its weights rounded to
    integers W and a threshold t decided by the exact check on all 2^n points.  Returns (True, t)
    with [W.x >= t] = v everywhere, or (False, 0) when the floats give no realization."""
    m = regular_rows(v, n)
    N = n + 2
    ncol = N + m + 1
    T = np.zeros((m + 1, ncol), np.int64)
    basis = np.zeros(m, np.int64)
    rowpoint = np.zeros(m, np.int64)
    buf = np.zeros(1 << n, np.int64)
    regular_lp(v, n, T, basis, rowpoint)
    F = T.astype(np.float64)
    if simplex_float(F, m, N, basis) != OPTIMAL:
        return False, np.int64(0)
    ok, t = rounded_weights(v, n, F, m, ncol - 1, basis, W, buf)
    if not ok:
        return False, np.int64(0)
    return True, reduce(W, n, t)


@njit(cache=True)
def two_summable_positive(v, n, out, budget):
    """A 2-summability witness of a positive table v: true a, b and false c, d with a + b = c + d
    (out = (a, b, c, d)), a and b minimal true points (for a positive function a witness may take
    both minimal; cf. quarks.solvers.kernels.two_summable).  Returns 1 if found, 0 if there is
    none, -1 when more than ``budget`` candidate pairs (c, d) were tried."""
    size = 1 << n
    minimal = np.zeros(size, np.int64)
    k = 0
    for x in range(size):
        if v[x]:
            ok = True
            for i in range(n):
                if (x >> i) & 1 and v[x ^ (1 << i)]:
                    ok = False
                    break
            if ok:
                minimal[k] = x
                k += 1
    tried = 0
    for p in range(k):
        for q in range(p + 1, k):
            found, used = split_pair(v, minimal[p], minimal[q], out, budget + 1 - tried)
            if found:
                return 1
            tried += used
            if tried > budget:
                return -1
    return 0
