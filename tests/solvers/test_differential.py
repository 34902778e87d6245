"""Differential test: every backend gives the same answer, each with an exactly valid certificate.

Functions are drawn three ways so both answers occur often: uniformly at random, as signs of
random integer polynomials of degree d (realizable), and such signs with one or two points flipped
(near the boundary of T(n;d), where repairs and bounded searches are hardest).
"""
import random

import pytest

from quarks.base.boolean import TruthTable
from quarks.certify import check_record
from quarks.solvers.monomials import monomials
from quarks.solvers.realize import Inconclusive, realize

BACKENDS = ("lp", "z3", "sat")


def sample(rng: random.Random, n: int, d: int) -> TruthTable:
    kind = rng.randrange(4)
    if kind == 0 or d == 0:
        return TruthTable(n, rng.getrandbits(1 << n))
    coeffs = {S: rng.randint(-9, 9) for S in monomials(n, d)}
    t = rng.randint(-9, 9)
    f = TruthTable(n, sum(
        (2 * (sum(c for S, c in coeffs.items() if x & S == S) - t) > 1) << x for x in range(1 << n)))
    for _ in range(kind - 1):
        f = f ^ TruthTable(n, 1 << rng.randrange(1 << n))
    return f


def agree(f: TruthTable, d: int, backends=BACKENDS, inconclusive: list | None = None) -> bool:
    """The common answer of the backends; a bounded backend that gives up is recorded in
    ``inconclusive`` (when given) instead of failing."""
    answers = set()
    for backend in backends:
        try:
            r = realize(f, d, backend)
        except Inconclusive:
            if inconclusive is None:
                raise
            inconclusive.append((backend, f.to_hex(), d))
            continue
        out = check_record(r.to_evidence())
        assert out.valid and out.holds, (backend, f, d, out.message)
        answers.add(r.realizable)
    assert len(answers) == 1, (f, d)
    return answers.pop()


CASES = [(n, d) for n in range(1, 7) for d in range(0, min(n, 2) + 1)]


@pytest.mark.parametrize("n,d", CASES)
def test_backends_agree(n, d):
    rng = random.Random(1000 * n + d)
    count = 6 if (n, d) != (6, 2) else 2
    results = [agree(sample(rng, n, d), d) for _ in range(count)]
    if d >= 1 and n >= 3:
        assert any(results) or n == 6  # both answers are exercised where they are common


@pytest.mark.slow
@pytest.mark.parametrize("n,d", CASES)
def test_backends_agree_sweep(n, d):
    rng = random.Random(7919 * n + d)
    seen = {True: 0, False: 0}
    gave_up = []
    for _ in range(40):
        seen[agree(sample(rng, n, d), d, inconclusive=gave_up)] += 1
    if d >= 1 and d <= n - 2:
        assert seen[True] and seen[False]
    assert len(gave_up) <= 4, gave_up  # the SAT backend may give up beyond its bounds, rarely


@pytest.mark.slow
def test_lp_z3_agree_on_all_functions_of_three_and_four_variables():
    from quarks.base.boolean import operators

    for f in operators(3):
        for d in (1, 2):
            agree(f, d)
    rng = random.Random(4)
    for _ in range(300):
        agree(TruthTable(4, rng.getrandbits(16)), rng.choice((1, 2)), ("lp", "z3"))
