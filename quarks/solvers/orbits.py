"""Orbit expansion of regular representatives under the hyperoctahedral group, in compiled form
(n <= 6, one uint64 word per table), and the LP over whole orbit classes.

This module imports numba; import it only inside functions.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from quarks.solvers.kernels import unpack
from quarks.solvers.simplex import OPTIMAL, simplex

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
