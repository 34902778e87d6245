"""The §6 and Appendix E networks of quarks.attention.programs are the ones EngineNets.v proves to be
FlipFlop.v's, Induction.v's, Induction2.v's and DyckNet.v's networks: ``same_net`` by vm_compute for
the flip-flop and induction-head programs and for Dyck-k at every (k, n) of the quick tier of
``yang.dyck`` and ``yang.thm26``; an altered coefficient, a missing unit and a renumbered coordinate
are rejected."""
import subprocess
from fractions import Fraction

import pytest

from quarks.attention import programs
from quarks.certify import coq_gate
from quarks.ltl.parts import CompileError
from quarks.proofs.yang import coq_programs, uniform_tieless

pytestmark = pytest.mark.coq


def _coqc(built, tmp_path, text):
    (tmp_path / "ProgSame.v").write_text(text)
    return subprocess.run([coq_gate.coqc(), "-q", "-R", str(built.directory), coq_gate.LOGICAL, "ProgSame.v"],
                          cwd=tmp_path, capture_output=True, text=True)


def _cases():
    out = [("flipflop", 1), ("induction", 1), ("induction2", 1)]
    for claim in (uniform_tieless.dyck, uniform_tieless.thm26):
        for inst in claim.instances["quick"]:
            key = (inst["program"], inst["n"] if inst["program"].startswith("dyck") else 1)
            if key not in out:
                out.append(key)
    return out


def test_engine_programs_are_the_coq_networks(package_proofs, tmp_path):
    cases = _cases()
    assert ("dyck1", 8) in cases and ("dyck2", 5) in cases and len(cases) >= 16
    text = coq_programs.HEADER + "".join(coq_programs.comparison(p, n, f"same{k}") for k, (p, n) in enumerate(cases))
    res = _coqc(package_proofs, tmp_path, text)
    assert res.returncode == 0, res.stderr or res.stdout


def test_an_altered_coefficient_is_rejected(package_proofs, tmp_path):
    model = programs.dyck(2, 3)
    head = model.layers[4].heads[1]
    q, k, c = head.terms[0]
    assert c == 2
    head.terms[0] = (q, k, c + Fraction(1, 3))
    res = _coqc(package_proofs, tmp_path, coq_programs.HEADER + coq_programs.comparison("dyck2", 3, "altered", model))
    assert res.returncode != 0 and 'Unable to unify "true" with "false"' in res.stderr, res.stderr


def test_a_missing_unit_and_a_renumbered_coordinate_are_rejected(package_proofs, tmp_path):
    model = programs.dyck(1, 4)
    del model.layers[1].units[-1]  # the unit of d for m = 4
    text = coq_programs.comparison("dyck1", 4, "short", model)
    wrong = coq_programs.comparison("flipflop", 1, "renumbered").replace("SHead 6%nat 1%nat", "SHead 6%nat 0%nat")
    assert "SHead 6%nat 0%nat" in wrong
    for t in (text, wrong):
        res = _coqc(package_proofs, tmp_path, coq_programs.HEADER + t)
        assert res.returncode != 0 and 'Unable to unify "true" with "false"' in res.stderr, res.stderr


def test_numbering_is_dyck_nets():
    """No coqc needed: DyckNet.v's coordinates (cbase = 2k + 2 + n; q_m, b_m, k_m, t_c after the named ones)."""
    num = coq_programs.coordinate("dyck2", 3)
    alphabet = programs.dyck(2, 3).alphabet
    assert [num(c, alphabet) for c in ("w:(", "w:]", "one", "pos", "at1", "at3", "L", "out", "q1", "b1", "k3", "t1")] == \
        [0, 3, 4, 5, 6, 8, 9, 20, 22, 26, 32, 34]
    with pytest.raises(CompileError):
        num("q4", alphabet)
    with pytest.raises(CompileError):
        coq_programs.coq_net("dyck", 3)
