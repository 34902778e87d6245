"""The reference semantics of TL[#]: a formula is true or false at each position of a string.

``truth`` follows the definitions literally (quantifiers over positions), one string at a time;
``truth_batch`` computes the same values for many equal-length strings at once with numpy
(recurrences for since / until, cumulative sums for counts).  Tests check that they agree.
"""
from __future__ import annotations

import numpy as np

from quarks.attention.model import predicate
from quarks.ltl.syntax import And, Atom, Compare, Const, Count, Lin, Next, Not, Or, Pos, Pred, Prev, Since, Until

_CMP = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, "=": lambda a, b: a == b,
        "!=": lambda a, b: a != b, ">=": lambda a, b: a >= b, ">": lambda a, b: a > b}


def holds(f, word, i: int, cache=None) -> bool:
    """w, i |= f (positions 1..n), straight from the definitions."""
    n = len(word)
    cache = {} if cache is None else cache
    key = (f, i)
    if key in cache:
        return cache[key]
    if isinstance(f, Atom):
        v = word[i - 1] == f.symbol
    elif isinstance(f, Const):
        v = f.value
    elif isinstance(f, Not):
        v = not holds(f.arg, word, i, cache)
    elif isinstance(f, And):
        v = holds(f.left, word, i, cache) and holds(f.right, word, i, cache)
    elif isinstance(f, Or):
        v = holds(f.left, word, i, cache) or holds(f.right, word, i, cache)
    elif isinstance(f, Prev):
        v = i > 1 and holds(f.arg, word, i - 1, cache)
    elif isinstance(f, Next):
        v = i < n and holds(f.arg, word, i + 1, cache)
    elif isinstance(f, Since):
        top = i - 1 if f.strict else i
        v = any(holds(f.right, word, j, cache) and all(holds(f.left, word, k, cache) for k in range(j + 1, top + 1))
                for j in range(1, top + 1))
    elif isinstance(f, Until):
        bot = i + 1 if f.strict else i
        v = any(holds(f.right, word, j, cache) and all(holds(f.left, word, k, cache) for k in range(bot, j))
                for j in range(bot, n + 1))
    elif isinstance(f, Compare):
        v = _CMP[f.op](value(f.left, word, i, cache), value(f.right, word, i, cache))
    elif isinstance(f, Pred):
        v = bool(predicate(f.name)(value(f.arg, word, i, cache), n))
    else:
        raise TypeError(f"not a formula: {f!r}")
    cache[key] = v
    return v


def value(t, word, i: int, cache=None) -> int:
    """The integer value of a term (count, position, linear combination) at position i."""
    if isinstance(t, Pos):
        return i
    if isinstance(t, Count):
        js = range(1, i + 1) if t.side == "left" else range(i, len(word) + 1)
        return sum(holds(t.arg, word, j, cache) for j in js)
    if isinstance(t, Lin):
        return sum(c * value(u, word, i, cache) for c, u in t.terms) + t.const
    raise TypeError(f"not a term: {t!r}")


def truth(f, word) -> list:
    """[w, i |= f for i = 1..n]."""
    cache = {}
    return [holds(f, word, i, cache) for i in range(1, len(word) + 1)]


def accepts(f, word) -> bool:
    """A string satisfies f when f holds at its last position."""
    return bool(word) and holds(f, word, len(word))


# --- many strings at once --------------------------------------------------------------------

def truth_batch(f, words: np.ndarray, alphabet) -> np.ndarray:
    """bool array (B, n): f at every position of every word (rows of symbol indices)."""
    memo = {}
    return _tb(f, words, list(alphabet), memo)


def _tb(f, W, alphabet, memo):
    if f in memo:
        return memo[f]
    B, n = W.shape
    if isinstance(f, Atom):
        v = W == alphabet.index(f.symbol) if f.symbol in alphabet else np.zeros((B, n), dtype=bool)
    elif isinstance(f, Const):
        v = np.full((B, n), f.value)
    elif isinstance(f, Not):
        v = ~_tb(f.arg, W, alphabet, memo)
    elif isinstance(f, And):
        v = _tb(f.left, W, alphabet, memo) & _tb(f.right, W, alphabet, memo)
    elif isinstance(f, Or):
        v = _tb(f.left, W, alphabet, memo) | _tb(f.right, W, alphabet, memo)
    elif isinstance(f, Prev):
        a = _tb(f.arg, W, alphabet, memo)
        v = np.zeros_like(a)
        v[:, 1:] = a[:, :-1]
    elif isinstance(f, Next):
        a = _tb(f.arg, W, alphabet, memo)
        v = np.zeros_like(a)
        v[:, :-1] = a[:, 1:]
    elif isinstance(f, Since):
        a, b = _tb(f.left, W, alphabet, memo), _tb(f.right, W, alphabet, memo)
        ns = np.zeros_like(a)  # non-strict: b(i) or (a(i) and ns(i-1))
        prev = np.zeros(B, dtype=bool)
        for i in range(n):
            prev = b[:, i] | (a[:, i] & prev)
            ns[:, i] = prev
        if f.strict:  # strict since at i = non-strict since of (a, b) at i-1
            v = np.zeros_like(ns)
            v[:, 1:] = ns[:, :-1]
        else:
            v = ns
    elif isinstance(f, Until):
        a, b = _tb(f.left, W, alphabet, memo), _tb(f.right, W, alphabet, memo)
        ns = np.zeros_like(a)
        nxt = np.zeros(B, dtype=bool)
        for i in range(n - 1, -1, -1):
            nxt = b[:, i] | (a[:, i] & nxt)
            ns[:, i] = nxt
        if f.strict:
            v = np.zeros_like(ns)
            v[:, :-1] = ns[:, 1:]
        else:
            v = ns
    elif isinstance(f, Compare):
        v = _CMP[f.op](_vb(f.left, W, alphabet, memo), _vb(f.right, W, alphabet, memo))
    elif isinstance(f, Pred):
        vals = _vb(f.arg, W, alphabet, memo)
        p = predicate(f.name)
        table = np.array([bool(p(k, n)) for k in range(n + 1)])
        v = table[vals]
    else:
        raise TypeError(f"not a formula: {f!r}")
    memo[f] = v
    return v


def _vb(t, W, alphabet, memo):
    B, n = W.shape
    if isinstance(t, Pos):
        return np.broadcast_to(np.arange(1, n + 1), (B, n))
    if isinstance(t, Count):
        a = _tb(t.arg, W, alphabet, memo).astype(np.int64)
        if t.side == "left":
            return np.cumsum(a, axis=1)
        return np.cumsum(a[:, ::-1], axis=1)[:, ::-1]
    if isinstance(t, Lin):
        out = np.full((B, n), t.const, dtype=np.int64)
        for c, u in t.terms:
            out = out + c * _vb(u, W, alphabet, memo)
        return out
    raise TypeError(f"not a term: {t!r}")


def all_words(alphabet, n: int) -> np.ndarray:
    """Every word of length n over the alphabet, as rows of symbol indices (lexicographic)."""
    k = len(alphabet)
    idx = np.arange(k**n)
    out = np.empty((k**n, n), dtype=np.int64)
    for pos in range(n - 1, -1, -1):
        out[:, pos] = idx % k
        idx //= k
    return out
