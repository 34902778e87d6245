"""Benchmark: |T(n;d)| by halves (quarks.solvers.halves), with time, peak memory and certificate size.

    python benchmarks/bench_halves.py 5 2      # |T(5;2)|, about 12 minutes on 2 cores
    python benchmarks/bench_halves.py 5 3      # |T(5;3)|

Runs the claim's check (search, then the exact checker), writes the certificate with its .npz
witness payload under /tmp/quarks-halves/ and re-checks it as check-cert does, with the times.
"""
import resource
import sys
import time
from pathlib import Path

from quarks.certificates import certificate
from quarks.claims import registry


def main(n: int, d: int) -> None:
    ids = {(5, 2): "quarks.count-t5-2", (5, 3): "quarks.count-t5-3"}
    claim = registry.get(ids.get((n, d), "quarks.count-by-halves"))
    inst = next(i for t in ("quick", "full") for i in claim.instances_for(t) if (i["n"], i["d"]) == (n, d))
    t0 = time.perf_counter()
    v = claim.run(inst)  # the search, then the exact checker decides the verdict
    t1 = time.perf_counter()
    print(f"{claim.id}: {v.status}: {v.summary}; {v.data}; {t1 - t0:.0f} s", flush=True)
    path = certificate.write(certificate.build(claim, inst, v, t1 - t0),
                             Path("/tmp/quarks-halves") / claim.id / f"n={n},d={d}.json")
    size = sum(p.stat().st_size for p in path.parent.glob(f"{path.stem}*"))
    r = certificate.check_file(path)
    t2 = time.perf_counter()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"certificate {size / 1e6:.1f} MB; quarks check-cert {t2 - t1:.0f} s ({r.ok}: {r.message}); "
          f"peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
