"""Exploration answers as certificates: one question claim (quarks.claims.questions) and the instance
asked.  ``quarks realize --out FILE`` and ``quarks.realize(..., out=FILE)`` write the same document
through :func:`certify`; an :class:`Answer` (``quarks.compile_ltl``) has ``certificate()`` and ``write(path)``.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from quarks.base.errors import UsageError


def certify(claim_id: str, instance: dict, why: str = "", verdict=None, elapsed: float | None = None):
    """(verdict, certificate) of the question ``instance`` of the claim ``claim_id`` (``verdict``: the
    claim's check already run by the verb); UsageError when the instance is outside the claim's domain
    (``why`` says the bound); ``elapsed``: the seconds the verb took, when it ran the check."""
    from quarks.certificates import certificate
    from quarks.claims import registry

    claim = registry.get(claim_id)
    if not claim.in_domain(instance):
        raise UsageError(f"--out/--json: no certificate for this question ({why or 'outside the domain of ' + claim_id})")
    t0 = time.perf_counter()
    verdict = claim.run(instance) if verdict is None else verdict
    if verdict.status == "error":
        raise RuntimeError(f"{claim_id}: {verdict.summary}")
    seconds = time.perf_counter() - t0 if elapsed is None else elapsed
    return verdict, certificate.build(claim, instance, verdict, elapsed=round(seconds, 3))


def write(cert: dict, path) -> Path:
    """Write a certificate to ``path`` (its directory must exist); returns the path."""
    from quarks.certificates import certificate

    return certificate.write(cert, Path(path))


class Answer:
    """An exploration answer that is an instance of a question claim: ``question()`` names both."""

    why = ""   # the bound of the question claim's domain, said when an answer lies outside it

    def question(self) -> tuple[str, dict]:
        raise NotImplementedError

    def certificate(self) -> dict:
        """The certificate ``--out`` writes (the question's check run again, then built)."""
        claim_id, instance = self.question()
        return certify(claim_id, instance, self.why)[1]

    def write(self, path) -> Path:
        """Write :meth:`certificate` to ``path``; returns the path (re-check it with ``quarks check-cert``)."""
        return write(self.certificate(), path)


@dataclass
class LtlAnswer(Answer):
    """A TL[#] formula and its compiled softmax transformer, on a string (``positions``: the formula,
    the hard model, the softmax model in floats and its certified radius at each position) and/or on
    every string of length 1..``max_len`` (``check``: cases, holds, margin, digest, failure)."""

    formula: str
    alphabet: str
    variant: str
    c: Fraction
    tau_factor: Fraction
    model: Any = field(repr=False)
    string: str | None = None
    positions: list = field(default_factory=list)
    max_len: int | None = None
    check: dict | None = None
    seconds: float = 0.0

    why = "certificates cover strings of length <= 1000"

    @property
    def certified(self) -> bool | None:
        """On the string: the hard model equals the formula at every position with radius 0."""
        if self.string is None:
            return None
        return all(p["hard"] == int(p["formula"]) and p["radius"] == 0 for p in self.positions)

    @property
    def agrees(self) -> bool:
        """The transformer computes the formula on the string and on every string checked."""
        return self.certified is not False and (self.check is None or bool(self.check["holds"]))

    def question(self) -> tuple[str, dict]:
        if (self.string is None) == (self.max_len is None):
            raise UsageError("a certificate answers one question: the string or every string up to a length, not both")
        inst: dict = {"formula": self.formula, "alphabet": self.alphabet, "variant": self.variant,
                      "c": str(self.c), "tau_factor": str(self.tau_factor)}
        if self.string is not None:
            inst["string"] = self.string
        else:
            inst["max_len"] = self.max_len
        return "explore.ltl", inst

    def certificate(self) -> dict:
        """The certificate of ``quarks ltl --out`` (the exhaustive check already run is recorded, not run again)."""
        from quarks.claims.questions import ltl_check

        claim_id, inst = self.question()
        verdict = ltl_check(inst, self.check) if self.check is not None else None
        return certify(claim_id, inst, self.why, verdict, self.seconds if verdict else None)[1]

    def as_dict(self) -> dict:
        """The --json document of ``quarks ltl`` with both --string and --check-up-to."""
        out: dict = {"formula": self.formula, "variant": self.variant, "layers": len(self.model.layers),
                     "temperature": str(self.model.info["temperature"]), "tau_factor": str(self.tau_factor),
                     "alphabet": self.alphabet}
        if self.string is not None:
            out["positions"] = self.positions
            out["certified"] = self.certified
        if self.check is not None:
            out["check"] = {k: self.check[k] for k in ("cases", "holds", "margin", "digest") if k in self.check}
        return out
