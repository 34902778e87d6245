"""Class algebra: sets of Boolean functions written as expressions over all(n), T(n;d), T_B(n;d..),
union, intersection, difference, complement and the symmetry group, evaluated exactly.

:mod:`.syntax` parses an expression, :mod:`.evaluate` computes the set it denotes (:func:`denote`).
"""
from quarks.classes.evaluate import BeyondReach, FunctionSet, classes, denote, orbit, sample
from quarks.classes.syntax import Node, ParseError, parse, unparse

__all__ = ["BeyondReach", "FunctionSet", "Node", "ParseError", "classes", "denote", "orbit", "parse",
           "sample", "unparse"]

