"""Uniform-tieless average-hard attention (seed 004, §5, Appendix D): gaps, temperature, error.

A head is *uniform* when it has no score terms, *tieless with gap g* when at every position of
every input of length n (with at least two visible positions) the top score exceeds every other
by at least g.  ``gamma(n)`` is the least gap over the tieless heads (exact Fractions, by
enumerating every input).  ``X(n)`` is the largest |activation| of the hard model over all inputs
of length n (our Lemma 29, computed exactly instead of bounded).

Our Lemma 25 (per layer, sup-norm error delta over every coordinate and position):
  uniform head    -> delta                                   (Lemma 31)
  tieless head    -> delta + span * u,  u = (n-1) e^{-(g - 2 eta)/tau}       (Lemmas 33, 34)
                     eta = sum_t |c_t| (2 X delta + delta^2) <= g/4          (Lemma 32)
  ReLU unit       -> (sum_h |v_h| ||w_h||_1) delta                          (Lemma 30, 28)
with span <= 2 X.  Theorem 26 (our rule): tau(n) = gamma(n) / (2 m(n)), m(n) the least integer
such that this recursion, run with e^{-(g - 2 eta)/tau} <= e^{-m} (valid once eta <= g/4), ends
below epsilon.  e^{-m} is bounded above by 1 / sum_{k <= 3m+10} m^k/k! (exact Fractions).
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np

from quarks.attention import programs
from quarks.attention.batch import masks, run
from quarks.certificates.evidence import digest

CHUNK = 8192


def words(k: int, n: int):
    """Every word of length n over k symbols, in batches (symbol indices)."""
    it = itertools.product(range(k), repeat=n)
    while True:
        block = list(itertools.islice(it, CHUNK))
        if not block:
            return
        yield np.array(block, dtype=np.int64).reshape(len(block), n)


def scores(h, x: dict, n: int) -> tuple:
    """Exact scores s_ij of head h (integer array over one denominator) from the final stream."""
    Ls = 1
    for q, k, c in h.terms:
        m = x[q].d * x[k].d * c.denominator
        Ls = Ls * m // math.gcd(Ls, m)
    S = 0
    for q, k, c in h.terms:
        f = c.numerator * (Ls // (x[q].d * x[k].d * c.denominator))
        S = S + f * (x[q].N.astype(object)[:, :, None] * x[k].N.astype(object)[:, None, :])
    return S, Ls


def gap_of(h, x: dict, n: int) -> Fraction | None:
    """The least (top - second) score over every position with >= 2 visible keys (None: none)."""
    if n < 2:
        return None
    S, Ls = scores(h, x, n)
    vis = masks(h.mask, n)
    low = min(int(v) for v in S.flat) - 1
    Sm = np.where(vis[None], S, low)
    srt = np.sort(Sm, axis=2)
    top, second = srt[:, :, -1], srt[:, :, -2]
    many = vis.sum(axis=1) >= 2
    g = (top - second)[:, many]
    return Fraction(int(g.min()), Ls) if g.size else None


def analyse(program: str, n: int) -> dict:
    """Exhaustive: hard model = reference on every input of length n, every non-uniform head
    tieless (gap > 0); records each head's gap, gamma(n) and X(n) exactly."""
    model = programs.program(program, n)
    gaps = {h.out: None for layer in model.layers for h in layer.heads if not h.uniform()}
    X, agree, cases, items = Fraction(0), True, 0, []
    for batch in words(len(model.alphabet), n):
        res = run(model, batch, certify=False)
        out = res.x[model.output]
        for w, row in zip(batch, out.N):
            word = "".join(model.alphabet[k] for k in w)
            got = [Fraction(int(v), out.d) for v in row]
            agree = agree and got == programs.reference(program, word)
        items.append(digest([[int(v) for v in row] for row in out.N] + [out.d]))
        for layer in model.layers:
            for h in layer.heads:
                if not h.uniform():
                    g = gap_of(h, res.x, n)
                    if g is not None:
                        gaps[h.out] = g if gaps[h.out] is None else min(gaps[h.out], g)
        X = max([X] + [Fraction(c.maxabs(), c.d) for c in res.x.values()])
        cases += len(batch)
    tieless = all(g is None or g > 0 for g in gaps.values())
    known = [g for g in gaps.values() if g is not None]
    gamma = min(known) if known else None
    table = {k: (None if g is None else str(g)) for k, g in gaps.items()}
    items.append([table, str(X), agree, tieless])
    return {"cases": cases, "holds": bool(agree and tieless), "digest": digest(items),
            "gaps": table, "gamma": None if gamma is None else str(gamma), "X": str(X), "agrees": agree}


# --- our Theorem 26: the temperature rule and the a priori error bound -------------------------

def exp_neg_upper(m: int) -> Fraction:
    """An upper bound of e^{-m}: 1 / sum_{k <= 3m+10} m^k / k! (a partial sum of e^m)."""
    s, term = Fraction(0), Fraction(1)
    for k in range(3 * m + 11):
        s += term
        term = term * m / (k + 1)
    return 1 / s


def a_priori(model, n: int, gamma: Fraction, X: Fraction, m: int) -> tuple:
    """Run our Lemma 25 recursion with e^{-(g - 2 eta)/tau} <= e^{-m}: (final delta, ok) where ok
    says every score error eta stayed <= gamma/4 (the gap stays >= gamma/2 under error)."""
    u = (n - 1) * exp_neg_upper(m)
    delta, ok = Fraction(0), True
    for layer in model.layers:
        errs = [delta]
        for h in layer.heads:
            if h.uniform():
                continue
            eta = sum(abs(c) for _, _, c in h.terms) * (2 * X * delta + delta * delta)
            ok = ok and eta <= gamma / 4
            errs.append(delta + 2 * X * u)
        delta = max(errs)
        delta = max([delta] + [lip * delta for lip in unit_lips(layer).values()])
    return delta, ok


def unit_lips(layer) -> dict:
    """Per coordinate written by the layer's units, the Lipschitz constant (l1 in, each output) of the
    sum of the units writing it: sum_h |v_h| |w_h|_1 over all their hidden neurons."""
    lips: dict = {}
    for unit in layer.units:
        for t in unit.out:
            lips[t] = lips.get(t, 0) + unit.lip(t)
    return lips


def rule(program: str, n: int, gamma: Fraction, X: Fraction, eps: Fraction, m_max: int = 400) -> tuple:
    """Our Theorem 26: the least m with a priori error <= eps; tau(n) = gamma / (2m)."""
    model = programs.program(program, n)
    for m in range(1, m_max + 1):
        bound, ok = a_priori(model, n, gamma, X, m)
        if ok and bound <= eps:
            return m, gamma / (2 * m), bound
    raise ArithmeticError(f"{program}, n={n}: no m <= {m_max} meets eps={eps}")


def theorem26(program: str, n: int, eps: str, gamma: str, X: str, m: int) -> dict:
    """Exhaustive (one case): the a priori bound at m is <= eps, and at m - 1 it is not."""
    gamma_, X_, eps_ = Fraction(gamma), Fraction(X), Fraction(eps)
    model = programs.program(program, n)
    bound, ok = a_priori(model, n, gamma_, X_, m)
    prev = a_priori(model, n, gamma_, X_, m - 1) if m > 1 else (None, False)
    least = m == 1 or not (prev[1] and prev[0] <= eps_)
    holds = bool(ok and bound <= eps_ and least)
    return {"cases": 1, "holds": holds, "digest": digest([str(bound), ok, least]), "bound": str(bound)}


def certify(program: str, n: int, tau: str, eps: str) -> dict:
    """Exhaustive: at temperature tau the softmax model's output is within eps of the hard model
    on every input of length n (the engine's certified radii; hard model exact)."""
    model = programs.program(program, n, tau=tau)
    worst, cases, items, fail = 0.0, 0, [], None
    e = float(Fraction(eps)) * (1 - 2.0**-40)
    for batch in words(len(model.alphabet), n):
        res = run(model, batch, certify=True)
        rad = res.r[model.output].max(axis=1)
        worst = max(worst, float(rad.max()))
        cases += len(batch)
        items.append([int(k) for k in np.flatnonzero(~(rad <= e))][:5])
        if fail is None and not (rad <= e).all():
            k = int(np.flatnonzero(~(rad <= e))[0])
            fail = "".join(model.alphabet[s] for s in batch[k])
    return {"cases": cases, "holds": fail is None, "digest": digest(items), "radius": repr(worst),
            "failure": fail}


def ball_check(program: str, word: str, tau: str, eps: str) -> dict:
    """One input in arb balls: holds unless some output ball lies certainly more than eps away
    from the exact hard output (so holds = False is a rigorous violation)."""
    from flint import arb

    from quarks.attention.ball import soft_ball
    from quarks.attention.run import hard_exact

    model = programs.program(program, len(word), tau=tau)
    hard = hard_exact(model, word)[model.output]
    soft = soft_ball(model, word)[model.output]
    e = Fraction(eps)
    bad = [i + 1 for i, (h, s) in enumerate(zip(hard, soft))
           if abs(s - arb(h.numerator) / h.denominator) > arb(e.numerator) / e.denominator]
    return {"cases": len(word), "holds": not bad, "digest": digest([word, bad]), "violations": bad,
            "soft": [s.str(5) for s in soft], "hard": [str(h) for h in hard]}
