"""The Appendix's dense encoding of the attention units (seed 000, proof of Theorem 4.2).

The lower bound of Theorem 4.2 multiplexes the k operands with a sparse selector of k - 1 input
units.  The Appendix adds: "Dense encoding would lead to a reduction in the number of attending
units from k to ceil(log2 k)".  With k operands a dense selector needs u = ceil(log2 k) units
(k codes), giving

    prod_j |T(n - ceil(log2 k); d_j)| <= |T_B(n; d_1..d_k)|.

Read as printed (k - 1 sparse units become ceil(log2(k - 1)) dense ones), two operands need no
unit at all and the bound |T(n;d)|^2 <= |T_B(n;d,d)| already fails at n = 2: 14^2 = 196 > 16.
Both readings are checked against the exact class sizes of every irreducible B of the arity.
"""
from __future__ import annotations

import math

from ...claim import Claim, Source, Verdict
from ...evidence import arith
from .composition import COMPOSE, _class_record, _classes, _decide, _operators, _record, _sizes_and_closure


def dense_units(k: int, reading: str) -> int:
    """Attention units of the dense selector: ceil(log2 k) for k operands; as printed ceil(log2(k - 1))."""
    m = k if reading == "corrected" else k - 1
    return math.ceil(math.log2(m)) if m > 1 else 0


def check_dense(inst: dict) -> Verdict:
    """prod_j |T(n - u; d_j)| <= |T_B(n; d_1..d_k)| for every irreducible B of arity k."""
    from ...solvers.compose import operator_relation_check

    n, degrees, reading = inst["n"], list(inst["degrees"]), inst["reading"]
    k = len(degrees)
    u = dense_units(k, reading)
    ops = _operators(k)
    ev, values = _sizes_and_closure(n, degrees, n - u)
    values["lower"] = ["*", *[f"T_{n - u}_{d}" for d in degrees]]
    facts, sizes, failing = [], {}, []
    for rep, members in _classes(ops, k, degrees):
        rec, cls = _class_record(ops[rep], k, n, degrees)
        ev.append(rec)
        values[f"size_{rep}"] = cls.size
        for name, perm, flips, negate in members[1:]:
            res = operator_relation_check(ops[rep], ops[name], k, perm, flips, negate)
            ev.append(_record(f"{COMPOSE}:operator_relation_check", res, B=ops[rep], C=ops[name], k=k,
                              perm=perm, flips=flips, negate=negate))
        for name, *_ in members:
            sizes[name] = cls.size
        facts.append((f"prod_j |T(n-{u};d_j)| <= |T_{rep}(n;d)| (and the {len(members) - 1} operators related to "
                      f"{rep})", ["<=", "lower", f"size_{rep}"]))
    ev.append(arith(values, facts))
    lower = math.prod(values[f"T_{n - u}_{d}"] for d in degrees)
    failing = sorted(name for name, s in sizes.items() if s < lower)
    cex = {"n": n, "degrees": degrees, "units": u, "lower": lower,
           "failing": {name: sizes[name] for name in failing[:10]}, "failing_count": len(failing)}
    summary = (f"k = {k}, n = {n}, {u} dense unit(s): lower bound {lower}; |T_B| in "
               f"[{min(sizes.values())}, {max(sizes.values())}] over {len(ops)} irreducible B"
               + (f"; below the bound: {', '.join(failing[:4])}{' ...' if len(failing) > 4 else ''}" if failing else ""))
    v = _decide(ev, summary, counterexample=cex)
    v.data.update(units=u, lower=lower, sizes=sizes)
    return v


dense_as_printed = Claim(
    id="quarks.appendix-dense-encoding-as-printed",
    source=Source("000", "Appendix (proof of Theorem 4.2): dense encoding, ceil(log2 k) units"),
    coq=("Gallery.v:appendix_dense_encoding_printed",),
    coq_hypotheses={"appendix_dense_encoding_printed": []},
    statement="The k - 1 sparse attention units of the lower-bound proof can be replaced by ceil(log2(k - 1)) "
              "dense ones: prod_j |T(n - ceil(log2(k-1)); d_j)| <= |T_B(n; d_1..d_k)| for irreducible B.",
    latex=r"\prod_j|\mathcal T(n-\lceil\log_2(k-1)\rceil;d_j)|\le|\mathcal T_B(n;d_1,\dots,d_k)|",
    kind="finite",
    instances={"quick": [{"n": 2, "degrees": [1, 1], "reading": "printed"}],
               "full": [{"n": n, "degrees": [1, 1], "reading": "printed"} for n in (2, 3, 4)]
               + [{"n": 3, "degrees": [1, 1, 1], "reading": "printed"}]},
    check=check_dense,
    expected="refuted",
    max_feasible=4,
    note="Two operands would need no attention unit: |T(2;1)|^2 = 196 > 16 >= |T_AND(2;1,1)|. Corrected: "
         "quarks.appendix-dense-encoding.",
)

dense_corrected = Claim(
    id="quarks.appendix-dense-encoding",
    source=Source("000", "Appendix (proof of Theorem 4.2): dense encoding, corrected"),
    statement="With k operands a dense selector needs ceil(log2 k) attention units: "
              "prod_j |T(n - ceil(log2 k); d_j)| <= |T_B(n; d_1..d_k)| for every irreducible B of arity k.",
    latex=r"\prod_j|\mathcal T(n-\lceil\log_2 k\rceil;d_j)|\le|\mathcal T_B(n;d_1,\dots,d_k)|",
    kind="finite",
    instances={"quick": [{"n": n, "degrees": [1, 1], "reading": "corrected"} for n in (2, 3)]
               + [{"n": 2, "degrees": [1, 1, 1], "reading": "corrected"}],
               "full": [{"n": n, "degrees": [1, 1], "reading": "corrected"} for n in (1, 2, 3, 4)]
               + [{"n": n, "degrees": [1, 1, 1], "reading": "corrected"} for n in (2, 3)]},
    check=check_dense,
    max_feasible=4,
    note="Every irreducible operator of the arity is covered: operators related by argument permutations, "
         "argument negations and output negation have classes of equal size (relation checked, T(n;d) closed "
         "under negation), so one class per group is computed. Arity 4 is not covered: the composition "
         "engine stops at three operands.",
)
