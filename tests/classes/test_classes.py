"""Class algebra: parser errors, exact counts computed two ways, symmetry classes, CLI exit codes."""
import itertools
import json

import pytest

from quarks.classes import BeyondReach, ParseError, classes, denote, parse, unparse
from quarks.cli import main
from quarks.solvers.compose import apply_operator, threshold_list


def brute_ltf(n, wmax):
    """T(n;1) from integer weights in [-wmax, wmax]: independent of the enumeration engine."""
    out = set()
    for w in itertools.product(range(-wmax, wmax + 1), repeat=n):
        sums = [sum(w[i] for i in range(n) if (x >> i) & 1) for x in range(1 << n)]
        for t in range(-n * wmax - 1, n * wmax + 1):
            out.add(sum(1 << x for x in range(1 << n) if sums[x] > t))
    return out


def members(expr):
    return set(int(t) for t in denote(expr).members())


def test_all3_minus_and_two_ways():
    T3 = brute_ltf(3, 2)
    assert len(T3) == 104
    and_class = {apply_operator(0b1000, 2, [f, g], 3) for f in T3 for g in T3}
    assert len(and_class) == 246
    s = denote("all(3) - T_AND(3;1,1)")
    assert s.count() == 256 - 246 == 10
    assert members("all(3) - T_AND(3;1,1)") == set(range(256)) - and_class
    # not closed under the group: 8 of a 16-class and the 2 parities
    closed, groups = classes(s)
    assert not closed
    assert sorted((size, k) for _, size, k in groups) == [(2, 2), (16, 8)]


def test_counts_of_threshold_algebra():
    assert denote("T(4;1)").count() == 1882
    assert denote("T(4;2) - T(4;1)").count() == len(threshold_list(4, 2)) - 1882
    assert denote("T(3;2) - T(3;1)").count() == 254 - 104
    assert denote("T_X(3;1,1) - T(3;1)").count() == 0          # B = z1 gives T(n;1) itself
    assert denote("T(3;1) - T_X(3;1,1)").count() == 0
    # parity of 3 variables is neither an LTF nor the XOR of two LTFs (checked by brute force)
    T3 = brute_ltf(3, 2)
    xor_class = {f ^ g for f in T3 for g in T3}
    assert set(range(256)) - T3 - xor_class == {0x69, 0x96}
    assert members("~(T(3;1) | T_XOR(3;1,1))") == {0x69, 0x96}
    assert denote("T(2;1) & T_XOR(2;1,1)").count() == 14
    assert denote("none(3) | fn(3;0x96)").count() == 1


def test_de_morgan_and_difference():
    a, b = "T_AND(3;1,1)", "T_XOR(3;1,1)"
    assert members(f"~({a} | {b})") == members(f"~{a} & ~{b}")
    assert members(f"{a} - {b}") == members(f"{a} & not {b}")
    assert members(f"{a} | {b}") == members(a) | members(b)


def test_parity_needs_degree_n():
    for n in (2, 3, 4):
        closed, groups = classes(denote(f"all({n}) - T({n};{n - 1})"))
        parity = sum(1 << x for x in range(1 << n) if bin(x).count("1") % 2)
        canon = min(parity, parity ^ ((1 << (1 << n)) - 1))
        assert closed and groups == [(canon, 2, 2)]


def test_orbit():
    assert members("orbit(fn(3;0x96))") == {0x69, 0x96}
    assert denote("orbit(fn(3;0x80))").count() == 16    # AND3 up to negations: 8 minterms, 8 maxterms
    t = denote("orbit(T_AND(3;1,1))")
    assert t.count() == 246 + 8                            # the 8 missing: an OR-type 16-class half
    assert members("orbit(T(4;1))") == members("T(4;1)")


def test_parse_errors_point_at_column():
    with pytest.raises(ParseError, match="column 21: expected '\\)'"):
        parse("all(3) - T_AND(3;1,1")
    with pytest.raises(ParseError, match="column 8: '\\|' combines sets of functions of 3 and 4"):
        parse("all(3) | T(4;1)")
    with pytest.raises(ParseError, match="column 3: unknown operator 'FOO'"):
        parse("T_FOO(3;1)")
    with pytest.raises(ParseError, match="2 arguments but 1 degree"):
        parse("T_AND(3;1)")
    with pytest.raises(ParseError, match="column 8: unexpected character"):
        parse("all(3) @ T(3;1)")
    assert unparse(parse("not (T(3;1) or T(3;2)) and all(3)")) == "~(T(3;1) | T(3;2)) & all(3)"


def test_n5_counts_and_beyond_reach():
    assert denote("all(5) - T(5;1)").count() == 2 ** 32 - 94572
    assert denote("~T(5;1) | T(5;1)").count() == 2 ** 32
    assert denote("T(5;1) & fn(5;0x80000000)").count() == 1
    with pytest.raises(BeyondReach, match="T\\(5;2\\) is beyond reach"):
        denote("T(5;2)")
    with pytest.raises(BeyondReach, match="n = 6 is beyond reach"):
        denote("all(6)")


def test_cli(capsys):
    assert main(["classes", "all(3) - T_AND(3;1,1)"]) == 0
    assert capsys.readouterr().out.strip() == "10"
    assert main(["classes", "all(4) - T(4;3)", "--list", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)   # the certificate --out writes: the answer in its record
    assert out["claim"] == "explore.classes" and out["data"]["answer"] == 2
    res = out["evidence"][0]["result"]
    assert res["closed"] and res["classes"] == [{"canonical": "0x6996", "size": 2, "in_set": 2}]
    assert main(["classes", "T(3;1)", "--sample", "5", "--json"]) == 0
    sample = json.loads(capsys.readouterr().out)["evidence"][0]["result"]["sample"]
    assert len(sample) == 5 and all(int(h, 16) in brute_ltf(3, 2) for h in sample)
    assert main(["classes", "all(3) - (T_AND(3;1,1"]) == 2
    assert "column" in capsys.readouterr().err
    assert main(["classes", "T(5;3)"]) == 2
    assert "beyond reach" in capsys.readouterr().err
