"""README's console sessions ("Using it": realize .. temperature plot; "Other people's transformers":
export-torch), run as written, one command after another in an empty folder: each exits 0 and prints
every output line the README shows ("..." elides; decimals may differ, they are timings or estimates
whose sample count follows the CPU budget; integers and words must be the same)."""
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FLOAT = r"[-+]?\d[\d,]*\.\d+(?:e[-+]?\d+)?"


def sessions() -> list[list[tuple[str, list[str]]]]:
    """Each ```console block of README.md that is not a claims module's: its (command, shown output)."""
    text = (ROOT / "README.md").read_text()
    out = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps and line.strip() and not line.lstrip().startswith(("#", "...")):
                steps[-1][1].append(line)
        if steps and "--claims" not in block and "colleague" not in block:   # tests/claims/test_readme_own_claims.py
            out.append(steps)
    return out


def command(line: str) -> str:
    """The command without its comment (two spaces and '#' start one)."""
    return re.split(r"\s{2,}#", line)[0].strip()


def pattern(shown: str) -> re.Pattern:
    """The shown line as a pattern: whitespace runs as any whitespace, decimals as any decimal."""
    tokens = re.split(f"({FLOAT}|\\s+)", re.sub(r"\s{2,}#.*$", "", shown).strip())
    return re.compile("".join(r"\s+" if t.isspace() else FLOAT if re.fullmatch(FLOAT, t) else re.escape(t)
                              for t in tokens if t))


def run(cmd: str, cwd: Path, env: dict) -> str:
    cmd = re.sub(r"^quarks ", f"{sys.executable} -m quarks ", cmd)
    cmd = cmd.replace("&& quarks ", f"&& {sys.executable} -m quarks ").replace("python -c", f"{sys.executable} -c")
    done = subprocess.run(cmd, shell=True, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{cmd!r} exited {done.returncode}: {done.stderr[-400:]}"
    return done.stdout


def test_the_sessions_are_the_ones_the_readme_shows():
    found = sessions()
    assert [s[0][0].split()[1] for s in found] == ["realize", "export-torch"]
    assert sum(len(s) for s in found) >= 19


@pytest.mark.slow   # about 100 s of CPU: in .ci/run's slow_in_ci
@pytest.mark.parametrize("which", [0, 1], ids=["using-it", "export-torch"])
def test_a_readme_session_runs_as_written(which, tmp_path, monkeypatch):
    if which == 1 and importlib.util.find_spec("torch") is None:
        pytest.skip("torch not installed (the export-torch session needs the torch extra)")
    env = {k: v for k, v in __import__("os").environ.items() if k not in ("QUARKS_HOME", "QUARKS_STORE")}
    env["COLUMNS"] = "200"
    if which == 0:   # `quarks report` reports the results store the quick start's verify filled
        run("quarks verify quarks.thm4.2-degree-zero --tier quick", tmp_path, env)
    for line, shown in sessions()[which]:
        out = run(command(line), tmp_path, env)
        for expected in shown:
            assert pattern(expected).search(out), f"{command(line)!r}: {expected.strip()!r} not in:\n{out[-1500:]}"


def test_the_pattern_keeps_integers_and_words_exact():
    p = pattern("|T(8;1)| ~ 1.8294e+13  (95 % interval 1.737e+13 .. 1.922e+13; 38 samples)")
    assert p.search("|T(8;1)| ~ 1.77e+13 (95 % interval 1.6e+13 .. 1.9e+13; 38 samples)")
    assert not p.search("|T(8;1)| ~ 1.77e+13 (95 % interval 1.6e+13 .. 1.9e+13; 39 samples)")
    assert not pattern("8378070864").search("8378070865")
