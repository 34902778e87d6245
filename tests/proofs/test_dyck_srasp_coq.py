"""The engine's Dyck-k S-RASP network (quarks.attention.dyck_srasp) is Coq's brasp_net (k + k)
(dyck_prog k), the network of DyckSRaspThm.v's dyck_srasp_correct: written as an snet it is SRaspIntRat.v's
rational twin sbrasp_net (k + k) (dyck_prog k) by one vm_compute of same_net (k = 1, 2), so read over R
and put in matrix form it is brasp_net (sdyck_brasp_real); an altered coefficient is rejected.  About 1 s
of coqc each."""
import subprocess
from fractions import Fraction

import pytest

from quarks.attention import dyck_srasp
from quarks.certify import coq_gate
from quarks.proofs.yang import coq_programs

pytestmark = pytest.mark.coq


def _coqc(built, tmp_path, text):
    (tmp_path / "SraspSame.v").write_text(coq_programs.SRASP_HEADER + text)
    return subprocess.run([coq_gate.coqc(), "-q", "-R", str(built.directory), coq_gate.LOGICAL, "SraspSame.v"],
                          cwd=tmp_path, capture_output=True, text=True)


@pytest.mark.parametrize("k", [1, 2])
def test_engine_network_is_brasp_net(package_proofs, tmp_path, k):
    res = _coqc(package_proofs, tmp_path, coq_programs.srasp_comparison(k, f"same{k}"))
    assert res.returncode == 0, res.stderr or res.stdout


def test_an_altered_coefficient_is_rejected(package_proofs, tmp_path):
    model = dyck_srasp.dyck_srasp(1)
    head = model.layers[8].heads[0]
    q, kk, c = head.terms[0]
    assert c == 2
    head.terms[0] = (q, kk, c + Fraction(1, 3))
    res = _coqc(package_proofs, tmp_path, coq_programs.srasp_comparison(1, "altered", model))
    assert res.returncode != 0 and 'Unable to unify "true" with "false"' in res.stderr, res.stderr or res.stdout
