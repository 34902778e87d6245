"""Exact counts of Boolean functions computed by a threshold gate with synaptically gated weights.

Inputs x in {0,1}^n, gates with 0/1 outputs (H, H(0) = 0).  Gating the weight w_i by a gate g_i
replaces x_i by x_i g_i(x) in the unit's activation, so the unit computes

    f(x) = F(x_1 g_1(x), ..., x_n g_n(x)),   F in T(n;1)   (F: the unit's own weights and bias)

with g_i = 1 for an ungated weight.  Hence

- one gated weight:          S_1(n)   = { F o phi_g : F, g in T(n;1) },  phi_g(x) = (x_1 g(x), x_2, ..)
- every weight gated (Fig 3, right, bias not gated):
                             S_all(n) = { F o phi_{g_1..g_n} : F, g_i in T(n;1) }
- output gating (the unit's output times an LTG output): T_AND(n;1,1) = { F and g }.

phi depends on g_i only through its restriction to the face x_i = 1 (x_i g_i = 0 elsewhere), so
there are at most |T(n-1;1)| distinct maps per gated weight: |S_1(n)| <= |T(n;1)| |T(n-1;1)|,
|S_all(n)| <= |T(n;1)| |T(n-1;1)|^n.  The counts below compose truth tables exactly (integers).
"""
from __future__ import annotations

import numpy as np


def _tables(n: int) -> np.ndarray:
    from ..solvers.enumerate import threshold_class

    return threshold_class(n, 1)[:, 0].astype(np.uint64)


def _bit(table: int, x: int) -> int:
    return (table >> x) & 1


def _maps(n: int, T: np.ndarray, i: int) -> set:
    """The distinct maps x -> x with coordinate i replaced by x_i g(x), g over T(n;1)."""
    out = set()
    for g in T.tolist():
        out.add(tuple(x if _bit(g, x) else x & ~(1 << i) for x in range(1 << n)))
    return out


def _compose(T: np.ndarray, phi) -> np.ndarray:
    """Truth tables of F o phi for every F in T (bit x of F o phi is bit phi(x) of F)."""
    out = np.zeros(len(T), np.uint64)
    for x, y in enumerate(phi):
        out |= ((T >> np.uint64(y)) & np.uint64(1)) << np.uint64(x)
    return out


def count_one_gated(n: int) -> int:
    T = _tables(n)
    if n == 0:
        return len(T)
    found = [_compose(T, phi) for phi in sorted(_maps(n, T, 0))]
    return len(np.unique(np.concatenate(found)))


def count_all_gated(n: int) -> int:
    T = _tables(n)
    phis = [tuple(range(1 << n))]
    for i in range(n):
        step = sorted(_maps(n, T, i))
        # compose coordinate maps: (phi o step_i) acts coordinatewise, so apply both masks
        phis = sorted({tuple(a & b for a, b in zip(p, s)) for p in phis for s in step})
    found = [_compose(T, phi) for phi in phis]
    return len(np.unique(np.concatenate(found)))


def count_output_gated(n: int) -> int:
    T = _tables(n)
    return len(np.unique((T[:, None] & T[None, :]).ravel()))


def capacity_table(n: int, all_gated: bool = True) -> dict:
    """The counts at n and the bounds they must satisfy; re-runnable (``exhaustive`` procedure)."""
    from ..evidence import digest

    t, t1 = len(_tables(n)), len(_tables(n - 1)) if n >= 1 else 1
    row = {"n": n, "T": t, "T_prev": t1, "one_gated": count_one_gated(n), "output_gated": count_output_gated(n)}
    facts = {
        "T <= S_1": t <= row["one_gated"],
        "S_1 <= T * T(n-1)": row["one_gated"] <= t * t1,
        "T <= T_AND": t <= row["output_gated"],
        "T_AND <= T^2": row["output_gated"] <= t * t,
    }
    if all_gated:
        row["all_gated"] = count_all_gated(n)
        facts["S_1 <= S_all"] = row["one_gated"] <= row["all_gated"]
        facts["S_all <= T * T(n-1)^n"] = row["all_gated"] <= t * t1**n
    return {"cases": 1, "holds": all(facts.values()), "row": row, "facts": facts, "digest": digest([row, facts])}
