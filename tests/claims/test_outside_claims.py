"""Claims from outside the package: --claims (a module, a .py file, a directory), the quarks.claims
entry point, the public Claim/Source/Verdict/decide API, claim objects in quarks.verify."""
import hashlib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import quarks
from quarks.claims import registry
from quarks.claims.claim import Source

ROOT = Path(__file__).resolve().parents[2]

CLAIM = '''
from quarks import Claim, Source, decide
from quarks.certificates.evidence import forall


def twice(instance):
    n = instance["n"]
    return decide([forall([["m", 0, n]], ["==", ["+", "m", "m"], ["*", 2, "m"]])], f"m + m = 2m for m <= {n}")


NAME = Claim(id="CID", source=Source("SOURCE", "Lemma 2"), statement="m + m = 2m", latex="m + m = 2m",
             kind="finite", instances={"quick": [{"n": 3}], "full": [{"n": 3}, {"n": 9}]}, check=twice)
'''


def module_text(cid="own.twice", name="TWICE", source="doi:10.1000/xyz"):
    return CLAIM.replace("NAME", name).replace("CID", cid).replace("SOURCE", source)


def quarks_cli(*argv, cwd, extra_path=()):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*map(str, extra_path), str(ROOT)])}
    env.pop("QUARKS_EXTRA_CLAIMS", None)
    return subprocess.run([sys.executable, "-m", "quarks", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_a_source_is_any_text():
    assert str(Source("mypaper", "Thm 1")) == "mypaper Thm 1" and Source("mypaper", "Thm 1").paper == "mypaper"
    assert str(Source("my notes")) == "my notes"
    assert str(Source("doi:10.1000/xyz", "Lemma 2")) == "doi:10.1000/xyz Lemma 2"
    assert str(Source("000", "Theorem 4.2")) == "Baldi-Vershynin, Thm 4.2"   # a seed file: named by its paper
    assert Source("000", "Theorem 4.2").key == "000"
    assert Source("000", "Theorem 4.2").paper.startswith("Baldi & Vershynin")


def test_the_claim_api_is_public():
    from quarks import Claim, Source, Verdict, decide  # noqa: F401

    assert {"Claim", "Source", "Verdict", "decide"} <= set(quarks.__all__)
    assert quarks.Claim is registry.Claim


def test_load_a_file_names_its_module_and_hash(tmp_path):
    f = tmp_path / "own_hash_probe.py"
    f.write_text(module_text("own.hash-probe"))
    [(mod, origin)] = registry.load(str(f))
    assert origin.module == "own_hash_probe" and origin.load == str(f)
    assert origin.sha256 == hashlib.sha256(f.read_bytes()).hexdigest()   # what sha256sum prints
    assert mod.TWICE.id == "own.hash-probe"


@pytest.mark.parametrize("layout", ["file", "module", "package", "directory"])
def test_claims_option_loads_each_form(layout, tmp_path):
    if layout in ("file", "module"):
        (tmp_path / "mine.py").write_text(module_text())
        spec = "mine.py" if layout == "file" else "mine"
    elif layout == "package":
        (tmp_path / "minepkg").mkdir()
        (tmp_path / "minepkg" / "__init__.py").write_text("")
        (tmp_path / "minepkg" / "lemmas.py").write_text(module_text())
        spec = "minepkg"
    else:
        (tmp_path / "several").mkdir()
        (tmp_path / "several" / "one.py").write_text(module_text())
        (tmp_path / "several" / "two.py").write_text(module_text("own.twice-again", "AGAIN", "my notes"))
        spec = "several"
    out = quarks_cli("--claims", spec, "list", "own.*", cwd=tmp_path, extra_path=[tmp_path])
    assert out.returncode == 0, out.stderr
    assert "own.twice" in out.stdout and "doi:10.1000/xyz Lemma" in out.stdout   # the source column abbreviated to fit 100 columns
    assert ("own.twice-again" in out.stdout) == (layout == "directory")
    after = quarks_cli("list", "--claims", spec, "own.twice", cwd=tmp_path, extra_path=[tmp_path])
    assert after.returncode == 0 and "own.twice" in after.stdout   # after the verb too


def test_entry_point_group_quarks_claims(tmp_path):
    site = tmp_path / "site"
    (site / "own_plugin-0.1.dist-info").mkdir(parents=True)
    (site / "own_plugin.py").write_text(module_text("own.plugin"))
    (site / "own_plugin-0.1.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: own-plugin\nVersion: 0.1\n")
    (site / "own_plugin-0.1.dist-info" / "entry_points.txt").write_text("[quarks.claims]\nown = own_plugin\n")
    out = quarks_cli("show", "own.plugin", cwd=tmp_path, extra_path=[site])
    assert out.returncode == 0, out.stderr
    assert "source: doi:10.1000/xyz" in out.stdout and "claims module: own_plugin" in out.stdout


def test_bad_claims_modules_are_one_line_usage_errors(tmp_path):
    (tmp_path / "boom.py").write_text("raise ValueError('boom')\n")
    (tmp_path / "clash.py").write_text(module_text("quarks.thm4.2"))
    for spec, said in (("nosuch.py", "no such .py file or directory"), ("nosuch_module", "no module named"),
                       ("boom.py", "importing it failed: ValueError: boom"), ("clash.py", "declared twice")):
        out = quarks_cli("--claims", spec, "list", cwd=tmp_path)
        assert out.returncode == 2, (spec, out.stderr)
        assert said in out.stderr and "Traceback" not in out.stderr and len(out.stderr.splitlines()) == 1


def test_verify_takes_claim_objects(tmp_path):
    (tmp_path / "mine.py").write_text(module_text())
    script = textwrap.dedent('''
        import json, sys
        import quarks, mine
        from quarks import Claim, Source, Verdict
        one = quarks.verify(mine.TWICE, progress=False)
        def nothing(instance):
            return Verdict.refuted("a made-up refutation", counterexample=instance)
        NB = Claim(id="nb.never", source=Source("a notebook"), statement="never", latex="", kind="finite",
                   instances={"quick": [{"n": 1}], "full": [{"n": 1}]}, check=nothing, expected="refuted")
        both = quarks.verify([mine.TWICE, NB], progress=False)
        print(json.dumps([[(r.claim, r.status) for r in rep.results] for rep in (one, both)]))
        print(json.dumps(json.load(open(".quarks/certificates/own.twice/n=3.json"))["claims_module"]))
        print(quarks.show(NB)["source"]["seed"])
    ''')
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    env.pop("QUARKS_EXTRA_CLAIMS", None)
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    runs, origin, seed = out.stdout.splitlines()
    assert runs == '[[["own.twice", "verified"]], [["own.twice", "verified"], ["nb.never", "refuted"]]]'
    sha = hashlib.sha256((tmp_path / "mine.py").read_bytes()).hexdigest()
    assert origin == f'{{"load": "{tmp_path / "mine.py"}", "module": "mine", "sha256": "{sha}"}}'
    assert seed == "a notebook"


def test_a_certificate_written_from_python_is_rechecked_on_a_second_checkout(tmp_path):
    """quarks.verify(claim) records where the module was loaded (an absolute path); a colleague's copy
    in another directory binds by the module's name and sha256, whatever that path."""
    me, colleague = tmp_path / "me", tmp_path / "colleague"
    me.mkdir()
    (me / "mine.py").write_text(module_text())
    script = "import quarks, mine; quarks.verify(mine.TWICE, progress=False)"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(me), str(ROOT)])}
    env.pop("QUARKS_EXTRA_CLAIMS", None)
    made = subprocess.run([sys.executable, "-c", script], cwd=me, env=env, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    cert = me / ".quarks" / "certificates" / "own.twice" / "n=3.json"
    assert json.loads(cert.read_text())["claims_module"]["load"] == str(me / "mine.py")
    (colleague / "certs").mkdir(parents=True)
    (colleague / "mine.py").write_text(module_text())
    (colleague / "certs" / "n=3.json").write_text(cert.read_text())
    again = quarks_cli("check-cert", "--claims", "mine.py", "certs", cwd=colleague)
    assert again.returncode == 0, again.stdout
    assert again.stdout.startswith("OK") and "1 valid, 0 rejected" in again.stdout
    (colleague / "mine.py").write_text(module_text() + "# edited\n")
    edited = quarks_cli("check-cert", "--claims", "mine.py", "certs", cwd=colleague)
    assert edited.returncode == 1 and "is not the one that wrote the certificate" in edited.stdout
