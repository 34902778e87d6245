"""|T(n+1;d)| by halves, proved by Coq's kernel (Halves.v, ``halves_count``).

The data Coq checks (``check_halves n d data = Some count``):

* the levels: starting from T(0;d) = both constants, the list L_{m+1} of T(m+1;d) is
  [a ++ b | a <- L_m, b <- L_m, (a, b) in T(m+1;d)], each pair decided by a certificate
  (``Real cs``: coefficients on the masks of degree <= d, f = [p > 0]; ``Fark u``: Farkas
  multipliers), in the order of ``allpairs``;
* the representatives r of the orbits of L_n under input negations, adjacent transpositions
  and output negation, each with one certificate per table r ++ b, b in L_n;
* for every member t of L_n, a word w of generators and the representative r with w.r = t.

Truth tables are integers (bit k = f at the point with index k; the halves of f are
``f & mask`` and ``f >> 2^m``) and are written as Coq ``list bool``; the certificates are
packed into 63-bit words (quarks.coq_pack, Packed.v).  :func:`theory_text` writes the data file ``HalvesT{n+1}_{d}.v`` whose theorem ``card_T{n+1}_{d}`` is stated from n, d and the
count only.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .coq_pack import pack_certs, words_text
from .solvers.halves import _decide_all, features, monomials

CHUNK = 2048


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
    member, coeffs, duals = _decide_all(fs, m, phi, False) if len(fs) else (np.zeros(0, bool), None, None)
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


def _bools(t: int, m: int) -> str:
    return "[:: " + "; ".join("true" if (t >> k) & 1 else "false" for k in range(1 << m)) + "]"


def _word(w: list) -> str:
    def one(g):
        return {"neg": lambda: f"Neg {g[1]}", "swap": lambda: f"Swap {g[1]} {g[2]}", "cmp": lambda: "Cmp"}[g[0]]()
    return "[:: " + "; ".join(one(g) for g in w) + "]"


def _chunked(name: str, typ: str, items: list, scope: str = "%Z") -> tuple[list, str]:
    """Definitions name_00, name_01, .. of at most CHUNK items each, and their concatenation."""
    defs, parts = [], []
    for i, lo in enumerate(range(0, max(len(items), 1), CHUNK)):
        part = f"{name}_{i:02d}"
        defs.append(f"Definition {part} : list {typ} := [::\n  " + ";\n  ".join(items[lo:lo + CHUNK]) + "]" + scope + ".\n")
        parts.append(part)
    return defs, f"Definition {name} : list {typ} := {' ++ '.join(parts)}.\n"


def _packed(name: str, certs: list) -> str:
    """``Definition name : list cert`` from packed words (Packed.v's ``unpack_certs``)."""
    return f"Definition {name} : list cert :=\n  unpack_certs {len(certs)}\n  {words_text(pack_certs(certs))}.\n"


HEADER = """Set Warnings "-notation-overridden,-ambiguous-paths".
From Coq Require Import ZArith NArith Uint63.
From mathcomp Require Import ssreflect ssrbool ssrnat seq eqtype fintype finset.
From Quarks Require Import Threshold Classify Halves Packed.
Import ssrnat.
"""


def theory_name(n: int, d: int) -> str:
    return f"HalvesT{n + 1}_{d}"


def theory_text(data: HalvesData, count: int) -> str:
    """The Coq file proving #|T(n+1;d)| = count from the data (the theorem is written from n, d and
    count, never from the data)."""
    n, d = data.n, data.degree
    out = [f"(** * |T({n + 1};{d})| = {count} by halves of {n} variables (generated data, do not edit).\n\n"
           f"    Generated by quarks.coq_halves: {data.figures['level_certificates']} certificates for the "
           f"levels T(1;{d}) .. T({n};{d}),\n    {data.figures['representatives']} orbit representatives with "
           f"{data.figures['top_certificates']} certificates, packed into 63-bit words (Packed.v).\n"
           f"    [check] runs Halves.v's [check_halves] on them by vm_compute; [card_T{n + 1}_{d}] is the "
           f"count. *)\n", HEADER, "\n"]
    names = []
    for lv in data.levels:
        out.append(_packed(f"level{lv.m}", lv.certs))
        names.append(f"level{lv.m}")
    reps = []
    for i, (r, dec) in enumerate(data.reps):
        out.append(_packed(f"rep{i}", dec.certs))
        reps.append(f"({_bools(r, n)}, rep{i})")
    out.append("\nDefinition reps : list (list bool * list cert) := [::\n  " + ";\n  ".join(reps) + "].\n\n")
    defs, cat = _chunked("assign", "(list gen * nat)", [f"({_word(w)}, {i})" for w, i in data.assign], "")
    out += defs + [cat]
    out.append(f"\nDefinition data : halves_data := ([:: {'; '.join(names)}], reps, assign).\n\n"
               f"(** Every certificate is valid (Checker.v), every word maps its representative to its member. *)\n"
               f"Lemma check : check_halves {n} {d} data = Some (Npos {count}%positive).\n"
               f"Proof. vm_cast_no_check (@Logic.eq_refl _ (Some (Npos {count}%positive))). Qed.\n\n"
               f"(** The binary count as a nat (compared in binary: a unary {count} is too deep for the kernel). *)\n"
               f"Lemma count_nat : N.to_nat (Npos {count}%positive) = {count}.\n"
               f"Proof.\n"
               f"apply: Nnat.Nat2N.inj; rewrite Nnat.N2Nat.id.\n"
               f"vm_cast_no_check (@Logic.eq_refl _ (Npos {count}%positive)).\n"
               f"Qed.\n\n"
               f"(** |T({n + 1};{d})| = {count}. *)\n"
               f"Theorem card_T{n + 1}_{d} : #|T {n + 1} {d}| = {count}.\n"
               f"Proof. by rewrite (halves_count check) count_nat. Qed.\n")
    return "".join(out)


def compile_text(n: int, d: int, text: str) -> tuple[bool, str]:
    """Compile a generated file against the package's theories (built through the cache):
    (True, seconds) or (False, Coq's error).  Raises coq.CoqUnavailable without coqc."""
    import subprocess
    import tempfile
    import time
    from pathlib import Path

    from . import coq

    b = coq.build()
    if not b.ok:
        return False, f"the theories do not compile: {b.error}"
    name = theory_name(n, d)
    with tempfile.TemporaryDirectory(prefix="quarks-halves-") as tmp:
        (Path(tmp) / f"{name}.v").write_text(text)
        t0 = time.perf_counter()
        out = subprocess.run([coq.coqc(), "-q", "-w", "-all", "-R", str(b.directory), coq.LOGICAL,
                              "-R", ".", "QuarksHalves", f"{name}.v"], cwd=tmp, capture_output=True, text=True)
    if out.returncode:
        return False, " ".join((out.stderr or out.stdout).split())[:600]
    return True, f"{time.perf_counter() - t0:.1f} s"


def committed_text() -> str:
    """The committed data file HalvesT5_1.v (generated by ``theory_text(halves_data(4, 1), 94572)``)."""
    from . import coq

    return (coq.theory_path(f"{theory_name(4, 1)}.v")).read_text()


def write_committed() -> None:
    """Regenerate HalvesT5_1.v in the theories (``python -c 'from quarks import coq_halves as c;
    c.write_committed()'``); tests/test_coq_halves.py checks that the committed file is this one."""
    from . import coq
    from .fileio import atomic_write

    data = halves_data(4, 1)
    atomic_write(coq.theory_path(f"{theory_name(4, 1)}.v"), theory_text(data, 94572))
