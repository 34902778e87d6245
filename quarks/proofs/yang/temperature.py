"""How hot may the softmax be?  The largest certified temperature, and a construction run too hot.

``yang.temperature-table`` (exploration): for each construction and n, the largest multiple of our
tau(n) (on a grid of 1/4) at which every word of length n still certifies, with evidence that the
next grid point does not.  ``yang.thm15-hot`` is a refuted variant: the since-construction at
tau(n) = 1/n (c = 1) leaves a value before rounding more than 1/4 from its Boolean (arb-certain).
"""
from __future__ import annotations

from fractions import Fraction

from ...claim import Claim, Source, Verdict
from ...evidence import exhaustive
from ...ltl.check import largest_factor
from .common import check_construction

CONSTRUCTIONS = {
    "Y": ("Y a", "temperature"),
    "S": ("!b S a", "temperature"),
    "U": ("!b U a", "temperature"),
    "sign": ("#left[a] > #left[b]", "temperature"),
    "lookup": ("ODD(#left[a])", "temperature"),
}


def check_table(instance) -> Verdict:
    formula, variant = CONSTRUCTIONS[instance["construction"]]
    step = Fraction(instance.get("step", "1/4"))
    rows, records = [], []
    for n in range(2, instance["n"] + 1):
        best = largest_factor(formula, "ab", n, variant, "2", step)
        if best is None:
            return Verdict.refuted(f"n={n}: not certified even at {step} tau(n)", {"n": n})
        lo, hi = str(best), str(best + step)
        records.append(exhaustive("quarks.ltl.check:temperature_edge", formula=formula, alphabet="ab", n=n,
                                  variant=variant, c="2", lo=lo, hi=hi))
        rows.append([n, lo])
    if all(r["result"]["holds"] for r in records):
        return Verdict.verified(f"{formula}: largest certified factor of its tau(n) per n: {rows}", records,
                                table=rows)
    return Verdict.inconclusive("table not reproducible", records)


temperature_table = Claim(
    id="yang.temperature-table",
    source=Source("004", "Theorems 12, 15, 20 (temperature)"),
    statement="For each construction and length n, the largest temperature (as a multiple k/4 of our "
              "tau(n) = 1/(2n)) at which every word of length n is certified, with the next grid point failing.",
    latex=r"\max\{k/4 : \text{certified at } \tfrac{k}{4}\tau(n)\}",
    kind="exploration",
    instances={"quick": [{"construction": "S", "n": 6}],
               "full": [{"construction": k, "n": 12} for k in CONSTRUCTIONS]},
    check=check_table,
    size="n",
)


thm15_hot = Claim(
    id="yang.thm15-hot",
    source=Source("004", "Theorem 15 (temperature too high)"),
    statement="Refuted variant: the since-construction at temperature tau(n) = 1/n (c = 1) keeps every value "
              "before rounding within 1/4 of its exact Boolean.",
    latex=r"\tau(n)=1/n",
    kind="construction",
    expected="refuted",
    variant="temperature too high",
    instances={"quick": [{"formula": "!b S a", "alphabet": "ab", "n": 6, "variant": "temperature", "c": "1"}],
               "full": [{"formula": "!b S a", "alphabet": "ab", "n": 10, "variant": "unbounded", "c": "1"},
                        {"formula": "!b S a", "alphabet": "ab", "n": 10, "variant": "temperature", "c": "1"}]},
    check=lambda inst: check_construction(inst, "SU"),
    note="With c = 1 the soft weights of the earlier candidates sum to about e^-1/(1-e^-1) = 0.58 > 1/4.",
)
