"""Benchmark: |T(8;1)| in one pass, and the chunked count of |T(9;1)| with its projection.

    python benchmarks/bench_count_levels.py 8            # the whole n = 8 count (2-summability + exact LP)
    python benchmarks/bench_count_levels.py 9 [LEVELS]   # chunked n = 9 up to level LEVELS (default 60),
                                                         # resumable: run again to continue

Prints wall time, peak memory, the numbers of representatives and candidates, and for a partial
n = 9 run the projection of the representatives and the time left (quarks.solvers.levels.projection).
"""
import resource
import sys
import time
from pathlib import Path

from quarks.proofs.baldi.counting import A000609


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    t0 = time.perf_counter()
    if n <= 8:
        from quarks.solvers.enumerate import regular_counts, regular_threshold

        e = regular_threshold(n)
        count = regular_counts(e)["threshold"]
        reps = sum(lev.tables.shape[0] for lev in e.levels)
        cands = sum(lev.candidates for lev in e.levels)
        print(f"n = {n}: |T(n;1)| = {count:,} (A000609: {count == A000609[n]}), {reps:,} representatives, "
              f"{cands:,} candidates, {time.perf_counter() - t0:.1f} s")
    else:
        from quarks.solvers.levels import count_levels, projection

        top = int(sys.argv[2]) if len(sys.argv) > 2 else 60
        work = Path(".quarks/bench-count")
        res = count_levels(n, work / "chunks", work / "store.sqlite", buckets=16, resume=True, top=top,
                           progress=True)
        print(f"n = {n}: levels 0..{res.levels_done}: {res.representatives:,} representatives, "
              f"{res.candidates:,} candidates, {res.seconds:.0f} s of chunk time, {time.perf_counter() - t0:.0f} s wall")
        for row in res.level_rows[-5:]:
            print(f"  level {row['k']}: {row['accepted']:,} accepted of {row['candidates']:,}, {row['seconds']:.1f} s")
        if not res.complete:
            p = projection(res, A000609[n])
            print(f"projection: {p['reps_low']:,} .. {p['reps_mid']:,} representatives left, "
                  f"{p['seconds_low'] / 3600:.1f} .. {p['seconds_mid'] / 3600:.1f} h of chunk time")
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
