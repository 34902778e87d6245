"""Seed 004, Theorems 12-23 on random formulas: seeded formulas of depth <= 4 over the whole syntax.

Each instance draws the formulas of a few seeds (:mod:`quarks.ltl.random`) from the fragment its
variant handles, compiles each, and checks it on every word up to length n: the hard model exactly
against the reference evaluator, the softmax model by certified radii (margin = 1/4 minus the
largest radius before a rounding).  A formula the compiler rejects is reported in the verdict and
leaves the instance undecided.
"""
from __future__ import annotations

from quarks.certificates.evidence import exhaustive
from quarks.claims.claim import Claim, Source, Verdict

# variant -> the fragment of the theorems it realises
VARIANT_FRAGMENT = {
    "temperature": "full",         # Thms 12a, 15a, 20a, Cors 17a, 22a
    "unbounded": "full",           # Thms 12b, 15b, 20b, Cors 17b, 22b
    "causal-temperature": "past",  # Thms 13d, 16, 21, Cors 18, 23
    "causal": "past-temporal",     # Thms 13c, 16, Cor 18 (no parameter depends on n)
}


def _instances(tier: str) -> list:
    if tier == "quick":
        return [{"variant": "temperature", "seeds": [0, 1, 2, 3], "depth": 4, "n": 8, "alphabet": "ab"},
                {"variant": "causal-temperature", "seeds": [0, 1, 2, 3], "depth": 4, "n": 8, "alphabet": "ab"},
                {"variant": "causal", "seeds": [0, 1, 2], "depth": 4, "n": 8, "alphabet": "ab"}]
    out = []
    for v in VARIANT_FRAGMENT:
        out += [{"variant": v, "seeds": list(range(k, k + 5)), "depth": 4, "n": 12, "alphabet": "ab"}
                for k in range(0, 20, 5)]
        out.append({"variant": v, "seeds": list(range(100, 104)), "depth": 4, "n": 7, "alphabet": "abc"})
    return out


def check(instance) -> Verdict:
    v = instance["variant"]
    rec = exhaustive("quarks.ltl.random:family_check", seeds=instance["seeds"], depth=instance["depth"],
                     fragment=VARIANT_FRAGMENT[v], variant=v, max_len=instance["n"], alphabet=instance["alphabet"])
    res = rec["result"]
    shown = "; ".join(f"{r['formula']} (margin {r['margin']:.4f})" for r in res["formulas"])
    if res["rejected"]:
        return Verdict.inconclusive("the compiler rejects " + "; ".join(
            f"seed {r['seed']}: {r['formula']} ({r['reason']})" for r in res["rejected"]), [rec])
    if res["holds"]:
        per = res["formulas"][0]["words"] if res["formulas"] else 0
        return Verdict.verified(f"{len(res['formulas'])} random formulas, each on all {per} words of length <= "
                                f"{instance['n']}, at every position: {shown}", [rec], margin=res["margin"])
    fail = res["failures"][0]
    if not fail["hard_matches_formula"]:
        return Verdict.refuted(f"hard model differs from {fail['formula']} on {fail['word']!r}", fail, [rec])
    return Verdict.inconclusive(f"certification failed for {fail['formula']} on {fail['word']!r}", [rec])


random_formulas = Claim(
    id="yang.random-formulas",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Theorems 12, 13, 15, 16, 20, 21; Corollaries 17, 18, 22, 23"),
    statement="Every formula of the fragment a construction handles is computed at every position by its "
              "compiled softmax transformer; checked on seeded random formulas of depth <= 4 over the whole "
              "syntax (! & | Y X S U Ss Us, #left/#right in linear comparisons, ODD/EVEN/MOD predicates on "
              "positions and counts; past-only for future-masked variants, no counting for `causal`).",
    latex=r"\varphi\ \text{random},\ \mathrm{depth}(\varphi)\le 4:\ \mathrm{SMAT}(\varphi)=\varphi",
    kind="construction",
    instances=_instances,
    check=check,
    size="n",
    note="Formulas are named by seed (quarks.ltl.random.random_formula); the checker re-draws them.",
)
