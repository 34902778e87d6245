"""check-cert checks files in parallel confined children (quarks.checking.batch.Pool), and the Python API
(quarks.check_certificates) checks them with the same batches: the same results, in the order of the files."""
from __future__ import annotations

import json
from dataclasses import asdict

import pytest

import quarks
from quarks.checking import batch
from quarks.cli import main

CLAIMS = ("quarks.taxonomy", "quarks.eq4.5")   # as tests/checking/test_nothing_escapes.py


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    out = tmp_path_factory.mktemp("parallel")
    rep = quarks.verify(*CLAIMS, tier="quick", store=out / "r.sqlite", out=out / "c", jobs=1)
    assert rep.exit_code == 0
    return out / "c"


def _cli(made, capsys, *flags):
    capsys.readouterr()
    code = main(["check-cert", "--json", *flags, str(made)])
    return code, json.loads(capsys.readouterr().out)


@pytest.fixture
def children(monkeypatch):
    """How many checking children were started."""
    started: list = []
    start = batch.Checker._start

    def counted(self, limits):
        started.append(1)
        return start(self, limits)

    monkeypatch.setattr(batch.Checker, "_start", counted)
    return started


def test_the_api_checks_in_batches_with_the_clis_results(made, capsys, children):
    code, cli = _cli(made, capsys, "--jobs", "1")
    assert code == 0 and len(cli) > 5 and all(r["ok"] and r["bound"] for r in cli)
    from_cli = len(children)
    api = [asdict(r) for r in quarks.check_certificates(made, jobs=1, progress=False)]
    assert api == cli                                    # the same results, field by field, in the same order
    assert len(children) - from_cli < len(api)           # batches: fewer children than files (one a file before)


def test_the_results_do_not_depend_on_the_number_of_children(made, capsys):
    _, one = _cli(made, capsys, "--jobs", "1")
    _, three = _cli(made, capsys, "--jobs", "3")
    assert three == one
    files = sorted(p for p in made.rglob("*.json") if p.name != "proof=coq.json")[:3]
    rederived = [asdict(r) for r in quarks.check_certificates(*files, rederive=True, jobs=2, progress=False)]
    assert [r["path"] for r in rederived] == [str(f) for f in files] and all(r["ok"] and r["bound"] for r in rederived)


def test_jobs_must_be_positive(made, capsys):
    assert main(["check-cert", "--jobs", "0", str(made)]) == 2
    with pytest.raises(quarks.UsageError):
        quarks.check_certificates(made, jobs=0)


def _sleeps(path, evidence_only, limits, rederive=False, coq=False):
    """A stand-in check (quarks.checking.binding._run): a file ``sleep-S.json`` sleeps S seconds in a
    grandchild, whose pid and its own it writes beside the file first."""
    import os
    import subprocess

    from quarks.checking import binding

    seconds = float(path.stem.partition("-")[2])
    g = subprocess.Popen(["sleep", str(seconds)])
    (path.parent / f"{path.stem}.pids").write_text(f"{os.getpid()} {g.pid}")
    g.wait()
    return binding.CheckResult(str(path), "c", "verified", True, "slept")


def _alive(pid: int) -> bool:
    import os

    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:
        return os.path.exists(f"/proc/{pid}")


def test_the_run_budget_cuts_a_file_in_flight(tmp_path, monkeypatch, capsys):
    """--total-time bounds the run's wall time with several children: a file started within the budget
    is cut at its end, not at its own 900 s."""
    import time

    from quarks.checking import binding

    monkeypatch.setattr(binding, "_run", _sleeps)
    for name in ("sleep-60", "sleep-0.2"):
        (tmp_path / f"{name}.json").write_text("{}")
    t0 = time.monotonic()
    code = main(["check-cert", "--jobs", "2", "--total-time", "2", str(tmp_path / "sleep-60.json"),
                 str(tmp_path / "sleep-0.2.json")])
    wall = time.monotonic() - t0
    out = capsys.readouterr().out.splitlines()
    assert code == 1 and wall < 15, (code, wall)
    assert "checking took more than 1." in out[0] and out[1].startswith("OK")
    long_child, sleeper = map(int, (tmp_path / "sleep-60.pids").read_text().split())
    assert not _alive(long_child) and not _alive(sleeper)


@pytest.mark.parametrize("sig", ["SIGKILL", "SIGHUP"])
def test_a_killed_or_hung_up_run_leaves_no_check_running(tmp_path, sig):
    """check-cert with two children at once, each check with a process of its own, killed (SIGKILL: each
    child dies with it, its watchdog kills its group) or hung up (SIGHUP: handled as SIGTERM, every group
    killed, exit 129): nothing of the run is left."""
    import os
    import signal
    import subprocess
    import sys
    import textwrap
    import time

    files = [tmp_path / f"sleep-{s}.json" for s in (300, 301, 302)]
    for f in files:
        f.write_text("{}")
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(os.path.dirname(__file__))!r})
        from test_parallel import _sleeps
        from quarks.checking import binding
        from quarks.cli import main
        binding._run = _sleeps
        sys.exit(main(["check-cert", "--jobs", "2", *{[str(f) for f in files]!r}]))
    """)
    run = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    pids = [tmp_path / "sleep-300.pids", tmp_path / "sleep-301.pids"]
    for _ in range(600):
        if all(p.exists() and p.read_text() for p in pids):
            break
        time.sleep(0.1)
    else:
        run.kill()
        pytest.fail(f"the checks did not start: {run.stderr.read()[-500:] if run.poll() is not None else ''}")
    left = [int(x) for p in pids for x in p.read_text().split()]
    os.kill(run.pid, getattr(signal, sig))
    code = run.wait(timeout=60)
    assert code == (-signal.SIGKILL if sig == "SIGKILL" else 128 + signal.SIGHUP), code
    for _ in range(100):
        if not any(_alive(p) for p in left):
            break
        time.sleep(0.1)
    alive = [p for p in left if _alive(p)]
    for p in alive:
        os.kill(p, signal.SIGKILL)
    assert not alive, f"left running after {sig}: {alive}"
    assert not (tmp_path / "sleep-302.pids").exists()   # never started
