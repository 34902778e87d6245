"""Counting T(n;1) level by level in independent, resumable chunks (for n = 9).

The regular positive LTFs with k true points (level k) are the one-point extensions of level
k - 1 that are threshold (see :mod:`quarks.solvers.enumerate`).  Here a level is split into B
*chunks* by ranges of parents.  A candidate g (a parent plus one shift-maximal false point x) is
generated only by its *canonical* parent: g - x is kept as g's parent iff no larger shift-minimal
true point x' of g has g - x' in the level (canonical augmentation,
:func:`kernels.canonical_candidates`; membership through a hash table of the level).
So every distinct candidate belongs to exactly one chunk, with no deduplication across chunks, and
each parent is scanned once per level (hash buckets of candidates, the first design, generated
every candidate B times).  Each chunk is decided independently (a 2-summability witness, else the
exact LP) and writes its accepted tables to ``WORK/n{n}.p{B}/L{k:03d}.b{b:03d}.npy``; then it
records, in the results store (table ``count_chunks``), its candidates, acceptances and orbit
*mass* (the sum over its functions of the orbit size under permuting and negating inputs).  The
next level reads the files of the previous one, in chunk order, as its parents.  So a run may
stop at any moment: ``resume`` skips the recorded chunks, and a chunk counts only once its file
is complete; none is lost or counted twice.

|T(n;1)| = sum_k mult_k mass_k with mult_k = 2 below the middle level k = 2^(n-1) (the duals
f*(x) = not f(not x) fill the upper levels, with the same orbit sizes) and 1 at it.

Projection (:func:`projection`): after levels 0..K the remaining orbit mass is known when the
total is (A000609), and every remaining function has orbit size at most n! 2^n; so at least
remaining / (2 n! 2^n) representatives remain, and about remaining / (2 m) with m the mean orbit
size of level K.  Times the measured seconds per representative, that brackets the time left.  The
bracket overestimates (the early levels cost more per representative than the later ones: at n = 9
levels 0..20 project 12.8-39.3 h against the 1.8 h of chunk time the whole count took), so where a
complete run was measured (``MEASURED``) the time left is that run's chunk time for the
representatives left, which are then known exactly.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from quarks.base.errors import UsageError

MAX_N = 9
# Complete runs measured on this project's 2-core machine (notes/enumeration.md): the representatives up
# to the middle level and their chunk time; the projection of a partial run of the same n uses them.
MEASURED = {9: {"representatives": 496_618_456, "chunk_seconds": 6_646, "wall": "1 h 52 min wall on 2 cores"}}


def table_hash(tables: np.ndarray) -> np.ndarray:
    """A well-mixed 64-bit hash of each table (rows of uint64 words)."""
    h = np.full(tables.shape[0], 0x9E3779B97F4A7C15, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for w in range(tables.shape[1]):
            h ^= tables[:, w]
            h *= np.uint64(0xBF58476D1CE4E5B9)
            h ^= h >> np.uint64(31)
    return h


def level_index(level: np.ndarray) -> np.ndarray:
    """A hash table of the level's rows (kernels.level_table, load at most 1/2): membership in
    one or two probes."""
    from quarks.solvers import kernels as K

    bits = max(4, int(level.shape[0]).bit_length() + 1)
    return K.level_table(level, table_hash(level), bits)


def chunk_range(parents: int, bucket: int, buckets: int) -> tuple[int, int]:
    """Chunk ``bucket`` of ``buckets`` owns the parents [lo, hi) of the level, in file order."""
    return parents * bucket // buckets, parents * (bucket + 1) // buckets


def chunk_candidates(parents: np.ndarray, n: int, bucket: int, buckets: int, threads: int | None = None,
                     index: tuple | None = None):
    """The candidates whose canonical parent (kernels.canonical_candidates) lies in this chunk's range
    of parents: over the chunks of a level, every distinct candidate exactly once, with the parent
    and the point added (needed by the 2-summability test)."""
    import os
    from concurrent.futures import ThreadPoolExecutor

    from quarks.solvers import kernels as K

    nw = parents.shape[1]
    table = index if index is not None else level_index(parents)
    lo, hi = chunk_range(parents.shape[0], bucket, buckets)
    jobs = threads or os.cpu_count() or 1
    parts = max(1, min(4 * jobs, (hi - lo) // 64))
    cuts = [lo + (hi - lo) * j // parts for j in range(parts + 1)]

    def part(a: int, b: int):
        total = K.count_candidates(parents[a:b], n)
        out = np.zeros((total, nw), np.uint64)
        origin = np.zeros(total, np.int64)
        added = np.zeros(total, np.int64)
        m = K.canonical_candidates(parents, a, b, n, table, out, origin, added)
        return out[:m], origin[:m], added[:m]

    if jobs > 1 and parts > 1:
        with ThreadPoolExecutor(max_workers=jobs) as pool:   # joined here: no thread outlives the call
            res = list(pool.map(part, cuts[:-1], cuts[1:]))
    else:
        res = [part(a, b) for a, b in zip(cuts, cuts[1:])]
    if not res:
        return np.zeros((0, nw), np.uint64), np.zeros(0, np.int64), np.zeros(0, np.int64)
    return tuple(np.concatenate([r[i] for r in res]) for i in range(3))


def decide_tables(cands: np.ndarray, added: np.ndarray, n: int, threads: int | None = None) -> dict:
    """Decide distinct regular positive candidates exactly (``added``: for each, a point whose removal
    gives a threshold parent): a 2-summability witness through it, else the exact LP
    (:func:`kernels.decide_regular`), else Python integers on int64 overflow.  Returns the accepted
    tables, the counts and the orbit masses (summed in Python integers: at n = 10 an orbit has up
    to 10! 2^10 ~ 3.7e9 functions)."""
    from quarks.solvers import kernels as K
    from quarks.solvers.enumerate import decide_bigint, factorials

    c = cands.shape[0]
    if c == 0:
        return {"tables": cands, "candidates": 0, "accepted": 0, "rejected_by_witness": 0, "mass": 0, "positive_mass": 0}
    status = np.zeros(c, np.int64)
    weights = np.zeros((c, n + 1), np.int64)
    K.decide_regular(cands, np.zeros(c, np.int64), added, np.zeros((0, n + 1), np.int64), n, status, weights,
                     np.zeros((0, 1), np.int64), jobs=threads)
    if np.any(status == 3):
        raise AssertionError("an exact LP solution failed the exact check")
    for i in np.flatnonzero(status == 2):
        v = np.zeros(1 << n, np.uint8)
        K.unpack(cands[i], n, v)
        ok, _, _ = decide_bigint(v, n)
        status[i] = 1 if ok else 0
    acc = status == 1
    tables = cands[acc]
    pos = np.zeros(tables.shape[0], np.int64)
    allo = np.zeros(tables.shape[0], np.int64)
    K.orbit_sizes(tables, n, factorials(n), pos, allo)
    block = 1 << 20   # < 2^63 / (10! 2^10) rows per int64 partial sum
    return {"tables": tables, "candidates": int(c), "accepted": int(acc.sum()),
            "rejected_by_witness": int((status == 4).sum()),
            "mass": sum(int(allo[i:i + block].sum()) for i in range(0, allo.shape[0], block)),
            "positive_mass": sum(int(pos[i:i + block].sum()) for i in range(0, pos.shape[0], block))}


def decide_chunk(parents: np.ndarray, n: int, bucket: int, buckets: int, threads: int | None = None,
                 index: tuple | None = None) -> dict:
    """Decide one chunk: its accepted tables, and the counts and orbit masses it contributes
    (``threads``: as in :func:`kernels.decide_regular`)."""
    t0 = time.perf_counter()
    cands, origin, added = chunk_candidates(parents, n, bucket, buckets, threads, index)
    res = decide_tables(cands, added, n, threads)
    res["seconds"] = time.perf_counter() - t0
    return res


_LEVEL = {}   # the last parent level read by this process: the chunks of a level share it


def _parent_level(parent_files: list):
    """The parent level (its files concatenated in chunk order) and its index, read once per process
    and level (keyed by the files' names, sizes and modification times)."""
    import os

    key = tuple((f, os.stat(f).st_size, os.stat(f).st_mtime_ns) for f in parent_files)
    if key not in _LEVEL:
        _LEVEL.clear()
        parents = np.concatenate([np.load(f) for f in parent_files]) if parent_files else np.zeros((0, 1), np.uint64)
        _LEVEL[key] = (parents, level_index(parents))
    return _LEVEL[key]


def _chunk_task(parent_files: list, n: int, k: int, bucket: int, buckets: int, out: str,
                threads: int | None = None) -> dict:
    """One chunk as a self-contained task (local or on a Dask worker): read the parents, decide,
    write the accepted tables atomically; returns the row to record."""
    import os
    import tempfile

    parents, index = _parent_level(parent_files)
    res = decide_chunk(parents, n, bucket, buckets, threads, index)
    from quarks.base.fileio import as_umask_allows

    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(out), suffix=".npy.tmp")
    as_umask_allows(fd)
    with os.fdopen(fd, "wb") as fh:
        np.save(fh, res.pop("tables"))
    os.replace(tmp, out)
    res["file"] = out
    return res


@dataclass
class LevelCount:
    """A (possibly partial) count: the levels done, the mass so far, the measured rate."""

    n: int
    buckets: int
    levels_done: int = -1                  # the last complete level
    mass: int = 0                          # sum_k mult_k mass_k over the complete levels
    representatives: int = 0
    candidates: int = 0
    seconds: float = 0.0                   # chunk seconds summed (CPU-side work)
    level_rows: list = field(default_factory=list)   # per level: k, accepted, candidates, mass, seconds

    @property
    def complete(self) -> bool:
        return self.levels_done == (1 << self.n) // 2

    @property
    def count(self) -> int | None:
        return self.mass if self.complete else None


def count_levels(n: int, work: Path, store_path: Path, buckets: int = 16, resume: bool = False,
                 executor: str = "local", scheduler: str | None = None, progress: bool = False,
                 top: int | None = None, jobs: int = 1, total: int | None = None) -> LevelCount:
    """Count T(n;1) in chunks (levels up to ``top`` only, if given); see the module docstring.
    With the ``total`` known (A000609), the progress bar shows the projected time left."""
    from quarks.base import store as store_mod
    from quarks.base.progress import bar as progress_bar

    if not 1 <= n <= MAX_N:
        raise UsageError(f"the chunked count supports 1 <= n <= {MAX_N}, got n = {n}")
    if buckets < 1:
        raise UsageError("--buckets must be >= 1")
    half = (1 << n) // 2
    last = half if top is None else min(top, half)
    wdir = Path(work) / f"n{n}.p{buckets}"
    wdir.mkdir(parents=True, exist_ok=True)
    client = None
    threads = None   # local: each chunk uses every core (kernels.decide_regular)
    if executor == "dask":
        threads = None if scheduler else 1   # a local cluster has one process per core already
        from distributed import Client

        client = Client(scheduler) if scheduler else Client(processes=True, n_workers=jobs, threads_per_worker=1)
    out = LevelCount(n, buckets)
    with store_mod.Store(store_path) as db:
        done = {}
        if resume:   # only this layout's chunks (a record names its file, under the work directory)
            done = {kb: r for kb, r in db.chunks(n, buckets).items() if Path(r["file"]).resolve().parent == wdir.resolve()}
        if not resume:
            for f in wdir.glob("*.npy"):
                f.unlink()
        level0 = wdir / "L000.b000.npy"
        np.save(level0, np.zeros((1, max(1, (1 << n) // 64)), np.uint64))   # level 0: the constant 0
        out.levels_done, out.mass, out.representatives = 0, 2, 1   # level 0 (and its dual, the constant 1)
        parents = [str(level0)]
        total_chunks = last * buckets
        bar = progress_bar(total_chunks, f"T({n};1) chunks", progress, unit="chunk")
        for k in range(1, last + 1):
            mult = 1 if k == half else 2
            todo = [b for b in range(buckets) if (k, b) not in done]
            rows = {b: done[(k, b)] for b in range(buckets) if b not in todo}
            bar.update(len(rows))
            files = {b: str(wdir / f"L{k:03d}.b{b:03d}.npy") for b in range(buckets)}
            missing = [f for f in parents if not Path(f).is_file()]
            if todo and missing:
                raise UsageError(f"cannot resume: {len(missing)} chunk file(s) of level {k - 1} are missing under "
                                 f"{wdir} (run again without --resume)")
            if client is not None and todo:
                futures = {client.submit(_chunk_task, parents, n, k, b, buckets, files[b], threads, pure=False): b for b in todo}
                from distributed import as_completed

                for fut in as_completed(futures):
                    b = futures[fut]
                    rows[b] = fut.result()
                    db.record_chunk(n, k, b, buckets, rows[b])
                    bar.update(1)
            else:
                for b in todo:
                    rows[b] = _chunk_task(parents, n, k, b, buckets, files[b])
                    db.record_chunk(n, k, b, buckets, rows[b])
                    bar.update(1)
            lev = {"k": k, "accepted": sum(r["accepted"] for r in rows.values()),
                   "candidates": sum(r["candidates"] for r in rows.values()),
                   "mass": sum(r["mass"] for r in rows.values()),
                   "seconds": sum(r["seconds"] for r in rows.values())}
            out.level_rows.append(lev)
            out.levels_done = k
            out.mass += mult * lev["mass"]
            out.representatives += lev["accepted"]
            out.candidates += lev["candidates"]
            out.seconds += lev["seconds"]
            note = f"level {k}/{last}, {out.representatives:,} reps"
            if total is not None and k < half:
                p = projection(out, total)
                if "seconds_left" in p:
                    note += f", about {p['seconds_left'] / 3600:.1f} h left at the measured full run's rate"
                else:
                    lo_h, mid_h = p["seconds_low"] / 3600, p["seconds_mid"] / 3600
                    note += f", {lo_h:.1f}-{mid_h:.1f} h left (projected from the orbit mass)"
            bar.set_postfix_str(note, refresh=False)
            parents = [files[b] for b in range(buckets)]
            if k >= 2:   # level k - 2 is no longer needed as parents
                for f in wdir.glob(f"L{k - 2:03d}.b*.npy"):
                    f.unlink()
        bar.close()
    if client is not None and not scheduler:
        client.close()
    return out


def projection(res: LevelCount, total: int) -> dict:
    """Representatives and seconds left, bracketed from the remaining orbit mass (module docstring)."""
    n = res.n
    remaining = total - res.mass
    if remaining <= 0 or not res.level_rows:
        return {"remaining_mass": remaining, "reps_low": 0, "reps_mid": 0, "seconds_low": 0.0, "seconds_mid": 0.0}
    last = res.level_rows[-1]
    mean_orbit = last["mass"] / max(1, last["accepted"])
    max_orbit = math.factorial(n) * (1 << n)
    per_rep = last["seconds"] / max(1, last["accepted"])
    low = remaining / (2 * max_orbit)
    mid = remaining / (2 * mean_orbit)
    out = {"remaining_mass": remaining, "mean_orbit_last_level": mean_orbit, "max_orbit": max_orbit,
           "seconds_per_rep_last_level": per_rep, "reps_low": int(low), "reps_mid": int(mid),
           "seconds_low": low * per_rep, "seconds_mid": mid * per_rep}
    if n in MEASURED:   # the representatives left known exactly, at the measured run's seconds per representative
        m = MEASURED[n]
        left = max(0, m["representatives"] - res.representatives)
        out.update(reps_left=left, seconds_left=left * m["chunk_seconds"] / m["representatives"])
    return out
