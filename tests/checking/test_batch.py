"""A child that checks several files in turn (quarks.checking.batch) gives each file its own limits, and
goes on to the next file only while no file can change another's verdict."""
from __future__ import annotations

import os
import time
from dataclasses import replace

import pytest

from quarks.certify.base import LIMITS
from quarks.checking import batch, binding

KEPT: list = []   # what a check leaves behind in its process


def _checks(path, evidence_only, limits, rederive=False, coq=False):
    """A stand-in check, by the file's name: ``spin`` runs until its CPU limit, ``hog`` keeps 300 MB,
    ``big`` needs 400 MB, ``slow`` takes 1.5 s, ``bad`` is rejected, ``fork`` leaves a process running."""
    name = path.stem
    if name == "spin":
        while True:
            pass
    if name == "hog":
        KEPT.append(bytearray(300 << 20))
    if name == "big":
        try:
            block = bytearray(400 << 20)
        except MemoryError:
            return binding.CheckResult(str(path), "?", "?", False, "out of memory")
        del block
    if name == "slow":
        time.sleep(1.5)
    if name == "fork":
        pid = os.fork()
        if pid == 0:
            time.sleep(60)
            os._exit(0)
        (path.parent / "grandchild").write_text(str(pid))
    return binding.CheckResult(str(path), "c", "verified", name != "bad", str(os.getpid()))


@pytest.fixture
def checker(tmp_path, monkeypatch):
    monkeypatch.setattr(binding, "_run", _checks)
    c = batch.Checker(tmp_path)
    yield c
    c.close()


def _check(checker, tmp_path, name, **limits):
    path = tmp_path / f"{name}.json"
    path.write_text("{}")
    return checker.check(path, replace(LIMITS, **limits))


def test_files_share_a_child_and_the_wall_limit_moves_with_each(checker, tmp_path):
    first, second, third = (_check(checker, tmp_path, "slow", seconds=2) for _ in range(3))
    assert first.ok and second.ok and third.ok   # 4.5 s together, each within its 2 s
    assert first.message == second.message == third.message   # one child


def test_a_file_over_its_cpu_limit_takes_only_itself(checker, tmp_path):
    before = _check(checker, tmp_path, "a", seconds=3)
    spun = _check(checker, tmp_path, "spin", seconds=2)
    after = _check(checker, tmp_path, "b", seconds=3)
    assert before.ok and not spun.ok and "more than 2 s" in spun.message and after.ok
    assert after.message != before.message   # a fresh child


def test_each_file_has_its_own_memory(checker, tmp_path):
    hog = _check(checker, tmp_path, "hog", memory_bytes=512 << 20)
    big = _check(checker, tmp_path, "big", memory_bytes=512 << 20)
    assert hog.ok and big.ok and hog.message == big.message   # 300 MB kept by the first: the second has its 512
    alone = _check(checker, tmp_path, "big", memory_bytes=256 << 20)
    assert not alone.ok and alone.message == "out of memory"   # the limit still holds


def test_a_rejected_file_ends_the_batch(checker, tmp_path):
    bad = _check(checker, tmp_path, "bad")
    good = _check(checker, tmp_path, "a")
    assert not bad.ok and good.ok and good.message != bad.message


def test_a_process_left_running_ends_the_batch_and_is_killed(checker, tmp_path):
    forked = _check(checker, tmp_path, "fork")
    after = _check(checker, tmp_path, "a")
    assert forked.ok and after.ok and after.message != forked.message
    grandchild = int((tmp_path / "grandchild").read_text())
    time.sleep(0.2)
    try:
        with open(f"/proc/{grandchild}/stat") as fh:
            assert fh.read().rpartition(")")[2].split()[0] == "Z"
    except FileNotFoundError:
        pass


def test_a_batch_dies_with_its_parent(tmp_path):
    """A batch's watchdog, whose wall limit the child moves by a pipe, still kills the group (a
    grandchild too) once the child is gone, its parent killed by SIGKILL."""
    import subprocess
    import sys
    import textwrap

    pidfile = tmp_path / "grandchild"
    script = textwrap.dedent(f"""
        import os, struct, subprocess, time
        from quarks.checking import binding
        if os.fork() == 0:
            os.setsid()
            binding.die_with_parent()
            read, write = os.pipe()
            binding.watchdog(600, deadlines=read)
            os.write(write, struct.pack("d", time.monotonic() + 600))
            g = subprocess.Popen(["sleep", "300"])
            open({str(pidfile)!r}, "w").write(str(g.pid))
            time.sleep(300)
            os._exit(0)
        while not os.path.exists({str(pidfile)!r}) or not open({str(pidfile)!r}).read():
            time.sleep(0.05)
        os.kill(os.getpid(), 9)
    """)
    subprocess.run([sys.executable, "-c", script], timeout=120)
    grandchild = int(pidfile.read_text())
    for _ in range(100):
        try:
            with open(f"/proc/{grandchild}/stat") as fh:
                if fh.read().rpartition(")")[2].split()[0] == "Z":
                    return
        except FileNotFoundError:
            return
        time.sleep(0.1)
    os.kill(grandchild, 9)
    pytest.fail("the batch's grandchild outlived its killed parent")


def _files(tmp_path, names):
    paths = []
    for i, name in enumerate(names):
        d = tmp_path / str(i)
        d.mkdir()
        paths.append(d / f"{name}.json")
        paths[-1].write_text("{}")
    return paths


def test_a_pool_checks_files_at_once_and_reports_them_in_order(tmp_path, monkeypatch):
    """Two children at once: four 1.5 s files take about 3 s, not 6; a file over its limit and a
    rejected one take only themselves; the results come in the order of the files."""
    monkeypatch.setattr(binding, "_run", _checks)
    names = ["slow", "spin", "slow", "bad", "slow", "a", "slow"]
    paths = _files(tmp_path, names)
    t0 = time.monotonic()
    with batch.Pool(tmp_path, jobs=2) as pool:
        results = list(pool.results(paths, lambda p: replace(LIMITS, seconds=2 if p.stem == "spin" else 5)))
    wall = time.monotonic() - t0
    assert [r.path for r in results] == [str(p) for p in paths]
    assert [r.ok for r in results] == [True, False, True, False, True, True, True]
    assert "more than 2 s" in results[1].message
    assert len({r.message for r in results if r.ok}) >= 2   # two children did the work
    assert wall < 5.5, wall   # one at a time: 6 s of sleeping and the 2 s spin


def test_a_pool_reports_a_file_it_was_told_not_to_check(tmp_path, monkeypatch):
    monkeypatch.setattr(binding, "_run", _checks)
    paths = _files(tmp_path, ["a", "b", "c"])

    def limits_for(p):
        return binding.not_reached(p, 1.0) if p.stem == "b" else LIMITS

    with batch.Pool(tmp_path, jobs=3) as pool:
        results = list(pool.results(paths, limits_for))
    assert [(r.ok, r.checked) for r in results] == [(True, True), (False, False), (True, True)]
    assert "--total-time" in results[1].message


def test_leaving_a_pool_kills_every_child(tmp_path, monkeypatch):
    """An interrupted run (a signal's SystemExit while results are awaited): no child is left."""
    monkeypatch.setattr(binding, "_run", _checks)
    paths = _files(tmp_path, ["a", "slow", "slow"])
    pool = batch.Pool(tmp_path, jobs=2)
    with pytest.raises(SystemExit), pool:
        for _ in pool.results(paths, lambda p: LIMITS):
            pids = [c.proc.pid for c in pool.checkers if c.proc is not None]
            raise SystemExit(143)
    assert pids and all(c.proc is None for c in pool.checkers)
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
