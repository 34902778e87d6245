"""Counting T(n;1) with every level sharded on disk: no process holds a whole level (n = 9, 10 on
a cluster).

Level k (the regular positive LTFs with k true points, see :mod:`quarks.solvers.levels`) is
stored as S files ``L{k}/s{t}.npy``; a table f lies in shard t = h(f) mod S (``levels.table_hash``).
Level k + 1 is made from level k by a hash-partitioned join in two phases of S tasks each:

* **A (extend), per parent shard s:** every one-point extension g = p + x of the parents p of shard
  s (x a shift-maximal false point of p: :func:`kernels.candidates`), with its point x, written to
  ``C{k}/s{s}.npy`` sorted by the *slot* (h(g) mod S) R + (h(g) div S) mod R: the shard g belongs
  to if it is threshold, then one of R parts of it; the offsets of the S R slots go to
  ``C{k}/s{s}.off.npy``.  The parents are read ``BLOCK`` at a time.
* **B (decide), per shard t:** the slots of shard t in every file of phase A: every candidate of
  shard t, from all its parents, part by part.  The distinct ones are kept (a candidate has
  parents in many shards; equal tables share a slot, so grouping by the table is the exact,
  distributed form of the canonical-parent test of :func:`kernels.canonical_candidates`, and ships
  each candidate once, against its 1.7 (n = 7) and 2.9 (n = 8) membership queries there); each is
  decided exactly (:func:`levels.decide_tables`: 2-summability witness through x, else the exact
  LP, else Python integers) and the accepted ones are shard t of level k + 1, ``L{k+1}/s{t}.npy``.
  The task's row carries the counts and the orbit mass of its functions.

A task holds at most ``BLOCK`` parents and their candidates (A), or 1/(S R) of a level's candidates
and 1/S of the next level (B): no process holds a whole level.  Every task is a function of its
input files alone (A's file does not depend on ``BLOCK``), writes its outputs atomically (a
temporary file, then ``os.replace``, after ``fsync``) and can be rerun any number of times with the
same result.  The driver records each finished task in the results store (table ``count_tasks``)
and only then deletes the inputs that no task still needs; ``resume`` skips the recorded tasks, so
a killed driver, a dead worker (Dask reruns its tasks) or a rerun task never loses or
double-counts a function.  |T(n;1)| = sum over levels of mult_k mass_k as in
:mod:`quarks.solvers.levels`.
"""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import numpy as np

from quarks.base.errors import UsageError
from quarks.solvers.levels import LevelCount, decide_tables, table_hash

MAX_N = 10      # tables of 2^10 bits = 16 words: the kernels are generic in n
BLOCK = 1 << 17  # parents per block of phase A: bounds its memory (~14 candidates of 136 bytes each at n = 10)


def words(n: int) -> int:
    return max(1, (1 << n) // 64)


def layout(work: Path | str, n: int, shards: int, parts: int = 1) -> Path:
    """The directory of one sharded count."""
    return Path(work) / f"n{n}.s{shards}" if parts == 1 else Path(work) / f"n{n}.s{shards}.r{parts}"


def level_shard(root: Path, k: int, t: int) -> Path:
    return root / f"L{k:03d}" / f"s{t:05d}.npy"


def candidate_file(root: Path, k: int, s: int) -> tuple[Path, Path]:
    base = root / f"C{k:03d}"
    return base / f"s{s:05d}.npy", base / f"s{s:05d}.off.npy"


def shard_of(tables: np.ndarray, shards: int) -> np.ndarray:
    """shard = h(table) mod S."""
    return (table_hash(tables) % np.uint64(shards)).astype(np.int64)


def save_atomic(path: Path, array: np.ndarray) -> None:
    """Write ``array`` to ``path`` (.npy) all at once or not at all: readers see the old file or the new."""
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        from quarks.base.fileio import as_umask_allows

        as_umask_allows(fd)
        with os.fdopen(fd, "wb") as fh:
            np.save(fh, np.ascontiguousarray(array))
            fh.flush()
            os.fsync(fh.fileno())   # durable before the driver records the task
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _fsync(path: Path) -> None:
    with open(path, "rb+") as fh:
        os.fsync(fh.fileno())


def _extensions(parents: np.ndarray, n: int, shards: int, parts: int):
    """The one-point extensions of ``parents`` (kernels.candidates), their added points and their
    slots (h mod S) R + (h div S) mod R: shard, then part."""
    from quarks.solvers import kernels as K

    m = K.count_candidates(parents, n)
    cands = np.zeros((m, parents.shape[1]), np.uint64)
    added = np.zeros(m, np.int64)
    K.candidates(parents, n, cands, np.zeros(m, np.int64), added)
    h = table_hash(cands)
    slot = (h % np.uint64(shards)) * np.uint64(parts) + (h // np.uint64(shards)) % np.uint64(parts)
    return cands, added, slot.astype(np.int64)


def extend_task(root: str, n: int, k: int, s: int, shards: int, parts: int = 1, block: int | None = None) -> dict:
    """Phase A for parent shard s of level k (module docstring): the candidates sorted by slot, and
    the offsets of the S R slots.  The parents are taken ``block`` at a time (memory); with more than
    one block, a first pass counts the slots and a second regenerates and scatters the candidates
    into place (generation is cheap next to a decision)."""
    t0, c0 = time.perf_counter(), time.process_time()
    root = Path(root)
    parents = np.load(level_shard(root, k, s), mmap_mode="r")
    nw, slots, block = words(n), shards * parts, block or BLOCK
    cuts = list(range(0, parents.shape[0], block)) + [parents.shape[0]]
    blocks = list(zip(cuts, cuts[1:]))
    one = _extensions(np.array(parents), n, shards, parts) if len(blocks) == 1 else None
    counts = np.zeros(slots, np.int64)
    for a, b in blocks:
        counts += np.bincount((one or _extensions(np.array(parents[a:b]), n, shards, parts))[2], minlength=slots)
    offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    total = int(offsets[-1])
    data, off = candidate_file(root, k, s)
    data.parent.mkdir(parents=True, exist_ok=True)
    if total == 0:
        save_atomic(data, np.zeros((0, nw + 1), np.uint64))
    else:
        tmp = data.parent / f".{data.name}.{os.getpid()}.{time.monotonic_ns()}.tmp"
        try:
            rows = np.lib.format.open_memmap(tmp, mode="w+", dtype=np.uint64, shape=(total, nw + 1))
            cursor = offsets[:-1].copy()
            for a, b in blocks:
                cands, added, slot = one or _extensions(np.array(parents[a:b]), n, shards, parts)
                order = np.argsort(slot, kind="stable")
                ss = slot[order]
                pos = (slice(None) if one else   # one block: the sorted rows are the file
                       cursor[ss] + np.arange(ss.shape[0]) - np.searchsorted(ss, ss))   # else: slot start + rank in slot
                rows[pos, :nw] = cands[order]
                rows[pos, nw] = added[order].astype(np.uint64)
                cursor += np.bincount(slot, minlength=slots)
                del cands, added, slot, order, ss, pos
            rows.flush()
            del rows
            _fsync(tmp)
            os.replace(tmp, data)
        finally:
            if tmp.exists():
                tmp.unlink()
    save_atomic(off, offsets)
    return {"parents": int(parents.shape[0]), "generated": total, "bytes": total * 8 * (nw + 1),
            "seconds": time.perf_counter() - t0, "cpu": time.process_time() - c0, "peak_mb": _peak_mb()}


def decide_task(root: str, n: int, k: int, t: int, shards: int, parts: int = 1, threads: int | None = 1) -> dict:
    """Phase B for shard t: the distinct candidates of level k + 1 that belong to shard t, decided in
    ``parts`` parts (a table's part is fixed by its hash, so equal tables meet); the accepted ones
    written as shard t of level k + 1 (module docstring)."""
    from quarks.solvers.enumerate import unique_rows

    t0, c0 = time.perf_counter(), time.process_time()
    root = Path(root)
    nw = words(n)
    sources = []
    for s in range(shards):
        data, off = candidate_file(root, k, s)
        cols = np.array(np.load(off, mmap_mode="r")[t * parts:(t + 1) * parts + 1])   # this shard's slots only
        if cols[-1] > cols[0]:
            sources.append((np.load(data, mmap_mode="r"), cols))
    accepted, res = [], {"candidates": 0, "accepted": 0, "rejected_by_witness": 0, "mass": 0, "positive_mass": 0,
                         "generated": 0}
    for r in range(parts):
        pieces = [np.array(rows[cols[r]:cols[r + 1]]) for rows, cols in sources if cols[r + 1] > cols[r]]
        if not pieces:
            continue
        got = np.concatenate(pieces)
        del pieces
        res["generated"] += got.shape[0]
        cands, _, added = unique_rows(np.ascontiguousarray(got[:, :nw]), got[:, nw], got[:, nw])
        del got
        part = decide_tables(np.ascontiguousarray(cands), added.astype(np.int64), n, threads)
        accepted.append(part.pop("tables"))
        for key in part:
            res[key] += part[key]
    save_atomic(level_shard(root, k + 1, t), np.concatenate(accepted) if accepted else np.zeros((0, nw), np.uint64))
    res.update(seconds=time.perf_counter() - t0, cpu=time.process_time() - c0, peak_mb=_peak_mb())
    return res


def _level0(root: Path, n: int, shards: int) -> None:
    """Level 0: the constant 0, in its shard; the other shards empty."""
    zero = np.zeros((1, words(n)), np.uint64)
    home = int(shard_of(zero, shards)[0])
    for t in range(shards):
        save_atomic(level_shard(root, 0, t), zero if t == home else zero[:0])


class _Runner:
    """Runs the tasks of one phase, here or on a Dask cluster, and yields (part, row) as each ends.
    On Dask a task whose worker dies is rerun by the scheduler; one that still fails (KilledWorker
    after repeated deaths, or an error) is resubmitted up to ``attempts`` times."""

    def __init__(self, executor: str, scheduler: str | None, jobs: int, attempts: int = 3):
        self.client, self.own, self.attempts = None, False, attempts
        self.threads = None   # here: each task uses every core (kernels.decide_regular)
        if executor == "dask":
            from distributed import Client

            self.threads = 1   # one task per worker thread
            if scheduler:
                self.client = Client(scheduler)
            else:
                self.client = Client(processes=True, n_workers=jobs, threads_per_worker=1, dashboard_address=":0")
                self.own = True

    def run(self, fn, calls: dict):
        if self.client is None:
            for part, args in calls.items():
                yield part, fn(*args)
            return
        from distributed import as_completed

        tries = dict.fromkeys(calls, 0)
        futures = {self.client.submit(fn, *args, pure=False, retries=1): part for part, args in calls.items()}
        pending = as_completed(futures)
        for fut in pending:
            part = futures.pop(fut)
            try:
                row = fut.result()
            except Exception:
                tries[part] += 1
                if tries[part] >= self.attempts:
                    raise
                again = self.client.submit(fn, *calls[part], pure=False, retries=1)
                futures[again] = part
                pending.add(again)
                continue
            yield part, row

    def close(self) -> None:
        """Disconnect; a local cluster started here is shut down, a scheduler given by address is not."""
        if self.client is not None:
            cluster = self.client.cluster if self.own else None
            self.client.close()
            if cluster is not None:
                cluster.close()


def count_sharded(n: int, work: Path, store_path: Path, shards: int = 16, resume: bool = False,
                  executor: str = "local", scheduler: str | None = None, progress: bool = False,
                  top: int | None = None, jobs: int = 2, total: int | None = None, parts: int = 1) -> LevelCount:
    """Count T(n;1) with sharded levels (levels up to ``top`` only, if given); module docstring.
    ``parts``: each decide task takes its shard's candidates in that many parts (memory / parts).
    With the ``total`` known (A000609), the progress bar shows the projected time left."""
    from quarks.base import store as store_mod
    from quarks.base.progress import bar as progress_bar
    from quarks.solvers.levels import projection

    if not 1 <= n <= MAX_N:
        raise UsageError(f"the sharded count supports 1 <= n <= {MAX_N}, got n = {n}")
    if shards < 1 or parts < 1:
        raise UsageError("--shards and --parts must be >= 1")
    half = (1 << n) // 2
    last = half if top is None else min(top, half)
    root = layout(work, n, shards, parts).resolve()   # absolute: the workers' working directories differ
    key = str(root)
    out = LevelCount(n, shards)
    out.levels_done, out.mass, out.representatives = 0, 2, 1   # level 0 (and its dual, the constant 1)
    with store_mod.Store(store_path) as db:
        if resume:
            done = db.tasks(key, n, shards)
        else:
            db.clear_tasks(key, n, shards)
            shutil.rmtree(root, ignore_errors=True)
            done = {}
        if not done:
            _level0(root, n, shards)
        runner = _Runner(executor, scheduler, jobs)
        bar = progress_bar(2 * shards * last, f"T({n};1) shard tasks", progress, unit="task")
        try:
            for k in range(last):
                rows = {}
                for phase, fn, extra in (("A", extend_task, ()), ("B", decide_task, (runner.threads,))):
                    rows = {p: done[(k, phase, p)] for p in range(shards) if (k, phase, p) in done}
                    bar.update(len(rows))
                    calls = {p: (str(root), n, k, p, shards, parts) + extra for p in range(shards) if p not in rows}
                    _check_inputs(root, k, phase, calls, shards)
                    for p, row in runner.run(fn, calls):
                        db.record_task(key, n, shards, k, phase, p, row)
                        rows[p] = row
                        bar.update(1)
                    if phase == "A":
                        seconds_a = sum(r["seconds"] for r in rows.values())
                        cpu_a = sum(r.get("cpu", 0.0) for r in rows.values())
                        shutil.rmtree(root / f"L{k:03d}", ignore_errors=True)   # level k is used up
                    else:
                        shutil.rmtree(root / f"C{k:03d}", ignore_errors=True)
                lev = {"k": k + 1, "accepted": sum(r["accepted"] for r in rows.values()),
                       "candidates": sum(r["candidates"] for r in rows.values()),
                       "generated": sum(r["generated"] for r in rows.values()),
                       "mass": sum(int(r["mass"]) for r in rows.values()),
                       "seconds": seconds_a + sum(r["seconds"] for r in rows.values()),
                       "cpu": cpu_a + sum(r.get("cpu", 0.0) for r in rows.values()),
                       "peak_mb": max(r["peak_mb"] for r in rows.values())}
                out.level_rows.append(lev)
                out.levels_done = k + 1
                out.mass += (1 if k + 1 == half else 2) * lev["mass"]
                out.representatives += lev["accepted"]
                out.candidates += lev["candidates"]
                out.seconds += lev["seconds"]
                note = f"level {k + 1}/{last}, {out.representatives:,} reps"
                if total is not None and k + 1 < half:
                    p = projection(out, total)
                    note += f", {p['seconds_low'] / 3600:.1f}-{p['seconds_mid'] / 3600:.1f} h left (orbit mass)"
                bar.set_postfix_str(note, refresh=False)
        finally:
            bar.close()
            runner.close()
    return out


def _check_inputs(root: Path, k: int, phase: str, calls: dict, shards: int) -> None:
    """Before rerunning tasks on --resume: their input files must still be there."""
    if not calls:
        return
    if phase == "A":
        need = [level_shard(root, k, s) for s in calls]
    else:
        need = [f for s in range(shards) for f in candidate_file(root, k, s)]
    missing = [f for f in need if not f.is_file()]
    if missing:
        raise UsageError(f"cannot resume: {len(missing)} input file(s) of level {k} phase {phase} are missing "
                         f"under {root} (run again without --resume)")
