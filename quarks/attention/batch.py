"""Exact hard-attention evaluation of many inputs at once, and a certified bound on the softmax model.

All inputs of one batch have the same length n.  Each coordinate is held exactly as an integer array
``N`` over one denominator ``d`` (value ``N / d``), in int64 while no overflow is possible and in Python
integers otherwise, so the hard model is evaluated with no rounding at all.

Soft certification propagates, beside the exact hard activations, a radius ``r >= 0`` per coordinate
and position such that the softmax model's activation lies in ``[x - r, x + r]``:

* attention (hard max set M, soft weights ``softmax(s / tau)``):
  ``|soft - hard| <= min(1, S'/|M|) * max_j |v_j - hard| + max_j r_v(j)``, where
  ``S' = sum_{j not in M} exp(-(gap_j - eta_ij - eta_iM) / tau)`` and eta bounds the score error
  caused by query / key radii.  Upper bounds of ``exp(-m/64)`` come from arb balls (python-flint),
  and every gap is rounded *down* to a multiple of 1/64 first, so no float ``exp`` decides anything.
  Inside M the soft weights are equal (or the values are) -- otherwise the radius is infinite.
* a ReLU unit: a hidden unit whose pre-activation interval keeps one sign is affine on it; the output
  radius is ``sum_c |sum_{h active} v_h w_hc| r_c`` plus ``|v_h| rho_h`` for each unit whose interval
  straddles 0 (Lipschitz).  A Lemma 9 rounding whose input lies within 1/4 of a Boolean is flat on
  the interval, so its output radius is exactly 0: the soft model is *exactly* the hard one again.

Float operations on radii are rounded outwards by a relative ``SAFETY`` factor (every radius is a
sum of at most a few thousand products of float-exact or correctly rounded terms).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from quarks.attention.model import Model, pe_value

SAFETY = 1.0 + 2.0**-40
STEP = 64  # gaps are rounded down to multiples of 1/STEP before bounding exp(-gap)
TMAX = 700  # exp(-x) for x >= TMAX is bounded by exp(-TMAX)
LIMIT = 2**62


# --- exact integer columns -----------------------------------------------------------------------

@dataclass
class Col:
    """An exact column: values ``N / d`` (N an int64 or object array)."""

    N: np.ndarray
    d: int

    def reduced(self) -> "Col":
        N = self.N
        if N.size == 0:
            return self
        if N.dtype == object:
            g = self.d
            for v in N.flat:
                g = math.gcd(g, int(v))
                if g == 1:
                    return self
        else:
            g = math.gcd(int(np.gcd.reduce(N, axis=None)), self.d)
        if g <= 1:
            return self
        N = N // g
        return Col(_shrink(N), self.d // g)

    def floats(self) -> np.ndarray:
        if self.N.dtype != object and self.d < 2**53:
            return self.N.astype(float) / self.d
        return (_big(self.N) / self.d).astype(float)  # int / int is correctly rounded, like float(Fraction)

    def maxabs(self) -> int:
        return int(np.max(np.abs(self.N))) if self.N.size else 0


def _shrink(N: np.ndarray) -> np.ndarray:
    if N.dtype == object and N.size and max(abs(int(v)) for v in N.flat) < LIMIT:
        return N.astype(np.int64)
    return N


def _big(N: np.ndarray) -> np.ndarray:
    return N.astype(object) if N.dtype != object else N


def _scale(col: Col, f: int, bound: int) -> np.ndarray:
    """col.N * f, in Python integers if the result could leave int64."""
    if bound * abs(f) >= LIMIT or col.N.dtype == object:
        return _big(col.N) * f
    return col.N * f


def lin(terms: list, const=Fraction(0), shape=None) -> Col:
    """sum_k w_k * col_k + const, exactly."""
    const = Fraction(const)
    L = const.denominator
    for w, col in terms:
        L = L * (col.d * w.denominator) // math.gcd(L, col.d * w.denominator)
    bound = abs(const.numerator) * (L // const.denominator)
    parts = []
    for w, col in terms:
        f = w.numerator * (L // (col.d * w.denominator))
        bound += abs(f) * col.maxabs()
        parts.append((col, f))
    big = bound >= LIMIT
    if shape is None:
        shape = parts[0][0].N.shape
    acc = np.zeros(shape, dtype=object if big else np.int64)
    for col, f in parts:
        acc = acc + (_big(col.N) * f if big else _scale(col, f, col.maxabs()))
    acc = acc + const.numerator * (L // const.denominator)
    return Col(acc, L).reduced()


# --- exp upper bounds from arb -------------------------------------------------------------------

_TABLE = None


def exp_table() -> np.ndarray:
    """T[m] >= exp(-m / STEP) for m = 0 .. STEP*TMAX, each an arb upper bound rounded up to a float."""
    global _TABLE
    if _TABLE is None:
        from flint import arb, ctx

        old = ctx.prec
        ctx.prec = 80
        try:
            vals = []
            step = (-arb(1) / STEP).exp()
            cur = arb(1)
            for _m in range(STEP * TMAX + 1):
                up = cur.upper()
                f = float(up.mid())
                f = float(np.nextafter(np.nextafter(f, np.inf), np.inf))
                if not (arb(f) >= up):
                    raise ArithmeticError("exp table rounding")
                vals.append(f)
                cur = cur * step
        finally:
            ctx.prec = old
        _TABLE = np.array(vals)
    return _TABLE


def exp_neg_upper(x: np.ndarray) -> np.ndarray:
    """An upper bound of exp(-x) for x >= 0 (floats), by rounding x down to a multiple of 1/STEP."""
    m = np.floor(np.minimum(x, TMAX) * STEP * (1 - 2.0**-40))
    m = np.clip(m, 0, STEP * TMAX).astype(np.int64)
    return exp_table()[m]


# --- the batch evaluation ------------------------------------------------------------------------

def masks(mask: str, n: int) -> np.ndarray:
    """vis[i, j]: position j is visible from i (non-strict masking)."""
    tri = np.tri(n, dtype=bool)
    return {"future": tri, "past": tri.T, "none": np.ones((n, n), dtype=bool)}[mask]


@dataclass
class BatchResult:
    x: dict  # coord -> Col (exact hard activations)
    r: dict | None  # coord -> radius array (soft within x +- r), when certifying
    sites: dict  # round-unit input coord -> max radius over the batch (per input)


def initial(model: Model, words: np.ndarray) -> dict:
    """Exact initial activations for a batch of equal-length words (symbol indices)."""
    B, n = words.shape
    x = {}
    for k, a in enumerate(model.alphabet):
        x[model.word_coord(a)] = Col((words == k).astype(np.int64), 1)
    for c, spec in model.pe.items():
        vals = [pe_value(spec, i, n) for i in range(1, n + 1)]
        d = 1
        for v in vals:
            d = d * v.denominator // math.gcd(d, v.denominator)
        row = np.array([int(v * d) for v in vals], dtype=object)
        x[c] = Col(_shrink(np.broadcast_to(row, (B, n)).copy()), d)
    return x


def run(model: Model, words: np.ndarray, certify: bool = True) -> BatchResult:
    """Evaluate the hard model exactly on every word; with ``certify``, bound the soft model too."""
    B, n = words.shape
    x = initial(model, words)
    zero = Col(np.zeros((B, n), dtype=np.int64), 1)
    r = {c: np.zeros((B, n)) for c in x} if certify else None
    sites: dict = {}
    for layer in model.layers:
        new = {}
        for h in layer.heads:
            new[h.out] = _head(h, x, r, n, B)
        for c, (col, rad) in new.items():
            base = x.get(c, zero)
            x[c] = lin([(Fraction(1), base), (Fraction(1), col)])
            if certify:
                r[c] = (r.get(c, 0.0) + rad) * SAFETY
        new = {}
        for u in layer.units:
            for t, (col, rad) in _unit(u, x, r, sites, B, n).items():
                if t in new:
                    c0, r0 = new[t]
                    col, rad = lin([(Fraction(1), c0), (Fraction(1), col)]), (r0 + rad if certify else None)
                new[t] = (col, rad)
        for t, (col, rad) in new.items():
            x[t] = lin([(Fraction(1), x.get(t, zero)), (Fraction(1), col)])
            if certify:
                r[t] = (r.get(t, 0.0) + rad) * SAFETY
    return BatchResult(x, r, sites)


def _head(h, x, r, n, B):
    """Exact hard output of one head, and (when certifying) the radius of the soft output."""
    vis = masks(h.mask, n)
    if h.uniform():
        S = np.zeros((B, n, n), dtype=np.int64)
        Ls = 1
    else:
        Ls = 1
        for q, k, c in h.terms:
            m = x[q].d * x[k].d * c.denominator
            Ls = Ls * m // math.gcd(Ls, m)
        bound = sum(abs(c.numerator) * (Ls // (x[q].d * x[k].d * c.denominator)) * x[q].maxabs() * x[k].maxabs()
                    for q, k, c in h.terms)
        big = bound >= LIMIT
        S = np.zeros((B, n, n), dtype=object if big else np.int64)
        for q, k, c in h.terms:
            f = c.numerator * (Ls // (x[q].d * x[k].d * c.denominator))
            Q = _big(x[q].N) if big else x[q].N
            K = _big(x[k].N) if big else x[k].N
            S = S + f * (Q[:, :, None] * K[:, None, :])
    lowest = S.min() if S.size else 0
    Sm = np.where(vis[None], S, lowest - 1)
    top = Sm.max(axis=2)
    M = (Sm == top[:, :, None]) & vis[None]
    if h.hard == "leftmost":
        first = M.argmax(axis=2)
        M = np.zeros_like(M)
        np.put_along_axis(M, first[:, :, None], True, axis=2)
    elif h.hard == "rightmost":
        last = n - 1 - M[:, :, ::-1].argmax(axis=2)
        M = np.zeros_like(M)
        np.put_along_axis(M, last[:, :, None], True, axis=2)
    size = M.sum(axis=2)
    V = x[h.value]
    L = math.lcm(*(int(k) for k in np.unique(size)))
    VN = V.N if V.maxabs() * n * L < LIMIT else _big(V.N)
    num = (M * VN[:, None, :]).sum(axis=2)
    out = Col(num * (L // size) if VN.dtype != object else num * np.vectorize(lambda s: L // s, otypes=[object])(size),
              V.d * L).reduced()
    if r is None:
        return out, None
    return out, _soft_radius(h, x, r, S, Ls, vis, M, size, out, n)


def _soft_radius(h, x, r, S, Ls, vis, M, size, out, n):
    """Radius of the softmax head's output around the hard output (see the module docstring)."""
    V = x[h.value]
    vf = V.floats()
    rv = r[h.value]
    hard = out.floats()
    diff = np.abs(vf[:, None, :] - hard[:, :, None]) * SAFETY
    rv_max = np.where(vis[None], rv[:, None, :], 0.0).max(axis=2)
    off = vis[None] & ~M
    if h.uniform():
        return rv_max
    tau = float(h.temperature(n))
    tau_lo = tau * (1 - 2.0**-50)
    Sf = Col(S, Ls).floats()
    topf = np.where(M, Sf, -np.inf).max(axis=2)
    gap = (topf[:, :, None] - Sf)
    # exact gaps are positive off M; the float gap is accurate to a relative 2^-50 or so
    gap = gap * (1 - 2.0**-45)
    eta = np.zeros_like(Sf)
    for q, k, c in h.terms:
        rq, rk = r[q], r[k]
        if not (rq.any() or rk.any()):
            continue
        qa, ka = np.abs(x[q].floats()), np.abs(x[k].floats())
        eta += float(abs(c)) * SAFETY * (rq[:, :, None] * ka[:, None, :] + qa[:, :, None] * rk[:, None, :]
                                         + rq[:, :, None] * rk[:, None, :])
    eta *= SAFETY
    bad = np.zeros(size.shape, dtype=bool)
    if eta.any():
        etaM = np.where(M, eta, 0.0).max(axis=2)
        gap = gap - eta - etaM[:, :, None]
        # inside a tied max set the soft weights may differ: then all tied values must agree
        spread = np.where(M, vf[:, None, :], -np.inf).max(axis=2) - np.where(M, vf[:, None, :], np.inf).min(axis=2)
        bad |= (size > 1) & (etaM > 0) & (spread > 0)
    if h.hard != "average":
        vis_top = (np.where(vis[None], S, S.min() - 1) == np.where(vis[None], S, S.min() - 1).max(axis=2)[:, :, None]) & vis[None]
        tv = np.where(vis_top, vf[:, None, :], -np.inf).max(axis=2) - np.where(vis_top, vf[:, None, :], np.inf).min(axis=2)
        bad |= (vis_top.sum(axis=2) > 1) & (tv > 0)
        off = vis[None] & ~vis_top
        size = vis_top.sum(axis=2)
    bad |= (off & (gap <= 0)).any(axis=2)
    e = np.where(off, exp_neg_upper(np.maximum(gap, 0.0) / tau_lo), 0.0)
    Sp = e.sum(axis=2) * (1 + n * 2.0**-50)
    woff = np.minimum(Sp / size, 1.0) * SAFETY
    dmax = np.where(off, diff, 0.0).max(axis=2)
    # each off-max weight is at most exp(-gap_j / tau) / |M|: a weighted bound, often much tighter
    weighted = (e * np.where(off, diff, 0.0)).sum(axis=2) * (1 + n * 2.0**-50) / size
    rad = np.minimum(woff * dmax, weighted) * SAFETY + rv_max
    return np.where(bad, np.inf, rad)


def _unit(u, x, r, sites, B, n):
    """Exact hard output of one ReLU unit, and the radius of its soft output."""
    pres = [lin([(w, x[c]) for c, w in ws.items()], b, shape=(B, n)) for ws, b in u.hidden]
    relu = [Col(np.where(p.N > 0, p.N, 0), p.d) for p in pres]
    cols = {t: lin([(v, h) for v, h in zip(vs, relu) if v != 0], c, shape=(B, n)) for t, (vs, c) in u.out.items()}
    if r is None:
        return {t: (col, None) for t, col in cols.items()}
    if u.round is not None:
        sites[u.round] = np.maximum(sites.get(u.round, 0.0), r[u.round].max(axis=1))
    inputs = sorted({c for ws, _ in u.hidden for c in ws if r[c].any()})
    zero = np.zeros((B, n))
    if not inputs:
        return {t: (col, zero) for t, col in cols.items()}
    # per hidden unit: pre-activation radius, and whether its interval straddles 0
    state = []
    for (ws, _b), p in zip(u.hidden, pres):
        rho = sum((float(abs(w)) * r[c] for c, w in ws.items() if c in inputs), zero.copy()) * SAFETY
        pf = p.floats()
        slack = np.abs(pf) * 2.0**-45
        cross = ((pf - rho < -slack) & (pf + rho > slack)) | ((p.N == 0) & (rho > 0)) | np.isinf(rho)
        state.append((rho, cross, (p.N > 0) & ~cross))
    out = {}
    for t, (vs, _c) in u.out.items():
        rad = zero.copy()
        for v, (rho, cross, _) in zip(vs, state):
            if v != 0:
                rad = rad + np.where(cross, float(abs(v)) * rho, 0.0)
        for cin in inputs:
            coef, absum = zero.copy(), zero.copy()
            for v, (ws, _), (_, _, on) in zip(vs, u.hidden, state):
                w = ws.get(cin)
                if w is not None and v != 0:
                    coef = coef + np.where(on, float(v * w), 0.0)
                    if Fraction(float(v * w)) != v * w:  # not a float: allow for its rounding
                        absum = absum + np.where(on, float(abs(v * w)), 0.0)
            bound = np.abs(coef) + absum * 2.0**-45  # sums of float-exact terms below 2^45 are exact
            with np.errstate(invalid="ignore"):
                rad = rad + np.where(bound > 0, bound * r[cin], 0.0)
        out[t] = (cols[t], rad * SAFETY)
    return out


def _pos(p: Col) -> np.ndarray:
    return p.N > 0
