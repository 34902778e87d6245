"""Exact checker for a count of T(n;d) by halves (evidence kind ``halves-count``).

The record states ``n``, ``degree`` and ``count``; its payload (an ``.npz`` side file, sha256 in the
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
preserves T(n;d); and the sum over orbits counts each pair once.  Numpy integer arithmetic only,
with the magnitudes bounded so that no int64 overflows.
"""
from __future__ import annotations

import itertools

import numpy as np

from ..evidence import CertificateError, Outcome

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


def _inline(text: str) -> dict:
    import base64
    import io

    try:
        with np.load(io.BytesIO(base64.b64decode(text)), allow_pickle=False) as z:
            return {k: z[k] for k in z.files}
    except Exception as exc:  # noqa: BLE001 - any unreadable archive is a bad record
        raise CertificateError(f"inline .npz unreadable: {exc}") from None


def _bounded(*arrays) -> None:
    for a in arrays:
        if a.size and int(np.abs(a.astype(np.int64)).max()) >= LIMIT:
            raise CertificateError("a witness entry exceeds 2^40")


def check_halves_count(record: dict, ctx) -> Outcome:
    try:
        n, d, count = int(record["n"]), int(record["degree"]), int(record["count"])
        data = dict(record["data"])
    except (KeyError, TypeError, ValueError):
        raise CertificateError("halves-count record needs n, degree, count and a payload") from None
    if not 2 <= n <= 5 or not 1 <= d <= n:
        raise CertificateError(f"halves-count supports 2 <= n <= 5 and 1 <= d <= n, not n={n}, d={d}")
    if "npz_base64" in data:  # inline, before the certificate is written
        P = _inline(data["npz_base64"])
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
    low = np.asarray(P["low_tables"], np.int64)
    if not np.array_equal(low, np.arange(1 << (1 << m))):
        return Outcome(False, False, f"the payload does not list all {1 << (1 << m)} functions of {m} variables")
    member = np.asarray(P["low_member"], bool)
    lc, ld = np.asarray(P["low_coeffs"]), np.asarray(P["low_duals"])
    _bounded(lc, ld)
    if len(lc) != member.sum() or len(ld) != (~member).sum():
        return Outcome(False, False, "the witnesses of T(m;d) do not match its members")
    if not (realizations_hold(low[member], lc, m, dm).all() and farkas_hold(low[~member], ld, m, dm).all()):
        return Outcome(False, False, f"a witness for T({m};{dm}) fails")
    T = low[member]
    # 2. orbits and stabilizer orbits, rebuilt here
    group = _group(m)
    reps, sizes = np.unique(_least(T, group, m), return_counts=True)
    want_rep, want_g, want_size = [], [], []
    for i, r in enumerate(reps):
        stab = [g for g in group if _image(g, np.array([r]), m)[0] == r]
        gs, gsz = np.unique(_least(T, stab, m), return_counts=True)
        want_rep.append(np.full(len(gs), i))
        want_g.append(gs)
        want_size.append(gsz)
    want_rep, want_g, want_size = map(np.concatenate, (want_rep, want_g, want_size))
    if not (np.array_equal(np.asarray(P["reps"], np.int64), reps)
            and np.array_equal(np.asarray(P["rep_orbit"], np.int64), sizes)):
        return Outcome(False, False, "the representatives or their orbit sizes differ from the group's")
    if not (np.array_equal(np.asarray(P["pair_rep"], np.int64), want_rep)
            and np.array_equal(np.asarray(P["pair_g"], np.int64), want_g)
            and np.array_equal(np.asarray(P["pair_orbit"], np.int64), want_size)):
        return Outcome(False, False, "the payload's pairs are not the orbits of pairs under the stabilizers")
    # 3. every pair by its witness
    pm = np.asarray(P["pair_member"], bool)
    pc, pd = np.asarray(P["pair_coeffs"]), np.asarray(P["pair_duals"])
    _bounded(pc, pd)
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
    return Outcome(True, True, f"|T({n};{d})| = {count:,}: {len(T):,} members of T({m};{dm}) and "
                               f"{len(pm):,} orbits of pairs, each by its witness")
