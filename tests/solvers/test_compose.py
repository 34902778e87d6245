"""Composition classes T_B(n; d_1..d_k): kernels against brute force, symmetries, procedures."""
import itertools
import re

import numpy as np
import pytest

from quarks.base.exact import evaluate
from quarks.solvers import compose as C
from quarks.solvers.operators import TERNARY_NAMED, irreducible, irreducible_count_formula


def ltf_bruteforce(n, wmax):
    """Every LTF on {0,1}^n with integer weights in [-wmax, wmax]: an independent T(n;1)."""
    X = np.array([[(x >> i) & 1 for i in range(n)] for x in range(1 << n)], dtype=np.int64)
    W = np.array(list(itertools.product(range(-wmax, wmax + 1), repeat=n)), dtype=np.int64)
    S = W @ X.T
    powers = np.left_shift(np.uint64(1), np.arange(1 << n, dtype=np.uint64))
    out = [((S > t).astype(np.uint64) * powers).sum(axis=1, dtype=np.uint64)
           for t in range(-n * wmax - 1, n * wmax + 1)]
    return np.unique(np.concatenate(out))


T = {n: ltf_bruteforce(n, w) for n, w in ((1, 1), (2, 1), (3, 2), (4, 3))}


def brute(B, k, ops, n):
    return {C.apply_operator(B, k, list(map(int, tup)), n) for tup in itertools.product(*ops)}


def test_engine_lists_match_brute_force():
    for n in (1, 2, 3, 4):
        assert np.array_equal(C.threshold_list(n, 1), T[n])
    assert [len(T[n]) for n in (1, 2, 3, 4)] == [4, 14, 104, 1882]
    assert list(C.threshold_list(0, 1)) == [0, 1]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_every_binary_operator_against_brute_force(n):
    for B in range(16):
        cls = C.compose_operands(B, [T[n], T[n]], n, k=2)
        want = brute(B, 2, [T[n], T[n]], n)
        assert set(cls.tables().tolist()) == want and cls.size == len(want)


def test_every_ternary_operator_against_brute_force():
    for n in (1, 2):
        for B in range(256):
            cls = C.compose_operands(B, [T[n]] * 3, n, k=3)
            assert set(cls.tables().tolist()) == brute(B, 3, [T[n]] * 3, n)


def test_four_operands_against_brute_force():
    rng = np.random.default_rng(5)
    for n in (1, 2, 3):
        subs = [np.sort(rng.choice(T[n], size=min(len(T[n]), 7), replace=False)) for _ in range(4)]
        for B in [0x8000, 0x6996, 0xE8E8, 0x1234] + [int(b) for b in rng.integers(0, 1 << 16, 6)]:
            cls = C.compose_operands(B, subs, n, k=4)
            assert set(cls.tables().tolist()) == brute(B, 4, subs, n)


def test_four_operands_slices_agree_with_three_operand_kernel():
    from quarks.solvers.compose_many import compose3, compose_slices

    for B in (0xE8, 0x96, 0xCA, 0x80, 0x17):
        assert np.array_equal(compose_slices(B, 3, [T[3]] * 3, 3), compose3(B, [T[3]] * 3, 3, None, False, ""))


def test_and4_at_n3_is_everything_and_too_large_jobs_are_refused():
    assert C.compose_operands(0x8000, [T[3]] * 4, 3, k=4).size == 256
    with pytest.raises(ValueError):
        C.compose_operands(0x6996, [T[3]] * 5, 3, k=5)


def test_known_small_counts_and_independent_numpy_union():
    # n = 3: every table of B(f, g) listed by numpy broadcasting, independent of both kernels
    for name, B in irreducible(2).items():
        t = T[4]
        want = np.unique(C.apply_operator(B, 2, [t[:, None], t[None, :]], 4))
        for kernel in ("numpy", "numba"):
            got = C.compose_operands(B, [t, t], 4, k=2, kernel=kernel)
            assert np.array_equal(got.tables(), want), (name, kernel)
    assert C.compose_operands(8, [T[3], T[3]], 3, k=2).size == 246
    assert C.compose_operands(6, [T[3], T[3]], 3, k=2).size == 254
    assert C.compose_operands(8, [T[4], T[4]], 4, k=2).size == 32506
    assert C.compose_operands(6, [T[4], T[4]], 4, k=2).size == 54310


def test_kernel_with_different_operand_lists():
    a, b = T[4][::3], T[4][::7]
    for B in (8, 2, 6, 11):
        want = np.unique(C.apply_operator(B, 2, [a[:, None], b[None, :]], 4))
        got = C.compose_operands(B, [a, b], 4, k=2, kernel="numba")
        assert np.array_equal(got.tables(), want)


def test_ternary_mux_kernel_against_numpy():
    t = T[3]
    for name in ("MAJ3", "MUX"):
        B = TERNARY_NAMED[name]
        want = np.unique(C.apply_operator(B, 3, [t[:, None, None], t[None, :, None], t[None, None, :]], 3))
        assert np.array_equal(C.compose_operands(B, [t] * 3, 3, k=3).tables(), want)


def test_negation_is_the_class_of_the_negated_operator():
    for B in (8, 6, 2):
        cls = C.compose_operands(B, [T[4], T[4]], 4, k=2)
        neg = C.compose_operands(B ^ 0xF, [T[4], T[4]], 4, k=2)
        assert cls.negated() == neg
    small = C.compose_operands(8, [T[2], T[2]], 2, k=2)
    assert small.negated() == C.compose_operands(7, [T[2], T[2]], 2, k=2)


def test_operator_relations():
    ops = irreducible(2)
    assert len(ops) == 10 and evaluate(irreducible_count_formula(2)) == 10
    assert evaluate(irreducible_count_formula(3)) == len(irreducible(3)) == 218
    perm, flips, neg = C.operator_relation(ops["AND"], ops["NOR"], 2, allow_perm=False)
    assert C.transform_operator(ops["AND"], 2, perm, flips, neg) == ops["NOR"]
    assert C.operator_relation_check(ops["AND"], ops["NAND"], 2, [0, 1], 0, True)["holds"]
    assert not C.operator_relation_check(ops["AND"], ops["NAND"], 2, [0, 1], 0, False)["holds"]
    assert C.operator_relation(ops["AND"], ops["XOR"], 2) is None
    # XNOR(a, b) = XOR(not a, b): the two classes are equal as sets
    x = C.compose_operands(ops["XOR"], [T[4], T[4]], 4, k=2)
    assert x == C.compose_operands(ops["XNOR"], [T[4], T[4]], 4, k=2)


def test_procedures_detect_a_wrong_size():
    assert C.class_size_check(8, 2, 3, [1, 1], 246)["holds"]
    assert not C.class_size_check(8, 2, 3, [1, 1], 247)["holds"]
    assert C.negation_closed(4, 1)["holds"]
    assert not C.threshold_size_check(4, 1, 1881)["holds"]


def test_bad_input():
    with pytest.raises(ValueError):
        C.compose_operands(8, [T[3]], 3, k=2)
    with pytest.raises(ValueError):
        C.compose_operands(8, [T[3], T[3]], 6, k=2)
    with pytest.raises(ValueError):
        C.compose_operands(8, [T[4], T[4]], 3, k=2)


def test_progress_bar_writes_to_stderr(capsys):
    """Not a terminal here: plain lines (quarks.base.progress), the last one with every pair done."""
    C.compose_operands(8, [T[4], T[4]], 4, k=2, kernel="numba", progress=True)
    last = capsys.readouterr().err.strip().splitlines()[-1]
    done, total = re.search(r"(\S+)/(\S+) pair", last).groups()
    assert last.startswith("T_B(n=4) B=0x8") and done == total and "\r" not in last


@pytest.mark.slow
def test_n5_and_xor_counts():
    t = C.threshold_list(5, 1)
    assert len(t) == 94572
    a = C.compose_operands(8, [t, t], 5, k=2)
    x = C.compose_operands(6, [t, t], 5, k=2)
    assert (a.size, x.size) == (44642388, 387698944)
    # one full row against numpy: every f AND g whose upper half (x5 = 1) is 0
    parts = []
    for g in np.array_split(t, 256):  # about 280 MB at a time
        r = C.apply_operator(8, 2, [t[:, None], g[None, :]], 5)
        parts.append(np.unique(r[(r >> np.uint64(16)) == 0]))
        del r
    got = np.unique(np.concatenate(parts))
    bits = np.unpackbits(a.bitmap[:1024].astype("<u8").view(np.uint8), bitorder="little")
    assert np.array_equal(got, np.flatnonzero(bits).astype(np.uint64))
