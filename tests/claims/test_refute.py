"""Counterexample search: smallest counterexamples with known values, certificates re-checked,
mutated certificates rejected, none found where the theorem holds, exit codes."""
import json

from quarks.checking.binding import check_file
from quarks.claims import refute as R
from quarks.cli import main


def found(claim, *pairs):
    ref = R.run(claim, pairs=pairs)
    assert ref.found, ref.tried
    return ref


def test_thm42_projection_operator(tmp_path):
    # B(z1, z2) = z1: T_B(n;1,1) = T(n;1), and |T(2;1)| = 14 < 16 = |T(1;1)|^2; n = 1 still holds (4 >= 4)
    ref = found("quarks.thm4.2", "operator=X")
    assert ref.instance["n"] == 2 and len(ref.tried) == 2
    cx = ref.verdict.counterexample
    assert (cx["size"], cx["lower"], cx["upper"]) == (14, 16, 196)
    path = R.certify(ref, tmp_path)
    assert check_file(path).ok
    # a certificate whose recorded class size is changed to satisfy the bound is rejected
    cert = json.loads(path.read_text())
    for rec in cert["evidence"]:
        if rec["kind"] == "arith":
            rec["values"]["size"]["value"] = 16
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(cert))
    assert not check_file(bad).ok


def test_thm42_smallest_reducible_is_a_constant():
    ref = found("quarks.thm4.2")
    assert ref.instance["n"] == 1 and ref.instance["operator"] == "FALSE"
    assert ref.verdict.counterexample["size"] == 1


def test_thm42_products_hold_in_both_encodings():
    for enc in ("01", "pm1"):
        ref = R.run("quarks.thm4.2", pairs=[f"encoding={enc}", "max_n=3"])
        assert not ref.found and [s for _, s, _ in ref.tried] == ["verified"] * 3


def test_degree_too_small_finds_parity(tmp_path):
    ref = found("quarks.eq4.3-ptf", "d=2")
    assert ref.instance == {"n": 3, "d": 2, "table": "0x69"}     # the least canonical form outside T(3;2)
    assert check_file(R.certify(ref, tmp_path)).ok
    ref = found("quarks.eq4.3-ptf", "d=1")
    assert ref.instance == {"n": 2, "d": 1, "table": "0x6"}      # XOR


def test_gate_products_pm1():
    ref = found("quarks.gate-products")
    assert ref.instance == {"encoding": "pm1", "wiring": "AND"}
    assert ref.verdict.counterexample == {"a": 0, "b": 0}       # (-1)(-1) = +1 but AND = -1


def test_zuev_at_n1_and_lemma52_at_j0(tmp_path):
    ref = found("quarks.eq4.1-zuev-n2")
    assert ref.instance["n"] == 1 and ref.verdict.counterexample["count"] == 4
    ref = found("quarks.lemma5.2")
    cx = ref.verdict.counterexample
    assert ref.instance == {"k": 1} and (cx["j"], cx["i"], cx["q(e_i)"]) == (0, 0, "theta0")
    assert check_file(R.certify(ref, tmp_path)).ok


def test_hot_softmax(tmp_path):
    ref = found("yang.thm26")
    assert ref.instance["n"] == 2 and ref.verdict.counterexample["word"] == "01"
    ref = found("yang.thm15")
    assert ref.instance["n"] == 2
    assert check_file(R.certify(ref, tmp_path)).ok
    # at our bound c = 2 the construction holds on every word up to length 4
    assert not R.run("yang.thm15", pairs=["c=2", "max_n=4"]).found


def test_cli_exit_codes(tmp_path, capsys):
    assert main(["refute", "quarks.thm4.2", "--param", "operator=X", "--out", str(tmp_path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["found"] and out["certificate_ok"] and out["instance"]["n"] == 2
    assert main(["refute", "quarks.thm4.2", "--param", "encoding=pm1", "--param", "max_n=2"]) == 1
    assert main(["refute", "quarks.thm4.2", "--param", "colour=red"]) == 2
    assert main(["refute", "quarks.thm4.2", "--param", "max_n=x"]) == 2
    assert main(["refute", "quarks.thm4.1"]) == 2
    err = capsys.readouterr().err
    assert "unknown parameter 'colour'" in err and "no counterexample search" in err


def test_undecided_candidates_are_reported_never_hidden(capsys):
    """A candidate whose check decides nothing is reported: no "smallest" past it, no "none" (issue 48)."""
    from argparse import Namespace

    from quarks.claims.claim import Verdict
    from quarks.cli import refute as cli

    calls = []

    def check(inst):
        calls.append(inst["k"])
        if inst["k"] == 1:
            return Verdict.inconclusive("timeout")
        if inst["k"] == 3 and inst.get("fail"):
            return Verdict.refuted("breaks", {"k": 3})
        return Verdict.verified("holds")

    base = R.SEARCHES["quarks.thm4.2"]
    search = R.Search(claim="quarks.thm4.2", name="test-undecided", hypothesis="a test", statement=lambda p: "s",
                      params={"fail": 0}, candidates=lambda p: [{"k": k, "fail": p["fail"]} for k in range(1, 5)],
                      check=check)
    R.SEARCHES["quarks.thm4.2"] = search
    try:
        ref = R.run("quarks.thm4.2", params={"fail": 1})
        assert ref.found and not ref.smallest and ref.as_dict()["smallest"] is False
        assert [i["k"] for i, _ in ref.undecided] == [1]
        none = R.run("quarks.thm4.2", params={"fail": 0})
        assert not none.found and none.as_dict()["undecided"] == [{"instance": {"k": 1, "fail": 0}, "reason": "timeout"}]
        assert cli.run(Namespace(claim="quarks.thm4.2", param=[], out=None, searches=False, json=False)) == 1
        text = capsys.readouterr().out
        assert "no counterexample among" not in text and "1 of 4 instance(s) undecided" in text
        assert "undecided: k=1, fail=0: timeout" in text
    finally:
        R.SEARCHES["quarks.thm4.2"] = base
