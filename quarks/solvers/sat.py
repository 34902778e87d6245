"""The SAT backend: bounded integers in binary, adders as clauses; an independent opinion.

Two bounded questions are asked of a SAT solver (PySAT, MiniSat 2.2), for growing bit widths:

* weights: two's-complement integers v_S of ``b`` bits (v_0 = -t) such that at every point
  ``s_x p(x) >= 1`` with ``p(x) = sum_{S subset x} v_S`` (a butterfly of adders);
* multipliers: unsigned integers y_x of ``c`` bits, not all zero, with equal sums over true and
  false points of y_x x^S for every monomial S of degree 0..d (a Farkas certificate).

Sums are ripple-carry adders encoded with Tseitin clauses, wide enough never to overflow.  A
satisfying assignment is a certificate (checked exactly by the caller); "unsatisfiable" only
means "none within these bounds".  When neither question is answered yes up to the largest
widths (or the conflict budget runs out), then: if no weights exist within the largest width,
the Farkas certificate is computed separately (z3, exact) and returned, labelled as such;
otherwise :class:`~quarks.solvers.realize.Inconclusive` is raised.
"""
from __future__ import annotations

from quarks.base.boolean import TruthTable
from quarks.solvers.monomials import monomials
from quarks.solvers.realize import Inconclusive, NonRealizability, Realization

# rounds of (weight bits, conflict budget, multiplier bits, conflict budget)
SCHEDULE = ((5, 5_000, 1, 5_000), (9, 20_000, 3, 20_000), (14, 200_000, 6, 20_000))
WEIGHT_BITS = tuple(r[0] for r in SCHEDULE)
MULTIPLIER_BITS = tuple(r[2] for r in SCHEDULE)
CONFLICT_BUDGET = 200_000
SOLVER = "minisat22"


class Circuit:
    """CNF with constant folding.  A literal is a non-zero int or the Python constants True/False."""

    def __init__(self):
        self.nvars = 0
        self.clauses: list[list[int]] = []

    def var(self) -> int:
        self.nvars += 1
        return self.nvars

    def clause(self, lits):
        if any(lit is True for lit in lits):
            return
        self.clauses.append([lit for lit in lits if lit is not False])

    @staticmethod
    def neg(a):
        return (not a) if isinstance(a, bool) else -a

    def xor(self, a, b):
        if isinstance(a, bool):
            return self.neg(b) if a else b
        if isinstance(b, bool):
            return self.neg(a) if b else a
        if a == b:
            return False
        if a == -b:
            return True
        o = self.var()
        self.clauses += [[-o, a, b], [-o, -a, -b], [o, -a, b], [o, a, -b]]
        return o

    def and_(self, a, b):
        if a is False or b is False:
            return False
        if a is True:
            return b
        if b is True:
            return a
        o = self.var()
        self.clauses += [[-o, a], [-o, b], [o, -a, -b]]
        return o

    def or_(self, a, b):
        return self.neg(self.and_(self.neg(a), self.neg(b)))

    def majority(self, a, b, c):
        return self.or_(self.and_(a, b), self.and_(c, self.or_(a, b)))

    def add(self, xs: list, ys: list, signed: bool, width: int) -> list:
        """x + y as a ``width``-bit number (sign- or zero-extended operands; the caller picks a
        width the true sum fits in)."""
        def ext(v):
            fill = v[-1] if (signed and v) else False
            return (v + [fill] * width)[:width]

        xs, ys = ext(xs), ext(ys)
        out, carry = [], False
        for a, b in zip(xs, ys):
            out.append(self.xor(self.xor(a, b), carry))
            carry = self.majority(a, b, carry)
        return out

    def total(self, terms: list[list], signed: bool, width: int) -> list:
        """The sum of the numbers ``terms`` (balanced adder tree)."""
        if not terms:
            return [False] * width
        while len(terms) > 1:
            nxt = [self.add(terms[i], terms[i + 1], signed, width) for i in range(0, len(terms) - 1, 2)]
            if len(terms) % 2:
                nxt.append(terms[-1])
            terms = nxt
        return (terms[0] + [terms[0][-1] if signed else False] * width)[:width]


def _solve(circuit: Circuit, budget: int):
    """A model (set of true variables) or None (unsatisfiable) or "budget"."""
    from pysat.solvers import Solver

    with Solver(name=SOLVER, bootstrap_with=circuit.clauses) as s:
        s.conf_budget(budget)
        answer = s.solve_limited()
        if answer is None:
            return "budget"
        if not answer:
            return None
        return {lit for lit in s.get_model() if lit > 0}


def _value(bits: list, model: set, signed: bool) -> int:
    v = sum(1 << k for k, b in enumerate(bits) if b is True or (not isinstance(b, bool) and b in model))
    if signed and bits and (bits[-1] is True or (not isinstance(bits[-1], bool) and bits[-1] in model)):
        v -= 1 << len(bits)
    return v


def weights_within(f: TruthTable, degree: int, bits: int, budget: int = CONFLICT_BUDGET):
    """Integer weights of ``bits`` bits realizing f, None if there are none, "budget" if unknown.

    p(x) = sum_{S subset x} v_S for all x is the zeta transform of the coefficients, built by the
    n-level butterfly p(x) += p(x - 2^i) for x containing bit i.
    """
    masks = (0,) + monomials(f.n, degree)
    size = 1 << f.n
    c = Circuit()
    v = {S: [c.var() for _ in range(bits)] for S in masks}
    p = [v.get(x, [False]) for x in range(size)]
    width = bits
    for i in range(f.n):
        width += 1
        s = 1 << i
        for x in range(size):
            if x & s:
                p[x] = c.add(p[x], p[x ^ s], True, width)
    for x in range(size):
        sign = p[x][-1]
        if f(x):  # p(x) >= 1: non-negative and non-zero
            c.clause([c.neg(sign)])
            c.clause(p[x])
        else:  # p(x) <= -1: negative
            c.clause([sign])
    model = _solve(c, budget)
    if model is None or model == "budget":
        return model
    return [_value(v[S], model, True) for S in masks]


def multipliers_within(f: TruthTable, degree: int, bits: int, budget: int = CONFLICT_BUDGET):
    """Farkas multipliers of ``bits`` bits, None if there are none, "budget" if unknown.

    g(x) = +y_x on true and -y_x on false points; the superset sums G(S) = sum_{x >= S} g(x) are
    built by the n-level butterfly G(x) += G(x | 2^i) and required to vanish for |S| <= d.
    """
    size = 1 << f.n
    c = Circuit()
    y = [[c.var() for _ in range(bits)] for _ in range(size)]
    width = bits + 1
    g = []
    for x in range(size):
        yx = y[x] + [False]
        if f(x):
            g.append(yx)
        else:  # -y = not(y) + 1 in two's complement
            g.append(c.add([c.neg(b) for b in yx], [True, False], True, width))
    for i in range(f.n):
        width += 1
        s = 1 << i
        for x in range(size):
            if not x & s:
                g[x] = c.add(g[x], g[x | s], True, width)
    for S in range(size):
        if bin(S).count("1") <= degree:
            for b in g[S]:
                c.clause([c.neg(b)])
    c.clause([lit for yx in y for lit in yx])  # not all zero
    model = _solve(c, budget)
    if model is None or model == "budget":
        return model
    return [_value(yx, model, False) for yx in y]


def solve(f: TruthTable, degree: int):
    masks = monomials(f.n, degree)
    weights_none = False
    for wb, wbudget, mb, mbudget in SCHEDULE:
        v = weights_within(f, degree, wb, wbudget)
        if isinstance(v, list):
            return Realization(f, degree, masks, tuple(v[1:]), -v[0], "sat")
        weights_none = v is None
        y = multipliers_within(f, degree, mb, mbudget)
        if isinstance(y, list):
            return NonRealizability.from_vector(f, degree, y, "sat")
    if weights_none:  # no weights within the largest bound: certificate computed separately
        from quarks.solvers.smt import solve as exact_solve

        result = exact_solve(f, degree)
        if not result.realizable:
            object.__setattr__(result, "backend", f"sat (no {WEIGHT_BITS[-1]}-bit weights) + z3 Farkas")
            return result
    raise Inconclusive(
        f"SAT: no realization with {WEIGHT_BITS[-1]}-bit weights and no Farkas certificate with "
        f"{MULTIPLIER_BITS[-1]}-bit multipliers found for {f.to_hex()} (degree {degree})"
    )
