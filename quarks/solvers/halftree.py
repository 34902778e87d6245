"""The tree of halves: the regular positive threshold functions of m + 1 variables below one of m.

A regular positive threshold function g of m + 1 variables (weights w_1 >= .. >= w_(m+1) >= 0) is
the pair (f, f1) of its restrictions to x_(m+1) = 0 and 1, and f = g(x, 0) is regular positive
threshold in m variables.  So the regular positive threshold functions of 0, 1, .., n variables
form a tree of depth n (the root's children are the constants 0 and 1 of no variable): the
children C(f) of f are the g with g(x, 0) = f, and

    |T(n;1)| = sum over the leaves g at depth n of orbit(g),

orbit(g) = n!/prod(b!) 2^ess, the functions obtained from g by permuting and negating inputs.

C(f) is found exactly by a search from g_0 = (f, f) (x_(m+1) inessential) that adds one point of
the upper half at a time: the candidates are the shift-maximal false points x with x_(m+1) = 1 of
the current g, and g + x is kept iff threshold (:func:`quarks.solvers.augment.threshold`: a
2-summability witness, else the float LP checked exactly on all points, else the integer simplex,
Python integers on overflow).  Every g in C(f) is reached: take strictly ordered generic weights
(w, s, t) realizing g; lowering s to 0 removes the upper half's extra points one at a time, and every
function on the way is realized by ordered weights, so is in C(f).

*The estimator* (``quarks estimate``, method ``halves``): every node at depth ``top`` is enumerated
exactly (N of them); P walkers start uniformly on them and go down with SMC (:func:`smc_run`): at
depth m < n - 1 a walker at f has the weight |C(f)| and moves to a uniform child, and the walkers
are resampled by weight; at depth n - 1 the weight is the exact orbit mass sum over C(f) of orbit(g).
A sample N prod_m (sum of the weights) / P^(n - top) is an exact rational, unbiased for |T(n;1)|;
samples are drawn independently, sample i of seed s with the generator :func:`stream` (s, i), so
anyone can recompute each one exactly; a certified estimate's seed is :func:`instance_seed`, its samples
indices 0 .. R - 1 (the checker fixes them; the author picks only R).  Measured relative variance of a sample: about 1/P with one
sampled step (top = n - 1) and 3/P with two (n = 7, 8, 9; notes/records.md).

This module imports numba; import it only inside functions.
"""
from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from numba import njit

from quarks.solvers.augment import threshold
from quarks.solvers.kernels import all_successors_true, unpack


@njit(cache=True)
def upper_candidates(words, n, xs):
    """The shift-maximal false points x of ``words`` (n variables) with x_n = 1; returns how many."""
    size = 1 << n
    v = np.zeros(size, np.uint8)
    unpack(words, n, v)
    c = 0
    for x in range(size >> 1, size):
        if not v[x] and all_successors_true(v, n, x):
            xs[c] = x
            c += 1
    return c


@njit(cache=True)
def threshold_with(words, n, x, T, F, basis, fbasis, rowpoint, W, buf, wit):
    """:func:`augment.threshold` of ``words`` + x (x a shift-maximal false point)."""
    v = np.zeros(1 << n, np.uint8)
    unpack(words, n, v)
    v[x] = 1
    return threshold(v, n, x, T, F, basis, fbasis, rowpoint, W, buf, wit)


class Halves:
    """Children in the tree of halves, decided exactly, with orbit sizes; cached per node."""

    def __init__(self, n: int):
        from quarks.solvers import augment as A
        from quarks.solvers.enumerate import factorials

        self.n = n
        self.work = {m: A.scratch(m) for m in range(1, n + 1)}
        self.fact = {m: factorials(m) for m in range(0, n + 1)}
        self.xs = np.zeros(1 << n, np.int64)
        self.decided = 0             # candidates decided (exact threshold tests)
        self.cache: dict = {}

    @staticmethod
    def words(m: int) -> int:
        return max(1, (1 << m) // 64)

    def embed(self, f: np.ndarray, m: int) -> np.ndarray:
        """(f, f): f of m variables as a function of m + 1 with x_(m+1) inessential."""
        if m + 1 <= 6:
            return np.array([f[0] | (f[0] << np.uint64(1 << m))], np.uint64)
        return np.concatenate([f, f])

    def roots(self) -> list:
        """The constants 0 and 1 of no variable."""
        return [np.zeros(1, np.uint64), np.ones(1, np.uint64)]

    def _threshold(self, g: np.ndarray, n: int, x: int) -> bool:
        from quarks.solvers.augment import threshold_exact

        st = threshold_with(g, n, x, *self.work[n])
        if st == 2:
            v = np.zeros(1 << n, np.uint8)
            unpack(g, n, v)
            v[x] = 1
            return threshold_exact(v, n, x, self.work[n])
        if st == 3:
            raise AssertionError("an exact LP solution failed the exact check")
        return st == 1

    def children(self, f: np.ndarray, m: int) -> list:
        """C(f): the regular positive threshold g of m + 1 variables with g(x, 0) = f, as tables."""
        n = m + 1
        g0 = self.embed(f, m)
        seen = {g0.tobytes()}
        out, stack = [g0], [g0]
        while stack:
            g = stack.pop()
            c = upper_candidates(g, n, self.xs)
            for x in self.xs[:c].tolist():
                h = g.copy()
                h[x >> 6] |= np.uint64(1) << np.uint64(x & 63)
                key = h.tobytes()
                if key in seen:
                    continue
                seen.add(key)
                self.decided += 1
                if self._threshold(g, n, x):
                    out.append(h)
                    stack.append(h)
        return out

    def orbits(self, tables: list, n: int) -> np.ndarray:
        """orbit(g) for each table of n variables (int64; at most 10! 2^10)."""
        from quarks.solvers import kernels as K

        arr = np.array(tables, np.uint64).reshape(len(tables), -1)
        pos = np.zeros(len(tables), np.int64)
        allo = np.zeros(len(tables), np.int64)
        K.orbit_sizes(arr, n, self.fact[n], pos, allo)
        return allo

    def expand(self, f: np.ndarray, m: int) -> tuple:
        """(children, their orbits, the sum of their orbits), cached by node."""
        key = (m, f.tobytes())
        hit = self.cache.get(key)
        if hit is None:
            kids = self.children(f, m)
            orb = self.orbits(kids, m + 1)
            hit = self.cache[key] = (kids, orb, int(orb.sum()))
        return hit


    def level(self, m: int) -> np.ndarray:
        """Every node at depth m (the regular positive threshold functions of m variables), exactly,
        as the rows of an array."""
        key = ("level", m)
        if key not in self.cache:
            nodes = np.array(self.roots())
            for k in range(m):
                nodes = np.concatenate([np.array(self.children(f, k)) for f in nodes])
            self.cache[key] = nodes
        return self.cache[key]


def systematic(w: list, rng: np.random.Generator) -> np.ndarray:
    """Systematic resampling: len(w) indices, index j taken len(w) w_j / sum(w) times in expectation."""
    p = np.asarray(w, float)
    m = len(p)
    u = (rng.random() + np.arange(m)) / m
    return np.minimum(np.searchsorted(np.cumsum(p / p.sum()), u, side="right"), m - 1)


def smc_run(halves: Halves, rng: np.random.Generator, particles: int, top: int) -> int:
    """One SMC run down the tree of halves: returns the integer A with A / particles^(n - top) an
    unbiased estimate of |T(n;1)|.

    The walkers start uniformly on depth ``top`` (every node of it enumerated exactly, N of them).
    At depth m < n - 1 each walker at f gets the weight |C(f)| and moves to a uniform child; all are
    resampled systematically by weight.  At depth n - 1 the weight is sum over C(f) of orbit(g),
    exact.  A = N * prod over the steps of (the sum of the walkers' weights)."""
    n, P = halves.n, particles
    nodes = halves.level(top)
    layer = [nodes[int(i)] for i in rng.integers(len(nodes), size=P)]   # rows (views)
    A = len(nodes)
    for m in range(top, n):
        w, moved = [], []
        for f in layer:
            kids, _, total = halves.expand(f, m)
            if m == n - 1:
                w.append(total)
            else:
                w.append(len(kids))
                moved.append(kids[int(rng.integers(len(kids)))])
        A *= sum(w)
        if m < n - 1:
            layer = [moved[j] for j in systematic(w, rng)]
    return A


MAX_N = 10
MAX_TOP = 8


def default_top(n: int) -> int:
    """The exactly enumerated depth: n - 1 up to n = 8, 7 at n = 9 (29,375 nodes), 8 at n = 10
    (2,730,166 nodes: about 60 s of CPU and 170 MB, half the variance per CPU-second of top 7)."""
    return min(n - 1, 7) if n <= 9 else 8


def instance_seed(n: int, top: int, particles: int) -> int:
    """The seed of a certified estimate's samples, fixed by what is estimated (n, the enumerated depth,
    the walkers): the first 63 bits of sha256("quarks.estimate.halves:n:top:particles").  Its author
    chooses only how many samples (indices 0, 1, ..), never which."""
    digest = hashlib.sha256(f"quarks.estimate.halves:{n}:{top}:{particles}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def stream(seed: int, index: int) -> np.random.Generator:
    """The generator of sample ``index`` of ``seed``: seeded with exactly four 32-bit words (two of the
    seed, two of the index, seed < 2^63, index < 2^64), so distinct pairs never name the same entropy
    (numpy joins the words of a list of integers, [s, i] and [s', i'] could coincide)."""
    if not (0 <= seed < 1 << 64 and 0 <= index < 1 << 64):
        raise ValueError("seed and index must lie in 0 .. 2^64 - 1")
    words = [seed & 0xFFFFFFFF, seed >> 32, index & 0xFFFFFFFF, index >> 32]
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(words, pool_size=4)))


def sample(halves: Halves, seed: int, index: int, particles: int, top: int) -> int:
    """The numerator of sample ``index`` of ``seed`` (its denominator is particles^(n - top))."""
    for key in [k for k in halves.cache if k[0] != "level" and k[0] >= halves.n - 2]:
        del halves.cache[key]         # the deep nodes are rarely shared between samples
    return smc_run(halves, stream(seed, index), particles, top)


@dataclass
class HalvesEstimate:
    """Samples (seed, index, numerator) of |T(n;1)|, each numerator / particles^(n - top)."""

    n: int
    top: int
    particles: int
    samples: list = field(default_factory=list)
    seconds: float = 0.0             # wall, this process
    cpu_seconds: float = 0.0         # CPU, this process

    @property
    def denominator(self) -> int:
        return self.particles ** (self.n - self.top)

    @property
    def count(self) -> tuple:
        """(mean, standard error, 95 % t interval) over the samples."""
        r = len(self.samples)
        if r == 0:
            return math.nan, math.inf, (-math.inf, math.inf)
        vals = [Fraction(a, self.denominator) for _, _, a in self.samples]
        mean = sum(vals, Fraction(0)) / r
        if r < 2:
            return float(mean), math.inf, (-math.inf, math.inf)
        var = sum(((v - mean) ** 2 for v in vals), Fraction(0)) / (r - 1)
        se = math.sqrt(var / r)
        from scipy.stats import t

        q = float(t.ppf(0.975, r - 1))
        return float(mean), se, (float(mean) - q * se, float(mean) + q * se)

    def runs(self) -> list:
        """The samples as [seed, first index, count] ranges of consecutive indices."""
        out: list = []
        for seed, i, _ in sorted((s, i, a) for s, i, a in self.samples):
            if out and out[-1][0] == seed and out[-1][1] + out[-1][2] == i:
                out[-1][2] += 1
            else:
                out.append([seed, i, 1])
        return out


def estimate(n: int, particles: int, top: int | None = None, seed: int = 0, start: int = 0,
             samples: int | None = None, cpu_seconds: float | None = None, earlier: list | None = None,
             on_sample=None, halves: Halves | None = None) -> HalvesEstimate:
    """Draw samples start, start + 1, .. of ``seed`` until ``samples`` are drawn or this process has
    used ``cpu_seconds`` (at least one), after the ``earlier`` (seed, index, numerator) ones;
    ``on_sample(seed, index, numerator)`` after each."""
    top = default_top(n) if top is None else top
    halves = halves or Halves(n)
    out = HalvesEstimate(n, top, particles, list(earlier or []))
    t0, c0 = time.perf_counter(), time.process_time()
    halves.level(top)
    i = start
    while True:
        a = sample(halves, seed, i, particles, top)
        out.samples.append((seed, i, a))
        if on_sample is not None:
            on_sample(seed, i, a)
        i += 1
        if samples is not None and i - start >= samples:
            break
        if cpu_seconds is not None and time.process_time() - c0 >= cpu_seconds:
            break
        if samples is None and cpu_seconds is None:
            break
    out.seconds, out.cpu_seconds = time.perf_counter() - t0, time.process_time() - c0
    return out


def recompute(n: int, top: int, particles: int, runs: list) -> dict:
    """Every sample of ``runs`` ([seed, first index, count]) recomputed exactly, with the estimate
    they give: the result of the ``explore.estimate`` certificate's evidence."""
    halves = Halves(n)
    halves.level(top)
    est = HalvesEstimate(n, top, particles)
    for seed, start, k in runs:
        for i in range(start, start + k):
            est.samples.append((seed, i, sample(halves, seed, i, particles, top)))
    return answer(est)


def answer(est: HalvesEstimate) -> dict:
    """The estimate's figures, as the certificate records them (numerators as decimal strings)."""
    m, se, (lo, hi) = est.count
    fin = math.isfinite
    return {"holds": True, "n": est.n, "method": "halves", "top": est.top, "particles": est.particles,
            "samples": len(est.samples), "runs": est.runs(), "denominator": str(est.denominator),
            "numerators": [str(a) for _, _, a in sorted(est.samples)],
            "estimate": m, "se": se if fin(se) else None,
            "ci95": [lo, hi] if fin(lo) else None,
            "relative_half_width": (hi - m) / m if fin(hi) and m > 0 else None}
