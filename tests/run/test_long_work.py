"""Issue 36, points 5 and 6: long work says how long before it starts (and waits for --yes past an
hour), reports progress in plain lines in a log, and says where its results went."""
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from quarks.base import home
from quarks.base.errors import NEEDS_YES


def cli(*args, cwd, **env):
    return subprocess.run([sys.executable, "-m", "quarks", *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, **env}, timeout=300)


def test_a_verify_of_hours_needs_yes(workdir):
    """The full tier of the T(5;3) Coq count (2 h 29 min measured): the forecast in one line, exit 4,
    no run recorded and no certificate written."""
    out = cli("verify", "quarks.count-t5-3-coq", "--tier", "full", "--jobs", "2", cwd=workdir)
    assert out.returncode == NEEDS_YES == 4, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "run again with --yes" in lines[0], lines
    hours = float(re.search(r"expected about ([\d.]+) h on 2 worker", lines[0]).group(1))
    assert hours >= 2.5            # 2 h 29 min measured on 2 idle cores, times how busy the machine is now
    assert not (workdir / ".quarks" / "certificates").exists()
    assert not (workdir / ".quarks" / "results.sqlite").exists()      # a fresh store is not left behind
    cli("verify", "test.square-sum", "--quiet", cwd=workdir)             # an existing one keeps its runs
    assert cli("verify", "quarks.count-t5-3-coq", "--tier", "full", cwd=workdir).returncode == 4
    with sqlite3.connect(workdir / ".quarks" / "results.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 1


def test_count_n9_needs_yes(workdir):
    """`quarks count --n 9` (about 2 h): the forecast and exit 4; no chunk is started."""
    out = cli("count", "--n", "9", cwd=workdir)
    assert out.returncode == 4, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "1 h 52 min" in lines[0] and "--yes" in lines[0], lines
    assert not (workdir / ".quarks" / "count").exists() or not any((workdir / ".quarks" / "count").iterdir())


def test_progress_in_a_log_is_plain_lines_and_the_paths_are_said(workdir):
    """stderr not a terminal: no carriage return, a line per 10 s at most and one at the end; the last
    line names the store and the certificates, under $QUARKS_HOME when it is set."""
    where = workdir / "results-home"
    out = cli("verify", "test.square-sum", "test.bad-bound", cwd=workdir, QUARKS_HOME=str(where))
    assert out.returncode == 0, out.stderr
    assert "\r" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert lines[-2].startswith("verify: 4/4 instances"), lines
    assert lines[-1] == (f"results: store {where.resolve() / 'results.sqlite'} (run 1); "
                         f"certificates under {where.resolve() / 'certificates'}")
    assert (where / "certificates" / "test.square-sum" / "n=2.json").is_file()
    assert not (workdir / ".quarks").exists()


def test_the_cache_follows_xdg(tmp_path, monkeypatch):
    monkeypatch.delenv("QUARKS_COQ_CACHE", raising=False)
    monkeypatch.delenv("QUARKS_TIMINGS", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert home.coq_cache() == tmp_path / "xdg" / "quarks" / "coq"
    assert home.timings_path() == tmp_path / "xdg" / "quarks" / "timings.json"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/dir")                       # ignored, as XDG says
    assert home.coq_cache() == Path.home() / ".cache" / "quarks" / "coq"
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "mine"))
    assert home.coq_cache() == tmp_path / "mine"
    from quarks.certify.coq_gate import cache_root
    assert cache_root() == tmp_path / "mine"


def test_a_run_calibrates_the_next_forecast(workdir, monkeypatch):
    """After a run the timings cache holds each instance's seconds, which the next forecast uses."""
    from quarks.run import driver, forecast

    monkeypatch.setenv("QUARKS_TIMINGS", str(workdir / "timings.json"))
    driver.verify(["test.square-sum"], store=workdir / "s.sqlite", out=workdir / "c")
    mine = forecast.measured()
    tasks = driver.plan(["test.square-sum"])
    assert set(mine["test.square-sum"]) == {t.key for t in tasks} and len(tasks) == 3
    times, unknown = forecast.instance_times(tasks)
    assert unknown == 0 and times == [mine["test.square-sum"][t.key] for t in tasks]


def test_coq_theorems_are_checked_in_batches_with_progress():
    """The Coq phase: each claim's theorems one group, groups in balanced batches, a line after each batch."""
    from quarks.run import coq_phase

    groups = [[f"F{k % 5}.v:t{k}" for k in range(j, j + 1 + (j // 3) % 3)] for j in range(0, 40, 3)]
    seen = []

    class Gate:
        @staticmethod
        def available():
            return True

        @staticmethod
        def build(root):
            return None

        @staticmethod
        def check_groups(part, root):
            seen.append(part)
            return [[type("P", (), {"ref": r})() for r in g] for g in part]

    said = []
    proofs = coq_phase._check_in_parallel(Gate, groups, 2, Path("."), said.append)
    assert [[p.ref for p in g] for g in proofs] == groups                          # aligned with the groups
    assert len(seen) == 2 and sorted(map(tuple, sum(seen, []))) == sorted(map(tuple, groups))
    sizes = [sum(len(g) for g in part) for part in seen]
    assert abs(sizes[0] - sizes[1]) <= max(map(len, groups))                       # balanced
    total = sum(map(len, groups))
    assert len(said) == 2 and said[-1].startswith(f"Coq: {total}/{total} theorem(s) checked")
    assert all(json.dumps(s).count("\\r") == 0 for s in said)


def test_an_estimate_of_hours_needs_yes_or_a_budget(workdir):
    from quarks.cli.estimate import COST

    out = cli("estimate", "--n", "10", "--method", "smc", "--paths", "1000", cwd=workdir)
    assert out.returncode == 4 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    expected = 1000 * 10 * 512 * COST[10] / 3600
    assert f"expected about {expected:.1f} h of CPU" in out.stderr and "--cpu-seconds S" in out.stderr
    halves = cli("estimate", "--n", "10", "--paths", "1000", "--runs", "100", cwd=workdir)   # the default method
    assert halves.returncode == 4 and "100 samples of 1000 walkers" in halves.stderr, halves.stderr


def test_export_coq_halves_of_hours_needs_yes(workdir):
    out = cli("export-coq", "--halves", "4", "2", "--out", "halves", "--build", cwd=workdir)
    assert out.returncode == 4 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "measured on 2 idle cores" in out.stderr and "--yes" in out.stderr
    assert not (workdir / "halves").exists()


def test_lines_in_a_log_are_few_and_plain(monkeypatch):
    """The bar of count, estimate and the kernels in a log: no carriage return, a line at most every
    30 s (then every twentieth of the time spent), and one at the end."""
    import io

    from quarks.base import progress

    clock = [0.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    out = io.StringIO()
    bar = progress.Lines(7200, "T(9;1) chunks", "chunk", stream=out)
    for _ in range(7200):            # a chunk a second for two hours
        clock[0] += 1.0
        bar.update(1)
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue() and 40 <= len(lines) <= 90, len(lines)
    assert lines[0] == "T(9;1) chunks: 30/7200 chunk, 30 s, about 2.0 h left"
    assert lines[-1] == "T(9;1) chunks: 7200/7200 chunk, 2.0 h"
