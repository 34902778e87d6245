"""Exact checkers for threshold-function certificates (kinds ``realization`` and ``nonrealization``).

Conventions (see notes/threshold.md): inputs ``x`` in {0,1}^n are the integers 0..2^n-1 with
``x_1`` as bit 0; a truth table is the integer whose bit x is f(x); a monomial ``x^S`` of degree
``|S|`` is a bit mask S, with ``x^S = 1`` iff ``x & S == S``.

``realization``: integer weights ``w_S`` on monomials of degree 1..d and an integer threshold t
with ``p(x) = sum_S w_S x^S - t >= 1`` where f(x) is true and ``<= -1`` where it is false.  This
proves f in T(n;d).

``nonrealization``: non-negative integers ``a_x`` on true points and ``b_y`` on false points, not
all zero, with ``sum_x a_x x^S = sum_y b_y y^S`` for every S with ``|S| <= d`` (S = 0 says the
totals agree).  This proves f not in T(n;d): for any p of degree <= d, ``sum a_x p(x) = sum b_y
p(y)``, while a realization would make the left side >= sum a > 0 and the right side <= -sum b < 0.

A record may carry ``"asserts"``: ``"realizable"`` or ``"not realizable"`` (default: what the
certificate proves).  The record holds when the proved fact is the asserted one, so a valid
certificate against an asserted membership refutes it.

Only the standard library is used: everything is Python integers.
"""
from __future__ import annotations

from math import comb

from quarks.certify.base import CertificateError, Outcome

MAX_N = 20  # 2^20 points: beyond that a certificate of this form is impractical to re-check


def integer_field(value, what):
    if isinstance(value, bool) or not isinstance(value, int):
        raise CertificateError(f"{what} must be an integer, got {value!r}")
    return value


def parse_table(record) -> tuple[int, int, int]:
    """(n, d, table bits) from a record, validated."""
    n = integer_field(record["n"], "n")
    d = integer_field(record["degree"], "degree")
    if not 0 <= n <= MAX_N:
        raise CertificateError(f"n = {n} outside 0..{MAX_N}")
    if not 0 <= d <= n:
        raise CertificateError(f"degree {d} outside 0..n = {n}")
    text = record["table"]
    if not isinstance(text, str) or not text.lower().startswith("0x"):
        raise CertificateError("table must be a hex string with 0x prefix")
    bits = int(text[2:], 16)
    if bits >> (1 << n):
        raise CertificateError(f"table has more than 2^{n} bits")
    return n, d, bits


def polynomial_values(n: int, coefficients: dict[int, int]) -> list[int]:
    """p(x) = sum_S c_S x^S for every x in {0,1}^n (zeta transform over subsets)."""
    size = 1 << n
    vals = [0] * size
    for mask, c in coefficients.items():
        vals[mask] += c
    for i in range(n):
        s = 1 << i
        for start in range(0, size, 2 * s):
            lo = vals[start:start + s]
            hi = vals[start + s:start + 2 * s]
            vals[start + s:start + 2 * s] = [a + b for a, b in zip(hi, lo)]
    return vals


def superset_sums(n: int, g: list[int]) -> list[int]:
    """G(S) = sum over x containing S of g(x): the monomial sums sum_x g(x) x^S for every S."""
    size = 1 << n
    vals = list(g)
    for i in range(n):
        s = 1 << i
        for start in range(0, size, 2 * s):
            lo = vals[start:start + s]
            hi = vals[start + s:start + 2 * s]
            vals[start:start + s] = [a + b for a, b in zip(lo, hi)]
    return vals


def check_realization_data(n: int, d: int, bits: int, monomials, weights, threshold) -> str | None:
    """None when the realization is exact and correct, else the first problem found."""
    if len(monomials) != len(weights):
        return f"{len(monomials)} monomials but {len(weights)} weights"
    coeffs: dict[int, int] = {0: -integer_field(threshold, "threshold")}
    for S, w in zip(monomials, weights):
        S, w = integer_field(S, "monomial"), integer_field(w, "weight")
        if not 0 < S < (1 << n):
            return f"monomial mask {S} is not a non-empty set of the {n} variables"
        if bin(S).count("1") > d:
            return f"monomial mask {S} has degree above {d}"
        if S in coeffs:
            return f"monomial mask {S} listed twice"
        coeffs[S] = w
    vals = polynomial_values(n, coeffs)
    for x, p in enumerate(vals):
        if (bits >> x) & 1:
            if p < 1:
                return f"true point x = {x} has p(x) = {p} < 1"
        elif p > -1:
            return f"false point x = {x} has p(x) = {p} > -1"
    return None


def low_degree_masks(n: int, d: int) -> list[int]:
    """The masks S with |S| <= d, increasing (built up by degree, not by scanning all 2^n)."""
    masks, layer = [0], [0]
    for _ in range(min(d, n)):
        layer = sorted({S | (1 << i) for S in layer for i in range(n) if (1 << i) > S})
        masks += layer
    return sorted(masks)


def check_nonrealization_data(n: int, d: int, bits: int, true_mult, false_mult) -> str | None:
    """None when the Farkas certificate is exact and correct, else the first problem found."""
    size = 1 << n
    g = [0] * size
    seen = set()
    total = 0
    for side, pairs in (("true", true_mult), ("false", false_mult)):
        for pair in pairs:
            x, a = pair
            x, a = integer_field(x, "point"), integer_field(a, "multiplier")
            if not 0 <= x < size:
                return f"point {x} outside 0..{size - 1}"
            if x in seen:
                return f"point {x} listed twice"
            seen.add(x)
            if a < 0:
                return f"negative multiplier {a} at x = {x}"
            if bool((bits >> x) & 1) != (side == "true"):
                return f"x = {x} is not a {side} point of f"
            g[x] = a if side == "true" else -a
            total += a
    if total == 0:
        return "all multipliers are zero"
    if sum(comb(n, k) for k in range(d + 1)) * len(seen) < n * size:  # few points: sum each monomial directly
        for S in low_degree_masks(n, d):
            s = sum(g[x] for x in seen if x & S == S)
            if s != 0:
                return f"monomial mask {S}: true-point sum minus false-point sum is {s}, not 0"
        return None
    sums = superset_sums(n, g)
    for S in range(size):
        if bin(S).count("1") <= d and sums[S] != 0:
            return f"monomial mask {S}: true-point sum minus false-point sum is {sums[S]}, not 0"
    return None


def _outcome(problem: str | None, proves: str, record) -> Outcome:
    asserted = record.get("asserts", proves)
    if asserted not in ("realizable", "not realizable"):
        raise CertificateError(f"asserts must be 'realizable' or 'not realizable', got {asserted!r}")
    if problem is not None:
        return Outcome(False, False, problem)
    n, d = record["n"], record["degree"]
    fact = f"{record['table']} {'in' if proves == 'realizable' else 'not in'} T({n};{d})"
    return Outcome(True, asserted == proves, fact)


def check_realization(record, ctx=None) -> Outcome:
    """Re-check a ``realization`` record on all 2^n points."""
    n, d, bits = parse_table(record)
    problem = check_realization_data(n, d, bits, record["monomials"], record["weights"], record["threshold"])
    return _outcome(problem, "realizable", record)


def check_nonrealization(record, ctx=None) -> Outcome:
    """Re-check a ``nonrealization`` (Farkas) record: equal monomial sums of degree 0..d."""
    n, d, bits = parse_table(record)
    problem = check_nonrealization_data(n, d, bits, record["true"], record["false"])
    return _outcome(problem, "not realizable", record)
