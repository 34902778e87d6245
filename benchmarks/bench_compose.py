"""Benchmark: all ten |T_B(n;1,1)| for the irreducible binary B, wall time and peak memory.

    python benchmarks/bench_compose.py            # n = 5, 2 threads, through the certified symmetries
    python benchmarks/bench_compose.py --direct   # compute all ten classes
    python benchmarks/bench_compose.py -n 4 --threads 1

Target (issue 4): n = 5 in under 2 minutes on 2 cores with peak memory under 4 GiB.  Peak memory
is the process's maximum resident set size (ru_maxrss), which includes the engine's list T(5;1)
and the 512 MiB bitmap of a class.
"""
import argparse
import os
import resource
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-n", type=int, default=5)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--direct", action="store_true", help="compute all ten classes, no symmetry")
    p.add_argument("--progress", action="store_true")
    a = p.parse_args()
    from quarks.solvers.compose import binary_family, threshold_list

    t0 = time.perf_counter()
    threshold_list(a.n, 1)
    t_list = time.perf_counter() - t0
    t1 = time.perf_counter()
    fam = binary_family(a.n, (1, 1), threads=a.threads, progress=a.progress, direct=a.direct)
    t_all = time.perf_counter() - t1
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    load = os.getloadavg()[0]
    print(f"n = {a.n}, threads = {a.threads}, {'direct' if a.direct else 'symmetry'}")
    print(f"{'B':<14}{'|T_B(n;1,1)|':>16}  {'from':<6}{'seconds':>9}")
    for name, r in fam.items():
        print(f"{name:<14}{r['size']:>16,}  {r['from']:<6}{r['seconds']:>9.2f}")
    print(f"T({a.n};1) list: {t_list:.2f} s; all ten classes: {t_all:.1f} s; peak RSS {peak:.0f} MiB; "
          f"load average at the end {load:.2f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
