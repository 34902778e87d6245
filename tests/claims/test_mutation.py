"""Every check can fail (issue 48): for each claim, perturbing a value its check compares (or a witness)
makes the check fail.  Each claim's first instance is checked, then every evidence record is mutated
(a computed value of an arith record +-1, an integer of a forall's fact +-1, an integer argument of an
exhaustive procedure +-1 with the procedure run again, a weight or threshold of a realization, a SymPy
step's right side + 1, a count by halves + 1) and re-checked; a claim none of whose mutants fails
survives, a defect.  The whole registry is heavy (it runs every claim); a fast sample runs by default."""
import copy
import importlib

import pytest

from quarks.certificates.evidence import arith, forall
from quarks.certify import CertificateError, check_record
from quarks.certify.base import NotChecked
from quarks.claims import registry

STRUCTURAL = {"n", "m", "k", "d", "degree", "N", "L", "arity", "dim", "points", "samples", "seed", "K", "fanout"}


def _int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _bump_ints(tree, delta):
    """Copies of ``tree`` with one integer leaf (not a list's head op) moved by ``delta``, each."""
    if _int(tree):
        yield tree + delta
    elif isinstance(tree, list):
        for i, x in enumerate(tree):
            if i == 0 and isinstance(x, str):
                continue
            for y in _bump_ints(x, delta):
                yield tree[:i] + [y] + tree[i + 1:]


def _fails(record) -> bool:
    try:
        out = check_record(record)
    except (CertificateError, NotChecked):
        return True
    return not (out.valid and out.holds)


def mutants(record):
    """(description, fails?) for the mutants of one evidence record."""
    kind = record.get("kind")
    if kind == "arith":
        values = {k: v["expr"] for k, v in record["values"].items()}
        facts = [(f["name"], f["fact"]) for f in record["facts"]]
        for name, expr in values.items():
            for delta in (1, -1, 10**6, -10**6):   # a slack inequality fails past its slack
                try:
                    rec = arith({**values, name: expr + delta if _int(expr) else ["+", expr, delta]}, facts)
                except Exception:   # noqa: BLE001 - a mutant the kernel rejects (e.g. a list plus 1) fails
                    continue
                yield f"arith {name}{delta:+d}", not all(f["holds"] for f in rec["facts"])
    elif kind == "forall":
        for delta in (1, -1):
            for fact in list(_bump_ints(record["fact"], delta))[:12]:
                try:
                    yield f"forall fact{delta:+d}", not forall(record["vars"], fact, record.get("given"))["holds"]
                except Exception:   # noqa: BLE001 - a mutant the kernel rejects fails
                    yield "forall fact (rejected)", True
    elif kind == "exhaustive":
        module, _, name = record["procedure"].partition(":")
        proc = getattr(importlib.import_module(module), name)
        for arg, value in record["args"].items():
            if _int(value) and arg not in STRUCTURAL:
                for delta in (1,):
                    try:
                        holds = proc(**{**record["args"], arg: value + delta})["holds"]
                    except Exception:   # noqa: BLE001
                        holds = False
                    yield f"exhaustive {arg}{delta:+d}", not holds
        # a result the procedure derived (not holds, cases, digest) changed: check-cert's re-derivation
        # runs the procedure again and compares the whole result
        for key, value in record["result"].items():
            if key not in ("holds", "cases", "digest") and (_int(value) or isinstance(value, str)):
                changed = value + 1 if _int(value) else value + "0"
                yield f"exhaustive result {key}", proc(**record["args"]) != {**record["result"], key: changed}
                break
    elif kind in ("realization", "decomposition", "nonrealization", "halves-count", "symbolic", "coq-classification"):
        for path, rec in _witness_mutants(record):
            yield f"{kind} {path}", _fails(rec)


def _witness_mutants(record):
    kind = record["kind"]
    if kind == "realization":
        for key in ("threshold",):
            rec = copy.deepcopy(record)
            rec[key] = rec[key] + 1 if _int(rec.get(key)) else rec.get(key)
            yield key, rec
        for i in range(min(3, len(record.get("weights", [])))):
            rec = copy.deepcopy(record)
            rec["weights"][i] = -rec["weights"][i] - 1
            yield f"weights[{i}]", rec
    elif kind == "nonrealization":
        for side in ("true_multipliers", "false_multipliers", "true", "false"):
            if record.get(side):
                rec = copy.deepcopy(record)
                rec[side][0][1] += 1
                yield f"{side}[0]", rec
    elif kind in ("halves-count", "coq-classification"):
        if _int(record.get("count")):
            rec = copy.deepcopy(record)
            rec["count"] += 1
            yield "count+1", rec
    elif kind == "symbolic":
        for i, step in enumerate(record.get("steps", [])[:4]):
            if isinstance(step.get("rhs"), str):
                rec = copy.deepcopy(record)
                rec["steps"][i]["rhs"] = f"({step['rhs']}) + 1"
                yield f"steps[{i}].rhs", rec
    elif kind == "decomposition":
        for key in list(record)[:0]:
            yield key, record


def killed(claim) -> tuple[bool, list]:
    """Whether some mutant of the first instance's evidence fails, and what was tried."""
    insts = claim.instances_for("quick") or claim.instances_for("full")
    verdict = claim.run(insts[0])
    assert verdict.status in ("verified", "refuted"), (claim.id, verdict.summary)
    tried = []
    for record in verdict.evidence:
        for what, fails in mutants(record):
            tried.append((what, fails))
            if fails:
                return True, tried
    return False, tried


FAST = ["quarks.eq4.1-zuev-n2", "quarks.eq4.1-log-factor", "quarks.gate-products", "quarks.xor-by-gating",
        "navon.pointwise-errors", "quarks.multiplexing-silences", "quarks.eq4.11", "yang.lemma24"]


@pytest.mark.parametrize("cid", FAST)
def test_a_perturbed_value_fails_the_check(cid):
    ok, tried = killed(registry.get(cid))
    assert ok, f"{cid}: every mutant survives: {tried}"


def _all():
    return [c.id for c in registry.listed().values()
            if not c.id.startswith("test.") and (c.instances_for("quick") or c.instances_for("full"))
            and c.id not in FAST]


@pytest.mark.heavy
@pytest.mark.parametrize("cid", _all())
def test_no_claim_check_survives_every_mutation(cid):
    c = registry.get(cid)
    ok, tried = killed(c)
    assert ok, f"{cid}: every mutant survives: {tried}"
