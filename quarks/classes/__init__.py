"""Class algebra: sets of Boolean functions written as expressions over all(n), T(n;d), T_B(n;d..),
union, intersection, difference, complement and the symmetry group, evaluated exactly.

:mod:`.syntax` parses an expression, :mod:`.evaluate` computes the set it denotes.
"""
from quarks.classes.evaluate import BeyondReach, FunctionSet, classes, evaluate, orbit, sample
from quarks.classes.syntax import Node, ParseError, parse, unparse

__all__ = ["BeyondReach", "FunctionSet", "Node", "ParseError", "classes", "evaluate", "orbit", "parse",
           "sample", "unparse"]


class _Module(type(__import__("sys"))):
    """``quarks.classes("T(4;2) - T(4;1)", out=...)``: the package itself is the API function
    quarks.api.classes, so the call works whether ``quarks.classes`` names this package or the function
    (importing the package rebinds the name; quarks.api is loaded whenever quarks is)."""

    def __call__(self, expression: str, **options) -> FunctionSet:
        api = __import__("sys").modules.get("quarks.api")
        return api.classes(expression, **options) if api is not None else evaluate(parse(expression))


__import__("sys").modules[__name__].__class__ = _Module
