"""Certificates: one JSON file per verdict, re-checkable without the code that produced it.

A certificate records the schema version, the claim (id, source, statement), the instance, the
verdict, its evidence and the package version.  Evidence data larger than ``PAYLOAD_LIMIT``
bytes moves to a side file named by its sha256, and the record keeps the hash.  Re-checking is
the kernel's (quarks.certify) and the binding layer's (quarks.checking.binding) business.
"""
from __future__ import annotations

import base64
import hashlib
import json
import time
from pathlib import Path

from quarks.base.fileio import atomic_write
from quarks.base.version import __version__
from quarks.certify import trust_of
from quarks.certify.load import SCHEMA

PAYLOAD_LIMIT = 256 * 1024
# An error verdict (the check raised, hit its budget, its worker died) proves nothing: verify keeps its
# record beside the certificates under this suffix, and a directory's certificates leave it out.
ERROR_SUFFIX = ".error.json"


def _dumps(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def build(claim, instance: dict, verdict, elapsed: float | None = None) -> dict:
    """The certificate of one verdict of one claim instance; a claim from outside the package names
    its claims module and the module's sha256 (``claims_module``)."""
    cert = {
        "schema": SCHEMA,
        "claim": claim.id,
        "source": claim.source.as_dict(),
        "statement": claim.statement,
        "kind": claim.kind,
        "expected": claim.expected_for(instance),
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
    origin = getattr(claim, "origin", None)
    if origin is not None:
        cert["claims_module"] = origin.as_dict()
    return cert


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


def place(directory: Path, label: str, status: str) -> Path:
    """Where verify writes the record of an instance's verdict: ``<label>.json``, or
    ``<label>.error.json`` for an error verdict (not a certificate: :func:`under` leaves it out)."""
    return Path(directory) / (label + (ERROR_SUFFIX if status == "error" else ".json"))


def clear_error(path: Path) -> None:
    """Remove the error record of the instance whose certificate ``path`` is (a later run decided it)."""
    stale = path.with_name(path.name[: -len(".json")] + ERROR_SUFFIX)
    if path.name.endswith(".json") and not path.name.endswith(ERROR_SUFFIX):
        stale.unlink(missing_ok=True)


def under(directory: Path) -> tuple[list[Path], list[Path]]:
    """(the certificate files under a directory, the error records under it), each sorted; side
    payloads are neither."""
    files = sorted(q for q in Path(directory).rglob("*.json") if not q.name.endswith(".payload.json"))
    return ([q for q in files if not q.name.endswith(ERROR_SUFFIX)], [q for q in files if q.name.endswith(ERROR_SUFFIX)])


def check(cert: dict, ctx=None) -> tuple[bool, str]:
    """The kernel's check of a certificate made in this process (its exhaustive records were run
    here): whether its evidence is valid and its verdict follows.  Files go through quarks.checking.binding."""
    from quarks.certificates.evidence import producer_context
    from quarks.certify import check_evidence

    ctx = ctx or producer_context(cert.get("evidence", []))
    ok, message, _ = check_evidence(cert, ctx)
    return ok, message
