"""Building evidence records: what a claim's check hands to its verdict.

The records are checked by the kernel (quarks.certify); the builders here compute every value and
truth now, with the same exact arithmetic, so a verdict never disagrees with its own evidence.

``arith`` and ``forall`` are pure data.  ``exhaustive`` records that one of our procedures ran an
exhaustive check; the kernel confirms it only by re-deriving the certificate from its claim and
instance (trust "re-run"), never by running a procedure a certificate names.
"""
from __future__ import annotations

import hashlib
import importlib
import itertools
import json
import os
from typing import Any

from quarks.base.exact import evaluate, to_json
from quarks.certify import CheckContext, check_record
from quarks.certify.arith import box
from quarks.certify.exhaustive import rerun_digest


def producer_context(evidence: list) -> CheckContext:
    """The kernel's context on the producing side: the exhaustive records were just run by this
    process, so they count as re-run."""
    return CheckContext(rerun=frozenset(rerun_digest(r) for r in evidence
                                        if isinstance(r, dict) and r.get("kind") == "exhaustive"))


def evidence_holds(evidence: list, ctx: CheckContext | None = None) -> bool:
    """True when every record is valid and every recorded fact holds (checked by the kernel)."""
    ctx = ctx or producer_context(evidence)
    outcomes = [check_record(r, ctx) for r in evidence]
    return all(o.valid and o.holds for o in outcomes)


def arith(values: dict | None = None, facts: list | None = None) -> dict:
    """An ``arith`` record, every value and truth computed exactly now."""
    env: dict[str, Any]
    env, vals, out_facts = {}, {}, []
    for name, expr in (values or {}).items():
        env[name] = evaluate(expr, env)
        vals[name] = {"expr": expr, "value": to_json(env[name])}
    for item in facts or []:
        name, expr = item if isinstance(item, tuple) else (item["name"], item["fact"])
        out_facts.append({"name": name, "fact": expr, "holds": bool(evaluate(expr, env))})
    return {"kind": "arith", "values": vals, "facts": out_facts}


def forall(vars_: list, fact, given: dict | None = None) -> dict:
    """A ``forall`` record, the exhaustive check run now."""
    env = dict(given or {})
    names, ranges = box(vars_, env)
    cases, witness = 0, None
    for point in itertools.product(*ranges):
        cases += 1
        if not evaluate(fact, {**env, **dict(zip(names, point))}):
            witness = dict(zip(names, point))
            break
    rec = {"kind": "forall", "vars": vars_, "fact": fact, "given": given or {}}
    if witness is None:
        rec.update(holds=True, cases=cases)
    else:
        rec.update(holds=False, witness=witness)
    return rec


def forall_as_said(said):
    """A builder like :func:`forall` that evaluates nothing: each record's result (``holds`` and ``cases``,
    or the ``witness``) is the next of ``said`` (a certificate's records, in order).  What an obligation
    derives; the kernel then evaluates every box again and rejects a result that is not the computed one."""
    from collections import deque

    rest = deque(said if isinstance(said, list) else [])

    def build(vars_: list, fact, given: dict | None = None) -> dict:
        r = rest.popleft() if rest else None
        if not isinstance(r, dict) or r.get("kind") != "forall" or not isinstance(r.get("holds"), bool):
            raise ValueError("the certificate lacks a forall record where the instance needs one")
        rec = {"kind": "forall", "vars": vars_, "fact": fact, "given": given or {}}
        rec.update(holds=True, cases=r.get("cases")) if r["holds"] else rec.update(holds=False, witness=r.get("witness"))
        return rec

    return build


def digest(items) -> str:
    """sha256 of the canonical JSON of a sequence of checked items."""
    h = hashlib.sha256()
    for item in items:
        h.update(json.dumps(item, sort_keys=True, separators=(",", ":")).encode())
        h.update(b"\n")
    return h.hexdigest()


def exhaustive(procedure: str, **args) -> dict:
    """An ``exhaustive`` record: run one of our procedures (``"quarks.module:function"``, written by a
    claim module, never read from a certificate) now and record its result."""
    module, _, name = procedure.partition(":")
    if not module.startswith("quarks."):
        raise ValueError(f"procedure {procedure!r} is outside the quarks package")
    memo = _memo_file(procedure, args)
    result = _recall(memo)
    if result is None:
        result = getattr(importlib.import_module(module), name)(**args)
        _keep(memo, result)
    return {"kind": "exhaustive", "procedure": procedure, "args": args, "result": result}


# A directory where one check-cert run keeps the results of the procedures its re-derivations ran (set
# by the checker in its private scratch directory, never by a certificate): the same procedure on the
# same arguments, met again by another file's re-derivation, is not run twice.  Only this run's own
# re-derivations write it.
MEMO_ENV = "QUARKS_EXHAUSTIVE_MEMO"


def _memo_file(procedure: str, args: dict):
    from pathlib import Path

    root = os.environ.get(MEMO_ENV)
    if not root:
        return None
    try:
        key = json.dumps([procedure, args], sort_keys=True)
    except (TypeError, ValueError):
        return None
    return Path(root) / (hashlib.sha256(key.encode()).hexdigest() + ".json")


def _recall(memo):
    if memo is None:
        return None
    try:
        return json.loads(memo.read_text())["result"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _keep(memo, result) -> None:
    """Keep a result whose JSON reads back equal (tuples, non-string keys: not kept), its keys in their
    order (a summary may list them as they come)."""
    if memo is None:
        return
    try:
        text = json.dumps({"result": result})
        if json.loads(text)["result"] != result:
            return
        memo.parent.mkdir(parents=True, exist_ok=True)
        tmp = memo.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text)
        os.replace(tmp, memo)
    except (OSError, TypeError, ValueError):
        pass
