"""Benchmark: exact synaptic-gating capacities, wall time per count.

    python benchmarks/bench_gating_capacity.py            # every weight gated n <= 4, one gated n <= 5
    python benchmarks/bench_gating_capacity.py --quick    # n <= 3 and one gated weight at n = 4

Every weight gated: |S_all(n)| by face features, S_n orbit representatives of the feature tuples
and the distinct restrictions of T(n;1) to each feature map's image (quarks.circuits.capacity).
One gated weight: |S_1(n)| by halves.  The first call of each kernel includes numba's compilation
(or its load from the on-disk cache).
"""
import argparse
import os
import resource
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true")
    a = p.parse_args()
    from quarks.circuits import capacity as C

    C.all_gated(2)          # load the kernels once
    C.one_gated(2)
    print(f"{'model':<22}{'n':>3}{'count':>12}{'orbit reps':>12}{'images':>8}{'seconds':>9}  phases")
    for n in range(0, 4 if a.quick else 5):
        timing = {}
        t0 = time.perf_counter()
        r = C.all_gated(n, timing)
        dt = time.perf_counter() - t0
        phases = ", ".join(f"{k} {v:.2f}" for k, v in timing.items())
        print(f"{'every weight gated':<22}{n:>3}{r['count']:>12,}{r['representatives']:>12,}"
              f"{r.get('images', 1):>8,}{dt:>9.2f}  {phases}")
    for n in range(0, 5 if a.quick else 6):
        t0 = time.perf_counter()
        r = C.one_gated(n)
        print(f"{'one gated weight':<22}{n:>3}{r['count']:>12,}{'':>12}{'':>8}{time.perf_counter() - t0:>9.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.0f} MiB, load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
