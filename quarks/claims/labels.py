"""The label and the trust line of a claim, derived once from its evidence: every view prints these.

``list``, ``show``, verify's table, ``report`` (Markdown and HTML), check-cert's line, the README's claims
table and the coverage table of notes/README.md all call :func:`label` (and check-cert :func:`trust_line`),
so no view can say more than another.  A label says how the claim was shown:

- "proved (Coq, all parameters)", "proved (SymPy, all parameters)";
- "proved in part; not proved: <what is left>" (``Claim.coq_part``);
- "checked on K random instances (seed s)" when the instances are samples (an instance with ``samples``
  and ``seed``);
- "verified on n <= N" when the instances cover sizes up to N only (unless ``Claim.whole_domain``);
- "consistent on n <= N (asymptotic, not proved)", "explored (not a proof)", "refuted as printed", ...;
- instances marked ``"source": "reference"`` are quoted values (``Claim.reference``), not computed here:
  the label and the trust line say so.

This module reads a claim by duck typing (``kind``, ``expected``, ``coq``, ...): the claim model imports it.
"""
from __future__ import annotations

from dataclasses import dataclass

COQ_PROVED = "proved (Coq, all parameters)"   # the label of a claim whose Coq theorems prove all of it

COVERAGE = ("proved", "proved in part", "checked", "asymptotic", "explored", "refuted")

# check-cert's trust codes (quarks.certify.trust_of) as a person reads them
TRUST = {"coq": "Coq's kernel", "witness": "witnesses checked exactly",
         "sympy": "SymPy derivation re-run", "re-run": "re-run of the project's own procedure"}


@dataclass(frozen=True)
class Label:
    """A claim's label (``text``, what every view prints) and its coverage (one of :data:`COVERAGE`)."""

    text: str
    coverage: str

    def __str__(self) -> str:
        return self.text


def _get(claim, name, default):
    return getattr(claim, name, default)


def _size_name(claim) -> str:
    return _get(claim, "size", "n") or "n"


def is_reference(instance) -> bool:
    """Whether an instance's value is quoted reference data (not computed here)."""
    return isinstance(instance, dict) and instance.get("source") == "reference"


def is_sample(instance) -> bool:
    """Whether an instance is a random sample: it names its number of samples and its seed, or its seeds."""
    return isinstance(instance, dict) and ("samples" in instance and "seed" in instance
                                           or isinstance(instance.get("seeds"), list))


def _seeds(instance) -> list:
    return list(instance["seeds"]) if isinstance(instance.get("seeds"), list) else [instance["seed"]]


def _count(instance) -> int:
    if isinstance(instance.get("seeds"), list):
        return len(instance["seeds"])
    return instance["samples"] if isinstance(instance["samples"], int) else 0


def _seed_text(seeds) -> str:
    seeds = sorted(set(seeds), key=lambda s: (not isinstance(s, int), s if isinstance(s, int) else str(s)))
    if len(seeds) == 1:
        return f"seed {seeds[0]}"
    runs: list = []   # consecutive integer seeds as a..b
    for s in seeds:
        if runs and isinstance(s, int) and isinstance(runs[-1][1], int) and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return "seeds " + ", ".join(f"{a}..{b}" if b != a and b - a > 1 else
                                (f"{a}, {b}" if b != a else str(a)) for a, b in runs)


def _reference_name(claim) -> str:
    return _get(claim, "reference", "") or "reference data"


def _sampled(instances: list) -> str:
    samples = [i for i in instances if is_sample(i)]
    k = sum(_count(i) for i in samples)
    seeds = [s for i in samples for s in _seeds(i)]
    return f"checked on {k} random instances ({_seed_text(seeds)})"


def _largest(claim, instances: list):
    size = _size_name(claim)
    sizes = [i.get(size) for i in instances if isinstance(i.get(size), int) and not is_reference(i)]
    return max(sizes) if sizes else None


def _reference_note(claim, instances: list) -> str:
    size = _size_name(claim)
    quoted = sorted({i.get(size) for i in instances if is_reference(i) and isinstance(i.get(size), int)})
    if not quoted:
        return ""
    where = f"{size} = {', '.join(map(str, quoted))}: " if quoted else ""
    return f"; {where}reference value ({_reference_name(claim)}), not computed here"


def _instances(claim, instances):
    if instances is not None:
        return [i for i in instances if isinstance(i, dict)]
    try:
        return claim.instances_for("full")
    except AttributeError:
        return []


def outcome(claim, statuses) -> str:
    """The outcome over a set of instance statuses, before saying how: "verified", "refuted as printed",
    "refuted (our variant: ...)", "explored (not a proof)", "asymptotic", "inconclusive", "error",
    "unexpected: ..." or "not run"."""
    statuses = set(statuses)
    kind, expected = _get(claim, "kind", "finite"), _get(claim, "expected", "verified")
    if not statuses:
        return "not run"
    if "error" in statuses:
        return "error"
    if expected == "refuted":
        if "refuted" in statuses:
            variant = _get(claim, "variant", "")
            return f"refuted (our variant: {variant})" if variant else "refuted as printed"
        return "inconclusive" if "inconclusive" in statuses else "unexpected: not refuted"
    if "refuted" in statuses:
        return "unexpected: refuted"
    if "inconclusive" in statuses:
        return "inconclusive"
    if kind == "exploration":
        return "explored (not a proof)"
    return "verified"


def label(claim, statuses=None, instances=None, largest=None, proof: str | None = "proved") -> Label:
    """The label of ``claim`` over the instances run (``instances``, their ``statuses``); without
    statuses, what a full-tier run that goes as expected says.  ``largest`` overrides the largest size
    read from the instances.  ``proof``: the status of the claim's Coq proof ("proved", the default,
    as declared; "failed", "not checked", or None for not run; "" for the label of instances alone, Coq
    left out): only a proved Coq theorem makes a label "proved"."""
    if statuses is None:
        statuses = {_get(claim, "expected", "verified")}
    insts = _instances(claim, instances)
    out = outcome(claim, statuses)
    coq, part = tuple(_get(claim, "coq", ()) or ()) if proof != "" else (), _get(claim, "coq_part", "")
    if out.startswith("refuted"):
        return Label(out, "refuted")
    if out != "verified":
        return Label(out, "explored" if out.startswith("explored") else "checked")
    big = largest if largest is not None else _largest(claim, insts)
    size = _size_name(claim)
    note = _reference_note(claim, insts)
    coq_state = "" if not coq or proof == "proved" else f" (Coq: {proof or 'not run'})"
    if coq and proof == "proved" and part:
        return Label(f"proved in part; not proved: {part}", "proved in part")
    if coq and proof == "proved":
        return Label(COQ_PROVED, "proved")
    if _get(claim, "proved_for_all", False):
        return Label("proved (SymPy, all parameters)", "proved")
    if _get(claim, "kind", "finite") == "asymptotic":
        bound = f"{size} <= {big}" if big is not None else "finite instances"
        return Label(f"consistent on {bound}{note} (asymptotic, not proved){coq_state}", "asymptotic")
    if any(is_sample(i) for i in insts):
        return Label(_sampled(insts) + note + coq_state, "checked")
    if big is not None and not _get(claim, "whole_domain", False):
        return Label(f"verified on {size} <= {big}{note}{coq_state}", "checked")
    return Label(f"verified{note}{coq_state}", "checked")


def instance_label(claim, status: str, instance: dict) -> str:
    """The label of one instance's verdict (what its check showed, the claim's Coq proof left out)."""
    if status == "verified" and _get(claim, "expected", "verified") == "refuted" and isinstance(instance, dict) \
            and instance.get("expected") == "verified":
        return "holds on this instance, as expected (the claim is refuted on others)"
    return label(claim, {status}, [instance], proof="").text


def proved_in_coq(claim) -> bool:
    """Whether the claim's label is "proved (Coq, all parameters)" (:func:`label`, as declared): its Coq
    theorems prove its whole statement, not part of it nor its negation, so every instance in its domain
    holds as an instance of them (check-cert then binds an instance's certificate to them, once they
    pass the Coq gate: quarks.checking.coq_instances)."""
    return label(claim, instances=[]).text == COQ_PROVED


def theorems_text(claim, shown: int = 3) -> str:
    """The claim's declared Coq theorems as a line names them: all of them, or the first ``shown`` and
    how many more."""
    coq = list(_get(claim, "coq", ()) or ())
    if len(coq) <= shown:
        return ", ".join(coq)
    more = len(coq) - shown
    return f"{', '.join(coq[:shown])} and {more} more theorem{'s' if more > 1 else ''} of {claim.id}"


def coq_instance(claim) -> str:
    """What check-cert says of an instance's certificate bound to the claim's Coq proof
    (:func:`proved_in_coq`): its verdict holds as an instance of the declared theorems; the figures of its
    records (counts, tables, procedures' results) are not derived again."""
    return f"holds: instance of {theorems_text(claim)}, proved in Coq; the records' figures not re-derived"


def coq_instance_label(claim) -> str:
    """The label of an instance's certificate bound to the claim's Coq proof: what it shows is the
    theorems' instance, not a computation of its own."""
    return "holds as an instance of a theorem proved in Coq (all parameters)"


def outcome_label(claim, statuses, largest=None, instances=None, proof: str | None = "proved") -> str:
    """The text of :func:`label` (the form the views print)."""
    return label(claim, statuses, instances, largest, proof).text


def trust_line(claim, instance, trust: str) -> str:
    """What a checked certificate rests on: the kernel's trust (``trust``: a code of
    quarks.certify.trust_of), reference data when the instance quotes it (then never "witnesses checked
    exactly"), the sampling of a random instance, and what a Coq proof of a claim proved in part leaves."""
    text = TRUST.get(trust, trust)
    if is_reference(instance):
        text = f"reference value ({_reference_name(claim)}), not computed here; the arithmetic on it checked exactly"
    elif is_sample(instance):
        text += f"; {_count(instance)} random instances ({_seed_text(_seeds(instance))})"
    if instance == {"proof": "coq"} and _get(claim, "coq_part", ""):
        text += f"; proved in part; not proved: {claim.coq_part}"
    return text


def coq_instance_trust(claim, instance) -> str:
    """The trust line of an instance's certificate bound to the claim's Coq proof (:func:`coq_instance`):
    the verdict rests on Coq's kernel; the records' figures on nothing (not re-derived), a reference
    instance's quoted value included."""
    quoted = f"; its value quoted ({_reference_name(claim)}), not computed here" if is_reference(instance) else ""
    return (f"the records' figures not re-derived{quoted}; the verdict an instance of {claim.id}'s theorems, "
            f"proved for all parameters by {TRUST['coq']}")


def label_key(text: str) -> str:
    """The colour class of a label: verified, refuted as printed, variant, consistent, explored,
    inconclusive, error, unexpected or not run."""
    for prefix, key in (("unexpected", "unexpected"), ("refuted (our variant", "variant"),
                        ("consistent", "consistent"), ("explored", "explored"), ("proved in part", "consistent"),
                        ("proved", "verified"), ("verified", "verified"), ("checked on", "verified")):
        if text.startswith(prefix):
            return key
    return text
