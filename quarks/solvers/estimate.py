"""Estimating |T(n;1)| and the number of regular representatives without holding a level in memory.

The regular positive threshold functions with at most 2^(n-1) true points are the nodes of the
level graph (:mod:`quarks.solvers.augment`): level k holds those with k true points, an edge joins
p to each threshold one-point extension g = p + x.  With f(v) = mult_k orbit(v) (orbit: the
functions obtained from v by permuting and negating inputs; mult_k = 2 below the middle level
2^(n-1), for the duals, and 1 at it), |T(n;1)| = sum of f over the nodes (as in
:mod:`quarks.solvers.levels`).  Every step below is decided exactly (2-summability witness, float LP
checked exactly on all 2^n points, integer simplex, Python integers on overflow).

*Knuth's estimator on the canonical tree* (``method="knuth"``; Knuth 1975): from the root, pick a
uniformly random child (augment.children) until a leaf or the middle level; the sum over the path of
(product of the branching factors above v) f(v) is an unbiased estimate, in exact integers.  It is
useless here: the canonical tree is a long spine with light branches (the canonical parent drops
the largest removable point, so a child that adds a large point has a small subtree), and its exact
relative variance is 8.2e4 at n = 6 and 1.9e17 at n = 7 (notes/records.md).

*Sequential Monte Carlo on the level graph* (``method="smc"``; ``quarks estimate`` now defaults to
the tree of halves, :mod:`quarks.solvers.halftree`, far better per CPU-second): P walkers start at
the root; at each level every walker moves to a uniformly random extension g of its node p and
takes the incremental weight D(p) / I(g) (D: number of extensions of p, I: number of parents of
g).  If the walkers at level k were uniform on the level, E[D(p)/I(g)] = sum_p sum_{g ext p}
1/I(g) / N_k = N_(k+1) / N_k, and the reweighted walkers are again uniform on level k + 1.  The
running product of the mean weights (resampling the walkers in proportion to their weights,
systematically, whenever the effective sample size falls below P/2) is the standard unbiased SMC
estimate of the level sizes N_k, and scale * mean(W f) that of the orbit mass of level k (Del
Moral 2004, Feynman-Kac formulae; unbiased for every P).  Independent runs give the standard
error; the 95 % interval is mean +- t_(R-1) se.

The run estimates are very right-skewed, and more so as n grows: at n = 9 with 48 walkers the runs
range over 0.01..6 times the exact count (a few rare runs carry the mean), so most runs land
below the truth and a t interval from a few runs is then too narrow.  The estimator is checked against the
exact counts at n = 6..9 in notes/records.md; at n = 10, 11 runs of 256 walkers (29 CPU minutes)
give only the order of magnitude (one run carried 88 % of the mean).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from quarks.base.errors import UsageError

MAX_N = 10
METHODS = ("smc", "knuth")


class Tree:
    """One node at a time of the level graph and of the canonical tree, decided exactly."""

    def __init__(self, n: int):
        from quarks.solvers import augment as A
        from quarks.solvers.enumerate import factorials, words

        self.n = n
        self.half = (1 << n) // 2
        self.nw = words(n)
        self.work = A.scratch(n)
        self.fact = factorials(n)
        self.xs = np.zeros(1 << n, np.int64)
        self.status = np.zeros(1 << n, np.int64)
        self._cache: dict = {}
        self.expanded = 0        # nodes whose extensions (or children) were decided
        self.decided = 0         # candidates decided

    def root(self) -> np.ndarray:
        return np.zeros(self.nw, np.uint64)

    @staticmethod
    def add(node: np.ndarray, x: int) -> np.ndarray:
        g = node.copy()
        g[x >> 6] |= np.uint64(1) << np.uint64(x & 63)
        return g

    def children(self, node: np.ndarray) -> list:
        """The children of ``node`` in the canonical tree, as tables."""
        from quarks.solvers import augment as A

        c = A.children(node, self.n, self.xs, self.status, *self.work)
        self.expanded += 1
        self.decided += c
        out = []
        for i in range(c):
            st, x = int(self.status[i]), int(self.xs[i])
            if st == A.UNDECIDED:
                st = A.CHILD if A.is_child_exact(node, self.n, x, self.work) else A.NOT_CHILD
            elif st not in (A.CHILD, A.NOT_CHILD):
                raise AssertionError("an exact LP solution failed the exact check")
            if st == A.CHILD:
                out.append(self.add(node, x))
        return out

    def threshold_extensions(self, node: np.ndarray) -> list:
        """The points x with node + x threshold (x shift-maximal false in node)."""
        from quarks.solvers import augment as A

        c = A.threshold_extensions(node, self.n, self.xs, self.status, *self.work)
        self.expanded += 1
        self.decided += c
        out = []
        for i in range(c):
            st, x = int(self.status[i]), int(self.xs[i])
            if st == 2:
                v = np.zeros(1 << self.n, np.uint8)
                A.unpack(node, self.n, v)
                v[x] = 1
                st = int(A.threshold_exact(v, self.n, x, self.work))
            elif st == 3:
                raise AssertionError("an exact LP solution failed the exact check")
            if st == 1:
                out.append(x)
        return out

    def parents_and_weight(self, g: np.ndarray, x: int, k: int) -> tuple:
        """(I(g), the number of parents of g = p + x, and f(g)), cached."""
        from quarks.solvers import augment as A

        key = g.tobytes()
        hit = self._cache.get(key)
        if hit is None:
            d = A.indegree(g, self.n, x, *self.work)
            if d == -3:
                raise AssertionError("an exact LP solution failed the exact check")
            if d < 0:
                d = A.indegree_exact(g, self.n, x, self.work)
            hit = self._cache[key] = (d, self.weight(g, k))
        return hit

    def orbit(self, node: np.ndarray) -> int:
        """n!/prod(b!) 2^ess: the functions obtained from ``node`` by permuting and negating inputs."""
        from quarks.solvers import kernels as K

        pos = np.zeros(1, np.int64)
        allo = np.zeros(1, np.int64)
        K.orbit_sizes(node.reshape(1, -1), self.n, self.fact, pos, allo)
        return int(allo[0])

    def weight(self, node: np.ndarray, k: int) -> int:
        """f(v) = mult_k orbit(v): the functions of T(n;1) the node stands for (with its dual)."""
        return (1 if k == self.half else 2) * self.orbit(node)


def knuth_path(tree: Tree, rng: np.random.Generator) -> tuple:
    """One random root-to-leaf path of the canonical tree: estimates (nodes, middle-level nodes,
    orbit mass), exact integers."""
    node, k, w = tree.root(), 0, 1
    nodes, middle, mass = 1, int(tree.half == 0), tree.weight(node, 0)
    while k < tree.half:
        kids = tree.children(node)
        if not kids:
            break
        w *= len(kids)
        node = kids[int(rng.integers(len(kids)))]
        k += 1
        nodes += w
        mass += w * tree.weight(node, k)
        if k == tree.half:
            middle = w
    return nodes, middle, mass


def smc_run(tree: Tree, rng: np.random.Generator, particles: int, tick=None) -> tuple:
    """One SMC run with ``particles`` walkers (module docstring): estimates (nodes, middle-level
    nodes, orbit mass)."""
    m = particles
    layer = [tree.root()] * m
    big = np.ones(m)                 # the walkers' weights since the last resampling
    scale, nodes, middle, mass = 1.0, 1.0, 0.0, float(tree.weight(layer[0], 0))
    for k in range(1, tree.half + 1):
        ups: dict = {}
        tree._cache.clear()          # a node's parents are asked for only at its own level
        inc = np.zeros(m)
        f = np.zeros(m)
        moved = []
        for i, p in enumerate(layer):
            key = p.tobytes()
            if key not in ups:
                ups[key] = tree.threshold_extensions(p)
            xs = ups[key]
            if not xs:               # never below the middle level (lower the threshold of generic weights)
                moved.append(p)
                continue
            x = xs[int(rng.integers(len(xs)))]
            g = tree.add(p, x)
            indeg, f[i] = tree.parents_and_weight(g, x, k)
            inc[i] = len(xs) / indeg
            moved.append(g)
        big *= inc
        total = big.sum()
        if total == 0:
            break
        level = scale * total / m
        nodes += level
        mass += scale * float(np.dot(big, f)) / m
        if k == tree.half:
            middle = level
        layer = moved
        if total * total < 0.5 * m * float(np.dot(big, big)):     # ESS < m/2: resample
            layer = [moved[j] for j in _systematic(big / total, rng)]
            scale *= total / m
            big = np.ones(m)
        if tick is not None:
            tick()
    return nodes, middle, mass


def _systematic(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Systematic resampling: len(p) indices, index j taken len(p) p_j times in expectation."""
    m = len(p)
    u = (rng.random() + np.arange(m)) / m
    return np.minimum(np.searchsorted(np.cumsum(p), u, side="right"), m - 1)


@dataclass
class Estimate:
    """Estimates of |T(n;1)| and of the regular representatives, with standard errors."""

    n: int
    method: str
    paths: int                       # knuth: paths; smc: walkers per run
    runs: int                        # knuth: = paths; smc: independent runs
    seed: int | None
    seconds: float                   # wall
    cpu_seconds: float
    samples: list = field(default_factory=list, repr=False)   # (nodes, middle, mass) per path / run
    expanded: int = 0
    decided: int = 0

    def _stat(self, values: list) -> tuple:
        r = len(values)
        mean = sum(values) / r
        if r < 2:
            return mean, math.inf, (-math.inf, math.inf)
        sd = math.sqrt(max(0.0, sum((float(v) - float(mean)) ** 2 for v in values) / (r - 1)))
        se = sd / math.sqrt(r)
        from scipy.stats import t

        q = float(t.ppf(0.975, r - 1))
        return float(mean), se, (float(mean) - q * se, float(mean) + q * se)

    @property
    def count(self) -> tuple:
        """|T(n;1)|: (estimate, standard error, 95 % interval)."""
        return self._stat([s[2] for s in self.samples])

    @property
    def nodes(self) -> tuple:
        """Regular positive threshold functions with <= 2^(n-1) true points (levels 0..2^(n-1))."""
        return self._stat([s[0] for s in self.samples])

    @property
    def regular(self) -> tuple:
        """All regular positive threshold functions: 2 nodes - middle level (duals)."""
        return self._stat([2 * s[0] - s[1] for s in self.samples])

    def as_dict(self) -> dict:
        out = {"n": self.n, "method": self.method, "paths": self.paths, "runs": self.runs, "seed": self.seed}
        for name in ("count", "nodes", "regular"):
            m, se, (lo, hi) = getattr(self, name)
            out[name] = m
            out[f"{name}_se"] = se
            out[f"{name}_ci95"] = [lo, hi]
        out.update({"nodes_expanded": self.expanded, "candidates_decided": self.decided,
                    "seconds": round(self.seconds, 2), "cpu_seconds": round(self.cpu_seconds, 2)})
        return out


def estimate(n: int, paths: int, runs: int | None = None, seed: int | None = None, method: str = "smc",
             seconds: float | None = None, progress: bool = False, on_sample=None) -> Estimate:
    """Estimate |T(n;1)|: ``runs`` independent SMC runs of ``paths`` walkers (default 10 runs), or
    ``paths`` Knuth paths of the canonical tree.  With ``seconds``, no new run (path) starts once this
    process has used that much CPU time (at least two always run).  ``on_sample(sample)`` is called
    after each run (path) with its (nodes, middle, mass)."""
    from quarks.base.progress import bar as progress_bar

    if not 1 <= n <= MAX_N:
        raise UsageError(f"the estimate supports 1 <= n <= {MAX_N}, got n = {n}")
    if paths < 1:
        raise UsageError(f"--paths must be >= 1, got {paths}")
    if method not in METHODS:
        raise UsageError(f"unknown method {method!r} (one of {', '.join(METHODS)})")
    if runs is not None and (runs < 2 or method == "knuth"):
        raise UsageError("--runs must be >= 2, and not with --method knuth (Knuth's paths are the runs)")
    if seconds is not None and seconds <= 0:
        raise UsageError(f"--seconds must be > 0, got {seconds}")
    runs = paths if method == "knuth" else (runs or 10)
    rng = np.random.default_rng(seed)
    tree = Tree(n)
    t0, c0 = time.perf_counter(), time.process_time()
    out = Estimate(n, method, paths, runs, seed, 0.0, 0.0)
    steps = runs * (tree.half if method != "knuth" else 1)
    bar = progress_bar(steps, f"T({n};1) {method}", progress, unit="level" if method != "knuth" else "path")
    tick = (lambda: bar.update(1)) if method != "knuth" else None
    for i in range(runs):
        if method != "knuth":
            out.samples.append(smc_run(tree, rng, paths, tick))
        else:
            out.samples.append(knuth_path(tree, rng))
            bar.update(1)
        if on_sample is not None:
            on_sample(out.samples[-1])
        if progress and len(out.samples) >= 2:
            m, se, _ = out.count
            bar.set_postfix_str(f"|T| ~ {m:.4g} +- {1.96 * se:.2g} after {len(out.samples)}", refresh=False)
        if seconds is not None and i >= 1 and time.process_time() - c0 > seconds:
            break
    bar.close()
    out.runs = len(out.samples)
    if method == "knuth":
        out.paths = out.runs = len(out.samples)
    out.seconds, out.cpu_seconds = time.perf_counter() - t0, time.process_time() - c0
    out.expanded, out.decided = tree.expanded, tree.decided
    return out


def traverse(n: int) -> tuple:
    """The whole canonical tree, depth first (n <= 7): (nodes, middle-level nodes, orbit mass) exactly;
    equal to the regular representatives in levels 0..2^(n-1) and to |T(n;1)|."""
    if not 1 <= n <= 7:
        raise UsageError(f"the full traversal supports 1 <= n <= 7, got n = {n}")
    tree = Tree(n)
    stack = [(tree.root(), 0)]
    nodes = middle = mass = 0
    while stack:
        node, k = stack.pop()
        nodes += 1
        middle += k == tree.half
        mass += tree.weight(node, k)
        if k < tree.half:
            stack.extend((g, k + 1) for g in tree.children(node))
    return nodes, middle, mass
