"""How many regular candidates does "the parent's weights with the threshold lowered" accept?

Usage: python benchmarks/bench_fast_path.py [N ...]   (default 5 6 7)

Counts, level by level, the candidates for which the parent's stored weights W with the threshold
t = W.x_added realize the candidate exactly (the test decide_regular makes before its LP), and the
same test after the weights are made generic (W' = M W + (1, 2, 4, ...) reversed, M = 2^n, which
keeps the parent's function and gives every point a distinct value).
"""
from __future__ import annotations

import sys
import time

import numba
import numpy as np

from quarks.solvers import enumerate as E
from quarks.solvers import kernels as K


@numba.njit(cache=True)
def _hits(cands, origin, added, pweights, n, generic):
    size = 1 << n
    v = np.zeros(size, np.uint8)
    buf = np.zeros(size, np.int64)
    W = np.zeros(n, np.int64)
    hits = 0
    for c in range(cands.shape[0]):
        K.unpack(cands[c], n, v)
        p = origin[c]
        for j in range(n):
            W[j] = pweights[p, j] * (size if generic else 1) + ((1 << (n - 1 - j)) if generic else 0)
        K.dots(W, n, buf)
        if K.realizes(v, n, W, buf[added[c]], buf):
            hits += 1
    return hits


def main(ns):
    real = K.decide_regular
    tally = {}

    def counting(cands, origin, added, pweights, n, *rest):
        a = _hits(cands, origin, added, pweights, n, False)
        g = _hits(cands, origin, added, pweights, n, True)
        t = tally.setdefault(n, [0, 0, 0])
        t[0] += cands.shape[0]
        t[1] += a
        t[2] += g
        return real(cands, origin, added, pweights, n, *rest)

    K.decide_regular = counting
    for n in ns:
        t0 = time.perf_counter()
        enum = E.regular_threshold(n)
        acc = sum(lv.tables.shape[0] for lv in enum.levels[1:])
        c, a, g = tally[n]
        print(f"n = {n}: {c} candidates, {acc} accepted in all; the lowered-threshold test accepts {a} "
              f"with the stored weights, {g} with generic weights ({time.perf_counter() - t0:.1f} s)")
    K.decide_regular = real


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [5, 6, 7])
