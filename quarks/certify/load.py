"""Reading a certificate file: a regular file within the size limit, JSON within the nesting and
number limits, and the shape of a quarks certificate (every field of the right type, no other)."""
from __future__ import annotations

import math
from pathlib import Path

from quarks.certify.base import LIMITS, CertificateError, Limits, parse_json, read_regular

SCHEMA = "quarks-certificate/1"
# every field a certificate has (quarks.certificates.certificate.build writes them all), each of its type
REQUIRED: dict[str, type | tuple[type, ...]] = {
    "schema": str, "claim": str, "instance": dict, "verdict": str, "evidence": list, "source": dict,
    "statement": str, "kind": str, "expected": str, "summary": str, "reason": (str, type(None)),
    "trust": str, "data": (dict, type(None)), "package": dict, "created": (str, type(None)),
    "elapsed": (int, float, type(None)), "counterexample": object}
# a claim from outside the package: {"module", "load", "sha256"} of its claims module
OPTIONAL: dict = {"claims_module": dict}


def shape_problem(cert) -> str | None:
    """None when ``cert`` has the fields of a certificate, each of its type; else the first problem."""
    if not isinstance(cert, dict):
        return "not a JSON object"
    if cert.get("schema") != SCHEMA:
        return f"not a quarks certificate (schema {SCHEMA} expected)"
    for key, kind in REQUIRED.items():
        if key not in cert:
            return f"certificate lacks {key!r}"
        if not isinstance(cert[key], kind):
            return f"{key} has the wrong type"
    extra = sorted(set(cert) - set(REQUIRED) - set(OPTIONAL))
    if extra:
        return f"unknown field {extra[0][:40]!r}"
    for key, kind in OPTIONAL.items():
        if key in cert and not isinstance(cert[key], kind):
            return f"{key} has the wrong type"
    if not 0 < len(cert["claim"]) <= 200:
        return "claim must be a non-empty name"
    e = cert.get("elapsed")
    if isinstance(e, bool) or (e is not None and not (math.isfinite(e) and e >= 0)):
        return "elapsed must be a non-negative number of seconds"
    timings = (cert["data"] or {}).get("timings", {})
    if not isinstance(timings, dict) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and v >= 0
            for v in timings.values()):
        return "data.timings must map names to non-negative seconds"
    if not all(isinstance(r, dict) and isinstance(r.get("kind"), str) for r in cert["evidence"]):
        return "every evidence record must be an object with a kind"
    return None


def load(path, limits: Limits = LIMITS) -> dict:
    """A certificate read from ``path``; anything else raises :class:`CertificateError`."""
    raw = read_regular(Path(path), limits.file_bytes, "certificate")
    cert = parse_json(raw, limits)
    problem = shape_problem(cert)
    if problem:
        raise CertificateError(problem)
    return cert
