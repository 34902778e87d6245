"""A claims module's own Coq theories (``coq_dir``): built and gated like the package's, proved,
certified, and re-checked from a second directory; a changed or admitted theory is caught."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.coq

MODULE = '''
from quarks import Claim, Source, Verdict

def holds(instance):
    return Verdict.verified("proved in Coq; nothing to check per instance")

DOUBLE = Claim(id="own.double", source=Source("my notes", "Lemma 3"), statement="2 * sum_to m = m (m + 1)",
               latex="", kind="asymptotic", instances={"quick": [], "full": []}, check=holds,
               coq=("Gauss.v:gauss", "Gauss.v:excluded_middle"), coq_dir="theories")
'''
GAUSS = '''From Coq Require Import Arith Lia Classical_Prop.

Fixpoint sum_to (m : nat) : nat := match m with 0 => 0 | S k => S k + sum_to k end.

Theorem gauss : forall m, 2 * sum_to m = m * (m + 1).
Proof. induction m as [|k IH]; simpl; lia. Qed.

Theorem excluded_middle : forall P : Prop, P \\/ ~ P.
Proof. exact classic. Qed.
'''


def run(*argv, cwd, cache):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QUARKS_COQ_CACHE": str(cache)}
    env.pop("QUARKS_EXTRA_CLAIMS", None)
    return subprocess.run([sys.executable, "-m", "quarks", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def write(where: Path, gauss: str = GAUSS):
    (where / "theories").mkdir(parents=True)
    (where / "theories" / "_CoqProject").write_text("-R . Quarks\nGauss.v\n")
    (where / "theories" / "Gauss.v").write_text(gauss)
    (where / "mine.py").write_text(MODULE)


def test_own_theories_proved_certified_and_rechecked(tmp_path):
    me, colleague, cache = tmp_path / "me", tmp_path / "colleague", tmp_path / "cache"
    write(me)
    out = run("--claims", "mine.py", "prove", "own.*", "--out", "certs", cwd=me, cache=cache)
    assert out.returncode == 0, out.stderr
    cert = json.loads((me / "certs" / "own.double" / "proof=coq.json").read_text())
    [record] = cert["evidence"]
    assert record["kind"] == "coq" and record["proved"] is True
    # the claim's two theorems are printed together: each records the claim's union
    assert record["axioms"] == {"Gauss.v:gauss": ["Coq.Logic.Classical_Prop.classic"],
                                "Gauss.v:excluded_middle": ["Coq.Logic.Classical_Prop.classic"]}
    assert list(record["files"]) == ["Gauss.v"]
    write(colleague)
    (colleague / "certs").mkdir()
    (colleague / "certs" / "proof=coq.json").write_text(json.dumps(cert))
    again = run("check-cert", "--claims", "mine.py", "certs", cwd=colleague, cache=cache)
    assert again.returncode == 0, again.stdout
    assert "OK" in again.stdout and "trust: Coq's kernel" in again.stdout
    (colleague / "theories" / "Gauss.v").write_text(GAUSS.replace("simpl; lia", "simpl;  lia"))
    changed = run("check-cert", "--claims", "mine.py", "certs", cwd=colleague, cache=cache)
    assert changed.returncode == 1 and "REJECTED" in changed.stdout and "Gauss.v" in changed.stdout


@pytest.mark.parametrize("cheat", ["Admitted.", "Axiom sneaky : False.\nQed."])
def test_own_theories_pass_the_same_gate(cheat, tmp_path):
    write(tmp_path, GAUSS.replace("Proof. exact classic. Qed.", "Proof. " + cheat))
    out = run("--claims", "mine.py", "prove", "own.double", cwd=tmp_path, cache=tmp_path / "cache")
    assert out.returncode == 1
    assert "the theories do not compile: Gauss.v: uses " + cheat.split()[0].rstrip(".") in out.stdout
