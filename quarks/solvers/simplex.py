"""An exact integer simplex (Bareiss / Edmonds) in compiled form, with a Python-integer fallback.

The simplex is *integer preserving*: every tableau entry is a minor of the initial matrix,
divisions are exact, and the current basis determinant ``d`` is the common denominator.  No float
is ever used in :func:`simplex`, so "feasible" and "infeasible" are exact decisions: the primal
solution gives integer weights, the objective row gives integer Farkas multipliers.  Entries are
checked against ``LIMIT`` so that int64 cannot overflow; on overflow the kernel reports status 2
and the caller falls back to Python integers (:func:`simplex_bigint`).  :func:`simplex_float` only
*finds* candidates, which are then checked exactly.

This module imports numba; import it only inside functions.
"""
from __future__ import annotations

import numpy as np
from numba import njit

LIMIT = 2_000_000_000  # |entries| <= LIMIT keeps a*b - c*d inside int64
OPTIMAL, UNBOUNDED, OVERFLOW = 0, 1, 2


# --- exact simplex ------------------------------------------------------------------------------

@njit(cache=True)
def simplex(T, m, N, basis):
    """Maximise over the tableau ``T`` ((m+1) x (N+m+1) int64, objective in row m, RHS last).

    Bland's rule (no cycling).  Returns (status, d): the true tableau is T / d.
    """
    ncol = N + m + 1
    rhs = ncol - 1
    d = np.int64(1)
    while True:
        e = -1
        for j in range(ncol - 1):
            if T[m, j] < 0:
                e = j
                break
        if e < 0:
            return OPTIMAL, d
        r = -1
        for i in range(m):
            a = T[i, e]
            if a > 0:
                if r < 0:
                    r = i
                else:
                    lhs = T[i, rhs] * T[r, e]
                    rr = T[r, rhs] * a
                    if lhs < rr or (lhs == rr and basis[i] < basis[r]):
                        r = i
        if r < 0:
            return UNBOUNDED, d
        p = T[r, e]
        big = np.int64(0)
        for i in range(m + 1):
            if i == r:
                continue
            f = T[i, e]
            for k in range(ncol):
                val = (T[i, k] * p - f * T[r, k]) // d
                T[i, k] = val
                if val > big:
                    big = val
                elif -val > big:
                    big = -val
        d = p
        basis[r] = e
        if big > LIMIT or d > LIMIT:
            return OVERFLOW, d


@njit(cache=True)
def simplex_float(T, m, N, basis):
    """The same tableau and pivot rule in floating point, to *find* an optimum quickly: the caller
    rounds the solution and decides by an exact check, or falls back to :func:`simplex`.
    Returns OPTIMAL, UNBOUNDED, or OVERFLOW when it gives up (iteration cap)."""
    ncol = N + m + 1
    rhs = ncol - 1
    eps = 1e-9
    for _ in range(50 * (m + N) + 50):
        e = -1
        for j in range(ncol - 1):
            if T[m, j] < -eps:
                e = j
                break
        if e < 0:
            return OPTIMAL
        r = -1
        best = 0.0
        for i in range(m):
            a = T[i, e]
            if a > eps:
                q = T[i, rhs] / a
                if r < 0 or q < best - eps or (q <= best + eps and basis[i] < basis[r]):
                    r = i
                    best = q
        if r < 0:
            return UNBOUNDED
        p = T[r, e]
        for k in range(ncol):
            T[r, k] /= p
        for i in range(m + 1):
            if i == r:
                continue
            f = T[i, e]
            if f != 0.0:
                for k in range(ncol):
                    T[i, k] -= f * T[r, k]
        basis[r] = e
    return OVERFLOW


def simplex_bigint(T, m, N, basis):
    """The same algorithm on Python integers (no overflow); T is a list of lists."""
    ncol = N + m + 1
    rhs = ncol - 1
    d = 1
    while True:
        e = next((j for j in range(ncol - 1) if T[m][j] < 0), -1)
        if e < 0:
            return OPTIMAL, d
        r = -1
        for i in range(m):
            a = T[i][e]
            if a > 0:
                if r < 0:
                    r = i
                else:
                    lhs, rr = T[i][rhs] * T[r][e], T[r][rhs] * a
                    if lhs < rr or (lhs == rr and basis[i] < basis[r]):
                        r = i
        if r < 0:
            return UNBOUNDED, d
        p = T[r][e]
        for i in range(m + 1):
            if i != r:
                f = T[i][e]
                T[i] = [(T[i][k] * p - f * T[r][k]) // d for k in range(ncol)]
        d = p
        basis[r] = e
