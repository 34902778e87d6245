"""The cutting-plane route of realize at degree != 1: same verdicts as the full LP, exact
certificates on a subset of the rows, accepted by the kernel and by `quarks check-cert`."""
import json
import random

import numpy as np
import pytest

from quarks.base.boolean import TruthTable
from quarks.certify import check_record
from quarks.cli import main
from quarks.solvers import cutting_plane
from quarks.solvers.monomials import design_matrix, monomials
from quarks.solvers.realize import NonRealizability, Realization, realize

pytestmark = pytest.mark.skipif(cutting_plane.highs_core() is None, reason="highspy not installed")


def quadratic(rng: random.Random, n: int, degree: int = 2) -> TruthTable:
    """The sign of a random integer polynomial of degree <= degree (never 0 on the cube)."""
    c = np.array([rng.randint(-20, 20) for _ in range(len(monomials(n, degree)) + 1)], dtype=np.int64)
    p = 2 * (design_matrix(n, degree) @ c) + 1
    return TruthTable(n, sum(1 << x for x in np.flatnonzero(p > 0).tolist()))


def deep_flip(f: TruthTable, degree: int) -> TruthTable:
    """f with its point of largest margin (for a realization of f) flipped."""
    r = realize(f, degree)
    D = design_matrix(f.n, degree)
    p = D @ np.array((-r.threshold,) + r.weights, dtype=np.int64)
    x = int(np.argmax(np.abs(p)))
    return f ^ TruthTable(f.n, 1 << x)


def parity_face(rng: random.Random, f: TruthTable) -> TruthTable:
    """f made the parity of three variables on one 3-face: not in T(n;2), since its restriction
    to that face is not in T(3;2)."""
    i, j, k = rng.sample(range(f.n), 3)
    base = rng.getrandbits(f.n) & ~((1 << i) | (1 << j) | (1 << k))
    bits = f.bits
    for a in range(8):
        x = base | ((a & 1) << i) | ((a >> 1 & 1) << j) | ((a >> 2) << k)
        bits = bits & ~(1 << x) | (bin(a).count("1") & 1) << x
    return TruthTable(f.n, bits)


class Rounds:
    """Counts the LP solves of cutting_plane.RowLP and the rows it ends with."""

    def __init__(self, monkeypatch):
        self.solves, self.rows = 0, 0
        solve = cutting_plane.RowLP.solve

        def counted(lp):
            self.solves += 1
            self.rows = len(lp.rows)
            return solve(lp)

        monkeypatch.setattr(cutting_plane.RowLP, "solve", counted)


def test_same_verdicts_as_the_full_lp_and_the_kernel_accepts():
    rng = random.Random(41)
    answers = {True: 0, False: 0}
    for k in range(60):
        n = 3 + k % 6  # 3..8
        f = quadratic(rng, n)
        if k % 3 == 0:
            f = f ^ TruthTable(n, 1 << rng.randrange(1 << n))
        if k % 3 == 1:
            f = parity_face(rng, f)
        if k % 7 == 0:
            f = TruthTable(n, rng.getrandbits(1 << n))
        fast = cutting_plane.solve(f, 2)
        assert fast is not None and fast.backend == "lp", f
        assert fast.problem() is None
        assert fast.realizable == realize(f, 2, "lp-full").realizable, f
        out = check_record(fast.to_evidence())
        assert out.valid and out.holds, (f, out.message)
        answers[fast.realizable] += 1
    assert answers[True] > 20 and answers[False] > 10


def test_realizable_after_several_rounds_on_a_subset_of_rows(monkeypatch):
    rounds = Rounds(monkeypatch)
    f = quadratic(random.Random(5), 9)
    r = cutting_plane.solve(f, 2)
    assert isinstance(r, Realization) and r.problem() is None
    assert r.monomials == monomials(9, 2) and len(r.weights) == 45
    assert rounds.solves >= 2  # violated rows were added
    assert rounds.rows < 512 // 2  # the LP never saw most of the 512 rows


def test_refutation_from_the_dual_ray_on_a_subset(monkeypatch):
    rounds = Rounds(monkeypatch)
    g = deep_flip(quadratic(random.Random(7), 8), 2)
    r = cutting_plane.solve(g, 2)
    assert isinstance(r, NonRealizability) and r.problem() is None
    assert not realize(g, 2, "lp-full").realizable
    points = len(r.true_multipliers) + len(r.false_multipliers)
    assert 2 < points <= len(monomials(8, 2)) + 2  # a vertex of the alternative: at most M + 1 points
    assert rounds.rows < 256


def test_parity_of_three_variables_at_degree_two():
    """Every row is active (2^3 <= 2 M): the ray is the alternating sum over the cube."""
    r = cutting_plane.solve(TruthTable(3, 0b10010110), 2)
    assert isinstance(r, NonRealizability)
    assert sorted(r.true_multipliers) == [(1, 1), (2, 1), (4, 1), (7, 1)]
    assert sorted(r.false_multipliers) == [(0, 1), (3, 1), (5, 1), (6, 1)]


def test_degree_zero_and_three():
    rng = random.Random(3)
    for n, d in ((5, 0), (6, 3), (7, 3)):
        for _ in range(6):
            f = quadratic(rng, n, d) if d else TruthTable(n, rng.choice([0, (1 << (1 << n)) - 1, 6]))
            r = cutting_plane.solve(f, d)
            assert r is not None and r.problem() is None
            assert r.realizable == realize(f, d, "lp-full").realizable


def test_rounded_weights_when_no_small_denominator():
    """A float solution with no denominator <= 256 is rounded from M w and still checked exactly."""
    f = quadratic(random.Random(11), 6)
    exact = realize(f, 2, "lp-full")
    v = np.array((-exact.threshold,) + exact.weights, dtype=np.float64)
    scale = np.sqrt(2) / np.min(f.values("pm1") * (design_matrix(6, 2) @ v))  # margins >= sqrt 2
    assert cutting_plane.least_denominator(v * scale, 1e-7) is None
    r = cutting_plane.integer_realization(f, 2, v * scale)
    assert r is not None and r.problem() is None
    assert cutting_plane.integer_realization(f, 2, -v * scale) is None  # the wrong sign fails the check


def test_without_highs_interface_realize_falls_back(monkeypatch):
    monkeypatch.setattr(cutting_plane, "highs_core", lambda: None)
    f = TruthTable(3, 0b10010110)
    assert cutting_plane.solve(f, 2) is None
    r = realize(f, 2)
    assert not r.realizable and r.problem() is None


def test_check_cert_accepts_both_answers(tmp_path, capsys):
    rng = random.Random(13)
    f = quadratic(rng, 7)
    for g, answer in ((f, "realizable"), (parity_face(rng, f), "not realizable")):
        path = tmp_path / f"{answer[:3]}.json"
        assert main(["realize", g.to_hex(), "--n", "7", "-d", "2", "--out", str(path)]) == 0
        doc = json.loads(path.read_text())
        assert doc["data"]["answer"] == answer
        capsys.readouterr()
        assert main(["check-cert", str(path)]) == 0
        assert capsys.readouterr().out.startswith("OK")


def test_ray_made_exact_by_the_nullspace_when_not_small(monkeypatch):
    """Without the small-ratio rounding the certificate comes from the integer kernel (python-flint)."""
    monkeypatch.setattr(cutting_plane, "small_multipliers", lambda B, y: None)
    rng = random.Random(17)
    g = parity_face(rng, quadratic(rng, 8))
    r = cutting_plane.solve(g, 2)
    assert isinstance(r, NonRealizability) and r.problem() is None


def test_small_multipliers_checks_exactly():
    xor = TruthTable(2, 0b0110)
    B = xor.values("pm1").astype(np.int64)[:, None] * design_matrix(2, 1)  # rows s_x [1, x1, x2]
    assert cutting_plane.small_multipliers(B, np.array([0.5, 0.5, 0.5, 0.5])) == [1, 1, 1, 1]
    assert cutting_plane.small_multipliers(B, np.array([1.0, 0.5, 0.5, 0.5])) is None  # B^T z != 0
    assert cutting_plane.small_multipliers(B, np.array([1.0, 2 ** 0.5, 0.5, 0.5])) is None  # no denominator <= 256


def test_unknown_status_is_retried_from_scratch(monkeypatch):
    """HiGHS's "unknown" after a warm start (numerical trouble) gets one cold solve."""
    real = cutting_plane.highs
    core = cutting_plane.highs_core()
    calls = []

    class FirstUnknown:
        def __init__(self, h):
            self.h = h

        def __getattr__(self, name):
            return getattr(self.h, name)

        def getModelStatus(self):
            calls.append(1)
            return core.HighsModelStatus.kUnknown if len(calls) == 1 else self.h.getModelStatus()

    monkeypatch.setattr(cutting_plane, "highs", lambda c: FirstUnknown(real(c)))
    r = cutting_plane.solve(TruthTable(3, 0b10010110), 2)
    assert isinstance(r, NonRealizability) and r.problem() is None
    assert len(calls) >= 2
