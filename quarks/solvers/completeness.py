"""Re-verification of the degree-1 enumeration: nothing missing, nothing wrong (numpy integers only).

The procedures here are what an ``exhaustive`` evidence record re-runs.  They obtain the
enumeration with its certificates, then check every piece independently of how it was found:

1. levels: the candidates of level k + 1 are recomputed here from the accepted functions of
   level k (every accepted function plus one shift-maximal false point), and must be exactly
   the accepted and rejected functions the enumerator reports;
2. acceptance: integer weights w, t with f(x) = [w.x >= t] on all 2^n points;
3. rejection: the candidate is regular positive (an up-set of the shift order) and the integer
   multipliers lambda (minimal true rows), mu (maximal false rows), nu (ordering rows) satisfy
   sum mu b_j - sum lambda a_j + nu_(j-1) - nu_j >= 0 for every j, sum lambda >= sum mu >= 1,
   which excludes ordered non-negative weights (notes/enumeration.md, Lemma 3);
   for n <= 5 also a plain Farkas certificate: lambda on true, mu on false points with equal
   totals and equal sums, which excludes every weight vector;
4. the count: orbit sizes n!/prod(b!) 2^ess recomputed, levels above 2^(n-1) as duals;
   for n <= 5 the orbits are also expanded (every image of every representative, with its
   transformed weights re-checked) and the union has exactly that many distinct functions;
   for n <= 4 it equals the set found by classifying all 2^(2^n) functions.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from quarks.certificates.evidence import digest


def point_bits(tables: np.ndarray, n: int) -> np.ndarray:
    """(count, 2^n) uint8 values from packed uint64 tables."""
    size = 1 << n
    x = np.arange(size)
    w = tables[:, x >> 6]
    return ((w >> (x & 63).astype(np.uint64)) & np.uint64(1)).astype(np.uint8)


def cube_points(n: int) -> np.ndarray:
    x = np.arange(1 << n)
    return ((x[:, None] >> np.arange(n)[None, :]) & 1).astype(np.int64)


def _successor_index(n):
    """For each point: the indices of its immediate successors in the shift order (-1 padded)."""
    size = 1 << n
    succ = np.full((size, 2 * n), -1, np.int64)
    pred = np.full((size, 2 * n), -1, np.int64)
    for x in range(size):
        k = 0
        for j in range(n):
            if not (x >> j) & 1:
                succ[x, k] = x | (1 << j)
                k += 1
                if j + 1 < n and (x >> (j + 1)) & 1:
                    succ[x, k] = x ^ (3 << j)
                    k += 1
        k = 0
        for j in range(n):
            if (x >> j) & 1:
                pred[x, k] = x ^ (1 << j)
                k += 1
                if j + 1 < n and not (x >> (j + 1)) & 1:
                    pred[x, k] = x ^ (3 << j)
                    k += 1
    return succ, pred


def _lookup(V, idx):
    """V[:, idx] with -1 meaning 'no such point' (value 1 for successors' all-true test)."""
    pad = np.concatenate([V, np.ones((V.shape[0], 1), V.dtype)], axis=1)
    return pad[:, np.where(idx < 0, V.shape[1], idx)]


def _upset(V, succ):
    """Rows of V that are up-sets of the shift order."""
    S = _lookup(V, succ)                       # (count, size, 2n)
    return np.all((V[:, :, None] == 0) | (S == 1), axis=(1, 2))


def _next_candidates(V, n, succ):
    """All V plus one false point whose successors are all true, as a set of byte strings."""
    out = set()
    S = _lookup(V, succ)
    ok = (V == 0) & np.all(S == 1, axis=2)
    for r, x in zip(*np.nonzero(ok)):
        u = V[r].copy()
        u[x] = 1
        out.add(u.tobytes())
    return out


def _orbit_sizes(V, n):
    size = 1 << n
    xs = np.arange(size)
    ess = np.zeros(V.shape[0], np.int64)
    for j in range(n):
        lo = xs[(xs >> j) & 1 == 0]
        ess += np.any(V[:, lo] != V[:, lo | (1 << j)], axis=1)
    perms = np.full(V.shape[0], math.factorial(n), dtype=object)
    run = np.ones(V.shape[0], np.int64)
    for j in range(n - 1):
        sel = xs[((xs >> j) & 1 == 1) & ((xs >> (j + 1)) & 1 == 0)]
        sym = np.all(V[:, sel] == V[:, sel ^ (3 << j)], axis=1)
        for r in np.flatnonzero(~sym):
            perms[r] //= math.factorial(int(run[r]))
        run = np.where(sym, run + 1, 1)
    for r in range(V.shape[0]):
        perms[r] //= math.factorial(int(run[r]))
    return perms, ess


def check_regular_dual(v, dual, n, points):
    """The ordered-weights Farkas certificate of a rejected regular positive candidate."""
    size = 1 << n
    y = dual[:size]
    nu = dual[size:size + max(n - 1, 0)]
    if np.any(y < 0) or np.any(nu < 0):
        return False
    lam = np.where(v == 1, y, 0)
    mu = np.where(v == 0, y, 0)
    col = mu @ points - lam @ points
    for j in range(n):
        if j >= 1:
            col[j] += nu[j - 1]
        if j <= n - 2:
            col[j] -= nu[j]
    return bool(np.all(col >= 0) and lam.sum() >= mu.sum() >= 1)


def _full_farkas(v, n, points):
    """A plain Farkas certificate for a non-threshold f (n <= 5): (lambda, mu) or None."""
    from quarks.solvers.classify import features, monomials
    from quarks.solvers.orbits import full_lp

    f = int(sum(int(b) << x for x, b in enumerate(v)))
    phi = features(n, monomials(n, 1))
    c = np.zeros(phi.shape[1] + 1, np.int64)
    dual = np.zeros(1 << n, np.int64)
    if full_lp(f, n, phi, c, dual) != 0:
        return None
    g = math.gcd(*[int(a) for a in dual])
    return dual // g


def check_farkas(v, y, points) -> bool:
    """lambda = y on true points, mu = y on false points: y >= 0, equal totals > 0, equal sums."""
    lam = np.where(v == 1, y, 0)
    mu = np.where(v == 0, y, 0)
    return bool(np.all(y >= 0) and lam.sum() == mu.sum() >= 1
                and np.array_equal(lam @ points, mu @ points))


def verify_regular_enumeration(n: int, count: int) -> dict:
    """Re-verify the enumeration of T(n;1) (see the module docstring); holds iff all checks pass
    and the count re-derived from the representatives equals ``count``."""
    from quarks.solvers.enumerate import regular_threshold

    enum = regular_threshold(n, keep_rejected=True)
    size = 1 << n
    points = cube_points(n)
    succ, _ = _successor_index(n)
    ok = True
    cases = 0
    items = []
    reps_v, reps_w = [], []
    prev = None
    for lev in enum.levels:
        V = point_bits(lev.tables, n)
        W = lev.weights
        cases += V.shape[0]
        # acceptance: weights checked on every point
        ok &= bool(np.all(((points @ W[:, :n].T) >= W[:, n][None, :]).T == (V == 1)))
        ok &= bool(np.all(_upset(V, succ)))
        found = {r.tobytes() for r in V}
        if lev.k > 0:
            R = point_bits(lev.rejected, n)
            cases += R.shape[0]
            found_r = {r.tobytes() for r in R}
            ok &= found_r.isdisjoint(found)
            ok &= (found | found_r) == _next_candidates(prev, n, succ)
            ok &= bool(np.all(_upset(R, succ))) if R.shape[0] else True
            for v, dl in zip(R, lev.duals):
                ok &= check_regular_dual(v, dl, n, points)
                if n <= 5:
                    y = _full_farkas(v, n, points)
                    ok &= y is not None and check_farkas(v, y, points)
        else:
            ok &= V.shape[0] == 1 and not V.any()
        prev = V
        reps_v.append(V)
        reps_w.append(W)
        items.append([lev.k, int(V.shape[0]), int(lev.candidates),
                      digest(sorted(r.tobytes().hex() for r in V))])
    # duals of the levels below 2^(n-1)
    half = size // 2
    for V, W in list(zip(reps_v, reps_w))[:half]:
        D = 1 - V[:, ::-1]
        WD = W.copy()
        WD[:, n] = W[:, :n].sum(axis=1) - W[:, n] + 1
        ok &= bool(np.all(((points @ WD[:, :n].T) >= WD[:, n][None, :]).T == (D == 1)))
        reps_v.append(D)
        reps_w.append(WD)
    V = np.concatenate(reps_v)
    W = np.concatenate(reps_w)
    ok &= len({r.tobytes() for r in V}) == V.shape[0]
    perms, ess = _orbit_sizes(V, n)
    total = sum(int(p) << int(e) for p, e in zip(perms, ess))
    if n <= 5:
        listed = _expand_and_check(V, W, n, points)
        ok &= listed is not None and len(listed) == total
        if n <= 4 and listed is not None:
            from quarks.solvers.classify import classify

            member = classify(n, 1).member
            ok &= set(np.flatnonzero(member).tolist()) == listed
    items.append(["count", total])
    return {"cases": int(cases), "holds": bool(ok and total == count), "digest": digest(items),
            "count": total}


def _expand_and_check(V, W, n, points):
    """Every image under permuting and negating inputs, each with transformed weights checked."""
    size = 1 << n
    listed = []
    pw = np.uint64(1) << np.arange(size, dtype=np.uint64)
    ys = np.arange(size)
    S = ((ys[:, None] >> np.arange(n)[None, :]) & 1)        # negation patterns s, as 0/1 rows
    for perm in itertools.permutations(range(n)):
        perm = np.array(perm)
        img = np.zeros(size, np.int64)
        for j in range(n):
            img |= ((ys >> perm[j]) & 1) << j
        sig = img[None, :] ^ ys[:, None]                    # sigma_s(y) = pi(y) xor s, (s, y)
        H = V[:, sig]                                       # (reps, s, y): h(y) = f(sigma_s(y))
        # w.sigma_s(y) = sum_j w_j (y_perm[j] xor s_j): weight +-w_j on y_perm[j]
        sgn = 1 - 2 * S                                     # (s, j)
        Wn = np.zeros((W.shape[0], size, n), np.int64)
        Wn[:, :, perm] = W[:, None, :n] * sgn[None, :, :]
        tn = W[:, None, n] - (W[:, None, :n] * S[None, :, :]).sum(axis=2)
        vals = Wn @ points.T
        if not np.array_equal(vals >= tn[:, :, None], H == 1):
            return None
        listed.append((H.astype(np.uint64) * pw).sum(axis=2, dtype=np.uint64).ravel())
    return set(np.unique(np.concatenate(listed)).tolist())
