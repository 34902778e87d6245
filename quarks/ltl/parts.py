"""What the formula compiler and its counting constructions share: the position embeddings, the
error for formulas outside a variant's fragment, the Lemma 9 rounding unit, residual sums."""
from __future__ import annotations

from fractions import Fraction

from quarks.attention.model import Unit

PE = {
    "pe:one": 1,
    "pe:alt": ["^", -1, "i"],
    "pe:i/n": ["/", "i", "n"],
    "pe:i": "i",
    "pe:n": "n",
    "pe:alt*n": ["*", ["^", -1, "i"], "n"],
    "pe:alt*i": ["*", ["^", -1, "i"], "i"],
}


class CompileError(ValueError):
    """A formula outside the fragment a variant handles."""


def rounding(x: str, gate: str | None = None) -> Unit:
    """Lemma 9: ``clamp(2x - 1/2, 0, 1)`` (exact 0 / 1 when x is within 1/4 of 0 / 1); with a
    Boolean ``gate``, 0 wherever the gate is 1."""
    w = {x: 2} if gate is None else {x: 2, gate: -2}
    return Unit([(w, Fraction(-1, 2)), (dict(w), Fraction(-3, 2))], {}, round=x, note="Lemma 9 rounding")


def sum_of(a: str, b: str) -> dict:
    """Weights of a + b (a and b may be the same coordinate: phi & phi, phi | phi)."""
    return {a: 1, b: 1} if a != b else {a: 2}
