"""The re-checker of ``symbolic`` evidence: a SymPy derivation, step by step.

Record format::

    {"kind": "symbolic",
     "symbols": {"d": {"positive": true}, "x": {}},         # name -> SymPy assumptions
     "defs": [["h", "log(d)/d"], ["X", "Matrix([[x, 1], [0, x]])"]],   # optional, in order
     "steps": [{"op": ..., ..., "holds": true}, ...]}

Expressions are strings in SymPy's syntax (``sstr``), admitted by :mod:`quarks.certify.symbolic.parse`
(declared symbols, earlier definitions, a fixed list of SymPy functions, integer literals).
A definition may use earlier ones; matrix definitions are expanded entrywise.

Operations (semantics and decision procedures in :mod:`quarks.certify.symbolic.steps`):

``equal``     ``lhs``, ``rhs``: lhs - rhs simplifies to 0 (entrywise for matrices).
``diff``      ``expr``, ``var``, ``result`` [, ``order``]: d^k expr / d var^k == result.
``solveset``  ``expr``, ``var``, ``domain``, ``solutions``: {var in domain : expr = 0} equals the
              recorded finite set.
``sign``      ``expr``, ``sign`` (positive, negative, zero, nonnegative, nonpositive)
              [, ``var``, ``domain``, ``via``]: the sign holds for every var in the domain, decided
              after an onto parametrization of the domain, from structure alone (no evalf).
``degree``    ``expr``, ``vars``: total degree in vars (max over matrix entries; -1 for 0).
``nterms``    ``expr``, ``vars``: number of monomials in vars.
``nfree``     ``expr`` [, ``exclude``]: number of free symbols (e.g. parameters) of expr.
``rank``      ``matrix``: rank over Q.
``matricization_rank``  ``expr``, ``rows``, ``cols``, ``grid``: rank over Q of the grid
              matricization (rows: assignments of the ``rows`` variables to grid values).

The quantitative ops carry ``found`` (the computed integer), ``value`` and ``relation``
(default ``==``); they hold when ``found relation value``.

Every step records ``holds``.  The record is valid when each recorded ``holds`` (and ``found``)
equals the recomputed one.  ``holds: true`` needs a proof (a difference reduced to 0, a sign
decided, an exact count); ``holds: false`` needs an exact disproof, usually a ``witness``
point ``{symbol: value}`` (for a domain, the parameter ``t_param``).  A step the checker can
neither prove nor disprove makes the record invalid.  The record holds when every step holds.
"""
from __future__ import annotations

from quarks.certify.base import CertificateError, CheckContext, Outcome
from quarks.certify.symbolic.parse import make_symbols, parse
from quarks.certify.symbolic.steps import run_step


def environment(record: dict) -> dict:
    """Names -> SymPy objects: the declared symbols, then the definitions in order."""
    env = make_symbols(record.get("symbols", {}))
    for item in record.get("defs", []):
        bind_definition(env, item)
    return env


def bind_definition(env: dict, item) -> None:
    """Add one definition ``[name, expression]`` to ``env`` (a matrix's entries expanded)."""
    import sympy

    if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
        raise CertificateError("a definition must be [name, expression]")
    name, text = item
    if not name.isidentifier() or name in env:
        raise CertificateError(f"bad or repeated definition name {name!r}")
    value = parse(text, env)
    if isinstance(value, sympy.MatrixBase):
        value = value.applyfunc(sympy.expand)
    env[name] = value


def check_symbolic(record: dict, ctx: CheckContext) -> Outcome:
    """Re-run every step of a symbolic derivation; see the module docstring."""
    steps = record.get("steps")
    if not isinstance(steps, list) or not steps:
        raise CertificateError("symbolic record without steps")
    env = environment(record)
    all_hold = True
    for i, step in enumerate(steps):
        if not isinstance(step.get("holds"), bool):
            raise CertificateError(f"step {i} lacks a boolean 'holds'")
        truth = run_step(step, env)
        label = f"step {i} ({step['op']}{': ' + step['label'] if step.get('label') else ''})"
        if truth.holds is None:
            return Outcome(False, False, f"{label}: neither proved nor disproved on re-check")
        if truth.holds != step["holds"]:
            return Outcome(False, False, f"{label}: recorded holds={step['holds']}, recomputed {truth.holds}")
        if "found" in step and step["op"] not in ("sign", "solveset") and truth.found != step["found"]:
            return Outcome(False, False, f"{label}: recorded {step['found']}, recomputed {truth.found}")
        all_hold = all_hold and truth.holds
    return Outcome(True, all_hold, f"{len(steps)} symbolic step(s) re-derived")
