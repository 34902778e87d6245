"""The reduced route (the ``lp`` backend of realize): at degree 1 the counting kernel's way of
deciding, with realize's certificates.

1. Unateness: a variable in which f is neither increasing nor decreasing gives the 4-point
   Farkas (2-summability) certificate of :func:`quarks.solvers.realize.unateness_certificate`.
2. Otherwise f is unate: negating the decreasing variables gives a positive g, and ordering the
   variables by their Chow parameters (true points with x_i = 1) gives g'.  A threshold function is
   regular in that order, so g' not a shift up-set means f is not threshold.
3. A regular g' goes to the counting kernel's regular LP (shift-minimal true, shift-maximal false
   points, n + 2 columns) in floating point; the rounded weights are accepted only after the exact
   check on all 2^n points, and the realization of f is checked again, exactly, on all 2^n points.
4. Not threshold: a 2-summability witness of g (two minimal true points; every non-threshold
   function of n <= 8 variables has one, Muroga; the search stops after a budget), else the
   Farkas LP on the minimal true and maximal false points of g plus one slack row per variable
   (the bounds w >= 0), made exact on its support
   (:func:`quarks.solvers.lp.exact_farkas`: python-flint on a one-dimensional kernel, else
   :func:`quarks.solvers.lp.farkas_multipliers`); the slack is absorbed by raising true points
   (g is positive), and negating the variables back keeps the sums equal.
5. Whatever the floats fail to settle goes to today's route (:func:`quarks.solvers.lp.solve`).

At other degrees (:func:`higher_degree`): the cutting-plane LP of
:mod:`quarks.solvers.cutting_plane` (a few rows near the boundary, violated rows added; the dual
ray of an infeasible subset made exact as the Farkas certificate); failing that, the bare
feasibility LP on all 2^n rows, its vertex made integer and checked exactly; if infeasible, the
Farkas LP made exact by :func:`quarks.solvers.lp.exact_farkas`.

Every certificate is exact; :func:`solve` returns it verified (realizations in int64 with an
overflow bound, Farkas certificates by :func:`quarks.certify.threshold.check_nonrealization_data`).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from quarks.base.boolean import TruthTable, bits_to_array
from quarks.solvers.lp import exact_farkas
from quarks.solvers.realize import InvalidCertificate, NonRealizability, Realization, unateness_certificate

SUMMABILITY_BUDGET = 1 << 20  # pairs (c, d) tried by the 2-summability search before the Farkas LP
MAX_ROWS = 2000  # the regular LP's dense tableaux stay below 2 x 32 MB
BOUND = 1 << 58  # |weights| * (n + 1) below 2^62: the int64 check cannot overflow


@lru_cache(maxsize=32)
def cube(n: int) -> tuple[np.ndarray, np.ndarray]:
    """(the points 0..2^n-1, the 2^n x n 0/1 matrix of their coordinates), int64, read-only."""
    x = np.arange(1 << n, dtype=np.int64)
    X = (x[:, None] >> np.arange(n, dtype=np.int64)) & 1
    x.setflags(write=False)
    X.setflags(write=False)
    return x, X


def decreasing_mask(f: TruthTable) -> int:
    """The variables in which the unate f is decreasing (f(x + e_i) <= f(x) everywhere, not =)."""
    from quarks.base.boolean import zero_mask

    mask = 0
    for i in range(f.n):
        m, s = zero_mask(f.n, i), 1 << i
        lo, hi = f.bits & m, (f.bits >> s) & m
        if lo & ~hi:
            mask |= s
    return mask


def realization_of(f: TruthTable, w: np.ndarray, t: int, backend: str) -> Realization | None:
    """p(x) = 2 w.x - (2t - 1) (margin 1 when [w.x >= t] = f), checked exactly on all 2^n points;
    None when it fails."""
    weights = [2 * int(a) for a in w]
    threshold = 2 * int(t) - 1
    if max([abs(threshold)] + [abs(a) for a in weights]) * (f.n + 1) >= BOUND:
        result = Realization(f, 1, tuple(1 << i for i in range(f.n)), tuple(weights), threshold, backend)
        return result if result.problem() is None else None
    _, X = cube(f.n)
    p = X @ np.array(weights, dtype=np.int64) - threshold
    v = bits_to_array(f.bits, f.n).astype(bool)
    if not ((p[v] >= 1).all() and (p[~v] <= -1).all()):
        return None
    return Realization(f, 1, tuple(1 << i for i in range(f.n)), tuple(weights), threshold, backend)


def boundary(g: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The minimal true and the maximal false points of a positive table g (bool array)."""
    x, _ = cube(n)
    minimal, maximal = g.copy(), ~g
    for i in range(n):
        bit = (x >> i) & 1 == 1
        other = g[x ^ (1 << i)]
        minimal &= ~(bit & other)
        maximal &= ~(~bit & ~other)
    return x[minimal], x[maximal]


def farkas_positive(g: np.ndarray, n: int) -> list[tuple[int, int]] | None:
    """Signed multipliers [(x, +a) true, (y, -b) false] with equal totals and equal coordinate
    sums, for a positive non-threshold table g; None when the floats do not give them."""
    from scipy.optimize import linprog

    true, false = boundary(g, n)
    pts = np.concatenate([true, false])
    bits = (pts[:, None] >> np.arange(n, dtype=np.int64)) & 1
    sign = np.concatenate([np.ones(len(true), np.int64), -np.ones(len(false), np.int64)])
    B = np.vstack([
        np.hstack([sign[:, None], bits * sign[:, None]]),
        np.hstack([np.zeros((n, 1), np.int64), np.eye(n, dtype=np.int64)]),  # w_i >= 0
    ])
    N, M = B.shape
    alt = linprog(np.zeros(N), A_eq=np.vstack([B.T.astype(float), np.ones((1, N))]),
                  b_eq=np.concatenate([np.zeros(M), [1.0]]), bounds=(0, None), method="highs")
    if alt.status != 0:
        return None
    z = exact_farkas(B, alt.x)
    if z is None:
        return None
    mass: dict[int, int] = {}
    for p, a in zip(true.tolist(), z[:len(true)]):
        if a:
            mass[p] = a
    slack = z[len(pts):]
    for i, d in enumerate(slack):  # sum a x + d = sum b y: raise true points in coordinate i by d_i
        s = 1 << i
        for p in sorted(mass):
            if d == 0:
                break
            if p & s or not mass[p]:
                continue
            k = min(mass[p], d)
            mass[p] -= k
            mass[p | s] = mass.get(p | s, 0) + k
            d -= k
        if d:
            return None
    out = [(p, a) for p, a in mass.items() if a]
    out += [(p, -b) for p, b in zip(false.tolist(), z[len(true):len(pts)]) if b]
    return out


def nonrealization_of(f: TruthTable, signed, mask: int, backend: str) -> NonRealizability | None:
    """The Farkas certificate of f from signed multipliers on points of g(x) = f(x ^ mask)
    (equal totals, so negating coordinates keeps the sums equal); None unless it checks."""
    total: dict[int, int] = {}
    for p, a in signed:
        total[p ^ mask] = total.get(p ^ mask, 0) + a
    pairs = sorted((p, a) for p, a in total.items() if a)
    result = NonRealizability(
        f, 1, tuple((p, a) for p, a in pairs if a > 0), tuple((p, -a) for p, a in pairs if a < 0), backend)
    return result if result.problem() is None else None


def solve(f: TruthTable, degree: int = 1):
    """A verified Realization or NonRealizability of f (the route of the module docstring at
    degree 1; at other degrees the full LP of quarks.solvers.lp, verified here)."""
    if degree != 1:
        return higher_degree(f, degree)
    from quarks.solvers import reduced_kernels as rk
    from quarks.solvers.kernels import is_upset

    n = f.n
    witness = unateness_certificate(f)
    if witness is not None:
        return witness
    if n == 0 or f.bits == 0 or f.bits == (1 << (1 << n)) - 1:
        w, t = np.zeros(n, np.int64), (0 if f.bits else 1)
        return realization_of(f, w, t, "reduced")
    mask = decreasing_mask(f)
    x, X = cube(n)
    g = bits_to_array(f.bits, n)[x ^ mask]
    chow = g.astype(np.int64) @ X
    order = np.argsort(-chow, kind="stable")  # new variable j is old variable order[j]
    gp = np.ascontiguousarray(g[X @ (np.int64(1) << order)])
    regular = bool(is_upset(gp, n))
    found = False
    if regular and rk.regular_rows(gp, n) <= MAX_ROWS:
        W = np.zeros(n, np.int64)
        found, t = rk.regular_weights(gp, n, W)
        if found:
            w = np.zeros(n, np.int64)
            w[order] = W
            negated = (mask >> np.arange(n)) & 1 == 1
            result = realization_of(f, np.where(negated, -w, w), int(t) - int(w[negated].sum()), "reduced")
            if result is not None:
                return result
    out = np.zeros(4, np.int64)
    if rk.two_summable_positive(g, n, out, SUMMABILITY_BUDGET) == 1:
        x0, b, c, d = (int(a) for a in out)
        result = nonrealization_of(f, [(x0, 1), (b, 1), (c, -1), (d, -1)], mask, "reduced")
        if result is not None:
            return result
    if not (regular and found):
        signed = farkas_positive(g.astype(bool), n)
        if signed is not None:
            result = nonrealization_of(f, signed, mask, "reduced")
            if result is not None:
                return result
    return verified(f, 1, "reduced->")  # the floats did not settle it


DENOMINATORS = np.arange(1, 257, dtype=np.float64)


def common_denominator(B: np.ndarray, v: np.ndarray) -> list[int] | None:
    """Integers u = D v for the least D <= 256 making every coordinate of the float vertex v an
    integer (to 1e-7), if B u >= 1 exactly; else None."""
    scaled = DENOMINATORS[:, None] * v[None, :]
    ok = np.flatnonzero(np.abs(scaled - np.round(scaled)).max(axis=1) < 1e-7)
    if not len(ok) or np.abs(scaled[ok[0]]).max() * B.shape[1] >= BOUND:
        return None
    u = np.round(scaled[ok[0]]).astype(np.int64)
    return u.tolist() if bool((B @ u >= 1).all()) else None


def higher_degree(f: TruthTable, degree: int):
    """Degree != 1: the cutting-plane LP of :mod:`quarks.solvers.cutting_plane`; if it settles
    nothing, the bare feasibility LP on all 2^n rows (free weights, no objective) in
    floats, its vertex made integer (:func:`quarks.solvers.lp.integer_weights`) and checked exactly
    in int64 on all 2^n points; an infeasible LP goes to the Farkas LP made exact on its support;
    whatever is not settled, to the full route."""
    from scipy.optimize import linprog

    from quarks.solvers import cutting_plane
    from quarks.solvers.lp import integer_weights, signed_matrix
    from quarks.solvers.monomials import monomials

    fast = cutting_plane.solve(f, degree)
    if fast is not None:
        return fast
    B = signed_matrix(f, degree)
    N, M = B.shape
    Bf = B.astype(float)
    res = linprog(np.zeros(M), A_ub=-Bf, b_ub=-np.ones(N), bounds=(None, None), method="highs")
    if res.status == 0:
        u = common_denominator(B, res.x) or integer_weights(B, res.x)
        if u is not None and max(abs(a) for a in u) * M < BOUND and bool((B @ np.array(u, np.int64) >= 1).all()):
            return Realization(f, degree, monomials(f.n, degree), tuple(u[1:]), -u[0], "lp")
    elif res.status == 2:  # infeasible: the alternative system has a solution
        alt = linprog(np.zeros(N), A_eq=np.vstack([Bf.T, np.ones((1, N))]),
                      b_eq=np.concatenate([np.zeros(M), [1.0]]), bounds=(0, None), method="highs")
        if alt.status == 0:
            z = exact_farkas(B, alt.x)
            if z is not None:
                result = NonRealizability.from_vector(f, degree, z, "lp")
                if result.problem() is None:
                    return result
    return verified(f, degree, "")


def verified(f: TruthTable, degree: int, prefix: str):
    """The full LP's certificate (quarks.solvers.lp.solve), checked exactly by the kernel's checker."""
    from quarks.solvers.lp import solve as full_solve

    result = full_solve(f, degree)
    if prefix:
        object.__setattr__(result, "backend", prefix + result.backend)
    problem = result.problem()
    if problem is not None:
        raise InvalidCertificate(f"the full LP returned a wrong certificate for {f!r}: {problem}")
    return result
