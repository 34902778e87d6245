"""The operations of a symbolic derivation: what each step asserts and how its truth is decided.

Every operation maps a step (a dict) and an environment (names -> SymPy objects) to a
:class:`Truth`: ``holds`` (True, False, or None when undecided), the computed quantity
``found`` for quantitative steps, and a ``witness`` that certifies a failure.  The checker and
the builder call the same function, so a recorded step and its re-check cannot disagree about
the meaning of an operation.

Truth is decided exactly.  "Proved" means: SymPy reduces a difference to 0; a sign is decided
by :mod:`quarks.certify.symbolic.sign` (structure, no evalf); a degree, a number of terms or of free
symbols is computed from the expanded polynomial; a rank is computed over Q with fractions.
"Disproved" needs a witness point at which the failure is decided exactly in the same way.

Domains of real variables, ``{"lo": E, "hi": E, "left_open": bool, "right_open": bool}``
(open by default), are reached through a parametrization by a real parameter ``t`` (named ``t_param`` in
witnesses), chosen by ``via``; each maps the parameter range *onto* the domain:

``shift``   (a, oo): x = a + t, t > 0;   (-oo, b): x = b - t, t > 0   ([a / b] closed: t >= 0)
``exp``     (a, oo) with a > 0: x = a exp(t), t > 0;   (0, b) with b > 0: x = b exp(-t), t > 0
            ([a or b] closed: t >= 0);   (0, oo): x = exp(t), t real
``mobius``  (a, b) with b - a > 0: x = a + (b - a)/(1 + t), t > 0
``real``    (-oo, oo): x = t, t real
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction

from quarks.certify.base import CertificateError
from quarks.certify.symbolic.parse import parse
from quarks.certify.symbolic.sign import (
    NEG,
    NONNEG,
    NONPOS,
    POS,
    ZERO,
    decide_signs,
    exactly_nonzero,
    exactly_zero,
    possible_signs,
)

PARAM = "t_param"  # the name of the domain parameter in witnesses; not a declarable symbol
SIGNS = {"positive": POS, "negative": NEG, "zero": ZERO, "nonnegative": NONNEG, "nonpositive": NONPOS}
RELATIONS = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


@dataclass
class Truth:
    holds: bool | None
    found: object = None
    witness: dict | None = None
    note: str = ""
    extra: dict = field(default_factory=dict)


# --- helpers -----------------------------------------------------------------------------------

def _expr(step, key, env):
    if key not in step:
        raise CertificateError(f"{step.get('op')} step lacks {key!r}")
    return parse(step[key], env)


def _symbol(name, env):
    import sympy

    obj = env.get(name)
    if not isinstance(obj, sympy.Symbol):
        raise CertificateError(f"{name!r} is not a declared symbol")
    return obj


def _entries(obj):
    import sympy

    if isinstance(obj, sympy.MatrixBase):
        return list(obj)
    return [obj]


def _admissible(sym, value) -> bool:
    """Does a witness value respect the assumptions of its symbol (decided by structure)?"""
    s = decide_signs(value)
    if sym.is_integer and not value.is_Integer:
        return False
    if sym.is_positive and s != POS:
        return False
    if sym.is_negative and s != NEG:
        return False
    if sym.is_nonnegative and not s <= NONNEG:
        return False
    if sym.is_nonpositive and not s <= NONPOS:
        return False
    if sym.is_nonzero and 0 in s:
        return False
    return True


def _point(witness, symbols, env):
    """Parse a witness ``{name: value}``; every value must respect its symbol's assumptions."""
    if not isinstance(witness, dict):
        raise CertificateError("witness must be a mapping name -> value")
    point = {}
    for name, text in witness.items():
        sym = symbols.get(name)
        if sym is None:
            raise CertificateError(f"witness names unknown symbol {name!r}")
        value = parse(str(text), env)
        if value.free_symbols:
            raise CertificateError(f"witness value for {name} is not a constant")
        if not _admissible(sym, value):
            raise CertificateError(f"witness value {text} violates the assumptions on {name}")
        point[sym] = value
    return point


_CANDIDATES = ("1", "2", "3", "1/2", "5", "0", "-1", "7/3")


def _candidate_points(symbols, env, limit=400):
    """Small exact points respecting the assumptions, for the builder's witness search."""
    names = sorted(symbols)
    options = []
    for name in names:
        sym = symbols[name]
        opts = [c for c in _CANDIDATES if _admissible(sym, parse(c, {}))]
        options.append(opts)
    for i, combo in enumerate(itertools.product(*options)):
        if i >= limit:
            return
        yield dict(zip(names, combo))


def _free(obj, env):
    names = {str(s) for e in _entries(obj) for s in e.free_symbols}
    return {n: env[n] for n in names if n in env}


def _refute_at(obj, witness, env, failing):
    """Check a recorded witness: ``failing(value_at_point)`` must be decided True."""
    if witness is None:
        return False
    point = _point(witness, _free(obj, env) | {k: env[k] for k in witness if k in env}, env)
    return any(failing(e.subs(point)) for e in _entries(obj))


def _search(obj, env, failing):
    free = _free(obj, env)
    for cand in _candidate_points(free, env):
        point = {free[k]: parse(v, {}) for k, v in cand.items()}
        if any(failing(e.subs(point)) for e in _entries(obj)):
            return cand
    return None


# --- equal, diff ---------------------------------------------------------------------------------

def _difference(lhs, rhs):
    import sympy

    if isinstance(lhs, sympy.MatrixBase) or isinstance(rhs, sympy.MatrixBase):
        if not (isinstance(lhs, sympy.MatrixBase) and isinstance(rhs, sympy.MatrixBase)) or lhs.shape != rhs.shape:
            raise CertificateError("equal: a matrix compared with a non-matrix or a different shape")
        return lhs - rhs
    if hasattr(lhs, "doit"):
        lhs = lhs.doit()
    if hasattr(rhs, "doit"):
        rhs = rhs.doit()
    return lhs - rhs


def _equality(diff, step, env, search):
    if all(exactly_zero(e) for e in _entries(diff)):
        return Truth(True)
    if search:
        w = _search(diff, env, exactly_nonzero)
        return Truth(False, witness=w) if w is not None else Truth(None)
    if _refute_at(diff, step.get("witness"), env, exactly_nonzero):
        return Truth(False, witness=step.get("witness"))
    return Truth(None)


def op_equal(step, env, search=False):
    """lhs == rhs identically (under the symbols' assumptions)."""
    return _equality(_difference(_expr(step, "lhs", env), _expr(step, "rhs", env)), step, env, search)


def op_diff(step, env, search=False):
    """d^k expr / d var^k == result."""
    import sympy

    var = _symbol(step["var"], env)
    order = int(step.get("order", 1))
    got = sympy.diff(_expr(step, "expr", env), var, order)
    return _equality(_difference(got, _expr(step, "result", env)), step, env, search)


# --- domains and sign ----------------------------------------------------------------------------

def parse_domain(dom, env):
    import sympy

    if not isinstance(dom, dict):
        raise CertificateError("domain must be a mapping with lo and hi")
    lo, hi = parse(str(dom["lo"]), env), parse(str(dom["hi"]), env)
    lo_open, hi_open = bool(dom.get("left_open", True)), bool(dom.get("right_open", True))
    if lo.free_symbols or hi.free_symbols:
        raise CertificateError("domain end points must be constants")
    return lo, hi, lo_open or lo == -sympy.oo, hi_open or hi == sympy.oo


def parametrize(dom, via, env):
    """(x(t), t): a parametrization of the domain by a fresh real parameter (see module doc)."""
    import sympy

    lo, hi, lo_open, hi_open = parse_domain(dom, env)
    oo = sympy.oo

    def param(open_end):
        return sympy.Symbol(PARAM, positive=True) if open_end else sympy.Symbol(PARAM, nonnegative=True)

    if via == "real" and lo == -oo and hi == oo:
        t = sympy.Symbol(PARAM, real=True)
        return t, t
    if via == "shift":
        if hi == oo and lo != -oo:
            t = param(lo_open)
            return lo + t, t
        if lo == -oo and hi != oo:
            t = param(hi_open)
            return hi - t, t
    if via == "exp":
        if lo == 0 and hi == oo:
            t = sympy.Symbol(PARAM, real=True)
            return sympy.exp(t), t
        if hi == oo and possible_signs(lo) == POS:
            t = param(lo_open)
            return lo * sympy.exp(t), t
        if lo == 0 and lo_open and hi != oo and possible_signs(hi) == POS:
            t = param(hi_open)
            return hi * sympy.exp(-t), t
    if via == "mobius" and lo_open and hi_open and lo != -oo and hi != oo and possible_signs(hi - lo) == POS:
        t = sympy.Symbol(PARAM, positive=True)
        return lo + (hi - lo) / (1 + t), t
    raise CertificateError(f"parametrization {via!r} does not apply to the domain {dom}")


def op_sign(step, env, search=False):
    """expr has the stated sign on the domain of ``var`` (or everywhere, when no var is given)."""
    want = SIGNS.get(step.get("sign"))
    if want is None:
        raise CertificateError(f"sign must be one of {', '.join(SIGNS)}")
    expr = _expr(step, "expr", env)
    local = dict(env)
    if "var" in step:
        var = _symbol(step["var"], env)
        x, t = parametrize(step["domain"], step.get("via", "shift"), env)
        expr = expr.subs(var, x)
        local[PARAM] = t  # the parameter, named for witnesses
    signs = decide_signs(expr)
    if signs <= want:
        return Truth(True, found=sorted(signs))
    if not (signs & want):
        return Truth(False, found=sorted(signs))

    def failing(value):
        return not (decide_signs(value) <= want) and not (decide_signs(value) & want)

    if search:
        w = _search(expr, local, failing)
        return Truth(False, witness=w) if w is not None else Truth(None)
    if _refute_at(expr, step.get("witness"), local, failing):
        return Truth(False, witness=step.get("witness"))
    return Truth(None)


# --- solveset ----------------------------------------------------------------------------------

def op_solveset(step, env, search=False):
    """The solutions of expr = 0 with var in the domain are exactly the recorded finite set."""
    import sympy

    var = _symbol(step["var"], env)
    expr = _expr(step, "expr", env)
    lo, hi, lo_open, hi_open = parse_domain(step["domain"], env)
    recorded = [parse(str(s), env) for s in step["solutions"]]
    if any(r.free_symbols for r in recorded):
        raise CertificateError("solutions must be constants")
    got = sympy.solveset(expr, var, sympy.Interval(lo, hi, lo_open, hi_open))
    if isinstance(got, sympy.FiniteSet) and got == sympy.FiniteSet(*recorded):
        return Truth(True, found=[str(s) for s in got])
    # A failure is decided only by exact facts: a recorded value that is not a root,
    # or a root found by the solver that differs from every recorded value.
    for r in recorded:
        if exactly_nonzero(expr.subs(var, r)):
            return Truth(False, found=[str(r)], note=f"{r} is not a root")
    if isinstance(got, sympy.FiniteSet):
        for s in got:
            if exactly_zero(expr.subs(var, s)) and all(exactly_nonzero(s - r) for r in recorded):
                return Truth(False, found=[str(s)], note=f"{s} is a root not recorded")
    return Truth(None)


# --- quantities: degree, terms, parameters, rank -----------------------------------------------

def _poly(e, gens):
    import sympy

    try:
        return sympy.Poly(sympy.expand(e), *gens)
    except sympy.PolynomialError as exc:
        raise CertificateError(f"not a polynomial in {gens}: {exc}") from None


def q_degree(step, env):
    """Total degree in ``vars`` (the maximum over the entries of a matrix; -1 for 0)."""
    gens = [_symbol(v, env) for v in step["vars"]]
    degs = []
    for e in _entries(_expr(step, "expr", env)):
        p = _poly(e, gens)
        degs.append(-1 if p.is_zero else p.total_degree())
    return max(degs)


def q_nterms(step, env):
    """Number of monomials in ``vars`` with a non-zero coefficient (a scalar expression)."""
    import sympy

    gens = [_symbol(v, env) for v in step["vars"]]
    e = _expr(step, "expr", env)
    if isinstance(e, sympy.MatrixBase):
        raise CertificateError("nterms needs a scalar expression")
    p = _poly(e, gens)
    return 0 if p.is_zero else len(p.terms())


def q_nfree(step, env):
    """Number of free symbols of the (expanded) expression, those in ``exclude`` left out."""
    import sympy

    excl = {_symbol(v, env) for v in step.get("exclude", [])}
    syms = set()
    for e in _entries(_expr(step, "expr", env)):
        syms |= sympy.expand(e).free_symbols
    return len(syms - excl)


def _rational_rows(matrix):
    from fractions import Fraction

    rows = []
    for row in matrix:
        out = []
        for x in row:
            if not x.is_Rational:
                raise CertificateError(f"rank: entry {x} is not rational")
            out.append(Fraction(int(x.p), int(x.q)))
        rows.append(out)
    return rows


def q_rank(step, env):
    """Rank over Q of a matrix with rational entries."""
    import sympy

    from quarks.base.exact import rank

    m = _expr(step, "matrix", env)
    if not isinstance(m, sympy.MatrixBase):
        raise CertificateError("rank needs a Matrix")
    return rank(_rational_rows(m.tolist()))


def q_matricization_rank(step, env):
    """Rank over Q of the grid matricization of expr: rows = assignments of ``rows`` variables,
    columns = assignments of ``cols`` variables, each variable ranging over ``grid``."""
    from quarks.base.exact import rank

    expr = _expr(step, "expr", env)
    rows = [_symbol(v, env) for v in step["rows"]]
    cols = [_symbol(v, env) for v in step["cols"]]
    if set(rows) & set(cols):
        raise CertificateError("matricization: rows and cols must be disjoint")
    grid = [parse(str(g), {}) for g in step["grid"]]
    if not all(g.is_Rational for g in grid) or len(set(grid)) != len(grid):
        raise CertificateError("matricization: grid values must be distinct rationals")
    return rank(grid_matricization(expr, rows, cols, grid))


QUANTITIES = {
    "degree": q_degree,
    "nterms": q_nterms,
    "nfree": q_nfree,
    "rank": q_rank,
    "matricization_rank": q_matricization_rank,
}


def op_quantity(step, env, search=False):
    """A computed integer quantity compared with a stated value: found REL value."""
    rel = RELATIONS.get(step.get("relation", "=="))
    if rel is None:
        raise CertificateError(f"unknown relation {step.get('relation')!r}")
    found = QUANTITIES[step["op"]](step, env)
    value = step["value"]
    if not isinstance(value, int) or isinstance(value, bool):
        raise CertificateError("value must be an integer")
    return Truth(rel(found, value), found=found)


OPS = {"equal": op_equal, "diff": op_diff, "sign": op_sign, "solveset": op_solveset,
       **{name: op_quantity for name in QUANTITIES}}


def run_step(step, env, search=False) -> Truth:
    """Decide one step.  ``search``: look for a witness of failure (the builder's mode)."""
    if not isinstance(step, dict) or "op" not in step:
        raise CertificateError("a symbolic step must be a mapping with an op")
    op = OPS.get(step["op"])
    if op is None:
        raise CertificateError(f"unknown symbolic op {step['op']!r} (known: {', '.join(sorted(OPS))})")
    return op(step, env, search)


def grid_matricization(expr, rows, cols, grid) -> list[list[Fraction]]:
    """The grid matricization of a SymPy polynomial ``expr`` (rows: assignments of ``rows``)."""
    import sympy

    gens = list(rows) + list(cols)
    poly = sympy.Poly(sympy.expand(expr), *gens, domain=sympy.QQ)
    terms = [(mon, Fraction(int(c.numerator), int(c.denominator))) for mon, c in poly.terms()]
    values = [Fraction(int(g.p), int(g.q)) for g in grid]
    row_points = list(itertools.product(values, repeat=len(rows)))
    col_points = list(itertools.product(values, repeat=len(cols)))
    return [[evaluate_terms(terms, a + b) for b in col_points] for a in row_points]


def evaluate_terms(terms, point) -> Fraction:
    """sum c * prod point_i^e_i over the (monomial, coefficient) terms."""
    total = Fraction(0)
    for mon, c in terms:
        v = c
        for x, e in zip(point, mon):
            if e:
                v *= x**e
        total += v
    return total
