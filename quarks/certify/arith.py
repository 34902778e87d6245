"""Evidence kinds ``arith`` and ``forall``: facts of the exact expression language (quarks.base.exact).

``arith``: ``values`` ``{name: {"expr": E, "value": V}}`` (a value may use other names, in any
order) and ``facts`` ``[{"name": str, "fact": E, "holds": bool}]``.  Valid when every recorded
value and truth is the recomputed one; holds when every fact holds.

``forall``: ``vars`` ``[[name, lo, hi], ...]`` (an integer box), ``fact`` E, optional ``given``
(exact values), ``holds``, and ``cases`` (the number of points) when it holds or ``witness`` (a
failing point inside the box) when it does not.

Every node evaluated and every point of a box is charged to the certificate's budget.
"""
from __future__ import annotations

import itertools
from typing import Any

from quarks.base.exact import UnboundName, evaluate, to_exact
from quarks.certify.base import CertificateError, CheckContext, Outcome

MAX_VALUES = 10_000


def _values(values: dict, tick) -> dict:
    """Named values evaluated whatever their order in the file (JSON may sort keys)."""
    if not isinstance(values, dict) or len(values) > MAX_VALUES:
        raise CertificateError(f"arith values must be a mapping of at most {MAX_VALUES} names")
    env: dict[str, Any]
    env, pending = {}, dict(values)
    while pending:
        progress, last_error = False, None
        for name, spec in list(pending.items()):
            if not isinstance(spec, dict) or "expr" not in spec or "value" not in spec:
                raise CertificateError(f"arith value {name!r} needs expr and value")
            try:
                env[name] = evaluate(spec["expr"], env, tick)
            except UnboundName as exc:
                last_error = exc
                continue
            del pending[name]
            progress = True
        if not progress:
            raise CertificateError(f"arith values do not resolve: {last_error}")
    return env


def _truth(value) -> bool:
    if not isinstance(value, bool):
        raise CertificateError("a recorded truth must be true or false")
    return value


def check_arith(record: dict, ctx: CheckContext) -> Outcome:
    tick = ctx.budget.step
    values = record.get("values", {})
    env = _values(values, tick)
    for name, spec in values.items():
        if env[name] != to_exact(spec["value"]):
            return Outcome(False, False, f"value {name}: recorded {spec['value']}, recomputed {env[name]}")
    facts = record.get("facts", [])
    if not isinstance(facts, list):
        raise CertificateError("arith facts must be a list")
    holds = True
    for fact in facts:
        if not isinstance(fact, dict):
            raise CertificateError("an arith fact must be a mapping")
        truth = evaluate(fact["fact"], env, tick)
        if not isinstance(truth, bool):
            raise CertificateError(f"fact {fact.get('name')} is not a relation")
        if truth != _truth(fact["holds"]):
            return Outcome(False, False, f"fact {fact.get('name')}: recorded {fact['holds']}, recomputed {truth}")
        holds = holds and truth
    return Outcome(True, holds, "arith ok")


def box(vars_, env, tick=None):
    """The names and integer ranges of a ``forall`` box."""
    if not isinstance(vars_, list) or not all(isinstance(v, list) and len(v) == 3 for v in vars_):
        raise CertificateError("forall vars must be [[name, lo, hi], ...]")
    names = [v[0] for v in vars_]
    ranges = []
    for _, lo, hi in vars_:
        lo, hi = evaluate(lo, env, tick), evaluate(hi, env, tick)
        if not all(isinstance(b, int) and not isinstance(b, bool) for b in (lo, hi)):
            raise CertificateError("forall bounds must be integers")
        ranges.append(range(lo, hi + 1))
    return names, ranges


def check_forall(record: dict, ctx: CheckContext) -> Outcome:
    tick = ctx.budget.step
    given = record.get("given", {})
    if not isinstance(given, dict):
        raise CertificateError("forall given must be a mapping")
    env = {k: to_exact(v) for k, v in given.items()}
    names, ranges = box(record["vars"], env, tick)
    fact, holds = record["fact"], _truth(record["holds"])
    if not holds:
        w = record["witness"]
        if not isinstance(w, dict):
            raise CertificateError("forall witness must be a mapping")
        witness = {k: to_exact(w[k]) for k in names}
        inside = all(witness[k] in r for k, r in zip(names, ranges))
        ok = inside and evaluate(fact, {**env, **witness}, tick) is False
        return Outcome(ok, False, "witness fails the fact" if ok else "witness does not refute")
    size = 1
    for r in ranges:
        size *= len(r)
    ctx.budget.case(size)   # charged before the loop: an over-large box is refused at once
    cases = 0
    for point in itertools.product(*ranges):
        cases += 1
        value = evaluate(fact, {**env, **dict(zip(names, point))}, tick)
        if value is not True:
            if not isinstance(value, bool):
                raise CertificateError("the forall fact is not a relation")
            return Outcome(False, False, f"fact fails at {dict(zip(names, point))}")
    if cases != record["cases"]:
        return Outcome(False, True, f"recorded {record['cases']} cases, counted {cases}")
    return Outcome(True, True, f"{cases} cases")
