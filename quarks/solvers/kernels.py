"""Compiled kernels for threshold functions: an exact integer simplex and the regular enumeration.

Conventions.  A point x of {0,1}^n is the integer sum_i x_i 2^(i-1) (variable i is bit i-1);
a truth table holds f(x) at bit x, packed in uint64 words (one word for n <= 6).  Inside the
kernels a table is also unpacked to a uint8 vector ``v`` of length 2^n.

The simplex is *integer preserving* (Bareiss / Edmonds): every tableau entry is a minor of the
initial matrix, divisions are exact, and the current basis determinant ``d`` is the common
denominator.  No float is ever used, so "feasible" and "infeasible" are exact decisions: the
primal solution gives integer weights, the objective row gives integer Farkas multipliers.
Entries are checked against ``LIMIT`` so that int64 cannot overflow; on overflow the kernel
reports status 2 and the caller falls back to Python integers (:func:`simplex_bigint`).

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


# --- truth tables ---------------------------------------------------------------------------------

@njit(cache=True)
def unpack(words, n, v):
    for x in range(1 << n):
        v[x] = (words[x >> 6] >> np.uint64(x & 63)) & np.uint64(1)


@njit(cache=True)
def pack(v, n, words):
    for w in range(words.shape[0]):
        words[w] = 0
    for x in range(1 << n):
        if v[x]:
            words[x >> 6] |= np.uint64(1) << np.uint64(x & 63)


@njit(cache=True)
def dots(W, n, out):
    """out[x] = sum_i W[i] x_i for every point x (one addition per point)."""
    out[0] = 0
    for x in range(1, 1 << n):
        low = x & (-x)
        i = 0
        while (low >> i) != 1:
            i += 1
        out[x] = out[x ^ low] + W[i]


@njit(cache=True)
def realizes(v, n, W, t, buf):
    """Exact check on all 2^n points: v[x] == [W.x >= t]."""
    dots(W, n, buf)
    for x in range(1 << n):
        if (buf[x] >= t) != (v[x] == 1):
            return False
    return True


# --- regular positive functions ---------------------------------------------------------------------
# f is regular positive when its true set is an up-set of the shift order generated by
# "add a one" (x -> x + e_j) and "move a one to a more desirable variable" (x -> x - e_{j+1} + e_j).

@njit(cache=True)
def is_upset(v, n):
    for x in range(1 << n):
        if v[x] and not _all_successors_true(v, n, x):
            return False
    return True


@njit(cache=True)
def _all_successors_true(v, n, x):
    for j in range(n):
        if not (x >> j) & 1:
            if not v[x | (1 << j)]:
                return False
            if j + 1 < n and (x >> (j + 1)) & 1 and not v[x ^ (3 << j)]:
                return False
    return True


@njit(cache=True)
def _all_predecessors_false(v, n, x):
    for j in range(n):
        if (x >> j) & 1:
            if v[x ^ (1 << j)]:
                return False
            if j + 1 < n and not (x >> (j + 1)) & 1 and v[x ^ (3 << j)]:
                return False
    return True


@njit(cache=True, nogil=True)
def count_candidates(parents, n):
    v = np.zeros(1 << n, np.uint8)
    total = 0
    for p in range(parents.shape[0]):
        unpack(parents[p], n, v)
        for x in range(1 << n):
            if not v[x] and _all_successors_true(v, n, x):
                total += 1
    return total


@njit(cache=True)
def candidates(parents, n, out, origin, added):
    """Every parent plus one shift-maximal false point: the regular positive one-point extensions."""
    v = np.zeros(1 << n, np.uint8)
    c = 0
    for p in range(parents.shape[0]):
        unpack(parents[p], n, v)
        for x in range(1 << n):
            if not v[x] and _all_successors_true(v, n, x):
                for w in range(parents.shape[1]):
                    out[c, w] = parents[p, w]
                out[c, x >> 6] |= np.uint64(1) << np.uint64(x & 63)
                origin[c] = p
                added[c] = x
                c += 1
    return c


@njit(cache=True)
def table_hash(words):
    """A well-mixed 64-bit hash of one table (the same as ``levels._hash`` on a row)."""
    h = np.uint64(0x9E3779B97F4A7C15)
    for w in range(words.shape[0]):
        h ^= words[w]
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    return h


@njit(cache=True)
def level_table(level, hashes, bits):
    """An open-addressing hash table of the rows of ``level``: 2^bits slots of (hash, row + 1),
    (0, 0) for empty, linear probing."""
    size = 1 << bits
    mask = np.uint64(size - 1)
    table = np.zeros((size, 2), np.uint64)
    for r in range(level.shape[0]):
        i = hashes[r] & mask
        while table[i, 1] != 0:
            i = (i + np.uint64(1)) & mask
        table[i, 0] = hashes[r]
        table[i, 1] = np.uint64(r + 1)
    return table


@njit(cache=True)
def _in_level(g, level, table):
    """Is the table g a row of ``level``?  (``table``: :func:`level_table` of the level.)"""
    h = table_hash(g)
    mask = np.uint64(table.shape[0] - 1)
    i = h & mask
    while table[i, 1] != 0:
        if table[i, 0] == h:
            row = level[np.int64(table[i, 1]) - 1]
            same = True
            for w in range(g.shape[0]):
                if row[w] != g[w]:
                    same = False
                    break
            if same:
                return True
        i = (i + np.uint64(1)) & mask
    return False


@njit(cache=True)
def _is_successor(x, y):
    """Is y an immediate successor of x in the shift order (a one added, or moved down one place)?"""
    if x & ~y == 0:
        extra = y & ~x
        return extra != 0 and extra & (extra - 1) == 0
    d = x ^ y
    low = d & (-d)
    return d == 3 * low and (x & (low << 1)) != 0


@njit(cache=True, nogil=True)
def canonical_candidates(level, lo, hi, n, table, out, origin, added):
    """The candidates generated by the parents level[lo:hi], each distinct candidate by exactly one
    parent of the whole level (canonical augmentation): g = p + x is kept iff no shift-minimal true
    point x' > x of g has g - x' in the level.  (x itself is shift-minimal in g, and g - x' is a
    regular positive function for every shift-minimal x', so the largest x' with g - x' threshold
    names g's one canonical parent; membership through the level's hash table.)  The shift-minimal true points of g are x and those of p that
    are not immediate successors of x.  Writes out/origin/added, returns how many."""
    size = 1 << n
    v = np.zeros(size, np.uint8)
    g = np.zeros(level.shape[1], np.uint64)
    mins = np.zeros(size, np.int64)
    c = 0
    for p in range(lo, hi):
        unpack(level[p], n, v)
        k = 0
        for y in range(size):
            if v[y] and _all_predecessors_false(v, n, y):
                mins[k] = y
                k += 1
        for x in range(size):
            if v[x] or not _all_successors_true(v, n, x):
                continue
            for w in range(g.shape[0]):
                g[w] = level[p, w]
            g[x >> 6] |= np.uint64(1) << np.uint64(x & 63)
            canonical = True
            for i in range(k):
                y = mins[i]
                if y > x and not _is_successor(x, y):
                    bit = np.uint64(1) << np.uint64(y & 63)
                    g[y >> 6] ^= bit
                    found = _in_level(g, level, table)
                    g[y >> 6] ^= bit
                    if found:
                        canonical = False
                        break
            if canonical:
                for w in range(g.shape[0]):
                    out[c, w] = g[w]
                origin[c] = p
                added[c] = x
                c += 1
    return c


@njit(cache=True)
def _regular_lp(v, n, T, basis, rowpoint):
    """Build the LP 'max s: ordered weights w >= 0, t in [0, 1], w.a >= t on minimal true a,
    w.b <= t - s on maximal false b'.  Returns (m, N, number of true rows, false rows)."""
    N = n + 2
    size = 1 << n
    m = 0
    for x in range(1 << n):
        if v[x] and _all_predecessors_false(v, n, x):
            m += 1
    mt = m
    for x in range(1 << n):
        if not v[x] and _all_successors_true(v, n, x):
            m += 1
    mf = m - mt
    m += n - 1 + 1
    for i in range(m + 1):
        for k in range(N + m + 1):
            T[i, k] = 0
    r = 0
    for x in range(1 << n):
        if v[x] and _all_predecessors_false(v, n, x):
            for j in range(n):
                T[r, j] = -((x >> j) & 1)
            T[r, n] = 1
            rowpoint[r] = x
            r += 1
    for x in range(1 << n):
        if not v[x] and _all_successors_true(v, n, x):
            for j in range(n):
                T[r, j] = (x >> j) & 1
            T[r, n] = -1
            T[r, n + 1] = 1
            rowpoint[r] = x
            r += 1
    for j in range(n - 1):
        T[r, j] = -1
        T[r, j + 1] = 1
        rowpoint[r] = size + j
        r += 1
    T[r, n] = 1
    T[r, N + m] = 1
    for i in range(m):
        T[i, N + i] = 1
        basis[i] = N + i
    T[m, n + 1] = -1
    return m, N, mt, mf


@njit(cache=True)
def two_summable(v, n, x0, out):
    """A 2-summability witness through the added point x0 of a one-point extension of a threshold
    function: a true point b and false points c, d with x0 + b = c + d.  (Any witness of the
    extension must use x0, else it would be one for the threshold parent.)  Coordinate-wise,
    x0 + b = c + d forces c = d = 1 where x0 = b = 1, c = d = 0 where x0 = b = 0, and c_i + d_i = 1
    elsewhere: c = (x0 & b) | s, d = (x0 & b) | (x0 ^ b) & ~s for a submask s of x0 ^ b; s and its
    complement give the same pair, so the top bit of x0 ^ b is put in c.  Only minimal true points b
    are tried: if b_i = 1 then c_i = 1 or d_i = 1, and clearing bit i of b and of that point keeps a
    witness (false points form a down-set); b never descends to x0, since b >= x0 would force
    c, d >= x0, true.  Multipliers 1 on x0, b, c, d are then a Farkas certificate (and a dual of
    the regular LP: ordering multipliers 0).  Returns True and out = (x0, b, c, d), or False.  For
    n <= 8 every non-threshold function is 2-summable (Muroga), so this decides every rejection
    there."""
    for b in range(1 << n):
        if not v[b] or b == x0:
            continue
        minimal = True
        for i in range(n):
            if (b >> i) & 1 and v[b ^ (1 << i)]:
                minimal = False
                break
        if not minimal:
            continue
        both = x0 & b
        odd = x0 ^ b
        top = 0
        if odd:
            top = 1 << (63 - _clz(odd))
        rest = odd ^ top
        s = rest
        while True:
            c = both | top | s
            d = both | (rest & ~s)
            if not v[c] and not v[d]:
                out[0] = x0
                out[1] = b
                out[2] = c
                out[3] = d
                return True
            if s == 0:
                break
            s = (s - 1) & rest
    return False


@njit(cache=True)
def _clz(x):
    """Leading zeros of a positive 64-bit integer."""
    k = 0
    while k < 64 and not (x >> (63 - k)) & 1:
        k += 1
    return k


@njit(cache=True)
def count_two_summable(cands, added, status, n):
    """How many candidates rejected by the LP (status 0) have a 2-summability witness through the
    added point (:func:`decide_regular` with ``presum=False``, for measurements)."""
    v = np.zeros(1 << n, np.uint8)
    wit = np.zeros(4, np.int64)
    hits = 0
    for c in range(cands.shape[0]):
        if status[c] == 0:
            unpack(cands[c], n, v)
            if two_summable(v, n, added[c], wit):
                hits += 1
    return hits


@njit(cache=True)
def _reduce(W, n, t):
    """Divide the weights W (in place) and the threshold t by their gcd; returns the new t."""
    g = t
    for j in range(n):
        g = _gcd(g, W[j])
    if g > 1:
        for j in range(n):
            W[j] //= g
        t //= g
    return t


@njit(cache=True)
def _float_realization(v, n, T, F, m, N, basis, fbasis, W, buf):
    """Solve the regular LP of ``T`` in floating point, round w * (2n + 2) / s to integers W and
    decide exactly: True (W, and the threshold t = min over true points of W.x in buf[0]) only if
    [W.x >= t] is v on all 2^n points.  (Rounding moves each W.x by at most n/2, less than half
    the scaled margin 2n + 2.)"""
    ncol = N + m + 1
    for i in range(m + 1):
        for k in range(ncol):
            F[i, k] = T[i, k]
    for i in range(m):
        fbasis[i] = basis[i]
    basis = fbasis
    if simplex_float(F, m, N, basis) != OPTIMAL:
        return False
    rhs = ncol - 1
    s = 0.0
    for j in range(n):
        W[j] = 0
    for i in range(m):
        if basis[i] == n + 1:
            s = F[i, rhs]
    if s < 1e-7:
        return False
    scale = (2 * n + 2) / s
    for i in range(m):
        b = basis[i]
        if b < n:
            x = F[i, rhs] * scale
            if x > 1e12:
                return False
            W[b] = np.int64(np.round(x))
    dots(W, n, buf)
    t = np.int64(1) << 62
    for x in range(1 << n):
        if v[x] and buf[x] < t:
            t = buf[x]
    for x in range(1 << n):
        if not v[x] and buf[x] >= t:
            return False
    buf[0] = _reduce(W, n, t)
    return True


@njit(cache=True, nogil=True)
def _decide_range(cands, added, n, status, weights, duals, lo, hi, presum, fast):
    size = 1 << n
    v = np.zeros(size, np.uint8)
    buf = np.zeros(size, np.int64)
    maxm = 2 * size + n + 2
    T = np.zeros((maxm + 1, n + 2 + maxm + 1), np.int64)
    F = np.zeros((maxm + 1, n + 2 + maxm + 1), np.float64)
    basis = np.zeros(maxm, np.int64)
    fbasis = np.zeros(maxm, np.int64)
    rowpoint = np.zeros(maxm, np.int64)
    W = np.zeros(n, np.int64)
    wit = np.zeros(4, np.int64)
    for c in range(lo, hi):
        unpack(cands[c], n, v)
        if presum and two_summable(v, n, added[c], wit):
            status[c] = 4
            if duals.shape[0] > c:
                for k in range(duals.shape[1]):
                    duals[c, k] = 0
                for k in range(4):
                    duals[c, wit[k]] += 1
            continue
        m, N, mt, mf = _regular_lp(v, n, T, basis, rowpoint)
        if fast and _float_realization(v, n, T, F, m, N, basis, fbasis, W, buf):
            for j in range(n):
                weights[c, j] = W[j]
            weights[c, n] = buf[0]
            status[c] = 1
            continue
        st, d = simplex(T, m, N, basis)
        if st != OPTIMAL:
            status[c] = 2
            continue
        rhs = N + m
        S = np.int64(0)
        for j in range(n):
            W[j] = 0
        tt = np.int64(0)
        for i in range(m):
            b = basis[i]
            if b < n:
                W[b] = T[i, rhs]
            elif b == n:
                tt = T[i, rhs]
            elif b == n + 1:
                S = T[i, rhs]
        if S > 0:
            tt = _reduce(W, n, tt)
            if not realizes(v, n, W, tt, buf):
                status[c] = 3  # cannot happen: an exact LP solution that fails the exact check
                continue
            for j in range(n):
                weights[c, j] = W[j]
            weights[c, n] = tt
            status[c] = 1
        else:
            status[c] = 0
            if duals.shape[0] > c:
                for k in range(duals.shape[1]):
                    duals[c, k] = 0
                for i in range(m - 1):
                    duals[c, rowpoint[i]] = T[m, N + i]
    return 0


def decide_regular(cands, origin, added, pweights, n, status, weights, duals, presum=True, jobs=None,
                   fast=True):
    """Decide each regular positive candidate exactly: first a 2-summability witness through the
    added point (:func:`two_summable`, a Farkas certificate with multipliers 1); then (``fast``)
    the LP in floating point, whose rounded weights are accepted only after the exact check on
    all 2^n points (:func:`_float_realization`); else the exact integer LP, which also gives the
    Farkas multipliers of a rejection.

    status: 1 realizable (weights[c] = W, t), 0 not (duals[c] = multipliers on points, then on
    the ordering rows), 4 not, with a 2-summability witness (duals[c]: multipliers 1 on its four
    points), 2 overflow (caller retries with big integers).  (There is no shortcut through
    the parent's weights: with the stored LP-vertex weights, lowering the threshold to W.x admits x
    alone for no candidate at n = 4..7; benchmarks/bench_fast_path.py.)

    ``jobs`` threads (default: the CPU count) run the compiled kernel without the GIL on blocks of
    candidates.  The threads are joined before returning, so no thread pool outlives the call: a
    process may fork afterwards (numba's own parallel pool does not survive the driver's fork).
    """
    import os
    from concurrent.futures import ThreadPoolExecutor

    total = cands.shape[0]
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1 or total < 256:
        _decide_range(cands, added, n, status, weights, duals, 0, total, presum, fast)
        return 0
    blocks = min(16 * jobs, total // 16)
    cuts = [total * b // blocks for b in range(blocks + 1)]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        done = [pool.submit(_decide_range, cands, added, n, status, weights, duals, lo, hi, presum, fast)
                for lo, hi in zip(cuts, cuts[1:])]
        for f in done:
            f.result()
    return 0


@njit(cache=True)
def _gcd(a, b):
    a = abs(a)
    b = abs(b)
    while b:
        a, b = b, a % b
    return a


@njit(cache=True)
def orbit_sizes(tables, n, fact, out_pos, out_all):
    """For each regular positive f: the number of positive functions n!/prod(b!) over the blocks
    of symmetric variables, and of all functions in its orbit under permuting and negating
    inputs, n!/prod(b!) * 2^(essential variables)."""
    v = np.zeros(1 << n, np.uint8)
    for c in range(tables.shape[0]):
        unpack(tables[c], n, v)
        ess = 0
        for j in range(n):
            for x in range(1 << n):
                if not (x >> j) & 1 and v[x] != v[x | (1 << j)]:
                    ess += 1
                    break
        perms = fact[n]
        run = 1
        for j in range(n - 1):
            sym = True
            for x in range(1 << n):
                if (x >> j) & 1 and not (x >> (j + 1)) & 1 and v[x] != v[x ^ (3 << j)]:
                    sym = False
                    break
            if sym:
                run += 1
            else:
                perms //= fact[run]
                run = 1
        perms //= fact[run]
        out_pos[c] = perms
        out_all[c] = perms << ess


@njit(cache=True)
def duals_of(tables, n, out):
    """f^d(x) = 1 - f(~x): the dual, regular positive with the same weights."""
    size = 1 << n
    v = np.zeros(size, np.uint8)
    u = np.zeros(size, np.uint8)
    for c in range(tables.shape[0]):
        unpack(tables[c], n, v)
        for x in range(size):
            u[x] = 1 - v[(size - 1) ^ x]
        pack(u, n, out[c])


# --- orbit expansion (n <= 6, one word per table) -------------------------------------------------------

@njit(cache=True)
def _next_multiset_perm(a):
    k = a.shape[0] - 2
    while k >= 0 and a[k] >= a[k + 1]:
        k -= 1
    if k < 0:
        return False
    l = a.shape[0] - 1
    while a[l] <= a[k]:
        l -= 1
    a[k], a[l] = a[l], a[k]
    i, j = k + 1, a.shape[0] - 1
    while i < j:
        a[i], a[j] = a[j], a[i]
        i += 1
        j -= 1
    return True


@njit(cache=True)
def expand_orbits(tables, n, out):
    """Write every image of each regular positive f under permuting and negating inputs, once.

    Distinct permutations are the arrangements of the block labels; negations run over subsets
    of the essential variables (Gray code, one delta swap per step).  Returns the number written.
    """
    size = 1 << n
    full = np.uint64(0xFFFFFFFFFFFFFFFF) if n == 6 else (np.uint64(1) << np.uint64(size)) - np.uint64(1)
    masks = np.zeros(6, np.uint64)
    for p in range(n):
        mk = np.uint64(0)
        for x in range(size):
            if not (x >> p) & 1:
                mk |= np.uint64(1) << np.uint64(x)
        masks[p] = mk & full
    v = np.zeros(size, np.uint8)
    labels = np.zeros(n, np.int64)
    essential = np.zeros(n, np.uint8)
    pos = np.zeros(n, np.int64)
    epos = np.zeros(n, np.int64)
    c = 0
    for r in range(tables.shape[0]):
        unpack(tables[r], n, v)
        for j in range(n):
            essential[j] = 0
            for x in range(size):
                if not (x >> j) & 1 and v[x] != v[x | (1 << j)]:
                    essential[j] = 1
                    break
        lab = 0
        for j in range(n):
            if j > 0:
                sym = True
                for x in range(size):
                    if (x >> (j - 1)) & 1 and not (x >> j) & 1 and v[x] != v[x ^ (3 << (j - 1))]:
                        sym = False
                        break
                if not sym:
                    lab += 1
            labels[j] = lab
        arr = labels.copy()
        while True:
            # original variable j goes to the position of the k-th occurrence of its label
            for j in range(n):
                k = 0
                for jj in range(j):
                    if labels[jj] == labels[j]:
                        k += 1
                seen = 0
                for q in range(n):
                    if arr[q] == labels[j]:
                        if seen == k:
                            pos[j] = q
                            break
                        seen += 1
            g = np.uint64(0)
            for y in range(size):
                x = 0
                for j in range(n):
                    x |= ((y >> pos[j]) & 1) << j
                if v[x]:
                    g |= np.uint64(1) << np.uint64(y)
            ne = 0
            for j in range(n):
                if essential[j]:
                    epos[ne] = pos[j]
                    ne += 1
            out[c] = g
            c += 1
            for step in range(1, 1 << ne):
                b = 0
                while not (step >> b) & 1:
                    b += 1
                p = epos[b]
                s = np.uint64(1 << p)
                mk = masks[p]
                g = ((g & mk) << s) | ((g >> s) & mk)
                out[c] = g
                c += 1
            if not _next_multiset_perm(arr):
                break
    return c


# --- every function of a few variables: orbits and the full LP --------------------------------------

@njit(cache=True)
def orbit_classes(n, maps, rep, via, neg):
    """Orbits of the group (input maps, output negation) on all 2^(2^n) tables (n <= 4).

    Marks rep[h] (orbit index), via[h] (input map g) and neg[h] with h(y) = [neg] r(sigma_g(y)).
    """
    size = 1 << n
    total = 1 << size
    reps = []
    for f in range(total):
        if rep[f] >= 0:
            continue
        r = len(reps)
        reps.append(f)
        for g in range(maps.shape[0]):
            h = 0
            for y in range(size):
                if (f >> maps[g, y]) & 1:
                    h |= 1 << y
            for pol in range(2):
                hh = h if pol == 0 else (total - 1) ^ h
                if rep[hh] < 0:
                    rep[hh] = r
                    via[hh] = g
                    neg[hh] = pol
    return reps


@njit(cache=True)
def full_lp(f, n, phi, out_c, out_dual):
    """Exact LP 'max s: c.phi(a) >= t on true a, c.phi(b) <= t - s on false b', c and t free
    (split in positive parts, normalised by sum <= 1).  f: the labels as bits of an integer, one
    per row of phi (the 2^n points of the cube, or any <= 62 points).

    Returns 1 (out_c = c, t numerators), 0 (out_dual[x] = multiplier of point x: lambda on true,
    mu on false, equal totals and equal monomial sums), 2 (overflow or unbounded).
    """
    size = phi.shape[0]
    mm = phi.shape[1]
    N = 2 * mm + 3
    m = size + 1
    T = np.zeros((m + 1, N + m + 1), np.int64)
    basis = np.zeros(m, np.int64)
    for x in range(size):
        sgn = 1 if (f >> x) & 1 else -1
        for k in range(mm):
            T[x, k] = -sgn * phi[x, k]
            T[x, mm + k] = sgn * phi[x, k]
        T[x, 2 * mm] = sgn
        T[x, 2 * mm + 1] = -sgn
        if sgn < 0:
            T[x, 2 * mm + 2] = 1
    for k in range(2 * mm + 2):
        T[size, k] = 1
    T[size, N + m] = 1
    for i in range(m):
        T[i, N + i] = 1
        basis[i] = N + i
    T[m, 2 * mm + 2] = -1
    st, d = simplex(T, m, N, basis)
    if st != OPTIMAL:
        return 2
    vals = np.zeros(N, np.int64)
    for i in range(m):
        if basis[i] < N:
            vals[basis[i]] = T[i, N + m]
    if vals[N - 1] > 0:
        for k in range(mm):
            out_c[k] = vals[k] - vals[mm + k]
        out_c[mm] = vals[2 * mm] - vals[2 * mm + 1]
        return 1
    for x in range(size):
        out_dual[x] = T[m, N + x]
    return 0
