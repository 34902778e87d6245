"""My claims: Gauss's sum, and a misremembered version of it."""
from quarks import Claim, Source, decide
from quarks.certificates.evidence import forall
from quarks.claims.refute import Search, register

SUM = ["sum", "i", 1, "m", "i"]          # 1 + 2 + ... + m, in quarks' exact expression language


def gauss(instance):
    n = instance["n"]
    fact = ["==", SUM, ["/", ["*", "m", ["+", "m", 1]], 2]]
    return decide([forall([["m", 1, n]], fact)], f"1 + ... + m = m(m+1)/2 for m <= {n}")


def gauss_misremembered(instance):
    n = instance["n"]
    fact = ["==", SUM, ["/", ["*", "m", "m"], 2]]
    return decide([forall([["m", 1, n]], fact)], f"1 + ... + m = m^2/2 for m <= {n}")


SIZES = {"quick": [{"n": 10}], "full": [{"n": 10}, {"n": 1000}]}

GAUSS = Claim(id="mine.gauss", source=Source("my notes", "Lemma 1"),
              statement="1 + 2 + ... + m = m(m+1)/2 for every m <= n", latex=r"\sum_{i=1}^m i = m(m+1)/2",
              kind="finite", instances=SIZES, check=gauss)

# n = 0: the misremembered sum holds (vacuously), and that instance says so: expected verified
WRONG_SIZES = {"quick": [{"n": 10}], "full": [{"n": 0, "expected": "verified"}, {"n": 10}, {"n": 1000}]}

GAUSS_WRONG = Claim(id="mine.gauss-wrong", source=Source("my notes", "Lemma 1, misremembered"),
                    statement="1 + 2 + ... + m = m^2/2 for every m <= n", latex=r"\sum_{i=1}^m i = m^2/2",
                    kind="finite", instances=WRONG_SIZES, check=gauss_misremembered, expected="refuted")


def gauss_from(instance):
    """Gauss's sum with its hypothesis "the sum starts at 1" dropped: from `start`."""
    n, start = instance["n"], instance["start"]
    fact = ["==", ["sum", "i", start, "m", "i"], ["/", ["*", "m", ["+", "m", 1]], 2]]
    return decide([forall([["m", 1, n]], fact)], f"{start} + ... + m = m(m+1)/2 for m <= {n}")


# `quarks refute mine.gauss --param start=2`: the smallest instance where the variant fails
register(Search(claim="mine.gauss", name="start", hypothesis="the sum starts at 1",
                statement=lambda p: f"{p['start']} + ... + m = m(m+1)/2 for every m <= n",
                params={"start": 0}, candidates=lambda p: ({"n": n, "start": p["start"]} for n in range(1, 100)),
                check=gauss_from))
