"""The z3 backend: exact linear real arithmetic for both alternatives.

Realizable: real v with B v >= 1 (B as in :mod:`quarks.solvers.lp`); z3's model is rational and
is scaled to integers.  Otherwise the alternative system y >= 0, B^T y = 0, sum y = 1 is solved
by z3 as well, and its rational model scaled to integer multipliers.  No floats are involved.
"""
from __future__ import annotations

import math
from fractions import Fraction

from quarks.base.boolean import TruthTable
from quarks.solvers.monomials import design_matrix, monomials
from quarks.solvers.realize import NonRealizability, Realization


def _fraction(value) -> Fraction:
    return Fraction(value.as_fraction())


def _integers(qs: list[Fraction]) -> list[int]:
    L = 1
    for q in qs:
        L = L * q.denominator // math.gcd(L, q.denominator)
    ints = [int(q * L) for q in qs]
    g = 0
    for a in ints:
        g = math.gcd(g, a)
    return [a // g for a in ints] if g > 1 else ints


def solve(f: TruthTable, degree: int):
    import z3

    A = design_matrix(f.n, degree).tolist()
    N, M = len(A), len(A[0])
    sign = [1 if f(x) else -1 for x in range(N)]

    v = [z3.Real(f"v{j}") for j in range(M)]
    s = z3.SolverFor("QF_LRA")
    for x, row in enumerate(A):
        s.add(sign[x] * z3.Sum([v[j] for j in range(M) if row[j]]) >= 1)
    if s.check() == z3.sat:
        m = s.model()
        u = _integers([_fraction(m.eval(vj, model_completion=True)) for vj in v])
        return Realization(f, degree, monomials(f.n, degree), tuple(u[1:]), -u[0], "z3")

    y = [z3.Real(f"y{x}") for x in range(N)]
    s = z3.SolverFor("QF_LRA")
    s.add(*[yx >= 0 for yx in y])
    s.add(z3.Sum(y) == 1)
    for j in range(M):
        s.add(z3.Sum([sign[x] * y[x] for x in range(N) if A[x][j]]) == 0)
    if s.check() != z3.sat:
        raise RuntimeError("z3 found neither a realization nor a Farkas certificate (impossible)")
    m = s.model()
    z = _integers([_fraction(m.eval(yx, model_completion=True)) for yx in y])
    return NonRealizability.from_vector(f, degree, z, "z3")
