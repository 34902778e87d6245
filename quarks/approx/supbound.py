"""A rigorous upper bound on sup |f - N| over [0,1]^d, by a cover of cubes and arb balls.

On a closed cube B with centre c and half-side r, for z in B:

- f(z) - f(c) = grad f(xi) . (z - c) for some xi in B, and grad f(B) is enclosed in arb;
- a unit whose gate w . z - t is > 0 on all of B (decided exactly, in rationals) is the affine
  a . z + b there; one with w . z - t <= 0 on all of B is 0; a unit whose gate changes sign in
  B must have the form s ReLU(w . z - t) (checked exactly once per unit), and
  ReLU(p) - ReLU(q) = lambda (p - q) with lambda in [0, 1], so its increment is
  s [0,1] w . (z - c).

Hence e(z) = f(z) - N(z) lies in e(c) + G . (B - c), with G the enclosure of grad f(B) minus the
affine slopes minus the ReLU slope intervals, and |e| <= |e(c)| + r sum_i |G_i| on B.  N(c) is
exact (rationals).  Cubes whose bound exceeds eps are split in 2^d, to a depth limit.  The cubes
cover [0,1]^d, so the largest accepted bound is an upper bound of the sup error.  The search
stops at once, failing, when |f(c) - N(c)| > eps is certain at a centre c (a witness point) or
when a cube at the depth limit still exceeds eps.
"""
from __future__ import annotations

import itertools
from bisect import bisect_left
from fractions import Fraction

PREC = 96


def _arb(q: Fraction):
    from flint import arb, fmpq

    return arb(fmpq(q.numerator, q.denominator))


def _exact_upper(x) -> Fraction:
    m, e = x.upper().man_exp()
    return Fraction(int(m)) * Fraction(2) ** int(e)


class _Group:
    """The units sharing one gate direction w, sorted by threshold, with prefix sums."""

    def __init__(self, w, units):
        self.w = w
        units = sorted(units, key=lambda u: u.t)
        self.t = [u.t for u in units]
        d = len(w)
        self.pre_a, self.pre_b = [(Fraction(0),) * d], [Fraction(0)]
        self.pre_pos, self.pre_neg = [Fraction(0)], [Fraction(0)]
        self.relu = []
        for u in units:
            self.pre_a.append(tuple(x + Fraction(y) for x, y in zip(self.pre_a[-1], u.a)))
            self.pre_b.append(self.pre_b[-1] + u.b)
            s = u.relu_scale()
            self.relu.append(s is not None)
            s = s or Fraction(0)
            self.pre_pos.append(self.pre_pos[-1] + max(s, 0))
            self.pre_neg.append(self.pre_neg[-1] + min(s, 0))
        self.l1 = sum(abs(x) for x in w)


def _groups(units):
    by = {}
    for u in units:
        by.setdefault(tuple(u.w), []).append(u)
    return [_Group(w, us) for w, us in by.items()]


def _cell(target, groups, c, r, eps):
    """(bound, True): the bound on |f - N| over the cube; (None, False) if a unit whose gate
    changes sign in the cube is not a ReLU; (None, c) if |f(c) - N(c)| > eps certainly."""
    from flint import arb

    d = len(c)
    Nc = Fraction(0)
    slope_lo = [Fraction(0)] * d
    slope_hi = [Fraction(0)] * d
    for g in groups:
        wc = sum(wi * ci for wi, ci in zip(g.w, c))
        lo, hi = wc - g.l1 * r, wc + g.l1 * r
        n_on = bisect_left(g.t, lo)           # t < lo: gate > 0 on the whole cube
        n_live = bisect_left(g.t, hi)         # t < hi: gate positive somewhere
        n_at_c = bisect_left(g.t, wc)         # t < w.c: gate on at the centre
        Nc += sum(ai * ci for ai, ci in zip(g.pre_a[n_at_c], c)) + g.pre_b[n_at_c]
        if not all(g.relu[n_on:n_live]):
            return None, False
        pos = g.pre_pos[n_live] - g.pre_pos[n_on]
        neg = g.pre_neg[n_live] - g.pre_neg[n_on]
        for i in range(d):
            base = g.pre_a[n_on][i]
            a1, a2 = neg * g.w[i], pos * g.w[i]
            slope_lo[i] += base + min(a1, a2, 0)
            slope_hi[i] += base + max(a1, a2, 0)
    rb = _arb(r)
    point = [_arb(x) for x in c]
    box = [p + arb(0, rb) for p in point]
    ec = target.value(point) - _arb(Nc)
    if abs(ec) > _arb(eps):
        return None, c                        # the error at the centre alone exceeds eps
    grad = target.gradient(box)
    total = abs(ec)
    for i in range(d):
        mid = (slope_lo[i] + slope_hi[i]) / 2
        rad = (slope_hi[i] - slope_lo[i]) / 2
        G = grad[i] - (_arb(mid) + arb(0, _arb(rad)))
        total = total + abs(G) * rb
    return _exact_upper(total), True


def sup_bound(target, units, eps: Fraction, grid: int = 8, max_depth: int = 12) -> dict:
    """Cover [0,1]^d by cubes, bisecting where needed; returns the certified bound and the counts."""
    from flint import ctx

    old = ctx.prec
    ctx.prec = PREC
    try:
        groups = _groups(units)
        d = target.dim
        r0 = Fraction(1, 2 * grid)
        stack = [(tuple(Fraction(2 * k + 1, 2 * grid) for k in idx), r0, 0)
                 for idx in itertools.product(range(grid), repeat=d)]
        worst, cells = Fraction(0), 0
        while stack:
            c, r, depth = stack.pop()
            bound, ok = _cell(target, groups, c, r, eps)
            if isinstance(ok, tuple):
                return {"bound": None, "cells": cells, "holds": False, "witness": list(ok),
                        "reason": "the error at this point exceeds eps"}
            if (not ok or bound > eps) and depth < max_depth:
                h = r / 2
                for signs in itertools.product((-1, 1), repeat=d):
                    stack.append((tuple(ci + s * h for ci, s in zip(c, signs)), h, depth + 1))
                continue
            cells += 1
            if not ok or bound > eps:
                return {"bound": None, "cells": cells, "holds": False, "witness": None,
                        "reason": f"a cube of half-side {r} stays above eps at depth {depth}"}
            worst = max(worst, bound)
    finally:
        ctx.prec = old
    return {"bound": worst, "cells": cells, "holds": True}
