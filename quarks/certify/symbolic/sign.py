"""Exact sign decisions by structure, never by numerical evaluation.

``possible_signs(e)`` returns the set of signs (a subset of {-1, 0, 1}) that ``e`` can take,
derived only from: rational numbers (exact); E and pi (> 0); the declared assumptions of
symbols; exp(r) > 0 for real r; log(q) for a rational q > 0 (the sign of q - 1) and log(E) = 1;
products (signs multiply); sums (all terms >= 0 with one > 0 gives > 0, and so on); powers of a
positive base, even and odd integer powers.  A result of {-1, 0, 1} means "undecided".
SymPy's own ``is_positive`` may fall back on evalf for numbers such as log(3) - 1, which is why
it is not used for compound expressions here.

A constant expression whose structure does not decide its sign is enclosed in an interval with
rational end points (:func:`enclose`): e = sum 1/k! with the tail bound 1/(n! n); log q =
2 atanh((q-1)/(q+1)) with the geometric tail bound; sums, products and integer powers of
intervals.  These are proofs in exact rational arithmetic, refined until the sign is decided.

``exactly_zero`` / ``exactly_nonzero`` decide zero-ness: by expansion or simplification to 0,
by a decided sign, or, for algebraic numbers, by their minimal polynomial.
"""
from __future__ import annotations

POS, ZERO, NEG = frozenset({1}), frozenset({0}), frozenset({-1})
NONNEG, NONPOS = frozenset({0, 1}), frozenset({-1, 0})
ANY = frozenset({-1, 0, 1})


def _symbol_signs(s):
    if s.is_positive is True:
        return POS
    if s.is_negative is True:
        return NEG
    if s.is_zero is True:
        return ZERO
    if s.is_nonnegative is True:
        return NONNEG
    if s.is_nonpositive is True:
        return NONPOS
    if s.is_nonzero is True and s.is_real is True:
        return frozenset({-1, 1})
    return ANY


def is_real(e) -> bool:
    """Real by the assumptions of its symbols and its structure; no evaluation."""
    import sympy

    if e.is_Rational or e in (sympy.E, sympy.pi):
        return True
    if e.is_Symbol:
        return e.is_real is True
    if isinstance(e, (sympy.Add, sympy.Mul)):
        return all(is_real(a) for a in e.args)
    if isinstance(e, sympy.exp):
        return is_real(e.args[0])
    if isinstance(e, sympy.Pow):
        base, ex = e.args
        if ex.is_Integer:
            return is_real(base) and (ex >= 0 or 0 not in possible_signs(base))
        return possible_signs(base) == POS and is_real(ex)
    if isinstance(e, sympy.log):
        return possible_signs(e.args[0]) == POS
    return False


def _mul(a, b):
    return frozenset(x * y for x in a for y in b)


def _add(parts):
    if any(p == ANY for p in parts):
        return ANY
    if all(p <= NONNEG for p in parts):
        return POS if any(p == POS for p in parts) else (ZERO if all(p == ZERO for p in parts) else NONNEG)
    if all(p <= NONPOS for p in parts):
        return NEG if any(p == NEG for p in parts) else NONPOS
    return ANY


def possible_signs(e) -> frozenset:
    """The signs ``e`` can take, decided from its structure alone."""
    import sympy

    if e.is_Rational:
        return frozenset({int(e.p > 0) - int(e.p < 0)})
    if e in (sympy.E, sympy.pi):
        return POS
    if e.is_Symbol:
        return _symbol_signs(e)
    if isinstance(e, sympy.exp):
        return POS if is_real(e.args[0]) else ANY
    if isinstance(e, sympy.log):
        a = e.args[0]
        if a.is_Rational and a.p > 0:
            return frozenset({int(a.p > a.q) - int(a.p < a.q)})
        if a == sympy.E:
            return POS
        return ANY
    if isinstance(e, sympy.Mul):
        if not all(is_real(a) for a in e.args):
            return ANY
        out = POS
        for a in e.args:
            out = _mul(out, possible_signs(a))
        return out
    if isinstance(e, sympy.Add):
        if not all(is_real(a) for a in e.args):
            return ANY
        out = _add([possible_signs(a) for a in e.args])
        if out == ANY:  # decide the constant part as one number
            const = [a for a in e.args if not a.free_symbols]
            rest = [a for a in e.args if a.free_symbols]
            if len(const) > 1 or (const and not rest):
                parts = [constant_signs(sympy.Add(*const))] + [possible_signs(a) for a in rest]
                out = _add(parts)
        return out
    if isinstance(e, sympy.Pow):
        base, ex = e.args
        sb = possible_signs(base)
        if sb == POS and is_real(ex):
            return POS
        if ex.is_Integer and is_real(base):
            if ex < 0 and 0 in sb:
                return ANY
            if ex == 0:
                return POS if 0 not in sb else ANY
            if ex % 2 == 0:
                return frozenset(abs(s) for s in sb)
            return sb
        return ANY
    return ANY


def _e_bounds(n):
    from fractions import Fraction
    from math import factorial

    s = sum(Fraction(1, factorial(k)) for k in range(n + 1))
    return s, s + Fraction(1, factorial(n) * n)


def _log_bounds(q, n):
    """Rational bounds for log q, q > 0: 2 sum_{k<n} z^(2k+1)/(2k+1) plus a geometric tail."""
    from fractions import Fraction

    z = Fraction(q - 1, 1) / (q + 1)
    part = 2 * sum(z ** (2 * k + 1) / (2 * k + 1) for k in range(n))
    tail = 2 * abs(z) ** (2 * n + 1) / ((2 * n + 1) * (1 - z * z))
    return part - tail, part + tail


def enclose(e, n: int = 12):
    """A rational interval (lo, hi) containing the constant ``e``, or None."""
    from fractions import Fraction

    import sympy

    if e.is_Rational:
        q = Fraction(int(e.p), int(e.q))
        return q, q
    if e == sympy.E:
        return _e_bounds(n + 8)
    if isinstance(e, sympy.log) and e.args[0].is_Rational and e.args[0].p > 0:
        return _log_bounds(Fraction(int(e.args[0].p), int(e.args[0].q)), 4 * n)
    if isinstance(e, sympy.Add):
        parts = [enclose(a, n) for a in e.args]
        if None in parts:
            return None
        return sum(p[0] for p in parts), sum(p[1] for p in parts)
    if isinstance(e, sympy.Mul):
        lo = hi = Fraction(1)
        for a in e.args:
            b = enclose(a, n)
            if b is None:
                return None
            prods = [lo * b[0], lo * b[1], hi * b[0], hi * b[1]]
            lo, hi = min(prods), max(prods)
        return lo, hi
    if isinstance(e, sympy.Pow) and e.args[1].is_Integer:
        b = enclose(e.args[0], n)
        k = int(e.args[1])
        if b is None or (k < 0 and b[0] <= 0 <= b[1]):
            return None
        cands = [b[0] ** k, b[1] ** k]
        if k % 2 == 0 and b[0] <= 0 <= b[1]:
            cands.append(Fraction(0))
        return min(cands), max(cands)
    return None


def constant_signs(e):
    """The sign of a constant by rational enclosures refined up to a fixed precision."""
    for n in (8, 16, 32, 64):
        b = enclose(e, n)
        if b is None:
            return ANY
        if b[0] > 0:
            return POS
        if b[1] < 0:
            return NEG
    return ANY


def normal_forms(e):
    """Exact rewritings of ``e`` tried in turn when deciding a sign."""
    import sympy

    e = sympy.expand_log(e, force=False)
    yield e
    for f in (sympy.together, sympy.factor, sympy.expand, sympy.simplify):
        try:
            yield f(e)
        except Exception:  # noqa: BLE001 - a rewriting that fails is simply skipped
            continue


def decide_signs(e) -> frozenset:
    """The smallest sign set found over the normal forms of ``e`` (ANY when undecided)."""
    best = ANY
    for form in normal_forms(e):
        s = possible_signs(form)
        if len(s) < len(best):
            best = s
        if len(best) == 1:
            break
    return best


def exactly_zero(e) -> bool:
    """True when ``e`` is proved to be 0 (by expansion or simplification)."""
    import sympy

    if e == 0:
        return True
    for f in (sympy.expand, lambda x: sympy.simplify(sympy.expand_log(x, force=False))):
        try:
            if f(e) == 0:
                return True
        except Exception:  # noqa: BLE001
            continue
    return False


def exactly_nonzero(e) -> bool:
    """True when ``e`` (a number or an expression) is proved to be non-zero."""
    import sympy

    if 0 not in decide_signs(e):
        return True
    if not e.free_symbols and not e.has(sympy.E, sympy.pi, sympy.exp, sympy.log) and e.is_algebraic:
        x = sympy.Dummy("x")
        try:
            return sympy.minimal_polynomial(e, x) != x
        except Exception:  # noqa: BLE001
            return False
    return False
