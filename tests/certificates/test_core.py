"""The spine: exact expressions, evidence records, certificates, registry."""
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from quarks.base.exact import ExprError, evaluate, rank
from quarks.certificates import certificate
from quarks.certificates.evidence import arith, forall
from quarks.certify import CertificateError, check_record
from quarks.checking import binding
from quarks.claims import registry
from quarks.claims.claim import Claim, Source, Verdict


def test_exact_arithmetic():
    assert evaluate(["+", 1, "1/2"]) == Fraction(3, 2)
    assert evaluate(["^", 2, 100]) == 2**100
    assert evaluate(["binom", 10, 3]) == 120
    assert evaluate(["sum", "k", 0, 4, ["binom", 4, "k"]]) == 16
    assert evaluate(["<", ["^", 2, 3], ["^", 3, 2]]) is True
    assert evaluate(["/", 6, 3]) == 2 and isinstance(evaluate(["/", 6, 3]), int)
    with pytest.raises(ExprError):
        evaluate(["frobnicate", 1])
    with pytest.raises(ExprError):
        evaluate("x")


def test_rank_over_q():
    assert rank([[1, 2], [2, 4]]) == 1
    assert rank([[1, 0, 0], [0, 1, 0], [1, 1, 0]]) == 2
    assert rank([[Fraction(1, 2), 1], [1, 2]]) == 1
    assert evaluate(["rank", [[1, 2], [3, 4]]]) == 2


def test_arith_record_rechecks_and_rejects_mutation():
    rec = arith({"a": ["^", 3, 2], "b": ["^", 2, 3]}, [("3^2 > 2^3", [">", "a", "b"])])
    assert rec["values"]["a"]["value"] == 9
    out = check_record(rec)
    assert out.valid and out.holds
    bad = json.loads(json.dumps(rec))
    bad["values"]["a"]["value"] = 10  # one number changed
    assert not check_record(bad).valid
    bad = json.loads(json.dumps(rec))
    bad["values"]["a"]["expr"] = ["^", 3, 1]  # the expression changed, not the value
    assert not check_record(bad).valid
    bad = json.loads(json.dumps(rec))
    bad["facts"][0]["holds"] = False
    assert not check_record(bad).valid


def test_arith_values_resolve_in_any_order(tmp_path):
    rec = arith({"z": 2, "b": ["^", "z", 3], "a": ["+", "b", 1]}, [("a = 9", ["==", "a", 9])])
    shuffled = {"kind": "arith", "values": dict(sorted(rec["values"].items())), "facts": rec["facts"]}
    assert list(shuffled["values"]) == ["a", "b", "z"]
    assert check_record(shuffled).valid
    cyclic = {"kind": "arith", "values": {"a": {"expr": "b", "value": 1}, "b": {"expr": "a", "value": 1}}}
    with pytest.raises(CertificateError, match="do not resolve"):
        check_record(cyclic)


def test_forall_record():
    rec = forall([["d", 4, 60]], ["<", ["^", "d", 3], ["^", 3, "d"]])
    assert rec["holds"] and rec["cases"] == 57
    assert check_record(rec).valid
    rec["cases"] = 58
    assert not check_record(rec).valid
    fails = forall([["n", 1, 10]], [">=", ["^", 2, "n"], ["^", "n", 2]])
    assert fails["holds"] is False and fails["witness"] == {"n": 3}
    out = check_record(fails)
    assert out.valid and not out.holds
    fails["witness"] = {"n": 4}  # 2^4 = 4^2: not a counterexample
    assert not check_record(fails).valid


def test_unknown_evidence_kind_and_outside_procedure():
    with pytest.raises(CertificateError, match="unknown evidence kind"):
        check_record({"kind": "magic"})
    # a procedure a certificate names is never run: without a re-derivation the record is not checked
    from quarks.certify import NotChecked
    with pytest.raises(NotChecked, match="re-deriving"):
        check_record({"kind": "exhaustive", "procedure": "os:system", "args": {"command": "false"},
                      "result": {"holds": True}})


def _cert(claim_id="test.square-sum", n=3):
    claim = registry.get(claim_id)
    inst = {"n": n}
    return certificate.build(claim, inst, claim.run(inst))


def test_certificate_roundtrip(tmp_path):
    path = certificate.write(_cert(), tmp_path / "c.json")
    res = binding.check_file(path)
    assert res.ok and res.verdict == "verified"


def test_certificate_with_one_number_changed_is_rejected(tmp_path):
    cert = _cert()
    cert["evidence"][0]["values"]["rhs"]["value"] = 13  # n(n+1) = 12 at n = 3
    path = certificate.write(cert, tmp_path / "c.json")
    assert not binding.check_file(path).ok


def test_verdict_must_follow_from_evidence(tmp_path):
    from quarks.certify import CheckContext, check_evidence

    def check(cert):
        return check_evidence(cert, CheckContext())[0]

    cert = _cert("test.bad-bound")
    assert check(cert)
    cert["verdict"] = "verified"  # the evidence refutes it
    assert not check(cert)
    cert = _cert()
    cert["verdict"] = "refuted"
    assert not check(cert)
    cert = _cert()
    cert["evidence"] = []
    assert not check(cert)


def test_large_payload_goes_to_a_hashed_side_file(tmp_path):
    cert = _cert()
    cert["evidence"][0]["data"] = list(range(100000))
    path = certificate.write(cert, tmp_path / "c.json")
    side = list(tmp_path.glob("*.payload.json"))
    assert len(side) == 1 and binding.check_file(path, evidence_only=True).ok  # evidence layer only
    side[0].write_text(side[0].read_text().replace("99999", "99998"))
    res = binding.check_file(path)
    assert not res.ok and "sha256" in res.message


def test_malformed_certificates(tmp_path):
    (tmp_path / "x.json").write_text("{not json")
    (tmp_path / "y.json").write_text('{"schema": "other"}')
    for name, why in (("x.json", "not JSON"), ("y.json", "not a quarks certificate"), ("missing.json", "unreadable")):
        res = binding.check_file(tmp_path / name)
        assert not res.ok and why in res.message, res.message


def test_checker_imports_no_solver_or_cas(tmp_path):
    path = certificate.write(_cert(), tmp_path / "c.json")
    code = (
        "import sys; from quarks.checking.binding import check_file; "
        f"r = check_file({str(path)!r}, isolate=False); assert r.ok, r.message; "
        "bad = [m for m in ('sympy', 'z3', 'pysat', 'scipy') if m in sys.modules]; "
        "assert not bad, bad; print('clean')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "clean" in out.stdout


def test_checkers_cannot_import_solvers(monkeypatch):
    import quarks.certify as kernel

    def sneaky(record, ctx):
        import scipy.optimize  # noqa: F401 - a checker that would trust a solver
        return kernel.Outcome(True, True)

    for name in ("scipy", "scipy.optimize"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(kernel, "checker", lambda kind: sneaky)
    with pytest.raises(CertificateError, match="needs scipy"):
        check_record({"kind": "sneaky"})


def test_registry_select_and_unknown():
    ids = [c.id for c in registry.select(["test.*"])]
    assert "test.square-sum" in ids and "test.bad-bound" in ids
    assert [c.id for c in registry.select(["test.square-sum"])] == ["test.square-sum"]
    with pytest.raises(registry.UnknownClaim, match="closest: test.square-sum"):
        registry.select(["test.square-summ"])


def test_claim_model():
    c = registry.get("test.square-sum")
    assert len(c.instances_for("quick")) == 3
    assert len(c.instances_for("full", max_n=4)) == 4
    with pytest.raises(ValueError):
        c.instances_for("medium")
    with pytest.raises(ValueError):
        Claim("x", Source("003", "1"), "s", "l", "magic", {}, lambda i: None)
    v = registry.get("test.raises").run({})
    assert v.status == "error" and "boom" in v.summary
    with pytest.raises(ValueError):
        Verdict("maybe")


def test_notebook_api():
    import quarks

    assert quarks.realize("0110").realizable is False  # XOR is not a threshold function
    assert quarks.realize("0x8", n=2).realizable is True
    assert quarks.decompose("0110", op="AND").__class__.__name__ == "Decomposition"
    assert quarks.function_set("T(4;2) - T(4;1)").count() == 57574 - 1882
    assert quarks.count(5) == 94572
