"""A small network in the ``quarks-weights/1`` format: "has an ``a`` occurred so far?".

One causal head scores the key ``c [token a] + (c/2) [token BOS]`` (as tracr does: BOS is the default
when nothing matches), averages the value ``[token a]`` and the readout compares it with 1/2.  Hard
attention answers exactly; at temperature 1 softmax does for c = 8 on short inputs and fails for c = 1
(on ``b b b a``, say).
"""
from __future__ import annotations


def seen_a(c=8, n_ctx: int = 8) -> dict:
    """The network with score coefficient ``c`` (an integer or "p/q"), for inputs of up to n_ctx - 1 letters."""
    from fractions import Fraction

    half = Fraction(c) / 2
    half_s = str(half) if half.denominator > 1 else half.numerator
    return {
        "format": "quarks-weights/1", "tokens": ["BOS", "a", "b"], "alphabet": ["a", "b"], "bos": "BOS",
        "embed": [[1, 0, 0], [0, 1, 0], [0, 0, 0]], "pos": [[0, 0, 0]] * n_ctx, "tau": 1,
        "labels": ["bos", "a", "seen"],
        "layers": [{"attn": {"mask": "future", "heads": [{
            "W_Q": [[0], [0], [0]], "b_Q": [1], "W_K": [[half_s], [c], [0]], "b_K": [0],
            "W_V": [[0], [1], [0]], "b_V": [0], "W_O": [[0, 0, 1]]}], "b_O": [0, 0, 0]}, "mlp": None}],
        "readout": {"kind": "argmax", "W_U": [[0, 0], [0, 0], [0, 1]], "b_U": ["1/2", 0], "labels": ["no", "yes"]},
    }
