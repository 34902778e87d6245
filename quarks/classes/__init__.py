"""Class algebra: sets of Boolean functions written as expressions over all(n), T(n;d), T_B(n;d..),
union, intersection, difference, complement and the symmetry group, evaluated exactly.

:mod:`.syntax` parses an expression, :mod:`.evaluate` computes the set it denotes.
"""
from quarks.classes.evaluate import BeyondReach, FunctionSet, classes, evaluate, orbit, sample
from quarks.classes.syntax import Node, ParseError, parse, unparse

__all__ = ["BeyondReach", "FunctionSet", "Node", "ParseError", "classes", "evaluate", "orbit", "parse",
           "sample", "unparse"]


class _Module(type(__import__("sys"))):
    """``quarks.classes("T(4;2) - T(4;1)")``: the package itself evaluates an expression, so a call
    through the package (``import quarks.classes``) works as the API function ``quarks.classes`` does."""

    def __call__(self, expression: str) -> FunctionSet:
        return evaluate(parse(expression))


__import__("sys").modules[__name__].__class__ = _Module
