"""Shared check of the compiler theorems: exhaustive and random-string runs as evidence."""
from __future__ import annotations

import random
from fractions import Fraction

from quarks.certificates.evidence import exhaustive
from quarks.claims.claim import Verdict
from quarks.ltl.count_blocks import bcompile, bcompile_b, mcompile
from quarks.ltl.parts import CompileError
from quarks.ltl.syntax import Compare, Count, Next, Pred, Prev, Since, Until, parse, subformulas

FRAGMENTS = {
    "YX": {Prev, Next},
    "Y": {Prev},
    "SU": {Prev, Next, Since, Until},
    "S": {Prev, Since},
    "count": {Prev, Next, Since, Until, Compare, Pred},
    "count-past": {Prev, Since, Compare, Pred},
}
TEMPORAL = (Prev, Next, Since, Until, Compare, Pred)


def in_fragment(formula: str, fragment: str) -> bool:
    allowed = FRAGMENTS[fragment]
    f = parse(formula)
    for g in subformulas(f):
        if isinstance(g, TEMPORAL) and type(g) not in allowed:
            return False
        if isinstance(g, Compare) and fragment == "count-past":
            if any(t.side == "right" for _, t in g.left.terms + g.right.terms):
                return False
        if isinstance(g, Pred) and isinstance(g.arg, Count) and g.arg.side == "right" and fragment == "count-past":
            return False
    return True


def random_formula(seed: int, depth: int, ops: list, alphabet: str = "ab") -> str:
    """A seeded random formula of depth <= depth built from the listed operators."""
    rng = random.Random(seed)

    def gen(d):
        if d <= 1 or rng.random() < 0.2:
            return rng.choice(list(alphabet))
        op = rng.choice(ops)
        if op in ("Y", "X", "!"):
            return f"{op} {gen(d - 1)}" if op != "!" else f"!{gen(d - 1)}"
        if op in ("&", "|", "S", "U", "Ss", "Us"):
            return f"({gen(d - 1)} {op} {gen(d - 1)})"
        if op == "ODD":
            return f"ODD(#left[{gen(d - 1)}])"
        if op == "cmp":
            return f"(#left[{gen(d - 1)}] >= #left[{gen(d - 1)}])"
        raise ValueError(op)

    return gen(depth)


def coq_network(formula: str, alphabet: str, variant: str, c) -> str | None:
    """The network the Coq counting theorems speak about for the instance, if its variant runs it (c = 2):
    at their 1/(2n), LTLCountCompile.v's ``bcompile`` (quarks.ltl.count_blocks) on tfrag, else ``mcompile``
    (comparisons mixing #left and #right, not causal); variant unbounded at tau = 1, LTLCountTau1.v's
    ``bcompile_b``; None otherwise."""
    if Fraction(c) != 2 or variant not in ("temperature", "causal-temperature", "unbounded"):
        return None
    causal = variant == "causal-temperature"
    builds = [("bcompile_b", lambda g, a, _c: bcompile_b(g, a))] if variant == "unbounded" else \
        [("bcompile", bcompile), ("mcompile", mcompile)]
    for name, build in builds:
        try:
            build(parse(formula), list(alphabet), causal)
        except CompileError:
            continue
        return name
    return None


def check_construction(instance: dict, fragment: str) -> Verdict:
    """The compiled transformer of the instance's formula agrees with the formula on every word
    (hard model exact; softmax model certified within 1/4 before every rounding); for counting
    formulas the Coq theorems compile, so does their network (bcompile on tfrag, else mcompile; bcompile_b
    for the unbounded variant)."""
    f, alpha = instance["formula"], instance["alphabet"]
    if not in_fragment(f, fragment):
        return Verdict.inconclusive(f"{f} is outside the fragment {fragment}")
    c = instance.get("c", "2")
    records = [exhaustive("quarks.ltl.check:exhaustive_check", formula=f, alphabet=alpha, max_len=instance["n"],
                          variant=instance["variant"], c=c, tau_factor=instance.get("tau_factor", "1"))]
    coq = coq_network(f, alpha, instance["variant"], c) if fragment.startswith("count") else None
    if coq:
        records.append(exhaustive("quarks.ltl.check:exhaustive_check", formula=f, alphabet=alpha,
                                  max_len=instance["n"], variant=instance["variant"], c=c,
                                  tau_factor=instance.get("tau_factor", "1"), network=coq))
    if "random" in instance:
        lengths, count, seed = instance["random"]
        records.append(exhaustive("quarks.ltl.check:random_check", formula=f, alphabet=alpha, lengths=lengths,
                                  count=count, seed=seed, variant=instance["variant"], c=c,
                                  tau_factor=instance.get("tau_factor", "1")))
    results = [r["result"] for r in records]
    cases = sum(r["result"]["cases"] for r in records if "network" not in r["args"])
    margin = min(r["margin"] for r in results)
    if all(r["holds"] for r in results):
        also = f"; so does the Coq theorems' network ({coq})" if coq else ""
        return Verdict.verified(f"{cases} words: hard model = formula, softmax certified (margin {margin:.4f}){also}",
                                records, margin=margin)
    failed = next(r for r in records if not r["result"]["holds"])
    fail = failed["result"]["failure"]
    word = fail["word"]
    # a certified bound that fails is not yet a refutation: look at the word in arb balls
    net = {"network": failed["args"]["network"]} if "network" in failed["args"] else {}
    rec = exhaustive("quarks.ltl.check:soft_site_check", formula=f, alphabet=alpha, word=word,
                     variant=instance["variant"], c=c, tau_factor=instance.get("tau_factor", "1"), **net)
    records.append(rec)
    if not fail["hard_matches_formula"] or not rec["result"]["holds"]:
        return Verdict.refuted(f"fails on {word!r}", {"word": word, **fail, **net, "arb_sites": rec["result"]["sites"]},
                               records)
    return Verdict.inconclusive(f"certification failed on {word!r} but arb balls do not show a violation", records)
