"""Theorem 4.2 and Lemma 5.3 need every degree d_j >= 1 (seed 000, §4.5 and Appendix).

T(n;0) is the two constants, so T_B(n;0..0) = {B(c_1..c_k)} holds only constants: |T_B(n;0,0)| = 2 for
every irreducible binary B (B takes both values), while the printed lower bound asks for
|T(n-1;0)|^2 = 4.  The proof breaks in Lemma 5.3: extending f by the selector needs a degree-1 term.
"""
from __future__ import annotations

from quarks.certificates.evidence import arith
from quarks.claims.claim import Claim, Source, Verdict, decide
from quarks.proofs.baldi.composition import class_record, irreducible_operators, sizes_and_closure


def check_degree_zero(inst: dict) -> Verdict:
    """Every irreducible binary B at degrees (0, 0): |T_B(n;0,0)| against the printed bounds, and the
    corrected fact T_B(n;0,0) = {0, 1}."""
    n, reading = inst["n"], inst["reading"]
    ops = irreducible_operators(2)
    ev, values = sizes_and_closure(n, [0, 0], n - 1)
    values["lower"] = ["*", f"T_{n - 1}_0", f"T_{n - 1}_0"]
    sizes, facts = {}, []
    for name, B in ops.items():
        rec, cls = class_record(B, 2, n, [0, 0])
        ev.append(rec)
        values[f"size_{name}"] = cls.size
        sizes[name] = cls.size
        if reading == "printed":
            facts.append((f"printed lower bound |T(n-1;0)|^2 <= |T_{name}(n;0,0)|", ["<=", "lower", f"size_{name}"]))
        else:
            facts.append((f"T_{name}(n;0,0) is the two constants: |T_{name}(n;0,0)| = 2", ["==", f"size_{name}", 2]))
    ev.append(arith(values, facts))
    cex = {"n": n, "operator": "AND", "degrees": [0, 0], "size": sizes["AND"], "lower": values[f"T_{n - 1}_0"] ** 2}
    return decide(ev, f"n = {n}, degrees (0, 0): |T_B(n;0,0)| = {sorted(set(sizes.values()))} for the 10 irreducible B "
                       f"(printed lower bound {cex['lower']})", counterexample=cex)


degree_zero_as_printed = Claim(
    id="quarks.thm4.2-degree-zero-as-printed",
    source=Source("000", "Theorem 4.2 / Lemma 5.3 as printed (no d_j >= 1)"),
    coq=("Gallery.v:thm4_2_degree_zero_printed",),
    coq_hypotheses={"thm4_2_degree_zero_printed": ["1 < k"]},
    statement="Theorem 4.2's lower bound with degrees 0 allowed: |T(n-1;0)|^2 <= |T_B(n;0,0)| for every irreducible "
              "binary B.",
    latex=r"|\mathcal T(n-1;0)|^2\le|\mathcal T_B(n;0,0)|",
    kind="finite",
    instances={"quick": [{"n": 1, "reading": "printed"}], "full": [{"n": n, "reading": "printed"} for n in (1, 2, 3)]},
    check=check_degree_zero,
    expected="refuted",
    max_feasible=4,
    note="|T_AND(1;0,0)| = 2 < |T(0;0)|^2 = 4. The theorem holds with every d_j >= 1 (quarks.thm4.2); at degree 0 the "
         "class is the constants (quarks.thm4.2-degree-zero).",
)

degree_zero = Claim(
    id="quarks.thm4.2-degree-zero",
    source=Source("000", "Theorem 4.2 / Lemma 5.3, degree 0 (corrected)"),
    statement="At degrees (0, 0) composition gives only the constants: T_B(n;0,0) = {0, 1} for every irreducible "
              "binary B, so Theorem 4.2 needs d_j >= 1.",
    latex=r"\mathcal T_B(n;0,0)=\{0,1\}",
    kind="finite",
    instances={"quick": [{"n": n, "reading": "corrected"} for n in (1, 2)],
               "full": [{"n": n, "reading": "corrected"} for n in (1, 2, 3, 4)]},
    check=check_degree_zero,
    max_feasible=4,
)


# --- Proposition 5.5 at degree 0 ----------------------------------------------------------------------

def check_prop55_degree_zero(inst: dict) -> Verdict:
    """Proposition 5.5's bound |∩_B T_B(n;0,0)| >= |T(n-1;0)|^2 at degrees (0, 0)."""
    from quarks.proofs.baldi.composition import check_prop55

    v = check_prop55({"n": inst["n"], "degrees": [0, 0]})
    if v.status == "refuted":
        v.summary = (f"n = {inst['n']}, degrees (0, 0): |∩_B T_B(n;0,0)| = {v.data['intersection']} < "
                     f"|T(n-1;0)|^2 = {v.data['bound']} (every T_B(n;0,0) is the two constants)")
    return v


prop55_degree_zero_as_printed = Claim(
    id="quarks.prop5.5-degree-zero-as-printed",
    source=Source("000", "Proposition 5.5 / eqs. (4.7), (5.14) as printed (no d_0, d_1 >= 1)"),
    coq=("GalleryDegreeZero.v:prop5_5_degree_zero_printed",),
    coq_hypotheses={
        "prop5_5_degree_zero_printed": []},
    statement="Proposition 5.5 with degrees 0 allowed: |∩_B T_B(n;0,0)| >= |T(n-1;0)|^2, the intersection over the "
              "ten irreducible binary B.",
    latex=r"\Big|\bigcap_B \mathcal T_B(n;0,0)\Big| \ge |\mathcal T(n-1;0)|^2",
    kind="finite",
    instances={"quick": [{"n": 1}], "full": [{"n": n} for n in (1, 2, 3)]},
    check=check_prop55_degree_zero,
    expected="refuted",
    max_feasible=4,
    note="The fault of Theorem 4.2 at degree 0 (quarks.thm4.2-degree-zero-as-printed), for the proposition: at n = 1 "
         "every T_B(1;0,0) is the two constants, so the intersection has 2 elements < |T(0;0)|^2 = 4. Corrected: "
         "quarks.prop5.5 (d_0, d_1 >= 1, proved in Coq: Lower.v:prop5_5).",
)
