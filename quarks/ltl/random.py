"""Seeded random formulas of TL[#] of bounded depth, and their exhaustive check as one family.

``random_formula(seed, depth, fragment)`` draws a formula over the whole supported syntax of a
fragment:

``full``       ! & | Y X S U Ss Us, counts #left / #right in linear comparisons, predicates
               ODD / EVEN / MOD_k / MOD_k_r on pos and on counts;
``past``       the same without X, U, Us and #right (future-masked models);
``temporal``   ! & | Y X S U Ss Us (no counting);
``past-temporal``  ! & | Y S Ss.

Depth is :func:`quarks.ltl.syntax.depth` of the parsed formula (a count adds none, a comparison or
predicate adds one); every drawn formula has depth <= ``depth``.  The draw is a pure function of
``(seed, depth, fragment, alphabet)``, so a certificate can name formulas by seed.

``family_check`` compiles each drawn formula and runs :func:`quarks.ltl.check.exhaustive_check` on
every word up to ``max_len``.  A formula the compiler rejects is *reported* (``rejected``) and makes
``holds`` false: the theorems claim every formula of the fragment.
"""
from __future__ import annotations

import hashlib
import random as _random
from fractions import Fraction

FRAGMENTS = {
    "full": {"ops": ["!", "&", "|", "Y", "X", "S", "U", "Ss", "Us", "cmp", "pred"], "sides": ["left", "right"]},
    "past": {"ops": ["!", "&", "|", "Y", "S", "Ss", "cmp", "pred"], "sides": ["left"]},
    "temporal": {"ops": ["!", "&", "|", "Y", "X", "S", "U", "Ss", "Us"], "sides": []},
    "past-temporal": {"ops": ["!", "&", "|", "Y", "S", "Ss"], "sides": []},
}
PREDICATES = ["ODD", "EVEN", "MOD_3", "MOD_3_1", "MOD_4_2"]
CMP = ["<", "<=", "=", "!=", ">=", ">"]


def random_formula(seed: int, depth: int = 4, fragment: str = "full", alphabet: str = "ab") -> str:
    """A formula of depth <= ``depth`` drawn from ``fragment`` by ``random.Random(seed)``."""
    if fragment not in FRAGMENTS:
        raise ValueError(f"unknown fragment {fragment!r}")
    ops, sides = FRAGMENTS[fragment]["ops"], FRAGMENTS[fragment]["sides"]
    rng = _random.Random(f"{seed}:{depth}:{fragment}:{alphabet}")

    def count(d):
        return f"#{rng.choice(sides)}[{gen(d)}]"

    def gen(d):
        if d <= 1 or (d < depth and rng.random() < 0.15):
            if sides and rng.random() < 0.1:
                return f"{rng.choice(PREDICATES)}(pos)"
            return rng.choice(alphabet)
        op = rng.choice(ops)
        if op == "!":
            return f"!{gen(d - 1)}"
        if op in ("Y", "X"):
            return f"{op} {gen(d - 1)}"
        if op in ("&", "|", "S", "U", "Ss", "Us"):
            return f"({gen(d - 1)} {op} {gen(d - 1)})"
        if op == "pred":
            return f"{rng.choice(PREDICATES)}({count(d - 1)})"
        # a linear comparison of one or two counts (coefficients 1, 2, 3) and a small constant
        left = f"{rng.choice(['', '2*', '3*'])}{count(d - 1)}"
        right = f"{rng.choice(['', '2*'])}{count(d - 1)}" if rng.random() < 0.7 else ""
        const = rng.choice([-1, 0, 0, 1, 2])
        if not right:
            right = str(max(const, 0))
        elif const:
            right += f" + {const}" if const > 0 else f" - {-const}"
        return f"({left} {rng.choice(CMP)} {right})"

    return gen(depth)


def family(seeds, depth: int = 4, fragment: str = "full", alphabet: str = "ab") -> list:
    """The formulas drawn for the given seeds."""
    return [random_formula(s, depth, fragment, alphabet) for s in seeds]


def family_check(seeds, depth: int, fragment: str, variant: str, max_len: int, alphabet: str = "ab",
                 c="2") -> dict:
    """Compile each drawn formula in ``variant`` and check it on every word of length <= max_len
    (hard model exact, softmax certified).  ``holds``: every formula compiles and checks."""
    from quarks.ltl.check import exhaustive_check
    from quarks.ltl.compile import CompileError, compile_formula
    from quarks.ltl.syntax import depth as depth_of
    from quarks.ltl.syntax import parse

    h = hashlib.sha256()
    rows, rejected, failures, cases, margin = [], [], [], 0, 0.25
    for s in seeds:
        text = random_formula(s, depth, fragment, alphabet)
        f = parse(text)
        if depth_of(f) > depth:
            raise AssertionError(f"seed {s}: drew depth {depth_of(f)} > {depth}")
        try:
            compile_formula(f, list(alphabet), variant, Fraction(c))
        except CompileError as exc:
            rejected.append({"seed": s, "formula": text, "reason": str(exc)})
            h.update(f"{s}:{text}:rejected\n".encode())
            continue
        r = exhaustive_check(text, alphabet, max_len, variant, c)
        cases += r["cases"]
        margin = min(margin, r["margin"])
        h.update(f"{s}:{text}:{r['digest']}:{r['holds']}\n".encode())
        rows.append({"seed": s, "formula": text, "layers": r["layers"], "words": r["cases"],
                     "margin": round(r["margin"], 6), "holds": r["holds"]})
        if not r["holds"]:
            failures.append({"seed": s, "formula": text, **r["failure"]})
    return {"cases": cases, "holds": not rejected and not failures, "digest": h.hexdigest(),
            "margin": margin, "formulas": rows, "rejected": rejected, "failures": failures}
