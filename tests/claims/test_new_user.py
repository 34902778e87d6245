"""What a new user does, end to end, by the command line: a claims module outside the package, with a
Coq lemma of its own, is listed, verified (the lemma proved), refuted where false, exported to Coq,
and its certificates re-checked with --claims on a second checkout (another directory, another Coq
cache), where a changed certificate and a missing --claims are rejected in one line."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.coq

MODULE = '''"""My claims: Gauss's sum (with a Coq proof of its own), AND a threshold function, and XOR claimed one."""
from quarks import Claim, Source, decide, realize
from quarks.certificates.evidence import forall


def gauss(instance):
    n = instance["n"]
    fact = ["==", ["*", 2, ["sum", "i", 1, "m", "i"]], ["*", "m", ["+", "m", 1]]]
    return decide([forall([["m", 1, n]], fact)], f"2 (1 + ... + m) = m (m + 1) for m <= {n}")


def threshold(instance):
    f = realize(instance["table"], n=instance["n"])
    return decide([f.to_evidence(asserts="realizable")], f"{instance['table']} is in T({instance['n']};1)")


GAUSS = Claim(id="own.gauss", source=Source("my notes", "Lemma 1"), statement="2 (1 + ... + m) = m (m + 1)",
              latex="", kind="finite", instances={"quick": [{"n": 20}], "full": [{"n": 20}]}, check=gauss,
              coq=("Gauss.v:gauss",), coq_dir="theories")
AND = Claim(id="own.and", source=Source("my notes", "Example 2"), statement="AND is a threshold function",
            latex="", kind="finite", instances={"quick": [{"table": "0x8", "n": 2}], "full": []}, check=threshold)
XOR = Claim(id="own.xor", source=Source("my notes", "Example 3"), statement="XOR is a threshold function",
            latex="", kind="finite", instances={"quick": [{"table": "0x6", "n": 2}], "full": []}, check=threshold,
            expected="refuted")
'''
GAUSS = '''From Coq Require Import Arith Lia.

Fixpoint sum_to (m : nat) : nat := match m with 0 => 0 | S k => S k + sum_to k end.

Theorem gauss : forall m, 2 * sum_to m = m * (m + 1).
Proof. induction m as [|k IH]; simpl; lia. Qed.
'''


def quarks_cli(*argv, cwd: Path, cache: Path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QUARKS_COQ_CACHE": str(cache), "COLUMNS": "400"}
    env.pop("QUARKS_EXTRA_CLAIMS", None)
    return subprocess.run([sys.executable, "-m", "quarks", *argv], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)


def write_module(where: Path) -> None:
    (where / "theories").mkdir(parents=True)
    (where / "theories" / "_CoqProject").write_text("-R . Quarks\nGauss.v\n")
    (where / "theories" / "Gauss.v").write_text(GAUSS)
    (where / "mine.py").write_text(MODULE)


@pytest.fixture(scope="module")
def mine(tmp_path_factory):
    """A directory with mine.py and theories/, verified there: (directory, its certificates)."""
    me = tmp_path_factory.mktemp("me")
    write_module(me)
    listed = quarks_cli("--claims", "mine.py", "list", "own.*", cwd=me, cache=me / "cache")
    assert listed.returncode == 0, listed.stderr
    rows = {line.split()[0]: line for line in listed.stdout.splitlines()[1:]}
    assert list(rows) == ["own.gauss", "own.and", "own.xor"]
    assert "my notes Lemma 1" in rows["own.gauss"] and "refuted as printed" in rows["own.xor"]
    verified = quarks_cli("--claims", "mine.py", "verify", "own.*", cwd=me, cache=me / "cache")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    outcome = {line.split()[0]: line for line in verified.stdout.splitlines() if line.startswith("own.")}
    assert outcome["own.gauss"].endswith("proved (Coq, all parameters)") and outcome["own.and"].endswith("verified on n <= 2")
    assert outcome["own.xor"].endswith("refuted as printed")
    certs = me / ".quarks" / "certificates"
    return me, sorted(p.relative_to(certs).as_posix() for p in certs.rglob("*.json"))


def test_listed_verified_proved_and_refuted(mine):
    me, files = mine
    assert files == ["own.and/n=2,table=0x8.json", "own.gauss/n=20.json", "own.gauss/proof=coq.json",
                     "own.xor/n=2,table=0x6.json"]
    certs = me / ".quarks" / "certificates"
    proof = json.loads((certs / "own.gauss" / "proof=coq.json").read_text())
    assert proof["evidence"][0]["proved"] is True and list(proof["evidence"][0]["files"]) == ["Gauss.v"]
    xor = json.loads((certs / "own.xor" / "n=2,table=0x6.json").read_text())
    assert xor["verdict"] == "refuted" and xor["evidence"][0]["kind"] == "nonrealization"
    for cert in (proof, xor):
        assert cert["claims_module"]["module"] == "mine" and len(cert["claims_module"]["sha256"]) == 64


def test_exported_to_coq(mine, tmp_path):
    me, _ = mine
    out = quarks_cli("--claims", "mine.py", "export-coq", ".quarks/certificates", "--out", str(tmp_path / "coq"),
                     cwd=me, cache=me / "cache")
    assert out.returncode == 0, out.stderr
    assert "2 theorem(s) written" in out.stdout and "no Coq checker for kind forall" in out.stdout
    theorems = sorted(p.name for p in (tmp_path / "coq").glob("cert_*.v"))
    assert len(theorems) == 2 and (tmp_path / "coq" / "Makefile").is_file()
    texts = " ".join((tmp_path / "coq" / t).read_text() for t in theorems)
    assert "\\in T 2 1" in texts and "\\notin T 2 1" in texts


@pytest.mark.heavy
def test_exported_coq_builds(mine, tmp_path):
    me, _ = mine
    assert quarks_cli("--claims", "mine.py", "export-coq", ".quarks/certificates", "--out", str(tmp_path / "coq"),
                      cwd=me, cache=me / "cache").returncode == 0
    made = subprocess.run(["make", "-C", str(tmp_path / "coq")], capture_output=True, text=True, timeout=1800)
    assert made.returncode == 0, made.stdout[-2000:] + made.stderr[-2000:]


def test_rechecked_on_a_second_checkout(mine, tmp_path):
    me, files = mine
    colleague = tmp_path / "colleague"
    write_module(colleague)
    shutil.copytree(me / ".quarks" / "certificates", colleague / "certificates")
    cache = tmp_path / "colleague-cache"        # another machine: the Coq theories compiled afresh
    again = quarks_cli("check-cert", "--claims", "mine.py", "certificates", cwd=colleague, cache=cache)
    assert again.returncode == 0, again.stdout + again.stderr
    assert f"{len(files)} valid, 0 rejected" in again.stdout and "trust: Coq's kernel" in again.stdout
    bare = quarks_cli("check-cert", "certificates/own.and", cwd=colleague, cache=cache)
    assert bare.returncode == 1 and "re-check with --claims mine.py" in bare.stdout
    changed = colleague / "certificates" / "own.and" / "n=2,table=0x8.json"
    cert = json.loads(changed.read_text())
    cert["evidence"][0]["weights"][0] += 1
    changed.write_text(json.dumps(cert))
    mutated = quarks_cli("check-cert", "--claims", "mine.py", "certificates/own.and", cwd=colleague, cache=cache)
    assert mutated.returncode == 1 and mutated.stdout.startswith("REJECTED")
    assert "0 valid, 1 rejected" in mutated.stdout
