"""README, "Your own claims", followed word for word: its mine.py written to an empty directory, each
``$`` command run by bash (``quarks`` on PATH), its exit code (0 unless the comment says ``exit N``)
and every output line shown (``...`` stands for any text) checked."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def section() -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index("## Your own claims\n")
    return text[start:text.index("\n## ", start + 1)]


def blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def steps(console: str):
    """(command, expected exit code, output lines shown) of each ``$`` line of a console block."""
    out: list = []
    for line in console.splitlines():
        if line.startswith("$ "):
            m = re.search(r"\s{2,}# (.*)$", line)
            code = re.search(r"exit (\d+)", m.group(1)) if m else None
            out.append((line[2:m.start()] if m else line[2:], int(code.group(1)) if code else 0, []))
        elif line.strip():
            out[-1][2].append(line)
    return out


def shown(line: str) -> re.Pattern:
    parts = " ".join(line.split()).split("...")
    return re.compile(".*".join(re.escape(p) for p in parts))


def test_the_walk_through_runs_as_printed(tmp_path):
    text = section()
    [module] = blocks(text, "python")
    consoles = blocks(text, "console")
    assert len(consoles) == 2
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "quarks").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m quarks "$@"\n')
    (bin_dir / "quarks").chmod(0o755)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "COLUMNS": "400"}
    env.pop("QUARKS_EXTRA_CLAIMS", None)
    cwd = tmp_path / "me"
    cwd.mkdir()
    (cwd / "mine.py").write_text(module)
    where = tmp_path / "pwd"
    ran = checked = 0
    for console in consoles:
        for command, code, lines in steps(console):
            script = f'{command}\nrc=$?\npwd > "{where}"\nexit $rc\n'
            out = subprocess.run(["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True,
                                 timeout=600)
            assert out.returncode == code, (command, out.stdout, out.stderr)
            assert "Traceback" not in out.stderr, (command, out.stderr)
            got = [" ".join(ln.split()) for ln in (out.stdout + out.stderr).splitlines()]
            for line in lines:
                assert any(shown(line).fullmatch(g) for g in got), (command, line, got)
                checked += 1
            cwd = Path(where.read_text().strip())
            ran += 1
    assert cwd == tmp_path / "colleague"
    assert ran == 9 and checked == 16


def test_the_example_is_the_readme_module_and_its_test_passes():
    example = ROOT / "examples" / "own_claims"
    [module] = blocks(section(), "python")
    assert (example / "mine.py").read_text() == module
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("QUARKS_EXTRA_CLAIMS", None)
    out = subprocess.run([sys.executable, "-m", "pytest", "test_mine.py", "-q", "-p", "no:cacheprovider", "-p", "no:benchmark",
                          "-n", "0"],
                         cwd=example, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout
    assert "3 passed" in out.stdout
