"""Coq is optional: without coqc (QUARKS_COQC pointing nowhere) the Coq claims are "not checked" in one
line each and everything else works (verify, prove, report, check-cert), with the documented exit codes."""
import os
import subprocess
import sys

from quarks.claims import registry
from quarks.run import coq_phase

NOWHERE = "/nonexistent/coqc"
# five cheap claims citing 19 Coq theorems: enough for the Coq phase's parallel batches (16 or more)
CLAIMS = ["navon.integer-optimum", "navon.budget-objective", "navon.budget-objective-eq2", "navon.degree-optimum",
          "navon.eq11-12-eps-sep-lower-bound"]


def _quarks(*argv, cwd):
    env = {**os.environ, "QUARKS_COQC": NOWHERE}
    return subprocess.run([sys.executable, "-m", "quarks", *argv], capture_output=True, text=True, env=env, cwd=cwd)


def test_the_coq_phase_in_parallel_batches_is_not_checked(monkeypatch):
    monkeypatch.setenv("QUARKS_COQC", NOWHERE)
    claims = [c for c in registry.select(("navon.*",)) if c.coq]
    assert sum(len(c.coq) for c in claims) >= 16 and len(claims) > 2
    rows = coq_phase.prove_claims(claims, jobs=2)
    assert [r["claim"] for r in rows] == [c.id for c in claims]
    assert {r["status"] for r in rows} == {"not checked"} and rows[0]["certificate"] is None
    assert all(t["status"] == "not checked" for r in rows for t in r["theorems"])


def test_the_quick_start_without_coq(tmp_path):
    v = _quarks("verify", *CLAIMS, "--jobs", "2", cwd=tmp_path)
    assert v.returncode == 0, v.stderr
    assert "Traceback" not in v.stderr
    assert "0 claim(s) proved, 5 not checked (coqc not installed)" in " ".join(v.stdout.split())
    p = _quarks("prove", *CLAIMS, cwd=tmp_path)
    assert p.returncode == 3 and "Traceback" not in p.stderr
    lines = p.stdout.strip().splitlines()
    assert len(lines) == 6 and all("not checked: coqc not installed" in ln for ln in lines[:5])
    assert lines[-1] == "0 proved, 0 failed, 5 not checked (coqc not installed)"
    r = _quarks("report", "--out", "rep", cwd=tmp_path)
    assert r.returncode == 0 and (tmp_path / "rep" / "index.html").is_file(), r.stderr
    c = _quarks("check-cert", ".quarks/certificates", cwd=tmp_path)   # no proof certificate was written
    # exit 0: every certificate checked in full (no Coq proof among them; quick-tier checks re-run)
    assert c.returncode == 0 and c.stdout.strip().splitlines()[-1].startswith("6 valid, 0 rejected"), c.stdout
    assert _quarks("realize", "0001", "--out", "and.json", cwd=tmp_path).returncode == 0   # a threshold record
    cq = _quarks("check-cert", "--coq", "and.json", cwd=tmp_path)
    assert cq.returncode == 3 and "Traceback" not in cq.stderr, cq.stdout + cq.stderr
    assert "not compiled by Coq" in cq.stderr and len(cq.stderr.strip().splitlines()) == 1
    assert cq.stdout.startswith("NOT CHECKED and.json: ") and "coqc not installed" in cq.stdout
    (tmp_path / "empty").mkdir()
    e = _quarks("check-cert", "empty", cwd=tmp_path)
    assert e.returncode == 2 and "nothing to check" in e.stderr


def test_the_forecast_counts_no_coq_phase_without_coqc(tmp_path, monkeypatch):
    """The forecast of a run without coqc has no Coq build or proofs in it (on a fresh clone they were 288 of
    its 368 s of CPU: 28 min forecast for a 9.5 min run)."""
    import re
    import shutil

    import pytest

    from quarks.base.errors import NeedsConfirmation
    from quarks.run import driver

    monkeypatch.setenv("QUARKS_TIMINGS", str(tmp_path / "timings.json"))

    def line() -> str:
        with pytest.raises(NeedsConfirmation) as said:   # the forecast, nothing started
            driver.verify(CLAIMS, jobs=2, store=tmp_path / "s.sqlite", out=tmp_path / "c", confirm_over=0.0)
        assert not (tmp_path / "s.sqlite").exists()
        return " ".join(str(said.value).split())

    monkeypatch.setenv("QUARKS_COQC", NOWHERE)
    without = line()
    assert "instance(s) of 5 claim(s); expected" in without and "Coq" not in without
    if shutil.which("coqc"):
        monkeypatch.delenv("QUARKS_COQC")
        with_coq = line()
        assert "and the Coq proofs of 5; expected" in with_coq
        cpu = [re.search(r"about (\d+) (s|min) of CPU", t) for t in (without, with_coq)]
        assert all(cpu) and cpu[0].group(0) != cpu[1].group(0)
