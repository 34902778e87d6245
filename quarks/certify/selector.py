"""Evidence kind ``selector-route``: a dense selector's route for every irreducible operator of arity 4.

The four operands of an operator B (a table of 16 bits: bit z is B(z), z_i the bit i of z) get the
four codes of 2 bits and each a point of one of Lemma 5.1's lines (quarks.proofs.baldi.dense_encoding):
operand i a point p_i with bit i clear and B(p_i) != B(p_i + 2^i).  At code c_j XOR o (o = 1, 2, 3)
operand j sees the constant bit j of the point of the operand coded there; the three constants, in
the order o = 1, 2, 3, must not be one of the record's ``forbidden`` patterns.

Record: ``arity`` (4), ``forbidden`` (lists of three bits), ``operators`` (how many irreducible
operators of arity 4 there are, recounted here) and ``routes``, a hex string of three bytes per
irreducible operator in increasing order of its table: the codes of operands 0..3 (2 bits each, operand
0 lowest), then the points of operands 0..3 (4 bits each, operand 0 lowest) in two bytes, big-endian.
Valid when every operator's codes are the four codes and every point and pattern is as said; it then
holds (a route is a witness: a table cannot assert that none exists).  Fixed size: 2^16 tables.
"""
from __future__ import annotations

import numpy as np

from quarks.certify.base import CertificateError, CheckContext, Outcome

ARITY = 4
TABLES = 1 << (1 << ARITY)


def irreducible_tables() -> np.ndarray:
    """The tables of the operators of arity 4 that depend on each argument, increasing."""
    B = np.arange(TABLES, dtype=np.int64)
    bits = (B[:, None] >> np.arange(1 << ARITY)) & 1
    keep = np.ones(TABLES, dtype=bool)
    for i in range(ARITY):
        low = [z for z in range(1 << ARITY) if not z >> i & 1]
        keep &= (bits[:, low] != bits[:, [z | 1 << i for z in low]]).any(axis=1)
    return B[keep]


def _patterns(forbidden) -> set:
    if not isinstance(forbidden, list) or len(forbidden) > 8:
        raise CertificateError("forbidden must be a list of at most 8 patterns")
    out = set()
    for p in forbidden:
        if not (isinstance(p, list) and len(p) == 3 and all(b in (0, 1) and not isinstance(b, bool) for b in p)):
            raise CertificateError("a forbidden pattern is a list of three bits")
        out.add(p[0] | p[1] << 1 | p[2] << 2)
    return out


def route_problem(ops: np.ndarray, raw: np.ndarray, forbidden: set) -> str | None:
    """None when row r of ``raw`` (three bytes) is a route for the operator ``ops[r]``, for every r; else
    the first failure."""
    rows = np.arange(len(ops))
    codes = np.stack([(raw[:, 0] >> (2 * i)) & 3 for i in range(ARITY)], axis=1)
    word = raw[:, 1] << 8 | raw[:, 2]
    points = np.stack([(word >> (4 * i)) & 15 for i in range(ARITY)], axis=1)
    bad = ~(np.sort(codes, axis=1) == np.arange(ARITY)).all(axis=1)
    for i in range(ARITY):
        p = points[:, i]
        bad |= (p >> i & 1) == 1
        bad |= (ops >> p & 1) == (ops >> (p | 1 << i) & 1)
    who = np.argsort(codes, axis=1)   # the operand at each code (codes a permutation where not bad)
    for j in range(ARITY):
        seen = np.zeros(len(ops), dtype=np.int64)
        for o in (1, 2, 3):
            there = who[rows, codes[:, j] ^ o]
            seen |= (points[rows, there] >> j & 1) << (o - 1)
        for f in forbidden:
            bad |= seen == f
    if bad.any():
        r = int(np.flatnonzero(bad)[0])
        return f"operator {int(ops[r]):#06x}: no route (codes {codes[r].tolist()}, points {points[r].tolist()})"
    return None


def check_selector_route(record: dict, ctx: CheckContext) -> Outcome:
    if record.get("arity") != ARITY or isinstance(record.get("arity"), bool):
        raise CertificateError(f"selector-route records are of arity {ARITY}")
    forbidden = _patterns(record.get("forbidden"))
    text = record.get("routes")
    if not isinstance(text, str) or len(text) > 6 * TABLES:
        raise CertificateError(f"routes must be a hex string of at most {3 * TABLES} bytes")
    try:
        data = bytes.fromhex(text)
    except ValueError:
        raise CertificateError("routes is not a hex string") from None
    ctx.budget.case(TABLES)
    ops = irreducible_tables()
    if record.get("operators") != len(ops):
        return Outcome(False, False, f"recorded {record.get('operators')} operators, counted {len(ops)}")
    if len(data) != 3 * len(ops):
        return Outcome(False, False, f"{len(data)} bytes of routes for {len(ops)} operators (3 each)")
    raw = np.frombuffer(data, dtype=np.uint8).reshape(-1, 3).astype(np.int64)
    problem = route_problem(ops, raw, forbidden)
    if problem:
        return Outcome(False, False, problem)
    return Outcome(True, True, f"a route for each of the {len(ops)} irreducible operators of arity {ARITY}")
