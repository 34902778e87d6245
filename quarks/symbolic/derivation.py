"""Building symbolic evidence by running SymPy now.

    der = Derivation({"d": {"positive": True}})
    der.define("h", "log(d)/d")
    der.diff("h", "d", "(1 - log(d))/d**2")                        # h'(d), eq. (5)
    der.sign("(1 - log(d))/d**2", "negative", var="d", domain=interval("E", "oo"), via="exp")
    record = der.record()                                          # a "symbolic" evidence record

Each method builds one step, decides it with the same code as the checker
(:func:`quarks.symbolic.steps.run_step`, searching a witness when it fails), records ``holds``
(and ``found``, ``witness``) and returns the :class:`~quarks.symbolic.steps.Truth`.  A step that
SymPy can neither prove nor disprove raises :class:`Undecided`: it is never recorded.
"""
from __future__ import annotations

import copy

from quarks.certify.symbolic.check import bind_definition, environment
from quarks.certify.symbolic.parse import parse, unparse
from quarks.certify.symbolic.steps import run_step


class Undecided(RuntimeError):
    """A step that exact symbolic computation could neither prove nor disprove."""


def interval(lo, hi, left_open: bool = True, right_open: bool = True) -> dict:
    """A real interval as recorded in steps."""
    return {"lo": str(lo), "hi": str(hi), "left_open": left_open, "right_open": right_open}


class Derivation:
    """A symbolic derivation under construction (one evidence record)."""

    def __init__(self, symbols: dict | None = None):
        self._rec = {"kind": "symbolic", "symbols": dict(symbols or {}), "defs": [], "steps": []}
        self.env = environment(self._rec)

    # expressions ---------------------------------------------------------------------------
    def text(self, expr) -> str:
        """The stored string of an expression (a string, or a SymPy object that round-trips)."""
        if isinstance(expr, str):
            parse(expr, self.env)  # admitted now, not at check time only
            return expr
        s = unparse(expr)
        back = parse(s, self.env)
        if back != expr:
            raise ValueError(f"expression does not round-trip through its string: {s[:80]}")
        return s

    def value(self, expr):
        """The SymPy object of an expression in this derivation's names."""
        return parse(self.text(expr), self.env)

    def define(self, name: str, expr):
        """Bind a name to an expression for the later steps; returns its value.  The environment grows by
        this definition alone (as the checker's :func:`environment` reads the definitions, in order)."""
        item = [name, self.text(expr)]
        env = dict(self.env)
        bind_definition(env, item)   # a bad definition raises, and is not recorded
        self._rec["defs"].append(item)
        self.env = env
        return env[name]

    # steps ---------------------------------------------------------------------------------
    def _step(self, op: str, label: str, **fields):
        step = {"op": op, **fields}
        if label:
            step["label"] = label
        truth = run_step(step, self.env, search=True)
        if truth.holds is None:
            raise Undecided(f"{op} step undecided: {label or fields}")
        step["holds"] = truth.holds
        if truth.found is not None and op not in ("sign", "solveset"):
            step["found"] = truth.found
        if truth.witness is not None:
            step["witness"] = truth.witness
        self._rec["steps"].append(step)
        return truth

    def equal(self, lhs, rhs, label: str = ""):
        return self._step("equal", label, lhs=self.text(lhs), rhs=self.text(rhs))

    def diff(self, expr, var: str, result, order: int = 1, label: str = ""):
        fields = {"expr": self.text(expr), "var": var, "result": self.text(result)}
        if order != 1:
            fields["order"] = order
        return self._step("diff", label, **fields)

    def sign(self, expr, sign: str, var: str | None = None, domain: dict | None = None,
             via: str = "shift", label: str = ""):
        fields = {"expr": self.text(expr), "sign": sign}
        if var is not None:
            fields.update(var=var, domain=domain, via=via)
        return self._step("sign", label, **fields)

    def solveset(self, expr, var: str, domain: dict, solutions, label: str = ""):
        return self._step("solveset", label, expr=self.text(expr), var=var, domain=domain,
                          solutions=[self.text(s) for s in solutions])

    def degree(self, expr, vars_, value: int, relation: str = "==", label: str = ""):
        return self._step("degree", label, expr=self.text(expr), vars=list(vars_), value=int(value), relation=relation)

    def nterms(self, expr, vars_, value: int, relation: str = "==", label: str = ""):
        return self._step("nterms", label, expr=self.text(expr), vars=list(vars_), value=int(value), relation=relation)

    def nfree(self, expr, value: int, exclude=(), relation: str = "==", label: str = ""):
        return self._step("nfree", label, expr=self.text(expr), exclude=list(exclude), value=int(value), relation=relation)

    def rank(self, matrix, value: int, relation: str = "==", label: str = ""):
        return self._step("rank", label, matrix=self.text(matrix), value=int(value), relation=relation)

    def matricization_rank(self, expr, rows, cols, grid, value: int, relation: str = "==", label: str = ""):
        return self._step("matricization_rank", label, expr=self.text(expr), rows=list(rows), cols=list(cols),
                          grid=[str(g) for g in grid], value=int(value), relation=relation)

    # result --------------------------------------------------------------------------------
    @property
    def holds(self) -> bool:
        return all(s["holds"] for s in self._rec["steps"])

    def record(self) -> dict:
        """The evidence record (a deep copy; JSON-serialisable)."""
        if not self._rec["steps"]:
            raise ValueError("a derivation without steps")
        rec = copy.deepcopy(self._rec)
        if not rec["defs"]:
            del rec["defs"]
        return rec
