"""Benchmark: the sharded count of T(n;1) (quarks.solvers.shards) against the chunked one
(quarks.solvers.levels), each on its own local Dask cluster of J single-threaded workers.

    nice -n 10 python benchmarks/bench_sharded_count.py [N] [SHARDS] [WORKERS]   # default 8 16 2

Each count runs as the CLI runs it (``--executor dask --jobs WORKERS``), in a process of its own.
For each: wall time, CPU seconds of the worker processes (user + system, RUSAGE_CHILDREN), representatives per
CPU-second, peak resident memory per worker (ru_maxrss), and for the sharded count the largest
level, the largest candidate files and the peak disk (one level, its candidates, the next level),
in bytes per representative of that level.  Prints one JSON line per count.
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


def main() -> None:
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
