"""The chunked, resumable count of T(n;1) (quarks.solvers.levels, quarks count --chunked)."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from quarks.proofs.baldi.counting import A000609
from quarks.solvers import levels as L


@pytest.mark.parametrize("n, buckets", [(4, 3), (6, 8)])
def test_chunked_counts_agree_with_a000609(tmp_path, n, buckets):
    res = L.count_levels(n, tmp_path / "w", tmp_path / "s.sqlite", buckets=buckets)
    assert res.complete and res.count == A000609[n]


def test_canonical_parents_give_each_candidate_once():
    """Over the chunks of a level, canonical augmentation yields exactly the distinct one-point
    extensions (what generating all of them and deduplicating gives), each once."""
    import numpy as np

    from quarks.solvers import kernels as K
    from quarks.solvers.enumerate import regular_threshold, unique_rows

    e = regular_threshold(7)
    for lev in e.levels[20:40:4]:
        parents = lev.tables
        total = K.count_candidates(parents, 7)
        cands, origin, added = (np.zeros((total, 2), np.uint64), np.zeros(total, np.int64), np.zeros(total, np.int64))
        K.candidates(parents, 7, cands, origin, added)
        distinct = unique_rows(cands, origin, added)[0]
        chunks = [L.chunk_candidates(parents, 7, b, 5, threads=2)[0] for b in range(5)]
        ours = np.concatenate(chunks)
        assert ours.shape[0] == distinct.shape[0] < total   # nothing twice, though many have several parents
        assert np.array_equal(unique_rows(ours, np.zeros(len(ours)), np.zeros(len(ours)))[0], distinct)


def test_every_rejection_at_n7_has_a_two_summability_witness(tmp_path):
    res = L.count_levels(7, tmp_path / "w", tmp_path / "s.sqlite", buckets=4)
    from quarks.base.store import Store

    with Store(tmp_path / "s.sqlite") as db:
        rows = db.chunks(7, 4).values()
    rejected = sum(r["candidates"] - r["accepted"] for r in rows)
    assert rejected > 0 and sum(r["rejected_by_witness"] for r in rows) == rejected   # Muroga: n <= 8
    assert res.count == A000609[7]


def _recorded(store):
    try:
        with sqlite3.connect(store, timeout=30) as db:
            return db.execute("SELECT COUNT(*) FROM count_chunks WHERE n = 7 AND buckets = 32").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


@pytest.mark.heavy   # a chunked n = 7 count killed and resumed: CI runs it (pytest -m heavy)
def test_killed_run_resumes_without_losing_or_double_counting(tmp_path, monkeypatch):
    work, store = tmp_path / "w", tmp_path / "s.sqlite"
    cmd = [sys.executable, "-m", "quarks", "count", "--n", "7", "--chunked", "--buckets", "32",
           "--work", str(work), "--store", str(store), "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while _recorded(store) < 300 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)   # mid-run: 64 levels x 32 chunks = 2048 chunks in all
    proc.wait()
    before = _recorded(store)
    assert 300 <= before < 2048
    calls = []
    real = L._chunk_task
    monkeypatch.setattr(L, "_chunk_task", lambda *a: calls.append(a[2:4]) or real(*a))
    res = L.count_levels(7, work, store, buckets=32, resume=True)
    assert res.count == A000609[7]
    assert _recorded(store) == 2048
    assert len(calls) == 2048 - before                        # recorded chunks are not redone
    assert len(set(calls)) == len(calls)                      # and none twice


def test_count_cli_bad_input(tmp_path):
    base = [sys.executable, "-m", "quarks", "count", "--work", str(tmp_path / "w"), "--store", str(tmp_path / "s")]
    for extra in (["--n", "10", "--chunked"], ["--n", "8", "--levels", "0"], ["--n", "7", "--scheduler", "x:1"],
                  ["--n", "9", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:1"]):
        out = subprocess.run(base + extra, capture_output=True, text=True)
        assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr


@pytest.mark.heavy   # levels 0..30 of n = 8: CI runs it (pytest -m heavy)
def test_count_cli_projection(tmp_path):
    base = [sys.executable, "-m", "quarks", "count", "--work", str(tmp_path / "w"), "--store", str(tmp_path / "s")]
    out = subprocess.run(base + ["--n", "8", "--levels", "30", "--json"], capture_output=True, text=True)
    res = json.loads(out.stdout)
    p = res["projection"]
    assert not res["complete"] and res["levels_done"] == 30
    # the bracket contains the true number of representatives left (1,366,318 up to the middle level)
    assert p["reps_low"] <= 1_366_318 - res["representatives"] <= p["reps_mid"]


@pytest.mark.heavy   # starts a local Dask cluster: CI runs it (pytest -m heavy)
def test_chunks_on_a_local_dask_cluster(tmp_path):
    pytest.importorskip("dask.distributed")
    res = L.count_levels(6, tmp_path / "w", tmp_path / "s.sqlite", buckets=4, executor="dask", jobs=2)
    assert res.count == A000609[6]


def test_n9_projection_agrees_with_the_measured_count():
    """Issue 50, point 13: after a few levels of n = 9 the time left is the measured whole count's chunk time
    for the representatives left (the orbit-mass bracket said 12.8-39.3 h beside the measured 1.8 h)."""
    m = L.MEASURED[9]
    res = L.LevelCount(9, 16, levels_done=12, mass=10**9, representatives=66, seconds=156.0,
                       level_rows=[{"k": 12, "accepted": 5, "candidates": 5, "mass": 10**8, "seconds": 12.0}])
    p = L.projection(res, A000609[9])
    assert p["reps_left"] == m["representatives"] - 66
    assert 0.99 * m["chunk_seconds"] < p["seconds_left"] <= m["chunk_seconds"]
    assert p["seconds_mid"] > 2 * m["chunk_seconds"]   # the bracket alone would overestimate
    assert "seconds_left" not in L.projection(L.LevelCount(8, 4, 3, 10, 5, 0, 1.0, res.level_rows), A000609[8])
