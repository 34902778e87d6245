"""Realizability at degree d != 1 by a cutting-plane LP over the monomial rows (issue 41).

f is in T(n;d) iff some w has s_x (D_x . w) >= 1 on every point x, where D_x = [1, x^S ...] are
the monomials of degree <= d and s_x = ±1 the value of f.  Most of the 2^n rows are implied by a
few near the boundary, so:

1. Start from the rows with the smallest margins of the least-squares fit w = D^+ s (D^+ cached
   per n and d): :data:`INITIAL` times the number M of columns.
2. Solve the LP on the active rows in floating point (HiGHS through scipy, kept between rounds so
   the dual simplex restarts from its basis); compute the margins on all 2^n rows, add the (at most
   M) most violated rows, repeat.
3. Feasible on all rows: the float w, made integer (least common denominator <= 256, else
   ``round(M w)``: every row has at most M entries ±1, so rounding keeps the margins >= M/2), is
   checked exactly in int64 on all 2^n rows.
4. Infeasible on the active rows: HiGHS's dual ray y (y_x s_x >= 0, y^T D = 0) is a Farkas
   certificate in floats, made exact on its support (small ratios: scaled and rounded, checked
   in int64; else :func:`quarks.solvers.lp.exact_farkas`), and the kernel's checker decides it.
   A subset of rows that is infeasible already refutes f, so the certificate needs no more points.

Returns None when the floats settle nothing (then the caller takes the slower exact route), or
when HiGHS's Python interface (the ``highspy`` package, a dependency) cannot be imported.
"""
from __future__ import annotations

import os
import threading
from functools import lru_cache

import numpy as np

from quarks.base.boolean import TruthTable, bits_to_array
from quarks.solvers.monomials import design_matrix, monomials
from quarks.solvers.realize import NonRealizability, Realization

INITIAL = 3  # initial rows: INITIAL * M smallest least-squares margins
MAX_ROUNDS = 60
TOL = 1e-6  # a row with float margin below 1 - TOL is violated (HiGHS keeps rows to 1e-7)
BOUND = 1 << 58  # |u| * M below 2^62: the int64 check cannot overflow
DENOMINATORS = np.arange(1, 257, dtype=np.float64)


def highs_core():
    """HiGHS's Python interface (the public ``highspy`` package), or None when it cannot be imported."""
    try:
        import highspy
    except ImportError:
        return None
    return highspy


LOCAL = threading.local()
QUIET = threading.Lock()


def new_highs(core):
    """A ``highspy.Highs``; it prints HiGHS's banner on file descriptor 1 when made, before any option
    can be set, so it is made with that descriptor pointed at /dev/null."""
    import sys

    with QUIET:
        sys.stdout.flush()
        saved, null = os.dup(1), os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 1)
            return core.Highs()
        finally:
            os.dup2(saved, 1)
            os.close(saved)
            os.close(null)


def highs(core):
    """This thread's HiGHS object with its model cleared (made once per process and thread)."""
    h = getattr(LOCAL, "highs", None)
    if h is None or LOCAL.pid != os.getpid():
        h = new_highs(core)
        h.setOptionValue("output_flag", False)
        h.setOptionValue("presolve", "off")  # rows are added between runs: keep the basis
        h.setOptionValue("simplex_strategy", 1)  # dual simplex: a new row leaves the basis dual feasible
        h.setOptionValue("simplex_dual_edge_weight_strategy", 1)  # Devex: 10-15% faster here
        LOCAL.highs, LOCAL.pid = h, os.getpid()
    else:
        h.clearModel()
    return h


@lru_cache(maxsize=4)
def float_design(n: int, degree: int) -> tuple[np.ndarray, np.ndarray]:
    """(D as float64, its pseudo-inverse D^+), both read-only."""
    D = design_matrix(n, degree).astype(np.float64)
    P = np.linalg.solve(D.T @ D, D.T)  # D has full column rank (the monomials are independent)
    D.setflags(write=False)
    P.setflags(write=False)
    return D, P


class RowLP:
    """The LP s_x (D_x . w) >= 1 on a growing set of rows, w free, zero objective, in HiGHS."""

    def __init__(self, core, D: np.ndarray, v: np.ndarray):
        self.core, self.D, self.v = core, D, v
        self.h = highs(core)
        inf = core.kHighsInf
        self.inf = inf
        M = D.shape[1]
        self.h.addVars(M, np.full(M, -inf), np.full(M, inf))
        self.rows: list[int] = []
        self.active = np.zeros(len(v), dtype=bool)

    def add(self, rows: np.ndarray) -> None:
        sub = self.D[rows]
        nz = sub != 0
        starts = np.concatenate([[0], np.cumsum(nz.sum(axis=1))[:-1]]).astype(np.int32)
        true = self.v[rows]
        self.h.addRows(len(rows), np.where(true, 1.0, -self.inf), np.where(true, self.inf, -1.0),
                       int(nz.sum()), starts, np.nonzero(nz)[1].astype(np.int32), sub[nz])
        self.rows.extend(rows.tolist())
        self.active[rows] = True

    def solve(self) -> str:
        """'feasible', 'infeasible' or 'unknown'.  When the warm start ends in HiGHS's "unknown"
        (numerical trouble, seen at n = 14), the solve is repeated once from scratch."""
        self.h.run()
        status = self.h.getModelStatus()
        if status == self.core.HighsModelStatus.kUnknown:
            self.h.clearSolver()
            self.h.run()
            status = self.h.getModelStatus()
        if status == self.core.HighsModelStatus.kOptimal:
            return "feasible"
        if status == self.core.HighsModelStatus.kInfeasible:
            return "infeasible"
        return "unknown"

    def weights(self) -> np.ndarray:
        return np.asarray(self.h.getSolution().col_value, dtype=np.float64)

    def ray(self) -> np.ndarray | None:
        """|y| on the active rows (in the order of ``rows``) for HiGHS's dual ray y, or None."""
        _, exists, y = self.h.getDualRay()
        return np.abs(np.asarray(y, dtype=np.float64)) if exists else None


def least_denominator(a: np.ndarray, tol: float) -> np.ndarray | None:
    """round(k a) as int64 for the least k <= 256 with every k a_i within tol of an integer, or None."""
    r = np.round(a)
    if np.abs(a - r).max() < tol:  # k = 1, the common case: a vertex of a 0/±1 system
        return r.astype(np.int64)
    scaled = DENOMINATORS[:, None] * a[None, :]
    ok = np.flatnonzero(np.abs(scaled - np.round(scaled)).max(axis=1) < tol)
    return np.round(scaled[ok[0]]).astype(np.int64) if len(ok) else None


def integer_realization(f: TruthTable, degree: int, w: np.ndarray) -> Realization | None:
    """Integers u with s_x (D_x . u) >= 1 exactly (int64, all 2^n rows), from a float w with
    margins >= 1 - TOL: w times its least denominator <= 256, else round(M w) (each row has at
    most M entries 0/1, so rounding moves a margin of M by at most M/2); None if the check fails."""
    import math

    D = design_matrix(f.n, degree)
    M = D.shape[1]
    if not np.isfinite(w).all() or np.abs(w).max() * max(256, M) * M >= BOUND:  # |D u| <= M max|u|
        return None
    u = least_denominator(w, 1e-7)
    if u is None:
        u = np.round(w * M).astype(np.int64)
        g = math.gcd(*u.tolist())
        if g == 0:
            return None
        u //= g
    p = D @ u
    v = bits_to_array(f.bits, f.n).astype(bool)
    if not (bool((p[v] >= 1).all()) and bool((p[~v] <= -1).all())):
        return None
    return Realization(f, degree, monomials(f.n, degree), tuple(u[1:].tolist()), -int(u[0]), "lp")


def small_multipliers(B: np.ndarray, y: np.ndarray) -> list[int] | None:
    """Integers z = round(k y / min y) on the support of y, for the least k <= 256 making them
    integers (to 1e-6), if B^T z = 0 exactly (int64, bounded); else None."""
    ymax = float(y.max()) if len(y) else 0.0
    if not ymax > 0:
        return None
    support = np.flatnonzero(y > 1e-9 * ymax)
    ys = y[support] / y[support].min()
    if ys.max() * len(support) * 256 >= 1 << 40:
        return None
    zs = least_denominator(ys, 1e-6)
    if zs is None or (B[support].T @ zs).any():
        return None
    z = np.zeros(len(y), dtype=np.int64)
    z[support] = zs
    return z.tolist()


def nonrealization_from_ray(f: TruthTable, degree: int, rows: list[int], y: np.ndarray) -> NonRealizability | None:
    """The exact Farkas certificate on the active rows from the float ray y, checked by the kernel."""
    from quarks.solvers.lp import exact_farkas

    idx = np.asarray(rows, dtype=np.int64)
    sign = np.where(bits_to_array(f.bits, f.n)[idx].astype(bool), 1, -1).astype(np.int64)
    B = sign[:, None] * design_matrix(f.n, degree)[idx]
    z = small_multipliers(B, y)
    if z is None:
        z = exact_farkas(B, y)
    if z is None:
        return None
    mult = {int(x): int(a) for x, a in zip(idx.tolist(), z) if a}
    result = NonRealizability.from_vector(f, degree, mult, "lp")
    return result if result.problem() is None else None


def solve(f: TruthTable, degree: int) -> Realization | NonRealizability | None:
    """A verified certificate of f for degree, or None (see the module docstring)."""
    core = highs_core()
    if core is None:
        return None
    n = f.n
    D, P = float_design(n, degree)
    N, M = D.shape
    v = bits_to_array(f.bits, n).astype(bool)
    s = np.where(v, 1.0, -1.0)
    lp = RowLP(core, D, v)
    k = min(N, INITIAL * M)
    if k < N:
        margins = s * (D @ (P @ s))
        lp.add(np.sort(np.argpartition(margins, k - 1)[:k]))
    else:
        lp.add(np.arange(N))
    for _ in range(MAX_ROUNDS):
        status = lp.solve()
        if status == "infeasible":
            y = lp.ray()
            return None if y is None else nonrealization_from_ray(f, degree, lp.rows, y)
        if status != "feasible":
            return None
        w = lp.weights()
        if len(lp.rows) == N:  # every row is in the LP: the exact check decides at once
            return integer_realization(f, degree, w)
        margins = s * (D @ w)
        violated = np.flatnonzero(margins < 1 - TOL)
        if not len(violated):
            return integer_realization(f, degree, w)
        violated = violated[~lp.active[violated]]
        if not len(violated):  # only active rows fail: HiGHS's tolerance, not a new cut
            return None
        if len(violated) > M:
            violated = violated[np.argpartition(margins[violated], M - 1)[:M]]
        lp.add(violated)
    return None
