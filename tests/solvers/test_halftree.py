"""The tree of halves and its estimator of |T(n;1)| (quarks.solvers.halftree)."""
from fractions import Fraction

from quarks.proofs.baldi.counting import A000609
from quarks.solvers import halftree as H

REGULAR = (3, 5, 10, 27, 119, 1113)   # regular positive LTFs, n = 1..6 (notes/enumeration.md)


def test_the_tree_holds_every_regular_function_once_with_its_orbit():
    """Depth m of the tree is the regular positive LTFs of m variables, and their orbits sum to |T(m;1)|."""
    halves = H.Halves(6)
    level = halves.roots()
    for m in range(6):
        nxt, mass = [], 0
        for f in level:
            kids, orb, total = halves.expand(f, m)
            assert all(int(g[0]) & ((1 << (1 << m)) - 1) == int(f[0]) for g in kids)   # g(x, 0) = f
            nxt += kids
            mass += total
        assert len(nxt) == len({g.tobytes() for g in nxt}) == REGULAR[m]
        assert mass == A000609[m + 1]
        level = nxt


def test_level_is_the_enumerated_depth():
    assert len(H.Halves(7).level(6)) == 1113


def test_a_sample_is_an_exact_rational_recomputed_from_its_seed():
    halves = H.Halves(6)
    a = H.sample(halves, 5, 3, 8, 4)
    assert isinstance(a, int) and a > 0
    assert H.sample(H.Halves(6), 5, 3, 8, 4) == a != H.sample(halves, 5, 4, 8, 4)


def test_one_walker_from_the_last_depth_is_unbiased_exactly():
    """With top = n - 1 and one walker, a sample is N |orbit mass below f| for a uniform f of depth
    n - 1: its mean over all f is |T(n;1)| exactly."""
    halves = H.Halves(5)
    nodes = halves.level(4)
    assert sum(Fraction(len(nodes) * halves.expand(f, 4)[2], len(nodes)) for f in nodes) == A000609[5]


def test_the_interval_covers_the_exact_count():
    est = H.estimate(6, 8, 3, seed=11, samples=60)
    m, se, (lo, hi) = est.count
    assert lo <= A000609[6] <= hi and 0 < se < 0.1 * m
    assert est.runs() == [[11, 0, 60]] and est.denominator == 8 ** 3


def test_samples_combine_with_earlier_ones():
    first = H.estimate(5, 4, 3, seed=2, samples=3)
    more = H.estimate(5, 4, 3, seed=2, start=3, samples=2, earlier=first.samples)
    assert [s[:2] for s in more.samples] == [(2, i) for i in range(5)]
    assert more.samples[:3] == first.samples and more.runs() == [[2, 0, 5]]
    again = H.recompute(5, 3, 4, more.runs())
    assert again["numerators"] == [str(a) for _, _, a in more.samples] and again["estimate"] == more.count[0]



def test_the_certified_question_names_the_checkers_samples_only():
    """The instance names how many samples, never which: one run of the seed that n, top and walkers
    fix, from index 0 (an author picking the 20 largest of 200 samples is outside the domain)."""
    from quarks.claims import registry

    claim = registry.get("explore.estimate")
    seed = H.instance_seed(10, 8, 16)
    ok = {"n": 10, "method": "halves", "top": 8, "particles": 16, "runs": [[seed, 0, 5]]}
    assert claim.in_domain(ok)
    for bad in ({"runs": [[seed, 0, 5], [seed, 6, 2]]}, {"runs": [[seed, 1, 5]]}, {"runs": [[seed + 1, 0, 5]]},
                {"runs": [[3, 0, 5]]}, {"top": 7}, {"particles": 17}, {"n": 11}, {"method": "smc"},
                {"particles": 0}, {"runs": []}, {"runs": [[seed, 0, 0]]}, {"runs": [[seed, 0, 100_001]]}):
        assert not claim.in_domain({**ok, **bad}), bad
    assert [H.default_top(n) for n in (1, 5, 8, 9, 10)] == [0, 4, 7, 7, 8]


def test_distinct_seed_index_pairs_never_share_a_stream():
    """numpy joins the 32-bit words of [seed, index]: [1 + 2^32, 5] and [1, 1 + 5 * 2^32] were one
    stream; the fixed-width seeding gives them two."""
    a, b = H.stream(1 + 2 ** 32, 5).integers(0, 2 ** 62, 4), H.stream(1, 1 + 5 * 2 ** 32).integers(0, 2 ** 62, 4)
    assert list(a) != list(b)
    assert list(H.stream(7, 3).integers(0, 2 ** 62, 4)) == list(H.stream(7, 3).integers(0, 2 ** 62, 4))
    assert H.instance_seed(5, 3, 4) == 1246868486560835133 and H.instance_seed(5, 3, 4) != H.instance_seed(5, 3, 5)
