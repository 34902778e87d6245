"""The reduced degree-1 route of realize: same verdicts as the full LP, certificates the kernel accepts."""
import json
import random

import numpy as np
import pytest

from quarks import realize_many
from quarks.base.boolean import TruthTable, operators
from quarks.certify import check_record
from quarks.certify.threshold import check_nonrealization_data, low_degree_masks
from quarks.cli import main
from quarks.solvers import reduced
from quarks.solvers.realize import realize


def ltf(rng: random.Random, n: int) -> TruthTable:
    w = [rng.randint(-20, 20) for _ in range(n)]
    t = rng.randint(-20, 20)
    return TruthTable(n, sum((2 * (sum(w[i] for i in range(n) if x >> i & 1) - t) > 1) << x for x in range(1 << n)))


def unate_non_threshold(rng: random.Random, n: int) -> TruthTable:
    """x_a x_b or x_c x_d (a monotone non-threshold function), with random variables negated."""
    a, b, c, d = rng.sample(range(n), 4)
    f = TruthTable(n, sum(((x >> a & x >> b & 1) | (x >> c & x >> d & 1)) << x for x in range(1 << n)))
    for i in range(n):
        if rng.random() < 0.5:
            f = f.negate_input(i)
    return f


def sample(rng: random.Random, n: int) -> TruthTable:
    kind = rng.randrange(5)
    if kind == 0:
        return TruthTable(n, rng.getrandbits(1 << n))
    if kind == 1 and n >= 4:
        return unate_non_threshold(rng, n)
    f = ltf(rng, n)
    for _ in range(kind - 2 if kind >= 2 else 0):
        f = f ^ TruthTable(n, 1 << rng.randrange(1 << n))
    return f


def test_same_verdicts_as_the_full_lp_and_the_kernel_accepts():
    rng = random.Random(41)
    seen = {}
    for k in range(400):
        n = 2 + k % 7  # 2..8
        f = sample(rng, n)
        new, old = realize(f, 1), realize(f, 1, "lp-full")
        assert new.realizable == old.realizable, f
        out = check_record(new.to_evidence())
        assert out.valid and out.holds, (f, out.message)
        seen[(new.backend, new.realizable)] = seen.get((new.backend, new.realizable), 0) + 1
    # all three answers of the route occur: realization, binate 4-point and unate 2-summability certificates
    assert seen.get(("reduced", True), 0) > 100
    assert seen.get(("unateness", False), 0) > 30
    assert seen.get(("reduced", False), 0) > 30


def test_all_functions_of_three_and_four_variables():
    # |T(3;1)| = 104, |T(4;1)| = 1882 (OEIS A000609)
    assert sum(realize(f, 1).realizable for f in operators(3)) == 104
    rng = random.Random(4)
    assert sum(realize(TruthTable(4, b), 1).realizable for b in range(1 << 16)) == 1882
    for b in rng.sample(range(1 << 16), 300):
        r = realize(TruthTable(4, b), 1)
        assert check_record(r.to_evidence()).holds


def test_binate_gives_the_four_point_certificate():
    xor = TruthTable(2, 0b0110)
    r = realize(xor, 1)
    assert not r.realizable and r.backend == "unateness"
    assert r.true_multipliers == ((1, 1), (2, 1)) and r.false_multipliers == ((0, 1), (3, 1))
    out = check_record(r.to_evidence())
    assert out.valid and out.holds


def test_unate_non_threshold_with_negated_variables():
    f = TruthTable(4, sum(((x & 3) == 3 or (x & 12) == 12) << x for x in range(16)))  # x1x2 or x3x4
    for g in (f, f.negate_input(0), f.negate_input(2).negate_input(3)):
        r = realize(g, 1)
        assert not r.realizable and r.backend == "reduced"
        assert sum(a for _, a in r.true_multipliers) == sum(b for _, b in r.false_multipliers) == 2
        assert check_record(r.to_evidence()).holds


def test_farkas_lp_on_boundary_points_with_slack_absorbed():
    rng = random.Random(7)
    for _ in range(20):
        n = rng.randrange(4, 9)
        f = unate_non_threshold(rng, n)
        mask = reduced.decreasing_mask(f)
        x, _ = reduced.cube(n)
        g = f.values("01").astype(bool)[x ^ mask]
        signed = reduced.farkas_positive(g, n)
        assert signed is not None
        r = reduced.nonrealization_of(f, signed, mask, "test")
        assert r is not None and check_record(r.to_evidence()).holds


def test_two_summability_search():
    from quarks.solvers.reduced_kernels import two_summable_positive

    out = np.zeros(4, np.int64)
    two_or = np.array([((x & 3) == 3 or (x & 12) == 12) for x in range(16)], np.uint8)  # x1x2 or x3x4
    assert two_summable_positive(two_or, 4, out, 1 << 20) == 1
    a, b, c, d = (int(v) for v in out)
    assert two_or[a] and two_or[b] and not two_or[c] and not two_or[d]
    assert all((a >> i & 1) + (b >> i & 1) == (c >> i & 1) + (d >> i & 1) for i in range(4))
    majority = np.array([bin(x).count("1") >= 2 for x in range(8)], np.uint8)  # threshold: no witness
    assert two_summable_positive(majority, 3, out, 1 << 20) == 0
    assert two_summable_positive(majority, 3, out, 0) == -1  # the budget ends the search


def test_realizations_with_decreasing_variables():
    rng = random.Random(9)
    for _ in range(50):
        n = rng.randrange(2, 9)  # (degree 1 = n goes to the interpolant)
        w = [rng.choice((-1, 1)) * rng.randint(1, 9) for _ in range(n)]
        f = TruthTable(n, sum((2 * sum(w[i] for i in range(n) if x >> i & 1) > sum(w)) << x for x in range(1 << n)))
        r = realize(f, 1)
        assert r.realizable and r.backend == "reduced"
        assert all(a * b >= 0 for a, b in zip(r.weights, w))  # the signs of the variables' influence
        assert check_record(r.to_evidence()).holds


def test_constants_and_n_zero():
    for n in (0, 1, 3):
        for bits in (0, (1 << (1 << n)) - 1):
            r = realize(TruthTable(n, bits), 1) if n else realize(TruthTable(0, bits), 0)
            assert r.realizable and check_record(r.to_evidence()).holds


def test_low_degree_check_matches_the_full_transform():
    assert low_degree_masks(4, 2) == [S for S in range(16) if bin(S).count("1") <= 2]
    xor = 0b0110
    assert check_nonrealization_data(2, 1, xor, [(1, 1), (2, 1)], [(0, 1), (3, 1)]) is None
    # degree 2 on the same points fails at x1x2 (few points: the direct sums) ...
    assert check_nonrealization_data(2, 2, xor, [(1, 1), (2, 1)], [(0, 1), (3, 1)]) == \
        "monomial mask 3: true-point sum minus false-point sum is -1, not 0"
    # ... and an unbalanced certificate fails at the first coordinate
    assert check_nonrealization_data(2, 1, xor, [(1, 2), (2, 1)], [(0, 1), (3, 1)]) == \
        "monomial mask 0: true-point sum minus false-point sum is 1, not 0"


def test_realize_many_and_the_cli_file(tmp_path, capsys):
    tables = ["0x8", "0110", "0x6996", "0xe8"]
    assert [r.realizable for r in realize_many(tables)] == [True, False, False, True]
    path = tmp_path / "tables.txt"
    path.write_text("# four functions\n" + "\n".join(tables) + "\n\n")
    assert main(["realize", "--file", str(path), "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [d["realizable"] for d in lines] == [True, False, False, True]
    assert all(check_record(d["certificate"]).holds for d in lines)
    path.write_text("0x8\n012\n")
    assert main(["realize", "--file", str(path)]) == 2
    assert "line 2" in capsys.readouterr().err
    assert main(["realize", "0x8", "--file", str(path)]) == 2
    assert "not both" in capsys.readouterr().err


@pytest.mark.parametrize("n", [10, 12])
def test_larger_n_agrees_with_the_full_lp(n):
    rng = random.Random(n)
    for _ in range(6):
        f = sample(rng, n)
        new = realize(f, 1)
        assert new.realizable == realize(f, 1, "lp-full").realizable
        assert check_record(new.to_evidence()).holds
    assert np.array_equal(reduced.cube(n)[1][5], [(5 >> i) & 1 for i in range(n)])


def test_degree_two_and_zero_agree_with_the_full_lp():
    from quarks.solvers.monomials import monomials

    rng = random.Random(2)
    answers = set()
    for k in range(60):
        n, d = 3 + k % 4, (2 if k % 5 else 0)
        coeffs = {S: rng.randint(-9, 9) for S in monomials(n, 2)}
        t = rng.randint(-9, 9)
        f = TruthTable(n, sum((2 * (sum(c for S, c in coeffs.items() if x & S == S) - t) > 1) << x for x in range(1 << n)))
        if k % 3 == 0:
            f = f ^ TruthTable(n, 1 << rng.randrange(1 << n))
        if k % 7 == 0:
            f = TruthTable(n, rng.getrandbits(1 << n))
        new = realize(f, d)
        assert new.realizable == realize(f, d, "lp-full").realizable
        assert check_record(new.to_evidence()).holds
        answers.add((d, new.realizable))
    assert {(2, True), (2, False), (0, False)} <= answers
