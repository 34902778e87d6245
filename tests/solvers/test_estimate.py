"""Estimating |T(n;1)| from random walks (quarks.solvers.estimate, quarks estimate)."""
import json
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from quarks.proofs.baldi.counting import A000609
from quarks.solvers import estimate as E

REGULAR = (3, 5, 10, 27, 119, 1113)   # regular positive LTFs, n = 1..6 (notes/enumeration.md)


@pytest.mark.parametrize("n", range(1, 7))
def test_canonical_tree_holds_every_representative_once(n):
    """The whole canonical tree, decided node by node: its orbit mass is |T(n;1)| and its nodes, with
    the duals of the levels below the middle, are the regular positive LTFs."""
    nodes, middle, mass = E.traverse(n)
    assert mass == A000609[n]
    assert 2 * nodes - middle == REGULAR[n - 1]


def test_level_graph_in_degrees_count_the_next_level():
    """sum over level k of sum over extensions g of 1/I(g) = N_(k+1), exactly (n = 5): the identity
    that makes the walkers' weights D(p)/I(g) unbiased."""
    n = 5
    tree = E.Tree(n)
    level = {tree.root().tobytes(): tree.root()}
    for k in range(tree.half):
        nxt, total = {}, Fraction(0)
        for p in level.values():
            for x in tree.threshold_extensions(p):
                g = tree.add(p, x)
                total += Fraction(1, tree.parents_and_weight(g, x, k + 1)[0])
                nxt[g.tobytes()] = g
        assert total == len(nxt) > 0
        level = nxt


@pytest.mark.parametrize("method", ["smc", "knuth"])
def test_exact_when_every_level_has_one_node(method):
    """n <= 2: one node per level, so every path and run gives the exact count, with zero spread."""
    for n in (1, 2):
        est = E.estimate(n, 3, runs=None if method == "knuth" else 3, seed=0, method=method)
        m, se, (lo, hi) = est.count
        assert m == lo == hi == A000609[n] and se == 0


def test_smc_interval_contains_the_exact_count():
    est = E.estimate(6, 64, runs=10, seed=6)
    m, se, (lo, hi) = est.count
    assert lo <= A000609[6] <= hi and se > 0
    nm, _, (nlo, nhi) = est.regular
    assert nlo <= REGULAR[5] <= nhi


def test_small_runs_are_unbiased():
    """Runs of 4 walkers at n = 5: the mean of 300 runs lies within its 95 % interval of |T(5;1)|
    (fixed seed), though a single run is off by 35 % on average."""
    est = E.estimate(5, 4, runs=300, seed=5)
    m, se, (lo, hi) = est.count
    assert lo <= A000609[5] <= hi and se < 0.1 * m


def test_cli_estimate_json_and_bad_input():
    run = [sys.executable, "-m", "quarks", "estimate"]
    out = subprocess.run(run + ["--n", "5", "--method", "smc", "--paths", "16", "--runs", "4", "--seed", "1", "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["exact"] == A000609[5] and res["runs"] == 4 and len(res["count_ci95"]) == 2
    for bad in (["--n", "11", "--paths", "2"], ["--n", "5", "--paths", "0"],
                ["--n", "5", "--paths", "2", "--method", "knuth", "--runs", "3"], ["--n", "5", "--paths", "x"],
                ["--n", "5", "--method", "smc"], ["--n", "5", "--top", "5"], ["--n", "5", "--runs", "0"],
                ["--n", "5", "--method", "smc", "--paths", "4", "--out", "x.json"]):
        out = subprocess.run(run + bad, capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_walker_steps_agree_with_the_count_decisions():
    """Along a random walk at n = 8, the extensions and in-degrees (augment: float LP by Dantzig's rule)
    equal those decided by the exact count's kernel (kernels.decide_regular)."""
    from quarks.solvers import kernels as K

    n, size = 8, 256
    tree = E.Tree(n)
    rng = np.random.default_rng(8)

    def decide(tables, added):
        c = len(tables)
        st = np.zeros(c, np.int64)
        K.decide_regular(np.array(tables), np.zeros(c, np.int64), np.array(added, np.int64),
                         np.zeros((0, n + 1), np.int64), n, st, np.zeros((c, n + 1), np.int64),
                         np.zeros((0, 1), np.int64), jobs=1)
        assert not np.any((st == 2) | (st == 3))
        return st == 1

    p, compared = tree.root(), 0
    for k in range(tree.half):
        xs = tree.threshold_extensions(p)
        if k % 8 == 4:
            total = K.count_candidates(p.reshape(1, -1), n)
            cands, added = np.zeros((total, p.shape[0]), np.uint64), np.zeros(total, np.int64)
            K.candidates(p.reshape(1, -1), n, cands, np.zeros(total, np.int64), added)
            assert sorted(xs) == sorted(int(a) for a, ok in zip(added, decide(list(cands), list(added))) if ok)
            for x in xs:
                g = tree.add(p, x)
                v = np.zeros(size, np.uint8)
                K.unpack(g, n, v)
                ys = [y for y in range(size) if y != x and v[y] and K.all_predecessors_false(v, n, y)]
                below = [g ^ np.array([np.uint64(1) << np.uint64(y & 63) if w == y >> 6 else np.uint64(0)
                                       for w in range(g.shape[0])], np.uint64) for y in ys]
                parents = 1 + (int(decide(below, [x] * len(ys)).sum()) if ys else 0)
                assert tree.parents_and_weight(g, x, k + 1)[0] == parents
                compared += len(ys) + 1
        p = tree.add(p, xs[int(rng.integers(len(xs)))])
    assert compared > 100
