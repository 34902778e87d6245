"""Decomposition: threshold functions f_j in T(n; d_j) with B(f_1, ..., f_k) = f, or a proof that
there are none.

SAT with lazy LP cuts.  The CNF of :mod:`quarks.certify.decomposition` has one Boolean per value
f_j(x) and base clauses forcing B(f_1(x), ..., f_k(x)) = f(x) at every x.  A model proposes tables
g_1..g_k.  Each g_j is decided exactly (:func:`quarks.solvers.realize.realize`): if every g_j is in
T(n; d_j) the realizations are the witness.  Otherwise each g_j outside its class yields a Farkas
certificate on a few points (for degree 1 first the four-point unateness certificates: g(a) = 0,
g(a + e_i) = 1, g(b) = 1, g(b + e_i) = 0, and their degree-d analogues on pairs of d-subcubes,
:func:`derivative_cuts`), and the clause forbidding that pattern on those points
(a *cut*) is added; then solve again.  The loop ends because each cut excludes the current model
and there are finitely many tables.  When the CNF with its cuts is unsatisfiable, CaDiCaL 1.9.5
re-solves it from scratch with proof logging, and the DRUP proof is checked by our own checker
(:mod:`quarks.certify.drup`) before it is returned.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from quarks.base.boolean import BINARY_OPERATORS, TruthTable
from quarks.base.errors import UsageError
from quarks.certify import decomposition as enc
from quarks.certify import drup
from quarks.solvers.realize import realize

SOLVER = "cadical195"
MAX_N = 8  # 2^8 points per operand; n = 6 takes minutes, above that it is open-ended
MAX_ARITY = enc.MAX_ARITY


def operator_table(name: str) -> TruthTable:
    """An operator by name (the 16 binary names of :data:`BINARY_OPERATORS`, AND3, MAJ3, XOR3,
    MUX) or as a 0/1 table of length 2^k (z = 0 first, argument 1 is bit 0), k = 1..4."""
    from quarks.solvers.operators import TERNARY_NAMED

    key = name.strip().upper()
    if key in BINARY_OPERATORS:
        return BINARY_OPERATORS[key]
    if key in TERNARY_NAMED:
        return TruthTable(3, TERNARY_NAMED[key])
    text = name.strip()
    if text and set(text) <= {"0", "1"} and len(text) in (2, 4, 8, 16):
        return TruthTable.from_string(text)
    known = ", ".join(list(BINARY_OPERATORS) + list(TERNARY_NAMED))
    raise UsageError(f"unknown operator {name!r} (a name: {known}; or a 0/1 table of length 2, 4, 8 or 16)")


def operator_name(B: TruthTable) -> str:
    from quarks.solvers.operators import TERNARY_NAMED

    for name, op in BINARY_OPERATORS.items():
        if op == B:
            return name
    for name, bits in TERNARY_NAMED.items():
        if B.n == 3 and B.bits == bits:
            return name
    return B.to_string()


def _header(f: TruthTable, B: TruthTable, degrees) -> dict:
    return {"n": f.n, "table": f.to_hex(), "operator": "0x" + format(B.bits, "x"), "arity": B.n,
            "degrees": list(degrees)}


@dataclass
class Decomposition:
    """f = B(f_1, ..., f_k) with the realizations of the f_j."""

    f: TruthTable
    operator: TruthTable
    degrees: list
    operands: list  # Realization per operand
    stats: dict = field(default_factory=dict)
    decomposable = True

    def __bool__(self) -> bool:
        """The answer: f decomposes."""
        return self.decomposable

    def to_evidence(self) -> dict:
        return {"kind": "decomposition", **_header(self.f, self.operator, self.degrees),
                "operands": [r.to_evidence() for r in self.operands]}


@dataclass
class NonDecomposition:
    """No f_j in T(n; d_j) has B(f_1..f_k) = f: Farkas-justified cuts and a DRUP refutation."""

    f: TruthTable
    operator: TruthTable
    degrees: list
    cuts: list  # (operand, true pairs, false pairs)
    cnf: str
    proof: str
    stats: dict = field(default_factory=dict)
    decomposable = False

    def __bool__(self) -> bool:
        """The answer: f decomposes."""
        return self.decomposable

    def to_evidence(self) -> dict:
        cuts = [{"operand": j, "true": [list(p) for p in t], "false": [list(p) for p in fl]}
                for j, t, fl in self.cuts]
        return {"kind": "non-decomposition", **_header(self.f, self.operator, self.degrees),
                "data": {"cuts": cuts, "cnf": self.cnf, "proof": self.proof}}


def derivative_cuts(g: TruthTable, degree: int, pairs: str = "linear") -> list[tuple[tuple, tuple]]:
    """Farkas certificates (true pairs, false pairs) on 2^(d+1) points showing g is not in T(n;d).

    For a set D of d variables, the d-fold difference D_D p(a) = sum_{T subset D} (-1)^{|D - T|}
    p(a + e_T) of a polynomial p of degree <= d does not depend on the base point a (bits of D
    clear).  Call the subcube at a *positive* when g(a + e_T) = 1 exactly for |D - T| even and
    *negative* when exactly for |D - T| odd.  A positive subcube at a and a negative one at b give
    true points {a + e_T: |D - T| even} + {b + e_T: |D - T| odd}, false points the rest of the two
    subcubes, multipliers 1: their monomial sums of degree <= d agree because
    D_D x^S(a) = D_D x^S(b) for |S| <= d.  For d = 1 this is unateness: an increasing edge
    (a, a + e_i) and a decreasing edge (b, b + e_i).

    Every positive subcube is paired with the first negative one and every negative with the first
    positive (``pairs="all"``: every pair).
    """
    import itertools

    n, bits = g.n, g.bits
    out = []
    for D in itertools.combinations(range(n), degree):
        dmask = sum(1 << i for i in D)
        subsets = [sum(1 << D[i] for i in range(degree) if (m >> i) & 1) for m in range(1 << degree)]
        even = [T for T in subsets if (degree - bin(T).count("1")) % 2 == 0]
        odd = [T for T in subsets if (degree - bin(T).count("1")) % 2 == 1]
        pos, neg = [], []
        for a in range(1 << n):
            if a & dmask:
                continue
            if all((bits >> (a + T)) & 1 for T in even) and not any((bits >> (a + T)) & 1 for T in odd):
                pos.append(a)
            elif all((bits >> (a + T)) & 1 for T in odd) and not any((bits >> (a + T)) & 1 for T in even):
                neg.append(a)
        if not (pos and neg):
            continue
        if pairs == "all":
            chosen = [(a, b) for a in pos for b in neg]
        else:
            chosen = sorted({(a, neg[0]) for a in pos} | {(pos[0], b) for b in neg})
        for a, b in chosen:
            true = [a + T for T in even] + [b + T for T in odd]
            false = [a + T for T in odd] + [b + T for T in even]
            out.append((tuple((x, 1) for x in sorted(true)), tuple((y, 1) for y in sorted(false))))
    return out


def _model_tables(model, n: int, k: int) -> list[TruthTable]:
    size = 1 << n
    tables = []
    for j in range(k):
        bits = 0
        for x in range(size):
            if model[j * size + x] > 0:
                bits |= 1 << x
        tables.append(TruthTable(n, bits))
    return tables


class Undecided(RuntimeError):
    """The search reached its time limit before a witness or a proof; ``stats`` says how far."""

    def __init__(self, seconds: float, stats: dict):
        super().__init__(f"undecided after {seconds:g} s ({stats['rounds']} SAT rounds, "
                         f"{stats['unate_cuts'] + stats['lp_cuts']} cuts)")
        self.stats = stats


def decompose(f: TruthTable, B: TruthTable, degrees=None, *, unate: str = "linear",
              solver: str = SOLVER, check_proof: bool = True, timeout: float | None = None,
              progress=None):
    """A :class:`Decomposition` of f as B(f_1, ..., f_k), f_j in T(n; degrees[j]), or a
    :class:`NonDecomposition` (cuts and a DRUP proof, checked exactly unless ``check_proof`` is
    False).  ``unate``: "linear", "all" (see :func:`derivative_cuts`) or "none" (LP cuts only).
    ``timeout`` (seconds) raises :class:`Undecided`; ``progress(stats)`` is called every 2 s."""
    from pysat.solvers import Solver

    n, k = f.n, B.n
    if not 1 <= n <= MAX_N:
        raise ValueError(f"n = {n} outside 1..{MAX_N}")
    if not 1 <= k <= MAX_ARITY:
        raise ValueError(f"operator arity {k} outside 1..{MAX_ARITY}")
    degrees = [1] * k if degrees is None else [int(d) for d in degrees]
    if len(degrees) != k:
        raise ValueError(f"the operator has {k} arguments but {len(degrees)} degrees were given")
    if any(d < 0 for d in degrees):
        raise UsageError("degrees must be non-negative")
    degrees = [min(d, n) for d in degrees]  # T(n; d) = T(n; n) for d > n
    stats = {"rounds": 0, "unate_cuts": 0, "lp_cuts": 0, "lp_calls": 0,
             "sat_seconds": 0.0, "lp_seconds": 0.0}
    start = time.perf_counter()
    base = enc.base_clauses(n, f.bits, B.bits, k)
    cuts: list = []
    seen: set = set()
    cache: dict = {}
    with Solver(name=solver, bootstrap_with=base) as s:
        last_report = start
        while True:
            now = time.perf_counter()
            if timeout is not None and now - start > timeout:
                raise Undecided(timeout, stats)
            if progress is not None and now - last_report >= 2.0:
                last_report = now
                progress(stats)
            stats["rounds"] += 1
            t0 = time.perf_counter()
            sat = s.solve()
            stats["sat_seconds"] += time.perf_counter() - t0
            if not sat:
                break
            tables = _model_tables(s.get_model(), n, k)
            found, reals = [], []
            t0 = time.perf_counter()
            for j, (g, d) in enumerate(zip(tables, degrees)):
                if d == n:
                    reals.append(realize(g, d))  # the Möbius interpolant, stated at degree n
                    continue
                if d >= 1 and unate != "none":
                    witnesses = derivative_cuts(g, d, unate)
                    if witnesses:
                        found += [(j, t, fl, "unate") for t, fl in witnesses]
                        continue
                key = (g.bits, d)
                if key not in cache:
                    stats["lp_calls"] += 1
                    cache[key] = realize(g, d)
                r = cache[key]
                if r.realizable:
                    reals.append(r)
                else:
                    found.append((j, r.true_multipliers, r.false_multipliers, "lp"))
            stats["lp_seconds"] += time.perf_counter() - t0
            if not found:
                result = Decomposition(f, B, degrees, reals, stats)
                problem = enc.decomposition_problem(result.to_evidence())
                if problem is not None:
                    raise AssertionError(f"our checker rejects the witness: {problem}")
                stats["seconds"] = time.perf_counter() - start
                return result
            for j, t, fl, why in found:
                clause = enc.cut_clause(n, j, [x for x, _ in t], [y for y, _ in fl])
                key = (j, tuple(sorted(clause)))
                if key in seen:
                    continue
                seen.add(key)
                s.add_clause(clause)
                cuts.append((j, t, fl))
                stats["unate_cuts" if why == "unate" else "lp_cuts"] += 1
    stats["search_seconds"] = time.perf_counter() - start
    nvars = k * (1 << n)
    clauses = base + [enc.cut_clause(n, j, [x for x, _ in t], [y for y, _ in fl]) for j, t, fl in cuts]
    t0 = time.perf_counter()
    with Solver(name=solver, bootstrap_with=clauses, with_proof=True) as s:
        if s.solve():
            raise AssertionError("the CNF with its cuts became satisfiable on the proof run")
        proof = "\n".join(s.get_proof()) + "\n"
    stats["proof_seconds"] = time.perf_counter() - t0
    stats["proof_lines"] = proof.count("\n")
    result = NonDecomposition(f, B, degrees, cuts, drup.to_dimacs(nvars, clauses), proof, stats)
    if check_proof:
        t0 = time.perf_counter()
        problem = enc.non_decomposition_problem(result.to_evidence())
        stats["check_seconds"] = time.perf_counter() - t0
        if problem is not None:
            raise AssertionError(f"our checker rejects the certificate: {problem}")
    stats["seconds"] = time.perf_counter() - start
    return result


def decompose_all(f: TruthTable, degrees=(1, 1), **kw) -> dict:
    """{name: Decomposition | NonDecomposition} for the ten irreducible binary operators."""
    from quarks.base.boolean import IRREDUCIBLE_BINARY

    return {name: decompose(f, B, degrees, **kw) for name, B in IRREDUCIBLE_BINARY.items()}
