"""Threshold certificates checked by Coq's kernel (export-coq, check-cert --coq)."""
import pytest

from quarks.coq import export as coq_export

pytestmark = pytest.mark.coq

# AND of 2 variables: x1 + x2 - 1 >= 1 exactly on (1,1); XOR is not in T(2;1): weight 1 on each point
AND = {"kind": "realization", "n": 2, "degree": 1, "table": "0x8", "monomials": [1, 2], "weights": [1, 1],
       "threshold": 1}
XOR = {"kind": "nonrealization", "n": 2, "degree": 1, "table": "0x6", "true": [[1, 1], [2, 1]],
       "false": [[0, 1], [3, 1]]}


def _verdicts(*records):
    items = [coq_export.from_record(r, f"t{k}") for k, r in enumerate(records)]
    return [msg for _, msg in coq_export.check(items)]


def test_realization_and_farkas_are_coq_theorems():
    assert all(m.startswith("valid (Coq)") for m in _verdicts(AND, XOR))


def test_mutated_certificates_are_rejected_by_coq():
    bad_weight = dict(AND, weights=[1, 0])
    bad_multiplier = dict(XOR, true=[[1, 2], [2, 1]])
    bad_bit = dict(AND, table="0x9")
    out = _verdicts(bad_weight, bad_multiplier, bad_bit)
    assert all(m.startswith("rejected by Coq") for m in out), out


def test_other_kinds_have_no_coq_checker():
    assert _verdicts({"kind": "forall"}) == ["no Coq checker for kind forall"]


def test_export_cli(tmp_path):
    import json

    from quarks.certificates import certificate
    from quarks.claims import registry
    from quarks.claims.claim import Verdict
    from quarks.cli import main

    claim = registry.get("quarks.gate-products")
    cert = certificate.build(claim, {"encoding": "01"}, Verdict("verified", "s", [AND, XOR]), 0.1)
    path = certificate.write(cert, tmp_path / "c" / "x.json")
    assert main(["export-coq", str(path), "--out", str(tmp_path / "v")]) == 0
    assert len(list((tmp_path / "v").glob("*.v"))) == 2
    project = (tmp_path / "v" / "_CoqProject").read_text()
    assert ("-R quarks Quarks" in project and "quarks/threshold/Threshold.v" in project
            and "quarks/composition/Decomposition.v" in project)
    assert (tmp_path / "v" / "Makefile").is_file() and (tmp_path / "v" / "quarks" / "counting" / "Checker.v").is_file()
    assert main(["export-coq", str(tmp_path / "nope"), "--out", str(tmp_path / "v")]) == 2
    (tmp_path / "c" / "bad.json").write_text(json.dumps({"schema": "other"}))
    assert main(["export-coq", str(tmp_path / "c" / "bad.json"), "--out", str(tmp_path / "w")]) == 2
    assert not (tmp_path / "w").exists()


# XOR = OR(x0 AND NOT x1, NOT x0 AND x1), both operands in T(2;1): p = 2 x0 - 2 x1 - 1 and
# 2 x1 - 2 x0 - 1 (realization records: p = sum w_S x^S - threshold is >= 1 on true, <= -1 on false points)
XOR_BY_OR = {"kind": "decomposition", "n": 2, "table": "0x6", "operator": "0xe", "arity": 2, "degrees": [1, 1],
             "operands": [{"kind": "realization", "n": 2, "degree": 1, "table": "0x2", "monomials": [1, 2],
                           "weights": [2, -2], "threshold": 1},
                          {"kind": "realization", "n": 2, "degree": 1, "table": "0x4", "monomials": [1, 2],
                           "weights": [-2, 2], "threshold": 1}]}


def test_decomposition_is_a_coq_theorem():
    from quarks.certify.decomposition import check_decomposition

    assert check_decomposition(XOR_BY_OR).holds       # our own checker agrees
    assert _verdicts(XOR_BY_OR)[0].startswith("valid (Coq)")


def test_mutated_decompositions_are_rejected_by_coq():
    import copy

    weight = copy.deepcopy(XOR_BY_OR)
    weight["operands"][0]["weights"] = [2, 2]          # 2 x0 + 2 x1 - 1 > 0 is OR, not x0 AND NOT x1
    operator = dict(XOR_BY_OR, operator="0x8")         # AND of the operands is constantly false
    bit = dict(XOR_BY_OR, table="0x7")                 # f(1,1) flipped
    out = _verdicts(weight, operator, bit)
    assert all(m.startswith("rejected by Coq") for m in out), out


def test_exported_certificates_build_with_make(tmp_path):
    """coq_makefile -f _CoqProject && make builds an export moved elsewhere (another machine)."""
    import shutil
    import subprocess

    from quarks.certificates import certificate
    from quarks.claims import registry
    from quarks.claims.claim import Verdict
    from quarks.cli import main

    claim = registry.get("quarks.gate-products")
    cert = certificate.build(claim, {"encoding": "01"}, Verdict("verified", "s", [AND, XOR]), 0.1)
    path = certificate.write(cert, tmp_path / "c" / "x.json")
    assert main(["export-coq", str(path), "--out", str(tmp_path / "v")]) == 0
    shutil.move(tmp_path / "v", tmp_path / "w")
    r = subprocess.run(["coq_makefile", "-f", "_CoqProject", "-o", "CoqMakefile"], cwd=tmp_path / "w",
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run(["make", "-s", "-f", "CoqMakefile"], cwd=tmp_path / "w", capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert len(list((tmp_path / "w").glob("*.vo"))) == 2
