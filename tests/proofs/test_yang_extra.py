"""Seed 004 additions: Lemmas 25 and 29 (our forms), SymPy records for Lemmas 6 and 9, the temperature plot."""
from fractions import Fraction

from quarks.certificates import certificate
from quarks.certify import check_record
from quarks.claims import registry


def test_lemma25_and_29_quick_tier_with_certificates():
    for cid in ("yang.lemma25", "yang.lemma29"):
        claim = registry.get(cid)
        for inst in claim.instances_for("quick"):
            v = claim.run(inst)
            assert v.status == "verified", (cid, v.summary)
            assert certificate.check(certificate.build(claim, inst, v))[0]


def test_lemma25_catches_a_hot_model():
    from quarks.proofs.yang.error_recursion import lemma25_ball, lemma25_check

    ok = lemma25_check("flipflop", 5)
    assert ok["holds"] and ok["m"] == 6 and ok["tau"] == "1/60"
    hot = lemma25_check("flipflop", 5, tau="1/4")  # the same deltas, a model 15x hotter
    assert not hot["holds"] and hot["violations"] == ["bit"]
    word, coord = hot["first"]
    assert coord == "bit" and lemma25_ball("flipflop", 5, word, coord)["holds"]  # at tau(n) itself: fine


def test_lemma29_bounds_are_exact_and_above_x():
    from quarks.attention import programs
    from quarks.proofs.yang.error_recursion import growth_bounds, lemma29_check

    r = lemma29_check("flipflop", 5)
    assert r["holds"] and r["X"] == "2" and r["bounds"] == ["4", "4"]
    assert growth_bounds(programs.program("dyck1", 6), 6)[-1] == Fraction(48978)


def test_symbolic_records_prove_and_reject_tampering():
    from quarks.proofs.yang.algebra import lemma6_record, lemma9_record

    for rec in (lemma6_record(), lemma9_record()):
        out = check_record(rec)
        assert out.valid and out.holds
    bad = lemma9_record()
    bad["steps"][0]["rhs"] = "1"  # f = 1 left of 1/4: false, and the recorded 'holds' no longer re-derives
    assert not check_record(bad).valid
    bad = lemma6_record()
    bad["steps"][2]["expr"] = bad["steps"][2]["expr"].replace("(1/(1 + p))/(1 - (1/(1 + p)))", "1/2", 1)
    assert not check_record(bad).valid


def test_temperature_usage_errors(tmp_path):
    from quarks.cli import main

    assert main(["temperature", "plot", "--max-n", "1"]) == 2
    assert main(["temperature", "plot", "--step", "x"]) == 2
    assert main(["temperature", "plot", "--out", str(tmp_path / "nope" / "t.png")]) == 2
    assert main(["temperature", "plot", "--out", str(tmp_path / "t.txt")]) == 2
    assert not list(tmp_path.iterdir())


def test_temperature_plot_small(tmp_path):
    from quarks.cli import main
    from quarks.ltl.temperature import rows

    table = rows(3, Fraction(1, 4))
    got = {(r["construction"], r["n"]): r["factor"] for r in table}
    assert got[("S", 2)] == Fraction(5, 4) and got[("lookup", 3)] == Fraction(7, 4)
    out = tmp_path / "t.png"
    assert main(["temperature", "plot", "--max-n", "3", "--out", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
