"""The data of the halves count for Coq's checker (Halves.v), decided by exact LPs.

Starting from T(0;d) = both constants, level m+1 lists T(m+1;d) as the pairs (a, b) of level m
that are in T(m+1;d), each pair decided by a certificate (a realization's coefficients on the masks
of degree <= d, or Farkas multipliers), in the order of Coq's ``allpairs``.  The orbits of the last
level under input negations, adjacent transpositions and output negation give representatives, and
each member gets a word of generators from its representative.  :mod:`quarks.coq.halves` writes
this data as a Coq theory.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from quarks.solvers.halves import decide_all, features, monomials


@dataclass
class Decided:
    """Tables of m variables with their certificates and membership: ("real", cs), the
    coefficients on the masks, or ("fark", [(k, u_k), ..]), the Farkas multipliers."""

    m: int
    tables: list
    member: list
    certs: list


@dataclass
class HalvesData:
    n: int                      # the halves have n variables; the count is |T(n+1;d)|
    degree: int
    levels: list                # Decided, one per level 1..n
    members: list               # L_n, in the checker's order
    reps: list                  # (table, Decided over r ++ b for b in L_n)
    assign: list                # (word, representative index) per member of L_n
    count: int
    figures: dict = field(default_factory=dict)


def decide(tables: list, m: int, d: int) -> Decided:
    """A realization or Farkas certificate for each table of m variables."""
    masks = monomials(m, d)
    phi = features(m, masks)
    ones = (1 << (1 << m)) - 1             # the constant 1 (no false point: the LP is unbounded)
    fs = np.array([t for t in tables if t != ones], np.int64)
    member, coeffs, duals = decide_all(fs, m, phi, False) if len(fs) else (np.zeros(0, bool), None, None)
    certs, members, i = [], [], -1
    for t in tables:
        if t == ones:
            certs.append(("real", [1] + [0] * len(masks)))
            members.append(True)
            continue
        i += 1
        members.append(bool(member[i]))
        if member[i]:
            c = [int(x) for x in coeffs[i].tolist()]    # [sum c_k phi_k >= t] <=> [1 - t + sum c_k phi_k > 0]
            certs.append(("real", [1 - c[-1]] + c[:-1]))
        else:
            w = [int(x) for x in duals[i].tolist()]
            certs.append(("fark", [(k, w[k]) for k in range(1 << m) if w[k]]))
    return Decided(m, list(tables), members, certs)


def next_level(L: list, m: int, d: int) -> Decided:
    """Every pair (a, b) of tables of m variables, as a table of m + 1 variables (allpairs order)."""
    return decide([a | (b << (1 << m)) for a in L for b in L], m + 1, d)


def gen_table(g: tuple, t: int, m: int) -> int:
    """Halves.gen_table: ('neg', i): t'(k) = t(k xor 2^i); ('swap', i, j): t'(k) = t(k with bits
    i, j exchanged); ('cmp',): the complement."""
    if g[0] == "cmp":
        return t ^ ((1 << (1 << m)) - 1)
    out = 0
    for k in range(1 << m):
        if g[0] == "neg":
            src = k ^ (1 << g[1])
        else:
            i, j = g[1], g[2]
            src = k if ((k >> i) & 1) == ((k >> j) & 1) else k ^ ((1 << i) | (1 << j))
        out |= ((t >> src) & 1) << k
    return out


def orbit_words(r: int, m: int) -> dict:
    """Every table w.r of the orbit of r, with a word w (applied right to left, as act_table)."""
    gens = [("neg", i) for i in range(m)] + [("swap", i, i + 1) for i in range(m - 1)] + [("cmp",)]
    words, frontier = {r: []}, [r]
    while frontier:
        nxt = []
        for u in frontier:
            for g in gens:
                v = gen_table(g, u, m)
                if v not in words:
                    words[v] = [g] + words[u]
                    nxt.append(v)
        frontier = nxt
    return words


def representatives(n: int, d: int) -> tuple[list, list, list, list]:
    """Levels T(1;d)..T(n;d) with their certificates, the members L of T(n;d), its orbit
    representatives, and per member (word, representative index) with word . rep = member."""
    L, levels = [0, 1], []
    for m in range(n):
        lv = next_level(L, m, d)
        levels.append(lv)
        L = [t for t, b in zip(lv.tables, lv.member) if b]
    index = {t: i for i, t in enumerate(L)}
    assign: list = [None] * len(L)
    reps: list = []
    for t in L:
        if assign[index[t]] is None:
            for u, w in orbit_words(t, n).items():
                assign[index[u]] = (w, len(reps))      # KeyError here would mean T(n;d) is not closed
            reps.append(t)
    return levels, L, reps, assign


def halves_data(n: int, d: int) -> HalvesData:
    """All the data for |T(n+1;d)|: levels 1..n, representatives, words."""
    levels, L, rep_tables, assign = representatives(n, d)
    reps = [(t, decide([t | (b << (1 << n)) for b in L], n + 1, d)) for t in rep_tables]
    counts = [sum(dec.member) for _, dec in reps]
    count = sum(counts[i] for _, i in assign)
    figures = {"level_certificates": sum(len(lv.certs) for lv in levels), "members": len(L),
               "representatives": len(reps), "top_certificates": sum(len(dec.certs) for _, dec in reps)}
    return HalvesData(n, d, levels, L, reps, assign, count, figures)
