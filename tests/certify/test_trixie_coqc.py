"""`.ci/trixie-coqc`: Debian 13's coqc from a chroot, with the caller's paths bound at the same place."""
import os
import subprocess
from pathlib import Path

import pytest

WRAPPER = Path(__file__).resolve().parents[2] / ".ci" / "trixie-coqc"
CHROOT = Path(os.environ.get("QUARKS_TRIXIE", "/srv/trixie"))
ready = pytest.mark.skipif(not (CHROOT / ".quarks-ready").exists() or os.geteuid() != 0,
                           reason="no Debian 13 chroot (.ci/trixie-coq.sh makes it; needs root)")


def test_without_the_chroot_it_says_so(tmp_path):
    res = subprocess.run([str(WRAPPER), "--version"], capture_output=True, text=True,
                         env={**os.environ, "QUARKS_TRIXIE": str(tmp_path / "none")})
    assert res.returncode == 127 and "no coqc in" in res.stderr and res.stderr.count("\n") == 1


@ready
def test_it_runs_debian_13s_coqc_on_the_callers_files(tmp_path):
    version = subprocess.run([str(WRAPPER), "--version"], capture_output=True, text=True, check=True).stdout
    assert version.startswith("The Coq Proof Assistant, version 8.20")
    where = subprocess.run([str(WRAPPER), "-where"], capture_output=True, text=True, check=True).stdout.strip()
    assert where.startswith(str(CHROOT)) and (Path(where) / "theories").is_dir()
    src, work = tmp_path / "src", tmp_path / "work"
    (src / "sub").mkdir(parents=True)
    work.mkdir()
    (src / "sub" / "A.v").write_text("Definition a := 1.\n")
    (src / "B.v").write_text("From T Require Import A.\nLemma b : a = 1. Proof. reflexivity. Qed.\n")
    run = [str(WRAPPER), "-q", "-R", str(src), "T"]
    assert subprocess.run(run + [str(src / "sub" / "A.v")], cwd=work, capture_output=True).returncode == 0
    assert (src / "sub" / "A.vo").is_file()                     # written through the bind mount
    res = subprocess.run(run + ["B.v"], cwd=src, capture_output=True, text=True)   # a relative path, from cwd
    assert res.returncode == 0, res.stderr
    (src / "C.v").write_text("Lemma c : 1 = 2. Proof. reflexivity. Qed.\n")
    bad = subprocess.run(run + ["C.v"], cwd=src, capture_output=True, text=True)
    assert bad.returncode != 0 and "Unable to unify" in bad.stderr + bad.stdout
    mounts = Path("/proc/mounts").read_text()
    assert str(CHROOT / str(src).lstrip("/")) not in mounts      # the mounts went with the call
