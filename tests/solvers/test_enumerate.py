"""Enumeration and counting of T(n;d): exact counts, completeness checks, certificates, CLI."""
import json

import numpy as np
import pytest

from quarks.base.errors import UsageError
from quarks.cli import main
from quarks.solvers import enumerate as E
from quarks.solvers.classify import classify, features, monomials, verify
from quarks.solvers.completeness import check_farkas, check_regular_dual, cube_points, verify_regular_enumeration

A000609 = [2, 4, 14, 104, 1882, 94572]


@pytest.mark.parametrize("n", range(6))
def test_count_degree_one(n):
    assert E.count_threshold(n, 1) == A000609[n]


def test_regular_and_positive_counts():
    # regular positive representatives, and positive LTFs (OEIS A000617: 3, 6, 20, 150, 3287, 244158)
    got = [E.regular_counts(E.regular_threshold(n)) for n in range(1, 7)]
    assert [g["positive"] for g in got] == [3, 6, 20, 150, 3287, 244158]
    assert [g["regular"] for g in got] == [3, 5, 10, 27, 119, 1113]


@pytest.mark.parametrize("n", range(1, 6))
def test_list_degree_one(n):
    tabs = E.threshold_class(n, 1).ravel()
    assert len(tabs) == A000609[n]
    assert np.all(np.diff(tabs.astype(np.int64) if n < 6 else tabs) > 0)  # sorted, no repeats


def test_list_t6():
    tabs = E.threshold_class(6, 1).ravel()
    assert len(tabs) == 15028134
    assert np.all(tabs[1:] > tabs[:-1])
    # spot checks: AND, OR, majority-like x1 + x2 + x3 >= 2, and XOR x1 x2 absent
    x = np.arange(64)
    def table(bits):
        return np.uint64(sum(1 << int(i) for i in np.flatnonzero(bits)))
    b = (x[:, None] >> np.arange(6)) & 1
    def member(t):
        i = np.searchsorted(tabs, t)
        return i < len(tabs) and tabs[i] == t
    for bits in (b.all(axis=1), b.any(axis=1), b[:, :3].sum(axis=1) >= 2):
        assert member(table(bits))
    assert not member(table(b[:, 0] ^ b[:, 1]))


@pytest.mark.slow
def test_count_t7():
    assert E.count_threshold(7, 1) == 8378070864


@pytest.mark.parametrize("n", range(1, 5))
def test_list_matches_classification(n):
    listed = set(E.threshold_class(n, 1).ravel().tolist())
    assert listed == set(np.flatnonzero(classify(n, 1).member).tolist())


def test_degree_two_and_consistency():
    assert [E.count_threshold(n, 2) for n in (2, 3, 4)] == [16, 254, 57574]
    for n in range(1, 5):
        size = 1 << n
        parity = sum(1 << x for x in range(size) if bin(x).count("1") % 2)
        member = classify(n, n - 1).member
        out = set(np.flatnonzero(~member).tolist())
        assert out == {parity, (1 << size) - 1 - parity}          # all but the two parities
        assert classify(n, n).member.all()                        # every function
        assert E.count_threshold(n, n - 1) == (1 << size) - 2
    assert E.count_threshold(5, 5) == 1 << 32
    assert len(E.threshold_class(3, 2)) == 254


def test_classification_evidence_and_mutations():
    cl = classify(4, 1)
    res = verify(cl)
    assert res == {"functions": 65536, "members": 1882, "orbits": 222, "all_valid": True, "invalid": 0}
    r = next(r for r in cl.rep_poly if cl.reps[r] not in (0, 65535))
    vals, t = cl.rep_poly[r]
    cl.rep_poly[r] = (vals, t + 10**6)                       # a wrong threshold
    assert not verify(cl)["all_valid"]
    cl.rep_poly[r] = (vals, t)
    q = next(iter(cl.rep_dual))
    cl.rep_dual[q] = cl.rep_dual[q].copy()
    cl.rep_dual[q][np.flatnonzero(cl.rep_dual[q])[0]] += 1    # unequal sums
    assert not verify(cl)["all_valid"]


def test_exact_lp_xor_and_and():
    from quarks.solvers.orbits import full_lp

    phi = features(2, monomials(2, 1))
    c = np.zeros(3, np.int64)
    y = np.zeros(4, np.int64)
    assert full_lp(0b0110, 2, phi, c, y) == 0              # XOR: Farkas certificate
    v = np.array([0, 1, 1, 0])
    assert check_farkas(v, y, cube_points(2))
    assert list(y) == [1, 1, 1, 1] or np.all(y == y[0])     # 00 + 11 = 01 + 10
    assert full_lp(0b1000, 2, phi, c, y) == 1              # AND
    assert all(((phi[x] @ c[:2]) >= c[2]) == (x == 3) for x in range(4))


def test_completeness_record():
    for n in range(1, 5):
        res = verify_regular_enumeration(n, A000609[n])
        assert res["holds"] and res["count"] == A000609[n]
    assert not verify_regular_enumeration(4, 1883)["holds"]


def test_rejection_certificates_checked():
    enum = E.regular_threshold(6, keep_rejected=True)
    from quarks.solvers.completeness import point_bits

    points = cube_points(6)
    rejected = [(v, d) for lev in enum.levels[1:] for v, d in zip(point_bits(lev.rejected, 6), lev.duals)]
    assert rejected
    for v, d in rejected:
        assert check_regular_dual(v, d, 6, points)
    v, d = rejected[0]
    bad = d.copy()
    bad[np.flatnonzero(v == 0)[0]] = -1                      # negative multiplier
    assert not check_regular_dual(v, bad, 6, points)
    worse = np.zeros_like(d)
    assert not check_regular_dual(v, worse, 6, points)    # sum mu >= 1 fails


def test_bigint_fallback_agrees():
    enum = E.regular_threshold(4, keep_rejected=True)
    from quarks.solvers.completeness import point_bits

    for lev in enum.levels[1:]:
        for v in point_bits(lev.tables, 4):
            assert E.decide_bigint(v, 4)[0]
        for v in point_bits(lev.rejected, 4):
            assert not E.decide_bigint(v, 4)[0]


def test_api_bad_input():
    with pytest.raises(UsageError):
        E.count_threshold(9, 1)
    with pytest.raises(UsageError):
        E.count_threshold(-1, 1)
    with pytest.raises(UsageError):
        E.threshold_class(7, 1)
    with pytest.raises(UsageError):
        E.count_threshold(5, 2)
    assert E.count_threshold(0, 1) == 2


def test_cli_count(capsys, tmp_path):
    assert main(["count", "--n", "5"]) == 0
    assert capsys.readouterr().out.strip() == "94572"
    assert main(["count", "--n", "4", "--degree", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["count"] == 57574 and out["n"] == 4 and out["degree"] == 2
    path = tmp_path / "t3.txt"
    assert main(["count", "--n", "3", "--list", str(path)]) == 0
    lines = path.read_text().split()
    assert len(lines) == 104 and "80" in lines and "fe" in lines and "66" not in lines
    npy = tmp_path / "t4.npy"
    assert main(["count", "--n", "4", "--list", str(npy)]) == 0
    assert np.load(npy).shape == (1882, 1)


@pytest.mark.parametrize("argv, words", [
    (["count", "--n", "10"], "above the limit 9"),
    (["count", "--n", "3", "--degree", "4"], "outside 0..n"),
    (["count", "--n", "3", "--degree", "-1"], "outside 0..n"),
    (["count", "--n", "5", "--degree", "2"], "limit 4"),
    (["count", "--n", "7", "--list", "x.npy"], "--list supports n <= 6"),
    (["count", "--n", "40", "--degree", "40"], "limit 16"),
])
def test_cli_count_bad_input(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1
    assert not list(tmp_path.iterdir())                       # no half-written file
