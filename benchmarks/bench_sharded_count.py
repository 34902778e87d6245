"""Benchmark: the sharded count of T(n;1) (quarks.solvers.shards) against the chunked one
(quarks.solvers.levels), each on its own local Dask cluster of J single-threaded workers.

    nice -n 10 python benchmarks/bench_sharded_count.py [N] [SHARDS] [WORKERS]   # default 8 16 2
    nice -n 10 python benchmarks/bench_sharded_count.py walk [WALKERS]           # the tasks at n = 10

Each count runs as the CLI runs it (``--executor dask --jobs WORKERS``), in a process of its own.
For each: wall time, CPU seconds of the worker processes (user + system, RUSAGE_CHILDREN), representatives per
CPU-second, peak resident memory per worker (ru_maxrss), and for the sharded count the largest
level, the largest candidate files and the peak disk (one level, its candidates, the next level),
in bytes per representative of that level.  Prints one JSON line per count.

``walk``: the two tasks at n = 10, where no level can be reached here.  WALKERS random walks from the
constant 0 (each step to a uniformly random threshold one-point extension, decided exactly) give
parents from every level; every 4th node of every walk is put in a level shard, and phase A (extend)
and phase B (decide, over 4 shards) run on it in this process, single-threaded: CPU per parent and
per decided candidate, and bytes written.
"""
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

from quarks.proofs.baldi.counting import A000609


def _children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime, r.ru_maxrss / 1024


def measure(kind: str, n: int, shards: int, workers: int, work: Path) -> dict:
    """One count as the CLI runs it (``--executor dask --jobs J``: the driver starts and stops its
    local cluster), in this process; CPU and peak memory of the (reaped) worker processes."""
    from quarks.solvers import levels as L
    from quarks.solvers import shards as SH

    cpu0, _ = _children()
    t0 = time.perf_counter()
    if kind == "sharded":
        res = SH.count_sharded(n, work, work / "store.sqlite", shards=shards, executor="dask", jobs=workers,
                               progress=True)
    else:
        res = L.count_levels(n, work, work / "store.sqlite", buckets=shards, executor="dask", jobs=workers,
                             progress=True)
    wall = time.perf_counter() - t0
    time.sleep(2)   # the workers are reaped
    cpu1, peak = _children()
    cpu = cpu1 - cpu0
    out = {"kind": kind, "n": n, "shards_or_buckets": shards, "workers": workers, "count": res.count,
           "exact": res.count == A000609[n], "representatives": res.representatives,
           "candidates_decided": res.candidates, "wall_s": round(wall, 1), "worker_cpu_s": round(cpu, 1),
           "reps_per_cpu_s": round(res.representatives / cpu), "peak_mb_per_worker": round(peak)}
    if kind == "sharded":
        words = max(1, (1 << n) // 64)
        rows = res.level_rows
        level_bytes = [8 * words] + [8 * words * r["accepted"] for r in rows]   # level 0 .. last
        cand_bytes = [8 * (words + 1) * r["generated"] for r in rows]           # candidates of level k + 1
        peak = max(level_bytes[k] + cand_bytes[k] + level_bytes[k + 1] for k in range(len(rows)))
        top = max(range(len(rows)), key=lambda k: rows[k]["accepted"])
        out.update(largest_level=rows[top]["accepted"], generated_total=sum(r["generated"] for r in rows),
                   generated_per_rep=round(sum(r["generated"] for r in rows) / res.representatives, 2),
                   peak_disk_mb=round(peak / 2**20, 1),
                   peak_disk_bytes_per_rep_of_largest_level=round(peak / rows[top]["accepted"], 1),
                   task_cpu_s=round(sum(r["cpu"] for r in rows), 1),
                   peak_mb_in_a_task=round(max(r["peak_mb"] for r in rows)))
    return out


def walk(walkers: int, n: int = 10, seed: int = 7) -> dict:
    import numpy as np

    from quarks.solvers import kernels as K
    from quarks.solvers import shards as SH
    from quarks.solvers.levels import decide_tables

    rng = np.random.default_rng(seed)
    nw = SH.words(n)
    nodes = [np.zeros((walkers, nw), np.uint64)]
    alive = nodes[0]
    t0 = time.process_time()
    for k in range(1, (1 << n) // 2 + 1):
        total = K.count_candidates(alive, n)
        cands, origin, added = np.zeros((total, nw), np.uint64), np.zeros(total, np.int64), np.zeros(total, np.int64)
        K.candidates(alive, n, cands, origin, added)
        status = decide_tables(cands, added, n, 1)
        ok = np.zeros(total, bool)   # which candidates were accepted: decide again by rows (small)
        acc = {bytes(r) for r in status["tables"]}
        ok = np.array([bytes(r) in acc for r in cands], bool)
        nxt = []
        for w in range(alive.shape[0]):
            mine = np.flatnonzero(ok & (origin == w))
            if mine.size:
                nxt.append(cands[rng.choice(mine)])
        if not nxt:
            break
        alive = np.array(nxt)
        if k % 4 == 0:
            nodes.append(alive)
    walk_cpu = time.process_time() - t0
    parents = np.concatenate(nodes)
    with tempfile.TemporaryDirectory() as tmp:
        S = 4
        SH.save_atomic(SH.level_shard(Path(tmp), 0, 0), parents)
        c0 = time.process_time()
        a = SH.extend_task(tmp, n, 0, 0, S)
        a_cpu = time.process_time() - c0
        for t in range(1, S):   # the other parent shards: empty
            SH.save_atomic(SH.level_shard(Path(tmp), 0, t), parents[:0])
            SH.extend_task(tmp, n, 0, t, S)
        c0 = time.process_time()
        b = [SH.decide_task(tmp, n, 0, t, S) for t in range(S)]
        b_cpu = time.process_time() - c0
    decided = sum(r["candidates"] for r in b)
    return {"n": n, "walkers": walkers, "walk_cpu_s": round(walk_cpu, 1), "parents": int(parents.shape[0]),
            "generated": a["generated"], "generated_per_parent": round(a["generated"] / parents.shape[0], 2),
            "extend_cpu_us_per_parent": round(1e6 * a_cpu / parents.shape[0], 1),
            "extend_bytes_per_parent": round(a["bytes"] / parents.shape[0]),
            "decided": decided, "accepted": sum(r["accepted"] for r in b),
            "decide_cpu_us_per_candidate": round(1e6 * b_cpu / decided, 1),
            "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "walk":
        print(json.dumps(walk(int(sys.argv[2]) if len(sys.argv) > 2 else 32)), flush=True)
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    shards = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    if len(sys.argv) > 4:   # one count in a fresh process (its children's peak memory is its own)
        with tempfile.TemporaryDirectory() as tmp:
            print(json.dumps(measure(sys.argv[4], n, shards, workers, Path(tmp))), flush=True)
        return
    import subprocess

    for kind in ("sharded", "chunked"):
        subprocess.run([sys.executable, __file__, str(n), str(shards), str(workers), kind], check=True)


if __name__ == "__main__":
    main()
