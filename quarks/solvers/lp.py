"""The LP backend: HiGHS finds, exact integer arithmetic decides.

Let B be the integer matrix with rows ``s_x [1, x^S ...]`` (s_x = +1 on true, -1 on false points).

* Realizable: the LP ``min |v|_1 s.t. B v >= 1`` is solved in floats.  The float vertex is turned
  into integers by rationalising each coordinate with small denominators and clearing them; if
  that fails, ``round(K v)`` with ``K = #columns`` is exact whenever the float solution has margin
  above 1/2 (each row of B has at most K entries ±1, so rounding moves B v by at most K/2).
* Not realizable: the alternative LP ``y >= 0, B^T y = 0, sum y = 1`` is solved in floats.  On the
  support of the float vertex the integer kernel of B^T is computed exactly (fraction-free
  Gauss-Jordan); a non-negative kernel vector is obtained directly (one-dimensional kernel) or by
  projecting y onto the kernel and rationalising, then the support is shrunk exactly
  (Caratheodory) until its kernel is one-dimensional: at most #columns + 1 points.

For degree 1 a non-monotone variable gives a 4-point certificate at once (no LP).
Every integer candidate is checked exactly before it is returned; if the floats mislead (a
repair fails), the exact z3 backend decides instead.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from quarks.base.boolean import TruthTable
from quarks.solvers.monomials import design_matrix, monomials
from quarks.solvers.realize import NonRealizability, Realization, unateness_certificate

DENOMINATORS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, 128, 256, 1024, 1 << 16)
SUPPORT_TOL = 1e-9


def signed_matrix(f: TruthTable, degree: int) -> np.ndarray:
    """B: row x is s_x [1, x^S ...] with s_x = ±1 (int64)."""
    s = f.values("pm1").astype(np.int64)
    return s[:, None] * design_matrix(f.n, degree)


def _normalise(v: list[int]) -> list[int]:
    """v divided by the gcd of its entries."""
    g = math.gcd(*v)
    return [a // g for a in v] if g > 1 else v


def _margin_ok(B: np.ndarray, v: list[int]) -> bool:
    """B v >= 1 exactly (int64 when safe, Python integers otherwise)."""
    bound = max((abs(a) for a in v), default=0) * B.shape[1]
    if bound < (1 << 62):
        return bool((B @ np.array(v, dtype=np.int64) >= 1).all())
    Bo = B.astype(object)
    return all(sum(int(b) * a for b, a in zip(row, v)) >= 1 for row in Bo)


def integer_weights(B: np.ndarray, v: np.ndarray) -> list[int] | None:
    """Integers u with B u >= 1 near the float direction v, or None."""
    for D in DENOMINATORS:
        q = [Fraction(float(a)).limit_denominator(D) for a in v]
        L = 1
        for a in q:
            L = L * a.denominator // math.gcd(L, a.denominator)
        u = _normalise([int(a * L) for a in q])
        if any(u) and _margin_ok(B, u):
            return u
    K = B.shape[1]
    u = _normalise([int(round(float(a) * K)) for a in v])
    if any(u) and _margin_ok(B, u):
        return u
    return None


def integer_kernel(rows: list[list[int]], k: int) -> list[list[int]]:
    """An integer basis of {z in Q^k : rows z = 0} (fraction-free Gauss-Jordan)."""
    R = [list(r) for r in rows if any(r)]
    pivots: list[int] = []
    r = 0
    for c in range(k):
        p = next((i for i in range(r, len(R)) if R[i][c]), None)
        if p is None:
            continue
        R[r], R[p] = R[p], R[r]
        piv = R[r]
        for i in range(len(R)):
            if i != r and R[i][c]:
                a, b = piv[c], R[i][c]
                R[i] = _normalise([a * x - b * y for x, y in zip(R[i], piv)])
        pivots.append(c)
        r += 1
        if r == len(R):
            break
    R = R[:r]
    pivot_set = set(pivots)
    L = 1
    for i, c in enumerate(pivots):
        a = abs(R[i][c])
        L = L * a // math.gcd(L, a)
    basis = []
    for free in range(k):
        if free in pivot_set:
            continue
        z = [0] * k
        z[free] = L
        for i, c in enumerate(pivots):
            z[c] = -R[i][free] * L // R[i][c]
        basis.append(_normalise(z))
    return basis


def _caratheodory(cols: list[list[int]], z: list[int]) -> list[int]:
    """Shrink a non-negative kernel vector z of the columns ``cols`` (z_j > 0 on its support) until
    the kernel of its support columns is one-dimensional."""
    while True:
        support = [j for j, a in enumerate(z) if a]
        sub = [[cols[j][i] for j in support] for i in range(len(cols[0]))] if cols else []
        ker = integer_kernel(sub, len(support))
        if len(ker) <= 1:
            return z
        zs = [z[j] for j in support]
        # a kernel vector not parallel to z
        u = next(v for v in ker if any(a * zs[0] != b * v[0] for a, b in zip(v, zs)))
        if all(a <= 0 for a in u):
            u = [-a for a in u]
        t = min(Fraction(a, b) for a, b in zip(zs, u) if b > 0)
        new = [a * t.denominator - t.numerator * b for a, b in zip(zs, u)]
        new = _normalise(new)
        z = [0] * len(z)
        for j, a in zip(support, new):
            z[j] = a


def farkas_multipliers(B: np.ndarray, y: np.ndarray) -> list[int] | None:
    """Integers z >= 0, not all zero, with B^T z = 0, near the float solution y, or None."""
    ymax = float(np.max(y)) if len(y) else 0.0
    if ymax <= 0:
        return None
    support = np.flatnonzero(y > SUPPORT_TOL * ymax)
    cols = B[support].tolist()  # one list per support point: column of B^T
    rows = [[c[i] for c in cols] for i in range(B.shape[1])]
    ker = integer_kernel(rows, len(support))
    if not ker:
        return None
    z = None
    if len(ker) == 1:
        v = ker[0]
        if all(a >= 0 for a in v):
            z = v
        elif all(a <= 0 for a in v):
            z = [-a for a in v]
    else:
        K = np.array(ker, dtype=float).T  # support x dim
        coef, *_ = np.linalg.lstsq(K, y[support], rcond=None)
        for D in (1 << 10, 1 << 20, 1 << 30):
            q = [Fraction(float(c)).limit_denominator(D) for c in coef]
            L = 1
            for a in q:
                L = L * a.denominator // math.gcd(L, a.denominator)
            ints = [int(a * L) for a in q]
            cand = [sum(c * v[j] for c, v in zip(ints, ker)) for j in range(len(support))]
            if any(cand) and all(a >= 0 for a in cand):
                z = _normalise(cand)
                break
    if z is None:
        return None
    if len(ker) > 1:
        z = _caratheodory(cols, z)
    full = [0] * B.shape[0]
    for j, a in zip(support.tolist(), z):
        full[j] = a
    return full



def exact_farkas(B: np.ndarray, y: np.ndarray) -> list[int] | None:
    """Integers z >= 0, not all zero, with B^T z = 0, from the float solution y: the integer kernel
    of B^T on the support of y (python-flint) when it is one-dimensional and of one sign, else
    :func:`farkas_multipliers`."""
    import math

    from flint import fmpz_mat

    ymax = float(np.max(y)) if len(y) else 0.0
    if ymax > 0:
        support = np.flatnonzero(y > SUPPORT_TOL * ymax)
        X, nullity = fmpz_mat(B[support].T.tolist()).nullspace()
        if nullity == 1:
            z = [int(X[i, 0]) for i in range(len(support))]
            if all(a <= 0 for a in z):
                z = [-a for a in z]
            if any(z) and all(a >= 0 for a in z):
                g = math.gcd(*z)
                full = [0] * B.shape[0]
                for j, a in zip(support.tolist(), z):
                    full[j] = a // g
                return full
    return farkas_multipliers(B, y)


def solve(f: TruthTable, degree: int):
    from scipy.optimize import linprog

    if degree == 1:  # a variable in which f is not monotone is already a Farkas certificate
        witness = unateness_certificate(f)
        if witness is not None:
            return witness
    B = signed_matrix(f, degree)
    N, M = B.shape
    Bf = B.astype(float)
    res = linprog(
        np.ones(2 * M), A_ub=np.hstack([-Bf, Bf]), b_ub=-np.ones(N),
        bounds=(0, None), method="highs",
    )
    if res.status == 0:
        v = res.x[:M] - res.x[M:]
        u = integer_weights(B, v)
        if u is not None:
            return Realization(f, degree, monomials(f.n, degree), tuple(u[1:]), -u[0], "lp")
    alt = linprog(
        np.zeros(N), A_eq=np.vstack([Bf.T, np.ones((1, N))]),
        b_eq=np.concatenate([np.zeros(M), [1.0]]), bounds=(0, None), method="highs",
    )
    if alt.status == 0:
        z = farkas_multipliers(B, alt.x)
        if z is not None:
            return NonRealizability.from_vector(f, degree, z, "lp")
    from quarks.solvers.smt import solve as exact_solve  # the floats misled: decide exactly

    result = exact_solve(f, degree)
    object.__setattr__(result, "backend", "lp->z3")
    return result
