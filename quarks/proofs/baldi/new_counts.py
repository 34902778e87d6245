"""New exact counts of polynomial threshold functions: |T(5;2)| and |T(5;3)|, by halves.

f in T(5;d) is a pair of halves (f0, f1) in T(4;d); one exact LP per orbit of pairs under the
hyperoctahedral group of x1..x4 with output negation (quarks.solvers.halves).  The certificate
carries a witness for every orbit of pairs and for every function of 4 variables; the checker
(quarks.certify.halves) rebuilds the orbits, verifies every witness and recounts, without our
enumeration code.  The counts are stated in the claims; re-checking a certificate does not
re-run the search (``obligation``): the statement fixes n, d and the count, the witnesses must
recount to it.
"""
from __future__ import annotations

import base64
import os
import time
from pathlib import Path

from quarks.certificates.evidence import arith
from quarks.claims.claim import Claim, Source, Verdict

T5_2 = 1_414_120_376
T5_3 = 4_290_491_756


FIGURES = ("pairs", "realizable_pairs", "representatives")


def _verdict(inst: dict, found: int, data: dict, figures: dict) -> Verdict:
    n, d, stated = inst["n"], inst["d"], inst["count"]
    record = {"kind": "halves-count", "n": n, "degree": d, "count": found, "data": data,
              **{k: figures.get(k) for k in FIGURES}}
    fact = arith({"count": found, "stated": stated}, [("the witnesses count the stated number",
                                                       ["==", "count", "stated"])])
    summary = f"|T({n};{d})| = {found:,} by halves" + ("" if found == stated else f", not {stated:,}")
    status = "verified" if found == stated else "refuted"
    counterexample = None if found == stated else {"n": n, "d": d, "count": found, "stated": stated}
    return Verdict(status, summary, [record, fact], counterexample)


def check_count(inst: dict) -> Verdict:
    from quarks.solvers.halves import npz_bytes, pair_witnesses, witness_arrays

    t0 = time.perf_counter()
    w = pair_witnesses(inst["n"], inst["d"])
    data = {"npz_base64": base64.b64encode(npz_bytes(witness_arrays(w))).decode()}
    figures = {"pairs": int(len(w.pair_g)), "realizable_pairs": int(w.member.sum()),
               "representatives": int(len(w.reps))}
    shape = _verdict(inst, w.count, data, figures)
    v = Verdict.from_facts(shape.evidence, shape.summary, shape.counterexample)  # decided by the checker
    v.data = {**figures, "timings": {"seconds": round(time.perf_counter() - t0, 1)}}
    return v


def obligation(inst: dict, cert: dict) -> Verdict:
    """What a certificate must say: the halves-count record for the instance's n, d, with the
    certificate's own witness payload and figures (the kernel re-derives the count and the figures
    from the witnesses), and the comparison with the stated count."""
    records = [r for r in cert.get("evidence", []) if isinstance(r, dict) and r.get("kind") == "halves-count"]
    found = records[0].get("count") if records else None
    data = records[0].get("data") if records else None
    if not isinstance(found, int) or not isinstance(data, dict):
        raise ValueError("the certificate has no halves-count record")
    figures = {k: records[0].get(k) for k in FIGURES}
    v = _verdict(inst, found, data, figures)
    v.data = dict(figures)
    return v


SOURCE = Source("000", "Section 4.4 (counts of T(n;d))")

cross_check = Claim(
    id="quarks.count-by-halves",
    whole_domain=True,   # the statement names these counts: its instances are its whole domain
    source=SOURCE,
    statement="Counting T(n;d) by halves reproduces the known counts: |T(3;1)| = 104, |T(3;2)| = 254, "
              "|T(4;1)| = 1,882, |T(4;2)| = 57,574, |T(4;3)| = 65,534, |T(5;1)| = 94,572.",
    latex=r"|\mathcal T(n;d)|=\sum_r |Gr|\,\#\{g:(r,g)\in\mathcal T(n;d)\}",
    kind="finite",
    instances={"quick": [{"n": 3, "d": 1, "count": 104}, {"n": 3, "d": 2, "count": 254},
                         {"n": 4, "d": 1, "count": 1882}, {"n": 4, "d": 2, "count": 57574},
                         {"n": 4, "d": 3, "count": 65534}, {"n": 5, "d": 1, "count": 94572}],
               "full": []},
    check=check_count,
    obligation=obligation,
    note="The method of quarks.count-t5-2 on instances with known answers (OEIS A000609 and the "
         "n <= 4 classification).  n = 6 at d = 1 (15,028,134) needs 64 labels per LP, beyond the "
         "62 the exact LP kernel takes.",
)

def new_count_claim(d: int, count: int, adjective: str, note: str, timeout: float) -> Claim:
    """The claim |T(5;d)| = count, decided by the witnesses of a count by halves."""
    return Claim(
        id=f"quarks.count-t5-{d}",
        whole_domain=True,   # the statement names these counts: its instances are its whole domain
        source=SOURCE,
        statement=f"|T(5;{d})| = {count:,}: there are exactly {count:,} {adjective} threshold functions "
                  "of 5 variables (no published value found).",
        latex=r"|\mathcal T(5;" + f"{d})|={count}",
        kind="finite",
        instances={"quick": [], "full": [{"n": 5, "d": d, "count": count}]},
        check=check_count,
        obligation=obligation,
        note=note,
        timeout=timeout,      # beyond the driver's default of 600 s
    )


t5_2 = new_count_claim(2, T5_2, "quadratic", "About 12 minutes on 2 cores (4.5 million orbits of pairs): "
                       "run with --tier full.", 3600.0)
t5_3 = new_count_claim(3, T5_3, "cubic", "About 40 minutes on 2 cores (5.9 million orbits of pairs, 5.8 GB): "
                       "run with --tier full.", 3 * 3600.0)

t5_1_coq = Claim(
    id="quarks.count-t5-1-coq",
    whole_domain=True,   # the statement names these counts: its instances are its whole domain
    source=SOURCE,
    statement="Coq's kernel proves #|T(5;1)| = 94,572 for T(n;d) as defined in Threshold.v (card_T5_1), by "
              "halves: for all n and d, if check_halves n d data = Some k then #|T(n+1;d)| = k (halves_count). "
              "The data list T(1;1) .. T(4;1) level by level (every pair of members of the previous level "
              "decided by a realization or a Farkas certificate) and decide every pair (r, f1), f1 in T(4;1), "
              "for the 15 orbit representatives r of T(4;1) under input negations, input permutations and "
              "output negation, with a word of generators mapping r to each member.",
    latex=r"\#|\mathcal T(5;1)|=94572",
    kind="finite",
    instances={"quick": [{"n": 5, "d": 1, "count": 94572}], "full": []},
    check=check_count,
    obligation=obligation,
    coq=("HalvesT5_1.v:card_T5_1", "Halves.v:halves_count"),
    coq_hypotheses={"card_T5_1": [], "halves_count": ["check_halves n d data = Some k"]},
    note="The instance recounts by halves in Python (quarks.solvers.halves, checked by "
         "quarks.certify.halves); `quarks prove quarks.count-t5-1-coq` compiles Halves.v and the generated "
         "HalvesT5_1.v (quarks.coq.halves: 11,032 level certificates, 28,230 pair certificates, packed "
         "into 63-bit words, 1.0 MB; about 9 s and 0.7 GB) and checks what card_T5_1 assumes.",
)


def work_dir(n: int, d: int) -> Path:
    """Where the split files for |T(n;d)| are generated and compiled (resumable):
    ``$QUARKS_HALVES_WORK/T{n}_{d}``, by default under the Coq cache."""
    from quarks.certify.coq_gate import cache_root

    return Path(os.environ.get("QUARKS_HALVES_WORK", cache_root().parent / "halves")) / f"T{n}_{d}"


def check_coq_count(inst: dict) -> Verdict:
    """Build the split halves files (HalvesSplit.v's ``halves_split``) and read ``card_T{n}_{d}``
    back from Coq: its statement must be the stated count and its assumptions allowed."""
    from quarks.certify.coq_gate import CoqUnavailable
    from quarks.coq.halves_split import prove

    n, d, stated = inst["n"], inst["d"], inst["count"]
    try:
        r = prove(n - 1, d, work_dir(n, d), jobs=max(1, os.cpu_count() or 1))
    except CoqUnavailable as exc:
        return Verdict.inconclusive(f"not checked: {exc}")
    if r["count"] is None:
        return Verdict("error", f"card_T{n}_{d} was not built: {r['error']}", reason=r["error"])
    if not r["allowed"]:
        return Verdict("error", f"card_T{n}_{d} rests on a disallowed assumption: {r['axioms']}",
                       reason="disallowed assumption")
    fact = arith({"count": r["count"], "stated": stated},
                 [(f"Coq's card_T{n}_{d} states the stated count", ["==", "count", "stated"])])
    v = Verdict.from_facts([fact], f"Coq: #|T {n} {d}| = {r['count']:,} (card_T{n}_{d}, halves_split)",
                           None if r["count"] == stated else {"n": n, "d": d, "count": r["count"], "stated": stated})
    v.data = {"axioms": r["axioms"], "timings": {"seconds": r["seconds"]}}   # what a re-derivation must repeat
    return v


def coq_count_claim(d: int, count: int, reps: int, certs: int, note: str) -> Claim:
    """The claim that Coq's kernel proves card_T5_{d}: #|T(5;d)| = count, from the split halves
    files (reps representatives of T(4;d), certs packed certificates each)."""
    return Claim(
        id=f"quarks.count-t5-{d}-coq",
        whole_domain=True,   # the statement names these counts: its instances are its whole domain
        source=SOURCE,
        statement=f"Coq's kernel proves #|T(5;{d})| = {count:,} for T(n;d) as defined in Threshold.v "
                  f"(card_T5_{d}), by halves_split: for all n, d, L, rks, assign and k, if exact n d L, "
                  "reps_hold n d rks and check_assign n L rks assign = Some k then #|T(n+1;d)| = k.  The "
                  f"data: the levels T(1;{d}) .. T(4;{d}) (exact 4 {d} L), one file per orbit representative "
                  f"r of T(4;{d}) deciding every pair (r, f1), f1 in T(4;{d}), and a word of generators "
                  "mapping a representative to each member.",
        latex=r"\#|\mathcal T(5;" + f"{d})|={count}",
        kind="finite",
        instances={"quick": [], "full": [{"n": 5, "d": d, "count": count}]},
        check=check_coq_count,
        note=f"Generates {reps + 2} Coq files ({reps} representatives of T(4;{d}) with {certs:,} packed "
             f"certificates each) into $QUARKS_HALVES_WORK/T5_{d} (default ~/.cache/quarks/halves) and "
             "compiles them in parallel; resumable: a rerun skips the files already written and "
             "compiled.  " + note,
        timeout=8 * 3600.0,
    )


t5_2_coq = coq_count_claim(2, T5_2, 181, 57_574,
                           "About 380 MB, 1 h of exact LPs and 1.2 core-hours of coqc on 2 cores, "
                           "under 1 GB per coqc.")
t5_3_coq = coq_count_claim(3, T5_3, 221, 65_534,
                           "Built 2026-11-26: 1.7 GB, 1.7 core-hours of exact LPs and 2.0 core-hours of "
                           "coqc, 2 h 29 min on 2 cores, 1.3 GB per coqc, 3.8 GB for the final file.")
