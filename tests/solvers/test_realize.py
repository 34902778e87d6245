"""Realizability: exact certificates, their checkers, mutations, the CLI."""
import json
import random
import subprocess
import sys

import pytest

from quarks.base.boolean import BINARY_OPERATORS, IRREDUCIBLE_BINARY, TruthTable, operators
from quarks.certify import CertificateError, check_record
from quarks.certify.threshold import polynomial_values
from quarks.cli import main
from quarks.solvers.monomials import monomials
from quarks.solvers.realize import NonRealizability, Realization, interpolant, is_threshold, realize


def test_monomial_order():
    assert monomials(3, 1) == (1, 2, 4)
    assert monomials(3, 2) == (1, 2, 4, 3, 5, 6)
    assert monomials(3, 3) == (1, 2, 4, 3, 5, 6, 7)
    assert len(monomials(6, 2)) == 6 + 15 and monomials(4, 0) == ()


def test_xor_and_and():
    xor = realize(BINARY_OPERATORS["XOR"])
    assert not xor.realizable
    # the classical certificate: the two true points and the two false points, weight 1 each
    assert xor.true_multipliers == ((1, 1), (2, 1)) and xor.false_multipliers == ((0, 1), (3, 1))
    r = realize(BINARY_OPERATORS["AND"])
    assert r.realizable and r.weights == (2, 2) and r.threshold == 3
    assert r.polynomial() == "2*x1 + 2*x2 - 3"
    assert realize(BINARY_OPERATORS["XOR"], degree=2).realizable
    # every binary operator except XOR and XNOR is linear threshold
    assert {name for name, B in BINARY_OPERATORS.items() if not is_threshold(B)} == {"XOR", "XNOR"}
    assert len([B for B in IRREDUCIBLE_BINARY.values() if is_threshold(B)]) == 8


@pytest.mark.parametrize("backend", ["lp", "z3", "sat"])
def test_counts_small(backend):
    # |T(n;1)| = 2, 4, 14, 104 for n = 0..3 (OEIS A000609); |T(2;0)| = 2; T(3;2) misses the 2 parities
    counts = [sum(realize(f, 1, backend).realizable for f in operators(n)) for n in (1, 2)]
    assert counts == [4, 14]
    assert sum(realize(f, 0, backend).realizable for f in operators(0)) == 2
    assert sum(realize(f, 0, backend).realizable for f in operators(2)) == 2
    if backend == "lp":
        assert sum(realize(f, 1).realizable for f in operators(3)) == 104
        nonreal = [f for f in operators(3) if not realize(f, 2).realizable]
        assert sorted(f.to_hex() for f in nonreal) == ["0x69", "0x96"]


def test_degree_n_interpolant_and_edge_cases():
    rng = random.Random(5)
    for n in range(0, 7):
        f = TruthTable(n, rng.getrandbits(1 << n))
        p = interpolant(f)
        assert p.problem() is None
        assert polynomial_values(n, {0: -p.threshold, **dict(zip(p.monomials, p.weights))}) == list(f.values("pm1"))
        assert realize(f, n).realizable
    parity = TruthTable.from_callable(5, lambda *x: sum(x) % 2)
    assert interpolant(parity).degree == 5 and not realize(parity, 4).realizable
    assert realize(TruthTable(0, 1), 0).realizable and realize(TruthTable(0, 0), 0).realizable
    with pytest.raises(ValueError):
        realize(parity, 6)
    with pytest.raises(ValueError):
        realize(parity, 1, backend="cplex")


def test_twelve_variables():
    rng = random.Random(6)
    n = 12
    w = [rng.randint(-40, 40) for _ in range(n)]
    f = TruthTable.from_callable(n, lambda *x: int(sum(a * b for a, b in zip(w, x)) > 7))
    r = realize(f)
    assert r.realizable and check_record(r.to_evidence()).valid
    g = f ^ TruthTable(n, 1 << 1234)
    c = realize(g)
    assert not c.realizable and check_record(c.to_evidence()).holds
    # Caratheodory: the support has at most #monomials + 2 = 14 points
    assert len(c.true_multipliers) + len(c.false_multipliers) <= n + 2


def test_evidence_roundtrip_and_asserts():
    maj = TruthTable.from_callable(3, lambda a, b, c: int(a + b + c >= 2))
    r = realize(maj)
    rec = r.to_evidence()
    assert json.loads(json.dumps(rec)) == rec
    out = check_record(rec)
    assert out.valid and out.holds
    assert Realization.from_evidence(rec) == r
    # a valid certificate against an asserted opposite fact: valid, does not hold (a refutation)
    out = check_record(realize(BINARY_OPERATORS["XOR"]).to_evidence(asserts="realizable"))
    assert out.valid and not out.holds
    x = realize(BINARY_OPERATORS["XNOR"])
    assert NonRealizability.from_evidence(x.to_evidence()) == x


def _value_at(r, x):
    return sum(w for S, w in zip(r.monomials, r.weights) if x & S == S) - r.threshold


def test_mutated_realizations_rejected():
    rng = random.Random(7)
    found = []
    for n, d in [(3, 1), (4, 1), (4, 2), (5, 2), (6, 1), (6, 2)]:
        coeffs = {S: rng.randint(-5, 5) for S in monomials(n, d)}
        f = TruthTable.from_callable(
            n, lambda *x: int(2 * sum(c for S, c in coeffs.items()
                                      if all(x[i] for i in range(n) if S >> i & 1)) > 1))
        r = realize(f, d)
        assert r.realizable
        found.append(r)
    for r in found:
        rec = r.to_evidence()
        for j, S in enumerate(r.monomials):
            # change one weight so that p vanishes at the point x = S: must be rejected
            bad = dict(rec, weights=list(rec["weights"]))
            bad["weights"][j] -= _value_at(r, S)
            out = check_record(bad)
            assert not out.valid and not out.holds
        bad = dict(rec, threshold=rec["threshold"] + _value_at(r, 0))
        assert not check_record(bad).valid
        bad = dict(rec, table=TruthTable(r.f.n, r.f.bits ^ 1).to_hex())
        assert not check_record(bad).valid


def test_mutated_farkas_rejected():
    rng = random.Random(8)
    for n, d in [(2, 1), (4, 1), (5, 2), (6, 1), (6, 2)]:
        c = realize(TruthTable(n, rng.getrandbits(1 << n)), d)
        while c.realizable:
            c = realize(TruthTable(n, rng.getrandbits(1 << n)), d)
        f = c.f
        rec = c.to_evidence()
        assert check_record(rec).valid
        for side in ("true", "false"):
            for k in range(len(rec[side])):
                for delta in (1, -1):
                    bad = json.loads(json.dumps(rec))
                    bad[side][k][1] += delta
                    assert not check_record(bad).valid
        bad = json.loads(json.dumps(rec))
        bad["degree"] = d + 1  # the same multipliers do not balance the monomials of degree d + 1
        assert not check_record(bad).valid or realize(f, d + 1).realizable is False


def test_malformed_records():
    rec = realize(BINARY_OPERATORS["AND"]).to_evidence()
    for bad in [dict(rec, table="zz"), dict(rec, degree=5), dict(rec, weights=[2, "2"]), dict(rec, asserts="maybe")]:
        with pytest.raises(CertificateError):
            check_record(bad)
    assert not check_record(dict(rec, monomials=[1, 3])).valid  # x1*x2 has degree 2 > 1
    nr = realize(BINARY_OPERATORS["XOR"]).to_evidence()
    assert not check_record(dict(nr, true=[], false=[])).valid  # all zero
    assert not check_record(dict(nr, true=[[0, 1], [3, 1]], false=[[1, 1], [2, 1]])).valid  # wrong sides


def test_checker_imports_no_solver():
    code = (
        "import sys, json\n"
        "from quarks.certify import check_record\n"
        "rec = {'kind': 'nonrealization', 'n': 2, 'degree': 1, 'table': '0x6',"
        " 'true': [[1, 1], [2, 1]], 'false': [[0, 1], [3, 1]]}\n"
        "assert check_record(rec).holds\n"
        "rec = {'kind': 'realization', 'n': 2, 'degree': 1, 'table': '0x8',"
        " 'monomials': [1, 2], 'weights': [2, 2], 'threshold': 3}\n"
        "assert check_record(rec).holds\n"
        "bad = [m for m in ('scipy', 'z3', 'pysat', 'sympy', 'numpy') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_cli(capsys):
    assert main(["realize", "0110"]) == 0
    out = capsys.readouterr().out
    assert "not realizable" in out and "T(2;1)" in out
    assert main(["realize", "0x8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["data"]["realizable"] is True and data["evidence"][0]["weights"] == [2, 2]
    assert check_record(data["evidence"][0]).holds
    assert main(["realize", "0x6996", "--degree", "3", "--json", "--backend", "z3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["data"]["realizable"] is False and check_record(data["evidence"][0]).holds
    for argv in (["011"], ["0xzz"], ["0110", "--degree", "3"], ["0110", "--degree", "-1"],
                 ["0x1234", "--n", "3"], ["0x" + "f" * 32768], ["0x" + "0" * 128, "--backend", "sat"]):
        assert main(["realize", *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "error" in err
