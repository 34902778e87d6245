"""Every check can fail (issue 48): for each claim, perturbing a value its check compares (or a witness)
makes the check fail.  Each claim's first instance is checked, then every evidence record is mutated
(a computed value of an arith record +-1, an integer of a forall's fact +-1, an integer argument of an
exhaustive procedure +-1 with the procedure run again, a weight or threshold of a realization, a SymPy
step's right side + 1, a count by halves + 1, a selector route or the count of operators) and re-checked;
a claim none of whose mutants fails survives, a defect.  The whole registry is heavy (it runs every claim); a fast sample runs by default."""
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


def _holds(record):
    """The kernel's verdict on a mutated record: True or False, None when it rejects it as malformed."""
    try:
        out = check_record(record)
    except (CertificateError, NotChecked):
        return None
    return out.holds if out.valid else None


def mutants(record):
    """(description, holds) for the mutants of one evidence record: whether the mutated record holds (None:
    rejected as malformed, or not what a re-run of its procedure gives)."""
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
                yield f"arith {name}{delta:+d}", tuple(f["holds"] for f in rec["facts"])   # each fact's truth
    elif kind == "forall":
        for name, value in (record.get("given") or {}).items():   # a value the fact is checked at
            if _int(value):
                for delta in (1, -1):
                    given = {**record["given"], name: value + delta}
                    try:
                        yield f"forall given {name}{delta:+d}", forall(record["vars"], record["fact"], given)["holds"]
                    except Exception:   # noqa: BLE001 - a mutant the kernel rejects
                        yield "forall given (rejected)", None
        for delta in (1, -1):
            for fact in list(_bump_ints(record["fact"], delta))[:12]:
                try:
                    yield f"forall fact{delta:+d}", forall(record["vars"], fact, record.get("given"))["holds"]
                except Exception:   # noqa: BLE001 - a mutant the kernel rejects
                    yield "forall fact (rejected)", None
    elif kind == "exhaustive":
        module, _, name = record["procedure"].partition(":")
        proc = getattr(importlib.import_module(module), name)
        for arg, value in record["args"].items():
            if _int(value) and arg not in STRUCTURAL:
                for delta in (1,):
                    try:
                        holds = proc(**{**record["args"], arg: value + delta})["holds"]
                    except Exception:   # noqa: BLE001
                        holds = None
                    yield f"exhaustive {arg}{delta:+d}", holds
        # a result the procedure derived changed: check-cert's re-derivation runs the procedure again and
        # compares the whole result.  The digest of what it enumerated comes last: a procedure whose arguments
        # are all structural (the claim's comparison is inside it) is killed only there (named in the report)
        keys = [k for k in record["result"] if k not in ("holds", "cases", "digest")] + ["digest"]
        for key in keys:
            value = record["result"].get(key)
            if _int(value) or isinstance(value, str):
                changed = value + 1 if _int(value) else value + "0"
                rerun = proc(**record["args"])
                yield f"exhaustive result {key}", None if rerun != {**record["result"], key: changed} else rerun["holds"]
                break
    elif kind in ("realization", "decomposition", "nonrealization", "halves-count", "symbolic", "coq-classification",
                  "soft-hard", "selector-route"):
        for path, rec in _witness_mutants(record):
            yield f"{kind} {path}", _holds(rec)


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
            if _int(step.get("value")):   # a count the step compares with (and, refuted, the count found)
                for delta in (1, -1) + ((step["found"] - step["value"],) if _int(step.get("found")) else ()):
                    rec = copy.deepcopy(record)
                    rec["steps"][i]["value"] += delta
                    yield f"steps[{i}].value{delta:+d}", rec
    elif kind == "soft-hard":   # a count of agreeing inputs, and the verdict, each against the re-run of the weights
        rec = copy.deepcopy(record)
        rec["result"]["counts"]["agree"] += 1
        yield "result.counts.agree+1", rec
        rec = copy.deepcopy(record)
        rec["holds"] = not rec["holds"]
        yield "holds flipped", rec
    elif kind == "selector-route":   # the operators counted, and an operator's route (its codes)
        rec = copy.deepcopy(record)
        rec["operators"] += 1
        yield "operators+1", rec
        rec = copy.deepcopy(record)
        rec["routes"] = "00" + rec["routes"][2:]
        yield "routes[0].codes", rec
    elif kind == "decomposition":   # the function decomposed, and an operand's witness
        rec = copy.deepcopy(record)
        rec["table"] = hex(int(rec["table"], 16) ^ 1)
        yield "table^1", rec
        for i, operand in enumerate(record.get("operands", [])[:2]):
            for path, mutant in _witness_mutants(operand):
                rec = copy.deepcopy(record)
                rec["operands"][i] = mutant
                yield f"operands[{i}].{path}", rec


def killed(claim) -> tuple[bool, list]:
    """Whether some mutant of the first instance's evidence changes what its record decides (a verified
    claim's record then fails, a refuted claim's holds or is rejected), and what was tried."""
    from quarks.claims.claim import holds

    insts = claim.instances_for("quick")
    verdict = claim.run(insts[0])
    assert verdict.status in ("verified", "refuted"), (claim.id, verdict.summary)
    tried = []
    for record in verdict.evidence:
        original = holds(record)
        facts = tuple(f["holds"] for f in record.get("facts", [])) if record.get("kind") == "arith" else None
        for what, outcome in mutants(record):
            tried.append((what, outcome))
            if outcome != (facts if isinstance(outcome, tuple) else original) or outcome is None:
                return True, tried
    return False, tried


FAST = ["quarks.eq4.1-zuev-n2", "quarks.eq4.1-log-factor", "quarks.gate-products", "quarks.xor-by-gating",
        "navon.pointwise-errors", "quarks.multiplexing-silences", "quarks.eq4.11", "yang.lemma24"]


@pytest.mark.parametrize("cid", FAST)
def test_a_perturbed_value_fails_the_check(cid):
    ok, tried = killed(registry.get(cid))
    assert ok, f"{cid}: every mutant survives: {tried}"


def _all():
    """Every claim with a quick instance (the others' only instances are the hour-long counts of the full tier,
    whose records are a count by halves and an arith comparison: mutated in test_counts_by_halves_are_mutated)."""
    return [c.id for c in registry.listed().values()
            if not c.id.startswith("test.") and c.instances_for("quick") and c.id not in FAST]


@pytest.mark.heavy
@pytest.mark.parametrize("cid", _all())
def test_no_claim_check_survives_every_mutation(cid):
    c = registry.get(cid)
    ok, tried = killed(c)
    assert ok, f"{cid}: every mutant survives: {tried}"


def test_counts_by_halves_are_mutated():
    """The checks of |T(5;2)| and |T(5;3)| (full tier only, 20 min and more) on a small count: the same check
    function, its count by halves and its comparison mutated; the Coq counts' arith comparison likewise."""
    c = registry.get("quarks.count-t5-2")
    verdict = c.check({"n": 3, "d": 1, "count": 104})
    assert verdict.status == "verified"
    tried = [outcome for record in verdict.evidence for _, outcome in mutants(record)]
    assert tried and not any(all(o) if isinstance(o, tuple) else o for o in tried)
    assert c.check({"n": 3, "d": 1, "count": 105}).status == "refuted"
