"""The claim model: a theorem instance-by-instance, declared once (public as ``quarks.Claim``,
``quarks.Source``, ``quarks.Verdict``, ``quarks.decide``).

A claim names its source (a seed file, or any text, and the number as printed), states itself in plain text and
LaTeX, says what kind of statement it is, generates instances for a quick and a full tier, and
checks one instance, returning a :class:`Verdict`.  A claim that is false as printed declares
``expected="refuted"``: refutation is then its expected outcome.  One of its instances where the false
statement happens to hold declares ``"expected": "verified"`` (a key of the instance, seen by the check
too): that instance is then expected verified, and the claim is still refuted by the others.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from quarks.claims import labels
from quarks.claims.labels import label_key, outcome_label  # noqa: F401 (their old place)

KINDS = ("symbolic", "finite", "construction", "asymptotic", "exploration")
STATUSES = ("verified", "refuted", "inconclusive", "error")
TIERS = ("quick", "full")
RECHECKS = ("check", "evidence")   # Claim.recheck

SEEDS = {
    "000": "000_4c8400a14b071543.txt",
    "001": "001_5c3355a32a2e1b83.txt",
    "002": "002_d413566773724dca.txt",
    "003": "003_37c30e39584b5a1b.txt",
    "004": "004_e2bc6c39f5fe955a.txt",
}


# The papers behind the seeds: authors, title, where to find them.
PAPERS = {
    "000": "Baldi & Vershynin, The Quarks of Attention (arXiv:2202.08371)",
    "001": "Baldi & Vershynin, The Quarks of Attention (arXiv:2202.08371)",
    "002": "Baldi & Vershynin, The Quarks of Attention (arXiv:2202.08371)",
    "003": "Navon, Attention is optimal building block (note of 27 November 2021, no arXiv id)",
    "004": "Yang, Strobl, Chiang & Angluin, Simulating Hard Attention Using Soft Attention (arXiv:2412.09925)",
}


def failing_line(exc: BaseException, check=None) -> str:
    """``file:line`` where a check raised: the last frame in the file of ``check`` (a claims module
    of the user's), else the innermost frame; relative to the current directory when under it."""
    import inspect
    import os
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    try:
        home = inspect.getsourcefile(check) if check is not None else None
    except TypeError:
        home = None
    mine = [f for f in frames if home is not None and f.filename == home]
    if not (mine or frames):
        return "no traceback"
    f = (mine or frames)[-1]
    path = f.filename
    try:
        rel = os.path.relpath(path)
        path = path if rel.startswith("..") else rel
    except ValueError:
        pass
    return f"{path}:{f.lineno}"


# How a person names each seed's paper in a table: authors (the full reference is PAPERS).
AUTHORS = {"000": "Baldi-Vershynin", "001": "Baldi-Vershynin", "002": "Baldi-Vershynin", "003": "Navon",
           "004": "Yang et al."}
# Words of printed numbers shortened in tables ("Theorem 4.2" -> "Thm 4.2").
SHORT_WORDS = (("Theorem", "Thm"), ("Proposition", "Prop"), ("Corollary", "Cor"), ("Section", "Sec"),
               ("Lemma", "Lem"), ("Definition", "Def"), ("Conclusion", "Concl"))


@dataclass(frozen=True)
class Source:
    """Where a claim is stated: any text naming it (a paper, a DOI, "my notes"), and the number as
    printed there (optional).  The package's own claims name a seed file ("000" to "004")."""

    seed: str
    number: str = ""

    def __post_init__(self):
        object.__setattr__(self, "seed", SEEDS.get(self.seed, self.seed))

    @property
    def key(self) -> str:
        """The short name of the source: a seed file's three digits, else the text as given."""
        return self.seed[:3] if self.seed in SEEDS.values() else self.seed

    def __str__(self) -> str:
        """The source as a reader names it: a seed's paper by its authors ("Baldi-Vershynin, Thm 4.2"),
        any other source as given."""
        if self.seed not in SEEDS.values():
            return f"{self.key} {self.number}" if self.number else self.key
        number = self.number
        for word, short in SHORT_WORDS:
            number = number.replace(word, short)
        return f"{AUTHORS[self.key]}, {number}" if number else AUTHORS[self.key]

    @property
    def paper(self) -> str:
        """Authors, title and arXiv id of a seed file's paper; any other source as given."""
        return PAPERS.get(self.key, self.seed)

    def as_dict(self) -> dict:
        return {"seed": self.seed, "number": self.number}


@dataclass
class Verdict:
    """The outcome of checking one instance.

    ``evidence`` is a list of evidence records (dicts with a ``kind``; see
    :mod:`quarks.certificates.evidence`) from which the checker re-derives the verdict.
    ``counterexample`` is required when refuted; ``reason`` explains an inconclusive or error.
    """

    status: str
    summary: str = ""
    evidence: list = field(default_factory=list)
    counterexample: Any = None
    reason: str = ""
    data: dict = field(default_factory=dict)

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"unknown verdict status {self.status!r}")

    @classmethod
    def verified(cls, summary: str, evidence: Iterable = (), **data) -> "Verdict":
        return cls("verified", summary, list(evidence), data=data)

    @classmethod
    def refuted(cls, summary: str, counterexample: Any, evidence: Iterable = (), **data) -> "Verdict":
        return cls("refuted", summary, list(evidence), counterexample=counterexample, data=data)

    @classmethod
    def inconclusive(cls, reason: str, evidence: Iterable = (), **data) -> "Verdict":
        return cls("inconclusive", reason, list(evidence), reason=reason, data=data)

    @classmethod
    def from_facts(cls, evidence: list, summary: str, counterexample: Any = None) -> "Verdict":
        """Verified when every fact in the evidence holds, refuted otherwise.

        The decision is made by the same exact checker that re-verifies certificates, so a
        verdict can never disagree with its own evidence.
        """
        from quarks.certificates.evidence import evidence_holds

        if evidence_holds(evidence):
            return cls.verified(summary, evidence)
        return cls.refuted(summary, counterexample, evidence)


def holds(record: dict) -> bool:
    """Whether one evidence record holds, as just built: an exhaustive or symbolic record by its
    recorded result (its procedure or SymPy steps just ran), any other by the kernel's exact check."""
    kind = record.get("kind")
    if kind == "exhaustive":
        return bool(record["result"]["holds"])
    if kind == "symbolic":
        return all(s["holds"] for s in record["steps"])
    from quarks.certify import check_record

    out = check_record(record)
    return out.valid and out.holds


def failure(record: dict) -> Any:
    """What a failing record shows: a ``forall`` witness, the first false SymPy step, the first
    false ``arith`` fact, an exhaustive procedure and its arguments, the function of a (non)realization
    record that asserts the other answer."""
    kind = record.get("kind")
    if kind == "forall":
        return record.get("witness")
    if kind == "symbolic":
        s = next(s for s in record["steps"] if not s["holds"])
        return {k: s[k] for k in ("op", "label", "witness", "lhs", "rhs", "found", "value") if k in s}
    if kind == "arith":
        return {"fact": next(f["name"] for f in record["facts"] if not f["holds"])}
    if kind == "exhaustive":
        return {"procedure": record["procedure"], "args": record["args"]}
    if kind in ("realization", "nonrealization"):
        return {k: record[k] for k in ("table", "n", "degree") if k in record}
    return None


def decide(evidence: list, summary: str, counterexample: Any = None, *, refuted_summary: str | None = None,
           explain: bool = False, **data) -> Verdict:
    """The verdict of a check from its evidence: verified when every record holds (:func:`holds`),
    refuted otherwise.  A refutation carries ``counterexample``, or else what the first failing record
    shows (:func:`failure`); its summary is ``refuted_summary``, or with ``explain`` the summary
    prefixed by "does not hold (counterexample ...)", or the summary itself."""
    failing = next((r for r in evidence if not holds(r)), None)
    if failing is None:
        return Verdict.verified(summary, evidence, **data)
    if counterexample is None:
        counterexample = failure(failing)
    if refuted_summary is None:
        refuted_summary = f"does not hold (counterexample {counterexample}): {summary}" if explain else summary
    return Verdict.refuted(refuted_summary, counterexample, evidence, **data)


@dataclass
class Claim:
    """One claim: of a paper the package checks, or of a claims module of yours (README, "Your own
    claims"; ``coq_dir`` names the directory of its own Coq theories).

    instances: ``{"quick": [...], "full": [...]}`` of instance dicts (JSON-able), or a callable
    ``tier -> list``.  The key named by ``size`` (default ``"n"``) is the instance size bounded by
    ``--max-n``; ``max_feasible`` is the largest size the check supports at all.
    check: ``instance -> Verdict``.
    """

    id: str
    source: Source
    statement: str
    latex: str
    kind: str
    instances: Any
    check: Callable[[dict], Verdict]
    expected: str = "verified"
    size: str = "n"
    max_feasible: int | None = None
    note: str = ""
    # Coq theorems proving the claim for all parameters: "File.v:theorem_name", files under
    # quarks/proofs/coq/.  Empty when no proof-assistant proof exists.
    coq: tuple = ()
    # The hypotheses of each theorem in ``coq`` (theorem name -> premises as `coqc`'s Check prints
    # them); tests/proofs/test_coq_statements.py compares them with Coq, and the statement text states them.
    coq_hypotheses: dict = field(default_factory=dict)
    # What the claim states that its ``coq`` theorems leave out (empty: nothing); non-empty makes its
    # coverage "proved in part" rather than "proved".
    coq_part: str = ""
    # The source of the values of instances marked {"source": "reference"} (e.g. "OEIS A000609"): quoted,
    # not computed here; labels and trust lines say so.
    reference: str = ""
    # The instances are the statement's whole domain (e.g. |T(5;2)| = ...): the label reads "verified",
    # not "verified on n <= N".
    whole_domain: bool = False
    # A claim from outside the package: the directory of the _CoqProject its ``coq`` files are listed
    # in (relative to the file of its check's module); built and gated like the package's theories.
    coq_dir: Any = None
    # A claim we made up to show where a construction breaks (not a statement of the paper): its
    # refutation reads "refuted (our variant: <variant>)", never "refuted as printed".
    variant: str = ""
    # An asymptotic claim whose statement is proved for all parameters by other means than Coq
    # (a SymPy derivation for all n): its finite verdicts may then read "verified".
    proved_for_all: bool = False
    # For checks too long to repeat when a certificate is re-checked: (instance, certificate) ->
    # the Verdict the certificate must carry, derived from the instance and the certificate's
    # witness payload reference without re-running the search (the exact checker then verifies
    # the witnesses).  None: the check itself is re-run.  Under ``check-cert --rederive`` a claim with
    # recheck="evidence" has its check re-run instead (quarks.checking.obligations.by_obligation).
    obligation: Callable[[dict, dict], Verdict] | None = None
    # How plain ``check-cert`` re-derives a certificate of this claim, at a cost bounded by the
    # certificate: "check" (the check is cheap: run again on the certificate's instance) or "evidence"
    # (the check is a search or an enumeration too long to repeat: the certificate is bound by claim,
    # domain and meaning, its evidence re-checked by the kernel, and an exhaustive record is reported
    # not checked; ``check-cert --rederive`` re-runs it), except on the instances of its quick tier,
    # re-run as those of "check" (:meth:`rerun_cheaply`).  An ``obligation``, when given, is used either way.
    recheck: str = "check"
    # The instances a certificate of this claim may speak of: None means exactly the declared
    # instances of both tiers (and {"proof": "coq"} when the claim has Coq theorems); otherwise a
    # predicate on an instance dict.
    domain: Callable[[dict], bool] | None = None
    # Per-instance time budget in seconds for a check known to take longer than the driver's
    # default (used unless --timeout is given); None: the default.
    timeout: float | None = None
    # The check compiles Coq files against the theories (``quarks.certify.coq_gate.build``): the driver builds
    # them once, before such instances start, instead of in every worker.
    uses_coq: bool = False
    # Set by the registry for a claim from outside the package: its claims module, what to pass to
    # --claims, the module's sha256 (quarks.claims.registry.Origin); None for the package's claims.
    origin: Any = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"{self.id}: unknown kind {self.kind!r}")
        if self.expected not in ("verified", "refuted"):
            raise ValueError(f"{self.id}: expected must be 'verified' or 'refuted'")
        if self.recheck not in RECHECKS:
            raise ValueError(f"{self.id}: recheck must be one of {', '.join(RECHECKS)}")
        if isinstance(self.instances, dict):
            for tier in self.instances.values():
                for inst in tier if isinstance(tier, (list, tuple)) else ():
                    if isinstance(inst, dict) and "expected" in inst and not (
                            inst["expected"] == "verified" and self.expected == "refuted"):
                        raise ValueError(f"{self.id}: an instance's 'expected' may only be 'verified', in a claim "
                                         f"expected 'refuted' (one where the false statement holds): {inst}")

    def expected_for(self, instance) -> str:
        """The verdict expected of ``instance``: the claim's ``expected``, except "verified" for an instance
        of a refuted claim that says ``"expected": "verified"`` (the false statement holds there)."""
        if self.expected == "refuted" and isinstance(instance, dict) and instance.get("expected") == "verified":
            return "verified"
        return self.expected

    def coq_root(self) -> Path:
        """The directory whose ``_CoqProject`` lists the files ``coq`` names: ``coq_dir`` (a relative one
        from the directory of the check's module file), else the package's theories."""
        from quarks.certify import coq_gate

        if self.coq_dir is None:
            return coq_gate.THEORIES
        d = Path(self.coq_dir)
        if not d.is_absolute():
            mod = sys.modules.get(getattr(self.check, "__module__", "") or "")
            file = getattr(mod, "__file__", None)
            d = (Path(file).parent if file and Path(file).is_file() else Path.cwd()) / d
        return d.resolve()

    def instances_for(self, tier: str = "quick", max_n: int | None = None) -> list[dict]:
        """The instances of a tier, those larger than ``max_n`` left out."""
        if tier not in TIERS:
            raise ValueError(f"unknown tier {tier!r} (choose quick or full)")
        gen = self.instances(tier) if callable(self.instances) else self.instances[tier]
        out = [dict(i) for i in gen]
        if max_n is not None:
            out = [i for i in out if i.get(self.size) is None or i[self.size] <= max_n]
        return out

    def in_domain(self, instance) -> bool:
        """Whether a certificate may speak of ``instance``: declared by the claim, or in its domain."""
        if not isinstance(instance, dict):
            return False
        if instance == {"proof": "coq"}:
            return bool(self.coq)
        if self.domain is not None:
            try:
                return self.domain(dict(instance)) is True
            except (KeyError, TypeError, ValueError):
                return False
        declared = getattr(self, "_declared", None)
        if declared is None:
            declared = {instance_key(i) for t in TIERS for i in self.instances_for(t)}
            self._declared = declared
        return instance_key(instance) in declared

    def rerun_cheaply(self, instance) -> bool:
        """Whether plain ``check-cert`` re-runs this claim's check on ``instance``: always for a claim
        with ``recheck="check"``; for one with ``recheck="evidence"`` on the instances of its quick
        tier (declared by the claim, never by a certificate: cheap by the tier's definition; their
        cost is the one ``verify --tier quick`` measures), and not on any other."""
        if self.recheck == "check":
            return True
        quick = getattr(self, "_quick", None)
        if quick is None:
            quick = frozenset(instance_key(i) for i in self.instances_for("quick"))
            self._quick = quick
        return isinstance(instance, dict) and instance_key(instance) in quick

    def run(self, instance: dict) -> Verdict:
        """Check one instance; an exception becomes an ``error`` verdict."""
        try:
            verdict = self.check(dict(instance))
        except Exception as exc:  # noqa: BLE001 - a failing check is reported, not raised
            import traceback

            return Verdict("error", f"{type(exc).__name__}: {exc} ({failing_line(exc, self.check)})",
                           reason=traceback.format_exc())
        if not isinstance(verdict, Verdict):
            return Verdict("error", f"check returned {type(verdict).__name__}, not a Verdict")
        if verdict.status == "refuted" and verdict.counterexample is None:
            return Verdict("error", "refuted without a counterexample", verdict.evidence)
        return verdict

    def describe(self) -> dict:
        return {
            "id": self.id,
            "source": self.source.as_dict(),
            "statement": self.statement,
            "latex": self.latex,
            "kind": self.kind,
            "expected": self.expected,
            "note": self.note,
            "coq": list(self.coq),
            "coq_part": self.coq_part,
            "variant": self.variant,
            "label": self.expected_label(),
        }

    def expected_label(self) -> str:
        """What a run of the full tier that goes as expected will say of this claim
        (:func:`quarks.claims.labels.label`)."""
        return labels.label(self).text

    def label(self, statuses, largest=None, instances=None, proof: str | None = "proved") -> str:
        """The claim's label over the instances run, saying how it was shown (:func:`quarks.claims.labels.label`)."""
        return labels.label(self, statuses, instances, largest, proof).text


def instance_key(instance: dict) -> str:
    """A stable text key for an instance: canonical JSON."""
    return json.dumps(instance, sort_keys=True, separators=(",", ":"))


def instance_text(instance: dict) -> str:
    """The instance as a person reads it: ``formula=!b S a, n=6`` (file names use instance_label); a
    text holding a separator (``=``, ``,``, ``;``, a bracket) or empty is quoted: ``relation='=='``."""
    if not instance:
        return "default"
    def show(v):
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(show(x) for x in v) + "]"
        if isinstance(v, str) and (not v or any(c in v for c in "=,;[]'")):
            return repr(v)
        return str(v)
    return ", ".join(f"{k}={show(instance[k])}" for k in sorted(instance))


def instance_label(instance: dict) -> str:
    """A short human label, also used as the certificate file stem."""
    if not instance:
        return "default"
    parts = []
    for k in sorted(instance):
        v = instance[k]
        if isinstance(v, (list, tuple)):
            v = "-".join(str(x) for x in v)
        parts.append(f"{k}={v}")
    label = ",".join(parts)
    safe = "".join(c if c.isalnum() or c in "=,.-_+" else "_" for c in label)
    return safe[:120]
