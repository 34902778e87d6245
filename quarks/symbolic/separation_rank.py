"""Separation rank and its grid-matricization lower bound.

For f(A, B) and a partition (A, B) of its variables, sep(f) is the least R with
f = sum_{r=1}^R g_r(A) g'_r(B).  Fix template values t_1..t_M; the grid matricization
M[a, b] = f(a, b), a in T^|A|, b in T^|B|, is then a sum of R rank-one matrices
(g_r(a))_a (g'_r(b))_b, so rank M <= sep(f) (eq. (10) of seed 003).  An explicit decomposition
with R terms bounds sep(f) <= R; both together give sep(f) exactly.

Ranks here are exact: over Q with fractions (:func:`quarks.base.exact.rank`), or, for the large
integer matrices of the explorations, modulo a prime p (``rank_mod_p``), which never exceeds the
rank over Q and so is still a valid lower bound.
"""
from __future__ import annotations

import itertools

PRIME = (1 << 61) - 1


def rank_mod_p(matrix, p: int = PRIME) -> int:
    """Rank of an integer matrix modulo the prime p (a lower bound for its rank over Q)."""
    rows = [[x % p for x in row] for row in matrix]
    r, ncols = 0, len(rows[0]) if rows else 0
    for c in range(ncols):
        pivot = next((i for i in range(r, len(rows)) if rows[i][c]), None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        inv = pow(rows[r][c], p - 2, p)
        pr = [(x * inv) % p for x in rows[r]]
        rows[r] = pr
        for i in range(r + 1, len(rows)):
            f = rows[i][c]
            if f:
                rows[i] = [(a - f * b) % p for a, b in zip(rows[i], pr)]
        r += 1
    return r


def monomials_up_to(nvars: int, degree: int) -> int:
    """Number of monomials of total degree <= degree in nvars variables: C(nvars + degree, nvars)."""
    from math import comb

    return comb(nvars + degree, nvars)


# --- derivations ---------------------------------------------------------------------------------

def separation_facts(f: str, rows, cols, terms, grid, rank_value: int, relation: str = "==",
                     symbols: dict | None = None, monomials: int | None = None):
    """sep(f) <= len(terms) by the decomposition f = sum g_r(rows) h_r(cols), and the grid
    matricization rank compared with ``rank_value`` (a lower bound for sep(f))."""
    from quarks.symbolic.derivation import Derivation

    der = Derivation(symbols or {v: {} for v in list(rows) + list(cols)})
    der.define("f", f)
    if monomials is not None:
        der.nterms("f", list(rows) + list(cols), monomials, label=f"f has {monomials} monomials")
    decomposition = " + ".join(f"({g})*({h})" for g, h in terms) if terms else "0"
    der.equal("f", decomposition, label=f"f = sum of {len(terms)} products g_r(A) h_r(B): sep(f) <= {len(terms)}")
    der.matricization_rank("f", rows, cols, grid, rank_value, relation,
                           label="grid matricization rank (a lower bound for sep(f))")
    return der


# --- explorations (pure Python integers; re-run by ``exhaustive`` records) -----------------------

def _templates(n: int, count: int, seed: int):
    import random

    rng = random.Random(seed)
    seen, out = set(), []
    while len(out) < count:
        v = tuple(rng.randint(-4, 4) for _ in range(n))
        if v not in seen:
            seen.add(v)
            out.append(list(v))
    return out


def token_matricization_rank(d: int, L: int, n: int, templates: int, seed: int) -> dict:
    """Rank (mod p) of the grid matricization of y = Y_L(X)[0][0], X n x n with n tokens (rows):
    A = token 0, B = the other tokens, each token ranging over ``templates`` integer vectors.
    ``holds``: the rank respects the trivial bound C(d^L + n, n) (monomials in A of degree <= d^L)."""
    from quarks.symbolic.layers import random_weights, stack_int

    weights = random_weights(d, n, L, seed)
    temps = _templates(n, templates, seed)
    col_points = list(itertools.product(range(templates), repeat=n - 1))
    matrix = []
    for a in temps:
        row = []
        for cp in col_points:
            x = [a] + [temps[i] for i in cp]
            row.append(stack_int(x, weights)[0][0])
        matrix.append(row)
    r = rank_mod_p(matrix)
    bound = monomials_up_to(n, d**L)
    from quarks.certificates.evidence import digest

    return {"cases": len(matrix) * len(col_points), "holds": r <= bound,
            "digest": digest([{"rank": r, "bound": bound}, matrix[0][:4]]), "rank": r, "bound": bound}
