"""Coverage of the halves estimator's 95 % t intervals over independent seeds (notes/records.md, issue 40).

Usage: python benchmarks/estimate_coverage.py N P R REPS FIRST_SEED: REPS estimates of R samples of P
walkers, seeds FIRST_SEED, FIRST_SEED + 1, ..; one JSON line per estimate, then the summary."""
import json
import sys
import time

from quarks.proofs.baldi.counting import A000609
from quarks.solvers import halftree as H

n, P, R, reps, base = map(int, sys.argv[1:6])
halves = H.Halves(n)
halves.level(H.default_top(n))
rows = []
for r in range(reps):
    c0 = time.process_time()
    est = H.estimate(n, P, None, base + r, 0, R, None, None, None, halves)
    cpu = time.process_time() - c0
    m, se, (lo, hi) = est.count
    rows.append({"seed": base + r, "mean": m, "lo": lo, "hi": hi, "cpu": cpu,
                 "inside": lo <= A000609[n] <= hi, "rhw": (hi - m) / m})
    print(json.dumps(rows[-1]), flush=True)
cov = sum(x["inside"] for x in rows) / reps
import statistics as st

print(json.dumps({"n": n, "P": P, "R": R, "reps": reps, "coverage": cov,
                  "mean_rel_err": st.mean(x["mean"] for x in rows) / A000609[n] - 1,
                  "median_rhw": st.median(x["rhw"] for x in rows), "cpu_per_rep": st.mean(x["cpu"] for x in rows),
                  "below": sum(x["hi"] < A000609[n] for x in rows), "above": sum(x["lo"] > A000609[n] for x in rows)}))
