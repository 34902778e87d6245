"""Exact counts of Boolean functions computed by a threshold gate with synaptically gated weights.

Inputs x in {0,1}^n, gates with 0/1 outputs (H, H(0) = 0).  Gating the weight w_i by a gate g_i
replaces x_i by x_i g_i(x) in the unit's activation, so the unit computes

    f(x) = F(x_1 g_1(x), ..., x_n g_n(x)),   F in T(n;1)   (F: the unit's own weights and bias)

with g_i = 1 for an ungated weight.  Hence

- one gated weight:          S_1(n)   = { F o phi_g : F, g in T(n;1) },  phi_g(x) = (x_1 g(x), x_2, ..)
- every weight gated (Fig 3, right, bias not gated):
                             S_all(n) = { F o (h_1, .., h_n) : F in T(n;1), h_i in H_i(n) }
- output gating (the unit's output times an LTG output): T_AND(n;1,1) = { F and g }.

The feature x_i g_i(x) = (x_i AND g_i)(x) depends on g_i only through its restriction to the face
x_i = 1, a threshold function of the other n - 1 variables, and every such function occurs:
H_i(n) = { x_i AND r : r in T(n-1;1) }, |H_i(n)| = |T(n-1;1)| (:func:`face_features_check`).  So
|S_1(n)| <= |T(n;1)| |T(n-1;1)| and |S_all(n)| <= |T(n;1)| |T(n-1;1)|^n.

Fast counts (:func:`count_one_gated`, :func:`count_all_gated`) use three exact reductions, each
re-checked by :func:`capacity_table`:

- complement: T(n;1) is closed under negation and f(0) = F(0) (every feature vanishes at 0), so
  S_all = A u not A with A = {f in S_all : f(0) = 0}, and only F with F(0) = 0 need be composed;
- symmetry: a permutation p of the variables maps T(n;1) onto itself and H_i onto H_{p(i)}, hence
  p . {F o tau} = {F' o p.tau}: S_all is the S_n-closure of the union over orbit representatives;
- traces: F o phi depends on F only through its restriction to the image of phi, so for each
  feature map only the distinct restrictions of T(n;1) to that image are composed.

One gated weight, gating the last variable x_n (the class for x_1 is its image under a swap):
f = (F_0, F_0 xor (r and (F_0 xor F_1))) as (x_n = 0, x_n = 1) halves, F = (F_0, F_1), r the gate's
face; distinct f are counted per lower half F_0 on a 2^(2^(n-1))-entry map (n <= 5).

:func:`one_gated_by_maps` and :func:`all_gated_by_maps` are the direct compositions over every
distinct feature map (the reference, n <= 4 and n <= 3).
"""
from __future__ import annotations

import itertools
import time

import numpy as np


def _tables(n: int) -> np.ndarray:
    from quarks.solvers.enumerate import threshold_class

    return threshold_class(n, 1)[:, 0].astype(np.uint64)


def _bit(table: int, x: int) -> int:
    return (table >> x) & 1


def _full(n: int) -> int:
    return (1 << (1 << n)) - 1


def _face(n: int, i: int) -> int:
    """The table of x_i (the points with x_i = 1)."""
    return sum(1 << x for x in range(1 << n) if (x >> i) & 1)


def _insert(r: int, n: int, i: int) -> int:
    """r, a table of the n-1 variables other than x_i (in order), as a table of n variables."""
    out = 0
    for x in range(1 << n):
        y = (x & ((1 << i) - 1)) | ((x >> (i + 1)) << i)
        out |= _bit(r, y) << x
    return out


# --- the feature classes H_i and the symmetries ----------------------------------------------------

def face_features(n: int, i: int, T: np.ndarray) -> np.ndarray:
    """H_i(n) = { x_i AND g : g in T(n;1) }, sorted."""
    return np.unique(T & np.uint64(_face(n, i)))


def face_features_check(n: int, T: np.ndarray, T_prev: np.ndarray) -> bool:
    """H_i(n) = { x_i AND r : r in T(n-1;1) on the other variables } for every i (as sets)."""
    for i in range(n):
        lifted = {_face(n, i) & _insert(int(r), n, i) for r in T_prev.tolist()}
        if set(face_features(n, i, T).tolist()) != lifted or len(lifted) != len(T_prev):
            return False
    return True


def _permutations(n: int) -> list:
    return list(itertools.permutations(range(n)))


def _permute(tables: np.ndarray, n: int, p) -> np.ndarray:
    """g(x) = f(y), y_i = x_{p[i]} (as quarks.base.boolean.permute_array)."""
    from quarks.base.boolean import permute_array

    return permute_array(np.asarray(tables, dtype=np.uint64), n, p)


def symmetry_maps(n: int, T: np.ndarray, H: list) -> tuple[np.ndarray, dict]:
    """maps[k, i, a] = index in H_{p[i]} of p . H_i[a], for the permutations p of :func:`_permutations`,
    with the facts that make them symmetries: p T = T and p H_i = H_{p[i]} (as sets)."""
    perms = _permutations(n)
    m = max((len(h) for h in H), default=0)
    maps = np.zeros((len(perms), n, m), np.int64)
    closed_T = closed_H = True
    Tset = np.sort(T)
    for k, p in enumerate(perms):
        closed_T &= bool(np.array_equal(np.sort(_permute(T, n, p)), Tset))
        for i in range(n):
            img = _permute(H[i], n, p)
            target = H[p[i]]
            idx = np.searchsorted(target, img)
            ok = np.all(idx < len(target)) and np.array_equal(target[np.minimum(idx, len(target) - 1)], img)
            closed_H &= bool(ok) and len(np.unique(idx)) == len(target) == len(img)
            maps[k, i, :len(img)] = np.minimum(idx, len(target) - 1)
    return maps, {"p T(n;1) = T(n;1)": closed_T, "p H_i = H_p(i)": closed_H}


# --- numba kernels (built on first use, cached on disk) --------------------------------------------

_KERNELS: dict = {}


def _kernels():
    if _KERNELS:
        return _KERNELS
    import numba as nb

    @nb.njit(cache=True)
    def orbit_representatives(n, m, slots, maps, out):
        """Write the tuples a in [0, m)^n that are lexicographically least in their S_n orbit (the
        permutation k sends a to b with b[slots[k, i]] = maps[k, i, a[i]]); return their number."""
        a = np.zeros(n, np.int64)
        b = np.zeros(n, np.int64)
        first = np.full((n, m), m, np.int64)   # first[i, a]: least first slot of an image moving i to 0
        for k in range(maps.shape[0]):
            for i in range(n):
                if slots[k, i] == 0:
                    for v in range(m):
                        first[i, v] = min(first[i, v], maps[k, i, v])
        count = 0
        for _ in range(m ** n):
            least = True
            for i in range(n):
                if first[i, a[i]] < a[0]:
                    least = False
                    break
            for k in range(maps.shape[0] if least else 0):
                for i in range(n):
                    b[slots[k, i]] = maps[k, i, a[i]]
                for j in range(n):
                    if b[j] != a[j]:
                        least = b[j] > a[j]
                        break
                if not least:
                    break
            if least:
                out[count, :] = a
                count += 1
            j = n - 1
            while j >= 0:
                a[j] += 1
                if a[j] < m:
                    break
                a[j] = 0
                j -= 1
        return count

    @nb.njit(cache=True, inline="always")
    def feature_map(rep, H, n, P, phi):
        """phi[x] = (h_1(x), .., h_n(x)) as a point of the feature cube, h_i = H[i, rep[i]]."""
        for x in range(P):
            y = 0
            for i in range(n):
                y |= np.int64((H[i, rep[i]] >> np.uint64(x)) & np.uint64(1)) << i
            phi[x] = y

    @nb.njit(cache=True)
    def images(reps, H, n, seen):
        """seen[S] = 1 for every image S (a set of feature points, as a mask) of a feature map."""
        P = 1 << n
        phi = np.zeros(P, np.int64)
        for r in range(reps.shape[0]):
            feature_map(reps[r], H, n, P, phi)
            S = 0
            for x in range(P):
                S |= 1 << phi[x]
            seen[S] = 1

    @nb.njit(cache=True)
    def traces(T0, seen, start, vals, stamp):
        """CSR lists of the distinct restrictions {F & S : F in T0} for each S with seen[S]
        (vals of length 0: count only, into start)."""
        fill = len(vals) > 0
        pos = 0
        for S in range(len(seen)):
            start[S] = pos
            if seen[S] == 0:
                continue
            for F in T0:
                v = F & np.uint64(S)
                if stamp[v] != S + 1:
                    stamp[v] = S + 1
                    if fill:
                        vals[pos] = v
                    pos += 1
        start[len(seen)] = pos
        return pos

    @nb.njit(cache=True)
    def mark(reps, H, n, start, vals, found):
        """found[F o phi] = 1 for every representative feature map phi and every restriction F|Im phi."""
        P = 1 << n
        phi = np.zeros(P, np.int64)
        fiber = np.zeros(16, np.uint64)
        lut = np.zeros((2, 256), np.uint64)
        nbytes = (P + 7) // 8
        for r in range(reps.shape[0]):
            feature_map(reps[r], H, n, P, phi)
            for y in range(16):
                fiber[y] = 0
            S = 0
            for x in range(P):
                fiber[phi[x]] |= np.uint64(1) << np.uint64(x)
                S |= 1 << phi[x]
            lo, hi = start[S], start[S + 1]
            if hi - lo > 16:   # many restrictions: byte lookup tables of unions of fibres
                for b in range(nbytes):
                    lut[b, 0] = 0
                    for y in range(8):
                        for v in range(1 << y):
                            lut[b, v | (1 << y)] = lut[b, v] | fiber[8 * b + y]
                for q in range(lo, hi):
                    t = vals[q]
                    f = lut[0, t & np.uint64(255)]
                    if nbytes == 2:
                        f |= lut[1, t >> np.uint64(8)]
                    found[f] = 1
            else:
                for q in range(lo, hi):
                    t = vals[q]
                    f = np.uint64(0)
                    y = 0
                    while t:
                        if t & np.uint64(1):
                            f |= fiber[y]
                        t >>= np.uint64(1)
                        y += 1
                    found[f] = 1

    @nb.njit(cache=True)
    def one_gated_halves(lows, highs, group_start, R, half_size, stamp):
        """Number of distinct (F_0, F_0 ^ (r & (F_0 ^ F_1))) over F = (F_0, F_1) and r in R, tables
        grouped by F_0 (group g: rows group_start[g] .. group_start[g+1])."""
        total = 0
        for g in range(len(group_start) - 1):
            for q in range(group_start[g], group_start[g + 1]):
                f0 = lows[q]
                d = f0 ^ highs[q]
                for r in R:
                    h = f0 ^ (r & d)
                    if stamp[h] != g + 1:
                        stamp[h] = g + 1
                        total += 1
        return total

    _KERNELS.update(orbit_representatives=orbit_representatives, images=images, traces=traces,
                    mark=mark, one_gated_halves=one_gated_halves)
    return _KERNELS


# --- every weight gated ----------------------------------------------------------------------------

def all_gated(n: int, timing: dict | None = None) -> dict:
    """|S_all(n)| for n <= 4 by the three reductions, with the facts they rest on."""
    if not 0 <= n <= 4:
        raise ValueError("the every-weight-gated count is implemented for 0 <= n <= 4")
    t0 = time.perf_counter()
    T = _tables(n)
    if n == 0:
        return {"count": len(T), "representatives": 1, "facts": {}}
    K = _kernels()
    T_prev = _tables(n - 1)
    H = [face_features(n, i, T) for i in range(n)]
    full = np.uint64(_full(n))
    facts = {"H_i = x_i AND T(n-1;1)": face_features_check(n, T, T_prev),
             "not T(n;1) = T(n;1)": bool(np.array_equal(np.sort(T ^ full), np.sort(T)))}
    maps, sym = symmetry_maps(n, T, H)
    facts.update(sym)
    perms = _permutations(n)
    slots = np.array(perms, np.int64)
    m = len(T_prev)
    reps = np.zeros((m ** n // len(perms) + m ** n // 2 + 8, n), np.int64)  # orbits <= m^n/n! + fixed
    count = K["orbit_representatives"](n, m, slots, maps, reps)
    reps = reps[:count]
    t1 = time.perf_counter()
    Hm = np.array(H, np.uint64)
    size = 1 << (1 << n)
    seen = np.zeros(size, np.uint8)
    K["images"](reps, Hm, n, seen)
    T0 = T[(T & np.uint64(1)) == 0]
    start = np.zeros(size + 1, np.int64)
    stamp = np.zeros(size, np.int64)
    total = K["traces"](T0, seen, start, np.zeros(0, np.uint64), stamp)
    vals = np.zeros(total, np.uint64)
    stamp[:] = 0
    K["traces"](T0, seen, start, vals, stamp)
    found = np.zeros(size, np.uint8)
    K["mark"](reps, Hm, n, start, vals, found)
    t2 = time.perf_counter()
    A = np.flatnonzero(found).astype(np.uint64)
    closure = np.unique(np.concatenate([_permute(A, n, p) for p in perms]))
    result = np.unique(np.concatenate([closure, closure ^ full]))
    if timing is not None:
        timing.update(orbits=t1 - t0, compose=t2 - t1, closure=time.perf_counter() - t2)
    return {"count": int(len(result)), "representatives": int(count), "images": int(seen.sum()),
            "restrictions": int(total), "facts": facts, "tables": result}


def count_all_gated(n: int) -> int:
    return all_gated(n)["count"]


# --- one gated weight ------------------------------------------------------------------------------

def one_gated(n: int) -> dict:
    """|S_1(n)| for n <= 5 (the gated weight is the last one), with the facts it rests on."""
    if not 0 <= n <= 5:
        raise ValueError("the one-gated-weight count is implemented for 0 <= n <= 5")
    T = _tables(n)
    if n == 0:
        return {"count": len(T), "facts": {}}
    half = 1 << (n - 1)
    low = np.uint64((1 << half) - 1)
    R = np.unique(T >> np.uint64(half))                 # the gates' faces x_n = 1
    T_prev = _tables(n - 1)
    facts = {"faces = T(n-1;1)": bool(np.array_equal(R, np.sort(T_prev)))}
    lows, highs = T & low, T >> np.uint64(half)
    order = np.lexsort((highs, lows))
    lows, highs = lows[order], highs[order]
    cut = np.flatnonzero(np.diff(lows)) + 1
    group_start = np.concatenate([[0], cut, [len(T)]]).astype(np.int64)
    stamp = np.zeros(1 << half, np.int64)
    count = _kernels()["one_gated_halves"](lows, highs, group_start, R, half, stamp)
    return {"count": int(count), "facts": facts}


def count_one_gated(n: int) -> int:
    return one_gated(n)["count"]


# --- the direct compositions (reference) -----------------------------------------------------------

def _maps(n: int, T: np.ndarray, i: int) -> set:
    """The distinct maps x -> x with coordinate i replaced by x_i g(x), g over T(n;1)."""
    out = set()
    for g in T.tolist():
        out.add(tuple(x if _bit(g, x) else x & ~(1 << i) for x in range(1 << n)))
    return out


def _compose(T: np.ndarray, phi) -> np.ndarray:
    """Truth tables of F o phi for every F in T (bit x of F o phi is bit phi(x) of F)."""
    out = np.zeros(len(T), np.uint64)
    for x, y in enumerate(phi):
        out |= ((T >> np.uint64(y)) & np.uint64(1)) << np.uint64(x)
    return out


def one_gated_by_maps(n: int) -> int:
    """|S_1(n)| gating the first weight, composing every distinct map phi_g."""
    T = _tables(n)
    if n == 0:
        return len(T)
    found = [_compose(T, phi) for phi in sorted(_maps(n, T, 0))]
    return len(np.unique(np.concatenate(found)))


def all_gated_by_maps(n: int) -> int:
    """|S_all(n)| composing every distinct feature map (|T(n-1;1)|^n of them)."""
    T = _tables(n)
    phis = [tuple(range(1 << n))]
    for i in range(n):
        step = sorted(_maps(n, T, i))
        # compose coordinate maps: (phi o step_i) acts coordinatewise, so apply both masks
        phis = sorted({tuple(a & b for a, b in zip(p, s)) for p in phis for s in step})
    found = [_compose(T, phi) for phi in phis]
    return len(np.unique(np.concatenate(found)))


def count_output_gated(n: int) -> int:
    T = _tables(n)
    return len(np.unique((T[:, None] & T[None, :]).ravel()))


# --- the re-runnable procedure ---------------------------------------------------------------------

def capacity_table(n: int, all_gated: bool = True, output_gated: bool = True) -> dict:
    """The counts at n and the bounds they must satisfy; re-runnable (``exhaustive`` procedure)."""
    from quarks.certificates.evidence import digest

    t, t1 = len(_tables(n)), len(_tables(n - 1)) if n >= 1 else 1
    one = one_gated(n)
    row = {"n": n, "T": t, "T_prev": t1, "one_gated": one["count"]}
    facts = {f"S_1: {k}": v for k, v in one["facts"].items()}
    facts.update({"T <= S_1": t <= row["one_gated"], "S_1 <= T * T(n-1)": row["one_gated"] <= t * t1})
    if output_gated:
        row["output_gated"] = count_output_gated(n)
        facts.update({"T <= T_AND": t <= row["output_gated"], "T_AND <= T^2": row["output_gated"] <= t * t})
    if all_gated:
        alls = globals()["all_gated"](n)
        row["all_gated"] = alls["count"]
        facts.update({f"S_all: {k}": v for k, v in alls["facts"].items()})
        facts["S_1 <= S_all"] = row["one_gated"] <= row["all_gated"]
        facts["S_all <= T * T(n-1)^n"] = row["all_gated"] <= t * t1**n
        facts["S_all <= T^2"] = row["all_gated"] <= t * t
    return {"cases": 1, "holds": all(facts.values()), "row": row, "facts": facts, "digest": digest([row, facts])}
