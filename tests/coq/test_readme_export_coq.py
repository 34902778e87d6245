"""README's `export-coq` lines ("Using it"), run as written in one folder (CERTS: a folder of
certificates made there first): each exits 0 into its own folder (the first two once shared coq/, the
second export dropping the first's theorems from _CoqProject), the certificates' export builds with
make, and `--halves 4 1 --out work/ --build -j 2` builds with its relative --out (issue 50, point 11)."""
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def readme_lines() -> list[str]:
    """The README's `quarks export-coq` commands of "Using it", comments cut."""
    text = (ROOT / "README.md").read_text()
    start = text.index("## Using it\n")
    block = re.search(r"```sh\n(.*?)```", text[start:], flags=re.S).group(1)
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.startswith("quarks export-coq ")]


def out_of(line: str) -> str:
    words = shlex.split(line)
    return words[words.index("--out") + 1]


def test_the_readme_export_lines_write_separate_folders():
    lines = readme_lines()
    assert len(lines) == 3 and "--halves 4 1 --out work/ --build -j 2" in lines[2]
    outs = [os.path.normpath(out_of(line)) for line in lines]
    assert len(set(outs)) == 3 and not any(a != b and b.startswith(a + "/") for a in outs for b in outs)


@pytest.mark.slow   # T(4;1) by classification and T(5;1) by halves compiled: 40 min on a loaded machine, beyond CI's budget
@pytest.mark.coq
def test_the_readme_export_lines_run_as_written(tmp_path):
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    (tmp_path / "CERTS").mkdir()
    for table, name in (("0001", "and"), ("0110", "xor")):   # a realization and a Farkas certificate
        r = subprocess.run([sys.executable, "-m", "quarks", "realize", table, "--out", f"CERTS/{name}.json"],
                           cwd=tmp_path, capture_output=True, text=True, env=env)
        assert r.returncode == 0, r.stderr
    for line in readme_lines():
        words = shlex.split(line)
        r = subprocess.run([sys.executable, "-m", "quarks", *words[1:]], cwd=tmp_path, capture_output=True,
                           text=True, env=env, timeout=3600)
        assert r.returncode == 0, (line, r.stdout[-2000:], r.stderr[-2000:])
        assert "Traceback" not in r.stderr
    coq, t41, work = (tmp_path / out_of(line) for line in readme_lines())
    assert "cert_CERTS__and_0.v" in (coq / "_CoqProject").read_text()
    assert "T4_1.v" in (t41 / "_CoqProject").read_text() and "cert_" not in (t41 / "_CoqProject").read_text()
    made = subprocess.run(["make", "-s"], cwd=coq, capture_output=True, text=True, timeout=1800)   # "cd coq && make"
    assert made.returncode == 0, made.stdout[-2000:] + made.stderr[-2000:]
    assert (coq / "cert_CERTS__and_0.vo").is_file() and (coq / "cert_CERTS__xor_0.vo").is_file()
    assert (work / "HalvesT5_1.vo").is_file()
