"""Exact checker for a count of T(n;d) by halves (evidence kind ``halves-count``).

The record states ``n``, ``degree``, ``count`` and the figures a reader is shown (``pairs``,
``realizable_pairs``, ``representatives``, each re-derived here); its payload (an ``.npz`` side file, sha256 in the
record) holds witnesses only.  Independently of the code that found them, the checker

1. establishes T(m;d), m = n - 1: every m-variable function has a realization (integer
   coefficients c_S, |S| <= d, and t with f(x) = [sum_S c_S x^S >= t]) or Farkas multipliers
   (non-negative, positive total, equal sums of every monomial of degree <= d over true and false
   points), checked on all 2^(2^m) functions;
2. rebuilds the group G (permutations and negations of the m inputs, negation of the output), the
   G-orbits of T(m;d) with their sizes, and for each orbit representative r (its least table) the
   orbits of its stabilizer G_r on T(m;d), and requires the payload's pairs to be exactly these;
3. checks each pair (r, g) = r | g << 2^m by its witness on the 2^n points;
4. recounts sum_r |orbit(r)| sum_O |O| [(r, g_O) realizable] and compares with ``count``.

Soundness rests on three facts stated in notes/threshold.md: restricting a realization to
x_n = 0 or 1 realizes the halves (so both halves lie in T(m;d)); G acting on both halves at once
preserves T(n;d); and the sum over orbits counts each pair once.

No arithmetic can wrap.  Every payload array must have an integer (or, for memberships, boolean)
dtype, and its range is checked in Python integers (``int(a.min())``, ``int(a.max())`` are exact
for any integer dtype) before it is cast to int64: coefficients and multipliers lie in
(-2^40, 2^40), tables and indices in [0, 2^32).  A row has at most 2^5 = 32 entries (n <= 5), each
product with a 0/1 monomial or a sign is below 2^40 in size, so every dot product is below
32 * 2^40 = 2^45 < 2^63.  The final recount is done in Python integers.
"""
from __future__ import annotations

import itertools

import numpy as np

from quarks.certify.base import LIMITS, CertificateError, Outcome, load_npz

CHUNK = 1 << 18
LIMIT = 1 << 40  # |coefficient| and |multiplier| bound: sums over <= 2^5 points stay far below 2^63


def _group(m: int):
    ys = np.arange(1 << m)
    out = []
    for perm in itertools.permutations(range(m)):
        img = np.zeros_like(ys)
        for j, pj in enumerate(perm):
            img |= ((ys >> pj) & 1) << j
        for s in range(1 << m):
            for nu in (0, 1):
                out.append((img ^ s, nu))
    return out


def _image(g, tables, m):
    sigma, nu = g
    bits = (tables[:, None] >> sigma[None, :]) & 1
    out = (bits << np.arange(1 << m)[None, :]).sum(axis=1)
    return out ^ (((1 << (1 << m)) - 1) if nu else 0)


def _least(tables, group, m):
    """Least image under the group; each element applied through lookups on the table's bytes."""
    v = np.arange(256, dtype=np.int64)
    best = tables.copy()
    for sigma, nu in group:
        low, high = np.zeros(256, np.int64), np.zeros(256, np.int64)
        for y, s in enumerate(sigma):
            (low if s < 8 else high)[:] |= ((v >> (s % 8)) & 1) << y
        image = low[tables & 255] | high[tables >> 8]
        if nu:
            image ^= (1 << (1 << m)) - 1
        np.minimum(best, image, out=best)
    return best


def _phi(n: int, d: int) -> np.ndarray:
    """Monomials x^S, 1 <= |S| <= d, on the 2^n points; column 0 is the constant 1."""
    masks = [0] + [S for S in range(1, 1 << n) if bin(S).count("1") <= d]
    x = np.arange(1 << n)[:, None]
    return ((x & np.array(masks)[None, :]) == np.array(masks)[None, :]).astype(np.int64)


def _labels(tables: np.ndarray, n: int) -> np.ndarray:
    return ((tables[:, None] >> np.arange(1 << n)[None, :]) & 1).astype(bool)


def realizations_hold(tables, coeffs, n, d) -> np.ndarray:
    """Per row: [sum_k c_k phi_k(x) >= t] equals the table at every point (coeffs: c_1..c_M, t)."""
    phi = _phi(n, d)[:, 1:]
    if coeffs.shape[1] != phi.shape[1] + 1:
        raise CertificateError(f"realization rows need {phi.shape[1] + 1} entries, found {coeffs.shape[1]}")
    ok = np.zeros(len(tables), bool)
    for s in range(0, len(tables), CHUNK):
        c = coeffs[s:s + CHUNK].astype(np.int64)
        values = c[:, :-1] @ phi.T
        ok[s:s + CHUNK] = np.all((values >= c[:, -1:]) == _labels(tables[s:s + CHUNK], n), axis=1)
    return ok


def farkas_hold(tables, duals, n, d) -> np.ndarray:
    """Per row: multipliers >= 0, some > 0, and sum over true points of u x^S equals the sum over
    false points for every |S| <= d (S = {} included: equal totals)."""
    phi = _phi(n, d)
    if duals.shape[1] != 1 << n:
        raise CertificateError(f"multiplier rows need {1 << n} entries, found {duals.shape[1]}")
    ok = np.zeros(len(tables), bool)
    for s in range(0, len(tables), CHUNK):
        u = duals[s:s + CHUNK].astype(np.int64)
        sign = np.where(_labels(tables[s:s + CHUNK], n), 1, -1)
        ok[s:s + CHUNK] = (np.all(u >= 0, axis=1) & np.any(u > 0, axis=1)
                             & np.all((u * sign) @ phi == 0, axis=1))
    return ok


def inline_npz(text) -> dict:
    """An .npz given inline (base64), before the certificate is written."""
    import base64
    import binascii

    if not isinstance(text, str) or len(text) > (LIMITS.payload_bytes * 4) // 3 + 4:
        raise CertificateError("inline .npz must be a base64 string within the payload limit")
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise CertificateError("inline .npz is not base64") from None
    return load_npz(raw, LIMITS.npz_bytes, "inline")


def integer(record: dict, key: str) -> int:
    """record[key], which must be a JSON integer (not a bool, string or float)."""
    v = record.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise CertificateError(f"{key} must be an integer")
    return v


def _ints(P: dict, key: str, lo: int, hi: int, ndim: int = 1) -> np.ndarray:
    """P[key] as int64, after checking in Python integers that it is an integer array in [lo, hi)."""
    a = np.asarray(P[key])
    if a.dtype.kind not in "iu" or a.ndim != ndim:
        raise CertificateError(f"payload array {key} must be {ndim}-dimensional integers, not {a.dtype} {a.shape}")
    if a.size and not (lo <= int(a.min()) and int(a.max()) < hi):
        raise CertificateError(f"payload array {key} has an entry outside [{lo}, {hi})")
    return a.astype(np.int64)


def _bools(P: dict, key: str) -> np.ndarray:
    a = np.asarray(P[key])
    if a.dtype.kind != "b" or a.ndim != 1:
        raise CertificateError(f"payload array {key} must be one-dimensional booleans")
    return a


def check_halves_count(record: dict, ctx) -> Outcome:
    n, d, count = integer(record, "n"), integer(record, "degree"), integer(record, "count")
    data = record.get("data")
    if not isinstance(data, dict):
        raise CertificateError("halves-count record needs a payload")
    if not 2 <= n <= 5 or not 1 <= d <= n:
        raise CertificateError(f"halves-count supports 2 <= n <= 5 and 1 <= d <= n, not n={n}, d={d}")
    if "npz_base64" in data:  # inline, before the certificate is written
        P = inline_npz(data["npz_base64"])
    elif isinstance(data.get("$payload"), dict) and data["$payload"].get("format") == "npz":
        P = ctx.load_payload(data["$payload"])
    else:
        raise CertificateError("halves-count data must be an .npz payload")
    need = ("low_tables", "low_member", "low_coeffs", "low_duals", "reps", "rep_orbit", "pair_rep", "pair_g",
            "pair_orbit", "pair_member", "pair_coeffs", "pair_duals")
    if any(k not in P for k in need):
        raise CertificateError(f"halves-count payload lacks {[k for k in need if k not in P]}")
    m, dm = n - 1, min(d, n - 1)
    # 1. T(m;d), every function decided by a witness
    low = _ints(P, "low_tables", 0, 1 << 32)
    if not np.array_equal(low, np.arange(1 << (1 << m))):
        return Outcome(False, False, f"the payload does not list all {1 << (1 << m)} functions of {m} variables")
    member = _bools(P, "low_member")
    lc, ld = _ints(P, "low_coeffs", -LIMIT + 1, LIMIT, 2), _ints(P, "low_duals", -LIMIT + 1, LIMIT, 2)
    if len(member) != len(low) or len(lc) != member.sum() or len(ld) != (~member).sum():
        return Outcome(False, False, "the witnesses of T(m;d) do not match its members")
    if not (realizations_hold(low[member], lc, m, dm).all() and farkas_hold(low[~member], ld, m, dm).all()):
        return Outcome(False, False, f"a witness for T({m};{dm}) fails")
    T = low[member]
    # 2. orbits and stabilizer orbits, rebuilt here
    group = _group(m)
    reps, sizes = np.unique(_least(T, group, m), return_counts=True)
    rep_parts, g_parts, size_parts = [], [], []
    for i, r in enumerate(reps):
        stab = [g for g in group if _image(g, np.array([r]), m)[0] == r]
        gs, gsz = np.unique(_least(T, stab, m), return_counts=True)
        rep_parts.append(np.full(len(gs), i))
        g_parts.append(gs)
        size_parts.append(gsz)
    want_rep, want_g, want_size = map(np.concatenate, (rep_parts, g_parts, size_parts))
    if not (np.array_equal(_ints(P, "reps", 0, 1 << 32), reps)
            and np.array_equal(_ints(P, "rep_orbit", 0, 1 << 32), sizes)):
        return Outcome(False, False, "the representatives or their orbit sizes differ from the group's")
    if not (np.array_equal(_ints(P, "pair_rep", 0, 1 << 32), want_rep)
            and np.array_equal(_ints(P, "pair_g", 0, 1 << 32), want_g)
            and np.array_equal(_ints(P, "pair_orbit", 0, 1 << 32), want_size)):
        return Outcome(False, False, "the payload's pairs are not the orbits of pairs under the stabilizers")
    # 3. every pair by its witness
    pm = _bools(P, "pair_member")
    pc, pd = _ints(P, "pair_coeffs", -LIMIT + 1, LIMIT, 2), _ints(P, "pair_duals", -LIMIT + 1, LIMIT, 2)
    if len(pm) != len(want_g) or len(pc) != pm.sum() or len(pd) != (~pm).sum():
        return Outcome(False, False, "the pair witnesses do not match the pairs")
    fs = reps[want_rep] | (want_g << (1 << m))
    if not realizations_hold(fs[pm], pc, n, d).all():
        return Outcome(False, False, "a realization of a pair fails")
    if not farkas_hold(fs[~pm], pd, n, d).all():
        return Outcome(False, False, "a Farkas certificate of a pair fails")
    # 4. the recount
    weights = sizes[want_rep].astype(object) * want_size.astype(object)
    recount = int(sum(weights[pm]))
    if recount != count:
        return Outcome(False, False, f"the witnesses count {recount:,}, the record says {count:,}")
    derived = {"pairs": int(len(pm)), "realizable_pairs": int(pm.sum()), "representatives": int(len(reps))}
    for key, value in derived.items():   # what a reader is shown must be what the witnesses give
        if record.get(key) != value:
            return Outcome(False, False, f"{key}: recorded {record.get(key)!r}, the witnesses give {value:,}")
    return Outcome(True, True, f"|T({n};{d})| = {count:,}: {len(T):,} members of T({m};{dm}) and "
                               f"{len(pm):,} orbits of pairs, each by its witness", derived)
