"""How hot may the softmax be?  The largest certified temperature, and a construction run too hot.

``yang.temperature-table`` (exploration): for each construction and n, the largest multiple of our
tau(n) (on a grid of 1/4) at which every word of length n still certifies, with evidence that the
next grid point does not.  ``yang.thm15-hot`` is a refuted variant: the since-construction at
tau(n) = 1/n (c = 1) leaves a value before rounding more than 1/4 from its Boolean (arb-certain).
"""
from __future__ import annotations

from fractions import Fraction

from quarks.certificates.evidence import exhaustive
from quarks.claims.claim import Claim, Source, Verdict
from quarks.ltl.check import largest_factor
from quarks.proofs.yang.common import check_construction

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
    recheck="evidence",   # too long to repeat in plain check-cert
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
    recheck="evidence",   # too long to repeat in plain check-cert
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


def check_order_n(instance) -> Verdict:
    """The largest certified temperature tau*(n) = k/4 * tau(n), tau(n) = 1/(2n), for n = 2..N, with the next
    grid point failing to certify; recorded against the order-1/n scaling of the remark: n tau*(n) <= 3 and
    tau*(N) < tau*(2)."""
    from quarks.certificates.evidence import arith

    formula, variant = CONSTRUCTIONS[instance["construction"]]
    step = Fraction(instance.get("step", "1/4"))
    values, facts, records, rows = {}, [], [], []
    for n in range(2, instance["n"] + 1):
        best = largest_factor(formula, "ab", n, variant, "2", step)
        if best is None:
            return Verdict.inconclusive(f"n={n}: not certified even at {step} tau(n)")
        records.append(exhaustive("quarks.ltl.check:temperature_edge", formula=formula, alphabet="ab", n=n,
                                  variant=variant, c="2", lo=str(best), hi=str(best + step)))
        values[f"t{n}"] = ["/", str(best), 2 * n]
        facts.append((f"n tau*(n) <= 3 at n = {n}", ["<=", ["*", n, f"t{n}"], 3]))
        rows.append([n, str(best / (2 * n)), str(best / 2)])
    facts.append(("tau*(N) < tau*(2): the largest temperature shrinks", ["<", f"t{instance['n']}", "t2"]))
    rec = arith(values, facts)
    records.append(rec)
    if not all(r["result"]["holds"] for r in records[:-1]):
        return Verdict.inconclusive("an edge of the table is not reproducible", records)
    summary = f"{formula}: [n, tau*(n), n tau*(n)] = {rows}"
    return Verdict.from_facts(records, summary, counterexample={"rows": rows})


temperature_order_n = Claim(
    id="yang.temperature-order-n",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "§4.3, remark after Corollary 18 (after Hahn 2020, Lemma 5): scaling of order n is needed"),
    statement="The largest temperature at which the constructions of Theorems 12 and 15 still certify on every "
              "word of length n shrinks like 1/n: n tau*(n) stays bounded (<= 3) and tau*(n) decreases, on the "
              "grid of k/4 multiples of tau(n) = 1/(2n).",
    latex=r"\tau^*(n)=\Theta(1/n)",
    kind="exploration",
    instances={"quick": [{"construction": "S", "n": 6}],
               "full": [{"construction": k, "n": 10} for k in ("Y", "S", "U")]},
    check=check_order_n,
    size="n",
    note="The lower-bound side of the remark, on instances: 'not certified' is a failure of the rigorous "
         "enclosure check, not a proof that the construction fails, and finite n never shows an asymptotic order; "
         "hence an exploration. The PARITY construction of Chiang and Cholak (not uniform-tieless) is not among "
         "our constructions and is not checked.",
)
