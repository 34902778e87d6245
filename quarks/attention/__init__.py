"""A small transformer engine: hard attention evaluated exactly, softmax attention bounded rigorously.

:mod:`.model` (the model as data, JSON), :mod:`.run` (one input: exact hard, float soft),
:mod:`.batch` (many inputs: exact hard in integers, certified soft radii), :mod:`.ball`
(one input: softmax model in arb balls).
"""
from quarks.attention.model import Head, Layer, Model, Unit, register_predicate  # noqa: F401
