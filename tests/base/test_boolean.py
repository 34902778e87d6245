"""Truth tables: conventions, operators, restriction, the hyperoctahedral action, canonical forms."""
import itertools
import random

import numpy as np
import pytest

from quarks.base.boolean import (
    BINARY_OPERATORS,
    IRREDUCIBLE_BINARY,
    TruthTable,
    canonical,
    canonical_array,
    compose,
    depends_on_array,
    extend_array,
    irreducible_operators,
    is_irreducible,
    negate_input_array,
    negate_inputs_array,
    negate_output_array,
    operators,
    permute_array,
    restrict_array,
    swap_inputs_array,
    values_array,
)


def test_bit_convention():
    # x1 is bit 0: the 0/1 string lists f(0), f(1), ... so "0101" is x1 and "0011" is x2
    assert TruthTable.from_string("0101") == TruthTable.variable(2, 0)
    assert TruthTable.from_string("0011") == TruthTable.variable(2, 1)
    f = TruthTable.from_string("0001")
    assert f.bits == 8 and f.to_hex() == "0x8" and f.to_string() == "0001"
    assert f((1, 1)) and not f((1, 0)) and f(3) and not f(1)
    assert TruthTable.from_hex("0x6996") == TruthTable.from_string("0110100110010110")
    assert TruthTable.from_hex("6996").n == 4 and TruthTable.from_hex("ff", 3).bits == 255


def test_parse_rules_and_errors():
    assert TruthTable.parse("0110") == BINARY_OPERATORS["XOR"]
    assert TruthTable.parse("0x6") == TruthTable.parse("6", n=2) == BINARY_OPERATORS["XOR"]
    assert TruthTable.parse("0x0123456789abcdef").n == 6
    for bad, n in [("011", None), ("0x", None), ("0xg1", None), ("abc", None), ("0x1ff", 3), ("0x123", None)]:
        with pytest.raises(ValueError):
            TruthTable.parse(bad, n)


def test_encodings():
    and01 = TruthTable.from_callable(2, lambda a, b: a & b)
    andpm = TruthTable.from_callable(2, lambda a, b: 1 if a == b == 1 else -1, encoding="pm1")
    assert and01 == andpm == BINARY_OPERATORS["AND"]
    # a product of ±1 values is XNOR (true = +1)
    assert TruthTable.from_callable(2, lambda a, b: a * b, encoding="pm1") == BINARY_OPERATORS["XNOR"]
    assert list(and01.values("01")) == [0, 0, 0, 1]
    assert list(and01.values("pm1")) == [-1, -1, -1, 1]
    assert TruthTable.from_values([-1, 1, 1, -1], "pm1") == BINARY_OPERATORS["XOR"]
    with pytest.raises(ValueError):
        TruthTable.from_callable(1, lambda a: 2)


def test_binary_operators():
    ops = BINARY_OPERATORS
    assert len(ops) == 16 and len({B.bits for B in ops.values()}) == 16
    x, y = TruthTable.variable(2, 0), TruthTable.variable(2, 1)
    assert ops["AND"] == x & y and ops["OR"] == x | y and ops["XOR"] == x ^ y
    assert ops["NAND"] == ~(x & y) and ops["NOR"] == ~(x | y) and ops["XNOR"] == ~(x ^ y)
    assert ops["X_IMPLIES_Y"] == ~x | y and ops["Y_IMPLIES_X"] == x | ~y
    assert ops["X_AND_NOT_Y"] == x & ~y and ops["NOT_X_AND_Y"] == ~x & y
    assert ops["X"] == x and ops["NOT_Y"] == ~y
    assert sorted(IRREDUCIBLE_BINARY) == sorted(
        ["AND", "OR", "XOR", "XNOR", "NAND", "NOR",
         "X_IMPLIES_Y", "Y_IMPLIES_X", "X_AND_NOT_Y", "NOT_X_AND_Y"])
    assert [len(irreducible_operators(k)) for k in range(4)] == [2, 2, 10, 218]
    assert not is_irreducible(ops["X"]) and is_irreducible(ops["XOR"])


def test_compose():
    n = 3
    f1, f2 = TruthTable.variable(n, 0), TruthTable.variable(n, 2)
    assert compose(BINARY_OPERATORS["XOR"], [f1, f2]) == f1 ^ f2
    maj = TruthTable.from_callable(3, lambda a, b, c: int(a + b + c >= 2))
    g = compose(maj, [f1, f2, TruthTable.variable(n, 1)])
    assert g == maj  # variables in a different order, majority is symmetric


def _brute_permute(f, perm):
    n = f.n
    return TruthTable.from_callable(n, lambda *x: int(f(tuple(x[perm[i]] for i in range(n)))))


def test_restrict_permute_negate_against_definitions():
    rng = random.Random(1)
    for n in range(1, 8):
        for _ in range(10):
            f = TruthTable(n, rng.getrandbits(1 << n))
            perm = list(range(n))
            rng.shuffle(perm)
            assert f.permute(perm) == _brute_permute(f, perm)
            mask = rng.getrandbits(n)
            assert f.negate_inputs(mask) == TruthTable(n, sum(f(x ^ mask) << x for x in range(1 << n)))
            i, v = rng.randrange(n), rng.randrange(2)
            r = f.restrict(i, v)
            for y in range(1 << (n - 1)):
                x = (y & ((1 << i) - 1)) | (v << i) | ((y >> i) << (i + 1))
                assert r(y) == f(x)
            assert f.depends_on(i) == (f.restrict(i, 0) != f.restrict(i, 1))


def test_words():
    rng = random.Random(2)
    f = TruthTable(8, rng.getrandbits(256))
    w = f.words()
    assert w.dtype == np.uint64 and len(w) == 4
    assert int(w[0]) == f.bits & (2**64 - 1) and int(w[3]) == f.bits >> 192
    assert TruthTable.from_words(8, w) == f
    assert len(TruthTable(3, 5).words()) == 1


def test_canonical_is_orbit_minimum_and_class_counts():
    # NPN classes (permute, negate inputs, negate output): OEIS A000370
    assert [len({canonical(f) for f in operators(n)}) for n in range(4)] == [1, 2, 4, 14]
    all4 = np.arange(1 << 16, dtype=np.uint64)
    assert len(np.unique(canonical_array(all4, 4, chunk=1 << 16))) == 222
    rng = random.Random(3)
    for n in range(1, 6):
        f = TruthTable(n, rng.getrandbits(1 << n))
        orbit = f.orbit()
        assert canonical(f).bits == min(g.bits for g in orbit)
        assert 2 ** n * 2 * len(list(itertools.permutations(range(n)))) % len(orbit) == 0
        g = f.transform(perm=rng.sample(range(n), n), flips=rng.getrandbits(n), negate_output=True)
        assert canonical(g) == canonical(f)
    f = TruthTable(6, rng.getrandbits(64))
    assert canonical(f) == canonical(~f.swap_inputs(0, 5).negate_input(3))


def test_array_helpers_agree_with_scalars():
    rng = random.Random(4)
    for n in range(1, 7):
        fs = [TruthTable(n, rng.getrandbits(1 << n)) for _ in range(20)]
        arr = np.array([f.bits for f in fs], dtype=np.uint64)
        for i in range(n):
            assert [int(a) for a in negate_input_array(arr, n, i)] == [f.negate_input(i).bits for f in fs]
            assert list(depends_on_array(arr, n, i)) == [f.depends_on(i) for f in fs]
            for v in (0, 1):
                assert [int(a) for a in restrict_array(arr, n, i, v)] == [f.restrict(i, v).bits for f in fs]
            j = rng.randrange(n)
            assert [int(a) for a in swap_inputs_array(arr, n, i, j)] == [f.swap_inputs(i, j).bits for f in fs]
        perm = rng.sample(range(n), n)
        assert [int(a) for a in permute_array(arr, n, perm)] == [f.permute(perm).bits for f in fs]
        mask = rng.getrandbits(n)
        assert [int(a) for a in negate_inputs_array(arr, n, mask)] == [f.negate_inputs(mask).bits for f in fs]
        assert [int(a) for a in negate_output_array(arr, n)] == [(~f).bits for f in fs]
        low, high = restrict_array(arr, n, n - 1, 0), restrict_array(arr, n, n - 1, 1)
        assert (extend_array(low, high, n) == arr).all()
        assert (values_array(arr, n) == np.array([f.values() for f in fs])).all()
        if n <= 5:
            assert [int(c) for c in canonical_array(arr, n)] == [canonical(f).bits for f in fs]
