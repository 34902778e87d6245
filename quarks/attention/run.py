"""Running a model on one input: exactly (hard attention, Fractions) or in floats (either kind).

``hard_exact`` is the reference semantics of a hard-attention transformer: every activation an exact
rational.  ``soft_float`` runs the softmax model in floating point; it may *find* a problem (say a
temperature that is too high) but never decides anything: decisions use :mod:`.batch` or :mod:`.ball`.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from quarks.attention.model import Model, pe_value


def visible(mask: str, i: int, n: int) -> range:
    """Positions ``j`` (0-based) a query at ``i`` sees: non-strict future / past masking."""
    if mask == "future":
        return range(0, i + 1)
    if mask == "past":
        return range(i, n)
    return range(0, n)


def initial(model: Model, word, number=Fraction) -> dict:
    n = len(word)
    for a in word:
        if a not in model.alphabet:
            raise ValueError(f"symbol {a!r} is not in the alphabet {''.join(model.alphabet)}")
    x = {c: [number(0)] * n for c in model.coords()}
    for a in model.alphabet:
        x[model.word_coord(a)] = [number(int(w == a)) for w in word]
    for c, spec in model.pe.items():
        x[c] = [number(pe_value(spec, i, n)) for i in range(1, n + 1)]
    return x


def hardmax(scores: list, rule: str) -> list:
    """Attention weights of leftmost / rightmost / average hardmax over a list of exact scores."""
    top = max(scores)
    tied = [k for k, s in enumerate(scores) if s == top]
    if rule == "leftmost":
        tied = tied[:1]
    elif rule == "rightmost":
        tied = tied[-1:]
    w = [Fraction(0)] * len(scores)
    for k in tied:
        w[k] = Fraction(1, len(tied))
    return w


def _units(layer, x, n, relu):
    adds = {}
    for u in layer.units:
        hidden = []
        for ws, b in u.hidden:
            hidden.append([relu(sum((w * x[c][i] for c, w in ws.items()), b)) for i in range(n)])
        for t, (vs, c) in u.out.items():
            col = adds.setdefault(t, [0] * n)
            for i in range(n):
                col[i] = col[i] + sum((v * h[i] for v, h in zip(vs, hidden)), c)
    for t, col in adds.items():
        x[t] = [a + b for a, b in zip(x[t], col)]


def hard_exact(model: Model, word) -> dict:
    """Every coordinate at every position under hard attention, as exact Fractions."""
    n = len(word)
    x = initial(model, word)
    for layer in model.layers:
        adds = {}
        for h in layer.heads:
            col = []
            for i in range(n):
                js = visible(h.mask, i, n)
                scores = [sum((c * x[q][i] * x[k][j] for q, k, c in h.terms), Fraction(0)) for j in js]
                w = hardmax(scores, h.hard)
                col.append(sum((wj * x[h.value][j] for wj, j in zip(w, js)), Fraction(0)))
            adds[h.out] = col
        for t, col in adds.items():
            x[t] = [a + b for a, b in zip(x[t], col)]
        _units(layer, x, n, lambda v: v if v > 0 else Fraction(0))
    return x


def soft_float(model: Model, word, tau_scale: float = 1.0) -> dict:
    """Every coordinate under softmax attention at temperature ``tau_scale * tau(n)``, in floats."""
    n = len(word)
    x = {c: np.array([float(v) for v in col]) for c, col in initial(model, word).items()}
    for layer in model.layers:
        adds = {}
        for h in layer.heads:
            tau = float(h.temperature(n)) * tau_scale
            s = np.zeros((n, n))
            for q, k, c in h.terms:
                s += float(c) * np.outer(x[q], x[k])
            s = s / tau
            if h.mask == "future":
                s = np.where(np.tri(n, dtype=bool), s, -np.inf)
            elif h.mask == "past":
                s = np.where(np.tri(n, dtype=bool).T, s, -np.inf)
            s = s - s.max(axis=1, keepdims=True)
            w = np.exp(s)
            w /= w.sum(axis=1, keepdims=True)
            adds[h.out] = w @ x[h.value]
        for t, col in adds.items():
            x[t] = x[t] + col
        adds = {}
        for u in layer.units:
            hidden = [np.maximum(sum(float(w) * x[c] for c, w in ws.items()) + float(b), 0.0) for ws, b in u.hidden]
            for t, (vs, c) in u.out.items():
                adds[t] = adds.get(t, 0.0) + sum(float(v) * hh for v, hh in zip(vs, hidden)) + float(c)
        for t, col in adds.items():
            x[t] = x[t] + col
    return x
