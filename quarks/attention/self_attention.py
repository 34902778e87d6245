"""One self-attention layer without position embeddings, exactly.

Tokens x_1..x_n (rows of X, rational), y_i = sum_j softmax_j(s_i)_j v_j with s_ij = (x_i W_Q) . (x_j W_K)
and v_j = x_j W_V.  The output at position i is a function of the multiset {(s_ij, v_j) : j}, so two
positions whose multisets are equal have equal outputs: :func:`output_forms` gives these multisets, an
exact representation with no exponential evaluated.  :func:`output_balls` encloses the real outputs in
arb balls, to show rigorously that two outputs differ.
"""
from __future__ import annotations

from fractions import Fraction


def _mat(A) -> list:
    return [[Fraction(a) for a in row] for row in A]


def _mul(A, B) -> list:
    return [[sum((a * B[k][j] for k, a in enumerate(row)), Fraction(0)) for j in range(len(B[0]))] for row in A]


def output_forms(X, WQ, WK, WV) -> list:
    """Position i -> the sorted tuple of (s_ij, v_j): equal forms mean equal outputs."""
    X, WQ, WK, WV = map(_mat, (X, WQ, WK, WV))
    Q, K, V = _mul(X, WQ), _mul(X, WK), _mul(X, WV)
    return [tuple(sorted((sum((a * b for a, b in zip(q, k)), Fraction(0)), tuple(v)) for k, v in zip(K, V)))
            for q in Q]


def output_balls(X, WQ, WK, WV, prec: int = 80) -> list:
    """Position i -> arb balls of y_i (one per coordinate), containing the exact outputs."""
    from flint import arb, ctx

    old = ctx.prec
    ctx.prec = prec
    try:
        out = []
        for form in output_forms(X, WQ, WK, WV):
            w = [arb(s.numerator) / s.denominator for s, _ in form]
            e = [x.exp() for x in w]
            total = sum(e[1:], e[0])
            dims = len(form[0][1])
            out.append([sum((ej * (arb(v[c].numerator) / v[c].denominator) for ej, (_, v) in zip(e, form)), arb(0))
                        / total for c in range(dims)])
        return out
    finally:
        ctx.prec = old


def permute(X, perm) -> list:
    """The rows of X in the order perm: (PX)_i = X_perm[i]."""
    return [list(X[p]) for p in perm]


def equivariance_check(n: int, dim: int, samples: int, seed: int) -> dict:
    """f(PX) = P f(X) for random rational X, weights and permutations, compared exactly by output forms."""
    import random

    rng = random.Random(seed)
    rnd = lambda r, c: [[Fraction(rng.randint(-6, 6), rng.randint(1, 3)) for _ in range(c)] for _ in range(r)]  # noqa: E731
    holds, invariant = True, 0
    for _ in range(samples):
        X, WQ, WK, WV = rnd(n, dim), rnd(dim, dim), rnd(dim, dim), rnd(dim, dim)
        perm = list(range(n))
        rng.shuffle(perm)
        f, fp = output_forms(X, WQ, WK, WV), output_forms(permute(X, perm), WQ, WK, WV)
        holds = holds and all(fp[i] == f[perm[i]] for i in range(n))
        invariant += all(fp[i] == f[i] for i in range(n))
    return {"cases": samples, "holds": holds, "digest": f"{samples}:{invariant}", "invariant_samples": invariant}


def invariance_check(X, WQ, WK, WV, perm) -> dict:
    """f(PX) = f(X)?  Decided rigorously: equal output forms prove equality, disjoint arb balls disprove it."""
    f, fp = output_forms(X, WQ, WK, WV), output_forms(permute(X, perm), WQ, WK, WV)
    if all(a == b for a, b in zip(f, fp)):
        return {"cases": len(f), "holds": True, "digest": "equal forms"}
    b, bp = output_balls(X, WQ, WK, WV), output_balls(permute(X, perm), WQ, WK, WV)
    differ = [i for i in range(len(b)) if any(not x.overlaps(y) for x, y in zip(b[i], bp[i]))]
    if not differ:
        raise ValueError("undecided at this precision")
    i = differ[0]
    f_ball, fp_ball = [c.str(10, radius=True) for c in b[i]], [c.str(10, radius=True) for c in bp[i]]
    return {"cases": len(f), "holds": False, "digest": f"position {i + 1}: {f_ball} vs {fp_ball}",
            "position": i + 1, "f_ball": f_ball, "f_perm_ball": fp_ball}
