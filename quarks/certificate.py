"""Certificates: one JSON file per verdict, re-checkable without the code that produced it.

A certificate records the schema version, the claim (id, source, statement), the instance, the
verdict, its evidence and the package version.  Evidence data larger than ``PAYLOAD_LIMIT``
bytes moves to a side file named by its sha256, and the record keeps the hash.
:func:`check_certificate` re-derives the verdict from the evidence with exact arithmetic.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from .evidence import CertificateError, CheckContext, NotChecked, check_record

SCHEMA = "quarks-certificate/1"
PAYLOAD_LIMIT = 256 * 1024


def _dumps(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def build(claim, instance: dict, verdict, elapsed: float | None = None) -> dict:
    """The certificate of one verdict of one claim instance."""
    return {
        "schema": SCHEMA,
        "claim": claim.id,
        "source": claim.source.as_dict(),
        "statement": claim.statement,
        "kind": claim.kind,
        "expected": claim.expected,
        "instance": instance,
        "verdict": verdict.status,
        "summary": verdict.summary,
        "counterexample": verdict.counterexample,
        "reason": verdict.reason,
        "evidence": verdict.evidence,
        "trust": trust_of(verdict.evidence),
        "data": verdict.data,
        "package": {"name": "quarks", "version": __version__},
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "elapsed": elapsed,
    }


def trust_of(evidence: list) -> str:
    """How far a verdict's evidence is independent of our code: "coq" (Coq's kernel), "witness" (facts
    and witnesses re-verified by the exact checker), "sympy" (some step is a SymPy derivation, re-run),
    or "re-run" (some record is re-checked only by running the project's own procedure again)."""
    kinds = {r.get("kind") for r in evidence if isinstance(r, dict)}
    if kinds == {"coq"} or "coq-classification" in kinds and kinds <= {"coq-classification", "arith"}:
        return "coq"   # (a classification's count is Coq's; the arith record only compares it with the claim)
    if "exhaustive" in kinds:
        return "re-run"
    return "sympy" if "symbolic" in kinds else "witness"


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write a file so that it is either absent or complete: temp file, fsync, rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode() if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write(cert: dict, path: Path) -> Path:
    """Write a certificate (and its side payloads) atomically; returns the path."""
    path = Path(path)
    cert = json.loads(_dumps(cert))  # a deep copy, and a check that it is JSON
    for record in cert["evidence"]:
        if isinstance(record.get("data"), dict) and "npz_base64" in record["data"]:
            raw = base64.b64decode(record["data"]["npz_base64"])
            sha = hashlib.sha256(raw).hexdigest()
            name = f"{path.stem}.{sha[:16]}.payload.npz"
            atomic_write(path.parent / name, raw)
            record["data"] = {"$payload": {"file": name, "sha256": sha, "bytes": len(raw), "format": "npz"}}
        elif "data" in record:
            raw = _dumps(record["data"]).encode()
            if len(raw) > PAYLOAD_LIMIT:
                sha = hashlib.sha256(raw).hexdigest()
                name = f"{path.stem}.{sha[:16]}.payload.json"
                atomic_write(path.parent / name, raw)
                record["data"] = {"$payload": {"file": name, "sha256": sha, "bytes": len(raw)}}
    atomic_write(path, json.dumps(cert, indent=1, sort_keys=True))
    return path


def load(path: Path) -> dict:
    """Read a certificate; a malformed file raises :class:`CertificateError`."""
    path = Path(path)
    try:
        cert = json.loads(path.read_text())
    except OSError as exc:
        raise CertificateError(f"{path}: unreadable ({exc.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CertificateError(f"{path}: not JSON ({exc})") from None
    if not isinstance(cert, dict) or cert.get("schema") != SCHEMA:
        raise CertificateError(f"{path}: not a quarks certificate (schema {SCHEMA} expected)")
    for key in ("claim", "instance", "verdict", "evidence"):
        if key not in cert:
            raise CertificateError(f"{path}: certificate lacks {key!r}")
    return cert


def resolve_payloads(cert: dict, ctx: CheckContext) -> dict:
    """Replace side-payload references by their (hash-verified) data."""
    for record in cert["evidence"]:
        data = record.get("data")
        if isinstance(data, dict) and "$payload" in data and data["$payload"].get("format") != "npz":
            record["data"] = ctx.load_payload(data["$payload"])  # binary payloads: their kind's checker
    return cert


@dataclass
class CheckResult:
    path: str
    claim: str
    verdict: str
    ok: bool
    message: str
    checked: bool = True  # False: some evidence could not be checked here (e.g. coqc missing)
    trust: str = ""       # coq, witness or re-run (see trust_of); "" when rejected
    bound: bool = True    # the statement was re-derived from the claim and instance and matched


def check(cert: dict, ctx: CheckContext | None = None) -> tuple[bool, str]:
    """Re-check a certificate's evidence and that its verdict follows from it."""
    ctx = ctx or CheckContext()
    verdict = cert["verdict"]
    if verdict not in ("verified", "refuted", "inconclusive", "error"):
        return False, f"unknown verdict {verdict!r}"
    if not cert["evidence"] and verdict in ("verified", "refuted"):
        return False, "a decided verdict without evidence"
    outcomes = [check_record(r, ctx) for r in cert["evidence"]]  # NotChecked propagates
    bad = [o for o in outcomes if not o.valid]
    if bad:
        return False, bad[0].message
    all_hold = all(o.holds for o in outcomes)
    if verdict == "verified" and not all_hold:
        return False, "verdict 'verified' but some recorded fact fails"
    if verdict == "refuted":
        if all_hold:
            return False, "verdict 'refuted' but every recorded fact holds"
        if cert.get("counterexample") is None:
            return False, "verdict 'refuted' without a counterexample"
    return True, f"{verdict}: {len(outcomes)} evidence record(s) re-checked"


def check_file(path, statements: bool = True, rederive_timeout: float | None = None) -> CheckResult:
    """Load and re-check one certificate file.

    With ``statements`` (the default) the certificate must first say exactly what its claim's check
    derives for its instance (:mod:`quarks.obligations`); then its evidence is re-verified exactly."""
    from . import obligations

    path = Path(path)
    cert = load(path)
    ctx = CheckContext(directory=path.parent)
    resolve_payloads(cert, ctx)
    result = lambda ok, msg, **kw: CheckResult(str(path), cert["claim"], cert["verdict"], ok, msg, **kw)  # noqa: E731
    bound = False
    if statements and cert.get("verdict") not in ("verified", "refuted"):
        try:  # an undecided verdict proves nothing: only its claim's statement is bound
            problem = obligations.bind_metadata(cert)
        except obligations.Unbound as exc:
            return result(False, str(exc))
        if problem:
            return result(False, problem)
        bound = True
    elif statements and cert.get("instance") != {"proof": "coq"}:
        try:
            regen = obligations.rederive(cert, rederive_timeout)
        except obligations.Unbound as exc:
            return result(False, str(exc))
        problem = obligations.bind(cert, regen)
        if problem:
            return result(False, problem)
        ctx.rerun = frozenset(obligations.rerun_keys(regen))
        bound = True
    try:
        ok, msg = check(cert, ctx)
    except NotChecked as exc:
        return result(False, str(exc), checked=False)
    if ok and cert.get("trust", trust_of(cert["evidence"])) != trust_of(cert["evidence"]):
        ok, msg = False, "the trust field does not match the evidence kinds"
    trust = trust_of(cert["evidence"]) if ok else ""
    if ok and not bound and cert.get("instance") != {"proof": "coq"}:
        msg += "; statement not re-derived (--evidence-only)"
    return result(ok, msg, trust=trust, bound=bound or cert.get("instance") == {"proof": "coq"})


CheckResult._repr_html_ = lambda self: __import__("quarks.display", fromlist=["x"]).check_result_html(self)
CheckResult._repr_markdown_ = lambda self: __import__("quarks.display", fromlist=["x"]).check_result_markdown(self)
