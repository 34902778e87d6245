"""Seed 004, Sections 4.4-4.5: counting terms, comparisons and numerical predicates (TL[#])."""
from __future__ import annotations

from quarks.claims.claim import Claim, Source
from quarks.proofs.yang.common import check_construction, random_formula

PARITY = "ODD(#left[a])"
MAJORITY = "#left[a] > #left[b]"
DOUBLE = "#[a] >= 2*#[b]"
PARITY45 = "!P(#left[Y a] = #right[a])"


def _family(formulas, variants, n_quick=8, n_full=12, ops=None, seeds=4, quick_count=2, long=True):
    quick = [{"formula": f, "alphabet": "ab", "n": n_quick, "variant": v}
             for f in formulas[:quick_count] for v in variants[:1]]
    full = [{"formula": f, "alphabet": "ab", "n": n_full, "variant": v} for f in formulas for v in variants]
    if ops:
        full += [{"formula": random_formula(s, 4, ops), "alphabet": "ab", "n": 10, "variant": variants[0]}
                 for s in range(seeds)]
    if long:  # random words up to length 2000, one batch per instance (exact big-integer hard model)
        full += [{"formula": formulas[0], "alphabet": "ab", "n": 4, "variant": variants[0],
                  "random": [[100, 300, 1000], 1, 1]},
                 {"formula": formulas[0], "alphabet": "ab", "n": 2, "variant": variants[0],
                  "random": [[2000], 1, 2]}]
    return {"quick": quick, "full": full}


thm20 = Claim(
    id="yang.thm20",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Theorem 20"),
    statement="Every formula of LTL[Y, X] with counting terms #left/#right, linear comparisons of counts and "
              "unary numerical predicates on positions and counts is computed by a softmax transformer with "
              "(a) bounded PEs and temperature 1/(2n) (sign tests) and 1/(2n^3) (table lookups), or (b) "
              "unbounded PEs and tau = 1.  Examples: PARITY, MAJORITY, #a >= 2#b.",
    latex=r"\mathrm{TL}[\#]\subseteq\mathrm{SMAT}",
    kind="construction",
    instances=_family([PARITY, MAJORITY, DOUBLE, "MOD_3_1(#right[b]) & ODD(pos)", "#left[a] = #right[b] + 1"],
                      ["temperature", "unbounded"], ops=["Y", "!", "&", "ODD", "cmp"]),
    check=lambda inst: check_construction(inst, "count"),
)

thm21 = Claim(
    id="yang.thm21",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Theorem 21"),
    statement="Past counting formulas (#left only) are computed by future-masked softmax transformers with "
              "bounded PEs and temperature (1/(2n) and 1/(2n^3)).",
    latex=r"\mathrm{TL}[\#_{\mathrm{left}}]\subseteq\mathrm{SMAT}^{\mathrm{future}}_\tau",
    kind="construction",
    instances=_family([PARITY, MAJORITY, DOUBLE, "MOD_3(#left[Y a])"], ["causal-temperature"],
                      ops=["Y", "!", "&", "ODD", "cmp"]),
    check=lambda inst: check_construction(inst, "count-past"),
)

cor22 = Claim(
    id="yang.cor22",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Corollary 22"),
    statement="TL[#] with since/until (the logic of Barcelo et al. 2024) is computed by softmax transformers "
              "in both variants; e.g. PARITY without numerical predicates: !P(#left[Y a] = #right[a]).",
    latex=r"\mathrm{TL}[\#,\mathsf{S},\mathsf{U}]\subseteq\mathrm{SMAT}",
    kind="construction",
    instances=_family([PARITY45, "(a S b) & ODD(#left[b])", "F (#left[a] = #right[a])"],
                      ["temperature", "unbounded"], quick_count=1, ops=["Y", "S", "U", "&", "ODD", "cmp"]),
    check=lambda inst: check_construction(inst, "count"),
)

cor23 = Claim(
    id="yang.cor23",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Corollary 23"),
    statement="Past TL[#] with since is computed by future-masked softmax transformers with temperature.",
    latex=r"\mathrm{TL}[\#_{\mathrm{left}},\mathsf{S}]\subseteq\mathrm{SMAT}^{\mathrm{future}}_\tau",
    kind="construction",
    instances=_family(["(!a S b) & #left[a] > #left[b]", "H (a -> ODD(#left[a]))"], ["causal-temperature"],
                      quick_count=1, ops=["Y", "S", "&", "ODD", "cmp"]),
    check=lambda inst: check_construction(inst, "count-past"),
)
