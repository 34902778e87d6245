"""The sharded count of T(n;1) (quarks.solvers.shards, quarks count --sharded): exact on a local Dask
cluster, every level stored as hash shards, and a killed driver or worker changes nothing."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from quarks.proofs.baldi.counting import A000609
from quarks.solvers import shards as SH


@pytest.fixture(scope="module")
def cluster():
    """A local Dask cluster of 2 single-threaded worker processes, shared by the tests of this module."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as lc:
        with distributed.Client(lc) as client:
            yield lc.scheduler_address, client


@pytest.mark.heavy   # ~8 s with the cluster; the default tier keeps the killed-driver run on Dask (n = 6)
def test_sharded_counts_agree_with_a000609_on_dask(tmp_path, cluster):
    addr, _ = cluster
    for n in range(1, 7):
        res = SH.count_sharded(n, tmp_path / "w", tmp_path / "s.sqlite", shards=4, executor="dask", scheduler=addr)
        assert res.complete and res.count == A000609[n], n
    assert res.representatives == 567   # the regular representatives of n = 6, levels 0..32 (as the chunked count)


@pytest.mark.heavy   # ~10 s
def test_sharded_count_n7_on_dask(tmp_path, cluster):
    addr, _ = cluster
    res = SH.count_sharded(7, tmp_path / "w", tmp_path / "s.sqlite", shards=4, executor="dask", scheduler=addr)
    assert res.complete and res.count == A000609[7]
    assert res.representatives == 14_755   # the regular representatives of n = 7, levels 0..64


def test_levels_are_hash_shards(tmp_path, monkeypatch):
    """Level k on disk is the regular threshold level k, each table in shard h(table) mod S, once
    (parents read 4 at a time, shards decided in 2 parts)."""
    from quarks.solvers.enumerate import regular_threshold, unique_rows

    n, S, k = 6, 5, 9
    monkeypatch.setattr(SH, "BLOCK", 4)
    res = SH.count_sharded(n, tmp_path / "w", tmp_path / "s.sqlite", shards=S, top=k, parts=2)
    assert res.levels_done == k and not res.complete
    root = SH.layout(tmp_path / "w", n, S, 2)
    parts = [np.load(SH.level_shard(root, k, t)) for t in range(S)]
    for t, part in enumerate(parts):
        assert np.all(SH.shard_of(part, S) == t)
    got = np.concatenate(parts)
    want = regular_threshold(n).levels[k].tables
    assert got.shape[0] == want.shape[0] == unique_rows(got, got[:, 0], got[:, 0])[0].shape[0]
    assert {int(r[0]) for r in got} == {int(r[0]) for r in want}
    assert not (root / f"L{k - 1:03d}").exists()   # used-up levels are deleted
    # continue from the stored level to the end
    res = SH.count_sharded(n, tmp_path / "w", tmp_path / "s.sqlite", shards=S, resume=True, parts=2)
    assert res.count == A000609[n]


def test_extend_task_output_does_not_depend_on_the_block(tmp_path):
    """Phase A's file is the same whether its parents are taken 3 at a time or all at once (a rerun
    with another BLOCK, e.g. on another worker, changes nothing)."""
    from quarks.solvers.enumerate import regular_threshold

    parents = regular_threshold(7).levels[30].tables
    out = []
    for block in (3, None):
        root = tmp_path / str(block)
        SH.save_atomic(SH.level_shard(root, 30, 0), parents)
        SH.extend_task(str(root), 7, 30, 0, 4, 3, block)
        out.append([np.load(f) for f in SH.candidate_file(root, 30, 0)])
    assert out[0][0].shape[0] > 3 * parents.shape[0] and out[0][1][-1] == out[0][0].shape[0]
    assert all(np.array_equal(a, b) for a, b in zip(*out))


def _tasks(store, n):
    try:
        with sqlite3.connect(store, timeout=30) as db:
            return db.execute("SELECT COUNT(*) FROM count_tasks WHERE n = ?", (n,)).fetchone()[0]
    except sqlite3.OperationalError:
        return 0


@pytest.mark.parametrize("n, S", [(6, 4), pytest.param(7, 4, marks=pytest.mark.heavy),
                                  pytest.param(8, 8, marks=pytest.mark.heavy)])   # n = 7: ~6 s, n = 8: ~1 min
def test_killed_driver_resumes_without_losing_or_double_counting(tmp_path, monkeypatch, n, S):
    """SIGKILL the driver (and its Dask cluster) mid-run; --resume reruns only the tasks not
    recorded, each once, and the count is exact (A000609)."""
    psutil = pytest.importorskip("psutil")
    pytest.importorskip("distributed")
    work, store = tmp_path / "w", tmp_path / "s.sqlite"
    cmd = [sys.executable, "-m", "quarks", "count", "--n", str(n), "--sharded", "--shards", str(S),
           "--executor", "dask", "--jobs", "2", "--work", str(work), "--store", str(store), "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    total = 2 * S * (1 << n) // 2
    deadline = time.time() + 300
    while _tasks(store, n) < total // 3 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.05)
    children = psutil.Process(proc.pid).children(recursive=True)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    for child in children:   # the driver's local cluster: its scheduler thread died with it
        try:
            child.kill()
        except psutil.NoSuchProcess:
            pass
    before = _tasks(store, n)
    assert total // 3 <= before < total
    calls = []
    for name in ("extend_task", "decide_task"):
        real = getattr(SH, name)
        monkeypatch.setattr(SH, name, lambda *a, _real=real, _p=name[0]: calls.append((_p,) + a[2:4]) or _real(*a))
    res = SH.count_sharded(n, work, store, shards=S, resume=True)
    assert res.count == A000609[n]
    assert _tasks(store, n) == total
    assert len(calls) == total - before          # recorded tasks are not redone
    assert len(set(calls)) == len(calls)         # and none twice


@pytest.mark.heavy   # a second local cluster and a killed worker (~10 s): CI runs it (pytest -m heavy)
def test_worker_killed_mid_task_changes_nothing(tmp_path):
    """SIGKILL one worker process while it runs a task: the scheduler reruns its tasks on the
    restarted worker or the other one; the count is exact."""
    distributed = pytest.importorskip("distributed")
    n, S = 7, 4
    store = tmp_path / "s.sqlite"
    killed = {}
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as lc:
        with distributed.Client(lc) as client:
            def killer():
                deadline = time.time() + 60
                while time.time() < deadline and not killed:
                    if _tasks(store, n) >= 200:
                        busy = {w: keys for w, keys in client.processing().items() if keys}
                        pids = client.run(os.getpid)
                        for w in busy:
                            os.kill(pids[w], signal.SIGKILL)
                            killed[w] = busy[w]
                            break
                    time.sleep(0.02)
            thread = threading.Thread(target=killer)
            thread.start()
            res = SH.count_sharded(n, tmp_path / "w", store, shards=S, executor="dask", scheduler=lc.scheduler_address)
            thread.join()
    assert killed, "no worker was killed mid-task"
    assert res.count == A000609[n]


def test_sharded_cli(tmp_path):
    base = [sys.executable, "-m", "quarks", "count", "--sharded", "--work", str(tmp_path / "w"),
            "--store", str(tmp_path / "s.sqlite")]
    out = json.loads(subprocess.run(base + ["--n", "5", "--shards", "3", "--json"], capture_output=True,
                                    text=True, check=True).stdout)
    assert out["count"] == A000609[5] and out["agrees_with_A000609"] and out["shards"] == 3
    # n = 10: tables of 16 words; the levels 0..8 have as many regular functions as at n = 8 (those with
    # at most 8 true points depend on at most 7 variables... of the top of the cube): 1,1,1,1,2,2,3,4,6
    out = json.loads(subprocess.run(base + ["--n", "10", "--levels", "8", "--shards", "2", "--json"],
                                    capture_output=True, text=True, check=True).stdout)
    assert out["levels_done"] == 8 and not out["complete"] and out["count"] is None
    from quarks.solvers.enumerate import regular_threshold

    assert out["representatives"] == sum(lev.tables.shape[0] for lev in regular_threshold(8, top=8).levels) == 21
    for extra in (["--n", "11"], ["--n", "6", "--shards", "0"]):
        bad = subprocess.run(base + extra, capture_output=True, text=True)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr, bad.stderr
