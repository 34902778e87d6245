"""The symbolic evidence kind: safe parsing, exact decisions, the builder and the re-checker."""
import subprocess
import sys

import pytest

from quarks.certify import CertificateError, check_record
from quarks.certify.symbolic.parse import parse
from quarks.symbolic.derivation import Derivation, Undecided, interval


def _der():
    return Derivation({"d": {"positive": True}, "x": {}, "y": {}})


# --- parsing ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "__import__('os')", "x.__class__", "1.5*x", "lambda: 0", "z + 1", "open", "x; y", "x if y else 1",
])
def test_parse_refuses_anything_outside_the_vocabulary(text):
    with pytest.raises(CertificateError):
        parse(text, {"x": __import__("sympy").Symbol("x"), "y": __import__("sympy").Symbol("y")})


def test_parse_round_trip_of_rationals_and_constants():
    import sympy

    d = sympy.Symbol("d", positive=True)
    assert parse("1/2*log(d) + E", {"d": d}) == sympy.Rational(1, 2) * sympy.log(d) + sympy.E


# --- steps ---------------------------------------------------------------------------------------

def test_diff_true_and_false_with_witness():
    der = _der()
    assert der.diff("log(d)/d", "d", "(1 - log(d))/d**2").holds is True
    t = der.diff("log(d)/d", "d", "(2 - log(d))/d**2")
    assert t.holds is False and t.witness == {"d": "1"}
    rec = der.record()
    out = check_record(rec)
    assert out.valid and not out.holds


def test_sign_by_onto_parametrization_and_enclosures():
    der = _der()
    assert der.sign("(1 - log(d))/d**2", "negative", "d", interval("E", "oo"), via="exp").holds
    assert der.sign("(1 - log(d))/d**2", "positive", "d", interval(0, "E"), via="exp").holds
    assert der.sign("(1 - log(d))/d**2", "positive", "d", interval("E", "oo"), via="exp").holds is False
    assert der.sign("3 - E", "positive").holds          # rational enclosure of e
    assert der.sign("log(3) - 1", "positive").holds
    assert der.sign("E - 2719/1000", "negative").holds  # e = 2.71828...
    assert der.sign("3*d**3 - (d+1)**3", "positive", "d", interval(3, "oo", left_open=False)).holds
    assert check_record(der.record()).valid


def test_undecidable_sign_is_never_recorded():
    der = _der()
    with pytest.raises(Undecided):
        der.sign("log(d) - d", "negative", "d", interval(0, "oo"), via="shift")


def test_solveset_right_and_wrong_critical_point():
    der = _der()
    assert der.solveset("(1 - log(d))/d**2", "d", interval(0, "oo"), ["E"]).holds
    assert der.solveset("(1 - log(d))/d**2", "d", interval(0, "oo"), ["2"]).holds is False
    assert check_record(der.record()).valid


def test_quantities_exact():
    der = _der()
    assert der.degree("(x + y)**3*x", ["x", "y"], 4).found == 4
    assert der.nterms("(x + y)**3", ["x", "y"], 4).found == 4
    assert der.nfree("d*x + y**2", 2, exclude=["x"]).found == 2
    assert der.rank("Matrix([[1, 2], [2, 4]])", 1).found == 1
    assert der.matricization_rank("(x + x**2)*y", ["x"], ["y"], [1, 2, 3], 1).found == 1
    assert der.matricization_rank("x*y + x**2*y**2", ["x"], ["y"], [1, 2, 3], 2).found == 2
    t = der.degree("(x + y)**3*x", ["x", "y"], 5)
    assert t.holds is False and t.found == 4
    assert check_record(der.record()).valid


# --- the checker -----------------------------------------------------------------------------------

def _good():
    der = _der()
    der.define("h", "log(d)/d")
    der.diff("h", "d", "(1 - log(d))/d**2")
    der.degree("(x + y)**2", ["x", "y"], 2)
    return der.record()


def test_good_record_rechecks():
    out = check_record(_good())
    assert out.valid and out.holds


def test_flipped_holds_is_invalid():
    rec = _good()
    rec["steps"][0]["holds"] = False
    assert not check_record(rec).valid


def test_changed_expression_is_invalid():
    rec = _good()
    rec["steps"][0]["result"] = "(2 - log(d))/d**2"
    assert not check_record(rec).valid          # holds=True no longer provable
    rec = _good()
    rec["defs"][0][1] = "log(d)/d**2"
    assert not check_record(rec).valid


def test_changed_found_is_invalid():
    rec = _good()
    rec["steps"][1]["found"] = 3
    assert not check_record(rec).valid


def test_false_claim_needs_a_real_witness():
    der = _der()
    t = der.equal("d", "d**2")
    assert t.holds is False and t.witness == {"d": "2"}
    rec = der.record()
    assert check_record(rec).valid
    rec["steps"][0]["witness"] = {"d": "1"}    # d = d^2 there: no disproof
    assert not check_record(rec).valid
    rec["steps"][0]["witness"] = {"d": "-1"}   # violates d > 0
    with pytest.raises(CertificateError):
        check_record(rec)


def test_unknown_op_and_malformed_records_raise():
    rec = _good()
    rec["steps"][0]["op"] = "prove_everything"
    with pytest.raises(CertificateError, match="unknown symbolic op"):
        check_record(rec)
    rec = _good()
    del rec["steps"][0]["holds"]
    with pytest.raises(CertificateError):
        check_record(rec)
    rec = _good()
    rec["symbols"]["d"] = {"hopeful": True}
    with pytest.raises(CertificateError):
        check_record(rec)
    with pytest.raises(CertificateError):
        check_record({"kind": "symbolic", "steps": []})


def test_importing_the_proofs_does_not_import_sympy():
    code = "import sys, quarks.proofs.navon.optimum, quarks.certify.symbolic.check; print('sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=".")
    assert out.stdout.strip() == "False", out.stderr
