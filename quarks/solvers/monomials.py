"""Multilinear monomials on {0,1}^n and their evaluation matrix.

On the cube x_i^2 = x_i, so every polynomial of degree <= d agrees with a multilinear one: a
combination of the monomials x^S = prod_{i in S} x_i, |S| <= d.  A monomial is the bit mask S.

Order (used in every Realization): by degree, then lexicographically by the sorted variable
list, as :func:`itertools.combinations` gives it: x1, x2, ..., xn, x1x2, x1x3, ..., x2x3, ...
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np


@lru_cache(maxsize=None)
def monomials(n: int, degree: int) -> tuple[int, ...]:
    """The masks of the monomials of degree 1..degree in the order above (constant excluded)."""
    out = []
    for k in range(1, min(degree, n) + 1):
        for combo in itertools.combinations(range(n), k):
            out.append(sum(1 << i for i in combo))
    return tuple(out)


def monomial_name(mask: int) -> str:
    """x1*x3 for the mask 0b101; 1 for the empty mask."""
    names = [f"x{i + 1}" for i in range(mask.bit_length()) if (mask >> i) & 1]
    return "*".join(names) if names else "1"


@lru_cache(maxsize=16)
def design_matrix(n: int, degree: int) -> np.ndarray:
    """The 2^n x (1 + #monomials) 0/1 matrix [1 | x^S(x)], rows indexed by x (read-only)."""
    masks = np.array((0,) + monomials(n, degree), dtype=np.int64)
    x = np.arange(1 << n, dtype=np.int64)[:, None]
    m = ((x & masks[None, :]) == masks[None, :]).astype(np.int64)
    m.setflags(write=False)
    return m
