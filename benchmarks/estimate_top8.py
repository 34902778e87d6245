"""The halves estimator with depth 8 enumerated (notes/records.md, issue 40): the level once, then
samples at n = 9 and 10; relative variance and CPU per sample."""
import time

import numpy as np

from quarks.proofs.baldi.counting import A000609
from quarks.solvers import halftree as H

c = time.process_time()
lv = H.Halves(8).level(8)
np.save("/tmp/val/level8.npy", lv)
print("level 8", lv.shape, round(time.process_time() - c, 1), flush=True)
for n, R in ((9, 40), (10, 20)):
    h = H.Halves(n)
    h.cache[("level", 8)] = lv
    c = time.process_time()
    est = H.estimate(n, 16, 8, seed=80 + n, samples=R, halves=h)
    cpu = time.process_time() - c
    x = np.array([a for _, _, a in est.samples], float) / est.denominator
    ref = A000609[n] if n < len(A000609) else x.mean()
    print(n, "top 8 P 16", R, "mean/exact", x.mean() / ref, "relvar", x.var(ddof=1) / x.mean() ** 2,
          "cpu/sample", cpu / R, "mean", x.mean(), flush=True)
