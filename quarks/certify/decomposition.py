"""Exact checkers for decompositions f = B(f_1, ..., f_k) with f_j in T(n; d_j) (kinds
``decomposition`` and ``non-decomposition``), and the CNF encoding both sides share.

Encoding.  One Boolean v(j, x) meaning f_j(x) = 1 for each operand j = 0..k-1 and point x in
{0,1}^n: DIMACS variable ``j * 2^n + x + 1``.  The *base* clauses say B(f_1(x), ..., f_k(x)) = f(x)
at every x: for each x (increasing) and each z in {0,1}^k (increasing) with B(z) != f(x), the
clause forbidding (v(0,x), ..., v(k-1,x)) = z, literals in operand order.

A *cut* for operand j is a Farkas certificate (kind ``nonrealization`` data: true points P with
multipliers a_x, false points Q with multipliers b_y) proving that no g in T(n; d_j) has g = 1 on
P and g = 0 on Q (the certificate is checked against the partial table that is 1 exactly on P).
Its clause  OR_{x in P} -v(j,x)  OR  OR_{y in Q} v(j,y)  holds for every choice of threshold
functions, so it may be added without losing any decomposition.

``decomposition``: ``n``, ``table``, ``operator`` (hex table of B), ``arity`` k, ``degrees``,
``operands`` (k ``realization`` records).  Valid when every realization is exact (degree d_j)
and B(f_1, ..., f_k) equals the table at every point.

``non-decomposition``: the same header and ``data`` = {``cuts``: [{``operand``, ``true``,
``false``}], ``cnf``: the DIMACS text of base clauses then cut clauses, ``proof``: a DRUP
refutation}.  Valid when every cut's Farkas certificate is exact, the CNF is exactly the base
clauses followed by the cut clauses, and :func:`quarks.certify.drup.check_refutation` accepts the
proof.  Then no threshold functions f_j of degrees d_j have B(f_1, ..., f_k) = f: such f_j would
satisfy every base clause and every cut, while the CNF is unsatisfiable.

Optional ``asserts``: ``"decomposable"`` or ``"not decomposable"`` (default: what is proved).
Only the standard library and quarks.certify are used.
"""
from __future__ import annotations

from quarks.certify import drup
from quarks.certify.base import CertificateError, Outcome
from quarks.certify.threshold import check_nonrealization_data, check_realization_data, integer_field, parse_table

MAX_N = 10
MAX_ARITY = 4


def variable(j: int, x: int, n: int) -> int:
    """The DIMACS variable of f_j(x)."""
    return j * (1 << n) + x + 1


def base_clauses(n: int, table: int, operator: int, k: int) -> list[list[int]]:
    """Clauses forcing B(f_1(x), ..., f_k(x)) = f(x) at every point x."""
    clauses = []
    for x in range(1 << n):
        fx = (table >> x) & 1
        for z in range(1 << k):
            if (operator >> z) & 1 != fx:
                clauses.append([-variable(j, x, n) if (z >> j) & 1 else variable(j, x, n) for j in range(k)])
    return clauses


def cut_clause(n: int, operand: int, true_points, false_points) -> list[int]:
    """The clause excluding f_operand = 1 on the true points and 0 on the false points."""
    return ([-variable(operand, x, n) for x in true_points]
            + [variable(operand, y, n) for y in false_points])


def compose_tables(operator: int, k: int, tables, n: int) -> int:
    """B(f_1, ..., f_k) pointwise on tables of n variables."""
    full = (1 << (1 << n)) - 1
    out = 0
    for z in range(1 << k):
        if (operator >> z) & 1:
            term = full
            for j, t in enumerate(tables):
                term &= t if (z >> j) & 1 else ~t & full
            out |= term
    return out


def parse_header(record) -> tuple[int, int, int, int, list[int]]:
    """(n, table, operator, k, degrees), validated."""
    n, _, table = parse_table({**record, "degree": 0})
    if n > MAX_N or n < 1:
        raise CertificateError(f"n = {n} outside 1..{MAX_N}")
    k = integer_field(record["arity"], "arity")
    if not 1 <= k <= MAX_ARITY:
        raise CertificateError(f"arity {k} outside 1..{MAX_ARITY}")
    text = record["operator"]
    if not isinstance(text, str) or not text.lower().startswith("0x"):
        raise CertificateError("operator must be a hex string with 0x prefix")
    operator = int(text[2:], 16)
    if operator >> (1 << k):
        raise CertificateError(f"operator has more than 2^{k} bits")
    degrees = record["degrees"]
    if not isinstance(degrees, list) or len(degrees) != k:
        raise CertificateError(f"need {k} degrees")
    degrees = [integer_field(d, "degree") for d in degrees]
    if any(not 0 <= d <= n for d in degrees):
        raise CertificateError(f"degrees must lie in 0..n = {n}")
    return n, table, operator, k, degrees


def _outcome(problem: str | None, proves: str, record, n, table, operator, degrees) -> Outcome:
    asserted = record.get("asserts", proves)
    if asserted not in ("decomposable", "not decomposable"):
        raise CertificateError(f"asserts must be 'decomposable' or 'not decomposable', got {asserted!r}")
    if problem is not None:
        return Outcome(False, False, problem)
    rel = "=" if proves == "decomposable" else "!="
    fact = (f"{record['table']} {rel} B(f_1..f_{len(degrees)}) for {'some' if rel == '=' else 'all'} "
            f"f_j in T({n};d_j), B = {record['operator']}, d = {degrees}")
    return Outcome(True, asserted == proves, fact)


def decomposition_problem(record) -> str | None:
    n, table, operator, k, degrees = parse_header(record)
    operands = record["operands"]
    if not isinstance(operands, list) or len(operands) != k:
        return f"need {k} operand realizations"
    tables = []
    for j, (r, d) in enumerate(zip(operands, degrees)):
        rn, rd, bits = parse_table(r)
        if r.get("kind") != "realization":
            return f"operand {j + 1} is not a realization record"
        if rn != n or rd != d:
            return f"operand {j + 1} realizes T({rn};{rd}), expected T({n};{d})"
        problem = check_realization_data(n, d, bits, r["monomials"], r["weights"], r["threshold"])
        if problem is not None:
            return f"operand {j + 1}: {problem}"
        tables.append(bits)
    got = compose_tables(operator, k, tables, n)
    if got != table:
        x = ((got ^ table) & -(got ^ table)).bit_length() - 1
        return f"B(f_1..f_{k}) differs from the table at x = {x}"
    return None


def check_decomposition(record, ctx=None) -> Outcome:
    """Re-check a ``decomposition`` record: exact realizations and B(f_1..f_k) = f at every x."""
    n, table, operator, k, degrees = parse_header(record)
    return _outcome(decomposition_problem(record), "decomposable", record, n, table, operator, degrees)


def _data(record, ctx):
    data = record["data"]
    if isinstance(data, dict) and "$payload" in data:
        if ctx is None:
            raise CertificateError("payload referenced but no certificate directory known")
        data = ctx.load_payload(data["$payload"])
    if not isinstance(data, dict):
        raise CertificateError("non-decomposition data must be an object")
    return data


def non_decomposition_problem(record, ctx=None) -> str | None:
    n, table, operator, k, degrees = parse_header(record)
    data = _data(record, ctx)
    clauses = base_clauses(n, table, operator, k)
    for c, cut in enumerate(data["cuts"]):
        j = integer_field(cut["operand"], "operand")
        if not 0 <= j < k:
            return f"cut {c}: operand {j} outside 0..{k - 1}"
        true_pts = [p[0] for p in cut["true"]]
        if any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < (1 << n) for x in true_pts):
            return f"cut {c}: a point outside 0..{(1 << n) - 1}"
        partial = sum(1 << x for x in set(true_pts))
        problem = check_nonrealization_data(n, degrees[j], partial, cut["true"], cut["false"])
        if problem is not None:
            return f"cut {c} (operand {j + 1}): {problem}"
        clauses.append(cut_clause(n, j, true_pts, [p[0] for p in cut["false"]]))
    nvars = k * (1 << n)
    try:
        cnf_vars, cnf = drup.parse_dimacs(data["cnf"])
        proof = drup.parse_proof(data["proof"])
    except drup.ProofError as exc:
        return str(exc)
    if cnf_vars != nvars or cnf != clauses:
        return "the CNF is not the base clauses followed by the cut clauses"
    problem = drup.check_refutation(nvars, clauses, proof)
    return None if problem is None else f"DRUP proof rejected: {problem}"


def check_non_decomposition(record, ctx=None) -> Outcome:
    """Re-check a ``non-decomposition`` record: Farkas cuts, the CNF, and the DRUP refutation."""
    n, table, operator, k, degrees = parse_header(record)
    problem = non_decomposition_problem(record, ctx)
    return _outcome(problem, "not decomposable", record, n, table, operator, degrees)
