"""Section 5: programs, gaps, the temperature rule, certification, and the refuted hot variant."""
from fractions import Fraction

from quarks.attention import programs
from quarks.attention import uniform_tieless as U
from quarks.proofs.yang import uniform_tieless as M


def test_gaps_exact():
    a = U.analyse("induction", 5)
    assert a["holds"] and a["cases"] == 243
    assert a["gaps"]["h:a"] == "2/5" and a["gamma"] == "1/5"
    assert U.analyse("flipflop", 6)["gamma"] == "1/6"


def test_dyck_matches_stack():
    assert programs.dyck_reference("([])(", 2) == [0, 0, 0, 1, 0]
    for n in range(1, 9):
        assert U.analyse("dyck1", n)["agrees"]


def test_rule_and_certificate():
    a = U.analyse("flipflop", 8)
    m, tau, bound = U.rule("flipflop", 8, Fraction(a["gamma"]), Fraction(a["X"]), Fraction(1, 10))
    assert (m, tau) == (6, Fraction(1, 96)) and bound <= Fraction(1, 10)
    assert U.certify("flipflop", 8, str(tau), "1/10")["holds"]


def test_hot_variant_refuted_with_word():
    v = M.thm26_hot.check({"program": "flipflop", "n": 6, "tau": "1"})
    assert v.status == "refuted" and v.counterexample["word"] == "000001"


def test_tampered_record_rejected(tmp_path):
    """An exhaustive record is confirmed only by re-deriving the certificate from its claim."""
    from quarks.certificates import certificate
    from quarks.checking import binding

    inst = {"program": "dyck2", "n": 4}
    v = M.lemma24.check(inst)
    cert = certificate.build(M.lemma24, inst, v)
    assert certificate.check(cert)[0]
    cert["evidence"][0]["result"] = {**cert["evidence"][0]["result"], "digest": "0" * 64}
    res = binding.check_file(certificate.write(cert, tmp_path / "c.json"), rederive=True)
    assert not res.ok


def test_lemma27_pieces():
    assert [M.sawtooth_check(d)["pieces"] for d in range(1, 6)] == [2, 4, 8, 16, 32]
    r = M.lemma27_check(5, 3)
    assert r["holds"] and r["pieces"] == 15
