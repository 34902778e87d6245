"""Evidence records and their exact re-checkers.

An evidence record is a dict with a ``kind``.  Each kind has a checker, named here as
``"module:function"`` and imported only when a record of that kind is met, so re-checking
non-symbolic evidence never imports a solver or a computer-algebra system.

A checker takes ``(record, ctx)`` and returns an :class:`Outcome`: whether the record is valid
(every recorded value re-derived exactly) and whether the fact it records holds.  Malformed
records raise :class:`CertificateError`.

Kinds defined here:

``arith``
    ``values``: ``{name: {"expr": E, "value": V}}`` (evaluated in order, later ones may use
    earlier names); ``facts``: ``[{"name": str, "fact": E, "holds": bool}]``.
``forall``
    an exhaustive check over integer boxes: ``vars`` ``[[name, lo, hi], ...]``, ``fact`` E,
    ``cases`` (the number of points), ``holds``; when it fails, ``witness`` names a failing point.
``exhaustive``
    a re-runnable exhaustive-check record: ``procedure`` ``"module:function"`` (a quarks function
    that imports no solver), ``args``, and the recorded ``result`` (``cases``, ``holds``, and a
    ``digest`` of everything checked); the checker re-runs the procedure and compares.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import itertools
import json
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .exact import ExprError, UnboundName, evaluate, to_exact


class CertificateError(ValueError):
    """A certificate or evidence record that is malformed or wrong."""


class NotChecked(Exception):
    """A record that cannot be checked here (its tool is missing): never valid, never rejected."""


@dataclass
class Outcome:
    valid: bool
    holds: bool
    message: str = ""


@dataclass
class CheckContext:
    """What a checker may need besides the record: where side payloads live."""

    directory: Path | None = None
    # canonical JSON of exhaustive records that were just re-run by re-deriving the statement
    rerun: frozenset = frozenset()

    def load_payload(self, ref: dict):
        """Load a side payload ``{"file": ..., "sha256": ...}`` and verify its hash."""
        if self.directory is None:
            raise CertificateError("payload referenced but no certificate directory known")
        path = self.directory / ref["file"]
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise CertificateError(f"payload {ref['file']} unreadable: {exc.strerror}") from None
        if hashlib.sha256(raw).hexdigest() != ref.get("sha256"):
            raise CertificateError(f"payload {ref['file']} does not match its sha256")
        if ref.get("format") == "npz":  # integer arrays (numpy's zip format, no pickled objects)
            import io

            import numpy as np

            try:
                with np.load(io.BytesIO(raw), allow_pickle=False) as z:
                    return {k: z[k] for k in z.files}
            except Exception as exc:  # noqa: BLE001 - any unreadable archive is a bad payload
                raise CertificateError(f"payload {ref['file']} is not a readable .npz: {exc}") from None
        return json.loads(raw)


CHECKERS = {
    "arith": "quarks.evidence:check_arith",
    "forall": "quarks.evidence:check_forall",
    "exhaustive": "quarks.evidence:check_exhaustive",
    "symbolic": "quarks.symbolic.check:check_symbolic",
    "realization": "quarks.certify.threshold:check_realization",
    "nonrealization": "quarks.certify.threshold:check_nonrealization",
    "decomposition": "quarks.certify.decomposition:check_decomposition",
    "non-decomposition": "quarks.certify.decomposition:check_non_decomposition",
    "coq": "quarks.certify.coq:check_coq",
    "halves-count": "quarks.certify.halves:check_halves_count",
    "coq-classification": "quarks.certify.coq_classification:check_coq_classification",
}

# Packages whose functions an ``exhaustive`` record may name as its procedure.
PROCEDURE_PREFIXES = ("quarks.",)


# The checker re-derives evidence with exact arithmetic; solvers may find answers, never check them.
# While a record is re-checked these packages cannot be imported (sympy only for symbolic records).
SOLVERS = ("scipy", "z3", "pysat")
CAS = ("sympy",)


class _Blocker(importlib.abc.MetaPathFinder):
    """Refuses imports of the packages on top of ``stack``; already-imported ones are unaffected."""

    def __init__(self):
        self.stack: list[frozenset] = []

    def find_spec(self, name, path=None, target=None):
        if self.stack and name.partition(".")[0] in self.stack[-1]:
            raise ModuleNotFoundError(f"{name} is not available while checking certificates", name=name)
        return None


_BLOCKER = _Blocker()


@contextmanager
def solver_free(allow_cas: bool = False):
    """Run a block with solvers (and, unless allowed, the CAS) unimportable."""
    if _BLOCKER not in sys.meta_path:
        sys.meta_path.insert(0, _BLOCKER)
    _BLOCKER.stack.append(frozenset(SOLVERS + (() if allow_cas else CAS)))
    try:
        yield
    finally:
        _BLOCKER.stack.pop()


def _resolve(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def check_record(record: dict, ctx: CheckContext | None = None) -> Outcome:
    """Re-check one evidence record."""
    if not isinstance(record, dict) or "kind" not in record:
        raise CertificateError("evidence record without a kind")
    kind = record["kind"]
    if kind not in CHECKERS:
        raise CertificateError(f"unknown evidence kind {kind!r} (known: {', '.join(sorted(CHECKERS))})")
    try:
        with solver_free(allow_cas=kind == "symbolic"):
            return _resolve(CHECKERS[kind])(record, ctx or CheckContext())
    except (CertificateError, NotChecked):
        raise
    except ImportError as exc:
        raise CertificateError(f"{kind} checker needs {exc.name}, which certificate checking may not use") from None
    except (ExprError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise CertificateError(f"{kind} evidence malformed: {type(exc).__name__}: {exc}") from None


def evidence_holds(evidence: list, ctx: CheckContext | None = None) -> bool:
    """True when every record is valid and every recorded fact holds."""
    outcomes = [check_record(r, ctx) for r in evidence]
    return all(o.valid and o.holds for o in outcomes)


# --- arith -------------------------------------------------------------------------------------

def _values_in_dependency_order(values: dict):
    """Evaluate named values whatever their order in the file (JSON may sort keys)."""
    env, pending = {}, dict(values)
    while pending:
        progress, last_error = False, None
        for name, spec in list(pending.items()):
            try:
                env[name] = evaluate(spec["expr"], env)
            except UnboundName as exc:
                last_error = exc
                continue
            del pending[name]
            progress = True
        if not progress:
            raise CertificateError(f"arith values do not resolve: {last_error}")
    return env


def check_arith(record: dict, ctx: CheckContext) -> Outcome:
    values = record.get("values", {})
    env = _values_in_dependency_order(values)
    for name, spec in values.items():
        if env[name] != to_exact(spec["value"]):
            return Outcome(False, False, f"value {name}: recorded {spec['value']}, recomputed {env[name]}")
    holds = True
    for fact in record.get("facts", []):
        truth = evaluate(fact["fact"], env)
        if not isinstance(truth, bool):
            raise CertificateError(f"fact {fact.get('name')} is not a relation")
        if truth != bool(fact["holds"]):
            return Outcome(False, False, f"fact {fact.get('name')}: recorded {fact['holds']}, recomputed {truth}")
        holds = holds and truth
    return Outcome(True, holds, "arith ok")


def arith(values: dict | None = None, facts: list | None = None) -> dict:
    """Build an ``arith`` record, computing every value and truth exactly now."""
    from .exact import to_json

    env, vals, out_facts = {}, {}, []
    for name, expr in (values or {}).items():
        env[name] = evaluate(expr, env)
        vals[name] = {"expr": expr, "value": to_json(env[name])}
    for item in facts or []:
        name, expr = item if isinstance(item, tuple) else (item["name"], item["fact"])
        out_facts.append({"name": name, "fact": expr, "holds": bool(evaluate(expr, env))})
    return {"kind": "arith", "values": vals, "facts": out_facts}


# --- forall ------------------------------------------------------------------------------------

def _box(vars_, env):
    names = [v[0] for v in vars_]
    ranges = [range(evaluate(lo, env), evaluate(hi, env) + 1) for _, lo, hi in vars_]
    return names, ranges


def check_forall(record: dict, ctx: CheckContext) -> Outcome:
    env = {k: to_exact(v) for k, v in record.get("given", {}).items()}
    names, ranges = _box(record["vars"], env)
    fact, holds = record["fact"], bool(record["holds"])
    if not holds:
        w = record["witness"]
        point = {k: to_exact(w[k]) for k in names}
        inside = all(point[k] in r for k, r in zip(names, ranges))
        ok = inside and evaluate(fact, {**env, **point}) is False
        return Outcome(ok, False, "witness fails the fact" if ok else "witness does not refute")
    cases = 0
    for point in itertools.product(*ranges):
        cases += 1
        if not evaluate(fact, {**env, **dict(zip(names, point))}):
            return Outcome(False, False, f"fact fails at {dict(zip(names, point))}")
    if cases != record["cases"]:
        return Outcome(False, True, f"recorded {record['cases']} cases, counted {cases}")
    return Outcome(True, True, f"{cases} cases")


def forall(vars_: list, fact, given: dict | None = None) -> dict:
    """Build a ``forall`` record by running the exhaustive check now."""
    env = dict(given or {})
    names, ranges = _box(vars_, env)
    cases, witness = 0, None
    for point in itertools.product(*ranges):
        cases += 1
        if witness is None and not evaluate(fact, {**env, **dict(zip(names, point))}):
            witness = dict(zip(names, point))
            break
    rec = {"kind": "forall", "vars": vars_, "fact": fact, "given": given or {}}
    if witness is None:
        rec.update(holds=True, cases=cases)
    else:
        rec.update(holds=False, witness=witness)
    return rec


# --- exhaustive --------------------------------------------------------------------------------

def digest(items) -> str:
    """sha256 of the canonical JSON of a sequence of checked items."""
    h = hashlib.sha256()
    for item in items:
        h.update(json.dumps(item, sort_keys=True, separators=(",", ":")).encode())
        h.update(b"\n")
    return h.hexdigest()


def check_exhaustive(record: dict, ctx: CheckContext) -> Outcome:
    if ctx.rerun:
        from .obligations import _stable
        if json.dumps(_stable(record), sort_keys=True) in ctx.rerun:
            return Outcome(True, bool(record["result"]["holds"]), "re-run when the statement was re-derived")
    proc = record["procedure"]
    if not proc.startswith(PROCEDURE_PREFIXES):
        raise CertificateError(f"procedure {proc!r} is outside the quarks package")
    try:
        fn = _resolve(proc)
    except (ImportError, AttributeError):
        raise CertificateError(f"unknown procedure {proc!r}") from None
    got = fn(**record.get("args", {}))
    want = record["result"]
    for key in ("cases", "holds", "digest"):
        if key in want and got.get(key) != want[key]:
            return Outcome(False, bool(got.get("holds")), f"{key}: recorded {want[key]}, recomputed {got.get(key)}")
    return Outcome(True, bool(got["holds"]), f"{got['cases']} cases re-run")


def exhaustive(procedure: str, **args) -> dict:
    """Build an ``exhaustive`` record by running the procedure now."""
    result = _resolve(procedure)(**args)
    return {"kind": "exhaustive", "procedure": procedure, "args": args, "result": result}
