"""The softmax model on one input in ball arithmetic (python-flint ``arb``): certified enclosures.

Every activation is an arb ball guaranteed to contain the exact real value of the softmax model
(exact weights, exact position embeddings, exact ``exp``).  ReLU of a ball that straddles 0 is the
ball ``[0, max(hi, 0)]``.  Slow (one input at a time) but general: the reference against which the
vectorised radii of :mod:`.batch` are tested.
"""
from __future__ import annotations

from quarks.attention.model import Model
from quarks.attention.run import initial, visible


def _relu(x):
    from flint import arb

    if x >= 0:
        return x
    if x <= 0:
        return arb(0)
    hi = x.upper()
    return arb(0).union(hi)


def soft_ball(model: Model, word, prec: int = 100) -> dict:
    """coord -> list of arb balls (one per position) for the softmax model on ``word``."""
    from flint import arb, ctx

    old = ctx.prec
    ctx.prec = prec
    try:
        n = len(word)
        x = {c: [arb(v.numerator) / v.denominator for v in col] for c, col in initial(model, word).items()}
        for layer in model.layers:
            adds = {}
            for h in layer.heads:
                tau = h.temperature(n)
                inv = arb(tau.denominator) / tau.numerator
                col = []
                for i in range(n):
                    js = list(visible(h.mask, i, n))
                    s = [sum((arb(c.numerator) / c.denominator * x[q][i] * x[k][j] for q, k, c in h.terms), arb(0)) * inv
                         for j in js]
                    # shift by the centre of the largest midpoint (exact shift: any real works)
                    top = max(s, key=lambda b: b.mid()).mid()
                    e = [(b - top).exp() for b in s]
                    z = sum(e, arb(0))
                    col.append(sum((ej * x[h.value][j] for ej, j in zip(e, js)), arb(0)) / z)
                adds[h.out] = col
            for t, col in adds.items():
                x[t] = [a + b for a, b in zip(x[t], col)]
            adds = {}
            for u in layer.units:
                hidden = [[_relu(sum((arb(w.numerator) / w.denominator * x[c][i] for c, w in ws.items()),
                                     arb(b.numerator) / b.denominator)) for i in range(n)] for ws, b in u.hidden]
                for t, (vs, c) in u.out.items():
                    col = adds.setdefault(t, [arb(0)] * n)
                    for i in range(n):
                        col[i] = col[i] + sum((arb(v.numerator) / v.denominator * hh[i] for v, hh in zip(vs, hidden)),
                                              arb(c.numerator) / c.denominator)
            for t, col in adds.items():
                x[t] = [a + b for a, b in zip(x[t], col)]
        return x
    finally:
        ctx.prec = old
